//===- HipRuntimeWrappers.cpp - The mgpu* ABI on HIP, loaded with dlopen --===//
//
// The C functions MLIR 22's gpu-to-llvm lowering calls (the set of
// mlir/lib/ExecutionEngine/RocmRuntimeWrappers.cpp, and of mcore's emulator
// runtime), implemented on HIP's module API: hipModuleLoadData,
// hipModuleGetFunction, hipModuleLaunchKernel, hipMalloc/hipFree,
// hipMemcpyAsync, hipMemset*Async, streams and events.
//
// Unlike upstream's wrappers, this library does not link libamdhip64: it is
// loaded with dlopen on first use (as Triton's AMD driver does), so mcore
// builds on machines without ROCm and runs on whatever ROCm 5 or 6 the user
// has. Every failure is one line on stderr naming the call, HIP's error name
// and what to do; see include/mcore/Runtime/HipRuntime.h and
// docs/Running.md.
//
//===----------------------------------------------------------------------===//

#include "HipApi.h"
#include "ErrorReporter.h"

#include "mcore/Runtime/HipRuntime.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <dlfcn.h>
#include <fstream>
#include <mutex>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

namespace hip = mlir::mcore::hip;
// The macros of HipApi.h name HIP types unqualified.
using namespace mlir::mcore::hip;

namespace {

//===----------------------------------------------------------------------===//
// Reporting
//===----------------------------------------------------------------------===//

mlir::mcore::runtime::ErrorReporter &errors() {
  static auto *e = new mlir::mcore::runtime::ErrorReporter(
      "mcore-hip", "MCORE_HIP_ON_ERROR");
  return *e;
}

/// Prints one error line and ends the process (exit status 1, after flushing
/// stdout), unless MCORE_HIP_ON_ERROR=continue; while capturing, records it
/// and returns.
void report(const std::string &message) { errors().report(message); }

std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char *fmt, ...) {
  char buffer[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buffer, sizeof(buffer), fmt, args);
  va_end(args);
  return buffer;
}

const char *kEmulatorAdvice =
    "run on mcore's CPU emulator instead (mcore-run --backend=emu, or "
    "mlir-runner --shared-libs=libmcore_emu_runtime.so)";

//===----------------------------------------------------------------------===//
// The GPUs the kernel driver reports
//===----------------------------------------------------------------------===//

/// "gfx942" from KFD's gfx_target_version 90402 (major * 10000 + minor * 100
/// + stepping, minor and stepping printed in hex as in gfx90a).
std::string gfxName(unsigned version) {
  unsigned major = version / 10000, minor = (version / 100) % 100,
           stepping = version % 100;
  return format("gfx%u%x%x", major, minor, stepping);
}

/// The gfx names of the GPU nodes of the KFD topology, in node order.
std::vector<std::string> kfdChips() {
  const char *root = "/sys/class/kfd/kfd/topology/nodes";
  std::vector<std::pair<unsigned, std::string>> nodes;
  DIR *dir = opendir(root);
  if (!dir)
    return {};
  while (struct dirent *entry = readdir(dir)) {
    char *end = nullptr;
    unsigned long node = std::strtoul(entry->d_name, &end, 10);
    if (end == entry->d_name || *end)
      continue;
    std::ifstream properties(std::string(root) + "/" + entry->d_name +
                             "/properties");
    std::string key;
    unsigned long value;
    while (properties >> key >> value) {
      if (key == "gfx_target_version" && value != 0)
        nodes.emplace_back(unsigned(node), gfxName(unsigned(value)));
    }
  }
  closedir(dir);
  std::sort(nodes.begin(), nodes.end());
  std::vector<std::string> chips;
  for (auto &n : nodes)
    chips.push_back(n.second);
  return chips;
}

std::string join(const std::vector<std::string> &items) {
  std::string s;
  for (const std::string &item : items)
    s += (s.empty() ? "" : ",") + item;
  return s;
}

/// Why the kernel driver cannot give HIP a device, as far as /dev/kfd tells.
std::string driverAdvice() {
  if (access("/dev/kfd", F_OK) != 0)
    return "the amdgpu kernel driver is not loaded (there is no /dev/kfd)";
  if (access("/dev/kfd", R_OK | W_OK) != 0)
    return "this user may not open /dev/kfd (add it to the 'render' and "
           "'video' groups)";
  return "check HIP_VISIBLE_DEVICES / ROCR_VISIBLE_DEVICES and that rocminfo "
         "lists a GPU";
}

