//===- RunDriver.cpp - What mcore-run's two modes share -------------------===//
//
// See include/mcore/Runner/RunDriver.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/RunDriver.h"

#include "mcore/Pipeline/Pipeline.h"
#include "mcore/Runner/Toolkit.h"
#include "mcore/Support/FileIO.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::runner;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

RunStatus runner::reportError(RunObserver &observer,
                              const llvm::Twine &message) {
  observer.clearLine();
  observer.error(message.str());
  llvm::outs().flush();
  llvm::errs() << "mcore-run: error: " << message << "\n";
  return RunStatus::Failure;
}

RunStatus runner::reportError(RunObserver &observer, llvm::Error error) {
  return reportError(observer, llvm::toString(std::move(error)));
}

void runner::reportWarning(RunObserver &observer, const llvm::Twine &message) {
  observer.clearLine();
  llvm::outs().flush();
  llvm::errs() << "mcore-run: warning: " << message << "\n";
}

llvm::Expected<Backend> runner::parseBackendOption(llvm::StringRef name) {
  for (Backend backend : {Backend::Auto, Backend::Hip, Backend::Emu})
    if (name == getBackendName(backend))
      return backend;
  return makeError("--backend=" + name + " is not one of auto, hip, emu");
}

llvm::Expected<std::optional<Chip>>
runner::parseChipOption(llvm::StringRef name) {
  if (name.empty())
    return std::nullopt;
  std::optional<Chip> chip = parseChip(name);
  if (!chip)
    return makeError("unknown chip '" + name +
                     "'; supported chips: " + getSupportedChipList());
  return chip;
}

/// The backend a runtime library's file name belongs to.
static std::optional<Backend> runtimeBackend(llvm::StringRef path) {
  llvm::StringRef name = llvm::sys::path::filename(path);
  for (Backend backend : {Backend::Emu, Backend::Hip})
    if (name.starts_with(getRuntimeLibraryName(backend).drop_back(3)))
      return backend;
  return std::nullopt;
}

/// Resolves the backend; a runtime library given with --shared-libs decides
/// it under auto and must agree with an explicit one.
static llvm::Expected<BackendChoice> selectBackend(const RunOptions &options,
                                                   Backend requested) {
  for (const std::string &lib : options.sharedLibs) {
    std::optional<Backend> named = runtimeBackend(lib);
    if (!named)
      continue;
    if (requested != Backend::Auto && requested != *named)
      return makeError("--shared-libs names " + llvm::sys::path::filename(lib) +
                       ", the runtime of backend " + getBackendName(*named) +
                       ", but --backend=" + getBackendName(requested) +
                       "; mcore-run links the backend's runtime itself, drop "
                       "it");
    requested = *named;
  }
  bool automatic = requested == Backend::Auto;
  llvm::Expected<BackendChoice> choice =
      chooseBackend(requested, options.device);
  if (choice && (automatic || options.verbose)) {
    llvm::errs() << "mcore-run: backend " << getBackendName(choice->backend)
                 << " (" << choice->reason << ")";
    if (choice->backend == Backend::Hip)
      llvm::errs() << "; HIP device " << choice->device << " ("
                   << choice->getDeviceChip() << ")";
    llvm::errs() << "\n";
  }
  return choice;
}

/// The backend of chooseRunBackend, before the options it ignores are
/// said.
static llvm::Expected<BackendChoice>
chooseBackendFor(const RunOptions &options, Backend wanted, bool haveChip) {
  if (!options.compileOnly || wanted != Backend::Hip)
    return selectBackend(options, wanted);
  if (!haveChip) {
    llvm::Expected<BackendChoice> probed =
        chooseBackend(Backend::Hip, options.device);
    if (probed)
      return probed;
    llvm::consumeError(probed.takeError());
  }
  return BackendChoice{Backend::Hip, "", "", ""};
}

