//===- Distribute.cpp - Whole-tile mcore ops to per-lane fragments --------===//
//
// mcore-distribute rewrites the whole-tile form that mcore-tile-matmul
// writes (one matrix-instruction tile per rank-2 vector, executed by a whole
// wave) into the per-lane form convert-mcore-to-amdgpu lowers: every lane
// computes which elements of each tile it holds from the intrinsic's layout
// in mcore's catalog, and loads, keeps and stores only those.
//
// The whole-tile values it distributes, and how:
//   * vector.transfer_read of an A or B tile: per-lane loads, one vector load
//     per run of elements contiguous in memory; also reads that broadcast
//     along a tile dimension (a bias per column, a scale per row, a scalar
//     in a rank-0 memref), as a fused epilogue reads its operands;
//   * vector.broadcast of a scalar to a whole tile: a broadcast to the
//     fragment;
//   * mcore.load_sparse_index: per-lane loads of canonical metadata words and
//     nibble shuffles into the lane's index word (index set 0);
//   * arith.constant splats (accumulator init): per-lane splats;
//   * mcore.mma / mcore.sparse_mma: the same op on fragments;
//   * element-wise ops on C tiles (arith.truncf, ...): the same op on
//     fragments;
//   * vector.multi_reduction <or> of a whole i1 tile to one i1 (whether any
//     element is set): the lane's fragment reduced, then a wave-wide ballot,
//     so that every lane has the tile's answer;
//   * scf.for iter_args carrying C tiles: loops carrying fragments;
//   * vector.transfer_write of a C tile: per-lane stores, masked where the
//     transfer is not in bounds.
// Each whole-tile value gets its layout (an operand of one intrinsic) from
// the mcore ops it flows into or out of; a value that would need two layouts
// is an error.
//
//===----------------------------------------------------------------------===//

#include "DistributeLayout.h"
#include "DistributeMemory.h"

#include "mcore/Dialect/MCore/IR/MCoreOps.h"
#include "mcore/Dialect/MCore/Transforms/Passes.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"
#include "mcore/Target/Sparsity.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/OpDefinition.h"

#include "llvm/ADT/SetVector.h"

#include <type_traits>

namespace mlir::mcore {
#define GEN_PASS_DEF_MCOREDISTRIBUTEPASS
#include "mcore/Dialect/MCore/Transforms/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::distribute;

namespace {

class Distributor {
public:
  explicit Distributor(Operation *root) : root(root) {}

  LogicalResult run() {
    if (failed(assignRoles()))
      return failure();
    if (roles.empty())
      return success();
    if (failed(distributeRegions(root)))
      return failure();
    // The old ops only use each other now (an old loop's block arguments are
    // used by old ops moved into the new loop): cut every use, then erase.
    for (Operation *op : toErase)
      op->dropAllReferences();
    for (Operation *op : toErase)
      for (Value result : op->getResults())
        if (!result.use_empty())
          return op->emitError("mcore-distribute left a use of this op's "
                               "whole-tile result");
    for (Operation *op : llvm::reverse(toErase))
      op->erase();
    return success();
  }

private:
  //===--------------------------------------------------------------------===//
  // Layout assignment
  //===--------------------------------------------------------------------===//

