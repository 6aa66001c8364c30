// RUN: mcore-opt %s --mcore-pipeline="chip=gfx90a format=isa" 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx90a format=isa" 2>/dev/null | %isa-report | FileCheck %s
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx90a format=isa allow-dense-fallback=false" 2>&1 | FileCheck %s --check-prefix=ERROR

// CDNA2 has no sparse instruction: the 2:4 input is compressed and
// validated as everywhere, and the matmul kernel decompresses A while
// staging it into LDS, then uses the dense MFMA. A remark says so; the
// option makes it an error.
// REMARK: remark: 2:4-sparse A: gfx90a has no sparse matrix instruction for f16 x f16 -> f32; decompressing A in the kernel and using mfma_f32_32x32x8f16
// CHECK:      kernel matmul_kernel: {{.*}} vgpr spills 0, sgpr spills 0, lds 0 B
// CHECK:      kernel matmul_kernel: {{.*}} vgpr spills 0, sgpr spills 0, lds {{[0-9]+}} B, scratch 0 B, wave 64
// CHECK-NEXT:   loop {{.+}}: v_mfma_f32_32x32x8f16 x32, global_load x{{[0-9]+}}, ds_load x{{[0-9]+}}, ds_store x{{[0-9]+}}, s_barrier x2
// CHECK-NOT:  smfmac
// ERROR: error: 2:4-sparse f16 x f16 -> f32 has no sparse matrix instruction on gfx90a and the dense fallback is disabled (allow-dense-fallback=false); gfx90a has no sparse matrix instructions
#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>
func.func @matmul(%a: tensor<4096x4096xf16, #S24>, %b: tensor<4096x4096xf16>, %c: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4096x4096xf16, #S24>, tensor<4096x4096xf16>) outs(%c : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
