// device-memory.mlir with the synchronous forms of gpu.alloc, gpu.memcpy
// and gpu.dealloc, as a program would write them without streams: the
// pipeline makes each one async with waits around it (gpu-to-llvm lowers
// only the async forms), so the copies, the matmul and the copy back run in
// the order written. The bounds checker is on for gfx1201.
// RUN: %mcore-run %s --chip=gfx942 --backend=emu --pipeline-options="tile-m=64 tile-n=64" | FileCheck %s
// RUN: env MCORE_EMU_CHECK=1 %mcore-run %s --chip=gfx1201 --backend=emu --pipeline-options="tile-m=64 tile-n=64" | FileCheck %s
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa tile-m=64 tile-n=64" | FileCheck %s --check-prefix=HOST

// C starts at 1.
// CHECK: sizes = [4, 3]
// CHECK-NEXT: [3.25,   4.5,   0],
// CHECK-NEXT: [3,   4.5,   6.5],
// CHECK-NEXT: [5,   5.25,   4],
// CHECK-NEXT: [5.75,   1.625,   -0.5]]

// Each op on its own stream, waited for.
// HOST-LABEL: llvm.func @main
// HOST:       llvm.call @mgpuStreamCreate
// HOST:       llvm.call @mgpuMemAlloc
// HOST:       llvm.call @mgpuStreamSynchronize
// HOST:       llvm.call @mgpuMemcpy
// HOST:       llvm.call @mgpuStreamSynchronize
// HOST:       gpu.launch_func
// HOST:       llvm.call @mgpuMemcpy
// HOST:       llvm.call @mgpuStreamSynchronize
// HOST:       llvm.call @mgpuMemFree

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
  %da = gpu.alloc () : memref<4x8xf16>
  %db = gpu.alloc () : memref<8x3xf16>
  %dc = gpu.alloc () : memref<4x3xf32>
  gpu.memcpy %da, %a : memref<4x8xf16>, memref<4x8xf16>
  gpu.memcpy %db, %b : memref<8x3xf16>, memref<8x3xf16>
  gpu.memcpy %dc, %c : memref<4x3xf32>, memref<4x3xf32>
  linalg.matmul ins(%da, %db : memref<4x8xf16>, memref<8x3xf16>)
                outs(%dc : memref<4x3xf32>)
  %h = memref.alloca() : memref<4x3xf32>
  gpu.memcpy %h, %dc : memref<4x3xf32>, memref<4x3xf32>
  gpu.dealloc %da : memref<4x8xf16>
  gpu.dealloc %db : memref<8x3xf16>
  gpu.dealloc %dc : memref<4x3xf32>
  %u = memref.cast %h : memref<4x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