//===----------------------------------------------------------------------===//
// Loading HIP
//===----------------------------------------------------------------------===//

struct Hip {
#define MCORE_HIP_DECLARE(name, ret, params) ret(*name) params = nullptr;
  MCORE_HIP_FUNCTIONS(MCORE_HIP_DECLARE)
  MCORE_HIP_OPTIONAL_FUNCTIONS(MCORE_HIP_DECLARE)
#undef MCORE_HIP_DECLARE

  void *handle = nullptr;
  std::string path;    ///< the library that was loaded
  std::string failure; ///< why HIP cannot be used; empty when it can
  bool noGpu = false;  ///< the failure means there is no usable AMD GPU
  int devices = 0;
  int runtimeVersion = 0;

  const char *errorName(hip::Error e) const;
  const char *errorString(hip::Error e) const;
};

const char *Hip::errorName(hip::Error e) const {
  if (hipGetErrorName)
    if (const char *name = hipGetErrorName(e))
      return name;
  switch (e) {
  case hip::ErrorInvalidValue:
    return "hipErrorInvalidValue";
  case hip::ErrorOutOfMemory:
    return "hipErrorOutOfMemory";
  case hip::ErrorNoDevice:
    return "hipErrorNoDevice";
  case hip::ErrorNoBinaryForGpu:
    return "hipErrorNoBinaryForGpu";
  case hip::ErrorNotFound:
    return "hipErrorNotFound";
  case hip::ErrorLaunchOutOfResources:
    return "hipErrorLaunchOutOfResources";
  case hip::ErrorIllegalAddress:
    return "hipErrorIllegalAddress";
  default:
    return "hipError(unknown)";
  }
}

const char *Hip::errorString(hip::Error e) const {
  if (hipGetErrorString)
    if (const char *s = hipGetErrorString(e))
      return s;
  return nullptr;
}

/// The libraries to try, in order.
std::vector<std::string> candidates(bool &explicitPath) {
  if (const char *path = std::getenv("MCORE_HIP_LIBRARY"); path && *path) {
    explicitPath = true;
    return {path};
  }
  explicitPath = false;
  const char *names[] = {"libamdhip64.so.6", "libamdhip64.so.5",
                         "libamdhip64.so"};
  std::vector<std::string> result(std::begin(names), std::end(names));
  std::vector<std::string> dirs;
  if (const char *rocm = std::getenv("ROCM_PATH"); rocm && *rocm)
    dirs.push_back(std::string(rocm) + "/lib");
  dirs.push_back("/opt/rocm/lib");
  for (const std::string &dir : dirs)
    for (const char *name : names)
      result.push_back(dir + "/" + name);
  return result;
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
            : "no AMD GPU: no HIP runtime found (libamdhip64.so.6, .so.5 "
              "or .so in the library path, $ROCM_PATH/lib or /opt/rocm/lib)";
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
  if (hip::Error e = h.hipInit(0)) {
    h.noGpu = e == hip::ErrorNoDevice || e == hip::ErrorInsufficientDriver ||
              e == hip::ErrorNotInitialized;
    h.failure =
        format("%shipInit failed with %s in %s: %s",
               h.noGpu ? "no AMD GPU: " : "", h.errorName(e), h.path.c_str(),
               e == hip::ErrorInsufficientDriver
                   ? "the amdgpu kernel driver is older than this "
                     "HIP runtime; update the driver"
                   : driverAdvice().c_str());
    return;
  }
  hip::Error e = h.hipGetDeviceCount(&h.devices);
  if (e == hip::ErrorNoDevice || (!e && h.devices <= 0)) {
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
  }
}

Hip &state() {
  static Hip *h = [] {
    auto *h = new Hip();
    load(*h);
    return h;
  }();
  return *h;
}

/// HIP, loaded and with a device; reports why not and returns null otherwise.
Hip *hipOrReport(const char *function) {
  Hip &h = state();
  if (h.failure.empty())
    return &h;
  report(format("%s: %s%s%s", function, h.failure.c_str(), h.noGpu ? "; " : "",
                h.noGpu ? kEmulatorAdvice : ""));
  return nullptr;
}

thread_local int defaultDevice = 0;

//===----------------------------------------------------------------------===//
// Code objects
//===----------------------------------------------------------------------===//

