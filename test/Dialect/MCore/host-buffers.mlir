// RUN: mcore-opt %s --mcore-host-buffers -split-input-file | FileCheck %s

// Host buffers the kernels reach become GPU-accessible; temporaries are
// freed.

memref.global "private" constant @weights : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

// CHECK: func.func private @mcoreMemGetDeviceMemRef1dInt8(memref<?xi8>) -> memref<?xi8>
// CHECK-LABEL: func.func @buffers
func.func @buffers(%out: memref<4xf32>) -> memref<4xf32> {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  // A temporary a kernel writes: host-shared, freed at the end.
  // CHECK:       %[[TMP:.+]] = gpu.alloc  host_shared () : memref<4xf32>
  %tmp = memref.alloc() : memref<4xf32>
  // An allocation the function returns: the caller frees it with free(), so
  // it stays malloc'd (bytes viewed as its type) and is registered; the
  // kernels use its view at the device address the runtime gives.
  // CHECK:       %[[BYTES:.+]] = memref.alloc(%[[C16:.+]]) : memref<?xi8>
  // CHECK:       %[[RET:.+]] = memref.view %[[BYTES]][%[[ZERO:.+]]][] : memref<?xi8> to memref<4xf32>
  // CHECK:       %[[CAST:.+]] = memref.cast %[[BYTES]] : memref<?xi8> to memref<*xi8>
  // CHECK:       gpu.host_register %[[CAST]] : memref<*xi8>
  // CHECK:       %[[DEVBYTES:.+]] = call @mcoreMemGetDeviceMemRef1dInt8(%[[BYTES]]) : (memref<?xi8>) -> memref<?xi8>
  // CHECK:       %[[DEV:.+]] = memref.view %[[DEVBYTES]][%[[ZERO]]][] : memref<?xi8> to memref<4xf32>
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
  // CHECK:         memref.store %{{.+}}, %[[DEV]]
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

// -----

// A returned buffer of dynamic size that the kernel reaches through a view
// made on the host: the view is made again from the device view, before
// the launch; the host keeps the host one.
// CHECK-LABEL: func.func @dynamic_view
// CHECK-SAME:    (%[[N:.+]]: index)
func.func @dynamic_view(%n: index) -> memref<?x8xf16> {
  %c1 = arith.constant 1 : index
  // CHECK:       %[[C16:.+]] = arith.constant 16 : index
  // CHECK:       %[[SIZE:.+]] = arith.muli %[[C16]], %[[N]] : index
  // CHECK:       %[[BYTES:.+]] = memref.alloc(%[[SIZE]]) {alignment = 64 : i64} : memref<?xi8>
  // CHECK:       %[[HOST:.+]] = memref.view %[[BYTES]][%[[ZERO:.+]]][%[[N]]] : memref<?xi8> to memref<?x8xf16>
  // CHECK:       gpu.host_register
  // CHECK:       %[[DEVBYTES:.+]] = call @mcoreMemGetDeviceMemRef1dInt8(%[[BYTES]])
  // CHECK:       %[[DEV:.+]] = memref.view %[[DEVBYTES]][%[[ZERO]]][%[[N]]] : memref<?xi8> to memref<?x8xf16>
  %buf = memref.alloc(%n) {alignment = 64 : i64} : memref<?x8xf16>
  // CHECK:       %[[ROW:.+]] = memref.subview %[[HOST]][0, 0] [1, 8] [1, 1]
  %row = memref.subview %buf[0, 0] [1, 8] [1, 1] : memref<?x8xf16> to memref<1x8xf16, strided<[8, 1]>>
  // CHECK:       %[[DEVROW:.+]] = memref.subview %[[DEV]][0, 0] [1, 8] [1, 1]
  // CHECK:       gpu.launch
  // CHECK:         memref.store %{{.+}}, %[[DEVROW]]
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %h = arith.constant 1.0 : f16
    %c0 = arith.constant 0 : index
    memref.store %h, %row[%c0, %tx] : memref<1x8xf16, strided<[8, 1]>>
    gpu.terminator
  }
  // CHECK:       memref.load %[[ROW]]
  %c0 = arith.constant 0 : index
  %r = memref.load %row[%c0, %c0] : memref<1x8xf16, strided<[8, 1]>>
  // CHECK:       return %[[HOST]]
  return %buf : memref<?x8xf16>
}

// -----

// Buffers only passed to calls belong to their block, even when a callee
// returns its argument (as a function bufferized at its boundary returns
// its C): unregistered and freed before the terminator. One whose alias
// (the call's result) is returned is the caller's: not freed.
func.func private @print(memref<4xf32>)

// CHECK-LABEL: func.func @update
func.func @update(%c: memref<4xf32>) -> memref<4xf32> {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
             threads(%tx, %ty, %tz) in (%u = %c1, %v = %c1, %w = %c1) {
    %one = arith.constant 1.0 : f32
    memref.store %one, %c[%tx] : memref<4xf32>
    gpu.terminator
  }
  return %c : memref<4xf32>
}

// CHECK-LABEL: func.func @owned
func.func @owned() {
  // A kernel uses it (through @update): registered, then unregistered and
  // freed at the end.
  // CHECK:       %[[BYTES:.+]] = memref.alloc(%{{.+}}) : memref<?xi8>
  // CHECK:       %[[CAST:.+]] = memref.cast %[[BYTES]] : memref<?xi8> to memref<*xi8>
  // CHECK:       gpu.host_register %[[CAST]]
  %a = memref.alloc() : memref<4xf32>
  %r = call @update(%a) : (memref<4xf32>) -> memref<4xf32>
  call @print(%r) : (memref<4xf32>) -> ()
  // No kernel uses it: freed at the end.
  // CHECK:       %[[HOSTONLY:.+]] = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  call @print(%b) : (memref<4xf32>) -> ()
  // CHECK:       %[[UNREG:.+]] = memref.cast %[[BYTES]] : memref<?xi8> to memref<*xi8>
  // CHECK-NEXT:  gpu.host_unregister %[[UNREG]] : memref<*xi8>
  // CHECK-NEXT:  memref.dealloc %[[BYTES]] : memref<?xi8>
  // CHECK-NEXT:  memref.dealloc %[[HOSTONLY]] : memref<4xf32>
  // CHECK-NEXT:  return
  return
}

// CHECK-LABEL: func.func @returned
func.func @returned() -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %r = call @update(%a) : (memref<4xf32>) -> memref<4xf32>
  // CHECK-NOT:   gpu.host_unregister
  // CHECK-NOT:   memref.dealloc
  // CHECK:       return
  return %r : memref<4xf32>
}
