// RUN: mcore-opt %s -split-input-file | FileCheck %s
// RUN: mcore-opt %s -split-input-file | mcore-opt -split-input-file | FileCheck %s

// #mcore.matmul_config: any subset of the knobs, printed in the order of
// MatmulConfig.def whatever order they were written in.

// CHECK-LABEL: func.func @partial
// CHECK: mcore.matmul_config = #mcore.matmul_config<tile_m = 64, waves_m = 1, sched_barriers = false>
func.func @partial(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %c: memref<256x256xf32>) {
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<sched_barriers = false, waves_m = 1, tile_m = 64>}
      ins(%a, %b : memref<256x256xf16>, memref<256x256xf16>) outs(%c : memref<256x256xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @empty
// CHECK: mcore.matmul_config = #mcore.matmul_config<>
func.func @empty(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %c: memref<256x256xf32>) {
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<>}
      ins(%a, %b : memref<256x256xf16>, memref<256x256xf16>) outs(%c : memref<256x256xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @complete
// CHECK: #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 16, group_m = 8, split_k = 1, sched_barriers = true>
func.func @complete(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %c: memref<256x256xf32>) {
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 16, group_m = 8, split_k = 1, sched_barriers = true>}
      ins(%a, %b : memref<256x256xf16>, memref<256x256xf16>) outs(%c : memref<256x256xf32>)
  return
}
