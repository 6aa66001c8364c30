//===- Nesting.cpp - How deep an input may nest, and the stack it gets ----===//
//
// See include/mcore/Support/Nesting.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Support/Nesting.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <pthread.h>

using namespace mlir;
using llvm::StringRef;

std::string mcore::DeepNesting::describe() const {
  return llvm::formatv("nesting deeper than {0} levels (brackets and chained "
                       "affine operators); mcore parses at most {0}, so that "
                       "its recursive parser stays within its stack",
                       limit)
      .str();
}

namespace {
/// Characters of an identifier after its prefix (MLIR's id-punct included:
/// `%a-b` is one SSA name).
bool isIdChar(char c) {
  return llvm::isAlnum(c) || c == '$' || c == '.' || c == '_' || c == '-';
}
bool isBareIdChar(char c) {
  return llvm::isAlnum(c) || c == '$' || c == '.' || c == '_';
}
} // namespace

std::optional<mcore::DeepNesting> mcore::findDeepNesting(StringRef text,
                                                         unsigned limit) {
  // MLIR bytecode: "ML" 0xEF "R".
  if (text.starts_with("ML\xEFR"))
    return std::nullopt;
  // The length of the affine operator chain at each open level (the first
  // entry is the top level); `depth` is the open brackets plus every chain.
  llvm::SmallVector<unsigned, 64> chains = {0};
  unsigned depth = 0;
  size_t i = 0, n = text.size();
  auto at = [&](size_t k) { return k < n ? text[k] : '\0'; };
  auto found = [&](size_t offset) { return DeepNesting{offset, limit}; };
  // A token no affine expression holds ends the current chain.
  auto endChain = [&] {
    depth -= chains.back();
    chains.back() = 0;
  };
  while (i < n) {
    char c = text[i];
    if (llvm::isSpace(c)) {
      ++i;
      continue;
    }
    if (c == '/' && at(i + 1) == '/') {
      while (i < n && text[i] != '\n')
        ++i;
      continue;
    }
    if (c == '"') {
      endChain();
      for (++i; i < n && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
      ++i;
      continue;
    }
    // `<=`, `>=` and `->` are neither brackets nor operators.
    if ((c == '<' || c == '>' || c == '-') &&
        at(i + 1) == (c == '-' ? '>' : '=')) {
      endChain();
      i += 2;
      continue;
    }
    switch (c) {
    case '(':
    case '[':
    case '{':
    case '<':
      chains.push_back(0);
      if (++depth > limit)
        return found(i);
      ++i;
      continue;
    case ')':
    case ']':
    case '}':
    case '>':
      if (chains.size() > 1) {
        depth -= chains.back() + 1;
        chains.pop_back();
      } else {
        endChain(); // an unmatched closer: the parser stops there
      }
      ++i;
      continue;
    case '-':
    case '+':
    case '*':
      ++chains.back();
      if (++depth > limit)
        return found(i);
      ++i;
      continue;
    case '%':
      // An SSA name, which affine expressions of SSA ids hold.
      for (++i; i < n && isIdChar(text[i]); ++i)
        ;
      continue;
    case '#':
    case '!':
    case '^':
    case '@':
      endChain();
      for (++i; i < n && isIdChar(text[i]); ++i)
        ;
      continue;
    default:
      break;
    }
    if (llvm::isAlpha(c) || c == '_') {
      size_t start = i;
      for (++i; i < n && isBareIdChar(text[i]); ++i)
        ;
      StringRef word = text.slice(start, i);
      if (word == "floordiv" || word == "ceildiv" || word == "mod") {
        ++chains.back();
        if (++depth > limit)
          return found(start);
      }
      continue;
    }
    if (llvm::isDigit(c)) {
      // As MLIR's lexer: digits, or 0x and hex digits; a float's fraction
      // and signed exponent.
      if (c == '0' && at(i + 1) == 'x' && llvm::isHexDigit(at(i + 2))) {
        for (i += 2; i < n && llvm::isHexDigit(text[i]); ++i)
          ;
        continue;
      }
      for (; i < n && llvm::isDigit(text[i]); ++i)
        ;
      if (at(i) == '.') {
        for (++i; i < n && llvm::isDigit(text[i]); ++i)
          ;
        if ((at(i) == 'e' || at(i) == 'E') &&
            (llvm::isDigit(at(i + 1)) ||
             ((at(i + 1) == '+' || at(i + 1) == '-') &&
              llvm::isDigit(at(i + 2))))) {
          for (i += 2; i < n && llvm::isDigit(text[i]); ++i)
            ;
        }
      }
      continue;
    }
    // `,` `:` `=` `;` `?` and anything else.
    endChain();
    ++i;
  }
  return std::nullopt;
}

std::pair<unsigned, unsigned> mcore::getLineAndColumn(StringRef text,
                                                      size_t offset) {
  StringRef before = text.take_front(offset);
  // rfind's npos + 1 is 0: the first line.
  return {before.count('\n') + 1, before.size() - (before.rfind('\n') + 1) + 1};
}

llvm::Error mcore::checkNesting(llvm::MemoryBufferRef buffer, unsigned limit) {
  std::optional<DeepNesting> deep = findDeepNesting(buffer.getBuffer(), limit);
  if (!deep)
    return llvm::Error::success();
  auto [line, column] = getLineAndColumn(buffer.getBuffer(), deep->offset);
  return llvm::createStringError(
      llvm::formatv("{0}:{1}:{2}: {3}", buffer.getBufferIdentifier(), line,
                    column, deep->describe())
          .str());
}

namespace {
thread_local bool onLargeStack = false;

struct LargeStackWork {
  llvm::function_ref<void()> fn;
};

void *runLargeStackWork(void *arg) {
  onLargeStack = true;
  static_cast<LargeStackWork *>(arg)->fn();
  return nullptr;
}
} // namespace

void mcore::runWithLargeStack(llvm::function_ref<void()> fn) {
  if (onLargeStack) {
    fn();
    return;
  }
  LargeStackWork work{fn};
  pthread_attr_t attr;
  pthread_t thread;
  bool started = false;
  if (pthread_attr_init(&attr) == 0) {
    started = pthread_attr_setstacksize(&attr, kLargeStackBytes) == 0 &&
              pthread_create(&thread, &attr, runLargeStackWork, &work) == 0;
    pthread_attr_destroy(&attr);
  }
  if (!started) {
    // No thread to be had (address space exhausted): the caller's stack,
    // as before; the nesting limit still holds.
    fn();
    return;
  }
  pthread_join(thread, nullptr);
}
