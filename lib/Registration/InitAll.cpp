//===- InitAll.cpp - Register all of mcore --------------------------------===//

#include "mcore/InitAll.h"

#include "mcore/Conversion/Passes.h"
#include "mcore/Dialect/MCore/IR/MCoreDialect.h"
#include "mcore/Dialect/MCore/TransformOps/MCoreTransformOps.h"
#include "mcore/Dialect/MCore/Transforms/Passes.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"
#include "mcore/Pipeline/Passes.h"
#include "mcore/Pipeline/Pipeline.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

void mlir::mcore::registerAllMCoreDialects(DialectRegistry &registry) {
  registry.insert<MCoreDialect>();
  registerBufferizableOpInterfaceExternalModels(registry);
}

void mlir::mcore::registerMCoreRequirements(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registerAllMCoreDialects(registry);
  registerTransformDialectExtension(registry);
}

void mlir::mcore::registerAllMCorePasses(
    std::function<void(MCorePipelineOptions &)> setPipelineDefaults) {
  registerMCorePasses();
  registerMCoreConversionPasses();
  registerConvertMCoreToROCDLPipeline();
  registerMCorePipelinePasses();
  registerMCorePipeline(std::move(setPipelineDefaults));
}
