; An endless loop in a kernel (no barrier, no wave-wide instruction) is
; reported as a hung work-group after MCORE_EMU_HANG_TIMEOUT seconds (default
; 60), long before the launch's MCORE_EMU_TIMEOUT (600); and MCORE_EMU_*
; values that are not numbers of their kind are errors naming the variable,
; not ignored.
; RUN: not %mcore-emu-run %s --kernel=spin --grid=2 --block=64 --arg=buf:256 --emu-hang-timeout=1 2>&1 | FileCheck %s --check-prefix=HANG
; RUN: env MCORE_EMU_HANG_TIMEOUT=1 not %mcore-emu-run %s --kernel=spin --grid=2 --block=64 --arg=buf:256 2>&1 | FileCheck %s --check-prefix=HANG
; A launch that runs for longer than that limit, with work-groups that
; each end within it, is left alone. (The limit is per work-group: a lane
; that loops for a minute without a barrier, a wave-wide instruction or an
; end of any lane counts as hung.)
; RUN: env MCORE_EMU_HANG_TIMEOUT=0.5 MCORE_EMU_THREADS=1 %mcore-emu-run %s --kernel=finite --grid=60 --block=64 --arg=buf:256 --arg=i32:50000 --print=0:i32:2 | FileCheck %s --check-prefix=COUNT
; RUN: env MCORE_EMU_STACK_KB=abc not %mcore-emu-run %s --list 2>&1 | FileCheck %s --check-prefix=STACK
; RUN: env MCORE_EMU_THREADS=-3 not %mcore-emu-run %s --list 2>&1 | FileCheck %s --check-prefix=THREADS
; RUN: env MCORE_EMU_TIMEOUT=soon not %mcore-emu-run %s --list 2>&1 | FileCheck %s --check-prefix=TIMEOUT
; RUN: env MCORE_EMU_HANG_TIMEOUT=0 not %mcore-emu-run %s --list 2>&1 | FileCheck %s --check-prefix=HANG-ZERO

; HANG: error: kernel 'spin': work-group ({{[01]}}, 0, 0): the work-group hangs: for 1.00 s no lane reached a barrier, a wave-wide instruction or the end of the kernel (an endless loop; MCORE_EMU_HANG_TIMEOUT sets the limit)
; COUNT: 50000 50000
; STACK: mcore-emu-run: error: MCORE_EMU_STACK_KB=abc is not a stack size in KiB from 16 to 1048576
; THREADS: mcore-emu-run: error: MCORE_EMU_THREADS=-3 is not a number of threads from 0 (one per core) to 4096
; TIMEOUT: mcore-emu-run: error: MCORE_EMU_TIMEOUT=soon is not a number of seconds greater than 0
; HANG-ZERO: mcore-emu-run: error: MCORE_EMU_HANG_TIMEOUT=0 is not a number of seconds greater than 0

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @spin(ptr addrspace(1) %out) "target-cpu"="gfx1201" {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, 1
  store volatile i32 %n, ptr addrspace(1) %p
  br label %loop
}

; Every lane counts to %n in its own slot, then ends.

define amdgpu_kernel void @finite(ptr addrspace(1) %out, i32 %n) "target-cpu"="gfx1201" {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %next = add i32 %i, 1
  store volatile i32 %next, ptr addrspace(1) %p
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
