//===- ConfigureMatmulFormulation.cpp - Which form of a matmul runs -------===//
//
// A matmul with a compressed 2:4 operand can run in two forms:
//
//   * its own: C += expand(A) * B, the op's A on the left, where the sparse
//     instructions (SWMMAC, SMFMAC) take their 2:4 operand; on a chip
//     without one, A is decompressed while staged (the dense fallback);
//   * swapped: Cᵀ += Bᵀ * expand(A)ᵀ, the 2:4 operand on the right,
//     decompressed while staged, for a dense instruction.
//
// A weight on the right (y = x Wᵀ, written as mcore.sparse_matmul of W with
// B and C transposed) is the first form on a sparse instruction. This is the
// first choice of mcore-configure-matmul's heuristic, and the knob
// swap-operands records it ("never": the op's form, "always": swapped), so
// that mcore-tile-matmul builds the form chosen here. With swap-operands
// "auto", both forms are configured (ConfigureMatmulHeuristic.cpp) and the
// performance model's
// formulas on the configuration (perf::predictConfig: occupancy from the
// estimated registers and LDS, matrix-bound K loops, the grid's rounds and
// the memory roofline of the chip's first product) pick the faster; a tie,
// dynamic sizes, or a form that cannot be configured (allow-dense-fallback
// = false, a forced sparse intrinsic) keep the op's own. This is cheap (no
// code is compiled) and honest about what it is: a bound from the
// instruction's catalog cycles, not a prediction from the ISA
// (docs/Performance.md).
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"

#include "mcore/Perf/Model/Model.h"

#include "mlir/IR/Diagnostics.h"

#include <cmath>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

std::optional<std::array<int64_t, 4>>
tilematmul::getStaticSizes(const MatmulSpec &s) {
  std::array<int64_t, 4> sizes = getMatmulSizes(s);
  for (int64_t v : sizes)
    if (ShapedType::isDynamic(v))
      return std::nullopt;
  return sizes;
}

/// The model's time of `cfg` for `spec` (seconds on the chip's first
/// product; without one, clock cycles of one compute unit's share).
static double estimate(const MatmulSpec &spec, const MatmulTileConfig &cfg,
                       Chip chip, const std::array<int64_t, 4> &sizes) {
  perf::ConfigInput in;
  in.chip = chip;
  in.intrinsic = cfg.intrinsic;
  in.batch = sizes[0];
  in.problem = {sizes[1], sizes[2], sizes[3]};
  in.tile = {cfg.tileM, cfg.tileN, cfg.tileK};
  in.wavesPerWorkgroup = unsigned(cfg.wavesM * cfg.wavesN);
  in.vgprs = unsigned(cfg.estimatedVgprs);
  in.ldsBytes = unsigned(cfg.ldsBytes);
  in.sparseA = spec.sparse;
  in.sparseB = spec.sparseB;
  in.sharedA = spec.isBatched() && spec.batchDimA < 0;
  in.sharedB = spec.isBatched() && spec.batchDimB < 0;
  perf::KernelFigures k = perf::predictConfig(in);
  if (k.occupancy.workgroupsPerUnit == 0)
    return INFINITY;
  if (!k.products.empty())
    return k.products.front().seconds;
  double rounds = std::ceil(double(k.workgroups) /
                            double(k.occupancy.workgroupsPerUnit));
  return rounds * double(k.iterations) * k.simdCycles;
}

FailureOr<MatmulTileConfig>
tilematmul::chooseFormulation(const MatmulSpec &spec,
                              const MatmulTilingOptions &options,
                              bool remarks) {
  StringRef swap = options.swapOperands;
  if (swap != "auto" && swap != "never" && swap != "always")
    return spec.op->emitError("swap-operands must be auto, never or always, "
                              "got '")
           << swap << "'";
  if (swap == "always")
    return configureSpec(spec.swapped(), options, remarks);
  if (swap == "never" || !spec.isCompressed())
    return configureSpec(spec, options, remarks);
  MatmulSpec swapped = spec.swapped();
  FailureOr<MatmulTileConfig> ownCfg = failure(), swappedCfg = failure();
  {
    // Trial runs: only the chosen form's diagnostics are shown.
    ScopedDiagnosticHandler silence(spec.op->getContext(),
                                    [](Diagnostic &) { return success(); });
    ownCfg = configureSpec(spec, options, /*remarks=*/false);
    swappedCfg = configureSpec(swapped, options, /*remarks=*/false);
  }
  bool useSwapped = false;
  if (failed(ownCfg) && succeeded(swappedCfg)) {
    useSwapped = true;
  } else if (succeeded(ownCfg) && succeeded(swappedCfg)) {
    std::optional<std::array<int64_t, 4>> own = getStaticSizes(spec),
                                          other = getStaticSizes(swapped);
    if (own && other)
      useSwapped = estimate(swapped, *swappedCfg, options.chip, *other) <
                   estimate(spec, *ownCfg, options.chip, *own);
  }
  if (!useSwapped)
    return configureSpec(spec, options, remarks);
  swapped.denseByModel = succeeded(ownCfg) && ownCfg->sparseInstruction;
  return configureSpec(swapped, options, remarks);
}

FailureOr<MatmulTileConfig>
mlir::mcore::getMatmulTileConfig(Operation *op,
                                 const MatmulTilingOptions &options,
                                 bool remarks) {
  FailureOr<MatmulSpec> spec = getMatmulSpec(op);
  if (failed(spec))
    return failure();
  return chooseFormulation(*spec, options, remarks);
}
