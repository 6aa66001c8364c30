//===- TileMatmulOperands.cpp - What a matmul op computes -----------------===//
//
// The op-to-problem step: reads a contraction on memrefs into its
// MatmulProblem (mcore/Target/MatmulProblem.h: sizes, element kinds and the
// signedness of integer inputs, transposes, a batch and the operands it
// shares, the 2:4 operand, the chip) and where that is in the IR
// (MatmulOperands: which loop and which dimension of each operand is M, N,
// K and the batch). The contraction is any linalg op that
// upstream's contraction inference (linalg::inferContractionDims) finds to
// be one matmul, with one M, N and K and at most one batch dimension:
// linalg.matmul and linalg.batch_matmul with any indexing maps, or a
// linalg.generic whose body multiplies and adds, each input extended by its
// own cast. mcore.sparse_matmul is read from its attributes. What no matrix
// instruction can compute is a located error here.
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"

#include "mcore/Target/Sparsity.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

/// Batch (1 without one), M, N and K of `s`, each ShapedType::kDynamic
/// when dynamic; K is the dense operand's.
static std::array<int64_t, 4> getMatmulSizes(const MatmulOperands &s) {
  auto shape = [](Value v) { return cast<MemRefType>(v.getType()).getShape(); };
  // The two matrix dimensions of an operand, in storage order.
  auto matrix = [](ArrayRef<int64_t> dims, int64_t batchDim) {
    SmallVector<int64_t> m;
    for (auto [d, size] : llvm::enumerate(dims))
      if (int64_t(d) != batchDim)
        m.push_back(size);
    return m;
  };
  const MatmulProblem &p = s.problem;
  SmallVector<int64_t> c = matrix(shape(s.c), s.loops.batchDimC);
  int64_t m = c[p.transposeC ? 1 : 0], n = c[p.transposeC ? 0 : 1];
  // K from the dense operand.
  int64_t k;
  if (p.sparseB) {
    SmallVector<int64_t> a = matrix(shape(s.a), s.loops.batchDimA);
    k = a[p.transposeA ? 0 : 1];
  } else {
    SmallVector<int64_t> b = matrix(shape(s.b), s.loops.batchDimB);
    k = b[p.transposeB ? 1 : 0];
  }
  int64_t batch = s.loops.batchDimC >= 0 ? shape(s.c)[s.loops.batchDimC] : 1;
  return {batch, m, n, k};
}

StringRef tilematmul::describeOp(const MatmulOperands &spec) {
  return spec.op->getName().getStringRef();
}

std::string tilematmul::describeElementTypes(Type a, bool unsignedA, Type b,
                                             bool unsignedB, Type c) {
  std::string s;
  llvm::raw_string_ostream os(s);
  auto type = [&](Type t, bool isUnsigned) {
    if (isUnsigned && isa<IntegerType>(t))
      os << "u" << t.getIntOrFloatBitWidth();
    else
      os << t;
  };
  type(a, unsignedA);
  os << " x ";
  type(b, unsignedB);
  os << " -> " << c;
  return s;
}

static std::string describeSpecTypes(const MatmulOperands &spec) {
  return describeElementTypes(spec.aElem, spec.problem.unsignedA, spec.bElem,
                              spec.problem.unsignedB, spec.cElem);
}

MatmulOperands MatmulOperands::swapped() const {
  MatmulOperands s = *this;
  s.problem = problem.swapped();
  std::swap(s.a, s.b);
  std::swap(s.loops.batchDimA, s.loops.batchDimB);
  std::swap(s.loops.m, s.loops.n);
  std::swap(s.aElem, s.bElem);
  s.isSwapped = !isSwapped;
  return s;
}

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

namespace {
/// One input of a multiply-add body: how it reaches the multiply.
enum class Extension { None, Signed, Unsigned, Float };
} // namespace

