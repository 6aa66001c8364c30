// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx942 -split-input-file -verify-diagnostics

func.func @mixed(%A: memref<64x64xf16>, %B: memref<64x64xbf16>, %C: memref<64x64xf32>) {
  // expected-error @+1 {{linalg.matmul of f16 x bf16 -> f32: no matrix instruction of gfx942 computes it; gfx942 supports f16 x f16 -> f32, bf16 x bf16 -> f32, i8 x i8 -> i32, fp8 x fp8 -> f32, fp8 x bf8 -> f32, bf8 x fp8 -> f32, bf8 x bf8 -> f32}}
  linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xbf16>) outs(%C : memref<64x64xf32>)
  return
}

// -----

func.func @ocp_on_gfx942(%A: memref<64x64xf8E4M3FN>, %B: memref<64x64xf8E4M3FN>, %C: memref<64x64xf32>) {
  // expected-error @+1 {{gfx942 uses FNUZ fp8 ('f8E4M3FNUZ'), got 'f8E4M3FN'}}
  linalg.matmul ins(%A, %B : memref<64x64xf8E4M3FN>, memref<64x64xf8E4M3FN>) outs(%C : memref<64x64xf32>)
  return
}

// -----

func.func @unsigned_on_cdna(%A: memref<64x64xi8>, %B: memref<64x64xi8>, %C: memref<64x64xi32>) {
  // expected-error @+1 {{(unsigned): no matrix instruction of gfx942 computes it (its integer instructions read signed operands only)}}
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%A, %B : memref<64x64xi8>, memref<64x64xi8>) outs(%C : memref<64x64xi32>)
  return
}

// -----

func.func @f32_out_of_i8(%A: memref<64x64xi8>, %B: memref<64x64xi8>, %C: memref<64x64xf32>) {
  // expected-error @+1 {{no matrix instruction of gfx942 computes it}}
  linalg.matmul ins(%A, %B : memref<64x64xi8>, memref<64x64xi8>) outs(%C : memref<64x64xf32>)
  return
}

// -----

func.func @f64(%A: memref<64x64xf64>, %B: memref<64x64xf64>, %C: memref<64x64xf64>) {
  // expected-error @+1 {{matrix instructions read f16, bf16, fp8, bf8, i8 or i4 A/B and accumulate into f32, f16, bf16 or i32}}
  linalg.matmul ins(%A, %B : memref<64x64xf64>, memref<64x64xf64>) outs(%C : memref<64x64xf64>)
  return
}

// -----

func.func @tensors(%A: tensor<64x64xf16>, %B: tensor<64x64xf16>, %C: tensor<64x64xf32>) -> tensor<64x64xf32> {
  // expected-error @+1 {{mcore-tile-matmul works on memrefs; bufferize tensors first}}
  %r = linalg.matmul ins(%A, %B : tensor<64x64xf16>, tensor<64x64xf16>) outs(%C : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

func.func @strided(%A: memref<64x64xf16, strided<[?, ?], offset: ?>>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  // expected-error @+1 {{mcore-tile-matmul needs operands whose rows are contiguous (unit stride in the last dimension); got 'memref<64x64xf16, strided<[?, ?], offset: ?>>'}}
  linalg.matmul ins(%A, %B : memref<64x64xf16, strided<[?, ?], offset: ?>>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
  return
}

// -----

// Other contractions are left alone, with a warning.
func.func @batch(%A: memref<2x64x64xf16>, %B: memref<2x64x64xf16>, %C: memref<2x64x64xf32>) {
  // expected-warning @+1 {{mcore-tile-matmul only lowers linalg.matmul (and mcore.sparse_matmul) to matrix instructions; this linalg.batch_matmul is left as it is}}
  linalg.batch_matmul ins(%A, %B : memref<2x64x64xf16>, memref<2x64x64xf16>) outs(%C : memref<2x64x64xf32>)
  return
}

// -----

func.func @transposed_c(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  // expected-error @+1 {{mcore-tile-matmul supports linalg.matmul with the default indexing maps, a transposed A ((m, n, k) -> (k, m)) and/or a transposed B ((m, n, k) -> (n, k)); got other maps}}
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (n, m)>]
      ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
  return
}
