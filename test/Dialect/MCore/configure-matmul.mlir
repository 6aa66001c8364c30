// RUN: mcore-opt %s --mcore-configure-matmul=chip=gfx942 -split-input-file | FileCheck %s
// RUN: mcore-opt %s --mcore-configure-matmul="chip=gfx942 tile-m=256 stages=1" -split-input-file | FileCheck %s --check-prefix=OPTS

// Every matmul gets a complete #mcore.matmul_config: what the op says,
// then what the options force, then the heuristic (at 4096^3 on gfx942,
// CDNA's large tile, 224x256 on 2x4 waves of 112x64 with the 16x16x16
// instruction, so that its 304 work-groups fill gfx942's 304 CUs; a forced
// tile turns it off).

// CHECK-LABEL: func.func @heuristic
// CHECK:       linalg.matmul {mcore.matmul_config = #mcore.matmul_config<intrinsic = mfma_f32_16x16x16f16, swap_operands = never, tile_m = 224, tile_n = 256, tile_k = 16, waves_m = 2, waves_n = 4, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 8, split_k = 1, sched_barriers = true>}
// OPTS-LABEL:  func.func @heuristic
// OPTS:        #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 256, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 1, lds_padding = 8, lds_padding_b = 8, group_m = 8, split_k = 1, sched_barriers = true>
func.func @heuristic(%a: memref<4096x4096xf16>, %b: memref<4096x4096xf16>, %c: memref<4096x4096xf32>) {
  linalg.matmul ins(%a, %b : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%c : memref<4096x4096xf32>)
  return
}

// -----

// The op's knobs win over the options (tile_m), the options' over the
// heuristic's (stages), and the heuristic fills in the rest around them.
// CHECK-LABEL: func.func @by_hand
// CHECK:       #mcore.matmul_config<intrinsic = mfma_f32_16x16x16f16, swap_operands = never, tile_m = 64, tile_n = 128, tile_k = 32, waves_m = 1, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 8, split_k = 1, sched_barriers = false>
// OPTS-LABEL:  func.func @by_hand
// OPTS:        #mcore.matmul_config<intrinsic = mfma_f32_16x16x16f16, swap_operands = never, tile_m = 64, tile_n = 128, tile_k = 32, waves_m = 1, waves_n = 2, stages = 1, lds_padding = 8, lds_padding_b = 8, group_m = 8, split_k = 1, sched_barriers = false>
func.func @by_hand(%a: memref<4096x4096xf16>, %b: memref<4096x4096xf16>, %c: memref<4096x4096xf32>) {
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<intrinsic = mfma_f32_16x16x16f16, tile_m = 64, waves_m = 1, sched_barriers = false>}
      ins(%a, %b : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%c : memref<4096x4096xf32>)
  return
}

// -----

// 2:4-sparse A: the sparse instruction; a problem that fills the CUs takes
// CDNA's large 2:4 tile (256x128 of 2x2 waves of 128x64, one LDS stage so
// that two work-groups share gfx942's 64 KiB), whose 512 work-groups leave
// 96 of the 608 slots idle: 224x256 of 2x4 waves of 112x64 fills the 304
// CUs, on the 16x16x32 SMFMAC, with two stages.
// CHECK-LABEL: func.func @sparse
// CHECK:       mcore.sparse_matmul {{.+}} {mcore.matmul_config = #mcore.matmul_config<intrinsic = smfmac_f32_16x16x32_f16, swap_operands = never, tile_m = 224, tile_n = 256, tile_k = 32, waves_m = 2, waves_n = 4, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 8, split_k = 1, sched_barriers = true>}
func.func @sparse(%v: memref<4096x2048xf16>, %meta: memref<4096x128xi32>, %b: memref<4096x4096xf16>, %c: memref<4096x4096xf32>) {
  mcore.sparse_matmul ins(%v, %meta, %b : memref<4096x2048xf16>, memref<4096x128xi32>, memref<4096x4096xf16>) outs(%c : memref<4096x4096xf32>)
  return
}

// -----

// A complete configuration is kept as it is, options or not.
// CHECK-LABEL: func.func @complete
// CHECK:       #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 64, tile_n = 64, tile_k = 64, waves_m = 1, waves_n = 1, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 4, split_k = 1, sched_barriers = true>
// OPTS-LABEL:  func.func @complete
// OPTS:        #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 64, tile_n = 64, tile_k = 64, waves_m = 1, waves_n = 1, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 4, split_k = 1, sched_barriers = true>
func.func @complete(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %c: memref<256x256xf32>) {
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 64, tile_n = 64, tile_k = 64, waves_m = 1, waves_n = 1, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 4, split_k = 1, sched_barriers = true>}
      ins(%a, %b : memref<256x256xf16>, memref<256x256xf16>) outs(%c : memref<256x256xf32>)
  return
}
