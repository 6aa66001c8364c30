//===- Workers.cpp - The host threads that run work-groups ----------------===//
//
// A launch's work-groups go to a pool of host threads (the calling thread
// takes part); each thread keeps its fiber stacks, LDS and the checker's
// LDS cells between work-groups and launches, sets a work-group up and runs
// it (WorkGroup::run, Runtime.cpp).
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"
#include "WorkGroup.h"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include <sys/mman.h>

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::runtime;

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
  /// The checker's: one byte per byte of the stack, non-zero once written
  /// (Lane::privateShadow); mapped on first use.
  uint8_t *shadow = nullptr;
  uint8_t *top() const { return low + bytes; }
};

class StackPool {
public:
  ~StackPool() { release(); }
  /// At least `count` stacks of `bytes` each, with their shadows if
  /// `shadows`.
  bool reserve(size_t count, size_t bytes, bool shadows) {
    if (bytes != stackBytes) {
      release();
      stackBytes = bytes;
    }
    if (!reserveStacks(count, bytes))
      return false;
    for (size_t i = 0; shadows && i < count; ++i) {
      Stack &s = stacks[i];
      if (s.shadow)
        continue;
      // Untouched pages cost nothing: only the bytes of allocas are
      // written.
      void *m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (m == MAP_FAILED)
        return false;
      s.shadow = static_cast<uint8_t *>(m);
    }
    return true;
  }
  Stack &operator[](size_t i) { return stacks[i]; }

private:
  void release() {
    for (Stack &s : stacks) {
      munmap(s.mapping, s.mappingBytes);
      if (s.shadow)
        munmap(s.shadow, s.bytes);
    }
    stacks.clear();
  }
  bool reserveStacks(size_t count, size_t bytes) {
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

  std::vector<Stack> stacks;
  size_t stackBytes = 0;
};

} // namespace

//===----------------------------------------------------------------------===//
// Worker threads
//===----------------------------------------------------------------------===//

namespace {

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
  /// The checker's LDS cells and the last epoch used on this thread.
  std::vector<LdsCell> ldsCells;
  uint32_t epoch = 0;
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
  if (!state.stacks.reserve(lanesPerGroup,
                            launch.stackBytes + kStackStaggerBytes,
                            launch.boundsCheck)) {
    launch.fail("cannot map fiber stacks for " + std::to_string(lanesPerGroup) +
                " lanes");
    return;
  }
  state.lds.assign(std::max<size_t>(launch.ldsBytes, 16), 0);
  WorkGroup &wg = state.wg;
  wg.launch = &launch;
  wg.lanes.assign(lanesPerGroup, Lane());
  wg.waves.assign(numWaves, Wave());
  constexpr size_t kRowsPerWave = (kCachedRuns + 1) * (kMaxDeferredMma + 1);
  size_t rows = size_t(numWaves) * kRowsPerWave;
  if (wg.mmaRowCount < rows) {
    wg.mmaRows.reset(new MmaRow[rows]);
    wg.mmaRowCount = rows;
  }
  // The order of the lanes: in order, reversed (waves last to first, and
  // lanes within them), or shuffled every round (WorkGroup::run).
  wg.order.resize(lanesPerGroup);
  for (unsigned f = 0; f < lanesPerGroup; ++f)
    wg.order[f] = launch.schedule == Schedule::Reverse
                      ? lanesPerGroup - 1 - f
                      : f;
  if (launch.boundsCheck && state.ldsCells.size() < launch.ldsBytes)
    state.ldsCells.resize(launch.ldsBytes);
  wg.ldsCells = launch.boundsCheck ? state.ldsCells.data() : nullptr;
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
    wg.flatId = g;
    wg.lds = state.lds.data();
    // Hardware leaves in LDS what the last work-group there wrote; the
    // emulator fills it with NaNs (kPoisonByte), so that a kernel that
    // reads LDS it did not write computes NaNs rather than zeros.
    std::memset(wg.lds, launch.poison ? kPoisonByte : 0, launch.ldsBytes);
    if (wg.ldsCells) {
      // Cells written before initEpoch belong to earlier work-groups.
      if (state.epoch > 0xF0000000u) {
        std::fill(state.ldsCells.begin(), state.ldsCells.end(), LdsCell());
        state.epoch = 0;
      }
      wg.initEpoch = state.epoch + 1;
      wg.epoch = state.epoch + 2;
    }
    if (launch.schedule == Schedule::Random)
      wg.random = launch.scheduleSeed * 0x2545F4914F6CDD1Dull + g;
    wg.live = lanesPerGroup;
    wg.atBarrier = 0;
    wg.uninitializedRead.pending = false;
    wg.pendingCells.clear();
    wg.faulted = false;
    for (unsigned wi = 0; wi < numWaves; ++wi) {
      Wave &w = wg.waves[wi];
      w = Wave();
      w.index = wi;
      w.first = wi * W;
      w.count = std::min(W, lanesPerGroup - wi * W);
      w.live = w.count;
      w.mma = &wg.mmaRows[size_t(wi) * kRowsPerWave];
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
      l.privateShadow = launch.boundsCheck ? state.stacks[f].shadow : nullptr;
      l.budget = kBackedgeBudget;
    }
    wg.run();
    state.epoch = wg.epoch;
    wg.faultJump = nullptr;
    tlsLane = nullptr;
    tlsWG = nullptr;
    if (wg.faulted)
      return;
    uint64_t done = ++launch.doneGroups;
    if (req.options->progress)
      req.options->progress(launch.kernel->name, done, launch.groups);
  }
}

} // namespace

void runtime::runWorkGroups(LaunchState &launch) {
  const Options &options = *launch.req->options;
  unsigned threads = options.threads;
  if (threads == 0)
    threads = std::max(1u, std::thread::hardware_concurrency());
  uint64_t helpers = std::min<uint64_t>(threads - 1, launch.groups - 1);
  if (options.catchFaults)
    installFaultHandlers();
  static std::mutex launchMutex; // one launch at a time
  std::lock_guard<std::mutex> lock(launchMutex);
  std::function<void()> job = [&launch] { runGroups(launch); };
  // Pool threads and this thread share the work-groups.
  WorkerPool::get().run(unsigned(helpers), job);
}
