// mcore-device-libraries: for format=llvm every declared ROCm device-library
// function (__ockl_*, __ocml_*) becomes extern_weak, which
// gpu-module-to-binary's scan for device libraries skips, so nothing is
// linked; other functions are left alone. For GPU formats, a call of one
// whose library is not in <toolkit>/amdgcn/bitcode is an error at the call.
// RUN: %mcore-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(mcore-device-libraries{format=llvm}))' | FileCheck %s
// RUN: %mcore-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(mcore-device-libraries{format=hsaco toolkit=%t.no-such-dir}))' -verify-diagnostics

// CHECK-LABEL: gpu.module @printf
// CHECK-DAG: llvm.func extern_weak @__ockl_printf_begin(i64) -> i64
// CHECK-DAG: llvm.func extern_weak @__ocml_exp_f32(f32) -> f32
// CHECK-DAG: llvm.func @helper(i32) -> i32
gpu.module @printf {
  llvm.func @__ockl_printf_begin(i64) -> i64
  llvm.func @__ocml_exp_f32(f32) -> f32
  llvm.func @helper(i32) -> i32
  llvm.func @k(%x: f32) -> f32 {
    %c0 = llvm.mlir.constant(0 : i64) : i64
    // expected-error @+1 {{device printf (gpu.printf) calls '__ockl_printf_begin', which format=hsaco links from ROCm's device library ockl.bc, and}}
    %m = llvm.call @__ockl_printf_begin(%c0) : (i64) -> i64
    %e = llvm.call @__ocml_exp_f32(%x) : (f32) -> f32
    llvm.return %e : f32
  }
}

// -----

// Nothing to do without device-library calls, for any format.
// CHECK-LABEL: gpu.module @plain
// CHECK: llvm.func @helper(i32) -> i32
gpu.module @plain {
  llvm.func @helper(i32) -> i32
}
