//===- MCoreToROCDL.cpp - mcore to ROCDL ----------------------------------===//
//
// Per-lane mcore.mma / mcore.sparse_mma become AMD matrix instructions. The
// catalog entry named by the op's intrinsic attribute says which instruction,
// with which operand types; WMMA, MFMA and SMFMAC are emitted as upstream
// amdgpu ops and lowered with upstream's patterns, SWMMAC (no MLIR op in 22)
// as llvm.call_intrinsic.
//
//===----------------------------------------------------------------------===//

#include "mcore/Conversion/MCoreToROCDL/MCoreToROCDL.h"
#include "mcore/Conversion/Passes.h"
#include "mcore/Dialect/MCore/IR/MCoreOps.h"

#include "mlir/Conversion/AMDGPUToROCDL/AMDGPUToROCDL.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_CONVERTMCORETOROCDLPASS
#include "mcore/Conversion/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;
using namespace mlir::mcore;

//===----------------------------------------------------------------------===//
// Legality
//===----------------------------------------------------------------------===//

LogicalResult mlir::mcore::verifyMCoreOpsForLowering(Operation *root,
                                                     Chip chip) {
  bool ok = true;
  root->walk([&](Operation *op) {
    if (!isa<MmaOp, SparseMmaOp>(op))
      return;
    auto intrinsic =
        op->getAttrOfType<MmaIntrinsicAttrInterface>("intrinsic");
    auto a = cast<VectorType>(op->getOperand(0).getType());
    if (a.getRank() != 1) {
      op->emitError("convert-mcore-to-rocdl needs per-lane fragments; run "
                    "mcore-distribute first");
      ok = false;
      return;
    }
    // The verifier guarantees an intrinsic on per-lane ops.
    if (failed(verifyIntrinsicOnChip(op, intrinsic.getInfo(), chip)))
      ok = false;
  });
  return success(ok);
}

/// The LLVM intrinsic a lowered matrix op calls: rocdl.wmma.f32.16x16x16.f16
/// is llvm.amdgcn.wmma.f32.16x16x16.f16; llvm.call_intrinsic names it.
static std::string getCalledMatrixIntrinsic(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (auto call = dyn_cast<LLVM::CallIntrinsicOp>(op))
    return call.getIntrin().str();
  if (!name.consume_front("rocdl."))
    return "";
  for (StringRef family : {"wmma.", "mfma.", "smfmac.", "swmmac."})
    if (name.starts_with(family))
      return ("llvm.amdgcn." + name).str();
  return "";
}

static unsigned getTypeBits(Type type) {
  if (auto v = dyn_cast<VectorType>(type))
    return v.getNumElements() * v.getElementTypeBitWidth();
  return type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
}

LogicalResult mlir::mcore::verifyMatrixIntrinsicsForChip(Operation *root,
                                                         Chip chip) {
  bool ok = true;
  root->walk([&](Operation *op) {
    std::string called = getCalledMatrixIntrinsic(op);
    if (called.empty())
      return;
    SmallVector<const IntrinsicInfo *> known, onChip;
    for (const IntrinsicInfo &info : getAllIntrinsics())
      if (called == info.llvmName) {
        known.push_back(&info);
        if (info.isAvailableOn(chip))
          onChip.push_back(&info);
      }
    if (known.empty())
      return;
    if (onChip.empty()) {
      ChipSet chips;
      for (const IntrinsicInfo *info : known)
        chips = chips | info->chips;
      op->emitError() << called << " needs " << chips.describe()
                      << "; the target is " << getChipName(chip);
      ok = false;
      return;
    }
    // A, B and C are the first three operands that are not i1 flags.
    SmallVector<Type> abc;
    for (Value operand : op->getOperands())
      if (!operand.getType().isInteger(1) && abc.size() < 3)
        abc.push_back(operand.getType());
    auto matches = [&](const IntrinsicInfo *info) {
      return abc.size() == 3 &&
             getTypeBits(abc[0]) == info->a.llvm.getBitWidth() &&
             getTypeBits(abc[1]) == info->b.llvm.getBitWidth() &&
             getTypeBits(abc[2]) == info->c.llvm.getBitWidth();
    };
    if (llvm::any_of(onChip, matches))
      return;
    const IntrinsicInfo *want = onChip.front();
    op->emitError() << called << " on " << getChipName(chip) << " takes A "
                    << want->a.llvm.str() << ", B " << want->b.llvm.str()
                    << " and C " << want->c.llvm.str()
                    << " per lane; the operands do not match (a form of "
                       "another chip or wave size?)";
    ok = false;
  });
  return success(ok);
}

//===----------------------------------------------------------------------===//
// Operand packing
//===----------------------------------------------------------------------===//

