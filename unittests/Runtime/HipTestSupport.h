//===- HipTestSupport.h - Running libmcore_hip_runtime.so in a child -------===//
//
// The HIP runtime loads HIP once per process, so every test runs in a child
// process (a gtest death test) that sets the environment first:
// MCORE_HIP_LIBRARY points the runtime at a missing file, at a stand-in HIP
// (FakeHip.cpp, configured by FAKE_HIP) or at a library lacking HIP
// functions. The child exits with 0 when its own checks pass; a failing HIP
// call in the default mode ends it with status 1 and one line on stderr,
// which the regular expressions match.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_UNITTESTS_RUNTIME_HIPTESTSUPPORT_H
#define MCORE_UNITTESTS_RUNTIME_HIPTESTSUPPORT_H

#include "FakeHip.h"

#include "mcore/Runtime/HipRuntime.h"
#include "mcore/Runtime/MgpuAbi.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <vector>

namespace mcore_test {

/// Environment for a child: the HIP library to load and the fake's config.
inline void useLibrary(const char *library, const char *fake = "",
                       bool continueOnError = false) {
  setenv("MCORE_HIP_LIBRARY", library, 1);
  setenv("FAKE_HIP", fake, 1);
  if (continueOnError)
    setenv("MCORE_HIP_ON_ERROR", "continue", 1);
  else
    unsetenv("MCORE_HIP_ON_ERROR");
}

/// The stand-in for HIP 6 and later.
inline void useFake(const char *fake = "", bool continueOnError = false) {
  useLibrary(MCORE_FAKE_HIP_LIBRARY, fake, continueOnError);
}

/// The stand-in for HIP 5.
inline void useFake5(const char *fake = "", bool continueOnError = false) {
  useLibrary(MCORE_FAKE_HIP5_LIBRARY, fake, continueOnError);
}

/// Ends the child: 0 when `ok`, else 3 (which no expectation accepts).
[[noreturn]] inline void finish(bool ok) {
  std::fflush(stdout);
  std::fflush(stderr);
  std::_Exit(ok ? 0 : 3);
}

/// The probe: prints its message to stderr (for the regex) and returns the
/// number of devices.
inline int probe() {
  char message[512];
  int n = mcoreHipProbe(message, sizeof(message));
  std::fprintf(stderr, "probe: %d: %s\n", n, message);
  return n;
}

/// A minimal AMDGPU ELF64 header for `mach` (EF_AMDGPU_MACH), of code
/// object version `version` (ELFOSABI_AMDGPU_HSA, ABI version version - 2).
inline std::vector<unsigned char> elfFor(unsigned mach, int version = 5) {
  std::vector<unsigned char> elf(64, 0);
  std::memcpy(elf.data(), "\x7f" "ELF", 4);
  elf[4] = 2;                       // ELFCLASS64
  elf[5] = 1;                       // little endian
  elf[7] = 64;                      // ELFOSABI_AMDGPU_HSA
  elf[8] = uint8_t(version - 2);    // ELFABIVERSION_AMDGPU_HSA_V*
  elf[0x12] = 224;                  // EM_AMDGPU
  elf[0x30] = uint8_t(mach);        // e_flags
  return elf;
}

constexpr unsigned kGfx942 = 0x4c, kGfx950 = 0x4f, kGfx1201 = 0x4e;

/// A kernel of a module the fake loaded for `mach` on the current device.
inline void *loadKernel(unsigned mach = kGfx942) {
  std::vector<unsigned char> elf = elfFor(mach);
  return mgpuModuleGetFunction(mgpuModuleLoad(elf.data(), elf.size()), "k");
}

/// A symbol of the already loaded stand-in HIP library.
template <typename T> T *fakeSymbol(const char *library, const char *name) {
  void *fake = dlopen(library, RTLD_NOW | RTLD_NOLOAD);
  return fake ? reinterpret_cast<T *>(dlsym(fake, name)) : nullptr;
}

} // namespace mcore_test

#endif // MCORE_UNITTESTS_RUNTIME_HIPTESTSUPPORT_H
