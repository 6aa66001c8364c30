//===- CallLowering.h - Calls of the AMDGPU module, by table ----*- C++ -*-===//
//
// Every call of a function the module declares but does not define is looked
// up by callee name ("llvm.amdgcn.readlane", "llvm.trap",
// "__ockl_get_local_id") in a table of rules. A rule's handler lowers the
// call to runtime calls or plain IR and returns what replaces the call's
// result; the call is then erased. What no rule names: an unknown
// llvm.amdgcn.* intrinsic is an error naming it, a target-independent
// intrinsic stays (it is re-declared in the host module), any other callee
// is an error.
//
// The rules are in five files, one table each:
//   CallLowering.cpp    no-ops, ids and dispatch data, barriers, traps, ockl
//   WaveOpLowering.cpp  matrix and cross-lane instructions (the lanes meet)
//   MathLowering.cpp    math and conversions, as plain IR or runtime helpers
//   BufferLowering.cpp  buffer resources: make.buffer.rsrc, raw buffer
//                       loads, stores and atomics
//   PrintfLowering.cpp  device printf: the ockl printf functions, printf
// Supporting a new callee is one row in one of them plus its handler; a new
// family of callees (buffer resources, printf) is a new file with its own
// table, listed in CallLowering.cpp.
//
// Private to lib/Emulator.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_EMULATOR_CALLLOWERING_H
#define MCORE_LIB_EMULATOR_CALLLOWERING_H

#include "DeviceLowering.h"

#include "mcore/Emulator/MatrixOps.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/IRBuilder.h"

namespace mlir::mcore::emu::rewrite {

/// Reads immediate operand `v` of `call` into `out` (0 when `v` is absent);
/// an error naming `what` when it is not a constant.
llvm::Error readImm(llvm::Value *v, llvm::StringRef what,
                    const llvm::CallBase &call, unsigned &out);

/// One call being lowered: what a handler works with.
struct CallLowering {
  CallLowering(DeviceLowering &lowering, llvm::CallBase &call,
               llvm::StringRef name);

  DeviceLowering &lowering;
  llvm::CallBase &call;
  llvm::StringRef name; ///< the callee's base name, "llvm.amdgcn.readlane"
  llvm::StringRef op;   ///< `name` without "llvm.amdgcn.": "readlane"
  llvm::IRBuilder<> b;  ///< inserts before the call

