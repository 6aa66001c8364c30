//===- Tiles.cpp - A matmul's tiles ---------------------------------------===//
//
// The heuristic's tiles (HeuristicInternal.h): from a problem, the chip,
// the chosen instruction and the knobs already forced (MatmulTilingOptions:
// the op's #mcore.matmul_config, the options, a tuning-table entry), the
// work-group and wave tiles within the VGPR budget, the K tile within the
// chip's LDS, and the checks of everything forced; and configureForm, which
// runs the steps for one form of the problem.
//
//===----------------------------------------------------------------------===//

#include "HeuristicInternal.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::heuristic;

void heuristic::computeCosts(MatmulTileConfig &cfg,
                             const MatmulProblem &problem) {
  const IntrinsicInfo &intr = *cfg.intrinsic;
  int64_t bitsA = getBitWidth(problem.a), bitsB = getBitWidth(problem.b);
  // A in LDS: dense K columns, or compressed K / 2 for sparse instructions.
  int64_t ldsColsA = cfg.sparseInstruction ? cfg.tileK / 2 : cfg.tileK;
  int64_t padA = cfg.ldsPadBytes * 8 / bitsA,
          padB = cfg.ldsPadBytesB * 8 / bitsB;
  int64_t a = cfg.tileM * (ldsColsA + padA) * bitsA / 8;
  int64_t b = cfg.tileN * (cfg.tileK + padB) * bitsB / 8;
  int64_t meta =
      cfg.sparseInstruction ? cfg.tileM * getLdsMetadataCols(cfg) * 4 : 0;
  cfg.ldsBytes = cfg.stages * (a + b + meta);

  int64_t threads = cfg.getNumThreads();
  int64_t acc = cfg.getTilesM() * cfg.getTilesN() * fragmentRegs(intr.c);
  // The backend issues all LDS reads of a K tile before its first MMA, so
  // the fragments of every K step are live at once.
  int64_t kSteps = std::max<int64_t>(1, cfg.tileK / intr.k);
  int64_t frags =
      kSteps *
      (cfg.getTilesM() * (fragmentRegs(intr.a) + (intr.isSparse() ? 1 : 0)) +
       cfg.getTilesN() * fragmentRegs(intr.b));
  // Global bits staged per thread (compressed A or B when decompressing).
  int64_t globalColsA = problem.sparseA ? cfg.tileK / 2 : cfg.tileK;
  int64_t globalColsB = problem.sparseB ? cfg.tileK / 2 : cfg.tileK;
  int64_t staged =
      ceilDiv(cfg.tileM * globalColsA * storageBits(problem.a) +
                  cfg.tileN * globalColsB * storageBits(problem.b) +
                  (problem.sparseA ? cfg.tileM * cfg.tileK : 0) +
                  (problem.sparseB ? cfg.tileN * cfg.tileK : 0),
              32 * threads);
  cfg.estimatedVgprs = acc + frags + staged + 32;
}

std::string heuristic::checkTileRanges(const MatmulTilingOptions &options) {
  // A tile past any chip's registers and LDS; the cost model walks its rows
  // (a tile-n of 2^31 ran for minutes).
  constexpr int64_t kMaxTile = 8192;
  for (auto [name, size] :
       {std::pair<StringRef, int64_t>{"tile-m", options.tileM},
        {"tile-n", options.tileN},
        {"tile-k", options.tileK}})
    if (size < 0 || size > kMaxTile)
      return (name + " = " + Twine(size) +
              " is out of range (0 for automatic, at most " + Twine(kMaxTile) +
              ")")
          .str();
  return "";
}