/// The chip of an AMDGPU ELF code object from its e_flags, or "" if the bytes
/// are not one (EF_AMDGPU_MACH values of llvm/BinaryFormat/ELF.h).
std::string codeObjectChip(const void *data, size_t size) {
  const auto *p = static_cast<const unsigned char *>(data);
  if (size < 0x34 ||
      std::memcmp(p,
                  "\x7f"
                  "ELF",
                  4) != 0 ||
      p[4] != 2 /*ELFCLASS64*/)
    return "";
  uint16_t machine = uint16_t(p[0x12] | (p[0x13] << 8));
  if (machine != 224 /*EM_AMDGPU*/)
    return "";
  uint32_t flags;
  std::memcpy(&flags, p + 0x30, 4);
  switch (flags & 0xff) {
  case 0x030:
    return "gfx908";
  case 0x03f:
    return "gfx90a";
  case 0x04c:
    return "gfx942";
  case 0x04f:
    return "gfx950";
  case 0x041:
    return "gfx1100";
  case 0x046:
    return "gfx1101";
  case 0x047:
    return "gfx1102";
  case 0x048:
    return "gfx1200";
  case 0x04e:
    return "gfx1201";
  default:
    return format("an AMDGPU chip with EF_AMDGPU_MACH 0x%x",
                  unsigned(flags & 0xff));
  }
}

/// What to do about error `e` of `call`.
std::string advice(hip::Error e, const char *call) {
  switch (e) {
  case hip::ErrorOutOfMemory:
    return "the GPU has too little free memory; use smaller matrices or free "
           "memory other processes hold";
  case hip::ErrorNoDevice:
  case hip::ErrorInvalidDevice:
    return "HIP sees no such device (HIP_VISIBLE_DEVICES selects them); " +
           driverAdvice();
  case hip::ErrorNotFound:
    if (std::strcmp(call, "hipModuleGetFunction") == 0)
      return "the code object has no kernel of that name";
    break;
  case hip::ErrorInvalidDeviceFunction:
  case hip::ErrorLaunchOutOfResources:
    return "the kernel needs more registers, LDS or work-items per "
           "work-group than the GPU gives it; compile with smaller tiles";
  case hip::ErrorIllegalAddress:
  case hip::ErrorLaunchFailure:
    return "a kernel faulted (an out-of-bounds access or a trap); run it on "
           "mcore's emulator with MCORE_EMU_CHECK=1 to find the access";
  case hip::ErrorLaunchTimeOut:
    return "a kernel ran too long and the driver stopped it";
  case hip::ErrorHostMemoryAlreadyRegistered:
    return "the host memory is registered already";
  case hip::ErrorHostMemoryNotRegistered:
    return "the host memory was not registered";
  case hip::ErrorInvalidHandle:
    return "a module, function, stream or event handle is not valid (used "
           "after it was destroyed?)";
  default:
    break;
  }
  return "an error of the HIP runtime or the driver; AMD_LOG_LEVEL=4 prints "
         "HIP's log";
}

/// Reports a failed HIP call: "<call>(<what>) failed with <name> (<text>):
/// <advice>". Returns true when `e` is success.
bool check(const Hip &h, hip::Error e, const char *call,
           const std::string &what = "", std::string advise = "") {
  if (e == hip::Success)
    return true;
  if (advise.empty())
    advise = advice(e, call);
  std::string text;
  if (const char *s = h.errorString(e); s && *s)
    text = format(" (%s)", s);
  report(format("%s(%s) failed with %s%s: %s", call, what.c_str(),
                h.errorName(e), text.c_str(), advise.c_str()));
  return false;
}

//===----------------------------------------------------------------------===//
// Kernel timing
//===----------------------------------------------------------------------===//

std::atomic<bool> timingEnabled{false};
std::mutex timingMutex;
double timedMilliseconds = 0;

/// StridedMemRefType<char, N> as the host code passes it.
struct MemRefDescriptor {
  char *basePtr;
  char *data;
  int64_t offset;
  int64_t sizesAndStrides[1];
};

} // namespace

//===----------------------------------------------------------------------===//
// Extensions (HipRuntime.h)
//===----------------------------------------------------------------------===//

