//===- MemoryChecks.cpp - Data races and uninitialized reads --------------===//
//
// The checker (MCORE_EMU_CHECK=1) looks at every global, LDS, flat and
// buffer access after the bounds check (BoundsCheck.cpp, BufferRuntime.cpp)
// has passed it:
//
//   * LDS data races. The waves of a work-group are not ordered between two
//     barriers (s_barrier is the only instruction that orders them; the
//     lanes of one wave execute together). A byte of LDS written by one wave
//     and read or written by another wave in the same epoch (between the
//     same two barriers) is a race: on hardware the result depends on which
//     wave the sequencer ran first. Every LDS byte has a cell (LdsCell):
//     the epoch, lane and site of its last write, and of its readers.
//   * Global data races. The work-groups of one launch are not ordered at
//     all: two work-groups writing one byte, or one writing a byte another
//     reads, is a race. Every byte of global memory a launch touches has a
//     cell in the launch's GlobalShadow (the work-group and lane of its
//     writer and readers).
//   * Reads of uninitialized memory: an LDS byte no lane of the work-group
//     has written, a byte of a poisoned allocation (gpu.alloc) that neither
//     a kernel nor the host has written, a byte of a lane's private memory
//     (an alloca) the lane has not written since the alloca was created.
//
// Atomics are never races (they are how work-groups and waves are meant to
// share memory); they do initialize memory. The first finding stops the
// launch, as an out-of-bounds access does, naming both accesses.
//
// The detector is exact for the schedule that ran (every conflicting pair
// is seen, whichever order the lanes ran in), except that two work-groups
// on two host threads touching one byte at the same instant may overwrite
// each other's record of a read.
//
//===----------------------------------------------------------------------===//

#include "WorkGroup.h"

#include "llvm/Support/FormatVariadic.h"

#include <cstring>
#include <map>
#include <mutex>

#include <sys/mman.h>

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::runtime;

namespace {

std::string hex(uintptr_t v) { return llvm::formatv("{0:x}", v).str(); }

/// "wave 1, lane 3" of flat work-item `flat`.
std::string describeWorkItem(const WorkGroup &wg, unsigned flat) {
  const Lane &l = wg.lanes[flat];
  return llvm::formatv("wave {0}, lane {1}, work-item {2}", l.wave->index,
                       l.laneInWave, formatDim3(l.tid[0], l.tid[1], l.tid[2]))
      .str();
}

const Site &siteOf(const WorkGroup &wg, uint32_t site) {
  return wg.launch->image->sites[site];
}

//===----------------------------------------------------------------------===//
// LDS
//===----------------------------------------------------------------------===//

/// "a write by wave 1, lane 3, work-item (35, 0, 0) ('store' in function
/// 'k' at k.hip:4:5)".
std::string describeAccess(const WorkGroup &wg, bool isStore, unsigned lane,
                           uint32_t site) {
  return llvm::formatv("a {0} by {1} ({2})", isStore ? "write" : "read",
                       describeWorkItem(wg, lane), siteOf(wg, site).describe())
      .str();
}

std::string raceMessage(uint64_t offset, const std::string &first,
                        const std::string &second) {
  return llvm::formatv("data race on LDS offset {0}: {1} and {2} with no "
                       "barrier between them; the waves of a work-group are "
                       "not ordered between two barriers (a missing "
                       "gpu.barrier / __syncthreads)",
                       offset, first, second)
      .str();
}

/// Records the fault of an LDS race between the current access and the
/// access of `otherLane` at `otherSite`.
bool ldsRace(Lane &l, uint64_t offset, bool isStore, uint32_t site,
             bool otherIsStore, unsigned otherLane, uint32_t otherSite) {
  WorkGroup &wg = *l.wg;
  wg.fault(&l, raceMessage(
                   offset,
                   llvm::formatv("this {0} ({1})", isStore ? "write" : "read",
                                 siteOf(wg, site).describe())
                       .str(),
                   describeAccess(wg, otherIsStore, otherLane, otherSite)));
  return false;
}

/// Decides a pending conflicting write of `c`: a race when it changed the
/// byte. Records the fault and returns false then.
bool settle(WorkGroup &wg, LdsCell &c, uint64_t offset) {
  LdsCell::Pending p = c.pending;
  c.pending = LdsCell::None;
  if (wg.lds[offset] == c.before)
    return true; // the same value again: no wave can tell the order
  bool otherIsStore = p == LdsCell::AfterWrite;
  unsigned other = p == LdsCell::AfterWrite  ? c.writeLane
                   : p == LdsCell::AfterRead ? c.readLane
                                             : c.otherReadLane;
  uint32_t otherSite = p == LdsCell::AfterWrite  ? c.writeSite
                       : p == LdsCell::AfterRead ? c.readSite
                                                 : c.otherReadSite;
  wg.fault(&wg.lanes[c.pendingLane],
           raceMessage(offset,
                       describeAccess(wg, true, c.pendingLane, c.pendingSite),
                       describeAccess(wg, otherIsStore, other, otherSite)));
  return false;
}

bool checkLds(Lane &l, uint64_t offset, uint64_t size, uint32_t site,
              bool isStore, bool isAtomic) {
  WorkGroup &wg = *l.wg;
  const uint32_t e = wg.epoch;
  const unsigned W = wg.launch->waveSize;
  const unsigned wave = l.flatId / W;
  const uint16_t me = uint16_t(l.flatId);
  for (uint64_t i = 0; i < size; ++i) {
    LdsCell &c = wg.ldsCells[offset + i];
    if (c.pending && !settle(wg, c, offset + i))
      return false;
    if (isAtomic) {
      if (c.writeEpoch < wg.initEpoch)
        c.writeEpoch = wg.initEpoch; // initialized, by no wave in particular
      continue;
    }
    bool writtenByOther = c.writeEpoch == e && c.writeLane / W != wave;
    if (isStore) {
      LdsCell::Pending conflict = LdsCell::None;
      if (writtenByOther)
        conflict = LdsCell::AfterWrite;
      else if (c.readEpoch == e && c.readLane / W != wave)
        conflict = LdsCell::AfterRead;
      else if (c.readEpoch == e && c.otherReader)
        conflict = LdsCell::AfterOtherRead;
      if (conflict) {
        // A race if the write changes the byte: decided later.
        c.pending = conflict;
        c.before = wg.lds[offset + i];
        c.pendingLane = me;
        c.pendingSite = site;
        wg.pendingCells.push_back(uint32_t(offset + i));
        continue;
      }
      c.writeEpoch = e;
      c.writeLane = me;
      c.writeSite = site;
      continue;
    }
    if (writtenByOther)
      return ldsRace(l, offset + i, false, site, true, c.writeLane,
                     c.writeSite);
    if (c.writeEpoch < wg.initEpoch && !wg.uninitializedRead.pending) {
      // Reported at the next barrier or the end of the work-group, unless a
      // write by another wave before then makes it a race (the read was too
      // early, not of memory nobody writes).
      wg.uninitializedRead = {true, l.flatId, site, offset + i};
    }
    if (c.readEpoch != e) {
      c.readEpoch = e;
      c.readLane = me;
      c.readSite = site;
      c.otherReader = false;
    } else if (!c.otherReader && c.readLane / W != wave) {
      c.otherReader = true;
      c.otherReadLane = me;
      c.otherReadSite = site;
    }
  }
  return true;
}

} // namespace

