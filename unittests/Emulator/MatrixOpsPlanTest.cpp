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
#include <optional>
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

/// RDNA4's A: row i in lane i % M, k 0-3 and 8-11 in lanes 0-15, 4-7 and
/// 12-15 in lanes 16-31 (runs of four consecutive elements).
Layout rdna4A() {
  Layout l{32, 8, 16, {}};
  for (unsigned i = 0; i < 16; ++i)
    for (unsigned k = 0; k < 16; ++k)
      l.locs.push_back({uint16_t(i + 16 * ((k / 4) % 2)),
                        uint16_t(16 * (4 * (k / 8) + k % 4))});
  return l;
}

/// C of CDNA's 32x32 MFMAs: column j in lane j + 32 * h, rows in groups
/// of four, row 8 * (s / 4) + 4 * h + s % 4 in slot s.
Layout mfma32C() {
  Layout l{64, 16, 32, std::vector<mo::Loc>(32 * 32)};
  for (unsigned lane = 0; lane < 64; ++lane)
    for (unsigned s = 0; s < 16; ++s) {
      unsigned row = 8 * (s / 4) + 4 * (lane / 32) + s % 4;
      l.locs[row * 32 + lane % 32] = {uint16_t(lane), uint16_t(32 * s)};
    }
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
        std::pair{columnsAcrossLanes(32, 32, 16, 32, 64), 8u},
        std::pair{mfma32C(), 4u}}) {
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
      check(rdna4A(), ElemType::F16, rng, mapped, "rdna4 A");
      check(mfma32C(), ElemType::F32, rng, mapped, "mfma 32x32 C (4-row groups)");
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

namespace {

/// Index plans (word * 32 + bit per A element) as the sparse layouts have
/// them: rows of `perLane` fields in one lane's word, `lanesPerRow` lanes
/// per row, `words` index words per lane, fields from bit `bit0` (an index
/// set); and a shuffled one.
std::vector<uint32_t> rowPlan(unsigned M, unsigned kA, unsigned perLane,
                              unsigned words, unsigned bit0) {
  std::vector<uint32_t> plan;
  for (unsigned i = 0; i < M; ++i)
    for (unsigned kc = 0; kc < kA; ++kc) {
      unsigned lane = i + M * (kc / perLane);
      unsigned bit = bit0 + 2 * (kc % perLane);
      plan.push_back((lane * words + bit / 32) * 32 + bit % 32);
    }
  return plan;
}

/// Runs the plan both ways on index words whose fields are random (every
/// value 0-3: the patterns of groups with zero, one or two non-zeros) and
/// compares every position.
void checkPositions(const std::vector<uint32_t> &plan, unsigned words,
                    std::mt19937 &rng, const char *what) {
  std::vector<mo::IndexRun> runs = mo::makeIndexRuns(plan);
  std::vector<uint32_t> index(words);
  for (uint32_t &w : index)
    w = uint32_t(rng());
  std::vector<uint8_t> best(plan.size() + 7, 0xEE),
      shifts(plan.size() + 7, 0xCC), slots(plan.size(), 0xDD);
  mo::readPositions(plan, runs, index.data(), best.data(), mo::PlanPath::Best);
  mo::readPositions(plan, runs, index.data(), shifts.data(),
                    mo::PlanPath::Shifts);
  mo::readPositions(plan, runs, index.data(), slots.data(),
                    mo::PlanPath::Slots);
  for (size_t e = 0; e < plan.size(); ++e) {
    ASSERT_EQ(int(best[e]), int(slots[e])) << what << ", element " << e;
    ASSERT_EQ(int(shifts[e]), int(slots[e])) << what << ", element " << e;
  }
}

} // namespace

TEST(MatrixOpsPlan, IndexRunsAreTheFieldByFieldPath) {
  std::mt19937 rng(11);
  // RDNA4 SWMMAC (16 x 16 stored, 8 fields per lane, sets at bit 0 and
  // 16), CDNA SMFMAC (16 x 16, 4 per lane, sets at 0, 8, 16, 24), a
  // 64-bit index (two words) and 32 x 8 rows.
  EXPECT_EQ(mo::makeIndexRuns(rowPlan(16, 16, 8, 1, 0)).size(), 32u);
  for (unsigned round = 0; round < 50; ++round) {
    for (unsigned set : {0u, 16u})
      checkPositions(rowPlan(16, 16, 8, 1, set), 32, rng, "swmmac");
    for (unsigned set : {0u, 8u, 16u, 24u})
      checkPositions(rowPlan(16, 16, 4, 1, set), 64, rng, "smfmac");
    checkPositions(rowPlan(16, 32, 16, 2, 0), 64, rng, "64-bit index");
    checkPositions(rowPlan(32, 8, 4, 1, 8), 64, rng, "32 rows");
    std::vector<uint32_t> shuffled = rowPlan(16, 16, 8, 1, 0);
    std::shuffle(shuffled.begin(), shuffled.end(), rng);
    checkPositions(shuffled, 32, rng, "shuffled");
    std::vector<uint32_t> swapped = rowPlan(16, 16, 4, 1, 0);
    std::swap(swapped[rng() % swapped.size()],
              swapped[rng() % swapped.size()]);
    checkPositions(swapped, 64, rng, "two swapped");
  }
}

namespace {

/// A meeting as the runtime executes it: a 2x2 grid (each A and each B
/// read by two instructions, through the same lanes' memory), then a chain
/// of three (each C the D before), on random operands with every kind of
/// value. Executes it with a MatrixOperandCache and without, on copies of
/// the same memory, and compares every result byte. With the cache the
/// chain goes through it as the runtime sets it up (setRow: the D kept for
/// the next row, which takes it as C), where the two rows have the same
/// immediates; with `unwritten`, those kept Ds are not written either, and
/// must be left as they were.
/// The odd instructions take `imm2` (by default `imm`): another block
/// broadcast or lane pattern reads other values from the same memory.
void checkCache(const char *name, const char *chip, unsigned wave,
                emu::MatrixImmediates imm, std::mt19937 &rng,
                std::optional<emu::MatrixImmediates> imm2 = std::nullopt,
                bool unwritten = false) {
  const emu::MatrixOp &op = *llvm::cantFail(
      emu::MatrixOp::get(name, llvm::cantFail(emu::getTarget(chip, wave))));
  ASSERT_FALSE(bool(op.verify(imm))) << name;
  if (imm2)
    ASSERT_FALSE(bool(op.verify(*imm2))) << name;
  // Operands, lane-major: A0 A1 B0 B1, C and D of the 4 + 3 instructions.
  const unsigned aB = op.getABytes(), bB = op.getBBytes(),
                 cB = op.getCBytes(), dB = op.getDBytes();
  // Mostly finite values (so that most results are finite and a wrong
  // operand or rounding shows), one in 16 a zero, a subnormal, an infinity
  // or a NaN.
  auto fill = [&](std::vector<uint8_t> &v, size_t n, bool f32) {
    v.resize(n);
    for (size_t i = 0; i + (f32 ? 4 : 2) <= n; i += f32 ? 4 : 2) {
      bool special = rng() % 16 == 0;
      if (f32) {
        uint32_t x = special ? randomF32(rng)
                             : (rng() & 0x807FFFFFu) | ((100 + rng() % 50) << 23);
        std::memcpy(&v[i], &x, 4);
      } else {
        uint16_t x = special ? randomF16(rng)
                             : uint16_t((rng() & 0x83FFu) | ((5 + rng() % 20) << 10));
        std::memcpy(&v[i], &x, 2);
      }
    }
  };
  std::vector<uint8_t> A[2], B[2], C[7];
  for (auto &v : A)
    fill(v, size_t(wave) * aB, false);
  for (auto &v : B)
    fill(v, size_t(wave) * bB, false);
  for (auto &v : C)
    fill(v, size_t(wave) * cB, cB / (op.getM() * op.getN() * op.getBlocks() /
                                     wave) == 4);
  std::vector<uint32_t> index(size_t(wave) * op.getIndexWords());
  for (uint32_t &w : index)
    w = uint32_t(rng());
  auto lanes = [&](std::vector<uint8_t> &v, unsigned bytes) {
    std::vector<uint8_t *> p;
    for (unsigned l = 0; l < wave; ++l)
      p.push_back(v.data() + size_t(l) * bytes);
    return p;
  };
  auto immOf = [&](unsigned q) { return q % 2 && imm2 ? *imm2 : imm; };
  // Row q takes the D of row q - 1 as C through the cache (4 -> 5 -> 6).
  auto chained = [&](unsigned q) {
    return q >= 5 && q <= 6 && immOf(q) == immOf(q - 1) &&
           op.chainsResult(immOf(q));
  };
  std::vector<uint8_t> D[2][8];
  unsigned skipped = 0;
  for (int cached = 0; cached < 2; ++cached) {
    emu::MatrixOperandCache cache;
    cache.clear();
    for (auto &d : D[cached])
      d.assign(size_t(wave) * dB, 0xA5);
    auto exec = [&](unsigned q, std::vector<uint8_t> &a, std::vector<uint8_t> &b,
                    std::vector<uint8_t> &c) {
      auto pa = lanes(a, aB), pb = lanes(b, bB), pd = lanes(D[cached][q], dB);
      auto pc = lanes(c, &c == &D[cached][q - (q ? 1 : 0)] ? dB : cB);
      std::vector<const uint8_t *> ca(pa.begin(), pa.end()),
          cb(pb.begin(), pb.end()), cc(pc.begin(), pc.end());
      bool keep = chained(q + 1);
      cache.setRow(q, chained(q) ? int(q) - 1 : -1, keep, !(keep && unwritten));
      llvm::Error e =
          op.executeLanes(immOf(q), ca.data(), cb.data(), cc.data(),
                          op.isSparse() ? index.data() : nullptr, pd.data(),
                          nullptr, nullptr, cached ? &cache : nullptr);
      ASSERT_FALSE(bool(e)) << llvm::toString(std::move(e));
    };
    for (unsigned i = 0; i < 2; ++i)
      for (unsigned j = 0; j < 2; ++j)
        exec(2 * i + j, A[i], B[j], C[2 * i + j]);
    exec(4, A[1], B[0], C[4]);
    exec(5, A[0], B[1], D[cached][4]);
    exec(6, A[1], B[1], D[cached][5]);
    // One value as A and as B (one slot for both), where they have a size.
    if (aB == bB)
      exec(7, A[0], A[0], C[5]);
  }
  for (unsigned q = 0; q < 8; ++q) {
    if (unwritten && chained(q + 1)) {
      // Kept, not written: as it was.
      ASSERT_EQ(D[1][q], std::vector<uint8_t>(size_t(wave) * dB, 0xA5))
          << name << " on " << chip << ", instruction " << q;
      ++skipped;
      continue;
    }
    ASSERT_EQ(D[0][q], D[1][q]) << name << " on " << chip << ", instruction "
                                << q;
  }
  if (unwritten && !imm2)
    EXPECT_EQ(skipped, 2u) << name << " on " << chip;
}

} // namespace

TEST(MatrixOpsPlan, OperandCacheIsTheUncachedPath) {
  std::mt19937 rng(5);
  for (unsigned round = 0; round < 10; ++round) {
    checkCache("llvm.amdgcn.wmma.f32.16x16x16.f16", "gfx1201", 32, {}, rng);
    checkCache("llvm.amdgcn.swmmac.f32.16x16x32.f16", "gfx1201", 32, {}, rng);
    checkCache("llvm.amdgcn.smfmac.f32.32x32x16.f16", "gfx942", 64, {}, rng);
    checkCache("llvm.amdgcn.mfma.f32.16x16x16f16", "gfx942", 64, {}, rng);
    emu::MatrixImmediates blgp;
    blgp.blgp = 3;
    checkCache("llvm.amdgcn.mfma.f32.32x32x8f16", "gfx942", 64, blgp, rng);
    // Multi-block: A broadcast from other blocks, B from other lanes, for
    // every other instruction.
    emu::MatrixImmediates broadcast;
    broadcast.cbsz = 2;
    broadcast.abid = 1;
    broadcast.blgp = 2;
    checkCache("llvm.amdgcn.mfma.f32.16x16x4f16", "gfx942", 64, {}, rng,
               broadcast);
    // The chain's Ds handed on without being written (defer_local).
    checkCache("llvm.amdgcn.wmma.f32.16x16x16.f16", "gfx1201", 32, {}, rng,
               std::nullopt, true);
    checkCache("llvm.amdgcn.swmmac.f32.16x16x32.f16", "gfx1201", 32, {}, rng,
               std::nullopt, true);
    checkCache("llvm.amdgcn.smfmac.f32.32x32x16.f16", "gfx942", 64, {}, rng,
               std::nullopt, true);
    checkCache("llvm.amdgcn.mfma.f32.16x16x16f16", "gfx942", 64, {}, rng,
               std::nullopt, true);
  }
}
