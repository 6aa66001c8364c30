//===- LdsAccess.h - LDS addresses and bank conflicts ---------------------===//
//
// Private to lib/Perf. What each LDS instruction of a kernel costs the CU's
// LDS data path: the bytes it moves and the clocks its phases take, bank
// conflicts included (docs/Performance.md, "LDS bandwidth and bank
// conflicts").
//
// The addresses come from evaluating the kernel's integer code lane by lane
// (LaneValues.cpp): v0 holds the work-item id, kernel arguments and
// work-group ids are unknown, and the code runs once in layout order, so an
// instruction of the main loop sees the registers of the first iteration.
// An address that depends on something unknown makes the instruction's
// conflicts unknown; it is then costed as conflict-free and counted.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_PERF_LDSACCESS_H
#define MCORE_LIB_PERF_LDSACCESS_H

#include "mcore/Perf/Isa.h"

#include <optional>
#include <vector>

namespace mlir::mcore::perf {

/// The shape of an LDS instruction's access, from its mnemonic.
struct LdsShape {
  bool write = false;
  unsigned addresses = 1;     ///< 2 for ds_read2 / ds_write2 / *_2addr
  unsigned bytes = 4;         ///< per address per lane (at least 4: a bank
                              ///< access is a dword)
  unsigned offsetScale = 1;   ///< offset0/offset1 unit, bytes
  bool banked = true;         ///< false: ds_bpermute & co. (the crossbar)
  bool laneContiguous = false; ///< global_load_lds_*: lane i writes the
                               ///< i-th chunk from M0 (never conflicts)
};

/// The shape of `mnemonic`'s LDS access; nullopt when it touches no LDS.
std::optional<LdsShape> getLdsShape(llvm::StringRef mnemonic);

/// Per-lane byte addresses of every LDS instruction of `kernel`, for wave
/// `wave` of its work-group: one entry per body line (nullopt for other
/// lines and for LDS instructions whose address is unknown); each entry
/// holds `shape.addresses` vectors of `waveSize` addresses.
std::vector<std::optional<std::vector<std::vector<uint32_t>>>>
evaluateLdsAddresses(const KernelIsa &kernel, unsigned waveSize,
                     unsigned wave);

/// What one LDS instruction costs the CU's LDS, in clocks of the data path.
struct LdsCost {
  double bytes = 0;       ///< moved by one wave
  double idealClocks = 0; ///< without bank conflicts
  double clocks = 0;      ///< with them (= idealClocks when unknown)
  bool known = false;     ///< the addresses were known
};

/// The cost of every line of `kernel` (zero for lines that are no LDS
/// instruction), averaged over the `waves` waves of a work-group.
std::vector<LdsCost> computeLdsCosts(const KernelIsa &kernel, Chip chip,
                                     unsigned waveSize, unsigned waves);

/// Clocks of one access of `shape` by lanes with these addresses
/// (addresses[slot][lane]) on `chip`: the sum over phases of the busiest
/// bank's distinct dwords, over the phases served per clock.
double getLdsClocks(Chip chip, const LdsShape &shape,
                    const std::vector<std::vector<uint32_t>> &addresses);

} // namespace mlir::mcore::perf

#endif // MCORE_LIB_PERF_LDSACCESS_H
