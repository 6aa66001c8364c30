// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa" 2>/dev/null | %isa-report | FileCheck %s --check-prefix=GFX942
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx90a format=isa" 2>/dev/null | %isa-report | FileCheck %s --check-prefix=GFX90A
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa f32-precision=tf32" 2>/dev/null | %isa-report | FileCheck %s --check-prefix=TF32
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx90a format=isa f32-precision=tf32" 2>&1 | FileCheck %s --check-prefix=TF32-GFX90A
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa f32-precision=fast" 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa" 2>%t.gfx1201.remark >%t.gfx1201.s
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.gfx1201.remark -DCHIP=gfx1201
// RUN: FileCheck %s --check-prefix=SIMT --input-file=%t.gfx1201.s
// RUN: %isa-report < %t.gfx1201.s | FileCheck %s --check-prefix=SPILLS
// RUN: %mcore-perf %t.gfx1201.s --shape=256x256x256 | FileCheck %s --check-prefix=PERF
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1100 format=isa" 2>%t.gfx1100.remark >%t.gfx1100.s
// RUN: FileCheck %s --check-prefix=REMARK --input-file=%t.gfx1100.remark -DCHIP=gfx1100
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa tile-m=64 stages=3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=KNOBS
// RUN: FileCheck %s --check-prefix=SIMT --input-file=%t.gfx1100.s
// RUN: %isa-report < %t.gfx1100.s | FileCheck %s --check-prefix=SPILLS
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa strict=true" 2>&1 | FileCheck %s --check-prefix=GFX1201
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx1100 format=isa strict=true" 2>&1 | FileCheck %s --check-prefix=GFX1100

// f32 matmuls on CDNA: the f32 MFMA (32x32x2, every CDNA chip); xf32
// (gfx942) only when asked for with f32-precision=tf32, because it reads A
// and B with 10 fraction bits. RDNA has no f32 matrix instruction: the SIMT
// kernel (f32 FMA, A and B tiles in LDS, no spills), with a remark; with
// strict=true the error says what the chip has.

// GFX942:      loop {{.+}}: v_mfma_f32_32x32x2_f32 x{{[0-9]+}},
// GFX90A:      loop {{.+}}: v_mfma_f32_32x32x2f32 x{{[0-9]+}},
// TF32:        loop {{.+}}: v_mfma_f32_32x32x4_xf32 x{{[0-9]+}},
// TF32-GFX90A: f32.mlir:[[@LINE+15]]:8: error: linalg.matmul of f32 x f32 -> f32: f32-precision=tf32 needs an xf32 matrix instruction, and gfx90a has none; gfx90a supports f16 x f16 -> f32, bf16 x bf16 -> f32, i8 x i8 -> i32, f32 x f32 -> f32, f64 x f64 -> f64
// BAD:         error: f32-precision must be ieee, tf32 or bf16x3, got 'fast'
// REMARK:      f32.mlir:[[@LINE+13]]:8: remark: linalg.matmul of f32 x f32 -> f32: no matrix instruction of [[CHIP]] computes it ([[CHIP]] supports f16 x f16 -> f32, {{.*}}); a SIMT kernel computes it: 16x16 work-items per work-group, one element of C each, A and B staged through LDS (strict=true makes this an error)
// SIMT-NOT:    v_wmma
// SIMT:        ds_load
// SIMT:        v_fmac_f32
// SIMT-NOT:    v_wmma
// SPILLS:      vgpr spills 0, sgpr spills 0
// mcore-perf models matrix kernels: for the SIMT kernel, occupancy only.
// PERF:        kernel @f32_kernel::f32_kernel (gfx1201, wave32)
// PERF:        no matrix instructions: occupancy only
// PERF-NOT:    TFLOP/s
// GFX1100:     f32.mlir:[[@LINE+3]]:8: error: linalg.matmul of f32 x f32 -> f32: no matrix instruction of gfx1100 computes it; gfx1100 supports f16 x f16 -> f32, bf16 x bf16 -> f32, f16 x f16 -> f16, bf16 x bf16 -> bf16, i8 x i8 -> i32, i4 x i4 -> i32{{$}}
// GFX1201:     f32.mlir:[[@LINE+2]]:8: error: linalg.matmul of f32 x f32 -> f32: no matrix instruction of gfx1201 computes it; gfx1201 supports f16 x f16 -> f32, bf16 x bf16 -> f32, f16 x f16 -> f16, bf16 x bf16 -> bf16, i8 x i8 -> i32, i4 x i4 -> i32, fp8 x fp8 -> f32, fp8 x bf8 -> f32, bf8 x fp8 -> f32, bf8 x bf8 -> f32
func.func @f32(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

// Knobs of the matrix kernels have no meaning for the SIMT kernel: the
// remark says they are not obeyed.
// KNOBS: (strict=true makes this an error); tile-m, stages are knobs of the matrix-instruction kernels and do not apply to it
