//===- TileMatmul.h - Shared declarations of mcore-tile-matmul -*- C++ -*-===//
//
// mcore-tile-matmul is split by job (docs/Pipeline.md, section 4):
//
//   TileMatmulOperands.cpp     the op read as a MatmulProblem and its operands
//                          (MatmulOperands), the op-to-problem step
//   ConfigureMatmul.cpp    mcore-configure-matmul: the heuristic
//                          (lib/Heuristic) on each op's problem, its
//                          reasons and remarks as diagnostics
//   TileMatmulSignOffset.cpp
//                          mixed signs on signed-only instructions
//   TileMatmulStaging.cpp  global -> registers -> LDS copies: chunking,
//                          masked edge loads, transposes, 2:4 expansion
//   TileMatmulPacking.cpp  sub-byte (i4) values packed two per byte
//   TileMatmulKernel.cpp   the kernel body: the pipelined K loop, the
//                          per-wave MMAs and the epilogue
//   TileMatmulEpilogue.cpp element-wise consumers of C fused into the
//                          epilogue (bias, scales, activations, casts)
//   TileMatmulSplitK.cpp   split-K's workspace, slices and reduction kernel
//   TileMatmulStructuralZeros.cpp
//                          a decompressed 2:4 operand's pruned zeros
//                          multiply nothing (infinities and NaNs)
//   TileMatmulSimt.cpp     the SIMT kernel of types no matrix instruction
//                          computes, and when it is used
//   TileMatmulScaled.cpp   block-scaled (MX) contractions on block-scaled
//                          instructions
//   TileMatmul.cpp         the driver: work-group tiling, gpu.launch, pass
//
// The configuration (MatmulTileConfig) is the heuristic's
// (include/mcore/Heuristic); what it means for staging and split-K,
// KernelShape.h. Private to lib/Dialect/MCore/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMUL_H
#define MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMUL_H

#include "mcore/Dialect/MCore/IR/MCoreOps.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"
#include "mcore/Heuristic/KernelShape.h"
#include "mcore/Target/Sparsity.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <string>
#include <utility>

namespace mlir::mcore::tilematmul {

//===----------------------------------------------------------------------===//
// What the op computes (TileMatmulOperands.cpp)
//===----------------------------------------------------------------------===//

/// A matmul op as mcore-tile-matmul lowers it (a contraction, or
/// mcore.sparse_matmul, on memrefs): what it computes, its MatmulProblem,
/// and where that is in the IR.
struct MatmulOperands {
  Operation *op = nullptr;
  MatmulProblem problem;
  /// 2-D, or 3-D with a batch dimension. A compressed operand (a or b) is
  /// its values, and `meta` its metadata.
  Value a, meta, b, c;
  /// The op's loops (the TilingInterface's iteration domain) and the batch
  /// dimension of each operand; `meta` goes with the compressed operand.
  MatmulLoops loops;
  int64_t numLoops = 3;
  Type aElem, bElem, cElem;
  /// The operands swapped (Cᵀ = Bᵀ Aᵀ) relative to the op: see swapped().
  bool isSwapped = false;

