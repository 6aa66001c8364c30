// gpu.printf through --mcore-pipeline: with format=llvm no ROCm device
// library is needed (the emulator defines the ockl printf functions) and
// the messages print on the host, in lane order, on every chip; with
// format=hsaco and no device libraries it is an error at the gpu.printf
// naming the missing library.
//
// DEFINE: %{chip} = gfx942
// DEFINE: %{compile} = %mcore-opt %s --mcore-pipeline="chip=%{chip} format=llvm" -o %t.%{chip}.mlir
// RUN: %{compile}
// RUN: %mcore-run %t.%{chip}.mlir | FileCheck %s
// RUN: %mlir-runner %t.%{chip}.mlir --entry-point-result=void --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so | FileCheck %s
// REDEFINE: %{chip} = gfx1201
// RUN: %{compile}
// RUN: %mcore-run %t.%{chip}.mlir | FileCheck %s
// RUN: %mlir-runner %t.%{chip}.mlir --entry-point-result=void --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so | FileCheck %s
// REDEFINE: %{chip} = gfx1100
// RUN: %{compile}
// RUN: %mcore-run %t.%{chip}.mlir | FileCheck %s
// RUN: %mlir-runner %t.%{chip}.mlir --entry-point-result=void --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so | FileCheck %s
// RUN: not %mcore-opt %s --mcore-pipeline="chip=gfx942 format=hsaco" -o /dev/null 2>&1 | FileCheck %s --check-prefix=HSACO

// CHECK:      item 0: 0 squared is 0
// CHECK-NEXT: item 1: 0.5 squared is 0.25
// CHECK-NEXT: item 2: 1 squared is 1
// CHECK-COUNT-44: item
// CHECK-NEXT: item 47: 23.5 squared is 552.25
// CHECK-NOT: item
// HSACO: pipeline-printf.mlir:[[@LINE+12]]:5: error: device printf (gpu.printf) calls '__ockl_printf_{{[a-z_]+}}', which format=hsaco links from ROCm's device library ockl.bc, and {{.*}}ockl.bc does not exist

func.func @main() {
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c48, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %f = arith.sitofp %i : i32 to f32
    %half = arith.constant 0.5 : f32
    %x = arith.mulf %f, %half : f32
    %sq = arith.mulf %x, %x : f32
    gpu.printf "item %d: %g squared is %g\n", %i, %x, %sq : i32, f32, f32
    gpu.terminator
  }
  return
}
