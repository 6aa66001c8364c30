//===- MatrixOpsNumericsTest.cpp - Where the matrix units round -----------===//
//
// The accumulation models of docs/Emulator.md ("Numerics"), each on inputs
// whose partial sums are not exact, so that another rounding order or place
// gives another answer:
//
//   * RDNA3 WMMA with an f16 accumulator reproduces, bit for bit, the values
//     gfx11 hardware computed for llvm-project's
//     mlir/test/Integration/GPU/ROCM/WMMA/wmma_f16_16_16_16_f16.mlir (and
//     its _x2 variant, the same in the high halves): the dot2 chain. Rounding
//     the exact sum once differs in 31 of the 256 elements;
//   * the dot2 chain pairs products in K order and rounds after each pair;
//   * CDNA3 f16/bf16 MFMA: MMA-Sim's fused groups of 8, truncated alignment
//     of the products, C and the group sum rounded toward minus infinity
//     (asymmetric), the group results rounded to f32;
//   * CDNA f32 MFMA: a chain of f32 fused multiply-adds;
//   * NaN, infinities and overflow in both models.
//
//===----------------------------------------------------------------------===//

#include "mcore/Emulator/MatrixOps.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <vector>

namespace emu = mlir::mcore::emu;
using emu::MatrixOp;
using Operand = MatrixOp::Operand;

namespace {

const MatrixOp &getOp(const char *name, const char *chip, unsigned wave = 0) {
  return *llvm::cantFail(
      MatrixOp::get(name, llvm::cantFail(emu::getTarget(chip, wave))));
}

/// The bits of a value of type From as type To (same size).
template <typename To, typename From> To bitCast(From v) {
  static_assert(sizeof(To) == sizeof(From));
  To r;
  std::memcpy(&r, &v, sizeof(To));
  return r;
}

uint16_t f16Bits(double x) { return bitCast<uint16_t>(_Float16(x)); }
double f16Value(uint16_t b) { return double(bitCast<_Float16>(b)); }

uint16_t bf16Bits(float x) {
  uint32_t u;
  std::memcpy(&u, &x, 4);
  return uint16_t(u >> 16); // exact for the values used
}

unsigned bytesOf(emu::ElemType t) {
  switch (t) {
  case emu::ElemType::F32:
  case emu::ElemType::I32:
    return 4;
  case emu::ElemType::F64:
    return 8;
  default:
    return 2;
  }
}

/// Runs `op` on dense tiles given element by element (block 0): a(i, k),
/// b(k, j) and c(i, j) give the bits of each element (C in the low half of
/// an RDNA3 16-bit accumulator register, or with `opselHigh` in the high
/// half). Returns D's bits, row-major M x N.
std::vector<uint32_t>
run(const MatrixOp &op, const std::function<uint32_t(unsigned, unsigned)> &a,
    const std::function<uint32_t(unsigned, unsigned)> &b,
    const std::function<uint32_t(unsigned, unsigned)> &c,
    bool opselHigh = false) {
  unsigned M = op.getM(), N = op.getN(), K = op.getK();
  unsigned wave = op.getTarget().waveSize;
  std::vector<uint8_t> ra(wave * op.getABytes()), rb(wave * op.getBBytes()),
      rc(wave * op.getCBytes()), rd(rc.size());
  unsigned inBytes = bytesOf(op.getAType()), cBytes = bytesOf(op.getCType());
  unsigned cShift = opselHigh ? 2 : 0;
  auto put = [](std::vector<uint8_t> &v, unsigned laneBytes,
                MatrixOp::Location l, uint32_t bits, unsigned bytes,
                unsigned shift) {
    std::memcpy(&v[l.lane * laneBytes + l.bit / 8 + shift], &bits, bytes);
  };
  for (unsigned i = 0; i < M; ++i)
    for (unsigned k = 0; k < K; ++k)
      put(ra, op.getABytes(), op.locate(Operand::A, 0, i, k), a(i, k),
          inBytes, 0);
  for (unsigned k = 0; k < K; ++k)
    for (unsigned j = 0; j < N; ++j)
      put(rb, op.getBBytes(), op.locate(Operand::B, 0, k, j), b(k, j),
          inBytes, 0);
  // RDNA3 replicates A and B across lane groups: lanes 0-15 hold the copy
  // locate() reports.
  if (op.getTarget().arch == emu::GpuArch::RDNA3)
    for (std::vector<uint8_t> *v : {&ra, &rb}) {
      size_t n = v->size() / wave;
      for (unsigned lane = 16; lane < wave; ++lane)
        std::memcpy(&(*v)[lane * n], &(*v)[(lane % 16) * n], n);
    }
  emu::MatrixImmediates imm;
  imm.opsel = opselHigh;
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j)
      put(rc, op.getCBytes(), op.locate(Operand::C, 0, i, j), c(i, j),
          cBytes, cShift);
  llvm::cantFail(op.execute(imm, ra, rb, rc, {}, rd));
  std::vector<uint32_t> d(M * N);
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j) {
      MatrixOp::Location l = op.locate(Operand::C, 0, i, j);
      uint32_t v = 0;
      std::memcpy(&v, &rd[l.lane * op.getCBytes() + l.bit / 8 + cShift],
                  cBytes);
      d[i * N + j] = v;
    }
  return d;
}