  bool isBatched() const { return loops.isBatched(); }
  /// The same product as Cᵀ (N x M) += Bᵀ (N x K) * Aᵀ (K x M): the
  /// problem's swap (MatmulProblem::swapped), A and B trading values,
  /// element types and batch dimensions, M and N trading loops.
  MatmulOperands swapped() const;
};

/// Reads `op`; a located error for anything mcore-tile-matmul cannot lower.
FailureOr<MatmulOperands> getMatmulOperands(Operation *op, Chip chip);

/// "f16 x f16 -> f32" ("u8 x i8 -> i32" with an unsigned A): element types
/// as diagnostics name them.
std::string describeElementTypes(Type a, bool unsignedA, Type b,
                                 bool unsignedB, Type c);

/// Replaces the linalg contraction `op` (on memrefs) by the SIMT kernel
/// (TileMatmulSimt.cpp): work-groups of 16 x 16 work-items, each the sum of
/// one element of C, A and B tiles of 16 x 16 staged through LDS. A matmul
/// whose M, N or K is statically 0 is erased (a null LaunchOp).
FailureOr<gpu::LaunchOp> buildSimtKernel(RewriterBase &rewriter,
                                         linalg::LinalgOp op, Chip chip);

/// Whether `op` is the block-scaled (MX) contraction mcore reads
/// (TileMatmulScaled.cpp; docs/MatmulForms.md), and, for isScaledMatmul,
/// whether `chip` has a block-scaled instruction for its formats.
bool isScaledContraction(Operation *op);
bool isScaledMatmul(Operation *op, Chip chip);
/// The problem of the block-scaled contraction `op` on `chip`
/// (MatmulProblem::blockScaled), std::nullopt when `op` is not one.
std::optional<MatmulProblem> getScaledMatmulProblem(Operation *op, Chip chip);

/// Replaces the block-scaled contraction `op` by the kernel `cfg` describes
/// (the heuristic's configuration of its problem): whole-tile
/// mcore.scaled_mma ops (TileMatmulScaled.cpp). A matmul whose M, N or K is
/// statically 0 is erased (a null LaunchOp).
FailureOr<gpu::LaunchOp> buildScaledKernel(RewriterBase &rewriter,
                                           Operation *op,
                                           const MatmulTileConfig &cfg,
                                           Chip chip);

/// The op's name ("linalg.matmul", ...), for diagnostics.
StringRef describeOp(const MatmulOperands &spec);

/// The 2-D matrix of batch `batch` of `v` (whose dimension `batchDim` is the
/// batch), a rank-reducing subview; `v` itself when it has no batch
/// (TileMatmul.cpp).
Value matrixOfBatch(OpBuilder &b, Location loc, Value v, int64_t batchDim,
                    Value batch);

/// The type the instruction of `cfg` accumulates in.
Type getAccumulatorType(MLIRContext *ctx, const MatmulTileConfig &cfg);

//===----------------------------------------------------------------------===//
// Fused epilogues (TileMatmulEpilogue.cpp)
//===----------------------------------------------------------------------===//

/// The buffer `v` views (through subviews, casts, ...), or `v`.
Value getRootBuffer(Value v);

/// The attribute on a linalg op that consumes a matmul's C but stays out of
/// its kernel: the reason, which mcore-linalg-to-gpu reports.
inline constexpr llvm::StringLiteral kNotFusedAttrName = "mcore.not_fused";

/// One element-wise op of an epilogue.
struct EpilogueOp {
  linalg::LinalgOp op; ///< before fusion the original, then its tile
  /// Per operand: the epilogue buffer it is (index into Epilogue::buffers,
  /// held in registers, read element by element), or -1.
  SmallVector<int> group;
  int outGroup = -1; ///< the buffer its output is
};

/// The element-wise consumers of a matmul that its kernel applies to each
/// accumulator tile before storing it.
struct Epilogue {
  SmallVector<EpilogueOp> ops; ///< in program order
  /// The buffers the kernel holds in registers: C, then the fused outputs.
  SmallVector<Value> buffers;
  /// Per buffer: stored by the kernel (false: a temporary nothing else
  /// reads, which goes away).
  SmallVector<bool> store;
  /// The kernel's tiles are Cᵀ's (MatmulProblem::transposeC: a 2:4 weight on
  /// the right, computed as Cᵀ = W xᵀ): the fused ops' loops over C's rows
  /// and columns run along the tiles' columns and rows.
  bool transposed = false;
  bool empty() const { return ops.empty(); }
  bool storesC() const { return store.empty() || store[0]; }
};

/// The linalg ops after `spec.op` that can run in its epilogue (ops that
/// cannot get kNotFusedAttrName); their operands are moved above the
/// matmul. `cReadByKernel`: the kernel adds C's old value (no folded fill),
/// so C is not a temporary.
Epilogue planEpilogue(const MatmulOperands &spec, bool cReadByKernel);

/// Tiles the planned ops into the work-group loop after `tiledMatmul`,
/// whose tile of C is `cOffsets` x `cSizes`, through the TilingInterface.
LogicalResult fuseEpilogue(RewriterBase &rewriter, Epilogue &epilogue,
                           Operation *tiledMatmul,
                           ArrayRef<OpFoldResult> cOffsets,
                           ArrayRef<OpFoldResult> cSizes);

/// Once the kernel applied them: erases the fused ops' tiles and the
/// temporaries nobody reads.
void finishEpilogue(RewriterBase &rewriter, Epilogue &epilogue);

/// Applies an epilogue in the kernel.
class EpilogueEmitter {
public:
  EpilogueEmitter(ImplicitLocOpBuilder &b, const Epilogue &epilogue)
      : b(b), epilogue(epilogue) {}

