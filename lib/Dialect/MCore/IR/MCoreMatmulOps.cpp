//===- MCoreMatmulOps.cpp - Matrix-level 2:4 operations -------------------===//
//
// mcore.sparse_matmul and mcore.compress_2to4: verifiers, memory effects and
// the TilingInterface of sparse_matmul. Both ops take compressed 2:4 operands
// in the canonical format of include/mcore/Target/Sparsity.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Dialect/MCore/IR/MCoreOps.h"
#include "mcore/Target/Sparsity.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;
using namespace mlir::mcore;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static bool isMemRef(Value v) { return isa<MemRefType>(v.getType()); }

/// Checks that the compressed shapes agree with the dense K when both are
/// static: values M x 2*ceil(K/4), metadata M x ceil(K/32).
static LogicalResult verifyCompressedShapes(Operation *op, ShapedType values,
                                            ShapedType metadata, int64_t m,
                                            int64_t k, StringRef kSource) {
  auto check = [&](StringRef what, int64_t got, int64_t want) -> LogicalResult {
    if (ShapedType::isDynamic(got) || ShapedType::isDynamic(want) ||
        got == want)
      return success();
    return op->emitOpError() << what << " must be " << want << ", got " << got;
  };
  if (failed(check("rows of values", values.getDimSize(0), m)) ||
      failed(check("rows of metadata", metadata.getDimSize(0), m)))
    return failure();
  if (ShapedType::isDynamic(k))
    return success();
  if (failed(check(("columns of values (2 * ceil(K / 4), K = " + Twine(k) +
                    " from " + kSource + ")")
                       .str(),
                   values.getDimSize(1), sparse24::getCompressedCols(k))) ||
      failed(check(("metadata words per row (ceil(K / 32), K = " + Twine(k) +
                    " from " + kSource + ")")
                       .str(),
                   metadata.getDimSize(1), sparse24::getMetadataWords(k))))
    return failure();
  return success();
}

/// All operands tensors (and one result per init) or all memrefs (no
/// results).
static LogicalResult verifyDpsForm(Operation *op, unsigned numInits) {
  bool tensors = isa<RankedTensorType>(op->getOperand(0).getType());
  for (Value v : op->getOperands())
    if (isa<RankedTensorType>(v.getType()) != tensors)
      return op->emitOpError("operands must be all tensors or all memrefs");
  if (tensors && op->getNumResults() != numInits)
    return op->emitOpError("on tensors the op returns its ")
           << numInits << " init" << (numInits == 1 ? "" : "s")
           << ", got " << op->getNumResults() << " results";
  if (!tensors && op->getNumResults() != 0)
    return op->emitOpError("on memrefs the op has no results");
  for (auto [res, init] : llvm::zip(
           op->getResults(), op->getOperands().take_back(numInits)))
    if (res.getType() != init.getType())
      return op->emitOpError("result type ")
             << res.getType() << " must match its init " << init.getType();
  return success();
}

static void addEffects(
    Operation *op, unsigned numInits, bool initsAreRead,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  unsigned numInputs = op->getNumOperands() - numInits;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isMemRef(operand.get()))
      continue;
    bool init = operand.getOperandNumber() >= numInputs;
    if (!init || initsAreRead)
      effects.emplace_back(MemoryEffects::Read::get(), &operand,
                           SideEffects::DefaultResource::get());
    if (init)
      effects.emplace_back(MemoryEffects::Write::get(), &operand,
                           SideEffects::DefaultResource::get());
  }
}

//===----------------------------------------------------------------------===//
// SparseMatmulOp
//===----------------------------------------------------------------------===//

LogicalResult SparseMatmulOp::verify() {
  if (failed(verifyDpsForm(*this, 1)))
    return failure();
  auto values = cast<ShapedType>(getValues().getType());
  auto metadata = cast<ShapedType>(getMetadata().getType());
  auto b = cast<ShapedType>(getB().getType());
  auto c = cast<ShapedType>(getC().getType());
  Type ea = values.getElementType(), eb = b.getElementType(),
       ec = c.getElementType();
  auto isNumber = [](Type t) { return t.isIntOrFloat(); };
  if (!isNumber(ea) || !isNumber(eb) || !isNumber(ec))
    return emitOpError("element types must be integers or floats, got ")
           << ea << ", " << eb << " and " << ec;
  if (isa<IntegerType>(ea) != isa<IntegerType>(ec) ||
      isa<IntegerType>(eb) != isa<IntegerType>(ec))
    return emitOpError("A, B and C must be all integer or all floating "
                       "point, got ")
           << ea << ", " << eb << " and " << ec;
  if ((getUnsignedA() && !isa<IntegerType>(ea)) ||
      (getUnsignedB() && !isa<IntegerType>(eb)))
    return emitOpError("'unsigned_a' / 'unsigned_b' need integer operands");
  auto same = [](int64_t x, int64_t y) {
    return ShapedType::isDynamic(x) || ShapedType::isDynamic(y) || x == y;
  };
  if (!same(c.getDimSize(1), b.getDimSize(1)))
    return emitOpError("columns of B (")
           << b.getDimSize(1) << ") and C (" << c.getDimSize(1)
           << ") differ";
  return verifyCompressedShapes(*this, values, metadata, c.getDimSize(0),
                                b.getDimSize(0), "the rows of B");
}

void SparseMatmulOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addEffects(*this, 1, /*initsAreRead=*/true, effects);
}

