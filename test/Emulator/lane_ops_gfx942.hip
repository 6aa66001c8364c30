//===- lane_ops_gfx942.hip - Cross-lane operations, wave64 ----------------===//
//
// The wave64 forms: 64-bit ballots, mbcnt over both halves, ds_bpermute
// across 64 lanes, and the gfx9-only DPP controls (wave shifts, row
// broadcasts). unittests/Emulator/HipKernelTest.cpp checks the results.
//
//===----------------------------------------------------------------------===//

#include "hip_prelude.h"

// out[lane * 8 + i], one wave64.
extern "C" __global__ void lane_ops64(long long *out) {
  int lane = threadIdx_x;
  long long *o = out + lane * 8;
  o[0] = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  o[1] = (long long)__builtin_amdgcn_ballot_w64(lane >= 40 || lane == 3);
  o[2] = __builtin_amdgcn_ds_bpermute(((lane * 5) % 64) * 4, 1000 + lane);
  // wave_shr:1 (0x138): lane reads lane - 1; lane 0 keeps old (-1).
  o[3] = __builtin_amdgcn_update_dpp(-1, 2000 + lane, 0x138, 0xF, 0xF, false);
  // row_bcast:15 (0x142): rows 1-3 read lane 15 of the row before; row 0
  // keeps old (-2).
  o[4] = __builtin_amdgcn_update_dpp(-2, 3000 + lane, 0x142, 0xF, 0xF, false);
  // quad_perm [3,2,1,0] with row mask 0b0101: rows 1 and 3 keep old (-3).
  o[5] = __builtin_amdgcn_update_dpp(-3, 4000 + lane, 0x1B, 0x5, 0xF, false);
  o[6] = __builtin_amdgcn_readlane(5000 + lane, 63);
  // A divergent readfirstlane: the first active lane of the upper half.
  int v = -4;
  if (lane >= 32)
    v = __builtin_amdgcn_readfirstlane(6000 + lane);
  o[7] = v;
}