  /// `cTile`: C's values (in C's element type) of the tile whose first
  /// element is (row, col) of the work-group tile (of Cᵀ when the epilogue
  /// is `transposed`: row and col are then C's column and row); `inBounds`:
  /// per tile dimension, the tile never crosses the matrix edge. Applies the
  /// fused ops, stores every buffer but C that is still read, and returns
  /// C's final value.
  Value emitTile(Value cTile, Value row, Value col, ArrayRef<bool> inBounds);

private:
  Value readOperand(linalg::LinalgOp op, OpOperand &operand,
                    VectorType tileType, Value row, Value col,
                    ArrayRef<bool> inBounds);
  Value applyBody(linalg::LinalgOp op, ArrayRef<Value> args,
                  VectorType tileType);

  ImplicitLocOpBuilder &b;
  const Epilogue &epilogue;
};

//===----------------------------------------------------------------------===//
// Split-K (TileMatmulSplitK.cpp)
//===----------------------------------------------------------------------===//

/// The f32 (i32) workspace [slices x C's matrix shape] of a split-K kernel,
/// allocated in host code at the rewriter's insertion point
/// (mcore-host-buffers makes it a gpu.alloc and frees it).
Value buildSplitKWorkspace(RewriterBase &rewriter, const MatmulOperands &spec,
                           const MatmulTileConfig &cfg, int64_t slices);

/// The spec of slice `split` of a split-K kernel (inside the kernel): A, B
/// and the metadata cut to its K range, C the workspace's slice in the
/// accumulator's type.
MatmulOperands sliceSplitK(ImplicitLocOpBuilder &b, const MatmulOperands &spec,
                           const MatmulTileConfig &cfg, Value workspace,
                           Value split);

/// The second kernel of a split-K matmul, at the rewriter's insertion
/// point: C = (fill, else C) + slice 0 + slice 1 + ... in this order, one
/// thread per element.
void buildSplitKReduction(RewriterBase &rewriter, const MatmulOperands &spec,
                          Value workspace, int64_t slices,
                          std::optional<Attribute> fillValue);

//===----------------------------------------------------------------------===//
// The driver (TileMatmul.cpp)
//===----------------------------------------------------------------------===//

/// The ops under `root` that mcore-configure-matmul and mcore-tile-matmul
/// handle: the contractions outside GPU kernels that read as one matmul
/// (inferMatmulContraction) and mcore.sparse_matmul. With `warn`, other
/// linalg ops that reduce get a warning that they are left alone.
SmallVector<Operation *> collectMatmuls(Operation *root, bool warn);

/// The chip of a pass run on `root` (its `chip` option, else the module's
/// target) into `options`, and the tuning table `options.tuningFile` names
/// (ConfigureMatmul.cpp). Failure with an error at `root` naming `pass`.
LogicalResult resolveMatmulPassOptions(Operation *root, StringRef chip,
                                       StringRef pass,
                                       MatmulTilingOptions &options,
                                       std::optional<TuningTable> &table);

/// What mcore-configure-matmul and mcore-tile-matmul share: both have the
/// options of MatmulConfig.def and `chip`, protected members of their
/// generated base, which this class sits on.
template <typename DerivedT, template <typename> class GeneratedBase>
class MatmulConfigPassBase : public GeneratedBase<DerivedT> {
public:
  using Generated = GeneratedBase<DerivedT>;
  using Generated::Generated;

protected:
  /// The pass's options as MatmulTilingOptions, with the chip and the
  /// tuning table resolved (resolveMatmulPassOptions).
  LogicalResult readOptions(MatmulTilingOptions &options,
                            std::optional<TuningTable> &table) {
#define MCORE_MATMUL_KNOB(NAME, ...) options.NAME = this->NAME;
#define MCORE_MATMUL_POLICY(NAME, ...) options.NAME = this->NAME;
#include "mcore/Heuristic/MatmulConfig.def"
    return resolveMatmulPassOptions(this->getOperation(),
                                    this->chip.getValue(),
                                    this->getArgument(), options, table);
  }
};

/// Replaces `spec.op` by the kernel `cfg` describes (tileMatmulToGpu once
/// the configuration is chosen), for `chip`. `spec` is the op's (swapped as
/// cfg.isSwapped() says).
FailureOr<gpu::LaunchOp> buildMatmulKernel(RewriterBase &rewriter,
                                           const MatmulOperands &spec,
                                           const MatmulTileConfig &cfg,
                                           Chip chip);

/// The constant an operand holds when the IR shows it (an arith.constant,
/// or a memref.get_global of a constant memref.global, through casts and
/// bufferization.to_buffer), and the op that defines it.
std::pair<DenseElementsAttr, Operation *> findConstant(Value v);

//===----------------------------------------------------------------------===//
// Metadata given at run time (TileMatmulMetadataCheck.cpp)
//===----------------------------------------------------------------------===//

/// Host code before `sm` (at the rewriter's insertion point) when its
/// metadata is neither a constant (mcore-tile-matmul checks that at compile
/// time) nor written by mcore.compress_2to4's kernel (canonical by
/// construction): a kernel checks that every group names two positions in
/// increasing order, and the host reports the first that does not and
/// exits with status 65 before the matmul runs.
void buildMetadataCheck(RewriterBase &rewriter, SparseMatmulOp sm);

//===----------------------------------------------------------------------===//
// Mixed signs on signed-only instructions (TileMatmulSignOffset.cpp)
//===----------------------------------------------------------------------===//

/// Host code before the matmul (at the rewriter's insertion point): a
/// buffer of `128 * sum_k` of the signed operand along K (B's columns for
/// cfg.signOffsetA, A's rows for signOffsetB), one row per batch of that
/// operand (one row when it is shared), written by a kernel of its own.
Value buildSignCorrection(RewriterBase &rewriter, const MatmulOperands &spec,
                          const MatmulTileConfig &cfg);

//===----------------------------------------------------------------------===//
// LDS staging (TileMatmulStaging.cpp)
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// The kernel body (TileMatmulKernel.cpp, with its staging and packing
// methods in TileMatmulStaging.cpp and TileMatmulPacking.cpp)
//===----------------------------------------------------------------------===//

class KernelEmitter {
public:
  KernelEmitter(ImplicitLocOpBuilder &b, const MatmulOperands &spec,
                const MatmulTileConfig &cfg, const IntrinsicInfo &intr)
      : b(b), spec(spec), cfg(cfg), intr(intr) {}

