// RUN: mcore-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{unknown chip 'gfx1234'; supported chips: gfx908, gfx90a, gfx942, gfx950, gfx1100, gfx1101, gfx1102, gfx1200, gfx1201}}
func.func @unknown_chip() attributes {mcore.chip = #mcore.chip<gfx1234>} {
  return
}

// -----

// expected-error @+1 {{unknown matrix intrinsic 'mfma_f32_32x32x8_f16'; did you mean mfma_f32_32x32x8f16}}
func.func @unknown_intrinsic() attributes {i = #mcore.intrinsic<mfma_f32_32x32x8_f16>} {
  return
}

// -----

func.func @bad_a_type(%a: vector<16x16xi16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{'mcore.mma' op operand #0 must be fixed-length vector of}}
  %d = mcore.mma %a, %b, %c : vector<16x16xi16>, vector<16x16xf16> into vector<16x16xf32>
  return
}

// -----

func.func @i32_input(%a: vector<16x16xi32>, %b: vector<16x16xi8>, %c: vector<16x16xi32>) {
  // expected-error @+1 {{A element type 'i32' is not a matrix-instruction input (f16, bf16, fp8, bf8, i8, i4, f32, f64; fp6, bf6 and fp4 with gfx1250}}
  %d = mcore.mma %a, %b, %c : vector<16x16xi32>, vector<16x16xi8> into vector<16x16xi32>
  return
}

// -----

func.func @i8_b_input(%a: vector<16x16xf16>, %b: vector<16x16xi32>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{B element type 'i32' is not a matrix-instruction input}}
  %d = mcore.mma %a, %b, %c : vector<16x16xf16>, vector<16x16xi32> into vector<16x16xf32>
  return
}

// -----

func.func @fp8_acc(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf8E4M3FN>) {
  // expected-error @+1 {{C element type 'f8E4M3FN' is not a matrix-instruction accumulator (f32, f16, bf16, i32, f64)}}
  %d = mcore.mma %a, %b, %c : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf8E4M3FN>
  return
}

// -----

func.func @mixed_int_float(%a: vector<16x16xi8>, %b: vector<16x16xi8>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{A, B and C must be all integer or all floating point, got 'i8', 'i8' and 'f32'}}
  %d = mcore.mma %a, %b, %c : vector<16x16xi8>, vector<16x16xi8> into vector<16x16xf32>
  return
}

// -----

func.func @mixed_fp8_encodings(%a: vector<16x32xf8E4M3FN>, %b: vector<32x16xf8E4M3FNUZ>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{A and B must use the same fp8 encoding (OCP or FNUZ), got 'f8E4M3FN' and 'f8E4M3FNUZ'}}
  %d = mcore.mma %a, %b, %c : vector<16x32xf8E4M3FN>, vector<32x16xf8E4M3FNUZ> into vector<16x16xf32>
  return
}

// -----

func.func @unsigned_float(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{'unsigned_a' needs integer A, got 'f16'}}
  %d = mcore.mma %a, %b, %c {unsigned_a} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  return
}

// -----

func.func @unsigned_b_float(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{'unsigned_b' needs integer B, got 'f16'}}
  %d = mcore.mma %a, %b, %c {unsigned_b} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  return
}

// -----

func.func @clamp_float(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{'clamp' needs an integer accumulator, got 'f32'}}
  %d = mcore.mma %a, %b, %c {clamp} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  return
}

// -----

func.func @rank_mismatch(%a: vector<16x16xf16>, %b: vector<16xf16>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{A, B and C must all be 2-D tiles or all be 1-D fragments, got ranks 2, 1 and 2}}
  %d = mcore.mma %a, %b, %c : vector<16x16xf16>, vector<16xf16> into vector<16x16xf32>
  return
}

// -----

func.func @fragments_without_intrinsic(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<4xf32>) {
  // expected-error @+1 {{per-lane fragments need an 'intrinsic' that defines their layout}}
  %d = mcore.mma %a, %b, %c : vector<4xf16>, vector<4xf16> into vector<4xf32>
  return
}

// -----

