//===- TileMatmulSplitK.cpp - Skinny matmuls and split-K ------------------===//
//
// LLM decode multiplies a few rows of activations (M = 1..32) by a large
// weight: C (M x N) += A (M x K) * B (K x N) with N and K in the thousands.
// It is bound by the bandwidth that streams B (docs/Performance.md), and the
// default 128-row tiles give N / 128 work-groups, too few to keep a GPU's
// memory system busy. The skinny configuration:
//
//   * a tile one instruction high (16 or 32 rows; for a skinny N, one
//     instruction wide) and, along the long dimension, 1 x 4 waves of one
//     instruction each: 32 columns on CDNA (1 x 2 waves where those fill
//     the CUs unsplit), 16 on RDNA; for a skinny N, 4 x 1 waves of rows;
//   * the longest K tile that fits (lengthenFewTilesK);
//   * K split into `split-k` slices: work-group (i, j, s) of the grid
//     (z = s) multiplies slice s of A's columns and B's rows and writes its
//     partial tile, without reading C, to slice s of a workspace
//     [slices x C's shape] in f32 (i32 for integers);
//   * a second kernel adds, per element, C's old value (or the folded fill)
//     and the slices 0, 1, ..., S-1 in this order, and writes C. The result
//     does not depend on the order in which work-groups run (deterministic),
//     unlike atomics.
//
// A 2:4 weight on the right (Cᵀ = W xᵀ) is the same with M and N traded:
// the kernel's N is the skinny one.
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"

#include "mcore/Dialect/MCore/Transforms/SplitK.h"
#include "mcore/Perf/Model/Products.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

/// M or N up to this is skinny.
static constexpr int64_t kSkinny = 32;
/// Columns (rows) of C per wave of a skinny CDNA tile: one 32 x 32 MFMA.
static constexpr int64_t kSkinnyWaveCols = 32;
static constexpr int64_t kSkinnyWaves = 4;
/// Bounds of the automatic split: slices, and K per slice. A slice of 8 K
/// tiles runs three iterations of the loop of two and two tiles after it;
/// with fewer, each work-group's prologue and first loads dominate (gfx950
/// f16 2:4 4096x16x4096 at K 128: 8 slices of 4 K tiles 178.9 TFLOP/s, 4
/// of 8 188.4 predicted; gfx942 119.9 and 129.3).
static constexpr int64_t kMaxSlices = 32;
static constexpr int64_t kMinSliceK = 256;
static constexpr int64_t kMinSliceTiles = 8;


bool tilematmul::applySkinnyTiles(const MatmulSpec &spec,
                                  const MatmulTileConfig &cfg,
                                  MatmulTilingOptions &tiling) {
  std::optional<std::array<int64_t, 4>> sizes = getStaticSizes(spec);
  if (!sizes || spec.isBatched())
    return false;
  int64_t m = (*sizes)[1], n = (*sizes)[2];
  bool skinnyM = m <= kSkinny && n > kSkinny;
  bool skinnyN = n <= kSkinny && m > kSkinny;
  if (!skinnyM && !skinnyN)
    return false;
  if (tiling.tileM || tiling.tileN || tiling.wavesM || tiling.wavesN)
    return true; // the user's tiles
  const IntrinsicInfo &intr = *cfg.intrinsic;
  const ChipInfo &chip = getChipInfo(tiling.chip);
  // A wave's columns (rows) of C along the long dimension. The model
  // predicts a skinny wave by the latency of its chain of instructions, so
  // RDNA's waves take one instruction (16 columns) and the work-group four
  // of them: gfx1100 f16 2:4 4096x16x4096 128 x 16 of 2 x 1 WMMAs per wave
  // in 2 K slices 25.0 TFLOP/s, 64 x 16 of one per wave unsplit 26.4
  // (gfx1201 16.7 and 17.6) predicted, the tuner's best. CDNA's waves take
  // one 32 x 32 instruction already.
  int64_t along = skinnyM ? intr.n : intr.m;
  int64_t waveCols =
      chip.hasMfma ? llvm::alignTo(kSkinnyWaveCols, along) : along;
  int64_t waves = kSkinnyWaves;
  // CDNA: two waves where that tile's work-groups fill at least half of
  // the CUs in one round unsplit; each K slice is a partial tile of C to
  // write and read back (gfx942 f16 2:4 14336x16x4096: 128 x 32 in 2 K
  // slices 138.9 TFLOP/s, 64 x 32 unsplit 146.4; gfx950 209.7 and 221.0).
  // With fewer work-groups the K split fills the CUs anyway, and four waves
  // hide more of its latency (gfx950 4096x16x4096 in 4 slices: four waves
  // 188.4, two 180.0).
  if (chip.hasMfma) {
    int64_t longDim = skinnyM ? n : m;
    int64_t halved = ceilDiv(longDim, waves / 2 * waveCols);
    int64_t units = computeUnitsOf(tiling.chip);
    if (2 * halved >= units && halved <= units)
      waves /= 2;
  }
  if (skinnyM) {
    tiling.wavesM = 1;
    tiling.wavesN = waves;
    tiling.tileM = llvm::alignTo(m, intr.m);
    tiling.tileN = waves * waveCols;
  } else {
    tiling.wavesN = 1;
    tiling.wavesM = waves;
    tiling.tileN = llvm::alignTo(n, intr.n);
    tiling.tileM = waves * waveCols;
  }
  return true;
}

