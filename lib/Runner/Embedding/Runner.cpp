//===- Runner.cpp - Backends and the host JIT of mcore-run ----------------===//
//
// See include/mcore/Runner/Runner.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/Runner.h"

#include "mcore/Pipeline/Pipeline.h"
#include "mcore/Support/InstallPrefix.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"

#include <dlfcn.h>
#include <mutex>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::runner;

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::StringRef runner::getBackendName(Backend backend) {
  switch (backend) {
  case Backend::Auto:
    return "auto";
  case Backend::Hip:
    return "hip";
  case Backend::Emu:
    return "emu";
  }
  return "";
}

llvm::StringRef runner::getRuntimeLibraryName(Backend backend) {
  return backend == Backend::Hip ? "libmcore_hip_runtime.so"
                                 : "libmcore_emu_runtime.so";
}

llvm::StringRef runner::getBinaryFormat(Backend backend) {
  return backend == Backend::Hip ? "hsaco" : "llvm";
}

static std::mutex runtimeDirMutex;
static std::string &embedderRuntimeDir() {
  static auto *dir = new std::string();
  return *dir;
}

void runner::setRuntimeDirectory(llvm::StringRef dir) {
  std::lock_guard<std::mutex> lock(runtimeDirMutex);
  embedderRuntimeDir() = dir.str();
}

std::string runner::getRuntimeDirectory() {
  if (std::optional<std::string> dir =
          llvm::sys::Process::GetEnv("MCORE_RUNTIME_DIR"))
    return *dir;
  {
    std::lock_guard<std::mutex> lock(runtimeDirMutex);
    if (!embedderRuntimeDir().empty())
      return embedderRuntimeDir();
  }
  // The lib directory beside the executable (mcore's tools, in the build
  // tree and installed), else that of the installation a program was built
  // against: the first that has a runtime library.
  llvm::SmallVector<std::string, 2> dirs = getLibraryDirectories();
  for (const std::string &dir : dirs)
    for (Backend backend : {Backend::Emu, Backend::Hip}) {
      llvm::SmallString<256> path(dir);
      llvm::sys::path::append(path, getRuntimeLibraryName(backend));
      if (llvm::sys::fs::exists(path))
        return dir;
    }
  return dirs.empty() ? std::string() : dirs.front();
}

static llvm::Expected<std::string> findLibrary(Backend backend) {
  std::string dir = getRuntimeDirectory();
  llvm::SmallString<256> path(dir);
  llvm::sys::path::append(path, getRuntimeLibraryName(backend));
  if (!llvm::sys::fs::exists(path))
    return error("cannot find " + getRuntimeLibraryName(backend) + " in " +
                 dir +
                 " (the lib directory beside mcore-run; "
                 "MCORE_RUNTIME_DIR overrides it)");
  return std::string(path);
}

/// dlopen; `global` as llvm::sys::DynamicLibrary (which the JIT uses) opens
/// libraries, so that both refer to the same loaded copy. A library only
/// probed is opened locally: its mgpu* functions must not be found by the
/// JIT when the other backend is chosen.
static llvm::Expected<void *> openLibrary(const std::string &path,
                                          bool global = true) {
  void *handle =
      dlopen(path.c_str(), RTLD_NOW | (global ? RTLD_GLOBAL : RTLD_LOCAL));
  if (!handle)
    return error("cannot load " + path + ": " + dlerror());
  return handle;
}

std::string BackendChoice::getDeviceChip() const {
  llvm::SmallVector<llvm::StringRef> chips;
  llvm::StringRef(gpuChips).split(chips, ',');
  if (backend != Backend::Hip || device < 0 || device >= int(chips.size()))
    return "";
  return chips[device].str();
}

