// RUN: mcore-opt %s --mcore-stable-constant-globals | FileCheck %s
// RUN: mcore-opt %s --mcore-stable-constant-globals --mcore-stable-constant-globals | FileCheck %s

// What one-shot-bufferize of LLVM 22 may give for @main's and @bad's two
// constants of one type: names and places in the order it happened to
// visit the functions. After the pass, the first use (@main's) has the
// plain name and the first place, whatever the input's order; @taken (not
// bufferization's) keeps its name, and the unused constant goes last.

// CHECK-LABEL: module
// CHECK-NEXT:  memref.global "private" constant @__constant_2x2xf16 : memref<2x2xf16> = dense<1.000000e+00>
// CHECK-NEXT:  memref.global "private" constant @__constant_4xi32 : memref<4xi32> = dense<7>
// CHECK-NEXT:  memref.global "private" constant @__constant_2x2xf16_1 : memref<2x2xf16> = dense<2.000000e+00>
// CHECK-NEXT:  memref.global "private" constant @__constant_2x2xf16_2 : memref<2x2xf16> = dense<3.000000e+00>
// CHECK:       memref.global "private" @__constant_2x2xf16_0 : memref<2x2xf16>
// CHECK-LABEL: func.func @main
// CHECK:         memref.get_global @__constant_2x2xf16 :
// CHECK:         memref.get_global @__constant_4xi32 :
// CHECK-LABEL: func.func @bad
// CHECK:         memref.get_global @__constant_2x2xf16_1 :
// CHECK:         memref.get_global @__constant_2x2xf16 :
module {
  memref.global "private" constant @__constant_2x2xf16_3 : memref<2x2xf16> = dense<3.0>
  memref.global "private" constant @__constant_2x2xf16 : memref<2x2xf16> = dense<2.0>
  memref.global "private" constant @__constant_4xi32 : memref<4xi32> = dense<7>
  memref.global "private" constant @__constant_2x2xf16_1 : memref<2x2xf16> = dense<1.0>
  // Not a constant: a name the pass must not take.
  memref.global "private" @__constant_2x2xf16_0 : memref<2x2xf16>
  func.func @main() {
    %0 = memref.get_global @__constant_2x2xf16_1 : memref<2x2xf16>
    %1 = memref.get_global @__constant_4xi32 : memref<4xi32>
    return
  }
  func.func @bad() {
    %0 = memref.get_global @__constant_2x2xf16 : memref<2x2xf16>
    %1 = memref.get_global @__constant_2x2xf16_1 : memref<2x2xf16>
    return
  }
}
