//===- Heuristic.h - A matmul's configuration, without IR ------*- C++ -*-===//
//
// The configuration heuristic: a matmul problem in (MatmulProblem,
// mcore/Target/MatmulProblem.h), a kernel configuration or the reason there
// is none out. It chooses the form of a matmul with a 2:4 operand, the
// matrix instruction, the work-group and wave tiles, the K tile, the LDS
// stages and padding, the swizzle and the K split, and checks every knob
// the user forced; the analytic performance model (mcore/Perf/Model)
// compares candidates. It never builds or inspects IR and emits no
// diagnostics: mcore-configure-matmul and mcore-tile-matmul read the
// problem off an op and turn the reasons and remarks into diagnostics at
// it; mcore-tune, mcore-run and Python ask it directly. IREE's
// GPUHeuristics.cpp is the model (docs/Architecture.md).
//
//   MatmulTilingOptions options;           // the chip, knobs forced
//   MatmulConfigResult r = configureMatmul(problem, options);
//   if (!r.config) error(r.reason);
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_HEURISTIC_HEURISTIC_H
#define MCORE_HEURISTIC_HEURISTIC_H

#include "mcore/Heuristic/MatmulConfig.h"
#include "mcore/Heuristic/TuningTable.h"
#include "mcore/Target/Catalog.h"
#include "mcore/Target/Chip.h"
#include "mcore/Target/MatmulProblem.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::mcore {

/// What the user asks for: every knob and option of MatmulConfig.def. A
/// knob at its AUTO value (0, -1, "", sched-barriers true) is left to the
/// configuration the op carries, the tuning table, then the heuristic.
struct MatmulTilingOptions {
  Chip chip = Chip::gfx1201;
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)              \
  TYPE NAME = AUTO;
#define MCORE_MATMUL_POLICY(NAME, OPTION, TYPE, DEFAULT, DESCRIPTION)         \
  TYPE NAME = DEFAULT;
#include "mcore/Heuristic/MatmulConfig.def"

  /// The knobs these options force (those not at their AUTO value).
  MatmulConfigFields getForcedKnobs() const;
  /// Forces every knob `fields` sets.
  void force(const MatmulConfigFields &fields);
};

/// Copies the options MatmulConfig.def declares from `from` to `to`, two
/// structs with members of those names (MatmulTilingOptions, the passes'
/// generated option structs, the passes themselves).
template <typename To, typename From>
void copyMatmulOptions(To &to, const From &from) {
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)              \
  to.NAME = from.NAME;
#define MCORE_MATMUL_POLICY(NAME, OPTION, TYPE, DEFAULT, DESCRIPTION)         \
  to.NAME = from.NAME;
#include "mcore/Heuristic/MatmulConfig.def"
}

/// A complete, validated kernel configuration: every knob chosen, and what
/// follows from them.
struct MatmulTileConfig {
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION) TYPE NAME{};
#include "mcore/Heuristic/MatmulConfig.def"

  /// intrinsicName's entry; the instruction accumulates in its C kind.
  const IntrinsicInfo *intrinsic = nullptr;
  bool sparseInstruction = false; ///< SWMMAC / SMFMAC on compressed A
  bool decompressA = false; ///< sparse A expanded to dense in the kernel
  bool decompressB = false; ///< sparse B expanded to dense in the kernel
  /// An unsigned 8-bit A (B) on a chip whose instructions read signed
  /// operands only: its sign bit is flipped while staged (a - 128) and the
  /// epilogue adds 128 times the sums of B's columns (A's rows) along K.
  bool signOffsetA = false, signOffsetB = false;
  int64_t waveSize = 0;
  int64_t ldsBytes = 0;      ///< LDS the kernel allocates
  int64_t estimatedVgprs = 0; ///< rough per-lane register estimate

  /// The kernel computes Cᵀ = Bᵀ Aᵀ (swapOperands "always"): the op's B is
  /// the instruction's A (a 2:4 B on a sparse instruction, or the faster of
  /// the two forms).
  bool isSwapped() const { return swapOperands == "always"; }
  /// The kind the instruction accumulates in.
  ScalarKind getAccumulatorKind() const { return intrinsic->c.kind; }
  int64_t getNumThreads() const { return wavesM * wavesN * waveSize; }
  int64_t getWaveTileM() const { return tileM / wavesM; }
  int64_t getWaveTileN() const { return tileN / wavesN; }
  /// Intrinsic tiles per wave along M and N (register blocking).
  int64_t getTilesM() const { return getWaveTileM() / intrinsic->m; }
  int64_t getTilesN() const { return getWaveTileN() / intrinsic->n; }
  /// Every knob, as #mcore.matmul_config holds them.
  MatmulConfigFields getKnobs() const;
  /// "128x128x32 tile, 2x2 waves of 32, 4x4 x
  /// wmma_f32_16x16x16_f16_w32_gfx12, 2 stages"
  std::string describe() const;
};

