// Fused and unfused consumers of a matmul, run on the emulator (mlir-runner,
// libmcore_emu_runtime.so, bounds checker on) on RDNA4, CDNA3 and RDNA3, in
// a 3 x 4 x 5 problem whose tiles all cross the matrix edge:
//   * @layer: a bias per column and ReLU, fused into the matmul's kernel;
//   * @unfused: C read transposed (times 2) and C's row sums, which cannot
//     run in the matmul's epilogue: each becomes a GPU kernel of its own
//     with a remark saying why (as does the fill of the sums); none runs on
//     the host.
//
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=llvm" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=llvm" | FileCheck %s --check-prefix=HOST
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

// REMARK-DAG: remark: linalg.generic runs as a GPU kernel of its own: it is not fused into the matmul kernel before it: it reads C through (d0, d1) -> (d1, d0), not element by element
// REMARK-DAG: remark: linalg.generic runs as a GPU kernel of its own: it is not fused into the matmul kernel before it: it is not element-wise over C's two dimensions (2 loops, 1 of them reductions)
// REMARK-DAG: remark: linalg.fill runs as a GPU kernel of its own: it is not an element-wise consumer of a matmul

// One launch for @layer, four for @unfused (the matmul, the transposed
// read, the fill, the sums).
// HOST-LABEL: llvm.func @layer(
// HOST-COUNT-1: gpu.launch_func
// HOST-NOT:     gpu.launch_func
// HOST:         llvm.return
// HOST-LABEL: llvm.func @unfused(
// HOST-COUNT-4: gpu.launch_func
// HOST-NOT:     gpu.launch_func
// HOST:         llvm.return

// relu(C + bias)
// CHECK: sizes = [3, 4]
// CHECK-NEXT: {{\[\[}}0,{{ +}}2.5,{{ +}}0,{{ +}}8.5],
// CHECK-NEXT: [0,{{ +}}0,{{ +}}0,{{ +}}5],
// CHECK-NEXT: [0,{{ +}}1.5,{{ +}}0,{{ +}}3.75]]
// 2 C^T
// CHECK: sizes = [4, 3]
// CHECK-NEXT: {{\[\[}}2,{{ +}}1,{{ +}}2],
// CHECK-NEXT: [4,{{ +}}-2,{{ +}}2],
// CHECK-NEXT: [30,{{ +}}5,{{ +}}10],
// CHECK-NEXT: [15,{{ +}}8,{{ +}}5.5]]
// the row sums of C
// CHECK: sizes = [3]
// CHECK-NEXT: [25.5,{{ +}}6,{{ +}}9.75]

#id = affine_map<(i, j) -> (i, j)>
#t = affine_map<(i, j) -> (j, i)>
#col = affine_map<(i, j) -> (j)>
#row = affine_map<(i, j) -> (i)>

func.func private @printMemrefF32(memref<*xf32>)


func.func @layer(%a: tensor<3x5xf16>, %b: tensor<5x4xf16>, %bias: tensor<4xf32>) -> tensor<3x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %c = linalg.matmul ins(%a, %b : tensor<3x5xf16>, tensor<5x4xf16>)
                     outs(%f : tensor<3x4xf32>) -> tensor<3x4xf32>
  %o = tensor.empty() : tensor<3x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %bias : tensor<3x4xf32>, tensor<4xf32>) outs(%o : tensor<3x4xf32>) {
  ^bb0(%x: f32, %y: f32, %out: f32):
    %s = arith.addf %x, %y : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<3x4xf32>
  return %r : tensor<3x4xf32>
}

func.func @unfused(%a: tensor<3x5xf16>, %b: tensor<5x4xf16>) -> (tensor<4x3xf32>, tensor<3xf32>) {
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %e = tensor.empty() : tensor<3x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x4xf32>) -> tensor<3x4xf32>
  %c = linalg.matmul ins(%a, %b : tensor<3x5xf16>, tensor<5x4xf16>)
                     outs(%f : tensor<3x4xf32>) -> tensor<3x4xf32>
  %te = tensor.empty() : tensor<4x3xf32>
  %t = linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : tensor<3x4xf32>) outs(%te : tensor<4x3xf32>) {
  ^bb0(%x: f32, %out: f32):
    %d = arith.mulf %x, %two : f32
    linalg.yield %d : f32
  } -> tensor<4x3xf32>
  %se = tensor.empty() : tensor<3xf32>
  %sf = linalg.fill ins(%zero : f32) outs(%se : tensor<3xf32>) -> tensor<3xf32>
  %s = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%c : tensor<3x4xf32>) outs(%sf : tensor<3xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %d = arith.addf %x, %acc : f32
    linalg.yield %d : f32
  } -> tensor<3xf32>
  return %t, %s : tensor<4x3xf32>, tensor<3xf32>
}

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0],
                             [0.5, -1.0, 2.0, 0.0, 1.0],
                             [1.0, 1.0, 1.0, 1.0, 1.0]]> : tensor<3x5xf16>
  %b = arith.constant dense<[[1.0, 0.0, 1.0, 2.0],
                             [0.0, 1.0, 1.0, -1.0],
                             [0.0, 0.0, 1.0, 0.5],
                             [0.0, 0.0, 1.0, 0.25],
                             [0.0, 0.0, 1.0, 1.0]]> : tensor<5x4xf16>
  %bias = arith.constant dense<[-2.0, 0.5, -20.0, 1.0]> : tensor<4xf32>
  %r = call @layer(%a, %b, %bias) : (tensor<3x5xf16>, tensor<5x4xf16>, tensor<4xf32>) -> tensor<3x4xf32>
  %rm = bufferization.to_buffer %r : tensor<3x4xf32> to memref<3x4xf32>
  %ru = memref.cast %rm : memref<3x4xf32> to memref<*xf32>
  call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  %t, %s = call @unfused(%a, %b) : (tensor<3x5xf16>, tensor<5x4xf16>) -> (tensor<4x3xf32>, tensor<3xf32>)
  %tm = bufferization.to_buffer %t : tensor<4x3xf32> to memref<4x3xf32>
  %tu = memref.cast %tm : memref<4x3xf32> to memref<*xf32>
  call @printMemrefF32(%tu) : (memref<*xf32>) -> ()
  %sm = bufferization.to_buffer %s : tensor<3xf32> to memref<3xf32>
  %su = memref.cast %sm : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%su) : (memref<*xf32>) -> ()
  return
}
