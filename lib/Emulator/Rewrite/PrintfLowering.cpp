//===- PrintfLowering.cpp - Device printf ---------------------------------===//
//
// The rules for device printf, in the two forms MLIR's gpu.printf lowering
// for ROCDL emits (convert-gpu-to-rocdl{runtime=HIP|OpenCL}):
//
//   HIP     the ockl printf functions ROCm's device libraries define and
//           HIP's printf compiles to: __ockl_printf_begin(version) opens a
//           message; __ockl_printf_append_string_n(msg, str, len, last) and
//           __ockl_printf_append_args(msg, n, a0..a6, last) add the format,
//           then the arguments (strings as strings, every other argument as
//           a 64-bit word: integers extended, floats as double bits); the
//           call with last = 1 sends it.
//   OpenCL  a variadic `printf(ptr addrspace(4) format, ...)`.
//
// The emulator defines these itself (no device library is linked). A
// message's pieces are collected per lane; the call that sends a message is
// a site where the lanes of the wave meet, so the messages of a wave print
// together, in lane order, as the hardware's wave-wide hostcall delivers
// them (PrintfRuntime.cpp formats and prints).
//
//===----------------------------------------------------------------------===//

#include "CallLowering.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;
using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::rewrite;

namespace {

bool isInt(Value *v, unsigned bits) {
  return v->getType()->isIntegerTy(bits);
}

/// __ockl_printf_begin(i64 version) -> i64: starts the lane's message.
Expected<Value *> lowerBegin(CallLowering &c) {
  if (c.call.arg_size() != 1 || !isInt(c.arg(0), 64) ||
      !c.type()->isIntegerTy(64))
    return c.notDefined();
  return c.callRuntime("__mcore_emu_printf_begin", c.type(), {}, false);
}

/// __ockl_printf_append_string_n(i64 msg, ptr str, i64 len, i32 last) -> i64.
Expected<Value *> lowerAppendString(CallLowering &c) {
  if (c.call.arg_size() != 4 || !isInt(c.arg(0), 64) ||
      !c.arg(1)->getType()->isPointerTy() || !isInt(c.arg(2), 64) ||
      !isInt(c.arg(3), 32) || !c.type()->isIntegerTy(64))
    return c.notDefined();
  IRBuilder<> &b = c.b;
  // in0: {ptr as i64, length}.
  Type *pair = ArrayType::get(b.getInt64Ty(), 2);
  Value *v = b.CreateInsertValue(
      PoisonValue::get(pair),
      b.CreatePtrToInt(c.lowering.flat(b, c.arg(1)), b.getInt64Ty()), 0);
  v = b.CreateInsertValue(v, c.arg(2), 1);
  return lowerCrossLane(c,
                        {SiteKind::Printf, v, nullptr, c.arg(3), nullptr,
                         uint32_t(PrintfPiece::String)},
                        pair);
}

/// __ockl_printf_append_args(i64 msg, i32 n, i64 x7, i32 last) -> i64.
Expected<Value *> lowerAppendArgs(CallLowering &c) {
  if (c.call.arg_size() != 10 || !isInt(c.arg(0), 64) ||
      !isInt(c.arg(1), 32) || !isInt(c.arg(9), 32) ||
      !c.type()->isIntegerTy(64))
    return c.notDefined();
  for (unsigned i = 2; i < 9; ++i)
    if (!isInt(c.arg(i), 64))
      return c.notDefined();
  IRBuilder<> &b = c.b;
  // in0: {n, a0, ..., a6}.
  Type *words = ArrayType::get(b.getInt64Ty(), 8);
  Value *v = b.CreateInsertValue(PoisonValue::get(words),
                                 b.CreateZExt(c.arg(1), b.getInt64Ty()), 0);
  for (unsigned i = 0; i < 7; ++i)
    v = b.CreateInsertValue(v, c.arg(2 + i), i + 1);
  return lowerCrossLane(c,
                        {SiteKind::Printf, v, nullptr, c.arg(9), nullptr,
                         uint32_t(PrintfPiece::Words)},
                        words);
}

/// printf(ptr format, ...) -> i32: the whole message at once, the
/// arguments as 64-bit words (integers sign-extended, floats as double bits,
/// pointers as addresses; a %s argument is a pointer to the string).
Expected<Value *> lowerPrintf(CallLowering &c) {
  FunctionType *fty = c.call.getFunctionType();
  if (!fty->isVarArg() || c.call.arg_size() < 1 ||
      !c.arg(0)->getType()->isPointerTy() || !c.type()->isIntegerTy(32))
    return c.notDefined();
  IRBuilder<> &b = c.b;
  unsigned n = c.call.arg_size() - 1;
  Type *words = ArrayType::get(b.getInt64Ty(), n + 1);
  Value *v = b.CreateInsertValue(PoisonValue::get(words), b.getInt64(n), 0);
  for (unsigned i = 0; i < n; ++i) {
    Value *a = c.arg(1 + i);
    Type *t = a->getType();
    Value *w;
    if (t->isIntegerTy())
      w = b.CreateSExtOrTrunc(a, b.getInt64Ty());
    else if (t->isFloatingPointTy())
      w = b.CreateBitCast(b.CreateFPExt(a, b.getDoubleTy()), b.getInt64Ty());
    else if (t->isPointerTy())
      w = b.CreatePtrToInt(c.lowering.flat(b, a), b.getInt64Ty());
    else
      return c.unsupported("a printf argument of type " + typeName(t) +
                           " (integers, floats and pointers print)");
    v = b.CreateInsertValue(v, w, i + 1);
  }
  Value *fmt = b.CreatePtrToInt(c.lowering.flat(b, c.arg(0)), b.getInt64Ty());
  Value *r = lowerCrossLane(c,
                            {SiteKind::Printf, v, fmt, b.getInt32(1), nullptr,
                             uint32_t(PrintfPiece::Whole)},
                            words);
  return r;
}

/// What LLVM's AMDGPUPrintfRuntimeBinding makes of an OpenCL printf: a
/// buffer whose contents the host decodes after the kernel, with the formats
/// in module metadata.
Expected<Value *> lowerPrintfAlloc(CallLowering &c) {
  return c.unsupported("OpenCL's buffered printf (what LLVM makes of "
                       "convert-gpu-to-rocdl{runtime=OpenCL}'s printf) is not "
                       "emulated; the HIP form (runtime=HIP, the ockl printf "
                       "functions) is");
}

const CallRule kRules[] = {
    {"__printf_alloc", lowerPrintfAlloc},
    {"__ockl_printf_begin", lowerBegin},
    {"__ockl_printf_append_string_n", lowerAppendString},
    {"__ockl_printf_append_args", lowerAppendArgs},
    {"printf", lowerPrintf},
};

} // namespace

ArrayRef<CallRule> rewrite::getPrintfRules() { return kRules; }
