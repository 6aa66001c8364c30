//===- Counters.h - Memory counters and the waits on them -----------------===//
//
// Private to lib/Perf: which counter a memory instruction raises and what an
// s_waitcnt / s_wait_*cnt waits for, from the instruction's text. Both timing
// engines use it (llvm-mca's own AMDGPU custom behaviour counts every
// FLAT-encoded instruction, global_load included, in lgkmcnt as well, and
// knows no gfx12 s_wait_*; docs/Performance.md).
//
//   gfx9:  vmcnt = VMEM loads and stores, lgkmcnt = LDS and SMEM
//   gfx11: vmcnt = VMEM loads, vscnt = VMEM stores, lgkmcnt = LDS and SMEM
//   gfx12: loadcnt, storecnt, dscnt (LDS), kmcnt (SMEM)
//
// (AMD CDNA3 / RDNA3 / RDNA4 ISA guides, "Data dependency resolution";
// LLVM AMDGPUUsage memory model tables.)
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_PERF_COUNTERS_H
#define MCORE_LIB_PERF_COUNTERS_H

#include "mcore/Target/Chip.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <vector>

namespace mlir::mcore::perf {

enum Counter : uint8_t { VmLoad, VmStore, Lds, Smem };
using CounterSet = uint8_t; ///< one bit per Counter
constexpr CounterSet counterBit(Counter c) { return CounterSet(1u << c); }

struct CounterRules {
  bool storesInVmcnt; ///< gfx9
};
CounterRules getCounterRules(Chip chip);

/// The counters a memory instruction raises (0: none, not a memory access
/// the waits track). flat_* raise the VMEM and the LDS counter.
CounterSet getRaisedCounters(llvm::StringRef mnemonic,
                             llvm::StringRef operands);

/// "Wait until at most `count` operations of `counters` are outstanding."
struct Wait {
  CounterSet counters;
  unsigned count;
};

/// The waits of a wait instruction; false if it is not one.
bool decodeWait(llvm::StringRef mnemonic, llvm::StringRef operands,
                const CounterRules &rules, std::vector<Wait> &waits);

} // namespace mlir::mcore::perf

#endif // MCORE_LIB_PERF_COUNTERS_H
