//===- Isa.h - Reading AMDGPU kernel assembly ------------------*- C++ -*-===//
//
// The performance model's view of a kernel: its instructions, labels and
// loops, and what the code object says about its resources (the kernel
// descriptor's .amdhsa_* directives and the amdhsa.kernels metadata). Reads
// the output of `mcore-opt --mcore-pipeline="chip=... format=isa"` (MLIR
// whose gpu.binary objects hold `assembly = "..."`) or plain assembly, such
// as another compiler's.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_PERF_ISA_H
#define MCORE_PERF_ISA_H

#include "mcore/Target/Catalog.h"
#include "mcore/Target/Chip.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace mlir::mcore::perf {

/// One line of a kernel's body: a label or an instruction.
struct IsaLine {
  std::string label;    ///< "LBB0_1" lines (without the colon)
  std::string mnemonic; ///< set for instructions
  std::string operands;
  unsigned lineNo = 0;  ///< 1-based, in the assembly text

  bool isInstruction() const { return !mnemonic.empty(); }
  /// "mnemonic operands"
  std::string text() const;
};

/// What the code object says about a kernel's resources.
struct KernelResources {
  // The kernel descriptor (.amdhsa_*): what the hardware allocates.
  std::optional<unsigned> nextFreeVgpr, nextFreeSgpr, accumOffset,
      groupSegmentSize, privateSegmentSize;
  std::optional<bool> wave32, wgpMode, reserveVcc, reserveXnackMask,
      reserveFlatScratch;
  // The metadata (amdhsa.kernels): what the kernel uses.
  std::optional<unsigned> vgprCount, agprCount, sgprCount, vgprSpillCount,
      sgprSpillCount, groupSegmentFixedSize, privateSegmentFixedSize,
      wavefrontSize, maxFlatWorkgroupSize;
};

struct KernelIsa {
  std::string object;       ///< the gpu.binary symbol; empty for assembly
  std::string name;         ///< the kernel symbol
  std::string target;       ///< "amdgcn-amd-amdhsa--gfx942"
  std::optional<Chip> chip; ///< from the target, when mcore knows it
  KernelResources resources;
  std::vector<IsaLine> body;
  /// gpu.launch_func's grid and block sizes, when the host code has them as
  /// constants.
  std::optional<std::array<int64_t, 3>> grid, block;
  /// The text has an `.amdhsa_kernel` block (a kernel descriptor) for it.
  bool hasDescriptor = false;
  /// What LLVM's assembler rejected in the kernel's text ("line N: ...").
  std::vector<std::string> assemblerErrors;

  /// "@object::name", or "name" for plain assembly.
  std::string getId() const;
};

/// A natural loop of the kernel's control-flow graph: a back edge to a
/// header block that dominates it.
struct LoopSpan {
  std::string header;          ///< the header block's label
  std::vector<unsigned> lines; ///< indices into body, in layout order
  unsigned blocks = 0;         ///< basic blocks in the loop
  bool contains(unsigned line) const;
};

/// Every kernel of the input, in order. Errors name the line. With a chip
/// (`chip`, else the assembly's `.amdgcn_target`), LLVM's assembler for it
/// reads the kernels' bodies, so `.set` symbols, expressions and macros
/// (Tensile's) are resolved and every instruction is in LLVM's syntax.
llvm::Expected<std::vector<KernelIsa>>
readIsa(llvm::StringRef text, std::optional<Chip> chip = std::nullopt);

/// The natural loops of a kernel, by header in layout order (the loops of
/// one header are merged). Blocks start at labels and after branches;
/// s_branch has no fall-through, s_endpgm and s_setpc_b64 no successor.
std::vector<LoopSpan> findLoops(const KernelIsa &kernel);

/// v_mfma*, v_smfmac*, v_wmma*, v_swmmac*.
bool isMatrixMnemonic(llvm::StringRef mnemonic);

/// The catalog entry of a matrix instruction's mnemonic on `chip`
/// ("v_mfma_f32_32x32x8_f16" is llvm.amdgcn.mfma.f32.32x32x8f16); nullptr
/// when the catalog does not have it. For gfx950's block-scaled
/// v_mfma_scale_*_f8f6f4, one mnemonic for every format pair, the
/// instruction's `operands` give the formats (cbsz: A's, blgp: B's; 0, fp8,
/// when absent).
const IntrinsicInfo *lookupMatrixInstruction(llvm::StringRef mnemonic,
                                             Chip chip,
                                             llvm::StringRef operands = {});

/// The main loop: of the innermost loops that contain matrix instructions
/// (a loop around another such loop is not one), the one with the most
/// matrix instructions per iteration (Tensile's main loop, not its loop
/// over K's remainder).
std::optional<LoopSpan> findMainLoop(const KernelIsa &kernel);

/// A kernel's control-flow graph. Blocks start at labels and after
/// branches; s_branch has no fall-through, s_endpgm none and s_setpc_b64
/// none unless it is a long jump (s_getpc_b64, a label's offset added,
/// s_setpc_b64: a branch to that label).
struct ControlFlowGraph {
  struct Block {
    unsigned begin = 0, end = 0; ///< [begin, end) into the body
    llvm::SmallVector<unsigned, 2> succs, preds;
  };
  std::vector<Block> blocks;
  std::vector<unsigned> blockOfLine; ///< body index -> block
};
ControlFlowGraph buildControlFlowGraph(const KernelIsa &kernel);

/// The code a work-group runs outside `loop`, in the order it runs: the way
/// from the kernel's entry into the loop and the way from the loop to an
/// s_endpgm that writes memory (the store of C), each the one of fewest
/// instructions, each block once. A kernel carries code for cases a given
/// problem does not take (Tensile's edge, beta and activation variants);
/// this is the cheapest way through. nullopt: no such way in the graph.
std::optional<std::vector<unsigned>>
findPathAroundLoop(const KernelIsa &kernel, const LoopSpan &loop);

} // namespace mlir::mcore::perf

#endif // MCORE_PERF_ISA_H
