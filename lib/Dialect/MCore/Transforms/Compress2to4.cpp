//===- Compress2to4.cpp - 2:4-encoded A to compressed operands ------------===//
//
// mcore-compress-2to4 rewrites every linalg.matmul whose A carries the 2:4
// sparse_tensor encoding
//
//   (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])
//
// into mcore.sparse_matmul on A's canonical compressed form (values and
// metadata, docs/Sparsity.md):
//
//   * a constant A is compressed now, with sparse24::compress; a constant
//     that is not 2:4 is an error naming the first violating row and group;
//   * any other A goes through mcore.compress_2to4, which
//     mcore-lower-compress-2to4 (LowerCompress2to4.cpp) turns into a GPU
//     kernel that compresses and validates at run time.
//
// The encoding is a promise about A's values; mcore stores such a tensor
// densely until it is compressed. So 2:4-encoded function arguments and
// results become plain dense tensors (the caller passes the dense M x K
// matrix), and sparse_tensor.convert between dense and 2:4 forms disappears.
//
//===----------------------------------------------------------------------===//

#include "mcore/Dialect/MCore/IR/MCoreAttrs.h"
#include "mcore/Dialect/MCore/IR/MCoreOps.h"
#include "mcore/Dialect/MCore/Transforms/Passes.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"
#include "mcore/Target/Sparsity.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SparseTensor/IR/SparseTensor.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCORECOMPRESS2TO4PASS
#include "mcore/Dialect/MCore/Transforms/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;
using namespace mlir::mcore;

//===----------------------------------------------------------------------===//
// The encoding
//===----------------------------------------------------------------------===//

bool mlir::mcore::is2to4Encoded(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || (tensor.getRank() != 2 && tensor.getRank() != 3))
    return false;
  sparse_tensor::SparseTensorEncodingAttr enc =
      sparse_tensor::getSparseTensorEncoding(tensor);
  if (!enc)
    return false;
  // Dense levels for the leading dimensions, then groups of four of the
  // last one, two of each kept.
  unsigned rank = unsigned(tensor.getRank());
  ArrayRef<sparse_tensor::LevelType> lvl = enc.getLvlTypes();
  if (lvl.size() != rank + 1 || !sparse_tensor::isNOutOfMLT(lvl.back()) ||
      sparse_tensor::getN(lvl.back()) != 2 ||
      sparse_tensor::getM(lvl.back()) != 4 ||
      !llvm::all_of(lvl.drop_back(), sparse_tensor::isDenseLT))
    return false;
  MLIRContext *ctx = type.getContext();
  SmallVector<AffineExpr> results;
  for (unsigned d = 0; d + 1 < rank; ++d)
    results.push_back(getAffineDimExpr(d, ctx));
  AffineExpr j = getAffineDimExpr(rank - 1, ctx);
  results.append({j.floorDiv(4), j % 4});
  return enc.getDimToLvl() == AffineMap::get(rank, 0, results, ctx);
}

static bool hasSparseEncoding(Type type) {
  return bool(sparse_tensor::getSparseTensorEncoding(type));
}

static RankedTensorType stripEncoding(RankedTensorType type) {
  return RankedTensorType::get(type.getShape(), type.getElementType());
}

//===----------------------------------------------------------------------===//
// Compile-time compression
//===----------------------------------------------------------------------===//

/// The raw bit patterns of a constant's elements, row-major.
static FailureOr<std::vector<uint32_t>> getBits(DenseElementsAttr attr) {
  std::vector<uint32_t> bits;
  bits.reserve(attr.getNumElements());
  Type elem = attr.getElementType();
  if (isa<FloatType>(elem)) {
    for (const APFloat &v : attr.getValues<APFloat>())
      bits.push_back(uint32_t(v.bitcastToAPInt().getZExtValue()));
  } else if (isa<IntegerType>(elem)) {
    for (const APInt &v : attr.getValues<APInt>())
      bits.push_back(uint32_t(v.getZExtValue()));
  } else {
    return failure();
  }
  return bits;
}

