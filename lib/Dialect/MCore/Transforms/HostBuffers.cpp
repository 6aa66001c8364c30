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
//   * an allocation that escapes (returned, stored, passed to a call) stays
//     malloc'd and is registered with the GPU runtime
//     (`gpu.host_register`). HIP may map registered memory at another device
//     address, so the kernels get the buffer at the address the runtime
//     gives (mcoreMemGetDeviceMemRef1dInt8, include/mcore/Runtime/MgpuAbi.h,
//     hipHostGetDevicePointer on HIP): the buffer is allocated as bytes and
//     viewed as its type (memref.view), once at its host address for the
//     host code and once at its device address for the gpu.launch bodies.
//     Returned or stored, its caller frees it; only passed to calls (no
//     alias, the calls' results included, leaves its block), it is
//     unregistered and freed before its block's terminator, as an escaping
//     allocation no kernel uses is freed;
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

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
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

/// The runtime function that gives registered host memory's device view,
/// declared in the module on first use.
static constexpr llvm::StringLiteral kDeviceView =
    "mcoreMemGetDeviceMemRef1dInt8";

static func::FuncOp getDeviceViewFunction(ModuleOp module, OpBuilder &b) {
  if (auto f = module.lookupSymbol<func::FuncOp>(kDeviceView))
    return f;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto bytes = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
  auto f = func::FuncOp::create(b, module.getLoc(), kDeviceView,
                                b.getFunctionType({bytes}, {bytes}));
  f.setPrivate();
  return f;
}

/// Registers `alloc` (an escaping buffer kernels use) and gives the
/// gpu.launch bodies its device address: it becomes bytes viewed as its
/// type, at the host address for the host code and at the device address
/// the runtime gives for the kernels. Returns the bytes, or null (and does
/// nothing) for a buffer that cannot be viewed so (a layout or a sub-byte
/// element type), which is then registered and used at its host address.
static Value registerWithDeviceView(memref::AllocOp alloc, OpBuilder &b) {
  MemRefType type = alloc.getType();
  unsigned bits = type.getElementTypeBitWidth();
  if (!type.getLayout().isIdentity() || bits % 8 != 0 ||
      type.getMemorySpace())
    return Value();
  Location loc = alloc.getLoc();
  ModuleOp module = alloc->getParentOfType<ModuleOp>();
  func::FuncOp deviceView = getDeviceViewFunction(module, b);
  b.setInsertionPoint(alloc);
  // The bytes: static sizes times dynamic ones times the element's bytes.
  int64_t staticElements = 1;
  for (int64_t d : type.getShape())
    if (!ShapedType::isDynamic(d))
      staticElements *= d;
  Value size = arith::ConstantIndexOp::create(b, loc, staticElements * bits / 8);
  for (Value d : alloc.getDynamicSizes())
    size = arith::MulIOp::create(b, loc, size, d);
  auto bytesType = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
  auto raw = memref::AllocOp::create(b, loc, bytesType, ValueRange{size},
                                     alloc.getAlignmentAttr());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value host = memref::ViewOp::create(b, loc, type, raw, zero,
                                      alloc.getDynamicSizes());
  alloc.replaceAllUsesWith(host);
  alloc.erase();
  b.setInsertionPointAfter(host.getDefiningOp());
  auto unranked = UnrankedMemRefType::get(b.getI8Type(), Attribute());
  Value registered = memref::CastOp::create(b, loc, unranked, raw);
  gpu::HostRegisterOp::create(b, loc, registered);
  Value deviceBytes =
      func::CallOp::create(b, loc, deviceView, ValueRange{raw}).getResult(0);
  Value device = memref::ViewOp::create(b, loc, type, deviceBytes, zero,
                                        host.getDefiningOp<memref::ViewOp>()
                                            .getSizes());

  // Inside the kernels, every alias of the buffer is the device one: views
  // made on the host are made again from the device view before the launch.
  for (Value alias : getAliases(host)) {
    SmallVector<OpOperand *> kernelUses;
    for (OpOperand &use : alias.getUses()) {
      auto launch = use.getOwner()->getParentOfType<gpu::LaunchOp>();
      if (launch && !launch->isAncestor(alias.getDefiningOp()))
        kernelUses.push_back(&use);
    }
    if (kernelUses.empty())
      continue;
    // The chain of host views from the buffer to `alias`.
    SmallVector<Operation *> chain;
    for (Value v = alias; v != host;) {
      Operation *view = v.getDefiningOp();
      chain.push_back(view);
      v = cast<ViewLikeOpInterface>(view).getViewSource();
    }
    for (OpOperand *use : kernelUses) {
      auto launch = use->getOwner()->getParentOfType<gpu::LaunchOp>();
      b.setInsertionPoint(launch);
      IRMapping mapping;
      mapping.map(host, device);
      Value rebuilt = device;
      for (Operation *view : llvm::reverse(chain))
        rebuilt = b.clone(*view, mapping)->getResult(0);
      use->set(rebuilt);
    }
  }
  return raw;
}

/// Whether the block of `root` owns it although it escapes: only into
/// calls, and nothing that may alias it leaves the block (its views, and the
/// memref results of those calls: a callee may return its argument, as a
/// function bufferized at its boundary returns the C it updated). A callee
/// does not free its arguments, so such a buffer is its block's to free.
static bool ownedByBlock(Value root) {
  Block *block = root.getParentBlock();
  SmallVector<Value> aliases = {root};
  DenseSet<Value> seen = {root};
  for (size_t i = 0; i < aliases.size(); ++i)
    for (OpOperand &use : aliases[i].getUses()) {
      Operation *user = use.getOwner();
      if (isa<memref::DeallocOp>(user))
        continue;
      if (!block->findAncestorOpInBlock(*user) ||
          user->hasTrait<OpTrait::IsTerminator>())
        return false;
      if (isa<memref::StoreOp>(user) && use.getOperandNumber() == 0)
        return false;
      auto view = dyn_cast<ViewLikeOpInterface>(user);
      if ((view && view.getViewSource() == aliases[i]) ||
          isa<CallOpInterface>(user))
        for (Value result : user->getResults())
          if (isa<BaseMemRefType>(result.getType()) &&
              seen.insert(result).second)
            aliases.push_back(result);
    }
  return true;
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
      // Returned or stored: the caller frees it. Only passed to calls: this
      // block frees it before its terminator (unregistered first).
      bool owned = deallocs.empty() && ownedByBlock(buffer);
      Location loc = alloc.getLoc();
      if (!kernel) {
        if (owned) {
          b.setInsertionPoint(block->getTerminator());
          memref::DeallocOp::create(b, loc, buffer);
        }
        continue;
      }
      // Keep malloc, tell the GPU runtime about it.
      Value freed = registerWithDeviceView(alloc, b);
      if (!freed) {
        b.setInsertionPointAfter(alloc);
        freed = buffer;
        auto unranked = UnrankedMemRefType::get(
            alloc.getType().getElementType(), alloc.getType().getMemorySpace());
        Value cast = memref::CastOp::create(b, loc, unranked, buffer);
        gpu::HostRegisterOp::create(b, loc, cast);
      }
      if (owned) {
        b.setInsertionPoint(block->getTerminator());
        auto type = cast<BaseMemRefType>(freed.getType());
        Value unranked = memref::CastOp::create(
            b, loc,
            UnrankedMemRefType::get(type.getElementType(),
                                    type.getMemorySpace()),
            freed);
        gpu::HostUnregisterOp::create(b, loc, unranked);
        memref::DeallocOp::create(b, loc, freed);
      }
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
