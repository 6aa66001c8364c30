//===- MatrixOps.cpp - One wave-wide matrix instruction -------------------===//
//
// Semantics of every WMMA, SWMMAC, MFMA and SMFMAC intrinsic of LLVM 22, from
// the ISA-level description of each instruction:
//
//   D = A x B + C                          (dense; MFMA: per block)
//   D[i][j] = C[i][j] + sum over the compressed elements A[i][kc] of
//             A[i][kc] * B[4 * (kc / 2) + p(i, kc)][j]      (SWMMAC, SMFMAC)
//
// where p(i, kc) is the 2-bit field of the sparse index that names the
// position, inside its group of four dense k, of compressed element kc.
//
// Where every element sits in the lanes' registers is computed by the
// functions below, which transcribe the algorithm of AMD's matrix
// instruction calculator (ROCm/amd_matrix_instruction_calculator,
// matrix_calculator.py v1.3.1, commit e7603ec5), the tool AMD publishes to
// document these layouts:
//
//   gfx9 (CDNA)   InstCalcGfx9.__get_input_reg_lanes (A and B, blocks,
//                 sparse A with k halved), __get_output_reg_lanes (C/D,
//                 including 64-bit outputs), InstCalc._get_reg_name
//                 (sparse-index bit positions and the abid index sets),
//                 _get_cbsz_abid_transformed_block, _get_blgp_transformed_lane.
//   gfx11 (RDNA3) InstCalcGfx11.__get_input_reg_lanes (A/B replicated across
//                 lane groups), __get_output_reg_lanes (OPSEL halves).
//   gfx12 (RDNA4) InstCalcGfx12.__get_input_reg, __get_input_lane,
//                 __get_compression_bits, get_num_compression_sets,
//                 __get_output_reg_lanes (wave32 and wave64).
//
// CDNA4 (gfx950) is not in calculator 1.3.1. Its new shapes follow the same
// gfx9 algorithm, except B of the doubled-K SMFMAC, which lanes hold in two
// blocks the way hipBLASLt's Tensile reads it (tensilelite Components/
// LocalRead.py, "SMFMA layout"; gfx9DoubleKDenseInput). Its SMFMAC index
// sets are 2 * (compressed elements per lane) bits wide, which is the gfx942
// rule and what llvm-project PR #193541 states for gfx950.
//
// The seeds and mcore's catalog are not read here (docs/Emulator.md,
// "Independence").
//
//===----------------------------------------------------------------------===//

#include "mcore/Emulator/MatrixOps.h"

#include "FloatFormats.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstring>
#include <map>
#include <mutex>

using namespace mlir::mcore::emu;
using llvm::Error;

