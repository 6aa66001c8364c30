//===- WorkGroup.h - Lanes, waves and work-groups of a launch ---*- C++ -*-===//
//
// The state the runtime's pieces share: a launch, its work-group running on
// this host thread, the work-group's waves and lanes (fibers), and the lane
// running now. Workers.cpp runs work-groups on host threads, Runtime.cpp
// schedules their lanes; CrossLane.cpp executes cross-lane sites, Faults.cpp
// turns hardware faults into errors, BoundsCheck.cpp, MemoryChecks.cpp and
// RuntimeMath.cpp are called by kernel code.
//
// Private to lib/Emulator.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_EMULATOR_WORKGROUP_H
#define MCORE_LIB_EMULATOR_WORKGROUP_H

#include "Rewrite/Rewrite.h"
#include "Runtime.h"

#include "mcore/Emulator/MatrixOps.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <boost/context/detail/fcontext.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <csetjmp>
#include <csignal>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MCORE_EMU_ASAN 1
#include <sanitizer/common_interface_defs.h>
#endif
#endif

namespace mlir::mcore::emu::runtime {

using boost::context::detail::fcontext_t;

/// AddressSanitizer must be told of every switch between the scheduler's
/// stack and a lane's fiber stack, or it takes one stack's frames for the
/// other's and reports false stack errors (and its stack-use-after-return
/// fake stacks would follow the wrong fiber). In other builds these do
/// nothing. `startSwitch` goes before a jump_fcontext, with the bounds of the
/// stack jumped to and where to keep the current fiber's fake stack (null
/// when the fiber is left for good); `finishSwitch` comes first thing on the
/// stack jumped to.
inline void startSwitch(void **fakeStackSave, const void *bottom,
                        size_t size) {
#ifdef MCORE_EMU_ASAN
  __sanitizer_start_switch_fiber(fakeStackSave, bottom, size);
#else
  (void)fakeStackSave, (void)bottom, (void)size;
#endif
}
inline void finishSwitch(void *fakeStack, const void **oldBottom,
                         size_t *oldSize) {
#ifdef MCORE_EMU_ASAN
  __sanitizer_finish_switch_fiber(fakeStack, oldBottom, oldSize);
#else
  (void)fakeStack, (void)oldBottom, (void)oldSize;
#endif
}

struct WorkGroup;
struct Wave;
struct GlobalShadow;

/// What the checker knows of one LDS byte (MemoryChecks.cpp). Epochs count
/// the barriers of the host thread's work-groups: a byte written in the
/// current epoch by another wave, or read in it by another wave before a
/// write, is a data race.
/// A write that conflicts with another wave's access is a race only if it
/// changes the byte (mcore's staging copies store some chunks twice, from
/// two waves, with the same values): the cell then holds the byte before the
/// write, and the next look at the cell, the next barrier or the end of the
/// work-group compares.
struct LdsCell {
  enum Pending : uint8_t { None, AfterWrite, AfterRead, AfterOtherRead };
  uint32_t writeEpoch = 0, readEpoch = 0;
  uint32_t writeSite = 0, readSite = 0, otherReadSite = 0, pendingSite = 0;
  uint16_t writeLane = 0, readLane = 0; ///< flat work-item ids
  uint16_t otherReadLane = 0; ///< a reader of another wave than readLane's
  uint16_t pendingLane = 0;   ///< the writer of a pending conflict
  bool otherReader = false;
  Pending pending = None; ///< which access the pending write conflicts with
  uint8_t before = 0;     ///< the byte before the pending write
};

/// A piece of a device printf message a lane is building
/// (PrintfRuntime.cpp): a string, or a 64-bit argument word.
struct PrintfPart {
  bool isString = false;
  std::string text;
  uint64_t word = 0;
};

/// A lane yields to the others every this many loop back-edges.
constexpr unsigned kBackedgeBudget = 256;

/// Lane f's stack starts (f % 32) * 128 bytes below the top of its
/// mapping, which is this much larger than the lane's stack size. The
/// mappings are page-aligned, so without the offsets the same slot of
/// every lane of a wave (a matrix instruction's operand, which the wave
/// reads lane after lane) would fall into one set of the L1 cache.
constexpr size_t kStackStaggerBytes = 4096;

/// The most matrix instructions a lane defers before it meets its wave
/// (BatchMma.cpp makes no longer runs).
constexpr unsigned kMaxDeferredMma = 32;

/// The operands of one matrix instruction of a meeting, one column per lane
/// of the wave (`lane` is the lane in its wave): the pointer arrays the
/// instruction's semantics take (MatrixOp::executeLanes), filled by the
/// lanes as they pass. Row q of a wave's rows is the q-th instruction since
/// its lanes last met: a deferred one (`__mcore_emu_mma_defer`,
/// Rewrite/BatchMma.cpp), or the one they meet at.
/// The runs (`__mcore_emu_mma_run`, by their id) whose rows a wave keeps
/// from meeting to meeting.
constexpr unsigned kCachedRuns = 4;

struct MmaRow {
  static constexpr unsigned kLanes = 64;
  const uint8_t *a[kLanes], *b[kLanes], *c[kLanes];
  uint8_t *d[kLanes];
  /// The index word of a sparse instruction, and above it gfx1250's high
  /// word: in memory the pairs of words getIndexWords() == 2 asks for.
  uint64_t idx[kLanes];
  /// A block-scaled instruction's scale words (A's, then B's); left as it
  /// was where the instruction has none.
  const void *scales[kLanes];
  /// The instruction's site (every lane writes the same: the lanes came
  /// through the same basic block).
  uint32_t site;
  /// Nothing but one later instruction of the block, as its C, reads the
  /// D (`__mcore_emu_mma_defer_local`, Rewrite/BatchMma.cpp): when that
  /// instruction is in the meeting, the D need not be written.
  bool dLocal;

