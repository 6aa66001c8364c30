//===- TileMatmulKernel.h - The matmul kernel's body ------------*- C++ -*-===//
//
// KernelEmitter writes the body of one work-group tile's kernel
// (TileMatmulKernel.cpp): it orders the copies into LDS (the prologue, the
// pipelined K loop), the per-wave MMAs from LDS and the epilogue. The copies
// themselves are OperandStager's (TileMatmulStaging.h), the registers'
// rearrangements ChunkPacker's (TileMatmulPacking.h), the mixed-sign offset
// SignOffsetEmitter's (TileMatmulSignOffset.h), each built from the values
// and configuration fields it needs. Private to
// lib/Dialect/MCore/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULKERNEL_H
#define MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULKERNEL_H

#include "TileMatmul.h"
#include "TileMatmulEmitterBase.h"
#include "TileMatmulSignOffset.h"
#include "TileMatmulStaging.h"

namespace mlir::mcore::tilematmul {

class KernelEmitter : EmitterBase {
public:
  KernelEmitter(ImplicitLocOpBuilder &b, const MatmulOperands &spec,
                const MatmulTileConfig &cfg, const IntrinsicInfo &intr)
      : EmitterBase(b), spec(spec), cfg(cfg), intr(intr), packer(b),
        signs(b, cfg.signOffsetA, cfg.signOffsetB) {}

  /// The kernel of the work-group tile at (i0, j0) of C, computed by the
  /// work-group's thread `threadId` (of cfg.getNumThreads()) with the LDS
  /// buffers `lds` (getLdsBufferTypes); the accumulators start at
  /// `fillValue` (else at C), and `epilogue` runs on them.
  LogicalResult emit(Value threadId, ValueRange lds, Value i0, Value j0,
                     std::optional<Attribute> fillValue,
                     const Epilogue &epilogue);

  /// The buffer of buildSignCorrection: its row `batch` (row 0 when not
  /// `batched`) is added to every row (signOffsetA) or column (signOffsetB)
  /// of C in the epilogue.
  void setSignCorrection(Value buffer, bool batched, Value batch) {
    signs.setCorrection(buffer, batched, batch);
  }

private:
  // Compute, wave level (TileMatmulKernel.cpp).
  SmallVector<Value> computeStage(Value stage, ValueRange acc);

  // Structural zeros of a decompressed 2:4 operand
  // (TileMatmulStructuralZeros.cpp).
  /// Whether the kernel decompresses a 2:4 operand of floats for a dense
  /// instruction: then a pruned zero times an infinity or a NaN of the
  /// other operand must not reach C.
  bool decompressesFloats() const;
  /// `sum`, the accumulator tile of C at (row, col) of the product (before
  /// C or the fill is added), with the elements that are not finite
  /// recomputed from the stored values of the compressed operand alone;
  /// `inBounds` as C's reads. Costs a compare per element and a wave vote
  /// when every element is finite.
  Value fixPrunedProducts(Value sum, Value row, Value col,
                          ArrayRef<bool> inBounds);

  const MatmulOperands &spec;
  const MatmulTileConfig &cfg;
  const IntrinsicInfo &intr;

  Value tid, waveM, waveN;
  Value M, N, K;
  /// The copies (planStaging) and their emitter, once emit knows the
  /// thread and the extents.
  StagingPlan staging;
  std::optional<OperandStager> stager;
  /// The metadata words' native order as they are staged.
  ChunkPacker packer;
  SignOffsetEmitter signs;
};

} // namespace mlir::mcore::tilematmul

#endif // MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULKERNEL_H