extern "C" {

int mcoreHipDeviceChips(char *buffer, size_t size) {
  std::vector<std::string> chips = kfdChips();
  if (buffer && size)
    std::snprintf(buffer, size, "%s", join(chips).c_str());
  return int(chips.size());
}

int mcoreHipProbe(char *message, size_t size) {
  Hip &h = state();
  std::string text;
  if (!h.failure.empty()) {
    text = h.failure;
    if (!h.noGpu)
      text = "no AMD GPU usable: " + text;
  } else {
    std::string chips = join(kfdChips());
    int v = h.runtimeVersion;
    text = format("%d AMD GPU%s%s%s%s; HIP %d.%d.%d from %s", h.devices,
                  h.devices == 1 ? "" : "s", chips.empty() ? "" : " (",
                  chips.c_str(), chips.empty() ? "" : ")", v / 10000000,
                  (v / 100000) % 100, v % 100000, h.path.c_str());
  }
  if (message && size)
    std::snprintf(message, size, "%s", text.c_str());
  return h.failure.empty() ? h.devices : 0;
}

void mcoreHipCaptureErrors(int enable) { errors().setCapturing(enable != 0); }

size_t mcoreHipTakeErrors(char *buffer, size_t size) {
  return errors().take(buffer, size);
}

void mcoreHipSetKernelTiming(int on) { timingEnabled = on != 0; }

double mcoreHipTakeKernelMilliseconds(void) {
  std::lock_guard<std::mutex> lock(timingMutex);
  double ms = timedMilliseconds;
  timedMilliseconds = 0;
  return ms;
}

//===----------------------------------------------------------------------===//
// The mgpu* ABI
//===----------------------------------------------------------------------===//

void *mgpuModuleLoad(void *data, size_t gpuBlobSize) {
  Hip *h = hipOrReport("mgpuModuleLoad");
  if (!h)
    return nullptr;
  if (gpuBlobSize >= 4 && std::memcmp(data, "BC\xC0\xDE", 4) == 0) {
    report("mgpuModuleLoad: the GPU module is LLVM bitcode, which mcore's "
           "emulator runs (libmcore_emu_runtime.so); for a GPU, compile with "
           "format=hsaco");
    return nullptr;
  }
  if (!check(*h, h->hipSetDevice(defaultDevice), "hipSetDevice",
             std::to_string(defaultDevice)))
    return nullptr;
  hip::Module module = nullptr;
  hip::Error e = h->hipModuleLoadData(&module, data);
  if (e) {
    std::string chip = codeObjectChip(data, gpuBlobSize);
    std::string gpus = join(kfdChips());
    std::string advise;
    if (chip.empty())
      advise = "the GPU module is not an AMDGPU code object (HSACO); compile "
               "with format=hsaco";
    else if (e == hip::ErrorNoBinaryForGpu || e == hip::ErrorInvalidImage ||
             e == hip::ErrorInvalidKernelFile ||
             e == hip::ErrorSharedObjectInitFailed)
      advise = format("the code object is for %s%s%s; compile for the GPU's "
                      "chip (mcore-run --chip=..., or the pipeline's chip=)",
                      chip.c_str(), gpus.empty() ? "" : " and the GPU is ",
                      gpus.c_str());
    check(*h, e, "hipModuleLoadData", format("%zu bytes", gpuBlobSize), advise);
    return nullptr;
  }
  return module;
}

void *mgpuModuleLoadJIT(void *data, int optLevel) {
  (void)data;
  (void)optLevel;
  report("mgpuModuleLoadJIT: HIP has no JIT for assembly modules; compile "
         "with format=hsaco");
  return nullptr;
}

void mgpuModuleUnload(void *module) {
  if (!module)
    return;
  if (Hip *h = hipOrReport("mgpuModuleUnload"))
    check(*h, h->hipModuleUnload(module), "hipModuleUnload");
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  Hip *h = hipOrReport("mgpuModuleGetFunction");
  if (!h)
    return nullptr;
  if (!module) {
    report(format("mgpuModuleGetFunction('%s') on a module that failed to "
                  "load",
                  name));
    return nullptr;
  }
  hip::Function function = nullptr;
  if (!check(*h, h->hipModuleGetFunction(&function, module, name),
             "hipModuleGetFunction", format("'%s'", name)))
    return nullptr;
  return function;
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount) {
  (void)paramsCount;
  Hip *h = hipOrReport("mgpuLaunchKernel");
  if (!h)
    return;
  if (!function) {
    report("mgpuLaunchKernel of a kernel that was not found");
    return;
  }
  intptr_t dims[6] = {gridX, gridY, gridZ, blockX, blockY, blockZ};
  for (intptr_t d : dims) {
    if (d < 1 || uint64_t(d) > 0xFFFFFFFFull) {
      report(format("mgpuLaunchKernel: launch of %ldx%ldx%ld work-groups of "
                    "%ldx%ldx%ld work-items: every dimension must be between "
                    "1 and 2^32-1",
                    long(gridX), long(gridY), long(gridZ), long(blockX),
                    long(blockY), long(blockZ)));
      return;
    }
  }
  if (smem < 0) {
    report(format("mgpuLaunchKernel: negative dynamic LDS size %d", smem));
    return;
  }
  std::string what = format("grid %ldx%ldx%ld, block %ldx%ldx%ld, %d bytes "
                            "of dynamic LDS",
                            long(gridX), long(gridY), long(gridZ), long(blockX),
                            long(blockY), long(blockZ), smem);
  bool timing = timingEnabled;
  hip::Event start = nullptr, stop = nullptr;
  if (timing &&
      (!check(*h, h->hipEventCreateWithFlags(&start, hip::EventDefault),
              "hipEventCreateWithFlags") ||
       !check(*h, h->hipEventCreateWithFlags(&stop, hip::EventDefault),
              "hipEventCreateWithFlags") ||
       !check(*h, h->hipEventRecord(start, stream), "hipEventRecord")))
    return;
  if (!check(*h,
             h->hipModuleLaunchKernel(
                 function, unsigned(gridX), unsigned(gridY), unsigned(gridZ),
                 unsigned(blockX), unsigned(blockY), unsigned(blockZ),
                 unsigned(smem), stream, params, extra),
             "hipModuleLaunchKernel", what))
    return;
  if (!timing)
    return;
  float ms = 0;
  if (check(*h, h->hipEventRecord(stop, stream), "hipEventRecord") &&
      check(*h, h->hipEventSynchronize(stop), "hipEventSynchronize",
            "after the kernel") &&
      check(*h, h->hipEventElapsedTime(&ms, start, stop),
            "hipEventElapsedTime")) {
    std::lock_guard<std::mutex> lock(timingMutex);
    timedMilliseconds += ms;
  }
  h->hipEventDestroy(start);
  h->hipEventDestroy(stop);
}

void mgpuLaunchClusterKernel(void *, intptr_t, intptr_t, intptr_t, intptr_t,
                             intptr_t, intptr_t, intptr_t, intptr_t, intptr_t,
                             int32_t, void *, void **, void **, size_t) {
  report("mgpuLaunchClusterKernel: thread-block clusters are an NVIDIA "
         "feature; AMD GPUs have none");
}

void *mgpuStreamCreate() {
  Hip *h = hipOrReport("mgpuStreamCreate");
  if (!h)
    return nullptr;
  hip::Stream stream = nullptr;
  if (!check(*h, h->hipStreamCreate(&stream), "hipStreamCreate"))
    return nullptr;
  return stream;
}

void mgpuStreamDestroy(void *stream) {
  if (Hip *h = hipOrReport("mgpuStreamDestroy"))
    check(*h, h->hipStreamDestroy(stream), "hipStreamDestroy");
}

void mgpuStreamSynchronize(void *stream) {
  if (Hip *h = hipOrReport("mgpuStreamSynchronize"))
    check(*h, h->hipStreamSynchronize(stream), "hipStreamSynchronize");
}

void mgpuStreamWaitEvent(void *stream, void *event) {
  if (Hip *h = hipOrReport("mgpuStreamWaitEvent"))
    check(*h, h->hipStreamWaitEvent(stream, event, 0), "hipStreamWaitEvent");
}

void *mgpuEventCreate() {
  Hip *h = hipOrReport("mgpuEventCreate");
  if (!h)
    return nullptr;
  hip::Event event = nullptr;
  if (!check(*h, h->hipEventCreateWithFlags(&event, hip::EventDisableTiming),
             "hipEventCreateWithFlags"))
    return nullptr;
  return event;
}

void mgpuEventDestroy(void *event) {
  if (Hip *h = hipOrReport("mgpuEventDestroy"))
    check(*h, h->hipEventDestroy(event), "hipEventDestroy");
}

void mgpuEventSynchronize(void *event) {
  if (Hip *h = hipOrReport("mgpuEventSynchronize"))
    check(*h, h->hipEventSynchronize(event), "hipEventSynchronize");
}

void mgpuEventRecord(void *event, void *stream) {
  if (Hip *h = hipOrReport("mgpuEventRecord"))
    check(*h, h->hipEventRecord(event, stream), "hipEventRecord");
}

void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared) {
  (void)stream;
  Hip *h = hipOrReport("mgpuMemAlloc");
  if (!h)
    return nullptr;
  void *ptr = nullptr;
  // gpu.alloc host_shared: memory both the host code and kernels use, as
  // upstream's CUDA wrappers give it (managed memory).
  if (isHostShared) {
    if (!check(*h, h->hipMallocManaged(&ptr, sizeBytes, hip::MemAttachGlobal),
               "hipMallocManaged",
               format("%llu bytes", (unsigned long long)sizeBytes)))
      return nullptr;
    return ptr;
  }
  if (!check(*h, h->hipMalloc(&ptr, sizeBytes), "hipMalloc",
             format("%llu bytes", (unsigned long long)sizeBytes)))
    return nullptr;
  return ptr;
}