  void set(unsigned lane, unsigned s, const void *pa, const void *pb,
           const void *pc, uint32_t i, void *pd, uint32_t iHi, const void *sc,
           bool local = false) {
    a[lane] = static_cast<const uint8_t *>(pa);
    b[lane] = static_cast<const uint8_t *>(pb);
    c[lane] = static_cast<const uint8_t *>(pc);
    d[lane] = static_cast<uint8_t *>(pd);
    idx[lane] = uint64_t(iHi) << 32 | i;
    if (sc)
      scales[lane] = sc;
    site = s;
    dLocal = local;
  }
};

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
  /// The checker's record of which bytes of the stack the kernel's code
  /// has written since their alloca (non-zero), at the same offsets; null
  /// without the checker.
  uint8_t *privateShadow = nullptr;
  void *fakeStack = nullptr; ///< AddressSanitizer's, while suspended
  unsigned budget = 0;
  // The wave op the lane waits at.
  unsigned site = 0;
  const void *in0 = nullptr, *in1 = nullptr, *in2 = nullptr;
  /// A block-scaled matrix instruction's scale words: A's, then B's.
  const void *in3 = nullptr;
  void *out = nullptr;
  uint32_t a0 = 0, a1 = 0;
  /// The matrix instructions deferred since the lane last met its wave
  /// (rows 0 to deferredCount - 1 of its wave's `mma`).
  unsigned deferredCount = 0;
  /// The run table the lane meets its wave with (`__mcore_emu_mma_run`:
  /// deferredCount + 1 entries), its run and whether its index words vary;
  /// null when the lane came another way.
  const MmaRunEntry *run = nullptr;
  unsigned runId = 0;
  bool runIndexVaries = false;
  /// The device printf message being built.
  std::vector<PrintfPart> printf;
};

