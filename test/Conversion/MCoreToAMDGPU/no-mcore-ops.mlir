// Without mcore ops the pass needs no chip and changes nothing.
// RUN: mcore-opt %s --convert-mcore-to-amdgpu | FileCheck %s

// CHECK-LABEL: func @nothing_to_do
// CHECK-NEXT: return
func.func @nothing_to_do() {
  return
}
