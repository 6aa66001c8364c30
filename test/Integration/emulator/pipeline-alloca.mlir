// A kernel with a private array (memref.alloca, lowered to an llvm.alloca
// that mcore-private-allocas puts in address space 5) through
// --mcore-pipeline on the emulator, at O=3 and at O=0 (where LLVM keeps the
// alloca): the bitcode verifies and each thread sums its own array.
//
// RUN: mcore-opt %S/../../Pipeline/Inputs/kernel-alloca.mlir --mcore-pipeline="chip=gfx1201 format=llvm" \
// RUN:   | env MCORE_EMU_CHECK=1 %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s
// RUN: mcore-opt %S/../../Pipeline/Inputs/kernel-alloca.mlir --mcore-pipeline="chip=gfx942 format=llvm O=0" \
// RUN:   | env MCORE_EMU_CHECK=1 %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   | FileCheck %s

// CHECK: sizes = [4]
// CHECK-NEXT: [28,{{ +}}36,{{ +}}44,{{ +}}52]