namespace {

Error opError(const llvm::Twine &msg) { return llvm::createStringError(msg); }

//===----------------------------------------------------------------------===//
// The intrinsic table
//===----------------------------------------------------------------------===//

enum Flags : uint8_t {
  kNone = 0,
  kSign = 1 << 0,  ///< i1 A_sign, i1 B_sign operands
  kClamp = 1 << 1, ///< i1 clamp operand
  kOpsel = 1 << 2, ///< i1 op_sel operand (16-bit accumulator)
  kTied = 1 << 3,  ///< RDNA3 _tied form
  kCbAb = 1 << 4,  ///< i32 cbsz, abid operands
  kBlgp = 1 << 5,  ///< i32 blgp operand
};

using E = ElemType;

enum ArchBits : uint8_t {
  C1 = 1 << unsigned(GpuArch::CDNA1),
  C2 = 1 << unsigned(GpuArch::CDNA2),
  C3 = 1 << unsigned(GpuArch::CDNA3),
  C4 = 1 << unsigned(GpuArch::CDNA4),
  R3 = 1 << unsigned(GpuArch::RDNA3),
  R4 = 1 << unsigned(GpuArch::RDNA4),
  CDNA = C1 | C2 | C3 | C4,
  CDNA234 = C2 | C3 | C4,
  CDNA34 = C3 | C4,
};

struct Spec {
  const char *name;
  MatrixFamily family;
  uint8_t m, n;
  uint16_t k; ///< dense K
  uint8_t blocks;
  E a, b, c;
  uint8_t flags;
  uint8_t archs;
};

constexpr uint8_t kMfma = kCbAb | kBlgp;
constexpr uint8_t kIU = kSign | kClamp;
using F = MatrixFamily;

constexpr Spec kSpecs[] = {
    // WMMA: RDNA3 (gfx11) and RDNA4 (gfx12) share the names; the operand
    // vectors and the layouts differ.
    {"llvm.amdgcn.wmma.f32.16x16x16.f16", F::WMMA, 16, 16, 16, 1, E::F16, E::F16, E::F32, kNone, R3 | R4},
    {"llvm.amdgcn.wmma.f32.16x16x16.bf16", F::WMMA, 16, 16, 16, 1, E::BF16, E::BF16, E::F32, kNone, R3 | R4},
    {"llvm.amdgcn.wmma.f16.16x16x16.f16", F::WMMA, 16, 16, 16, 1, E::F16, E::F16, E::F16, kOpsel, R3 | R4},
    {"llvm.amdgcn.wmma.bf16.16x16x16.bf16", F::WMMA, 16, 16, 16, 1, E::BF16, E::BF16, E::BF16, kOpsel, R3 | R4},
    {"llvm.amdgcn.wmma.f16.16x16x16.f16.tied", F::WMMA, 16, 16, 16, 1, E::F16, E::F16, E::F16, kOpsel | kTied, R3},
    {"llvm.amdgcn.wmma.bf16.16x16x16.bf16.tied", F::WMMA, 16, 16, 16, 1, E::BF16, E::BF16, E::BF16, kOpsel | kTied, R3},
    {"llvm.amdgcn.wmma.i32.16x16x16.iu8", F::WMMA, 16, 16, 16, 1, E::I8, E::I8, E::I32, kIU, R3 | R4},
    {"llvm.amdgcn.wmma.i32.16x16x16.iu4", F::WMMA, 16, 16, 16, 1, E::I4, E::I4, E::I32, kIU, R3 | R4},
    {"llvm.amdgcn.wmma.i32.16x16x32.iu4", F::WMMA, 16, 16, 32, 1, E::I4, E::I4, E::I32, kIU, R4},
    {"llvm.amdgcn.wmma.f32.16x16x16.fp8.fp8", F::WMMA, 16, 16, 16, 1, E::FP8, E::FP8, E::F32, kNone, R4},
    {"llvm.amdgcn.wmma.f32.16x16x16.fp8.bf8", F::WMMA, 16, 16, 16, 1, E::FP8, E::BF8, E::F32, kNone, R4},
    {"llvm.amdgcn.wmma.f32.16x16x16.bf8.fp8", F::WMMA, 16, 16, 16, 1, E::BF8, E::FP8, E::F32, kNone, R4},
    {"llvm.amdgcn.wmma.f32.16x16x16.bf8.bf8", F::WMMA, 16, 16, 16, 1, E::BF8, E::BF8, E::F32, kNone, R4},

    // SWMMAC (RDNA4). K is the dense K.
    {"llvm.amdgcn.swmmac.f32.16x16x32.f16", F::SWMMAC, 16, 16, 32, 1, E::F16, E::F16, E::F32, kNone, R4},
    {"llvm.amdgcn.swmmac.f32.16x16x32.bf16", F::SWMMAC, 16, 16, 32, 1, E::BF16, E::BF16, E::F32, kNone, R4},
    {"llvm.amdgcn.swmmac.f16.16x16x32.f16", F::SWMMAC, 16, 16, 32, 1, E::F16, E::F16, E::F16, kNone, R4},
    {"llvm.amdgcn.swmmac.bf16.16x16x32.bf16", F::SWMMAC, 16, 16, 32, 1, E::BF16, E::BF16, E::BF16, kNone, R4},
    {"llvm.amdgcn.swmmac.i32.16x16x32.iu8", F::SWMMAC, 16, 16, 32, 1, E::I8, E::I8, E::I32, kIU, R4},
    {"llvm.amdgcn.swmmac.i32.16x16x32.iu4", F::SWMMAC, 16, 16, 32, 1, E::I4, E::I4, E::I32, kIU, R4},
    {"llvm.amdgcn.swmmac.i32.16x16x64.iu4", F::SWMMAC, 16, 16, 64, 1, E::I4, E::I4, E::I32, kIU, R4},
    {"llvm.amdgcn.swmmac.f32.16x16x32.fp8.fp8", F::SWMMAC, 16, 16, 32, 1, E::FP8, E::FP8, E::F32, kNone, R4},
    {"llvm.amdgcn.swmmac.f32.16x16x32.fp8.bf8", F::SWMMAC, 16, 16, 32, 1, E::FP8, E::BF8, E::F32, kNone, R4},
    {"llvm.amdgcn.swmmac.f32.16x16x32.bf8.fp8", F::SWMMAC, 16, 16, 32, 1, E::BF8, E::FP8, E::F32, kNone, R4},
    {"llvm.amdgcn.swmmac.f32.16x16x32.bf8.bf8", F::SWMMAC, 16, 16, 32, 1, E::BF8, E::BF8, E::F32, kNone, R4},

    // MFMA, CDNA1 and later (multi-block shapes included).
    {"llvm.amdgcn.mfma.f32.32x32x1f32", F::MFMA, 32, 32, 1, 2, E::F32, E::F32, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.16x16x1f32", F::MFMA, 16, 16, 1, 4, E::F32, E::F32, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.4x4x1f32", F::MFMA, 4, 4, 1, 16, E::F32, E::F32, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.32x32x2f32", F::MFMA, 32, 32, 2, 1, E::F32, E::F32, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.16x16x4f32", F::MFMA, 16, 16, 4, 1, E::F32, E::F32, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.32x32x4f16", F::MFMA, 32, 32, 4, 2, E::F16, E::F16, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.16x16x4f16", F::MFMA, 16, 16, 4, 4, E::F16, E::F16, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.4x4x4f16", F::MFMA, 4, 4, 4, 16, E::F16, E::F16, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.32x32x8f16", F::MFMA, 32, 32, 8, 1, E::F16, E::F16, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.16x16x16f16", F::MFMA, 16, 16, 16, 1, E::F16, E::F16, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.i32.32x32x4i8", F::MFMA, 32, 32, 4, 2, E::I8, E::I8, E::I32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.i32.16x16x4i8", F::MFMA, 16, 16, 4, 4, E::I8, E::I8, E::I32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.i32.4x4x4i8", F::MFMA, 4, 4, 4, 16, E::I8, E::I8, E::I32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.i32.32x32x8i8", F::MFMA, 32, 32, 8, 1, E::I8, E::I8, E::I32, kMfma, C1 | C2},
    {"llvm.amdgcn.mfma.i32.16x16x16i8", F::MFMA, 16, 16, 16, 1, E::I8, E::I8, E::I32, kMfma, C1 | C2},
    {"llvm.amdgcn.mfma.f32.32x32x2bf16", F::MFMA, 32, 32, 2, 2, E::BF16, E::BF16, E::F32, kMfma, C1 | C2},
    {"llvm.amdgcn.mfma.f32.16x16x2bf16", F::MFMA, 16, 16, 2, 4, E::BF16, E::BF16, E::F32, kMfma, C1 | C2},
    {"llvm.amdgcn.mfma.f32.4x4x2bf16", F::MFMA, 4, 4, 2, 16, E::BF16, E::BF16, E::F32, kMfma, C1 | C2},
    {"llvm.amdgcn.mfma.f32.32x32x4bf16", F::MFMA, 32, 32, 4, 1, E::BF16, E::BF16, E::F32, kMfma, C1 | C2},
    {"llvm.amdgcn.mfma.f32.16x16x8bf16", F::MFMA, 16, 16, 8, 1, E::BF16, E::BF16, E::F32, kMfma, C1 | C2},
    // CDNA2 and later.
    {"llvm.amdgcn.mfma.f32.32x32x4bf16.1k", F::MFMA, 32, 32, 4, 2, E::BF16, E::BF16, E::F32, kMfma, CDNA234},
    {"llvm.amdgcn.mfma.f32.16x16x4bf16.1k", F::MFMA, 16, 16, 4, 4, E::BF16, E::BF16, E::F32, kMfma, CDNA234},
    {"llvm.amdgcn.mfma.f32.4x4x4bf16.1k", F::MFMA, 4, 4, 4, 16, E::BF16, E::BF16, E::F32, kMfma, CDNA234},
    {"llvm.amdgcn.mfma.f32.32x32x8bf16.1k", F::MFMA, 32, 32, 8, 1, E::BF16, E::BF16, E::F32, kMfma, CDNA234},
    {"llvm.amdgcn.mfma.f32.16x16x16bf16.1k", F::MFMA, 16, 16, 16, 1, E::BF16, E::BF16, E::F32, kMfma, CDNA234},
    {"llvm.amdgcn.mfma.f64.16x16x4f64", F::MFMA, 16, 16, 4, 1, E::F64, E::F64, E::F64, kMfma, CDNA234},
    {"llvm.amdgcn.mfma.f64.4x4x4f64", F::MFMA, 4, 4, 4, 4, E::F64, E::F64, E::F64, kMfma, CDNA234},
    // CDNA3 and later.
    {"llvm.amdgcn.mfma.i32.16x16x32.i8", F::MFMA, 16, 16, 32, 1, E::I8, E::I8, E::I32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.i32.32x32x16.i8", F::MFMA, 32, 32, 16, 1, E::I8, E::I8, E::I32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.16x16x32.fp8.fp8", F::MFMA, 16, 16, 32, 1, E::FP8, E::FP8, E::F32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.16x16x32.fp8.bf8", F::MFMA, 16, 16, 32, 1, E::FP8, E::BF8, E::F32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.16x16x32.bf8.fp8", F::MFMA, 16, 16, 32, 1, E::BF8, E::FP8, E::F32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.16x16x32.bf8.bf8", F::MFMA, 16, 16, 32, 1, E::BF8, E::BF8, E::F32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.32x32x16.fp8.fp8", F::MFMA, 32, 32, 16, 1, E::FP8, E::FP8, E::F32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.32x32x16.fp8.bf8", F::MFMA, 32, 32, 16, 1, E::FP8, E::BF8, E::F32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.32x32x16.bf8.fp8", F::MFMA, 32, 32, 16, 1, E::BF8, E::FP8, E::F32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.32x32x16.bf8.bf8", F::MFMA, 32, 32, 16, 1, E::BF8, E::BF8, E::F32, kMfma, CDNA34},
    // CDNA4 (gfx950) only.
    {"llvm.amdgcn.mfma.f32.16x16x32.f16", F::MFMA, 16, 16, 32, 1, E::F16, E::F16, E::F32, kMfma, C4},
    {"llvm.amdgcn.mfma.f32.32x32x16.f16", F::MFMA, 32, 32, 16, 1, E::F16, E::F16, E::F32, kMfma, C4},
    {"llvm.amdgcn.mfma.f32.16x16x32.bf16", F::MFMA, 16, 16, 32, 1, E::BF16, E::BF16, E::F32, kMfma, C4},
    {"llvm.amdgcn.mfma.f32.32x32x16.bf16", F::MFMA, 32, 32, 16, 1, E::BF16, E::BF16, E::F32, kMfma, C4},
    {"llvm.amdgcn.mfma.i32.16x16x64.i8", F::MFMA, 16, 16, 64, 1, E::I8, E::I8, E::I32, kMfma, C4},
    {"llvm.amdgcn.mfma.i32.32x32x32.i8", F::MFMA, 32, 32, 32, 1, E::I8, E::I8, E::I32, kMfma, C4},

    // SMFMAC, CDNA3 and CDNA4. K is the dense K.
    {"llvm.amdgcn.smfmac.f32.16x16x32.f16", F::SMFMAC, 16, 16, 32, 1, E::F16, E::F16, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.32x32x16.f16", F::SMFMAC, 32, 32, 16, 1, E::F16, E::F16, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.16x16x32.bf16", F::SMFMAC, 16, 16, 32, 1, E::BF16, E::BF16, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.32x32x16.bf16", F::SMFMAC, 32, 32, 16, 1, E::BF16, E::BF16, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.i32.16x16x64.i8", F::SMFMAC, 16, 16, 64, 1, E::I8, E::I8, E::I32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.i32.32x32x32.i8", F::SMFMAC, 32, 32, 32, 1, E::I8, E::I8, E::I32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.16x16x64.fp8.fp8", F::SMFMAC, 16, 16, 64, 1, E::FP8, E::FP8, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.16x16x64.fp8.bf8", F::SMFMAC, 16, 16, 64, 1, E::FP8, E::BF8, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.16x16x64.bf8.fp8", F::SMFMAC, 16, 16, 64, 1, E::BF8, E::FP8, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.16x16x64.bf8.bf8", F::SMFMAC, 16, 16, 64, 1, E::BF8, E::BF8, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.32x32x32.fp8.fp8", F::SMFMAC, 32, 32, 32, 1, E::FP8, E::FP8, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.32x32x32.fp8.bf8", F::SMFMAC, 32, 32, 32, 1, E::FP8, E::BF8, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.32x32x32.bf8.fp8", F::SMFMAC, 32, 32, 32, 1, E::BF8, E::FP8, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.32x32x32.bf8.bf8", F::SMFMAC, 32, 32, 32, 1, E::BF8, E::BF8, E::F32, kCbAb, CDNA34},
    // CDNA4 (gfx950) only: twice the K.
    {"llvm.amdgcn.smfmac.f32.16x16x64.f16", F::SMFMAC, 16, 16, 64, 1, E::F16, E::F16, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.32x32x32.f16", F::SMFMAC, 32, 32, 32, 1, E::F16, E::F16, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.16x16x64.bf16", F::SMFMAC, 16, 16, 64, 1, E::BF16, E::BF16, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.32x32x32.bf16", F::SMFMAC, 32, 32, 32, 1, E::BF16, E::BF16, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.i32.16x16x128.i8", F::SMFMAC, 16, 16, 128, 1, E::I8, E::I8, E::I32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.i32.32x32x64.i8", F::SMFMAC, 32, 32, 64, 1, E::I8, E::I8, E::I32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.16x16x128.fp8.fp8", F::SMFMAC, 16, 16, 128, 1, E::FP8, E::FP8, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.16x16x128.fp8.bf8", F::SMFMAC, 16, 16, 128, 1, E::FP8, E::BF8, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.16x16x128.bf8.fp8", F::SMFMAC, 16, 16, 128, 1, E::BF8, E::FP8, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.16x16x128.bf8.bf8", F::SMFMAC, 16, 16, 128, 1, E::BF8, E::BF8, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.32x32x64.fp8.fp8", F::SMFMAC, 32, 32, 64, 1, E::FP8, E::FP8, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.32x32x64.fp8.bf8", F::SMFMAC, 32, 32, 64, 1, E::FP8, E::BF8, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.32x32x64.bf8.fp8", F::SMFMAC, 32, 32, 64, 1, E::BF8, E::FP8, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.32x32x64.bf8.bf8", F::SMFMAC, 32, 32, 64, 1, E::BF8, E::BF8, E::F32, kCbAb, C4},
};

/// Matrix intrinsics of LLVM 22 the emulator does not implement, with why.
struct Unsupported {
  const char *prefix;
  const char *reason;
};
constexpr Unsupported kUnsupported[] = {
    {"llvm.amdgcn.mfma.f32.16x16x8.xf32",
     "the rounding of fp32 inputs to xf32 is not publicly documented"},
    {"llvm.amdgcn.mfma.f32.32x32x4.xf32",
     "the rounding of fp32 inputs to xf32 is not publicly documented"},
    {"llvm.amdgcn.mfma.scale.",
     "scaled f8f6f4 MFMA (gfx950) is not emulated yet"},
    {"llvm.amdgcn.mfma.f32.16x16x128.f8f6f4",
     "f8f6f4 MFMA (gfx950) is not emulated yet"},
    {"llvm.amdgcn.mfma.f32.32x32x64.f8f6f4",
     "f8f6f4 MFMA (gfx950) is not emulated yet"},
};

/// Strips the overload suffix of a mangled intrinsic name by matching the
/// longest known base name that is a prefix followed by '.' or the end.
const Spec *findSpec(llvm::StringRef name) {
  const Spec *best = nullptr;
  for (const Spec &s : kSpecs) {
    llvm::StringRef base(s.name);
    if (!name.starts_with(base))
      continue;
    if (name.size() != base.size() && name[base.size()] != '.')
      continue;
    if (!best || base.size() > llvm::StringRef(best->name).size())
      best = &s;
  }
  return best;
}

unsigned log2u(unsigned v) {
  unsigned r = 0;
  while ((1u << r) < v)
    ++r;
  return r;
}

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

/// Where one matrix element sits: `lane`, and bit `bit` of that lane's
/// operand bytes.
struct Loc {
  uint16_t lane = 0;
  uint16_t bit = 0;
};

/// gfx9 (CDNA) input layout, calculator InstCalcGfx9.__get_input_reg_lanes:
/// element (block b, row-or-column i, k) of an operand whose K extent is `K`
/// (compressed K for sparse A) with `B` blocks of `M` rows.
Loc gfx9Input(unsigned M, unsigned K, unsigned B, unsigned i, unsigned k,
              unsigned b, unsigned bits) {
  unsigned epc = K / (64 / (M * B)); // K values per lane
  unsigned slot = k % epc;
  unsigned lane = b * M + (k / epc) * M * B + i;
  return {uint16_t(lane), uint16_t(slot * bits)};
}

/// The dense operand (B) of a sparse MFMA whose lanes hold more than 16 bytes
/// of it: gfx950's doubled-K SMFMAC. hipBLASLt's Tensile
/// (tensilelite/Tensile/Components/LocalRead.py, "caculate SMFMA layout")
/// reads it, for a sparse kernel with MIInputPerThread * bytes > 16 ("double
/// K"), as blocksPerTGroup = 2 blocks per thread group on the dense track
/// ("gfx950 sparse track only has one block for each thread group": A and
/// its index keep gfx9Input's single block). elementsPerBlock =
/// MIInputPerThread / 2; the thread groups are the wave's 64 / N groups of N
/// lanes; and block b starts b * blockStride further along K, blockStride =
/// elementsPerBlock * threadGroups. Within a block the thread groups follow
/// each other, elementsPerBlock apart (the only arrangement in which the
/// blocks of all groups cover K once with that stride).
Loc gfx9DoubleKDenseInput(unsigned N, unsigned K, unsigned j, unsigned k,
                          unsigned bits) {
  unsigned threadGroups = 64 / N;
  unsigned inputPerThread = K / threadGroups;
  unsigned elementsPerBlock = inputPerThread / 2;
  unsigned blockStride = elementsPerBlock * threadGroups;
  unsigned block = k / blockStride, inBlock = k % blockStride;
  unsigned group = inBlock / elementsPerBlock;
  unsigned slot = block * elementsPerBlock + inBlock % elementsPerBlock;
  return {uint16_t(group * N + j), uint16_t(slot * bits)};
}

/// Whether a gfx9 sparse instruction's dense operand is read in two blocks
/// per thread group (Tensile's "double K" test, see gfx9DoubleKDenseInput).
bool isGfx9DoubleKSparse(bool sparse, unsigned N, unsigned K, unsigned bBits) {
  unsigned inputPerThread = K * N / 64;
  return sparse && inputPerThread * bBits / 8 > 16;
}

/// gfx9 output layout, calculator InstCalcGfx9.__get_output_reg_lanes.
Loc gfx9Output(unsigned M, unsigned N, unsigned i, unsigned j, unsigned b,
               unsigned bits) {
  unsigned multirowsPerRegister = 64 / N;
  unsigned multirowHeight = bits == 64 ? 1 : 4;
  unsigned blocksPerRegister =
      (64 + (N * M) / multirowHeight - 1) / ((N * M) / multirowHeight);
  unsigned reg = b * ((M * N) / 64);
  reg += (i / (multirowHeight * multirowsPerRegister)) * multirowHeight;
  reg += i % multirowHeight;
  unsigned lane = (b % blocksPerRegister) * N;
  lane += ((i / multirowHeight) % multirowsPerRegister) * blocksPerRegister * N;
  lane += j;
  return {uint16_t(lane), uint16_t(reg * bits)};
}

/// gfx9 BLGP, calculator InstCalc._get_blgp_transformed_lane: the lane B data
/// is read from, for the lane it would normally be read from.
unsigned blgpLane(unsigned lane, unsigned blgp) {
  switch (blgp) {
  case 1: // broadcast the first 32 lanes
    return lane % 32;
  case 2: // broadcast the second 32 lanes
    return lane < 32 ? lane + 32 : lane;
  case 3: // rotate down by 16
    return (lane + 16) % 64;
  case 4: // broadcast lanes 0-15
    return lane % 16;
  case 5: // broadcast lanes 16-31
    if (lane < 16)
      return lane + 16;
    if (lane >= 48)
      return lane - 32;
    if (lane >= 32)
      return lane - 16;
    return lane;
  case 6: // broadcast lanes 32-47
    if (lane >= 48)
      return lane - 16;
    if (lane < 16)
      return lane + 32;
    if (lane < 32)
      return lane + 16;
    return lane;
  case 7: // broadcast lanes 48-63
    return lane + (3 - lane / 16) * 16;
  default:
    return lane;
  }
}

/// gfx12 input register, calculator InstCalcGfx12.__get_input_reg. Returns
/// the bit offset (register * 32 + base bits) of element k; for a sparse A
/// the offset of the pair holding k's group of four.
unsigned gfx12InputBit(bool isA, unsigned k, bool sparse, unsigned bits,
                       unsigned K, unsigned wave) {
  unsigned reg = 0;
  int base = -1;
  if (sparse) {
    if (isA) {
      if (wave == 32) {
        if (bits == 16)
          reg = 2 * (k / 16) + (k / 4) % 2;
        else if (bits == 8)
          reg = (k / 8) % 2;
        else if (K == 64)
          reg = (k / 16) % 2;
      } else if (bits == 16) {
        reg = (k / 4) % 2;
      }
      // 16-bit sparse A uses the whole register for its group of four.
      if (bits != 16)
        base = int(2 * bits * ((k / 4) % (16 / bits)));
    } else {
      if (wave == 32) {
        if (bits == 16)
          reg = 4 * (k / 16) + (k / 2) % 4;
        else if (bits == 8)
          reg = (k / 4) % 4;
        else if (K == 32)
          reg = (k / 8) % 2;
        else
          reg = (k / 8) % 4;
      } else {
        if (bits == 16)
          reg = (k / 2) % 4;
        else if (bits == 8)
          reg = (k / 4) % 2;
        else if (K != 32)
          reg = (k / 8) % 2;
      }
      base = int(bits * (k % (32 / bits)));
    }
  } else {
    if (wave == 32) {
      if (bits == 16)
        reg = 2 * (k / 8) + (k / 2) % 2;
      else if (bits == 8)
        reg = (k / 4) % 2;
      else if (K == 32)
        reg = (k / 8) % 2;
    } else if (bits == 16) {
      reg = (k / 2) % 2;
    }
    base = int(bits * (k % (32 / bits)));
  }
  return reg * 32 + unsigned(base < 0 ? 0 : base);
}

/// gfx12 input lane, calculator InstCalcGfx12.__get_input_lane. `which` is
/// 'a', 'b' or 'k' (the sparse index).
unsigned gfx12InputLane(char which, unsigned i, unsigned k, bool sparse,
                        unsigned bits, unsigned K, unsigned wave) {
  if (sparse) {
    if (wave == 32) {
      if (bits == 16)
        return 16 * ((k / 8) % 2) + i;
      if (bits == 8 || K == 32)
        return 16 * (k / 16) + i;
      return 16 * (k / 32) + i;
    }
    if (bits == 16)
      return 16 * (k / 8) + i;
    if (bits == 8 || K == 32) {
      if (bits == 4 && (which == 'a' || which == 'k'))
        return 16 * (k / 16) + i;
      return 32 * ((k / 8) % 2) + 16 * (k / 16) + i;
    }
    return 32 * ((k / 16) % 2) + 16 * (k / 32) + i;
  }
  if (wave == 32) {
    if (bits == 16)
      return 16 * ((k / 4) % 2) + i;
    if (bits == 8 || K == 16)
      return 16 * (k / 8) + i;
    return 16 * (k / 16) + i;
  }
  if (bits == 16)
    return 32 * ((k / 8) % 2) + 16 * ((k / 4) % 2) + i;
  if (bits == 8)
    return 32 * ((k / 4) % 2) + 16 * ((k / 8) % 2) + i;
  if (K == 16)
    return 16 * (k / 8) + i;
  return 32 * ((k / 8) % 2) + 16 * ((k / 16) % 2) + i;
}

/// gfx12 sparse index sets, calculator get_num_compression_sets.
unsigned gfx12NumSets(unsigned bits, unsigned K, unsigned wave) {
  if (wave == 32)
    return bits == 4 && K == 64 ? 1 : 2;
  return bits == 8 || bits == 16 ? 4 : 2;
}

/// gfx12 sparse index nibble (set 0) of the group holding dense k,
/// calculator InstCalcGfx12.__get_compression_bits.
unsigned gfx12IndexBit(unsigned k, unsigned bits, unsigned K, unsigned wave) {
  if (wave == 32) {
    if (bits == 16)
      return 8 * (k / 16) + 4 * ((k / 4) % 2);
    if (bits == 8 || K == 32)
      return 4 * ((k / 4) % 4);
    return 4 * ((k / 4) % 8);
  }
  if (bits == 8 || bits == 16)
    return 4 * ((k / 4) % 2);
  return 4 * ((k / 4) % 4);
}

/// gfx12 output, calculator InstCalcGfx12.__get_output_reg_lanes.
Loc gfx12Output(unsigned i, unsigned j, unsigned bits, unsigned wave) {
  unsigned bit, lane;
  if (wave == 32) {
    bit = bits == 32 ? 32 * (i % 8) : 32 * ((i / 2) % 4) + 16 * (i % 2);
    lane = 16 * (i / 8) + j;
  } else {
    bit = bits == 32 ? 32 * (i % 4) : 32 * ((i / 2) % 2) + 16 * (i % 2);
    lane = 32 * ((i / 4) % 2) + 16 * (i / 8) + j;
  }
  return {uint16_t(lane), uint16_t(bit)};
}

/// gfx11 output, calculator InstCalcGfx11.__get_output_reg_lanes. 16-bit
/// values take one register each, in the half OPSEL picks.
Loc gfx11Output(unsigned N, unsigned i, unsigned j, unsigned bits,
                unsigned wave, bool opselHi) {
  unsigned rowsPerRegSlot = wave / 16;
  unsigned skipHalf = bits == 16 ? 2 : 1;
  unsigned regno = skipHalf * (i / rowsPerRegSlot) + (opselHi ? 1 : 0);
  unsigned rowsPerVgpr = (wave * 16) / N;
  unsigned lane = (N * (i % rowsPerVgpr) + j) % wave;
  return {uint16_t(lane), uint16_t(regno * bits)};
}

//===----------------------------------------------------------------------===//
// Bit access
//===----------------------------------------------------------------------===//

inline uint64_t readBits(const uint8_t *p, unsigned bit, unsigned width) {
  if (width == 4)
    return (p[bit / 8] >> (bit % 8)) & 0xFu;
  uint64_t v = 0;
  std::memcpy(&v, p + bit / 8, width / 8);
  return v;
}

inline void writeBits(uint8_t *p, unsigned bit, unsigned width, uint64_t v) {
  if (width == 4) {
    uint8_t &byte = p[bit / 8];
    unsigned sh = bit % 8;
    byte = uint8_t((byte & ~(0xFu << sh)) | ((v & 0xFu) << sh));
    return;
  }
  std::memcpy(p + bit / 8, &v, width / 8);
}

} // namespace

//===----------------------------------------------------------------------===//
// MatrixOp::Impl
//===----------------------------------------------------------------------===//

struct MatrixOp::Impl {
  const Spec *spec;
  Target target;
  unsigned wave;
  unsigned M, N, K, B;
  unsigned kA; ///< A's K extent: K, or K / 2 when sparse
  bool sparse;
  unsigned aBits, bBits, cBits;
  unsigned aBytes = 0, bBytes = 0, cBytes = 0;
  Fp8Format aFp8 = Fp8Format::E4M3FN, bFp8 = Fp8Format::E4M3FN;
  unsigned numSets = 0;
  unsigned setBits = 0; ///< width of one index set

  /// Locations without modifiers: A [b][i][kk], B [b][k][j], C [b][i][j].
  std::vector<Loc> aLoc, bLoc, cLoc;
  /// RDNA3 opsel-high C/D locations.
  std::vector<Loc> cLocHi;
  /// RDNA3: the further copies of each A and B element.
  std::vector<std::vector<Loc>> aCopies, bCopies;
  /// Sparse: lane and bit (set 0) of the 2-bit index field of A [i][kc].
  std::vector<Loc> idxLoc;
  /// Whether C's elements cover every bit of the accumulator (else D starts
  /// as a copy of C: RDNA3's 16-bit accumulator uses half of each register).
  bool cCoversAll = true;

  void build();
};

static unsigned elemBits(ElemType t) { return getElemBits(t); }

void MatrixOp::Impl::build() {
  M = spec->m;
  N = spec->n;
  K = spec->k;
  B = spec->blocks;
  sparse = spec->family == MatrixFamily::SWMMAC ||
           spec->family == MatrixFamily::SMFMAC;
  kA = sparse ? K / 2 : K;
  aBits = elemBits(spec->a);
  bBits = elemBits(spec->b);
  cBits = elemBits(spec->c);
  bool fnuz = target.fp8 == Fp8Encoding::FNUZ;
  auto f8 = [&](ElemType t) {
    if (t == ElemType::BF8)
      return fnuz ? Fp8Format::E5M2FNUZ : Fp8Format::E5M2;
    return fnuz ? Fp8Format::E4M3FNUZ : Fp8Format::E4M3FN;
  };
  aFp8 = f8(spec->a);
  bFp8 = f8(spec->b);

  aLoc.resize(size_t(B) * M * kA);
  bLoc.resize(size_t(B) * K * N);
  cLoc.resize(size_t(B) * M * N);

  switch (target.arch) {
  case GpuArch::CDNA1:
  case GpuArch::CDNA2:
  case GpuArch::CDNA3:
  case GpuArch::CDNA4: {
    for (unsigned b = 0; b < B; ++b)
      for (unsigned i = 0; i < M; ++i)
        for (unsigned kk = 0; kk < kA; ++kk)
          aLoc[(b * M + i) * kA + kk] = gfx9Input(M, kA, B, i, kk, b, aBits);
    bool doubleK = isGfx9DoubleKSparse(sparse, N, K, bBits);
    for (unsigned b = 0; b < B; ++b)
      for (unsigned k = 0; k < K; ++k)
        for (unsigned j = 0; j < N; ++j)
          bLoc[(b * K + k) * N + j] =
              doubleK ? gfx9DoubleKDenseInput(N, K, j, k, bBits)
                      : gfx9Input(N, K, B, j, k, b, bBits);
    for (unsigned b = 0; b < B; ++b)
      for (unsigned i = 0; i < M; ++i)
        for (unsigned j = 0; j < N; ++j)
          cLoc[(b * M + i) * N + j] = gfx9Output(M, N, i, j, b, cBits);
    if (sparse) {
      // Calculator _get_reg_name: compressed slot s of a lane has its 2-bit
      // field at bits [2s + 1 : 2s] (the nibble floor(s/2)*4 holds the two
      // slots of one group); with cbsz == 0, abid moves to set abid, sets
      // being 2 bits per compressed slot of the lane.
      unsigned epcA = kA * M / 64;
      setBits = 2 * epcA;
      numSets = 32 / setBits;
      idxLoc.resize(size_t(M) * kA);
      for (unsigned i = 0; i < M; ++i)
        for (unsigned kc = 0; kc < kA; ++kc) {
          Loc a = gfx9Input(M, kA, 1, i, kc, 0, aBits);
          idxLoc[i * kA + kc] = {a.lane, uint16_t(2 * (kc % epcA))};
        }
    }
    break;
  }
  case GpuArch::RDNA3: {
    // Calculator InstCalcGfx11: lane i (row of A, column of B) holds element
    // k of every k; lanes i + 16 (and i + 32, i + 48 in wave64) hold copies.
    unsigned copies = wave / 16;
    aCopies.assign(aLoc.size(), {});
    bCopies.assign(bLoc.size(), {});
    for (unsigned i = 0; i < M; ++i)
      for (unsigned k = 0; k < K; ++k) {
        aLoc[i * kA + k] = {uint16_t(i), uint16_t(k * aBits)};
        for (unsigned c = 1; c < copies; ++c)
          aCopies[i * kA + k].push_back(
              {uint16_t(i + 16 * c), uint16_t(k * aBits)});
      }
    for (unsigned k = 0; k < K; ++k)
      for (unsigned j = 0; j < N; ++j) {
        bLoc[k * N + j] = {uint16_t(j), uint16_t(k * bBits)};
        for (unsigned c = 1; c < copies; ++c)
          bCopies[k * N + j].push_back(
              {uint16_t(j + 16 * c), uint16_t(k * bBits)});
      }
    // OPSEL[2] (the op_sel operand) only exists for 16-bit accumulators.
    if (spec->flags & kOpsel)
      cLocHi.resize(cLoc.size());
    for (unsigned i = 0; i < M; ++i)
      for (unsigned j = 0; j < N; ++j) {
        cLoc[i * N + j] = gfx11Output(N, i, j, cBits, wave, false);
        if (!cLocHi.empty())
          cLocHi[i * N + j] = gfx11Output(N, i, j, cBits, wave, true);
      }
    break;
  }
  case GpuArch::RDNA4: {
    for (unsigned i = 0; i < M; ++i)
      for (unsigned kk = 0; kk < kA; ++kk) {
        Loc l;
        if (!sparse) {
          l.lane = uint16_t(gfx12InputLane('a', i, kk, false, aBits, K, wave));
          l.bit = uint16_t(gfx12InputBit(true, kk, false, aBits, K, wave));
        } else {
          // The two compressed values of dense group g sit in the pair the
          // calculator returns for dense k = 4g, in order.
          unsigned g = kk / 2, half = kk % 2;
          l.lane =
              uint16_t(gfx12InputLane('a', i, 4 * g, true, aBits, K, wave));
          l.bit = uint16_t(gfx12InputBit(true, 4 * g, true, aBits, K, wave) +
                           half * aBits);
        }
        aLoc[i * kA + kk] = l;
      }
    for (unsigned k = 0; k < K; ++k)
      for (unsigned j = 0; j < N; ++j)
        bLoc[k * N + j] = {
            uint16_t(gfx12InputLane('b', j, k, sparse, bBits, K, wave)),
            uint16_t(gfx12InputBit(false, k, sparse, bBits, K, wave))};
    for (unsigned i = 0; i < M; ++i)
      for (unsigned j = 0; j < N; ++j)
        cLoc[i * N + j] = gfx12Output(i, j, cBits, wave);
    if (sparse) {
      numSets = gfx12NumSets(aBits, K, wave);
      setBits = 32 / numSets;
      idxLoc.resize(size_t(M) * kA);
      for (unsigned i = 0; i < M; ++i)
        for (unsigned kc = 0; kc < kA; ++kc) {
          unsigned g = kc / 2;
          idxLoc[i * kA + kc] = {
              uint16_t(gfx12InputLane('k', i, 4 * g, true, aBits, K, wave)),
              uint16_t(gfx12IndexBit(4 * g, aBits, K, wave) + 2 * (kc % 2))};
        }
    }
    break;
  }
  }

  // Operand sizes: the extent of the layout, in whole 32-bit registers
  // (one 64-bit value at least).
  auto bytesOf = [](const std::vector<Loc> &locs, unsigned bits) {
    unsigned maxBit = 0;
    for (const Loc &l : locs)
      maxBit = std::max(maxBit, unsigned(l.bit) + bits);
    return ((maxBit + 31) / 32) * 4;
  };
  aBytes = bytesOf(aLoc, aBits);
  bBytes = bytesOf(bLoc, bBits);
  cBytes = std::max(bytesOf(cLoc, cBits),
                    cLocHi.empty() ? 0u : bytesOf(cLocHi, cBits));
  // cLoc covers all of C when it has one element per cBits bits of every
  // lane (the locations are distinct by construction).
  cCoversAll = cLocHi.empty() &&
               size_t(cLoc.size()) * cBits == size_t(wave) * cBytes * 8;
}

//===----------------------------------------------------------------------===//
// MatrixOp
//===----------------------------------------------------------------------===//

MatrixOp::MatrixOp(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
MatrixOp::~MatrixOp() = default;

llvm::StringRef mlir::mcore::emu::getElemTypeName(ElemType t) {
  switch (t) {
  case ElemType::F16:
    return "f16";
  case ElemType::BF16:
    return "bf16";
  case ElemType::FP8:
    return "fp8";
  case ElemType::BF8:
    return "bf8";
  case ElemType::I8:
    return "i8";
  case ElemType::I4:
    return "i4";
  case ElemType::F32:
    return "f32";
  case ElemType::F64:
    return "f64";
  case ElemType::I32:
    return "i32";
  }
  return "?";
}

unsigned mlir::mcore::emu::getElemBits(ElemType t) {
  switch (t) {
  case ElemType::F16:
  case ElemType::BF16:
    return 16;
  case ElemType::FP8:
  case ElemType::BF8:
  case ElemType::I8:
    return 8;
  case ElemType::I4:
    return 4;
  case ElemType::F32:
  case ElemType::I32:
    return 32;
  case ElemType::F64:
    return 64;
  }
  return 0;
}

bool MatrixOp::isKnownIntrinsic(llvm::StringRef intrinsic) {
  const Spec *s = findSpec(intrinsic);
  return s && intrinsic == s->name;
}

std::vector<std::string> MatrixOp::getKnownIntrinsics() {
  std::vector<std::string> names;
  for (const Spec &s : kSpecs)
    names.push_back(s.name);
  return names;
}

llvm::Expected<const MatrixOp *> MatrixOp::get(llvm::StringRef intrinsic,
                                               const Target &target) {
  const Spec *spec = findSpec(intrinsic);
  if (!spec) {
    for (const Unsupported &u : kUnsupported)
      if (intrinsic.starts_with(u.prefix))
        return opError("matrix intrinsic '" + intrinsic +
                       "' is not emulated: " + u.reason);
    return opError("'" + intrinsic +
                   "' is not a matrix intrinsic the emulator knows");
  }
  if (!(spec->archs & (1u << unsigned(target.arch)))) {
    std::string on;
    for (unsigned a = 0; a <= unsigned(GpuArch::RDNA4); ++a)
      if (spec->archs & (1u << a)) {
        if (!on.empty())
          on += ", ";
        on += getArchName(GpuArch(a)).str();
      }
    return opError("'" + llvm::StringRef(spec->name) + "' does not exist on " +
                   target.chip + " (" + getArchName(target.arch) +
                   "); it is a " + on + " instruction");
  }
  if (target.isCDNA() && target.waveSize != 64)
    return opError("CDNA matrix instructions need wave64");

  using Key = std::tuple<const Spec *, unsigned, unsigned, unsigned>;
  static std::mutex mutex;
  static auto *cache = new std::map<Key, std::unique_ptr<MatrixOp>>();
  Key key{spec, unsigned(target.arch), target.waveSize, unsigned(target.fp8)};
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache->find(key);
  if (it != cache->end())
    return it->second.get();
  auto impl = std::make_unique<Impl>();
  impl->spec = spec;
  impl->target = target;
  impl->wave = target.waveSize;
  impl->build();
  auto op = std::make_unique<MatrixOp>(std::move(impl));
  const MatrixOp *result = op.get();
  cache->emplace(key, std::move(op));
  return result;
}

llvm::StringRef MatrixOp::getName() const { return impl->spec->name; }
const Target &MatrixOp::getTarget() const { return impl->target; }
MatrixFamily MatrixOp::getFamily() const { return impl->spec->family; }
bool MatrixOp::isSparse() const { return impl->sparse; }
unsigned MatrixOp::getM() const { return impl->M; }
unsigned MatrixOp::getN() const { return impl->N; }
unsigned MatrixOp::getK() const { return impl->K; }
unsigned MatrixOp::getBlocks() const { return impl->B; }
ElemType MatrixOp::getAType() const { return impl->spec->a; }
ElemType MatrixOp::getBType() const { return impl->spec->b; }
ElemType MatrixOp::getCType() const { return impl->spec->c; }
unsigned MatrixOp::getABytes() const { return impl->aBytes; }
unsigned MatrixOp::getBBytes() const { return impl->bBytes; }
unsigned MatrixOp::getCBytes() const { return impl->cBytes; }
bool MatrixOp::isTied() const { return impl->spec->flags & kTied; }
bool MatrixOp::hasSignedness() const { return impl->spec->flags & kSign; }
bool MatrixOp::hasClamp() const { return impl->spec->flags & kClamp; }
bool MatrixOp::hasOpsel() const { return impl->spec->flags & kOpsel; }
bool MatrixOp::hasCbszAbid() const { return impl->spec->flags & kCbAb; }
bool MatrixOp::hasBlgp() const { return impl->spec->flags & kBlgp; }
unsigned MatrixOp::getNumIndexSets() const { return impl->numSets; }

MatrixOp::Location MatrixOp::locate(Operand operand, unsigned block,
                                    unsigned row, unsigned col) const {
  const Impl &I = *impl;
  Loc l;
  switch (operand) {
  case Operand::A:
    l = I.aLoc[(size_t(block) * I.M + row) * I.kA + col];
    break;
  case Operand::B:
    l = I.bLoc[(size_t(block) * I.K + row) * I.N + col];
    break;
  case Operand::C:
    l = I.cLoc[(size_t(block) * I.M + row) * I.N + col];
    break;
  case Operand::Index:
    l = I.idxLoc[size_t(row) * I.kA + col];
    break;
  }
  return {l.lane, l.bit};
}

Error MatrixOp::verify(const MatrixImmediates &imm) const {
  const Spec &s = *impl->spec;
  llvm::StringRef name = s.name;
  if ((imm.aSigned || imm.bSigned) && !hasSignedness())
    return opError(name + " has no signedness operands");
  if (imm.clamp && !hasClamp())
    return opError(name + " has no clamp operand");
  if (imm.opsel) {
    if (!hasOpsel())
      return opError(name + " has no op_sel operand");
    if (impl->target.arch == GpuArch::RDNA4)
      return opError(name + ": op_sel must be 0 on " + impl->target.chip +
                     " (RDNA4 packs 16-bit results; llc rejects op_sel=1)");
  }
  if ((imm.cbsz || imm.abid) && !hasCbszAbid())
    return opError(name + " has no cbsz/abid operands");
  if (imm.blgp && !hasBlgp())
    return opError(name + " has no blgp operand");
  if (imm.indexSet && s.family != MatrixFamily::SWMMAC)
    return opError(name + " has no index_key");
  if (s.family == MatrixFamily::MFMA) {
    if (imm.cbsz > 7 || imm.abid > 15 || imm.blgp > 7)
      return opError(llvm::formatv(
          "{0}: cbsz {1}, abid {2}, blgp {3} out of range (cbsz and blgp "
          "are 3-bit, abid 4-bit)",
          name, imm.cbsz, imm.abid, imm.blgp));
    if (imm.cbsz > log2u(impl->B))
      return opError(llvm::formatv(
          "{0}: cbsz {1} broadcasts over 2^{1} blocks but the instruction "
          "has {2} block(s)",
          name, imm.cbsz, impl->B));
    if (imm.abid >= (1u << imm.cbsz))
      return opError(llvm::formatv(
          "{0}: abid {1} must be below 2^cbsz = {2}", name, imm.abid,
          1u << imm.cbsz));
  }
  if (s.family == MatrixFamily::SMFMAC) {
    if (imm.cbsz > 7 || imm.abid > 15)
      return opError(llvm::formatv("{0}: cbsz {1} or abid {2} out of range",
                                   name, imm.cbsz, imm.abid));
    if (imm.cbsz == 0 && imm.abid >= impl->numSets)
      return opError(llvm::formatv(
          "{0}: abid {1} selects an index set, but {2} has {3} set(s) of {4} "
          "bits",
          name, imm.abid, impl->target.chip, impl->numSets, impl->setBits));
  }
  if (s.family == MatrixFamily::SWMMAC && imm.indexSet >= impl->numSets)
    return opError(llvm::formatv(
        "{0}: index set {1} out of range; the instruction has {2} set(s) of "
        "{3} bits",
        name, imm.indexSet, impl->numSets, impl->setBits));
  return Error::success();
}

Error MatrixOp::execute(const MatrixImmediates &imm, llvm::ArrayRef<uint8_t> a,
                        llvm::ArrayRef<uint8_t> b, llvm::ArrayRef<uint8_t> c,
                        llvm::ArrayRef<uint32_t> index,
                        llvm::MutableArrayRef<uint8_t> d) const {
  unsigned w = impl->wave;
  auto check = [&](llvm::StringRef what, size_t got, size_t want) -> Error {
    if (got == want)
      return Error::success();
    return opError(llvm::formatv("{0}: operand {1} has {2} bytes; a wave{3} "
                                 "instruction needs {4}",
                                 getName(), what, got, w, want));
  };
  if (Error e = check("A", a.size(), size_t(w) * impl->aBytes))
    return e;
  if (Error e = check("B", b.size(), size_t(w) * impl->bBytes))
    return e;
  if (Error e = check("C", c.size(), size_t(w) * impl->cBytes))
    return e;
  if (Error e = check("D", d.size(), size_t(w) * impl->cBytes))
    return e;
  if (Error e = check("index", index.size() * 4, impl->sparse ? w * 4 : 0))
    return e;
  if (Error e = verify(imm))
    return e;
  std::vector<const uint8_t *> pa(w), pb(w), pc(w);
  std::vector<uint8_t *> pd(w);
  for (unsigned l = 0; l < w; ++l) {
    pa[l] = a.data() + size_t(l) * impl->aBytes;
    pb[l] = b.data() + size_t(l) * impl->bBytes;
    pc[l] = c.data() + size_t(l) * impl->cBytes;
    pd[l] = d.data() + size_t(l) * impl->cBytes;
  }
  return executeLanes(imm, pa.data(), pb.data(), pc.data(),
                      impl->sparse ? index.data() : nullptr, pd.data());
}

namespace {
/// Per-thread scratch, reused across instructions.
struct Scratch {
  std::vector<double> af, bf, cf;
  std::vector<int64_t> ai, bi, ci;
  std::vector<uint8_t> pos;
  std::vector<double> accF;
  std::vector<int64_t> accI;
};
thread_local Scratch scratch;

bool isFloatType(ElemType t) {
  return t != ElemType::I8 && t != ElemType::I4 && t != ElemType::I32;
}

int64_t decodeInt(ElemType t, uint64_t bits, bool isSigned) {
  switch (t) {
  case ElemType::I8:
    return isSigned ? int64_t(int8_t(uint8_t(bits))) : int64_t(uint8_t(bits));
  case ElemType::I4: {
    int64_t v = int64_t(bits & 0xF);
    return isSigned && v >= 8 ? v - 16 : v;
  }
  case ElemType::I32:
    return int64_t(int32_t(uint32_t(bits)));
  default:
    return 0;
  }
}
/// Decodes `n` elements of type `t` at `locs` (lanes remapped through
/// `laneMap` when given) into doubles.
void gatherFloat(ElemType t, Fp8Format f8, const Loc *locs, size_t n,
                 const uint8_t *laneMap, const uint8_t *const *lanes,
                 double *out) {
  auto lanePtr = [&](const Loc &l) {
    return lanes[laneMap ? laneMap[l.lane] : l.lane] + l.bit / 8;
  };
  switch (t) {
  case ElemType::F16: {
    const float *table = getF16Table();
    for (size_t e = 0; e < n; ++e) {
      uint16_t v;
      std::memcpy(&v, lanePtr(locs[e]), 2);
      out[e] = table[v];
    }
    return;
  }
  case ElemType::BF16:
    for (size_t e = 0; e < n; ++e) {
      uint16_t v;
      std::memcpy(&v, lanePtr(locs[e]), 2);
      out[e] = decodeBF16(v);
    }
    return;
  case ElemType::FP8:
  case ElemType::BF8: {
    const float *table = getFp8Table(f8);
    for (size_t e = 0; e < n; ++e)
      out[e] = table[*lanePtr(locs[e])];
    return;
  }
  case ElemType::F32:
    for (size_t e = 0; e < n; ++e) {
      float v;
      std::memcpy(&v, lanePtr(locs[e]), 4);
      out[e] = v;
    }
    return;
  case ElemType::F64:
    for (size_t e = 0; e < n; ++e)
      std::memcpy(&out[e], lanePtr(locs[e]), 8);
    return;
  default:
    return;
  }
}

/// Rounds `n` results to type `t` and writes them at `locs`.
void scatterFloat(ElemType t, const Loc *locs, size_t n, const double *v,
                  uint8_t *const *lanes) {
  for (size_t e = 0; e < n; ++e) {
    uint8_t *p = lanes[locs[e].lane] + locs[e].bit / 8;
    switch (t) {
    case ElemType::F32: {
      float f = float(v[e]);
      std::memcpy(p, &f, 4);
      break;
    }
    case ElemType::F16: {
      uint16_t h = encodeF16(v[e]);
      std::memcpy(p, &h, 2);
      break;
    }
    case ElemType::BF16: {
      uint16_t h = encodeBF16(v[e]);
      std::memcpy(p, &h, 2);
      break;
    }
    case ElemType::F64:
      std::memcpy(p, &v[e], 8);
      break;
    default:
      break;
    }
  }
}

} // namespace

Error MatrixOp::executeLanes(const MatrixImmediates &imm,
                             const uint8_t *const *a, const uint8_t *const *b,
                             const uint8_t *const *c, const uint32_t *index,
                             uint8_t *const *d) const {
  const Impl &I = *impl;
  const Spec &s = *I.spec;
  const unsigned M = I.M, N = I.N, K = I.K, B = I.B, kA = I.kA;
  Scratch &S = scratch;

  // RDNA3: every copy of a replicated element must agree.
  for (unsigned e = 0; e < I.aCopies.size(); ++e)
    for (const Loc &cp : I.aCopies[e]) {
      const Loc &p = I.aLoc[e];
      if (readBits(a[p.lane], p.bit, I.aBits) !=
          readBits(a[cp.lane], cp.bit, I.aBits))
        return opError(llvm::formatv(
            "{0} on {1}: lanes {2} and {3} hold different copies of A[{4}][{5}] "
            "(RDNA3 replicates A and B across lane groups; unequal copies are "
            "undefined)",
            getName(), I.target.chip, p.lane, cp.lane, e / kA, e % kA));
    }
  for (unsigned e = 0; e < I.bCopies.size(); ++e)
    for (const Loc &cp : I.bCopies[e]) {
      const Loc &p = I.bLoc[e];
      if (readBits(b[p.lane], p.bit, I.bBits) !=
          readBits(b[cp.lane], cp.bit, I.bBits))
        return opError(llvm::formatv(
            "{0} on {1}: lanes {2} and {3} hold different copies of B[{4}][{5}] "
            "(RDNA3 replicates A and B across lane groups; unequal copies are "
            "undefined)",
            getName(), I.target.chip, p.lane, cp.lane, e / N, e % N));
    }

  bool isMfma = s.family == MatrixFamily::MFMA;
  bool f64Neg = isMfma && s.a == ElemType::F64 &&
                (I.target.arch == GpuArch::CDNA3 ||
                 I.target.arch == GpuArch::CDNA4);
  unsigned blgp = (isMfma && !f64Neg) ? imm.blgp : 0;
  unsigned cbsz = isMfma ? imm.cbsz : 0;
  unsigned abid = isMfma ? imm.abid : 0;
  // Calculator _get_cbsz_abid_transformed_block: block b of A is read from
  // block floor(b / 2^cbsz) * 2^cbsz + abid.
  auto aBlock = [&](unsigned blk) {
    return ((blk >> cbsz) << cbsz) + abid;
  };
  bool aSigned = (s.flags & kSign) ? imm.aSigned : true;
  bool bSigned = (s.flags & kSign) ? imm.bSigned : true;
  bool useHi = (s.flags & kOpsel) && imm.opsel && !I.cLocHi.empty();
  const std::vector<Loc> &cLoc = useHi ? I.cLocHi : I.cLoc;

  // The sparse positions.
  if (I.sparse) {
    unsigned setShift = 0;
    if (s.family == MatrixFamily::SWMMAC)
      setShift = imm.indexSet * I.setBits;
    else if (imm.cbsz == 0)
      setShift = imm.abid * I.setBits;
    S.pos.resize(size_t(M) * kA);
    for (unsigned e = 0; e < M * kA; ++e) {
      const Loc &l = I.idxLoc[e];
      S.pos[e] = uint8_t((index[l.lane] >> (l.bit + setShift)) & 3u);
    }
  }

  // Start D as a copy of C, so that bits no element covers (the other
  // halves of RDNA3's 16-bit accumulator) keep C's value.
  if (!I.cCoversAll)
    for (unsigned l = 0; l < I.wave; ++l)
      if (d[l] != c[l])
        std::memmove(d[l], c[l], I.cBytes);

  // Where B is read from, per lane (BLGP).
  uint8_t bLane[64];
  for (unsigned l = 0; l < I.wave; ++l)
    bLane[l] = uint8_t(blgpLane(l, blgp));

  bool floatPath = isFloatType(s.a);
  if (floatPath) {
    S.af.resize(size_t(B) * M * kA);
    S.bf.resize(size_t(B) * K * N);
    S.cf.resize(size_t(B) * M * N);
    for (unsigned blk = 0; blk < B; ++blk) {
      unsigned src = aBlock(blk);
      gatherFloat(s.a, I.aFp8, &I.aLoc[size_t(src) * M * kA], M * kA, nullptr,
                  a, &S.af[size_t(blk) * M * kA]);
    }
    gatherFloat(s.b, I.bFp8, I.bLoc.data(), S.bf.size(), bLane, b,
                S.bf.data());
    gatherFloat(s.c, Fp8Format::E4M3FN, cLoc.data(), S.cf.size(), nullptr, c,
                S.cf.data());
    if (f64Neg) {
      // gfx940+ f64 MFMA: blgp is NEG (bit 0: A, bit 1: B, bit 2: C).
      if (imm.blgp & 1)
        for (double &v : S.af)
          v = -v;
      if (imm.blgp & 2)
        for (double &v : S.bf)
          v = -v;
      if (imm.blgp & 4)
        for (double &v : S.cf)
          v = -v;
    }
    S.accF.resize(N);
    bool fma = s.c == ElemType::F64;
    for (unsigned blk = 0; blk < B; ++blk) {
      const double *A = &S.af[size_t(blk) * M * kA];
      const double *Bm = &S.bf[size_t(blk) * K * N];
      for (unsigned i = 0; i < M; ++i) {
        double *acc = S.accF.data();
        const double *cRow = &S.cf[(size_t(blk) * M + i) * N];
        if (fma) {
          for (unsigned j = 0; j < N; ++j)
            acc[j] = cRow[j];
          for (unsigned k = 0; k < K; ++k)
            for (unsigned j = 0; j < N; ++j)
              acc[j] = std::fma(A[i * kA + k], Bm[k * N + j], acc[j]);
        } else {
          // Products of the narrow input formats are exact in double; the
          // sum is rounded once more when it is written.
          for (unsigned j = 0; j < N; ++j)
            acc[j] = 0.0;
          if (!I.sparse) {
            for (unsigned k = 0; k < K; ++k) {
              double av = A[i * kA + k];
              const double *row = Bm + size_t(k) * N;
              for (unsigned j = 0; j < N; ++j)
                acc[j] += av * row[j];
            }
          } else {
            const uint8_t *p = &S.pos[size_t(i) * kA];
            for (unsigned kc = 0; kc < kA; ++kc) {
              double av = A[i * kA + kc];
              const double *row = Bm + size_t(4 * (kc / 2) + p[kc]) * N;
              for (unsigned j = 0; j < N; ++j)
                acc[j] += av * row[j];
            }
          }
          for (unsigned j = 0; j < N; ++j)
            acc[j] += cRow[j];
        }
        scatterFloat(s.c, &cLoc[(size_t(blk) * M + i) * N], N, acc, d);
      }
    }
    return Error::success();
  }

  // Integer path.
  S.ai.resize(size_t(B) * M * kA);
  S.bi.resize(size_t(B) * K * N);
  for (unsigned blk = 0; blk < B; ++blk) {
    unsigned src = aBlock(blk);
    for (unsigned e = 0; e < M * kA; ++e) {
      const Loc &l = I.aLoc[size_t(src) * M * kA + e];
      S.ai[size_t(blk) * M * kA + e] =
          decodeInt(s.a, readBits(a[l.lane], l.bit, I.aBits), aSigned);
    }
  }
  for (size_t e = 0; e < S.bi.size(); ++e) {
    const Loc &l = I.bLoc[e];
    S.bi[e] = decodeInt(s.b, readBits(b[bLane[l.lane]], l.bit, I.bBits),
                        bSigned);
  }
  S.accI.resize(N);
  for (unsigned blk = 0; blk < B; ++blk) {
    const int64_t *A = &S.ai[size_t(blk) * M * kA];
    const int64_t *Bm = &S.bi[size_t(blk) * K * N];
    for (unsigned i = 0; i < M; ++i) {
      int64_t *acc = S.accI.data();
      for (unsigned j = 0; j < N; ++j)
        acc[j] = 0;
      if (!I.sparse) {
        for (unsigned k = 0; k < K; ++k) {
          int64_t av = A[i * kA + k];
          const int64_t *row = Bm + size_t(k) * N;
          for (unsigned j = 0; j < N; ++j)
            acc[j] += av * row[j];
        }
      } else {
        const uint8_t *p = &S.pos[size_t(i) * kA];
        for (unsigned kc = 0; kc < kA; ++kc) {
          int64_t av = A[i * kA + kc];
          const int64_t *row = Bm + size_t(4 * (kc / 2) + p[kc]) * N;
          for (unsigned j = 0; j < N; ++j)
            acc[j] += av * row[j];
        }
      }
      for (unsigned j = 0; j < N; ++j) {
        const Loc &l = cLoc[(size_t(blk) * M + i) * N + j];
        int64_t cv = decodeInt(ElemType::I32, readBits(c[l.lane], l.bit, 32),
                               true);
        int64_t v = acc[j] + cv;
        uint32_t out;
        if (imm.clamp)
          out = uint32_t(int32_t(std::clamp<int64_t>(v, INT32_MIN, INT32_MAX)));
        else
          out = uint32_t(uint64_t(v)); // wraps modulo 2^32
        writeBits(d[l.lane], l.bit, 32, out);
      }
    }
  }
  return Error::success();
}

Error mlir::mcore::emu::executeMatrixIntrinsic(
    llvm::StringRef intrinsic, const Target &target,
    const MatrixImmediates &imm, llvm::ArrayRef<uint8_t> a,
    llvm::ArrayRef<uint8_t> b, llvm::ArrayRef<uint8_t> c,
    llvm::ArrayRef<uint32_t> index, llvm::MutableArrayRef<uint8_t> d) {
  llvm::Expected<const MatrixOp *> op = MatrixOp::get(intrinsic, target);
  if (!op)
    return op.takeError();
  return (*op)->execute(imm, a, b, c, index, d);
}
