//===- HipRuntimeTest.cpp - libmcore_hip_runtime.so without a GPU ---------===//
//
// The HIP runtime's loading and error paths, on machines without ROCm or an
// AMD GPU: MCORE_HIP_LIBRARY points it at a missing file, at
// libmcore_fake_hip.so (FakeHip.cpp, which returns the HIP error codes
// FAKE_HIP asks for) or at a library lacking HIP functions.
//
// The runtime loads HIP once per process, so every test runs in a child
// process (a gtest death test) that sets the environment first. The child
// exits with 0 when its own checks pass; a failing HIP call in the default
// mode ends it with status 1 and one line on stderr, which the regular
// expressions match.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runtime/HipRuntime.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <vector>

// The mgpu* ABI as gpu-to-llvm calls it (the runtime exports these with C
// linkage; MLIR's headers do not declare them).
extern "C" {
void *mgpuModuleLoad(void *data, size_t size);
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
void *mgpuModuleGetFunction(void *module, const char *name);
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount);
void *mgpuStreamCreate();
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
void mgpuMemset32(void *dst, int value, size_t count, void *stream);
void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementSizeBytes);
void mgpuSetDefaultDevice(int32_t device);
void mgpuMemset16(void *dst, int value, size_t count, void *stream);
void *mgpuEventCreate();
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);
void mgpuLaunchClusterKernel(void *, intptr_t, intptr_t, intptr_t, intptr_t,
                             intptr_t, intptr_t, intptr_t, intptr_t, intptr_t,
                             int32_t, void *, void **, void **, size_t);
}

