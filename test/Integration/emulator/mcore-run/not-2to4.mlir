// A constant A with the 2:4 encoding that is not 2:4: the compiler names the
// row and the group, and mcore-run exits with status 2 without running.
// RUN: %expect-exit 2 %mcore-run %s --chip=gfx1201 --backend=emu 2>&1 | FileCheck %s

// CHECK: error: A is not 2:4 sparse: row 1, group 1 (columns 4-7) has 3 non-zeros
// CHECK-NOT: Memref

#sparse24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %a = arith.constant dense<[[1.0, 0.0, 2.0, 0.0, 0.0, 3.0, 0.0, 4.0],
                             [0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0]]> : tensor<2x8xf16, #sparse24>
  %b = arith.constant dense<1.0> : tensor<8x2xf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2x8xf16, #sparse24>, tensor<8x2xf16>)
                     outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = bufferization.to_buffer %r : tensor<2x2xf32> to memref<2x2xf32>
  %u = memref.cast %m : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
