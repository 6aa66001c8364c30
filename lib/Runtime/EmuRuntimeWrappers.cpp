//===- EmuRuntimeWrappers.cpp - The mgpu* ABI on the CPU emulator ---------===//
//
// The C functions MLIR 22's gpu-to-llvm lowering and upstream's ROCm tests
// call (include/mcore/Runtime/MgpuAbi.h: the set of
// mlir/lib/ExecutionEngine/RocmRuntimeWrappers.cpp plus mgpuMemset16 and
// mgpuLaunchClusterKernel), implemented on mcore's
// CPU wave emulator, so that host code lowered for ROCm runs without a GPU:
//
//   mlir-runner --shared-libs=build/lib/libmcore_emu_runtime.so,...
//
// * mgpuModuleLoad takes what gpu-module-to-binary{format=llvm} embeds: the
//   LLVM bitcode of the gpu.module (textual IR is accepted too). The chip
//   comes from the kernels' target-cpu, else MCORE_EMU_CHIP, else the matrix
//   instructions (see docs/Emulator.md).
// * "Device" memory is host memory; mgpuMemAlloc memory, registered host
//   memory and module globals are what the bounds checker (MCORE_EMU_CHECK=1)
//   accepts. The device address of registered host memory
//   (mgpuMemGetDeviceMemRef1d*) is its host address, and as on HIP only
//   registered memory has one.
// * Streams and events are synchronous: every call completes before it
//   returns, which is a valid schedule of any stream program.
//
// A GPU fault kills the process; so does an emulator fault here: the error
// is printed to stderr and the process exits with status 1 (after flushing
// stdout). MCORE_EMU_ON_ERROR=continue prints and returns instead. A program
// that embeds the runtime (mcore's Python package) captures errors instead
// with the functions of include/mcore/Runtime/EmuRuntime.h.
//
//===----------------------------------------------------------------------===//

#include "ErrorReporter.h"

#include "mcore/Emulator/Emulator.h"
#include "mcore/Runtime/EmuRuntime.h"
#include "mcore/Runtime/MgpuAbi.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>

namespace emu = mlir::mcore::emu;

namespace {

/// The MCORE_EMU_* settings, or the error about a bad one.
struct Settings {
  emu::Options options;
  std::string error;
};
const Settings &settings() {
  static const Settings *s = [] {
    auto *s = new Settings;
    llvm::Expected<emu::Options> o = emu::Options::fromEnvironment();
    if (o)
      s->options = std::move(*o);
    else
      s->error = llvm::toString(o.takeError());
    return s;
  }();
  return *s;
}

mlir::mcore::runtime::ErrorReporter &errors() {
  static auto *e = new mlir::mcore::runtime::ErrorReporter(
      "mcore-emu", "MCORE_EMU_ON_ERROR");
  return *e;
}

void report(const std::string &message) { errors().report(message); }

/// The chip mcoreEmuSetChip chose.
std::mutex stateMutex;
std::string &chipOverride() {
  static auto *s = new std::string();
  return *s;
}

void report(llvm::Error error) { report(llvm::toString(std::move(error))); }

/// What mcoreEmuSetProgress set, for the launches of every module.
struct ProgressTarget {
  McoreEmuProgressFn fn = nullptr;
  void *user = nullptr;
};
std::mutex progressMutex;
ProgressTarget &progressTarget() {
  static auto *p = new ProgressTarget();
  return *p;
}
void reportProgress(llvm::StringRef kernel, uint64_t done, uint64_t total) {
  ProgressTarget target;
  {
    std::lock_guard<std::mutex> lock(progressMutex);
    target = progressTarget();
  }
  if (target.fn)
    target.fn(target.user, kernel.str().c_str(), done, total);
}

std::mutex allocMutex;
std::set<void *> &allocations() {
  static auto *s = new std::set<void *>();
  return *s;
}

/// Registered host memory: start -> bytes.
std::mutex registeredMutex;
std::map<const char *, size_t> &registered() {
  static auto *m = new std::map<const char *, size_t>();
  return *m;
}

void registerRange(const void *ptr, size_t bytes, const char *what) {
  emu::registerMemory(ptr, bytes, what);
  std::lock_guard<std::mutex> lock(registeredMutex);
  registered()[static_cast<const char *>(ptr)] = bytes;
}

void unregisterRange(const void *ptr) {
  emu::unregisterMemory(ptr);
  std::lock_guard<std::mutex> lock(registeredMutex);
  registered().erase(static_cast<const char *>(ptr));
}

/// Whether `ptr` lies in registered host memory.
bool isRegistered(const void *ptr) {
  const char *p = static_cast<const char *>(ptr);
  std::lock_guard<std::mutex> lock(registeredMutex);
  auto it = registered().upper_bound(p);
  if (it == registered().begin())
    return false;
  --it;
  return p < it->first + std::max<size_t>(it->second, 1);
}

/// The device address of registered host memory: the host address, as the
/// emulator's kernels run in the host's address space. Reports memory that
/// is not registered, as hipHostGetDevicePointer fails on it.
template <typename T> T *devicePointer(const char *function, T *host) {
  if (isRegistered(host))
    return host;
  char message[256];
  std::snprintf(message, sizeof(message),
                "%s: %p is not registered host memory (gpu.host_register or "
                "mgpuMemHostRegister it first)",
                function, static_cast<void *>(host));
  report(message);
  return nullptr;
}

/// A stream or event handle: every operation completes synchronously.
struct Handle {
  int kind;
};

/// StridedMemRefType<char, N> as the host code passes it: base pointer,
/// aligned pointer, offset, sizes[rank], strides[rank].
struct MemRefDescriptor {
  char *basePtr;
  char *data;
  int64_t offset;
  int64_t sizesAndStrides[1];
};

/// The bytes a memref spans from its first element.
size_t memrefBytes(int64_t rank, const MemRefDescriptor *d,
                   int64_t elementBytes) {
  const int64_t *sizes = d->sizesAndStrides;
  const int64_t *strides = d->sizesAndStrides + rank;
  int64_t last = 0;
  for (int64_t i = 0; i < rank; ++i) {
    if (sizes[i] <= 0)
      return 0;
    last += (sizes[i] - 1) * strides[i];
  }
  return size_t(last + 1) * size_t(elementBytes);
}

} // namespace

