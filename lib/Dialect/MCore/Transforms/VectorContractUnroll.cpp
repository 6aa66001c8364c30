//===- VectorContractUnroll.cpp - vector.contract to instruction tiles ----===//
//
// The first step of mcore-vector-contract-to-mma: a vector.contract larger
// than one matrix instruction is split into instruction tiles, with the
// vectors around it, so that every tile is a value of its own that
// mcore-distribute can give a layout:
//
//   1. plan: each contraction that no instruction computes whole but whose
//      tile some instruction of the chip divides gets that instruction's
//      (M, N, K); the tile shape then spreads to the vectors it reads and
//      writes (transfers, element-wise ops, transposes, scf.for iter_args,
//      a 2:4 expansion), written on each op to unroll as a temporary
//      attribute;
//   2. upstream's vector unrolling (populateVectorUnrollPatterns) splits
//      those ops, and the extract_strided_slice / insert_strided_slice
//      between them fold away; slices of mcore.expand_2to4 and
//      mcore.load_sparse_index, which upstream does not unroll, become
//      smaller ones, and a loop-carried vector that the loop only reads in
//      tiles becomes one iter_arg per tile.
//
//===----------------------------------------------------------------------===//

#include "VectorContract.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::vectorcontract;

/// The temporary attribute holding an op's unroll shape.
static constexpr StringLiteral kTileAttr = "mcore.unroll_tile";
/// The most instructions one contraction is split into (Passes.td).
static constexpr int64_t kMaxUnrolledInstructions = 4096;

namespace {

using Tile = SmallVector<int64_t, 2>;

/// Spreads instruction tiles from the planned contractions to the vectors
/// around them and marks the ops upstream's unrolling should split.
class TilePlanner {
public:
  /// `v` is read or written in tiles of `tile`.
  void assign(Value v, Tile tile) {
    auto type = dyn_cast<VectorType>(v.getType());
    if (!type || type.getRank() != 2 ||
        ArrayRef<int64_t>(tile) == type.getShape())
      return;
    auto [it, inserted] = tiles.try_emplace(v, tile);
    if (inserted)
      worklist.push_back(v);
    else if (it->second != tile)
      conflicts.push_back(v);
  }

  void mark(Operation *op, ArrayRef<int64_t> shape) {
    op->setAttr(kTileAttr, DenseI64ArrayAttr::get(op->getContext(), shape));
  }

  void run() {
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      Tile tile = tiles.lookup(v);
      visitProducer(v, tile);
      for (OpOperand &use : v.getUses())
        visitUser(use, tile);
    }
  }

  ArrayRef<Value> getConflicts() const { return conflicts; }

private:
  static Tile transposed(const Tile &t) { return {t[1], t[0]}; }

  static bool isElementwise(Operation *op) {
    return op->getNumResults() == 1 &&
           OpTrait::hasElementwiseMappableTraits(op) &&
           isa<VectorType>(op->getResult(0).getType());
  }

  void visitProducer(Value v, const Tile &tile) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
          loop && arg.getArgNumber() > 0)
        visitLoopValue(loop, arg.getArgNumber() - 1, tile);
      return;
    }
    Operation *def = v.getDefiningOp();
    if (auto loop = dyn_cast<scf::ForOp>(def))
      return visitLoopValue(loop, cast<OpResult>(v).getResultNumber(), tile);
    if (isa<vector::TransferReadOp>(def))
      return mark(def, tile);
    if (auto t = dyn_cast<vector::TransposeOp>(def)) {
      mark(def, tile);
      return assign(t.getVector(), transposed(tile));
    }
    if (auto expand = dyn_cast<Expand2to4Op>(def)) {
      // Slices of the expansion become expansions of slices.
      assign(expand.getValues(), {tile[0], tile[1] / 2});
      return assign(expand.getIndex(), {tile[0], tile[1] / 2});
    }
    if (isElementwise(def)) {
      mark(def, tile);
      for (Value operand : def->getOperands())
        assign(operand, tile);
    }
    // Constants fold into slices; mcore.load_sparse_index slices become
    // smaller loads; contractions were planned.
  }

  void visitUser(OpOperand &use, const Tile &tile) {
    Operation *user = use.getOwner();
    if (auto write = dyn_cast<vector::TransferWriteOp>(user)) {
      if (use.get() == write.getVector())
        mark(user, tile);
      return;
    }
    if (auto t = dyn_cast<vector::TransposeOp>(user)) {
      mark(user, transposed(tile));
      return assign(t.getResult(), transposed(tile));
    }
    if (auto loop = dyn_cast<scf::ForOp>(user)) {
      if (use.getOperandNumber() >= loop.getNumControlOperands())
        visitLoopValue(
            loop, use.getOperandNumber() - loop.getNumControlOperands(), tile);
      return;
    }
    if (auto yield = dyn_cast<scf::YieldOp>(user)) {
      if (auto loop = dyn_cast<scf::ForOp>(yield->getParentOp()))
        visitLoopValue(loop, use.getOperandNumber(), tile);
      return;
    }
    if (isElementwise(user)) {
      mark(user, tile);
      for (Value operand : user->getOperands())
        assign(operand, tile);
      assign(user->getResult(0), tile);
    }
  }

  /// Iter_arg `i` of `loop`: its init, block argument, yielded value and
  /// result share the tile.
  void visitLoopValue(scf::ForOp loop, unsigned i, const Tile &tile) {
    assign(loop.getInitArgs()[i], tile);
    assign(loop.getRegionIterArgs()[i], tile);
    assign(loop.getYieldedValues()[i], tile);
    assign(loop.getResult(i), tile);
  }

  DenseMap<Value, Tile> tiles;
  SmallVector<Value> worklist;
  SmallVector<Value> conflicts;
};

