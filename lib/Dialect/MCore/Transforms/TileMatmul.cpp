//===- TileMatmul.cpp - linalg.matmul to a matrix-core GPU kernel ---------===//
//
// mcore-tile-matmul turns a linalg.matmul (or mcore.sparse_matmul) on
// memrefs into a gpu.launch whose waves compute with whole-tile mcore.mma /
// mcore.sparse_mma ops, the input of mcore-distribute. This file is the
// driver: the work-group grid comes from the TilingInterface (an scf.forall
// mapped to blocks, then the launch), and the kernel body replaces the tiled
// op. TileMatmul.h lists the files that do the rest; docs/Pipeline.md
// (section 4) shows the kernel this makes.
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"

#include "mcore/Dialect/MCore/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCORETILEMATMULPASS
#include "mcore/Dialect/MCore/Transforms/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

//===----------------------------------------------------------------------===//
// Work-group tiling: TilingInterface -> scf.forall -> gpu.launch
//===----------------------------------------------------------------------===//

/// Maps the (M, N) scf.forall produced by tiling to a gpu.launch with
/// `threads` threads per block. The trip counts may be dynamic. With
/// `groupM` > 1 the work-groups are swizzled for L2 reuse: the hardware
/// dispatches them in linear order (block.x fastest), and consecutive ones
/// walk a column of `groupM` tiles of M before moving along N, so a group
/// shares its B tiles and its A rows while they are in the cache.
static gpu::LaunchOp forallToLaunch(RewriterBase &rewriter,
                                    scf::ForallOp forall, int64_t threads,
                                    TypeRange workgroupBuffers,
                                    int64_t groupM) {
  Location loc = forall.getLoc();
  rewriter.setInsertionPoint(forall);
  AffineExpr lb, ub;
  bindSymbols(rewriter.getContext(), lb, ub);
  // Tiling with constant tile sizes gives constant steps.
  SmallVector<int64_t> steps =
      llvm::map_to_vector(forall.getMixedStep(), [](OpFoldResult s) {
        return *getConstantIntValue(s);
      });
  SmallVector<Value> counts;
  for (auto [l, u, s] : llvm::zip(forall.getMixedLowerBound(),
                                  forall.getMixedUpperBound(), steps))
    counts.push_back(affine::makeComposedAffineApply(
        rewriter, loc, (ub - lb).ceilDiv(s), {l, u}));
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value numThreads = arith::ConstantIndexOp::create(rewriter, loc, threads);
  auto launch = gpu::LaunchOp::create(
      rewriter, loc, /*gridX=*/counts[1], /*gridY=*/counts[0], one,
      numThreads, one, one, /*dynamicSharedMemorySize=*/nullptr,
      /*asyncTokenType=*/nullptr, /*asyncDependencies=*/{},
      workgroupBuffers);
  Block *body = &launch.getBody().front();
  rewriter.setInsertionPointToStart(body);
  gpu::KernelDim3 blockIds = launch.getBlockIds();
  // The grid's extents as computed on the host (constants when static, else
  // kernel arguments): gpu.grid_dim would lower to a call into ROCm's device
  // library (__ockl_get_num_groups), which the pipeline does not link.
  Value gridX = counts[1], gridY = counts[0];
  // The tile indices (M, N) of this work-group.
  Value tileM = blockIds.y, tileN = blockIds.x;
  std::optional<int64_t> staticTilesM = getConstantIntValue(counts[0]);
  if (groupM > 1 && (!staticTilesM || *staticTilesM > 1)) {
    ImplicitLocOpBuilder b(loc, rewriter);
    Value gm = arith::ConstantIndexOp::create(b, groupM);
    Value linear = arith::AddIOp::create(
        b, arith::MulIOp::create(b, blockIds.y, gridX), blockIds.x);
    Value perGroup = arith::MulIOp::create(b, gm, gridX);
    Value group = arith::DivUIOp::create(b, linear, perGroup);
    Value firstM = arith::MulIOp::create(b, group, gm);
    Value sizeM = arith::MinUIOp::create(
        b, arith::SubIOp::create(b, gridY, firstM), gm);
    Value inGroup = arith::RemUIOp::create(b, linear, perGroup);
    tileM = arith::AddIOp::create(b, firstM,
                                  arith::RemUIOp::create(b, inGroup, sizeM));
    tileN = arith::DivUIOp::create(b, inGroup, sizeM);
  }
  SmallVector<Value> ivs;
  for (auto [dim, id] : llvm::enumerate(std::array<Value, 2>{tileM, tileN})) {
    OpFoldResult l = forall.getMixedLowerBound()[dim];
    ivs.push_back(affine::makeComposedAffineApply(
        rewriter, loc, lb + ub * steps[dim], {l, id}));
  }
  Block *forallBody = forall.getBody();
  rewriter.eraseOp(forallBody->getTerminator());
  rewriter.inlineBlockBefore(forallBody, body, body->end(), ivs);
  rewriter.setInsertionPointToEnd(body);
  gpu::TerminatorOp::create(rewriter, loc);
  rewriter.eraseOp(forall);
  return launch;
}

