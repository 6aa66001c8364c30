// Already-lowered input: mcore-opt --mcore-pipeline output (host code in the
// LLVM dialect plus a gpu.binary of LLVM bitcode) runs as it is; the binary's
// format picks the emulator. Upstream mlir-runner runs the same module with
// libmcore_emu_runtime.so.
// RUN: %mcore-opt %S/print-memref.mlir --mcore-pipeline="chip=gfx942 format=llvm" -o %t.mlir
// RUN: %mcore-run %t.mlir 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=BACKEND < %t.err
// RUN: %mlir-runner %t.mlir -e main --entry-point-result=void --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_c_runner_utils.so,%mlir_lib_dir/libmlir_runner_utils.so | FileCheck %s
// Options of a compilation that no longer happens are ignored with a
// warning: a --chip other than the binary's, any --pipeline-options.
// RUN: %mcore-run %t.mlir --chip=gfx1201 --pipeline-options="chip=gfx1100 tile-m=64" 2>%t.warn | FileCheck %s
// RUN: FileCheck %s --check-prefix=IGNORED < %t.warn
// RUN: %mcore-run %t.mlir --chip=gfx942 2>&1 >/dev/null | FileCheck %s --check-prefix=SAME-CHIP
// The emulator has one device: another --device is said to be ignored.
// RUN: %mcore-run %t.mlir --device=5 2>&1 >/dev/null | FileCheck %s --check-prefix=DEVICE
// RUN: %mcore-run %t.mlir --device=0 2>&1 >/dev/null | FileCheck %s --check-prefix=SAME-CHIP
// A bitcode binary does not run on the GPU backend.
// RUN: %expect-exit 2 %mcore-run %t.mlir --backend=hip 2>&1 | FileCheck %s --check-prefix=HIP

// CHECK: sizes = [4, 3]
// CHECK-NEXT: [2.25,   3.5,   -1],
// CHECK-NEXT: [2,   3.5,   5.5],
// CHECK-NEXT: [4,   4.25,   3],
// CHECK-NEXT: [4.75,   0.625,   -1.5]]
// BACKEND: mcore-run: backend emu (the gpu.binary is LLVM bitcode)
// IGNORED: mcore-run: warning: --chip=gfx1201 is ignored: the gpu.binary in '{{.*}}' is compiled for gfx942
// IGNORED: mcore-run: warning: --pipeline-options="chip=gfx1100 tile-m=64" is ignored: '{{.*}}' is already lowered (host code in the LLVM dialect, kernels in gpu.binary)
// SAME-CHIP-NOT: warning
// DEVICE: mcore-run: warning: --device=5 is ignored: the emulator has one device
// HIP: mcore-run: error: '{{.*}}' holds an LLVM bitcode (format=llvm) gpu.binary, which runs on backend emu, not hip; recompile it with format=hsaco