//===----------------------------------------------------------------------===//
// RDNA3: the values gfx11 hardware gave
//===----------------------------------------------------------------------===//

// D = M x M + 0 with M[r][c] = r + c (16 x 16, f16), as computed on gfx11
// hardware: the CHECK lines of llvm-project's
// mlir/test/Integration/GPU/ROCM/WMMA/wmma_f16_16_16_16_f16.mlir (the same
// values, twice per row, in wmma_f16_16_16_16_f16_x2.mlir). The exact sums
// are sum_k (i + k)(k + j); above 2048 not all of them are f16 values.
const int kGfx11Expected[16][16] = {
    {1240, 1360, 1480, 1600, 1720, 1840, 1960, 2080, 2200, 2320, 2440, 2560, 2680, 2800, 2920, 3040},
    {1360, 1496, 1632, 1768, 1904, 2040, 2176, 2312, 2448, 2584, 2720, 2856, 2992, 3128, 3264, 3400},
    {1480, 1632, 1784, 1936, 2088, 2240, 2392, 2544, 2696, 2848, 3000, 3152, 3304, 3456, 3608, 3760},
    {1600, 1768, 1936, 2104, 2272, 2440, 2608, 2776, 2944, 3112, 3280, 3448, 3616, 3784, 3952, 4120},
    {1720, 1904, 2088, 2272, 2456, 2640, 2824, 3008, 3192, 3376, 3560, 3744, 3928, 4112, 4296, 4480},
    {1840, 2040, 2240, 2440, 2640, 2840, 3040, 3240, 3440, 3640, 3840, 4040, 4240, 4440, 4640, 4840},
    {1960, 2176, 2392, 2608, 2824, 3040, 3256, 3472, 3688, 3904, 4120, 4336, 4552, 4768, 4984, 5200},
    {2080, 2312, 2544, 2776, 3008, 3240, 3472, 3704, 3936, 4168, 4400, 4632, 4864, 5100, 5328, 5556},
    {2200, 2448, 2696, 2944, 3192, 3440, 3688, 3936, 4184, 4432, 4680, 4928, 5172, 5424, 5676, 5920},
    {2320, 2584, 2848, 3112, 3376, 3640, 3904, 4168, 4432, 4696, 4960, 5228, 5488, 5748, 6016, 6284},
    {2440, 2720, 3000, 3280, 3560, 3840, 4120, 4400, 4680, 4960, 5236, 5520, 5804, 6080, 6356, 6640},
    {2560, 2856, 3152, 3448, 3744, 4040, 4336, 4632, 4928, 5228, 5520, 5812, 6112, 6412, 6704, 6996},
    {2680, 2992, 3304, 3616, 3928, 4240, 4552, 4864, 5172, 5488, 5804, 6112, 6420, 6736, 7052, 7360},
    {2800, 3128, 3456, 3784, 4112, 4440, 4768, 5100, 5424, 5748, 6080, 6412, 6736, 7060, 7392, 7724},
    {2920, 3264, 3608, 3952, 4296, 4640, 4984, 5328, 5676, 6016, 6356, 6704, 7052, 7392, 7732, 8080},
    {3040, 3400, 3760, 4120, 4480, 4840, 5200, 5556, 5920, 6284, 6640, 6996, 7360, 7724, 8080, 8440},
};

