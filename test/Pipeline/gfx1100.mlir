// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1100 format=isa" -split-input-file 2>/dev/null | %isa-report | FileCheck %s

// RDNA3, dense f16 (A and B replicated in both lane halves): 16 WMMAs per
// K tile from LDS, two K tiles (one per LDS stage, one barrier each) per
// loop iteration, no spills.
// CHECK:      kernel dense_kernel: {{.*}} vgpr spills 0, sgpr spills 0, lds {{[0-9]+}} B, scratch 0 B, wave 32
// CHECK-NEXT:   loop {{.+}}: v_wmma_f32_16x16x16_f16 x32, global_load x{{[0-9]+}}, ds_load x{{[0-9]+}}, ds_store x{{[0-9]+}}, s_barrier x2
func.func @dense(%A: memref<4096x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<4096x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<4096x4096xf32>)
  return
}

// -----

// RDNA3 has no SWMMAC: the dense fallback.
// CHECK:      kernel sparse_kernel: {{.*}} vgpr spills 0, sgpr spills 0, lds 0 B
// CHECK:      kernel sparse_kernel: {{.*}} vgpr spills 0, sgpr spills 0, lds {{[0-9]+}} B, scratch 0 B, wave 32
// CHECK-NEXT:   loop {{.+}}: v_wmma_f32_16x16x16_f16 x32, global_load x{{[0-9]+}}, ds_load x{{[0-9]+}}, ds_store x{{[0-9]+}}, s_barrier x2
#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>
func.func @sparse(%a: tensor<4096x4096xf16, #S24>, %b: tensor<4096x4096xf16>, %c: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4096x4096xf16, #S24>, tensor<4096x4096xf16>) outs(%c : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
