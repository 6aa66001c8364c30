//===- Runtime.h - Launching kernels, known memory --------------*- C++ -*-===//
//
// Private to lib/Emulator.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_EMULATOR_RUNTIME_H
#define MCORE_LIB_EMULATOR_RUNTIME_H

#include "Image.h"

#include "mcore/Emulator/Emulator.h"

#include "llvm/Support/Error.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <shared_mutex>
#include <string>

namespace mlir::mcore::emu {

/// Memory kernels may touch: allocations, registered host memory, the
/// module's globals. The bounds checker looks addresses up here.
class MemoryMap {
public:
  struct Region {
    uintptr_t base = 0;
    size_t bytes = 0;
    std::string what;
    /// For poisoned allocations: one byte per byte, non-zero once written
    /// (by a kernel, or the host through markInitialized); else null.
    uint8_t *initialized = nullptr;
  };
  static MemoryMap &get();
  /// `trackInitialized`: the region's bytes are uninitialized until written.
  void add(const void *ptr, size_t bytes, std::string what,
           bool trackInitialized = false);
  void remove(const void *ptr);
  /// Marks bytes of a region that tracks initialization as written.
  void markInitialized(uintptr_t addr, size_t bytes);
  /// The region containing `addr`.
  std::optional<Region> find(uintptr_t addr) const;
  /// The region nearest `addr` (for messages), if any.
  std::optional<Region> nearest(uintptr_t addr) const;
  /// Changes whenever a region is removed (invalidates lookup caches).
  uint64_t getGeneration() const { return generation; }

private:
  mutable std::shared_mutex mutex;
  std::map<uintptr_t, Region> regions;
  std::atomic<uint64_t> generation{0};
};

struct LaunchRequest {
  const Kernel *kernel = nullptr;
  const Image *image = nullptr;
  const Options *options = nullptr;
  Dim3 grid, block;
  unsigned dynamicLdsBytes = 0;
  void **params = nullptr;       ///< or
  const void *kernarg = nullptr; ///< an HSA kernarg segment
  size_t kernargBytes = 0;
};

/// Runs a launch to completion; see Module::launch.
llvm::Error runLaunch(const LaunchRequest &request);

/// "(1, 0, 0)".
std::string formatDim3(uint32_t x, uint32_t y, uint32_t z);

} // namespace mlir::mcore::emu

#endif // MCORE_LIB_EMULATOR_RUNTIME_H
