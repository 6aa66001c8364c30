//===- IntrinsicTableGfx1250.cpp - The table of matrix intrinsics: gfx1250 ===//
//
// gfx1250's WMMA and SWMMAC (LLVM 22's AMDGPUWMMAIntrinsicsGFX1250 and
// AMDGPUSWMMACIntrinsicsGFX1250 sets), and their per-lane layouts, written
// once. docs/Layouts.md ("gfx1250") says what each source gives and what no
// source confirms.
//
// Sources:
//   LLVM22  IntrinsicsAMDGPU.td of LLVM 22.1.8 (operand classes and
//           orders) and llc-22 -mcpu=gfx1250: every entry below was
//           selected with the fragment types written here (v_wmma_* /
//           v_swmmac_* with 2, 8 or 16 VGPRs of A and B, 4 or 8 of C, a
//           32-bit index for 16-bit SWMMAC and a 64-bit one for 8-bit); the
//           gfx12 (RDNA4) WMMA intrinsics are "Cannot select" on gfx1250.
//   CLANG   clang's BuiltinsAMDGPU.def, "GFX1250 WMMA builtins"
//           (llvm-project #148991): the same vector types.
//   MLIR    MLIR 22's amdgpu.wmma (AMDGPU.td): gfx1250 has M = N = 16 and
//           K = 4, 32, 64 or 128; 16-bit results are packed.
//   IREE    iree-org/iree IREEGPUAttrs.cpp getSingleSubgroupLayout:
//           WMMA_F32_16x16x4_F32, _16x16x32_F16/BF16, _16x16x64_F8*/I8 and
//           _16x16x128_F8* use gfx12Wmma16xK(K) / gfx12WmmaKx16(K) /
//           gfx12WmmaAcc16x16: lane L holds row (column of B) L % 16 and
//           K / 2 consecutive k from (L / 16) * K / 2; C as RDNA4.
//   CK      ROCm/composable_kernel ck_tile core/arch/mma/wmma (gfx1250
//           specializations): amdgcn_mma_base with kABKPerLane = K / 2 and
//           one access, C 8 values per lane (the same arrangement).
//   MISA    a hardware round-trip probe of gfx1250 WMMA reported in a CK
//           porting note (f16/bf16 16x16x32, iu8 16x16x64, f32 16x16x4):
//           the same arrangement.
//
// None of these pins the order of k inside a lane: a permutation of K
// applied to A and B alike leaves a dense product unchanged, and IREE says
// its gfx12 K order differs from the hardware's (RDNA4 interleaves groups
// of four k between the lane halves; the catalog's RDNA4 entries follow
// AMD's calculator). The K order here is therefore an assumption, shared
// by the emulator (MatrixOpsGfx1250.cpp), and so are the SWMMAC index
// layout (one 2-bit field per compressed A element, in A's layout: the
// RDNA4 rule) and the issue cycles (LLVM 22's scheduling model:
// llvm-mca-22 -mcpu=gfx1250 gives latency and reciprocal throughput 8 for
// every entry but iu8, 16, and f32 16x16x4, latency 16).
//
//===----------------------------------------------------------------------===//

#include "IntrinsicTableBuilders.h"

using namespace mlir::mcore;
using namespace mlir::mcore::table;

