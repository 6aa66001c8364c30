//===- MCoreMatmulOps.cpp - Matrix-level operations -----------------------===//
//
// mcore.sparse_matmul and mcore.compress_2to4: verifiers, memory effects and
// the TilingInterface of sparse_matmul. Both ops take compressed 2:4 operands
// in the canonical format of include/mcore/Target/Sparsity.h. The verifier of
// mcore.workgroup_matmul, one work-group's tile of a matmul kernel.
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
/// static: values M x 2*ceil(K/4), metadata M x ceil(K/32) (the last two
/// dimensions of batched operands).
static LogicalResult verifyCompressedShapes(Operation *op, ShapedType values,
                                            ShapedType metadata, int64_t m,
                                            int64_t k, StringRef kSource) {
  auto check = [&](StringRef what, int64_t got, int64_t want) -> LogicalResult {
    if (ShapedType::isDynamic(got) || ShapedType::isDynamic(want) ||
        got == want)
      return success();
    return op->emitOpError() << what << " must be " << want << ", got " << got;
  };
  int64_t vr = values.getRank() - 2, mr = metadata.getRank() - 2;
  if (failed(check("rows of values", values.getDimSize(vr), m)) ||
      failed(check("rows of metadata", metadata.getDimSize(mr), m)))
    return failure();
  if (ShapedType::isDynamic(k))
    return success();
  if (failed(check(("columns of values (2 * ceil(K / 4), K = " + Twine(k) +
                    " from " + kSource + ")")
                       .str(),
                   values.getDimSize(vr + 1),
                   sparse24::getCompressedCols(k))) ||
      failed(check(("metadata words per row (ceil(K / 32), K = " + Twine(k) +
                    " from " + kSource + ")")
                       .str(),
                   metadata.getDimSize(mr + 1),
                   sparse24::getMetadataWords(k))))
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

/// The position of the first matrix dimension of `v` (1 when batched).
static int64_t matrixDim(Value v) {
  return cast<ShapedType>(v.getType()).getRank() - 2;
}

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
  // Batched: C is 3-D; the others 3-D with C's batch or 2-D (shared).
  if (values.getRank() != metadata.getRank())
    return emitOpError("values and metadata must both be 2-D or both 3-D, "
                       "got ranks ")
           << values.getRank() << " and " << metadata.getRank();
  if (c.getRank() == 2 && (values.getRank() == 3 || b.getRank() == 3))
    return emitOpError("a batched A or B needs a batched (3-D) C");
  if (c.getRank() == 3)
    for (auto [what, t] : {std::pair("values", values),
                           std::pair("metadata", metadata),
                           std::pair("B", b)})
      if (t.getRank() == 3 && !same(t.getDimSize(0), c.getDimSize(0)))
        return emitOpError("the batch of ")
               << what << " (" << t.getDimSize(0) << ") and of C ("
               << c.getDimSize(0) << ") differ";
  int64_t cm = matrixDim(getC()), bm = matrixDim(getB());
  bool tb = getTransposeB(), tc = getTransposeC();
  int64_t cRows = c.getDimSize(cm + (tc ? 1 : 0)),
          cCols = c.getDimSize(cm + (tc ? 0 : 1));
  int64_t bN = b.getDimSize(bm + (tb ? 0 : 1)),
          bK = b.getDimSize(bm + (tb ? 1 : 0));
  if (!same(cCols, bN))
    return emitOpError("N of B (")
           << bN << ") and of C (" << cCols << ") differ";
  return verifyCompressedShapes(*this, values, metadata, cRows, bK,
                                tb ? "the columns of B" : "the rows of B");
}

void SparseMatmulOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addEffects(*this, 1, /*initsAreRead=*/true, effects);
}

SmallVector<utils::IteratorType> SparseMatmulOp::getLoopIteratorTypes() {
  SmallVector<utils::IteratorType> types(isBatched() ? 3 : 2,
                                         utils::IteratorType::parallel);
  types.push_back(utils::IteratorType::reduction);
  return types;
}

static OpFoldResult getDim(OpBuilder &b, Location loc, Value v, int64_t dim) {
  if (isa<MemRefType>(v.getType()))
    return memref::getMixedSize(b, loc, v, dim);
  return tensor::getMixedSize(b, loc, v, dim);
}

