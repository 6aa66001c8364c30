// RUN: mcore-opt %s --mcore-configure-matmul=chip=gfx950 -split-input-file -verify-diagnostics | FileCheck %s
// RUN: mcore-opt %s --mcore-configure-matmul="chip=gfx950 tuning-file=%S/Inputs/tuning-gfx950-mx.json" -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=TABLE
// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx950 -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=TILE
// RUN: mcore-opt %s --mcore-configure-matmul=chip=gfx1250 -split-input-file -verify-diagnostics | FileCheck %s --check-prefix=GFX1250

// A block-scaled (MX) contraction gets its configuration from the same
// heuristic as every matmul (lib/Heuristic/Scaled.cpp, docs/Tuning.md):
// the block-scaled MFMA, 2x2 waves of 4x4 tiles, one K step of 128 per
// K tile, and the knobs its kernel does not have at their fixed values
// (operands from global memory: 1 stage, no padding, no swizzle, no K
// split).
// CHECK-LABEL: func.func @default
// CHECK:       linalg.generic {{.*}}mcore.matmul_config = #mcore.matmul_config<intrinsic = mfma_scale_f32_16x16x128_f8f6f4_fp8_fp8, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 128, waves_m = 2, waves_n = 2, stages = 1, lds_padding = 0, lds_padding_b = 0, group_m = 1, split_k = 1, sched_barriers = true>
// On gfx1250 the block-scaled WMMA (wave32, 4 scales per lane): its
// fragments of 16x128 take twice gfx950's registers, but a gfx1250 wave
// addresses 1024 VGPRs, so 4x4 tiles per wave fit (getScaledVgprBudget),
// and the analytic model takes 2x4 waves.
// GFX1250-LABEL: func.func @default
// GFX1250:       #mcore.matmul_config<intrinsic = wmma_scale_f32_16x16x128_f8f6f4_fp8_fp8, swap_operands = never, tile_m = 128, tile_n = 256, tile_k = 128, waves_m = 2, waves_n = 4, stages = 1,
// The tuning table's entry for block-scaled fp8 sets its knobs; the plain
// fp8 entry before it does not match.
// TABLE-LABEL: func.func @default
// TABLE:       #mcore.matmul_config<intrinsic = mfma_scale_f32_16x16x128_f8f6f4_fp8_fp8, swap_operands = never, tile_m = 64, tile_n = 128, tile_k = 256, waves_m = 1, waves_n = 2, stages = 1,
#a = affine_map<(m, n, kb, k) -> (m, kb, k)>
#b = affine_map<(m, n, kb, k) -> (n, kb, k)>
#sa = affine_map<(m, n, kb, k) -> (m, kb)>
#sb = affine_map<(m, n, kb, k) -> (n, kb)>
#c = affine_map<(m, n, kb, k) -> (m, n)>
func.func @default(%a: memref<256x16x32xf8E4M3FN>, %b: memref<256x16x32xf8E4M3FN>,
                   %sa: memref<256x16xf8E8M0FNU>, %sb: memref<256x16xf8E8M0FNU>,
                   %c: memref<256x256xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #sa, #sb, #c],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b, %sa, %sb : memref<256x16x32xf8E4M3FN>, memref<256x16x32xf8E4M3FN>,
                             memref<256x16xf8E8M0FNU>, memref<256x16xf8E8M0FNU>)
      outs(%c : memref<256x256xf32>) {
  ^bb0(%x: f8E4M3FN, %y: f8E4M3FN, %s: f8E8M0FNU, %t: f8E8M0FNU, %acc: f32):
    %0 = arith.scaling_extf %x, %s : f8E4M3FN, f8E8M0FNU to f32
    %1 = arith.scaling_extf %y, %t : f8E4M3FN, f8E8M0FNU to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %acc, %2 : f32
    linalg.yield %3 : f32
  }
  return
}

// -----

