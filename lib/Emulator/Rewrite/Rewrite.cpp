//===- Rewrite.cpp - AMDGPU kernel IR to host IR --------------------------===//
//
// The emulator runs a kernel's own LLVM IR on the host, one fiber per lane.
// The rewrite makes amdgcn-amd-amdhsa IR fit for that in two steps:
// DeviceLowering.h lowers the AMDGPU module in place (its types kept), then
// HostModule.h clones the result into a host module with flat pointers.
// This file holds the entry points: choosing the chip, and running the two
// steps. docs/Emulator.md ("How it works") describes the whole.
//
//===----------------------------------------------------------------------===//

#include "Rewrite.h"
#include "CallLowering.h"
#include "DeviceLowering.h"
#include "HostModule.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::rewrite;

//===----------------------------------------------------------------------===//
// Messages (RewriteSupport.h)
//===----------------------------------------------------------------------===//

Error rewrite::rewriteError(const Twine &msg) { return createStringError(msg); }

std::string rewrite::locationOf(const Instruction &I) {
  const DILocation *loc = I.getDebugLoc().get();
  if (!loc)
    return "";
  return (loc->getFilename() + ":" + Twine(loc->getLine()) + ":" +
          Twine(loc->getColumn()))
      .str();
}

std::string rewrite::where(const Instruction &I) {
  std::string s = "in function '" + I.getFunction()->getName().str() + "'";
  std::string loc = locationOf(I);
  if (!loc.empty())
    s += " at " + loc;
  return s;
}

std::string rewrite::typeName(Type *t) {
  std::string s;
  raw_string_ostream os(s);
  t->print(os);
  return s;
}

bool rewrite::isKernel(const Function &F) {
  return F.getCallingConv() == CallingConv::AMDGPU_KERNEL;
}

std::string rewrite::calleeBaseName(const Function &F) {
  if (Intrinsic::ID id = F.getIntrinsicID())
    return Intrinsic::getBaseName(id).str();
  return F.getName().str();
}

//===----------------------------------------------------------------------===//
// Target detection
//===----------------------------------------------------------------------===//

/// Whether every make.buffer.rsrc of `module` has constant stride 0 and
/// flags with OOB_SELECT 0, and there is one.
static bool usesGfx9BufferFlags(Module &module) {
  bool any = false;
  for (Function &F : module)
    for (Instruction &I : instructions(F)) {
      auto *call = dyn_cast<CallBase>(&I);
      Function *callee = call ? call->getCalledFunction() : nullptr;
      if (!callee ||
          calleeBaseName(*callee) != "llvm.amdgcn.make.buffer.rsrc" ||
          call->arg_size() != 4)
        continue;
      auto *stride = dyn_cast<ConstantInt>(call->getArgOperand(1));
      auto *flags = dyn_cast<ConstantInt>(call->getArgOperand(3));
      if (!stride || !flags || !stride->isZero() ||
          ((flags->getZExtValue() >> 28) & 3) != 0)
        return false;
      any = true;
    }
  return any;
}

