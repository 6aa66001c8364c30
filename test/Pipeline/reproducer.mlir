// A reproducer mcore-opt writes when --mcore-pipeline fails replays with
// --run-reproducer: the whole pipeline (every pass registered under the
// name it prints), and the failing pass alone (a local reproducer). The
// failure here is in mcore-verify-matrix-intrinsics, near the end of the
// pipeline: a hand-written MFMA in a device module for gfx1201.

// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa" --mlir-pass-pipeline-crash-reproducer=%t.full.mlir 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: FileCheck %s --input-file=%t.full.mlir --check-prefix=FULL
// RUN: not mcore-opt %t.full.mlir --run-reproducer 2>&1 | FileCheck %s --check-prefix=ERROR

// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa" --mlir-pass-pipeline-crash-reproducer=%t.local.mlir --mlir-pass-pipeline-local-reproducer --mlir-disable-threading 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: FileCheck %s --input-file=%t.local.mlir --check-prefix=LOCAL
// RUN: not mcore-opt %t.local.mlir --run-reproducer 2>&1 | FileCheck %s --check-prefix=ERROR

// ERROR: error: llvm.amdgcn.mfma.f32.32x32x8f16 needs gfx908, gfx90a, gfx942 or gfx950; the target is gfx1201
// FULL: pipeline: "builtin.module(mcore-verify-host-vectors{max-elements=16384}, mcore-compress-2to4,{{.*}}convert-mcore-to-amdgpu{chip=gfx1201}, mcore-expand-narrow-floats, convert-arith-to-amdgpu{{.*}}, convert-amdgpu-to-rocdl{chipset=gfx1201},{{.*}}mcore-verify-matrix-intrinsics,{{ ?}}mcore-stamp-target-cpu{chip=gfx1201}), mcore-async-gpu-memory-ops,{{.*}}gpu-module-to-binary{format=isa
// LOCAL: pipeline: "builtin.module(gpu.module(mcore-verify-matrix-intrinsics))"

module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx1201">] {
    gpu.func @mfma(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<16xf32>, %out: memref<16xf32>) kernel {
      %z = arith.constant 0 : i32
      %d = rocdl.mfma.f32.32x32x8f16 %a, %b, %c, %z, %z, %z : (vector<4xf16>, vector<4xf16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
      %i = arith.constant 0 : index
      vector.store %d, %out[%i] : memref<16xf32>, vector<16xf32>
      gpu.return
    }
  }
}
