// RUN: mcore-opt %s --convert-mcore-to-amdgpu=chip=gfx1201 --convert-amdgpu-to-rocdl=chipset=gfx1201 | FileCheck %s
// RUN: mcore-opt %s --convert-mcore-to-amdgpu=chip=gfx1201 | FileCheck %s --check-prefix=AMDGPU
// The old name is a pipeline of both passes:
// RUN: mcore-opt %s --convert-mcore-to-rocdl=chip=gfx1201 | FileCheck %s

// SWMMAC has no MLIR op: it becomes llvm.call_intrinsic with A, B, C, index.
// CHECK-LABEL: func @swmmac_f16
// AMDGPU-LABEL: func @swmmac_f16
// AMDGPU: llvm.call_intrinsic "llvm.amdgcn.swmmac.f32.16x16x32.f16"
// CHECK-SAME: (%[[A:[^:]+]]: vector<8xf16>, %[[B:[^:]+]]: vector<16xf16>, %[[C:[^:]+]]: vector<8xf32>, %[[I:[^:]+]]: i32)
func.func @swmmac_f16(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<8xf32>, %i: i32) -> vector<8xf32> {
  // CHECK: %[[R:.+]] = llvm.call_intrinsic "llvm.amdgcn.swmmac.f32.16x16x32.f16"(%[[A]], %[[B]], %[[C]], %[[I]]) : (vector<8xf16>, vector<16xf16>, vector<8xf32>, i32) -> vector<8xf32>
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>}
      : vector<8xf16>, vector<16xf16>, i32 into vector<8xf32>
  // CHECK: return %[[R]]
  return %d : vector<8xf32>
}

// Index set 1 is the upper half of the word (llc folds it into index_key:1).
// CHECK-LABEL: func @swmmac_index_set_1
// AMDGPU-LABEL: func @swmmac_index_set_1
// AMDGPU: llvm.call_intrinsic "llvm.amdgcn.swmmac.f32.16x16x32.f16"
func.func @swmmac_index_set_1(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<8xf32>, %i: i32) -> vector<8xf32> {
  // CHECK: %[[C16:.+]] = arith.constant 16 : i32
  // CHECK: %[[HI:.+]] = arith.shrui %{{.*}}, %[[C16]] : i32
  // CHECK: llvm.call_intrinsic "llvm.amdgcn.swmmac.f32.16x16x32.f16"({{.*}}, %[[HI]])
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>, index_set = 1 : i32}
      : vector<8xf16>, vector<16xf16>, i32 into vector<8xf32>
  return %d : vector<8xf32>
}

// bf16 travels as i16; the bf16 accumulator comes back through a bitcast.
// CHECK-LABEL: func @swmmac_bf16_acc
// AMDGPU-LABEL: func @swmmac_bf16_acc
// AMDGPU: llvm.call_intrinsic "llvm.amdgcn.swmmac.bf16.16x16x32.bf16"
func.func @swmmac_bf16_acc(%a: vector<8xbf16>, %b: vector<16xbf16>, %c: vector<8xbf16>, %i: i32) -> vector<8xbf16> {
  // CHECK-DAG: %[[PA:.+]] = vector.bitcast %{{.*}} : vector<8xbf16> to vector<8xi16>
  // CHECK-DAG: %[[PB:.+]] = vector.bitcast %{{.*}} : vector<16xbf16> to vector<16xi16>
  // CHECK-DAG: %[[PC:.+]] = vector.bitcast %{{.*}} : vector<8xbf16> to vector<8xi16>
  // CHECK: %[[R:.+]] = llvm.call_intrinsic "llvm.amdgcn.swmmac.bf16.16x16x32.bf16"(%[[PA]], %[[PB]], %[[PC]], %{{.*}}) : (vector<8xi16>, vector<16xi16>, vector<8xi16>, i32) -> vector<8xi16>
  // CHECK: vector.bitcast %[[R]] : vector<8xi16> to vector<8xbf16>
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<swmmac_bf16_16x16x32_bf16_w32>}
      : vector<8xbf16>, vector<16xbf16>, i32 into vector<8xbf16>
  return %d : vector<8xbf16>
}

// Integer SWMMAC: (A signed, A, B signed, B, C, index, clamp); 8-bit values
// packed into i32 words.
// CHECK-LABEL: func @swmmac_iu8
// AMDGPU-LABEL: func @swmmac_iu8
// AMDGPU: llvm.call_intrinsic "llvm.amdgcn.swmmac.i32.16x16x32.iu8"
func.func @swmmac_iu8(%a: vector<8xi8>, %b: vector<16xi8>, %c: vector<8xi32>, %i: i32) -> vector<8xi32> {
  // CHECK-DAG: %[[PA:.+]] = vector.bitcast %{{.*}} : vector<8xi8> to vector<2xi32>
  // CHECK-DAG: %[[PB:.+]] = vector.bitcast %{{.*}} : vector<16xi8> to vector<4xi32>
  // CHECK-DAG: %[[T:.+]] = arith.constant true
  // CHECK-DAG: %[[F:.+]] = arith.constant false
  // CHECK: llvm.call_intrinsic "llvm.amdgcn.swmmac.i32.16x16x32.iu8"(%[[F]], %[[PA]], %[[T]], %[[PB]], %{{.*}}, %{{.*}}, %[[T]]) : (i1, vector<2xi32>, i1, vector<4xi32>, vector<8xi32>, i32, i1) -> vector<8xi32>
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<swmmac_i32_16x16x32_iu8_w32>, unsigned_a, clamp}
      : vector<8xi8>, vector<16xi8>, i32 into vector<8xi32>
  return %d : vector<8xi32>
}

