//===- FakeHip.cpp - A stand-in libamdhip64 for testing error paths -------===//
//
// libmcore_fake_hip.so exports the HIP functions libmcore_hip_runtime.so
// calls, so that the runtime's loading and error handling can be tested on
// machines without ROCm or an AMD GPU (MCORE_HIP_LIBRARY points the runtime
// at it). It computes nothing: "device memory" is host memory, launches only
// record their arguments, and every function returns what the test asks for
// through the FAKE_HIP environment variable:
//
//   FAKE_HIP="devices=0"                      hipGetDeviceCount reports 0
//   FAKE_HIP="fail=hipMalloc:2,fail=hipInit:100"
//                                             these calls return these codes
//   FAKE_HIP="elapsed=2.5"                    hipEventElapsedTime's answer
//   FAKE_HIP="devoffset=4096"                 registered host memory maps at
//                                             another device address
//
//===----------------------------------------------------------------------===//

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

namespace {

struct Config {
  int devices = 1;
  float elapsed = 0;
  long deviceOffset = 0; ///< hipHostGetDevicePointer: host + this
  std::map<std::string, int> failures;
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
      } else if (key == "devoffset") {
        c->deviceOffset = std::atol(value.c_str());
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

char handle; // what opaque handles point to

} // namespace

extern "C" {

/// The arguments of the last hipModuleLaunchKernel, for the tests to read.
struct FakeHipLaunch {
  void *function;
  unsigned grid[3], block[3], sharedBytes;
  void *stream;
  void **params;
  void **extra;
  int count;
};
__attribute__((visibility("default"))) FakeHipLaunch fakeHipLastLaunch;

#define FAKE_RESULT(name)                                                      \
  if (int e = result(#name))                                                   \
    return e;

int hipInit(unsigned) {
  FAKE_RESULT(hipInit);
  return 0;
}
int hipGetDeviceCount(int *count) {
  FAKE_RESULT(hipGetDeviceCount);
  *count = config().devices;
  return config().devices > 0 ? 0 : 100; // hipErrorNoDevice, as HIP does
}
int hipSetDevice(int device) {
  FAKE_RESULT(hipSetDevice);
  return device >= 0 && device < config().devices ? 0 : 101;
}
int hipDriverGetVersion(int *v) {
  *v = 60241134;
  return 0;
}
int hipRuntimeGetVersion(int *v) {
  *v = 60241134; // 6.2.41134
  return 0;
}
int hipModuleLoadData(void **module, const void *) {
  FAKE_RESULT(hipModuleLoadData);
  *module = &handle;
  return 0;
}
int hipModuleUnload(void *) {
  FAKE_RESULT(hipModuleUnload);
  return 0;
}
int hipModuleGetFunction(void **function, void *, const char *) {
  FAKE_RESULT(hipModuleGetFunction);
  *function = &handle;
  return 0;
}
int hipModuleLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz,
                          unsigned bx, unsigned by, unsigned bz,
                          unsigned shared, void *stream, void **params,
                          void **extra) {
  FAKE_RESULT(hipModuleLaunchKernel);
  fakeHipLastLaunch = {
      f,      {gx, gy, gz}, {bx, by, bz}, shared,
      stream, params,       extra,        fakeHipLastLaunch.count + 1};
  return 0;
}
int hipMalloc(void **ptr, size_t size) {
  FAKE_RESULT(hipMalloc);
  *ptr = std::malloc(size ? size : 1);
  return 0;
}
int hipMallocManaged(void **ptr, size_t size, unsigned flags) {
  FAKE_RESULT(hipMallocManaged);
  if (flags != 1) // hipMemAttachGlobal
    return 1;
  *ptr = std::malloc(size ? size : 1);
  return 0;
}
int hipFree(void *ptr) {
  FAKE_RESULT(hipFree);
  std::free(ptr);
  return 0;
}
int hipMemcpyAsync(void *dst, const void *src, size_t size, int, void *) {
  FAKE_RESULT(hipMemcpyAsync);
  std::memmove(dst, src, size);
  return 0;
}
int hipMemsetD32Async(void *dst, int value, size_t count, void *) {
  FAKE_RESULT(hipMemsetD32Async);
  for (size_t i = 0; i < count; ++i)
    static_cast<int32_t *>(dst)[i] = value;
  return 0;
}
int hipMemsetD16Async(void *dst, unsigned short value, size_t count, void *) {
  FAKE_RESULT(hipMemsetD16Async);
  for (size_t i = 0; i < count; ++i)
    static_cast<uint16_t *>(dst)[i] = value;
  return 0;
}
int hipStreamCreate(void **stream) {
  FAKE_RESULT(hipStreamCreate);
  *stream = &handle;
  return 0;
}
int hipStreamDestroy(void *) {
  FAKE_RESULT(hipStreamDestroy);
  return 0;
}
int hipStreamSynchronize(void *) {
  FAKE_RESULT(hipStreamSynchronize);
  return 0;
}
int hipStreamWaitEvent(void *, void *, unsigned) {
  FAKE_RESULT(hipStreamWaitEvent);
  return 0;
}
int hipEventCreateWithFlags(void **event, unsigned) {
  FAKE_RESULT(hipEventCreateWithFlags);
  *event = &handle;
  return 0;
}
int hipEventDestroy(void *) {
  FAKE_RESULT(hipEventDestroy);
  return 0;
}
int hipEventSynchronize(void *) {
  FAKE_RESULT(hipEventSynchronize);
  return 0;
}
int hipEventRecord(void *, void *) {
  FAKE_RESULT(hipEventRecord);
  return 0;
}
int hipEventElapsedTime(float *ms, void *, void *) {
  FAKE_RESULT(hipEventElapsedTime);
  *ms = config().elapsed;
  return 0;
}
int hipHostRegister(void *, size_t, unsigned) {
  FAKE_RESULT(hipHostRegister);
  return 0;
}
int hipHostUnregister(void *) {
  FAKE_RESULT(hipHostUnregister);
  return 0;
}
int hipHostGetDevicePointer(void **device, void *host, unsigned) {
  FAKE_RESULT(hipHostGetDevicePointer);
  *device = static_cast<char *>(host) + config().deviceOffset;
  return 0;
}

const char *hipGetErrorName(int e) {
  switch (e) {
  case 0:
    return "hipSuccess";
  case 2:
    return "hipErrorOutOfMemory";
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
  case 999:
    return "hipErrorUnknown";
  default:
    return "hipErrorFakeUnnamed";
  }
}
const char *hipGetErrorString(int e) {
  return e == 2 ? "out of memory" : "fake HIP error";
}

} // extern "C"
