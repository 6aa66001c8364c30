//===- GuardedParse.cpp - Survive a crash of the upstream MLIR parser -----===//

#include "mcore/Runner/GuardedParse.h"

#include "mcore/Support/Nesting.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/ToolUtilities.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>
#include <string>

// In an AddressSanitizer build, what a parse that may crash allocates is no
// leak LeakSanitizer should report: after a crash it is abandoned on
// purpose (the context, and the ops the parser was building on the stack
// it left).
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#include <sanitizer/lsan_interface.h>
#define MCORE_ABANDONABLE_BEGIN() __lsan_disable()
#define MCORE_ABANDONABLE_END() __lsan_enable()
#endif
#endif
#ifndef MCORE_ABANDONABLE_BEGIN
#define MCORE_ABANDONABLE_BEGIN()
#define MCORE_ABANDONABLE_END()
#endif

using namespace mlir;
using namespace mlir::mcore;

namespace {
/// CrashRecoveryContext's signal handlers are process-wide: installed while
/// any thread checks a parse, then the previous handlers are back (LLVM's
/// stack dump, or the embedding program's).
std::mutex enableMutex;
unsigned enableCount = 0;

struct EnableCrashRecovery {
  EnableCrashRecovery() {
    std::lock_guard<std::mutex> lock(enableMutex);
    if (enableCount++ == 0)
      llvm::CrashRecoveryContext::Enable();
  }
  ~EnableCrashRecovery() {
    std::lock_guard<std::mutex> lock(enableMutex);
    if (--enableCount == 0)
      llvm::CrashRecoveryContext::Disable();
  }
};
} // namespace

std::optional<runner::ParserCrash>
runner::findParserCrash(llvm::MemoryBufferRef chunk,
                        const DialectRegistry &registry,
                        bool allowUnregisteredDialects) {
  EnableCrashRecovery enable;
  MCORE_ABANDONABLE_BEGIN();
  // Leaked on a crash: the abandoned parse may still point into it.
  auto *context =
      new MLIRContext(registry, MLIRContext::Threading::DISABLED);
  context->allowUnregisteredDialects(allowUnregisteredDialects);
  context->printOpOnDiagnostic(false);
  std::string emitted;
  context->getDiagEngine().registerHandler([&](Diagnostic &diagnostic) {
    if (diagnostic.getSeverity() != DiagnosticSeverity::Remark)
      emitted += (emitted.empty() ? "" : "; ") + diagnostic.str();
  });
  // A copy: the lexer needs the terminating NUL a slice of a larger buffer
  // (a chunk, a prefix) does not have.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(chunk.getBuffer(),
                                           chunk.getBufferIdentifier()),
      llvm::SMLoc());

  // On the stack the real parse gets (Nesting.h); the chunk nests no
  // deeper than its limit (callers check first). The crash-recovery context
  // and the pretty stack are that thread's.
  bool survived = true;
  runWithLargeStack([&] {
    const void *prettyStack = llvm::SavePrettyStackState();
    llvm::CrashRecoveryContext recovery;
    survived = recovery.RunSafely([&] {
      (void)parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
    });
    if (!survived)
      llvm::RestorePrettyStackState(prettyStack);
  });
  MCORE_ABANDONABLE_END();
  if (survived) {
    delete context;
    return std::nullopt;
  }
  return ParserCrash{emitted.empty() ? "no diagnostic before" : emitted};
}

std::string runner::describeParserCrash(const ParserCrash &crash) {
  return "the MLIR parser crashed on this input (after: " + crash.emitted +
         "). This is a defect of upstream MLIR 22, not of mcore: the parser "
         "of linalg.batch_matmul and linalg.batch_reduce_matmul crashes when "
         "an element type cannot be cast to the accumulator's (as "
         "llvm/llvm-project#179677); mlir-opt-22 crashes on it too. The "
         "input was not processed; check the element types of its linalg "
         "ops";
}

llvm::Error runner::checkParserSurvives(llvm::MemoryBufferRef buffer,
                                        const DialectRegistry &registry,
                                        bool allowUnregisteredDialects,
                                        llvm::StringRef splitMarker) {
  // Too deep for the parser's stack: located in the whole buffer, chunk by
  // chunk (a chunk's unclosed brackets do not reach the next).
  llvm::StringRef text = buffer.getBuffer();
  llvm::SmallVector<llvm::StringRef, 8> chunks;
  if (splitMarker.empty())
    chunks.push_back(text);
  else
    text.split(chunks, splitMarker);
  for (llvm::StringRef chunk : chunks)
    if (std::optional<DeepNesting> deep = findDeepNesting(chunk)) {
      auto [line, column] = getLineAndColumn(
          text, chunk.data() - text.data() + deep->offset);
      return llvm::createStringError(
          buffer.getBufferIdentifier().str() + ":" + std::to_string(line) +
          ":" + std::to_string(column) + ": " + deep->describe());
    }

  std::optional<ParserCrash> crash;
  (void)splitAndProcessBuffer(
      llvm::MemoryBuffer::getMemBuffer(buffer),
      [&](std::unique_ptr<llvm::MemoryBuffer> chunk, llvm::raw_ostream &) {
        if (!crash)
          crash = findParserCrash(*chunk, registry, allowUnregisteredDialects);
        return success();
      },
      llvm::nulls(), splitMarker);
  if (!crash)
    return llvm::Error::success();
  return llvm::createStringError(buffer.getBufferIdentifier().str() + ": " +
                                 describeParserCrash(*crash));
}
