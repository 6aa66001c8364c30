// RUN: mcore-opt %s --mcore-legalize-sub-byte-memory | FileCheck %s

// Vector loads and stores of sub-byte integers become byte vectors: the
// one-element-per-byte layout of memrefs (and of scalar i4 accesses), not
// LLVM's bit-packed <N x i4>.

// CHECK-LABEL: llvm.func @load
// CHECK-SAME:    (%[[P:.+]]: !llvm.ptr<1>)
// CHECK:         %[[B:.+]] = llvm.load %[[P]] {alignment = 1 : i64, nontemporal} : !llvm.ptr<1> -> vector<32xi8>
// CHECK:         %[[V:.+]] = llvm.trunc %[[B]] : vector<32xi8> to vector<32xi4>
// CHECK:         llvm.return %[[V]]
llvm.func @load(%p: !llvm.ptr<1>) -> vector<32xi4> {
  %v = llvm.load %p {alignment = 1 : i64, nontemporal} : !llvm.ptr<1> -> vector<32xi4>
  llvm.return %v : vector<32xi4>
}

// CHECK-LABEL: llvm.func @store
// CHECK-SAME:    (%[[P:.+]]: !llvm.ptr<3>, %[[V:.+]]: vector<2xi4>)
// CHECK:         %[[W:.+]] = llvm.zext %[[V]] : vector<2xi4> to vector<2xi8>
// CHECK:         llvm.store %[[W]], %[[P]] {alignment = 1 : i64} : vector<2xi8>, !llvm.ptr<3>
llvm.func @store(%p: !llvm.ptr<3>, %v: vector<2xi4>) {
  llvm.store %v, %p {alignment = 1 : i64} : vector<2xi4>, !llvm.ptr<3>
  llvm.return
}

// CHECK-LABEL: llvm.func @masked
// CHECK-SAME:    (%[[P:.+]]: !llvm.ptr, %[[M:.+]]: vector<16xi1>, %[[PASS:.+]]: vector<16xi4>)
// CHECK:         %[[PB:.+]] = llvm.zext %[[PASS]] : vector<16xi4> to vector<16xi8>
// CHECK:         %[[L:.+]] = llvm.intr.masked.load %[[P]], %[[M]], %[[PB]] {alignment = 1 : i32} : (!llvm.ptr, vector<16xi1>, vector<16xi8>) -> vector<16xi8>
// CHECK:         %[[V:.+]] = llvm.trunc %[[L]] : vector<16xi8> to vector<16xi4>
// CHECK:         %[[W:.+]] = llvm.zext %[[V]] : vector<16xi4> to vector<16xi8>
// CHECK:         llvm.intr.masked.store %[[W]], %[[P]], %[[M]] {alignment = 1 : i32} : vector<16xi8>, vector<16xi1> into !llvm.ptr
llvm.func @masked(%p: !llvm.ptr, %m: vector<16xi1>, %pass: vector<16xi4>) {
  %v = llvm.intr.masked.load %p, %m, %pass {alignment = 1 : i32} : (!llvm.ptr, vector<16xi1>, vector<16xi4>) -> vector<16xi4>
  llvm.intr.masked.store %v, %p, %m {alignment = 1 : i32} : vector<16xi4>, vector<16xi1> into !llvm.ptr
  llvm.return
}

// Scalars (already one byte each), byte and wider vectors, and gathers
// (element by element) stay as they are.
// CHECK-LABEL: llvm.func @unchanged
// CHECK-NOT:     llvm.trunc
// CHECK-NOT:     llvm.zext
// CHECK:         llvm.load %{{.+}} : !llvm.ptr -> i4
// CHECK:         llvm.load %{{.+}} : !llvm.ptr -> vector<4xi8>
// CHECK:         llvm.intr.masked.gather
llvm.func @unchanged(%p: !llvm.ptr, %ps: vector<4x!llvm.ptr>, %m: vector<4xi1>, %pass: vector<4xi4>) {
  %s = llvm.load %p : !llvm.ptr -> i4
  %v = llvm.load %p : !llvm.ptr -> vector<4xi8>
  %g = llvm.intr.masked.gather %ps, %m, %pass {alignment = 1 : i32} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xi4>) -> vector<4xi4>
  llvm.return
}
