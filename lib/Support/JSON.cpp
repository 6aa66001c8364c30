//===- JSON.cpp - JSON text with readable numbers -------------------------===//
//
// See include/mcore/Support/JSON.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Support/JSON.h"

#include "llvm/Support/raw_ostream.h"

#include <charconv>
#include <cmath>

using namespace mlir;

std::string mcore::formatJSONNumber(double value) {
  if (!std::isfinite(value))
    return "null";
  char buffer[64];
  std::to_chars_result r =
      std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, r.ptr);
}

static void write(llvm::json::OStream &j, const llvm::json::Value &value) {
  switch (value.kind()) {
  case llvm::json::Value::Object:
    j.object([&] {
      for (const llvm::json::Object::value_type *member :
           llvm::json::sortedElements(*value.getAsObject())) {
        j.attributeBegin(member->first);
        write(j, member->second);
        j.attributeEnd();
      }
    });
    return;
  case llvm::json::Value::Array:
    j.array([&] {
      for (const llvm::json::Value &element : *value.getAsArray())
        write(j, element);
    });
    return;
  case llvm::json::Value::Number:
    // Integers (and doubles with an integer value) as llvm::json prints
    // them: exactly.
    if (value.getAsInteger() || value.getAsUINT64())
      j.value(value);
    else
      j.rawValue(mcore::formatJSONNumber(*value.getAsNumber()));
    return;
  default:
    j.value(value);
    return;
  }
}

void mcore::printJSON(llvm::raw_ostream &os, const llvm::json::Value &value,
                      unsigned indent) {
  llvm::json::OStream j(os, indent);
  write(j, value);
}

std::string mcore::formatJSON(const llvm::json::Value &value,
                              unsigned indent) {
  std::string text;
  llvm::raw_string_ostream os(text);
  printJSON(os, value, indent);
  return text;
}
