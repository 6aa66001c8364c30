//===- wmma_scale_gfx1250.hip - OCP MX matmuls with gfx1250's WMMA --------===//
//
// D = (A * SA) x (B * SB) + C with gfx1250's f8f6f4 and f4 WMMA, plain and
// block-scaled: __builtin_amdgcn_wmma_{,scale_,scale16_}f32_16x16x128_f8f6f4
// and __builtin_amdgcn_wmma_{,scale_,scale16_}f32_32x16x128_f4 (clang 22:
// [A's format,] A, [B's format,] B, C_mod, C[, matrix_a_scale,
// matrix_a_scale_fmt, A's scale, the same for B, reuse_a, reuse_b];
// formats 0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4; scale formats 0 E8M0, 2 E4M3).
// Written from the public descriptions of the instructions, independently
// of mcore's intrinsic catalog; HipKernelTest.cpp runs it on the emulator
// and compares every element of D with a CPU reference.
//
// Memory as in mfma_scale_gfx950.hip: A M x K and B N x K (B transposed),
// one element per byte; SA M x K/S and SB N x K/S scale bytes (S = 32, or
// 16 for scale16); C M x N f32.
//
// Per-lane fragments (wave32; lane L, r = L % 16, h = L / 16):
//   A/B: row (column) r, 64 values; an 8-bit value e is k = 32 (e / 16) +
//     16 h + e % 16, a 6- or 4-bit value e is k = 64 (e / 32) + 32 h +
//     e % 32 (rocjitsu, AMD's gfx1250 emulator: "each operand format
//     stores contiguous K ranges in each lane group: 16 values for 8-bit
//     inputs and 32 values for 4/6-bit inputs"; CK ck_tile
//     scale_gfx125.hpp: NumAccess 4 / 2 for the 8-bit / 6- and 4-bit
//     operand of a mixed pair); the 32-row f4 A holds row r in registers
//     0-7 and row 16 + r in registers 8-15;
//   scales: byte b of the scale word (i32: 4 blocks of 32 k; i64: 8 blocks
//     of 16) of lane r + 16 matrix_*_scale is block b of row (column) r;
//     the 32-row A's scales are in lane L for row L (MLIR 22's
//     amdgpu.scaled_wmma: scales start at lane 0 or 16, all 32 lanes when
//     they need them);
//   D: 16x16 element v is row 8 h + v; 32x16 element v is row 16 (v / 8) +
//     8 h + v % 8 (rocjitsu wmma_output_loc_32).
// The lanes that hold no scales of the operand get junk (0xFF, a NaN
// E8M0 scale, among it), and matrix_*_scale changes per K step, so a scale
// read from the wrong lane, byte or half shows in D.
//
// One wave computes one M x 16 tile; the grid covers M x N.
//
//===----------------------------------------------------------------------===//

#include "hip_prelude.h"

typedef int v8int __attribute__((ext_vector_type(8)));
typedef int v16int __attribute__((ext_vector_type(16)));
typedef float v16float __attribute__((ext_vector_type(16)));

