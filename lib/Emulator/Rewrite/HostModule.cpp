//===- HostModule.cpp - The lowered AMDGPU module moved to the host -------===//
//
// See HostModule.h. LLVM's ValueMapper does the cloning, with a type
// remapper that flattens the address spaces; constants are mapped here
// because their types change too.
//
//===----------------------------------------------------------------------===//

#include "HostModule.h"
#include "RewriteSupport.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;
using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::rewrite;

namespace {

/// Flattens every pointer type to address space 0, inside vectors, arrays,
/// structs and function types too. A buffer resource (address space 8) is
/// not an address but a 128-bit descriptor: it becomes an i128 holding the
/// V#'s bits (BufferLowering.cpp).
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
    r = t->getPointerAddressSpace() == kBufferRsrc
            ? static_cast<Type *>(Type::getInt128Ty(C))
            : PointerType::get(C, 0);
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
    r = FunctionType::get(remapType(f->getReturnType()), params, f->isVarArg());
  }
  cache[t] = r;
  return r;
}

/// Whether `t` holds a buffer resource, which the host module holds as an
/// integer.
bool changesKind(Type *t) {
  if (auto *v = dyn_cast<VectorType>(t))
    t = v->getElementType();
  if (auto *p = dyn_cast<PointerType>(t))
    return p->getAddressSpace() == kBufferRsrc;
  if (auto *a = dyn_cast<ArrayType>(t))
    return changesKind(a->getElementType());
  if (auto *s = dyn_cast<StructType>(t))
    return llvm::any_of(s->elements(), changesKind);
  return false;
}

class HostModuleBuilder {
public:
  HostModuleBuilder(Module &src, Module &dst, Image &image,
                    const DenseMap<unsigned, Type *> &siteValueTypes,
                    const RewriteOptions &options)
      : src(src), dst(dst), C(src.getContext()), image(image),
        siteValueTypes(siteValueTypes), options(options), types(C) {}
  Error run();

private:
  Module &src;
  Module &dst;
  LLVMContext &C;
  Image &image;
  const DenseMap<unsigned, Type *> &siteValueTypes;
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
  void prepareAllocas();
  void instrumentMasked(IntrinsicInst &orig, IntrinsicInst &host, Function &F);
  AttributeList cleanAttributes(const Function &F, bool ours);
};

