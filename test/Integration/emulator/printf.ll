; Device printf: the ockl printf functions HIP's printf and MLIR's
; gpu.printf (convert-gpu-to-rocdl{runtime=HIP}) call, and a variadic printf,
; print on the host as C's printf formats them. The messages of a wave print
; together, in lane order, when its lanes meet at the call that sends them
; (lanes that do not print are not waited for); waves print in turn.
; RUN: %split-file %s %t
; RUN: %mcore-emu-run %t/main.ll --kernel=ockl --block=4 | FileCheck %s --check-prefix=OCKL
; RUN: %mcore-emu-run %t/main.ll --chip=gfx942 --kernel=ockl --block=4 | FileCheck %s --check-prefix=OCKL
; RUN: %mcore-emu-run %t/main.ll --chip=gfx1100 --kernel=ockl --block=4 | FileCheck %s --check-prefix=OCKL
; OCKL:      lane 0 of 4: x=0.000000 s=hi -5 ffffffff 1e+20
; OCKL-NEXT: lane 1 of 4: x=0.250000 s=hi -5 ffffffff 1e+20
; OCKL-NEXT: lane 2 of 4: x=0.500000 s=hi -5 ffffffff 1e+20
; OCKL-NEXT: lane 3 of 4: x=0.750000 s=hi -5 ffffffff 1e+20
;
; Odd lanes only, two waves of 32 (gfx1201) or one of 64 (gfx942): in lane
; order either way.
; RUN: %mcore-emu-run %t/main.ll --kernel=odd --block=64 | FileCheck %s --check-prefix=ODD
; RUN: %mcore-emu-run %t/main.ll --chip=gfx942 --kernel=odd --block=64 | FileCheck %s --check-prefix=ODD
; ODD:      odd 1 ( 1)
; ODD-NEXT: odd 3 ( 3)
; ODD-COUNT-29: odd
; ODD-NEXT: odd 63 (63)
; ODD-NOT: odd
;
; RUN: %mcore-emu-run %t/main.ll --kernel=variadic --block=2 | FileCheck %s --check-prefix=VARIADIC
; VARIADIC:      variadic 0 2.5 [str] 00007
; VARIADIC-NEXT: variadic 1 2.5 [str] 00007
;
; RUN: not %mcore-emu-run %t/opencl.ll --kernel=opencl 2>&1 | FileCheck %s --check-prefix=OPENCL
; OPENCL: error: cannot load the kernel module: '__printf_alloc' in function 'opencl' is not supported by the emulator: OpenCL's buffered printf

;--- main.ll
target triple = "amdgcn-amd-amdhsa"

@fmt = private constant [37 x i8] c"lane %d of %u: x=%f s=%s %lld %x %g\0A\00"
@hi = private constant [3 x i8] c"hi\00"
@oddfmt = private constant [15 x i8] c"odd %d (%2d)\0A\00\00"
@vfmt = private addrspace(4) constant [28 x i8] c"variadic %d %.1f [%s] %05d\0A\00"
@str = private addrspace(4) constant [4 x i8] c"str\00"

declare i64 @__ockl_printf_begin(i64)
declare i64 @__ockl_printf_append_string_n(i64, ptr, i64, i32)
declare i64 @__ockl_printf_append_args(i64, i32, i64, i64, i64, i64, i64, i64, i64, i32)
declare i32 @printf(ptr addrspace(4), ...)
declare i32 @llvm.amdgcn.workitem.id.x()

; The format, then 3 words, then the %s string, then 3 words.
define amdgpu_kernel void @ockl() {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t64 = zext i32 %t to i64
  %x = uitofp i32 %t to float
  %xq = fmul float %x, 0.25
  %xd = fpext float %xq to double
  %xbits = bitcast double %xd to i64
  %m0 = call i64 @__ockl_printf_begin(i64 0)
  %m1 = call i64 @__ockl_printf_append_string_n(i64 %m0, ptr @fmt, i64 37, i32 0)
  %m2 = call i64 @__ockl_printf_append_args(i64 %m1, i32 3, i64 %t64, i64 4, i64 %xbits, i64 0, i64 0, i64 0, i64 0, i32 0)
  %m3 = call i64 @__ockl_printf_append_string_n(i64 %m2, ptr @hi, i64 3, i32 0)
  %big = bitcast double 1.0e20 to i64
  %m4 = call i64 @__ockl_printf_append_args(i64 %m3, i32 3, i64 -5, i64 4294967295, i64 %big, i64 0, i64 0, i64 0, i64 0, i32 1)
  ret void
}

define amdgpu_kernel void @odd() {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %bit = and i32 %t, 1
  %isodd = icmp ne i32 %bit, 0
  br i1 %isodd, label %print, label %done
print:
  %t64 = zext i32 %t to i64
  %m0 = call i64 @__ockl_printf_begin(i64 0)
  %m1 = call i64 @__ockl_printf_append_string_n(i64 %m0, ptr @oddfmt, i64 15, i32 0)
  %m2 = call i64 @__ockl_printf_append_args(i64 %m1, i32 2, i64 %t64, i64 %t64, i64 0, i64 0, i64 0, i64 0, i64 0, i32 1)
  br label %done
done:
  ret void
}

define amdgpu_kernel void @variadic() {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call i32 (ptr addrspace(4), ...) @printf(ptr addrspace(4) @vfmt, i32 %t, float 2.5, ptr addrspace(4) @str, i32 7)
  ret void
}

;--- opencl.ll
target triple = "amdgcn-amd-amdhsa"
declare ptr addrspace(1) @__printf_alloc(i32)
define amdgpu_kernel void @opencl() {
  %p = call ptr addrspace(1) @__printf_alloc(i32 8)
  ret void
}