  LogicalResult assignRoles() {
    SmallVector<std::pair<Value, Role>> seeds;
    WalkResult walk = root->walk([&](Operation *op) {
      if (!isa<MmaOp, SparseMmaOp, ScaledMmaOp>(op) ||
          !isWholeTile(op->getOperand(0)))
        return WalkResult::advance();
      auto intrinsic =
          op->getAttrOfType<MmaIntrinsicAttrInterface>("intrinsic");
      if (!intrinsic) {
        op->emitError("mcore-distribute needs the intrinsic of every "
                      "whole-tile op; run mcore-select-intrinsics first");
        return WalkResult::interrupt();
      }
      seeds.push_back({op->getOperand(0), {intrinsic, Operand::A}});
      seeds.push_back({op->getOperand(1), {intrinsic, Operand::B}});
      seeds.push_back({op->getOperand(2), {intrinsic, Operand::C}});
      // D has C's role, except where the instruction's D differs from C
      // (gfx1250's bf16f32), which the verifier let through.
      seeds.push_back(
          {op->getResult(0),
           {intrinsic, op->getResult(0).getType() == op->getOperand(2).getType()
                           ? Operand::C
                           : Operand::D}});
      if (auto sparse = dyn_cast<SparseMmaOp>(op))
        seeds.push_back({sparse.getIndex(), {intrinsic, Operand::Index}});
      if (auto scaled = dyn_cast<ScaledMmaOp>(op)) {
        Role sa{intrinsic, Operand::A}, sb{intrinsic, Operand::B};
        sa.scales = sb.scales = true;
        seeds.push_back({scaled.getScaleA(), sa});
        seeds.push_back({scaled.getScaleB(), sb});
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
    for (auto &[value, role] : seeds)
      if (failed(assign(value, role)))
        return failure();
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      if (failed(propagate(v)))
        return failure();
    }
    for (auto &[value, role] : roles)
      if (!isSeparable(role.layout()))
        return emitErrorAt(value, "the layout of " + role.describe() +
                                      " is not separable by lane");
    return success();
  }

  InFlightDiagnostic emitErrorAt(Value v, const Twine &message) {
    if (Operation *def = v.getDefiningOp())
      return def->emitError(message);
    return v.getParentRegion()->getParentOp()->emitError(message);
  }

  LogicalResult assign(Value v, Role role) {
    if (!isWholeTile(v))
      return emitErrorAt(v, "expected a whole-tile (rank-2) vector for " +
                                role.describe());
    auto [it, inserted] = roles.try_emplace(v, role);
    if (inserted) {
      worklist.push_back(v);
      return success();
    }
    if (it->second != role)
      return emitErrorAt(v, "this whole-tile value is used as " +
                                it->second.describe() + " and as " +
                                role.describe() +
                                "; mcore-distribute needs one layout per "
                                "value");
    return success();
  }

  /// The role of `op`'s other whole-tile value (the source of a transpose
  /// or bitcast whose result is `known`, or the result when `known` is the
  /// source): transposes toggle `transposed`, bitcasts rescale `pack`.
  FailureOr<Role> relatedRole(Operation *op, Value known, Role role) {
    if (auto t = dyn_cast<vector::TransposeOp>(op)) {
      if (t.getPermutation()[0] == 0)
        return role;
      if (role.pack != 1)
        return emitErrorAt(known, "mcore-distribute cannot transpose a tile "
                                  "of packed elements (" +
                                      role.describe() + ")");
      role.transposed = !role.transposed;
      return role;
    }
    auto c = cast<vector::BitCastOp>(op);
    unsigned from = cast<VectorType>(known.getType()).getElementTypeBitWidth();
    Value other = known == c.getResult() ? c.getSource() : c.getResult();
    unsigned to = cast<VectorType>(other.getType()).getElementTypeBitWidth();
    if ((role.pack * to) % from)
      return emitErrorAt(known, "mcore-distribute cannot reinterpret " +
                                    role.describe() + " as " +
                                    std::to_string(to) + "-bit elements");
    role.pack = role.pack * to / from;
    if (!role.packable())
      return emitErrorAt(other,
                         "mcore-distribute cannot pack " +
                             std::to_string(role.pack) + " elements of " +
                             role.describe() +
                             ": the lane does not hold them consecutively "
                             "along the tile's second dimension");
    return role;
  }

  static bool isReshaping(Operation *op) {
    return isa<vector::TransposeOp, vector::BitCastOp>(op) &&
           isWholeTile(op->getOperand(0));
  }

  /// Spreads v's role along loop-carried values, element-wise ops,
  /// transposes and bitcasts.
  LogicalResult propagate(Value v) {
    Role role = roles.lookup(v);
    // Producers.
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
          loop && arg.getArgNumber() > 0) {
        unsigned i = arg.getArgNumber() - 1;
        if (failed(assign(loop.getInitArgs()[i], role)) ||
            failed(assign(loop.getResult(i), role)) ||
            failed(assign(loop.getBody()->getTerminator()->getOperand(i),
                          role)))
          return failure();
      }
    } else if (Operation *def = v.getDefiningOp()) {
      if (auto loop = dyn_cast<scf::ForOp>(def)) {
        unsigned i = cast<OpResult>(v).getResultNumber();
        if (failed(assign(loop.getRegionIterArg(i), role)))
          return failure();
      } else if (isElementwise(def)) {
        for (Value operand : def->getOperands())
          if (isWholeTile(operand) && failed(assign(operand, role)))
            return failure();
      } else if (isReshaping(def)) {
        FailureOr<Role> source = relatedRole(def, v, role);
        if (failed(source) || failed(assign(def->getOperand(0), *source)))
          return failure();
      }
    }
    // Users.
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (auto loop = dyn_cast<scf::ForOp>(user)) {
        if (use.getOperandNumber() >= loop.getNumControlOperands() &&
            failed(assign(loop.getTiedLoopRegionIterArg(&use), role)))
          return failure();
      } else if (auto yield = dyn_cast<scf::YieldOp>(user)) {
        if (auto loop = dyn_cast<scf::ForOp>(yield->getParentOp()))
          if (failed(assign(loop.getResult(use.getOperandNumber()), role)))
            return failure();
      } else if (isElementwise(user)) {
        for (Value operand : user->getOperands())
          if (isWholeTile(operand) && failed(assign(operand, role)))
            return failure();
        if (failed(assign(user->getResult(0), role)))
          return failure();
      } else if (isReshaping(user)) {
        FailureOr<Role> result = relatedRole(user, v, role);
        if (failed(result) || failed(assign(user->getResult(0), *result)))
          return failure();
      }
    }
    return success();
  }

