//===- TileMatmulEpilogue.cpp - Element-wise consumers in the kernel -----===//
//
// The element-wise linalg ops that consume a matmul's C (a bias, row and
// column scales, an activation, the cast to the output type) run in the
// matmul kernel's epilogue, on the accumulator tiles in registers, and a
// buffer is stored only if something after them still reads it: C written
// once, in the type the program keeps. Three steps:
//
//  * planning (planEpilogue), before the work-group tiling: the linalg ops
//    that follow the matmul and read or write C (or what an earlier fused op
//    wrote) are checked: one output, every loop parallel over C's two
//    dimensions, a body of element-wise arith/math ops, C and earlier fused
//    results read at the element they are at, other operands read through
//    projected permutations (broadcasts along rows or columns, scalars), and
//    nothing in between touching memory. An op that cannot run in the
//    epilogue gets the reason as the attribute `mcore.not_fused`, which
//    mcore-linalg-to-gpu reports when it gives the op a kernel of its own.
//  * fusion (fuseEpilogue), after it: each op is tiled into the work-group
//    loop through the TilingInterface, its tile derived from the tile of C
//    it reads (getTiledImplementationFromOperandTiles: the step upstream's
//    scf::tileAndFuseConsumer takes for loops on tensors; mcore tiles after
//    bufferization, where the loop has no results to fuse through);
//  * application (EpilogueEmitter), in the kernel: per accumulator tile,
//    each fused op's body on whole-tile vectors, its operands read from its
//    tile's subviews through the op's indexing maps, then the stores.
//    mcore-distribute gives all of them C's layout.
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"

#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

Value tilematmul::getRootBuffer(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      break;
    v = view.getViewSource();
  }
  return v;
}

static bool isAllocOnly(Operation *op) {
  return isa<memref::AllocOp, memref::AllocaOp>(op);
}

/// Whether `v` is available before `point`, or computed after it in its
/// block by ops that only compute (or allocate) and can move above it.
static bool canHoistAbove(Value v, Operation *point) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != point->getBlock() ||
      def->isBeforeInBlock(point))
    return true;
  if (def == point)
    return false;
  if (!isMemoryEffectFree(def) && !isAllocOnly(def))
    return false;
  return llvm::all_of(def->getOperands(),
                      [&](Value o) { return canHoistAbove(o, point); });
}

static void hoistAbove(Value v, Operation *point) {
  Operation *def = v.getDefiningOp();
  if (!def || def->getBlock() != point->getBlock() ||
      def->isBeforeInBlock(point))
    return;
  for (Value o : def->getOperands())
    hoistAbove(o, point);
  def->moveBefore(point);
}

/// The values an op needs from outside: its operands and what its regions
/// capture.
static SmallVector<Value> getNeededValues(Operation *op) {
  SmallVector<Value> values(op->getOperands());
  SetVector<Value> captured;
  for (Region &region : op->getRegions())
    getUsedValuesDefinedAbove(region, captured);
  llvm::append_range(values, captured);
  return values;
}

/// Whether a body op can run on whole tiles: element-wise with one result
/// (arith, math), or a scalar constant.
static bool isVectorizableBodyOp(Operation *op) {
  if (op->hasTrait<OpTrait::ConstantLike>() && op->getNumOperands() == 0)
    return true;
  return op->hasTrait<OpTrait::Elementwise>() &&
         op->hasTrait<OpTrait::Vectorizable>() && op->getNumRegions() == 0 &&
         op->getNumResults() == 1;
}

static bool isScalarElement(Type t) { return t.isIntOrFloat(); }

namespace {

/// Planning state: the buffers the kernel keeps in registers (C first, then
/// the outputs of fused ops) and the buffers it only reads.
struct Planner {
  const MatmulOperands &spec;
  Epilogue &epilogue;
  SmallVector<Value> readRoots; ///< roots of A, B, metadata, fused inputs

  int findGroup(Value v) const {
    auto it = llvm::find(epilogue.buffers, v);
    return it == epilogue.buffers.end() ? -1
                                        : int(it - epilogue.buffers.begin());
  }
  bool aliasesGroup(Value v) const {
    Value root = getRootBuffer(v);
    return llvm::any_of(epilogue.buffers,
                        [&](Value g) { return getRootBuffer(g) == root; });
  }
  bool touchesGroup(linalg::LinalgOp op) const {
    return llvm::any_of(op->getOperands(), [&](Value v) {
      return isa<MemRefType>(v.getType()) && aliasesGroup(v);
    });
  }

