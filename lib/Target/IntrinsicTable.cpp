//===- IntrinsicTable.cpp - The table of AMD matrix intrinsics: RDNA ------===//
//
// Every RDNA matrix instruction mcore targets, and every per-lane layout,
// written once: RDNA4 WMMA and SWMMAC, RDNA3 WMMA. The CDNA ones are in
// IntrinsicTableCdna.cpp; the builders, and the sources they cite, in
// IntrinsicTableBuilders.h. A layout lists one basis vector per bit of the
// element index and one per bit of the lane id (see Layout.h); D0(x) moves
// the first coordinate (row of A and C, k of B, row of an index) by x, D1(x)
// the second.
//
//===----------------------------------------------------------------------===//

#include "IntrinsicTableBuilders.h"

#include <vector>

using namespace mlir::mcore;
using namespace mlir::mcore::table;

namespace {

constexpr IntrinsicInfo kRdnaIntrinsics[] = {
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

};

} // namespace

llvm::ArrayRef<IntrinsicInfo> mlir::mcore::table::getRdnaIntrinsics() {
  return kRdnaIntrinsics;
}

llvm::ArrayRef<IntrinsicInfo> mlir::mcore::getAllIntrinsics() {
  // RDNA first, then CDNA, then gfx1250: the catalog's order
  // (docs/Intrinsics.md, and the last tie-break of selectIntrinsics). Built
  // once; entries never move.
  static const std::vector<IntrinsicInfo> all = [] {
    std::vector<IntrinsicInfo> v(getRdnaIntrinsics().begin(),
                                 getRdnaIntrinsics().end());
    v.insert(v.end(), getCdnaIntrinsics().begin(), getCdnaIntrinsics().end());
    v.insert(v.end(), getGfx1250Intrinsics().begin(),
             getGfx1250Intrinsics().end());
    v.insert(v.end(), getGfx1250MxIntrinsics().begin(),
             getGfx1250MxIntrinsics().end());
    return v;
  }();
  return all;
}
