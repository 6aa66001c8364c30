//===- WaveOpLowering.cpp - Calls where the lanes of a wave meet ----------===//
//
// The rules for matrix instructions (WMMA, SWMMAC, MFMA, SMFMAC) and
// cross-lane operations. Each call becomes a "site" of the image, which
// records what the runtime needs beyond the lanes' operands (the
// instruction, its immediates), and a call into the runtime that passes the
// lane's operands through its stack: __mcore_emu_mma or __mcore_emu_xlane.
// The runtime executes the site when the lanes of the wave have met there.
//
//===----------------------------------------------------------------------===//

#include "CallLowering.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstring>
#include <optional>
#include <tuple>

using namespace llvm;
using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::rewrite;

//===----------------------------------------------------------------------===//
// Matrix intrinsic operands
//===----------------------------------------------------------------------===//

Expected<MmaOperands> rewrite::matchMma(CallBase &call, const MatrixOp &op) {
  MmaOperands o;
  unsigned p = 0, n = call.arg_size();
  auto next = [&]() -> Value * {
    return p < n ? call.getArgOperand(p++) : nullptr;
  };
  bool mfma = op.getFamily() == MatrixFamily::MFMA;
  if (op.hasScales() && mfma) {
    // IntrinsicsAMDGPU.td, AMDGPUMfmaScaleIntrinsic: A, B, C, cbsz (A's
    // format), blgp (B's format), op_sel of A's scale, A's scale word,
    // op_sel of B's scale, B's scale word.
    for (Value **v : {&o.a, &o.b, &o.c, &o.cbsz, &o.blgp, &o.scaleSelA,
                      &o.scaleA, &o.scaleSelB, &o.scaleB})
      *v = next();
  } else if (op.hasFormats() || op.hasScales()) {
    // gfx1250's f8f6f4 and f4 WMMA (AMDGPUWmmaIntrinsicModsC_MatrixFMT,
    // AMDGPUWmmaScaleIntrinsicModsC, AMDGPUWmmaScaleF4IntrinsicModsC):
    // [matrix_a_fmt,] A, [matrix_b_fmt,] B, C_mod, C, then for the scaled
    // forms matrix_a_scale, matrix_a_scale_fmt, A's scale, the same for B,
    // and the two reuse hints.
    if (op.hasFormats())
      o.cbsz = next();
    o.a = next();
    if (op.hasFormats())
      o.blgp = next();
    o.b = next();
    o.cMod = next();
    o.c = next();
    if (op.hasScales()) {
      for (Value **v : {&o.scaleSelA, &o.scaleFmtA, &o.scaleA, &o.scaleSelB,
                        &o.scaleFmtB, &o.scaleB, &o.reuseA, &o.reuseB})
        *v = next();
    }
  } else {
    if (op.hasSignedness()) {
      o.aSign = next();
      o.a = next();
      o.bSign = next();
      o.b = next();
    } else if (op.hasNegAB()) {
      o.aNeg = next();
      o.a = next();
      o.bNeg = next();
      o.b = next();
    } else {
      o.a = next();
      o.b = next();
    }
    if (op.hasCMod())
      o.cMod = next();
    o.c = next();
    if (op.isSparse())
      o.idx = next();
    if (op.hasReuse()) {
      o.reuseA = next();
      o.reuseB = next();
    }
    if (op.hasClamp())
      o.clamp = next();
    if (op.hasOpsel())
      o.opsel = next();
    if (mfma) {
      o.cbsz = next();
      o.abid = next();
      o.blgp = next();
    } else if (op.getFamily() == MatrixFamily::SMFMAC) {
      o.cbsz = next();
      o.abid = next();
    }
  }
  if (p != n || !o.c || (op.hasScales() && (!o.scaleB || !o.b)))
    return rewriteError(formatv("call to {0} has {1} operands, which is not "
                                "the form the emulator expects",
                                op.getName(), n)
                            .str());
  return o;
}

