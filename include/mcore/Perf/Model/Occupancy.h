//===- Occupancy.h - Waves per SIMD from a kernel's resources --*- C++ -*-===//
//
// How many waves of a kernel one SIMD holds, and what limits it: the VGPR
// file (VGPRs and AGPRs together on gfx90a/gfx942/gfx950), SGPRs (gfx9), LDS,
// wave slots and hardware barriers (work-groups per CU or WGP). The chip
// facts come from lib/Target (getChipOccupancyInfo); docs/Performance.md has
// the formulas and their sources.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_PERF_OCCUPANCY_H
#define MCORE_PERF_OCCUPANCY_H

#include "mcore/Target/Chip.h"

#include <climits>
#include <string>
#include <vector>

namespace mlir::mcore::perf {

/// What a kernel asks of the hardware, as its code object says.
struct OccupancyInput {
  unsigned vgprs = 0;         ///< per lane, as allocated: the descriptor's
                              ///< next_free_vgpr (VGPRs + AGPRs on gfx90a+)
  unsigned sgprs = 0;         ///< per wave, with VCC/flat-scratch/XNACK extras
  unsigned ldsBytes = 0;      ///< per work-group
  unsigned workgroupSize = 0; ///< threads
  unsigned waveSize = 64;
  bool wgpMode = true;        ///< RDNA: a work-group runs on a WGP (2 CUs)
};

constexpr unsigned kUnlimited = UINT_MAX;

struct Occupancy {
  unsigned cusPerUnit = 1;   ///< CUs of the unit work-groups are placed on:
                             ///< 1 (a CU), or 2 (an RDNA WGP in WGP mode)
  unsigned simdsPerUnit = 4;
  unsigned wavesPerWorkgroup = 0;
  unsigned vgprsAllocated = 0; ///< per lane, rounded to the granule
  unsigned ldsAllocated = 0;   ///< per work-group, rounded to the granule
  unsigned vgprWavesPerSimd = 0, sgprWavesPerSimd = 0;
  /// Work-groups per unit each resource allows (kUnlimited: no limit).
  unsigned byVgprs = kUnlimited, bySgprs = kUnlimited, byLds = kUnlimited,
           byWaveSlots = kUnlimited, byBarriers = kUnlimited;
  unsigned workgroupsPerUnit = 0; ///< the smallest: 0 when it cannot run
  unsigned wavesPerSimd = 0;      ///< on the most loaded SIMD
  unsigned wavesPerSimdPerWorkgroup = 0; ///< one work-group's waves per SIMD
  std::vector<std::string> limiters;     ///< "lds", "vgprs", ...
};

Occupancy computeOccupancy(Chip chip, const OccupancyInput &input);

/// gfx9: waves per SIMD `sgprs` SGPRs allow (LLVM getOccupancyWithNumSGPRs).
unsigned getWavesWithSgprs(unsigned sgprs);

} // namespace mlir::mcore::perf

#endif // MCORE_PERF_OCCUPANCY_H
