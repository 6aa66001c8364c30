//===- Scaled.cpp - The configuration of a block-scaled (MX) matmul -------===//
//
// The heuristic for a block-scaled problem (MatmulProblem::blockScaled,
// docs/MatmulForms.md "Block-scaled (MX) matmuls"): the chip's block-scaled
// instruction for A's and B's formats, the waves and wave tiles, and the K
// step. mcore-tile-matmul's kernel for it (TileMatmulScaled.cpp) reads A, B
// and the scales straight from global memory, one K tile at a time, into
// registers: it has no LDS stages, no padding, no work-group swizzle and no
// K split, and those knobs are fixed (stages 1, paddings 0, group-m 1,
// split-k 1); forcing another value is an error that says so.
//
// Default: waves of 4 x 4 instruction tiles each (a side statically at
// most half of that keeps 2 tiles per wave), the K tile one instruction
// step. Among the chip's instructions for the formats (gfx950: 16x16x128
// and 32x32x64 at one rate) and 2 x 2, 2 x 4 or 4 x 2 waves, the analytic
// model's faster configuration (perf::predictConfig: matrix cycles, the
// grid's rounds, DRAM and L2 traffic); on a tie the smaller instruction
// tile (it wastes less of a matrix whose M or N is not a multiple of the
// work-group tile and needs fewer accumulator registers) and 2 x 2 waves.
//
//===----------------------------------------------------------------------===//

#include "HeuristicInternal.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <functional>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::heuristic;

SmallVector<const IntrinsicInfo *>
heuristic::getScaledCandidates(const MatmulProblem &problem) {
  SmallVector<const IntrinsicInfo *> found =
      selectIntrinsics(problem.chip, {problem.a, problem.b, ScalarKind::F32,
                                      /*sparse=*/false, /*scaled=*/true});
  // The smaller tile first among equal rates (the catalog's order
  // otherwise: its entries are one table).
  llvm::sort(found, [&](const IntrinsicInfo *x, const IntrinsicInfo *y) {
    double rx = x->getOpsPerCycle(problem.chip),
           ry = y->getOpsPerCycle(problem.chip);
    if (rx != ry)
      return rx > ry;
    if (x->m * x->n != y->m * y->n)
      return x->m * x->n < y->m * y->n;
    return std::less<const IntrinsicInfo *>()(x, y);
  });
  return found;
}

void heuristic::computeScaledCosts(MatmulTileConfig &cfg) {
  const IntrinsicInfo &intr = *cfg.intrinsic;
  cfg.ldsBytes = 0;
  int64_t acc = cfg.getTilesM() * cfg.getTilesN() * fragmentRegs(intr.c);
  // Every K step of the tile is loaded before its instructions issue; one
  // scale register per A and B tile and step.
  int64_t kSteps = std::max<int64_t>(1, cfg.tileK / intr.k);
  int64_t frags = kSteps * (cfg.getTilesM() * (fragmentRegs(intr.a) + 1) +
                            cfg.getTilesN() * (fragmentRegs(intr.b) + 1));
  cfg.estimatedVgprs = acc + frags + 32;
}

/// The knobs the block-scaled kernel does not have: their fixed values, or
/// the reason a forced value cannot be obeyed.
static std::string fixKernelKnobs(const MatmulTilingOptions &options,
                                  MatmulTileConfig &cfg) {
  std::string reason;
  llvm::raw_string_ostream os(reason);
  const char *noLds = "the block-scaled kernel reads A, B and the scales "
                      "from global memory into registers, without LDS";
  if (options.swapOperands != "auto" && options.swapOperands != "never") {
    os << "swap-operands=" << options.swapOperands
       << ": a block-scaled matmul is computed in its own form (auto or "
          "never)";
    return reason;
  }
  if (options.stages != 0 && options.stages != 1) {
    os << "stages = " << options.stages << ": " << noLds
       << " (stages must be 0 or 1)";
    return reason;
  }
  for (auto [name, pad] : {std::pair<StringRef, int64_t>{"lds-padding",
                                                         options.ldsPadBytes},
                           {"lds-padding-b", options.ldsPadBytesB}})
    if (pad != -1 && pad != 0) {
      os << name << " = " << pad << ": " << noLds << " (it must be -1 or 0)";
      return reason;
    }
  if (options.groupM != 0 && options.groupM != 1) {
    os << "group-m = " << options.groupM
       << ": the block-scaled kernel's work-groups go row by row (group-m "
          "must be 0 or 1)";
    return reason;
  }
  if (options.splitK != 0 && options.splitK != 1) {
    os << "split-k = " << options.splitK
       << ": the block-scaled kernel does not split K (split-k must be 0 or "
          "1)";
    return reason;
  }
  if (!options.schedBarriers) {
    os << "sched-barriers=false: the block-scaled kernel has no LDS stores "
          "or prefetch to keep apart, hence no scheduling barriers";
    return reason;
  }
  cfg.swapOperands = "never";
  cfg.stages = 1;
  cfg.ldsPadBytes = cfg.ldsPadBytesB = 0;
  cfg.groupM = 1;
  cfg.splitK = 1;
  cfg.schedBarriers = true;
  return "";
}

