//===- FakeHip.cpp - A stand-in libamdhip64 for testing error paths -------===//
//
// libmcore_fake_hip.so exports the HIP functions libmcore_hip_runtime.so
// calls, so that the runtime's loading and error handling can be tested on
// machines without ROCm or an AMD GPU (MCORE_HIP_LIBRARY points the runtime
// at it). It computes nothing: "device memory" is host memory and launches
// only record their arguments. Where real HIP (ROCm/clr, and Debian's
// libamdhip64 5.2.3 on a machine without a GPU) refuses something, so does
// this one, with HIP's error code:
//
//   * hipInit fails with hipErrorInvalidDevice when there is no device;
//   * hipModuleLoadData refuses what is not an AMDGPU ELF
//     (hipErrorInvalidImage), a code object for another chip than the
//     current device's, or of a code object version the declared runtime
//     cannot load (v6 before ROCm 6.3) (hipErrorNoBinaryForGpu);
//   * registered host memory has another device address than its host
//     address, and hipHostGetDevicePointer fails on memory not registered;
//   * hipModuleLaunchKernel refuses params and extra together, and
//     clr's launch limits, with hipErrorInvalidValue;
//   * using a module or kernel while another device is current aborts the
//     process, as clr's device check does;
//   * hipMalloc of 0 bytes succeeds with a null pointer; hipMallocManaged
//     wants hipMemAttachGlobal; hipHostRegister of 0 bytes is invalid.
//
// Built twice: libmcore_fake_hip.so behaves as HIP 6 or later
// (hipGetDevicePropertiesR0600), libmcore_fake_hip5.so (FAKE_HIP5) as HIP 5
// (no R0600 entry point, the older hipDeviceProp_t layout, and
// hipGetErrorString returning the error's name). The FAKE_HIP environment
// variable configures either:
//
//   devices=N          the number of devices (default 1)
//   arch=A/B/...       gcnArchName of device 0, 1, ... (default
//                      gfx942:sramecc+:xnack-; the last applies to the rest)
//   version=V          hipRuntimeGetVersion (default 60443483, HIP 6.4; the
//                      HIP 5 build 50221153)
//   fail=NAME:CODE     NAME returns CODE (repeatable)
//   elapsed=MS         hipEventElapsedTime's answer
//   devoffset=N        registered host memory's device address is the host
//                      address plus N (default 2^44)
//
//===----------------------------------------------------------------------===//

#include "FakeHip.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace {

// HIP's error codes (hip/hip_runtime_api.h), written out here so that the
// stand-in does not share the runtime's own declarations.
enum : int {
  hipSuccess = 0,
  hipErrorInvalidValue = 1,
  hipErrorNoDevice = 100,
  hipErrorInvalidDevice = 101,
  hipErrorInvalidImage = 200,
  hipErrorNoBinaryForGpu = 209,
  hipErrorHostMemoryAlreadyRegistered = 712,
  hipErrorHostMemoryNotRegistered = 713,
};

struct Config {
  int devices = 1;
  std::vector<std::string> arch = {"gfx942:sramecc+:xnack-"};
#ifdef FAKE_HIP5
  int version = 50221153;
#else
  int version = 60443483;
#endif
  float elapsed = 0;
  uintptr_t deviceOffset = uintptr_t(1) << 44;
  std::map<std::string, int> failures;

  std::string archOf(int device) const {
    return arch[size_t(device) < arch.size() ? size_t(device)
                                             : arch.size() - 1];
  }
};

const Config &config() {
  static const Config *c = [] {
    auto *c = new Config();
    const char *env = std::getenv("FAKE_HIP");
    std::string spec = env ? env : "";
    size_t pos = 0;
    while (pos <= spec.size()) {
      size_t end = spec.find(',', pos);
      if (end == std::string::npos)
        end = spec.size();
      std::string item = spec.substr(pos, end - pos);
      pos = end + 1;
      size_t eq = item.find('=');
      if (eq == std::string::npos)
        continue;
      std::string key = item.substr(0, eq), value = item.substr(eq + 1);
      if (key == "devices") {
        c->devices = std::atoi(value.c_str());
      } else if (key == "arch") {
        c->arch.clear();
        size_t p = 0;
        while (p <= value.size()) {
          size_t slash = value.find('/', p);
          if (slash == std::string::npos)
            slash = value.size();
          c->arch.push_back(value.substr(p, slash - p));
          p = slash + 1;
        }
      } else if (key == "version") {
        c->version = std::atoi(value.c_str());
      } else if (key == "devoffset") {
        c->deviceOffset = uintptr_t(std::strtoull(value.c_str(), nullptr, 0));
      } else if (key == "elapsed") {
        c->elapsed = float(std::atof(value.c_str()));
      } else if (key == "fail") {
        size_t colon = value.find(':');
        if (colon != std::string::npos)
          c->failures[value.substr(0, colon)] =
              std::atoi(value.c_str() + colon + 1);
      }
    }
    return c;
  }();
  return *c;
}

