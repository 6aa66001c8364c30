//===- LlvmIntrinsicsTest.cpp - The catalog against LLVM 22's intrinsics --===//
//
// Every matrix intrinsic LLVM 22 defines (llvm.amdgcn.mfma.*, smfmac.*,
// wmma.*, swmmac.*, from LLVM's own intrinsic table, the one llc and
// mlir-translate use) must be in mcore's catalog or named here as a gap,
// so that a new gap fails here.
// Which chips select each one is checked with llc itself, pair by pair, by
// test/Conversion/MCoreToAMDGPU/all-pairs.test.
//
//===----------------------------------------------------------------------===//

#include "mcore/Target/Catalog.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Intrinsics.h"

#include "gtest/gtest.h"

#include <set>
#include <string>

using namespace mlir::mcore;

namespace {

/// LLVM 22's names of every intrinsic starting with `prefix`.
std::set<std::string> llvmIntrinsics(llvm::StringRef prefix) {
  std::set<std::string> names;
  for (unsigned id = 1; id < llvm::Intrinsic::num_intrinsics; ++id) {
    llvm::StringRef name = llvm::Intrinsic::getBaseName(id);
    if (name.starts_with(prefix))
      names.insert(name.str());
  }
  return names;
}

/// LLVM 22's CDNA matrix intrinsics the catalog does not have: none.
/// A gap added here must name why, and the test fails once it is in the
/// catalog.
const std::set<std::string> kNotYetInCatalog = {};

std::set<std::string> catalogNames() {
  std::set<std::string> names;
  for (const IntrinsicInfo &info : getAllIntrinsics())
    names.insert(info.llvmName);
  return names;
}

/// Every LLVM 22 intrinsic of the `prefixes` is in the catalog or listed in
/// `gaps` (and then not in the catalog, and an LLVM intrinsic); LLVM has at
/// least `atLeast` of them (fewer means the enumeration is broken).
void expectInCatalogOrGap(std::initializer_list<llvm::StringRef> prefixes,
                          const std::set<std::string> &gaps, size_t atLeast) {
  std::set<std::string> ours = catalogNames(), llvm;
  for (llvm::StringRef prefix : prefixes) {
    std::set<std::string> some = llvmIntrinsics(prefix);
    llvm.insert(some.begin(), some.end());
  }
  EXPECT_GE(llvm.size(), atLeast);
  unsigned missing = 0;
  for (const std::string &name : llvm) {
    if (gaps.count(name)) {
      EXPECT_EQ(ours.count(name), 0u)
          << name << " is in the catalog now: remove it from the gaps";
      continue;
    }
    if (!ours.count(name)) {
      ++missing;
      ADD_FAILURE() << name << " (LLVM 22) is not in mcore's catalog";
    }
  }
  EXPECT_EQ(missing, 0u);
  for (const std::string &name : gaps)
    EXPECT_EQ(llvm.count(name), 1u) << name << " is not an LLVM 22 intrinsic";
}

TEST(LlvmIntrinsics, EveryCdnaMatrixIntrinsicIsInTheCatalog) {
  // LLVM 22.1.8 has 75 (47 MFMA, 28 SMFMAC).
  expectInCatalogOrGap({"llvm.amdgcn.mfma.", "llvm.amdgcn.smfmac."},
                       kNotYetInCatalog, 75);
}

/// LLVM 22's WMMA and SWMMAC intrinsics the catalog does not have, and why.
/// Listed so that the test names the gap, and fails once one is added
/// without removing it here.
const std::set<std::string> kWmmaNotInCatalog = {
    // RDNA3's tied forms: the same instructions as the untied ones, with
    // the other accumulator halves preserved; mcore uses the untied ones.
    "llvm.amdgcn.wmma.f16.16x16x16.f16.tied",
    "llvm.amdgcn.wmma.bf16.16x16x16.bf16.tied",
};

TEST(LlvmIntrinsics, EveryWmmaIntrinsicIsInTheCatalog) {
  // LLVM 22.1.8 has 67: 24 of RDNA3/RDNA4 and 43 of gfx1250 (29 WMMA, 14
  // SWMMAC).
  expectInCatalogOrGap({"llvm.amdgcn.wmma.", "llvm.amdgcn.swmmac."},
                       kWmmaNotInCatalog, 67);
}

/// gfx1250's 43 (AMDGPUWMMAIntrinsicsGFX1250, AMDGPUSWMMACIntrinsicsGFX1250
/// of LLVM 22.1.8; issue 33 says 45, LLVM 22.1.8 has 43): the catalog's
/// gfx1250 entries name exactly these (the f8f6f4 ones once per format
/// pair), each a gfx1250 entry only, and none of the RDNA4 ones is listed
/// for it (llc-22 -mcpu=gfx1250 cannot select them; all-pairs.test checks
/// each pair with llc).
TEST(LlvmIntrinsics, Gfx1250EntriesAreTheGfx1250Intrinsics) {
  const std::set<std::string> gfx1250 = {
      "llvm.amdgcn.wmma.f32.16x16x4.f32",
      "llvm.amdgcn.wmma.f32.16x16x32.bf16",
      "llvm.amdgcn.wmma.f32.16x16x32.f16",
      "llvm.amdgcn.wmma.f16.16x16x32.f16",
      "llvm.amdgcn.wmma.bf16.16x16x32.bf16",
      "llvm.amdgcn.wmma.bf16f32.16x16x32.bf16",
      "llvm.amdgcn.wmma.f32.16x16x64.fp8.fp8",
      "llvm.amdgcn.wmma.f32.16x16x64.fp8.bf8",
      "llvm.amdgcn.wmma.f32.16x16x64.bf8.fp8",
      "llvm.amdgcn.wmma.f32.16x16x64.bf8.bf8",
      "llvm.amdgcn.wmma.f16.16x16x64.fp8.fp8",
      "llvm.amdgcn.wmma.f16.16x16x64.fp8.bf8",
      "llvm.amdgcn.wmma.f16.16x16x64.bf8.fp8",
      "llvm.amdgcn.wmma.f16.16x16x64.bf8.bf8",
      "llvm.amdgcn.wmma.f16.16x16x128.fp8.fp8",
      "llvm.amdgcn.wmma.f16.16x16x128.fp8.bf8",
      "llvm.amdgcn.wmma.f16.16x16x128.bf8.fp8",
      "llvm.amdgcn.wmma.f16.16x16x128.bf8.bf8",
      "llvm.amdgcn.wmma.f32.16x16x128.fp8.fp8",
      "llvm.amdgcn.wmma.f32.16x16x128.fp8.bf8",
      "llvm.amdgcn.wmma.f32.16x16x128.bf8.fp8",
      "llvm.amdgcn.wmma.f32.16x16x128.bf8.bf8",
      "llvm.amdgcn.wmma.i32.16x16x64.iu8",
      "llvm.amdgcn.wmma.f32.16x16x128.f8f6f4",
      "llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4",
      "llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4",
      "llvm.amdgcn.wmma.f32.32x16x128.f4",
      "llvm.amdgcn.wmma.scale.f32.32x16x128.f4",
      "llvm.amdgcn.wmma.scale16.f32.32x16x128.f4",
      "llvm.amdgcn.swmmac.f32.16x16x64.f16",
      "llvm.amdgcn.swmmac.f32.16x16x64.bf16",
      "llvm.amdgcn.swmmac.f16.16x16x64.f16",
      "llvm.amdgcn.swmmac.bf16.16x16x64.bf16",
      "llvm.amdgcn.swmmac.bf16f32.16x16x64.bf16",
      "llvm.amdgcn.swmmac.f32.16x16x128.fp8.fp8",
      "llvm.amdgcn.swmmac.f32.16x16x128.fp8.bf8",
      "llvm.amdgcn.swmmac.f32.16x16x128.bf8.fp8",
      "llvm.amdgcn.swmmac.f32.16x16x128.bf8.bf8",
      "llvm.amdgcn.swmmac.f16.16x16x128.fp8.fp8",
      "llvm.amdgcn.swmmac.f16.16x16x128.fp8.bf8",
      "llvm.amdgcn.swmmac.f16.16x16x128.bf8.fp8",
      "llvm.amdgcn.swmmac.f16.16x16x128.bf8.bf8",
      "llvm.amdgcn.swmmac.i32.16x16x128.iu8",
  };
  EXPECT_EQ(gfx1250.size(), 43u);
  std::set<std::string> named;
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    if (!info.isAvailableOn(Chip::gfx1250))
      continue;
    named.insert(info.llvmName);
    EXPECT_TRUE(info.hasModifier(ModGfx1250)) << info.name;
    EXPECT_FALSE(info.isAvailableOn(Chip::gfx1201)) << info.name;
    EXPECT_EQ(info.chips, ChipSet{Chip::gfx1250}) << info.name;
  }
  EXPECT_EQ(named, gfx1250);
  // The f8f6f4 forms have one entry per format pair: 25 each.
  for (const char *f8f6f4 : {"llvm.amdgcn.wmma.f32.16x16x128.f8f6f4",
                             "llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4",
                             "llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4"}) {
    std::set<std::pair<int, int>> pairs;
    for (const IntrinsicInfo &info : getAllIntrinsics())
      if (llvm::StringRef(info.llvmName) == f8f6f4) {
        EXPECT_TRUE(info.hasModifier(ModMatrixFmt)) << info.name;
        pairs.insert({getMxFormatCode(info.a.kind),
                      getMxFormatCode(info.b.kind)});
      }
    EXPECT_EQ(pairs.size(), 25u) << f8f6f4;
  }
}

