//===- TileMatmulSignOffset.h - Mixed signs, signed instructions *- C++ -*-===//
//
// A u8 operand times an i8 one on CDNA's signed-only 8-bit instructions
// (TileMatmulSignOffset.cpp): the host's correction kernel, and
// SignOffsetEmitter, which stages the unsigned operand offset into signed
// range and adds the correction in the epilogue. Private to
// lib/Dialect/MCore/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULSIGNOFFSET_H
#define MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULSIGNOFFSET_H

#include "TileMatmul.h"
#include "TileMatmulEmitterBase.h"

namespace mlir::mcore::tilematmul {

/// Host code before the matmul (at the rewriter's insertion point): a
/// buffer of `128 * sum_k` of the signed operand along K (B's columns for
/// cfg.signOffsetA, A's rows for signOffsetB), one row per batch of that
/// operand (one row when it is shared), written by a kernel of its own.
Value buildSignCorrection(RewriterBase &rewriter, const MatmulOperands &spec,
                          const MatmulTileConfig &cfg);

/// The kernel's side of a sign offset: `offsetA` (A is the unsigned
/// operand, MatmulTileConfig::signOffsetA) or `offsetB`.
class SignOffsetEmitter : EmitterBase {
public:
  SignOffsetEmitter(ImplicitLocOpBuilder &b, bool offsetA, bool offsetB)
      : EmitterBase(b), offsetA(offsetA), offsetB(offsetB) {}

  /// The buffer of buildSignCorrection: its row `batch` (row 0 when not
  /// `batched`) is added to every row (offsetA) or column (offsetB) of C.
  void setCorrection(Value buffer, bool batched, Value batch) {
    correction = buffer;
    correctionBatched = batched;
    batchIndex = batch;
  }
  bool hasCorrection() const { return !!correction; }

  /// The registers of a staged chunk of A (B when `operandB`) as LDS holds
  /// them: the i8 ones with their sign bit flipped (u - 128) when that
  /// operand is offset, else `regs` as they are.
  SmallVector<Value> toSigned(bool operandB, ArrayRef<Value> regs);

  /// The correction as an M x N matrix for the epilogue (C is `M` x `N`):
  /// a view of its row with a zero stride, read with the map.
  std::pair<Value, AffineMap> correctionView(Value M, Value N);

private:
  bool offsetA, offsetB;
  Value correction, batchIndex;
  bool correctionBatched = false;
};

} // namespace mlir::mcore::tilematmul

#endif // MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULSIGNOFFSET_H
