//===- MCoreToAMDGPU.h - mcore to amdgpu ------------------------*- C++ -*-===//
//
// For compilers that reuse the lowering without the pass
// (convert-mcore-to-amdgpu): the legality check and the mcore -> amdgpu /
// LLVM intrinsic-call patterns. Upstream's convert-amdgpu-to-rocdl (or
// populateAMDGPUToROCDLConversionPatterns with ChipAttr::getChipset())
// lowers the amdgpu ops they create.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_CONVERSION_MCORETOAMDGPU_MCORETOAMDGPU_H
#define MCORE_CONVERSION_MCORETOAMDGPU_MCORETOAMDGPU_H

#include "mcore/Target/Chip.h"

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
class RewritePatternSet;

namespace mcore {

/// Checks every mcore.mma / mcore.sparse_mma under `root` before lowering:
/// per-lane form, an intrinsic, one that `chip` has, fp8 in the chip's
/// encoding. Emits a located error for each violation.
LogicalResult verifyMCoreOpsForLowering(Operation *root, Chip chip);

/// mcore.mma / mcore.sparse_mma (per-lane) -> amdgpu.wmma / amdgpu.mfma /
/// amdgpu.sparse_mfma, and what upstream's amdgpu lowering cannot emit
/// (SWMMAC, gfx950's CDNA3-shaped bf16 SMFMACs) -> llvm.call_intrinsic with
/// packed operands. Run verifyMCoreOpsForLowering first.
void populateMCoreToAMDGPUPatterns(RewritePatternSet &patterns, Chip chip);

/// The legality check, then the patterns above on `root`; fails on any
/// mcore.mma / mcore.sparse_mma left.
LogicalResult convertMCoreToAMDGPU(Operation *root, Chip chip);

/// Registers the pass pipeline convert-mcore-to-rocdl{chip=CHIP}, the name
/// of the lowering before it was split: convert-mcore-to-amdgpu{chip=CHIP},
/// then upstream's convert-amdgpu-to-rocdl{chipset=CHIP}.
void registerConvertMCoreToROCDLPipeline();

} // namespace mcore
} // namespace mlir

#endif // MCORE_CONVERSION_MCORETOAMDGPU_MCORETOAMDGPU_H
