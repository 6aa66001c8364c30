// RUN: mcore-opt %s -split-input-file -verify-diagnostics --mcore-pipeline="chip=gfx1201 format=isa"

// Matrix intrinsics written by hand in a device module are checked against
// the catalog for the module's chip before serialization: an intrinsic the
// chip does not have, or operands of another chip's form, is a located
// error instead of LLVM's "Cannot select" abort.

module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx1201">] {
    gpu.func @mfma(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<16xf32>, %out: memref<16xf32>) kernel {
      %z = arith.constant 0 : i32
      // expected-error @+1 {{llvm.amdgcn.mfma.f32.32x32x8f16 needs gfx908, gfx90a, gfx942 or gfx950; the target is gfx1201}}
      %d = rocdl.mfma.f32.32x32x8f16 %a, %b, %c, %z, %z, %z : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
      %i = arith.constant 0 : index
      vector.store %d, %out[%i] : memref<16xf32>, vector<16xf32>
      gpu.return
    }
  }
}

// -----

// RDNA3's form of the f16 WMMA (A and B replicated: 16 halves per lane).
module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx1201">] {
    gpu.func @wmma_gfx11_form(%a: vector<16xf16>, %b: vector<16xf16>, %c: vector<8xf32>, %out: memref<8xf32>) kernel {
      // expected-error @+1 {{llvm.amdgcn.wmma.f32.16x16x16.f16 on gfx1201 takes A <8 x half>, B <8 x half> and C <8 x float> per lane; the operands do not match (a form of another chip or wave size?)}}
      %d = rocdl.wmma.f32.16x16x16.f16 %a, %b, %c : (vector<16xf16>, vector<16xf16>, vector<8xf32>) -> vector<8xf32>
      %i = arith.constant 0 : index
      vector.store %d, %out[%i] : memref<8xf32>, vector<8xf32>
      gpu.return
    }
  }
}

// -----

// RDNA4's own form compiles.
module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx1201">] {
    gpu.func @wmma(%a: vector<8xf16>, %b: vector<8xf16>, %c: vector<8xf32>, %out: memref<8xf32>) kernel {
      %d = rocdl.wmma.f32.16x16x16.f16 %a, %b, %c : (vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf32>
      %i = arith.constant 0 : index
      vector.store %d, %out[%i] : memref<8xf32>, vector<8xf32>
      gpu.return
    }
  }
}
