//===- MatrixOpsNumerics.cpp - Element formats and accumulation -----------===//
//
// Decoding the input element formats of the matrix instructions to doubles
// (exactly) and integers, rounding results to the accumulator format, and
// the accumulation models: where each family rounds while it sums along K.
// docs/Emulator.md ("Numerics") has the table of models and their sources.
//
//===----------------------------------------------------------------------===//

#include "MatrixOpsImpl.h"

#include "llvm/ADT/APInt.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace mlir::mcore::emu::matrixops {

bool isFloatType(ElemType t) {
  return t != ElemType::I8 && t != ElemType::I4 && t != ElemType::I32;
}

int64_t decodeInt(ElemType t, uint64_t bits, bool isSigned) {
  switch (t) {
  case ElemType::I8:
    return isSigned ? int64_t(int8_t(uint8_t(bits))) : int64_t(uint8_t(bits));
  case ElemType::I4: {
    int64_t v = int64_t(bits & 0xF);
    return isSigned && v >= 8 ? v - 16 : v;
  }
  case ElemType::I32:
    return int64_t(int32_t(uint32_t(bits)));
  default:
    return 0;
  }
}
/// Decodes `n` elements of type `t` at `locs` (lanes remapped through
/// `laneMap` when given) into doubles.
void gatherFloat(ElemType t, Fp8Format f8, const Loc *locs, size_t n,
                 const uint8_t *laneMap, const uint8_t *const *lanes,
                 double *out) {
  auto lanePtr = [&](const Loc &l) {
    return lanes[laneMap ? laneMap[l.lane] : l.lane] + l.bit / 8;
  };
  switch (t) {
  case ElemType::F16: {
    const float *table = getF16Table();
    for (size_t e = 0; e < n; ++e) {
      uint16_t v;
      std::memcpy(&v, lanePtr(locs[e]), 2);
      out[e] = table[v];
    }
    return;
  }
  case ElemType::BF16:
    for (size_t e = 0; e < n; ++e) {
      uint16_t v;
      std::memcpy(&v, lanePtr(locs[e]), 2);
      out[e] = decodeBF16(v);
    }
    return;
  case ElemType::FP8:
  case ElemType::BF8: {
    const float *table = getFp8Table(f8);
    for (size_t e = 0; e < n; ++e)
      out[e] = table[*lanePtr(locs[e])];
    return;
  }
  case ElemType::F32:
    for (size_t e = 0; e < n; ++e) {
      float v;
      std::memcpy(&v, lanePtr(locs[e]), 4);
      out[e] = v;
    }
    return;
  case ElemType::F64:
    for (size_t e = 0; e < n; ++e)
      std::memcpy(&out[e], lanePtr(locs[e]), 8);
    return;
  default:
    return;
  }
}

/// Rounds `n` results to type `t` and writes them at `locs`.
void scatterFloat(ElemType t, const Loc *locs, size_t n, const double *v,
                  uint8_t *const *lanes) {
  for (size_t e = 0; e < n; ++e) {
    uint8_t *p = lanes[locs[e].lane] + locs[e].bit / 8;
    switch (t) {
    case ElemType::F32: {
      float f = float(v[e]);
      std::memcpy(p, &f, 4);
      break;
    }
    case ElemType::F16: {
      uint16_t h = encodeF16(v[e]);
      std::memcpy(p, &h, 2);
      break;
    }
    case ElemType::BF16: {
      uint16_t h = encodeBF16(v[e]);
      std::memcpy(p, &h, 2);
      break;
    }
    case ElemType::F64:
      std::memcpy(p, &v[e], 8);
      break;
    default:
      break;
    }
  }
}

//===----------------------------------------------------------------------===//
// Accumulation models
//===----------------------------------------------------------------------===//

Accumulation getAccumulation(const Spec &s, const Target &target) {
  bool cdna123 = target.arch == GpuArch::CDNA1 ||
                 target.arch == GpuArch::CDNA2 ||
                 target.arch == GpuArch::CDNA3;
  if (s.family == MatrixFamily::MFMA) {
    // f64 MFMA: a chain of fused multiply-adds (as before MMA-Sim, which
    // finds the same on CDNA1-3). f32 MFMA on CDNA1-3: MMA-Sim's MMA_FMA.
    if (s.a == ElemType::F64 || (s.a == ElemType::F32 && cdna123))
      return Accumulation::FmaChain;
    if (target.arch == GpuArch::CDNA3 &&
        (s.a == ElemType::F16 || s.a == ElemType::BF16))
      return Accumulation::Cdna3Fused;
  }
  // RDNA3 WMMA with a 16-bit accumulator: the dot2 chain (gfx11 hardware
  // values of llvm-project's mlir/test/Integration/GPU/ROCM/WMMA tests).
  if (s.family == MatrixFamily::WMMA && target.arch == GpuArch::RDNA3 &&
      (s.c == ElemType::F16 || s.c == ElemType::BF16))
    return Accumulation::Dot2Chain;
  return Accumulation::RoundOnce;
}

