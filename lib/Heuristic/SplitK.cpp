//===- SplitK.cpp - Skinny matmuls and split-K ----------------------------===//
//
// LLM decode multiplies a few rows of activations (M = 1..32) by a large
// weight: C (M x N) += A (M x K) * B (K x N) with N and K in the thousands.
// It is bound by the bandwidth that streams B (docs/Performance.md), and the
// default 128-row tiles give N / 128 work-groups, too few to keep a GPU's
// memory system busy. The skinny configuration:
//
//   * a tile one instruction high (16 or 32 rows; for a skinny N, one
//     instruction wide) and, along the long dimension, 1 x 4 waves of one
//     instruction each: 32 columns on CDNA (1 x 2 waves where those fill
//     the CUs unsplit), 16 on RDNA; for a skinny N, 4 x 1 waves of rows;
//   * the longest K tile that fits (lengthenFewTilesK);
//   * K split into `split-k` slices, which mcore-tile-matmul builds
//     (lib/Dialect/MCore/Transforms/TileMatmulSplitK.cpp): a workspace of
//     partial tiles and a second kernel that adds them in a fixed order.
//
// A 2:4 weight on the right (Cᵀ = W xᵀ) is the same with M and N traded:
// the kernel's N is the skinny one.
//
//===----------------------------------------------------------------------===//

#include "HeuristicInternal.h"

#include "mcore/Perf/Model/Products.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::heuristic;

/// M or N up to this is skinny.
static constexpr int64_t kSkinny = 32;
/// Columns (rows) of C per wave of a skinny CDNA tile: one 32 x 32 MFMA.
static constexpr int64_t kSkinnyWaveCols = 32;
static constexpr int64_t kSkinnyWaves = 4;
/// Bounds of the automatic split: slices, and K per slice. A slice of 8 K
/// tiles runs three iterations of the loop of two and two tiles after it;
/// with fewer, each work-group's prologue and first loads dominate (gfx950
/// f16 2:4 4096x16x4096 at K 128: 8 slices of 4 K tiles 178.9 TFLOP/s, 4
/// of 8 188.4 predicted; gfx942 119.9 and 129.3).
static constexpr int64_t kMaxSlices = 32;
static constexpr int64_t kMinSliceK = 256;
static constexpr int64_t kMinSliceTiles = 8;

bool heuristic::applySkinnyTiles(const MatmulProblem &problem,
                                 const MatmulTileConfig &cfg,
                                 MatmulTilingOptions &tiling) {
  std::optional<std::array<int64_t, 4>> sizes = problem.getStaticSizes();
  if (!sizes || problem.isBatched())
    return false;
  int64_t m = (*sizes)[1], n = (*sizes)[2];
  bool skinnyM = m <= kSkinny && n > kSkinny;
  bool skinnyN = n <= kSkinny && m > kSkinny;
  if (!skinnyM && !skinnyN)
    return false;
  if (tiling.tileM || tiling.tileN || tiling.wavesM || tiling.wavesN)
    return true; // the user's tiles
  const IntrinsicInfo &intr = *cfg.intrinsic;
  const ChipInfo &chip = getChipInfo(tiling.chip);
  // A wave's columns (rows) of C along the long dimension. The model
  // predicts a skinny wave by the latency of its chain of instructions, so
  // RDNA's waves take one instruction (16 columns) and the work-group four
  // of them: gfx1100 f16 2:4 4096x16x4096 128 x 16 of 2 x 1 WMMAs per wave
  // in 2 K slices 25.0 TFLOP/s, 64 x 16 of one per wave unsplit 26.4
  // (gfx1201 16.7 and 17.6) predicted, the tuner's best. CDNA's waves take
  // one 32 x 32 instruction already.
  int64_t along = skinnyM ? intr.n : intr.m;
  int64_t waveCols =
      chip.hasMfma ? llvm::alignTo(kSkinnyWaveCols, along) : along;
  int64_t waves = kSkinnyWaves;
  // CDNA: two waves where that tile's work-groups fill at least half of
  // the CUs in one round unsplit; each K slice is a partial tile of C to
  // write and read back (gfx942 f16 2:4 14336x16x4096: 128 x 32 in 2 K
  // slices 138.9 TFLOP/s, 64 x 32 unsplit 146.4; gfx950 209.7 and 221.0).
  // With fewer work-groups the K split fills the CUs anyway, and four waves
  // hide more of its latency (gfx950 4096x16x4096 in 4 slices: four waves
  // 188.4, two 180.0).
  if (chip.hasMfma) {
    int64_t longDim = skinnyM ? n : m;
    int64_t halved = ceilDiv(longDim, waves / 2 * waveCols);
    int64_t units = computeUnitsOf(tiling.chip);
    if (2 * halved >= units && halved <= units)
      waves /= 2;
  }
  if (skinnyM) {
    tiling.wavesM = 1;
    tiling.wavesN = waves;
    tiling.tileM = llvm::alignTo(m, intr.m);
    tiling.tileN = waves * waveCols;
  } else {
    tiling.wavesN = 1;
    tiling.wavesM = waves;
    tiling.tileN = llvm::alignTo(n, intr.n);
    tiling.tileM = waves * waveCols;
  }
  return true;
}

