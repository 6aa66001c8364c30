//===- HipKernelTest.cpp - clang-compiled HIP kernels on the emulator -----===//
//
// Runs the HIP kernels of test/Emulator (compiled for gfx1201, gfx942 and
// gfx950 by clang++-22 during the build) through the emulator and checks them
// against CPU references: the 2:4-sparse matmuls (SWMMAC, SMFMAC) on
// 128x128x128 with random per-group patterns, gfx950's block-scaled MX
// matmuls (random elements and scales), the cross-lane builtins, and the
// faults the emulator must report (the bounds checker's planted
// out-of-bounds store, a matrix instruction reached by half a wave, a
// barrier deadlock, a trap).
//
//===----------------------------------------------------------------------===//

#include "mcore/Emulator/Emulator.h"

#include "SparseMatmulData.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

#include <chrono>
#include <cmath>
#include <cstring>
#include <optional>
#include <random>
#include <vector>

namespace emu = mlir::mcore::emu;
using namespace mcore_test;

namespace {

std::string kernelPath(const char *name) {
  return std::string(MCORE_EMU_KERNEL_DIR) + "/" + name + ".bc";
}

std::unique_ptr<emu::Module> load(const char *name,
                                  emu::Options options = {}) {
  llvm::Expected<std::unique_ptr<emu::Module>> m =
      emu::Module::loadFile(kernelPath(name), options);
  if (!m) {
    ADD_FAILURE() << llvm::toString(m.takeError());
    return nullptr;
  }
  return std::move(*m);
}

/// Device memory freed at scope exit.
struct Buffer {
  void *ptr = nullptr;
  size_t bytes = 0;
  explicit Buffer(size_t bytes, const char *what = "test buffer")
      : ptr(emu::allocate(bytes, what)), bytes(bytes) {}
  ~Buffer() { emu::deallocate(ptr); }
  template <typename T> T *as() { return static_cast<T *>(ptr); }
};

//===----------------------------------------------------------------------===//
// 2:4-sparse matmuls
//===----------------------------------------------------------------------===//

/// Runs a sparse matmul kernel (arguments: compressed A, positions, B, C,
/// M, N, K) on an M x N x K problem and compares every entry of C with a
/// double-precision CPU matmul.
void runSparseMatmul(const char *file, const char *kernel, unsigned size,
                     emu::Dim3 grid, emu::Dim3 block, unsigned waveSize,
                     uint32_t seed) {
  const unsigned M = size, N = size, K = size;
  std::mt19937 rng(seed);
  SparseA a = makeSparseA(M, K, rng);
  std::vector<_Float16> b = randomHalves(size_t(K) * N, rng);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::vector<float> c(size_t(M) * N);
  for (float &v : c)
    v = value(rng);

  std::unique_ptr<emu::Module> module = load(file);
  ASSERT_TRUE(module);
  llvm::Expected<const emu::Kernel *> k = module->getKernel(kernel);
  ASSERT_TRUE(bool(k)) << llvm::toString(k.takeError());
  EXPECT_EQ(module->getTarget().waveSize, waveSize);

  Buffer dA(a.values.size() * 2), dMeta(a.meta.size() * 4),
      dB(b.size() * 2), dC(c.size() * 4);
  std::memcpy(dA.ptr, a.values.data(), dA.bytes);
  std::memcpy(dMeta.ptr, a.meta.data(), dMeta.bytes);
  std::memcpy(dB.ptr, b.data(), dB.bytes);
  std::memcpy(dC.ptr, c.data(), dC.bytes);
  int m = M, n = N, kk = K;
  void *params[] = {&dA.ptr, &dMeta.ptr, &dB.ptr, &dC.ptr, &m, &n, &kk};
  llvm::Error err = module->launch(**k, grid, block, 0, params);
  ASSERT_FALSE(bool(err)) << llvm::toString(std::move(err));

  // The emulator rounds the fp32 accumulator once per instruction (K / 32
  // roundings of a sum bounded by sum |a*b| + |c|); the reference is exact
  // up to double rounding. A misplaced element changes a sum by about one
  // product, far above this bound.
  const float *d = dC.as<float>();
  unsigned bad = 0;
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j) {
      auto [sum, mag] = referenceEntry(a, b, c, N, i, j);
      double tol = fp32Tolerance(mag, K / 32);
      if (std::fabs(d[i * N + j] - sum) > tol && bad++ < 5)
        ADD_FAILURE() << llvm::formatv(
                             "C[{0}][{1}] = {2:e}, expected {3:e} (tolerance "
                             "{4:e})",
                             i, j, d[i * N + j], sum, tol)
                             .str();
    }
  EXPECT_EQ(bad, 0u);
}

