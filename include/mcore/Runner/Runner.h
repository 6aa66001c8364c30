//===- Runner.h - Backends and the host JIT of mcore-run --------*- C++ -*-===//
//
// mcore-run executes host code lowered by the mcore pipeline (LLVM dialect
// with mgpu* calls plus a gpu.binary) with MLIR's ExecutionEngine, linked
// against one runtime library with the mgpu* ABI:
//
//   hip  libmcore_hip_runtime.so  HIP on an AMD GPU (HSACO binaries)
//   emu  libmcore_emu_runtime.so  mcore's CPU wave emulator (LLVM bitcode)
//
// This header finds and opens those libraries, decides the backend, runs
// the pipeline and JIT-compiles a module. docs/Running.md describes the
// tool.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_RUNNER_RUNNER_H
#define MCORE_RUNNER_RUNNER_H

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace mlir {
class PassManager;
namespace mcore {
struct MCorePipelineOptions;
} // namespace mcore
} // namespace mlir

namespace mlir::mcore::runner {

enum class Backend { Auto, Hip, Emu };
llvm::StringRef getBackendName(Backend backend); ///< "auto", "hip", "emu"
/// The file name of a backend's runtime library, "libmcore_hip_runtime.so".
llvm::StringRef getRuntimeLibraryName(Backend backend);
/// The pipeline's format= for a backend: "hsaco" (hip), "llvm" (emu).
llvm::StringRef getBinaryFormat(Backend backend);

/// Where mcore's runtime libraries are: $MCORE_RUNTIME_DIR, else the
/// directory setRuntimeDirectory gave, else the lib directory beside the
/// running tool (<prefix>/bin/.. /lib, the same in the build tree and in an
/// install) or, for a program built against an installed mcore, that
/// installation's (mcore/Support/InstallPrefix.h).
std::string getRuntimeDirectory();
/// For programs that embed the runner and are not installed beside it (the
/// Python module): where the runtime libraries are.
void setRuntimeDirectory(llvm::StringRef dir);

/// The outcome of backend selection.
struct BackendChoice {
  Backend backend = Backend::Emu;
  std::string library;  ///< path of the runtime library
  std::string reason;   ///< "1 AMD GPU (gfx942); HIP 6.2 ..." or why not
  std::string gpuChips; ///< HIP's devices' chips, comma-separated (hip)
  int device = 0;       ///< the HIP device that runs the kernels (hip)

  /// The chip of `device` ("gfx942"), "" when unknown or not on hip.
  std::string getDeviceChip() const;
};

/// Resolves `requested`: Hip must have an AMD GPU (the error contains "no
/// AMD GPU" and suggests --backend=emu); Auto takes Hip when a GPU is
/// usable and Emu otherwise. The runtime library must exist. `device` is the
/// HIP device to run on (HIP's numbering, after HIP_VISIBLE_DEVICES); one
/// HIP does not have is an error when HIP is chosen.
llvm::Expected<BackendChoice> chooseBackend(Backend requested, int device = 0);

class RunObserver;

/// A runtime library, opened with dlopen: the JIT's host code and the
/// runner then share its state (HIP and its device, the emulator's memory
/// map). Besides the
/// mgpu* memory functions it reaches mcore's extensions
/// (include/mcore/Runtime/{EmuRuntime,HipRuntime}.h): kernel timing (hip),
/// error capture (both), the emulated chip and launch progress (emu).
class RuntimeLibrary {
public:
  static llvm::Expected<RuntimeLibrary> open(const BackendChoice &choice);

  void *alloc(size_t bytes) const;
  void free(void *ptr) const;
  /// Copies and waits for the copy.
  void copy(void *dst, const void *src, size_t bytes) const;
  /// Device time of kernels, where the backend measures it (hip).
  bool canTimeKernels() const { return setTiming && takeMilliseconds; }
  void setKernelTiming(bool on) const;
  double takeKernelMilliseconds() const;

