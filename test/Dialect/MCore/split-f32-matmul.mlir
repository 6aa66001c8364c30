// RUN: mcore-opt %s --mcore-split-f32-matmul --split-input-file --verify-diagnostics | FileCheck %s

// f32-precision=bf16x3: an f32 matmul becomes the bf16 pieces of A and B
// (x0 = bf16(x), x1 = bf16(x - x0); an infinite or NaN x has x1 = 0) and
// three bf16 x bf16 -> f32 contractions into C with the op's indexing maps,
// the small terms first: A1 B0, A0 B1, A0 B0. Dynamic sizes come from the
// operands.

// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[A:.+]]: memref<?x?xf32>, %[[B:.+]]: memref<?x?xf32>, %[[C:.+]]: memref<?x?xf32>)
// CHECK-DAG:  %[[M:.+]] = memref.dim %[[A]], %c0
// CHECK-DAG:  %[[K:.+]] = memref.dim %[[A]], %c1
// CHECK:      %[[A0:.+]] = memref.alloc(%[[M]], %[[K]]) : memref<?x?xbf16>
// CHECK:      %[[A1:.+]] = memref.alloc(%[[M]], %[[K]]) : memref<?x?xbf16>
// CHECK:      linalg.generic {{.+}} ins(%[[A]] : memref<?x?xf32>) outs(%[[A0]], %[[A1]] : memref<?x?xbf16>, memref<?x?xbf16>) attrs =  {mcore.bf16x3_split}
// CHECK:        %[[H:.+]] = arith.truncf %[[X:.+]] : f32 to bf16
// CHECK:        %[[HF:.+]] = arith.extf %[[H]] : bf16 to f32
// CHECK:        %[[R:.+]] = arith.subf %[[X]], %[[HF]] : f32
// CHECK:        %[[L:.+]] = arith.truncf %[[R]] : f32 to bf16
// CHECK:        %[[ORD:.+]] = arith.cmpf ord, %[[R]], %[[R]] : f32
// CHECK:        %[[SEL:.+]] = arith.select %[[ORD]], %[[L]], %{{.+}} : bf16
// CHECK:        linalg.yield %[[H]], %[[SEL]] : bf16, bf16
// CHECK:      %[[B0:.+]] = memref.alloc
// CHECK:      %[[B1:.+]] = memref.alloc
// CHECK:      linalg.generic {{.+}} ins(%[[B]] : memref<?x?xf32>) outs(%[[B0]], %[[B1]]
// CHECK:      linalg.generic {{.+}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%[[A1]], %[[B0]] : memref<?x?xbf16>, memref<?x?xbf16>) outs(%[[C]] : memref<?x?xf32>)
// CHECK:        arith.extf
// CHECK:        arith.extf
// CHECK:        arith.mulf
// CHECK:        arith.addf
// CHECK:      linalg.generic {{.+}} ins(%[[A0]], %[[B1]] : memref<?x?xbf16>, memref<?x?xbf16>) outs(%[[C]] : memref<?x?xf32>)
// CHECK:      linalg.generic {{.+}} ins(%[[A0]], %[[B0]] : memref<?x?xbf16>, memref<?x?xbf16>) outs(%[[C]] : memref<?x?xf32>)
// CHECK-NOT:  linalg.matmul
func.func @dynamic(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

// -----

// A transposed operand keeps its map; the pieces have its shape.

// CHECK-DAG: #[[AT:.+]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-LABEL: func.func @transposed_a
// CHECK-COUNT-2: memref.alloc() : memref<37x100xbf16>
// CHECK-COUNT-2: memref.alloc() : memref<37x70xbf16>
// CHECK-COUNT-3: linalg.generic {indexing_maps = [#[[AT]],
func.func @transposed_a(%a: memref<37x100xf32>, %b: memref<37x70xf32>, %c: memref<100x70xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : memref<37x100xf32>, memref<37x70xf32>) outs(%c : memref<100x70xf32>)
  return
}

// -----

// Other types are left alone: bf16 x bf16 -> f32 already runs on bf16
// instructions.

// CHECK-LABEL: func.func @bf16
// CHECK-NOT:   memref.alloc
// CHECK:       linalg.matmul
func.func @bf16(%a: memref<16x16xbf16>, %b: memref<16x16xbf16>, %c: memref<16x16xf32>) {
  linalg.matmul ins(%a, %b : memref<16x16xbf16>, memref<16x16xbf16>) outs(%c : memref<16x16xf32>)
  return
}

// -----

func.func @tensors(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // expected-error @+1 {{mcore-split-f32-matmul runs after bufferization; this linalg.matmul of f32 works on tensors}}
  %r = linalg.matmul ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}