/// The tiles: stages and LDS padding as asked; waves (default 2 x 2); the
/// largest wave tile whose registers fit, with the longest K tile that
/// fits the VGPR budget and the chip's LDS (or the tiles the user forced,
/// checked). Sets everything but the instruction fields, which it reads.
std::string heuristic::chooseTiles(const MatmulProblem &problem,
                                   const ChipInfo &chip,
                                   const MatmulTilingOptions &options,
                                   MatmulTileConfig &cfg) {
  std::string reason;
  llvm::raw_string_ostream os(reason);
  bool sparseInstr = cfg.sparseInstruction;
  cfg.stages = options.stages ? options.stages : 2;
  if (cfg.stages != 1 && cfg.stages != 2) {
    os << "stages must be 0 (automatic), 1 (one LDS buffer) or 2 (double "
          "buffering), got "
       << cfg.stages;
    return reason;
  }
  if (options.ldsPadBytes < -1) {
    os << "lds-padding must be -1 (automatic: the padding "
          "with the fewest LDS bank conflicts) or a number of "
          "bytes, got "
       << options.ldsPadBytes;
    return reason;
  }
  if (options.ldsPadBytesB < -1) {
    os << "lds-padding-b must be -1 (automatic: as "
          "lds-padding) or a number of bytes, got "
       << options.ldsPadBytesB;
    return reason;
  }
  // The automatic padding is chosen once the tiles are (16 bytes until
  // then, for the LDS estimate). B's is A's unless set.
  cfg.ldsPadBytes = options.ldsPadBytes < 0 ? 16 : options.ldsPadBytes;
  cfg.ldsPadBytesB =
      options.ldsPadBytesB < 0 ? cfg.ldsPadBytes : options.ldsPadBytesB;
  cfg.schedBarriers = options.schedBarriers;
  cfg.groupM = options.groupM ? options.groupM : 8;
  if (cfg.groupM < 1) {
    os << "group-m must be at least 1, got " << cfg.groupM;
    return reason;
  }
  int64_t bitsA = getBitWidth(problem.a);
  if ((cfg.ldsPadBytes * 8) % bitsA != 0 ||
      (cfg.ldsPadBytes * 8) % getBitWidth(problem.b) != 0 ||
      cfg.ldsPadBytes % 4 != 0) {
    os << "lds-padding must be a multiple of 4 bytes, got " << cfg.ldsPadBytes;
    return reason;
  }
  if ((cfg.ldsPadBytesB * 8) % getBitWidth(problem.b) != 0 ||
      cfg.ldsPadBytesB % 4 != 0) {
    os << "lds-padding-b must be a multiple of 4 bytes, got "
       << cfg.ldsPadBytesB;
    return reason;
  }
  std::optional<LargeCdnaTile> large =
      chooseLargeCdnaTile(problem, chip, options, cfg);
  if (large && large->stages)
    cfg.stages = large->stages;
  if (large && large->intrinsic) {
    cfg.intrinsic = large->intrinsic;
    cfg.intrinsicName = large->intrinsic->name;
  }
  const IntrinsicInfo &intr = *cfg.intrinsic;
  cfg.wavesM = options.wavesM ? options.wavesM : large ? large->wavesM : 2;
  cfg.wavesN = options.wavesN ? options.wavesN : large ? large->wavesN : 2;
  if (cfg.wavesM <= 0 || cfg.wavesN <= 0 || cfg.getNumThreads() > 1024) {
    os << "waves-m x waves-n x wave size must be at most "
          "1024 threads, got "
       << cfg.wavesM << " x " << cfg.wavesN << " x " << cfg.waveSize;
    return reason;
  }
  // K tile: 64 bytes of A per row (128 with a sparse instruction, which
  // reads half of them), at least one instruction, whole metadata words.
  int64_t defaultK = (sparseInstr ? 1024 : 512) / bitsA;
  defaultK = std::max<int64_t>(defaultK, intr.k);
  if (problem.isCompressed())
    defaultK = std::max<int64_t>(defaultK, 32);
  // Wave tile: the largest register block within the VGPR budget.
  if (std::string range = checkTileRanges(options); !range.empty())
    return range;
  std::optional<std::array<int64_t, 4>> staticSizes = problem.getStaticSizes();
  std::optional<RdnaWaveShape> rdnaShape =
      chooseRdnaWaveShape(problem, chip, options, cfg, staticSizes);
  SmallVector<std::pair<int64_t, int64_t>> waveTiles;
  std::optional<std::pair<int64_t, int64_t>> fewTilesCdna;
  if (rdnaShape) {
    cfg.wavesM = rdnaShape->wavesM;
    cfg.wavesN = rdnaShape->wavesN;
    waveTiles.push_back({rdnaShape->waveM, rdnaShape->waveN});
    if (rdnaShape->tileK)
      defaultK = rdnaShape->tileK;
  }
  if (options.tileM || options.tileN) {
    int64_t tm = options.tileM ? options.tileM : cfg.wavesM * 64;
    int64_t tn = options.tileN ? options.tileN : cfg.wavesN * 64;
    if (tm % cfg.wavesM || tn % cfg.wavesN) {
      os << "tile " << tm << "x" << tn << " does not split into " << cfg.wavesM
         << "x" << cfg.wavesN << " waves";
      return reason;
    }
    waveTiles.push_back({tm / cfg.wavesM, tn / cfg.wavesN});
  } else {
    if (large)
      waveTiles.push_back({large->waveM, large->waveN});
    for (auto t : {std::pair<int64_t, int64_t>{64, 64},
                   {64, 32},
                   {32, 64},
                   {32, 32},
                   {32, 16},
                   {16, 32},
                   {16, 16}})
      if (t.first % intr.m == 0 && t.second % intr.n == 0)
        waveTiles.push_back(t);
    if (waveTiles.empty())
      waveTiles.push_back({intr.m, intr.n});
    // RDNA3: a static problem of at least kMinFillMacs multiply-adds whose
    // default tiles give fewer than kRdnaFillWorkgroupsPerCU work-groups per
    // CU takes the largest wave tile, down to 32 x 32, that gives that many,
    // or the smallest. A four-wave work-group puts one wave on each SIMD of
    // its WGP, so a WGP of fewer than four runs its WMMA loops at fewer than
    // four waves per SIMD, bound by their latency (gfx1100 f16, predicted:
    // 128x4096x4096 on 96 CUs, 32 work-groups of 128 x 128 68.6, 64 of 128 x
    // 64 78.1, 128 of 64 x 64 101.4 TFLOP/s, the tuner's best 102.4;
    // 128x14336x4096 112 of 128 x 128 at K 16 91.9, 224 of 128 x 64 106.8,
    // the tuner's 108.4). Smaller wave tiles lose more to their LDS reads
    // than they gain (the 2:4 A expanded for WMMA: 64 x 32 66.3, 64 x 64
    // 80.5). RDNA4 only fills its WGPs with one work-group each: its
    // M = 128 rows are bound by B's bandwidth whatever the tile (gfx1201 f16
    // 128x4096x4096 70.8 TFLOP/s with 128 x 128, 64 x 64 or 64 x 32, the
    // tuner's best). CDNA halves its tiles and splits K instead (below).
    const ChipOccupancyInfo &occ = getChipOccupancyInfo(chip.chip);
    if (!chip.hasMfma && occ.cusPerWgp && staticSizes && !large && !rdnaShape &&
        !options.wavesM && !options.wavesN) {
      int64_t batch = (*staticSizes)[0], m = (*staticSizes)[1],
              n = (*staticSizes)[2], k = (*staticSizes)[3];
      int64_t wanted =
          m * n * k < kMinFillMacs ? 0
          : chip.family == ChipFamily::RDNA3
              ? kRdnaFillWorkgroupsPerCU * computeUnitsOf(chip.chip)
              : computeUnitsOf(chip.chip) / occ.cusPerWgp;
      auto workgroups = [&](std::pair<int64_t, int64_t> t) {
        return countWorkgroups(batch, m, n, t.first * cfg.wavesM,
                               t.second * cfg.wavesN);
      };
      auto smallest = [](std::pair<int64_t, int64_t> t) {
        return t.first <= 32 && t.second <= 32;
      };
      while (waveTiles.size() > 1 && !smallest(waveTiles.front()) &&
             workgroups(waveTiles.front()) < wanted)
        waveTiles.erase(waveTiles.begin());
    }
    // CDNA: the halved tile of a problem with few work-groups
    // (Shapes.cpp); K is split for the CUs still idle.
    if (!large && !rdnaShape)
      if (std::optional<std::pair<int64_t, int64_t>> t =
              chooseFewTilesCdnaWaveTile(problem, chip, options, cfg,
                                         staticSizes, waveTiles.front())) {
        fewTilesCdna = t;
        waveTiles.insert(waveTiles.begin(), *t);
      }
  }
  // The largest register block that fits, with the default K tile or, if
  // the fragments of its K steps do not fit, a shorter one (down to 32
  // bytes of A per row).
  int64_t minK =
      std::max<int64_t>({intr.k, 256 / bitsA, problem.isCompressed() ? 32 : 0});
  for (auto [wm, wn] : waveTiles) {
    cfg.tileM = wm * cfg.wavesM;
    cfg.tileN = wn * cfg.wavesN;
    cfg.tileK = options.tileK ? options.tileK : defaultK;
    computeCosts(cfg, problem);
    // An RDNA wave shape's K tile is the tuner's, compiled without spills
    // where the estimate (which counts every K step's fragments live)
    // exceeds the budget (gfx1100 i8 2:4 128x256x64).
    bool shapeK = rdnaShape && rdnaShape->tileK && !options.tileK &&
                  wm == rdnaShape->waveM && wn == rdnaShape->waveN;
    while (!options.tileK && !shapeK &&
           cfg.estimatedVgprs > getVgprBudget(chip) && cfg.tileK / 2 >= minK &&
           (cfg.tileK / 2) % intr.k == 0) {
      cfg.tileK /= 2;
      computeCosts(cfg, problem);
    }
    if (cfg.estimatedVgprs <= getVgprBudget(chip) || shapeK)
      break;
  }
  // Shrink the default K tile until LDS fits.
  while (!options.tileK && cfg.ldsBytes > chip.ldsBytes &&
         cfg.tileK / 2 >= intr.k &&
         (!problem.isCompressed() || cfg.tileK / 2 >= 32)) {
    cfg.tileK /= 2;
    computeCosts(cfg, problem);
  }

  // CDNA's eight-wave tiles (one work-group per CU): the longest K tile
  // whose two stages fit the chip's LDS, for at least six K tiles. Fewer
  // iterations, barriers and loop overheads per MFMA: on gfx950's 160 KiB,
  // f16 dense 256 x 256 takes K 64 (98.0% -> 98.5% of peak at 4096^3),
  // 256 x 128 takes K 64 (2048x4096x4096: 86.5% -> 97.6%) and 2:4's 256 x
  // 128 takes K 128 (4096x2048x4096 60.8% -> 72.7%). On gfx942's 64 KiB
  // none grows.
  if (large && !options.tileK && cfg.stages == 2 &&
      cfg.wavesM * cfg.wavesN >=
          2 * int64_t(getChipOccupancyInfo(chip.chip).simdsPerCU)) {
    while (true) {
      MatmulTileConfig longer = cfg;
      longer.tileK *= 2;
      computeCosts(longer, problem);
      if (longer.ldsBytes > chip.ldsBytes ||
          longer.estimatedVgprs > getVgprBudget(chip) || !staticSizes ||
          6 * longer.tileK > (*staticSizes)[3])
        break;
      cfg = longer;
    }
  }

  if (fewTilesCdna && !options.tileK && cfg.stages == 2 &&
      *fewTilesCdna == std::pair(cfg.getWaveTileM(), cfg.getWaveTileN()))
    lengthenFewTilesK(cfg, problem, chip, options, (*staticSizes)[3],
                      getVgprBudget(chip));

  if (options.ldsPadBytes < 0 && cfg.tileK > 0 &&
      cfg.getWaveTileM() % intr.m == 0 && cfg.getWaveTileN() % intr.n == 0 &&
      cfg.tileK % intr.k == 0) {
    chooseLdsPadding(cfg, problem, chip.chip);
    if (options.ldsPadBytesB >= 0)
      cfg.ldsPadBytesB = options.ldsPadBytesB;
    computeCosts(cfg, problem);
  }

  if (cfg.getWaveTileM() % intr.m || cfg.getWaveTileN() % intr.n ||
      cfg.getWaveTileM() <= 0 || cfg.getWaveTileN() <= 0) {
    os << "tile " << cfg.tileM << "x" << cfg.tileN << " with " << cfg.wavesM
       << "x" << cfg.wavesN << " waves gives wave tiles of "
       << cfg.getWaveTileM() << "x" << cfg.getWaveTileN()
       << ", not a multiple of " << intr.name << "'s " << intr.m << "x"
       << intr.n;
    return reason;
  }
  if (cfg.tileK <= 0 || cfg.tileK % intr.k) {
    os << "tile-k " << cfg.tileK << " must be a multiple of " << intr.name
       << "'s K = " << intr.k;
    return reason;
  }
  if (problem.isCompressed() && cfg.tileK % 32) {
    os << "tile-k " << cfg.tileK
       << " must be a multiple of 32 for a 2:4-sparse "
          "operand (whole metadata words)";
    return reason;
  }
  if (cfg.ldsBytes > chip.ldsBytes) {
    os << cfg.describe() << " needs " << cfg.ldsBytes << " B of LDS; "
       << chip.name << " has " << chip.ldsBytes;
    return reason;
  }
  return "";
}

