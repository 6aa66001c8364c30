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
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <climits>
#include <cmath>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

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
namespace {

/// Calls `visit(decode)` with the decoder of element type `t`:
/// decode(const uint8_t *p) is the exact value of the element at p.
template <typename Visit>
void withDecoder(ElemType t, Fp8Format f8, Visit visit) {
  switch (t) {
  case ElemType::F16: {
    const float *table = getF16Table();
    return visit([table](const uint8_t *p) {
      uint16_t v;
      std::memcpy(&v, p, 2);
      return double(table[v]);
    });
  }
  case ElemType::BF16:
    return visit([](const uint8_t *p) {
      uint16_t v;
      std::memcpy(&v, p, 2);
      return double(decodeBF16(v));
    });
  case ElemType::FP8:
  case ElemType::BF8: {
    const float *table = getFp8Table(f8);
    return visit([table](const uint8_t *p) { return double(table[*p]); });
  }
  case ElemType::F32:
    return visit([](const uint8_t *p) {
      float v;
      std::memcpy(&v, p, 4);
      return double(v);
    });
  case ElemType::F64:
    return visit([](const uint8_t *p) {
      double v;
      std::memcpy(&v, p, 8);
      return v;
    });
  case ElemType::XF32:
    // CDNA3's xf32 MFMA reads an f32 register with the low 13 significand
    // bits cleared: truncation toward zero to 10 fraction bits (MMA-Sim,
    // mmasim/simulator/functions.py truncate_to_tf32, `x >> 13 << 13` on
    // the bits; bit-exact against MI300 per its authors). An infinity stays
    // one; a NaN whose payload is all in those bits becomes an infinity.
    return visit([](const uint8_t *p) {
      uint32_t v;
      std::memcpy(&v, p, 4);
      return double(bitsFloat(v & ~0x1FFFu));
    });
  default:
    return;
  }
}

/// Calls `visit(encode)` with the encoder of accumulator type `t`:
/// encode(uint8_t *p, double x) rounds x to t and writes it at p.
template <typename Visit> void withEncoder(ElemType t, Visit visit) {
  switch (t) {
  case ElemType::F32:
    return visit([](uint8_t *p, double x) {
      float f = float(x);
      std::memcpy(p, &f, 4);
    });
  case ElemType::F16:
    return visit([](uint8_t *p, double x) {
      uint16_t h = encodeF16(x);
      std::memcpy(p, &h, 2);
    });
  case ElemType::BF16:
    return visit([](uint8_t *p, double x) {
      uint16_t h = encodeBF16(x);
      std::memcpy(p, &h, 2);
    });
  case ElemType::F64:
    return visit([](uint8_t *p, double x) { std::memcpy(p, &x, 8); });
  default:
    return;
  }
}

/// f16 to double eight at a time (F16C, AVX2) where the host has them:
/// exact, as the table.
#if defined(__x86_64__)
[[gnu::target("avx2,f16c")]] void
gatherF16Lanes(const int32_t *plan, unsigned perLane, unsigned wave,
               const uint8_t *laneMap, const uint8_t *const *lanes,
               double *out) {
  for (unsigned l = 0; l < wave; ++l) {
    const uint8_t *p = lanes[laneMap ? laneMap[l] : l];
    const int32_t *slots = plan + size_t(l) * perLane;
    unsigned s = 0;
    // Eight slots at a time: converted together, stored where the plan
    // says (consecutive elements for A's rows: one vector store each).
    for (; s + 8 <= perLane; s += 8) {
      __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 2 * s));
      __m256 f = _mm256_cvtph_ps(h);
      __m256d lo = _mm256_cvtps_pd(_mm256_castps256_ps128(f));
      __m256d hi = _mm256_cvtps_pd(_mm256_extractf128_ps(f, 1));
      const int32_t *e = slots + s;
      bool consecutive = e[0] >= 0;
      for (unsigned i = 1; i < 8 && consecutive; ++i)
        consecutive = e[i] == e[0] + int32_t(i);
      if (consecutive) {
        _mm256_storeu_pd(out + e[0], lo);
        _mm256_storeu_pd(out + e[0] + 4, hi);
        continue;
      }
      // Two runs of four (RDNA4's A: k 0-3 and 8-11 in one lane).
      auto run4 = [](const int32_t *f) {
        return f[0] >= 0 && f[1] == f[0] + 1 && f[2] == f[0] + 2 &&
               f[3] == f[0] + 3;
      };
      if (run4(e) && run4(e + 4)) {
        _mm256_storeu_pd(out + e[0], lo);
        _mm256_storeu_pd(out + e[4], hi);
        continue;
      }
      alignas(32) double v[8];
      _mm256_store_pd(v, lo);
      _mm256_store_pd(v + 4, hi);
      for (unsigned i = 0; i < 8; ++i)
        if (e[i] >= 0)
          out[e[i]] = v[i];
    }
    // Four at a time (the 4-slot A of CDNA's 16x16 instructions).
    for (; s + 4 <= perLane; s += 4) {
      const int32_t *e = slots + s;
      if (e[0] < 0 || e[1] != e[0] + 1 || e[2] != e[0] + 2 ||
          e[3] != e[0] + 3)
        break;
      __m128 f = _mm_cvtph_ps(
          _mm_loadl_epi64(reinterpret_cast<const __m128i *>(p + 2 * s)));
      _mm256_storeu_pd(out + e[0], _mm256_cvtps_pd(f));
    }
    for (; s < perLane; ++s) {
      if (slots[s] < 0)
        continue;
      uint16_t v;
      std::memcpy(&v, p + 2 * s, 2);
      out[slots[s]] = double(_cvtsh_ss(v));
    }
  }
}
const bool kHostHasF16C =
    __builtin_cpu_supports("f16c") && __builtin_cpu_supports("avx2");