bool WorkGroup::settleLdsChecks() {
  for (uint32_t offset : pendingCells) {
    LdsCell &c = ldsCells[offset];
    if (c.pending && !settle(*this, c, offset))
      return false;
  }
  pendingCells.clear();
  if (!uninitializedRead.pending)
    return true;
  uninitializedRead.pending = false;
  fault(&lanes[uninitializedRead.lane],
        llvm::formatv("read of uninitialized LDS at offset {0} ({1}): no "
                      "lane of this work-group had written it, and none did "
                      "before the next barrier or the end (LDS is not "
                      "cleared between work-groups; the emulator fills it "
                      "with 0x{2:x-} bytes)",
                      uninitializedRead.offset,
                      siteOf(*this, uninitializedRead.site).describe(),
                      unsigned(kPoisonByte))
            .str());
  return false;
}

//===----------------------------------------------------------------------===//
// Global memory
//===----------------------------------------------------------------------===//

namespace mlir::mcore::emu::runtime {

/// Who wrote and read one byte of global memory in this launch: 0, or the
/// work-group's flat index plus 1 in bits 63:16 and the flat work-item id
/// in bits 15:0.
struct GlobalCell {
  uint64_t writer, reader, otherReader;
  uint32_t writeSite, readSite;
};

/// The cells of the memory regions a launch touches, mapped on first use
/// (pages of cells nothing touches are never materialized).
struct GlobalShadow {
  struct Cells {
    uintptr_t base = 0;
    size_t bytes = 0;
    GlobalCell *cells = nullptr;
    size_t mappedBytes = 0;
  };
  std::mutex mutex;
  std::map<uintptr_t, Cells> regions;
  ~GlobalShadow() {
    for (auto &[base, c] : regions)
      if (c.cells)
        munmap(c.cells, c.mappedBytes);
  }
  /// The cells of region [base, base + bytes), or null when they cannot be
  /// mapped.
  GlobalCell *get(uintptr_t base, size_t bytes) {
    std::lock_guard<std::mutex> lock(mutex);
    Cells &c = regions[base];
    if (c.cells && c.bytes == bytes)
      return c.cells;
    if (c.cells)
      munmap(c.cells, c.mappedBytes);
    c.base = base;
    c.bytes = bytes;
    c.mappedBytes = std::max<size_t>(bytes, 1) * sizeof(GlobalCell);
    // Page faults cost more than the checks themselves (in a virtual
    // machine, each fault on a page first read and then written flushes
    // TLBs across CPUs): the cells of up to 64 MiB are mapped at once
    // (MAP_POPULATE), larger ones on large pages as they are touched.
    bool populate = c.mappedBytes <= (size_t(64) << 20);
    void *m = mmap(nullptr, c.mappedBytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE |
                       (populate ? MAP_POPULATE : 0),
                   -1, 0);
    c.cells = m == MAP_FAILED ? nullptr : static_cast<GlobalCell *>(m);
    if (c.cells && !populate)
      madvise(m, c.mappedBytes, MADV_HUGEPAGE);
    return c.cells;
  }
};

} // namespace mlir::mcore::emu::runtime

