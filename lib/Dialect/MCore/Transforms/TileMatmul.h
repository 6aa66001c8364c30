//===- TileMatmul.h - Shared declarations of mcore-tile-matmul ---*- C++ -*-===//
//
// mcore-tile-matmul is split by job (docs/Pipeline.md, section 4):
//
//   TileMatmulSpec.cpp     what the op computes (MatmulSpec)
//   ConfigureMatmul.cpp    mcore-configure-matmul: the knobs of each op from
//                          its attribute, the options and a tuning table
//   ConfigureMatmulFormulation.cpp
//                          the heuristic's first choice: the form of a
//                          matmul with a 2:4 operand (swap-operands)
//   ConfigureMatmulHeuristic.cpp
//                          the heuristic choosing the rest of the
//                          MatmulTileConfig
//   TileMatmulLds.cpp      the LDS row padding with the fewest conflicts
//   TileMatmulSignOffset.cpp
//                          mixed signs on signed-only instructions
//   TileMatmulStaging.cpp  global -> registers -> LDS copies: chunking,
//                          masked edge loads, transposes, 2:4 expansion
//   TileMatmulPacking.cpp  sub-byte (i4) values packed two per byte
//   TileMatmulKernel.cpp   the kernel body: the pipelined K loop, the
//                          per-wave MMAs and the epilogue
//   TileMatmulEpilogue.cpp element-wise consumers of C fused into the
//                          epilogue (bias, scales, activations, casts)
//   TileMatmulSplitK.cpp   skinny tiles, split-K and its reduction kernel
//   TileMatmulStructuralZeros.cpp
//                          a decompressed 2:4 operand's pruned zeros
//                          multiply nothing (infinities and NaNs)
//   TileMatmul.cpp         the driver: work-group tiling, gpu.launch, pass
//
// TuningTable.cpp reads and writes tuning tables. Private to
// lib/Dialect/MCore/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMUL_H
#define MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMUL_H

#include "mcore/Dialect/MCore/IR/MCoreOps.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"
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
// What the op computes (TileMatmulSpec.cpp)
//===----------------------------------------------------------------------===//

/// The operands of a matmul, read off a contraction (linalg.matmul,
/// linalg.batch_matmul, a linalg.generic) or mcore.sparse_matmul on memrefs:
/// C (M x N) += A (M x K) * B (K x N), per batch.
struct MatmulSpec {
  Operation *op = nullptr;
  bool sparse = false;   ///< A is compressed: `a` = values, `meta` = metadata
  bool sparseB = false;  ///< B is compressed (stored N x K): `b` = values,
                         ///< `meta` = metadata; only ever decompressed
  bool transposeA = false; ///< A is stored K x M
  bool transposeB = false; ///< B is stored N x K
  bool transposeC = false; ///< C is stored N x M
  /// The operands swapped (Cᵀ = Bᵀ Aᵀ) relative to the op: see swapped().
  bool isSwapped = false;
  /// A compressed operand is decompressed although a sparse instruction
  /// could take it: the performance model predicted the dense form faster.
  bool denseByModel = false;
  Value a, meta, b, c; ///< 2-D, or 3-D with a batch dimension
  /// The op's loops (the TilingInterface's iteration domain) that are the
  /// batch (-1: none), M, N and K.
  int64_t loopBatch = -1, loopM = 0, loopN = 1, loopK = 2, numLoops = 3;
  /// Which dimension of each operand is the batch (-1: the operand is
  /// shared by every batch). `meta` goes with the compressed operand.
  int64_t batchDimA = -1, batchDimB = -1, batchDimC = -1;
  bool unsignedA = false, unsignedB = false;
  Type aElem, bElem, cElem;
  ScalarKind ka, kb, kc;
  Fp8Format fp8A = Fp8Format::None, fp8B = Fp8Format::None;

  bool isBatched() const { return loopBatch >= 0; }
  bool isCompressed() const { return sparse || sparseB; }
  /// The same product as Cᵀ (N x M) += Bᵀ (N x K) * Aᵀ (K x M): A and B
  /// trade places (a compressed A becomes a compressed B), every transpose
  /// flips, M and N trade loops.
  MatmulSpec swapped() const;
};

/// Reads `op`; a located error for anything mcore-tile-matmul cannot lower.
FailureOr<MatmulSpec> getMatmulSpec(Operation *op);