struct Wave {
  unsigned index = 0;
  unsigned first = 0; ///< first lane (flat id)
  unsigned count = 0; ///< lanes that exist
  unsigned live = 0;  ///< lanes not done
  unsigned waiting = 0;
  unsigned site = 0; ///< site of the waiting lanes, if all the same
  bool sameSite = true;
  /// kMaxDeferredMma + 1 rows: the operands of the matrix instructions of
  /// the wave's next meeting (WorkGroup::mmaRows); then as many for each
  /// run (`__mcore_emu_mma_run`) with an id below kCachedRuns.
  MmaRow *mma = nullptr;
  /// For those runs: the lanes' tables their rows were read from (a table
  /// never changes: the rows stay valid while every lane passes the same).
  struct RunCache {
    bool valid = false;
    const MmaRunEntry *tables[MmaRow::kLanes];
  } runCache[kCachedRuns];
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
  std::atomic<uint64_t> doneGroups{0}; ///< for Options::progress
  std::atomic<bool> failed{false};
  std::mutex errorMutex;
  std::string error;
  std::chrono::steady_clock::time_point deadline;
  size_t stackBytes = 0;
  /// The checker (Options::boundsCheck): bounds, data races, uninitialized
  /// reads.
  bool boundsCheck = false;
  /// LDS starts filled with kPoisonByte.
  bool poison = true;
  Schedule schedule = Schedule::InOrder;
  uint64_t scheduleSeed = 0;
  /// Lanes switch at every memory access (the non-default schedules).
  bool yieldAtMemory = false;
  /// Who wrote and read each byte of global memory (the checker).
  std::shared_ptr<GlobalShadow> globalShadow;

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
  uint64_t flatId = 0; ///< x-fastest index in the grid
  uint8_t *lds = nullptr;
  std::vector<Lane> lanes;
  std::vector<Wave> waves;
  /// The order the scheduler runs the lanes in, this round.
  std::vector<unsigned> order;
  uint64_t random = 0; ///< state of Schedule::Random
  /// The checker's LDS cells (one per byte), the epoch of the barriers
  /// now, and `initEpoch`: cells written before it were written by an
  /// earlier work-group (uninitialized here); a cell at `initEpoch` was
  /// written by an atomic only.
  LdsCell *ldsCells = nullptr;
  uint32_t epoch = 0, initEpoch = 0;
  /// The LDS offsets of cells with a pending conflict.
  std::vector<uint32_t> pendingCells;
  /// The first read of LDS no lane had written, reported at the next
  /// barrier or the end of the work-group unless a race is found first.
  struct {
    bool pending = false;
    unsigned lane = 0;
    uint32_t site = 0;
    uint64_t offset = 0;
  } uninitializedRead;
  unsigned live = 0;
  unsigned atBarrier = 0;
  fcontext_t schedCtx = nullptr;
  /// The scheduler's stack and AddressSanitizer fake stack (startSwitch).
  const void *schedStackBottom = nullptr;
  size_t schedStackBytes = 0;
  void *schedFakeStack = nullptr;
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
  /// The operands the matrix instructions of the current meeting of a
  /// wave decoded (executeGroup clears it at each).
  MatrixOperandCache mmaCache;
  /// The waves' MmaRows (Wave::mma), (kCachedRuns + 1) * (kMaxDeferredMma +
  /// 1) per wave; not initialized: a row's columns are written before the
  /// wave reads them.
  std::unique_ptr<MmaRow[]> mmaRows;
  size_t mmaRowCount = 0;

  void run();
  /// Draws a new random order of the lanes (Schedule::Random).
  void shuffleOrder();
  /// At a barrier or the end: faults for a conflicting LDS write that
  /// changed its byte, or a pending read of uninitialized LDS; returns false
  /// then (MemoryChecks.cpp).
  bool settleLdsChecks();
  bool resolveWaveOps();
  /// Every live lane is at a barrier: lets them all go, or faults when the
  /// lanes of one wave wait at different barriers (a barrier in divergent
  /// code). Returns false after the fault.
  bool releaseBarrier();
  /// The barriers lanes wait at: "'llvm.amdgcn.s.barrier' in function 'k'
  /// at k.hip:12:5 (waves 0, 1)", or "" when none waits.
  std::string describeBarriers() const;
  /// Executes the wave op `site` for the lanes of `w` waiting at it. Returns
  /// false after a fault.
  bool executeGroup(Wave &w, unsigned site, Lane *current);
  /// Executes the matrix instructions of the meeting the lanes of `w`
  /// (`active`, `n` of them) have at site `s`: the deferred ones and `s`
  /// (Meetings.cpp). Returns false after a fault.
  bool executeMeeting(Wave &w, const Site &s, Lane *const *active, unsigned n);
  /// Executes matrix instruction `s` for the whole wave with the lanes'
  /// operands in `row`; a fault names `lane`. `several`: the meeting has
  /// more instructions, which share mmaCache. Returns false after a fault.
  bool executeMma(const Site &s, const MmaRow &row, Lane *lane, bool several);
  /// The rows of the run the lanes of `w` (`active`, all of them) meet with:
  /// read from their tables, or kept from the last meeting of that run.
  const MmaRow *runRows(Wave &w, Lane *const *active);
  /// "kernel 'k', work-group (..), work-item (..) (wave w, lane l)".
  std::string describeLane(const Lane &l) const;
  /// Where the lanes are: "32 lanes wait at a barrier (wave 0), ...".
  std::string describeStates() const;
  /// Records a fault; the launch stops.
  void fault(const Lane *l, const std::string &message);
  /// Describes the signal the handler caught in lane `l`.
  std::string describeSignal(const Lane &l) const;
};