/// The tiles of a LanePlan: rows r[0..7] of 8 doubles become the columns.
[[gnu::target("avx512f"), gnu::always_inline]] inline void
transpose8x8(__m512d r[8]) {
  __m512d t[8], u[8];
  for (unsigned i = 0; i < 8; i += 2) {
    t[i] = _mm512_unpacklo_pd(r[i], r[i + 1]);     // r_i[0] r_i+1[0] r_i[2]..
    t[i + 1] = _mm512_unpackhi_pd(r[i], r[i + 1]); // r_i[1] r_i+1[1] r_i[3]..
  }
  for (unsigned i = 0; i < 8; i += 4)
    for (unsigned h = 0; h < 2; ++h) {
      // Columns h, h + 4 (0x88) and h + 2, h + 6 (0xDD) of rows i..i+3.
      u[i + h] = _mm512_shuffle_f64x2(t[i + h], t[i + 2 + h], 0x88);
      u[i + 2 + h] = _mm512_shuffle_f64x2(t[i + h], t[i + 2 + h], 0xDD);
    }
  for (unsigned j = 0; j < 4; ++j) {
    r[j] = _mm512_shuffle_f64x2(u[j], u[j + 4], 0x88);
    r[j + 4] = _mm512_shuffle_f64x2(u[j], u[j + 4], 0xDD);
  }
}

