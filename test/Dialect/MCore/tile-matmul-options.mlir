// RUN: mcore-opt %s --mcore-tile-matmul="chip=gfx942 tile-m=64 tile-n=128 tile-k=64 waves-m=1 waves-n=4 stages=1 intrinsic=mfma_f32_16x16x16f16 lds-padding=8" -canonicalize -cse | FileCheck %s
// RUN: not mcore-opt %s --mcore-tile-matmul="chip=gfx942 intrinsic=mfma_f32_32x32x8_f16" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not mcore-opt %s --mcore-tile-matmul="chip=gfx942 intrinsic=wmma_f32_16x16x16_f16_w32_gfx12" 2>&1 | FileCheck %s --check-prefix=WRONGCHIP
// RUN: not mcore-opt %s --mcore-tile-matmul="chip=gfx942 intrinsic=mfma_f32_32x32x8bf16_1k" 2>&1 | FileCheck %s --check-prefix=WRONGTYPES
// RUN: not mcore-opt %s --mcore-tile-matmul="chip=gfx942 tile-m=96" 2>&1 | FileCheck %s --check-prefix=BADTILE
// RUN: not mcore-opt %s --mcore-tile-matmul="chip=gfx942 tile-k=4096" 2>&1 | FileCheck %s --check-prefix=LDS
// RUN: not mcore-opt %s --mcore-tile-matmul="chip=gfx942 waves-m=4 waves-n=8" 2>&1 | FileCheck %s --check-prefix=THREADS
// RUN: not mcore-opt %s --mcore-tile-matmul="chip=gfx942 stages=3" 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: not mcore-opt %s --mcore-tile-matmul="chip=gfx942 lds-padding=-5" 2>&1 | FileCheck %s --check-prefix=PADDING
// RUN: not mcore-opt %s --mcore-tile-matmul="chip=gfx942 swap-operands=sometimes" 2>&1 | FileCheck %s --check-prefix=SWAP
// RUN: mcore-opt %s --mcore-tile-matmul="chip=gfx942 group-m=4" | FileCheck %s --check-prefix=SWIZZLE
// RUN: mcore-opt %s --mcore-tile-matmul="chip=gfx942 group-m=1" | FileCheck %s --check-prefix=ROWMAJOR

// Every knob is an option: a 64x128 tile of 1x4 waves (one 64x32 block of
// 16x16x16 MFMAs each), one LDS buffer (two barriers per K step), K tile 64,
// 8 bytes of row padding.
// CHECK-LABEL: func.func @mm
// CHECK-DAG:   %[[C256:.+]] = arith.constant 256 : index
// CHECK:       gpu.launch {{.+}} threads({{.*}}) in ({{.*}} = %[[C256]],
// CHECK-SAME:    workgroup({{.*}} : memref<64x68xf16, #gpu.address_space<workgroup>>, {{.*}} : memref<128x68xf16, #gpu.address_space<workgroup>>)
// CHECK:       scf.for
// CHECK-COUNT-32: mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<mfma_f32_16x16x16f16>} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
// CHECK:       gpu.barrier
// CHECK:       scf.if
// CHECK:       gpu.barrier
// CHECK:       scf.yield

// UNKNOWN:    error: unknown intrinsic 'mfma_f32_32x32x8_f16'; did you mean mfma_f32_32x32x8f16
// WRONGCHIP:  error: wmma_f32_16x16x16_f16_w32_gfx12 needs gfx1200 or gfx1201; the target is gfx942
// WRONGTYPES: error: mfma_f32_32x32x8bf16_1k does not compute f16 x f16 -> f32
// BADTILE:    error: tile 96x128 with 2x2 waves gives wave tiles of 48x64, not a multiple of mfma_f32_32x32x8f16's 32x32
// LDS:        error: {{[0-9]+}}x{{[0-9]+}}x4096 tile, {{.+}}, 2 stages needs {{[0-9]+}} B of LDS; gfx942 has 65536
// THREADS:    error: waves-m x waves-n x wave size must be at most 1024 threads, got 4 x 8 x 64
// STAGES:     error: stages must be 0 (automatic), 1 (one LDS buffer) or 2 (double buffering), got 3
// PADDING:    error: lds-padding must be -1 (automatic: the padding with the fewest LDS bank conflicts) or a number of bytes, got -5

// The work-group swizzle: linear id = y * 4 + x over the 4 x 4 grid of
// 128 x 128 tiles, groups of 4 tiles of M.
// SWIZZLE:      gpu.launch blocks(%[[BX:[^,]+]], %[[BY:[^,]+]], %{{[^)]+}}) in
// SWIZZLE:        %[[Y4:.+]] = arith.muli %[[BY]], %{{.+}} : index
// SWIZZLE:        %[[LIN:.+]] = arith.addi %[[Y4]], %[[BX]] : index
// SWIZZLE:        arith.divui %[[LIN]],
// SWIZZLE:        arith.minui
// SWIZZLE:        arith.remui %[[LIN]],
// ROWMAJOR:     gpu.launch blocks(%[[BX:[^,]+]], %[[BY:[^,]+]], %{{[^)]+}}) in
// ROWMAJOR-NEXT:  affine.apply #{{.+}}()[%[[BY]]]
// ROWMAJOR-NEXT:  affine.apply #{{.+}}()[%[[BX]]]
func.func @mm(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>) {
  linalg.matmul ins(%A, %B : memref<512x512xf16>, memref<512x512xf16>) outs(%C : memref<512x512xf32>)
  return
}
// SWAP: error: swap-operands must be auto, never or always, got 'sometimes'
