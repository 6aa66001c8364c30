//===- MatrixOpsProducts.cpp - A x B + C on host vectors ------------------===//
//
// The sums of products of the instructions whose model rounds once
// (Accumulation::RoundOnce) and of the integer instructions: for each
// element of D, the products along K summed in K order from zero, then C
// added. The loops keep the sums in vector registers; which loop runs is
// chosen at run time from the host's vector extensions (AVX-512, AVX2, else
// what the compiler makes of the portable loop). All of them compute the same
// numbers: the products of the narrow formats these instructions take are
// exact in double (f16, bf16, fp8: at most 22 significand bits; f32: 48), so
// a fused multiply-add gives the sum a multiply and an add give, and every
// loop adds in the same order.
//
//===----------------------------------------------------------------------===//

#include "MatrixOpsImpl.h"

#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::matrixops;

namespace {

/// B's row for element kc of row i: kc, or with 2:4 row 4 * (kc / 2) +
/// pos[i][kc] of B's K rows.
inline unsigned bRow(const uint8_t *pos, unsigned i, unsigned kA,
                     unsigned kc) {
  return pos ? 4 * (kc / 2) + pos[size_t(i) * kA + kc] : kc;
}

/// acc[j] = sum over kc of A[kc] * B[bRow][j] for row i. The sums are kept
/// in a local array of the instruction's N (16 or 32, or any N up to 32 in
/// the generic form), which the compiler keeps in vector registers across
/// K.
template <typename T, unsigned FixedN>
[[gnu::always_inline]] inline void
rowTimesBFixed(T *acc, const T *aRow, const T *Bm, const uint8_t *pos,
               unsigned i, unsigned kA, unsigned N) {
  constexpr unsigned kMaxN = 32;
  const unsigned n = FixedN ? FixedN : N;
  T sum[kMaxN] = {};
  for (unsigned kc = 0; kc < kA; ++kc) {
    T av = aRow[kc];
    const T *row = Bm + size_t(bRow(pos, i, kA, kc)) * n;
    for (unsigned j = 0; j < (FixedN ? FixedN : kMaxN); ++j)
      if (FixedN || j < n)
        sum[j] += av * row[j];
  }
  for (unsigned j = 0; j < n; ++j)
    acc[j] = sum[j];
}

template <typename T>
[[gnu::always_inline]] inline void
rowTimesBImpl(T *acc, const T *aRow, const T *Bm, const uint8_t *pos,
              unsigned i, unsigned kA, unsigned N) {
  if (N == 16)
    return rowTimesBFixed<T, 16>(acc, aRow, Bm, pos, i, kA, N);
  if (N == 32)
    return rowTimesBFixed<T, 32>(acc, aRow, Bm, pos, i, kA, N);
  if (N <= 32)
    return rowTimesBFixed<T, 0>(acc, aRow, Bm, pos, i, kA, N);
  for (unsigned j = 0; j < N; ++j)
    acc[j] = 0;
  for (unsigned kc = 0; kc < kA; ++kc) {
    T av = aRow[kc];
    const T *row = Bm + size_t(bRow(pos, i, kA, kc)) * N;
    for (unsigned j = 0; j < N; ++j)
      acc[j] += av * row[j];
  }
}

#if defined(__x86_64__)
// The same loop compiled for AVX2 (4 doubles per instruction instead of
// SSE2's 2).
[[gnu::target("avx2,fma")]] void rowTimesBAvx2(double *acc, const double *aRow,
                                               const double *Bm,
                                               const uint8_t *pos, unsigned i,
                                               unsigned kA, unsigned N) {
  rowTimesBImpl(acc, aRow, Bm, pos, i, kA, N);
}
[[gnu::target("avx2")]] void rowTimesBAvx2(int64_t *acc, const int64_t *aRow,
                                           const int64_t *Bm,
                                           const uint8_t *pos, unsigned i,
                                           unsigned kA, unsigned N) {
  rowTimesBImpl(acc, aRow, Bm, pos, i, kA, N);
}

/// All of D for one block, R rows at a time, each row's N sums in NV
/// vectors of W doubles: R * NV independent chains of fused multiply-adds (a
/// row at a time has NV, too few to hide the latency of one). Inlined into a
/// function compiled for the extension that has such vectors.
template <unsigned R, unsigned NV, unsigned W>
[[gnu::always_inline]] inline void
blockRows(double *D, const double *A, const double *Bm, const double *C,
          const uint8_t *pos, unsigned i0, unsigned kA) {
  using Vec = double __attribute__((ext_vector_type(W)));
  constexpr unsigned N = NV * W;
  auto load = [](const double *p) {
    Vec v;
    std::memcpy(&v, p, sizeof(Vec));
    return v;
  };
  Vec acc[R][NV];
  for (unsigned r = 0; r < R; ++r)
    for (unsigned v = 0; v < NV; ++v)
      acc[r][v] = Vec(0.0);
  for (unsigned kc = 0; kc < kA; ++kc)
    for (unsigned r = 0; r < R; ++r) {
      unsigned i = i0 + r;
      Vec a = Vec(A[size_t(i) * kA + kc]);
      const double *row = Bm + size_t(bRow(pos, i, kA, kc)) * N;
      for (unsigned v = 0; v < NV; ++v)
        acc[r][v] = __builtin_elementwise_fma(a, load(row + v * W), acc[r][v]);
    }
  for (unsigned r = 0; r < R; ++r)
    for (unsigned v = 0; v < NV; ++v) {
      size_t at = size_t(i0 + r) * N + v * W;
      Vec d = acc[r][v] + load(C + at);
      std::memcpy(D + at, &d, sizeof(Vec));
    }
}

template <unsigned NV, unsigned W>
[[gnu::always_inline]] inline void
blockAllRows(double *D, const double *A, const double *Bm, const double *C,
             const uint8_t *pos, unsigned M, unsigned kA) {
  // Eight accumulators: the register file holds them with A's splat and a
  // row of B (16 registers with AVX2, 32 with AVX-512).
  constexpr unsigned R = NV >= 8 ? 1 : 8 / NV;
  unsigned i = 0;
  for (; i + R <= M; i += R)
    blockRows<R, NV, W>(D, A, Bm, C, pos, i, kA);
  for (; i < M; ++i)
    blockRows<1, NV, W>(D, A, Bm, C, pos, i, kA);
}

/// All of D with vectors of W doubles, for the N of the instructions (16
/// and 32); false for another N.
template <unsigned W>
[[gnu::always_inline]] inline bool
blockWithWidth(double *D, const double *A, const double *Bm, const double *C,
               const uint8_t *pos, unsigned M, unsigned N, unsigned kA) {
  if (N == 16)
    blockAllRows<16 / W, W>(D, A, Bm, C, pos, M, kA);
  else if (N == 32)
    blockAllRows<32 / W, W>(D, A, Bm, C, pos, M, kA);
  else
    return false;
  return true;
}

[[gnu::target("avx2,fma")]] bool blockAvx2(double *D, const double *A,
                                           const double *Bm, const double *C,
                                           const uint8_t *pos, unsigned M,
                                           unsigned N, unsigned kA) {
  return blockWithWidth<4>(D, A, Bm, C, pos, M, N, kA);
}

[[gnu::target("avx512f")]] bool blockAvx512(double *D, const double *A,
                                            const double *Bm, const double *C,
                                            const uint8_t *pos, unsigned M,
                                            unsigned N, unsigned kA) {
  return blockWithWidth<8>(D, A, Bm, C, pos, M, N, kA);
}

const bool kHostHasAvx2 =
    __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
const bool kHostHasAvx512 = __builtin_cpu_supports("avx512f");
#endif

template <typename T>
void rowTimesBAny(T *acc, const T *aRow, const T *Bm, const uint8_t *pos,
                  unsigned i, unsigned kA, unsigned N) {
#if defined(__x86_64__)
  if (kHostHasAvx2)
    return rowTimesBAvx2(acc, aRow, Bm, pos, i, kA, N);
#endif
  rowTimesBImpl(acc, aRow, Bm, pos, i, kA, N);
}

} // namespace

