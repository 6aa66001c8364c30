// Vector loads and stores through buffer resources, the way MLIR's AMDGPU
// lowering emits them (in the style of llvm-project's
// mlir/test/Integration/GPU/ROCM/vector-transferops.mlir; a program of our
// own): amdgpu.raw_buffer_load/store of vector<2xf32> and vector<4xf32>
// with and without bounds checks, and vector.transfer_read/write through an
// amdgpu.fat_raw_buffer_cast memref (address space 7, lowered by LLVM's
// fat buffer pointer pass in the emulator). The kernel sees the first 6 of
// 8 floats 0, 1, ..., 7 (num_records 24 bytes): a checked vector<4xf32>
// read at element 4 reads 4, 5 and then zeros, not 6 and 7; a checked store
// of two elements at the last element of a 6-element view writes its first
// component only. The output starts as -7 everywhere.
//
// DEFINE: %{chip} = gfx942
// DEFINE: %{compile} = %mlir-opt %s -convert-scf-to-cf \
// DEFINE:   | %mlir-opt -pass-pipeline='builtin.module(gpu.module(strip-debuginfo,convert-vector-to-llvm,convert-amdgpu-to-rocdl{chipset=%{chip}},convert-gpu-to-rocdl{chipset=%{chip}}),rocdl-attach-target{chip=%{chip}})' \
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

// out[0:4]   = 2 * in[0:4]         (raw_buffer_load vector<4xf32>)
// out[4:8]   = in[4:8] + 1         (4, 5 in range; 6, 7 read 0)
// out[8:10]  = in[1:3]             (raw_buffer_load vector<2xf32>, no check)
// out[10:12] = -3 -7               (a store of (-3, -1) at 5 of a 6-element
//                                   view: only out[10] is inside)
// out[12:16] = in[2:6] * 10        (transfer_read / write, fat pointers)
// CHECK: [0,  2,  4,  6,  5,  6,  1,  1,  1,  2,  -3,  -7,  20,  30,  40,  50]

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transfers(%in: memref<6xf32>, %out: memref<16xf32>) kernel {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c4 = arith.constant 4 : i32
      %c8 = arith.constant 8 : i32
      %one = arith.constant dense<1.0> : vector<4xf32>
      %a = amdgpu.raw_buffer_load {boundsCheck = true} %in[%c0]
          : memref<6xf32>, i32 -> vector<4xf32>
      %a2 = arith.addf %a, %a : vector<4xf32>
      amdgpu.raw_buffer_store {boundsCheck = true} %a2 -> %out[%c0]
          : vector<4xf32> -> memref<16xf32>, i32
      %b = amdgpu.raw_buffer_load {boundsCheck = true} %in[%c4]
          : memref<6xf32>, i32 -> vector<4xf32>
      %b1 = arith.addf %b, %one : vector<4xf32>
      amdgpu.raw_buffer_store {boundsCheck = true} %b1 -> %out[%c4]
          : vector<4xf32> -> memref<16xf32>, i32
      %c = amdgpu.raw_buffer_load {boundsCheck = false} %in[%c1]
          : memref<6xf32>, i32 -> vector<2xf32>
      amdgpu.raw_buffer_store {boundsCheck = false} %c -> %out[%c8]
          : vector<2xf32> -> memref<16xf32>, i32
      // A 6-element view of out[5:11]: index 5 is out[10], 6 is past it.
      %view = memref.subview %out[5] [6] [1]
          : memref<16xf32> to memref<6xf32, strided<[1], offset: 5>>
      %neg = arith.constant dense<[-3.0, -1.0]> : vector<2xf32>
      %c5 = arith.constant 5 : i32
      amdgpu.raw_buffer_store {boundsCheck = true} %neg -> %view[%c5]
          : vector<2xf32> -> memref<6xf32, strided<[1], offset: 5>>, i32
      // Fat buffer pointers.
      %fin = amdgpu.fat_raw_buffer_cast %in resetOffset
          : memref<6xf32> to memref<6xf32, #amdgpu.address_space<fat_raw_buffer>>
      %fout = amdgpu.fat_raw_buffer_cast %out resetOffset
          : memref<16xf32> to memref<16xf32, #amdgpu.address_space<fat_raw_buffer>>
      %i2 = arith.constant 2 : index
      %i12 = arith.constant 12 : index
      %pad = arith.constant 0.0 : f32
      %v = vector.transfer_read %fin[%i2], %pad {in_bounds = [true]}
          : memref<6xf32, #amdgpu.address_space<fat_raw_buffer>>, vector<4xf32>
      %ten = arith.constant dense<10.0> : vector<4xf32>
      %v10 = arith.mulf %v, %ten : vector<4xf32>
      vector.transfer_write %v10, %fout[%i12] {in_bounds = [true]}
          : vector<4xf32>, memref<16xf32, #amdgpu.address_space<fat_raw_buffer>>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %minus7 = arith.constant -7.0 : f32
    %hin = memref.alloc() : memref<8xf32>
    %hout = memref.alloc() : memref<16xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %hin[%i] : memref<8xf32>
    }
    scf.for %i = %c0 to %c16 step %c1 {
      memref.store %minus7, %hout[%i] : memref<16xf32>
    }
    %t0 = gpu.wait async
    %din, %t1 = gpu.alloc async [%t0] () : memref<8xf32>
    %dout, %t2 = gpu.alloc async [%t1] () : memref<16xf32>
    %t3 = gpu.memcpy async [%t2] %din, %hin : memref<8xf32>, memref<8xf32>
    %t3b = gpu.memcpy async [%t3] %dout, %hout : memref<16xf32>, memref<16xf32>
    %first6 = memref.subview %din[0] [6] [1]
        : memref<8xf32> to memref<6xf32, strided<[1]>>
    %in6 = memref.cast %first6 : memref<6xf32, strided<[1]>> to memref<6xf32>
    %t4 = gpu.launch_func async [%t3b] @kernels::@transfers blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1) args(%in6 : memref<6xf32>, %dout : memref<16xf32>)
    %t5 = gpu.memcpy async [%t4] %hout, %dout : memref<16xf32>, memref<16xf32>
    %t6 = gpu.dealloc async [%t5] %din : memref<8xf32>
    %t7 = gpu.dealloc async [%t6] %dout : memref<16xf32>
    gpu.wait [%t7]
    %u = memref.cast %hout : memref<16xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %hin : memref<8xf32>
    memref.dealloc %hout : memref<16xf32>
    return
  }
}
