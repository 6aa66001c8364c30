//===- Shapes.cpp - Work-group shapes by chip -----------------------------===//
//
// The work-group shapes the heuristic (Tiles.cpp) gives
// some kinds of static matmul instead of its default 2 x 2 waves of the
// largest wave tile that fits: CDNA's eight-wave tiles of the unified
// register file, fitted to the CU count; CDNA's halved tiles and longer K
// tiles for problems with few work-groups (the LLM table's M = 128); and
// RDNA's wave shapes of 8-bit and expanded 2:4 kernels. Each rule says
// which kernels it is for and what the performance model predicted for it
// (docs/Performance.md).
//
//===----------------------------------------------------------------------===//

#include "HeuristicInternal.h"

#include "mcore/Target/Catalog.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::heuristic;

/// A CDNA tile whose work-groups leave CUs idle in their last round (one
/// round of 256 x 256, or of two 256 x 128 per CU, is 256 or 512 on
/// gfx942's 304 CUs: a ceiling of 84% of peak, as for every power-of-two
/// tile) gives way to an eight-wave tile of tile-M x 256, one per CU, on
/// 2 x 4 waves of (tile-M / 2) x 64: the tile-M, a multiple of 32, whose
/// rounds take the least time (rounds x work-groups per CU x tile area),
/// if that is at least 5% less. The wave tile may need the chip's 16-row
/// instruction of the same types and rate (112 rows: 16 x 16 x 16 f16, or
/// 16 x 16 x 32 for 2:4). The tile must keep two LDS stages of its own K
/// tile, with the paddings it will get, and the register estimate, so not
/// when the user set the instruction, the stages or the K tile (one stage
/// of 224 x 256 for 2:4 on gfx942 is predicted 68.0% of peak, two 92.9%).
/// The edge tiles of M read clamped rows (StagedOperand::clampTile) and
/// store whole tiles of C under one branch, so they cost little. gfx942 at
/// 4096^3: 304 work-groups of 224 x 256, f16 dense predicted 83.4% ->
/// 94.6% of peak, 2:4 81.6% -> 92.9%.
static LargeCdnaTile fitComputeUnits(const LargeCdnaTile &large, int64_t perCU,
                                     const MatmulProblem &problem,
                                     const ChipInfo &chip,
                                     const MatmulTilingOptions &options,
                                     const MatmulTileConfig &cfg, int64_t batch,
                                     int64_t m, int64_t n) {
  constexpr int64_t kWavesM = 2, kWavesN = 4, kTileN = 256;
  if (!options.intrinsicName.empty() || options.stages || options.tileK ||
      n < kTileN)
    return large;
  const IntrinsicInfo &intr = *cfg.intrinsic;
  int64_t cus = computeUnitsOf(chip.chip);
  auto time = [&](int64_t tileM, int64_t tileN, int64_t per) {
    int64_t workgroups = countWorkgroups(batch, m, n, tileM, tileN);
    return ceilDiv(workgroups, cus * per) * per * tileM * tileN;
  };
  int64_t ownTime = time(large.tileM(), large.tileN(), perCU);
  int64_t bestTime = ownTime;
  LargeCdnaTile best = large;
  SmallVector<const IntrinsicInfo *> same = selectIntrinsics(
      chip.chip, {intr.a.kind, intr.b.kind, intr.c.kind, intr.isSparse()});
  for (int64_t tileM = 256; tileM >= 128; tileM -= 32) {
    int64_t t = time(tileM, kTileN, 1);
    if (20 * t > 19 * ownTime || t >= bestTime || m < tileM)
      continue;
    int64_t waveM = tileM / kWavesM, waveN = kTileN / kWavesN;
    // The best instruction of the same types, rate and modifiers whose
    // tile divides the wave tile.
    const IntrinsicInfo *fit = nullptr;
    for (const IntrinsicInfo *c : same)
      if (c->modifiers == intr.modifiers &&
          c->getOpsPerCycle(chip.chip) >= intr.getOpsPerCycle(chip.chip) &&
          waveM % c->m == 0 && waveN % c->n == 0) {
        fit = c;
        break;
      }
    if (!fit)
      continue;
    MatmulTileConfig probe = cfg;
    probe.intrinsic = fit;
    probe.wavesM = kWavesM;
    probe.wavesN = kWavesN;
    probe.tileM = tileM;
    probe.tileN = kTileN;
    probe.tileK = std::max<int64_t>(fit->k, problem.isCompressed() ? 32 : 0);
    probe.stages = 2;
    // The paddings the tile will get, as chooseTiles sets them (16 bytes
    // each: gfx942's 8-bit 2:4 224 x 256 x 64 would need 66048 B; with A's
    // 8 and B's 16 it has 62464).
    probe.ldsPadBytes = options.ldsPadBytes;
    if (options.ldsPadBytes < 0)
      chooseLdsPadding(probe, problem, chip.chip);
    if (options.ldsPadBytesB >= 0)
      probe.ldsPadBytesB = options.ldsPadBytesB;
    else if (options.ldsPadBytes >= 0)
      probe.ldsPadBytesB = options.ldsPadBytes;
    computeCosts(probe, problem);
    if (probe.ldsBytes > chip.ldsBytes || probe.estimatedVgprs > 256)
      continue;
    best = {kWavesM, kWavesN,      waveM,
            waveN,   probe.stages, fit == &intr ? nullptr : fit};
    bestTime = t;
  }
  return best;
}

