// RUN: mcore-opt %s --mcore-configure-matmul=chip=gfx942 -split-input-file -verify-diagnostics
// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx942 -split-input-file -verify-diagnostics

// What a #mcore.matmul_config cannot know alone is checked at the op, for
// the chip, with a note naming the knobs the attribute set; mcore-tile-matmul
// checks the same.

func.func @lds(%a: memref<4096x4096xf16>, %b: memref<4096x4096xf16>, %c: memref<4096x4096xf32>) {
  // expected-error @+2 {{128x64x512 tile, 4x2 waves of 64, 1x1 x mfma_f32_32x32x8f16, 2 stages needs 396288 B of LDS; gfx942 has 65536}}
  // expected-note @+1 {{the configuration: #mcore.matmul_config on the op sets tile_k}}
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<tile_k = 512>}
      ins(%a, %b : memref<4096x4096xf16>, memref<4096x4096xf16>) outs(%c : memref<4096x4096xf32>)
  return
}

// -----

func.func @other_chip(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %c: memref<256x256xf32>) {
  // expected-error @+2 {{wmma_f32_16x16x16_f16_w32_gfx12 needs gfx1200 or gfx1201; the target is gfx942}}
  // expected-note @+1 {{the configuration: #mcore.matmul_config on the op sets intrinsic, tile_m}}
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<intrinsic = wmma_f32_16x16x16_f16_w32_gfx12, tile_m = 64>}
      ins(%a, %b : memref<256x256xf16>, memref<256x256xf16>) outs(%c : memref<256x256xf32>)
  return
}

// -----

func.func @other_types(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %c: memref<256x256xf32>) {
  // expected-error @+2 {{mfma_f32_32x32x8bf16_1k does not compute f16 x f16 -> f32}}
  // expected-note @+1 {{the configuration: #mcore.matmul_config on the op sets intrinsic}}
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8bf16_1k>}
      ins(%a, %b : memref<256x256xf16>, memref<256x256xf16>) outs(%c : memref<256x256xf32>)
  return
}

// -----

func.func @sparse_instruction_for_dense_a(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %c: memref<256x256xf32>) {
  // expected-error @+2 {{smfmac_f32_32x32x16_f16 is a sparse instruction; A is dense}}
  // expected-note @+1 {{the configuration: #mcore.matmul_config on the op sets intrinsic}}
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<intrinsic = smfmac_f32_32x32x16_f16>}
      ins(%a, %b : memref<256x256xf16>, memref<256x256xf16>) outs(%c : memref<256x256xf32>)
  return
}

// -----

func.func @wave_tile(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %c: memref<256x256xf32>) {
  // The heuristic's 2x2 waves and the mfma's 32x32 do not fit a 96-row tile.
  // expected-error @+2 {{tile 96x128 with 2x2 waves gives wave tiles of 48x64, not a multiple of mfma_f32_32x32x8f16's 32x32}}
  // expected-note @+1 {{the configuration: #mcore.matmul_config on the op sets tile_m}}
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<tile_m = 96>}
      ins(%a, %b : memref<256x256xf16>, memref<256x256xf16>) outs(%c : memref<256x256xf32>)
  return
}

// -----

// A tile past any chip's registers and LDS is an error at once (the cost
// model walked its 2^31 columns for minutes; scripts/fuzz.sh).
func.func @huge_tile(%a: memref<64x64xf16>, %b: memref<64x64xf16>, %c: memref<64x64xf32>) {
  // expected-error @+2 {{tile-n = 2147483648 is out of range (0 for automatic, at most 8192)}}
  // expected-note @+1 {{the configuration: #mcore.matmul_config on the op sets tile_n}}
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<tile_n = 2147483648>}
      ins(%a, %b : memref<64x64xf16>, memref<64x64xf16>) outs(%c : memref<64x64xf32>)
  return
}

// -----

func.func @multi_block(%a: memref<256x256xf32>, %b: memref<256x256xf32>, %c: memref<256x256xf32>) {
  // expected-error @+2 {{mfma_f32_4x4x1f32 does not compute f32 x f32 -> f32: it computes 16 independent 4x4 blocks, and mcore's kernels tile with single-block instructions}}
  // expected-note @+1 {{the configuration: #mcore.matmul_config on the op sets intrinsic}}
  linalg.matmul {mcore.matmul_config = #mcore.matmul_config<intrinsic = mfma_f32_4x4x1f32>}
      ins(%a, %b : memref<256x256xf32>, memref<256x256xf32>) outs(%c : memref<256x256xf32>)
  return
}