// One wave32 per 16x16 tile, 4 waves per 32x32 work-group tile.
TEST(HipKernels, Gfx1201SwmmacF16Matmul128) {
  runSparseMatmul("swmmac_gfx1201", "swmmac_f16_matmul", 128, {4, 4, 1},
                  {128, 1, 1}, 32, 11);
}

// One wave64 per 16x16 tile, 4 waves per 32x32 work-group tile.
TEST(HipKernels, Gfx942SmfmacF16Matmul128) {
  runSparseMatmul("smfmac_gfx942", "smfmac_f16_matmul", 128, {4, 4, 1},
                  {256, 1, 1}, 64, 12);
}

// The LDS-staged kernel the benchmark times (128x128 work-group tiles, 8
// waves), checked on 256x256x256.
TEST(HipKernels, Gfx1201SwmmacTiledMatmul256) {
  runSparseMatmul("swmmac_perf_gfx1201", "swmmac_f16_matmul_tiled", 256,
                  {2, 2, 1}, {256, 1, 1}, 32, 13);
}

// Seven runs of two SWMMACs each in the loop (a barrier after every
// k-step), two iterations: the rows of the first runs kept from meeting to
// meeting, the others read afresh (Runtime/Runtime.cpp, runRows). One wave
// per 32x16 tile, 4 waves per 64x32 work-group tile.
TEST(HipKernels, Gfx1201SwmmacSevenRuns448) {
  runSparseMatmul("swmmac_runs_gfx1201", "swmmac_runs", 448, {14, 7, 1},
                  {128, 1, 1}, 32, 14);
}

//===----------------------------------------------------------------------===//
// Block-scaled (OCP MX) matmuls
//===----------------------------------------------------------------------===//

/// OCP MX element formats by their cbsz / blgp code (0 fp8 E4M3, 1 bf8
/// E5M2, 2 fp6 E2M3, 3 bf6 E3M2, 4 fp4 E2M1), decoded by APFloat: the
/// reference shares nothing with the emulator's decoders.
const llvm::fltSemantics &mxSemantics(unsigned format) {
  switch (format) {
  case 0:
    return llvm::APFloat::Float8E4M3FN();
  case 1:
    return llvm::APFloat::Float8E5M2();
  case 2:
    return llvm::APFloat::Float6E2M3FN();
  case 3:
    return llvm::APFloat::Float6E3M2FN();
  default:
    return llvm::APFloat::Float4E2M1FN();
  }
}

/// `bits` of `format`, or nullopt for fp8 / bf8's infinities and NaNs.
std::optional<double> decodeMx(unsigned format, unsigned bits) {
  const llvm::fltSemantics &sem = mxSemantics(format);
  llvm::APFloat v(sem, llvm::APInt(llvm::APFloat::getSizeInBits(sem), bits));
  if (!v.isFinite())
    return std::nullopt;
  return v.convertToDouble();
}

/// One MX matmul kernel of mfma_scale_gfx950.hip or wmma_scale_gfx1250.hip:
/// a TM x TN x KI instruction per wave and K step, A format `fa`, B format
/// `fb`, one scale per `block` k (0: no scales) in scale format `sfa` /
/// `sfb` (0 E8M0, 2 E4M3).
struct MxKernel {
  const char *file, *kernel;
  unsigned tm, tn, ki, wave;
  unsigned fa, fb, block = 32, sfa = 0, sfb = 0;
};

/// A random scale byte of format `sf`: E8M0 2^-8..2^8, or an E4M3 value of
/// either sign between 2^-4 and 2^4 (not only powers of two).
uint8_t randomScale(unsigned sf, std::mt19937 &rng) {
  if (sf == 0)
    return uint8_t(std::uniform_int_distribution<unsigned>(119, 135)(rng));
  unsigned exp = std::uniform_int_distribution<unsigned>(3, 11)(rng);
  unsigned man = std::uniform_int_distribution<unsigned>(0, 7)(rng);
  unsigned sign = std::uniform_int_distribution<unsigned>(0, 1)(rng);
  return uint8_t(sign << 7 | exp << 3 | man);
}

double scaleValue(unsigned sf, uint8_t bits) {
  if (sf == 0)
    return std::ldexp(1.0, int(bits) - 127);
  return llvm::APFloat(llvm::APFloat::Float8E4M3FN(), llvm::APInt(8, bits))
      .convertToDouble();
}

