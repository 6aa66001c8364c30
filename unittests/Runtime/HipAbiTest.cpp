//===- HipAbiTest.cpp - HipApi.h against a real hip_runtime_api.h --------===//
//
// libmcore_hip_runtime.so declares the HIP constants and the hipDeviceProp_t
// offsets it uses itself (lib/Runtime/Hip/HipApi.h), so that it builds
// without ROCm. Where a real HIP header is installed (Debian's
// libamdhip64-dev 5.2.3 in CI), this test compares them: a wrong value does
// not compile. The R0600 layout is checked against a HIP 6 or later header
// when that is the one installed.
//
//===----------------------------------------------------------------------===//

#include "HipApi.h"

#include <hip/hip_runtime_api.h>

#include "gtest/gtest.h"

#include <cstddef>

namespace hip = mlir::mcore::hip;

#define MCORE_SAME(ours, theirs)                                               \
  static_assert(int(hip::ours) == int(theirs), #ours " is not " #theirs)

MCORE_SAME(Success, hipSuccess);
MCORE_SAME(ErrorInvalidValue, hipErrorInvalidValue);
MCORE_SAME(ErrorOutOfMemory, hipErrorOutOfMemory);
MCORE_SAME(ErrorNotInitialized, hipErrorNotInitialized);
MCORE_SAME(ErrorInvalidConfiguration, hipErrorInvalidConfiguration);
MCORE_SAME(ErrorInsufficientDriver, hipErrorInsufficientDriver);
MCORE_SAME(ErrorInvalidDeviceFunction, hipErrorInvalidDeviceFunction);
MCORE_SAME(ErrorNoDevice, hipErrorNoDevice);
MCORE_SAME(ErrorInvalidDevice, hipErrorInvalidDevice);
MCORE_SAME(ErrorInvalidImage, hipErrorInvalidImage);
MCORE_SAME(ErrorNoBinaryForGpu, hipErrorNoBinaryForGpu);
MCORE_SAME(ErrorInvalidKernelFile, hipErrorInvalidKernelFile);
MCORE_SAME(ErrorSharedObjectInitFailed, hipErrorSharedObjectInitFailed);
MCORE_SAME(ErrorInvalidHandle, hipErrorInvalidHandle);
MCORE_SAME(ErrorNotFound, hipErrorNotFound);
MCORE_SAME(ErrorIllegalAddress, hipErrorIllegalAddress);
MCORE_SAME(ErrorLaunchOutOfResources, hipErrorLaunchOutOfResources);
MCORE_SAME(ErrorLaunchTimeOut, hipErrorLaunchTimeOut);
MCORE_SAME(ErrorHostMemoryAlreadyRegistered,
           hipErrorHostMemoryAlreadyRegistered);
MCORE_SAME(ErrorHostMemoryNotRegistered, hipErrorHostMemoryNotRegistered);
MCORE_SAME(ErrorLaunchFailure, hipErrorLaunchFailure);
MCORE_SAME(ErrorCooperativeLaunchTooLarge, hipErrorCooperativeLaunchTooLarge);
MCORE_SAME(ErrorNotSupported, hipErrorNotSupported);
MCORE_SAME(MemcpyDefault, hipMemcpyDefault);
MCORE_SAME(EventDefault, hipEventDefault);
MCORE_SAME(EventDisableTiming, hipEventDisableTiming);
MCORE_SAME(HostRegisterDefault, hipHostRegisterDefault);
MCORE_SAME(MemAttachGlobal, hipMemAttachGlobal);

#if HIP_VERSION_MAJOR >= 6
static_assert(offsetof(hipDeviceProp_tR0600, gcnArchName) ==
              hip::DevicePropR0600GcnArchNameOffset);
static_assert(sizeof(hipDeviceProp_tR0600) == hip::DevicePropR0600Size);
static_assert(offsetof(hipDeviceProp_tR0000, gcnArchName) ==
              hip::DevicePropR0000GcnArchNameOffset);
static_assert(sizeof(hipDeviceProp_tR0000) == hip::DevicePropR0000Size);
#else
// HIP 5's hipDeviceProp_t is what HIP 6 calls hipDeviceProp_tR0000.
static_assert(offsetof(hipDeviceProp_t, gcnArchName) ==
              hip::DevicePropR0000GcnArchNameOffset);
static_assert(sizeof(hipDeviceProp_t) == hip::DevicePropR0000Size);
#endif
static_assert(sizeof(hipDeviceProp_t::gcnArchName) ==
              hip::DevicePropGcnArchNameSize);
static_assert(hip::DevicePropBufferSize >= hip::DevicePropR0600Size &&
              hip::DevicePropBufferSize >= hip::DevicePropR0000Size);

TEST(HipAbiTest, VersionNumbering) {
  // HIP_VERSION and hipRuntimeGetVersion share this numbering.
  EXPECT_EQ(hip::versionMajor(HIP_VERSION), HIP_VERSION_MAJOR);
  EXPECT_EQ(hip::versionMinor(HIP_VERSION), HIP_VERSION_MINOR);
  EXPECT_EQ(hip::versionPatch(HIP_VERSION), HIP_VERSION_PATCH);
}
