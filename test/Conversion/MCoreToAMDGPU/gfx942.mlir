// RUN: mcore-opt %s --convert-mcore-to-amdgpu=chip=gfx942 --convert-amdgpu-to-rocdl=chipset=gfx942 | FileCheck %s
// RUN: mcore-opt %s --convert-mcore-to-amdgpu=chip=gfx942 | FileCheck %s --check-prefix=AMDGPU
// The old name is a pipeline of both passes:
// RUN: mcore-opt %s --convert-mcore-to-rocdl=chip=gfx942 | FileCheck %s

// SMFMAC goes through amdgpu.sparse_mfma: the index word is reinterpreted as
// upstream's index vector, and the index set becomes abid (cbsz = 0).
// CHECK-LABEL: func @smfmac_f16
// AMDGPU-LABEL: func @smfmac_f16
// AMDGPU: amdgpu.sparse_mfma 16x16x32 %{{.*}} sparse(%{{.*}} : vector<4xi8>) {abid = 2 : i32} : vector<4xf16>, vector<8xf16>, vector<4xf32>
func.func @smfmac_f16(%a: vector<4xf16>, %b: vector<8xf16>, %c: vector<4xf32>, %i: i32) -> vector<4xf32> {
  // CHECK: %[[V:.+]] = vector.broadcast %{{.*}} : i32 to vector<1xi32>
  // CHECK: %[[X:.+]] = vector.bitcast %[[V]] : vector<1xi32> to vector<4xi8>
  // CHECK: %[[W:.+]] = llvm.bitcast %{{.*}} : vector<4xi8> to i32
  // CHECK-DAG: %[[CBSZ:.+]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-DAG: %[[ABID:.+]] = llvm.mlir.constant(2 : i32) : i32
  // CHECK: rocdl.smfmac.f32.16x16x32.f16 %{{.*}}, %{{.*}}, %{{.*}}, %[[W]], %[[CBSZ]], %[[ABID]] : (vector<4xf16>, vector<8xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<smfmac_f32_16x16x32_f16>, index_set = 2 : i32}
      : vector<4xf16>, vector<8xf16>, i32 into vector<4xf32>
  return %d : vector<4xf32>
}

// CHECK-LABEL: func @smfmac_i8_32x32
// AMDGPU-LABEL: func @smfmac_i8_32x32
// AMDGPU: amdgpu.sparse_mfma 32x32x32 %{{.*}} sparse(%{{.*}} : vector<2xi16>) {abid = 1 : i32} : vector<8xi8>, vector<16xi8>, vector<16xi32>
func.func @smfmac_i8_32x32(%a: vector<8xi8>, %b: vector<16xi8>, %c: vector<16xi32>, %i: i32) -> vector<16xi32> {
  // CHECK: vector.bitcast %{{.*}} : vector<1xi32> to vector<2xi16>
  // CHECK: %[[ABID:.+]] = llvm.mlir.constant(1 : i32) : i32
  // CHECK: rocdl.smfmac.i32.32x32x32.i8 {{.*}}, %[[ABID]] : (vector<2xi32>, vector<4xi32>, vector<16xi32>, i32, i32, i32) -> vector<16xi32>
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<smfmac_i32_32x32x32_i8>, index_set = 1 : i32}
      : vector<8xi8>, vector<16xi8>, i32 into vector<16xi32>
  return %d : vector<16xi32>
}

// gfx942 fp8 is FNUZ.
// CHECK-LABEL: func @smfmac_fp8
// AMDGPU-LABEL: func @smfmac_fp8
// AMDGPU: amdgpu.sparse_mfma 16x16x64 %{{.*}} : vector<8xf8E4M3FNUZ>, vector<16xf8E5M2FNUZ>, vector<4xf32>
func.func @smfmac_fp8(%a: vector<8xf8E4M3FNUZ>, %b: vector<16xf8E5M2FNUZ>, %c: vector<4xf32>, %i: i32) -> vector<4xf32> {
  // CHECK: rocdl.smfmac.f32.16x16x64.fp8.bf8
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<smfmac_f32_16x16x64_fp8_bf8>}
      : vector<8xf8E4M3FNUZ>, vector<16xf8E5M2FNUZ>, i32 into vector<4xf32>
  return %d : vector<4xf32>
}

// Dense MFMA through amdgpu.mfma.
// CHECK-LABEL: func @mfma_f16
// AMDGPU-LABEL: func @mfma_f16
// AMDGPU: amdgpu.mfma 32x32x8 %{{.*}} : vector<4xf16>, vector<4xf16>, vector<16xf32>
func.func @mfma_f16(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<16xf32>) -> vector<16xf32> {
  // CHECK: rocdl.mfma.f32.32x32x8f16 %{{.*}} : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>}
      : vector<4xf16>, vector<4xf16> into vector<16xf32>
  return %d : vector<16xf32>
}

// The i8 MFMA of gfx942 takes eight bytes packed in an i64.
// CHECK-LABEL: func @mfma_i8
// AMDGPU-LABEL: func @mfma_i8
// AMDGPU: amdgpu.mfma 16x16x32 %{{.*}} : vector<8xi8>, vector<8xi8>, vector<4xi32>
func.func @mfma_i8(%a: vector<8xi8>, %b: vector<8xi8>, %c: vector<4xi32>) -> vector<4xi32> {
  // CHECK-DAG: %[[PA:.+]] = llvm.bitcast %{{.*}} : vector<8xi8> to i64
  // CHECK-DAG: %[[PB:.+]] = llvm.bitcast %{{.*}} : vector<8xi8> to i64
  // CHECK: rocdl.mfma.i32.16x16x32.i8 %[[PA]], %[[PB]], {{.*}} : (i64, i64, vector<4xi32>, i32, i32, i32) -> vector<4xi32>
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_i32_16x16x32_i8>}
      : vector<8xi8>, vector<8xi8> into vector<4xi32>
  return %d : vector<4xi32>
}

// CHECK-LABEL: func @mfma_bf16
// AMDGPU-LABEL: func @mfma_bf16
// AMDGPU: amdgpu.mfma 16x16x16 %{{.*}} : vector<4xbf16>, vector<4xbf16>, vector<4xf32>
func.func @mfma_bf16(%a: vector<4xbf16>, %b: vector<4xbf16>, %c: vector<4xf32>) -> vector<4xf32> {
  // CHECK: rocdl.mfma.f32.16x16x16bf16.1k
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_16x16x16bf16_1k>}
      : vector<4xbf16>, vector<4xbf16> into vector<4xf32>
  return %d : vector<4xf32>
}
