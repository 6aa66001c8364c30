// Host memory a kernel writes in place: a dynamically sized memref<?xi32>
// registered with gpu.host_register, mapped with
// mgpuMemGetDeviceMemRef1dInt32, updated by a kernel, read by the host
// without a copy, and unregistered (in the style of llvm-project's
// mlir/test/Integration/GPU/ROCM/gpu-to-hsaco.mlir; a program of our own):
// x[i] = 3 i - 5 becomes x[i] + i * i.
//
// REQUIRES: mgpu-device-memref
// DEFINE: %{chip} = gfx942
// DEFINE: %{compile} = %mlir-opt %s -convert-scf-to-cf -gpu-kernel-outlining \
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

// CHECK: [-5,  -1,  5,  13,  23,  35,  49]

func.func @update(%x : memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    %v = memref.load %x[%tx] : memref<?xi32>
    %i = arith.index_cast %tx : index to i32
    %sq = arith.muli %i, %i : i32
    %s = arith.addi %v, %sq : i32
    memref.store %s, %x[%tx] : memref<?xi32>
    gpu.terminator
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %x = memref.alloc(%c7) : memref<?xi32>
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  scf.for %i = %c0 to %c7 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %t = arith.muli %ii, %c3 : i32
    %v = arith.subi %t, %c5 : i32
    memref.store %v, %x[%i] : memref<?xi32>
  }
  %u = memref.cast %x : memref<?xi32> to memref<*xi32>
  gpu.host_register %u : memref<*xi32>
  %d = call @mgpuMemGetDeviceMemRef1dInt32(%x) : (memref<?xi32>) -> memref<?xi32>
  call @update(%d) : (memref<?xi32>) -> ()
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  gpu.host_unregister %u : memref<*xi32>
  memref.dealloc %x : memref<?xi32>
  return
}

func.func private @mgpuMemGetDeviceMemRef1dInt32(memref<?xi32>) -> memref<?xi32>
func.func private @printMemrefI32(memref<*xi32>)
