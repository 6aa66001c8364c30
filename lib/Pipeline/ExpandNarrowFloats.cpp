//===- ExpandNarrowFloats.cpp - MX formats without LLVM types -------------===//
//
// FP4 (f4E2M1FN), FP6 (f6E2M3FN), BF6 (f6E3M2FN) and the E8M0 scale
// (f8E8M0FNU) have no LLVM type; arith ops on them become integer ops and
// f32 arithmetic here (Passes.td, mcore-expand-narrow-floats).
//
//===----------------------------------------------------------------------===//

#include "mcore/Pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCOREEXPANDNARROWFLOATSPASS
#include "mcore/Pipeline/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;

namespace {

bool isFp6(Type type) {
  return isa<Float6E2M3FNType, Float6E3M2FNType>(getElementTypeOrSelf(type));
}

/// `like` with element type `element` (a scalar stays a scalar).
Type withElement(Type like, Type element) {
  if (auto shaped = dyn_cast<ShapedType>(like))
    return shaped.clone(element);
  return element;
}

/// An integer or f32 constant of `type` (splat for vectors).
Value constant(PatternRewriter &rewriter, Location loc, Type type,
               Attribute scalar) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return arith::ConstantOp::create(
        rewriter, loc, type,
        SplatElementsAttr::get(shaped, ArrayRef<Attribute>(scalar)));
  return arith::ConstantOp::create(rewriter, loc, type,
                                   cast<TypedAttr>(scalar));
}

/// arith.extf of FP6 (E2M3, bias 1) or BF6 (E3M2, bias 3): both are "FN"
/// formats of OCP's MX specification (v1.0, section 5.3.2): no infinity
/// and no NaN, every bit pattern a finite value; an exponent field of 0 is
/// subnormal, m * 2^(1 - bias - mantissaBits). Every value is exact in
/// f32 (and in f16, bf16 and f64, the other results extf allows).
struct ExtFFromFp6 : OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    Type in = op.getIn().getType();
    if (!isFp6(in))
      return failure();
    bool e2m3 = isa<Float6E2M3FNType>(getElementTypeOrSelf(in));
    const int mantissaBits = e2m3 ? 3 : 2, exponentBits = e2m3 ? 2 : 3;
    const int bias = e2m3 ? 1 : 3;
    Location loc = op.getLoc();
    Type i6 = withElement(in, rewriter.getIntegerType(6));
    Type i32 = withElement(in, rewriter.getI32Type());
    Type f32 = withElement(in, rewriter.getF32Type());
    auto c32 = [&](int64_t v) {
      return constant(rewriter, loc, i32, rewriter.getI32IntegerAttr(v));
    };
    Value bits = arith::ExtUIOp::create(
        rewriter, loc, i32, arith::BitcastOp::create(rewriter, loc, i6,
                                                     op.getIn()));
    Value sign = arith::ShLIOp::create(
        rewriter, loc, arith::ShRUIOp::create(rewriter, loc, bits, c32(5)),
        c32(31));
    Value exponent = arith::AndIOp::create(
        rewriter, loc,
        arith::ShRUIOp::create(rewriter, loc, bits, c32(mantissaBits)),
        c32((1 << exponentBits) - 1));
    Value mantissa =
        arith::AndIOp::create(rewriter, loc, bits, c32((1 << mantissaBits) - 1));
    // Normal: f32's fields, the exponent rebiased, the mantissa on top.
    Value normal = arith::OrIOp::create(
        rewriter, loc, sign,
        arith::OrIOp::create(
            rewriter, loc,
            arith::ShLIOp::create(
                rewriter, loc,
                arith::AddIOp::create(rewriter, loc, exponent,
                                      c32(127 - bias)),
                c32(23)),
            arith::ShLIOp::create(rewriter, loc, mantissa,
                                  c32(23 - mantissaBits))));
    // Subnormal (and zero): m * 2^(1 - bias - mantissaBits), exact in f32.
    Value magnitude = arith::MulFOp::create(
        rewriter, loc, arith::UIToFPOp::create(rewriter, loc, f32, mantissa),
        constant(rewriter, loc, f32,
                 rewriter.getF32FloatAttr(
                     std::ldexp(1.0f, 1 - bias - mantissaBits))));
    Value subnormal = arith::OrIOp::create(
        rewriter, loc, sign,
        arith::BitcastOp::create(rewriter, loc, i32, magnitude));
    Value isSubnormal = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, exponent, c32(0));
    Value result = arith::BitcastOp::create(
        rewriter, loc, f32,
        arith::SelectOp::create(rewriter, loc, isSubnormal, subnormal,
                                normal));
    Type out = op.getType();
    unsigned outWidth = getElementTypeOrSelf(out).getIntOrFloatBitWidth();
    if (out != f32) {
      // Exact either way: every FP6/BF6 value is an f16, bf16 and f64.
      if (outWidth > 32)
        result = arith::ExtFOp::create(rewriter, loc, out, result);
      else
        result = arith::TruncFOp::create(rewriter, loc, out, result);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ExpandNarrowFloatsPass
    : mcore::impl::MCoreExpandNarrowFloatsPassBase<ExpandNarrowFloatsPass> {
  using Base::Base;

  void runOnOperation() override {
    // Programs without these types are left exactly as they are: no
    // rewriting at all, so no folding either.
    auto isNarrow = [](Type type) {
      return isa<Float4E2M1FNType, Float6E2M3FNType, Float6E3M2FNType,
                 Float8E8M0FNUType>(getElementTypeOrSelf(type));
    };
    WalkResult uses = getOperation()->walk([&](Operation *op) {
      if (isa<arith::ScalingExtFOp, arith::ScalingTruncFOp>(op) ||
          llvm::any_of(op->getOperandTypes(), isNarrow) ||
          llvm::any_of(op->getResultTypes(), isNarrow))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (!uses.wasInterrupted())
      return;
    RewritePatternSet patterns(&getContext());
    arith::populateExpandScalingExtTruncPatterns(patterns);
    arith::populateExpandF4E2M1Patterns(patterns);
    arith::populateExpandF8E8M0Patterns(patterns);
    patterns.add<ExtFFromFp6>(&getContext());
    // Only the expansions: the pipeline canonicalizes elsewhere.
    GreedyRewriteConfig config;
    config.enableFolding(false).enableConstantCSE(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns),
                                     config)))
      return signalPassFailure();
    // What no pattern computes: a conversion to FP6/BF6.
    WalkResult walk = getOperation()->walk([](arith::TruncFOp op) {
      if (!isFp6(op.getType()))
        return WalkResult::advance();
      op.emitError() << "arith.truncf to " << getElementTypeOrSelf(op.getType())
                     << " is not supported (mcore computes with FP6 and BF6 "
                        "values, extending them, but does not round to them)";
      return WalkResult::interrupt();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
