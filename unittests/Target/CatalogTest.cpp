//===- CatalogTest.cpp - The intrinsic table and its layouts --------------===//
//
// Every layout is checked three ways: it is a bijection (or an exact k-fold
// replication) onto its tile; the formulas AMD's documents state hold for
// it; and packing through it round-trips. The documents: the HIP builtin
// pages "RDNA4 dense WMMA builtins", "RDNA4 sparse WMMA builtins" and "CDNA
// and CDNA2 sparse MFMA builtins" (docs/Layouts.md says where they are
// wrong), AMD's ISA reference, and CALC, AMD's matrix instruction
// calculator.
//
//===----------------------------------------------------------------------===//

#include "mcore/Target/Catalog.h"
#include "mcore/Target/Packing.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"

#include "gtest/gtest.h"

#include <map>
#include <random>
#include <set>

using namespace mlir::mcore;

namespace {

const IntrinsicInfo &get(llvm::StringRef name) {
  const IntrinsicInfo *info = lookupIntrinsic(name);
  if (!info) {
    ADD_FAILURE() << "missing catalog entry " << name.str();
    static IntrinsicInfo dummy = getAllIntrinsics().front();
    return dummy;
  }
  return *info;
}

std::vector<Operand> fragmentOperands() {
  return {Operand::A, Operand::B, Operand::C};
}

//===----------------------------------------------------------------------===//
// The table itself
//===----------------------------------------------------------------------===//

TEST(CatalogTest, NamesAreUniqueAndWellFormed) {
  std::set<std::string> names, llvmSignatures;
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    EXPECT_TRUE(names.insert(info.name).second) << info.name;
    // RDNA3 and RDNA4 share intrinsic names with different operand types;
    // gfx950's block-scaled MFMA one name for 25 format pairs (its cbsz and
    // blgp), gfx1250's f8f6f4 WMMA likewise (matrix_a_fmt, matrix_b_fmt).
    std::string formats =
        info.isScaled() || info.hasModifier(ModMatrixFmt) ? (getScalarKindName(info.a.kind) + "," +
                           getScalarKindName(info.b.kind))
                              .str()
                        : "";
    EXPECT_TRUE(llvmSignatures
                    .insert(std::string(info.llvmName) + info.a.llvm.str() +
                            formats)
                    .second)
        << info.llvmName;
    llvm::StringRef llvm(info.llvmName);
    std::string prefix =
        ("llvm.amdgcn." + getMmaFamilyName(info.family) + ".").str();
    EXPECT_TRUE(llvm.starts_with(prefix)) << info.name << ": " << llvm.str();
    EXPECT_TRUE(llvm::StringRef(info.name)
                    .starts_with(getMmaFamilyName(info.family)))
        << info.name;
    // The shape is spelled in the name.
    std::string shape = std::to_string(info.m) + "x" + std::to_string(info.n) +
                        "x" + std::to_string(info.k);
    EXPECT_NE(llvm::StringRef(info.name).find(shape), llvm::StringRef::npos)
        << info.name << " does not spell " << shape;
  }
}

TEST(CatalogTest, ChipsHaveTheFamilyAndWaveSize) {
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    EXPECT_FALSE(info.chips.empty()) << info.name;
    for (const ChipInfo &chip : getAllChips()) {
      if (!info.isAvailableOn(chip.chip))
        continue;
      EXPECT_EQ(info.waveSize, chip.waveSize) << info.name << " " << chip.name;
      bool hasFamily = false;
      switch (info.family) {
      case MmaFamily::WMMA:
        hasFamily = chip.hasWmma;
        break;
      case MmaFamily::SWMMAC:
        hasFamily = chip.hasSwmmac;
        break;
      case MmaFamily::MFMA:
        hasFamily = chip.hasMfma;
        break;
      case MmaFamily::SMFMAC:
        hasFamily = chip.hasSmfmac;
        break;
      }
      EXPECT_TRUE(hasFamily) << info.name << " on " << chip.name;
      EXPECT_GT(info.getCycles(chip.chip), 0u) << info.name;
      if (isFp8Kind(info.a.kind) || isFp8Kind(info.b.kind))
        EXPECT_NE(chip.fp8, Fp8Format::None) << info.name << " " << chip.name;
    }
    EXPECT_EQ(info.ops, 2u * info.m * info.n * info.k * info.blocks)
        << info.name;
  }
}

// LLVM 22 cannot select these: no SMFMAC before CDNA3 (whatever the title
// of "CDNA and CDNA2 sparse MFMA builtins" says), and the
// gfx908/gfx90a i8 MFMAs cannot be selected on gfx942 (upstream MLIR lowers
// 16x16x16 i8 to one anyway, and llc aborts).
TEST(CatalogTest, KnownIllegalPairsAreIllegal) {
  for (const IntrinsicInfo &info : getAllIntrinsics())
    if (info.family == MmaFamily::SMFMAC) {
      EXPECT_FALSE(info.isAvailableOn(Chip::gfx908)) << info.name;
      EXPECT_FALSE(info.isAvailableOn(Chip::gfx90a)) << info.name;
    }
  EXPECT_FALSE(get("mfma_i32_16x16x16i8").isAvailableOn(Chip::gfx942));
  EXPECT_FALSE(get("mfma_i32_32x32x8i8").isAvailableOn(Chip::gfx950));
  EXPECT_FALSE(get("mfma_f32_32x32x4bf16").isAvailableOn(Chip::gfx942));
  EXPECT_FALSE(get("wmma_f32_16x16x16_f16_w32").isAvailableOn(Chip::gfx1201));
  EXPECT_FALSE(
      get("wmma_f32_16x16x16_f16_w32_gfx12").isAvailableOn(Chip::gfx1100));
  EXPECT_FALSE(get("smfmac_f32_16x16x64_f16").isAvailableOn(Chip::gfx942));
  EXPECT_TRUE(get("smfmac_f32_16x16x64_f16").isAvailableOn(Chip::gfx950));
}

