//===- VerifyDeviceCode.cpp - Device code the AMDGPU backend can compile --===//
//
// mcore-verify-device-code: the last check before gpu-module-to-binary. What
// it rejects would otherwise end the process in LLVM (an instruction
// selection abort, "Broken module found") or make bitcode the emulator
// refuses.
//
//===----------------------------------------------------------------------===//

#include "mcore/Pipeline/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCOREVERIFYDEVICECODEPASS
#include "mcore/Pipeline/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;

namespace {
struct VerifyDeviceCodePass
    : mcore::impl::MCoreVerifyDeviceCodePassBase<VerifyDeviceCodePass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect>();
    // What translating the module needs, as gpu-module-to-binary does.
    registerBuiltinDialectTranslation(registry);
    registerLLVMDialectTranslation(registry);
    registerROCDLDialectTranslation(registry);
  }

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    bool ok = true;
    module->walk([&](LLVM::AllocaOp op) {
      unsigned space = op.getType().getAddressSpace();
      if (space == 5)
        return;
      InFlightDiagnostic diag =
          op.emitError() << "a stack allocation in address space " << space
                         << " in device code: the AMDGPU backend "
                            "allocates a kernel's stack in address "
                            "space 5 (private) only";
      if (space == 0)
        diag << " (mcore-private-allocas moves allocations of address space "
                "0 there)";
      else if (space == 3)
        diag << "; workgroup memory comes from a workgroup attribution of "
                "gpu.launch or gpu.func, or a global in address space 3";
      ok = false;
    });
    module->walk([&](Operation *op) {
      if (failed(verifyNoWideFloatArithmetic(op)))
        ok = false;
    });
    // One error per function: a lowering may repeat the conversion.
    llvm::DenseSet<Operation *> reported;
    module->walk([&](Operation *op) {
      if (!isa<LLVM::FPToSIOp, LLVM::FPToUIOp>(op) ||
          reported.contains(op->getParentOp()))
        return;
      if (failed(verifyNoBF16ToI1(op))) {
        reported.insert(op->getParentOp());
        ok = false;
      }
    });
    // The translation to LLVM IR places only symbols (functions, globals,
    // aliases, comdats) and module-level metadata at the top of a module;
    // an operation there (a gpu.barrier written beside the functions, once
    // lowered to rocdl) makes it build an instruction outside any block
    // and crash (mlir-translate-22, any chip).
    for (Operation &op : module.getBody()->without_terminator()) {
      if (isa<SymbolOpInterface, LLVM::ModuleFlagsOp, LLVM::LinkerOptionsOp>(
              op))
        continue;
      op.emitError() << "'" << op.getName()
                     << "' at the top level of gpu.module @"
                     << module.getName()
                     << ": only functions and globals can be there; move it "
                        "into a function";
      ok = false;
    }
    // A type with no LLVM IR equivalent (an f4E2M1FN element of an
    // llvm.alloca, say) makes the translation crash on a null type.
    module->walk([&](Operation *op) {
      if (op == module.getOperation())
        return WalkResult::advance();
      std::optional<Type> bad;
      for (Type t : op->getResultTypes())
        if (!bad && !LLVM::isCompatibleType(t))
          bad = t;
      for (Type t : op->getOperandTypes())
        if (!bad && !LLVM::isCompatibleType(t))
          bad = t;
      for (NamedAttribute attr : op->getAttrs())
        if (auto type = dyn_cast<TypeAttr>(attr.getValue()))
          if (!bad && !isa<LLVM::LLVMFunctionType>(type.getValue()) &&
              !LLVM::isCompatibleType(type.getValue()))
            bad = type.getValue();
      if (!bad)
        return WalkResult::advance();
      emitError(locate(op))
          << "'" << op->getName() << "' uses type " << *bad
          << ", which has no LLVM IR equivalent";
      ok = false;
      return WalkResult::skip();
    });
    if (!ok)
      return signalPassFailure();
    if (failed(verifyTranslation(module)))
      signalPassFailure();
  }

  /// Where to report `op`: its location, or, for an op a lowering made
  /// without one (the body of a linalg named op), the nearest enclosing op
  /// that has one (the kernel, outlined from the launch of the source op).
  static Location locate(Operation *op) {
    for (Operation *at = op; at; at = at->getParentOp())
      if (!isa<UnknownLoc>(at->getLoc()))
        return at->getLoc();
    return op->getLoc();
  }

  /// The AMDGPU backend has no arithmetic on floats wider than 64 bits (f80,
  /// f128, ppc_fp128) and no library to call for it: instruction selection
  /// ends the process ("unsupported library call operation") on an add, a
  /// compare, a conversion or a math intrinsic of one (llc-22, gfx942).
  /// Moving such a value (load, store, bitcast, select, aggregates, calls)
  /// and its sign operations (fneg, fabs, copysign: integer operations on
  /// the sign bit) select; everything else on one is an error at the op.
  static LogicalResult verifyNoWideFloatArithmetic(Operation *op) {
    auto isWide = [](Type type) {
      Type element = getElementTypeOrSelf(type);
      return isa<Float80Type, Float128Type, LLVM::LLVMPPCFP128Type>(element);
    };
    auto wide = llvm::find_if(op->getOperandTypes(), isWide);
    Type found = wide != op->getOperandTypes().end() ? *wide : Type();
    if (!found) {
      auto result = llvm::find_if(op->getResultTypes(), isWide);
      if (result == op->getResultTypes().end())
        return success();
      found = *result;
    }
    if (isa<LLVM::LoadOp, LLVM::StoreOp, LLVM::BitcastOp, LLVM::SelectOp,
            LLVM::FreezeOp, LLVM::FNegOp, LLVM::FAbsOp, LLVM::CopySignOp,
            LLVM::ConstantOp, LLVM::UndefOp, LLVM::PoisonOp, LLVM::ZeroOp,
            LLVM::InsertValueOp, LLVM::ExtractValueOp,
            LLVM::InsertElementOp, LLVM::ExtractElementOp,
            LLVM::ShuffleVectorOp, LLVM::CallOp, LLVM::ReturnOp, LLVM::BrOp,
            LLVM::CondBrOp, LLVM::SwitchOp>(op) ||
        op->hasTrait<OpTrait::IsTerminator>())
      return success();
    return emitError(locate(op))
           << "'" << op->getName() << "' on " << getElementTypeOrSelf(found)
           << " in device code: the AMDGPU backend has no arithmetic, "
              "comparison or conversion of floats wider than 64 bits, and no "
              "library to call for it (LLVM would end with \"unsupported "
              "library call operation\"); compute in f64 or narrower";
  }

  /// LLVM 22's AMDGPU backend cannot select `fptosi` / `fptoui` from bf16 to
  /// i1 (scalar or vector; "Cannot select: i1 = fp_to_sint", on every chip
  /// mcore targets, llc-22). Every other integer width, and i1 from f16, f32
  /// or f64, selects.
  static LogicalResult verifyNoBF16ToI1(Operation *op) {
    Type from = getElementTypeOrSelf(op->getOperand(0).getType());
    Type to = getElementTypeOrSelf(op->getResult(0).getType());
    if (!isa<BFloat16Type>(from) || !to.isInteger(1))
      return success();
    return emitError(locate(op))
           << "'" << op->getName()
           << "' from bf16 to i1 in device code: LLVM 22's AMDGPU backend "
              "cannot select it (LLVM would end with \"Cannot select: "
              "fp_to_sint\"); convert to f32 first (arith.extf), or to a "
              "wider integer";
  }

  /// Translates the module as the serializer will and runs LLVM's verifier
  /// on each function; the first function it rejects is an error at its
  /// llvm.func. A module that does not translate is left to the serializer,
  /// which reports that itself.
  LogicalResult verifyTranslation(gpu::GPUModuleOp module) {
    llvm::LLVMContext llvmContext;
    std::unique_ptr<llvm::Module> llvmModule = [&] {
      // The serializer's own diagnostics are for the serializer to give.
      ScopedDiagnosticHandler quiet(&getContext(),
                                    [](Diagnostic &) { return success(); });
      return translateModuleToLLVMIR(module, llvmContext, "mcore-verify",
                                     /*disableVerification=*/true);
    }();
    if (!llvmModule)
      return success();
    // The verifier's AMDGPU rules (address spaces, calling conventions)
    // apply by the triple.
    llvmModule->setTargetTriple(llvm::Triple("amdgcn-amd-amdhsa"));
    for (llvm::Function &function : *llvmModule) {
      std::string message;
      llvm::raw_string_ostream os(message);
      if (!llvm::verifyFunction(function, &os))
        continue;
      Operation *at = module.lookupSymbol(function.getName());
      (at ? at : module.getOperation())->emitError()
          << "LLVM's verifier rejects function '" << function.getName()
          << "' (the AMDGPU backend would abort on it): "
          << StringRef(message).trim();
      return failure();
    }
    std::string message;
    llvm::raw_string_ostream os(message);
    if (llvm::verifyModule(*llvmModule, &os)) {
      module.emitError() << "LLVM's verifier rejects the device module (the "
                            "AMDGPU backend would abort on it): "
                         << StringRef(message).trim();
      return failure();
    }
    return success();
  }
};
} // namespace
