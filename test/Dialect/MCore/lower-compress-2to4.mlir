// RUN: mcore-opt %s --mcore-lower-compress-2to4 | FileCheck %s
// RUN: mcore-opt %s --mcore-lower-compress-2to4 --mcore-tile-matmul=chip=gfx1201 --mcore-distribute --convert-mcore-to-rocdl=chip=gfx1201 | FileCheck %s --check-prefix=TILED

// Run-time compression: one thread per metadata word, the first violation
// recorded with an atomic minimum in a host-shared word, and host code that
// reports it (row, group, columns, non-zeros) and exits with status 65.

// CHECK-LABEL: func.func @compress
// CHECK:       %[[NONE:.+]] = arith.constant 9223372036854775807 : i64
// CHECK:       %[[ERR:.+]] = gpu.alloc  host_shared () : memref<1xi64>
// CHECK:       memref.store %[[NONE]], %[[ERR]]
// CHECK:       gpu.launch
// CHECK-COUNT-8: vector.maskedload %{{.+}} : memref<?x?xf16>, vector<4xi1>, vector<4xf16> into vector<4xf16>
// CHECK:       memref.atomic_rmw mins %{{.+}}, %[[ERR]]
// CHECK:       memref.store %{{.+}}, %{{.+}} : memref<?x?xi32>
// CHECK:       gpu.terminator
// CHECK:       %[[FOUND:.+]] = memref.load %[[ERR]]
// CHECK:       %[[BAD:.+]] = arith.cmpi ne, %[[FOUND]], %[[NONE]] : i64
// CHECK:       scf.if %[[BAD]] {
// CHECK:         call @__mcore_2to4_violation
// CHECK:       gpu.dealloc async
// CHECK:       mcore.sparse_matmul

// The reporter, once per module.
// CHECK-LABEL: llvm.func @dprintf(i32, !llvm.ptr, ...) -> i32
// CHECK-LABEL: llvm.func @exit(i32)
// CHECK:       llvm.mlir.global internal constant @__mcore_2to4_message("mcore: A is not 2:4 sparse: row %lld, group %lld (columns %lld-%lld) has %lld non-zeros\0A\00")
// CHECK-LABEL: func.func private @__mcore_2to4_violation(%{{.+}}: i64, %{{.+}}: i64, %{{.+}}: i64, %{{.+}}: i64, %{{.+}}: i64)
// CHECK:       llvm.call @dprintf
// CHECK:       %[[STATUS:.+]] = llvm.mlir.constant(65 : i32) : i32
// CHECK:       llvm.call @exit(%[[STATUS]])
func.func @compress(%a: memref<?x?xf16>, %v: memref<?x?xf16>, %m: memref<?x?xi32>,
                    %b: memref<?x?xf16>, %c: memref<?x?xf32>) {
  mcore.compress_2to4 ins(%a : memref<?x?xf16>) outs(%v, %m : memref<?x?xf16>, memref<?x?xi32>)
  mcore.sparse_matmul ins(%v, %m, %b : memref<?x?xf16>, memref<?x?xi32>, memref<?x?xf16>) outs(%c : memref<?x?xf32>)
  return
}

// The compression kernel and the matmul kernel it feeds.
// TILED-LABEL: func.func @compress
// TILED:       gpu.launch
// TILED:       memref.atomic_rmw mins
// TILED:       gpu.launch
// TILED:       llvm.call_intrinsic "llvm.amdgcn.swmmac.f32.16x16x32.f16"