/// The offsets of a subview with unit strides into its source, or (0, 0).
static SmallVector<OpFoldResult> getSubviewOffsets(Value v, OpBuilder &b) {
  if (auto sv = v.getDefiningOp<memref::SubViewOp>())
    if (sv.hasUnitStride())
      return sv.getMixedOffsets();
  return {b.getIndexAttr(0), b.getIndexAttr(0)};
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

/// A linalg.fill of `c` right before `op` (nothing between them touches
/// memory): its value becomes the accumulators' start and the fill goes.
static linalg::FillOp findFoldableFill(Operation *op, Value c) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (auto fill = dyn_cast<linalg::FillOp>(prev)) {
      if (fill.hasPureBufferSemantics() && fill.getDpsInits()[0] == c &&
          matchPattern(fill.getInputs()[0], m_Constant()))
        return fill;
      return nullptr;
    }
    if (!isMemoryEffectFree(prev))
      return nullptr;
  }
  return nullptr;
}

FailureOr<gpu::LaunchOp>
mlir::mcore::tileMatmulToGpu(RewriterBase &rewriter, Operation *op,
                             const MatmulTilingOptions &options) {
  if (op->getParentOfType<gpu::LaunchOp>() ||
      op->getParentOfType<gpu::GPUModuleOp>())
    return op->emitError("mcore-tile-matmul expects host code; the op is "
                         "already inside a GPU kernel");
  FailureOr<MatmulSpec> spec = getMatmulSpec(op);
  if (failed(spec))
    return failure();
  FailureOr<MatmulTileConfig> cfg = getMatmulTileConfig(op, options);
  if (failed(cfg))
    return failure();
  return buildMatmulKernel(rewriter, *spec, *cfg, options.chip);
}

