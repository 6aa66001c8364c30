//===- FloatFormats.h - Small float formats, bit-exact ----------*- C++ -*-===//
//
// Decoding of the 16- and 8-bit float formats the matrix instructions read,
// and correctly rounded (round-to-nearest-even) encoding into them. Written
// from the format definitions:
//
//   f16        IEEE binary16: 1.5.10, bias 15, inf and NaN.
//   bf16       the top 16 bits of an IEEE binary32: 1.8.7, bias 127.
//   E4M3FN     OCP 8-bit float: 1.4.3, bias 7, no infinities, NaN =
//              S.1111.111, max 448.
//   E5M2       OCP 8-bit float: 1.5.2, bias 15, IEEE-like inf and NaN.
//   E4M3FNUZ   1.4.3, bias 8, 0x80 is the only NaN, no -0, no inf, max 240.
//   E5M2FNUZ   1.5.2, bias 16, 0x80 is the only NaN, no -0, no inf.
//
// Private to lib/Emulator.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_EMULATOR_FLOATFORMATS_H
#define MCORE_LIB_EMULATOR_FLOATFORMATS_H

#include <cstdint>
#include <cstring>

namespace mlir::mcore::emu {

enum class Fp8Format : uint8_t { E4M3FN, E5M2, E4M3FNUZ, E5M2FNUZ };

/// The value of an f16 bit pattern (exact).
float decodeF16(uint16_t bits);
/// The value of a bf16 bit pattern (exact).
inline float decodeBF16(uint16_t bits) {
  uint32_t u = uint32_t(bits) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
/// The value of an 8-bit float (exact).
float decodeFp8(uint8_t bits, Fp8Format format);

/// The decoding tables behind decodeF16 and decodeFp8, for hot loops:
/// getF16Table()[bits], getFp8Table(format)[bits].
const float *getF16Table();
const float *getFp8Table(Fp8Format format);

/// Round-to-nearest-even of `x` to f16 / bf16 (overflow gives infinity, NaN
/// gives a quiet NaN with the sign of `x`).
uint16_t encodeF16(double x);
uint16_t encodeBF16(double x);

/// Round-to-nearest-even of `x` to an 8-bit float. With `saturate`, values
/// beyond the largest finite value (and infinities) give the largest finite
/// value of that sign; without it they give NaN (formats without infinity)
/// or infinity (E5M2). NaN gives NaN.
uint8_t encodeFp8(double x, Fp8Format format, bool saturate);

/// float <-> bits.
inline uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float bitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

} // namespace mlir::mcore::emu

#endif // MCORE_LIB_EMULATOR_FLOATFORMATS_H
