//===- Rewrite.cpp - AMDGPU kernel IR to host IR --------------------------===//
//
// The emulator runs a kernel's own LLVM IR on the host, one fiber per lane.
// This file makes amdgcn-amd-amdhsa IR fit for that, in two phases.
//
// Phase 1 works in place on the AMDGPU module, whose types it keeps:
//   * constant expressions used by instructions become instructions, so
//     that every use of a global or an address-space cast is an instruction
//     of a known function;
//   * LDS globals (addrspace 3) become offsets into the work-group's LDS
//     block, laid out per kernel (static first, then dynamic LDS);
//   * every llvm.amdgcn.* call becomes a call into the runtime (ids,
//     dimensions, implicit and dispatch arguments, barriers, matrix and
//     cross-lane instructions), plain IR (math), or nothing (waitcnt and
//     scheduling hints); anything else is an error naming it;
//   * ptrtoint / inttoptr of 32-bit LDS and private pointers are rebased on
//     the work-group's LDS block and the lane's stack, so that 32-bit LDS
//     addresses are the offsets the hardware would see;
//   * workgroup- and wavefront-scoped atomics and fences become
//     single-thread scoped: a work-group runs on one host thread.
//
// Phase 2 clones every function and global into a new host module with all
// pointer types flattened to address space 0 (ValueMapper with a type
// remapper: nested pointers in vectors, arrays and structs included),
// re-declares overloaded intrinsics for the new types, drops the AMDGPU
// calling convention and attributes, adds a host entry per kernel that
// reads the arguments from the mgpuLaunchKernel parameter array, inserts
// a yield on every loop back-edge (so spinning lanes let others run), and,
// in bounds-checking mode, a check before every non-private memory access.
//
//===----------------------------------------------------------------------===//

#include "Rewrite.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <deque>
#include <numeric>

using namespace llvm;
using namespace mlir::mcore::emu;

namespace {

// AMDGPU address spaces.
enum : unsigned {
  kFlat = 0,
  kGlobal = 1,
  kRegion = 2,
  kLocal = 3,
  kConstant = 4,
  kPrivate = 5,
  kConstant32 = 6,
  kBufferFat = 7,
  kBufferRsrc = 8,
  kBufferStrided = 9,
};

Error rewriteError(const Twine &msg) { return createStringError(msg); }

std::string locationOf(const Instruction &I) {
  const DILocation *loc = I.getDebugLoc().get();
  if (!loc)
    return "";
  return (loc->getFilename() + ":" + Twine(loc->getLine()) + ":" +
          Twine(loc->getColumn()))
      .str();
}

/// "in function 'f' at a.hip:3:4" / "in function 'f'".
std::string where(const Instruction &I) {
  std::string s = "in function '" + I.getFunction()->getName().str() + "'";
  std::string loc = locationOf(I);
  if (!loc.empty())
    s += " at " + loc;
  return s;
}

std::string typeName(Type *t) {
  std::string s;
  raw_string_ostream os(s);
  t->print(os);
  return s;
}

bool isKernel(const Function &F) {
  return F.getCallingConv() == CallingConv::AMDGPU_KERNEL;
}

/// The intrinsic base name of a call ("llvm.amdgcn.readlane"), or the
/// callee's name for an unknown llvm.* name.
std::string calleeBaseName(const Function &F) {
  if (Intrinsic::ID id = F.getIntrinsicID())
    return Intrinsic::getBaseName(id).str();
  return F.getName().str();
}

//===----------------------------------------------------------------------===//
// Matrix intrinsic operands
//===----------------------------------------------------------------------===//

struct MmaOperands {
  Value *a = nullptr, *b = nullptr, *c = nullptr, *idx = nullptr;
  Value *aSign = nullptr, *bSign = nullptr, *clamp = nullptr, *opsel = nullptr;
  Value *cbsz = nullptr, *abid = nullptr, *blgp = nullptr;
};

/// The operands of a matrix intrinsic call, by the instruction's operand
/// list: WMMA (A, B, C[, op_sel]); iu WMMA (A_sign, A, B_sign, B, C, clamp);
/// SWMMAC (A, B, C, idx) and (A_sign, A, B_sign, B, C, idx, clamp); MFMA
/// (A, B, C, cbsz, abid, blgp); SMFMAC (A, B, C, idx, cbsz, abid).
Expected<MmaOperands> matchMma(CallBase &call, const MatrixOp &op) {
  MmaOperands o;
  unsigned p = 0, n = call.arg_size();
  auto next = [&]() -> Value * { return p < n ? call.getArgOperand(p++) : nullptr; };
  if (op.hasSignedness()) {
    o.aSign = next();
    o.a = next();
    o.bSign = next();
    o.b = next();
    o.c = next();
  } else {
    o.a = next();
    o.b = next();
    o.c = next();
  }
  if (op.isSparse())
    o.idx = next();
  if (op.hasClamp())
    o.clamp = next();
  if (op.hasOpsel())
    o.opsel = next();
  if (op.getFamily() == MatrixFamily::MFMA) {
    o.cbsz = next();
    o.abid = next();
    o.blgp = next();
  } else if (op.getFamily() == MatrixFamily::SMFMAC) {
    o.cbsz = next();
    o.abid = next();
  }
  if (p != n || !o.c)
    return rewriteError(formatv("call to {0} has {1} operands, which is not "
                                "the form the emulator expects",
                                op.getName(), n)
                            .str());
  return o;
}

/// Checks that the call's operand types have the sizes the instruction
/// takes on this target.
Error checkMmaTypes(CallBase &call, const MmaOperands &o, const MatrixOp &op,
                    const DataLayout &dl) {
  auto check = [&](StringRef what, Value *v, unsigned want) -> Error {
    uint64_t got = dl.getTypeStoreSize(v->getType());
    if (got == want)
      return Error::success();
    return rewriteError(formatv("{0}: operand {1} is {2} ({3} bytes), but on "
                                "{4} ({5}, wave{6}) the instruction takes {7} "
                                "bytes per lane",
                                op.getName(), what, typeName(v->getType()), got,
                                op.getTarget().chip,
                                getArchName(op.getTarget().arch),
                                op.getTarget().waveSize, want)
                            .str());
  };
  if (Error e = check("A", o.a, op.getABytes()))
    return e;
  if (Error e = check("B", o.b, op.getBBytes()))
    return e;
  if (Error e = check("C", o.c, op.getCBytes()))
    return e;
  if (dl.getTypeStoreSize(call.getType()) != op.getCBytes())
    return rewriteError(formatv("{0}: result type {1} does not match the "
                                "{2}-byte accumulator",
                                op.getName(), typeName(call.getType()),
                                op.getCBytes())
                            .str());
  if (o.idx && !o.idx->getType()->isIntegerTy(32) &&
      !o.idx->getType()->isIntegerTy(16))
    return rewriteError(op.getName() + ": the sparse index must be i32 or i16");
  return Error::success();
}

Expected<unsigned> immValue(Value *v, StringRef what, const CallBase &call) {
  if (!v)
    return 0;
  auto *ci = dyn_cast<ConstantInt>(v);
  if (!ci)
    return rewriteError(formatv("{0}: operand {1} of {2} must be a constant",
                                where(call),
                                what,
                                calleeBaseName(*call.getCalledFunction()))
                            .str());
  return unsigned(ci->getZExtValue());
}

Expected<MatrixImmediates> getImmediates(const CallBase &call,
                                         const MmaOperands &o) {
  MatrixImmediates imm;
  auto get = [&](Value *v, StringRef what, unsigned &out) -> Error {
    Expected<unsigned> x = immValue(v, what, call);
    if (!x)
      return x.takeError();
    out = *x;
    return Error::success();
  };
  unsigned aSign = 0, bSign = 0, clamp = 0, opsel = 0;
  if (Error e = get(o.aSign, "A_sign", aSign))
    return std::move(e);
  if (Error e = get(o.bSign, "B_sign", bSign))
    return std::move(e);
  if (Error e = get(o.clamp, "clamp", clamp))
    return std::move(e);
  if (Error e = get(o.opsel, "op_sel", opsel))
    return std::move(e);
  if (Error e = get(o.cbsz, "cbsz", imm.cbsz))
    return std::move(e);
  if (Error e = get(o.abid, "abid", imm.abid))
    return std::move(e);
  if (Error e = get(o.blgp, "blgp", imm.blgp))
    return std::move(e);
  imm.aSigned = aSign;
  imm.bSigned = bSign;
  imm.clamp = clamp;
  imm.opsel = opsel;
  return imm;
}

bool isMatrixIntrinsicName(StringRef base) {
  return base.starts_with("llvm.amdgcn.wmma.") ||
         base.starts_with("llvm.amdgcn.swmmac.") ||
         base.starts_with("llvm.amdgcn.mfma.") ||
         base.starts_with("llvm.amdgcn.smfmac.");
}

} // namespace

//===----------------------------------------------------------------------===//
// Target detection
//===----------------------------------------------------------------------===//

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
    source = "the default chip (the module names none and has no matrix "
             "instructions)";
    return getTarget("gfx1201", wave64 ? 64 : 0);
  }
  struct Candidate {
    const char *chip;
    unsigned wave;
  };
  const Candidate candidates[] = {
      {"gfx1201", 32}, {"gfx1100", 32}, {"gfx942", 64}, {"gfx950", 64},
      {"gfx90a", 64},  {"gfx908", 64},  {"gfx1201", 64}, {"gfx1100", 64}};
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
// Phase 1
//===----------------------------------------------------------------------===//

namespace {

class Phase1 {
public:
  Phase1(Module &M, const Target &target, Image &image)
      : M(M), C(M.getContext()), DL(M.getDataLayout()), target(target),
        image(image) {}

  Error run();

  /// Wave-op call sites, per function, for the reachability order.
  DenseMap<Function *, SmallVector<std::pair<CallBase *, unsigned>>> waveSites;
  /// The AMDGPU type of every cross-lane site's value, to size it with the
  /// host layout in phase 2.
  DenseMap<unsigned, Type *> siteValueTypes;

private:
  Module &M;
  LLVMContext &C;
  const DataLayout &DL;
  const Target &target;
  Image &image;
  std::vector<GlobalVariable *> ldsGlobals;
  DenseMap<GlobalVariable *, unsigned> ldsIndex;
  DenseMap<Function *, unsigned> kernelIndex;

  Error prepareModule();
  Error layoutLds();
  Error replaceLds(Function &F);
  Error rewriteCalls(Function &F);
  Error rewriteCall(CallBase &call);
  Error rewritePointerCasts(Function &F);
  void rewriteSyncScopes(Function &F);

