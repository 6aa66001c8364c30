//===- Runtime.cpp - Work-groups as fibers, waves that meet ---------------===//
//
// A launch runs its work-groups on a pool of host threads. A work-group runs
// on one thread, as one fiber per lane (Boost.Context fcontext: a few
// nanoseconds per switch). Each lane runs the kernel's host entry until it
// needs the other lanes:
//
//   * at a wave-wide instruction (matrix instruction, cross-lane operation)
//     it records its operands and waits; the last lane of the wave to arrive
//     executes the instruction for all of them and runs on;
//   * at a barrier it waits until every live lane of the work-group is at a
//     barrier;
//   * at a loop back-edge it yields now and then, so that a lane spinning on
//     memory another lane writes lets that lane run.
//
// When no lane can run, the scheduler resolves divergence: lanes of a wave
// that wait at different wave-wide instructions form groups by instruction;
// a group runs with only its lanes active (what EXEC would be), earlier
// instructions (in control-flow order) first. A matrix instruction needs the
// whole wave: reaching one with part of a wave is a fault, as is a trap, an
// out-of-bounds access in checking mode, or a launch that runs past its time
// limit. A fault stops the launch and reports kernel, work-group, lane and
// source location. So does a hardware fault in kernel code (a segmentation
// fault, a stack overflow into a lane's guard page, an integer division
// trap, a trap instruction): a signal handler on an alternate stack jumps
// back to the work-group's scheduler.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"
#include "FloatFormats.h"
#include "Rewrite.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <boost/context/detail/fcontext.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include <csetjmp>
#include <csignal>

#include <sys/mman.h>
#include <unistd.h>

using namespace mlir::mcore::emu;
using boost::context::detail::fcontext_t;
using boost::context::detail::jump_fcontext;
using boost::context::detail::make_fcontext;
using boost::context::detail::transfer_t;
using llvm::Error;

//===----------------------------------------------------------------------===//
// Memory map
//===----------------------------------------------------------------------===//

MemoryMap &MemoryMap::get() {
  static MemoryMap *map = new MemoryMap();
  return *map;
}

void MemoryMap::add(const void *ptr, size_t bytes, std::string what) {
  std::unique_lock<std::shared_mutex> lock(mutex);
  uintptr_t base = reinterpret_cast<uintptr_t>(ptr);
  regions[base] = Region{base, bytes, std::move(what)};
  ++generation;
}