TEST(CatalogTest, CoverageOfTheIssue) {
  // RDNA4: every builtin of "RDNA4 dense WMMA builtins" and of "RDNA4
  // sparse WMMA builtins".
  for (const char *name :
       {"wmma_f32_16x16x16_f16_w32_gfx12", "wmma_f32_16x16x16_bf16_w32_gfx12",
        "wmma_f16_16x16x16_f16_w32_gfx12", "wmma_bf16_16x16x16_bf16_w32_gfx12",
        "wmma_i32_16x16x16_iu8_w32_gfx12", "wmma_i32_16x16x16_iu4_w32_gfx12",
        "wmma_i32_16x16x32_iu4_w32_gfx12",
        "wmma_f32_16x16x16_fp8_fp8_w32_gfx12",
        "wmma_f32_16x16x16_fp8_bf8_w32_gfx12",
        "wmma_f32_16x16x16_bf8_fp8_w32_gfx12",
        "wmma_f32_16x16x16_bf8_bf8_w32_gfx12", "swmmac_f32_16x16x32_f16_w32",
        "swmmac_f32_16x16x32_bf16_w32", "swmmac_f16_16x16x32_f16_w32",
        "swmmac_bf16_16x16x32_bf16_w32", "swmmac_i32_16x16x32_iu8_w32",
        "swmmac_i32_16x16x32_iu4_w32", "swmmac_i32_16x16x64_iu4_w32",
        "swmmac_f32_16x16x32_fp8_fp8_w32", "swmmac_f32_16x16x32_fp8_bf8_w32",
        "swmmac_f32_16x16x32_bf8_fp8_w32", "swmmac_f32_16x16x32_bf8_bf8_w32",
        // RDNA3.
        "wmma_f32_16x16x16_f16_w32", "wmma_f32_16x16x16_bf16_w32",
        "wmma_f16_16x16x16_f16_w32", "wmma_bf16_16x16x16_bf16_w32",
        "wmma_i32_16x16x16_iu8_w32", "wmma_i32_16x16x16_iu4_w32",
        // CDNA3 SMFMAC ("CDNA and CDNA2 sparse MFMA builtins", the ISA
        // entry of v_smfmac_f32_32x32x32_bf8_bf8) and dense counterparts.
        "smfmac_f32_16x16x32_f16", "smfmac_f32_32x32x16_f16",
        "smfmac_f32_16x16x32_bf16", "smfmac_f32_32x32x16_bf16",
        "smfmac_i32_16x16x64_i8", "smfmac_i32_32x32x32_i8",
        "smfmac_f32_32x32x32_bf8_bf8", "smfmac_f32_16x16x64_fp8_fp8",
        "mfma_f32_32x32x8f16", "mfma_f32_16x16x16f16",
        "mfma_f32_32x32x8bf16_1k", "mfma_f32_16x16x16bf16_1k",
        "mfma_i32_32x32x16_i8", "mfma_i32_16x16x32_i8",
        "mfma_f32_16x16x32_fp8_fp8", "mfma_f32_32x32x16_bf8_bf8",
        // CDNA4 only.
        "smfmac_f32_16x16x64_f16", "smfmac_i32_32x32x64_i8",
        "smfmac_f32_16x16x128_fp8_fp8", "mfma_f32_32x32x16_f16",
        "mfma_i32_16x16x64_i8",
        // Issue 31: CDNA f32 and f64, gfx942's xf32, the remaining CDNA1/2
        // shapes.
        "mfma_f32_32x32x1f32", "mfma_f32_16x16x1f32", "mfma_f32_4x4x1f32",
        "mfma_f32_32x32x2f32", "mfma_f32_16x16x4f32", "mfma_f64_16x16x4f64",
        "mfma_f64_4x4x4f64", "mfma_f32_16x16x8_xf32", "mfma_f32_32x32x4_xf32",
        "mfma_f32_32x32x4f16", "mfma_f32_16x16x4f16", "mfma_f32_4x4x4f16",
        "mfma_f32_32x32x2bf16", "mfma_f32_16x16x2bf16", "mfma_f32_4x4x2bf16",
        "mfma_f32_32x32x4bf16_1k", "mfma_f32_16x16x4bf16_1k",
        "mfma_f32_4x4x4bf16_1k", "mfma_i32_32x32x4i8", "mfma_i32_16x16x4i8",
        "mfma_i32_4x4x4i8"})
    EXPECT_NE(lookupIntrinsic(name), nullptr) << name;
}

//===----------------------------------------------------------------------===//
// Layouts: bijections onto the tile
//===----------------------------------------------------------------------===//

