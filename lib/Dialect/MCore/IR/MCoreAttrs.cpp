//===- MCoreAttrs.cpp - mcore attributes ----------------------------------===//

#include "mcore/Dialect/MCore/IR/MCoreAttrs.h"
#include "mcore/Dialect/MCore/IR/MCoreDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::mcore;

#include "mcore/Dialect/MCore/IR/MCoreInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "mcore/Dialect/MCore/IR/MCoreAttrs.cpp.inc"

void MCoreDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "mcore/Dialect/MCore/IR/MCoreAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

Type mlir::mcore::getMLIRType(MLIRContext *ctx, ScalarKind kind,
                              Fp8Format fp8) {
  Builder b(ctx);
  switch (kind) {
  case ScalarKind::F16:
    return b.getF16Type();
  case ScalarKind::BF16:
    return b.getBF16Type();
  case ScalarKind::F32:
  case ScalarKind::XF32: // stored as f32; only the instruction reads it so
    return b.getF32Type();
  case ScalarKind::F64:
    return b.getF64Type();
  case ScalarKind::FP6:
    return Float6E2M3FNType::get(ctx);
  case ScalarKind::BF6:
    return Float6E3M2FNType::get(ctx);
  case ScalarKind::FP4:
    return Float4E2M1FNType::get(ctx);
  case ScalarKind::E8M0:
    return Float8E8M0FNUType::get(ctx);
  case ScalarKind::I8:
    return b.getIntegerType(8);
  case ScalarKind::I4:
    return b.getIntegerType(4);
  case ScalarKind::I32:
    return b.getIntegerType(32);
  case ScalarKind::FP8:
    if (fp8 == Fp8Format::FNUZ)
      return Float8E4M3FNUZType::get(ctx);
    if (fp8 == Fp8Format::OCP)
      return Float8E4M3FNType::get(ctx);
    return {};
  case ScalarKind::BF8:
    if (fp8 == Fp8Format::FNUZ)
      return Float8E5M2FNUZType::get(ctx);
    if (fp8 == Fp8Format::OCP)
      return Float8E5M2Type::get(ctx);
    return {};
  }
  llvm_unreachable("unknown scalar kind");
}

std::optional<ScalarKind> mlir::mcore::getScalarKind(Type type,
                                                     Fp8Format *fp8) {
  auto setFormat = [&](Fp8Format f) {
    if (fp8)
      *fp8 = f;
  };
  if (type.isF16())
    return ScalarKind::F16;
  if (type.isBF16())
    return ScalarKind::BF16;
  if (type.isF32())
    return ScalarKind::F32;
  if (type.isF64())
    return ScalarKind::F64;
  if (type.isInteger(8))
    return ScalarKind::I8;
  if (type.isInteger(4))
    return ScalarKind::I4;
  if (type.isInteger(32))
    return ScalarKind::I32;
  if (isa<Float8E4M3FNType>(type)) {
    setFormat(Fp8Format::OCP);
    return ScalarKind::FP8;
  }
  if (isa<Float8E4M3FNUZType>(type)) {
    setFormat(Fp8Format::FNUZ);
    return ScalarKind::FP8;
  }
  if (isa<Float8E5M2Type>(type)) {
    setFormat(Fp8Format::OCP);
    return ScalarKind::BF8;
  }
  if (isa<Float8E5M2FNUZType>(type)) {
    setFormat(Fp8Format::FNUZ);
    return ScalarKind::BF8;
  }
  return std::nullopt;
}

std::optional<ScalarKind> mlir::mcore::getMxScalarKind(Type type) {
  if (isa<Float6E2M3FNType>(type))
    return ScalarKind::FP6;
  if (isa<Float6E3M2FNType>(type))
    return ScalarKind::BF6;
  if (isa<Float4E2M1FNType>(type))
    return ScalarKind::FP4;
  if (isa<Float8E8M0FNUType>(type))
    return ScalarKind::E8M0;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// ChipAttr
//===----------------------------------------------------------------------===//

Attribute ChipAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  std::string name;
  if (parser.parseLess() || parser.parseKeywordOrString(&name))
    return {};
  std::optional<Chip> chip = parseChip(name);
  if (!chip) {
    parser.emitError(loc) << "unknown chip '" << name
                          << "'; supported chips: " << getSupportedChipList();
    return {};
  }
  if (parser.parseGreater())
    return {};
  return ChipAttr::get(parser.getContext(), *chip);
}

void ChipAttr::print(AsmPrinter &printer) const {
  printer << "<" << getName() << ">";
}

amdgpu::Chipset ChipAttr::getChipset() const {
  const ChipInfo &info = getInfo();
  return amdgpu::Chipset(info.major, info.minor, info.stepping);
}

