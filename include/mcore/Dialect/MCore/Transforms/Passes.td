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

#endif // MCORE_DIALECT_MCORE_TRANSFORMS_PASSES_TD