static DenseElementsAttr makeAttr(RankedTensorType type,
                                  ArrayRef<uint32_t> bits) {
  Type elem = type.getElementType();
  unsigned width = elem.getIntOrFloatBitWidth();
  if (auto f = dyn_cast<FloatType>(elem)) {
    SmallVector<APFloat> values;
    values.reserve(bits.size());
    for (uint32_t b : bits)
      values.emplace_back(f.getFloatSemantics(), APInt(width, b));
    return DenseElementsAttr::get(type, values);
  }
  SmallVector<APInt> values;
  values.reserve(bits.size());
  for (uint32_t b : bits)
    values.emplace_back(width, b);
  return DenseElementsAttr::get(type, values);
}

//===----------------------------------------------------------------------===//
// mcore-compress-2to4
//===----------------------------------------------------------------------===//

/// A's value before it was given the encoding: the source of a
/// sparse_tensor.convert from a dense tensor, else A itself.
static Value getDenseSource(Value a) {
  while (auto convert = a.getDefiningOp<sparse_tensor::ConvertOp>()) {
    Value src = convert.getSource();
    if (hasSparseEncoding(src.getType()) && !is2to4Encoded(src.getType()))
      break;
    a = src;
  }
  return a;
}

/// The canonical values and metadata of the 2-D `source` (M x K), compressed
/// now when it is a constant, else by mcore.compress_2to4.
static FailureOr<std::pair<Value, Value>>
compressOperand(RewriterBase &rewriter, Operation *user, Value source,
                StringRef what) {
  Location loc = user->getLoc();
  auto type = cast<RankedTensorType>(source.getType());
  Type elem = type.getElementType();
  // A batch of matrices (3-D, the batch first) is compressed as one matrix
  // of all their rows.
  bool batched = type.getRank() == 3;
  int64_t batch = batched ? type.getDimSize(0) : 1;
  int64_t rows = type.getDimSize(batched ? 1 : 0),
          k = type.getDimSize(batched ? 2 : 1);
  int64_t m = ShapedType::isDynamic(batch) || ShapedType::isDynamic(rows)
                  ? ShapedType::kDynamic
                  : batch * rows;
  auto shapeOf = [&](int64_t cols) {
    return batched ? SmallVector<int64_t>{batch, rows, cols}
                   : SmallVector<int64_t>{rows, cols};
  };
  Type i32 = rewriter.getI32Type();
  DenseElementsAttr constant;
  if (matchPattern(source, m_Constant(&constant)) &&
      !ShapedType::isDynamic(m) && !ShapedType::isDynamic(k)) {
    // Compile time: the canonical form as two constants.
    FailureOr<std::vector<uint32_t>> bits = getBits(constant);
    if (failed(bits))
      return user->emitError("cannot read the constant ") << what;
    llvm::Expected<sparse24::Compressed> compressed = sparse24::compress(
        *getScalarKind(elem), *bits, unsigned(m), unsigned(k), what);
    if (!compressed) {
      InFlightDiagnostic diag = user->emitError()
                                << llvm::toString(compressed.takeError());
      diag.attachNote(source.getLoc()) << what << " is this constant";
      return diag;
    }
    auto vType = RankedTensorType::get(
        shapeOf(int64_t(sparse24::getCompressedCols(unsigned(k)))), elem);
    auto mType = RankedTensorType::get(
        shapeOf(int64_t(sparse24::getMetadataWords(unsigned(k)))), i32);
    Value values = arith::ConstantOp::create(
        rewriter, loc, vType, makeAttr(vType, compressed->values));
    Value metadata = arith::ConstantOp::create(
        rewriter, loc, mType, makeAttr(mType, compressed->metadata));
    return std::make_pair(values, metadata);
  }
  // Run time: compress (and validate) with mcore.compress_2to4.
  int64_t kDim = type.getRank() - 1;
  OpFoldResult dk = tensor::getMixedSize(rewriter, loc, source, kDim);
  AffineExpr d0 = rewriter.getAffineDimExpr(0);
  OpFoldResult kc = affine::makeComposedFoldedAffineApply(
      rewriter, loc, (d0 + 3).floorDiv(4) * 2, {dk});
  OpFoldResult words = affine::makeComposedFoldedAffineApply(
      rewriter, loc, (d0 + 31).floorDiv(32), {dk});
  auto mixed = [&](OpFoldResult cols) {
    SmallVector<OpFoldResult> sizes;
    for (int64_t d = 0; d < kDim; ++d)
      sizes.push_back(tensor::getMixedSize(rewriter, loc, source, d));
    sizes.push_back(cols);
    return sizes;
  };
  Value v0 = tensor::EmptyOp::create(rewriter, loc, mixed(kc), elem);
  Value m0 = tensor::EmptyOp::create(rewriter, loc, mixed(words), i32);
  auto compress = Compress2to4Op::create(
      rewriter, loc, TypeRange{v0.getType(), m0.getType()}, source, v0, m0,
      rewriter.getStringAttr(what));
  return std::pair<Value, Value>(compress.getResult()[0],
                                 compress.getResult()[1]);
}