namespace {

constexpr const char *kLayoutGfx1250 =
    "gfx1250: rows/columns in lanes 0-15 and C as RDNA4 (IREE "
    "gfx12Wmma16xK/gfx12WmmaAcc16x16, CK ck_tile gfx1250 amdgcn_mma_base); "
    "lane half h holds k [h K/2, (h+1) K/2) in order (IREE, CK, a MISA "
    "hardware probe); vector types: LLVM 22, clang BuiltinsAMDGPU.def; the "
    "order of k within a lane is unconfirmed (docs/Layouts.md)";
constexpr const char *kLayoutGfx1250Sparse =
    "gfx1250 SWMMAC: A over compressed k, B over dense k, each lane half "
    "holding half of K in order, as the dense gfx1250 layout (an assumption: "
    "no public source gives gfx1250 SWMMAC layouts); index: one 2-bit field "
    "per A element in A's layout (the RDNA4 rule, assumed); vector and "
    "index types: LLVM 22 (llc-22 -mcpu=gfx1250)";
constexpr const char *kCostGfx1250 =
    "LLVM 22 scheduling model (llvm-mca-22 -mcpu=gfx1250); no AMD "
    "throughput table confirms it";

/// gfx1250 A (and, transposed, B): element e of lane L holds k =
/// (K / 2) (L / 16) + e of row L % 16, `epl` = K / 2 values per lane.
constexpr LaneLayout gfx1250A(unsigned epl) { return rdna4Contig(epl); }
constexpr LaneLayout gfx1250B(unsigned epl) {
  return transposed(rdna4Contig(epl));
}

constexpr FragmentInfo kCF32 = frag(S::F32, 8, {L::Float, 8}, kRdna4C);
constexpr FragmentInfo kCF16 = frag(S::F16, 8, {L::Half, 8}, kRdna4C);
constexpr FragmentInfo kCBF16 = frag(S::BF16, 8, {L::BFloat, 8}, kRdna4C);
constexpr FragmentInfo kCI32 = frag(S::I32, 8, {L::I32, 8}, kRdna4C);

/// The LLVM element type of a 16-bit float fragment on gfx1250 (bf16 is a
/// bfloat vector here, an i16 vector on RDNA4).
constexpr LlvmType vec16(S kind, uint8_t n) {
  return {kind == S::BF16 ? L::BFloat : L::Half, n};
}

/// A dense gfx1250 WMMA.
constexpr IntrinsicInfo wmma(const char *name, const char *llvm, S a, S b,
                             uint16_t k, LlvmType abType, FragmentInfo c,
                             uint16_t cycles, uint8_t mods = ModGfx1250) {
  uint8_t epl = uint8_t(k / 2);
  return make({name, llvm, MmaFamily::WMMA, kGfx1250, 16, 16, k,
               frag(a, epl, abType, gfx1250A(epl)),
               frag(b, epl, abType, gfx1250B(epl)), c, mods,
               {cyc(kGfx1250, cycles)}, kCostGfx1250, kLayoutGfx1250});
}

/// A gfx1250 SWMMAC: A compressed (K / 4 values per lane), B dense (K / 2),
/// one index set of 2 bits per A value: an i32 for 16 values, an i64 for 32.
constexpr IntrinsicInfo swmmac(const char *name, const char *llvm, S a, S b,
                               uint16_t k, LlvmType aType, LlvmType bType,
                               FragmentInfo c, uint16_t cycles,
                               uint8_t mods = ModGfx1250) {
  uint8_t aCount = uint8_t(k / 4), bCount = uint8_t(k / 2);
  IntrinsicInfo info =
      make({name, llvm, MmaFamily::SWMMAC, kGfx1250, 16, 16, k,
            frag(a, aCount, aType, gfx1250A(aCount)),
            frag(b, bCount, bType, gfx1250B(bCount)), c, mods,
            {cyc(kGfx1250, cycles)}, kCostGfx1250, kLayoutGfx1250Sparse});
  info.index = SparseIndexInfo{{aCount > 16 ? L::I64 : L::I32, 0},
                               uint8_t(2 * aCount), 1, info.a.layout};
  return info;
}

/// gfx1250's bf16f32 forms: bf16 A and B, an f32 C (8 registers, kCF32),
/// and a bf16 D of 8 values per lane in C's arrangement, packed two per
/// register (element v at bits [16 v, 16 v + 16) of the result: registers
/// 0-3). The WMMA returns <8 x bfloat> (llc: v_wmma_bf16f32_16x16x32_bf16
/// v[26:29], v[0:7], v[8:15], v[16:23]; clang's builtin V8y ... V8f; CK's
/// intrin_wmma_bf16f32_16x16x32_bf16 writes a bhalf8_t D from a float8_t
/// C). The SWMMAC's result is C's <8 x float> (IntrinsicsAMDGPU.td's
/// AMDGPUSWmmacIntrinsicABIdx ties D to C; llc-22 selects only v8f32 and
/// writes v[24:31], C's registers), of which the 8 bf16 values fill the low
/// four registers in the same packing: the dense form's D, which is what
/// rocjitsu's gfx1250 decoder tests state for the instruction ("the
/// architectural BF16 result writes only its lower four registers").
constexpr FragmentInfo kDBF16 = frag(S::BF16, 8, {L::BFloat, 8}, kRdna4C);
constexpr FragmentInfo kDBF16InF32 = frag(S::BF16, 8, {L::Float, 8}, kRdna4C);

constexpr IntrinsicInfo withD(IntrinsicInfo info, FragmentInfo d) {
  info.d = d;
  return info;
}

/// The fp8/bf8 WMMAs of one K and accumulator.
#define MCORE_WMMA_F8(OUT, K, C, I32S)                                         \
  wmma("wmma_" #OUT "_16x16x" #K "_fp8_fp8",                                   \
       "llvm.amdgcn.wmma." #OUT ".16x16x" #K ".fp8.fp8", S::FP8, S::FP8, K,    \
       {L::I32, I32S}, C, 8),                                                  \
      wmma("wmma_" #OUT "_16x16x" #K "_fp8_bf8",                               \
           "llvm.amdgcn.wmma." #OUT ".16x16x" #K ".fp8.bf8", S::FP8, S::BF8,   \
           K, {L::I32, I32S}, C, 8),                                           \
      wmma("wmma_" #OUT "_16x16x" #K "_bf8_fp8",                               \
           "llvm.amdgcn.wmma." #OUT ".16x16x" #K ".bf8.fp8", S::BF8, S::FP8,   \
           K, {L::I32, I32S}, C, 8),                                           \
      wmma("wmma_" #OUT "_16x16x" #K "_bf8_bf8",                               \
           "llvm.amdgcn.wmma." #OUT ".16x16x" #K ".bf8.bf8", S::BF8, S::BF8,   \
           K, {L::I32, I32S}, C, 8)

/// The fp8/bf8 SWMMACs of one accumulator (K = 128).
#define MCORE_SWMMAC_F8(OUT, C)                                                \
  swmmac("swmmac_" #OUT "_16x16x128_fp8_fp8",                                  \
         "llvm.amdgcn.swmmac." #OUT ".16x16x128.fp8.fp8", S::FP8, S::FP8, 128, \
         {L::I32, 8}, {L::I32, 16}, C, 8),                                     \
      swmmac("swmmac_" #OUT "_16x16x128_fp8_bf8",                              \
             "llvm.amdgcn.swmmac." #OUT ".16x16x128.fp8.bf8", S::FP8, S::BF8,  \
             128, {L::I32, 8}, {L::I32, 16}, C, 8),                            \
      swmmac("swmmac_" #OUT "_16x16x128_bf8_fp8",                              \
             "llvm.amdgcn.swmmac." #OUT ".16x16x128.bf8.fp8", S::BF8, S::FP8,  \
             128, {L::I32, 8}, {L::I32, 16}, C, 8),                            \
      swmmac("swmmac_" #OUT "_16x16x128_bf8_bf8",                              \
             "llvm.amdgcn.swmmac." #OUT ".16x16x128.bf8.bf8", S::BF8, S::BF8,  \
             128, {L::I32, 8}, {L::I32, 16}, C, 8)

constexpr IntrinsicInfo kGfx1250Intrinsics[] = {
    // Dense WMMA, 16-bit and f32 inputs.
    wmma("wmma_f32_16x16x4_f32", "llvm.amdgcn.wmma.f32.16x16x4.f32", S::F32,
         S::F32, 4, {L::Float, 2}, kCF32, 16),
    wmma("wmma_f32_16x16x32_f16", "llvm.amdgcn.wmma.f32.16x16x32.f16", S::F16,
         S::F16, 32, vec16(S::F16, 16), kCF32, 8),
    wmma("wmma_f32_16x16x32_bf16", "llvm.amdgcn.wmma.f32.16x16x32.bf16",
         S::BF16, S::BF16, 32, vec16(S::BF16, 16), kCF32, 8),
    wmma("wmma_f16_16x16x32_f16", "llvm.amdgcn.wmma.f16.16x16x32.f16", S::F16,
         S::F16, 32, vec16(S::F16, 16), kCF16, 8),
    wmma("wmma_bf16_16x16x32_bf16", "llvm.amdgcn.wmma.bf16.16x16x32.bf16",
         S::BF16, S::BF16, 32, vec16(S::BF16, 16), kCBF16, 8),
    withD(wmma("wmma_bf16f32_16x16x32_bf16",
               "llvm.amdgcn.wmma.bf16f32.16x16x32.bf16", S::BF16, S::BF16, 32,
               vec16(S::BF16, 16), kCF32, 8),
          kDBF16),
    // Dense WMMA, 8-bit inputs.
    MCORE_WMMA_F8(f32, 64, kCF32, 8),
    MCORE_WMMA_F8(f32, 128, kCF32, 16),
    MCORE_WMMA_F8(f16, 64, kCF16, 8),
    MCORE_WMMA_F8(f16, 128, kCF16, 16),
    wmma("wmma_i32_16x16x64_iu8", "llvm.amdgcn.wmma.i32.16x16x64.iu8", S::I8,
         S::I8, 64, {L::I32, 8}, kCI32, 16, ModGfx1250 | kIU),

    // SWMMAC. K is the dense K.
    swmmac("swmmac_f32_16x16x64_f16", "llvm.amdgcn.swmmac.f32.16x16x64.f16",
           S::F16, S::F16, 64, vec16(S::F16, 16), vec16(S::F16, 32), kCF32, 8),
    swmmac("swmmac_f32_16x16x64_bf16", "llvm.amdgcn.swmmac.f32.16x16x64.bf16",
           S::BF16, S::BF16, 64, vec16(S::BF16, 16), vec16(S::BF16, 32), kCF32,
           8),
    swmmac("swmmac_f16_16x16x64_f16", "llvm.amdgcn.swmmac.f16.16x16x64.f16",
           S::F16, S::F16, 64, vec16(S::F16, 16), vec16(S::F16, 32), kCF16, 8),
    swmmac("swmmac_bf16_16x16x64_bf16",
           "llvm.amdgcn.swmmac.bf16.16x16x64.bf16", S::BF16, S::BF16, 64,
           vec16(S::BF16, 16), vec16(S::BF16, 32), kCBF16, 8),
    withD(swmmac("swmmac_bf16f32_16x16x64_bf16",
                 "llvm.amdgcn.swmmac.bf16f32.16x16x64.bf16", S::BF16, S::BF16,
                 64, vec16(S::BF16, 16), vec16(S::BF16, 32), kCF32, 8),
          kDBF16InF32),
    MCORE_SWMMAC_F8(f32, kCF32),
    MCORE_SWMMAC_F8(f16, kCF16),
    swmmac("swmmac_i32_16x16x128_iu8", "llvm.amdgcn.swmmac.i32.16x16x128.iu8",
           S::I8, S::I8, 128, {L::I32, 8}, {L::I32, 16}, kCI32, 16,
           ModGfx1250 | kIU),
};

#undef MCORE_WMMA_F8
#undef MCORE_SWMMAC_F8

} // namespace

llvm::ArrayRef<IntrinsicInfo> mlir::mcore::table::getGfx1250Intrinsics() {
  return kGfx1250Intrinsics;
}
