// Two gpu.modules, each with its own kernel, run one after the other on the
// same device memory: the first writes x[i] = i * i (three work-groups of 8,
// the last partly past the end), the second, on a 2-D grid over the same
// memory viewed as 3 x 6, adds i: x[i] = i (i + 1). In the style of
// llvm-project's mlir/test/Integration/GPU/ROCM/two-modules.mlir (a program
// of our own), lowered with upstream passes and serialized with format=llvm
// (the emulator's toolkit stands in for ROCm's device libraries, which the
// ockl work-item functions of gpu.block_dim would pull in), run by
// mlir-runner with libmcore_emu_runtime.so and by mcore-run, on a CDNA3, an
// RDNA4 and an RDNA3 chip.
//
// DEFINE: %{chip} = gfx942
// DEFINE: %{compile} = %mlir-opt %s -convert-scf-to-cf \
// DEFINE:   | %mlir-opt -pass-pipeline='builtin.module(gpu.module(strip-debuginfo,convert-gpu-to-rocdl{chipset=%{chip}}),rocdl-attach-target{chip=%{chip}})' \
// DEFINE:   | %mlir-opt -gpu-to-llvm -expand-strided-metadata -finalize-memref-to-llvm -convert-to-llvm -reconcile-unrealized-casts -gpu-module-to-binary="format=llvm toolkit=%emu-toolkit" -o %t.%{chip}.mlir
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

// CHECK: sizes = [3, 6]
// CHECK-NEXT: {{\[\[}}0, 2, 6, 12, 20, 30],
// CHECK-NEXT:  [42, 56, 72, 90, 110, 132],
// CHECK-NEXT:  [156, 182, 210, 240, 272, 306]]

module attributes {gpu.container_module} {
  gpu.module @squares {
    gpu.func @square(%x: memref<18xi32>) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %bd = gpu.block_dim x
      %base = arith.muli %b, %bd : index
      %i = arith.addi %base, %t : index
      %n = arith.constant 18 : index
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %v = arith.index_cast %i : index to i32
        %sq = arith.muli %v, %v : i32
        memref.store %sq, %x[%i] : memref<18xi32>
      }
      gpu.return
    }
  }
  gpu.module @adds {
    gpu.func @add_index(%x: memref<3x6xi32>) kernel {
      %r = gpu.block_id y
      %c = gpu.thread_id x
      %v = memref.load %x[%r, %c] : memref<3x6xi32>
      %c6 = arith.constant 6 : index
      %row = arith.muli %r, %c6 : index
      %i = arith.addi %row, %c : index
      %ii = arith.index_cast %i : index to i32
      %s = arith.addi %v, %ii : i32
      memref.store %s, %x[%r, %c] : memref<3x6xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %h = memref.alloc() : memref<18xi32>
    %t0 = gpu.wait async
    %d, %t1 = gpu.alloc async [%t0] () : memref<18xi32>
    // Three work-groups of 8: the last one has 6 lanes past the end.
    %t2 = gpu.launch_func async [%t1] @squares::@square blocks in (%c3, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%d : memref<18xi32>)
    %d2 = memref.expand_shape %d [[0, 1]] output_shape [3, 6]
        : memref<18xi32> into memref<3x6xi32>
    %t3 = gpu.launch_func async [%t2] @adds::@add_index blocks in (%c1, %c3, %c1)
        threads in (%c6, %c1, %c1) args(%d2 : memref<3x6xi32>)
    %t4 = gpu.memcpy async [%t3] %h, %d : memref<18xi32>, memref<18xi32>
    %t5 = gpu.dealloc async [%t4] %d : memref<18xi32>
    gpu.wait [%t5]
    %v = memref.expand_shape %h [[0, 1]] output_shape [3, 6]
        : memref<18xi32> into memref<3x6xi32>
    %u = memref.cast %v : memref<3x6xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %h : memref<18xi32>
    return
  }
}
