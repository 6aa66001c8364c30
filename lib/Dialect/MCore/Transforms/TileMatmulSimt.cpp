//===- TileMatmulSimt.cpp - Matmuls no matrix instruction computes --------===//
//
// A matmul whose element types no matrix instruction of the chip reads (f32
// on RDNA, f64 on RDNA and gfx908, i16, i32, mixed f16 x bf16, ...) is not
// refused: mcore-configure-matmul marks it (kSimtMatmulAttrName, with a
// remark saying why), and mcore-tile-matmul replaces it by the SIMT kernel
// built here. strict=true makes it an error instead, which the heuristic
// words with the types the chip's instructions read.
//
// The kernel is the classic shared-memory tiled matmul (CUDA C Programming
// Guide, "Shared Memory"; Kirk and Hwu, "Programming Massively Parallel
// Processors", chapter 5): work-groups of 16 x 16 work-items each own a
// 16 x 16 tile of C, one element per work-item; per step of 16 along K every
// work-item copies one element of A and one of B into LDS (zero outside the
// matrices), a barrier, then each work-item runs the op's own body (out +
// ext(a) * ext(b), cloned) over the step's K elements of its row of A and
// column of B, accumulating in a register in C's type, in the order k = 0,
// 1, ..., K - 1. Operand indices come from the op's indexing maps, so
// transposed, batched and shared operands and dynamic sizes need nothing of
// their own. No register blocking and no vector loads: it is correct and
// reasonably fast, not a match for a matrix unit.
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

/// Work-items along each side of a work-group's square tile of C, and the
/// K step staged through LDS.
static constexpr int64_t kSimtTile = 16;

/// Element types the SIMT kernel computes with: LLVM floats (f16, bf16, f32,
/// f64), integers of 8 to 64 bits, and the MX formats FP4, FP6 and BF6 (one
/// element per byte in memory; mcore-expand-narrow-floats computes their
/// extension). (LLVM has no fp8 type, which only some chips convert;
/// sub-byte integers would need the packed memory of the matrix kernels.)
static bool isSimtElementType(Type t) {
  if (isa<Float16Type, BFloat16Type, Float32Type, Float64Type,
          Float4E2M1FNType, Float6E2M3FNType, Float6E3M2FNType>(t))
    return true;
  auto i = dyn_cast<IntegerType>(t);
  return i && i.isSignless() &&
         llvm::is_contained({8u, 16u, 32u, 64u}, i.getWidth());
}

std::optional<std::string>
mlir::mcore::getSimtMatmulReason(Operation *op,
                                 const MatmulTilingOptions &options) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || options.strict || !options.intrinsicName.empty() ||
      options.f32Precision != "ieee" || linalgOp.getNumDpsInputs() != 2 ||
      linalgOp.getNumDpsInits() != 1)
    return std::nullopt;
  if (auto config = op->getAttrOfType<MatmulConfigAttr>(
          MatmulConfigAttr::getAttrName()))
    if (std::optional<std::string> forced = config.getFields().intrinsicName;
        forced && !forced->empty())
      return std::nullopt;
  MatmulProblem p;
  {
    // An op mcore does not read as a matmul is the matrix path's to report.
    ScopedDiagnosticHandler quiet(op->getContext(),
                                  [](Diagnostic &) { return success(); });
    if (failed(inferMatmulContraction(op, p)))
      return std::nullopt;
  }
  Type a = getElementTypeOrSelf(linalgOp.getDpsInputs()[0].getType());
  Type b = getElementTypeOrSelf(linalgOp.getDpsInputs()[1].getType());
  Type c = getElementTypeOrSelf(linalgOp.getDpsInits()[0].getType());
  if (!isSimtElementType(a) || !isSimtElementType(b) || !isSimtElementType(c))
    return std::nullopt;
  p.unsignedA &= isa<IntegerType>(a);
  p.unsignedB &= isa<IntegerType>(b);
  std::optional<ScalarKind> ka = getScalarKind(a, &p.fp8A);
  std::optional<ScalarKind> kb = getScalarKind(b, &p.fp8B);
  std::optional<ScalarKind> kc = getScalarKind(c);
  if (ka && kb && kc) {
    p.a = *ka;
    p.b = *kb;
    p.c = *kc;
    p.chip = options.chip;
    if (!getMatmulIntrinsicCandidates(p, options).empty())
      return std::nullopt;
  }
  StringRef chip = getChipName(options.chip);
  std::vector<std::string> supported =
      describeSupportedTypes(options.chip, /*sparse=*/false);
  std::string reason;
  llvm::raw_string_ostream os(reason);
  os << op->getName() << " of "
     << describeElementTypes(a, p.unsignedA, b, p.unsignedB, c)
     << ": no matrix instruction of " << chip << " computes it (" << chip;
  if (supported.empty())
    os << " has none)";
  else
    os << " supports " << llvm::join(supported, ", ") << ")";
  os << "; a SIMT kernel computes it: " << kSimtTile << "x" << kSimtTile
     << " work-items per work-group, one element of C each, A and B staged "
        "through LDS (strict=true makes this an error)";
  // Knobs of the matrix kernels the user set (options or the op's
  // configuration): none has a meaning here, so say they are not obeyed.
  MatmulConfigFields forced = options.getForcedKnobs();
  if (auto config = op->getAttrOfType<MatmulConfigAttr>(
          MatmulConfigAttr::getAttrName()))
    forced.overrideWith(config.getFields());
  llvm::SmallVector<std::string> ignored;
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)               \
  if (forced.NAME)                                                             \
    ignored.push_back(OPTION);
