//===- HostBuffers.cpp - Host buffers the kernels can reach ---------------===//
//
// After bufferization and tiling, host code allocates the buffers of tensor
// temporaries (compressed A, new outputs) with memref.alloc, i.e. malloc, and
// reads constants from host globals. A GPU kernel can reach neither. This
// pass makes every buffer a kernel uses GPU-accessible and frees the
// temporaries:
//
//   * an allocation that does not escape the function becomes
//     `gpu.alloc host_shared` (mgpuMemAlloc: managed memory on HIP) and is
//     freed with `gpu.dealloc` at the end of its block;
//   * an allocation that escapes (returned, stored) stays a memref.alloc,
//     because its caller frees it, and is registered with the GPU runtime
//     (`gpu.host_register`);
//   * a constant global a kernel reads is copied into a host-shared
//     temporary;
//   * other non-escaping allocations get a memref.dealloc.
//
// Buffers passed to a function of the module that launches kernels count as
// used by a kernel. Arguments of the module's public entry points are the
// caller's: they must already be GPU-accessible (mcore-run allocates them
// with mgpuMemAlloc).
//
//===----------------------------------------------------------------------===//

#include "mcore/Dialect/MCore/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCOREHOSTBUFFERSPASS
#include "mcore/Dialect/MCore/Transforms/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;

/// All values that alias `root` through view ops (root included).
static SmallVector<Value> getAliases(Value root) {
  SmallVector<Value> aliases = {root};
  for (size_t i = 0; i < aliases.size(); ++i)
    for (Operation *user : aliases[i].getUsers())
      if (auto view = dyn_cast<ViewLikeOpInterface>(user))
        if (view.getViewSource() == aliases[i])
          llvm::append_range(aliases, user->getResults());
  return aliases;
}

/// Whether an alias of `root` leaves the block it was made in: returned,
/// yielded, stored, passed to a call, or captured by anything but a kernel,
/// a deallocation or a read/write.
static bool escapes(Value root) {
  Block *block = root.getParentBlock();
  for (Value alias : getAliases(root))
    for (OpOperand &use : alias.getUses()) {
      Operation *user = use.getOwner();
      if (isa<ViewLikeOpInterface>(user) || isa<memref::DeallocOp>(user))
        continue;
      if (user->hasTrait<OpTrait::IsTerminator>() ||
          isa<CallOpInterface>(user))
        return true;
      // Storing the buffer itself (not into it) lets it escape.
      if (isa<memref::StoreOp>(user) && use.getOperandNumber() == 0)
        return true;
      if (!block->findAncestorOpInBlock(*user))
        return true;
    }
  return false;
}

/// Functions of the module that launch kernels, directly or through calls.
static DenseSet<Operation *> findLaunchingFunctions(ModuleOp module) {
  DenseSet<Operation *> result;
  module.walk([&](gpu::LaunchOp launch) {
    if (auto f = launch->getParentOfType<func::FuncOp>())
      result.insert(f);
  });
  SymbolTable symbols(module);
  bool changed = true;
  while (changed) {
    changed = false;
    module.walk([&](func::CallOp call) {
      auto caller = call->getParentOfType<func::FuncOp>();
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (caller && callee && result.contains(callee) &&
          result.insert(caller).second)
        changed = true;
    });
  }
  return result;
}

/// Whether a kernel reads or writes `root`: inside a gpu.launch, or passed
/// to a function that launches kernels.
static bool usedByKernel(Value root, const DenseSet<Operation *> &launching,
                         SymbolTable &symbols) {
  for (Value alias : getAliases(root))
    for (Operation *user : alias.getUsers()) {
      if (user->getParentOfType<gpu::LaunchOp>())
        return true;
      if (auto call = dyn_cast<func::CallOp>(user))
        if (auto callee = symbols.lookup<func::FuncOp>(call.getCallee()))
          if (launching.contains(callee))
            return true;
    }
  return false;
}