void mgpuMemFree(void *ptr, void *stream) {
  (void)stream;
  if (!ptr)
    return;
  if (Hip *h = hipOrReport("mgpuMemFree"))
    check(*h, h->hipFree(ptr), "hipFree");
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  if (Hip *h = hipOrReport("mgpuMemcpy"))
    check(*h,
          h->hipMemcpyAsync(dst, src, sizeBytes, hip::MemcpyDefault, stream),
          "hipMemcpyAsync", format("%zu bytes", sizeBytes));
}

void mgpuMemset32(void *dst, int value, size_t count, void *stream) {
  if (Hip *h = hipOrReport("mgpuMemset32"))
    check(*h, h->hipMemsetD32Async(dst, value, count, stream),
          "hipMemsetD32Async", format("%zu words", count));
}

void mgpuMemset16(void *dst, int value, size_t count, void *stream) {
  if (Hip *h = hipOrReport("mgpuMemset16"))
    check(*h, h->hipMemsetD16Async(dst, (unsigned short)value, count, stream),
          "hipMemsetD16Async", format("%zu halves", count));
}

void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  Hip *h = hipOrReport("mgpuMemHostRegister");
  if (!h ||
      !check(*h, h->hipHostRegister(ptr, sizeBytes, hip::HostRegisterDefault),
             "hipHostRegister",
             format("%llu bytes", (unsigned long long)sizeBytes)))
    return;
  // Host code passes registered memory to kernels by its host address (as
  // MLIR's gpu.host_register programs do), which is only right where HIP
  // maps it at the same device address. Say so instead of faulting later.
  void *device = nullptr;
  if (!check(*h, h->hipHostGetDevicePointer(&device, ptr, 0),
             "hipHostGetDevicePointer"))
    return;
  if (device != ptr)
    report(format("mgpuMemHostRegister: HIP maps the registered host memory "
                  "%p at device address %p, but the compiled host code "
                  "passes kernels the host address; allocate the buffer with "
                  "gpu.alloc (mgpuMemAlloc) instead",
                  ptr, device));
}