/// The larger default tile of a CDNA chip whose VGPRs and AGPRs form one
/// 512-register file per lane (gfx90a, gfx942, gfx950), where two waves of
/// up to 256 registers share a SIMD:
/// - dense: 256 x 256 of 4 x 2 waves of 64 x 128. The eight waves put two
///   on each SIMD from one work-group, so one wave's MFMAs run while the
///   other loads (the model, docs/Performance.md: gfx942 f16 at 4096^3,
///   the loop's matrix unit 66% busy with one wave per SIMD, 100% with two);
/// - 2:4 (sparse instruction): 512 x 128 of 4 x 2 waves of 128 x 64 where
///   its two LDS stages fit (gfx950), else 256 x 128 of 2 x 2 waves of
///   128 x 64 (gfx942). A is compressed, so a taller wave tile reads fewer
///   LDS bytes per MMA: the loop is bound by the CU's LDS data path (gfx950
///   f16 at 4096^3: 472 LDS clocks per 256 matrix clocks with 64 x 64, 280
///   with 128 x 64 in eight waves).
/// Only when the user set no tiles or waves and the static problem fills
/// the chip's CUs at least 3/4 (work-groups over rounds of `per CU` each,
/// times the tiles' share of useful elements): fewer, larger work-groups
/// leave CUs idle on smaller problems. A work-group of eight waves brings
/// two waves per SIMD on its own (per CU = 1); one of four needs a second
/// beside it on the CU (per CU = 2), or it gives way to the next candidate
/// (one 2:4 work-group of 256x128 per CU would run one wave per SIMD).
/// Where two LDS stages of a four-wave tile fit only once per CU but one
/// stage fits twice (gfx942's f16 2:4), the tile takes one stage, unless
/// the user set the stages.
std::optional<LargeCdnaTile> heuristic::chooseLargeCdnaTile(
    const MatmulProblem &problem, const ChipInfo &chip,
    const MatmulTilingOptions &options, const MatmulTileConfig &cfg) {
  const ChipOccupancyInfo &occupancy = getChipOccupancyInfo(chip.chip);
  if (!chip.hasMfma || occupancy.vgprsPerSimd < 512 || options.tileM ||
      options.tileN || options.wavesM || options.wavesN || cfg.decompressA ||
      cfg.decompressB)
    return std::nullopt;
  std::optional<std::array<int64_t, 4>> sizes = problem.getStaticSizes();
  if (!sizes)
    return std::nullopt;
  int64_t batch = (*sizes)[0], m = (*sizes)[1], n = (*sizes)[2];
  const IntrinsicInfo &intr = *cfg.intrinsic;
  // Largest first; the eight-wave 256 x 128 (and, dense, 128 x 256) of 64 x
  // 64 wave tiles for problems with too few of the larger work-groups (the
  // tuner's choice for the LLM table's M = 2048 rows; predicted: gfx942
  // dense 2048x4096x4096 59.5% -> 83.3% of peak, gfx950 2:4
  // 4096x2048x4096 52.9% -> 72.7% with the longer K tile below).
  SmallVector<LargeCdnaTile> candidates =
      cfg.sparseInstruction ? SmallVector<LargeCdnaTile>{{4, 2, 128, 64},
                                                         {2, 2, 128, 64},
                                                         {4, 2, 64, 64}}
                            : SmallVector<LargeCdnaTile>{{4, 2, 64, 128},
                                                         {4, 2, 64, 64},
                                                         {2, 4, 64, 64}};
  for (const LargeCdnaTile &large : candidates) {
    if (large.waveM % intr.m || large.waveN % intr.n || m < large.tileM() ||
        n < large.tileN())
      continue;
    // The LDS of the large tile with the shortest K tile it may get.
    MatmulTileConfig probe = cfg;
    probe.wavesM = large.wavesM;
    probe.wavesN = large.wavesN;
    probe.tileM = large.tileM();
    probe.tileN = large.tileN();
    probe.tileK = std::max<int64_t>(intr.k, problem.isCompressed() ? 32 : 0);
    probe.stages = cfg.stages;
    probe.ldsPadBytes = probe.ldsPadBytesB = 16;
    computeCosts(probe, problem);
    if (probe.ldsBytes > chip.ldsBytes)
      continue;
    int64_t tilesM = ceilDiv(m, large.tileM()),
            tilesN = ceilDiv(n, large.tileN());
    int64_t workgroups =
        countWorkgroups(batch, m, n, large.tileM(), large.tileN());
    double useful = double(m) * double(n) /
                    double(tilesM * large.tileM() * tilesN * large.tileN());
    // Whether the work-groups fill the CUs at `perCU` each.
    auto fills = [&](int64_t perCU) {
      int64_t slots = computeUnitsOf(chip.chip) * perCU;
      double fill =
          double(workgroups) / double(ceilDiv(workgroups, slots) * slots);
      return fill * useful >= 0.75;
    };
    bool fourWaves =
        large.wavesM * large.wavesN < 2 * int64_t(occupancy.simdsPerCU);
    auto fit = [&](const LargeCdnaTile &tile, int64_t perCU) {
      return fitComputeUnits(tile, perCU, problem, chip, options, cfg, batch, m,
                             n);
    };
    if (fourWaves && 2 * probe.ldsBytes <= occupancy.ldsPerCU) {
      if (fills(2))
        return fit(large, 2);
      continue;
    }
    if (fourWaves && !options.stages && fills(2)) {
      // Two stages fit once per CU (one wave per SIMD), one stage twice:
      // one stage (gfx942's f16 2:4 at 4096^3: 46 KiB with two stages, 23
      // KiB with one; predicted 47.1% -> 60.7% of peak).
      MatmulTileConfig one = probe;
      one.stages = 1;
      computeCosts(one, problem);
      if (2 * one.ldsBytes <= occupancy.ldsPerCU) {
        LargeCdnaTile chosen = large;
        chosen.stages = 1;
        return fit(chosen, 2);
      }
    }
    // A four-wave work-group alone on a CU runs one wave per SIMD: the next
    // candidate, of eight waves, instead (gfx942 2:4 4096x2048x4096 with
    // 256 work-groups of 256x128: 2x2 waves 59.0%, 4x2 waves of 64x64
    // 74.7% of peak predicted; 14336x2048x4096 68.9% -> 87.2%).
    if (fourWaves)
      continue;
    if (fills(1))
      return fit(large, 1);
  }
  return std::nullopt;
}

