//===- smfmac_gfx942.hip - 2:4 sparse matmul with CDNA3 SMFMAC ------------===//
//
// C = A x B + C with a 2:4-sparse A, on gfx942 with
// __builtin_amdgcn_smfmac_f32_16x16x32_f16. Written from AMD's builtin
// documentation (the HIP page "CDNA and CDNA2 sparse MFMA builtins"),
// independently of mcore's intrinsic catalog; the emulator test runs it and
// compares with a CPU matmul. A, B and C are passed as in swmmac_gfx1201.hip
// (compressed values plus one nibble per group).
//
// Per-lane fragments of v_smfmac_f32_16x16x32_f16, wave64 (that page's
// load_a / load_b / store_c; lane L covers row or column L % 16, q = L / 16
// is its group of 16 lanes):
//   A  element e = compressed k 4*q + e of the step's 16;
//   B  element e = dense k 8*q + e of the step's 32;
//   D  element v = row 4*q + v.
// The index: the 2-bit field f of a lane gives the position of its A
// element f, so its nibbles 0 and 1 are groups 2q and 2q+1 of the step.
// A set is 8 bits; with cbsz = 0, abid picks set abid of the 32-bit word
// (bits [8*abid+7 : 8*abid]), with cbsz != 0 set 0 is used (AMD matrix
// instruction calculator; MLIR's amdgpu.sparse_mfma). The page's "SMFMAC
// does not use cbsz/abid" is wrong. The kernel cycles through all five
// choices, one per K step.
//
// One wave computes one 16x16 tile; a work-group of 4 waves a 32x32 tile.
//
//===----------------------------------------------------------------------===//

#include "hip_prelude.h"

extern "C" __global__ void smfmac_f16_matmul(const _Float16 *acomp,
                                             const unsigned *ameta,
                                             const _Float16 *b, float *c,
                                             int M, int N, int K) {
  int lane = threadIdx_x % 64;
  int wave = threadIdx_x / 64;
  int row0 = blockIdx_y * 32 + (wave / 2) * 16;
  int col0 = blockIdx_x * 32 + (wave % 2) * 16;
  int r = lane % 16, q = lane / 16;
  int metaWords = K / 32;

  v4float acc;
  for (int v = 0; v < 4; ++v)
    acc[v] = c[(row0 + 4 * q + v) * N + col0 + r];

  int step = 0;
  for (int k0 = 0; k0 < K; k0 += 32, ++step) {
    const _Float16 *arow = acomp + (row0 + r) * (K / 2) + k0 / 2;
    v4half a;
    for (int e = 0; e < 4; ++e)
      a[e] = arow[4 * q + e];
    unsigned nib = 0;
    for (int n = 0; n < 2; ++n) {
      int group = k0 / 4 + 2 * q + n;
      unsigned word = ameta[(row0 + r) * metaWords + group / 8];
      nib |= ((word >> (4 * (group % 8))) & 0xFu) << (4 * n);
    }
    v8half bf;
    for (int e = 0; e < 8; ++e)
      bf[e] = b[(k0 + 8 * q + e) * N + col0 + r];
    switch (step % 5) {
    case 0:
      acc = __builtin_amdgcn_smfmac_f32_16x16x32_f16(a, bf, acc, (int)nib, 0, 0);
      break;
    case 1:
      acc = __builtin_amdgcn_smfmac_f32_16x16x32_f16(a, bf, acc,
                                                    (int)(nib << 8), 0, 1);
      break;
    case 2:
      acc = __builtin_amdgcn_smfmac_f32_16x16x32_f16(a, bf, acc,
                                                    (int)(nib << 16), 0, 2);
      break;
    case 3:
      acc = __builtin_amdgcn_smfmac_f32_16x16x32_f16(a, bf, acc,
                                                    (int)(nib << 24), 0, 3);
      break;
    default: // cbsz != 0: set 0 whatever abid says; the other bits are junk
      acc = __builtin_amdgcn_smfmac_f32_16x16x32_f16(
          a, bf, acc, (int)(nib | 0xA5A5A500u), 1, 3);
      break;
    }
  }

  for (int v = 0; v < 4; ++v)
    c[(row0 + 4 * q + v) * N + col0 + r] = acc[v];
}
