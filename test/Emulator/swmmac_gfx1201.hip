//===- swmmac_gfx1201.hip - 2:4 sparse matmul with RDNA4 SWMMAC -----------===//
//
// C = A x B + C with a 2:4-sparse A, on gfx1201 with
// __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32. Written from AMD's builtin
// documentation (the HIP page "RDNA4 sparse WMMA builtins"), independently
// of mcore's intrinsic catalog: the emulator test
// (unittests/Emulator/HipKernelTest.cpp) runs it and compares with a CPU
// matmul.
//
// A arrives compressed: acomp is M x K/2 halves, the two kept values of
// every group of four along K in increasing position order; ameta is
// M x K/32 words, group g of row i being the nibble at bits [4*(g%8), +4)
// of word (i, g/8), its bits [1:0] the position (0-3) of acomp[i][2g] and
// [3:2] that of acomp[i][2g+1]. B is K x N and C is M x N, row-major.
//
// Per-lane fragments of v_swmmac_f32_16x16x32_f16 (that page's tables; lane
// L covers row or column L % 16, h = L / 16 is its half of the wave):
//   A  element e = compressed k 8*(e/4) + 4*h + e%4 of the step's 16;
//   B  element e = dense k 16*(e/8) + 8*h + e%8 of the step's 32;
//   D  element g = row 8*h + g.
// The index: every lane carries its own word. Its 2-bit field f gives the
// position of the lane's A element f, so nibble n (elements 2n and 2n+1)
// is group 4*(n/2) + 2*h + n%2 of the step (AMD matrix instruction
// calculator; CK compress_a_impl). The page's example, which loads one word
// per row for lanes L and L+16, is right only when every group of the row
// has the same pattern.
//
// One wave computes one 16x16 tile; a work-group of 4 waves a 32x32 tile.
//
//===----------------------------------------------------------------------===//

#include "hip_prelude.h"

extern "C" __global__ void swmmac_f16_matmul(const __fp16 *acomp,
                                             const unsigned *ameta,
                                             const __fp16 *b, float *c,
                                             int M, int N, int K) {
  int lane = threadIdx_x % 32;
  int wave = threadIdx_x / 32;
  int row0 = blockIdx_y * 32 + (wave / 2) * 16;
  int col0 = blockIdx_x * 32 + (wave % 2) * 16;
  int r = lane % 16, h = lane / 16;
  int metaWords = K / 32;

  v8float acc;
  for (int g = 0; g < 8; ++g)
    acc[g] = c[(row0 + 8 * h + g) * N + col0 + r];

  for (int k0 = 0; k0 < K; k0 += 32) {
    const __fp16 *arow = acomp + (row0 + r) * (K / 2) + k0 / 2;
    v8fp16 a;
    for (int e = 0; e < 8; ++e)
      a[e] = arow[8 * (e / 4) + 4 * h + e % 4];
    unsigned idx = 0;
    for (int n = 0; n < 4; ++n) {
      int group = k0 / 4 + 4 * (n / 2) + 2 * h + n % 2;
      unsigned word = ameta[(row0 + r) * metaWords + group / 8];
      idx |= ((word >> (4 * (group % 8))) & 0xFu) << (4 * n);
    }
    v16fp16 bf;
    for (int e = 0; e < 16; ++e)
      bf[e] = b[(k0 + 16 * (e / 8) + 8 * h + e % 8) * N + col0 + r];
    acc = __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(a, bf, acc, (int)idx);
  }

  for (int g = 0; g < 8; ++g)
    c[(row0 + 8 * h + g) * N + col0 + r] = acc[g];
}
