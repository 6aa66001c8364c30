//===- DeviceLowering.h - The AMDGPU module lowered in place ----*- C++ -*-===//
//
// The first step of the rewrite (Rewrite.cpp): the AMDGPU module, with its
// own types, loses every construct only the GPU has. amdgcn calls become
// runtime calls or plain IR (CallLowering.h), LDS variables become offsets
// into the work-group's LDS block (LdsLayout.cpp), 32-bit LDS and private
// pointer casts are rebased, GPU sync scopes become host ones, and reached
// `unreachable`s become faults. The second step (HostModule.h) then moves
// the result into a host module.
//
// Private to lib/Emulator.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_EMULATOR_DEVICELOWERING_H
#define MCORE_LIB_EMULATOR_DEVICELOWERING_H

#include "Image.h"
#include "RewriteSupport.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

#include <optional>
#include <vector>

namespace mlir::mcore::emu::rewrite {

class DeviceLowering {
public:
  DeviceLowering(llvm::Module &M, const Target &target, Image &image)
      : M(M), C(M.getContext()), DL(M.getDataLayout()), target(target),
        image(image) {}

  llvm::Error run();

  /// Wave-op call sites, per function, for the reachability order.
  llvm::DenseMap<llvm::Function *,
                 llvm::SmallVector<std::pair<llvm::CallBase *, unsigned>>>
      waveSites;
  /// The AMDGPU type of every cross-lane site's value, to size it with the
  /// host layout when the host module is built.
  llvm::DenseMap<unsigned, llvm::Type *> siteValueTypes;
  /// The stack slot of each value matrix instructions take as A or B, per
  /// function, and the last store of it there (WaveOpLowering.cpp).
  llvm::DenseMap<std::pair<llvm::Function *, llvm::Value *>,
                 std::pair<llvm::AllocaInst *, llvm::StoreInst *>>
      mmaOperandSlots;

  // What the rules of the call table (CallLowering.h) build with.
  llvm::Module &getModule() { return M; }
  const llvm::DataLayout &getDataLayout() const { return DL; }
  const Target &getTarget() const { return target; }
  /// The static LDS bytes of kernel `F`; none for a device function.
  std::optional<unsigned> getStaticLdsBytes(const llvm::Function &F) const;
  /// Declares runtime function `name`.
  llvm::FunctionCallee runtime(llvm::StringRef name, llvm::Type *ret,
                               llvm::ArrayRef<llvm::Type *> params,
                               bool convergent = false, bool readNone = false);
  llvm::PointerType *ptrTy(unsigned as = kFlat) {
    return llvm::PointerType::get(C, as);
  }
  llvm::Type *i32() { return llvm::Type::getInt32Ty(C); }
  llvm::Type *i64() { return llvm::Type::getInt64Ty(C); }
  llvm::AllocaInst *entryAlloca(llvm::Function &F, llvm::Type *ty,
                                const llvm::Twine &name);
  llvm::Value *flat(llvm::IRBuilder<> &b, llvm::Value *p) {
    if (p->getType()->getPointerAddressSpace() == kFlat)
      return p;
    return b.CreateAddrSpaceCast(p, ptrTy());
  }
  unsigned addSite(Site site) {
    image.sites.push_back(std::move(site));
    return unsigned(image.sites.size() - 1);
  }
  Site makeSite(SiteKind kind, const llvm::CallBase &call);

private:
  llvm::Module &M;
  llvm::LLVMContext &C;
  const llvm::DataLayout &DL;
  const Target &target;
  Image &image;
  std::vector<llvm::GlobalVariable *> ldsGlobals;
  llvm::DenseMap<llvm::GlobalVariable *, unsigned> ldsIndex;
  llvm::DenseMap<const llvm::Function *, unsigned> kernelIndex;

  llvm::Error prepareModule();
  // BufferLowering.cpp: address space 7 and 9 pointers to buffer intrinsics.
  llvm::Error lowerFatBufferPointers();
  void eraseDeadDeclarations();
  // LdsLayout.cpp
  llvm::Error layoutLds();
  llvm::Error replaceLds(llvm::Function &F);
  // CallLowering.cpp
  llvm::Error rewriteCalls(llvm::Function &F);
  llvm::Error rewriteCall(llvm::CallBase &call);

  llvm::Error rewritePointerCasts(llvm::Function &F);
  void rewriteSyncScopes(llvm::Function &F);
  void rewriteUnreachables(llvm::Function &F);
};

} // namespace mlir::mcore::emu::rewrite

#endif // MCORE_LIB_EMULATOR_DEVICELOWERING_H