#include "mcore/Heuristic/MatmulConfig.def"
  if (!ignored.empty())
    os << "; " << llvm::join(ignored, ", ")
       << (ignored.size() == 1 ? " is a knob" : " are knobs")
       << " of the matrix-instruction kernels and "
       << (ignored.size() == 1 ? "does" : "do") << " not apply to it";
  return reason;
}

/// `v` as an index value.
static Value toIndex(OpBuilder &b, Location loc, OpFoldResult v) {
  return getValueOrCreateConstantIndexOp(b, loc, v);
}

/// The indices of `operand` of `op` at the loop point `ivs` (one value per
/// loop; loops the operand does not index may be null).
static SmallVector<Value> indicesAt(OpBuilder &b, Location loc,
                                    linalg::LinalgOp op, OpOperand &operand,
                                    ArrayRef<Value> ivs) {
  AffineMap map = op.getMatchingIndexingMap(&operand);
  SmallVector<Value> indices;
  for (AffineExpr result : map.getResults()) {
    // inferMatmulContraction admits projections only: each index is a loop.
    indices.push_back(ivs[cast<AffineDimExpr>(result).getPosition()]);
  }
  return indices;
}

/// The element of `operand` at `ivs` when `inBounds`, else zero.
static Value loadOrZero(OpBuilder &b, Location loc, linalg::LinalgOp op,
                        OpOperand &operand, ArrayRef<Value> ivs,
                        Value inBounds) {
  Type elem = getElementTypeOrSelf(operand.get().getType());
  auto ifOp = scf::IfOp::create(
      b, loc, inBounds,
      [&](OpBuilder &then, Location l) {
        Value v = memref::LoadOp::create(then, l, operand.get(),
                                         indicesAt(then, l, op, operand, ivs));
        scf::YieldOp::create(then, l, v);
      },
      [&](OpBuilder &otherwise, Location l) {
        Value zero = arith::ConstantOp::create(
            otherwise, l, cast<TypedAttr>(otherwise.getZeroAttr(elem)));
        scf::YieldOp::create(otherwise, l, zero);
      });
  return ifOp.getResult(0);
}

