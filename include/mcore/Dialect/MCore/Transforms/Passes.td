//===- Passes.td - mcore transformation passes -------------*- tablegen -*-===//

#ifndef MCORE_DIALECT_MCORE_TRANSFORMS_PASSES_TD
#define MCORE_DIALECT_MCORE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def MCoreSelectIntrinsicsPass : Pass<"mcore-select-intrinsics"> {
  let summary = "Choose the matrix intrinsic of every mcore.mma / sparse_mma";
  let description = [{
    Gives every `mcore.mma` and `mcore.sparse_mma` that has no `intrinsic`
    one from the catalog: the instruction of the target chip whose tile shape
    and element types match the op, preferring the highest throughput
    (ops per cycle on that chip). Ops that already name an intrinsic are
    checked: the chip must have it, and fp8 operands must use the chip's
    encoding (FNUZ on gfx942, OCP on gfx950 and gfx12).

    The chip comes from `chip=`, else from the closest `mcore.chip` attribute
    or `#rocdl.target` of an enclosing `gpu.module`.

    `intrinsic=NAME` forces one intrinsic for every op without one; it must
    fit the op and the chip.

    Example: on gfx942, a 32x8 f16 by 8x32 f16 into f32 tile gets
    `#mcore.intrinsic<mfma_f32_32x32x8f16>`.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Target chip (gfx908, gfx90a, gfx942, gfx950, gfx1100, gfx1101, "
           "gfx1102, gfx1200, gfx1201)">,
    Option<"intrinsic", "intrinsic", "std::string", /*default=*/"\"\"",
           "Use this intrinsic instead of choosing one">,
  ];
  let dependentDialects = ["::mlir::mcore::MCoreDialect"];
}

def MCoreDistributePass : Pass<"mcore-distribute"> {
  let summary = "Distribute whole-tile mcore ops to per-lane fragments";
  let description = [{
    Rewrites whole-tile `mcore.mma` / `mcore.sparse_mma` (rank-2 operands,
    one matrix-instruction tile executed by a whole wave) and the values
    feeding them into per-lane code, using the intrinsic's layouts from
    mcore's catalog: every lane loads, keeps and stores only the elements of
    each tile it holds.

    Whole-tile values may come from `vector.transfer_read` (A, B and C tiles
    of 2-D memrefs, identity or transposed maps; one vector load per run of
    elements contiguous in memory, bounds checks kept where the transfer is
    not in bounds), `mcore.load_sparse_index` (per-lane loads of canonical
    metadata and nibble shuffles into the lane's index word), splat
    `arith.constant`s, element-wise ops and `scf.for` iter_args, and go to
    `vector.transfer_write` (per-lane stores, masked at the edges of the
    matrix). A value used with two different layouts is an error.

    The lane is `gpu.lane_id`; the ops must run in wave-uniform control
    flow with wave-uniform indices, as `mcore-tile-matmul` writes them. Every
    whole-tile op needs its `intrinsic` (`mcore-select-intrinsics`).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"];
}

#endif // MCORE_DIALECT_MCORE_TRANSFORMS_PASSES_TD
