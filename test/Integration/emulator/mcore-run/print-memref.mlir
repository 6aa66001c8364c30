// A linalg program run by mcore-run: it compiles the matmul with
// --mcore-pipeline (format=llvm for the emulator), JIT-compiles the host code
// and prints C with printMemrefF32 from MLIR's runner utilities.
// RUN: %mcore-run %s --chip=gfx1201 --backend=emu | FileCheck %s
// RUN: %mcore-run %s --chip=gfx942 --pipeline-options="tile-m=64 tile-n=64" --backend=emu | FileCheck %s
// RUN: %mcore-run %s --chip=gfx1100 --pipeline-options="tile-m=64 tile-n=64" --backend=emu | FileCheck %s
// RUN: %mcore-run %s --chip=gfx90a --pipeline-options="tile-m=64 tile-n=64" --backend=emu -e main --entry-point-result=void | FileCheck %s

// CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [4, 3] strides = [3, 1] data =
// CHECK-NEXT: [2.25,   3.5,   -1],
// CHECK-NEXT: [2,   3.5,   5.5],
// CHECK-NEXT: [4,   4.25,   3],
// CHECK-NEXT: [4.75,   0.625,   -1.5]]

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 0.5, -1.0, 0.0, 3.0, 1.5, 2.0],
                             [0.25, -2.0, 1.0, 1.0, 2.0, 0.0, -0.5, 1.0],
                             [3.0, 1.0, -1.0, 0.5, 1.0, 1.0, 2.0, 0.0],
                             [-1.5, 0.5, 2.0, 2.0, -1.0, 0.5, 0.0, 1.0]]> : tensor<4x8xf16>
  %b = arith.constant dense<[[1.0, 0.0, 2.0], [0.5, 1.0, -1.0], [2.0, -0.5, 0.0],
                             [1.0, 1.0, 1.0], [0.0, 2.0, 0.5], [-1.0, 0.25, 1.0],
                             [1.5, 0.0, -2.0], [0.5, 1.0, 0.0]]> : tensor<8x3xf16>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x3xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<4x3xf32>) -> tensor<4x3xf32>
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf16>, tensor<8x3xf16>)
                     outs(%c : tensor<4x3xf32>) -> tensor<4x3xf32>
  %m = bufferization.to_buffer %r : tensor<4x3xf32> to memref<4x3xf32>
  %u = memref.cast %m : memref<4x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
