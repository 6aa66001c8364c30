//===- IntrinsicTableBuilders.h - Writing the table's entries --*- C++ -*-===//
//
// What IntrinsicTable.cpp (RDNA), IntrinsicTableCdna.cpp (CDNA),
// IntrinsicTableGfx1250.cpp and IntrinsicTableGfx1250Mx.cpp share:
// the chip sets, the layout builders (each encodes one formula of a cited
// source, once), the entry builders and the sources' names. Private to
// lib/Target.
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
//   CK4S  ROCm/composable_kernel ck_tile core/arch/mma/scale/mfma/
//         scale_gfx9.hpp: every gfx950 mfma_scale_*_f8f6f4 as
//         amdgcn_mma_base<A, B, fp32, 16, 16, 128, 64, 32, NumAccessA, 1,
//         NumAccessB, 1, ...>, with "8-bit datatypes require a NumAccess
//         of 2, and 4 and 6-bit types a NumAccess of 1" ((1, 1) allowed for
//         8-bit x 8-bit "when not using scale values").
//   IREESC  iree-org/iree compiler/src/iree/compiler/Codegen/Dialect/GPU/IR/
//         IREEGPUAttrs.cpp, getSingleSubgroupLayout(ScaledMMAIntrinsic):
//         MFMA_SCALE_F32_16x16x128_B32 A thread {16, 4, 1}, tstrides
//         {1, 16, 1}, element {1, 1, 32}; its scales thread {16, 4},
//         tstrides {1, 16} (32x32x64_B32: {32, 2}); block size 32, the
//         same for every element type (f4E2M1FN, f8E4M3FN, f8E5M2, ...);
//         lowered to amdgpu.scaled_mfma with scalesIdx 0.
//   LLVMMX  IntrinsicsAMDGPU.td AMDGPUMfmaScaleIntrinsic (cbsz / blgp: A /
//         B format; op_sel and scale of A, then of B) and llvm/test/
//         CodeGen/AMDGPU/llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.ll
//         (32x32x64 likewise): format codes 0 fp8, 1 bf8, 2 fp6, 3 bf6,
//         4 fp4; <8 x i32>, <6 x i32>, <4 x i32> operands; op_sel 0-3.
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
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_TARGET_INTRINSICTABLEBUILDERS_H
#define MCORE_LIB_TARGET_INTRINSICTABLEBUILDERS_H

#include "mcore/Target/Catalog.h"

