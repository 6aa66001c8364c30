// RUN: mcore-opt %s -split-input-file --pass-pipeline="builtin.module(gpu.module(mcore-stamp-target-cpu))" -verify-diagnostics | FileCheck %s
// RUN: mcore-opt %s -split-input-file --pass-pipeline="builtin.module(gpu.module(mcore-stamp-target-cpu{chip=gfx950}))" | FileCheck %s --check-prefix=OPTION

// Every llvm.func of the device module gets the chip of its #rocdl.target
// (or chip=) as its target_cpu; one that has a target_cpu keeps it.
// CHECK-LABEL: gpu.module @k
// CHECK: llvm.func @a() attributes {target_cpu = "gfx942"}
// CHECK: llvm.func @b() attributes {target_cpu = "gfx1100"}
// OPTION-LABEL: gpu.module @k
// OPTION: llvm.func @a() attributes {target_cpu = "gfx950"}
// OPTION: llvm.func @b() attributes {target_cpu = "gfx1100"}
gpu.module @k [#rocdl.target<chip = "gfx942">] {
  llvm.func @a() {
    llvm.return
  }
  llvm.func @b() attributes {target_cpu = "gfx1100"} {
    llvm.return
  }
}

// -----

// Without chip=, the module must say which chip it is for.
// (A failing split prints nothing.)
// OPTION-LABEL: gpu.module @none
// OPTION: llvm.func @a() attributes {target_cpu = "gfx950"}
// expected-error @+1 {{mcore-stamp-target-cpu needs chip=CHIP or a gpu.module with one #rocdl.target; this one has 0}}
gpu.module @none {
  llvm.func @a() {
    llvm.return
  }
}