/// The MLIR type of an LLVM intrinsic operand type of the catalog.
static Type getLlvmOperandType(MLIRContext *ctx, LlvmType type) {
  Builder b(ctx);
  Type elem;
  switch (type.elem) {
  case LlvmElem::Half:
    elem = b.getF16Type();
    break;
  case LlvmElem::BFloat:
    elem = b.getBF16Type();
    break;
  case LlvmElem::I16:
    elem = b.getI16Type();
    break;
  case LlvmElem::I32:
    elem = b.getI32Type();
    break;
  case LlvmElem::I64:
    elem = b.getI64Type();
    break;
  case LlvmElem::Float:
    elem = b.getF32Type();
    break;
  case LlvmElem::I8:
    elem = b.getI8Type();
    break;
  }
  return type.count ? Type(VectorType::get({type.count}, elem)) : elem;
}

/// Reinterprets a fragment vector as the intrinsic's operand type: bf16 as
/// i16, 8- and 4-bit elements packed little-endian into i32 words (element 0
/// in the lowest bits, as the catalog's bit ranges say).
static Value packOperand(OpBuilder &b, Location loc, Value fragment,
                         LlvmType llvm) {
  Type target = getLlvmOperandType(b.getContext(), llvm);
  if (fragment.getType() == target)
    return fragment;
  if (auto vec = dyn_cast<VectorType>(target))
    return vector::BitCastOp::create(b, loc, vec, fragment);
  auto one = VectorType::get({1}, target);
  Value cast = vector::BitCastOp::create(b, loc, one, fragment);
  return vector::ExtractOp::create(b, loc, cast, ArrayRef<int64_t>{0});
}

