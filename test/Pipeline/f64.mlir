// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa" 2>/dev/null | %isa-report | FileCheck %s --check-prefix=GFX942
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx90a format=isa" 2>/dev/null | %isa-report | FileCheck %s --check-prefix=GFX90A
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa" 2>%t.remark >%t.s
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.remark
// RUN: FileCheck %s --check-prefix=SIMT --input-file=%t.s
// RUN: %isa-report < %t.s | FileCheck %s --check-prefix=SIMT-REPORT
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa strict=true" 2>&1 | FileCheck %s --check-prefix=GFX1201

// f64 matmuls on CDNA2+'s f64 MFMA (16x16x4: one f64 of A and B per lane,
// four of C); no spills. RDNA has no f64 matrix instruction: the SIMT
// kernel (f64 FMA, A and B tiles in LDS, a loop over K), with a remark;
// with strict=true the error says what the chip has.

// GFX942:      vgpr spills 0, sgpr spills 0
// GFX942:      loop {{.+}}: v_mfma_f64_16x16x4_f64 x{{[0-9]+}},
// GFX90A:      loop {{.+}}: v_mfma_f64_16x16x4f64 x{{[0-9]+}},
// REMARK:      f64.mlir:[[@LINE+7]]:8: remark: linalg.matmul of f64 x f64 -> f64: no matrix instruction of gfx1201 computes it (gfx1201 supports f16 x f16 -> f32, {{.*}}); a SIMT kernel computes it
// SIMT-NOT:    v_wmma
// SIMT:        v_fma_f64
// SIMT-REPORT: vgpr spills 0, sgpr spills 0
// SIMT-REPORT: loop {{.+}}: global_load x2, ds_load x16, ds_store x2, s_barrier x2
// GFX1201:     f64.mlir:[[@LINE+2]]:8: error: linalg.matmul of f64 x f64 -> f64: no matrix instruction of gfx1201 computes it; gfx1201 supports f16 x f16 -> f32
func.func @f64(%a: tensor<256x256xf64>, %b: tensor<256x256xf64>, %c: tensor<256x256xf64>) -> tensor<256x256xf64> {
  %r = linalg.matmul ins(%a, %b : tensor<256x256xf64>, tensor<256x256xf64>) outs(%c : tensor<256x256xf64>) -> tensor<256x256xf64>
  return %r : tensor<256x256xf64>
}
