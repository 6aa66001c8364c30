// The kernel configuration through --mcore-pipeline: a #mcore.matmul_config
// written on a tensor-level matmul survives the 2:4 rewrite and
// bufferization and reaches mcore-configure-matmul, which completes it; a
// tuning file does the same for matmuls without one.
//
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa" --mlir-print-ir-after=mcore-configure-matmul -o /dev/null 2>&1 | FileCheck %s
//
// The knobs given by hand build the kernel the same knobs given as options
// or in a tuning table build, byte for byte.
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa" -o %t.attr
// RUN: sed -e 's/{mcore.matmul_config = [^}]*}//' %s > %t.plain.mlir
// RUN: mcore-opt %t.plain.mlir --mcore-pipeline="chip=gfx942 format=isa tuning-file=%S/Inputs/tuning-small-gfx942.json" -o %t.table
// RUN: cmp %t.attr %t.table
// RUN: mcore-opt %t.plain.mlir --mcore-pipeline="chip=gfx942 format=isa tuning-file=%S/Inputs/tuning-small-gfx942.json" --mlir-print-ir-after=mcore-configure-matmul -o /dev/null 2>&1 | FileCheck %s
//
// A table that gives the heuristic's own choices changes nothing.
// RUN: mcore-opt %t.plain.mlir --mcore-pipeline="chip=gfx942 format=isa" -o %t.plain
// RUN: mcore-opt %t.plain.mlir --mcore-pipeline="chip=gfx942 format=isa tuning-file=%S/Inputs/tuning-default-gfx942.json" -o %t.default
// RUN: cmp %t.plain %t.default
// RUN: not cmp -s %t.plain %t.attr

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

// CHECK-LABEL: func.func @sparse
// CHECK:       mcore.sparse_matmul {{.+}} {mcore.matmul_config = #mcore.matmul_config<intrinsic = smfmac_f32_32x32x16_f16, swap_operands = never, tile_m = 64, tile_n = 128, tile_k = 64, waves_m = 1, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 16, group_m = 8, split_k = 1, sched_barriers = true>}
func.func @sparse(%a: tensor<256x512xf16, #S24>, %b: tensor<512x256xf16>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %r = linalg.matmul {mcore.matmul_config = #mcore.matmul_config<tile_m = 64, waves_m = 1>}
      ins(%a, %b : tensor<256x512xf16, #S24>, tensor<512x256xf16>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

// CHECK-LABEL: func.func @dense
// CHECK:       linalg.matmul {mcore.matmul_config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 64, tile_k = 32, waves_m = 2, waves_n = 2, stages = 1, lds_padding = 8, lds_padding_b = 8, group_m = 8, split_k = 1, sched_barriers = true>}
func.func @dense(%a: tensor<256x512xf16>, %b: tensor<512x256xf16>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %r = linalg.matmul {mcore.matmul_config = #mcore.matmul_config<tile_n = 64, stages = 1>}
      ins(%a, %b : tensor<256x512xf16>, tensor<512x256xf16>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
