//===- PrivateAllocas.cpp - Device stack allocations in address space 5 ---===//

#include "mcore/Pipeline/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCOREPRIVATEALLOCASPASS
#include "mcore/Pipeline/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;

/// AMDGPU's private (scratch) address space, the only one allocas may use.
static constexpr unsigned kPrivateAddressSpace = 5;

namespace {
struct PrivateAllocasPass
    : mcore::impl::MCorePrivateAllocasPassBase<PrivateAllocasPass> {
  void runOnOperation() override {
    SmallVector<LLVM::AllocaOp> allocas;
    getOperation()->walk([&](LLVM::AllocaOp op) {
      if (op.getType().getAddressSpace() == 0)
        allocas.push_back(op);
    });
    auto privatePtr =
        LLVM::LLVMPointerType::get(&getContext(), kPrivateAddressSpace);
    for (LLVM::AllocaOp op : allocas) {
      OpBuilder b(op);
      auto alloca = LLVM::AllocaOp::create(
          b, op.getLoc(), privatePtr, op.getArraySize(), op.getAlignmentAttr(),
          op.getElemTypeAttr(), op.getInallocaAttr());
      auto cast = LLVM::AddrSpaceCastOp::create(b, op.getLoc(), op.getType(),
                                                alloca.getResult());
      op.replaceAllUsesWith(cast.getResult());
      op.erase();
    }
  }
};
} // namespace