namespace {

/// Rounds (-1)^neg * (top * 2^exp2 + below), where `top` has its highest set
/// bit at 63 and `sticky` says whether `below` (less than 2^exp2) is not
/// zero, to nearest even in a format with `p` significand bits, smallest
/// normal exponent `emin` and largest finite value `maxFinite`.
double roundNearestEven(bool neg, uint64_t top, int exp2, bool sticky,
                        unsigned p, int emin, double maxFinite) {
  int e = 63 + exp2;                        // exponent of the leading bit
  int q = std::max(e, emin) - int(p - 1);   // exponent of the last place
  int drop = q - exp2;                      // >= 64 - p: always positive
  uint64_t kept, rem, half;
  if (drop >= 65) {
    kept = 0;
    rem = 1; // below half
    half = 2;
  } else if (drop == 64) {
    kept = 0;
    rem = top;
    half = uint64_t(1) << 63;
  } else {
    kept = top >> drop;
    rem = top & ((uint64_t(1) << drop) - 1);
    half = uint64_t(1) << (drop - 1);
  }
  bool up = rem > half || (rem == half && (sticky || (kept & 1)));
  double r = std::ldexp(double(kept + (up ? 1 : 0)), q);
  if (r > maxFinite)
    r = INFINITY;
  return neg ? -r : r;
}

/// The exact value m * 2^e of a finite double (m a 53-bit integer).
void splitDouble(double x, int64_t &m, int &e) {
  int ex;
  double f = std::frexp(x, &ex);
  m = int64_t(std::ldexp(f, 53));
  e = ex - 53;
}

/// Calls f(m, shift) for every non-zero term, m * 2^shift being the term
/// scaled by 2^scale (an integer when the term is a multiple of 2^-scale).
template <typename F>
void forEachScaled(const double *terms, unsigned n, int scale, F f) {
  for (unsigned i = 0; i < n; ++i) {
    if (terms[i] == 0)
      continue;
    int64_t m;
    int e;
    splitDouble(terms[i], m, e);
    f(m, e + scale);
  }
}

/// Rounds the sum of `terms` (finite doubles that are all multiples of
/// 2^-48 and below 2^70 in magnitude: f16 values and their products)
/// exactly to f16.
double exactSumToF16(const double *terms, unsigned n) {
  __int128 sum = 0;
  forEachScaled(terms, n, 48, [&](int64_t m, int shift) {
    __int128 v = m;
    // exact: a multiple; a multiplication, as v may be negative (C++17 <<
    // of a negative value is undefined).
    sum += shift >= 0 ? v * (__int128(1) << shift) : v >> -shift;
  });
  if (sum == 0)
    return 0.0;
  bool neg = sum < 0;
  unsigned __int128 mag = neg ? -static_cast<unsigned __int128>(sum)
                              : static_cast<unsigned __int128>(sum);
  uint64_t hi = uint64_t(mag >> 64), lo = uint64_t(mag);
  int msb = hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(lo);
  uint64_t top;
  bool sticky;
  if (msb >= 63) {
    top = uint64_t(mag >> (msb - 63));
    unsigned __int128 mask =
        (static_cast<unsigned __int128>(1) << (msb - 63)) - 1;
    sticky = (mag & mask) != 0;
  } else {
    top = lo << (63 - msb);
    sticky = false;
  }
  return roundNearestEven(neg, top, msb - 63 - 48, sticky, 11, -14, 65504.0);
}

/// Rounds the sum of `terms` (finite doubles that are multiples of 2^-266
/// and below 2^300: bf16 values and their products) exactly to bf16.
double exactSumToBF16(const double *terms, unsigned n) {
  constexpr unsigned kWidth = 640, kScale = 266;
  llvm::APInt sum(kWidth, 0);
  forEachScaled(terms, n, int(kScale), [&](int64_t m, int shift) {
    llvm::APInt v(kWidth, uint64_t(m < 0 ? -m : m));
    v = shift >= 0 ? v.shl(unsigned(shift)) : v.lshr(unsigned(-shift));
    if (m < 0)
      sum -= v;
    else
      sum += v;
  });
  if (sum.isZero())
    return 0.0;
  bool neg = sum.isNegative();
  llvm::APInt mag = neg ? -sum : sum;
  int msb = int(mag.getActiveBits()) - 1;
  uint64_t top;
  bool sticky = false;
  if (msb >= 63) {
    top = mag.lshr(unsigned(msb - 63)).trunc(64).getZExtValue();
    sticky = int(mag.countr_zero()) < msb - 63;
  } else {
    top = mag.trunc(64).getZExtValue() << (63 - msb);
  }
  const double maxBF16 = std::ldexp(255.0, 120); // 0x7F7F
  return roundNearestEven(neg, top, msb - 63 - int(kScale), sticky, 8, -126,
                          maxBF16);
}

/// The dot2 chain of a 16-bit accumulator.
double dot2Chain(ElemType cType, const double *a, const double *b, unsigned n,
                 double c) {
  double acc = c;
  for (unsigned k = 0; k < n; k += 2) {
    double t[3] = {acc, a[k] * b[k], k + 1 < n ? a[k + 1] * b[k + 1] : 0.0};
    if (!std::isfinite(t[0]) || !std::isfinite(t[1]) || !std::isfinite(t[2])) {
      // NaN and infinities as IEEE arithmetic gives them (inf - inf: NaN).
      double v = t[0] + t[1] + t[2];
      acc = cType == ElemType::F16 ? decodeF16(encodeF16(v))
                                   : double(decodeBF16(encodeBF16(v)));
      continue;
    }
    acc = cType == ElemType::F16 ? exactSumToF16(t, 3) : exactSumToBF16(t, 3);
  }
  return acc;
}

/// The exponent MMA-Sim gives an input: floor(log2 |x|), at least the
/// format's smallest normal exponent `minExp` (subnormals), INT_MIN for 0.
int inputExponent(double x, int minExp) {
  if (x == 0)
    return INT_MIN;
  int e;
  std::frexp(x, &e);
  return std::max(e - 1, minExp);
}

/// One group of CDNA3's fused dot-add (MMA-Sim, mmasim/simulator:
/// amd_fused_dot_add with 24 fraction bits): the products aligned to the
/// largest input-exponent sum and truncated to 24 fraction bits there,
/// summed; the sum aligned to max(that exponent, C's) with 31 fraction bits
/// and C with 24, both rounded toward minus infinity; their sum rounded to
/// nearest even in f32.
float cdna3FusedGroup(int minExp, const double *a, const double *b,
                      unsigned n, float c) {
  bool nonFinite = !std::isfinite(c);
  double ieee = c;
  for (unsigned i = 0; i < n; ++i) {
    nonFinite |= !std::isfinite(a[i]) || !std::isfinite(b[i]);
    ieee += a[i] * b[i];
  }
  if (nonFinite)
    return float(ieee); // NaN and infinities propagate
  bool posInf = false, negInf = false;
  int emax = INT_MIN;
  for (unsigned i = 0; i < n; ++i) {
    double p = a[i] * b[i];
    if (p >= 0x1p128)
      posInf = true;
    else if (p <= -0x1p128)
      negInf = true;
    if (p != 0)
      emax = std::max(emax,
                      inputExponent(a[i], minExp) + inputExponent(b[i], minExp));
  }
  if (posInf || negInf)
    return posInf && negInf ? NAN : (posInf ? INFINITY : -INFINITY);
  constexpr int F = 24, F2 = 31;
  // The products' sum, in units of 2^(emax - F).
  double s = 0;
  if (emax != INT_MIN)
    for (unsigned i = 0; i < n; ++i)
      s += std::trunc(std::ldexp(a[i] * b[i], F - emax));
  int ec = inputExponent(c, -126);
  int e = std::max(emax, ec);
  if (e == INT_MIN)
    return 0.0f;
  // In units of 2^(e - F2): the sum floored to 31 fraction bits, C to 24.
  double sum = emax == INT_MIN ? 0.0 : std::floor(std::ldexp(s, F2 - F + emax - e));
  double sc = std::floor(std::ldexp(double(c), F - e));
  return float(std::ldexp(sum + std::ldexp(sc, F2 - F), e - F2));
}

} // namespace

double accumulate(Accumulation acc, ElemType aType, ElemType cType,
                  const double *a, const double *b, unsigned n, double c) {
  switch (acc) {
  case Accumulation::FmaChain:
    if (cType == ElemType::F64) {
      for (unsigned k = 0; k < n; ++k)
        c = std::fma(a[k], b[k], c);
      return c;
    } else {
      float f = float(c);
      for (unsigned k = 0; k < n; ++k)
        f = std::fmaf(float(a[k]), float(b[k]), f);
      return f;
    }
  case Accumulation::Dot2Chain:
    return dot2Chain(cType, a, b, n, c);
  case Accumulation::Cdna3Fused: {
    int minExp = aType == ElemType::F16 ? -14 : -126;
    unsigned group = std::min(8u, n);
    float f = float(c);
    for (unsigned k = 0; k < n; k += group)
      f = cdna3FusedGroup(minExp, a + k, b + k, std::min(group, n - k), f);
    return f;
  }
  case Accumulation::RoundOnce:
    break;
  }
  double sum = c;
  for (unsigned k = 0; k < n; ++k)
    sum += a[k] * b[k];
  return sum;
}

} // namespace mlir::mcore::emu::matrixops
