//===- ExpandMath.cpp - Device math without ROCm's device library ---------===//

#include "mcore/Pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCOREEXPANDMATHPASS
#include "mcore/Pipeline/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;

namespace {
struct ExpandMathPass : mcore::impl::MCoreExpandMathPassBase<ExpandMathPass> {
  using Base::Base;

  void runOnOperation() override {
    // The ops convert-gpu-to-rocdl would make ocml calls of.
    // (The predicate gets the op's name, "math.erf".)
    auto approximated = [](StringRef name) {
      name.consume_front("math.");
      return name == "erf" || name == "erfc" || name == "tanh";
    };
    RewritePatternSet patterns(&getContext());
    populateMathF32ExpansionPatterns(patterns, approximated);
    populateMathPolynomialApproximationPatterns(patterns, approximated);
    math::populateExpansionPatterns(
        patterns, {"sinh", "cosh", "tan", "asinh", "acosh", "atanh"});
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
