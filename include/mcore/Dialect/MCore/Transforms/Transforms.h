//===- Transforms.h - mcore transformations as functions --------*- C++ -*-===//
//
// The transformations behind mcore's passes, callable from another compiler
// without the pass (and from the transform ops, TransformOps/): matmul
// tiling to a GPU kernel, 2:4 compression and its runtime lowering,
// intrinsic selection, distribution to lanes, vector.contract to mcore ops;
// and the same as pattern sets (populate*Patterns).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_DIALECT_MCORE_TRANSFORMS_TRANSFORMS_H
#define MCORE_DIALECT_MCORE_TRANSFORMS_TRANSFORMS_H

#include "mcore/Heuristic/Heuristic.h"
#include "mcore/Target/Catalog.h"
#include "mcore/Target/Chip.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Support/LLVM.h"

#include <optional>
#include <string>

namespace mlir {
class DialectRegistry;
class RewritePatternSet;
namespace gpu {
class LaunchOp;
} // namespace gpu
namespace mcore {
class Compress2to4Op;
class WorkgroupMatmulOp;

//===----------------------------------------------------------------------===//
// Matmul tiling (mcore-tile-matmul)
//===----------------------------------------------------------------------===//

/// Sets the knob or option of MatmulConfig.def whose key (its option with _
/// for -: "tile_m", "swap_operands", "allow_dense_fallback") is `key` from
/// `value`, an integer, bool or string attribute as the option's type.
/// Returns "" or the problem (an unknown key lists the keys).
std::string setMatmulOption(MatmulTilingOptions &options, StringRef key,
                            Attribute value);

/// Where a matmul's dimensions are in a contraction op: the op's loops
/// that are the batch (-1: none), M, N and K, and the dimension of each
/// operand that is the batch (-1: the operand has none and is shared by
/// every batch).
struct MatmulLoops {
  int64_t batch = -1, m = 0, n = 1, k = 2;
  int64_t batchDimA = -1, batchDimB = -1, batchDimC = -1;