func.func @rank3(%a: vector<2x16x16xf16>, %b: vector<2x16x16xf16>, %c: vector<2x16x16xf32>) {
  // expected-error @+1 {{operands must be 2-D tiles or 1-D fragments, got rank 3}}
  %d = mcore.mma %a, %b, %c : vector<2x16x16xf16>, vector<2x16x16xf16> into vector<2x16x16xf32>
  return
}

// -----

func.func @shape_mismatch(%a: vector<16x16xf16>, %b: vector<16x32xf16>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{tile shapes do not agree: A 'vector<16x16xf16>', B 'vector<16x32xf16>', C 'vector<16x16xf32>' (need A MxK, B KxN, C MxN)}}
  %d = mcore.mma %a, %b, %c : vector<16x16xf16>, vector<16x32xf16> into vector<16x16xf32>
  return
}

// -----

func.func @k_mismatch(%a: vector<16x8xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{A must have K = 16 columns to match B 'vector<16x16xf16>', got 'vector<16x8xf16>'}}
  %d = mcore.mma %a, %b, %c : vector<16x8xf16>, vector<16x16xf16> into vector<16x16xf32>
  return
}

// -----

func.func @sparse_k_mismatch(%a: vector<16x32xf16>, %b: vector<32x16xf16>, %c: vector<16x16xf32>, %i: vector<16x32xi8>) {
  // expected-error @+1 {{compressed A must have K/2 = 16 columns to match B 'vector<32x16xf16>', got 'vector<16x32xf16>'}}
  %d = mcore.sparse_mma %a, %b, %c, %i : vector<16x32xf16>, vector<32x16xf16>, vector<16x32xi8> into vector<16x16xf32>
  return
}

// -----

func.func @sparse_k_not_multiple_of_4(%a: vector<16x3xf16>, %b: vector<6x16xf16>, %c: vector<16x16xf32>, %i: vector<16x3xi8>) {
  // expected-error @+1 {{sparse K must be a multiple of 4, got 6}}
  %d = mcore.sparse_mma %a, %b, %c, %i : vector<16x3xf16>, vector<6x16xf16>, vector<16x3xi8> into vector<16x16xf32>
  return
}

// -----

func.func @sparse_index_shape(%a: vector<16x16xf16>, %b: vector<32x16xf16>, %c: vector<16x16xf32>, %i: vector<16x8xi8>) {
  // expected-error @+1 {{whole-tile index must be 'vector<16x16xi8>' (one in-group position per compressed element of A), got 'vector<16x8xi8>'}}
  %d = mcore.sparse_mma %a, %b, %c, %i : vector<16x16xf16>, vector<32x16xf16>, vector<16x8xi8> into vector<16x16xf32>
  return
}

// -----

func.func @sparse_fragment_index(%a: vector<4xf16>, %b: vector<8xf16>, %c: vector<4xf32>, %i: vector<4x4xi8>) {
  // expected-error @+1 {{a per-lane index must be an i16, i32 or i64 word, got 'vector<4x4xi8>'}}
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<mfma_f32_16x16x16f16>} : vector<4xf16>, vector<8xf16>, vector<4x4xi8> into vector<4xf32>
  return
}

// -----

func.func @intrinsic_tile_mismatch(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{A must be 'vector<32x8xf16>' for mfma_f32_32x32x8f16 (whole tile), got 'vector<16x16xf16>'}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  return
}

// -----

func.func @intrinsic_type_mismatch(%a: vector<32x8xbf16>, %b: vector<8x32xbf16>, %c: vector<32x32xf32>) {
  // expected-error @+1 {{A must be 'vector<32x8xf16>' for mfma_f32_32x32x8f16 (whole tile), got 'vector<32x8xbf16>'}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>} : vector<32x8xbf16>, vector<8x32xbf16> into vector<32x32xf32>
  return
}

// -----

func.func @fragment_length_mismatch(%a: vector<8xf16>, %b: vector<4xf16>, %c: vector<16xf32>) {
  // expected-error @+1 {{A must be 'vector<4xf16>' for mfma_f32_32x32x8f16 (per-lane fragment), got 'vector<8xf16>'}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>} : vector<8xf16>, vector<4xf16> into vector<16xf32>
  return
}

// -----

