//===- HipRuntimeTest.cpp - libmcore_hip_runtime.so without a GPU ---------===//
//
// The HIP runtime's loading and error paths, on machines without ROCm or an
// AMD GPU (see HipTestSupport.h for how each test runs). Devices, chips,
// code objects and registered memory are in HipDeviceTest.cpp.
//
//===----------------------------------------------------------------------===//

#include "HipTestSupport.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using ::testing::ExitedWithCode;
using namespace mcore_test;

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
  // Without a GPU or driver HIP fails hipInit with hipErrorInvalidDevice
  // (clr 5.6-6.3, Debian's 5.2.3, and the stand-ins): that is "no AMD GPU".
  for (bool hip5 : {false, true}) {
    EXPECT_EXIT(
        {
          (hip5 ? useFake5 : useFake)("devices=0", false);
          finish(probe() == 0);
        },
        ExitedWithCode(0),
        "probe: 0: no AMD GPU: hipInit failed with hipErrorInvalidDevice in "
        ".*libmcore_fake_hip5?.so: ");
    EXPECT_EXIT(
        {
          (hip5 ? useFake5 : useFake)("devices=0", false);
          mgpuMemAlloc(64, nullptr, false);
          finish(false);
        },
        ExitedWithCode(1),
        "^mcore-hip: error: mgpuMemAlloc: no AMD GPU: hipInit failed with "
        "hipErrorInvalidDevice[^\n]*--backend=emu[^\n]*\n$");
  }
  // hipInit succeeds but no device is visible (HIP_VISIBLE_DEVICES=-1).
  EXPECT_EXIT(
      {
        useFake("fail=hipGetDeviceCount:100");
        finish(probe() == 0);
      },
      ExitedWithCode(0),
      "probe: 0: no AMD GPU: HIP \\(.*libmcore_fake_hip.so\\) sees no device");
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
      "probe: 2: 2 AMD GPUs \\(gfx942:sramecc\\+:xnack-, "
      "gfx942:sramecc\\+:xnack-\\); HIP 6.4.43483 from .*libmcore_fake_hip.so");
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
  // The stand-in refuses it as HIP does; the advice names both chips.
  EXPECT_EXIT(
      {
        useFake("arch=gfx1201");
        std::vector<unsigned char> elf = elfFor(kGfx942);
        mgpuModuleLoad(elf.data(), elf.size());
        finish(false);
      },
      ExitedWithCode(1),
      "hipModuleLoadData\\(64 bytes\\) failed with hipErrorNoBinaryForGpu"
      "[^\n]*: the code object is for gfx942 and the GPU \\(HIP device 0\\) "
      "is gfx1201; compile for the GPU's chip \\(mcore-run --chip=gfx1201");
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
        std::vector<unsigned char> elf = elfFor(kGfx942);
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
        void *f = loadKernel();
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
        mgpuLaunchKernel(loadKernel(), 0, 1, 1, 64, 1, 1, 0, nullptr, nullptr,
                         nullptr, 0);
        finish(false);
      },
      ExitedWithCode(1),
      "mgpuLaunchKernel: launch of 0x1x1 work-groups of 64x1x1 work-items: "
      "every dimension must be at least 1");
}

// HIP's limits (clr's hipModuleLaunchKernel): each broken one is named
// before HIP sees the launch, which would only say hipErrorInvalidValue.
TEST(HipRuntimeDeathTest, HipLaunchLimits) {
  struct Case {
    intptr_t grid[3], block[3];
    const char *message;
  } cases[] = {
      {{intptr_t(1) << 31, 1, 1}, {1, 1, 1}, "grid x must be below 2\\^31"},
      {{1, 65537, 1}, {1, 1, 1}, "grid y and z must be at most 65536"},
      {{1, 1, 65537}, {1, 1, 1}, "grid y and z must be at most 65536"},
      {{(intptr_t(1) << 31) - 1, 1, 1},
       {4, 1, 1},
       "grid \\* block must be below 2\\^32 in every dimension"},
      {{1, 1, 1}, {1024, 2, 1}, "a work-group has at most 1024 work-items"},
  };
  for (const Case &c : cases)
    EXPECT_EXIT(
        {
          useFake();
          mgpuLaunchKernel(loadKernel(), c.grid[0], c.grid[1], c.grid[2],
                           c.block[0], c.block[1], c.block[2], 0, nullptr,
                           nullptr, nullptr, 0);
          finish(false);
        },
        ExitedWithCode(1), std::string("mgpuLaunchKernel: launch of ") +
                               "[0-9x]+ work-groups of [0-9x]+ work-items: " +
                               c.message);
  // The largest launch HIP allows reaches it.
  EXPECT_EXIT(
      {
        useFake();
        mgpuLaunchKernel(loadKernel(), (intptr_t(1) << 31) - 1, 65536, 65536,
                         1, 1, 1, 0, nullptr, nullptr, nullptr, 0);
        mgpuLaunchKernel(loadKernel(), 1, 1, 1, 1024, 1, 1, 0, nullptr,
                         nullptr, nullptr, 0);
        finish(true);
      },
      ExitedWithCode(0), "");
}

