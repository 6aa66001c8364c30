//===- MCoreOps.cpp - mcore operations ------------------------------------===//

#include "mcore/Dialect/MCore/IR/MCoreOps.h"
#include "mcore/Target/Packing.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::mcore;

//===----------------------------------------------------------------------===//
// Shared verifier of mcore.mma and mcore.sparse_mma
//===----------------------------------------------------------------------===//

namespace {
struct MmaOperands {
  VectorType a, b, c, result;
  Type index; ///< null for dense
  MmaIntrinsicAttrInterface intrinsic;
  bool unsignedA, unsignedB, clamp;
  uint32_t indexSet;
};
} // namespace

static bool isMmaInputKind(ScalarKind k) { return k != ScalarKind::I32; }
static bool isMmaAccKind(ScalarKind k) {
  return k == ScalarKind::F32 || k == ScalarKind::F16 ||
         k == ScalarKind::BF16 || k == ScalarKind::I32 || k == ScalarKind::F64;
}

/// Checks what holds for every intrinsic: element kinds, ranks, shapes.
static LogicalResult verifyTileConsistency(Operation *op,
                                           const MmaOperands &ops) {
  bool sparse = bool(ops.index);
  // FP6 / FP4 only for gfx1250's unscaled MX WMMA, which read them.
  auto attr = dyn_cast_if_present<IntrinsicAttr>(ops.intrinsic);
  bool mx = attr && attr.getIntrinsic()->isUnscaledMx();
  Fp8Format fmtA = Fp8Format::None, fmtB = Fp8Format::None;
  auto inputKind = [&](Type t, Fp8Format *fmt) {
    std::optional<ScalarKind> k = getScalarKind(t, fmt);
    return !k && mx ? getMxScalarKind(t) : k;
  };
  std::optional<ScalarKind> ka = inputKind(ops.a.getElementType(), &fmtA);
  std::optional<ScalarKind> kb = inputKind(ops.b.getElementType(), &fmtB);
  std::optional<ScalarKind> kc = getScalarKind(ops.c.getElementType());
  const char *inputs =
      " is not a matrix-instruction input (f16, bf16, fp8, bf8, i8, i4, f32, "
      "f64; fp6, bf6 and fp4 with gfx1250's wmma_f32_16x16x128_f8f6f4_* and "
      "wmma_f32_32x16x128_f4 only)";
  if (!ka || !isMmaInputKind(*ka))
    return op->emitOpError("A element type ")
           << ops.a.getElementType() << inputs;
  if (!kb || !isMmaInputKind(*kb))
    return op->emitOpError("B element type ")
           << ops.b.getElementType() << inputs;
  if (!kc || !isMmaAccKind(*kc))
    return op->emitOpError("C element type ")
           << ops.c.getElementType()
           << " is not a matrix-instruction accumulator (f32, f16, bf16, i32, "
              "f64)";
  if (isIntegerKind(*ka) != isIntegerKind(*kb) ||
      isIntegerKind(*ka) != isIntegerKind(*kc))
    return op->emitOpError("A, B and C must be all integer or all floating "
                           "point, got ")
           << ops.a.getElementType() << ", " << ops.b.getElementType()
           << " and " << ops.c.getElementType();
  if (isFp8Kind(*ka) && isFp8Kind(*kb) && fmtA != fmtB)
    return op->emitOpError("A and B must use the same fp8 encoding (OCP or "
                           "FNUZ), got ")
           << ops.a.getElementType() << " and " << ops.b.getElementType();
  if (ops.unsignedA && !isIntegerKind(*ka))
    return op->emitOpError("'unsigned_a' needs integer A, got ")
           << ops.a.getElementType();
  if (ops.unsignedB && !isIntegerKind(*kb))
    return op->emitOpError("'unsigned_b' needs integer B, got ")
           << ops.b.getElementType();
  if (ops.clamp && !isIntegerKind(*kc))
    return op->emitOpError("'clamp' needs an integer accumulator, got ")
           << ops.c.getElementType();

  int64_t rank = ops.a.getRank();
  if (ops.b.getRank() != rank || ops.c.getRank() != rank)
    return op->emitOpError("A, B and C must all be 2-D tiles or all be 1-D "
                           "fragments, got ranks ")
           << rank << ", " << ops.b.getRank() << " and " << ops.c.getRank();
  if (rank == 1) {
    if (!ops.intrinsic)
      return op->emitOpError("per-lane fragments need an 'intrinsic' that "
                             "defines their layout");
    if (sparse && !ops.index.isSignlessInteger())
      return op->emitOpError("a per-lane index must be an i16, i32 or i64 word, "
                             "got ")
             << ops.index;
    return success();
  }
  if (rank != 2)
    return op->emitOpError("operands must be 2-D tiles or 1-D fragments, "
                           "got rank ")
           << rank;

  ArrayRef<int64_t> sa = ops.a.getShape(), sb = ops.b.getShape(),
                    sc = ops.c.getShape();
  int64_t m = sc[0], n = sc[1], k = sb[0];
  if (sa[0] != m || sb[1] != n)
    return op->emitOpError("tile shapes do not agree: A ")
           << ops.a << ", B " << ops.b << ", C " << ops.c
           << " (need A MxK, B KxN, C MxN)";
  int64_t expectedAK = sparse ? k / 2 : k;
  if (sparse && k % 4 != 0)
    return op->emitOpError("sparse K must be a multiple of 4, got ") << k;
  if (sa[1] != expectedAK)
    return op->emitOpError(sparse ? "compressed A must have K/2 = "
                                  : "A must have K = ")
           << expectedAK << " columns to match B " << ops.b << ", got "
           << ops.a;
  if (sparse) {
    auto idx = dyn_cast<VectorType>(ops.index);
    if (!idx || idx.getShape() != sa || !idx.getElementType().isInteger(8))
      return op->emitOpError("whole-tile index must be ")
             << VectorType::get(sa, IntegerType::get(op->getContext(), 8))
             << " (one in-group position per compressed element of A), got "
             << ops.index;
  }
  return success();
}

