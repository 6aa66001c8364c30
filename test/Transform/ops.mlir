// RUN: mcore-opt %s --transform-interpreter --split-input-file --canonicalize --cse | FileCheck %s

// tile_matmul_to_gpu with a given configuration, then select_intrinsics
// and distribute_to_lanes: 2x2 work-groups of 2x2 waves (128 lanes of 32),
// K tiles of 32 in double-buffered LDS, 4x4 tiles per wave: 32 WMMAs per
// K tile distributed to per-lane fragments (8 halves of A and of B, 8
// floats of C per lane).
// CHECK-LABEL: func.func @tile_select_distribute
// CHECK-DAG:   %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:   %[[C128:.+]] = arith.constant 128 : index
// CHECK:       gpu.launch blocks({{.*}}) in ({{.*}} = %[[C2]], {{.*}} = %[[C2]], {{.*}}) threads({{.*}}) in ({{.*}} = %[[C128]],
// CHECK-SAME:    workgroup(%{{.+}} : memref<256x36xf16, #gpu.address_space<workgroup>>, %{{.+}} : memref<256x36xf16, #gpu.address_space<workgroup>>)
// CHECK:       scf.for
// CHECK-COUNT-32: mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>} : vector<8xf16>, vector<8xf16> into vector<8xf32>
// CHECK-NOT:   vector<16x16xf16>
// CHECK:       gpu.terminator
func.func @tile_select_distribute(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf16>, memref<256x256xf16>) outs(%C : memref<256x256xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.mcore.tile_matmul_to_gpu %mm {chip = "gfx1201", tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2} : (!transform.any_op) -> !transform.any_op
    transform.mcore.select_intrinsics %k : !transform.any_op
    %d = transform.mcore.distribute_to_lanes %k : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// select_intrinsics on whole-tile ops without an instruction: the chip's
// best for the tile and types, the chip from the mcore.chip attribute of
// an ancestor.
// CHECK-LABEL: func.func @select
// CHECK: mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>} : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
// CHECK: mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>} : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
func.func @select(%a: vector<32x8xf16>, %b: vector<8x32xf16>, %c: vector<32x32xf32>) -> (vector<32x32xf32>, vector<32x32xf32>) attributes {mcore.chip = #mcore.chip<gfx942>} {
  %d = mcore.mma %a, %b, %c : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
  %e = mcore.mma %a, %b, %d : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
  return %d, %e : vector<32x32xf32>, vector<32x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.mcore.select_intrinsics %f : !transform.any_op
    transform.yield
  }
}

// -----

// The pattern sets in upstream's apply_patterns, beside its own: tiling,
// then distribution of the kernel it made.
// CHECK-LABEL: func.func @patterns
// CHECK:       gpu.launch
// CHECK-COUNT-4: mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>} : vector<4xf16>, vector<4xf16> into vector<16xf32>
// CHECK-NOT:   linalg.matmul
func.func @patterns(%A: memref<128x128xf16>, %B: memref<128x128xf16>, %C: memref<128x128xf32>) {
  linalg.matmul ins(%A, %B : memref<128x128xf16>, memref<128x128xf16>) outs(%C : memref<128x128xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.mcore.tile_matmul {chip = "gfx942", tile_m = 128, tile_n = 128, tile_k = 32}
    } : !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.mcore.distribute
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.yield
  }
}

// -----

// A vector.contract of the wave in GPU code (marked {mcore.wave}, here by
// the script) that is one instruction of the chip the patterns are given
// becomes mcore.mma.
// CHECK-LABEL: gpu.func @contract
// CHECK: mcore.mma %{{.+}}, %{{.+}}, %{{.+}} {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
// CHECK-NEXT: gpu.return
#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
gpu.module @kernels {
  gpu.func @contract(%a: vector<16x16xf16>, %b: vector<16x16xf16>, %c: vector<16x16xf32>) -> vector<16x16xf32> {
    %d = vector.contract {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
    gpu.return %d : vector<16x16xf32>
  }
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["gpu.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %c = transform.structured.match ops{["vector.contract"]} in %f : (!transform.any_op) -> !transform.any_op
    transform.annotate %c "mcore.wave" : !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.mcore.vector_contract_to_mma {chip = "gfx1201"}
    } : !transform.any_op
    transform.yield
  }
}
