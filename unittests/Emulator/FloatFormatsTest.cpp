//===- FloatFormatsTest.cpp - Small float formats vs. llvm::APFloat -------===//
//
// The emulator decodes f16, bf16 and the four fp8 formats with tables and
// rounds results to f16, bf16 and fp8 with its own code
// (lib/Emulator/Semantics/FloatFormats.cpp). These tests compare both with
// llvm::APFloat, exhaustively for decoding and on many values (ties,
// subnormals, overflow, specials) for rounding.
//
//===----------------------------------------------------------------------===//

#include "Semantics/FloatFormats.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/bit.h"

#include "gtest/gtest.h"

#include <cmath>
#include <random>
#include <vector>

using namespace mlir::mcore::emu;

namespace {

const llvm::fltSemantics &sem(Fp8Format f) {
  switch (f) {
  case Fp8Format::E4M3FN:
    return llvm::APFloat::Float8E4M3FN();
  case Fp8Format::E5M2:
    return llvm::APFloat::Float8E5M2();
  case Fp8Format::E4M3FNUZ:
    return llvm::APFloat::Float8E4M3FNUZ();
  case Fp8Format::E5M2FNUZ:
    return llvm::APFloat::Float8E5M2FNUZ();
  }
  return llvm::APFloat::Float8E4M3FN();
}

double toDouble(const llvm::fltSemantics &s, unsigned bits, uint64_t v) {
  llvm::APFloat f(s, llvm::APInt(bits, v));
  bool lost;
  f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return f.convertToDouble();
}

/// APFloat's round-to-nearest-even of x into s, as bits; NaN for overflow
/// when the format has no infinity.
uint64_t fromDouble(const llvm::fltSemantics &s, double x) {
  llvm::APFloat f(x);
  bool lost;
  f.convert(s, llvm::APFloat::rmNearestTiesToEven, &lost);
  return f.bitcastToAPInt().getZExtValue();
}

void expectSame(double want, double got, const char *what, uint64_t bits) {
  if (std::isnan(want)) {
    EXPECT_TRUE(std::isnan(got)) << what << " " << bits;
    return;
  }
  EXPECT_EQ(want, got) << what << " " << bits;
  EXPECT_EQ(std::signbit(want), std::signbit(got)) << what << " " << bits;
}

TEST(FloatFormats, DecodeF16AndBF16Exhaustively) {
  for (uint32_t b = 0; b < 65536; ++b) {
    expectSame(toDouble(llvm::APFloat::IEEEhalf(), 16, b), decodeF16(b), "f16",
               b);
    expectSame(toDouble(llvm::APFloat::BFloat(), 16, b), decodeBF16(b), "bf16",
               b);
  }
}

TEST(FloatFormats, DecodeFp8Exhaustively) {
  for (Fp8Format f : {Fp8Format::E4M3FN, Fp8Format::E5M2, Fp8Format::E4M3FNUZ,
                      Fp8Format::E5M2FNUZ})
    for (uint32_t b = 0; b < 256; ++b)
      expectSame(toDouble(sem(f), 8, b), decodeFp8(uint8_t(b), f), "fp8", b);
}

/// Values that exercise rounding: every representable value of the format
/// and the midpoints and quarter points between neighbours (ties go to even),
/// beyond the largest value, random doubles, specials.
std::vector<double> probes(const llvm::fltSemantics &s, unsigned bits) {
  std::vector<double> v;
  for (uint64_t b = 0; b < (uint64_t(1) << bits); b += bits == 16 ? 7 : 1) {
    double x = toDouble(s, bits, b);
    double y = toDouble(s, bits, b + 1);
    if (!std::isfinite(x))
      continue;
    v.push_back(x);
    if (std::isfinite(y) && std::signbit(x) == std::signbit(y)) {
      v.push_back((x + y) / 2);
      v.push_back(x + (y - x) / 4);
      v.push_back(x + 3 * (y - x) / 4);
    }
  }
  std::mt19937_64 rng(3);
  for (int i = 0; i < 20000; ++i) {
    double m = std::uniform_real_distribution<double>(-2, 2)(rng);
    int e = int(rng() % 80) - 40;
    v.push_back(std::ldexp(m, e));
  }
  for (double x : {0.0, -0.0, 1e300, -1e300, 1e-300, double(INFINITY),
                   -double(INFINITY),
                   double(NAN), 65504.0, 65519.99, 65520.0, 448.0, 464.0,
                   464.01, 240.0, 248.0, 57344.0, 61440.0})
    v.push_back(x);
  return v;
}

TEST(FloatFormats, RoundToF16AndBF16LikeAPFloat) {
  for (double x : probes(llvm::APFloat::IEEEhalf(), 16))
    expectSame(toDouble(llvm::APFloat::IEEEhalf(), 16,
                        fromDouble(llvm::APFloat::IEEEhalf(), x)),
               decodeF16(encodeF16(x)), "f16 of", llvm::bit_cast<uint64_t>(x));
  for (double x : probes(llvm::APFloat::BFloat(), 16))
    expectSame(toDouble(llvm::APFloat::BFloat(), 16,
                        fromDouble(llvm::APFloat::BFloat(), x)),
               decodeBF16(encodeBF16(x)), "bf16 of", llvm::bit_cast<uint64_t>(x));
}

TEST(FloatFormats, RoundToFp8LikeAPFloat) {
  for (Fp8Format f : {Fp8Format::E4M3FN, Fp8Format::E5M2, Fp8Format::E4M3FNUZ,
                      Fp8Format::E5M2FNUZ}) {
    const llvm::fltSemantics &s = sem(f);
    double largest = llvm::APFloat::getLargest(s).convertToDouble();
    for (double x : probes(s, 8)) {
      // Without saturation: APFloat's round to nearest even (overflow gives
      // infinity or, without one, NaN).
      expectSame(toDouble(s, 8, fromDouble(s, x)),
                 decodeFp8(encodeFp8(x, f, false), f), "fp8 of", llvm::bit_cast<uint64_t>(x));
      // Saturating: values beyond the largest finite clamp to it.
      double sat = decodeFp8(encodeFp8(x, f, true), f);
      if (std::isnan(x))
        EXPECT_TRUE(std::isnan(sat));
      else if (std::fabs(x) > largest)
        EXPECT_EQ(sat, std::copysign(largest, x)) << x;
      else
        expectSame(toDouble(s, 8, fromDouble(s, x)), sat, "sat fp8 of",
                   llvm::bit_cast<uint64_t>(x));
    }
  }
}

} // namespace
