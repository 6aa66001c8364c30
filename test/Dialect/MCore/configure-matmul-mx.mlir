// RUN: mcore-opt %s --mcore-configure-matmul=chip=gfx950 -split-input-file -verify-diagnostics

// gfx950's block-scaled MX MFMA are in the catalog, but a linalg.matmul has
// no scales: forcing one is an error that says so.
func.func @scaled_forced(%a: memref<256x256xf8E4M3FN>, %b: memref<256x256xf8E4M3FN>, %c: memref<256x256xf32>) {
  // expected-error @+2 {{mfma_scale_f32_16x16x128_f8f6f4_fp8_fp8 does not compute f8E4M3FN x f8E4M3FN -> f32: it is block-scaled (MX, E8M0 scales per 32 k), and a linalg.matmul has no scales}}
  // expected-note @+1 {{the configuration: #mcore.matmul_config on the op sets intrinsic}}
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<intrinsic = mfma_scale_f32_16x16x128_f8f6f4_fp8_fp8>}
      ins(%a, %b : memref<256x256xf8E4M3FN>, memref<256x256xf8E4M3FN>) outs(%c : memref<256x256xf32>)
  return
}