static LogicalResult verifyMma(Operation *op, const MmaOperands &ops) {
  if (failed(verifyTileConsistency(op, ops)))
    return failure();
  // The result is C's type, except for an instruction whose D differs from
  // C (the intrinsic's check below gives D's type).
  bool distinctD = false;
  if (auto attr = dyn_cast_if_present<IntrinsicAttr>(ops.intrinsic))
    distinctD = attr.getIntrinsic()->hasDistinctD();
  if (!distinctD && ops.result != ops.c)
    return op->emitOpError("result must have C's type ")
           << ops.c << ", got " << ops.result
           << (ops.intrinsic ? ""
                             : " (only an instruction whose D differs "
                               "from C, such as gfx1250's bf16f32, has "
                               "another result type)");
  if (!ops.intrinsic)
    return success();
  MmaIntrinsicAttrInterface intrinsic = ops.intrinsic;
  if (auto attr = dyn_cast<IntrinsicAttr>(intrinsic))
    if (attr.getIntrinsic()->isScaled())
      return op->emitOpError()
             << intrinsic.getName()
             << " is block-scaled: it needs scales, use mcore.scaled_mma";
  if (failed(intrinsic.verifyOperandTypes([&]() { return op->emitOpError(); },
                                          ops.a, ops.b, ops.c, ops.index,
                                          ops.result)))
    return failure();
  if ((ops.unsignedA || ops.unsignedB) && !intrinsic.supportsUnsigned())
    return op->emitOpError() << intrinsic.getName()
                             << " reads signed integers only; "
                                "'unsigned_a'/'unsigned_b' are not available";
  if (ops.clamp && !intrinsic.supportsClamp())
    return op->emitOpError() << intrinsic.getName()
                             << " has no clamp modifier";
  unsigned numSets = intrinsic.getNumIndexSets();
  if (ops.index && ops.indexSet >= numSets)
    return op->emitOpError("index_set ")
           << ops.indexSet << " is out of range: " << intrinsic.getName()
           << " has " << numSets << " index set" << (numSets == 1 ? "" : "s");
  return success();
}