TEST(CatalogTest, EveryFragmentLayoutCoversItsTileExactly) {
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    for (Operand op : fragmentOperands()) {
      const FragmentInfo &f = info.getFragment(op);
      auto [rows, cols] = getTileShape(info, op);
      SCOPED_TRACE(std::string(info.name) + " " +
                   getOperandName(op).str());
      ASSERT_EQ(f.layout.getNumLanes(), info.waveSize);
      ASSERT_EQ(f.layout.getNumElems(), f.count);
      unsigned rep = f.layout.getReplication();
      // Every lane holds `count` elements; all lanes together hold each
      // element of the tile exactly `rep` times.
      ASSERT_EQ(size_t(info.waveSize) * f.count, size_t(rows) * cols * rep);
      std::map<std::pair<unsigned, unsigned>, unsigned> seen;
      for (unsigned lane = 0; lane < info.waveSize; ++lane)
        for (unsigned e = 0; e < f.count; ++e) {
          TileCoord c = f.layout.apply(lane, e);
          ASSERT_LT(c.d0, rows);
          ASSERT_LT(c.d1, cols);
          ++seen[{c.d0, c.d1}];
        }
      EXPECT_EQ(seen.size(), size_t(rows) * cols);
      for (auto &[coord, times] : seen)
        EXPECT_EQ(times, rep);
      // Only RDNA3's A and B are replicated.
      bool rdna3AB = info.waveSize == 32 && op != Operand::C &&
                     info.chips.contains(Chip::gfx1100);
      EXPECT_EQ(rep, rdna3AB ? 2u : 1u);
      // The LLVM operand type holds exactly the fragment.
      EXPECT_EQ(f.llvm.getBitWidth(), f.getVectorLength() * f.getSlotBits());
    }
  }
}

TEST(CatalogTest, EveryIndexLayoutCoversTheCompressedTileOnce) {
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    if (!info.isSparse())
      continue;
    SCOPED_TRACE(info.name);
    const SparseIndexInfo &idx = info.index;
    // One 32-bit word, or gfx1250's 64-bit index for 32 values per lane.
    unsigned width = info.isAvailableOn(Chip::gfx1250) &&
                             info.getFragment(Operand::A).count == 32
                         ? 64u
                         : 32u;
    EXPECT_EQ(unsigned(idx.bitsPerSet) * idx.numSets, width);
    EXPECT_EQ(idx.llvm.getBitWidth(), width);
    unsigned fields = idx.bitsPerSet / 2;
    ASSERT_EQ(idx.layout.getNumElems(), fields);
    std::set<std::pair<unsigned, unsigned>> seen;
    for (unsigned lane = 0; lane < info.waveSize; ++lane)
      for (unsigned f = 0; f < fields; ++f) {
        TileCoord c = idx.layout.apply(lane, f);
        ASSERT_LT(c.d0, info.m);
        ASSERT_LT(c.d1, info.k / 2u);
        EXPECT_TRUE(seen.insert({c.d0, c.d1}).second);
        // The universal rule (CALC, CK): field f of a lane describes element
        // f of the same lane's A fragment.
        EXPECT_TRUE(c == info.a.layout.apply(lane, f));
      }
    EXPECT_EQ(seen.size(), size_t(info.m) * info.k / 2);
  }
}

/// gfx950's doubled-K SMFMAC: the only sparse instructions whose B a lane
/// holds in two blocks (CK sparse_gfx9.hpp kBKNumAccess 2).
bool isCdna4DoubledKSmfmac(const IntrinsicInfo &info) {
  return info.family == MmaFamily::SMFMAC && !info.isAvailableOn(Chip::gfx942);
}

// On the layouts AMD's calculator gives (CDNA3 SMFMAC, RDNA4 SWMMAC), a lane
// group's A elements name exactly the dense groups whose B rows the same lane
// group holds. This is a property of those layouts, not a rule of the
// hardware: gfx950's doubled-K SMFMAC, as CK and Tensile describe them, pair
// lane group g's A (dense k 16g.. for 16x16x64 f16) with B rows that other
// lane groups hold (see Cdna4SmfmacBIsTwoBlocksPerLane).
TEST(CatalogTest, SparseAAndBLaneGroupsCoverTheSameK) {
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    if (!info.isSparse() || isCdna4DoubledKSmfmac(info))
      continue;
    SCOPED_TRACE(info.name);
    unsigned groupLanes = info.waveSize == 32 ? 16 : info.m;
    std::map<unsigned, std::set<unsigned>> bKOfGroup, aKOfGroup;
    for (unsigned lane = 0; lane < info.waveSize; ++lane) {
      for (unsigned e = 0; e < info.b.count; ++e)
        bKOfGroup[lane / groupLanes].insert(info.b.layout.apply(lane, e).d0 /
                                            4);
      for (unsigned e = 0; e < info.a.count; ++e)
        aKOfGroup[lane / groupLanes].insert(info.a.layout.apply(lane, e).d1 /
                                            2);
    }
    EXPECT_EQ(aKOfGroup, bKOfGroup);
  }
}

//===----------------------------------------------------------------------===//
// Layouts: the formulas AMD's documents state
//===----------------------------------------------------------------------===//

TEST(CatalogTest, Rdna4AccumulatorFormula) {
  // "RDNA4 dense / sparse WMMA builtins": i = 8 * (L / 16) + g,
  // j = L % 16.
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    if (!info.chips.contains(Chip::gfx1201))
      continue;
    SCOPED_TRACE(info.name);
    for (unsigned lane = 0; lane < 32; ++lane)
      for (unsigned g = 0; g < 8; ++g) {
        TileCoord c = info.c.layout.apply(lane, g);
        EXPECT_EQ(c.d0, 8 * (lane / 16) + g);
        EXPECT_EQ(c.d1, lane % 16);
      }
    // 16-bit accumulators are packed two per register, 32-bit one.
    unsigned width = getBitWidth(info.c.kind);
    for (unsigned g = 0; g < 8; ++g) {
      EXPECT_EQ(info.c.getVgpr(g), g * width / 32);
      EXPECT_EQ(info.c.getBitLo(g), (g * width) % 32);
    }
  }
}

