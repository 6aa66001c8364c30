// RUN: mcore-opt %s -split-input-file -verify-diagnostics --convert-mcore-to-amdgpu=chip=gfx942

// Upstream lowers amdgpu.mfma 16x16x16 on i8 for gfx942 to an intrinsic llc
// cannot select; mcore rejects it first.
func.func @i8_16x16x16_on_gfx942(%a: vector<4xi8>, %b: vector<4xi8>, %c: vector<4xi32>) -> vector<4xi32> {
  // expected-error @+1 {{mfma_i32_16x16x16i8 needs gfx908 or gfx90a; the target is gfx942}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_i32_16x16x16i8>}
      : vector<4xi8>, vector<4xi8> into vector<4xi32>
  return %d : vector<4xi32>
}

// -----

// gfx942's fp8 is FNUZ.
func.func @ocp_fp8_on_gfx942(%a: vector<8xf8E4M3FN>, %b: vector<8xf8E4M3FN>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{gfx942 uses FNUZ fp8 ('f8E4M3FNUZ'), got 'f8E4M3FN'}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_16x16x32_fp8_fp8>}
      : vector<8xf8E4M3FN>, vector<8xf8E4M3FN> into vector<4xf32>
  return %d : vector<4xf32>
}

// -----

// gfx950-only shape.
func.func @gfx950_shape_on_gfx942(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{mfma_f32_16x16x32_f16 needs gfx950; the target is gfx942}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_16x16x32_f16>}
      : vector<8xf16>, vector<8xf16> into vector<4xf32>
  return %d : vector<4xf32>
}