  /// Why `op` cannot run in the epilogue, or "" if it can.
  std::string whyNotFusible(linalg::LinalgOp op) const {
    std::string why;
    llvm::raw_string_ostream os(why);
    if (!op.hasPureBufferSemantics())
      return "it works on tensors";
    if (op.getNumLoops() != 2 || !op.isAllParallelLoops()) {
      os << "it is not element-wise over C's two dimensions ("
         << op.getNumLoops() << " loops, " << op.getNumReductionLoops()
         << " of them reductions)";
      return why;
    }
    if (op.getNumDpsInits() != 1) {
      os << "it has " << op.getNumDpsInits() << " outputs";
      return why;
    }
    for (Operation &bodyOp : op.getBlock()->without_terminator()) {
      if (isa<linalg::IndexOp>(bodyOp))
        return "its body reads loop indices (linalg.index)";
      if (!isVectorizableBodyOp(&bodyOp)) {
        os << "its body has '" << bodyOp.getName()
           << "', which is not an element-wise op";
        return why;
      }
      for (Type t : bodyOp.getResultTypes())
        if (!isScalarElement(t)) {
          os << "its body computes " << t << " values";
          return why;
        }
    }
    for (OpOperand &operand : op->getOpOperands()) {
      Value v = operand.get();
      AffineMap map = op.getMatchingIndexingMap(&operand);
      unsigned n = operand.getOperandNumber();
      if (!isa<ShapedType>(v.getType())) {
        if (!isScalarElement(v.getType())) {
          os << "operand #" << n << " is of type " << v.getType();
          return why;
        }
        continue;
      }
      if (findGroup(v) >= 0) {
        if (!map.isIdentity()) {
          os << "it reads " << (findGroup(v) == 0 ? "C" : "a fused result")
             << " through " << map << ", not element by element";
          return why;
        }
        continue;
      }
      if (aliasesGroup(v)) {
        os << "operand #" << n << " is a view of "
           << "C or of a fused result";
        return why;
      }
      if (!isScalarElement(getElementTypeOrSelf(v.getType()))) {
        os << "operand #" << n << " has elements of type "
           << getElementTypeOrSelf(v.getType());
        return why;
      }
      if (!map.isProjectedPermutation(/*allowZeroInResults=*/true)) {
        os << "operand #" << n << " is read through " << map
           << ", which is not a broadcast of C's elements";
        return why;
      }
    }
    OpOperand *init = op.getDpsInitOperand(0);
    Value out = init->get();
    if (findGroup(out) < 0) {
      if (!op.getMatchingIndexingMap(init).isPermutation()) {
        os << "its output is written through "
           << op.getMatchingIndexingMap(init);
        return why;
      }
      Value root = getRootBuffer(out);
      if (llvm::is_contained(readRoots, root) ||
          llvm::any_of(op.getDpsInputs(), [&](Value in) {
            return isa<MemRefType>(in.getType()) && getRootBuffer(in) == root;
          }))
        return "its output is a buffer the matmul or the epilogue reads";
    }
    for (Value v : getNeededValues(op))
      if (!canHoistAbove(v, spec.op)) {
        os << "it needs a value computed after the matmul by '"
           << v.getDefiningOp()->getName() << "'";
        return why;
      }
    return "";
  }

  void add(linalg::LinalgOp op) {
    EpilogueOp fused;
    fused.op = op;
    for (OpOperand &operand : op->getOpOperands())
      fused.group.push_back(isa<MemRefType>(operand.get().getType())
                                ? findGroup(operand.get())
                                : -1);
    for (Value in : op.getDpsInputs())
      if (isa<MemRefType>(in.getType()) && findGroup(in) < 0)
        readRoots.push_back(getRootBuffer(in));
    Value out = op.getDpsInitOperand(0)->get();
    fused.outGroup = findGroup(out);
    if (fused.outGroup < 0) {
      fused.outGroup = epilogue.buffers.size();
      epilogue.buffers.push_back(out);
    }
    epilogue.ops.push_back(fused);
  }
};

} // namespace

