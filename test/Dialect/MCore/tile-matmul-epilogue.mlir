// RUN: mcore-opt %s --mcore-tile-matmul="chip=gfx1201" --split-input-file | FileCheck %s

// Element-wise consumers of C run in the matmul kernel's epilogue, tiled
// into the work-group loop through the TilingInterface: a scale per row and
// a bias per column read through broadcast transfers, a scalar broadcast,
// ReLU and the cast to f16 on the accumulator tiles. C and the scaled
// intermediate are temporaries only the fused ops read: neither is written
// nor allocated any more, and the f16 output is written once.

#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
#row = affine_map<(i, j) -> (i)>
// CHECK-DAG: #[[COL:.+]] = affine_map<(d0) -> (0, d0)>
// CHECK-DAG: #[[ROW:.+]] = affine_map<(d0) -> (d0, 0)>
// CHECK-LABEL: func.func @bias_scale_relu
// CHECK-NOT:   memref<256x384xf32>
// CHECK:       %[[OUT:.+]] = memref.alloc() : memref<256x384xf16>
// CHECK:       gpu.launch
// CHECK:         %[[SSV:.+]] = memref.subview %arg3
// CHECK:         %[[BSV:.+]] = memref.subview %arg2
// CHECK:         %[[OSV:.+]] = memref.subview %[[OUT]]
// CHECK:         scf.for
// CHECK:           mcore.mma
// CHECK:         %[[S:.+]] = vector.transfer_read %[[SSV]]{{.*}} {in_bounds = [true, true], permutation_map = #[[ROW]]} : memref<128xf32, {{.*}}>, vector<16x16xf32>
// CHECK:         %[[X:.+]] = arith.mulf %{{.+}}, %[[S]] : vector<16x16xf32>
// CHECK:         %[[A:.+]] = vector.broadcast %arg4 : f32 to vector<16x16xf32>
// CHECK:         %[[XA:.+]] = arith.mulf %[[X]], %[[A]] : vector<16x16xf32>
// CHECK:         %[[B:.+]] = vector.transfer_read %[[BSV]]{{.*}} {in_bounds = [true, true], permutation_map = #[[COL]]} : memref<128xf32, {{.*}}>, vector<16x16xf32>
// CHECK:         %[[Y:.+]] = arith.addf %[[XA]], %[[B]] : vector<16x16xf32>
// CHECK:         %[[R:.+]] = arith.maximumf %[[Y]], %{{.+}} : vector<16x16xf32>
// CHECK:         %[[H:.+]] = arith.truncf %[[R]] : vector<16x16xf32> to vector<16x16xf16>
// CHECK:         vector.transfer_write %[[H]], %[[OSV]]
// CHECK-NOT:     memref<256x384xf32>
// CHECK:         gpu.terminator
// CHECK-NOT:   linalg.
// CHECK-NOT:   memref<256x384xf32>
// CHECK:       return %[[OUT]]
func.func @bias_scale_relu(%a: memref<256x512xf16>, %b: memref<512x384xf16>,
                           %bias: memref<384xf32>, %scale: memref<256xf32>,
                           %alpha: f32) -> memref<256x384xf16> {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<256x384xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<256x384xf32>)
  linalg.matmul ins(%a, %b : memref<256x512xf16>, memref<512x384xf16>) outs(%c : memref<256x384xf32>)
  %y = memref.alloc() : memref<256x384xf32>
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %scale : memref<256x384xf32>, memref<256xf32>) outs(%y : memref<256x384xf32>) {
  ^bb0(%x: f32, %s: f32, %o: f32):
    %0 = arith.mulf %x, %s : f32
    %1 = arith.mulf %0, %alpha : f32
    linalg.yield %1 : f32
  }
  %out = memref.alloc() : memref<256x384xf16>
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%y, %bias : memref<256x384xf32>, memref<384xf32>) outs(%out : memref<256x384xf16>) {
  ^bb0(%x: f32, %bb: f32, %o: f16):
    %0 = arith.addf %x, %bb : f32
    %1 = arith.maximumf %0, %zero : f32
    %2 = arith.truncf %1 : f32 to f16
    linalg.yield %2 : f16
  }
  memref.dealloc %y : memref<256x384xf32>
  memref.dealloc %c : memref<256x384xf32>
  return %out : memref<256x384xf16>
}

// -----

// C is the caller's: it is stored (in f32) and the activation's output too,
// each once; an in-place op on C changes the value C is stored with.

