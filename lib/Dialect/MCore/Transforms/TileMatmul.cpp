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

#include "TileMatmulKernel.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"

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

/// What a dimension of the tiling's scf.forall is.
enum class GridRole { Batch, M, N };

/// The tile offsets of one work-group, in the kernel's terms.
struct TileOrigin {
  Value i0, j0; ///< first row (M) and column (N) of C
  Value batch;  ///< the batch, or null
  Value split;  ///< the K slice of a split-K kernel, or null
};

/// Maps the scf.forall produced by tiling (dimensions `roles`: M, N and
/// maybe the batch) to a gpu.launch with `threads` threads per block: N on
/// the grid's x, M on y, the batch (or the `splits` K slices of a split-K
/// kernel) on z. The trip counts may be dynamic.
/// With `groupM` > 1 the work-groups are swizzled for L2 reuse: the
/// hardware dispatches them in linear order (block.x fastest), and
/// consecutive ones walk a column of `groupM` tiles of M before moving along
/// N, so a group shares its B tiles and its A rows while they are in the
/// cache.
static gpu::LaunchOp forallToLaunch(RewriterBase &rewriter,
                                    scf::ForallOp forall,
                                    ArrayRef<GridRole> roles, int64_t threads,
                                    TypeRange workgroupBuffers, int64_t groupM,
                                    int64_t splits, TileOrigin &origin) {
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
  auto dimOf = [&](GridRole role) -> int64_t {
    auto it = llvm::find(roles, role);
    return it == roles.end() ? -1 : it - roles.begin();
  };
  int64_t dM = dimOf(GridRole::M), dN = dimOf(GridRole::N),
          dB = dimOf(GridRole::Batch);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value numThreads = arith::ConstantIndexOp::create(rewriter, loc, threads);
  auto launch = gpu::LaunchOp::create(
      rewriter, loc, /*gridX=*/counts[dN], /*gridY=*/counts[dM],
      /*gridZ=*/dB >= 0 ? counts[dB]
                        : arith::ConstantIndexOp::create(rewriter, loc, splits)
                              .getResult(),
      numThreads, one, one,
      /*dynamicSharedMemorySize=*/nullptr,
      /*asyncTokenType=*/nullptr, /*asyncDependencies=*/{},
      workgroupBuffers);
  Block *body = &launch.getBody().front();
  rewriter.setInsertionPointToStart(body);
  gpu::KernelDim3 blockIds = launch.getBlockIds();
  // The grid's extents as computed on the host (constants when static, else
  // kernel arguments): gpu.grid_dim would lower to a call into ROCm's device
  // library (__ockl_get_num_groups), which the pipeline does not link.
  Value gridX = counts[dN], gridY = counts[dM];
  // The tile indices (M, N) of this work-group.
  Value tileM = blockIds.y, tileN = blockIds.x;
  std::optional<int64_t> staticTilesM = getConstantIntValue(counts[dM]);
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
  for (auto [dim, role] : llvm::enumerate(roles)) {
    Value id = role == GridRole::M   ? tileM
               : role == GridRole::N ? tileN
                                     : blockIds.z;
    OpFoldResult l = forall.getMixedLowerBound()[dim];
    ivs.push_back(affine::makeComposedAffineApply(
        rewriter, loc, lb + ub * steps[dim], {l, id}));
  }
  origin.i0 = ivs[dM];
  origin.j0 = ivs[dN];
  origin.batch = dB >= 0 ? ivs[dB] : Value();
  origin.split = splits > 1 ? blockIds.z : Value();
  Block *forallBody = forall.getBody();
  rewriter.eraseOp(forallBody->getTerminator());
  rewriter.inlineBlockBefore(forallBody, body, body->end(), ivs);
  rewriter.setInsertionPointToEnd(body);
  gpu::TerminatorOp::create(rewriter, loc);
  rewriter.eraseOp(forall);
  return launch;
}

Type tilematmul::getAccumulatorType(MLIRContext *ctx,
                                    const MatmulTileConfig &cfg) {
  // Accumulators are f32, f16, bf16 or i32: no fp8 encoding to choose.
  return getMLIRType(ctx, cfg.getAccumulatorKind(), Fp8Format::None);
}

Value tilematmul::matrixOfBatch(OpBuilder &b, Location loc, Value v,
                                int64_t batchDim, Value batch) {
  if (!v || batchDim < 0)
    return v;
  auto type = cast<MemRefType>(v.getType());
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    strides.push_back(b.getIndexAttr(1));
    if (d == batchDim) {
      offsets.push_back(batch);
      sizes.push_back(b.getIndexAttr(1));
      continue;
    }
    offsets.push_back(b.getIndexAttr(0));
    sizes.push_back(memref::getMixedSize(b, loc, v, d));
    shape.push_back(type.getDimSize(d));
  }
  MemRefType result = memref::SubViewOp::inferRankReducedResultType(
      shape, type, offsets, sizes, strides);
  return memref::SubViewOp::create(b, loc, result, v, offsets, sizes,
                                   strides);
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

