// RUN: mcore-opt %s --mcore-compress-2to4 -split-input-file -verify-diagnostics

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

// The first violation in row-major order; -0 counts as zero.
func.func @not_2to4(%b: tensor<8x4xf16>, %c: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-note @+1 {{A is this constant}}
  %ad = arith.constant dense<[[0.0, 1.0, 0.0, 2.0, 3.0, 0.0, 4.0, 0.0],
                              [0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 0.0, 0.0],
                              [1.0, 0.0, 0.0, -0.0, 0.0, 7.0, 8.0, 9.0]]> : tensor<3x8xf16>
  %a = sparse_tensor.convert %ad : tensor<3x8xf16> to tensor<3x8xf16, #S24>
  // expected-error @+1 {{A is not 2:4 sparse: row 2, group 1 (columns 4-7) has 3 non-zeros}}
  %r = linalg.matmul ins(%a, %b : tensor<3x8xf16, #S24>, tensor<8x4xf16>) outs(%c : tensor<3x4xf32>) -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

// -----

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

// A ragged last group (K = 7) is reported with its real columns.
func.func @later_row(%b: tensor<7x2xi8>, %c: tensor<2x2xi32>) -> tensor<2x2xi32> {
  // expected-note @+1 {{A is this constant}}
  %a = arith.constant dense<[[1, 0, 0, 2, 0, 0, 0], [0, 0, 0, 0, 5, 6, 7]]> : tensor<2x7xi8, #S24>
  // expected-error @+1 {{A is not 2:4 sparse: row 1, group 1 (columns 4-6) has 3 non-zeros}}
  %r = linalg.matmul ins(%a, %b : tensor<2x7xi8, #S24>, tensor<7x2xi8>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}

// -----

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

func.func @violation_i8(%b: tensor<8x2xi8>, %c: tensor<2x2xi32>) -> tensor<2x2xi32> {
  // expected-note @+1 {{A is this constant}}
  %a = arith.constant dense<[[1, 0, 0, 2, 0, 0, 0, 0], [0, 0, 0, 0, 5, 6, 7, 8]]> : tensor<2x8xi8, #S24>
  // expected-error @+1 {{A is not 2:4 sparse: row 1, group 1 (columns 4-7) has 4 non-zeros}}
  %r = linalg.matmul ins(%a, %b : tensor<2x8xi8, #S24>, tensor<8x2xi8>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}

// -----

#CSR = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>

func.func @csr(%a: tensor<8x8xf16, #CSR>, %b: tensor<8x8xf16>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{A's sparse encoding is not 2:4; mcore supports (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4]), with a leading (b : dense) when batched}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf16, #CSR>, tensor<8x8xf16>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

func.func @both(%a: tensor<8x8xf16, #S24>, %b: tensor<8x8xf16, #S24>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{only one operand may be sparse: mcore handles a 2:4-encoded A or B with the other operands dense}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf16, #S24>, tensor<8x8xf16, #S24>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

func.func @other_use(%a: tensor<8x8xf16, #S24>) -> tensor<8x8xf16> {
  // expected-error @+1 {{mcore-compress-2to4 handles the 2:4 encoding on A or B of a contraction (and passing such tensors around); this op uses}}
  %d = sparse_tensor.convert %a : tensor<8x8xf16, #S24> to tensor<8x8xf16, #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>>
  %e = sparse_tensor.convert %d : tensor<8x8xf16, #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>> to tensor<8x8xf16>
  return %e : tensor<8x8xf16>
}

// -----

// A 2:4 B is compressed along its last dimension, which must be K.
#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

func.func @b_along_n(%a: tensor<8x8xf16>, %b: tensor<8x8xf16, #S24>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{a 2:4-encoded B is compressed along its last dimension, which must be K: B must be stored N x K (indexing map (m, n, k) -> (n, k))}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf16>, tensor<8x8xf16, #S24>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// A constant 2:4 B that is not: the error names B and the row of B as
// stored (N x K).
#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

func.func @b_not_2to4(%a: tensor<2x4xf16>, %c: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-note @+1 {{B is this constant}}
  %w = arith.constant dense<[[1.0, 0.0, 0.0, 2.0], [1.0, 2.0, 3.0, 0.0]]> : tensor<2x4xf16>
  %s = sparse_tensor.convert %w : tensor<2x4xf16> to tensor<2x4xf16, #S24>
  // expected-error @+1 {{B is not 2:4 sparse: row 1, group 0 (columns 0-3) has 3 non-zeros}}
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %s : tensor<2x4xf16>, tensor<2x4xf16, #S24>) outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

// -----

// With a 2:4 operand the batch comes first in every operand.
#S24B = #sparse_tensor.encoding<{map = (b, i, j) -> (b : dense, i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

func.func @batch_not_first(%a: tensor<2x8x16xf16, #S24B>, %b: tensor<16x2x8xf16>, %c: tensor<2x8x8xf32>) -> tensor<2x8x8xf32> {
  // expected-error @+1 {{with a 2:4 operand, the batch must be the first dimension of every operand that has one}}
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, b, n)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                       iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<2x8x16xf16, #S24B>, tensor<16x2x8xf16>) outs(%c : tensor<2x8x8xf32>) {
  ^bb0(%x: f16, %y: f16, %z: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x8x8xf32>
  return %r : tensor<2x8x8xf32>
}
