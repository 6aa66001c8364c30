//===- WorkItems.cpp - The work-items of a user's kernel ------------------===//
//
// WorkItems.h says what these answer and for whom.
//
//===----------------------------------------------------------------------===//

#include "WorkItems.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;

std::optional<int64_t> mlir::mcore::countWorkItems(Operation *op) {
  if (auto launch = op->getParentOfType<gpu::LaunchOp>()) {
    int64_t count = 1;
    for (Value size : {launch.getBlockSizeX(), launch.getBlockSizeY(),
                       launch.getBlockSizeZ()}) {
      std::optional<int64_t> n = getConstantIntValue(size);
      if (!n)
        return std::nullopt;
      count *= *n;
    }
    return count;
  }
  if (auto func = op->getParentOfType<gpu::GPUFuncOp>()) {
    if (std::optional<ArrayRef<int32_t>> known = func.getKnownBlockSize())
      return int64_t((*known)[0]) * (*known)[1] * (*known)[2];
    return std::nullopt;
  }
  return 1;
}

bool mlir::mcore::dependsOnWorkItem(Value v, gpu::LaunchOp launch) {
  gpu::KernelDim3 ids = launch.getThreadIds();
  auto isId = [&](Value x) {
    if (x == ids.x || x == ids.y || x == ids.z)
      return true;
    Operation *def = x.getDefiningOp();
    return def && isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::GlobalIdOp>(def);
  };
  if (isId(v))
    return true;
  Operation *def = v.getDefiningOp();
  if (!def)
    return false;
  // The ops of the kernel body `v` is computed from (in the body: a value
  // from above is the same for every work-item).
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.filter = [&](Operation *op) { return launch->isProperAncestor(op); };
  options.inclusive = true;
  (void)getBackwardSlice(def, &slice, options);
  return llvm::any_of(slice, [&](Operation *op) {
    return isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::GlobalIdOp>(op) ||
           llvm::any_of(op->getOperands(), isId);
  });
}