/// Whether a buffer the epilogue holds in registers is a temporary nothing
/// but the matmul and the fused ops touches.
static bool isDeadTemporary(Value buffer, const Epilogue &epilogue,
                            Operation *matmul) {
  if (!buffer.getDefiningOp<memref::AllocOp>())
    return false;
  for (Operation *user : buffer.getUsers()) {
    if (user == matmul || isa<memref::DeallocOp>(user))
      continue;
    if (llvm::any_of(epilogue.ops,
                     [&](const EpilogueOp &f) { return f.op == user; }))
      continue;
    return false;
  }
  return true;
}

Epilogue tilematmul::planEpilogue(const MatmulOperands &spec,
                                  bool cReadByKernel) {
  Epilogue epilogue;
  epilogue.transposed = spec.problem.transposeC;
  epilogue.buffers.push_back(spec.c);
  Planner planner{spec, epilogue, {}};
  for (Value v : {spec.a, spec.b, spec.meta})
    if (v)
      planner.readRoots.push_back(getRootBuffer(v));

  Operation *stop = nullptr;
  for (Operation *op = spec.op->getNextNode(); op; op = op->getNextNode()) {
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      if (!planner.touchesGroup(linalgOp)) {
        stop = op;
        break;
      }
      std::string why = planner.whyNotFusible(linalgOp);
      if (!why.empty()) {
        op->setAttr(kNotFusedAttrName, StringAttr::get(op->getContext(), why));
        stop = op;
        break;
      }
      planner.add(linalgOp);
      continue;
    }
    if (isMemoryEffectFree(op) || isAllocOnly(op))
      continue;
    stop = op;
    break;
  }
  // Later ops on C or the fused results: say what kept them out.
  if (stop)
    for (Operation *op = stop->getNextNode(); op; op = op->getNextNode()) {
      auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
      if (linalgOp && !op->hasAttr(kNotFusedAttrName) &&
          planner.touchesGroup(linalgOp)) {
        std::string why = planner.whyNotFusible(linalgOp);
        if (why.empty())
          llvm::raw_string_ostream(why)
              << "'" << stop->getName() << "' at " << stop->getLoc()
              << " stands between it and the matmul";
        op->setAttr(kNotFusedAttrName, StringAttr::get(op->getContext(), why));
      }
    }

  // The buffers to store: all but temporaries only the kernel touches (C
  // only when the kernel does not read it: a folded fill).
  epilogue.store.assign(epilogue.buffers.size(), true);
  if (epilogue.empty())
    return epilogue;
  for (auto [g, buffer] : llvm::enumerate(epilogue.buffers)) {
    if (g == 0 && cReadByKernel)
      continue;
    if (isDeadTemporary(buffer, epilogue, spec.op))
      epilogue.store[g] = false;
  }
  // The ops' operands become available at the matmul, where the kernel
  // goes.
  for (EpilogueOp &f : epilogue.ops)
    for (Value v : getNeededValues(f.op))
      hoistAbove(v, spec.op);
  return epilogue;
}

LogicalResult tilematmul::fuseEpilogue(RewriterBase &rewriter,
                                       Epilogue &epilogue,
                                       Operation *tiledMatmul,
                                       ArrayRef<OpFoldResult> cOffsets,
                                       ArrayRef<OpFoldResult> cSizes) {
  for (EpilogueOp &f : epilogue.ops) {
    // The tile of each operand held in registers is the tile of C (they are
    // read element by element).
    SmallVector<unsigned> operandNumbers;
    SmallVector<SmallVector<OpFoldResult>> offsets, sizes;
    for (auto [n, group] : llvm::enumerate(f.group))
      if (group >= 0) {
        operandNumbers.push_back(n);
        offsets.emplace_back(cOffsets);
        sizes.emplace_back(cSizes);
      }
    auto tilingOp = cast<TilingInterface>(f.op.getOperation());
    if (!tilingOp.isOpFusableWithProducerSlices(operandNumbers, offsets, sizes))
      return f.op->emitError("mcore-tile-matmul: the TilingInterface cannot "
                             "fuse this op with the matmul's tiles");
    // Before the tiled matmul, where the kernel body goes: the tile's
    // subviews must be there for the epilogue to read. The tiled op only
    // carries them and its body until the kernel applies it.
    rewriter.setInsertionPoint(tiledMatmul);
    FailureOr<TilingResult> tiled =
        tilingOp.getTiledImplementationFromOperandTiles(
            rewriter, operandNumbers, offsets, sizes);
    if (failed(tiled) || tiled->tiledOps.size() != 1)
      return f.op->emitError("mcore-tile-matmul: tiling this op into the "
                             "matmul's work-group loop failed");
    rewriter.eraseOp(f.op);
    f.op = cast<linalg::LinalgOp>(tiled->tiledOps.front());
  }
  return success();
}