/// Parses a 2-D unit-stride extract_strided_slice: offsets and sizes.
static bool getSlice(vector::ExtractStridedSliceOp op,
                     SmallVector<int64_t> &offsets,
                     SmallVector<int64_t> &sizes) {
  if (op.getSourceVectorType().getRank() != 2 || op.getType().getRank() != 2 ||
      op.hasNonUnitStrides())
    return false;
  offsets = llvm::map_to_vector(op.getOffsets(), [](Attribute a) {
    return cast<IntegerAttr>(a).getInt();
  });
  sizes = llvm::map_to_vector(
      op.getSizes(), [](Attribute a) { return cast<IntegerAttr>(a).getInt(); });
  return offsets.size() == 2 && sizes.size() == 2;
}

/// slice(expand_2to4(values, index)) -> expand_2to4(slice(values),
/// slice(index)) when the slice holds whole groups.
struct SliceOfExpand2to4 : OpRewritePattern<vector::ExtractStridedSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ExtractStridedSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto expand = op.getSource().getDefiningOp<Expand2to4Op>();
    SmallVector<int64_t> offsets, sizes;
    if (!expand || !getSlice(op, offsets, sizes) || offsets[1] % 4 ||
        sizes[1] % 4)
      return failure();
    SmallVector<int64_t> cOffsets = {offsets[0], offsets[1] / 2};
    SmallVector<int64_t> cSizes = {sizes[0], sizes[1] / 2};
    SmallVector<int64_t> strides = {1, 1};
    Location loc = op.getLoc();
    Value values = vector::ExtractStridedSliceOp::create(
        rewriter, loc, expand.getValues(), cOffsets, cSizes, strides);
    Value index = vector::ExtractStridedSliceOp::create(
        rewriter, loc, expand.getIndex(), cOffsets, cSizes, strides);
    rewriter.replaceOpWithNewOp<Expand2to4Op>(op, op.getType(), values, index);
    return success();
  }
};

/// slice(load_sparse_index %meta[%row, %k]) -> load_sparse_index
/// %meta[%row + r, %k + 2 c] of the slice's shape (c compressed columns are
/// 2 c dense ones; whole groups keep %k a multiple of 4).
struct SliceOfLoadSparseIndex
    : OpRewritePattern<vector::ExtractStridedSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ExtractStridedSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto load = op.getSource().getDefiningOp<LoadSparseIndexOp>();
    SmallVector<int64_t> offsets, sizes;
    // (A native load reads whole instruction tiles; it is not sliced.)
    if (!load || load.getNative() || !getSlice(op, offsets, sizes) ||
        offsets[1] % 2 || sizes[1] % 2)
      return failure();
    Location loc = op.getLoc();
    auto shift = [&](Value v, int64_t by) -> Value {
      if (!by)
        return v;
      return arith::AddIOp::create(
          rewriter, loc, v, arith::ConstantIndexOp::create(rewriter, loc, by));
    };
    rewriter.replaceOpWithNewOp<LoadSparseIndexOp>(
        op, op.getType(), load.getMetadata(), shift(load.getRow(), offsets[0]),
        shift(load.getK(), 2 * offsets[1]));
    return success();
  }
};

