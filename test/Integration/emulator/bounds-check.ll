; The bounds checker (MCORE_EMU_CHECK=1 or --emu-check) stops a launch at the
; first global or LDS access outside memory the emulator knows, and names the
; kernel, the lane, the address and the allocation; without it the same
; in-bounds launch runs.
; RUN: not %mcore-emu-run %s --kernel=store_past_end --grid=2 --block=64 --arg=buf:512 --emu-check 2>&1 | FileCheck %s
; RUN: env MCORE_EMU_CHECK=1 not %mcore-emu-run %s --kernel=store_past_end --grid=2 --block=64 --arg=buf:512 2>&1 | FileCheck %s
; RUN: %mcore-emu-run %s --kernel=store_in_bounds --grid=2 --block=64 --arg=buf:512 --emu-check --print=0:i32:4 | FileCheck %s --check-prefix=OK
; RUN: not %mcore-emu-run %s --kernel=lds_past_end --block=64 --arg=buf:512 --emu-check 2>&1 | FileCheck %s --check-prefix=LDS
; Masked stores are checked element by element: the disabled element past
; the end is fine, an enabled one is not.
; RUN: %mcore-emu-run %s --kernel=masked --arg=buf:12 --arg=i32:3 --emu-check --print=0:i32:3 | FileCheck %s --check-prefix=MASKED-OK
; RUN: not %mcore-emu-run %s --kernel=masked --arg=buf:12 --arg=i32:4 --emu-check 2>&1 | FileCheck %s --check-prefix=MASKED

; CHECK: mcore-emu-run: error: kernel 'store_past_end': work-group (1, 0, 0), work-item (63, 0, 0) (wave 1, lane 31): out-of-bounds store of 4 bytes at 0x{{[0-9a-f]+}}: the address is not inside any memory the emulator knows {{.*}}; it is 0 bytes past the end of the 512-byte buffer argument 0 at 0x{{[0-9a-f]+}} ('store' in function 'store_past_end')
; OK: arg0: 0 1 2 3
; MASKED-OK: arg0: 7 7 7
; MASKED: error: kernel 'masked': {{.*}}: out-of-bounds store of 4 bytes at 0x{{[0-9a-f]+}}: {{.*}} 0 bytes past the end of the 12-byte buffer argument 0 {{.*}}('masked store' in function 'masked')
; LDS: error: kernel 'lds_past_end': {{.*}}: out-of-bounds store of 4 bytes at 0x{{[0-9a-f]+}}: LDS offset 256 is past the end of the work-group's 256-byte LDS ('store' in function 'lds_past_end')

target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [64 x i32] undef, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

; Work-item i stores i to p[i + 1]: the last one is one past the end.
define amdgpu_kernel void @store_past_end(ptr addrspace(1) %p) "target-cpu"="gfx1201" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %g64 = mul i32 %g, 64
  %i = add i32 %g64, %t
  %j = add i32 %i, 1
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %j
  store i32 %i, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @store_in_bounds(ptr addrspace(1) %p) "target-cpu"="gfx1201" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %g64 = mul i32 %g, 64
  %i = add i32 %g64, %t
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %i
  store i32 %i, ptr addrspace(1) %q
  ret void
}

; Work-item 63 stores to lds[64].
define amdgpu_kernel void @lds_past_end(ptr addrspace(1) %p) "target-cpu"="gfx1201" {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %j = add i32 %t, 1
  %q = getelementptr i32, ptr addrspace(3) @lds, i32 %j
  store i32 %t, ptr addrspace(3) %q
  ret void
}

; Stores 7 to the first n of four elements.
define amdgpu_kernel void @masked(ptr addrspace(1) %p, i32 %n) "target-cpu"="gfx1201" {
  %ins = insertelement <4 x i32> poison, i32 %n, i64 0
  %nv = shufflevector <4 x i32> %ins, <4 x i32> poison, <4 x i32> zeroinitializer
  %m = icmp ult <4 x i32> <i32 0, i32 1, i32 2, i32 3>, %nv
  call void @llvm.masked.store.v4i32.p1(<4 x i32> splat (i32 7), ptr addrspace(1) align 4 %p, <4 x i1> %m)
  ret void
}

declare void @llvm.masked.store.v4i32.p1(<4 x i32>, ptr addrspace(1), <4 x i1>)
