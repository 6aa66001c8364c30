//===- Emulator.h - Run AMDGPU kernels on the CPU ---------------*- C++ -*-===//
//
// mcore's wave-accurate CPU emulator. It loads the LLVM IR or bitcode of an
// amdgcn-amd-amdhsa module (what `gpu-module-to-binary{format=llvm}` emits,
// or `clang++-22 -x hip --cuda-device-only -emit-llvm`), rewrites it for the
// host, JIT-compiles it with ORC and runs each work-group as one fiber per
// lane; matrix and cross-lane instructions execute when the lanes of a wave
// meet. See docs/Emulator.md.
//
//   emu::Options options = cantFail(emu::Options::fromEnvironment());
//   auto module = emu::Module::loadFile("kernel.bc", options);
//   const emu::Kernel *k = cantFail((*module)->getKernel("matmul"));
//   void *params[] = {&a, &b, &c};
//   if (llvm::Error e = (*module)->launch(*k, {8, 8, 1}, {128, 1, 1}, 0, params))
//     ...
//
// "Device" memory is host memory. In bounds-checking mode every global, LDS
// and flat access must fall inside memory the emulator knows: allocate() or
// registerMemory() it.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_EMULATOR_EMULATOR_H
#define MCORE_EMULATOR_EMULATOR_H

#include "mcore/Emulator/Target.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir::mcore::emu {

/// The order in which the scheduler runs the lanes of a work-group, and
/// where it switches between them (docs/EmulatorChecks.md, "Schedules").
enum class Schedule : uint8_t {
  /// Lanes in order (wave 0 lane 0 first), each running until it needs the
  /// others: a wave-wide instruction, a barrier, a loop back-edge now and
  /// then.
  InOrder,
  /// Waves last to first and lanes last to first, switching to the next
  /// lane at every global, LDS and flat memory access.
  Reverse,
  /// A seeded random order of the lanes, drawn afresh for every round of
  /// the scheduler, switching at every memory access.
  Random,
};

/// The byte poisoned memory is filled with: every float format reads it as
/// a NaN (f64, f32, f16, bf16, OCP fp8/bf8), integers as -1 (all ones),
/// pointers as a non-canonical address.
constexpr uint8_t kPoisonByte = 0xFF;

struct Options {
  /// The chip to emulate when the module does not name one (kernels without
  /// a "target-cpu" attribute, as gpu-module-to-binary emits them).
  /// MCORE_EMU_CHIP.
  std::string chip;
  /// The checker: check every global, LDS and flat memory access against
  /// the memory the emulator knows, look for data races (LDS between the
  /// waves of a work-group, global memory between the work-groups of a
  /// launch) and reads of uninitialized LDS and gpu.alloc memory; stop the
  /// launch at the first finding. MCORE_EMU_CHECK=1.
  bool boundsCheck = false;
  /// LDS and private memory (allocas) start filled with kPoisonByte rather
  /// than zeros, and so does gpu.alloc memory (mgpuMemAlloc of
  /// libmcore_emu_runtime.so). MCORE_EMU_POISON=0 turns it off.
  bool poison = true;
  /// The scheduler's order. MCORE_EMU_SCHEDULE=in-order|reverse|random[:SEED].
  Schedule schedule = Schedule::InOrder;
  /// The seed of Schedule::Random.
  uint64_t scheduleSeed = 1;
  /// Host threads that run work-groups; 0 runs one per core.
  /// MCORE_EMU_THREADS.
  unsigned threads = 0;
  /// A launch still running after this long is stopped and reported as hung
  /// (a barrier deadlock or an endless loop). MCORE_EMU_TIMEOUT (seconds).
  double timeoutSeconds = 600;
  /// A work-group in which some lanes wait at a barrier while no lane
  /// reaches a barrier, a wave-wide instruction or the end for this long is
  /// reported as a barrier deadlock. MCORE_EMU_STALL_TIMEOUT (seconds).
  double stallSeconds = 20;
  /// A work-group in which no lane reaches a barrier, a wave-wide
  /// instruction or the end for this long is reported as hung (an endless
  /// loop; a long but working kernel makes progress much more often).
  /// MCORE_EMU_HANG_TIMEOUT (seconds).
  double hangSeconds = 60;
  /// Stack of each lane's fiber. MCORE_EMU_STACK_KB.
  unsigned stackKiB = 256;
  /// Turn a segmentation fault, stack overflow, integer division trap or
  /// trap instruction in kernel code into an error of the launch naming the
  /// lane (handlers for SIGSEGV, SIGBUS, SIGFPE and SIGILL that pass other
  /// signals on to the handlers installed before). MCORE_EMU_CATCH_FAULTS=0
  /// turns it off, e.g. to debug the JIT-compiled code.
  bool catchFaults = true;
  /// Told how far a launch is, after each work-group that finishes: the
  /// kernel's name, the work-groups done and their number. It is called from
  /// the threads that run work-groups, possibly at once: it must be cheap
  /// and thread-safe. (mcore-run and mcore-emu-run draw a percentage.)
  std::function<void(llvm::StringRef kernel, uint64_t done, uint64_t total)>
      progress;