/// Decodes the tiles of `p` (f32, or f16 with `isF16`) into `out`: each
/// lane's slots loaded and widened at once, transposed, stored a slot (8
/// lanes, consecutive elements) at a time. Exact, as the slot-by-slot
/// decoders.
[[gnu::target("avx512f,f16c")]] void
gatherTiles(bool isF16, const LanePlan &p, const uint8_t *laneMap,
            const uint8_t *const *lanes, double *out) {
  const unsigned T = p.tileSlots, bytes = isF16 ? 2 : 4;
  for (const PlanTile &t : p.tiles) {
    __m512d r[8];
    for (unsigned i = 0; i < 8; ++i) {
      unsigned lane = t.lane + i;
      const uint8_t *src = lanes[laneMap ? laneMap[lane] : lane] +
                           size_t(t.slot) * bytes;
      if (T == 8) {
        __m256 f = isF16 ? _mm256_cvtph_ps(_mm_loadu_si128(
                               reinterpret_cast<const __m128i *>(src)))
                         : _mm256_loadu_ps(reinterpret_cast<const float *>(src));
        r[i] = _mm512_cvtps_pd(f);
      } else {
        __m128 f = isF16 ? _mm_cvtph_ps(_mm_loadl_epi64(
                               reinterpret_cast<const __m128i *>(src)))
                         : _mm_loadu_ps(reinterpret_cast<const float *>(src));
        r[i] = _mm512_zextpd256_pd512(_mm256_cvtps_pd(f));
      }
    }
    transpose8x8(r);
    for (unsigned j = 0; j < T; ++j)
      _mm512_storeu_pd(out + t.base + int64_t(j) * t.stride, r[j]);
  }
}

/// Rounds the tiles' elements of `v` to f32 and writes them to the lanes:
/// a slot's 8 lanes loaded at once, transposed, each lane's slots rounded
/// (to nearest even, as float(x)) and stored at once.
[[gnu::target("avx512f")]] void scatterTilesF32(const LanePlan &p,
                                                const double *v,
                                                uint8_t *const *lanes) {
  const unsigned T = p.tileSlots;
  for (const PlanTile &t : p.tiles) {
    __m512d r[8];
    for (unsigned j = 0; j < 8; ++j)
      r[j] = j < T ? _mm512_loadu_pd(v + t.base + int64_t(j) * t.stride)
                   : _mm512_setzero_pd();
    transpose8x8(r);
    for (unsigned i = 0; i < 8; ++i) {
      __m256 f = _mm512_cvtpd_ps(r[i]);
      float *dst = reinterpret_cast<float *>(lanes[t.lane + i]) + t.slot;
      if (T == 8)
        _mm256_storeu_ps(dst, f);
      else
        _mm_storeu_ps(dst, _mm256_castps256_ps128(f));
    }
  }
}

const bool kHostHasTiles = __builtin_cpu_supports("avx512f") &&
                           __builtin_cpu_supports("f16c");
#endif

} // namespace

/// Decodes `n` elements of type `t` at `locs` (lanes remapped through
/// `laneMap` when given) into doubles.
void gatherFloat(ElemType t, Fp8Format f8, const Loc *locs, size_t n,
                 const uint8_t *laneMap, const uint8_t *const *lanes,
                 double *out) {
  withDecoder(t, f8, [&](auto decode) {
    for (size_t e = 0; e < n; ++e) {
      const Loc &l = locs[e];
      out[e] = decode(lanes[laneMap ? laneMap[l.lane] : l.lane] + l.bit / 8);
    }
  });
}

LanePlan makeLanePlan(const std::vector<Loc> &locs, unsigned bits,
                      unsigned bytes, unsigned wave) {
  LanePlan p;
  if (locs.empty() || bits < 8 || bits % 8)
    return p;
  const unsigned per = bytes * 8 / bits;
  p.index.assign(size_t(wave) * per, -1);
  for (size_t e = 0; e < locs.size(); ++e) {
    const Loc &l = locs[e];
    if (l.bit % bits || l.bit / bits >= per || l.lane >= wave)
      return LanePlan();
    p.index[size_t(l.lane) * per + l.bit / bits] = int32_t(e);
  }
  p.per = per;
  // The tiles: 8 lanes by 8 slots, else by 4 (the 32x32 MFMAs' C: rows
  // in groups of four), each lane a column of consecutive elements' rows
  // (see LanePlan).
  for (unsigned T : {8u, 4u}) {
    if (per % T || !p.tiles.empty())
      continue;
    p.rest = p.index;
    for (unsigned l0 = 0; l0 + 8 <= wave; l0 += 8)
      for (unsigned s0 = 0; s0 + T <= per; s0 += T) {
        auto at = [&](unsigned i, unsigned j) {
          return p.index[size_t(l0 + i) * per + s0 + j];
        };
        int32_t base = at(0, 0), stride = at(0, 1) - base;
        bool tile = base >= 0;
        for (unsigned i = 0; i < 8 && tile; ++i)
          for (unsigned j = 0; j < T && tile; ++j)
            tile = at(i, j) == base + int32_t(j) * stride + int32_t(i);
        if (!tile)
          continue;
        p.tiles.push_back({uint16_t(l0), uint16_t(s0), base, stride});
        for (unsigned i = 0; i < 8; ++i)
          for (unsigned j = 0; j < T; ++j)
            p.rest[size_t(l0 + i) * per + s0 + j] = -1;
      }
    if (!p.tiles.empty())
      p.tileSlots = T;
  }
  if (p.tiles.empty() ||
      llvm::all_of(p.rest, [](int32_t e) { return e < 0; }))
    p.rest.clear();
  return p;
}

