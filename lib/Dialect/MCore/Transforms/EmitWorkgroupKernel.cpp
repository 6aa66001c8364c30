//===- EmitWorkgroupKernel.cpp - A work-group's tile to its kernel body ---===//
//
// The second half of mcore-tile-matmul, and the pass
// mcore-emit-workgroup-kernel: each mcore.workgroup_matmul (one work-group's
// tile of C, as the first half leaves it in the gpu.launch) becomes the
// kernel body KernelEmitter writes (TileMatmulKernel.cpp): the copies into
// LDS, the software-pipelined K loop, the waves' MMAs and the epilogue with
// the fused ops of the op's region. Everything the body depends on is read
// back from the op: its operands, the complete #mcore.matmul_config and the
// form of the product.
//
//===----------------------------------------------------------------------===//

#include "TileMatmulKernel.h"

#include "mcore/Dialect/MCore/Transforms/Passes.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCOREEMITWORKGROUPKERNELPASS
#include "mcore/Dialect/MCore/Transforms/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

MatmulTileConfig tilematmul::getWorkgroupConfig(WorkgroupMatmulOp op) {
  const MatmulConfigFields &fields = op.getConfig().getFields();
  MatmulTileConfig cfg;
#define MCORE_MATMUL_KNOB(NAME, ...) cfg.NAME = *fields.NAME;
#include "mcore/Heuristic/MatmulConfig.def"
  // The verifier checked that the configuration is complete and its
  // instruction known.
  cfg.intrinsic = lookupIntrinsic(cfg.intrinsicName);
  cfg.sparseInstruction = cfg.intrinsic->isSparse();
  cfg.decompressA = op.getMeta() && !op.getSparseB() && !cfg.sparseInstruction;
  cfg.decompressB = op.getSparseB();
  cfg.signOffsetA = op.getSignOffsetA();
  cfg.signOffsetB = op.getSignOffsetB();
  cfg.waveSize = cfg.intrinsic->waveSize;
  return cfg;
}

/// The operands of `op` as KernelEmitter reads them; a located error for
/// element types `cfg`'s instruction does not read (A and B of its widths,
/// C integers or floats as it accumulates).
static FailureOr<MatmulOperands>
getWorkgroupOperands(WorkgroupMatmulOp op, const MatmulTileConfig &cfg) {
  MatmulOperands spec;
  spec.op = op;
  spec.a = op.getA();
  spec.b = op.getB();
  spec.c = op.getC();
  spec.meta = op.getMeta();
  spec.aElem = op.getA().getType().getElementType();
  spec.bElem = op.getB().getType().getElementType();
  spec.cElem = op.getC().getType().getElementType();
  MatmulProblem &p = spec.problem;
  for (auto [kind, type, name] :
       {std::tuple(&p.a, spec.aElem, "A"), std::tuple(&p.b, spec.bElem, "B"),
        std::tuple(&p.c, spec.cElem, "C")}) {
    std::optional<ScalarKind> k = getScalarKind(type);
    if (!k)
      return op.emitOpError() << "no matrix instruction reads " << name
                              << "'s element type " << type;
    *kind = *k;
  }
  const IntrinsicInfo &intr = *cfg.intrinsic;
  for (auto [kind, want, name] : {std::tuple(p.a, intr.a.kind, "A"),
                                  std::tuple(p.b, intr.b.kind, "B")})
    if (getBitWidth(kind) != getBitWidth(want))
      return op.emitOpError()
             << intr.name << " reads " << name << " of "
             << getScalarKindName(want) << ", not " << getScalarKindName(kind);
  Type acc = getAccumulatorType(op.getContext(), cfg);
  if (isa<FloatType>(acc) != isa<FloatType>(spec.cElem))
    return op.emitOpError() << intr.name << " accumulates in " << acc
                            << ", which C's elements (" << spec.cElem
                            << ") are not";
  p.sparseB = op.getSparseB();
  p.sparseA = op.getMeta() && !p.sparseB;
  p.transposeA = op.getTransposeA();
  p.transposeB = op.getTransposeB();
  p.transposeC = op.getTransposeC();
  p.unsignedA = op.getUnsignedA();
  p.unsignedB = op.getUnsignedB();
  return spec;
}

