//===- ConfigureMatmul.cpp - The kernel configuration of each matmul ------===//
//
// mcore-configure-matmul sets #mcore.matmul_config on every matmul
// mcore-tile-matmul lowers: knob by knob, from the attribute the op already
// carries, the options, a tuning table and the heuristic
// (ConfigureMatmulHeuristic.cpp). mcore-tile-matmul then builds the kernel
// the attribute describes (docs/Tuning.md).
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"

#include "mcore/Dialect/MCore/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <type_traits>
#include <vector>

namespace mlir::mcore {
#define GEN_PASS_DEF_MCORECONFIGUREMATMULPASS
#include "mcore/Dialect/MCore/Transforms/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

//===----------------------------------------------------------------------===//
// The knobs as options, as chosen, as data
//===----------------------------------------------------------------------===//

MatmulConfigFields MatmulTilingOptions::getForcedKnobs() const {
  MatmulConfigFields fields;
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)              \
  if (NAME != TYPE(AUTO))                                                      \
    fields.NAME = NAME;
#include "mcore/Dialect/MCore/IR/MatmulConfig.def"
  return fields;
}

void MatmulTilingOptions::force(const MatmulConfigFields &fields) {
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)              \
  if (fields.NAME)                                                             \
    NAME = *fields.NAME;
#include "mcore/Dialect/MCore/IR/MatmulConfig.def"
}

/// Reads `value` into an option of type T; false, with `problem`, when it is
/// not of that type.
template <typename T>
static bool readOption(T &member, StringRef key, Attribute value,
                       std::string &problem) {
  if constexpr (std::is_same_v<T, bool>) {
    if (auto b = dyn_cast<BoolAttr>(value)) {
      member = b.getValue();
      return true;
    }
    problem = (key + " takes true or false").str();
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (auto str = dyn_cast<StringAttr>(value)) {
      member = str.getValue().str();
      return true;
    }
    problem = (key + " takes a string").str();
  } else {
    auto i = dyn_cast<IntegerAttr>(value);
    if (i && !isa<IndexType>(i.getType()) && i.getType().isInteger(64)) {
      member = i.getInt();
      return true;
    }
    problem = (key + " takes a 64-bit integer").str();
  }
  return false;
}

std::string mlir::mcore::setMatmulOption(MatmulTilingOptions &options,
                                         StringRef key, Attribute value) {
  std::string problem;
  std::vector<std::string> keys;
  auto keyOf = [](StringRef option) {
    std::string k = option.str();
    llvm::replace(k, '-', '_');
    return k;
  };
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)              \
  keys.push_back(keyOf(OPTION));                                               \
  if (key == keys.back())                                                      \
    return readOption(options.NAME, key, value, problem) ? "" : problem;
#define MCORE_MATMUL_POLICY(NAME, OPTION, TYPE, DEFAULT, DESCRIPTION)         \
  keys.push_back(keyOf(OPTION));                                               \
  if (key == keys.back())                                                      \
    return readOption(options.NAME, key, value, problem) ? "" : problem;
#include "mcore/Dialect/MCore/IR/MatmulConfig.def"
  return ("unknown option '" + key + "'; the options are " +
          llvm::join(keys, ", "))
      .str();
}

MatmulConfigFields MatmulTileConfig::getKnobs() const {
  MatmulConfigFields fields;
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)              \
  fields.NAME = NAME;
#include "mcore/Dialect/MCore/IR/MatmulConfig.def"
  return fields;
}

FailureOr<MatmulKey> mlir::mcore::getMatmulKey(Operation *op, Chip chip) {
  FailureOr<MatmulSpec> spec = getMatmulSpec(op);
  if (failed(spec))
    return failure();
  std::array<int64_t, 4> sizes = getMatmulSizes(*spec);
  auto size = [&](int i) -> std::optional<int64_t> {
    if (ShapedType::isDynamic(sizes[i]))
      return std::nullopt;
    return sizes[i];
  };
  MatmulKey key;
  key.chip = chip;
  key.a = spec->ka;
  key.b = spec->kb;
  key.c = spec->kc;
  key.sparse = spec->sparse;
  key.m = size(1);
  key.n = size(2);
  key.k = size(3);
  return key;
}

