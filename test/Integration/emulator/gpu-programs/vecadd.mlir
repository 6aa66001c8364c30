// A gpu.launch on host memory: memrefs registered with gpu.host_register
// and mapped with mgpuMemGetDeviceMemRef1dFloat, kernels taking bare
// pointers (in the style of llvm-project's
// mlir/test/Integration/GPU/ROCM/vecadd.mlir; a program of our own).
// c[i] = a[i] * b[i] + 1 for 11 elements, two work-groups of 8 (lanes past
// the end do nothing). The host reads c where it wrote a and b: the
// registered memory is the kernel's.
//
// REQUIRES: mgpu-device-memref
// DEFINE: %{chip} = gfx942
// DEFINE: %{compile} = %mlir-opt %s -convert-scf-to-cf -gpu-kernel-outlining \
// DEFINE:   | %mlir-opt -pass-pipeline='builtin.module(gpu.module(strip-debuginfo,convert-gpu-to-rocdl{chipset=%{chip} use-bare-ptr-memref-call-conv=true}),rocdl-attach-target{chip=%{chip}})' \
// DEFINE:   | %mlir-opt -gpu-to-llvm=use-bare-pointers-for-kernels=true -convert-to-llvm -reconcile-unrealized-casts -gpu-module-to-binary="format=llvm toolkit=%emu-toolkit" -o %t.%{chip}.mlir
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

// a[i] = i, b[i] = 0.5: c = 0.5 i + 1.
// CHECK: [1,  1.5,  2,  2.5,  3,  3.5,  4,  4.5,  5,  5.5,  6]

func.func @muladd(%a : memref<11xf32>, %b : memref<11xf32>, %c : memref<11xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %n = arith.constant 11 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %base = arith.muli %bx, %sx : index
    %i = arith.addi %base, %tx : index
    %in = arith.cmpi ult, %i, %n : index
    scf.if %in {
      %x = memref.load %a[%i] : memref<11xf32>
      %y = memref.load %b[%i] : memref<11xf32>
      %one = arith.constant 1.0 : f32
      %p = arith.mulf %x, %y : f32
      %s = arith.addf %p, %one : f32
      memref.store %s, %c[%i] : memref<11xf32>
    }
    gpu.terminator
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c11 = arith.constant 11 : index
  %half = arith.constant 0.5 : f32
  %a = memref.alloc() : memref<11xf32>
  %b = memref.alloc() : memref<11xf32>
  %c = memref.alloc() : memref<11xf32>
  scf.for %i = %c0 to %c11 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %a[%i] : memref<11xf32>
    memref.store %half, %b[%i] : memref<11xf32>
  }
  %ad = memref.cast %a : memref<11xf32> to memref<?xf32>
  %bd = memref.cast %b : memref<11xf32> to memref<?xf32>
  %cd = memref.cast %c : memref<11xf32> to memref<?xf32>
  %au = memref.cast %a : memref<11xf32> to memref<*xf32>
  %bu = memref.cast %b : memref<11xf32> to memref<*xf32>
  %cu = memref.cast %c : memref<11xf32> to memref<*xf32>
  gpu.host_register %au : memref<*xf32>
  gpu.host_register %bu : memref<*xf32>
  gpu.host_register %cu : memref<*xf32>
  %ga = call @mgpuMemGetDeviceMemRef1dFloat(%ad) : (memref<?xf32>) -> memref<?xf32>
  %gb = call @mgpuMemGetDeviceMemRef1dFloat(%bd) : (memref<?xf32>) -> memref<?xf32>
  %gc = call @mgpuMemGetDeviceMemRef1dFloat(%cd) : (memref<?xf32>) -> memref<?xf32>
  %ka = memref.cast %ga : memref<?xf32> to memref<11xf32>
  %kb = memref.cast %gb : memref<?xf32> to memref<11xf32>
  %kc = memref.cast %gc : memref<?xf32> to memref<11xf32>
  call @muladd(%ka, %kb, %kc) : (memref<11xf32>, memref<11xf32>, memref<11xf32>) -> ()
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  gpu.host_unregister %au : memref<*xf32>
  gpu.host_unregister %bu : memref<*xf32>
  gpu.host_unregister %cu : memref<*xf32>
  memref.dealloc %a : memref<11xf32>
  memref.dealloc %b : memref<11xf32>
  memref.dealloc %c : memref<11xf32>
  return
}

func.func private @mgpuMemGetDeviceMemRef1dFloat(memref<?xf32>) -> memref<?xf32>
func.func private @printMemrefF32(memref<*xf32>)