std::pair<int64_t, int64_t>
tilematmul::getSplitKSlices(const MatmulTileConfig &cfg, int64_t k) {
  int64_t perSlice =
      llvm::alignTo(ceilDiv(k, std::max<int64_t>(1, cfg.splitK)), cfg.tileK);
  return {perSlice, ceilDiv(k, perSlice)};
}

int64_t tilematmul::computeUnitsOf(Chip chip) {
  auto products = perf::getProductsFor(chip);
  return products.empty() ? 64 : int64_t(products.front()->computeUnits);
}

LogicalResult tilematmul::chooseSplitK(const MatmulSpec &spec,
                                       const MatmulTilingOptions &tiling,
                                       bool skinny, MatmulTileConfig &cfg) {
  cfg.splitK = 1;
  int64_t asked = tiling.splitK;
  if (asked < 0)
    return spec.op->emitError("split-k must be 0 (automatic) or a number of "
                              "K slices, got ")
           << asked;
  // Automatic: skinny matmuls, and on CDNA matmuls of at least
  // kMinFillMacs multiply-adds whose tiles fill at most half of the CUs
  // (below).
  bool fewTiles = false;
  if (asked == 0 && !skinny && getChipInfo(tiling.chip).hasMfma)
    if (std::optional<std::array<int64_t, 4>> s = getStaticSizes(spec)) {
      auto [batch, m, n, k] = *s;
      fewTiles = m * n * k >= kMinFillMacs &&
                 countWorkgroups(batch, m, n, cfg.tileM, cfg.tileN) * 2 <=
                     computeUnitsOf(tiling.chip);
    }
  if (asked == 1 || (asked == 0 && !skinny && !fewTiles))
    return success();
  std::optional<std::array<int64_t, 4>> sizes = getStaticSizes(spec);
  StringRef why;
  if (spec.isBatched())
    why = "a batched matmul (the grid's z walks the batch)";
  else if (cfg.signOffsetA || cfg.signOffsetB)
    why = "mixed signs on a signed-only instruction (its correction is "
          "added once per tile of C)";
  else if (!sizes)
    why = "dynamic sizes";
  if (!why.empty()) {
    if (asked == 0)
      return success();
    return spec.op->emitError() << "split-k=" << asked << " cannot split "
                                << why;
  }
  auto [batch, m, n, k] = *sizes;
  // More slices than K has elements is no split (and a count near 2^63
  // overflowed the slice arithmetic: a division by zero).
  if (asked > std::max<int64_t>(k, 1))
    return spec.op->emitError() << "split-k=" << asked
                                << " asks for more K slices than K = " << k
                                << " has elements";
  int64_t slices = asked;
  if (asked == 0) {
    int64_t workgroups = countWorkgroups(batch, m, n, cfg.tileM, cfg.tileN);
    int64_t units = computeUnitsOf(tiling.chip);
    int64_t most = std::min<int64_t>(
        kMaxSlices,
        k / std::max<int64_t>(kMinSliceK, kMinSliceTiles * cfg.tileK));
    // The largest power of two whose work-groups still fit the CUs in one
    // round of one work-group each. A skinny matmul is bound by B's
    // bandwidth and the latency of its few iterations; each slice adds a
    // partial tile of C to write and read back, so one more slice than
    // the CUs hold costs more than it hides (gfx942 f16 16x4096x4096: 8
    // slices 74.1, 16 slices 66.8 TFLOP/s predicted; 2:4 4096x16x4096 119.9
    // and 101.9). A not skinny one (CDNA, the LLM table's M = 128, after
    // chooseFewTilesCdnaWaveTile halved its tiles) is compute-bound on too
    // few CUs: gfx942 128x4096x4096 43.2 -> 9.7 us predicted. Not on RDNA,
    // whose few CUs these matmuls already keep busy on B's bandwidth
    // (gfx1201 60.6 -> 73.7 us with two slices).
    slices = getSlicesInOneRound(workgroups, units, most);
  }
  cfg.splitK = slices;
  cfg.splitK = getSplitKSlices(cfg, k).second;
  return success();
}