Expected<Target> mlir::mcore::emu::detectTarget(Module &module,
                                                StringRef fallbackChip,
                                                std::string &source) {
  std::string chip;
  std::string chipFrom;
  bool wave64 = false;
  for (Function &F : module) {
    if (F.isDeclaration())
      continue;
    Attribute cpu = F.getFnAttribute("target-cpu");
    if (cpu.isValid() && !cpu.getValueAsString().empty()) {
      StringRef c = cpu.getValueAsString();
      if (!chip.empty() && chip != c)
        return rewriteError("the module targets two chips: function '" +
                            chipFrom + "' has target-cpu " + chip +
                            ", function '" + F.getName() + "' has " + c);
      chip = c.str();
      chipFrom = F.getName().str();
    }
    Attribute features = F.getFnAttribute("target-features");
    if (features.isValid() &&
        features.getValueAsString().contains("+wavefrontsize64"))
      wave64 = true;
  }
  if (!chip.empty()) {
    source = "the target-cpu attribute of function '" + chipFrom + "'";
    return getTarget(chip, wave64 ? 64 : 0);
  }
  if (!fallbackChip.empty()) {
    source = "the chip the emulator was given (the module names none)";
    return getTarget(fallbackChip, wave64 ? 64 : 0);
  }

  // Infer from the matrix intrinsics: their operand sizes differ between
  // RDNA3 and RDNA4 (and wave sizes), and some exist on one CDNA generation.
  const DataLayout &dl = module.getDataLayout();
  SmallVector<CallBase *> calls;
  bool ballot32 = false, fp8 = false;
  for (Function &F : module)
    for (Instruction &I : instructions(F))
      if (auto *call = dyn_cast<CallBase>(&I))
        if (Function *callee = call->getCalledFunction()) {
          std::string base = calleeBaseName(*callee);
          if (isMatrixIntrinsicName(base)) {
            calls.push_back(call);
            fp8 |= StringRef(base).contains("fp8") ||
                   StringRef(base).contains("bf8");
          }
          if (base == "llvm.amdgcn.ballot" && call->getType()->isIntegerTy(32))
            ballot32 = true;
        }
  if (calls.empty()) {
    // A raw buffer descriptor (stride 0) with OOB_SELECT 0 (flags bits
    // 29:28) is gfx9's: on gfx10+ it would put every access out of range,
    // and MLIR's AMDGPU lowering writes it for gfx9 only.
    if (usesGfx9BufferFlags(module)) {
      source = "its buffer descriptors, whose flags are gfx9's (the module "
               "names no chip and has no matrix instructions)";
      return getTarget("gfx942", 0);
    }
    source = "the default chip (the module names none and has no matrix "
             "instructions)";
    return getTarget("gfx1201", wave64 ? 64 : 0);
  }
  struct Candidate {
    const char *chip;
    unsigned wave;
  };
  const Candidate candidates[] = {
      {"gfx1201", 32}, {"gfx1100", 32}, {"gfx942", 64},  {"gfx950", 64},
      {"gfx90a", 64},  {"gfx908", 64},  {"gfx1250", 32}, {"gfx1201", 64},
      {"gfx1100", 64}};
  std::vector<Target> fits;
  std::string firstFailure;
  for (const Candidate &c : candidates) {
    if (ballot32 && c.wave == 64)
      continue;
    Expected<Target> t = getTarget(c.chip, c.wave);
    if (!t)
      return t.takeError();
    bool ok = true;
    for (CallBase *call : calls) {
      Expected<const MatrixOp *> op =
          MatrixOp::get(calleeBaseName(*call->getCalledFunction()), *t);
      Error err = Error::success();
      if (op) {
        Expected<MmaOperands> o = matchMma(*call, **op);
        if (o)
          err = checkMmaTypes(*call, *o, **op, dl);
        else
          err = o.takeError();
      } else {
        err = op.takeError();
      }
      if (err) {
        if (firstFailure.empty())
          firstFailure = toString(std::move(err));
        else
          consumeError(std::move(err));
        ok = false;
        break;
      }
    }
    if (ok)
      fits.push_back(*t);
  }
  if (fits.empty())
    return rewriteError("the module names no chip (no target-cpu) and its "
                        "matrix instructions fit no chip the emulator knows: " +
                        firstFailure);
  if (fp8 && fits.front().isCDNA() &&
      llvm::any_of(fits, [](const Target &t) { return t.chip == "gfx942"; }) &&
      llvm::any_of(fits, [](const Target &t) { return t.chip == "gfx950"; }))
    return rewriteError(
        "the module names no chip (no target-cpu) and uses fp8/bf8 MFMA, which "
        "decode differently on gfx942 (FNUZ) and gfx950 (OCP); set the chip "
        "(MCORE_EMU_CHIP=gfx942 or gfx950, or the emulator's chip option)");
  source = "its matrix instructions (the module names no chip)";
  return fits.front();
}

//===----------------------------------------------------------------------===//
// The rewrite
//===----------------------------------------------------------------------===//

/// Whether wave-op call `to` can run after `from` in the same function.
static bool reaches(CallBase *from, CallBase *to) {
  BasicBlock *fb = from->getParent(), *tb = to->getParent();
  if (fb == tb && from->comesBefore(to))
    return true;
  SmallPtrSet<BasicBlock *, 32> seen;
  SmallVector<BasicBlock *> work(succ_begin(fb), succ_end(fb));
  while (!work.empty()) {
    BasicBlock *bb = work.pop_back_val();
    if (!seen.insert(bb).second)
      continue;
    if (bb == tb)
      return true;
    for (BasicBlock *s : successors(bb))
      work.push_back(s);
  }
  return false;
}

std::string Site::describe() const {
  std::string s = "'" + what + "' in function '" + function + "'";
  if (!location.empty())
    s += " at " + location;
  return s;
}

Expected<std::unique_ptr<Module>> mlir::mcore::emu::rewriteForHost(
    Module &module, const Target &target, const DataLayout &hostLayout,
    StringRef hostTriple, const RewriteOptions &options, Image &image) {
  image.target = target;
  DeviceLowering lowering(module, target, image);
  if (Error e = lowering.run())
    return std::move(e);
  // Order of wave-op sites inside each function (see Runtime.cpp).
  image.reaches.assign(image.sites.size(), {});
  for (auto &[F, sites] : lowering.waveSites)
    for (auto &[from, fromId] : sites) {
      image.reaches[fromId].assign(image.sites.size(), false);
      for (auto &[to, toId] : sites)
        image.reaches[fromId][toId] = reaches(from, to);
    }
  auto host = std::make_unique<Module>(module.getName().str() + ".host",
                                       module.getContext());
  host->setDataLayout(hostLayout);
  host->setTargetTriple(Triple(hostTriple));
  if (Error e = buildHostModule(module, *host, image, lowering.siteValueTypes,
                                options))
    return std::move(e);
  // Sites created for the host module (bounds checks) have no reachability
  // rows.
  image.reaches.resize(image.sites.size());
  // Lanes run on fixed-size fiber stacks above a guard page: frames larger
  // than a page must touch every page on the way down, so that a stack
  // overflow hits the guard (and is reported) instead of writing into the
  // memory below.
  for (Function &F : *host)
    if (!F.isDeclaration())
      F.addFnAttr("probe-stack", "inline-asm");
  return std::move(host);
}