TEST(LlvmIntrinsics, EveryCatalogEntryIsAnLlvmIntrinsic) {
  std::set<std::string> llvm = llvmIntrinsics("llvm.amdgcn.");
  for (const IntrinsicInfo &info : getAllIntrinsics())
    EXPECT_EQ(llvm.count(info.llvmName), 1u)
        << info.name << ": " << info.llvmName << " is not an LLVM 22 intrinsic";
}

} // namespace

namespace {

/// The gfx1250 layouts the catalog writes down (docs/Layouts.md, gfx1250),
/// as formulas: element e of lane L of A (B) holds row (column) L % 16 and
/// k = (L / 16) * count + e, count = K / 2 values (dense) or K / 4
/// (compressed A, over compressed k); element v of C holds row
/// 8 (L / 16) + v, column L % 16; the index has one 2-bit field per A value,
/// an i64 when A has 32 values per lane.
TEST(LlvmIntrinsics, Gfx1250LayoutsAreTheStatedFormulas) {
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    // The MX WMMA's own formulas: Gfx1250MxLayoutsAreTheStatedFormulas.
    if (!info.isAvailableOn(Chip::gfx1250) || info.isScaled() ||
        info.isUnscaledMx())
      continue;
    SCOPED_TRACE(info.name);
    for (Operand op : {Operand::A, Operand::B}) {
      const FragmentInfo &f = info.getFragment(op);
      unsigned k = op == Operand::A ? info.getAK() : info.k;
      EXPECT_EQ(2u * f.count, k);
      for (unsigned lane = 0; lane < 32; ++lane)
        for (unsigned e = 0; e < f.count; ++e) {
          TileCoord c = f.layout.apply(lane, e);
          unsigned mn = op == Operand::A ? c.d0 : c.d1,
                   kk = op == Operand::A ? c.d1 : c.d0;
          EXPECT_EQ(mn, lane % 16);
          EXPECT_EQ(kk, (lane / 16) * f.count + e);
        }
    }
    for (unsigned lane = 0; lane < 32; ++lane)
      for (unsigned v = 0; v < 8; ++v) {
        TileCoord c = info.c.layout.apply(lane, v);
        EXPECT_EQ(c.d0, 8 * (lane / 16) + v);
        EXPECT_EQ(c.d1, lane % 16);
      }
    if (info.isSparse()) {
      EXPECT_EQ(info.index.numSets, 1u);
      EXPECT_EQ(info.index.bitsPerSet, 2u * info.a.count);
      EXPECT_EQ(info.index.llvm.getBitWidth(), info.a.count == 32 ? 64u : 32u);
    }
  }
}

} // namespace

