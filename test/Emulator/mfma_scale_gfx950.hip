//===- mfma_scale_gfx950.hip - OCP MX block-scaled matmul on gfx950 -------===//
//
// D = (A * 2^SA) x (B * 2^SB) + C with gfx950's block-scaled MFMA,
// __builtin_amdgcn_mfma_scale_f32_{16x16x128,32x32x64}_f8f6f4 (clang 22:
// A, B, C, cbsz (A's format), blgp (B's format), op_sel of A's scale, A's
// scale word, op_sel of B's scale, B's scale word; formats 0 fp8, 1 bf8,
// 2 fp6, 3 bf6, 4 fp4). Written from the public descriptions of the
// instruction, independently of mcore's intrinsic catalog; HipKernelTest.cpp
// runs it on the emulator and compares every element of D with a CPU
// reference.
//
// Memory: A is M x K and B is N x K (B transposed), one element per byte in
// the low 4, 6 or 8 bits; SA is M x K/32 and SB N x K/32 E8M0 bytes, one
// scale per row (column) and block of 32 consecutive k; C is M x N f32.
//
// Per-lane fragments (wave64; T = 16 or 32 is the tile, lane L covers row
// (A) or column (B) L % T, q = L / T is its group of T lanes, KI the
// instruction's K):
//   6- and 4-bit A/B: value e of the lane is k = 32 q + e, packed at bit
//     e * bits of the <6 x i32> / <4 x i32> (clang takes an <8 x i32> and
//     passes its low words), as every gfx9 MFMA with 32 values per lane;
//   8-bit A/B: two runs of 16, value e is k = (e / 16) KI / 2 + 16 q +
//     e % 16 (composable_kernel ck_tile/core/arch/mma/scale/scale_gfx9.hpp:
//     "8-bit datatypes require a NumAccess of 2");
//   scales: byte op_sel of the lane's word is the scale of its row (column)
//     and block q of the step's KI / 32 (IREE's MFMA_SCALE_F32_*_B32
//     layouts; the op_sel of v_mfma_ld_scale_b32);
//   D: 16x16 element v is row 4 q + v; 32x32 element v is row 8 (v / 4) +
//     4 q + v % 4 (AMD's matrix instruction calculator, every gfx9 MFMA).
// The other three bytes of each scale word are junk (0xFF, a NaN scale,
// among them), and the op_sels change from step to step, so a scale taken
// from the wrong byte, block or lane shows in D.
//
// One wave computes one T x T tile; the grid covers M x N.
//
//===----------------------------------------------------------------------===//

#include "hip_prelude.h"

typedef int v8int __attribute__((ext_vector_type(8)));
typedef float v16float __attribute__((ext_vector_type(16)));

