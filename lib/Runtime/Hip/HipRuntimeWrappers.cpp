//===- HipRuntimeWrappers.cpp - The mgpu* ABI on HIP, loaded with dlopen --===//
//
// The C functions MLIR 22's gpu-to-llvm lowering and upstream's ROCm tests
// call (include/mcore/Runtime/MgpuAbi.h, the set of
// mlir/lib/ExecutionEngine/RocmRuntimeWrappers.cpp plus mgpuMemset16 and
// mgpuLaunchClusterKernel), implemented on HIP's module API:
// hipModuleLoadData, hipModuleGetFunction, hipModuleLaunchKernel,
// hipMalloc/hipFree, hipMemcpyAsync, hipMemset*Async, streams, events and
// registered host memory.
//
// Unlike upstream's wrappers, this library does not link libamdhip64: it is
// loaded with dlopen on first use (HipLoader.cpp), so mcore builds on
// machines without ROCm and runs on whatever ROCm 5, 6 or 7 the user has.
// Every failure is one line on stderr naming the call, HIP's error name and
// what to do; see include/mcore/Runtime/HipRuntime.h and docs/Running.md.
//
// Devices: a thread uses the device mgpuSetDefaultDevice chose for it, else
// the process's (mcoreHipSelectDevice, mcore-run --device), else 0, in HIP's
// numbering (after HIP_VISIBLE_DEVICES). A module remembers the device it
// was loaded on, and every call on it or its kernels makes that device
// current first: HIP aborts the process when a kernel is launched on
// another device than its module's.
//
//===----------------------------------------------------------------------===//

#include "CodeObject.h"
#include "ErrorReporter.h"
#include "HipLoader.h"

#include "mcore/Runtime/HipRuntime.h"
#include "mcore/Runtime/MgpuAbi.h"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>

namespace hip = mlir::mcore::hip;
using hip::format;
using hip::Hip;

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

const char *kEmulatorAdvice =
    "run on mcore's CPU emulator instead (mcore-run --backend=emu, or "
    "mlir-runner --shared-libs=libmcore_emu_runtime.so)";

/// HIP, loaded and with a device; reports why not and returns null otherwise.
Hip *hipOrReport(const char *function) {
  Hip &h = hip::state();
  if (h.failure.empty())
    return &h;
  report(format("%s: %s%s%s", function, h.failure.c_str(), h.noGpu ? "; " : "",
                h.noGpu ? kEmulatorAdvice : ""));
  return nullptr;
}

/// What to do about error `e` of `call`.
std::string advice(hip::Error e, const char *call) {
  bool launch = std::strcmp(call, "hipModuleLaunchKernel") == 0;
  switch (e) {
  case hip::ErrorOutOfMemory:
    if (launch)
      return "the kernel needs more LDS (static plus dynamic) or scratch "
             "than a work-group may have; compile with smaller tiles or pass "
             "less dynamic LDS";
    return "the GPU has too little free memory; use smaller matrices or free "
           "memory other processes hold";
  case hip::ErrorInvalidValue:
    if (launch)
      return "HIP refused the launch: more than 1024 work-items per "
             "work-group, more dynamic LDS than a work-group may have, or a "
             "kernel with arguments launched without them";
    break;
  case hip::ErrorInvalidConfiguration:
    return "the grid or work-group is outside HIP's limits (grid x < 2^31, "
           "grid y and z <= 65536, grid * block < 2^32 in each dimension, "
           "at most 1024 work-items per work-group)";
  case hip::ErrorCooperativeLaunchTooLarge:
    return "the grid is larger than the GPU can run at once";
  case hip::ErrorNoDevice:
  case hip::ErrorInvalidDevice:
    return "HIP sees no such device (HIP_VISIBLE_DEVICES selects them); " +
           hip::driverAdvice();
  case hip::ErrorNotFound:
    if (std::strcmp(call, "hipModuleGetFunction") == 0)
      return "the code object has no kernel of that name";
    break;
  case hip::ErrorInvalidDeviceFunction:
  case hip::ErrorLaunchOutOfResources:
    return "the kernel needs more registers, LDS or work-items per "
           "work-group than the GPU gives it; compile with smaller tiles";
  case hip::ErrorLaunchFailure:
    if (launch)
      return "the work-group is larger than the kernel was compiled for "
             "(its amdgpu-flat-work-group-size), or the kernel faulted";
    [[fallthrough]];
  case hip::ErrorIllegalAddress:
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
           "after it was destroyed, or on another device than its own?)";
  default:
    break;
  }
  return "an error of the HIP runtime or the driver; AMD_LOG_LEVEL=4 prints "
         "HIP's log";
}

