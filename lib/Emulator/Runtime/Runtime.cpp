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
// out-of-bounds access in checking mode (BoundsCheck.cpp), or a launch that
// runs past its time limit. A fault stops the launch and reports kernel,
// work-group, lane and source location. So does a hardware fault in kernel
// code (Faults.cpp). Cross-lane operations are in CrossLane.cpp.
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"
#include "WorkGroup.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <vector>

#include <sys/mman.h>

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::runtime;
using boost::context::detail::jump_fcontext;
using boost::context::detail::make_fcontext;
using boost::context::detail::transfer_t;
using llvm::Error;

std::string mlir::mcore::emu::formatDim3(uint32_t x, uint32_t y, uint32_t z) {
  return llvm::formatv("({0}, {1}, {2})", x, y, z).str();
}

//===----------------------------------------------------------------------===//
// Fiber stacks (the threads' pools of them are in Workers.cpp)
//===----------------------------------------------------------------------===//

namespace {

/// A fiber stack about to be reused. Under AddressSanitizer, the frames of
/// a lane abandoned after a fault left their redzones poisoned; mapping the
/// stack afresh clears them (ASan's mmap interceptor resets the shadow;
/// __asan_unpoison_memory_region would not: sanitizer builds turn user
/// poisoning off, see cmake/MCoreSanitizers.cmake). Other builds keep the
/// stack as it is.
void resetStack(uint8_t *low, size_t bytes) {
#ifdef MCORE_EMU_ASAN
  mmap(low, bytes, PROT_READ | PROT_WRITE,
       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
#else
  (void)low, (void)bytes;
#endif
}

} // namespace

//===----------------------------------------------------------------------===//
// Launch, work-group, wave, lane
//===----------------------------------------------------------------------===//

[[gnu::tls_model("initial-exec")]] thread_local WorkGroup *runtime::tlsWG =
    nullptr;
[[gnu::tls_model("initial-exec")]] thread_local Lane *runtime::tlsLane =
    nullptr;

std::string WorkGroup::describeLane(const Lane &l) const {
  return llvm::formatv("work-group {0}, work-item {1} (wave {2}, lane {3})",
                       formatDim3(id[0], id[1], id[2]),
                       formatDim3(l.tid[0], l.tid[1], l.tid[2]), l.wave->index,
                       l.laneInWave)
      .str();
}

std::string WorkGroup::describeStates() const {
  const char *what[4][2] = {
      {"is running", "are running"},
      {"waits at a wave-wide instruction", "wait at a wave-wide instruction"},
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

void runtime::suspend(Lane &l) {
  WorkGroup &wg = *l.wg;
  startSwitch(&l.fakeStack, wg.schedStackBottom, wg.schedStackBytes);
  transfer_t t = jump_fcontext(wg.schedCtx, nullptr);
  finishSwitch(l.fakeStack, &wg.schedStackBottom, &wg.schedStackBytes);
  wg.schedCtx = t.fctx;
}

void runtime::abandon(Lane &l) {
  WorkGroup &wg = *l.wg;
  // The scheduler never resumes a lane that is done or faulted.
  for (;;) {
    startSwitch(nullptr, wg.schedStackBottom, wg.schedStackBytes);
    transfer_t t = jump_fcontext(wg.schedCtx, nullptr);
    finishSwitch(nullptr, &wg.schedStackBottom, &wg.schedStackBytes);
    wg.schedCtx = t.fctx;
  }
}

static void laneMain(transfer_t t) {
  Lane &l = *static_cast<Lane *>(t.data);
  WorkGroup &wg = *l.wg;
  finishSwitch(nullptr, &wg.schedStackBottom, &wg.schedStackBytes);
  wg.schedCtx = t.fctx;
  wg.launch->entry(wg.launch->params);
  l.state = Lane::Done;
  --l.wave->live;
  --wg.live;
  ++wg.progress;
  abandon(l);
}

void WorkGroup::run() {
  for (Lane &l : lanes) {
    resetStack(l.stackLow, size_t(l.stackHigh - l.stackLow));
    l.deferredCount = 0;
    static_assert(31 * 128 < kStackStaggerBytes);
    size_t stagger = size_t(l.flatId % 32) * 128;
    l.ctx = make_fcontext(l.stackHigh - stagger,
                          size_t(l.stackHigh - l.stackLow) - stagger, laneMain);
  }
  tlsWG = this;
  // The signal handler comes back here after a hardware fault in a lane; the
  // lanes' fibers are abandoned like after any other fault.
  sigjmp_buf jump;
  if (launch->req->options->catchFaults) {
    faultJump = &jump;
    if (sigsetjmp(jump, 0)) {
      finishSwitch(schedFakeStack, nullptr, nullptr);
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
    if (launch->schedule == Schedule::Random)
      shuffleOrder();
    for (unsigned index : order) {
      Lane &l = lanes[index];
      if (l.state != Lane::Runnable)
        continue;
      ran = true;
      tlsLane = &l;
      inLane = 1;
      startSwitch(&schedFakeStack, l.stackLow,
                  size_t(l.stackHigh - l.stackLow));
      transfer_t t = jump_fcontext(l.ctx, &l);
      finishSwitch(schedFakeStack, nullptr, nullptr);
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
               now - progressTime > std::chrono::duration<double>(
                                        launch->req->options->stallSeconds)) {
      fault(nullptr,
            llvm::formatv("barrier deadlock: for {0} s no lane reached a "
                          "barrier, a wave-wide instruction or the end of "
                          "the kernel while lanes wait at a barrier "
                          "(MCORE_EMU_STALL_TIMEOUT sets the limit); {1}; "
                          "the barrier: {2}",
                          launch->req->options->stallSeconds, describeStates(),
                          describeBarriers())
                .str());
      return;
    } else if (now - progressTime > std::chrono::duration<double>(
                                        launch->req->options->hangSeconds)) {
      fault(nullptr,
            llvm::formatv("the work-group hangs: for {0} s no lane reached a "
                          "barrier, a wave-wide instruction or the end of "
                          "the kernel (an endless loop; "
                          "MCORE_EMU_HANG_TIMEOUT sets the limit); {1}",
                          launch->req->options->hangSeconds, describeStates())
                .str());
      return;
    }
    if (now > launch->deadline) {
      fault(nullptr, llvm::formatv(
                         "the launch did not finish within {0} s (a barrier "
                         "deadlock, an endless loop, or a very long kernel; "
                         "MCORE_EMU_TIMEOUT sets the limit); {1}",
                         launch->req->options->timeoutSeconds, describeStates())
                         .str());
      return;
    }
    if (ran)
      continue;
    if (live == 0) {
      if (ldsCells)
        settleLdsChecks();
      return;
    }
    if (resolveWaveOps()) {
      if (faulted)
        return;
      continue;
    }
    if (atBarrier == live) {
      if (!releaseBarrier())
        return;
      continue;
    }
    fault(nullptr, "internal error: no lane can run");
    return;
  }
}

bool WorkGroup::releaseBarrier() {
  if (ldsCells && !settleLdsChecks())
    return false;
  // s_barrier is a scalar instruction: a wave executes it once, for all its
  // active lanes. Lanes of one wave at two barriers mean the barrier is in
  // divergent code: the wave would execute each with part of its lanes, and
  // the work-group's waves would meet at different barriers than the source
  // says (HIP: __syncthreads in divergent code is undefined). Lanes that
  // returned do not take part, as waves that ended do not (the ISA: the
  // barrier then waits for the surviving waves only).
  for (const Wave &w : waves) {
    const Lane *first = nullptr;
    for (unsigned i = 0; i < w.count; ++i) {
      const Lane &l = lanes[w.first + i];
      if (l.state != Lane::AtBarrier)
        continue;
      if (!first) {
        first = &l;
        continue;
      }
      if (l.site == first->site)
        continue;
      const auto &sites = launch->image->sites;
      auto lanesAt = [&](unsigned site) {
        std::string list;
        unsigned shown = 0, count = 0;
        for (unsigned j = 0; j < w.count; ++j) {
          const Lane &o = lanes[w.first + j];
          if (o.state != Lane::AtBarrier || o.site != site)
            continue;
          if (shown++ < 8)
            list += (list.empty() ? "" : ", ") + std::to_string(o.laneInWave);
          ++count;
        }
        return list + (count > 8 ? ", ..." : "");
      };
      fault(nullptr,
            llvm::formatv("barrier in divergent code: the lanes of wave {0} "
                          "wait at two different barriers, lanes {1} at {2} "
                          "and lanes {3} at {4}; a wave executes a barrier "
                          "for all its lanes at once, so every lane of a "
                          "wave that has not returned must reach the same "
                          "barrier (HIP's __syncthreads in divergent code "
                          "is undefined behaviour)",
                          w.index, lanesAt(first->site),
                          sites[first->site].describe(), lanesAt(l.site),
                          sites[l.site].describe())
                .str());
      return false;
    }
  }
  for (Lane &l : lanes)
    if (l.state == Lane::AtBarrier)
      l.state = Lane::Runnable;
  atBarrier = 0;
  ++progress;
  ++epoch; // the checker: accesses before and after are ordered
  return true;
}

void WorkGroup::shuffleOrder() {
  // Fisher-Yates with splitmix64 (Steele, Lea, Flood: "Fast splittable
  // pseudorandom number generators", OOPSLA 2014).
  auto next = [this] {
    uint64_t z = (random += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  for (size_t i = order.size(); i > 1; --i)
    std::swap(order[i - 1], order[next() % i]);
}

std::string WorkGroup::describeBarriers() const {
  std::string s;
  llvm::SmallVector<unsigned, 4> seen;
  for (const Lane &l : lanes) {
    if (l.state != Lane::AtBarrier || llvm::is_contained(seen, l.site))
      continue;
    seen.push_back(l.site);
    std::string waveList;
    for (const Wave &w : waves)
      for (unsigned i = 0; i < w.count; ++i) {
        const Lane &o = lanes[w.first + i];
        if (o.state == Lane::AtBarrier && o.site == l.site) {
          waveList += (waveList.empty() ? "" : ", ") + std::to_string(w.index);
          break;
        }
      }
    s += (s.empty() ? "" : "; ") + launch->image->sites[l.site].describe() +
         " (wave" + (waveList.find(',') == std::string::npos ? " " : "s ") +
         waveList + ")";
  }
  return s;
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
      if (llvm::none_of(sites,
                        [&](unsigned o) { return o != s && precedes(o, s); })) {
        chosen = s;
        break;
      }
    executeGroup(w, chosen, nullptr);
    return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Wave-wide operations
//===----------------------------------------------------------------------===//

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

  switch (s.kind) {
  case SiteKind::Mma:
    if (!executeMeeting(w, s, active, n))
      return false;
    break;
  case SiteKind::WaveBarrier:
    break;
  default:
    if (Error e = executeCrossLane(s, llvm::ArrayRef<Lane *>(active, W)))
      return fail(llvm::toString(std::move(e)));
    break;
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
  if (index >= k.ldsOffsets.size() || k.ldsOffsets[index] < 0) {
    wg.fault(tlsLane, "internal error: LDS variable '" +
                          wg.launch->image->ldsGlobals[index] +
                          "' has no place in this kernel's LDS");
    abandon(*tlsLane);
  }
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
    // The last lane to arrive: everybody may go, unless the barrier is in
    // divergent code.
    if (wg.releaseBarrier())
      return;
    abandon(l);
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

static void emuXlane(uint32_t site, const void *in0, const void *in1, void *out,
                     uint32_t a0, uint32_t a1) {
  arrive(site, in0, in1, nullptr, out, a0, a1);
}

/// What a trap or a reached `unreachable` at `site` is.
static std::string describeTrap(const Site &s) {
  if (s.kind == SiteKind::Unreachable)
    return "the lane reached an 'unreachable' instruction (undefined "
           "behaviour: a path the compiler assumed impossible) in "
           "function '" +
           s.function + "'" + (s.location.empty() ? "" : " at " + s.location);
  return "the kernel executed a trap (an assert or abort in device code) "
         "at " +
         s.describe();
}

static void emuTrap(uint32_t site) {
  Lane &l = *tlsLane;
  // The message is recorded (and its temporaries freed) before the lane is
  // abandoned.
  l.wg->fault(&l, describeTrap(l.wg->launch->image->sites[site]));
  abandon(l);
}

} // extern "C"

llvm::ArrayRef<RuntimeSymbol> mlir::mcore::emu::getRuntimeSymbols() {
  static const RuntimeSymbol core[] = {
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
      {"__mcore_emu_xlane", reinterpret_cast<void *>(&emuXlane)},
      {"__mcore_emu_trap", reinterpret_cast<void *>(&emuTrap)},
  };
  static const std::vector<RuntimeSymbol> symbols = [] {
    std::vector<RuntimeSymbol> all(std::begin(core), std::end(core));
    for (llvm::ArrayRef<RuntimeSymbol> more :
         {getMatrixSymbols(), getBoundsCheckSymbols(), getMathSymbols(),
          getBufferSymbols(), getPrintfSymbols()})
      all.insert(all.end(), more.begin(), more.end());
    return all;
  }();
  return symbols;
}
