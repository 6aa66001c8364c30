//===- Configure.cpp - A matmul's configuration, knob by knob -------------===//
//
// configureMatmul (include/mcore/Heuristic/Heuristic.h): each knob from the
// first that sets it, the op's #mcore.matmul_config, the options, a tuning
// table, then the heuristic (chooseMatmulConfig); and the knobs as options,
// as chosen and as data.
//
//===----------------------------------------------------------------------===//

#include "HeuristicInternal.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::mcore;

//===----------------------------------------------------------------------===//
// The knobs as options, as chosen, as data
//===----------------------------------------------------------------------===//

MatmulConfigFields MatmulTilingOptions::getForcedKnobs() const {
  MatmulConfigFields fields;
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)               \
  if (NAME != TYPE(AUTO))                                                      \
    fields.NAME = NAME;
#include "mcore/Heuristic/MatmulConfig.def"
  return fields;
}

void MatmulTilingOptions::force(const MatmulConfigFields &fields) {
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)               \
  if (fields.NAME)                                                             \
    NAME = *fields.NAME;
#include "mcore/Heuristic/MatmulConfig.def"
}

MatmulConfigFields MatmulTileConfig::getKnobs() const {
  MatmulConfigFields fields;
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)               \
  fields.NAME = NAME;
#include "mcore/Heuristic/MatmulConfig.def"
  return fields;
}

std::string MatmulTileConfig::describe() const {
  // The block-scaled kernel (lib/Heuristic/Scaled.cpp) has no LDS stages.
  if (intrinsic->isScaled())
    return llvm::formatv("{0}x{1}x{2} tile, {3}x{4} waves of {5}, {6}x{7} x "
                         "{8}, operands from global memory",
                         tileM, tileN, tileK, wavesM, wavesN, waveSize,
                         getTilesM(), getTilesN(), intrinsic->name)
        .str();
  return llvm::formatv("{0}x{1}x{2} tile, {3}x{4} waves of {5}, {6}x{7} x {8}"
                       "{9}, {10} stage{11}{12}{13}{14}{15}",
                       tileM, tileN, tileK, wavesM, wavesN, waveSize,
                       getTilesM(), getTilesN(), intrinsic->name,
                       decompressA   ? " (A decompressed)"
                       : decompressB ? " (B decompressed)"
                                     : "",
                       stages, stages == 1 ? "" : "s",
                       isSwapped() ? ", operands swapped (C^T = B^T A^T)" : "",
                       signOffsetA   ? ", A offset by -128"
                       : signOffsetB ? ", B offset by -128"
                                     : "",
                       splitK > 1
                           ? llvm::formatv(", K split {0} ways", splitK).str()
                           : std::string(),
                       schedBarriers ? "" : ", no scheduling barriers")
      .str();
}

//===----------------------------------------------------------------------===//
// Knob by knob
//===----------------------------------------------------------------------===//

MatmulConfigResult mlir::mcore::configureMatmul(
    const MatmulProblem &problem, const MatmulTilingOptions &options,
    const MatmulConfigFields &fixed, const TuningTable *table) {
  // Lowest first: the table's knobs where the options leave them
  // automatic, then the options', then the fixed ones (the op's).
  MatmulTilingOptions request = options;
  MatmulConfigFields forcedByOptions = options.getForcedKnobs();
  const TuningEntry *entry = nullptr;
  MatmulConfigFields fromTable;
  if (table && !fixed.isComplete()) {
    entry = table->lookup(problem);
    if (entry) {
      // The knobs the options or the op force are not the table's.
      fromTable = entry->config;
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)               \
  if (forcedByOptions.NAME || fixed.NAME)                                      \
    fromTable.NAME.reset();
#include "mcore/Heuristic/MatmulConfig.def"
      request.force(fromTable);
    }
  }
  request.force(fixed);

  MatmulConfigResult result = chooseMatmulConfig(problem, request);
  // Reasons say where the knobs the heuristic could not take came from.
  result.origin = describeKnobOrigin(fixed, fromTable, table, entry);
  return result;
}

std::string mlir::mcore::describeKnobOrigin(const MatmulConfigFields &fixed,
                                            const MatmulConfigFields &fromTable,
                                            const TuningTable *table,
                                            const TuningEntry *entry) {
  std::string origin;
  if (!fixed.empty())
    origin += "#mcore.matmul_config on the op sets " + fixed.describeSetKeys();
  if (!fromTable.empty())
    origin += (origin.empty() ? "" : "; ") + table->describe(*entry) +
              " sets " + fromTable.describeSetKeys();
  return origin;
}