  //===--------------------------------------------------------------------===//
  // Rewriting
  //===--------------------------------------------------------------------===//

  bool hasRole(Value v) const { return roles.count(v); }

  Type fragmentType(Value v) {
    Role role = roles.lookup(v);
    if (role.operand == Operand::Index)
      return IntegerType::get(v.getContext(), 32);
    return VectorType::get({int64_t(role.numElems() * role.stride())},
                           cast<VectorType>(v.getType()).getElementType());
  }

  LogicalResult distributeRegions(Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (failed(distributeBlock(block)))
          return failure();
    return success();
  }

  LogicalResult distributeBlock(Block &block) {
    for (Operation &op : llvm::make_early_inc_range(block))
      if (failed(distributeOp(&op)))
        return failure();
    return success();
  }

  bool touchesRoles(Operation *op) {
    return llvm::any_of(op->getOperands(), [&](Value v) { return hasRole(v); }) ||
           llvm::any_of(op->getResults(), [&](Value v) { return hasRole(v); });
  }

  LogicalResult distributeOp(Operation *op) {
    if (auto loop = dyn_cast<scf::ForOp>(op);
        loop && touchesRoles(loop.getOperation()))
      return distributeFor(loop);
    if (isa<scf::YieldOp>(op)) {
      // Handled with its loop; a yield of a tile out of another region op is
      // not part of the contract.
      if (touchesRoles(op) && !isa<scf::ForOp>(op->getParentOp()))
        return op->emitError("mcore-distribute cannot carry whole tiles "
                             "through '")
               << op->getParentOp()->getName() << "'";
      if (touchesRoles(op))
        for (OpOperand &operand : op->getOpOperands())
          if (hasRole(operand.get()))
            operand.set(map.lookup(operand.get()));
      return success();
    }
    if (!touchesRoles(op))
      return distributeRegions(op);
    // Operands are distributed before their users, except tiles that enter
    // as a function (or other region's) argument: those have no per-lane
    // form.
    for (Value operand : op->getOperands()) {
      auto arg = dyn_cast<BlockArgument>(operand);
      if (arg && hasRole(arg) && !map.contains(arg)) {
        Operation *owner = arg.getOwner()->getParentOp();
        return op->emitError("mcore-distribute cannot distribute a whole "
                             "tile that enters as argument #")
               << arg.getArgNumber() << " of '" << owner->getName() << "' ("
               << roles.lookup(arg).describe()
               << "); whole tiles must be read (vector.transfer_read, "
                  "mcore.load_sparse_index), be constants, or be carried by "
                  "scf.for";
      }
    }

    OpBuilder b(op);
    if (auto read = dyn_cast<vector::TransferReadOp>(op))
      return distributeRead(b, read);
    if (auto write = dyn_cast<vector::TransferWriteOp>(op))
      return distributeWrite(b, write);
    if (auto index = dyn_cast<LoadSparseIndexOp>(op))
      return distributeIndex(b, index);
    if (auto cst = dyn_cast<arith::ConstantOp>(op))
      return distributeConstant(b, cst);
    // A scalar broadcast to a whole tile: every lane holds it everywhere.
    if (auto bcast = dyn_cast<vector::BroadcastOp>(op);
        bcast && !isa<VectorType>(bcast.getSourceType()))
      return replace(op, vector::BroadcastOp::create(
                             b, op->getLoc(),
                             cast<VectorType>(fragmentType(bcast.getResult())),
                             bcast.getSource())
                             .getResult());
    // A lane holds the same values of a tile and of its transpose; a
    // bitcast reinterprets them (packable() checked the order).
    if (isa<vector::TransposeOp>(op))
      return replace(op, map.lookup(op->getOperand(0)));
    if (isa<vector::BitCastOp>(op))
      return replace(op, vector::BitCastOp::create(
                             b, op->getLoc(),
                             cast<VectorType>(fragmentType(op->getResult(0))),
                             map.lookup(op->getOperand(0)))
                             .getResult());
    if (auto mma = dyn_cast<MmaOp>(op)) {
      auto d = MmaOp::create(b, op->getLoc(), fragmentType(mma.getResult()),
                             map.lookup(mma.getA()), map.lookup(mma.getB()),
                             map.lookup(mma.getC()), mma.getIntrinsicAttr(),
                             mma.getUnsignedA(), mma.getUnsignedB(),
                             mma.getClamp());
      return replace(op, d->getResults());
    }
    if (auto mma = dyn_cast<SparseMmaOp>(op)) {
      // The per-lane index word holds set 0.
      auto d = SparseMmaOp::create(
          b, op->getLoc(), fragmentType(mma.getResult()),
          map.lookup(mma.getA()), map.lookup(mma.getB()),
          map.lookup(mma.getC()), map.lookup(mma.getIndex()),
          mma.getIntrinsicAttr(), /*index_set=*/0, mma.getUnsignedA(),
          mma.getUnsignedB(), mma.getClamp());
      return replace(op, d->getResults());
    }
    if (auto mma = dyn_cast<ScaledMmaOp>(op)) {
      // The lane's scales of A and of B (ScaleInfo), as the scale operand
      // holds them in set 0: gfx950's one scale per lane in every byte of
      // the word (so that op_sel 0 picks it), gfx1250's 4 per lane as the
      // word (matrix_*_scale 0 reads lanes 0-15's; lanes 16-31 hold the
      // same, which the instruction does not read).
      const IntrinsicInfo &info =
          *cast<IntrinsicAttr>(mma.getIntrinsicAttr()).getIntrinsic();
      auto word = [&](Value scales, const ScaleInfo &si) -> Value {
        Value fragment = map.lookup(scales);
        auto type = VectorType::get({int64_t(si.getOperandBytes())},
                                    getElementTypeOrSelf(scales.getType()));
        if (fragment.getType() == type)
          return fragment;
        return vector::BroadcastOp::create(b, op->getLoc(), type, fragment);
      };
      auto d = ScaledMmaOp::create(
          b, op->getLoc(), fragmentType(mma.getResult()),
          map.lookup(mma.getA()), map.lookup(mma.getB()),
          map.lookup(mma.getC()), word(mma.getScaleA(), info.scaleA),
          word(mma.getScaleB(), info.scaleB), mma.getIntrinsicAttr(),
          /*scale_sel_a=*/0, /*scale_sel_b=*/0);
      return replace(op, d->getResults());
    }
    if (auto red = dyn_cast<vector::MultiDimReductionOp>(op))
      return distributeAny(b, red);
    if (isElementwise(op)) {
      SmallVector<Value> operands;
      for (Value v : op->getOperands())
        operands.push_back(hasRole(v) ? map.lookup(v) : v);
      OperationState state(op->getLoc(), op->getName(), operands,
                           {fragmentType(op->getResult(0))}, op->getAttrs());
      return replace(op, b.create(state)->getResults());
    }
    return op->emitError("mcore-distribute cannot distribute '")
           << op->getName() << "' on a whole-tile value";
  }