namespace {

using ::testing::ExitedWithCode;

/// Environment for a child: the HIP library to load and the fake's config.
void useLibrary(const char *library, const char *fake = "",
                bool continueOnError = false) {
  setenv("MCORE_HIP_LIBRARY", library, 1);
  setenv("FAKE_HIP", fake, 1);
  if (continueOnError)
    setenv("MCORE_HIP_ON_ERROR", "continue", 1);
  else
    unsetenv("MCORE_HIP_ON_ERROR");
}

void useFake(const char *fake = "", bool continueOnError = false) {
  useLibrary(MCORE_FAKE_HIP_LIBRARY, fake, continueOnError);
}

/// Ends the child: 0 when `ok`, else 3 (which no expectation accepts).
[[noreturn]] void finish(bool ok) {
  std::fflush(stdout);
  std::fflush(stderr);
  std::_Exit(ok ? 0 : 3);
}

/// The probe: prints its message to stderr (for the regex) and returns the
/// number of devices.
int probe() {
  char message[512];
  int n = mcoreHipProbe(message, sizeof(message));
  std::fprintf(stderr, "probe: %d: %s\n", n, message);
  return n;
}

/// A minimal AMDGPU ELF64 header for `mach` (EF_AMDGPU_MACH).
std::vector<unsigned char> elfFor(unsigned mach) {
  std::vector<unsigned char> elf(64, 0);
  std::memcpy(elf.data(),
              "\x7f"
              "ELF",
              4);
  elf[4] = 2;                // ELFCLASS64
  elf[5] = 1;                // little endian
  elf[0x12] = 224;           // EM_AMDGPU
  elf[0x30] = uint8_t(mach); // e_flags
  return elf;
}

//===----------------------------------------------------------------------===//
// No HIP, no device
//===----------------------------------------------------------------------===//

TEST(HipRuntimeDeathTest, MissingLibraryProbeSaysNoAmdGpu) {
  EXPECT_EXIT(
      {
        useLibrary("/nonexistent/libamdhip64.so.6");
        finish(probe() == 0);
      },
      ExitedWithCode(0),
      "probe: 0: no AMD GPU: cannot load the HIP runtime MCORE_HIP_LIBRARY "
      "names \\(/nonexistent/libamdhip64.so.6");
}

TEST(HipRuntimeDeathTest, MissingLibraryCallExitsWithOneLine) {
  EXPECT_EXIT(
      {
        useLibrary("/nonexistent/libamdhip64.so.6");
        mgpuStreamCreate();
        finish(false); // not reached: the runtime exits
      },
      ExitedWithCode(1),
      "^mcore-hip: error: mgpuStreamCreate: no AMD GPU: [^\n]*mcore-run "
      "--backend=emu[^\n]*\n$");
}

TEST(HipRuntimeDeathTest, MissingLibraryContinueReturnsNull) {
  EXPECT_EXIT(
      {
        useLibrary("/nonexistent/libamdhip64.so.6", "", true);
        void *stream = mgpuStreamCreate();
        void *ptr = mgpuMemAlloc(64, nullptr, false);
        finish(stream == nullptr && ptr == nullptr);
      },
      ExitedWithCode(0),
      "mgpuStreamCreate: no AMD GPU.*\n.*mgpuMemAlloc: no AMD GPU");
}

TEST(HipRuntimeDeathTest, NoDevice) {
  EXPECT_EXIT(
      {
        useFake("devices=0");
        finish(probe() == 0);
      },
      ExitedWithCode(0),
      "probe: 0: no AMD GPU: HIP \\(.*libmcore_fake_hip.so\\) sees no device");
  EXPECT_EXIT(
      {
        useFake("devices=0");
        mgpuMemAlloc(64, nullptr, false);
        finish(false);
      },
      ExitedWithCode(1),
      "mcore-hip: error: mgpuMemAlloc: no AMD GPU: HIP .* sees no device; "
      ".*--backend=emu");
}

TEST(HipRuntimeDeathTest, InitFailsWithNoDevice) {
  EXPECT_EXIT(
      {
        useFake("fail=hipInit:100");
        finish(probe() == 0);
      },
      ExitedWithCode(0),
      "probe: 0: no AMD GPU: hipInit failed with hipErrorNoDevice");
}

TEST(HipRuntimeDeathTest, LibraryWithoutHipFunctions) {
  EXPECT_EXIT(
      {
        useLibrary(MCORE_INCOMPLETE_HIP_LIBRARY);
        finish(probe() == 0);
      },
      ExitedWithCode(0),
      "probe: 0: no AMD GPU usable: the HIP runtime "
      ".*libmcore_incomplete_hip.so has no hipGetDeviceCount");
}

TEST(HipRuntimeDeathTest, ProbeFindsTheFakeDevice) {
  EXPECT_EXIT(
      {
        useFake("devices=2");
        finish(probe() == 2);
      },
      ExitedWithCode(0),
      "probe: 2: 2 AMD GPUs.*; HIP 6.2.41134 from .*libmcore_fake_hip.so");
}

//===----------------------------------------------------------------------===//
// Failing calls: the call, HIP's error name, and what to do
//===----------------------------------------------------------------------===//

TEST(HipRuntimeDeathTest, OutOfMemory) {
  EXPECT_EXIT(
      {
        useFake("fail=hipMalloc:2");
        mgpuMemAlloc(uint64_t(1) << 30, nullptr, false);
        finish(false);
      },
      ExitedWithCode(1),
      "^mcore-hip: error: hipMalloc\\(1073741824 bytes\\) failed with "
      "hipErrorOutOfMemory \\(out of memory\\): the GPU has too little free "
      "memory[^\n]*\n$");
}

TEST(HipRuntimeDeathTest, ContinueModeReturnsNull) {
  EXPECT_EXIT(
      {
        useFake("fail=hipMalloc:2", true);
        void *p = mgpuMemAlloc(256, nullptr, false);
        finish(p == nullptr);
      },
      ExitedWithCode(0),
      "hipMalloc\\(256 bytes\\) failed with "
      "hipErrorOutOfMemory");
}

TEST(HipRuntimeDeathTest, CodeObjectForAnotherChip) {
  EXPECT_EXIT(
      {
        useFake("fail=hipModuleLoadData:209");
        std::vector<unsigned char> elf = elfFor(0x4c); // gfx942
        mgpuModuleLoad(elf.data(), elf.size());
        finish(false);
      },
      ExitedWithCode(1),
      "hipModuleLoadData\\(64 bytes\\) failed with hipErrorNoBinaryForGpu"
      "[^\n]*: the code object is for gfx942[^\n]*--chip=");
}

TEST(HipRuntimeDeathTest, BitcodeIsForTheEmulator) {
  EXPECT_EXIT(
      {
        useFake();
        char bitcode[] = "BC\xC0\xDE and the rest";
        mgpuModuleLoad(bitcode, sizeof(bitcode));
        finish(false);
      },
      ExitedWithCode(1),
      "mgpuModuleLoad: the GPU module is LLVM bitcode, which mcore's "
      "emulator runs .*format=hsaco");
}

TEST(HipRuntimeDeathTest, NotACodeObject) {
  EXPECT_EXIT(
      {
        useFake("fail=hipModuleLoadData:200");
        char text[] = "not an ELF file at all";
        mgpuModuleLoad(text, sizeof(text));
        finish(false);
      },
      ExitedWithCode(1),
      "hipModuleLoadData\\(23 bytes\\) failed with hipErrorInvalidImage"
      "[^\n]*: the GPU module is not an AMDGPU code object \\(HSACO\\)");
}

TEST(HipRuntimeDeathTest, KernelNotFound) {
  EXPECT_EXIT(
      {
        useFake("fail=hipModuleGetFunction:500");
        std::vector<unsigned char> elf = elfFor(0x4e);
        void *module = mgpuModuleLoad(elf.data(), elf.size());
        mgpuModuleGetFunction(module, "matmul_kernel");
        finish(false);
      },
      ExitedWithCode(1),
      "hipModuleGetFunction\\('matmul_kernel'\\) failed with "
      "hipErrorNotFound[^\n]*: the code object has no kernel of that name");
}

TEST(HipRuntimeDeathTest, LaunchOutOfResources) {
  EXPECT_EXIT(
      {
        useFake("fail=hipModuleLaunchKernel:701");
        std::vector<unsigned char> elf = elfFor(0x4e);
        void *f =
            mgpuModuleGetFunction(mgpuModuleLoad(elf.data(), elf.size()), "k");
        mgpuLaunchKernel(f, 4, 2, 1, 128, 1, 1, 1024, mgpuStreamCreate(),
                         nullptr, nullptr, 0);
        finish(false);
      },
      ExitedWithCode(1),
      "hipModuleLaunchKernel\\(grid 4x2x1, block 128x1x1, 1024 bytes of "
      "dynamic LDS\\) failed with hipErrorLaunchOutOfResources[^\n]*smaller "
      "tiles");
}

TEST(HipRuntimeDeathTest, BadLaunchDimensionsNeverReachHip) {
  EXPECT_EXIT(
      {
        useFake();
        std::vector<unsigned char> elf = elfFor(0x4e);
        void *f =
            mgpuModuleGetFunction(mgpuModuleLoad(elf.data(), elf.size()), "k");
        mgpuLaunchKernel(f, 0, 1, 1, 64, 1, 1, 0, nullptr, nullptr, nullptr, 0);
        finish(false);
      },
      ExitedWithCode(1),
      "mgpuLaunchKernel: launch of 0x1x1 work-groups of 64x1x1 work-items: "
      "every dimension must be between 1 and 2\\^32-1");
}

TEST(HipRuntimeDeathTest, FaultSurfacesAtSynchronize) {
  EXPECT_EXIT(
      {
        useFake("fail=hipStreamSynchronize:700");
        mgpuStreamSynchronize(mgpuStreamCreate());
        finish(false);
      },
      ExitedWithCode(1),
      "hipStreamSynchronize\\(\\) failed with hipErrorIllegalAddress[^\n]*"
      "MCORE_EMU_CHECK=1");
}

TEST(HipRuntimeDeathTest, UnknownErrorUsesHipsName) {
  EXPECT_EXIT(
      {
        useFake("fail=hipStreamCreate:999");
        mgpuStreamCreate();
        finish(false);
      },
      ExitedWithCode(1),
      "hipStreamCreate\\(\\) failed with hipErrorUnknown \\(fake HIP "
      "error\\): [^\n]*AMD_LOG_LEVEL");
}

void registerNonDenseMemRef() {
  useFake();
  float data[64];
  // StridedMemRefType<float, 2>: 4x4 with row stride 8.
  struct {
    float *base, *aligned;
    int64_t offset, sizes[2], strides[2];
  } d = {data, data, 0, {4, 4}, {8, 1}};
  mgpuMemHostRegisterMemRef(2, &d, sizeof(float));
  finish(false);
}

TEST(HipRuntimeDeathTest, NonDenseMemRefIsNotRegistered) {
  EXPECT_EXIT(
      registerNonDenseMemRef(), ExitedWithCode(1),
      "mgpuMemHostRegisterMemRef: dimension 0 of the memref has stride 8, "
      "not 4");
}

TEST(HipRuntimeDeathTest, DefaultDeviceOutOfRange) {
  EXPECT_EXIT(
      {
        useFake("devices=1");
        mgpuSetDefaultDevice(3);
        finish(false);
      },
      ExitedWithCode(1),
      "mgpuSetDefaultDevice\\(3\\): HIP sees 1 device "
      "\\(0-0\\)");
}

TEST(HipRuntimeDeathTest, NoJitForAssembly) {
  EXPECT_EXIT(
      {
        useFake();
        mgpuModuleLoadJIT(nullptr, 2);
        finish(false);
      },
      ExitedWithCode(1), "mgpuModuleLoadJIT: HIP has no JIT");
}

//===----------------------------------------------------------------------===//
// The plumbing to HIP (no GPU result involved)
//===----------------------------------------------------------------------===//

struct FakeHipLaunch {
  void *function;
  unsigned grid[3], block[3], sharedBytes;
  void *stream;
  void **params;
  void **extra;
  int count;
};

void launchAndTime() {
  useFake("elapsed=2.5");
  std::vector<unsigned char> elf = elfFor(0x4c);
  void *f = mgpuModuleGetFunction(mgpuModuleLoad(elf.data(), elf.size()), "k");
  void *stream = mgpuStreamCreate();
  int arg = 7;
  void *params[] = {&arg};
  mcoreHipSetKernelTiming(1);
  mgpuLaunchKernel(f, 5, 6, 7, 64, 2, 1, 512, stream, params, nullptr, 1);
  mgpuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, stream, params, nullptr, 1);
  double ms = mcoreHipTakeKernelMilliseconds();
  double again = mcoreHipTakeKernelMilliseconds();
  void *fake = dlopen(MCORE_FAKE_HIP_LIBRARY, RTLD_NOW | RTLD_NOLOAD);
  auto *last =
      fake ? static_cast<FakeHipLaunch *>(dlsym(fake, "fakeHipLastLaunch"))
           : nullptr;
  bool ok = last && last->count == 2 && last->function == f &&
            last->grid[0] == 1 && last->block[0] == 64 &&
            last->params == params && last->stream == stream && ms == 5.0 &&
            again == 0.0;
  mgpuLaunchKernel(f, 5, 6, 7, 64, 2, 1, 512, stream, params, nullptr, 1);
  ok = ok && last->grid[0] == 5 && last->grid[1] == 6 && last->grid[2] == 7 &&
       last->block[1] == 2 && last->sharedBytes == 512;
  std::fprintf(stderr, "timed %g ms then %g ms\n", ms, again);
  finish(ok);
}

