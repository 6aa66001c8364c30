// The pipeline --mcore-pipeline builds, as --dump-pass-pipeline prints it,
// parses back with --pass-pipeline and gives byte-identical output: every
// pass in it is registered, and every option prints as it parses. Three
// chips (RDNA4 with SWMMAC, CDNA3 with SMFMAC, RDNA3 with the dense fallback
// for 2:4 A), a dense and a 2:4-sparse matmul each.

// RUN: %mcore-opt %s --mcore-pipeline="chip=gfx1201 format=llvm tile-m=32 tile-n=32" --dump-pass-pipeline -o %t.gfx1201 2> %t.gfx1201.pipeline
// RUN: %python %S/pipeline-text.py replay %mcore-opt %t.gfx1201.pipeline %s -o %t.gfx1201.replayed
// RUN: cmp %t.gfx1201 %t.gfx1201.replayed
// RUN: FileCheck %s --input-file=%t.gfx1201.pipeline -DCHIP=gfx1201

// RUN: %mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa" --dump-pass-pipeline -o %t.gfx942 2> %t.gfx942.pipeline
// RUN: %python %S/pipeline-text.py replay %mcore-opt %t.gfx942.pipeline %s -o %t.gfx942.replayed
// RUN: cmp %t.gfx942 %t.gfx942.replayed
// RUN: FileCheck %s --input-file=%t.gfx942.pipeline -DCHIP=gfx942

// RUN: %mcore-opt %s --mcore-pipeline="chip=gfx1100 format=llvm" --dump-pass-pipeline -o %t.gfx1100 2> %t.gfx1100.pipeline
// RUN: %python %S/pipeline-text.py replay %mcore-opt %t.gfx1100.pipeline %s -o %t.gfx1100.replayed
// RUN: cmp %t.gfx1100 %t.gfx1100.replayed
// RUN: FileCheck %s --input-file=%t.gfx1100.pipeline -DCHIP=gfx1100

// The output is a real result, not two empty runs alike.
// RUN: FileCheck %s --input-file=%t.gfx942.replayed --check-prefix=ISA

// CHECK:      builtin.module(
// CHECK:        convert-mcore-to-amdgpu{chip=[[CHIP]]},
// CHECK-NEXT:   mcore-expand-narrow-floats,
// CHECK-NEXT:   convert-arith-to-amdgpu{allow-packed-f16-round-to-zero=false chipset=[[CHIP]] saturate-fp8-truncf=false},
// CHECK-NEXT:   convert-amdgpu-to-rocdl{chipset=[[CHIP]]},
// CHECK:        gpu.module(
// CHECK:          mcore-verify-matrix-intrinsics,
// CHECK-NEXT:     mcore-stamp-target-cpu{chip=[[CHIP]]}
// CHECK-NEXT:   ),
// CHECK-NEXT:   mcore-async-gpu-memory-ops,
// CHECK:        gpu-module-to-binary{
// CHECK:      {{^}})

// ISA: gpu.binary @{{.*}}v_mfma_f32_32x32x8_f16
// ISA: gpu.binary @{{.*}}v_smfmac_f32_32x32x16_f16

func.func @dense(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x64xf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>
func.func @sparse(%a: tensor<64x128xf16, #S24>, %b: tensor<128x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<64x128xf16, #S24>, tensor<128x64xf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
