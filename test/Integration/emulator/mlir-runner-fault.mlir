// A matrix instruction that half of the wave skips is a fault: the runtime
// prints the kernel, the lane and the instruction, and the process exits
// with status 1 (as a GPU memory fault would end it), not with a crash.
// MCORE_EMU_ON_ERROR=continue reports and returns instead.
//
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-rocdl{chipset=gfx1201}),rocdl-attach-target{chip=gfx1201},convert-scf-to-cf,gpu-to-llvm,convert-vector-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,finalize-memref-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=llvm})' -o %t.mlir
// RUN: not %mlir-runner %t.mlir --entry-point-result=void \
// RUN:     --shared-libs=%emu-runtime 2>&1 | FileCheck %s
// RUN: env MCORE_EMU_ON_ERROR=continue %mlir-runner %t.mlir \
// RUN:     --entry-point-result=void --shared-libs=%emu-runtime 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CONTINUE

// CHECK: mcore-emu: error: kernel 'half_wave': work-group (0, 0, 0), work-item (0, 0, 0) (wave 0, lane 0): matrix instruction reached by only 16 of the 32 lanes of wave 0
// CHECK-NOT: after the launch
// CONTINUE: mcore-emu: error: kernel 'half_wave'
// CONTINUE: after the launch

module attributes {gpu.container_module} {
  gpu.module @kernels [#rocdl.target<chip = "gfx1201">] {
    gpu.func @half_wave(%out: memref<32xf32>) kernel {
      %tid = gpu.thread_id x
      %c16 = arith.constant 16 : index
      %low = arith.cmpi ult, %tid, %c16 : index
      scf.if %low {
        %a = arith.constant dense<1.0> : vector<8xf16>
        %c = arith.constant dense<0.0> : vector<8xf32>
        %d = rocdl.wmma.f32.16x16x16.f16 %a, %a, %c : (vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf32>
        %e = vector.extract %d[0] : f32 from vector<8xf32>
        memref.store %e, %out[%tid] : memref<32xf32>
      }
      gpu.return
    }
  }

  llvm.func @puts(!llvm.ptr) -> i32
  llvm.mlir.global internal constant @msg("after the launch\00") {addr_space = 0 : i32}

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %m = gpu.alloc host_shared () : memref<32xf32>
    gpu.launch_func @kernels::@half_wave blocks in (%c1, %c1, %c1)
        threads in (%c32, %c1, %c1) args(%m : memref<32xf32>)
    %p = llvm.mlir.addressof @msg : !llvm.ptr
    %r = llvm.call @puts(%p) : (!llvm.ptr) -> i32
    return
  }
}
