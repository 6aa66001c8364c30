//===- MatrixOpsTest.cpp - Emulated matrix instructions vs. scalar matmul -===//
//
// Cross-checks the emulator's matrix instructions against mcore's intrinsic
// catalog. The two are independent derivations of the same layouts: the
// catalog's packing (mcore/Target/Packing.h) places random A, B, C tiles and
// random 2:4 sparse indices into lane registers, the emulator executes the
// instruction on those registers (mcore/Emulator/MatrixOps.h), the catalog
// unpacks D, and D must equal a plain scalar matmul of the tiles. A layout
// that is wrong in either derivation moves products to the wrong place and
// fails the comparison.
//
// The reference decodes elements with llvm::APFloat (not the emulator's
// tables), computes exact products and a double sum, and rounds once to the
// output type; the emulator does the same computation in another order, so
// results agree to one unit in the last place of the output type (float
// outputs) and exactly (integer outputs). See docs/Emulator.md.
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

#include <cmath>
#include <cstring>
#include <random>

using namespace mlir::mcore;
namespace emu = mlir::mcore::emu;

namespace {

//===----------------------------------------------------------------------===//
// Reference arithmetic on element bit patterns (APFloat based)
//===----------------------------------------------------------------------===//

const llvm::fltSemantics &semanticsOf(ScalarKind kind, Fp8Format fp8) {
  switch (kind) {
  case ScalarKind::F16:
    return llvm::APFloat::IEEEhalf();
  case ScalarKind::BF16:
    return llvm::APFloat::BFloat();
  case ScalarKind::FP8:
    return fp8 == Fp8Format::FNUZ ? llvm::APFloat::Float8E4M3FNUZ()
                                  : llvm::APFloat::Float8E4M3FN();
  case ScalarKind::BF8:
    return fp8 == Fp8Format::FNUZ ? llvm::APFloat::Float8E5M2FNUZ()
                                  : llvm::APFloat::Float8E5M2();
  case ScalarKind::F32:
    return llvm::APFloat::IEEEsingle();
  default:
    return llvm::APFloat::IEEEdouble();
  }
}

double decodeRef(ScalarKind kind, Fp8Format fp8, uint32_t bits) {
  const llvm::fltSemantics &sem = semanticsOf(kind, fp8);
  llvm::APFloat v(sem, llvm::APInt(getBitWidth(kind), bits));
  bool lost = false;
  v.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return v.convertToDouble();
}

uint32_t encodeRef(ScalarKind kind, Fp8Format fp8, double x) {
  llvm::APFloat v(x);
  bool lost = false;
  v.convert(semanticsOf(kind, fp8), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return uint32_t(v.bitcastToAPInt().getZExtValue());
}

/// Distance from the output-format value nearest `x` to its neighbour away
/// from zero: one unit in the last place of the output type at `x`.
double ulpRef(ScalarKind kind, double x) {
  llvm::APFloat v(x);
  bool lost = false;
  v.convert(semanticsOf(kind, Fp8Format::OCP),
            llvm::APFloat::rmNearestTiesToEven, &lost);
  llvm::APFloat n = v;
  n.next(/*nextDown=*/v.isNegative());
  n.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  v.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return std::fabs(n.convertToDouble() - v.convertToDouble());
}

int64_t intValue(ScalarKind kind, uint32_t bits, bool isSigned) {
  switch (kind) {
  case ScalarKind::I8:
    return isSigned ? int64_t(int8_t(bits & 0xFF)) : int64_t(bits & 0xFF);
  case ScalarKind::I4: {
    int64_t v = bits & 0xF;
    return isSigned && v >= 8 ? v - 16 : v;
  }
  case ScalarKind::I32:
    return int64_t(int32_t(bits));
  default:
    return 0;
  }
}

//===----------------------------------------------------------------------===//
// Random operands
//===----------------------------------------------------------------------===//

struct Rng {
  std::mt19937_64 gen;
  explicit Rng(uint64_t seed) : gen(seed) {}
  uint32_t bits(unsigned n) {
    return uint32_t(gen() & (n >= 32 ? 0xFFFFFFFFull : ((1ull << n) - 1)));
  }
  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(gen);
  }
  unsigned below(unsigned n) { return unsigned(gen() % n); }
};

/// A random element of `kind`: finite floats of moderate size (a tenth of
/// them zero), any integer bit pattern.
uint32_t randomElement(Rng &rng, ScalarKind kind, Fp8Format fp8,
                       double range) {
  switch (kind) {
  case ScalarKind::I8:
  case ScalarKind::I4:
  case ScalarKind::I32:
    return rng.bits(getBitWidth(kind));
  case ScalarKind::FP8:
  case ScalarKind::BF8:
    for (;;) {
      uint32_t b = rng.bits(8);
      double v = decodeRef(kind, fp8, b);
      if (std::isfinite(v) && std::fabs(v) <= 64.0)
        return b;
    }
  default:
    if (rng.below(10) == 0)
      return 0;
    return encodeRef(kind, fp8, rng.uniform(-range, range));
  }
}

std::vector<uint8_t> toBytes(llvm::ArrayRef<uint32_t> regs) {
  std::vector<uint8_t> bytes(regs.size() * 4);
  std::memcpy(bytes.data(), regs.data(), bytes.size());
  return bytes;
}

std::vector<uint32_t> toRegs(llvm::ArrayRef<uint8_t> bytes) {
  std::vector<uint32_t> regs(bytes.size() / 4);
  std::memcpy(regs.data(), bytes.data(), regs.size() * 4);
  return regs;
}

//===----------------------------------------------------------------------===//
// One trial of one intrinsic on one chip
//===----------------------------------------------------------------------===//

struct Trial {
  const IntrinsicInfo &info;
  Chip chip;
  emu::Target target;
  Fp8Format fp8;
  Rng rng;
  emu::MatrixImmediates imm;
  bool opselHigh = false;
  /// Shift the index word right instead of selecting the set with
  /// imm.indexSet (what LLVM IR does for SWMMAC index_key 1).
  bool shiftIndex = false;
  unsigned indexSet = 0;
  bool bigC = false;
};

/// Runs one random instance; returns a failure description, or "".
std::string runTrial(Trial &t) {
  const IntrinsicInfo &info = t.info;
  unsigned M = info.m, N = info.n, K = info.k, kA = info.getAK();
  bool sparse = info.isSparse();
  ScalarKind ka = info.a.kind, kb = info.b.kind, kc = info.c.kind;

  // Tiles: A as compressed values plus positions when sparse.
  std::vector<uint32_t> aTile(size_t(M) * kA), bTile(size_t(K) * N),
      cTile(size_t(M) * N);
  std::vector<uint8_t> positions;
  double range = kc == ScalarKind::F32 ? 2.0 : 1.0;
  for (uint32_t &v : aTile)
    v = randomElement(t.rng, ka, t.fp8, range);
  for (uint32_t &v : bTile)
    v = randomElement(t.rng, kb, t.fp8, range);
  for (uint32_t &v : cTile) {
    if (kc == ScalarKind::I32)
      v = t.bigC ? t.rng.bits(32) : uint32_t(int32_t(t.rng.below(2001)) - 1000);
    else
      v = randomElement(t.rng, kc, t.fp8, 4.0);
  }
  if (sparse) {
    // Random 2:4 patterns: two distinct positions per group of four, in a
    // random order, so that ascending, descending and every pair occur.
    positions.resize(size_t(M) * kA);
    for (unsigned i = 0; i < M; ++i)
      for (unsigned g = 0; g < K / 4; ++g) {
        unsigned p0 = t.rng.below(4), p1 = t.rng.below(3);
        if (p1 >= p0)
          ++p1;
        positions[i * kA + 2 * g] = uint8_t(p0);
        positions[i * kA + 2 * g + 1] = uint8_t(p1);
      }
  }

  // Registers, through the catalog.
  std::vector<uint32_t> aRegs = packTile(info, Operand::A, aTile);
  std::vector<uint32_t> bRegs = packTile(info, Operand::B, bTile);
  std::vector<uint32_t> cRegs = packTile(info, Operand::C, cTile);
  if (t.opselHigh)
    for (uint32_t &w : cRegs)
      w = (w & 0xFFFFu) << 16;
  std::vector<uint32_t> idx;
  if (sparse) {
    idx = packIndex(info, positions, t.indexSet);
    if (t.shiftIndex)
      for (uint32_t &w : idx)
        w >>= t.indexSet * info.index.bitsPerSet;
  }

  emu::MatrixImmediates imm = t.imm;
  if (sparse && info.family == MmaFamily::SWMMAC)
    imm.indexSet = t.shiftIndex ? 0 : t.indexSet;
  imm.opsel = t.opselHigh;

  std::vector<uint8_t> a = toBytes(aRegs), b = toBytes(bRegs),
                       c = toBytes(cRegs);
  std::vector<uint8_t> d(c.size(), 0xAB);
  if (llvm::Error e = emu::executeMatrixIntrinsic(info.llvmName, t.target, imm,
                                                  a, b, c, idx, d))
    return "execution failed: " + llvm::toString(std::move(e));

  std::vector<uint32_t> dRegs = toRegs(d);
  if (t.opselHigh) {
    for (size_t w = 0; w < dRegs.size(); ++w)
      if ((dRegs[w] & 0xFFFFu) != 0)
        return llvm::formatv("op_sel: low half of D register {0} not "
                             "preserved from C",
                             w)
            .str();
    for (uint32_t &w : dRegs)
      w >>= 16;
  }
  llvm::Expected<std::vector<uint32_t>> dTile =
      unpackTile(info, Operand::C, dRegs);
  if (!dTile)
    return "unpack D: " + llvm::toString(dTile.takeError());

  // The reference: D = A x B + C on the dense tiles.
  bool isInt = isIntegerKind(ka);
  bool aSigned = info.hasModifier(ModSignedness) ? imm.aSigned : true;
  bool bSigned = info.hasModifier(ModSignedness) ? imm.bSigned : true;
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j) {
      uint32_t got = (*dTile)[i * N + j] &
                     (getBitWidth(kc) >= 32 ? ~0u
                                            : (1u << getBitWidth(kc)) - 1);
      auto where = [&]() {
        return llvm::formatv("D[{0}][{1}] of {2} on {3}", i, j, info.name,
                             getChipName(t.chip))
            .str();
      };
      if (isInt) {
        int64_t sum = 0;
        for (unsigned kk = 0; kk < kA; ++kk) {
          unsigned krow = sparse ? 4 * (kk / 2) + positions[i * kA + kk] : kk;
          sum += intValue(ka, aTile[i * kA + kk], aSigned) *
                 intValue(kb, bTile[krow * N + j], bSigned);
        }
        sum += intValue(ScalarKind::I32, cTile[i * N + j], true);
        uint32_t want =
            imm.clamp ? uint32_t(int32_t(std::clamp<int64_t>(sum, INT32_MIN,
                                                              INT32_MAX)))
                      : uint32_t(uint64_t(sum));
        if (got != want)
          return llvm::formatv("{0}: got {1}, want {2}", where(),
                               int32_t(got), int32_t(want))
              .str();
        continue;
      }
      double sum = 0.0;
      for (unsigned kk = 0; kk < kA; ++kk) {
        unsigned krow = sparse ? 4 * (kk / 2) + positions[i * kA + kk] : kk;
        sum += decodeRef(ka, t.fp8, aTile[i * kA + kk]) *
               decodeRef(kb, t.fp8, bTile[krow * N + j]);
      }
      sum += decodeRef(kc, t.fp8, cTile[i * N + j]);
      double want = decodeRef(kc, t.fp8, encodeRef(kc, t.fp8, sum));
      double have = decodeRef(kc, t.fp8, got);
      if (std::isnan(want) != std::isnan(have) ||
          std::fabs(have - want) > ulpRef(kc, want))
        return llvm::formatv("{0}: got {1}, want {2} (exact {3})", where(),
                             have, want, sum)
            .str();
    }
  return "";
}

