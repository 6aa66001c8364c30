// Host code lowered by MLIR's gpu-to-llvm and a gpu.module serialized with
// gpu-module-to-binary{format=llvm}, run by upstream mlir-runner with
// libmcore_emu_runtime.so as the mgpu* runtime. The kernel feeds one
// rocdl.wmma (gfx1201) an identity A and B[k][j] = j + 16 k, placing the
// elements by RDNA4's per-lane layout (AMD's "RDNA4 dense WMMA builtins"
// table: lane L holds row or column L % 16 and K {0-3, 8-11} + 4 (L / 16)),
// so D = B comes back only if the emulator agrees on that layout: lane L
// element v is D[8 (L / 16) + v][L % 16].
//
// RUN: %mlir-opt %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-rocdl{chipset=gfx1201}),rocdl-attach-target{chip=gfx1201},convert-scf-to-cf,gpu-to-llvm,convert-vector-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,expand-strided-metadata,finalize-memref-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=llvm})' \
// RUN:   | %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s

// CHECK: sizes = [32, 8]
// CHECK-NEXT: {{\[\[}}0,{{ +}}16,{{ +}}32,{{ +}}48,{{ +}}64,{{ +}}80,{{ +}}96,{{ +}}112],
// CHECK-NEXT: [1,{{ +}}17,{{ +}}33,{{ +}}49,{{ +}}65,{{ +}}81,{{ +}}97,{{ +}}113],
// CHECK-COUNT-14: [{{[0-9]+}},
// CHECK-NEXT: [128,{{ +}}144,{{ +}}160,{{ +}}176,{{ +}}192,{{ +}}208,{{ +}}224,{{ +}}240],
// CHECK-NEXT: [129,{{ +}}145,{{ +}}161,{{ +}}177,{{ +}}193,{{ +}}209,{{ +}}225,{{ +}}241],
// CHECK-COUNT-13: [{{[0-9]+}},
// CHECK-NEXT: [143,{{ +}}159,{{ +}}175,{{ +}}191,{{ +}}207,{{ +}}223,{{ +}}239,{{ +}}255]]

module attributes {gpu.container_module} {
  gpu.module @kernels [#rocdl.target<chip = "gfx1201">] {
    gpu.func @wmma(%out: memref<256xf32>) kernel {
      %tid = gpu.thread_id x
      %lane = arith.index_cast %tid : index to i32
      %c16 = arith.constant 16 : i32
      %c4 = arith.constant 4 : i32
      %r = arith.remui %lane, %c16 : i32
      %h = arith.divui %lane, %c16 : i32
      // K of each element: {0, 1, 2, 3, 8, 9, 10, 11} + 4 h.
      %kbase = arith.constant dense<[0, 1, 2, 3, 8, 9, 10, 11]> : vector<8xi32>
      %h4 = arith.muli %h, %c4 : i32
      %h4v = vector.broadcast %h4 : i32 to vector<8xi32>
      %k = arith.addi %kbase, %h4v : vector<8xi32>
      // A = identity: A[r][k] = (k == r).
      %rv = vector.broadcast %r : i32 to vector<8xi32>
      %diag = arith.cmpi eq, %k, %rv : vector<8xi32>
      %one = arith.constant dense<1.0> : vector<8xf16>
      %zero = arith.constant dense<0.0> : vector<8xf16>
      %a = arith.select %diag, %one, %zero : vector<8xi1>, vector<8xf16>
      // B[k][j] = j + 16 k with j = r.
      %c16v = arith.constant dense<16> : vector<8xi32>
      %k16 = arith.muli %k, %c16v : vector<8xi32>
      %bi = arith.addi %k16, %rv : vector<8xi32>
      %b = arith.sitofp %bi : vector<8xi32> to vector<8xf16>
      %c = arith.constant dense<0.0> : vector<8xf32>
      %d = rocdl.wmma.f32.16x16x16.f16 %a, %b, %c : (vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf32>
      %c8 = arith.constant 8 : index
      %base = arith.muli %tid, %c8 : index
      vector.store %d, %out[%base] : memref<256xf32>, vector<8xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %h = memref.alloc() : memref<256xf32>
    %t0 = gpu.wait async
    %m, %t1 = gpu.alloc async [%t0] () : memref<256xf32>
    %t2 = gpu.launch_func async [%t1] @kernels::@wmma blocks in (%c1, %c1, %c1)
        threads in (%c32, %c1, %c1) args(%m : memref<256xf32>)
    %t3 = gpu.memcpy async [%t2] %h, %m : memref<256xf32>, memref<256xf32>
    %t4 = gpu.dealloc async [%t3] %m : memref<256xf32>
    gpu.wait [%t4]
    %v = memref.expand_shape %h [[0, 1]] output_shape [32, 8]
        : memref<256xf32> into memref<32x8xf32>
    %u = memref.cast %v : memref<32x8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    memref.dealloc %h : memref<256xf32>
    return
  }
}