/// Batch (1 without one), M, N and K of `spec`, each ShapedType::kDynamic
/// when dynamic; K is the dense operand's.
std::array<int64_t, 4> getMatmulSizes(const MatmulSpec &spec);

/// The op's name ("linalg.matmul", ...), for diagnostics.
StringRef describeOp(const MatmulSpec &spec);
/// "f16 x f16 -> f32" ("u8 x i8 -> i32" with an unsigned A), for
/// diagnostics.
std::string describeTypes(const MatmulSpec &spec);

inline int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// The work-groups of `tileM` x `tileN` tiles of C over `batch` (0: one)
/// M x N matrices.
inline int64_t countWorkgroups(int64_t batch, int64_t m, int64_t n,
                               int64_t tileM, int64_t tileN) {
  return std::max<int64_t>(1, batch) * ceilDiv(m, tileM) * ceilDiv(n, tileN);
}

/// The largest power of two S, at most `most`, for which `workgroups` x S
/// work-groups fit `units` CUs in one round of one work-group each: the K
/// slices of chooseSplitK.
inline int64_t
getSlicesInOneRound(int64_t workgroups, int64_t units,
                    int64_t most = std::numeric_limits<int64_t>::max()) {
  int64_t slices = 1;
  while (slices * 2 <= most && workgroups * slices * 2 <= units)
    slices *= 2;
  return slices;
}

/// Batch, M, N, K of `spec` when all are static
/// (ConfigureMatmulFormulation.cpp).
std::optional<std::array<int64_t, 4>> getStaticSizes(const MatmulSpec &spec);

/// The 2-D matrix of batch `batch` of `v` (whose dimension `batchDim` is the
/// batch), a rank-reducing subview; `v` itself when it has no batch
/// (TileMatmul.cpp).
Value matrixOfBatch(OpBuilder &b, Location loc, Value v, int64_t batchDim,
                    Value batch);

/// Bits an element takes in global memory and in the registers staging
/// loads fill: a memref of i4 holds one element per byte.
inline int64_t storageBits(ScalarKind kind) {
  return std::max<int64_t>(8, getBitWidth(kind));
}

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
  /// The kernel's tiles are Cᵀ's (MatmulSpec::transposeC: a 2:4 weight on
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
Epilogue planEpilogue(const MatmulSpec &spec, bool cReadByKernel);

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
// The configuration (ConfigureMatmulHeuristic.cpp,
// ConfigureMatmulFormulation.cpp)
//===----------------------------------------------------------------------===//

/// The instruction and tiles for `spec` as it stands (no swap); with
/// `remarks`, the dense fallback of a 2:4 operand is remarked.
FailureOr<MatmulTileConfig> configureSpec(const MatmulSpec &spec,
                                          const MatmulTilingOptions &options,
                                          bool remarks);

/// The configuration of the op `spec` reads, in the form options.swapOperands
/// asks for; with "auto" and a compressed operand, the faster of the op's
/// own form and its swap (Cᵀ = Bᵀ Aᵀ) by the performance model; else the
/// op's form. cfg.swapOperands records the form ("never" or "always").
FailureOr<MatmulTileConfig>
chooseFormulation(const MatmulSpec &spec, const MatmulTilingOptions &options,
                  bool remarks);

//===----------------------------------------------------------------------===//
// The heuristic's shapes (ConfigureMatmulHeuristic.cpp, ConfigureMatmulShapes.cpp)
//===----------------------------------------------------------------------===//

/// LDS bytes and register estimate of a configuration (cfg.ldsBytes,
/// cfg.estimatedVgprs). LDS holds i4 packed, two per byte.
void computeCosts(MatmulTileConfig &cfg, const MatmulSpec &spec);

/// A default work-group of CDNA's unified register file: waves and the wave
/// tile.
struct LargeCdnaTile {
  int64_t wavesM, wavesN, waveM, waveN;
  /// LDS stages the tile needs (0: those already chosen).
  int64_t stages = 0;
  /// The instruction the wave tile needs (nullptr: the one chosen).
  const IntrinsicInfo *intrinsic = nullptr;
  int64_t tileM() const { return wavesM * waveM; }
  int64_t tileN() const { return wavesN * waveN; }
};

