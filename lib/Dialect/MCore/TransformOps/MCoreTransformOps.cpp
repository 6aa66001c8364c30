//===- MCoreTransformOps.cpp - transform.mcore.* --------------------------===//
//
// Each op calls the function behind one of mcore's passes
// (mcore/Dialect/MCore/Transforms/Transforms.h) on its targets, and reports
// the function's located errors as a definite failure.
//
//===----------------------------------------------------------------------===//

#include "mcore/Dialect/MCore/TransformOps/MCoreTransformOps.h"

#include "mcore/Dialect/MCore/IR/MCoreAttrs.h"
#include "mcore/Dialect/MCore/IR/MCoreDialect.h"
#include "mcore/Dialect/MCore/IR/MCoreOps.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::mcore;

/// The tiling options of a tile_matmul_to_gpu-like op for `chip`: its
/// attributes other than its own (`chip`, `emit_kernel`) are options of
/// MatmulConfig.def by key (setMatmulOption). A located error for one that
/// is not.
static FailureOr<MatmulTilingOptions> getTilingOptions(Operation *op,
                                                       Chip chip) {
  MatmulTilingOptions options;
  options.chip = chip;
  ArrayRef<StringAttr> own = op->getName().getAttributeNames();
  for (NamedAttribute attr : op->getAttrs()) {
    if (llvm::is_contained(own, attr.getName()))
      continue;
    std::string problem =
        setMatmulOption(options, attr.getName().getValue(), attr.getValue());
    if (!problem.empty())
      return op->emitOpError() << problem;
  }
  return options;
}

/// A located error on `op` for an unknown intrinsic name (with near names).
static InFlightDiagnostic emitUnknownIntrinsic(Operation *op, StringRef name) {
  InFlightDiagnostic diag = op->emitOpError()
                            << "unknown intrinsic '" << name << "'";
  std::vector<StringRef> near = suggestIntrinsics(name);
  if (!near.empty())
    diag << "; did you mean " << llvm::join(near, ", ") << "?";
  return diag;
}

/// A located error on `op` for an unknown chip (listing the known ones).
static InFlightDiagnostic emitUnknownChip(Operation *op, StringRef name) {
  return op->emitOpError() << "unknown chip '" << name
                           << "'; supported: " << getSupportedChipList();
}

//===----------------------------------------------------------------------===//
// tile_matmul_to_gpu
//===----------------------------------------------------------------------===//

LogicalResult transform::MCoreTileMatmulToGpuOp::verify() {
  // The options are checked against any chip; the chip itself is resolved
  // when the op applies.
  return getTilingOptions(*this, Chip::gfx1201);
}