void matrixops::rowTimesB(int64_t *acc, const int64_t *A, const int64_t *Bm,
                          const uint8_t *pos, unsigned i, unsigned kA,
                          unsigned N) {
  rowTimesBAny(acc, A + size_t(i) * kA, Bm, pos, i, kA, N);
}

#if defined(__x86_64__)
namespace {
[[gnu::target("avx512f")]] void roundedToF32Avx512(const double *in,
                                                   double *out, size_t n) {
  size_t e = 0;
  for (; e + 8 <= n; e += 8)
    _mm512_storeu_pd(out + e,
                     _mm512_cvtps_pd(_mm512_cvtpd_ps(_mm512_loadu_pd(in + e))));
  for (; e < n; ++e)
    out[e] = double(float(in[e]));
}
} // namespace
#endif

void matrixops::roundedToF32(const double *in, double *out, size_t n) {
#if defined(__x86_64__)
  if (kHostHasAvx512)
    return roundedToF32Avx512(in, out, n);
#endif
  for (size_t e = 0; e < n; ++e)
    out[e] = double(float(in[e]));
}

/// The loop of `path` (Avx512 or Avx2), where the host has it.
static bool blockOn(VectorPath path, double *D, const double *A,
                    const double *Bm, const double *C, const uint8_t *pos,
                    unsigned M, unsigned N, unsigned kA) {
#if defined(__x86_64__)
  if (path == VectorPath::Avx512)
    return kHostHasAvx512 && blockAvx512(D, A, Bm, C, pos, M, N, kA);
  if (path == VectorPath::Avx2)
    return kHostHasAvx2 && blockAvx2(D, A, Bm, C, pos, M, N, kA);
#endif
  return false;
}

bool matrixops::blockTimesB(VectorPath path, double *D, const double *A,
                            const double *Bm, const double *C,
                            const uint8_t *pos, unsigned M, unsigned N,
                            unsigned kA) {
  if (path == VectorPath::Best) {
    if (blockOn(VectorPath::Avx512, D, A, Bm, C, pos, M, N, kA) ||
        blockOn(VectorPath::Avx2, D, A, Bm, C, pos, M, N, kA))
      return true;
  } else if (path != VectorPath::Rows) {
    return blockOn(path, D, A, Bm, C, pos, M, N, kA);
  }
  for (unsigned i = 0; i < M; ++i) {
    double *acc = D + size_t(i) * N;
    rowTimesBAny(acc, A + size_t(i) * kA, Bm, pos, i, kA, N);
    for (unsigned j = 0; j < N; ++j)
      acc[j] += C[size_t(i) * N + j];
  }
  return true;
}