FailureOr<gpu::LaunchOp>
tilematmul::buildMatmulKernel(RewriterBase &rewriter, const MatmulSpec &spec,
                              const MatmulTileConfig &cfg, Chip chip) {
  Operation *op = spec.op;
  const IntrinsicInfo &intr = *cfg.intrinsic;
  MLIRContext *ctx = op->getContext();
  Location loc = op->getLoc();

  // Fold a preceding fill of C into the accumulators.
  std::optional<Attribute> fillValue;
  if (linalg::FillOp fill = findFoldableFill(op, spec.c)) {
    Attribute value;
    matchPattern(fill.getInputs()[0], m_Constant(&value));
    auto typed = dyn_cast<TypedAttr>(value);
    if (typed && typed.getType() == spec.cElem) {
      fillValue = value;
      rewriter.eraseOp(fill);
    }
  }

  SmallVector<Type> buffers = getLdsBufferTypes(ctx, spec, cfg);

  // The element-wise consumers of C that run in the epilogue.
  Epilogue epilogue = planEpilogue(spec, /*cReadByKernel=*/!fillValue);

  // 1. Work-group tiles through the TilingInterface.
  scf::SCFTilingOptions tiling;
  tiling.setTileSizes({rewriter.getIndexAttr(cfg.tileM),
                       rewriter.getIndexAttr(cfg.tileN),
                       rewriter.getIndexAttr(0)});
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  tiling.setMapping(
      {gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimY),
       gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimX)});
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, cast<TilingInterface>(op), tiling);
  if (failed(tiled) || tiled->loops.size() != 1 ||
      !isa<scf::ForallOp>(tiled->loops.front()))
    return op->emitError("work-group tiling through the TilingInterface "
                         "failed");
  Operation *tiledOp = tiled->tiledOps.front();
  Value tileC = spec.sparse ? cast<SparseMatmulOp>(tiledOp).getC()
                            : cast<linalg::MatmulOp>(tiledOp).getDpsInits()[0];
  if (!epilogue.empty()) {
    SmallVector<OpFoldResult> offsets, sizes;
    if (auto sv = tileC.getDefiningOp<memref::SubViewOp>()) {
      offsets = sv.getMixedOffsets();
      sizes = sv.getMixedSizes();
    } else {
      offsets.assign(2, rewriter.getIndexAttr(0));
      sizes = memref::getMixedSizes(rewriter, loc, tileC);
    }
    if (failed(fuseEpilogue(rewriter, epilogue, tiledOp, offsets, sizes)))
      return failure();
  }
  rewriter.eraseOp(op);

  // 2. The forall becomes the launch grid.
  gpu::LaunchOp launch =
      forallToLaunch(rewriter, cast<scf::ForallOp>(tiled->loops.front()),
                     cfg.getNumThreads(), buffers, cfg.groupM);
  launch->setAttr("mcore.chip", ChipAttr::get(ctx, chip));

  // 3. The tile's kernel body, in place of the tiled op. The tile's origin
  // is the offset of its C subview.
  ImplicitLocOpBuilder b(loc, rewriter);
  b.setInsertionPoint(tiledOp);
  SmallVector<OpFoldResult> cOffsets = getSubviewOffsets(tileC, b);
  Value i0 = getValueOrCreateConstantIndexOp(b, loc, cOffsets[0]);
  Value j0 = getValueOrCreateConstantIndexOp(b, loc, cOffsets[1]);
  KernelEmitter emitter(b, spec, cfg, intr);
  if (failed(emitter.emit(launch, i0, j0, fillValue, epilogue)))
    return failure();
  SmallVector<Value> operands(tiledOp->getOperands());
  rewriter.eraseOp(tiledOp);
  for (Value v : operands)
    if (Operation *def = v.getDefiningOp())
      if (isa<memref::SubViewOp>(def) && def->use_empty())
        rewriter.eraseOp(def);
  finishEpilogue(rewriter, epilogue);
  return launch;
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {

struct TileMatmulPass
    : mcore::impl::MCoreTileMatmulPassBase<TileMatmulPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<Chip> target =
        resolveChip(getOperation(), chip.getValue(), getArgument());
    if (failed(target))
      return signalPassFailure();
    MatmulTilingOptions options;
    options.chip = *target;
    options.tileM = tileM;
    options.tileN = tileN;
    options.tileK = tileK;
    options.wavesM = wavesM;
    options.wavesN = wavesN;
    options.stages = stages;
    options.ldsPadBytes = ldsPadding;
    options.intrinsic = intrinsic;
    options.allowDenseFallback = allowDenseFallback;
    options.wideAccumulator = wideAccumulator;
    options.schedBarriers = schedBarriers;
    options.groupM = groupM;

    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (op->getParentOfType<gpu::LaunchOp>())
        return;
      if (isa<linalg::MatmulOp, SparseMatmulOp>(op)) {
        ops.push_back(op);
        return;
      }
      // Other contractions (batch_matmul, matvec, a generic) stay as they
      // are: say so rather than let them become host loops unnoticed.
      auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
      if (linalgOp && linalg::isaContractionOpInterface(linalgOp))
        op->emitWarning()
            << "mcore-tile-matmul only lowers linalg.matmul (and "
               "mcore.sparse_matmul) to matrix instructions; this "
            << op->getName() << " is left as it is";
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : ops)
      if (failed(tileMatmulToGpu(rewriter, op, options)))
        return signalPassFailure();
  }
};

} // namespace