TEST(CatalogTest, Rdna3AccumulatorAndReplication) {
  // "RDNA4 dense WMMA builtins" (its note on RDNA3) and CALC: even rows in
  // lanes 0-15, odd rows in 16-31;
  // 16-bit results in the low half of each register (op_sel = 0).
  for (const char *name : {"wmma_f32_16x16x16_f16_w32",
                           "wmma_f16_16x16x16_f16_w32",
                           "wmma_i32_16x16x16_iu8_w32"}) {
    const IntrinsicInfo &info = get(name);
    for (unsigned lane = 0; lane < 32; ++lane)
      for (unsigned v = 0; v < 8; ++v) {
        TileCoord c = info.c.layout.apply(lane, v);
        EXPECT_EQ(c.d0, 2 * v + lane / 16) << name;
        EXPECT_EQ(c.d1, lane % 16) << name;
        EXPECT_EQ(info.c.getVgpr(v), v) << name;
        EXPECT_EQ(info.c.getBitLo(v), 0u) << name;
      }
    // A: lanes L and L + 16 hold the same row and all 16 k.
    for (unsigned lane = 0; lane < 16; ++lane)
      for (unsigned e = 0; e < 16; ++e) {
        EXPECT_TRUE(info.a.layout.apply(lane, e) ==
                    info.a.layout.apply(lane + 16, e));
        EXPECT_TRUE(info.a.layout.apply(lane, e) ==
                    (TileCoord{uint16_t(lane), uint16_t(e)}));
      }
  }
}

TEST(CatalogTest, Rdna4Dense16BitInterleavesGroupsOfFour) {
  // "RDNA4 dense WMMA builtins"' table (its example code is wrong): lane
  // group 0 holds
  // K {0,1},{2,3},{8,9},{10,11}; group 1 K {4,5},{6,7},{12,13},{14,15}.
  const unsigned expected[2][4][2] = {{{0, 1}, {2, 3}, {8, 9}, {10, 11}},
                                      {{4, 5}, {6, 7}, {12, 13}, {14, 15}}};
  for (const char *name : {"wmma_f32_16x16x16_f16_w32_gfx12",
                           "wmma_bf16_16x16x16_bf16_w32_gfx12",
                           "swmmac_f32_16x16x32_f16_w32"}) {
    const IntrinsicInfo &info = get(name);
    for (unsigned lane = 0; lane < 32; ++lane)
      for (unsigned e = 0; e < 8; ++e) {
        TileCoord a = info.a.layout.apply(lane, e);
        EXPECT_EQ(a.d0, lane % 16) << name;
        EXPECT_EQ(a.d1, expected[lane / 16][info.a.getVgpr(e)][e % 2]) << name;
      }
  }
  // 8-bit and 4-bit: contiguous k per lane half (CALC).
  const IntrinsicInfo &iu8 = get("wmma_i32_16x16x16_iu8_w32_gfx12");
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned e = 0; e < 8; ++e)
      EXPECT_EQ(iu8.a.layout.apply(lane, e).d1, 8 * (lane / 16) + e);
}

TEST(CatalogTest, SwmmacF16BLayoutOfTheBuiltinPage) {
  // "RDNA4 sparse WMMA builtins": lane group 0: VGPRs 0-3 K rows 0-7,
  // VGPRs 4-7 K rows 16-23; group 1: 8-15 and 24-31. Lane L covers column
  // L % 16.
  const IntrinsicInfo &info = get("swmmac_f32_16x16x32_f16_w32");
  for (unsigned lane = 0; lane < 32; ++lane)
    for (unsigned e = 0; e < 16; ++e) {
      TileCoord b = info.b.layout.apply(lane, e);
      unsigned vgpr = info.b.getVgpr(e);
      unsigned base = (vgpr < 4 ? 0 : 16) + 8 * (lane / 16);
      EXPECT_EQ(b.d0, base + e % 8);
      EXPECT_EQ(b.d1, lane % 16);
    }
}

TEST(CatalogTest, SwmmacIndexFieldsFollowTheLanesOwnElements) {
  // The example of "RDNA4 sparse WMMA builtins" shares one index word
  // between lanes L and L + 16;
  // the hardware (CALC, CK #3753) gives each lane its own fields. For f16,
  // lane 0 covers dense groups 0, 1, 4, 5 and lane 16 groups 2, 3, 6, 7.
  const IntrinsicInfo &info = get("swmmac_f32_16x16x32_f16_w32");
  std::set<unsigned> lane0, lane16;
  for (unsigned f = 0; f < 8; ++f) {
    lane0.insert(info.index.layout.apply(0, f).d1 / 2);
    lane16.insert(info.index.layout.apply(16, f).d1 / 2);
  }
  EXPECT_EQ(lane0, (std::set<unsigned>{0, 1, 4, 5}));
  EXPECT_EQ(lane16, (std::set<unsigned>{2, 3, 6, 7}));
  EXPECT_EQ(info.index.numSets, 2u);
  EXPECT_EQ(get("swmmac_i32_16x16x64_iu4_w32").index.numSets, 1u);
}

