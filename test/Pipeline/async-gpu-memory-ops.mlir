// RUN: mcore-opt %s --mcore-async-gpu-memory-ops | FileCheck %s

// Each synchronous gpu.alloc / memcpy / memset / dealloc of host code
// becomes the async op between a gpu.wait async and a gpu.wait on its token.
// CHECK-LABEL: func @host
// CHECK-SAME: (%[[H:.+]]: memref<64xf16>)
func.func @host(%h: memref<64xf16>) -> memref<64xf16> {
  // CHECK:      %[[T0:.+]] = gpu.wait async
  // CHECK-NEXT: %[[M:.+]], %[[A:.+]] = gpu.alloc async [%[[T0]]] () : memref<64xf16>
  // CHECK-NEXT: gpu.wait [%[[A]]]
  %m = gpu.alloc () : memref<64xf16>
  // CHECK-NEXT: %[[T1:.+]] = gpu.wait async
  // CHECK-NEXT: %[[C:.+]] = gpu.memcpy async [%[[T1]]] %[[M]], %[[H]] : memref<64xf16>, memref<64xf16>
  // CHECK-NEXT: gpu.wait [%[[C]]]
  gpu.memcpy %m, %h : memref<64xf16>, memref<64xf16>
  // CHECK-NEXT: arith.constant
  %zero = arith.constant 0.0 : f16
  // CHECK-NEXT: %[[T2:.+]] = gpu.wait async
  // CHECK-NEXT: %[[S:.+]] = gpu.memset async [%[[T2]]] %[[M]], %{{.+}} : memref<64xf16>, f16
  // CHECK-NEXT: gpu.wait [%[[S]]]
  gpu.memset %m, %zero : memref<64xf16>, f16
  // A host-shared allocation is left alone: gpu-to-llvm lowers it as it is.
  // CHECK-NEXT: %[[SH:.+]] = gpu.alloc {{ *}}host_shared () : memref<64xf16>
  %shared = gpu.alloc host_shared () : memref<64xf16>
  // CHECK-NEXT: %[[T3:.+]] = gpu.wait async
  // CHECK-NEXT: %[[D:.+]] = gpu.dealloc async [%[[T3]]] %[[M]] : memref<64xf16>
  // CHECK-NEXT: gpu.wait [%[[D]]]
  gpu.dealloc %m : memref<64xf16>
  // Already async: left alone.
  // CHECK-NEXT: %[[W:.+]] = gpu.wait async
  // CHECK-NEXT: gpu.dealloc async [%[[W]]] %[[SH]] : memref<64xf16>
  %w = gpu.wait async
  %t = gpu.dealloc async [%w] %shared : memref<64xf16>
  gpu.wait [%t]
  return %h : memref<64xf16>
}

// gpu.modules are device code, not host code: left alone.
// CHECK-LABEL: gpu.module @kernels
// CHECK:       func.func @f
// CHECK-NEXT:    gpu.dealloc %{{.+}} : memref<64xf16>
// CHECK-NEXT:    return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @f(%m: memref<64xf16>) {
      gpu.dealloc %m : memref<64xf16>
      return
    }
  }
}
