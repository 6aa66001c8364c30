// RUN: mcore-opt %s --convert-mcore-to-amdgpu=chip=gfx1250 | FileCheck %s

// gfx1250's bf16f32 forms read an f32 C and write a bf16 D (docs/Layouts.md,
// "bf16f32"). amdgpu.wmma needs D of C's type; MLIR 22 has a ROCDL op for
// the WMMA, with the modifiers and reuse hints at 0.
// CHECK-LABEL: func @wmma_bf16f32
// CHECK-SAME: (%[[A:[^:]+]]: vector<16xbf16>, %[[B:[^:]+]]: vector<16xbf16>, %[[C:[^:]+]]: vector<8xf32>)
func.func @wmma_bf16f32(%a: vector<16xbf16>, %b: vector<16xbf16>, %c: vector<8xf32>) -> vector<8xbf16> {
  // CHECK: %[[D:.+]] = rocdl.wmma.bf16f32.16x16x32.bf16 %[[A]], %[[B]], %[[C]] : (vector<16xbf16>, vector<16xbf16>, vector<8xf32>) -> vector<8xbf16>
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_bf16f32_16x16x32_bf16>}
      : vector<16xbf16>, vector<16xbf16> into vector<8xf32> -> vector<8xbf16>
  // CHECK: return %[[D]]
  return %d : vector<8xbf16>
}

// The SWMMAC has no MLIR op: an intrinsic call whose result is C's
// <8 x float>, D's eight bf16 values in its low four registers.
// CHECK-LABEL: func @swmmac_bf16f32
// CHECK-SAME: (%[[A:[^:]+]]: vector<16xbf16>, %[[B:[^:]+]]: vector<32xbf16>, %[[C:[^:]+]]: vector<8xf32>, %[[I:[^:]+]]: i32)
func.func @swmmac_bf16f32(%a: vector<16xbf16>, %b: vector<32xbf16>, %c: vector<8xf32>, %i: i32) -> vector<8xbf16> {
  // CHECK: %[[R:.+]] = llvm.call_intrinsic "llvm.amdgcn.swmmac.bf16f32.16x16x64.bf16"(%{{.*}}, %[[A]], %{{.*}}, %[[B]], %[[C]], %[[I]], %{{.*}}, %{{.*}}) : (i1, vector<16xbf16>, i1, vector<32xbf16>, vector<8xf32>, i32, i1, i1) -> vector<8xf32>
  // CHECK: %[[W:.+]] = vector.bitcast %[[R]] : vector<8xf32> to vector<16xbf16>
  // CHECK: %[[D:.+]] = vector.extract_strided_slice %[[W]] {offsets = [0], sizes = [8], strides = [1]} : vector<16xbf16> to vector<8xbf16>
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<swmmac_bf16f32_16x16x64_bf16>}
      : vector<16xbf16>, vector<32xbf16>, i32 into vector<8xf32> -> vector<8xbf16>
  // CHECK: return %[[D]]
  return %d : vector<8xbf16>
}