  // Helpers to build runtime calls.
  FunctionCallee runtime(StringRef name, Type *ret, ArrayRef<Type *> params,
                         bool convergent = false, bool readNone = false);
  PointerType *ptrTy(unsigned as = kFlat) { return PointerType::get(C, as); }
  Type *i32() { return Type::getInt32Ty(C); }
  Type *i64() { return Type::getInt64Ty(C); }
  AllocaInst *entryAlloca(Function &F, Type *ty, const Twine &name);
  Value *flat(IRBuilder<> &b, Value *p) {
    if (p->getType()->getPointerAddressSpace() == kFlat)
      return p;
    return b.CreateAddrSpaceCast(p, ptrTy());
  }
  unsigned addSite(Site site) {
    image.sites.push_back(std::move(site));
    return unsigned(image.sites.size() - 1);
  }
  Site makeSite(SiteKind kind, const CallBase &call) {
    Site s;
    s.kind = kind;
    s.function = call.getFunction()->getName().str();
    s.location = locationOf(call);
    s.what = calleeBaseName(*call.getCalledFunction());
    return s;
  }

  Error rewriteMma(CallBase &call, const std::string &base);
  Error rewriteCrossLane(CallBase &call, SiteKind kind, Value *in0,
                         Value *in1, Value *a0, Value *a1, Type *valueType,
                         uint32_t imm0 = 0, uint32_t imm1 = 0,
                         uint32_t imm2 = 0, uint32_t imm3 = 0);
  Error rewriteMath(CallBase &call, StringRef name, bool &handled);
  Error rewriteOckl(CallBase &call, StringRef name, bool &handled);
  void rewriteUnreachables(Function &F);
};

AllocaInst *Phase1::entryAlloca(Function &F, Type *ty, const Twine &name) {
  BasicBlock &entry = F.getEntryBlock();
  auto *a = new AllocaInst(ty, DL.getAllocaAddrSpace(), nullptr,
                           DL.getPrefTypeAlign(ty), name,
                           entry.getFirstInsertionPt());
  return a;
}

FunctionCallee Phase1::runtime(StringRef name, Type *ret,
                               ArrayRef<Type *> params, bool convergent,
                               bool readNone) {
  FunctionType *fty = FunctionType::get(ret, params, false);
  FunctionCallee callee = M.getOrInsertFunction(name, fty);
  if (auto *F = dyn_cast<Function>(callee.getCallee())) {
    F->addFnAttr(Attribute::NoUnwind);
    if (convergent)
      F->addFnAttr(Attribute::Convergent);
    if (readNone) {
      F->setDoesNotAccessMemory();
      F->addFnAttr(Attribute::WillReturn);
    }
  }
  return callee;
}

/// Turns the constant expressions `I` uses into instructions placed before
/// it (before the incoming block's terminator for a PHI).
void expandConstantExprs(Instruction *I) {
  for (unsigned n = 0; n < I->getNumOperands(); ++n) {
    auto *ce = dyn_cast<ConstantExpr>(I->getOperand(n));
    if (!ce)
      continue;
    Instruction *ni = ce->getAsInstruction();
    BasicBlock::iterator pos = I->getIterator();
    if (auto *phi = dyn_cast<PHINode>(I)) {
      BasicBlock *in = phi->getIncomingBlock(n);
      pos = in->getTerminator()->getIterator();
    }
    ni->insertBefore(pos);
    I->setOperand(n, ni);
    expandConstantExprs(ni);
  }
}

Error Phase1::prepareModule() {
  Triple triple(M.getTargetTriple());
  if (!triple.isAMDGCN())
    return rewriteError("the module's target triple is '" + triple.str() +
                        "', not amdgcn-amd-amdhsa; the emulator runs AMDGPU "
                        "kernel IR");
  // Special globals that only list other globals.
  for (StringRef name : {"llvm.used", "llvm.compiler.used",
                         "llvm.global_ctors", "llvm.global_dtors"})
    if (GlobalVariable *g = M.getNamedGlobal(name))
      g->eraseFromParent();
  for (GlobalAlias &a : M.aliases())
    return rewriteError("global alias '" + a.getName() +
                        "' is not supported by the emulator");
  for (GlobalIFunc &f : M.ifuncs())
    return rewriteError("ifunc '" + f.getName() +
                        "' is not supported by the emulator");
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (Instruction &I : instructions(F))
      expandConstantExprs(&I);
  }
  // The expanded constant expressions are dead now but still use globals.
  for (GlobalVariable &g : M.globals())
    g.removeDeadConstantUsers();
  for (Function &F : M)
    F.removeDeadConstantUsers();
  return Error::success();
}

//===----------------------------------------------------------------------===//
// LDS
//===----------------------------------------------------------------------===//

Error Phase1::layoutLds() {
  for (GlobalVariable &g : M.globals())
    if (g.getAddressSpace() == kLocal) {
      ldsIndex[&g] = unsigned(ldsGlobals.size());
      ldsGlobals.push_back(&g);
      image.ldsGlobals.push_back(g.getName().str());
    }
  for (GlobalVariable *g : ldsGlobals)
    for (User *u : g->users())
      if (!isa<Instruction>(u))
        return rewriteError("LDS variable '" + g->getName() +
                            "' is used by a global initializer, which the "
                            "emulator does not support");

  // Functions each function calls, to find the LDS a kernel reaches.
  DenseMap<Function *, SmallSetVector<Function *, 8>> callees;
  DenseSet<Function *> hasIndirect;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (Instruction &I : instructions(F))
      if (auto *call = dyn_cast<CallBase>(&I)) {
        if (Function *callee = call->getCalledFunction())
          callees[&F].insert(callee);
        else if (!call->isInlineAsm())
          hasIndirect.insert(&F);
      }
  }
  DenseMap<Function *, DenseSet<GlobalVariable *>> direct;
  for (GlobalVariable *g : ldsGlobals)
    for (User *u : g->users())
      direct[cast<Instruction>(u)->getFunction()].insert(g);

  for (Function &F : M) {
    if (F.isDeclaration() || !isKernel(F))
      continue;
    KernelInfo k;
    k.name = F.getName().str();
    k.ldsOffsets.assign(ldsGlobals.size(), -1);
    // Everything the kernel reaches.
    DenseSet<GlobalVariable *> used;
    bool indirect = false;
    SmallVector<Function *> work{&F};
    DenseSet<Function *> seen{&F};
    while (!work.empty()) {
      Function *f = work.pop_back_val();
      indirect |= hasIndirect.count(f) > 0;
      for (GlobalVariable *g : direct[f])
        used.insert(g);
      for (Function *callee : callees[f])
        if (seen.insert(callee).second)
          work.push_back(callee);
    }
    if (indirect) // an indirect call may reach any LDS variable
      for (GlobalVariable *g : ldsGlobals)
        used.insert(g);
    uint64_t offset = 0;
    unsigned dynAlign = 0;
    SmallVector<GlobalVariable *> dynamic;
    for (GlobalVariable *g : ldsGlobals) {
      if (!used.count(g))
        continue;
      uint64_t size = DL.getTypeAllocSize(g->getValueType());
      Align align = g->getAlign().value_or(DL.getABITypeAlign(g->getValueType()));
      if (size == 0) { // extern __shared__ x[]: dynamic LDS
        dynamic.push_back(g);
        dynAlign = std::max<unsigned>(dynAlign, unsigned(align.value()));
        continue;
      }
      offset = alignTo(offset, align);
      k.ldsOffsets[ldsIndex[g]] = int64_t(offset);
      offset += size;
    }
    k.staticLdsBytes = unsigned(offset);
    if (!dynamic.empty()) {
      uint64_t dynOffset = alignTo(offset, Align(dynAlign));
      for (GlobalVariable *g : dynamic)
        k.ldsOffsets[ldsIndex[g]] = int64_t(dynOffset);
      k.dynamicLdsAlign = dynAlign;
      k.staticLdsBytes = unsigned(dynOffset);
    }
    if (k.staticLdsBytes > target.ldsBytes)
      return rewriteError(formatv("kernel '{0}' uses {1} bytes of static LDS; "
                                  "{2} has {3}",
                                  k.name, k.staticLdsBytes, target.chip,
                                  target.ldsBytes)
                              .str());
    // Launch limits the kernel was compiled for.
    Attribute fwgs = F.getFnAttribute("amdgpu-flat-work-group-size");
    if (fwgs.isValid()) {
      auto [lo, hi] = fwgs.getValueAsString().split(',');
      unsigned v = 0;
      if (!hi.trim().getAsInteger(10, v))
        k.maxFlatWorkGroupSize = v;
    }
    if (MDNode *md = F.getMetadata("reqd_work_group_size"))
      for (unsigned d = 0; d < 3 && d < md->getNumOperands(); ++d)
        if (auto *ci = mdconst::dyn_extract<ConstantInt>(md->getOperand(d)))
          k.requiredWorkGroupSize[d] = uint32_t(ci->getZExtValue());
    kernelIndex[&F] = unsigned(image.kernels.size());
    image.kernels.push_back(std::move(k));
  }
  return Error::success();
}