TEST(HipRuntimeDeathTest, LaunchPassesItsArgumentsAndTimes) {
  EXPECT_EXIT(launchAndTime(), ExitedWithCode(0), "timed 5 ms then 0 ms");
}

void copyThroughHip() {
  useFake();
  int32_t host[4] = {1, 2, 3, 4}, back[4] = {};
  void *device = mgpuMemAlloc(sizeof(host), nullptr, false);
  mgpuMemcpy(device, host, sizeof(host), nullptr);
  mgpuMemset32(device, 9, 2, nullptr);
  mgpuMemcpy(back, device, sizeof(back), nullptr);
  mgpuMemFree(device, nullptr);
  finish(back[0] == 9 && back[1] == 9 && back[2] == 3 && back[3] == 4);
}

TEST(HipRuntimeDeathTest, HostSharedIsManagedMemory) {
  EXPECT_EXIT(
      {
        useFake("fail=hipMalloc:2");
        // host_shared does not use hipMalloc (which fails here) but
        // hipMallocManaged, and the host can write the memory.
        auto *p = static_cast<int *>(mgpuMemAlloc(64, nullptr, true));
        if (p)
          p[15] = 1;
        finish(p != nullptr);
      },
      ExitedWithCode(0), "");
  EXPECT_EXIT(
      {
        useFake("fail=hipMallocManaged:2");
        mgpuMemAlloc(64, nullptr, true);
        finish(false);
      },
      ExitedWithCode(1),
      "hipMallocManaged\\(64 bytes\\) failed with hipErrorOutOfMemory");
}