llvm::Expected<BackendChoice> runner::chooseBackend(Backend requested,
                                                    int device) {
  BackendChoice choice;
  if (requested == Backend::Emu) {
    llvm::Expected<std::string> lib = findLibrary(Backend::Emu);
    if (!lib)
      return lib.takeError();
    choice.backend = Backend::Emu;
    choice.library = *lib;
    choice.reason = "requested with --backend=emu";
    return choice;
  }

  // Probe HIP through mcore's HIP runtime.
  llvm::Expected<std::string> hipLib = findLibrary(Backend::Hip);
  std::string whyNot;
  if (!hipLib) {
    whyNot = llvm::toString(hipLib.takeError());
  } else {
    llvm::Expected<void *> handle = openLibrary(*hipLib, /*global=*/false);
    if (!handle) {
      whyNot = llvm::toString(handle.takeError());
    } else {
      auto probe = reinterpret_cast<int (*)(char *, size_t)>(
          dlsym(*handle, "mcoreHipProbe"));
      auto chips = reinterpret_cast<int (*)(char *, size_t)>(
          dlsym(*handle, "mcoreHipDeviceChips"));
      if (!probe || !chips) {
        whyNot = *hipLib + " is not mcore's HIP runtime (no mcoreHipProbe)";
      } else {
        char message[1024] = {0}, gpus[256] = {0};
        int devices = probe(message, sizeof(message));
        chips(gpus, sizeof(gpus));
        if (devices > 0 && (device < 0 || device >= devices)) {
          dlclose(*handle);
          return error("--device=" + std::to_string(device) + ": HIP sees " +
                       std::to_string(devices) + " device" +
                       (devices == 1 ? "" : "s") + " (0-" +
                       std::to_string(devices - 1) +
                       "; HIP_VISIBLE_DEVICES selects and orders them): " +
                       message);
        }
        if (devices > 0) {
          choice.backend = Backend::Hip;
          choice.library = *hipLib;
          choice.reason = message;
          choice.gpuChips = gpus;
          choice.device = device;
          return choice;
        }
        whyNot = message;
      }
      dlclose(*handle);
    }
  }
  if (requested == Backend::Hip) {
    if (!llvm::StringRef(whyNot).contains("no AMD GPU"))
      whyNot = "no AMD GPU: " + whyNot;
    return error(whyNot + "; use --backend=emu to run on mcore's CPU "
                          "emulator");
  }
  llvm::Expected<std::string> lib = findLibrary(Backend::Emu);
  if (!lib)
    return lib.takeError();
  choice.backend = Backend::Emu;
  choice.library = *lib;
  choice.reason = whyNot;
  return choice;
}

llvm::Expected<RuntimeLibrary>
RuntimeLibrary::open(const BackendChoice &choice) {
  llvm::Expected<void *> handle = openLibrary(choice.library);
  if (!handle)
    return handle.takeError();
  RuntimeLibrary lib;
  lib.library = choice.library;
  auto get = [&](auto &fn, const char *name) {
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(
        dlsym(*handle, name));
    return fn != nullptr;
  };
  for (auto ok :
       {get(lib.memAlloc, "mgpuMemAlloc"), get(lib.memFree, "mgpuMemFree"),
        get(lib.memCopy, "mgpuMemcpy"),
        get(lib.streamSync, "mgpuStreamSynchronize")})
    if (!ok)
      return error(choice.library + " lacks the mgpu* memory functions");
  get(lib.setTiming, "mcoreHipSetKernelTiming");
  get(lib.takeMilliseconds, "mcoreHipTakeKernelMilliseconds");
  if (choice.backend == Backend::Hip && choice.device != 0) {
    // The device every thread of the program runs on (its kernels are
    // compiled for its chip).
    int (*select)(int) = nullptr;
    if (!get(select, "mcoreHipSelectDevice"))
      return error(choice.library + " cannot select a HIP device (no "
                                    "mcoreHipSelectDevice; an older build?)");
    if (!select(choice.device))
      return error("cannot use HIP device " + std::to_string(choice.device));
  }
  bool emu = choice.backend == Backend::Emu;
  get(lib.captureFn, emu ? "mcoreEmuCaptureErrors" : "mcoreHipCaptureErrors");
  get(lib.takeFn, emu ? "mcoreEmuTakeErrors" : "mcoreHipTakeErrors");
  if (emu) {
    get(lib.setChipFn, "mcoreEmuSetChip");
    get(lib.setProgressFn, "mcoreEmuSetProgress");
  }
  lib.errorPrefix = emu ? "mcore-emu: " : "mcore-hip: ";
  return lib;
}

