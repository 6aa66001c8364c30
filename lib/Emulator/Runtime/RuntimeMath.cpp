//===- RuntimeMath.cpp - Math helpers kernel code calls -------------------===//
//
// The amdgcn math and conversion intrinsics MathLowering.cpp does not write
// as plain IR (perm, cvt.pkrtz, integer dot products, fp8 conversions), and
// the half and bfloat conversions x86 code generation may call.
//
//===----------------------------------------------------------------------===//

#include "Semantics/FloatFormats.h"
#include "WorkGroup.h"

#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::runtime;

extern "C" {

static uint32_t emuPerm(uint32_t s0, uint32_t s1, uint32_t sel) {
  uint64_t v = (uint64_t(s0) << 32) | s1;
  uint32_t d = 0;
  for (unsigned b = 0; b < 4; ++b) {
    unsigned k = (sel >> (8 * b)) & 0xFF;
    uint32_t byte;
    if (k >= 13)
      byte = 0xFF;
    else if (k == 12)
      byte = 0x00;
    else if (k >= 8) { // sign bits of words
      static const unsigned bit[4] = {15, 31, 47, 63};
      byte = ((v >> bit[k - 8]) & 1) ? 0xFF : 0x00;
    } else
      byte = uint32_t((v >> (8 * k)) & 0xFF);
    d |= byte << (8 * b);
  }
  return d;
}

static uint16_t rtzF16(float x) {
  uint16_t h = encodeF16(x);
  if (std::isnan(x) || std::isinf(x))
    return h;
  float back = decodeF16(h);
  if (std::fabs(back) > std::fabs(x) && (h & 0x7FFF) != 0)
    --h;                      // one step towards zero in sign-magnitude
  if ((h & 0x7C00) == 0x7C00) // overflowed to infinity: largest finite
    h = uint16_t((h & 0x8000) | 0x7BFF);
  return h;
}

static uint32_t emuCvtPkrtz(float a, float b) {
  return uint32_t(rtzF16(a)) | (uint32_t(rtzF16(b)) << 16);
}

static int64_t field(uint32_t v, unsigned bits, unsigned i, bool sgn) {
  uint32_t f = (v >> (bits * i)) & ((1u << bits) - 1);
  if (sgn && (f >> (bits - 1)))
    return int64_t(f) - (int64_t(1) << bits);
  return int64_t(f);
}

static uint32_t emuDot(uint32_t kind, uint32_t a, uint32_t b, uint32_t c,
                       uint32_t flags) {
  bool aS = flags & 1, bS = flags & 2, clamp = flags & 4;
  unsigned bits = kind == 2 ? 16 : kind == 4 ? 8 : 4;
  int64_t sum = 0;
  for (unsigned i = 0; i < kind; ++i)
    sum += field(a, bits, i, aS) * field(b, bits, i, bS);
  bool isUnsigned = !aS && !bS;
  if (isUnsigned) {
    uint64_t r = uint64_t(sum) + c;
    if (clamp && r > 0xFFFFFFFFull)
      r = 0xFFFFFFFFull;
    return uint32_t(r);
  }
  int64_t r = sum + int64_t(int32_t(c));
  if (clamp)
    r = std::clamp<int64_t>(r, INT32_MIN, INT32_MAX);
  return uint32_t(r);
}

static Fp8Format currentFp8(bool bf8) {
  bool fnuz = tlsWG->launch->target->fp8 == Fp8Encoding::FNUZ;
  if (bf8)
    return fnuz ? Fp8Format::E5M2FNUZ : Fp8Format::E5M2;
  return fnuz ? Fp8Format::E4M3FNUZ : Fp8Format::E4M3FN;
}

static float emuCvtF32F8(uint32_t byte, uint32_t bf8) {
  return decodeFp8(uint8_t(byte), currentFp8(bf8));
}

static uint32_t emuCvtPkF8(float a, float b, uint32_t old, uint32_t word,
                           uint32_t bf8) {
  Fp8Format f = currentFp8(bf8);
  uint32_t lo = encodeFp8(a, f, false), hi = encodeFp8(b, f, false);
  unsigned sh = 16 * (word & 1);
  old &= ~(0xFFFFu << sh);
  return old | ((lo | (hi << 8)) << sh);
}

// Conversions x86 code generation may call for half and bfloat.
static _Float16 emuTruncSfHf2(float x) {
  return llvm::bit_cast<_Float16>(encodeF16(x));
}
static _Float16 emuTruncDfHf2(double x) {
  return llvm::bit_cast<_Float16>(encodeF16(x));
}
static float emuExtendHfSf2(_Float16 x) {
  return decodeF16(llvm::bit_cast<uint16_t>(x));
}
static __bf16 emuTruncSfBf2(float x) {
  return llvm::bit_cast<__bf16>(encodeBF16(x));
}
static __bf16 emuTruncDfBf2(double x) {
  return llvm::bit_cast<__bf16>(encodeBF16(x));
}

} // extern "C"

llvm::ArrayRef<RuntimeSymbol> runtime::getMathSymbols() {
  static const RuntimeSymbol symbols[] = {
      {"__mcore_emu_perm", reinterpret_cast<void *>(&emuPerm)},
      {"__mcore_emu_cvt_pkrtz", reinterpret_cast<void *>(&emuCvtPkrtz)},
      {"__mcore_emu_dot", reinterpret_cast<void *>(&emuDot)},
      {"__mcore_emu_cvt_f32_f8", reinterpret_cast<void *>(&emuCvtF32F8)},
      {"__mcore_emu_cvt_pk_f8", reinterpret_cast<void *>(&emuCvtPkF8)},
      {"__truncsfhf2", reinterpret_cast<void *>(&emuTruncSfHf2)},
      {"__truncdfhf2", reinterpret_cast<void *>(&emuTruncDfHf2)},
      {"__extendhfsf2", reinterpret_cast<void *>(&emuExtendHfSf2)},
      {"__gnu_h2f_ieee", reinterpret_cast<void *>(&emuExtendHfSf2)},
      {"__gnu_f2h_ieee", reinterpret_cast<void *>(&emuTruncSfHf2)},
      {"__truncsfbf2", reinterpret_cast<void *>(&emuTruncSfBf2)},
      {"__truncdfbf2", reinterpret_cast<void *>(&emuTruncDfBf2)},
  };
  return symbols;
}
