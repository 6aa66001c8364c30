// format=llvm bitcode records the chip it was compiled for, as LLVM's
// "target-cpu" of every function (the emulator reads it).
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=llvm" -o %t.mlir
// RUN: %python %S/extract-offload.py %t.mlir %t.bc
// RUN: %llvm-dis %t.bc -o - | FileCheck %s

// CHECK: target triple = "amdgcn-amd-amdhsa"
// CHECK: "target-cpu"="gfx942"
func.func @mm(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %c: memref<64x64xf32>) {
  linalg.matmul ins(%a, %b : memref<64x64xf16>, memref<64x64xf16>) outs(%c : memref<64x64xf32>)
  return
}
