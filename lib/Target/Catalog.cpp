//===- Catalog.cpp - The catalog of AMD matrix intrinsics -----------------===//
//
// Queries over the table of matrix instructions. The table itself, with every
// layout and its source, is IntrinsicTable.cpp.
//
//===----------------------------------------------------------------------===//

#include "mcore/Target/Catalog.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <tuple>

using namespace mlir::mcore;

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

llvm::StringRef mlir::mcore::getMmaFamilyName(MmaFamily family) {
  switch (family) {
  case MmaFamily::WMMA:
    return "wmma";
  case MmaFamily::SWMMAC:
    return "swmmac";
  case MmaFamily::MFMA:
    return "mfma";
  case MmaFamily::SMFMAC:
    return "smfmac";
  }
  llvm_unreachable("unknown family");
}

llvm::StringRef mlir::mcore::getOperandName(Operand operand) {
  switch (operand) {
  case Operand::A:
    return "A";
  case Operand::B:
    return "B";
  case Operand::C:
    return "C";
  case Operand::Index:
    return "index";
  case Operand::D:
    return "D";
  }
  llvm_unreachable("unknown operand");
}

unsigned LlvmType::getBitWidth() const {
  unsigned w = 0;
  switch (elem) {
  case LlvmElem::Half:
  case LlvmElem::BFloat:
  case LlvmElem::I16:
    w = 16;
    break;
  case LlvmElem::I32:
  case LlvmElem::Float:
    w = 32;
    break;
  case LlvmElem::I64:
  case LlvmElem::Double:
    w = 64;
    break;
  case LlvmElem::I8:
    w = 8;
    break;
  }
  return count ? w * count : w;
}

std::string LlvmType::str() const {
  llvm::StringRef e;
  switch (elem) {
  case LlvmElem::Half:
    e = "half";
    break;
  case LlvmElem::BFloat:
    e = "bfloat";
    break;
  case LlvmElem::I16:
    e = "i16";
    break;
  case LlvmElem::I32:
    e = "i32";
    break;
  case LlvmElem::I64:
    e = "i64";
    break;
  case LlvmElem::Float:
    e = "float";
    break;
  case LlvmElem::I8:
    e = "i8";
    break;
  case LlvmElem::Double:
    e = "double";
    break;
  }
  if (count == 0)
    return e.str();
  return ("<" + llvm::Twine(unsigned(count)) + " x " + e + ">").str();
}

const FragmentInfo &IntrinsicInfo::getFragment(Operand operand) const {
  switch (operand) {
  case Operand::A:
    return a;
  case Operand::B:
    return b;
  case Operand::C:
    return c;
  case Operand::D:
    return hasDistinctD() ? d : c;
  case Operand::Index:
    break;
  }
  llvm_unreachable("the index is not a fragment; use IntrinsicInfo::index");
}

unsigned IntrinsicInfo::getCycles(Chip chip) const {
  for (const CycleCount &cc : cycles)
    if (cc.chips.contains(chip))
      return cc.cycles;
  // Chips without their own entry use the first one.
  return cycles[0].cycles;
}

const IntrinsicInfo *mlir::mcore::lookupIntrinsic(llvm::StringRef name) {
  for (const IntrinsicInfo &info : getAllIntrinsics())
    if (name == info.name)
      return &info;
  return nullptr;
}

std::vector<llvm::StringRef>
mlir::mcore::suggestIntrinsics(llvm::StringRef name, unsigned max) {
  // (distance, catalog position, name): sorting is total, hence stable.
  std::vector<std::tuple<unsigned, unsigned, llvm::StringRef>> scored;
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    llvm::StringRef candidate(info.name);
    unsigned distance =
        name.edit_distance(candidate, /*AllowReplacements=*/true);
    // A name missing only its suffix ("_w32", "_gfx12") is the best guess.
    if (!name.empty() && candidate.starts_with(name))
      distance = std::min(distance, 1u);
    scored.push_back({distance, unsigned(scored.size()), candidate});
  }
  llvm::sort(scored);
  std::vector<llvm::StringRef> result;
  // Only suggest names within a sensible distance of what was written.
  unsigned limit = std::max<unsigned>(4, name.size() / 3);
  for (const auto &[dist, position, candidate] : scored) {
    if (result.size() == max || dist > limit)
      break;
    result.push_back(candidate);
  }
  return result;
}

llvm::SmallVector<const IntrinsicInfo *> mlir::mcore::getIntrinsicsFor(Chip chip) {
  llvm::SmallVector<const IntrinsicInfo *> result;
  for (const IntrinsicInfo &info : getAllIntrinsics())
    if (info.isAvailableOn(chip))
      result.push_back(&info);
  return result;
}

llvm::SmallVector<const IntrinsicInfo *>
mlir::mcore::selectIntrinsics(Chip chip, MmaRequest request) {
  llvm::SmallVector<const IntrinsicInfo *> result;
  // An instruction whose D differs from C (gfx1250's bf16f32) does not
  // accumulate: its result cannot be the next step's C, so no tile loop
  // uses it (docs/Layouts.md, "gfx1250"). gfx1250's unscaled MX WMMA are not
  // candidates either: they take FP6/FP4, which MLIR 22's amdgpu.wmma cannot,
  // or duplicate wmma_f32_16x16x128_{fp8,bf8}_*. A block-scaled request is
  // OCP MX's, one E8M0 scale per 32 elements of K: gfx1250's scale16 forms
  // (a scale per 16) are taken by name only (mcore.scaled_mma).
  for (const IntrinsicInfo *info : getIntrinsicsFor(chip))
    if (info->blocks == 1 && !info->hasDistinctD() &&
        !info->isUnscaledMx() &&
        !(info->isScaled() && info->scaleA.blockK != kMxScaleBlock) &&
        info->isSparse() == request.sparse &&
        info->isScaled() == request.scaled && info->a.kind == request.a &&
        info->b.kind == request.b && info->c.kind == request.c)
      result.push_back(info);
  // Catalog order breaks ties, so the order is total.
  llvm::sort(result, [&](const IntrinsicInfo *x, const IntrinsicInfo *y) {
    double rx = x->getOpsPerCycle(chip), ry = y->getOpsPerCycle(chip);
    if (rx != ry)
      return rx > ry;
    if (x->ops != y->ops)
      return x->ops > y->ops;
    return x < y;
  });
  return result;
}

int mlir::mcore::getMxFormatCode(ScalarKind kind) {
  switch (kind) {
  case ScalarKind::FP8:
    return 0;
  case ScalarKind::BF8:
    return 1;
  case ScalarKind::FP6:
    return 2;
  case ScalarKind::BF6:
    return 3;
  case ScalarKind::FP4:
    return 4;
  default:
    return -1;
  }
}

std::vector<std::string> mlir::mcore::describeSupportedTypes(Chip chip,
                                                             bool sparse) {
  std::vector<std::string> result;
  for (const IntrinsicInfo *info : getIntrinsicsFor(chip)) {
    if (info->isSparse() != sparse || info->blocks != 1 || info->isScaled() ||
        info->isUnscaledMx())
      continue;
    std::string s = (getScalarKindName(info->a.kind) + " x " +
                     getScalarKindName(info->b.kind) + " -> " +
                     getScalarKindName(info->c.kind))
                        .str();
    if (!llvm::is_contained(result, s))
      result.push_back(s);
  }
  return result;
}
