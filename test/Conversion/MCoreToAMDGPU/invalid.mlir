// RUN: mcore-opt %s -split-input-file -verify-diagnostics --convert-mcore-to-amdgpu=chip=gfx90a

// SMFMAC does not exist before CDNA3, whatever the title of AMD's "CDNA and
// CDNA2 sparse MFMA builtins" page says.
func.func @smfmac_on_gfx90a(%a: vector<4xf16>, %b: vector<8xf16>, %c: vector<4xf32>, %i: i32) -> vector<4xf32> {
  // expected-error @+1 {{smfmac_f32_16x16x32_f16 needs gfx942 or gfx950; the target is gfx90a}}
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<smfmac_f32_16x16x32_f16>}
      : vector<4xf16>, vector<8xf16>, i32 into vector<4xf32>
  return %d : vector<4xf32>
}

// -----

func.func @wmma_on_cdna(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  // expected-error @+1 {{wmma_f32_16x16x16_f16_w32_gfx12 needs gfx1200 or gfx1201; the target is gfx90a}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>}
      : vector<8xf16>, vector<8xf16> into vector<8xf32>
  return %d : vector<8xf32>
}

// -----

func.func @whole_tile(%a: vector<32x8xf16>, %b: vector<8x32xf16>, %c: vector<32x32xf32>) -> vector<32x32xf32> {
  // expected-error @+1 {{convert-mcore-to-amdgpu needs per-lane fragments; run mcore-distribute first}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>}
      : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
  return %d : vector<32x32xf32>
}
