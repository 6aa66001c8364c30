; Raw buffer loads, stores and atomics through buffer resources, and fat
; buffer pointers (address space 7), with the hardware's range checks
; against num_records (docs/Emulator.md, "Buffer resources"): an access past
; num_records reads 0 or writes nothing, accesses wider than 4 bytes are
; checked 4 bytes at a time, soffset counts, atomics are all or nothing.
; gfx942 has no OOB_SELECT; gfx11/gfx12 check by the descriptor's OOB_SELECT
; (flags bits 29:28; MLIR's amdgpu lowering sets 3, or 2 without bounds
; checks).
;
; The input buffer holds the i32s 0, 1, 2, ... (iota-i32); num_records is 38,
; so int 9 (bytes 36-39) is half inside.
; RUN: %mcore-emu-run %s --chip=gfx942 --kernel=loads --arg=buf:64:iota-i32 --arg=buf:64 --arg=i32:159744 --print=1:i32:12 | FileCheck %s --check-prefix=LOADS
; RUN: %mcore-emu-run %s --chip=gfx1201 --kernel=loads --arg=buf:64:iota-i32 --arg=buf:64 --arg=i32:822243328 --print=1:i32:12 | FileCheck %s --check-prefix=LOADS
; RUN: %mcore-emu-run %s --chip=gfx1100 --kernel=loads --arg=buf:64:iota-i32 --arg=buf:64 --arg=i32:822243328 --print=1:i32:12 | FileCheck %s --check-prefix=LOADS
; LOADS: arg1: 0 8 9 0 7 8 0 0 589824 0 0 8
; OOB_SELECT 2: no range check; 0 (structured, stride 0): nothing is in range.
; RUN: %mcore-emu-run %s --chip=gfx1201 --kernel=loads --arg=buf:64:iota-i32 --arg=buf:64 --arg=i32:553807872 --print=1:i32:12 | FileCheck %s --check-prefix=OOB2
; RUN: %mcore-emu-run %s --chip=gfx1201 --kernel=loads --arg=buf:64:iota-i32 --arg=buf:64:byte-1 --arg=i32:16936960 --print=1:i32:12 | FileCheck %s --check-prefix=OOB0
; OOB2: arg1: 9 8 9 0 7 8 9 10 589824 655360 9 8
; OOB0: arg1: 0 0 0 0 0 0 0 0 0 0 0 0
;
; Stores: the dropped ones leave the zeros.
; RUN: %mcore-emu-run %s --chip=gfx942 --kernel=stores --arg=buf:64 --arg=i32:159744 --print=0:i32:12 | FileCheck %s --check-prefix=STORES
; RUN: %mcore-emu-run %s --chip=gfx1201 --kernel=stores --arg=buf:64 --arg=i32:822243328 --print=0:i32:12 | FileCheck %s --check-prefix=STORES
; STORES: arg0: 5 0 0 0 0 0 0 1 2 4660 0 0
;
; Atomics of 64 lanes on the first 16 bytes (num_records 16): add 1, umax
; of the lane (the <4 x i32> resource form), compare-swap 0 -> lane + 1 (one
; lane wins), fadd 0.5; an add at byte 16 is out of range: it returns 0 and
; leaves the 99 there.
; RUN: %mcore-emu-run %s --chip=gfx942 --kernel=atomics --grid=1 --block=64 --arg=buf:32 --arg=buf:256:byte-7 --arg=i32:159744 --print=0:i32:5 --print=1:i32:4 | FileCheck %s --check-prefix=ATOMICS
; RUN: %mcore-emu-run %s --chip=gfx1201 --kernel=atomics --grid=1 --block=64 --arg=buf:32 --arg=buf:256:byte-7 --arg=i32:822243328 --print=0:i32:5 --print=1:i32:4 | FileCheck %s --check-prefix=ATOMICS
; ATOMICS: arg0: 64 63 {{[1-9][0-9]*}} 1107296256 99
; ATOMICS: arg1: 0 0 0 0
; Four lanes: inc with limit 2 wraps (0 1 2 0 1), dec with limit 5 from 0
; starts at 5, i64 add, packed f16 add, signed min.
; RUN: %mcore-emu-run %s --chip=gfx942 --kernel=atomics2 --block=4 --arg=buf:32 --print=0:i32:6 | FileCheck %s --check-prefix=ATOMICS2
; RUN: %mcore-emu-run %s --chip=gfx1100 --kernel=atomics2 --block=4 --arg=buf:32 --print=0:i32:6 | FileCheck %s --check-prefix=ATOMICS2
; ATOMICS2: arg0: 1 2 0 4 1073759232 -3
;
; Fat buffer pointers: c[i] = a[i] + b[i] through address space 7 with
; num_records = 4 n; lanes i >= n read 0 and their stores are dropped.
; RUN: %mcore-emu-run %s --chip=gfx942 --kernel=fat_add --block=64 --arg=buf:256:iota-i32 --arg=buf:256:iota-i32 --arg=buf:256:byte-255 --arg=i32:50 --arg=i32:159744 --print=2:i32:64 | FileCheck %s --check-prefix=FAT
; RUN: %mcore-emu-run %s --chip=gfx1201 --kernel=fat_add --block=64 --arg=buf:256:iota-i32 --arg=buf:256:iota-i32 --arg=buf:256:byte-255 --arg=i32:50 --arg=i32:822243328 --print=2:i32:64 | FileCheck %s --check-prefix=FAT
; FAT: arg2: 0 2 4 6 8 {{.*}} 94 96 98 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1{{$}}
; A masked load and store through a fat pointer (what MLIR's masked vector
; transfers become), scalarized by LLVM before the fat pointer lowering:
; elements 4 and 5 of a 6-element buffer are loaded, the others are the
; pass-through -2; the masked store writes the first two lanes only.
; RUN: %mcore-emu-run %s --chip=gfx942 --kernel=fat_masked --arg=buf:32:iota-i32 --arg=buf:16:byte-255 --print=1:i32:4 | FileCheck %s --check-prefix=MASKED
; MASKED: arg1: 4 5 -1 -1
;
; The bounds checker reports a buffer access outside the allocation the
; descriptor's base lies in, whether the hardware would mask it (num_records
; 38 over a 32-byte allocation) or not (the same kernel on a 36-byte one
; reads int 8, at bytes 32-35, the hardware's in range; the checker stops
; at the first piece outside).
; RUN: not %mcore-emu-run %s --chip=gfx942 --kernel=loads --arg=buf:32:iota-i32 --arg=buf:64 --arg=i32:159744 --emu-check 2>&1 | FileCheck %s --check-prefix=CHECK-MASKED
; RUN: not %mcore-emu-run %s --chip=gfx1201 --kernel=stores --arg=buf:16 --arg=i32:822243328 --emu-check 2>&1 | FileCheck %s --check-prefix=CHECK-STORE
; RUN: %mcore-emu-run %s --chip=gfx942 --kernel=loads --arg=buf:64:iota-i32 --arg=buf:64 --arg=i32:159744 --emu-check --print=1:i32:12 | FileCheck %s --check-prefix=LOADS
; CHECK-MASKED: error: kernel 'loads': work-group (0, 0, 0), work-item (0, 0, 0) (wave 0, lane 0): out-of-bounds buffer load of 4 bytes at 0x{{[0-9a-f]+}}: buffer offset 36 is outside the 32-byte buffer argument 0 at 0x{{[0-9a-f]+}}, the memory the descriptor's base address lies in; the hardware masks it (num_records 38): the load would read 0 ('llvm.amdgcn.raw.ptr.buffer.load' in function 'loads')
; CHECK-STORE: error: kernel 'stores': {{.*}}: out-of-bounds buffer store of 4 bytes at 0x{{[0-9a-f]+}}: buffer offset 28 is outside the 16-byte buffer argument 0 at 0x{{[0-9a-f]+}}, the memory the descriptor's base address lies in; the hardware does not mask it (num_records 38) ('llvm.amdgcn.raw.ptr.buffer.store' in function 'stores')
;
; Descriptors the emulator does not model stop the launch.
; RUN: not %mcore-emu-run %s --chip=gfx942 --kernel=strided --arg=buf:64 2>&1 | FileCheck %s --check-prefix=STRIDED
; STRIDED: error: kernel 'strided': {{.*}}: buffer load through a descriptor the emulator does not model: its stride is 16 (raw buffers with stride 0, no swizzling and no add_tid are emulated) ('llvm.amdgcn.raw.ptr.buffer.load' in function 'strided')

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1), i16, i64, i32)
declare ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1), i16, i64, i32)
declare i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8), i32, i32, i32)
declare i16 @llvm.amdgcn.raw.ptr.buffer.load.i16(ptr addrspace(8), i32, i32, i32)
declare <4 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v4i32(ptr addrspace(8), i32, i32, i32)
declare <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8), i32, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32, ptr addrspace(8), i32, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16, ptr addrspace(8), i32, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.store.i8(i8, ptr addrspace(8), i32, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.store.v4i32(<4 x i32>, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.raw.buffer.atomic.umax.i32(i32, <4 x i32>, i32, i32, i32)
declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.cmpswap.i32(i32, i32, ptr addrspace(8), i32, i32, i32)
declare float @llvm.amdgcn.raw.ptr.buffer.atomic.fadd.f32(float, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.inc.i32(i32, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.dec.i32(i32, ptr addrspace(8), i32, i32, i32)
declare i64 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i64(i64, ptr addrspace(8), i32, i32, i32)
declare <2 x half> @llvm.amdgcn.raw.ptr.buffer.atomic.fadd.v2f16(<2 x half>, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.raw.ptr.buffer.atomic.smin.i32(i32, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()
declare <4 x i32> @llvm.masked.load.v4i32.p7(ptr addrspace(7), i32, <4 x i1>, <4 x i32>)
declare void @llvm.masked.store.v4i32.p7(<4 x i32>, ptr addrspace(7), i32, <4 x i1>)

; out[0..11]: see LOADS above.
define amdgpu_kernel void @loads(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %flags) {
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %in, i16 0, i64 38, i32 %flags)
  %v0 = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %r, i32 36, i32 0, i32 0)
  store i32 %v0, ptr addrspace(1) %out
  %v1 = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %r, i32 32, i32 0, i32 0)
  %o1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %v1, ptr addrspace(1) %o1
  %h2 = call i16 @llvm.amdgcn.raw.ptr.buffer.load.i16(ptr addrspace(8) %r, i32 36, i32 0, i32 0)
  %v2 = zext i16 %h2 to i32
  %o2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %v2, ptr addrspace(1) %o2
  %h3 = call i16 @llvm.amdgcn.raw.ptr.buffer.load.i16(ptr addrspace(8) %r, i32 37, i32 0, i32 0)
  %v3 = zext i16 %h3 to i32
  %o3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %v3, ptr addrspace(1) %o3
  %v4 = call <4 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v4i32(ptr addrspace(8) %r, i32 28, i32 0, i32 0)
  %o4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store <4 x i32> %v4, ptr addrspace(1) %o4, align 4
  %v8 = call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %r, i32 34, i32 0, i32 0)
  %o8 = getelementptr i32, ptr addrspace(1) %out, i32 8
  store <2 x i32> %v8, ptr addrspace(1) %o8, align 4
  ; soffset counts: voffset 0 + soffset 36, voffset 4 + soffset 28.
  %v10 = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %r, i32 0, i32 36, i32 0)
  %o10 = getelementptr i32, ptr addrspace(1) %out, i32 10
  store i32 %v10, ptr addrspace(1) %o10
  %v11 = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %r, i32 4, i32 28, i32 0)
  %o11 = getelementptr i32, ptr addrspace(1) %out, i32 11
  store i32 %v11, ptr addrspace(1) %o11
  ret void
}

