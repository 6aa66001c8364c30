//===- SplitF32Matmul.cpp - f32 matmuls from bf16 matrix instructions -----===//
//
// mcore-split-f32-matmul (f32-precision=bf16x3; docs/Pipeline.md, "f32 from
// bf16 pieces"): every f32 x f32 -> f32 contraction the tiler takes becomes
// two element-wise splits and three bf16 x bf16 -> f32 contractions into the
// same C. Each f32 x is split into its bf16 pieces
//
//   x0 = bf16(x),  x1 = bf16(x - x0)
//
// (x - x0 is exact in f32: x0 is x rounded to 8 significant bits), and
//
//   C += A1 B0;  C += A0 B1;  C += A0 B0
//
// (the small terms first, as Henry, Tang and Heinecke, "Leveraging the
// bfloat16 Artificial Intelligence Datatype For Higher-Precision
// Computations", ARITH 2019, sum them). Their bf16x3 drops A1 B1 and every
// term of the third pieces, each at most about 2^-16 of |a b|: that is the
// mode's bound (docs/Pipeline.md derives it), not f32's 2^-24. Each bf16
// product is exact in f32 (8 + 8 significant bits), so the matrix
// instruction's f32 accumulation is the only other rounding.
//
// The contractions keep the op's indexing maps and iterators, so transposed,
// batched and shared operands and dynamic shapes are the tiler's as before;
// the pieces have the shapes of A and B.
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"

#include "mcore/Dialect/MCore/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCORESPLITF32MATMULPASS
#include "mcore/Dialect/MCore/Transforms/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;
using namespace mlir::mcore;

/// The attribute on the split ops: mcore-linalg-to-gpu's remark gives it as
/// the reason they run as kernels of their own.
static constexpr StringLiteral kSplitAttr = "mcore.bf16x3_split";

/// Whether `op` is an f32 x f32 -> f32 contraction.
static bool isF32Matmul(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || linalgOp.getNumDpsInputs() != 2 ||
      linalgOp.getNumDpsInits() != 1)
    return false;
  auto isF32 = [](Value v) {
    return cast<ShapedType>(v.getType()).getElementType().isF32();
  };
  return isF32(linalgOp.getDpsInputs()[0]) &&
         isF32(linalgOp.getDpsInputs()[1]) && isF32(linalgOp.getDpsInits()[0]);
}

/// The high and low bf16 pieces of the f32 memref `x`, in new buffers of its
/// shape (mcore-host-buffers frees them), written by one element-wise op.
/// An infinite or NaN element's low piece is 0 (x - x0 would be NaN).
static std::pair<Value, Value> splitOperand(OpBuilder &b, Location loc,
                                            Value x) {
  auto type = cast<MemRefType>(x.getType());
  Type bf16 = b.getBF16Type();
  auto pieceType = MemRefType::get(type.getShape(), bf16, AffineMap(),
                                   type.getMemorySpace());
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (type.isDynamicDim(d))
      sizes.push_back(memref::DimOp::create(b, loc, x, d));
  Value hi = memref::AllocOp::create(b, loc, pieceType, sizes);
  Value lo = memref::AllocOp::create(b, loc, pieceType, sizes);
  unsigned rank = unsigned(type.getRank());
  AffineMap id = b.getMultiDimIdentityMap(rank);
  SmallVector<utils::IteratorType> parallel(rank,
                                            utils::IteratorType::parallel);
  auto split = linalg::GenericOp::create(
      b, loc, TypeRange{}, ValueRange{x}, ValueRange{hi, lo},
      SmallVector<AffineMap>(3, id), parallel,
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Value v = args[0];
        Value h = arith::TruncFOp::create(nb, l, bf16, v);
        Value hf = arith::ExtFOp::create(nb, l, nb.getF32Type(), h);
        // Exact: h is v rounded to 8 significant bits.
        Value rest = arith::SubFOp::create(nb, l, v, hf);
        Value low = arith::TruncFOp::create(nb, l, bf16, rest);
        // v - h is NaN for an infinite or NaN v; its low piece is 0 then,
        // so that v's infinity or NaN comes from the high piece alone.
        Value finite =
            arith::CmpFOp::create(nb, l, arith::CmpFPredicate::ORD, rest, rest);
        Value zero = arith::ConstantOp::create(nb, l, nb.getZeroAttr(bf16));
        low = arith::SelectOp::create(nb, l, finite, low, zero);
        linalg::YieldOp::create(nb, l, ValueRange{h, low});
      });
  split->setAttr(kSplitAttr, b.getUnitAttr());
  return {hi, lo};
}

/// C += A B as a bf16 x bf16 -> f32 contraction with `op`'s loops.
static void buildContraction(OpBuilder &b, linalg::LinalgOp op, Value a,
                             Value bMat, Value c) {
  Location loc = op.getLoc();
  linalg::GenericOp::create(
      b, loc, TypeRange{}, ValueRange{a, bMat}, ValueRange{c},
      op.getIndexingMapsArray(), op.getIteratorTypesArray(),
      [&](OpBuilder &nb, Location l, ValueRange args) {
        Type f32 = nb.getF32Type();
        Value x = arith::ExtFOp::create(nb, l, f32, args[0]);
        Value y = arith::ExtFOp::create(nb, l, f32, args[1]);
        Value p = arith::MulFOp::create(nb, l, x, y);
        Value s = arith::AddFOp::create(nb, l, args[2], p);
        linalg::YieldOp::create(nb, l, s);
      });
}

LogicalResult mlir::mcore::splitF32Matmuls(Operation *root) {
  SmallVector<Operation *> ops;
  for (Operation *op : tilematmul::collectMatmuls(root, /*warn=*/false))
    if (isF32Matmul(op))
      ops.push_back(op);
  for (Operation *op : ops) {
    auto linalgOp = cast<linalg::LinalgOp>(op);
    if (!linalgOp.hasPureBufferSemantics())
      return op->emitError()
             << "mcore-split-f32-matmul runs after bufferization; this "
             << op->getName() << " of f32 works on tensors";
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto [a0, a1] = splitOperand(b, loc, linalgOp.getDpsInputs()[0]);
    auto [b0, b1] = splitOperand(b, loc, linalgOp.getDpsInputs()[1]);
    Value c = linalgOp.getDpsInits()[0];
    // The small terms first: their sum is rounded once more into the large
    // one, and its rounding is relative to the small ones.
    buildContraction(b, linalgOp, a1, b0, c);
    buildContraction(b, linalgOp, a0, b1, c);
    buildContraction(b, linalgOp, a0, b0, c);
    op->erase();
  }
  return success();
}

bool mlir::mcore::isBf16x3Split(Operation *op) {
  return op->hasAttr(kSplitAttr);
}

namespace {
struct SplitF32MatmulPass
    : mcore::impl::MCoreSplitF32MatmulPassBase<SplitF32MatmulPass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(splitF32Matmuls(getOperation())))
      signalPassFailure();
  }
};
} // namespace
