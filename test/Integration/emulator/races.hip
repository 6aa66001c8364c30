// The checker's race detector (MCORE_EMU_CHECK=1, docs/Emulator.md, "Data
// races"): LDS written by one wave and read or written by another between
// the same two barriers, and global memory written by one work-group and
// read or written by another, stop the launch naming both accesses; the same
// kernels with the barrier (or with atomics) are clean. Compiled with
// -DWITH_BARRIER the kernels have their barriers. Runs whose message names
// the lane that comes first pin the in-order schedule (the suite may run
// under another, MCORE_TEST_EMU_SCHEDULE).
//
// RUN: %clang-hip -g --offload-arch=gfx942 %s -o %t.racy.gfx942.bc
// RUN: %clang-hip -g --offload-arch=gfx1201 %s -o %t.racy.gfx1201.bc
// RUN: %clang-hip -g --offload-arch=gfx942 -DWITH_BARRIER %s -o %t.clean.gfx942.bc
// RUN: %clang-hip -g --offload-arch=gfx1201 -DWITH_BARRIER %s -o %t.clean.gfx1201.bc
//
// A missing barrier between two waves (gfx942: 128 work-items are 2 waves
// of 64; gfx1201: 4 waves of 32).
// RUN: not %mcore-emu-run %t.racy.gfx942.bc --kernel=exchange --block=128 \
// RUN:     --arg=buf:512 --emu-check 2>&1 | FileCheck %s --check-prefix=EXCHANGE
// RUN: env MCORE_EMU_CHECK=1 not %mcore-emu-run %t.racy.gfx1201.bc \
// RUN:     --kernel=exchange --block=128 --arg=buf:512 2>&1 | FileCheck %s --check-prefix=EXCHANGE
// RUN: %mcore-emu-run %t.clean.gfx942.bc --kernel=exchange --block=128 \
// RUN:     --arg=buf:512 --emu-check --print=0:i32:4 | FileCheck %s --check-prefix=EXCHANGE-OK
// RUN: %mcore-emu-run %t.clean.gfx1201.bc --kernel=exchange --block=128 \
// RUN:     --arg=buf:512 --emu-check --print=0:i32:4 | FileCheck %s --check-prefix=EXCHANGE-OK
// EXCHANGE: mcore-emu-run: error: kernel 'exchange': work-group (0, 0, 0), work-item ({{[0-9]+}}, 0, 0) (wave {{[0-9]}}, lane {{[0-9]+}}): data race on LDS offset {{[0-9]+}}: this {{read|write}} ('{{load|store}}' in function 'exchange' at {{.*}}races.hip:[[#]]:{{[0-9]+}}) and a {{read|write}} by wave {{[0-9]}}, lane {{[0-9]+}}, work-item ({{[0-9]+}}, 0, 0) ('{{load|store}}' in function 'exchange' at {{.*}}races.hip:[[#]]:{{[0-9]+}}) with no barrier between them
// EXCHANGE-OK: arg0: 64 65 66 67
//
// Without the checker the racy kernel runs, and what a wave reads depends on
// the order the waves ran in: in order, wave 0 reads LDS wave 1 has not
// written yet (the poison, -1 as an integer); reversed, wave 0 runs last and
// reads what wave 1 wrote.
// RUN: env MCORE_EMU_CHECK=0 MCORE_EMU_SCHEDULE=in-order %mcore-emu-run %t.racy.gfx942.bc --kernel=exchange --block=128 \
// RUN:     --arg=buf:512 --print=0:i32:2 | FileCheck %s --check-prefix=IN-ORDER
// RUN: env MCORE_EMU_CHECK=0 MCORE_EMU_SCHEDULE=reverse %mcore-emu-run %t.racy.gfx942.bc \
// RUN:     --kernel=exchange --block=128 --arg=buf:512 --print=0:i32:2 | FileCheck %s --check-prefix=REVERSE
// IN-ORDER: arg0: -1 -1
// REVERSE: arg0: 64 65
//
// LDS reused without a barrier across the stages of a double buffer: stage
// s + 1 writes the buffer stage s - 1 read.
// RUN: not %mcore-emu-run %t.racy.gfx942.bc --kernel=double_buffer --block=128 \
// RUN:     --arg=buf:2048:iota-i32 --arg=buf:512 --emu-check 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: not %mcore-emu-run %t.racy.gfx1201.bc --kernel=double_buffer --block=128 \
// RUN:     --arg=buf:2048:iota-i32 --arg=buf:512 --emu-check 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: %mcore-emu-run %t.clean.gfx942.bc --kernel=double_buffer --block=128 \
// RUN:     --arg=buf:2048:iota-i32 --arg=buf:512 --emu-check --print=1:i32:2 | FileCheck %s --check-prefix=STAGES-OK
// RUN: %mcore-emu-run %t.clean.gfx1201.bc --kernel=double_buffer --block=128 \
// RUN:     --arg=buf:2048:iota-i32 --arg=buf:512 --emu-check --print=1:i32:2 | FileCheck %s --check-prefix=STAGES-OK
// STAGES: error: kernel 'double_buffer': {{.*}}: data race on LDS offset {{[0-9]+}}: {{.*}}races.hip{{.*}} with no barrier between them
// STAGES-OK: arg1: 1024 1028
//
// Two work-groups writing one element; one work-group writing what another
// reads.
// RUN: not %mcore-emu-run %t.racy.gfx942.bc --kernel=same_element --grid=2 \
// RUN:     --block=64 --arg=buf:512 --emu-check 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: not %mcore-emu-run %t.racy.gfx1201.bc --kernel=same_element --grid=2 \
// RUN:     --block=64 --arg=buf:512 --emu-check 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: %mcore-emu-run %t.clean.gfx942.bc --kernel=same_element --grid=2 \
// RUN:     --block=64 --arg=buf:512 --emu-check --print=0:i32:2 | FileCheck %s --check-prefix=SAME-OK
// SAME: error: kernel 'same_element': work-group ({{[01]}}, 0, 0), work-item (0, 0, 0) (wave 0, lane 0): data race on global memory at 0x{{[0-9a-f]+}} (offset 0 of the 512-byte buffer argument 0 at 0x{{[0-9a-f]+}}): this write ('store' in function 'same_element' at {{.*}}races.hip:[[#]]:{{[0-9]+}}) and a write by work-group ({{[01]}}, 0, 0), work-item (0, 0, 0) (wave 0, lane 0) ('store' in function 'same_element' at {{.*}}races.hip:[[#]]:{{[0-9]+}}); the work-groups of a launch are not ordered
// SAME-OK: arg0: 0 1
// RUN: not %mcore-emu-run %t.racy.gfx942.bc --kernel=neighbour --grid=4 \
// RUN:     --block=64 --arg=buf:1024 --arg=buf:1024 --emu-check 2>&1 | FileCheck %s --check-prefix=NEIGHBOUR
// RUN: %mcore-emu-run %t.clean.gfx942.bc --kernel=neighbour --grid=4 \
// RUN:     --block=64 --arg=buf:1024 --arg=buf:1024 --emu-check --print=1:i32:2 | FileCheck %s --check-prefix=NEIGHBOUR-OK
// NEIGHBOUR: error: kernel 'neighbour': {{.*}}: data race on global memory at 0x{{[0-9a-f]+}} (offset {{[0-9]+}} of the 1024-byte buffer argument 0 {{.*}}): this {{read|write}} {{.*}} and a {{read|write}} by work-group ({{[0-3]}}, 0, 0)
// NEIGHBOUR-OK: arg1: 1 2
//
// Atomics are not races, in LDS or global memory.
// RUN: %mcore-emu-run %t.racy.gfx942.bc --kernel=atomics --grid=3 --block=128 \
// RUN:     --arg=buf:16 --emu-check --print=0:i32:1 | FileCheck %s --check-prefix=ATOMICS
// RUN: %mcore-emu-run %t.racy.gfx1201.bc --kernel=atomics --grid=3 --block=128 \
// RUN:     --arg=buf:16 --emu-check --print=0:i32:1 | FileCheck %s --check-prefix=ATOMICS
// ATOMICS: arg0: 384
//
// Two waves storing the same value to one LDS byte between two barriers (as
// mcore's staging copies do where a tile has fewer chunks than work-items)
// is not a race: no wave can tell which store came last. Different values
// are.
// RUN: %mcore-emu-run %t.racy.gfx942.bc --kernel=twice --block=128 \
// RUN:     --arg=buf:512 --arg=i32:0 --emu-check --print=0:i32:2 | FileCheck %s --check-prefix=SAME-VALUE
// RUN: env MCORE_EMU_SCHEDULE=in-order not %mcore-emu-run %t.racy.gfx942.bc --kernel=twice --block=128 \
// RUN:     --arg=buf:512 --arg=i32:1 --emu-check 2>&1 | FileCheck %s --check-prefix=OTHER-VALUE
// SAME-VALUE: arg0: 0 1
// OTHER-VALUE: error: kernel 'twice': work-group (0, 0, 0), work-item ({{[0-9]+}}, 0, 0) (wave 1, lane {{[0-9]+}}): data race on LDS offset {{[0-9]+}}: a write by wave 1, lane {{[0-9]+}}, work-item ({{[0-9]+}}, 0, 0) ('store' {{.*}}) and a write by wave 0, lane {{[0-9]+}}, work-item ({{[0-9]+}}, 0, 0) ('store' {{.*}}) with no barrier between them
//
// Reading LDS no lane of the work-group wrote is reported; without the
// checker it reads the poison (NaN as a float), or zeros with
// MCORE_EMU_POISON=0.
// RUN: env MCORE_EMU_SCHEDULE=in-order not %mcore-emu-run %t.racy.gfx1201.bc --kernel=uninitialized \
// RUN:     --block=32 --arg=buf:128 --emu-check 2>&1 | FileCheck %s --check-prefix=UNINIT
// RUN: env MCORE_EMU_CHECK=0 %mcore-emu-run %t.racy.gfx1201.bc --kernel=uninitialized \
// RUN:     --block=32 --arg=buf:128 --print=0:f32:2 | FileCheck %s --check-prefix=POISON
// RUN: env MCORE_EMU_CHECK=0 MCORE_EMU_POISON=0 %mcore-emu-run %t.racy.gfx1201.bc --kernel=uninitialized \
// RUN:     --block=32 --arg=buf:128 --print=0:f32:2 | FileCheck %s --check-prefix=ZEROS
// UNINIT: error: kernel 'uninitialized': {{.*}}: read of uninitialized LDS at offset 8 ('load' in function 'uninitialized' at {{.*}}races.hip:[[#]]:{{[0-9]+}}): no lane of this work-group had written it
// POISON: arg0: nan nan
// ZEROS: arg0: 0.00 0.00
//
// Reading private memory (an alloca) the lane has not written is reported
// too; a lane that wrote what it reads is clean. Without the checker the
// read gives the poison (-1 as an integer).
// RUN: not %mcore-emu-run %t.racy.gfx942.bc --kernel=uninitialized_private \
// RUN:     --block=64 --arg=buf:256 --arg=i32:4 --emu-check 2>&1 | FileCheck %s --check-prefix=PRIVATE
// RUN: not %mcore-emu-run %t.racy.gfx1201.bc --kernel=uninitialized_private \
// RUN:     --block=32 --arg=buf:128 --arg=i32:4 --emu-check 2>&1 | FileCheck %s --check-prefix=PRIVATE
// RUN: %mcore-emu-run %t.racy.gfx942.bc --kernel=uninitialized_private \
// RUN:     --block=64 --arg=buf:256 --arg=i32:16 --emu-check --print=0:i32:17 | FileCheck %s --check-prefix=PRIVATE-OK
// RUN: %mcore-emu-run %t.racy.gfx1201.bc --kernel=uninitialized_private \
// RUN:     --block=32 --arg=buf:128 --arg=i32:16 --emu-check --print=0:i32:17 | FileCheck %s --check-prefix=PRIVATE-OK
// RUN: env MCORE_EMU_CHECK=0 %mcore-emu-run %t.racy.gfx942.bc --kernel=uninitialized_private \
// RUN:     --block=64 --arg=buf:256 --arg=i32:4 --print=0:i32:6 | FileCheck %s --check-prefix=PRIVATE-POISON
// A variable of a loop's body is new in every iteration (its lifetime
// starts again).
// RUN: not %mcore-emu-run %t.racy.gfx942.bc --kernel=private_lifetime \
// RUN:     --block=64 --arg=buf:256 --arg=i32:0 --emu-check 2>&1 | FileCheck %s --check-prefix=PRIVATE-LIFETIME
// RUN: %mcore-emu-run %t.racy.gfx942.bc --kernel=private_lifetime \
// RUN:     --block=64 --arg=buf:256 --arg=i32:1 --emu-check --print=0:i32:4 | FileCheck %s --check-prefix=PRIVATE-LIFETIME-OK
// PRIVATE-LIFETIME: error: kernel 'private_lifetime': {{.*}}: read of uninitialized private memory at 0x{{[0-9a-f]+}} ('load' in function 'private_lifetime' at {{.*}}races.hip:[[#]]:{{[0-9]+}})
// PRIVATE-LIFETIME-OK: arg0: 2 4 6 8
// PRIVATE: error: kernel 'uninitialized_private': work-group (0, 0, 0), work-item ({{[0-9]+}}, 0, 0) (wave {{[0-9]}}, lane {{[0-9]+}}): read of uninitialized private memory at 0x{{[0-9a-f]+}} ('load' in function 'uninitialized_private' at {{.*}}races.hip:[[#]]:{{[0-9]+}}): this lane has not written it since its alloca
// PRIVATE-OK: arg0: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 1
// PRIVATE-POISON: arg0: 1 2 3 4 -1 -1

