// RUN: mcore-opt %s --convert-mcore-to-amdgpu=chip=gfx1250 | FileCheck %s --check-prefix=AMDGPU
// RUN: mcore-opt %s --convert-mcore-to-amdgpu=chip=gfx1250 --convert-amdgpu-to-rocdl=chipset=gfx1250 | FileCheck %s --check-prefix=ROCDL
// RUN: mcore-opt %s --convert-mcore-to-rocdl=chip=gfx1250 --convert-vector-to-llvm --convert-arith-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts \
// RUN:   | %mlir-translate --mlir-to-llvmir | %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 -o - | FileCheck %s --check-prefix=ISA

// gfx1250's OCP MX WMMA (docs/Layouts.md, "f8f6f4 and f4 WMMA"). The
// block-scaled ones lower to amdgpu.scaled_wmma: scale_sel picks the lane
// half of the scales (first scale lane 16 x scale_sel), the scale vector's
// length picks scale (4 per lane) or scale16 (8), its type E8M0 or E4M3.

// ISA-LABEL: scale_fp8_fp4:
// ISA: v_wmma_scale_f32_16x16x128_f8f6f4 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}} matrix_b_fmt:MATRIX_FMT_FP4 matrix_a_scale:MATRIX_SCALE_ROW1 matrix_b_scale_fmt:MATRIX_SCALE_FMT_E4M3
// AMDGPU-LABEL: func @scale_fp8_fp4
// AMDGPU: amdgpu.scaled_wmma 16x16x128 (%{{.*}} * %{{.*}}) * (%{{.*}} * %{{.*}}) + %{{.*}} {a_first_scale_lane = 16 : i32, b_first_scale_lane = 0 : i32} : vector<4xf8E8M0FNU>, vector<64xf8E4M3FN>, vector<4xf8E4M3FN>, vector<64xf4E2M1FN>, vector<8xf32>
// ROCDL-LABEL: func @scale_fp8_fp4
// ROCDL: rocdl.wmma.scale.f32.16x16x128.f8f6f4 {{.*}} {fmtB = 4 : i32, fmtScaleB = 2 : i32, scaleAType = 1 : i32} : (vector<16xi32>, vector<8xi32>, vector<8xf32>, i32, i32) -> vector<8xf32>
func.func @scale_fp8_fp4(%a: vector<64xf8E4M3FN>, %b: vector<64xf4E2M1FN>, %c: vector<8xf32>, %sa: vector<4xf8E8M0FNU>, %sb: vector<4xf8E4M3FN>) -> vector<8xf32> {
  %d = mcore.scaled_mma %a, %b, %c, %sa, %sb {intrinsic = #mcore.intrinsic<wmma_scale_f32_16x16x128_f8f6f4_fp8_fp4>, scale_sel_a = 1 : i32}
      : vector<64xf8E4M3FN>, vector<64xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<4xf8E4M3FN> into vector<8xf32>
  return %d : vector<8xf32>
}

// ISA-LABEL: scale16_bf6_fp6:
// ISA: v_wmma_scale16_f32_16x16x128_f8f6f4 {{.*}} matrix_a_fmt:MATRIX_FMT_BF6 matrix_b_fmt:MATRIX_FMT_FP6 matrix_b_scale:MATRIX_SCALE_ROW1
// AMDGPU-LABEL: func @scale16_bf6_fp6
// AMDGPU: amdgpu.scaled_wmma 16x16x128 {{.*}} {a_first_scale_lane = 0 : i32, b_first_scale_lane = 16 : i32} : vector<8xf8E8M0FNU>, vector<64xf6E3M2FN>, vector<8xf8E8M0FNU>, vector<64xf6E2M3FN>, vector<8xf32>
// ROCDL-LABEL: func @scale16_bf6_fp6
// ROCDL: rocdl.wmma.scale16.f32.16x16x128.f8f6f4 {{.*}} : (vector<12xi32>, vector<12xi32>, vector<8xf32>, i64, i64) -> vector<8xf32>
func.func @scale16_bf6_fp6(%a: vector<64xf6E3M2FN>, %b: vector<64xf6E2M3FN>, %c: vector<8xf32>, %sa: vector<8xf8E8M0FNU>, %sb: vector<8xf8E8M0FNU>) -> vector<8xf32> {
  %d = mcore.scaled_mma %a, %b, %c, %sa, %sb {intrinsic = #mcore.intrinsic<wmma_scale16_f32_16x16x128_f8f6f4_bf6_fp6>, scale_sel_b = 1 : i32}
      : vector<64xf6E3M2FN>, vector<64xf6E2M3FN>, vector<8xf8E8M0FNU>, vector<8xf8E8M0FNU> into vector<8xf32>
  return %d : vector<8xf32>
}

// The 32-row f4 A holds 128 values per lane and its scales fill all 32
// lanes (scale_sel_a 0 only); B's may sit in either half.
// ISA-LABEL: scale_f4:
// ISA: v_wmma_scale_f32_32x16x128_f4 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}} matrix_b_scale:MATRIX_SCALE_ROW1
// AMDGPU-LABEL: func @scale_f4
// AMDGPU: amdgpu.scaled_wmma 32x16x128 {{.*}} {a_first_scale_lane = 0 : i32, b_first_scale_lane = 16 : i32} : vector<4xf8E8M0FNU>, vector<128xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<64xf4E2M1FN>, vector<16xf32>
func.func @scale_f4(%a: vector<128xf4E2M1FN>, %b: vector<64xf4E2M1FN>, %c: vector<16xf32>, %sa: vector<4xf8E8M0FNU>, %sb: vector<4xf8E8M0FNU>) -> vector<16xf32> {
  %d = mcore.scaled_mma %a, %b, %c, %sa, %sb {intrinsic = #mcore.intrinsic<wmma_scale_f32_32x16x128_f4>, scale_sel_b = 1 : i32}
      : vector<128xf4E2M1FN>, vector<64xf4E2M1FN>, vector<4xf8E8M0FNU>, vector<4xf8E8M0FNU> into vector<16xf32>
  return %d : vector<16xf32>
}

// ISA-LABEL: scale16_f4:
// ISA: v_wmma_scale16_f32_32x16x128_f4 {{.*}}, v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]{{$}}
func.func @scale16_f4(%a: vector<128xf4E2M1FN>, %b: vector<64xf4E2M1FN>, %c: vector<16xf32>, %sa: vector<8xf8E8M0FNU>, %sb: vector<8xf8E8M0FNU>) -> vector<16xf32> {
  %d = mcore.scaled_mma %a, %b, %c, %sa, %sb {intrinsic = #mcore.intrinsic<wmma_scale16_f32_32x16x128_f4>}
      : vector<128xf4E2M1FN>, vector<64xf4E2M1FN>, vector<8xf8E8M0FNU>, vector<8xf8E8M0FNU> into vector<16xf32>
  return %d : vector<16xf32>
}

// The unscaled forms have no MLIR op (amdgpu.wmma takes no FP6/FP4): an
// intrinsic call with the format codes (fp6 = 2, fp4 = 4) and C_mod 0.
// ISA-LABEL: plain_fp6_fp4:
// ISA: v_wmma_f32_16x16x128_f8f6f4 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}] matrix_a_fmt:MATRIX_FMT_FP6 matrix_b_fmt:MATRIX_FMT_FP4
// AMDGPU-LABEL: func @plain_fp6_fp4
// AMDGPU-DAG: %[[FA:.+]] = arith.constant 2 : i32
// AMDGPU-DAG: %[[FB:.+]] = arith.constant 4 : i32
// AMDGPU-DAG: %[[PA:.+]] = vector.bitcast %{{.*}} : vector<64xf6E2M3FN> to vector<12xi32>
// AMDGPU-DAG: %[[PB:.+]] = vector.bitcast %{{.*}} : vector<64xf4E2M1FN> to vector<8xi32>
// AMDGPU: llvm.call_intrinsic "llvm.amdgcn.wmma.f32.16x16x128.f8f6f4"(%[[FA]], %[[PA]], %[[FB]], %[[PB]], %{{.*}}, %{{.*}}) : (i32, vector<12xi32>, i32, vector<8xi32>, i16, vector<8xf32>) -> vector<8xf32>
func.func @plain_fp6_fp4(%a: vector<64xf6E2M3FN>, %b: vector<64xf4E2M1FN>, %c: vector<8xf32>) -> vector<8xf32> {
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_f32_16x16x128_f8f6f4_fp6_fp4>}
      : vector<64xf6E2M3FN>, vector<64xf4E2M1FN> into vector<8xf32>
  return %d : vector<8xf32>
}

// ISA-LABEL: plain_f4:
// ISA: v_wmma_f32_32x16x128_f4 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]{{$}}
// AMDGPU-LABEL: func @plain_f4
// AMDGPU: llvm.call_intrinsic "llvm.amdgcn.wmma.f32.32x16x128.f4"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (vector<16xi32>, vector<8xi32>, i16, vector<16xf32>) -> vector<16xf32>
func.func @plain_f4(%a: vector<128xf4E2M1FN>, %b: vector<64xf4E2M1FN>, %c: vector<16xf32>) -> vector<16xf32> {
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_f32_32x16x128_f4>}
      : vector<128xf4E2M1FN>, vector<64xf4E2M1FN> into vector<16xf32>
  return %d : vector<16xf32>
}
