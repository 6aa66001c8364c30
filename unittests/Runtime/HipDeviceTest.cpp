//===- HipDeviceTest.cpp - Devices, chips and memory of the HIP runtime ---===//
//
// What libmcore_hip_runtime.so takes from HIP rather than from elsewhere:
// which libamdhip64 it loads, the chips of HIP's devices (gcnArchName, in
// both hipDeviceProp_t layouts), the device every call runs on, why HIP
// refuses a code object, and the device address of registered host memory.
// Each runs in a child process against a stand-in HIP (HipTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "HipTestSupport.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

using ::testing::ExitedWithCode;
using namespace mcore_test;

/// The chips mcoreHipDeviceChips reports, printed for the regex.
int chips() {
  char buffer[256];
  int n = mcoreHipDeviceChips(buffer, sizeof(buffer));
  std::fprintf(stderr, "chips: %d: %s\n", n, buffer);
  return n;
}

//===----------------------------------------------------------------------===//
// Which HIP
//===----------------------------------------------------------------------===//

// libamdhip64.so.7 (ROCm 7) is tried first, and a newer HIP in $ROCM_PATH
// wins over an older one in the library search path (Debian's .so.5).
TEST(HipDeviceDeathTest, LoaderPrefersTheNewestHip) {
  char dir[] = "/tmp/mcore-hip-loader-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  std::string lib = std::string(dir) + "/lib";
  ASSERT_EQ(mkdir(lib.c_str(), 0755), 0);
  std::string so7 = lib + "/libamdhip64.so.7", so6 = lib + "/libamdhip64.so.6";
  ASSERT_EQ(symlink(MCORE_FAKE_HIP_LIBRARY, so7.c_str()), 0);
  ASSERT_EQ(symlink(MCORE_FAKE_HIP5_LIBRARY, so6.c_str()), 0);
  EXPECT_EXIT(
      {
        unsetenv("MCORE_HIP_LIBRARY");
        setenv("ROCM_PATH", dir, 1);
        setenv("FAKE_HIP", "", 1);
        finish(probe() == 1);
      },
      ExitedWithCode(0),
      "probe: 1: 1 AMD GPU \\(gfx942:sramecc\\+:xnack-\\); HIP 6.4.43483 from "
      "/tmp/mcore-hip-loader-[^/]*/lib/libamdhip64.so.7");
  unlink(so7.c_str());
  unlink(so6.c_str());
  rmdir(lib.c_str());
  rmdir(dir);
}

//===----------------------------------------------------------------------===//
// Chips from HIP's devices
//===----------------------------------------------------------------------===//

TEST(HipDeviceDeathTest, ChipsFromHipDeviceProperties) {
  // HIP 6 and later: hipGetDevicePropertiesR0600.
  EXPECT_EXIT(
      {
        useFake("devices=3,arch=gfx1201/gfx942:sramecc+:xnack-/gfx950");
        finish(chips() == 3);
      },
      ExitedWithCode(0), "chips: 3: gfx1201,gfx942,gfx950\n");
  // HIP 5: hipGetDeviceProperties, the older layout.
  EXPECT_EXIT(
      {
        useFake5("devices=2,arch=gfx90a:sramecc+:xnack-/gfx1100");
        finish(chips() == 2);
      },
      ExitedWithCode(0), "chips: 2: gfx90a,gfx1100\n");
  EXPECT_EXIT(
      {
        useFake5("devices=0");
        finish(chips() == 0);
      },
      ExitedWithCode(0), "chips: 0: \n");
}

//===----------------------------------------------------------------------===//
// The device of every call
//===----------------------------------------------------------------------===//

