//===- LdsBanks.h - LDS phases and bank conflicts ----------------*- C++ -*-===//
//
// How many clocks of a CU's LDS data path one wave's LDS access takes: the
// phase model of docs/Performance.md ("LDS bandwidth and bank conflicts"),
// from the chip's LDS facts (getChipLdsInfo). The performance model costs
// kernels with it; mcore-tile-matmul chooses its LDS padding with it.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TARGET_LDSBANKS_H
#define MCORE_TARGET_LDSBANKS_H

#include "mcore/Target/Chip.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace mlir::mcore {

/// Clocks of one pass of an access of `bytes` bytes per lane (4, 8, 12 or
/// 16) at these per-lane byte addresses: the lanes are served in phases of
/// `banks * bankBytes / bytes` consecutive lanes; a phase takes one clock
/// per distinct dword its busiest bank serves; gfx950 serves two read
/// phases a clock.
double getLdsPassClocks(Chip chip, bool write, unsigned bytes,
                        llvm::ArrayRef<uint32_t> addresses);

/// The same without bank conflicts: the phases, over the phases a clock.
double getLdsIdealPassClocks(Chip chip, bool write, unsigned bytes,
                             unsigned lanes);

} // namespace mlir::mcore

#endif // MCORE_TARGET_LDSBANKS_H
