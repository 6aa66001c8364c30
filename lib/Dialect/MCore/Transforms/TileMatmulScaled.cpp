//===- TileMatmulScaled.cpp - Block-scaled (MX) matmuls -------------------===//
//
// The block-scaled contraction (docs/MatmulForms.md, "Block-scaled (MX)
// matmuls"; the form of IREE's scaled contractions):
//
//   C[m, n] += sum over kb, k of  scaling_extf(A[m, kb, k], SA[m, kb])
//                               * scaling_extf(B[n, kb, k], SB[n, kb])
//
// with A and B in an OCP MX format (FP8, BF8, FP6, BF6, FP4), one E8M0
// scale per 32 elements of K, and an f32 C. On a chip with block-scaled
// matrix instructions (gfx950's v_mfma_scale_f32_*_f8f6f4, gfx1250's
// v_wmma_scale_f32_16x16x128_f8f6f4 and v_wmma_scale_f32_32x16x128_f4) it
// becomes a kernel of whole-tile mcore.scaled_mma ops, which
// mcore-distribute gives each lane its part of (the scales as the
// catalog's ScaleInfo places them: gfx950's one per lane, gfx1250's four
// per lane of a lane half).
//
// The kernel is the configuration's (the heuristic's for block-scaled
// problems, lib/Heuristic/Scaled.cpp; by default work-groups of 2 x 2
// waves, each wave a 4 x 4 block of instruction tiles, 128 x 128 of C per
// work-group with 16x16x128). The wave reads its A, B and scale tiles
// straight from global memory for each K tile (one or more instruction
// steps, all read before the first instruction; no LDS staging yet),
// accumulates in registers and adds the sums to C. A K that is not a multiple of the instruction's
// reads zeros past its end (scales of 1, 2^0, so that no NaN scale meets
// the zeros); edges of M and N read zeros and are not stored.
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"

#include "mcore/Target/Packing.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

namespace {
/// The parts of a block-scaled contraction.
struct ScaledOperands {
  Value a, b, scaleA, scaleB, c;
  Type aElem, bElem;
};
} // namespace

static bool isMxElementType(Type t) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float6E2M3FNType,
             Float6E3M2FNType, Float4E2M1FNType>(t);
}

/// Whether `op` is the block-scaled contraction, its operands if so.
static std::optional<ScaledOperands> matchScaled(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureBufferSemantics() ||
      generic.getNumDpsInputs() != 4 || generic.getNumDpsInits() != 1 ||
      generic.getNumLoops() != 4)
    return std::nullopt;
  using utils::IteratorType;
  if (generic.getIteratorTypesArray() !=
      SmallVector<IteratorType>{IteratorType::parallel, IteratorType::parallel,
                                IteratorType::reduction,
                                IteratorType::reduction})
    return std::nullopt;
  // (m, n, kb, k): A (m, kb, k), B (n, kb, k), SA (m, kb), SB (n, kb),
  // C (m, n).
  MLIRContext *ctx = op->getContext();
  auto map = [&](ArrayRef<unsigned> dims) {
    return AffineMap::getMultiDimMapWithTargets(4, dims, ctx);
  };
  SmallVector<AffineMap> expected = {map({0, 2, 3}), map({1, 2, 3}),
                                     map({0, 2}), map({1, 2}), map({0, 1})};
  if (generic.getIndexingMapsArray() != expected)
    return std::nullopt;
  // ^bb0(x, y, s, t, acc): acc + scaling_extf(x, s) * scaling_extf(y, t).
  Block &body = generic.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto add = yield.getValues()[0].getDefiningOp<arith::AddFOp>();
  if (!add || body.getOperations().size() != 5)
    return std::nullopt;
  Value acc = body.getArgument(4);
  Value product = add.getLhs() == acc ? add.getRhs() : add.getLhs();
  if (add.getLhs() != acc && add.getRhs() != acc)
    return std::nullopt;
  auto mul = product.getDefiningOp<arith::MulFOp>();
  if (!mul)
    return std::nullopt;
  auto extOf = [&](Value v, unsigned x, unsigned s) {
    auto ext = v.getDefiningOp<arith::ScalingExtFOp>();
    return ext && ext.getIn() == body.getArgument(x) &&
           ext.getScale() == body.getArgument(s) &&
           ext.getType().isF32();
  };
  if (!((extOf(mul.getLhs(), 0, 2) && extOf(mul.getRhs(), 1, 3)) ||
        (extOf(mul.getLhs(), 1, 3) && extOf(mul.getRhs(), 0, 2))))
    return std::nullopt;
  ScaledOperands s{generic.getDpsInputs()[0], generic.getDpsInputs()[1],
                   generic.getDpsInputs()[2], generic.getDpsInputs()[3],
                   generic.getDpsInits()[0], Type(), Type()};
  s.aElem = getElementTypeOrSelf(s.a.getType());
  s.bElem = getElementTypeOrSelf(s.b.getType());
  auto a = cast<MemRefType>(s.a.getType()), b = cast<MemRefType>(s.b.getType());
  if (!isMxElementType(s.aElem) || !isMxElementType(s.bElem) ||
      !isa<Float8E8M0FNUType>(getElementTypeOrSelf(s.scaleA.getType())) ||
      !isa<Float8E8M0FNUType>(getElementTypeOrSelf(s.scaleB.getType())) ||
      !getElementTypeOrSelf(s.c.getType()).isF32() ||
      a.getDimSize(2) != kMxScaleBlock || b.getDimSize(2) != kMxScaleBlock)
    return std::nullopt;
  // The kernel reads A and B as M x K and N x K matrices: their blocks of K
  // must be contiguous (a strided view stays for mcore-linalg-to-gpu).
  SmallVector<ReassociationIndices> groups = {{0}, {1, 2}};
  if (!memref::CollapseShapeOp::isGuaranteedCollapsible(a, groups) ||
      !memref::CollapseShapeOp::isGuaranteedCollapsible(b, groups))
    return std::nullopt;
  return s;
}

