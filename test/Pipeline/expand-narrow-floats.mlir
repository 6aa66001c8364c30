// RUN: mcore-opt %s --mcore-expand-narrow-floats --split-input-file --verify-diagnostics | FileCheck %s

// FP6 (E2M3, bias 1) to f32: the fields of the 6 bits placed into an f32
// (exponent + 126, mantissa << 20), or, for an exponent field of 0, the
// mantissa times 2^-3.
// CHECK-LABEL: func @fp6
// CHECK-DAG:   %[[BIAS:.*]] = arith.constant 126 : i32
// CHECK-DAG:   %[[SUB:.*]] = arith.constant 1.250000e-01 : f32
// CHECK-DAG:   %[[BITS:.*]] = arith.bitcast %{{.*}} : f6E2M3FN to i6
// CHECK-DAG:   arith.extui %[[BITS]] : i6 to i32
// CHECK-DAG:   arith.addi %{{.*}}, %[[BIAS]] : i32
// CHECK-DAG:   arith.mulf %{{.*}}, %[[SUB]] : f32
// CHECK:       arith.select
// CHECK-NOT:   f6E2M3FN
// CHECK:       return
func.func @fp6(%x: f6E2M3FN) -> f32 {
  %0 = arith.extf %x : f6E2M3FN to f32
  return %0 : f32
}

// BF6 (E3M2, bias 3), vectors, into f16: exponent + 124, subnormal step
// 2^-4, and a truncation to f16 (exact: every BF6 value is an f16).
// CHECK-LABEL: func @bf6_vector
// CHECK-DAG:   arith.constant dense<124> : vector<4xi32>
// CHECK-DAG:   arith.constant dense<6.250000e-02> : vector<4xf32>
// CHECK-DAG:   arith.bitcast %{{.*}} : vector<4xf6E3M2FN> to vector<4xi6>
// CHECK:       arith.truncf %{{.*}} : vector<4xf32> to vector<4xf16>
func.func @bf6_vector(%x: vector<4xf6E3M2FN>) -> vector<4xf16> {
  %0 = arith.extf %x : vector<4xf6E3M2FN> to vector<4xf16>
  return %0 : vector<4xf16>
}

// A scaled extension of FP4 with an E8M0 scale: MLIR's expansions, no
// FP4 or E8M0 arithmetic left.
// CHECK-LABEL: func @fp4_scaled
// CHECK-NOT:   arith.scaling_extf
// CHECK-NOT:   arith.extf %{{.*}} : f4E2M1FN
// CHECK-NOT:   arith.extf %{{.*}} : f8E8M0FNU
// CHECK:       arith.mulf
// CHECK:       return
func.func @fp4_scaled(%x: f4E2M1FN, %s: f8E8M0FNU) -> f32 {
  %0 = arith.scaling_extf %x, %s : f4E2M1FN, f8E8M0FNU to f32
  return %0 : f32
}

// fp8 is left to convert-arith-to-amdgpu (the chip's instructions).
// CHECK-LABEL: func @fp8_untouched
// CHECK:       arith.extf %{{.*}} : f8E4M3FN to f32
func.func @fp8_untouched(%x: f8E4M3FN) -> f32 {
  %0 = arith.extf %x : f8E4M3FN to f32
  return %0 : f32
}

// -----

func.func @to_fp6(%x: f32) -> f6E2M3FN {
  // expected-error @+1 {{arith.truncf to 'f6E2M3FN' is not supported (mcore computes with FP6 and BF6 values, extending them, but does not round to them)}}
  %0 = arith.truncf %x : f32 to f6E2M3FN
  return %0 : f6E2M3FN
}
