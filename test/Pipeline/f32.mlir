// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa" 2>/dev/null | %isa-report | FileCheck %s --check-prefix=GFX942
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx90a format=isa" 2>/dev/null | %isa-report | FileCheck %s --check-prefix=GFX90A
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa f32-precision=tf32" 2>/dev/null | %isa-report | FileCheck %s --check-prefix=TF32
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx90a format=isa f32-precision=tf32" 2>&1 | FileCheck %s --check-prefix=TF32-GFX90A
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa f32-precision=fast" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa" 2>&1 | FileCheck %s --check-prefix=GFX1201

// f32 matmuls on CDNA: the f32 MFMA (32x32x2, every CDNA chip); xf32
// (gfx942) only when asked for with f32-precision=tf32, because it reads A
// and B with 10 fraction bits. On a chip without them, the error says what
// the chip has.

// GFX942:      loop {{.+}}: v_mfma_f32_32x32x2_f32 x{{[0-9]+}},
// GFX90A:      loop {{.+}}: v_mfma_f32_32x32x2f32 x{{[0-9]+}},
// TF32:        loop {{.+}}: v_mfma_f32_32x32x4_xf32 x{{[0-9]+}},
// TF32-GFX90A: f32.mlir:[[@LINE+4]]:8: error: linalg.matmul of f32 x f32 -> f32: f32-precision=tf32 needs an xf32 matrix instruction, and gfx90a has none; gfx90a supports f16 x f16 -> f32, bf16 x bf16 -> f32, i8 x i8 -> i32, f32 x f32 -> f32, f64 x f64 -> f64
// BAD:         error: f32-precision must be ieee, tf32 or bf16x3, got 'fast'
// GFX1201:     f32.mlir:[[@LINE+2]]:8: error: linalg.matmul of f32 x f32 -> f32: no matrix instruction of gfx1201 computes it; gfx1201 supports f16 x f16 -> f32, bf16 x bf16 -> f32, f16 x f16 -> f16, bf16 x bf16 -> bf16, i8 x i8 -> i32, i4 x i4 -> i32, fp8 x fp8 -> f32, fp8 x bf8 -> f32, bf8 x fp8 -> f32, bf8 x bf8 -> f32
func.func @f32(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