namespace {

constexpr int formatBits(int format) {
  return format <= 1 ? 8 : format <= 3 ? 6 : 4;
}

/// The lane's 32 values of row (column) `row` for the step at k0.
template <int Format, int KI>
__device__ v8int pack(const unsigned char *row, int k0, int q) {
  constexpr int bits = formatBits(Format);
  unsigned words[8] = {};
  for (int e = 0; e < 32; ++e) {
    int k = bits == 8 ? (e / 16) * (KI / 2) + 16 * q + e % 16 : 32 * q + e;
    unsigned v = row[k0 + k] & ((1u << bits) - 1);
    int bit = e * bits;
    words[bit / 32] |= v << (bit % 32);
    if (bit % 32 + bits > 32) // a 6-bit value straddling two registers
      words[bit / 32 + 1] |= v >> (32 - bit % 32);
  }
  v8int r;
  for (int w = 0; w < 8; ++w)
    r[w] = int(words[w]);
  return r;
}

/// The scale byte at byte `sel` of a word whose other bytes are junk.
__device__ int scaleWord(unsigned char scale, int sel, int lane, int step) {
  unsigned junk = 0x9E3779B9u * unsigned(lane + 64 * step + 1);
  junk |= 0xFFu << (8 * ((sel + 1) % 4)); // a NaN scale beside it
  unsigned mask = 0xFFu << (8 * sel);
  return int((junk & ~mask) | (unsigned(scale) << (8 * sel)));
}

template <int T> __device__ int accRow(int q, int v) {
  return T == 16 ? 4 * q + v : 8 * (v / 4) + 4 * q + v % 4;
}

/// The matmul with T x T x KI instructions; the op_sels cycle through
/// (0, 3), (1, 2), (2, 1), (3, 0) with the K step.
template <int T, int KI, int CBSZ, int BLGP, typename Acc>
__device__ void mxMatmul(const unsigned char *a, const unsigned char *b,
                         const unsigned char *sa, const unsigned char *sb,
                         float *c, int N, int K) {
  constexpr int values = T * T / 64;
  int lane = threadIdx_x % 64;
  int row0 = blockIdx_y * T, col0 = blockIdx_x * T;
  int r = lane % T, q = lane / T;
  Acc acc;
  for (int v = 0; v < values; ++v)
    acc[v] = c[(row0 + accRow<T>(q, v)) * N + col0 + r];
  const unsigned char *arow = a + (row0 + r) * K;
  const unsigned char *brow = b + (col0 + r) * K;
  int blocks = K / 32;
  int step = 0;
  for (int k0 = 0; k0 < K; k0 += KI, ++step) {
    v8int av = pack<CBSZ, KI>(arow, k0, q);
    v8int bv = pack<BLGP, KI>(brow, k0, q);
    unsigned char s = sa[(row0 + r) * blocks + k0 / 32 + q];
    unsigned char t = sb[(col0 + r) * blocks + k0 / 32 + q];
#define MX_STEP(SELA, SELB)                                                    \
  if constexpr (T == 16)                                                       \
    acc = __builtin_amdgcn_mfma_scale_f32_16x16x128_f8f6f4(                    \
        av, bv, acc, CBSZ, BLGP, SELA, scaleWord(s, SELA, lane, step), SELB,   \
        scaleWord(t, SELB, lane, step));                                       \
  else                                                                         \
    acc = __builtin_amdgcn_mfma_scale_f32_32x32x64_f8f6f4(                     \
        av, bv, acc, CBSZ, BLGP, SELA, scaleWord(s, SELA, lane, step), SELB,   \
        scaleWord(t, SELB, lane, step));
    switch (step % 4) {
    case 0:
      MX_STEP(0, 3);
      break;
    case 1:
      MX_STEP(1, 2);
      break;
    case 2:
      MX_STEP(2, 1);
      break;
    default:
      MX_STEP(3, 0);
      break;
    }
#undef MX_STEP
  }
  for (int v = 0; v < values; ++v)
    c[(row0 + accRow<T>(q, v)) * N + col0 + r] = acc[v];
}

} // namespace

#define MX_KERNEL(NAME, T, KI, CBSZ, BLGP, ACC)                                \
  extern "C" __global__ void NAME(const unsigned char *a,                      \
                                  const unsigned char *b,                      \
                                  const unsigned char *sa,                     \
                                  const unsigned char *sb, float *c, int N,    \
                                  int K) {                                     \
    mxMatmul<T, KI, CBSZ, BLGP, ACC>(a, b, sa, sb, c, N, K);                   \
  }

// 16x16x128: fp4 x fp4, fp8 x fp6, bf6 x bf8, fp6 x fp4.
MX_KERNEL(mx16_fp4_fp4, 16, 128, 4, 4, v4float)
MX_KERNEL(mx16_fp8_fp6, 16, 128, 0, 2, v4float)
MX_KERNEL(mx16_bf6_bf8, 16, 128, 3, 1, v4float)
MX_KERNEL(mx16_fp6_fp4, 16, 128, 2, 4, v4float)
// 32x32x64: fp4 x fp4, fp8 x fp6, bf8 x fp4.
MX_KERNEL(mx32_fp4_fp4, 32, 64, 4, 4, v16float)
MX_KERNEL(mx32_fp8_fp6, 32, 64, 0, 2, v16float)
MX_KERNEL(mx32_bf8_fp4, 32, 64, 1, 4, v16float)