/// How block argument `arg` reaches `mul`: directly, or through one cast.
static std::optional<Extension> extensionOf(Value operand, BlockArgument arg) {
  if (operand == arg)
    return Extension::None;
  Operation *def = operand.getDefiningOp();
  if (!def || def->getNumOperands() != 1 || def->getOperand(0) != arg)
    return std::nullopt;
  // Integer-to-float and narrowing casts are read too: the element types
  // are checked afterwards, with a message naming them.
  if (isa<arith::ExtSIOp, arith::SIToFPOp>(def))
    return Extension::Signed;
  if (isa<arith::ExtUIOp, arith::UIToFPOp>(def))
    return Extension::Unsigned;
  if (isa<arith::ExtFOp, arith::TruncFOp, arith::TruncIOp>(def))
    return Extension::Float;
  return std::nullopt;
}

/// The body must be `yield(add(out, mul(ext(a), ext(b))))` (in either order
/// of the add's and the mul's operands), each `ext` an arith.extsi, extui or
/// extf of its own, or none. Sets the signedness of integer inputs.
static LogicalResult readBody(linalg::LinalgOp op, bool &unsignedA,
                              bool &unsignedB) {
  Block *body = op.getBlock();
  auto fail =
      [&]() {
        return op->emitError()
               << "mcore-tile-matmul lowers contractions whose body is "
                  "out + ext(a) * ext(b) (arith.mulf/muli and addf/addi, each "
                  "input extended by arith.extsi, extui or extf, or not at "
                  "all); this "
               << op->getName() << " computes something else";
      };
  if (!body || body->getNumArguments() != 3)
    return fail();
  auto yield = dyn_cast<linalg::YieldOp>(body->getTerminator());
  if (!yield || yield.getNumOperands() != 1)
    return fail();
  Operation *add = yield.getOperand(0).getDefiningOp();
  if (!add || !isa<arith::AddFOp, arith::AddIOp>(add))
    return fail();
  BlockArgument out = body->getArgument(2);
  Value product;
  if (add->getOperand(0) == out)
    product = add->getOperand(1);
  else if (add->getOperand(1) == out)
    product = add->getOperand(0);
  else
    return fail();
  Operation *mul = product.getDefiningOp();
  if (!mul || !isa<arith::MulFOp, arith::MulIOp>(mul) ||
      mul->getBlock() != body)
    return fail();
  BlockArgument argA = body->getArgument(0), argB = body->getArgument(1);
  std::optional<Extension> ea = extensionOf(mul->getOperand(0), argA);
  std::optional<Extension> eb = extensionOf(mul->getOperand(1), argB);
  if (!ea || !eb) {
    ea = extensionOf(mul->getOperand(1), argA);
    eb = extensionOf(mul->getOperand(0), argB);
  }
  if (!ea || !eb)
    return fail();
  unsignedA = *ea == Extension::Unsigned;
  unsignedB = *eb == Extension::Unsigned;
  return success();
}