/// The RDNA kernels whose default 2 x 2 waves the tuner beat by more than
/// 5%, for static problems with no tiles or waves forced:
/// - RDNA4, 8-bit dense, at least 256 x 64: 2 x 2 waves of 64 x 64 issue 64
///   WMMAs per wave and K tile of 64, too many for the loop of two K tiles
///   per iteration (lib/Dialect/MCore/Transforms/TileMatmulKernel.cpp), and
///   their byte transposes bind the VALU. 4 x 2 waves of 64 x 32 issue 32, and
///   eight waves hide each other's transposes (gfx1201 i8 at 4096^3 72.6%
///   -> 97.0% of peak);
/// - RDNA4, 8-bit 2:4 (SWMMAC), at least 128 x 128: 2 x 2 waves of 64 x 64
///   at K 64 take 264 VGPRs and 32 KiB, four waves per SIMD, 60% busy; 4 x
///   2 waves of 32 x 64 at K 32 take 144 VGPRs, ten waves, 74% busy, which
///   reaches the memory roofline (gfx1201 i8 and fp8 2:4 at 4096^3 60.3% ->
///   70.0%; the tuner's 128 x 64 on 4 x 1 waves gives the same). Not for
///   16-bit operands (f16 2:4 92.0% -> 83.9% with such tiles);
/// - RDNA3, a 16-bit 2:4 A expanded for WMMA (no sparse instruction), at
///   least 128 x 128, no K tile forced: 2 x 4 waves of 64 x 32 at K 32,
///   eight waves that hide each other's expansion (gfx1100 f16 2:4
///   4096x2048x4096 73.6% -> 83.2%; at 4096^3 swap-operands=auto then takes
///   the swapped form, B expanded: 75.2% -> 81.4%);
/// - RDNA3, 8-bit, no K tile forced: dense, at least 128 x 64, 4 x 2 waves
///   of 32 x 32 at K 64 (gfx1100 i8 at 4096^3 91.9% -> 98.9%: 192 VGPRs and
///   eight waves per SIMD, where 2 x 2 waves of 64 x 64 take 264 and five);
///   a 2:4 A expanded for WMMA, at least 128 x 256, 2 x 4 waves of 64 x 64
///   at K 64 (77.7% -> 83.2%). Both the tuner's.
/// The RDNA3 shapes need two work-groups per CU for problems of at least
/// kMinFillMacs (as chooseTiles' fill rule).
std::optional<RdnaWaveShape> heuristic::chooseRdnaWaveShape(
    const MatmulProblem &problem, const ChipInfo &chip,
    const MatmulTilingOptions &options, const MatmulTileConfig &cfg,
    std::optional<std::array<int64_t, 4>> staticSizes) {
  if (options.tileM || options.tileN || options.wavesM || options.wavesN ||
      !staticSizes)
    return std::nullopt;
  const IntrinsicInfo &intr = *cfg.intrinsic;
  int64_t m = (*staticSizes)[1], n = (*staticSizes)[2];
  int64_t bitsA = getBitWidth(problem.a), bitsB = getBitWidth(problem.b);
  bool sparse = cfg.sparseInstruction;
  if (chip.family == ChipFamily::RDNA4 && !cfg.decompressA && bitsA == 8 &&
      bitsB == 8) {
    if (!sparse && m >= 256 && n >= 64 && 32 % intr.n == 0)
      return RdnaWaveShape{4, 2, 64, 32};
    if (sparse && m >= 128 && n >= 128 && 32 % intr.m == 0 &&
        64 % intr.n == 0 && intr.k <= 32)
      return RdnaWaveShape{4, 2, 32, 64, 32};
  }
  // Only with as many work-groups as chooseTiles' fill rule wants (for at
  // least kMinFillMacs multiply-adds); else
  // 64 x 128 of 2 x 4 waves of 32 x 32 at K 64 where that gives them: each
  // expanded row of A serves 128 columns (gfx1100 f16 2:4
  // 14336x128x4096: 224 work-groups, 77.6 TFLOP/s predicted with the fill
  // rule's tile, 87.1 with 128 x 64 of 4 x 2 waves, 95.3, the tuner's
  // best), else the fill rule's tile (4096x128x4096: 64 x 64 of 2 x 2
  // waves, 80.5; eight waves of 64 x 128 68.4, of 128 x 64 62.4).
  int64_t batch = std::max<int64_t>(1, (*staticSizes)[0]);
  int64_t k = (*staticSizes)[3];
  auto enough = [&](int64_t tileM, int64_t tileN) {
    return m * n * k < kMinFillMacs ||
           countWorkgroups(batch, m, n, tileM, tileN) >=
               kRdnaFillWorkgroupsPerCU * computeUnitsOf(chip.chip);
  };
  if (chip.family == ChipFamily::RDNA3 && bitsA == 8 && bitsB == 8 &&
      !options.tileK && 64 % intr.k == 0) {
    if (!cfg.decompressA && !cfg.decompressB && m >= 128 && n >= 64 &&
        32 % intr.m == 0 && 32 % intr.n == 0 && enough(128, 64))
      return RdnaWaveShape{4, 2, 32, 32, 64};
    if (cfg.decompressA && m >= 128 && n >= 256 && 64 % intr.m == 0 &&
        64 % intr.n == 0 && enough(128, 256))
      return RdnaWaveShape{2, 4, 64, 64, 64};
  }
  if (chip.family == ChipFamily::RDNA3 && cfg.decompressA && !sparse &&
      bitsA == 16 && !options.tileK && m >= 128 && n >= 128 &&
      64 % intr.m == 0 && 32 % intr.n == 0 && 32 % intr.k == 0) {
    if (enough(128, 128))
      return RdnaWaveShape{2, 4, 64, 32, 32};
    if (enough(64, 128) && 64 % intr.k == 0)
      return RdnaWaveShape{2, 4, 32, 32, 64};
  }
  return std::nullopt;
}