Error Phase1::replaceLds(Function &F) {
  SmallVector<std::pair<GlobalVariable *, SmallVector<Use *>>> uses;
  for (GlobalVariable *g : ldsGlobals) {
    SmallVector<Use *> us;
    for (Use &u : g->uses())
      if (cast<Instruction>(u.getUser())->getFunction() == &F)
        us.push_back(&u);
    if (!us.empty())
      uses.push_back({g, std::move(us)});
  }
  if (uses.empty())
    return Error::success();
  IRBuilder<> b(&*F.getEntryBlock().getFirstInsertionPt());
  auto it = kernelIndex.find(&F);
  Value *base = nullptr;
  if (it != kernelIndex.end())
    base = b.CreateCall(runtime("__mcore_emu_lds_base", ptrTy(kLocal), {},
                                false, true),
                        {}, "lds.base");
  for (auto &[g, us] : uses) {
    Value *addr;
    if (base) {
      int64_t off = image.kernels[it->second].ldsOffsets[ldsIndex[g]];
      addr = b.CreateConstGEP1_64(b.getInt8Ty(), base, uint64_t(off),
                                  g->getName() + ".lds");
    } else {
      // A device function: the offset depends on the calling kernel.
      addr = b.CreateCall(runtime("__mcore_emu_lds_global", ptrTy(kLocal),
                                  {i32()}, false, true),
                          {b.getInt32(ldsIndex[g])}, g->getName() + ".lds");
    }
    for (Use *u : us)
      u->set(addr);
  }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

Error Phase1::rewriteCalls(Function &F) {
  SmallVector<CallBase *> calls;
  for (Instruction &I : instructions(F))
    if (auto *call = dyn_cast<CallBase>(&I))
      calls.push_back(call);
  for (CallBase *call : calls) {
    if (call->isInlineAsm())
      return rewriteError("inline assembly " + where(*call) +
                          " cannot be emulated");
    if (isa<InvokeInst>(call) || isa<CallBrInst>(call))
      return rewriteError("invoke/callbr " + where(*call) +
                          " is not supported by the emulator");
    if (Error e = rewriteCall(*call))
      return e;
  }
  return Error::success();
}

Error Phase1::rewriteMma(CallBase &call, const std::string &base) {
  Expected<const MatrixOp *> opOr = MatrixOp::get(base, target);
  if (!opOr)
    return rewriteError(toString(opOr.takeError()) + " (" + where(call) + ")");
  const MatrixOp &op = **opOr;
  Expected<MmaOperands> o = matchMma(call, op);
  if (!o)
    return rewriteError(toString(o.takeError()) + " (" + where(call) + ")");
  if (Error e = checkMmaTypes(call, *o, op, DL))
    return rewriteError(toString(std::move(e)) + " (" + where(call) + ")");
  Expected<MatrixImmediates> imm = getImmediates(call, *o);
  if (!imm)
    return imm.takeError();
  if (Error e = op.verify(*imm))
    return rewriteError(toString(std::move(e)) + " (" + where(call) + ")");

  Site site = makeSite(SiteKind::Mma, call);
  site.op = &op;
  site.imm = *imm;
  unsigned id = addSite(std::move(site));

  Function &F = *call.getFunction();
  AllocaInst *pa = entryAlloca(F, o->a->getType(), "mma.a");
  AllocaInst *pb = entryAlloca(F, o->b->getType(), "mma.b");
  AllocaInst *pc = entryAlloca(F, o->c->getType(), "mma.c");
  AllocaInst *pd = entryAlloca(F, call.getType(), "mma.d");
  IRBuilder<> b(&call);
  b.CreateStore(o->a, pa);
  b.CreateStore(o->b, pb);
  b.CreateStore(o->c, pc);
  Value *idx = o->idx ? b.CreateZExtOrTrunc(o->idx, b.getInt32Ty())
                      : b.getInt32(0);
  FunctionCallee fn =
      runtime("__mcore_emu_mma", b.getVoidTy(),
              {i32(), ptrTy(), ptrTy(), ptrTy(), i32(), ptrTy()}, true);
  CallInst *rc = b.CreateCall(fn, {b.getInt32(id), flat(b, pa), flat(b, pb),
                                   flat(b, pc), idx, flat(b, pd)});
  waveSites[&F].push_back({rc, id});
  Value *d = b.CreateLoad(call.getType(), pd, "mma.result");
  call.replaceAllUsesWith(d);
  call.eraseFromParent();
  return Error::success();
}

Error Phase1::rewriteCrossLane(CallBase &call, SiteKind kind, Value *in0,
                               Value *in1, Value *a0, Value *a1,
                               Type *valueType, uint32_t imm0, uint32_t imm1,
                               uint32_t imm2, uint32_t imm3) {
  Site site = makeSite(kind, call);
  site.imm0 = imm0;
  site.imm1 = imm1;
  site.imm2 = imm2;
  site.imm3 = imm3;
  unsigned id = addSite(std::move(site));
  // The value size is the host's (filled in phase 2); remember the type.
  siteValueTypes[id] = valueType;

  Function &F = *call.getFunction();
  IRBuilder<> b(&call);
  Value *p0 = ConstantPointerNull::get(ptrTy());
  Value *p1 = ConstantPointerNull::get(ptrTy());
  if (in0) {
    AllocaInst *a = entryAlloca(F, in0->getType(), "xl.in0");
    b.CreateStore(in0, a);
    p0 = flat(b, a);
  }
  if (in1) {
    AllocaInst *a = entryAlloca(F, in1->getType(), "xl.in1");
    b.CreateStore(in1, a);
    p1 = flat(b, a);
  }
  Type *ret = call.getType();
  AllocaInst *out = nullptr;
  Value *pout = ConstantPointerNull::get(ptrTy());
  if (!ret->isVoidTy()) {
    out = entryAlloca(F, ret, "xl.out");
    pout = flat(b, out);
  }
  auto asI32 = [&](Value *v) -> Value * {
    if (!v)
      return b.getInt32(0);
    if (v->getType()->isIntegerTy())
      return b.CreateZExtOrTrunc(v, b.getInt32Ty());
    return b.getInt32(0);
  };
  FunctionCallee fn = runtime(
      "__mcore_emu_xlane", b.getVoidTy(),
      {i32(), ptrTy(), ptrTy(), ptrTy(), i32(), i32()}, true);
  CallInst *rc =
      b.CreateCall(fn, {b.getInt32(id), p0, p1, pout, asI32(a0), asI32(a1)});
  waveSites[&F].push_back({rc, id});
  if (out) {
    Value *r = b.CreateLoad(ret, out, "xl.result");
    call.replaceAllUsesWith(r);
  }
  call.eraseFromParent();
  return Error::success();
}

Error Phase1::rewriteCall(CallBase &call) {
  Function *callee = call.getCalledFunction();
  if (!callee || !callee->isDeclaration())
    return Error::success(); // indirect or defined: cloned as is
  std::string base = calleeBaseName(*callee);
  StringRef name = base;
  IRBuilder<> b(&call);
  auto replace = [&](Value *v) {
    call.replaceAllUsesWith(v);
    call.eraseFromParent();
    return Error::success();
  };
  auto arg = [&](unsigned i) { return call.getArgOperand(i); };
  auto rt = [&](StringRef fn, Type *ret, ArrayRef<Value *> args,
                bool readNone = true) {
    SmallVector<Type *> tys;
    for (Value *a : args)
      tys.push_back(a->getType());
    return b.CreateCall(runtime(fn, ret, tys, false, readNone), args);
  };
  auto unsupported = [&](StringRef why) {
    return rewriteError("'" + name + "' " + where(call) +
                        " is not supported by the emulator" +
                        (why.empty() ? "" : ": " + why));
  };

  if (name.starts_with("llvm.amdgcn.")) {
    if (isMatrixIntrinsicName(name))
      return rewriteMma(call, base);
    StringRef op = name.drop_front(strlen("llvm.amdgcn."));

    // Scheduling hints, waits and cache maintenance: no-ops on the host.
    static const StringSet<> noOps = {
        "s.waitcnt", "s.wait.loadcnt", "s.wait.storecnt", "s.wait.dscnt",
        "s.wait.kmcnt", "s.wait.expcnt", "s.wait.samplecnt", "s.wait.bvhcnt",
        "s.wait.loadcnt.dscnt", "s.wait.storecnt.dscnt",
        "s.wait.event.export.ready", "s.setprio", "s.nop", "sched.barrier",
        "sched.group.barrier", "iglp.opt", "s.dcache.inv", "s.dcache.wb",
        "s.dcache.inv.vol", "s.dcache.wb.vol", "buffer.wbinvl1",
        "buffer.wbinvl1.sc", "buffer.wbinvl1.vol", "s.incperflevel",
        "s.decperflevel", "s.ttracedata", "s.ttracedata.imm",
        // gfx12 splits s_barrier into signal + wait; the wait is the
        // barrier.
        "s.barrier.signal"};
    if (noOps.contains(op)) {
      call.eraseFromParent();
      return Error::success();
    }
    if (op == "s.sleep") {
      b.CreateCall(runtime("__mcore_emu_backedge", b.getVoidTy(), {}), {});
      call.eraseFromParent();
      return Error::success();
    }
    if (op == "s.barrier" || op == "s.barrier.wait") {
      Site site = makeSite(SiteKind::Barrier, call);
      unsigned id = addSite(std::move(site));
      b.CreateCall(runtime("__mcore_emu_barrier", b.getVoidTy(), {i32()}, true),
                   {b.getInt32(id)});
      call.eraseFromParent();
      return Error::success();
    }

    // Work-item and work-group ids, dimensions and dispatch data.
    for (unsigned d = 0; d < 3; ++d) {
      std::string dim(1, "xyz"[d]);
      if (op == "workitem.id." + dim)
        return replace(rt("__mcore_emu_workitem_id", i32(), {b.getInt32(d)}));
      if (op == "workgroup.id." + dim)
        return replace(
            rt("__mcore_emu_workgroup_id", i32(), {b.getInt32(d)}));
    }
    if (op == "implicitarg.ptr")
      return replace(rt("__mcore_emu_implicitarg_ptr", call.getType(), {}));
    if (op == "dispatch.ptr")
      return replace(rt("__mcore_emu_dispatch_ptr", call.getType(), {}));
    if (op == "kernarg.segment.ptr")
      return replace(rt("__mcore_emu_kernarg_ptr", call.getType(), {}));
    if (op == "dispatch.id")
      return replace(rt("__mcore_emu_dispatch_id", i64(), {}));
    if (op == "wavefrontsize")
      return replace(b.getInt32(target.waveSize));
    if (op == "mbcnt.lo" || op == "mbcnt.hi")
      return replace(rt("__mcore_emu_mbcnt", i32(),
                        {arg(0), arg(1), b.getInt32(op == "mbcnt.hi")}));
    if (op == "is.shared" || op == "is.private") {
      Value *r = rt(op == "is.shared" ? "__mcore_emu_is_shared"
                                      : "__mcore_emu_is_private",
                    i32(), {flat(b, arg(0))}, false);
      return replace(b.CreateICmpNE(r, b.getInt32(0)));
    }
    if (op == "groupstaticsize") {
      auto it = kernelIndex.find(call.getFunction());
      if (it == kernelIndex.end())
        return unsupported("only in a kernel");
      return replace(b.getInt32(image.kernels[it->second].staticLdsBytes));
    }
    if (op == "s.memtime" || op == "s.memrealtime") {
      Function *f = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::readcyclecounter);
      return replace(b.CreateCall(f, {}));
    }
    if (op == "live.mask" || op == "ps.live")
      return replace(b.getTrue());
    // Whole-wave and whole-quad modes: with the emulator's active set they
    // are the identity (see docs/Emulator.md).
    if (op == "wwm" || op == "strict.wwm" || op == "wqm" ||
        op == "strict.wqm" || op == "softwqm" || op == "set.inactive" ||
        op == "set.inactive.chain.arg")
      return replace(arg(0));

    // Cross-lane operations: the lanes of the wave meet.
    if (op == "readfirstlane")
      return rewriteCrossLane(call, SiteKind::ReadFirstLane, arg(0), nullptr,
                              nullptr, nullptr, call.getType());
    if (op == "readlane")
      return rewriteCrossLane(call, SiteKind::ReadLane, arg(0), nullptr,
                              arg(1), nullptr, call.getType());
    if (op == "writelane")
      return rewriteCrossLane(call, SiteKind::WriteLane, arg(0), arg(2),
                              arg(1), nullptr, call.getType());
    if (op == "ballot")
      return rewriteCrossLane(call, SiteKind::Ballot, nullptr, nullptr,
                              b.CreateZExt(arg(0), b.getInt32Ty()), nullptr,
                              call.getType());
    if (op == "icmp" || op == "fcmp") {
      auto *pred = dyn_cast<ConstantInt>(arg(2));
      if (!pred)
        return unsupported("the predicate must be a constant");
      auto p = CmpInst::Predicate(pred->getZExtValue());
      bool valid = op == "icmp" ? CmpInst::isIntPredicate(p)
                                : CmpInst::isFPPredicate(p);
      if (!valid)
        return unsupported("invalid predicate");
      Value *cond = b.CreateCmp(p, arg(0), arg(1));
      return rewriteCrossLane(call, SiteKind::Ballot, nullptr, nullptr,
                              b.CreateZExt(cond, b.getInt32Ty()), nullptr,
                              call.getType());
    }
    if (op == "inverse.ballot") {
      Value *lane = rt("__mcore_emu_lane_id", i32(), {});
      Value *mask = arg(0);
      Value *bit = b.CreateLShr(mask, b.CreateZExtOrTrunc(lane, mask->getType()));
      return replace(b.CreateTrunc(bit, b.getInt1Ty()));
    }
    if (op == "ds.bpermute" || op == "ds.permute")
      return rewriteCrossLane(call,
                              op == "ds.bpermute" ? SiteKind::Bpermute
                                                  : SiteKind::Permute,
                              arg(1), nullptr, arg(0), nullptr, call.getType());
    if (op == "ds.swizzle") {
      Expected<unsigned> pattern = immValue(arg(1), "pattern", call);
      if (!pattern)
        return pattern.takeError();
      return rewriteCrossLane(call, SiteKind::Swizzle, arg(0), nullptr,
                              nullptr, nullptr, call.getType(), *pattern);
    }
    if (op == "update.dpp" || op == "mov.dpp") {
      bool update = op == "update.dpp";
      unsigned first = update ? 2 : 1;
      unsigned imms[4];
      const char *names[4] = {"dpp_ctrl", "row_mask", "bank_mask",
                              "bound_ctrl"};
      for (unsigned i = 0; i < 4; ++i) {
        Expected<unsigned> v = immValue(arg(first + i), names[i], call);
        if (!v)
          return v.takeError();
        imms[i] = *v;
      }
      return rewriteCrossLane(call, SiteKind::Dpp, arg(update ? 1 : 0),
                              update ? arg(0) : nullptr, nullptr, nullptr,
                              call.getType(), imms[0], imms[1], imms[2],
                              imms[3]);
    }
    if (op == "mov.dpp8") {
      Expected<unsigned> sel = immValue(arg(1), "selector", call);
      if (!sel)
        return sel.takeError();
      return rewriteCrossLane(call, SiteKind::Dpp8, arg(0), nullptr, nullptr,
                              nullptr, call.getType(), *sel);
    }
    if (op == "permlane16" || op == "permlanex16") {
      Expected<unsigned> fi = immValue(arg(4), "fi", call);
      if (!fi)
        return fi.takeError();
      Expected<unsigned> bc = immValue(arg(5), "bound_ctrl", call);
      if (!bc)
        return bc.takeError();
      return rewriteCrossLane(call,
                              op == "permlane16" ? SiteKind::Permlane16
                                                 : SiteKind::PermlaneX16,
                              arg(1), arg(0), arg(2), arg(3), call.getType(),
                              *fi, *bc);
    }
    if (op == "permlane64")
      return rewriteCrossLane(call, SiteKind::Permlane64, arg(0), nullptr,
                              nullptr, nullptr, call.getType());
    if (op.starts_with("wave.reduce.")) {
      StringRef kind = op.drop_front(strlen("wave.reduce."));
      WaveReduceOp r;
      if (kind == "umin")
        r = WaveReduceOp::UMin;
      else if (kind == "umax")
        r = WaveReduceOp::UMax;
      else if (kind == "min")
        r = WaveReduceOp::Min;
      else if (kind == "max")
        r = WaveReduceOp::Max;
      else if (kind == "add")
        r = WaveReduceOp::Add;
      else if (kind == "sub")
        r = WaveReduceOp::Sub;
      else if (kind == "and")
        r = WaveReduceOp::And;
      else if (kind == "or")
        r = WaveReduceOp::Or;
      else if (kind == "xor")
        r = WaveReduceOp::Xor;
      else
        return unsupported("unknown reduction");
      if (!call.getType()->isIntegerTy())
        return unsupported("only integer reductions are emulated");
      return rewriteCrossLane(call, SiteKind::WaveReduce, arg(0), nullptr,
                              nullptr, nullptr, call.getType(), unsigned(r));
    }
    if (op == "wave.barrier") {
      return rewriteCrossLane(call, SiteKind::WaveBarrier, nullptr, nullptr,
                              nullptr, nullptr, b.getInt32Ty());
    }

    bool handled = false;
    if (Error e = rewriteMath(call, op, handled))
      return e;
    if (handled)
      return Error::success();
    if (op.contains("buffer"))
      return unsupported("buffer resources are not emulated");
    return unsupported("this intrinsic is not emulated");
  }

  if (callee->isIntrinsic()) {
    Intrinsic::ID id = callee->getIntrinsicID();
    if (id == Intrinsic::trap || id == Intrinsic::debugtrap ||
        id == Intrinsic::ubsantrap) {
      Site site = makeSite(SiteKind::Trap, call);
      unsigned sid = addSite(std::move(site));
      b.CreateCall(runtime("__mcore_emu_trap", b.getVoidTy(), {i32()}, true),
                   {b.getInt32(sid)});
      call.eraseFromParent();
      return Error::success();
    }
    if (id == Intrinsic::readsteadycounter) {
      Function *f = Intrinsic::getOrInsertDeclaration(&M, Intrinsic::readcyclecounter);
      return replace(b.CreateCall(f, {}));
    }
    if (name.starts_with("llvm.r600.") || name.starts_with("llvm.amdgcn"))
      return unsupported("");
    return Error::success(); // target-independent: re-declared in phase 2
  }

  if (name.starts_with("__mcore_emu_"))
    return Error::success(); // inserted by this rewrite
  bool handled = false;
  if (Error e = rewriteOckl(call, name, handled))
    return e;
  if (handled)
    return Error::success();
  return rewriteError("'" + name + "' is called " + where(call) +
                      " but not defined in the module; the emulator runs the "
                      "module's own code only (ROCm device libraries such as "
                      "ocml are not available; of ockl it provides the "
                      "work-item functions)");
}

