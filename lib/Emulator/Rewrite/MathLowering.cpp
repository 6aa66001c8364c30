//===- MathLowering.cpp - amdgcn math and conversions as host code --------===//
//
// The rules for amdgcn math, bit-field, dot-product and fp8 conversion
// intrinsics. Each becomes plain IR the host compiles, or a call of a
// runtime helper (RuntimeMath.cpp) where plain IR would be long. docs/
// Emulator.md lists where the results may differ from the hardware's.
//
//===----------------------------------------------------------------------===//

#include "CallLowering.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;
using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::rewrite;

namespace {

/// Intrinsic `id` overloaded on the type of its first operand.
Value *intr(CallLowering &c, Intrinsic::ID id, ArrayRef<Value *> args) {
  return c.b.CreateIntrinsic(id, {args[0]->getType()}, args);
}

Value *reciprocal(CallLowering &c, Value *v) {
  return c.b.CreateFDiv(ConstantFP::get(c.type(), 1.0), v);
}

Expected<Value *> lowerRcp(CallLowering &c) { return reciprocal(c, c.arg(0)); }

Expected<Value *> lowerRsq(CallLowering &c) {
  return reciprocal(c, intr(c, Intrinsic::sqrt, {c.arg(0)}));
}

Expected<Value *> lowerRsqClamp(CallLowering &c) {
  IRBuilder<> &b = c.b;
  Type *ty = c.type();
  Value *v = reciprocal(c, intr(c, Intrinsic::sqrt, {c.arg(0)}));
  Value *big = ConstantFP::get(ty, APFloat::getLargest(ty->getFltSemantics()));
  v = b.CreateIntrinsic(Intrinsic::minnum, {ty}, {v, big});
  return b.CreateIntrinsic(Intrinsic::maxnum, {ty}, {v, b.CreateFNeg(big)});
}

Expected<Value *> lowerSqrt(CallLowering &c) {
  return intr(c, Intrinsic::sqrt, {c.arg(0)});
}

Expected<Value *> lowerExp2(CallLowering &c) {
  return intr(c, Intrinsic::exp2, {c.arg(0)});
}

Expected<Value *> lowerLog(CallLowering &c) {
  return intr(c, Intrinsic::log2, {c.arg(0)});
}

/// v_sin_f32 / v_cos_f32 take revolutions: sin(2 * pi * x).
Expected<Value *> lowerSinCos(CallLowering &c) {
  Value *x =
      c.b.CreateFMul(c.arg(0), ConstantFP::get(c.type(), 6.283185307179586));
  return intr(c, c.op == "sin" ? Intrinsic::sin : Intrinsic::cos, {x});
}

Expected<Value *> lowerFract(CallLowering &c) {
  IRBuilder<> &b = c.b;
  Type *ty = c.type();
  Value *x = c.arg(0);
  Value *f = b.CreateFSub(x, intr(c, Intrinsic::floor, {x}));
  APFloat below1(ty->getFltSemantics(), 1);
  below1.next(/*nextDown=*/true);
  f = b.CreateIntrinsic(Intrinsic::minnum, {ty},
                        {f, ConstantFP::get(ty, below1)});
  // fract(inf) is NaN; keep NaN inputs NaN.
  Value *r = b.CreateSelect(b.CreateFCmpUNO(x, x), x, f);
  Value *isInf = b.CreateFCmpOEQ(intr(c, Intrinsic::fabs, {x}),
                                 ConstantFP::getInfinity(ty));
  return b.CreateSelect(isInf, ConstantFP::getNaN(ty), r);
}

Expected<Value *> lowerLdexp(CallLowering &c) {
  return c.b.CreateIntrinsic(Intrinsic::ldexp, {c.type(), c.arg(1)->getType()},
                             {c.arg(0), c.arg(1)});
}

/// frexp.mant / frexp.exp: one result of llvm.frexp.
Expected<Value *> lowerFrexp(CallLowering &c) {
  IRBuilder<> &b = c.b;
  Type *fty = c.arg(0)->getType();
  Type *ety = c.op == "frexp.exp" ? c.type() : b.getInt32Ty();
  Value *fr = b.CreateIntrinsic(Intrinsic::frexp, {fty, ety}, {c.arg(0)});
  return b.CreateExtractValue(fr, c.op == "frexp.mant" ? 0 : 1);
}

Expected<Value *> lowerFmed3(CallLowering &c) {
  IRBuilder<> &b = c.b;
  Type *ty = c.type();
  Value *lo = b.CreateIntrinsic(Intrinsic::minnum, {ty}, {c.arg(0), c.arg(1)});
  Value *hi = b.CreateIntrinsic(Intrinsic::maxnum, {ty}, {c.arg(0), c.arg(1)});
  Value *m = b.CreateIntrinsic(Intrinsic::minnum, {ty}, {hi, c.arg(2)});
  return b.CreateIntrinsic(Intrinsic::maxnum, {ty}, {lo, m});
}

/// fmul.legacy / fma.legacy: 0 * anything is 0.
Expected<Value *> lowerLegacyMul(CallLowering &c) {
  IRBuilder<> &b = c.b;
  Value *zero = ConstantFP::get(c.type(), 0.0);
  Value *anyZero = b.CreateOr(b.CreateFCmpOEQ(c.arg(0), zero),
                              b.CreateFCmpOEQ(c.arg(1), zero));
  Value *p = b.CreateFMul(c.arg(0), c.arg(1));
  if (c.op == "fma.legacy") {
    Value *f = intr(c, Intrinsic::fma, {c.arg(0), c.arg(1), c.arg(2)});
    return b.CreateSelect(anyZero, b.CreateFAdd(zero, c.arg(2)), f);
  }
  return b.CreateSelect(anyZero, zero, p);
}

Expected<Value *> lowerClass(CallLowering &c) {
  auto *mask = dyn_cast<ConstantInt>(c.arg(1));
  if (!mask)
    return rewriteError("'llvm.amdgcn.class' " + where(c.call) +
                        ": the class mask must be a constant");
  // The AMDGPU class mask bits are llvm.is.fpclass's.
  return c.b.createIsFPClass(c.arg(0), unsigned(mask->getZExtValue()) & 0x3FF);
}

/// ubfe / sbfe: the bit field of `width` bits at `off`.
Expected<Value *> lowerBitFieldExtract(CallLowering &c) {
  IRBuilder<> &b = c.b;
  bool isUnsigned = c.op == "ubfe";
  Value *x = c.arg(0);
  Type *it = x->getType();
  unsigned bits = it->getIntegerBitWidth();
  Value *off = b.CreateAnd(c.arg(1), ConstantInt::get(it, bits - 1));
  Value *width = b.CreateAnd(c.arg(2), ConstantInt::get(it, bits - 1));
  // (x << (bits - off - width)) >> (bits - width), for width != 0.
  Value *shl = b.CreateShl(
      x, b.CreateSub(b.CreateSub(ConstantInt::get(it, bits), off), width));
  Value *sh = b.CreateSub(ConstantInt::get(it, bits), width);
  Value *v = isUnsigned ? b.CreateLShr(shl, sh) : b.CreateAShr(shl, sh);
  Value *wide =
      b.CreateICmpUGE(b.CreateAdd(off, width), ConstantInt::get(it, bits));
  // off + width >= bits: the hardware takes the bits that exist.
  Value *v2 = isUnsigned ? b.CreateLShr(x, off) : b.CreateAShr(x, off);
  v = b.CreateSelect(wide, v2, v);
  return b.CreateSelect(b.CreateICmpEQ(width, ConstantInt::get(it, 0)),
                        ConstantInt::get(it, 0), v);
}

/// mul.u24, mul.i24, mulhi.u24, mulhi.i24.
Expected<Value *> lowerMul24(CallLowering &c) {
  IRBuilder<> &b = c.b;
  bool sgn = c.op.ends_with("i24");
  bool hi = c.op.starts_with("mulhi");
  auto ext24 = [&](Value *v) -> Value * {
    Value *t = b.CreateTrunc(v, b.getIntNTy(24));
    return sgn ? b.CreateSExt(t, b.getInt64Ty())
               : b.CreateZExt(t, b.getInt64Ty());
  };
  Value *p = b.CreateMul(ext24(c.arg(0)), ext24(c.arg(1)));
  if (hi)
    p = b.CreateLShr(p, 32);
  return b.CreateTrunc(p, c.type());
}

Expected<Value *> lowerAlignByte(CallLowering &c) {
  IRBuilder<> &b = c.b;
  Value *sh = b.CreateShl(b.CreateAnd(c.arg(2), 3), 3);
  return b.CreateIntrinsic(Intrinsic::fshr, {c.type()},
                           {c.arg(0), c.arg(1), sh});
}

Expected<Value *> lowerPerm(CallLowering &c) {
  return c.callRuntime("__mcore_emu_perm", c.lowering.i32(),
                       {c.arg(0), c.arg(1), c.arg(2)});
}

Expected<Value *> lowerCvtPkrtz(CallLowering &c) {
  Value *bits = c.callRuntime("__mcore_emu_cvt_pkrtz", c.lowering.i32(),
                              {c.arg(0), c.arg(1)});
  return c.b.CreateBitCast(bits, c.type());
}

/// a.x * b.x + a.y * b.y + c in f32 (the intermediate precision of
/// v_dot2_f32_f16 is not documented; products of halves are exact).
Expected<Value *> lowerFdot2(CallLowering &c) {
  IRBuilder<> &b = c.b;
  Value *a = b.CreateFPExt(c.arg(0), FixedVectorType::get(b.getFloatTy(), 2));
  Value *bb = b.CreateFPExt(c.arg(1), FixedVectorType::get(b.getFloatTy(), 2));
  Value *p0 = b.CreateFMul(b.CreateExtractElement(a, uint64_t(0)),
                           b.CreateExtractElement(bb, uint64_t(0)));
  Value *p1 = b.CreateFMul(b.CreateExtractElement(a, uint64_t(1)),
                           b.CreateExtractElement(bb, uint64_t(1)));
  return b.CreateFAdd(b.CreateFAdd(p0, p1), c.arg(2));
}

/// sdot2/4/8, udot2/4/8 (A, B, C, clamp) and sudot4/8 (A_sign, A, B_sign,
/// B, C, clamp): integer dot products, by the runtime.
Expected<Value *> lowerIntegerDot(CallLowering &c) {
  IRBuilder<> &b = c.b;
  StringRef op = c.op;
  Value *a, *bv, *acc;
  unsigned aSign = 1, bSign = 1, clamp = 0;
  if (op.starts_with("su")) {
    if (Error e = c.readImm(0, "A_sign", aSign))
      return std::move(e);
    if (Error e = c.readImm(2, "B_sign", bSign))
      return std::move(e);
    a = c.arg(1);
    bv = c.arg(3);
    acc = c.arg(4);
    if (Error e = c.readImm(5, "clamp", clamp))
      return std::move(e);
  } else {
    aSign = bSign = op.starts_with("s") ? 1 : 0;
    a = c.arg(0);
    bv = c.arg(1);
    acc = c.arg(2);
    if (Error e = c.readImm(3, "clamp", clamp))
      return std::move(e);
  }
  unsigned kind = op.ends_with("2") ? 2 : op.ends_with("4") ? 4 : 8;
  a = b.CreateBitCast(a, b.getInt32Ty());
  bv = b.CreateBitCast(bv, b.getInt32Ty());
  unsigned flags = aSign | (bSign << 1) | (clamp << 2);
  return c.callRuntime("__mcore_emu_dot", c.lowering.i32(),
                       {b.getInt32(kind), a, bv, acc, b.getInt32(flags)});
}

/// cvt.f32.fp8 / cvt.f32.bf8: one byte of the word, by byte_sel.
Expected<Value *> lowerCvtF32F8(CallLowering &c) {
  IRBuilder<> &b = c.b;
  unsigned sel;
  if (Error e = c.readImm(1, "byte_sel", sel))
    return std::move(e);
  Value *byte = b.CreateAnd(b.CreateLShr(c.arg(0), 8 * (sel & 3)), 0xFF);
  return c.callRuntime("__mcore_emu_cvt_f32_f8", b.getFloatTy(),
                       {byte, b.getInt32(c.op == "cvt.f32.bf8")});
}

/// cvt.pk.f32.fp8 / cvt.pk.f32.bf8: two bytes of the word, by word_sel.
Expected<Value *> lowerCvtPkF32F8(CallLowering &c) {
  IRBuilder<> &b = c.b;
  unsigned sel;
  if (Error e = c.readImm(1, "word_sel", sel))
    return std::move(e);
  Value *isBf8 = b.getInt32(c.op == "cvt.pk.f32.bf8");
  Value *v = PoisonValue::get(c.type());
  for (unsigned e = 0; e < 2; ++e) {
    Value *byte =
        b.CreateAnd(b.CreateLShr(c.arg(0), 16 * (sel & 1) + 8 * e), 0xFF);
    v = b.CreateInsertElement(
        v,
        c.callRuntime("__mcore_emu_cvt_f32_f8", b.getFloatTy(), {byte, isBf8}),
        uint64_t(e));
  }
  return v;
}

/// cvt.pk.fp8.f32 / cvt.pk.bf8.f32 (a, b, old, word_sel).
Expected<Value *> lowerCvtPkF8F32(CallLowering &c) {
  IRBuilder<> &b = c.b;
  unsigned sel;
  if (Error e = c.readImm(3, "word_sel", sel))
    return std::move(e);
  return c.callRuntime("__mcore_emu_cvt_pk_f8", c.lowering.i32(),
                       {c.arg(0), c.arg(1), c.arg(2), b.getInt32(sel & 1),
                        b.getInt32(c.op == "cvt.pk.bf8.f32")});
}

const CallRule kRules[] = {
    {"llvm.amdgcn.rcp", lowerRcp},
    {"llvm.amdgcn.rsq", lowerRsq},
    {"llvm.amdgcn.rsq.clamp", lowerRsqClamp},
    {"llvm.amdgcn.sqrt", lowerSqrt},
    {"llvm.amdgcn.exp2", lowerExp2},
    {"llvm.amdgcn.log", lowerLog},
    {"llvm.amdgcn.sin", lowerSinCos},
    {"llvm.amdgcn.cos", lowerSinCos},
    {"llvm.amdgcn.fract", lowerFract},
    {"llvm.amdgcn.ldexp", lowerLdexp},
    {"llvm.amdgcn.frexp.mant", lowerFrexp},
    {"llvm.amdgcn.frexp.exp", lowerFrexp},
    {"llvm.amdgcn.fmed3", lowerFmed3},
    {"llvm.amdgcn.fmul.legacy", lowerLegacyMul},
    {"llvm.amdgcn.fma.legacy", lowerLegacyMul},
    {"llvm.amdgcn.class", lowerClass},
    {"llvm.amdgcn.ubfe", lowerBitFieldExtract},
    {"llvm.amdgcn.sbfe", lowerBitFieldExtract},
    {"llvm.amdgcn.mul.u24", lowerMul24},
    {"llvm.amdgcn.mul.i24", lowerMul24},
    {"llvm.amdgcn.mulhi.u24", lowerMul24},
    {"llvm.amdgcn.mulhi.i24", lowerMul24},
    {"llvm.amdgcn.alignbyte", lowerAlignByte},
    {"llvm.amdgcn.perm", lowerPerm},
    {"llvm.amdgcn.cvt.pkrtz", lowerCvtPkrtz},
    {"llvm.amdgcn.fdot2", lowerFdot2},
    {"llvm.amdgcn.sdot2", lowerIntegerDot},
    {"llvm.amdgcn.udot2", lowerIntegerDot},
    {"llvm.amdgcn.sdot4", lowerIntegerDot},
    {"llvm.amdgcn.udot4", lowerIntegerDot},
    {"llvm.amdgcn.sdot8", lowerIntegerDot},
    {"llvm.amdgcn.udot8", lowerIntegerDot},
    {"llvm.amdgcn.sudot4", lowerIntegerDot},
    {"llvm.amdgcn.sudot8", lowerIntegerDot},
    {"llvm.amdgcn.cvt.f32.fp8", lowerCvtF32F8},
    {"llvm.amdgcn.cvt.f32.bf8", lowerCvtF32F8},
    {"llvm.amdgcn.cvt.pk.f32.fp8", lowerCvtPkF32F8},
    {"llvm.amdgcn.cvt.pk.f32.bf8", lowerCvtPkF32F8},
    {"llvm.amdgcn.cvt.pk.fp8.f32", lowerCvtPkF8F32},
    {"llvm.amdgcn.cvt.pk.bf8.f32", lowerCvtPkF8F32},
};

} // namespace

ArrayRef<CallRule> rewrite::getMathRules() { return kRules; }
