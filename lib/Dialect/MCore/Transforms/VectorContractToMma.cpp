//===- VectorContractToMma.cpp - vector.contract to whole-tile mcore ops --===//
//
// mcore-vector-contract-to-mma is the entry for front ends that tile to
// vectors: a vector.contract of the wave (marked mcore.wave) whose shape and
// types are one catalog instruction becomes a whole-tile mcore.mma (or
// mcore.sparse_mma when its A is an mcore.expand_2to4), with the instruction
// chosen, ready for mcore-distribute and convert-mcore-to-amdgpu. Larger
// contractions are first split into instruction tiles
// (VectorContractUnroll.cpp). A contraction each work-item computes (an
// unmarked one: upstream's meaning) becomes outer products and FMAs per
// work-item; where the wave could have computed it instead, a warning says
// which reading the program has and how to choose the other.
//
//===----------------------------------------------------------------------===//

#include "VectorContract.h"
#include "WorkItems.h"

#include "mcore/Dialect/MCore/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/StringExtras.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCOREVECTORCONTRACTTOMMAPASS
#include "mcore/Dialect/MCore/Transforms/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::vectorcontract;

//===----------------------------------------------------------------------===//
// Reading a contraction
//===----------------------------------------------------------------------===//

bool mlir::mcore::isWaveContraction(Operation *op,
                                    const VectorContractToMmaOptions &options) {
  if (op->hasAttr(MCoreDialect::getWaveAttrName()))
    return true;
  return options.unmarkedIsWave &&
         !op->hasAttr(MCoreDialect::getWorkItemAttrName());
}

std::string ContractTile::describe() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << m << "x" << n << "x" << k << " " << getScalarKindName(request.a)
     << " x " << getScalarKindName(request.b) << " -> "
     << getScalarKindName(request.c);
  if (isSparse())
    os << " (2:4 A)";
  return s;
}

/// The value an input was extended from (arith.extf, extsi, extui of a
/// vector), or `v` itself; `isUnsigned` is set for extui.
static Value stripExtension(Value v, bool &isUnsigned) {
  Operation *def = v.getDefiningOp();
  if (!def || !isa<arith::ExtFOp, arith::ExtSIOp, arith::ExtUIOp>(def))
    return v;
  isUnsigned = isa<arith::ExtUIOp>(def);
  return def->getOperand(0);
}

/// The two iteration dimensions a rank-2 operand map selects.
static std::optional<std::pair<unsigned, unsigned>> getDims(AffineMap map) {
  if (map.getNumResults() != 2)
    return std::nullopt;
  auto d0 = dyn_cast<AffineDimExpr>(map.getResult(0));
  auto d1 = dyn_cast<AffineDimExpr>(map.getResult(1));
  if (!d0 || !d1)
    return std::nullopt;
  return std::make_pair(d0.getPosition(), d1.getPosition());
}