/// The work-group this thread runs, and its lane running now. Lane code
/// reads them at every runtime call (emuMmaDefer at every matrix
/// instruction): in the initial-exec model an access is one load from the
/// thread pointer, not a call of __tls_get_addr. The 16 bytes come from the
/// static TLS block glibc keeps spare for libraries loaded with dlopen.
[[clang::require_constant_initialization,
  gnu::tls_model("initial-exec")]] extern thread_local WorkGroup *tlsWG;
[[clang::require_constant_initialization,
  gnu::tls_model("initial-exec")]] extern thread_local Lane *tlsLane;

/// Runs the work-groups of `launch` on the calling thread and the pool's
/// (Runtime.cpp); failures are in `launch`.
void runWorkGroups(LaunchState &launch);

/// Switches from the current lane back to the scheduler. Returns when the
/// scheduler resumes the lane.
void suspend(Lane &l);

/// The checker's view of an access of `size` bytes at `ptr` by lane `l` at
/// memory site `site`, after the bounds check passed: data races in LDS
/// between waves and in global memory between work-groups, reads of
/// uninitialized LDS and poisoned allocations. Records the fault and
/// returns false on a finding (MemoryChecks.cpp).
bool checkAccess(Lane &l, const void *ptr, uint64_t size, uint32_t site);
/// The same for a buffer access, whose site has no load/store direction of
/// its own.
bool checkAccess(Lane &l, const void *ptr, uint64_t size, uint32_t site,
                 bool isStore, bool isAtomic);
/// Bytes [ptr, ptr + size) of lane `l`'s private memory are a new alloca:
/// not written yet (the checker; MemoryChecks.cpp).
void markPrivateFresh(Lane &l, const void *ptr, uint64_t size);
/// A new, empty global shadow for a launch.
std::shared_ptr<GlobalShadow> makeGlobalShadow();
/// Ends the current lane after a fault: the scheduler never resumes it.
/// Nothing on the lane's stack is destroyed then, so the frames of the
/// caller must own no memory (a std::string message would leak): record
/// the fault (WorkGroup::fault) in a call that has returned, then abandon.
[[noreturn]] void abandon(Lane &l);

/// The current lane arrives at wave op `site` with its operands; executes
/// it when it is the last lane of its wave to arrive, else waits. Inline:
/// every lane passes here at every wave-wide instruction.
inline void arrive(unsigned site, const void *in0, const void *in1,
                   const void *in2, void *out, uint32_t a0, uint32_t a1,
                   const void *in3 = nullptr) {
  Lane &l = *tlsLane;
  l.in0 = in0;
  l.in1 = in1;
  l.in2 = in2;
  l.in3 = in3;
  l.out = out;
  l.a0 = a0;
  l.a1 = a1;
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

/// Executes cross-lane site `s` for the lanes waiting at it: `active[i]` is
/// lane i of the wave, or null when that lane is not there. Fails with a
/// message for what the emulator cannot compute (CrossLane.cpp).
llvm::Error executeCrossLane(const Site &s, llvm::ArrayRef<Lane *> active);

/// Adds the pieces of printf site `s` to the messages of the waiting lanes
/// and prints the messages they send, in lane order (PrintfRuntime.cpp).
llvm::Error executePrintf(const Site &s, llvm::ArrayRef<Lane *> active);

/// Catches SIGSEGV, SIGBUS, SIGFPE and SIGILL raised by lanes; signals from
/// anywhere else go to the handlers installed before (Faults.cpp).
void installFaultHandlers();

/// An alternate signal stack for the current thread while it runs lanes
/// (the handler must run when a lane has used up its own stack). A thread
/// that already has one keeps it.
struct AltSignalStack {
  void *mapping = nullptr;
  size_t bytes = 0;
  AltSignalStack();
  ~AltSignalStack();
};

/// The runtime functions of Meetings.cpp, BoundsCheck.cpp, RuntimeMath.cpp,
/// BufferRuntime.cpp and PrintfRuntime.cpp.
llvm::ArrayRef<RuntimeSymbol> getMatrixSymbols();
llvm::ArrayRef<RuntimeSymbol> getBoundsCheckSymbols();
llvm::ArrayRef<RuntimeSymbol> getMathSymbols();
llvm::ArrayRef<RuntimeSymbol> getBufferSymbols();
llvm::ArrayRef<RuntimeSymbol> getPrintfSymbols();

} // namespace mlir::mcore::emu::runtime

#endif // MCORE_LIB_EMULATOR_WORKGROUP_H
