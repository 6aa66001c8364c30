; Constructs the emulator does not run are errors that name them: inline
; assembly, calls to functions the module does not define (device libraries
; are not linked), structured (indexed) buffer accesses, and modules for
; another target.
; RUN: %split-file %s %t
; RUN: not %mcore-emu-run %t/asm.ll --kernel=k 2>&1 | FileCheck %s --check-prefix=ASM
; RUN: not %mcore-emu-run %t/extern.ll --kernel=k 2>&1 | FileCheck %s --check-prefix=EXTERN
; RUN: not %mcore-emu-run %t/buffer.ll --kernel=k 2>&1 | FileCheck %s --check-prefix=BUFFER
; RUN: not %mcore-emu-run %t/x86.ll --kernel=k 2>&1 | FileCheck %s --check-prefix=X86
; RUN: not %mcore-emu-run %t/garbage.ll --kernel=k 2>&1 | FileCheck %s --check-prefix=GARBAGE
; RUN: not %mcore-emu-run %t/asm.ll --kernel=k --chip=gfx9999 2>&1 | FileCheck %s --check-prefix=CHIP
; RUN: not %mcore-emu-run %t/invalid.ll --kernel=k 2>&1 | FileCheck %s --check-prefix=INVALID
; With debug metadata of the current version (every module MLIR translates
; has it), LLVM's readers verify the module themselves and abort on an
; invalid one; the emulator reports it instead, as text and as bitcode, for
; --list too. (An alloca outside address space 5 is what O=0 once made.)
; RUN: not %mcore-emu-run %t/alloca-debug.ll --kernel=k 2>&1 | FileCheck %s --check-prefix=ALLOCA
; RUN: not %mcore-emu-run %t/alloca-debug.ll --list 2>&1 | FileCheck %s --check-prefix=ALLOCA
; RUN: %llvm_tools_dir/llvm-as -disable-verify %t/alloca-debug.ll -o %t/alloca-debug.bc
; RUN: not %mcore-emu-run %t/alloca-debug.bc --list 2>&1 | FileCheck %s --check-prefix=ALLOCA
; RUN: not %mcore-emu-run %t/alloca-debug.bc --kernel=k --arg=buf:4 2>&1 | FileCheck %s --check-prefix=ALLOCA

; ASM: error: cannot load the kernel module: inline assembly in function 'k' cannot be emulated
; EXTERN: error: cannot load the kernel module: '__ocml_exp_f32' is called in function 'k' but not defined in the module
; BUFFER: error: cannot load the kernel module: 'llvm.amdgcn.struct.ptr.buffer.load' in function 'k' is not supported by the emulator: structured (indexed) buffer accesses are not emulated; raw ones (stride 0) are
; X86: error: cannot load the kernel module: the module's target triple is 'x86_64-unknown-linux-gnu', not amdgcn-amd-amdhsa
; GARBAGE: error: cannot load the kernel module: it is neither LLVM bitcode nor valid LLVM IR
; INVALID: error: cannot load the kernel module: the module is not valid LLVM IR: Instruction does not dominate all uses!
; ALLOCA-NOT: LLVM ERROR
; ALLOCA: error: cannot load the kernel module: the module is not valid LLVM IR: alloca on amdgpu must be in addrspace(5)
; ALLOCA-NOT: Stack dump
; CHIP: error: cannot load the kernel module: unknown chip 'gfx9999'; the emulator knows gfx908, gfx90a

;--- asm.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k() {
  call void asm sideeffect "s_nop 0", ""()
  ret void
}

;--- extern.ll
target triple = "amdgcn-amd-amdhsa"
declare float @__ocml_exp_f32(float)
define amdgpu_kernel void @k(ptr addrspace(1) %p) "target-cpu"="gfx1201" {
  %v = load float, ptr addrspace(1) %p
  %e = call float @__ocml_exp_f32(float %v)
  store float %e, ptr addrspace(1) %p
  ret void
}

;--- buffer.ll
target triple = "amdgcn-amd-amdhsa"
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1), i16, i64, i32)
declare float @llvm.amdgcn.struct.ptr.buffer.load.f32(ptr addrspace(8), i32, i32, i32, i32)
define amdgpu_kernel void @k(ptr addrspace(1) %p) "target-cpu"="gfx1201" {
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %p, i16 4, i64 64, i32 0)
  %v = call float @llvm.amdgcn.struct.ptr.buffer.load.f32(ptr addrspace(8) %r, i32 1, i32 0, i32 0, i32 0)
  store float %v, ptr addrspace(1) %p
  ret void
}

;--- x86.ll
target triple = "x86_64-unknown-linux-gnu"
define void @k() {
  ret void
}

;--- garbage.ll
this is not LLVM IR

;--- invalid.ll
; Parses, but %v is used before it is defined.
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) "target-cpu"="gfx1201" {
  store i32 %v, ptr addrspace(1) %p
  %v = add i32 1, 2
  ret void
}

;--- alloca-debug.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %out) "target-cpu"="gfx1201" {
  %p = alloca i32, align 4
  store i32 1, ptr %p
  %v = load i32, ptr %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
