//===- LegalizeSubByteMemory.cpp - Sub-byte vector memory ops -------------===//
//
// MLIR addresses memref<...xi4> one element per byte (LLVM's alloc size of
// i4 is one byte, and memref lowering indexes with getelementptr over the
// element type), but LLVM stores a vector <N x i4> bit-packed. So a vector
// load or store of a sub-byte element type, lowered as it is, disagrees with
// every scalar access and with the address arithmetic: it reads N / 2 bytes
// where the memref holds N. This pass gives those vector accesses the
// memref's layout: the same access on <N x i8>, then llvm.trunc (loads) or
// after llvm.zext (stores). Loads ignore the high bits of each byte; stores
// write them as zero.
//
//===----------------------------------------------------------------------===//

#include "mcore/Conversion/LegalizeSubByteMemory/LegalizeSubByteMemory.h"
#include "mcore/Conversion/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_LEGALIZESUBBYTEMEMORYPASS
#include "mcore/Conversion/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;
using namespace mlir::mcore;

/// vector<... x iW> with W < 8 -> vector<... x i8>; null otherwise.
static VectorType getByteVectorType(Type type) {
  auto vec = dyn_cast<VectorType>(type);
  if (!vec)
    return {};
  auto elem = dyn_cast<IntegerType>(vec.getElementType());
  if (!elem || elem.getWidth() >= 8)
    return {};
  return vec.clone(IntegerType::get(type.getContext(), 8));
}

namespace {

struct LegalizeLoad : OpRewritePattern<LLVM::LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::LoadOp op,
                                PatternRewriter &rewriter) const override {
    VectorType bytes = getByteVectorType(op.getType());
    if (!bytes)
      return rewriter.notifyMatchFailure(op, "not a sub-byte vector");
    auto load = LLVM::LoadOp::create(rewriter, op.getLoc(), TypeRange{bytes},
                                     op->getOperands(), op.getProperties(),
                                     op->getDiscardableAttrDictionary().getValue());
    rewriter.replaceOpWithNewOp<LLVM::TruncOp>(op, op.getType(),
                                               load.getResult());
    return success();
  }
};

/// llvm.store and llvm.intr.masked.store: the stored value widened to
/// bytes.
template <typename StoreOp>
struct LegalizeStore : OpRewritePattern<StoreOp> {
  using OpRewritePattern<StoreOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    VectorType bytes = getByteVectorType(op.getValue().getType());
    if (!bytes)
      return rewriter.notifyMatchFailure(op, "not a sub-byte vector");
    Value wide =
        LLVM::ZExtOp::create(rewriter, op.getLoc(), bytes, op.getValue());
    rewriter.modifyOpInPlace(op, [&] { op.getValueMutable().assign(wide); });
    return success();
  }
};

struct LegalizeMaskedLoad : OpRewritePattern<LLVM::MaskedLoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LLVM::MaskedLoadOp op,
                                PatternRewriter &rewriter) const override {
    VectorType bytes = getByteVectorType(op.getType());
    if (!bytes)
      return rewriter.notifyMatchFailure(op, "not a sub-byte vector");
    Location loc = op.getLoc();
    SmallVector<Value> operands = {op.getData(), op.getMask()};
    if (Value passThru = op.getPassThru())
      operands.push_back(LLVM::ZExtOp::create(rewriter, loc, bytes, passThru));
    auto load = LLVM::MaskedLoadOp::create(
        rewriter, loc, TypeRange{bytes}, operands, op.getProperties(),
        op->getDiscardableAttrDictionary().getValue());
    rewriter.replaceOpWithNewOp<LLVM::TruncOp>(op, op.getType(),
                                               load.getResult());
    return success();
  }
};

struct LegalizeSubByteMemoryPass
    : mcore::impl::LegalizeSubByteMemoryPassBase<LegalizeSubByteMemoryPass> {
  using Base::Base;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateLegalizeSubByteMemoryPatterns(patterns);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace

void mlir::mcore::populateLegalizeSubByteMemoryPatterns(
    RewritePatternSet &patterns) {
  patterns.add<LegalizeLoad, LegalizeStore<LLVM::StoreOp>, LegalizeMaskedLoad,
               LegalizeStore<LLVM::MaskedStoreOp>>(patterns.getContext());
}
