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
  // expected-error @+1 {{A's sparse encoding is not 2:4; mcore supports (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf16, #CSR>, tensor<8x8xf16>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

func.func @sparse_b(%a: tensor<8x8xf16, #S24>, %b: tensor<8x8xf16, #S24>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{only A may be sparse: mcore handles a 2:4-encoded A with dense B and C}}
  %r = linalg.matmul ins(%a, %b : tensor<8x8xf16, #S24>, tensor<8x8xf16, #S24>) outs(%c : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

func.func @other_use(%a: tensor<8x8xf16, #S24>) -> tensor<8x8xf16> {
  // expected-error @+1 {{mcore-compress-2to4 handles the 2:4 encoding as A of linalg.matmul (and passing such tensors around); this op uses}}
  %d = sparse_tensor.convert %a : tensor<8x8xf16, #S24> to tensor<8x8xf16, #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>>
  %e = sparse_tensor.convert %d : tensor<8x8xf16, #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j : compressed)}>> to tensor<8x8xf16>
  return %e : tensor<8x8xf16>
}