std::vector<uint32_t> runGfx11Test(const char *name, unsigned wave,
                                   bool opselHigh) {
  const MatrixOp &op = getOp(name, "gfx1100", wave);
  auto m = [](unsigned r, unsigned c) { return uint32_t(f16Bits(r + c)); };
  return run(op, m, m, [](unsigned, unsigned) { return 0u; }, opselHigh);
}

TEST(MatrixOpsNumerics, Gfx11F16WmmaMatchesHardwareValues) {
  for (const char *name : {"llvm.amdgcn.wmma.f16.16x16x16.f16",
                           "llvm.amdgcn.wmma.f16.16x16x16.f16.tied"})
    for (unsigned wave : {32u, 64u})
      for (bool high : {false, true}) {
        std::vector<uint32_t> d = runGfx11Test(name, wave, high);
        unsigned mismatches = 0;
        for (unsigned i = 0; i < 16; ++i)
          for (unsigned j = 0; j < 16; ++j)
            if (f16Value(uint16_t(d[i * 16 + j])) != kGfx11Expected[i][j]) {
              if (++mismatches <= 3)
                ADD_FAILURE() << name << " wave" << wave
                              << (high ? " op_sel" : "") << ": D[" << i
                              << "][" << j << "] = "
                              << f16Value(uint16_t(d[i * 16 + j]))
                              << ", the hardware gave "
                              << kGfx11Expected[i][j];
            }
        EXPECT_EQ(mismatches, 0u);
      }
}

// The test data discriminates: the exact sums rounded once to f16 differ
// from the hardware's values in 31 elements, so a model that rounds once
// fails the test above.
TEST(MatrixOpsNumerics, Gfx11DataIsNotExactInF16) {
  unsigned differ = 0;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      int exact = 0;
      for (int k = 0; k < 16; ++k)
        exact += (i + k) * (k + j);
      if (f16Value(f16Bits(exact)) != kGfx11Expected[i][j])
        ++differ;
    }
  EXPECT_EQ(differ, 31u);
}

//===----------------------------------------------------------------------===//
// The dot2 chain
//===----------------------------------------------------------------------===//

// C = 2048 (f16 spacing 2) and one product of 1 in every pair: each step
// 2048 + 1 ties back to 2048 (even); rounding once gives 2056. Both products
// of the first pair at 1: 2050, exact.
TEST(MatrixOpsNumerics, Dot2ChainRoundsAfterEveryPair) {
  const MatrixOp &op = getOp("llvm.amdgcn.wmma.f16.16x16x16.f16", "gfx1100");
  auto c = [](unsigned, unsigned) { return uint32_t(f16Bits(2048)); };
  auto b = [](unsigned, unsigned) { return uint32_t(f16Bits(1)); };
  // Row 0: A[0][k] = 1 for even k. Row 1: A[1][0] = A[1][1] = 1.
  auto a = [](unsigned i, unsigned k) {
    bool one = (i == 0 && k % 2 == 0) || (i == 1 && k < 2);
    return uint32_t(f16Bits(one ? 1 : 0));
  };
  std::vector<uint32_t> d = run(op, a, b, c);
  for (unsigned j = 0; j < 16; ++j) {
    EXPECT_EQ(f16Value(uint16_t(d[j])), 2048.0);
    EXPECT_EQ(f16Value(uint16_t(d[16 + j])), 2050.0);
    EXPECT_EQ(f16Value(uint16_t(d[32 + j])), 2048.0);
  }
}

// The same with a bf16 accumulator (spacing 2 in [256, 512)): 256 stays.
TEST(MatrixOpsNumerics, Dot2ChainBf16) {
  const MatrixOp &op =
      getOp("llvm.amdgcn.wmma.bf16.16x16x16.bf16", "gfx1100");
  auto c = [](unsigned, unsigned) { return uint32_t(bf16Bits(256.0f)); };
  auto b = [](unsigned, unsigned) { return uint32_t(bf16Bits(1.0f)); };
  auto a = [](unsigned i, unsigned k) {
    return uint32_t(bf16Bits(i == 0 && k % 2 == 0 ? 1.0f : 0.0f));
  };
  std::vector<uint32_t> d = run(op, a, b, c);
  for (unsigned j = 0; j < 16; ++j) {
    EXPECT_EQ(d[j], bf16Bits(256.0f));
    EXPECT_EQ(d[16 + j], bf16Bits(256.0f));
  }
}