Error rewrite::checkMmaTypes(CallBase &call, const MmaOperands &o,
                             const MatrixOp &op, const DataLayout &dl) {
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
  // A block-scaled MFMA's A and B take the sizes of the formats cbsz and
  // blgp name (one out of range is verify()'s to report, later).
  MatrixImmediates formats;
  auto format = [](Value *v) {
    auto *ci = dyn_cast_or_null<ConstantInt>(v);
    return ci && ci->getZExtValue() <= 4 ? unsigned(ci->getZExtValue()) : 0u;
  };
  if (op.hasFormats()) {
    formats.cbsz = format(o.cbsz);
    formats.blgp = format(o.blgp);
  }
  if (Error e = check("A", o.a, op.getABytes(formats)))
    return e;
  if (Error e = check("B", o.b, op.getBBytes(formats)))
    return e;
  unsigned scaleBits = 32 * op.getScaleWords();
  for (Value *scale : {o.scaleA, o.scaleB})
    if (scale && !scale->getType()->isIntegerTy(scaleBits))
      return rewriteError(formatv("{0}: the block scales must be i{1}, not "
                                  "{2}",
                                  op.getName(), scaleBits,
                                  typeName(scale->getType()))
                              .str());
  if (Error e = check("C", o.c, op.getCBytes()))
    return e;
  if (dl.getTypeStoreSize(call.getType()) != op.getDBytes())
    return rewriteError(formatv("{0}: result type {1} does not match the "
                                "{2}-byte result",
                                op.getName(), typeName(call.getType()),
                                op.getDBytes())
                            .str());
  if (o.idx && op.getIndexWords() == 2 && !o.idx->getType()->isIntegerTy(64))
    return rewriteError(op.getName() + ": the sparse index must be i64");
  if (o.idx && op.getIndexWords() == 1 && !o.idx->getType()->isIntegerTy(32) &&
      !o.idx->getType()->isIntegerTy(16))
    return rewriteError(op.getName() + ": the sparse index must be i32 or i16");
  return Error::success();
}

Error rewrite::readImm(Value *v, StringRef what, const CallBase &call,
                       unsigned &out) {
  out = 0;
  if (!v)
    return Error::success();
  auto *ci = dyn_cast<ConstantInt>(v);
  if (!ci)
    return rewriteError(formatv("{0}: operand {1} of {2} must be a constant",
                                where(call), what,
                                calleeBaseName(*call.getCalledFunction()))
                            .str());
  out = unsigned(ci->getZExtValue());
  return Error::success();
}

namespace {

Expected<MatrixImmediates> getImmediates(const CallBase &call,
                                         const MmaOperands &o) {
  MatrixImmediates imm;
  unsigned aSign = 0, bSign = 0, clamp = 0, opsel = 0, aNeg = 0, bNeg = 0;
  const std::tuple<Value *, StringRef, unsigned &> operands[] = {
      {o.aNeg, "A_mod", aNeg},       {o.bNeg, "B_mod", bNeg},
      {o.cMod, "C_mod", imm.cMod},   {o.aSign, "A_sign", aSign},
      {o.bSign, "B_sign", bSign},    {o.clamp, "clamp", clamp},
      {o.opsel, "op_sel", opsel},    {o.cbsz, "cbsz", imm.cbsz},
      {o.abid, "abid", imm.abid},    {o.blgp, "blgp", imm.blgp},
      {o.scaleSelA, "op_sel_a", imm.scaleSelA},
      {o.scaleSelB, "op_sel_b", imm.scaleSelB},
      {o.scaleFmtA, "matrix_a_scale_fmt", imm.scaleFmtA},
      {o.scaleFmtB, "matrix_b_scale_fmt", imm.scaleFmtB}};
  for (const auto &[v, what, out] : operands)
    if (Error e = readImm(v, what, call, out))
      return std::move(e);
  imm.aNeg = aNeg;
  imm.bNeg = bNeg;
  imm.aSigned = aSign;
  imm.bSigned = bSign;
  imm.clamp = clamp;
  imm.opsel = opsel;
  return imm;
}

} // namespace

bool rewrite::isMatrixIntrinsicName(StringRef base) {
  return base.starts_with("llvm.amdgcn.wmma.") ||
         base.starts_with("llvm.amdgcn.swmmac.") ||
         base.starts_with("llvm.amdgcn.mfma.") ||
         base.starts_with("llvm.amdgcn.smfmac.");
}