std::shared_ptr<GlobalShadow> runtime::makeGlobalShadow() {
  return std::make_shared<GlobalShadow>();
}

namespace {

/// The region an address lies in, for this thread's last lookup.
struct GlobalCache {
  const LaunchState *launch = nullptr;
  uint64_t generation = ~uint64_t(0);
  uintptr_t base = 0, end = 0;
  GlobalCell *cells = nullptr;
  const uint8_t *initialized = nullptr;
  std::string what;
};
thread_local GlobalCache globalCache;

uint64_t load(const uint64_t &v) {
  return __atomic_load_n(&v, __ATOMIC_RELAXED);
}
void store(uint64_t &v, uint64_t x) {
  __atomic_store_n(&v, x, __ATOMIC_RELAXED);
}

/// "work-group (1, 0, 0) (wave 0, lane 3)" of a cell's record.
std::string describeRecord(const WorkGroup &wg, uint64_t record) {
  uint64_t g = (record >> 16) - 1;
  unsigned flat = unsigned(record & 0xFFFF);
  const Dim3 &grid = wg.launch->req->grid;
  const Dim3 &block = wg.launch->req->block;
  unsigned W = wg.launch->waveSize;
  uint32_t gx = uint32_t(g % grid.x), gy = uint32_t((g / grid.x) % grid.y),
           gz = uint32_t(g / (uint64_t(grid.x) * grid.y));
  return llvm::formatv("work-group {0}, work-item {1} (wave {2}, lane {3})",
                       formatDim3(gx, gy, gz),
                       formatDim3(flat % block.x, (flat / block.x) % block.y,
                                  flat / (block.x * block.y)),
                       flat / W, flat % W)
      .str();
}

bool globalRace(Lane &l, const GlobalCache &r, uintptr_t addr, bool isStore,
                uint32_t site, bool otherIsStore, uint64_t other,
                const std::string &otherWhere) {
  WorkGroup &wg = *l.wg;
  wg.fault(&l,
           llvm::formatv(
               "data race on global memory at {0} (offset {1} of the {2}-byte "
               "{3} at {4}): this {5} ({6}) and a {7} by {8}{9}; the "
               "work-groups of a launch are not ordered (use atomics, or "
               "give each work-group its own elements)",
               hex(addr), addr - r.base, r.end - r.base, r.what, hex(r.base),
               isStore ? "write" : "read", siteOf(wg, site).describe(),
               otherIsStore ? "write" : "read", describeRecord(wg, other),
               otherWhere)
               .str());
  return false;
}

bool checkGlobal(Lane &l, uintptr_t a, uint64_t size, uint32_t site,
                 bool isStore, bool isAtomic) {
  WorkGroup &wg = *l.wg;
  LaunchState &launch = *wg.launch;
  MemoryMap &map = MemoryMap::get();
  GlobalCache &r = globalCache;
  if (r.launch != &launch || r.generation != map.getGeneration() ||
      a < r.base || a + size > r.end) {
    std::optional<MemoryMap::Region> region = map.find(a);
    if (!region || a + size > region->base + region->bytes)
      return true; // the bounds checker decided it may be accessed
    r.launch = &launch;
    r.generation = map.getGeneration();
    r.base = region->base;
    r.end = region->base + region->bytes;
    r.initialized = region->initialized;
    r.what = region->what;
    r.cells = launch.globalShadow->get(r.base, region->bytes);
  }
  uint64_t off = a - r.base;
  if (r.initialized) {
    uint8_t *init = const_cast<uint8_t *>(r.initialized) + off;
    if (isStore || isAtomic) {
      for (uint64_t i = 0; i < size; ++i)
        if (!__atomic_load_n(init + i, __ATOMIC_RELAXED))
          __atomic_store_n(init + i, 1, __ATOMIC_RELAXED);
    } else {
      for (uint64_t i = 0; i < size; ++i)
        if (!__atomic_load_n(init + i, __ATOMIC_RELAXED)) {
          wg.fault(&l,
                   llvm::formatv(
                       "read of uninitialized memory at {0} (offset {1} "
                       "of the {2}-byte {3} at {4}; {5}): neither a "
                       "kernel nor the host has written it (the "
                       "emulator fills new allocations with 0x{6:x-} "
                       "bytes; hardware leaves whatever was there)",
                       hex(a + i), off + i, r.end - r.base, r.what, hex(r.base),
                       siteOf(wg, site).describe(), unsigned(kPoisonByte))
                       .str());
          return false;
        }
    }
  }
  if (isAtomic || !r.cells)
    return true;
  const uint64_t group = wg.flatId + 1;
  const uint64_t me = (group << 16) | l.flatId;
  GlobalCell *cells = r.cells + off;
  for (uint64_t i = 0; i < size; ++i) {
    GlobalCell &c = cells[i];
    uint64_t w = load(c.writer);
    if (w && (w >> 16) != group)
      return globalRace(l, r, a + i, isStore, site, true, w,
                        " (" + siteOf(wg, c.writeSite).describe() + ")");
    uint64_t rd = load(c.reader);
    if (isStore) {
      if (rd && (rd >> 16) != group)
        return globalRace(l, r, a + i, true, site, false, rd,
                          " (" + siteOf(wg, c.readSite).describe() + ")");
      uint64_t other = load(c.otherReader);
      if (other)
        return globalRace(l, r, a + i, true, site, false, other, "");
      if (w != me) {
        store(c.writer, me);
        __atomic_store_n(&c.writeSite, site, __ATOMIC_RELAXED);
      }
      continue;
    }
    if (!rd) {
      if (__atomic_compare_exchange_n(&c.reader, &rd, me, false,
                                      __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
        __atomic_store_n(&c.readSite, site, __ATOMIC_RELAXED);
        continue;
      }
    }
    if ((rd >> 16) != group && !load(c.otherReader))
      store(c.otherReader, me);
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Private memory
//===----------------------------------------------------------------------===//

/// A lane's private memory is its own: no races, only reads of bytes the
/// lane has not written since their alloca (Lane::privateShadow).
bool checkPrivate(Lane &l, uintptr_t a, uint64_t size, uint32_t site,
                  bool isStore) {
  if (!l.privateShadow)
    return true;
  uintptr_t low = reinterpret_cast<uintptr_t>(l.stackLow);
  uint64_t n = std::min<uint64_t>(
      size, reinterpret_cast<uintptr_t>(l.stackHigh) - a);
  uint8_t *shadow = l.privateShadow + (a - low);
  if (isStore) {
    std::memset(shadow, 1, n);
    return true;
  }
  for (uint64_t i = 0; i < n; ++i)
    if (!shadow[i]) {
      WorkGroup &wg = *l.wg;
      wg.fault(&l, llvm::formatv(
                       "read of uninitialized private memory at {0} ({1}): "
                       "this lane has not written it since its alloca (the "
                       "emulator fills private memory with 0x{2:x-} bytes; "
                       "hardware leaves whatever the lane's scratch held)",
                       hex(a + i), siteOf(wg, site).describe(),
                       unsigned(kPoisonByte))
                       .str());
      return false;
    }
  return true;
}

} // namespace

void runtime::markPrivateFresh(Lane &l, const void *ptr, uint64_t size) {
  auto a = reinterpret_cast<uintptr_t>(ptr);
  uintptr_t low = reinterpret_cast<uintptr_t>(l.stackLow);
  uintptr_t high = reinterpret_cast<uintptr_t>(l.stackHigh);
  if (!l.privateShadow || a < low || a >= high)
    return;
  std::memset(l.privateShadow + (a - low), 0,
              std::min<uint64_t>(size, high - a));
}

bool runtime::checkAccess(Lane &l, const void *ptr, uint64_t size,
                          uint32_t site, bool isStore, bool isAtomic) {
  WorkGroup &wg = *l.wg;
  auto a = reinterpret_cast<uintptr_t>(ptr);
  auto lds = reinterpret_cast<uintptr_t>(wg.lds);
  if (a >= lds && a < lds + wg.launch->ldsBytes)
    return checkLds(l, a - lds, size, site, isStore, isAtomic);
  if (a >= reinterpret_cast<uintptr_t>(l.stackLow) &&
      a < reinterpret_cast<uintptr_t>(l.stackHigh))
    return checkPrivate(l, a, size, site, isStore || isAtomic);
  return checkGlobal(l, a, size, site, isStore, isAtomic);
}

bool runtime::checkAccess(Lane &l, const void *ptr, uint64_t size,
                          uint32_t site) {
  const Site &s = siteOf(*l.wg, site);
  return checkAccess(l, ptr, size, site, s.isStore, s.isAtomic);
}
