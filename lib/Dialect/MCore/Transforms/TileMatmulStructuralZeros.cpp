//===- TileMatmulStructuralZeros.cpp - Pruned positions multiply nothing --===//
//
// mcore's rule for a 2:4 operand (docs/Sparsity.md): a position the
// metadata does not store is a structural zero, never multiplied, so an
// infinity or a NaN of the other operand at that position reaches no
// element of C; a stored value (a kept zero too) is multiplied as IEEE says
// (0 x inf = NaN). SWMMAC and SMFMAC compute exactly that: they multiply
// the stored values alone. The dense fallback (gfx908, gfx90a, gfx11)
// decompresses the operand into a dense LDS tile whose pruned positions are
// zeros, and a dense instruction multiplies them: 0 x inf gives NaN.
//
// The products of pruned zeros with finite values are zeros, so a C element
// the dense instruction leaves finite is the structural sum (up to the
// order of the rounded additions, which the instructions do not specify
// either). Only an element that is not finite can differ, and only when the
// other operand has a non-finite value. So the epilogue, per accumulator
// tile, asks whether any element is not finite (a wave-wide vote,
// mcore-distribute's ballot of the tile's per-lane answers) and, when one
// is, runs a loop over the groups of K that recomputes the tile from the
// stored values and the metadata (both read from global memory, each stored
// value times the element of the other operand its position selects) and
// takes that sum where the dense one is not finite. When no element is, the
// loop runs no iteration: the cost is three instructions per element and the
// vote. The loop holds one tile of the other operand at a time, so that
// its registers fit beside the accumulators.
//
//===----------------------------------------------------------------------===//

#include "TileMatmulKernel.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"


using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

bool KernelEmitter::decompressesFloats() const {
  if (!cfg.decompressA && !cfg.decompressB)
    return false;
  Type dense = cfg.decompressA ? spec.bElem : spec.aElem;
  return isa<FloatType>(getAccumulatorType(b.getContext(), cfg)) &&
         isa<FloatType>(dense);
}

