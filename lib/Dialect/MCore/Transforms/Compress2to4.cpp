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
  if (!tensor || tensor.getRank() != 2)
    return false;
  sparse_tensor::SparseTensorEncodingAttr enc =
      sparse_tensor::getSparseTensorEncoding(tensor);
  if (!enc)
    return false;
  ArrayRef<sparse_tensor::LevelType> lvl = enc.getLvlTypes();
  if (lvl.size() != 3 || !sparse_tensor::isDenseLT(lvl[0]) ||
      !sparse_tensor::isDenseLT(lvl[1]) ||
      !sparse_tensor::isNOutOfMLT(lvl[2]) || sparse_tensor::getN(lvl[2]) != 2 ||
      sparse_tensor::getM(lvl[2]) != 4)
    return false;
  MLIRContext *ctx = type.getContext();
  AffineExpr i, j;
  bindDims(ctx, i, j);
  return enc.getDimToLvl() ==
         AffineMap::get(2, 0, {i, j.floorDiv(4), j % 4}, ctx);
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

static LogicalResult rewriteMatmul(RewriterBase &rewriter,
                                   linalg::MatmulOp mm) {
  Value a = mm.getDpsInputs()[0];
  Location loc = mm.getLoc();
  if (!mm.hasPureTensorSemantics())
    return mm.emitError("a 2:4-encoded A needs linalg.matmul on tensors");
  if (mm.hasUserDefinedMaps())
    return mm.emitError("a 2:4-encoded A needs linalg.matmul with the "
                        "default indexing maps (A is M x K)");
  for (Value v : {mm.getDpsInputs()[1], mm.getDpsInits()[0]})
    if (hasSparseEncoding(v.getType()))
      return mm.emitError("only A may be sparse: mcore handles a "
                          "2:4-encoded A with dense B and C");
  auto aType = cast<RankedTensorType>(a.getType());
  Type elem = aType.getElementType();
  if (!getScalarKind(elem))
    return mm.emitError("2:4-sparse A of ")
           << elem << " is not a matrix-instruction input type";

  rewriter.setInsertionPoint(mm);
  Value source = getDenseSource(a);
  int64_t m = aType.getDimSize(0), k = aType.getDimSize(1);
  Type i32 = rewriter.getI32Type();
  Value values, metadata;
  DenseElementsAttr constant;
  if (matchPattern(source, m_Constant(&constant)) &&
      !ShapedType::isDynamic(m) && !ShapedType::isDynamic(k)) {
    // Compile time: the canonical form as two constants.
    FailureOr<std::vector<uint32_t>> bits = getBits(constant);
    if (failed(bits))
      return mm.emitError("cannot read the constant A");
    llvm::Expected<sparse24::Compressed> compressed = sparse24::compress(
        *getScalarKind(elem), *bits, unsigned(m), unsigned(k));
    if (!compressed) {
      InFlightDiagnostic diag = mm.emitError()
                                << llvm::toString(compressed.takeError());
      diag.attachNote(source.getLoc()) << "A is this constant";
      return diag;
    }
    auto vType = RankedTensorType::get(
        {m, int64_t(sparse24::getCompressedCols(unsigned(k)))}, elem);
    auto mType = RankedTensorType::get(
        {m, int64_t(sparse24::getMetadataWords(unsigned(k)))}, i32);
    values = arith::ConstantOp::create(rewriter, loc, vType,
                                       makeAttr(vType, compressed->values));
    metadata = arith::ConstantOp::create(
        rewriter, loc, mType, makeAttr(mType, compressed->metadata));
  } else {
    // Run time: compress (and validate) with mcore.compress_2to4.
    OpFoldResult dm = tensor::getMixedSize(rewriter, loc, source, 0);
    OpFoldResult dk = tensor::getMixedSize(rewriter, loc, source, 1);
    AffineExpr d0 = rewriter.getAffineDimExpr(0);
    OpFoldResult kc = affine::makeComposedFoldedAffineApply(
        rewriter, loc, (d0 + 3).floorDiv(4) * 2, {dk});
    OpFoldResult words = affine::makeComposedFoldedAffineApply(
        rewriter, loc, (d0 + 31).floorDiv(32), {dk});
    auto mixed = [&](OpFoldResult cols) {
      return SmallVector<OpFoldResult>{dm, cols};
    };
    Value v0 = tensor::EmptyOp::create(rewriter, loc, mixed(kc), elem);
    Value m0 = tensor::EmptyOp::create(rewriter, loc, mixed(words), i32);
    auto compress = Compress2to4Op::create(
        rewriter, loc, TypeRange{v0.getType(), m0.getType()}, source, v0,
        m0);
    values = compress.getResult()[0];
    metadata = compress.getResult()[1];
  }
  // cast_unsigned zero-extends integers; floats extend as usual.
  bool isUnsigned = mm.getCast() == linalg::TypeFn::cast_unsigned;
  Type bElem =
      cast<ShapedType>(mm.getDpsInputs()[1].getType()).getElementType();
  bool unsignedA = isUnsigned && isa<IntegerType>(elem);
  bool unsignedB = isUnsigned && isa<IntegerType>(bElem);
  auto sparse = SparseMatmulOp::create(
      rewriter, loc, TypeRange{mm.getResultTypes()}, values, metadata,
      mm.getDpsInputs()[1], mm.getDpsInits()[0],
      unsignedA ? rewriter.getUnitAttr() : nullptr,
      unsignedB ? rewriter.getUnitAttr() : nullptr);
  rewriter.replaceOp(mm, sparse.getResults());
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
        op->emitError("mcore-compress-2to4 handles the 2:4 encoding as A of "
                      "linalg.matmul (and passing such tensors around); this "
                      "op uses ")
            << t;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(leftover.wasInterrupted());
}

LogicalResult mlir::mcore::compress2to4(Operation *root) {
  IRRewriter rewriter(root->getContext());
  SmallVector<linalg::MatmulOp> matmuls;
  root->walk([&](linalg::MatmulOp mm) {
    if (hasSparseEncoding(mm.getDpsInputs()[0].getType()))
      matmuls.push_back(mm);
  });
  for (linalg::MatmulOp mm : matmuls) {
    if (!is2to4Encoded(mm.getDpsInputs()[0].getType()))
      return mm.emitError("A's sparse encoding is not 2:4; mcore supports "
                          "(i, j) -> (i : dense, j floordiv 4 : dense, "
                          "j mod 4 : structured[2, 4])");
    if (failed(rewriteMatmul(rewriter, mm)))
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
