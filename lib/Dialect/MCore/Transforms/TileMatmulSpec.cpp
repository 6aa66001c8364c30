//===- TileMatmulSpec.cpp - What a matmul op computes ---------------------===//
//
// Reads a linalg.matmul or mcore.sparse_matmul on memrefs into a MatmulSpec:
// its operands, element kinds, transposes and signedness. What no matrix
// instruction can compute is a located error here.
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

StringRef tilematmul::describeOp(const MatmulSpec &spec) {
  return spec.sparse ? "mcore.sparse_matmul" : "linalg.matmul";
}

std::string tilematmul::describeTypes(const MatmulSpec &spec) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << spec.aElem << " x " << spec.bElem << " -> " << spec.cElem;
  return s;
}

FailureOr<MatmulSpec> tilematmul::getMatmulSpec(Operation *op) {
  MatmulSpec spec;
  spec.op = op;
  if (auto mm = dyn_cast<linalg::MatmulOp>(op)) {
    if (!mm.hasPureBufferSemantics())
      return op->emitError("mcore-tile-matmul works on memrefs; bufferize "
                           "tensors first (the mcore pipeline does)");
    spec.a = mm.getDpsInputs()[0];
    spec.b = mm.getDpsInputs()[1];
    spec.c = mm.getDpsInits()[0];
    if (mm.hasUserDefinedMaps()) {
      MLIRContext *ctx = op->getContext();
      AffineExpr m, n, k;
      bindDims(ctx, m, n, k);
      SmallVector<AffineMap> maps = mm.getIndexingMapsArray();
      auto map = [&](ArrayRef<AffineExpr> e) {
        return AffineMap::get(3, 0, e, ctx);
      };
      if (maps.size() != 3 ||
          (maps[0] != map({m, k}) && maps[0] != map({k, m})) ||
          maps[2] != map({m, n}) ||
          (maps[1] != map({k, n}) && maps[1] != map({n, k})))
        return op->emitError("mcore-tile-matmul supports linalg.matmul with "
                             "the default indexing maps, a transposed A "
                             "((m, n, k) -> (k, m)) and/or a transposed B "
                             "((m, n, k) -> (n, k)); got other maps");
      spec.transposeA = maps[0] == map({k, m});
      spec.transposeB = maps[1] == map({n, k});
    }
    // cast_unsigned zero-extends integers; floats extend as usual.
    bool castUnsigned = mm.getCast() == linalg::TypeFn::cast_unsigned;
    spec.unsignedA = castUnsigned && isa<IntegerType>(
        cast<MemRefType>(spec.a.getType()).getElementType());
    spec.unsignedB = castUnsigned && isa<IntegerType>(
        cast<MemRefType>(spec.b.getType()).getElementType());
  } else if (auto sm = dyn_cast<SparseMatmulOp>(op)) {
    if (!isa<MemRefType>(sm.getC().getType()))
      return op->emitError("mcore-tile-matmul works on memrefs; bufferize "
                           "tensors first (the mcore pipeline does)");
    spec.sparse = true;
    spec.a = sm.getValues();
    spec.meta = sm.getMetadata();
    spec.b = sm.getB();
    spec.c = sm.getC();
    spec.unsignedA = sm.getUnsignedA();
    spec.unsignedB = sm.getUnsignedB();
  } else {
    return op->emitError("expected linalg.matmul or mcore.sparse_matmul");
  }
  for (Value v : {spec.a, spec.b, spec.c, spec.meta}) {
    if (!v)
      continue;
    auto type = cast<MemRefType>(v.getType());
    if (type.getRank() != 2)
      return op->emitError("operands must be 2-D memrefs");
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
  std::optional<ScalarKind> ka = getScalarKind(spec.aElem, &spec.fp8A);
  std::optional<ScalarKind> kb = getScalarKind(spec.bElem, &spec.fp8B);
  std::optional<ScalarKind> kc = getScalarKind(spec.cElem);
  if (!ka || !kb || !kc || *kc == ScalarKind::FP8 || *kc == ScalarKind::BF8 ||
      *kc == ScalarKind::I8 || *kc == ScalarKind::I4 ||
      *ka == ScalarKind::F32 || *ka == ScalarKind::I32 ||
      *kb == ScalarKind::F32 || *kb == ScalarKind::I32)
    return op->emitError()
           << describeOp(spec) << " of " << describeTypes(spec)
           << ": matrix instructions read f16, bf16, fp8, bf8, i8 or i4 A/B "
              "and accumulate into f32, f16, bf16 or i32";
  spec.ka = *ka;
  spec.kb = *kb;
  spec.kc = *kc;
  return spec;
}