/// CDNA with few work-groups (the LLM table's M = 128): a static problem of
/// at least kMinFillMacs multiply-adds whose default 2 x 2 waves of
/// `first` fill at most half of the CUs runs one work-group per CU at one
/// wave per SIMD, so each work-group's K loop is bound by the latency of
/// its iterations, not by the matrix unit (docs/Performance.md, "Latency
/// with few work-groups"). Split-K alone (SplitK.cpp) fills the
/// CUs, but each slice writes an M x N partial tile in f32 that the
/// reduction kernel reads back: 8 slices of 128 x 4096 move 16 MiB each
/// way, half of what B itself moves. So the tile is halved first, while
/// the halved tile's work-groups still fit on the CUs in one round: the
/// problem's smaller dimension first, then (below) the other, down to 32 x
/// 32 wave tiles. The K loop then takes longer K tiles (lengthenFewTilesK),
/// and split-K the CUs still idle. Predicted (this rule's pick, the tuner's
/// best at --budget=64 the same or within 5% unless said): gfx942 f16
/// 128x4096x4096 128x128x32 in 8 slices 314.6 TFLOP/s -> 64x64x64 in 2
/// slices 444.0; gfx942 2:4 4096x128x4096 394.7 -> 592.9 with 64x64x128 in
/// 2 slices (128x64x64 in 4: 556.6); gfx950 f16 128x14336x4096 740.3 ->
/// 903.1 with 64x128x128 unsplit; gfx950 2:4 4096x128x4096 813.4 (the
/// tuner's best, 64x128x128 in 4 slices, 840.2).
std::optional<std::pair<int64_t, int64_t>>
heuristic::chooseFewTilesCdnaWaveTile(
    const MatmulProblem &problem, const ChipInfo &chip,
    const MatmulTilingOptions &options, const MatmulTileConfig &cfg,
    std::optional<std::array<int64_t, 4>> staticSizes,
    std::pair<int64_t, int64_t> first) {
  if (!chip.hasMfma || !staticSizes || options.tileM || options.tileN ||
      options.wavesM || options.wavesN)
    return std::nullopt;
  int64_t batch = (*staticSizes)[0], m = (*staticSizes)[1],
          n = (*staticSizes)[2], k = (*staticSizes)[3];
  if (m * n * k < kMinFillMacs)
    return std::nullopt;
  const IntrinsicInfo &intr = *cfg.intrinsic;
  int64_t cus = computeUnitsOf(chip.chip);
  auto workgroups = [&](std::pair<int64_t, int64_t> t) {
    return countWorkgroups(batch, m, n, t.first * cfg.wavesM,
                           t.second * cfg.wavesN);
  };
  if (2 * workgroups(first) > cus)
    return std::nullopt;
  std::pair<int64_t, int64_t> tile = first;
  // The halvings in order: the smaller dimension's wave tile, then the
  // other's. A 2:4 wave tile of one instruction reads its metadata and
  // compressed A for little work, so for a 2:4 instruction the second only
  // where the first's K slices (as many as one round holds) would write at
  // least a fifth of the operands' bytes as partial tiles: the smaller
  // tile then needs half the slices (gfx942 2:4 4096x128x4096: 128 x 64 in
  // 4 slices 556.6, 64 x 64 in 2 592.9; 4096x128x14336: 878.4 and 790.9).
  // Dense takes it anyway (gfx950 f16 128x4096x14336: 64 x 128 in 4
  // slices 846.4, 64 x 64 in 2 899.5; gfx942 560.7 and 550.9).
  // (chooseSplitK's slices, before its bound on K per slice, which needs
  // the K tile lengthenFewTilesK chooses after this.)
  auto slices = [&](std::pair<int64_t, int64_t> t) {
    return getSlicesInOneRound(workgroups(t), cus);
  };
  auto operandBytes = [&](int64_t rows, int64_t bits, bool compressed) {
    double elements = double(rows) * double(k);
    return compressed ? elements / 2 * bits / 8 + elements / 8
                      : elements * bits / 8;
  };
  double operands = double(std::max<int64_t>(1, batch)) *
                    (operandBytes(m, getBitWidth(problem.a), problem.sparseA) +
                     operandBytes(n, getBitWidth(problem.b), problem.sparseB));
  SmallVector<bool> halveM = {m <= n, m > n};
  for (auto [i, alongM] : llvm::enumerate(halveM)) {
    std::pair<int64_t, int64_t> next = tile;
    (alongM ? next.first : next.second) /= 2;
    if (next.first < 32 || next.second < 32 || next.first % intr.m ||
        next.second % intr.n || workgroups(next) > cus)
      break;
    double workspace = double(std::max<int64_t>(1, batch)) * double(m) *
                       double(n) * 4 * double(slices(tile));
    if (i > 0 && cfg.sparseInstruction && 5 * workspace < operands)
      break;
    tile = next;
  }
  if (tile == first)
    return std::nullopt;
  return tile;
}

