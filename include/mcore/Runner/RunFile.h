//===- RunFile.h - mcore-run FILE.mlir -------------------------*- C++ -*-===//
//
// Program mode of mcore-run: a program at any level (linalg on tensors or
// memrefs, 2:4-encoded A, partly lowered IR) goes through --mcore-pipeline
// for the chosen backend (format=hsaco for hip, format=llvm for emu); one
// that already holds a gpu.binary and LLVM-dialect host code runs as it is.
// The host code is JIT-compiled, linked against the backend's runtime
// library, MLIR's runner utilities and --shared-libs, and its entry function
// called, as mlir-runner would. docs/Running.md describes the mode.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_RUNNER_RUNFILE_H
#define MCORE_RUNNER_RUNFILE_H

#include "mcore/Runner/RunDriver.h"

namespace mlir::mcore::runner {

struct RunFileOptions : RunOptions {
  std::string entryPoint = "main";  ///< -e: takes no arguments
  std::string entryResult = "void"; ///< --entry-point-result=void|i32|f32
};

/// Compiles (where needed) and runs options.inputFile. Errors are printed
/// (located ones as mcore-opt prints them) and give RunStatus::Failure; an
/// i32 or f32 result is printed on stdout.
RunStatus runFile(const RunFileOptions &options, RunObserver &observer);

} // namespace mlir::mcore::runner

#endif // MCORE_RUNNER_RUNFILE_H
