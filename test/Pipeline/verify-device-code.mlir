// mcore-private-allocas: a stack allocation of device code in address space
// 0 (what memref.alloca, convert-vector-to-scf's buffers and memref.dim's
// size arrays lower to) moves to AMDGPU's private address space 5 behind an
// addrspacecast; others are left alone. mcore-verify-device-code: what the
// AMDGPU backend would abort on ("Cannot select: FrameIndex", "Broken module
// found") is a located error instead.
// RUN: %mcore-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(mcore-private-allocas))' | FileCheck %s
// RUN: %mcore-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(mcore-private-allocas, mcore-verify-device-code))' -verify-diagnostics | FileCheck %s --check-prefix=OK
// The whole pipeline (format=isa runs llc's instruction selection) on a
// kernel with a private array compiles on every chip, at O=0 too.
// RUN: %mcore-opt %S/Inputs/kernel-alloca.mlir --mcore-pipeline="chip=gfx942 format=isa O=0" | FileCheck %s --check-prefix=ISA
// RUN: %mcore-opt %S/Inputs/kernel-alloca.mlir --mcore-pipeline="chip=gfx1201 format=isa" | FileCheck %s --check-prefix=ISA
// RUN: %mcore-opt %S/Inputs/kernel-alloca.mlir --mcore-pipeline="chip=gfx90a format=hsaco O=0" -o /dev/null
// f128 arithmetic in a kernel, through the pipeline: a located error at the
// source op, for isa (llc) and llvm (the emulator's bitcode) alike.
// RUN: not %mcore-opt %S/Inputs/kernel-f128.mlir --mcore-pipeline="chip=gfx942 format=isa" -o /dev/null 2>&1 | FileCheck %s --check-prefix=F128 --implicit-check-not="LLVM ERROR"
// RUN: not %mcore-opt %S/Inputs/kernel-f128.mlir --mcore-pipeline="chip=gfx1100 format=llvm" -o /dev/null 2>&1 | FileCheck %s --check-prefix=F128 --implicit-check-not="LLVM ERROR"
// F128: kernel-f128.mlir:8:10: error: 'llvm.fdiv' on 'f128' in device code
// bf16 to i1 in a kernel mcore makes: a located error, not an llc abort.
// RUN: not %mcore-opt %S/Inputs/matmul-bf16-to-i1.mlir --mcore-pipeline="chip=gfx942 format=isa" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BF16I1 --implicit-check-not="LLVM ERROR"
// RUN: not %mcore-opt %S/Inputs/matmul-bf16-to-i1.mlir --mcore-pipeline="chip=gfx1201 format=llvm" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BF16I1 --implicit-check-not="LLVM ERROR"
// BF16I1: matmul-bf16-to-i1.mlir:5:3: error: 'llvm.fptosi' from bf16 to i1 in device code
// An operation at the top level of a gpu.module: a located error, not a
// crash of the translation to LLVM IR (found by scripts/fuzz.sh).
// RUN: not %mcore-opt %S/Inputs/module-level-barrier.mlir --mcore-pipeline="chip=gfx1201 format=llvm" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOP --implicit-check-not="Stack dump"
// RUN: not %mcore-opt %S/Inputs/module-level-barrier.mlir --mcore-pipeline="chip=gfx942 format=isa" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOP --implicit-check-not="Stack dump"
// TOP: module-level-barrier.mlir:3:3: error: 'rocdl.{{.+}}' at the top level of gpu.module @plain: only functions and globals can be there; move it into a function

// ISA: gpu.binary @main_kernel {{.*}}assembly = "{{.*}}.amdhsa_kernel main_kernel

// CHECK-LABEL: gpu.module @moved
// CHECK: llvm.func @k(%[[N:.+]]: i64)
// CHECK-NEXT: %[[P:.+]] = llvm.alloca %[[N]] x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr<5>
// CHECK-NEXT: %[[G:.+]] = llvm.addrspacecast %[[P]] : !llvm.ptr<5> to !llvm.ptr
// CHECK-NEXT: %[[Q:.+]] = llvm.alloca %[[N]] x i32 : (i64) -> !llvm.ptr<5>
// CHECK-NOT: addrspacecast
// CHECK: llvm.store %{{.+}}, %[[G]] : f32, !llvm.ptr
// CHECK: llvm.store %{{.+}}, %[[Q]] : i32, !llvm.ptr<5>
// OK-LABEL: gpu.module @moved
// OK: llvm.alloca {{.*}} -> !llvm.ptr<5>
gpu.module @moved [#rocdl.target<chip = "gfx942">] {
  llvm.func @k(%n: i64) attributes {rocdl.kernel} {
    %p = llvm.alloca %n x f32 {alignment = 16 : i64} : (i64) -> !llvm.ptr
    %q = llvm.alloca %n x i32 : (i64) -> !llvm.ptr<5>
    %v = llvm.mlir.constant(1.0 : f32) : f32
    %i = llvm.mlir.constant(1 : i32) : i32
    llvm.store %v, %p : f32, !llvm.ptr
    llvm.store %i, %q : i32, !llvm.ptr<5>
    llvm.return
  }
}

// -----