FailureOr<ContractTile>
vectorcontract::matchContractTile(vector::ContractionOp op, std::string &why) {
  auto fail = [&](const Twine &reason) {
    why = reason.str();
    return failure();
  };
  if (op.getKind() != vector::CombiningKind::ADD)
    return fail("its combining kind is not add");
  if (isa_and_nonnull<vector::MaskOp>(op->getParentOp()))
    return fail("it is masked");
  auto accType = dyn_cast<VectorType>(op.getAccType());
  if (op.getLhsType().getRank() != 2 || op.getRhsType().getRank() != 2 ||
      !accType || accType.getRank() != 2)
    return fail("its operands are not 2-D tiles");
  SmallVector<vector::IteratorType> iterators = op.getIteratorTypesArray();
  if (iterators.size() != 3 ||
      llvm::count(iterators, vector::IteratorType::reduction) != 1)
    return fail("it is not a matrix product (two parallel dimensions and "
                "one reduction)");

  ContractTile t;
  t.op = op;
  t.dimK = llvm::find(iterators, vector::IteratorType::reduction) -
           iterators.begin();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  auto lhs = getDims(maps[0]), rhs = getDims(maps[1]), acc = getDims(maps[2]);
  if (!lhs || !rhs || !acc)
    return fail("its indexing maps are not permutations of two dimensions");
  // M is the lhs's parallel dimension, N the rhs's.
  if (lhs->second == t.dimK) {
    t.dimM = lhs->first;
  } else if (lhs->first == t.dimK) {
    t.dimM = lhs->second;
    t.transposeA = true;
  } else {
    return fail("its lhs does not run along the reduction");
  }
  if (rhs->first == t.dimK) {
    t.dimN = rhs->second;
  } else if (rhs->second == t.dimK) {
    t.dimN = rhs->first;
    t.transposeB = true;
  } else {
    return fail("its rhs does not run along the reduction");
  }
  if (t.dimM == t.dimN)
    return fail("its lhs and rhs share their parallel dimension");
  if (*acc == std::make_pair(t.dimN, t.dimM))
    t.transposeC = true;
  else if (*acc != std::make_pair(t.dimM, t.dimN))
    return fail("its accumulator is not indexed by the lhs's and the rhs's "
                "parallel dimensions");

  // Element types, before any extension; a 2:4 A behind its expansion.
  t.a = stripExtension(op.getLhs(), t.unsignedA);
  t.b = stripExtension(op.getRhs(), t.unsignedB);
  if (auto expand = t.a.getDefiningOp<Expand2to4Op>()) {
    if (t.transposeA)
      return fail("its 2:4 A (mcore.expand_2to4) is indexed (k, m); sparse "
                  "instructions take A as M x K");
    t.values = expand.getValues();
    t.index = expand.getIndex();
  }
  auto aType = cast<VectorType>(t.a.getType());
  auto bType = cast<VectorType>(t.b.getType());
  Fp8Format fmtA = Fp8Format::None, fmtB = Fp8Format::None;
  std::optional<ScalarKind> ka = getScalarKind(aType.getElementType(), &fmtA);
  std::optional<ScalarKind> kb = getScalarKind(bType.getElementType(), &fmtB);
  std::optional<ScalarKind> kc = getScalarKind(accType.getElementType());
  if (!ka || !kb || !kc) {
    std::string types;
    llvm::raw_string_ostream os(types);
    os << aType.getElementType() << " x " << bType.getElementType() << " -> "
       << accType.getElementType();
    return fail("its element types (" + types +
                ") are not matrix-instruction types");
  }
  if (isFp8Kind(*ka) && isFp8Kind(*kb) && fmtA != fmtB)
    return fail("its A and B use different fp8 encodings");
  t.fp8 = isFp8Kind(*ka) ? fmtA : fmtB;
  t.request = MmaRequest{*ka, *kb, *kc, t.isSparse()};
  t.m = aType.getDimSize(t.transposeA ? 1 : 0);
  t.k = aType.getDimSize(t.transposeA ? 0 : 1);
  t.n = bType.getDimSize(t.transposeB ? 0 : 1);
  return t;
}

//===----------------------------------------------------------------------===//
// Choosing the instruction
//===----------------------------------------------------------------------===//

bool vectorcontract::isGpuCode(Operation *op) {
  return op->getParentOfType<gpu::LaunchOp>() ||
         op->getParentOfType<gpu::GPUModuleOp>() || lookupChip(op);
}

std::optional<Chip> vectorcontract::getTargetChip(Operation *op,
                                                  std::optional<Chip> option) {
  if (!isGpuCode(op))
    return std::nullopt;
  if (option)
    return option;
  if (ChipAttr context = lookupChip(op))
    return context.getChip();
  return std::nullopt;
}