namespace {

//===----------------------------------------------------------------------===//
// Matrix instructions
//===----------------------------------------------------------------------===//

Expected<Value *> lowerMma(CallLowering &c) {
  DeviceLowering &L = c.lowering;
  CallBase &call = c.call;
  Expected<const MatrixOp *> opOr = MatrixOp::get(c.name, L.getTarget());
  if (!opOr)
    return rewriteError(toString(opOr.takeError()) + " (" + where(call) + ")");
  const MatrixOp &op = **opOr;
  Expected<MmaOperands> o = matchMma(call, op);
  if (!o)
    return rewriteError(toString(o.takeError()) + " (" + where(call) + ")");
  if (Error e = checkMmaTypes(call, *o, op, L.getDataLayout()))
    return rewriteError(toString(std::move(e)) + " (" + where(call) + ")");
  Expected<MatrixImmediates> imm = getImmediates(call, *o);
  if (!imm)
    return imm.takeError();
  if (Error e = op.verify(*imm))
    return rewriteError(toString(std::move(e)) + " (" + where(call) + ")");

  Site site = L.makeSite(SiteKind::Mma, call);
  site.op = &op;
  site.imm = *imm;
  unsigned id = L.addSite(std::move(site));

  Function &F = *call.getFunction();
  IRBuilder<> &b = c.b;
  // A and B: one slot per value, so that the calls that read one value (a
  // 4x4 grid of WMMAs reads each A and each B four times) pass the same
  // memory and the wave decodes it once per meeting (MatrixOperandCache).
  // The slot only ever holds its value: where the last store of it is
  // earlier in this block it still holds it here. (The store's operand is
  // checked too: a value lowered away may leave its address to another.)
  auto slotOf = [&](Value *v, const char *name) {
    auto &[slot, store] = L.mmaOperandSlots[{&F, v}];
    if (store && store->getValueOperand() == v &&
        store->getParent() == call.getParent() && store->comesBefore(&call))
      return slot;
    if (!slot)
      slot = L.entryAlloca(F, v->getType(), name);
    store = b.CreateStore(v, slot);
    return slot;
  };
  AllocaInst *pa = slotOf(o->a, "mma.a");
  AllocaInst *pb = slotOf(o->b, "mma.b");
  AllocaInst *pc = L.entryAlloca(F, o->c->getType(), "mma.c");
  AllocaInst *pd = L.entryAlloca(F, call.getType(), "mma.d");
  b.CreateStore(o->c, pc);
  // The index as two words (gfx1250's 8-bit SWMMAC takes an i64).
  Value *idx64 =
      o->idx ? b.CreateZExtOrTrunc(o->idx, b.getInt64Ty()) : b.getInt64(0);
  Value *idx = b.CreateTrunc(idx64, b.getInt32Ty());
  Value *idxHi = b.CreateTrunc(b.CreateLShr(idx64, 32), b.getInt32Ty());
  // A block-scaled instruction's scale words (i32 or i64 each), A's then
  // B's, through the lane's stack.
  Value *scales = ConstantPointerNull::get(L.ptrTy());
  if (o->scaleA) {
    Type *pair = ArrayType::get(o->scaleA->getType(), 2);
    AllocaInst *ps = L.entryAlloca(F, pair, "mma.scales");
    b.CreateStore(o->scaleA, b.CreateConstInBoundsGEP2_32(pair, ps, 0, 0));
    b.CreateStore(o->scaleB, b.CreateConstInBoundsGEP2_32(pair, ps, 0, 1));
    scales = L.flat(b, ps);
  }
  Type *ptr = L.ptrTy(), *i32 = L.i32();
  FunctionCallee fn = L.runtime("__mcore_emu_mma", b.getVoidTy(),
                                {i32, ptr, ptr, ptr, i32, ptr, i32, ptr}, true);
  CallInst *rc = b.CreateCall(fn, {b.getInt32(id), L.flat(b, pa),
                                   L.flat(b, pb), L.flat(b, pc), idx,
                                   L.flat(b, pd), idxHi, scales});
  L.waveSites[&F].push_back({rc, id});
  return b.CreateLoad(call.getType(), pd, "mma.result");
}

//===----------------------------------------------------------------------===//
// Cross-lane operations
//===----------------------------------------------------------------------===//

} // namespace

