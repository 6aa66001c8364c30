// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa f32-precision=bf16x3" 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa f32-precision=bf16x3" 2>/dev/null | %isa-report | FileCheck %s --check-prefix=GFX1201
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1100 format=isa f32-precision=bf16x3" 2>/dev/null | %isa-report | FileCheck %s --check-prefix=GFX1100
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=llvm f32-precision=bf16x3" --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=ON
// RUN: echo "module {}" | mcore-opt --mcore-pipeline="chip=gfx1201 format=llvm" --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=DEFAULT
// RUN: echo "module {}" | mcore-opt --mcore-pipeline="chip=gfx1100 format=llvm" --dump-pass-pipeline 2>&1 >/dev/null | FileCheck %s --check-prefix=DEFAULT

// f32-precision=bf16x3 on RDNA: the f32 matmul becomes three bf16 matmuls
// (mcore-split-f32-matmul) on bf16 WMMA, plus two kernels that split A and
// B into bf16 pieces. It is never on by default: without the option the
// pipeline has no mcore-split-f32-matmul on any chip (the default,
// f32-precision=ieee, is what the pipeline's dump shows; an empty module,
// since what the default does with an f32 matmul on RDNA is not this
// test's business).

// REMARK: bf16x3.mlir:[[@LINE+11]]:8: remark: linalg.generic runs as a GPU kernel of its own: it splits an f32 operand into the bf16 pieces of f32-precision=bf16x3 (mcore-split-f32-matmul)
// GFX1201-COUNT-3: loop {{.+}}: v_wmma_f32_16x16x16_bf16 x{{[0-9]+}},
// GFX1201-NOT:     v_wmma
// GFX1100-COUNT-3: loop {{.+}}: v_wmma_f32_16x16x16_bf16 x{{[0-9]+}},
// ON:              mcore-lower-compress-2to4,
// ON-NEXT:         mcore-split-f32-matmul,
// ON-NEXT:         mcore-configure-matmul{{.*}} f32-precision=bf16x3
// DEFAULT-NOT:     mcore-split-f32-matmul
// DEFAULT:         mcore-configure-matmul{{.*}} f32-precision=ieee
// DEFAULT-NOT:     mcore-split-f32-matmul
func.func @f32(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>, %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
