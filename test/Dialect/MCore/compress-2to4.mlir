// RUN: mcore-opt %s --mcore-compress-2to4 -split-input-file | FileCheck %s

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

// A constant A is compressed at compile time into the canonical values and
// metadata (docs/Sparsity.md): row 0 [0 a 0 b | c 0 d 0] keeps positions
// (1, 3) and (0, 2), word 0x8d = 141; an empty group stores (0, 1); a group
// with one non-zero at 3 stores (0, 3).
// CHECK-LABEL: func.func @constant
// CHECK-SAME:    (%[[B:.+]]: tensor<8x4xf16>, %[[C:.+]]: tensor<4x4xf32>)
// CHECK-DAG:   %[[V:.+]] = arith.constant dense<{{\[}}[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00, 5.000000e+00], [1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<4x4xf16>
// CHECK-DAG:   %[[M:.+]] = arith.constant dense<{{\[}}[141], [196], [228], [68]]> : tensor<4x1xi32>
// CHECK:       %[[R:.+]] = mcore.sparse_matmul ins(%[[V]], %[[M]], %[[B]] : tensor<4x4xf16>, tensor<4x1xi32>, tensor<8x4xf16>) outs(%[[C]] : tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK:       return %[[R]]
func.func @constant(%b: tensor<8x4xf16>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %ad = arith.constant dense<[[0.0, 1.0, 0.0, 2.0, 3.0, 0.0, 4.0, 0.0],
                              [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 5.0],
                              [1.0, 2.0, 0.0, 0.0, 0.0, 0.0, 3.0, 4.0],
                              [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]]> : tensor<4x8xf16>
  %a = sparse_tensor.convert %ad : tensor<4x8xf16> to tensor<4x8xf16, #S24>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf16, #S24>, tensor<8x4xf16>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

// A 2:4-encoded argument is passed dense and compressed at run time.
// CHECK-LABEL: func.func @argument
// CHECK-SAME:    (%[[A:.+]]: tensor<64x100xbf16>, %[[B:.+]]: tensor<100x32xbf16>, %[[C:.+]]: tensor<64x32xf32>) -> tensor<64x32xf32>
// CHECK:       %[[V0:.+]] = tensor.empty() : tensor<64x50xbf16>
// CHECK:       %[[M0:.+]] = tensor.empty() : tensor<64x4xi32>
// CHECK:       %[[VM:.+]]:2 = mcore.compress_2to4 ins(%[[A]] : tensor<64x100xbf16>) outs(%[[V0]], %[[M0]] : tensor<64x50xbf16>, tensor<64x4xi32>)
// CHECK:       mcore.sparse_matmul ins(%[[VM]]#0, %[[VM]]#1, %[[B]] : tensor<64x50xbf16>, tensor<64x4xi32>, tensor<100x32xbf16>) outs(%[[C]] : tensor<64x32xf32>)
func.func @argument(%a: tensor<64x100xbf16, #S24>, %b: tensor<100x32xbf16>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<64x100xbf16, #S24>, tensor<100x32xbf16>) outs(%c : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

// Callers follow the dense signature.
// CHECK-LABEL: func.func @caller
// CHECK-SAME:    (%[[A:.+]]: tensor<64x100xbf16>
// CHECK:       call @argument(%[[A]], {{.+}}) : (tensor<64x100xbf16>, tensor<100x32xbf16>, tensor<64x32xf32>) -> tensor<64x32xf32>
func.func @caller(%a: tensor<64x100xbf16>, %b: tensor<100x32xbf16>, %c: tensor<64x32xf32>) -> tensor<64x32xf32> {
  %s = sparse_tensor.convert %a : tensor<64x100xbf16> to tensor<64x100xbf16, #S24>
  %r = call @argument(%s, %b, %c) : (tensor<64x100xbf16, #S24>, tensor<100x32xbf16>, tensor<64x32xf32>) -> tensor<64x32xf32>
  return %r : tensor<64x32xf32>
}

// -----

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

// Dynamic sizes; unsigned i8 (cast_unsigned) keeps its signedness.
// CHECK-LABEL: func.func @dynamic_u8
// CHECK-SAME:    (%[[A:[^:]+]]: tensor<?x?xi8>,
// CHECK-DAG:   %[[C1:.+]] = arith.constant 1 : index
// CHECK:       %[[K:.+]] = tensor.dim %[[A]], %[[C1]] : tensor<?x?xi8>
// CHECK:       affine.apply #{{.+}}()[%[[K]]]
// CHECK:       mcore.compress_2to4 ins(%[[A]] : tensor<?x?xi8>)
// CHECK:       mcore.sparse_matmul {{.+}} {unsigned_a, unsigned_b} -> tensor<?x?xi32>
func.func @dynamic_u8(%ad: tensor<?x?xi8>, %b: tensor<?x?xi8>, %c: tensor<?x?xi32>) -> tensor<?x?xi32> {
  %a = sparse_tensor.convert %ad : tensor<?x?xi8> to tensor<?x?xi8, #S24>
  %r = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : tensor<?x?xi8, #S24>, tensor<?x?xi8>) outs(%c : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}

// -----

// Functions whose type is not a builtin function type (llvm.func) are left
// alone, next to a func.func whose 2:4 argument loses its encoding.
#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>
// CHECK-LABEL: llvm.func @helper(!llvm.ptr) -> i32
// CHECK-LABEL: func.func @takes_2to4
// CHECK-SAME:    (%{{.+}}: tensor<16x32xf16>)
llvm.func @helper(!llvm.ptr) -> i32
func.func @takes_2to4(%a: tensor<16x32xf16, #S24>) {
  return
}

// -----

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

// A 2:4 weight on the right, y = x * W^T with W (N x K) 2:4 along K: W is
// compressed and becomes the op's A, y^T = W x^T (x as the op's B, stored
// N x K; C transposed).
// CHECK-LABEL: func.func @weight_on_the_right
// CHECK-SAME:    (%[[X:.+]]: tensor<16x64xf16>, %[[W:.+]]: tensor<32x64xf16>, %[[Y:.+]]: tensor<16x32xf32>)
// CHECK:       %[[VM:.+]]:2 = mcore.compress_2to4 ins(%[[W]] : tensor<32x64xf16>) outs({{.+}} : tensor<32x32xf16>, tensor<32x2xi32>) {operand = "B"}
// CHECK:       mcore.sparse_matmul ins(%[[VM]]#0, %[[VM]]#1, %[[X]] : tensor<32x32xf16>, tensor<32x2xi32>, tensor<16x64xf16>) outs(%[[Y]] : tensor<16x32xf32>) {transpose_b, transpose_c} -> tensor<16x32xf32>
func.func @weight_on_the_right(%x: tensor<16x64xf16>, %w: tensor<32x64xf16, #S24>, %y: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %w : tensor<16x64xf16>, tensor<32x64xf16, #S24>) outs(%y : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}

// -----

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

// One 2:4 weight for a batch of activations (a broadcast indexing map) and
// mixed signs (u8 x, i8 W): the op's A is W (signed), its B is x
// (unsigned_b), batched; W stays 2-D.
// CHECK-LABEL: func.func @shared_weight
// CHECK:       mcore.compress_2to4 ins(%{{.+}} : tensor<32x64xi8>)
// CHECK:       mcore.sparse_matmul ins({{.+}} : tensor<32x32xi8>, tensor<32x2xi32>, tensor<4x16x64xi8>) outs(%{{.+}} : tensor<4x16x32xi32>) {transpose_b, transpose_c, unsigned_b}
func.func @shared_weight(%x: tensor<4x16x64xi8>, %w: tensor<32x64xi8, #S24>, %y: tensor<4x16x32xi32>) -> tensor<4x16x32xi32> {
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (n, k)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<4x16x64xi8>, tensor<32x64xi8, #S24>) outs(%y : tensor<4x16x32xi32>) {
  ^bb0(%a: i8, %b: i8, %c: i32):
    %ae = arith.extui %a : i8 to i32
    %be = arith.extsi %b : i8 to i32
    %p = arith.muli %ae, %be : i32
    %s = arith.addi %c, %p : i32
    linalg.yield %s : i32
  } -> tensor<4x16x32xi32>
  return %r : tensor<4x16x32xi32>
}

// -----

#S24B = #sparse_tensor.encoding<{map = (b, i, j) -> (b : dense, i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

// A batch of 2:4 A matrices (3-D encoding): compressed as a batch.
// CHECK-LABEL: func.func @batched_a
// CHECK:       %[[VM:.+]]:2 = mcore.compress_2to4 ins(%{{.+}} : tensor<2x16x64xf16>) outs({{.+}} : tensor<2x16x32xf16>, tensor<2x16x2xi32>)
// CHECK:       mcore.sparse_matmul ins(%[[VM]]#0, %[[VM]]#1, %{{.+}} : tensor<2x16x32xf16>, tensor<2x16x2xi32>, tensor<2x64x8xf16>) outs(%{{.+}} : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
func.func @batched_a(%a: tensor<2x16x64xf16, #S24B>, %b: tensor<2x64x8xf16>, %c: tensor<2x16x8xf32>) -> tensor<2x16x8xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x16x64xf16, #S24B>, tensor<2x64x8xf16>) outs(%c : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
  return %r : tensor<2x16x8xf32>
}
