//===- TileMatmulSignOffset.cpp - Mixed signs on signed instructions ------===//
//
// CDNA's 8-bit integer instructions read signed operands only. An unsigned
// u8 operand times a signed i8 one still runs on them, exactly: the u8 is
// staged with its sign bit flipped, a' = a - 128 (an i8), and
//
//   a b = (a' + 128) b = a' b + 128 sum_k b      (A unsigned)
//   a b = a (b' + 128) = a b' + 128 sum_k a      (B unsigned)
//
// with every term an integer that the i32 accumulator wraps as the hardware
// does. The sums along K of the signed operand (B's columns, or A's rows)
// come from a small kernel before the matmul; the epilogue adds them, read
// through a view whose rows (or columns) repeat with a zero stride. Edge
// tiles stay exact: the zero padding of the signed operand meets the -128
// padding of the flipped one.
//
//===----------------------------------------------------------------------===//

#include "TileMatmulSignOffset.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

/// The signed operand whose sums the correction needs, whether K is its
/// column dimension (of its 2-D matrix), and its batch dimension.
static std::tuple<Value, bool, int64_t>
summedOperand(const MatmulOperands &spec, const MatmulTileConfig &cfg) {
  if (cfg.signOffsetA)
    // B: K x N, or N x K (transposed or compressed).
    return {spec.b, spec.problem.transposeB || spec.problem.sparseB,
            spec.loops.batchDimB};
  // A: M x K (or compressed), or K x M.
  return {spec.a, !spec.problem.transposeA, spec.loops.batchDimA};
}

Value tilematmul::buildSignCorrection(RewriterBase &rewriter,
                                      const MatmulOperands &spec,
                                      const MatmulTileConfig &cfg) {
  Location loc = spec.op->getLoc();
  ImplicitLocOpBuilder b(loc, rewriter);
  // Not a structured binding: the lambdas below capture x (C++17).
  Value x;
  bool kIsCol;
  int64_t batchDim;
  std::tie(x, kIsCol, batchDim) = summedOperand(spec, cfg);
  auto xType = cast<MemRefType>(x.getType());
  Type i32 = b.getI32Type();
  auto idx = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  // The matrix dimensions of x: the two that are not the batch.
  SmallVector<int64_t> matDims;
  for (int64_t d = 0; d < xType.getRank(); ++d)
    if (d != batchDim)
      matDims.push_back(d);
  int64_t rDim = matDims[kIsCol ? 0 : 1], kDim = matDims[kIsCol ? 1 : 0];
  auto size = [&](int64_t d) -> Value {
    if (!xType.isDynamicDim(d))
      return idx(xType.getDimSize(d));
    return memref::DimOp::create(b, x, d);
  };
  Value rows = size(rDim), kExtent = size(kDim);
  Value batches = batchDim >= 0 ? size(batchDim) : idx(1);
  auto bufType = MemRefType::get(
      {batchDim >= 0 ? xType.getDimSize(batchDim) : 1, xType.getDimSize(rDim)},
      i32);
  SmallVector<Value> dynSizes;
  if (bufType.isDynamicDim(0))
    dynSizes.push_back(batches);
  if (bufType.isDynamicDim(1))
    dynSizes.push_back(rows);
  // mcore-host-buffers makes it GPU-accessible and frees it.
  Value buffer = memref::AllocOp::create(b, bufType, dynSizes);

  // One thread per sum: blocks of 256 along the rows, the batch on y.
  constexpr int64_t kThreads = 256;
  Value one = idx(1);
  Value blocks = arith::CeilDivUIOp::create(b, rows, idx(kThreads));
  auto launch = gpu::LaunchOp::create(b, blocks, batches, one, idx(kThreads),
                                      one, one);
  launch->setAttr("mcore.kernel", b.getStringAttr("sign_offset_sums"));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&launch.getBody().front());
  gpu::KernelDim3 block = launch.getBlockIds(), thread = launch.getThreadIds();
  Value r = arith::AddIOp::create(
      b, arith::MulIOp::create(b, block.x, idx(kThreads)), thread.x);
  Value batch = block.y;
  Value inRange =
      arith::CmpIOp::create(b, arith::CmpIPredicate::ult, r, rows);
  auto ifOp = scf::IfOp::create(b, inRange, /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifOp.thenBlock());
  Value zero32 = arith::ConstantIntOp::create(b, 0, 32);
  auto loop = scf::ForOp::create(b, idx(0), kExtent, one, ValueRange{zero32});
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(loop.getBody());
    SmallVector<Value> at(xType.getRank());
    at[rDim] = r;
    at[kDim] = loop.getInductionVar();
    if (batchDim >= 0)
      at[batchDim] = batch;
    Value e = memref::LoadOp::create(b, x, at);
    Value wide = arith::ExtSIOp::create(b, i32, e);
    scf::YieldOp::create(
        b, ValueRange{arith::AddIOp::create(b, loop.getRegionIterArgs()[0],
                                            wide)});
  }
  Value scaled = arith::MulIOp::create(b, loop.getResult(0),
                                       arith::ConstantIntOp::create(b, 128, 32));
  memref::StoreOp::create(b, scaled, buffer,
                          ValueRange{batchDim >= 0 ? batch : idx(0), r});
  b.setInsertionPointToEnd(&launch.getBody().front());
  gpu::TerminatorOp::create(b);
  return buffer;
}

SmallVector<Value> SignOffsetEmitter::toSigned(bool operandB,
                                               ArrayRef<Value> regs) {
  if (!(operandB ? offsetB : offsetA))
    return SmallVector<Value>(regs);
  SmallVector<Value> out;
  for (Value v : regs) {
    auto type = dyn_cast<VectorType>(v.getType());
    if (!type || !type.getElementType().isInteger(8)) {
      out.push_back(v);
      continue;
    }
    Value bit = arith::ConstantOp::create(
        b, type,
        DenseElementsAttr::get(type, b.getIntegerAttr(b.getI8Type(), -128)));
    out.push_back(arith::XOrIOp::create(b, v, bit));
  }
  return out;
}

std::pair<Value, AffineMap> SignOffsetEmitter::correctionView(Value M,
                                                              Value N) {
  MLIRContext *ctx = b.getContext();
  // Per column of C (A offset): an M x N view whose rows all read the row
  // of sums; per row (B offset): an N x M view, read transposed.
  Value len = offsetA ? N : M, other = offsetA ? M : N;
  Value offset = correctionBatched
                     ? arith::MulIOp::create(b, batchIndex, len).getResult()
                     : idx(0);
  auto type = MemRefType::get(
      {ShapedType::kDynamic, ShapedType::kDynamic}, b.getI32Type(),
      StridedLayoutAttr::get(ctx, ShapedType::kDynamic, {0, 1}));
  Value view = memref::ReinterpretCastOp::create(
      b, type, correction, OpFoldResult(offset),
      ArrayRef<OpFoldResult>{other, len},
      ArrayRef<OpFoldResult>{b.getIndexAttr(0), b.getIndexAttr(1)});
  AffineMap map =
      offsetA ? AffineMap::getMultiDimIdentityMap(2, ctx)
              : AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, ctx);
  return {view, map};
}
