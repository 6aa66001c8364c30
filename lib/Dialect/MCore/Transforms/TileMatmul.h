//===- TileMatmul.h - Shared declarations of mcore-tile-matmul -*- C++ -*-===//
//
// mcore-tile-matmul is split by job (docs/Pipeline.md, section 4):
//
//   TileMatmulOperands.cpp     the op read as a MatmulProblem and its operands
//                          (MatmulOperands), the op-to-problem step
//   ConfigureMatmul.cpp    mcore-configure-matmul: the heuristic
//                          (lib/Heuristic) on each op's problem, its
//                          reasons and remarks as diagnostics
//   TileMatmulKernel.h/.cpp
//                          KernelEmitter: the kernel body, the pipelined
//                          K loop, the per-wave MMAs and the epilogue; it
//                          orders the emitters below
//   TileMatmulStaging.h/.cpp
//                          global -> registers -> LDS copies: the buffers,
//                          planStaging, OperandStager (chunking, masked
//                          edge loads, transposes)
//   TileMatmulPacking.h/.cpp
//                          ChunkPacker: a staged chunk's registers (i4
//                          packed two per byte, 2:4 expansion, metadata
//                          order)
//   TileMatmulSignOffset.h/.cpp
//                          mixed signs on signed-only instructions
//                          (SignOffsetEmitter, the host's sums)
//   TileMatmulEmitterBase.h
//                          the builder shorthands the emitters share
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
//   TileMatmul.cpp         the driver: work-group tiling, gpu.launch,
//                          mcore.workgroup_matmul, pass
//   EmitWorkgroupKernel.cpp
//                          mcore.workgroup_matmul to KernelEmitter's body,
//                          the pass mcore-emit-workgroup-kernel
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
/// cfg.isSwapped() says). Without `emitKernel`, the launch's body keeps the
/// mcore.workgroup_matmul that emitWorkgroupKernel expands.
FailureOr<gpu::LaunchOp> buildMatmulKernel(RewriterBase &rewriter,
                                           const MatmulOperands &spec,
                                           const MatmulTileConfig &cfg,
                                           Chip chip, bool emitKernel);

/// The configuration `op` holds (EmitWorkgroupKernel.cpp): its complete
/// #mcore.matmul_config, and what follows from its instruction and form
/// (the sparse instruction, the decompressed operand, the sign offsets, the
/// wave size).
MatmulTileConfig getWorkgroupConfig(WorkgroupMatmulOp op);

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

} // namespace mlir::mcore::tilematmul

#endif // MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMUL_H