  /// Whether the library has mcore's error-capturing extension
  /// (mcore{Emu,Hip}CaptureErrors and mcore{Emu,Hip}TakeErrors).
  bool canCaptureErrors() const { return captureFn && takeFn; }
  /// Runs `fn` with the library's errors recorded instead of printed (the
  /// process goes on, the failing call returns); fails with them, one per
  /// line, as "mcore-emu: ..." / "mcore-hip: ...", or else with fn's error.
  /// Without the extension, fails saying so.
  llvm::Error captureErrors(llvm::function_ref<llvm::Error()> fn) const;
  /// The chip the emulator emulates for modules whose code names none
  /// (mcoreEmuSetChip); nothing on hip.
  void setEmulatedChip(llvm::StringRef chip) const;
  /// Tells `observer` (null: no one) how far the emulator's launches are
  /// (mcoreEmuSetProgress); nothing on hip.
  void setProgressObserver(RunObserver *observer) const;

private:
  std::string library;
  const char *errorPrefix = "";
  void *(*memAlloc)(uint64_t, void *, bool) = nullptr;
  void (*memFree)(void *, void *) = nullptr;
  void (*memCopy)(void *, void *, size_t, void *) = nullptr;
  void (*streamSync)(void *) = nullptr;
  void (*setTiming)(int) = nullptr;
  double (*takeMilliseconds)() = nullptr;
  void (*captureFn)(int) = nullptr;
  size_t (*takeFn)(char *, size_t) = nullptr;
  void (*setChipFn)(const char *) = nullptr;
  void (*setProgressFn)(void (*)(void *, const char *, uint64_t, uint64_t),
                        void *) = nullptr;
};

/// Where the runner says what it is doing. mcore-run draws it as a progress
/// line on a terminal and supervises the process (tools/mcore-run); the
/// defaults do nothing, for embedders.
class RunObserver {
public:
  virtual ~RunObserver();
  /// A step begins ("compiling ...", "running on emu (run 2 of 5)").
  virtual void step(const std::string &what) {}
  /// The steps so far are over.
  virtual void stopSteps() {}
  /// Something is about to be written to stdout or stderr.
  virtual void clearLine() {}
  /// An error is reported (its text, without "mcore-run: error: "); it is
  /// printed on stderr as well.
  virtual void error(const std::string &message) {}
  /// The compiled program's code runs from now on (its GPU module loads,
  /// its host code is called): a fault is the program's, not the compiler's.
  virtual void startRunning() {}
  /// How far a kernel launch on the emulator is: `done` of `total`
  /// work-groups of `kernel` have run. Called from the emulator's threads,
  /// possibly at once: cheap and thread-safe.
  virtual void progress(llvm::StringRef kernel, uint64_t done,
                        uint64_t total) {}
};

/// The upstream runner libraries mcore-run links by default
/// (libmlir_c_runner_utils.so, libmlir_runner_utils.so: printMemrefF32 and
/// friends), from LLVM's library directory.
llvm::SmallVector<std::string> getRunnerUtilsLibraries();

/// JIT-compiles `module` (LLVM dialect, possibly with gpu.binary and
/// gpu.launch_func) at `optLevel`, resolving symbols from `sharedLibs`.
llvm::Expected<std::unique_ptr<ExecutionEngine>>
createExecutionEngine(ModuleOp module, llvm::ArrayRef<std::string> sharedLibs,
                      unsigned optLevel = 2);

/// Runs --mcore-pipeline with `options` on `module`. `configure` may set up
/// the pass manager first (mcore-run: MLIR's --mlir-timing,
/// --mlir-print-ir-*, ...); a failure there fails without a message. A
/// pipeline that cannot be built fails with the message in `error`;
/// compile errors go to the context's diagnostic handlers.
LogicalResult
runMCorePipeline(ModuleOp module, const MCorePipelineOptions &options,
                 const std::function<LogicalResult(PassManager &)> &configure,
                 std::string &error);

} // namespace mlir::mcore::runner

#endif // MCORE_RUNNER_RUNNER_H
