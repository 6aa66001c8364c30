//===- AsmParser.cpp - AMDGPU assembly to MCInst --------------------------===//

#include "AsmParser.h"

#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/Support/FormattedStream.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

namespace {
/// Keeps the instructions the assembler emits, and nothing else.
class InstCollector final : public MCStreamer {
public:
  explicit InstCollector(MCContext &ctx) : MCStreamer(ctx) {}
  void emitInstruction(const MCInst &inst, const MCSubtargetInfo &) override {
    insts.push_back(inst);
  }
  bool emitSymbolAttribute(MCSymbol *, MCSymbolAttr) override { return true; }
  void emitCommonSymbol(MCSymbol *, uint64_t, Align) override {}
  void emitZerofill(MCSection *, MCSymbol *, uint64_t, Align,
                    SMLoc) override {}
  std::vector<MCInst> insts;
};
} // namespace

static void initializeAmdgpuTarget() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmParser();
    LLVMInitializeAMDGPUTargetMCA();
  });
}

Expected<std::unique_ptr<AmdgpuMC>> AmdgpuMC::create(Chip chip) {
  initializeAmdgpuTarget();
  std::unique_ptr<AmdgpuMC> mc(new AmdgpuMC());
  mc->triple = Triple("amdgcn-amd-amdhsa");
  std::string error;
  mc->target = TargetRegistry::lookupTarget(mc->triple, error);
  if (!mc->target)
    return createStringError(inconvertibleErrorCode(),
                             "LLVM has no AMDGPU target: " + error);
  StringRef cpu = getChipName(chip);
  mc->mri.reset(mc->target->createMCRegInfo(mc->triple));
  MCTargetOptions options;
  mc->mai.reset(mc->target->createMCAsmInfo(*mc->mri, mc->triple, options));
  mc->sti.reset(mc->target->createMCSubtargetInfo(mc->triple, cpu, ""));
  mc->mcii.reset(mc->target->createMCInstrInfo());
  if (!mc->mri || !mc->mai || !mc->sti || !mc->mcii)
    return createStringError(inconvertibleErrorCode(),
                             "LLVM's AMDGPU MC layer is incomplete");
  if (!mc->sti->isCPUStringValid(cpu))
    return createStringError(inconvertibleErrorCode(),
                             "LLVM does not know the CPU " + cpu);
  mc->mcia.reset(mc->target->createMCInstrAnalysis(mc->mcii.get()));
  return mc;
}

std::unique_ptr<AmdgpuMC::Parsed>
AmdgpuMC::parse(ArrayRef<std::string> lines) const {
  auto parsed = std::make_unique<Parsed>();
  parsed->insts.resize(lines.size());
  parsed->errors.resize(lines.size());
  std::string text;
  for (const std::string &line : lines) {
    text += line;
    text += '\n';
  }
  parsed->sourceMgr = std::make_unique<SourceMgr>();
  SourceMgr &srcMgr = *parsed->sourceMgr;
  srcMgr.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy(text, "<loop>"),
                            SMLoc());
  struct DiagContext {
    Parsed *parsed;
  } diag{parsed.get()};
  srcMgr.setDiagHandler(
      [](const SMDiagnostic &d, void *context) {
        auto *p = static_cast<DiagContext *>(context)->parsed;
        if (d.getKind() != SourceMgr::DK_Error)
          return;
        int line = d.getLineNo();
        if (line >= 1 && size_t(line) <= p->errors.size() &&
            p->errors[line - 1].empty())
          p->errors[line - 1] = d.getMessage().str();
      },
      &diag);

  parsed->context = std::make_unique<MCContext>(triple, mai.get(), mri.get(),
                                                sti.get(), &srcMgr);
  MCContext &ctx = *parsed->context;
  parsed->objectFileInfo.reset(
      target->createMCObjectFileInfo(ctx, /*PIC=*/false));
  ctx.setObjectFileInfo(parsed->objectFileInfo.get());

  InstCollector streamer(ctx);
  std::unique_ptr<MCInstPrinter> printer(
      target->createMCInstPrinter(triple, 0, *mai, *mcii, *mri));
  formatted_raw_ostream nullStream(nulls());
  // The AMDGPU parser needs a target streamer for some directives.
  target->createAsmTargetStreamer(streamer, nullStream, printer.get());
  std::unique_ptr<MCAsmParser> asmParser(
      createMCAsmParser(srcMgr, ctx, streamer, *mai));
  MCTargetOptions options;
  std::unique_ptr<MCTargetAsmParser> targetParser(
      target->createMCAsmParser(*sti, *asmParser, *mcii, options));
  asmParser->setTargetParser(*targetParser);
  asmParser->Run(/*NoInitialTextSection=*/false);

  for (MCInst &inst : streamer.insts) {
    unsigned line = srcMgr.FindLineNumber(inst.getLoc());
    if (line >= 1 && line <= lines.size() && !parsed->insts[line - 1])
      parsed->insts[line - 1] = inst;
  }
  for (size_t i = 0; i < lines.size(); ++i)
    if (!parsed->insts[i] && parsed->errors[i].empty())
      parsed->errors[i] = "the assembler emitted no instruction";
  return parsed;
}

const MCSchedClassDesc *
AmdgpuMC::resolveSchedClass(const MCInst &inst) const {
  const MCSchedModel &model = sti->getSchedModel();
  unsigned cls = mcii->get(inst.getOpcode()).getSchedClass();
  const MCSchedClassDesc *desc = model.getSchedClassDesc(cls);
  unsigned cpuId = model.getProcessorID();
  while (desc && desc->isVariant()) {
    cls = sti->resolveVariantSchedClass(cls, &inst, mcii.get(), cpuId);
    desc = cls ? model.getSchedClassDesc(cls) : nullptr;
  }
  if (desc && !desc->isValid())
    return nullptr;
  return desc;
}

unsigned AmdgpuMC::getLatency(const MCInst &inst) const {
  const MCSchedClassDesc *desc = resolveSchedClass(inst);
  if (!desc)
    return 1;
  int latency = MCSchedModel::computeInstrLatency(*sti, *desc);
  return latency > 0 ? unsigned(latency) : 1;
}

std::vector<std::pair<std::string, unsigned>>
AmdgpuMC::getResources(const MCInst &inst) const {
  std::vector<std::pair<std::string, unsigned>> result;
  const MCSchedClassDesc *desc = resolveSchedClass(inst);
  if (!desc)
    return result;
  const MCSchedModel &model = sti->getSchedModel();
  for (const MCWriteProcResEntry *e = sti->getWriteProcResBegin(desc),
                                 *end = sti->getWriteProcResEnd(desc);
       e != end; ++e) {
    const MCProcResourceDesc *res = model.getProcResource(e->ProcResourceIdx);
    result.push_back({res->Name, e->ReleaseAtCycle});
  }
  return result;
}
