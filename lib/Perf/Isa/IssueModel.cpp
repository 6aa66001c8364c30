//===- IssueModel.cpp - mcore's in-order issue model ----------------------===//
//
// One wave, in order, one instruction per issue cycle (4 clocks on CDNA,
// where a SIMD is visited every fourth clock; 1 clock on RDNA). An
// instruction issues when:
//   - the wave's previous instruction has issued (plus s_nop's wait states);
//   - its unit is free (VALU, SALU, VMEM, LDS, branch, and the matrix unit,
//     which on RDNA is the VALU itself);
//   - the registers it reads are written (LLVM's latency for ALU results,
//     the catalog's cycles for matrix results); memory results are not
//     interlocked, only s_waitcnt / s_wait_*cnt waits for them.
// Latencies and unit cycles of non-matrix instructions come from LLVM's
// scheduling model for the chip, but an LDS access's, which is that of a
// loaded CU (getLdsLatencyClocks); the matrix instructions' from mcore's
// catalog. docs/Performance.md gives the assumptions.
//
//===----------------------------------------------------------------------===//

#include "AsmParser.h"
#include "Counters.h"
#include "Engines.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <deque>

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

namespace {

enum class Kind : uint8_t {
  Alu,     ///< VALU, SALU, matrix
  Memory,  ///< raises a counter
  Wait,    ///< s_waitcnt and friends
  Nop,     ///< s_nop: wait states
  Hint,    ///< s_delay_alu, s_clause, ...: no issue cycle
  Other,   ///< branches, barriers, cache controls
};

struct Decoded {
  Kind kind = Kind::Alu;
  Unit unit = Unit::VALU;
  CounterSet counters = 0;
  std::vector<Wait> waits;
  unsigned nops = 0;
  double latency = 1;
  UnitCycles busy{};
  SmallVector<unsigned, 8> defUnits, useUnits; ///< register units
  bool interlockDefs = true; ///< false for loads (s_waitcnt guards them)
};

/// Family differences of the issue model.
struct Params {
  double clocksPerIssue;      ///< CDNA 4, RDNA 1
  double clocksPerModelCycle; ///< LLVM's gfx9 models count 4 clocks
  bool matrixOnValu;          ///< RDNA: WMMA/SWMMAC run on the VALU
  CounterRules counters;
};

Params paramsFor(Chip chip) {
  if (getChipInfo(chip).hasMfma)
    return {4, 4, false, getCounterRules(chip)};
  return {1, 1, true, getCounterRules(chip)};
}

unsigned parseNumber(StringRef s) {
  unsigned v = 0;
  s.trim().getAsInteger(0, v);
  return v;
}

bool isHint(StringRef m) {
  return m == "s_delay_alu" || m == "s_clause" || m == "s_wait_alu" ||
         m == "s_set_inst_prefetch_distance" || m == "s_setprio" ||
         m == "s_set_vgpr_msb" || m == "s_wait_idle";
}

Decoded decode(const TimedInstruction &inst, const MCInst *mci,
               const AmdgpuMC &mc, Chip chip, const Params &p) {
  Decoded d;
  StringRef m = inst.line->mnemonic;
  StringRef ops = inst.line->operands;
  if (decodeWait(m, ops, p.counters, d.waits)) {
    d.kind = Kind::Wait;
    return d;
  }
  if (isHint(m)) {
    d.kind = Kind::Hint;
    return d;
  }
  if (m == "s_nop") {
    d.kind = Kind::Nop;
    d.nops = parseNumber(ops) + 1;
    return d;
  }

  // Unit cycles from LLVM's scheduling model.
  if (mci) {
    for (auto [name, cycles] : mc.getResources(*mci))
      if (std::optional<Unit> unit = getUnitOfResource(name))
        d.busy[unsigned(*unit)] += cycles * p.clocksPerModelCycle;
    d.latency = mc.getLatency(*mci) * p.clocksPerModelCycle;
    // A VALU instruction keeps the VALU for its issue rate: quarter-rate
    // instructions four times as long (LLVM's models give every VALU
    // instruction one resource cycle).
    double &valu = d.busy[unsigned(Unit::VALU)];
    if (valu > 0)
      valu = std::max(valu, getValuIssueClocks(chip, mc.getLatency(*mci)));
  }

  bool vmem = m.starts_with("global_") || m.starts_with("buffer_") ||
              m.starts_with("scratch_") || m.starts_with("flat_");
  bool lds = m.starts_with("ds_");
  bool smem = m.starts_with("s_load") || m.starts_with("s_buffer_load");
  d.busy[unsigned(Unit::LdsData)] = inst.ldsShare;
  if (isMatrixMnemonic(m)) {
    d.kind = Kind::Alu;
    d.busy = {};
    d.busy[unsigned(Unit::LdsData)] = inst.ldsShare;
    double cycles = inst.matrix ? inst.matrix->getCycles(chip)
                                : 16 * p.clocksPerIssue;
    d.busy[unsigned(Unit::Matrix)] = cycles;
    if (p.matrixOnValu)
      d.busy[unsigned(Unit::VALU)] = cycles;
    d.latency = cycles;
  } else if (vmem || lds || smem) {
    d.counters = getRaisedCounters(m, ops);
    d.kind = d.counters ? Kind::Memory : Kind::Other;
    d.interlockDefs = false;
    Unit unit = vmem ? Unit::VMEM : Unit::LDS;
    if (d.busy[unsigned(unit)] == 0)
      d.busy[unsigned(unit)] = p.clocksPerIssue;
    // LDS under load, not LLVM's idle-LDS latency (Timing.h).
    if (lds)
      d.latency = getLdsLatencyClocks(chip);
  } else if (m == "s_barrier" || m == "s_barrier_wait" ||
             m == "s_barrier_signal" || m.starts_with("s_cbranch") ||
             m == "s_branch" || m == "s_endpgm") {
    d.kind = Kind::Other;
    d.busy = {};
    d.busy[unsigned(Unit::Branch)] = p.clocksPerIssue;
  } else if (!mci) {
    // Not parsed: one issue cycle of its unit.
    Unit unit = m.starts_with("s_") ? Unit::SALU : Unit::VALU;
    d.busy[unsigned(unit)] = p.clocksPerIssue;
    d.latency = (unit == Unit::SALU ? 2 : 5) * p.clocksPerIssue;
  }

  if (mci) {
    const MCRegisterInfo &mri = mc.getRegisterInfo();
    const MCInstrDesc &desc = mc.getInstrInfo().get(mci->getOpcode());
    auto addUnits = [&](MCRegister reg, SmallVectorImpl<unsigned> &out) {
      if (!reg)
        return;
      for (MCRegUnit unit : mri.regunits(reg))
        out.push_back(unsigned(unit));
    };
    for (unsigned i = 0, e = mci->getNumOperands(); i < e; ++i) {
      const MCOperand &op = mci->getOperand(i);
      if (!op.isReg())
        continue;
      addUnits(op.getReg(), i < desc.getNumDefs() ? d.defUnits : d.useUnits);
    }
    for (MCPhysReg reg : desc.implicit_defs())
      addUnits(reg, d.defUnits);
    for (MCPhysReg reg : desc.implicit_uses())
      addUnits(reg, d.useUnits);
  }
  return d;
}

struct Outstanding {
  CounterSet counters;
  double done;
};

} // namespace