func.func @dense_intrinsic_on_sparse_op(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<4xf32>, %i: i32) {
  // expected-error @+1 {{mfma_f32_16x16x16f16 is a dense instruction; use mcore.mma}}
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<mfma_f32_16x16x16f16>} : vector<4xf16>, vector<4xf16>, i32 into vector<4xf32>
  return
}

// -----

func.func @result_type_mismatch(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{result must have C's type 'vector<16x16xf32>', got 'vector<16x16xf16>' (only an instruction whose D differs from C}}
  %d = "mcore.mma"(%a, %b, %c) : (vector<16x16xf16>, vector<16x16xf16>, vector<16x16xf32>) -> vector<16x16xf16>
  return
}

// -----

func.func @odd_index_tile(%meta: memref<?x?xi32>, %r: index, %k: index) {
  // expected-error @+1 {{the tile must hold whole groups: an even number of compressed columns, got 'vector<16x15xi8>'}}
  %idx = mcore.load_sparse_index %meta[%r, %k] : memref<?x?xi32> -> vector<16x15xi8>
  return
}

// -----

func.func @halves_without_native(%meta: memref<?x?xi32>, %r: index, %k: index) {
  // expected-error @+1 {{'halves' needs 'native': it stores native words twice}}
  %idx = mcore.load_sparse_index %meta[%r, %k] halves : memref<?x?xi32> -> vector<16x16xi8>
  return
}

// -----

func.func @sparse_intrinsic_on_dense_op(%a: vector<16x16xf16>, %b: vector<32x16xf16>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{A must have K = 32 columns}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>} : vector<16x16xf16>, vector<32x16xf16> into vector<16x16xf32>
  return
}

// -----

func.func @sparse_intrinsic_on_dense_op2(%a: vector<16x32xf16>, %b: vector<32x16xf16>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{A must be 'vector<16x16xf16>' for swmmac_f32_16x16x32_f16_w32 (whole tile), got 'vector<16x32xf16>'}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>} : vector<16x32xf16>, vector<32x16xf16> into vector<16x16xf32>
  return
}

// -----

func.func @dense_tile_on_sparse_intrinsic_fragments(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{swmmac_f32_16x16x32_f16_w32 is a sparse instruction; use mcore.sparse_mma}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>} : vector<8xf16>, vector<16xf16> into vector<8xf32>
  return
}

// -----

func.func @unsigned_on_signed_only(%a: vector<32x16xi8>, %b: vector<16x32xi8>, %c: vector<32x32xi32>) {
  // expected-error @+1 {{mfma_i32_32x32x16_i8 reads signed integers only; 'unsigned_a'/'unsigned_b' are not available}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_i32_32x32x16_i8>, unsigned_a} : vector<32x16xi8>, vector<16x32xi8> into vector<32x32xi32>
  return
}

// -----

func.func @clamp_without_modifier(%a: vector<32x16xi8>, %b: vector<16x32xi8>, %c: vector<32x32xi32>) {
  // expected-error @+1 {{mfma_i32_32x32x16_i8 has no clamp modifier}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_i32_32x32x16_i8>, clamp} : vector<32x16xi8>, vector<16x32xi8> into vector<32x32xi32>
  return
}

// -----

func.func @index_set_out_of_range(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<8xf32>, %i: i32) {
  // expected-error @+1 {{index_set 2 is out of range: swmmac_f32_16x16x32_f16_w32 has 2 index sets}}
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>, index_set = 2 : i32} : vector<8xf16>, vector<16xf16>, i32 into vector<8xf32>
  return
}

// -----

func.func @index_word_type(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<8xf32>, %i: i16) {
  // expected-error @+1 {{index must be 'i32' for swmmac_f32_16x16x32_f16_w32 (per-lane fragment), got 'i16'}}
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>} : vector<8xf16>, vector<16xf16>, i16 into vector<8xf32>
  return
}

// -----

func.func @negative_index_set(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<8xf32>, %i: i32) {
  // expected-error @+1 {{attribute 'index_set' failed to satisfy constraint}}
  %d = mcore.sparse_mma %a, %b, %c, %i {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>, index_set = -1 : i32} : vector<8xf16>, vector<16xf16>, i32 into vector<8xf32>
  return
}

