//===- IntrinsicTable.cpp - The table of AMD matrix intrinsics ------------===//
//
// Every matrix instruction mcore targets, and every per-lane layout, written
// once. A layout lists one basis vector per bit of the element index and one
// per bit of the lane id (see Layout.h); D0(x) moves the first coordinate
// (row of A and C, k of B, row of an index) by x, D1(x) the second.
//
// Sources, cited again at each layout:
//   CALC  AMD Matrix Instruction Calculator, matrix_calculator.py v1.3.1
//         (github.com/ROCm/amd_matrix_instruction_calculator, commit
//         e7603ec5): InstCalcGfx9 (CDNA1-3), InstCalcGfx11 (RDNA3),
//         InstCalcGfx12 (RDNA4: __get_input_reg, __get_input_lane,
//         __get_compression_bits, get_num_compression_sets).
//   CK    ROCm/composable_kernel ck_tile sparse_transforms.hpp
//         compress_a_impl, and CK issue #3753 / PR #3759 (SWMMAC on gfx1201,
//         measured on hardware).
//   LLVM  IntrinsicsAMDGPU.td and AMDGPU.td of LLVM/MLIR 22.1.8; every
//         (intrinsic, chip) pair below was selected by llc-22, and every
//         pair left out was rejected by it ("Cannot select").
//   PR193541  llvm-project #193541: gfx950 SMFMAC index sets.
//   CK4   ROCm/composable_kernel ck_tile core/arch/mma: sparse_gfx9.hpp and
//         mfma_gfx9.hpp (the amdgcn_mma_base layout parameters of every
//         gfx950 MFMA/SMFMAC), amdgcn_mma.hpp (their meaning) and
//         utility/tile_distribution_encoding_calculator.hpp (lanes and
//         elements from them); CK's test_amdgcn_mma_layout_gfx950 checks
//         them on hardware one element at a time.
//   TLR   ROCm/rocm-libraries hipBLASLt tensilelite Components/LocalRead.py,
//         "SMFMA layout": the dense operand of a gfx950 doubled-K SMFMAC is
//         read as two blocks per thread group.
//   DWMMA, SWMMA, SMFMA  AMD's HIP pages "RDNA4 dense WMMA builtins" (the
//         _gfx12 WMMA builtins), "RDNA4 sparse WMMA builtins" (SWMMAC) and
//         "CDNA and CDNA2 sparse MFMA builtins" (SMFMAC): layouts, throughput
//         tables, signatures; SMFMAISA: the CDNA3/CDNA4 ISA entry of
//         v_smfmac_f32_32x32x32_bf8_bf8 (docs/Layouts.md lists them).
//
// The universal sparse-index rule (CALC, CK): 2-bit field f of a lane's
// index set gives the in-group position (0-3) of element f of the same
// lane's A fragment. So every index layout below equals its A layout.
//
// What those pages got wrong, and this table corrects: gfx12 16-bit A/B
// interleave groups of four k between the lane halves (DWMMA's example
// code is wrong, its table right); every SWMMAC lane carries its own index
// bits (SWMMA's "lane / 16 selects an 8-bit half" is wrong); SMFMAC is
// not on gfx908/gfx90a, and abid selects its index set (SMFMA).
//
//===----------------------------------------------------------------------===//

#include "mcore/Target/Catalog.h"

using namespace mlir::mcore;