Expected<Constant *> HostModuleBuilder::mapConstant(Constant *c) {
  if (auto *gv = dyn_cast<GlobalValue>(c)) {
    auto it = vmap.find(gv);
    if (it == vmap.end())
      return rewriteError("internal: no host copy of '" + gv->getName() + "'");
    return cast<Constant>(it->second);
  }
  Type *ty = types.remapType(c->getType());
  if (isa<ConstantPointerNull>(c))
    return Constant::getNullValue(ty); // a null resource is i128 0
  if (isa<PoisonValue>(c))
    return PoisonValue::get(ty);
  if (isa<UndefValue>(c))
    return UndefValue::get(ty);
  if (isa<ConstantAggregateZero>(c))
    return ConstantAggregateZero::get(ty);
  if (isa<ConstantData>(c) || isa<ConstantTokenNone>(c))
    return c;
  // Aggregates and expressions: their operands mapped first.
  SmallVector<Constant *> ops;
  if (isa<ConstantAggregate>(c) || isa<ConstantExpr>(c))
    for (Value *op : c->operands()) {
      Expected<Constant *> m = mapConstant(cast<Constant>(op));
      if (!m)
        return m.takeError();
      ops.push_back(*m);
    }
  if (isa<ConstantAggregate>(c)) {
    if (auto *st = dyn_cast<StructType>(ty))
      return ConstantStruct::get(st, ops);
    if (auto *at = dyn_cast<ArrayType>(ty))
      return ConstantArray::get(at, ops);
    return ConstantVector::get(ops);
  }
  if (auto *ce = dyn_cast<ConstantExpr>(c)) {
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

AttributeList HostModuleBuilder::cleanAttributes(const Function &F, bool ours) {
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

Error HostModuleBuilder::declareFunctions() {
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

Error HostModuleBuilder::declareGlobals() {
  const DataLayout &hdl = dst.getDataLayout();
  for (GlobalVariable &g : src.globals()) {
    if (g.getAddressSpace() == kLocal)
      continue; // replaced by DeviceLowering
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

Error HostModuleBuilder::cloneBodies() {
  for (Function &F : src) {
    if (F.isDeclaration())
      continue;
    auto *nf = cast<Function>(vmap[&F]);
    auto nai = nf->arg_begin();
    for (Argument &a : F.args()) {
      nai->setName(a.getName());
      vmap[&a] = &*nai++;
    }
    // Constants that still hold constant expressions (inside aggregates),
    // and those whose type changes kind (a null or undefined resource is an
    // i128 on the host; ValueMapper only maps pointers to pointers).
    for (Instruction &I : instructions(F))
      for (Value *op : I.operands())
        if (auto *c = dyn_cast<Constant>(op))
          if (!isa<GlobalValue>(c) &&
              (!isa<ConstantData>(c) || changesKind(c->getType())) &&
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

void HostModuleBuilder::fixupInstructions() {
  for (Function &F : dst) {
    SmallVector<Instruction *> dead;
    for (Instruction &I : instructions(F)) {
      if (auto *asc = dyn_cast<AddrSpaceCastInst>(&I)) {
        asc->replaceAllUsesWith(asc->getOperand(0));
        dead.push_back(asc);
        continue;
      }
      // Casts of buffer resources, which are integers now.
      if ((isa<PtrToIntInst>(I) && !I.getOperand(0)->getType()->isPtrOrPtrVectorTy()) ||
          (isa<IntToPtrInst>(I) && !I.getType()->isPtrOrPtrVectorTy())) {
        IRBuilder<> b(&I);
        I.replaceAllUsesWith(b.CreateZExtOrTrunc(I.getOperand(0), I.getType()));
        dead.push_back(&I);
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

Error HostModuleBuilder::buildEntries() {
  const DataLayout &adl = src.getDataLayout();
  const DataLayout &hdl = dst.getDataLayout();
  for (KernelInfo &k : image.kernels) {
    Function *kf = src.getFunction(k.name);
    auto *hf = cast<Function>(vmap[kf]);
    hf->setLinkage(GlobalValue::InternalLinkage);
    k.entryName = "__mcore_emu_entry." + k.name;
    FunctionType *ety =
        FunctionType::get(Type::getVoidTy(C), {PointerType::get(C, 0)}, false);
    Function *entry =
        Function::Create(ety, GlobalValue::ExternalLinkage, k.entryName, &dst);
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

void HostModuleBuilder::addYields() {
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

/// Whether `ptr` points into private memory: a private pointer, or a flat
/// one cast from an alloca.
static bool isPrivateAccess(Value *ptr) {
  return ptr->getType()->getPointerAddressSpace() == kPrivate ||
         isa<AllocaInst>(getUnderlyingObject(ptr, /*MaxLookup=*/0));
}

/// Whether `ptr` points into a slot the lowering made for the operands of
/// an emulated call (written and read by the lowering's own code).
static bool isOperandSlot(Value *ptr) {
  auto *a = dyn_cast<AllocaInst>(getUnderlyingObject(ptr, /*MaxLookup=*/0));
  return a && a->hasMetadata(kOperandSlotMetadata);
}

void HostModuleBuilder::instrumentMemory() {
  const DataLayout &hdl = dst.getDataLayout();
  FunctionType *fty = FunctionType::get(
      Type::getVoidTy(C),
      {PointerType::get(C, 0), Type::getInt64Ty(C), Type::getInt32Ty(C)},
      false);
  FunctionCallee check = dst.getOrInsertFunction("__mcore_emu_check", fty);
  cast<Function>(check.getCallee())->addFnAttr(Attribute::NoUnwind);
  // Private accesses are checked only for reads of bytes never written (no
  // other lane sees them, so lanes need not switch there).
  FunctionCallee checkPrivate =
      dst.getOrInsertFunction("__mcore_emu_check_private", fty);
  cast<Function>(checkPrivate.getCallee())->addFnAttr(Attribute::NoUnwind);
  for (Function &F : src) {
    if (F.isDeclaration())
      continue;
    for (Instruction &I : instructions(F)) {
      struct Access {
        Value *ptr;
        Value *size; ///< in the host module
        bool store;
        const char *what;
        bool atomic = false;
        /// The source of a memory transfer: copying bytes never written is
        /// not reading them (a struct's padding), so a private source is
        /// not checked.
        bool transferSource = false;
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
                            false, "load", l->isAtomic()});
      else if (auto *s = dyn_cast<StoreInst>(&I))
        accesses.push_back({s->getPointerOperand(),
                            constSize(s->getValueOperand()->getType()), true,
                            "store", s->isAtomic()});
      else if (auto *a = dyn_cast<AtomicRMWInst>(&I))
        accesses.push_back({a->getPointerOperand(),
                            constSize(a->getValOperand()->getType()), true,
                            "atomicrmw", true});
      else if (auto *x = dyn_cast<AtomicCmpXchgInst>(&I))
        accesses.push_back({x->getPointerOperand(),
                            constSize(x->getNewValOperand()->getType()), true,
                            "cmpxchg", true});
      else if (auto *ii = dyn_cast<IntrinsicInst>(&I);
               ii && (ii->getIntrinsicID() == Intrinsic::masked_load ||
                      ii->getIntrinsicID() == Intrinsic::masked_store)) {
        instrumentMasked(*ii, *cast<IntrinsicInst>(ni), F);
        continue;
      } else if (auto *mi = dyn_cast<MemIntrinsic>(&I)) {
        auto *nmi = cast<MemIntrinsic>(ni);
        IRBuilder<> b(ni);
        Value *len = b.CreateZExtOrTrunc(nmi->getLength(), b.getInt64Ty());
        accesses.push_back(
            {mi->getDest(), len, true, "memory intrinsic (dest)"});
        if (auto *mt = dyn_cast<MemTransferInst>(mi))
          accesses.push_back({mt->getSource(), len, false,
                              "memory intrinsic (source)", false, true});
      }
      for (unsigned n = 0; n < accesses.size(); ++n) {
        Access &acc = accesses[n];
        unsigned as = acc.ptr->getType()->getPointerAddressSpace();
        bool isPrivate = isPrivateAccess(acc.ptr);
        if (isPrivate && (!options.checkPrivate || isOperandSlot(acc.ptr) ||
                          acc.transferSource))
          continue;
        Site site;
        site.kind = SiteKind::Memory;
        site.function = F.getName().str();
        site.location = locationOf(I);
        site.what = acc.what;
        site.isStore = acc.store;
        site.isAtomic = acc.atomic;
        site.addrSpace = isPrivate ? kPrivate : as;
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
        b.CreateCall(isPrivate ? checkPrivate : check,
                     {hostPtr, acc.size, b.getInt32(id)});
      }
    }
  }
}

/// Where each alloca of the kernel is created: fill it with the poison
/// byte (options.poisonPrivate), and tell the checker its bytes are not
/// written yet (options.checkPrivate).
void HostModuleBuilder::prepareAllocas() {
  const DataLayout &hdl = dst.getDataLayout();
  FunctionCallee fresh;
  if (options.checkPrivate) {
    fresh = dst.getOrInsertFunction(
        "__mcore_emu_private_alloca",
        FunctionType::get(Type::getVoidTy(C),
                          {PointerType::get(C, 0), Type::getInt64Ty(C)},
                          false));
    cast<Function>(fresh.getCallee())->addFnAttr(Attribute::NoUnwind);
  }
  for (Function &F : src) {
    for (Instruction &I : instructions(F)) {
      // A new lifetime of an alloca (a variable of a loop's body) holds
      // nothing of the last one.
      if (auto *ii = dyn_cast<IntrinsicInst>(&I);
          options.checkPrivate && ii &&
          ii->getIntrinsicID() == Intrinsic::lifetime_start) {
        auto *a = dyn_cast<AllocaInst>(
            getUnderlyingObject(ii->getArgOperand(ii->arg_size() - 1), 0));
        auto *hi = dyn_cast_or_null<Instruction>(vmap.lookup(ii));
        auto *ha = a ? dyn_cast_or_null<AllocaInst>(vmap.lookup(a)) : nullptr;
        std::optional<TypeSize> bytes =
            ha ? ha->getAllocationSize(hdl) : std::nullopt;
        if (hi && ha && !a->hasMetadata(kOperandSlotMetadata) && bytes &&
            !bytes->isScalable()) {
          IRBuilder<> b(hi->getNextNode());
          b.CreateCall(fresh, {ha, b.getInt64(bytes->getFixedValue())});
        }
        continue;
      }
      auto *a = dyn_cast<AllocaInst>(&I);
      // The slots the lowering made for the operands of emulated calls are
      // written before they are read.
      if (!a || a->hasMetadata(kOperandSlotMetadata))
        continue;
      auto *ha = dyn_cast_or_null<AllocaInst>(vmap.lookup(a));
      if (!ha)
        continue;
      std::optional<TypeSize> bytes = ha->getAllocationSize(hdl);
      IRBuilder<> b(ha->getNextNode());
      Value *size;
      if (bytes && !bytes->isScalable())
        size = b.getInt64(bytes->getFixedValue());
      else if (!ha->isArrayAllocation())
        continue;
      else
        size = b.CreateMul(
            b.CreateZExtOrTrunc(ha->getArraySize(), b.getInt64Ty()),
            b.getInt64(hdl.getTypeAllocSize(ha->getAllocatedType())));
      if (options.poisonPrivate)
        b.CreateMemSet(ha, b.getInt8(options.poisonByte), size,
                       ha->getAlign());
      if (options.checkPrivate)
        b.CreateCall(fresh, {ha, size});
    }
  }
}

/// llvm.masked.load / store: check every enabled element.
void HostModuleBuilder::instrumentMasked(IntrinsicInst &orig,
                                         IntrinsicInst &host, Function &F) {
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
  bool isPrivate = isPrivateAccess(ptr);
  if (isPrivate && (!options.checkPrivate || isOperandSlot(ptr)))
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
  site.addrSpace = isPrivate ? kPrivate : as;
  image.sites.push_back(std::move(site));
  unsigned id = unsigned(image.sites.size() - 1);
  IRBuilder<> b(&host);
  Value *bits =
      b.CreateZExt(b.CreateBitCast(mask, b.getIntNTy(n)), b.getInt64Ty());
  FunctionCallee check = dst.getOrInsertFunction(
      "__mcore_emu_check_masked",
      FunctionType::get(
          b.getVoidTy(),
          {b.getPtrTy(), b.getInt64Ty(), b.getInt64Ty(), b.getInt32Ty()},
          false));
  cast<Function>(check.getCallee())->addFnAttr(Attribute::NoUnwind);
  b.CreateCall(check, {host.getArgOperand(ptrIndex), b.getInt64(elemBytes),
                       bits, b.getInt32(id)});
}

Error HostModuleBuilder::run() {
  if (Error e = declareFunctions())
    return e;
  if (Error e = declareGlobals())
    return e;
  if (Error e = cloneBodies())
    return e;
  fixupInstructions();
  if (Error e = buildEntries())
    return e;
  if (options.memoryHooks)
    instrumentMemory();
  if (options.poisonPrivate || options.checkPrivate)
    prepareAllocas();
  addYields();
  // Sizes of the cross-lane values, in the host's layout.
  const DataLayout &hdl = dst.getDataLayout();
  for (auto &[id, t] : siteValueTypes)
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

Error rewrite::buildHostModule(Module &src, Module &dst, Image &image,
                               const DenseMap<unsigned, Type *> &siteValueTypes,
                               const RewriteOptions &options) {
  return HostModuleBuilder(src, dst, image, siteValueTypes, options).run();
}
