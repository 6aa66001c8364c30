// RUN: mcore-opt %s --mcore-configure-matmul="chip=gfx942 tuning-file=%S/Inputs/tuning-gfx942.json" -split-input-file -verify-diagnostics | FileCheck %s
// RUN: mcore-opt %s --mcore-configure-matmul="chip=gfx942 tuning-file=%S/Inputs/tuning-gfx942.json tile-n=128" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=OPTS

// The first entry of the tuning table that matches the chip, types,
// sparsity and shape sets the knobs the options leave automatic and the op
// does not set.

// CHECK-LABEL: func.func @exact
// CHECK:       #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 256, tile_n = 64, tile_k = 32, waves_m = 4, waves_n = 1, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 4, split_k = 1, sched_barriers = true>
// An option forces its knob over the table's.
// OPTS-LABEL:  func.func @exact
// OPTS:        #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 256, tile_n = 128, tile_k = 32, waves_m = 4, waves_n = 1, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 4, split_k = 1, sched_barriers = true>
func.func @exact(%a: memref<4096x4096xf16>, %b: memref<4096x4096xf16>, %c: memref<4096x4096xf32>) {
  linalg.matmul ins(%a, %b : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%c : memref<4096x4096xf32>)
  return
}

// -----

// A range of M. M = 16 is skinny: K is split for the table's tiles (4
// slices give the 112 tiles of C 448 work-groups for MI300X's 304 CUs).
// CHECK-LABEL: func.func @small_m
// CHECK:       #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 32, tile_n = 128, tile_k = 64, waves_m = 1, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 16, group_m = 8, split_k = 2, sched_barriers = true>
func.func @small_m(%a: memref<16x4096xf16>, %b: memref<4096x14336xf16>, %c: memref<16x14336xf32>) {
  linalg.matmul ins(%a, %b : memref<16x4096xf16>, memref<4096x14336xf16>) outs(%c : memref<16x14336xf32>)
  return
}

// -----

// The op's own knobs win over the table's (tile_m, tile_n); the table
// still gives the others (waves, group_m).
// CHECK-LABEL: func.func @by_hand
// CHECK:       #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 4, waves_n = 1, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 4, split_k = 1, sched_barriers = true>
func.func @by_hand(%a: memref<4096x4096xf16>, %b: memref<4096x4096xf16>, %c: memref<4096x4096xf32>) {
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<tile_m = 128, tile_n = 128>}
      ins(%a, %b : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%c : memref<4096x4096xf32>)
  return
}

// -----

// Any sparse matmul on gfx942: one stage, so that CDNA's large 2:4 tile
// (512x128 of 4x2 waves) fits the LDS.
// CHECK-LABEL: func.func @sparse
// CHECK:       #mcore.matmul_config<intrinsic = smfmac_f32_32x32x16_f16, swap_operands = never, tile_m = 512, tile_n = 128, tile_k = 32, waves_m = 4, waves_n = 2, stages = 1, lds_padding = 8, lds_padding_b = 16, group_m = 8, split_k = 1, sched_barriers = true>
func.func @sparse(%v: memref<4096x2048xf16>, %meta: memref<4096x128xi32>, %b: memref<4096x4096xf16>, %c: memref<4096x4096xf32>) {
  mcore.sparse_matmul ins(%v, %meta, %b : memref<4096x2048xf16>, memref<4096x128xi32>, memref<4096x4096xf16>) outs(%c : memref<4096x4096xf32>)
  return
}

// -----

// A dynamic M matches no range of M: the entry for any gfx942 matmul.
// CHECK-LABEL: func.func @dynamic
// CHECK:       #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 8, split_k = 1, sched_barriers = true>
func.func @dynamic(%a: memref<?x4096xf16>, %b: memref<4096x4096xf16>, %c: memref<?x4096xf32>) {
  linalg.matmul ins(%a, %b : memref<?x4096xf16>, memref<4096x4096xf16>) outs(%c : memref<?x4096xf32>)
  return
}

// -----

// A table's knob the op cannot take is an error naming the entry.
func.func @too_much_lds(%a: memref<131072x4096xi8>, %b: memref<4096x64xi8>, %c: memref<131072x64xi32>) {
  // expected-error @+2 {{B of LDS; gfx942 has 65536}}
  // expected-note @+1 {{the configuration: entry 4 of tuning file '}}
  linalg.matmul ins(%a, %b : memref<131072x4096xi8>, memref<4096x64xi8>) outs(%c : memref<131072x64xi32>)
  return
}