std::string heuristic::configureForm(const Form &form,
                                     const MatmulTilingOptions &options,
                                     MatmulTileConfig &cfg,
                                     std::vector<std::string> &remarks) {
  const MatmulProblem &problem = form.problem;
  const ChipInfo &chip = getChipInfo(options.chip);
  cfg = MatmulTileConfig();
  cfg.waveSize = chip.waveSize;
  cfg.swapOperands = form.swapped ? "always" : "never";
  if (std::string reason = chooseInstruction(form, chip, options, cfg, remarks);
      !reason.empty())
    return reason;
  // A skinny matmul gets a one-instruction-high tile unless the tiles are
  // forced (SplitK.cpp).
  MatmulTilingOptions tiling = options;
  bool skinny = applySkinnyTiles(problem, cfg, tiling);
  if (std::string reason = chooseTiles(problem, chip, tiling, cfg);
      !reason.empty())
    return reason;
  // Skinny kernels (latency-bound): the longest K tile, as for CDNA's few
  // work-groups (Shapes.cpp).
  std::optional<std::array<int64_t, 4>> sizes = problem.getStaticSizes();
  if (skinny && sizes && !options.tileK && !options.tileM && !options.tileN &&
      !options.wavesM && !options.wavesN && cfg.stages == 2)
    lengthenFewTilesK(cfg, problem, chip, tiling, (*sizes)[3],
                      getVgprBudget(chip));
  return chooseSplitK(problem, tiling, skinny, cfg);
}
