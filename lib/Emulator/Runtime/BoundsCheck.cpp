//===- BoundsCheck.cpp - Known memory and the bounds checker --------------===//
//
// The memory map (Runtime.h) records what kernels may touch: allocations,
// registered host memory, module globals, the launch's kernarg segment and
// dispatch packet. In checking mode the host module calls __mcore_emu_check
// before every global, constant, LDS and flat access; an access outside the
// work-group's LDS, the lane's stack and the map stops the launch, naming
// the nearest known memory. Accesses inside go on to the race and
// uninitialized-read checks (MemoryChecks.cpp). Under the schedules that
// switch lanes at memory accesses, __mcore_emu_check is where they switch.
//
//===----------------------------------------------------------------------===//

#include "WorkGroup.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cstring>
#include <iterator>
#include <mutex>

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::runtime;

//===----------------------------------------------------------------------===//
// Memory map
//===----------------------------------------------------------------------===//

MemoryMap &MemoryMap::get() {
  static MemoryMap *map = new MemoryMap();
  return *map;
}

void MemoryMap::add(const void *ptr, size_t bytes, std::string what,
                    bool trackInitialized) {
  std::unique_lock<std::shared_mutex> lock(mutex);
  uintptr_t base = reinterpret_cast<uintptr_t>(ptr);
  auto it = regions.find(base);
  if (it != regions.end())
    delete[] it->second.initialized;
  uint8_t *initialized =
      trackInitialized ? new uint8_t[std::max<size_t>(bytes, 1)]() : nullptr;
  regions[base] = Region{base, bytes, std::move(what), initialized};
  ++generation;
}

void MemoryMap::remove(const void *ptr) {
  std::unique_lock<std::shared_mutex> lock(mutex);
  auto it = regions.find(reinterpret_cast<uintptr_t>(ptr));
  if (it != regions.end()) {
    delete[] it->second.initialized;
    regions.erase(it);
  }
  ++generation;
}

void MemoryMap::markInitialized(uintptr_t addr, size_t bytes) {
  std::shared_lock<std::shared_mutex> lock(mutex);
  auto it = regions.upper_bound(addr);
  if (it == regions.begin())
    return;
  --it;
  const Region &r = it->second;
  if (!r.initialized || addr >= r.base + r.bytes)
    return;
  size_t n = std::min<size_t>(bytes, r.base + r.bytes - addr);
  std::memset(r.initialized + (addr - r.base), 1, n);
}

std::optional<MemoryMap::Region> MemoryMap::find(uintptr_t addr) const {
  std::shared_lock<std::shared_mutex> lock(mutex);
  auto it = regions.upper_bound(addr);
  if (it == regions.begin())
    return std::nullopt;
  --it;
  if (addr < it->second.base + std::max<size_t>(it->second.bytes, 1))
    return it->second;
  return std::nullopt;
}

std::optional<MemoryMap::Region> MemoryMap::nearest(uintptr_t addr) const {
  std::shared_lock<std::shared_mutex> lock(mutex);
  if (regions.empty())
    return std::nullopt;
  auto after = regions.upper_bound(addr);
  std::optional<Region> best;
  uintptr_t bestDist = ~uintptr_t(0);
  if (after != regions.end()) {
    best = after->second;
    bestDist = after->second.base - addr;
  }
  if (after != regions.begin()) {
    auto before = std::prev(after);
    uintptr_t end = before->second.base + before->second.bytes;
    uintptr_t dist = addr >= end ? addr - end : 0;
    if (dist <= bestDist)
      best = before->second;
  }
  return best;
}