/// Whether `op` or an op inside it has an operand that is `root` or a view
/// of it.
static bool namesBuffer(Operation *op, Value root) {
  return op
      ->walk([&](Operation *nested) {
        for (Value v : nested->getOperands())
          if (isa<MemRefType>(v.getType()) && getRootBuffer(v) == root)
            return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

/// A linalg.fill of `c` before `op` that can move down to it: every op in
/// between is free of memory effects or, when C is a buffer the function
/// allocates (which no other value aliases), never names C or a view of it
/// (the kernel compressing a 2:4 weight, between the fill and the matmul of
/// a weight on the right). Its value becomes the accumulators' start and
/// the fill goes.
static linalg::FillOp findFoldableFill(Operation *op, Value c) {
  Value root = getRootBuffer(c);
  bool allocated = root.getDefiningOp<memref::AllocOp>() != nullptr;
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (auto fill = dyn_cast<linalg::FillOp>(prev)) {
      if (fill.hasPureBufferSemantics() && fill.getDpsInits()[0] == c &&
          matchPattern(fill.getInputs()[0], m_Constant()))
        return fill;
      return nullptr;
    }
    if (!isMemoryEffectFree(prev) && !(allocated && !namesBuffer(prev, root)))
      return nullptr;
  }
  return nullptr;
}

FailureOr<gpu::LaunchOp>
mlir::mcore::tileMatmulToGpu(RewriterBase &rewriter, Operation *op,
                             const MatmulTilingOptions &options,
                             const TuningTable *table, bool emitKernel) {
  if (op->getParentOfType<gpu::LaunchOp>() ||
      op->getParentOfType<gpu::GPUModuleOp>())
    return op->emitError("mcore-tile-matmul expects host code; the op is "
                         "already inside a GPU kernel");
  // Block-scaled (MX) contractions on the chip's block-scaled instructions.
  if (isScaledContraction(op)) {
    FailureOr<MatmulTileConfig> cfg = configureMatmul(op, options, table);
    if (failed(cfg))
      return failure();
    return buildScaledKernel(rewriter, op, *cfg, options.chip);
  }
  // The SIMT kernel: as mcore-configure-matmul marked the op, or (for the
  // pass alone) as the options say.
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    if (op->hasAttr(kSimtMatmulAttrName))
      return buildSimtKernel(rewriter, linalgOp, options.chip);
    if (!op->hasAttr(MatmulConfigAttr::getAttrName()))
      if (std::optional<std::string> simt =
              getSimtMatmulReason(op, options)) {
        op->emitRemark() << *simt;
        return buildSimtKernel(rewriter, linalgOp, options.chip);
      }
  }
  FailureOr<MatmulOperands> spec = getMatmulOperands(op, options.chip);
  if (failed(spec))
    return failure();
  FailureOr<MatmulTileConfig> cfg = configureMatmul(op, options, table);
  if (failed(cfg))
    return failure();
  // C += A * B with M, N or K statically 0 leaves C as it is: no kernel (a
  // K = 0 kernel would only copy C through whole-tile vectors that never
  // meet an MMA, and an empty grid cannot be launched).
  auto cType = cast<ShapedType>(spec->c.getType());
  auto bType = cast<ShapedType>(spec->b.getType());
  int64_t k = bType.getDimSize(spec->problem.transposeB ? 1 : 0);
  if (cType.getDimSize(0) == 0 || cType.getDimSize(1) == 0 || k == 0) {
    rewriter.eraseOp(op);
    return gpu::LaunchOp();
  }
  return buildMatmulKernel(rewriter, *spec, *cfg, options.chip, emitKernel);
}

FailureOr<gpu::LaunchOp>
tilematmul::buildMatmulKernel(RewriterBase &rewriter,
                              const MatmulOperands &opSpec,
                              const MatmulTileConfig &cfg, Chip chip,
                              bool emitKernel) {
  // The operands as the kernel computes with them.
  MatmulOperands spec =
      cfg.isSwapped() != opSpec.isSwapped ? opSpec.swapped() : opSpec;
  Operation *op = spec.op;
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

  // Split-K: the kernel writes partial tiles to a workspace, a second
  // kernel adds them to C (TileMatmulSplitK.cpp).
  int64_t splits = cfg.splitK;
  if (splits > 1 && !epilogue.empty()) {
    op->emitRemark() << "K is not split into " << splits
                     << " slices: the matmul has a fused epilogue, which "
                        "needs the whole sum";
    splits = 1;
  }
  Value workspace;
  if (splits > 1) {
    rewriter.setInsertionPoint(op);
    workspace = buildSplitKWorkspace(rewriter, spec, cfg, splits);
  }

  // Mixed signs on signed-only instructions: the sums the epilogue adds,
  // computed by a kernel of their own first.
  rewriter.setInsertionPoint(op);
  // 2:4 metadata given at run time is checked before the matmul reads it.
  if (auto sm = dyn_cast<SparseMatmulOp>(op))
    buildMetadataCheck(rewriter, sm);
  Value correction;
  if (cfg.signOffsetA || cfg.signOffsetB)
    correction = buildSignCorrection(rewriter, spec, cfg);

  // 1. Work-group tiles through the TilingInterface: the batch one at a
  // time, M and N by the tile, K whole.
  scf::SCFTilingOptions tiling;
  SmallVector<OpFoldResult> tileSizes(spec.numLoops, rewriter.getIndexAttr(0));
  tileSizes[spec.loops.m] = rewriter.getIndexAttr(cfg.tileM);
  tileSizes[spec.loops.n] = rewriter.getIndexAttr(cfg.tileN);
  if (spec.isBatched())
    tileSizes[spec.loops.batch] = rewriter.getIndexAttr(1);
  SmallVector<GridRole> roles;
  SmallVector<Attribute> mapping;
  for (int64_t loop = 0; loop < spec.numLoops; ++loop) {
    if (loop == spec.loops.m) {
      roles.push_back(GridRole::M);
      mapping.push_back(
          gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimY));
    } else if (loop == spec.loops.n) {
      roles.push_back(GridRole::N);
      mapping.push_back(
          gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimX));
    } else if (loop == spec.loops.batch) {
      roles.push_back(GridRole::Batch);
      mapping.push_back(
          gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimZ));
    }
  }
  tiling.setTileSizes(tileSizes);
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  tiling.setMapping(mapping);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, cast<TilingInterface>(op), tiling);
  if (failed(tiled) || tiled->loops.size() != 1 ||
      !isa<scf::ForallOp>(tiled->loops.front()))
    return op->emitError("work-group tiling through the TilingInterface "
                         "failed");
  Operation *tiledOp = tiled->tiledOps.front();
  if (!epilogue.empty()) {
    Value tileC = cast<DestinationStyleOpInterface>(tiledOp).getDpsInits()[0];
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
  TileOrigin origin;
  gpu::LaunchOp launch = forallToLaunch(
      rewriter, cast<scf::ForallOp>(tiled->loops.front()), roles,
      cfg.getNumThreads(), buffers, cfg.groupM, splits, origin);
  launch->setAttr("mcore.chip", ChipAttr::get(ctx, chip));

  // 3. The work-group's tile, mcore.workgroup_matmul in place of the tiled
  // op, on the matrices of the work-group's batch; then, unless the caller
  // stops there, its kernel body (EmitWorkgroupKernel.cpp), from what the
  // op holds.
  ImplicitLocOpBuilder b(loc, rewriter);
  b.setInsertionPoint(tiledOp);
  MatmulOperands local = spec;
  local.a = matrixOfBatch(b, loc, spec.a, spec.loops.batchDimA, origin.batch);
  local.b = matrixOfBatch(b, loc, spec.b, spec.loops.batchDimB, origin.batch);
  local.c = matrixOfBatch(b, loc, spec.c, spec.loops.batchDimC, origin.batch);
  local.meta = matrixOfBatch(b, loc, spec.meta,
                             spec.problem.sparseA ? spec.loops.batchDimA
                                                  : spec.loops.batchDimB,
                             origin.batch);
  std::optional<Attribute> kernelFill = fillValue;
  if (workspace) {
    local = sliceSplitK(b, local, cfg, workspace, origin.split);
    kernelFill = b.getZeroAttr(local.cElem);
  }
  // The correction has a row per batch when the summed operand has one.
  bool batchedCorrection =
      correction && (cfg.signOffsetA ? spec.loops.batchDimB >= 0
                                     : spec.loops.batchDimA >= 0);
  auto unit = [&](bool set) { return set ? b.getUnitAttr() : UnitAttr(); };
  TypedAttr fill = kernelFill ? cast<TypedAttr>(*kernelFill) : TypedAttr();
  ArrayAttr groups;
  DenseBoolArrayAttr store;
  if (!epilogue.empty()) {
    SmallVector<Attribute> perOp;
    for (const EpilogueOp &f : epilogue.ops) {
      SmallVector<int32_t> g(f.group.begin(), f.group.end());
      g.push_back(f.outGroup);
      perOp.push_back(b.getDenseI32ArrayAttr(g));
    }
    groups = b.getArrayAttr(perOp);
    store = b.getDenseBoolArrayAttr(epilogue.store);
  }
  const MatmulProblem &p = local.problem;
  auto tile = WorkgroupMatmulOp::create(
      b, local.a, local.b, local.c, local.meta, origin.i0, origin.j0,
      launch.getWorkgroupAttributions(), correction,
      batchedCorrection ? origin.batch : Value(),
      MatmulConfigAttr::get(ctx, cfg.getKnobs()), unit(p.transposeA),
      unit(p.transposeB), unit(p.transposeC), unit(p.unsignedA),
      unit(p.unsignedB), unit(p.sparseB), unit(cfg.signOffsetA),
      unit(cfg.signOffsetB), fill, groups, store);
  if (!epilogue.empty()) {
    Block *body = &tile.getEpilogue().emplaceBlock();
    for (const EpilogueOp &f : epilogue.ops)
      rewriter.moveOpBefore(f.op, body, body->end());
  }
  // What the op says of the configuration is what the kernel was
  // configured with (the fields not in #mcore.matmul_config follow from
  // the op's form and instruction).
  MatmulTileConfig held = getWorkgroupConfig(tile);
  if (held.waveSize != cfg.waveSize ||
      held.sparseInstruction != cfg.sparseInstruction ||
      held.decompressA != cfg.decompressA ||
      held.decompressB != cfg.decompressB)
    return tile.emitOpError("does not hold the configuration ")
           << cfg.describe() << " (internal error of mcore-tile-matmul)";
  SmallVector<Value> operands(tiledOp->getOperands());
  rewriter.eraseOp(tiledOp);
  for (Value v : operands)
    if (Operation *def = v.getDefiningOp())
      if (isa<memref::SubViewOp>(def) && def->use_empty())
        rewriter.eraseOp(def);
  if (workspace) {
    rewriter.setInsertionPointAfter(launch);
    buildSplitKReduction(rewriter, spec, workspace, splits, fillValue);
  }
  if (emitKernel && failed(emitWorkgroupKernel(rewriter, tile)))
    return failure();
  return launch;
}

