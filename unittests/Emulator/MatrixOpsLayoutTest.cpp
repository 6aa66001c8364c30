//===- MatrixOpsLayoutTest.cpp - One product at a time, for every (m,k,n) -===//
//
// The layout test of composable_kernel (CK), test/ck_tile/core/arch/mma/
// test_amdgcn_mma_layout.inc, which AMD runs on gfx942 and gfx950 hardware,
// done here with mcore's catalog and emulator: for every (m, k, n) of an
// MFMA or SMFMAC instruction, A holds a single 1 at (m, k), B a single 1 at
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
uint32_t oneOf(ScalarKind kind, Fp8Format fp8) {
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
    sem = &llvm::APFloat::IEEEsingle();
    break;
  default:
    return 1; // integers
  }
  llvm::APFloat v(1.0);
  bool lost = false;
  v.convert(*sem, llvm::APFloat::rmNearestTiesToEven, &lost);
  return uint32_t(v.bitcastToAPInt().getZExtValue());
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

/// Every MFMA and SMFMAC entry on each of gfx942 and gfx950 that has it.
std::vector<Case> allCases() {
  std::vector<Case> cases;
  llvm::ArrayRef<IntrinsicInfo> all = getAllIntrinsics();
  for (unsigned i = 0; i < all.size(); ++i) {
    if (all[i].family != MmaFamily::MFMA && all[i].family != MmaFamily::SMFMAC)
      continue;
    for (Chip chip : {Chip::gfx942, Chip::gfx950})
      if (all[i].isAvailableOn(chip))
        cases.push_back({i, chip});
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

  const unsigned M = info.m, N = info.n, K = info.k, kA = info.getAK();
  const bool sparse = info.isSparse();
  const uint32_t oneA = oneOf(info.a.kind, fp8), oneB = oneOf(info.b.kind, fp8);
  const uint32_t oneC = oneOf(info.c.kind, fp8);

  std::vector<uint32_t> aTile(size_t(M) * kA, 0), bTile(size_t(K) * N, 0);
  std::vector<uint8_t> c =
      toBytes(packTile(info, Operand::C, std::vector<uint32_t>(M * N, 0)));
  std::vector<uint8_t> d(c.size());
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
        if (llvm::Error e = (*op)->execute({}, a, bOf[n], c, idx, d)) {
          fail("execution failed: " + llvm::toString(std::move(e)));
          continue;
        }
        std::vector<uint32_t> dRegs(d.size() / 4);
        std::memcpy(dRegs.data(), d.data(), d.size());
        llvm::Expected<std::vector<uint32_t>> dTile =
            unpackTile(info, Operand::C, dRegs);
        if (!dTile) {
          fail("unpack D: " + llvm::toString(dTile.takeError()));
          continue;
        }
        for (unsigned i = 0; i < M; ++i)
          for (unsigned j = 0; j < N; ++j) {
            uint32_t want = i == m && j == n ? oneC : 0;
            uint32_t got = (*dTile)[i * N + j];
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
                          << ": " << failures << " wrong D elements; first: "
                          << firstFailure;
}

//===----------------------------------------------------------------------===//
// CK's description of the same layouts
//===----------------------------------------------------------------------===//

// The single-element test shows that the catalog and the emulator agree; it
// cannot tell when both are wrong in the same way. CK's test passes on
// gfx942 and gfx950 hardware with CK's own description of every one of
// these instructions, so both are also compared with that description.
//
// CK (ck_tile core/arch/mma/mfma/mfma_gfx9.hpp and sparse/mfma/
// sparse_gfx9.hpp) describes each instruction by amdgcn_mma_base<A, B, C,
// M, N, K, 64, kABKPerLane, kAKNumAccess, kARepeat, kBKNumAccess, kBRepeat,
// kCMPerLane, kCMNumAccess, ...>. For the instructions mcore has on gfx942
// and gfx950: kABKPerLane is the dense K per lane, K * M / 64; kAKNumAccess
// and both repeats are 1; kCMPerLane / kCMNumAccess are 4 / 1 (16x16) and
// 16 / 4 (32x32); kBKNumAccess is 1, except 2 for the gfx950-only SMFMAC,
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
/// the lane is x1 * other + (the other coordinate), the element
/// x2 * (perLane / numAccess) + x0.
std::pair<unsigned, unsigned> ckLaneElem(unsigned x, unsigned extent,
                                         unsigned perLane, unsigned numAccess,
                                         unsigned other, unsigned y) {
  unsigned x0n = perLane / numAccess, x1n = extent / perLane;
  unsigned x0 = x % x0n, x1 = (x / x0n) % x1n, x2 = x / (x0n * x1n);
  return {x1 * other + y, x2 * x0n + x0};
}

TEST_P(SingleElementLayout, CatalogAndEmulatorMatchCk) {
  const IntrinsicInfo &info = getAllIntrinsics()[GetParam().intrinsic];
  Chip chip = GetParam().chip;
  llvm::Expected<emu::Target> target = emu::getTarget(getChipName(chip));
  ASSERT_TRUE(bool(target)) << llvm::toString(target.takeError());
  llvm::Expected<const emu::MatrixOp *> op =
      emu::MatrixOp::get(info.llvmName, *target);
  ASSERT_TRUE(bool(op)) << llvm::toString(op.takeError());
  using EOp = emu::MatrixOp::Operand;

  const unsigned M = info.m, N = info.n, K = info.k, kA = info.getAK();
  const unsigned kPerLane = K * M / 64, ratio = info.isSparse() ? 2 : 1;
  unsigned bNumAccess = 1;
  for (const char *name : kCkBNumAccess2)
    if (llvm::StringRef(info.llvmName) == name)
      bNumAccess = 2;
  const unsigned cmPerLane = M == 16 ? 4 : 16, cmNumAccess = M == 16 ? 1 : 4;

  // Compares the catalog's and the emulator's place for element (r, c) of
  // `operand` with CK's (lane, element).
  unsigned wrong = 0;
  std::string first;
  auto check = [&](Operand operand, EOp eop, unsigned r, unsigned col,
                   std::pair<unsigned, unsigned> ck) {
    auto [lane, e] = ck;
    const FragmentInfo &f = info.getFragment(operand);
    bool catalogOk = f.layout.apply(lane, e) ==
                     TileCoord{uint16_t(r), uint16_t(col)};
    emu::MatrixOp::Location l = (*op)->locate(eop, 0, r, col);
    bool emulatorOk = l.lane == lane && l.bit == e * getBitWidth(f.kind);
    if (catalogOk && emulatorOk)
      return;
    if (wrong++ == 0)
      first = llvm::formatv("{0}({1},{2}) is at CK's lane {3} element {4}; "
                            "catalog {5}, emulator {6}",
                            getOperandName(operand), r, col, lane, e,
                            catalogOk ? "agrees" : "differs",
                            emulatorOk ? "agrees" : "differs")
                  .str();
  };
  // A: compressed K when sparse (the index layout is A's, checked elsewhere).
  for (unsigned m = 0; m < M; ++m)
    for (unsigned kc = 0; kc < kA; ++kc)
      check(Operand::A, EOp::A, m, kc,
            ckLaneElem(kc, kA, kPerLane / ratio, 1, M, m));
  for (unsigned k = 0; k < K; ++k)
    for (unsigned n = 0; n < N; ++n)
      check(Operand::B, EOp::B, k, n,
            ckLaneElem(k, K, kPerLane, bNumAccess, N, n));
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j)
      check(Operand::C, EOp::C, i, j,
            ckLaneElem(i, M, cmPerLane, cmNumAccess, N, j));
  EXPECT_EQ(wrong, 0u) << info.name << " on " << getChipName(chip).str()
                        << ": " << wrong << " elements not where CK has them; "
                        << "first: " << first;
}

INSTANTIATE_TEST_SUITE_P(
    Emulator, SingleElementLayout, testing::ValuesIn(allCases()),
    [](const testing::TestParamInfo<Case> &p) {
      return std::string(getAllIntrinsics()[p.param.intrinsic].name) + "_" +
             getChipName(p.param.chip).str();
    });

} // namespace
