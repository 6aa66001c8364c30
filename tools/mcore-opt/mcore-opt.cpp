//===- mcore-opt.cpp - mlir-opt plus mcore --------------------------------===//
//
// Every upstream dialect, pass and extension (as in mlir-opt, without
// upstream's test passes), every LLVM IR translation (for
// gpu-module-to-binary), plus the mcore dialect, passes, pipelines and
// transform ops (transform.mcore.*);
// --mcore-pipeline finds the ROCm toolkit (ld.lld) where toolkit= is not
// given; -o and the other output files never name the input file, standard
// input included, and a failed write is an error (mcore/Support/FileIO.h);
// the input, and the MLIR files passes read themselves (transform
// libraries, --irdl-file), are read within a size limit and refused when
// they nest deeper than the parser's stack allows, and the parse, the
// passes and the printing run on a stack of known size
// (mcore/Support/Nesting.h); a crash of upstream MLIR's parser is an error,
// not a stack dump (mcore/Runner/GuardedParse.h).
//
//===----------------------------------------------------------------------===//

#include "mcore/Dialect/MCore/TransformOps/MCoreTransformOps.h"
#include "mcore/InitAll.h"
#include "mcore/Runner/GuardedParse.h"
#include "mcore/Runner/Toolkit.h"
#include "mcore/Support/FileIO.h"
#include "mcore/Support/Nesting.h"
#include "mcore/Support/Version.h"

#include "mlir/Debug/CLOptionsSetup.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

namespace {
/// Reports `error` as mcore-opt's one line; false when there is none.
bool report(llvm::Error error) {
  if (!error)
    return false;
  llvm::errs() << "mcore-opt: error: " << llvm::toString(std::move(error))
               << "\n";
  return true;
}

/// An MLIR file mcore-opt does not read itself but a pass or MLIR's driver
/// parses (a transform library, --irdl-file): checked as the input is, a
/// file within the size limit that nests no deeper than the parser's stack
/// allows and does not crash the parser.
llvm::Error checkMoreInput(llvm::StringRef path, llvm::StringRef what,
                           const mlir::DialectRegistry &registry) {
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> file =
      mlir::mcore::readFileWhole(path, what, mlir::mcore::kMaxInputFileBytes);
  if (!file)
    return file.takeError();
  return mlir::mcore::runner::checkParserSurvives(**file, registry);
}

/// The transform libraries the passes of `pm` load
/// (transform-library-paths= of transform-preload-library, files or
/// directories of .mlir files), from the pipeline's text.
std::vector<std::string> getTransformLibraries(mlir::PassManager &pm) {
  std::string pipeline;
  llvm::raw_string_ostream os(pipeline);
  pm.printAsTextualPipeline(os);
  std::vector<std::string> paths;
  llvm::StringRef rest = pipeline;
  llvm::StringRef key = "transform-library-paths=";
  for (size_t at = rest.find(key); at != llvm::StringRef::npos;
       at = rest.find(key)) {
    rest = rest.drop_front(at + key.size());
    // A list option prints as {a.mlir,b.mlir}.
    llvm::StringRef list =
        rest.consume_front("{")
            ? rest.take_until([](char c) { return c == '}'; })
            : rest.take_until([](char c) { return c == ' ' || c == '}'; });
    llvm::SmallVector<llvm::StringRef> items;
    list.split(items, ',', -1, /*KeepEmpty=*/false);
    for (llvm::StringRef item : items) {
      std::string path = item.trim("\"").str();
      if (!llvm::sys::fs::is_directory(path)) {
        paths.push_back(path);
        continue;
      }
      std::error_code ec;
      for (llvm::sys::fs::recursive_directory_iterator it(path, ec), end;
           it != end && !ec; it.increment(ec))
        if (llvm::StringRef(it->path()).ends_with(".mlir"))
          paths.push_back(it->path());
    }
  }
  return paths;
}

/// Parses, runs the passes and prints: what recurses with the input's
/// nesting, run on a stack of known size (main).
int runOpt(llvm::StringRef output, std::unique_ptr<llvm::MemoryBuffer> file,
           mlir::DialectRegistry &registry, mlir::MlirOptMainConfig config) {
  if (report(mlir::mcore::runner::checkParserSurvives(
          *file, registry, config.shouldAllowUnregisteredDialects(),
          config.inputSplitMarker())))
    return 1;
  if (!config.getIrdlFile().empty() &&
      report(checkMoreInput(config.getIrdlFile(), "IRDL file", registry)))
    return 1;
  // The transform libraries the pipeline loads are read by upstream's pass:
  // checked once the pipeline is known, before it runs.
  mlir::MlirOptMainConfig cliConfig = config;
  config.setPassPipelineSetupFn([&](mlir::PassManager &pm) {
    if (mlir::failed(cliConfig.setupPassPipeline(pm)))
      return mlir::failure();
    for (const std::string &path : getTransformLibraries(pm))
      if (report(checkMoreInput(path, "transform library", registry)))
        return mlir::failure();
    return mlir::success();
  });
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> out =
      mlir::openOutputFile(output, &error);
  if (!out) {
    llvm::errs() << error << "\n";
    return 1;
  }
  if (mlir::failed(
          mlir::MlirOptMain(out->os(), std::move(file), registry, config)))
    return 1;
  // Standard output is checked when mcore-opt ends; a file now, before it
  // is kept.
  if (output != "-" &&
      report(mlir::mcore::checkWritten(out->os(), "'" + output + "'")))
    return 1;
  out->keep();
  return 0;
}
} // namespace

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

  std::string input, output;
  std::tie(input, output) = mlir::registerAndParseCLIOptions(
      argc, argv, "mcore optimizer driver: mlir-opt plus mcore\n", registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  // mlir-opt opens -o before it reads the input, and deletes it when the
  // pipeline fails: an output naming the input would lose it. So would the
  // files MLIR writes on a failure.
  for (auto [option, file] :
       {std::pair<llvm::StringRef, std::string>{"-o ", output},
        {"--mlir-pass-pipeline-crash-reproducer=",
         mlir::mcore::getRegisteredStringOption(
             "mlir-pass-pipeline-crash-reproducer")},
        {"--mlir-generate-reproducer=", config.getReproducerFilename().str()},
        {"--remarks-output-file=", config.getRemarksOutputFile()},
        {"--log-actions-to=", config.getDebugConfig().getLogActionsTo().str()}})
    if (report(mlir::mcore::checkOutputIsNotInput(file, input, option)))
      return 1;
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::mcore::finishStandardOutput(
        "mcore-opt", mlir::asMainReturnCode(mlir::MlirOptMain(
                         argc, argv, input, output, registry)));

  // What MlirOptMain(argc, argv, ...) does, with the input read within a
  // limit and checked by a throwaway parse first: upstream's parser crashes
  // on a few inputs.
  llvm::InitLLVM initLLVM(argc, argv);
  if (input == "-" && llvm::sys::Process::FileDescriptorIsDisplayed(0))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "interrupt)\n";
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> file =
      mlir::mcore::readFileWhole(input, "input file",
                                 mlir::mcore::kMaxInputFileBytes);
  if (!file) {
    report(file.takeError());
    return 1;
  }
  int status = 1;
  mlir::mcore::runWithLargeStack([&] {
    status = runOpt(output, std::move(*file), registry, config);
  });
  return mlir::mcore::finishStandardOutput("mcore-opt", status);
}
