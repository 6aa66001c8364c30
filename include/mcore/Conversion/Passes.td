//===- Passes.td - mcore conversion passes -----------------*- tablegen -*-===//

#ifndef MCORE_CONVERSION_PASSES_TD
#define MCORE_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertMCoreToAMDGPUPass : Pass<"convert-mcore-to-amdgpu"> {
  let summary = "Lower per-lane mcore.mma / mcore.sparse_mma to amdgpu ops "
                "and matrix intrinsic calls";
  let description = [{
    Lowers `mcore.mma` and `mcore.sparse_mma` in distributed (per-lane
    fragment) form to AMD matrix instructions:

    * WMMA, MFMA and SMFMAC become upstream's `amdgpu.wmma`, `amdgpu.mfma`
      and `amdgpu.sparse_mfma`, which `convert-amdgpu-to-rocdl{chipset=...}`
      lowers to ROCDL;
    * what MLIR 22's amdgpu lowering cannot emit becomes
      `llvm.call_intrinsic` of the LLVM intrinsic, with its operands packed
      as LLVM takes them (bf16 as i16, 8- and 4-bit values in i32 words):
      SWMMAC, which has no amdgpu op, and on gfx950 the CDNA3-shaped bf16
      SMFMACs (16x16x32 and 32x32x16), whose bf16 operands upstream passes
      as bfloat although the intrinsics take i16;
    * gfx1250's `wmma_bf16f32_16x16x32_bf16` (an f32 C, a bf16 D, which
      `amdgpu.wmma` cannot express: its C and D have one type) becomes
      `rocdl.wmma.bf16f32.16x16x32.bf16`; the other gfx1250 instructions
      become intrinsic calls, `swmmac_bf16f32_16x16x64_bf16` too (MLIR 22
      has no ROCDL SWMMAC op), whose `<8 x float>` result holds D's eight
      bf16 values in its low four registers.

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
    attribute or the `#rocdl.target` of the enclosing `gpu.module`. Run
    `convert-amdgpu-to-rocdl` with the same chip as `chipset` next.

    `convert-mcore-to-rocdl{chip=CHIP}`, the name of this lowering before it
    was split, remains as a pass pipeline: `convert-mcore-to-amdgpu{chip=CHIP}`
    then `convert-amdgpu-to-rocdl{chipset=CHIP}`. It needs `chip=`, since
    upstream's pass takes its chipset only as an option.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Target chip, e.g. gfx942 or gfx1201 (an unknown name is an error "
           "that lists the supported chips)">,
  ];
  let dependentDialects = [
    "::mlir::amdgpu::AMDGPUDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::ROCDL::ROCDLDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def MCoreVerifyMatrixIntrinsicsPass
    : Pass<"mcore-verify-matrix-intrinsics", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Check a device module's matrix intrinsics against the "
                "catalog for its chips";
  let description = [{
    Checks every matrix intrinsic a lowered `gpu.module` calls, whoever
    wrote it (`rocdl.wmma.*`, `rocdl.mfma.*`, `rocdl.smfmac.*`,
    `rocdl.swmmac.*`, or `llvm.call_intrinsic` of an `llvm.amdgcn.*` matrix
    intrinsic), against mcore's catalog, for each `#rocdl.target` of the
    module whose chip mcore knows: the chip must have the intrinsic, and its
    A, B and C operands must have the widths the intrinsic takes on that
    chip. Each violation is a located error naming what the intrinsic
    needs, for example

    ```
    error: llvm.amdgcn.mfma.f32.32x32x8f16 needs gfx908, gfx90a, gfx942 or gfx950; the target is gfx1201
    ```

    where LLVM would otherwise abort with "Cannot select" while
    `gpu-module-to-binary` serializes the module. Intrinsics the catalog
    does not know are not checked. mcore's pipeline runs it on every device
    module before serialization.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def LegalizeSubByteMemoryPass : Pass<"mcore-legalize-sub-byte-memory"> {
  let summary = "Give LLVM vector loads and stores of sub-byte integers the "
                "memref layout: one element per byte";
  let description = [{
    MLIR lays a `memref<...xi4>` out one element per byte: `memref.load`
    and the address arithmetic of every memref op step one byte per
    element. LLVM, however, stores a vector `<N x i4>` bit-packed (N / 2
    bytes), so a `vector.load`, `vector.store`, `vector.maskedload` or
    `vector.maskedstore` of `vector<Nxi4>` on such a memref, lowered as it
    is, reads and writes the wrong bytes. This pass runs on the LLVM
    dialect (after `convert-vector-to-llvm`) and rewrites `llvm.load`,
    `llvm.store`, `llvm.intr.masked.load` and `llvm.intr.masked.store` of
    vectors of integers narrower than 8 bits into the same accesses of
    `i8` vectors with `llvm.trunc` / `llvm.zext`, so vector and scalar
    accesses agree: each element is one byte, held in its low bits; loads
    ignore the high bits and stores write them as zero. Scalar accesses
    and gathers / scatters (element by element) already agree and are left
    alone.

    ```mlir
    %v = llvm.load %p {alignment = 1 : i64} : !llvm.ptr<1> -> vector<32xi4>
    // becomes
    %b = llvm.load %p {alignment = 1 : i64} : !llvm.ptr<1> -> vector<32xi8>
    %v = llvm.trunc %b : vector<32xi8> to vector<32xi4>
    ```

    mcore's pipeline runs it on device and host code; it is what makes
    mcore's i4 / u4 operands (stored one per byte, docs/Running.md) load
    correctly.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // MCORE_CONVERSION_PASSES_TD