TEST(CatalogTest, CdnaAccumulatorFormulas) {
  // "CDNA and CDNA2 sparse MFMA builtins": 16x16: lane = 16 * (i / 4) + j,
  // VGPR = i % 4;
  // 32x32: lane = (32 * (i / 4)) % 64 + j, VGPR = 4 * (i / 8) + i % 4.
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    if (info.waveSize != 64 || info.blocks != 1 ||
        info.c.kind == ScalarKind::F64)
      continue;
    SCOPED_TRACE(info.name);
    for (unsigned lane = 0; lane < 64; ++lane)
      for (unsigned v = 0; v < info.c.count; ++v) {
        TileCoord c = info.c.layout.apply(lane, v);
        unsigned i = c.d0, j = c.d1;
        if (info.m == 16) {
          EXPECT_EQ(lane, 16 * (i / 4) + j);
          EXPECT_EQ(info.c.getVgpr(v), i % 4);
        } else {
          EXPECT_EQ(lane, (32 * (i / 4)) % 64 + j);
          EXPECT_EQ(info.c.getVgpr(v), 4 * (i / 8) + i % 4);
        }
      }
  }
}

TEST(CatalogTest, SmfmacOperandLoadsOfTheBuiltinPage) {
  // The load_a / load_b of "CDNA and CDNA2 sparse MFMA builtins" for
  // 16x16x32 f16 and 32x32x16 f16.
  const IntrinsicInfo &s16 = get("smfmac_f32_16x16x32_f16");
  const IntrinsicInfo &s32 = get("smfmac_f32_32x32x16_f16");
  for (unsigned lane = 0; lane < 64; ++lane) {
    unsigned g = lane / 16;
    for (unsigned e = 0; e < 4; ++e) {
      EXPECT_TRUE(s16.a.layout.apply(lane, e) ==
                  (TileCoord{uint16_t(lane % 16), uint16_t(g * 4 + e)}));
      EXPECT_TRUE(s32.a.layout.apply(lane, e) ==
                  (TileCoord{uint16_t((g % 2) * 16 + lane % 16),
                             uint16_t((g / 2) * 4 + e)}));
    }
    for (unsigned e = 0; e < 8; ++e) {
      EXPECT_TRUE(s16.b.layout.apply(lane, e) ==
                  (TileCoord{uint16_t(g * 8 + e), uint16_t(lane % 16)}));
      EXPECT_TRUE(s32.b.layout.apply(lane, e) ==
                  (TileCoord{uint16_t((g / 2) * 8 + e),
                             uint16_t((g % 2) * 16 + lane % 16)}));
    }
  }
  // Index sets: gfx942 16-bit four sets of 8 bits, 8-bit two of 16; gfx950's
  // doubled shapes two of 16 and one of 32 (PR193541).
  EXPECT_EQ(s16.index.bitsPerSet, 8u);
  EXPECT_EQ(get("smfmac_i32_16x16x64_i8").index.bitsPerSet, 16u);
  EXPECT_EQ(get("smfmac_f32_16x16x64_f16").index.bitsPerSet, 16u);
  EXPECT_EQ(get("smfmac_i32_16x16x128_i8").index.bitsPerSet, 32u);
}

TEST(CatalogTest, Cdna4SmfmacBIsTwoBlocksPerLane) {
  // CK sparse_gfx9.hpp (kBKNumAccess 2) and Tensile's LocalRead.py (two
  // blocks per thread group on the dense track): with h = P / 2 of the P B
  // values of a lane, element e of lane L holds
  // k = (e / h) * (64 * h / n) + h * (L / n) + e % h. A and the index keep
  // the single-block layout of CDNA3 (CK kAKNumAccess 1).
  unsigned tested = 0;
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    if (!isCdna4DoubledKSmfmac(info))
      continue;
    SCOPED_TRACE(info.name);
    ++tested;
    unsigned p = info.b.count, h = p / 2, n = info.n;
    ASSERT_EQ(p, info.k * n / 64);
    for (unsigned lane = 0; lane < 64; ++lane) {
      for (unsigned e = 0; e < p; ++e)
        EXPECT_TRUE(info.b.layout.apply(lane, e) ==
                    (TileCoord{uint16_t((e / h) * (64 * h / n) +
                                        h * (lane / n) + e % h),
                               uint16_t(lane % n)}));
      for (unsigned e = 0; e < info.a.count; ++e)
        EXPECT_TRUE(info.a.layout.apply(lane, e) ==
                    (TileCoord{uint16_t(lane % info.m),
                               uint16_t(info.a.count * (lane / info.m) + e)}));
    }
  }
  EXPECT_EQ(tested, 14u);
  // The issue's examples: 16x16x64 f16 lane 16 element 8 holds k 40.
  EXPECT_TRUE(get("smfmac_f32_16x16x64_f16").b.layout.apply(16, 8) ==
              (TileCoord{40, 0}));
  EXPECT_TRUE(get("smfmac_i32_32x32x64_i8").b.layout.apply(33, 17) ==
              (TileCoord{49, 1}));
}

TEST(CatalogTest, MfmaDenseFormula) {
  // CALC InstCalcGfx9: A[i][k] of block b is in lane
  // M * (b + blocks * (k / epc)) + i, element k % epc; B[k][j] of block b
  // in lane N * (b + blocks * (k / epc)) + j. In the stacked tile
  // (IntrinsicInfo::blocks) row b M + i of A and column b N + j of B.
  unsigned multiBlock = 0;
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    // The block-scaled ones: MxMfmaFormula.
    if (info.family != MmaFamily::MFMA || info.isScaled())
      continue;
    SCOPED_TRACE(info.name);
    unsigned rows = info.m * info.blocks, cols = info.n * info.blocks;
    unsigned epc = info.k * rows / 64;
    multiBlock += info.blocks > 1;
    ASSERT_EQ(info.a.count, epc);
    for (unsigned lane = 0; lane < 64; ++lane)
      for (unsigned e = 0; e < epc; ++e) {
        TileCoord a = info.a.layout.apply(lane, e);
        EXPECT_EQ(a.d0, lane % rows);
        EXPECT_EQ(a.d1, epc * (lane / rows) + e);
        TileCoord b = info.b.layout.apply(lane, e);
        EXPECT_EQ(b.d0, epc * (lane / cols) + e);
        EXPECT_EQ(b.d1, lane % cols);
      }
  }
  // 32x32x1f32, 16x16x1f32, 4x4x1f32, the f16, bf16 (old and 1k) and i8
  // 2-, 4- and 16-block shapes, 4x4x4f64.
  EXPECT_EQ(multiBlock, 16u);
}

