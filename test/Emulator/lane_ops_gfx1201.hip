//===- lane_ops_gfx1201.hip - Cross-lane operations, wave32 ---------------===//
//
// Each kernel writes, per lane, the results of one family of cross-lane
// builtins; unittests/Emulator/HipKernelTest.cpp computes the expected
// values from the ISA descriptions and compares.
//
//===----------------------------------------------------------------------===//

#include "hip_prelude.h"

// out[lane * 8 + i], one wave.
extern "C" __global__ void lane_ops(int *out) {
  int lane = threadIdx_x;
  int *o = out + lane * 8;
  // mbcnt: the lane's index in the wave.
  o[0] = (int)__builtin_amdgcn_mbcnt_lo(~0u, 0u);
  // ballot of an even/odd test, in uniform control flow.
  o[1] = (int)__builtin_amdgcn_ballot_w32((lane % 3) == 0);
  // readfirstlane / readlane.
  o[2] = __builtin_amdgcn_readfirstlane(100 + lane);
  o[3] = __builtin_amdgcn_readlane(200 + lane, 7);
  // ds_bpermute: read from lane (lane + 5) % 32 (byte address).
  o[4] = __builtin_amdgcn_ds_bpermute(((lane + 5) % 32) * 4, 300 + lane);
  // DPP row_shr:1 with bound_ctrl: lane reads lane - 1 of its row of 16.
  o[5] = __builtin_amdgcn_update_dpp(-1, 400 + lane, 0x111, 0xF, 0xF, true);
  // permlanex16: lane reads lane (15 - lane % 16) of the other row.
  o[6] = __builtin_amdgcn_permlanex16(0, 500 + lane, 0x89abcdefu, 0x01234567u,
                                      false, false);
  // A divergent ballot: only lanes below 10 take part.
  int m = -1;
  if (lane < 10)
    m = (int)__builtin_amdgcn_ballot_w32(true);
  o[7] = m;
}

// ds_swizzle in bit-mask mode: xor 1 (and 0x1F, or 0, xor 1).
extern "C" __global__ void swizzle(int *out) {
  int lane = threadIdx_x;
  out[lane] = __builtin_amdgcn_ds_swizzle(lane * 10, (1 << 10) | 0x1F);
}