Error Phase1::rewriteOckl(CallBase &call, StringRef name, bool &handled) {
  IRBuilder<> b(&call);
  Type *ret = call.getType();
  if (!ret->isIntegerTy() || call.arg_size() > 1)
    return Error::success();
  Value *dim = call.arg_size() ? b.CreateZExtOrTrunc(call.getArgOperand(0),
                                                     b.getInt32Ty())
                               : nullptr;
  auto get = [&](StringRef fn) -> Value * {
    Value *v = b.CreateCall(runtime(fn, i32(), {i32()}, false, true), {dim});
    return b.CreateZExt(v, ret);
  };
  Value *r = nullptr;
  if (name == "__ockl_get_local_id" && dim)
    r = get("__mcore_emu_workitem_id");
  else if (name == "__ockl_get_group_id" && dim)
    r = get("__mcore_emu_workgroup_id");
  else if ((name == "__ockl_get_local_size" ||
            name == "__ockl_get_enqueued_local_size") &&
           dim)
    r = get("__mcore_emu_local_size");
  else if (name == "__ockl_get_num_groups" && dim)
    r = get("__mcore_emu_num_groups");
  else if (name == "__ockl_get_global_size" && dim)
    r = b.CreateMul(get("__mcore_emu_local_size"), get("__mcore_emu_num_groups"));
  else if (name == "__ockl_get_global_id" && dim)
    r = b.CreateAdd(b.CreateMul(get("__mcore_emu_workgroup_id"),
                                get("__mcore_emu_local_size")),
                    get("__mcore_emu_workitem_id"));
  else if (name == "__ockl_get_global_offset" && dim)
    r = ConstantInt::get(ret, 0);
  else if (name == "__ockl_get_work_dim" && !dim)
    r = b.CreateZExt(b.CreateCall(runtime("__mcore_emu_work_dim", i32(), {},
                                          false, true)),
                     ret);
  if (!r)
    return Error::success();
  handled = true;
  call.replaceAllUsesWith(r);
  call.eraseFromParent();
  return Error::success();
}

