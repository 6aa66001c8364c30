//===- Timing.h - Cycles of a kernel's main loop ---------------*- C++ -*-===//
//
// How long one iteration of a loop takes for one wave alone, how long each
// per-SIMD unit is busy with it, and the overlap model that turns these into
// the time of an iteration when W waves share a SIMD. Two engines produce a
// LoopTiming: llvm-mca (CDNA; LLVM's gfx9 scheduling model, run in-process)
// and mcore's issue model (RDNA, where LLVM has no WMMA timing; CDNA too, as
// a cross-check). docs/Performance.md gives every assumption.
//
// All cycles are clock cycles of the chip (llvm-mca's gfx9 cycles are four
// clocks and are converted).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_PERF_TIMING_H
#define MCORE_PERF_TIMING_H

#include "mcore/Perf/Isa.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <string>
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

enum class Engine : uint8_t { Auto, Mca, Issue };
llvm::StringRef getEngineName(Engine engine); ///< "llvm-mca", "issue model"
/// The engine Engine::Auto times `chip`'s code with: mcore's issue model,
/// on every chip. Its memory latencies are those of a loaded GPU
/// (getLdsLatencyClocks), which LLVM's scheduling models, and with them
/// llvm-mca, do not have; LLVM 22's models also give RDNA's WMMA no cost, and
/// llvm-mca deadlocks on some gfx950 loops. llvm-mca (--engine=mca) stays as
/// a cross-check with LLVM's own latencies.
Engine getAutoEngine(Chip chip);

/// Clocks from an LDS access's issue to its completion (its DS counter
/// decrement) on a loaded CU: 60, the latency LLVM's AMDGPU scheduler
/// assumes for LDS under moderate contention (SIInstrInfo's DSLatencyMode
/// "Loaded", llvm-project #205626, 2026). LLVM's scheduling models give 20
/// (5 passes of 4 clocks on gfx9), the latency of an idle LDS: a loop whose
/// waits put LDS accesses in a chain (Tensile's RDNA4 kernels wait for
/// each LDS store) runs at the loaded figure (docs/Calibration.md).
double getLdsLatencyClocks(Chip chip);

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

/// llvm-mca's simulation stopped making progress (no instruction retired
/// for a long time): a deadlock of LLVM's scheduling model, not of the code
/// (--engine=mca reports it as an error).
class McaDeadlockError : public llvm::ErrorInfo<McaDeadlockError> {
public:
  static char ID;
  explicit McaDeadlockError(unsigned idleCycles) : idleCycles(idleCycles) {}
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  unsigned idleCycles;
};

/// The instructions a timing engine needs, with the catalog entry of each
/// matrix instruction (nullptr for other instructions or one the catalog does
/// not have).
struct TimedInstruction {
  const IsaLine *line;
  const IntrinsicInfo *matrix = nullptr;
  /// Clocks of this SIMD's share of the LDS data path (Unit::LdsData).
  double ldsShare = 0;
};

/// Times `body` repeated `iterations` times (a loop; 1 for straight-line
/// code). `engine` must be Mca or Issue. With `stockMcaWaits`, llvm-mca uses
/// LLVM's AMDGPU custom behaviour for s_waitcnt, as the llvm-mca tool does,
/// instead of mcore's counter rules.
llvm::Expected<LoopTiming>
timeInstructions(Chip chip, Engine engine,
                 llvm::ArrayRef<TimedInstruction> body, unsigned iterations,
                 bool stockMcaWaits = false);

/// The overlap model: the time of one iteration on one SIMD when it holds
/// `wavesPerSimd` waves, `wavesPerSimdPerWorkgroup` of them from one
/// work-group (they meet at the loop's barriers):
///   T_wg = sum over segments s of max(t_s, w_g * max_u busy_s[u])
///   T(W) = max(T_wg, W * max_u busy[u])
double getSimdIterationCycles(const LoopTiming &timing, unsigned wavesPerSimd,
                              unsigned wavesPerSimdPerWorkgroup);

} // namespace mlir::mcore::perf

#endif // MCORE_PERF_TIMING_H
