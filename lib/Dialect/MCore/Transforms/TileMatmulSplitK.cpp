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

Value tilematmul::buildSplitKWorkspace(RewriterBase &rewriter,
                                       const MatmulOperands &spec,
                                       const MatmulTileConfig &cfg,
                                       int64_t slices) {
  ImplicitLocOpBuilder b(spec.op->getLoc(), rewriter);
  auto cType = cast<MemRefType>(spec.c.getType());
  Type elem = isa<FloatType>(getAccumulatorType(b.getContext(), cfg))
                  ? Type(b.getF32Type())
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

MatmulOperands tilematmul::sliceSplitK(ImplicitLocOpBuilder &b,
                                       const MatmulOperands &spec,
                                       const MatmulTileConfig &cfg,
                                       Value workspace, Value split) {
  std::optional<std::array<int64_t, 4>> sizes = spec.problem.getStaticSizes();
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
  MatmulOperands local = spec;
  local.a = spec.problem.transposeA
                ? cut(spec.a, 0, 1)
                : cut(spec.a, 1, spec.problem.sparseA ? 2 : 1);
  local.b = spec.problem.sparseB      ? cut(spec.b, 1, 2)
            : spec.problem.transposeB ? cut(spec.b, 1, 1)
                                      : cut(spec.b, 0, 1);
  if (spec.meta)
    local.meta = cut(spec.meta, 1, 32);
  local.c = matrixOfBatch(b, b.getLoc(), workspace, 0, split);
  local.cElem = cast<MemRefType>(workspace.getType()).getElementType();
  local.problem.c =
      isa<FloatType>(local.cElem) ? ScalarKind::F32 : ScalarKind::I32;
  return local;
}

void tilematmul::buildSplitKReduction(RewriterBase &rewriter,
                                      const MatmulOperands &spec,
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