int result(const char *function) {
  auto it = config().failures.find(function);
  return it == config().failures.end() ? 0 : it->second;
}

thread_local int currentDevice = 0;

/// Modules and functions, and the device each belongs to.
struct Object {
  int device;
};

/// Registered host memory: host start -> bytes.
std::mutex registeredMutex;
std::map<const char *, size_t> registered;

/// The host address behind `p`: device addresses of registered memory map
/// back to their host memory; anything else is host memory already.
void *hostAddress(const void *p) {
  const char *c = static_cast<const char *>(p);
  std::lock_guard<std::mutex> lock(registeredMutex);
  for (const auto &[host, bytes] : registered) {
    const char *device = host + config().deviceOffset;
    if (c >= device && c < device + bytes)
      return const_cast<char *>(host + (c - device));
  }
  return const_cast<void *>(p);
}

/// As clr's CheckDeviceIdMatch: a module or kernel of another device than
/// the current one ends the process.
void checkDevice(const Object *object, const char *function) {
  if (object->device != currentDevice) {
    std::fprintf(stderr,
                 "FakeHip: %s: the object belongs to device %d, but device "
                 "%d is current\n",
                 function, object->device, currentDevice);
    std::fflush(stderr);
    std::abort();
  }
}

/// EF_AMDGPU_MACH of the processors the tests use.
const char *machName(unsigned mach) {
  switch (mach) {
  case 0x03f:
    return "gfx90a";
  case 0x04c:
    return "gfx942";
  case 0x04f:
    return "gfx950";
  case 0x041:
    return "gfx1100";
  case 0x04e:
    return "gfx1201";
  default:
    return "";
  }
}

char handle; // what stream and event handles point to

} // namespace

