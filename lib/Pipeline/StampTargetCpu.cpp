//===- StampTargetCpu.cpp - The chip as each device function's target-cpu -===//

#include "mcore/Pipeline/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCORESTAMPTARGETCPUPASS
#include "mcore/Pipeline/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;

namespace {
struct StampTargetCpuPass
    : mcore::impl::MCoreStampTargetCpuPassBase<StampTargetCpuPass> {
  using Base::Base;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    StringAttr cpu;
    if (!chip.empty()) {
      cpu = StringAttr::get(&getContext(), chip);
    } else {
      SmallVector<ROCDL::ROCDLTargetAttr> targets;
      if (ArrayAttr attrs = module.getTargetsAttr())
        for (Attribute attr : attrs)
          if (auto target = dyn_cast<ROCDL::ROCDLTargetAttr>(attr))
            targets.push_back(target);
      if (targets.size() != 1) {
        module.emitError() << getArgument()
                           << " needs chip=CHIP or a gpu.module with one "
                              "#rocdl.target; this one has "
                           << targets.size();
        return signalPassFailure();
      }
      cpu = StringAttr::get(&getContext(), targets.front().getChip());
    }
    module->walk([&](LLVM::LLVMFuncOp func) {
      if (!func.getTargetCpuAttr())
        func.setTargetCpuAttr(cpu);
    });
  }
};
} // namespace
