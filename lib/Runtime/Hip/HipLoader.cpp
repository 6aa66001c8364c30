//===- HipLoader.cpp - Finding and loading libamdhip64 --------------------===//

#include "HipLoader.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <unistd.h>

using namespace mlir::mcore;
using namespace mlir::mcore::hip;

std::string hip::format(const char *fmt, ...) {
  char buffer[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buffer, sizeof(buffer), fmt, args);
  va_end(args);
  return buffer;
}

std::string hip::driverAdvice() {
  if (access("/dev/kfd", F_OK) != 0)
    return "the amdgpu kernel driver is not loaded (there is no /dev/kfd)";
  if (access("/dev/kfd", R_OK | W_OK) != 0)
    return "this user may not open /dev/kfd (add it to the 'render' and "
           "'video' groups)";
  return "check HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES and that rocminfo "
         "lists a GPU";
}

const char *Hip::errorName(Error e) const {
  if (hipGetErrorName)
    if (const char *name = hipGetErrorName(e))
      return name;
  switch (e) {
  case ErrorInvalidValue:
    return "hipErrorInvalidValue";
  case ErrorOutOfMemory:
    return "hipErrorOutOfMemory";
  case ErrorInvalidConfiguration:
    return "hipErrorInvalidConfiguration";
  case ErrorNoDevice:
    return "hipErrorNoDevice";
  case ErrorInvalidDevice:
    return "hipErrorInvalidDevice";
  case ErrorNoBinaryForGpu:
    return "hipErrorNoBinaryForGpu";
  case ErrorNotFound:
    return "hipErrorNotFound";
  case ErrorLaunchOutOfResources:
    return "hipErrorLaunchOutOfResources";
  case ErrorIllegalAddress:
    return "hipErrorIllegalAddress";
  default:
    return "hipError(unknown)";
  }
}

const char *Hip::errorDescription(Error e) const {
  if (!hipGetErrorString)
    return nullptr;
  const char *s = hipGetErrorString(e);
  if (!s || !*s || std::strcmp(s, errorName(e)) == 0)
    return nullptr;
  return s;
}

namespace {

const char *const kNames[] = {"libamdhip64.so.7", "libamdhip64.so.6",
                              "libamdhip64.so.5", "libamdhip64.so"};

/// The libraries to try, in order: the newest HIP first, each name in the
/// library search path, then $ROCM_PATH/lib and /opt/rocm/lib (so that a
/// ROCm 7 in /opt/rocm wins over a distribution's older libamdhip64.so.5).
std::vector<std::string> candidates(bool &explicitPath) {
  if (const char *path = std::getenv("MCORE_HIP_LIBRARY"); path && *path) {
    explicitPath = true;
    return {path};
  }
  explicitPath = false;
  std::vector<std::string> dirs = {""};
  if (const char *rocm = std::getenv("ROCM_PATH"); rocm && *rocm)
    dirs.push_back(std::string(rocm) + "/lib/");
  dirs.push_back("/opt/rocm/lib/");
  std::vector<std::string> result;
  for (const char *name : kNames)
    for (const std::string &dir : dirs)
      result.push_back(dir + name);
  return result;
}

/// gcnArchName of `device`: hipGetDevicePropertiesR0600 (HIP 6 and later),
/// else hipGetDeviceProperties with HIP 5's layout.
std::string readArchName(const Hip &h, int device) {
  alignas(16) static thread_local char props[DevicePropBufferSize];
  size_t offset;
  std::memset(props, 0, sizeof(props));
  if (h.hipGetDevicePropertiesR0600) {
    if (h.hipGetDevicePropertiesR0600(props, device))
      return "";
    offset = DevicePropR0600GcnArchNameOffset;
  } else if (h.hipGetDeviceProperties) {
    if (h.hipGetDeviceProperties(props, device))
      return "";
    offset = DevicePropR0000GcnArchNameOffset;
  } else {
    return "";
  }
  return std::string(props + offset,
                     strnlen(props + offset, DevicePropGcnArchNameSize));
}

void load(Hip &h) {
  bool explicitPath = false;
  std::string firstError;
  for (const std::string &candidate : candidates(explicitPath)) {
    h.handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (h.handle) {
      h.path = candidate;
      break;
    }
    if (firstError.empty())
      if (const char *e = dlerror())
        firstError = e;
  }
  if (!h.handle) {
    h.noGpu = true;
    h.failure =
        explicitPath
            ? format("no AMD GPU: cannot load the HIP runtime "
                     "MCORE_HIP_LIBRARY names (%s)",
                     firstError.c_str())
            : "no AMD GPU: no HIP runtime found (libamdhip64.so.7, .so.6, "
              ".so.5 or .so in the library path, $ROCM_PATH/lib or "
              "/opt/rocm/lib)";
    return;
  }

#define MCORE_HIP_RESOLVE(name, ret, params)                                   \
  h.name = reinterpret_cast<ret(*) params>(dlsym(h.handle, #name));            \
  if (!h.name) {                                                               \
    h.failure = format("the HIP runtime %s has no %s; it is not ROCm's HIP "   \
                       "5 or newer (set MCORE_HIP_LIBRARY to the right "       \
                       "libamdhip64.so)",                                      \
                       h.path.c_str(), #name);                                 \
    return;                                                                    \
  }
  MCORE_HIP_FUNCTIONS(MCORE_HIP_RESOLVE)
#undef MCORE_HIP_RESOLVE
#define MCORE_HIP_RESOLVE_OPTIONAL(name, ret, params)                          \
  h.name = reinterpret_cast<ret(*) params>(dlsym(h.handle, #name));
  MCORE_HIP_OPTIONAL_FUNCTIONS(MCORE_HIP_RESOLVE_OPTIONAL)
#undef MCORE_HIP_RESOLVE_OPTIONAL

  h.hipRuntimeGetVersion(&h.runtimeVersion);
  if (Error e = h.hipInit(0)) {
    // Without a driver or a GPU, HIP 5.2 to 6.x fail hipInit with
    // hipErrorInvalidDevice (clr's hipInit when no device initializes);
    // others report hipErrorNoDevice or hipErrorInsufficientDriver.
    h.noGpu = e == ErrorNoDevice || e == ErrorInvalidDevice ||
              e == ErrorInsufficientDriver || e == ErrorNotInitialized;
    h.failure =
        format("%shipInit failed with %s in %s: %s",
               h.noGpu ? "no AMD GPU: " : "", h.errorName(e), h.path.c_str(),
               e == ErrorInsufficientDriver
                   ? "the amdgpu kernel driver is older than this "
                     "HIP runtime; update the driver"
                   : driverAdvice().c_str());
    return;
  }
  Error e = h.hipGetDeviceCount(&h.devices);
  if (e == ErrorNoDevice || (!e && h.devices <= 0)) {
    h.devices = 0;
    h.noGpu = true;
    h.failure = format("no AMD GPU: HIP (%s) sees no device; %s",
                       h.path.c_str(), driverAdvice().c_str());
    return;
  }
  if (e) {
    h.devices = 0;
    h.failure = format("hipGetDeviceCount failed with %s in %s", h.errorName(e),
                       h.path.c_str());
    return;
  }
  for (int d = 0; d < h.devices; ++d)
    h.archNames.push_back(readArchName(h, d));
}

} // namespace

Hip &hip::state() {
  static Hip *h = [] {
    auto *h = new Hip();
    load(*h);
    return h;
  }();
  return *h;
}
