// gpu.printf in a kernel prints on the host (in the style of llvm-project's
// mlir/test/Integration/GPU/ROCM/printf.mlir; a program of our own). MLIR
// lowers it to the ockl printf functions (convert-gpu-to-rocdl
// {runtime=HIP}); with format=llvm the emulator's toolkit stands in for
// ROCm's device libraries and the emulator prints. The messages of a wave
// come in lane order; 40 work-items are two waves on gfx1201 and gfx1100
// (wave32), one on gfx942 (wave64), in order either way. Odd lanes only.
//
// DEFINE: %{chip} = gfx942
// DEFINE: %{compile} = %mlir-opt %s -convert-scf-to-cf \
// DEFINE:   | %mlir-opt -pass-pipeline='builtin.module(gpu.module(strip-debuginfo,convert-gpu-to-rocdl{chipset=%{chip} runtime=HIP}),rocdl-attach-target{chip=%{chip}})' \
// DEFINE:   | %mlir-opt -gpu-to-llvm -convert-vector-to-llvm -convert-to-llvm -reconcile-unrealized-casts -gpu-module-to-binary="format=llvm toolkit=%emu-toolkit" -o %t.%{chip}.mlir
// DEFINE: %{runner} = env MCORE_EMU_CHIP=%{chip} %mlir-runner %t.%{chip}.mlir --entry-point-result=void \
// DEFINE:   --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so
//
// RUN: %{compile}
// RUN: %{runner} | FileCheck %s
// RUN: %mcore-run %t.%{chip}.mlir | FileCheck %s
// REDEFINE: %{chip} = gfx1201
// RUN: %{compile}
// RUN: %{runner} | FileCheck %s
// RUN: %mcore-run %t.%{chip}.mlir | FileCheck %s
// REDEFINE: %{chip} = gfx1100
// RUN: %{compile}
// RUN: %{runner} | FileCheck %s
// RUN: %mcore-run %t.%{chip}.mlir | FileCheck %s

// CHECK:      lane 1 of 40: 0.5 -1 (0x1)
// CHECK-NEXT: lane 3 of 40: 1.5 -3 (0x3)
// CHECK-NEXT: lane 5 of 40: 2.5 -5 (0x5)
// CHECK-COUNT-15: lane
// CHECK-NEXT: lane 37 of 40: 18.5 -37 (0x25)
// CHECK-NEXT: lane 39 of 40: 19.5 -39 (0x27)
// CHECK-NEXT: done
// CHECK-NOT: lane

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @hello() kernel {
      %t = gpu.thread_id x
      %n = gpu.block_dim x
      %i = arith.index_cast %t : index to i32
      %c1 = arith.constant 1 : i32
      %bit = arith.andi %i, %c1 : i32
      %zero = arith.constant 0 : i32
      %odd = arith.cmpi ne, %bit, %zero : i32
      scf.if %odd {
        %f = arith.sitofp %i : i32 to f32
        %half = arith.constant 0.5 : f32
        %h = arith.mulf %f, %half : f32
        %z = arith.constant 0 : i32
        %neg = arith.subi %z, %i : i32
        gpu.printf "lane %d of %d: %.1f %d (0x%x)\n", %i, %n, %h, %neg, %i
            : i32, index, f32, i32, i32
      }
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c40 = arith.constant 40 : index
    gpu.launch_func @kernels::@hello blocks in (%c1, %c1, %c1)
        threads in (%c40, %c1, %c1)
    vector.print str "done\n"
    return
  }
}
