// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa" 2>/dev/null | %isa-report | FileCheck %s --check-prefix=GFX942
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx90a format=isa" 2>/dev/null | %isa-report | FileCheck %s --check-prefix=GFX90A
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa" 2>&1 | FileCheck %s --check-prefix=GFX1201

// f64 matmuls on CDNA2+'s f64 MFMA (16x16x4: one f64 of A and B per lane,
// four of C); no spills. RDNA has no f64 matrix instruction: the error says
// what the chip has.

// GFX942:      vgpr spills 0, sgpr spills 0
// GFX942:      loop {{.+}}: v_mfma_f64_16x16x4_f64 x{{[0-9]+}},
// GFX90A:      loop {{.+}}: v_mfma_f64_16x16x4f64 x{{[0-9]+}},
// GFX1201:     f64.mlir:[[@LINE+2]]:8: error: linalg.matmul of f64 x f64 -> f64: no matrix instruction of gfx1201 computes it; gfx1201 supports f16 x f16 -> f32
func.func @f64(%a: tensor<256x256xf64>, %b: tensor<256x256xf64>, %c: tensor<256x256xf64>) -> tensor<256x256xf64> {
  %r = linalg.matmul ins(%a, %b : tensor<256x256xf64>, tensor<256x256xf64>) outs(%c : tensor<256x256xf64>) -> tensor<256x256xf64>
  return %r : tensor<256x256xf64>
}