FailureOr<MatmulLoops>
mlir::mcore::inferMatmulContraction(Operation *operation,
                                    MatmulProblem &problem) {
  // Whether each operand is shared by the batch: one matrix for every batch.
  auto setShared = [&](const MatmulLoops &c) {
    problem.sharedA = c.isBatched() && c.batchDimA < 0;
    problem.sharedB = c.isBatched() && c.batchDimB < 0;
    return c;
  };
  if (auto sm = dyn_cast<SparseMatmulOp>(operation)) {
    MatmulLoops c;
    int64_t off = sm.isBatched() ? 1 : 0;
    if (off) {
      c.batch = 0;
      c.batchDimC = 0;
      auto rank = [](Value v) {
        return cast<ShapedType>(v.getType()).getRank();
      };
      c.batchDimA = rank(sm.getValues()) == 3 ? 0 : -1;
      c.batchDimB = rank(sm.getB()) == 3 ? 0 : -1;
    }
    c.m = off;
    c.n = off + 1;
    c.k = off + 2;
    problem.transposeB = sm.getTransposeB();
    problem.transposeC = sm.getTransposeC();
    problem.unsignedA = sm.getUnsignedA();
    problem.unsignedB = sm.getUnsignedB();
    return setShared(c);
  }
  auto op = dyn_cast<linalg::LinalgOp>(operation);
  if (!op)
    return operation->emitError(
        "expected a linalg contraction or mcore.sparse_matmul");
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1)
    return op->emitError("a matmul contraction has two inputs and one "
                         "output; this ")
           << op->getName() << " has " << op.getNumDpsInputs() << " and "
           << op.getNumDpsInits();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  auto unsupported = [&](const Twine &why) {
    return op->emitError() << "mcore-tile-matmul lowers contractions with one "
                              "M, N and K and at most one batch dimension; "
                              "this "
                           << op->getName() << " " << why;
  };
  for (AffineMap map : maps)
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
      return unsupported("has an indexing map that is not a projection of "
                         "its loops");
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims))
    return unsupported("is not a contraction (upstream's "
                       "linalg::inferContractionDims finds no M, N and K)");
  if (dims->k.size() != 1)
    return unsupported(llvm::Twine("has ") + Twine(dims->k.size()) +
                       " reduction dimensions");
  MatmulLoops c;
  // A dimension in A and C but not B (a B shared by the batch) is a second
  // M for upstream; mcore takes the outer one as the batch, and likewise
  // for N.
  SmallVector<unsigned> batch(dims->batch.begin(), dims->batch.end());
  SmallVector<unsigned> ms(dims->m.begin(), dims->m.end()),
      ns(dims->n.begin(), dims->n.end());
  AffineMap mapA = maps[0], mapB = maps[1], mapC = maps[2];
  auto posIn = [](AffineMap map, unsigned dim) -> int64_t {
    std::optional<unsigned> pos =
        map.getResultPosition(getAffineDimExpr(dim, map.getContext()));
    return pos ? int64_t(*pos) : -1;
  };
  auto takeOuter = [&](SmallVector<unsigned> &dimsOf) {
    // The one appearing first in C.
    unsigned outer =
        posIn(mapC, dimsOf[0]) < posIn(mapC, dimsOf[1]) ? dimsOf[0] : dimsOf[1];
    batch.push_back(outer);
    llvm::erase(dimsOf, outer);
  };
  if (batch.empty() && ms.size() == 2 && ns.size() == 1)
    takeOuter(ms);
  else if (batch.empty() && ns.size() == 2 && ms.size() == 1)
    takeOuter(ns);
  if (batch.size() > 1 || ms.size() != 1 || ns.size() != 1)
    return unsupported(llvm::Twine("has ") + Twine(batch.size()) + " batch, " +
                       Twine(ms.size()) + " M and " + Twine(ns.size()) +
                       " N dimensions");
  c.m = ms[0];
  c.n = ns[0];
  c.k = dims->k[0];
  c.batch = batch.empty() ? -1 : int64_t(batch[0]);
  if (op.getNumLoops() != (c.batch >= 0 ? 4u : 3u))
    return unsupported("has loops that are none of these");

  // Each operand: its two matrix dimensions in some order, plus the batch
  // (or not: then the batch shares it).
  struct Operand {
    const char *name;
    AffineMap map;
    int64_t row, col; // loops of its rows and columns when not transposed
    bool *transposed;
    int64_t *batchDim;
  } operands[] = {{"A", mapA, c.m, c.k, &problem.transposeA, &c.batchDimA},
                  {"B", mapB, c.k, c.n, &problem.transposeB, &c.batchDimB},
                  {"C", mapC, c.m, c.n, &problem.transposeC, &c.batchDimC}};
  for (Operand &o : operands) {
    int64_t r = posIn(o.map, o.row), col = posIn(o.map, o.col);
    int64_t bat = c.batch >= 0 ? posIn(o.map, c.batch) : -1;
    unsigned rank = o.map.getNumResults();
    if (r < 0 || col < 0 || rank != 2u + (bat >= 0 ? 1 : 0))
      return unsupported(llvm::Twine("indexes its ") + o.name +
                         " with other dimensions than its rows, columns "
                         "and the batch");
    *o.transposed = r > col;
    *o.batchDim = bat;
    // Rows of the 2-D view of one batch are read with vector loads: the
    // innermost dimension cannot be the batch.
    if (bat == int64_t(rank) - 1)
      return unsupported(llvm::Twine("has the batch as the innermost "
                                     "dimension of ") +
                         o.name);
  }
  if (c.batch >= 0 && c.batchDimC < 0)
    return unsupported("reduces over the batch");
  if (failed(readBody(op, problem.unsignedA, problem.unsignedB)))
    return failure();
  return setShared(c);
}

