//===- MatrixOpsLayoutTest.cpp - One product at a time, for every (m,k,n) -===//
//
// The layout test of composable_kernel (CK), test/ck_tile/core/arch/mma/
// test_amdgcn_mma_layout.inc, which AMD runs on gfx942 and gfx950 hardware,
// done here with mcore's catalog and emulator: for every (m, k, n) of an
// MFMA or SMFMAC instruction (and of gfx1250's WMMA and SWMMAC), A holds a single 1 at (m, k), B a single 1 at
// (k, n), C is zero, and D must hold exactly one non-zero, a 1 at (m, n).
//
// A, B, the sparse index and C go into lane registers through the catalog's
// packing (mcore/Target/Packing.h), the emulator executes the instruction on
// them, and D comes back through the catalog. The catalog and the emulator
// are independent derivations of every layout, so the test fails wherever
// the two disagree about a single element, and names it.
//
// For SMFMAC, A is compressed: dense k lies in group k / 4 at position
// k % 4, and the 1 sits in the compressed slot of that group whose index
// field names k % 4. Like CK's test (index 0x88888888 with the bit for an
// odd k set), every other group keeps positions (0, 2); positions 1 and 2
// are held in either slot of their group, alternately, so both fields of a
// group are exercised.
//
// Every case is its own execution, as on hardware; the test is parameterized
// per (instruction, chip) so that ctest runs them in parallel.
//
// CkDescription (below) then compares both with CK's description of the
// same instructions, which catches a layout the catalog and the emulator
// get wrong in the same way.
//
//===----------------------------------------------------------------------===//

#include "mcore/Emulator/MatrixOps.h"
#include "mcore/Target/Catalog.h"
#include "mcore/Target/Chip.h"
#include "mcore/Target/Packing.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

#include <cstring>
#include <string>
#include <vector>

using namespace mlir::mcore;
namespace emu = mlir::mcore::emu;