// The op's knobs are the kernel's: a K tile of two instruction steps reads
// both steps' tiles (the second at K + 128) before the 2 x 16 instructions;
// 1x4 waves of 2x2 tiles make a 32 x 128 tile.
// TILE-LABEL: func.func @forced
// TILE:         gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c256{{[_0-9]*}},
// TILE:           scf.for %[[K:.+]] = %{{.+}} to %c512{{[_0-9]*}} step %c256{{[_0-9]*}} iter_args
// TILE:             arith.divui %[[K]], %c32
// TILE-COUNT-4:     vector.transfer_read
// TILE:             %[[K1:.+]] = arith.addi %[[K]], %c128
// TILE:             arith.divui %[[K1]], %c32
// TILE-COUNT-4:     vector.transfer_read
// TILE-COUNT-8:     mcore.scaled_mma {{.*}}mfma_scale_f32_16x16x128_f8f6f4_fp6_fp4
// TILE:             scf.yield
#a = affine_map<(m, n, kb, k) -> (m, kb, k)>
#b = affine_map<(m, n, kb, k) -> (n, kb, k)>
#sa = affine_map<(m, n, kb, k) -> (m, kb)>
#sb = affine_map<(m, n, kb, k) -> (n, kb)>
#c = affine_map<(m, n, kb, k) -> (m, n)>
func.func @forced(%a: memref<64x16x32xf6E2M3FN>, %b: memref<256x16x32xf4E2M1FN>,
                  %sa: memref<64x16xf8E8M0FNU>, %sb: memref<256x16xf8E8M0FNU>,
                  %c: memref<64x256xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #sa, #sb, #c],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"],
                  mcore.matmul_config = #mcore.matmul_config<tile_m = 32, tile_n = 128, tile_k = 256, waves_m = 1, waves_n = 4>}
      ins(%a, %b, %sa, %sb : memref<64x16x32xf6E2M3FN>, memref<256x16x32xf4E2M1FN>,
                             memref<64x16xf8E8M0FNU>, memref<256x16xf8E8M0FNU>)
      outs(%c : memref<64x256xf32>) {
  ^bb0(%x: f6E2M3FN, %y: f4E2M1FN, %s: f8E8M0FNU, %t: f8E8M0FNU, %acc: f32):
    %0 = arith.scaling_extf %x, %s : f6E2M3FN, f8E8M0FNU to f32
    %1 = arith.scaling_extf %y, %t : f4E2M1FN, f8E8M0FNU to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %acc, %2 : f32
    linalg.yield %3 : f32
  }
  return
}

// -----

// A knob the block-scaled kernel does not have is an error that says why.
#a = affine_map<(m, n, kb, k) -> (m, kb, k)>
#b = affine_map<(m, n, kb, k) -> (n, kb, k)>
#sa = affine_map<(m, n, kb, k) -> (m, kb)>
#sb = affine_map<(m, n, kb, k) -> (n, kb)>
#c = affine_map<(m, n, kb, k) -> (m, n)>
func.func @stages(%a: memref<64x4x32xf4E2M1FN>, %b: memref<64x4x32xf4E2M1FN>,
                  %sa: memref<64x4xf8E8M0FNU>, %sb: memref<64x4xf8E8M0FNU>,
                  %c: memref<64x64xf32>) {
  // expected-error @+2 {{stages = 2: the block-scaled kernel reads A, B and the scales from global memory into registers, without LDS (stages must be 0 or 1)}}
  // expected-note @+1 {{the configuration: #mcore.matmul_config on the op sets stages}}
  linalg.generic {indexing_maps = [#a, #b, #sa, #sb, #c],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"],
                  mcore.matmul_config = #mcore.matmul_config<stages = 2>}
      ins(%a, %b, %sa, %sb : memref<64x4x32xf4E2M1FN>, memref<64x4x32xf4E2M1FN>,
                             memref<64x4xf8E8M0FNU>, memref<64x4xf8E8M0FNU>)
      outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f4E2M1FN, %y: f4E2M1FN, %s: f8E8M0FNU, %t: f8E8M0FNU, %acc: f32):
    %0 = arith.scaling_extf %x, %s : f4E2M1FN, f8E8M0FNU to f32
    %1 = arith.scaling_extf %y, %t : f4E2M1FN, f8E8M0FNU to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %acc, %2 : f32
    linalg.yield %3 : f32
  }
  return
}
