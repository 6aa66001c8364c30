// --mcore-pipeline on the emulator (mlir-runner, libmcore_emu_runtime.so,
// bounds checker on): dynamic shapes that no tile divides (3 x 4 x 5), B
// given N x K (transposed indexing map), C accumulated into (10 + A B^T).
// Every element of C must come out right and nothing outside C may be
// touched, on RDNA4, CDNA3 and RDNA3.
//
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=llvm" \
// RUN:   | env MCORE_EMU_CHECK=1 %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=llvm" \
// RUN:   | env MCORE_EMU_CHECK=1 %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1100 format=llvm" \
// RUN:   | env MCORE_EMU_CHECK=1 %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s

// CHECK: sizes = [3, 4]
// CHECK-NEXT: {{\[\[}}11,{{ +}}12,{{ +}}25,{{ +}}17.5],
// CHECK-NEXT: [10.5,{{ +}}9,{{ +}}12.5,{{ +}}14],
// CHECK-NEXT: [11,{{ +}}11,{{ +}}15,{{ +}}12.75]]

func.func private @printMemrefF32(memref<*xf32>)

func.func @mm_t(%a: tensor<?x?xf16>, %b: tensor<?x?xf16>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                      affine_map<(m, n, k) -> (n, k)>,
                                      affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : tensor<?x?xf16>, tensor<?x?xf16>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @main() {
  %a0 = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0],
                              [0.5, -1.0, 2.0, 0.0, 1.0],
                              [1.0, 1.0, 1.0, 1.0, 1.0]]> : tensor<3x5xf16>
  %b0 = arith.constant dense<[[1.0, 0.0, 0.0, 0.0, 0.0],
                              [0.0, 1.0, 0.0, 0.0, 0.0],
                              [1.0, 1.0, 1.0, 1.0, 1.0],
                              [2.0, -1.0, 0.5, 0.25, 1.0]]> : tensor<4x5xf16>
  %c0 = arith.constant dense<10.0> : tensor<3x4xf32>
  %a = tensor.cast %a0 : tensor<3x5xf16> to tensor<?x?xf16>
  %b = tensor.cast %b0 : tensor<4x5xf16> to tensor<?x?xf16>
  %c = tensor.cast %c0 : tensor<3x4xf32> to tensor<?x?xf32>
  %r = call @mm_t(%a, %b, %c) : (tensor<?x?xf16>, tensor<?x?xf16>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %m = bufferization.to_buffer %r : tensor<?x?xf32> to memref<?x?xf32>
  %u = memref.cast %m : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