namespace {

constexpr int formatBits(int format) {
  return format <= 1 ? 8 : format <= 3 ? 6 : 4;
}

/// Row (column) `row`'s 64 values of the lane half `h` for the step at k0,
/// packed from register `reg0` of `words`.
template <int Format>
__device__ void pack(unsigned *words, int reg0, const unsigned char *row,
                     int k0, int h) {
  constexpr int bits = formatBits(Format);
  for (int e = 0; e < 64; ++e) {
    int k = bits == 8 ? 32 * (e / 16) + 16 * h + e % 16
                      : 64 * (e / 32) + 32 * h + e % 32;
    unsigned v = row[k0 + k] & ((1u << bits) - 1);
    int bit = e * bits;
    words[reg0 + bit / 32] |= v << (bit % 32);
    if (bit % 32 + bits > 32) // a 6-bit value straddling two registers
      words[reg0 + bit / 32 + 1] |= v >> (32 - bit % 32);
  }
}

template <int Format> __device__ v16int packed(const unsigned char *row,
                                               int k0, int h) {
  unsigned words[16] = {};
  pack<Format>(words, 0, row, k0, h);
  v16int r;
  for (int w = 0; w < 16; ++w)
    r[w] = int(words[w]);
  return r;
}

/// The scale word (S = 32: 4 bytes; S = 16: 8) a lane holds: the K step's
/// scales of `row` when `mine`, else junk with a NaN E8M0 byte in it.
template <int S>
__device__ unsigned long long scaleWord(const unsigned char *scales, int row,
                                        int blocks, int k0, bool mine,
                                        int lane, int step) {
  constexpr int n = 128 / S;
  unsigned long long w = 0;
  if (mine) {
    for (int b = 0; b < n; ++b)
      w |= (unsigned long long)scales[row * blocks + k0 / S + b] << (8 * b);
    return w;
  }
  w = 0x9E3779B97F4A7C15ull * (unsigned long long)(lane + 32 * step + 1);
  w |= 0xFFull << (8 * (step % n));
  return n == 4 ? (w & 0xFFFFFFFFull) : w;
}

/// The 16x16x128 f8f6f4 matmul; Mode 0 plain, 1 scale, 2 scale16. The
/// matrix_*_scale pairs cycle through (0, 1), (1, 0), (1, 1), (0, 0).
template <int Mode, int FA, int FB, int SFA, int SFB>
__device__ void wmma16(const unsigned char *a, const unsigned char *b,
                       const unsigned char *sa, const unsigned char *sb,
                       float *c, int N, int K) {
  int lane = threadIdx_x % 32, r = lane % 16, h = lane / 16;
  int row0 = blockIdx_y * 16, col0 = blockIdx_x * 16;
  v8float acc;
  for (int v = 0; v < 8; ++v)
    acc[v] = c[(row0 + 8 * h + v) * N + col0 + r];
  constexpr int S = Mode == 2 ? 16 : 32;
  int blocks = K / S, step = 0;
  for (int k0 = 0; k0 < K; k0 += 128, ++step) {
    v16int av = packed<FA>(a + (row0 + r) * K, k0, h);
    v16int bv = packed<FB>(b + (col0 + r) * K, k0, h);
    if constexpr (Mode == 0) {
      acc = __builtin_amdgcn_wmma_f32_16x16x128_f8f6f4(FA, av, FB, bv, 0,
                                                        acc);
    } else {
#define WMMA16_STEP(SELA, SELB)                                                \
  {                                                                            \
    auto wa = scaleWord<S>(sa, row0 + r, blocks, k0, h == SELA, lane, step);   \
    auto wb = scaleWord<S>(sb, col0 + r, blocks, k0, h == SELB, lane, step);   \
    if constexpr (Mode == 1)                                                   \
      acc = __builtin_amdgcn_wmma_scale_f32_16x16x128_f8f6f4(                  \
          FA, av, FB, bv, 0, acc, SELA, SFA, int(wa), SELB, SFB, int(wb),      \
          false, false);                                                       \
    else                                                                       \
      acc = __builtin_amdgcn_wmma_scale16_f32_16x16x128_f8f6f4(                \
          FA, av, FB, bv, 0, acc, SELA, SFA, (long)wa, SELB, SFB, (long)wb,    \
          false, false);                                                       \
  }
      switch (step % 4) {
      case 0:
        WMMA16_STEP(0, 1);
        break;
      case 1:
        WMMA16_STEP(1, 0);
        break;
      case 2:
        WMMA16_STEP(1, 1);
        break;
      default:
        WMMA16_STEP(0, 0);
        break;
      }
#undef WMMA16_STEP
    }
  }
  for (int v = 0; v < 8; ++v)
    c[(row0 + 8 * h + v) * N + col0 + r] = acc[v];
}

/// The 32x16x128 f4 matmul; Mode as above; matrix_b_scale alternates.
template <int Mode, int SFA, int SFB>
__device__ void wmma32(const unsigned char *a, const unsigned char *b,
                       const unsigned char *sa, const unsigned char *sb,
                       float *c, int N, int K) {
  int lane = threadIdx_x % 32, r = lane % 16, h = lane / 16;
  int row0 = blockIdx_y * 32, col0 = blockIdx_x * 16;
  v16float acc;
  for (int v = 0; v < 16; ++v)
    acc[v] = c[(row0 + 16 * (v / 8) + 8 * h + v % 8) * N + col0 + r];
  constexpr int S = Mode == 2 ? 16 : 32;
  int blocks = K / S, step = 0;
  for (int k0 = 0; k0 < K; k0 += 128, ++step) {
    unsigned words[16] = {};
    pack<4>(words, 0, a + (row0 + r) * K, k0, h);
    pack<4>(words, 8, a + (row0 + 16 + r) * K, k0, h);
    v16int av;
    for (int w = 0; w < 16; ++w)
      av[w] = int(words[w]);
    v16int bw = packed<4>(b + (col0 + r) * K, k0, h);
    v8int bv;
    for (int w = 0; w < 8; ++w)
      bv[w] = bw[w];
    if constexpr (Mode == 0) {
      acc = __builtin_amdgcn_wmma_f32_32x16x128_f4(av, bv, 0, acc);
    } else {
      // A: lane L holds row L's scales.
      auto wa = scaleWord<S>(sa, row0 + lane, blocks, k0, true, lane, step);
#define WMMA32_STEP(SELB)                                                      \
  {                                                                            \
    auto wb = scaleWord<S>(sb, col0 + r, blocks, k0, h == SELB, lane, step);   \
    if constexpr (Mode == 1)                                                   \
      acc = __builtin_amdgcn_wmma_scale_f32_32x16x128_f4(                      \
          av, bv, 0, acc, 0, SFA, int(wa), SELB, SFB, int(wb), false, false);  \
    else                                                                       \
      acc = __builtin_amdgcn_wmma_scale16_f32_32x16x128_f4(                    \
          av, bv, 0, acc, 0, SFA, (long)wa, SELB, SFB, (long)wb, false,        \
          false);                                                              \
  }
      if (step % 2)
        WMMA32_STEP(1)
      else
        WMMA32_STEP(0)
#undef WMMA32_STEP
    }
  }
  for (int v = 0; v < 16; ++v)
    c[(row0 + 16 * (v / 8) + 8 * h + v % 8) * N + col0 + r] = acc[v];
}

} // namespace