Value KernelEmitter::fixPrunedProducts(Value sum, Value row, Value col,
                                       ArrayRef<bool> inBounds) {
  MLIRContext *ctx = b.getContext();
  auto tileType = cast<VectorType>(sum.getType());
  ArrayRef<int64_t> shape = tileType.getShape();
  Type i32 = b.getI32Type();
  auto tileOf = [&](Type elem) { return VectorType::get(shape, elem); };
  auto splat = [&](Type elem, Attribute value) -> Value {
    return arith::ConstantOp::create(
        b, DenseElementsAttr::get(tileOf(elem), value));
  };
  auto splat32 = [&](int64_t v) {
    return splat(i32, b.getI32IntegerAttr(int32_t(v)));
  };

  // Which elements are not finite (x - x is NaN exactly for an infinity or
  // a NaN), and whether the tile has any: with the select after the loop,
  // three instructions per element and the vote, all the fix costs while
  // every element is finite.
  Value diff = arith::SubFOp::create(b, sum, sum);
  Value bad =
      arith::CmpFOp::create(b, arith::CmpFPredicate::UNO, diff, diff);
  Value any = vector::MultiDimReductionOp::create(
      b, vector::CombiningKind::OR, bad,
      arith::ConstantIntOp::create(b, b.getI1Type(), 0),
      ArrayRef<int64_t>{0, 1});

  // The compressed operand's rows run along the tile's rows (A) or columns
  // (B, stored N x K); the dense operand is read along the other.
  bool sparseA = cfg.decompressA;
  Value values = sparseA ? spec.a : spec.b;
  Value dense = sparseA ? spec.b : spec.a;
  Type valueElem = sparseA ? spec.aElem : spec.bElem;
  Type denseElem = sparseA ? spec.bElem : spec.aElem;
  unsigned along = sparseA ? 0 : 1; // tile dimension of the compressed rows
  Value compressedRow = sparseA ? row : col;
  Value denseCol = sparseA ? col : row;
  // The dense operand stored with K as its rows: B (K x N), or A
  // transposed (K x M).
  bool denseKRows =
      sparseA ? !spec.problem.transposeB : spec.problem.transposeA;
  AffineExpr d0 = getAffineDimExpr(0, ctx), d1 = getAffineDimExpr(1, ctx);
  AffineExpr zero = getAffineConstantExpr(0, ctx);
  // Tile dimension `along` reads memref dimension 0, the other broadcasts.
  AffineMap compressedMap = AffineMap::get(
      2, 0, along == 0 ? ArrayRef<AffineExpr>{d0, zero}
                       : ArrayRef<AffineExpr>{zero, d0},
      ctx);
  // The dense operand: the other tile dimension reads its non-K dimension.
  AffineExpr denseDim = denseKRows ? d1 : d0;
  AffineMap denseMap = AffineMap::get(
      2, 0, along == 0 ? ArrayRef<AffineExpr>{zero, denseDim}
                       : ArrayRef<AffineExpr>{denseDim, zero},
      ctx);
  SmallVector<bool> compressedInBounds = {true, true},
                    denseInBounds = {true, true};
  compressedInBounds[along] = inBounds[along];
  denseInBounds[1 - along] = inBounds[1 - along];

  Value groups = arith::CeilDivUIOp::create(b, K, idx(4));
  Value trip = arith::SelectOp::create(b, any, groups, idx(0));
  auto loop = scf::ForOp::create(b, idx(0), trip, idx(1),
                                 ValueRange{zeroVector(tileType)});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value g = loop.getInductionVar();
    Value acc = loop.getRegionIterArgs()[0];
    auto readCompressed = [&](Value mem, Value column, Type elem) -> Value {
      return vector::TransferReadOp::create(
          b, tileOf(elem), mem, ValueRange{compressedRow, column},
          arith::ConstantOp::create(b, elem, b.getZeroAttr(elem)),
          compressedMap, compressedInBounds);
    };
    // To the accumulator's type (f16 and bf16 accumulators take their own
    // type as they are).
    auto widen = [&](Value v) -> Value {
      if (v.getType() == tileType)
        return v;
      return arith::ExtFOp::create(b, tileType, v);
    };
    // The group's two stored values and their positions (the nibble of the
    // group's metadata word).
    Value word = readCompressed(spec.meta, arith::DivUIOp::create(b, g, idx(8)),
                                i32);
    Value shift = arith::IndexCastOp::create(
        b, i32, mul(arith::RemUIOp::create(b, g, idx(8)), 4));
    Value nibble = arith::ShRUIOp::create(
        b, word, vector::BroadcastOp::create(b, tileOf(i32), shift));
    Value stored[2], pos[2];
    for (int64_t s = 0; s < 2; ++s) {
      stored[s] = widen(readCompressed(values, add(mul(g, 2), s), valueElem));
      pos[s] = arith::AndIOp::create(
          b, arith::ShRUIOp::create(b, nibble, splat32(2 * s)), splat32(3));
    }
    // The dense operand at each of the group's positions, one at a time
    // (one tile of it in registers): each stored value whose position it is
    // times it. The product of any other is dropped, not multiplied by
    // zero (0 x inf). Past K (the last group of a K that is not a multiple
    // of 4) there is no element: the read is clamped inside, and its
    // products are dropped too.
    Value lastK = arith::SubIOp::create(b, K, idx(1));
    Value zeroTile = zeroVector(tileType);
    for (int64_t p = 0; p < 4; ++p) {
      Value k = add(mul(g, 4), p);
      Value inK = cmp(arith::CmpIPredicate::ult, k, K);
      Value kk = arith::MinUIOp::create(b, k, lastK);
      SmallVector<Value> at = denseKRows ? SmallVector<Value>{kk, denseCol}
                                         : SmallVector<Value>{denseCol, kk};
      Value x = widen(vector::TransferReadOp::create(
          b, tileOf(denseElem), dense, at,
          arith::ConstantOp::create(b, denseElem, b.getZeroAttr(denseElem)),
          denseMap, denseInBounds));
      for (int64_t s = 0; s < 2; ++s) {
        Value here = arith::CmpIOp::create(b, arith::CmpIPredicate::eq, pos[s],
                                           splat32(p));
        Value product = arith::SelectOp::create(
            b, here, arith::MulFOp::create(b, stored[s], x), zeroTile);
        acc = arith::AddFOp::create(
            b, acc, arith::SelectOp::create(b, inK, product, zeroTile));
      }
    }
    scf::YieldOp::create(b, ValueRange{acc});
  }
  return arith::SelectOp::create(b, bad, loop.getResult(0), sum);
}