// RDNA4 has no such evidence: it keeps rounding the exact sum once (2056).
TEST(MatrixOpsNumerics, Gfx12F16WmmaRoundsOnce) {
  const MatrixOp &op = getOp("llvm.amdgcn.wmma.f16.16x16x16.f16", "gfx1201");
  auto c = [](unsigned, unsigned) { return uint32_t(f16Bits(2048)); };
  auto b = [](unsigned, unsigned) { return uint32_t(f16Bits(1)); };
  auto a = [](unsigned i, unsigned k) {
    return uint32_t(f16Bits(i == 0 && k % 2 == 0 ? 1 : 0));
  };
  std::vector<uint32_t> d = run(op, a, b, c);
  EXPECT_EQ(f16Value(uint16_t(d[0])), 2056.0);
}

//===----------------------------------------------------------------------===//
// CDNA3 (MMA-Sim)
//===----------------------------------------------------------------------===//

uint32_t f32Bits(float f) { return bitCast<uint32_t>(f); }
float f32Value(uint32_t u) { return bitCast<float>(u); }

/// D[0][0] of `name` on gfx942 with A row 0 = `a`, B column 0 = `b` (K
/// order) and C[0][0] = `c`; every other element 0.
float mfma00(const char *name, const std::vector<double> &a,
             const std::vector<double> &b, float c, bool bf16 = false) {
  const MatrixOp &op = getOp(name, "gfx942");
  auto bits = [&](double x) {
    return uint32_t(bf16 ? bf16Bits(float(x)) : f16Bits(x));
  };
  bool isF32 = op.getAType() == emu::ElemType::F32;
  auto enc = [&](double x) { return isF32 ? f32Bits(float(x)) : bits(x); };
  std::vector<uint32_t> d = run(
      op,
      [&](unsigned i, unsigned k) {
        return i == 0 && k < a.size() ? enc(a[k]) : enc(0);
      },
      [&](unsigned k, unsigned j) {
        return j == 0 && k < b.size() ? enc(b[k]) : enc(0);
      },
      [&](unsigned i, unsigned j) {
        return i == 0 && j == 0 ? f32Bits(c) : 0u;
      });
  return f32Value(d[0]);
}

const float kOneUp = 1.0f + 0x1p-23f; // 1 + ulp: odd last bit

// The product -(1 - 2^-10) 2^-24 added to C = 1 + 2^-23: the exact sum is
// just above the tie 1 + 2^-24 and rounds to 1 + 2^-23; aligned to C's
// exponent with 31 fraction bits and rounded toward minus infinity, the
// product becomes -2^-24, the sum the tie, and the tie goes to even: 1.
// Negated, the product rounds toward zero instead (floor of a positive),
// the sum stays beyond the tie: -(1 + 2^-23). Asymmetric.
TEST(MatrixOpsNumerics, Cdna3F16MfmaRoundsTowardMinusInfinity) {
  const char *name = "llvm.amdgcn.mfma.f32.16x16x16f16";
  double small = (1 - 0x1p-10) * 0x1p-12;
  EXPECT_EQ(mfma00(name, {-small}, {0x1p-12}, kOneUp), 1.0f);
  EXPECT_EQ(mfma00(name, {small}, {0x1p-12}, -kOneUp), -kOneUp);
}

// 1 + 1.5 2^-24: the small product, aligned to the large one with 24
// fraction bits, is truncated to 2^-24: a tie, to 1. The exact sum rounds
// to 1 + 2^-23.
TEST(MatrixOpsNumerics, Cdna3F16MfmaTruncatesAlignedProducts) {
  const char *name = "llvm.amdgcn.mfma.f32.16x16x16f16";
  EXPECT_EQ(mfma00(name, {1.0, 1.5 * 0x1p-12}, {1.0, 0x1p-12}, 0.0f), 1.0f);
  // bf16 the same (1.5 2^-12 and 2^-12 are bf16 values).
  EXPECT_EQ(mfma00("llvm.amdgcn.mfma.f32.16x16x16bf16.1k",
                   {1.0, 1.5 * 0x1p-12}, {1.0, 0x1p-12}, 0.0f, true),
            1.0f);
}