MmaIntrinsicAttrInterface vectorcontract::pickIntrinsic(const ContractTile &t,
                                                        Chip chip, bool exact,
                                                        std::string &why) {
  vector::ContractionOp op = t.op;
  MLIRContext *ctx = op.getContext();
  const ChipInfo &info = getChipInfo(chip);
  bool fp8 = isFp8Kind(t.request.a) || isFp8Kind(t.request.b);
  if (fp8 && t.fp8 != info.fp8) {
    why = (Twine(info.name) + " uses " +
           (info.fp8 == Fp8Format::FNUZ ? "FNUZ" : "OCP") + " fp8")
              .str();
    return {};
  }
  SmallVector<const IntrinsicInfo *> candidates =
      selectIntrinsics(chip, t.request);
  // The tile types the contraction has, in the instruction's orientation.
  auto aType = VectorType::get({t.m, t.isSparse() ? t.k / 2 : t.k},
                               getElementTypeOrSelf(t.a.getType()));
  auto bType = VectorType::get({t.k, t.n}, getElementTypeOrSelf(t.b));
  auto cType =
      VectorType::get({t.m, t.n}, getElementTypeOrSelf(op.getAccType()));
  SmallVector<std::string> shapes;
  for (const IntrinsicInfo *candidate : candidates) {
    auto intrinsic =
        cast<MmaIntrinsicAttrInterface>(IntrinsicAttr::get(ctx, candidate));
    if ((t.unsignedA || t.unsignedB) && !intrinsic.supportsUnsigned())
      continue;
    auto [m, n, k] = intrinsic.getMNKShape();
    shapes.push_back((Twine(m) + "x" + Twine(n) + "x" + Twine(k)).str());
    if (exact) {
      if (intrinsic.getTileType(Operand::A, t.fp8) == aType &&
          intrinsic.getTileType(Operand::B, t.fp8) == bType &&
          intrinsic.getTileType(Operand::C, t.fp8) == cType)
        return intrinsic;
      continue;
    }
    if (t.m % m == 0 && t.n % n == 0 && t.k % k == 0)
      return intrinsic;
  }
  std::string kind = t.isSparse() ? "sparse" : "dense";
  if (!shapes.empty()) {
    why = (Twine("no ") + kind + " instruction of " + info.name +
           (exact ? " has this tile" : " divides this tile") +
           "; its tiles for these types: " + llvm::join(shapes, ", "))
              .str();
  } else if ((t.unsignedA || t.unsignedB) && !candidates.empty()) {
    why = (Twine("the ") + kind + " instructions of " + info.name +
           " for these types read signed integers only")
              .str();
  } else {
    std::vector<std::string> types = describeSupportedTypes(chip, t.isSparse());
    why =
        types.empty()
            ? (Twine(info.name) + " has no " + kind + " matrix instructions")
                  .str()
            : (Twine("no ") + kind + " instruction of " + info.name +
               " computes these types; it supports " + llvm::join(types, ", "))
                  .str();
  }
  return {};
}

//===----------------------------------------------------------------------===//
// The conversion
//===----------------------------------------------------------------------===//

namespace {

/// vector.contract of one instruction's tile -> mcore.mma / mcore.sparse_mma
/// with the instruction set; transposed operands go through vector.transpose,
/// which mcore-distribute folds into the lanes' loads.
struct ContractToMmaPattern : OpRewritePattern<vector::ContractionOp> {
  ContractToMmaPattern(MLIRContext *ctx, VectorContractToMmaOptions options)
      : OpRewritePattern(ctx), options(std::move(options)) {}