DiagnosedSilenceableFailure transform::MCoreTileMatmulToGpuOp::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &) {
  if (!isa<linalg::MatmulOp, mcore::SparseMatmulOp>(target)) {
    DiagnosedSilenceableFailure diag =
        emitSilenceableError()
        << "expects linalg.matmul or mcore.sparse_matmul targets";
    diag.attachNote(target->getLoc()) << "target: " << target->getName();
    return diag;
  }
  FailureOr<Chip> chip = resolveChip(target, getChip(), getOperationName());
  if (failed(chip))
    return DiagnosedSilenceableFailure::definiteFailure();
  FailureOr<MatmulTilingOptions> options = getTilingOptions(*this, *chip);
  if (failed(options))
    return DiagnosedSilenceableFailure::definiteFailure();
  std::optional<TuningTable> table;
  if (failed(loadTuningTableFor(*this, getOperationName(),
                                options->tuningFile, table)))
    return DiagnosedSilenceableFailure::definiteFailure();
  FailureOr<gpu::LaunchOp> launch =
      tileMatmulToGpu(rewriter, target, *options, table ? &*table : nullptr,
                      getEmitKernel());
  if (failed(launch))
    return DiagnosedSilenceableFailure::definiteFailure();
  results.push_back(*launch);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// emit_workgroup_kernel
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure transform::MCoreEmitWorkgroupKernelOp::applyToOne(
    transform::TransformRewriter &, Operation *target,
    transform::ApplyToEachResultList &, transform::TransformState &) {
  if (failed(emitWorkgroupKernels(target)))
    return DiagnosedSilenceableFailure::definiteFailure();
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// select_intrinsics
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure transform::MCoreSelectIntrinsicsOp::applyToOne(
    transform::TransformRewriter &, Operation *target,
    transform::ApplyToEachResultList &, transform::TransformState &) {
  const IntrinsicInfo *forced = nullptr;
  if (!getIntrinsic().empty() && !(forced = lookupIntrinsic(getIntrinsic()))) {
    emitUnknownIntrinsic(*this, getIntrinsic());
    return DiagnosedSilenceableFailure::definiteFailure();
  }
  WalkResult result = target->walk([&](Operation *op) {
    if (!isa<mcore::MmaOp, mcore::SparseMmaOp>(op))
      return WalkResult::advance();
    FailureOr<Chip> chip = resolveChip(op, getChip(), getOperationName());
    if (failed(chip) || failed(selectIntrinsic(op, *chip, forced)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted()
             ? DiagnosedSilenceableFailure::definiteFailure()
             : DiagnosedSilenceableFailure::success();
}

void transform::MCoreSelectIntrinsicsOp::getEffects(
    SmallVectorImpl<MemoryEffects::EffectInstance> &effects) {
  transform::onlyReadsHandle(getTargetMutable(), effects);
  transform::modifiesPayload(effects);
}

//===----------------------------------------------------------------------===//
// distribute_to_lanes
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure transform::MCoreDistributeToLanesOp::applyToOne(
    transform::TransformRewriter &, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &) {
  if (failed(distributeToLanes(target)))
    return DiagnosedSilenceableFailure::definiteFailure();
  results.push_back(target);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// compress_2to4, lower_2to4
//===----------------------------------------------------------------------===//

DiagnosedSilenceableFailure transform::MCoreCompress2to4Op::applyToOne(
    transform::TransformRewriter &, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &) {
  if (failed(compress2to4(target)))
    return DiagnosedSilenceableFailure::definiteFailure();
  results.push_back(target);
  return DiagnosedSilenceableFailure::success();
}

DiagnosedSilenceableFailure transform::MCoreLower2to4Op::applyToOne(
    transform::TransformRewriter &rewriter, Operation *target,
    transform::ApplyToEachResultList &results, transform::TransformState &) {
  auto compress = dyn_cast<mcore::Compress2to4Op>(target);
  if (!compress) {
    DiagnosedSilenceableFailure diag = emitSilenceableError()
                                       << "expects mcore.compress_2to4 targets";
    diag.attachNote(target->getLoc()) << "target: " << target->getName();
    return diag;
  }
  FailureOr<gpu::LaunchOp> launch = lowerCompress2to4(rewriter, compress);
  if (failed(launch))
    return DiagnosedSilenceableFailure::definiteFailure();
  // A matrix with no element needs no kernel: a null result, which the
  // transform interpreter leaves out of the handle.
  results.push_back(*launch);
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// Pattern sets
//===----------------------------------------------------------------------===//

LogicalResult transform::ApplyMCoreTileMatmulPatternsOp::verify() {
  if (!parseChip(getChip()))
    return emitUnknownChip(*this, getChip());
  FailureOr<MatmulTilingOptions> options =
      getTilingOptions(*this, *parseChip(getChip()));
  if (failed(options))
    return failure();
  if (!options->intrinsicName.empty() &&
      !lookupIntrinsic(options->intrinsicName))
    return emitUnknownIntrinsic(*this, options->intrinsicName);
  return success();
}

void transform::ApplyMCoreTileMatmulPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  // The verifier checked the options.
  populateMCoreTileMatmulPatterns(
      patterns, *getTilingOptions(*this, *parseChip(getChip())));
}

void transform::ApplyMCoreDistributePatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  populateMCoreDistributePatterns(patterns);
}

LogicalResult transform::ApplyMCoreVectorContractToMmaPatternsOp::verify() {
  if (!getChip().empty() && !parseChip(getChip()))
    return emitUnknownChip(*this, getChip());
  return success();
}

void transform::ApplyMCoreVectorContractToMmaPatternsOp::populatePatterns(
    RewritePatternSet &patterns) {
  VectorContractToMmaOptions options;
  if (!getChip().empty())
    options.chip = parseChip(getChip());
  populateMCoreVectorContractToMmaPatterns(patterns, options);
}

//===----------------------------------------------------------------------===//
// Extension
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "mcore/Dialect/MCore/TransformOps/MCoreTransformOps.cpp.inc"

namespace {
class MCoreTransformDialectExtension
    : public transform::TransformDialectExtension<
          MCoreTransformDialectExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MCoreTransformDialectExtension)

  MCoreTransformDialectExtension() {
    declareGeneratedDialect<MCoreDialect>();
    declareGeneratedDialect<arith::ArithDialect>();
    declareGeneratedDialect<func::FuncDialect>();
    declareGeneratedDialect<gpu::GPUDialect>();
    declareGeneratedDialect<LLVM::LLVMDialect>();
    declareGeneratedDialect<memref::MemRefDialect>();
    declareGeneratedDialect<scf::SCFDialect>();
    declareGeneratedDialect<vector::VectorDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "mcore/Dialect/MCore/TransformOps/MCoreTransformOps.cpp.inc"
        >();
  }
};
} // namespace

void mlir::mcore::registerTransformDialectExtension(DialectRegistry &registry) {
  registry.addExtensions<MCoreTransformDialectExtension>();
}
