//===- Patterns.cpp - Tiling and distribution as rewrite patterns ---------===//
//
// populateMCoreTileMatmulPatterns and populateMCoreDistributePatterns: the
// transformations of mcore-tile-matmul and mcore-distribute as patterns, for
// compilers that drive rewrites themselves (a greedy driver, the transform
// dialect's apply_patterns). Both check first, with diagnostics captured,
// and rewrite only what succeeds, so that a pattern that does not apply
// leaves the IR as it was and says why in its match failure.
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"

#include "mcore/Dialect/MCore/Transforms/Transforms.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::mcore;

namespace {

/// Runs `fn` with the context's diagnostics captured; the first error (or,
/// without one, the first diagnostic) is the returned reason when `fn`
/// fails.
static FailureOr<std::string>
captureFailure(MLIRContext *ctx, llvm::function_ref<LogicalResult()> fn) {
  std::string reason;
  bool haveError = false;
  ScopedDiagnosticHandler capture(ctx, [&](Diagnostic &diag) {
    bool isError = diag.getSeverity() == DiagnosticSeverity::Error;
    if (reason.empty() || (isError && !haveError)) {
      reason = diag.str();
      haveError = isError;
    }
    return success();
  });
  if (succeeded(fn()))
    return failure();
  return reason.empty() ? std::string("failed") : reason;
}

struct TileMatmulToGpuPattern : RewritePattern {
  TileMatmulToGpuPattern(MLIRContext *ctx, MatmulTilingOptions options)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx),
        options(std::move(options)) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<linalg::MatmulOp, SparseMatmulOp>(op) ||
        op->getParentOfType<gpu::LaunchOp>() ||
        op->getParentOfType<gpu::GPUModuleOp>())
      return failure();
    // What tileMatmulToGpu checks before it changes anything.
    FailureOr<std::string> reason =
        captureFailure(op->getContext(), [&]() -> LogicalResult {
          if (failed(tilematmul::getMatmulOperands(op, options.chip)))
            return failure();
          return configureMatmul(op, options);
        });
    if (succeeded(reason))
      return rewriter.notifyMatchFailure(op, *reason);
    return tileMatmulToGpu(rewriter, op, options);
  }

  MatmulTilingOptions options;
};

/// Whether `root` (a gpu.launch or a function) holds whole-tile mcore ops
/// of its own: a gpu.launch in a function is a kernel of its own.
static bool hasWholeTileOps(Operation *root) {
  bool isLaunch = isa<gpu::LaunchOp>(root);
  WalkResult found = root->walk([&](Operation *op) {
    if (!isa<MmaOp, SparseMmaOp>(op) ||
        cast<VectorType>(op->getOperand(0).getType()).getRank() != 2)
      return WalkResult::advance();
    if (!isLaunch && op->getParentOfType<gpu::LaunchOp>())
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return found.wasInterrupted();
}

struct DistributeKernelPattern : RewritePattern {
  explicit DistributeKernelPattern(MLIRContext *ctx)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa<gpu::LaunchOp, FunctionOpInterface>(op) || !hasWholeTileOps(op))
      return failure();
    // Distribute a copy beside the kernel (distribution looks at the
    // kernel's surroundings), made without the rewriter, so that the driver
    // never sees its intermediate states; it replaces the kernel only if
    // all of it distributed.
    OpBuilder builder(op->getContext());
    builder.setInsertionPoint(op);
    Operation *copy = builder.clone(*op);
    // Whole-tile values a greedy driver hoisted out of the kernel (folded
    // constants) are distributed with it: the copy gets its own.
    if (auto launch = dyn_cast<gpu::LaunchOp>(copy))
      (void)sinkOperationsIntoLaunchOp(launch, [](Operation *def) {
        return isMemoryEffectFree(def) &&
               llvm::any_of(def->getResultTypes(), llvm::IsaPred<VectorType>);
      });
    FailureOr<std::string> reason = captureFailure(
        op->getContext(), [&] { return distributeToLanes(copy); });
    if (succeeded(reason)) {
      copy->erase();
      return rewriter.notifyMatchFailure(op, *reason);
    }
    copy->remove();
    rewriter.setInsertionPoint(op);
    rewriter.insert(copy);
    rewriter.replaceOp(op, copy->getResults());
    return success();
  }
};

} // namespace

void mlir::mcore::populateMCoreTileMatmulPatterns(
    RewritePatternSet &patterns, const MatmulTilingOptions &options) {
  patterns.add<TileMatmulToGpuPattern>(patterns.getContext(), options);
}

void mlir::mcore::populateMCoreDistributePatterns(RewritePatternSet &patterns) {
  patterns.add<DistributeKernelPattern>(patterns.getContext());
}