std::vector<Chip> chipsOf(const IntrinsicInfo &info) {
  std::vector<Chip> chips;
  for (const ChipInfo &c : getAllChips())
    if (info.isAvailableOn(c.chip))
      chips.push_back(c.chip);
  return chips;
}

emu::Target targetFor(Chip chip) {
  llvm::Expected<emu::Target> t = emu::getTarget(getChipName(chip));
  if (!t) {
    ADD_FAILURE() << llvm::toString(t.takeError());
    return {};
  }
  return *t;
}

//===----------------------------------------------------------------------===//
// Tests
//===----------------------------------------------------------------------===//

class CatalogIntrinsic : public testing::TestWithParam<unsigned> {};

TEST_P(CatalogIntrinsic, MatchesScalarMatmul) {
  const IntrinsicInfo &info = getAllIntrinsics()[GetParam()];
  std::vector<Chip> chips = chipsOf(info);
  ASSERT_FALSE(chips.empty()) << info.name << " is on no chip";
  unsigned seed = 1;
  for (Chip chip : chips) {
    emu::Target target = targetFor(chip);
    Fp8Format fp8 = getChipInfo(chip).fp8;
    // Every combination of the immediates the instruction has.
    for (unsigned variant = 0; variant < 8; ++variant) {
      Trial t{info, chip, target, fp8, Rng(seed++ * 7919u + GetParam()), {}};
      if (info.hasModifier(ModSignedness)) {
        t.imm.aSigned = variant & 1;
        t.imm.bSigned = variant & 2;
      }
      if (info.hasModifier(ModClamp)) {
        t.imm.clamp = variant & 4;
        t.bigC = variant & 4 || variant == 3;
      }
      if (info.hasModifier(ModOpsel))
        t.opselHigh = variant & 1;
      if (info.family == MmaFamily::SMFMAC) {
        // abid selects the index set when cbsz is 0; cbsz != 0 forces set 0.
        t.indexSet = variant % info.index.numSets;
        t.imm.abid = t.indexSet;
        if (variant == 7) {
          t.imm.cbsz = 1;
          t.imm.abid = info.index.numSets > 1 ? 1 : 0;
          t.indexSet = 0;
        }
      }
      if (info.family == MmaFamily::SWMMAC) {
        t.indexSet = variant % info.index.numSets;
        t.shiftIndex = variant & 4;
      }
      std::string failure = runTrial(t);
      ASSERT_EQ(failure, "") << "variant " << variant;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Emulator, CatalogIntrinsic,
    testing::Range(0u, unsigned(getAllIntrinsics().size())),
    [](const testing::TestParamInfo<unsigned> &p) {
      return std::string(getAllIntrinsics()[p.param].name);
    });

// Every catalog entry is emulated on every chip the catalog lists for it,
// with the catalog's operand sizes and shape.
TEST(MatrixOps, EveryCatalogIntrinsicIsEmulated) {
  ASSERT_GT(getAllIntrinsics().size(), 0u);
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    for (Chip chip : chipsOf(info)) {
      emu::Target target = targetFor(chip);
      llvm::Expected<const emu::MatrixOp *> op =
          emu::MatrixOp::get(info.llvmName, target);
      if (!op) {
        ADD_FAILURE() << info.name << " on " << getChipName(chip).str()
                      << ": " << llvm::toString(op.takeError());
        continue;
      }
      const emu::MatrixOp &o = **op;
      EXPECT_EQ(o.getM(), info.m) << info.name;
      EXPECT_EQ(o.getN(), info.n) << info.name;
      EXPECT_EQ(o.getK(), info.k) << info.name;
      EXPECT_EQ(o.isSparse(), info.isSparse()) << info.name;
      EXPECT_EQ(target.waveSize, info.waveSize) << info.name;
      EXPECT_EQ(o.getABytes(), 4 * getNumVgprs(info, Operand::A)) << info.name;
      EXPECT_EQ(o.getBBytes(), 4 * getNumVgprs(info, Operand::B)) << info.name;
      EXPECT_EQ(o.getCBytes(), 4 * getNumVgprs(info, Operand::C)) << info.name;
      EXPECT_EQ(o.getABytes() * 8, info.a.llvm.getBitWidth()) << info.name;
      if (info.isSparse())
        EXPECT_EQ(o.getNumIndexSets(), info.index.numSets) << info.name;
    }
  }
}

} // namespace