/// The fused ops of the op's region as the epilogue: what its attributes
/// say of their buffers. Each op must be an element-wise linalg op on
/// memrefs over the tile's two dimensions, its operands read through
/// dimensions and constants (the planning of mcore-tile-matmul makes them
/// so).
static FailureOr<Epilogue> getWorkgroupEpilogue(WorkgroupMatmulOp op) {
  Epilogue epilogue;
  epilogue.transposed = op.getTransposeC();
  epilogue.buffers.push_back(getRootBuffer(op.getC()));
  epilogue.store.push_back(true);
  if (op.getEpilogue().empty())
    return epilogue;
  epilogue.store.assign(op.getEpilogueStore()->begin(),
                        op.getEpilogueStore()->end());
  for (auto [bodyOp, attr] :
       llvm::zip(op.getEpilogue().front(), *op.getEpilogueGroups())) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(&bodyOp);
    if (!linalgOp || !linalgOp.hasPureBufferSemantics() ||
        linalgOp.getNumLoops() != 2 || !linalgOp.isAllParallelLoops() ||
        linalgOp.getNumDpsInits() != 1)
      return bodyOp.emitOpError()
             << "is not an element-wise linalg op on memrefs over the "
                "tile's two dimensions with one output, which the epilogue "
                "of mcore.workgroup_matmul takes";
    for (AffineMap map : linalgOp.getIndexingMapsArray())
      if (!llvm::all_of(map.getResults(), [](AffineExpr e) {
            return isa<AffineDimExpr, AffineConstantExpr>(e);
          }))
        return bodyOp.emitOpError()
               << "reads an operand through " << AffineMapAttr::get(map)
               << "; the epilogue reads dimensions and constants only";
    ArrayRef<int32_t> groups = cast<DenseI32ArrayAttr>(attr).asArrayRef();
    EpilogueOp fused;
    fused.op = linalgOp;
    fused.group.assign(groups.begin(), groups.end() - 1);
    fused.outGroup = groups.back();
    if (fused.outGroup == int(epilogue.buffers.size()))
      epilogue.buffers.push_back(
          getRootBuffer(linalgOp.getDpsInitOperand(0)->get()));
    epilogue.ops.push_back(fused);
  }
  return epilogue;
}

LogicalResult mlir::mcore::emitWorkgroupKernel(RewriterBase &rewriter,
                                               WorkgroupMatmulOp op) {
  auto launch = op->getParentOfType<gpu::LaunchOp>();
  if (!launch)
    return op.emitOpError("must be inside a gpu.launch, whose threads "
                          "compute the tile");
  MatmulTileConfig cfg = getWorkgroupConfig(op);
  std::optional<int64_t> threads = getConstantIntValue(launch.getBlockSizeX());
  std::optional<int64_t> threadsY = getConstantIntValue(launch.getBlockSizeY());
  std::optional<int64_t> threadsZ = getConstantIntValue(launch.getBlockSizeZ());
  if (threads != cfg.getNumThreads() || threadsY != 1 || threadsZ != 1)
    return op.emitOpError("the configuration's work-group is ")
           << cfg.getNumThreads()
           << " x 1 x 1 threads; the enclosing gpu.launch must have that "
              "block size";
  FailureOr<MatmulOperands> spec = getWorkgroupOperands(op, cfg);
  if (failed(spec))
    return failure();
  SmallVector<Type> ldsTypes = getLdsBufferTypes(op.getContext(), *spec, cfg);
  if (TypeRange(op.getLds()) != TypeRange(ldsTypes)) {
    InFlightDiagnostic diag =
        op.emitOpError("the LDS buffers of the configuration are ");
    llvm::interleaveComma(ldsTypes, diag);
    return diag;
  }
  FailureOr<Epilogue> epilogue = getWorkgroupEpilogue(op);
  if (failed(epilogue))
    return failure();

  // The fused ops go back in front of the op, where mcore-tile-matmul fused
  // them: the tile's subviews they name stay where the kernel reads them.
  for (EpilogueOp &f : epilogue->ops)
    rewriter.moveOpBefore(f.op, op);
  ImplicitLocOpBuilder b(op.getLoc(), rewriter);
  b.setInsertionPoint(op);
  KernelEmitter emitter(b, *spec, cfg, *cfg.intrinsic);
  if (Value correction = op.getSignCorrection())
    emitter.setSignCorrection(correction, /*batched=*/!!op.getBatch(),
                              op.getBatch());
  std::optional<Attribute> fill;
  if (op.getFill())
    fill = *op.getFill();
  if (failed(emitter.emit(launch.getThreadIds().x, op.getLds(), op.getI0(),
                          op.getJ0(), fill, *epilogue)))
    return failure();
  rewriter.eraseOp(op);
  finishEpilogue(rewriter, *epilogue);
  return success();
}

LogicalResult mlir::mcore::emitWorkgroupKernels(Operation *root) {
  SmallVector<WorkgroupMatmulOp> ops;
  root->walk([&](WorkgroupMatmulOp op) { ops.push_back(op); });
  IRRewriter rewriter(root->getContext());
  for (WorkgroupMatmulOp op : ops)
    if (failed(emitWorkgroupKernel(rewriter, op)))
      return failure();
  return success();
}

namespace {

struct EmitWorkgroupKernelPass
    : mcore::impl::MCoreEmitWorkgroupKernelPassBase<EmitWorkgroupKernelPass> {
  void runOnOperation() override {
    if (failed(emitWorkgroupKernels(getOperation())))
      signalPassFailure();
  }
};

} // namespace