LogicalResult
mlir::mcore::verifyIntrinsicOnChip(Operation *op,
                                   MmaIntrinsicAttrInterface intrinsic,
                                   Chip chip) {
  if (failed(intrinsic.verifyChip([&]() { return op->emitError(); }, chip)))
    return failure();
  const ChipInfo &chipInfo = getChipInfo(chip);
  for (Value operand : op->getOperands().take_front(2)) {
    Fp8Format fmt = Fp8Format::None;
    Type elem = getElementTypeOrSelf(operand.getType());
    std::optional<ScalarKind> kind = getScalarKind(elem, &fmt);
    if (!kind || !isFp8Kind(*kind) || fmt == chipInfo.fp8)
      continue;
    return op->emitError()
           << getChipName(chip) << " uses "
           << (chipInfo.fp8 == Fp8Format::FNUZ ? "FNUZ" : "OCP")
           << " fp8 (" << getMLIRType(op->getContext(), *kind, chipInfo.fp8)
           << "), got " << elem;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// MmaOp / SparseMmaOp
//===----------------------------------------------------------------------===//

LogicalResult MmaOp::verify() {
  return verifyMma(*this, {cast<VectorType>(getA().getType()),
                           cast<VectorType>(getB().getType()),
                           cast<VectorType>(getC().getType()),
                           cast<VectorType>(getResult().getType()), Type(),
                           getIntrinsicAttr(), getUnsignedA(), getUnsignedB(),
                           getClamp(), 0});
}

LogicalResult SparseMmaOp::verify() {
  return verifyMma(*this,
                   {cast<VectorType>(getA().getType()),
                    cast<VectorType>(getB().getType()),
                    cast<VectorType>(getC().getType()),
                    cast<VectorType>(getResult().getType()),
                    getIndex().getType(), getIntrinsicAttr(), getUnsignedA(),
                    getUnsignedB(), getClamp(), getIndexSet()});
}

LogicalResult ScaledMmaOp::verify() {
  auto attr = dyn_cast<IntrinsicAttr>(getIntrinsic());
  if (!attr || !attr.getIntrinsic()->isScaled())
    return emitOpError() << getIntrinsic().getName()
                         << " is not a block-scaled instruction; use "
                            "mcore.mma or mcore.sparse_mma";
  if (failed(getIntrinsic().verifyOperandTypes(
          [&]() { return emitOpError(); }, getA().getType(), getB().getType(),
          getC().getType(), Type(), getResult().getType())))
    return failure();
  // Scales: the whole tile's block scales, or the lane's scale operand as
  // bytes (a 32-bit word, gfx1250's scale16 a 64-bit one); E8M0, or OCP
  // E4M3 where the instruction takes it (gfx1250's matrix_*_scale_fmt).
  const IntrinsicInfo &info = *attr.getIntrinsic();
  auto e8m0 = Float8E8M0FNUType::get(getContext());
  auto e4m3 = Float8E4M3FNType::get(getContext());
  for (auto [operand, value, sel] :
       {std::tuple(Operand::A, getScaleA(), getScaleSelA()),
        std::tuple(Operand::B, getScaleB(), getScaleSelB())}) {
    const ScaleInfo &si = operand == Operand::A ? info.scaleA : info.scaleB;
    auto type = cast<VectorType>(value.getType());
    Type elem = type.getElementType();
    SmallVector<int64_t, 2> shape = {int64_t(si.getOperandBytes())};
    if (isWholeTile()) {
      auto [rows, cols] = getScaleShape(info, operand);
      shape = {rows, cols};
    }
    if (type.getShape() != ArrayRef<int64_t>(shape) ||
        (elem != e8m0 && !(si.e4m3 && elem == e4m3))) {
      InFlightDiagnostic d = emitOpError()
                             << "the scales of " << getOperandName(operand)
                             << " must be " << VectorType::get(shape, e8m0);
      if (si.e4m3)
        d << " or " << VectorType::get(shape, e4m3);
      return d << " for " << info.name << " ("
               << (isWholeTile() ? "whole tile" : "per-lane operand")
               << "), got " << value.getType();
    }
    if (sel >= si.numSets)
      return emitOpError()
             << "scale_sel_" << (operand == Operand::A ? "a" : "b") << " "
             << sel << " is out of range: " << info.name << " has "
             << unsigned(si.numSets) << " scale set"
             << (si.numSets == 1 ? "" : "s") << " for "
             << getOperandName(operand)
             << (si.laneSetStride ? " (lane halves)" : " (bytes)");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// LoadSparseIndexOp
//===----------------------------------------------------------------------===//

LogicalResult LoadSparseIndexOp::verify() {
  auto type = cast<VectorType>(getResult().getType());
  if (type.getDimSize(1) % 2 != 0)
    return emitOpError("the tile must hold whole groups: an even number of "
                       "compressed columns, got ")
           << type;
  if (getHalves() && !getNative())
    return emitOpError("'halves' needs 'native': it stores native words "
                       "twice");
  return success();
}

//===----------------------------------------------------------------------===//
// Expand2to4Op
//===----------------------------------------------------------------------===//

LogicalResult Expand2to4Op::verify() {
  auto values = cast<VectorType>(getValues().getType());
  auto index = cast<VectorType>(getIndex().getType());
  auto result = cast<VectorType>(getResult().getType());
  if (index.getShape() != values.getShape())
    return emitOpError("the index must have the shape of the values, ")
           << values.getShape()[0] << "x" << values.getShape()[1] << ", got "
           << index;
  if (values.getDimSize(1) % 2 != 0)
    return emitOpError("the values must hold whole groups: an even number "
                       "of compressed columns, got ")
           << values;
  if (result.getElementType() != values.getElementType() ||
      result.getDimSize(0) != values.getDimSize(0) ||
      result.getDimSize(1) != 2 * values.getDimSize(1))
    return emitOpError("the result must be ")
           << VectorType::get({values.getDimSize(0), 2 * values.getDimSize(1)},
                              values.getElementType())
           << " (twice the compressed columns), got " << result;
  return success();
}

#define GET_OP_CLASSES
//===----------------------------------------------------------------------===//
// The result type in the assembly format: `into C` when D has C's type,
// `into C -> D` otherwise.
//===----------------------------------------------------------------------===//

static ParseResult parseMmaResultType(OpAsmParser &parser, Type cType,
                                      Type &resultType) {
  resultType = cType;
  if (failed(parser.parseOptionalArrow()))
    return success();
  return parser.parseType(resultType);
}

static void printMmaResultType(OpAsmPrinter &printer, Operation *, Type cType,
                               Type resultType) {
  if (resultType != cType)
    printer << " -> " << resultType;
}

#include "mcore/Dialect/MCore/IR/MCoreOps.cpp.inc"
