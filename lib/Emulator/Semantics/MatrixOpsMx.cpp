//===- MatrixOpsMx.cpp - The OCP MX matrix instructions -------------------===//
//
// gfx950's v_mfma_scale_f32_16x16x128_f8f6f4 and
// v_mfma_scale_f32_32x32x64_f8f6f4 (LLVM 22:
// llvm.amdgcn.mfma.scale.f32.{16x16x128,32x32x64}.f8f6f4), the OCP
// microscaling (MX) matrix instructions of CDNA4, and gfx1250's f8f6f4 and
// f4 WMMA (below the gfx950 part). Written from what the
// instruction is (OCP Microscaling Formats v1.0; IntrinsicsAMDGPU.td's
// AMDGPUMfmaScaleIntrinsic; LLVM's AMDGPU CodeGen test
// llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.ll), not from mcore's catalog:
//
//   D[i][j] = C[i][j] + sum over k of
//             a(i, k) 2^(sa(i, k / 32) - 127) * b(k, j) 2^(sb(k / 32, j) - 127)
//
// - The formats: cbsz gives A's, blgp B's (0 fp8 E4M3, 1 bf8 E5M2, 2 fp6
//   E2M3, 3 bf6 E3M2, 4 fp4 E2M1); the operand vectors are <8 x i32>,
//   <6 x i32> and <4 x i32>: 32 values per lane at 8, 6 or 4 bits each.
// - Where values sit: lane L holds row (A) or column (B) L % M, 32 values.
//   A 6- or 4-bit operand holds k = 32 (L / M) + e in value slot e, the gfx9
//   rule of every MFMA (AMD's matrix instruction calculator,
//   InstCalcGfx9.__get_input_reg_lanes) with 32 values per lane; an 8-bit
//   operand holds two runs of 16, k = (e / 16) (K / 2) + 16 (L / M) + e % 16
//   (composable_kernel ck_tile scale_gfx9.hpp: "8-bit datatypes require a
//   NumAccess of 2, and 4 and 6-bit types a NumAccess of 1").
// - The scales: one E8M0 scale per lane and operand, of row (A) or column
//   (B) L % M and the block of 32 consecutive k number L / M (IREE's
//   MFMA_SCALE_F32_*_B32 scale layouts), in byte op_sel of the lane's
//   32-bit scale word (op_sel 0-3, the v_mfma_ld_scale_b32 operands). So an
//   8-bit value's scale can sit in another lane than the value. E8M0 is
//   2^(bits - 127); 0xFF is NaN and makes every product of its block NaN
//   (OCP MX 1.0, section 5.4).
// - Values: fp8 / bf8 per the chip's encoding (OCP on gfx950); fp6, bf6,
//   fp4 per the OCP spec (no infinity, no NaN; subnormals).
//
// gfx1250 (wave32): llvm.amdgcn.wmma.{f32,scale.f32,scale16.f32}.16x16x128.
// f8f6f4 and llvm.amdgcn.wmma.{f32,scale.f32,scale16.f32}.32x16x128.f4
// (IntrinsicsAMDGPU.td: AMDGPUWmmaIntrinsicModsC_MatrixFMT,
// AMDGPUWmmaIntrinsicF4ModsC, AMDGPUWmmaScale{,F4}IntrinsicModsC):
// - the formats: matrix_a_fmt / matrix_b_fmt, coded as cbsz / blgp above
//   (the f4 forms are fp4 x fp4); A and B are 64 values per lane of a
//   16-row (column) operand: <16 x i32>, <12 x i32> or <8 x i32>; the
//   32-row f4 A is <16 x i32>, rows 16-31 in registers 8-15;
// - where values sit: row (column) r in lanes r % 16 and r % 16 + 16; an
//   8-bit value of k in lane half (k / 16) % 2, slot 16 (k / 32) + k % 16;
//   a 6- or 4-bit value in half (k / 32) % 2, slot 32 (k / 64) + k % 32
//   (rocjitsu, AMD's gfx1250 emulator, wmma_block_scaled_input_loc: "each
//   operand format stores contiguous K ranges in each lane group: 16
//   values for 8-bit inputs and 32 values for 4/6-bit inputs"; CK ck_tile
//   scale_gfx125.hpp: NumAccess 4 for the 8-bit and 2 for the 6/4-bit
//   operand of a mixed pair, the same for the plain f8f6f4 instruction).
//   The plain forms use the same layout (CK); rocjitsu has a different
//   order for them, docs/Layouts.md says where that matters;
// - C/D: rows as every gfx1250 f32 result (MatrixOpsGfx1250.cpp);
// - the scales (MLIR 22's amdgpu.scaled_wmma, rocjitsu): one per 32 k
//   (scale: 4 bytes of an i32) or per 16 k (scale16: 8 bytes of an i64),
//   byte k / 32 (k / 16) of the scale word of lane r + 16 matrix_*_scale
//   for row (column) r; the 32-row f4 A uses all 32 lanes (lane r) and
//   needs matrix_a_scale 0 (MLIR: "then the first_scale_lane must be 0");
//   matrix_*_scale_fmt 0 is E8M0 (0xFF NaN), 2 is OCP E4M3 (a scale may be
//   negative, 0x7F and 0xFF are NaN); 1, E5M3, is refused: no public
//   source gives its encoding;
// - C_mod must be 0, as for the other gfx1250 instructions here.
//
// Rounding (the emulator's RoundOnce model; docs/Emulator.md, "Numerics"):
// every scaled product is exact in double (significands of at most 4 bits
// each, exponents within +-300), the products are summed in double in K
// order, C is added, and the sum is rounded once to f32, to nearest even.
// AMD documents no finer model of the MX datapath; where the double sum is
// itself inexact (products 2^53 apart in one sum) this differs from an
// exactly rounded result.
//
//===----------------------------------------------------------------------===//

