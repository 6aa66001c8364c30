//===- AsmParser.h - AMDGPU assembly to MCInst, for the timing engines ----===//
//
// Private to lib/Perf. Parses instruction lines with LLVM's AMDGPU assembler
// for one chip, so that the timing engines see what LLVM's scheduling model
// and llvm-mca see: opcodes, registers defined and used, scheduling classes.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_PERF_ASMPARSER_H
#define MCORE_LIB_PERF_ASMPARSER_H

#include "mcore/Target/Chip.h"

#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCInstPrinter.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrAnalysis.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCRegisterInfo.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::mcore::perf {

/// LLVM's MC layer for one AMDGPU chip.
class AmdgpuMC {
public:
  static llvm::Expected<std::unique_ptr<AmdgpuMC>> create(Chip chip);

  /// Instructions parsed from text lines: one entry per line, nullopt where
  /// the assembler rejected the line (`errors` says why). The MCInsts refer
  /// to the context, which lives as long as this object.
  struct Parsed {
    std::unique_ptr<llvm::SourceMgr> sourceMgr;
    std::unique_ptr<llvm::MCContext> context;
    std::unique_ptr<llvm::MCObjectFileInfo> objectFileInfo;
    std::vector<std::optional<llvm::MCInst>> insts;
    std::vector<std::string> errors; ///< per line, empty when parsed
    /// Instructions whose operands do not match their description even
    /// after the tied operands LLVM's assembler leaves out were added:
    /// llvm-mca must not see them (isComplete).
    unsigned incomplete = 0;
  };
  std::unique_ptr<Parsed> parse(llvm::ArrayRef<std::string> lines) const;

  /// A whole assembly file as LLVM's assembler reads it: `.set` symbols and
  /// expressions evaluated, macros expanded, comments of every syntax gone,
  /// each instruction printed back in LLVM's own syntax (`v[vgprValuC+8]`
  /// becomes `v8`). Other compilers' kernels (Tensile's) need this; LLVM's
  /// own output comes back as it was.
  struct Statement {
    std::string label;    ///< a label, or
    std::string mnemonic; ///< an instruction
    std::string operands;
    unsigned lineNo = 0;  ///< of the statement, or of a macro's invocation
  };
  struct Assembled {
    std::vector<Statement> statements; ///< text sections only, in order
    /// Symbols `.type NAME,@function` declares.
    std::vector<std::string> functions;
    std::vector<std::string> errors; ///< "line N: message"
  };
  Assembled assemble(llvm::StringRef text) const;

  /// The MCInst has every operand its description has: llvm-mca reads
  /// them all, past the end of one that is short.
  bool isComplete(const llvm::MCInst &inst) const;

  const llvm::Target &getTarget() const { return *target; }
  const llvm::Triple &getTriple() const { return triple; }
  const llvm::MCSubtargetInfo &getSubtarget() const { return *sti; }
  const llvm::MCInstrInfo &getInstrInfo() const { return *mcii; }
  const llvm::MCRegisterInfo &getRegisterInfo() const { return *mri; }
  const llvm::MCInstrAnalysis *getInstrAnalysis() const { return mcia.get(); }

  /// LLVM's latency of `inst` from the chip's scheduling model, and the
  /// names and cycles of the processor resources it uses.
  unsigned getLatency(const llvm::MCInst &inst) const;
  std::vector<std::pair<std::string, unsigned>>
  getResources(const llvm::MCInst &inst) const;

private:
  AmdgpuMC() = default;
  const llvm::Target *target = nullptr;
  llvm::Triple triple;
  std::unique_ptr<llvm::MCRegisterInfo> mri;
  std::unique_ptr<llvm::MCAsmInfo> mai;
  std::unique_ptr<llvm::MCSubtargetInfo> sti;
  std::unique_ptr<llvm::MCInstrInfo> mcii;
  std::unique_ptr<llvm::MCInstrAnalysis> mcia;
  const llvm::MCSchedClassDesc *resolveSchedClass(const llvm::MCInst &inst) const;
  /// Runs LLVM's AMDGPU assembler over the source manager's main buffer
  /// into `streamer`.
  void runAssembler(llvm::SourceMgr &srcMgr, llvm::MCContext &ctx,
                    llvm::MCStreamer &streamer,
                    llvm::MCInstPrinter &printer) const;
};

} // namespace mlir::mcore::perf

#endif // MCORE_LIB_PERF_ASMPARSER_H
