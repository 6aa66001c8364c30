//===- SelectIntrinsics.cpp - Choose matrix intrinsics --------------------===//

#include "mcore/Dialect/MCore/IR/MCoreOps.h"
#include "mcore/Dialect/MCore/Transforms/Passes.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"

#include "llvm/ADT/StringExtras.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCORESELECTINTRINSICSPASS
#include "mcore/Dialect/MCore/Transforms/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;
using namespace mlir::mcore;

/// The intrinsic of one whole-tile mcore.mma / mcore.sparse_mma.
template <typename OpTy>
static LogicalResult select(OpTy op, Chip chip, const IntrinsicInfo *forced) {
  bool sparse = std::is_same_v<OpTy, SparseMmaOp>;
  if (MmaIntrinsicAttrInterface existing = op.getIntrinsicAttr())
    return verifyIntrinsicOnChip(op, existing, chip);
  auto a = cast<VectorType>(op.getA().getType());
  auto b = cast<VectorType>(op.getB().getType());
  auto c = cast<VectorType>(op.getC().getType());
  // The verifier guarantees whole tiles (per-lane ops have an intrinsic) of
  // known kinds here.
  MmaRequest request{*getScalarKind(a.getElementType()),
                     *getScalarKind(b.getElementType()),
                     *getScalarKind(c.getElementType()), sparse};
  int64_t m = c.getDimSize(0), n = c.getDimSize(1), k = b.getDimSize(0);
  auto fits = [&](const IntrinsicInfo *info) {
    return info->m == m && info->n == n && info->k == k &&
           info->isSparse() == sparse && info->a.kind == request.a &&
           info->b.kind == request.b && info->c.kind == request.c;
  };
  auto tileDesc = [&]() {
    return (llvm::Twine(m) + "x" + llvm::Twine(n) + "x" + llvm::Twine(k) +
            " tile of " + getScalarKindName(request.a) + " x " +
            getScalarKindName(request.b) + " -> " +
            getScalarKindName(request.c))
        .str();
  };

  if (forced) {
    if (forced->isScaled())
      return op.emitError() << "intrinsic " << forced->name
                            << " is block-scaled (MX): it needs scales, "
                               "which mcore.mma has not";
    if (!fits(forced))
      return op.emitError()
             << "intrinsic " << forced->name << " (" << forced->m << "x"
             << forced->n << "x" << forced->k << ", "
             << getScalarKindName(forced->a.kind) << " x "
             << getScalarKindName(forced->b.kind) << " -> "
             << getScalarKindName(forced->c.kind)
             << (forced->isSparse() ? ", sparse" : ", dense")
             << ") does not compute this " << tileDesc();
    auto attr = IntrinsicAttr::get(op.getContext(), forced);
    if (failed(verifyIntrinsicOnChip(op, attr, chip)))
      return failure();
    op.setIntrinsicAttr(attr);
    return success();
  }

  llvm::SmallVector<const IntrinsicInfo *> candidates =
      selectIntrinsics(chip, request);
  for (const IntrinsicInfo *info : candidates) {
    if (!fits(info))
      continue;
    auto attr = IntrinsicAttr::get(op.getContext(), info);
    if (failed(verifyIntrinsicOnChip(op, attr, chip)))
      return failure();
    op.setIntrinsicAttr(attr);
    return success();
  }

  InFlightDiagnostic diag = op.emitError();
  diag << "no " << (sparse ? "sparse " : "dense ") << "matrix instruction of "
       << getChipName(chip) << " computes a " << tileDesc();
  if (!candidates.empty()) {
    llvm::SmallVector<std::string> shapes;
    for (const IntrinsicInfo *info : candidates)
      shapes.push_back((llvm::Twine(info->m) + "x" + llvm::Twine(info->n) +
                        "x" + llvm::Twine(info->k) + " (" + info->name + ")")
                           .str());
    diag << "; tiles it has for these types: " << llvm::join(shapes, ", ");
  } else {
    std::vector<std::string> types = describeSupportedTypes(chip, sparse);
    if (types.empty())
      diag << "; " << getChipName(chip) << " has no "
           << (sparse ? "sparse" : "dense") << " matrix instructions";
    else
      diag << "; it supports " << llvm::join(types, ", ");
  }
  return diag;
}

LogicalResult mlir::mcore::selectIntrinsic(Operation *op, Chip chip,
                                           const IntrinsicInfo *forced) {
  if (auto mma = dyn_cast<MmaOp>(op))
    return select(mma, chip, forced);
  if (auto mma = dyn_cast<SparseMmaOp>(op))
    return select(mma, chip, forced);
  return op->emitError("expected mcore.mma or mcore.sparse_mma, got '")
         << op->getName() << "'";
}

namespace {

struct SelectIntrinsicsPass
    : mcore::impl::MCoreSelectIntrinsicsPassBase<SelectIntrinsicsPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<Chip> target =
        resolveChip(getOperation(), chip.getValue(), getArgument());
    if (failed(target))
      return signalPassFailure();
    const IntrinsicInfo *forced = nullptr;
    if (!intrinsic.empty()) {
      forced = lookupIntrinsic(intrinsic);
      if (!forced) {
        InFlightDiagnostic diag = getOperation()->emitError()
                                  << getArgument() << ": unknown intrinsic '"
                                  << intrinsic << "'";
        std::vector<StringRef> near = suggestIntrinsics(intrinsic);
        if (!near.empty())
          diag << "; did you mean " << llvm::join(near, ", ") << "?";
        return signalPassFailure();
      }
    }

    WalkResult result = getOperation()->walk([&](Operation *op) {
      if (isa<MmaOp, SparseMmaOp>(op) &&
          failed(selectIntrinsic(op, *target, forced)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