// What HIP's launch errors mean at a launch, each with its own advice.
TEST(HipRuntimeDeathTest, LaunchErrorAdvice) {
  struct Case {
    const char *fake, *message;
  } cases[] = {
      {"fail=hipModuleLaunchKernel:9",
       "hipErrorInvalidConfiguration[^\n]*: the grid or work-group is outside "
       "HIP's limits"},
      {"fail=hipModuleLaunchKernel:2",
       "hipErrorOutOfMemory[^\n]*: the kernel needs more LDS \\(static plus "
       "dynamic\\) or scratch"},
      {"fail=hipModuleLaunchKernel:1",
       "hipErrorInvalidValue[^\n]*: HIP refused the launch: more than 1024 "
       "work-items"},
      {"fail=hipModuleLaunchKernel:719",
       "hipErrorFakeUnnamed[^\n]*: the work-group is larger than the kernel "
       "was compiled for"},
  };
  for (const Case &c : cases)
    EXPECT_EXIT(
        {
          useFake(c.fake);
          mgpuLaunchKernel(loadKernel(), 4, 1, 1, 64, 1, 1, 70000, nullptr,
                           nullptr, nullptr, 0);
          finish(false);
        },
        ExitedWithCode(1),
        std::string("hipModuleLaunchKernel\\(grid 4x1x1, block 64x1x1, 70000 "
                    "bytes of dynamic LDS\\) failed with ") +
            c.message);
}

// HIP refuses kernel arguments in both params and extra; so does the
// stand-in, and the runtime says so before HIP does.
TEST(HipRuntimeDeathTest, ParamsAndExtraTogether) {
  EXPECT_EXIT(
      {
        useFake();
        int arg = 1;
        void *params[] = {&arg};
        void *extra[] = {nullptr};
        mgpuLaunchKernel(loadKernel(), 1, 1, 1, 64, 1, 1, 0, nullptr, params,
                         extra, 1);
        finish(false);
      },
      ExitedWithCode(1),
      "mgpuLaunchKernel: both params and extra are given");
  EXPECT_EXIT(
      {
        useFake();
        void *f = loadKernel();
        using Launch = int(void *, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, unsigned, void *, void **,
                           void **);
        auto *launch =
            fakeSymbol<Launch>(MCORE_FAKE_HIP_LIBRARY, "hipModuleLaunchKernel");
        int arg = 1;
        void *params[] = {&arg};
        void *extra[] = {nullptr};
        finish(launch && launch(f, 1, 1, 1, 64, 1, 1, 0, nullptr, params,
                                extra) == 1 /*hipErrorInvalidValue*/);
      },
      ExitedWithCode(0), "");
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

TEST(HipRuntimeDeathTest, Hip5ErrorStringIsTheName) {
  // HIP 5's hipGetErrorString returns the name: it is not repeated.
  EXPECT_EXIT(
      {
        useFake5("fail=hipMalloc:2");
        mgpuMemAlloc(256, nullptr, false);
        finish(false);
      },
      ExitedWithCode(1),
      "^mcore-hip: error: hipMalloc\\(256 bytes\\) failed with "
      "hipErrorOutOfMemory: the GPU has too little free memory[^\n]*\n$");
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

void launchAndTime() {
  useFake("elapsed=2.5");
  void *f = loadKernel();
  void *stream = mgpuStreamCreate();
  int arg = 7;
  void *params[] = {&arg};
  mcoreHipSetKernelTiming(1);
  mgpuLaunchKernel(f, 5, 6, 7, 64, 2, 1, 512, stream, params, nullptr, 1);
  mgpuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, stream, params, nullptr, 1);
  double ms = mcoreHipTakeKernelMilliseconds();
  double again = mcoreHipTakeKernelMilliseconds();
  auto *last =
      fakeSymbol<FakeHipLaunch>(MCORE_FAKE_HIP_LIBRARY, "fakeHipLastLaunch");
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

// The timing events are destroyed when the launch fails too.
TEST(HipRuntimeDeathTest, TimingEventsDoNotLeak) {
  for (const char *fake :
       {"fail=hipModuleLaunchKernel:701", "fail=hipEventRecord:400",
        "fail=hipEventSynchronize:700", ""})
    EXPECT_EXIT(
        {
          useFake(fake, /*continueOnError=*/true);
          void *f = loadKernel();
          int *live = fakeSymbol<int>(MCORE_FAKE_HIP_LIBRARY,
                                      "fakeHipLiveEvents");
          mcoreHipSetKernelTiming(1);
          int arg = 0;
          void *params[] = {&arg};
          for (int i = 0; i < 3; ++i)
            mgpuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr,
                             1);
          std::fprintf(stderr, "live events: %d\n", live ? *live : -1);
          finish(live && *live == 0);
        },
        ExitedWithCode(0), "live events: 0");
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

TEST(HipRuntimeDeathTest, ZeroBytes) {
  // hipMalloc of 0 bytes is a null pointer and no error, as in HIP.
  EXPECT_EXIT(
      {
        useFake();
        finish(mgpuMemAlloc(0, nullptr, false) == nullptr);
      },
      ExitedWithCode(0), "");
  // hipHostRegister of 0 bytes is invalid, in HIP and in the stand-in.
  EXPECT_EXIT(
      {
        useFake();
        static char buffer[16];
        mgpuMemHostRegister(buffer, 0);
        finish(false);
      },
      ExitedWithCode(1),
      "hipHostRegister\\(0 bytes\\) failed with hipErrorInvalidValue");
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
  // hipMallocManaged wants hipMemAttachGlobal: flags 0 are invalid.
  EXPECT_EXIT(
      {
        useFake();
        mgpuMemAlloc(64, nullptr, true);
        auto *managed = fakeSymbol<int(void **, size_t, unsigned)>(
            MCORE_FAKE_HIP_LIBRARY, "hipMallocManaged");
        void *p = nullptr;
        finish(managed && managed(&p, 64, 0) == 1 /*hipErrorInvalidValue*/);
      },
      ExitedWithCode(0), "");
}

TEST(HipRuntimeDeathTest, CopiesGoThroughHip) {
  EXPECT_EXIT(copyThroughHip(), ExitedWithCode(0), "");
}

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
