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
// tables). Where docs/Emulator.md ("Numerics") gives the hardware's order
// and places of rounding, the reference computes them its own way and the
// results must agree bit for bit: the RDNA3 dot2 chain of 16-bit
// accumulators (APFloat, exactly), CDNA3 f16/bf16 MFMA's fused groups
// (integer significands). Elsewhere it computes exact products and a double
// sum and rounds once to the output type; the emulator does the same
// computation in another order, so results agree to one unit in the last
// place of the output type. Integer outputs agree exactly.
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

#include <climits>
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
  case ScalarKind::XF32: // stored as f32
    return llvm::APFloat::IEEEsingle();
  case ScalarKind::FP6:
    return llvm::APFloat::Float6E2M3FN();
  case ScalarKind::BF6:
    return llvm::APFloat::Float6E3M2FN();
  case ScalarKind::FP4:
    return llvm::APFloat::Float4E2M1FN();
  default:
    return llvm::APFloat::IEEEdouble();
  }
}

double decodeRef(ScalarKind kind, Fp8Format fp8, uint64_t bits) {
  const llvm::fltSemantics &sem = semanticsOf(kind, fp8);
  llvm::APFloat v(sem, llvm::APInt(getBitWidth(kind), bits));
  bool lost = false;
  v.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return v.convertToDouble();
}