Expected<LoopTiming>
mlir::mcore::perf::timeWithIssueModel(Chip chip,
                                      ArrayRef<TimedInstruction> body,
                                      unsigned iterations) {
  Expected<std::unique_ptr<AmdgpuMC>> mcOr = AmdgpuMC::create(chip);
  if (!mcOr)
    return mcOr.takeError();
  const AmdgpuMC &mc = **mcOr;
  Params p = paramsFor(chip);

  std::unique_ptr<AmdgpuMC::Parsed> parsed = parseBody(mc, body);

  LoopTiming timing;
  timing.engine = Engine::Issue;
  timing.instructions = body.size();
  std::vector<Decoded> decoded;
  unsigned unparsed = 0;
  for (auto [i, inst] : llvm::enumerate(body)) {
    const MCInst *mci = parsed->insts[i] ? &*parsed->insts[i] : nullptr;
    if (!mci && !isHint(inst.line->mnemonic))
      ++unparsed;
    decoded.push_back(decode(inst, mci, mc, chip, p));
  }
  if (unparsed)
    timing.notes.push_back(formatv(
        "the assembler rejected {0} instructions; they are timed by their "
        "mnemonic, without register dependencies",
        unparsed));

  std::vector<UnitCycles> instBusy;
  for (const Decoded &d : decoded) {
    instBusy.push_back(d.busy);
    for (unsigned u = 0; u < kNumUnits; ++u)
      timing.busy[u] += d.busy[u];
  }

  iterations = std::max(iterations, 1u);
  size_t n = body.size();
  std::vector<double> issue(n * iterations, 0);
  UnitCycles unitFree{};
  DenseMap<unsigned, double> ready; // register unit -> cycle
  std::deque<Outstanding> outstanding;
  double next = 0, end = 0;
  for (unsigned it = 0; it < iterations; ++it) {
    for (size_t i = 0; i < n; ++i) {
      const Decoded &d = decoded[i];
      double t = next;
      if (d.kind == Kind::Hint) {
        issue[it * n + i] = t;
        continue;
      }
      if (d.kind == Kind::Wait) {
        for (const Wait &w : d.waits) {
          // The oldest (outstanding - count) operations of these counters
          // must be done.
          unsigned matching = 0;
          for (const Outstanding &o : outstanding)
            matching += (w.counters & o.counters) != 0;
          if (matching <= w.count)
            continue;
          unsigned mustFinish = matching - w.count, seen = 0;
          for (const Outstanding &o : outstanding) {
            if (!(w.counters & o.counters))
              continue;
            t = std::max(t, o.done);
            if (++seen == mustFinish)
              break;
          }
        }
        llvm::erase_if(outstanding,
                       [&](const Outstanding &o) { return o.done <= t; });
        // The wait itself takes the issue cycle it leaves in.
        issue[it * n + i] = t;
        next = t + p.clocksPerIssue;
        end = std::max(end, next);
        continue;
      }
      // The LDS data path bounds throughput only (Timing.h).
      auto gates = [](unsigned u) { return u != unsigned(Unit::LdsData); };
      for (unsigned u = 0; u < kNumUnits; ++u)
        if (d.busy[u] > 0 && gates(u))
          t = std::max(t, unitFree[u]);
      for (unsigned unit : d.useUnits) {
        auto r = ready.find(unit);
        if (r != ready.end())
          t = std::max(t, r->second);
      }
      issue[it * n + i] = t;
      for (unsigned u = 0; u < kNumUnits; ++u)
        if (d.busy[u] > 0 && gates(u))
          unitFree[u] = t + d.busy[u];
      for (unsigned unit : d.defUnits)
        ready[unit] = d.interlockDefs ? t + d.latency : t;
      if (d.kind == Kind::Memory)
        outstanding.push_back({d.counters, t + d.latency});
      next = t + (d.kind == Kind::Nop ? d.nops : 1) * p.clocksPerIssue;
      end = std::max(end, next);
    }
  }

  unsigned traced = iterations < 8 ? 0 : iterations / 4;
  for (size_t i = 0; i < n; ++i)
    timing.trace.push_back(
        {body[i].line->text(), issue[traced * n + i] - issue[traced * n]});
  if (iterations < 8) {
    timing.cycles = end / iterations;
    timing.segments.push_back({timing.cycles, timing.busy});
    return timing;
  }
  unsigned a = iterations / 4, b = iterations - iterations / 4;
  timing.cycles = (issue[b * n] - issue[a * n]) / (b - a);
  fillSegments(timing, body,
               ArrayRef<double>(issue).slice(a * n, 2 * n), instBusy);
  return timing;
}