void gatherPlanned(ElemType t, Fp8Format f8, const LanePlan &p, unsigned wave,
                   const uint8_t *laneMap, const uint8_t *const *lanes,
                   double *out, PlanPath path) {
  const int32_t *plan = p.index.data();
#if defined(__x86_64__)
  if (path == PlanPath::Best && p.tileSlots && kHostHasTiles &&
      (t == ElemType::F16 || t == ElemType::F32)) {
    gatherTiles(t == ElemType::F16, p, laneMap, lanes, out);
    if (p.rest.empty())
      return;
    plan = p.rest.data();
  }
  if (path == PlanPath::Best && t == ElemType::F16 && kHostHasF16C)
    return gatherF16Lanes(plan, p.per, wave, laneMap, lanes, out);
#endif
  unsigned bytes = getElemBits(t) / 8;
  withDecoder(t, f8, [&](auto decode) {
    for (unsigned l = 0; l < wave; ++l) {
      const uint8_t *src = lanes[laneMap ? laneMap[l] : l];
      const int32_t *slots = plan + size_t(l) * p.per;
      for (unsigned s = 0; s < p.per; ++s)
        if (slots[s] >= 0)
          out[slots[s]] = decode(src + bytes * s);
    }
  });
}

void scatterPlanned(ElemType t, const LanePlan &p, unsigned wave,
                    const double *v, uint8_t *const *lanes, PlanPath path) {
  const int32_t *plan = p.index.data();
#if defined(__x86_64__)
  if (path == PlanPath::Best && p.tileSlots && kHostHasTiles &&
      t == ElemType::F32) {
    scatterTilesF32(p, v, lanes);
    if (p.rest.empty())
      return;
    plan = p.rest.data();
  }
#endif
  unsigned bytes = getElemBits(t) / 8;
  withEncoder(t, [&](auto encode) {
    for (unsigned l = 0; l < wave; ++l) {
      const int32_t *slots = plan + size_t(l) * p.per;
      for (unsigned s = 0; s < p.per; ++s)
        if (slots[s] >= 0)
          encode(lanes[l] + bytes * s, v[slots[s]]);
    }
  });
}