namespace {

struct CheckCache {
  uintptr_t base = 0, end = 0;
  uint64_t generation = ~uint64_t(0);
};
thread_local CheckCache checkCache;

std::string hex(uintptr_t v) { return llvm::formatv("{0:x}", v).str(); }

/// Records the fault of an out-of-bounds access; returns false, the result
/// of inBounds for it.
bool boundsFault(Lane &l, uintptr_t addr, uint64_t size, const Site &s,
                 const std::string &why) {
  l.wg->fault(&l, llvm::formatv("out-of-bounds {0} of {1} bytes at {2}: {3} "
                                "({4})",
                                s.isStore ? "store" : "load", size, hex(addr),
                                why, s.describe())
                      .str());
  return false;
}

/// Whether the access of `size` bytes at `ptr` is inside memory the lane
/// may use; if not, records the fault. The messages are built here, in a
/// frame that returns before the lane is abandoned (see runtime::abandon).
bool inBounds(Lane &l, const void *ptr, uint64_t size, uint32_t site) {
  WorkGroup &wg = *l.wg;
  uintptr_t a = reinterpret_cast<uintptr_t>(ptr);
  const Site &s = wg.launch->image->sites[site];
  uintptr_t lds = reinterpret_cast<uintptr_t>(wg.lds);
  uint64_t ldsBytes = wg.launch->ldsBytes;
  bool inLds = a >= lds && a < lds + std::max<uint64_t>(ldsBytes, 1);
  if (inLds || s.addrSpace == 3) {
    int64_t offset = int64_t(a - lds);
    if (inLds && a + size <= lds + ldsBytes)
      return true;
    std::string why;
    if (offset >= 0 && uint64_t(offset) < ldsBytes)
      why = llvm::formatv("the access at LDS offset {0} runs past the end of "
                          "the work-group's {1}-byte LDS",
                          offset, ldsBytes)
                .str();
    else if (offset >= 0 && uint64_t(offset) < (uint64_t(1) << 32))
      why = llvm::formatv("LDS offset {0} is past the end of the "
                          "work-group's {1}-byte LDS",
                          offset, ldsBytes)
                .str();
    else
      why = llvm::formatv("an LDS access outside the work-group's {0}-byte "
                          "LDS",
                          ldsBytes)
                .str();
    return boundsFault(l, a, size, s, why);
  }
  uintptr_t stackLow = reinterpret_cast<uintptr_t>(l.stackLow);
  uintptr_t stackHigh = reinterpret_cast<uintptr_t>(l.stackHigh);
  if (a >= stackLow && a < stackHigh)
    return true; // the lane's private memory
  MemoryMap &map = MemoryMap::get();
  CheckCache &cache = checkCache;
  if (cache.generation == map.getGeneration() && a >= cache.base &&
      a + size <= cache.end)
    return true;
  std::optional<MemoryMap::Region> r = map.find(a);
  if (!r) {
    std::string why = "the address is not inside any memory the emulator "
                      "knows (allocations, registered host memory, module "
                      "globals)";
    if (std::optional<MemoryMap::Region> near = map.nearest(a)) {
      uintptr_t end = near->base + near->bytes;
      if (a >= end)
        why += llvm::formatv("; it is {0} bytes past the end of the "
                             "{1}-byte {2} at {3}",
                             a - end, near->bytes, near->what, hex(near->base))
                   .str();
      else
        why += llvm::formatv("; it is {0} bytes before the {1}-byte {2} at "
                             "{3}",
                             near->base - a, near->bytes, near->what,
                             hex(near->base))
                   .str();
    }
    return boundsFault(l, a, size, s, why);
  }
  uintptr_t end = r->base + r->bytes;
  if (a + size > end)
    return boundsFault(l, a, size, s,
                llvm::formatv("the access runs {0} bytes past the end of the "
                              "{1}-byte {2} at {3} (offset {4})",
                              a + size - end, r->bytes, r->what, hex(r->base),
                              a - r->base)
                    .str());
  cache.base = r->base;
  cache.end = end;
  cache.generation = map.getGeneration();
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// The functions the host module calls
//===----------------------------------------------------------------------===//

extern "C" {

/// Called before every global, LDS and flat access when the checker is on
/// or the schedule switches lanes at memory accesses.
static void emuCheck(const void *ptr, uint64_t size, uint32_t site) {
  if (size == 0)
    return;
  Lane &l = *tlsLane;
  const LaunchState &launch = *l.wg->launch;
  // Other lanes run first: the access happens after them.
  if (launch.yieldAtMemory)
    suspend(l);
  if (launch.boundsCheck &&
      (!inBounds(l, ptr, size, site) || !checkAccess(l, ptr, size, site)))
    abandon(l);
}

/// Called before every access to private memory under the checker: no
/// lane switch (no other lane sees it).
static void emuCheckPrivate(const void *ptr, uint64_t size, uint32_t site) {
  if (size == 0)
    return;
  Lane &l = *tlsLane;
  if (l.wg->launch->boundsCheck &&
      (!inBounds(l, ptr, size, site) || !checkAccess(l, ptr, size, site)))
    abandon(l);
}

/// Called where each alloca of the kernel is created, under the checker.
static void emuPrivateAlloca(void *ptr, uint64_t size) {
  markPrivateFresh(*tlsLane, ptr, size);
}

static void emuCheckMasked(const void *ptr, uint64_t elemBytes, uint64_t mask,
                           uint32_t site) {
  const uint8_t *p = static_cast<const uint8_t *>(ptr);
  for (unsigned e = 0; mask; ++e, mask >>= 1)
    if (mask & 1)
      emuCheck(p + e * elemBytes, elemBytes, site);
}

} // extern "C"

llvm::ArrayRef<RuntimeSymbol> runtime::getBoundsCheckSymbols() {
  static const RuntimeSymbol symbols[] = {
      {"__mcore_emu_check", reinterpret_cast<void *>(&emuCheck)},
      {"__mcore_emu_check_masked", reinterpret_cast<void *>(&emuCheckMasked)},
      {"__mcore_emu_check_private",
       reinterpret_cast<void *>(&emuCheckPrivate)},
      {"__mcore_emu_private_alloca",
       reinterpret_cast<void *>(&emuPrivateAlloca)},
  };
  return symbols;
}
