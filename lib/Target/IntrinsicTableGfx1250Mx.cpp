//===- IntrinsicTableGfx1250Mx.cpp - The table: gfx1250's MX WMMA ---------===//
//
// gfx1250's OCP MX WMMA (LLVM 22: wmma.f32.16x16x128.f8f6f4,
// wmma.f32.32x16x128.f4 and the block-scaled wmma.scale.* / wmma.scale16.*
// of both), their per-lane layouts and their scale layouts, written once.
// The f8f6f4 forms take A's and B's formats as immediates (matrix_a_fmt,
// matrix_b_fmt: 0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4), so each has a catalog
// entry per format pair, as gfx950's mfma.scale has; the f4 forms are
// fp4 x fp4. docs/Layouts.md ("f8f6f4 and f4 WMMA, plain and
// block-scaled") says what each source gives, where they disagree, and
// what no source confirms.
//
// Sources:
//   LLVM22  IntrinsicsAMDGPU.td of LLVM 22.1.8 (AMDGPUWmmaIntrinsicModsC_
//           MatrixFMT, AMDGPUWmmaIntrinsicF4ModsC, AMDGPUWmmaScale{,F4}
//           IntrinsicModsC: operand orders) and llc-22 -mcpu=gfx1250, which
//           selects A and B of <16 x i32> (8-bit), <12 x i32> (6-bit) and
//           <8 x i32> (4-bit), the 32-row f4 A of <16 x i32> with a
//           <16 x float> C, i32 (scale) and i64 (scale16) scales.
//   ROCJ    rocjitsu (AMD's gfx1250 emulator): wmma_block_scaled_input_loc
//           ("each operand format stores contiguous K ranges in each lane
//           group: 16 values for 8-bit inputs and 32 values for 4/6-bit
//           inputs"), wmma_f4_32x16x128_a_input_loc, wmma_output_loc_32,
//           wmma_scale_lane, wmma_block_scale_byte.
//   CK      ROCm/composable_kernel ck_tile core/arch/mma/scale/wmma/
//           scale_gfx125.hpp: amdgcn_mma_base<..., 16, 16, 128, 32, 64,
//           NUM_ACC_A, 1, NUM_ACC_B, 1, 8, 1, ...>, NumAccess 4 for the
//           8-bit and 2 for the 6/4-bit operand of a mixed pair, and the
//           plain f8f6f4 with the same parameters (WMMA_UNSCALED_IMPL).
//   MLIR    MLIR 22's amdgpu.scaled_wmma (AMDGPU.td): 4 scales per lane
//           (8 for scale16), a_first_scale_lane / b_first_scale_lane 0 or
//           16, 0 when all 32 lanes hold scales (the 32-row f4 A); scales
//           f8E8M0FNU or f8E4M3FN.
//
// The emulator (lib/Emulator/Semantics/MatrixOpsMx.cpp) derives the same
// layouts independently from these statements; SingleElementLayout and
// ScaleLayout (unittests/Emulator/MatrixOpsLayoutTest.cpp) check the two
// against each other. The cycles are LLVM 22's scheduling model
// (llvm-mca-22 -mcpu=gfx1250: latency and reciprocal throughput 8 for
// every form and format), an assumption as for every gfx1250 entry.
//
//===----------------------------------------------------------------------===//

#include "IntrinsicTableBuilders.h"

using namespace mlir::mcore;
using namespace mlir::mcore::table;

