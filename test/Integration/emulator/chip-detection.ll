; The chip comes from the kernels' target-cpu; without one (as
; gpu-module-to-binary{format=llvm} emits kernels) from --chip or
; MCORE_EMU_CHIP, else from the matrix instructions: the same WMMA intrinsic
; takes different operand types on RDNA3 and RDNA4, and fp8 MFMA decodes
; differently on gfx942 and gfx950, so that choice must be given. Without
; matrix instructions, raw buffer descriptors whose flags have OOB_SELECT 0
; (which would mask every access on gfx10+; MLIR writes them for gfx9) pick
; gfx942.
; RUN: %split-file %s %t
; RUN: %mcore-emu-run %t/rdna3.ll --list | FileCheck %s --check-prefix=RDNA3
; RUN: %mcore-emu-run %t/rdna4.ll --list | FileCheck %s --check-prefix=RDNA4
; RUN: %mcore-emu-run %t/plain.ll --list | FileCheck %s --check-prefix=PLAIN
; RUN: %mcore-emu-run %t/plain.ll --list --chip=gfx942 | FileCheck %s --check-prefix=GIVEN
; RUN: env MCORE_EMU_CHIP=gfx90a %mcore-emu-run %t/plain.ll --list | FileCheck %s --check-prefix=ENV
; RUN: not %mcore-emu-run %t/fp8.ll --list 2>&1 | FileCheck %s --check-prefix=FP8
; RUN: %mcore-emu-run %t/fp8.ll --list --chip=gfx950 | FileCheck %s --check-prefix=FP8-GIVEN
; RUN: not %mcore-emu-run %t/rdna4.ll --list --chip=gfx942 2>&1 | FileCheck %s --check-prefix=WRONG
; RUN: %mcore-emu-run %t/buffer-gfx9.ll --list | FileCheck %s --check-prefix=BUFFER-GFX9
; RUN: %mcore-emu-run %t/buffer-rdna.ll --list | FileCheck %s --check-prefix=BUFFER-RDNA

; RDNA3: chip: gfx1100 (wave32), from its matrix instructions
; RDNA4: chip: gfx1201 (wave32), from its matrix instructions
; PLAIN: chip: gfx1201 (wave32), from the default chip
; GIVEN: chip: gfx942 (wave64), from the chip the emulator was given
; ENV: chip: gfx90a (wave64), from the chip the emulator was given
; FP8: error: cannot load the kernel module: the module names no chip (no target-cpu) and uses fp8/bf8 MFMA, which decode differently on gfx942 (FNUZ) and gfx950 (OCP)
; FP8-GIVEN: chip: gfx950 (wave64)
; BUFFER-GFX9: chip: gfx942 (wave64), from its buffer descriptors, whose flags are gfx9's
; BUFFER-RDNA: chip: gfx1201 (wave32), from the default chip
; WRONG: error: cannot load the kernel module: 'llvm.amdgcn.wmma.f32.16x16x16.f16' does not exist on gfx942 (CDNA3); it is a RDNA3, RDNA4 instruction

;--- rdna3.ll
target triple = "amdgcn-amd-amdhsa"
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half>, <16 x half>, <8 x float>)
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %d = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v16f16(<16 x half> zeroinitializer, <16 x half> zeroinitializer, <8 x float> zeroinitializer)
  store <8 x float> %d, ptr addrspace(1) %p
  ret void
}

;--- rdna4.ll
target triple = "amdgcn-amd-amdhsa"
declare <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v8f16(<8 x half>, <8 x half>, <8 x float>)
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %d = call <8 x float> @llvm.amdgcn.wmma.f32.16x16x16.f16.v8f32.v8f16(<8 x half> zeroinitializer, <8 x half> zeroinitializer, <8 x float> zeroinitializer)
  store <8 x float> %d, ptr addrspace(1) %p
  ret void
}

;--- plain.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  ret void
}

;--- fp8.ll
target triple = "amdgcn-amd-amdhsa"
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.fp8.fp8(i64, i64, <4 x float>, i32 immarg, i32 immarg, i32 immarg)
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %d = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x32.fp8.fp8(i64 0, i64 0, <4 x float> zeroinitializer, i32 0, i32 0, i32 0)
  store <4 x float> %d, ptr addrspace(1) %p
  ret void
}

;--- buffer-gfx9.ll
; MLIR's amdgpu.raw_buffer_load for gfx942: flags (7 << 12) | (4 << 15).
target triple = "amdgcn-amd-amdhsa"
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1), i16, i64, i32)
declare float @llvm.amdgcn.raw.ptr.buffer.load.f32(ptr addrspace(8), i32, i32, i32)
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %p, i16 0, i64 64, i32 159744)
  %v = call float @llvm.amdgcn.raw.ptr.buffer.load.f32(ptr addrspace(8) %r, i32 0, i32 0, i32 0)
  store float %v, ptr addrspace(1) %p
  ret void
}

;--- buffer-rdna.ll
; The same for gfx1201: OOB_SELECT 3 and bit 24.
target triple = "amdgcn-amd-amdhsa"
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1), i16, i64, i32)
declare float @llvm.amdgcn.raw.ptr.buffer.load.f32(ptr addrspace(8), i32, i32, i32)
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %p, i16 0, i64 64, i32 822243328)
  %v = call float @llvm.amdgcn.raw.ptr.buffer.load.f32(ptr addrspace(8) %r, i32 0, i32 0, i32 0)
  store float %v, ptr addrspace(1) %p
  ret void
}