void MemoryMap::remove(const void *ptr) {
  std::unique_lock<std::shared_mutex> lock(mutex);
  regions.erase(reinterpret_cast<uintptr_t>(ptr));
  ++generation;
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

std::string mlir::mcore::emu::formatDim3(uint32_t x, uint32_t y, uint32_t z) {
  return llvm::formatv("({0}, {1}, {2})", x, y, z).str();
}

//===----------------------------------------------------------------------===//
// Fiber stacks
//===----------------------------------------------------------------------===//

namespace {

/// A lane's stack: `bytes` usable above a guard page.
struct Stack {
  uint8_t *mapping = nullptr;
  size_t mappingBytes = 0;
  uint8_t *low = nullptr; ///< lowest usable address
  size_t bytes = 0;
  uint8_t *top() const { return low + bytes; }
};

class StackPool {
public:
  ~StackPool() {
    for (Stack &s : stacks)
      munmap(s.mapping, s.mappingBytes);
  }
  /// At least `count` stacks of `bytes` each.
  bool reserve(size_t count, size_t bytes) {
    if (bytes != stackBytes) {
      for (Stack &s : stacks)
        munmap(s.mapping, s.mappingBytes);
      stacks.clear();
      stackBytes = bytes;
    }
    size_t page = 4096;
    while (stacks.size() < count) {
      Stack s;
      s.mappingBytes = bytes + page;
      void *m = mmap(nullptr, s.mappingBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (m == MAP_FAILED)
        return false;
      s.mapping = static_cast<uint8_t *>(m);
      mprotect(s.mapping, page, PROT_NONE); // overflow faults, not corrupts
      s.low = s.mapping + page;
      s.bytes = bytes;
      stacks.push_back(s);
    }
    return true;
  }
  Stack &operator[](size_t i) { return stacks[i]; }

private:
  std::vector<Stack> stacks;
  size_t stackBytes = 0;
};

//===----------------------------------------------------------------------===//
// Launch, work-group, wave, lane
//===----------------------------------------------------------------------===//

struct WorkGroup;
struct Wave;

struct Lane {
  enum State : uint8_t { Runnable, AtWaveOp, AtBarrier, Done };
  fcontext_t ctx = nullptr;
  WorkGroup *wg = nullptr;
  Wave *wave = nullptr;
  unsigned laneInWave = 0;
  unsigned flatId = 0;
  uint32_t tid[3] = {0, 0, 0};
  State state = Runnable;
  uint8_t *stackLow = nullptr, *stackHigh = nullptr;
  unsigned budget = 0;
  // The wave op the lane waits at.
  unsigned site = 0;
  const void *in0 = nullptr, *in1 = nullptr, *in2 = nullptr;
  void *out = nullptr;
  uint32_t a0 = 0, a1 = 0;
};

struct Wave {
  unsigned index = 0;
  unsigned first = 0; ///< first lane (flat id)
  unsigned count = 0; ///< lanes that exist
  unsigned live = 0;  ///< lanes not done
  unsigned waiting = 0;
  unsigned site = 0;     ///< site of the waiting lanes, if all the same
  bool sameSite = true;
};

struct LaunchState {
  const LaunchRequest *req = nullptr;
  const KernelInfo *kernel = nullptr;
  const Image *image = nullptr;
  const Target *target = nullptr;
  void (*entry)(void **) = nullptr;
  void **params = nullptr;
  std::vector<uint64_t> kernargStorage; ///< 8-byte aligned
  uint8_t *kernarg = nullptr;
  uint8_t *implicitArgs = nullptr;
  alignas(64) uint8_t packet[64] = {};
  uint64_t dispatchId = 0;
  unsigned workDim = 1;
  unsigned waveSize = 32;
  unsigned ldsBytes = 0;
  uint64_t groups = 0;
  std::atomic<uint64_t> nextGroup{0};
  std::atomic<bool> failed{false};
  std::mutex errorMutex;
  std::string error;
  std::chrono::steady_clock::time_point deadline;
  size_t stackBytes = 0;
  bool boundsCheck = false;

  void fail(std::string message) {
    std::lock_guard<std::mutex> lock(errorMutex);
    if (error.empty())
      error = std::move(message);
    failed = true;
  }
};

struct WorkGroup {
  LaunchState *launch = nullptr;
  uint32_t id[3] = {0, 0, 0};
  uint8_t *lds = nullptr;
  std::vector<Lane> lanes;
  std::vector<Wave> waves;
  unsigned live = 0;
  unsigned atBarrier = 0;
  fcontext_t schedCtx = nullptr;
  bool faulted = false;
  /// Set while a lane runs: a hardware fault then belongs to `tlsLane`, and
  /// the signal handler jumps to `faultJump` (in run()).
  volatile sig_atomic_t inLane = 0;
  sigjmp_buf *faultJump = nullptr;
  /// The signal the handler caught.
  int signal = 0, signalCode = 0;
  uintptr_t signalAddress = 0;
  /// Counts barriers released, wave ops executed and lanes finished: the
  /// scheduler reports a deadlock when it stops moving while lanes wait at
  /// a barrier.
  uint64_t progress = 0;

  void run();
  bool resolveWaveOps();
  /// Executes the wave op `site` for the lanes of `w` waiting at it. Returns
  /// false after a fault.
  bool executeGroup(Wave &w, unsigned site, Lane *current);
  /// "kernel 'k', work-group (..), work-item (..) (wave w, lane l)".
  std::string describeLane(const Lane &l) const;
  /// Where the lanes are: "32 lanes wait at a barrier (wave 0), ...".
  std::string describeStates() const;
  /// Records a fault; the launch stops.
  void fault(const Lane *l, const std::string &message);
  /// Describes the signal the handler caught in lane `l`.
  std::string describeSignal(const Lane &l) const;
};

constexpr unsigned kBackedgeBudget = 256;

thread_local WorkGroup *tlsWG = nullptr;
thread_local Lane *tlsLane = nullptr;

std::string WorkGroup::describeLane(const Lane &l) const {
  return llvm::formatv("work-group {0}, work-item {1} (wave {2}, lane {3})",
                       formatDim3(id[0], id[1], id[2]),
                       formatDim3(l.tid[0], l.tid[1], l.tid[2]),
                       l.wave->index, l.laneInWave)
      .str();
}

std::string WorkGroup::describeStates() const {
  const char *what[4][2] = {{"is running", "are running"},
                            {"waits at a wave-wide instruction",
                             "wait at a wave-wide instruction"},
                            {"waits at a barrier", "wait at a barrier"},
                            {"has returned", "have returned"}};
  std::string s;
  for (unsigned st = 0; st < 4; ++st) {
    unsigned count = 0;
    std::string waveList;
    for (const Wave &w : waves) {
      bool any = false;
      for (unsigned i = 0; i < w.count; ++i)
        if (lanes[w.first + i].state == st) {
          ++count;
          any = true;
        }
      if (any)
        waveList += (waveList.empty() ? "" : ", ") + std::to_string(w.index);
    }
    if (!count)
      continue;
    if (!s.empty())
      s += "; ";
    s += llvm::formatv("{0} lane{1} {2} (wave{3} {4})", count,
                       count == 1 ? "" : "s", what[st][count == 1 ? 0 : 1],
                       waveList.find(',') == std::string::npos ? "" : "s",
                       waveList)
             .str();
  }
  return "in work-group " + formatDim3(id[0], id[1], id[2]) + ", " + s;
}

void WorkGroup::fault(const Lane *l, const std::string &message) {
  std::string s = "kernel '" + launch->kernel->name + "': ";
  if (l)
    s += describeLane(*l) + ": ";
  else
    s += "work-group " + formatDim3(id[0], id[1], id[2]) + ": ";
  s += message;
  launch->fail(std::move(s));
  faulted = true;
}

/// Switches from the current lane back to the scheduler. Returns when the
/// scheduler resumes the lane.
void suspend(Lane &l) {
  WorkGroup &wg = *l.wg;
  transfer_t t = jump_fcontext(wg.schedCtx, nullptr);
  wg.schedCtx = t.fctx;
}

/// Ends the current lane after a fault: the scheduler never resumes it.
[[noreturn]] void abandon(Lane &l) {
  for (;;)
    suspend(l);
}

[[noreturn]] void laneFault(Lane &l, const std::string &message) {
  l.wg->fault(&l, message);
  abandon(l);
}

void laneMain(transfer_t t) {
  Lane &l = *static_cast<Lane *>(t.data);
  WorkGroup &wg = *l.wg;
  wg.schedCtx = t.fctx;
  wg.launch->entry(wg.launch->params);
  l.state = Lane::Done;
  --l.wave->live;
  --wg.live;
  ++wg.progress;
  abandon(l);
}

void WorkGroup::run() {
  for (Lane &l : lanes)
    l.ctx = make_fcontext(l.stackHigh, size_t(l.stackHigh - l.stackLow),
                          laneMain);
  tlsWG = this;
  // The signal handler comes back here after a hardware fault in a lane; the
  // lanes' fibers are abandoned like after any other fault.
  sigjmp_buf jump;
  if (launch->req->options->catchFaults) {
    faultJump = &jump;
    if (sigsetjmp(jump, 0)) {
      inLane = 0;
      faultJump = nullptr;
      fault(tlsLane, describeSignal(*tlsLane));
      return;
    }
  }
  uint64_t seenProgress = progress;
  auto progressTime = std::chrono::steady_clock::now();
  for (;;) {
    bool ran = false;
    for (Lane &l : lanes) {
      if (l.state != Lane::Runnable)
        continue;
      ran = true;
      tlsLane = &l;
      inLane = 1;
      transfer_t t = jump_fcontext(l.ctx, &l);
      inLane = 0;
      l.ctx = t.fctx;
      if (faulted || launch->failed)
        return;
    }
    auto now = std::chrono::steady_clock::now();
    if (progress != seenProgress) {
      seenProgress = progress;
      progressTime = now;
    } else if (atBarrier > 0 &&
               now - progressTime >
                   std::chrono::duration<double>(
                       launch->req->options->stallSeconds)) {
      fault(nullptr,
            llvm::formatv("barrier deadlock: for {0} s no lane reached a "
                          "barrier, a wave-wide instruction or the end of "
                          "the kernel while lanes wait at a barrier "
                          "(MCORE_EMU_STALL_TIMEOUT sets the limit); {1}",
                          launch->req->options->stallSeconds, describeStates())
                .str());
      return;
    }
    if (now > launch->deadline) {
      fault(nullptr,
            llvm::formatv("the launch did not finish within {0} s (a barrier "
                          "deadlock, an endless loop, or a very long kernel; "
                          "MCORE_EMU_TIMEOUT sets the limit); {1}",
                          launch->req->options->timeoutSeconds,
                          describeStates())
                .str());
      return;
    }
    if (ran)
      continue;
    if (live == 0)
      return;
    if (resolveWaveOps()) {
      if (faulted)
        return;
      continue;
    }
    if (atBarrier == live) {
      for (Lane &l : lanes)
        if (l.state == Lane::AtBarrier)
          l.state = Lane::Runnable;
      atBarrier = 0;
      ++progress;
      continue;
    }
    fault(nullptr, "internal error: no lane can run");
    return;
  }
}

bool WorkGroup::resolveWaveOps() {
  for (Wave &w : waves) {
    if (w.waiting == 0)
      continue;
    // The sites the lanes wait at.
    llvm::SmallVector<unsigned, 4> sites;
    for (unsigned i = 0; i < w.count; ++i) {
      const Lane &l = lanes[w.first + i];
      if (l.state == Lane::AtWaveOp && !llvm::is_contained(sites, l.site))
        sites.push_back(l.site);
    }
    // Run first a group no other group precedes in control flow: the lanes
    // at a later instruction wait until the others catch up, as on hardware
    // where they reconverge.
    const auto &reach = launch->image->reaches;
    auto precedes = [&](unsigned a, unsigned b) {
      bool ab = a < reach.size() && !reach[a].empty() && reach[a][b];
      bool ba = b < reach.size() && !reach[b].empty() && reach[b][a];
      return ab && !ba;
    };
    unsigned chosen = *std::min_element(sites.begin(), sites.end());
    for (unsigned s : sites)
      if (llvm::none_of(sites, [&](unsigned o) { return o != s && precedes(o, s); })) {
        chosen = s;
        break;
      }
    executeGroup(w, chosen, nullptr);
    return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Cross-lane operations
//===----------------------------------------------------------------------===//

/// The source lane of a DPP control, or -1 for an invalid source.
int dppSource(uint32_t ctrl, int i, int wave) {
  int row = i & ~15;
  if (ctrl <= 0xFF) // quad_perm
    return (i & ~3) | int((ctrl >> (2 * (i & 3))) & 3);
  if (ctrl >= 0x101 && ctrl <= 0x10F) { // row_shl
    int s = i + int(ctrl & 15);
    return (s & ~15) == row ? s : -1;
  }
  if (ctrl >= 0x111 && ctrl <= 0x11F) { // row_shr
    int s = i - int(ctrl & 15);
    return s >= row ? s : -1;
  }
  if (ctrl >= 0x121 && ctrl <= 0x12F) // row_ror
    return row | ((i - int(ctrl & 15)) & 15);
  switch (ctrl) {
  case 0x130: // wave_shl1
    return i + 1 < wave ? i + 1 : -1;
  case 0x134: // wave_rol1
    return (i + 1) % wave;
  case 0x138: // wave_shr1
    return i - 1;
  case 0x13C: // wave_ror1
    return (i + wave - 1) % wave;
  case 0x140: // row_mirror
    return row | (15 - (i & 15));
  case 0x141: // row_half_mirror
    return (i & ~7) | (7 - (i & 7));
  case 0x142: // row_bcast15
    return i >= 16 ? row - 1 : -1;
  case 0x143: // row_bcast31
    return i >= 32 ? ((i & ~31) - 1) : -1;
  default:
    break;
  }
  if (ctrl >= 0x150 && ctrl <= 0x15F) // row_share
    return row | int(ctrl & 15);
  if (ctrl >= 0x160 && ctrl <= 0x16F) // row_xmask
    return row | ((i & 15) ^ int(ctrl & 15));
  return -2; // unknown control
}

bool WorkGroup::executeGroup(Wave &w, unsigned site, Lane *current) {
  const Site &s = launch->image->sites[site];
  const unsigned W = launch->waveSize;
  // The active lanes, by lane number.
  Lane *active[64] = {};
  unsigned n = 0;
  for (unsigned i = 0; i < w.count; ++i) {
    Lane &l = lanes[w.first + i];
    if (l.state == Lane::AtWaveOp && l.site == site) {
      active[l.laneInWave] = &l;
      ++n;
    }
  }
  auto fail = [&](const std::string &msg) {
    Lane *first = nullptr;
    for (Lane *l : active)
      if (l) {
        first = l;
        break;
      }
    fault(first, msg + " (" + s.describe() + ")");
    return false;
  };
  Lane *lead = nullptr;
  for (unsigned i = 0; i < W && !lead; ++i)
    lead = active[i];
  const unsigned vb = s.valueBytes;

  switch (s.kind) {
  case SiteKind::Mma: {
    if (w.count < W)
      return fail(llvm::formatv("a matrix instruction needs all {0} lanes of "
                                "the wave, but wave {1} of this work-group "
                                "has only {2} work-items",
                                W, w.index, w.count)
                      .str());
    if (n != W) {
      std::string missing;
      unsigned shown = 0;
      for (unsigned i = 0; i < W; ++i)
        if (!active[i] && shown++ < 8)
          missing += (missing.empty() ? "" : ", ") + std::to_string(i);
      return fail(llvm::formatv("matrix instruction reached by only {0} of the "
                                "{1} lanes of wave {2} (lanes {3}{4} are not "
                                "there: divergent control flow or lanes that "
                                "returned early)",
                                n, W, w.index, missing, W - n > 8 ? ", ..." : "")
                      .str());
    }
    const uint8_t *pa[64], *pb[64], *pc[64];
    uint8_t *pd[64];
    uint32_t idx[64];
    for (unsigned i = 0; i < W; ++i) {
      pa[i] = static_cast<const uint8_t *>(active[i]->in0);
      pb[i] = static_cast<const uint8_t *>(active[i]->in1);
      pc[i] = static_cast<const uint8_t *>(active[i]->in2);
      pd[i] = static_cast<uint8_t *>(active[i]->out);
      idx[i] = active[i]->a0;
    }
    if (Error e = s.op->executeLanes(s.imm, pa, pb, pc, idx, pd))
      return fail(llvm::toString(std::move(e)));
    break;
  }
  case SiteKind::WaveBarrier:
    break;
  case SiteKind::ReadFirstLane:
    for (Lane *l : active)
      if (l)
        std::memmove(l->out, lead->in0, vb);
    break;
  case SiteKind::ReadLane: {
    unsigned src = lead->a0 & (W - 1);
    if (!active[src])
      return fail(llvm::formatv("readlane reads lane {0}, which is not active "
                                "here (the emulator only knows the values of "
                                "the lanes at this instruction)",
                                src)
                      .str());
    std::vector<uint8_t> v(static_cast<const uint8_t *>(active[src]->in0),
                           static_cast<const uint8_t *>(active[src]->in0) + vb);
    for (Lane *l : active)
      if (l)
        std::memcpy(l->out, v.data(), vb);
    break;
  }
  case SiteKind::WriteLane: {
    unsigned dst = lead->a0 & (W - 1);
    std::vector<uint8_t> v(static_cast<const uint8_t *>(lead->in0),
                           static_cast<const uint8_t *>(lead->in0) + vb);
    for (Lane *l : active)
      if (l)
        std::memmove(l->out, l->laneInWave == dst ? v.data() : l->in1, vb);
    break;
  }
  case SiteKind::Ballot: {
    uint64_t mask = 0;
    for (unsigned i = 0; i < W; ++i)
      if (active[i] && active[i]->a0)
        mask |= uint64_t(1) << i;
    for (Lane *l : active)
      if (l)
        std::memcpy(l->out, &mask, std::min<unsigned>(vb, 8));
    break;
  }
  case SiteKind::Bpermute:
  case SiteKind::Permute:
  case SiteKind::Swizzle:
  case SiteKind::Dpp:
  case SiteKind::Dpp8:
  case SiteKind::Permlane16:
  case SiteKind::PermlaneX16:
  case SiteKind::Permlane64: {
    // Every result computed before any is written: outputs may alias inputs
    // of other lanes only through the lanes' own stacks, never, but keep the
    // two phases apart anyway.
    std::vector<uint8_t> results(size_t(W) * vb, 0);
    std::vector<bool> written(W, false);
    auto src = [&](unsigned lane) -> const uint8_t * {
      return static_cast<const uint8_t *>(active[lane]->in0);
    };
    for (unsigned i = 0; i < W; ++i) {
      Lane *l = active[i];
      if (!l)
        continue;
      uint8_t *r = &results[size_t(i) * vb];
      auto fromLane = [&](int from) {
        if (from >= 0 && unsigned(from) < W && active[from]) {
          std::memcpy(r, src(unsigned(from)), vb);
          return true;
        }
        return false;
      };
      switch (s.kind) {
      case SiteKind::Bpermute:
        fromLane(int((l->a0 >> 2) & (W - 1)));
        break;
      case SiteKind::Permute: {
        unsigned dst = (l->a0 >> 2) & (W - 1);
        if (active[dst]) {
          std::memcpy(&results[size_t(dst) * vb], l->in0, vb);
          written[dst] = true;
        }
        break;
      }
      case SiteKind::Swizzle: {
        uint32_t p = s.imm0;
        int from;
        if (p & 0x8000) // quad permute
          from = int((i & ~3u) | ((p >> (2 * (i & 3))) & 3));
        else { // bit masks within groups of 32
          uint32_t andM = p & 0x1F, orM = (p >> 5) & 0x1F, xorM = (p >> 10) & 0x1F;
          from = int(((((i & 0x1F) & andM) | orM) ^ xorM) | (i & 0x20));
        }
        fromLane(from);
        break;
      }
      case SiteKind::Dpp: {
        uint32_t rowMask = s.imm1, bankMask = s.imm2;
        bool boundCtrl = s.imm3;
        const void *old = l->in1;
        bool enabled = ((rowMask >> (i / 16)) & 1) && ((bankMask >> ((i % 16) / 4)) & 1);
        int from = dppSource(s.imm0, int(i), int(W));
        if (from == -2)
          return fail(llvm::formatv("DPP control {0:x} is not emulated", s.imm0).str());
        if (!enabled || !fromLane(from)) {
          if (enabled && boundCtrl)
            std::memset(r, 0, vb);
          else if (old)
            std::memcpy(r, old, vb);
          else
            std::memset(r, 0, vb);
        }
        break;
      }
      case SiteKind::Dpp8: {
        int from = int((i & ~7u) | ((s.imm0 >> (3 * (i & 7))) & 7));
        fromLane(from);
        break;
      }
      case SiteKind::Permlane16:
      case SiteKind::PermlaneX16: {
        uint64_t sel = (uint64_t(lead->a1) << 32) | lead->a0;
        unsigned nib = unsigned((sel >> (4 * (i & 15))) & 15);
        unsigned row = i & ~15u;
        if (s.kind == SiteKind::PermlaneX16)
          row ^= 16;
        if (!fromLane(int(row | nib))) {
          if (s.imm1) // bound_ctrl
            std::memset(r, 0, vb);
          else
            std::memcpy(r, l->in1, vb);
        }
        break;
      }
      case SiteKind::Permlane64:
        fromLane(int(i ^ 32));
        break;
      default:
        break;
      }
    }
    for (unsigned i = 0; i < W; ++i)
      if (active[i])
        std::memcpy(active[i]->out, &results[size_t(i) * vb], vb);
    break;
  }
  case SiteKind::WaveReduce: {
    auto value = [&](Lane *l) {
      uint64_t v = 0;
      std::memcpy(&v, l->in0, std::min<unsigned>(vb, 8));
      return v;
    };
    unsigned bits = vb * 8;
    auto sext = [&](uint64_t v) {
      return bits >= 64 ? int64_t(v) : int64_t(v << (64 - bits)) >> (64 - bits);
    };
    auto op = WaveReduceOp(s.imm0);
    uint64_t acc = 0;
    bool first = true;
    for (Lane *l : active) {
      if (!l)
        continue;
      uint64_t v = value(l);
      if (first) {
        acc = op == WaveReduceOp::Sub ? uint64_t(0) - v : v;
        first = false;
        continue;
      }
      switch (op) {
      case WaveReduceOp::UMin:
        acc = std::min(acc, v);
        break;
      case WaveReduceOp::UMax:
        acc = std::max(acc, v);
        break;
      case WaveReduceOp::Min:
        acc = sext(acc) < sext(v) ? acc : v;
        break;
      case WaveReduceOp::Max:
        acc = sext(acc) > sext(v) ? acc : v;
        break;
      case WaveReduceOp::Add:
        acc += v;
        break;
      case WaveReduceOp::Sub:
        acc -= v;
        break;
      case WaveReduceOp::And:
        acc &= v;
        break;
      case WaveReduceOp::Or:
        acc |= v;
        break;
      case WaveReduceOp::Xor:
        acc ^= v;
        break;
      }
    }
    for (Lane *l : active)
      if (l)
        std::memcpy(l->out, &acc, std::min<unsigned>(vb, 8));
    break;
  }
  default:
    return fail("internal error: not a wave-wide operation");
  }
  (void)current;
  ++progress;
  // The group runs on.
  for (Lane *l : active)
    if (l)
      l->state = Lane::Runnable;
  w.waiting -= n;
  w.sameSite = true;
  bool firstWaiting = true;
  for (unsigned i = 0; i < w.count; ++i) {
    const Lane &l = lanes[w.first + i];
    if (l.state != Lane::AtWaveOp)
      continue;
    if (firstWaiting) {
      w.site = l.site;
      firstWaiting = false;
    } else if (l.site != w.site) {
      w.sameSite = false;
    }
  }
  return true;
}

/// The current lane arrives at wave op `site`; executes it when it is the
/// last lane of its wave to arrive, else waits.
void arrive(unsigned site) {
  Lane &l = *tlsLane;
  Wave &w = *l.wave;
  l.state = Lane::AtWaveOp;
  l.site = site;
  if (w.waiting++ == 0) {
    w.site = site;
    w.sameSite = true;
  } else if (w.site != site) {
    w.sameSite = false;
  }
  if (w.waiting == w.live && w.sameSite) {
    if (!l.wg->executeGroup(w, site, &l))
      abandon(l);
    return; // this lane is Runnable again and continues
  }
  suspend(l);
}

//===----------------------------------------------------------------------===//
// Hardware faults in kernel code
//===----------------------------------------------------------------------===//

constexpr int kFaultSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
struct sigaction previousActions[NSIG];

/// Passes a signal the emulator does not own to the handler installed before
/// the emulator's, or to the default action.
void forwardSignal(int sig, siginfo_t *info, void *context) {
  const struct sigaction &old = previousActions[sig];
  if (old.sa_flags & SA_SIGINFO) {
    if (old.sa_sigaction) {
      old.sa_sigaction(sig, info, context);
      return;
    }
  } else if (old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN) {
    old.sa_handler(sig);
    return;
  }
  // Default action: restore it; the faulting instruction runs again (or the
  // re-raised signal arrives) and the process ends as it would have.
  signal(sig, SIG_DFL);
  raise(sig);
}

void onFaultSignal(int sig, siginfo_t *info, void *context) {
  WorkGroup *wg = tlsWG;
  if (!wg || !wg->inLane || !wg->faultJump) {
    forwardSignal(sig, info, context);
    return;
  }
  wg->inLane = 0;
  wg->signal = sig;
  wg->signalCode = info->si_code;
  wg->signalAddress = reinterpret_cast<uintptr_t>(info->si_addr);
  siglongjmp(*wg->faultJump, 1);
}

void installFaultHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int sig : kFaultSignals) {
      struct sigaction action;
      std::memset(&action, 0, sizeof(action));
      action.sa_sigaction = onFaultSignal;
      // SA_NODEFER: the handler leaves by siglongjmp, so the signal must
      // not stay blocked.
      action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
      sigemptyset(&action.sa_mask);
      sigaction(sig, &action, &previousActions[sig]);
    }
  });
}

/// An alternate signal stack for the current thread while it runs lanes
/// (the handler must run when a lane has used up its own stack). A thread
/// that already has one keeps it.
struct AltSignalStack {
  void *mapping = nullptr;
  size_t bytes = 0;
  AltSignalStack() {
    stack_t current;
    if (sigaltstack(nullptr, &current) != 0 ||
        !(current.ss_flags & SS_DISABLE))
      return;
    long minimum = sysconf(_SC_SIGSTKSZ);
    bytes = std::max<size_t>(64 * 1024, minimum > 0 ? size_t(minimum) : 0);
    void *m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
      return;
    stack_t alt;
    alt.ss_sp = m;
    alt.ss_size = bytes;
    alt.ss_flags = 0;
    if (sigaltstack(&alt, nullptr) != 0) {
      munmap(m, bytes);
      return;
    }
    mapping = m;
  }
  ~AltSignalStack() {
    if (!mapping)
      return;
    stack_t off;
    std::memset(&off, 0, sizeof(off));
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
    munmap(mapping, bytes);
  }
};

std::string WorkGroup::describeSignal(const Lane &l) const {
  std::string address = llvm::formatv("{0:x}", signalAddress).str();
  switch (signal) {
  case SIGSEGV:
  case SIGBUS: {
    uintptr_t guardLow =
        reinterpret_cast<uintptr_t>(l.stackLow) - uintptr_t(4096);
    if (signalAddress >= guardLow &&
        signalAddress < reinterpret_cast<uintptr_t>(l.stackLow))
      return llvm::formatv("stack overflow: the lane needs more than its "
                           "{0} KiB of stack (deep recursion or large "
                           "private arrays; MCORE_EMU_STACK_KB sets the size)",
                           (l.stackHigh - l.stackLow) / 1024)
          .str();
    return llvm::formatv(
               "invalid memory access at {0} ({1}): the kernel used an "
               "address that is not mapped on the host (a wild or null "
               "pointer, or memory the kernel was not given; run with "
               "MCORE_EMU_CHECK=1 to find the instruction)",
               address, signal == SIGSEGV ? "SIGSEGV" : "SIGBUS")
        .str();
  }
  case SIGFPE:
    if (signalCode == FPE_INTDIV)
      return "integer division by zero (undefined in LLVM IR; the GPU "
             "would compute some value, the emulator stops)";
    if (signalCode == FPE_INTOVF)
      return "integer division overflow (the most negative value divided "
             "by -1; undefined in LLVM IR)";
    return "arithmetic exception (SIGFPE) in kernel code";
  case SIGILL:
    return "the kernel reached an 'unreachable' instruction (undefined "
           "behaviour: a path the compiler assumed impossible) or an illegal "
           "instruction, at " + address;
  default:
    return "signal " + std::to_string(signal) + " in kernel code";
  }
}

//===----------------------------------------------------------------------===//
// Worker threads
//===----------------------------------------------------------------------===//

/// Host threads that run work-groups, created on first use and kept.
class WorkerPool {
public:
  static WorkerPool &get() {
    static WorkerPool *pool = new WorkerPool();
    return *pool;
  }
  /// Runs `job` on `helpers` pool threads and on the calling thread, and
  /// returns when all of them are done.
  void run(unsigned helpers, const std::function<void()> &job) {
    {
      std::unique_lock<std::mutex> lock(mutex);
      while (threads.size() < helpers) {
        threads.emplace_back([this] { loop(); });
        threads.back().detach();
      }
      current = &job;
      remaining = helpers;
      tickets = helpers;
      ++generation;
    }
    start.notify_all();
    job();
    std::unique_lock<std::mutex> lock(mutex);
    done.wait(lock, [&] { return remaining == 0; });
    current = nullptr;
  }

private:
  void loop() {
    uint64_t seen = 0;
    for (;;) {
      std::unique_lock<std::mutex> lock(mutex);
      start.wait(lock, [&] { return generation != seen && tickets > 0; });
      seen = generation;
      --tickets;
      const std::function<void()> *job = current;
      lock.unlock();
      (*job)();
      lock.lock();
      if (--remaining == 0)
        done.notify_all();
    }
  }
  std::mutex mutex;
  std::condition_variable start, done;
  std::vector<std::thread> threads;
  const std::function<void()> *current = nullptr;
  unsigned remaining = 0;
  unsigned tickets = 0;
  uint64_t generation = 0;
};

/// What one host thread keeps between work-groups.
struct ThreadState {
  StackPool stacks;
  std::vector<uint8_t> lds;
  WorkGroup wg;
};

void runGroups(LaunchState &launch) {
  thread_local ThreadState state;
  thread_local AltSignalStack altStack;
  (void)altStack;
  const LaunchRequest &req = *launch.req;
  unsigned bx = req.block.x, by = req.block.y, bz = req.block.z;
  unsigned lanesPerGroup = bx * by * bz;
  unsigned W = launch.waveSize;
  unsigned numWaves = (lanesPerGroup + W - 1) / W;
  if (!state.stacks.reserve(lanesPerGroup, launch.stackBytes)) {
    launch.fail("cannot map fiber stacks for " +
                std::to_string(lanesPerGroup) + " lanes");
    return;
  }
  state.lds.assign(std::max<size_t>(launch.ldsBytes, 16), 0);
  WorkGroup &wg = state.wg;
  wg.launch = &launch;
  wg.lanes.assign(lanesPerGroup, Lane());
  wg.waves.assign(numWaves, Wave());
  for (;;) {
    if (launch.failed)
      return;
    uint64_t g = launch.nextGroup++;
    if (g >= launch.groups)
      return;
    uint64_t gx = req.grid.x, gy = req.grid.y;
    wg.id[0] = uint32_t(g % gx);
    wg.id[1] = uint32_t((g / gx) % gy);
    wg.id[2] = uint32_t(g / (gx * gy));
    wg.lds = state.lds.data();
    std::memset(wg.lds, 0, launch.ldsBytes);
    wg.live = lanesPerGroup;
    wg.atBarrier = 0;
    wg.faulted = false;
    for (unsigned wi = 0; wi < numWaves; ++wi) {
      Wave &w = wg.waves[wi];
      w = Wave();
      w.index = wi;
      w.first = wi * W;
      w.count = std::min(W, lanesPerGroup - wi * W);
      w.live = w.count;
    }
    for (unsigned f = 0; f < lanesPerGroup; ++f) {
      Lane &l = wg.lanes[f];
      l = Lane();
      l.wg = &wg;
      l.wave = &wg.waves[f / W];
      l.laneInWave = f % W;
      l.flatId = f;
      l.tid[0] = f % bx;
      l.tid[1] = (f / bx) % by;
      l.tid[2] = f / (bx * by);
      l.stackLow = state.stacks[f].low;
      l.stackHigh = state.stacks[f].top();
      l.budget = kBackedgeBudget;
    }
    wg.run();
    wg.faultJump = nullptr;
    tlsLane = nullptr;
    tlsWG = nullptr;
    if (wg.faulted)
      return;
  }
}

//===----------------------------------------------------------------------===//
// Bounds checking
//===----------------------------------------------------------------------===//

struct CheckCache {
  uintptr_t base = 0, end = 0;
  uint64_t generation = ~uint64_t(0);
};
thread_local CheckCache checkCache;

std::string hex(uintptr_t v) { return llvm::formatv("{0:x}", v).str(); }

[[noreturn]] void boundsFault(Lane &l, uintptr_t addr, uint64_t size,
                              const Site &s, const std::string &why) {
  laneFault(l, llvm::formatv("out-of-bounds {0} of {1} bytes at {2}: {3} ({4})",
                             s.isStore ? "store" : "load", size, hex(addr), why,
                             s.describe())
                   .str());
}

} // namespace

