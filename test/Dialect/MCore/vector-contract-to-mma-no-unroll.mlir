// RUN: mcore-opt %s --mcore-vector-contract-to-mma=unroll=false -split-input-file -verify-diagnostics | FileCheck %s

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// Without unrolling, only contractions of exactly one instruction convert.
// CHECK-LABEL: func @exact_only
// CHECK: mcore.mma {{.*}} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
func.func @exact_only(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>)
    -> vector<16x16xf32> attributes {mcore.chip = #mcore.chip<gfx1201>} {
  %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.wave} %a, %b, %c
      : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>

// A larger contraction of the wave is then one no instruction computes: an
// error, since the wave cannot compute it otherwise.
func.func @larger(%x: vector<32x32xf16>, %y: vector<32x32xf16>, %z: vector<32x32xf32>)
    -> vector<32x32xf32> attributes {mcore.chip = #mcore.chip<gfx1201>} {
  // expected-error @+1 {{mcore-vector-contract-to-mma: the wave cannot compute this vector.contract marked {mcore.wave} (no matrix instruction): 32x32x32 f16 x f16 -> f32: no dense instruction of gfx1201 has this tile; its tiles for these types: 16x16x16}}
  %e = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>, mcore.wave} %x, %y, %z
      : vector<32x32xf16>, vector<32x32xf16> into vector<32x32xf32>
  return %e : vector<32x32xf32>
}