Value tilematmul::buildSplitKWorkspace(RewriterBase &rewriter,
                                       const MatmulSpec &spec,
                                       const MatmulTileConfig &cfg,
                                       int64_t slices) {
  ImplicitLocOpBuilder b(spec.op->getLoc(), rewriter);
  auto cType = cast<MemRefType>(spec.c.getType());
  Type elem = isa<FloatType>(cfg.accElementType) ? Type(b.getF32Type())
                                                 : Type(b.getI32Type());
  SmallVector<int64_t> shape = {slices};
  SmallVector<Value> dynSizes;
  for (int64_t d = 0; d < 2; ++d) {
    shape.push_back(cType.getDimSize(d));
    if (cType.isDynamicDim(d))
      dynSizes.push_back(memref::DimOp::create(b, spec.c, d));
  }
  return memref::AllocOp::create(b, MemRefType::get(shape, elem), dynSizes);
}

MatmulSpec tilematmul::sliceSplitK(ImplicitLocOpBuilder &b,
                                   const MatmulSpec &spec,
                                   const MatmulTileConfig &cfg,
                                   Value workspace, Value split) {
  std::optional<std::array<int64_t, 4>> sizes = getStaticSizes(spec);
  int64_t k = (*sizes)[3];
  int64_t perSlice = getSplitKSlices(cfg, k).first;
  bool even = k % perSlice == 0;
  // Cuts dimension `dim` of `v`, which holds `per` elements of K per entry
  // (1; 2 for compressed values; 32 for metadata words), to the slice.
  auto cut = [&](Value v, int64_t dim, int64_t per) -> Value {
    auto type = cast<MemRefType>(v.getType());
    int64_t len = perSlice / per;
    Value offset = arith::MulIOp::create(
        b, split, arith::ConstantIndexOp::create(b, len));
    SmallVector<OpFoldResult> offsets(2, b.getIndexAttr(0)),
        sizes = memref::getMixedSizes(b, b.getLoc(), v),
        strides(2, b.getIndexAttr(1));
    offsets[dim] = offset;
    if (even) {
      sizes[dim] = b.getIndexAttr(len);
    } else {
      Value rest = arith::SubIOp::create(
          b, arith::ConstantIndexOp::create(b, type.getDimSize(dim)), offset);
      sizes[dim] = arith::MinSIOp::create(
                       b, rest, arith::ConstantIndexOp::create(b, len))
                       .getResult();
    }
    return memref::SubViewOp::create(b, v, offsets, sizes, strides);
  };
  MatmulSpec local = spec;
  local.a = spec.transposeA ? cut(spec.a, 0, 1)
                            : cut(spec.a, 1, spec.sparse ? 2 : 1);
  local.b = spec.sparseB       ? cut(spec.b, 1, 2)
            : spec.transposeB ? cut(spec.b, 1, 1)
                              : cut(spec.b, 0, 1);
  if (spec.meta)
    local.meta = cut(spec.meta, 1, 32);
  local.c = matrixOfBatch(b, b.getLoc(), workspace, 0, split);
  local.cElem = cast<MemRefType>(workspace.getType()).getElementType();
  local.kc = isa<FloatType>(local.cElem) ? ScalarKind::F32 : ScalarKind::I32;
  return local;
}

