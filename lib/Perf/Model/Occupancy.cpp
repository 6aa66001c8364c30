//===- Occupancy.cpp - Waves per SIMD from a kernel's resources -----------===//

#include "mcore/Perf/Model/Occupancy.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace mlir::mcore;
using namespace mlir::mcore::perf;

unsigned mlir::mcore::perf::getWavesWithSgprs(unsigned sgprs) {
  // AMDGPUBaseInfo.cpp getOccupancyWithNumSGPRs, VOLCANIC_ISLANDS and later
  // gfx9: 800 SGPRs per SIMD in blocks of 16.
  if (sgprs <= 80)
    return 10;
  if (sgprs <= 88)
    return 9;
  if (sgprs <= 100)
    return 8;
  return 7;
}

Occupancy mlir::mcore::perf::computeOccupancy(Chip chip,
                                              const OccupancyInput &in) {
  const ChipOccupancyInfo &info = getChipOccupancyInfo(chip);
  Occupancy o;
  o.cusPerUnit = in.wgpMode && info.cusPerWgp ? info.cusPerWgp : 1;
  o.simdsPerUnit = info.simdsPerCU * o.cusPerUnit;
  unsigned waveSize = std::max(in.waveSize, 1u);
  o.wavesPerWorkgroup =
      std::max(1u, unsigned(llvm::divideCeil(in.workgroupSize, waveSize)));
  o.wavesPerSimdPerWorkgroup = unsigned(
      llvm::divideCeil(o.wavesPerWorkgroup, o.simdsPerUnit));

  // VGPRs: getNumWavesPerEUWithNumVGPRs.
  o.vgprsAllocated =
      unsigned(llvm::alignTo(std::max(in.vgprs, 1u), info.vgprAllocGranule));
  o.vgprWavesPerSimd = std::clamp(info.vgprsPerSimd / o.vgprsAllocated, 1u,
                                  info.maxWavesPerSimd);
  if (in.vgprs > info.vgprsPerSimd)
    o.vgprWavesPerSimd = 0;
  o.sgprWavesPerSimd = info.sgprsLimitWaves
                           ? std::min(getWavesWithSgprs(in.sgprs),
                                      info.maxWavesPerSimd)
                           : info.maxWavesPerSimd;

  // Waves are spread over the unit's SIMDs as evenly as possible.
  auto workgroupsFor = [&](unsigned wavesPerSimd) {
    return wavesPerSimd * o.simdsPerUnit / o.wavesPerWorkgroup;
  };
  o.byVgprs = workgroupsFor(o.vgprWavesPerSimd);
  if (info.sgprsLimitWaves)
    o.bySgprs = workgroupsFor(o.sgprWavesPerSimd);
  o.byWaveSlots = workgroupsFor(info.maxWavesPerSimd);
  // getMaxWorkGroupsPerCU: single-wave work-groups use no barrier.
  if (o.wavesPerWorkgroup > 1)
    o.byBarriers = info.maxBarriers * o.cusPerUnit;
  if (in.ldsBytes) {
    o.ldsAllocated =
        unsigned(llvm::alignTo(in.ldsBytes, info.ldsAllocGranule));
    o.byLds = info.ldsPerCU * o.cusPerUnit / o.ldsAllocated;
  }

  std::pair<const char *, unsigned> limits[] = {
      {"vgprs", o.byVgprs},        {"sgprs", o.bySgprs},
      {"lds", o.byLds},            {"wave slots", o.byWaveSlots},
      {"barriers", o.byBarriers}};
  o.workgroupsPerUnit = kUnlimited;
  for (auto [name, n] : limits)
    o.workgroupsPerUnit = std::min(o.workgroupsPerUnit, n);
  for (auto [name, n] : limits)
    if (n == o.workgroupsPerUnit)
      o.limiters.push_back(name);
  o.wavesPerSimd = unsigned(llvm::divideCeil(
      uint64_t(o.workgroupsPerUnit) * o.wavesPerWorkgroup, o.simdsPerUnit));
  return o;
}