#define KERNEL_ARGS                                                            \
  const unsigned char *a, const unsigned char *b, const unsigned char *sa,     \
      const unsigned char *sb, float *c, int N, int K
#define W16(NAME, MODE, FA, FB, SFA, SFB)                                      \
  extern "C" __global__ void NAME(KERNEL_ARGS) {                               \
    wmma16<MODE, FA, FB, SFA, SFB>(a, b, sa, sb, c, N, K);                     \
  }
#define W32(NAME, MODE, SFA, SFB)                                              \
  extern "C" __global__ void NAME(KERNEL_ARGS) {                               \
    wmma32<MODE, SFA, SFB>(a, b, sa, sb, c, N, K);                             \
  }

// 16x16x128 f8f6f4: plain, scale (E8M0 / E4M3 scales), scale16.
W16(w16_fp4_fp4, 0, 4, 4, 0, 0)
W16(w16_fp8_fp6, 0, 0, 2, 0, 0)
W16(w16s_fp4_fp4, 1, 4, 4, 0, 0)
W16(w16s_fp8_fp6, 1, 0, 2, 0, 2)
W16(w16s_bf6_bf8, 1, 3, 1, 2, 0)
W16(w16s16_fp6_fp4, 2, 2, 4, 0, 2)
W16(w16s16_bf8_fp4, 2, 1, 4, 2, 0)
// 32x16x128 f4: plain, scale, scale16.
W32(w32_f4, 0, 0, 0)
W32(w32s_f4, 1, 0, 2)
W32(w32s16_f4, 2, 2, 0)