#include "MatrixOpsImpl.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <limits>

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::matrixops;

namespace {

constexpr unsigned kMxBlock = 32; ///< values per lane and per scale

/// The value of an OCP MX element of at most 6 bits with `expBits` exponent
/// and `manBits` mantissa bits (bias 2^(expBits-1) - 1; no inf, no NaN).
double decodeSmallFloat(uint32_t bits, unsigned expBits, unsigned manBits) {
  unsigned man = bits & ((1u << manBits) - 1);
  unsigned exp = (bits >> manBits) & ((1u << expBits) - 1);
  bool neg = (bits >> (manBits + expBits)) & 1;
  int bias = (1 << (expBits - 1)) - 1;
  double v = exp ? std::ldexp(double((1u << manBits) | man),
                              int(exp) - bias - int(manBits))
                 : std::ldexp(double(man), 1 - bias - int(manBits));
  return neg ? -v : v;
}

double decodeMx(ElemType t, Fp8Format f8, uint32_t bits) {
  switch (t) {
  case ElemType::FP8:
  case ElemType::BF8:
    return double(decodeFp8(uint8_t(bits), f8));
  case ElemType::FP6:
    return decodeSmallFloat(bits, 2, 3);
  case ElemType::BF6:
    return decodeSmallFloat(bits, 3, 2);
  case ElemType::FP4:
    return decodeSmallFloat(bits, 2, 1);
  default:
    return std::numeric_limits<double>::quiet_NaN();
  }
}

/// The bits [bit, bit + width) of a lane's operand bytes (a 6-bit value may
/// straddle two bytes, and two registers).
uint32_t readField(const uint8_t *p, unsigned bit, unsigned width) {
  uint32_t v = 0;
  for (unsigned i = 0; i < width; ++i)
    v |= uint32_t((p[(bit + i) / 8] >> ((bit + i) % 8)) & 1) << i;
  return v;
}

/// The format codes in cbsz / blgp (named `a`, `b` by the instruction)
/// must name formats.
llvm::Error checkFormatCodes(llvm::StringRef name, const MatrixImmediates &imm,
                             const char *a, const char *b) {
  if (imm.cbsz <= 4 && imm.blgp <= 4)
    return llvm::Error::success();
  return llvm::createStringError(
      llvm::formatv("{0}: {1} {2} / {3} {4} name no format (0 fp8, 1 bf8, 2 "
                    "fp6, 3 bf6, 4 fp4)",
                    name, a, imm.cbsz, b, imm.blgp));
}

/// The exponent of an E8M0 scale byte; NaN for 0xFF.
double scaleExponent(uint32_t word, unsigned sel) {
  unsigned byte = (word >> (8 * sel)) & 0xFF;
  if (byte == 0xFF)
    return std::numeric_limits<double>::quiet_NaN();
  return double(int(byte) - 127);
}

} // namespace