/// A loop-carried 2-D vector that the body only reads in equal, aligned
/// tiles (extract_strided_slice, as unrolled contractions read their
/// accumulator) becomes one iter_arg per tile: the inits and the yielded
/// value are sliced, the result is put back together.
struct SplitLoopCarriedTiles : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
      std::optional<Tile> tile = getTile(arg);
      if (tile) {
        split(loop, i, *tile, rewriter);
        return success();
      }
    }
    return failure();
  }

  /// The tile every use of `arg` reads, when all uses are aligned slices of
  /// one smaller shape.
  static std::optional<Tile> getTile(BlockArgument arg) {
    auto type = dyn_cast<VectorType>(arg.getType());
    if (!type || type.getRank() != 2 || arg.use_empty())
      return std::nullopt;
    std::optional<Tile> tile;
    for (Operation *user : arg.getUsers()) {
      auto slice = dyn_cast<vector::ExtractStridedSliceOp>(user);
      SmallVector<int64_t> offsets, sizes;
      if (!slice || !getSlice(slice, offsets, sizes))
        return std::nullopt;
      if (tile && ArrayRef<int64_t>(*tile) != ArrayRef<int64_t>(sizes))
        return std::nullopt;
      tile = Tile(sizes.begin(), sizes.end());
      if (offsets[0] % sizes[0] || offsets[1] % sizes[1])
        return std::nullopt;
    }
    if (ArrayRef<int64_t>(*tile) == type.getShape() ||
        type.getDimSize(0) % (*tile)[0] || type.getDimSize(1) % (*tile)[1])
      return std::nullopt;
    return tile;
  }

  static void split(scf::ForOp loop, unsigned i, const Tile &tile,
                    PatternRewriter &rewriter) {
    Location loc = loop.getLoc();
    auto type = cast<VectorType>(loop.getRegionIterArgs()[i].getType());
    SmallVector<SmallVector<int64_t>> origins;
    for (int64_t r = 0; r < type.getDimSize(0); r += tile[0])
      for (int64_t c = 0; c < type.getDimSize(1); c += tile[1])
        origins.push_back({r, c});
    SmallVector<int64_t> strides = {1, 1};
    auto slices = [&](Value v) {
      return llvm::map_to_vector(origins, [&](ArrayRef<int64_t> o) -> Value {
        return vector::ExtractStridedSliceOp::create(rewriter, loc, v, o, tile,
                                                     strides);
      });
    };

    // The new loop: the other iter_args in order, then the tiles.
    rewriter.setInsertionPoint(loop);
    SmallVector<Value> inits;
    for (auto [j, init] : llvm::enumerate(loop.getInitArgs()))
      if (j != i)
        inits.push_back(init);
    llvm::append_range(inits, slices(loop.getInitArgs()[i]));
    auto newLoop =
        scf::ForOp::create(rewriter, loc, loop.getLowerBound(),
                           loop.getUpperBound(), loop.getStep(), inits);
    Block *body = newLoop.getBody();
    unsigned numOthers = loop.getNumRegionIterArgs() - 1;
    // Each slice of the old iter_arg is a new one.
    for (Operation *user :
         llvm::make_early_inc_range(loop.getRegionIterArgs()[i].getUsers())) {
      auto slice = cast<vector::ExtractStridedSliceOp>(user);
      SmallVector<int64_t> offsets, sizes;
      getSlice(slice, offsets, sizes);
      int64_t tilesPerRow = type.getDimSize(1) / tile[1];
      int64_t t = offsets[0] / tile[0] * tilesPerRow + offsets[1] / tile[1];
      rewriter.replaceOp(slice, body->getArgument(1 + numOthers + t));
    }
    // The yield slices the new value.
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    rewriter.setInsertionPoint(yield);
    SmallVector<Value> yielded;
    for (auto [j, v] : llvm::enumerate(yield.getOperands()))
      if (j != i)
        yielded.push_back(v);
    llvm::append_range(yielded, slices(yield.getOperands()[i]));
    scf::YieldOp::create(rewriter, yield.getLoc(), yielded);
    rewriter.eraseOp(yield);
    // The old body moves over; the split argument has no use left.
    SmallVector<Value> args = {body->getArgument(0)};
    for (unsigned j = 0, o = 0; j < loop.getNumRegionIterArgs(); ++j)
      args.push_back(j == i ? loop.getInitArgs()[i]
                            : body->getArgument(1 + o++));
    rewriter.mergeBlocks(loop.getBody(), body, args);
    // The result, put back together.
    rewriter.setInsertionPointAfter(newLoop);
    SmallVector<Value> results;
    for (unsigned j = 0, o = 0; j < loop.getNumResults(); ++j) {
      if (j != i) {
        results.push_back(newLoop.getResult(o++));
        continue;
      }
      Value whole = arith::ConstantOp::create(rewriter, loc, type,
                                              rewriter.getZeroAttr(type));
      for (auto [t, origin] : llvm::enumerate(origins))
        whole = vector::InsertStridedSliceOp::create(
            rewriter, loc, newLoop.getResult(numOthers + t), whole, origin,
            strides);
      results.push_back(whole);
    }
    rewriter.replaceOp(loop, results);
  }
};

} // namespace

