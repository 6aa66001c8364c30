//===- BufferLowering.cpp - Buffer resources and fat buffer pointers ------===//
//
// The rules for AMDGPU buffer resources: `llvm.amdgcn.make.buffer.rsrc` and
// the raw buffer loads, stores and atomics, in their buffer-resource-pointer
// (`raw.ptr.buffer.*`, address space 8) and `<4 x i32>` (`raw.buffer.*`)
// forms. Fat buffer pointers (address space 7: a resource plus a 32-bit
// offset, what MLIR's amdgpu.fat_raw_buffer_cast makes) are first lowered to
// these intrinsics by LLVM's own AMDGPULowerBufferFatPointers pass, as the
// AMDGPU backend does before instruction selection.
//
// A resource is its 128-bit V# (LLVM's AMDGPUUsage, "Buffer Resource": base
// in bits 47:0, stride and swizzle in 63:48, NumRecords in 95:64, flags in
// 127:96). On the host an address space 8 pointer is an i128 holding exactly
// those bits (HostModule.cpp); make.buffer.rsrc packs them in plain IR, and
// every access calls the runtime (BufferRuntime.cpp), which applies the
// hardware's range checks. docs/Emulator.md ("Buffer resources") has the
// semantics and their sources.
//
//===----------------------------------------------------------------------===//

#include "CallLowering.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <cstring>
#include <mutex>

using namespace llvm;
using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::rewrite;

//===----------------------------------------------------------------------===//
// Fat buffer pointers (address space 7)
//===----------------------------------------------------------------------===//

namespace {

bool isFatPointerType(Type *t) {
  if (auto *v = dyn_cast<VectorType>(t))
    t = v->getElementType();
  if (auto *p = dyn_cast<PointerType>(t))
    return p->getAddressSpace() == kBufferFat ||
           p->getAddressSpace() == kBufferStrided;
  if (auto *a = dyn_cast<ArrayType>(t))
    return isFatPointerType(a->getElementType());
  if (auto *s = dyn_cast<StructType>(t))
    return llvm::any_of(s->elements(), isFatPointerType);
  return false;
}

bool usesFatPointers(Module &M) {
  for (GlobalVariable &g : M.globals())
    if (isFatPointerType(g.getValueType()))
      return true;
  for (Function &F : M) {
    if (isFatPointerType(F.getReturnType()) ||
        llvm::any_of(F.getFunctionType()->params(), isFatPointerType))
      return true;
    for (Instruction &I : instructions(F)) {
      if (isFatPointerType(I.getType()))
        return true;
      for (Value *op : I.operands())
        if (isFatPointerType(op->getType()))
          return true;
    }
  }
  return false;
}

} // namespace

Error DeviceLowering::lowerFatBufferPointers() {
  if (!usesFatPointers(M))
    return Error::success();
  static std::once_flag initOnce;
  std::call_once(initOnce, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
  });
  Triple triple(M.getTargetTriple());
  std::string err;
  const llvm::Target *amdgpu = TargetRegistry::lookupTarget(triple, err);
  if (!amdgpu)
    return rewriteError("the module uses buffer fat pointers (address space "
                        "7), which the emulator lowers with LLVM's AMDGPU "
                        "backend, but it is not available: " +
                        err);
  std::unique_ptr<TargetMachine> tm(amdgpu->createTargetMachine(
      triple, target.chip, "", TargetOptions(), std::nullopt));
  if (!tm)
    return rewriteError("cannot create an AMDGPU target machine for " +
                        target.chip);
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  PassBuilder pb(tm.get());
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  // Masked loads and stores, gathers and scatters (what MLIR's vector
  // transfers with masks become) are first scalarized into conditional
  // loads and stores, which the fat pointer lowering handles.
  ModulePassManager mpm;
  if (Error e = pb.parsePassPipeline(
          mpm, "function(scalarize-masked-mem-intrin),"
               "amdgpu-lower-buffer-fat-pointers"))
    return rewriteError("LLVM's amdgpu-lower-buffer-fat-pointers pass is not "
                        "available: " +
                        toString(std::move(e)));
  mpm.run(M, mam);
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      bool left = isFatPointerType(I.getType());
      for (Value *op : I.operands())
        left |= isFatPointerType(op->getType());
      if (left)
        return rewriteError("'" + std::string(I.getOpcodeName()) + "' " +
                            where(I) +
                            " still uses a fat buffer pointer (address space "
                            "7 or 9) after LLVM's amdgpu-lower-buffer-fat-"
                            "pointers; the emulator cannot run it");
    }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Rules
//===----------------------------------------------------------------------===//