define amdgpu_kernel void @stores(ptr addrspace(1) %out, i32 %flags) {
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %out, i16 0, i64 38, i32 %flags)
  call void @llvm.amdgcn.raw.ptr.buffer.store.v4i32(<4 x i32> <i32 1, i32 2, i32 3, i32 4>, ptr addrspace(8) %r, i32 28, i32 0, i32 0)
  call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 4660, ptr addrspace(8) %r, i32 36, i32 0, i32 0)
  call void @llvm.amdgcn.raw.ptr.buffer.store.i16(i16 -1, ptr addrspace(8) %r, i32 37, i32 0, i32 0)
  call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 99, ptr addrspace(8) %r, i32 0, i32 40, i32 0)
  call void @llvm.amdgcn.raw.ptr.buffer.store.i8(i8 5, ptr addrspace(8) %r, i32 0, i32 0, i32 0)
  ret void
}

define amdgpu_kernel void @atomics(ptr addrspace(1) %mem, ptr addrspace(1) %ret, i32 %flags) {
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %far = getelementptr i32, ptr addrspace(1) %mem, i32 4
  store i32 99, ptr addrspace(1) %far
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %mem, i16 0, i64 16, i32 %flags)
  %a = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32 1, ptr addrspace(8) %r, i32 0, i32 0, i32 0)
  %bits = ptrtoint ptr addrspace(8) %r to i128
  %v4 = bitcast i128 %bits to <4 x i32>
  %m = call i32 @llvm.amdgcn.raw.buffer.atomic.umax.i32(i32 %lane, <4 x i32> %v4, i32 4, i32 0, i32 0)
  %l1 = add i32 %lane, 1
  %c = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.cmpswap.i32(i32 %l1, i32 0, ptr addrspace(8) %r, i32 8, i32 0, i32 0)
  %f = call float @llvm.amdgcn.raw.ptr.buffer.atomic.fadd.f32(float 0.5, ptr addrspace(8) %r, i32 12, i32 0, i32 0)
  %oob = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32 1, ptr addrspace(8) %r, i32 0, i32 16, i32 0)
  %slot = getelementptr i32, ptr addrspace(1) %ret, i32 %lane
  store i32 %oob, ptr addrspace(1) %slot
  ret void
}

