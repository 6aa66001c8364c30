// A program that manages device memory itself: gpu.alloc, gpu.memcpy and
// gpu.dealloc (async forms, which gpu-to-llvm lowers to mgpuMemAlloc,
// mgpuMemcpy and mgpuMemFree), linalg.matmul on the device buffers, and C
// copied back to print it. The form that runs unchanged on a GPU.
// RUN: %mcore-run %s --chip=gfx942 --backend=emu --pipeline-options="tile-m=64 tile-n=64" | FileCheck %s
// RUN: env MCORE_EMU_CHECK=1 %mcore-run %s --chip=gfx1201 --backend=emu --pipeline-options="tile-m=64 tile-n=64" | FileCheck %s

// C starts at 1.
// CHECK: sizes = [4, 3]
// CHECK-NEXT: [3.25,   4.5,   0],
// CHECK-NEXT: [3,   4.5,   6.5],
// CHECK-NEXT: [5,   5.25,   4],
// CHECK-NEXT: [5.75,   1.625,   -0.5]]

memref.global "private" constant @a : memref<4x8xf16> =
    dense<[[1.0, 2.0, 0.5, -1.0, 0.0, 3.0, 1.5, 2.0],
           [0.25, -2.0, 1.0, 1.0, 2.0, 0.0, -0.5, 1.0],
           [3.0, 1.0, -1.0, 0.5, 1.0, 1.0, 2.0, 0.0],
           [-1.5, 0.5, 2.0, 2.0, -1.0, 0.5, 0.0, 1.0]]>
memref.global "private" constant @b : memref<8x3xf16> =
    dense<[[1.0, 0.0, 2.0], [0.5, 1.0, -1.0], [2.0, -0.5, 0.0],
           [1.0, 1.0, 1.0], [0.0, 2.0, 0.5], [-1.0, 0.25, 1.0],
           [1.5, 0.0, -2.0], [0.5, 1.0, 0.0]]>
memref.global "private" constant @c : memref<4x3xf32> = dense<1.0>

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %a = memref.get_global @a : memref<4x8xf16>
  %b = memref.get_global @b : memref<8x3xf16>
  %c = memref.get_global @c : memref<4x3xf32>
  // Device buffers, filled from host memory (gpu-to-llvm lowers the async
  // forms of gpu.alloc and gpu.memcpy to mgpuMemAlloc and mgpuMemcpy).
  %t0 = gpu.wait async
  %da, %t1 = gpu.alloc async [%t0] () : memref<4x8xf16>
  %db, %t2 = gpu.alloc async [%t1] () : memref<8x3xf16>
  %dc, %t3 = gpu.alloc async [%t2] () : memref<4x3xf32>
  %t4 = gpu.memcpy async [%t3] %da, %a : memref<4x8xf16>, memref<4x8xf16>
  %t5 = gpu.memcpy async [%t4] %db, %b : memref<8x3xf16>, memref<8x3xf16>
  %t6 = gpu.memcpy async [%t5] %dc, %c : memref<4x3xf32>, memref<4x3xf32>
  gpu.wait [%t6]
  // C += A * B on the device buffers.
  linalg.matmul ins(%da, %db : memref<4x8xf16>, memref<8x3xf16>)
                outs(%dc : memref<4x3xf32>)
  %h = memref.alloca() : memref<4x3xf32>
  %t7 = gpu.wait async
  %t8 = gpu.memcpy async [%t7] %h, %dc : memref<4x3xf32>, memref<4x3xf32>
  %t9 = gpu.dealloc async [%t8] %da : memref<4x8xf16>
  %t10 = gpu.dealloc async [%t9] %db : memref<8x3xf16>
  %t11 = gpu.dealloc async [%t10] %dc : memref<4x3xf32>
  gpu.wait [%t11]
  %u = memref.cast %h : memref<4x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
