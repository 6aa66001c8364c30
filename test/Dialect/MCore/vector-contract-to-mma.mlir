// RUN: mcore-opt %s --mcore-vector-contract-to-mma -split-input-file --allow-unregistered-dialect | FileCheck %s

#mk = affine_map<(m, n, k) -> (m, k)>
#km = affine_map<(m, n, k) -> (k, m)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
#nm = affine_map<(m, n, k) -> (n, m)>

// One WMMA tile: the contraction becomes mcore.mma with the instruction.
// CHECK-LABEL: func @wmma_f16
// CHECK-SAME: (%[[A:.+]]: vector<16x16xf16>, %[[B:.+]]: vector<16x16xf16>, %[[C:.+]]: vector<16x16xf32>)
// CHECK: %[[D:.+]] = mcore.mma %[[A]], %[[B]], %[[C]] {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
// CHECK: return %[[D]]
func.func @wmma_f16(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>) -> vector<16x16xf32>
    attributes {mcore.chip = #mcore.chip<gfx1201>} {
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.wave} %a, %b, %c
      : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#km = affine_map<(m, n, k) -> (k, m)>
#nk = affine_map<(m, n, k) -> (n, k)>
#mn = affine_map<(m, n, k) -> (m, n)>
#nm = affine_map<(m, n, k) -> (n, m)>

