// RUN: mcore-opt %s -split-input-file --mcore-tile-matmul="chip=gfx942" -canonicalize -cse | FileCheck %s
// RUN: mcore-opt %s -split-input-file --mcore-tile-matmul="chip=gfx1201" -canonicalize -cse | FileCheck %s --check-prefix=RDNA4
// RUN: mcore-opt %s -split-input-file --mcore-tile-matmul="chip=gfx942 split-k=1" -canonicalize -cse | FileCheck %s --check-prefix=OFF
// RUN: mcore-opt %s -split-input-file --mcore-tile-matmul="chip=gfx942 split-k=3" -canonicalize -cse | FileCheck %s --check-prefix=THREE
// RUN: not mcore-opt %s -split-input-file --mcore-tile-matmul="chip=gfx942 split-k=-2" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// More slices than K has elements (2^63 - 1 divided by zero, found by scripts/fuzz.sh).
// RUN: not mcore-opt %s -split-input-file --mcore-configure-matmul="chip=gfx942 split-k=9223372036854775807" 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: error: split-k=9223372036854775807 asks for more K slices than K = {{[0-9]+}} has elements
// RUN: mcore-opt %s -split-input-file --mcore-configure-matmul="chip=gfx942" | FileCheck %s --check-prefix=CONFIG

// Skinny M (LLM decode, docs/MatmulForms.md "Skinny M"): a tile one MFMA high
// (32 x 128, 1 x 4 waves; two LDS stages of 32 and 128 rows of the longest
// K tile that fits, 64), 4096 / 128 = 32 tiles of C, and K split 8 ways
// (32 x 8 = 256 work-groups, the most one round of 304 CUs of MI300X
// holds; slices of 512, 8 K tiles): each slice writes its partial tile to
// the f32 workspace without reading C, and a second kernel adds C and the
// slices in order.
// CHECK-LABEL: func.func @decode
// CHECK-DAG:   %[[C8:.+]] = arith.constant 8 : index
// CHECK-DAG:   %[[C32:.+]] = arith.constant 32 : index
// CHECK:       %[[WS:.+]] = memref.alloc() : memref<8x1x4096xf32>
// CHECK:       gpu.launch blocks(%{{.+}}, %{{.+}}, %[[Z:.+]]) in (%{{.+}} = %[[C32]], %{{.+}} = %c1, %{{.+}} = %[[C8]]) threads({{.*}}) in ({{.*}} = %c256,
// CHECK-SAME:    workgroup({{.*}} : memref<64x{{[0-9]+}}xf16, #gpu.address_space<workgroup>>, {{.*}} : memref<256x{{[0-9]+}}xf16, #gpu.address_space<workgroup>>)
// CHECK:         %[[K0:.+]] = arith.muli %[[Z]], %c512
// CHECK:         memref.subview %arg0[0, %[[K0]]] [1, 512] [1, 1]
// CHECK:         memref.subview %arg1[%[[K0]], 0] [512, 4096] [1, 1]
// CHECK:         %[[SLICE:.+]] = memref.subview %[[WS]][%[[Z]], 0, 0] [1, 1, 4096] [1, 1, 1]
// CHECK:         scf.for %{{.+}} = %c0 to %c384 step %c128
// CHECK-NOT:     vector.transfer_read %arg2
// CHECK:         vector.transfer_write %{{.+}}, %[[SLICE]]
// CHECK:       gpu.launch
// CHECK:         %[[OLD:.+]] = memref.load %arg2[%{{.+}}, %{{.+}}] : memref<1x4096xf32>
// CHECK:         scf.for %[[S:.+]] = %c0 to %[[C8]] step %c1 iter_args(%[[ACC:.+]] = %[[OLD]]) -> (f32)
// CHECK:           %[[PART:.+]] = memref.load %[[WS]][%[[S]], %{{.+}}, %{{.+}}] : memref<8x1x4096xf32>
// CHECK:           arith.addf %[[ACC]], %[[PART]] : f32
// CHECK:         memref.store %{{.+}}, %arg2
// CHECK:       } {mcore.kernel = "split_k_reduce"}

// gfx1201 (64 CUs): a 16-row WMMA tile of 1 x 4 waves of one instruction
// each, 16 x 64: its 64 work-groups fill the CUs, so K is not split.
// RDNA4-LABEL: func.func @decode
// RDNA4-NOT:   memref.alloc
// RDNA4:       gpu.launch blocks({{.*}}) in ({{.*}} = %c64, {{.*}} = %c1, {{.*}} = %c1) threads({{.*}}) in ({{.*}} = %c128, {{.*}} = %c1, {{.*}} = %c1)
// RDNA4-NOT:   split_k_reduce
// RDNA4:       return

