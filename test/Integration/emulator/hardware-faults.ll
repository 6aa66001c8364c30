; Hardware faults in kernel code (a null store, an integer division by
; zero, a reached `unreachable`) are reported as faults of the lane that
; made them, also under the signal handlers LLVM's tools install.
; RUN: not %mcore-emu-run %s --kernel=null_store --grid=2 --block=64 --arg=i64:0 --arg=i32:77 2>&1 | FileCheck %s --check-prefix=NULL
; RUN: not %mcore-emu-run %s --kernel=divide --block=64 --arg=buf:256 --arg=i32:40 2>&1 | FileCheck %s --check-prefix=DIV
; RUN: not %mcore-emu-run %s --kernel=unreachable --block=64 --arg=buf:256 --arg=i32:12 2>&1 | FileCheck %s --check-prefix=UNREACHABLE
; RUN: %mcore-emu-run %s --kernel=unreachable --block=64 --arg=buf:256 --arg=i32:99 --print=0:i32:4 | FileCheck %s --check-prefix=FINE

; NULL: error: kernel 'null_store': work-group (1, 0, 0), work-item (13, 0, 0) (wave 0, lane 13): invalid memory access at 0x134 (SIGSEGV)
; DIV: error: kernel 'divide': work-group (0, 0, 0), work-item (40, 0, 0) (wave 1, lane 8): integer division by zero
; UNREACHABLE: error: kernel 'unreachable': work-group (0, 0, 0), work-item (12, 0, 0) (wave 0, lane 12): the lane reached an 'unreachable' instruction {{.*}} in function 'unreachable'
; FINE: 0 1 2 3

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

; Work-item %who (flat id) stores through %p (null): at address 4 * %who.
define amdgpu_kernel void @null_store(ptr addrspace(1) %p, i32 %who) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %g, 64
  %i = add i32 %base, %t
  %hit = icmp eq i32 %i, %who
  br i1 %hit, label %store, label %done
store:
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %i
  store volatile i32 1, ptr addrspace(1) %q
  br label %done
done:
  ret void
}

; out[t] = 1000 / (t - %zero_at)
define amdgpu_kernel void @divide(ptr addrspace(1) %out, i32 %zero_at) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %d = sub i32 %t, %zero_at
  %v = sdiv i32 1000, %d
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %q
  ret void
}

; Work-item %bad reaches `unreachable`; the others store their id.
define amdgpu_kernel void @unreachable(ptr addrspace(1) %out, i32 %bad) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %hit = icmp eq i32 %t, %bad
  br i1 %hit, label %oops, label %ok
oops:
  unreachable
ok:
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %t, ptr addrspace(1) %q
  ret void
}

attributes #0 = { "target-cpu"="gfx1201" }