FailureOr<gpu::LaunchOp> tilematmul::buildSimtKernel(RewriterBase &rewriter,
                                                     linalg::LinalgOp op,
                                                     Chip chip) {
  MatmulProblem problem;
  FailureOr<MatmulLoops> found = inferMatmulContraction(op, problem);
  if (failed(found))
    return failure();
  MatmulLoops loops = *found;
  if (!op.hasPureBufferSemantics())
    return op->emitError("mcore-tile-matmul works on memrefs; bufferize "
                         "tensors first (the mcore pipeline does)");
  for (OpOperand &operand : op->getOpOperands())
    for (AffineExpr result : op.getMatchingIndexingMap(&operand).getResults())
      if (!isa<AffineDimExpr>(result))
        return op->emitError("the SIMT kernel needs operands indexed by "
                             "loops (projected permutations)");
  // C += A * B with M, N or K statically 0 leaves C as it is (an empty
  // grid cannot be launched).
  if (llvm::is_contained(op.getStaticLoopRanges(), 0)) {
    rewriter.eraseOp(op);
    return gpu::LaunchOp();
  }
  MLIRContext *ctx = op.getContext();
  Location loc = op.getLoc();
  // Element-wise consumers of C become kernels of their own; their remark
  // says why (mcore-linalg-to-gpu).
  Value cRoot = getRootBuffer(op.getDpsInitOperand(0)->get());
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode()) {
    auto consumer = dyn_cast<linalg::LinalgOp>(next);
    if (!consumer || consumer->hasAttr(kNotFusedAttrName) ||
        linalg::isaContractionOpInterface(consumer))
      continue;
    if (llvm::any_of(consumer.getDpsInputs(), [&](Value in) {
          return getRootBuffer(in) == cRoot;
        }))
      consumer->setAttr(kNotFusedAttrName,
                        StringAttr::get(ctx, "the matmul runs as the SIMT "
                                             "kernel, which fuses no "
                                             "epilogue"));
  }
  rewriter.setInsertionPoint(op);
  ImplicitLocOpBuilder b(loc, rewriter);
  SmallVector<Value> sizes = llvm::map_to_vector(
      op.createLoopRanges(b, loc),
      [&](const Range &r) { return toIndex(b, loc, r.size); });
  Value tile = arith::ConstantIndexOp::create(b, kSimtTile);
  Value one = arith::ConstantIndexOp::create(b, 1);
  Value sizeM = sizes[loops.m], sizeN = sizes[loops.n], sizeK = sizes[loops.k];

  OpOperand &opA = op->getOpOperand(0), &opB = op->getOpOperand(1);
  OpOperand &opC = *op.getDpsInitOperand(0);
  auto lds = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  auto ldsType = [&](OpOperand &operand) {
    return MemRefType::get({kSimtTile, kSimtTile},
                           getElementTypeOrSelf(operand.get().getType()),
                           MemRefLayoutAttrInterface(), lds);
  };
  Type ldsTypes[] = {ldsType(opA), ldsType(opB)};
  auto launch = gpu::LaunchOp::create(
      b, /*gridX=*/arith::CeilDivUIOp::create(b, sizeN, tile),
      /*gridY=*/arith::CeilDivUIOp::create(b, sizeM, tile),
      /*gridZ=*/loops.isBatched() ? sizes[loops.batch] : one,
      /*blockX=*/tile, /*blockY=*/tile, /*blockZ=*/one,
      /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
      /*asyncDependencies=*/{}, ldsTypes);
  launch->setAttr("mcore.chip", ChipAttr::get(ctx, chip));
  Block *body = &launch.getBody().front();
  b.setInsertionPointToStart(body);
  gpu::TerminatorOp::create(b);
  b.setInsertionPointToStart(body);
  Value ldsA = launch.getWorkgroupAttributions()[0];
  Value ldsB = launch.getWorkgroupAttributions()[1];
  gpu::KernelDim3 tid = launch.getThreadIds(), bid = launch.getBlockIds();
  Value zero = arith::ConstantIndexOp::create(b, 0);
  // This work-item's element of C: row i, column j.
  Value i = arith::AddIOp::create(
      b, arith::MulIOp::create(b, bid.y, tile), tid.y);
  Value j = arith::AddIOp::create(
      b, arith::MulIOp::create(b, bid.x, tile), tid.x);
  auto lessThan = [&](Value x, Value bound) -> Value {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::ult, x, bound);
  };
  auto both = [&](Value x, Value y) -> Value {
    return arith::AndIOp::create(b, x, y);
  };
  // A loop point: the batch, row, column and K index (the others null).
  auto point = [&](Value m, Value n, Value k) {
    SmallVector<Value> ivs(op.getNumLoops(), zero);
    if (loops.isBatched())
      ivs[loops.batch] = bid.z;
    ivs[loops.m] = m;
    ivs[loops.n] = n;
    ivs[loops.k] = k;
    return ivs;
  };
  Value inC = both(lessThan(i, sizeM), lessThan(j, sizeN));
  Value acc0 = loadOrZero(b, loc, op, opC, point(i, j, zero), inC);

  auto kLoop = scf::ForOp::create(b, zero, sizeK, tile, ValueRange{acc0});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kLoop.getBody());
    Value k0 = kLoop.getInductionVar();
    // Stage: A[i, k0 + tx] and B[k0 + ty, j], zero outside the matrices.
    Value ka = arith::AddIOp::create(b, k0, tid.x);
    Value a = loadOrZero(b, loc, op, opA, point(i, zero, ka),
                         both(lessThan(i, sizeM), lessThan(ka, sizeK)));
    memref::StoreOp::create(b, a, ldsA, ValueRange{tid.y, tid.x});
    Value kb = arith::AddIOp::create(b, k0, tid.y);
    Value bv = loadOrZero(b, loc, op, opB, point(zero, j, kb),
                          both(lessThan(kb, sizeK), lessThan(j, sizeN)));
    memref::StoreOp::create(b, bv, ldsB, ValueRange{tid.y, tid.x});
    gpu::BarrierOp::create(b);
    // The step's K elements, in order; the op's body accumulates.
    Value steps = arith::MinUIOp::create(
        b, tile, arith::SubIOp::create(b, sizeK, k0));
    auto inner = scf::ForOp::create(b, zero, steps, one,
                                    ValueRange{kLoop.getRegionIterArg(0)});
    {
      OpBuilder::InsertionGuard innerGuard(b);
      b.setInsertionPointToStart(inner.getBody());
      Value kk = inner.getInductionVar();
      Block &opBody = op->getRegion(0).front();
      IRMapping map;
      map.map(opBody.getArgument(0),
              memref::LoadOp::create(b, ldsA, ValueRange{tid.y, kk}));
      map.map(opBody.getArgument(1),
              memref::LoadOp::create(b, ldsB, ValueRange{kk, tid.x}));
      map.map(opBody.getArgument(2), inner.getRegionIterArg(0));
      // Float products and sums may contract to FMA (v_fma_f32,
      // v_fma_f64): one rounding instead of two, and no product that
      // outlives its step in a register when the loop is unrolled.
      for (Operation &bodyOp : opBody.without_terminator()) {
        Operation *clone = b.clone(bodyOp, map);
        if (!isa<arith::MulFOp, arith::AddFOp>(clone))
          continue;
        auto fm = cast<arith::ArithFastMathInterface>(clone);
        arith::FastMathFlagsAttr flags = fm.getFastMathFlagsAttr();
        clone->setAttr(fm.getFastMathAttrName(),
                       arith::FastMathFlagsAttr::get(
                           ctx, (flags ? flags.getValue()
                                       : arith::FastMathFlags::none) |
                                    arith::FastMathFlags::contract));
      }
      Value sum =
          map.lookup(opBody.getTerminator()->getOperand(0));
      scf::YieldOp::create(b, sum);
    }
    // The next step overwrites the tiles once every work-item is done.
    gpu::BarrierOp::create(b);
    scf::YieldOp::create(b, inner.getResult(0));
  }
  auto store = scf::IfOp::create(b, inC);
  b.setInsertionPointToStart(&store.getThenRegion().front());
  memref::StoreOp::create(b, kLoop.getResult(0), opC.get(),
                          indicesAt(b, loc, op, opC, point(i, j, zero)));
  rewriter.eraseOp(op);
  return launch;
}
