// --mcore-pipeline end to end on the emulator, through upstream mlir-runner
// with libmcore_emu_runtime.so and its bounds checker: a 2:4-encoded A
// passed densely to @mm is compressed and validated by a GPU kernel, then
// multiplied with SWMMAC (gfx1201), SMFMAC (gfx942, gfx950) or, on gfx90a, the
// dense fallback. A that is not 2:4 stops the program with the row and group.
//
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=llvm" \
// RUN:   | env MCORE_EMU_CHECK=1 %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=llvm tile-m=64 tile-n=64" \
// RUN:   | env MCORE_EMU_CHECK=1 %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx950 format=llvm tile-m=64 tile-n=64" \
// RUN:   | env MCORE_EMU_CHECK=1 %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx90a format=llvm tile-m=64 tile-n=64" 2>/dev/null \
// RUN:   | env MCORE_EMU_CHECK=1 %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=llvm" \
// RUN:   | env MCORE_EMU_CHECK=1 not %mlir-runner --entry-point-result=void -e bad \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:       2>&1 | FileCheck %s --check-prefix=BAD

// Row 0 keeps A[0][0, 2, 5, 7] = 1, 2, 3, 4; row 1 A[1][1, 2, 4, 7] = 1.
// C = A B + 0 with B[k] = (2k + 1, 2k + 2):
//   row 0: 1 (1, 2) + 2 (5, 6) + 3 (11, 12) + 4 (15, 16) = (104, 114)
//   row 1: (3, 4) + (5, 6) + (9, 10) + (15, 16) = (32, 36)
// CHECK: sizes = [2, 2]
// CHECK-NEXT: {{\[\[}}104,{{ +}}114],
// CHECK-NEXT: [32,{{ +}}36]]

// BAD: mcore: A is not 2:4 sparse: row 1, group 1 (columns 4-7) has 3 non-zeros
// BAD-NOT: sizes

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>

func.func private @printMemrefF32(memref<*xf32>)

func.func @mm(%a: tensor<2x8xf16, #S24>, %b: tensor<8x2xf16>) -> tensor<2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = linalg.matmul ins(%a, %b : tensor<2x8xf16, #S24>, tensor<8x2xf16>)
                     outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

func.func @run(%ad: tensor<2x8xf16>) {
  %a = sparse_tensor.convert %ad : tensor<2x8xf16> to tensor<2x8xf16, #S24>
  %b = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0],
                             [9.0, 10.0], [11.0, 12.0], [13.0, 14.0], [15.0, 16.0]]> : tensor<8x2xf16>
  %r = call @mm(%a, %b) : (tensor<2x8xf16, #S24>, tensor<8x2xf16>) -> tensor<2x2xf32>
  %m = bufferization.to_buffer %r : tensor<2x2xf32> to memref<2x2xf32>
  %u = memref.cast %m : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %ad = arith.constant dense<[[1.0, 0.0, 2.0, 0.0, 0.0, 3.0, 0.0, 4.0],
                              [0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 1.0]]> : tensor<2x8xf16>
  call @run(%ad) : (tensor<2x8xf16>) -> ()
  return
}

// Three non-zeros in row 1, group 1.
func.func @bad() {
  %ad = arith.constant dense<[[1.0, 0.0, 2.0, 0.0, 0.0, 3.0, 0.0, 4.0],
                              [0.0, 1.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0]]> : tensor<2x8xf16>
  call @run(%ad) : (tensor<2x8xf16>) -> ()
  return
}
