// --entry-point-result=f32 / i32: mcore-run calls the entry function and
// prints what it returns, as mlir-runner does.
// RUN: %mcore-run %s --chip=gfx942 --backend=emu -e element --entry-point-result=f32 | FileCheck %s --check-prefix=F32
// RUN: %mcore-run %s --chip=gfx1201 --backend=emu -e dot --entry-point-result=i32 | FileCheck %s --check-prefix=I32

// C[1][2] of the f16 matmul: 2 * 1 + 1 * 3 + 0.5 * 4 = 7.
// F32: 7.000000e+00
// Row 0 of A (1, -2, 3, -4, ...) times column 0 of B (all 5): -4 * 5 = -20,
// plus 100 from C.
// I32: 80

func.func @element() -> f32 {
  %a = arith.constant dense<[[1.0, 1.0, 1.0, 1.0], [2.0, 1.0, 0.5, 0.0]]> : tensor<2x4xf16>
  %b = arith.constant dense<[[0.0, 0.0, 1.0], [0.0, 0.0, 3.0],
                             [0.0, 0.0, 4.0], [9.0, 9.0, 9.0]]> : tensor<4x3xf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2x4xf16>, tensor<4x3xf16>)
                     outs(%c : tensor<2x3xf32>) -> tensor<2x3xf32>
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %v = tensor.extract %r[%i1, %i2] : tensor<2x3xf32>
  return %v : f32
}

func.func @dot() -> i32 {
  %a = arith.constant dense<[[1, -2, 3, -4, 5, -6, 7, -8]]> : tensor<1x8xi8>
  %b = arith.constant dense<5> : tensor<8x2xi8>
  %c = arith.constant dense<100> : tensor<1x2xi32>
  %r = linalg.matmul ins(%a, %b : tensor<1x8xi8>, tensor<8x2xi8>)
                     outs(%c : tensor<1x2xi32>) -> tensor<1x2xi32>
  %i0 = arith.constant 0 : index
  %v = tensor.extract %r[%i0, %i0] : tensor<1x2xi32>
  return %v : i32
}