ChipAttr mlir::mcore::lookupChip(Operation *op) {
  for (Operation *cur = op; cur; cur = cur->getParentOp()) {
    if (auto chip = cur->getAttrOfType<ChipAttr>("mcore.chip"))
      return chip;
    auto module = dyn_cast<gpu::GPUModuleOp>(cur);
    if (!module || !module.getTargetsAttr())
      continue;
    for (Attribute target : module.getTargetsAttr())
      if (auto rocdl = dyn_cast<ROCDL::ROCDLTargetAttr>(target))
        if (std::optional<Chip> chip = parseChip(rocdl.getChip()))
          return ChipAttr::get(op->getContext(), *chip);
  }
  return {};
}

FailureOr<Chip> mlir::mcore::resolveChip(Operation *op, StringRef option,
                                         StringRef passName) {
  if (!option.empty()) {
    if (std::optional<Chip> chip = parseChip(option))
      return *chip;
    return op->emitError() << passName << ": unknown chip '" << option
                           << "'; supported chips: "
                           << getSupportedChipList();
  }
  if (ChipAttr chip = lookupChip(op))
    return chip.getChip();
  return op->emitError()
         << passName
         << " needs a target chip: pass chip=<name>, or set a "
            "'mcore.chip' attribute (#mcore.chip<...>) on an enclosing op";
}

//===----------------------------------------------------------------------===//
// MmaIntrinsicAttrInterface: the queries every implementation shares
//===----------------------------------------------------------------------===//

bool MmaIntrinsicAttrInterface::isSparse() const {
  return isSparseFamily(getFamily());
}

VectorType MmaIntrinsicAttrInterface::getTileType(Operand operand,
                                                  Fp8Format fp8) const {
  auto [m, n, k] = getMNKShape();
  switch (operand) {
  case Operand::A:
    return VectorType::get({m, isSparse() ? k / 2 : k},
                           getElementType(operand, fp8));
  case Operand::B:
    return VectorType::get({k, n}, getElementType(operand, fp8));
  case Operand::C:
  case Operand::D:
    return VectorType::get({m, n}, getElementType(operand, fp8));
  case Operand::Index:
    return VectorType::get({m, k / 2}, IntegerType::get(getContext(), 8));
  }
  llvm_unreachable("unknown operand");
}

Type MmaIntrinsicAttrInterface::getFragmentType(Operand operand,
                                                Fp8Format fp8) const {
  if (operand == Operand::Index)
    return getLlvmOperandType(operand);
  return VectorType::get(
      {int64_t(getElementsPerLane(operand) * getElementStride(operand))},
      getElementType(operand, fp8));
}

LogicalResult MmaIntrinsicAttrInterface::verifyOperandTypes(
    function_ref<InFlightDiagnostic()> emitError, Type a, Type b, Type c,
    Type index, Type result) const {
  auto av = dyn_cast<VectorType>(a);
  if (!av)
    return emitError() << "A must be a vector";
  bool wholeTile = av.getRank() == 2;
  // A multi-block MFMA computes independent small products (Catalog.h,
  // IntrinsicInfo::blocks), which no whole M x K by K x N tile describes.
  if (auto attr = dyn_cast<IntrinsicAttr>(*this))
    if (wholeTile && attr.getIntrinsic()->blocks > 1)
      return emitError() << getName() << " computes "
                         << unsigned(attr.getIntrinsic()->blocks)
                         << " independent blocks; it has no whole-tile form";

  // fp8 operands may use either encoding here; whether the chip uses that
  // encoding is checked where the chip is known (selection, lowering).
  auto check = [&](Operand operand, Type actual) -> LogicalResult {
    Fp8Format fp8 = Fp8Format::OCP;
    if (auto vec = dyn_cast<VectorType>(actual))
      (void)getScalarKind(vec.getElementType(), &fp8);
    Type expected = wholeTile ? Type(getTileType(operand, fp8))
                              : getFragmentType(operand, fp8);
    if (actual == expected)
      return success();
    return emitError() << getOperandName(operand) << " must be " << expected
                       << " for " << getName() << " ("
                       << (wholeTile ? "whole tile" : "per-lane fragment")
                       << "), got " << actual;
  };
  if (failed(check(Operand::A, a)) || failed(check(Operand::B, b)) ||
      failed(check(Operand::C, c)) || failed(check(Operand::D, result)))
    return failure();
  if (isSparse() != bool(index))
    return emitError() << getName() << " is "
                       << (isSparse() ? "a sparse" : "a dense")
                       << " instruction; use "
                       << (isSparse() ? "mcore.sparse_mma" : "mcore.mma");
  if (index && failed(check(Operand::Index, index)))
    return failure();
  return success();
}