TEST(HipRuntimeDeathTest, RegisteredMemoryAtAnotherDeviceAddress) {
  EXPECT_EXIT(
      {
        useFake();
        static char buffer[256];
        mgpuMemHostRegister(buffer, sizeof(buffer));
        finish(true);
      },
      ExitedWithCode(0), "");
  EXPECT_EXIT(
      {
        useFake("devoffset=4096");
        static char buffer[256];
        mgpuMemHostRegister(buffer, sizeof(buffer));
        finish(false);
      },
      ExitedWithCode(1),
      "mgpuMemHostRegister: HIP maps the registered host memory .* at "
      "device address .*, but the compiled host code passes kernels the "
      "host address");
}

TEST(HipRuntimeDeathTest, CopiesGoThroughHip) {
  EXPECT_EXIT(copyThroughHip(), ExitedWithCode(0), "");
}

} // namespace

namespace {

void eventsAndStreams() {
  useFake();
  void *stream = mgpuStreamCreate();
  void *event = mgpuEventCreate();
  mgpuEventRecord(event, stream);
  mgpuStreamWaitEvent(stream, event);
  mgpuEventSynchronize(event);
  mgpuEventDestroy(event);
  uint16_t halves[4] = {};
  mgpuMemset16(halves, 0xABCD, 3, stream);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
  finish(event && stream && halves[0] == 0xABCD && halves[2] == 0xABCD &&
         halves[3] == 0);
}

TEST(HipRuntimeDeathTest, EventsAndStreams) {
  EXPECT_EXIT(eventsAndStreams(), ExitedWithCode(0), "");
  // Every call names itself when HIP fails it.
  EXPECT_EXIT(
      {
        useFake("fail=hipEventRecord:400");
        mgpuEventRecord(mgpuEventCreate(), mgpuStreamCreate());
        finish(false);
      },
      ExitedWithCode(1),
      "hipEventRecord\\(\\) failed with hipErrorFakeUnnamed \\(fake HIP "
      "error\\): a module, function, stream or event handle is not valid");
  EXPECT_EXIT(
      {
        useFake("fail=hipStreamWaitEvent:999");
        mgpuStreamWaitEvent(mgpuStreamCreate(), mgpuEventCreate());
        finish(false);
      },
      ExitedWithCode(1),
      "hipStreamWaitEvent\\(\\) failed with hipErrorUnknown");
  EXPECT_EXIT(
      {
        useFake("fail=hipMemsetD16Async:1");
        uint16_t h[2];
        mgpuMemset16(h, 1, 2, nullptr);
        finish(false);
      },
      ExitedWithCode(1), "hipMemsetD16Async\\(2 halves\\) failed");
}

TEST(HipRuntimeDeathTest, NoClustersOnAmd) {
  EXPECT_EXIT(
      {
        useFake();
        mgpuLaunchClusterKernel(nullptr, 1, 1, 1, 1, 1, 1, 64, 1, 1, 0, nullptr,
                                nullptr, nullptr, 0);
        finish(false);
      },
      ExitedWithCode(1),
      "mgpuLaunchClusterKernel: thread-block clusters are "
      "an NVIDIA feature");
}

} // namespace