  LogicalResult replace(Operation *old, ValueRange fragments) {
    for (auto [oldResult, fragment] : llvm::zip(old->getResults(), fragments))
      map.map(oldResult, fragment);
    toErase.push_back(old);
    return success();
  }

  LogicalResult distributeFor(scf::ForOp loop) {
    OpBuilder b(loop);
    SmallVector<Value> inits;
    for (Value init : loop.getInitArgs())
      inits.push_back(hasRole(init) ? map.lookup(init) : init);
    auto newLoop =
        scf::ForOp::create(b, loop.getLoc(), loop.getLowerBound(),
                           loop.getUpperBound(), loop.getStep(), inits);
    Block *oldBody = loop.getBody(), *newBody = newLoop.getBody();
    // The builder gave the new body a terminator only without iter_args.
    if (!newBody->empty())
      newBody->getTerminator()->erase();
    newBody->getOperations().splice(newBody->end(), oldBody->getOperations());
    for (auto [oldArg, newArg] :
         llvm::zip(oldBody->getArguments(), newBody->getArguments())) {
      if (hasRole(oldArg))
        map.map(oldArg, newArg);
      else
        oldArg.replaceAllUsesWith(newArg);
    }
    if (failed(distributeBlock(*newBody)))
      return failure();
    for (auto [oldResult, newResult] :
         llvm::zip(loop.getResults(), newLoop.getResults())) {
      if (hasRole(oldResult))
        map.map(oldResult, newResult);
      else
        oldResult.replaceAllUsesWith(newResult);
    }
    toErase.push_back(loop);
    return success();
  }