/// Rounds `n` results to type `t` and writes them at `locs`.
void scatterFloat(ElemType t, const Loc *locs, size_t n, const double *v,
                  uint8_t *const *lanes) {
  withEncoder(t, [&](auto encode) {
    for (size_t e = 0; e < n; ++e)
      encode(lanes[locs[e].lane] + locs[e].bit / 8, v[e]);
  });
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
    if (s.a == ElemType::XF32)
      return Accumulation::Xf32Fused;
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
/// Inputs are f16, bf16 or f32 values, normal numbers as doubles: the
/// exponent field is floor(log2 |x|) (what frexp gives, minus 1), read
/// without a library call (this runs for every product).
int inputExponent(double x, int minExp) {
  if (x == 0)
    return INT_MIN;
  uint64_t bits;
  std::memcpy(&bits, &x, 8);
  return std::max(int((bits >> 52) & 0x7FF) - 1023, minExp);
}

/// 2^k as a double, for -1022 <= k <= 1023: x * pow2(k) is ldexp(x, k)
/// wherever neither overflows nor leaves the normal range.
double pow2(int k) {
  uint64_t bits = uint64_t(k + 1023) << 52;
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

/// trunc and floor of |x| < 2^62, by conversion (no library call).
double truncSmall(double x) { return double(int64_t(x)); }
double floorSmall(double x) {
  double t = double(int64_t(x));
  return t > x ? t - 1 : t;
}

/// One group of CDNA3's fused dot-add (MMA-Sim, mmasim/simulator:
/// amd_fused_dot_add with 24 fraction bits): the products aligned to the
/// largest input-exponent sum and truncated to 24 fraction bits there,
/// summed; the sum aligned to max(that exponent, C's) with 31 fraction bits
/// and C with 24, both rounded toward minus infinity; their sum rounded to
/// nearest even in f32.
float cdna3FusedGroup(int minExp, const double *a, const double *b,
                      unsigned n, float c) {
  // One pass over the products (a group has at most 8).
  double p[8];
  bool nonFinite = !std::isfinite(c);
  bool posInf = false, negInf = false;
  double ieee = c;
  int emax = INT_MIN;
  for (unsigned i = 0; i < n; ++i) {
    double pi = a[i] * b[i];
    p[i] = pi;
    nonFinite |= !std::isfinite(a[i]) || !std::isfinite(b[i]);
    ieee += pi;
    posInf |= pi >= 0x1p128;
    negInf |= pi <= -0x1p128;
    if (pi != 0)
      emax = std::max(emax,
                      inputExponent(a[i], minExp) + inputExponent(b[i], minExp));
  }
  if (nonFinite)
    return float(ieee); // NaN and infinities propagate
  if (posInf || negInf)
    return posInf && negInf ? NAN : (posInf ? INFINITY : -INFINITY);
  constexpr int F = 24, F2 = 31;
  // The products' sum, in units of 2^(emax - F). The scalings below are
  // exact powers of two, in range: the products are below 2^(emax + 2), so
  // the scaled ones below 2^26, and no exponent leaves [-1022, 1023] for
  // f16, bf16 and f32 inputs (emax >= -252, e <= 256); trunc and floor then
  // work on integers below 2^62 (MMA-Sim's ldexp, trunc, floor exactly).
  double s = 0;
  if (emax != INT_MIN) {
    double scale = pow2(F - emax);
    for (unsigned i = 0; i < n; ++i)
      s += truncSmall(p[i] * scale);
  }
  int ec = inputExponent(c, -126);
  int e = std::max(emax, ec);
  if (e == INT_MIN)
    return 0.0f;
  // In units of 2^(e - F2): the sum floored to 31 fraction bits, C to 24.
  double sum =
      emax == INT_MIN ? 0.0 : floorSmall(s * pow2(F2 - F + emax - e));
  double sc = floorSmall(double(c) * pow2(F - e));
  return float((sum + sc * pow2(F2 - F)) * pow2(e - F2));
}

#if defined(__x86_64__)
/// 2^k for integral doubles k in [-1022, 1023], four at a time.
[[gnu::target("avx2")]] inline __m256d pow2v(__m256d k) {
  __m256i e = _mm256_cvtepi32_epi64(_mm256_cvtpd_epi32(k));
  e = _mm256_slli_epi64(_mm256_add_epi64(e, _mm256_set1_epi64x(1023)), 52);
  return _mm256_castsi256_pd(e);
}

/// floor(log2 |x|) of normal doubles x, as doubles, four at a time.
[[gnu::target("avx2")]] inline __m256d exponentv(__m256d x) {
  __m256i bits = _mm256_srli_epi64(_mm256_castpd_si256(x), 52);
  bits = _mm256_and_si256(bits, _mm256_set1_epi64x(0x7FF));
  // The biased exponent as a double: OR into the mantissa of 2^52.
  __m256d d = _mm256_sub_pd(
      _mm256_castsi256_pd(
          _mm256_or_si256(bits, _mm256_set1_epi64x(0x4330000000000000))),
      _mm256_set1_pd(0x1p52));
  return _mm256_sub_pd(d, _mm256_set1_pd(1023));
}

/// cdna3FusedGroup for four columns: `a` the group's A values of one row,
/// `ea` their input exponents (-inf for zeros), `b`/`eb` rows of B and of
/// its exponents (stride n), `c` four f32 values as doubles, all finite.
[[gnu::target("avx2")]] __m256d cdna3FusedGroup4(const double *a,
                                                 const double *ea,
                                                 const double *b,
                                                 const double *eb, size_t n,
                                                 unsigned count, __m256d c) {
  const __m256d negInf = _mm256_set1_pd(-INFINITY);
  const __m256d zero = _mm256_setzero_pd();
  __m256d p[8];
  __m256d emax = negInf;
  for (unsigned k = 0; k < count; ++k) {
    __m256d bv = _mm256_loadu_pd(b + k * n);
    p[k] = _mm256_mul_pd(_mm256_set1_pd(a[k]), bv);
    __m256d esum =
        _mm256_add_pd(_mm256_set1_pd(ea[k]), _mm256_loadu_pd(eb + k * n));
    emax = _mm256_max_pd(emax, esum); // -inf where a product is 0
  }
  __m256d hasProducts = _mm256_cmp_pd(emax, negInf, _CMP_NEQ_OQ);
  __m256d emaxOr0 = _mm256_blendv_pd(zero, emax, hasProducts);
  // The products in units of 2^(emax - 24), truncated, summed in K order.
  __m256d scale = pow2v(_mm256_sub_pd(_mm256_set1_pd(24), emaxOr0));
  __m256d s = zero;
  for (unsigned k = 0; k < count; ++k)
    s = _mm256_add_pd(
        s, _mm256_round_pd(_mm256_mul_pd(p[k], scale),
                           _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC));
  // C's exponent, at least -126 (-inf for 0); e = max(emax, ec).
  __m256d cZero = _mm256_cmp_pd(c, zero, _CMP_EQ_OQ);
  __m256d ec = _mm256_max_pd(exponentv(c), _mm256_set1_pd(-126));
  ec = _mm256_blendv_pd(ec, negInf, cZero);
  __m256d e = _mm256_max_pd(emax, ec);
  __m256d anything = _mm256_cmp_pd(e, negInf, _CMP_NEQ_OQ);
  __m256d eOr0 = _mm256_blendv_pd(zero, e, anything);
  // In units of 2^(e - 31): the sum floored to 31 fraction bits, C to 24.
  __m256d sum = _mm256_floor_pd(_mm256_mul_pd(
      s, pow2v(_mm256_add_pd(_mm256_set1_pd(7),
                             _mm256_sub_pd(emaxOr0, eOr0)))));
  sum = _mm256_blendv_pd(zero, sum, hasProducts);
  __m256d sc = _mm256_floor_pd(
      _mm256_mul_pd(c, pow2v(_mm256_sub_pd(_mm256_set1_pd(24), eOr0))));
  __m256d r = _mm256_mul_pd(
      _mm256_add_pd(sum, _mm256_mul_pd(sc, _mm256_set1_pd(128))),
      pow2v(_mm256_sub_pd(eOr0, _mm256_set1_pd(31))));
  // Rounded to nearest even in f32.
  r = _mm256_cvtps_pd(_mm256_cvtpd_ps(r));
  return _mm256_blendv_pd(zero, r, anything);
}

[[gnu::target("avx2")]] void cdna3FusedRows(ElemType aType, const double *A,
                                            const double *B, const double *C,
                                            unsigned M, unsigned N, unsigned K,
                                            double *D, double *ea,
                                            double *eb) {
  int minExp = aType == ElemType::F16 ? -14 : -126;
  auto exp = [&](double x) {
    return x == 0 ? -INFINITY : double(inputExponent(x, minExp));
  };
  for (size_t i = 0; i < size_t(M) * K; ++i)
    ea[i] = exp(A[i]);
  for (size_t i = 0; i < size_t(K) * N; ++i)
    eb[i] = exp(B[i]);
  unsigned group = std::min(8u, K);
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; j += 4) {
      __m256d c = _mm256_loadu_pd(C + size_t(i) * N + j);
      for (unsigned k = 0; k < K; k += group) {
        // A group's C is the f32 result of the one before; a non-finite one
        // goes the scalar way (IEEE propagation).
        __m256d bad = _mm256_cmp_pd(_mm256_sub_pd(c, c), _mm256_setzero_pd(),
                                    _CMP_NEQ_UQ);
        if (!_mm256_testz_pd(bad, bad)) {
          alignas(32) double cs[4];
          _mm256_store_pd(cs, c);
          for (unsigned l = 0; l < 4; ++l) {
            double colB[8];
            unsigned cnt = std::min(group, K - k);
            for (unsigned kk = 0; kk < cnt; ++kk)
              colB[kk] = B[size_t(k + kk) * N + j + l];
            cs[l] = cdna3FusedGroup(minExp, A + size_t(i) * K + k, colB, cnt,
                                    float(cs[l]));
          }
          c = _mm256_load_pd(cs);
          continue;
        }
        c = cdna3FusedGroup4(A + size_t(i) * K + k, ea + size_t(i) * K + k,
                             B + size_t(k) * N + j, eb + size_t(k) * N + j, N,
                             std::min(group, K - k), c);
      }
      _mm256_storeu_pd(D + size_t(i) * N + j, c);
    }
}

const bool kHostHasAvx2Numerics = __builtin_cpu_supports("avx2");
#endif

} // namespace

