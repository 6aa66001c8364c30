//===- VerifyHostVectors.cpp - Host vectors small enough to compile -------===//
//
// mcore-verify-host-vectors: Passes.td says why host code on huge vectors
// (vector<1000x1000xi32>) is an error rather than a compile that does not
// finish, and where the limit comes from.
//
//===----------------------------------------------------------------------===//

#include "mcore/Pipeline/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCOREVERIFYHOSTVECTORSPASS
#include "mcore/Pipeline/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;

namespace {
struct VerifyHostVectorsPass
    : mcore::impl::MCoreVerifyHostVectorsPassBase<VerifyHostVectorsPass> {
  using Base::Base;

  VectorType tooLarge(Type type) const {
    auto vector = dyn_cast<VectorType>(type);
    return vector && vector.getNumElements() > maxElements ? vector
                                                           : VectorType();
  }

  /// The first vector type over the limit among `op`'s results and the
  /// operands it takes from block arguments: an op that uses another op's
  /// result (a return, a call) is not an error again.
  VectorType findTooLarge(Operation *op) const {
    for (Type type : op->getResultTypes())
      if (VectorType vector = tooLarge(type))
        return vector;
    for (Value operand : op->getOperands())
      if (isa<BlockArgument>(operand))
        if (VectorType vector = tooLarge(operand.getType()))
          return vector;
    return VectorType();
  }

  void runOnOperation() override {
    bool ok = true;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      // Device code: kernels and the modules that hold them.
      if (isa<gpu::GPUModuleOp, gpu::GPUFuncOp, gpu::LaunchOp>(op))
        return WalkResult::skip();
      if (VectorType vector = findTooLarge(op)) {
        op->emitOpError() << "on " << vector << " (" << vector.getNumElements()
                          << " elements) in host code: more than the "
                          << maxElements.getValue()
                          << " elements mcore-verify-host-vectors allows, "
                             "which upstream's host lowering could not "
                             "compile in reasonable time; keep data this "
                             "large in a memref (docs/Pipeline.md, \"Host "
                             "vectors\")";
        ok = false;
      }
      return WalkResult::advance();
    });
    if (!ok)
      signalPassFailure();
  }
};
} // namespace