//===----------------------------------------------------------------------===//
// The spec
//===----------------------------------------------------------------------===//

/// The constant an operand holds when the IR shows it (an arith.constant,
/// or a memref.get_global of a constant memref.global, through casts and
/// bufferization.to_buffer), and the op that defines it.
std::pair<DenseElementsAttr, Operation *> tilematmul::findConstant(Value v) {
  for (;;) {
    if (auto cast = v.getDefiningOp<memref::CastOp>())
      v = cast.getSource();
    else if (auto cast = v.getDefiningOp<tensor::CastOp>())
      v = cast.getSource();
    else if (auto toBuffer = v.getDefiningOp<bufferization::ToBufferOp>())
      v = toBuffer.getTensor();
    else
      break;
  }
  DenseElementsAttr attr;
  if (matchPattern(v, m_Constant(&attr)))
    return {attr, v.getDefiningOp()};
  if (auto get = v.getDefiningOp<memref::GetGlobalOp>()) {
    auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
        get, get.getNameAttr());
    if (global && global.getConstant())
      if (auto init = dyn_cast_if_present<DenseElementsAttr>(
              global.getInitialValue().value_or(nullptr)))
        return {init, global};
  }
  return {};
}

/// Constant metadata of a sparse_matmul must be canonical (what compress()
/// makes): a group naming one position twice would give chip-dependent
/// numbers (the sparse instructions and the dense fallback read it
/// differently). K is B's contracted extent; the rows of a batch are checked
/// as one matrix.
static LogicalResult checkConstantMetadata(SparseMatmulOp sm) {
  auto [attr, def] = findConstant(sm.getMetadata());
  auto metaType = cast<ShapedType>(sm.getMetadata().getType());
  auto bType = cast<ShapedType>(sm.getB().getType());
  if (!attr || !metaType.hasStaticShape() || !bType.hasStaticShape() ||
      !attr.getElementType().isInteger(32) || metaType.getRank() < 2)
    return success();
  int64_t kDim = (bType.getRank() == 3 ? 1 : 0) + (sm.getTransposeB() ? 1 : 0);
  auto k = unsigned(bType.getDimSize(kDim));
  int64_t words = metaType.getShape().back();
  if (words == 0 || k == 0)
    return success();
  auto rows = unsigned(metaType.getNumElements() / words);
  if (size_t(metaType.getNumElements()) !=
      size_t(rows) * sparse24::getMetadataWords(k))
    return success(); // the op's verifier speaks about sizes
  std::vector<uint32_t> metadata;
  metadata.reserve(attr.getNumElements());
  for (const APInt &v : attr.getValues<APInt>())
    metadata.push_back(uint32_t(v.getZExtValue()));
  // An op with a transposed C holds a weight on the right (y = x Wᵀ as
  // Cᵀ = W xᵀ): its compressed operand is the user's B.
  if (llvm::Error e = sparse24::checkMetadata(metadata, rows, k,
                                              sm.getTransposeC() ? "B" : "A")) {
    InFlightDiagnostic diag = sm.emitError() << llvm::toString(std::move(e));
    diag.attachNote(def->getLoc()) << "the metadata is this constant";
    return diag;
  }
  return success();
}

