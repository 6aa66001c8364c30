// RUN: mcore-opt %s --mcore-tile-matmul="chip=gfx942 strict=true" -split-input-file -verify-diagnostics

// strict=true: types no matrix instruction of the chip computes are errors
// naming what the chip computes (without it they get the SIMT kernel,
// tile-matmul-simt.mlir).

func.func @mixed(%A: memref<64x64xf16>, %B: memref<64x64xbf16>, %C: memref<64x64xf32>) {
  // expected-error @+1 {{linalg.matmul of f16 x bf16 -> f32: no matrix instruction of gfx942 computes it; gfx942 supports f16 x f16 -> f32, bf16 x bf16 -> f32, i8 x i8 -> i32, fp8 x fp8 -> f32, fp8 x bf8 -> f32, bf8 x fp8 -> f32, bf8 x bf8 -> f32, f32 x f32 -> f32, xf32 x xf32 -> f32, f64 x f64 -> f64}}
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

// Both unsigned: one offset would meet the other in the zero padding.
func.func @unsigned_on_cdna(%A: memref<64x64xi8>, %B: memref<64x64xi8>, %C: memref<64x64xi32>) {
  // expected-error @+1 {{linalg.matmul of u8 x u8 -> i32: no matrix instruction of gfx942 computes it (its integer instructions read signed operands only)}}
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

func.func @f64_into_f32(%A: memref<64x64xf64>, %B: memref<64x64xf64>, %C: memref<64x64xf32>) {
  // expected-error @+1 {{linalg.matmul of f64 x f64 -> f32: no matrix instruction of gfx942 computes it; gfx942 supports f16 x f16 -> f32, bf16 x bf16 -> f32, i8 x i8 -> i32, fp8 x fp8 -> f32, fp8 x bf8 -> f32, bf8 x fp8 -> f32, bf8 x bf8 -> f32, f32 x f32 -> f32, xf32 x xf32 -> f32, f64 x f64 -> f64}}
  linalg.matmul ins(%A, %B : memref<64x64xf64>, memref<64x64xf64>) outs(%C : memref<64x64xf32>)
  return
}

// -----

func.func @i32_inputs(%A: memref<64x64xi32>, %B: memref<64x64xi32>, %C: memref<64x64xi32>) {
  // expected-error @+1 {{linalg.matmul of i32 x i32 -> i32: no matrix instruction of gfx942 computes it}}
  linalg.matmul ins(%A, %B : memref<64x64xi32>, memref<64x64xi32>) outs(%C : memref<64x64xi32>)
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

// Linalg ops that reduce but are not one matmul stay as they are, with a
// warning that says why (mcore-linalg-to-gpu makes them kernels of their
// own).
func.func @matvec(%A: memref<64x64xf16>, %x: memref<64xf16>, %y: memref<64xf32>) {
  // expected-warning @+1 {{this linalg.matvec is not a matmul kernel (mcore-linalg-to-gpu runs it as loops in a GPU kernel of its own): mcore-tile-matmul lowers contractions with one M, N and K and at most one batch dimension; this linalg.matvec has 0 batch, 1 M and 0 N dimensions}}
  linalg.matvec ins(%A, %x : memref<64x64xf16>, memref<64xf16>) outs(%y : memref<64xf32>)
  return
}

// -----

func.func @two_reductions(%A: memref<8x4x16xf16>, %B: memref<4x16x8xf16>, %C: memref<8x8xf32>) {
  // expected-warning @+1 {{this linalg.generic is not a matmul kernel (mcore-linalg-to-gpu runs it as loops in a GPU kernel of its own): mcore-tile-matmul lowers contractions with one M, N and K and at most one batch dimension; this linalg.generic has 2 reduction dimensions}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k1, k2) -> (m, k1, k2)>, affine_map<(m, n, k1, k2) -> (k1, k2, n)>, affine_map<(m, n, k1, k2) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%A, %B : memref<8x4x16xf16>, memref<4x16x8xf16>) outs(%C : memref<8x8xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A max-plus "matmul": the maps of a contraction, another body.
func.func @max_plus(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %C: memref<64x64xf32>) {
  // expected-warning @+1 {{this linalg.generic is not a matmul kernel (mcore-linalg-to-gpu runs it as loops in a GPU kernel of its own): mcore-tile-matmul lowers contractions whose body is out + ext(a) * ext(b)}}
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<64x64xf32>, memref<64x64xf32>) outs(%C : memref<64x64xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %p = arith.addf %a, %b : f32
    %s = arith.maximumf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// The batch as the innermost dimension of an operand: its rows would not be
// contiguous.
func.func @batch_innermost(%A: memref<64x32x2xf16>, %B: memref<2x32x64xf16>, %C: memref<2x64x64xf32>) {
  // expected-warning @+1 {{this linalg.generic is not a matmul kernel (mcore-linalg-to-gpu runs it as loops in a GPU kernel of its own): mcore-tile-matmul lowers contractions with one M, N and K and at most one batch dimension; this linalg.generic has the batch as the innermost dimension of A}}
  linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (m, k, b)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>],
                  iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<64x32x2xf16>, memref<2x32x64xf16>) outs(%C : memref<2x64x64xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %ea = arith.extf %a : f16 to f32
    %eb = arith.extf %b : f16 to f32
    %p = arith.mulf %ea, %eb : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Mixed signs on CDNA: the unsigned operand is offset, but not a
// compressed one (its zeros would move).
func.func @unsigned_weight_on_cdna(%v: memref<64x32xi8>, %m: memref<64x2xi32>, %x: memref<64x64xi8>, %C: memref<64x64xi32>) {
  // expected-error @+1 {{mcore.sparse_matmul of u8 x i8 -> i32: no matrix instruction of gfx942 computes it (its integer instructions read signed operands only)}}
  mcore.sparse_matmul ins(%v, %m, %x : memref<64x32xi8>, memref<64x2xi32>, memref<64x64xi8>) outs(%C : memref<64x64xi32>) {unsigned_a, transpose_b, transpose_c}
  return
}

// -----

// An operand in workgroup memory: one located error (it was three unlocated
// ones from the host lowering).
func.func @workgroup_operand(%A: memref<64x64xf16, #gpu.address_space<workgroup>>, %B: memref<64x64xf16>, %C: memref<64x64xf32>) {
  // expected-error @+1 {{mcore-tile-matmul needs operands in memory the host passes (no memory space, 0 or 1); got 'memref<64x64xf16, #gpu.address_space<workgroup>>'}}
  linalg.matmul ins(%A, %B : memref<64x64xf16, #gpu.address_space<workgroup>>, memref<64x64xf16>) outs(%C : memref<64x64xf32>)
  return
}

// -----

func.func @private_c(%A: memref<64x64xf16>, %B: memref<64x64xf16>, %C: memref<64x64xf32, 5>) {
  // expected-error @+1 {{mcore-tile-matmul needs operands in memory the host passes (no memory space, 0 or 1); got 'memref<64x64xf32, 5>'}}
  linalg.matmul ins(%A, %B : memref<64x64xf16>, memref<64x64xf16>) outs(%C : memref<64x64xf32, 5>)
  return
}