//===----------------------------------------------------------------------===//
// The functions the host module calls
//===----------------------------------------------------------------------===//

extern "C" {

static uint32_t emuWorkitemId(uint32_t dim) {
  return dim < 3 ? tlsLane->tid[dim] : 0;
}
static uint32_t emuWorkgroupId(uint32_t dim) {
  return dim < 3 ? tlsWG->id[dim] : 0;
}
static uint32_t emuLocalSize(uint32_t dim) {
  const Dim3 &b = tlsWG->launch->req->block;
  return dim == 0 ? b.x : dim == 1 ? b.y : dim == 2 ? b.z : 1;
}
static uint32_t emuNumGroups(uint32_t dim) {
  const Dim3 &g = tlsWG->launch->req->grid;
  return dim == 0 ? g.x : dim == 1 ? g.y : dim == 2 ? g.z : 1;
}
static uint32_t emuWorkDim() { return tlsWG->launch->workDim; }
static void *emuImplicitArgPtr() { return tlsWG->launch->implicitArgs; }
static void *emuDispatchPtr() { return tlsWG->launch->packet; }
static void *emuKernargPtr() { return tlsWG->launch->kernarg; }
static uint64_t emuDispatchId() { return tlsWG->launch->dispatchId; }
static void *emuLdsBase() { return tlsWG->lds; }
static void *emuLdsGlobal(uint32_t index) {
  WorkGroup &wg = *tlsWG;
  const KernelInfo &k = *wg.launch->kernel;
  if (index >= k.ldsOffsets.size() || k.ldsOffsets[index] < 0)
    laneFault(*tlsLane, "internal error: LDS variable '" +
                            wg.launch->image->ldsGlobals[index] +
                            "' has no place in this kernel's LDS");
  return wg.lds + k.ldsOffsets[index];
}
static void *emuPrivateBase() { return tlsLane->stackLow; }
static uint32_t emuLaneId() { return tlsLane->laneInWave; }
static uint32_t emuMbcnt(uint32_t mask, uint32_t acc, uint32_t hi) {
  unsigned lane = tlsLane->laneInWave;
  unsigned below = hi ? (lane > 32 ? lane - 32 : 0) : std::min(lane, 32u);
  uint32_t m = below >= 32 ? mask : mask & ((1u << below) - 1);
  return uint32_t(__builtin_popcount(m)) + acc;
}
static uint32_t emuIsShared(const void *p) {
  auto a = reinterpret_cast<const uint8_t *>(p);
  WorkGroup &wg = *tlsWG;
  return a >= wg.lds && a < wg.lds + wg.launch->ldsBytes;
}
static uint32_t emuIsPrivate(const void *p) {
  auto a = reinterpret_cast<const uint8_t *>(p);
  return a >= tlsLane->stackLow && a < tlsLane->stackHigh;
}

static void emuBarrier(uint32_t site) {
  Lane &l = *tlsLane;
  WorkGroup &wg = *l.wg;
  l.state = Lane::AtBarrier;
  l.site = site;
  if (++wg.atBarrier == wg.live) {
    // The last lane to arrive: everybody may go.
    for (Lane &o : wg.lanes)
      if (o.state == Lane::AtBarrier)
        o.state = Lane::Runnable;
    wg.atBarrier = 0;
    ++wg.progress;
    return;
  }
  suspend(l);
}

static void emuBackedge() {
  Lane &l = *tlsLane;
  if (--l.budget)
    return;
  l.budget = kBackedgeBudget;
  suspend(l);
}

static void emuMma(uint32_t site, const void *a, const void *b, const void *c,
                   uint32_t idx, void *d) {
  Lane &l = *tlsLane;
  l.in0 = a;
  l.in1 = b;
  l.in2 = c;
  l.out = d;
  l.a0 = idx;
  arrive(site);
}

static void emuXlane(uint32_t site, const void *in0, const void *in1,
                     void *out, uint32_t a0, uint32_t a1) {
  Lane &l = *tlsLane;
  l.in0 = in0;
  l.in1 = in1;
  l.out = out;
  l.a0 = a0;
  l.a1 = a1;
  arrive(site);
}

static void emuTrap(uint32_t site) {
  Lane &l = *tlsLane;
  const Site &s = l.wg->launch->image->sites[site];
  if (s.kind == SiteKind::Unreachable)
    laneFault(l, "the lane reached an 'unreachable' instruction (undefined "
                 "behaviour: a path the compiler assumed impossible) in "
                 "function '" +
                     s.function + "'" +
                     (s.location.empty() ? "" : " at " + s.location));
  laneFault(l, "the kernel executed a trap (an assert or abort in device "
               "code) at " +
                   s.describe());
}

static void emuCheck(const void *ptr, uint64_t size, uint32_t site) {
  if (size == 0)
    return;
  Lane &l = *tlsLane;
  WorkGroup &wg = *l.wg;
  uintptr_t a = reinterpret_cast<uintptr_t>(ptr);
  const Site &s = wg.launch->image->sites[site];
  uintptr_t lds = reinterpret_cast<uintptr_t>(wg.lds);
  uint64_t ldsBytes = wg.launch->ldsBytes;
  bool inLds = a >= lds && a < lds + std::max<uint64_t>(ldsBytes, 1);
  if (inLds || s.addrSpace == 3) {
    int64_t offset = int64_t(a - lds);
    if (inLds && a + size <= lds + ldsBytes)
      return;
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
    boundsFault(l, a, size, s, why);
  }
  uintptr_t stackLow = reinterpret_cast<uintptr_t>(l.stackLow);
  uintptr_t stackHigh = reinterpret_cast<uintptr_t>(l.stackHigh);
  if (a >= stackLow && a < stackHigh)
    return; // the lane's private memory
  MemoryMap &map = MemoryMap::get();
  CheckCache &cache = checkCache;
  if (cache.generation == map.getGeneration() && a >= cache.base &&
      a + size <= cache.end)
    return;
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
    boundsFault(l, a, size, s, why);
  }
  uintptr_t end = r->base + r->bytes;
  if (a + size > end)
    boundsFault(l, a, size, s,
                llvm::formatv("the access runs {0} bytes past the end of the "
                              "{1}-byte {2} at {3} (offset {4})",
                              a + size - end, r->bytes, r->what, hex(r->base),
                              a - r->base)
                    .str());
  cache.base = r->base;
  cache.end = end;
  cache.generation = map.getGeneration();
}

