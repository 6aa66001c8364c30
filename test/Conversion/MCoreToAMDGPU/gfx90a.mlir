// RUN: mcore-opt %s --convert-mcore-to-amdgpu=chip=gfx90a --convert-amdgpu-to-rocdl=chipset=gfx90a | FileCheck %s
// RUN: mcore-opt %s --convert-mcore-to-amdgpu=chip=gfx90a | FileCheck %s --check-prefix=AMDGPU
// The old name is a pipeline of both passes:
// RUN: mcore-opt %s --convert-mcore-to-rocdl=chip=gfx90a | FileCheck %s

// CHECK-LABEL: func @mfma_i8
// AMDGPU-LABEL: func @mfma_i8
// AMDGPU: amdgpu.mfma 32x32x8 %{{.*}} : vector<4xi8>, vector<4xi8>, vector<16xi32>
func.func @mfma_i8(%a: vector<4xi8>, %b: vector<4xi8>, %c: vector<16xi32>) -> vector<16xi32> {
  // CHECK: rocdl.mfma.i32.32x32x8i8 {{.*}} : (i32, i32, vector<16xi32>, i32, i32, i32) -> vector<16xi32>
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_i32_32x32x8i8>}
      : vector<4xi8>, vector<4xi8> into vector<16xi32>
  return %d : vector<16xi32>
}

// CHECK-LABEL: func @mfma_bf16_1k
// AMDGPU-LABEL: func @mfma_bf16_1k
// AMDGPU: amdgpu.mfma 32x32x8 %{{.*}} : vector<4xbf16>, vector<4xbf16>, vector<16xf32>
func.func @mfma_bf16_1k(%a: vector<4xbf16>, %b: vector<4xbf16>, %c: vector<16xf32>) -> vector<16xf32> {
  // CHECK: rocdl.mfma.f32.32x32x8bf16.1k
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8bf16_1k>}
      : vector<4xbf16>, vector<4xbf16> into vector<16xf32>
  return %d : vector<16xf32>
}