extern "C" {

void *mgpuModuleLoad(void *data, size_t gpuBlobSize) {
  llvm::MemoryBufferRef buffer(
      llvm::StringRef(static_cast<const char *>(data), gpuBlobSize),
      "gpu-binary");
  if (!settings().error.empty()) {
    report(settings().error);
    return nullptr;
  }
  emu::Options o = settings().options;
  {
    std::lock_guard<std::mutex> lock(stateMutex);
    if (!chipOverride().empty())
      o.chip = chipOverride();
  }
  o.progress = reportProgress;
  llvm::Expected<std::unique_ptr<emu::Module>> module =
      emu::Module::load(buffer, o);
  if (!module) {
    report(module.takeError());
    return nullptr;
  }
  return module->release();
}

void *mgpuModuleLoadJIT(void *data, int optLevel) {
  (void)data;
  (void)optLevel;
  report("mgpuModuleLoadJIT (a PTX JIT load) is not available on the AMDGPU "
         "emulator; serialize with gpu-module-to-binary{format=llvm}");
  return nullptr;
}

void mgpuModuleUnload(void *module) {
  delete static_cast<emu::Module *>(module);
}

void *mgpuModuleGetFunction(void *module, const char *name) {
  if (!module) {
    report(std::string("mgpuModuleGetFunction('") + name +
           "') on a module that failed to load");
    return nullptr;
  }
  llvm::Expected<const emu::Kernel *> k =
      static_cast<emu::Module *>(module)->getKernel(name);
  if (!k) {
    report(k.takeError());
    return nullptr;
  }
  return const_cast<emu::Kernel *>(*k);
}

void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smem, void *stream,
                      void **params, void **extra, size_t paramsCount) {
  (void)stream;
  if (!function) {
    report("mgpuLaunchKernel of a function that was not found");
    return;
  }
  auto *kernel = static_cast<const emu::Kernel *>(function);
  auto dim = [&](intptr_t v, const char *what) -> uint32_t {
    if (v < 0 || uint64_t(v) > 0xFFFFFFFFull) {
      report(std::string("mgpuLaunchKernel: ") + what + " " +
             std::to_string(v) + " is out of range");
      return 0;
    }
    return uint32_t(v);
  };
  emu::Dim3 grid{dim(gridX, "grid x"), dim(gridY, "grid y"),
                 dim(gridZ, "grid z")};
  emu::Dim3 block{dim(blockX, "block x"), dim(blockY, "block y"),
                  dim(blockZ, "block z")};
  if (smem < 0) {
    report("mgpuLaunchKernel: negative dynamic LDS size");
    return;
  }
  if (params) {
    if (paramsCount != kernel->getNumArgs()) {
      report("mgpuLaunchKernel: kernel '" + kernel->getName().str() +
             "' takes " + std::to_string(kernel->getNumArgs()) +
             " arguments, but " + std::to_string(paramsCount) +
             " were passed");
      return;
    }
    if (llvm::Error e = kernel->module.launch(*kernel, grid, block,
                                              unsigned(smem), params))
      report(std::move(e));
    return;
  }
  // hipModuleLaunchKernel's "extra": {BUFFER_POINTER, p, BUFFER_SIZE, &n, END}.
  const void *buffer = nullptr;
  size_t bufferBytes = 0;
  for (void **e = extra; e && *e != reinterpret_cast<void *>(3); e += 2) {
    if (*e == reinterpret_cast<void *>(1))
      buffer = e[1];
    else if (*e == reinterpret_cast<void *>(2))
      bufferBytes = *static_cast<size_t *>(e[1]);
  }
  if (!buffer && kernel->getNumArgs()) {
    report("mgpuLaunchKernel: no kernel arguments (params and extra are "
           "empty)");
    return;
  }
  if (llvm::Error e = kernel->module.launchWithKernarg(
          *kernel, grid, block, unsigned(smem), buffer, bufferBytes))
    report(std::move(e));
}

