//===- Timing.h - The timing engines of the ISA predictor -------*- C++ -*-===//
//
// How long one iteration of a kernel's loop takes, from its instructions:
// two engines produce a LoopTiming (mcore/Perf/Model/LoopTiming.h, with the
// overlap model): llvm-mca (LLVM's gfx9 scheduling model, run in-process)
// and mcore's issue model (every chip; RDNA, where LLVM has no WMMA timing,
// and CDNA, where llvm-mca stays as a cross-check). docs/Performance.md
// gives every assumption. Part of the ISA predictor (MCorePerf), which the
// compiler does not link.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_PERF_TIMING_H
#define MCORE_PERF_TIMING_H

#include "mcore/Perf/Isa.h"
#include "mcore/Perf/Model/LoopTiming.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <string>
#include <vector>

namespace mlir::mcore::perf {

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

} // namespace mlir::mcore::perf

#endif // MCORE_PERF_TIMING_H
