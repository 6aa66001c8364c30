/*===- MgpuAbi.h - The mgpu* C ABI both runtime libraries export --*- C -*-===//
 *
 * The C functions that MLIR 22's host code calls for GPU work, with the
 * signatures of mlir/lib/ExecutionEngine/RocmRuntimeWrappers.cpp (LLVM
 * 22.x): what `gpu-to-llvm` emits for gpu.launch_func, gpu.alloc,
 * gpu.memcpy, gpu.memset (16 and 32 bits), gpu.host_register, streams and
 * events, and what upstream's ROCm integration tests call by name
 * (mgpuMemGetDeviceMemRef1d*, mgpuSetDefaultDevice).
 *
 * libmcore_emu_runtime.so (lib/Runtime/EmuRuntimeWrappers.cpp) and
 * libmcore_hip_runtime.so (lib/Runtime/Hip/HipRuntimeWrappers.cpp) both
 * include this header, so a definition with another signature does not
 * compile. lib/Runtime/MgpuSymbols.txt lists the names, and
 * test/Runtime/exported-symbols.test checks that each library exports
 * exactly those mgpu* symbols.
 *
 *===----------------------------------------------------------------------===*/

#ifndef MCORE_RUNTIME_MGPUABI_H
#define MCORE_RUNTIME_MGPUABI_H

#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** A 1-D memref descriptor as MLIR passes and returns it by value: the
 * layout of StridedMemRefType<T, 1> (mlir/ExecutionEngine/CRunnerUtils.h). */
typedef struct {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
} MgpuMemRef1dFloat;

typedef struct {
  int32_t *allocated;
  int32_t *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
} MgpuMemRef1dInt32;

/* Modules and kernels. */
void *mgpuModuleLoad(void *data, size_t gpuBlobSize);
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
/** `smem` is the dynamic LDS of every work-group in bytes; `params[i]`
 * points to argument i, or `extra` is HIP's kernarg-buffer list. */
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount);
/** What gpu-to-llvm emits for a launch with clusters (NVIDIA only). */
void mgpuLaunchClusterKernel(void *function, intptr_t clusterX,
                             intptr_t clusterY, intptr_t clusterZ,
                             intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                             intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                             int32_t smem, void *stream, void **params,
                             void **extra, size_t paramsCount);

/* Streams and events. */
void *mgpuStreamCreate(void);
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);

/* Memory. */
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuMemset32(void *dst, int value, size_t count, void *stream);
void mgpuMemset16(void *dst, int value, size_t count, void *stream);

/* Host memory the kernels may use (gpu.host_register). */
void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementSizeBytes);
void mgpuMemHostUnregister(void *ptr);
void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementSizeBytes);
/** The device view of registered host memory: the memref (allocated,
 * aligned, offset, size, stride) with both pointers replaced by the device
 * address of `aligned`. */
MgpuMemRef1dFloat mgpuMemGetDeviceMemRef1dFloat(float *allocated,
                                                float *aligned, int64_t offset,
                                                int64_t size, int64_t stride);
MgpuMemRef1dInt32 mgpuMemGetDeviceMemRef1dInt32(int32_t *allocated,
                                                int32_t *aligned,
                                                int64_t offset, int64_t size,
                                                int64_t stride);

/** The device of the calling thread's later calls. */
void mgpuSetDefaultDevice(int32_t device);

/* mcore's addition (not upstream's): the byte view of registered host
 * memory at its device address, which code from mcore's host-buffers pass
 * (mcore-host-buffers) calls for every registered buffer its kernels use.
 * Both libraries export it. */
typedef struct {
  int8_t *allocated;
  int8_t *aligned;
  int64_t offset;
  int64_t sizes[1];
  int64_t strides[1];
} MgpuMemRef1dInt8;

MgpuMemRef1dInt8 mcoreMemGetDeviceMemRef1dInt8(int8_t *allocated,
                                               int8_t *aligned, int64_t offset,
                                               int64_t size, int64_t stride);

/* The device views above: function, memref type, element type (for the
 * libraries, which define all three alike). */
#define MCORE_DEVICE_MEMREF_1D_FUNCTIONS(X)                                    \
  X(mgpuMemGetDeviceMemRef1dFloat, MgpuMemRef1dFloat, float)                   \
  X(mgpuMemGetDeviceMemRef1dInt32, MgpuMemRef1dInt32, int32_t)                 \
  X(mcoreMemGetDeviceMemRef1dInt8, MgpuMemRef1dInt8, int8_t)

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* MCORE_RUNTIME_MGPUABI_H */
