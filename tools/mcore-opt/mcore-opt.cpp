//===- mcore-opt.cpp - mlir-opt plus mcore --------------------------------===//
//
// Every upstream dialect, pass and extension (as in mlir-opt, without
// upstream's test passes), every LLVM IR translation (for
// gpu-module-to-binary), plus the mcore dialect, passes, pipelines and
// transform ops (transform.mcore.*);
// --mcore-pipeline finds the ROCm toolkit (ld.lld) where toolkit= is not
// given; -o never names the input file; a crash of upstream MLIR's parser
// is an error, not a stack dump (mcore/Runner/GuardedParse.h).
//
//===----------------------------------------------------------------------===//

#include "mcore/Dialect/MCore/TransformOps/MCoreTransformOps.h"
#include "mcore/InitAll.h"
#include "mcore/Runner/GuardedParse.h"
#include "mcore/Runner/Toolkit.h"
#include "mcore/Support/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
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
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, input, output, registry));

  // What MlirOptMain(argc, argv, ...) does, with the input checked by a
  // throwaway parse first: upstream's parser crashes on a few inputs.
  llvm::InitLLVM initLLVM(argc, argv);
  if (input == "-" && llvm::sys::Process::FileDescriptorIsDisplayed(0))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "interrupt)\n";
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = mlir::openInputFile(input, &error);
  if (!file) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (llvm::Error crashed = mlir::mcore::runner::checkParserSurvives(
          *file, registry, config.shouldAllowUnregisteredDialects(),
          config.inputSplitMarker())) {
    llvm::errs() << "mcore-opt: error: " << llvm::toString(std::move(crashed))
                 << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> out =
      mlir::openOutputFile(output, &error);
  if (!out) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (mlir::failed(
          mlir::MlirOptMain(out->os(), std::move(file), registry, config)))
    return 1;
  out->keep();
  return 0;
}