void *RuntimeLibrary::alloc(size_t bytes) const {
  // Never zero bytes: a null pointer would look like a failure.
  return memAlloc(bytes ? bytes : 1, nullptr, false);
}

void RuntimeLibrary::free(void *ptr) const { memFree(ptr, nullptr); }

void RuntimeLibrary::copy(void *dst, const void *src, size_t bytes) const {
  memCopy(dst, const_cast<void *>(src), bytes, nullptr);
  streamSync(nullptr);
}

void RuntimeLibrary::setKernelTiming(bool on) const {
  if (setTiming)
    setTiming(on ? 1 : 0);
}

double RuntimeLibrary::takeKernelMilliseconds() const {
  return takeMilliseconds ? takeMilliseconds() : 0;
}

llvm::Error
RuntimeLibrary::captureErrors(llvm::function_ref<llvm::Error()> fn) const {
  if (!canCaptureErrors()) {
    llvm::consumeError(fn());
    return error(library + " lacks mcore's error-capturing extension (an "
                           "older build?); rebuild mcore");
  }
  captureFn(1);
  llvm::Error inner = fn();
  captureFn(0);
  std::string text(takeFn(nullptr, 0), '\0');
  while (true) {
    std::vector<char> buffer(text.size() + 1);
    size_t n = takeFn(buffer.data(), buffer.size());
    if (n < buffer.size()) {
      text.assign(buffer.data(), n);
      break;
    }
    text.resize(n);
  }
  llvm::StringRef errors = llvm::StringRef(text).rtrim();
  if (errors.empty())
    return inner;
  llvm::consumeError(std::move(inner));
  llvm::SmallVector<llvm::StringRef> lines;
  errors.split(lines, '\n');
  std::string message;
  for (llvm::StringRef line : lines)
    message += (message.empty() ? "" : "\n") + (errorPrefix + line).str();
  return error(message);
}

void RuntimeLibrary::setEmulatedChip(llvm::StringRef chip) const {
  if (setChipFn)
    setChipFn(chip.str().c_str());
}

void RuntimeLibrary::setProgressObserver(RunObserver *observer) const {
  if (!setProgressFn)
    return;
  if (!observer) {
    setProgressFn(nullptr, nullptr);
    return;
  }
  setProgressFn(
      [](void *user, const char *kernel, uint64_t done, uint64_t total) {
        static_cast<RunObserver *>(user)->progress(kernel, done, total);
      },
      observer);
}

RunObserver::~RunObserver() = default;

llvm::SmallVector<std::string> runner::getRunnerUtilsLibraries() {
  llvm::SmallVector<std::string> libs;
  for (const char *name :
       {"libmlir_c_runner_utils.so", "libmlir_runner_utils.so"}) {
    llvm::SmallString<256> path(MCORE_MLIR_LIB_DIR);
    llvm::sys::path::append(path, name);
    libs.push_back(std::string(path));
  }
  return libs;
}

llvm::Expected<std::unique_ptr<ExecutionEngine>>
runner::createExecutionEngine(ModuleOp module,
                              llvm::ArrayRef<std::string> sharedLibs,
                              unsigned optLevel) {
  static std::once_flag initTarget;
  std::call_once(initTarget, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  llvm::Expected<llvm::orc::JITTargetMachineBuilder> builder =
      llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return builder.takeError();
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> tm =
      builder->createTargetMachine();
  if (!tm)
    return tm.takeError();
  auto transformer =
      makeOptimizingTransformer(optLevel, /*sizeLevel=*/0, tm->get());
  llvm::SmallVector<llvm::StringRef> libs(sharedLibs.begin(), sharedLibs.end());
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel =
      static_cast<llvm::CodeGenOptLevel>(std::min(optLevel, 3u));
  options.sharedLibPaths = libs;
  return ExecutionEngine::create(module, options, std::move(*tm));
}

LogicalResult runner::runMCorePipeline(
    ModuleOp module, const MCorePipelineOptions &options,
    const std::function<LogicalResult(PassManager &)> &configure,
    std::string &error) {
  PassManager pm(module->getContext());
  if (configure && failed(configure(pm)))
    return failure();
  if (failed(buildMCorePipeline(pm, options, &error)))
    return failure();
  return pm.run(module);
}
