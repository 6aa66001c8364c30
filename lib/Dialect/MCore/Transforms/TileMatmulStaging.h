//===- TileMatmulStaging.h - Global -> registers -> LDS ---------*- C++ -*-===//
//
// How A, B and the sparse metadata reach LDS (TileMatmulStaging.cpp): the
// workgroup buffers, the plan of each operand's copy (StagedOperand,
// planStaging) and OperandStager, which emits a thread's loads of a tile
// and its stores into a stage. The K loop that orders these copies is the
// kernel's (TileMatmulKernel.cpp). Private to lib/Dialect/MCore/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULSTAGING_H
#define MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULSTAGING_H

#include "TileMatmul.h"
#include "TileMatmulEmitterBase.h"
#include "TileMatmulPacking.h"

namespace mlir::mcore::tilematmul {

/// The workgroup buffers of the kernel: A row-major, B N-major and, with a
/// sparse instruction, the metadata words; one set of rows per stage, rows
/// padded against bank conflicts. i4 is packed two per byte in an i8
/// buffer.
SmallVector<Type> getLdsBufferTypes(MLIRContext *ctx,
                                    const MatmulOperands &spec,
                                    const MatmulTileConfig &cfg);

/// One staged operand: a tile of `rows x cols` elements of a row-major global
/// matrix, copied into an LDS buffer with `ldsRowsPerStage` rows per stage.
/// Each thread moves `vec`-element chunks (128 bits where the tile allows).
struct StagedOperand {
  Value global;          ///< rank-2 memref
  Value lds;             ///< rank-2 workgroup memref, stages * ldsRows rows
  int64_t rows, cols, vec;
  int64_t ldsRows;       ///< rows per stage in LDS
  Value rowBound, colBound; ///< global extents
  bool transpose = false;   ///< LDS holds the tile transposed (B: N-major)
  int64_t kPer = 1;         ///< transpose: k rows per thread block
  bool decompress = false;  ///< compressed values expanded into dense LDS
  Value meta;               ///< decompress: the global metadata
  Value metaCols;           ///< decompress: metadata words per row
  bool staticFull = false;  ///< tiles never cross the matrix edge
  /// Chunks never cross the column edge: an edge tile masks whole rows (a
  /// branch around one full load, not a per-element mask).
  bool colsFull = false;
  /// Tiles cross the edge only in the tile's own dimension (M or N), never
  /// in K: the chunks past it read the last row (or, transposed, the last
  /// vec columns) of the matrix instead. What they bring only reaches the
  /// accumulators of C's rows or columns past the edge, which are never
  /// stored, so the loads need no mask and no branch, and the clamped
  /// address is loop-invariant.
  bool clampTile = false;
  /// Sub-byte (i4) elements: one per byte in global memory and in the
  /// staging registers (vector<vec x i4> loads), two per byte in LDS (an i8
  /// buffer; element 2j in the low nibble of byte j, columns halved).
  bool pack = false;
  /// LDS columns per staged column: 2 for metadata words each stored with
  /// its rotation (storeTile is given chunks of 2 * vec words).
  int64_t ldsColScale = 1;
};

/// The copies of a kernel: A, B and (hasMeta) the metadata.
struct StagingPlan {
  StagedOperand a, b, meta;
  bool hasMeta = false;
  /// The instruction-native order the metadata is staged in (hasMeta, and
  /// the instruction has one): each word permuted once when it is staged,
  /// so that each lane reads its index word with one shift.
  std::optional<sparse24::NativeIndexOrder> nativeMeta;

  /// Whether each stage is read and written through a view of its own
  /// (OperandStager::stageView): not in kernels with masked staging (tiles
  /// that may cross an edge), whose loop is at the VGPR limit, so that
  /// per-lane addresses kept live across it do not spill (gfx1201 i8,
  /// dynamic shapes); they keep the stage in the row index.
  bool usesStageViews() const {
    return (a.staticFull || a.clampTile) && (b.staticFull || b.clampTile);
  }
};

/// The copies of the kernel of `cfg` into its workgroup `buffers`
/// (getLdsBufferTypes) from `spec`'s matrices, whose C is `M` x `N` and K
/// `K`. `mFull`, `nFull`, `kFull`: the static extents are multiples of the
/// tile; `sK` is K's static extent (or dynamic). Creates the dimension ops
/// it needs at `b`'s insertion point.
StagingPlan planStaging(ImplicitLocOpBuilder &b, const MatmulOperands &spec,
                        const MatmulTileConfig &cfg, ValueRange buffers,
                        Value M, Value N, Value K, bool mFull, bool nFull,
                        bool kFull, int64_t sK);

/// A thread's part of a copy: thread `tid` of `numThreads` moves chunks
/// tid, tid + numThreads, ... of a tile.
class OperandStager : EmitterBase {
public:
  /// `stageViews`: StagingPlan::usesStageViews.
  OperandStager(ImplicitLocOpBuilder &b, int64_t numThreads, Value tid,
                bool stageViews)
      : EmitterBase(b), numThreads(numThreads), tid(tid),
        stageViews(stageViews), packer(b) {}

  /// The registers of this thread's chunks of the tile of `s` at (r0, c0)
  /// of its global matrix. With `fullCond` (and a tile that may cross the
  /// edge), a uniform branch: plain loads when it holds, masked (zero-fill)
  /// loads when not.
  SmallVector<Value> loadTile(const StagedOperand &s, Value r0, Value c0,
                              Value fullCond);
  /// Stores `regs` (loadTile's, maybe rewritten in the same types) into
  /// stage `stage` of `s.lds`.
  void storeTile(const StagedOperand &s, ArrayRef<Value> regs, Value stage);
  /// Stage `stage` of `s.lds`: its ldsRows rows, as a subview whose offset
  /// (uniform) is added once, so that the per-lane addresses inside it are
  /// loop-invariant and the loop has no multiplies by the row stride; or
  /// `s.lds` itself without stage views (StagingPlan::usesStageViews).
  Value stageView(const StagedOperand &s, Value stage);
  /// The types of loadTile's registers.
  SmallVector<Type> regTypes(const StagedOperand &s) const;

private:
  int64_t chunksPerThread(const StagedOperand &s) const;
  /// Chunk `t` of this thread (tid + t x threads), wrapped modulo
  /// `totalChunks` where the tile has fewer chunks than the threads cover.
  Value wrappedChunk(int64_t t, int64_t totalChunks);
  /// (k, n) of transposed-copy chunk `chunk`: kPer rows of K, vec of N.
  /// With `packedK`, k counts LDS bytes of a packed operand (k / 2).
  std::pair<Value, Value> transposedChunk(const StagedOperand &s, Value chunk,
                                          bool packedK = false);
  SmallVector<Value> loadChunks(const StagedOperand &s, Value r0, Value c0,
                                bool masked);
  Value maskedLoad(Value mem, Value row, Value col, int64_t vec, Type elem,
                   Value rowBound, Value colBound, bool colsFull);

  int64_t numThreads;
  Value tid;
  bool stageViews;
  ChunkPacker packer;
};

} // namespace mlir::mcore::tilematmul

#endif // MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULSTAGING_H
