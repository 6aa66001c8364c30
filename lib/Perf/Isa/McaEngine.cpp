//===- McaEngine.cpp - Loop timing with llvm-mca, in-process --------------===//
//
// The same pipeline `llvm-mca-22 -mtriple=amdgcn-amd-amdhsa -mcpu=CHIP`
// builds (LLVM's in-order AMDGPU model, the AMDGPU custom behaviour that
// makes s_waitcnt wait, the default pipeline options), run on the loop body
// repeated `iterations` times. LLVM's gfx9 scheduling models count in units
// of four clocks ("The latency values are 1 / (operations / cycle) / 4",
// SISchedule.td); the GFX10+ models count clocks.
//
//===----------------------------------------------------------------------===//

#include "AsmParser.h"
#include "Counters.h"
#include "Engines.h"

#include "llvm/MCA/Context.h"
#include "llvm/MCA/CustomBehaviour.h"
#include "llvm/MCA/HWEventListener.h"
#include "llvm/MCA/InstrBuilder.h"
#include "llvm/MCA/Pipeline.h"
#include "llvm/MCA/SourceMgr.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

namespace {
/// s_waitcnt and gfx12's s_wait_*cnt: wait while more operations of the
/// counters are outstanding than the instruction allows. Unlike LLVM's
/// AMDGPUCustomBehaviour, global_*/scratch_* count only on the VMEM counter
/// (only flat_* may access LDS), and gfx12's waits are understood.
class WaitBehaviour final : public mca::CustomBehaviour {
public:
  WaitBehaviour(const MCSubtargetInfo &sti, const mca::SourceMgr &source,
                const MCInstrInfo &mcii, std::vector<std::vector<Wait>> waits,
                std::vector<CounterSet> raised)
      : CustomBehaviour(sti, source, mcii), waits(std::move(waits)),
        raised(std::move(raised)) {}

  unsigned checkCustomHazard(ArrayRef<mca::InstRef> issued,
                             const mca::InstRef &ir) override {
    size_t n = raised.size();
    const std::vector<Wait> &mine = waits[ir.getSourceIndex() % n];
    unsigned stall = 0;
    for (const Wait &w : mine) {
      unsigned matching = 0, soonest = ~0u;
      for (const mca::InstRef &prev : issued) {
        if (!(raised[prev.getSourceIndex() % n] & w.counters))
          continue;
        ++matching;
        int left = prev.getInstruction()->getCyclesLeft();
        soonest = std::min(soonest, unsigned(std::max(left, 1)));
      }
      // Checked again after the stall, until few enough are left.
      if (matching > w.count)
        stall = stall ? std::min(stall, soonest) : soonest;
    }
    return stall;
  }

private:
  std::vector<std::vector<Wait>> waits;
  std::vector<CounterSet> raised;
};

/// Records the cycle each instruction issues in.
class IssueRecorder final : public mca::HWEventListener {
public:
  explicit IssueRecorder(size_t total) : issue(total, -1) {}
  void onCycleEnd() override { ++cycle; }
  void onEvent(const mca::HWInstructionEvent &event) override {
    if (event.Type != mca::HWInstructionEvent::Issued)
      return;
    unsigned index = event.IR.getSourceIndex();
    if (index < issue.size() && issue[index] < 0)
      issue[index] = double(cycle);
  }
  std::vector<double> issue;

private:
  unsigned cycle = 0;
};

/// Stops a simulation that makes no progress. LLVM 22's gfx950 model can
/// deadlock: with a 2-uop VALU instruction (v_mad_u64_u32) and LDS reads
/// ahead of an MFMA, nothing issues again and `Pipeline::run` never returns
/// (`llvm-mca-22 -mcpu=gfx950` hangs the same way on
/// test/Perf/Inputs/mca-deadlock-gfx950.s). A stage at the end of the
/// pipeline that forwards nothing, whose cycleEnd fails once no
/// instruction has retired for `limit` cycles: the error ends run().
class Watchdog final : public mca::Stage, public mca::HWEventListener {
public:
  explicit Watchdog(unsigned limit) : limit(limit) {}
  bool hasWorkToComplete() const override { return false; }
  Error execute(mca::InstRef &) override { return Error::success(); }
  Error cycleEnd() override {
    if (++idle <= limit)
      return Error::success();
    stalled = true;
    return make_error<McaDeadlockError>(limit);
  }
  void onEvent(const mca::HWInstructionEvent &event) override {
    if (event.Type == mca::HWInstructionEvent::Retired)
      idle = 0;
  }
  bool stalled = false;

private:
  unsigned limit, idle = 0;
};
} // namespace

