//===- ScalarKind.h - Element kinds of matrix operands ----------*- C++ -*-===//
//
// The element kinds matrix instructions take, independent of MLIR. fp8 and
// bf8 name the E4M3 and E5M2 formats; which encoding (OCP or FNUZ) a chip
// uses is a property of the chip (see Chip.h). i8 and i4 are the "iu" types
// of the instructions: their signedness is an instruction operand.
//
// xf32 is an f32 operand that the instruction reads with a
// reduced significand (CDNA3's XF32 MFMA): its storage is f32, and only an
// instruction of kind xf32 gives it its meaning (getStorageKind).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TARGET_SCALARKIND_H
#define MCORE_TARGET_SCALARKIND_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace mlir::mcore {

enum class ScalarKind : uint8_t {
  F16,
  BF16,
  FP8,
  BF8,
  I8,
  I4,
  F32,
  I32,
  F64,
  XF32,
};

llvm::StringRef getScalarKindName(ScalarKind kind); ///< "f16", "fp8", ...
std::optional<ScalarKind> parseScalarKind(llvm::StringRef name);
/// Bits of one element in a register (xf32: 32, its storage).
constexpr unsigned getBitWidth(ScalarKind kind) {
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
  case ScalarKind::XF32:
    return 32;
  case ScalarKind::F64:
    return 64;
  }
  return 0;
}
/// The kind a value of `kind` is stored as in memory and in MLIR types:
/// xf32 is an f32, every other kind itself.
ScalarKind getStorageKind(ScalarKind kind);
inline bool isIntegerKind(ScalarKind k) {
  return k == ScalarKind::I8 || k == ScalarKind::I4 || k == ScalarKind::I32;
}
inline bool isFp8Kind(ScalarKind k) {
  return k == ScalarKind::FP8 || k == ScalarKind::BF8;
}

} // namespace mlir::mcore

#endif // MCORE_TARGET_SCALARKIND_H
