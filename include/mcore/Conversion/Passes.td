//===- Passes.td - mcore conversion passes -----------------*- tablegen -*-===//

#ifndef MCORE_CONVERSION_PASSES_TD
#define MCORE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertMCoreToROCDLPass : Pass<"convert-mcore-to-rocdl"> {
  let summary = "Lower per-lane mcore.mma / mcore.sparse_mma to ROCDL";
  let description = [{
    Lowers `mcore.mma` and `mcore.sparse_mma` in distributed (per-lane
    fragment) form to AMD matrix instructions:

    * WMMA, MFMA and SMFMAC go through upstream's `amdgpu.wmma`,
      `amdgpu.mfma` and `amdgpu.sparse_mfma` and are lowered with
      `populateAMDGPUToROCDLConversionPatterns`;
    * SWMMAC, which MLIR 22 has no op for, becomes
      `llvm.call_intrinsic "llvm.amdgcn.swmmac.*"` with its operands packed
      as LLVM wants them (bf16 as i16, 8- and 4-bit values in i32 words).

    Before it emits anything, the pass checks every (intrinsic, chip) pair
    against mcore's catalog and fails with a located error that names the
    chips that do have the instruction, for example
    `smfmac_f32_16x16x32_f16 needs gfx942 or gfx950; the target is gfx90a`.
    So no input reaches an llc "Cannot select" abort. fp8 operands must use
    the chip's encoding (FNUZ on gfx942, OCP on gfx950 and gfx12). Whole-tile
    ops must be distributed first (`mcore-distribute`).

    The index set of a sparse op selects SMFMAC's `abid` (with `cbsz = 0`)
    and SWMMAC's `index_key` (the index word is shifted right by 16, which
    the AMDGPU backend folds into `index_key:1`).

    The chip comes from `chip=`, else from the closest `mcore.chip`
    attribute or the `#rocdl.target` of the enclosing `gpu.module`.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Target chip (gfx908, gfx90a, gfx942, gfx950, gfx1100, gfx1101, "
           "gfx1102, gfx1200, gfx1201)">,
  ];
  let dependentDialects = [
    "::mlir::amdgpu::AMDGPUDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::ROCDL::ROCDLDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // MCORE_CONVERSION_PASSES_TD
