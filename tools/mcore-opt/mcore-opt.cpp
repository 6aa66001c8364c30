//===- mcore-opt.cpp - mlir-opt plus mcore --------------------------------===//
//
// Every upstream dialect, pass and extension (as in mlir-opt, without
// upstream's test passes), every LLVM IR translation (for
// gpu-module-to-binary), plus the mcore dialect, passes, pipelines and
// transform ops (transform.mcore.*);
// --mcore-pipeline finds the ROCm toolkit (ld.lld) where toolkit= is not
// given; -o never names the input file.
//
//===----------------------------------------------------------------------===//

#include "mcore/Dialect/MCore/TransformOps/MCoreTransformOps.h"
#include "mcore/InitAll.h"
#include "mcore/Runner/Toolkit.h"
#include "mcore/Support/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::mcore::setVersionPrinter("mcore-opt");
  mlir::registerAllPasses();
  mlir::mcore::registerAllMCorePasses(mlir::mcore::runner::setDefaultToolkit);

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::mcore::registerAllMCoreDialects(registry);
  mlir::mcore::registerTransformDialectExtension(registry);

  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv, "mcore optimizer driver: mlir-opt plus mcore\n", registry);
  // mlir-opt opens -o before it reads the input, and deletes it when the
  // pipeline fails: -o naming the input would lose it.
  if (input != "-" && output != "-" &&
      (input == output || llvm::sys::fs::equivalent(input, output))) {
    llvm::errs() << "mcore-opt: error: -o " << output
                 << " would overwrite the input file " << input << "\n";
    return 1;
  }
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, input, output, registry));
}