/// Rewrites a contraction on tensors whose A (`sparseIsA`) or B has the 2:4
/// encoding into mcore.sparse_matmul, the 2:4 operand as its A: a 2:4 B
/// (W, stored N x K) gives Cᵀ = W xᵀ, the op's B and C transposed.
static LogicalResult rewriteContraction(RewriterBase &rewriter,
                                        linalg::LinalgOp op, bool sparseIsA) {
  StringRef what = sparseIsA ? "A" : "B";
  if (!op.hasPureTensorSemantics())
    return op->emitError("a 2:4-encoded ")
           << what << " needs a contraction on tensors";
  MatmulProblem problem;
  FailureOr<MatmulLoops> c = inferMatmulContraction(op, problem);
  if (failed(c))
    return failure();
  Value x = op.getDpsInputs()[sparseIsA ? 0 : 1];
  Value dense = op.getDpsInputs()[sparseIsA ? 1 : 0];
  Value out = op.getDpsInits()[0];
  if (hasSparseEncoding(dense.getType()) || hasSparseEncoding(out.getType()))
    return op->emitError("only one operand may be sparse: mcore handles a "
                         "2:4-encoded A or B with the other operands dense");
  // The 2:4 groups run along the operand's last dimension, which must be K.
  bool kInner = sparseIsA ? !problem.transposeA : problem.transposeB;
  if (!kInner)
    return op->emitError("a 2:4-encoded ")
           << what << " is compressed along its last dimension, which must "
           << "be K: " << what << " must be stored "
           << (sparseIsA ? "M x K (indexing map (m, n, k) -> (m, k))"
                         : "N x K (indexing map (m, n, k) -> (n, k))");
  int64_t batchX = sparseIsA ? c->batchDimA : c->batchDimB;
  int64_t batchDense = sparseIsA ? c->batchDimB : c->batchDimA;
  if (batchX > 0 || batchDense > 0 || c->batchDimC > 0)
    return op->emitError("with a 2:4 operand, the batch must be the first "
                         "dimension of every operand that has one");
  auto xType = cast<RankedTensorType>(x.getType());
  if (!getScalarKind(xType.getElementType()))
    return op->emitError("2:4-sparse ")
           << what << " of " << xType.getElementType()
           << " is not a matrix-instruction input type";

  rewriter.setInsertionPoint(op);
  FailureOr<std::pair<Value, Value>> compressed =
      compressOperand(rewriter, op, getDenseSource(x), what);
  if (failed(compressed))
    return failure();
  bool unsignedX = sparseIsA ? problem.unsignedA : problem.unsignedB;
  bool unsignedDense = sparseIsA ? problem.unsignedB : problem.unsignedA;
  bool transposeB = sparseIsA ? problem.transposeB : !problem.transposeA;
  bool transposeC = sparseIsA ? problem.transposeC : !problem.transposeC;
  // Integers zero-extended (arith.extui in the body); floats as usual.
  auto isInt = [](Value v) {
    return isa<IntegerType>(cast<ShapedType>(v.getType()).getElementType());
  };
  UnitAttr unit = rewriter.getUnitAttr();
  auto sparse = SparseMatmulOp::create(
      rewriter, op.getLoc(), op->getResultTypes(), compressed->first,
      compressed->second, dense, out, unsignedX && isInt(x) ? unit : nullptr,
      unsignedDense && isInt(dense) ? unit : nullptr,
      transposeB ? unit : nullptr, transposeC ? unit : nullptr);
  // What else the contraction carries (its #mcore.matmul_config) stays on
  // it. The sparse_matmul of a 2:4 B is the op's product transposed, so a
  // swap-operands the configuration decides flips with it: the tiles keep
  // meaning the product they meant.
  sparse->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  if (auto config = sparse->getAttrOfType<MatmulConfigAttr>(
          MatmulConfigAttr::getAttrName());
      config && !sparseIsA) {
    MatmulConfigFields fields = config.getFields();
    if (fields.swapOperands && *fields.swapOperands != "auto")
      fields.swapOperands =
          *fields.swapOperands == "always" ? "never" : "always";
    sparse->setAttr(MatmulConfigAttr::getAttrName(),
                    MatmulConfigAttr::get(op->getContext(), fields));
  }
  rewriter.replaceOp(op, sparse.getResults());
  return success();
}

