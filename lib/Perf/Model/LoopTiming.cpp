//===- LoopTiming.cpp - The overlap model ---------------------------------===//

#include "mcore/Perf/Model/LoopTiming.h"

#include "llvm/Support/ErrorHandling.h"

#include <algorithm>

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

StringRef mlir::mcore::perf::getUnitName(Unit unit) {
  switch (unit) {
  case Unit::Matrix:
    return "matrix";
  case Unit::VALU:
    return "valu";
  case Unit::SALU:
    return "salu";
  case Unit::VMEM:
    return "vmem";
  case Unit::LDS:
    return "lds";
  case Unit::Branch:
    return "branch";
  case Unit::LdsData:
    return "lds-data";
  }
  llvm_unreachable("unknown unit");
}

StringRef mlir::mcore::perf::getEngineName(Engine engine) {
  switch (engine) {
  case Engine::Auto:
    return "auto";
  case Engine::Mca:
    return "llvm-mca";
  case Engine::Issue:
    return "issue model";
  }
  llvm_unreachable("unknown engine");
}

static double maxUnit(const UnitCycles &busy) {
  return *std::max_element(busy.begin(), busy.end());
}

double mlir::mcore::perf::getSimdIterationCycles(
    const LoopTiming &timing, unsigned wavesPerSimd,
    unsigned wavesPerSimdPerWorkgroup) {
  unsigned w = std::max(wavesPerSimd, 1u);
  unsigned wg = std::clamp(wavesPerSimdPerWorkgroup, 1u, w);
  // One work-group's waves on this SIMD meet at every barrier: within a
  // segment they overlap, across barriers they do not.
  double workgroup = 0;
  if (timing.segments.empty()) {
    workgroup = std::max(timing.cycles, wg * maxUnit(timing.busy));
  } else {
    for (const Segment &s : timing.segments)
      workgroup += std::max(s.cycles, wg * maxUnit(s.busy));
  }
  // Waves of other work-groups fill what one work-group leaves idle, until
  // the busiest unit is saturated.
  return std::max(workgroup, w * maxUnit(timing.busy));
}
