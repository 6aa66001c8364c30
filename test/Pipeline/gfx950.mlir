// RUN: mcore-opt %s --mcore-pipeline="chip=gfx950 format=isa" | %isa-report | FileCheck %s
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx950 format=isa" -split-input-file | %isa-report | FileCheck %s --check-prefix=FP8

// CDNA4: the gfx950-only 32x32x16 f16 MFMA (twice the K of gfx942's); the
// 256x256 tile of 4x2 waves of 2x4 32x32 tiles, two K steps of 16 per K
// tile, two K tiles (one per LDS stage, one barrier each) per iteration.
// CHECK:      kernel matmul_kernel: {{.*}} vgpr spills 0, sgpr spills 0, lds {{[0-9]+}} B, scratch 0 B, wave 64
// CHECK-NEXT:   loop {{.+}}: v_mfma_f32_32x32x16_f16 x32, global_load x{{[0-9]+}}, ds_load x{{[0-9]+}}, ds_store x{{[0-9]+}}, s_barrier x2
// FP8:        kernel fp8_kernel: {{.*}} vgpr spills 0, sgpr spills 0
// FP8-NEXT:     loop {{.+}}: v_mfma_f32_32x32x16_fp8_bf8 x{{[0-9]+}}, global_load
func.func @matmul(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf32>)
  return
}

// -----

// OCP fp8 x bf8 on gfx950.
func.func @fp8(%A: memref<4096x4096xf8E4M3FN>, %B: memref<4096x4096xf8E5M2>, %C: memref<4096x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf8E4M3FN>, memref<4096x4096xf8E5M2>) outs(%C : memref<4096x4096xf32>)
  return
}
