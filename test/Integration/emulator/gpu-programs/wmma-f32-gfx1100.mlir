// amdgpu.wmma with f16 inputs and an f32 accumulator on gfx1100 (RDNA3),
// in the style of llvm-project's
// mlir/test/Integration/GPU/ROCM/WMMA/wmma_f32_16_16_16_f16.mlir (a program
// of our own): D = M x M + 0 for M[r][c] = r + c. In f32 every partial sum
// is exact: D[i][j] = 16 i j + 120 (i + j) + 1240, where the f16
// accumulator of wmma-f16-gfx1100.mlir gives, e.g., 5100 for D[7][13] = 5096.
// M is symmetric, so each lane's B fragment equals its A fragment.
//
// RUN: %mlir-opt %s -convert-scf-to-cf \
// RUN:   | %mlir-opt -pass-pipeline='builtin.module(gpu.module(strip-debuginfo,convert-vector-to-llvm,convert-amdgpu-to-rocdl{chipset=gfx1100},convert-gpu-to-rocdl{chipset=gfx1100}),rocdl-attach-target{chip=gfx1100})' \
// RUN:   | %mlir-opt -gpu-to-llvm -expand-strided-metadata -finalize-memref-to-llvm -convert-to-llvm -reconcile-unrealized-casts -gpu-module-to-binary="format=llvm toolkit=%emu-toolkit" -o %t.mlir
// RUN: %mlir-runner %t.mlir --entry-point-result=void \
// RUN:   --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so | FileCheck %s
// RUN: %mcore-run %t.mlir | FileCheck %s

// CHECK: sizes = [16, 16]
// CHECK-NEXT: {{\[\[}}1240, 1360, 1480, 1600, 1720, 1840, 1960, 2080, 2200, 2320, 2440, 2560, 2680, 2800, 2920, 3040],
// CHECK-NEXT: [1360, 1496, 1632, 1768, 1904, 2040, 2176, 2312, 2448, 2584, 2720, 2856, 2992, 3128, 3264, 3400],
// CHECK-NEXT: [1480, 1632, 1784, 1936, 2088, 2240, 2392, 2544, 2696, 2848, 3000, 3152, 3304, 3456, 3608, 3760],
// CHECK-NEXT: [1600, 1768, 1936, 2104, 2272, 2440, 2608, 2776, 2944, 3112, 3280, 3448, 3616, 3784, 3952, 4120],
// CHECK-NEXT: [1720, 1904, 2088, 2272, 2456, 2640, 2824, 3008, 3192, 3376, 3560, 3744, 3928, 4112, 4296, 4480],
// CHECK-NEXT: [1840, 2040, 2240, 2440, 2640, 2840, 3040, 3240, 3440, 3640, 3840, 4040, 4240, 4440, 4640, 4840],
// CHECK-NEXT: [1960, 2176, 2392, 2608, 2824, 3040, 3256, 3472, 3688, 3904, 4120, 4336, 4552, 4768, 4984, 5200],
// CHECK-NEXT: [2080, 2312, 2544, 2776, 3008, 3240, 3472, 3704, 3936, 4168, 4400, 4632, 4864, 5096, 5328, 5560],
// CHECK-NEXT: [2200, 2448, 2696, 2944, 3192, 3440, 3688, 3936, 4184, 4432, 4680, 4928, 5176, 5424, 5672, 5920],
// CHECK-NEXT: [2320, 2584, 2848, 3112, 3376, 3640, 3904, 4168, 4432, 4696, 4960, 5224, 5488, 5752, 6016, 6280],
// CHECK-NEXT: [2440, 2720, 3000, 3280, 3560, 3840, 4120, 4400, 4680, 4960, 5240, 5520, 5800, 6080, 6360, 6640],
// CHECK-NEXT: [2560, 2856, 3152, 3448, 3744, 4040, 4336, 4632, 4928, 5224, 5520, 5816, 6112, 6408, 6704, 7000],
// CHECK-NEXT: [2680, 2992, 3304, 3616, 3928, 4240, 4552, 4864, 5176, 5488, 5800, 6112, 6424, 6736, 7048, 7360],
// CHECK-NEXT: [2800, 3128, 3456, 3784, 4112, 4440, 4768, 5096, 5424, 5752, 6080, 6408, 6736, 7064, 7392, 7720],
// CHECK-NEXT: [2920, 3264, 3608, 3952, 4296, 4640, 4984, 5328, 5672, 6016, 6360, 6704, 7048, 7392, 7736, 8080],
// CHECK-NEXT: [3040, 3400, 3760, 4120, 4480, 4840, 5200, 5560, 5920, 6280, 6640, 7000, 7360, 7720, 8080, 8440]]

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @wmma(%m: memref<16x16xf16>, %out: memref<16x16xf32>) kernel {
      %t = gpu.thread_id x
      %c16 = arith.constant 16 : index
      %c0 = arith.constant 0 : index
      %row = arith.remui %t, %c16 : index
      %half = arith.divui %t, %c16 : index
      // RDNA3: lane l holds row (A) / column (B) l % 16, all 16 k.
      %frag = vector.load %m[%row, %c0] : memref<16x16xf16>, vector<16xf16>
      %zero = arith.constant dense<0.0> : vector<8xf32>
      %d = amdgpu.wmma 16x16x16 %frag * %frag + %zero
          : vector<16xf16>, vector<16xf16>, vector<8xf32>
      // Element v of lane l is D[2v + l / 16][l % 16].
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      scf.for %v = %c0 to %c8 step %c1 {
        %r2 = arith.muli %v, %c2 : index
        %r = arith.addi %r2, %half : index
        %e = vector.extract %d[%v] : f32 from vector<8xf32>
        memref.store %e, %out[%r, %row] : memref<16x16xf32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %hm = memref.alloc() : memref<16x16xf16>
    scf.for %r = %c0 to %c16 step %c1 {
      scf.for %c = %c0 to %c16 step %c1 {
        %s = arith.addi %r, %c : index
        %si = arith.index_cast %s : index to i32
        %f = arith.sitofp %si : i32 to f16
        memref.store %f, %hm[%r, %c] : memref<16x16xf16>
      }
    }
    %hout = memref.alloc() : memref<16x16xf32>
    %t0 = gpu.wait async
    %dm, %t1 = gpu.alloc async [%t0] () : memref<16x16xf16>
    %dout, %t2 = gpu.alloc async [%t1] () : memref<16x16xf32>
    %t3 = gpu.memcpy async [%t2] %dm, %hm : memref<16x16xf16>, memref<16x16xf16>
    %t4 = gpu.launch_func async [%t3] @kernels::@wmma blocks in (%c1, %c1, %c1)
        threads in (%c32, %c1, %c1) args(%dm : memref<16x16xf16>, %dout : memref<16x16xf32>)
    %t5 = gpu.memcpy async [%t4] %hout, %dout : memref<16x16xf32>, memref<16x16xf32>
    %t6 = gpu.dealloc async [%t5] %dm : memref<16x16xf16>
    %t7 = gpu.dealloc async [%t6] %dout : memref<16x16xf32>
    gpu.wait [%t7]
    %u = memref.cast %hout : memref<16x16xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %hm : memref<16x16xf16>
    memref.dealloc %hout : memref<16x16xf32>
    return
  }
}
