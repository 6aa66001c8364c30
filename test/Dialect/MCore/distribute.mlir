// RUN: mcore-opt %s --mcore-distribute --canonicalize --cse -split-input-file | FileCheck %s

// MFMA 16x16x32 f16: each lane reads eight contiguous k of one A row (one
// 128-bit load), eight contiguous k of one B column from an N-major tile,
// and keeps four C values of one column in a loop-carried fragment.
// CHECK-LABEL: func @mfma_loop
// CHECK-SAME: (%[[A:[^:]+]]: memref<?x?xf16>, %[[BT:[^:]+]]: memref<?x?xf16>, %[[C:[^:]+]]: memref<?x?xf32>, %[[I:[^:]+]]: index, %[[J:[^:]+]]: index
func.func @mfma_loop(%A: memref<?x?xf16>, %Bt: memref<?x?xf16>, %C: memref<?x?xf32>, %i: index, %j: index, %kend: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %f0 = arith.constant 0.0 : f16
  %z = arith.constant 0.0 : f32
  // CHECK: %[[LANE:.+]] = gpu.lane_id
  // CHECK-DAG: %[[COL:.+]] = arith.andi %[[LANE]], %c15 : index
  // Out-of-bounds C reads keep their bounds checks, one element at a time.
  // CHECK-COUNT-4: vector.transfer_read %[[C]]{{.*}} : memref<?x?xf32>, vector<1x1xf32>
  %c0v = vector.transfer_read %C[%i, %j], %z : memref<?x?xf32>, vector<16x16xf32>
  // CHECK: %[[R:.+]] = scf.for {{.*}} iter_args(%[[ACC:.+]] = %{{.*}}) -> (vector<4xf32>)
  %r = scf.for %k = %c0 to %kend step %c32 iter_args(%acc = %c0v) -> vector<16x16xf32> {
    // CHECK: %[[AF:.+]] = vector.load %[[A]][%{{.*}}, %{{.*}}] : memref<?x?xf16>, vector<8xf16>
    %a = vector.transfer_read %A[%i, %k], %f0 {in_bounds = [true, true]} : memref<?x?xf16>, vector<16x32xf16>
    // CHECK: %[[BF:.+]] = vector.load %[[BT]][%{{.*}}, %{{.*}}] : memref<?x?xf16>, vector<8xf16>
    %b = vector.transfer_read %Bt[%j, %k], %f0 {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf16>, vector<32x16xf16>
    // CHECK: %[[D:.+]] = mcore.mma %[[AF]], %[[BF]], %[[ACC]] {intrinsic = #mcore.intrinsic<mfma_f32_16x16x32_f16>} : vector<8xf16>, vector<8xf16> into vector<4xf32>
    %d = mcore.mma %a, %b, %acc {intrinsic = #mcore.intrinsic<mfma_f32_16x16x32_f16>} : vector<16x32xf16>, vector<32x16xf16> into vector<16x16xf32>
    // CHECK: scf.yield %[[D]] : vector<4xf32>
    scf.yield %d : vector<16x16xf32>
  }
  // Stores stay inside the matrix: masked writes, one per element.
  // CHECK-COUNT-4: vector.transfer_write %{{.*}}, %[[C]]{{.*}} : vector<1x1xf32>, memref<?x?xf32>
  vector.transfer_write %r, %C[%i, %j] : vector<16x16xf32>, memref<?x?xf32>
  return
}

// -----

// SWMMAC f16: A is two runs of four compressed k (k 0-3 and 8-11 in lanes
// 0-15); the index word takes two runs of two metadata nibbles (groups 0-1
// and 4-5 for lanes 0-15), each cut from a 64-bit window of two metadata
// words; element-wise ops follow the C layout.
// CHECK-LABEL: func @swmmac
func.func @swmmac(%A: memref<?x?xf16>, %M: memref<?x?xi32>, %Bt: memref<?x?xf16>, %D: memref<?x?xf16>, %i: index, %j: index, %k: index, %kc: index) {
  %f0 = arith.constant 0.0 : f16
  // CHECK-DAG: %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : vector<8xf32>
  %z = arith.constant dense<0.0> : vector<16x16xf32>
  // CHECK-COUNT-2: vector.load %{{.*}} : memref<?x?xf16>, vector<4xf16>
  %a = vector.transfer_read %A[%i, %kc], %f0 {in_bounds = [true, true]} : memref<?x?xf16>, vector<16x16xf16>
  // CHECK-COUNT-2: memref.load %{{.*}} : memref<?x?xi32>
  // CHECK: %[[RUN0:.+]] = arith.andi %{{.*}}, %c255_i32 : i32
  // CHECK-COUNT-2: memref.load %{{.*}} : memref<?x?xi32>
  // CHECK: %[[RUN1:.+]] = arith.andi %{{.*}}, %c255_i32 : i32
  // CHECK: %[[HI:.+]] = arith.shli %[[RUN1]], %c8_i32 : i32
  // CHECK: %[[IDX:.+]] = arith.ori %[[RUN0]], %[[HI]] : i32
  %idx = mcore.load_sparse_index %M[%i, %k] : memref<?x?xi32> -> vector<16x16xi8>
  // CHECK-COUNT-2: vector.load %{{.*}} : memref<?x?xf16>, vector<8xf16>
  %b = vector.transfer_read %Bt[%j, %k], %f0 {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf16>, vector<32x16xf16>
  // CHECK: %[[S:.+]] = mcore.sparse_mma %{{.*}}, %{{.*}}, %[[ZERO]], %[[IDX]] {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>} : vector<8xf16>, vector<16xf16>, i32 into vector<8xf32>
  %d = mcore.sparse_mma %a, %b, %z, %idx {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>} : vector<16x16xf16>, vector<32x16xf16>, vector<16x16xi8> into vector<16x16xf32>
  // CHECK: %[[H:.+]] = arith.truncf %[[S]] : vector<8xf32> to vector<8xf16>
  %h = arith.truncf %d : vector<16x16xf32> to vector<16x16xf16>
  // In-bounds stores of single elements (C elements of a lane share a column).
  // CHECK-COUNT-8: vector.store %{{.*}}, %{{.*}} : memref<?x?xf16>, vector<1xf16>
  vector.transfer_write %h, %D[%i, %j] {in_bounds = [true, true]} : vector<16x16xf16>, memref<?x?xf16>
  return
}

// -----

// RDNA3's 16-bit accumulator: 8 values in the low halves of 16 slots.
// CHECK-LABEL: func @rdna3_f16_acc
func.func @rdna3_f16_acc(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf16>) {
  // CHECK: %[[Z:.+]] = arith.constant dense<0.000000e+00> : vector<16xf16>
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f16
  // CHECK: vector.load %{{.*}} : memref<16x16xf16>, vector<16xf16>
  %a = vector.transfer_read %A[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %f0 {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<16x16xf16>, vector<16x16xf16>
  %z = arith.constant dense<0.0> : vector<16x16xf16>
  // CHECK: %[[D:.+]] = mcore.mma %{{.*}}, %{{.*}}, %[[Z]] {{.*}} : vector<16xf16>, vector<16xf16> into vector<16xf16>
  %d = mcore.mma %a, %b, %z {intrinsic = #mcore.intrinsic<wmma_f16_16x16x16_f16_w32>} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf16>
  // Only the even slots are stored.
  // CHECK: vector.extract %[[D]][0] : f16 from vector<16xf16>
  // CHECK: vector.extract %[[D]][2] : f16 from vector<16xf16>
  // CHECK-NOT: vector.extract %[[D]][1]
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf16>, memref<16x16xf16>
  return
}
