// A 4x8 by 8x3 f16 matmul into f32 that prints C (for mcore-run tests).
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 0.5, -1.0, 0.0, 3.0, 1.5, 2.0],
                             [0.25, -2.0, 1.0, 1.0, 2.0, 0.0, -0.5, 1.0],
                             [3.0, 1.0, -1.0, 0.5, 1.0, 1.0, 2.0, 0.0],
                             [-1.5, 0.5, 2.0, 2.0, -1.0, 0.5, 0.0, 1.0]]> : tensor<4x8xf16>
  %b = arith.constant dense<[[1.0, 0.0, 2.0], [0.5, 1.0, -1.0], [2.0, -0.5, 0.0], [1.0, 1.0, 1.0],
                             [0.0, 2.0, 0.5], [-1.0, 0.25, 1.0], [1.5, 0.0, -2.0], [0.5, 1.0, 0.0]]> : tensor<8x3xf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x3xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf16>, tensor<8x3xf16>) outs(%c : tensor<4x3xf32>) -> tensor<4x3xf32>
  %m = bufferization.to_buffer %r : tensor<4x3xf32> to memref<4x3xf32>
  %u = memref.cast %m : memref<4x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