  llvm::Value *arg(unsigned i) const { return call.getArgOperand(i); }
  llvm::Type *type() const { return call.getType(); }
  /// Reads immediate operand `i` into `out` (see readImm).
  llvm::Error readImm(unsigned i, llvm::StringRef what, unsigned &out) const {
    return rewrite::readImm(arg(i), what, call, out);
  }
  /// A call of runtime function `fn` taking `args` (their types are its
  /// parameters).
  llvm::CallInst *callRuntime(llvm::StringRef fn, llvm::Type *ret,
                              llvm::ArrayRef<llvm::Value *> args,
                              bool readNone = true);
  /// "'name' in function 'f' at a.hip:3:4 is not supported by the
  /// emulator: why".
  llvm::Error unsupported(llvm::StringRef why) const;
  /// The error for a callee the module declares but does not define.
  llvm::Error notDefined() const;
};

/// Lowers one call. Returns the value that replaces the call's result
/// (nullptr for a call without one), or an error naming the call.
using CallHandler = llvm::Expected<llvm::Value *> (*)(CallLowering &c);

struct CallRule {
  enum Match : uint8_t {
    Exact,  ///< `name` is the callee's base name
    Prefix, ///< `name` starts the callee's base name (a family)
  };
  const char *name;
  CallHandler lower;
  Match match = Exact;
};

/// The tables of WaveOpLowering.cpp, MathLowering.cpp, BufferLowering.cpp
/// and PrintfLowering.cpp.
llvm::ArrayRef<CallRule> getWaveOpRules();
llvm::ArrayRef<CallRule> getMathRules();
llvm::ArrayRef<CallRule> getBufferRules();
llvm::ArrayRef<CallRule> getPrintfRules();

//===----------------------------------------------------------------------===//
// Cross-lane sites (WaveOpLowering.cpp; printf uses them too)
//===----------------------------------------------------------------------===//

/// The operands of a cross-lane site (Image.h says what each kind reads).
struct CrossLane {
  SiteKind kind;
  llvm::Value *in0 = nullptr, *in1 = nullptr; ///< values, passed by address
  llvm::Value *a0 = nullptr, *a1 = nullptr;   ///< i32 operands
  uint32_t imm0 = 0, imm1 = 0, imm2 = 0, imm3 = 0;
};

/// The call becomes a call of __mcore_emu_xlane for a new site, where the
/// lanes of the wave meet; returns the result the runtime writes (of the
/// call's type, `valueType` sizing in0/in1/out when given), or nullptr for a
/// call without one.
llvm::Value *lowerCrossLane(CallLowering &c, const CrossLane &x,
                            llvm::Type *valueType = nullptr);

//===----------------------------------------------------------------------===//
// Matrix intrinsic operands (WaveOpLowering.cpp; chip detection uses them)
//===----------------------------------------------------------------------===//

struct MmaOperands {
  llvm::Value *a = nullptr, *b = nullptr, *c = nullptr, *idx = nullptr;
  llvm::Value *aSign = nullptr, *bSign = nullptr, *clamp = nullptr,
              *opsel = nullptr;
  llvm::Value *cbsz = nullptr, *abid = nullptr, *blgp = nullptr;
  /// gfx1250: A_mod, B_mod, C_mod and the matrix_*_reuse hints.
  llvm::Value *aNeg = nullptr, *bNeg = nullptr, *cMod = nullptr,
              *reuseA = nullptr, *reuseB = nullptr;
  /// Block-scaled MFMA and WMMA: the scale selects (op_sel, or gfx1250's
  /// matrix_*_scale), gfx1250's scale formats, and the lanes' scale words
  /// of A and B (cbsz / blgp above hold the element formats).
  llvm::Value *scaleSelA = nullptr, *scaleA = nullptr, *scaleSelB = nullptr,
              *scaleB = nullptr, *scaleFmtA = nullptr, *scaleFmtB = nullptr;
};

/// The operands of a matrix intrinsic call, by the instruction's operand
/// list: WMMA (A, B, C[, op_sel]); iu WMMA (A_sign, A, B_sign, B, C, clamp);
/// SWMMAC (A, B, C, idx) and (A_sign, A, B_sign, B, C, idx, clamp); MFMA
/// (A, B, C, cbsz, abid, blgp); SMFMAC (A, B, C, idx, cbsz, abid); gfx1250
/// ([A_mod,] A, [B_mod,] B, [C_mod,] C[, idx], a_reuse, b_reuse[, clamp]),
/// iu8 with A_sign / B_sign in the A_mod / B_mod places; block-scaled MFMA
/// (A, B, C, cbsz, blgp, op_sel_a, scale_a, op_sel_b, scale_b), as LLVM 22's
/// AMDGPUMfmaScaleIntrinsic; gfx1250's f8f6f4 / f4 WMMA ([a_fmt,] A,
/// [b_fmt,] B, C_mod, C[, a_scale, a_scale_fmt, scale_a, b_scale,
/// b_scale_fmt, scale_b, a_reuse, b_reuse]).
llvm::Expected<MmaOperands> matchMma(llvm::CallBase &call, const MatrixOp &op);

/// Checks that the call's operand types have the sizes the instruction
/// takes on this target (where formats are immediates, A's and B's sizes
/// are those of the formats its constant cbsz / blgp select; scale words
/// are i32, or i64 for gfx1250's scale16).
llvm::Error checkMmaTypes(llvm::CallBase &call, const MmaOperands &o,
                          const MatrixOp &op, const llvm::DataLayout &dl);

/// Whether `base` names a WMMA, SWMMAC, MFMA or SMFMAC intrinsic.
bool isMatrixIntrinsicName(llvm::StringRef base);

} // namespace mlir::mcore::emu::rewrite

#endif // MCORE_LIB_EMULATOR_CALLLOWERING_H