  /// Defaults, overridden by the MCORE_EMU_* environment variables; a
  /// value that is not one (MCORE_EMU_STACK_KB=abc, MCORE_EMU_THREADS=-3)
  /// is an error naming the variable.
  static llvm::Expected<Options> fromEnvironment();
  /// Sets `schedule` and `scheduleSeed` from "in-order", "reverse",
  /// "random" or "random:SEED"; fails with a message naming `what` (the
  /// variable or option the text came from).
  llvm::Error parseSchedule(llvm::StringRef text, llvm::StringRef what);
};

struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
};

struct KernelInfo;
class Module;

/// A kernel of a loaded module.
class Kernel {
public:
  llvm::StringRef getName() const;
  unsigned getNumArgs() const;
  /// Static LDS bytes per work-group (dynamic LDS comes from the launch).
  unsigned getStaticLdsBytes() const;
  /// The largest work-group the kernel was compiled for.
  unsigned getMaxWorkGroupSize() const;

  Kernel(const Module &module, const KernelInfo &info, void (*entry)(void **))
      : module(module), info(info), entry(entry) {}
  const Module &module;
  const KernelInfo &info;
  void (*entry)(void **);
};

/// A module loaded into the emulator.
class Module {
public:
  /// Loads LLVM bitcode or textual IR. The chip comes from the module (its
  /// kernels' "target-cpu"), else from `options.chip`, else from the matrix
  /// instructions it uses (see docs/Emulator.md). Fails with a message that
  /// names the construct for anything the emulator cannot run.
  static llvm::Expected<std::unique_ptr<Module>>
  load(llvm::MemoryBufferRef buffer, const Options &options);
  static llvm::Expected<std::unique_ptr<Module>>
  loadFile(llvm::StringRef path, const Options &options);
  ~Module();

  const Target &getTarget() const;
  /// How the chip was decided ("the target-cpu attribute of ...").
  llvm::StringRef getTargetSource() const;
  const Options &getOptions() const;
  std::vector<std::string> getKernelNames() const;
  llvm::Expected<const Kernel *> getKernel(llvm::StringRef name) const;

  /// Runs `kernel` on a grid of `grid` work-groups of `block` work-items and
  /// waits for it. `params[i]` points to the value of argument i (the
  /// hipModuleLaunchKernel / mgpuLaunchKernel convention; a byref struct
  /// argument is a pointer to the struct). Fails on invalid launch
  /// dimensions or LDS size, and on any fault while running (out-of-bounds
  /// access in checking mode, a matrix instruction reached by part of a
  /// wave, a trap, a hang), with the kernel, work-group, lane and source
  /// location.
  llvm::Error launch(const Kernel &kernel, Dim3 grid, Dim3 block,
                     unsigned dynamicLdsBytes, void **params) const;
  /// The same with the arguments in an HSA kernarg segment (the layout the
  /// kernel's AMDGPU code expects; hipModuleLaunchKernel's "extra").
  llvm::Error launchWithKernarg(const Kernel &kernel, Dim3 grid, Dim3 block,
                                unsigned dynamicLdsBytes, const void *kernarg,
                                size_t kernargBytes) const;

  struct Impl;
  explicit Module(std::unique_ptr<Impl> impl);
  const Impl &getImpl() const { return *impl; }

private:
  std::unique_ptr<Impl> impl;
};

//===----------------------------------------------------------------------===//
// Memory the emulator knows (for the bounds checker)
//===----------------------------------------------------------------------===//

/// How allocate() fills the memory.
enum class Fill : uint8_t {
  Zeroed,
  /// Filled with kPoisonByte; its bytes count as uninitialized, and the
  /// checker reports a kernel that reads one, until a kernel writes them or
  /// markInitialized() says the host did (what hipMalloc'ed memory is: not
  /// zeroed).
  Poisoned,
};
/// Allocates `bytes` of "device" memory, 256-byte aligned, and registers
/// it. Returns nullptr when out of memory.
void *allocate(size_t bytes, llvm::StringRef what = "device allocation",
               Fill fill = Fill::Zeroed);
/// Marks bytes of a poisoned allocation as written by the host (a copy or
/// a memset into it). Does nothing for other memory.
void markInitialized(const void *ptr, size_t bytes);
/// Frees memory from allocate().
void deallocate(void *ptr);
/// Registers memory the caller owns (host memory a kernel may access).
void registerMemory(const void *ptr, size_t bytes, llvm::StringRef what);
void unregisterMemory(const void *ptr);

} // namespace mlir::mcore::emu

#endif // MCORE_EMULATOR_EMULATOR_H