/// Runs `k` on (2 TM) x (3 TN) x (4 KI) with random finite elements of
/// every bit pattern, random scales per row (column) and block, and a
/// random C, and compares every element of D with a double-precision
/// reference.
void runMxMatmul(const MxKernel &k, uint32_t seed) {
  const unsigned M = 2 * k.tm, N = 3 * k.tn, K = 4 * k.ki;
  const unsigned blocks = k.block ? K / k.block : 1;
  std::mt19937 rng(seed);
  auto elements = [&](unsigned rows, unsigned format) {
    unsigned width = llvm::APFloat::getSizeInBits(mxSemantics(format));
    std::uniform_int_distribution<unsigned> code(0, (1u << width) - 1);
    std::vector<uint8_t> v(size_t(rows) * K);
    for (uint8_t &x : v)
      do
        x = uint8_t(code(rng));
      while (!decodeMx(format, x));
    return v;
  };
  std::vector<uint8_t> a = elements(M, k.fa), b = elements(N, k.fb);
  std::vector<uint8_t> sa(size_t(M) * blocks), sb(size_t(N) * blocks);
  for (uint8_t &s : sa)
    s = randomScale(k.sfa, rng);
  for (uint8_t &s : sb)
    s = randomScale(k.sfb, rng);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::vector<float> c(size_t(M) * N);
  for (float &v : c)
    v = value(rng);

  std::unique_ptr<emu::Module> module = load(k.file);
  ASSERT_TRUE(module);
  llvm::Expected<const emu::Kernel *> kernel = module->getKernel(k.kernel);
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  EXPECT_EQ(module->getTarget().waveSize, k.wave);
  Buffer dA(a.size()), dB(b.size()), dSA(sa.size()), dSB(sb.size()),
      dC(c.size() * 4);
  std::memcpy(dA.ptr, a.data(), a.size());
  std::memcpy(dB.ptr, b.data(), b.size());
  std::memcpy(dSA.ptr, sa.data(), sa.size());
  std::memcpy(dSB.ptr, sb.data(), sb.size());
  std::memcpy(dC.ptr, c.data(), dC.bytes);
  int n = N, kk = K;
  void *params[] = {&dA.ptr, &dB.ptr, &dSA.ptr, &dSB.ptr, &dC.ptr, &n, &kk};
  llvm::Error err = module->launch(**kernel, {N / k.tn, M / k.tm, 1},
                                   {k.wave, 1, 1}, 0, params);
  ASSERT_FALSE(bool(err)) << llvm::toString(std::move(err));

  // The emulator rounds to f32 once per instruction (K / KI roundings of a
  // sum bounded by sum |a b| + |c|); the reference is exact up to double
  // rounding. A value or scale from the wrong place changes a product by
  // far more than this bound (or makes it NaN).
  auto factor = [&](const std::vector<uint8_t> &s, unsigned sf, unsigned r,
                    unsigned kx) {
    return k.block ? scaleValue(sf, s[r * blocks + kx / k.block]) : 1.0;
  };
  const float *d = dC.as<float>();
  unsigned bad = 0;
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j) {
      double sum = c[i * N + j], mag = std::fabs(sum);
      for (unsigned kx = 0; kx < K; ++kx) {
        double p = *decodeMx(k.fa, a[i * K + kx]) * factor(sa, k.sfa, i, kx) *
                   *decodeMx(k.fb, b[j * K + kx]) * factor(sb, k.sfb, j, kx);
        sum += p;
        mag += std::fabs(p);
      }
      double tol = fp32Tolerance(mag, K / k.ki);
      if (!(std::fabs(d[i * N + j] - sum) <= tol) && bad++ < 5)
        ADD_FAILURE() << llvm::formatv("{0}: D[{1}][{2}] = {3:e}, expected "
                                       "{4:e} (tolerance {5:e})",
                                       k.kernel, i, j, d[i * N + j], sum, tol)
                             .str();
    }
  EXPECT_EQ(bad, 0u) << k.kernel << ": of " << M * N;
}

TEST(HipKernels, Gfx950MfmaScale16x16x128) {
  const char *f = "mfma_scale_gfx950";
  runMxMatmul({f, "mx16_fp4_fp4", 16, 16, 128, 64, 4, 4}, 21);
  runMxMatmul({f, "mx16_fp8_fp6", 16, 16, 128, 64, 0, 2}, 22);
  runMxMatmul({f, "mx16_bf6_bf8", 16, 16, 128, 64, 3, 1}, 23);
  runMxMatmul({f, "mx16_fp6_fp4", 16, 16, 128, 64, 2, 4}, 24);
}

TEST(HipKernels, Gfx950MfmaScale32x32x64) {
  const char *f = "mfma_scale_gfx950";
  runMxMatmul({f, "mx32_fp4_fp4", 32, 32, 64, 64, 4, 4}, 25);
  runMxMatmul({f, "mx32_fp8_fp6", 32, 32, 64, 64, 0, 2}, 26);
  runMxMatmul({f, "mx32_bf8_fp4", 32, 32, 64, 64, 1, 4}, 27);
}

