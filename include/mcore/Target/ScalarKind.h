//===- ScalarKind.h - Element kinds of matrix operands ----------*- C++ -*-===//
//
// The element kinds matrix instructions take, independent of MLIR. fp8 and
// bf8 name the E4M3 and E5M2 formats; which encoding (OCP or FNUZ) a chip
// uses is a property of the chip (see Chip.h). i8 and i4 are the "iu" types
// of the instructions: their signedness is an instruction operand.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TARGET_SCALARKIND_H
#define MCORE_TARGET_SCALARKIND_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace mlir::mcore {

enum class ScalarKind : uint8_t { F16, BF16, FP8, BF8, I8, I4, F32, I32 };

llvm::StringRef getScalarKindName(ScalarKind kind); ///< "f16", "fp8", ...
std::optional<ScalarKind> parseScalarKind(llvm::StringRef name);
unsigned getBitWidth(ScalarKind kind);
inline bool isIntegerKind(ScalarKind k) {
  return k == ScalarKind::I8 || k == ScalarKind::I4 || k == ScalarKind::I32;
}
inline bool isFp8Kind(ScalarKind k) {
  return k == ScalarKind::FP8 || k == ScalarKind::BF8;
}

} // namespace mlir::mcore

#endif // MCORE_TARGET_SCALARKIND_H