// OFF-LABEL:   func.func @decode
// OFF-NOT:     memref.alloc
// OFF-NOT:     split_k_reduce
// OFF:         return

// THREE-LABEL: func.func @decode
// THREE:       memref.alloc() : memref<3x1x4096xf32>
// THREE:       %[[LEN:.+]] = arith.minsi %{{.+}}, %c1408 : index
// THREE:       memref.subview %arg0[0, %{{.+}}] [1, %[[LEN]]] [1, 1]

// NEGATIVE: error: split-k must be 0 (automatic) or a number of K slices, got -2

// The configuration records the split (and the skinny tile).
// CONFIG-LABEL: func.func @decode
// CONFIG:       #mcore.matmul_config<{{.+}} tile_m = 32, tile_n = 128, {{.+}} waves_m = 1, waves_n = 4, {{.+}} split_k = 8,
func.func @decode(%A: memref<1x4096xf16>, %B: memref<4096x4096xf16>,
                  %C: memref<1x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<1x4096xf16>, memref<4096x4096xf16>)
                outs(%C : memref<1x4096xf32>)
  return
}

// -----

// A folded fill: the reduction starts from the fill value, C is not read.
// A K that the slices do not divide: the last slice is shorter (a min).
// CHECK-LABEL: func.func @filled
// CHECK:       memref.alloc() : memref<4x3x512xi32>
// CHECK:       arith.minsi
// CHECK:       gpu.launch
// CHECK-NOT:     memref.load %arg2
// CHECK:         scf.for {{.+}} iter_args(%{{.+}} = %c7_i32) -> (i32)
// CHECK:           arith.addi
// CHECK:       } {mcore.kernel = "split_k_reduce"}
// gfx1201: 8 tiles of 16 x 64 in 2 slices (slices of at least 8 K tiles
// of 256).
// RDNA4-LABEL: func.func @filled
// RDNA4:       memref.alloc() : memref<2x3x512xi32>
// RDNA4:       gpu.launch blocks({{.*}}) in ({{.*}} = %c8, {{.*}} = %c1, {{.*}} = %c2)
// RDNA4:       } {mcore.kernel = "split_k_reduce"}
// OFF-LABEL:   func.func @filled
// OFF-NOT:     split_k_reduce
// THREE-LABEL: func.func @filled
// CONFIG-LABEL: func.func @filled
// CONFIG:       split_k = 4,
func.func @filled(%A: memref<3x5000xi8>, %B: memref<5000x512xi8>,
                  %C: memref<3x512xi32>) {
  %c7 = arith.constant 7 : i32
  linalg.fill ins(%c7 : i32) outs(%C : memref<3x512xi32>)
  linalg.matmul ins(%A, %B : memref<3x5000xi8>, memref<5000x512xi8>)
                outs(%C : memref<3x512xi32>)
  return
}

// -----

// Not skinny: no split unless asked.
// CHECK-LABEL: func.func @square
// CHECK-NOT:   split_k_reduce
// CHECK:       return
// THREE-LABEL: func.func @square
// THREE:       memref.alloc() : memref<3x256x256xf32>
// THREE:       split_k_reduce
// CONFIG-LABEL: func.func @square
// CONFIG:       split_k = 1,
func.func @square(%A: memref<256x1024xf16>, %B: memref<1024x256xf16>,
                  %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x1024xf16>, memref<1024x256xf16>)
                outs(%C : memref<256x256xf32>)
  return
}

// -----

// split_k on the op wins over the options (split-k=1 and =3 above) and the
// heuristic; the tiles stay the heuristic's skinny ones.
// CHECK-LABEL: func.func @on_the_op
// CHECK:       memref.alloc() : memref<2x1x4096xf32>
// CHECK:       split_k_reduce
// OFF-LABEL:   func.func @on_the_op
// OFF:         memref.alloc() : memref<2x1x4096xf32>
// THREE-LABEL: func.func @on_the_op
// THREE:       memref.alloc() : memref<2x1x4096xf32>
// CONFIG-LABEL: func.func @on_the_op
// CONFIG:       tile_m = 32, tile_n = 128, {{.+}} split_k = 2,
func.func @on_the_op(%A: memref<1x4096xf16>, %B: memref<4096x4096xf16>,
                     %C: memref<1x4096xf32>) {
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<split_k = 2>}
                ins(%A, %B : memref<1x4096xf16>, memref<4096x4096xf16>)
                outs(%C : memref<1x4096xf32>)
  return
}