/// Clocks per cycle of LLVM's scheduling model for `chip`.
static double clocksPerModelCycle(Chip chip) {
  return getChipInfo(chip).hasMfma ? 4.0 : 1.0;
}

Expected<LoopTiming>
mlir::mcore::perf::timeWithMca(Chip chip, ArrayRef<TimedInstruction> body,
                               unsigned iterations, bool stockWaits) {
  Expected<std::unique_ptr<AmdgpuMC>> mcOr = AmdgpuMC::create(chip);
  if (!mcOr)
    return mcOr.takeError();
  const AmdgpuMC &mc = **mcOr;
  const MCSubtargetInfo &sti = mc.getSubtarget();
  const MCInstrInfo &mcii = mc.getInstrInfo();
  if (!sti.getSchedModel().hasInstrSchedModel())
    return createStringError(inconvertibleErrorCode(),
                             "LLVM has no scheduling model for " +
                                 getChipName(chip));
  double clocks = clocksPerModelCycle(chip);

  std::unique_ptr<AmdgpuMC::Parsed> parsed = parseBody(mc, body);

  LoopTiming timing;
  timing.engine = Engine::Mca;
  std::unique_ptr<mca::InstrumentManager> im(
      mc.getTarget().createInstrumentManager(sti, mcii));
  if (!im)
    im = std::make_unique<mca::InstrumentManager>(sti, mcii);
  std::unique_ptr<mca::InstrPostProcess> ipp(
      mc.getTarget().createInstrPostProcess(sti, mcii));
  if (!ipp)
    ipp = std::make_unique<mca::InstrPostProcess>(sti, mcii);
  mca::InstrBuilder builder(sti, mcii, mc.getRegisterInfo(),
                            mc.getInstrAnalysis(), *im, /*CallLatency=*/100);

  SmallVector<std::unique_ptr<mca::Instruction>> lowered;
  std::vector<TimedInstruction> kept;
  std::vector<UnitCycles> instBusy;
  std::vector<std::string> dropped;
  for (auto [i, inst] : llvm::enumerate(body)) {
    // Program-counter changes mean nothing to llvm-mca, which warns on them.
    StringRef m = inst.line->mnemonic;
    if (m.starts_with("s_endpgm") || m == "s_setpc_b64" ||
        m == "s_swappc_b64" || m.starts_with("s_call"))
      continue;
    const std::optional<MCInst> &mci = parsed->insts[i];
    if (!mci) {
      dropped.push_back(formatv("line {0} `{1}`: {2}", inst.line->lineNo,
                                inst.line->text(), parsed->errors[i]));
      continue;
    }
    if (!mc.isComplete(*mci)) {
      // llvm-mca would read operands past the MCInst's end (AsmParser.cpp,
      // completeTiedOperands).
      dropped.push_back(formatv("line {0} `{1}`: LLVM's assembler built it "
                                "with fewer operands than its description "
                                "has (llvm-mca would read past them)",
                                inst.line->lineNo, inst.line->text()));
      continue;
    }
    SmallVector<mca::Instrument *> instruments;
    Expected<std::unique_ptr<mca::Instruction>> lowInst =
        builder.createInstruction(*mci, instruments);
    if (!lowInst) {
      dropped.push_back(formatv("line {0} `{1}`: {2}", inst.line->lineNo,
                                inst.line->text(), toString(lowInst.takeError())));
      continue;
    }
    ipp->postProcessInstruction(**lowInst, *mci);
    lowered.push_back(std::move(*lowInst));
    kept.push_back(inst);
    UnitCycles busy{};
    double xdl = 0;
    for (auto [name, cycles] : mc.getResources(*mci)) {
      std::optional<Unit> unit = getUnitOfResource(name);
      if (!unit)
        continue;
      if (*unit == Unit::Matrix)
        xdl += cycles * clocks;
      else
        busy[unsigned(*unit)] += cycles * clocks;
    }
    // For the overlap model: a VALU instruction's issue rate (llvm-mca
    // itself gives every VALU instruction one resource cycle), and this
    // SIMD's share of the LDS data path.
    double &valu = busy[unsigned(Unit::VALU)];
    if (valu > 0 && !inst.matrix && !isMatrixMnemonic(m))
      valu = std::max(valu, getValuIssueClocks(chip, mc.getLatency(*mci)));
    busy[unsigned(Unit::LdsData)] = inst.ldsShare;
    // The matrix unit's cycles come from the catalog; llvm-mca's are kept to
    // compare.
    busy[unsigned(Unit::Matrix)] =
        inst.matrix ? inst.matrix->getCycles(chip) : xdl;
    if (timing.mcaMatrixCycles < 0)
      timing.mcaMatrixCycles = 0;
    timing.mcaMatrixCycles += xdl;
    instBusy.push_back(busy);
  }
  if (!dropped.empty()) {
    timing.notes.push_back(formatv("llvm-mca cannot model {0} of the {1} "
                                   "instructions; they are left out",
                                   dropped.size(), body.size()));
    for (const std::string &d : dropped)
      timing.notes.push_back("  " + d);
  }
  if (lowered.empty())
    return timing;

  size_t n = lowered.size();
  iterations = std::max(iterations, 1u);
  mca::CircularSourceMgr source(lowered, iterations);
  std::unique_ptr<mca::CustomBehaviour> cb;
  if (stockWaits) {
    cb.reset(mc.getTarget().createCustomBehaviour(sti, source, mcii));
  } else {
    CounterRules rules = getCounterRules(chip);
    std::vector<std::vector<Wait>> waits(n);
    std::vector<CounterSet> raised(n);
    for (auto [i, inst] : llvm::enumerate(kept)) {
      decodeWait(inst.line->mnemonic, inst.line->operands, rules, waits[i]);
      raised[i] = getRaisedCounters(inst.line->mnemonic, inst.line->operands);
    }
    cb = std::make_unique<WaitBehaviour>(sti, source, mcii, std::move(waits),
                                         std::move(raised));
  }
  if (!cb)
    cb = std::make_unique<mca::CustomBehaviour>(sti, source, mcii);
  mca::Context context(mc.getRegisterInfo(), sti);
  mca::PipelineOptions options(/*UOPQSize=*/0, /*DecThr=*/0, /*DW=*/0,
                               /*RFS=*/0, /*LQS=*/0, /*SQS=*/0,
                               /*NoAlias=*/true);
  std::unique_ptr<mca::Pipeline> pipeline =
      context.createDefaultPipeline(options, source, *cb);
  IssueRecorder recorder(n * iterations);
  pipeline->addEventListener(&recorder);
  // The longest wait of a correct simulation is a few memory latencies
  // (hundreds of cycles); 100000 without a retirement is a deadlock.
  auto watchdogOwner = std::make_unique<Watchdog>(100000);
  Watchdog *watchdog = watchdogOwner.get();
  pipeline->addEventListener(watchdog);
  pipeline->appendStage(std::move(watchdogOwner));
  Expected<unsigned> total = pipeline->run();
  if (!total) {
    if (watchdog->stalled)
      return total.takeError();
    return createStringError(inconvertibleErrorCode(),
                             "llvm-mca failed: " +
                                 toString(total.takeError()));
  }

  timing.instructions = n;
  for (const UnitCycles &b : instBusy)
    for (unsigned u = 0; u < kNumUnits; ++u)
      timing.busy[u] += b[u];
  const std::vector<double> &issue = recorder.issue;
  unsigned traced = iterations < 8 ? 0 : iterations / 4;
  for (size_t i = 0; i < n; ++i)
    timing.trace.push_back({kept[i].line->text(), (issue[traced * n + i] -
                                           issue[traced * n]) * clocks});
  if (iterations < 8) {
    timing.cycles = *total * clocks;
    timing.segments.push_back({timing.cycles, timing.busy});
    return timing;
  }
  // The steady state: between the first instructions of iterations a and b.
  unsigned a = iterations / 4, b = iterations - iterations / 4;
  timing.cycles = (issue[b * n] - issue[a * n]) / (b - a) * clocks;
  std::vector<double> twoIterations(2 * n);
  for (size_t i = 0; i < 2 * n; ++i)
    twoIterations[i] = issue[a * n + i] * clocks;
  fillSegments(timing, kept, twoIterations, instBusy);
  timing.notes.push_back(formatv(
      "llvm-mca ({4}): {0} cycles for {1} iterations ({2:F1} per iteration "
      "with the first; 1 cycle = {3} clocks)",
      *total, iterations, double(*total) / iterations, clocks,
      stockWaits ? "LLVM's AMDGPU s_waitcnt behaviour"
                 : "mcore's s_waitcnt behaviour"));
  return timing;
}