/// The inverse of packOperand for a result.
static Value unpackResult(OpBuilder &b, Location loc, Value value,
                          VectorType fragmentType) {
  if (value.getType() == fragmentType)
    return value;
  if (!isa<VectorType>(value.getType()))
    value = vector::BroadcastOp::create(
        b, loc, VectorType::get({1}, value.getType()), value);
  return vector::BitCastOp::create(b, loc, fragmentType, value);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// Whether upstream's amdgpu op lowering emits exactly the catalog's
/// intrinsic, with the catalog's operand types, on `chip`. MLIR 22 has no
/// SWMMAC op, and on gfx950 its amdgpu.sparse_mfma lowering passes the bf16
/// operands of the CDNA3 SMFMACs (16x16x32.bf16, 32x32x16.bf16) as bfloat
/// vectors although those intrinsics take i16 vectors, which LLVM's IR
/// verifier rejects. mcore emits those itself.
static bool upstreamLowers(const IntrinsicInfo &info, Chip chip) {
  if (info.family == MmaFamily::SWMMAC)
    return false;
  if (info.family == MmaFamily::SMFMAC && info.a.kind == ScalarKind::BF16 &&
      info.a.llvm.elem == LlvmElem::I16 && chip == Chip::gfx950)
    return false;
  return true;
}


namespace {

IntegerAttr i32Attr(OpBuilder &b, int64_t v) { return b.getI32IntegerAttr(v); }

/// Dense WMMA and MFMA through upstream's amdgpu ops.
struct MmaToAMDGPU : OpRewritePattern<MmaOp> {
  MmaToAMDGPU(MLIRContext *ctx, Chip chip)
      : OpRewritePattern(ctx), chip(chip) {}
  Chip chip;

  LogicalResult matchAndRewrite(MmaOp op,
                                PatternRewriter &rewriter) const override {
    if (op.isWholeTile() || !op.getIntrinsicAttr())
      return rewriter.notifyMatchFailure(op, "not a per-lane mma");
    const IntrinsicInfo &info = op.getIntrinsicAttr().getInfo();
    if (!upstreamLowers(info, chip))
      return rewriter.notifyMatchFailure(op, "upstream does not lower it");
    Location loc = op.getLoc();
    Type resultType = op.getResult().getType();
    if (info.family == MmaFamily::WMMA) {
      // RDNA3's 16-bit accumulator lives in the low halves of its registers
      // (catalog stride 2): subwordOffset 0.
      auto wmma = amdgpu::WMMAOp::create(
          rewriter, loc, resultType, i32Attr(rewriter, info.m),
          i32Attr(rewriter, info.n), i32Attr(rewriter, info.k), op.getA(),
          op.getB(), op.getC(), i32Attr(rewriter, 0),
          op.getUnsignedA() ? rewriter.getUnitAttr() : UnitAttr(),
          op.getUnsignedB() ? rewriter.getUnitAttr() : UnitAttr(),
          op.getClamp() ? rewriter.getUnitAttr() : UnitAttr());
      rewriter.replaceOp(op, wmma.getResult());
      return success();
    }
    if (info.family == MmaFamily::MFMA) {
      auto mfma = amdgpu::MFMAOp::create(
          rewriter, loc, resultType, i32Attr(rewriter, info.m),
          i32Attr(rewriter, info.n), i32Attr(rewriter, info.k),
          i32Attr(rewriter, 1), op.getA(), op.getB(), op.getC(),
          i32Attr(rewriter, 0), i32Attr(rewriter, 0),
          amdgpu::MFMAPermBAttr::get(rewriter.getContext(),
                                     amdgpu::MFMAPermB::none));
      rewriter.replaceOp(op, mfma.getResult());
      return success();
    }
    return rewriter.notifyMatchFailure(op, "not a dense family");
  }
};

/// SMFMAC through amdgpu.sparse_mfma: the index word is reinterpreted as the
/// vector upstream expects (four i8 sets for 16-bit A, two i16 sets for
/// 8-bit A), and the index set becomes abid with cbsz = 0.
struct SmfmacToAMDGPU : OpRewritePattern<SparseMmaOp> {
  SmfmacToAMDGPU(MLIRContext *ctx, Chip chip)
      : OpRewritePattern(ctx), chip(chip) {}
  Chip chip;

  LogicalResult matchAndRewrite(SparseMmaOp op,
                                PatternRewriter &rewriter) const override {
    if (op.isWholeTile() || !op.getIntrinsicAttr())
      return rewriter.notifyMatchFailure(op, "not a per-lane sparse mma");
    const IntrinsicInfo &info = op.getIntrinsicAttr().getInfo();
    if (info.family != MmaFamily::SMFMAC || !upstreamLowers(info, chip))
      return rewriter.notifyMatchFailure(op, "not an upstream SMFMAC");
    Location loc = op.getLoc();
    bool sixteenBit = getBitWidth(info.a.kind) == 16;
    auto idxType = sixteenBit ? VectorType::get({4}, rewriter.getI8Type())
                              : VectorType::get({2}, rewriter.getI16Type());
    Value word = vector::BroadcastOp::create(
        rewriter, loc, VectorType::get({1}, rewriter.getI32Type()),
        op.getIndex());
    Value idx = vector::BitCastOp::create(rewriter, loc, idxType, word);
    auto smfmac = amdgpu::SparseMFMAOp::create(
        rewriter, loc, op.getResult().getType(), i32Attr(rewriter, info.m),
        i32Attr(rewriter, info.n), i32Attr(rewriter, info.k), op.getA(),
        op.getB(), op.getC(), idx, i32Attr(rewriter, 0),
        i32Attr(rewriter, op.getIndexSet()));
    rewriter.replaceOp(op, smfmac.getResult());
    return success();
  }
};

/// Calls the catalog's LLVM intrinsic directly, operands packed as the
/// catalog says. LLVM 22 operand orders:
///   WMMA float     (A, B, C) [, i1 op_sel for a 16-bit accumulator]
///   WMMA integer   (i1 A signed, A, i1 B signed, B, C, i1 clamp)
///   SWMMAC float   (A, B, C, index)
///   SWMMAC integer (i1 A signed, A, i1 B signed, B, C, index, i1 clamp)
///   MFMA           (A, B, C, i32 cbsz, i32 abid, i32 blgp)
///   SMFMAC         (A, B, C, i32 index, i32 cbsz, i32 abid)
/// The SWMMAC index set is not an operand: set 1 (index_key:1) is the upper
/// half of the index word, and llc folds the shift into the instruction.
static Value emitIntrinsicCall(PatternRewriter &rewriter, Operation *op,
                               const IntrinsicInfo &info, bool unsignedA,
                               bool unsignedB, bool clamp, Value index,
                               unsigned indexSet) {
  Location loc = op->getLoc();
  Value a = packOperand(rewriter, loc, op->getOperand(0), info.a.llvm);
  Value b = packOperand(rewriter, loc, op->getOperand(1), info.b.llvm);
  Value c = packOperand(rewriter, loc, op->getOperand(2), info.c.llvm);
  auto i1 = [&](bool v) -> Value {
    return LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                    rewriter.getBoolAttr(v));
  };
  auto i32 = [&](int64_t v) -> Value {
    return LLVM::ConstantOp::create(rewriter, loc, rewriter.getI32Type(),
                                    rewriter.getI32IntegerAttr(v));
  };
  bool integer = isIntegerKind(info.a.kind);
  SmallVector<Value> args;
  switch (info.family) {
  case MmaFamily::WMMA:
    if (integer)
      args = {i1(!unsignedA), a, i1(!unsignedB), b, c, i1(clamp)};
    else if (getBitWidth(info.c.kind) == 16)
      args = {a, b, c, i1(false)};
    else
      args = {a, b, c};
    break;
  case MmaFamily::SWMMAC:
    if (indexSet) {
      Value shift = arith::ConstantOp::create(
          rewriter, loc,
          rewriter.getI32IntegerAttr(indexSet * info.index.bitsPerSet));
      index = arith::ShRUIOp::create(rewriter, loc, index, shift);
    }
    if (integer) {
      Value t = i1(true), f = i1(false);
      args = {unsignedA ? f : t, a, unsignedB ? f : t, b, c, index,
              clamp ? t : f};
    } else {
      args = {a, b, c, index};
    }
    break;
  case MmaFamily::MFMA:
    args = {a, b, c, i32(0), i32(0), i32(0)};
    break;
  case MmaFamily::SMFMAC:
    args = {a, b, c, index, i32(0), i32(indexSet)};
    break;
  }
  Type resultType = getLlvmOperandType(rewriter.getContext(), info.c.llvm);
  auto call = LLVM::CallIntrinsicOp::create(
      rewriter, loc, resultType, rewriter.getStringAttr(info.llvmName), args);
  return unpackResult(rewriter, loc, call.getResult(0),
                      cast<VectorType>(op->getResult(0).getType()));
}

/// Everything upstream does not lower correctly: see upstreamLowers.
template <typename OpTy>
struct MmaToIntrinsicCall : OpRewritePattern<OpTy> {
  MmaToIntrinsicCall(MLIRContext *ctx, Chip chip)
      : OpRewritePattern<OpTy>(ctx), chip(chip) {}

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (op.isWholeTile() || !op.getIntrinsicAttr())
      return rewriter.notifyMatchFailure(op, "not a per-lane op");
    const IntrinsicInfo &info = op.getIntrinsicAttr().getInfo();
    if (upstreamLowers(info, chip))
      return rewriter.notifyMatchFailure(op, "upstream lowers it");
    Value index;
    unsigned indexSet = 0;
    if constexpr (std::is_same_v<OpTy, SparseMmaOp>) {
      index = op.getIndex();
      indexSet = op.getIndexSet();
    }
    rewriter.replaceOp(op, emitIntrinsicCall(rewriter, op, info,
                                             op.getUnsignedA(),
                                             op.getUnsignedB(), op.getClamp(),
                                             index, indexSet));
    return success();
  }

  Chip chip;
};

