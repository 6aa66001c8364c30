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
// The OCP microscaling (MX) element formats (OCP Microscaling Formats
// v1.0) are named as AMD's CDNA4 ISA and LLVM's f8f6f4 intrinsics name
// them: fp6 is E2M3, bf6 is E3M2, fp4 is E2M1 (MLIR's f6E2M3FN, f6E3M2FN,
// f4E2M1FN: no infinity, no NaN). e8m0 is the MX block scale, an unsigned
// power of two 2^(bits - 127) whose 0xFF is NaN (f8E8M0FNU); only the scale
// operands of block-scaled instructions have it. fp6 and bf6 elements are
// packed 6 bits apart, so some straddle two 32-bit registers.
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
  FP6,
  BF6,
  FP4,
  E8M0,
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
  case ScalarKind::E8M0:
    return 8;
  case ScalarKind::FP6:
  case ScalarKind::BF6:
    return 6;
  case ScalarKind::I4:
  case ScalarKind::FP4:
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
/// The OCP MX element formats narrower than a byte: fp6, bf6, fp4.
inline bool isSubByteFloatKind(ScalarKind k) {
  return k == ScalarKind::FP6 || k == ScalarKind::BF6 || k == ScalarKind::FP4;
}

/// K elements that share one E8M0 scale in a block-scaled (MX) problem
/// (OCP Microscaling Formats v1.0: blocks of 32). The block-scaled matmuls
/// mcore compiles and runs all have it (gfx1250's scale16 instructions,
/// blocks of 16, are reached by name only).
inline constexpr int64_t kMxScaleBlock = 32;

} // namespace mlir::mcore

#endif // MCORE_TARGET_SCALARKIND_H
