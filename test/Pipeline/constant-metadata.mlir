// Constant 2:4 metadata of mcore.sparse_matmul must be canonical (what
// sparse24::compress makes): a group naming one position twice gave
// chip-dependent numbers (SWMMAC/SMFMAC read it one way, the dense fallback
// another). It is a located error on every chip, with a note at the
// constant, on tensors through the pipeline and on memrefs (a constant
// memref.global) in mcore-tile-matmul.
// RUN: not mcore-opt %s -split-input-file --mcore-pipeline="chip=gfx942" -o /dev/null 2>&1 | FileCheck %s
// RUN: not mcore-opt %s -split-input-file --mcore-pipeline="chip=gfx1201" -o /dev/null 2>&1 | FileCheck %s
// RUN: not mcore-opt %s -split-input-file --mcore-pipeline="chip=gfx1100" -o /dev/null 2>&1 | FileCheck %s

// CHECK: constant-metadata.mlir:[[@LINE+6]]:8: error: the metadata of A is not canonical 2:4: row 15, group 2 names positions 3 and 3; the first must be smaller
// CHECK: constant-metadata.mlir:[[@LINE+4]]:8: note: the metadata is this constant
func.func @tensors(%v: tensor<16x16xf16>, %b: tensor<32x16xf16>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // Row 15, group 2: nibble 0xF, positions 3 and 3. Every other group names
  // positions 2 and 3 (0xE) or 0 and 1 (0x4).
  %m = arith.constant dense<[[0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4F4E]]> : tensor<16x1xi32>
  %r = mcore.sparse_matmul ins(%v, %m, %b : tensor<16x16xf16>, tensor<16x1xi32>, tensor<32x16xf16>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

// -----

// Positions in decreasing order (2, 1: nibble 0x6) in row 0, group 0.
// CHECK: constant-metadata.mlir:[[@LINE+5]]:3: error: the metadata of A is not canonical 2:4: row 0, group 0 names positions 2 and 1; the first must be smaller
// CHECK: constant-metadata.mlir:[[@LINE+1]]:1: note: the metadata is this constant
memref.global "private" constant @meta : memref<16x1xi32> = dense<[[0x4E4E4E46], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E], [0x4E4E4E4E]]>
func.func @memrefs(%v: memref<16x16xf16>, %b: memref<32x16xf16>, %c: memref<16x16xf32>) {
  %m = memref.get_global @meta : memref<16x1xi32>
  mcore.sparse_matmul ins(%v, %m, %b : memref<16x16xf16>, memref<16x1xi32>, memref<32x16xf16>) outs(%c : memref<16x16xf32>)
  return
}