#id = affine_map<(i, j) -> (i, j)>
// CHECK-LABEL: func.func @c_is_kept
// CHECK:       gpu.launch
// CHECK:         %[[R:.+]] = arith.maximumf
// CHECK:         %[[E:.+]] = math.exp %[[R]]
// CHECK:         vector.transfer_write %[[E]], %{{.+}} : vector<16x16xf32>, memref<128x128xf32, strided
// CHECK:         vector.transfer_write %[[R]], %arg2{{.*}} : vector<16x16xf32>, memref<128x256xf32>
// CHECK-NOT:   linalg.
func.func @c_is_kept(%a: memref<128x64xf16>, %b: memref<64x256xf16>,
                     %c: memref<128x256xf32>, %d: memref<128x256xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.matmul ins(%a, %b : memref<128x64xf16>, memref<64x256xf16>) outs(%c : memref<128x256xf32>)
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%c : memref<128x256xf32>) {
  ^bb0(%x: f32):
    %0 = arith.maximumf %x, %zero : f32
    linalg.yield %0 : f32
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<128x256xf32>) outs(%d : memref<128x256xf32>) {
  ^bb0(%x: f32, %o: f32):
    %0 = math.exp %x : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// Consumers that cannot run in the epilogue keep their reason for
// mcore-linalg-to-gpu: C read transposed (another work-group's elements),
// and, behind it, a reduction.

#id = affine_map<(i, j) -> (i, j)>
#t = affine_map<(i, j) -> (j, i)>
#row = affine_map<(i, j) -> (i)>
// CHECK-LABEL: func.func @not_fused
// CHECK:       gpu.launch
// CHECK:       linalg.generic {{.*}}mcore.not_fused = "it reads C through (d0, d1) -> (d1, d0), not element by element"
// CHECK:       linalg.generic {{.*}}mcore.not_fused = "it is not element-wise over C's two dimensions (2 loops, 1 of them reductions)"
func.func @not_fused(%a: memref<128x64xf16>, %b: memref<64x128xf16>,
                     %c: memref<128x128xf32>, %t: memref<128x128xf32>,
                     %r: memref<128xf32>) {
  linalg.matmul ins(%a, %b : memref<128x64xf16>, memref<64x128xf16>) outs(%c : memref<128x128xf32>)
  linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<128x128xf32>) outs(%t : memref<128x128xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  }
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%c : memref<128x128xf32>) outs(%r : memref<128xf32>) {
  ^bb0(%x: f32, %o: f32):
    %0 = arith.addf %x, %o : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// A 2:4 weight on the right: the kernel computes Cᵀ = W xᵀ, and its
// accumulator tiles are Cᵀ's. The fused op's loops over C's rows and
// columns run along the tiles' columns and rows: the scale per row of C is
// read broadcast down the tile's rows (it varies along its columns), the
// bias per column of C broadcast along the tile's columns, and the f16
// result is written through the transposed map, once. C (an f32 temporary)
// is neither written nor allocated, the fill folded into the kernel.

#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
#row = affine_map<(i, j) -> (i)>
// CHECK-DAG: #[[T:.+]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[ALONG_COLS:.+]] = affine_map<(d0) -> (0, d0)>
// CHECK-DAG: #[[ALONG_ROWS:.+]] = affine_map<(d0) -> (d0, 0)>
// CHECK-LABEL: func.func @weight_on_the_right
// CHECK-NOT:   memref<256x384xf32>
// CHECK:       %[[OUT:.+]] = memref.alloc() : memref<256x384xf16>
// CHECK:       gpu.launch
// CHECK:         %[[SSV:.+]] = memref.subview %arg4
// CHECK:         %[[BSV:.+]] = memref.subview %arg3
// CHECK:         %[[OSV:.+]] = memref.subview %[[OUT]]
// CHECK:         scf.for
// CHECK:           mcore.sparse_mma
// CHECK:         %[[S:.+]] = vector.transfer_read %[[SSV]]{{.*}} {in_bounds = [true, true], permutation_map = #[[ALONG_COLS]]} : memref<128xf32, {{.*}}>, vector<16x16xf32>
// CHECK:         %[[B:.+]] = vector.transfer_read %[[BSV]]{{.*}} {in_bounds = [true, true], permutation_map = #[[ALONG_ROWS]]} : memref<128xf32, {{.*}}>, vector<16x16xf32>
// CHECK:         %[[X:.+]] = arith.mulf %{{.+}}, %[[S]] : vector<16x16xf32>
// CHECK:         %[[Y:.+]] = arith.addf %[[X]], %[[B]] : vector<16x16xf32>
// CHECK:         %[[R:.+]] = arith.maximumf %[[Y]], %{{.+}} : vector<16x16xf32>
// CHECK:         %[[H:.+]] = arith.truncf %[[R]] : vector<16x16xf32> to vector<16x16xf16>
// CHECK:         vector.transfer_write %[[H]], %[[OSV]]{{.*}} {in_bounds = [true, true], permutation_map = #[[T]]} : vector<16x16xf16>, memref<128x128xf16
// CHECK-NOT:     memref<256x384xf32>
// CHECK:         gpu.terminator
// CHECK-NOT:   linalg.
// CHECK-NOT:   memref<256x384xf32>
// CHECK:       return %[[OUT]]
func.func @weight_on_the_right(%x: memref<256x512xf16>, %wv: memref<384x256xf16>,
                               %wm: memref<384x16xi32>, %bias: memref<384xf32>,
                               %scale: memref<256xf32>) -> memref<256x384xf16> {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<256x384xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<256x384xf32>)
  mcore.sparse_matmul ins(%wv, %wm, %x : memref<384x256xf16>, memref<384x16xi32>, memref<256x512xf16>)
      outs(%c : memref<256x384xf32>) {transpose_b, transpose_c}
  %out = memref.alloc() : memref<256x384xf16>
  linalg.generic {indexing_maps = [#id, #row, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %scale, %bias : memref<256x384xf32>, memref<256xf32>, memref<384xf32>)
      outs(%out : memref<256x384xf16>) {
  ^bb0(%v: f32, %s: f32, %bb: f32, %o: f16):
    %0 = arith.mulf %v, %s : f32
    %1 = arith.addf %0, %bb : f32
    %2 = arith.maximumf %1, %zero : f32
    %3 = arith.truncf %2 : f32 to f16
    linalg.yield %3 : f16
  }
  memref.dealloc %c : memref<256x384xf32>
  return %out : memref<256x384xf16>
}