namespace {

/// The bit pattern of 1 in `kind` (fp8 per the chip's encoding).
uint64_t oneOf(ScalarKind kind, Fp8Format fp8) {
  const llvm::fltSemantics *sem = nullptr;
  switch (kind) {
  case ScalarKind::F16:
    sem = &llvm::APFloat::IEEEhalf();
    break;
  case ScalarKind::BF16:
    sem = &llvm::APFloat::BFloat();
    break;
  case ScalarKind::FP8:
    sem = fp8 == Fp8Format::FNUZ ? &llvm::APFloat::Float8E4M3FNUZ()
                                 : &llvm::APFloat::Float8E4M3FN();
    break;
  case ScalarKind::BF8:
    sem = fp8 == Fp8Format::FNUZ ? &llvm::APFloat::Float8E5M2FNUZ()
                                 : &llvm::APFloat::Float8E5M2();
    break;
  case ScalarKind::F32:
  case ScalarKind::XF32: // 1 has no bits below xf32's significand
    sem = &llvm::APFloat::IEEEsingle();
    break;
  case ScalarKind::F64:
    sem = &llvm::APFloat::IEEEdouble();
    break;
  case ScalarKind::FP6:
    sem = &llvm::APFloat::Float6E2M3FN();
    break;
  case ScalarKind::BF6:
    sem = &llvm::APFloat::Float6E3M2FN();
    break;
  case ScalarKind::FP4:
    sem = &llvm::APFloat::Float4E2M1FN();
    break;
  default:
    return 1; // integers
  }
  llvm::APFloat v(1.0);
  bool lost = false;
  v.convert(*sem, llvm::APFloat::rmNearestTiesToEven, &lost);
  return v.bitcastToAPInt().getZExtValue();
}

std::vector<uint8_t> toBytes(llvm::ArrayRef<uint32_t> regs) {
  std::vector<uint8_t> bytes(regs.size() * 4);
  std::memcpy(bytes.data(), regs.data(), bytes.size());
  return bytes;
}

struct Case {
  unsigned intrinsic; ///< index into getAllIntrinsics()
  Chip chip;
};

/// Every MFMA and SMFMAC entry on each of gfx942 and gfx950 that has it,
/// and on gfx90a those that gfx942 does not have (CDNA1/2-only shapes);
/// every gfx1250 WMMA and SWMMAC entry. Of the instructions with format
/// operands (gfx950's block-scaled MFMA, gfx1250's f8f6f4 WMMA, scaled or
/// not), whose operand layouts depend only on each operand's format, the
/// pairs of one format (10 of 50, 15 of 75; the cases run M x K x N
/// instructions each).
std::vector<Case> allCases() {
  std::vector<Case> cases;
  llvm::ArrayRef<IntrinsicInfo> all = getAllIntrinsics();
  for (unsigned i = 0; i < all.size(); ++i) {
    if (all[i].hasFormatOperands() && all[i].a.kind != all[i].b.kind)
      continue;
    if (all[i].isAvailableOn(Chip::gfx1250)) {
      cases.push_back({i, Chip::gfx1250});
      continue;
    }
    if (all[i].family != MmaFamily::MFMA && all[i].family != MmaFamily::SMFMAC)
      continue;
    for (Chip chip : {Chip::gfx942, Chip::gfx950})
      if (all[i].isAvailableOn(chip))
        cases.push_back({i, chip});
    if (!all[i].isAvailableOn(Chip::gfx942) &&
        all[i].isAvailableOn(Chip::gfx90a))
      cases.push_back({i, Chip::gfx90a});
  }
  return cases;
}

class SingleElementLayout : public testing::TestWithParam<Case> {};

TEST_P(SingleElementLayout, EachProductLandsOnItsOwnCElement) {
  const IntrinsicInfo &info = getAllIntrinsics()[GetParam().intrinsic];
  Chip chip = GetParam().chip;
  Fp8Format fp8 = getChipInfo(chip).fp8;
  llvm::Expected<emu::Target> target = emu::getTarget(getChipName(chip));
  ASSERT_TRUE(bool(target)) << llvm::toString(target.takeError());
  llvm::Expected<const emu::MatrixOp *> op =
      emu::MatrixOp::get(info.llvmName, *target);
  ASSERT_TRUE(bool(op)) << llvm::toString(op.takeError());

  // With several blocks, the stacked tiles (IntrinsicInfo::blocks): a
  // product of A row m and B column n lands in D only when both are of the
  // same block.
  const unsigned M = getTileShape(info, Operand::A).first,
                 N = getTileShape(info, Operand::B).second, K = info.k,
                 kA = info.getAK();
  auto sameBlock = [&](unsigned m, unsigned n) {
    return m / info.m == n / info.n;
  };
  const bool sparse = info.isSparse();
  const uint64_t oneA = oneOf(info.a.kind, fp8), oneB = oneOf(info.b.kind, fp8);
  // D: C's kind, or (gfx1250's bf16f32) its own, packed in its own place.
  const uint64_t oneD = oneOf(info.getFragment(Operand::D).kind, fp8);

  std::vector<uint64_t> aTile(size_t(M) * kA, 0), bTile(size_t(K) * N, 0);
  std::vector<uint8_t> c =
      toBytes(packTile(info, Operand::C, std::vector<uint64_t>(M * N, 0)));
  std::vector<uint8_t> d(
      toBytes(packTile(info, Operand::D, std::vector<uint64_t>(M * N, 0)))
          .size());
  // Block scales of 2^0 (E8M0 127), and the formats, when the instruction
  // has them.
  emu::MatrixImmediates imm;
  std::vector<uint32_t> scaleA, scaleB;
  if (info.hasFormatOperands()) {
    imm.cbsz = unsigned(getMxFormatCode(info.a.kind));
    imm.blgp = unsigned(getMxFormatCode(info.b.kind));
  }
  if (info.isScaled()) {
    auto [ar, ac] = getScaleShape(info, Operand::A);
    auto [br, bc] = getScaleShape(info, Operand::B);
    scaleA = packScales(info, Operand::A, std::vector<uint8_t>(ar * ac, 127));
    scaleB = packScales(info, Operand::B, std::vector<uint8_t>(br * bc, 127));
  }
  // Positions (0, 2) in every group, as CK's index 0x88888888.
  std::vector<uint8_t> basePositions(size_t(M) * kA);
  for (size_t e = 0; e < basePositions.size(); ++e)
    basePositions[e] = e % 2 ? 2 : 0;

  unsigned failures = 0, cases = 0;
  std::string firstFailure;
  auto fail = [&](const std::string &what) {
    if (failures++ == 0)
      firstFailure = what;
  };
  for (unsigned k = 0; k < K; ++k) {
    // B(k, n) = 1, for each n (packed once, used for every m).
    std::vector<std::vector<uint8_t>> bOf(N);
    for (unsigned n = 0; n < N; ++n) {
      bTile[k * N + n] = oneB;
      bOf[n] = toBytes(packTile(info, Operand::B, bTile));
      bTile[k * N + n] = 0;
    }
    for (unsigned m = 0; m < M; ++m) {
      // A(m, k) = 1, and the index naming it when A is compressed.
      unsigned col = k;
      std::vector<uint32_t> idx;
      if (sparse) {
        std::vector<uint8_t> positions = basePositions;
        unsigned g = k / 4, p = k % 4;
        // Slot 0 holds position 0 or 1, slot 1 position 2 or 3; positions 1
        // and 2 alternately sit in the other slot, kept in order: (0, 1)
        // and (2, 3).
        unsigned slot = p / 2;
        if ((p == 1 || p == 2) && (m + g) % 2)
          slot = 1 - slot;
        unsigned other = slot == 0 ? (p == 2 ? 3 : 2) : 0;
        positions[m * kA + 2 * g + slot] = uint8_t(p);
        positions[m * kA + 2 * g + 1 - slot] = uint8_t(other);
        col = 2 * g + slot;
        idx = packIndex(info, positions);
      }
      aTile[m * kA + col] = oneA;
      std::vector<uint8_t> a = toBytes(packTile(info, Operand::A, aTile));
      aTile[m * kA + col] = 0;

      for (unsigned n = 0; n < N; ++n) {
        ++cases;
        std::fill(d.begin(), d.end(), 0xAB);
        if (llvm::Error e =
                (*op)->execute(imm, a, bOf[n], c, idx, d, {scaleA, scaleB})) {
          fail("execution failed: " + llvm::toString(std::move(e)));
          continue;
        }
        std::vector<uint32_t> dRegs(d.size() / 4);
        std::memcpy(dRegs.data(), d.data(), d.size());
        llvm::Expected<std::vector<uint64_t>> dTile =
            unpackTile(info, Operand::D, dRegs);
        if (!dTile) {
          fail("unpack D: " + llvm::toString(dTile.takeError()));
          continue;
        }
        for (unsigned i = 0; i < M; ++i)
          for (unsigned j = 0; j < info.n; ++j) {
            uint64_t want =
                i == m && j == n % info.n && sameBlock(m, n) ? oneD : 0;
            uint64_t got = (*dTile)[i * info.n + j];
            if (got != want)
              fail(llvm::formatv("A({0},{1}) = B({1},{2}) = 1: D({3},{4}) "
                                 "is {5:x}, want {6:x}",
                                 m, k, n, i, j, got, want)
                       .str());
          }
      }
    }
  }
  EXPECT_EQ(cases, M * K * N);
  EXPECT_EQ(failures, 0u) << info.name << " on " << getChipName(chip).str()
                          << ": " << failures
                          << " wrong D elements; first: " << firstFailure;
}

INSTANTIATE_TEST_SUITE_P(
    Emulator, SingleElementLayout, testing::ValuesIn(allCases()),
    [](const testing::TestParamInfo<Case> &p) {
      return std::string(getAllIntrinsics()[p.param.intrinsic].name) + "_" +
             getChipName(p.param.chip).str();
    });

//===----------------------------------------------------------------------===//
// Block scales
//===----------------------------------------------------------------------===//

/// The block-scaled MFMA (gfx950) and WMMA (gfx1250) of one format pair per
/// shape, form and format width (the scale layout does not depend on the
/// formats).
std::vector<Case> scaleCases() {
  std::vector<Case> cases;
  llvm::ArrayRef<IntrinsicInfo> all = getAllIntrinsics();
  for (unsigned i = 0; i < all.size(); ++i)
    if (all[i].isScaled() && all[i].a.kind == all[i].b.kind &&
        (all[i].a.kind == ScalarKind::FP8 || all[i].a.kind == ScalarKind::FP4))
      for (const ChipInfo &chip : getAllChips())
        if (all[i].isAvailableOn(chip.chip))
          cases.push_back({i, chip.chip});
  return cases;
}

class ScaleLayout : public testing::TestWithParam<Case> {};

/// For each scale of A (and of B) in turn: A holds ones in the blockK k of
/// that scale's block (every row), B all ones, every scale 2^0 but that
/// one, 2^1, in the set (r + block) % sets names (gfx950's op_sel byte,
/// gfx1250's lane half); the other set's scales are 0 (2^-127). D must be
/// 2 blockK in the scale's row (column) and blockK elsewhere: a scale in
/// the wrong lane, byte, set or block moves or loses the doubling.
TEST_P(ScaleLayout, EachScaleDoublesItsOwnBlock) {
  const IntrinsicInfo &info = getAllIntrinsics()[GetParam().intrinsic];
  Chip chip = GetParam().chip;
  Fp8Format fp8 = getChipInfo(chip).fp8;
  llvm::Expected<emu::Target> target = emu::getTarget(getChipName(chip));
  ASSERT_TRUE(bool(target)) << llvm::toString(target.takeError());
  const unsigned M = info.m, N = info.n, K = info.k;
  const unsigned blockK = info.scaleA.blockK, blocks = K / blockK;
  ASSERT_EQ(info.scaleB.blockK, blockK);
  const uint64_t oneA = oneOf(info.a.kind, fp8), oneB = oneOf(info.b.kind, fp8);
  std::vector<uint8_t> c =
      toBytes(packTile(info, Operand::C, std::vector<uint64_t>(M * N, 0)));
  std::vector<uint8_t> d(c.size());
  unsigned failures = 0;
  std::string first;
  for (Operand which : {Operand::A, Operand::B})
    for (unsigned r = 0; r < (which == Operand::A ? M : N); ++r)
      for (unsigned blk = 0; blk < blocks; ++blk) {
        // Every set the operand has: gfx950's 4 op_sel bytes, gfx1250's
        // lane halves (one for the 32-row f4 A).
        const ScaleInfo &si = which == Operand::A ? info.scaleA : info.scaleB;
        unsigned set = (r + blk) % si.numSets;
        emu::MatrixImmediates imm;
        if (info.hasFormatOperands()) {
          imm.cbsz = unsigned(getMxFormatCode(info.a.kind));
          imm.blgp = unsigned(getMxFormatCode(info.b.kind));
        }
        imm.scaleSelA = which == Operand::A ? set : 0;
        imm.scaleSelB = which == Operand::B ? set : 0;
        std::vector<uint64_t> aTile(M * K, 0), bTile(K * N, 0);
        for (unsigned i = 0; i < M; ++i)
          for (unsigned k = blk * blockK; k < (blk + 1) * blockK; ++k)
            aTile[i * K + k] = oneA;
        for (unsigned k = 0; k < K; ++k)
          for (unsigned j = 0; j < N; ++j)
            bTile[k * N + j] = oneB;
        std::vector<uint8_t> sa(M * blocks, 127), sb(blocks * N, 127);
        if (which == Operand::A)
          sa[r * blocks + blk] = 128;
        else
          sb[blk * N + r] = 128;
        std::vector<uint32_t> wa = packScales(info, Operand::A, sa,
                                              imm.scaleSelA),
                              wb = packScales(info, Operand::B, sb,
                                              imm.scaleSelB);
        std::fill(d.begin(), d.end(), 0xAB);
        if (llvm::Error e = emu::executeMatrixIntrinsic(
                info.llvmName, *target, imm,
                toBytes(packTile(info, Operand::A, aTile)),
                toBytes(packTile(info, Operand::B, bTile)), c, {}, d,
                {wa, wb})) {
          ADD_FAILURE() << llvm::toString(std::move(e));
          return;
        }
        std::vector<uint32_t> dRegs(d.size() / 4);
        std::memcpy(dRegs.data(), d.data(), d.size());
        llvm::Expected<std::vector<uint64_t>> dTile =
            unpackTile(info, Operand::C, dRegs);
        ASSERT_TRUE(bool(dTile)) << llvm::toString(dTile.takeError());
        for (unsigned i = 0; i < M; ++i)
          for (unsigned j = 0; j < N; ++j) {
            bool doubled = which == Operand::A ? i == r : j == r;
            float want = doubled ? 2.0f * blockK : float(blockK), got;
            uint32_t bits = uint32_t((*dTile)[i * N + j]);
            std::memcpy(&got, &bits, 4);
            if (got != want && failures++ == 0)
              first = llvm::formatv("{0} scale ({1}, block {2}, op_sel {3}): "
                                    "D({4},{5}) = {6}, want {7}",
                                    getOperandName(which), r, blk, set, i, j,
                                    got, want)
                          .str();
          }
      }
  EXPECT_EQ(failures, 0u) << info.name << ": " << failures
                          << " wrong D elements; first: " << first;
}

INSTANTIATE_TEST_SUITE_P(
    Emulator, ScaleLayout, testing::ValuesIn(scaleCases()),
    [](const testing::TestParamInfo<Case> &p) {
      return std::string(getAllIntrinsics()[p.param.intrinsic].name) + "_" +
             getChipName(p.param.chip).str();
    });

//===----------------------------------------------------------------------===//
// CK's description of the same instructions
//===----------------------------------------------------------------------===//

// The single-element test shows that the catalog and the emulator agree; it
// cannot tell when both are wrong in the same way. CK's layout test passes on
// gfx942, gfx950 and gfx12 hardware with CK's own description of each of
// these instructions, so both are also compared with that description.
//
// CK (ck_tile core/arch/mma: mfma/mfma_gfx9.hpp, sparse/mfma/sparse_gfx9.hpp,
// wmma/wmma_gfx12.hpp, sparse/wmma/sparse_gfx12.hpp) describes each one by
// amdgcn_mma_base<A, B, C, M, N, K, wave, kABKPerLane, kAKNumAccess, kARepeat,
// kBKNumAccess, kBRepeat, kCMPerLane, kCMNumAccess, ...>. For every
// instruction mcore has on gfx942, gfx950 and gfx12: kABKPerLane is the
// dense K per lane, K * M / wave; kAKNumAccess and the repeats are 1;
// kCMPerLane / kCMNumAccess are 4 / 1 (CDNA 16x16), 16 / 4 (CDNA 32x32) and
// 8 / 1 (gfx12); kBKNumAccess is 1, except 2 for the gfx950-only SMFMAC,
// which are these:
constexpr const char *kCkBNumAccess2[] = {
    "llvm.amdgcn.smfmac.f32.16x16x64.f16",
    "llvm.amdgcn.smfmac.f32.32x32x32.f16",
    "llvm.amdgcn.smfmac.f32.16x16x64.bf16",
    "llvm.amdgcn.smfmac.f32.32x32x32.bf16",
    "llvm.amdgcn.smfmac.i32.16x16x128.i8",
    "llvm.amdgcn.smfmac.i32.32x32x64.i8",
    "llvm.amdgcn.smfmac.f32.16x16x128.fp8.fp8",
    "llvm.amdgcn.smfmac.f32.16x16x128.fp8.bf8",
    "llvm.amdgcn.smfmac.f32.16x16x128.bf8.fp8",
    "llvm.amdgcn.smfmac.f32.16x16x128.bf8.bf8",
    "llvm.amdgcn.smfmac.f32.32x32x64.fp8.fp8",
    "llvm.amdgcn.smfmac.f32.32x32x64.fp8.bf8",
    "llvm.amdgcn.smfmac.f32.32x32x64.bf8.fp8",
    "llvm.amdgcn.smfmac.f32.32x32x64.bf8.bf8",
};

/// (lane, element) of a matrix element in CK's terms (core/arch/mma/
/// amdgcn_mma.hpp, "Meaning of amdgcn_mma layout parameters", and
/// utility/tile_distribution_encoding_calculator.hpp): the unmerged
/// dimension of extent `extent` splits, outermost first, into
/// {numAccess, extent / perLane, perLane / numAccess} digits (x2, x1, x0);
/// the lane is x1 * other + y (y the other coordinate), the element
/// x2 * (perLane / numAccess) + x0.
std::pair<unsigned, unsigned> ckLaneElem(unsigned x, unsigned extent,
                                         unsigned perLane, unsigned numAccess,
                                         unsigned other, unsigned y) {
  unsigned x0n = perLane / numAccess, x1n = extent / perLane;
  unsigned x0 = x % x0n, x1 = (x / x0n) % x1n, x2 = x / (x0n * x1n);
  return {x1 * other + y, x2 * x0n + x0};
}

/// One description of an instruction's layouts, as register slots: a slot is
/// lane * 64 + element.
struct Description {
  std::vector<std::pair<unsigned, unsigned>> aCoord; ///< A slot -> (m, kc)
  std::vector<unsigned> bSlot;                       ///< k * N + n -> slot
  std::vector<unsigned> cSlot;                       ///< m * N + n -> slot
};

/// What the instruction computes, as pairs of register slots: for A slot
/// `a` holding a value whose index field is `p` (0 when dense), the B slot
/// it multiplies and the C slot the product goes to, for every column n.
/// Two descriptions of one instruction may label K differently (a
/// relabeling A and B share changes no result); these pairs are what must
/// agree.
std::vector<std::pair<unsigned, unsigned>> products(const Description &d,
                                                    const IntrinsicInfo &info,
                                                    unsigned a, unsigned p) {
  std::vector<std::pair<unsigned, unsigned>> out;
  auto [m, kc] = d.aCoord[a];
  unsigned k = info.isSparse() ? 4 * (kc / 2) + p : kc;
  for (unsigned n = 0; n < info.n; ++n)
    out.push_back({d.bSlot[k * info.n + n], d.cSlot[m * info.n + n]});
  return out;
}

/// Every MFMA and SMFMAC on gfx942 and gfx950, and every WMMA and SWMMAC on
/// gfx1201 and gfx1250, that mcore's catalog has, with 16- or 8-bit A (and
/// gfx1250's f32 16x16x4) and one block: the instructions whose CK
/// descriptions the comment above lists the parameters of. CK's gfx1250
/// dense WMMA (ck_tile core/arch/mma/wmma, its GFX1250 specializations)
/// have the same parameters (kABKPerLane = K * M / wave: 2 for f32 16x16x4, 16 for
/// 16x16x32, 32 for 16x16x64, 64 for 16x16x128; kCMPerLane 8); no CK
/// source describes gfx1250 SWMMAC, so for those the comparison is with
/// the same rule, assumed. gfx950's block-scaled MFMA are left out: CK
/// describes them with other NumAccess values (the catalog cites them,
/// CK4S), and ScaleLayout below checks their scales; so are gfx1250's MX
/// WMMA (CK's scale_gfx125.hpp gives them NumAccess 1, 2 or 4 by format
/// pair, not the dense rule; LlvmIntrinsicsTest's
/// Gfx1250MxLayoutsAreTheStatedFormulas states their layouts, the
/// single-element and scale tests check them). The f32, xf32, f64 and multi-block MFMAs are compared with
/// CALC's tables instead (the single-element test's emulator transcribes
/// CALC; CatalogTest's MfmaDenseFormula and MultiBlockAndF64Accumulators).
std::vector<Case> ckCases() {
  std::vector<Case> cases;
  llvm::ArrayRef<IntrinsicInfo> all = getAllIntrinsics();
  for (const Case &c : allCases())
    if (all[c.intrinsic].blocks == 1 && !all[c.intrinsic].isScaled() &&
        !all[c.intrinsic].isUnscaledMx() &&
        (getBitWidth(all[c.intrinsic].a.kind) <= 16 ||
         c.chip == Chip::gfx1250) &&
        c.chip != Chip::gfx90a)
      cases.push_back(c);
  for (unsigned i = 0; i < all.size(); ++i)
    if (all[i].isAvailableOn(Chip::gfx1201))
      cases.push_back({i, Chip::gfx1201});
  return cases;
}

class CkDescription : public testing::TestWithParam<Case> {};

TEST_P(CkDescription, CatalogAndEmulatorComputeWhatCkDescribes) {
  const IntrinsicInfo &info = getAllIntrinsics()[GetParam().intrinsic];
  Chip chip = GetParam().chip;
  llvm::Expected<emu::Target> target = emu::getTarget(getChipName(chip));
  ASSERT_TRUE(bool(target)) << llvm::toString(target.takeError());
  llvm::Expected<const emu::MatrixOp *> op =
      emu::MatrixOp::get(info.llvmName, *target);
  ASSERT_TRUE(bool(op)) << llvm::toString(op.takeError());
  using EOp = emu::MatrixOp::Operand;

  const unsigned M = info.m, N = info.n, K = info.k, kA = info.getAK();
  const unsigned wave = info.waveSize, slots = wave * 64;
  const bool cdna = wave == 64;
  const unsigned kPerLane = K * M / wave, ratio = info.isSparse() ? 2 : 1;
  unsigned bNumAccess = 1;
  for (const char *name : kCkBNumAccess2)
    if (llvm::StringRef(info.llvmName) == name)
      bNumAccess = 2;
  const unsigned cmPerLane = !cdna ? 8 : M == 16 ? 4 : 16;
  const unsigned cmNumAccess = !cdna ? 1 : M == 16 ? 1 : 4;

  Description ck, cat, em;
  for (Description *d : {&ck, &cat, &em}) {
    d->aCoord.assign(slots, {~0u, ~0u});
    d->bSlot.assign(K * N, ~0u);
    d->cSlot.assign(M * N, ~0u);
  }
  auto slot = [](unsigned lane, unsigned e) { return lane * 64 + e; };
  auto emuSlot = [&](EOp operand, unsigned r, unsigned col, ScalarKind kind) {
    emu::MatrixOp::Location l = (*op)->locate(operand, 0, r, col);
    return slot(l.lane, l.bit / getBitWidth(kind));
  };
  // CK and the emulator give the slot of each element; the catalog the
  // element of each slot.
  for (unsigned m = 0; m < M; ++m)
    for (unsigned kc = 0; kc < kA; ++kc) {
      auto [lane, e] = ckLaneElem(kc, kA, kPerLane / ratio, 1, M, m);
      ck.aCoord[slot(lane, e)] = {m, kc};
      em.aCoord[emuSlot(EOp::A, m, kc, info.a.kind)] = {m, kc};
    }
  for (unsigned k = 0; k < K; ++k)
    for (unsigned n = 0; n < N; ++n) {
      auto [lane, e] = ckLaneElem(k, K, kPerLane, bNumAccess, N, n);
      ck.bSlot[k * N + n] = slot(lane, e);
      em.bSlot[k * N + n] = emuSlot(EOp::B, k, n, info.b.kind);
    }
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j) {
      auto [lane, e] = ckLaneElem(i, M, cmPerLane, cmNumAccess, N, j);
      ck.cSlot[i * N + j] = slot(lane, e);
      em.cSlot[i * N + j] = emuSlot(EOp::C, i, j, info.c.kind);
    }
  for (unsigned lane = 0; lane < wave; ++lane) {
    for (unsigned e = 0; e < info.a.count; ++e) {
      TileCoord c = info.a.layout.apply(lane, e);
      cat.aCoord[slot(lane, e)] = {c.d0, c.d1};
    }
    for (unsigned e = 0; e < info.b.count; ++e) {
      TileCoord c = info.b.layout.apply(lane, e);
      cat.bSlot[c.d0 * N + c.d1] = slot(lane, e);
    }
    for (unsigned e = 0; e < info.c.count; ++e) {
      TileCoord c = info.c.layout.apply(lane, e);
      cat.cSlot[c.d0 * N + c.d1] = slot(lane, e);
    }
  }

