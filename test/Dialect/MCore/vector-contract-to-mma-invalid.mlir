// RUN: mcore-opt %s --mcore-vector-contract-to-mma=unmarked=wave -split-input-file -verify-diagnostics

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// f32 inputs: no instruction of gfx1201 takes them.
func.func @f32_inputs(%a: vector<16x16xf32>, %b: vector<16x16xf32>, %c: vector<16x16xf32>) -> vector<16x16xf32>
    attributes {mcore.chip = #mcore.chip<gfx1201>} {
  // expected-warning @+1 {{each work-item computes this vector.contract (no matrix instruction): 16x16x16 f32 x f32 -> f32: no dense instruction of gfx1201 computes these types; it supports f16 x f16 -> f32, bf16 x bf16 -> f32, f16 x f16 -> f16, bf16 x bf16 -> bf16, i8 x i8 -> i32, i4 x i4 -> i32, fp8 x fp8 -> f32, fp8 x bf8 -> f32, bf8 x fp8 -> f32, bf8 x bf8 -> f32}}
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c
      : vector<16x16xf32>, vector<16x16xf32> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// 24 rows: no tile of gfx942 divides it.
func.func @odd_shape(%a: vector<24x16xf16>, %b: vector<16x16xf16>, %c: vector<24x16xf32>) -> vector<24x16xf32>
    attributes {mcore.chip = #mcore.chip<gfx942>} {
  // expected-warning @+1 {{24x16x16 f16 x f16 -> f32: no dense instruction of gfx942 has this tile; its tiles for these types: 32x32x8, 16x16x16}}
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c
      : vector<24x16xf16>, vector<16x16xf16> into vector<24x16xf32>
  return %d : vector<24x16xf32>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// CDNA's i8 instructions read signed operands only.
func.func @unsigned_on_cdna(%a: vector<16x32xi8>, %b: vector<32x16xi8>, %c: vector<16x16xi32>) -> vector<16x16xi32>
    attributes {mcore.chip = #mcore.chip<gfx942>} {
  %ae = arith.extui %a : vector<16x32xi8> to vector<16x32xi32>
  %be = arith.extsi %b : vector<32x16xi8> to vector<32x16xi32>
  // expected-warning @+1 {{16x16x32 i8 x i8 -> i32: the dense instructions of gfx942 for these types read signed integers only}}
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ae, %be, %c
      : vector<16x32xi32>, vector<32x16xi32> into vector<16x16xi32>
  return %d : vector<16x16xi32>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// gfx1100 has no sparse instruction: the contraction stays, and its 2:4
// expansion, which nothing else lowers, is an error.
func.func @no_sparse(%v: vector<16x16xf16>, %i: vector<16x16xi8>, %b: vector<32x16xf16>, %c: vector<16x16xf32>) -> vector<16x16xf32>
    attributes {mcore.chip = #mcore.chip<gfx1100>} {
  // expected-error @+1 {{this 2:4 expansion must be the A of a vector.contract that becomes a sparse instruction; nothing else lowers it}}
  %a = mcore.expand_2to4 %v, %i : vector<16x16xf16>, vector<16x16xi8> -> vector<16x32xf16>
  // expected-warning @+2 {{16x16x32 f16 x f16 -> f32 (2:4 A): gfx1100 has no sparse matrix instructions}}
  // expected-note @+1 {{used by this contraction}}
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c
      : vector<16x32xf16>, vector<32x16xf16> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}

// -----

#km = affine_map<(m, n, k) -> (k, m)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// A 2:4 A must be M x K.
func.func @sparse_transposed(%v: vector<16x16xf16>, %i: vector<16x16xi8>, %b: vector<16x16xf16>, %c: vector<32x16xf32>) -> vector<32x16xf32>
    attributes {mcore.chip = #mcore.chip<gfx1201>} {
  // expected-error @+1 {{nothing else lowers it}}
  %a = mcore.expand_2to4 %v, %i : vector<16x16xf16>, vector<16x16xi8> -> vector<16x32xf16>
  // expected-warning @+2 {{its 2:4 A (mcore.expand_2to4) is indexed (k, m); sparse instructions take A as M x K}}
  // expected-note @+1 {{used by this contraction}}
  %d = vector.contract {indexing_maps = [#km, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c
      : vector<16x32xf16>, vector<16x16xf16> into vector<32x16xf32>
  return %d : vector<32x16xf32>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// In a gpu.launch without a chip (no chip=, no mcore.chip, no target).
func.func @no_chip(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>, %out: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-warning @+1 {{there is no target chip (pass chip=, or put it in a gpu.module with a #rocdl.target or under an mcore.chip attribute)}}
    %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c
        : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
    vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32>
    gpu.terminator
  }
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// Two contractions read one vector in tiles of different instructions
// (gfx942: 32x32x8 for the 32x32 one, 16x16x16 for the 16-column one): the
// read is split for the first one only; the second one converts on slices
// of it, which mcore-distribute does not take.
func.func @conflict(%A: memref<32x16xf16>, %b: vector<16x32xf16>, %b2: vector<16x16xf16>,
                    %c: vector<32x32xf32>, %c2: vector<32x16xf32>) -> (vector<32x32xf32>, vector<32x16xf32>)
    attributes {mcore.chip = #mcore.chip<gfx942>} {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f16
  // expected-warning @+1 {{this vector is read in tiles of two different instructions; it is not split}}
  %a = vector.transfer_read %A[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<32x16xf16>, vector<32x16xf16>
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c
      : vector<32x16xf16>, vector<16x32xf16> into vector<32x32xf32>
  %e = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b2, %c2
      : vector<32x16xf16>, vector<16x16xf16> into vector<32x16xf32>
  return %d, %e : vector<32x32xf32>, vector<32x16xf32>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// One wave's contraction of 16 x 16 x 64 = 16384 instructions: more than
// the 4096 the split makes (a 4096^3 one took minutes; scripts/fuzz.sh).
func.func @too_large(%a: vector<512x512xf16>, %b: vector<512x512xf16>, %c: vector<512x512xf32>) -> vector<512x512xf32>
    attributes {mcore.chip = #mcore.chip<gfx942>} {
  // expected-error @+1 {{mcore-vector-contract-to-mma: 512x512x512 f16 x f16 -> f32 in 32x32x8 instructions would be 16384 instructions in one wave (at most 4096); tile it into smaller contractions first}}
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c
      : vector<512x512xf16>, vector<512x512xf16> into vector<512x512xf32>
  return %d : vector<512x512xf32>
}