struct ConvertMCoreToROCDLPass
    : mcore::impl::ConvertMCoreToROCDLPassBase<ConvertMCoreToROCDLPass> {
  using Base::Base;

  void runOnOperation() override {
    // Nothing to do (and no chip needed) without mcore ops; otherwise the
    // first one locates a missing-chip error.
    Operation *first = nullptr;
    getOperation()->walk([&](Operation *op) {
      if (!isa<MmaOp, SparseMmaOp>(op))
        return WalkResult::advance();
      first = op;
      return WalkResult::interrupt();
    });
    if (!first)
      return;
    FailureOr<Chip> target = resolveChip(first, chip.getValue(), getArgument());
    if (failed(target) || failed(convertMCoreToROCDL(getOperation(), *target)))
      return signalPassFailure();
  }
};

} // namespace

void mlir::mcore::populateMCoreToAMDGPUPatterns(RewritePatternSet &patterns,
                                                Chip chip) {
  patterns.add<MmaToIntrinsicCall<MmaOp>, MmaToIntrinsicCall<SparseMmaOp>>(
      patterns.getContext(), chip);
  patterns.add<MmaToAMDGPU, SmfmacToAMDGPU>(patterns.getContext(), chip);
}

LogicalResult mlir::mcore::convertMCoreToROCDL(Operation *root, Chip chip) {
  if (failed(verifyMCoreOpsForLowering(root, chip)))
    return failure();
  MLIRContext *ctx = root->getContext();

  // Step 1: mcore -> amdgpu matrix ops / llvm.call_intrinsic.
  {
    RewritePatternSet patterns(ctx);
    populateMCoreToAMDGPUPatterns(patterns, chip);
    walkAndApplyPatterns(root, std::move(patterns));
  }
  bool leftover = false;
  root->walk([&](Operation *op) {
    if (isa<MmaOp, SparseMmaOp>(op)) {
      op->emitError("could not lower this op to ROCDL");
      leftover = true;
    }
  });
  if (leftover)
    return failure();

  // Step 2: upstream amdgpu -> ROCDL, for the matrix ops step 1 created.
  const ChipInfo &info = getChipInfo(chip);
  amdgpu::Chipset chipset(info.major, info.minor, info.stepping);
  LowerToLLVMOptions options(ctx);
  LLVMTypeConverter converter(ctx, options);
  RewritePatternSet patterns(ctx);
  populateAMDGPUToROCDLConversionPatterns(converter, patterns, chipset);
  ConversionTarget target(*ctx);
  target.addIllegalOp<amdgpu::MFMAOp, amdgpu::WMMAOp, amdgpu::SparseMFMAOp>();
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  return applyPartialConversion(root, target, std::move(patterns));
}
