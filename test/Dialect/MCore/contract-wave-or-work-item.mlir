// RUN: mcore-opt %s --mcore-vector-contract-to-mma=chip=gfx942 -split-input-file -verify-diagnostics | FileCheck %s
// RUN: not mcore-opt %s -split-input-file --mcore-vector-contract-to-mma="chip=gfx942 unmarked=lane" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: mcore-vector-contract-to-mma: unmarked=lane is neither work-item nor wave

// Who computes a vector.contract in a kernel is said, not guessed: marked
// {mcore.wave}, the wave, once, with a matrix instruction; unmarked or
// {mcore.work_item}, each work-item on its own values (upstream's meaning),
// as FMAs. An unmarked one the wave could compute gets a warning.

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// CHECK-LABEL: func.func @three_readings
// CHECK:         gpu.launch
// CHECK:           mcore.mma {{.*}}#mcore.intrinsic<mfma_f32_16x16x16f16>
// CHECK-NOT:       mcore.mma
// CHECK-NOT:       vector.contract
// CHECK:           gpu.terminator
func.func @three_readings(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>, %out: memref<3x16x16xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %w = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.wave} %a, %b, %c
        : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
    vector.transfer_write %w, %out[%c0, %c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<3x16x16xf32>
    %i = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.work_item} %a, %b, %c
        : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
    vector.transfer_write %i, %out[%c1, %c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<3x16x16xf32>
    // expected-warning @+1 {{mcore-vector-contract-to-mma: each of the 64 work-items computes this 16x16x16 f16 x f16 -> f32 vector.contract on its own values (upstream's meaning); the wave computes it once with mfma_f32_16x16x16f16 if it is marked {mcore.wave} (its operands then the wave's whole tiles, the same in every lane); mark it {mcore.work_item} to keep this meaning without this warning}}
    %u = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c
        : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
    vector.transfer_write %u, %out[%c2, %c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<3x16x16xf32>
    gpu.terminator
  }
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// No warning where the readings cannot differ: a kernel of one work-item, a
// tile no instruction of the chip computes or divides (f32 x f32 on
// gfx942's catalog here: 3x5x7).
// CHECK-LABEL: func.func @no_second_reading
// CHECK-NOT:     mcore.mma
// CHECK-NOT:     vector.contract
func.func @no_second_reading(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>,
                             %x: vector<3x7xf32>, %y: vector<7x5xf32>, %z: vector<3x5xf32>,
                             %out: memref<16x16xf32>, %out2: memref<3x5xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c
        : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
    vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %x, %y, %z
        : vector<3x7xf32>, vector<7x5xf32> into vector<3x5xf32>
    vector.transfer_write %d, %out2[%c0, %c0] {in_bounds = [true, true]} : vector<3x5xf32>, memref<3x5xf32>
    gpu.terminator
  }
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// A contraction of the wave that no instruction computes is an error: the
// wave has no other way to compute it once.
func.func @wave_without_instruction(%x: vector<3x7xf32>, %y: vector<7x5xf32>, %z: vector<3x5xf32>, %out: memref<3x5xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{mcore-vector-contract-to-mma: the wave cannot compute this vector.contract marked {mcore.wave} (no matrix instruction): 3x5x7 f32 x f32 -> f32:}}
    %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.wave} %x, %y, %z
        : vector<3x7xf32>, vector<7x5xf32> into vector<3x5xf32>
    vector.transfer_write %d, %out[%c0, %c0] {in_bounds = [true, true]} : vector<3x5xf32>, memref<3x5xf32>
    gpu.terminator
  }
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

func.func @both(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>) -> vector<16x16xf32> {
  // expected-error @+1 {{a vector.contract is either the wave's ('mcore.wave') or each work-item's ('mcore.work_item'), not both}}
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.wave, mcore.work_item} %a, %b, %c
      : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}

// -----

func.func @not_a_contraction(%x: f32) -> f32 {
  // expected-error @+1 {{'mcore.wave' says who computes a vector.contract (the wave, or each work-item); it is not an attribute of arith.addf}}
  %y = arith.addf %x, %x {mcore.wave} : f32
  return %y : f32
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

func.func @not_unit(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>) -> vector<16x16xf32> {
  // expected-error @+1 {{'mcore.work_item' is a unit attribute}}
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.work_item = 1 : i32} %a, %b, %c
      : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}