extern "C" {

/// The arguments of the last hipModuleLaunchKernel, for the tests to read.
__attribute__((visibility("default"))) FakeHipLaunch fakeHipLastLaunch;

#define FAKE_RESULT(name)                                                      \
  if (int e = result(#name))                                                   \
    return e;

int hipInit(unsigned) {
  FAKE_RESULT(hipInit);
  // clr (5.6 to 6.3) and Debian's 5.2.3 without a GPU or driver.
  return config().devices > 0 ? hipSuccess : hipErrorInvalidDevice;
}
int hipGetDeviceCount(int *count) {
  FAKE_RESULT(hipGetDeviceCount);
  *count = config().devices;
  return config().devices > 0 ? hipSuccess : hipErrorNoDevice;
}
int hipSetDevice(int device) {
  FAKE_RESULT(hipSetDevice);
  if (device < 0 || device >= config().devices)
    return hipErrorInvalidDevice;
  currentDevice = device;
  return hipSuccess;
}
int hipGetDevice(int *device) {
  FAKE_RESULT(hipGetDevice);
  *device = currentDevice;
  return hipSuccess;
}
int hipDriverGetVersion(int *v) {
  *v = config().version;
  return hipSuccess;
}
int hipRuntimeGetVersion(int *v) {
  *v = config().version;
  return hipSuccess;
}

#ifndef FAKE_HIP5
/// hipDeviceProp_tR0600: name at 0, gcnArchName at 1160 (1472 bytes).
int hipGetDevicePropertiesR0600(void *props, int device) {
  FAKE_RESULT(hipGetDevicePropertiesR0600);
  if (device < 0 || device >= config().devices)
    return hipErrorInvalidDevice;
  std::memset(props, 0, 1472);
  std::snprintf(static_cast<char *>(props), 256, "Fake AMD GPU %d", device);
  std::snprintf(static_cast<char *>(props) + 1160, 256, "%s",
                config().archOf(device).c_str());
  return hipSuccess;
}
#endif

/// HIP 5's hipDeviceProp_t (R0000 in HIP 6): gcnArchName at 396 (792
/// bytes).
int hipGetDeviceProperties(void *props, int device) {
  FAKE_RESULT(hipGetDeviceProperties);
  if (device < 0 || device >= config().devices)
    return hipErrorInvalidDevice;
  std::memset(props, 0, 792);
  std::snprintf(static_cast<char *>(props), 256, "Fake AMD GPU %d", device);
  std::snprintf(static_cast<char *>(props) + 396, 256, "%s",
                config().archOf(device).c_str());
  return hipSuccess;
}

int hipModuleLoadData(void **module, const void *image) {
  FAKE_RESULT(hipModuleLoadData);
  const auto *p = static_cast<const unsigned char *>(image);
  if (!p || std::memcmp(p, "\x7f" "ELF", 4) != 0 || p[4] != 2 ||
      (p[0x12] | (p[0x13] << 8)) != 224)
    return hipErrorInvalidImage;
  std::string arch = config().archOf(currentDevice);
  if (arch.substr(0, arch.find(':')) != machName(p[0x30]))
    return hipErrorNoBinaryForGpu;
  // ROCr loads code object v6 (ELF ABI version 4) from ROCm 6.3 on.
  int codeObjectVersion = p[7] == 64 ? p[8] + 2 : 0;
  int rocm = config().version / 100000; // major * 100 + minor
  if (codeObjectVersion > (rocm >= 603 ? 6 : 5))
    return hipErrorNoBinaryForGpu;
  *module = new Object{currentDevice};
  return hipSuccess;
}
int hipModuleUnload(void *module) {
  FAKE_RESULT(hipModuleUnload);
  checkDevice(static_cast<Object *>(module), "hipModuleUnload");
  delete static_cast<Object *>(module);
  return hipSuccess;
}
int hipModuleGetFunction(void **function, void *module, const char *) {
  FAKE_RESULT(hipModuleGetFunction);
  checkDevice(static_cast<Object *>(module), "hipModuleGetFunction");
  *function = new Object{currentDevice}; // leaked, as a module's functions
  return hipSuccess;
}
int hipModuleLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz,
                          unsigned bx, unsigned by, unsigned bz,
                          unsigned shared, void *stream, void **params,
                          void **extra) {
  FAKE_RESULT(hipModuleLaunchKernel);
  checkDevice(static_cast<Object *>(f), "hipModuleLaunchKernel");
  // clr's hipModuleLaunchKernel checks.
  if (params && extra)
    return hipErrorInvalidValue;
  if (gx > 0x7FFFFFFFu || gy > 65536 || gz > 65536 || !gx || !gy || !gz ||
      !bx || !by || !bz || uint64_t(gx) * bx > 0xFFFFFFFFull ||
      uint64_t(gy) * by > 0xFFFFFFFFull || uint64_t(gz) * bz > 0xFFFFFFFFull ||
      uint64_t(bx) * by * bz > 1024 || shared > 65536)
    return hipErrorInvalidValue;
  fakeHipLastLaunch = {
      f,      {gx, gy, gz}, {bx, by, bz}, shared,
      stream, params,       extra,        fakeHipLastLaunch.count + 1};
  return hipSuccess;
}
int hipMalloc(void **ptr, size_t size) {
  FAKE_RESULT(hipMalloc);
  *ptr = size ? std::malloc(size) : nullptr;
  return hipSuccess;
}
int hipMallocManaged(void **ptr, size_t size, unsigned flags) {
  FAKE_RESULT(hipMallocManaged);
  if (flags != 1) // hipMemAttachGlobal
    return hipErrorInvalidValue;
  *ptr = size ? std::malloc(size) : nullptr;
  return hipSuccess;
}
int hipFree(void *ptr) {
  FAKE_RESULT(hipFree);
  std::free(ptr);
  return hipSuccess;
}
int hipMemcpyAsync(void *dst, const void *src, size_t size, int, void *) {
  FAKE_RESULT(hipMemcpyAsync);
  std::memmove(hostAddress(dst), hostAddress(src), size);
  return hipSuccess;
}
int hipMemsetD32Async(void *dst, int value, size_t count, void *) {
  FAKE_RESULT(hipMemsetD32Async);
  auto *p = static_cast<int32_t *>(hostAddress(dst));
  for (size_t i = 0; i < count; ++i)
    p[i] = value;
  return hipSuccess;
}
int hipMemsetD16Async(void *dst, unsigned short value, size_t count, void *) {
  FAKE_RESULT(hipMemsetD16Async);
  auto *p = static_cast<uint16_t *>(hostAddress(dst));
  for (size_t i = 0; i < count; ++i)
    p[i] = value;
  return hipSuccess;
}
int hipStreamCreate(void **stream) {
  FAKE_RESULT(hipStreamCreate);
  *stream = &handle;
  return hipSuccess;
}
int hipStreamDestroy(void *) {
  FAKE_RESULT(hipStreamDestroy);
  return hipSuccess;
}
int hipStreamSynchronize(void *) {
  FAKE_RESULT(hipStreamSynchronize);
  return hipSuccess;
}
int hipStreamWaitEvent(void *, void *, unsigned) {
  FAKE_RESULT(hipStreamWaitEvent);
  return hipSuccess;
}

/// Events alive (created and not destroyed), for the tests to read.
__attribute__((visibility("default"))) int fakeHipLiveEvents;

int hipEventCreateWithFlags(void **event, unsigned) {
  FAKE_RESULT(hipEventCreateWithFlags);
  *event = &handle;
  ++fakeHipLiveEvents;
  return hipSuccess;
}
int hipEventDestroy(void *) {
  FAKE_RESULT(hipEventDestroy);
  --fakeHipLiveEvents;
  return hipSuccess;
}
int hipEventSynchronize(void *) {
  FAKE_RESULT(hipEventSynchronize);
  return hipSuccess;
}
int hipEventRecord(void *, void *) {
  FAKE_RESULT(hipEventRecord);
  return hipSuccess;
}
int hipEventElapsedTime(float *ms, void *, void *) {
  FAKE_RESULT(hipEventElapsedTime);
  *ms = config().elapsed;
  return hipSuccess;
}
int hipHostRegister(void *ptr, size_t size, unsigned) {
  FAKE_RESULT(hipHostRegister);
  if (!ptr || !size)
    return hipErrorInvalidValue;
  std::lock_guard<std::mutex> lock(registeredMutex);
  if (!registered.emplace(static_cast<const char *>(ptr), size).second)
    return hipErrorHostMemoryAlreadyRegistered;
  return hipSuccess;
}
int hipHostUnregister(void *ptr) {
  FAKE_RESULT(hipHostUnregister);
  std::lock_guard<std::mutex> lock(registeredMutex);
  if (!registered.erase(static_cast<const char *>(ptr)))
    return hipErrorHostMemoryNotRegistered;
  return hipSuccess;
}
int hipHostGetDevicePointer(void **device, void *host, unsigned) {
  FAKE_RESULT(hipHostGetDevicePointer);
  const char *p = static_cast<const char *>(host);
  std::lock_guard<std::mutex> lock(registeredMutex);
  for (const auto &[start, bytes] : registered)
    if (p >= start && p < start + bytes) {
      *device = const_cast<char *>(p) + config().deviceOffset;
      return hipSuccess;
    }
  return hipErrorInvalidValue;
}

const char *hipGetErrorName(int e) {
  switch (e) {
  case 0:
    return "hipSuccess";
  case 1:
    return "hipErrorInvalidValue";
  case 2:
    return "hipErrorOutOfMemory";
  case 9:
    return "hipErrorInvalidConfiguration";
  case 100:
    return "hipErrorNoDevice";
  case 101:
    return "hipErrorInvalidDevice";
  case 200:
    return "hipErrorInvalidImage";
  case 209:
    return "hipErrorNoBinaryForGpu";
  case 500:
    return "hipErrorNotFound";
  case 700:
    return "hipErrorIllegalAddress";
  case 701:
    return "hipErrorLaunchOutOfResources";
  case 712:
    return "hipErrorHostMemoryAlreadyRegistered";
  case 713:
    return "hipErrorHostMemoryNotRegistered";
  case 999:
    return "hipErrorUnknown";
  default:
    return "hipErrorFakeUnnamed";
  }
}
const char *hipGetErrorString(int e) {
#ifdef FAKE_HIP5
  // HIP 5's hipGetErrorString returns the name (as Debian's 5.2.3 does).
  return hipGetErrorName(e);
#else
  return e == 2 ? "out of memory" : "fake HIP error";
#endif
}

} // extern "C"
