// RUN: mcore-opt %s --convert-mcore-to-amdgpu=chip=gfx950 --convert-amdgpu-to-rocdl=chipset=gfx950 | FileCheck %s
// RUN: mcore-opt %s --convert-mcore-to-amdgpu=chip=gfx950 | FileCheck %s --check-prefix=AMDGPU
// The old name is a pipeline of both passes:
// RUN: mcore-opt %s --convert-mcore-to-rocdl=chip=gfx950 | FileCheck %s

// CDNA4-only shapes.
// CHECK-LABEL: func @smfmac_f16_k64
// AMDGPU-LABEL: func @smfmac_f16_k64
// AMDGPU: amdgpu.sparse_mfma 16x16x64 %{{.*}} sparse(%{{.*}} : vector<4xi8>) : vector<8xf16>, vector<16xf16>, vector<4xf32>
func.func @smfmac_f16_k64(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<4xf32>, %i: i32) -> vector<4xf32> {
  // CHECK: rocdl.smfmac.f32.16x16x64.f16 {{.*}} : (vector<8xf16>, vector<16xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<smfmac_f32_16x16x64_f16>}
      : vector<8xf16>, vector<16xf16>, i32 into vector<4xf32>
  return %d : vector<4xf32>
}

// CHECK-LABEL: func @mfma_f16_k16
// AMDGPU-LABEL: func @mfma_f16_k16
// AMDGPU: amdgpu.mfma 32x32x16 %{{.*}} : vector<8xf16>, vector<8xf16>, vector<16xf32>
func.func @mfma_f16_k16(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<16xf32>) -> vector<16xf32> {
  // CHECK: rocdl.mfma.f32.32x32x16.f16
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_32x32x16_f16>}
      : vector<8xf16>, vector<8xf16> into vector<16xf32>
  return %d : vector<16xf32>
}

// gfx950 fp8 is OCP.
// CHECK-LABEL: func @mfma_fp8
// AMDGPU-LABEL: func @mfma_fp8
// AMDGPU: amdgpu.mfma 16x16x32 %{{.*}} : vector<8xf8E4M3FN>, vector<8xf8E4M3FN>, vector<4xf32>
func.func @mfma_fp8(%a: vector<8xf8E4M3FN>, %b: vector<8xf8E4M3FN>, %c: vector<4xf32>) -> vector<4xf32> {
  // CHECK: rocdl.mfma.f32.16x16x32.fp8.fp8
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_16x16x32_fp8_fp8>}
      : vector<8xf8E4M3FN>, vector<8xf8E4M3FN> into vector<4xf32>
  return %d : vector<4xf32>
}

// MLIR 22's amdgpu.sparse_mfma passes these operands as bfloat on gfx950
// although the CDNA3 bf16 SMFMAC takes i16 vectors; mcore calls the
// intrinsic itself with i16 operands.
// CHECK-LABEL: func @smfmac_bf16_cdna3_shape
// AMDGPU-LABEL: func @smfmac_bf16_cdna3_shape
// AMDGPU: llvm.call_intrinsic "llvm.amdgcn.smfmac.f32.16x16x32.bf16"
func.func @smfmac_bf16_cdna3_shape(%a: vector<4xbf16>, %b: vector<8xbf16>, %c: vector<4xf32>, %i: i32) -> vector<4xf32> {
  // CHECK-DAG: %[[PA:.+]] = vector.bitcast %{{.*}} : vector<4xbf16> to vector<4xi16>
  // CHECK-DAG: %[[PB:.+]] = vector.bitcast %{{.*}} : vector<8xbf16> to vector<8xi16>
  // CHECK-DAG: %[[ABID:.+]] = arith.constant 1 : i32
  // CHECK: llvm.call_intrinsic "llvm.amdgcn.smfmac.f32.16x16x32.bf16"(%[[PA]], %[[PB]], %{{.*}}, %{{.*}}, %{{.*}}, %[[ABID]]) : (vector<4xi16>, vector<8xi16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<smfmac_f32_16x16x32_bf16>, index_set = 1 : i32}
      : vector<4xbf16>, vector<8xbf16>, i32 into vector<4xf32>
  return %d : vector<4xf32>
}

