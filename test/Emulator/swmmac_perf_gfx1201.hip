//===- swmmac_perf_gfx1201.hip - A tiled 2:4 sparse matmul for timing -----===//
//
// The kernel the emulator's performance is measured with (benchmarks/; its
// results are checked in unittests/Emulator/HipKernelTest.cpp): C += A x B
// with a 2:4-sparse f16 A
// (compressed values and one position nibble per group, as in
// swmmac_gfx1201.hip), f16 B and f32 C, on gfx1201 with
// __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32.
//
// A work-group of 8 waves computes a 128x128 tile of C: waves are arranged
// 2 (rows) x 4 (columns), each computing 64x32 (4 x 2 tiles of 16x16). The K
// loop stages 64 dense K per iteration through LDS: the compressed A tile
// (128 x 32 halves), its position nibbles (128 x 16) and B transposed
// (128 x 64 halves), so that every lane reads its fragments as contiguous
// runs. M, N and K must be multiples of 128, 128 and 64.
//
// Fragments as in swmmac_gfx1201.hip (the tables of AMD's "RDNA4 sparse
// WMMA builtins" page; per-lane index words, field f of a lane for its own
// A element f).
//
//===----------------------------------------------------------------------===//

#include "hip_prelude.h"

#define TILE_M 128
#define TILE_N 128
#define TILE_K 64

typedef __fp16 v4fp16 __attribute__((ext_vector_type(4)));

extern "C" __global__ void __attribute__((amdgpu_flat_work_group_size(256, 256)))
swmmac_f16_matmul_tiled(const __fp16 *acomp, const unsigned *ameta,
                        const __fp16 *b, float *c, int M, int N, int K) {
  __shared__ __fp16 As[TILE_M][TILE_K / 2];  // compressed A
  __shared__ unsigned Ameta[TILE_M][TILE_K / 32];
  __shared__ __fp16 Bt[TILE_N][TILE_K];      // B transposed: Bt[n][k]

  int tid = threadIdx_x;
  int lane = tid % 32, wave = tid / 32;
  int r = lane % 16, h = lane / 16;
  int waveRow = (wave / 4) * 64, waveCol = (wave % 4) * 32;
  int blockRow = blockIdx_y * TILE_M, blockCol = blockIdx_x * TILE_N;
  int metaWords = K / 32;

  v8float acc[4][2];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 2; ++j)
      for (int g = 0; g < 8; ++g)
        acc[i][j][g] = c[(size_t)(blockRow + waveRow + 16 * i + 8 * h + g) * N +
                         blockCol + waveCol + 16 * j + r];

  for (int k0 = 0; k0 < K; k0 += TILE_K) {
    // Stage A: 128 rows x 32 halves, 16 halves per thread.
    {
      int row = tid / 2, part = (tid % 2) * 16;
      const __fp16 *src = acomp + (size_t)(blockRow + row) * (K / 2) + k0 / 2 + part;
      for (int e = 0; e < 16; ++e)
        As[row][part + e] = src[e];
    }
    // Stage the position nibbles: 2 words per row.
    {
      int row = tid / 2, w = tid % 2;
      Ameta[row][w] = ameta[(size_t)(blockRow + row) * metaWords + k0 / 32 + w];
    }
    // Stage B transposed: 64 x 128 halves, 32 per thread.
    {
      int krow = tid / 4, part = (tid % 4) * 32;
      const __fp16 *src = b + (size_t)(k0 + krow) * N + blockCol + part;
      for (int e = 0; e < 32; ++e)
        Bt[part + e][krow] = src[e];
    }
    __syncthreads();

    for (int ks = 0; ks < TILE_K; ks += 32) {
      v8fp16 afrag[4];
      int aidx[4];
      for (int i = 0; i < 4; ++i) {
        int row = waveRow + 16 * i + r;
        const __fp16 *arow = &As[row][ks / 2];
        for (int e = 0; e < 8; ++e)
          afrag[i][e] = arow[8 * (e / 4) + 4 * h + e % 4];
        unsigned idx = 0;
        for (int n = 0; n < 4; ++n) {
          int group = ks / 4 + 4 * (n / 2) + 2 * h + n % 2; // within the tile
          unsigned word = Ameta[row][group / 8];
          idx |= ((word >> (4 * (group % 8))) & 0xFu) << (4 * n);
        }
        aidx[i] = (int)idx;
      }
      v16fp16 bfrag[2];
      for (int j = 0; j < 2; ++j) {
        const __fp16 *bcol = &Bt[waveCol + 16 * j + r][ks];
        for (int e = 0; e < 16; ++e)
          bfrag[j][e] = bcol[16 * (e / 8) + 8 * h + e % 8];
      }
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 2; ++j)
          acc[i][j] = __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(
              afrag[i], bfrag[j], acc[i][j], aidx[i]);
    }
    __syncthreads();
  }

  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 2; ++j)
      for (int g = 0; g < 8; ++g)
        c[(size_t)(blockRow + waveRow + 16 * i + 8 * h + g) * N + blockCol +
          waveCol + 16 * j + r] = acc[i][j][g];
}
