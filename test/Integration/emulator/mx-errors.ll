; Block-scaled (MX) matrix instructions the emulator refuses, by name and
; function: gfx1250's E5M3 scales (no public source gives the encoding),
; the 32-row f4 WMMA with matrix_a_scale 1 (its 32 rows' scales fill all 32
; lanes: MLIR 22's amdgpu.scaled_wmma), and an operand whose size does not
; fit its format (LLVM's verifier: the emulator reports it).
; RUN: %split-file %s %t
; RUN: not %mcore-emu-run %t/e5m3.ll --kernel=k --arg=buf:256 2>&1 | FileCheck %s --check-prefix=E5M3
; RUN: not %mcore-emu-run %t/sel32.ll --kernel=k --arg=buf:256 2>&1 | FileCheck %s --check-prefix=SEL32
; RUN: not %mcore-emu-run %t/size.ll --kernel=k --arg=buf:256 2>&1 | FileCheck %s --check-prefix=SIZE

; E5M3: mcore-emu-run: error: cannot load the kernel module: llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4: scale format E5M3 (matrix_*_scale_fmt 1) is not emulated: no public source gives its encoding (in function 'k')
; SEL32: mcore-emu-run: error: cannot load the kernel module: llvm.amdgcn.wmma.scale16.f32.32x16x128.f4: matrix_a_scale must be 0: the 32 rows' scales fill all 32 lanes (MLIR 22's amdgpu.scaled_wmma: the first scale lane must be 0) (in function 'k')
; SIZE: mcore-emu-run: error: cannot load the kernel module: the module is not valid LLVM IR: invalid vector type for format

;--- e5m3.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) "target-cpu"="gfx1250" {
  %a = load <8 x i32>, ptr addrspace(1) %p
  %c = load <8 x float>, ptr addrspace(1) %p
  %d = call <8 x float> @llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4.v8f32.v8i32.v8i32(i32 4, <8 x i32> %a, i32 4, <8 x i32> %a, i16 0, <8 x float> %c, i32 0, i32 1, i32 127, i32 0, i32 0, i32 127, i1 false, i1 false)
  store <8 x float> %d, ptr addrspace(1) %p
  ret void
}

;--- sel32.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) "target-cpu"="gfx1250" {
  %a = load <16 x i32>, ptr addrspace(1) %p
  %b = load <8 x i32>, ptr addrspace(1) %p
  %c = load <16 x float>, ptr addrspace(1) %p
  %d = call <16 x float> @llvm.amdgcn.wmma.scale16.f32.32x16x128.f4.v16f32.v16i32.v8i32(<16 x i32> %a, <8 x i32> %b, i16 0, <16 x float> %c, i32 1, i32 0, i64 127, i32 0, i32 0, i64 127, i1 false, i1 false)
  store <16 x float> %d, ptr addrspace(1) %p
  ret void
}

;--- size.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) "target-cpu"="gfx950" {
  %a = load <4 x i32>, ptr addrspace(1) %p
  %c = load <4 x float>, ptr addrspace(1) %p
  %d = call <4 x float> @llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4.v4i32.v4i32(<4 x i32> %a, <4 x i32> %a, <4 x float> %c, i32 0, i32 4, i32 0, i32 127, i32 0, i32 127)
  store <4 x float> %d, ptr addrspace(1) %p
  ret void
}
