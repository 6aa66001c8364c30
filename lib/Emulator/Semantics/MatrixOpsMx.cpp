//===- MatrixOpsMx.cpp - gfx950's block-scaled f8f6f4 MFMA ----------------===//
//
// v_mfma_scale_f32_16x16x128_f8f6f4 and v_mfma_scale_f32_32x32x64_f8f6f4
// (LLVM 22: llvm.amdgcn.mfma.scale.f32.{16x16x128,32x32x64}.f8f6f4), the OCP
// microscaling (MX) matrix instructions of CDNA4. Written from what the
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

Loc MatrixOp::Impl::mxLocate(bool isB, unsigned row, unsigned k,
                             unsigned fmt) const {
  unsigned rows = isB ? N : M, bits = getElemBits(mxType(fmt));
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
  if (imm.aSigned || imm.bSigned || imm.clamp || imm.opsel || imm.abid ||
      imm.indexSet || imm.aNeg || imm.bNeg || imm.cMod)
    return llvm::createStringError(
        name + " has only cbsz, blgp (the A and B formats) and the two "
               "op_sel scale selects as immediates");
  if (imm.cbsz > 4 || imm.blgp > 4)
    return llvm::createStringError(llvm::formatv(
        "{0}: cbsz {1} / blgp {2} name no format (0 fp8, 1 bf8, 2 fp6, 3 "
        "bf6, 4 fp4)",
        name, imm.cbsz, imm.blgp));
  if (imm.scaleSelA > 3 || imm.scaleSelB > 3)
    return llvm::createStringError(llvm::formatv(
        "{0}: op_sel {1} / {2} out of range: it picks one of the 4 bytes of "
        "the scale word",
        name, imm.scaleSelA, imm.scaleSelB));
  return llvm::Error::success();
}

llvm::Error MatrixOp::Impl::executeMx(const MatrixImmediates &imm,
                                      const uint8_t *const *a,
                                      const uint8_t *const *b,
                                      const uint8_t *const *c,
                                      const uint32_t *scaleA,
                                      const uint32_t *scaleB,
                                      uint8_t *const *d) const {
  if (!scaleA || !scaleB)
    return llvm::createStringError(llvm::Twine(spec->name) +
                                   ": the block scales of A and B are missing");
  ElemType ta = mxType(imm.cbsz), tb = mxType(imm.blgp);
  bool fnuz = target.fp8 == Fp8Encoding::FNUZ;
  auto f8 = [&](ElemType t) {
    if (t == ElemType::BF8)
      return fnuz ? Fp8Format::E5M2FNUZ : Fp8Format::E5M2;
    return fnuz ? Fp8Format::E4M3FNUZ : Fp8Format::E4M3FN;
  };
  // A[i][k] and B[k][j] with their scales applied (exact in double); the
  // scale of row (column) r, block k / 32 is in lane (k / 32) rows + r.
  auto scaled = [&](bool isB, unsigned r, unsigned k) {
    unsigned fmt = isB ? imm.blgp : imm.cbsz, rows = isB ? N : M;
    ElemType t = isB ? tb : ta;
    Loc l = mxLocate(isB, r, k, fmt);
    double v = decodeMx(t, f8(t), readField((isB ? b : a)[l.lane], l.bit,
                                            getElemBits(t)));
    unsigned sl = (k / kMxBlock) * rows + r;
    return v * std::exp2(scaleExponent((isB ? scaleB : scaleA)[sl],
                                       isB ? imm.scaleSelB : imm.scaleSelA));
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