namespace {

constexpr const char *kLayoutMx =
    "A, B: row (column) r in lanes r % 16 and r % 16 + 16, contiguous runs "
    "of k alternating between the lane halves, 16 k for 8-bit and 32 for "
    "6/4-bit values (ROCJ wmma_block_scaled_input_loc; CK scale_gfx125.hpp "
    "agrees for mixed-width pairs, gives same-width pairs runs of 64 and the "
    "plain form the scaled one's layout; ROCJ gives the plain form other k "
    "orders: docs/Layouts.md); C: RDNA4's (ROCJ, IREE); vector types: LLVM "
    "22 (llc-22 -mcpu=gfx1250)";
constexpr const char *kLayoutMxScale =
    "A, B, C as the plain f8f6f4 WMMA (ROCJ, CK: docs/Layouts.md); scales: "
    "4 (scale) or 8 (scale16) per lane, byte b of lane r + 16 "
    "matrix_*_scale for k block b of row (column) r, E8M0 or E4M3 (MLIR "
    "amdgpu.scaled_wmma, ROCJ wmma_scale_lane / wmma_block_scale_byte); "
    "vector types: LLVM 22";
constexpr const char *kLayoutMxF4 =
    "A: rows r and r + 16 in lanes r % 16 and r % 16 + 16, registers 0-7 "
    "and 8-15, k as the 4-bit f8f6f4 A (ROCJ wmma_f4_32x16x128_a_input_loc; "
    "no second source); B as the 4-bit f8f6f4 B; C: row r in lane 16 "
    "((r % 16) / 8) + column, register 8 (r / 16) + r % 8 (ROCJ "
    "wmma_output_loc_32; no second source); scales: A's row r in lane r "
    "(MLIR: first scale lane 0; ROCJ versions disagree), B's as the f8f6f4 "
    "B's; vector types: LLVM 22";
constexpr const char *kCostMxGfx1250 =
    "LLVM 22 scheduling model (llvm-mca-22 -mcpu=gfx1250: 8 for every form "
    "and format); no AMD throughput table confirms it";

/// The A of a 16-row (or the f4 32-row) MX WMMA, `bits` per value, 64 values
/// per row per lane (ROCJ, CK): row r % 16 in lanes r % 16 and r % 16 + 16;
/// k in runs of `run` = 16 (8-bit) or 32 (6/4-bit) alternating between the
/// lane halves: lane half (k / run) % 2, slot run (k / (2 run)) + k % run.
/// So element bits 0 .. log2(run) - 1 are k's low bits, the lane's bit 4 is
/// k bit log2(run), the remaining element bits k's high bits. With 32 rows
/// (the f4 A), rows 16-31 are in the upper 64 values (registers 8-15).
constexpr LaneLayout gfx1250MxA(unsigned bits, unsigned rows = 16) {
  unsigned runBits = bits == 8 ? 4 : 5;
  LaneLayout l;
  l.numElemBits = rows == 32 ? 7 : 6;
  l.numLaneBits = 5;
  for (unsigned b = 0; b < 6; ++b)
    l.elemBases[b] = D1(uint16_t(1u << (b < runBits ? b : b + 1)));
  if (rows == 32)
    l.elemBases[6] = D0(16);
  for (unsigned b = 0; b < 4; ++b)
    l.laneBases[b] = D0(uint16_t(1u << b));
  l.laneBases[4] = D1(uint16_t(1u << runBits));
  return l;
}

/// The 32x16 C/D (ROCJ wmma_output_loc_32): element v of lane L holds row
/// 16 (v / 8) + 8 (L / 16) + v % 8, column L % 16: RDNA4's 16x16 C twice.
constexpr LaneLayout kGfx1250C32x16 =
    makeLayout({D0(1), D0(2), D0(4), D0(16)}, {D1(1), D1(2), D1(4), D1(8), D0(8)});

constexpr FragmentInfo kC16 = frag(S::F32, 8, {L::Float, 8}, kRdna4C);
constexpr FragmentInfo kC32 = frag(S::F32, 16, {L::Float, 16}, kGfx1250C32x16);

/// An MX operand of 64 values per lane: <16 x i32>, <12 x i32> or
/// <8 x i32> by format (LLVM22).
constexpr FragmentInfo mxA(S kind) {
  unsigned bits = getBitWidth(kind);
  return frag(kind, 64, {L::I32, uint8_t(2 * bits)}, gfx1250MxA(bits));
}
constexpr FragmentInfo mxB(S kind) {
  FragmentInfo f = mxA(kind);
  f.layout = transposed(f.layout);
  return f;
}

/// The scales of a 16-row A (MLIR, ROCJ): `perLane` (4 or 8) per lane, byte
/// b of lane r (+ 16 for matrix_a_scale 1) for k block b of row r; 32
/// lanes' worth for the 32-row f4 A (lane r for row r).
constexpr LaneLayout gfx1250ScaleA(unsigned perLane, unsigned rows = 16) {
  LaneLayout l;
  l.numElemBits = uint8_t(log2(perLane));
  l.numLaneBits = uint8_t(log2(rows));
  for (unsigned b = 0; b < l.numElemBits; ++b)
    l.elemBases[b] = D1(uint16_t(1u << b));
  for (unsigned b = 0; b < l.numLaneBits; ++b)
    l.laneBases[b] = D0(uint16_t(1u << b));
  return l;
}
/// One operand's ScaleInfo: scale (block 32, an i32 of 4) or scale16
/// (block 16, an i64 of 8); two lane-half sets, or one for the 32-row A.
constexpr ScaleInfo gfx1250Scales(bool scale16, LaneLayout layout,
                                  bool allLanes) {
  return ScaleInfo{uint8_t(scale16 ? 16 : 32),
                   uint8_t(scale16 ? 64 : 32),
                   uint8_t(allLanes ? 1 : 2),
                   16,
                   true,
                   {scale16 ? L::I64 : L::I32, 0},
                   layout};
}

/// An MX WMMA: the 16x16x128 f8f6f4 of formats `a`, `b`, or the 32x16x128
/// f4 (`f4`: fp4 x fp4, no format operands); plain, scale or scale16.
enum class Form { Plain, Scale, Scale16 };
constexpr IntrinsicInfo mxWmma(const char *name, Form form, S a, S b,
                               bool f4 = false) {
  bool scaled = form != Form::Plain, s16 = form == Form::Scale16;
  const char *llvm =
      f4 ? (form == Form::Plain   ? "llvm.amdgcn.wmma.f32.32x16x128.f4"
            : form == Form::Scale ? "llvm.amdgcn.wmma.scale.f32.32x16x128.f4"
                                  : "llvm.amdgcn.wmma.scale16.f32.32x16x128.f4")
         : (form == Form::Plain ? "llvm.amdgcn.wmma.f32.16x16x128.f8f6f4"
            : form == Form::Scale
                ? "llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4"
                : "llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4");
  IntrinsicInfo info = make(
      {name, llvm, MmaFamily::WMMA, kGfx1250, uint16_t(f4 ? 32 : 16), 16, 128,
       f4 ? frag(S::FP4, 128, {L::I32, 16}, gfx1250MxA(4, 32)) : mxA(a),
       mxB(b), f4 ? kC32 : kC16,
       uint16_t(ModGfx1250 | (f4 ? 0 : ModMatrixFmt) |
                (scaled ? ModScale : 0)),
       {cyc(kGfx1250, 8)}, kCostMxGfx1250,
       f4 ? kLayoutMxF4 : scaled ? kLayoutMxScale : kLayoutMx});
  if (scaled) {
    unsigned per = s16 ? 8 : 4;
    info.scaleA = gfx1250Scales(s16, gfx1250ScaleA(per, f4 ? 32 : 16), f4);
    info.scaleB = gfx1250Scales(s16, transposed(gfx1250ScaleA(per)), false);
  }
  return info;
}

/// The 25 format pairs of one f8f6f4 form, A's format outermost.
#define MCORE_F8F6F4_B(PREFIX, FORM, A, SA)                                    \
  mxWmma(PREFIX "_" #A "_fp8", FORM, SA, S::FP8),                              \
      mxWmma(PREFIX "_" #A "_bf8", FORM, SA, S::BF8),                          \
      mxWmma(PREFIX "_" #A "_fp6", FORM, SA, S::FP6),                          \
      mxWmma(PREFIX "_" #A "_bf6", FORM, SA, S::BF6),                          \
      mxWmma(PREFIX "_" #A "_fp4", FORM, SA, S::FP4)
#define MCORE_F8F6F4(PREFIX, FORM)                                             \
  MCORE_F8F6F4_B(PREFIX, FORM, fp8, S::FP8),                                   \
      MCORE_F8F6F4_B(PREFIX, FORM, bf8, S::BF8),                               \
      MCORE_F8F6F4_B(PREFIX, FORM, fp6, S::FP6),                               \
      MCORE_F8F6F4_B(PREFIX, FORM, bf6, S::BF6),                               \
      MCORE_F8F6F4_B(PREFIX, FORM, fp4, S::FP4)

constexpr IntrinsicInfo kGfx1250MxIntrinsics[] = {
    MCORE_F8F6F4("wmma_f32_16x16x128_f8f6f4", Form::Plain),
    MCORE_F8F6F4("wmma_scale_f32_16x16x128_f8f6f4", Form::Scale),
    MCORE_F8F6F4("wmma_scale16_f32_16x16x128_f8f6f4", Form::Scale16),
    mxWmma("wmma_f32_32x16x128_f4", Form::Plain, S::FP4, S::FP4, true),
    mxWmma("wmma_scale_f32_32x16x128_f4", Form::Scale, S::FP4, S::FP4, true),
    mxWmma("wmma_scale16_f32_32x16x128_f4", Form::Scale16, S::FP4, S::FP4,
           true),
};

#undef MCORE_F8F6F4
#undef MCORE_F8F6F4_B

} // namespace

llvm::ArrayRef<IntrinsicInfo> mlir::mcore::table::getGfx1250MxIntrinsics() {
  return kGfx1250MxIntrinsics;
}
