//===- IntrinsicTable.cpp - The table of AMD matrix intrinsics ------------===//
//
// Every matrix instruction mcore targets, and every per-lane layout, written
// once. Layout bases read: element bit b moves the tile coordinate by
// elemBases[b], lane bit b by laneBases[b] (see Layout.h). D0(x) moves the
// first coordinate (row of A/C, k of B, row of an index), D1(x) the second.
//
//===----------------------------------------------------------------------===//

#include "mcore/Target/Catalog.h"

using namespace mlir::mcore;

namespace {
using S = ScalarKind;
using L = LlvmElem;

constexpr ChipSet kCDNA = {Chip::gfx908, Chip::gfx90a, Chip::gfx942,
                           Chip::gfx950};
constexpr ChipSet kCDNA12 = {Chip::gfx908, Chip::gfx90a};

constexpr FragmentInfo frag(S kind, uint8_t count, LlvmType llvm,
                            LaneLayout layout, uint8_t stride = 1) {
  return FragmentInfo{kind, count, stride, llvm, layout};
}

//===----------------------------------------------------------------------===//
// CDNA dense MFMA layouts (single block).
// Source: AMD Matrix Instruction Calculator (ROCm/amd_matrix_instruction_
// calculator), "v_mfma_f32_32x32x8f16" / "v_mfma_f32_16x16x16f16" for
// CDNA1-3; CDNA3 ISA guide section 7.1.4.
//===----------------------------------------------------------------------===//

// 32x32, 4 k per lane: A(i, k): lane = i + 32 * (k / 4), element = k % 4.
constexpr LaneLayout kMfma32A4 =
    makeLayout({D1(1), D1(2)}, {D0(1), D0(2), D0(4), D0(8), D0(16), D1(4)});
// B(k, j): lane = j + 32 * (k / 4), element = k % 4.
constexpr LaneLayout kMfma32B4 =
    makeLayout({D0(1), D0(2)}, {D1(1), D1(2), D1(4), D1(8), D1(16), D0(4)});
// C(i, j): lane = j + 32 * ((i / 4) % 2), element = 4 * (i / 8) + i % 4.
constexpr LaneLayout kMfma32C =
    makeLayout({D0(1), D0(2), D0(8), D0(16)},
               {D1(1), D1(2), D1(4), D1(8), D1(16), D0(4)});

// 16x16, 4 k per lane: A(i, k): lane = i + 16 * (k / 4), element = k % 4.
constexpr LaneLayout kMfma16A4 =
    makeLayout({D1(1), D1(2)}, {D0(1), D0(2), D0(4), D0(8), D1(4), D1(8)});
constexpr LaneLayout kMfma16B4 =
    makeLayout({D0(1), D0(2)}, {D1(1), D1(2), D1(4), D1(8), D0(4), D0(8)});
// C(i, j): lane = j + 16 * (i / 4), element = i % 4.
constexpr LaneLayout kMfma16C =
    makeLayout({D0(1), D0(2)}, {D1(1), D1(2), D1(4), D1(8), D0(4), D0(8)});

const IntrinsicInfo kIntrinsics[] = {
    // ---------------------------------------------------------------------
    // CDNA dense MFMA, f16
    // ---------------------------------------------------------------------
    {"mfma_f32_32x32x8f16", "llvm.amdgcn.mfma.f32.32x32x8f16", MmaFamily::MFMA,
     kCDNA, 64, 32, 32, 8,
     frag(S::F16, 4, {L::Half, 4}, kMfma32A4),
     frag(S::F16, 4, {L::Half, 4}, kMfma32B4),
     frag(S::F32, 16, {L::Float, 16}, kMfma32C),
     {},
     ModCbszAbid | ModBlgp,
     16384,
     {{kCDNA12, 64}, {{Chip::gfx942, Chip::gfx950}, 32}},
     "CDNA3 ISA guide, MFMA table: 16 passes on CDNA1/2, 8 on CDNA3/4",
     "AMD Matrix Instruction Calculator; CDNA3 ISA guide 7.1"},
    {"mfma_f32_16x16x16f16", "llvm.amdgcn.mfma.f32.16x16x16f16",
     MmaFamily::MFMA, kCDNA, 64, 16, 16, 16,
     frag(S::F16, 4, {L::Half, 4}, kMfma16A4),
     frag(S::F16, 4, {L::Half, 4}, kMfma16B4),
     frag(S::F32, 4, {L::Float, 4}, kMfma16C),
     {},
     ModCbszAbid | ModBlgp,
     8192,
     {{kCDNA12, 32}, {{Chip::gfx942, Chip::gfx950}, 16}},
     "CDNA3 ISA guide, MFMA table: 8 passes on CDNA1/2, 4 on CDNA3/4",
     "AMD Matrix Instruction Calculator; CDNA3 ISA guide 7.1"},
};
} // namespace

llvm::ArrayRef<IntrinsicInfo> mlir::mcore::getAllIntrinsics() {
  return kIntrinsics;
}