#include "../../Emulator/hip_prelude.h"

#ifdef WITH_BARRIER
#define BARRIER() __syncthreads()
#else
#define BARRIER() do {} while (0)
#endif

// Work-item t writes lds[t] and reads lds[t + 64]: its neighbour wave's.
extern "C" __global__ void exchange(int *out) {
  __shared__ int lds[128];
  unsigned t = threadIdx_x;
  lds[t] = int(t);
  BARRIER();
  out[t] = lds[(t + 64) % 128];
}

// Stage s reads buffer s % 2 and prefetches stage s + 1 into the other one;
// the barrier at the end of a stage keeps stage s + 1's prefetch away from
// the buffer stage s reads (and stage s + 1's reads after its prefetch).
extern "C" __global__ void double_buffer(const int *in, int *out) {
  __shared__ int buf[2][128];
  unsigned t = threadIdx_x;
  buf[0][t] = in[t];
  __syncthreads();
  int acc = 0;
  for (unsigned s = 0; s < 4; ++s) {
    if (s + 1 < 4)
      buf[(s + 1) % 2][t] = in[(s + 1) * 128 + t];
    acc += buf[s % 2][(t + 64) % 128];
    BARRIER();
  }
  out[t] = acc;
}

// Every work-group's first lane writes element 0 (racy), or its own
// element.
extern "C" __global__ void same_element(int *out) {
  if (threadIdx_x != 0)
    return;
#ifdef WITH_BARRIER
  out[blockIdx_x] = int(blockIdx_x);
#else
  out[0] = int(blockIdx_x);
#endif
}