// gfx1250's f8f6f4 WMMA: plain, scale (E8M0 and E4M3 scales per 32 k),
// scale16 (per 16 k).
TEST(HipKernels, Gfx1250Wmma16x16x128F8F6F4) {
  const char *f = "wmma_scale_gfx1250";
  runMxMatmul({f, "w16_fp4_fp4", 16, 16, 128, 32, 4, 4, 0}, 31);
  runMxMatmul({f, "w16_fp8_fp6", 16, 16, 128, 32, 0, 2, 0}, 32);
  runMxMatmul({f, "w16s_fp4_fp4", 16, 16, 128, 32, 4, 4, 32, 0, 0}, 33);
  runMxMatmul({f, "w16s_fp8_fp6", 16, 16, 128, 32, 0, 2, 32, 0, 2}, 34);
  runMxMatmul({f, "w16s_bf6_bf8", 16, 16, 128, 32, 3, 1, 32, 2, 0}, 35);
  runMxMatmul({f, "w16s16_fp6_fp4", 16, 16, 128, 32, 2, 4, 16, 0, 2}, 36);
  runMxMatmul({f, "w16s16_bf8_fp4", 16, 16, 128, 32, 1, 4, 16, 2, 0}, 37);
}

// gfx1250's 32x16x128 f4 WMMA: plain, scale, scale16.
TEST(HipKernels, Gfx1250Wmma32x16x128F4) {
  const char *f = "wmma_scale_gfx1250";
  runMxMatmul({f, "w32_f4", 32, 16, 128, 32, 4, 4, 0}, 41);
  runMxMatmul({f, "w32s_f4", 32, 16, 128, 32, 4, 4, 32, 0, 2}, 42);
  runMxMatmul({f, "w32s16_f4", 32, 16, 128, 32, 4, 4, 16, 2, 0}, 43);
}

//===----------------------------------------------------------------------===//
// Cross-lane builtins
//===----------------------------------------------------------------------===//

TEST(HipKernels, Gfx1201LaneOps) {
  std::unique_ptr<emu::Module> module = load("lane_ops_gfx1201");
  ASSERT_TRUE(module);
  const emu::Kernel *k = llvm::cantFail(module->getKernel("lane_ops"));
  Buffer out(32 * 8 * 4);
  void *params[] = {&out.ptr};
  llvm::Error err = module->launch(*k, {1, 1, 1}, {32, 1, 1}, 0, params);
  ASSERT_FALSE(bool(err)) << llvm::toString(std::move(err));
  const int *o = out.as<int>();
  uint32_t every3 = 0;
  for (unsigned l = 0; l < 32; l += 3)
    every3 |= 1u << l;
  for (int lane = 0; lane < 32; ++lane) {
    const int *r = o + lane * 8;
    SCOPED_TRACE("lane " + std::to_string(lane));
    EXPECT_EQ(r[0], lane);                       // mbcnt_lo(~0, 0)
    EXPECT_EQ(uint32_t(r[1]), every3);           // ballot(lane % 3 == 0)
    EXPECT_EQ(r[2], 100);                        // readfirstlane
    EXPECT_EQ(r[3], 207);                        // readlane(x, 7)
    EXPECT_EQ(r[4], 300 + (lane + 5) % 32);      // ds_bpermute
    // DPP row_shr:1, bound_ctrl: the first lane of each row of 16 gets 0.
    EXPECT_EQ(r[5], lane % 16 == 0 ? 0 : 400 + lane - 1);
    // permlanex16 with selectors 0x0123456789abcdef: the other row, lane
    // 15 - lane % 16.
    EXPECT_EQ(r[6], 500 + ((lane & 16) ^ 16) + (15 - lane % 16));
    // Divergent ballot: only lanes 0-9 are active there.
    EXPECT_EQ(r[7], lane < 10 ? 0x3FF : -1);
  }
  const emu::Kernel *sw = llvm::cantFail(module->getKernel("swizzle"));
  Buffer out2(32 * 4);
  void *params2[] = {&out2.ptr};
  err = module->launch(*sw, {1, 1, 1}, {32, 1, 1}, 0, params2);
  ASSERT_FALSE(bool(err)) << llvm::toString(std::move(err));
  for (int lane = 0; lane < 32; ++lane)
    EXPECT_EQ(out2.as<int>()[lane], (lane ^ 1) * 10) << "lane " << lane;
}

