// A user's GPU program whose kernel body holds a linalg.matmul (issue 32,
// item 6): --mcore-pipeline lowers it per work-item (mcore-linalg-to-gpu),
// as any op of a kernel body, instead of failing in upstream's
// convert-gpu-to-rocdl ("expected add/mul op in the body"). Each of 8
// work-items computes its row of C = A * B (8x5 times 5x3, f32) through
// views indexed by its thread id; a[i][k] = 0.1 (i + k), b[k][j] = k j +
// 0.3333, so no partial sum is exact. The values are numpy's (float32,
// summed in k order).
//
// RUN: %mcore-run %s --chip=gfx942 2>&1 | FileCheck %s
// RUN: %mcore-run %s --chip=gfx1201 2>&1 | FileCheck %s
// And no warning: the work-items write rows of their own.
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=llvm" -o /dev/null 2>&1 | count 0

// CHECK-NOT: warning
// CHECK:      sizes = [8, 3]
// CHECK-NEXT: {{\[\[}}0.3333,{{ +}}3.3333,{{ +}}6.3333],
// CHECK-NEXT: [0.49995,{{ +}}4.49995,{{ +}}8.49995],
// CHECK-NEXT: [0.6666,{{ +}}5.6666,{{ +}}10.6666],
// CHECK-NEXT: [0.83325,{{ +}}6.83325,{{ +}}12.8333],
// CHECK-NEXT: [0.9999,{{ +}}7.9999,{{ +}}14.9999],
// CHECK-NEXT: [1.16655,{{ +}}9.16655,{{ +}}17.1665],
// CHECK-NEXT: [1.3332,{{ +}}10.3332,{{ +}}19.3332],
// CHECK-NEXT: [1.49985,{{ +}}11.4999,{{ +}}21.4999]]

func.func @rows(%a: memref<8x5xf32>, %b: memref<5x3xf32>, %c: memref<8x3xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %ar = memref.subview %a[%tx, 0] [1, 5] [1, 1] : memref<8x5xf32> to memref<1x5xf32, strided<[5, 1], offset: ?>>
    %cr = memref.subview %c[%tx, 0] [1, 3] [1, 1] : memref<8x3xf32> to memref<1x3xf32, strided<[3, 1], offset: ?>>
    linalg.matmul ins(%ar, %b : memref<1x5xf32, strided<[5, 1], offset: ?>>, memref<5x3xf32>) outs(%cr : memref<1x3xf32, strided<[3, 1], offset: ?>>)
    gpu.terminator
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %a = memref.alloc() : memref<8x5xf32>
  %b = memref.alloc() : memref<5x3xf32>
  %c = memref.alloc() : memref<8x3xf32>
  %tenth = arith.constant 0.1 : f32
  %third = arith.constant 0.3333 : f32
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %k = %c0 to %c5 step %c1 {
      %s = arith.addi %i, %k : index
      %si = arith.index_cast %s : index to i32
      %f = arith.sitofp %si : i32 to f32
      %v = arith.mulf %f, %tenth : f32
      memref.store %v, %a[%i, %k] : memref<8x5xf32>
    }
    scf.for %j = %c0 to %c3 step %c1 {
      memref.store %z, %c[%i, %j] : memref<8x3xf32>
    }
  }
  scf.for %k = %c0 to %c5 step %c1 {
    scf.for %j = %c0 to %c3 step %c1 {
      %s = arith.muli %k, %j : index
      %si = arith.index_cast %s : index to i32
      %f = arith.sitofp %si : i32 to f32
      %v = arith.addf %f, %third : f32
      memref.store %v, %b[%k, %j] : memref<5x3xf32>
    }
  }
  call @rows(%a, %b, %c) : (memref<8x5xf32>, memref<5x3xf32>, memref<8x3xf32>) -> ()
  %cu = memref.cast %c : memref<8x3xf32> to memref<*xf32>
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
