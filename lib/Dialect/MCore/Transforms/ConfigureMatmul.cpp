//===- ConfigureMatmul.cpp - The kernel configuration of each matmul ------===//
//
// mcore-configure-matmul sets #mcore.matmul_config on every matmul
// mcore-tile-matmul lowers: it reads the op's MatmulProblem
// (getMatmulProblem) and asks the heuristic (include/mcore/Heuristic), knob
// by knob from the attribute the op already carries, the options, a tuning
// table and its own choice; the heuristic's reason becomes an error at the
// op and its remarks remarks. mcore-tile-matmul then builds the kernel the
// attribute describes (docs/Tuning.md).
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
#include "mcore/Heuristic/MatmulConfig.def"
  return ("unknown option '" + key + "'; the options are " +
          llvm::join(keys, ", "))
      .str();
}

//===----------------------------------------------------------------------===//
// The heuristic on an op
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
  // The table is looked up with the op's problem; its errors come before
  // the table says anything.
  std::optional<MatmulProblem> problem;
  if (table && !onOp.isComplete()) {
    FailureOr<MatmulProblem> read = getMatmulProblem(op, options.chip);
    if (failed(read))
      return failure();
    problem = *read;
  }
  MatmulConfigResult result;
  if (problem)
    result = mcore::configureMatmul(*problem, options, onOp, table);
  // Errors say where the knobs the heuristic could not take came from (the
  // op's, until the table has spoken).
  std::string origin = problem ? result.origin : describeKnobOrigin(onOp);
  ScopedDiagnosticHandler addOrigin(op->getContext(), [&](Diagnostic &diag) {
    if (!origin.empty() && diag.getSeverity() == DiagnosticSeverity::Error)
      diag.attachNote(op->getLoc()) << "the configuration: " << origin;
    return failure(); // not handled: on to the next handler
  });
  if (!problem) {
    FailureOr<MatmulProblem> read = getMatmulProblem(op, options.chip);
    if (failed(read))
      return failure();
    problem = *read;
    result = mcore::configureMatmul(*problem, options, onOp, table);
  }
  if (remarks && !onOp.isComplete())
    for (const std::string &remark : result.remarks)
      op->emitRemark() << remark;
  if (!result.config)
    return op->emitError() << result.reason;
  return *result.config;
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
    // Block-scaled contractions the chip has instructions for first (the
    // others stay for mcore-linalg-to-gpu), as mcore-tile-matmul takes them.
    SmallVector<Operation *> matmuls;
    getOperation()->walk([&](Operation *op) {
      if (!op->getParentOfType<gpu::LaunchOp>() &&
          isScaledMatmul(op, options.chip))
        matmuls.push_back(op);
    });
    llvm::append_range(matmuls,
                       collectMatmuls(getOperation(), /*warn=*/false));
    for (Operation *op : matmuls) {
      // Types no matrix instruction of the chip computes: the SIMT kernel
      // (TileMatmulSimt.cpp), unless strict.
      if (std::optional<std::string> simt = getSimtMatmulReason(op, options)) {
        op->emitRemark() << *simt;
        op->setAttr(kSimtMatmulAttrName, StringAttr::get(&getContext(), *simt));
        continue;
      }
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