TEST(CatalogTest, MxMfmaFormula) {
  // gfx950's block-scaled f8f6f4 (CK scale_gfx9.hpp's NumAccess; IREE's
  // scale layout): 32 values per lane; 6/4-bit k = 32 (L / m) + e, 8-bit
  // k = (e / 16) (K / 2) + 16 (L / m) + e % 16; lane L's scale is of row
  // (column) L % m, block L / m; <W x i32> operands, W the element bits.
  unsigned scaled = 0;
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    // gfx1250's block-scaled WMMA: LlvmIntrinsicsTest's
    // Gfx1250MxLayoutsAreTheStatedFormulas.
    if (!info.isScaled() || info.family != MmaFamily::MFMA)
      continue;
    SCOPED_TRACE(info.name);
    ++scaled;
    EXPECT_EQ(info.chips, ChipSet{Chip::gfx950});
    EXPECT_EQ(info.m * info.k, 2048u);
    for (Operand op : {Operand::A, Operand::B}) {
      const FragmentInfo &f = info.getFragment(op);
      unsigned bits = getBitWidth(f.kind);
      EXPECT_GE(getMxFormatCode(f.kind), 0);
      ASSERT_EQ(f.count, 32u);
      EXPECT_EQ(f.llvm.str(), "<" + std::to_string(bits) + " x i32>");
      for (unsigned lane = 0; lane < 64; ++lane)
        for (unsigned e = 0; e < 32; ++e) {
          TileCoord c = f.layout.apply(lane, e);
          unsigned mn = op == Operand::A ? c.d0 : c.d1,
                   k = op == Operand::A ? c.d1 : c.d0;
          unsigned g = lane / info.m;
          EXPECT_EQ(mn, lane % info.m);
          EXPECT_EQ(k, bits == 8 ? (e / 16) * (info.k / 2) + 16 * g + e % 16
                                 : 32 * g + e);
        }
      const ScaleInfo &s = op == Operand::A ? info.scaleA : info.scaleB;
      EXPECT_EQ(s.blockK, 32u);
      EXPECT_EQ(s.numSets, 4u);
      EXPECT_EQ(s.bitsPerSet, 8u);
      for (unsigned lane = 0; lane < 64; ++lane) {
        TileCoord c = s.layout.apply(lane, 0);
        EXPECT_EQ(op == Operand::A ? c.d0 : c.d1, lane % info.m);
        EXPECT_EQ(op == Operand::A ? c.d1 : c.d0, lane / info.m);
      }
    }
  }
  EXPECT_EQ(scaled, 50u);
  // A plain (unscaled) request never gets them, a scaled one only them.
  for (const IntrinsicInfo *info : selectIntrinsics(
           Chip::gfx950, {ScalarKind::FP8, ScalarKind::FP8, ScalarKind::F32}))
    EXPECT_FALSE(info->isScaled()) << info->name;
  auto mx = selectIntrinsics(Chip::gfx950, {ScalarKind::FP4, ScalarKind::FP4,
                                            ScalarKind::F32, false, true});
  ASSERT_EQ(mx.size(), 2u);
  EXPECT_TRUE(mx[0]->isScaled() && mx[1]->isScaled());
  for (const std::string &t : describeSupportedTypes(Chip::gfx950, false))
    EXPECT_EQ(t.find("fp4"), std::string::npos) << t;
}

TEST(CatalogTest, Gfx1250MxWmmaSelection) {
  // gfx1250's f8f6f4 / f4 WMMA: a block-scaled request (OCP MX, a scale per
  // 32 of K) selects the `scale` forms, the 16x16x128 f8f6f4 of its format
  // pair and for fp4 x fp4 also the 32x16x128 f4; no request selects the
  // unscaled ones or the scale16 ones (Catalog.h, IntrinsicInfo::
  // isUnscaledMx; selectIntrinsics), which mcore.mma / mcore.scaled_mma take
  // by name, and the plain-matmul diagnostics do not list FP6/FP4 types.
  const ScalarKind kinds[] = {ScalarKind::FP8, ScalarKind::BF8,
                              ScalarKind::FP6, ScalarKind::BF6,
                              ScalarKind::FP4};
  unsigned plain = 0;
  for (ScalarKind a : kinds)
    for (ScalarKind b : kinds) {
      for (const IntrinsicInfo *info : selectIntrinsics(
               Chip::gfx1250, {a, b, ScalarKind::F32, false, false})) {
        EXPECT_FALSE(info->isScaled() || info->isUnscaledMx()) << info->name;
        ++plain;
      }
      auto scaled = selectIntrinsics(Chip::gfx1250,
                                     {a, b, ScalarKind::F32, false, true});
      bool f4 = a == ScalarKind::FP4 && b == ScalarKind::FP4;
      ASSERT_EQ(scaled.size(), f4 ? 2u : 1u);
      for (const IntrinsicInfo *info : scaled) {
        EXPECT_TRUE(info->isScaled()) << info->name;
        EXPECT_EQ(info->scaleA.blockK, kMxScaleBlock) << info->name;
        EXPECT_EQ(info->scaleB.blockK, kMxScaleBlock) << info->name;
        EXPECT_TRUE(llvm::StringRef(info->name).starts_with("wmma_scale_f32_"))
            << info->name;
      }
    }
  // fp8 / bf8 x fp8 / bf8: wmma_f32_16x16x{128,64}_* (two each).
  EXPECT_EQ(plain, 8u);
  for (const std::string &t : describeSupportedTypes(Chip::gfx1250, false))
    EXPECT_TRUE(t.find("fp6") == std::string::npos &&
                t.find("bf6") == std::string::npos &&
                t.find("fp4") == std::string::npos)
        << t;
}