/// The larger tile of a static matmul on a CDNA chip with a unified
/// 512-register file, if it takes one (ConfigureMatmulShapes.cpp says when).
/// `cfg` holds the chosen instruction and stages.
std::optional<LargeCdnaTile>
chooseLargeCdnaTile(const MatmulSpec &spec, const ChipInfo &chip,
                    const MatmulTilingOptions &options,
                    const MatmulTileConfig &cfg);

/// Waves and wave tile an RDNA kernel of some kind takes by default, and
/// its K tile (0: the default one).
struct RdnaWaveShape {
  int64_t wavesM, wavesN, waveM, waveN, tileK = 0;
};

/// The wave shape of a static RDNA matmul of the kinds whose default 2 x 2
/// waves the tuner beat (ConfigureMatmulShapes.cpp), if it is one.
std::optional<RdnaWaveShape>
chooseRdnaWaveShape(const MatmulSpec &spec, const ChipInfo &chip,
                    const MatmulTilingOptions &options,
                    const MatmulTileConfig &cfg,
                    std::optional<std::array<int64_t, 4>> staticSizes);

/// The wave tile (of the default waves) of a static CDNA matmul whose
/// default tiles of `first` leave at least half of the CUs idle: halved
/// while its work-groups fit the CUs (ConfigureMatmulShapes.cpp); none if
/// the rule does not apply or keeps `first`.
std::optional<std::pair<int64_t, int64_t>>
chooseFewTilesCdnaWaveTile(const MatmulSpec &spec, const ChipInfo &chip,
                           const MatmulTilingOptions &options,
                           const MatmulTileConfig &cfg,
                           std::optional<std::array<int64_t, 4>> staticSizes,
                           std::pair<int64_t, int64_t> first);

/// Lengthens the K tile of such a kernel (cfg.tileK, its costs) while two
/// LDS stages and the registers fit, up to 256 bytes of A per row.
void lengthenFewTilesK(MatmulTileConfig &cfg, const MatmulSpec &spec,
                       const ChipInfo &chip,
                       const MatmulTilingOptions &options, int64_t k,
                       int64_t vgprBudget);

//===----------------------------------------------------------------------===//
// Skinny matmuls and split-K (TileMatmulSplitK.cpp)
//===----------------------------------------------------------------------===//

/// Whether the spec is skinny (its M or N static and at most 32, the other
/// larger; LLM decode): then, unless the user set tiles or waves, `tiling`
/// gets a one-instruction-high tile of 1 x 4 waves (4 x 1 for a skinny N)
/// of one instruction each: 32 columns (rows) on CDNA, where two waves are
/// taken instead when their tiles fill the CUs unsplit, and 16 on RDNA.
/// `cfg` holds the chosen instruction.
bool applySkinnyTiles(const MatmulSpec &spec, const MatmulTileConfig &cfg,
                      MatmulTilingOptions &tiling);

/// Sets cfg.splitK: the user's split-k (checked), else for a `skinny` spec
/// (and on CDNA a large one whose tiles fill at most half of the CUs) the
/// largest power of two whose work-groups fit the chip's CUs in one round,
/// at most 32 and with slices of at least 8 K tiles and 256 of K; else 1.
/// Split-K needs a static K and no batch or sign offset.
LogicalResult chooseSplitK(const MatmulSpec &spec,
                           const MatmulTilingOptions &tiling, bool skinny,
                           MatmulTileConfig &cfg);

/// CUs of the chip's first product in the performance model's table
/// (lib/Perf/Model/Products.cpp); 64 for a chip without one.
int64_t computeUnitsOf(Chip chip);

/// Multiply-adds from which a static matmul whose tiles leave much of the
/// chip idle gets more work-groups: on CDNA by splitting K
/// (TileMatmulSplitK.cpp), on RDNA by smaller tiles
/// (ConfigureMatmulHeuristic.cpp). Smaller ones would pay a second launch
/// (which the model does not count) or lose the larger tiles' intensity
/// for little.
constexpr int64_t kMinFillMacs = int64_t(1) << 30;

/// Work-groups per CU that an RDNA3 matmul of at least kMinFillMacs gets by
/// smaller tiles (ConfigureMatmulHeuristic.cpp): two per CU, four per WGP.
constexpr int64_t kRdnaFillWorkgroupsPerCU = 2;

/// K per slice of a split-K kernel (a multiple of cfg.tileK) and the
/// number of slices that covers `k`.
std::pair<int64_t, int64_t> getSplitKSlices(const MatmulTileConfig &cfg,
                                            int64_t k);

