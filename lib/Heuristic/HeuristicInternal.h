//===- HeuristicInternal.h - What lib/Heuristic's files share ---*- C++ -*-===//
//
// The configuration heuristic (include/mcore/Heuristic/Heuristic.h), by
// job:
//
//   Configure.cpp    knob by knob: the op's knobs, the options, a tuning
//                    table, the heuristic; the knobs as data
//   Formulation.cpp  the first choice: the form of a matmul with a 2:4
//                    operand (swap-operands), by the analytic model
//   Instruction.cpp  the matrix instruction (sparse, dense, the dense
//                    fallback, signed-only with an offset)
//   Tiles.cpp        the work-group and wave tiles, the K tile, the checks
//                    of everything forced; the LDS and register estimate
//   Shapes.cpp       the work-group shapes of some kinds of static matmul
//                    by chip (CDNA's large and few-work-group tiles,
//                    RDNA's wave shapes)
//   SplitK.cpp       skinny tiles and the K split
//   LdsPadding.cpp   the LDS row padding with the fewest bank conflicts
//   Scaled.cpp       block-scaled (MX) problems: their instruction and
//                    tiles
//   KernelShape.cpp  what the kernel's staging and metadata look like
//                    (KernelShape.h, shared with the tiler)
//
// Every function here takes a problem and a configuration; none sees IR.
// A reason is returned as a string, "" when there is none.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_HEURISTIC_HEURISTICINTERNAL_H
#define MCORE_LIB_HEURISTIC_HEURISTICINTERNAL_H

#include "mcore/Heuristic/Heuristic.h"
#include "mcore/Heuristic/KernelShape.h"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir::mcore::heuristic {

/// A problem in the form the heuristic configures it.
struct Form {
  MatmulProblem problem;
  /// `problem` is the op's swapped (Cᵀ = Bᵀ Aᵀ): swap-operands "always".
  bool swapped = false;
  /// A compressed operand is decompressed although a sparse instruction
  /// could take it: the performance model predicted the dense form faster.
  bool denseByModel = false;

  /// The other form of the same product.
  Form swap() const { return {problem.swapped(), !swapped, false}; }
};

/// The register budget of the LDS-staged kernels (computeCosts): the
/// architectural VGPRs one wave of `chip` may address (ChipInfo::maxVgprs),
/// at most 256. gfx1250's waves address 1024, but past 256 the estimate and
/// the form the analytic model picks mispredict there: its fp8 2:4 kernel
/// took the dense form with larger tiles, 14.8% -> 10.3% of the matrix unit
/// busy as mcore-perf predicts it (docs/Performance.md, "gfx1250").
inline int64_t getVgprBudget(const ChipInfo &chip) {
  return std::min<int64_t>(chip.maxVgprs, 256);
}
/// The block-scaled kernel's (computeScaledCosts): every VGPR a wave may
/// address. It stages nothing in LDS, so a wave's registers are its only
/// reuse of A and B: on gfx1250 4 x 4 tiles per wave keep the matrix unit
/// busier than 2 x 2 for every MX pair (predicted).
inline int64_t getScaledVgprBudget(const ChipInfo &chip) {
  return chip.maxVgprs;
}

/// 32-bit registers per lane of one fragment.
inline int64_t fragmentRegs(const FragmentInfo &f) {
  return (int64_t(f.getVectorLength()) * f.getSlotBits() + 31) / 32;
}

/// The analytic model's time of `cfg` for `problem` (perf::predictConfig:
/// seconds on the chip's first product; without one, clock cycles of one
/// compute unit's share). Infinite when the configuration does not fit a
/// compute unit. Formulation.cpp.
double estimate(const MatmulProblem &problem, const MatmulTileConfig &cfg);

/// The instruction and tiles for `form` as it stands (no swap); remarks
/// (the dense fallback of a 2:4 operand) go to `remarks`. Returns the
/// reason there is none, or "".
std::string configureForm(const Form &form, const MatmulTilingOptions &options,
                          MatmulTileConfig &cfg,
                          std::vector<std::string> &remarks);

//===----------------------------------------------------------------------===//
// The instruction (Instruction.cpp)
//===----------------------------------------------------------------------===//

