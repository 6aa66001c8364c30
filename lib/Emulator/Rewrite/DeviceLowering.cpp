//===- DeviceLowering.cpp - The AMDGPU module lowered in place ------------===//
//
// The driver of the first step of the rewrite (see DeviceLowering.h), and
// what it does besides calls and LDS: constant expressions become
// instructions, 32-bit LDS and private pointers converted to or from
// integers are rebased, sync scopes narrower than the work-group become
// single-thread ones, and a reached `unreachable` becomes a fault.
//
//===----------------------------------------------------------------------===//

#include "DeviceLowering.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::rewrite;

AllocaInst *DeviceLowering::entryAlloca(Function &F, Type *ty,
                                        const Twine &name) {
  BasicBlock &entry = F.getEntryBlock();
  auto *a = new AllocaInst(ty, DL.getAllocaAddrSpace(), nullptr,
                           DL.getPrefTypeAlign(ty), name,
                           entry.getFirstInsertionPt());
  a->setMetadata(kOperandSlotMetadata, MDNode::get(F.getContext(), {}));
  return a;
}

FunctionCallee DeviceLowering::runtime(StringRef name, Type *ret,
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

Site DeviceLowering::makeSite(SiteKind kind, const CallBase &call) {
  Site s;
  s.kind = kind;
  s.function = call.getFunction()->getName().str();
  s.location = locationOf(call);
  s.what = calleeBaseName(*call.getCalledFunction());
  return s;
}

namespace {

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

} // namespace

Error DeviceLowering::prepareModule() {
  Triple triple(M.getTargetTriple());
  if (!triple.isAMDGCN())
    return rewriteError("the module's target triple is '" + triple.str() +
                        "', not amdgcn-amd-amdhsa; the emulator runs AMDGPU "
                        "kernel IR");
  // Special globals that only list other globals.
  for (StringRef name : {"llvm.used", "llvm.compiler.used", "llvm.global_ctors",
                         "llvm.global_dtors"})
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
// Pointers and scopes
//===----------------------------------------------------------------------===//

/// Address spaces the host module cannot hold. Buffer resources (8) are
/// i128 values there (HostModule.cpp); fat buffer pointers (7, 9) are
/// lowered to them first (BufferLowering.cpp), so one left here is a
/// construct that lowering did not handle.
static bool isUnsupportedAddrSpace(Type *t) {
  if (auto *v = dyn_cast<VectorType>(t))
    t = v->getElementType();
  if (!t->isPointerTy())
    return false;
  unsigned as = t->getPointerAddressSpace();
  return as == kRegion || as == kConstant32 || as == kBufferFat ||
         as == kBufferStrided || as > kBufferStrided;
}

Error DeviceLowering::rewritePointerCasts(Function &F) {
  for (Argument &a : F.args())
    if (isUnsupportedAddrSpace(a.getType()))
      return rewriteError("function '" + F.getName() + "' takes a " +
                          typeName(a.getType()) +
                          " argument; the emulator supports flat, global, "
                          "constant, LDS and private pointers and buffer "
                          "resources (address space 8) only");
  SmallVector<Instruction *> casts;
  for (Instruction &I : instructions(F)) {
    if (isUnsupportedAddrSpace(I.getType()))
      return rewriteError(typeName(I.getType()) + " value " + where(I) +
                          ": address spaces 2, 6 and (where LLVM's buffer "
                          "fat pointer lowering leaves them) 7 and 9 are not "
                          "supported by the emulator");
    for (Value *op : I.operands())
      if (isUnsupportedAddrSpace(op->getType()))
        return rewriteError(typeName(op->getType()) + " operand " + where(I) +
                            ": address spaces 2, 6 and (where LLVM's buffer "
                            "fat pointer lowering leaves them) 7 and 9 are "
                            "not supported by the emulator");
    if (auto *gep = dyn_cast<GetElementPtrInst>(&I);
        gep && gep->getPointerAddressSpace() == kBufferRsrc)
      return rewriteError("getelementptr on a buffer resource " + where(I) +
                          ": address arithmetic on address space 8 is "
                          "invalid (AMDGPUUsage, \"Buffer Resource\"); cast "
                          "it to a fat buffer pointer (address space 7)");
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
    Value *base =
        b.CreateCall(runtime(as == kLocal ? "__mcore_emu_lds_base"
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

void DeviceLowering::rewriteSyncScopes(Function &F) {
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

Error DeviceLowering::run() {
  if (Error e = lowerFatBufferPointers())
    return e;
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
  eraseDeadDeclarations();
  return Error::success();
}

/// The declarations of lowered calls, now unused: the host module would
/// re-declare them with flattened types (an amdgcn intrinsic on an i128
/// resource has no valid declaration).
void DeviceLowering::eraseDeadDeclarations() {
  SmallVector<Function *> dead;
  for (Function &F : M)
    if (F.isDeclaration() && F.use_empty() && F.isIntrinsic())
      dead.push_back(&F);
  for (Function *F : dead)
    F->eraseFromParent();
}

/// A lane that reaches `unreachable` (undefined behaviour the device
/// compiler did not remove) is a fault, reported with its location, rather
/// than running on into whatever code the host compiler put after it.
/// Unreachables after a call that does not return (a trap) stay.
void DeviceLowering::rewriteUnreachables(Function &F) {
  SmallVector<UnreachableInst *> faults;
  for (BasicBlock &bb : F)
    if (auto *u = dyn_cast<UnreachableInst>(bb.getTerminator())) {
      auto *prev = dyn_cast_or_null<CallBase>(u->getPrevNode());
      if (prev &&
          (prev->doesNotReturn() ||
           (prev->getCalledFunction() &&
            prev->getCalledFunction()->getName() == "__mcore_emu_trap")))
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
