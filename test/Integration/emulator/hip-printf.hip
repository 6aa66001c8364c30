// printf in a HIP kernel: clang compiles it to the ockl printf functions
// (hostcall printf; the format, then a %s argument as a string of the
// length the kernel computes, the other arguments as words), which the
// emulator defines: no device library is linked. Lanes print in order;
// lanes past n do not print.
//
// RUN: %clang-hip --offload-arch=gfx1201 -I %mcore_src_root/test/Emulator %s -o %t.gfx1201.bc
// RUN: %mcore-emu-run %t.gfx1201.bc --kernel=_Z5helloiPKc --block=40 --arg=i32:35 --arg=buf:8:byte-65 | FileCheck %s
// RUN: %clang-hip --offload-arch=gfx942 -I %mcore_src_root/test/Emulator %s -o %t.gfx942.bc
// RUN: %mcore-emu-run %t.gfx942.bc --kernel=_Z5helloiPKc --block=40 --arg=i32:35 --arg=buf:8:byte-65 | FileCheck %s

// CHECK:      AAAAAAAA 0:  0.00 a
// CHECK-NEXT: AAAAAAAA 1:  1.50 b
// CHECK-COUNT-32: AAAAAAAA
// CHECK-NEXT: AAAAAAAA 34: 51.00 {{.}}
// CHECK-NOT: AAAAAAAA

#include "hip_prelude.h"

extern "C" __device__ int printf(const char *, ...);

__global__ void hello(int n, const char *name) {
  int t = __builtin_amdgcn_workitem_id_x();
  if (t < n)
    printf("%s %d: %5.2f %c\n", name, t, t * 1.5, 'a' + t);
}
