//===- faults_gfx1201.hip - Kernels that go wrong on purpose --------------===//
//
// Each kernel makes one of the faults the emulator must report clearly:
// unittests/Emulator/HipKernelTest.cpp and the lit tests in
// test/Integration/emulator check the messages.
//
//===----------------------------------------------------------------------===//

#include "hip_prelude.h"

// Work-item i stores out[i]; with n work-items and an n-element buffer the
// last one is fine, but the kernel also stores out[n] from work-item n - 1:
// one element past the end (the planted out-of-bounds store).
extern "C" __global__ void oob_store(float *out, int n) {
  int i = blockIdx_x * blockDim_x + threadIdx_x;
  out[i] = (float)i;
  if (i == n - 1)
    out[i + 1] = -1.0f;
}

// An LDS read past a 64-float array (the work-group has 256 bytes of LDS).
extern "C" __global__ void lds_oob(float *out) {
  __shared__ float s[64];
  int i = threadIdx_x;
  s[i] = (float)i;
  __syncthreads();
  out[i] = s[i + 63];
}

// A matrix instruction that only half of the wave reaches.
extern "C" __global__ void divergent_swmmac(float *out) {
  int lane = threadIdx_x % 32;
  v8float acc = {};
  if (lane < 16) {
    v8fp16 a = {};
    v16fp16 b = {};
    acc = __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(a, b, acc, 0);
  }
  out[threadIdx_x] = acc[0];
}

// Wave 1 waits for a flag that wave 0 sets only after a barrier wave 1
// never reaches: a deadlock on hardware, a timeout in the emulator.
extern "C" __global__ void barrier_deadlock(volatile int *flag) {
  if (threadIdx_x < 32) {
    __syncthreads();
    *flag = 1;
  } else {
    while (*flag == 0) {
    }
  }
}

// A barrier in divergent code: lanes 0-15 of each wave wait at one
// __syncthreads, lanes 16-31 at another (different stores before each keep
// the compiler from hoisting them into one).
extern "C" __global__ void divergent_barrier(int *out) {
  __shared__ int s[64];
  int t = threadIdx_x;
  if (t % 32 < 16) {
    s[t] = t;
    __syncthreads();
    out[t] = s[63 - t];
  } else {
    s[t] = 2 * t;
    __syncthreads();
    out[t] = s[t ^ 1] + 1;
  }
}

// A trap (an assert failing) in work-item 5.
extern "C" __global__ void trap_in_lane(int *out) {
  if (threadIdx_x == 5)
    __builtin_trap();
  out[threadIdx_x] = 1;
}

// Work-item `who` stores through `p` (the test passes a null pointer):
// a segmentation fault on the host, reported as a fault of that lane.
extern "C" __global__ void wild_store(int *p, int *out, int who) {
  int i = blockIdx_x * blockDim_x + threadIdx_x;
  if (i == who)
    p[i] = 1;
  out[i] = i;
}

// out[i] = num[i] / den[i]: a zero denominator traps on the host.
extern "C" __global__ void divide(int *out, const int *num, const int *den) {
  int i = threadIdx_x;
  out[i] = num[i] / den[i];
}

// A 512 KiB private array: more than a lane's default 256 KiB stack.
extern "C" __global__ void big_private_array(int *out, int n) {
  volatile int buf[128 * 1024];
  for (int j = 0; j < n; ++j)
    buf[j] = j;
  out[threadIdx_x] = buf[n - 1];
}