  /// The kernel of the work-group tile at (i0, j0) of C; the accumulators
  /// start at `fillValue` (else at C), and `epilogue` runs on them.
  LogicalResult emit(gpu::LaunchOp launch, Value i0, Value j0,
                     std::optional<Attribute> fillValue,
                     const Epilogue &epilogue);

  /// The buffer of buildSignCorrection: its row `batch` (row 0 when not
  /// `batched`) is added to every row (signOffsetA) or column (signOffsetB)
  /// of C in the epilogue.
  void setSignCorrection(Value buffer, bool batched, Value batch) {
    correction = buffer;
    correctionBatched = batched;
    batchIndex = batch;
  }

private:
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
  Value dim(Value memref, int64_t d) {
    auto type = cast<MemRefType>(memref.getType());
    if (!type.isDynamicDim(d))
      return idx(type.getDimSize(d));
    return memref::DimOp::create(b, memref, d);
  }
  Value zeroVector(VectorType type) {
    return arith::ConstantOp::create(b, type, b.getZeroAttr(type));
  }

  // Staging, thread level (TileMatmulStaging.cpp).
  /// Sets up opA, opB and opMeta over the launch's workgroup `buffers`.
  /// `mFull`, `nFull`, `kFull`: the static extents are multiples of the
  /// tile; `sK` is K's static extent (or dynamic).
  void planStaging(ValueRange buffers, bool mFull, bool nFull, bool kFull,
                   int64_t sK);
  int64_t chunksPerThread(const StagedOperand &s) const;
  /// Chunk `t` of this thread (tid + t x threads), wrapped modulo
  /// `totalChunks` where the tile has fewer chunks than the threads cover.
  Value wrappedChunk(int64_t t, int64_t totalChunks);
  /// (k, n) of transposed-copy chunk `chunk`: kPer rows of K, vec of N.
  /// With `packedK`, k counts LDS bytes of a packed operand (k / 2).
  std::pair<Value, Value> transposedChunk(const StagedOperand &s, Value chunk,
                                          bool packedK = false);
  SmallVector<Value> loadTile(const StagedOperand &s, Value r0, Value c0,
                              Value fullCond);
  SmallVector<Value> loadChunks(const StagedOperand &s, Value r0, Value c0,
                                bool masked);
  void storeTile(const StagedOperand &s, ArrayRef<Value> regs, Value stage);
  /// Stage `stage` of `s.lds`: its ldsRows rows, as a subview whose offset
  /// (uniform) is added once, so that the per-lane addresses inside it are
  /// loop-invariant and the loop has no multiplies by the row stride.
  Value stageView(const StagedOperand &s, Value stage);
  Value maskedLoad(Value mem, Value row, Value col, int64_t vec, Type elem,
                   Value rowBound, Value colBound, bool colsFull);
  SmallVector<Type> regTypes(const StagedOperand &s) const;
  Value zeroOf(Type t);
  scf::IfOp buildIf(TypeRange types, Value cond,
                    llvm::function_ref<SmallVector<Value>()> thenFn,
                    llvm::function_ref<SmallVector<Value>()> elseFn = {});
  SmallVector<Value> expand2to4(Value values, Value nibbles, int64_t vec);

