//===- MCoreToAMDGPU.cpp - mcore to amdgpu --------------------------------===//
//
// Per-lane mcore.mma / mcore.sparse_mma become AMD matrix instructions. The
// op's intrinsic attribute (MmaIntrinsicAttrInterface) says which, with which
// operand types: WMMA, MFMA and SMFMAC become upstream amdgpu ops, which
// convert-amdgpu-to-rocdl lowers; what that lowering cannot emit (SWMMAC, no
// MLIR op in 22; gfx950's CDNA3-shaped bf16 SMFMACs) becomes
// llvm.call_intrinsic (gfx1250's unscaled f8f6f4 / f4 WMMA too). Per-lane
// mcore.scaled_mma becomes amdgpu.scaled_mfma (gfx950's block-scaled MFMA)
// or amdgpu.scaled_wmma (gfx1250's block-scaled WMMA).
//
//===----------------------------------------------------------------------===//

#include "mcore/Conversion/MCoreToAMDGPU/MCoreToAMDGPU.h"
#include "mcore/Conversion/Passes.h"
#include "mcore/Dialect/MCore/IR/MCoreOps.h"

#include "mlir/Conversion/AMDGPUToROCDL/AMDGPUToROCDL.h"
#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_CONVERTMCORETOAMDGPUPASS
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
    if (!isa<MmaOp, SparseMmaOp, ScaledMmaOp>(op))
      return;
    auto intrinsic =
        op->getAttrOfType<MmaIntrinsicAttrInterface>("intrinsic");
    auto a = cast<VectorType>(op->getOperand(0).getType());
    if (a.getRank() != 1) {
      op->emitError("convert-mcore-to-amdgpu needs per-lane fragments; run "
                    "mcore-distribute first");
      ok = false;
      return;
    }
    // The verifier guarantees an intrinsic on per-lane ops.
    if (failed(verifyIntrinsicOnChip(op, intrinsic, chip)))
      ok = false;
  });
  return success(ok);
}

//===----------------------------------------------------------------------===//
// Operand packing
//===----------------------------------------------------------------------===//

/// Reinterprets a fragment vector as the intrinsic's operand type: bf16 as
/// i16, 8- and 4-bit elements packed little-endian into i32 words (element 0
/// in the lowest bits, as the catalog's bit ranges say).
static Value packOperand(OpBuilder &b, Location loc, Value fragment,
                         Type target) {
  if (fragment.getType() == target)
    return fragment;
  if (auto vec = dyn_cast<VectorType>(target))
    return vector::BitCastOp::create(b, loc, vec, fragment);
  auto one = VectorType::get({1}, target);
  Value cast = vector::BitCastOp::create(b, loc, one, fragment);
  return vector::ExtractOp::create(b, loc, cast, ArrayRef<int64_t>{0});
}

