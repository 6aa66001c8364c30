//===- SparseMatmulData.h - Host data for the 2:4 matmul test kernels -----===//
//
// Random operands in the format the test kernels (swmmac_*.hip,
// smfmac_*.hip) read, and the CPU reference. Shared by the emulator's unit
// tests and its benchmark. Host code only.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TEST_EMULATOR_SPARSEMATMULDATA_H
#define MCORE_TEST_EMULATOR_SPARSEMATMULDATA_H

#include <cmath>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace mcore_test {

/// A random 2:4-sparse M x K matrix of f16 values, dense and compressed:
/// `values` holds the two kept values of every group of four along K in
/// increasing position order (M x K/2), `meta` one nibble of positions per
/// group, eight groups per 32-bit word (M x K/32): bits [1:0] the position
/// of the first value, [3:2] that of the second. Groups have two, one or no
/// non-zeros, and every position pair occurs.
struct SparseA {
  unsigned m = 0, k = 0;
  std::vector<float> dense;
  std::vector<_Float16> values;
  std::vector<uint32_t> meta;
};

inline SparseA makeSparseA(unsigned m, unsigned k, std::mt19937 &rng) {
  SparseA a;
  a.m = m;
  a.k = k;
  a.dense.assign(size_t(m) * k, 0.0f);
  a.values.resize(size_t(m) * k / 2);
  a.meta.assign(size_t(m) * k / 32, 0);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  for (unsigned i = 0; i < m; ++i)
    for (unsigned g = 0; g < k / 4; ++g) {
      unsigned p0 = rng() % 4, p1 = rng() % 3;
      if (p1 >= p0)
        ++p1;
      if (p0 > p1)
        std::swap(p0, p1);
      unsigned kind = rng() % 8; // 0: no non-zero, 1: one, else two
      _Float16 v0 = _Float16(value(rng)), v1 = _Float16(value(rng));
      if (kind == 0)
        v0 = v1 = _Float16(0.0f);
      else if (kind == 1)
        (rng() % 2 ? v0 : v1) = _Float16(0.0f);
      a.values[size_t(i) * (k / 2) + 2 * g] = v0;
      a.values[size_t(i) * (k / 2) + 2 * g + 1] = v1;
      a.dense[size_t(i) * k + 4 * g + p0] = float(v0);
      a.dense[size_t(i) * k + 4 * g + p1] = float(v1);
      a.meta[size_t(i) * (k / 32) + g / 8] |= (p0 | (p1 << 2))
                                              << (4 * (g % 8));
    }
  return a;
}

inline std::vector<_Float16> randomHalves(size_t n, std::mt19937 &rng) {
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::vector<_Float16> v(n);
  for (_Float16 &x : v)
    x = _Float16(value(rng));
  return v;
}

/// C[i][j] + sum_k A[i][k] * B[k][j] in double, and the magnitude
/// c + sum |A * B| that bounds its rounding error.
inline std::pair<double, double>
referenceEntry(const SparseA &a, const std::vector<_Float16> &b,
               const std::vector<float> &c, unsigned n, unsigned i,
               unsigned j) {
  double sum = c.empty() ? 0.0 : c[size_t(i) * n + j];
  double mag = std::fabs(sum);
  for (unsigned x = 0; x < a.k; ++x) {
    double p = double(a.dense[size_t(i) * a.k + x]) *
               double(float(b[size_t(x) * n + j]));
    sum += p;
    mag += std::fabs(p);
  }
  return {sum, mag};
}

/// The tolerance for an fp32 result accumulated in `roundings` steps (one
/// rounding per matrix instruction), relative to `magnitude`.
inline double fp32Tolerance(double magnitude, unsigned roundings) {
  return (roundings + 1) * std::ldexp(magnitude, -23);
}

} // namespace mcore_test

#endif // MCORE_TEST_EMULATOR_SPARSEMATMULDATA_H