Value *rewrite::lowerCrossLane(CallLowering &c, const CrossLane &x,
                               Type *valueType) {
  DeviceLowering &L = c.lowering;
  Site site = L.makeSite(x.kind, c.call);
  site.imm0 = x.imm0;
  site.imm1 = x.imm1;
  site.imm2 = x.imm2;
  site.imm3 = x.imm3;
  unsigned id = L.addSite(std::move(site));
  // The value size is the host's (filled in when the host module is built);
  // remember the type.
  L.siteValueTypes[id] = valueType ? valueType : c.type();

  Function &F = *c.call.getFunction();
  IRBuilder<> &b = c.b;
  Value *p0 = ConstantPointerNull::get(L.ptrTy());
  Value *p1 = ConstantPointerNull::get(L.ptrTy());
  if (x.in0) {
    AllocaInst *a = L.entryAlloca(F, x.in0->getType(), "xl.in0");
    b.CreateStore(x.in0, a);
    p0 = L.flat(b, a);
  }
  if (x.in1) {
    AllocaInst *a = L.entryAlloca(F, x.in1->getType(), "xl.in1");
    b.CreateStore(x.in1, a);
    p1 = L.flat(b, a);
  }
  Type *ret = c.type();
  AllocaInst *out = nullptr;
  Value *pout = ConstantPointerNull::get(L.ptrTy());
  if (!ret->isVoidTy()) {
    out = L.entryAlloca(F, ret, "xl.out");
    pout = L.flat(b, out);
  }
  auto asI32 = [&](Value *v) -> Value * {
    if (!v)
      return b.getInt32(0);
    if (v->getType()->isIntegerTy())
      return b.CreateZExtOrTrunc(v, b.getInt32Ty());
    return b.getInt32(0);
  };
  Type *ptr = L.ptrTy(), *i32 = L.i32();
  FunctionCallee fn = L.runtime("__mcore_emu_xlane", b.getVoidTy(),
                                {i32, ptr, ptr, ptr, i32, i32}, true);
  CallInst *rc = b.CreateCall(
      fn, {b.getInt32(id), p0, p1, pout, asI32(x.a0), asI32(x.a1)});
  L.waveSites[&F].push_back({rc, id});
  if (!out)
    return nullptr;
  return b.CreateLoad(ret, out, "xl.result");
}