static void emuCheckMasked(const void *ptr, uint64_t elemBytes, uint64_t mask,
                           uint32_t site) {
  const uint8_t *p = static_cast<const uint8_t *>(ptr);
  for (unsigned e = 0; mask; ++e, mask >>= 1)
    if (mask & 1)
      emuCheck(p + e * elemBytes, elemBytes, site);
}

// Math helpers.
static uint32_t emuPerm(uint32_t s0, uint32_t s1, uint32_t sel) {
  uint64_t v = (uint64_t(s0) << 32) | s1;
  uint32_t d = 0;
  for (unsigned b = 0; b < 4; ++b) {
    unsigned k = (sel >> (8 * b)) & 0xFF;
    uint32_t byte;
    if (k >= 13)
      byte = 0xFF;
    else if (k == 12)
      byte = 0x00;
    else if (k >= 8) { // sign bits of words
      static const unsigned bit[4] = {15, 31, 47, 63};
      byte = ((v >> bit[k - 8]) & 1) ? 0xFF : 0x00;
    } else
      byte = uint32_t((v >> (8 * k)) & 0xFF);
    d |= byte << (8 * b);
  }
  return d;
}

static uint16_t rtzF16(float x) {
  uint16_t h = encodeF16(x);
  if (std::isnan(x) || std::isinf(x))
    return h;
  float back = decodeF16(h);
  if (std::fabs(back) > std::fabs(x) && (h & 0x7FFF) != 0)
    --h; // one step towards zero in sign-magnitude
  if ((h & 0x7C00) == 0x7C00) // overflowed to infinity: largest finite
    h = uint16_t((h & 0x8000) | 0x7BFF);
  return h;
}

