// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa" | %isa-report | FileCheck %s

// RDNA4, 2:4-sparse f16 A given with the sparse_tensor encoding (the
// argument is the dense 4096 x 4096 matrix): a kernel compresses and
// validates A at run time, then the matmul kernel's K loop issues 16
// v_swmmac_f32_16x16x32_f16 per K tile on values, indices and B read from
// LDS, prefetching the next tile (values, metadata, B) with global loads,
// two K tiles (one per LDS stage) per iteration; no spills anywhere.
// CHECK:      kernel matmul_kernel: {{.*}} vgpr spills 0, sgpr spills 0, lds 0 B, scratch 0 B, wave 32
// CHECK:      kernel matmul_kernel: {{.*}} vgpr spills 0, sgpr spills 0, lds {{[0-9]+}} B, scratch 0 B, wave 32
// CHECK-NEXT:   loop {{.+}}: v_swmmac_f32_16x16x32_f16 x32, global_load x{{[0-9]+}}, ds_load x{{[0-9]+}}, ds_store x{{[0-9]+}}, s_barrier x2
#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>
func.func @matmul(%a: tensor<4096x4096xf16, #S24>, %b: tensor<4096x4096xf16>, %c: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4096x4096xf16, #S24>, tensor<4096x4096xf16>) outs(%c : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
