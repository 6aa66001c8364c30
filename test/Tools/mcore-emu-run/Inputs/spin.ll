; Each work-item of @spin iterates a linear congruential generator %n times
; and stores the result: a kernel that runs long enough for a progress line.
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
define amdgpu_kernel void @spin(ptr addrspace(1) %out, i32 %n) #0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %acc = phi i32 [ %t, %entry ], [ %acc1, %loop ]
  %m = mul i32 %acc, 1664525
  %acc1 = add i32 %m, 1013904223
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  %base = mul i32 %g, 64
  %idx = add i32 %base, %t
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %idx
  store i32 %acc1, ptr addrspace(1) %p
  ret void
}
attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
