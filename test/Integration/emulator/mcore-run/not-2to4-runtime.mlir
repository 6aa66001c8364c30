// An A that reaches a 2:4-encoded linalg.matmul at run time but is not 2:4:
// the compiled program validates it on the GPU while compressing, names the
// first bad row and group, and mcore-run exits with status 2 (one message,
// nothing printed after it).
// RUN: %expect-exit 2 %mcore-run %s --chip=gfx1201 --backend=emu --pipeline-options="tile-m=64 tile-n=64" > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: count 0 < %t.out
// RUN: %expect-exit 2 %mcore-run %s --chip=gfx942 --backend=emu --pipeline-options="tile-m=64 tile-n=64" 2>&1 | FileCheck %s

// CHECK: mcore: A is not 2:4 sparse: row 1, group 1 (columns 4-7) has 3 non-zeros
// CHECK-NOT: error

#sparse24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>
func.func private @printMemrefF32(memref<*xf32>)

func.func @matmul(%a: tensor<2x8xf16, #sparse24>, %b: tensor<8x2xf16>,
                  %c: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<2x8xf16, #sparse24>, tensor<8x2xf16>)
                     outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 0.0, 2.0, 0.0, 0.0, 3.0, 0.0, 4.0],
                             [0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 1.0, 0.0]]> : tensor<2x8xf16>
  %as = sparse_tensor.convert %a : tensor<2x8xf16> to tensor<2x8xf16, #sparse24>
  %b = arith.constant dense<1.0> : tensor<8x2xf16>
  %c = arith.constant dense<0.0> : tensor<2x2xf32>
  %r = call @matmul(%as, %b, %c)
      : (tensor<2x8xf16, #sparse24>, tensor<8x2xf16>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %m = bufferization.to_buffer %r : tensor<2x2xf32> to memref<2x2xf32>
  %u = memref.cast %m : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
