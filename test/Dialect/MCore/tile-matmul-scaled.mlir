// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx950 -split-input-file -verify-diagnostics | FileCheck %s
// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx942 -split-input-file 2>&1 | FileCheck %s --check-prefix=NOMX

// The block-scaled (MX) contraction (docs/MatmulForms.md) on gfx950: a
// gpu.launch of 2x2 waves of 64, each wave 4x4 tiles of the 16x16x128
// block-scaled MFMA (the heuristic's configuration, lib/Heuristic/Scaled.cpp:
// the 32x32x64 shape runs at the same peak, and the analytic model ties
// them here; the smaller tile wins the tie), so 128x128 of C per work-group. A and B are
// read as M x K and N x K matrices (their K blocks collapsed), the scales
// as M x K/32 and K/32 x N tiles, per K step of 128; the accumulators
// start from C and are stored back. The static sizes are multiples of the
// tiles: every transfer is in bounds.
// CHECK-LABEL: func.func @fp4_fp8
// CHECK-DAG:     %[[A:.+]] = memref.collapse_shape %arg0 {{\[}}[0], [1, 2]] : memref<128x8x32xf4E2M1FN> into memref<128x256xf4E2M1FN>
// CHECK-DAG:     %[[B:.+]] = memref.collapse_shape %arg1 {{\[}}[0], [1, 2]] : memref<256x8x32xf8E4M3FN> into memref<256x256xf8E4M3FN>
// CHECK:         gpu.launch {{.*}} threads({{.*}}) in ({{.*}} = %c256{{[_0-9]*}},
// CHECK-COUNT-16:  vector.transfer_read %arg4{{.*}} {in_bounds = [true, true]} : memref<128x256xf32>, vector<16x16xf32>
// CHECK:           scf.for %[[K:.+]] = %{{.+}} to %c256{{[_0-9]*}} step %c128{{[_0-9]*}} iter_args
// CHECK:             %[[KB:.+]] = arith.divui %[[K]], %c32{{[_0-9]*}}
// CHECK:             vector.transfer_read %[[A]][%{{.*}}, %[[K]]]{{.*}} : memref<128x256xf4E2M1FN>, vector<16x128xf4E2M1FN>
// CHECK:             vector.transfer_read %arg2[%{{.*}}, %[[KB]]]{{.*}} : memref<128x8xf8E8M0FNU>, vector<16x4xf8E8M0FNU>
// CHECK:             vector.transfer_read %[[B]][%{{.*}}, %[[K]]]{{.*}}permutation_map = #{{.*}}} : memref<256x256xf8E4M3FN>, vector<128x16xf8E4M3FN>
// CHECK:             vector.transfer_read %arg3[%{{.*}}, %[[KB]]]{{.*}}permutation_map = #{{.*}}} : memref<256x8xf8E8M0FNU>, vector<4x16xf8E8M0FNU>
// CHECK-COUNT-16:    mcore.scaled_mma {{.*}} {intrinsic = #mcore.intrinsic<mfma_scale_f32_16x16x128_f8f6f4_fp4_fp8>} : vector<16x128xf4E2M1FN>, vector<128x16xf8E4M3FN>, vector<16x4xf8E8M0FNU>, vector<4x16xf8E8M0FNU> into vector<16x16xf32>
// CHECK:           }
// CHECK-COUNT-16:  vector.transfer_write {{.*}}, %arg4{{.*}} {in_bounds = [true, true]} : vector<16x16xf32>, memref<128x256xf32>
// CHECK:         } {mcore.chip = #mcore.chip<gfx950>}
// CHECK-NOT:     linalg.generic
// On gfx942 (no block-scaled instruction) it stays for mcore-linalg-to-gpu.
// NOMX:          warning: this linalg.generic is not a matmul kernel
// NOMX:          func.func @fp4_fp8
// NOMX-NEXT:       linalg.generic
#a = affine_map<(m, n, kb, k) -> (m, kb, k)>
#b = affine_map<(m, n, kb, k) -> (n, kb, k)>
#sa = affine_map<(m, n, kb, k) -> (m, kb)>
#sb = affine_map<(m, n, kb, k) -> (n, kb)>
#c = affine_map<(m, n, kb, k) -> (m, n)>
func.func @fp4_fp8(%a: memref<128x8x32xf4E2M1FN>, %b: memref<256x8x32xf8E4M3FN>,
                   %sa: memref<128x8xf8E8M0FNU>, %sb: memref<256x8xf8E8M0FNU>,
                   %c: memref<128x256xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #sa, #sb, #c],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b, %sa, %sb : memref<128x8x32xf4E2M1FN>, memref<256x8x32xf8E4M3FN>,
                             memref<128x8xf8E8M0FNU>, memref<256x8xf8E8M0FNU>)
      outs(%c : memref<128x256xf32>) {
  ^bb0(%x: f4E2M1FN, %y: f8E4M3FN, %s: f8E8M0FNU, %t: f8E8M0FNU, %acc: f32):
    %0 = arith.scaling_extf %x, %s : f4E2M1FN, f8E8M0FNU to f32
    %1 = arith.scaling_extf %y, %t : f8E4M3FN, f8E8M0FNU to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %acc, %2 : f32
    linalg.yield %3 : f32
  }
  return
}