void tilematmul::finishEpilogue(RewriterBase &rewriter, Epilogue &epilogue) {
  for (EpilogueOp &f : llvm::reverse(epilogue.ops)) {
    SmallVector<Value> operands(f.op->getOperands());
    rewriter.eraseOp(f.op);
    for (Value v : operands)
      if (Operation *def = v.getDefiningOp())
        if (isa<memref::SubViewOp>(def) && def->use_empty())
          rewriter.eraseOp(def);
  }
  // Temporaries nothing writes or reads any more: their sizes where the
  // kernel asks for them, then away.
  for (auto [g, buffer] : llvm::enumerate(epilogue.buffers)) {
    auto alloc = buffer.getDefiningOp<memref::AllocOp>();
    if (epilogue.store[g] || !alloc)
      continue;
    for (OpOperand &use : llvm::make_early_inc_range(alloc->getUses())) {
      auto dimOp = dyn_cast<memref::DimOp>(use.getOwner());
      std::optional<int64_t> d =
          dimOp ? dimOp.getConstantIndex() : std::nullopt;
      if (!d)
        continue;
      rewriter.setInsertionPoint(dimOp);
      Value size = getValueOrCreateConstantIndexOp(rewriter, dimOp.getLoc(),
                                                   alloc.getMixedSizes()[*d]);
      rewriter.replaceOp(dimOp, size);
    }
    if (llvm::all_of(alloc->getUsers(), [](Operation *user) {
          return isa<memref::DeallocOp>(user);
        })) {
      for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
        rewriter.eraseOp(user);
      rewriter.eraseOp(alloc);
    }
  }
}

//===----------------------------------------------------------------------===//
// In the kernel
//===----------------------------------------------------------------------===//

/// The indices of a fused op's operand at the tile's element (row, col), and
/// the transfer map from the operand's dimensions to the tile's: the loop
/// dimension d0 (C's rows) or d1 (C's columns) each operand dimension
/// follows, a broadcast (constant 0) for a loop dimension the operand does
/// not have. A `transposed` tile is Cᵀ's (the kernel of a 2:4 weight on the
/// right computes Cᵀ = W xᵀ): its rows are C's columns, so the loop
/// dimension d0 is the tile's dimension 1 and d1 its dimension 0.
static std::pair<SmallVector<Value>, AffineMap>
getTransferIndices(ImplicitLocOpBuilder &b, AffineMap map, Value row,
                   Value col, bool transposed) {
  MLIRContext *ctx = b.getContext();
  SmallVector<Value> indices;
  AffineExpr tileDims[2] = {getAffineConstantExpr(0, ctx),
                            getAffineConstantExpr(0, ctx)};
  for (auto [pos, e] : llvm::enumerate(map.getResults())) {
    if (auto d = dyn_cast<AffineDimExpr>(e)) {
      unsigned tileDim = transposed ? 1 - d.getPosition() : d.getPosition();
      indices.push_back(tileDim == 0 ? row : col);
      tileDims[tileDim] = getAffineDimExpr(pos, ctx);
    } else {
      indices.push_back(arith::ConstantIndexOp::create(
          b, cast<AffineConstantExpr>(e).getValue()));
    }
  }
  return {indices, AffineMap::get(map.getNumResults(), 0, tileDims, ctx)};
}