namespace {

Expected<Value *> lowerReadFirstLane(CallLowering &c) {
  return lowerCrossLane(c, {SiteKind::ReadFirstLane, c.arg(0)});
}

Expected<Value *> lowerReadLane(CallLowering &c) {
  return lowerCrossLane(c, {SiteKind::ReadLane, c.arg(0), nullptr, c.arg(1)});
}

Expected<Value *> lowerWriteLane(CallLowering &c) {
  return lowerCrossLane(c, {SiteKind::WriteLane, c.arg(0), c.arg(2), c.arg(1)});
}

Expected<Value *> lowerBallot(CallLowering &c) {
  return lowerCrossLane(c, {SiteKind::Ballot, nullptr, nullptr,
                            c.b.CreateZExt(c.arg(0), c.b.getInt32Ty())});
}

/// icmp / fcmp: a ballot of the comparison.
Expected<Value *> lowerCompareBallot(CallLowering &c) {
  auto *pred = dyn_cast<ConstantInt>(c.arg(2));
  if (!pred)
    return c.unsupported("the predicate must be a constant");
  auto p = CmpInst::Predicate(pred->getZExtValue());
  bool valid =
      c.op == "icmp" ? CmpInst::isIntPredicate(p) : CmpInst::isFPPredicate(p);
  if (!valid)
    return c.unsupported("invalid predicate");
  Value *cond = c.b.CreateCmp(p, c.arg(0), c.arg(1));
  return lowerCrossLane(c, {SiteKind::Ballot, nullptr, nullptr,
                            c.b.CreateZExt(cond, c.b.getInt32Ty())});
}

/// The lane's own bit of the mask: no other lane is needed.
Expected<Value *> lowerInverseBallot(CallLowering &c) {
  IRBuilder<> &b = c.b;
  Value *lane = c.callRuntime("__mcore_emu_lane_id", c.lowering.i32(), {});
  Value *mask = c.arg(0);
  Value *bit = b.CreateLShr(mask, b.CreateZExtOrTrunc(lane, mask->getType()));
  return b.CreateTrunc(bit, b.getInt1Ty());
}

Expected<Value *> lowerDsPermute(CallLowering &c) {
  return lowerCrossLane(
      c, {c.op == "ds.bpermute" ? SiteKind::Bpermute : SiteKind::Permute,
          c.arg(1), nullptr, c.arg(0)});
}

/// A site of `kind` on operand 0 with immediate operand 1 (`what`).
Expected<Value *> lowerWithImmediate(CallLowering &c, SiteKind kind,
                                     StringRef what) {
  CrossLane x{kind, c.arg(0)};
  if (Error e = c.readImm(1, what, x.imm0))
    return std::move(e);
  return lowerCrossLane(c, x);
}

Expected<Value *> lowerDsSwizzle(CallLowering &c) {
  return lowerWithImmediate(c, SiteKind::Swizzle, "pattern");
}

/// update.dpp (old, src, controls) and mov.dpp (src, controls).
Expected<Value *> lowerDpp(CallLowering &c) {
  bool update = c.op == "update.dpp";
  unsigned first = update ? 2 : 1;
  CrossLane x{SiteKind::Dpp, c.arg(update ? 1 : 0),
              update ? c.arg(0) : nullptr};
  uint32_t *imms[4] = {&x.imm0, &x.imm1, &x.imm2, &x.imm3};
  const char *names[4] = {"dpp_ctrl", "row_mask", "bank_mask", "bound_ctrl"};
  for (unsigned i = 0; i < 4; ++i)
    if (Error e = c.readImm(first + i, names[i], *imms[i]))
      return std::move(e);
  return lowerCrossLane(c, x);
}

Expected<Value *> lowerDpp8(CallLowering &c) {
  return lowerWithImmediate(c, SiteKind::Dpp8, "selector");
}

/// permlane16 / permlanex16 (old, src, sel_lo, sel_hi, fi, bound_ctrl).
Expected<Value *> lowerPermlane16(CallLowering &c) {
  CrossLane x{c.op == "permlane16" ? SiteKind::Permlane16
                                   : SiteKind::PermlaneX16,
              c.arg(1), c.arg(0), c.arg(2), c.arg(3)};
  if (Error e = c.readImm(4, "fi", x.imm0))
    return std::move(e);
  if (Error e = c.readImm(5, "bound_ctrl", x.imm1))
    return std::move(e);
  return lowerCrossLane(c, x);
}

Expected<Value *> lowerPermlane64(CallLowering &c) {
  return lowerCrossLane(c, {SiteKind::Permlane64, c.arg(0)});
}

/// wave.reduce.<kind>: integer reductions over the active lanes.
Expected<Value *> lowerWaveReduce(CallLowering &c) {
  std::optional<WaveReduceOp> r = StringSwitch<std::optional<WaveReduceOp>>(
                                      c.op.drop_front(strlen("wave.reduce.")))
                                      .Case("umin", WaveReduceOp::UMin)
                                      .Case("umax", WaveReduceOp::UMax)
                                      .Case("min", WaveReduceOp::Min)
                                      .Case("max", WaveReduceOp::Max)
                                      .Case("add", WaveReduceOp::Add)
                                      .Case("sub", WaveReduceOp::Sub)
                                      .Case("and", WaveReduceOp::And)
                                      .Case("or", WaveReduceOp::Or)
                                      .Case("xor", WaveReduceOp::Xor)
                                      .Default(std::nullopt);
  if (!r)
    return c.unsupported("unknown reduction");
  if (!c.type()->isIntegerTy())
    return c.unsupported("only integer reductions are emulated");
  CrossLane x{SiteKind::WaveReduce, c.arg(0)};
  x.imm0 = unsigned(*r);
  return lowerCrossLane(c, x);
}

Expected<Value *> lowerWaveBarrier(CallLowering &c) {
  return lowerCrossLane(c, {SiteKind::WaveBarrier}, c.b.getInt32Ty());
}

const CallRule kRules[] = {
    {"llvm.amdgcn.wmma.", lowerMma, CallRule::Prefix},
    {"llvm.amdgcn.swmmac.", lowerMma, CallRule::Prefix},
    {"llvm.amdgcn.mfma.", lowerMma, CallRule::Prefix},
    {"llvm.amdgcn.smfmac.", lowerMma, CallRule::Prefix},
    {"llvm.amdgcn.readfirstlane", lowerReadFirstLane},
    {"llvm.amdgcn.readlane", lowerReadLane},
    {"llvm.amdgcn.writelane", lowerWriteLane},
    {"llvm.amdgcn.ballot", lowerBallot},
    {"llvm.amdgcn.icmp", lowerCompareBallot},
    {"llvm.amdgcn.fcmp", lowerCompareBallot},
    {"llvm.amdgcn.inverse.ballot", lowerInverseBallot},
    {"llvm.amdgcn.ds.bpermute", lowerDsPermute},
    {"llvm.amdgcn.ds.permute", lowerDsPermute},
    {"llvm.amdgcn.ds.swizzle", lowerDsSwizzle},
    {"llvm.amdgcn.update.dpp", lowerDpp},
    {"llvm.amdgcn.mov.dpp", lowerDpp},
    {"llvm.amdgcn.mov.dpp8", lowerDpp8},
    {"llvm.amdgcn.permlane16", lowerPermlane16},
    {"llvm.amdgcn.permlanex16", lowerPermlane16},
    {"llvm.amdgcn.permlane64", lowerPermlane64},
    {"llvm.amdgcn.wave.reduce.", lowerWaveReduce, CallRule::Prefix},
    {"llvm.amdgcn.wave.barrier", lowerWaveBarrier},
};

} // namespace

ArrayRef<CallRule> rewrite::getWaveOpRules() { return kRules; }
