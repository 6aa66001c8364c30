// RUN: mcore-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(gpu.module(mcore-verify-matrix-intrinsics))" | FileCheck %s

// Each matrix intrinsic a device module calls, as a rocdl op or through
// llvm.call_intrinsic, is checked for every #rocdl.target of the module.

gpu.module @two_targets [#rocdl.target<chip = "gfx942">, #rocdl.target<chip = "gfx1100">] {
  llvm.func @mfma(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<16xf32>) -> vector<16xf32> {
    %z = llvm.mlir.constant(0 : i32) : i32
    // expected-error @+1 {{llvm.amdgcn.mfma.f32.32x32x8f16 needs gfx908, gfx90a, gfx942 or gfx950; the target is gfx1100}}
    %d = rocdl.mfma.f32.32x32x8f16 %a, %b, %c, %z, %z, %z : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
    llvm.return %d : vector<16xf32>
  }
}

// -----

gpu.module @call [#rocdl.target<chip = "gfx942">] {
  llvm.func @swmmac(%a: vector<8xf16>, %b: vector<16xf16>, %c: vector<8xf32>, %i: i32) -> vector<8xf32> {
    // expected-error @+1 {{llvm.amdgcn.swmmac.f32.16x16x32.f16 needs gfx1200 or gfx1201; the target is gfx942}}
    %d = llvm.call_intrinsic "llvm.amdgcn.swmmac.f32.16x16x32.f16"(%a, %b, %c, %i) : (vector<8xf16>, vector<16xf16>, vector<8xf32>, i32) -> vector<8xf32>
    llvm.return %d : vector<8xf32>
  }
}

// -----

// gfx942 has the 16x16x32 bf16 SMFMAC, whose A and B are i16 vectors of
// four and eight elements; a form with other widths is another chip's.
gpu.module @widths [#rocdl.target<chip = "gfx942">] {
  llvm.func @smfmac(%a: vector<8xi16>, %b: vector<16xi16>, %c: vector<4xf32>, %i: i32) -> vector<4xf32> {
    %z = llvm.mlir.constant(0 : i32) : i32
    // expected-error @+1 {{llvm.amdgcn.smfmac.f32.16x16x32.bf16 on gfx942 takes A <4 x i16>, B <8 x i16> and C <4 x float> per lane; the operands do not match (a form of another chip or wave size?)}}
    %d = llvm.call_intrinsic "llvm.amdgcn.smfmac.f32.16x16x32.bf16"(%a, %b, %c, %i, %z, %z) : (vector<8xi16>, vector<16xi16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    llvm.return %d : vector<4xf32>
  }
}

// -----

// Intrinsics the chips have, in their forms, and modules without a chip
// mcore knows, pass unchanged.
// CHECK-LABEL: gpu.module @fine
// CHECK: rocdl.wmma.f32.16x16x16.f16
gpu.module @fine [#rocdl.target<chip = "gfx1201">] {
  llvm.func @wmma(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>) -> vector<8xf32> {
    %d = rocdl.wmma.f32.16x16x16.f16 %a, %b, %c : (vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf32>
    llvm.return %d : vector<8xf32>
  }
}

// -----

// CHECK-LABEL: gpu.module @unknown_chip
// CHECK: rocdl.mfma.f32.32x32x8f16
gpu.module @unknown_chip [#rocdl.target<chip = "gfx1030">] {
  llvm.func @mfma(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<16xf32>) -> vector<16xf32> {
    %z = llvm.mlir.constant(0 : i32) : i32
    %d = rocdl.mfma.f32.32x32x8f16 %a, %b, %c, %z, %z, %z : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
    llvm.return %d : vector<16xf32>
  }
}