// HIP aborts the process when a module's kernel is used while another device
// is current (clr's device check; the stand-in does the same): the runtime
// makes the module's device current first.
TEST(HipDeviceDeathTest, ModuleDeviceIsRestored) {
  EXPECT_EXIT(
      {
        useFake("devices=2");
        mgpuSetDefaultDevice(1);
        std::vector<unsigned char> elf = elfFor(kGfx942);
        void *module = mgpuModuleLoad(elf.data(), elf.size());
        mgpuSetDefaultDevice(0);
        void *f = mgpuModuleGetFunction(module, "k");
        void *buffer = mgpuMemAlloc(64, nullptr, false);
        mgpuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, nullptr, &buffer, nullptr,
                         1);
        mgpuModuleUnload(module);
        auto *last = fakeSymbol<FakeHipLaunch>(MCORE_FAKE_HIP_LIBRARY,
                                               "fakeHipLastLaunch");
        finish(last && last->count == 1);
      },
      ExitedWithCode(0), "");
}

// mcoreHipSelectDevice (mcore-run --device=N) picks the device of threads
// that did not call mgpuSetDefaultDevice; HIP's numbering.
TEST(HipDeviceDeathTest, SelectDevice) {
  EXPECT_EXIT(
      {
        useFake("devices=2,arch=gfx942/gfx1201");
        bool ok = mcoreHipSelectDevice(1) == 1;
        std::vector<unsigned char> elf = elfFor(kGfx1201);
        ok = ok && mgpuModuleLoad(elf.data(), elf.size()) != nullptr;
        elf = elfFor(kGfx942);
        mgpuModuleLoad(elf.data(), elf.size());
        finish(false);
      },
      ExitedWithCode(1),
      "hipModuleLoadData\\(64 bytes\\) failed with hipErrorNoBinaryForGpu "
      "\\(fake HIP error\\): the code object is for gfx942 and the GPU \\(HIP "
      "device 1\\) is gfx1201");
  EXPECT_EXIT(
      {
        useFake("devices=2");
        mcoreHipSelectDevice(2);
        finish(false);
      },
      ExitedWithCode(1),
      "mcore-hip: error: device 2: HIP sees 2 devices \\(0-1; "
      "HIP_VISIBLE_DEVICES selects and orders them\\)");
}

//===----------------------------------------------------------------------===//
// Why HIP refuses a code object
//===----------------------------------------------------------------------===//

TEST(HipDeviceDeathTest, CodeObjectVersionTooNewForThisRocm) {
  // ROCm 6.1 cannot load code object v6; the stand-in refuses it as HIP
  // does, and the runtime says what is needed.
  EXPECT_EXIT(
      {
        useFake("version=60140091");
        std::vector<unsigned char> elf = elfFor(kGfx942, 6);
        mgpuModuleLoad(elf.data(), elf.size());
        finish(false);
      },
      ExitedWithCode(1),
      "hipModuleLoadData\\(64 bytes\\) failed with hipErrorNoBinaryForGpu "
      "\\(fake HIP error\\): code object v6 needs ROCm >= 6.3; this is HIP "
      "6.1.40091 \\(.*libmcore_fake_hip.so\\); rebuild with the pipeline "
      "option abi=500 \\(code object v5\\)");
  // ... and loads v5, and v6 from ROCm 6.3 on.
  EXPECT_EXIT(
      {
        useFake("version=60140091");
        std::vector<unsigned char> v5 = elfFor(kGfx942, 5);
        finish(mgpuModuleLoad(v5.data(), v5.size()) != nullptr);
      },
      ExitedWithCode(0), "");
  EXPECT_EXIT(
      {
        useFake("version=60342134");
        std::vector<unsigned char> v6 = elfFor(kGfx942, 6);
        finish(mgpuModuleLoad(v6.data(), v6.size()) != nullptr);
      },
      ExitedWithCode(0), "");
}

TEST(HipDeviceDeathTest, ChipTooNewForThisRocm) {
  EXPECT_EXIT(
      {
        useFake("arch=gfx950,version=60443483,fail=hipModuleLoadData:209");
        std::vector<unsigned char> elf = elfFor(kGfx950);
        mgpuModuleLoad(elf.data(), elf.size());
        finish(false);
      },
      ExitedWithCode(1),
      "failed with hipErrorNoBinaryForGpu \\(fake HIP error\\): gfx950 needs "
      "ROCm >= 7.0; this is HIP 6.4.43483");
}