// -----

// Dynamic and ragged sizes: the grid and the K loop come from the memrefs,
// and every transfer keeps its bounds checks (zeros past the edges, scales
// of 1.0 past K's end).
// CHECK-LABEL: func.func @dynamic
// CHECK-DAG:     %[[M:.+]] = memref.dim %arg4, %c0{{[_0-9]*}}
// CHECK-DAG:     %[[N:.+]] = memref.dim %arg4, %c1{{[_0-9]*}}
// CHECK-DAG:     %[[GX:.+]] = arith.ceildivui %[[N]], %c128{{[_0-9]*}}
// CHECK-DAG:     %[[GY:.+]] = arith.ceildivui %[[M]], %c128{{[_0-9]*}}
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %[[GX]], {{.*}} = %[[GY]],
// CHECK-DAG:       %[[ONE:.+]] = arith.constant 1.000000e+00 : f8E8M0FNU
// CHECK:           scf.for
// CHECK:             vector.transfer_read %{{[^ ]+}}[%{{[^]]+}}], %{{[^ ]+}} : memref<?x?xf6E2M3FN>, vector<16x128xf6E2M3FN>
// CHECK:             vector.transfer_read %arg2[{{.*}}], %[[ONE]] : memref<?x?xf8E8M0FNU>, vector<16x4xf8E8M0FNU>
// CHECK:             mcore.scaled_mma {{.*}}mfma_scale_f32_16x16x128_f8f6f4_fp6_bf6
#a = affine_map<(m, n, kb, k) -> (m, kb, k)>
#b = affine_map<(m, n, kb, k) -> (n, kb, k)>
#sa = affine_map<(m, n, kb, k) -> (m, kb)>
#sb = affine_map<(m, n, kb, k) -> (n, kb)>
#c = affine_map<(m, n, kb, k) -> (m, n)>
func.func @dynamic(%a: memref<?x?x32xf6E2M3FN>, %b: memref<?x?x32xf6E3M2FN>,
                   %sa: memref<?x?xf8E8M0FNU>, %sb: memref<?x?xf8E8M0FNU>,
                   %c: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #sa, #sb, #c],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b, %sa, %sb : memref<?x?x32xf6E2M3FN>, memref<?x?x32xf6E3M2FN>,
                             memref<?x?xf8E8M0FNU>, memref<?x?xf8E8M0FNU>)
      outs(%c : memref<?x?xf32>) {
  ^bb0(%x: f6E2M3FN, %y: f6E3M2FN, %s: f8E8M0FNU, %t: f8E8M0FNU, %acc: f32):
    %0 = arith.scaling_extf %x, %s : f6E2M3FN, f8E8M0FNU to f32
    %1 = arith.scaling_extf %y, %t : f6E3M2FN, f8E8M0FNU to f32
    %2 = arith.mulf %1, %0 : f32
    %3 = arith.addf %2, %acc : f32
    linalg.yield %3 : f32
  }
  return
}

// -----