/// The f32 (i32) workspace [slices x C's matrix shape] of a split-K kernel,
/// allocated in host code at the rewriter's insertion point
/// (mcore-host-buffers makes it a gpu.alloc and frees it).
Value buildSplitKWorkspace(RewriterBase &rewriter, const MatmulSpec &spec,
                           const MatmulTileConfig &cfg, int64_t slices);

/// The spec of slice `split` of a split-K kernel (inside the kernel): A, B
/// and the metadata cut to its K range, C the workspace's slice in the
/// accumulator's type.
MatmulSpec sliceSplitK(ImplicitLocOpBuilder &b, const MatmulSpec &spec,
                       const MatmulTileConfig &cfg, Value workspace,
                       Value split);

/// The second kernel of a split-K matmul, at the rewriter's insertion
/// point: C = (fill, else C) + slice 0 + slice 1 + ... in this order, one
/// thread per element.
void buildSplitKReduction(RewriterBase &rewriter, const MatmulSpec &spec,
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
#include "mcore/Dialect/MCore/IR/MatmulConfig.def"
    return resolveMatmulPassOptions(this->getOperation(),
                                    this->chip.getValue(),
                                    this->getArgument(), options, table);
  }
};

/// Replaces `spec.op` by the kernel `cfg` describes (tileMatmulToGpu once
/// the configuration is chosen), for `chip`. `spec` is the op's (swapped as
/// cfg.isSwapped() says).
FailureOr<gpu::LaunchOp> buildMatmulKernel(RewriterBase &rewriter,
                                           const MatmulSpec &spec,
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
Value buildSignCorrection(RewriterBase &rewriter, const MatmulSpec &spec,
                          const MatmulTileConfig &cfg);

//===----------------------------------------------------------------------===//
// LDS staging (TileMatmulStaging.cpp)
//===----------------------------------------------------------------------===//

/// The workgroup buffers of the kernel: A row-major, B N-major and, with a
/// sparse instruction, the metadata words; one set of rows per stage, rows
/// padded against bank conflicts. i4 is packed two per byte in an i8
/// buffer.
SmallVector<Type> getLdsBufferTypes(MLIRContext *ctx, const MatmulSpec &spec,
                                    const MatmulTileConfig &cfg);

/// The instruction-native order the kernel stages 2:4 metadata in (K tiles
/// and instruction steps of whole metadata words), or nullopt: canonical
/// words.
std::optional<sparse24::NativeIndexOrder>
getStagedNativeOrder(const MatmulTileConfig &cfg);

/// Whether the kernel stages each native metadata word followed by its
/// 16-bit rotation (`mcore.load_sparse_index`'s `halves`): SWMMAC on 16-bit
/// operands, whose lanes then read their index without a shift.
bool stagesMetadataHalves(const MatmulTileConfig &cfg);

/// Metadata words per LDS row: the K tile's, twice over with halves.
int64_t getLdsMetadataCols(const MatmulTileConfig &cfg);

/// How a staged operand's K tile is copied (one source for the copy and for
/// the choice of LDS padding): `rows x cols` elements of a row-major global
/// tile in chunks of `vec` elements; transposed operands (stored K-major:
/// B, or a K x M A) are copied as kPer x vec blocks into tile-dim-major LDS
/// rows.
struct StagingGeometry {
  int64_t rows = 0, cols = 0, vec = 1, kPer = 1;
  bool transpose = false;
  bool pack = false; ///< sub-byte (i4) values, two per byte in LDS
};
StagingGeometry getStagingGeometry(const MatmulSpec &spec,
                                   const MatmulTileConfig &cfg,
                                   bool operandB);

/// The LDS row padding of A and B (cfg.ldsPadBytes, cfg.ldsPadBytesB) whose
/// staging stores and fragment reads of one K tile cost least on `chip`:
/// their LDS clocks, bank conflicts included (mcore/Target/LdsBanks.h), plus
/// an issue cost per LDS instruction (TileMatmulLds.cpp).
void chooseLdsPadding(MatmulTileConfig &cfg, const MatmulSpec &spec,
                      Chip chip);

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
  KernelEmitter(ImplicitLocOpBuilder &b, const MatmulSpec &spec,
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
  const MatmulSpec &spec;
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
