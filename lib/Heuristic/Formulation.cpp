//===- Formulation.cpp - Which form of a matmul runs ----------------------===//
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
// "auto", both forms are configured (configureForm) and the analytic
// performance model's formulas on the configuration (perf::predictConfig,
// mcore/Perf/Model/Model.h: occupancy from the
// estimated registers and LDS, matrix-bound K loops, the grid's rounds and
// the memory roofline of the chip's first product) pick the faster; a tie,
// dynamic sizes, or a form that cannot be configured (allow-dense-fallback
// = false, a forced sparse intrinsic) keep the op's own. This is cheap (no
// code is compiled) and honest about what it is: a bound from the
// instruction's catalog cycles, not a prediction from the ISA
// (docs/Performance.md).
//
//===----------------------------------------------------------------------===//

#include "HeuristicInternal.h"

#include "mcore/Perf/Model/Model.h"

#include <cmath>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::heuristic;

double heuristic::estimate(const MatmulProblem &problem,
                           const MatmulTileConfig &cfg) {
  perf::ConfigShape shape;
  shape.intrinsic = cfg.intrinsic;
  shape.tile = {cfg.tileM, cfg.tileN, cfg.tileK};
  shape.wavesPerWorkgroup = unsigned(cfg.wavesM * cfg.wavesN);
  shape.vgprs = unsigned(cfg.estimatedVgprs);
  shape.ldsBytes = unsigned(cfg.ldsBytes);
  perf::KernelFigures k = perf::predictConfig(problem, shape);
  if (k.occupancy.workgroupsPerUnit == 0)
    return INFINITY;
  if (!k.products.empty())
    return k.products.front().seconds;
  double rounds =
      std::ceil(double(k.workgroups) / double(k.occupancy.workgroupsPerUnit));
  return rounds * double(k.iterations) * k.simdCycles;
}

/// The configuration of `form`, or the reason there is none, with its
/// remarks.
static MatmulConfigResult configure(const Form &form,
                                    const MatmulTilingOptions &options) {
  MatmulConfigResult result;
  MatmulTileConfig cfg;
  result.reason = configureForm(form, options, cfg, result.remarks);
  if (result.reason.empty())
    result.config = cfg;
  return result;
}

MatmulConfigResult
mlir::mcore::chooseMatmulConfig(const MatmulProblem &problem,
                                const MatmulTilingOptions &requested) {
  // The problem's chip is the target.
  MatmulTilingOptions options = requested;
  options.chip = problem.chip;
  StringRef swap = options.swapOperands;
  if (swap != "auto" && swap != "never" && swap != "always") {
    MatmulConfigResult result;
    result.reason =
        ("swap-operands must be auto, never or always, got '" + swap + "'")
            .str();
    return result;
  }
  // A block-scaled problem has one form and instructions of its own
  // (Scaled.cpp).
  if (problem.blockScaled) {
    MatmulConfigResult result;
    MatmulTileConfig cfg;
    result.reason = configureScaled(problem, options, cfg);
    if (result.reason.empty())
      result.config = cfg;
    return result;
  }
  Form own{problem};
  if (swap == "always")
    return configure(own.swap(), options);
  if (swap == "never" || !problem.isCompressed())
    return configure(own, options);
  // Trial runs: only the chosen form's remarks and reason are given.
  Form swapped = own.swap();
  MatmulConfigResult ownResult = configure(own, options),
                     swappedResult = configure(swapped, options);
  bool useSwapped = false;
  if (!ownResult && swappedResult) {
    useSwapped = true;
  } else if (ownResult && swappedResult) {
    if (problem.getStaticSizes() && swapped.problem.getStaticSizes())
      useSwapped = estimate(swapped.problem, *swappedResult.config) <
                   estimate(problem, *ownResult.config);
  }
  if (!useSwapped)
    return ownResult;
  if (!(ownResult && ownResult.config->sparseInstruction))
    return swappedResult;
  // The dense form although a sparse instruction could take the 2:4
  // operand: the remark says why.
  swapped.denseByModel = true;
  return configure(swapped, options);
}