  /// The lane id, created once at the top of the enclosing kernel body.
  Value laneId(Operation *at) {
    Operation *scope = at->getParentOfType<gpu::LaunchOp>();
    if (!scope)
      scope = at->getParentOfType<FunctionOpInterface>();
    Block *entry = &scope->getRegion(0).front();
    Value &lane = laneIds[entry];
    if (!lane) {
      OpBuilder b = OpBuilder::atBlockBegin(entry);
      lane = gpu::LaneIdOp::create(b, at->getLoc(), /*upper_bound=*/nullptr);
    }
    return lane;
  }

  LogicalResult distributeRead(OpBuilder &b, vector::TransferReadOp read) {
    FailureOr<Geometry> g = geometryOf(read);
    if (failed(g))
      return failure();
    Role role = roles.lookup(read.getResult());
    Location loc = read.getLoc();
    Type elem = read.getVectorType().getElementType();
    auto fragType = cast<VectorType>(fragmentType(read.getResult()));
    auto [lane0, lane1] = laneCoords(b, loc, laneId(read), role.layout());
    if (elem.getIntOrFloatBitWidth() < 8)
      return replace(read, readSubByte(b, read, *g, role, lane0, lane1,
                                       cast<VectorType>(fragmentType(
                                           read.getResult()))));
    Value frag = arith::ConstantOp::create(b, loc, b.getZeroAttr(fragType));
    // The 8-bit partner of an FP4 fragment follows its K order
    // (interleavesK): a run of whole groups of eight is shuffled (bytes of
    // two words: v_perm_b32), other elements placed one by one.
    bool interleave = interleavesK(role);
    for (auto [e, len] : elementRuns(role, g->contig)) {
      Value run = readRun(b, read, *g, role, lane0, lane1, e, len);
      if (interleave && (e % 8 || len % 8)) {
        for (unsigned i = 0; i < len; ++i)
          frag = vector::InsertOp::create(
              b, loc,
              vector::ExtractOp::create(b, loc, run, ArrayRef<int64_t>{i}),
              frag, ArrayRef<int64_t>{getInterleavedPosition(e + i)});
        continue;
      }
      if (interleave) {
        SmallVector<int64_t> mask(len);
        for (unsigned i = 0; i < len; ++i)
          mask[getInterleavedPosition(i)] = i;
        run = vector::ShuffleOp::create(b, loc, run, run, mask);
      }
      frag = insertRun(b, loc, run, frag, e, len, role.stride());
    }
    return replace(read, frag);
  }

