//===- LinalgToGpu.cpp - Leftover linalg ops as GPU kernels ---------------===//
//
// mcore-linalg-to-gpu: every linalg op left in host code after the matmul
// kernels exist becomes a GPU kernel through upstream's linalg -> parallel
// loops -> gpu.launch path, with a remark saying why it is not part of a
// matmul kernel. A linalg op inside a user's gpu.launch is what the IR says
// there: each work-item runs it, as loops (with a warning when the
// work-items would all write the same buffer).
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"
#include "WorkItems.h"

#include "mcore/Dialect/MCore/Transforms/Passes.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"

#include "mlir/Conversion/SCFToGPU/SCFToGPU.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCORELINALGTOGPUPASS
#include "mcore/Dialect/MCore/Transforms/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;
using namespace mlir::mcore;

/// Threads of a kernel: 256 along the last dimension, or 4 x 64 along the
/// last two.
static SmallVector<int64_t> getTileSizes(unsigned numLoops) {
  SmallVector<int64_t> sizes(numLoops, 1);
  if (numLoops == 1) {
    sizes[0] = 256;
  } else {
    sizes[numLoops - 1] = 64;
    sizes[numLoops - 2] = 4;
  }
  return sizes;
}

/// Maps the last three dimensions of `loop` to x, y, z of `first` (block or
/// thread ids), the others to sequential loops.
static LogicalResult mapLoop(scf::ParallelOp loop, gpu::Processor first) {
  MLIRContext *ctx = loop.getContext();
  unsigned n = loop.getNumLoops();
  AffineMap id = AffineMap::getMultiDimIdentityMap(1, ctx);
  SmallVector<gpu::ParallelLoopDimMappingAttr> mapping;
  for (unsigned d = 0; d < n; ++d) {
    unsigned fromLast = n - 1 - d;
    gpu::Processor p = fromLast < 3 ? gpu::Processor(unsigned(first) + fromLast)
                                    : gpu::Processor::Sequential;
    mapping.push_back(gpu::ParallelLoopDimMappingAttr::get(ctx, p, id, id));
  }
  return gpu::setMappingAttr(loop, mapping);
}

/// Why the op runs on its own.
static std::string getReason(linalg::LinalgOp op) {
  if (isBf16x3Split(op))
    return "it splits an f32 operand into the bf16 pieces of "
           "f32-precision=bf16x3 (mcore-split-f32-matmul)";
  if (auto why = op->getAttrOfType<StringAttr>("mcore.not_fused"))
    return ("it is not fused into the matmul kernel before it: " +
            why.getValue())
        .str();
  if (tilematmul::isScaledContraction(op))
    return "the chip has no block-scaled matrix instruction for this MX "
           "contraction (gfx950 and gfx1250 have; docs/MatmulForms.md)";
  if (linalg::isaContractionOpInterface(op))
    return "mcore-tile-matmul lowers linalg.matmul (and mcore.sparse_matmul) "
           "to matrix instructions, not this contraction";
  return "it is not an element-wise consumer of a matmul, which the matmul "
         "kernel would apply in its epilogue";
}

/// Whether every work-item of `launch` would write the same elements of
/// `buffer`: it is not the work-item's own (a memref.alloca in the kernel,
/// private to the work-item, or a view whose offsets or sizes depend on the
/// work-item's id).
static bool isSharedByWorkItems(Value buffer, gpu::LaunchOp launch) {
  while (Operation *def = buffer.getDefiningOp()) {
    if (isa<memref::AllocaOp>(def) && launch->isAncestor(def))
      return false;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return true;
    for (Value operand : def->getOperands())
      if (operand != view.getViewSource() &&
          dependsOnWorkItem(operand, launch))
        return false;
    buffer = view.getViewSource();
  }
  return true;
}

/// Whether some work-items only run `op`: it is in an scf.if of the kernel
/// body whose condition depends on the work-item's id (`if tid == 0`).
static bool isGuardedByWorkItem(Operation *op, gpu::LaunchOp launch) {
  for (Operation *parent = op->getParentOp(); parent != launch;
       parent = parent->getParentOp())
    if (auto branch = dyn_cast<scf::IfOp>(parent))
      if (dependsOnWorkItem(branch.getCondition(), launch))
        return true;
  return false;
}