void tilematmul::buildSplitKReduction(RewriterBase &rewriter,
                                      const MatmulSpec &spec,
                                      Value workspace, int64_t slices,
                                      std::optional<Attribute> fillValue) {
  // spec.op is gone by now: the workspace has its location.
  ImplicitLocOpBuilder b(workspace.getLoc(), rewriter);
  auto idx = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, v);
  };
  Value c = spec.c;
  auto cType = cast<MemRefType>(c.getType());
  Type cElem = cType.getElementType();
  Type wElem = cast<MemRefType>(workspace.getType()).getElementType();
  bool isFloat = isa<FloatType>(wElem);
  auto size = [&](int64_t d) -> Value {
    if (!cType.isDynamicDim(d))
      return idx(cType.getDimSize(d));
    return memref::DimOp::create(b, c, d);
  };
  Value rows = size(0), cols = size(1);
  Value total = arith::MulIOp::create(b, rows, cols);
  constexpr int64_t kThreads = 256;
  Value one = idx(1);
  Value blocks = arith::CeilDivUIOp::create(b, total, idx(kThreads));
  auto launch =
      gpu::LaunchOp::create(b, blocks, one, one, idx(kThreads), one, one);
  // Named for mcore-perf, which adds its time to the matmul's.
  launch.setFunctionAttr(
      FlatSymbolRefAttr::get(b.getContext(), kSplitKReduceKernel));
  launch->setAttr("mcore.kernel", b.getStringAttr(kSplitKReduceKernel));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&launch.getBody().front());
  Value i = arith::AddIOp::create(
      b, arith::MulIOp::create(b, launch.getBlockIds().x, idx(kThreads)),
      launch.getThreadIds().x);
  auto inRange = scf::IfOp::create(
      b, arith::CmpIOp::create(b, arith::CmpIPredicate::ult, i, total),
      /*withElseRegion=*/false);
  b.setInsertionPointToStart(inRange.thenBlock());
  Value r = arith::DivUIOp::create(b, i, cols);
  Value col = arith::RemUIOp::create(b, i, cols);
  auto widen = [&](Value v) -> Value {
    if (v.getType() == wElem)
      return v;
    if (isFloat)
      return arith::ExtFOp::create(b, wElem, v);
    return arith::ExtSIOp::create(b, wElem, v);
  };
  Value init =
      fillValue ? widen(arith::ConstantOp::create(b, cast<TypedAttr>(*fillValue)))
                : widen(memref::LoadOp::create(b, c, ValueRange{r, col}));
  auto loop = scf::ForOp::create(b, idx(0), idx(slices), one, ValueRange{init});
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(loop.getBody());
    Value part = memref::LoadOp::create(
        b, workspace, ValueRange{loop.getInductionVar(), r, col});
    Value acc = loop.getRegionIterArgs()[0];
    Value sum = isFloat ? arith::AddFOp::create(b, acc, part).getResult()
                        : arith::AddIOp::create(b, acc, part).getResult();
    scf::YieldOp::create(b, ValueRange{sum});
  }
  Value sum = loop.getResult(0);
  if (sum.getType() != cElem)
    sum = isFloat ? arith::TruncFOp::create(b, cElem, sum).getResult()
                  : arith::TruncIOp::create(b, cElem, sum).getResult();
  memref::StoreOp::create(b, sum, c, ValueRange{r, col});
  b.setInsertionPointToEnd(&launch.getBody().front());
  gpu::TerminatorOp::create(b);
}