  Value insertRun(OpBuilder &b, Location loc, Value run, Value frag,
                  unsigned e, unsigned len, unsigned stride) {
    if (stride == 1)
      return vector::InsertStridedSliceOp::create(
          b, loc, run, frag, ArrayRef<int64_t>{int64_t(e)},
          ArrayRef<int64_t>{1});
    for (unsigned i = 0; i < len; ++i) {
      Value s = vector::ExtractOp::create(b, loc, run, ArrayRef<int64_t>{i});
      frag = vector::InsertOp::create(b, loc, s, frag,
                                      ArrayRef<int64_t>{(e + i) * stride});
    }
    return frag;
  }

  LogicalResult distributeWrite(OpBuilder &b, vector::TransferWriteOp write) {
    FailureOr<Geometry> g = geometryOf(write);
    if (failed(g))
      return failure();
    Value tile = write.getVector();
    Role role = roles.lookup(tile);
    Location loc = write.getLoc();
    Value frag = map.lookup(tile);
    Type elem = cast<VectorType>(tile.getType()).getElementType();
    auto [lane0, lane1] = laneCoords(b, loc, laneId(write), role.layout());
    unsigned stride = role.stride();
    for (auto [e, len] : elementRuns(role, g->contig)) {
      SmallVector<Value> idx =
          g->indicesOf(b, loc, lane0, lane1, role.layout().apply(0, e));
      auto runType = VectorType::get({int64_t(len)}, elem);
      Value run;
      if (stride == 1) {
        run = vector::ExtractStridedSliceOp::create(
            b, loc, frag, ArrayRef<int64_t>{int64_t(e)},
            ArrayRef<int64_t>{int64_t(len)}, ArrayRef<int64_t>{1});
      } else {
        SmallVector<Value> elems;
        for (unsigned i = 0; i < len; ++i)
          elems.push_back(vector::ExtractOp::create(
              b, loc, frag, ArrayRef<int64_t>{int64_t((e + i) * stride)}));
        run = vector::FromElementsOp::create(b, loc, runType, elems);
      }
      if (g->allInBounds() && g->contig >= 0) {
        vector::StoreOp::create(b, loc, run, g->base, idx);
      } else if (g->allInBounds() && len == 1) {
        Value s = vector::ExtractOp::create(b, loc, run, ArrayRef<int64_t>{0});
        memref::StoreOp::create(b, loc, s, g->base, idx);
      } else {
        auto [type, map] = g->narrowTransfer(b, len, elem);
        Value two = vector::ShapeCastOp::create(b, loc, type, run);
        vector::TransferWriteOp::create(b, loc, two, g->base, idx, map,
                                        ArrayRef<bool>(g->inBounds));
      }
    }
    toErase.push_back(write);
    return success();
  }

