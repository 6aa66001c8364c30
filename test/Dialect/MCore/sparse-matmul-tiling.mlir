// RUN: mcore-opt %s --transform-interpreter -canonicalize | FileCheck %s

// mcore.sparse_matmul implements the TilingInterface over (M, N, K), K dense:
// a K tile starting at k reads values columns k/2.. (two per group of four)
// and metadata words k/32.. (eight groups per word).

// CHECK-DAG: #[[HALF:.+]] = affine_map<(d0) -> (d0 floordiv 2)>
// CHECK-DAG: #[[WORD:.+]] = affine_map<(d0) -> (d0 floordiv 32)>
// CHECK-LABEL: func.func @tile
// CHECK:       scf.for %[[M:.+]] = %{{.+}} to %{{.+}} step %c32
// CHECK:         scf.for %[[N:.+]] = %{{.+}} to %{{.+}} step %c48
// CHECK:           scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %c64
// CHECK:             %[[VK:.+]] = affine.apply #[[HALF]](%[[K]])
// CHECK:             %[[WK:.+]] = affine.apply #[[WORD]](%[[K]])
// CHECK:             %[[V:.+]] = tensor.extract_slice %{{.+}}[%[[M]], %[[VK]]] [32, 32] [1, 1] : tensor<128x64xf16> to tensor<32x32xf16>
// CHECK:             %[[W:.+]] = tensor.extract_slice %{{.+}}[%[[M]], %[[WK]]] [32, 2] [1, 1] : tensor<128x4xi32> to tensor<32x2xi32>
// CHECK:             %[[B:.+]] = tensor.extract_slice %{{.+}}[%[[K]], %[[N]]] [64, 48] [1, 1] : tensor<128x96xf16> to tensor<64x48xf16>
// CHECK:             %[[C:.+]] = tensor.extract_slice %{{.+}}[%[[M]], %[[N]]] [32, 48] [1, 1]
// CHECK:             mcore.sparse_matmul ins(%[[V]], %[[W]], %[[B]] : tensor<32x32xf16>, tensor<32x2xi32>, tensor<64x48xf16>) outs(%[[C]] : tensor<32x48xf32>) -> tensor<32x48xf32>
// CHECK:             tensor.insert_slice
func.func @tile(%v: tensor<128x64xf16>, %m: tensor<128x4xi32>, %b: tensor<128x96xf16>, %c: tensor<128x96xf32>) -> tensor<128x96xf32> {
  %r = mcore.sparse_matmul ins(%v, %m, %b : tensor<128x64xf16>, tensor<128x4xi32>, tensor<128x96xf16>) outs(%c : tensor<128x96xf32>) -> tensor<128x96xf32>
  return %r : tensor<128x96xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %op = transform.structured.match ops{["mcore.sparse_matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %loops:3 = transform.structured.tile_using_for %op tile_sizes [32, 48, 64] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