LogicalResult mlir::mcore::unrollVectorContractsToIntrinsics(
    Operation *root, const VectorContractToMmaOptions &options) {
  MLIRContext *ctx = root->getContext();
  TilePlanner planner;
  bool tooLarge = false;
  root->walk([&](vector::ContractionOp op) {
    if (!isWaveContraction(op, options))
      return; // each work-item's: no instruction tiles
    std::string why;
    FailureOr<ContractTile> t = matchContractTile(op, why);
    if (failed(t))
      return;
    std::optional<Chip> chip = getTargetChip(op, options.chip);
    if (!chip || pickIntrinsic(*t, *chip, /*exact=*/true, why))
      return;
    MmaIntrinsicAttrInterface intrinsic =
        pickIntrinsic(*t, *chip, /*exact=*/false, why);
    if (!intrinsic)
      return;
    auto [m, n, k] = intrinsic.getMNKShape();
    // One wave computes the whole contraction: past a few thousand
    // instructions its tiles cannot live in registers, and splitting takes
    // minutes (4096^3 would be 8 million instructions).
    int64_t count = (t->m / m) * (t->n / n) * (t->k / k);
    if (count > kMaxUnrolledInstructions) {
      op.emitError() << "mcore-vector-contract-to-mma: " << t->describe()
                     << " in " << m << "x" << n << "x" << k
                     << " instructions would be " << count
                     << " instructions in one wave (at most "
                     << kMaxUnrolledInstructions
                     << "); tile it into smaller contractions first";
      tooLarge = true;
      return;
    }
    SmallVector<int64_t> native(3);
    native[t->dimM] = m;
    native[t->dimN] = n;
    native[t->dimK] = k;
    planner.mark(op, native);
    auto orient = [](int64_t r, int64_t c, bool transpose) -> Tile {
      return transpose ? Tile{c, r} : Tile{r, c};
    };
    planner.assign(op.getLhs(), orient(m, k, t->transposeA));
    planner.assign(op.getRhs(), orient(k, n, t->transposeB));
    planner.assign(op.getAcc(), orient(m, n, t->transposeC));
    planner.assign(op.getResult(), orient(m, n, t->transposeC));
  });
  if (tooLarge)
    return failure();
  planner.run();
  for (Value v : planner.getConflicts()) {
    Operation *at = v.getDefiningOp() ? v.getDefiningOp()
                                      : v.getParentRegion()->getParentOp();
    at->emitWarning("mcore-vector-contract-to-mma: this vector is read in "
                    "tiles of two different instructions; it is not split");
  }

  RewritePatternSet patterns(ctx);
  vector::UnrollVectorOptions unroll;
  unroll.setNativeShapeFn(
      [](Operation *op) -> std::optional<SmallVector<int64_t>> {
        auto attr = op->getAttrOfType<DenseI64ArrayAttr>(kTileAttr);
        if (!attr)
          return std::nullopt;
        return llvm::to_vector(attr.asArrayRef());
      });
  vector::populateVectorUnrollPatterns(patterns, unroll);
  patterns
      .add<SliceOfExpand2to4, SliceOfLoadSparseIndex, SplitLoopCarriedTiles>(
          ctx);
  vector::ExtractStridedSliceOp::getCanonicalizationPatterns(patterns, ctx);
  vector::InsertStridedSliceOp::getCanonicalizationPatterns(patterns, ctx);
  LogicalResult result = applyPatternsGreedily(root, std::move(patterns));
  root->walk([](Operation *op) { op->removeAttr(kTileAttr); });
  if (failed(result))
    return root->emitError("mcore-vector-contract-to-mma: splitting "
                           "contractions into instruction tiles did not "
                           "converge");
  return success();
}