  // Sub-byte packing (TileMatmulPacking.cpp).
  /// The registers a chunk of a packed (i4) operand is staged in (see
  /// regTypes) from its vector<vec x i4> loads.
  SmallVector<Value> packLoaded(const StagedOperand &s, ArrayRef<Value> loads);
  /// vector<n x i4> -> vector<n x i8>, each byte the element's four bits.
  Value widenNibbles(Value v);
  /// vector<n x i8> of four-bit values -> vector<n/2 x i8>, byte j holding
  /// element 2j in its low and element 2j + 1 in its high nibble.
  Value packNibbles(Value z);
  /// Two vector<n x i8> of four-bit values -> vector<n x i8>, lo | hi << 4.
  Value combineNibbles(Value lo, Value hi);
  /// vector<n x i32> of canonical metadata words -> the same words in
  /// `order` (sparse24::toNativeWord): one shift and mask per distinct
  /// nibble distance.
  Value permuteMetadata(Value words, const sparse24::NativeIndexOrder &order);
  /// vector<n x i32> words -> vector<2n x i32>: each word, then the word
  /// rotated by 16 bits (`halves` metadata).
  Value withRotatedHalves(Value words);
  /// R vector<n x i8> rows -> n vector<R x i8> columns (R = 2 or a
  /// multiple of 4, n a multiple of 4), on 32-bit words.
  SmallVector<Value> transposeBytes(ArrayRef<Value> rows);

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

  // Mixed signs (TileMatmulSignOffset.cpp).
  /// Flips the sign bit of the i8 registers of a staged chunk: u - 128.
  SmallVector<Value> flipSignBits(ArrayRef<Value> regs);
  /// The correction as an M x N matrix for the epilogue: a view of its row
  /// with a zero stride, read with `map`.
  std::pair<Value, AffineMap> correctionView();

  ImplicitLocOpBuilder &b;
  const MatmulOperands &spec;
  const MatmulTileConfig &cfg;
  const IntrinsicInfo &intr;

  Value tid, waveM, waveN;
  Value M, N, K;
  StagedOperand opA, opB, opMeta;
  bool hasMeta = false;
  /// The instruction-native order the metadata is staged in (hasMeta, and
  /// the instruction has one): each word permuted once when it is staged,
  /// so that each lane reads its index word with one shift.
  std::optional<sparse24::NativeIndexOrder> nativeMeta;
  Value correction, batchIndex;
  bool correctionBatched = false;
};

} // namespace mlir::mcore::tilematmul

#endif // MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMUL_H
