// RUN: mcore-opt %s --mcore-vector-contract-to-mma=chip=gfx1201 --mcore-distribute --canonicalize --cse --convert-mcore-to-amdgpu=chip=gfx1201 --convert-amdgpu-to-rocdl=chipset=gfx1201 -split-input-file | FileCheck %s

// A hand-written vector.contract on gfx1201, through mcore's distribution and
// lowering to the matrix instruction: dense WMMA and 2:4 SWMMAC.

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// 32x32x32 is 2 x 2 WMMA 16x16x16 tiles, two K steps each: eight WMMAs
// on per-lane fragments (eight f16 of A and of B, eight f32 of C), the K
// steps chained.
// CHECK-LABEL: func @dense
// CHECK-SAME: (%[[A:[^:]+]]: memref<32x32xf16>, %[[B:[^:]+]]: memref<32x32xf16>, %[[C:[^:]+]]: memref<32x32xf32>)
// CHECK: gpu.lane_id
// CHECK: vector.load %[[A]]
// CHECK: %[[W0:.+]] = rocdl.wmma.f32.16x16x16.f16 %{{.+}}, %{{.+}}, %{{.+}} : (vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf32>
// CHECK-NEXT: rocdl.wmma.f32.16x16x16.f16 %{{.+}}, %{{.+}}, %[[W0]]
// CHECK-COUNT-6: rocdl.wmma.f32.16x16x16.f16
// CHECK-NOT: rocdl.wmma
// CHECK-COUNT-4: vector.store %{{.+}}, %[[C]]
// CHECK-NOT: vector.contract
// CHECK: return
func.func @dense(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>)
    attributes {mcore.chip = #mcore.chip<gfx1201>} {
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

// 32x32 of a 2:4 A with K = 32 is 2 x 2 SWMMAC 16x16x32 tiles: the index
// word of each row block (gathered from the metadata nibbles) serves both
// of its tiles.
// CHECK-LABEL: func @sparse
// CHECK-SAME: (%[[V:[^:]+]]: memref<32x16xf16>, %[[M:[^:]+]]: memref<32x1xi32>, %[[B:[^:]+]]: memref<32x32xf16>, %[[C:[^:]+]]: memref<32x32xf32>)
// CHECK: gpu.lane_id
// CHECK: vector.load %[[V]]
// CHECK: memref.load %[[M]]
// CHECK: %[[S0:.+]] = llvm.call_intrinsic "llvm.amdgcn.swmmac.f32.16x16x32.f16"(%[[VA:.+]], %{{.+}}, %{{.+}}, %[[IX:.+]]) : (vector<8xf16>, vector<16xf16>, vector<8xf32>, i32) -> vector<8xf32>
// CHECK-NEXT: llvm.call_intrinsic "llvm.amdgcn.swmmac.f32.16x16x32.f16"(%[[VA]], %{{.+}}, %{{.+}}, %[[IX]])
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.amdgcn.swmmac.f32.16x16x32.f16"
// CHECK-NOT: swmmac
// CHECK-NOT: mcore.expand_2to4
// CHECK-NOT: vector.contract
// CHECK: return
func.func @sparse(%V: memref<32x16xf16>, %M: memref<32x1xi32>, %B: memref<32x32xf16>, %C: memref<32x32xf32>)
    attributes {mcore.chip = #mcore.chip<gfx1201>} {
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