int64_t heuristic::computeUnitsOf(Chip chip) {
  auto products = perf::getProductsFor(chip);
  return products.empty() ? 64 : int64_t(products.front()->computeUnits);
}

std::string heuristic::chooseSplitK(const MatmulProblem &problem,
                                    const MatmulTilingOptions &tiling,
                                    bool skinny, MatmulTileConfig &cfg) {
  std::string reason;
  llvm::raw_string_ostream os(reason);
  cfg.splitK = 1;
  int64_t asked = tiling.splitK;
  if (asked < 0) {
    os << "split-k must be 0 (automatic) or a number of K slices, got "
       << asked;
    return reason;
  }
  // Automatic: skinny matmuls, and on CDNA matmuls of at least
  // kMinFillMacs multiply-adds whose tiles fill at most half of the CUs
  // (below).
  bool fewTiles = false;
  if (asked == 0 && !skinny && getChipInfo(tiling.chip).hasMfma)
    if (std::optional<std::array<int64_t, 4>> s = problem.getStaticSizes()) {
      auto [batch, m, n, k] = *s;
      fewTiles = m * n * k >= kMinFillMacs &&
                 countWorkgroups(batch, m, n, cfg.tileM, cfg.tileN) * 2 <=
                     computeUnitsOf(tiling.chip);
    }
  if (asked == 1 || (asked == 0 && !skinny && !fewTiles))
    return "";
  std::optional<std::array<int64_t, 4>> sizes = problem.getStaticSizes();
  StringRef why;
  if (problem.isBatched())
    why = "a batched matmul (the grid's z walks the batch)";
  else if (cfg.signOffsetA || cfg.signOffsetB)
    why = "mixed signs on a signed-only instruction (its correction is "
          "added once per tile of C)";
  else if (!sizes)
    why = "dynamic sizes";
  if (!why.empty()) {
    if (asked == 0)
      return "";
    os << "split-k=" << asked << " cannot split " << why;
    return reason;
  }
  auto [batch, m, n, k] = *sizes;
  // More slices than K has elements is no split (and a count near 2^63
  // overflowed the slice arithmetic: a division by zero).
  if (asked > std::max<int64_t>(k, 1)) {
    os << "split-k=" << asked << " asks for more K slices than K = " << k
       << " has elements";
    return reason;
  }
  int64_t slices = asked;
  if (asked == 0) {
    int64_t workgroups = countWorkgroups(batch, m, n, cfg.tileM, cfg.tileN);
    int64_t units = computeUnitsOf(tiling.chip);
    int64_t most = std::min<int64_t>(
        kMaxSlices,
        k / std::max<int64_t>(kMinSliceK, kMinSliceTiles * cfg.tileK));
    // The largest power of two whose work-groups still fit the CUs in one
    // round of one work-group each. A skinny matmul is bound by B's
    // bandwidth and the latency of its few iterations; each slice adds a
    // partial tile of C to write and read back, so one more slice than
    // the CUs hold costs more than it hides (gfx942 f16 16x4096x4096: 8
    // slices 74.1, 16 slices 66.8 TFLOP/s predicted; 2:4 4096x16x4096 119.9
    // and 101.9). A not skinny one (CDNA, the LLM table's M = 128, after
    // chooseFewTilesCdnaWaveTile halved its tiles) is compute-bound on too
    // few CUs: gfx942 128x4096x4096 43.2 -> 9.7 us predicted. Not on RDNA,
    // whose few CUs these matmuls already keep busy on B's bandwidth
    // (gfx1201 60.6 -> 73.7 us with two slices).
    slices = getSlicesInOneRound(workgroups, units, most);
  }
  cfg.splitK = slices;
  cfg.splitK = getSplitKSlices(cfg, k).second;
  return "";
}
