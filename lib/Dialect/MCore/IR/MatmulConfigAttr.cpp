//===- MatmulConfigAttr.cpp - The syntax of #mcore.matmul_config ----------===//
//
// #mcore.matmul_config<tile_m = 64, waves_m = 1, ...>: the knobs of
// MatmulConfigFields (include/mcore/Heuristic/MatmulConfig.h) by key,
// parsed, printed and checked (checkMatmulConfig).
//
//===----------------------------------------------------------------------===//

#include "mcore/Dialect/MCore/IR/MCoreAttrs.h"
#include "mcore/Heuristic/MatmulConfig.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace mlir::mcore;

//===----------------------------------------------------------------------===//
// #mcore.matmul_config
//===----------------------------------------------------------------------===//

Attribute MatmulConfigAttr::parse(AsmParser &parser, Type) {
  SMLoc start = parser.getCurrentLocation();
  MatmulConfigFields fields;
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater())) {
    auto parseKnob = [&]() -> ParseResult {
      SMLoc loc = parser.getCurrentLocation();
      std::string key;
      if (parser.parseKeywordOrString(&key) || parser.parseEqual())
        return failure();
      bool known = false;
      ParseResult result = success();
      forEachMatmulKnob(fields, [&](const MatmulKnobInfo &knob, auto &field) {
        if (knob.key != key)
          return;
        known = true;
        if (field) {
          result = parser.emitError(loc) << "'" << key << "' given twice";
          return;
        }
        using T = typename std::decay_t<decltype(field)>::value_type;
        if constexpr (std::is_same_v<T, bool>) {
          SMLoc at = parser.getCurrentLocation();
          StringRef word;
          if (failed(parser.parseOptionalKeyword(&word)) ||
              (word != "true" && word != "false")) {
            result = parser.emitError(at)
                     << "'" << key << "' takes true or false";
            return;
          }
          field = word == "true";
        } else if constexpr (std::is_same_v<T, std::string>) {
          std::string text;
          if (failed(parser.parseKeywordOrString(&text))) {
            result = failure();
            return;
          }
          field = text;
        } else {
          int64_t value;
          if (failed(parser.parseInteger(value))) {
            result = failure();
            return;
          }
          field = value;
        }
      });
      if (!known)
        return parser.emitError(loc)
               << "unknown #mcore.matmul_config field '" << key
               << "'; the fields are " << getMatmulKnobKeyList();
      return result;
    };
    if (parser.parseCommaSeparatedList(parseKnob) || parser.parseGreater())
      return {};
  }
  return parser.getChecked<MatmulConfigAttr>(start, parser.getContext(),
                                             fields);
}

void MatmulConfigAttr::print(AsmPrinter &printer) const {
  printer << "<";
  bool first = true;
  forEachMatmulKnob(getFields(), [&](const MatmulKnobInfo &knob,
                                     const auto &field) {
    if (!field)
      return;
    printer << (first ? "" : ", ") << knob.key << " = ";
    first = false;
    using T = typename std::decay_t<decltype(field)>::value_type;
    if constexpr (std::is_same_v<T, bool>)
      printer << (*field ? "true" : "false");
    else if constexpr (std::is_same_v<T, std::string>)
      printer.printKeywordOrString(*field);
    else
      printer << *field;
  });
  printer << ">";
}

LogicalResult
MatmulConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         MatmulConfigFields fields) {
  std::string problem = checkMatmulConfig(fields);
  if (problem.empty())
    return success();
  return emitError() << "#mcore.matmul_config: " << problem;
}