Error Phase1::rewriteMath(CallBase &call, StringRef op, bool &handled) {
  IRBuilder<> b(&call);
  Type *ty = call.getType();
  auto arg = [&](unsigned i) { return call.getArgOperand(i); };
  auto intr = [&](Intrinsic::ID id, ArrayRef<Value *> args) -> Value * {
    return b.CreateIntrinsic(id, {args[0]->getType()}, args);
  };
  Value *r = nullptr;
  if (op == "rcp")
    r = b.CreateFDiv(ConstantFP::get(ty, 1.0), arg(0));
  else if (op == "rsq")
    r = b.CreateFDiv(ConstantFP::get(ty, 1.0), intr(Intrinsic::sqrt, {arg(0)}));
  else if (op == "rsq.clamp") {
    Value *v = b.CreateFDiv(ConstantFP::get(ty, 1.0),
                            intr(Intrinsic::sqrt, {arg(0)}));
    Value *big = ConstantFP::get(ty, APFloat::getLargest(ty->getFltSemantics()));
    v = b.CreateIntrinsic(Intrinsic::minnum, {ty}, {v, big});
    r = b.CreateIntrinsic(Intrinsic::maxnum, {ty}, {v, b.CreateFNeg(big)});
  } else if (op == "sqrt")
    r = intr(Intrinsic::sqrt, {arg(0)});
  else if (op == "exp2")
    r = intr(Intrinsic::exp2, {arg(0)});
  else if (op == "log")
    r = intr(Intrinsic::log2, {arg(0)});
  else if (op == "sin" || op == "cos") {
    // v_sin_f32 / v_cos_f32 take revolutions: sin(2 * pi * x).
    Value *x = b.CreateFMul(arg(0), ConstantFP::get(ty, 6.283185307179586));
    r = intr(op == "sin" ? Intrinsic::sin : Intrinsic::cos, {x});
  } else if (op == "fract") {
    Value *x = arg(0);
    Value *f = b.CreateFSub(x, intr(Intrinsic::floor, {x}));
    APFloat below1(ty->getFltSemantics(), 1);
    below1.next(/*nextDown=*/true);
    f = b.CreateIntrinsic(Intrinsic::minnum, {ty},
                          {f, ConstantFP::get(ty, below1)});
    // fract(inf) is NaN; keep NaN inputs NaN.
    r = b.CreateSelect(b.CreateFCmpUNO(x, x), x, f);
    Value *isInf = b.CreateFCmpOEQ(intr(Intrinsic::fabs, {x}),
                                   ConstantFP::getInfinity(ty));
    r = b.CreateSelect(isInf, ConstantFP::getNaN(ty), r);
  } else if (op == "ldexp")
    r = b.CreateIntrinsic(Intrinsic::ldexp, {ty, arg(1)->getType()},
                          {arg(0), arg(1)});
  else if (op == "frexp.mant" || op == "frexp.exp") {
    Type *fty = arg(0)->getType();
    Type *ety = op == "frexp.exp" ? ty : b.getInt32Ty();
    Value *fr = b.CreateIntrinsic(Intrinsic::frexp, {fty, ety}, {arg(0)});
    r = b.CreateExtractValue(fr, op == "frexp.mant" ? 0 : 1);
  } else if (op == "fmed3") {
    Value *lo = b.CreateIntrinsic(Intrinsic::minnum, {ty}, {arg(0), arg(1)});
    Value *hi = b.CreateIntrinsic(Intrinsic::maxnum, {ty}, {arg(0), arg(1)});
    Value *m = b.CreateIntrinsic(Intrinsic::minnum, {ty}, {hi, arg(2)});
    r = b.CreateIntrinsic(Intrinsic::maxnum, {ty}, {lo, m});
  } else if (op == "fmul.legacy" || op == "fma.legacy") {
    Value *zero = ConstantFP::get(ty, 0.0);
    Value *anyZero = b.CreateOr(b.CreateFCmpOEQ(arg(0), zero),
                                b.CreateFCmpOEQ(arg(1), zero));
    Value *p = b.CreateFMul(arg(0), arg(1));
    if (op == "fma.legacy") {
      Value *f = intr(Intrinsic::fma, {arg(0), arg(1), arg(2)});
      r = b.CreateSelect(anyZero, b.CreateFAdd(zero, arg(2)), f);
    } else {
      r = b.CreateSelect(anyZero, zero, p);
    }
  } else if (op == "class") {
    auto *mask = dyn_cast<ConstantInt>(arg(1));
    if (!mask)
      return rewriteError("'llvm.amdgcn.class' " + where(call) +
                          ": the class mask must be a constant");
    // The AMDGPU class mask bits are llvm.is.fpclass's.
    r = b.createIsFPClass(arg(0), unsigned(mask->getZExtValue()) & 0x3FF);
  } else if (op == "ubfe" || op == "sbfe") {
    Value *x = arg(0);
    Type *it = x->getType();
    unsigned bits = it->getIntegerBitWidth();
    Value *off = b.CreateAnd(arg(1), ConstantInt::get(it, bits - 1));
    Value *width = b.CreateAnd(arg(2), ConstantInt::get(it, bits - 1));
    // (x << (bits - off - width)) >> (bits - width), for width != 0.
    Value *shl = b.CreateShl(
        x, b.CreateSub(b.CreateSub(ConstantInt::get(it, bits), off), width));
    Value *sh = b.CreateSub(ConstantInt::get(it, bits), width);
    Value *v = op == "ubfe" ? b.CreateLShr(shl, sh) : b.CreateAShr(shl, sh);
    Value *wide = b.CreateICmpUGE(b.CreateAdd(off, width),
                                  ConstantInt::get(it, bits));
    // off + width >= bits: the hardware takes the bits that exist.
    Value *v2 = op == "ubfe" ? b.CreateLShr(x, off) : b.CreateAShr(x, off);
    v = b.CreateSelect(wide, v2, v);
    r = b.CreateSelect(b.CreateICmpEQ(width, ConstantInt::get(it, 0)),
                       ConstantInt::get(it, 0), v);
  } else if (op == "mul.u24" || op == "mul.i24" || op == "mulhi.u24" ||
             op == "mulhi.i24") {
    bool sgn = op.ends_with("i24");
    bool hi = op.starts_with("mulhi");
    auto ext24 = [&](Value *v) -> Value * {
      Value *t = b.CreateTrunc(v, b.getIntNTy(24));
      return sgn ? b.CreateSExt(t, b.getInt64Ty()) : b.CreateZExt(t, b.getInt64Ty());
    };
    Value *p = b.CreateMul(ext24(arg(0)), ext24(arg(1)));
    if (hi)
      p = b.CreateLShr(p, 32);
    r = b.CreateTrunc(p, ty);
  } else if (op == "alignbyte") {
    Value *sh = b.CreateShl(b.CreateAnd(arg(2), 3), 3);
    r = b.CreateIntrinsic(Intrinsic::fshr, {ty}, {arg(0), arg(1), sh});
  } else if (op == "perm") {
    r = b.CreateCall(runtime("__mcore_emu_perm", i32(), {i32(), i32(), i32()},
                             false, true),
                     {arg(0), arg(1), arg(2)});
  } else if (op == "cvt.pkrtz") {
    Value *bits = b.CreateCall(
        runtime("__mcore_emu_cvt_pkrtz", i32(),
                {b.getFloatTy(), b.getFloatTy()}, false, true),
        {arg(0), arg(1)});
    r = b.CreateBitCast(bits, ty);
  } else if (op == "fdot2") {
    // a.x * b.x + a.y * b.y + c in f32 (the intermediate precision of
    // v_dot2_f32_f16 is not documented; products of halves are exact).
    Value *a = b.CreateFPExt(arg(0), FixedVectorType::get(b.getFloatTy(), 2));
    Value *bb = b.CreateFPExt(arg(1), FixedVectorType::get(b.getFloatTy(), 2));
    Value *p0 = b.CreateFMul(b.CreateExtractElement(a, uint64_t(0)),
                             b.CreateExtractElement(bb, uint64_t(0)));
    Value *p1 = b.CreateFMul(b.CreateExtractElement(a, uint64_t(1)),
                             b.CreateExtractElement(bb, uint64_t(1)));
    r = b.CreateFAdd(b.CreateFAdd(p0, p1), arg(2));
  } else if (op == "sdot2" || op == "udot2" || op == "sdot4" ||
             op == "udot4" || op == "sdot8" || op == "udot8" ||
             op == "sudot4" || op == "sudot8") {
    unsigned kind = 0;
    bool su = op.starts_with("su");
    Value *a, *bv, *c, *clamp;
    unsigned aSign = 1, bSign = 1;
    if (su) {
      Expected<unsigned> as = immValue(arg(0), "A_sign", call);
      if (!as)
        return as.takeError();
      Expected<unsigned> bs = immValue(arg(2), "B_sign", call);
      if (!bs)
        return bs.takeError();
      aSign = *as;
      bSign = *bs;
      a = arg(1);
      bv = arg(3);
      c = arg(4);
      clamp = arg(5);
    } else {
      aSign = bSign = op.starts_with("s") ? 1 : 0;
      a = arg(0);
      bv = arg(1);
      c = arg(2);
      clamp = arg(3);
    }
    kind = op.ends_with("2") ? 2 : op.ends_with("4") ? 4 : 8;
    Expected<unsigned> cl = immValue(clamp, "clamp", call);
    if (!cl)
      return cl.takeError();
    a = b.CreateBitCast(a, b.getInt32Ty());
    bv = b.CreateBitCast(bv, b.getInt32Ty());
    unsigned flags = aSign | (bSign << 1) | (*cl << 2);
    r = b.CreateCall(runtime("__mcore_emu_dot", i32(),
                             {i32(), i32(), i32(), i32(), i32()}, false, true),
                     {b.getInt32(kind), a, bv, c, b.getInt32(flags)});
  } else if (op == "cvt.f32.fp8" || op == "cvt.f32.bf8") {
    Expected<unsigned> sel = immValue(arg(1), "byte_sel", call);
    if (!sel)
      return sel.takeError();
    Value *byte = b.CreateAnd(b.CreateLShr(arg(0), 8 * (*sel & 3)), 0xFF);
    r = b.CreateCall(runtime("__mcore_emu_cvt_f32_f8", b.getFloatTy(),
                             {i32(), i32()}, false, true),
                     {byte, b.getInt32(op == "cvt.f32.bf8")});
  } else if (op == "cvt.pk.f32.fp8" || op == "cvt.pk.f32.bf8") {
    Expected<unsigned> sel = immValue(arg(1), "word_sel", call);
    if (!sel)
      return sel.takeError();
    FunctionCallee fn = runtime("__mcore_emu_cvt_f32_f8", b.getFloatTy(),
                                {i32(), i32()}, false, true);
    Value *isBf8 = b.getInt32(op == "cvt.pk.f32.bf8");
    Value *v = PoisonValue::get(ty);
    for (unsigned e = 0; e < 2; ++e) {
      Value *byte =
          b.CreateAnd(b.CreateLShr(arg(0), 16 * (*sel & 1) + 8 * e), 0xFF);
      v = b.CreateInsertElement(v, b.CreateCall(fn, {byte, isBf8}),
                                uint64_t(e));
    }
    r = v;
  } else if (op == "cvt.pk.fp8.f32" || op == "cvt.pk.bf8.f32") {
    Expected<unsigned> sel = immValue(arg(3), "word_sel", call);
    if (!sel)
      return sel.takeError();
    r = b.CreateCall(runtime("__mcore_emu_cvt_pk_f8", i32(),
                             {b.getFloatTy(), b.getFloatTy(), i32(), i32(),
                              i32()},
                             false, true),
                     {arg(0), arg(1), arg(2), b.getInt32(*sel & 1),
                      b.getInt32(op == "cvt.pk.bf8.f32")});
  }
  if (!r)
    return Error::success();
  handled = true;
  if (r->getType() != ty)
    return rewriteError("internal: emulation of 'llvm.amdgcn." + op +
                        "' produced type " + typeName(r->getType()) +
                        " for " + typeName(ty));
  call.replaceAllUsesWith(r);
  call.eraseFromParent();
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Pointers and scopes
//===----------------------------------------------------------------------===//

bool isUnsupportedAddrSpace(Type *t) {
  if (auto *v = dyn_cast<VectorType>(t))
    t = v->getElementType();
  if (!t->isPointerTy())
    return false;
  unsigned as = t->getPointerAddressSpace();
  return as == kRegion || as == kConstant32 || as == kBufferFat ||
         as == kBufferRsrc || as == kBufferStrided || as > kBufferStrided;
}

Error Phase1::rewritePointerCasts(Function &F) {
  for (Argument &a : F.args())
    if (isUnsupportedAddrSpace(a.getType()))
      return rewriteError("function '" + F.getName() + "' takes a " +
                          typeName(a.getType()) +
                          " argument; the emulator supports flat, global, "
                          "constant, LDS and private pointers only");
  SmallVector<Instruction *> casts;
  for (Instruction &I : instructions(F)) {
    if (isUnsupportedAddrSpace(I.getType()))
      return rewriteError(typeName(I.getType()) + " value " + where(I) +
                          ": buffer and other special address spaces "
                          "(2, 6, 7, 8, 9) are not supported by the emulator");
    for (Value *op : I.operands())
      if (isUnsupportedAddrSpace(op->getType()))
        return rewriteError(typeName(op->getType()) + " operand " + where(I) +
                            ": buffer and other special address spaces "
                            "(2, 6, 7, 8, 9) are not supported by the "
                            "emulator");
    if (auto *p2i = dyn_cast<PtrToIntInst>(&I)) {
      unsigned as = p2i->getPointerAddressSpace();
      if (as == kLocal || as == kPrivate)
        casts.push_back(&I);
    } else if (auto *i2p = dyn_cast<IntToPtrInst>(&I)) {
      unsigned as = i2p->getAddressSpace();
      if (as == kLocal || as == kPrivate)
        casts.push_back(&I);
    }
  }
  // 32-bit LDS and private pointers are offsets from the work-group's LDS
  // block and the lane's private memory (its fiber stack).
  for (Instruction *I : casts) {
    IRBuilder<> b(I);
    bool isPtrToInt = isa<PtrToIntInst>(I);
    unsigned as = isPtrToInt ? cast<PtrToIntInst>(I)->getPointerAddressSpace()
                             : cast<IntToPtrInst>(I)->getAddressSpace();
    Value *base = b.CreateCall(
        runtime(as == kLocal ? "__mcore_emu_lds_base"
                             : "__mcore_emu_private_base",
                PointerType::get(C, as), {}, false, true),
        {});
    if (isPtrToInt) {
      Value *p = b.CreatePtrToInt(I->getOperand(0), b.getInt64Ty());
      Value *bp = b.CreatePtrToInt(base, b.getInt64Ty());
      Value *off = b.CreateSub(p, bp);
      Value *r = b.CreateZExtOrTrunc(off, I->getType());
      I->replaceAllUsesWith(r);
    } else {
      Value *off = b.CreateZExtOrTrunc(I->getOperand(0), b.getInt64Ty());
      Value *r = b.CreateGEP(b.getInt8Ty(), base, off);
      I->replaceAllUsesWith(r);
    }
    I->eraseFromParent();
  }
  return Error::success();
}

void Phase1::rewriteSyncScopes(Function &F) {
  SmallVector<StringRef> names;
  C.getSyncScopeNames(names);
  auto mapScope = [&](SyncScope::ID id) -> SyncScope::ID {
    if (id == SyncScope::SingleThread || id == SyncScope::System)
      return id;
    StringRef n = id < names.size() ? names[id] : StringRef();
    // A work-group runs on one host thread: its scopes need no fence.
    if (n.starts_with("workgroup") || n.starts_with("wavefront") ||
        n.starts_with("singlethread"))
      return SyncScope::SingleThread;
    return SyncScope::System;
  };
  for (Instruction &I : instructions(F)) {
    if (auto *f = dyn_cast<FenceInst>(&I))
      f->setSyncScopeID(mapScope(f->getSyncScopeID()));
    else if (auto *a = dyn_cast<AtomicRMWInst>(&I))
      a->setSyncScopeID(mapScope(a->getSyncScopeID()));
    else if (auto *x = dyn_cast<AtomicCmpXchgInst>(&I))
      x->setSyncScopeID(mapScope(x->getSyncScopeID()));
    else if (auto *l = dyn_cast<LoadInst>(&I)) {
      if (l->isAtomic())
        l->setSyncScopeID(mapScope(l->getSyncScopeID()));
    } else if (auto *s = dyn_cast<StoreInst>(&I)) {
      if (s->isAtomic())
        s->setSyncScopeID(mapScope(s->getSyncScopeID()));
    }
  }
}

Error Phase1::run() {
  if (Error e = prepareModule())
    return e;
  if (Error e = layoutLds())
    return e;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    if (Error e = replaceLds(F))
      return e;
  }
  for (GlobalVariable *g : ldsGlobals)
    if (g->use_empty())
      g->eraseFromParent();
  SmallVector<Function *> defined;
  for (Function &F : M)
    if (!F.isDeclaration())
      defined.push_back(&F);
  for (Function *F : defined) {
    if (Error e = rewriteCalls(*F))
      return e;
    if (Error e = rewritePointerCasts(*F))
      return e;
    rewriteSyncScopes(*F);
    rewriteUnreachables(*F);
  }
  return Error::success();
}

