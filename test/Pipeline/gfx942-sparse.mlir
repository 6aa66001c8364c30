// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa" | %isa-report | FileCheck %s

// CDNA3, the same 2:4 input as gfx1201-sparse.mlir: SMFMAC 16x16x32 from
// LDS-staged values, metadata and B; no spills. A 224x256 tile of 2x4
// waves of 112x64 (304 work-groups for the 304 CUs), two LDS stages, two
// K tiles per iteration (one barrier each).
// CHECK:      kernel matmul_kernel: {{.*}} vgpr spills 0, sgpr spills 0, lds 0 B, scratch 0 B, wave 64
// CHECK:      kernel matmul_kernel: {{.*}} vgpr spills 0, sgpr spills 0, lds {{[0-9]+}} B, scratch 0 B, wave 64
// CHECK:        loop {{.+}}: v_smfmac_f32_16x16x32_f16 x56, global_load x{{[0-9]+}}, ds_load x{{[0-9]+}}, ds_store x{{[0-9]+}}, s_barrier x2
#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>
func.func @matmul(%a: tensor<4096x4096xf16, #S24>, %b: tensor<4096x4096xf16>, %c: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4096x4096xf16, #S24>, tensor<4096x4096xf16>) outs(%c : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