/// The K tile of a kernel chooseFewTilesCdnaWaveTile shaped, or of a
/// skinny one (configureForm): one
/// work-group per CU at one wave per SIMD, whose iterations each wait for
/// the global loads of the next K tile, so that the longer the K tile, the
/// fewer the waits for the same work. The longest power-of-two multiple of
/// the current one, up to 256 bytes of A per row (the tuner's longest),
/// whose two LDS stages fit the chip with the paddings they will get and
/// whose registers fit the budget, for at least four K tiles of K
/// (gfx942 f16 128x4096x4096 64x64 in 2 slices: K 32 276.8 -> K 64 444.0
/// TFLOP/s predicted; gfx950 K 128 728.2).
void heuristic::lengthenFewTilesK(MatmulTileConfig &cfg,
                                  const MatmulProblem &problem,
                                  const ChipInfo &chip,
                                  const MatmulTilingOptions &options, int64_t k,
                                  int64_t vgprBudget) {
  int64_t longest = 2048 / getBitWidth(problem.a);
  while (2 * cfg.tileK <= longest && 4 * 2 * cfg.tileK <= k) {
    MatmulTileConfig longer = cfg;
    longer.tileK *= 2;
    if (options.ldsPadBytes < 0) {
      chooseLdsPadding(longer, problem, chip.chip);
      if (options.ldsPadBytesB >= 0)
        longer.ldsPadBytesB = options.ldsPadBytesB;
    }
    computeCosts(longer, problem);
    if (longer.ldsBytes > chip.ldsBytes || longer.estimatedVgprs > vgprBudget)
      break;
    cfg = longer;
  }
}