/// Frees `buffer` (a gpu.alloc) before the terminator of its block:
/// gpu.dealloc is asynchronous, so it gets its own stream.
static void freeGpuBuffer(OpBuilder &b, Location loc, Value buffer) {
  Type token = gpu::AsyncTokenType::get(b.getContext());
  Value start = gpu::WaitOp::create(b, loc, token, ValueRange{}).getAsyncToken();
  Value freed = gpu::DeallocOp::create(b, loc, token, ValueRange{start}, buffer)
                    .getAsyncToken();
  gpu::WaitOp::create(b, loc, Type(), ValueRange{freed});
}

static void processFunction(func::FuncOp func,
                            const DenseSet<Operation *> &launching,
                            SymbolTable &symbols) {
  if (func.isExternal())
    return;
  OpBuilder b(func.getContext());
  SmallVector<memref::AllocOp> allocs;
  SmallVector<memref::GetGlobalOp> globals;
  func.walk([&](Operation *op) {
    if (op->getParentOfType<gpu::LaunchOp>())
      return;
    if (auto alloc = dyn_cast<memref::AllocOp>(op))
      allocs.push_back(alloc);
    else if (auto global = dyn_cast<memref::GetGlobalOp>(op))
      globals.push_back(global);
  });

  for (memref::AllocOp alloc : allocs) {
    Value buffer = alloc.getResult();
    Block *block = alloc->getBlock();
    bool kernel = usedByKernel(buffer, launching, symbols);
    bool escaping = escapes(buffer);
    SmallVector<memref::DeallocOp> deallocs;
    for (Value alias : getAliases(buffer))
      for (Operation *user : alias.getUsers())
        if (auto d = dyn_cast<memref::DeallocOp>(user))
          deallocs.push_back(d);
    if (escaping) {
      if (!kernel)
        continue;
      // The caller frees it: keep malloc, tell the GPU runtime about it.
      b.setInsertionPointAfter(alloc);
      auto unranked = UnrankedMemRefType::get(alloc.getType().getElementType(),
                                              alloc.getType().getMemorySpace());
      Value cast = memref::CastOp::create(b, alloc.getLoc(), unranked, buffer);
      gpu::HostRegisterOp::create(b, alloc.getLoc(), cast);
      continue;
    }
    if (!kernel) {
      if (deallocs.empty()) {
        b.setInsertionPoint(block->getTerminator());
        memref::DeallocOp::create(b, alloc.getLoc(), buffer);
      }
      continue;
    }
    b.setInsertionPoint(alloc);
    auto shared = gpu::AllocOp::create(
        b, alloc.getLoc(), alloc.getType(), /*asyncToken=*/Type(),
        ValueRange{}, alloc.getDynamicSizes(), alloc.getSymbolOperands(),
        b.getUnitAttr());
    alloc.replaceAllUsesWith(shared.getMemref());
    alloc.erase();
    for (memref::DeallocOp d : deallocs) {
      b.setInsertionPoint(d);
      freeGpuBuffer(b, d.getLoc(), d.getMemref());
      d.erase();
    }
    if (deallocs.empty()) {
      b.setInsertionPoint(block->getTerminator());
      freeGpuBuffer(b, shared.getLoc(), shared.getMemref());
    }
  }

  for (memref::GetGlobalOp global : globals) {
    if (!usedByKernel(global.getResult(), launching, symbols))
      continue;
    // A per-call copy in host-shared memory.
    b.setInsertionPointAfter(global);
    auto type = global.getType();
    auto shared = gpu::AllocOp::create(
        b, global.getLoc(), type, Type(), ValueRange{}, ValueRange{},
        ValueRange{}, b.getUnitAttr());
    auto copy = memref::CopyOp::create(b, global.getLoc(), global.getResult(),
                                       shared.getMemref());
    global.getResult().replaceAllUsesExcept(shared.getMemref(), copy);
    b.setInsertionPoint(global->getBlock()->getTerminator());
    freeGpuBuffer(b, global.getLoc(), shared.getMemref());
  }
}

namespace {
struct HostBuffersPass
    : mcore::impl::MCoreHostBuffersPassBase<HostBuffersPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    DenseSet<Operation *> launching = findLaunchingFunctions(module);
    SymbolTable symbols(module);
    module.walk([&](func::FuncOp func) {
      processFunction(func, launching, symbols);
    });
  }
};
} // namespace
