// RUN: mcore-opt %s | mcore-opt | FileCheck %s
// RUN: mcore-opt %s --mlir-print-op-generic | mcore-opt | FileCheck %s

// CHECK-LABEL: func.func @tensors
// CHECK: %[[R:.+]] = mcore.sparse_matmul ins(%{{.+}}, %{{.+}}, %{{.+}} : tensor<128x64xf16>, tensor<128x4xi32>, tensor<128x32xf16>) outs(%{{.+}} : tensor<128x32xf32>) -> tensor<128x32xf32>
func.func @tensors(%v: tensor<128x64xf16>, %m: tensor<128x4xi32>,
                   %b: tensor<128x32xf16>, %c: tensor<128x32xf32>)
    -> tensor<128x32xf32> {
  %r = mcore.sparse_matmul ins(%v, %m, %b : tensor<128x64xf16>, tensor<128x4xi32>, tensor<128x32xf16>)
      outs(%c : tensor<128x32xf32>) -> tensor<128x32xf32>
  return %r : tensor<128x32xf32>
}

// CHECK-LABEL: func.func @memrefs
// CHECK: mcore.sparse_matmul ins({{.+}} : memref<?x?xi8>, memref<?x?xi32>, memref<?x?xi8>) outs(%{{.+}} : memref<?x?xi32>) {unsigned_a, unsigned_b}
func.func @memrefs(%v: memref<?x?xi8>, %m: memref<?x?xi32>,
                   %b: memref<?x?xi8>, %c: memref<?x?xi32>) {
  mcore.sparse_matmul ins(%v, %m, %b : memref<?x?xi8>, memref<?x?xi32>, memref<?x?xi8>)
      outs(%c : memref<?x?xi32>) {unsigned_a, unsigned_b}
  return
}

// K = 10 (not a multiple of 4): values 2 * ceil(10 / 4) = 6, metadata 1.
// CHECK-LABEL: func.func @ragged_k
func.func @ragged_k(%v: memref<3x6xbf16>, %m: memref<3x1xi32>,
                    %b: memref<10x5xbf16>, %c: memref<3x5xf32>) {
  mcore.sparse_matmul ins(%v, %m, %b : memref<3x6xbf16>, memref<3x1xi32>, memref<10x5xbf16>)
      outs(%c : memref<3x5xf32>)
  return
}

// CHECK-LABEL: func.func @compress
// CHECK: mcore.compress_2to4 ins(%{{.+}} : tensor<?x?xf16>) outs(%{{.+}}, %{{.+}} : tensor<?x?xf16>, tensor<?x?xi32>) -> tensor<?x?xf16>, tensor<?x?xi32>
// CHECK: mcore.compress_2to4 ins(%{{.+}} : memref<16x64xi8>) outs(%{{.+}}, %{{.+}} : memref<16x32xi8>, memref<16x2xi32>)
func.func @compress(%a: tensor<?x?xf16>, %v0: tensor<?x?xf16>, %m0: tensor<?x?xi32>,
                    %am: memref<16x64xi8>, %vm: memref<16x32xi8>, %mm: memref<16x2xi32>)
    -> (tensor<?x?xf16>, tensor<?x?xi32>) {
  %v, %m = mcore.compress_2to4 ins(%a : tensor<?x?xf16>) outs(%v0, %m0 : tensor<?x?xf16>, tensor<?x?xi32>)
      -> tensor<?x?xf16>, tensor<?x?xi32>
  mcore.compress_2to4 ins(%am : memref<16x64xi8>) outs(%vm, %mm : memref<16x32xi8>, memref<16x2xi32>)
  return %v, %m : tensor<?x?xf16>, tensor<?x?xi32>
}

// A weight on the right (B stored N x K, C stored N x M) and a batch of
// activations sharing it (values and metadata 2-D).
// CHECK-LABEL: func.func @weight_batch
// CHECK: mcore.sparse_matmul ins({{.+}} : memref<32x32xf16>, memref<32x2xi32>, memref<4x16x64xf16>) outs(%{{.+}} : memref<4x16x32xf32>) {transpose_b, transpose_c}
func.func @weight_batch(%v: memref<32x32xf16>, %m: memref<32x2xi32>,
                        %x: memref<4x16x64xf16>, %y: memref<4x16x32xf32>) {
  mcore.sparse_matmul ins(%v, %m, %x : memref<32x32xf16>, memref<32x2xi32>, memref<4x16x64xf16>)
      outs(%y : memref<4x16x32xf32>) {transpose_b, transpose_c}
  return
}
