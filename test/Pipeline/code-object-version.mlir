// The code object version of format=hsaco: v5 by default (ELF ABI version
// 3), which ROCm loads from 5.2 on, on every chip; abi=600 gives v6 (ABI
// version 4, LLVM's default), which ROCm loads from 6.3 on only.
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=hsaco" -o %t.default.mlir
// RUN: %python %S/extract-offload.py %t.default.mlir %t.default.hsaco
// RUN: %llvm-readelf --file-header %t.default.hsaco | FileCheck %s --check-prefixes=CHECK,COV5
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=hsaco abi=600" -o %t.v6.mlir
// RUN: %python %S/extract-offload.py %t.v6.mlir %t.v6.hsaco
// RUN: %llvm-readelf --file-header %t.v6.hsaco | FileCheck %s --check-prefixes=CHECK,COV6
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=hsaco" -o %t.gfx1201.mlir
// RUN: %python %S/extract-offload.py %t.gfx1201.mlir %t.gfx1201.hsaco
// RUN: %llvm-readelf --file-header %t.gfx1201.hsaco | FileCheck %s --check-prefixes=CHECK,COV5
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx942 abi=700" 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: OS/ABI: AMDGPU - HSA
// COV5:  ABI Version: 3
// COV6:  ABI Version: 4
// CHECK: Machine: EM_AMDGPU
// BAD: mcore-pipeline: abi=700 is not a code object version; use 400, 500 or 600 (v4, v5, v6)

func.func @matmul(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %c: memref<64x64xf32>) {
  linalg.matmul ins(%a, %b : memref<64x64xf16>, memref<64x64xf16>)
                outs(%c : memref<64x64xf32>)
  return
}