// Work-group g writes its slice of `a` and reads the next group's slice
// (racy), or reads its own.
extern "C" __global__ void neighbour(int *a, int *out) {
  unsigned g = blockIdx_x, t = threadIdx_x;
  a[g * 64 + t] = int(g * 64 + t);
#ifdef WITH_BARRIER
  __syncthreads();
  out[g * 64 + t] = a[g * 64 + (t + 1) % 64];
#else
  out[g * 64 + t] = a[((g + 1) % 4) * 64 + t];
#endif
}

// Every lane adds 1 to an LDS counter and, after the barrier, the first
// lane adds the count to a global counter: 128 per work-group.
extern "C" __global__ void atomics(int *out) {
  __shared__ int count;
  if (threadIdx_x == 0)
    count = 0;
  __syncthreads();
  __hip_atomic_fetch_add(&count, 1, __ATOMIC_RELAXED,
                         __HIP_MEMORY_SCOPE_WORKGROUP);
  __syncthreads();
  if (threadIdx_x == 0)
    __hip_atomic_fetch_add(out, count, __ATOMIC_RELAXED,
                           __HIP_MEMORY_SCOPE_AGENT);
}

// Work-items t and t + 64 (waves 0 and 1 on gfx942) both store to lds[t %
// 64]: the same value, or (differ) their own ids.
extern "C" __global__ void twice(int *out, int differ) {
  __shared__ int lds[64];
  unsigned t = threadIdx_x;
  lds[t % 64] = differ ? int(t) : int(t % 64);
  __syncthreads();
  out[t] = lds[t % 64];
}

// Reads LDS nobody wrote.
extern "C" __global__ void uninitialized(float *out) {
  __shared__ float lds[32];
  unsigned t = threadIdx_x;
  if (t < 2)
    lds[t] = 1.0f;
  __syncthreads();
  out[t] = lds[(t + 2) % 32];
}

// Reads private memory (an alloca) the lane did not write: each lane
// writes the first `n` entries of its array and reads entry t % 16.
extern "C" __global__ void uninitialized_private(int *out, int n) {
  volatile int a[16];
  unsigned t = threadIdx_x;
  for (int i = 0; i < n; ++i)
    a[i] = i + 1;
  out[t] = a[t % 16];
}

// A variable of a loop's body starts a new lifetime every iteration: the
// second iteration reads what only the first wrote.
extern "C" __global__ void private_lifetime(int *out, int n) {
  int s = 0;
  for (int k = 0; k < 2; ++k) {
    volatile int a[4];
    if (k == 0 || n)
      for (int i = 0; i < 4; ++i)
        a[i] = i + 1;
    s += a[threadIdx_x % 4];
  }
  out[threadIdx_x] = s;
}
