//===- LdsLayout.cpp - LDS variables as offsets into the LDS block --------===//
//
// Each kernel gets its own layout of the LDS variables it reaches (through
// calls too; an indirect call reaches them all): static variables in module
// order, each at its alignment, then the dynamic ones (`extern __shared__`,
// zero-sized) together at the end. Uses of a variable become the
// work-group's LDS base plus its offset in a kernel, and a runtime lookup by
// variable in a device function, whose offset depends on the calling
// kernel. The kernel's launch limits are read here too.
//
//===----------------------------------------------------------------------===//

#include "DeviceLowering.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::rewrite;

Error DeviceLowering::layoutLds() {
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
      Align align =
          g->getAlign().value_or(DL.getABITypeAlign(g->getValueType()));
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

Error DeviceLowering::replaceLds(Function &F) {
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
    base = b.CreateCall(
        runtime("__mcore_emu_lds_base", ptrTy(kLocal), {}, false, true), {},
        "lds.base");
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

std::optional<unsigned>
DeviceLowering::getStaticLdsBytes(const Function &F) const {
  auto it = kernelIndex.find(&F);
  if (it == kernelIndex.end())
    return std::nullopt;
  return image.kernels[it->second].staticLdsBytes;
}