  unsigned wrong = 0, aSlots = 0;
  std::string first;
  for (unsigned a = 0; a < slots; ++a) {
    if (ck.aCoord[a].first == ~0u) {
      EXPECT_EQ(cat.aCoord[a].first, ~0u) << "catalog A slot " << a;
      EXPECT_EQ(em.aCoord[a].first, ~0u) << "emulator A slot " << a;
      continue;
    }
    ++aSlots;
    for (unsigned p = 0; p < (info.isSparse() ? 4u : 1u); ++p) {
      auto want = products(ck, info, a, p);
      bool catOk =
          cat.aCoord[a].first != ~0u && products(cat, info, a, p) == want;
      bool emOk = em.aCoord[a].first != ~0u && products(em, info, a, p) == want;
      if (catOk && emOk)
        continue;
      if (wrong++ == 0)
        first = llvm::formatv("A lane {0} element {1} (index {2}) meets "
                              "other B/C slots than CK's; catalog {3}, "
                              "emulator {4}",
                              a / 64, a % 64, p, catOk ? "agrees" : "differs",
                              emOk ? "agrees" : "differs")
                    .str();
    }
  }
  EXPECT_EQ(aSlots, M * kA);
  EXPECT_EQ(wrong, 0u) << info.name << " on " << getChipName(chip).str() << ": "
                       << wrong << " (A slot, index) pairs differ "
                       << "from CK; first: " << first;
}

INSTANTIATE_TEST_SUITE_P(
    Emulator, CkDescription, testing::ValuesIn(ckCases()),
    [](const testing::TestParamInfo<Case> &p) {
      return std::string(getAllIntrinsics()[p.param.intrinsic].name) + "_" +
             getChipName(p.param.chip).str();
    });

} // namespace