TEST(CatalogTest, MultiBlockAndF64Accumulators) {
  // Spot checks of D in the stacked tile against CALC's printed tables
  // (`matrix_calculator.py -a CDNA3 -i INSTR --matrix-layout -D`): lane,
  // register (a register pair for f64) -> row, column of the stacked D.
  struct Case {
    const char *name;
    unsigned lane, reg, row, col;
  };
  const Case cases[] = {
      {"mfma_f32_4x4x1f32", 1, 0, 0, 1},   // D[0][1].B0
      {"mfma_f32_4x4x1f32", 0, 3, 3, 0},   // D[3][0].B0
      {"mfma_f32_4x4x1f32", 5, 2, 6, 1},   // D[2][1].B1
      {"mfma_f32_4x4x1f32", 63, 3, 63, 3}, // D[3][3].B15
      {"mfma_f32_16x16x1f32", 17, 1, 5, 1},  // D[5][1].B0
      {"mfma_f32_16x16x1f32", 0, 4, 16, 0},  // D[0][0].B1
      {"mfma_f32_32x32x1f32", 33, 0, 4, 1},  // D[4][1].B0
      {"mfma_f32_32x32x1f32", 0, 16, 32, 0}, // D[0][0].B1
      {"mfma_f64_4x4x4f64", 3, 0, 0, 3},   // D[0][3].B0
      {"mfma_f64_4x4x4f64", 4, 0, 4, 0},   // D[0][0].B1
      {"mfma_f64_4x4x4f64", 16, 0, 1, 0},  // D[1][0].B0
      {"mfma_f64_4x4x4f64", 63, 0, 15, 3}, // D[3][3].B3
      {"mfma_f64_16x16x4f64", 16, 0, 1, 0},
      {"mfma_f64_16x16x4f64", 49, 1, 7, 1},
      {"mfma_f64_16x16x4f64", 63, 3, 15, 15},
  };
  for (const Case &c : cases) {
    const IntrinsicInfo &info = get(c.name);
    bool found = false;
    for (unsigned v = 0; v < info.c.count; ++v)
      if (info.c.getVgpr(v) / (info.c.kind == ScalarKind::F64 ? 2 : 1) ==
          c.reg) {
        TileCoord t = info.c.layout.apply(c.lane, v);
        EXPECT_EQ(t.d0, c.row) << c.name << " lane " << c.lane;
        EXPECT_EQ(t.d1, c.col) << c.name << " lane " << c.lane;
        found = true;
      }
    EXPECT_TRUE(found) << c.name << " register " << c.reg;
  }
}

//===----------------------------------------------------------------------===//
// Packing round trips
//===----------------------------------------------------------------------===//

TEST(CatalogTest, PackUnpackRoundTrips) {
  std::mt19937 rng(42);
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    for (Operand op : fragmentOperands()) {
      SCOPED_TRACE(std::string(info.name) + " " + getOperandName(op).str());
      auto [rows, cols] = getTileShape(info, op);
      unsigned width = getBitWidth(info.getFragment(op).kind);
      std::vector<uint64_t> tile(size_t(rows) * cols);
      for (uint64_t &v : tile)
        v = (uint64_t(rng()) << 32 | rng()) &
            (width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1);
      std::vector<uint32_t> regs = packTile(info, op, tile);
      EXPECT_EQ(regs.size(), size_t(info.waveSize) * getNumVgprs(info, op));
      llvm::Expected<std::vector<uint64_t>> back = unpackTile(info, op, regs);
      ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
      EXPECT_EQ(*back, tile);
    }
  }
}

TEST(CatalogTest, ReplicaMismatchIsReported) {
  const IntrinsicInfo &info = get("wmma_f32_16x16x16_f16_w32");
  std::vector<uint64_t> tile(16 * 16, 0x3c00);
  std::vector<uint32_t> regs = packTile(info, Operand::A, tile);
  regs[17 * getNumVgprs(info, Operand::A)] ^= 1; // lane 17, register 0
  llvm::Expected<std::vector<uint64_t>> back =
      unpackTile(info, Operand::A, regs);
  ASSERT_FALSE(bool(back));
  std::string message = llvm::toString(back.takeError());
  EXPECT_NE(message.find("differs between lane 1 and lane 17"),
            std::string::npos)
      << message;
}

