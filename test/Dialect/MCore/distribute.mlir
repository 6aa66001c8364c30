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

// -----

// Packed i4 tiles (mcore-tile-matmul's LDS form, two values per byte): A is
// read as bytes and bitcast; B as bytes of its N-major tile, bitcast and
// transposed. RDNA4 16x16x32 iu4: a lane holds 16 consecutive k of one row
// of A (one 64-bit load) and of one column of B; the bitcast fragments feed
// the MMA. Signedness stays on the op.
// CHECK-LABEL: func @packed_i4
// CHECK-SAME: (%[[A:[^:]+]]: memref<?x?xi8>, %[[BT:[^:]+]]: memref<?x?xi8>, %{{[^:]+}}: memref<?x?xi32>, %[[I:[^:]+]]: index, %[[J:[^:]+]]: index, %[[K:[^:]+]]: index)
func.func @packed_i4(%A: memref<?x?xi8>, %Bt: memref<?x?xi8>, %C: memref<?x?xi32>, %i: index, %j: index, %k: index) {
  %p = arith.constant 0 : i8
  %z = arith.constant dense<0> : vector<16x16xi32>
  // CHECK: %[[LANE:.+]] = gpu.lane_id
  // CHECK: %[[ROW:.+]] = arith.andi %[[LANE]], %c15 : index
  // CHECK: %[[HALF:.+]] = arith.andi %{{.+}}, %c1 : index
  // CHECK: %[[KOFF:.+]] = arith.muli %[[HALF]], %c8 : index
  // CHECK: %[[AR:.+]] = arith.addi %[[I]], %[[ROW]] : index
  // CHECK: %[[AK:.+]] = arith.addi %[[K]], %[[KOFF]] : index
  // CHECK: %[[AB:.+]] = vector.load %[[A]][%[[AR]], %[[AK]]] : memref<?x?xi8>, vector<8xi8>
  // CHECK: %[[AF:.+]] = vector.bitcast %[[AB]] : vector<8xi8> to vector<16xi4>
  %ab = vector.transfer_read %A[%i, %k], %p {in_bounds = [true, true]} : memref<?x?xi8>, vector<16x16xi8>
  %a = vector.bitcast %ab : vector<16x16xi8> to vector<16x32xi4>
  // CHECK: %[[BR:.+]] = arith.addi %[[J]], %[[ROW]] : index
  // CHECK: %[[BB:.+]] = vector.load %[[BT]][%[[BR]], %[[AK]]] : memref<?x?xi8>, vector<8xi8>
  // CHECK: %[[BF:.+]] = vector.bitcast %[[BB]] : vector<8xi8> to vector<16xi4>
  %bb = vector.transfer_read %Bt[%j, %k], %p {in_bounds = [true, true]} : memref<?x?xi8>, vector<16x16xi8>
  %bn = vector.bitcast %bb : vector<16x16xi8> to vector<16x32xi4>
  %b = vector.transpose %bn, [1, 0] : vector<16x32xi4> to vector<32x16xi4>
  // CHECK-NOT: vector.transpose
  // CHECK: mcore.mma %[[AF]], %[[BF]], %{{.+}} {intrinsic = #mcore.intrinsic<wmma_i32_16x16x32_iu4_w32_gfx12>, unsigned_a} : vector<16xi4>, vector<16xi4> into vector<8xi32>
  %d = mcore.mma %a, %b, %z {intrinsic = #mcore.intrinsic<wmma_i32_16x16x32_iu4_w32_gfx12>, unsigned_a} : vector<16x32xi4>, vector<32x16xi4> into vector<16x16xi32>
  vector.transfer_write %d, %C[%i, %j] {in_bounds = [true, true]} : vector<16x16xi32>, memref<?x?xi32>
  return
}

// -----

// RDNA3 iu4: every lane holds all 16 k of its row (lanes 16-31 repeat lanes
// 0-15): 8 bytes from k / 2 = 0.
// CHECK-LABEL: func @packed_i4_rdna3
// CHECK-SAME: (%[[A:[^:]+]]: memref<?x?xi8>, %[[BT:[^:]+]]: memref<?x?xi8>, %{{[^:]+}}: memref<?x?xi32>, %[[I:[^:]+]]: index, %[[J:[^:]+]]: index, %[[K:[^:]+]]: index)
func.func @packed_i4_rdna3(%A: memref<?x?xi8>, %Bt: memref<?x?xi8>, %C: memref<?x?xi32>, %i: index, %j: index, %k: index) {
  %p = arith.constant 0 : i8
  %z = arith.constant dense<0> : vector<16x16xi32>
  // CHECK: %[[ROW:.+]] = arith.andi %{{.+}}, %c15 : index
  // CHECK: %[[AR:.+]] = arith.addi %[[I]], %[[ROW]] : index
  // CHECK: vector.load %[[A]][%[[AR]], %[[K]]] : memref<?x?xi8>, vector<8xi8>
  %ab = vector.transfer_read %A[%i, %k], %p {in_bounds = [true, true]} : memref<?x?xi8>, vector<16x8xi8>
  %a = vector.bitcast %ab : vector<16x8xi8> to vector<16x16xi4>
  // CHECK: %[[BR:.+]] = arith.addi %[[J]], %[[ROW]] : index
  // CHECK: vector.load %[[BT]][%[[BR]], %[[K]]] : memref<?x?xi8>, vector<8xi8>
  %bb = vector.transfer_read %Bt[%j, %k], %p {in_bounds = [true, true]} : memref<?x?xi8>, vector<16x8xi8>
  %bn = vector.bitcast %bb : vector<16x8xi8> to vector<16x16xi4>
  %b = vector.transpose %bn, [1, 0] : vector<16x16xi4> to vector<16x16xi4>
  // CHECK: mcore.mma {{.+}} : vector<16xi4>, vector<16xi4> into vector<8xi32>
  %d = mcore.mma %a, %b, %z {intrinsic = #mcore.intrinsic<wmma_i32_16x16x16_iu4_w32>} : vector<16x16xi4>, vector<16x16xi4> into vector<16x16xi32>
  vector.transfer_write %d, %C[%i, %j] {in_bounds = [true, true]} : vector<16x16xi32>, memref<?x?xi32>
  return
}

// -----

// SWMMAC f16 with metadata in its native order: the index word is one
// metadata word shifted by the lane's half (16 bits for lanes 16-31) and
// masked to the lane's 16 bits.
// CHECK-LABEL: func @swmmac_native
// CHECK: %[[W:.+]] = memref.load %{{.+}}[%{{.+}}, %c0] : memref<128x2xi32, #gpu.address_space<workgroup>>
// CHECK: %[[SH:.+]] = arith.shrui %{{.+}}, %{{.+}} : i32
// CHECK: %[[IDX:.+]] = arith.andi %[[SH]], %c65535_i32 : i32
// CHECK: mcore.sparse_mma %{{.+}}, %{{.+}}, %{{.+}}, %[[IDX]] {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>}
func.func @swmmac_native(%M: memref<128x2xi32, #gpu.address_space<workgroup>>, %i: index, %C: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %idx = mcore.load_sparse_index %M[%i, %c0] native : memref<128x2xi32, #gpu.address_space<workgroup>> -> vector<16x16xi8>
  %z = arith.constant dense<0.0> : vector<16x16xf32>
  %a = arith.constant dense<1.0> : vector<16x16xf16>
  %b = arith.constant dense<1.0> : vector<32x16xf16>
  %d = mcore.sparse_mma %a, %b, %z, %idx {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>} : vector<16x16xf16>, vector<32x16xf16>, vector<16x16xi8> into vector<16x16xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32>
  return
}

// -----

// The same with `halves`: each native word is stored with its 16-bit
// rotation after it, so lanes 16-31 read word 2w + 1 (the column is
// (lane's first nibble) >> 2) and no lane masks its word: SWMMAC reads the
// low 16 bits, index set 0.
// CHECK-LABEL: func @swmmac_halves
// CHECK: %[[HALF:.+]] = arith.shrui %{{.+}}, %c2 : index
// CHECK: %[[COL:.+]] = arith.minui %[[HALF]], %c1 : index
// CHECK: %[[W:.+]] = memref.load %{{.+}}[%{{.+}}, %[[COL]]] : memref<128x2xi32, #gpu.address_space<workgroup>>
// CHECK: %[[SEL:.+]] = arith.select %{{.+}}, %[[W]], %{{.+}} : i32
// CHECK: %[[IDX:.+]] = arith.shrui %[[SEL]], %{{.+}} : i32
// CHECK-NOT: arith.andi
// CHECK: mcore.sparse_mma %{{.+}}, %{{.+}}, %{{.+}}, %[[IDX]] {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>}
func.func @swmmac_halves(%M: memref<128x2xi32, #gpu.address_space<workgroup>>, %i: index, %C: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %idx = mcore.load_sparse_index %M[%i, %c0] native halves : memref<128x2xi32, #gpu.address_space<workgroup>> -> vector<16x16xi8>
  %z = arith.constant dense<0.0> : vector<16x16xf32>
  %a = arith.constant dense<1.0> : vector<16x16xf16>
  %b = arith.constant dense<1.0> : vector<32x16xf16>
  %d = mcore.sparse_mma %a, %b, %z, %idx {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>} : vector<16x16xf16>, vector<32x16xf16>, vector<16x16xi8> into vector<16x16xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32>
  return
}

// -----

// A vote over a C tile (the fix of a decompressed 2:4 operand's pruned
// zeros, TileMatmulStructuralZeros.cpp): each lane reduces the i1
// fragment it holds, and a ballot of the wave gives every lane the tile's
// answer, which may bound a loop; wave32 votes in an i32, wave64 in an i64.
// CHECK-LABEL: func @vote_wave32
func.func @vote_wave32(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f16
  %false = arith.constant false
  %z = arith.constant dense<0.0> : vector<16x16xf32>
  %a = vector.transfer_read %A[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %d = mcore.mma %a, %b, %z {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  // CHECK: %[[DIFF:.+]] = arith.subf %[[D:.+]], %[[D]] : vector<8xf32>
  %diff = arith.subf %d, %d : vector<16x16xf32>
  // CHECK: %[[BAD:.+]] = arith.cmpf uno, %[[DIFF]], %[[DIFF]] : vector<8xf32>
  %bad = arith.cmpf uno, %diff, %diff : vector<16x16xf32>
  // CHECK: %[[LANE:.+]] = vector.reduction <or>, %[[BAD]] : vector<8xi1> into i1
  // CHECK: %[[VOTES:.+]] = rocdl.ballot %[[LANE]] : i32
  // CHECK: %[[ANY:.+]] = arith.cmpi ne, %[[VOTES]], %c0_i32 : i32
  %any = vector.multi_reduction <or>, %bad, %false [0, 1] : vector<16x16xi1> to i1
  // CHECK: arith.select %[[ANY]], %{{.+}}, %c0 : index
  %trip = arith.select %any, %n, %c0 : index
  %fixed = arith.select %bad, %z, %d : vector<16x16xi1>, vector<16x16xf32>
  vector.transfer_write %fixed, %C[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32>
  return %trip : index
}

// -----

// CHECK-LABEL: func @vote_wave64
func.func @vote_wave64(%A: memref<32x8xf16>, %B: memref<8x32xf16>, %C: memref<32x32xf32>, %acc: i1) -> i1 {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f16
  %z = arith.constant dense<0.0> : vector<32x32xf32>
  %a = vector.transfer_read %A[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<32x8xf16>, vector<32x8xf16>
  %b = vector.transfer_read %B[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<8x32xf16>, vector<8x32xf16>
  %d = mcore.mma %a, %b, %z {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>} : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
  %bad = arith.cmpf uno, %d, %d : vector<32x32xf32>
  // CHECK: %[[LANE:.+]] = vector.reduction <or>, %{{.+}} : vector<16xi1> into i1
  // CHECK: rocdl.ballot %[[LANE]] : i64
  // The accumulator joins the answer.
  // CHECK: arith.ori %{{.+}}, %arg3
  %any = vector.multi_reduction <or>, %bad, %acc [0, 1] : vector<32x32xi1> to i1
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32>
  return %any : i1
}

// -----

// gfx950's block-scaled MFMA 16x16x128, fp8 A and fp4 B: A's 32 fp8 k of
// a lane are two runs of 16 (CK's NumAccess 2), read as two vector loads;
// FP4 takes a byte per element in memory while a vector of it is
// bit-packed, so B's run of 32 (its 4-bit layout holds 32 consecutive k
// per lane) is read as one vector load of 32 bytes, whose 8 words are
// packed two at a time into four 32-bit words with K interleaved by eights
// (interleavesK: element 8g + 4h + j at position 8g + 2j + h): lo | hi <<
// 4. A's bytes are shuffled into the same order, so that each position
// still pairs one k of A with the same k of B. Each lane holds one scale
// of A (row lane % 16, block lane / 16) and one of B, in every byte of its
// scale word.
// CHECK-LABEL: func @scaled_mfma
// CHECK-SAME: (%[[A:[^:]+]]: memref<16x128xf8E4M3FN>, %[[BT:[^:]+]]: memref<16x128xf4E2M1FN>, %[[SA:[^:]+]]: memref<16x4xf8E8M0FNU>, %[[SB:[^:]+]]: memref<16x4xf8E8M0FNU>
func.func @scaled_mfma(%A: memref<16x128xf8E4M3FN>, %Bt: memref<16x128xf4E2M1FN>, %SA: memref<16x4xf8E8M0FNU>, %SB: memref<16x4xf8E8M0FNU>, %C: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %fa = arith.constant 0.0 : f8E4M3FN
  %fb = arith.constant 0.0 : f4E2M1FN
  %one = arith.constant 1.0 : f8E8M0FNU
  %z = arith.constant 0.0 : f32
  %acc = vector.transfer_read %C[%c0, %c0], %z {in_bounds = [true, true]} : memref<16x16xf32>, vector<16x16xf32>
  // CHECK: %[[A0:.+]] = vector.load %[[A]][%{{.*}}, %{{.*}}] : memref<16x128xf8E4M3FN>, vector<16xf8E4M3FN>
  // CHECK-NEXT: vector.shuffle %[[A0]], %[[A0]] [0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15]
  // CHECK: %[[A1:.+]] = vector.load %[[A]][%{{.*}}, %{{.*}}] : memref<16x128xf8E4M3FN>, vector<16xf8E4M3FN>
  // CHECK-NEXT: vector.shuffle %[[A1]], %[[A1]] [0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15]
  %a = vector.transfer_read %A[%c0, %c0], %fa {in_bounds = [true, true]} : memref<16x128xf8E4M3FN>, vector<16x128xf8E4M3FN>
  // CHECK: %[[SAS:.+]] = vector.load %[[SA]][%{{.*}}, %{{.*}}] : memref<16x4xf8E8M0FNU>, vector<1xf8E8M0FNU>
  %sa = vector.transfer_read %SA[%c0, %c0], %one {in_bounds = [true, true]} : memref<16x4xf8E8M0FNU>, vector<16x4xf8E8M0FNU>
  // CHECK: %[[B0:.+]] = vector.load %[[BT]][%{{.*}}, %{{.*}}] : memref<16x128xf4E2M1FN>, vector<32xf4E2M1FN>
  // CHECK: %[[B0I:.+]] = arith.bitcast %[[B0]] : vector<32xf4E2M1FN> to vector<32xi4>
  // CHECK: %[[B0B:.+]] = arith.extui %[[B0I]] : vector<32xi4> to vector<32xi8>
  // CHECK: %[[B0W:.+]] = vector.bitcast %[[B0B]] : vector<32xi8> to vector<8xi32>
  // CHECK: %[[X0:.+]] = vector.extract %[[B0W]][0] : i32 from vector<8xi32>
  // CHECK: %[[X1:.+]] = vector.extract %[[B0W]][1] : i32 from vector<8xi32>
  // CHECK: %[[X1S:.+]] = arith.shli %[[X1]], %c4_i32
  // CHECK: arith.ori %[[X0]], %[[X1S]] : i32
  // CHECK-NOT: memref.load %[[BT]]
  // CHECK-NOT: vector.load %[[BT]]
  // CHECK: %[[BW:.+]] = vector.from_elements {{.*}} : vector<4xi32>
  // CHECK: %[[BF:.+]] = vector.bitcast %[[BW]] : vector<4xi32> to vector<32xf4E2M1FN>
  %b = vector.transfer_read %Bt[%c0, %c0], %fb {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<16x128xf4E2M1FN>, vector<128x16xf4E2M1FN>
  // CHECK: %[[SBS:.+]] = vector.load %[[SB]][%{{.*}}, %{{.*}}] : memref<16x4xf8E8M0FNU>, vector<1xf8E8M0FNU>
  %sb = vector.transfer_read %SB[%c0, %c0], %one {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<16x4xf8E8M0FNU>, vector<4x16xf8E8M0FNU>
  // CHECK-DAG: %[[WA:.+]] = vector.broadcast %[[SAS]] : vector<1xf8E8M0FNU> to vector<4xf8E8M0FNU>
  // CHECK-DAG: %[[WB:.+]] = vector.broadcast %[[SBS]] : vector<1xf8E8M0FNU> to vector<4xf8E8M0FNU>
  // CHECK: mcore.scaled_mma %{{.*}}, %[[BF]], %{{.*}}, %[[WA]], %[[WB]] {intrinsic = #mcore.intrinsic<mfma_scale_f32_16x16x128_f8f6f4_fp8_fp4>} : vector<32xf8E4M3FN>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<4xf8E8M0FNU> into vector<4xf32>
  %d = mcore.scaled_mma %a, %b, %acc, %sa, %sb {intrinsic = #mcore.intrinsic<mfma_scale_f32_16x16x128_f8f6f4_fp8_fp4>} : vector<16x128xf8E4M3FN>, vector<128x16xf4E2M1FN>, vector<16x4xf8E8M0FNU>, vector<4x16xf8E8M0FNU> into vector<16x16xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32>
  return
}

// -----

// gfx1250's block-scaled WMMA 16x16x128 (wave32), fp8 A and B: each lane
// of the set's half (ScaleInfo: lanes 0-15 for matrix_*_scale 0) holds the
// 4 scales of its row of A (column of B), one per k block, as its scale
// word: one load of 4 bytes, no broadcast. Lanes 16-31 read the same row's
// scales, which the instruction does not read.
// CHECK-LABEL: func @scaled_wmma_gfx1250
// CHECK-SAME: (%[[A:[^:]+]]: memref<16x128xf8E4M3FN>, %[[BT:[^:]+]]: memref<16x128xf8E4M3FN>, %[[SA:[^:]+]]: memref<16x4xf8E8M0FNU>, %[[SB:[^:]+]]: memref<16x4xf8E8M0FNU>
func.func @scaled_wmma_gfx1250(%A: memref<16x128xf8E4M3FN>, %Bt: memref<16x128xf8E4M3FN>, %SA: memref<16x4xf8E8M0FNU>, %SB: memref<16x4xf8E8M0FNU>, %C: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 0.0 : f8E4M3FN
  %one = arith.constant 1.0 : f8E8M0FNU
  %z = arith.constant 0.0 : f32
  %acc = vector.transfer_read %C[%c0, %c0], %z {in_bounds = [true, true]} : memref<16x16xf32>, vector<16x16xf32>
  %a = vector.transfer_read %A[%c0, %c0], %f {in_bounds = [true, true]} : memref<16x128xf8E4M3FN>, vector<16x128xf8E4M3FN>
  // CHECK: %[[LANE:.+]] = gpu.lane_id
  // CHECK: %[[ROW:.+]] = arith.andi %[[LANE]], %c15 : index
  // CHECK: %[[SAW:.+]] = vector.load %[[SA]][%[[ROW]], %c0] : memref<16x4xf8E8M0FNU>, vector<4xf8E8M0FNU>
  %sa = vector.transfer_read %SA[%c0, %c0], %one {in_bounds = [true, true]} : memref<16x4xf8E8M0FNU>, vector<16x4xf8E8M0FNU>
  %b = vector.transfer_read %Bt[%c0, %c0], %f {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<16x128xf8E4M3FN>, vector<128x16xf8E4M3FN>
  // CHECK: %[[SBW:.+]] = vector.load %[[SB]][%[[ROW]], %c0] : memref<16x4xf8E8M0FNU>, vector<4xf8E8M0FNU>
  %sb = vector.transfer_read %SB[%c0, %c0], %one {in_bounds = [true, true], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<16x4xf8E8M0FNU>, vector<4x16xf8E8M0FNU>
  // CHECK-NOT: vector.broadcast
  // CHECK: mcore.scaled_mma %{{.*}}, %{{.*}}, %{{.*}}, %[[SAW]], %[[SBW]] {intrinsic = #mcore.intrinsic<wmma_scale_f32_16x16x128_f8f6f4_fp8_fp8>} : vector<64xf8E4M3FN>, vector<64xf8E4M3FN>, vector<4xf8E8M0FNU>, vector<4xf8E8M0FNU> into vector<8xf32>
  %d = mcore.scaled_mma %a, %b, %acc, %sa, %sb {intrinsic = #mcore.intrinsic<wmma_scale_f32_16x16x128_f8f6f4_fp8_fp8>} : vector<16x128xf8E4M3FN>, vector<128x16xf8E4M3FN>, vector<16x4xf8E8M0FNU>, vector<4x16xf8E8M0FNU> into vector<16x16xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32>
  return
}
