//===- FatalErrors.h - LLVM fatal errors as llvm::Error ---------*- C++ -*-===//
//
// LLVM ends the process on a fatal error (report_fatal_error: "Cannot
// select", "Broken module found").
// A program that embeds mcore (the Python interpreter) must not die of one:
// catchFatalErrors runs a piece of work so that a fatal error reached on the
// calling thread returns as an llvm::Error instead.
//
//   llvm::Expected<CompileOutput> out = catchFatalErrors<CompileOutput>(
//       [&] { return compileSource(text, "input.mlir", options, stage); });
//
// What it costs: the work is abandoned where the error struck (a longjmp, as
// LLVM's CrashRecoveryContext does), so its memory is not freed and its
// objects must not be used again; keep everything the work touches local to
// it (its own MLIRContext, with multithreading off so that LLVM runs on the
// calling thread). A fatal error on another thread still ends the process,
// after LLVM's usual "LLVM ERROR:" message. Signals (a segmentation fault in
// the compiler) are not caught.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_RUNNER_FATALERRORS_H
#define MCORE_RUNNER_FATALERRORS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace mlir::mcore::runner {

/// Runs `fn`; an LLVM fatal error inside it, on this thread, is returned as
/// an error "LLVM fatal error: <reason> ...". The first call installs
/// mcore's LLVM fatal-error handler for the process (which, outside
/// catchFatalErrors, prints the message as LLVM does and lets LLVM end the
/// process). Nested calls: the outermost catches.
llvm::Error catchFatalErrors(llvm::function_ref<llvm::Error()> fn);

template <typename T>
llvm::Expected<T> catchFatalErrors(llvm::function_ref<llvm::Expected<T>()> fn) {
  std::optional<T> value;
  llvm::Error error = catchFatalErrors([&]() -> llvm::Error {
    llvm::Expected<T> result = fn();
    if (!result)
      return result.takeError();
    value.emplace(std::move(*result));
    return llvm::Error::success();
  });
  if (error)
    return std::move(error);
  return std::move(*value);
}

} // namespace mlir::mcore::runner

#endif // MCORE_RUNNER_FATALERRORS_H
