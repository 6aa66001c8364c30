//===- VerifyMatrixIntrinsics.cpp - Matrix intrinsics vs the catalog ------===//
//
// mcore-verify-matrix-intrinsics: every matrix intrinsic a lowered device
// module calls, checked against the catalog for each chip the module is
// compiled for, so that a wrong one is a located error rather than an LLVM
// "Cannot select" abort during serialization.
//
//===----------------------------------------------------------------------===//

#include "mcore/Conversion/VerifyMatrixIntrinsics/VerifyMatrixIntrinsics.h"
#include "mcore/Conversion/Passes.h"
#include "mcore/Target/Catalog.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCOREVERIFYMATRIXINTRINSICSPASS
#include "mcore/Conversion/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;
using namespace mlir::mcore;

/// The LLVM intrinsic a lowered matrix op calls: rocdl.wmma.f32.16x16x16.f16
/// is llvm.amdgcn.wmma.f32.16x16x16.f16; llvm.call_intrinsic names it.
static std::string getCalledMatrixIntrinsic(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (auto call = dyn_cast<LLVM::CallIntrinsicOp>(op))
    return call.getIntrin().str();
  if (!name.consume_front("rocdl."))
    return "";
  for (StringRef family : {"wmma.", "mfma.", "smfmac.", "swmmac."})
    if (name.starts_with(family))
      return ("llvm.amdgcn." + name).str();
  return "";
}

static unsigned getTypeBits(Type type) {
  if (auto v = dyn_cast<VectorType>(type))
    return v.getNumElements() * v.getElementTypeBitWidth();
  return type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
}

LogicalResult mlir::mcore::verifyMatrixIntrinsicsForChip(Operation *root,
                                                         Chip chip) {
  bool ok = true;
  root->walk([&](Operation *op) {
    std::string called = getCalledMatrixIntrinsic(op);
    if (called.empty())
      return;
    SmallVector<const IntrinsicInfo *> known, onChip;
    for (const IntrinsicInfo &info : getAllIntrinsics())
      if (called == info.llvmName) {
        known.push_back(&info);
        if (info.isAvailableOn(chip))
          onChip.push_back(&info);
      }
    if (known.empty())
      return;
    if (onChip.empty()) {
      ChipSet chips;
      for (const IntrinsicInfo *info : known)
        chips = chips | info->chips;
      op->emitError() << called << " needs " << chips.describe()
                      << "; the target is " << getChipName(chip);
      ok = false;
      return;
    }
    // A, B and C are the first three operands that are not i1 flags (nor,
    // on gfx1250, the i16 C_mod before C).
    bool gfx1250 = llvm::any_of(onChip, [](const IntrinsicInfo *info) {
      return info->hasModifier(ModGfx1250);
    });
    SmallVector<Type> abc;
    for (Value operand : op->getOperands())
      if (!operand.getType().isInteger(1) &&
          !(gfx1250 && operand.getType().isInteger(16)) && abc.size() < 3)
        abc.push_back(operand.getType());
    auto matches = [&](const IntrinsicInfo *info) {
      return abc.size() == 3 &&
             getTypeBits(abc[0]) == info->a.llvm.getBitWidth() &&
             getTypeBits(abc[1]) == info->b.llvm.getBitWidth() &&
             getTypeBits(abc[2]) == info->c.llvm.getBitWidth();
    };
    if (llvm::any_of(onChip, matches))
      return;
    const IntrinsicInfo *want = onChip.front();
    op->emitError() << called << " on " << getChipName(chip) << " takes A "
                    << want->a.llvm.str() << ", B " << want->b.llvm.str()
                    << " and C " << want->c.llvm.str()
                    << " per lane; the operands do not match (a form of "
                       "another chip or wave size?)";
    ok = false;
  });
  return success(ok);
}

namespace {
struct VerifyMatrixIntrinsicsPass
    : mcore::impl::MCoreVerifyMatrixIntrinsicsPassBase<
          VerifyMatrixIntrinsicsPass> {
  void runOnOperation() override {
    ArrayAttr targets = getOperation().getTargetsAttr();
    if (!targets)
      return;
    for (Attribute attr : targets) {
      auto target = dyn_cast<ROCDL::ROCDLTargetAttr>(attr);
      std::optional<Chip> chip =
          target ? parseChip(target.getChip()) : std::nullopt;
      if (chip && failed(verifyMatrixIntrinsicsForChip(getOperation(), *chip)))
        return signalPassFailure();
    }
  }
};
} // namespace
