// Empty products through --mcore-pipeline on the emulator: C += A B does
// nothing when M or N is 0 at run time (mcore-skip-empty-launches: no launch
// of an empty grid, which HIP and the emulator refuse) or when a 2:4 A has
// K = 0 (no kernel at all: mcore-tile-matmul and mcore-lower-compress-2to4
// make none for a static 0). Each must succeed and leave C as it was.
//
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=llvm" \
// RUN:   | env MCORE_EMU_CHECK=1 %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=llvm" \
// RUN:   | env MCORE_EMU_CHECK=1 %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
// And no kernel for the static K = 0 product; the dynamic one keeps its
// launch, guarded.
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=llvm" | FileCheck %s --check-prefix=IR

// CHECK: sizes = [0, 3]
// CHECK: sizes = [2, 0]
// (C comes back unchanged: 7 everywhere.)
// CHECK: sizes = [2, 2]
// CHECK-NEXT: {{\[\[}}7,{{ +}}7],
// CHECK-NEXT: [7,{{ +}}7]]

// IR-COUNT-1: gpu.launch_func
// IR-NOT: gpu.launch_func
// IR-COUNT-1: gpu.binary
// IR-NOT: gpu.binary

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

func.func private @printMemrefF32(memref<*xf32>)

func.func @mm(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf16>, tensor<?x?xf16>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @sparse_k0(%a: tensor<2x0xf16, #S24>, %b: tensor<0x2xf16>, %c: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<2x0xf16, #S24>, tensor<0x2xf16>) outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

func.func @main() {
  %a0 = arith.constant dense<1.0> : tensor<0x5xf16>
  %b0 = arith.constant dense<1.0> : tensor<5x3xf16>
  %c0 = arith.constant dense<1.0> : tensor<0x3xf32>
  %a = tensor.cast %a0 : tensor<0x5xf16> to tensor<?x?xf16>
  %b = tensor.cast %b0 : tensor<5x3xf16> to tensor<?x?xf16>
  %c = tensor.cast %c0 : tensor<0x3xf32> to tensor<?x?xf32>
  %r = call @mm(%a, %b, %c) : (tensor<?x?xf16>, tensor<?x?xf16>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %m = bufferization.to_buffer %r : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()

  %a1 = arith.constant dense<1.0> : tensor<2x5xf16>
  %b1 = arith.constant dense<1.0> : tensor<5x0xf16>
  %c1 = arith.constant dense<1.0> : tensor<2x0xf32>
  %a1d = tensor.cast %a1 : tensor<2x5xf16> to tensor<?x?xf16>
  %b1d = tensor.cast %b1 : tensor<5x0xf16> to tensor<?x?xf16>
  %c1d = tensor.cast %c1 : tensor<2x0xf32> to tensor<?x?xf32>
  %r1 = call @mm(%a1d, %b1d, %c1d) : (tensor<?x?xf16>, tensor<?x?xf16>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %m1 = bufferization.to_buffer %r1 : tensor<?x?xf32> to memref<?x?xf32>
  %u1 = memref.cast %m1 : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()

  %ad = arith.constant dense<1.0> : tensor<2x0xf16>
  %as = sparse_tensor.convert %ad : tensor<2x0xf16> to tensor<2x0xf16, #S24>
  %b2 = arith.constant dense<1.0> : tensor<0x2xf16>
  %c2 = arith.constant dense<7.0> : tensor<2x2xf32>
  %r2 = call @sparse_k0(%as, %b2, %c2) : (tensor<2x0xf16, #S24>, tensor<0x2xf16>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %m2 = bufferization.to_buffer %r2 : tensor<2x2xf32> to memref<2x2xf32>
  %u2 = memref.cast %m2 : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  return
}
