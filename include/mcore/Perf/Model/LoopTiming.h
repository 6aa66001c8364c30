//===- LoopTiming.h - A loop's cycles and the overlap model -----*- C++ -*-===//
//
// How long one iteration of a loop takes for one wave alone, how long each
// per-SIMD unit is busy with it, and the overlap model that turns these into
// the time of an iteration when W waves share a SIMD. The timing engines of
// the ISA predictor (mcore/Perf/Timing.h: llvm-mca and mcore's issue model)
// produce a LoopTiming from a kernel's instructions; the analytic model
// (Model.h) makes one from a configuration's matrix instructions alone.
// docs/Performance.md gives every assumption.
//
// All cycles are clock cycles of the chip (llvm-mca's gfx9 cycles are four
// clocks and are converted).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_PERF_MODEL_LOOPTIMING_H
#define MCORE_PERF_MODEL_LOOPTIMING_H

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mlir::mcore::perf {

/// The per-SIMD units an instruction keeps busy. On RDNA the matrix
/// instructions run on the VALU, so their cycles count for Matrix and VALU.
/// LDS is the port LDS (and SMEM) instructions issue on; LdsData is this
/// SIMD's share of the CU's LDS data path (the clocks an access takes with
/// its bank conflicts, times the SIMDs sharing the LDS): a throughput bound
/// only, it delays no single wave's issue.
enum class Unit : uint8_t { Matrix, VALU, SALU, VMEM, LDS, Branch, LdsData };
constexpr unsigned kNumUnits = 7;
llvm::StringRef getUnitName(Unit unit); ///< "matrix", "valu", ...

using UnitCycles = std::array<double, kNumUnits>;

/// Which timing engine made a LoopTiming (mcore/Perf/Timing.h).
enum class Engine : uint8_t { Auto, Mca, Issue };
llvm::StringRef getEngineName(Engine engine); ///< "llvm-mca", "issue model"

/// The code between two barriers of the loop (the whole loop when it has
/// none).
struct Segment {
  double cycles = 0; ///< one wave alone
  UnitCycles busy{};
};

struct LoopTiming {
  Engine engine = Engine::Auto;
  unsigned instructions = 0;
  double cycles = 0; ///< one iteration of one wave alone
  UnitCycles busy{}; ///< per wave per iteration
  std::vector<Segment> segments;
  /// llvm-mca's own busy cycles of its matrix pipe (HWXDL), to compare with
  /// the catalog's; negative when not measured.
  double mcaMatrixCycles = -1;
  /// Each timed instruction and the cycle it issues at, from the start of a
  /// steady-state iteration (the first when the code runs once).
  std::vector<std::pair<std::string, double>> trace;
  std::vector<std::string> notes;
};

/// The overlap model: the time of one iteration on one SIMD when it holds
/// `wavesPerSimd` waves, `wavesPerSimdPerWorkgroup` of them from one
/// work-group (they meet at the loop's barriers):
///   T_wg = sum over segments s of max(t_s, w_g * max_u busy_s[u])
///   T(W) = max(T_wg, W * max_u busy[u])
double getSimdIterationCycles(const LoopTiming &timing, unsigned wavesPerSimd,
                              unsigned wavesPerSimdPerWorkgroup);

} // namespace mlir::mcore::perf

#endif // MCORE_PERF_MODEL_LOOPTIMING_H