static uint32_t emuCvtPkrtz(float a, float b) {
  return uint32_t(rtzF16(a)) | (uint32_t(rtzF16(b)) << 16);
}

static int64_t field(uint32_t v, unsigned bits, unsigned i, bool sgn) {
  uint32_t f = (v >> (bits * i)) & ((1u << bits) - 1);
  if (sgn && (f >> (bits - 1)))
    return int64_t(f) - (int64_t(1) << bits);
  return int64_t(f);
}

static uint32_t emuDot(uint32_t kind, uint32_t a, uint32_t b, uint32_t c,
                       uint32_t flags) {
  bool aS = flags & 1, bS = flags & 2, clamp = flags & 4;
  unsigned bits = kind == 2 ? 16 : kind == 4 ? 8 : 4;
  int64_t sum = 0;
  for (unsigned i = 0; i < kind; ++i)
    sum += field(a, bits, i, aS) * field(b, bits, i, bS);
  bool isUnsigned = !aS && !bS;
  if (isUnsigned) {
    uint64_t r = uint64_t(sum) + c;
    if (clamp && r > 0xFFFFFFFFull)
      r = 0xFFFFFFFFull;
    return uint32_t(r);
  }
  int64_t r = sum + int64_t(int32_t(c));
  if (clamp)
    r = std::clamp<int64_t>(r, INT32_MIN, INT32_MAX);
  return uint32_t(r);
}