/// The tiles of `cfg` (its instruction chosen) as the options force them
/// or by default.
static std::string chooseScaledTiles(const MatmulProblem &problem,
                                     const MatmulTilingOptions &options,
                                     MatmulTileConfig &cfg) {
  std::string reason;
  llvm::raw_string_ostream os(reason);
  const IntrinsicInfo &intr = *cfg.intrinsic;
  cfg.waveSize = intr.waveSize;
  cfg.wavesM = options.wavesM ? options.wavesM : 2;
  cfg.wavesN = options.wavesN ? options.wavesN : 2;
  if (cfg.wavesM <= 0 || cfg.wavesN <= 0 || cfg.getNumThreads() > 1024) {
    os << "waves-m x waves-n x wave size must be at most 1024 threads, got "
       << cfg.wavesM << " x " << cfg.wavesN << " x " << cfg.waveSize;
    return reason;
  }
  if (std::string range = checkTileRanges(options); !range.empty())
    return range;
  // 4 instruction tiles per wave along a side: each A and B fragment feeds
  // four instructions, which halves the bytes each wave reads per
  // instruction against 2 (docs/PerformanceTables.md, "Block-scaled (MX)
  // on gfx950"); 2 along a side statically at most half of that.
  // Fewer where the registers would not fit (getScaledVgprBudget): the 32x32
  // instructions' accumulators are four times the 16x16 ones'.
  auto tilesAlong = [&](int64_t size, int64_t waves, int64_t instr,
                        int64_t most) {
    return size != MatmulProblem::kDynamic && size <= 2 * waves * instr
               ? std::min<int64_t>(2, most)
               : most;
  };
  cfg.tileK = options.tileK ? options.tileK : intr.k;
  for (int64_t most = 4;; most /= 2) {
    cfg.tileM = options.tileM ? options.tileM
                              : cfg.wavesM * intr.m *
                                    tilesAlong(problem.m, cfg.wavesM, intr.m,
                                               most);
    cfg.tileN = options.tileN ? options.tileN
                              : cfg.wavesN * intr.n *
                                    tilesAlong(problem.n, cfg.wavesN, intr.n,
                                               most);
    if (most == 1 || (options.tileM && options.tileN) ||
        cfg.tileM % cfg.wavesM || cfg.tileN % cfg.wavesN)
      break;
    computeScaledCosts(cfg);
    if (cfg.estimatedVgprs <= getScaledVgprBudget(getChipInfo(problem.chip)))
      break;
  }
  if (cfg.tileM % cfg.wavesM || cfg.tileN % cfg.wavesN ||
      cfg.getWaveTileM() % intr.m || cfg.getWaveTileN() % intr.n) {
    os << "tile " << cfg.tileM << "x" << cfg.tileN << " with " << cfg.wavesM
       << "x" << cfg.wavesN << " waves does not give wave tiles that are "
       << "multiples of " << intr.name << "'s " << intr.m << "x" << intr.n;
    return reason;
  }
  if (cfg.tileK % intr.k) {
    os << "tile-k " << cfg.tileK << " must be a multiple of " << intr.name
       << "'s K = " << intr.k;
    return reason;
  }
  computeScaledCosts(cfg);
  return "";
}

std::string heuristic::configureScaled(const MatmulProblem &problem,
                                       const MatmulTilingOptions &options,
                                       MatmulTileConfig &cfg) {
  std::string reason;
  llvm::raw_string_ostream os(reason);
  const ChipInfo &chip = getChipInfo(problem.chip);
  cfg = MatmulTileConfig();
  if (std::string r = fixKernelKnobs(options, cfg); !r.empty())
    return r;
  SmallVector<const IntrinsicInfo *> candidates = getScaledCandidates(problem);
  if (candidates.empty()) {
    os << problem.name << " of " << problem.describeTypes() << ": "
       << chip.name
       << " has no block-scaled matrix instruction for these formats";
    return reason;
  }
  if (!options.intrinsicName.empty()) {
    const IntrinsicInfo *forced = lookupIntrinsic(options.intrinsicName);
    if (!forced || !llvm::is_contained(candidates, forced)) {
      os << "intrinsic '" << options.intrinsicName << "' does not compute "
         << problem.describeTypes() << " on " << chip.name << "; its "
         << "block-scaled instructions for these formats are ";
      llvm::interleaveComma(candidates, os,
                            [&](const IntrinsicInfo *c) { os << c->name; });
      return reason;
    }
    candidates = {forced};
  }
  // The waves: 2 x 2, or where the analytic model predicts it faster (a
  // static problem, neither waves nor tiles forced) 2 x 4 or 4 x 2, whose
  // larger work-group tiles read each row of A (column of B) through L2
  // for fewer tiles of C.
  SmallVector<std::pair<int64_t, int64_t>> waves = {{2, 2}};
  if (problem.getStaticSizes() && !options.wavesM && !options.wavesN &&
      !options.tileM && !options.tileN)
    waves.append({{2, 4}, {4, 2}});
  std::optional<MatmulTileConfig> best;
  double bestTime = INFINITY;
  for (const IntrinsicInfo *intr : candidates)
    for (auto [wm, wn] : waves) {
      MatmulTileConfig c = cfg;
      c.intrinsic = intr;
      c.intrinsicName = intr->name;
      MatmulTilingOptions o = options;
      o.wavesM = options.wavesM ? options.wavesM : wm;
      o.wavesN = options.wavesN ? options.wavesN : wn;
      if (std::string r = chooseScaledTiles(problem, o, c); !r.empty()) {
        // The first candidate's reason: a forced knob that no candidate
        // takes is reported against the best instruction.
        if (!best && reason.empty())
          reason = r;
        continue;
      }
      double time = problem.getStaticSizes() ? estimate(problem, c) : 0;
      if (!best || time < bestTime) {
        best = c;
        bestTime = time;
      }
    }
  if (!best)
    return reason;
  cfg = *best;
  return "";
}