  LogicalResult matchAndRewrite(vector::ContractionOp op,
                                PatternRewriter &rewriter) const override {
    if (!isWaveContraction(op, options))
      return rewriter.notifyMatchFailure(op, "each work-item computes it");
    std::string why;
    FailureOr<ContractTile> t = matchContractTile(op, why);
    if (failed(t))
      return rewriter.notifyMatchFailure(op, why);
    std::optional<Chip> chip = getTargetChip(op, options.chip);
    if (!chip)
      return rewriter.notifyMatchFailure(op, "no target chip");
    MmaIntrinsicAttrInterface intrinsic =
        pickIntrinsic(*t, *chip, /*exact=*/true, why);
    if (!intrinsic)
      return rewriter.notifyMatchFailure(op, why);

    Location loc = op.getLoc();
    auto transpose = [&](Value v, bool doIt) -> Value {
      if (!doIt)
        return v;
      return vector::TransposeOp::create(rewriter, loc, v,
                                         ArrayRef<int64_t>{1, 0});
    };
    Value b = transpose(t->b, t->transposeB);
    Value c = transpose(op.getAcc(), t->transposeC);
    UnitAttr unsignedA = t->unsignedA ? rewriter.getUnitAttr() : nullptr;
    UnitAttr unsignedB = t->unsignedB ? rewriter.getUnitAttr() : nullptr;
    Value d;
    if (t->isSparse()) {
      d = SparseMmaOp::create(rewriter, loc, c.getType(), t->values, b, c,
                              t->index, intrinsic, /*index_set=*/0, unsignedA,
                              unsignedB, /*clamp=*/nullptr);
    } else {
      d = MmaOp::create(rewriter, loc, c.getType(),
                        transpose(t->a, t->transposeA), b, c, intrinsic,
                        unsignedA, unsignedB, /*clamp=*/nullptr);
    }
    rewriter.replaceOp(op, transpose(d, t->transposeC));
    return success();
  }

