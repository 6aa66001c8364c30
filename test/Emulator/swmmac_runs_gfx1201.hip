//===- swmmac_runs_gfx1201.hip - Seven runs of SWMMACs in one kernel -------===//
//
// C = A x B + C with a 2:4-sparse A on gfx1201, written so that the kernel
// has seven runs of matrix instructions (Rewrite/BatchMma.cpp): each wave
// computes a 32 x 16 tile of C as two 16x16 halves, two SWMMACs per k-step
// sharing one B (each its own A and index), and the k loop is unrolled by
// seven with a barrier after every k-step, which ends a run. The emulator
// keeps the operand rows of the first runs of a kernel from one meeting to
// the next (kCachedRuns, Runtime/WorkGroup.h) and reads those of the
// others afresh at every meeting; the loop's two iterations (K = 448) take
// both paths. Operands and fragments as in swmmac_gfx1201.hip (AMD's
// builtin documentation); unittests/Emulator/HipKernelTest.cpp compares C
// with a CPU matmul.
//
// One wave computes a 32x16 tile; a work-group of 4 waves a 64x32 tile.
//
//===----------------------------------------------------------------------===//

#include "hip_prelude.h"

extern "C" __global__ void swmmac_runs(const __fp16 *acomp,
                                       const unsigned *ameta,
                                       const __fp16 *b, float *c, int M,
                                       int N, int K) {
  int lane = threadIdx_x % 32;
  int wave = threadIdx_x / 32;
  int row0 = blockIdx_y * 64 + (wave / 2) * 32;
  int col0 = blockIdx_x * 32 + (wave % 2) * 16;
  int r = lane % 16, h = lane / 16;
  int metaWords = K / 32;

  v8float acc[2];
  for (int t = 0; t < 2; ++t)
    for (int g = 0; g < 8; ++g)
      acc[t][g] = c[(row0 + 16 * t + 8 * h + g) * N + col0 + r];

  for (int kb = 0; kb < K; kb += 7 * 32) {
#pragma unroll
    for (int s = 0; s < 7; ++s) {
      int k0 = kb + 32 * s;
      v16fp16 bf;
      for (int e = 0; e < 16; ++e)
        bf[e] = b[(k0 + 16 * (e / 8) + 8 * h + e % 8) * N + col0 + r];
      v8fp16 a[2];
      unsigned idx[2];
      for (int t = 0; t < 2; ++t) {
        int row = row0 + 16 * t + r;
        const __fp16 *arow = acomp + row * (K / 2) + k0 / 2;
        for (int e = 0; e < 8; ++e)
          a[t][e] = arow[8 * (e / 4) + 4 * h + e % 4];
        idx[t] = 0;
        for (int n = 0; n < 4; ++n) {
          int group = k0 / 4 + 4 * (n / 2) + 2 * h + n % 2;
          unsigned word = ameta[row * metaWords + group / 8];
          idx[t] |= ((word >> (4 * (group % 8))) & 0xFu) << (4 * n);
        }
      }
      acc[0] = __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(a[0], bf, acc[0],
                                                            (int)idx[0]);
      acc[1] = __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(a[1], bf, acc[1],
                                                            (int)idx[1]);
      __syncthreads();
    }
  }

  for (int t = 0; t < 2; ++t)
    for (int g = 0; g < 8; ++g)
      c[(row0 + 16 * t + 8 * h + g) * N + col0 + r] = acc[t][g];
}