FailureOr<MatmulOperands> tilematmul::getMatmulOperands(Operation *op,
                                                        Chip chip) {
  MatmulOperands spec;
  spec.op = op;
  spec.problem.chip = chip;
  spec.problem.name = op->getName().getStringRef().str();
  FailureOr<MatmulLoops> loops = inferMatmulContraction(op, spec.problem);
  if (failed(loops))
    return failure();
  spec.loops = *loops;
  if (auto sm = dyn_cast<SparseMatmulOp>(op)) {
    if (!isa<MemRefType>(sm.getC().getType()))
      return op->emitError("mcore-tile-matmul works on memrefs; bufferize "
                           "tensors first (the mcore pipeline does)");
    if (failed(checkConstantMetadata(sm)))
      return failure();
    spec.problem.sparseA = true;
    spec.a = sm.getValues();
    spec.meta = sm.getMetadata();
    spec.b = sm.getB();
    spec.c = sm.getC();
    spec.numLoops = sm.isBatched() ? 4 : 3;
  } else {
    auto linalgOp = cast<linalg::LinalgOp>(op);
    if (!linalgOp.hasPureBufferSemantics())
      return op->emitError("mcore-tile-matmul works on memrefs; bufferize "
                           "tensors first (the mcore pipeline does)");
    spec.a = linalgOp.getDpsInputs()[0];
    spec.b = linalgOp.getDpsInputs()[1];
    spec.c = linalgOp.getDpsInits()[0];
    spec.numLoops = linalgOp.getNumLoops();
  }
  for (Value v : {spec.a, spec.b, spec.c, spec.meta}) {
    if (!v)
      continue;
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type)
      return op->emitError("operands must be memrefs");
    // The kernel reads its operands from memory the host passes: workgroup
    // or private memory belongs to another kernel, and the host lowering
    // (gpu-to-llvm) converts no #gpu.address_space.
    Attribute space = type.getMemorySpace();
    auto intSpace = dyn_cast_if_present<IntegerAttr>(space);
    if (space &&
        !(intSpace && (intSpace.getInt() == 0 || intSpace.getInt() == 1)))
      return op->emitError("mcore-tile-matmul needs operands in memory the "
                           "host passes (no memory space, 0 or 1); got ")
             << type;
    // Rows are read with vector loads: elements of a row must be adjacent.
    if (!type.isLastDimUnitStride())
      return op->emitError("mcore-tile-matmul needs operands whose rows are "
                           "contiguous (unit stride in the last dimension); "
                           "got ")
             << type;
  }
  spec.aElem = cast<MemRefType>(spec.a.getType()).getElementType();
  spec.bElem = cast<MemRefType>(spec.b.getType()).getElementType();
  spec.cElem = cast<MemRefType>(spec.c.getType()).getElementType();
  // Unsigned integers zero-extend; floats extend as usual.
  spec.problem.unsignedA &= isa<IntegerType>(spec.aElem);
  spec.problem.unsignedB &= isa<IntegerType>(spec.bElem);
  std::optional<ScalarKind> ka = getScalarKind(spec.aElem, &spec.problem.fp8A);
  std::optional<ScalarKind> kb = getScalarKind(spec.bElem, &spec.problem.fp8B);
  std::optional<ScalarKind> kc = getScalarKind(spec.cElem);
  // Types no matrix instruction reads at all; the chip's instruction
  // selection says what the target chip supports for every other mix.
  if (!ka || !kb || !kc)
    return op->emitError()
           << describeOp(spec) << " of " << describeSpecTypes(spec)
           << ": no matrix instruction of " << getChipName(chip)
           << " reads these types; " << getChipName(chip) << " supports "
           << llvm::join(describeSupportedTypes(chip, /*sparse=*/false),
                         ", ");
  // No sparse instruction reads 8-byte elements, and the dense fallback's
  // decompression and metadata handling are built for elements up to 32
  // bits (mcore.compress_2to4 likewise).
  if (spec.problem.isCompressed() &&
      (*ka == ScalarKind::F64 || *kb == ScalarKind::F64))
    return op->emitError()
           << describeOp(spec) << " of " << describeSpecTypes(spec)
           << ": a 2:4-sparse operand of f64 is not supported (no sparse "
              "instruction reads f64; the dense fallback takes elements of "
              "up to 32 bits)";
  spec.problem.a = *ka;
  spec.problem.b = *kb;
  spec.problem.c = *kc;
  std::array<int64_t, 4> sizes = getMatmulSizes(spec);
  static_assert(MatmulProblem::kDynamic == ShapedType::kDynamic,
                "a problem's dynamic size is MLIR's");
  if (spec.isBatched())
    spec.problem.batch = sizes[0];
  spec.problem.m = sizes[1];
  spec.problem.n = sizes[2];
  spec.problem.k = sizes[3];
  return spec;
}

FailureOr<MatmulProblem> mlir::mcore::getMatmulProblem(Operation *op,
                                                       Chip chip) {
  if (std::optional<MatmulProblem> scaled = getScaledMatmulProblem(op, chip))
    return *scaled;
  FailureOr<MatmulOperands> operands = getMatmulOperands(op, chip);
  if (failed(operands))
    return failure();
  return operands->problem;
}