void mgpuLaunchClusterKernel(void *, intptr_t, intptr_t, intptr_t, intptr_t,
                             intptr_t, intptr_t, intptr_t, intptr_t, intptr_t,
                             int32_t, void *, void **, void **, size_t) {
  report("mgpuLaunchClusterKernel: thread-block clusters are an NVIDIA "
         "feature the AMDGPU emulator does not have");
}

void *mgpuStreamCreate() {
  static Handle stream{1};
  return &stream;
}
void mgpuStreamDestroy(void *) {}
void mgpuStreamSynchronize(void *) {}
void mgpuStreamWaitEvent(void *, void *) {}
void *mgpuEventCreate() {
  static Handle event{2};
  return &event;
}
void mgpuEventDestroy(void *) {}
void mgpuEventSynchronize(void *) {}
void mgpuEventRecord(void *, void *) {}

void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared) {
  (void)stream;
  // Device memory comes uninitialized (hipMalloc does not clear it): it is
  // poisoned, and the checker reports kernels that read bytes neither a
  // kernel nor a copy or memset has written. Host-shared memory the host
  // may write directly, unseen, so it starts zeroed.
  bool poison = settings().options.poison && !isHostShared;
  void *p = emu::allocate(sizeBytes, "mgpuMemAlloc allocation",
                          poison ? emu::Fill::Poisoned : emu::Fill::Zeroed);
  if (!p) {
    report("mgpuMemAlloc: out of memory allocating " +
           std::to_string(sizeBytes) + " bytes");
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(allocMutex);
  allocations().insert(p);
  return p;
}

void mgpuMemFree(void *ptr, void *stream) {
  (void)stream;
  if (!ptr)
    return;
  {
    std::lock_guard<std::mutex> lock(allocMutex);
    if (!allocations().erase(ptr)) {
      report("mgpuMemFree of a pointer mgpuMemAlloc did not return");
      return;
    }
  }
  emu::deallocate(ptr);
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  (void)stream;
  if (sizeBytes)
    std::memmove(dst, src, sizeBytes);
  emu::markInitialized(dst, sizeBytes);
}

void mgpuMemset32(void *dst, int value, size_t count, void *stream) {
  (void)stream;
  auto *p = static_cast<uint32_t *>(dst);
  for (size_t i = 0; i < count; ++i)
    p[i] = uint32_t(value);
  emu::markInitialized(dst, count * 4);
}

void mgpuMemset16(void *dst, int value, size_t count, void *stream) {
  (void)stream;
  auto *p = static_cast<uint16_t *>(dst);
  for (size_t i = 0; i < count; ++i)
    p[i] = uint16_t(value);
  emu::markInitialized(dst, count * 2);
}

void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  registerRange(ptr, sizeBytes, "registered host memory");
}

void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                               int64_t elementSizeBytes) {
  auto *d = static_cast<const MemRefDescriptor *>(descriptor);
  char *p = d->data + d->offset * elementSizeBytes;
  registerRange(p, memrefBytes(rank, d, elementSizeBytes),
                "registered host memref");
}

void mgpuMemHostUnregister(void *ptr) { unregisterRange(ptr); }

void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                 int64_t elementSizeBytes) {
  (void)rank;
  auto *d = static_cast<const MemRefDescriptor *>(descriptor);
  unregisterRange(d->data + d->offset * elementSizeBytes);
}

/// mgpuMemGetDeviceMemRef1dFloat and the others: the memref with both
/// pointers at the device address of `aligned`.
#define MCORE_DEFINE_DEVICE_MEMREF(name, MemRef, T)                            \
  MemRef name(T *allocated, T *aligned, int64_t offset, int64_t size,          \
              int64_t stride) {                                                \
    (void)allocated;                                                           \
    T *device = devicePointer(#name, aligned);                                 \
    return {device, device, offset, {size}, {stride}};                         \
  }
MCORE_DEVICE_MEMREF_1D_FUNCTIONS(MCORE_DEFINE_DEVICE_MEMREF)
#undef MCORE_DEFINE_DEVICE_MEMREF

void mgpuSetDefaultDevice(int32_t device) {
  if (device != 0)
    report("mgpuSetDefaultDevice(" + std::to_string(device) +
           "): the emulator has one device, 0");
}

//===----------------------------------------------------------------------===//
// mcore's extensions (include/mcore/Runtime/EmuRuntime.h)
//===----------------------------------------------------------------------===//

void mcoreEmuSetChip(const char *chip) {
  std::lock_guard<std::mutex> lock(stateMutex);
  chipOverride() = chip ? chip : "";
}

void mcoreEmuCaptureErrors(int enable) { errors().setCapturing(enable != 0); }

size_t mcoreEmuTakeErrors(char *buffer, size_t size) {
  return errors().take(buffer, size);
}

void mcoreEmuSetProgress(McoreEmuProgressFn fn, void *user) {
  std::lock_guard<std::mutex> lock(progressMutex);
  progressTarget() = {fn, user};
}

} // extern "C"
