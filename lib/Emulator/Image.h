//===- Image.h - A kernel module rewritten for the host ---------*- C++ -*-===//
//
// What the IR rewrite (Rewrite.cpp) tells the runtime about a module: its
// target, its kernels (arguments, LDS layout, limits) and its "sites", the
// places in the code that call into the emulator and need more than their
// run-time operands: which matrix instruction and immediates, which
// cross-lane operation, which memory access (for the bounds checker), and
// where in the source it is (for diagnostics).
//
// Private to lib/Emulator.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_EMULATOR_IMAGE_H
#define MCORE_LIB_EMULATOR_IMAGE_H

#include "mcore/Emulator/MatrixOps.h"
#include "mcore/Emulator/Target.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::mcore::emu {

/// What a site does.
enum class SiteKind : uint8_t {
  Mma,           ///< a matrix intrinsic
  Barrier,       ///< s.barrier (or s.barrier.wait)
  ReadFirstLane, ///< value of the first active lane
  ReadLane,      ///< value of lane a0
  WriteLane,     ///< lane a0 gets in0 (first active lane's), others in1
  Ballot,        ///< mask of active lanes whose a0 is non-zero
  Bpermute,      ///< ds.bpermute: in0 of lane (a0 / 4)
  Permute,       ///< ds.permute: in0 goes to lane (a0 / 4)
  Swizzle,       ///< ds.swizzle, pattern imm0
  Dpp,           ///< update.dpp / mov.dpp: imm0 ctrl, imm1 row mask,
                 ///< imm2 bank mask, imm3 bound_ctrl; in1 = old
  Permlane16,    ///< permlane16: a0 sel_lo, a1 sel_hi, imm0 fi, imm1 bc
  PermlaneX16,   ///< permlanex16
  Permlane64,    ///< permlane64
  Dpp8,          ///< mov.dpp8, selector imm0
  WaveBarrier,   ///< wave.barrier: the lanes of the wave meet
  WaveReduce,    ///< wave.reduce.*: imm0 = WaveReduceOp
  Memory,        ///< a checked load or store (bounds checker)
  Buffer,        ///< a buffer load, store or atomic: imm0 bytes, imm1
                 ///< BufferAtomicOp, imm2 BufferValueKind
  Printf,        ///< a piece of a device printf message, imm0 PrintfPiece;
                 ///< a0 = 1 sends the message; the lanes meet
  Trap,          ///< llvm.trap / s.trap
  Unreachable,   ///< an `unreachable` instruction a lane reached
};

/// What a printf site adds to the lane's message (PrintfRuntime.cpp).
enum class PrintfPiece : uint8_t {
  String, ///< in0 {address, length}: a string (the format, or a %s)
  Words,  ///< in0 {n, w0..w6}: n 64-bit argument words
  Whole,  ///< in0 {n, w0..}: words, in1 the format's address (C printf)
};

/// What a buffer atomic does (BufferRuntime.cpp).
enum class BufferAtomicOp : uint8_t {
  None, ///< a plain load or store
  Load, ///< raw.atomic.buffer.load
  Swap,
  Add,
  Sub,
  SMin,
  UMin,
  SMax,
  UMax,
  And,
  Or,
  Xor,
  Inc,
  Dec,
  FAdd,
  FMin,
  FMax,
  CmpSwap,
  CondSubU32,
  SubClampU32,
};

/// The values a buffer atomic works on.
enum class BufferValueKind : uint8_t { Int, F32, F64, F16x2, BF16x2 };

enum class WaveReduceOp : uint8_t { UMin, UMax, Min, Max, Add, Sub, And, Or, Xor };

struct Site {
  SiteKind kind;
  std::string function; ///< enclosing function
  std::string location; ///< "file.hip:12:5", or "" without debug info
  std::string what;     ///< the instruction, e.g. "llvm.amdgcn.readlane"
  // Mma.
  const MatrixOp *op = nullptr;
  MatrixImmediates imm;
  // Cross-lane operations.
  unsigned valueBytes = 0; ///< bytes of in0 / in1 / out (host layout)
  uint32_t imm0 = 0, imm1 = 0, imm2 = 0, imm3 = 0;
  // Memory.
  bool isStore = false;
  bool isAtomic = false;  ///< atomics are never data races
  unsigned addrSpace = 0; ///< the AMDGPU address space of the pointer

  bool isWaveOp() const {
    return kind != SiteKind::Barrier && kind != SiteKind::Memory &&
           kind != SiteKind::Buffer && kind != SiteKind::Trap &&
           kind != SiteKind::Unreachable;
  }
  /// "'llvm.amdgcn.readlane' in function 'f' at a.hip:3:4"
  std::string describe() const;
};

/// One kernel argument.
struct KernelArg {
  std::string type;       ///< the LLVM type, for messages
  unsigned hostBytes = 0; ///< bytes params[i] points to
  bool byRef = false;     ///< params[i] is passed on as the pointer itself
  bool isBool = false;    ///< i1, read as one byte
  unsigned kernargOffset = 0; ///< offset in the HSA kernarg segment
  unsigned kernargBytes = 0;
};

struct KernelInfo {
  std::string name;
  std::string entryName; ///< the host entry: void(void **params)
  std::vector<KernelArg> args;
  unsigned explicitKernargBytes = 0; ///< explicit args, HSA layout
  unsigned implicitArgOffset = 0;    ///< where the hidden args start
  unsigned staticLdsBytes = 0;
  unsigned dynamicLdsAlign = 0; ///< 0 when the kernel has no dynamic LDS
  std::vector<int64_t> ldsOffsets; ///< per module LDS global; -1 unused
  unsigned maxFlatWorkGroupSize = 1024; ///< amdgpu-flat-work-group-size
  uint32_t requiredWorkGroupSize[3] = {0, 0, 0}; ///< reqd_work_group_size
};

/// A module after the rewrite.
struct Image {
  Target target;
  std::string targetSource; ///< how the chip was decided, for messages
  std::vector<Site> sites;
  std::vector<KernelInfo> kernels;
  std::vector<std::string> ldsGlobals; ///< names, in index order
  /// reaches[a][b]: wave-op site b can be reached from site a in the same
  /// function (used to order divergent groups). Empty rows for non wave ops.
  std::vector<std::vector<bool>> reaches;
  /// Global variables of the host module, for the bounds checker.
  struct Global {
    std::string name;
    uint64_t bytes;
  };
  std::vector<Global> globals;
};

} // namespace mlir::mcore::emu

#endif // MCORE_LIB_EMULATOR_IMAGE_H