Value EpilogueEmitter::readOperand(linalg::LinalgOp op, OpOperand &operand,
                                   VectorType tileType, Value row, Value col,
                                   ArrayRef<bool> inBounds) {
  Value v = operand.get();
  Type elem = getElementTypeOrSelf(v.getType());
  auto type = VectorType::get(tileType.getShape(), elem);
  if (!isa<ShapedType>(v.getType()))
    return vector::BroadcastOp::create(b, type, v);
  AffineMap map = op.getMatchingIndexingMap(&operand);
  auto [indices, transferMap] =
      getTransferIndices(b, map, row, col, epilogue.transposed);
  SmallVector<bool> bounds;
  for (unsigned d = 0; d < 2; ++d)
    bounds.push_back(isa<AffineConstantExpr>(transferMap.getResult(d)) ||
                     inBounds[d]);
  Value pad = arith::ConstantOp::create(b, elem, b.getZeroAttr(elem));
  return vector::TransferReadOp::create(b, type, v, indices, pad, transferMap,
                                        bounds);
}

Value EpilogueEmitter::applyBody(linalg::LinalgOp op, ArrayRef<Value> args,
                                 VectorType tileType) {
  Block *body = op.getBlock();
  IRMapping map;
  for (auto [arg, value] : llvm::zip(body->getArguments(), args))
    if (value)
      map.map(arg, value);
  DenseMap<Value, Value> broadcasts;
  auto tileOf = [&](Type elem) {
    return VectorType::get(tileType.getShape(), elem);
  };
  // A scalar from outside the body (or a constant in it), on every element.
  auto broadcast = [&](Value scalar) -> Value {
    Value &v = broadcasts[scalar];
    if (!v)
      v = vector::BroadcastOp::create(b, tileOf(scalar.getType()), scalar);
    return v;
  };
  for (Operation &bodyOp : body->without_terminator()) {
    if (bodyOp.hasTrait<OpTrait::ConstantLike>() &&
        bodyOp.getNumOperands() == 0) {
      Operation *scalar = b.clone(bodyOp);
      map.map(bodyOp.getResult(0), broadcast(scalar->getResult(0)));
      continue;
    }
    SmallVector<Value> operands;
    for (Value v : bodyOp.getOperands())
      operands.push_back(map.contains(v) ? map.lookup(v) : broadcast(v));
    OperationState state(bodyOp.getLoc(), bodyOp.getName(), operands,
                         {tileOf(bodyOp.getResult(0).getType())},
                         bodyOp.getAttrs());
    map.map(bodyOp.getResult(0), b.create(state)->getResult(0));
  }
  Value yielded = body->getTerminator()->getOperand(0);
  return map.contains(yielded) ? map.lookup(yielded) : broadcast(yielded);
}

Value EpilogueEmitter::emitTile(Value cTile, Value row, Value col,
                                ArrayRef<bool> inBounds) {
  auto tileType = cast<VectorType>(cTile.getType());
  // The register value of each buffer the epilogue holds, and the op whose
  // output it last was (its operand and map store it).
  SmallVector<Value> current(epilogue.buffers.size());
  SmallVector<const EpilogueOp *> writer(epilogue.buffers.size(), nullptr);
  current[0] = cTile;
  for (const EpilogueOp &f : epilogue.ops) {
    linalg::LinalgOp op = f.op;
    SmallVector<Value> args;
    for (OpOperand &operand : op->getOpOperands()) {
      BlockArgument arg = op.getMatchingBlockArgument(&operand);
      int group = f.group[operand.getOperandNumber()];
      if (group >= 0)
        args.push_back(current[group]);
      else if (arg.use_empty())
        args.push_back(Value());
      else
        args.push_back(readOperand(op, operand, tileType, row, col, inBounds));
    }
    current[f.outGroup] = applyBody(op, args, tileType);
    writer[f.outGroup] = &f;
  }
  // Each buffer still read after the kernel is stored once, with its last
  // value (C by the caller).
  for (size_t g = 1; g < epilogue.buffers.size(); ++g) {
    if (!epilogue.store[g] || !writer[g])
      continue;
    linalg::LinalgOp op = writer[g]->op;
    OpOperand *init = op.getDpsInitOperand(0);
    // The output map is a permutation: the tile's dimensions are the
    // operand's, in some order.
    auto [indices, map] = getTransferIndices(
        b, op.getMatchingIndexingMap(init), row, col, epilogue.transposed);
    vector::TransferWriteOp::create(b, current[g], init->get(), indices, map,
                                    inBounds);
  }
  return current[0];
}