static Fp8Format currentFp8(bool bf8) {
  bool fnuz = tlsWG->launch->target->fp8 == Fp8Encoding::FNUZ;
  if (bf8)
    return fnuz ? Fp8Format::E5M2FNUZ : Fp8Format::E5M2;
  return fnuz ? Fp8Format::E4M3FNUZ : Fp8Format::E4M3FN;
}

static float emuCvtF32F8(uint32_t byte, uint32_t bf8) {
  return decodeFp8(uint8_t(byte), currentFp8(bf8));
}

static uint32_t emuCvtPkF8(float a, float b, uint32_t old, uint32_t word,
                           uint32_t bf8) {
  Fp8Format f = currentFp8(bf8);
  uint32_t lo = encodeFp8(a, f, false), hi = encodeFp8(b, f, false);
  unsigned sh = 16 * (word & 1);
  old &= ~(0xFFFFu << sh);
  return old | ((lo | (hi << 8)) << sh);
}

// Conversions x86 code generation may call for half and bfloat.
static _Float16 emuTruncSfHf2(float x) {
  uint16_t h = encodeF16(x);
  _Float16 r;
  std::memcpy(&r, &h, 2);
  return r;
}
static _Float16 emuTruncDfHf2(double x) {
  uint16_t h = encodeF16(x);
  _Float16 r;
  std::memcpy(&r, &h, 2);
  return r;
}
static float emuExtendHfSf2(_Float16 x) {
  uint16_t h;
  std::memcpy(&h, &x, 2);
  return decodeF16(h);
}
static __bf16 emuTruncSfBf2(float x) {
  uint16_t h = encodeBF16(x);
  __bf16 r;
  std::memcpy(&r, &h, 2);
  return r;
}
static __bf16 emuTruncDfBf2(double x) {
  uint16_t h = encodeBF16(x);
  __bf16 r;
  std::memcpy(&r, &h, 2);
  return r;
}

} // extern "C"

