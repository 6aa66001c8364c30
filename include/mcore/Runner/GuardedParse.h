//===- GuardedParse.h - Survive a crash of the upstream MLIR parser -*- C++ -*-===//
//
// Upstream MLIR 22's parser can crash (a signal, not an error) on some
// inputs: the custom parser of linalg.batch_matmul and
// linalg.batch_reduce_matmul builds the op's body with the regionBuilder,
// which warns "could not cast operand of type 'f16' to 'index'" and then
// uses the value it could not build (a segmentation fault) when an operand's
// element type cannot be cast to the accumulator's (f16 into index, vector
// elements, ...). mlir-opt-22 crashes on the same text with no pass at all;
// llvm/llvm-project#179677 (fixed for llvm_unreachable in #181616) is the
// same defect for other types.
//
// checkParserSurvives parses a buffer once more, in a throwaway context, under
// LLVM's CrashRecoveryContext, before the tool's real parse: a crash there is
// an error naming this upstream defect instead of a stack dump. Before that,
// it refuses a buffer that nests deeper than the parser's stack allows
// (mcore/Support/Nesting.h): a stack overflow is a signal no recovery
// context catches, and would end the tool on the throwaway parse already. Sound because
// the real parse is the same parser on the same text with the same dialects
// (so it crashes exactly when this one does), the throwaway context runs on
// this thread alone (multithreading off: the parser's verification cannot
// crash on another thread), and after a crash nothing of the abandoned parse
// is touched again: its context is leaked, not destroyed, and the "pretty
// stack" of the abandoned frames is restored.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_RUNNER_GUARDEDPARSE_H
#define MCORE_RUNNER_GUARDEDPARSE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <optional>
#include <string>

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::mcore::runner {

/// A crash of the parser on one buffer: what it emitted before (the
/// upstream defect warns "could not cast operand ..." first, at an unknown
/// location), or "no diagnostic before".
struct ParserCrash {
  std::string emitted;
};

/// Parses `chunk` as one buffer (no splitting; any slice of a buffer) in a
/// throwaway context, on a stack of kLargeStackBytes (runWithLargeStack),
/// and throws the result away. Returns the crash when the parser crashed (a
/// signal), nothing when it survived (with or without a parse error). The
/// caller checks first that the chunk nests no deeper than kMaxNesting
/// (findDeepNesting).
std::optional<ParserCrash>
findParserCrash(llvm::MemoryBufferRef chunk, const DialectRegistry &registry,
                bool allowUnregisteredDialects = false);

/// What every tool says about a crash (without the buffer's name): that
/// the parser crashed, after what, and that the defect is upstream's.
std::string describeParserCrash(const ParserCrash &crash);

/// Parses `buffer` (each chunk between `splitMarker` lines when it is not
/// empty, as --split-input-file does) with the dialects of `registry` and
/// throws the result away. Returns an error "<buffer name>:<line>:<col>:
/// nesting deeper than ..." when a chunk nests deeper than kMaxNesting
/// (nothing is parsed then), or "<buffer name>: " and describeParserCrash
/// when the parser crashed (a signal) on a chunk; a parse error is not
/// reported here: the real parse reports it. Costs a second parse of the
/// input. The real parse, and what recurses after it, belongs on a large
/// stack too (runWithLargeStack).
llvm::Error checkParserSurvives(llvm::MemoryBufferRef buffer,
                                const DialectRegistry &registry,
                                bool allowUnregisteredDialects = false,
                                llvm::StringRef splitMarker = "");

} // namespace mlir::mcore::runner

#endif // MCORE_RUNNER_GUARDEDPARSE_H