/// The inverse of packOperand for a result. A result wider than the
/// fragment (gfx1250's bf16f32 SWMMAC: 8 bf16 values in the low half of
/// an <8 x float>) holds it in its low bits.
static Value unpackResult(OpBuilder &b, Location loc, Value value,
                          VectorType fragmentType) {
  if (value.getType() == fragmentType)
    return value;
  if (!isa<VectorType>(value.getType()))
    value = vector::BroadcastOp::create(
        b, loc, VectorType::get({1}, value.getType()), value);
  auto type = cast<VectorType>(value.getType());
  unsigned bits = type.getNumElements() * type.getElementTypeBitWidth();
  unsigned elemBits = fragmentType.getElementTypeBitWidth();
  int64_t length = fragmentType.getNumElements();
  if (bits == length * elemBits)
    return vector::BitCastOp::create(b, loc, fragmentType, value);
  auto wide = VectorType::get({int64_t(bits / elemBits)},
                              fragmentType.getElementType());
  Value cast = vector::BitCastOp::create(b, loc, wide, value);
  return vector::ExtractStridedSliceOp::create(b, loc, cast, {0}, {length},
                                               {1});
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// Whether upstream's amdgpu op lowering emits exactly the intrinsic `op`
/// names, with its operand types, on `chip`. MLIR 22 has no SWMMAC op, and
/// on gfx950 its amdgpu.sparse_mfma lowering passes the bf16 operands of the
/// CDNA3 SMFMACs (16x16x32.bf16, 32x32x16.bf16) as bfloat vectors although
/// those intrinsics take i16 vectors, which LLVM's IR verifier rejects.
/// mcore emits those itself, and the f32, xf32, f64 and multi-block MFMAs
/// too: amdgpu.mfma picks among them by its types, blocks and
/// reducePrecision, while mcore's op names the instruction.
static bool upstreamLowers(Operation *op, MmaIntrinsicAttrInterface intrinsic,
                           Chip chip) {
  MmaFamily family = intrinsic.getFamily();
  if (family == MmaFamily::SWMMAC)
    return false;
  if (auto attr = dyn_cast<IntrinsicAttr>(intrinsic)) {
    const IntrinsicInfo &info = *attr.getIntrinsic();
    if (info.blocks > 1 || getBitWidth(info.a.kind) >= 32)
      return false;
    // gfx1250: mcore names the instruction and its operand form
    // (ModGfx1250); amdgpu.wmma picks among them by types.
    if (info.hasModifier(ModGfx1250))
      return false;
  }
  Type llvmA = getElementTypeOrSelf(intrinsic.getLlvmOperandType(Operand::A));
  if (family == MmaFamily::SMFMAC && chip == Chip::gfx950 &&
      getElementTypeOrSelf(op->getOperand(0)).isBF16() && llvmA.isInteger(16))
    return false;
  return true;
}

namespace {

IntegerAttr i32Attr(OpBuilder &b, int64_t v) { return b.getI32IntegerAttr(v); }

/// A pattern on the per-lane form of an mcore.mma / mcore.sparse_mma for
/// `chip`; `rewrite` gets the op's intrinsic.
template <typename OpTy>
struct PerLanePattern : OpRewritePattern<OpTy> {
  PerLanePattern(MLIRContext *ctx, Chip chip)
      : OpRewritePattern<OpTy>(ctx), chip(chip) {}
  Chip chip;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const final {
    MmaIntrinsicAttrInterface intrinsic = op.getIntrinsicAttr();
    if (op.isWholeTile() || !intrinsic)
      return rewriter.notifyMatchFailure(op, "not a per-lane op");
    return rewrite(op, intrinsic, rewriter);
  }
  virtual LogicalResult rewrite(OpTy op, MmaIntrinsicAttrInterface intrinsic,
                                PatternRewriter &rewriter) const = 0;
};

/// Dense WMMA and MFMA through upstream's amdgpu ops.
struct MmaToAMDGPU : PerLanePattern<MmaOp> {
  using PerLanePattern::PerLanePattern;

  LogicalResult rewrite(MmaOp op, MmaIntrinsicAttrInterface intrinsic,
                        PatternRewriter &rewriter) const override {
    if (!upstreamLowers(op, intrinsic, chip))
      return rewriter.notifyMatchFailure(op, "upstream does not lower it");
    Location loc = op.getLoc();
    Type resultType = op.getResult().getType();
    auto [m, n, k] = intrinsic.getMNKShape();
    if (intrinsic.getFamily() == MmaFamily::WMMA) {
      // RDNA3's 16-bit accumulator lives in the low halves of its registers
      // (element stride 2): subwordOffset 0.
      auto wmma = amdgpu::WMMAOp::create(
          rewriter, loc, resultType, i32Attr(rewriter, m), i32Attr(rewriter, n),
          i32Attr(rewriter, k), op.getA(), op.getB(), op.getC(),
          i32Attr(rewriter, 0),
          op.getUnsignedA() ? rewriter.getUnitAttr() : UnitAttr(),
          op.getUnsignedB() ? rewriter.getUnitAttr() : UnitAttr(),
          op.getClamp() ? rewriter.getUnitAttr() : UnitAttr());
      rewriter.replaceOp(op, wmma.getResult());
      return success();
    }
    if (intrinsic.getFamily() == MmaFamily::MFMA) {
      auto mfma = amdgpu::MFMAOp::create(
          rewriter, loc, resultType, i32Attr(rewriter, m), i32Attr(rewriter, n),
          i32Attr(rewriter, k), i32Attr(rewriter, 1), op.getA(), op.getB(),
          op.getC(), i32Attr(rewriter, 0), i32Attr(rewriter, 0),
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
struct SmfmacToAMDGPU : PerLanePattern<SparseMmaOp> {
  using PerLanePattern::PerLanePattern;

  LogicalResult rewrite(SparseMmaOp op, MmaIntrinsicAttrInterface intrinsic,
                        PatternRewriter &rewriter) const override {
    if (intrinsic.getFamily() != MmaFamily::SMFMAC ||
        !upstreamLowers(op, intrinsic, chip))
      return rewriter.notifyMatchFailure(op, "not an upstream SMFMAC");
    Location loc = op.getLoc();
    bool sixteenBit =
        getElementTypeOrSelf(op.getA()).getIntOrFloatBitWidth() == 16;
    auto idxType = sixteenBit ? VectorType::get({4}, rewriter.getI8Type())
                              : VectorType::get({2}, rewriter.getI16Type());
    Value word = vector::BroadcastOp::create(
        rewriter, loc, VectorType::get({1}, rewriter.getI32Type()),
        op.getIndex());
    Value idx = vector::BitCastOp::create(rewriter, loc, idxType, word);
    auto [m, n, k] = intrinsic.getMNKShape();
    auto smfmac = amdgpu::SparseMFMAOp::create(
        rewriter, loc, op.getResult().getType(), i32Attr(rewriter, m),
        i32Attr(rewriter, n), i32Attr(rewriter, k), op.getA(), op.getB(),
        op.getC(), idx, i32Attr(rewriter, 0),
        i32Attr(rewriter, op.getIndexSet()));
    rewriter.replaceOp(op, smfmac.getResult());
    return success();
  }
};

/// gfx950's block-scaled MFMA through amdgpu.scaled_mfma, which picks the
/// instruction by M, N, K and the format codes by A's and B's types, and
/// passes the scale vectors as the i32 scale words with their op_sel.
/// gfx1250's block-scaled WMMA through amdgpu.scaled_wmma, which picks
/// scale (4 scales per lane) or scale16 (8) by the scale vectors' length,
/// matrix_*_scale_fmt by their type (E8M0, E4M3) and matrix_*_scale by the
/// first scale lane: 16 x the op's scale select (ScaleInfo::laneSetStride).
struct ScaledMmaToAMDGPU : OpRewritePattern<ScaledMmaOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ScaledMmaOp op,
                                PatternRewriter &rewriter) const override {
    auto [m, n, k] = op.getIntrinsic().getMNKShape();
    const IntrinsicInfo &info =
        *cast<IntrinsicAttr>(op.getIntrinsic()).getIntrinsic();
    if (info.hasModifier(ModGfx1250)) {
      rewriter.replaceOpWithNewOp<amdgpu::ScaledWMMAOp>(
          op, op.getResult().getType(), i32Attr(rewriter, m),
          i32Attr(rewriter, n), i32Attr(rewriter, k), op.getA(), op.getB(),
          op.getC(), op.getScaleA(),
          i32Attr(rewriter, info.scaleA.getSetLane(op.getScaleSelA())),
          op.getScaleB(),
          i32Attr(rewriter, info.scaleB.getSetLane(op.getScaleSelB())));
      return success();
    }
    rewriter.replaceOpWithNewOp<amdgpu::ScaledMFMAOp>(
        op, op.getResult().getType(), i32Attr(rewriter, m),
        i32Attr(rewriter, n), i32Attr(rewriter, k), op.getA(), op.getB(),
        op.getC(), op.getScaleA(), op.getScaleB(),
        i32Attr(rewriter, op.getScaleSelA()),
        i32Attr(rewriter, op.getScaleSelB()));
    return success();
  }
};

/// Calls the op's LLVM intrinsic directly, operands packed into the types
/// the intrinsic takes them in. LLVM 22 operand orders:
///   WMMA float     (A, B, C) [, i1 op_sel for a 16-bit accumulator]
///   WMMA integer   (i1 A signed, A, i1 B signed, B, C, i1 clamp)
///   SWMMAC float   (A, B, C, index)
///   SWMMAC integer (i1 A signed, A, i1 B signed, B, C, index, i1 clamp)
///   MFMA           (A, B, C, i32 cbsz, i32 abid, i32 blgp)
///   SMFMAC         (A, B, C, i32 index, i32 cbsz, i32 abid)
///   gfx1250 WMMA   ([i1 A_mod,] A, [i1 B_mod,] B, [i16 C_mod,] C, i1
///                  a_reuse, i1 b_reuse[, i1 clamp]): A_mod/B_mod for f32,
///                  f16, bf16 inputs (signedness for iu8), C_mod for float
///                  results
///   gfx1250 SWMMAC ([i1 A_mod,] A, [i1 B_mod,] B, C, index, i1 a_reuse,
///                  i1 b_reuse[, i1 clamp]): A_mod/B_mod for 16-bit inputs
///                  and iu8, an i64 index for 8-bit inputs
/// The SWMMAC index set is not an operand: set 1 (index_key:1) is the upper
/// half of the index word, and llc folds the shift into the instruction.
static Value emitIntrinsicCall(PatternRewriter &rewriter, Operation *op,
                               MmaIntrinsicAttrInterface intrinsic,
                               bool unsignedA, bool unsignedB, bool clamp,
                               Value index, unsigned indexSet) {
  Location loc = op->getLoc();
  auto pack = [&](unsigned i, Operand operand) {
    return packOperand(rewriter, loc, op->getOperand(i),
                       intrinsic.getLlvmOperandType(operand));
  };
  Value a = pack(0, Operand::A), b = pack(1, Operand::B),
        c = pack(2, Operand::C);
  // MLIR 22 has a ROCDL op for gfx1250's bf16f32 WMMA (and amdgpu.wmma,
  // whose C and D share one type, cannot express it); its operands are the
  // call's, modifiers 0.
  if (intrinsic.getLlvmIntrinsicName() ==
      "llvm.amdgcn.wmma.bf16f32.16x16x32.bf16")
    return unpackResult(
        rewriter, loc,
        ROCDL::wmma_bf16f32_16x16x32_bf16::create(
            rewriter, loc, intrinsic.getLlvmOperandType(Operand::D),
            /*signA=*/false, a, /*signB=*/false, b, /*modC=*/0, c),
        cast<VectorType>(op->getResult(0).getType()));
  auto constant = [&](Type type, int64_t v) -> Value {
    return arith::ConstantIntOp::create(rewriter, loc, type, v);
  };
  auto i1 = [&](bool v) { return constant(rewriter.getI1Type(), v); };
  auto i32 = [&](int64_t v) { return constant(rewriter.getI32Type(), v); };
  bool integer = isa<IntegerType>(getElementTypeOrSelf(op->getOperand(0)));
  SmallVector<Value> args;
  auto attr = dyn_cast<IntrinsicAttr>(intrinsic);
  if (attr && attr.getIntrinsic()->isUnscaledMx()) {
    // gfx1250's unscaled MX WMMA (no MLIR op in 22: amdgpu.wmma takes no
    // FP6/FP4): f8f6f4 (i32 matrix_a_fmt, A, i32 matrix_b_fmt, B, i16
    // C_mod, C), f4 (A, B, i16 C_mod, C); no reuse hints.
    const IntrinsicInfo &info = *attr.getIntrinsic();
    if (info.hasModifier(ModMatrixFmt))
      args = {i32(getMxFormatCode(info.a.kind)), a,
              i32(getMxFormatCode(info.b.kind)), b};
    else
      args = {a, b};
    args.append({constant(rewriter.getI16Type(), 0), c});
  } else if (attr && attr.getIntrinsic()->hasModifier(ModGfx1250)) {
    // Modifiers at 0 and no reuse hints: mcore's kernels need neither.
    bool eightBit =
        getElementTypeOrSelf(op->getOperand(0)).getIntOrFloatBitWidth() == 8;
    bool sparse = intrinsic.getFamily() == MmaFamily::SWMMAC;
    if (integer)
      args = {i1(!unsignedA), a, i1(!unsignedB), b};
    else if (!eightBit)
      args = {i1(false), a, i1(false), b};
    else
      args = {a, b};
    if (!integer && !sparse)
      args.push_back(constant(rewriter.getI16Type(), 0));
    args.push_back(c);
    if (sparse)
      args.push_back(index);
    args.append({i1(false), i1(false)});
    if (integer)
      args.push_back(i1(clamp));
  } else {
  switch (intrinsic.getFamily()) {
  case MmaFamily::WMMA:
    if (integer)
      args = {i1(!unsignedA), a, i1(!unsignedB), b, c, i1(clamp)};
    else if (getElementTypeOrSelf(op->getOperand(2)).getIntOrFloatBitWidth() ==
             16)
      args = {a, b, c, i1(false)};
    else
      args = {a, b, c};
    break;
  case MmaFamily::SWMMAC:
    if (indexSet)
      index = arith::ShRUIOp::create(
          rewriter, loc, index,
          i32(indexSet * intrinsic.getIndexSetBits()));
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
  }
  auto call = LLVM::CallIntrinsicOp::create(
      rewriter, loc, intrinsic.getLlvmOperandType(Operand::D),
      rewriter.getStringAttr(intrinsic.getLlvmIntrinsicName()), args);
  return unpackResult(rewriter, loc, call.getResult(0),
                      cast<VectorType>(op->getResult(0).getType()));
}

/// Everything upstream does not lower correctly: see upstreamLowers.
template <typename OpTy>
struct MmaToIntrinsicCall : PerLanePattern<OpTy> {
  using PerLanePattern<OpTy>::PerLanePattern;

  LogicalResult rewrite(OpTy op, MmaIntrinsicAttrInterface intrinsic,
                        PatternRewriter &rewriter) const override {
    if (upstreamLowers(op, intrinsic, this->chip))
      return rewriter.notifyMatchFailure(op, "upstream lowers it");
    Value index;
    unsigned indexSet = 0;
    if constexpr (std::is_same_v<OpTy, SparseMmaOp>) {
      index = op.getIndex();
      indexSet = op.getIndexSet();
    }
    rewriter.replaceOp(op, emitIntrinsicCall(rewriter, op, intrinsic,
                                             op.getUnsignedA(),
                                             op.getUnsignedB(), op.getClamp(),
                                             index, indexSet));
    return success();
  }
};

struct ConvertMCoreToAMDGPUPass
    : mcore::impl::ConvertMCoreToAMDGPUPassBase<ConvertMCoreToAMDGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    // Nothing to do (and no chip needed) without mcore ops; otherwise the
    // first one locates a missing-chip error.
    Operation *first = nullptr;
    getOperation()->walk([&](Operation *op) {
      if (!isa<MmaOp, SparseMmaOp, ScaledMmaOp>(op))
        return WalkResult::advance();
      first = op;
      return WalkResult::interrupt();
    });
    if (!first)
      return;
    FailureOr<Chip> target = resolveChip(first, chip.getValue(), getArgument());
    if (failed(target) || failed(convertMCoreToAMDGPU(getOperation(), *target)))
      return signalPassFailure();
  }
};

} // namespace

void mlir::mcore::populateMCoreToAMDGPUPatterns(RewritePatternSet &patterns,
                                                Chip chip) {
  patterns.add<MmaToIntrinsicCall<MmaOp>, MmaToIntrinsicCall<SparseMmaOp>>(
      patterns.getContext(), chip);
  patterns.add<MmaToAMDGPU, SmfmacToAMDGPU>(patterns.getContext(), chip);
  patterns.add<ScaledMmaToAMDGPU>(patterns.getContext());
}

LogicalResult mlir::mcore::convertMCoreToAMDGPU(Operation *root, Chip chip) {
  if (failed(verifyMCoreOpsForLowering(root, chip)))
    return failure();
  RewritePatternSet patterns(root->getContext());
  populateMCoreToAMDGPUPatterns(patterns, chip);
  walkAndApplyPatterns(root, std::move(patterns));
  bool leftover = false;
  root->walk([&](Operation *op) {
    if (isa<MmaOp, SparseMmaOp, ScaledMmaOp>(op)) {
      op->emitError("could not lower this op to amdgpu");
      leftover = true;
    }
  });
  return failure(leftover);
}

//===----------------------------------------------------------------------===//
// convert-mcore-to-rocdl: the two steps under the old name
//===----------------------------------------------------------------------===//

namespace {
struct ConvertMCoreToROCDLOptions
    : PassPipelineOptions<ConvertMCoreToROCDLOptions> {
  Option<std::string> chip{
      *this, "chip",
      llvm::cl::desc("Target chip, e.g. gfx942 or gfx1201 (an unknown name "
                     "is an error that lists the supported chips)")};
};
} // namespace

void mlir::mcore::registerConvertMCoreToROCDLPipeline() {
  registerPassPipeline(
      "convert-mcore-to-rocdl",
      "convert-mcore-to-amdgpu{chip=CHIP}, then upstream's "
      "convert-amdgpu-to-rocdl{chipset=CHIP}",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        ConvertMCoreToROCDLOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        if (options.chip.empty())
          return errorHandler(
              "convert-mcore-to-rocdl needs chip=CHIP (upstream's "
              "convert-amdgpu-to-rocdl takes its chipset only as an option); "
              "supported chips: " +
              getSupportedChipList());
        if (!parseChip(options.chip))
          return errorHandler("convert-mcore-to-rocdl: unknown chip '" +
                              options.chip + "'; supported chips: " +
                              getSupportedChipList());
        ConvertMCoreToAMDGPUPassOptions mcore;
        mcore.chip = options.chip;
        pm.addPass(createConvertMCoreToAMDGPUPass(mcore));
        ConvertAMDGPUToROCDLPassOptions rocdl;
        rocdl.chipset = options.chip;
        pm.addPass(createConvertAMDGPUToROCDLPass(rocdl));
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optionHandler) {
        optionHandler(ConvertMCoreToROCDLOptions());
      });
}