llvm::ArrayRef<RuntimeSymbol> mlir::mcore::emu::getRuntimeSymbols() {
  static const RuntimeSymbol symbols[] = {
      {"__mcore_emu_workitem_id", reinterpret_cast<void *>(&emuWorkitemId)},
      {"__mcore_emu_workgroup_id", reinterpret_cast<void *>(&emuWorkgroupId)},
      {"__mcore_emu_local_size", reinterpret_cast<void *>(&emuLocalSize)},
      {"__mcore_emu_num_groups", reinterpret_cast<void *>(&emuNumGroups)},
      {"__mcore_emu_work_dim", reinterpret_cast<void *>(&emuWorkDim)},
      {"__mcore_emu_implicitarg_ptr",
       reinterpret_cast<void *>(&emuImplicitArgPtr)},
      {"__mcore_emu_dispatch_ptr", reinterpret_cast<void *>(&emuDispatchPtr)},
      {"__mcore_emu_kernarg_ptr", reinterpret_cast<void *>(&emuKernargPtr)},
      {"__mcore_emu_dispatch_id", reinterpret_cast<void *>(&emuDispatchId)},
      {"__mcore_emu_lds_base", reinterpret_cast<void *>(&emuLdsBase)},
      {"__mcore_emu_lds_global", reinterpret_cast<void *>(&emuLdsGlobal)},
      {"__mcore_emu_private_base", reinterpret_cast<void *>(&emuPrivateBase)},
      {"__mcore_emu_lane_id", reinterpret_cast<void *>(&emuLaneId)},
      {"__mcore_emu_mbcnt", reinterpret_cast<void *>(&emuMbcnt)},
      {"__mcore_emu_is_shared", reinterpret_cast<void *>(&emuIsShared)},
      {"__mcore_emu_is_private", reinterpret_cast<void *>(&emuIsPrivate)},
      {"__mcore_emu_barrier", reinterpret_cast<void *>(&emuBarrier)},
      {"__mcore_emu_backedge", reinterpret_cast<void *>(&emuBackedge)},
      {"__mcore_emu_mma", reinterpret_cast<void *>(&emuMma)},
      {"__mcore_emu_xlane", reinterpret_cast<void *>(&emuXlane)},
      {"__mcore_emu_trap", reinterpret_cast<void *>(&emuTrap)},
      {"__mcore_emu_check", reinterpret_cast<void *>(&emuCheck)},
      {"__mcore_emu_check_masked", reinterpret_cast<void *>(&emuCheckMasked)},
      {"__mcore_emu_perm", reinterpret_cast<void *>(&emuPerm)},
      {"__mcore_emu_cvt_pkrtz", reinterpret_cast<void *>(&emuCvtPkrtz)},
      {"__mcore_emu_dot", reinterpret_cast<void *>(&emuDot)},
      {"__mcore_emu_cvt_f32_f8", reinterpret_cast<void *>(&emuCvtF32F8)},
      {"__mcore_emu_cvt_pk_f8", reinterpret_cast<void *>(&emuCvtPkF8)},
      {"__truncsfhf2", reinterpret_cast<void *>(&emuTruncSfHf2)},
      {"__truncdfhf2", reinterpret_cast<void *>(&emuTruncDfHf2)},
      {"__extendhfsf2", reinterpret_cast<void *>(&emuExtendHfSf2)},
      {"__gnu_h2f_ieee", reinterpret_cast<void *>(&emuExtendHfSf2)},
      {"__gnu_f2h_ieee", reinterpret_cast<void *>(&emuTruncSfHf2)},
      {"__truncsfbf2", reinterpret_cast<void *>(&emuTruncSfBf2)},
      {"__truncdfbf2", reinterpret_cast<void *>(&emuTruncDfBf2)},
  };
  return symbols;
}

//===----------------------------------------------------------------------===//
// Launch
//===----------------------------------------------------------------------===//

static std::atomic<uint64_t> nextDispatchId{1};

