//===- Space.cpp - The configurations the tuner tries ---------------------===//
//
// The space of a matmul: the searched knobs' values crossed, each point
// checked by the heuristic itself, without IR (configureMatmul with every
// knob forced: tiles against the instruction and the waves, threads, LDS), and
// points whose register estimate is far beyond the chip's register file
// dropped before anything is compiled. docs/Tuning.md
// lists the values.
//
//===----------------------------------------------------------------------===//

#include "TuneInternal.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tune;

namespace {

/// The searched knobs of a point, as coordinates (the wave tile instead of
/// the work-group tile, so that changing the waves keeps each wave's
/// registers).
using Coords = std::array<int64_t, 8>;
enum Coord {
  Intrinsic, // index in the heuristic's candidate list
  WavesM,
  WavesN,
  WaveTileM,
  WaveTileN,
  TileK,
  Stages,
  SchedBarriers,
};

Coords getCoords(const MatmulConfigFields &f,
                 ArrayRef<const IntrinsicInfo *> intrinsics) {
  int64_t intr = llvm::find_if(intrinsics,
                               [&](const IntrinsicInfo *i) {
                                 return i->name == *f.intrinsicName;
                               }) -
                 intrinsics.begin();
  return {intr,
          *f.wavesM,
          *f.wavesN,
          *f.tileM / *f.wavesM,
          *f.tileN / *f.wavesN,
          *f.tileK,
          *f.stages,
          *f.schedBarriers ? 1 : 0};
}

/// Powers of two times `unit` from `lo` up to `hi` (at least `unit`).
SmallVector<int64_t> steps(int64_t unit, int64_t lo, int64_t hi) {
  SmallVector<int64_t> values;
  for (int64_t v = unit; v <= std::max(hi, unit); v *= 2)
    if (v >= lo)
      values.push_back(v);
  if (values.empty())
    values.push_back(unit);
  return values;
}

int64_t roundUpPow2(int64_t x) {
  int64_t p = 1;
  while (p < x)
    p *= 2;
  return p;
}

} // namespace