// iu4: eight nibbles of A in one i32.
// CHECK-LABEL: func @swmmac_iu4
// AMDGPU-LABEL: func @swmmac_iu4
// AMDGPU: llvm.call_intrinsic "llvm.amdgcn.swmmac.i32.16x16x32.iu4"
func.func @swmmac_iu4(%a: vector<8xi4>, %b: vector<16xi4>, %c: vector<8xi32>, %i: i32) -> vector<8xi32> {
  // CHECK: %[[W:.+]] = vector.bitcast %{{.*}} : vector<8xi4> to vector<1xi32>
  // CHECK: %[[A:.+]] = vector.extract %[[W]][0] : i32 from vector<1xi32>
  // CHECK: llvm.call_intrinsic "llvm.amdgcn.swmmac.i32.16x16x32.iu4"(%{{.*}}, %[[A]], {{.*}}) : (i1, i32, i1, vector<2xi32>, vector<8xi32>, i32, i1) -> vector<8xi32>
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<swmmac_i32_16x16x32_iu4_w32>}
      : vector<8xi4>, vector<16xi4>, i32 into vector<8xi32>
  return %d : vector<8xi32>
}

// CHECK-LABEL: func @swmmac_fp8
// AMDGPU-LABEL: func @swmmac_fp8
// AMDGPU: llvm.call_intrinsic "llvm.amdgcn.swmmac.f32.16x16x32.fp8.bf8"
func.func @swmmac_fp8(%a: vector<8xf8E4M3FN>, %b: vector<16xf8E5M2>, %c: vector<8xf32>, %i: i32) -> vector<8xf32> {
  // CHECK: llvm.call_intrinsic "llvm.amdgcn.swmmac.f32.16x16x32.fp8.bf8"({{.*}}) : (vector<2xi32>, vector<4xi32>, vector<8xf32>, i32) -> vector<8xf32>
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_fp8_bf8_w32>}
      : vector<8xf8E4M3FN>, vector<16xf8E5M2>, i32 into vector<8xf32>
  return %d : vector<8xf32>
}

// Dense WMMA goes through upstream's amdgpu.wmma lowering.
// CHECK-LABEL: func @wmma_f16
// AMDGPU-LABEL: func @wmma_f16
// AMDGPU: amdgpu.wmma 16x16x16 %{{.*}} : vector<8xf16>, vector<8xf16>, vector<8xf32>
func.func @wmma_f16(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) -> vector<8xf32> {
  // CHECK: rocdl.wmma.f32.16x16x16.f16 %{{.*}}, %{{.*}}, %{{.*}} : (vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf32>
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>}
      : vector<8xf16>, vector<8xf16> into vector<8xf32>
  return %d : vector<8xf32>
}

// CHECK-LABEL: func @wmma_iu8
// AMDGPU-LABEL: func @wmma_iu8
// AMDGPU: amdgpu.wmma 16x16x16 %{{.*}} {clamp, unsignedA} : vector<8xi8>, vector<8xi8>, vector<8xi32>
func.func @wmma_iu8(%a: vector<8xi8>, %b: vector<8xi8>, %c: vector<8xi32>) -> vector<8xi32> {
  // CHECK: rocdl.wmma.i32.16x16x16.iu8 {{.*}}clamp{{.*}}signB
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_i32_16x16x16_iu8_w32_gfx12>, unsigned_a, clamp}
      : vector<8xi8>, vector<8xi8> into vector<8xi32>
  return %d : vector<8xi32>
}

// CHECK-LABEL: func @wmma_fp8
// AMDGPU-LABEL: func @wmma_fp8
// AMDGPU: amdgpu.wmma 16x16x16 %{{.*}} : vector<8xf8E4M3FN>, vector<8xf8E4M3FN>, vector<8xf32>
func.func @wmma_fp8(%a: vector<8xf8E4M3FN>, %b: vector<8xf8E4M3FN>, %c: vector<8xf32>) -> vector<8xf32> {
  // CHECK: rocdl.wmma.f32.16x16x16.fp8_fp8 %{{.*}} : (vector<2xi32>, vector<2xi32>, vector<8xf32>) -> vector<8xf32>
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_fp8_fp8_w32_gfx12>}
      : vector<8xf8E4M3FN>, vector<8xf8E4M3FN> into vector<8xf32>
  return %d : vector<8xf32>
}

// The chip can come from the gpu.module's target.
gpu.module @kernels [#rocdl.target<chip = "gfx1201">] {
  // CHECK-LABEL: func @in_gpu_module
  // AMDGPU-LABEL: func @in_gpu_module
  // AMDGPU: amdgpu.wmma 16x16x16 %{{.*}} : vector<8xf16>, vector<8xf16>, vector<8xf16>
  func.func @in_gpu_module(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf16>) -> vector<8xf16> {
    // CHECK: rocdl.wmma.f16.16x16x16.f16
    %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_f16_16x16x16_f16_w32_gfx12>}
        : vector<8xf16>, vector<8xf16> into vector<8xf16>
    return %d : vector<8xf16>
  }
}
