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
  }
  llvm_unreachable("unknown scalar kind");
}

std::optional<ScalarKind> mlir::mcore::parseScalarKind(llvm::StringRef name) {
  for (ScalarKind k :
       {ScalarKind::F16, ScalarKind::BF16, ScalarKind::FP8, ScalarKind::BF8,
        ScalarKind::I8, ScalarKind::I4, ScalarKind::F32, ScalarKind::I32})
    if (name == getScalarKindName(k))
      return k;
  return std::nullopt;
}

unsigned mlir::mcore::getBitWidth(ScalarKind kind) {
  switch (kind) {
  case ScalarKind::F16:
  case ScalarKind::BF16:
    return 16;
  case ScalarKind::FP8:
  case ScalarKind::BF8:
  case ScalarKind::I8:
    return 8;
  case ScalarKind::I4:
    return 4;
  case ScalarKind::F32:
  case ScalarKind::I32:
    return 32;
  }
  llvm_unreachable("unknown scalar kind");
}