// A private array of workgroup memory is no such thing.
gpu.module @workgroup [#rocdl.target<chip = "gfx1201">] {
  llvm.func @k() attributes {rocdl.kernel} {
    %c = llvm.mlir.constant(4 : i64) : i64
    // expected-error @+1 {{a stack allocation in address space 3 in device code: the AMDGPU backend allocates a kernel's stack in address space 5 (private) only; workgroup memory comes from a workgroup attribution of gpu.launch or gpu.func, or a global in address space 3}}
    %p = llvm.alloca %c x f32 : (i64) -> !llvm.ptr<3>
    llvm.return
  }
}

// -----

// LLVM's verifier, on the module as the serializer translates it: a kernel
// must return void.
gpu.module @verifier [#rocdl.target<chip = "gfx942">] {
  // expected-error @+1 {{LLVM's verifier rejects function 'k' (the AMDGPU backend would abort on it): Calling convention requires void return type}}
  llvm.func @k(%x: i32) -> i32 attributes {rocdl.kernel} {
    llvm.return %x : i32
  }
}

// -----

// Arithmetic, comparisons, conversions and math on f128: the AMDGPU backend
// has none and no library to call ("unsupported library call operation").
gpu.module @f128_arithmetic [#rocdl.target<chip = "gfx942">] {
  llvm.func @k(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %x = llvm.load %p : !llvm.ptr<1> -> f128
    %z = llvm.load %q : !llvm.ptr<1> -> f128
    // expected-error @+1 {{'llvm.fadd' on 'f128' in device code: the AMDGPU backend has no arithmetic, comparison or conversion of floats wider than 64 bits, and no library to call for it (LLVM would end with "unsupported library call operation"); compute in f64 or narrower}}
    %s = llvm.fadd %x, %z : f128
    // expected-error @+1 {{'llvm.fcmp' on 'f128'}}
    %c = llvm.fcmp "olt" %x, %z : f128
    // expected-error @+1 {{'llvm.fptrunc' on 'f128'}}
    %d = llvm.fptrunc %s : f128 to f64
    // expected-error @+1 {{'llvm.fpext' on 'f128'}}
    %e = llvm.fpext %d : f64 to f128
    // expected-error @+1 {{'llvm.intr.sqrt' on 'f128'}}
    %r = llvm.intr.sqrt(%e) : (f128) -> f128
    %w = llvm.select %c, %r, %x : i1, f128
    llvm.store %w, %p : f128, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// Moving f128 values and their sign operations select (llc-22, gfx942).
// OK-LABEL: gpu.module @f128_moves
gpu.module @f128_moves [#rocdl.target<chip = "gfx942">] {
  llvm.func @k(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>, %b: i1) attributes {rocdl.kernel} {
    %x = llvm.load %p : !llvm.ptr<1> -> f128
    %z = llvm.load %q : !llvm.ptr<1> -> f128
    %n = llvm.fneg %x : f128
    %a = llvm.intr.fabs(%z) : (f128) -> f128
    %s = llvm.intr.copysign(%n, %a) : (f128, f128) -> f128
    %w = llvm.select %b, %s, %x : i1, f128
    %i = llvm.bitcast %w : f128 to i128
    llvm.store %i, %p : i128, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// fptosi / fptoui from bf16 to i1: LLVM 22's AMDGPU backend cannot select
// them ("Cannot select: i1 = fp_to_sint", llc-22 on every chip); to other
// integers, and to i1 from f16 / f32, they select.
gpu.module @bf16_to_i1 [#rocdl.target<chip = "gfx942">] {
  llvm.func @k(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %x = llvm.load %p : !llvm.ptr<1> -> bf16
    %h = llvm.load %p : !llvm.ptr<1> -> f16
    // expected-error @+1 {{'llvm.fptosi' from bf16 to i1 in device code: LLVM 22's AMDGPU backend cannot select it (LLVM would end with "Cannot select: fp_to_sint"); convert to f32 first (arith.extf), or to a wider integer}}
    %a = llvm.fptosi %x : bf16 to i1
    // One error per function.
    %a2 = llvm.fptosi %x : bf16 to i1
    %c = llvm.fptosi %x : bf16 to i8
    %d = llvm.fptoui %h : f16 to i1
    llvm.store %a, %q : i1, !llvm.ptr<1>
    llvm.store %a2, %q : i1, !llvm.ptr<1>
    llvm.store %c, %q : i8, !llvm.ptr<1>
    llvm.store %d, %q : i1, !llvm.ptr<1>
    llvm.return
  }
  llvm.func @vector(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>) attributes {rocdl.kernel} {
    %v = llvm.load %p : !llvm.ptr<1> -> vector<2xbf16>
    // expected-error @+1 {{'llvm.fptoui' from bf16 to i1}}
    %b = llvm.fptoui %v : vector<2xbf16> to vector<2xi1>
    llvm.store %b, %q : vector<2xi1>, !llvm.ptr<1>
    llvm.return
  }
}

// -----

// A type with no LLVM IR equivalent (f4E2M1FN as an alloca's element, a
// case of scripts/fuzz.sh): the translation to LLVM IR would crash on it.
gpu.module @f4_alloca [#rocdl.target<chip = "gfx950">] {
  llvm.func @k(%n: i64) attributes {rocdl.kernel} {
    // expected-error @+1 {{'llvm.alloca' uses type 'f4E2M1FN', which has no LLVM IR equivalent}}
    %q = llvm.alloca %n x f4E2M1FN : (i64) -> !llvm.ptr<5>
    %i = llvm.mlir.constant(1 : i32) : i32
    llvm.store %i, %q : i32, !llvm.ptr<5>
    llvm.return
  }
}
