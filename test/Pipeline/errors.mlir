// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx1100 format=isa" -split-input-file 2>&1 | FileCheck %s
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx1100 format=isa strict=true" -split-input-file 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx1234" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not mcore-opt %s --pass-pipeline="builtin.module(mcore-pipeline{chip=gfx1234})" 2>&1 | FileCheck %s --check-prefixes=CHIP,CHIP-TEXT
// RUN: not mcore-opt %s --mcore-pipeline="format=isa" 2>&1 | FileCheck %s --check-prefix=NOCHIP
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx942 format=ptx" 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx942 format=hsaco toolkit=%t.none" 2>&1 | FileCheck %s --check-prefix=TOOLKIT
// An option given twice is an error, not the last one winning silently.
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx942 chip=gfx1201 format=isa" 2>&1 | FileCheck %s --check-prefix=REPEATED
// RUN: not mcore-opt %s --pass-pipeline="builtin.module(mcore-pipeline{chip=gfx942 tile-m=64 format=isa tile-m=128})" 2>&1 | FileCheck %s --check-prefix=REPEATED-TILE
// REPEATED: mcore-pipeline: chip= is given more than once; give each option once
// REPEATED-TILE: mcore-pipeline: tile-m= is given more than once; give each option once

// Located errors, never a backend crash.

// CHECK: errors.mlir:[[@LINE+2]]:8: error: linalg.matmul of f8E4M3FN x f8E4M3FN -> f32: gfx1100 has no fp8 matrix instructions
func.func @fp8_on_rdna3(%a: tensor<64x64xf8E4M3FN>, %b: tensor<64x64xf8E4M3FN>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf8E4M3FN>, tensor<64x64xf8E4M3FN>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// Types no matrix instruction of the chip computes: a SIMT kernel, with a
// remark; with strict=true, an error naming what the chip computes.
// CHECK: errors.mlir:[[@LINE+4]]:8: remark: linalg.matmul of i8 x i8 -> f32: no matrix instruction of gfx1100 computes it (gfx1100 supports f16 x f16 -> f32, bf16 x bf16 -> f32, f16 x f16 -> f16, bf16 x bf16 -> bf16, i8 x i8 -> i32, i4 x i4 -> i32); a SIMT kernel computes it
// CHECK-NOT: errors.mlir:[[@LINE+3]]:8: error
// STRICT: errors.mlir:[[@LINE+2]]:8: error: linalg.matmul of i8 x i8 -> f32: no matrix instruction of gfx1100 computes it; gfx1100 supports f16 x f16 -> f32, bf16 x bf16 -> f32, f16 x f16 -> f16, bf16 x bf16 -> bf16, i8 x i8 -> i32, i4 x i4 -> i32{{$}}
func.func @mixed(%a: tensor<64x64xi8>, %b: tensor<64x64xi8>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<64x64xi8>, tensor<64x64xi8>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// -----

// A constant claimed 2:4 that is not.
#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>
// CHECK: errors.mlir:[[@LINE+5]]:8: error: A is not 2:4 sparse: row 1, group 0 (columns 0-3) has 4 non-zeros
// CHECK: note: A is this constant
func.func @not_2to4(%b: tensor<4x4xf16>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %a = arith.constant dense<[[1.0, 0.0, 0.0, 2.0], [1.0, 2.0, 3.0, 4.0]]> : tensor<2x4xf16>
  %s = sparse_tensor.convert %a : tensor<2x4xf16> to tensor<2x4xf16, #S24>
  %r = linalg.matmul ins(%s, %b : tensor<2x4xf16, #S24>, tensor<4x4xf16>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// Options are checked when the pipeline is parsed: one error, no pass runs
// and nothing of the module is printed.
// CHIP-NOT: func.func
// CHIP: error: mcore-pipeline: unknown chip 'gfx1234'; supported chips: gfx908, gfx90a, gfx942, gfx950, gfx1100, gfx1101, gfx1102, gfx1200, gfx1201, gfx1250
// CHIP-TEXT-NEXT: failed to add `mcore-pipeline` with options `chip=gfx1234`
// CHIP-NOT: {{.}}
// NOCHIP-NOT: func.func
// NOCHIP: error: mcore-pipeline needs chip=CHIP; supported chips: {{.*}}
// NOCHIP-NOT: {{.}}
// FORMAT-NOT: func.func
// FORMAT: error: mcore-pipeline: unknown format 'ptx'; use hsaco, llvm or isa
// FORMAT-NOT: {{.}}
// TOOLKIT-NOT: func.func
// TOOLKIT: error: mcore-pipeline: toolkit={{.+}}.none has no executable llvm/bin/ld.lld
// TOOLKIT-NOT: {{.}}