namespace {

/// gfx1250's MX WMMA layouts (docs/Layouts.md, "f8f6f4 and f4 WMMA"), as
/// formulas: element e of lane L of A (B) holds row (column) L % 16, plus
/// 16 for e >= 64 (the 32-row f4 A), and, with e' = e % 64 and runs of
/// r = 16 k (8-bit) or 32 (6/4-bit), k = 2 r (e' / r) + r (L / 16) + e' % r;
/// C element v of lane L holds row 16 (v / 8) + 8 (L / 16) + v % 8, column
/// L % 16; scale byte e of lane L (of the set's lanes) is k block e of row
/// (column) L; 4 (block 32) or 8 (block 16) per lane; two lane-half sets
/// except for the 32-row A (one set of 32 lanes).
TEST(LlvmIntrinsics, Gfx1250MxLayoutsAreTheStatedFormulas) {
  unsigned mx = 0;
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    if (!info.isAvailableOn(Chip::gfx1250) ||
        !(info.isScaled() || info.isUnscaledMx()))
      continue;
    ++mx;
    SCOPED_TRACE(info.name);
    EXPECT_EQ(info.k, 128u);
    for (Operand op : {Operand::A, Operand::B}) {
      const FragmentInfo &f = info.getFragment(op);
      unsigned rows = op == Operand::A ? info.m : info.n;
      unsigned run = getBitWidth(f.kind) == 8 ? 16 : 32;
      EXPECT_EQ(f.count, 4u * rows);
      EXPECT_EQ(f.llvm.getBitWidth(), f.count * getBitWidth(f.kind));
      for (unsigned lane = 0; lane < 32; ++lane)
        for (unsigned e = 0; e < f.count; ++e) {
          TileCoord c = f.layout.apply(lane, e);
          unsigned mn = op == Operand::A ? c.d0 : c.d1,
                   kk = op == Operand::A ? c.d1 : c.d0, e1 = e % 64;
          EXPECT_EQ(mn, lane % 16 + 16 * (e / 64));
          EXPECT_EQ(kk, 2 * run * (e1 / run) + run * (lane / 16) + e1 % run);
        }
    }
    EXPECT_EQ(info.c.count, info.m / 2);
    for (unsigned lane = 0; lane < 32; ++lane)
      for (unsigned v = 0; v < info.c.count; ++v) {
        TileCoord c = info.c.layout.apply(lane, v);
        EXPECT_EQ(c.d0, 16 * (v / 8) + 8 * (lane / 16) + v % 8);
        EXPECT_EQ(c.d1, lane % 16);
      }
    if (!info.isScaled())
      continue;
    bool s16 = llvm::StringRef(info.llvmName).contains("scale16");
    for (Operand op : {Operand::A, Operand::B}) {
      const ScaleInfo &s = op == Operand::A ? info.scaleA : info.scaleB;
      unsigned rows = op == Operand::A ? info.m : info.n;
      EXPECT_EQ(s.blockK, s16 ? 16u : 32u);
      EXPECT_EQ(s.getScalesPerLane(), s16 ? 8u : 4u);
      EXPECT_EQ(s.getOperandBytes(), s16 ? 8u : 4u);
      EXPECT_EQ(s.numSets, rows == 32 ? 1u : 2u);
      EXPECT_EQ(s.laneSetStride, 16u);
      EXPECT_TRUE(s.e4m3);
      EXPECT_EQ(s.layout.getNumLanes(), rows);
      for (unsigned lane = 0; lane < rows; ++lane)
        for (unsigned e = 0; e < s.getScalesPerLane(); ++e) {
          TileCoord c = s.layout.apply(lane, e);
          EXPECT_EQ(op == Operand::A ? c.d0 : c.d1, lane);
          EXPECT_EQ(op == Operand::A ? c.d1 : c.d0, e);
        }
    }
  }
  // 25 format pairs of three f8f6f4 forms, three f4 forms.
  EXPECT_EQ(mx, 78u);
}

} // namespace