/// A lane that reaches `unreachable` (undefined behaviour the device
/// compiler did not remove) is a fault, reported with its location, rather
/// than running on into whatever code the host compiler put after it.
/// Unreachables after a call that does not return (a trap) stay.
void Phase1::rewriteUnreachables(Function &F) {
  SmallVector<UnreachableInst *> faults;
  for (BasicBlock &bb : F)
    if (auto *u = dyn_cast<UnreachableInst>(bb.getTerminator())) {
      auto *prev = dyn_cast_or_null<CallBase>(u->getPrevNode());
      if (prev && (prev->doesNotReturn() ||
                   (prev->getCalledFunction() &&
                    prev->getCalledFunction()->getName() ==
                        "__mcore_emu_trap")))
        continue;
      faults.push_back(u);
    }
  for (UnreachableInst *u : faults) {
    Site s;
    s.kind = SiteKind::Unreachable;
    s.function = F.getName().str();
    s.location = locationOf(*u);
    s.what = "unreachable";
    unsigned sid = addSite(std::move(s));
    IRBuilder<> b(u);
    b.CreateCall(runtime("__mcore_emu_trap", b.getVoidTy(), {i32()}, true),
                 {b.getInt32(sid)});
  }
}

/// Whether wave-op call `to` can run after `from` in the same function.
bool reaches(CallBase *from, CallBase *to) {
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

} // namespace

//===----------------------------------------------------------------------===//
// Phase 2
//===----------------------------------------------------------------------===//

namespace {

/// Flattens every pointer type to address space 0, inside vectors, arrays,
/// structs and function types too.
class FlattenTypes final : public ValueMapTypeRemapper {
public:
  explicit FlattenTypes(LLVMContext &C) : C(C) {}
  Type *remapType(Type *t) override;

private:
  bool needsRemap(Type *t, SmallPtrSetImpl<StructType *> &visiting);
  LLVMContext &C;
  DenseMap<Type *, Type *> cache;
};

bool FlattenTypes::needsRemap(Type *t,
                              SmallPtrSetImpl<StructType *> &visiting) {
  if (auto *p = dyn_cast<PointerType>(t))
    return p->getAddressSpace() != 0;
  if (auto *v = dyn_cast<VectorType>(t))
    return needsRemap(v->getElementType(), visiting);
  if (auto *a = dyn_cast<ArrayType>(t))
    return needsRemap(a->getElementType(), visiting);
  if (auto *s = dyn_cast<StructType>(t)) {
    if (!visiting.insert(s).second)
      return false;
    for (Type *e : s->elements())
      if (needsRemap(e, visiting))
        return true;
    return false;
  }
  if (auto *f = dyn_cast<FunctionType>(t)) {
    if (needsRemap(f->getReturnType(), visiting))
      return true;
    for (Type *p : f->params())
      if (needsRemap(p, visiting))
        return true;
  }
  return false;
}

Type *FlattenTypes::remapType(Type *t) {
  auto it = cache.find(t);
  if (it != cache.end())
    return it->second;
  SmallPtrSet<StructType *, 8> visiting;
  if (!needsRemap(t, visiting)) {
    cache[t] = t;
    return t;
  }
  Type *r = t;
  if (isa<PointerType>(t)) {
    r = PointerType::get(C, 0);
  } else if (auto *v = dyn_cast<VectorType>(t)) {
    r = VectorType::get(remapType(v->getElementType()), v->getElementCount());
  } else if (auto *a = dyn_cast<ArrayType>(t)) {
    r = ArrayType::get(remapType(a->getElementType()), a->getNumElements());
  } else if (auto *s = dyn_cast<StructType>(t)) {
    if (s->isLiteral()) {
      SmallVector<Type *> elems;
      for (Type *e : s->elements())
        elems.push_back(remapType(e));
      r = StructType::get(C, elems, s->isPacked());
    } else {
      StructType *ns = StructType::create(C, (s->getName() + ".host").str());
      cache[t] = ns; // before the body: the struct may contain itself
      SmallVector<Type *> elems;
      for (Type *e : s->elements())
        elems.push_back(remapType(e));
      ns->setBody(elems, s->isPacked());
      r = ns;
    }
  } else if (auto *f = dyn_cast<FunctionType>(t)) {
    SmallVector<Type *> params;
    for (Type *p : f->params())
      params.push_back(remapType(p));
    r = FunctionType::get(remapType(f->getReturnType()), params,
                          f->isVarArg());
  }
  cache[t] = r;
  return r;
}

class Phase2 {
public:
  Phase2(Module &src, Module &dst, Image &image, Phase1 &p1,
         const RewriteOptions &options)
      : src(src), dst(dst), C(src.getContext()), image(image), p1(p1),
        options(options), types(C) {}
  Error run();

private:
  Module &src;
  Module &dst;
  LLVMContext &C;
  Image &image;
  Phase1 &p1;
  const RewriteOptions &options;
  FlattenTypes types;
  ValueToValueMapTy vmap;