namespace {

/// The 128 bits of a resource operand: an address space 8 pointer or a
/// `<4 x i32>`, split into its low and high 64 bits.
std::pair<Value *, Value *> resourceWords(CallLowering &c, Value *rsrc) {
  IRBuilder<> &b = c.b;
  Type *i128 = b.getInt128Ty();
  Value *bits = rsrc->getType()->isPointerTy() ? b.CreatePtrToInt(rsrc, i128)
                                               : b.CreateBitCast(rsrc, i128);
  Value *lo = b.CreateTrunc(bits, b.getInt64Ty());
  Value *hi = b.CreateTrunc(b.CreateLShr(bits, 64), b.getInt64Ty());
  return {lo, hi};
}

bool isResourceType(Type *t) {
  if (auto *p = dyn_cast<PointerType>(t))
    return p->getAddressSpace() == kBufferRsrc;
  auto *v = dyn_cast<FixedVectorType>(t);
  return v && v->getNumElements() == 4 && v->getElementType()->isIntegerTy(32);
}

/// A buffer access site: what the runtime needs besides the operands.
unsigned addBufferSite(CallLowering &c, bool isStore, unsigned bytes,
                       BufferAtomicOp atomic = BufferAtomicOp::None,
                       BufferValueKind kind = BufferValueKind::Int) {
  DeviceLowering &L = c.lowering;
  Site s = L.makeSite(SiteKind::Buffer, c.call);
  s.isStore = isStore;
  s.imm0 = bytes;
  s.imm1 = uint32_t(atomic);
  s.imm2 = uint32_t(kind);
  return L.addSite(std::move(s));
}

/// Checks the operands every raw access has: the resource at `rsrcIndex`,
/// then voffset, soffset (i32) and the cache-policy immediate.
Error checkRawOperands(CallLowering &c, unsigned rsrcIndex) {
  if (c.call.arg_size() != rsrcIndex + 4 ||
      !isResourceType(c.arg(rsrcIndex)->getType()) ||
      !c.arg(rsrcIndex + 1)->getType()->isIntegerTy(32) ||
      !c.arg(rsrcIndex + 2)->getType()->isIntegerTy(32))
    return c.unsupported("unexpected operands (LLVM 22 has (resource, i32 "
                         "voffset, i32 soffset, i32 aux))");
  return Error::success();
}

/// Bytes of the data the call moves; an error for types the buffer
/// instructions do not move (wider than 16 bytes, or not a whole number of
/// bytes).
Expected<unsigned> dataBytes(CallLowering &c, Type *t) {
  const DataLayout &dl = c.lowering.getDataLayout();
  TypeSize bits = dl.getTypeSizeInBits(t);
  if (t->isPointerTy() || bits.isScalable() || bits % 8 != 0 ||
      bits.getFixedValue() == 0 || bits.getFixedValue() > 128)
    return c.unsupported("buffer accesses move 1 to 16 bytes of integers or "
                         "floats; this one moves " +
                         typeName(t));
  return unsigned(bits.getFixedValue() / 8);
}

/// raw[.ptr].buffer.load(rsrc, voffset, soffset, aux).
Expected<Value *> lowerLoad(CallLowering &c) {
  if (Error e = checkRawOperands(c, 0))
    return std::move(e);
  Expected<unsigned> bytes = dataBytes(c, c.type());
  if (!bytes)
    return bytes.takeError();
  DeviceLowering &L = c.lowering;
  unsigned site = addBufferSite(c, false, *bytes);
  auto [lo, hi] = resourceWords(c, c.arg(0));
  AllocaInst *slot =
      L.entryAlloca(*c.call.getFunction(), c.type(), "buffer.load");
  c.callRuntime("__mcore_emu_buffer_load", c.b.getVoidTy(),
                {lo, hi, c.arg(1), c.arg(2), L.flat(c.b, slot),
                 c.b.getInt32(site)},
                false);
  return c.b.CreateLoad(c.type(), slot);
}

/// raw[.ptr].buffer.store(vdata, rsrc, voffset, soffset, aux).
Expected<Value *> lowerStore(CallLowering &c) {
  if (Error e = checkRawOperands(c, 1))
    return std::move(e);
  Type *t = c.arg(0)->getType();
  Expected<unsigned> bytes = dataBytes(c, t);
  if (!bytes)
    return bytes.takeError();
  DeviceLowering &L = c.lowering;
  unsigned site = addBufferSite(c, true, *bytes);
  auto [lo, hi] = resourceWords(c, c.arg(1));
  AllocaInst *slot = L.entryAlloca(*c.call.getFunction(), t, "buffer.store");
  c.b.CreateStore(c.arg(0), slot);
  c.callRuntime("__mcore_emu_buffer_store", c.b.getVoidTy(),
                {lo, hi, c.arg(2), c.arg(3), L.flat(c.b, slot),
                 c.b.getInt32(site)},
                false);
  return nullptr;
}

struct AtomicName {
  const char *suffix;
  BufferAtomicOp op;
};

const AtomicName kAtomics[] = {
    {"swap", BufferAtomicOp::Swap},
    {"add", BufferAtomicOp::Add},
    {"sub", BufferAtomicOp::Sub},
    {"smin", BufferAtomicOp::SMin},
    {"umin", BufferAtomicOp::UMin},
    {"smax", BufferAtomicOp::SMax},
    {"umax", BufferAtomicOp::UMax},
    {"and", BufferAtomicOp::And},
    {"or", BufferAtomicOp::Or},
    {"xor", BufferAtomicOp::Xor},
    {"inc", BufferAtomicOp::Inc},
    {"dec", BufferAtomicOp::Dec},
    {"fadd", BufferAtomicOp::FAdd},
    {"fmin", BufferAtomicOp::FMin},
    {"fmax", BufferAtomicOp::FMax},
    {"cmpswap", BufferAtomicOp::CmpSwap},
    {"cond.sub.u32", BufferAtomicOp::CondSubU32},
    {"sub.clamp.u32", BufferAtomicOp::SubClampU32},
};

/// The kind of value an atomic of type `t` works on, or none.
std::optional<BufferValueKind> atomicKind(Type *t, BufferAtomicOp op) {
  bool isFloatOp = op == BufferAtomicOp::FAdd || op == BufferAtomicOp::FMin ||
                   op == BufferAtomicOp::FMax;
  if (t->isIntegerTy(32) || t->isIntegerTy(64))
    return isFloatOp ? std::nullopt
                     : std::optional<BufferValueKind>(BufferValueKind::Int);
  // Swap and compare-swap move bits: any 32- or 64-bit type.
  bool moves = op == BufferAtomicOp::Swap || op == BufferAtomicOp::CmpSwap;
  if (t->isFloatTy())
    return isFloatOp || moves ? std::optional(BufferValueKind::F32)
                              : std::nullopt;
  if (t->isDoubleTy())
    return isFloatOp || moves ? std::optional(BufferValueKind::F64)
                              : std::nullopt;
  if (auto *v = dyn_cast<FixedVectorType>(t); v && v->getNumElements() == 2) {
    if (v->getElementType()->isHalfTy() && op == BufferAtomicOp::FAdd)
      return BufferValueKind::F16x2;
    if (v->getElementType()->isBFloatTy() && op == BufferAtomicOp::FAdd)
      return BufferValueKind::BF16x2;
  }
  return std::nullopt;
}

/// raw[.ptr].buffer.atomic.<op>(vdata, [cmp,] rsrc, voffset, soffset, aux)
/// and raw[.ptr].atomic.buffer.load(rsrc, voffset, soffset, aux).
Expected<Value *> lowerAtomic(CallLowering &c) {
  StringRef rest = c.op;
  BufferAtomicOp op = BufferAtomicOp::None;
  bool isLoad = rest.ends_with("atomic.buffer.load");
  if (isLoad) {
    op = BufferAtomicOp::Load;
  } else {
    rest = rest.drop_front(rest.find("atomic.") + strlen("atomic."));
    for (const AtomicName &a : kAtomics)
      if (rest == a.suffix)
        op = a.op;
    if (op == BufferAtomicOp::None)
      return c.unsupported("this buffer atomic is not emulated");
  }
  unsigned rsrcIndex =
      isLoad ? 0 : (op == BufferAtomicOp::CmpSwap ? 2 : 1);
  if (Error e = checkRawOperands(c, rsrcIndex))
    return std::move(e);
  Type *t = c.type();
  std::optional<BufferValueKind> kind =
      isLoad ? std::optional(BufferValueKind::Int) : atomicKind(t, op);
  Expected<unsigned> bytes = dataBytes(c, t);
  if (!bytes)
    return bytes.takeError();
  if (!kind || (*bytes != 4 && *bytes != 8))
    return c.unsupported("buffer atomics on " + typeName(t) +
                         " are not emulated");
  unsigned site = addBufferSite(c, !isLoad, *bytes, op, *kind);
  IRBuilder<> &b = c.b;
  Type *bitsTy = b.getIntNTy(*bytes * 8);
  auto toWord = [&](Value *v) {
    return b.CreateZExt(b.CreateBitCast(v, bitsTy), b.getInt64Ty());
  };
  Value *value = isLoad ? b.getInt64(0) : toWord(c.arg(0));
  Value *cmp = op == BufferAtomicOp::CmpSwap ? toWord(c.arg(1)) : b.getInt64(0);
  auto [lo, hi] = resourceWords(c, c.arg(rsrcIndex));
  Value *old = c.callRuntime(
      "__mcore_emu_buffer_atomic", b.getInt64Ty(),
      {lo, hi, c.arg(rsrcIndex + 1), c.arg(rsrcIndex + 2), value, cmp,
       b.getInt32(site)},
      false);
  return b.CreateBitCast(b.CreateTrunc(old, bitsTy), t);
}

/// make.buffer.rsrc(ptr base, i16 stride, iN num_records, i32 flags): the
/// V# as SITargetLowering::lowerPointerAsRsrcIntrin builds it: base bits
/// 47:0, stride (with the swizzle bits) 63:48, num_records (32 bits on the
/// chips the emulator knows) 95:64, flags 127:96.
Expected<Value *> lowerMakeRsrc(CallLowering &c) {
  if (c.call.arg_size() != 4 || !c.arg(0)->getType()->isPointerTy() ||
      !c.arg(1)->getType()->isIntegerTy() ||
      !c.arg(2)->getType()->isIntegerTy() ||
      !c.arg(3)->getType()->isIntegerTy(32))
    return c.unsupported("unexpected operands (LLVM 22 has (ptr base, i16 "
                         "stride, i64 num_records, i32 flags))");
  auto *resultTy = dyn_cast<PointerType>(c.type());
  if (!resultTy || resultTy->getAddressSpace() != kBufferRsrc)
    return c.unsupported("the result is " + typeName(c.type()) +
                         "; fat buffer pointers are lowered to address space "
                         "8 resources first");
  IRBuilder<> &b = c.b;
  Type *i64 = b.getInt64Ty();
  Value *base = b.CreateAnd(b.CreatePtrToInt(c.arg(0), i64),
                            b.getInt64((uint64_t(1) << 48) - 1));
  Value *stride = b.CreateShl(b.CreateZExtOrTrunc(c.arg(1), i64), 48);
  Value *lo = b.CreateOr(base, stride);
  Value *records =
      b.CreateZExt(b.CreateZExtOrTrunc(c.arg(2), b.getInt32Ty()), i64);
  Value *flags = b.CreateShl(b.CreateZExt(c.arg(3), i64), 32);
  Value *hi = b.CreateOr(records, flags);
  Type *i128 = b.getInt128Ty();
  Value *bits = b.CreateOr(b.CreateZExt(lo, i128),
                           b.CreateShl(b.CreateZExt(hi, i128), 64));
  return b.CreateIntToPtr(bits, resultTy);
}

Expected<Value *> lowerUnsupportedBuffer(CallLowering &c) {
  if (c.op.contains("format") || c.op.contains("tbuffer"))
    return c.unsupported("typed (format) buffer accesses are not emulated; "
                         "raw byte loads, stores and atomics are");
  if (c.op.starts_with("struct"))
    return c.unsupported("structured (indexed) buffer accesses are not "
                         "emulated; raw ones (stride 0) are");
  return c.unsupported("this buffer instruction is not emulated; raw "
                       "buffer loads, stores and atomics are");
}

const CallRule kRules[] = {
    {"llvm.amdgcn.make.buffer.rsrc", lowerMakeRsrc},
    {"llvm.amdgcn.raw.ptr.buffer.load", lowerLoad},
    {"llvm.amdgcn.raw.buffer.load", lowerLoad},
    {"llvm.amdgcn.raw.ptr.buffer.store", lowerStore},
    {"llvm.amdgcn.raw.buffer.store", lowerStore},
    {"llvm.amdgcn.raw.ptr.atomic.buffer.load", lowerAtomic},
    {"llvm.amdgcn.raw.atomic.buffer.load", lowerAtomic},
    {"llvm.amdgcn.raw.ptr.buffer.atomic.", lowerAtomic, CallRule::Prefix},
    {"llvm.amdgcn.raw.buffer.atomic.", lowerAtomic, CallRule::Prefix},
    // What is not emulated, with the reason.
    {"llvm.amdgcn.raw.ptr.buffer.load.format", lowerUnsupportedBuffer},
    {"llvm.amdgcn.raw.buffer.load.format", lowerUnsupportedBuffer},
    {"llvm.amdgcn.raw.ptr.buffer.store.format", lowerUnsupportedBuffer},
    {"llvm.amdgcn.raw.buffer.store.format", lowerUnsupportedBuffer},
    {"llvm.amdgcn.raw.ptr.tbuffer.", lowerUnsupportedBuffer, CallRule::Prefix},
    {"llvm.amdgcn.raw.tbuffer.", lowerUnsupportedBuffer, CallRule::Prefix},
    {"llvm.amdgcn.struct.", lowerUnsupportedBuffer, CallRule::Prefix},
};

} // namespace

ArrayRef<CallRule> rewrite::getBufferRules() { return kRules; }
