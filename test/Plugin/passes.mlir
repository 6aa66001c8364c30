// mcore's passes one by one in upstream mlir-opt-22, loaded as a plugin:
// instruction selection, distribution to lanes, the amdgpu op, and
// upstream's ROCDL lowering after them.
// RUN: %mlir-opt --load-dialect-plugin=%mcore-plugin --load-pass-plugin=%mcore-plugin \
// RUN:   --pass-pipeline="builtin.module(func.func(mcore-select-intrinsics{chip=gfx1201}))" %s \
// RUN:   | FileCheck --check-prefix=SELECT %s
// RUN: %mlir-opt --load-dialect-plugin=%mcore-plugin --load-pass-plugin=%mcore-plugin \
// RUN:   --pass-pipeline="builtin.module(func.func(mcore-select-intrinsics{chip=gfx1201},mcore-distribute,convert-mcore-to-amdgpu{chip=gfx1201}),convert-amdgpu-to-rocdl{chipset=gfx1201})" %s \
// RUN:   | FileCheck --check-prefix=ROCDL %s

// SELECT-LABEL: func.func @tile
// SELECT: mcore.mma {{.*}} {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>}
// ROCDL-LABEL: func.func @tile
// ROCDL-NOT: mcore.mma
// ROCDL: rocdl.wmma.f32.16x16x16.f16 {{.*}} : (vector<8xf16>, vector<8xf16>, vector<8xf32>) -> vector<8xf32>
func.func @tile(%A: memref<16x16xf16>, %B: memref<16x16xf16>, %C: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f16
  %z = arith.constant 0.0 : f32
  %a = vector.transfer_read %A[%c0, %c0], %f0 : memref<16x16xf16>, vector<16x16xf16>
  %b = vector.transfer_read %B[%c0, %c0], %f0 : memref<16x16xf16>, vector<16x16xf16>
  %c = vector.transfer_read %C[%c0, %c0], %z : memref<16x16xf32>, vector<16x16xf32>
  %d = mcore.mma %a, %b, %c : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  vector.transfer_write %d, %C[%c0, %c0] : vector<16x16xf32>, memref<16x16xf32>
  return
}