// Groups of 8 along K: two products of 2^-24 added to 1 in one group make
// 1 + 2^-23 (exact); in two groups each one ties back to 1.
TEST(MatrixOpsNumerics, Cdna3F16MfmaRoundsEveryEightProducts) {
  const char *name = "llvm.amdgcn.mfma.f32.16x16x16f16";
  std::vector<double> a(16, 0.0), b(16, 0.0);
  a[0] = a[1] = 0x1p-12;
  b[0] = b[1] = 0x1p-12;
  EXPECT_EQ(mfma00(name, a, b, 1.0f), kOneUp);
  a[1] = b[1] = 0;
  a[8] = b[8] = 0x1p-12;
  EXPECT_EQ(mfma00(name, a, b, 1.0f), 1.0f);
}

// Special values in the fused groups: a NaN input gives NaN, infinity
// times zero gives NaN, infinity propagates; a bf16 product beyond 2^128
// (the f32 range) is infinity, and two of opposite signs make NaN.
TEST(MatrixOpsNumerics, Cdna3FusedSpecialValues) {
  const char *f16 = "llvm.amdgcn.mfma.f32.16x16x16f16";
  const char *bf16 = "llvm.amdgcn.mfma.f32.16x16x16bf16.1k";
  EXPECT_TRUE(std::isnan(mfma00(f16, {NAN, 1.0}, {1.0, 1.0}, 0.0f)));
  EXPECT_TRUE(std::isnan(mfma00(f16, {INFINITY}, {0.0}, 0.0f)));
  EXPECT_EQ(mfma00(f16, {INFINITY, 1.0}, {2.0, 1.0}, 1.0f), INFINITY);
  EXPECT_EQ(mfma00(f16, {1.0}, {1.0}, -INFINITY), -INFINITY);
  double big = 0x1p100;
  EXPECT_EQ(mfma00(bf16, {big}, {big}, 0.0f, true), INFINITY);
  EXPECT_TRUE(std::isnan(mfma00(bf16, {big, -big}, {big, big}, 0.0f, true)));
}

// The dot2 chain: NaN and infinity as IEEE arithmetic gives them, step by
// step; an overflow of a step is infinity.
TEST(MatrixOpsNumerics, Dot2ChainSpecialValues) {
  const MatrixOp &op = getOp("llvm.amdgcn.wmma.f16.16x16x16.f16", "gfx1100");
  auto c = [](unsigned i, unsigned) {
    return uint32_t(f16Bits(i == 2 ? 65504.0 : 0.0));
  };
  auto b = [](unsigned, unsigned) { return uint32_t(f16Bits(1)); };
  // Row 0: a NaN. Row 1: +inf then -inf (NaN). Row 2: 65504 + 16 = inf.
  auto a = [](unsigned i, unsigned k) {
    double v = 0;
    if (i == 0 && k == 3)
      v = NAN;
    if (i == 1)
      v = k == 0 ? INFINITY : (k == 5 ? -INFINITY : 0.0);
    if (i == 2 && k == 0)
      v = 16;
    return uint32_t(f16Bits(v));
  };
  std::vector<uint32_t> d = run(op, a, b, c);
  EXPECT_TRUE(std::isnan(f16Value(uint16_t(d[0]))));
  EXPECT_TRUE(std::isnan(f16Value(uint16_t(d[16]))));
  EXPECT_EQ(f16Value(uint16_t(d[32])), INFINITY);
}