SmallVector<Range> SparseMatmulOp::getIterationDomain(OpBuilder &b) {
  Location loc = getLoc();
  OpFoldResult zero = b.getIndexAttr(0), one = b.getIndexAttr(1);
  int64_t cm = matrixDim(getC()), bm = matrixDim(getB());
  bool tb = getTransposeB(), tc = getTransposeC();
  SmallVector<Range> domain;
  if (isBatched())
    domain.push_back(Range{zero, getDim(b, loc, getC(), 0), one});
  domain.push_back(Range{zero, getDim(b, loc, getC(), cm + (tc ? 1 : 0)), one});
  domain.push_back(Range{zero, getDim(b, loc, getC(), cm + (tc ? 0 : 1)), one});
  domain.push_back(Range{zero, getDim(b, loc, getB(), bm + (tb ? 1 : 0)), one});
  return domain;
}

static Value makeSlice(OpBuilder &b, Location loc, Value v,
                       ArrayRef<OpFoldResult> offsets,
                       ArrayRef<OpFoldResult> sizes) {
  SmallVector<OpFoldResult> strides(offsets.size(), b.getIndexAttr(1));
  if (isMemRef(v))
    return memref::SubViewOp::create(b, loc, v, offsets, sizes, strides);
  return tensor::ExtractSliceOp::create(b, loc, v, offsets, sizes, strides);
}

FailureOr<TilingResult>
SparseMatmulOp::getTiledImplementation(OpBuilder &b,
                                       ArrayRef<OpFoldResult> offsets,
                                       ArrayRef<OpFoldResult> sizes) {
  Location loc = getLoc();
  ArrayRef<OpFoldResult> o = offsets.take_back(3), s = sizes.take_back(3);
  OpFoldResult om = o[0], on = o[1], ok = o[2];
  OpFoldResult sm = s[0], sn = s[1], sk = s[2];
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
  // The batch offset and size of an operand that has the batch.
  auto slice = [&](Value v, std::array<OpFoldResult, 2> off,
                   std::array<OpFoldResult, 2> size) {
    SmallVector<OpFoldResult> offs(off.begin(), off.end()),
        sizes2(size.begin(), size.end());
    if (matrixDim(v) == 1) {
      offs.insert(offs.begin(), offsets[0]);
      sizes2.insert(sizes2.begin(), sizes[0]);
    }
    return makeSlice(b, loc, v, offs, sizes2);
  };
  bool tb = getTransposeB(), tc = getTransposeC();
  SmallVector<Value> operands = {
      slice(getValues(), {om, vOff}, {sm, vSize}),
      slice(getMetadata(), {om, mOff}, {sm, mSize}),
      tb ? slice(getB(), {on, ok}, {sn, sk}) : slice(getB(), {ok, on}, {sk, sn}),
      tc ? slice(getC(), {on, om}, {sn, sm}) : slice(getC(), {om, on}, {sm, sn})};
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
  ArrayRef<OpFoldResult> o = offsets.take_back(3), s = sizes.take_back(3);
  bool tc = getTransposeC();
  resultOffsets = {tc ? o[1] : o[0], tc ? o[0] : o[1]};
  resultSizes = {tc ? s[1] : s[0], tc ? s[0] : s[1]};
  if (isBatched()) {
    resultOffsets.insert(resultOffsets.begin(), offsets[0]);
    resultSizes.insert(resultSizes.begin(), sizes[0]);
  }
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
  if (values.getRank() != dense.getRank() ||
      metadata.getRank() != dense.getRank())
    return emitOpError("dense, values and metadata must have one rank, got ")
           << dense.getRank() << ", " << values.getRank() << " and "
           << metadata.getRank();
  if (getOperand() != "A" && getOperand() != "B")
    return emitOpError("operand must be \"A\" or \"B\", got \"")
           << getOperand() << "\"";
  int64_t r = dense.getRank() - 2;
  return verifyCompressedShapes(*this, values, metadata, dense.getDimSize(r),
                                dense.getDimSize(r + 1),
                                "the columns of the dense matrix");
}

void Compress2to4Op::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addEffects(*this, 2, /*initsAreRead=*/false, effects);
}

//===----------------------------------------------------------------------===//
// workgroup_matmul
//===----------------------------------------------------------------------===//

