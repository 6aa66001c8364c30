// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa" | %isa-report | FileCheck %s

// RDNA4, dense f16: one kernel whose K loop issues 32 WMMAs per 32-wide K
// tile (2x2 waves, 4x4 tiles each, two K steps) on fragments read from LDS,
// with the next tile's 128-bit global loads and its LDS stores in the same
// loop, one barrier per K tile, and nothing spilled. An iteration runs two
// K tiles, one from each LDS stage (mcore-tile-matmul on RDNA4).
// CHECK:      kernel matmul_kernel: vgpr {{[0-9]+}}, agpr 0, sgpr {{[0-9]+}}, vgpr spills 0, sgpr spills 0, lds 36864 B, scratch 0 B, wave 32
// CHECK-NEXT:   loop {{.+}}: v_wmma_f32_16x16x16_f16 x64, global_load x16, ds_load x{{[0-9]+}}, ds_store x{{[0-9]+}}, s_barrier x2
// CHECK-NOT:  kernel
func.func @matmul(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf32>)
  return
}