// The CDNA4 bf16 SMFMAC takes bfloat, which upstream handles.
// CHECK-LABEL: func @smfmac_bf16_cdna4_shape
// AMDGPU-LABEL: func @smfmac_bf16_cdna4_shape
// AMDGPU: amdgpu.sparse_mfma 16x16x64 %{{.*}} : vector<8xbf16>, vector<16xbf16>, vector<4xf32>
func.func @smfmac_bf16_cdna4_shape(%a: vector<8xbf16>, %b: vector<16xbf16>, %c: vector<4xf32>, %i: i32) -> vector<4xf32> {
  // CHECK: rocdl.smfmac.f32.16x16x64.bf16
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<smfmac_f32_16x16x64_bf16>}
      : vector<8xbf16>, vector<16xbf16>, i32 into vector<4xf32>
  return %d : vector<4xf32>
}

// Block-scaled MX MFMA: the catalog entry names the formats, which
// amdgpu.scaled_mfma turns into cbsz / blgp (fp4 = 4, fp8 = 0); scale_sel
// is the op_sel of each scale word.
// CHECK-LABEL: func @mfma_scale_fp4_fp8
// AMDGPU-LABEL: func @mfma_scale_fp4_fp8
// AMDGPU: amdgpu.scaled_mfma 16x16x128 (%{{.*}}[1] * %{{.*}}) * (%{{.*}}[3] * %{{.*}}) + %{{.*}} : vector<4xf8E8M0FNU>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<32xf8E4M3FN>, vector<4xf32>
func.func @mfma_scale_fp4_fp8(%a: vector<32xf4E2M1FN>, %b: vector<32xf8E4M3FN>, %c: vector<4xf32>, %sa: vector<4xf8E8M0FNU>, %sb: vector<4xf8E8M0FNU>) -> vector<4xf32> {
  // CHECK: rocdl.mfma.scale.f32.16x16x128.f8f6f4 {{.*}} : (vector<4xi32>, vector<8xi32>, vector<4xf32>, i32, i32, i32, i32, i32, i32) -> vector<4xf32>
  %d = mcore.scaled_mma %a, %b, %c, %sa, %sb {intrinsic = #mcore.intrinsic<mfma_scale_f32_16x16x128_f8f6f4_fp4_fp8>, scale_sel_a = 1 : i32, scale_sel_b = 3 : i32}
      : vector<32xf4E2M1FN>, vector<32xf8E4M3FN>, vector<4xf8E8M0FNU>, vector<4xf8E8M0FNU> into vector<4xf32>
  return %d : vector<4xf32>
}

// CHECK-LABEL: func @mfma_scale_32_bf6_fp6
// AMDGPU: amdgpu.scaled_mfma 32x32x64 {{.*}} : vector<4xf8E8M0FNU>, vector<32xf6E3M2FN>, vector<4xf8E8M0FNU>, vector<32xf6E2M3FN>, vector<16xf32>
func.func @mfma_scale_32_bf6_fp6(%a: vector<32xf6E3M2FN>, %b: vector<32xf6E2M3FN>, %c: vector<16xf32>, %sa: vector<4xf8E8M0FNU>, %sb: vector<4xf8E8M0FNU>) -> vector<16xf32> {
  // CHECK: rocdl.mfma.scale.f32.32x32x64.f8f6f4 {{.*}} : (vector<6xi32>, vector<6xi32>, vector<16xf32>, i32, i32, i32, i32, i32, i32) -> vector<16xf32>
  %d = mcore.scaled_mma %a, %b, %c, %sa, %sb {intrinsic = #mcore.intrinsic<mfma_scale_f32_32x32x64_f8f6f4_bf6_fp6>}
      : vector<32xf6E3M2FN>, vector<32xf6E2M3FN>, vector<4xf8E8M0FNU>, vector<4xf8E8M0FNU> into vector<16xf32>
  return %d : vector<16xf32>
}
