//===- MatmulProblem.cpp - One matmul, without MLIR -----------------------===//

#include "mcore/Target/MatmulProblem.h"

#include "llvm/ADT/Twine.h"

#include <tuple>
#include <utility>

using namespace mlir;
using namespace mlir::mcore;

std::optional<std::array<int64_t, 4>> MatmulProblem::getStaticSizes() const {
  std::array<int64_t, 4> sizes = getSizes();
  for (int64_t v : sizes)
    if (v == kDynamic)
      return std::nullopt;
  return sizes;
}

MatmulProblem MatmulProblem::swapped() const {
  MatmulProblem s = *this;
  std::swap(s.m, s.n);
  std::swap(s.sharedA, s.sharedB);
  std::swap(s.a, s.b);
  std::swap(s.unsignedA, s.unsignedB);
  std::swap(s.fp8A, s.fp8B);
  std::swap(s.sparseA, s.sparseB);
  // Aᵀ stored M x K is Bᵀ's N x K (transposed B) and so on.
  s.transposeA = !transposeB;
  s.transposeB = !transposeA;
  s.transposeC = !transposeC;
  return s;
}

std::string mlir::mcore::getMLIRTypeName(ScalarKind kind, Fp8Format fp8) {
  switch (kind) {
  case ScalarKind::FP8:
    if (fp8 == Fp8Format::None)
      break;
    return fp8 == Fp8Format::FNUZ ? "f8E4M3FNUZ" : "f8E4M3FN";
  case ScalarKind::BF8:
    if (fp8 == Fp8Format::None)
      break;
    return fp8 == Fp8Format::FNUZ ? "f8E5M2FNUZ" : "f8E5M2";
  case ScalarKind::FP6:
    return "f6E2M3FN";
  case ScalarKind::BF6:
    return "f6E3M2FN";
  case ScalarKind::FP4:
    return "f4E2M1FN";
  case ScalarKind::E8M0:
    return "f8E8M0FNU";
  default:
    break;
  }
  // xf32 is f32 in memory: the instruction reads it truncated.
  return getScalarKindName(getStorageKind(kind)).str();
}

std::string MatmulProblem::describeTypes() const {
  auto type = [](ScalarKind kind, bool isUnsigned, Fp8Format fp8) {
    if (isUnsigned)
      return "u" + llvm::Twine(getBitWidth(kind)).str();
    return getMLIRTypeName(kind, fp8);
  };
  return type(a, unsignedA, fp8A) + " x " + type(b, unsignedB, fp8B) +
         " -> " + getMLIRTypeName(c, Fp8Format::None) +
         (blockScaled ? " (E8M0 block scales)" : "");
}

bool MatmulProblem::operator==(const MatmulProblem &o) const {
  auto fields = [](const MatmulProblem &p) {
    return std::tie(p.chip, p.name, p.m, p.n, p.k, p.batch, p.sharedA,
                    p.sharedB, p.a, p.b, p.c, p.unsignedA, p.unsignedB,
                    p.fp8A, p.fp8B, p.sparseA, p.sparseB, p.transposeA,
                    p.transposeB, p.transposeC, p.blockScaled,
                    p.epilogue);
  };
  return fields(*this) == fields(o);
}
