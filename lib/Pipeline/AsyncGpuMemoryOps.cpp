//===- AsyncGpuMemoryOps.cpp - Host GPU memory ops in async form ----------===//

#include "mcore/Pipeline/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCOREASYNCGPUMEMORYOPSPASS
#include "mcore/Pipeline/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;

namespace {
struct AsyncGpuMemoryOpsPass
    : mcore::impl::MCoreAsyncGpuMemoryOpsPassBase<AsyncGpuMemoryOpsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::GPUModuleOp>(op))
        return WalkResult::skip();
      auto async = dyn_cast<gpu::AsyncOpInterface>(op);
      if (!async || async.getAsyncToken() ||
          !async.getAsyncDependencies().empty())
        return WalkResult::advance();
      auto alloc = dyn_cast<gpu::AllocOp>(op);
      if ((alloc && !alloc.getHostShared()) ||
          isa<gpu::MemcpyOp, gpu::MemsetOp, gpu::DeallocOp>(op))
        ops.push_back(op);
      return WalkResult::advance();
    });
    for (Operation *op : ops) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      Type token = gpu::AsyncTokenType::get(op->getContext());
      Value start = gpu::WaitOp::create(b, loc, token, ValueRange{})
                        .getAsyncToken();
      Operation *replacement;
      if (auto alloc = dyn_cast<gpu::AllocOp>(op))
        replacement = gpu::AllocOp::create(
            b, loc, alloc.getType(), token, ValueRange{start},
            alloc.getDynamicSizes(), alloc.getSymbolOperands(), UnitAttr());
      else if (auto copy = dyn_cast<gpu::MemcpyOp>(op))
        replacement = gpu::MemcpyOp::create(b, loc, token, ValueRange{start},
                                            copy.getDst(), copy.getSrc());
      else if (auto set = dyn_cast<gpu::MemsetOp>(op))
        replacement = gpu::MemsetOp::create(b, loc, token, ValueRange{start},
                                            set.getDst(), set.getValue());
      else
        replacement = gpu::DeallocOp::create(
            b, loc, token, ValueRange{start},
            cast<gpu::DeallocOp>(op).getMemref());
      auto done = cast<gpu::AsyncOpInterface>(replacement).getAsyncToken();
      gpu::WaitOp::create(b, loc, Type(), ValueRange{done});
      op->replaceAllUsesWith(
          replacement->getResults().take_front(op->getNumResults()));
      op->erase();
    }
  }
};
} // namespace