/// The problem of the block-scaled contraction `s` (of `op`) on `chip`.
static MatmulProblem getScaledProblem(Operation *op, const ScaledOperands &s,
                                      Chip chip) {
  auto kindOf = [](Type t) {
    std::optional<ScalarKind> k = getScalarKind(t);
    return k ? *k : *getMxScalarKind(t);
  };
  auto size = [](int64_t v) {
    return ShapedType::isDynamic(v) ? MatmulProblem::kDynamic : v;
  };
  auto c = cast<MemRefType>(s.c.getType());
  auto a = cast<MemRefType>(s.a.getType());
  MatmulProblem p;
  p.chip = chip;
  p.name = op->getName().getStringRef().str();
  p.m = size(c.getDimSize(0));
  p.n = size(c.getDimSize(1));
  p.k = ShapedType::isDynamic(a.getDimSize(1))
            ? MatmulProblem::kDynamic
            : a.getDimSize(1) * kMxScaleBlock;
  p.a = kindOf(s.aElem);
  p.b = kindOf(s.bElem);
  p.c = ScalarKind::F32;
  // The MX formats' fp8 and bf8 are OCP's (f8E4M3FN, f8E5M2: matchScaled).
  p.fp8A = isFp8Kind(p.a) ? Fp8Format::OCP : Fp8Format::None;
  p.fp8B = isFp8Kind(p.b) ? Fp8Format::OCP : Fp8Format::None;
  p.transposeB = true; // B is N x K/32 x 32
  p.blockScaled = true;
  return p;
}

std::optional<MatmulProblem> tilematmul::getScaledMatmulProblem(Operation *op,
                                                                Chip chip) {
  std::optional<ScaledOperands> s = matchScaled(op);
  if (!s)
    return std::nullopt;
  return getScaledProblem(op, *s, chip);
}

bool tilematmul::isScaledMatmul(Operation *op, Chip chip) {
  std::optional<MatmulProblem> problem = getScaledMatmulProblem(op, chip);
  if (!problem)
    return false;
  MatmulTilingOptions options;
  options.chip = chip;
  return !getMatmulIntrinsicCandidates(*problem, options).empty();
}

bool tilematmul::isScaledContraction(Operation *op) {
  return matchScaled(op).has_value();
}

/// `v` (M x KB x 32, its blocks contiguous: matchScaled) as the M x K
/// matrix it is.
static Value collapseBlocks(OpBuilder &b, Location loc, Value v) {
  return memref::CollapseShapeOp::create(
             b, loc, v, SmallVector<ReassociationIndices>{{0}, {1, 2}})
      .getResult();
}