// A side statically at most 64 keeps 2 tiles per wave along it: 64 x 128
// of C per work-group for a 48 x 300 C.
// CHECK-LABEL: func.func @small_m
// CHECK-DAG:     %[[GX:.+]] = arith.ceildivui %c300{{[_0-9]*}}, %c128
// CHECK-DAG:     %[[GY:.+]] = arith.ceildivui %c48{{[_0-9]*}}, %c64
// CHECK:         gpu.launch blocks({{.*}}) in ({{.*}} = %[[GX]], {{.*}} = %[[GY]],
// CHECK-COUNT-8:     mcore.scaled_mma
// CHECK-NOT:         mcore.scaled_mma
#a = affine_map<(m, n, kb, k) -> (m, kb, k)>
#b = affine_map<(m, n, kb, k) -> (n, kb, k)>
#sa = affine_map<(m, n, kb, k) -> (m, kb)>
#sb = affine_map<(m, n, kb, k) -> (n, kb)>
#c = affine_map<(m, n, kb, k) -> (m, n)>
func.func @small_m(%a: memref<48x2x32xf8E5M2>, %b: memref<300x2x32xf8E5M2>,
                   %sa: memref<48x2xf8E8M0FNU>, %sb: memref<300x2xf8E8M0FNU>,
                   %c: memref<48x300xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #sa, #sb, #c],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b, %sa, %sb : memref<48x2x32xf8E5M2>, memref<300x2x32xf8E5M2>,
                             memref<48x2xf8E8M0FNU>, memref<300x2xf8E8M0FNU>)
      outs(%c : memref<48x300xf32>) {
  ^bb0(%x: f8E5M2, %y: f8E5M2, %s: f8E8M0FNU, %t: f8E8M0FNU, %acc: f32):
    %0 = arith.scaling_extf %x, %s : f8E5M2, f8E8M0FNU to f32
    %1 = arith.scaling_extf %y, %t : f8E5M2, f8E8M0FNU to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %acc, %2 : f32
    linalg.yield %3 : f32
  }
  return
}

// -----

// A strided view of A (its K blocks not contiguous) is not read as an
// M x K matrix: the op stays for mcore-linalg-to-gpu, with the warning.
// CHECK-LABEL: func.func @strided
// CHECK-NOT:     gpu.launch
// CHECK:         linalg.generic
#a = affine_map<(m, n, kb, k) -> (m, kb, k)>
#b = affine_map<(m, n, kb, k) -> (n, kb, k)>
#sa = affine_map<(m, n, kb, k) -> (m, kb)>
#sb = affine_map<(m, n, kb, k) -> (n, kb)>
#c = affine_map<(m, n, kb, k) -> (m, n)>
func.func @strided(%a0: memref<64x8x32xf4E2M1FN>, %b: memref<64x4x32xf4E2M1FN>,
                   %sa: memref<64x4xf8E8M0FNU>, %sb: memref<64x4xf8E8M0FNU>,
                   %c: memref<64x64xf32>) {
  %a = memref.subview %a0[0, 0, 0] [64, 4, 32] [1, 2, 1]
      : memref<64x8x32xf4E2M1FN> to memref<64x4x32xf4E2M1FN, strided<[256, 64, 1]>>
  // expected-warning @+1 {{this linalg.generic is not a matmul kernel}}
  linalg.generic {indexing_maps = [#a, #b, #sa, #sb, #c],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b, %sa, %sb : memref<64x4x32xf4E2M1FN, strided<[256, 64, 1]>>, memref<64x4x32xf4E2M1FN>,
                             memref<64x4xf8E8M0FNU>, memref<64x4xf8E8M0FNU>)
      outs(%c : memref<64x64xf32>) {
  ^bb0(%x: f4E2M1FN, %y: f4E2M1FN, %s: f8E8M0FNU, %t: f8E8M0FNU, %acc: f32):
    %0 = arith.scaling_extf %x, %s : f4E2M1FN, f8E8M0FNU to f32
    %1 = arith.scaling_extf %y, %t : f4E2M1FN, f8E8M0FNU to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %acc, %2 : f32
    linalg.yield %3 : f32
  }
  return
}