TEST(HipDeviceDeathTest, NotAnElfIsRefused) {
  // Without fail=: the stand-in itself refuses what is not an AMDGPU ELF.
  EXPECT_EXIT(
      {
        useFake();
        char text[] = "not an ELF file at all, but long enough for a header "
                      "of sixty-four bytes";
        mgpuModuleLoad(text, sizeof(text));
        finish(false);
      },
      ExitedWithCode(1),
      "hipModuleLoadData\\([0-9]+ bytes\\) failed with hipErrorInvalidImage "
      "\\(fake HIP error\\): the GPU module is not an AMDGPU code object");
}

//===----------------------------------------------------------------------===//
// Registered host memory
//===----------------------------------------------------------------------===//

// HIP may map registered host memory at another device address (the
// stand-in always does): kernels get it from mgpuMemGetDeviceMemRef1d*, and
// copies to that address reach the host memory.
void registeredMemoryChild() {
  useFake("devoffset=0x100000");
  static float data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  static int32_t words[4];
  mgpuMemHostRegister(data, sizeof(data));
  mgpuMemHostRegister(words, sizeof(words));
  MgpuMemRef1dFloat d = mgpuMemGetDeviceMemRef1dFloat(data, data + 2, 1, 5, 1);
  MgpuMemRef1dInt32 w = mgpuMemGetDeviceMemRef1dInt32(words, words, 0, 4, 1);
  auto shifted = [](auto *p) {
    return reinterpret_cast<decltype(p)>(reinterpret_cast<char *>(p) +
                                         0x100000);
  };
  // The byte view mcore's host-buffers pass asks for.
  auto *bytes = reinterpret_cast<int8_t *>(words);
  MgpuMemRef1dInt8 v = mcoreMemGetDeviceMemRef1dInt8(bytes, bytes, 0, 16, 1);
  bool ok = d.aligned == shifted(data + 2) && d.allocated == d.aligned &&
            d.offset == 1 && d.sizes[0] == 5 && d.strides[0] == 1 &&
            w.aligned == shifted(words) && v.aligned == shifted(bytes) &&
            v.sizes[0] == 16;
  // A copy into the device address lands in the host memory.
  float nine = 9;
  mgpuMemcpy(d.aligned + d.offset, &nine, sizeof(nine), nullptr);
  mgpuMemset32(w.aligned, 7, 4, nullptr);
  ok = ok && data[3] == 9 && words[3] == 7;
  mgpuMemHostUnregister(data);
  mgpuMemHostUnregister(words);
  finish(ok);
}

TEST(HipDeviceDeathTest, RegisteredMemoryHasADeviceAddress) {
  EXPECT_EXIT(registeredMemoryChild(), ExitedWithCode(0), "");
}

TEST(HipDeviceDeathTest, UnregisteredMemoryHasNoDeviceAddress) {
  EXPECT_EXIT(
      {
        useFake();
        static float data[4];
        mgpuMemGetDeviceMemRef1dFloat(data, data, 0, 4, 1);
        finish(false);
      },
      ExitedWithCode(1),
      "^mcore-hip: error: hipHostGetDevicePointer\\(0x[0-9a-f]+\\) failed "
      "with hipErrorInvalidValue \\(fake HIP error\\): the memory is not "
      "registered host memory \\(gpu.host_register or mgpuMemHostRegister it "
      "first\\)\n$");
  // Registering twice, or unregistering what is not registered, is HIP's
  // error too.
  EXPECT_EXIT(
      {
        useFake();
        static char buffer[64];
        mgpuMemHostRegister(buffer, sizeof(buffer));
        mgpuMemHostRegister(buffer, sizeof(buffer));
        finish(false);
      },
      ExitedWithCode(1),
      "hipHostRegister\\(64 bytes\\) failed with "
      "hipErrorHostMemoryAlreadyRegistered");
}

} // namespace