Error mlir::mcore::emu::runLaunch(const LaunchRequest &req) {
  const KernelInfo &k = req.kernel->info;
  const Target &target = req.image->target;
  const Dim3 &g = req.grid, &b = req.block;
  auto launchError = [&](const llvm::Twine &msg) {
    return llvm::createStringError("cannot launch kernel '" + k.name +
                                   "' with grid " +
                                   formatDim3(g.x, g.y, g.z) + " and block " +
                                   formatDim3(b.x, b.y, b.z) + ": " + msg);
  };
  if (!g.x || !g.y || !g.z)
    return launchError("the grid has no work-groups");
  if (!b.x || !b.y || !b.z)
    return launchError("the work-group has no work-items");
  uint64_t lanes = uint64_t(b.x) * b.y * b.z;
  if (b.x > 1024 || b.y > 1024 || b.z > 1024 || lanes > 1024)
    return launchError("a work-group has at most 1024 work-items (and at "
                       "most 1024 in each dimension)");
  if (lanes > k.maxFlatWorkGroupSize)
    return launchError(llvm::formatv("the kernel was compiled for work-groups "
                                     "of at most {0} work-items "
                                     "(amdgpu-flat-work-group-size)",
                                     k.maxFlatWorkGroupSize)
                           .str());
  const uint32_t *req3 = k.requiredWorkGroupSize;
  if (req3[0] && (req3[0] != b.x || req3[1] != b.y || req3[2] != b.z))
    return launchError("the kernel requires work-groups of " +
                       formatDim3(req3[0], req3[1], req3[2]) +
                       " (reqd_work_group_size)");
  for (auto [n, s] : {std::pair{g.x, b.x}, {g.y, b.y}, {g.z, b.z}})
    if (uint64_t(n) * s > 0xFFFFFFFFull)
      return launchError("the grid has more than 2^32 - 1 work-items in one "
                         "dimension");
  uint64_t ldsBytes = uint64_t(k.staticLdsBytes) + req.dynamicLdsBytes;
  if (req.dynamicLdsBytes && !k.dynamicLdsAlign)
    ; // dynamic LDS the kernel never uses is allowed, and allocated
  if (ldsBytes > target.ldsBytes)
    return launchError(llvm::formatv("it needs {0} bytes of LDS ({1} static + "
                                     "{2} dynamic); {3} has {4} per "
                                     "work-group",
                                     ldsBytes, k.staticLdsBytes,
                                     req.dynamicLdsBytes, target.chip,
                                     target.ldsBytes)
                           .str());
  if (req.params == nullptr && req.kernarg == nullptr && !k.args.empty())
    return launchError("no kernel arguments were given");

  LaunchState launch;
  launch.req = &req;
  launch.kernel = &k;
  launch.image = req.image;
  launch.target = &req.image->target;
  launch.entry = req.kernel->entry;
  launch.waveSize = target.waveSize;
  launch.ldsBytes = unsigned(ldsBytes);
  launch.groups = uint64_t(g.x) * g.y * g.z;
  launch.dispatchId = nextDispatchId++;
  launch.workDim = b.z > 1 || g.z > 1 ? 3 : b.y > 1 || g.y > 1 ? 2 : 1;
  launch.stackBytes = size_t(req.options->stackKiB) * 1024;
  launch.boundsCheck = req.options->boundsCheck;
  launch.deadline = std::chrono::steady_clock::now() +
                    std::chrono::microseconds(
                        int64_t(req.options->timeoutSeconds * 1e6));

  // The kernarg segment: explicit arguments at their HSA offsets, then the
  // hidden arguments (code object v5 layout).
  size_t kernargBytes = size_t(k.implicitArgOffset) + 256;
  launch.kernargStorage.assign((kernargBytes + 7) / 8, 0);
  launch.kernarg = reinterpret_cast<uint8_t *>(launch.kernargStorage.data());
  std::vector<void *> params;
  if (req.params) {
    for (size_t i = 0; i < k.args.size(); ++i) {
      const KernelArg &a = k.args[i];
      if (!req.params[i])
        return launchError("argument " + std::to_string(i) + " is null");
      std::memcpy(launch.kernarg + a.kernargOffset, req.params[i],
                  std::min(a.kernargBytes, a.hostBytes));
    }
    launch.params = req.params;
  } else if (req.kernarg) {
    if (req.kernargBytes < k.explicitKernargBytes)
      return launchError(llvm::formatv("the kernarg segment has {0} bytes; the "
                                       "arguments need {1}",
                                       req.kernargBytes, k.explicitKernargBytes)
                             .str());
    std::memcpy(launch.kernarg, req.kernarg, k.explicitKernargBytes);
    for (const KernelArg &a : k.args) {
      if (a.hostBytes > a.kernargBytes && !a.byRef)
        return launchError("argument of type " + a.type +
                           " has a different size in the kernarg segment");
      params.push_back(launch.kernarg + a.kernargOffset);
    }
    launch.params = params.data();
  }
  uint8_t *ia = launch.kernarg + k.implicitArgOffset;
  launch.implicitArgs = ia;
  auto put32 = [](uint8_t *p, uint32_t v) { std::memcpy(p, &v, 4); };
  auto put16 = [](uint8_t *p, uint16_t v) { std::memcpy(p, &v, 2); };
  auto put64 = [](uint8_t *p, uint64_t v) { std::memcpy(p, &v, 8); };
  put32(ia + 0, g.x);
  put32(ia + 4, g.y);
  put32(ia + 8, g.z);
  put16(ia + 12, uint16_t(b.x));
  put16(ia + 14, uint16_t(b.y));
  put16(ia + 16, uint16_t(b.z));
  // Remainders (18, 20, 22) stay 0: grids are whole work-groups.
  put16(ia + 64, uint16_t(launch.workDim));
  put32(ia + 120, req.dynamicLdsBytes);
  // The HSA dispatch packet.
  uint8_t *pk = launch.packet;
  put16(pk + 2, uint16_t(launch.workDim));
  put16(pk + 4, uint16_t(b.x));
  put16(pk + 6, uint16_t(b.y));
  put16(pk + 8, uint16_t(b.z));
  put32(pk + 12, g.x * b.x);
  put32(pk + 16, g.y * b.y);
  put32(pk + 20, g.z * b.z);
  put32(pk + 28, unsigned(ldsBytes));
  put64(pk + 40, reinterpret_cast<uint64_t>(launch.kernarg));

  MemoryMap &map = MemoryMap::get();
  if (launch.boundsCheck) {
    map.add(launch.kernarg, kernargBytes,
            "kernarg segment of '" + k.name + "'");
    map.add(launch.packet, sizeof(launch.packet), "dispatch packet");
  }

  unsigned threads = req.options->threads;
  if (threads == 0)
    threads = std::max(1u, std::thread::hardware_concurrency());
  uint64_t helpers = std::min<uint64_t>(threads - 1, launch.groups - 1);
  if (req.options->catchFaults)
    installFaultHandlers();
  static std::mutex launchMutex; // one launch at a time
  {
    std::lock_guard<std::mutex> lock(launchMutex);
    std::function<void()> job = [&launch] { runGroups(launch); };
    // Pool threads and this thread share the work-groups.
    WorkerPool::get().run(unsigned(helpers), job);
  }
  if (launch.boundsCheck) {
    map.remove(launch.kernarg);
    map.remove(launch.packet);
  }
  if (launch.failed)
    return llvm::createStringError(launch.error);
  return Error::success();
}
