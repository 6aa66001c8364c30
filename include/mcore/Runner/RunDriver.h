//===- RunDriver.h - What mcore-run's two modes share ----------*- C++ -*-===//
//
// mcore-run runs a program (RunFile.h) or a generated matmul (RunMatmul.h).
// Both take the options declared here, print their messages as
// "mcore-run: error: ...", choose the backend and the libraries the host
// code links the same way, and end with one exit status. The tool
// (tools/mcore-run) parses the command line into these options and
// supervises the process; everything else is in lib/Runner, as upstream
// mlir-runner rests on mlir/lib/ExecutionEngine/JitRunner.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_RUNNER_RUNDRIVER_H
#define MCORE_RUNNER_RUNDRIVER_H

#include "mcore/Runner/Runner.h"
#include "mcore/Target/Chip.h"

#include "mlir/Support/LLVM.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class PassManager;
} // namespace mlir

namespace mlir::mcore::runner {

/// mcore-run's exit statuses.
enum class RunStatus {
  Success = 0,  ///< ran (matmul mode: status=PASS)
  Mismatch = 1, ///< matmul mode: C differs from the reference (status=FAIL)
  Failure = 2,  ///< a usage, compile or runtime error
};

/// The options of both modes, as mcore-run's command line gives them
/// (docs/Running.md describes each).
struct RunOptions {
  std::string inputFile;               ///< the positional FILE.mlir
  std::string chip;                    ///< --chip ("": from the input or GPU)
  std::string backend = "auto";        ///< --backend=auto|hip|emu
  int device = 0;                      ///< --device (HIP's numbering)
  bool verbose = false;                ///< --verbose: say the backend chosen
  std::string pipelineOptions;         ///< --pipeline-options
  bool compileOnly = false;            ///< --compile-only
  std::string dumpBinary;              ///< --dump-gpu-binary
  bool printInputIR = false;           ///< --print-input-ir
  bool printLoweredIR = false;         ///< --print-lowered-ir
  std::vector<std::string> sharedLibs; ///< --shared-libs
  /// Applied to every pass manager before the pipeline is added (mcore-run:
  /// MLIR's --mlir-timing, --mlir-print-ir-*, ...); may be empty.
  std::function<LogicalResult(PassManager &)> configurePassManager;
};

/// Prints "mcore-run: error: MESSAGE" on stderr, after `observer` clears
/// its line and stdout is flushed. Returns RunStatus::Failure.
RunStatus reportError(RunObserver &observer, const llvm::Twine &message);
RunStatus reportError(RunObserver &observer, llvm::Error error);
/// Prints "mcore-run: warning: <message>" to stderr.
void reportWarning(RunObserver &observer, const llvm::Twine &message);

/// --backend: auto, hip or emu.
llvm::Expected<Backend> parseBackendOption(llvm::StringRef name);
/// --chip: none when empty, else a known chip.
llvm::Expected<std::optional<Chip>> parseChipOption(llvm::StringRef name);

/// The backend to compile for and run on. A runtime library named in
/// --shared-libs decides an automatic backend and must agree with an
/// explicit one; an automatic choice (any with --verbose) is said on stderr,
/// with the HIP library and device. --compile-only
/// --backend=hip needs no GPU: one is only probed, for its chip, when
/// `haveChip` is false. A --device other than 0 on the emulator is a
/// warning (it has one device).
llvm::Expected<BackendChoice> chooseRunBackend(const RunOptions &options,
                                               Backend wanted, bool haveChip,
                                               RunObserver &observer);

/// Tells the emulator the chip (MCORE_EMU_CHIP, unless the user set it):
/// fp8 decodes differently per chip, and bitcode from elsewhere may name
/// none.
void tellEmulatorChip(const BackendChoice &choice, llvm::StringRef chip);

/// The libraries the host code links besides the backend's runtime: MLIR's
/// runner utilities, then --shared-libs (mcore runtimes left out: the
/// backend's is linked already). A --shared-libs entry that is missing or
/// cannot be loaded (not a library) is an error.
llvm::Expected<llvm::SmallVector<std::string>>
getLinkedLibraries(const RunOptions &options);

/// The pipeline's options: --pipeline-options, then chip, the backend's
/// format and, when not empty, `intrinsic`.
llvm::Expected<std::unique_ptr<MCorePipelineOptions>>
getPipelineOptions(const RunOptions &options, Chip chip, Backend backend,
                   llvm::StringRef intrinsic = "");

/// Prints `module` to stdout (--print-input-ir, --print-lowered-ir).
void printModule(ModuleOp module);

/// Writes every gpu.binary object of `module` to --dump-gpu-binary (more
/// binaries to FILE.1, FILE.2, ...), saying so on stderr once each is
/// written. A file that is the input (its path, or the file standard input
/// reads) or that cannot be written is an error.
RunStatus dumpBinaries(ModuleOp module, const RunOptions &options,
                       RunObserver &observer);

} // namespace mlir::mcore::runner

#endif // MCORE_RUNNER_RUNDRIVER_H
