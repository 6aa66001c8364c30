//===- abi_gfx1201.hip - Arguments, ids, LDS, atomics ---------------------===//
//
// Kernels that exercise what the emulator provides besides instructions:
// struct (byref) and scalar arguments of every size, 3-D ids and sizes from
// the implicit arguments and the dispatch packet, static LDS used from a
// device function that is not inlined, dynamic LDS, global atomics across
// work-groups, and a loop with a barrier. unittests/Emulator/HipKernelTest.cpp
// checks the results.
//
//===----------------------------------------------------------------------===//

#include "hip_prelude.h"

struct Params {
  int a;
  double b;
  char c;
  long long d;
  float e[3];
};

// One work-item writes every argument back.
extern "C" __global__ void args(Params p, bool flag, char ch, short sh,
                                _Float16 h, double dd, long long ll,
                                float *out) {
  if (threadIdx_x != 0)
    return;
  out[0] = (float)p.a;
  out[1] = (float)p.b;
  out[2] = (float)p.c;
  out[3] = (float)p.d;
  out[4] = p.e[0] + p.e[1] + p.e[2];
  out[5] = flag ? 1.0f : 0.0f;
  out[6] = (float)ch;
  out[7] = (float)sh;
  out[8] = (float)h;
  out[9] = (float)dd;
  out[10] = (float)ll;
}

// Every work-item of a 3-D launch records its ids and the sizes.
extern "C" __global__ void ids(int *out) {
  int x = __builtin_amdgcn_workitem_id_x(), y = __builtin_amdgcn_workitem_id_y(),
      z = __builtin_amdgcn_workitem_id_z();
  int gx = __builtin_amdgcn_workgroup_id_x(), gy = __builtin_amdgcn_workgroup_id_y(),
      gz = __builtin_amdgcn_workgroup_id_z();
  int bx = __builtin_amdgcn_workgroup_size_x(), by = __builtin_amdgcn_workgroup_size_y(),
      bz = __builtin_amdgcn_workgroup_size_z();
  int nx = __builtin_amdgcn_grid_size_x() / bx, ny = __builtin_amdgcn_grid_size_y() / by;
  int lx = gx * bx + x, ly = gy * by + y, lz = gz * bz + z;
  int linear = (lz * ny * by + ly) * nx * bx + lx;
  int *o = out + linear * 4;
  o[0] = lx;
  o[1] = ly;
  o[2] = lz;
  o[3] = bx * 10000 + by * 100 + bz;
}

__shared__ int counts[64];

// Not inlined: reaches the kernel's LDS through the emulator's per-kernel
// table rather than a constant offset.
__attribute__((noinline)) __device__ void bump(int slot) {
  __atomic_fetch_add(&counts[slot], 1, __ATOMIC_RELAXED);
}

extern __shared__ int dynamicLds[];

// Work-items count themselves into LDS slots, through a device function,
// then into a global counter; dynamic LDS holds a reversed copy of the ids.
extern "C" __global__ void lds_and_atomics(int *slots, int *total, int *rev) {
  int t = threadIdx_x, n = blockDim_x;
  if (t < 64)
    counts[t] = 0;
  __syncthreads();
  bump(t % 64);
  dynamicLds[n - 1 - t] = t;
  __syncthreads();
  if (t < 64)
    __atomic_fetch_add(&slots[t], counts[t], __ATOMIC_RELAXED);
  __atomic_fetch_add(total, 1, __ATOMIC_RELAXED);
  rev[blockIdx_x * n + t] = dynamicLds[t];
}

// Wave 1 returns at once while wave 0 waits at a barrier: s_barrier then
// waits for the surviving waves only (the ISA), so wave 0 goes on.
extern "C" __global__ void early_exit_barrier(int *out) {
  __shared__ int s[32];
  int t = threadIdx_x;
  if (t >= 32)
    return;
  s[t] = 3 * t;
  __syncthreads();
  out[t] = s[31 - t];
}

// A reduction over K steps with a barrier in the loop body.
extern "C" __global__ void loop_barrier(const int *in, int *out, int steps) {
  __shared__ int buf[256];
  int t = threadIdx_x;
  int acc = 0;
  for (int s = 0; s < steps; ++s) {
    buf[t] = in[s * 256 + t];
    __syncthreads();
    acc += buf[(t + s) % 256];
    __syncthreads();
  }
  out[t] = acc;
}