LogicalResult WorkgroupMatmulOp::verify() {
  const MatmulConfigFields &fields = getConfig().getFields();
  if (!fields.isComplete())
    return emitOpError("config must set every knob (as "
                       "mcore-configure-matmul leaves it), it sets ")
           << (fields.empty() ? std::string("none")
                              : fields.describeSetKeys());
  const IntrinsicInfo *intr = lookupIntrinsic(*fields.intrinsicName);
  if (!intr)
    return emitOpError("unknown intrinsic ") << *fields.intrinsicName;
  size_t wantLds = intr->isSparse() ? 3 : 2;
  if (getLds().size() != wantLds)
    return emitOpError("expects ")
           << wantLds << " LDS buffers (A, B"
           << (intr->isSparse() ? " and the metadata" : "") << ") for "
           << intr->name << ", got " << getLds().size();
  if (getSparseB() && !getMeta())
    return emitOpError("sparse_b needs B's metadata (meta)");
  if (intr->isSparse() && (!getMeta() || getSparseB()))
    return emitOpError("the sparse instruction ")
           << intr->name << " needs A's metadata (meta without sparse_b)";
  bool offset = getSignOffsetA() || getSignOffsetB();
  if (offset != bool(getSignCorrection()))
    return emitOpError(offset ? "a sign offset needs its sign_correction"
                              : "sign_correction without sign_offset_a or "
                                "sign_offset_b");
  if (getBatch() && !getSignCorrection())
    return emitOpError("batch (the sign correction's row) without "
                       "sign_correction");
  // M and N where they are static: A's rows (columns when transposed) and
  // B's columns (rows when stored N x K) are C's rows and columns (the
  // other way round when C is stored N x M).
  MemRefType a = getA().getType(), b = getB().getType(), c = getC().getType();
  int64_t m = a.getDimSize(getTransposeA() ? 1 : 0);
  int64_t n = b.getDimSize(getTransposeB() || getSparseB() ? 0 : 1);
  int64_t cm = c.getDimSize(getTransposeC() ? 1 : 0);
  int64_t cn = c.getDimSize(getTransposeC() ? 0 : 1);
  for (auto [what, x, y] :
       {std::tuple("M", m, cm), std::tuple("N", n, cn)})
    if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) && x != y)
      return emitOpError() << what << " is " << x << " in "
                           << (*what == 'M' ? "A" : "B") << " but " << y
                           << " in C";
  Type cElem = c.getElementType();
  if (std::optional<TypedAttr> fill = getFill())
    if (fill->getType() != cElem)
      return emitOpError("fill must be of C's element type ")
             << cElem << ", got " << fill->getType();
  return success();
}

LogicalResult WorkgroupMatmulOp::verifyRegions() {
  std::optional<ArrayAttr> groups = getEpilogueGroups();
  std::optional<ArrayRef<bool>> store = getEpilogueStore();
  Region &region = getEpilogue();
  size_t numOps = region.empty() ? 0 : region.front().getOperations().size();
  size_t numGroups = groups ? groups->size() : 0;
  if (numOps != numGroups)
    return emitOpError("expects one epilogue_groups entry per op of the "
                       "epilogue (")
           << numOps << "), got " << numGroups;
  if (numOps == 0) {
    if (store)
      return emitOpError("epilogue_store without an epilogue");
    return success();
  }
  // Buffers: C, then each op's output the first time it appears.
  int64_t buffers = 1;
  for (auto [n, pair] :
       llvm::enumerate(llvm::zip(region.front(), groups->getValue()))) {
    auto [op, attr] = pair;
    ArrayRef<int32_t> entry = cast<DenseI32ArrayAttr>(attr).asArrayRef();
    if (entry.size() != op.getNumOperands() + 1)
      return emitOpError("epilogue_groups entry #")
             << n << " must name the buffer of each of the op's "
             << op.getNumOperands() << " operands and of its output, got "
             << entry.size() << " values";
    for (int32_t g : entry.drop_back())
      if (g < -1 || g >= buffers)
        return emitOpError("epilogue_groups entry #")
               << n << " names buffer " << g << "; there are " << buffers
               << " so far";
    int32_t out = entry.back();
    if (out < 0 || out > buffers)
      return emitOpError("epilogue_groups entry #")
             << n << ": the output must be buffer 0 to " << buffers
             << ", got " << out;
    if (out == buffers)
      ++buffers;
  }
  if (!store || int64_t(store->size()) != buffers)
    return emitOpError("expects epilogue_store with one flag per buffer (")
           << buffers << "), got " << (store ? store->size() : 0);
  return success();
}