/// The instruction: sparse for compressed A when the chip has one,
/// otherwise dense (for sparse A: the fallback that decompresses it). Sets
/// cfg.intrinsic, sparseInstruction, decompressA/B and the sign offsets.
std::string chooseInstruction(const Form &form, const ChipInfo &chip,
                              const MatmulTilingOptions &options,
                              MatmulTileConfig &cfg,
                              std::vector<std::string> &remarks);

//===----------------------------------------------------------------------===//
// Block-scaled (MX) problems (Scaled.cpp)
//===----------------------------------------------------------------------===//

/// The chip's block-scaled instructions for the problem's formats, the
/// fastest first and the smaller tile first among equal rates.
SmallVector<const IntrinsicInfo *>
getScaledCandidates(const MatmulProblem &problem);

/// The register estimate of a block-scaled kernel (cfg.estimatedVgprs; it
/// allocates no LDS).
void computeScaledCosts(MatmulTileConfig &cfg);

/// The configuration of a block-scaled problem: its instruction, waves and
/// tiles, and the knobs its kernel does not have at their fixed values.
/// Returns the reason there is none, or "".
std::string configureScaled(const MatmulProblem &problem,
                            const MatmulTilingOptions &options,
                            MatmulTileConfig &cfg);

//===----------------------------------------------------------------------===//
// The tiles (Tiles.cpp)
//===----------------------------------------------------------------------===//

/// Why a forced tile-m, tile-n or tile-k is out of range (0 for
/// automatic, at most 8192), or "".
std::string checkTileRanges(const MatmulTilingOptions &options);

/// LDS bytes and register estimate of a configuration (cfg.ldsBytes,
/// cfg.estimatedVgprs). LDS holds i4 packed, two per byte.
void computeCosts(MatmulTileConfig &cfg, const MatmulProblem &problem);

/// The tiles: stages and LDS padding as asked; waves (default 2 x 2); the
/// largest wave tile whose registers fit, with the longest K tile that
/// fits the VGPR budget and the chip's LDS (or the tiles the user forced,
/// checked). Sets everything but the instruction fields, which it reads.
std::string chooseTiles(const MatmulProblem &problem, const ChipInfo &chip,
                        const MatmulTilingOptions &options,
                        MatmulTileConfig &cfg);

//===----------------------------------------------------------------------===//
// The work-group shapes (Shapes.cpp)
//===----------------------------------------------------------------------===//

/// The work-groups of `tileM` x `tileN` tiles of C over `batch` (0: one)
/// M x N matrices.
inline int64_t countWorkgroups(int64_t batch, int64_t m, int64_t n,
                               int64_t tileM, int64_t tileN) {
  return std::max<int64_t>(1, batch) * ceilDiv(m, tileM) * ceilDiv(n, tileN);
}

/// The largest power of two S, at most `most`, for which `workgroups` x S
/// work-groups fit `units` CUs in one round of one work-group each: the K
/// slices of chooseSplitK.
inline int64_t
getSlicesInOneRound(int64_t workgroups, int64_t units,
                    int64_t most = std::numeric_limits<int64_t>::max()) {
  int64_t slices = 1;
  while (slices * 2 <= most && workgroups * slices * 2 <= units)
    slices *= 2;
  return slices;
}

/// A default work-group of CDNA's unified register file: waves and the wave
/// tile.
struct LargeCdnaTile {
  int64_t wavesM, wavesN, waveM, waveN;
  /// LDS stages the tile needs (0: those already chosen).
  int64_t stages = 0;
  /// The instruction the wave tile needs (nullptr: the one chosen).
  const IntrinsicInfo *intrinsic = nullptr;
  int64_t tileM() const { return wavesM * waveM; }
  int64_t tileN() const { return wavesN * waveN; }
};

/// The larger tile of a static matmul on a CDNA chip with a unified
/// 512-register file, if it takes one (Shapes.cpp says when). `cfg` holds
/// the chosen instruction and stages.
std::optional<LargeCdnaTile>
chooseLargeCdnaTile(const MatmulProblem &problem, const ChipInfo &chip,
                    const MatmulTilingOptions &options,
                    const MatmulTileConfig &cfg);

/// Waves and wave tile an RDNA kernel of some kind takes by default, and
/// its K tile (0: the default one).
struct RdnaWaveShape {
  int64_t wavesM, wavesN, waveM, waveN, tileK = 0;
};