// -----

func.func @scalable(%a: vector<[4]x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{'mcore.mma' op operand #0 must be fixed-length vector of}}
  %d = mcore.mma %a, %b, %c : vector<[4]x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  return
}

// -----

func.func @intrinsic_not_an_intrinsic(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<16xf32>) {
  // expected-error @+1 {{attribute 'intrinsic' failed to satisfy constraint: matrix intrinsic}}
  %d = "mcore.mma"(%a, %b, %c) {intrinsic = 5 : i32} : (vector<4xf16>, vector<4xf16>, vector<16xf32>) -> vector<16xf32>
  return
}

// -----

// expected-error @+1 {{unknown matrix intrinsic ''}}
func.func @empty_intrinsic() attributes {i = #mcore.intrinsic<"">} {
  return
}

// -----

func.func @expand_index_shape(%v: vector<16x16xf16>, %i: vector<16x8xi8>) -> vector<16x32xf16> {
  // expected-error @+1 {{the index must have the shape of the values, 16x16, got 'vector<16x8xi8>'}}
  %a = mcore.expand_2to4 %v, %i : vector<16x16xf16>, vector<16x8xi8> -> vector<16x32xf16>
  return %a : vector<16x32xf16>
}

// -----

func.func @expand_odd(%v: vector<16x15xf16>, %i: vector<16x15xi8>) -> vector<16x30xf16> {
  // expected-error @+1 {{the values must hold whole groups: an even number of compressed columns, got 'vector<16x15xf16>'}}
  %a = mcore.expand_2to4 %v, %i : vector<16x15xf16>, vector<16x15xi8> -> vector<16x30xf16>
  return %a : vector<16x30xf16>
}

// -----

func.func @expand_result(%v: vector<16x16xf16>, %i: vector<16x16xi8>) -> vector<16x16xf16> {
  // expected-error @+1 {{the result must be 'vector<16x32xf16>' (twice the compressed columns), got 'vector<16x16xf16>'}}
  %a = mcore.expand_2to4 %v, %i : vector<16x16xf16>, vector<16x16xi8> -> vector<16x16xf16>
  return %a : vector<16x16xf16>
}

// -----

// A block-scaled instruction needs its scales: not mcore.mma.
func.func @mma_with_scaled_intrinsic(%a: vector<32xf8E4M3FN>, %b: vector<32xf8E4M3FN>, %c: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{mfma_scale_f32_16x16x128_f8f6f4_fp8_fp8 is block-scaled: it needs scales, use mcore.scaled_mma}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_scale_f32_16x16x128_f8f6f4_fp8_fp8>}
      : vector<32xf8E4M3FN>, vector<32xf8E4M3FN> into vector<4xf32>
  return %d : vector<4xf32>
}

// -----

func.func @bf16f32_result_is_bf16(%a: vector<16xbf16>, %b: vector<16xbf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{D must be 'vector<8xbf16>' for wmma_bf16f32_16x16x32_bf16 (per-lane fragment), got 'vector<8xf32>'}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_bf16f32_16x16x32_bf16>} : vector<16xbf16>, vector<16xbf16> into vector<8xf32>
  return
}

// -----