void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementSizeBytes) {
  auto *d = static_cast<const MemRefDescriptor *>(descriptor);
  const int64_t *sizes = d->sizesAndStrides;
  const int64_t *strides = d->sizesAndStrides + rank;
  // Only a dense row-major memref is one contiguous range to register.
  int64_t expected = 1;
  for (int64_t i = rank - 1; i >= 0; --i) {
    if (sizes[i] != 1 && strides[i] != expected) {
      report(format("mgpuMemHostRegisterMemRef: dimension %ld of the memref "
                    "has stride %ld, not %ld; only dense row-major memrefs "
                    "can be registered (copy it into a dense one first)",
                    long(i), long(strides[i]), long(expected)));
      return;
    }
    expected *= sizes[i];
  }
  mgpuMemHostRegister(d->data + d->offset * elementSizeBytes,
                      uint64_t(expected * elementSizeBytes));
}

void mgpuMemHostUnregister(void *ptr) {
  if (Hip *h = hipOrReport("mgpuMemHostUnregister"))
    check(*h, h->hipHostUnregister(ptr), "hipHostUnregister");
}

void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementSizeBytes) {
  (void)rank;
  auto *d = static_cast<const MemRefDescriptor *>(descriptor);
  mgpuMemHostUnregister(d->data + d->offset * elementSizeBytes);
}

void mgpuSetDefaultDevice(int32_t device) {
  Hip *h = hipOrReport("mgpuSetDefaultDevice");
  if (!h)
    return;
  if (device < 0 || device >= h->devices) {
    report(format("mgpuSetDefaultDevice(%d): HIP sees %d device%s (0-%d)",
                  device, h->devices, h->devices == 1 ? "" : "s",
                  h->devices - 1));
    return;
  }
  defaultDevice = device;
  check(*h, h->hipSetDevice(device), "hipSetDevice", std::to_string(device));
}

} // extern "C"