  /// Builds the lane's index word. Nibble n of it (fields 2n and 2n + 1 of
  /// the index layout, the two values of one group) is the canonical
  /// metadata nibble of that group. Nibbles of consecutive groups of one
  /// row form runs; each run is cut out of a 64-bit window of two adjacent
  /// metadata words with one shift, whatever the alignment of %k. Words
  /// outside the metadata read as 0x44444444: positions 0 and 1 in every
  /// group.
  LogicalResult distributeIndex(OpBuilder &b, LoadSparseIndexOp op) {
    Role role = roles.lookup(op.getResult());
    Location loc = op.getLoc();
    const LaneLayout &l = role.layout();
    auto [lane0, lane1] = laneCoords(b, loc, laneId(op), l);
    Value meta = op.getMetadata();
    Type i32 = b.getI32Type(), i64 = b.getI64Type();
    auto idx = [&](int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v).getResult();
    };
    auto cst = [&](Type t, int64_t v) {
      return arith::ConstantIntOp::create(b, loc, t, v).getResult();
    };
    Value one = idx(1), zero = idx(0);
    Value rows = memref::DimOp::create(b, loc, meta, 0);
    Value words = memref::DimOp::create(b, loc, meta, 1);
    // Clamped so the load stays inside the allocation; the select discards
    // what it reads outside.
    auto lastOf = [&](Value bound) -> Value {
      return arith::MaxSIOp::create(
          b, loc, arith::SubIOp::create(b, loc, bound, one), zero);
    };
    Value lastRow = lastOf(rows), lastWord = lastOf(words);
    auto loadWord = [&](Value row, Value word) -> Value {
      Value inside = arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, row, rows),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, word,
                                words));
      Value loaded = memref::LoadOp::create(
          b, loc, meta,
          ValueRange{arith::MinUIOp::create(b, loc, row, lastRow),
                     arith::MinUIOp::create(b, loc, word, lastWord)});
      return arith::SelectOp::create(b, loc, inside, loaded,
                                     cst(i32, 0x44444444));
    };

    if (op.getNative()) {
      // One word holds the lane's run of nibbles: the step's first group
      // plus laneScale times the lane's first group within the step.
      std::optional<sparse24::NativeIndexOrder> order =
          sparse24::getNativeIndexOrder(l);
      if (!order)
        return op.emitOpError("has no instruction-native metadata order "
                              "for the index layout of its instruction");
      Value group = arith::DivUIOp::create(b, loc, op.getK(), idx(4));
      Value nibble = arith::AddIOp::create(
          b, loc, arith::AndIOp::create(b, loc, group, idx(7)),
          arith::MulIOp::create(b, loc,
                                arith::ShRUIOp::create(b, loc, lane1, one),
                                idx(order->laneScale)));
      Value wordIndex = arith::ShRUIOp::create(b, loc, group, idx(3));
      if (op.getHalves()) {
        if (!sparse24::hasNativeHalves(*order))
          return op.emitOpError("has 'halves', but its instruction's index "
                                "layout does not give each lane half of a "
                                "word");
        // Word w of the native metadata is stored as words 2w (w) and
        // 2w + 1 (w rotated by 16 bits): nibbles 4..7 of w are nibbles 0..3
        // of the second.
        wordIndex = arith::AddIOp::create(
            b, loc, arith::ShLIOp::create(b, loc, wordIndex, one),
            arith::ShRUIOp::create(b, loc, nibble, idx(2)));
        nibble = arith::AndIOp::create(b, loc, nibble, idx(3));
      }
      Value word = loadWord(
          arith::AddIOp::create(b, loc, op.getRow(), lane0), wordIndex);
      Value shift = arith::IndexCastOp::create(
          b, loc, i32, arith::ShLIOp::create(b, loc, nibble, idx(2)));
      Value bits = arith::ShRUIOp::create(b, loc, word, shift);
      // With halves, the high half of the lane's word is the other half's
      // index: the instruction reads index set 0, the low 16 bits, only
      // (the per-lane word is always set 0), so no mask is needed.
      if (order->nibblesPerLane < 8 && !op.getHalves())
        bits = arith::AndIOp::create(
            b, loc, bits,
            cst(i32, (int64_t(1) << (4 * order->nibblesPerLane)) - 1));
      return replace(op, bits);
    }

    // The group of the tile's first compressed column, and of this lane's.
    Value laneGroup = arith::AddIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, op.getK(), idx(4)),
        arith::ShRUIOp::create(b, loc, lane1, one));
    // The lane's index: an i32, or an i64 for 16 groups (gfx1250's 8-bit
    // SWMMAC), built from runs of at most 8 nibbles.
    unsigned nibbles = role.numElems() / 2;
    Type wordTy = nibbles > 8 ? i64 : i32;
    Value word = cst(wordTy, 0);
    for (unsigned n = 0; n < nibbles;) {
      TileCoord first = l.apply(0, 2 * n);
      unsigned len = 1;
      while (n + len < nibbles && len < 8) {
        TileCoord next = l.apply(0, 2 * (n + len));
        if (next.d0 != first.d0 || next.d1 != first.d1 + 2 * len)
          break;
        ++len;
      }
      Value row = arith::AddIOp::create(
          b, loc, op.getRow(), arith::AddIOp::create(b, loc, lane0,
                                                     idx(first.d0)));
      Value group =
          arith::AddIOp::create(b, loc, laneGroup, idx(first.d1 / 2));
      Value w = arith::ShRUIOp::create(b, loc, group, idx(3));
      Value lo = arith::ExtUIOp::create(b, loc, i64, loadWord(row, w));
      Value hi = arith::ExtUIOp::create(
          b, loc, i64,
          loadWord(row, arith::AddIOp::create(b, loc, w, one)));
      Value window = arith::OrIOp::create(
          b, loc, lo, arith::ShLIOp::create(b, loc, hi, cst(i64, 32)));
      Value shift = arith::IndexCastOp::create(
          b, loc, i64,
          arith::ShLIOp::create(
              b, loc, arith::AndIOp::create(b, loc, group, idx(7)), idx(2)));
      Value bits = arith::TruncIOp::create(
          b, loc, i32, arith::ShRUIOp::create(b, loc, window, shift));
      if (len < 8)
        bits = arith::AndIOp::create(b, loc, bits,
                                     cst(i32, (int64_t(1) << (4 * len)) - 1));
      if (wordTy != i32)
        bits = arith::ExtUIOp::create(b, loc, wordTy, bits);
      if (n)
        bits = arith::ShLIOp::create(b, loc, bits, cst(wordTy, 4 * n));
      word = arith::OrIOp::create(b, loc, word, bits);
      n += len;
    }
    return replace(op, word);
  }

  LogicalResult distributeAny(OpBuilder &b, vector::MultiDimReductionOp red) {
    Value tile = red.getSource();
    if (red.getKind() != vector::CombiningKind::OR ||
        isa<VectorType>(red.getType()) || !hasRole(tile))
      return red.emitError("mcore-distribute reduces a whole tile only with "
                           "<or>, over both dimensions");
    Location loc = red.getLoc();
    Value lane = vector::ReductionOp::create(
        b, loc, vector::CombiningKind::OR, map.lookup(tile));
    auto mask = b.getIntegerType(1u << roles.lookup(tile).layout().numLaneBits);
    Value votes = ROCDL::BallotOp::create(b, loc, mask, lane);
    Value any = arith::OrIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, votes,
                              arith::ConstantIntOp::create(b, loc, mask, 0)),
        red.getAcc());
    // A scalar: its users are not distributed.
    red.getResult().replaceAllUsesWith(any);
    toErase.push_back(red);
    return success();
  }

  LogicalResult distributeConstant(OpBuilder &b, arith::ConstantOp cst) {
    auto dense = dyn_cast<SplatElementsAttr>(cst.getValue());
    if (!dense)
      return cst.emitError("mcore-distribute handles splat whole-tile "
                           "constants only");
    auto type = cast<VectorType>(fragmentType(cst.getResult()));
    Value frag = arith::ConstantOp::create(
        b, cst.getLoc(),
        SplatElementsAttr::get(type, dense.getSplatValue<Attribute>()));
    return replace(cst, frag);
  }

  Operation *root;
  DenseMap<Value, Role> roles;
  SmallVector<Value> worklist;
  IRMapping map;
  DenseMap<Block *, Value> laneIds;
  SmallVector<Operation *> toErase;
};

struct DistributePass
    : mcore::impl::MCoreDistributePassBase<DistributePass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(distributeToLanes(getOperation())))
      signalPassFailure();
  }
};

} // namespace

LogicalResult mlir::mcore::distributeToLanes(Operation *root) {
  return Distributor(root).run();
}
