// RUN: mcore-opt %s --mcore-linalg-to-gpu --split-input-file --verify-diagnostics | FileCheck %s

// A linalg op in a user's gpu.launch body is each work-item's, as any op of
// a kernel body: it becomes loops in the body (no kernel of its own, no
// matrix instructions), and convert-gpu-to-rocdl gets no linalg op. Here each
// of 8 work-items computes its row of C through views indexed by its thread
// id: no warning.

// CHECK-LABEL: func.func @rows
// CHECK-COUNT-1: gpu.launch
// CHECK-NOT:     gpu.launch
// CHECK:         memref.subview
// CHECK:         scf.for
// CHECK:           scf.for
// CHECK:             scf.for
// CHECK:               arith.mulf
// CHECK:               arith.addf
// CHECK:         gpu.terminator
// CHECK-NOT:     linalg.
func.func @rows(%a: memref<8x5xf32>, %b: memref<5x3xf32>, %c: memref<8x3xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %ar = memref.subview %a[%tx, 0] [1, 5] [1, 1] : memref<8x5xf32> to memref<1x5xf32, strided<[5, 1], offset: ?>>
    %cr = memref.subview %c[%tx, 0] [1, 3] [1, 1] : memref<8x3xf32> to memref<1x3xf32, strided<[3, 1], offset: ?>>
    linalg.matmul ins(%ar, %b : memref<1x5xf32, strided<[5, 1], offset: ?>>, memref<5x3xf32>)
                  outs(%cr : memref<1x3xf32, strided<[3, 1], offset: ?>>)
    gpu.terminator
  }
  return
}

// -----

// Every work-item writing all of C is a race: a warning says so and where
// mcore's own matmul kernels come from.

// CHECK-LABEL: func.func @shared
// CHECK-NOT:     linalg.matmul
func.func @shared(%a: memref<16x16xf16>, %b: memref<16x16xf16>, %c: memref<16x16xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    // expected-warning @+1 {{linalg.matmul in a gpu.launch body: each of the 64 work-items runs all of it and writes the same elements of output #0 (a race); for a kernel of work-groups, waves and matrix instructions made by mcore, put it outside the gpu.launch; for one work-item's share, give it a view of its own (indexed by the thread id) or a memref.alloca}}
    linalg.matmul ins(%a, %b : memref<16x16xf16>, memref<16x16xf16>) outs(%c : memref<16x16xf32>)
    gpu.terminator
  }
  return
}

// -----

// Sizes known only at run time: the warning cannot count the work-items.

func.func @dynamic(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %c1, %sz = %c1) {
    // expected-warning @+1 {{linalg.matmul in a gpu.launch body: each work-item runs all of it and writes the same elements of output #0 (a race)}}
    linalg.matmul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
    gpu.terminator
  }
  return
}

// -----

// No race: one work-item (a kernel of one, or the branch of work-item 0), or
// an output of the work-item's own (memref.alloca).

// CHECK-LABEL: func.func @own
// CHECK-NOT:     linalg.
func.func @own(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    linalg.matmul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      linalg.matmul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)
    }
    %t = memref.alloca() : memref<4x4xf32>
    linalg.matmul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%t : memref<4x4xf32>)
    gpu.terminator
  }
  return
}

// -----

func.func @tensors(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %c: tensor<4x4xf32>) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-error @+1 {{linalg.matmul in a gpu.launch body works on tensors; each work-item runs a linalg op of a kernel body on memrefs (tensors outside kernels are bufferized)}}
    %d = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
    gpu.terminator
  }
  return
}
