//===- JSON.h - JSON text with readable numbers -----------------*- C++ -*-===//
//
// llvm::json prints every double with 17 significant digits, so 0.2 becomes
// 0.20000000000000001 and 512.3 becomes 512.29999999999995: correct, but not
// what a person (or a diff of a tuning table) wants to read. printJSON
// writes a json::Value as llvm::json does (keys sorted, the same escaping),
// with each non-integer number in the shortest form that reads back as the
// same double.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_SUPPORT_JSON_H
#define MCORE_SUPPORT_JSON_H

#include "llvm/Support/JSON.h"

#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::mcore {

/// Writes `value` to `os`; `indent` > 0 pretty-prints with that many spaces
/// per level, as json::OStream does.
void printJSON(llvm::raw_ostream &os, const llvm::json::Value &value,
               unsigned indent = 0);

/// `value` as printJSON writes it.
std::string formatJSON(const llvm::json::Value &value, unsigned indent = 0);

/// The shortest decimal text that reads back as `value` ("0.2", "1e+20");
/// JSON has no NaN or infinity: those are "null".
std::string formatJSONNumber(double value);

} // namespace mlir::mcore

#endif // MCORE_SUPPORT_JSON_H