llvm::Expected<BackendChoice>
runner::chooseRunBackend(const RunOptions &options, Backend wanted,
                         bool haveChip, RunObserver &observer) {
  llvm::Expected<BackendChoice> choice =
      chooseBackendFor(options, wanted, haveChip);
  if (choice && choice->backend == Backend::Emu && options.device != 0)
    reportWarning(observer, "--device=" + llvm::Twine(options.device) +
                                " is ignored: the emulator has one device");
  return choice;
}

void runner::tellEmulatorChip(const BackendChoice &choice,
                              llvm::StringRef chip) {
  if (choice.backend == Backend::Emu && !chip.empty())
    setenv("MCORE_EMU_CHIP", chip.str().c_str(), /*overwrite=*/0);
}

llvm::Expected<llvm::SmallVector<std::string>>
runner::getLinkedLibraries(const RunOptions &options) {
  llvm::SmallVector<std::string> libs = getRunnerUtilsLibraries();
  for (const std::string &lib : options.sharedLibs) {
    if (runtimeBackend(lib))
      continue;
    if (!llvm::sys::fs::exists(lib))
      return makeError("--shared-libs: cannot find '" + lib + "'");
    // Loaded now, as the JIT would load it, whose failure ("Could not load
    // ...") is only a message: a library that is not one is an error.
    std::string error;
    if (!llvm::sys::DynamicLibrary::getPermanentLibrary(lib.c_str(), &error)
             .isValid()) {
      llvm::StringRef reason = error;
      reason.consume_front(lib + ": "); // dlerror names the file first
      return makeError("--shared-libs: cannot load '" + lib + "': " + reason);
    }
    libs.push_back(lib);
  }
  return libs;
}

llvm::Expected<std::unique_ptr<MCorePipelineOptions>>
runner::getPipelineOptions(const RunOptions &options, Chip chip,
                           Backend backend, llvm::StringRef intrinsic) {
  std::unique_ptr<MCorePipelineOptions> pipeline =
      MCorePipelineOptions::createFromString(options.pipelineOptions);
  if (!pipeline)
    return makeError("--pipeline-options='" + options.pipelineOptions +
                     "' are not --mcore-pipeline options");
  std::string repeated = pipeline->getRepeatedOption();
  if (!repeated.empty())
    return makeError("--pipeline-options: " + repeated +
                     "= is given more than once; give each option once");
  pipeline->chip = getChipName(chip).str();
  pipeline->format = getBinaryFormat(backend).str();
  if (!intrinsic.empty())
    pipeline->intrinsicName = intrinsic.str();
  setDefaultToolkit(*pipeline);
  return pipeline;
}

void runner::printModule(ModuleOp module) {
  module->print(llvm::outs());
  llvm::outs() << "\n";
}

RunStatus runner::dumpBinaries(ModuleOp module, const RunOptions &options,
                               RunObserver &observer) {
  unsigned count = 0;
  RunStatus status = RunStatus::Success;
  module.walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjectsAttr()) {
      if (status != RunStatus::Success)
        return;
      auto object = cast<gpu::ObjectAttr>(attr);
      std::string path = options.dumpBinary;
      if (count)
        path += "." + std::to_string(count);
      ++count;
      // The input is not overwritten (mcore-run p.mlir
      // --dump-gpu-binary=p.mlir, or mcore-run - ... < p.mlir).
      if (llvm::Error e = checkOutputIsNotInput(path, options.inputFile,
                                                "--dump-gpu-binary=")) {
        status = reportError(observer, std::move(e));
        return;
      }
      std::string error;
      std::unique_ptr<llvm::ToolOutputFile> out = openOutputFile(path, &error);
      if (!out) {
        status = reportError(observer, error);
        return;
      }
      out->os() << object.getObject().getValue();
      if (llvm::Error e = checkWritten(out->os(), "'" + path + "'")) {
        status = reportError(observer, std::move(e));
        return;
      }
      out->keep();
      llvm::errs() << "mcore-run: wrote gpu.binary @" << binary.getName()
                   << " (" << stringifyCompilationTarget(object.getFormat())
                   << ") to " << path << "\n";
    }
  });
  if (status == RunStatus::Success && count == 0)
    return reportError(observer, "--dump-gpu-binary: the compiled module has "
                                 "no gpu.binary");
  return status;
}