TEST(CatalogTest, IndexPackUnpackRoundTripsWithRandomPatterns) {
  std::mt19937 rng(7);
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    if (!info.isSparse())
      continue;
    SCOPED_TRACE(info.name);
    // Random 2:4 pattern per group: two distinct increasing positions.
    std::vector<uint8_t> positions(size_t(info.m) * info.k / 2);
    for (size_t g = 0; g < positions.size() / 2; ++g) {
      unsigned p0 = rng() % 4, p1 = rng() % 3;
      if (p1 >= p0)
        ++p1;
      positions[2 * g] = uint8_t(std::min(p0, p1));
      positions[2 * g + 1] = uint8_t(std::max(p0, p1));
    }
    for (unsigned set = 0; set < info.index.numSets; ++set) {
      std::vector<uint32_t> words = packIndex(info, positions, set);
      EXPECT_EQ(unpackIndex(info, words, set), positions);
      // Other sets stay zero (a single set fills the index: nothing else).
      if (info.index.numSets == 1)
        continue;
      for (uint32_t w : words) {
        uint64_t setMask = ((uint64_t(1) << info.index.bitsPerSet) - 1)
                           << (set * info.index.bitsPerSet);
        EXPECT_EQ(w & ~uint32_t(setMask), 0u);
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Selection and suggestions
//===----------------------------------------------------------------------===//

TEST(CatalogTest, SelectionPrefersThroughput) {
  auto best = [](Chip chip, ScalarKind a, ScalarKind c, bool sparse) {
    auto list = selectIntrinsics(chip, {a, a, c, sparse});
    return list.empty() ? std::string("none") : std::string(list.front()->name);
  };
  EXPECT_EQ(best(Chip::gfx1201, ScalarKind::F16, ScalarKind::F32, true),
            "swmmac_f32_16x16x32_f16_w32");
  EXPECT_EQ(best(Chip::gfx1201, ScalarKind::F16, ScalarKind::F32, false),
            "wmma_f32_16x16x16_f16_w32_gfx12");
  EXPECT_EQ(best(Chip::gfx1100, ScalarKind::F16, ScalarKind::F32, false),
            "wmma_f32_16x16x16_f16_w32");
  EXPECT_EQ(best(Chip::gfx942, ScalarKind::I8, ScalarKind::I32, false),
            "mfma_i32_32x32x16_i8");
  EXPECT_EQ(best(Chip::gfx90a, ScalarKind::I8, ScalarKind::I32, false),
            "mfma_i32_32x32x8i8");
  EXPECT_EQ(best(Chip::gfx950, ScalarKind::F16, ScalarKind::F32, false),
            "mfma_f32_32x32x16_f16");
  EXPECT_EQ(best(Chip::gfx942, ScalarKind::F16, ScalarKind::F32, true),
            "smfmac_f32_32x32x16_f16");
  EXPECT_EQ(best(Chip::gfx90a, ScalarKind::F16, ScalarKind::F32, true), "none");
  EXPECT_EQ(best(Chip::gfx1100, ScalarKind::FP8, ScalarKind::F32, false),
            "none");
  // Never a pair llc cannot select.
  for (const ChipInfo &chip : getAllChips())
    for (const IntrinsicInfo *info : getIntrinsicsFor(chip.chip))
      EXPECT_TRUE(info->isAvailableOn(chip.chip));
}

TEST(CatalogTest, SuggestionsFindTheNearestNames) {
  std::vector<llvm::StringRef> near =
      suggestIntrinsics("swmmac_f32_16x16x32_f16");
  ASSERT_FALSE(near.empty());
  EXPECT_EQ(near.front(), "swmmac_f32_16x16x32_f16_w32");
  near = suggestIntrinsics("mfma_f32_32x32x8_f16");
  ASSERT_FALSE(near.empty());
  EXPECT_EQ(near.front(), "mfma_f32_32x32x8f16");
  EXPECT_TRUE(suggestIntrinsics("completely_unrelated_name_xyz").empty());
}

// gfx1250's bf16f32 WMMA and SWMMAC are the entries whose D differs from C:
// an f32 C of 8 registers and 8 bf16 values of D packed in 4 (the WMMA
// returns <8 x bfloat>, the SWMMAC C's <8 x float>), D in C's arrangement.
// Selection never offers them: their result is not the next step's C.
TEST(Catalog, DistinctDIsGfx1250Bf16F32Only) {
  std::set<std::string> distinct;
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    if (!info.hasDistinctD()) {
      EXPECT_EQ(&info.getFragment(Operand::D), &info.c) << info.name;
      continue;
    }
    distinct.insert(info.name);
    const FragmentInfo &d = info.getFragment(Operand::D);
    EXPECT_EQ(info.c.kind, ScalarKind::F32) << info.name;
    EXPECT_EQ(d.kind, ScalarKind::BF16) << info.name;
    EXPECT_EQ(d.count, info.c.count) << info.name;
    EXPECT_EQ(getNumVgprs(info, Operand::C), 8u) << info.name;
    EXPECT_EQ(getNumVgprs(info, Operand::D), info.isSparse() ? 8u : 4u)
        << info.name;
    for (unsigned lane = 0; lane < info.waveSize; ++lane)
      for (unsigned e = 0; e < d.count; ++e) {
        TileCoord cd = d.layout.apply(lane, e),
                  cc = info.c.layout.apply(lane, e);
        EXPECT_EQ(cd.d0, cc.d0) << info.name;
        EXPECT_EQ(cd.d1, cc.d1) << info.name;
      }
  }
  EXPECT_EQ(distinct, (std::set<std::string>{"wmma_bf16f32_16x16x32_bf16",
                                             "swmmac_bf16f32_16x16x64_bf16"}));
  for (bool sparse : {false, true})
    for (const IntrinsicInfo *info :
         selectIntrinsics(Chip::gfx1250, {ScalarKind::BF16, ScalarKind::BF16,
                                          ScalarKind::F32, sparse}))
      EXPECT_FALSE(info->hasDistinctD()) << info->name;
}

} // namespace
