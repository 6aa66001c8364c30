//===- Engines.h - The timing engines (private to lib/Perf) ---------------===//

#ifndef MCORE_LIB_PERF_ENGINES_H
#define MCORE_LIB_PERF_ENGINES_H

#include "AsmParser.h"

#include "mcore/Perf/Timing.h"

namespace mlir::mcore::perf {

/// llvm-mca, in-process. s_waitcnt waits with mcore's counter rules, or
/// with LLVM's AMDGPU custom behaviour when `stockWaits` (what the llvm-mca
/// tool does).
llvm::Expected<LoopTiming> timeWithMca(Chip chip,
                                       llvm::ArrayRef<TimedInstruction> body,
                                       unsigned iterations, bool stockWaits);

/// mcore's in-order issue model.
llvm::Expected<LoopTiming>
timeWithIssueModel(Chip chip, llvm::ArrayRef<TimedInstruction> body,
                   unsigned iterations);

/// Clocks a VALU instruction of LLVM latency `latency` (in the chip's
/// scheduling-model units) keeps the SIMD's VALU from issuing another: its
/// issue rate (docs/Performance.md, "Quarter-rate VALU instructions").
double getValuIssueClocks(Chip chip, unsigned latency);

/// The unit whose cycles an LLVM AMDGPU processor resource (SISchedule.td:
/// HWXDL, HWVALU, ...) counts; nullopt for HWRC, the register cache.
std::optional<Unit> getUnitOfResource(llvm::StringRef name);

/// The text of each instruction of `body`, parsed by LLVM's assembler for
/// the chip.
std::unique_ptr<AmdgpuMC::Parsed>
parseBody(const AmdgpuMC &mc, llvm::ArrayRef<TimedInstruction> body);

/// Positions of s_barrier / s_barrier_wait in `body`.
std::vector<unsigned> findBarriers(llvm::ArrayRef<TimedInstruction> body);

/// Fills timing.segments from the issue cycle of every instruction of two
/// consecutive steady-state iterations (2 * body.size() entries) and each
/// instruction's unit cycles; timing.cycles and timing.busy must be set.
void fillSegments(LoopTiming &timing, llvm::ArrayRef<TimedInstruction> body,
                  llvm::ArrayRef<double> issueCycles,
                  llvm::ArrayRef<UnitCycles> instBusy);

} // namespace mlir::mcore::perf

#endif // MCORE_LIB_PERF_ENGINES_H