// Operands indexed (k, m), (n, k) and (n, m) go through vector.transpose;
// the iteration dimensions may come in any order.
// CHECK-LABEL: func @transposed_mfma
// CHECK-SAME: (%[[A:.+]]: vector<8x32xf16>, %[[B:.+]]: vector<32x8xf16>, %[[C:.+]]: vector<32x32xf32>)
// CHECK-DAG: %[[AT:.+]] = vector.transpose %[[A]], [1, 0] : vector<8x32xf16> to vector<32x8xf16>
// CHECK-DAG: %[[BT:.+]] = vector.transpose %[[B]], [1, 0] : vector<32x8xf16> to vector<8x32xf16>
// CHECK-DAG: %[[CT:.+]] = vector.transpose %[[C]], [1, 0]
// CHECK: %[[D:.+]] = mcore.mma %[[AT]], %[[BT]], %[[CT]] {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>}
// CHECK: %[[DT:.+]] = vector.transpose %[[D]], [1, 0]
// CHECK: return %[[DT]]
func.func @transposed_mfma(%a: vector<8x32xf16>, %b: vector<32x8xf16>, %c: vector<32x32xf32>) -> vector<32x32xf32>
    attributes {mcore.chip = #mcore.chip<gfx942>} {
  %d = vector.contract {indexing_maps = [affine_map<(k, m, n) -> (k, m)>, affine_map<(k, m, n) -> (n, k)>, affine_map<(k, m, n) -> (n, m)>],
                        iterator_types = ["reduction", "parallel", "parallel"], kind = #vector.kind<add>, mcore.wave} %a, %b, %c
      : vector<8x32xf16>, vector<32x8xf16> into vector<32x32xf32>
  return %d : vector<32x32xf32>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// Extended inputs are read as the narrow type; extui makes them unsigned.
// CHECK-LABEL: func @extended
// CHECK-SAME: (%[[A:.+]]: vector<16x16xf16>, %[[B:.+]]: vector<16x16xf16>, %[[C:.+]]: vector<16x16xf32>, %[[X:.+]]: vector<16x16xi8>, %[[Y:.+]]: vector<16x16xi8>, %[[Z:.+]]: vector<16x16xi32>)
// CHECK: mcore.mma %[[A]], %[[B]], %[[C]] {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>}
// CHECK: mcore.mma %[[X]], %[[Y]], %[[Z]] {intrinsic = #mcore.intrinsic<wmma_i32_16x16x16_iu8_w32_gfx12>, unsigned_a} : vector<16x16xi8>, vector<16x16xi8> into vector<16x16xi32>
// CHECK-NOT: arith.ext
func.func @extended(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>,
                    %x: vector<16x16xi8>, %y: vector<16x16xi8>, %z: vector<16x16xi32>) -> (vector<16x16xf32>, vector<16x16xi32>)
    attributes {mcore.chip = #mcore.chip<gfx1201>} {
  %ae = arith.extf %a : vector<16x16xf16> to vector<16x16xf32>
  %be = arith.extf %b : vector<16x16xf16> to vector<16x16xf32>
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.wave} %ae, %be, %c
      : vector<16x16xf32>, vector<16x16xf32> into vector<16x16xf32>
  %xe = arith.extui %x : vector<16x16xi8> to vector<16x16xi32>
  %ye = arith.extsi %y : vector<16x16xi8> to vector<16x16xi32>
  %e = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.wave} %xe, %ye, %z
      : vector<16x16xi32>, vector<16x16xi32> into vector<16x16xi32>
  return %d, %e : vector<16x16xf32>, vector<16x16xi32>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// A 2:4 A: the contraction of an mcore.expand_2to4 becomes mcore.sparse_mma
// on the compressed values and the index; the chip is the #rocdl.target of
// the gpu.module.
// CHECK-LABEL: gpu.func @swmmac
// CHECK-SAME: (%[[V:.+]]: vector<16x16xf16>, %[[I:.+]]: vector<16x16xi8>, %[[B:.+]]: vector<32x16xf16>, %[[C:.+]]: vector<16x16xf32>)
// CHECK-NOT: mcore.expand_2to4
// CHECK: mcore.sparse_mma %[[V]], %[[B]], %[[C]], %[[I]] {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>}
gpu.module @kernels [#rocdl.target<chip = "gfx1201">] {
  gpu.func @swmmac(%v: vector<16x16xf16>, %i: vector<16x16xi8>, %b: vector<32x16xf16>, %c: vector<16x16xf32>) {
    %a = mcore.expand_2to4 %v, %i : vector<16x16xf16>, vector<16x16xi8> -> vector<16x32xf16>
    %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.wave} %a, %b, %c
        : vector<16x32xf16>, vector<32x16xf16> into vector<16x16xf32>
    "test.use"(%d) : (vector<16x16xf32>) -> ()
    gpu.return
  }
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// A 32x32x32 contraction on gfx1201 is 2 x 2 WMMA tiles of 16x16 and two K
// steps: the transfers are split with it, the K steps chain.
// CHECK-LABEL: func @unrolled
// CHECK-SAME: (%[[A:.+]]: memref<32x32xf16>, %[[B:.+]]: memref<32x32xf16>, %[[C:.+]]: memref<32x32xf32>)
// CHECK-COUNT-4: vector.transfer_read %[[A]]{{.*}} : memref<32x32xf16>, vector<16x16xf16>
// CHECK-COUNT-4: vector.transfer_read %[[B]]{{.*}} : memref<32x32xf16>, vector<16x16xf16>
// CHECK-COUNT-4: vector.transfer_read %[[C]]{{.*}} : memref<32x32xf32>, vector<16x16xf32>
// CHECK: %[[D0:.+]] = mcore.mma %{{.+}}, %{{.+}}, %{{.+}} {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>}
// CHECK: %[[D1:.+]] = mcore.mma %{{.+}}, %{{.+}}, %[[D0]]
// CHECK-COUNT-6: mcore.mma
// CHECK-NOT: mcore.mma
// CHECK-NOT: vector.contract
// CHECK-NOT: strided_slice
// CHECK-COUNT-4: vector.transfer_write %{{.+}}, %[[C]]{{.*}} : vector<16x16xf32>, memref<32x32xf32>
func.func @unrolled(%A: memref<32x32xf16>, %B: memref<32x32xf16>, %C: memref<32x32xf32>)
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

// A K loop with a 64x32 accumulator on gfx942 (SMFMAC 32x32x16): two
// 32x32 tiles, each an iter_arg of its own, two K steps each; the zero init
// is split, and the 2:4 operands (values, the index from canonical metadata,
// their expansion) are read in tiles: rows 32-63 from metadata row %r + 32,
// the second K step from dense column %k + 16.
// CHECK-LABEL: func @sparse_loop
// CHECK-SAME: (%[[V:.+]]: memref<64x32xf16>, %[[M:.+]]: memref<64x2xi32>, %[[B:.+]]: memref<64x32xf16>, %[[C:.+]]: memref<64x32xf32>, %[[R:.+]]: index)
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
// CHECK-DAG: %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : vector<32x32xf32>
// CHECK: %[[L:.+]]:2 = scf.for %[[K:.+]] = {{.*}} iter_args(%[[ACC0:.+]] = %[[ZERO]], %[[ACC1:.+]] = %[[ZERO]]) -> (vector<32x32xf32>, vector<32x32xf32>)
// CHECK: %[[I00:.+]] = mcore.load_sparse_index %[[M]][%[[R]], %[[K]]] : memref<64x2xi32> -> vector<32x8xi8>
// CHECK: %[[D00:.+]] = mcore.sparse_mma %{{.+}}, %{{.+}}, %[[ACC0]], %[[I00]] {intrinsic = #mcore.intrinsic<smfmac_f32_32x32x16_f16>} : vector<32x8xf16>, vector<16x32xf16>, vector<32x8xi8> into vector<32x32xf32>
// CHECK: %[[K16:.+]] = arith.addi %[[K]], %[[C16]]
// CHECK: %[[I01:.+]] = mcore.load_sparse_index %[[M]][%[[R]], %[[K16]]]
// CHECK: %[[D01:.+]] = mcore.sparse_mma %{{.+}}, %{{.+}}, %[[D00]], %[[I01]]
// CHECK: %[[R32:.+]] = arith.addi %[[R]], %[[C32]]
// CHECK: %[[I10:.+]] = mcore.load_sparse_index %[[M]][%[[R32]], %[[K]]]
// CHECK: %[[D10:.+]] = mcore.sparse_mma %{{.+}}, %{{.+}}, %[[ACC1]], %[[I10]]
// CHECK: %[[D11:.+]] = mcore.sparse_mma %{{.+}}, %{{.+}}, %[[D10]], %{{.+}}
// CHECK: scf.yield %[[D01]], %[[D11]]
// CHECK-NOT: mcore.expand_2to4
// CHECK-DAG: vector.transfer_write %[[L]]#0, %[[C]][%c0, %c0]
// CHECK-DAG: vector.transfer_write %[[L]]#1, %[[C]][%[[C32]], %c0]
func.func @sparse_loop(%V: memref<64x32xf16>, %M: memref<64x2xi32>, %B: memref<64x32xf16>, %C: memref<64x32xf32>, %r: index)
    attributes {mcore.chip = #mcore.chip<gfx942>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %f0 = arith.constant 0.0 : f16
  %zero = arith.constant dense<0.0> : vector<64x32xf32>
  %sum = scf.for %k = %c0 to %c64 step %c32 iter_args(%acc = %zero) -> (vector<64x32xf32>) {
    %kc = arith.divui %k, %c2 : index
    %v = vector.transfer_read %V[%c0, %kc], %f0 {in_bounds = [true, true]} : memref<64x32xf16>, vector<64x16xf16>
    %i = mcore.load_sparse_index %M[%r, %k] : memref<64x2xi32> -> vector<64x16xi8>
    %a = mcore.expand_2to4 %v, %i : vector<64x16xf16>, vector<64x16xi8> -> vector<64x32xf16>
    %b = vector.transfer_read %B[%k, %c0], %f0 {in_bounds = [true, true]} : memref<64x32xf16>, vector<32x32xf16>
    %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.wave} %a, %b, %acc
        : vector<64x32xf16>, vector<32x32xf16> into vector<64x32xf32>
    scf.yield %d : vector<64x32xf32>
  }
  vector.transfer_write %sum, %C[%c0, %c0] {in_bounds = [true, true]} : vector<64x32xf32>, memref<64x32xf32>
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// Host code (no gpu.launch, gpu.module or mcore.chip) is left alone, even
// with chip=.
// CHECK-LABEL: func @host
// CHECK: vector.contract
// CHECK-NOT: mcore.mma
func.func @host(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>) -> vector<16x16xf32> {
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.wave} %a, %b, %c
      : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}