// f32 MFMA: fma(2^-12, 2^-12, 1) ties back to 1, twice; rounding the exact
// sum once gives 1 + 2^-23.
TEST(MatrixOpsNumerics, CdnaF32MfmaIsAChainOfFmas) {
  for (const char *chip : {"gfx908", "gfx90a", "gfx942"}) {
    const MatrixOp &op = getOp("llvm.amdgcn.mfma.f32.16x16x4f32", chip);
    auto a = [](unsigned i, unsigned k) {
      return f32Bits(i == 0 && k < 2 ? 0x1p-12f : 0.0f);
    };
    auto b = [](unsigned k, unsigned j) {
      return f32Bits(j == 0 && k < 2 ? 0x1p-12f : 0.0f);
    };
    std::vector<uint32_t> d =
        run(op, a, b, [](unsigned, unsigned) { return f32Bits(1.0f); });
    EXPECT_EQ(f32Value(d[0]), 1.0f) << chip;
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// The vector form of the CDNA3 groups (the emulator's fast path)
//===----------------------------------------------------------------------===//

#include "Semantics/FloatFormats.h"
#include "Semantics/MatrixOpsImpl.h"

#include <random>

namespace {

/// cdna3FusedBlock (four columns at a time, AVX2) against the element by
/// element model, bit for bit, on random f16 or bf16 inputs over their whole
/// finite range (zeros and subnormals included) and C values from zero and
/// f32 subnormals to large ones, over two groups of K.
void checkVectorForm(emu::ElemType type, unsigned seed) {
  namespace mo = emu::matrixops;
  const unsigned M = 32, N = 32, K = 16;
  std::mt19937 rng(seed);
  auto input = [&]() -> double {
    if (rng() % 5 == 0)
      return 0.0;
    for (;;) {
      uint16_t bits = uint16_t(rng());
      if (type == emu::ElemType::F16) {
        if ((bits & 0x7C00) != 0x7C00)
          return emu::decodeF16(bits);
      } else {
        // bf16 exponents up to 2^60, so that no product reaches 2^127.
        unsigned e = (bits >> 7) & 0xFF;
        if (e < 127 + 60)
          return emu::decodeBF16(bits);
      }
    }
  };
  std::vector<double> A(M * K), B(K * N), C(M * N), D(M * N);
  for (double &v : A)
    v = input();
  for (double &v : B)
    v = input();
  for (double &v : C) {
    switch (rng() % 4) {
    case 0:
      v = 0.0;
      break;
    case 1:
      v = std::ldexp(double(rng() % 1000) - 500, -140); // f32 subnormals
      break;
    default:
      v = double(float(std::ldexp(double(int32_t(rng())), int(rng() % 60) - 40)));
    }
  }
  if (!mo::cdna3FusedBlock(type, A.data(), B.data(), C.data(), M, N, K,
                           D.data()))
    GTEST_SKIP() << "no AVX2 on this host";
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j) {
      double a[K], b[K];
      for (unsigned k = 0; k < K; ++k) {
        a[k] = A[i * K + k];
        b[k] = B[k * N + j];
      }
      double want = mo::accumulate(mo::Accumulation::Cdna3Fused, type,
                                   emu::ElemType::F32, a, b, K, C[i * N + j]);
      float w = float(want), got = float(D[i * N + j]);
      uint32_t wb, gb;
      std::memcpy(&wb, &w, 4);
      std::memcpy(&gb, &got, 4);
      ASSERT_EQ(gb, wb) << "element (" << i << ", " << j << "): " << got
                        << " vs " << w;
    }
}

} // namespace

TEST(MatrixOpsNumerics, Cdna3FusedVectorFormIsTheScalarModelF16) {
  for (unsigned seed = 1; seed <= 20; ++seed)
    checkVectorForm(emu::ElemType::F16, seed);
}

TEST(MatrixOpsNumerics, Cdna3FusedVectorFormIsTheScalarModelBF16) {
  for (unsigned seed = 1; seed <= 20; ++seed)
    checkVectorForm(emu::ElemType::BF16, seed);
}

//===----------------------------------------------------------------------===//
// The host-vector products of the instructions that round once
//===----------------------------------------------------------------------===//

namespace {

/// blockTimesB on each of the host's loops (AVX-512, AVX2 and the row loop)
/// against the sums written out one product at a time, bit for bit in
/// double, on f16 inputs over their whole range with zeros, subnormals and
/// infinities (so that some sums are NaN: those must be NaN in both), C
/// from zero and f32 subnormals to large values, dense and with random 2:4
/// positions (groups of four where A's two values are both zero or one is:
/// groups with 0 or 1 non-zeros). The shapes of RDNA WMMA/SWMMAC (16 x 16)
/// and of CDNA's 32 x 32 blocks, and M = 4 or 12 rows (a remainder row loop).
void checkProducts(unsigned M, unsigned N, unsigned kA, bool sparse,
                   unsigned seed) {
  namespace mo = emu::matrixops;
  std::mt19937 rng(seed);
  // About one operand in 200 infinite: most sums stay finite.
  auto input = [&]() -> double {
    unsigned kind = rng() % 200;
    if (kind == 0)
      return rng() % 2 ? INFINITY : -INFINITY;
    if (kind < 25)
      return 0.0;
    if (kind < 50) // subnormal
      return emu::decodeF16(uint16_t(rng() % 0x3FF | (rng() % 2) << 15));
    for (;;) {
      uint16_t bits = uint16_t(rng());
      if ((bits & 0x7C00) != 0x7C00)
        return emu::decodeF16(bits);
    }
  };
  unsigned K = sparse ? 2 * kA : kA;
  std::vector<double> A(M * kA), B(K * N), C(M * N);
  std::vector<uint8_t> pos(sparse ? M * kA : 0);
  for (double &v : A)
    v = input();
  for (double &v : B)
    v = input();
  for (double &v : C)
    switch (rng() % 4) {
    case 0:
      v = 0.0;
      break;
    case 1:
      v = std::ldexp(double(rng() % 1000) - 500, -140);
      break;
    default:
      v = double(float(std::ldexp(double(int32_t(rng())), int(rng() % 60) - 40)));
    }
  for (unsigned i = 0; i < M && sparse; ++i)
    for (unsigned g = 0; g < kA / 2; ++g) {
      // Two distinct positions of four, in order; one or both values zero
      // now and then.
      unsigned p0 = rng() % 3, p1 = p0 + 1 + rng() % (3 - p0);
      pos[i * kA + 2 * g] = uint8_t(p0);
      pos[i * kA + 2 * g + 1] = uint8_t(p1);
      if (rng() % 4 == 0)
        A[i * kA + 2 * g] = 0.0;
      if (rng() % 8 == 0)
        A[i * kA + 2 * g + 1] = 0.0;
    }
  std::vector<double> want(M * N);
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j) {
      double sum = 0.0;
      for (unsigned kc = 0; kc < kA; ++kc) {
        unsigned k = sparse ? 4 * (kc / 2) + pos[i * kA + kc] : kc;
        double product = A[i * kA + kc] * B[k * N + j];
        sum += product;
      }
      want[i * N + j] = sum + C[i * N + j];
    }
  unsigned finite = 0;
  for (double v : want)
    finite += std::isfinite(v);
  EXPECT_GT(finite, M * N / 2) << "the inputs make too few finite sums";
  for (mo::VectorPath path :
       {mo::VectorPath::Avx512, mo::VectorPath::Avx2, mo::VectorPath::Rows}) {
    std::vector<double> D(M * N, -1.0);
    if (!mo::blockTimesB(path, D.data(), A.data(), B.data(), C.data(),
                         sparse ? pos.data() : nullptr, M, N, kA))
      continue; // not this host's, or not this N
    for (unsigned e = 0; e < M * N; ++e) {
      if (std::isnan(want[e])) {
        ASSERT_TRUE(std::isnan(D[e])) << "path " << int(path) << ", element "
                                      << e << ": " << D[e];
        continue;
      }
      uint64_t wb, gb;
      std::memcpy(&wb, &want[e], 8);
      std::memcpy(&gb, &D[e], 8);
      ASSERT_EQ(gb, wb) << "path " << int(path) << ", element (" << e / N
                        << ", " << e % N << "): " << D[e] << " vs " << want[e];
    }
  }
}

} // namespace

TEST(MatrixOpsNumerics, RoundOnceVectorProductsAreTheScalarSums) {
  for (unsigned seed = 1; seed <= 10; ++seed)
    for (bool sparse : {false, true}) {
      checkProducts(16, 16, sparse ? 16 : 16, sparse, seed);
      checkProducts(32, 32, 8, sparse, seed);
      checkProducts(12, 16, 8, sparse, seed);
      checkProducts(4, 32, 4, sparse, seed);
      checkProducts(4, 4, 4, sparse, seed); // the row loop only
    }
}