namespace mlir::mcore::table {
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
constexpr ChipSet kGfx942 = {Chip::gfx942};
constexpr ChipSet kGfx1250 = {Chip::gfx1250};

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

/// Multi-block C/D (CALC InstCalcGfx9.__get_output_reg_lanes with B blocks,
/// in the stacked form of IntrinsicInfo::blocks: row b * m + i of block b).
/// 32x32, 2 blocks: element v of lane L holds block v / 16, row
/// 8 * ((v % 16) / 4) + 4 * (L / 32) + v % 4, column L % 32.
constexpr LaneLayout kCdnaC32x2 =
    makeLayout({D0(1), D0(2), D0(8), D0(16), D0(32)},
               {D1(1), D1(2), D1(4), D1(8), D1(16), D0(4)});
/// 16x16, 4 blocks: element v of lane L holds block v / 4, row
/// 4 * (L / 16) + v % 4, column L % 16.
constexpr LaneLayout kCdnaC16x4 =
    makeLayout({D0(1), D0(2), D0(16), D0(32)},
               {D1(1), D1(2), D1(4), D1(8), D0(4), D0(8)});
/// 4x4, 16 blocks: element v of lane L holds block L / 4, row v, column
/// L % 4.
constexpr LaneLayout kCdnaC4x16 =
    makeLayout({D0(1), D0(2)},
               {D1(1), D1(2), D0(4), D0(8), D0(16), D0(32)});
/// 64-bit C/D, where CALC's multi-row is one row tall: 16x16 f64, element
/// v of lane L holds D[4 v + L / 16][L % 16]; 4x4 f64, 4 blocks, lane L
/// holds block (L / 4) % 4, row L / 16, column L % 4.
constexpr LaneLayout kCdnaC16F64 =
    makeLayout({D0(4), D0(8)}, {D1(1), D1(2), D1(4), D1(8), D0(1), D0(2)});
constexpr LaneLayout kCdnaC4x4F64 =
    makeLaneLayout({D1(1), D1(2), D0(4), D0(8), D0(1), D0(2)});

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
constexpr const char *kCalcCdnaBlocks =
    "CALC InstCalcGfx9 (blocks: __get_input_reg_lanes, "
    "__get_output_reg_lanes), as the stacked tile of IntrinsicInfo::blocks";
constexpr const char *kCalcCdna64 =
    "CALC InstCalcGfx9 (64-bit C/D: one-row multi-rows)";
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
  uint16_t modifiers;
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
                     /*blocks=*/1,
                     e.a,
                     e.b,
                     e.c,
                     {},
                     {},
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

/// A multi-block CDNA MFMA (CALC): `blocks` products of m x n x k, A and B
/// of `epc` values per lane (the whole wave holds every block's column of
/// A: cdnaA over the stacked blocks * m rows), C in layout `c`.
constexpr IntrinsicInfo mfmaBlocks(const char *name, const char *llvm,
                                   ChipSet chips, S in, S out, uint16_t m,
                                   uint16_t k, uint8_t blocks, LlvmType inTy,
                                   LaneLayout c, LlvmType outTy,
                                   uint16_t cycles) {
  unsigned epc = unsigned(k) * m * blocks / 64;
  IntrinsicInfo info =
      make({name, llvm, MmaFamily::MFMA, chips, m, m, k,
            frag(in, uint8_t(epc), inTy, cdnaA(unsigned(m) * blocks, epc)),
            frag(in, uint8_t(epc), inTy, cdnaB(unsigned(m) * blocks, epc)),
            frag(out, uint8_t(unsigned(m) * m * blocks / 64), outTy, c),
            kMfmaMods, {cyc(chips, cycles)}, kCostCdna,
            blocks == 1 ? kCalcCdna : kCalcCdnaBlocks});
  info.blocks = blocks;
  info.ops *= blocks;
  return info;
}

/// gfx950's block-scaled f8f6f4 MFMA (mfma.scale.f32.{16x16x128,32x32x64}.
/// f8f6f4), A of format `a` and B of `b`: one LLVM intrinsic for all 25
/// pairs, whose cbsz / blgp immediates give the formats (LLVMMX), so one
/// catalog entry per pair. 32 values per lane, packed at 8, 6 or 4 bits
/// into <8 x i32>, <6 x i32> or <4 x i32> (LLVMMX). Where k sits depends on
/// the operand's width (CK4S: "8-bit datatypes require a NumAccess of 2,
/// and 4 and 6-bit types a NumAccess of 1", for the scales to apply):
/// 6- and 4-bit, element e of lane L holds A[L % m][32 (L / m) + e];
/// 8-bit, two runs of 16, k = (e / 16) (K / 2) + 16 (L / m) + e % 16
/// (cdnaA with numAccess 2). IREESC lays every format out as the 6/4-bit
/// rule, which equals CK's for 8-bit A and B up to a relabeling of K that
/// both share, so without scales; with scales, and for 8-bit x 6/4-bit
/// pairs, the two differ, and the catalog follows CK (docs/Layouts.md,
/// "gfx950 MX"). Scales: lane L holds the E8M0 scale of row L % m, k block
/// L / m of 32 (IREESC), in the byte op_sel picks. C/D: CALC.
constexpr FragmentInfo mxFrag(S kind, uint16_t m) {
  unsigned bits = getBitWidth(kind);
  return frag(kind, 32, {L::I32, uint8_t(bits)},
              cdnaA(m, 32, bits == 8 ? 2 : 1));
}
/// The scale layout of the gfx950 MX MFMA: lane L holds the scale of row
/// L % m, k block L / m (A; B's is its transpose).
constexpr LaneLayout cdnaScaleA(unsigned m) {
  LaneLayout l;
  l.numElemBits = 0;
  l.numLaneBits = 6;
  unsigned rowBits = log2(m);
  for (unsigned b = 0; b < 6; ++b)
    l.laneBases[b] = b < rowBits ? D0(uint16_t(1u << b))
                                 : D1(uint16_t(1u << (b - rowBits)));
  return l;
}
constexpr const char *kMxLayout =
    "A, B: CK4S (scale_gfx9.hpp: NumAccess 2 for 8-bit, 1 for 6/4-bit; the "
    "CALC InstCalcGfx9 rule with 32 values per lane); scales: IREESC "
    "(MFMA_SCALE_F32_*_B32 scale layouts); formats, operand sizes: LLVMMX; "
    "C: CALC";
constexpr const char *kCostMx =
    "PREDICTED from AMD's MI355X peaks (FP8 5, MXFP6/MXFP4 10 PFLOP/s "
    "dense; gfx950's fp8 16x16x32 MFMA reaches 2.5): 2x the fp8 MFMA rate "
    "when A or B is 8-bit, 4x when both are 6/4-bit (the mixed rate "
    "assumed); LLVM 22's scheduling model (llvm-mca-22 -mcpu=gfx950) gives "
    "16 (32) cycles for every format, above those peaks";
constexpr IntrinsicInfo mfmaScale(const char *name, S a, S b, uint16_t m) {
  bool big = m == 32;
  bool eightBit = getBitWidth(a) == 8 || getBitWidth(b) == 8;
  FragmentInfo fb = mxFrag(b, m);
  fb.layout = transposed(fb.layout);
  IntrinsicInfo info =
      make({name,
            big ? "llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4"
                : "llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4",
            MmaFamily::MFMA, kGfx950, m, m, uint16_t(big ? 64 : 128),
            mxFrag(a, m), fb, big ? kCdnaC32F32 : kCdnaC16F32, ModScale,
            // Twice the ops of the 16x16x128 shape take twice its cycles:
            // both run at the same peak.
            {cyc(kGfx950, uint16_t((eightBit ? 32 : 16) * (big ? 2 : 1)))},
            kCostMx, kMxLayout});
  // One scale per lane; op_sel picks one of its word's 4 bytes.
  info.scaleA = ScaleInfo{32, 8, 4, 0, false, {L::I32, 0}, cdnaScaleA(m)};
  info.scaleB =
      ScaleInfo{32, 8, 4, 0, false, {L::I32, 0}, transposed(cdnaScaleA(m))};
  return info;
}

/// The parts of the table, in catalog order.
llvm::ArrayRef<IntrinsicInfo> getRdnaIntrinsics();
llvm::ArrayRef<IntrinsicInfo> getCdnaIntrinsics();
llvm::ArrayRef<IntrinsicInfo> getGfx1250Intrinsics();
llvm::ArrayRef<IntrinsicInfo> getGfx1250MxIntrinsics();

} // namespace mlir::mcore::table

#endif // MCORE_LIB_TARGET_INTRINSICTABLEBUILDERS_H