  Expected<Constant *> mapConstant(Constant *c);
  Error declareFunctions();
  Error declareGlobals();
  Error cloneBodies();
  void fixupInstructions();
  Error buildEntries();
  void addYields();
  void instrumentMemory();
  void instrumentMasked(IntrinsicInst &orig, IntrinsicInst &host, Function &F);
  AttributeList cleanAttributes(const Function &F, bool ours);
};

Expected<Constant *> Phase2::mapConstant(Constant *c) {
  if (auto *gv = dyn_cast<GlobalValue>(c)) {
    auto it = vmap.find(gv);
    if (it == vmap.end())
      return rewriteError("internal: no host copy of '" + gv->getName() + "'");
    return cast<Constant>(it->second);
  }
  Type *ty = types.remapType(c->getType());
  if (isa<ConstantPointerNull>(c))
    return ConstantPointerNull::get(cast<PointerType>(ty));
  if (isa<PoisonValue>(c))
    return PoisonValue::get(ty);
  if (isa<UndefValue>(c))
    return UndefValue::get(ty);
  if (isa<ConstantAggregateZero>(c))
    return ConstantAggregateZero::get(ty);
  if (isa<ConstantData>(c) || isa<ConstantTokenNone>(c))
    return c;
  if (auto *agg = dyn_cast<ConstantAggregate>(c)) {
    SmallVector<Constant *> ops;
    for (Value *op : agg->operands()) {
      Expected<Constant *> m = mapConstant(cast<Constant>(op));
      if (!m)
        return m.takeError();
      ops.push_back(*m);
    }
    if (auto *st = dyn_cast<StructType>(ty))
      return ConstantStruct::get(st, ops);
    if (auto *at = dyn_cast<ArrayType>(ty))
      return ConstantArray::get(at, ops);
    return ConstantVector::get(ops);
  }
  if (auto *ce = dyn_cast<ConstantExpr>(c)) {
    SmallVector<Constant *> ops;
    for (Value *op : ce->operands()) {
      Expected<Constant *> m = mapConstant(cast<Constant>(op));
      if (!m)
        return m.takeError();
      ops.push_back(*m);
    }
    if (ce->getOpcode() == Instruction::AddrSpaceCast)
      return ops[0]; // every address space is the host's now
    Type *srcElem = nullptr;
    if (auto *gep = dyn_cast<GEPOperator>(ce))
      srcElem = types.remapType(gep->getSourceElementType());
    return ce->getWithOperands(ops, ty, false, srcElem);
  }
  return rewriteError("constant '" + c->getName() +
                      "' of a kind the emulator cannot move to the host");
}

AttributeList Phase2::cleanAttributes(const Function &F, bool ours) {
  AttributeList old = F.getAttributes();
  if (ours)
    return old; // the runtime's own declarations
  AttrBuilder fn(C);
  for (Attribute::AttrKind k :
       {Attribute::NoInline, Attribute::AlwaysInline, Attribute::NoReturn,
        Attribute::NoUnwind, Attribute::Cold})
    if (F.hasFnAttribute(k))
      fn.addAttribute(k);
  SmallVector<AttributeSet> params;
  for (unsigned i = 0; i < F.arg_size(); ++i) {
    AttrBuilder p(C);
    if (F.hasParamAttribute(i, Attribute::ZExt))
      p.addAttribute(Attribute::ZExt);
    if (F.hasParamAttribute(i, Attribute::SExt))
      p.addAttribute(Attribute::SExt);
    if (Type *t = F.getParamByValType(i))
      p.addByValAttr(types.remapType(t));
    if (Type *t = F.getParamStructRetType(i))
      p.addStructRetAttr(types.remapType(t));
    params.push_back(AttributeSet::get(C, p));
  }
  AttrBuilder ret(C);
  if (F.hasRetAttribute(Attribute::ZExt))
    ret.addAttribute(Attribute::ZExt);
  if (F.hasRetAttribute(Attribute::SExt))
    ret.addAttribute(Attribute::SExt);
  return AttributeList::get(C, AttributeSet::get(C, fn),
                            AttributeSet::get(C, ret), params);
}

Error Phase2::declareFunctions() {
  for (Function &F : src) {
    if (F.isIntrinsic()) {
      SmallVector<Type *> tys;
      if (!Intrinsic::getIntrinsicSignature(&F, tys))
        return rewriteError("intrinsic '" + F.getName() +
                            "' has a signature the emulator cannot re-declare");
      for (Type *&t : tys)
        t = types.remapType(t);
      vmap[&F] =
          Intrinsic::getOrInsertDeclaration(&dst, F.getIntrinsicID(), tys);
      continue;
    }
    auto *fty = cast<FunctionType>(types.remapType(F.getFunctionType()));
    GlobalValue::LinkageTypes linkage = F.getLinkage();
    if (linkage == GlobalValue::AvailableExternallyLinkage)
      linkage = GlobalValue::InternalLinkage;
    Function *nf = Function::Create(fty, linkage, 0, F.getName(), &dst);
    nf->setCallingConv(CallingConv::C);
    nf->setAttributes(
        cleanAttributes(F, F.getName().starts_with("__mcore_emu_")));
    vmap[&F] = nf;
  }
  return Error::success();
}

Error Phase2::declareGlobals() {
  const DataLayout &hdl = dst.getDataLayout();
  for (GlobalVariable &g : src.globals()) {
    if (g.getAddressSpace() == kLocal)
      continue; // replaced in phase 1
    if (!g.hasInitializer())
      return rewriteError("global '" + g.getName() +
                          "' is declared but not defined in the module");
    Type *vt = types.remapType(g.getValueType());
    GlobalValue::LinkageTypes linkage = g.getLinkage();
    if (linkage == GlobalValue::AvailableExternallyLinkage ||
        linkage == GlobalValue::ExternalWeakLinkage)
      linkage = GlobalValue::InternalLinkage;
    auto *ng = new GlobalVariable(dst, vt, g.isConstant(), linkage, nullptr,
                                  g.getName(), nullptr,
                                  GlobalValue::NotThreadLocal, 0);
    ng->setAlignment(g.getAlign());
    vmap[&g] = ng;
    image.globals.push_back({ng->getName().str(), hdl.getTypeAllocSize(vt)});
  }
  for (GlobalVariable &g : src.globals()) {
    if (g.getAddressSpace() == kLocal)
      continue;
    Expected<Constant *> init = mapConstant(g.getInitializer());
    if (!init)
      return init.takeError();
    cast<GlobalVariable>(vmap[&g])->setInitializer(*init);
  }
  return Error::success();
}

Error Phase2::cloneBodies() {
  for (Function &F : src) {
    if (F.isDeclaration())
      continue;
    auto *nf = cast<Function>(vmap[&F]);
    auto nai = nf->arg_begin();
    for (Argument &a : F.args()) {
      nai->setName(a.getName());
      vmap[&a] = &*nai++;
    }
    // Constants that still hold constant expressions (inside aggregates).
    for (Instruction &I : instructions(F))
      for (Value *op : I.operands())
        if (auto *c = dyn_cast<Constant>(op))
          if (!isa<GlobalValue>(c) && !isa<ConstantData>(c) &&
              !vmap.count(c)) {
            Expected<Constant *> m = mapConstant(c);
            if (!m)
              return m.takeError();
            vmap[c] = *m;
          }
    AttributeList attrs = nf->getAttributes();
    SmallVector<ReturnInst *, 8> returns;
    CloneFunctionInto(nf, &F, vmap, CloneFunctionChangeType::DifferentModule,
                      returns, "", nullptr, &types, nullptr);
    nf->setAttributes(attrs);
    nf->setCallingConv(CallingConv::C);
    nf->setSection("");
    nf->setPersonalityFn(nullptr);
  }
  return Error::success();
}

void Phase2::fixupInstructions() {
  for (Function &F : dst) {
    SmallVector<Instruction *> dead;
    for (Instruction &I : instructions(F)) {
      if (auto *asc = dyn_cast<AddrSpaceCastInst>(&I)) {
        asc->replaceAllUsesWith(asc->getOperand(0));
        dead.push_back(asc);
        continue;
      }
      if (auto *call = dyn_cast<CallBase>(&I)) {
        // Keep only the call-site attributes that carry meaning on the
        // host; drop e.g. AMDGPU-sized dereferenceable/align facts.
        AttributeList old = call->getAttributes();
        Function *callee = call->getCalledFunction();
        if (callee && callee->getName().starts_with("__mcore_emu_")) {
          call->setAttributes(callee->getAttributes());
          continue;
        }
        SmallVector<AttributeSet> params;
        for (unsigned i = 0; i < call->arg_size(); ++i) {
          AttrBuilder p(C);
          AttributeSet s = old.getParamAttrs(i);
          if (Type *t = s.getByValType())
            p.addByValAttr(t);
          if (Type *t = s.getStructRetType())
            p.addStructRetAttr(t);
          if (s.hasAttribute(Attribute::ZExt))
            p.addAttribute(Attribute::ZExt);
          if (s.hasAttribute(Attribute::SExt))
            p.addAttribute(Attribute::SExt);
          // Alignment (masked loads and stores carry theirs here): the
          // addresses do not change on the host.
          if (MaybeAlign a = s.getAlignment())
            p.addAlignmentAttr(*a);
          params.push_back(AttributeSet::get(C, p));
        }
        AttrBuilder fn(C);
        if (old.hasFnAttr(Attribute::NoUnwind))
          fn.addAttribute(Attribute::NoUnwind);
        call->setAttributes(AttributeList::get(C, AttributeSet::get(C, fn),
                                               AttributeSet(), params));
        call->setCallingConv(CallingConv::C);
      }
    }
    for (Instruction *I : dead)
      I->eraseFromParent();
  }
}

Error Phase2::buildEntries() {
  const DataLayout &adl = src.getDataLayout();
  const DataLayout &hdl = dst.getDataLayout();
  for (KernelInfo &k : image.kernels) {
    Function *kf = src.getFunction(k.name);
    auto *hf = cast<Function>(vmap[kf]);
    hf->setLinkage(GlobalValue::InternalLinkage);
    k.entryName = "__mcore_emu_entry." + k.name;
    FunctionType *ety = FunctionType::get(Type::getVoidTy(C),
                                          {PointerType::get(C, 0)}, false);
    Function *entry = Function::Create(ety, GlobalValue::ExternalLinkage,
                                       k.entryName, &dst);
    entry->addFnAttr(Attribute::NoUnwind);
    BasicBlock *bb = BasicBlock::Create(C, "entry", entry);
    IRBuilder<> b(bb);
    Value *params = entry->getArg(0);
    SmallVector<Value *> args;
    uint64_t kernargOffset = 0;
    for (unsigned i = 0; i < kf->arg_size(); ++i) {
      Argument &a = *kf->getArg(i);
      KernelArg ka;
      ka.type = typeName(a.getType());
      Value *slot = b.CreateConstGEP1_64(b.getPtrTy(), params, i);
      Value *p = b.CreateLoad(b.getPtrTy(), slot);
      uint64_t abytes;
      Align aalign;
      if (Type *t = kf->getParamByRefType(i)) {
        ka.byRef = true;
        ka.hostBytes = unsigned(hdl.getTypeStoreSize(types.remapType(t)));
        abytes = adl.getTypeAllocSize(t);
        aalign = kf->getParamAlign(i).value_or(adl.getABITypeAlign(t));
        args.push_back(p);
      } else {
        Type *ht = hf->getArg(i)->getType();
        abytes = adl.getTypeAllocSize(a.getType());
        aalign = adl.getABITypeAlign(a.getType());
        if (ht->isIntegerTy(1)) {
          ka.isBool = true;
          ka.hostBytes = 1;
          abytes = 1;
          Value *v = b.CreateLoad(b.getInt8Ty(), p);
          args.push_back(b.CreateICmpNE(v, b.getInt8(0)));
        } else {
          ka.hostBytes = unsigned(hdl.getTypeStoreSize(ht));
          auto *ld = b.CreateAlignedLoad(ht, p, Align(1));
          args.push_back(ld);
        }
      }
      kernargOffset = alignTo(kernargOffset, aalign);
      ka.kernargOffset = unsigned(kernargOffset);
      ka.kernargBytes = unsigned(abytes);
      kernargOffset += abytes;
      k.args.push_back(std::move(ka));
    }
    k.explicitKernargBytes = unsigned(kernargOffset);
    k.implicitArgOffset = unsigned(alignTo(kernargOffset, 8));
    b.CreateCall(hf, args);
    b.CreateRetVoid();
  }
  return Error::success();
}

void Phase2::addYields() {
  FunctionCallee yield = dst.getOrInsertFunction(
      "__mcore_emu_backedge", FunctionType::get(Type::getVoidTy(C), false));
  cast<Function>(yield.getCallee())->addFnAttr(Attribute::NoUnwind);
  for (Function &F : dst) {
    if (F.isDeclaration() || F.getName().starts_with("__mcore_emu_entry."))
      continue;
    // Back edges: edges to a block on the depth-first search stack.
    SmallPtrSet<BasicBlock *, 32> onStack, visited;
    SmallVector<std::pair<BasicBlock *, succ_iterator>> stack;
    SmallSetVector<BasicBlock *, 8> latches;
    BasicBlock *entry = &F.getEntryBlock();
    stack.push_back({entry, succ_begin(entry)});
    visited.insert(entry);
    onStack.insert(entry);
    while (!stack.empty()) {
      auto &[bb, it] = stack.back();
      if (it == succ_end(bb)) {
        onStack.erase(bb);
        stack.pop_back();
        continue;
      }
      BasicBlock *s = *it++;
      if (onStack.count(s))
        latches.insert(bb);
      else if (visited.insert(s).second) {
        onStack.insert(s);
        stack.push_back({s, succ_begin(s)});
      }
    }
    for (BasicBlock *bb : latches)
      CallInst::Create(yield, {}, "", bb->getTerminator()->getIterator());
  }
}

void Phase2::instrumentMemory() {
  const DataLayout &hdl = dst.getDataLayout();
  FunctionType *fty = FunctionType::get(
      Type::getVoidTy(C),
      {PointerType::get(C, 0), Type::getInt64Ty(C), Type::getInt32Ty(C)},
      false);
  FunctionCallee check = dst.getOrInsertFunction("__mcore_emu_check", fty);
  cast<Function>(check.getCallee())->addFnAttr(Attribute::NoUnwind);
  for (Function &F : src) {
    if (F.isDeclaration())
      continue;
    for (Instruction &I : instructions(F)) {
      struct Access {
        Value *ptr;
        Value *size; ///< in the host module
        bool store;
        const char *what;
      };
      SmallVector<Access, 2> accesses;
      auto it = vmap.find(&I);
      if (it == vmap.end())
        continue;
      auto *ni = dyn_cast<Instruction>(it->second);
      if (!ni)
        continue;
      auto constSize = [&](Type *t) {
        return ConstantInt::get(Type::getInt64Ty(C),
                                hdl.getTypeStoreSize(types.remapType(t)));
      };
      if (auto *l = dyn_cast<LoadInst>(&I))
        accesses.push_back({l->getPointerOperand(), constSize(l->getType()),
                            false, "load"});
      else if (auto *s = dyn_cast<StoreInst>(&I))
        accesses.push_back({s->getPointerOperand(),
                            constSize(s->getValueOperand()->getType()), true,
                            "store"});
      else if (auto *a = dyn_cast<AtomicRMWInst>(&I))
        accesses.push_back({a->getPointerOperand(),
                            constSize(a->getValOperand()->getType()), true,
                            "atomicrmw"});
      else if (auto *x = dyn_cast<AtomicCmpXchgInst>(&I))
        accesses.push_back({x->getPointerOperand(),
                            constSize(x->getNewValOperand()->getType()), true,
                            "cmpxchg"});
      else if (auto *ii = dyn_cast<IntrinsicInst>(&I);
               ii && (ii->getIntrinsicID() == Intrinsic::masked_load ||
                      ii->getIntrinsicID() == Intrinsic::masked_store)) {
        instrumentMasked(*ii, *cast<IntrinsicInst>(ni), F);
        continue;
      } else if (auto *mi = dyn_cast<MemIntrinsic>(&I)) {
        auto *nmi = cast<MemIntrinsic>(ni);
        IRBuilder<> b(ni);
        Value *len = b.CreateZExtOrTrunc(nmi->getLength(), b.getInt64Ty());
        accesses.push_back({mi->getDest(), len, true, "memory intrinsic (dest)"});
        if (auto *mt = dyn_cast<MemTransferInst>(mi))
          accesses.push_back(
              {mt->getSource(), len, false, "memory intrinsic (source)"});
      }
      for (unsigned n = 0; n < accesses.size(); ++n) {
        Access &acc = accesses[n];
        unsigned as = acc.ptr->getType()->getPointerAddressSpace();
        if (as == kPrivate)
          continue;
        if (isa<AllocaInst>(acc.ptr->stripPointerCasts()))
          continue;
        Site site;
        site.kind = SiteKind::Memory;
        site.function = F.getName().str();
        site.location = locationOf(I);
        site.what = acc.what;
        site.isStore = acc.store;
        site.addrSpace = as;
        image.sites.push_back(std::move(site));
        unsigned id = unsigned(image.sites.size() - 1);
        Value *hostPtr = vmap.lookup(acc.ptr);
        if (!hostPtr) {
          auto *c = dyn_cast<Constant>(acc.ptr);
          Expected<Constant *> m =
              c ? mapConstant(c) : Expected<Constant *>(nullptr);
          if (!m) {
            consumeError(m.takeError());
            continue;
          }
          hostPtr = *m;
          if (!hostPtr)
            continue;
        }
        IRBuilder<> b(ni);
        b.CreateCall(check, {hostPtr, acc.size, b.getInt32(id)});
      }
    }
  }
}

/// llvm.masked.load / store: check every enabled element.
void Phase2::instrumentMasked(IntrinsicInst &orig, IntrinsicInst &host,
                              Function &F) {
  bool isStore = orig.getIntrinsicID() == Intrinsic::masked_store;
  Value *ptr = nullptr, *mask = nullptr;
  unsigned ptrIndex = 0;
  for (unsigned i = 0; i < orig.arg_size(); ++i) {
    Value *a = orig.getArgOperand(i);
    if (!ptr && a->getType()->isPointerTy()) {
      ptr = a;
      ptrIndex = i;
    }
    if (auto *vt = dyn_cast<FixedVectorType>(a->getType()))
      if (vt->getElementType()->isIntegerTy(1))
        mask = host.getArgOperand(i);
  }
  if (!ptr || !mask)
    return;
  unsigned as = ptr->getType()->getPointerAddressSpace();
  if (as == kPrivate || isa<AllocaInst>(ptr->stripPointerCasts()))
    return;
  auto *vt = cast<FixedVectorType>(mask->getType());
  unsigned n = vt->getNumElements();
  if (n > 64)
    return;
  Type *dataTy = isStore ? host.getArgOperand(0)->getType() : host.getType();
  auto *dataVec = cast<FixedVectorType>(dataTy);
  uint64_t elemBytes =
      dst.getDataLayout().getTypeStoreSize(dataVec->getElementType());
  Site site;
  site.kind = SiteKind::Memory;
  site.function = F.getName().str();
  site.location = locationOf(orig);
  site.what = isStore ? "masked store" : "masked load";
  site.isStore = isStore;
  site.addrSpace = as;
  image.sites.push_back(std::move(site));
  unsigned id = unsigned(image.sites.size() - 1);
  IRBuilder<> b(&host);
  Value *bits = b.CreateZExt(b.CreateBitCast(mask, b.getIntNTy(n)),
                             b.getInt64Ty());
  FunctionCallee check = dst.getOrInsertFunction(
      "__mcore_emu_check_masked",
      FunctionType::get(b.getVoidTy(),
                        {b.getPtrTy(), b.getInt64Ty(), b.getInt64Ty(),
                         b.getInt32Ty()},
                        false));
  cast<Function>(check.getCallee())->addFnAttr(Attribute::NoUnwind);
  b.CreateCall(check, {host.getArgOperand(ptrIndex), b.getInt64(elemBytes),
                       bits, b.getInt32(id)});
}

Error Phase2::run() {
  if (Error e = declareFunctions())
    return e;
  if (Error e = declareGlobals())
    return e;
  if (Error e = cloneBodies())
    return e;
  fixupInstructions();
  if (Error e = buildEntries())
    return e;
  if (options.boundsCheck)
    instrumentMemory();
  addYields();
  // Sizes of the cross-lane values, in the host's layout.
  const DataLayout &hdl = dst.getDataLayout();
  for (auto &[id, t] : p1.siteValueTypes)
    image.sites[id].valueBytes =
        unsigned(hdl.getTypeStoreSize(types.remapType(t)));
  StripDebugInfo(dst);
  std::string err;
  raw_string_ostream os(err);
  if (verifyModule(dst, &os))
    return rewriteError("internal error: the host module is invalid: " + err);
  return Error::success();
}

} // namespace

