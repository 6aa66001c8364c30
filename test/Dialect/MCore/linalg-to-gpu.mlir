// RUN: mcore-opt %s --mcore-linalg-to-gpu --canonicalize --split-input-file --verify-diagnostics | FileCheck %s

// A linalg op left in host code becomes a GPU kernel of its own, with a
// remark: 4 x 64 threads per work-group, x along the last dimension, the
// edges guarded.

#id = affine_map<(i, j) -> (i, j)>
// CHECK-LABEL: func.func @elementwise
// CHECK-DAG:     %[[C4:.+]] = arith.constant 4 : index
// CHECK-DAG:     %[[C64:.+]] = arith.constant 64 : index
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}}) threads({{.*}}) in (%{{.+}} = %[[C64]], %{{.+}} = %[[C4]], %{{.+}} = %{{.+}})
// CHECK:           scf.if
// CHECK:             math.exp
// CHECK:           gpu.terminator
// CHECK-NOT:     linalg.
func.func @elementwise(%x: memref<?x?xf32>, %y: memref<?x?xf32>) {
  // expected-remark @+1 {{linalg.generic runs as a GPU kernel of its own: it is not an element-wise consumer of a matmul, which the matmul kernel would apply in its epilogue}}
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<?x?xf32>) outs(%y : memref<?x?xf32>) {
  ^bb0(%a: f32, %b: f32):
    %0 = math.exp %a : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// The reason mcore-tile-matmul gave for not fusing an op into a matmul's
// epilogue is the remark's; an op whose outermost loop is a reduction runs
// on one thread.

#id = affine_map<(i, j) -> (i, j)>
#t = affine_map<(i, j) -> (j, i)>
#col = affine_map<(i, j) -> (j)>
// CHECK-LABEL: func.func @reasons
// CHECK:         gpu.launch
// CHECK:         gpu.launch blocks({{.*}}) in (%{{.+}} = %[[ONE:.+]], %{{.+}} = %[[ONE]], %{{.+}} = %[[ONE]]) threads({{.*}}) in (%{{.+}} = %[[ONE]], %{{.+}} = %[[ONE]], %{{.+}} = %[[ONE]])
// CHECK:           scf.for
// CHECK:             scf.for
// CHECK-NOT:     linalg.
func.func @reasons(%c: memref<64x64xf32>, %t: memref<64x64xf32>, %s: memref<64xf32>) {
  // expected-remark @+1 {{linalg.generic runs as a GPU kernel of its own: it is not fused into the matmul kernel before it: it reads C through (d0, d1) -> (d1, d0), not element by element}}
  linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<64x64xf32>) outs(%t : memref<64x64xf32>)
      attrs = {mcore.not_fused = "it reads C through (d0, d1) -> (d1, d0), not element by element"} {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  // expected-remark @+1 {{linalg.generic runs as a GPU kernel of its own, on one thread (its outermost loop is a reduction)}}
  linalg.generic {indexing_maps = [#id, #col], iterator_types = ["reduction", "parallel"]}
      ins(%c : memref<64x64xf32>) outs(%s : memref<64xf32>) {
  ^bb0(%a: f32, %b: f32):
    %0 = arith.addf %a, %b : f32
    linalg.yield %0 : f32
  }
  return
}