/// Gives every 2:4-encoded value its dense type, fixes function types and
/// constants, and drops conversions that became identities.
static LogicalResult stripEncodings(RewriterBase &rewriter, Operation *root) {
  auto strip = [](Value v) {
    if (is2to4Encoded(v.getType()))
      v.setType(stripEncoding(cast<RankedTensorType>(v.getType())));
  };
  WalkResult result = root->walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          strip(arg);
    for (Value v : op->getResults())
      strip(v);
    // Builtin function types only (an llvm.func has no tensor in its type).
    auto func = dyn_cast<FunctionOpInterface>(op);
    auto type = func ? dyn_cast<FunctionType>(func.getFunctionType())
                     : FunctionType();
    if (type && (llvm::any_of(type.getInputs(), is2to4Encoded) ||
                 llvm::any_of(type.getResults(), is2to4Encoded))) {
      auto map = [](TypeRange types) {
        return llvm::map_to_vector(types, [](Type t) -> Type {
          return is2to4Encoded(t) ? stripEncoding(cast<RankedTensorType>(t))
                                  : t;
        });
      };
      func.setType(FunctionType::get(op->getContext(), map(type.getInputs()),
                                     map(type.getResults())));
    }
    if (auto cst = dyn_cast<arith::ConstantOp>(op)) {
      auto attr = dyn_cast<DenseElementsAttr>(cst.getValue());
      if (attr && attr.getType() != cst.getType())
        cst.setValueAttr(
            attr.reshape(cast<ShapedType>(cst.getType())));
    }
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  // Conversions between the dense and the (now dense) 2:4 form.
  SmallVector<sparse_tensor::ConvertOp> converts;
  root->walk([&](sparse_tensor::ConvertOp op) { converts.push_back(op); });
  for (sparse_tensor::ConvertOp op : converts)
    if (op.getSource().getType() == op.getType())
      rewriter.replaceOp(op, op.getSource());
  // Anything that still sees a sparse tensor is outside what mcore handles.
  WalkResult leftover = root->walk([&](Operation *op) {
    for (Type t : llvm::concat<const Type>(op->getOperandTypes(),
                                           op->getResultTypes()))
      if (hasSparseEncoding(t)) {
        op->emitError("mcore-compress-2to4 handles the 2:4 encoding on A or "
                      "B of a contraction (and passing such tensors around); "
                      "this op uses ")
            << t;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(leftover.wasInterrupted());
}

LogicalResult mlir::mcore::compress2to4(Operation *root) {
  IRRewriter rewriter(root->getContext());
  SmallVector<linalg::LinalgOp> contractions;
  root->walk([&](linalg::LinalgOp op) {
    if (op.getNumDpsInputs() == 2 &&
        llvm::any_of(op.getDpsInputs(), [](Value v) {
          return hasSparseEncoding(v.getType());
        }))
      contractions.push_back(op);
  });
  for (linalg::LinalgOp op : contractions) {
    bool sparseIsA = hasSparseEncoding(op.getDpsInputs()[0].getType());
    Value x = op.getDpsInputs()[sparseIsA ? 0 : 1];
    if (!is2to4Encoded(x.getType()))
      return op->emitError()
             << (sparseIsA ? "A" : "B")
             << "'s sparse encoding is not 2:4; mcore supports (i, j) -> "
                "(i : dense, j floordiv 4 : dense, j mod 4 : "
                "structured[2, 4]), with a leading (b : dense) when batched";
    if (failed(rewriteContraction(rewriter, op, sparseIsA)))
      return failure();
  }
  return stripEncodings(rewriter, root);
}

namespace {
struct Compress2to4Pass
    : mcore::impl::MCoreCompress2to4PassBase<Compress2to4Pass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(compress2to4(getOperation())))
      signalPassFailure();
  }
};
} // namespace
