//===- MatmulTypes.cpp - The element types of mcore-run --matmul ---------===//
//
// Names, widths and encodings of the element types matmul mode takes (with
// LLVM's APFloat, independent of the emulator's float code), their unit
// roundoffs and ranges, and the error of a result against the reference.
// See include/mcore/Runner/Matmul.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/Matmul.h"

#include "mcore/Target/MatmulProblem.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::runner;
using llvm::APFloat;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

namespace {
struct TypeInfo {
  ElementType type;
  const char *name;
  ScalarKind kind;
  unsigned bits;
  unsigned storageBytes;
  bool isFloat, isUnsigned, isInput, isAccumulator;
};
constexpr TypeInfo kTypes[] = {
    {ElementType::F16, "f16", ScalarKind::F16, 16, 2, true, false, true, true},
    {ElementType::BF16, "bf16", ScalarKind::BF16, 16, 2, true, false, true,
     true},
    {ElementType::FP8, "fp8", ScalarKind::FP8, 8, 1, true, false, true, false},
    {ElementType::BF8, "bf8", ScalarKind::BF8, 8, 1, true, false, true, false},
    {ElementType::I8, "i8", ScalarKind::I8, 8, 1, false, false, true, false},
    {ElementType::U8, "u8", ScalarKind::I8, 8, 1, false, true, true, false},
    {ElementType::I4, "i4", ScalarKind::I4, 4, 1, false, false, true, false},
    {ElementType::U4, "u4", ScalarKind::I4, 4, 1, false, true, true, false},
    {ElementType::F32, "f32", ScalarKind::F32, 32, 4, true, false, true, true},
    {ElementType::I32, "i32", ScalarKind::I32, 32, 4, false, false, false,
     true},
    {ElementType::F64, "f64", ScalarKind::F64, 64, 8, true, false, true, true},
    {ElementType::FP4, "fp4", ScalarKind::FP4, 4, 1, true, false, true, false},
    {ElementType::FP6, "fp6", ScalarKind::FP6, 6, 1, true, false, true, false},
    {ElementType::BF6, "bf6", ScalarKind::BF6, 6, 1, true, false, true, false},
};
const TypeInfo &info(ElementType t) { return kTypes[unsigned(t)]; }
} // namespace

StringRef runner::getElementTypeName(ElementType type) {
  return info(type).name;
}

std::optional<ElementType> runner::parseElementType(StringRef name) {
  for (const TypeInfo &t : kTypes)
    if (name == t.name)
      return t.type;
  return std::nullopt;
}

llvm::ArrayRef<ElementType> runner::getInputTypes() {
  static const llvm::SmallVector<ElementType> types = [] {
    llvm::SmallVector<ElementType> result;
    for (const TypeInfo &t : kTypes)
      if (t.isInput)
        result.push_back(t.type);
    return result;
  }();
  return types;
}

llvm::ArrayRef<ElementType> runner::getAccumulatorTypes() {
  // The usual order: f32 first.
  static const ElementType types[] = {ElementType::F32, ElementType::F16,
                                      ElementType::BF16, ElementType::I32,
                                      ElementType::F64};
  return types;
}

static std::string typeList(llvm::ArrayRef<ElementType> types) {
  return llvm::join(llvm::map_range(types, getElementTypeName), ", ");
}
std::string runner::getInputTypeList() { return typeList(getInputTypes()); }
std::string runner::getAccumulatorTypeList() {
  return typeList(getAccumulatorTypes());
}
bool runner::isInputType(ElementType t) { return info(t).isInput; }
ElementType runner::getDefaultAccumulatorType(ElementType a) {
  if (a == ElementType::F64)
    return ElementType::F64;
  return isFloatType(a) ? ElementType::F32 : ElementType::I32;
}
bool runner::isAccumulatorType(ElementType t) { return info(t).isAccumulator; }
bool runner::isFloatType(ElementType t) { return info(t).isFloat; }
bool runner::isUnsignedType(ElementType t) { return info(t).isUnsigned; }
ScalarKind runner::getScalarKind(ElementType t) { return info(t).kind; }
unsigned runner::getBitWidth(ElementType t) { return info(t).bits; }
unsigned runner::getStorageBytes(ElementType t) { return info(t).storageBytes; }