SmallVector<Operation *> tilematmul::collectMatmuls(Operation *root,
                                                    bool warn) {
  // Every contraction outside kernels: those mcore can read as one matmul
  // become kernels; any other linalg op that reduces stays as it is, with a
  // warning that says why (mcore-linalg-to-gpu makes it a kernel of its own).
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (op->getParentOfType<gpu::LaunchOp>())
      return;
    if (isa<SparseMatmulOp>(op)) {
      ops.push_back(op);
      return;
    }
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || linalgOp.getNumReductionLoops() == 0)
      return;
    std::string reason;
    bool isMatmul;
    {
      ScopedDiagnosticHandler capture(op->getContext(), [&](Diagnostic &d) {
        if (reason.empty())
          reason = d.str();
        return success();
      });
      MatmulProblem problem;
      isMatmul = succeeded(inferMatmulContraction(op, problem));
    }
    if (isMatmul) {
      ops.push_back(op);
      return;
    }
    if (warn)
      op->emitWarning() << "this " << op->getName()
                        << " is not a matmul kernel (mcore-linalg-to-gpu "
                           "runs it as loops in a GPU kernel of its own): "
                        << reason;
  });
  return ops;
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {

struct TileMatmulPass
    : MatmulConfigPassBase<TileMatmulPass,
                           mcore::impl::MCoreTileMatmulPassBase> {
  using MatmulConfigPassBase::MatmulConfigPassBase;

  void runOnOperation() override {
    MatmulTilingOptions options;
    std::optional<TuningTable> table;
    if (failed(readOptions(options, table)))
      return signalPassFailure();
    IRRewriter rewriter(&getContext());
    // Block-scaled contractions the chip has instructions for (the others
    // stay, with collectMatmuls' warning, for mcore-linalg-to-gpu).
    SmallVector<Operation *> scaled;
    getOperation()->walk([&](Operation *op) {
      if (!op->getParentOfType<gpu::LaunchOp>() &&
          isScaledMatmul(op, options.chip))
        scaled.push_back(op);
    });
    for (Operation *op : scaled)
      if (failed(tileMatmulToGpu(rewriter, op, options,
                                 table ? &*table : nullptr, emitKernel)))
        return signalPassFailure();
    for (Operation *op : collectMatmuls(getOperation(), /*warn=*/true))
      if (failed(tileMatmulToGpu(rewriter, op, options,
                                 table ? &*table : nullptr, emitKernel)))
        return signalPassFailure();
  }
};

} // namespace