//===----------------------------------------------------------------------===//
// Knob by knob
//===----------------------------------------------------------------------===//

FailureOr<MatmulTileConfig>
mlir::mcore::configureMatmul(Operation *op, const MatmulTilingOptions &options,
                             const TuningTable *table, bool remarks) {
  MatmulConfigFields onOp;
  if (Attribute attr = op->getAttr(MatmulConfigAttr::getAttrName())) {
    auto config = dyn_cast<MatmulConfigAttr>(attr);
    if (!config)
      return op->emitError() << "'" << MatmulConfigAttr::getAttrName()
                             << "' must be a #mcore.matmul_config, got "
                             << attr;
    onOp = config.getFields();
  }

  // Lowest first: the table's knobs where the options leave them
  // automatic, then the options', then the op's.
  MatmulTilingOptions request = options;
  MatmulConfigFields forcedByOptions = options.getForcedKnobs();
  const TuningEntry *entry = nullptr;
  MatmulConfigFields fromTable;
  if (table && !onOp.isComplete()) {
    FailureOr<MatmulKey> key = getMatmulKey(op, options.chip);
    if (failed(key))
      return failure();
    entry = table->lookup(*key);
    if (entry) {
      // The knobs the options or the op force are not the table's.
      fromTable = entry->config;
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)              \
  if (forcedByOptions.NAME || onOp.NAME)                                       \
    fromTable.NAME.reset();
#include "mcore/Dialect/MCore/IR/MatmulConfig.def"
      request.force(fromTable);
    }
  }
  request.force(onOp);

  // Errors say where the knobs the heuristic could not take came from.
  std::string origin;
  if (!onOp.empty())
    origin += "#mcore.matmul_config on the op sets " + onOp.describeSetKeys();
  if (!fromTable.empty())
    origin += (origin.empty() ? "" : "; ") + table->describe(*entry) +
              " sets " + fromTable.describeSetKeys();
  ScopedDiagnosticHandler addOrigin(op->getContext(), [&](Diagnostic &diag) {
    if (!origin.empty() && diag.getSeverity() == DiagnosticSeverity::Error)
      diag.attachNote(op->getLoc()) << "the configuration: " << origin;
    return failure(); // not handled: on to the next handler
  });
  return getMatmulTileConfig(op, request, remarks && !onOp.isComplete());
}

LogicalResult mlir::mcore::loadTuningTableFor(
    Operation *anchor, StringRef pass, StringRef path,
    std::optional<TuningTable> &table) {
  if (path.empty())
    return success();
  llvm::Expected<TuningTable> loaded = TuningTable::load(path);
  if (!loaded)
    return anchor->emitError()
           << pass << ": " << llvm::toString(loaded.takeError());
  table = std::move(*loaded);
  return success();
}

LogicalResult tilematmul::resolveMatmulPassOptions(
    Operation *root, StringRef chip, StringRef pass,
    MatmulTilingOptions &options, std::optional<TuningTable> &table) {
  FailureOr<Chip> target = resolveChip(root, chip, pass);
  if (failed(target))
    return failure();
  options.chip = *target;
  return loadTuningTableFor(root, pass, options.tuningFile, table);
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {

struct ConfigureMatmulPass
    : MatmulConfigPassBase<ConfigureMatmulPass,
                           mcore::impl::MCoreConfigureMatmulPassBase> {
  using MatmulConfigPassBase::MatmulConfigPassBase;

  void runOnOperation() override {
    MatmulTilingOptions options;
    std::optional<TuningTable> table;
    if (failed(readOptions(options, table)))
      return signalPassFailure();
    for (Operation *op : collectMatmuls(getOperation(), /*warn=*/false)) {
      FailureOr<MatmulTileConfig> cfg =
          configureMatmul(op, options, table ? &*table : nullptr);
      if (failed(cfg))
        return signalPassFailure();
      op->setAttr(MatmulConfigAttr::getAttrName(),
                  MatmulConfigAttr::get(&getContext(), cfg->getKnobs()));
    }
  }
};

} // namespace