define amdgpu_kernel void @atomics2(ptr addrspace(1) %mem) {
  %lane = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %mem, i16 0, i64 32, i32 805306368)
  %a = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.inc.i32(i32 2, ptr addrspace(8) %r, i32 0, i32 0, i32 0)
  %b = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.dec.i32(i32 5, ptr addrspace(8) %r, i32 4, i32 0, i32 0)
  %c = call i64 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i64(i64 4294967296, ptr addrspace(8) %r, i32 8, i32 0, i32 0)
  %d = call <2 x half> @llvm.amdgcn.raw.ptr.buffer.atomic.fadd.v2f16(<2 x half> <half 1.0, half 0.5>, ptr addrspace(8) %r, i32 16, i32 0, i32 0)
  %neg = sub i32 0, %lane
  %e = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.smin.i32(i32 %neg, ptr addrspace(8) %r, i32 20, i32 0, i32 0)
  ret void
}

define amdgpu_kernel void @fat_add(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c, i32 %n, i32 %flags) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %bytes = mul i32 %n, 4
  %bytes64 = zext i32 %bytes to i64
  %fa = call ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1) %a, i16 0, i64 %bytes64, i32 %flags)
  %fb = call ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1) %b, i16 0, i64 %bytes64, i32 %flags)
  %fc = call ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1) %c, i16 0, i64 %bytes64, i32 %flags)
  %pa = getelementptr i32, ptr addrspace(7) %fa, i32 %i
  %pb = getelementptr i32, ptr addrspace(7) %fb, i32 %i
  %pc = getelementptr i32, ptr addrspace(7) %fc, i32 %i
  %x = load i32, ptr addrspace(7) %pa
  %y = load i32, ptr addrspace(7) %pb
  %s = add i32 %x, %y
  store i32 %s, ptr addrspace(7) %pc
  ret void
}

define amdgpu_kernel void @fat_masked(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %fin = call ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1) %in, i16 0, i64 24, i32 159744)
  %fout = call ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1) %out, i16 0, i64 16, i32 159744)
  %p = getelementptr i32, ptr addrspace(7) %fin, i32 4
  %v = call <4 x i32> @llvm.masked.load.v4i32.p7(ptr addrspace(7) %p, i32 4, <4 x i1> <i1 true, i1 true, i1 false, i1 false>, <4 x i32> splat (i32 -2))
  call void @llvm.masked.store.v4i32.p7(<4 x i32> %v, ptr addrspace(7) %fout, i32 4, <4 x i1> <i1 true, i1 true, i1 false, i1 false>)
  ret void
}

define amdgpu_kernel void @strided(ptr addrspace(1) %p) {
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %p, i16 16, i64 4, i32 159744)
  %v = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %r, i32 0, i32 0, i32 0)
  store i32 %v, ptr addrspace(1) %p
  ret void
}
