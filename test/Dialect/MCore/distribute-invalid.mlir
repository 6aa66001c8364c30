// RUN: mcore-opt %s --mcore-distribute -split-input-file -verify-diagnostics

func.func @no_intrinsic(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>) -> vector<16x16xf32> {
  // expected-error @+1 {{mcore-distribute needs the intrinsic of every whole-tile op; run mcore-select-intrinsics first}}
  %d = mcore.mma %a, %b, %c : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}

// -----

func.func @two_layouts(%m: memref<16x16xf16>, %c: vector<16x16xf16>) -> vector<16x16xf16> {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f16
  // expected-error @+1 {{this whole-tile value is used as A of wmma_f16_16x16x16_f16_w32_gfx12 and as B of wmma_f16_16x16x16_f16_w32_gfx12; mcore-distribute needs one layout per value}}
  %a = vector.transfer_read %m[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %d = mcore.mma %a, %a, %c {intrinsic = #mcore.intrinsic<wmma_f16_16x16x16_f16_w32_gfx12>} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf16>
  return %d : vector<16x16xf16>
}

// -----

func.func @unsupported_producer(%m: memref<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>, %v: vector<16xf16>) -> vector<16x16xf32> {
  // expected-error @+1 {{mcore-distribute cannot distribute 'vector.broadcast' on a whole-tile value}}
  %a = vector.broadcast %v : vector<16xf16> to vector<16x16xf16>
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}

// -----

func.func @not_splat(%a: vector<16x16xf16>, %b: vector<16x16xf16>) -> vector<16x16xf32> {
  // expected-error @+1 {{mcore-distribute handles splat whole-tile constants only}}
  %c = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
    [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0]]> : vector<16x16xf32>
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}

// -----

// A packed B tile must hold pairs of consecutive elements of one lane along
// its second dimension; B of the RDNA4 iu4 WMMA holds one column per lane
// (its elements go down K), so it is packed along K only once transposed.
func.func @not_packable(%m: memref<32x8xi8>, %a: vector<16x32xi4>, %c: vector<16x16xi32>) -> vector<16x16xi32> {
  %p = arith.constant 0 : i8
  %i = arith.constant 0 : index
  // expected-error @+1 {{mcore-distribute cannot pack 2 elements of B of wmma_i32_16x16x32_iu4_w32_gfx12, 2 elements per element: the lane does not hold them consecutively along the tile's second dimension}}
  %bytes = vector.transfer_read %m[%i, %i], %p {in_bounds = [true, true]} : memref<32x8xi8>, vector<32x8xi8>
  %b = vector.bitcast %bytes : vector<32x8xi8> to vector<32x16xi4>
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_i32_16x16x32_iu4_w32_gfx12>} : vector<16x32xi4>, vector<32x16xi4> into vector<16x16xi32>
  return %d : vector<16x16xi32>
}

// -----

// Packed bytes are reinterpreted after they are transposed, not before.
func.func @transposed_bytes(%m: memref<16x16xi8>, %b: vector<32x16xi4>, %c: vector<16x16xi32>) -> vector<16x16xi32> {
  %p = arith.constant 0 : i8
  %i = arith.constant 0 : index
  %bytes = vector.transfer_read %m[%i, %i], %p {in_bounds = [true, true]} : memref<16x16xi8>, vector<16x16xi8>
  // expected-error @+1 {{mcore-distribute cannot transpose a tile of packed elements (A of wmma_i32_16x16x32_iu4_w32_gfx12, 2 elements per element)}}
  %t = vector.transpose %bytes, [1, 0] : vector<16x16xi8> to vector<16x16xi8>
  %a = vector.bitcast %t : vector<16x16xi8> to vector<16x32xi4>
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_i32_16x16x32_iu4_w32_gfx12>} : vector<16x32xi4>, vector<32x16xi4> into vector<16x16xi32>
  return %d : vector<16x16xi32>
}

// -----

// A whole tile that arrives as a function argument has no per-lane form.
func.func @tile_argument(%a: vector<16x16xf16>, %m: memref<16x16xf16>) -> vector<16x16xf32> {
  %p = arith.constant 0.0 : f16
  %i = arith.constant 0 : index
  %z = arith.constant dense<0.0> : vector<16x16xf32>
  %b = vector.transfer_read %m[%i, %i], %p {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  // expected-error @+1 {{mcore-distribute cannot distribute a whole tile that enters as argument #0 of 'func.func' (A of wmma_f32_16x16x16_f16_w32_gfx12); whole tiles must be read (vector.transfer_read, mcore.load_sparse_index), be constants, or be carried by scf.for}}
  %d = mcore.mma %a, %b, %z {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}

// -----

// `halves` where the instruction's native order has no lane halves (SMFMAC
// 32x32x16: a K step is four groups, half a word).
func.func @halves_smfmac(%M: memref<32x2xi32>, %C: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'mcore.load_sparse_index' op has 'halves', but its instruction's index layout does not give each lane half of a word}}
  %idx = mcore.load_sparse_index %M[%c0, %c0] native halves : memref<32x2xi32> -> vector<32x8xi8>
  %z = arith.constant dense<0.0> : vector<32x32xf32>
  %a = arith.constant dense<1.0> : vector<32x8xf16>
  %b = arith.constant dense<1.0> : vector<16x32xf16>
  %d = mcore.sparse_mma %a, %b, %z, %idx {intrinsic = #mcore.intrinsic<smfmac_f32_32x32x16_f16>} : vector<32x8xf16>, vector<16x32xf16>, vector<32x8xi8> into vector<32x32xf32>
  vector.transfer_write %d, %C[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32>
  return
}

// -----

// A whole-tile reduction other than <or> to one i1 has no distribution.
func.func @reduce_add(%A: memref<16x16xf16>, %B: memref<16x16xf16>) -> f32 {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f16
  %zero = arith.constant 0.0 : f32
  %z = arith.constant dense<0.0> : vector<16x16xf32>
  %a = vector.transfer_read %A[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %d = mcore.mma %a, %b, %z {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  // expected-error @+1 {{mcore-distribute reduces a whole tile only with <or>, over both dimensions}}
  %s = vector.multi_reduction <add>, %d, %zero [0, 1] : vector<16x16xf32> to f32
  return %s : f32
}
