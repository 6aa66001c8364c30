// RUN: mcore-opt %s --transform-interpreter -canonicalize | FileCheck %s

// A batched mcore.sparse_matmul tiles over (batch, M, N, K); with B stored
// N x K and C stored N x M (a 2:4 weight on the right) the slices of B and
// C take (n, k) and (n, m).

// CHECK-LABEL: func.func @tile
// CHECK:       scf.for %[[B:.+]] = %{{.+}} to %c2 step %c1
// CHECK:         scf.for %[[M:.+]] = %{{.+}} to %c64 step %c32
// CHECK:           scf.for %[[N:.+]] = %{{.+}} to %c48 step %c16
// CHECK:             scf.for %[[K:.+]] = %{{.+}} to %c64 step %c32
// CHECK:               tensor.extract_slice %arg0[%[[B]], %[[M]], %{{.+}}] [1, 32, 16] [1, 1, 1] : tensor<2x64x32xf16> to tensor<1x32x16xf16>
// CHECK:               tensor.extract_slice %arg1[%[[B]], %[[M]], %{{.+}}] [1, 32, 1] [1, 1, 1] : tensor<2x64x2xi32> to tensor<1x32x1xi32>
// CHECK:               tensor.extract_slice %arg2[%[[B]], %[[N]], %[[K]]] [1, 16, 32] [1, 1, 1] : tensor<2x48x64xf16> to tensor<1x16x32xf16>
// CHECK:               %[[C:.+]] = tensor.extract_slice %{{.+}}[%[[B]], %[[N]], %[[M]]] [1, 16, 32] [1, 1, 1] : tensor<2x48x64xf32> to tensor<1x16x32xf32>
// CHECK:               mcore.sparse_matmul {{.+}} outs(%[[C]] : tensor<1x16x32xf32>) {transpose_b, transpose_c} -> tensor<1x16x32xf32>
// CHECK:               tensor.insert_slice %{{.+}}[%[[B]], %[[N]], %[[M]]] [1, 16, 32] [1, 1, 1]
func.func @tile(%v: tensor<2x64x32xf16>, %m: tensor<2x64x2xi32>, %x: tensor<2x48x64xf16>, %c: tensor<2x48x64xf32>) -> tensor<2x48x64xf32> {
  %r = mcore.sparse_matmul ins(%v, %m, %x : tensor<2x64x32xf16>, tensor<2x64x2xi32>, tensor<2x48x64xf16>) outs(%c : tensor<2x48x64xf32>) {transpose_b, transpose_c} -> tensor<2x48x64xf32>
  return %r : tensor<2x48x64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["mcore.sparse_matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loops:4 = transform.structured.tile_using_for %op tile_sizes [1, 32, 16, 32] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
