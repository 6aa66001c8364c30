//===- SkipEmptyLaunches.cpp - No launch of an empty grid -----------------===//

#include "mcore/Pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCORESKIPEMPTYLAUNCHESPASS
#include "mcore/Pipeline/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;

namespace {
struct SkipEmptyLaunchesPass
    : mcore::impl::MCoreSkipEmptyLaunchesPassBase<SkipEmptyLaunchesPass> {
  void runOnOperation() override {
    SmallVector<gpu::LaunchFuncOp> launches;
    getOperation()->walk([&](Operation *op) {
      if (isa<gpu::GPUModuleOp>(op))
        return WalkResult::skip();
      if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op))
        launches.push_back(launch);
      return WalkResult::advance();
    });
    for (gpu::LaunchFuncOp launch : launches)
      guard(launch);
  }

  /// Runs `launch` only when its grid and work-group are not empty.
  void guard(gpu::LaunchFuncOp launch) {
    gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
    gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
    SmallVector<Value> sizes = {grid.x,  grid.y,  grid.z,
                                block.x, block.y, block.z};
    SmallVector<Value> unknown;
    for (Value size : sizes) {
      APInt value;
      if (!matchPattern(size, m_ConstantInt(&value))) {
        unknown.push_back(size);
        continue;
      }
      if (value.isZero())
        return skip(launch);
    }
    if (unknown.empty())
      return;
    OpBuilder b(launch);
    Location loc = launch.getLoc();
    Value nonEmpty;
    for (Value size : unknown) {
      Value zero =
          arith::ConstantOp::create(b, loc, b.getZeroAttr(size.getType()));
      Value ne =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, size, zero);
      nonEmpty = nonEmpty ? arith::AndIOp::create(b, loc, nonEmpty, ne) : ne;
    }
    Value token = launch.getAsyncToken();
    auto ifOp = scf::IfOp::create(
        b, loc, token ? TypeRange{token.getType()} : TypeRange{}, nonEmpty,
        /*withElseRegion=*/bool(token));
    // The launch moves into the then-branch.
    b.setInsertionPointToStart(ifOp.thenBlock());
    if (token) {
      launch->moveBefore(ifOp.thenBlock(), ifOp.thenBlock()->end());
      b.setInsertionPointAfter(launch);
      scf::YieldOp::create(b, loc, token);
      b.setInsertionPointToStart(ifOp.elseBlock());
      Value skipped = waitOn(b, loc, launch.getAsyncDependencies());
      scf::YieldOp::create(b, loc, skipped);
      token.replaceAllUsesExcept(ifOp.getResult(0), ifOp.thenYield());
    } else {
      launch->moveBefore(ifOp.thenBlock()->getTerminator());
    }
  }

  /// Erases a launch that never runs; an async one becomes a wait on its
  /// dependencies.
  void skip(gpu::LaunchFuncOp launch) {
    if (Value token = launch.getAsyncToken()) {
      OpBuilder b(launch);
      token.replaceAllUsesWith(
          waitOn(b, launch.getLoc(), launch.getAsyncDependencies()));
    }
    launch.erase();
  }

  static Value waitOn(OpBuilder &b, Location loc, ValueRange deps) {
    return gpu::WaitOp::create(b, loc, gpu::AsyncTokenType::get(b.getContext()),
                               deps)
        .getAsyncToken();
  }
};
} // namespace