TEST(HipKernels, Gfx942LaneOpsWave64) {
  std::unique_ptr<emu::Module> module = load("lane_ops_gfx942");
  ASSERT_TRUE(module);
  EXPECT_EQ(module->getTarget().waveSize, 64u);
  const emu::Kernel *k = llvm::cantFail(module->getKernel("lane_ops64"));
  Buffer out(64 * 8 * 8);
  void *params[] = {&out.ptr};
  llvm::Error err = module->launch(*k, {1, 1, 1}, {64, 1, 1}, 0, params);
  ASSERT_FALSE(bool(err)) << llvm::toString(std::move(err));
  const long long *o = out.as<long long>();
  uint64_t ballot = (~uint64_t(0) << 40) | (uint64_t(1) << 3);
  for (int lane = 0; lane < 64; ++lane) {
    const long long *r = o + lane * 8;
    SCOPED_TRACE("lane " + std::to_string(lane));
    EXPECT_EQ(r[0], lane);                              // mbcnt hi(lo)
    EXPECT_EQ(uint64_t(r[1]), ballot);                  // ballot_w64
    EXPECT_EQ(r[2], 1000 + (lane * 5) % 64);            // ds_bpermute
    EXPECT_EQ(r[3], lane == 0 ? -1 : 2000 + lane - 1);  // wave_shr:1
    EXPECT_EQ(r[4], lane < 16 ? -2 : 3000 + (lane / 16) * 16 - 1); // bcast15
    int row = lane / 16;
    EXPECT_EQ(r[5], row % 2 ? -3 : 4000 + (lane & ~3) + 3 - (lane & 3));
    EXPECT_EQ(r[6], 5063);                              // readlane 63
    EXPECT_EQ(r[7], lane >= 32 ? 6032 : -4);            // readfirstlane
  }
}

//===----------------------------------------------------------------------===//
// Arguments, ids, LDS, atomics
//===----------------------------------------------------------------------===//

TEST(HipKernels, ArgumentsOfEveryKind) {
  std::unique_ptr<emu::Module> module = load("abi_gfx1201");
  ASSERT_TRUE(module);
  const emu::Kernel *k = llvm::cantFail(module->getKernel("args"));
  ASSERT_EQ(k->getNumArgs(), 8u);
  // The host layout of the kernel's struct (x86-64 and AMDGPU agree).
  struct Params {
    int a;
    double b;
    char c;
    long long d;
    float e[3];
  } p{-7, 2.5, 'x', 1ll << 40, {1.0f, 2.0f, 4.0f}};
  bool flag = true;
  char ch = -3;
  short sh = -300;
  _Float16 h = _Float16(0.75f);
  double dd = -1.5;
  long long ll = -(1ll << 33);
  Buffer out(16 * 4);
  void *params[] = {&p, &flag, &ch, &sh, &h, &dd, &ll, &out.ptr};
  llvm::Error err = module->launch(*k, {1, 1, 1}, {32, 1, 1}, 0, params);
  ASSERT_FALSE(bool(err)) << llvm::toString(std::move(err));
  const float *o = out.as<float>();
  EXPECT_EQ(o[0], -7.0f);
  EXPECT_EQ(o[1], 2.5f);
  EXPECT_EQ(o[2], float('x'));
  EXPECT_EQ(o[3], float(1ll << 40));
  EXPECT_EQ(o[4], 7.0f);
  EXPECT_EQ(o[5], 1.0f);
  EXPECT_EQ(o[6], -3.0f);
  EXPECT_EQ(o[7], -300.0f);
  EXPECT_EQ(o[8], 0.75f);
  EXPECT_EQ(o[9], -1.5f);
  EXPECT_EQ(o[10], float(-(1ll << 33)));
}

TEST(HipKernels, ThreeDimensionalIds) {
  std::unique_ptr<emu::Module> module = load("abi_gfx1201");
  ASSERT_TRUE(module);
  const emu::Kernel *k = llvm::cantFail(module->getKernel("ids"));
  const unsigned gx = 3, gy = 2, gz = 2, bx = 8, by = 4, bz = 2;
  const unsigned nx = gx * bx, ny = gy * by, nz = gz * bz;
  Buffer out(size_t(nx) * ny * nz * 4 * 4);
  void *params[] = {&out.ptr};
  llvm::Error err = module->launch(*k, {gx, gy, gz}, {bx, by, bz}, 0, params);
  ASSERT_FALSE(bool(err)) << llvm::toString(std::move(err));
  const int *o = out.as<int>();
  for (unsigned z = 0; z < nz; ++z)
    for (unsigned y = 0; y < ny; ++y)
      for (unsigned x = 0; x < nx; ++x) {
        const int *r = o + ((z * ny + y) * nx + x) * 4;
        ASSERT_EQ(r[0], int(x));
        ASSERT_EQ(r[1], int(y));
        ASSERT_EQ(r[2], int(z));
        ASSERT_EQ(r[3], int(bx * 10000 + by * 100 + bz));
      }
}

