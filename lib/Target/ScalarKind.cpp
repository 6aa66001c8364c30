//===- ScalarKind.cpp -----------------------------------------------------===//

#include "mcore/Target/ScalarKind.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mlir::mcore;

llvm::StringRef mlir::mcore::getScalarKindName(ScalarKind kind) {
  switch (kind) {
  case ScalarKind::F16:
    return "f16";
  case ScalarKind::BF16:
    return "bf16";
  case ScalarKind::FP8:
    return "fp8";
  case ScalarKind::BF8:
    return "bf8";
  case ScalarKind::I8:
    return "i8";
  case ScalarKind::I4:
    return "i4";
  case ScalarKind::F32:
    return "f32";
  case ScalarKind::I32:
    return "i32";
  case ScalarKind::F64:
    return "f64";
  case ScalarKind::XF32:
    return "xf32";
  case ScalarKind::FP6:
    return "fp6";
  case ScalarKind::BF6:
    return "bf6";
  case ScalarKind::FP4:
    return "fp4";
  case ScalarKind::E8M0:
    return "e8m0";
  }
  llvm_unreachable("unknown scalar kind");
}

std::optional<ScalarKind> mlir::mcore::parseScalarKind(llvm::StringRef name) {
  for (unsigned k = 0; k <= unsigned(ScalarKind::E8M0); ++k)
    if (name == getScalarKindName(ScalarKind(k)))
      return ScalarKind(k);
  return std::nullopt;
}

ScalarKind mlir::mcore::getStorageKind(ScalarKind kind) {
  return kind == ScalarKind::XF32 ? ScalarKind::F32 : kind;
}
