// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa" | %isa-report | FileCheck %s

// CDNA3, dense f16: 28 v_mfma_f32_16x16x16_f16 per 16-wide K tile (CDNA's
// large tile of the unified register file, 224x256 so that its 304
// work-groups fill the 304 CUs, docs/Pipeline.md: 2x4 waves of 64 lanes,
// 7x4 16x16 tiles each), fragments from LDS, two K tiles (one per LDS
// stage, one barrier each) per loop iteration, no spills.
// CHECK:      kernel matmul_kernel: {{.*}} vgpr spills 0, sgpr spills 0, lds 38400 B, scratch 0 B, wave 64
// CHECK-NEXT:   loop {{.+}}: v_mfma_f32_16x16x16_f16 x56, global_load x{{[0-9]+}}, ds_load x{{[0-9]+}}, ds_store x{{[0-9]+}}, s_barrier x2
func.func @matmul(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf32>)
  return
}
