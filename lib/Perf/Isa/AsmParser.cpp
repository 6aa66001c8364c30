//===- AsmParser.cpp - AMDGPU assembly to MCInst --------------------------===//

#include "AsmParser.h"

#include "mcore/Support/Nesting.h"

#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCSection.h"
#include "llvm/MC/MCSymbol.h"
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

/// Keeps the labels and instructions of text sections, in order, with the
/// line of the input each comes from, and the symbols typed @function.
class StatementCollector final : public MCStreamer {
public:
  StatementCollector(MCContext &ctx, const SourceMgr &srcMgr,
                     MCInstPrinter &printer,
                     AmdgpuMC::Assembled &out)
      : MCStreamer(ctx), srcMgr(srcMgr), printer(printer), out(out) {}

  void emitLabel(MCSymbol *symbol, SMLoc loc) override {
    MCStreamer::emitLabel(symbol, loc);
    if (!inText())
      return;
    AmdgpuMC::Statement st;
    st.label = symbol->getName().str();
    st.lineNo = lineOf(loc);
    out.statements.push_back(std::move(st));
  }
  void emitInstruction(const MCInst &inst,
                       const MCSubtargetInfo &sti) override {
    if (!inText())
      return;
    std::string text;
    raw_string_ostream os(text);
    printer.printInst(&inst, 0, "", sti, os);
    StringRef t = StringRef(text).trim();
    size_t blank = t.find_first_of(" \t");
    AmdgpuMC::Statement st;
    st.mnemonic = (blank == StringRef::npos ? t : t.take_front(blank)).str();
    st.operands =
        blank == StringRef::npos ? "" : t.drop_front(blank).trim().str();
    st.lineNo = lineOf(inst.getLoc());
    out.statements.push_back(std::move(st));
  }
  bool emitSymbolAttribute(MCSymbol *symbol, MCSymbolAttr attr) override {
    if (attr == MCSA_ELF_TypeFunction)
      out.functions.push_back(symbol->getName().str());
    return true;
  }
  void emitCommonSymbol(MCSymbol *, uint64_t, Align) override {}
  void emitZerofill(MCSection *, MCSymbol *, uint64_t, Align,
                    SMLoc) override {}

private:
  bool inText() {
    MCSection *section = getCurrentSectionOnly();
    return !section || section->isText();
  }
  /// The line in the main buffer: a macro's expansion is attributed to the
  /// line that invoked it.
  unsigned lineOf(SMLoc loc) const {
    if (!loc.isValid())
      return 0;
    for (unsigned depth = 0; depth < 64; ++depth) {
      unsigned buffer = srcMgr.FindBufferContainingLoc(loc);
      if (buffer == 0)
        return 0;
      if (buffer == srcMgr.getMainFileID())
        return srcMgr.FindLineNumber(loc, buffer);
      loc = srcMgr.getParentIncludeLoc(buffer);
      if (!loc.isValid())
        return 0;
    }
    return 0;
  }
  const SourceMgr &srcMgr;
  MCInstPrinter &printer;
  AmdgpuMC::Assembled &out;
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

/// LLVM 22's AMDGPU assembler builds some instructions without the source
/// operand tied to their destination: the MUBUF d16 loads
/// (`buffer_load_short_d16`, `_d16_hi`, ...) come out with 7 operands where
/// their description has 8, the last a `vdata_in` tied to `vdata`.
/// llvm-mca's InstrBuilder reads every operand the description has, past
/// the end of the MCInst: heap corruption (the llvm-mca-22 tool aborts with
/// "malloc(): invalid size" on the single line `buffer_load_short_d16 v1, v2,
/// s[4:7], 0 offen` for gfx942). A missing operand that is tied to another
/// is that operand's register, so it is inserted; false when the operands
/// still do not match the description (the caller keeps such instructions
/// from llvm-mca).
static bool completeTiedOperands(MCInst &inst, const MCInstrInfo &mcii) {
  const MCInstrDesc &desc = mcii.get(inst.getOpcode());
  if (desc.isVariadic() || inst.getNumOperands() >= desc.getNumOperands())
    return true;
  for (unsigned i = 0; i < desc.getNumOperands(); ++i) {
    if (inst.getNumOperands() >= desc.getNumOperands())
      break;
    int tiedTo = desc.getOperandConstraint(i, MCOI::TIED_TO);
    if (tiedTo < 0 || unsigned(tiedTo) >= inst.getNumOperands() ||
        i > inst.getNumOperands())
      continue;
    MCOperand copy = inst.getOperand(tiedTo);
    inst.insert(inst.begin() + i, copy);
  }
  return inst.getNumOperands() == desc.getNumOperands();
}

bool AmdgpuMC::isComplete(const MCInst &inst) const {
  const MCInstrDesc &desc = mcii->get(inst.getOpcode());
  return desc.isVariadic() || inst.getNumOperands() >= desc.getNumOperands();
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
  for (size_t i = 0; i < lines.size(); ++i) {
    // Too deep for LLVM's recursive expression parser: rejected as the
    // assembler rejects a statement (an empty line keeps the numbering).
    if (std::optional<DeepNesting> deep = findDeepNesting(lines[i]))
      parsed->errors[i] = deep->describe();
    else
      text += lines[i];
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
  runAssembler(srcMgr, ctx, streamer, *printer);

  for (MCInst &inst : streamer.insts) {
    if (!completeTiedOperands(inst, *mcii))
      ++parsed->incomplete;
    unsigned line = srcMgr.FindLineNumber(inst.getLoc());
    if (line >= 1 && line <= lines.size() && !parsed->insts[line - 1])
      parsed->insts[line - 1] = inst;
  }
  for (size_t i = 0; i < lines.size(); ++i)
    if (!parsed->insts[i] && parsed->errors[i].empty())
      parsed->errors[i] = "the assembler emitted no instruction";
  return parsed;
}

AmdgpuMC::Assembled AmdgpuMC::assemble(StringRef text) const {
  Assembled out;
  // A line nested deeper than mcore's limit would overflow the stack of
  // LLVM's recursive expression parser (a bracket or a unary operator per
  // level; mcore/Support/Nesting.h): it is a rejected statement, and an
  // empty line in what the assembler reads.
  std::string checked;
  checked.reserve(text.size());
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i)
      checked += '\n';
    if (std::optional<DeepNesting> deep = findDeepNesting(lines[i]))
      out.errors.push_back("line " + std::to_string(i + 1) + ": " +
                           deep->describe());
    else
      checked += lines[i];
  }
  SourceMgr srcMgr;
  srcMgr.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy(checked, "<asm>"),
                            SMLoc());
  srcMgr.setDiagHandler(
      [](const SMDiagnostic &d, void *context) {
        if (d.getKind() != SourceMgr::DK_Error)
          return;
        static_cast<Assembled *>(context)->errors.push_back(
            "line " + std::to_string(d.getLineNo()) + ": " +
            d.getMessage().str());
      },
      &out);
  MCContext ctx(triple, mai.get(), mri.get(), sti.get(), &srcMgr);
  std::unique_ptr<MCObjectFileInfo> objectFileInfo(
      target->createMCObjectFileInfo(ctx, /*PIC=*/false));
  ctx.setObjectFileInfo(objectFileInfo.get());
  std::unique_ptr<MCInstPrinter> printer(
      target->createMCInstPrinter(triple, 0, *mai, *mcii, *mri));
  StatementCollector streamer(ctx, srcMgr, *printer, out);
  runAssembler(srcMgr, ctx, streamer, *printer);
  return out;
}

void AmdgpuMC::runAssembler(SourceMgr &srcMgr, MCContext &ctx,
                            MCStreamer &streamer,
                            MCInstPrinter &printer) const {
  formatted_raw_ostream nullStream(nulls());
  // The AMDGPU parser needs a target streamer for some directives.
  target->createAsmTargetStreamer(streamer, nullStream, &printer);
  std::unique_ptr<MCAsmParser> asmParser(
      createMCAsmParser(srcMgr, ctx, streamer, *mai));
  MCTargetOptions options;
  std::unique_ptr<MCTargetAsmParser> targetParser(
      target->createMCAsmParser(*sti, *asmParser, *mcii, options));
  asmParser->setTargetParser(*targetParser);
  asmParser->Run(/*NoInitialTextSection=*/false);
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