/// What the heuristic says of a problem: a configuration, or the reason
/// there is none; and remarks either way.
struct MatmulConfigResult {
  std::optional<MatmulTileConfig> config;
  /// Without a configuration: why, one sentence ("tile-k 48 must be a
  /// multiple of ..."), as the configure pass reports it at the op.
  std::string reason;
  /// Where the knobs the heuristic was given came from ("#mcore.matmul_config
  /// on the op sets tile_m; entry 2 of tuning file t.json sets waves_m"),
  /// "" when none were: the configure pass notes it beside the reason.
  std::string origin;
  /// Said of the problem before the configuration or the reason: the dense
  /// fallback of a 2:4 operand, and why.
  std::vector<std::string> remarks;

  explicit operator bool() const { return config.has_value(); }
};

/// The heuristic: chooses every knob `options` leaves at its AUTO value for
/// `problem`, and checks the knobs it forces against the problem and the
/// chip. With swap-operands "auto" and a compressed operand, the faster of
/// the problem's own form and its swap (Cᵀ = Bᵀ Aᵀ) by the analytic
/// performance model; config.swapOperands records the form ("never" or
/// "always").
MatmulConfigResult chooseMatmulConfig(const MatmulProblem &problem,
                                      const MatmulTilingOptions &options);

/// The configuration of `problem` knob by knob from the first that sets it:
/// `fixed` (the op's #mcore.matmul_config), the knobs `options` force, the
/// entry of `table` (may be null) that matches the problem, the heuristic
/// (chooseMatmulConfig). The result's origin names where the knobs it was
/// given came from.
MatmulConfigResult configureMatmul(const MatmulProblem &problem,
                                   const MatmulTilingOptions &options,
                                   const MatmulConfigFields &fixed = {},
                                   const TuningTable *table = nullptr);

/// Where knobs given to the heuristic came from: "#mcore.matmul_config on
/// the op sets tile_m, waves_m" for those `fixed` sets, then "entry 2 of
/// tuning file t.json sets ..." for `fromTable` (of `entry` in `table`);
/// "" when neither sets any (MatmulConfigResult::origin).
std::string describeKnobOrigin(const MatmulConfigFields &fixed,
                               const MatmulConfigFields &fromTable = {},
                               const TuningTable *table = nullptr,
                               const TuningEntry *entry = nullptr);

/// The instructions the heuristic chooses `problem`'s from, best first: the
/// sparse ones of the chip for a 2:4 A where it has them, else the dense
/// ones (for a 2:4 A: the decompressing fallback), for the form
/// options.swapOperands says ("always": Cᵀ = Bᵀ Aᵀ). May be empty.
SmallVector<const IntrinsicInfo *>
getMatmulIntrinsicCandidates(const MatmulProblem &problem,
                             const MatmulTilingOptions &options);

} // namespace mlir::mcore

#endif // MCORE_HEURISTIC_HEURISTIC_H
