// RUN: mcore-opt %s -split-input-file --mcore-tile-matmul="chip=gfx942 emit-kernel=false" | FileCheck %s
// RUN: mcore-opt %s -split-input-file --mcore-tile-matmul="chip=gfx942 emit-kernel=false" | mcore-opt -split-input-file | FileCheck %s

// mcore-tile-matmul emit-kernel=false stops between its two halves: each
// launch (the work-group grid, its LDS buffers as workgroup attributions)
// holds one mcore.workgroup_matmul, the tile of C the work-group computes,
// with the complete configuration; the IR prints and parses back.
// mcore-emit-workgroup-kernel writes the kernel body from it
// (emit-workgroup-kernel.mlir), and the two halves give mcore-tile-matmul's
// kernel (emit-workgroup-kernel-halves.test).

// CHECK-LABEL: func.func @f16
// CHECK-SAME:    (%[[A:.+]]: memref<256x256xf16>, %[[B:.+]]: memref<256x256xf16>, %[[C:.+]]: memref<256x256xf32>)
// CHECK:       gpu.launch
// CHECK-SAME:    threads({{.*}}) in (%{{.+}} = %c256,
// CHECK-SAME:    workgroup(%[[LA:.+]] : memref<256x36xf16, #gpu.address_space<workgroup>>, %[[LB:.+]] : memref<256x36xf16, #gpu.address_space<workgroup>>)
// CHECK:         %[[I0:.+]] = affine.apply
// CHECK:         %[[J0:.+]] = affine.apply
// CHECK-NEXT:    mcore.workgroup_matmul a(%[[A]] : memref<256x256xf16>) b(%[[B]] : memref<256x256xf16>) c(%[[C]] : memref<256x256xf32>) at(%[[I0]], %[[J0]]) lds(%[[LA]], %[[LB]] : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>)
// CHECK-SAME:    attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 8, split_k = 1, sched_barriers = true>}
// CHECK-NEXT:    gpu.terminator
// CHECK-NOT:   mcore.mma
func.func @f16(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf16>, memref<256x256xf16>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// u8 x i8 on gfx942's signed-only MFMA: the host's sums of B (one row per
// batch) are computed first; the work-group's tile takes the matrices of
// its batch and the correction's row of that batch.
// CHECK-LABEL: func.func @u8_i8_batched
// CHECK:       %[[SUMS:.+]] = memref.alloc() : memref<4x128xi32>
// CHECK:       gpu.launch
// CHECK:       } {mcore.kernel = "sign_offset_sums"}
// CHECK:       gpu.launch
// CHECK:         %[[BATCH:.+]] = affine.apply #{{.+}}()[%arg5]
// CHECK:         %[[SA:.+]] = memref.subview %arg0[%[[BATCH]], 0, 0] [1, 128, 256]
// CHECK:         %[[SB:.+]] = memref.subview %arg1[%[[BATCH]], 0, 0] [1, 256, 128]
// CHECK:         %[[SC:.+]] = memref.subview %arg2[%[[BATCH]], 0, 0] [1, 128, 128]
// CHECK:         mcore.workgroup_matmul a(%[[SA]] : {{.+}}) b(%[[SB]] : {{.+}}) c(%[[SC]] : {{.+}}) at({{.+}}) lds({{.+}} : memref<256x72xi8, #gpu.address_space<workgroup>>, memref<256x72xi8, #gpu.address_space<workgroup>>) sign_correction(%[[SUMS]] : memref<4x128xi32>) batch(%[[BATCH]])
// CHECK-SAME:    intrinsic = mfma_i32_32x32x16_i8
// CHECK-SAME:    sign_offset_a, unsigned_a}
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#b = affine_map<(b, m, n, k) -> (b, k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>
func.func @u8_i8_batched(%A: memref<4x128x256xi8>, %B: memref<4x256x128xi8>, %C: memref<4x128x128xi32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<4x128x256xi8>, memref<4x256x128xi8>) outs(%C : memref<4x128x128xi32>) {
  ^bb0(%x: i8, %y: i8, %acc: i32):
    %xe = arith.extui %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %acc, %p : i32
    linalg.yield %s : i32
  }
  return
}

// -----