llvm::Expected<std::vector<MatmulConfigFields>>
tune::enumerateSpace(const runner::MatmulFunction &problem,
                     const MatmulConfigFields &fixed) {
  auto fail = [](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  // The heuristic's configuration: the first point, and the values of the
  // knobs the tuner does not search.
  MatmulConfigResult configured = detail::configure(problem, fixed);
  if (!configured)
    return fail(!configured.reason.empty()
                    ? configured.reason
                    : "no configuration for " + problem.describe() +
                          (fixed.empty() ? ""
                                         : " with " + fixed.describeSetKeys() +
                                               " fixed"));
  const MatmulTileConfig *heuristic = &*configured.config;
  MatmulTilingOptions options;
  options.chip = problem.chip;
  // The instructions of the form the heuristic chose (swap-operands).
  options.swapOperands = heuristic->swapOperands;
  SmallVector<const IntrinsicInfo *> intrinsics = getMatmulIntrinsicCandidates(
      runner::getCompilerProblem(problem), options);
  if (intrinsics.empty())
    return fail("no instruction for " + problem.describe());
  // A fixed instruction is the only one (the heuristic's configuration,
  // which it checked, has it).
  if (fixed.intrinsicName)
    intrinsics = {heuristic->intrinsic};

  const ChipInfo &chip = getChipInfo(problem.chip);
  // Registers a wave may have: the VGPR file, with the AGPRs where they
  // are one file with it (gfx90a and later). The estimate is rough: a
  // quarter more is still compiled, and spills are found in the ISA.
  int64_t registerLimit =
      chip.maxVgprs +
      (chip.hasMfma && problem.chip != Chip::gfx908 ? chip.maxAgprs : 0);
  registerLimit += registerLimit / 4;
  int bitsA = runner::getBitWidth(problem.a);

  // The searched values; a fixed knob has its own only (the others are
  // overridden after the loop, which may make a point again: seen drops it).
  auto valuesOf = [](const std::optional<int64_t> &fixedValue,
                     SmallVector<int64_t> all) {
    return fixedValue ? SmallVector<int64_t>{*fixedValue} : all;
  };
  SmallVector<int64_t> wavesMValues = valuesOf(fixed.wavesM, {1, 2, 4});
  SmallVector<int64_t> wavesNValues = valuesOf(fixed.wavesN, {1, 2, 4});
  // A block-scaled kernel has no LDS stages and no scheduling barriers
  // (lib/Heuristic/Scaled.cpp).
  SmallVector<int64_t> stagesValues = valuesOf(
      fixed.stages, problem.blockScaled ? SmallVector<int64_t>{1}
                                        : SmallVector<int64_t>{2, 1});
  SmallVector<bool> schedValues =
      fixed.schedBarriers ? SmallVector<bool>{*fixed.schedBarriers}
      : problem.blockScaled ? SmallVector<bool>{true}
                            : SmallVector<bool>{true, false};

  std::vector<MatmulConfigFields> space{heuristic->getKnobs()};
  // Every point's LDS padding and K split are chosen for its own tiles
  // (unless fixed).
  MatmulConfigFields base = space.front();
  base.ldsPadBytes.reset();
  base.ldsPadBytesB.reset();
  base.splitK.reset();
  std::set<Coords> seen{getCoords(space.front(), intrinsics)};
  for (const IntrinsicInfo *intr : intrinsics) {
    // Wave tiles from one instruction to 128, no larger than needed to
    // cover M (N) once.
    SmallVector<int64_t> waveM =
        steps(intr->m, intr->m, std::min<int64_t>(128, roundUpPow2(problem.m)));
    SmallVector<int64_t> waveN =
        steps(intr->n, intr->n, std::min<int64_t>(128, roundUpPow2(problem.n)));
    // K tiles of 32 to 256 bytes of A per row (whole metadata words for
    // 2:4), no longer than K.
    int64_t minK =
        std::max<int64_t>({intr->k, 256 / bitsA, problem.sparseA ? 32 : 0});
    SmallVector<int64_t> tileK = steps(
        intr->k, minK, std::min<int64_t>(2048 / bitsA, roundUpPow2(problem.k)));
    for (int64_t wavesM : wavesMValues)
      for (int64_t wavesN : wavesNValues) {
        if (wavesM * wavesN > 8 ||
            wavesM * wavesN * int64_t(intr->waveSize) > 1024)
          continue;
        for (int64_t wm : waveM)
          for (int64_t wn : waveN)
            for (int64_t k : tileK)
              for (int64_t stages : stagesValues)
                for (bool sched : schedValues) {
                  MatmulConfigFields f = base;
                  f.intrinsicName = intr->name;
                  f.wavesM = wavesM;
                  f.wavesN = wavesN;
                  f.tileM = wm * wavesM;
                  f.tileN = wn * wavesN;
                  f.tileK = k;
                  f.stages = stages;
                  f.schedBarriers = sched;
                  f.overrideWith(fixed);
                  if (!seen.insert(getCoords(f, intrinsics)).second)
                    continue;
                  MatmulConfigResult cfg = detail::configure(problem, f);
                  if (!cfg || cfg.config->estimatedVgprs > registerLimit)
                    continue;
                  space.push_back(cfg.config->getKnobs());
                }
      }
  }
  return space;
}

std::vector<size_t>
tune::getNeighbors(const std::vector<MatmulConfigFields> &space, size_t point) {
  // The instructions, in the order the space met them.
  SmallVector<const IntrinsicInfo *> intrinsics;
  for (const MatmulConfigFields &f : space) {
    const IntrinsicInfo *info = lookupIntrinsic(*f.intrinsicName);
    if (!llvm::is_contained(intrinsics, info))
      intrinsics.push_back(info);
  }
  std::map<Coords, size_t> index;
  std::array<std::set<int64_t>, 8> values;
  for (auto [i, f] : llvm::enumerate(space)) {
    Coords c = getCoords(f, intrinsics);
    index.emplace(c, i);
    for (unsigned d = 0; d < c.size(); ++d)
      values[d].insert(c[d]);
  }
  Coords here = getCoords(space[point], intrinsics);
  std::vector<size_t> result;
  for (unsigned d = 0; d < here.size(); ++d) {
    auto it = values[d].find(here[d]);
    SmallVector<int64_t> nextValues;
    if (d == Intrinsic) {
      // Any other instruction.
      for (int64_t v : values[d])
        if (v != here[d])
          nextValues.push_back(v);
    } else {
      if (it != values[d].begin())
        nextValues.push_back(*std::prev(it));
      if (std::next(it) != values[d].end())
        nextValues.push_back(*std::next(it));
    }
    for (int64_t v : nextValues) {
      Coords there = here;
      there[d] = v;
      auto found = index.find(there);
      if (found != index.end())
        result.push_back(found->second);
    }
  }
  return result;
}
