//===- TileMatmulEmitterBase.h - The emitters' shorthands -------*- C++ -*-===//
//
// The builder and the index arithmetic that the matmul kernel's emitters
// (KernelEmitter, OperandStager, ChunkPacker, SignOffsetEmitter) share: each
// holds the builder it writes with and nothing else of the kernel. Private
// to lib/Dialect/MCore/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULEMITTERBASE_H
#define MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULEMITTERBASE_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::mcore::tilematmul {

/// Arithmetic shorthands over one ImplicitLocOpBuilder, each creating its
/// ops at the builder's insertion point. The emitters inherit them
/// privately.
class EmitterBase {
public:
  explicit EmitterBase(ImplicitLocOpBuilder &b) : b(b) {}

  Value idx(int64_t v) { return arith::ConstantIndexOp::create(b, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, x, y); }
  Value add(Value x, int64_t y) { return y ? add(x, idx(y)) : x; }
  Value mul(Value x, int64_t y) {
    return y == 1 ? x : arith::MulIOp::create(b, x, idx(y)).getResult();
  }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, p, x, y);
  }
  Value land(Value x, Value y) { return arith::AndIOp::create(b, x, y); }
  /// Dimension `d` of `memref`: a constant when it is static.
  Value dim(Value memref, int64_t d) {
    auto type = cast<MemRefType>(memref.getType());
    if (!type.isDynamicDim(d))
      return idx(type.getDimSize(d));
    return memref::DimOp::create(b, memref, d);
  }
  Value zeroVector(VectorType type) {
    return arith::ConstantOp::create(b, type, b.getZeroAttr(type));
  }
  /// The zero of a vector or scalar type.
  Value zeroOf(Type t) {
    if (auto v = dyn_cast<VectorType>(t))
      return zeroVector(v);
    return arith::ConstantOp::create(b, t, b.getZeroAttr(t));
  }
  /// An scf.if on `cond` yielding `types`, its regions filled by `thenFn`
  /// and `elseFn` (none: no else region); the insertion point stays after
  /// it.
  scf::IfOp buildIf(TypeRange types, Value cond,
                    llvm::function_ref<SmallVector<Value>()> thenFn,
                    llvm::function_ref<SmallVector<Value>()> elseFn = {}) {
    auto ifOp = scf::IfOp::create(b, types, cond, /*withElseRegion=*/!!elseFn);
    OpBuilder::InsertionGuard g(b);
    auto fill = [&](Region &region,
                    llvm::function_ref<SmallVector<Value>()> fn) {
      Block &block = region.front();
      if (block.mightHaveTerminator())
        b.setInsertionPoint(block.getTerminator());
      else
        b.setInsertionPointToEnd(&block);
      SmallVector<Value> values = fn();
      if (!types.empty())
        scf::YieldOp::create(b, values);
    };
    fill(ifOp.getThenRegion(), thenFn);
    if (elseFn)
      fill(ifOp.getElseRegion(), elseFn);
    return ifOp;
  }

  ImplicitLocOpBuilder &b;
};

} // namespace mlir::mcore::tilematmul

#endif // MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULEMITTERBASE_H
