; Launches the hardware would refuse are errors, not crashes or hangs.
; RUN: not %mcore-emu-run %s --kernel=k --grid=0 --block=64 --arg=buf:64 2>&1 | FileCheck %s --check-prefix=GRID
; RUN: not %mcore-emu-run %s --kernel=k --grid=1 --block=0 --arg=buf:64 2>&1 | FileCheck %s --check-prefix=BLOCK
; RUN: not %mcore-emu-run %s --kernel=k --grid=1 --block=32,32,2 --arg=buf:64 2>&1 | FileCheck %s --check-prefix=BIG
; RUN: not %mcore-emu-run %s --kernel=k --grid=1 --block=512 --arg=buf:64 2>&1 | FileCheck %s --check-prefix=FLAT
; RUN: not %mcore-emu-run %s --kernel=k --grid=1 --block=64 --lds=65536 --arg=buf:64 2>&1 | FileCheck %s --check-prefix=LDS
; RUN: not %mcore-emu-run %s --kernel=nope --arg=buf:64 2>&1 | FileCheck %s --check-prefix=NAME
; RUN: not %mcore-emu-run %s --kernel=k 2>&1 | FileCheck %s --check-prefix=ARGS

; GRID: error: cannot launch kernel 'k' with grid (0, 1, 1) and block (64, 1, 1): the grid has no work-groups
; BLOCK: error: cannot launch kernel 'k' with grid (1, 1, 1) and block (0, 1, 1): the work-group has no work-items
; BIG: error: cannot launch kernel 'k' {{.*}}: a work-group has at most 1024 work-items
; FLAT: error: cannot launch kernel 'k' {{.*}}: the kernel was compiled for work-groups of at most 256 work-items (amdgpu-flat-work-group-size)
; LDS: error: cannot launch kernel 'k' {{.*}}: it needs 65792 bytes of LDS (256 static + 65536 dynamic); gfx1201 has 65536 per work-group
; NAME: error: the module has no kernel 'nope'; its kernels: k
; ARGS: error: kernel 'k' takes 1 arguments; 0 given

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [64 x i32] undef, align 4

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(3) @lds, i32 %t
  store i32 %t, ptr addrspace(3) %q
  ret void
}

attributes #0 = { "target-cpu"="gfx1201" "amdgpu-flat-work-group-size"="1,256" }