namespace {
struct LinalgToGpuPass
    : mcore::impl::MCoreLinalgToGpuPassBase<LinalgToGpuPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> ops, inKernels;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (op->getParentOfType<gpu::LaunchOp>())
        inKernels.push_back(op);
      else if (!op->getParentOfType<gpu::GPUModuleOp>())
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : inKernels)
      if (failed(lowerPerWorkItem(rewriter, op)))
        return signalPassFailure();
    if (ops.empty())
      return;
    for (linalg::LinalgOp op : ops)
      if (failed(convert(rewriter, op)))
        return signalPassFailure();

    ConversionTarget target(getContext());
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    configureParallelLoopToGPULegality(target);
    RewritePatternSet patterns(&getContext());
    populateParallelLoopToGPUPatterns(patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      return signalPassFailure();
    finalizeParallelLoopToGPUConversion(getOperation());
  }

  /// A linalg op in a gpu.launch body: each work-item runs it (what the IR
  /// says, as for any op of a kernel body), as loops. Writing a buffer all
  /// work-items share is a race among them: a warning says so and what mcore
  /// does with the op outside the kernel.
  LogicalResult lowerPerWorkItem(IRRewriter &rewriter, linalg::LinalgOp op) {
    auto launch = op->getParentOfType<gpu::LaunchOp>();
    if (!op.hasPureBufferSemantics())
      return op->emitError()
             << op->getName()
             << " in a gpu.launch body works on tensors; each work-item runs "
                "a linalg op of a kernel body on memrefs (tensors outside "
                "kernels are bufferized)";
    std::optional<int64_t> workItems = countWorkItems(op);
    if ((!workItems || *workItems > 1) && !isGuardedByWorkItem(op, launch)) {
      for (OpOperand &init : op.getDpsInitsMutable()) {
        if (!isSharedByWorkItems(init.get(), launch))
          continue;
        op->emitWarning()
            << op->getName() << " in a gpu.launch body: "
            << (workItems ? "each of the " + std::to_string(*workItems) +
                                " work-items runs"
                          : std::string("each work-item runs"))
            << " all of it and writes the same elements of output #"
            << init.getOperandNumber() - op.getNumDpsInputs()
            << " (a race); for a kernel of "
               "work-groups, waves and matrix instructions made by mcore, "
               "put it outside the gpu.launch; for one work-item's share, "
               "give it a view of its own (indexed by the thread id) or a "
               "memref.alloca";
        break;
      }
    }
    rewriter.setInsertionPoint(op);
    if (failed(linalg::linalgOpToLoops(rewriter, op)))
      return op->emitError() << op->getName()
                             << " in a gpu.launch body: lowering it to "
                                "loops for each work-item failed";
    rewriter.eraseOp(op);
    return success();
  }

  LogicalResult convert(IRRewriter &rewriter, linalg::LinalgOp op) {
    if (!op.hasPureBufferSemantics())
      return op->emitError(getArgument())
             << " runs after bufferization; this op works on tensors";
    std::string reason = getReason(op);
    op->removeAttr("mcore.not_fused");
    Location loc = op.getLoc();
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    if (iterators.empty() ||
        iterators.front() != utils::IteratorType::parallel) {
      op->emitRemark() << op->getName()
                       << " runs as a GPU kernel of its own, on one thread "
                          "(its outermost loop is a reduction): "
                       << reason;
      // One work-group of one thread, the op's loops inside.
      rewriter.setInsertionPoint(op);
      Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
      auto launch =
          gpu::LaunchOp::create(rewriter, loc, one, one, one, one, one, one);
      rewriter.setInsertionPointToStart(&launch.getBody().front());
      auto terminator = gpu::TerminatorOp::create(rewriter, loc);
      op->moveBefore(terminator);
      rewriter.setInsertionPoint(op);
      if (failed(linalg::linalgOpToLoops(rewriter, op)))
        return op->emitError("lowering to loops failed");
      rewriter.eraseOp(op);
      return success();
    }
    op->emitRemark() << op->getName()
                     << " runs as a GPU kernel of its own: " << reason;
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::LinalgLoops> loops =
        linalg::linalgOpToParallelLoops(rewriter, op);
    if (failed(loops) || loops->empty())
      return op->emitError("lowering to parallel loops failed");
    auto parallel = dyn_cast<scf::ParallelOp>(loops->front());
    if (!parallel)
      return op->emitError("expected an scf.parallel outermost");
    rewriter.eraseOp(op);
    auto [outer, inner] =
        scf::tileParallelLoop(parallel, getTileSizes(parallel.getNumLoops()),
                              /*noMinMaxBounds=*/true);
    if (failed(mapLoop(outer, gpu::Processor::BlockX)) ||
        failed(mapLoop(inner, gpu::Processor::ThreadX)))
      return outer.emitError("mapping the loops to the GPU failed");
    return success();
  }
};
} // namespace
