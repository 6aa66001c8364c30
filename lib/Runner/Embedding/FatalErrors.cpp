//===- FatalErrors.cpp - LLVM fatal errors as llvm::Error -----------------===//

#include "mcore/Runner/FatalErrors.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <csetjmp>
#include <mutex>
#include <string>

using namespace mlir::mcore;

namespace {
/// Where a fatal error on this thread jumps to, and its reason.
struct Catcher {
  std::jmp_buf jump;
  std::string reason;
};
thread_local Catcher *currentCatcher = nullptr;

void onFatalError(void *, const char *reason, bool) {
  if (Catcher *catcher = currentCatcher) {
    currentCatcher = nullptr;
    catcher->reason = reason;
    std::longjmp(catcher->jump, 1);
  }
  // Not caught: what LLVM prints without a handler; LLVM then ends the
  // process.
  llvm::errs() << "LLVM ERROR: " << reason << "\n";
}

/// Runs `fn` under `catcher`: false when a fatal error jumped back. Nothing
/// of this frame is written between setjmp and the jump but memory the
/// caller owns.
bool runCaught(Catcher &catcher, llvm::function_ref<llvm::Error()> fn,
               llvm::Error &result) {
  if (setjmp(catcher.jump) != 0)
    return false;
  currentCatcher = &catcher;
  result = fn();
  currentCatcher = nullptr;
  return true;
}
} // namespace

llvm::Error runner::catchFatalErrors(llvm::function_ref<llvm::Error()> fn) {
  static std::once_flag installOnce;
  std::call_once(installOnce,
                 [] { llvm::install_fatal_error_handler(onFatalError); });
  if (currentCatcher)
    return fn();
  Catcher catcher;
  llvm::Error result = llvm::Error::success();
  if (runCaught(catcher, fn, result))
    return result;
  llvm::consumeError(std::move(result));
  return llvm::createStringError(
      "LLVM fatal error: " + catcher.reason +
      " (LLVM cannot compile this input; this is a bug of mcore or LLVM: "
      "please report it with the input. The work was abandoned and its "
      "memory is not freed)");
}