/// Reports a failed HIP call: "<call>(<what>) failed with <name>
/// (<description>): <advice>". Returns true when `e` is success.
bool check(const Hip &h, hip::Error e, const char *call,
           const std::string &what = "", std::string advise = "") {
  if (e == hip::Success)
    return true;
  if (advise.empty())
    advise = advice(e, call);
  std::string text;
  if (const char *s = h.errorDescription(e))
    text = format(" (%s)", s);
  report(format("%s(%s) failed with %s%s: %s", call, what.c_str(),
                h.errorName(e), text.c_str(), advise.c_str()));
  return false;
}

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

/// mcoreHipSelectDevice's choice, for threads that did not choose.
std::atomic<int> processDevice{0};
/// mgpuSetDefaultDevice's choice for this thread; -1 when none.
thread_local int threadDevice = -1;

int currentDevice() {
  return threadDevice >= 0 ? threadDevice : processDevice.load();
}

/// The device each loaded module, and each function of one, belongs to.
std::mutex deviceMapMutex;
std::unordered_map<void *, int> &deviceOf() {
  static auto *m = new std::unordered_map<void *, int>();
  return *m;
}

void remember(void *handle, int device) {
  std::lock_guard<std::mutex> lock(deviceMapMutex);
  deviceOf()[handle] = device;
}

int recalled(void *handle) {
  std::lock_guard<std::mutex> lock(deviceMapMutex);
  auto it = deviceOf().find(handle);
  return it == deviceOf().end() ? currentDevice() : it->second;
}

void forget(void *handle) {
  std::lock_guard<std::mutex> lock(deviceMapMutex);
  deviceOf().erase(handle);
}

/// Makes `device` HIP's current device for this thread.
bool use(const Hip &h, int device) {
  return check(h, h.hipSetDevice(device), "hipSetDevice",
               std::to_string(device));
}

//===----------------------------------------------------------------------===//
// Kernel timing
//===----------------------------------------------------------------------===//

std::atomic<bool> timingEnabled{false};
std::mutex timingMutex;
double timedMilliseconds = 0;

/// HIP events destroyed on every path.
struct TimingEvents {
  const Hip &h;
  hip::Event start = nullptr, stop = nullptr;
  explicit TimingEvents(const Hip &h) : h(h) {}
  ~TimingEvents() {
    if (start)
      h.hipEventDestroy(start);
    if (stop)
      h.hipEventDestroy(stop);
  }
};

/// StridedMemRefType<char, N> as the host code passes it.
struct MemRefDescriptor {
  char *basePtr;
  char *data;
  int64_t offset;
  int64_t sizesAndStrides[1];
};

/// The device address of registered host memory `host`, or null after
/// reporting why there is none.
void *devicePointer(const char *function, void *host) {
  Hip *h = hipOrReport(function);
  if (!h || !use(*h, currentDevice()))
    return nullptr;
  void *device = nullptr;
  if (!check(*h, h->hipHostGetDevicePointer(&device, host, 0),
             "hipHostGetDevicePointer", format("%p", host),
             "the memory is not registered host memory (gpu.host_register "
             "or mgpuMemHostRegister it first)"))
    return nullptr;
  return device;
}

} // namespace

//===----------------------------------------------------------------------===//
// Extensions (HipRuntime.h)
//===----------------------------------------------------------------------===//