uint64_t encodeRef(ScalarKind kind, Fp8Format fp8, double x) {
  llvm::APFloat v(x);
  bool lost = false;
  v.convert(semanticsOf(kind, fp8), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return v.bitcastToAPInt().getZExtValue();
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

int64_t intValue(ScalarKind kind, uint64_t bits, bool isSigned) {
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
// The modelled accumulation orders (docs/Emulator.md, "Numerics")
//===----------------------------------------------------------------------===//

enum class Model { RoundOnce, Dot2Chain, Cdna3Fused, FmaChain };

/// The model of `info` on `target`, decided here from the documentation
/// (not from the emulator's choice). xf32 is Cdna3Fused with groups of 4
/// on inputs truncated to 10 fraction bits (MMA-Sim's MFMASim: is_xf32,
/// truncate_to_tf32, group_size 4, amd_fused_dot_add); f32 on CDNA1-3 and
/// f64 everywhere a chain of fused multiply-adds in K order (MMA-Sim: fma
/// for group_size 1).
Model modelOf(const IntrinsicInfo &info, const emu::Target &target) {
  ScalarKind ka = info.a.kind, kc = info.c.kind;
  if (info.family == MmaFamily::WMMA && target.arch == emu::GpuArch::RDNA3 &&
      (kc == ScalarKind::F16 || kc == ScalarKind::BF16))
    return Model::Dot2Chain;
  if (info.family == MmaFamily::MFMA && target.arch == emu::GpuArch::CDNA3 &&
      (ka == ScalarKind::F16 || ka == ScalarKind::BF16 ||
       ka == ScalarKind::XF32))
    return Model::Cdna3Fused;
  if (info.family == MmaFamily::MFMA &&
      (ka == ScalarKind::F64 ||
       (ka == ScalarKind::F32 && target.arch != emu::GpuArch::CDNA4)))
    return Model::FmaChain;
  return Model::RoundOnce;
}

/// The dot2 chain: acc = C; acc = round(acc + p_k + p_k+1) in K order. The
/// sums are exact in IEEE quad for the test's data (checked).
llvm::Expected<uint32_t> dot2Reference(ScalarKind kc,
                                        const std::vector<double> &a,
                                        const std::vector<double> &b,
                                        uint32_t cBits) {
  const llvm::fltSemantics &quad = llvm::APFloat::IEEEquad();
  const llvm::fltSemantics &out = semanticsOf(kc, Fp8Format::OCP);
  bool lost = false;
  llvm::APFloat acc(out, llvm::APInt(getBitWidth(kc), cBits));
  for (size_t k = 0; k < a.size(); k += 2) {
    llvm::APFloat sum = acc;
    sum.convert(quad, llvm::APFloat::rmNearestTiesToEven, &lost);
    for (size_t kk = k; kk < std::min(k + 2, a.size()); ++kk) {
      llvm::APFloat x(a[kk]), y(b[kk]);
      x.convert(quad, llvm::APFloat::rmNearestTiesToEven, &lost);
      y.convert(quad, llvm::APFloat::rmNearestTiesToEven, &lost);
      if (x.multiply(y, llvm::APFloat::rmNearestTiesToEven) !=
              llvm::APFloat::opOK ||
          sum.add(x, llvm::APFloat::rmNearestTiesToEven) != llvm::APFloat::opOK)
        return llvm::createStringError("the reference sum is not exact");
    }
    sum.convert(out, llvm::APFloat::rmNearestTiesToEven, &lost);
    acc = sum;
  }
  return uint32_t(acc.bitcastToAPInt().getZExtValue());
}

/// An f16 or bf16 element as m * 2^(e - f): integer significand m (sign
/// included), MMA-Sim's exponent e (at least the smallest normal exponent)
/// and f fraction bits. From the bits, not from a double.
struct Significand {
  int64_t m = 0;
  int e = INT_MIN;
};

Significand splitHalf(ScalarKind kind, uint64_t bits, int &fraction) {
  // xf32: the f32's top 19 bits (1.8.10; the low 13 are not read).
  if (kind == ScalarKind::XF32)
    bits >>= 13;
  bool bf = kind == ScalarKind::BF16;
  bool wideExp = bf || kind == ScalarKind::XF32;
  fraction = bf ? 7 : 10;
  int expBits = wideExp ? 8 : 5, bias = wideExp ? 127 : 15;
  uint32_t mant = bits & ((1u << fraction) - 1);
  int ef = int((bits >> fraction) & ((1u << expBits) - 1));
  Significand s;
  int64_t m = ef ? (mant | (1u << fraction)) : mant;
  if (m == 0)
    return s;
  s.m = (bits >> (fraction + expBits)) & 1 ? -m : m;
  s.e = ef ? ef - bias : 1 - bias;
  return s;
}

/// Floor of v * 2^shift (shift may be negative).
int64_t scaleFloor(int64_t v, int shift) {
  if (shift >= 0) // a multiplication: v may be negative (C++17 << of a
    return v * (int64_t(1) << shift); // negative value is undefined)
  if (shift <= -63)
    return v < 0 ? -1 : 0;
  int64_t q = v >> -shift; // arithmetic: floor
  return q;
}

/// CDNA3 f16/bf16 (xf32) MFMA as MMA-Sim describes it (fused groups of
/// min(8, K) (4);
/// the products aligned to the largest exponent sum with 24 fraction bits,
/// truncated; the group sum and C aligned to the larger of that and C's
/// exponent with 31 and 24 fraction bits, rounded toward minus infinity;
/// their sum rounded to nearest even in f32), in integers.
uint32_t cdna3Reference(ScalarKind ka, const std::vector<uint64_t> &aBits,
                        const std::vector<uint64_t> &bBits, uint64_t cBits) {
  unsigned n = unsigned(aBits.size()),
           group = std::min(ka == ScalarKind::XF32 ? 4u : 8u, n);
  float c;
  uint32_t c32 = uint32_t(cBits);
  std::memcpy(&c, &c32, 4);
  for (unsigned g = 0; g < n; g += group) {
    int f = 0;
    std::vector<int64_t> p;
    std::vector<int> pe;
    int emax = INT_MIN;
    for (unsigned k = g; k < g + group; ++k) {
      Significand x = splitHalf(ka, aBits[k], f), y = splitHalf(ka, bBits[k], f);
      if (x.m == 0 || y.m == 0)
        continue;
      p.push_back(x.m * y.m);
      pe.push_back(x.e + y.e);
      emax = std::max(emax, x.e + y.e);
    }
    // The products' sum in units of 2^(emax - 24).
    int64_t s = 0;
    for (size_t i = 0; i < p.size(); ++i) {
      int shift = pe[i] - 2 * f - emax + 24;
      int64_t mag = p[i] < 0 ? -p[i] : p[i];
      mag = shift >= 0 ? mag << shift : (shift <= -63 ? 0 : mag >> -shift);
      s += p[i] < 0 ? -mag : mag; // truncated toward zero
    }
    uint32_t cb;
    std::memcpy(&cb, &c, 4);
    int ecf = int((cb >> 23) & 0xFF);
    int64_t mc = ecf ? ((cb & 0x7FFFFF) | 0x800000) : (cb & 0x7FFFFF);
    if (cb >> 31)
      mc = -mc;
    int ec = mc == 0 ? INT_MIN : (ecf ? ecf - 127 : -126);
    int e = std::max(emax, ec);
    if (e == INT_MIN) {
      c = 0.0f;
      continue;
    }
    // In units of 2^(e - 31): the sum with 31 fraction bits, C with 24.
    // A zero sum or C (exponent INT_MIN) contributes nothing; its shift
    // would overflow.
    int64_t total = (emax == INT_MIN ? 0 : scaleFloor(s, emax - 24 + 31 - e)) +
                    (ec == INT_MIN ? 0 : scaleFloor(mc, ec - 23 + 24 - e) * 128);
    c = float(std::ldexp(double(total), e - 31));
  }
  uint32_t out;
  std::memcpy(&out, &c, 4);
  return out;
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
uint64_t randomElement(Rng &rng, ScalarKind kind, Fp8Format fp8,
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
  /// Block-scaled: op_sel of A's and B's scale words, and one A scale made
  /// NaN (0xFF), which makes its row of D NaN.
  unsigned scaleSelA = 0, scaleSelB = 0;
  bool nanScale = false;
};

/// Runs one random instance; returns a failure description, or "".
std::string runTrial(Trial &t) {
  const IntrinsicInfo &info = t.info;
  // With several blocks, the stacked tiles (IntrinsicInfo::blocks): A is
  // (blocks M) x K, B K x (blocks N), C (blocks M) x N, and row i of D
  // is block i / M's.
  unsigned M = getTileShape(info, Operand::A).first,
           N = getTileShape(info, Operand::B).second, K = info.k,
           kA = info.getAK(), n = info.n;
  bool sparse = info.isSparse();
  ScalarKind ka = info.a.kind, kb = info.b.kind, kc = info.c.kind;
  // D's kind: C's, or (gfx1250's bf16f32) bf16 from an f32 C.
  ScalarKind kd = info.getFragment(Operand::D).kind;

  // Tiles: A as compressed values plus positions when sparse.
  std::vector<uint64_t> aTile(size_t(M) * kA), bTile(size_t(K) * N),
      cTile(size_t(M) * n);
  std::vector<uint8_t> positions;
  double range = kc == ScalarKind::F16 || kc == ScalarKind::BF16 ? 1.0 : 2.0;
  for (uint64_t &v : aTile)
    v = randomElement(t.rng, ka, t.fp8, range);
  for (uint64_t &v : bTile)
    v = randomElement(t.rng, kb, t.fp8, range);
  for (uint64_t &v : cTile) {
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

  // Block scales (MX): E8M0 bytes around 2^0, one per 32 k of each row of A
  // and column of B, in the byte op_sel names; the formats in cbsz / blgp.
  std::vector<uint8_t> scaleA, scaleB;
  std::vector<uint32_t> scaleAWords, scaleBWords;
  if (info.isScaled()) {
    auto [ar, ac] = getScaleShape(info, Operand::A);
    auto [br, bc] = getScaleShape(info, Operand::B);
    scaleA.resize(size_t(ar) * ac);
    scaleB.resize(size_t(br) * bc);
    for (uint8_t &v : scaleA)
      v = uint8_t(121 + t.rng.below(13));
    for (uint8_t &v : scaleB)
      v = uint8_t(121 + t.rng.below(13));
    if (t.nanScale)
      scaleA[t.rng.below(unsigned(scaleA.size()))] = 0xFF;
    scaleAWords = packScales(info, Operand::A, scaleA, t.scaleSelA);
    scaleBWords = packScales(info, Operand::B, scaleB, t.scaleSelB);
    imm.scaleSelA = t.scaleSelA;
    imm.scaleSelB = t.scaleSelB;
  }
  if (info.hasFormatOperands()) {
    imm.cbsz = unsigned(getMxFormatCode(ka));
    imm.blgp = unsigned(getMxFormatCode(kb));
  }
  // The value of A[i][kk] (B[k][j]) with its block scale.
  auto scaledA = [&](unsigned i, unsigned kk) {
    double v = decodeRef(ka, t.fp8, aTile[i * kA + kk]);
    if (!info.isScaled())
      return v;
    uint8_t s = scaleA[i * (K / info.scaleA.blockK) + kk / info.scaleA.blockK];
    return s == 0xFF ? NAN : std::ldexp(v, int(s) - 127);
  };
  auto scaledB = [&](unsigned k, unsigned j) {
    double v = decodeRef(kb, t.fp8, bTile[k * N + j]);
    if (!info.isScaled())
      return v;
    uint8_t s = scaleB[(k / info.scaleB.blockK) * N + j];
    return s == 0xFF ? NAN : std::ldexp(v, int(s) - 127);
  };

  std::vector<uint8_t> a = toBytes(aRegs), b = toBytes(bRegs),
                       c = toBytes(cRegs);
  // D: C's registers, or as many as the result has (the catalog says).
  const unsigned dVgprs = getNumVgprs(info, Operand::D);
  std::vector<uint8_t> d(size_t(info.waveSize) * dVgprs * 4, 0xAB);
  if (llvm::Error e = emu::executeMatrixIntrinsic(
          info.llvmName, t.target, imm, a, b, c, idx, d,
          {scaleAWords, scaleBWords}))
    return "execution failed: " + llvm::toString(std::move(e));

  std::vector<uint32_t> dRegs = toRegs(d);
  // A result wider than D (gfx1250's bf16f32 SWMMAC: C's eight registers,
  // D in the low four) keeps C in the rest.
  const FragmentInfo &df = info.getFragment(Operand::D);
  const unsigned dUsed = (df.getVectorLength() * df.getSlotBits() + 31) / 32,
                 cVgprs = getNumVgprs(info, Operand::C);
  for (unsigned lane = 0; lane < info.waveSize; ++lane)
    for (unsigned r = dUsed; r < dVgprs; ++r)
      if (dRegs[lane * dVgprs + r] != cRegs[lane * cVgprs + r])
        return llvm::formatv("lane {0}: result register {1}, beyond D, is "
                             "{2:x}, not C's {3:x}",
                             lane, r, dRegs[lane * dVgprs + r],
                             cRegs[lane * cVgprs + r])
            .str();
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
  llvm::Expected<std::vector<uint64_t>> dTile =
      unpackTile(info, Operand::D, dRegs);
  if (!dTile)
    return "unpack D: " + llvm::toString(dTile.takeError());
  // Column j of block i / info.m in the stacked B.
  auto bCol = [&](unsigned i, unsigned j) { return (i / info.m) * n + j; };

  // The reference: D = A x B + C on the dense tiles.
  bool isInt = isIntegerKind(ka);
  bool aSigned = info.hasModifier(ModSignedness) ? imm.aSigned : true;
  bool bSigned = info.hasModifier(ModSignedness) ? imm.bSigned : true;
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < n; ++j) {
      uint64_t got =
          (*dTile)[i * n + j] &
          (getBitWidth(kd) >= 64 ? ~uint64_t(0)
                                 : (uint64_t(1) << getBitWidth(kd)) - 1);
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
                 intValue(kb, bTile[krow * N + bCol(i, j)], bSigned);
        }
        sum += intValue(ScalarKind::I32, cTile[i * n + j], true);
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
      Model model = modelOf(info, t.target);
      if (model != Model::RoundOnce) {
        // Bit for bit.
        std::vector<double> av, bv;
        std::vector<uint64_t> ab, bb;
        for (unsigned kk = 0; kk < kA; ++kk) {
          unsigned krow = sparse ? 4 * (kk / 2) + positions[i * kA + kk] : kk;
          ab.push_back(aTile[i * kA + kk]);
          bb.push_back(bTile[krow * N + bCol(i, j)]);
          av.push_back(decodeRef(ka, t.fp8, ab.back()));
          bv.push_back(decodeRef(kb, t.fp8, bb.back()));
        }
        uint64_t want;
        if (model == Model::Dot2Chain) {
          llvm::Expected<uint32_t> w =
              dot2Reference(kc, av, bv, uint32_t(cTile[i * n + j]));
          if (!w)
            return where() + ": " + llvm::toString(w.takeError());
          want = *w;
        } else if (model == Model::FmaChain) {
          // In the accumulator's format: fmaf for f32, fma for f64.
          double c = decodeRef(kc, t.fp8, cTile[i * n + j]);
          if (kc == ScalarKind::F32) {
            float acc = float(c);
            for (unsigned kk = 0; kk < kA; ++kk)
              acc = std::fma(float(av[kk]), float(bv[kk]), acc);
            want = encodeRef(kc, t.fp8, acc);
          } else {
            double acc = c;
            for (unsigned kk = 0; kk < kA; ++kk)
              acc = std::fma(av[kk], bv[kk], acc);
            want = encodeRef(kc, t.fp8, acc);
          }
        } else {
          want = cdna3Reference(ka, ab, bb, cTile[i * n + j]);
        }
        if (got != want)
          return llvm::formatv("{0}: got {1}, want {2} (bits {3:x} vs {4:x})",
                               where(), decodeRef(kc, t.fp8, got),
                               decodeRef(kc, t.fp8, want), got, want)
              .str();
        continue;
      }
      double sum = 0.0;
      for (unsigned kk = 0; kk < kA; ++kk) {
        unsigned krow = sparse ? 4 * (kk / 2) + positions[i * kA + kk] : kk;
        sum += scaledA(i, kk) * scaledB(krow, bCol(i, j));
      }
      sum += decodeRef(kc, t.fp8, cTile[i * n + j]);
      // Rounded once to D's format (bf16 for gfx1250's bf16f32).
      double want = decodeRef(kd, t.fp8, encodeRef(kd, t.fp8, sum));
      double have = decodeRef(kd, t.fp8, got);
      if (std::isnan(want) != std::isnan(have) ||
          std::fabs(have - want) > ulpRef(kd, want))
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
      if (info.isScaled()) {
        // Every scale set of A and of B (gfx950's op_sel bytes, gfx1250's
        // lane halves); variant 7 has a NaN scale.
        t.scaleSelA = variant % info.scaleA.numSets;
        t.scaleSelB = (variant + variant / 4) % info.scaleB.numSets;
        t.nanScale = variant == 7;
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
      // A block-scaled MFMA's formats are immediates (cbsz, blgp), and so
      // are gfx1250's f8f6f4 WMMA's (matrix_a_fmt, matrix_b_fmt).
      emu::MatrixImmediates imm;
      EXPECT_EQ(o.hasScales(), info.isScaled()) << info.name;
      if (info.hasFormatOperands()) {
        imm.cbsz = unsigned(getMxFormatCode(info.a.kind));
        imm.blgp = unsigned(getMxFormatCode(info.b.kind));
        EXPECT_EQ(getScalarKindName(info.a.kind),
                  emu::getElemTypeName(o.getAType(imm)))
            << info.name;
        EXPECT_EQ(getScalarKindName(info.b.kind),
                  emu::getElemTypeName(o.getBType(imm)))
            << info.name;
      }
      EXPECT_EQ(o.getM(), info.m) << info.name;
      EXPECT_EQ(o.getN(), info.n) << info.name;
      EXPECT_EQ(o.getK(), info.k) << info.name;
      EXPECT_EQ(o.getBlocks(), info.blocks) << info.name;
      EXPECT_EQ(o.isSparse(), info.isSparse()) << info.name;
      EXPECT_EQ(target.waveSize, info.waveSize) << info.name;
      EXPECT_EQ(o.getABytes(imm), 4 * getNumVgprs(info, Operand::A))
          << info.name;
      EXPECT_EQ(o.getBBytes(imm), 4 * getNumVgprs(info, Operand::B))
          << info.name;
      EXPECT_EQ(o.getCBytes(), 4 * getNumVgprs(info, Operand::C)) << info.name;
      EXPECT_EQ(o.getDBytes(), 4 * getNumVgprs(info, Operand::D)) << info.name;
      EXPECT_EQ(o.getABytes(imm) * 8, info.a.llvm.getBitWidth()) << info.name;
      if (info.isSparse())
        EXPECT_EQ(o.getNumIndexSets(), info.index.numSets) << info.name;
    }
  }
}

} // namespace
