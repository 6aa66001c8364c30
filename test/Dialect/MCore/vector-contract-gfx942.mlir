// RUN: mcore-opt %s --mcore-vector-contract-to-mma=chip=gfx942 --mcore-distribute --canonicalize --cse --convert-mcore-to-amdgpu=chip=gfx942 --convert-amdgpu-to-rocdl=chipset=gfx942 -split-input-file | FileCheck %s

// A hand-written vector.contract on gfx942, through mcore's distribution and
// lowering to the matrix instruction: dense MFMA and 2:4 SMFMAC.

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// 32x32x32 is one MFMA 32x32x8 tile and four K steps, chained.
// CHECK-LABEL: func @dense
// CHECK-SAME: (%[[A:[^:]+]]: memref<32x32xf16>, %[[B:[^:]+]]: memref<32x32xf16>, %[[C:[^:]+]]: memref<32x32xf32>)
// CHECK: gpu.lane_id
// CHECK: vector.load %[[A]]
// CHECK: %[[M0:.+]] = rocdl.mfma.f32.32x32x8f16 %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK: %[[M1:.+]] = rocdl.mfma.f32.32x32x8f16 %{{.+}}, %{{.+}}, %[[M0]],
// CHECK: %[[M2:.+]] = rocdl.mfma.f32.32x32x8f16 %{{.+}}, %{{.+}}, %[[M1]],
// CHECK: rocdl.mfma.f32.32x32x8f16 %{{.+}}, %{{.+}}, %[[M2]],
// CHECK-NOT: rocdl.mfma
// CHECK-NOT: vector.contract
// CHECK: return
func.func @dense(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>)
    attributes {mcore.chip = #mcore.chip<gfx942>} {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f16
  %z = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<32x32xf16>, vector<32x32xf16>
  %b = vector.transfer_read %B[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<32x32xf16>, vector<32x32xf16>
  %c = vector.transfer_read %C[%c0, %c0], %z {in_bounds = [true, true]} : memref<32x32xf32>, vector<32x32xf32>
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.wave} %a, %b, %c
      : vector<32x32xf16>, vector<32x32xf16> into vector<32x32xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32>
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// A 2:4 A with K = 32 is one SMFMAC 32x32x16 tile and two K steps; each
// reads its own index word.
// CHECK-LABEL: func @sparse
// CHECK-SAME: (%[[V:[^:]+]]: memref<32x16xf16>, %[[M:[^:]+]]: memref<32x1xi32>, %[[B:[^:]+]]: memref<32x32xf16>, %[[C:[^:]+]]: memref<32x32xf32>)
// CHECK: gpu.lane_id
// CHECK: vector.load %[[V]]
// CHECK: memref.load %[[M]]
// CHECK: %[[S0:.+]] = rocdl.smfmac.f32.32x32x16.f16 %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : (vector<4xf16>, vector<8xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
// CHECK: rocdl.smfmac.f32.32x32x16.f16 %{{.+}}, %{{.+}}, %[[S0]],
// CHECK-NOT: rocdl.smfmac
// CHECK-NOT: mcore.expand_2to4
// CHECK-NOT: vector.contract
// CHECK: return
func.func @sparse(%V: memref<32x16xf16>, %M: memref<32x1xi32>, %B: memref<32x32xf16>, %C: memref<32x32xf32>)
    attributes {mcore.chip = #mcore.chip<gfx942>} {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f16
  %z = arith.constant 0.0 : f32
  %v = vector.transfer_read %V[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<32x16xf16>, vector<32x16xf16>
  %i = mcore.load_sparse_index %M[%c0, %c0] : memref<32x1xi32> -> vector<32x16xi8>
  %a = mcore.expand_2to4 %v, %i : vector<32x16xf16>, vector<32x16xi8> -> vector<32x32xf16>
  %b = vector.transfer_read %B[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<32x32xf16>, vector<32x32xf16>
  %c = vector.transfer_read %C[%c0, %c0], %z {in_bounds = [true, true]} : memref<32x32xf32>, vector<32x32xf32>
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.wave} %a, %b, %c
      : vector<32x32xf16>, vector<32x32xf16> into vector<32x32xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32>
  return
}
