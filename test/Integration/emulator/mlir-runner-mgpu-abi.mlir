// The mgpu* functions upstream ROCm programs call beyond gpu-to-llvm's
// (include/mcore/Runtime/MgpuAbi.h), through upstream mlir-runner on the
// emulator: mgpuSetDefaultDevice, gpu.host_register with the device view of
// the registered memory from mgpuMemGetDeviceMemRef1dFloat, a launch with
// dynamic LDS (gpu.dynamic_shared_memory), and gpu.memset of 32 and 16 bits.
// mgpuMemGetDeviceMemRef1dInt32 of memory that is not registered fails, as
// hipHostGetDevicePointer does.
//
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-rocdl{chipset=gfx1201}),rocdl-attach-target{chip=gfx1201},convert-scf-to-cf,gpu-to-llvm,convert-vector-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,finalize-memref-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=llvm})' -o %t.mlir
// RUN: env MCORE_EMU_CHECK=1 %mlir-runner %t.mlir -e main --entry-point-result=void \
// RUN:     --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_c_runner_utils.so,%mlir_lib_dir/libmlir_runner_utils.so \
// RUN:   | FileCheck %s
// RUN: not %mlir-runner %t.mlir -e unregistered --entry-point-result=void \
// RUN:     --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_c_runner_utils.so,%mlir_lib_dir/libmlir_runner_utils.so 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNREGISTERED

// in[i] = i + 0.25, out[i] = 2 * in[7 - i]:
// CHECK: [14.5,  12.5,  10.5,  8.5,  6.5,  4.5,  2.5,  0.5]
// CHECK: [7,  7,  7,  7]
// CHECK: [1.5,  1.5,  1.5,  1.5]
// UNREGISTERED: mcore-emu: error: mgpuMemGetDeviceMemRef1dInt32: 0x{{[0-9a-f]+}} is not registered host memory (gpu.host_register or mgpuMemHostRegister it first)

module attributes {gpu.container_module} {
  gpu.module @kernels [#rocdl.target<chip = "gfx1201">] {
    // out[i] = 2 * in[n - 1 - i], through dynamic LDS.
    gpu.func @reverse_twice(%in: memref<?xf32>, %out: memref<?xf32>) kernel {
      %tid = gpu.thread_id x
      %n = arith.constant 8 : index
      %lds = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %c0 = arith.constant 0 : index
      %stage = memref.view %lds[%c0][%n] : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xf32, #gpu.address_space<workgroup>>
      %v = memref.load %in[%tid] : memref<?xf32>
      memref.store %v, %stage[%tid] : memref<?xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c1 = arith.constant 1 : index
      %last = arith.subi %n, %c1 : index
      %j = arith.subi %last, %tid : index
      %w = memref.load %stage[%j] : memref<?xf32, #gpu.address_space<workgroup>>
      %two = arith.constant 2.0 : f32
      %r = arith.mulf %w, %two : f32
      memref.store %r, %out[%tid] : memref<?xf32>
      gpu.return
    }
  }

  func.func private @mgpuMemGetDeviceMemRef1dFloat(memref<?xf32>) -> memref<?xf32>
  func.func private @mgpuMemGetDeviceMemRef1dInt32(memref<?xi32>) -> memref<?xi32>
  func.func private @mgpuSetDefaultDevice(i32)
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %dev0 = arith.constant 0 : i32
    call @mgpuSetDefaultDevice(%dev0) : (i32) -> ()
    %in = memref.alloc() : memref<8xf32>
    %out = memref.alloc() : memref<8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %q = arith.constant 0.25 : f32
      %g = arith.addf %f, %q : f32
      memref.store %g, %in[%i] : memref<8xf32>
    }
    %inu = memref.cast %in : memref<8xf32> to memref<*xf32>
    %outu = memref.cast %out : memref<8xf32> to memref<*xf32>
    gpu.host_register %inu : memref<*xf32>
    gpu.host_register %outu : memref<*xf32>
    %in1 = memref.cast %in : memref<8xf32> to memref<?xf32>
    %out1 = memref.cast %out : memref<8xf32> to memref<?xf32>
    %din = call @mgpuMemGetDeviceMemRef1dFloat(%in1) : (memref<?xf32>) -> memref<?xf32>
    %dout = call @mgpuMemGetDeviceMemRef1dFloat(%out1) : (memref<?xf32>) -> memref<?xf32>
    %lds = arith.constant 32 : i32
    gpu.launch_func @kernels::@reverse_twice blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) dynamic_shared_memory_size %lds args(%din : memref<?xf32>, %dout : memref<?xf32>)
    call @printMemrefF32(%outu) : (memref<*xf32>) -> ()
    gpu.host_unregister %inu : memref<*xf32>
    gpu.host_unregister %outu : memref<*xf32>

    // gpu.memset of 32 and 16 bits on device memory.
    %t0 = gpu.wait async
    %words, %t1 = gpu.alloc async [%t0] () : memref<4xi32>
    %halves, %t2 = gpu.alloc async [%t1] () : memref<4xf16>
    %seven = arith.constant 7 : i32
    %t3 = gpu.memset async [%t2] %words, %seven : memref<4xi32>, i32
    %half = arith.constant 1.5 : f16
    %t4 = gpu.memset async [%t3] %halves, %half : memref<4xf16>, f16
    %hw = memref.alloc() : memref<4xi32>
    %hh = memref.alloc() : memref<4xf16>
    %t5 = gpu.memcpy async [%t4] %hw, %words : memref<4xi32>, memref<4xi32>
    %t6 = gpu.memcpy async [%t5] %hh, %halves : memref<4xf16>, memref<4xf16>
    gpu.wait [%t6]
    %hwu = memref.cast %hw : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%hwu) : (memref<*xi32>) -> ()
    %hf = memref.alloc() : memref<4xf32>
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %h = memref.load %hh[%i] : memref<4xf16>
      %e = arith.extf %h : f16 to f32
      memref.store %e, %hf[%i] : memref<4xf32>
    }
    %hfu = memref.cast %hf : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%hfu) : (memref<*xf32>) -> ()
    %t7 = gpu.wait async
    %t8 = gpu.dealloc async [%t7] %words : memref<4xi32>
    %t9 = gpu.dealloc async [%t8] %halves : memref<4xf16>
    gpu.wait [%t9]
    memref.dealloc %in : memref<8xf32>
    memref.dealloc %out : memref<8xf32>
    memref.dealloc %hw : memref<4xi32>
    memref.dealloc %hh : memref<4xf16>
    memref.dealloc %hf : memref<4xf32>
    return
  }

  // Not registered: as hipHostGetDevicePointer, the runtime refuses.
  func.func @unregistered() {
    %buf = memref.alloc() : memref<4xi32>
    %b1 = memref.cast %buf : memref<4xi32> to memref<?xi32>
    %d = call @mgpuMemGetDeviceMemRef1dInt32(%b1) : (memref<?xi32>) -> memref<?xi32>
    return
  }
}