  bool isBatched() const { return batch >= 0; }
};

/// Reads a linalg op (tensors or memrefs) as one matmul, C (M x N) += A (M
/// x K) * B (K x N) per batch: upstream's contraction inference
/// (linalg::inferContractionDims) must find one M, N and K and at most one
/// batch dimension (a second M or N dimension of an operand the batch
/// shares is taken as the batch), every indexing map must be a projection,
/// the batch must not be an operand's innermost dimension, and the body
/// must be out + ext(a) * ext(b), each `ext` an arith.extsi / extui / extf
/// or none. Also reads an mcore.sparse_matmul. Sets the transposes, the
/// shared operands and the signedness of `problem` (not its sizes and
/// types). A located error otherwise.
FailureOr<MatmulLoops> inferMatmulContraction(Operation *op,
                                              MatmulProblem &problem);

/// The op-to-problem step: the MatmulProblem of `op` (a linalg contraction
/// or mcore.sparse_matmul on memrefs, as inferMatmulContraction reads it,
/// or the block-scaled contraction of docs/MatmulForms.md) for `chip`, which the heuristic configures; a located error for anything
/// mcore-tile-matmul cannot lower.
FailureOr<MatmulProblem> getMatmulProblem(Operation *op, Chip chip);

/// The configuration of `op`, knob by knob from the first that sets it:
/// the op's #mcore.matmul_config (attribute mcore.matmul_config), the knobs
/// `options` force, the entry of `table` (may be null) that matches the
/// op, the heuristic (mcore/Heuristic/Heuristic.h, configureMatmul on the
/// op's problem). The heuristic's reason is an error located at the op,
/// with a note naming where the knobs it forced came from; with `remarks`
/// (and unless the op's configuration is complete), its remarks are
/// remarks at the op. Does not change the op.
FailureOr<MatmulTileConfig> configureMatmul(Operation *op,
                                            const MatmulTilingOptions &options,
                                            const TuningTable *table = nullptr,
                                            bool remarks = true);

/// The attribute mcore-configure-matmul puts on a matmul that a SIMT
/// kernel computes (getSimtMatmulReason's reason), for mcore-tile-matmul.
inline constexpr llvm::StringLiteral kSimtMatmulAttrName = "mcore.simt";

/// Why a SIMT kernel computes `op` (a linalg contraction on memrefs or
/// tensors): no matrix instruction of options.chip computes its element
/// types, which are floats of 16 to 64 bits or integers of 8 to 64 bits,
/// and neither options.strict, a forced instruction (options.intrinsicName
/// or the op's #mcore.matmul_config) nor an f32-precision other than ieee
/// asks for a matrix instruction. std::nullopt otherwise (the matrix kernel,
/// whose configuration reports what does not fit). A 2:4 operand is never
/// computed by the SIMT kernel.
std::optional<std::string>
getSimtMatmulReason(Operation *op, const MatmulTilingOptions &options);

/// The tuning table of `path` for the pass `pass` run on `anchor`: stays
/// std::nullopt when `path` is empty; failure, with an error at `anchor`
/// naming the pass, when it does not load.
LogicalResult loadTuningTableFor(Operation *anchor, StringRef pass,
                                 StringRef path,
                                 std::optional<TuningTable> &table);

/// Tiles `op` into a gpu.launch: a work-group grid from the TilingInterface
/// (scf.forall mapped to blocks), a software-pipelined K loop that stages A
/// and B through double-buffered LDS with 128-bit global loads, and
/// whole-tile mcore.mma / mcore.sparse_mma ops per wave. The configuration
/// is configureMatmul's. Replaces `op`. A matmul whose M, N or K is
/// statically 0 leaves C unchanged: it is erased, and the result is a null
/// LaunchOp. Without `emitKernel`, a matrix-instruction kernel's body is
/// the mcore.workgroup_matmul of the work-group's tile (the block-scaled
/// and SIMT kernels are whole either way).
FailureOr<gpu::LaunchOp> tileMatmulToGpu(RewriterBase &rewriter,
                                         Operation *op,
                                         const MatmulTilingOptions &options,
                                         const TuningTable *table = nullptr,
                                         bool emitKernel = true);

/// Replaces `op` by the body of its work-group's kernel: the copies of A,
/// B and the metadata into LDS, the software-pipelined K loop, the waves'
/// whole-tile mcore.mma / mcore.sparse_mma ops and the epilogue with the
/// fused ops of its region (mcore-emit-workgroup-kernel). A located error
/// when `op` is not inside a gpu.launch of the configuration's threads or
/// its LDS buffers or epilogue are not the configuration's.
LogicalResult emitWorkgroupKernel(RewriterBase &rewriter,
                                  WorkgroupMatmulOp op);

/// emitWorkgroupKernel on every mcore.workgroup_matmul under `root` (and
/// `root` itself).
LogicalResult emitWorkgroupKernels(Operation *root);

//===----------------------------------------------------------------------===//
// 2:4 compression (mcore-compress-2to4, mcore-lower-compress-2to4)
//===----------------------------------------------------------------------===//
// f32 from bf16 pieces (f32-precision=bf16x3)
//===----------------------------------------------------------------------===//

/// Rewrites every f32 x f32 -> f32 contraction on memrefs under `root`
/// (those mcore-tile-matmul takes, outside GPU kernels) into the bf16x3 form:
/// A and B split into bf16 pieces (x0 = bf16(x), x1 = bf16(x - x0)) by
/// element-wise ops, then C += A1 B0, C += A0 B1, C += A0 B0 as bf16 x bf16
/// -> f32 contractions with the op's indexing maps (docs/Pipeline.md, "f32
/// from bf16 pieces"). A contraction on tensors is an error (the pass runs
/// after bufferization).
LogicalResult splitF32Matmuls(Operation *root);

/// Whether `op` is one of splitF32Matmuls' element-wise splits.
bool isBf16x3Split(Operation *op);

//===----------------------------------------------------------------------===//

/// Whether `type` is a tensor with the 2:4 sparse_tensor encoding
/// `(i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])`.
bool is2to4Encoded(Type type);

/// Rewrites `func`: every linalg.matmul whose A has the 2:4 encoding
/// becomes mcore.sparse_matmul on compressed operands; constant A is
/// compressed now (a non-2:4 constant is an error naming the first violating
/// row and group), any other A through mcore.compress_2to4. 2:4-encoded
/// function arguments and results are passed in dense form.
LogicalResult compress2to4(Operation *root);

/// Lowers every memref mcore.compress_2to4 under `root` to a GPU kernel that
/// compresses and validates, followed by host code that reports the first
/// violating row and group and exits with status 65.
LogicalResult lowerCompress2to4(Operation *root);

/// Lowers one memref mcore.compress_2to4 (in host code, in a module that
/// gets the error reporter) as lowerCompress2to4 does, through `rewriter`;
/// returns the kernel's gpu.launch, null for a matrix with no element
/// (which needs no kernel).
FailureOr<gpu::LaunchOp> lowerCompress2to4(RewriterBase &rewriter,
                                           Compress2to4Op op);

/// Patterns tiling every linalg.matmul / mcore.sparse_matmul outside GPU
/// kernels into a gpu.launch as tileMatmulToGpu does, with `options`. A
/// matmul the chip cannot compute (or options that do not fit it) is not
/// matched; the reason, which mcore-tile-matmul reports as an error, is the
/// match failure's.
void populateMCoreTileMatmulPatterns(RewritePatternSet &patterns,
                                     const MatmulTilingOptions &options);

//===----------------------------------------------------------------------===//
// Intrinsic selection (mcore-select-intrinsics)
//===----------------------------------------------------------------------===//

/// Gives `op`, a whole-tile mcore.mma or mcore.sparse_mma without an
/// intrinsic, the best instruction of `chip` for its tile and types, or
/// `forced` when given (which must fit); an op that names its intrinsic is
/// checked against the chip (and its fp8 encoding). A located error that
/// lists what the chip has otherwise.
LogicalResult selectIntrinsic(Operation *op, Chip chip,
                              const IntrinsicInfo *forced = nullptr);

//===----------------------------------------------------------------------===//
// Distribution (mcore-distribute)
//===----------------------------------------------------------------------===//

/// Rewrites the whole-tile mcore.mma / mcore.sparse_mma under `root` (which
/// need their intrinsic) and the values feeding them (transfers, sparse
/// index loads, splat constants, element-wise ops, transposes, bitcasts,
/// scf.for iter_args) into per-lane code from the intrinsics' layouts, as
/// mcore-distribute does. A located error for a value it cannot distribute
/// (the IR may then be partly rewritten).
LogicalResult distributeToLanes(Operation *root);

/// A pattern distributing the whole-tile code of each gpu.launch and
/// function (gpu.func, func.func) that has whole-tile mcore ops, as
/// distributeToLanes does: layouts are assigned over the kernel's dataflow,
/// so the kernel is the unit of rewriting. The kernel is rewritten on a
/// copy that replaces it only when all of it distributes; otherwise nothing
/// changes and the reason is the match failure's.
void populateMCoreDistributePatterns(RewritePatternSet &patterns);

//===----------------------------------------------------------------------===//
// vector.contract to whole-tile mcore ops (mcore-vector-contract-to-mma)
//===----------------------------------------------------------------------===//

struct VectorContractToMmaOptions {
  /// The target; when unset, each contraction's own: the mcore.chip
  /// attribute of an enclosing op or the #rocdl.target of its gpu.module.
  std::optional<Chip> chip;
  /// How a vector.contract marked neither mcore.wave nor mcore.work_item is
  /// read: false, each work-item's (upstream's meaning, the pipeline's);
  /// true, the wave's (every contraction is a whole-tile product).
  bool unmarkedIsWave = false;
};

/// Whether `op` is the wave's contraction under `options`: marked
/// mcore.wave, or unmarked and options.unmarkedIsWave.
bool isWaveContraction(Operation *op, const VectorContractToMmaOptions &options);

/// Patterns turning a vector.contract of the wave (isWaveContraction) that is
/// exactly one catalog instruction of the chip (D = A * B + C on 2-D tiles,
/// operands in either orientation, inputs possibly extended from narrower
/// types, a 2:4 A given as mcore.expand_2to4) into a whole-tile mcore.mma /
/// mcore.sparse_mma with the instruction set, for mcore-distribute. Others
/// are left alone.
void populateMCoreVectorContractToMmaPatterns(
    RewritePatternSet &patterns,
    const VectorContractToMmaOptions &options = {});

/// Splits every vector.contract of the wave (isWaveContraction) under `root`
/// that no instruction computes whole, but whose tile an instruction of the
/// chip divides, into
/// instruction tiles: upstream's vector unrolling of the contraction and of
/// the transfers, element-wise ops and transposes around it, plus the
/// slicing of mcore.expand_2to4, mcore.load_sparse_index and loop-carried
/// accumulators. Fails only if the rewrite does not converge.
LogicalResult unrollVectorContractsToIntrinsics(
    Operation *root, const VectorContractToMmaOptions &options = {});

/// Registers the BufferizableOpInterface of mcore.sparse_matmul and
/// mcore.compress_2to4.
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);

} // namespace mcore
} // namespace mlir

#endif // MCORE_DIALECT_MCORE_TRANSFORMS_TRANSFORMS_H