LogicalResult MmaIntrinsicAttrInterface::verifyChip(
    function_ref<InFlightDiagnostic()> emitError, Chip chip) const {
  if (isAvailableOn(chip))
    return success();
  return emitError() << getName() << " needs " << getChips().describe()
                     << "; the target is " << getChipName(chip);
}

//===----------------------------------------------------------------------===//
// IntrinsicAttr: the interface from the catalog
//===----------------------------------------------------------------------===//

Attribute IntrinsicAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  std::string name;
  if (parser.parseLess() || parser.parseKeywordOrString(&name))
    return {};
  const IntrinsicInfo *info = lookupIntrinsic(name);
  if (!info) {
    InFlightDiagnostic diag = parser.emitError(loc)
                              << "unknown matrix intrinsic '" << name << "'";
    std::vector<StringRef> near = suggestIntrinsics(name);
    if (!near.empty())
      diag << "; did you mean " << llvm::join(near, ", ") << "?";
    return {};
  }
  if (parser.parseGreater())
    return {};
  return IntrinsicAttr::get(parser.getContext(), info);
}

void IntrinsicAttr::print(AsmPrinter &printer) const {
  printer << "<" << getName() << ">";
}

StringRef IntrinsicAttr::getName() const { return getIntrinsic()->name; }

MmaFamily IntrinsicAttr::getFamily() const { return getIntrinsic()->family; }

std::tuple<int64_t, int64_t, int64_t> IntrinsicAttr::getMNKShape() const {
  const IntrinsicInfo &info = *getIntrinsic();
  return {info.m, info.n, info.k};
}

unsigned IntrinsicAttr::getWaveSize() const {
  return getIntrinsic()->waveSize;
}

ChipSet IntrinsicAttr::getChips() const { return getIntrinsic()->chips; }

Type IntrinsicAttr::getElementType(Operand operand, Fp8Format fp8) const {
  assert(operand != Operand::Index && "the index has no element type");
  return getMLIRType(getContext(), getIntrinsic()->getFragment(operand).kind,
                     fp8);
}

LaneLayout IntrinsicAttr::getLaneLayout(Operand operand) const {
  const IntrinsicInfo &info = *getIntrinsic();
  return operand == Operand::Index ? info.index.layout
                                   : info.getFragment(operand).layout;
}

unsigned IntrinsicAttr::getElementsPerLane(Operand operand) const {
  const IntrinsicInfo &info = *getIntrinsic();
  return operand == Operand::Index ? info.index.bitsPerSet / 2u
                                   : info.getFragment(operand).count;
}

unsigned IntrinsicAttr::getElementStride(Operand operand) const {
  return operand == Operand::Index
             ? 1
             : getIntrinsic()->getFragment(operand).stride;
}

StringRef IntrinsicAttr::getLlvmIntrinsicName() const {
  return getIntrinsic()->llvmName;
}

/// The MLIR type of an LLVM intrinsic operand type of the catalog.
Type IntrinsicAttr::getLlvmOperandType(Operand operand) const {
  const IntrinsicInfo &info = *getIntrinsic();
  LlvmType type = operand == Operand::Index ? info.index.llvm
                                            : info.getFragment(operand).llvm;
  Builder b(getContext());
  Type elem;
  switch (type.elem) {
  case LlvmElem::Half:
    elem = b.getF16Type();
    break;
  case LlvmElem::BFloat:
    elem = b.getBF16Type();
    break;
  case LlvmElem::I16:
    elem = b.getI16Type();
    break;
  case LlvmElem::I32:
    elem = b.getI32Type();
    break;
  case LlvmElem::I64:
    elem = b.getI64Type();
    break;
  case LlvmElem::Float:
    elem = b.getF32Type();
    break;
  case LlvmElem::I8:
    elem = b.getI8Type();
    break;
  case LlvmElem::Double:
    elem = b.getF64Type();
    break;
  }
  return type.count ? Type(VectorType::get({type.count}, elem)) : elem;
}

bool IntrinsicAttr::supportsUnsigned() const {
  return getIntrinsic()->hasModifier(ModSignedness);
}

bool IntrinsicAttr::supportsClamp() const {
  return getIntrinsic()->hasModifier(ModClamp);
}

unsigned IntrinsicAttr::getNumIndexSets() const {
  const IntrinsicInfo &info = *getIntrinsic();
  return info.isSparse() ? info.index.numSets : 0;
}

unsigned IntrinsicAttr::getIndexSetBits() const {
  return getIntrinsic()->index.bitsPerSet;
}
