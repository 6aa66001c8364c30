//===- FloatFormats.cpp - Small float formats, bit-exact ------------------===//

#include "FloatFormats.h"

#include <cmath>
#include <limits>

using namespace mlir::mcore::emu;

namespace {

/// A binary floating-point format with `expBits` exponent and `mantBits`
/// fraction bits, at most 16 bits wide.
struct MiniFormat {
  int expBits;
  int mantBits;
  int bias;
  enum Kind { IEEE, FN, FNUZ } kind;

  int totalBits() const { return 1 + expBits + mantBits; }
  unsigned maxExpField() const { return (1u << expBits) - 1; }
  /// Largest finite (exponent field, mantissa) pair.
  void maxFinite(unsigned &e, unsigned &m) const {
    unsigned allOnes = (1u << mantBits) - 1;
    switch (kind) {
    case IEEE:
      e = maxExpField() - 1;
      m = allOnes;
      return;
    case FN: // the all-ones pattern is NaN
      e = maxExpField();
      m = allOnes - 1;
      return;
    case FNUZ:
      e = maxExpField();
      m = allOnes;
      return;
    }
  }
  uint32_t nanBits(bool negative) const {
    unsigned signBit = 1u << (totalBits() - 1);
    switch (kind) {
    case IEEE: // quiet NaN
      return (negative ? signBit : 0) | (maxExpField() << mantBits) |
             (1u << (mantBits - 1));
    case FN:
      return (negative ? signBit : 0) | (maxExpField() << mantBits) |
             ((1u << mantBits) - 1);
    case FNUZ:
      return signBit;
    }
    return 0;
  }

  double decode(uint32_t bits) const {
    unsigned signBit = 1u << (totalBits() - 1);
    bool neg = bits & signBit;
    unsigned e = (bits >> mantBits) & maxExpField();
    unsigned m = bits & ((1u << mantBits) - 1);
    double s = neg ? -1.0 : 1.0;
    switch (kind) {
    case IEEE:
      if (e == maxExpField())
        return m ? std::numeric_limits<double>::quiet_NaN()
                 : s * std::numeric_limits<double>::infinity();
      break;
    case FN:
      if (e == maxExpField() && m == (1u << mantBits) - 1)
        return std::numeric_limits<double>::quiet_NaN();
      break;
    case FNUZ:
      if (bits == signBit)
        return std::numeric_limits<double>::quiet_NaN();
      break;
    }
    if (e == 0)
      return s * std::ldexp(double(m), 1 - bias - mantBits);
    return s * std::ldexp(double(m | (1u << mantBits)), int(e) - bias - mantBits);
  }

  uint32_t encode(double x, bool saturate) const {
    unsigned signBit = 1u << (totalBits() - 1);
    bool neg = std::signbit(x);
    if (std::isnan(x))
      return nanBits(neg);
    uint32_t sign = neg ? signBit : 0;
    unsigned maxE, maxM;
    maxFinite(maxE, maxM);
    auto overflow = [&]() -> uint32_t {
      if (saturate)
        return sign | (maxE << mantBits) | maxM;
      if (kind == IEEE)
        return sign | (maxExpField() << mantBits);
      return nanBits(neg);
    };
    double ax = std::fabs(x);
    if (std::isinf(ax))
      return overflow();
    if (ax == 0.0)
      return kind == FNUZ ? 0 : sign;
    int minExp = 1 - bias; // exponent of the smallest normal
    int e;
    (void)std::frexp(ax, &e);
    --e; // ax = 1.f * 2^e
    uint32_t expField, mant;
    if (e < minExp) {
      // Subnormal: integer multiples of 2^(minExp - mantBits). The scaling is
      // exact, nearbyint rounds to nearest even (the default mode).
      double q = std::nearbyint(std::ldexp(ax, mantBits - minExp));
      uint32_t r = uint32_t(q);
      if (r == 0)
        return kind == FNUZ ? 0 : sign;
      // r == 2^mantBits is the smallest normal, which this encodes as well.
      return sign | r;
    }
    double q = std::nearbyint(std::ldexp(ax, mantBits - e));
    uint64_t r = uint64_t(q);
    if (r == (uint64_t(1) << (mantBits + 1))) {
      ++e;
      r >>= 1;
    }
    int64_t ef = int64_t(e) + bias;
    if (ef > int64_t(maxE))
      return overflow();
    expField = uint32_t(ef);
    mant = uint32_t(r - (uint64_t(1) << mantBits));
    if (expField == maxE && mant > maxM)
      return overflow();
    return sign | (expField << mantBits) | mant;
  }
};

constexpr MiniFormat kF16 = {5, 10, 15, MiniFormat::IEEE};
constexpr MiniFormat kBF16 = {8, 7, 127, MiniFormat::IEEE};
constexpr MiniFormat kE4M3FN = {4, 3, 7, MiniFormat::FN};
constexpr MiniFormat kE5M2 = {5, 2, 15, MiniFormat::IEEE};
constexpr MiniFormat kE4M3FNUZ = {4, 3, 8, MiniFormat::FNUZ};
constexpr MiniFormat kE5M2FNUZ = {5, 2, 16, MiniFormat::FNUZ};

const MiniFormat &getFp8(Fp8Format f) {
  switch (f) {
  case Fp8Format::E4M3FN:
    return kE4M3FN;
  case Fp8Format::E5M2:
    return kE5M2;
  case Fp8Format::E4M3FNUZ:
    return kE4M3FNUZ;
  case Fp8Format::E5M2FNUZ:
    return kE5M2FNUZ;
  }
  return kE4M3FN;
}

struct Tables {
  float f16[65536];
  float fp8[4][256];
  Tables() {
    for (uint32_t i = 0; i < 65536; ++i)
      f16[i] = float(kF16.decode(i));
    for (unsigned f = 0; f < 4; ++f)
      for (uint32_t i = 0; i < 256; ++i)
        fp8[f][i] = float(getFp8(Fp8Format(f)).decode(i));
  }
};

const Tables &getTables() {
  static const Tables *tables = new Tables();
  return *tables;
}

} // namespace

const float *mlir::mcore::emu::getF16Table() { return getTables().f16; }

const float *mlir::mcore::emu::getFp8Table(Fp8Format format) {
  return getTables().fp8[unsigned(format)];
}

float mlir::mcore::emu::decodeF16(uint16_t bits) {
  return getTables().f16[bits];
}

float mlir::mcore::emu::decodeFp8(uint8_t bits, Fp8Format format) {
  return getTables().fp8[unsigned(format)][bits];
}

uint16_t mlir::mcore::emu::encodeF16(double x) {
  return uint16_t(kF16.encode(x, /*saturate=*/false));
}

uint16_t mlir::mcore::emu::encodeBF16(double x) {
  return uint16_t(kBF16.encode(x, /*saturate=*/false));
}

uint8_t mlir::mcore::emu::encodeFp8(double x, Fp8Format format,
                                    bool saturate) {
  return uint8_t(getFp8(format).encode(x, saturate));
}