TEST(HipKernels, LdsThroughDeviceFunctionsDynamicLdsAndAtomics) {
  std::unique_ptr<emu::Module> module = load("abi_gfx1201");
  ASSERT_TRUE(module);
  const emu::Kernel *k = llvm::cantFail(module->getKernel("lds_and_atomics"));
  EXPECT_EQ(k->getStaticLdsBytes(), 64u * 4);
  const unsigned groups = 6, n = 256;
  Buffer slots(64 * 4), total(4), rev(groups * n * 4);
  void *params[] = {&slots.ptr, &total.ptr, &rev.ptr};
  llvm::Error err =
      module->launch(*k, {groups, 1, 1}, {n, 1, 1}, n * 4, params);
  ASSERT_FALSE(bool(err)) << llvm::toString(std::move(err));
  EXPECT_EQ(total.as<int>()[0], int(groups * n));
  for (unsigned s = 0; s < 64; ++s)
    EXPECT_EQ(slots.as<int>()[s], int(groups * n / 64)) << "slot " << s;
  for (unsigned g = 0; g < groups; ++g)
    for (unsigned t = 0; t < n; ++t)
      ASSERT_EQ(rev.as<int>()[g * n + t], int(n - 1 - t));
}

TEST(HipKernels, LoopWithBarriers) {
  std::unique_ptr<emu::Module> module = load("abi_gfx1201");
  ASSERT_TRUE(module);
  const emu::Kernel *k = llvm::cantFail(module->getKernel("loop_barrier"));
  const int steps = 40;
  Buffer in(steps * 256 * 4), out(256 * 4);
  for (int i = 0; i < steps * 256; ++i)
    in.as<int>()[i] = i * 7 % 1000;
  void *params[] = {&in.ptr, &out.ptr, const_cast<int *>(&steps)};
  llvm::Error err = module->launch(*k, {1, 1, 1}, {256, 1, 1}, 0, params);
  ASSERT_FALSE(bool(err)) << llvm::toString(std::move(err));
  for (int t = 0; t < 256; ++t) {
    int want = 0;
    for (int s = 0; s < steps; ++s)
      want += in.as<int>()[s * 256 + (t + s) % 256];
    ASSERT_EQ(out.as<int>()[t], want) << "work-item " << t;
  }
}

//===----------------------------------------------------------------------===//
// Faults
//===----------------------------------------------------------------------===//

std::string launchError(emu::Module &module, const char *kernel, emu::Dim3 grid,
                        emu::Dim3 block, void **params) {
  llvm::Expected<const emu::Kernel *> k = module.getKernel(kernel);
  if (!k)
    return "no kernel: " + llvm::toString(k.takeError());
  llvm::Error err = module.launch(**k, grid, block, 0, params);
  return err ? llvm::toString(std::move(err)) : "";
}

