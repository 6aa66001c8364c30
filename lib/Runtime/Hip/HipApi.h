//===- HipApi.h - The part of HIP's C API mcore calls -----------*- C++ -*-===//
//
// libmcore_hip_runtime.so is built without ROCm and loads libamdhip64 with
// dlopen at run time, so it declares the few HIP types, constants and
// function signatures it uses itself. The values are HIP's ABI
// (hip/hip_runtime_api.h, hip/driver_types.h); they have been stable from
// ROCm 5 through ROCm 7. unittests/Runtime/HipAbiTest.cpp checks them against
// the real header where one is installed (Debian's libamdhip64-dev 5.2.3).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_RUNTIME_HIP_HIPAPI_H
#define MCORE_LIB_RUNTIME_HIP_HIPAPI_H

#include <cstddef>
#include <cstdint>

namespace mlir::mcore::hip {

/// hipError_t. Only the codes mcore gives advice for are named; every other
/// code is reported through hipGetErrorName.
using Error = int;
enum : Error {
  Success = 0,
  ErrorInvalidValue = 1,
  ErrorOutOfMemory = 2,
  ErrorNotInitialized = 3,
  ErrorInvalidConfiguration = 9,
  ErrorInsufficientDriver = 35,
  ErrorInvalidDeviceFunction = 98,
  ErrorNoDevice = 100,
  ErrorInvalidDevice = 101,
  ErrorInvalidImage = 200,
  ErrorNoBinaryForGpu = 209,
  ErrorInvalidKernelFile = 218,
  ErrorSharedObjectInitFailed = 303,
  ErrorInvalidHandle = 400,
  ErrorNotFound = 500,
  ErrorIllegalAddress = 700,
  ErrorLaunchOutOfResources = 701,
  ErrorLaunchTimeOut = 702,
  ErrorHostMemoryAlreadyRegistered = 712,
  ErrorHostMemoryNotRegistered = 713,
  ErrorLaunchFailure = 719,
  ErrorCooperativeLaunchTooLarge = 720,
  ErrorNotSupported = 801,
};

/// Opaque handles (pointers to HIP's internal structs).
using Module = void *;
using Function = void *;
using Stream = void *;
using Event = void *;
using Device = int;

/// hipMemcpyKind.
enum MemcpyKind : int { MemcpyDefault = 4 };
/// hipEventCreateWithFlags flags.
enum : unsigned { EventDefault = 0, EventDisableTiming = 2 };
/// hipHostRegister flags.
enum : unsigned { HostRegisterDefault = 0 };
/// hipMallocManaged flags.
enum : unsigned { MemAttachGlobal = 1 };

/// hipDeviceProp_t comes in two layouts; mcore reads only gcnArchName
/// ("gfx942:sramecc+:xnack-") from it, into a buffer larger than both.
/// * HIP 6 and later: hipGetDevicePropertiesR0600 fills hipDeviceProp_tR0600
///   (1472 bytes, gcnArchName at 1160);
/// * HIP 5: hipGetDeviceProperties fills the older layout (792 bytes,
///   gcnArchName at 396), which HIP 6 keeps under that name (and as
///   hipGetDevicePropertiesR0000) for programs built against HIP 5.
constexpr size_t DevicePropR0600GcnArchNameOffset = 1160;
constexpr size_t DevicePropR0600Size = 1472;
constexpr size_t DevicePropR0000GcnArchNameOffset = 396;
constexpr size_t DevicePropR0000Size = 792;
constexpr size_t DevicePropGcnArchNameSize = 256;
/// Large enough for either layout, with room for growth.
constexpr size_t DevicePropBufferSize = 4096;

/// hipModuleLaunchKernel's limits (clr hip_module.cpp): grid X below 2^31,
/// grid Y and Z at most 65536, every global size (grid * block) below 2^32,
/// at most 1024 work-items per work-group (every AMD GPU's
/// maxThreadsPerBlock).
constexpr uint64_t MaxGridX = 0x7FFFFFFFull;
constexpr uint64_t MaxGridYZ = 65536;
constexpr uint64_t MaxGlobalSize = 0xFFFFFFFFull;
constexpr uint64_t MaxWorkGroupSize = 1024;

/// hipRuntimeGetVersion: major * 10000000 + minor * 100000 + patch.
constexpr int versionMajor(int v) { return v / 10000000; }
constexpr int versionMinor(int v) { return (v / 100000) % 100; }
constexpr int versionPatch(int v) { return v % 100000; }

/// Every HIP function the runtime calls, resolved with dlsym. `required`
/// functions must exist; the others are looked up when present.
#define MCORE_HIP_FUNCTIONS(X)                                                 \
  X(hipInit, Error, (unsigned flags))                                          \
  X(hipGetDeviceCount, Error, (int *count))                                    \
  X(hipSetDevice, Error, (int device))                                         \
  X(hipGetDevice, Error, (int *device))                                        \
  X(hipDriverGetVersion, Error, (int *version))                                \
  X(hipRuntimeGetVersion, Error, (int *version))                               \
  X(hipModuleLoadData, Error, (Module * module, const void *image))            \
  X(hipModuleUnload, Error, (Module module))                                   \
  X(hipModuleGetFunction, Error,                                               \
    (Function * function, Module module, const char *name))                    \
  X(hipModuleLaunchKernel, Error,                                              \
    (Function f, unsigned gridX, unsigned gridY, unsigned gridZ,               \
     unsigned blockX, unsigned blockY, unsigned blockZ, unsigned sharedBytes,  \
     Stream stream, void **kernelParams, void **extra))                        \
  X(hipMalloc, Error, (void **ptr, size_t size))                               \
  X(hipMallocManaged, Error, (void **ptr, size_t size, unsigned flags))        \
  X(hipFree, Error, (void *ptr))                                               \
  X(hipMemcpyAsync, Error,                                                     \
    (void *dst, const void *src, size_t size, MemcpyKind kind, Stream stream)) \
  X(hipMemsetD32Async, Error,                                                  \
    (void *dst, int value, size_t count, Stream stream))                       \
  X(hipMemsetD16Async, Error,                                                  \
    (void *dst, unsigned short value, size_t count, Stream stream))            \
  X(hipStreamCreate, Error, (Stream * stream))                                 \
  X(hipStreamDestroy, Error, (Stream stream))                                  \
  X(hipStreamSynchronize, Error, (Stream stream))                              \
  X(hipStreamWaitEvent, Error, (Stream stream, Event event, unsigned flags))   \
  X(hipEventCreateWithFlags, Error, (Event * event, unsigned flags))           \
  X(hipEventDestroy, Error, (Event event))                                     \
  X(hipEventSynchronize, Error, (Event event))                                 \
  X(hipEventRecord, Error, (Event event, Stream stream))                       \
  X(hipEventElapsedTime, Error, (float *ms, Event start, Event stop))          \
  X(hipHostRegister, Error, (void *ptr, size_t size, unsigned flags))          \
  X(hipHostUnregister, Error, (void *ptr))                                     \
  X(hipHostGetDevicePointer, Error,                                            \
    (void **devicePtr, void *hostPtr, unsigned flags))

/// Looked up when present (messages fall back to mcore's own names).
#define MCORE_HIP_OPTIONAL_FUNCTIONS(X)                                        \
  X(hipGetErrorName, const char *, (Error error))                              \
  X(hipGetErrorString, const char *, (Error error))                            \
  X(hipDeviceGetName, Error, (char *name, int length, Device device))         \
  X(hipGetDevicePropertiesR0600, Error, (void *properties, int device))        \
  X(hipGetDeviceProperties, Error, (void *properties, int device))

} // namespace mlir::mcore::hip

#endif // MCORE_LIB_RUNTIME_HIP_HIPAPI_H
