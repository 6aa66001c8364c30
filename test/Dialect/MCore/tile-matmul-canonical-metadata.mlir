// RUN: mcore-opt %s | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx1201 | FileCheck %s
// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx942 | FileCheck %s
// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx90a 2>/dev/null | FileCheck %s

// Metadata given at run time gets a check kernel before the matmul
// (tile-matmul-sparse.mlir), unless the op says the producer has validated
// it (canonical_metadata): then the matmul's kernel alone.

// ROUNDTRIP-LABEL: func.func @checked
// ROUNDTRIP:       mcore.sparse_matmul
// ROUNDTRIP-NOT:   canonical_metadata
// ROUNDTRIP-LABEL: func.func @trusted
// ROUNDTRIP:       mcore.sparse_matmul {{.+}} {canonical_metadata, transpose_b}

// CHECK-LABEL: func.func @checked
// CHECK:       mcore.kernel = "check_metadata_2to4"
// CHECK:       gpu.launch
// CHECK-LABEL: func.func @trusted
// CHECK-NOT:   check_metadata_2to4
// CHECK:       gpu.launch
// CHECK-NOT:   check_metadata_2to4
// CHECK:       return

func.func @checked(%v: memref<64x32xf16>, %m: memref<64x2xi32>,
                   %b: memref<64x64xf16>, %c: memref<64x64xf32>) {
  mcore.sparse_matmul ins(%v, %m, %b : memref<64x32xf16>, memref<64x2xi32>,
                          memref<64x64xf16>) outs(%c : memref<64x64xf32>)
  return
}

func.func @trusted(%v: memref<64x32xf16>, %m: memref<64x2xi32>,
                   %b: memref<64x64xf16>, %c: memref<64x64xf32>) {
  mcore.sparse_matmul ins(%v, %m, %b : memref<64x32xf16>, memref<64x2xi32>,
                          memref<64x64xf16>) outs(%c : memref<64x64xf32>)
                          {canonical_metadata, transpose_b}
  return
}
