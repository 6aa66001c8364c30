// A HIP kernel compiled by clang++-22 (no HIP headers or device libraries)
// and run through the emulator with mcore-emu-run, for gfx1201 (wave32) and
// gfx942 (wave64): the work-group size comes from the code-object-v5
// implicit arguments, the global size from the HSA dispatch packet.
//
// RUN: %clang-hip --offload-arch=gfx1201 %s -o %t.gfx1201.bc
// RUN: %mcore-emu-run %t.gfx1201.bc --list --kernel=saxpy --grid=4 --block=64 \
// RUN:     --arg=buf:1024:iota-f32 --arg=buf:1024:ones-f32 --arg=f32:2 \
// RUN:     --arg=buf:16 --print=1:f32:6 --print=3:i32:4 | FileCheck %s --check-prefixes=CHECK,W32
// RUN: %clang-hip --offload-arch=gfx942 %s -o %t.gfx942.bc
// RUN: %mcore-emu-run %t.gfx942.bc --list --kernel=saxpy --grid=4 --block=64 \
// RUN:     --arg=buf:1024:iota-f32 --arg=buf:1024:ones-f32 --arg=f32:2 \
// RUN:     --arg=buf:16 --print=1:f32:6 --print=3:i32:4 | FileCheck %s --check-prefixes=CHECK,W64

// W32: chip: gfx1201 (wave32), from the target-cpu attribute of function 'saxpy'
// W64: chip: gfx942 (wave64), from the target-cpu attribute of function 'saxpy'
// CHECK: kernel: saxpy
// CHECK: arg1: 1.00 3.00 5.00 7.00 9.00 11.00
// W32: arg3: 64 256 32 0
// W64: arg3: 64 256 64 0

#define __global__ __attribute__((global))

extern "C" __global__ void saxpy(const float *x, float *y, float a, int *info) {
  int i = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
          __builtin_amdgcn_workitem_id_x();
  y[i] = a * x[i] + y[i];
  if (i == 0) {
    info[0] = __builtin_amdgcn_workgroup_size_x();
    info[1] = __builtin_amdgcn_grid_size_x();
    info[2] = __builtin_amdgcn_wavefrontsize();
  }
}
