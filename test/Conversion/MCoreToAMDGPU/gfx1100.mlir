// RUN: mcore-opt %s --convert-mcore-to-amdgpu=chip=gfx1100 --convert-amdgpu-to-rocdl=chipset=gfx1100 | FileCheck %s
// RUN: mcore-opt %s --convert-mcore-to-amdgpu=chip=gfx1100 | FileCheck %s --check-prefix=AMDGPU
// The old name is a pipeline of both passes:
// RUN: mcore-opt %s --convert-mcore-to-rocdl=chip=gfx1100 | FileCheck %s

// RDNA3: A and B are replicated 16-element fragments.
// CHECK-LABEL: func @wmma_f16
// AMDGPU-LABEL: func @wmma_f16
// AMDGPU: amdgpu.wmma 16x16x16 %{{.*}} : vector<16xf16>, vector<16xf16>, vector<8xf32>
func.func @wmma_f16(%a: vector<16xf16>, %b: vector<16xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  // CHECK: rocdl.wmma.f32.16x16x16.f16 %{{.*}} : (vector<16xf16>, vector<16xf16>, vector<8xf32>) -> vector<8xf32>
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32>}
      : vector<16xf16>, vector<16xf16> into vector<8xf32>
  return %d : vector<8xf32>
}

// The 16-bit accumulator uses the low halves (op_sel 0) of 16 slots.
// CHECK-LABEL: func @wmma_f16_acc
// AMDGPU-LABEL: func @wmma_f16_acc
// AMDGPU: amdgpu.wmma 16x16x16 %{{.*}} : vector<16xf16>, vector<16xf16>, vector<16xf16>
func.func @wmma_f16_acc(%a: vector<16xf16>, %b: vector<16xf16>, %c: vector<16xf16>) -> vector<16xf16> {
  // CHECK: rocdl.wmma.f16.16x16x16.f16 {{.*}} : (vector<16xf16>, vector<16xf16>, vector<16xf16>) -> vector<16xf16>
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_f16_16x16x16_f16_w32>}
      : vector<16xf16>, vector<16xf16> into vector<16xf16>
  return %d : vector<16xf16>
}

// CHECK-LABEL: func @wmma_iu4
// AMDGPU-LABEL: func @wmma_iu4
// AMDGPU: amdgpu.wmma 16x16x16 %{{.*}} : vector<16xi4>, vector<16xi4>, vector<8xi32>
func.func @wmma_iu4(%a: vector<16xi4>, %b: vector<16xi4>, %c: vector<8xi32>) -> vector<8xi32> {
  // CHECK: rocdl.wmma.i32.16x16x16.iu4 {{.*}}signA{{.*}}signB
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_i32_16x16x16_iu4_w32>}
      : vector<16xi4>, vector<16xi4> into vector<8xi32>
  return %d : vector<8xi32>
}
