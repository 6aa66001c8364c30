// RUN: mcore-opt %s --mcore-vector-contract-to-mma=chip=gfx1100 --mcore-distribute --canonicalize --cse --convert-mcore-to-amdgpu=chip=gfx1100 --convert-amdgpu-to-rocdl=chipset=gfx1100 -split-input-file | FileCheck %s

// A hand-written vector.contract on gfx1100, through mcore's distribution and
// lowering to the matrix instruction: dense WMMA (RDNA3 has no sparse instruction).

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// 32x32x32 is 2 x 2 WMMA 16x16x16 tiles, two K steps each; RDNA3 lanes
// hold sixteen f16 of A and of B (both halves of the wave replicate them).
// CHECK-LABEL: func @dense
// CHECK-SAME: (%[[A:[^:]+]]: memref<32x32xf16>, %[[B:[^:]+]]: memref<32x32xf16>, %[[C:[^:]+]]: memref<32x32xf32>)
// CHECK: gpu.lane_id
// CHECK: vector.load %[[A]]
// CHECK: %[[W0:.+]] = rocdl.wmma.f32.16x16x16.f16 %{{.+}}, %{{.+}}, %{{.+}} : (vector<16xf16>, vector<16xf16>, vector<8xf32>) -> vector<8xf32>
// CHECK-NEXT: rocdl.wmma.f32.16x16x16.f16 %{{.+}}, %{{.+}}, %[[W0]]
// CHECK-COUNT-6: rocdl.wmma.f32.16x16x16.f16
// CHECK-NOT: rocdl.wmma
// CHECK-NOT: vector.contract
// CHECK: return
func.func @dense(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>)
    attributes {mcore.chip = #mcore.chip<gfx1100>} {
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
