// RUN: mcore-opt %s -split-input-file -verify-diagnostics

func.func @values_cols(%v: memref<16x32xf16>, %m: memref<16x2xi32>,
                       %b: memref<48x16xf16>, %c: memref<16x16xf32>) {
  // expected-error @+1 {{columns of values (2 * ceil(K / 4), K = 48 from the rows of B) must be 24, got 32}}
  mcore.sparse_matmul ins(%v, %m, %b : memref<16x32xf16>, memref<16x2xi32>, memref<48x16xf16>)
      outs(%c : memref<16x16xf32>)
  return
}

// -----

func.func @meta_words(%v: memref<16x32xf16>, %m: memref<16x1xi32>,
                      %b: memref<64x16xf16>, %c: memref<16x16xf32>) {
  // expected-error @+1 {{metadata words per row (ceil(K / 32), K = 64 from the rows of B) must be 2, got 1}}
  mcore.sparse_matmul ins(%v, %m, %b : memref<16x32xf16>, memref<16x1xi32>, memref<64x16xf16>)
      outs(%c : memref<16x16xf32>)
  return
}

// -----

func.func @rows(%v: memref<8x32xf16>, %m: memref<8x2xi32>,
                %b: memref<64x16xf16>, %c: memref<16x16xf32>) {
  // expected-error @+1 {{rows of values must be 16, got 8}}
  mcore.sparse_matmul ins(%v, %m, %b : memref<8x32xf16>, memref<8x2xi32>, memref<64x16xf16>)
      outs(%c : memref<16x16xf32>)
  return
}

// -----

func.func @mixed(%v: memref<16x32xi8>, %m: memref<16x2xi32>,
                 %b: memref<64x16xi8>, %c: memref<16x16xf32>) {
  // expected-error @+1 {{A, B and C must be all integer or all floating point}}
  mcore.sparse_matmul ins(%v, %m, %b : memref<16x32xi8>, memref<16x2xi32>, memref<64x16xi8>)
      outs(%c : memref<16x16xf32>)
  return
}

// -----

func.func @form(%v: tensor<16x32xf16>, %m: memref<16x2xi32>,
                %b: memref<64x16xf16>, %c: memref<16x16xf32>) {
  // expected-error @+1 {{operands must be all tensors or all memrefs}}
  mcore.sparse_matmul ins(%v, %m, %b : tensor<16x32xf16>, memref<16x2xi32>, memref<64x16xf16>)
      outs(%c : memref<16x16xf32>)
  return
}

// -----

func.func @compress_type(%a: memref<16x64xf16>, %v: memref<16x32xbf16>, %m: memref<16x2xi32>) {
  // expected-error @+1 {{values must have the element type of the dense matrix, 'f16', got 'bf16'}}
  mcore.compress_2to4 ins(%a : memref<16x64xf16>) outs(%v, %m : memref<16x32xbf16>, memref<16x2xi32>)
  return
}

// -----

func.func @compress_shape(%a: memref<16x64xf16>, %v: memref<16x30xf16>, %m: memref<16x2xi32>) {
  // expected-error @+1 {{columns of values (2 * ceil(K / 4), K = 64 from the columns of the dense matrix) must be 32, got 30}}
  mcore.compress_2to4 ins(%a : memref<16x64xf16>) outs(%v, %m : memref<16x30xf16>, memref<16x2xi32>)
  return
}

// -----

func.func @batch_mismatch(%v: memref<3x16x32xf16>, %m: memref<3x16x2xi32>,
                          %b: memref<2x64x16xf16>, %c: memref<2x16x16xf32>) {
  // expected-error @+1 {{the batch of values (3) and of C (2) differ}}
  mcore.sparse_matmul ins(%v, %m, %b : memref<3x16x32xf16>, memref<3x16x2xi32>, memref<2x64x16xf16>)
      outs(%c : memref<2x16x16xf32>)
  return
}

// -----

func.func @batched_without_c(%v: memref<16x32xf16>, %m: memref<16x2xi32>,
                             %b: memref<2x64x16xf16>, %c: memref<16x16xf32>) {
  // expected-error @+1 {{a batched A or B needs a batched (3-D) C}}
  mcore.sparse_matmul ins(%v, %m, %b : memref<16x32xf16>, memref<16x2xi32>, memref<2x64x16xf16>)
      outs(%c : memref<16x16xf32>)
  return
}

// -----

func.func @transposed_shapes(%v: memref<16x32xf16>, %m: memref<16x2xi32>,
                             %x: memref<8x64xf16>, %c: memref<8x16xf32>) {
  // expected-error @+1 {{N of B (8) and of C (16) differ}}
  mcore.sparse_matmul ins(%v, %m, %x : memref<16x32xf16>, memref<16x2xi32>, memref<8x64xf16>)
      outs(%c : memref<8x16xf32>) {transpose_b}
  return
}