/// The wave shape of a static RDNA matmul of the kinds whose default 2 x 2
/// waves the tuner beat (Shapes.cpp), if it is one.
std::optional<RdnaWaveShape>
chooseRdnaWaveShape(const MatmulProblem &problem, const ChipInfo &chip,
                    const MatmulTilingOptions &options,
                    const MatmulTileConfig &cfg,
                    std::optional<std::array<int64_t, 4>> staticSizes);

/// The wave tile (of the default waves) of a static CDNA matmul whose
/// default tiles of `first` leave at least half of the CUs idle: halved
/// while its work-groups fit the CUs (Shapes.cpp); none if the rule does
/// not apply or keeps `first`.
std::optional<std::pair<int64_t, int64_t>>
chooseFewTilesCdnaWaveTile(const MatmulProblem &problem, const ChipInfo &chip,
                           const MatmulTilingOptions &options,
                           const MatmulTileConfig &cfg,
                           std::optional<std::array<int64_t, 4>> staticSizes,
                           std::pair<int64_t, int64_t> first);

/// Lengthens the K tile of such a kernel (cfg.tileK, its costs) while two
/// LDS stages and the registers fit, up to 256 bytes of A per row.
void lengthenFewTilesK(MatmulTileConfig &cfg, const MatmulProblem &problem,
                       const ChipInfo &chip,
                       const MatmulTilingOptions &options, int64_t k,
                       int64_t vgprBudget);

/// Multiply-adds from which a static matmul whose tiles leave much of the
/// chip idle gets more work-groups: on CDNA by splitting K (SplitK.cpp), on
/// RDNA by smaller tiles (Tiles.cpp). Smaller ones would pay a second
/// launch (which the model does not count) or lose the larger tiles'
/// intensity for little.
constexpr int64_t kMinFillMacs = int64_t(1) << 30;

/// Work-groups per CU that an RDNA3 matmul of at least kMinFillMacs gets by
/// smaller tiles (Tiles.cpp): two per CU, four per WGP.
constexpr int64_t kRdnaFillWorkgroupsPerCU = 2;

//===----------------------------------------------------------------------===//
// Skinny matmuls and split-K (SplitK.cpp)
//===----------------------------------------------------------------------===//

/// Whether the problem is skinny (its M or N static and at most 32, the
/// other larger; LLM decode): then, unless the user set tiles or waves,
/// `tiling` gets a one-instruction-high tile of 1 x 4 waves (4 x 1 for a
/// skinny N) of one instruction each: 32 columns (rows) on CDNA, where two
/// waves are taken instead when their tiles fill the CUs unsplit, and 16
/// on RDNA. `cfg` holds the chosen instruction.
bool applySkinnyTiles(const MatmulProblem &problem, const MatmulTileConfig &cfg,
                      MatmulTilingOptions &tiling);

/// Sets cfg.splitK: the user's split-k (checked), else for a `skinny`
/// problem (and on CDNA a large one whose tiles fill at most half of the
/// CUs) the largest power of two whose work-groups fit the chip's CUs in
/// one round, at most 32 and with slices of at least 8 K tiles and 256 of
/// K; else 1. Split-K needs a static K and no batch or sign offset.
std::string chooseSplitK(const MatmulProblem &problem,
                         const MatmulTilingOptions &tiling, bool skinny,
                         MatmulTileConfig &cfg);

/// CUs of the chip's first product in the performance model's table
/// (lib/Perf/Model/Products.cpp); 64 for a chip without one.
int64_t computeUnitsOf(Chip chip);

//===----------------------------------------------------------------------===//
// LDS padding (LdsPadding.cpp)
//===----------------------------------------------------------------------===//

/// The LDS row padding of A and B (cfg.ldsPadBytes, cfg.ldsPadBytesB) whose
/// staging stores and fragment reads of one K tile cost least on `chip`:
/// their LDS clocks, bank conflicts included (mcore/Target/LdsBanks.h), plus
/// an issue cost per LDS instruction.
void chooseLdsPadding(MatmulTileConfig &cfg, const MatmulProblem &problem,
                      Chip chip);

} // namespace mlir::mcore::heuristic

#endif // MCORE_LIB_HEURISTIC_HEURISTICINTERNAL_H