FailureOr<gpu::LaunchOp>
tilematmul::buildScaledKernel(RewriterBase &rewriter, Operation *op,
                              const MatmulTileConfig &cfg, Chip chip) {
  std::optional<ScaledOperands> s = matchScaled(op);
  if (!s)
    return op->emitError("not a block-scaled contraction of the form "
                         "mcore reads (docs/MatmulForms.md: A and B of MX "
                         "formats stored M x K/32 x 32 and N x K/32 x 32 "
                         "with contiguous blocks, E8M0 scales, an f32 C)");
  auto linalgOp = cast<linalg::LinalgOp>(op);
  if (llvm::is_contained(linalgOp.getStaticLoopRanges(), 0)) {
    rewriter.eraseOp(op);
    return gpu::LaunchOp();
  }
  MLIRContext *ctx = op->getContext();
  Location loc = op->getLoc();
  rewriter.setInsertionPoint(op);
  ImplicitLocOpBuilder b(loc, rewriter);
  Value a2 = collapseBlocks(b, loc, s->a), b2 = collapseBlocks(b, loc, s->b);

  const IntrinsicInfo *info = cfg.intrinsic;
  const int64_t im = info->m, in = info->n, ik = info->k;
  const int64_t ikb = ik / kMxScaleBlock;
  const int64_t tilesM = cfg.getTilesM(), tilesN = cfg.getTilesN();
  const int64_t waveM = cfg.getWaveTileM(), waveN = cfg.getWaveTileN();
  const int64_t tileM = cfg.tileM, tileN = cfg.tileN, tileK = cfg.tileK;
  const int64_t kSteps = tileK / ik;
  const int64_t waveSize = info->waveSize;
  auto idx = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  auto size = [&](Value v, int64_t dim) {
    return getValueOrCreateConstantIndexOp(
        b, loc, memref::getMixedSize(b, loc, v, dim));
  };
  Value sizeM = size(s->c, 0), sizeN = size(s->c, 1), sizeK = size(a2, 1);
  Value one = idx(1);
  auto launch = gpu::LaunchOp::create(
      b, /*gridX=*/arith::CeilDivUIOp::create(b, sizeN, idx(tileN)),
      /*gridY=*/arith::CeilDivUIOp::create(b, sizeM, idx(tileM)),
      /*gridZ=*/one, /*blockX=*/idx(cfg.getNumThreads()),
      /*blockY=*/one, /*blockZ=*/one);
  launch->setAttr("mcore.chip", ChipAttr::get(ctx, chip));
  Block *body = &launch.getBody().front();
  b.setInsertionPointToStart(body);
  gpu::TerminatorOp::create(b);
  b.setInsertionPointToStart(body);

  // Static in-bounds facts: tiles never cross an edge that a static size
  // is a multiple of.
  auto staticMultiple = [&](Value v, int64_t dim, int64_t of) {
    int64_t size = cast<MemRefType>(v.getType()).getDimSize(dim);
    return !ShapedType::isDynamic(size) && size % of == 0;
  };
  bool inM = staticMultiple(s->c, 0, tileM);
  bool inN = staticMultiple(s->c, 1, tileN);
  bool inK = staticMultiple(a2, 1, tileK);

  Value tid = launch.getThreadIds().x;
  gpu::KernelDim3 bid = launch.getBlockIds();
  Value wave = arith::DivUIOp::create(b, tid, idx(waveSize));
  Value i0 = arith::AddIOp::create(
      b, arith::MulIOp::create(b, bid.y, idx(tileM)),
      arith::MulIOp::create(b, arith::DivUIOp::create(b, wave, idx(cfg.wavesN)),
                            idx(waveM)));
  Value j0 = arith::AddIOp::create(
      b, arith::MulIOp::create(b, bid.x, idx(tileN)),
      arith::MulIOp::create(b, arith::RemUIOp::create(b, wave, idx(cfg.wavesN)),
                            idx(waveN)));
  auto rowOf = [&](Value base, int64_t t, int64_t size) -> Value {
    return arith::AddIOp::create(b, base, idx(t * size));
  };

  Type f32 = b.getF32Type();
  auto cType = VectorType::get({im, in}, f32);
  Value zeroF32 = arith::ConstantOp::create(b, b.getF32FloatAttr(0));
  AffineMap transposed = AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, ctx);
  // The accumulators start from C.
  SmallVector<Value> acc;
  for (int64_t i = 0; i < tilesM; ++i)
    for (int64_t j = 0; j < tilesN; ++j)
      acc.push_back(vector::TransferReadOp::create(
          b, cType, s->c,
          ValueRange{rowOf(i0, i, im), rowOf(j0, j, in)}, zeroF32,
          ArrayRef<bool>{inM, inN}));

  auto e8m0 = Float8E8M0FNUType::get(ctx);
  // Past K's end the elements are zero and the scales 2^0: no NaN scale
  // (0xFF) meets the zeros there.
  Value scaleOne = arith::ConstantOp::create(b, FloatAttr::get(e8m0, 1.0));
  Value zeroA = arith::ConstantOp::create(b, FloatAttr::get(s->aElem, 0.0));
  Value zeroB = arith::ConstantOp::create(b, FloatAttr::get(s->bElem, 0.0));
  auto intrinsic = IntrinsicAttr::get(ctx, info);
  auto loop = scf::ForOp::create(b, idx(0), sizeK, idx(tileK), acc);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    // Every K step's tiles are read before the first instruction issues.
    struct Step {
      SmallVector<Value> aTiles, saTiles, bTiles, sbTiles;
    };
    SmallVector<Step> steps(kSteps);
    for (int64_t step = 0; step < kSteps; ++step) {
      Value k0 = loop.getInductionVar();
      if (step)
        k0 = arith::AddIOp::create(b, k0, idx(step * ik));
      Value kb0 = arith::DivUIOp::create(b, k0, idx(kMxScaleBlock));
      Step &t = steps[step];
      for (int64_t i = 0; i < tilesM; ++i) {
        Value row = rowOf(i0, i, im);
        t.aTiles.push_back(vector::TransferReadOp::create(
            b, VectorType::get({im, ik}, s->aElem), a2, ValueRange{row, k0},
            zeroA, ArrayRef<bool>{inM, inK}));
        t.saTiles.push_back(vector::TransferReadOp::create(
            b, VectorType::get({im, ikb}, e8m0), s->scaleA,
            ValueRange{row, kb0}, scaleOne, ArrayRef<bool>{inM, inK}));
      }
      for (int64_t j = 0; j < tilesN; ++j) {
        Value col = rowOf(j0, j, in);
        // B and its scales are stored N-major: read transposed.
        t.bTiles.push_back(vector::TransferReadOp::create(
            b, VectorType::get({ik, in}, s->bElem), b2, ValueRange{col, k0},
            zeroB, transposed, ArrayRef<bool>{inK, inN}));
        t.sbTiles.push_back(vector::TransferReadOp::create(
            b, VectorType::get({ikb, in}, e8m0), s->scaleB,
            ValueRange{col, kb0}, scaleOne, transposed,
            ArrayRef<bool>{inK, inN}));
      }
    }
    // The loads (and the packing of FP4 / FP6 fragments) stay before the
    // instructions: LLVM's scheduler, left alone, interleaves them to save
    // registers and waits for each tile's load in turn.
    ROCDL::SchedBarrier::create(b, 0);
    SmallVector<Value> next =
        llvm::to_vector_of<Value>(loop.getRegionIterArgs());
    for (const Step &t : steps)
      for (int64_t i = 0; i < tilesM; ++i)
        for (int64_t j = 0; j < tilesN; ++j) {
          Value &sum = next[i * tilesN + j];
          sum = ScaledMmaOp::create(b, cType, t.aTiles[i], t.bTiles[j], sum,
                                    t.saTiles[i], t.sbTiles[j], intrinsic,
                                    /*scale_sel_a=*/0, /*scale_sel_b=*/0);
        }
    scf::YieldOp::create(b, next);
  }
  for (int64_t i = 0; i < tilesM; ++i)
    for (int64_t j = 0; j < tilesN; ++j)
      vector::TransferWriteOp::create(
          b, loop.getResult(i * tilesN + j), s->c,
          ValueRange{rowOf(i0, i, im), rowOf(j0, j, in)},
          ArrayRef<bool>{inM, inN});
  rewriter.eraseOp(op);
  return launch;
}