  VectorContractToMmaOptions options;
};

struct VectorContractToMmaPass
    : mcore::impl::MCoreVectorContractToMmaPassBase<VectorContractToMmaPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    VectorContractToMmaOptions options;
    if (unmarked != "work-item" && unmarked != "wave") {
      root->emitError() << getArgument() << ": unmarked=" << unmarked
                        << " is neither work-item nor wave";
      return signalPassFailure();
    }
    options.unmarkedIsWave = unmarked == "wave";
    if (!chip.empty()) {
      FailureOr<Chip> target = resolveChip(root, chip, getArgument());
      if (failed(target))
        return signalPassFailure();
      options.chip = *target;
    }
    if (unroll && failed(unrollVectorContractsToIntrinsics(root, options)))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateMCoreVectorContractToMmaPatterns(patterns, options);
    if (failed(applyPatternsGreedily(root, std::move(patterns))))
      return signalPassFailure();
    if (failed(reportLeftovers(root, options)) ||
        failed(lowerPerWorkItem(root)))
      signalPassFailure();
  }

  /// Contractions of GPU code left: each work-item's, and the wave's that
  /// no instruction computes. upstream's vector.contract lowering to outer
  /// products and FMAs, per work-item (convert-vector-to-llvm's own, `dot`,
  /// does not take mixed element types, f16 x f16 -> f32).
  LogicalResult lowerPerWorkItem(Operation *root) {
    SmallVector<Operation *> contracts;
    root->walk([&](vector::ContractionOp op) {
      if (isGpuCode(op))
        contracts.push_back(op);
    });
    if (contracts.empty())
      return success();
    RewritePatternSet patterns(&getContext());
    vector::populateVectorContractLoweringPatterns(
        patterns, vector::VectorContractLowering::OuterProduct);
    vector::populateVectorOuterProductLoweringPatterns(patterns);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    return applyOpPatternsGreedily(contracts, std::move(patterns), config);
  }

  /// A contraction each work-item computes (unmarked, upstream's meaning)
  /// that the wave could compute instead: in a kernel of more than one
  /// work-item, with a tile one of the chip's instructions computes or
  /// divides. The two readings give the same result only if every lane has
  /// the same operands and uses the result as if it were computed once,
  /// which nothing here proves, so the program is told which one it has.
  void warnIfAmbiguous(vector::ContractionOp op,
                       const VectorContractToMmaOptions &options) {
    if (op->hasAttr(MCoreDialect::getWorkItemAttrName()))
      return;
    std::optional<int64_t> workItems = countWorkItems(op);
    if (workItems && *workItems <= 1)
      return;
    std::string why;
    FailureOr<ContractTile> t = matchContractTile(op, why);
    std::optional<Chip> target = getTargetChip(op, options.chip);
    if (failed(t) || !target)
      return;
    MmaIntrinsicAttrInterface intrinsic =
        pickIntrinsic(*t, *target, /*exact=*/true, why);
    if (!intrinsic)
      intrinsic = pickIntrinsic(*t, *target, /*exact=*/false, why);
    if (!intrinsic)
      return;
    InFlightDiagnostic diag = op.emitWarning();
    diag << getArgument() << ": "
         << (workItems ? "each of the " + std::to_string(*workItems) +
                             " work-items computes"
                       : std::string("each work-item computes"))
         << " this " << t->describe()
         << " vector.contract on its own values (upstream's meaning); the "
            "wave computes it once with "
         << intrinsic.getName() << " if it is marked {"
         << MCoreDialect::getWaveAttrName()
         << "} (its operands then the wave's whole tiles, the same in every "
            "lane); mark it {"
         << MCoreDialect::getWorkItemAttrName()
         << "} to keep this meaning without this warning";
  }

  /// Contractions of the wave the patterns left are an error when marked
  /// mcore.wave (the wave cannot compute them), a warning with the reason
  /// when the pass reads every contraction as the wave's (they are then
  /// computed per work-item, without matrix instructions); each work-item's
  /// get warnIfAmbiguous; a 2:4 expansion left over is an error, since
  /// nothing else lowers it.
  LogicalResult reportLeftovers(Operation *root,
                                const VectorContractToMmaOptions &options) {
    bool marked = false;
    root->walk([&](vector::ContractionOp op) {
      if (!isGpuCode(op))
        return;
      if (!isWaveContraction(op, options))
        return warnIfAmbiguous(op, options);
      std::optional<Chip> target = getTargetChip(op, options.chip);
      std::string why;
      FailureOr<ContractTile> t = matchContractTile(op, why);
      if (succeeded(t)) {
        if (!target)
          why = "there is no target chip (pass chip=, or put it in a "
                "gpu.module with a #rocdl.target or under an mcore.chip "
                "attribute)";
        else if (pickIntrinsic(*t, *target, /*exact=*/true, why))
          why = "it did not convert"; // not expected
        else
          why = t->describe() + ": " + why;
      }
      if (op->hasAttr(MCoreDialect::getWaveAttrName())) {
        op.emitError() << getArgument()
                       << ": the wave cannot compute this vector.contract "
                          "marked {"
                       << MCoreDialect::getWaveAttrName()
                       << "} (no matrix instruction): " << why;
        marked = true;
        return;
      }
      op.emitWarning() << getArgument()
                       << ": each work-item computes this vector.contract "
                          "(no matrix instruction): "
                       << why;
    });
    if (marked)
      return failure();
    WalkResult leftover = root->walk([&](Expand2to4Op op) {
      InFlightDiagnostic diag = op.emitError()
                                << getArgument()
                                << ": this 2:4 expansion must be the A of a "
                                   "vector.contract that becomes a sparse "
                                   "instruction; nothing else lowers it";
      for (Operation *user : op->getUsers())
        if (isa<vector::ContractionOp>(user))
          diag.attachNote(user->getLoc()) << "used by this contraction";
      return WalkResult::interrupt();
    });
    return failure(leftover.wasInterrupted());
  }
};

} // namespace

void mlir::mcore::populateMCoreVectorContractToMmaPatterns(
    RewritePatternSet &patterns, const VectorContractToMmaOptions &options) {
  patterns.add<ContractToMmaPattern>(patterns.getContext(), options);
}