namespace {
using S = ScalarKind;
using L = LlvmElem;

//===----------------------------------------------------------------------===//
// Chip sets
//===----------------------------------------------------------------------===//

constexpr ChipSet kRDNA3 = {Chip::gfx1100, Chip::gfx1101, Chip::gfx1102};
constexpr ChipSet kRDNA4 = {Chip::gfx1200, Chip::gfx1201};
constexpr ChipSet kCDNA12 = {Chip::gfx908, Chip::gfx90a};
constexpr ChipSet kCDNA34 = {Chip::gfx942, Chip::gfx950};
constexpr ChipSet kCDNA = kCDNA12 | kCDNA34;
constexpr ChipSet kCDNA234 = ChipSet{Chip::gfx90a} | kCDNA34;
constexpr ChipSet kGfx950 = {Chip::gfx950};

//===----------------------------------------------------------------------===//
// Layout builders. Each encodes one formula of CALC, once.
//===----------------------------------------------------------------------===//

constexpr unsigned log2(unsigned v) {
  unsigned r = 0;
  while ((1u << r) < v)
    ++r;
  return r;
}

/// Swaps the two coordinates of every basis: turns an A layout (row, k) into
/// the B layout (k, col) of the same register arrangement.
constexpr LaneLayout transposed(LaneLayout l) {
  for (unsigned b = 0; b < l.numElemBits; ++b)
    l.elemBases[b] = {l.elemBases[b].d1, l.elemBases[b].d0};
  for (unsigned b = 0; b < l.numLaneBits; ++b)
    l.laneBases[b] = {l.laneBases[b].d1, l.laneBases[b].d0};
  return l;
}

/// CDNA (gfx9) A operand, CALC InstCalcGfx9: element e of lane L holds
/// A[L % m][epc * (L / m) + e], epc = k * m / 64 values per lane. With k the
/// compressed K it is also the SMFMAC A and index layout.
///
/// CK describes the same layouts (core/arch/mma/amdgcn_mma.hpp, "Meaning of
/// amdgcn_mma layout parameters"; utility/
/// tile_distribution_encoding_calculator.hpp, ABWarpDstrEncStridedKLegacy1)
/// with K unmerged, outermost first, as {K2, K1, K0} = {numAccess, K / epc,
/// epc / numAccess}: the lane is K1 * m + row and the element
/// K2 * K0 + (K0 digit). So with numAccess > 1 (CK's k?KNumAccess) element e
/// of lane L holds k = (e / K0) * (K / numAccess) + K0 * (L / m) + e % K0:
/// the lane's registers are numAccess blocks, each laid out like the operand
/// of an instruction with K / numAccess. numAccess 1 is CALC's layout.
constexpr LaneLayout cdnaA(unsigned m, unsigned epc, unsigned numAccess = 1) {
  unsigned k0 = epc / numAccess, kPerBlock = epc * (64 / m) / numAccess;
  unsigned innerBits = log2(k0);
  LaneLayout l;
  l.numElemBits = log2(epc);
  l.numLaneBits = 6;
  for (unsigned b = 0; b < l.numElemBits; ++b)
    l.elemBases[b] = b < innerBits
                         ? D1(uint16_t(1u << b))
                         : D1(uint16_t(kPerBlock << (b - innerBits)));
  unsigned rowBits = log2(m);
  for (unsigned b = 0; b < 6; ++b)
    l.laneBases[b] = b < rowBits ? D0(uint16_t(1u << b))
                                 : D1(uint16_t(k0 << (b - rowBits)));
  return l;
}
/// CDNA B: element e of lane L holds B[epc * (L / n) + e][L % n] (numAccess
/// 1; see cdnaA).
constexpr LaneLayout cdnaB(unsigned n, unsigned epc, unsigned numAccess = 1) {
  return transposed(cdnaA(n, epc, numAccess));
}
/// gfx950-only SMFMAC B (the doubled-K shapes): CK's sparse_gfx9.hpp derives
/// every one of them from amdgcn_mma_base<..., kABKPerLane, 1, 1, 2, 1, ...>,
/// i.e. kBKNumAccess = 2, where the CDNA3 shapes have 1 (A keeps
/// kAKNumAccess = 1). With h = epc / 2 values per block, element e of lane L
/// holds k = (e / h) * (64 * h / n) + h * (L / n) + e % h.
constexpr LaneLayout cdna4SparseB(unsigned n, unsigned epc) {
  return cdnaB(n, epc, 2);
}

/// CDNA C/D, CALC InstCalcGfx9 output (SMFMA agrees):
/// 16x16: element v of lane L holds D[4 * (L / 16) + v][L % 16];
/// 32x32: element v of lane L holds D[8 * (v / 4) + 4 * (L / 32) + v % 4][L % 32].
constexpr LaneLayout kCdnaC16 =
    makeLayout({D0(1), D0(2)}, {D1(1), D1(2), D1(4), D1(8), D0(4), D0(8)});
constexpr LaneLayout kCdnaC32 =
    makeLayout({D0(1), D0(2), D0(8), D0(16)},
               {D1(1), D1(2), D1(4), D1(8), D1(16), D0(4)});

/// RDNA3 (gfx11) A, CALC InstCalcGfx11: lane L holds row L % 16 and all 16 k
/// (element e = k); lanes L and L + 16 hold the same copy.
constexpr LaneLayout kRdna3A =
    makeLayout({D1(1), D1(2), D1(4), D1(8)},
               {D0(1), D0(2), D0(4), D0(8), Rep()});
constexpr LaneLayout kRdna3B = transposed(kRdna3A);
/// RDNA3 C/D (32-bit, and each 16-bit value in its own register): element v
/// of lane L holds D[2 * v + L / 16][L % 16].
constexpr LaneLayout kRdna3C =
    makeLayout({D0(2), D0(4), D0(8)}, {D1(1), D1(2), D1(4), D1(8), D0(1)});

/// RDNA4 (gfx12) 16-bit dense A, and compressed 16-bit SWMMAC A (over
/// compressed k), CALC InstCalcGfx12 (DWMMA's table): element e of lane L
/// holds k = 8 * (e / 4) + 4 * (L / 16) + e % 4; lanes 0-15 hold k 0-3 and
/// 8-11, lanes 16-31 hold k 4-7 and 12-15.
constexpr LaneLayout kRdna4A16 =
    makeLayout({D1(1), D1(2), D1(8)}, {D0(1), D0(2), D0(4), D0(8), D1(4)});
/// RDNA4 contiguous A (8-bit and 4-bit dense A, 8-bit/4-bit compressed
/// SWMMAC A), CALC InstCalcGfx12: element e of lane L holds
/// k = epl * (L / 16) + e, epl elements per lane.
constexpr LaneLayout rdna4Contig(unsigned epl) {
  LaneLayout l;
  l.numElemBits = log2(epl);
  l.numLaneBits = 5;
  for (unsigned b = 0; b < l.numElemBits; ++b)
    l.elemBases[b] = D1(uint16_t(1u << b));
  for (unsigned b = 0; b < 4; ++b)
    l.laneBases[b] = D0(uint16_t(1u << b));
  l.laneBases[4] = D1(uint16_t(epl));
  return l;
}
/// RDNA4 SWMMAC 16-bit B, CALC InstCalcGfx12 (SWMMA's table): element e
/// of lane L holds k = 16 * (e / 8) + 8 * (L / 16) + e % 8.
constexpr LaneLayout kRdna4SparseB16 = transposed(
    makeLayout({D1(1), D1(2), D1(4), D1(16)},
               {D0(1), D0(2), D0(4), D0(8), D1(8)}));
/// RDNA4 C/D, CALC InstCalcGfx12 (SWMMA and DWMMA): element v of lane L
/// holds D[8 * (L / 16) + v][L % 16]; 16-bit results are packed two per
/// register in the same order.
constexpr LaneLayout kRdna4C =
    makeLayout({D0(1), D0(2), D0(4)}, {D1(1), D1(2), D1(4), D1(8), D0(8)});

//===----------------------------------------------------------------------===//
// Entry builders
//===----------------------------------------------------------------------===//

constexpr FragmentInfo frag(S kind, uint8_t count, LlvmType llvm,
                            LaneLayout layout, uint8_t stride = 1) {
  return FragmentInfo{kind, count, stride, llvm, layout};
}

/// The index of a sparse instruction whose A fragment is `a`: one 2-bit field
/// per A element, in A's layout; as many sets as fit in 32 bits
/// (CALC get_num_compression_sets, PR193541 for gfx950).
constexpr SparseIndexInfo indexFor(const FragmentInfo &a) {
  uint8_t bits = uint8_t(2 * a.count);
  return SparseIndexInfo{{L::I32, 0}, bits, uint8_t(32 / bits), a.layout};
}

constexpr const char *kCalcRdna4 =
    "CALC InstCalcGfx12; RDNA4 WMMA/SWMMAC builtin pages; CK compress_a_impl (index)";
constexpr const char *kCalcRdna3 = "CALC InstCalcGfx11";
constexpr const char *kCalcCdna = "CALC InstCalcGfx9; CDNA sparse MFMA builtin page (C)";
constexpr const char *kCalcCdna4 =
    "CALC InstCalcGfx9 algorithm extended to CDNA4 shapes (no CDNA4 CALC); "
    "CK mfma_gfx9.hpp agrees (kABKPerLane, NumAccess 1)";
constexpr const char *kCkCdna4Sparse =
    "A, C, index: CALC InstCalcGfx9 algorithm extended (CK sparse_gfx9.hpp "
    "agrees); B: CK sparse_gfx9.hpp kBKNumAccess 2, Tensile LocalRead SMFMA "
    "layout; index sets: PR193541";

constexpr const char *kCostRdna4 = "RDNA4 WMMA/SWMMAC builtin pages' throughput tables; CALC";
constexpr const char *kCostRdna3 = "CALC dict_insts (RDNA3)";
constexpr const char *kCostCdna =
    "LLVM 22 scheduling model (passes x 4 cycles), equal to CALC on "
    "gfx908/gfx90a/gfx942";
constexpr const char *kCostSmfmac = "CDNA sparse MFMA builtin page's throughput table; CALC (gfx942)";

constexpr CycleCount cyc(ChipSet chips, uint16_t cycles) {
  return CycleCount{chips, cycles};
}

struct Entry {
  const char *name;
  const char *llvmName;
  MmaFamily family;
  ChipSet chips;
  uint16_t m, n, k;
  FragmentInfo a, b, c;
  uint8_t modifiers;
  CycleCount cycles[kMaxCycleCounts];
  const char *costSource;
  const char *layoutSource;
};

constexpr IntrinsicInfo make(const Entry &e) {
  IntrinsicInfo info{e.name,
                     e.llvmName,
                     e.family,
                     e.chips,
                     uint8_t(e.family == MmaFamily::WMMA ||
                                     e.family == MmaFamily::SWMMAC
                                 ? 32
                                 : 64),
                     e.m,
                     e.n,
                     e.k,
                     e.a,
                     e.b,
                     e.c,
                     {},
                     e.modifiers,
                     unsigned(2u * e.m * e.n * e.k),
                     {e.cycles[0], e.cycles[1], e.cycles[2]},
                     e.costSource,
                     e.layoutSource};
  if (isSparseFamily(e.family))
    info.index = indexFor(e.a);
  return info;
}

constexpr uint8_t kIU = ModSignedness | ModClamp;
constexpr uint8_t kMfmaMods = ModCbszAbid | ModBlgp;

// Common fragments.
constexpr FragmentInfo kRdna4CF32 = frag(S::F32, 8, {L::Float, 8}, kRdna4C);
constexpr FragmentInfo kRdna4CI32 = frag(S::I32, 8, {L::I32, 8}, kRdna4C);
constexpr FragmentInfo kCdnaC16F32 = frag(S::F32, 4, {L::Float, 4}, kCdnaC16);
constexpr FragmentInfo kCdnaC32F32 = frag(S::F32, 16, {L::Float, 16}, kCdnaC32);
constexpr FragmentInfo kCdnaC16I32 = frag(S::I32, 4, {L::I32, 4}, kCdnaC16);
constexpr FragmentInfo kCdnaC32I32 = frag(S::I32, 16, {L::I32, 16}, kCdnaC32);

/// RDNA4 dense 8-bit float WMMA (fp8/bf8 mixes).
constexpr IntrinsicInfo wmma12F8(const char *name, const char *llvm, S a, S b) {
  return make({name, llvm, MmaFamily::WMMA, kRDNA4, 16, 16, 16,
               frag(a, 8, {L::I32, 2}, rdna4Contig(8)),
               frag(b, 8, {L::I32, 2}, transposed(rdna4Contig(8))),
               kRdna4CF32, ModNone, {cyc(kRDNA4, 8)}, kCostRdna4,
               kCalcRdna4});
}
/// RDNA4 SWMMAC 8-bit float (fp8/bf8 mixes).
constexpr IntrinsicInfo swmmacF8(const char *name, const char *llvm, S a, S b) {
  return make({name, llvm, MmaFamily::SWMMAC, kRDNA4, 16, 16, 32,
               frag(a, 8, {L::I32, 2}, rdna4Contig(8)),
               frag(b, 16, {L::I32, 4}, transposed(rdna4Contig(16))),
               kRdna4CF32, ModIndexKey, {cyc(kRDNA4, 8)}, kCostRdna4,
               kCalcRdna4});
}
/// CDNA dense fp8/bf8 MFMA (gfx942 FNUZ, gfx950 OCP).
constexpr IntrinsicInfo mfmaF8(const char *name, const char *llvm, S a, S b,
                               uint16_t m) {
  bool big = m == 32;
  return make({name, llvm, MmaFamily::MFMA, kCDNA34, m, m,
               uint16_t(big ? 16 : 32), frag(a, 8, {L::I64, 0}, cdnaA(m, 8)),
               frag(b, 8, {L::I64, 0}, cdnaB(m, 8)),
               big ? kCdnaC32F32 : kCdnaC16F32, kMfmaMods,
               {cyc(kCDNA34, uint16_t(big ? 32 : 16))}, kCostCdna,
               kCalcCdna});
}
/// CDNA SMFMAC with 8-bit float inputs. `wide` is the gfx950-only doubled K.
constexpr IntrinsicInfo smfmacF8(const char *name, const char *llvm, S a, S b,
                                 uint16_t m, bool wide) {
  bool big = m == 32;
  uint16_t k = uint16_t((big ? 32 : 64) * (wide ? 2 : 1));
  uint8_t epcA = uint8_t((k / 2) * m / 64), epcB = uint8_t(k * m / 64);
  return make({name, llvm, MmaFamily::SMFMAC, wide ? kGfx950 : kCDNA34, m, m,
               k, frag(a, epcA, {L::I32, uint8_t(epcA / 4)}, cdnaA(m, epcA)),
               frag(b, epcB, {L::I32, uint8_t(epcB / 4)},
                    wide ? cdna4SparseB(m, epcB) : cdnaB(m, epcB)),
               big ? kCdnaC32F32 : kCdnaC16F32, ModCbszAbid,
               {cyc(kCDNA34, uint16_t(big ? 32 : 16))}, kCostSmfmac,
               wide ? kCkCdna4Sparse : kCalcCdna});
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

constexpr IntrinsicInfo kIntrinsics[] = {
    // ---------------------------------------------------------------------
    // RDNA4 (gfx1200, gfx1201) dense WMMA, DWMMA.
    // ---------------------------------------------------------------------
    make({"wmma_f32_16x16x16_f16_w32_gfx12",
          "llvm.amdgcn.wmma.f32.16x16x16.f16", MmaFamily::WMMA, kRDNA4, 16,
          16, 16, frag(S::F16, 8, {L::Half, 8}, kRdna4A16),
          frag(S::F16, 8, {L::Half, 8}, transposed(kRdna4A16)), kRdna4CF32,
          ModNone, {cyc(kRDNA4, 16)}, kCostRdna4, kCalcRdna4}),
    make({"wmma_f32_16x16x16_bf16_w32_gfx12",
          "llvm.amdgcn.wmma.f32.16x16x16.bf16", MmaFamily::WMMA, kRDNA4, 16,
          16, 16, frag(S::BF16, 8, {L::I16, 8}, kRdna4A16),
          frag(S::BF16, 8, {L::I16, 8}, transposed(kRdna4A16)), kRdna4CF32,
          ModNone, {cyc(kRDNA4, 16)}, kCostRdna4, kCalcRdna4}),
    make({"wmma_f16_16x16x16_f16_w32_gfx12",
          "llvm.amdgcn.wmma.f16.16x16x16.f16", MmaFamily::WMMA, kRDNA4, 16,
          16, 16, frag(S::F16, 8, {L::Half, 8}, kRdna4A16),
          frag(S::F16, 8, {L::Half, 8}, transposed(kRdna4A16)),
          frag(S::F16, 8, {L::Half, 8}, kRdna4C), ModNone, {cyc(kRDNA4, 16)},
          kCostRdna4, kCalcRdna4}),
    make({"wmma_bf16_16x16x16_bf16_w32_gfx12",
          "llvm.amdgcn.wmma.bf16.16x16x16.bf16", MmaFamily::WMMA, kRDNA4, 16,
          16, 16, frag(S::BF16, 8, {L::I16, 8}, kRdna4A16),
          frag(S::BF16, 8, {L::I16, 8}, transposed(kRdna4A16)),
          frag(S::BF16, 8, {L::I16, 8}, kRdna4C), ModNone, {cyc(kRDNA4, 16)},
          kCostRdna4, kCalcRdna4}),
    make({"wmma_i32_16x16x16_iu8_w32_gfx12",
          "llvm.amdgcn.wmma.i32.16x16x16.iu8", MmaFamily::WMMA, kRDNA4, 16, 16,
          16, frag(S::I8, 8, {L::I32, 2}, rdna4Contig(8)),
          frag(S::I8, 8, {L::I32, 2}, transposed(rdna4Contig(8))), kRdna4CI32,
          kIU, {cyc(kRDNA4, 8)}, kCostRdna4, kCalcRdna4}),
    make({"wmma_i32_16x16x16_iu4_w32_gfx12",
          "llvm.amdgcn.wmma.i32.16x16x16.iu4", MmaFamily::WMMA, kRDNA4, 16, 16,
          16, frag(S::I4, 8, {L::I32, 0}, rdna4Contig(8)),
          frag(S::I4, 8, {L::I32, 0}, transposed(rdna4Contig(8))), kRdna4CI32,
          kIU, {cyc(kRDNA4, 8)}, kCostRdna4, kCalcRdna4}),
    make({"wmma_i32_16x16x32_iu4_w32_gfx12",
          "llvm.amdgcn.wmma.i32.16x16x32.iu4", MmaFamily::WMMA, kRDNA4, 16, 16,
          32, frag(S::I4, 16, {L::I32, 2}, rdna4Contig(16)),
          frag(S::I4, 16, {L::I32, 2}, transposed(rdna4Contig(16))),
          kRdna4CI32, kIU, {cyc(kRDNA4, 8)}, kCostRdna4, kCalcRdna4}),
    wmma12F8("wmma_f32_16x16x16_fp8_fp8_w32_gfx12",
             "llvm.amdgcn.wmma.f32.16x16x16.fp8.fp8", S::FP8, S::FP8),
    wmma12F8("wmma_f32_16x16x16_fp8_bf8_w32_gfx12",
             "llvm.amdgcn.wmma.f32.16x16x16.fp8.bf8", S::FP8, S::BF8),
    wmma12F8("wmma_f32_16x16x16_bf8_fp8_w32_gfx12",
             "llvm.amdgcn.wmma.f32.16x16x16.bf8.fp8", S::BF8, S::FP8),
    wmma12F8("wmma_f32_16x16x16_bf8_bf8_w32_gfx12",
             "llvm.amdgcn.wmma.f32.16x16x16.bf8.bf8", S::BF8, S::BF8),

    // ---------------------------------------------------------------------
    // RDNA4 SWMMAC, SWMMA. K is the dense K.
    // ---------------------------------------------------------------------
    make({"swmmac_f32_16x16x32_f16_w32", "llvm.amdgcn.swmmac.f32.16x16x32.f16",
          MmaFamily::SWMMAC, kRDNA4, 16, 16, 32,
          frag(S::F16, 8, {L::Half, 8}, kRdna4A16),
          frag(S::F16, 16, {L::Half, 16}, kRdna4SparseB16), kRdna4CF32,
          ModIndexKey, {cyc(kRDNA4, 16)}, kCostRdna4, kCalcRdna4}),
    make({"swmmac_f32_16x16x32_bf16_w32",
          "llvm.amdgcn.swmmac.f32.16x16x32.bf16", MmaFamily::SWMMAC, kRDNA4,
          16, 16, 32, frag(S::BF16, 8, {L::I16, 8}, kRdna4A16),
          frag(S::BF16, 16, {L::I16, 16}, kRdna4SparseB16), kRdna4CF32,
          ModIndexKey, {cyc(kRDNA4, 16)}, kCostRdna4, kCalcRdna4}),
    make({"swmmac_f16_16x16x32_f16_w32", "llvm.amdgcn.swmmac.f16.16x16x32.f16",
          MmaFamily::SWMMAC, kRDNA4, 16, 16, 32,
          frag(S::F16, 8, {L::Half, 8}, kRdna4A16),
          frag(S::F16, 16, {L::Half, 16}, kRdna4SparseB16),
          frag(S::F16, 8, {L::Half, 8}, kRdna4C), ModIndexKey,
          {cyc(kRDNA4, 16)}, kCostRdna4, kCalcRdna4}),
    make({"swmmac_bf16_16x16x32_bf16_w32",
          "llvm.amdgcn.swmmac.bf16.16x16x32.bf16", MmaFamily::SWMMAC, kRDNA4,
          16, 16, 32, frag(S::BF16, 8, {L::I16, 8}, kRdna4A16),
          frag(S::BF16, 16, {L::I16, 16}, kRdna4SparseB16),
          frag(S::BF16, 8, {L::I16, 8}, kRdna4C), ModIndexKey,
          {cyc(kRDNA4, 16)}, kCostRdna4, kCalcRdna4}),
    make({"swmmac_i32_16x16x32_iu8_w32",
          "llvm.amdgcn.swmmac.i32.16x16x32.iu8", MmaFamily::SWMMAC, kRDNA4, 16,
          16, 32, frag(S::I8, 8, {L::I32, 2}, rdna4Contig(8)),
          frag(S::I8, 16, {L::I32, 4}, transposed(rdna4Contig(16))),
          kRdna4CI32, kIU | ModIndexKey, {cyc(kRDNA4, 8)}, kCostRdna4,
          kCalcRdna4}),
    make({"swmmac_i32_16x16x32_iu4_w32",
          "llvm.amdgcn.swmmac.i32.16x16x32.iu4", MmaFamily::SWMMAC, kRDNA4, 16,
          16, 32, frag(S::I4, 8, {L::I32, 0}, rdna4Contig(8)),
          frag(S::I4, 16, {L::I32, 2}, transposed(rdna4Contig(16))),
          kRdna4CI32, kIU | ModIndexKey, {cyc(kRDNA4, 8)}, kCostRdna4,
          kCalcRdna4}),
    make({"swmmac_i32_16x16x64_iu4_w32",
          "llvm.amdgcn.swmmac.i32.16x16x64.iu4", MmaFamily::SWMMAC, kRDNA4, 16,
          16, 64, frag(S::I4, 16, {L::I32, 2}, rdna4Contig(16)),
          frag(S::I4, 32, {L::I32, 4}, transposed(rdna4Contig(32))),
          kRdna4CI32, kIU, {cyc(kRDNA4, 8)}, kCostRdna4, kCalcRdna4}),
    swmmacF8("swmmac_f32_16x16x32_fp8_fp8_w32",
             "llvm.amdgcn.swmmac.f32.16x16x32.fp8.fp8", S::FP8, S::FP8),
    swmmacF8("swmmac_f32_16x16x32_fp8_bf8_w32",
             "llvm.amdgcn.swmmac.f32.16x16x32.fp8.bf8", S::FP8, S::BF8),
    swmmacF8("swmmac_f32_16x16x32_bf8_fp8_w32",
             "llvm.amdgcn.swmmac.f32.16x16x32.bf8.fp8", S::BF8, S::FP8),
    swmmacF8("swmmac_f32_16x16x32_bf8_bf8_w32",
             "llvm.amdgcn.swmmac.f32.16x16x32.bf8.bf8", S::BF8, S::BF8),

    // ---------------------------------------------------------------------
    // RDNA3 (gfx1100-1102) dense WMMA, wave32, A/B replicated.
    // ---------------------------------------------------------------------
    make({"wmma_f32_16x16x16_f16_w32", "llvm.amdgcn.wmma.f32.16x16x16.f16",
          MmaFamily::WMMA, kRDNA3, 16, 16, 16,
          frag(S::F16, 16, {L::Half, 16}, kRdna3A),
          frag(S::F16, 16, {L::Half, 16}, kRdna3B),
          frag(S::F32, 8, {L::Float, 8}, kRdna3C), ModNone, {cyc(kRDNA3, 32)},
          kCostRdna3, kCalcRdna3}),
    make({"wmma_f32_16x16x16_bf16_w32", "llvm.amdgcn.wmma.f32.16x16x16.bf16",
          MmaFamily::WMMA, kRDNA3, 16, 16, 16,
          frag(S::BF16, 16, {L::I16, 16}, kRdna3A),
          frag(S::BF16, 16, {L::I16, 16}, kRdna3B),
          frag(S::F32, 8, {L::Float, 8}, kRdna3C), ModNone, {cyc(kRDNA3, 32)},
          kCostRdna3, kCalcRdna3}),
    make({"wmma_f16_16x16x16_f16_w32", "llvm.amdgcn.wmma.f16.16x16x16.f16",
          MmaFamily::WMMA, kRDNA3, 16, 16, 16,
          frag(S::F16, 16, {L::Half, 16}, kRdna3A),
          frag(S::F16, 16, {L::Half, 16}, kRdna3B),
          frag(S::F16, 8, {L::Half, 16}, kRdna3C, /*stride=*/2), ModOpsel,
          {cyc(kRDNA3, 32)}, kCostRdna3, kCalcRdna3}),
    make({"wmma_bf16_16x16x16_bf16_w32", "llvm.amdgcn.wmma.bf16.16x16x16.bf16",
          MmaFamily::WMMA, kRDNA3, 16, 16, 16,
          frag(S::BF16, 16, {L::I16, 16}, kRdna3A),
          frag(S::BF16, 16, {L::I16, 16}, kRdna3B),
          frag(S::BF16, 8, {L::I16, 16}, kRdna3C, /*stride=*/2), ModOpsel,
          {cyc(kRDNA3, 32)}, kCostRdna3, kCalcRdna3}),
    make({"wmma_i32_16x16x16_iu8_w32", "llvm.amdgcn.wmma.i32.16x16x16.iu8",
          MmaFamily::WMMA, kRDNA3, 16, 16, 16,
          frag(S::I8, 16, {L::I32, 4}, kRdna3A),
          frag(S::I8, 16, {L::I32, 4}, kRdna3B),
          frag(S::I32, 8, {L::I32, 8}, kRdna3C), kIU, {cyc(kRDNA3, 32)},
          kCostRdna3, kCalcRdna3}),
    make({"wmma_i32_16x16x16_iu4_w32", "llvm.amdgcn.wmma.i32.16x16x16.iu4",
          MmaFamily::WMMA, kRDNA3, 16, 16, 16,
          frag(S::I4, 16, {L::I32, 2}, kRdna3A),
          frag(S::I4, 16, {L::I32, 2}, kRdna3B),
          frag(S::I32, 8, {L::I32, 8}, kRdna3C), kIU, {cyc(kRDNA3, 16)},
          kCostRdna3, kCalcRdna3}),

    // ---------------------------------------------------------------------
    // CDNA dense MFMA. The gfx908/gfx90a i8 and pre-1k bf16 forms are not
    // selectable on gfx942/gfx950 (LLVM 22), so their chip sets stop there.
    // ---------------------------------------------------------------------
    make({"mfma_f32_32x32x8f16", "llvm.amdgcn.mfma.f32.32x32x8f16",
          MmaFamily::MFMA, kCDNA, 32, 32, 8,
          frag(S::F16, 4, {L::Half, 4}, cdnaA(32, 4)),
          frag(S::F16, 4, {L::Half, 4}, cdnaB(32, 4)), kCdnaC32F32, kMfmaMods,
          {cyc(kCDNA12, 64), cyc(kCDNA34, 32)}, kCostCdna, kCalcCdna}),
    make({"mfma_f32_16x16x16f16", "llvm.amdgcn.mfma.f32.16x16x16f16",
          MmaFamily::MFMA, kCDNA, 16, 16, 16,
          frag(S::F16, 4, {L::Half, 4}, cdnaA(16, 4)),
          frag(S::F16, 4, {L::Half, 4}, cdnaB(16, 4)), kCdnaC16F32, kMfmaMods,
          {cyc(kCDNA12, 32), cyc(kCDNA34, 16)}, kCostCdna, kCalcCdna}),
    make({"mfma_f32_32x32x4bf16", "llvm.amdgcn.mfma.f32.32x32x4bf16",
          MmaFamily::MFMA, kCDNA12, 32, 32, 4,
          frag(S::BF16, 2, {L::I16, 2}, cdnaA(32, 2)),
          frag(S::BF16, 2, {L::I16, 2}, cdnaB(32, 2)), kCdnaC32F32, kMfmaMods,
          {cyc(kCDNA12, 64)}, kCostCdna, kCalcCdna}),
    make({"mfma_f32_16x16x8bf16", "llvm.amdgcn.mfma.f32.16x16x8bf16",
          MmaFamily::MFMA, kCDNA12, 16, 16, 8,
          frag(S::BF16, 2, {L::I16, 2}, cdnaA(16, 2)),
          frag(S::BF16, 2, {L::I16, 2}, cdnaB(16, 2)), kCdnaC16F32, kMfmaMods,
          {cyc(kCDNA12, 32)}, kCostCdna, kCalcCdna}),
    make({"mfma_f32_32x32x8bf16_1k", "llvm.amdgcn.mfma.f32.32x32x8bf16.1k",
          MmaFamily::MFMA, kCDNA234, 32, 32, 8,
          frag(S::BF16, 4, {L::I16, 4}, cdnaA(32, 4)),
          frag(S::BF16, 4, {L::I16, 4}, cdnaB(32, 4)), kCdnaC32F32, kMfmaMods,
          {cyc(kCDNA12, 64), cyc(kCDNA34, 32)}, kCostCdna, kCalcCdna}),
    make({"mfma_f32_16x16x16bf16_1k", "llvm.amdgcn.mfma.f32.16x16x16bf16.1k",
          MmaFamily::MFMA, kCDNA234, 16, 16, 16,
          frag(S::BF16, 4, {L::I16, 4}, cdnaA(16, 4)),
          frag(S::BF16, 4, {L::I16, 4}, cdnaB(16, 4)), kCdnaC16F32, kMfmaMods,
          {cyc(kCDNA12, 32), cyc(kCDNA34, 16)}, kCostCdna, kCalcCdna}),
    make({"mfma_i32_32x32x8i8", "llvm.amdgcn.mfma.i32.32x32x8i8",
          MmaFamily::MFMA, kCDNA12, 32, 32, 8,
          frag(S::I8, 4, {L::I32, 0}, cdnaA(32, 4)),
          frag(S::I8, 4, {L::I32, 0}, cdnaB(32, 4)), kCdnaC32I32, kMfmaMods,
          {cyc(kCDNA12, 64)}, kCostCdna, kCalcCdna}),
    make({"mfma_i32_16x16x16i8", "llvm.amdgcn.mfma.i32.16x16x16i8",
          MmaFamily::MFMA, kCDNA12, 16, 16, 16,
          frag(S::I8, 4, {L::I32, 0}, cdnaA(16, 4)),
          frag(S::I8, 4, {L::I32, 0}, cdnaB(16, 4)), kCdnaC16I32, kMfmaMods,
          {cyc(kCDNA12, 32)}, kCostCdna, kCalcCdna}),
    make({"mfma_i32_32x32x16_i8", "llvm.amdgcn.mfma.i32.32x32x16.i8",
          MmaFamily::MFMA, kCDNA34, 32, 32, 16,
          frag(S::I8, 8, {L::I64, 0}, cdnaA(32, 8)),
          frag(S::I8, 8, {L::I64, 0}, cdnaB(32, 8)), kCdnaC32I32, kMfmaMods,
          {cyc(kCDNA34, 32)}, kCostCdna, kCalcCdna}),
    make({"mfma_i32_16x16x32_i8", "llvm.amdgcn.mfma.i32.16x16x32.i8",
          MmaFamily::MFMA, kCDNA34, 16, 16, 32,
          frag(S::I8, 8, {L::I64, 0}, cdnaA(16, 8)),
          frag(S::I8, 8, {L::I64, 0}, cdnaB(16, 8)), kCdnaC16I32, kMfmaMods,
          {cyc(kCDNA34, 16)}, kCostCdna, kCalcCdna}),
    mfmaF8("mfma_f32_16x16x32_fp8_fp8", "llvm.amdgcn.mfma.f32.16x16x32.fp8.fp8",
           S::FP8, S::FP8, 16),
    mfmaF8("mfma_f32_16x16x32_fp8_bf8", "llvm.amdgcn.mfma.f32.16x16x32.fp8.bf8",
           S::FP8, S::BF8, 16),
    mfmaF8("mfma_f32_16x16x32_bf8_fp8", "llvm.amdgcn.mfma.f32.16x16x32.bf8.fp8",
           S::BF8, S::FP8, 16),
    mfmaF8("mfma_f32_16x16x32_bf8_bf8", "llvm.amdgcn.mfma.f32.16x16x32.bf8.bf8",
           S::BF8, S::BF8, 16),
    mfmaF8("mfma_f32_32x32x16_fp8_fp8", "llvm.amdgcn.mfma.f32.32x32x16.fp8.fp8",
           S::FP8, S::FP8, 32),
    mfmaF8("mfma_f32_32x32x16_fp8_bf8", "llvm.amdgcn.mfma.f32.32x32x16.fp8.bf8",
           S::FP8, S::BF8, 32),
    mfmaF8("mfma_f32_32x32x16_bf8_fp8", "llvm.amdgcn.mfma.f32.32x32x16.bf8.fp8",
           S::BF8, S::FP8, 32),
    mfmaF8("mfma_f32_32x32x16_bf8_bf8", "llvm.amdgcn.mfma.f32.32x32x16.bf8.bf8",
           S::BF8, S::BF8, 32),
    // CDNA4 (gfx950) only.
    make({"mfma_f32_16x16x32_f16", "llvm.amdgcn.mfma.f32.16x16x32.f16",
          MmaFamily::MFMA, kGfx950, 16, 16, 32,
          frag(S::F16, 8, {L::Half, 8}, cdnaA(16, 8)),
          frag(S::F16, 8, {L::Half, 8}, cdnaB(16, 8)), kCdnaC16F32, kMfmaMods,
          {cyc(kGfx950, 16)}, kCostCdna, kCalcCdna4}),
    make({"mfma_f32_32x32x16_f16", "llvm.amdgcn.mfma.f32.32x32x16.f16",
          MmaFamily::MFMA, kGfx950, 32, 32, 16,
          frag(S::F16, 8, {L::Half, 8}, cdnaA(32, 8)),
          frag(S::F16, 8, {L::Half, 8}, cdnaB(32, 8)), kCdnaC32F32, kMfmaMods,
          {cyc(kGfx950, 32)}, kCostCdna, kCalcCdna4}),
    make({"mfma_f32_16x16x32_bf16", "llvm.amdgcn.mfma.f32.16x16x32.bf16",
          MmaFamily::MFMA, kGfx950, 16, 16, 32,
          frag(S::BF16, 8, {L::BFloat, 8}, cdnaA(16, 8)),
          frag(S::BF16, 8, {L::BFloat, 8}, cdnaB(16, 8)), kCdnaC16F32,
          kMfmaMods, {cyc(kGfx950, 16)}, kCostCdna, kCalcCdna4}),
    make({"mfma_f32_32x32x16_bf16", "llvm.amdgcn.mfma.f32.32x32x16.bf16",
          MmaFamily::MFMA, kGfx950, 32, 32, 16,
          frag(S::BF16, 8, {L::BFloat, 8}, cdnaA(32, 8)),
          frag(S::BF16, 8, {L::BFloat, 8}, cdnaB(32, 8)), kCdnaC32F32,
          kMfmaMods, {cyc(kGfx950, 32)}, kCostCdna, kCalcCdna4}),
    make({"mfma_i32_16x16x64_i8", "llvm.amdgcn.mfma.i32.16x16x64.i8",
          MmaFamily::MFMA, kGfx950, 16, 16, 64,
          frag(S::I8, 16, {L::I32, 4}, cdnaA(16, 16)),
          frag(S::I8, 16, {L::I32, 4}, cdnaB(16, 16)), kCdnaC16I32, kMfmaMods,
          {cyc(kGfx950, 16)}, kCostCdna, kCalcCdna4}),
    make({"mfma_i32_32x32x32_i8", "llvm.amdgcn.mfma.i32.32x32x32.i8",
          MmaFamily::MFMA, kGfx950, 32, 32, 32,
          frag(S::I8, 16, {L::I32, 4}, cdnaA(32, 16)),
          frag(S::I8, 16, {L::I32, 4}, cdnaB(32, 16)), kCdnaC32I32, kMfmaMods,
          {cyc(kGfx950, 32)}, kCostCdna, kCalcCdna4}),

    // ---------------------------------------------------------------------
    // SMFMAC, CDNA3 (gfx942) and CDNA4 (gfx950); SMFMA and SMFMAISA. K is the
    // dense K; abid (with cbsz = 0) selects the index set.
    // ---------------------------------------------------------------------
    make({"smfmac_f32_16x16x32_f16", "llvm.amdgcn.smfmac.f32.16x16x32.f16",
          MmaFamily::SMFMAC, kCDNA34, 16, 16, 32,
          frag(S::F16, 4, {L::Half, 4}, cdnaA(16, 4)),
          frag(S::F16, 8, {L::Half, 8}, cdnaB(16, 8)), kCdnaC16F32,
          ModCbszAbid, {cyc(kCDNA34, 16)}, kCostSmfmac, kCalcCdna}),
    make({"smfmac_f32_32x32x16_f16", "llvm.amdgcn.smfmac.f32.32x32x16.f16",
          MmaFamily::SMFMAC, kCDNA34, 32, 32, 16,
          frag(S::F16, 4, {L::Half, 4}, cdnaA(32, 4)),
          frag(S::F16, 8, {L::Half, 8}, cdnaB(32, 8)), kCdnaC32F32,
          ModCbszAbid, {cyc(kCDNA34, 32)}, kCostSmfmac, kCalcCdna}),
    make({"smfmac_f32_16x16x32_bf16", "llvm.amdgcn.smfmac.f32.16x16x32.bf16",
          MmaFamily::SMFMAC, kCDNA34, 16, 16, 32,
          frag(S::BF16, 4, {L::I16, 4}, cdnaA(16, 4)),
          frag(S::BF16, 8, {L::I16, 8}, cdnaB(16, 8)), kCdnaC16F32,
          ModCbszAbid, {cyc(kCDNA34, 16)}, kCostSmfmac, kCalcCdna}),
    make({"smfmac_f32_32x32x16_bf16", "llvm.amdgcn.smfmac.f32.32x32x16.bf16",
          MmaFamily::SMFMAC, kCDNA34, 32, 32, 16,
          frag(S::BF16, 4, {L::I16, 4}, cdnaA(32, 4)),
          frag(S::BF16, 8, {L::I16, 8}, cdnaB(32, 8)), kCdnaC32F32,
          ModCbszAbid, {cyc(kCDNA34, 32)}, kCostSmfmac, kCalcCdna}),
    make({"smfmac_i32_16x16x64_i8", "llvm.amdgcn.smfmac.i32.16x16x64.i8",
          MmaFamily::SMFMAC, kCDNA34, 16, 16, 64,
          frag(S::I8, 8, {L::I32, 2}, cdnaA(16, 8)),
          frag(S::I8, 16, {L::I32, 4}, cdnaB(16, 16)), kCdnaC16I32,
          ModCbszAbid, {cyc(kCDNA34, 16)}, kCostSmfmac, kCalcCdna}),
    make({"smfmac_i32_32x32x32_i8", "llvm.amdgcn.smfmac.i32.32x32x32.i8",
          MmaFamily::SMFMAC, kCDNA34, 32, 32, 32,
          frag(S::I8, 8, {L::I32, 2}, cdnaA(32, 8)),
          frag(S::I8, 16, {L::I32, 4}, cdnaB(32, 16)), kCdnaC32I32,
          ModCbszAbid, {cyc(kCDNA34, 32)}, kCostSmfmac, kCalcCdna}),
    smfmacF8("smfmac_f32_16x16x64_fp8_fp8",
             "llvm.amdgcn.smfmac.f32.16x16x64.fp8.fp8", S::FP8, S::FP8, 16,
             false),
    smfmacF8("smfmac_f32_16x16x64_fp8_bf8",
             "llvm.amdgcn.smfmac.f32.16x16x64.fp8.bf8", S::FP8, S::BF8, 16,
             false),
    smfmacF8("smfmac_f32_16x16x64_bf8_fp8",
             "llvm.amdgcn.smfmac.f32.16x16x64.bf8.fp8", S::BF8, S::FP8, 16,
             false),
    smfmacF8("smfmac_f32_16x16x64_bf8_bf8",
             "llvm.amdgcn.smfmac.f32.16x16x64.bf8.bf8", S::BF8, S::BF8, 16,
             false),
    smfmacF8("smfmac_f32_32x32x32_fp8_fp8",
             "llvm.amdgcn.smfmac.f32.32x32x32.fp8.fp8", S::FP8, S::FP8, 32,
             false),
    smfmacF8("smfmac_f32_32x32x32_fp8_bf8",
             "llvm.amdgcn.smfmac.f32.32x32x32.fp8.bf8", S::FP8, S::BF8, 32,
             false),
    smfmacF8("smfmac_f32_32x32x32_bf8_fp8",
             "llvm.amdgcn.smfmac.f32.32x32x32.bf8.fp8", S::BF8, S::FP8, 32,
             false),
    smfmacF8("smfmac_f32_32x32x32_bf8_bf8",
             "llvm.amdgcn.smfmac.f32.32x32x32.bf8.bf8", S::BF8, S::BF8, 32,
             false),
    // CDNA4 (gfx950) only: twice the K.
    make({"smfmac_f32_16x16x64_f16", "llvm.amdgcn.smfmac.f32.16x16x64.f16",
          MmaFamily::SMFMAC, kGfx950, 16, 16, 64,
          frag(S::F16, 8, {L::Half, 8}, cdnaA(16, 8)),
          frag(S::F16, 16, {L::Half, 16}, cdna4SparseB(16, 16)), kCdnaC16F32,
          ModCbszAbid, {cyc(kGfx950, 16)}, kCostSmfmac, kCkCdna4Sparse}),
    make({"smfmac_f32_32x32x32_f16", "llvm.amdgcn.smfmac.f32.32x32x32.f16",
          MmaFamily::SMFMAC, kGfx950, 32, 32, 32,
          frag(S::F16, 8, {L::Half, 8}, cdnaA(32, 8)),
          frag(S::F16, 16, {L::Half, 16}, cdna4SparseB(32, 16)), kCdnaC32F32,
          ModCbszAbid, {cyc(kGfx950, 32)}, kCostSmfmac, kCkCdna4Sparse}),
    make({"smfmac_f32_16x16x64_bf16", "llvm.amdgcn.smfmac.f32.16x16x64.bf16",
          MmaFamily::SMFMAC, kGfx950, 16, 16, 64,
          frag(S::BF16, 8, {L::BFloat, 8}, cdnaA(16, 8)),
          frag(S::BF16, 16, {L::BFloat, 16}, cdna4SparseB(16, 16)), kCdnaC16F32,
          ModCbszAbid, {cyc(kGfx950, 16)}, kCostSmfmac, kCkCdna4Sparse}),
    make({"smfmac_f32_32x32x32_bf16", "llvm.amdgcn.smfmac.f32.32x32x32.bf16",
          MmaFamily::SMFMAC, kGfx950, 32, 32, 32,
          frag(S::BF16, 8, {L::BFloat, 8}, cdnaA(32, 8)),
          frag(S::BF16, 16, {L::BFloat, 16}, cdna4SparseB(32, 16)), kCdnaC32F32,
          ModCbszAbid, {cyc(kGfx950, 32)}, kCostSmfmac, kCkCdna4Sparse}),
    make({"smfmac_i32_16x16x128_i8", "llvm.amdgcn.smfmac.i32.16x16x128.i8",
          MmaFamily::SMFMAC, kGfx950, 16, 16, 128,
          frag(S::I8, 16, {L::I32, 4}, cdnaA(16, 16)),
          frag(S::I8, 32, {L::I32, 8}, cdna4SparseB(16, 32)), kCdnaC16I32,
          ModCbszAbid, {cyc(kGfx950, 16)}, kCostSmfmac, kCkCdna4Sparse}),
    make({"smfmac_i32_32x32x64_i8", "llvm.amdgcn.smfmac.i32.32x32x64.i8",
          MmaFamily::SMFMAC, kGfx950, 32, 32, 64,
          frag(S::I8, 16, {L::I32, 4}, cdnaA(32, 16)),
          frag(S::I8, 32, {L::I32, 8}, cdna4SparseB(32, 32)), kCdnaC32I32,
          ModCbszAbid, {cyc(kGfx950, 32)}, kCostSmfmac, kCkCdna4Sparse}),
    smfmacF8("smfmac_f32_16x16x128_fp8_fp8",
             "llvm.amdgcn.smfmac.f32.16x16x128.fp8.fp8", S::FP8, S::FP8, 16,
             true),
    smfmacF8("smfmac_f32_16x16x128_fp8_bf8",
             "llvm.amdgcn.smfmac.f32.16x16x128.fp8.bf8", S::FP8, S::BF8, 16,
             true),
    smfmacF8("smfmac_f32_16x16x128_bf8_fp8",
             "llvm.amdgcn.smfmac.f32.16x16x128.bf8.fp8", S::BF8, S::FP8, 16,
             true),
    smfmacF8("smfmac_f32_16x16x128_bf8_bf8",
             "llvm.amdgcn.smfmac.f32.16x16x128.bf8.bf8", S::BF8, S::BF8, 16,
             true),
    smfmacF8("smfmac_f32_32x32x64_fp8_fp8",
             "llvm.amdgcn.smfmac.f32.32x32x64.fp8.fp8", S::FP8, S::FP8, 32,
             true),
    smfmacF8("smfmac_f32_32x32x64_fp8_bf8",
             "llvm.amdgcn.smfmac.f32.32x32x64.fp8.bf8", S::FP8, S::BF8, 32,
             true),
    smfmacF8("smfmac_f32_32x32x64_bf8_fp8",
             "llvm.amdgcn.smfmac.f32.32x32x64.bf8.fp8", S::BF8, S::FP8, 32,
             true),
    smfmacF8("smfmac_f32_32x32x64_bf8_bf8",
             "llvm.amdgcn.smfmac.f32.32x32x64.bf8.bf8", S::BF8, S::BF8, 32,
             true),
};
} // namespace

llvm::ArrayRef<IntrinsicInfo> mlir::mcore::getAllIntrinsics() {
  return kIntrinsics;
}