ElemType MatrixOp::Impl::mxType(unsigned fmt) {
  switch (fmt) {
  case 1:
    return ElemType::BF8;
  case 2:
    return ElemType::FP6;
  case 3:
    return ElemType::BF6;
  case 4:
    return ElemType::FP4;
  default:
    return ElemType::FP8;
  }
}

unsigned MatrixOp::Impl::mxFormat(bool isB,
                                  const MatrixImmediates &imm) const {
  if (spec->flags & (kScale | kFmt))
    return isB ? imm.blgp : imm.cbsz;
  return 4; // gfx1250's f4 WMMA: fp4 x fp4
}

Loc MatrixOp::Impl::mxLocate(bool isB, unsigned row, unsigned k,
                             unsigned fmt) const {
  unsigned rows = isB ? N : M, bits = getElemBits(mxType(fmt));
  if (target.arch == GpuArch::GFX1250) {
    unsigned run = bits == 8 ? 16 : 32;
    unsigned half = (k / run) % 2, slot = (k / (2 * run)) * run + k % run;
    // The 32-row f4 A: rows 16-31 in the second eight registers.
    unsigned base = (row / 16) * 256;
    return {uint16_t(16 * half + row % 16), uint16_t(base + slot * bits)};
  }
  unsigned group = k / kMxBlock, slot = k % kMxBlock;
  if (bits == 8) {
    // Two runs of 16: the first K / 2 k, then the rest.
    unsigned half = K / 2, run = kMxBlock / 2;
    group = (k % half) / run;
    slot = (k / half) * run + k % run;
  }
  return {uint16_t(group * rows + row), uint16_t(slot * bits)};
}

llvm::Error MatrixOp::Impl::verifyMx(const MatrixImmediates &imm) const {
  llvm::StringRef name = spec->name;
  if (target.arch == GpuArch::GFX1250)
    return verifyMxWmma(imm);
  if (imm.aSigned || imm.bSigned || imm.clamp || imm.opsel || imm.abid ||
      imm.indexSet || imm.aNeg || imm.bNeg || imm.cMod)
    return llvm::createStringError(
        name + " has only cbsz, blgp (the A and B formats) and the two "
               "op_sel scale selects as immediates");
  if (llvm::Error e = checkFormatCodes(name, imm, "cbsz", "blgp"))
    return e;
  if (imm.scaleSelA > 3 || imm.scaleSelB > 3)
    return llvm::createStringError(llvm::formatv(
        "{0}: op_sel {1} / {2} out of range: it picks one of the 4 bytes of "
        "the scale word",
        name, imm.scaleSelA, imm.scaleSelB));
  if (imm.scaleFmtA || imm.scaleFmtB)
    return llvm::createStringError(name + " has no scale format operands");
  return llvm::Error::success();
}

llvm::Error MatrixOp::Impl::verifyMxWmma(const MatrixImmediates &imm) const {
  llvm::StringRef name = spec->name;
  bool formats = spec->flags & kFmt, scales = spec->flags & kWScale;
  if (imm.aSigned || imm.bSigned || imm.clamp || imm.opsel || imm.abid ||
      imm.indexSet || imm.aNeg || imm.bNeg)
    return llvm::createStringError(
        name + " has only the A/B formats, C_mod and the scale operands as "
               "immediates");
  if (imm.cMod)
    return llvm::createStringError(llvm::formatv(
        "{0}: C_mod {1}: the emulator executes the gfx1250 input modifiers "
        "at 0 only",
        name, imm.cMod));
  if (!formats && (imm.cbsz || imm.blgp))
    return llvm::createStringError(name + " is fp4 x fp4: it has no format "
                                          "operands");
  if (llvm::Error e =
          checkFormatCodes(name, imm, "matrix_a_fmt", "matrix_b_fmt"))
    return e;
  if (!scales && (imm.scaleSelA || imm.scaleSelB || imm.scaleFmtA ||
                  imm.scaleFmtB))
    return llvm::createStringError(name + " has no block scales");
  if (imm.scaleSelA > 1 || imm.scaleSelB > 1)
    return llvm::createStringError(llvm::formatv(
        "{0}: matrix_a_scale {1} / matrix_b_scale {2} out of range (0: the "
        "scales in lanes 0-15, 1: in lanes 16-31)",
        name, imm.scaleSelA, imm.scaleSelB));
  if (M == 32 && imm.scaleSelA)
    return llvm::createStringError(
        name + ": matrix_a_scale must be 0: the 32 rows' scales fill all 32 "
               "lanes (MLIR 22's amdgpu.scaled_wmma: the first scale lane "
               "must be 0)");
  for (unsigned fmt : {imm.scaleFmtA, imm.scaleFmtB}) {
    if (fmt == 1)
      return llvm::createStringError(
          name + ": scale format E5M3 (matrix_*_scale_fmt 1) is not "
                 "emulated: no public source gives its encoding");
    if (fmt > 2)
      return llvm::createStringError(llvm::formatv(
          "{0}: matrix_*_scale_fmt {1} names no scale format (0 E8M0, 1 "
          "E5M3, 2 E4M3)",
          name, fmt));
  }
  return llvm::Error::success();
}

