// RUN: mcore-opt %s --mcore-host-buffers | FileCheck %s

// Host buffers the kernels reach become GPU-accessible; temporaries are
// freed.

memref.global "private" constant @weights : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

// CHECK-LABEL: func.func @buffers
func.func @buffers(%out: memref<4xf32>) -> memref<4xf32> {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  // A temporary a kernel writes: host-shared, freed at the end.
  // CHECK:       %[[TMP:.+]] = gpu.alloc  host_shared () : memref<4xf32>
  %tmp = memref.alloc() : memref<4xf32>
  // An allocation the function returns: the caller frees it with free(), so
  // it stays malloc'd and is registered.
  // CHECK:       %[[RET:.+]] = memref.alloc() : memref<4xf32>
  // CHECK:       %[[CAST:.+]] = memref.cast %[[RET]] : memref<4xf32> to memref<*xf32>
  // CHECK:       gpu.host_register %[[CAST]] : memref<*xf32>
  %ret = memref.alloc() : memref<4xf32>
  // A host-only temporary: freed.
  // CHECK:       %[[HOST:.+]] = memref.alloc() : memref<4xf32>
  %host = memref.alloc() : memref<4xf32>
  // A constant global a kernel reads: copied into host-shared memory.
  // CHECK:       %[[G:.+]] = memref.get_global @weights
  // CHECK:       %[[GS:.+]] = gpu.alloc  host_shared () : memref<4xf32>
  // CHECK:       memref.copy %[[G]], %[[GS]]
  %g = memref.get_global @weights : memref<4xf32>
  // CHECK:       gpu.launch
  // CHECK:         memref.load %[[GS]]
  // CHECK:         memref.store %{{.+}}, %[[TMP]]
  // CHECK:         memref.store %{{.+}}, %[[RET]]
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %e = memref.load %g[%tx] : memref<4xf32>
    memref.store %e, %tmp[%tx] : memref<4xf32>
    memref.store %e, %ret[%tx] : memref<4xf32>
    gpu.terminator
  }
  %h = memref.load %tmp[%c0] : memref<4xf32>
  memref.store %h, %host[%c0] : memref<4xf32>
  memref.copy %host, %out : memref<4xf32> to memref<4xf32>
  // CHECK-DAG:   gpu.dealloc async [%{{.+}}] %[[TMP]]
  // CHECK-DAG:   memref.dealloc %[[HOST]]
  // CHECK-DAG:   gpu.dealloc async [%{{.+}}] %[[GS]]
  // CHECK-NOT:   memref.dealloc %[[RET]]
  // CHECK:       return %[[RET]]
  return %ret : memref<4xf32>
}