const llvm::fltSemantics &runner::getFloatSemantics(ElementType type,
                                                   Fp8Format fp8) {
  switch (type) {
  case ElementType::F16:
    return APFloat::IEEEhalf();
  case ElementType::BF16:
    return APFloat::BFloat();
  case ElementType::F32:
    return APFloat::IEEEsingle();
  case ElementType::F64:
    return APFloat::IEEEdouble();
  case ElementType::FP8:
    return fp8 == Fp8Format::FNUZ ? APFloat::Float8E4M3FNUZ()
                                  : APFloat::Float8E4M3FN();
  case ElementType::BF8:
    return fp8 == Fp8Format::FNUZ ? APFloat::Float8E5M2FNUZ()
                                  : APFloat::Float8E5M2();
  case ElementType::FP4:
    return APFloat::Float4E2M1FN();
  case ElementType::FP6:
    return APFloat::Float6E2M3FN();
  case ElementType::BF6:
    return APFloat::Float6E3M2FN();
  default:
    llvm_unreachable("not a float type");
  }
}

std::string runner::getMLIRTypeName(ElementType type, Fp8Format fp8) {
  // The kind's MLIR name (u8 and u4 are i8 and i4); fp8 and bf8 in OCP's
  // encoding on a chip without fp8 instructions.
  return mcore::getMLIRTypeName(getScalarKind(type), fp8 == Fp8Format::FNUZ
                                                         ? Fp8Format::FNUZ
                                                         : Fp8Format::OCP);
}

ElementBits runner::encode(ElementType type, Fp8Format fp8, double value) {
  if (!isFloatType(type)) {
    auto v = int64_t(value);
    return ElementBits(v) & ElementBits((uint64_t(1) << getBitWidth(type)) - 1);
  }
  APFloat f(value);
  bool losesInfo;
  f.convert(getFloatSemantics(type, fp8), APFloat::rmNearestTiesToEven, &losesInfo);
  return ElementBits(f.bitcastToAPInt().getZExtValue());
}

double runner::decode(ElementType type, Fp8Format fp8, ElementBits bits) {
  unsigned width = getBitWidth(type);
  uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  bits = ElementBits(bits & mask);
  if (!isFloatType(type)) {
    if (isUnsignedType(type))
      return double(bits);
    int64_t v = int64_t(bits);
    if (v & (int64_t(1) << (width - 1)))
      v -= int64_t(1) << width;
    return double(v);
  }
  APFloat f(getFloatSemantics(type, fp8), llvm::APInt(width, bits));
  bool losesInfo;
  f.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  return f.convertToDouble();
}

double runner::getUnitRoundoff(ElementType type, Fp8Format fp8) {
  if (!isFloatType(type))
    return 0;
  int precision = int(APFloat::semanticsPrecision(getFloatSemantics(type, fp8)));
  return std::ldexp(1.0, -precision);
}

double runner::getMinNormal(ElementType type, Fp8Format fp8) {
  if (!isFloatType(type))
    return 0;
  APFloat f = APFloat::getSmallestNormalized(getFloatSemantics(type, fp8));
  bool losesInfo;
  f.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  return f.convertToDouble();
}

double runner::getLargestFinite(ElementType type, Fp8Format fp8) {
  APFloat f = APFloat::getLargest(getFloatSemantics(type, fp8));
  bool losesInfo;
  f.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  return f.convertToDouble();
}

double runner::getErrorAgainstReference(double got, double want,
                                        double computed, ElementType type,
                                        Fp8Format fp8) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (std::isnan(want))
    return std::isnan(got) ? 0 : kInf;
  if (std::isinf(want))
    return got == want ? 0 : kInf;
  if (std::isnan(got))
    return kInf;
  if (std::isinf(got)) {
    // Beyond the largest finite value the kernel's result rounds to an
    // infinity; so does the reference moved by the computation's bound, if
    // it is right.
    double bound = got > 0 ? want + computed : want - computed;
    return decode(type, fp8, encode(type, fp8, bound)) == got ? 0 : kInf;
  }
  return std::fabs(got - want);
}

bool runner::hasNonFinite(ElementType type, Fp8Format fp8) {
  return isFloatType(type) &&
         (APFloat::semanticsHasInf(getFloatSemantics(type, fp8)) ||
          APFloat::semanticsHasNaN(getFloatSemantics(type, fp8)));
}