SmallVector<utils::IteratorType> SparseMatmulOp::getLoopIteratorTypes() {
  return {utils::IteratorType::parallel, utils::IteratorType::parallel,
          utils::IteratorType::reduction};
}

static OpFoldResult getDim(OpBuilder &b, Location loc, Value v, int64_t dim) {
  if (isa<MemRefType>(v.getType()))
    return memref::getMixedSize(b, loc, v, dim);
  return tensor::getMixedSize(b, loc, v, dim);
}

SmallVector<Range> SparseMatmulOp::getIterationDomain(OpBuilder &b) {
  Location loc = getLoc();
  OpFoldResult zero = b.getIndexAttr(0), one = b.getIndexAttr(1);
  return {Range{zero, getDim(b, loc, getC(), 0), one},
          Range{zero, getDim(b, loc, getC(), 1), one},
          Range{zero, getDim(b, loc, getB(), 0), one}};
}

static Value makeSlice(OpBuilder &b, Location loc, Value v,
                       ArrayRef<OpFoldResult> offsets,
                       ArrayRef<OpFoldResult> sizes) {
  SmallVector<OpFoldResult> strides(2, b.getIndexAttr(1));
  if (isMemRef(v))
    return memref::SubViewOp::create(b, loc, v, offsets, sizes, strides);
  return tensor::ExtractSliceOp::create(b, loc, v, offsets, sizes, strides);
}

FailureOr<TilingResult>
SparseMatmulOp::getTiledImplementation(OpBuilder &b,
                                       ArrayRef<OpFoldResult> offsets,
                                       ArrayRef<OpFoldResult> sizes) {
  Location loc = getLoc();
  OpFoldResult om = offsets[0], on = offsets[1], ok = offsets[2];
  OpFoldResult sm = sizes[0], sn = sizes[1], sk = sizes[2];
  // A K tile must start on a metadata word: the canonical format packs eight
  // groups of four per 32-bit word.
  if (std::optional<int64_t> k = getConstantIntValue(ok); k && *k % 32 != 0)
    return emitOpError("a K tile must start at a multiple of 32, got ") << *k;
  AffineExpr d0, d1;
  bindDims(getContext(), d0, d1);
  auto apply = [&](AffineExpr e, ArrayRef<OpFoldResult> operands) {
    return affine::makeComposedFoldedAffineApply(b, loc, e, operands);
  };
  // values columns [ok / 2, 2 * ceil(sk / 4)); metadata words
  // [ok / 32, ceil((ok + sk) / 32) - ok / 32).
  OpFoldResult vOff = apply(d0.floorDiv(2), {ok});
  OpFoldResult vSize = apply((d0 + 3).floorDiv(4) * 2, {sk});
  OpFoldResult mOff = apply(d0.floorDiv(32), {ok});
  // K tiles start on a word, so a tile of whole words has sk / 32 of them.
  std::optional<int64_t> staticK = getConstantIntValue(sk);
  OpFoldResult mSize =
      staticK && *staticK % 32 == 0
          ? b.getIndexAttr(*staticK / 32)
          : apply((d0 + d1 + 31).floorDiv(32) - d0.floorDiv(32), {ok, sk});
  SmallVector<Value> operands = {
      makeSlice(b, loc, getValues(), {om, vOff}, {sm, vSize}),
      makeSlice(b, loc, getMetadata(), {om, mOff}, {sm, mSize}),
      makeSlice(b, loc, getB(), {ok, on}, {sk, sn}),
      makeSlice(b, loc, getC(), {om, on}, {sm, sn})};
  SmallVector<Type> resultTypes;
  if (!isMemRef(getC()))
    resultTypes.push_back(operands[3].getType());
  Operation *tiled = mlir::clone(b, getOperation(), resultTypes, operands);
  return TilingResult{{tiled},
                      SmallVector<Value>(tiled->getResults()),
                      llvm::to_vector(llvm::map_range(
                          operands, [](Value v) { return v.getDefiningOp(); }))};
}

LogicalResult SparseMatmulOp::getResultTilePosition(
    OpBuilder &b, unsigned resultNumber, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, SmallVector<OpFoldResult> &resultOffsets,
    SmallVector<OpFoldResult> &resultSizes) {
  resultOffsets = {offsets[0], offsets[1]};
  resultSizes = {sizes[0], sizes[1]};
  return success();
}

//===----------------------------------------------------------------------===//
// Compress2to4Op
//===----------------------------------------------------------------------===//

LogicalResult Compress2to4Op::verify() {
  if (failed(verifyDpsForm(*this, 2)))
    return failure();
  auto dense = cast<ShapedType>(getDense().getType());
  auto values = cast<ShapedType>(getValues().getType());
  auto metadata = cast<ShapedType>(getMetadata().getType());
  if (dense.getElementType() != values.getElementType())
    return emitOpError("values must have the element type of the dense "
                       "matrix, ")
           << dense.getElementType() << ", got " << values.getElementType();
  if (!dense.getElementType().isIntOrFloat())
    return emitOpError("elements must be integers or floats, got ")
           << dense.getElementType();
  return verifyCompressedShapes(*this, values, metadata, dense.getDimSize(0),
                                dense.getDimSize(1),
                                "the columns of the dense matrix");
}

void Compress2to4Op::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addEffects(*this, 2, /*initsAreRead=*/false, effects);
}
