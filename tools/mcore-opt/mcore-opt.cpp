//===- mcore-opt.cpp - mlir-opt plus mcore --------------------------------===//
//
// Every upstream dialect, pass and extension (as in mlir-opt, without
// upstream's test passes), every LLVM IR translation (for
// gpu-module-to-binary), plus the mcore dialect, passes and pipelines;
// --mcore-pipeline finds the ROCm toolkit (ld.lld) where toolkit= is not
// given.
//
//===----------------------------------------------------------------------===//

#include "mcore/InitAll.h"
#include "mcore/Runner/Toolkit.h"
#include "mcore/Support/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::mcore::setVersionPrinter("mcore-opt");
  mlir::registerAllPasses();
  mlir::mcore::registerAllMCorePasses(mlir::mcore::runner::setDefaultToolkit);

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::mcore::registerAllMCoreDialects(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "mcore optimizer driver: mlir-opt plus mcore\n", registry));
}