extern "C" {

int mcoreHipDeviceChips(char *buffer, size_t size) {
  Hip &h = hip::state();
  std::string chips;
  for (const std::string &arch : h.archNames)
    chips += (chips.empty() ? "" : ",") + hip::processorOf(arch);
  if (buffer && size)
    std::snprintf(buffer, size, "%s", chips.c_str());
  return int(h.archNames.size());
}

int mcoreHipProbe(char *message, size_t size) {
  Hip &h = hip::state();
  std::string text;
  if (!h.failure.empty()) {
    text = h.failure;
    if (!h.noGpu)
      text = "no AMD GPU usable: " + text;
  } else {
    std::string archs;
    for (const std::string &arch : h.archNames)
      archs += (archs.empty() ? "" : ", ") + (arch.empty() ? "?" : arch);
    int v = h.runtimeVersion;
    text = format("%d AMD GPU%s (%s); HIP %d.%d.%d from %s", h.devices,
                  h.devices == 1 ? "" : "s", archs.c_str(),
                  hip::versionMajor(v), hip::versionMinor(v),
                  hip::versionPatch(v), h.path.c_str());
  }
  if (message && size)
    std::snprintf(message, size, "%s", text.c_str());
  return h.failure.empty() ? h.devices : 0;
}

int mcoreHipSelectDevice(int device) {
  Hip *h = hipOrReport("mcoreHipSelectDevice");
  if (!h)
    return 0;
  if (device < 0 || device >= h->devices) {
    report(format("device %d: HIP sees %d device%s (0-%d; "
                  "HIP_VISIBLE_DEVICES selects and orders them)",
                  device, h->devices, h->devices == 1 ? "" : "s",
                  h->devices - 1));
    return 0;
  }
  processDevice = device;
  return 1;
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
  int device = currentDevice();
  if (!use(*h, device))
    return nullptr;
  hip::Module module = nullptr;
  hip::Error e = h->hipModuleLoadData(&module, data);
  if (e) {
    hip::CodeObjectInfo info = hip::readCodeObject(data, gpuBlobSize);
    std::string deviceChip;
    if (device < int(h->archNames.size()))
      deviceChip = hip::processorOf(h->archNames[device]);
    check(*h, e, "hipModuleLoadData", format("%zu bytes", gpuBlobSize),
          hip::explainLoadFailure(info, h->runtimeVersion, h->path,
                                  deviceChip, device));
    return nullptr;
  }
  remember(module, device);
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
  Hip *h = hipOrReport("mgpuModuleUnload");
  if (!h || !use(*h, recalled(module)))
    return;
  check(*h, h->hipModuleUnload(module), "hipModuleUnload");
  forget(module);
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
  int device = recalled(module);
  if (!use(*h, device))
    return nullptr;
  hip::Function function = nullptr;
  if (!check(*h, h->hipModuleGetFunction(&function, module, name),
             "hipModuleGetFunction", format("'%s'", name)))
    return nullptr;
  remember(function, device);
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
  std::string shape =
      format("%ldx%ldx%ld work-groups of %ldx%ldx%ld work-items", long(gridX),
             long(gridY), long(gridZ), long(blockX), long(blockY),
             long(blockZ));
  // HIP's limits (HipApi.h), checked here to say which one is broken.
  const char *broken = nullptr;
  intptr_t grid[3] = {gridX, gridY, gridZ}, block[3] = {blockX, blockY, blockZ};
  for (int i = 0; i < 3 && !broken; ++i) {
    if (grid[i] < 1 || block[i] < 1)
      broken = "every dimension must be at least 1";
    else if (uint64_t(grid[i]) > (i == 0 ? hip::MaxGridX : hip::MaxGridYZ))
      broken = i == 0 ? "grid x must be below 2^31"
                      : "grid y and z must be at most 65536";
    else if (uint64_t(grid[i]) * uint64_t(block[i]) > hip::MaxGlobalSize)
      broken = "grid * block must be below 2^32 in every dimension";
  }
  if (!broken && uint64_t(blockX) * uint64_t(blockY) * uint64_t(blockZ) >
                     hip::MaxWorkGroupSize)
    broken = "a work-group has at most 1024 work-items";
  if (broken) {
    report(format("mgpuLaunchKernel: launch of %s: %s", shape.c_str(),
                  broken));
    return;
  }
  if (smem < 0) {
    report(format("mgpuLaunchKernel: negative dynamic LDS size %d", smem));
    return;
  }
  if (params && extra) {
    report("mgpuLaunchKernel: both params and extra are given; HIP takes the "
           "kernel arguments from one of them");
    return;
  }
  if (!use(*h, recalled(function)))
    return;
  std::string what = format("grid %ldx%ldx%ld, block %ldx%ldx%ld, %d bytes "
                            "of dynamic LDS",
                            long(gridX), long(gridY), long(gridZ), long(blockX),
                            long(blockY), long(blockZ), smem);
  bool timing = timingEnabled;
  TimingEvents events(*h);
  if (timing &&
      (!check(*h, h->hipEventCreateWithFlags(&events.start, hip::EventDefault),
              "hipEventCreateWithFlags") ||
       !check(*h, h->hipEventCreateWithFlags(&events.stop, hip::EventDefault),
              "hipEventCreateWithFlags") ||
       !check(*h, h->hipEventRecord(events.start, stream), "hipEventRecord")))
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
  if (check(*h, h->hipEventRecord(events.stop, stream), "hipEventRecord") &&
      check(*h, h->hipEventSynchronize(events.stop), "hipEventSynchronize",
            "after the kernel") &&
      check(*h, h->hipEventElapsedTime(&ms, events.start, events.stop),
            "hipEventElapsedTime")) {
    std::lock_guard<std::mutex> lock(timingMutex);
    timedMilliseconds += ms;
  }
}

void mgpuLaunchClusterKernel(void *, intptr_t, intptr_t, intptr_t, intptr_t,
                             intptr_t, intptr_t, intptr_t, intptr_t, intptr_t,
                             int32_t, void *, void **, void **, size_t) {
  report("mgpuLaunchClusterKernel: thread-block clusters are an NVIDIA "
         "feature; AMD GPUs have none");
}

void *mgpuStreamCreate() {
  Hip *h = hipOrReport("mgpuStreamCreate");
  if (!h || !use(*h, currentDevice()))
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
  if (!h || !use(*h, currentDevice()))
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
  if (!h || !use(*h, currentDevice()))
    return nullptr;
  void *ptr = nullptr;
  // gpu.alloc host_shared: memory both the host code and kernels use, as
  // upstream's CUDA wrappers give it (managed memory; HIP rejects flags 0).
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
  // Kernels reach the memory at the address hipHostGetDevicePointer gives
  // (mgpuMemGetDeviceMemRef1d*, and mcore's host-buffers pass), which HIP
  // may choose different from `ptr`.
  Hip *h = hipOrReport("mgpuMemHostRegister");
  if (h && use(*h, currentDevice()))
    check(*h, h->hipHostRegister(ptr, sizeBytes, hip::HostRegisterDefault),
          "hipHostRegister",
          format("%llu bytes", (unsigned long long)sizeBytes));
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

/// mgpuMemGetDeviceMemRef1dFloat and the others: the memref with both
/// pointers at the device address of `aligned`.
#define MCORE_DEFINE_DEVICE_MEMREF(name, MemRef, T)                            \
  MemRef name(T *allocated, T *aligned, int64_t offset, int64_t size,          \
              int64_t stride) {                                                \
    (void)allocated;                                                           \
    T *device = static_cast<T *>(devicePointer(#name, aligned));               \
    return {device, device, offset, {size}, {stride}};                         \
  }
MCORE_DEVICE_MEMREF_1D_FUNCTIONS(MCORE_DEFINE_DEVICE_MEMREF)
#undef MCORE_DEFINE_DEVICE_MEMREF

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
  threadDevice = device;
  use(*h, device);
}

} // extern "C"
