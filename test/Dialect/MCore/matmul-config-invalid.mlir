// RUN: mcore-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{unknown #mcore.matmul_config field 'tile_x'; the fields are intrinsic, swap_operands, tile_m, tile_n, tile_k, waves_m, waves_n, stages, lds_padding, lds_padding_b, group_m, split_k, sched_barriers}}
#c = #mcore.matmul_config<tile_x = 64>

// -----

// expected-error @+1 {{'tile_m' given twice}}
#c = #mcore.matmul_config<tile_m = 64, tile_m = 32>

// -----

// expected-error @+1 {{'sched_barriers' takes true or false}}
#c = #mcore.matmul_config<sched_barriers = 1>

// -----

// expected-error @+1 {{expected integer value}}
#c = #mcore.matmul_config<tile_m = big>

// -----

// expected-error @+1 {{#mcore.matmul_config: unknown intrinsic 'mfma_f32_32x32x8_f16'; did you mean mfma_f32_32x32x8f16}}
#c = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8_f16>

// -----

// expected-error @+1 {{#mcore.matmul_config: tile_k must be positive, got 0}}
#c = #mcore.matmul_config<tile_k = 0>

// -----

// expected-error @+1 {{#mcore.matmul_config: stages must be 1 (one LDS buffer) or 2 (double buffering), got 3}}
#c = #mcore.matmul_config<stages = 3>

// -----

// expected-error @+1 {{#mcore.matmul_config: lds_padding must be a non-negative multiple of 4 bytes, got 6}}
#c = #mcore.matmul_config<lds_padding = 6>

// -----

// expected-error @+1 {{#mcore.matmul_config: group_m must be at least 1, got 0}}
#c = #mcore.matmul_config<group_m = 0>

// -----

// expected-error @+1 {{#mcore.matmul_config: split_k must be at least 1 (1: K is not split), got 0}}
#c = #mcore.matmul_config<split_k = 0>

// -----

// expected-error @+1 {{#mcore.matmul_config: tile_m 100 does not split into 8 waves (waves_m)}}
#c = #mcore.matmul_config<tile_m = 100, waves_m = 8>

// -----

// expected-error @+1 {{#mcore.matmul_config: tile_n 96 with 2 waves gives wave tiles of 48, not a multiple of mfma_f32_32x32x8f16's n = 32}}
#c = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, tile_n = 96, waves_n = 2>

// -----

// expected-error @+1 {{#mcore.matmul_config: tile_k 24 is not a multiple of wmma_f32_16x16x16_f16_w32_gfx12's K = 16}}
#c = #mcore.matmul_config<intrinsic = wmma_f32_16x16x16_f16_w32_gfx12, tile_k = 24>

// -----

// expected-error @+1 {{#mcore.matmul_config: tile_k 48 must be a multiple of 32 for smfmac_f32_32x32x16_f16 (whole metadata words)}}
#c = #mcore.matmul_config<intrinsic = smfmac_f32_32x32x16_f16, tile_k = 48>

// -----

// expected-error @+1 {{#mcore.matmul_config: 4 x 8 waves of 64 lanes are more than 1024 threads}}
#c = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, waves_m = 4, waves_n = 8>

// -----

func.func @not_a_config(%a: memref<256x256xf16>, %b: memref<256x256xf16>, %c: memref<256x256xf32>) {
  // expected-error @+1 {{'mcore.matmul_config' must be a #mcore.matmul_config, got 64 : i64}}
  linalg.matmul {mcore.matmul_config = 64}
      ins(%a, %b : memref<256x256xf16>, memref<256x256xf16>) outs(%c : memref<256x256xf32>)
  return
}
