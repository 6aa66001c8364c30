//===- Faults.cpp - Hardware faults in kernel code ------------------------===//
//
// While a launch runs, handlers for SIGSEGV, SIGBUS, SIGFPE and SIGILL (on
// an alternate signal stack, as a lane may have used up its own) turn a
// fault raised by a lane into an error of the launch: the handler jumps back
// to the work-group's scheduler (WorkGroup::run), which reports the lane and
// abandons the work-group's fibers. A signal raised anywhere else goes on to
// the handler installed before.
//
//===----------------------------------------------------------------------===//

#include "WorkGroup.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cstring>

#include <sys/mman.h>
#include <unistd.h>

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::runtime;

namespace {

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
  // Back to the scheduler's stack, leaving the lane's fiber for good.
  startSwitch(nullptr, wg->schedStackBottom, wg->schedStackBytes);
  siglongjmp(*wg->faultJump, 1);
}

} // namespace

void runtime::installFaultHandlers() {
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

AltSignalStack::AltSignalStack() {
  stack_t current;
  if (sigaltstack(nullptr, &current) != 0 || !(current.ss_flags & SS_DISABLE))
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

AltSignalStack::~AltSignalStack() {
  if (!mapping)
    return;
  stack_t off;
  std::memset(&off, 0, sizeof(off));
  off.ss_flags = SS_DISABLE;
  sigaltstack(&off, nullptr);
  munmap(mapping, bytes);
}

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
                           launch->stackBytes / 1024)
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
           "instruction, at " +
           address;
  default:
    return "signal " + std::to_string(signal) + " in kernel code";
  }
}
