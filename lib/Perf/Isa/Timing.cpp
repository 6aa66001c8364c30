//===- Timing.cpp - The choice of engine and what the engines share ------===//

#include "mcore/Perf/Timing.h"

#include "Engines.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

Engine mlir::mcore::perf::getAutoEngine(Chip) { return Engine::Issue; }

double mlir::mcore::perf::getLdsLatencyClocks(Chip) { return 60; }

char mlir::mcore::perf::McaDeadlockError::ID = 0;

void mlir::mcore::perf::McaDeadlockError::log(raw_ostream &os) const {
  os << formatv("llvm-mca made no progress for {0} cycles (no instruction "
                "retired): LLVM's scheduling model deadlocks on this code",
                idleCycles);
}

Expected<LoopTiming>
mlir::mcore::perf::timeInstructions(Chip chip, Engine engine,
                                    ArrayRef<TimedInstruction> body,
                                    unsigned iterations, bool stockMcaWaits) {
  if (body.empty()) {
    LoopTiming empty;
    empty.engine = engine;
    return empty;
  }
  switch (engine) {
  case Engine::Mca:
    return timeWithMca(chip, body, iterations, stockMcaWaits);
  case Engine::Issue:
    return timeWithIssueModel(chip, body, iterations);
  case Engine::Auto:
    break;
  }
  return createStringError(inconvertibleErrorCode(),
                           "timeInstructions needs an engine");
}

double mlir::mcore::perf::getValuIssueClocks(Chip chip, unsigned latency) {
  if (getChipInfo(chip).hasMfma)
    // SISchedule.td, gfx9 models: "The latency values are 1 / (operations /
    // cycle) / 4": a class's latency is its issue interval in 4-clock
    // passes (Write32Bit 1; WriteTrans32 and WriteQuarterRate32 4).
    return 4.0 * std::max(latency, 1u);
  // GFX11 model (gfx11, gfx12), latencies in clocks: full-rate classes 5,
  // "Half rate 64-bit instructions" (Write64Bit) 6, "Other quarter rate
  // VALU instructions" (WriteQuarterRate32) and the integer multiplies 8,
  // the quarter-rate transcendentals 10, f64 more: 1, 2 or 4 issue clocks.
  if (latency <= 5)
    return 1;
  if (latency == 6)
    return 2;
  return 4;
}

std::optional<Unit> mlir::mcore::perf::getUnitOfResource(StringRef name) {
  if (name == "HWXDL")
    return Unit::Matrix;
  if (name == "HWVALU" || name == "HWTransVALU")
    return Unit::VALU;
  if (name == "HWSALU")
    return Unit::SALU;
  if (name == "HWVMEM")
    return Unit::VMEM;
  if (name == "HWLGKM")
    return Unit::LDS;
  if (name == "HWBranch" || name == "HWExport")
    return Unit::Branch;
  return std::nullopt; // HWRC, the register cache, is not a unit
}

std::unique_ptr<AmdgpuMC::Parsed>
mlir::mcore::perf::parseBody(const AmdgpuMC &mc,
                             ArrayRef<TimedInstruction> body) {
  std::vector<std::string> lines;
  for (const TimedInstruction &inst : body)
    lines.push_back(inst.line->text());
  return mc.parse(lines);
}

/// Positions of the instructions where the waves of a work-group meet.
std::vector<unsigned>
mlir::mcore::perf::findBarriers(ArrayRef<TimedInstruction> body) {
  std::vector<unsigned> result;
  for (auto [i, inst] : llvm::enumerate(body)) {
    StringRef m = inst.line->mnemonic;
    if (m == "s_barrier" || m == "s_barrier_wait")
      result.push_back(i);
  }
  return result;
}

void mlir::mcore::perf::fillSegments(LoopTiming &timing,
                                     ArrayRef<TimedInstruction> body,
                                     ArrayRef<double> issueCycles,
                                     ArrayRef<UnitCycles> instBusy) {
  unsigned n = body.size();
  std::vector<unsigned> barriers = findBarriers(body);
  timing.segments.clear();
  if (barriers.empty()) {
    Segment s;
    s.cycles = timing.cycles;
    s.busy = timing.busy;
    timing.segments.push_back(s);
    return;
  }
  // Segment k runs from barrier k to barrier k+1 (the last wraps into the
  // next iteration); issueCycles covers two iterations.
  for (size_t k = 0; k < barriers.size(); ++k) {
    unsigned from = barriers[k];
    unsigned to = k + 1 < barriers.size() ? barriers[k + 1] : barriers[0] + n;
    Segment s;
    s.cycles = issueCycles[to] - issueCycles[from];
    for (unsigned i = from; i < to; ++i)
      for (unsigned u = 0; u < kNumUnits; ++u)
        s.busy[u] += instBusy[i % n][u];
    timing.segments.push_back(s);
  }
}
