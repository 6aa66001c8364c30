//===- Nesting.h - How deep an input may nest, and the stack it gets -*- C++ -*-===//
//
// MLIR's parser, printer and verifier, LLVM's JSON parser and most passes
// recurse once per level of nesting: an attribute of 10^4 nested `[`, or
// 5000 nested regions, overflows an 8 MiB stack, and a stack overflow is a
// signal no crash-recovery guard catches (its handler has no stack left to
// run on). mcore therefore bounds what it accepts and runs what recurses on
// a stack of known size:
//
//  * findDeepNesting scans text (MLIR or JSON) before anything parses it and
//    reports the first place where it nests deeper than kMaxNesting levels,
//    so that the tool gives a located error instead of dying;
//  * runWithLargeStack runs the parse, the passes and the printing on a
//    thread with kLargeStackBytes of stack, so that kMaxNesting levels fit
//    whatever stack the caller has (a Python thread, an editor's server),
//    with room to spare: the deepest-recursing input measured (nested
//    regions through mcore-opt's parser and printer) takes about 4 KiB per
//    level, 4 MiB at the limit, 1/16 of the stack.
//
// The scan counts what makes the parsers recurse: brackets `(` `[` `{` `<`
// (and their closers), and the chains of affine operators (`+`, `-`, `*`,
// floordiv, ceildiv, mod) whose parser recurses once per operator (`d0 + d0
// + ...`, `- - d0`). Strings and comments are skipped; `->`, `>=` and `<=`
// are neither brackets nor operators. A chain ends at a token no affine
// expression holds (`,` `:` `=` `;` a string, an attribute or type alias,
// ...), so a function body's many `-1` constants are no chain. The count is
// an upper bound of the recursion depth of the parsers mcore registers, not
// the exact depth: text the parser would reject earlier may be refused for
// its depth instead. Binary MLIR bytecode is not scanned (its reader walks
// regions iteratively).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_SUPPORT_NESTING_H
#define MCORE_SUPPORT_NESTING_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>

namespace mlir::mcore {

/// The deepest nesting mcore accepts in text it parses: brackets plus
/// chained affine operators. Far beyond any program (mcore's deepest kernels
/// nest about 15 levels), far below what kLargeStackBytes holds.
constexpr unsigned kMaxNesting = 1000;

/// The stack runWithLargeStack gives (virtual memory; pages are only used
/// as the recursion reaches them).
constexpr unsigned kLargeStackBytes = 64u << 20;

/// Where text first nests deeper than the limit.
struct DeepNesting {
  /// Byte offset of the token that went past the limit.
  size_t offset = 0;
  /// The limit that was exceeded.
  unsigned limit = 0;

  /// "nesting deeper than 1000 levels (brackets and chained affine
  /// operators); mcore accepts at most 1000" (without the location).
  std::string describe() const;
};

/// The first place where `text` nests deeper than `limit`, or nothing.
/// MLIR bytecode (its magic number first) is not scanned.
std::optional<DeepNesting> findDeepNesting(llvm::StringRef text,
                                           unsigned limit = kMaxNesting);

/// The 1-based line and column of byte `offset` of `text`.
std::pair<unsigned, unsigned> getLineAndColumn(llvm::StringRef text,
                                               size_t offset);

/// An error "<buffer name>:<line>:<col>: <describe()>" when `buffer` nests
/// deeper than `limit`.
llvm::Error checkNesting(llvm::MemoryBufferRef buffer,
                         unsigned limit = kMaxNesting);

/// Runs `fn` on a thread whose stack is kLargeStackBytes, and waits for it;
/// runs it directly when the calling thread is such a thread already.
/// Thread-local state (LLVM's fatal-error catcher, a crash-recovery context)
/// must be set up inside `fn`.
void runWithLargeStack(llvm::function_ref<void()> fn);

} // namespace mlir::mcore

#endif // MCORE_SUPPORT_NESTING_H