func.func @scaled_mma_unscaled_intrinsic(%a: vector<32xf8E4M3FN>, %b: vector<32xf8E4M3FN>, %c: vector<4xf32>, %s: vector<4xf8E8M0FNU>) -> vector<4xf32> {
  // expected-error @+1 {{mfma_f32_16x16x32_fp8_fp8 is not a block-scaled instruction; use mcore.mma or mcore.sparse_mma}}
  %d = mcore.scaled_mma %a, %b, %c, %s, %s {intrinsic = #mcore.intrinsic<mfma_f32_16x16x32_fp8_fp8>}
      : vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<4xf8E8M0FNU>, vector<4xf8E8M0FNU> into vector<4xf32>
  return %d : vector<4xf32>
}

// -----

func.func @bf16_result_of_f32_wmma(%a: vector<16xbf16>, %b: vector<16xbf16>, %c: vector<8xf32>) {
  // expected-error @+1 {{result must have C's type 'vector<8xf32>', got 'vector<8xbf16>'}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_f32_16x16x32_bf16>} : vector<16xbf16>, vector<16xbf16> into vector<8xf32> -> vector<8xbf16>
  return
}

// -----

// The entry's formats fix the fragment types: fp4 x fp4 is 32 f4E2M1FN.
func.func @scaled_mma_wrong_format(%a: vector<32xf8E4M3FN>, %b: vector<32xf4E2M1FN>, %c: vector<4xf32>, %s: vector<4xf8E8M0FNU>) -> vector<4xf32> {
  // expected-error @+1 {{A must be 'vector<32xf4E2M1FN>' for mfma_scale_f32_16x16x128_f8f6f4_fp4_fp4 (per-lane fragment), got 'vector<32xf8E4M3FN>'}}
  %d = mcore.scaled_mma %a, %b, %c, %s, %s {intrinsic = #mcore.intrinsic<mfma_scale_f32_16x16x128_f8f6f4_fp4_fp4>}
      : vector<32xf8E4M3FN>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<4xf8E8M0FNU> into vector<4xf32>
  return %d : vector<4xf32>
}

// -----

func.func @scaled_mma_scale_sel(%a: vector<32xf4E2M1FN>, %c: vector<4xf32>, %s: vector<4xf8E8M0FNU>) -> vector<4xf32> {
  // expected-error @+1 {{attribute 'scale_sel_a' failed to satisfy constraint}}
  %d = mcore.scaled_mma %a, %a, %c, %s, %s {intrinsic = #mcore.intrinsic<mfma_scale_f32_16x16x128_f8f6f4_fp4_fp4>, scale_sel_a = 4 : i32}
      : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<4xf8E8M0FNU> into vector<4xf32>
  return %d : vector<4xf32>
}

// -----

// Whole tiles: the scales are A's M x K/32 and B's K/32 x N.
func.func @scaled_mma_whole_tile_scales(%a: vector<16x128xf4E2M1FN>, %b: vector<128x16xf4E2M1FN>, %c: vector<16x16xf32>, %sa: vector<16x4xf8E8M0FNU>, %sb: vector<16x4xf8E8M0FNU>) -> vector<16x16xf32> {
  // expected-error @+1 {{the scales of B must be 'vector<4x16xf8E8M0FNU>' for mfma_scale_f32_16x16x128_f8f6f4_fp4_fp4 (whole tile), got 'vector<16x4xf8E8M0FNU>'}}
  %d = mcore.scaled_mma %a, %b, %c, %sa, %sb {intrinsic = #mcore.intrinsic<mfma_scale_f32_16x16x128_f8f6f4_fp4_fp4>}
      : vector<16x128xf4E2M1FN>, vector<128x16xf4E2M1FN>, vector<16x4xf8E8M0FNU>, vector<16x4xf8E8M0FNU> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}

// -----

// Per lane: the scales are the lane's 32-bit word.
func.func @scaled_mma_lane_scales(%a: vector<32xf4E2M1FN>, %c: vector<4xf32>, %s: vector<4xf8E8M0FNU>, %t: vector<1xf8E8M0FNU>) -> vector<4xf32> {
  // expected-error @+1 {{the scales of A must be 'vector<4xf8E8M0FNU>' for mfma_scale_f32_16x16x128_f8f6f4_fp4_fp4 (per-lane operand), got 'vector<1xf8E8M0FNU>'}}
  %d = mcore.scaled_mma %a, %a, %c, %t, %s {intrinsic = #mcore.intrinsic<mfma_scale_f32_16x16x128_f8f6f4_fp4_fp4>}
      : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<1xf8E8M0FNU>, vector<4xf8E8M0FNU> into vector<4xf32>
  return %d : vector<4xf32>
}

// -----

// gfx950's scales are E8M0 only; gfx1250's may be E4M3 too.
func.func @scaled_mma_e4m3_on_mfma(%a: vector<32xf4E2M1FN>, %c: vector<4xf32>, %s: vector<4xf8E8M0FNU>, %t: vector<4xf8E4M3FN>) -> vector<4xf32> {
  // expected-error @+1 {{the scales of B must be 'vector<4xf8E8M0FNU>' for mfma_scale_f32_16x16x128_f8f6f4_fp4_fp4 (per-lane operand), got 'vector<4xf8E4M3FN>'}}
  %d = mcore.scaled_mma %a, %a, %c, %s, %t {intrinsic = #mcore.intrinsic<mfma_scale_f32_16x16x128_f8f6f4_fp4_fp4>}
      : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<4xf8E4M3FN> into vector<4xf32>
  return %d : vector<4xf32>
}

// -----

// gfx1250's scale16 takes 8 scales per lane (an i64).
func.func @scaled_wmma_scale16_operand(%a: vector<64xf8E4M3FN>, %c: vector<8xf32>, %s: vector<4xf8E8M0FNU>) -> vector<8xf32> {
  // expected-error @+1 {{the scales of A must be 'vector<8xf8E8M0FNU>' or 'vector<8xf8E4M3FN>' for wmma_scale16_f32_16x16x128_f8f6f4_fp8_fp8 (per-lane operand), got 'vector<4xf8E8M0FNU>'}}
  %d = mcore.scaled_mma %a, %a, %c, %s, %s {intrinsic = #mcore.intrinsic<wmma_scale16_f32_16x16x128_f8f6f4_fp8_fp8>}
      : vector<64xf8E4M3FN>, vector<64xf8E4M3FN>, vector<4xf8E8M0FNU>, vector<4xf8E8M0FNU> into vector<8xf32>
  return %d : vector<8xf32>
}

// -----

// The 32-row f4 A's scales fill all 32 lanes: no lane half to select.
func.func @scaled_wmma_f4_scale_sel(%a: vector<128xf4E2M1FN>, %b: vector<64xf4E2M1FN>, %c: vector<16xf32>, %s: vector<4xf8E8M0FNU>) -> vector<16xf32> {
  // expected-error @+1 {{scale_sel_a 1 is out of range: wmma_scale_f32_32x16x128_f4 has 1 scale set for A (lane halves)}}
  %d = mcore.scaled_mma %a, %b, %c, %s, %s {intrinsic = #mcore.intrinsic<wmma_scale_f32_32x16x128_f4>, scale_sel_a = 1 : i32}
      : vector<128xf4E2M1FN>, vector<64xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<4xf8E8M0FNU> into vector<16xf32>
  return %d : vector<16xf32>
}

// -----

func.func @scaled_wmma_lane_half(%a: vector<64xf4E2M1FN>, %c: vector<8xf32>, %s: vector<4xf8E8M0FNU>) -> vector<8xf32> {
  // expected-error @+1 {{scale_sel_b 2 is out of range: wmma_scale_f32_16x16x128_f8f6f4_fp4_fp4 has 2 scale sets for B (lane halves)}}
  %d = mcore.scaled_mma %a, %a, %c, %s, %s {intrinsic = #mcore.intrinsic<wmma_scale_f32_16x16x128_f8f6f4_fp4_fp4>, scale_sel_b = 2 : i32}
      : vector<64xf4E2M1FN>, vector<64xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<4xf8E8M0FNU> into vector<8xf32>
  return %d : vector<8xf32>
}

// -----

// FP6 / FP4 in mcore.mma only with gfx1250's unscaled MX WMMA.
func.func @mma_fp4_without_mx_intrinsic(%a: vector<16x16xf4E2M1FN>, %c: vector<16x16xf32>) -> vector<16x16xf32> {
  // expected-error @+1 {{A element type 'f4E2M1FN' is not a matrix-instruction input}}
  %d = mcore.mma %a, %a, %c : vector<16x16xf4E2M1FN>, vector<16x16xf4E2M1FN> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}

// -----

func.func @bf16f32_whole_tile_d(%a: vector<16x32xbf16>, %b: vector<32x16xbf16>, %c: vector<16x16xf32>) {
  // expected-error @+1 {{D must be 'vector<16x16xbf16>' for wmma_bf16f32_16x16x32_bf16 (whole tile), got 'vector<16x16xf16>'}}
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_bf16f32_16x16x32_bf16>} : vector<16x32xbf16>, vector<32x16xbf16> into vector<16x16xf32> -> vector<16x16xf16>
  return
}