bool cdna3FusedBlock(ElemType aType, const double *A, const double *B,
                     const double *C, unsigned M, unsigned N, unsigned K,
                     double *D) {
#if defined(__x86_64__)
  if (!kHostHasAvx2Numerics || N % 4 != 0)
    return false;
  // Finite inputs whose products stay below 2^128 (always for f16; bf16
  // can reach it): the vector form has no infinity or NaN handling.
  double maxA = 0, maxB = 0;
  for (size_t i = 0; i < size_t(M) * K; ++i) {
    if (!std::isfinite(A[i]))
      return false;
    maxA = std::max(maxA, std::fabs(A[i]));
  }
  for (size_t i = 0; i < size_t(K) * N; ++i) {
    if (!std::isfinite(B[i]))
      return false;
    maxB = std::max(maxB, std::fabs(B[i]));
  }
  if (!(maxA * maxB < 0x1p127))
    return false;
  thread_local std::vector<double> ea, eb;
  ea.resize(size_t(M) * K);
  eb.resize(size_t(K) * N);
  cdna3FusedRows(aType, A, B, C, M, N, K, D, ea.data(), eb.data());
  return true;
#else
  return false;
#endif
}

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
  case Accumulation::Xf32Fused: {
    // MMA-Sim's MFMASim for xf32 (mmasim/simulator/amd.py): the inputs
    // (already truncated to xf32 by the decoder) in fused groups of 4 with
    // amd_fused_dot_add's 24 fraction bits, f32 input exponents.
    float f = float(c);
    for (unsigned k = 0; k < n; k += 4)
      f = cdna3FusedGroup(-126, a + k, b + k, std::min(4u, n - k), f);
    return f;
  }
  case Accumulation::Cdna3Fused: {
    int minExp = aType == ElemType::F16 ? -14 : -126;
    unsigned group = std::min(8u, n); // cdna3FusedGroup takes at most 8
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