TEST(HipKernels, BoundsCheckerCatchesPlantedOutOfBoundsStore) {
  emu::Options options;
  options.boundsCheck = true;
  std::unique_ptr<emu::Module> module = load("faults_gfx1201", options);
  ASSERT_TRUE(module);
  Buffer out(128 * 4, "output buffer");
  int n = 128;
  void *params[] = {&out.ptr, &n};
  std::string err =
      launchError(*module, "oob_store", {2, 1, 1}, {64, 1, 1}, params);
  EXPECT_NE(err.find("kernel 'oob_store'"), std::string::npos) << err;
  EXPECT_NE(err.find("work-item (63, 0, 0)"), std::string::npos) << err;
  EXPECT_NE(err.find("work-group (1, 0, 0)"), std::string::npos) << err;
  EXPECT_NE(err.find("out-of-bounds store of 4 bytes"), std::string::npos)
      << err;
  EXPECT_NE(err.find("0 bytes past the end of the 512-byte output buffer"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("faults_gfx1201.hip:18"), std::string::npos) << err;
  // Within bounds (n = 127: the extra store hits element 127) it runs.
  n = 127;
  EXPECT_EQ(launchError(*module, "oob_store", {2, 1, 1}, {64, 1, 1}, params),
            "");
}

TEST(HipKernels, BoundsCheckerCatchesLdsOverrun) {
  emu::Options options;
  options.boundsCheck = true;
  std::unique_ptr<emu::Module> module = load("faults_gfx1201", options);
  ASSERT_TRUE(module);
  Buffer out(64 * 4);
  void *params[] = {&out.ptr};
  std::string err = launchError(*module, "lds_oob", {1, 1, 1}, {64, 1, 1}, params);
  EXPECT_NE(err.find("out-of-bounds load"), std::string::npos) << err;
  EXPECT_NE(err.find("is past the end of the work-group's 256-byte LDS"),
            std::string::npos)
      << err;
}

TEST(HipKernels, MatrixInstructionReachedByHalfAWave) {
  std::unique_ptr<emu::Module> module = load("faults_gfx1201");
  ASSERT_TRUE(module);
  Buffer out(64 * 4);
  void *params[] = {&out.ptr};
  std::string err =
      launchError(*module, "divergent_swmmac", {1, 1, 1}, {64, 1, 1}, params);
  EXPECT_NE(err.find("reached by only 16 of the 32 lanes of wave 0"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("llvm.amdgcn.swmmac.f32.16x16x32.f16"), std::string::npos)
      << err;
}

TEST(HipKernels, BarrierDeadlockIsReported) {
  emu::Options options;
  options.stallSeconds = 0.5;
  std::unique_ptr<emu::Module> module = load("faults_gfx1201", options);
  ASSERT_TRUE(module);
  Buffer flag(4);
  void *params[] = {&flag.ptr};
  std::string err =
      launchError(*module, "barrier_deadlock", {1, 1, 1}, {64, 1, 1}, params);
  EXPECT_NE(err.find("barrier deadlock"), std::string::npos) << err;
  EXPECT_NE(err.find("32 lanes are running (wave 1); 32 lanes wait at a "
                     "barrier (wave 0)"),
            std::string::npos)
      << err;
  // The barrier, by function and source location, and who waits there.
  EXPECT_NE(err.find("the barrier: 'llvm.amdgcn.s.barrier' in function "
                     "'barrier_deadlock' at "),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("faults_gfx1201.hip:"), std::string::npos) << err;
  EXPECT_NE(err.find("(wave 0)"), std::string::npos) << err;
}

TEST(HipKernels, DivergentBarrierIsReportedAtOnce) {
  // No time limit is needed: the barrier is reported when its last lane
  // arrives.
  emu::Options options;
  options.stallSeconds = 1000;
  options.hangSeconds = 1000;
  options.timeoutSeconds = 1000;
  std::unique_ptr<emu::Module> module = load("faults_gfx1201", options);
  ASSERT_TRUE(module);
  Buffer out(64 * 4);
  void *params[] = {&out.ptr};
  auto start = std::chrono::steady_clock::now();
  std::string err =
      launchError(*module, "divergent_barrier", {1, 1, 1}, {64, 1, 1}, params);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
  EXPECT_NE(err.find("kernel 'divergent_barrier': work-group (0, 0, 0): "
                     "barrier in divergent code: the lanes of wave 0 wait at "
                     "two different barriers"),
            std::string::npos)
      << err;
  // Both barriers, by source location.
  EXPECT_NE(err.find("lanes 0, 1, 2, 3, 4, 5, 6, 7, ... at "
                     "'llvm.amdgcn.s.barrier"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("faults_gfx1201.hip:"), std::string::npos) << err;
  EXPECT_NE(err.find("lanes 16, 17, 18"), std::string::npos) << err;
}

TEST(HipKernels, WaveThatEndsLeavesTheBarrierToTheOthers) {
  std::unique_ptr<emu::Module> module = load("abi_gfx1201");
  ASSERT_TRUE(module);
  Buffer out(64 * 4);
  for (int i = 0; i < 64; ++i)
    out.as<int>()[i] = -1;
  void *params[] = {&out.ptr};
  EXPECT_EQ(launchError(*module, "early_exit_barrier", {2, 1, 1}, {64, 1, 1},
                        params),
            "");
  for (int t = 0; t < 32; ++t)
    EXPECT_EQ(out.as<int>()[t], 3 * (31 - t)) << "work-item " << t;
  for (int t = 32; t < 64; ++t)
    EXPECT_EQ(out.as<int>()[t], -1) << "work-item " << t;
}

TEST(HipKernels, LaunchTimeout) {
  emu::Options options;
  options.timeoutSeconds = 0.5;
  options.stallSeconds = 100;
  std::unique_ptr<emu::Module> module = load("faults_gfx1201", options);
  ASSERT_TRUE(module);
  Buffer flag(4);
  void *params[] = {&flag.ptr};
  std::string err =
      launchError(*module, "barrier_deadlock", {1, 1, 1}, {64, 1, 1}, params);
  EXPECT_NE(err.find("did not finish within 0.50 s"), std::string::npos)
      << err;
}

TEST(HipKernels, TrapNamesTheLane) {
  std::unique_ptr<emu::Module> module = load("faults_gfx1201");
  ASSERT_TRUE(module);
  Buffer out(64 * 4);
  void *params[] = {&out.ptr};
  std::string err =
      launchError(*module, "trap_in_lane", {1, 1, 1}, {64, 1, 1}, params);
  EXPECT_NE(err.find("work-item (5, 0, 0)"), std::string::npos) << err;
  EXPECT_NE(err.find("executed a trap"), std::string::npos) << err;
}

TEST(HipKernels, SegmentationFaultNamesTheLane) {
  std::unique_ptr<emu::Module> module = load("faults_gfx1201");
  ASSERT_TRUE(module);
  Buffer out(256 * 4);
  void *null = nullptr;
  int who = 200; // work-group 3, work-item 8
  void *params[] = {&null, &out.ptr, &who};
  std::string err =
      launchError(*module, "wild_store", {4, 1, 1}, {64, 1, 1}, params);
  EXPECT_NE(err.find("kernel 'wild_store': work-group (3, 0, 0), work-item "
                     "(8, 0, 0) (wave 0, lane 8)"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("invalid memory access at 0x320 (SIGSEGV)"),
            std::string::npos)
      << err;
  // The emulator is still sound: the same kernel without the wild store.
  who = -1;
  EXPECT_EQ(launchError(*module, "wild_store", {4, 1, 1}, {64, 1, 1}, params),
            "");
  for (int i = 0; i < 256; ++i)
    ASSERT_EQ(out.as<int>()[i], i);
}

TEST(HipKernels, IntegerDivisionByZeroNamesTheLane) {
  std::unique_ptr<emu::Module> module = load("faults_gfx1201");
  ASSERT_TRUE(module);
  Buffer out(64 * 4), num(64 * 4), den(64 * 4);
  for (int i = 0; i < 64; ++i) {
    num.as<int>()[i] = 1000 + i;
    den.as<int>()[i] = i % 7 + 1;
  }
  void *params[] = {&out.ptr, &num.ptr, &den.ptr};
  ASSERT_EQ(launchError(*module, "divide", {1, 1, 1}, {64, 1, 1}, params), "");
  for (int i = 0; i < 64; ++i)
    ASSERT_EQ(out.as<int>()[i], (1000 + i) / (i % 7 + 1));
  den.as<int>()[37] = 0;
  std::string err =
      launchError(*module, "divide", {1, 1, 1}, {64, 1, 1}, params);
  EXPECT_NE(err.find("work-item (37, 0, 0) (wave 1, lane 5)"),
            std::string::npos)
      << err;
  EXPECT_NE(err.find("integer division by zero"), std::string::npos) << err;
}

TEST(HipKernels, StackOverflowIsReported) {
  std::unique_ptr<emu::Module> module = load("faults_gfx1201");
  ASSERT_TRUE(module);
  Buffer out(64 * 4);
  int n = 128 * 1024;
  void *params[] = {&out.ptr, &n};
  std::string err = launchError(*module, "big_private_array", {1, 1, 1},
                                {32, 1, 1}, params);
  EXPECT_NE(err.find("stack overflow: the lane needs more than its 256 KiB"),
            std::string::npos)
      << err;
  // With 1 MiB stacks the 512 KiB array fits.
  emu::Options options;
  options.stackKiB = 1024;
  std::unique_ptr<emu::Module> roomy = load("faults_gfx1201", options);
  ASSERT_TRUE(roomy);
  EXPECT_EQ(launchError(*roomy, "big_private_array", {1, 1, 1}, {32, 1, 1},
                        params),
            "");
  EXPECT_EQ(out.as<int>()[31], n - 1);
}

TEST(HipKernels, InvalidLaunchDimensions) {
  std::unique_ptr<emu::Module> module = load("faults_gfx1201");
  ASSERT_TRUE(module);
  Buffer out(64 * 4);
  void *params[] = {&out.ptr};
  EXPECT_NE(launchError(*module, "trap_in_lane", {0, 1, 1}, {64, 1, 1}, params)
                .find("the grid has no work-groups"),
            std::string::npos);
  EXPECT_NE(launchError(*module, "trap_in_lane", {1, 1, 1}, {0, 1, 1}, params)
                .find("the work-group has no work-items"),
            std::string::npos);
  EXPECT_NE(
      launchError(*module, "trap_in_lane", {1, 1, 1}, {2048, 1, 1}, params)
          .find("at most 1024 work-items"),
      std::string::npos);
  llvm::Expected<const emu::Kernel *> k = module->getKernel("lds_oob");
  ASSERT_TRUE(bool(k));
  llvm::Error e = module->launch(**k, {1, 1, 1}, {64, 1, 1}, 70000, params);
  std::string msg = llvm::toString(std::move(e));
  EXPECT_NE(msg.find("bytes of LDS"), std::string::npos) << msg;
}

} // namespace
