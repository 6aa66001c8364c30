// RUN: mcore-opt %s --mcore-skip-empty-launches | FileCheck %s

// A launch whose sizes are not all constants runs only when none is 0; one
// with a constant 0 is erased (async: a wait on its dependencies instead);
// launches inside gpu.modules and constant non-empty ones are left alone.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k() kernel { gpu.return }
  }

  // CHECK-LABEL: func @dynamic
  // CHECK-SAME: (%[[GX:.+]]: index, %[[TX:.+]]: index)
  // CHECK-DAG: %[[Z:.+]] = arith.constant 0 : index
  // CHECK-DAG: %[[NE1:.+]] = arith.cmpi ne, %[[GX]], %[[Z]]
  // CHECK-DAG: %[[NE2:.+]] = arith.cmpi ne, %[[TX]], %{{.+}}
  // CHECK: %[[ALL:.+]] = arith.andi %[[NE1]], %[[NE2]]
  // CHECK: scf.if %[[ALL]] {
  // CHECK-NEXT: gpu.launch_func @k::@k blocks in (%[[GX]], %{{.+}}, %{{.+}}) threads in (%[[TX]],
  // CHECK-NEXT: }
  func.func @dynamic(%gx: index, %tx: index) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@k blocks in (%gx, %c1, %c1) threads in (%tx, %c1, %c1)
    return
  }

  // CHECK-LABEL: func @async
  // CHECK: %[[T0:.+]] = gpu.wait async
  // CHECK: %[[T:.+]] = scf.if %{{.+}} -> (!gpu.async.token) {
  // CHECK-NEXT: %[[L:.+]] = gpu.launch_func async [%[[T0]]] @k::@k
  // CHECK-NEXT: scf.yield %[[L]] : !gpu.async.token
  // CHECK-NEXT: } else {
  // CHECK-NEXT: %[[W:.+]] = gpu.wait async [%[[T0]]]
  // CHECK-NEXT: scf.yield %[[W]] : !gpu.async.token
  // CHECK: gpu.wait [%[[T]]]
  func.func @async(%gx: index) {
    %c1 = arith.constant 1 : index
    %t0 = gpu.wait async
    %t = gpu.launch_func async [%t0] @k::@k blocks in (%gx, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.wait [%t]
    return
  }

  // CHECK-LABEL: func @constant_zero
  // CHECK-NOT: gpu.launch_func
  // CHECK: %[[T0:.+]] = gpu.wait async
  // CHECK-NEXT: %[[W:.+]] = gpu.wait async [%[[T0]]]
  // CHECK-NEXT: gpu.wait [%[[W]]]
  // CHECK-NOT: gpu.launch_func
  // CHECK: return
  func.func @constant_zero(%gx: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    gpu.launch_func @k::@k blocks in (%gx, %c1, %c1) threads in (%c0, %c1, %c1)
    %t0 = gpu.wait async
    %t = gpu.launch_func async [%t0] @k::@k blocks in (%c0, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.wait [%t]
    return
  }

  // CHECK-LABEL: func @constant
  // CHECK-NOT: scf.if
  // CHECK: gpu.launch_func
  func.func @constant() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@k blocks in (%c64, %c1, %c1) threads in (%c64, %c1, %c1)
    return
  }
}
