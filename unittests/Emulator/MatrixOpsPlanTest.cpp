//===- MatrixOpsPlanTest.cpp - Lane plans: tiles against slots ------------===//
//
// gatherPlanned and scatterPlanned move a wave's operands between the
// lanes' registers and the emulator's doubles. Where a plan has tiles (8
// lanes by 4 or 8 slots holding a transposed block: C and D of the WMMAs
// and MFMAs, B of most), the best path transposes them in vector
// registers. These tests compare it, bit for bit, with the slot-by-slot
// path, on layouts of the shapes the instructions use, on layouts with some
// tiles broken, and on random ones, with values that include zeros,
// subnormals, infinities and NaNs.
//
//===----------------------------------------------------------------------===//

#include "Semantics/MatrixOpsImpl.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

namespace emu = mlir::mcore::emu;
namespace mo = emu::matrixops;
using emu::ElemType;

namespace {

/// A layout: element e at lane lane(e), slot slot(e).
struct Layout {
  unsigned wave, per, bits;
  std::vector<mo::Loc> locs;
};

/// Column-across-lanes layouts as the matrix instructions have them: an R
/// x N matrix, column j in lane j + N * (i / per), row i % per in its
/// slots (N lanes per group).
Layout columnsAcrossLanes(unsigned rows, unsigned N, unsigned per,
                          unsigned bits, unsigned wave) {
  Layout l{wave, per, bits, {}};
  for (unsigned i = 0; i < rows; ++i)
    for (unsigned j = 0; j < N; ++j)
      l.locs.push_back({uint16_t(j + N * (i / per)),
                        uint16_t(bits * (i % per))});
  return l;
}

/// Rows along a lane's slots (A): row i in lane i % M + M * (k / per).
Layout rowsAlongSlots(unsigned M, unsigned K, unsigned per, unsigned bits,
                      unsigned wave) {
  Layout l{wave, per, bits, {}};
  for (unsigned i = 0; i < M; ++i)
    for (unsigned k = 0; k < K; ++k)
      l.locs.push_back({uint16_t(i % M + M * (k / per)),
                        uint16_t(bits * (k % per))});
  return l;
}

/// Every slot of the wave, shuffled; `count` of them hold elements.
Layout randomLayout(std::mt19937 &rng, unsigned per, unsigned bits,
                    unsigned wave, unsigned count) {
  std::vector<mo::Loc> all;
  for (unsigned lane = 0; lane < wave; ++lane)
    for (unsigned s = 0; s < per; ++s)
      all.push_back({uint16_t(lane), uint16_t(bits * s)});
  std::shuffle(all.begin(), all.end(), rng);
  all.resize(count);
  return {wave, per, bits, all};
}

/// Swaps the slots of two elements (breaks the tiles they are in).
void swapTwo(std::mt19937 &rng, Layout &l) {
  std::swap(l.locs[rng() % l.locs.size()], l.locs[rng() % l.locs.size()]);
}

/// Random element bits: zeros, subnormals, infinities, NaNs (quiet and
/// signalling) and ordinary values.
uint32_t randomF32(std::mt19937 &rng) {
  switch (rng() % 8) {
  case 0:
    return rng() % 2 ? 0x80000000u : 0u;
  case 1:
    return (rng() & 0x807FFFFFu); // subnormal
  case 2:
    return rng() % 2 ? 0xFF800000u : 0x7F800000u;
  case 3:
    return 0x7F800000u | (rng() & 0x807FFFFFu) | 1u; // NaN
  default:
    return rng();
  }
}
uint16_t randomF16(std::mt19937 &rng) {
  switch (rng() % 8) {
  case 0:
    return rng() % 2 ? 0x8000u : 0u;
  case 1:
    return uint16_t(rng() & 0x83FFu);
  case 2:
    return rng() % 2 ? 0xFC00u : 0x7C00u;
  case 3:
    return uint16_t(0x7C00u | (rng() & 0x83FFu) | 1u);
  default:
    return uint16_t(rng());
  }
}

uint64_t bitsOf(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

/// Gathers `l` (type `t`) from random lanes both ways (with a random lane
/// map when `mapped`) and compares; then scatters random doubles (f32) both
/// ways into equal lanes and compares every byte.
void check(const Layout &l, ElemType t, std::mt19937 &rng, bool mapped,
           const char *what) {
  const unsigned bytes = l.bits / 8, laneBytes = l.per * bytes;
  mo::LanePlan plan = mo::makeLanePlan(l.locs, l.bits, laneBytes, l.wave);
  ASSERT_EQ(plan.per, l.per) << what;
  std::vector<std::vector<uint8_t>> regs(l.wave,
                                         std::vector<uint8_t>(laneBytes));
  std::vector<const uint8_t *> lanes;
  for (auto &r : regs) {
    for (unsigned s = 0; s < l.per; ++s) {
      if (t == ElemType::F16) {
        uint16_t v = randomF16(rng);
        std::memcpy(&r[2 * s], &v, 2);
      } else {
        uint32_t v = randomF32(rng);
        std::memcpy(&r[4 * s], &v, 4);
      }
    }
    lanes.push_back(r.data());
  }
  std::vector<uint8_t> map(l.wave);
  for (unsigned i = 0; i < l.wave; ++i)
    map[i] = uint8_t(i);
  if (mapped)
    std::shuffle(map.begin(), map.end(), rng);
  const uint8_t *laneMap = mapped ? map.data() : nullptr;
  size_t n = l.locs.size();
  std::vector<double> best(n, -1.0), slots(n, -2.0);
  mo::gatherPlanned(t, emu::Fp8Format::E4M3FN, plan, l.wave, laneMap,
                    lanes.data(), best.data(), mo::PlanPath::Best);
  mo::gatherPlanned(t, emu::Fp8Format::E4M3FN, plan, l.wave, laneMap,
                    lanes.data(), slots.data(), mo::PlanPath::Slots);
  for (size_t e = 0; e < n; ++e) {
    // f16 NaNs: the slot path's table and F16C may differ in the payload.
    if (t == ElemType::F16 && std::isnan(slots[e])) {
      ASSERT_TRUE(std::isnan(best[e])) << what << ", element " << e;
      continue;
    }
    ASSERT_EQ(bitsOf(best[e]), bitsOf(slots[e]))
        << what << ", element " << e << ": " << best[e] << " vs " << slots[e];
  }
  if (t != ElemType::F32)
    return;
  std::vector<double> v(n);
  for (double &x : v) {
    switch (rng() % 6) {
    case 0: // between f32 values, ties, f32 subnormals and beyond
      x = std::ldexp(double(int64_t(rng()) - (1ll << 31)), int(rng() % 300) - 180);
      break;
    case 1:
      x = std::ldexp(1.0 + std::ldexp(1.0, -24), int(rng() % 20) - 140);
      break;
    case 2:
      x = rng() % 2 ? INFINITY : -NAN;
      break;
    case 3:
      x = std::ldexp(double(rng()), 100 + int(rng() % 40)); // overflow
      break;
    default:
      x = std::ldexp(double(int64_t(rng())) + 0.5, -int(rng() % 40));
    }
  }
  std::vector<std::vector<uint8_t>> outBest = regs, outSlots = regs;
  std::vector<uint8_t *> pBest, pSlots;
  for (unsigned i = 0; i < l.wave; ++i) {
    pBest.push_back(outBest[i].data());
    pSlots.push_back(outSlots[i].data());
  }
  mo::scatterPlanned(t, plan, l.wave, v.data(), pBest.data(),
                     mo::PlanPath::Best);
  mo::scatterPlanned(t, plan, l.wave, v.data(), pSlots.data(),
                     mo::PlanPath::Slots);
  for (unsigned i = 0; i < l.wave; ++i)
    ASSERT_EQ(outBest[i], outSlots[i]) << what << ", lane " << i;
}

} // namespace

TEST(MatrixOpsPlan, InstructionLayoutsHaveTiles) {
  // C/D of a 16x16 WMMA (wave32, 8 slots), of a 16x16 MFMA (wave64, 4
  // slots), B of SWMMAC (32 x 16 f16, 16 slots): every slot in a tile.
  for (auto [layout, slotsPerTile] :
       {std::pair{columnsAcrossLanes(16, 16, 8, 32, 32), 8u},
        std::pair{columnsAcrossLanes(16, 16, 4, 32, 64), 4u},
        std::pair{columnsAcrossLanes(32, 16, 16, 16, 32), 8u},
        std::pair{columnsAcrossLanes(32, 32, 16, 32, 64), 8u}}) {
    mo::LanePlan p = mo::makeLanePlan(layout.locs, layout.bits,
                                      layout.per * layout.bits / 8,
                                      layout.wave);
    EXPECT_EQ(p.tileSlots, slotsPerTile);
    EXPECT_EQ(p.tiles.size() * 8 * slotsPerTile, layout.locs.size());
    EXPECT_TRUE(p.rest.empty());
  }
  // A's rows along the slots: no tiles.
  Layout a = rowsAlongSlots(16, 16, 8, 16, 32);
  EXPECT_TRUE(mo::makeLanePlan(a.locs, 16, 16, 32).tiles.empty());
}

TEST(MatrixOpsPlan, TilesAreTheSlotBySlotPath) {
  std::mt19937 rng(7);
  for (unsigned round = 0; round < 20; ++round)
    for (bool mapped : {false, true}) {
      check(columnsAcrossLanes(16, 16, 8, 32, 32), ElemType::F32, rng, mapped,
            "wmma C");
      check(columnsAcrossLanes(16, 16, 4, 32, 64), ElemType::F32, rng, mapped,
            "mfma C");
      check(columnsAcrossLanes(32, 32, 16, 32, 64), ElemType::F32, rng,
            mapped, "mfma 32x32 C");
      check(columnsAcrossLanes(16, 16, 8, 16, 32), ElemType::F16, rng, mapped,
            "wmma B");
      check(columnsAcrossLanes(32, 16, 16, 16, 32), ElemType::F16, rng,
            mapped, "swmmac B");
      check(columnsAcrossLanes(32, 16, 8, 16, 64), ElemType::F16, rng, mapped,
            "smfmac B");
      check(columnsAcrossLanes(16, 16, 4, 16, 64), ElemType::F16, rng, mapped,
            "4-slot f16");
      check(rowsAlongSlots(16, 16, 8, 16, 32), ElemType::F16, rng, mapped,
            "wmma A");
      check(rowsAlongSlots(16, 16, 4, 16, 64), ElemType::F16, rng, mapped,
            "mfma A (4 slots)");
      // Some tiles broken, the rest slot by slot.
      Layout broken = columnsAcrossLanes(16, 16, 8, 32, 32);
      swapTwo(rng, broken);
      swapTwo(rng, broken);
      check(broken, ElemType::F32, rng, mapped, "broken C");
      Layout brokenB = columnsAcrossLanes(32, 16, 16, 16, 32);
      swapTwo(rng, brokenB);
      check(brokenB, ElemType::F16, rng, mapped, "broken B");
      // Some slots empty.
      Layout partial = columnsAcrossLanes(12, 16, 8, 32, 32);
      check(partial, ElemType::F32, rng, mapped, "partial C");
      check(randomLayout(rng, 8, 32, 32, 200), ElemType::F32, rng, mapped,
            "random f32");
      check(randomLayout(rng, 8, 16, 64, 500), ElemType::F16, rng, mapped,
            "random f16");
    }
}