llvm::Error MatrixOp::Impl::executeMx(const MatrixImmediates &imm,
                                      const uint8_t *const *a,
                                      const uint8_t *const *b,
                                      const uint8_t *const *c,
                                      const uint32_t *scaleA,
                                      const uint32_t *scaleB,
                                      uint8_t *const *d) const {
  bool hasScales = spec->flags & (kScale | kWScale);
  if (hasScales && (!scaleA || !scaleB))
    return llvm::createStringError(llvm::Twine(spec->name) +
                                   ": the block scales of A and B are missing");
  unsigned fa = mxFormat(false, imm), fb = mxFormat(true, imm);
  ElemType ta = mxType(fa), tb = mxType(fb);
  bool fnuz = target.fp8 == Fp8Encoding::FNUZ;
  auto f8 = [&](ElemType t) {
    if (t == ElemType::BF8)
      return fnuz ? Fp8Format::E5M2FNUZ : Fp8Format::E5M2;
    return fnuz ? Fp8Format::E4M3FNUZ : Fp8Format::E4M3FN;
  };
  // The factor of row (column) r's scale for k. gfx950: the scale of
  // block k / 32 is in lane (k / 32) rows + r, byte op_sel. gfx1250: byte
  // k / 32 (k / 16 for scale16) of lane r + 16 matrix_*_scale's words.
  auto scale = [&](bool isB, unsigned r, unsigned k) -> double {
    const uint32_t *words = isB ? scaleB : scaleA;
    unsigned sel = isB ? imm.scaleSelB : imm.scaleSelA;
    if (!hasScales)
      return 1.0;
    if (spec->flags & kScale)
      return std::exp2(
          scaleExponent(words[(k / kMxBlock) * (isB ? N : M) + r], sel));
    bool s16 = spec->flags & kScale16;
    unsigned per = s16 ? 2 : 1, byte = k / (s16 ? 16 : 32);
    unsigned lane = (!isB && M == 32) ? r : r + 16 * sel;
    uint8_t bits = uint8_t(words[lane * per + byte / 4] >> (8 * (byte % 4)));
    if ((isB ? imm.scaleFmtB : imm.scaleFmtA) == 2)
      return double(decodeFp8(bits, Fp8Format::E4M3FN));
    return std::exp2(scaleExponent(bits, 0));
  };
  // A[i][k] and B[k][j] with their scales applied (exact in double).
  auto scaled = [&](bool isB, unsigned r, unsigned k) {
    ElemType t = isB ? tb : ta;
    Loc l = mxLocate(isB, r, k, isB ? fb : fa);
    double v = decodeMx(t, f8(t), readField((isB ? b : a)[l.lane], l.bit,
                                            getElemBits(t)));
    return v * scale(isB, r, k);
  };
  std::vector<double> av(size_t(M) * K), bv(size_t(K) * N);
  for (unsigned i = 0; i < M; ++i)
    for (unsigned k = 0; k < K; ++k)
      av[size_t(i) * K + k] = scaled(false, i, k);
  for (unsigned k = 0; k < K; ++k)
    for (unsigned j = 0; j < N; ++j)
      bv[size_t(k) * N + j] = scaled(true, j, k);
  std::vector<double> cv(size_t(M) * N), dv(size_t(M) * N);
  gatherFloat(ElemType::F32, Fp8Format::E4M3FN, cLoc.data(), cv.size(),
              nullptr, c, cv.data());
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j) {
      double sum = 0.0;
      for (unsigned k = 0; k < K; ++k)
        sum += av[size_t(i) * K + k] * bv[size_t(k) * N + j];
      dv[size_t(i) * N + j] = sum + cv[size_t(i) * N + j];
    }
  scatterFloat(ElemType::F32, cLoc.data(), dv.size(), dv.data(), d);
  return llvm::Error::success();
}