// Split-K: the work-group's K slice of A and B, its slice of the
// workspace as C, accumulators from zero; the reduction kernel after.
// CHECK-LABEL: func.func @decode
// CHECK:       %[[WS:.+]] = memref.alloc() : memref<8x1x4096xf32>
// CHECK:       gpu.launch
// CHECK:         %[[SA:.+]] = memref.subview %arg0[0, %{{.+}}] [1, 512] [1, 1]
// CHECK:         %[[SB:.+]] = memref.subview %arg1[%{{.+}}, 0] [512, 4096] [1, 1]
// CHECK:         %[[SC:.+]] = memref.subview %[[WS]][%arg5, 0, 0] [1, 1, 4096] [1, 1, 1]
// CHECK:         mcore.workgroup_matmul a(%[[SA]] : {{.+}}) b(%[[SB]] : {{.+}}) c(%[[SC]] : {{.+}})
// CHECK-SAME:    split_k = 8
// CHECK-SAME:    fill = 0.000000e+00 : f32}
// CHECK:       } {mcore.kernel = "split_k_reduce"}
func.func @decode(%A: memref<1x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<1x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<1x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<1x4096xf32>)
  return
}

// -----

// 2:4 A on SMFMAC: the values, B, C and the metadata, and the metadata's
// LDS buffer.
// CHECK-LABEL: func.func @sparse
// CHECK:       mcore.workgroup_matmul a(%arg0 : memref<256x128xf16>) b(%arg2 : memref<256x256xf16>) c(%arg3 : memref<256x256xf32>) meta(%arg1 : memref<256x8xi32>) at({{.+}}) lds({{.+}} : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x72xf16, #gpu.address_space<workgroup>>, memref<256x2xi32, #gpu.address_space<workgroup>>)
// CHECK-SAME:    intrinsic = smfmac_f32_32x32x16_f16
func.func @sparse(%V: memref<256x128xf16>, %M: memref<256x8xi32>, %B: memref<256x256xf16>, %C: memref<256x256xf32>) {
  mcore.sparse_matmul ins(%V, %M, %B : memref<256x128xf16>, memref<256x8xi32>, memref<256x256xf16>) outs(%C : memref<256x256xf32>) {canonical_metadata}
  return
}

// -----

// A fused bias and cast: their tiles are the op's region, with the buffer
// each operand is (0: C, 1: the cast's output; -1: the bias, read from
// memory); C, a temporary only they read, is not stored.
// CHECK-LABEL: func.func @bias_cast
// CHECK:       %[[T:.+]] = memref.alloc() : memref<256x256xf32>
// CHECK:       %[[OUT:.+]] = memref.alloc() : memref<256x256xf16>
// CHECK:       gpu.launch
// CHECK:         %[[TC:.+]] = memref.subview %[[T]]
// CHECK:         %[[BIAS:.+]] = memref.subview %arg2
// CHECK:         %[[TO:.+]] = memref.subview %[[OUT]]
// CHECK:         mcore.workgroup_matmul a(%arg0 : {{.+}}) b(%arg1 : {{.+}}) c(%[[T]] : memref<256x256xf32>)
// CHECK-SAME:    epilogue_groups = [array<i32: 0, -1, -1, 1>], epilogue_store = array<i1: false, true>, fill = 0.000000e+00 : f32} epilogue {
// CHECK-NEXT:      linalg.generic {{.+}} ins(%[[TC]], %[[BIAS]] : {{.+}}) outs(%[[TO]] : {{.+}})
// CHECK:             arith.addf
// CHECK:             arith.truncf
// CHECK:         }
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.terminator
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @bias_cast(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %bias: memref<256xf32>) -> memref<256x256xf16> {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<256x256xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<256x256xf32>)
  linalg.matmul ins(%A, %B : memref<256x256xf16>, memref<256x256xf16>) outs(%t : memref<256x256xf32>)
  %out = memref.alloc() : memref<256x256xf16>
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t, %bias : memref<256x256xf32>, memref<256xf32>) outs(%out : memref<256x256xf16>) {
  ^bb0(%x: f32, %b: f32, %o: f16):
    %y = arith.addf %x, %b : f32
    %h = arith.truncf %y : f32 to f16
    linalg.yield %h : f16
  }
  memref.dealloc %t : memref<256x256xf32>
  return %out : memref<256x256xf16>
}
