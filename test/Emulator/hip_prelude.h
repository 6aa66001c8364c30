//===- hip_prelude.h - The few HIP names the emulator's test kernels use --===//
//
// No HIP headers exist on the machines this project builds on, so the test
// kernels are compiled with clang++-22 -x hip -nogpulib -nogpuinc and this
// prelude instead. Work-item ids, group ids and sizes come from the amdgcn
// builtins (workgroup_size_x reads the code-object-v5 implicit arguments,
// grid_size_x the HSA dispatch packet: both paths go through the emulator).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TEST_EMULATOR_HIP_PRELUDE_H
#define MCORE_TEST_EMULATOR_HIP_PRELUDE_H

#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))

#define threadIdx_x __builtin_amdgcn_workitem_id_x()
#define threadIdx_y __builtin_amdgcn_workitem_id_y()
#define blockIdx_x __builtin_amdgcn_workgroup_id_x()
#define blockIdx_y __builtin_amdgcn_workgroup_id_y()
#define blockDim_x __builtin_amdgcn_workgroup_size_x()
#define blockDim_y __builtin_amdgcn_workgroup_size_y()
#define __syncthreads()                                                        \
  do {                                                                         \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");                     \
    __builtin_amdgcn_s_barrier();                                              \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");                     \
  } while (0)

typedef __SIZE_TYPE__ size_t;
typedef _Float16 half_t;
typedef __fp16 v8fp16 __attribute__((ext_vector_type(8)));
typedef __fp16 v16fp16 __attribute__((ext_vector_type(16)));
typedef _Float16 v4half __attribute__((ext_vector_type(4)));
typedef _Float16 v8half __attribute__((ext_vector_type(8)));
typedef float v4float __attribute__((ext_vector_type(4)));
typedef float v8float __attribute__((ext_vector_type(8)));

#endif // MCORE_TEST_EMULATOR_HIP_PRELUDE_H
