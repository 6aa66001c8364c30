// RUN: mcore-opt %s --mcore-vector-contract-to-mma=unroll=false -verify-diagnostics | FileCheck %s

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// Without unrolling, only contractions of exactly one instruction convert.
// CHECK-LABEL: func @exact_only
// CHECK: mcore.mma {{.*}} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
// CHECK: vector.contract {{.*}} : vector<32x32xf16>, vector<32x32xf16> into vector<32x32xf32>
func.func @exact_only(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>,
                      %x: vector<32x32xf16>, %y: vector<32x32xf16>, %z: vector<32x32xf32>)
    -> (vector<16x16xf32>, vector<32x32xf32>) attributes {mcore.chip = #mcore.chip<gfx1201>} {
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c
      : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  // expected-warning @+1 {{32x32x32 f16 x f16 -> f32: no dense instruction of gfx1201 has this tile; its tiles for these types: 16x16x16}}
  %e = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %x, %y, %z
      : vector<32x32xf16>, vector<32x32xf16> into vector<32x32xf32>
  return %d, %e : vector<16x16xf32>, vector<32x32xf32>
}