std::string Site::describe() const {
  std::string s = "'" + what + "' in function '" + function + "'";
  if (!location.empty())
    s += " at " + location;
  return s;
}

Expected<std::unique_ptr<Module>>
mlir::mcore::emu::rewriteForHost(Module &module, const Target &target,
                                 const DataLayout &hostLayout,
                                 StringRef hostTriple,
                                 const RewriteOptions &options, Image &image) {
  image.target = target;
  Phase1 p1(module, target, image);
  if (Error e = p1.run())
    return std::move(e);
  // Order of wave-op sites inside each function (see Runtime.cpp).
  image.reaches.assign(image.sites.size(), {});
  for (auto &[F, sites] : p1.waveSites)
    for (auto &[from, fromId] : sites) {
      image.reaches[fromId].assign(image.sites.size(), false);
      for (auto &[to, toId] : sites)
        image.reaches[fromId][toId] = reaches(from, to);
    }
  auto host = std::make_unique<Module>(module.getName().str() + ".host",
                                       module.getContext());
  host->setDataLayout(hostLayout);
  host->setTargetTriple(Triple(hostTriple));
  Phase2 p2(module, *host, image, p1, options);
  if (Error e = p2.run())
    return std::move(e);
  // Sites created in phase 2 have no reachability rows.
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
