// RUN: mcore-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" | FileCheck %s

// mcore.compress_2to4 and mcore.sparse_matmul are destination-passing: they
// bufferize in place into their inits.

// CHECK-LABEL: func.func @sparse(
// CHECK-SAME:    %[[A:.+]]: memref<64x128xf16>, %[[B:.+]]: memref<128x32xf16>, %[[C:.+]]: memref<64x32xf32>) -> memref<64x32xf32>
// CHECK:       %[[V:.+]] = memref.alloc() {{.*}} : memref<64x64xf16>
// CHECK:       %[[M:.+]] = memref.alloc() {{.*}} : memref<64x4xi32>
// CHECK:       mcore.compress_2to4 ins(%[[A]] : memref<64x128xf16>) outs(%[[V]], %[[M]] : memref<64x64xf16>, memref<64x4xi32>)
// CHECK:       mcore.sparse_matmul ins(%[[V]], %[[M]], %[[B]] : memref<64x64xf16>, memref<64x4xi32>, memref<128x32xf16>) outs(%[[C]] : memref<64x32xf32>)
// CHECK:       return %[[C]]
func.func @sparse(%a: tensor<64x128xf16>, %b: tensor<128x32xf16>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %v0 = tensor.empty() : tensor<64x64xf16>
  %m0 = tensor.empty() : tensor<64x4xi32>
  %v, %m = mcore.compress_2to4 ins(%a : tensor<64x128xf16>) outs(%v0, %m0 : tensor<64x64xf16>, tensor<64x4xi32>) -> tensor<64x64xf16>, tensor<64x4xi32>
  %r = mcore.sparse_matmul ins(%v, %m, %b : tensor<64x64xf16>, tensor<64x4xi32>, tensor<128x32xf16>) outs(%c : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}
