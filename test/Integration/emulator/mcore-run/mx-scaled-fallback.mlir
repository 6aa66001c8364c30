// The OCP MX block-scaled matmul in the linalg form of IREE's scaled
// contractions (docs/MatmulForms.md): A (M x K/32 x 32), B (N x K/32 x
// 32), one E8M0 scale per row and block of 32, arith.scaling_extf in the
// body. On gfx950 mcore-tile-matmul lowers it to the block-scaled MFMA
// (v_mfma_scale_f32_16x16x128_f8f6f4), on gfx1250 to the block-scaled WMMA
// (v_wmma_scale_f32_16x16x128_f8f6f4); on gfx1201, which has no
// block-scaled instruction, it runs as a kernel of mcore-linalg-to-gpu, and
// mcore-expand-narrow-floats computes its FP4, FP6, BF6 and E8M0 values
// (LLVM has no types for them). The elements are random, subnormals of
// FP6/BF6 included; every product and sum is exact in f32, so the printed
// values are the exact ones (computed in Python).
// RUN: %mcore-run %s --chip=gfx1201 --backend=emu 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %mcore-run %s --chip=gfx950 --backend=emu 2>/dev/null | FileCheck %s
// RUN: %mcore-run %s --chip=gfx1201 --backend=emu 2>/dev/null | FileCheck %s
// RUN: %mcore-run %s --chip=gfx1250 --backend=emu 2>/dev/null | FileCheck %s
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx950 format=isa" 2>&1 | FileCheck %s --check-prefix=MFMA

#a = affine_map<(m, n, kb, k) -> (m, kb, k)>
#b = affine_map<(m, n, kb, k) -> (n, kb, k)>
#sa = affine_map<(m, n, kb, k) -> (m, kb)>
#sb = affine_map<(m, n, kb, k) -> (n, kb)>
#c = affine_map<(m, n, kb, k) -> (m, n)>

func.func private @printMemrefF32(memref<*xf32>)


func.func @scaled_0(%a: tensor<2x2x32xf4E2M1FN>, %b: tensor<3x2x32xf6E2M3FN>,
                    %sa: tensor<2x2xf8E8M0FNU>, %sb: tensor<3x2xf8E8M0FNU>)
    -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<2x3xf32>
  %c = linalg.fill ins(%zero : f32) outs(%init : tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #sa, #sb, #c],
      iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b, %sa, %sb : tensor<2x2x32xf4E2M1FN>, tensor<3x2x32xf6E2M3FN>,
                             tensor<2x2xf8E8M0FNU>, tensor<3x2xf8E8M0FNU>)
      outs(%c : tensor<2x3xf32>) {
  ^bb0(%x: f4E2M1FN, %y: f6E2M3FN, %s: f8E8M0FNU, %t: f8E8M0FNU, %acc: f32):
    %0 = arith.scaling_extf %x, %s : f4E2M1FN, f8E8M0FNU to f32
    %1 = arith.scaling_extf %y, %t : f6E2M3FN, f8E8M0FNU to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %acc, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func @scaled_1(%a: tensor<2x2x32xf6E3M2FN>, %b: tensor<3x2x32xf4E2M1FN>,
                    %sa: tensor<2x2xf8E8M0FNU>, %sb: tensor<3x2xf8E8M0FNU>)
    -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<2x3xf32>
  %c = linalg.fill ins(%zero : f32) outs(%init : tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #sa, #sb, #c],
      iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%a, %b, %sa, %sb : tensor<2x2x32xf6E3M2FN>, tensor<3x2x32xf4E2M1FN>,
                             tensor<2x2xf8E8M0FNU>, tensor<3x2xf8E8M0FNU>)
      outs(%c : tensor<2x3xf32>) {
  ^bb0(%x: f6E3M2FN, %y: f4E2M1FN, %s: f8E8M0FNU, %t: f8E8M0FNU, %acc: f32):
    %0 = arith.scaling_extf %x, %s : f6E3M2FN, f8E8M0FNU to f32
    %1 = arith.scaling_extf %y, %t : f4E2M1FN, f8E8M0FNU to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %acc, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

func.func @main() {
  %a0 = arith.constant dense<[[[-1.0, 2.0, -2.0, 0.5, 1.0, 1.5, -1.5, 0.5, 4.0, 0.5, 1.0, -3.0, -3.0, 1.0, 6.0, 1.0, -3.0, 0.5, 1.5, 6.0, 0.5, -2.0, 0.5, 6.0, 0.5, 2.0, -0.5, -3.0, 2.0, 1.5, -0.5, 3.0], [1.5, 4.0, -1.5, 1.5, 1.0, 0.5, 4.0, -6.0, -3.0, -1.0, -4.0, -4.0, -1.5, -0.5, 6.0, 3.0, 6.0, 1.0, -0.5, -6.0, -1.0, -4.0, -0.5, 1.0, 1.5, -3.0, 3.0, -1.0, 2.0, -6.0, -3.0, 0.5]], [[1.0, -1.0, -1.0, -1.5, -6.0, -4.0, 1.0, 1.0, -0.0, -6.0, 1.0, 0.5, -0.5, -4.0, -0.5, -2.0, -1.5, 0.0, -4.0, -1.5, 3.0, 1.5, -6.0, 0.5, 4.0, -0.5, 2.0, 6.0, -2.0, -2.0, -6.0, 1.0], [3.0, -4.0, -2.0, -0.0, 2.0, -3.0, -0.0, -3.0, -1.5, -2.0, 6.0, 2.0, 1.0, 3.0, 2.0, 6.0, 6.0, 0.0, -6.0, 3.0, -0.0, -0.5, 0.0, 2.0, -3.0, -1.5, -1.0, 2.0, 0.5, -4.0, -2.0, -2.0]]]> : tensor<2x2x32xf4E2M1FN>
  %b0 = arith.constant dense<[[[-2.75, -2.5, 1.625, -6.5, -2.75, 0.875, 4.0, 1.0, 5.0, -4.0, 3.0, 1.75, -1.375, 0.75, 1.625, 0.0, 2.75, 1.5, -1.75, 0.375, 1.125, 5.0, -2.0, 2.75, -0.0, -1.5, -1.75, -6.0, 1.875, 1.75, -7.0, -5.5], [-6.5, -6.5, -0.875, 1.25, 2.5, 1.625, -1.375, -0.125, -6.5, 3.0, 0.25, 5.0, -1.75, 2.5, 0.375, -0.75, 1.375, -0.125, -1.75, 3.25, -1.625, 6.0, -1.25, 6.0, 4.0, 7.0, -2.75, 6.5, 4.5, -7.5, -1.625, 0.375]], [[0.375, -0.375, -6.0, -0.125, 4.0, -1.5, -4.5, -1.5, -1.75, 1.25, 6.0, 1.625, 6.5, -6.0, 4.5, -1.375, 5.0, -6.5, 0.0, -6.5, -1.5, 1.25, 1.875, -2.25, 4.5, -6.5, 3.5, -3.75, -1.25, 1.375, -2.5, -5.5], [-2.75, 1.25, 3.0, 3.25, 2.0, 0.375, 2.75, -5.5, 2.5, -6.0, -1.5, 2.75, 2.0, 0.25, 0.125, 1.625, 2.25, -3.75, 4.0, 5.5, 0.375, -0.0, 5.5, -0.625, 7.0, -1.125, -0.125, -3.25, 2.0, 0.875, -1.625, -5.0]], [[-3.25, 2.0, 2.75, 0.25, -4.0, 3.75, 0.0, 2.75, 3.5, 2.5, -6.0, 1.875, 0.875, -1.125, -6.5, 1.625, 0.875, 7.5, 4.0, -0.375, 0.625, 1.5, -4.5, 0.375, 1.0, -4.0, -1.125, 4.5, -0.375, -4.5, -6.5, 7.5], [-0.125, 4.5, -4.5, 2.25, -3.25, 1.875, -2.5, -4.0, -1.0, 1.125, 7.0, -3.5, 1.125, 5.5, -0.75, 1.875, 2.75, -1.75, 2.5, -0.0, 2.25, -5.5, 6.0, 1.5, -2.5, -7.0, 3.0, 6.0, 3.0, -3.75, -2.75, -1.375]]]> : tensor<3x2x32xf6E2M3FN>
  %sa0 = arith.constant dense<[[2.0, 0.5], [1.0, 1.0]]> : tensor<2x2xf8E8M0FNU>
  %sb0 = arith.constant dense<[[0.25, 1.0], [0.25, 1.0], [4.0, 2.0]]> : tensor<3x2xf8E8M0FNU>
  %r0 = call @scaled_0(%a0, %b0, %sa0, %sb0) : (tensor<2x2x32xf4E2M1FN>, tensor<3x2x32xf6E2M3FN>, tensor<2x2xf8E8M0FNU>, tensor<3x2xf8E8M0FNU>) -> tensor<2x3xf32>
  %m0 = bufferization.to_buffer %r0 : tensor<2x3xf32> to memref<2x3xf32>
  %u0 = memref.cast %m0 : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u0) : (memref<*xf32>) -> ()
  %a1 = arith.constant dense<[[[-8.0, 0.125, -2.5, -0.75, -0.3125, 0.5, 1.5, 20.0, 1.25, 0.75, -0.0625, -0.125, 0.3125, 7.0, -0.125, 2.0, -6.0, -0.0625, -3.5, 3.5, -28.0, -0.625, 0.875, -0.1875, 0.4375, 7.0, -6.0, 0.625, -0.125, 0.125, 0.875, -0.0625], [0.75, 16.0, 0.5, -0.0625, 1.75, -12.0, 0.0625, -0.875, -5.0, -0.125, 2.0, 0.3125, 24.0, 1.5, 4.0, -0.0625, 0.375, 7.0, 10.0, -0.4375, -0.4375, 12.0, -0.3125, -10.0, 6.0, -0.125, -1.0, 0.125, -0.0, 0.25, 0.0625, 0.125]], [[8.0, -16.0, 28.0, -10.0, 1.25, -7.0, -28.0, -3.0, -0.4375, 14.0, 20.0, -0.875, 10.0, 2.5, -3.5, -1.0, 0.375, 2.0, 0.0625, 0.625, -0.0, -7.0, 4.0, 0.4375, 0.75, -2.0, -0.25, 28.0, -0.3125, 0.3125, -12.0, 7.0], [4.0, -0.125, -10.0, 0.0, -0.0625, -1.5, -0.75, -0.625, 28.0, 0.25, -0.4375, 14.0, -1.25, 7.0, 0.0, -0.75, -2.0, 0.75, -16.0, -0.1875, 10.0, 28.0, 0.0, 0.875, -0.0625, 0.875, 3.0, -3.5, 0.3125, -3.0, 0.125, -0.375]]]> : tensor<2x2x32xf6E3M2FN>
  %b1 = arith.constant dense<[[[-0.5, 6.0, 1.0, 2.0, -2.0, -1.0, -6.0, 2.0, -0.5, 2.0, 0.5, -3.0, 2.0, 0.0, 6.0, 1.0, 0.0, 0.5, 2.0, -1.5, 1.5, -2.0, -4.0, 0.5, 0.0, 6.0, -6.0, -0.0, 0.0, -4.0, 1.0, 1.0], [1.0, -6.0, -0.0, 1.0, -0.0, 6.0, 4.0, 6.0, -4.0, -6.0, -2.0, 1.0, -6.0, -0.5, 0.5, 4.0, 1.0, 2.0, -1.0, -0.0, -0.5, 2.0, 0.0, -6.0, 0.5, -6.0, -0.0, 1.5, 4.0, -6.0, -0.5, -0.5]], [[-4.0, -4.0, -4.0, 1.5, 4.0, -0.5, 1.0, -6.0, 0.0, -0.5, -4.0, 1.0, -4.0, -0.0, -2.0, 4.0, 4.0, 1.0, 1.0, 2.0, -0.0, -1.5, 2.0, -0.0, 1.5, -1.5, 6.0, -6.0, -6.0, -2.0, 0.0, 3.0], [0.0, -6.0, -4.0, -2.0, -0.5, 2.0, -3.0, -1.5, -2.0, -1.0, 1.5, -1.0, 0.0, -1.0, -1.0, -2.0, 1.5, 4.0, 0.0, -0.5, -0.0, -1.5, 1.0, -2.0, -2.0, 1.0, -1.5, -3.0, -0.0, 0.5, -0.0, 1.5]], [[0.5, -0.5, 2.0, 6.0, -0.0, -3.0, -1.0, 4.0, -1.5, -3.0, 0.0, -2.0, 4.0, 1.0, 0.5, -3.0, -4.0, 2.0, -0.5, -6.0, 0.5, 2.0, 3.0, -6.0, -3.0, -1.0, -0.5, -0.5, -0.0, -0.0, -2.0, 6.0], [-0.5, -6.0, -2.0, 1.5, 3.0, 3.0, 1.0, 4.0, -6.0, 6.0, -4.0, -1.0, -4.0, -3.0, 2.0, 4.0, 6.0, 1.0, 3.0, -1.0, 1.0, -1.0, 6.0, -1.5, -0.0, 4.0, 0.0, -3.0, -2.0, -3.0, 4.0, -2.0]]]> : tensor<3x2x32xf4E2M1FN>
  %sa1 = arith.constant dense<[[1.0, 1.0], [0.25, 2.0]]> : tensor<2x2xf8E8M0FNU>
  %sb1 = arith.constant dense<[[1.0, 4.0], [1.0, 0.5], [4.0, 4.0]]> : tensor<3x2xf8E8M0FNU>
  %r1 = call @scaled_1(%a1, %b1, %sa1, %sb1) : (tensor<2x2x32xf6E3M2FN>, tensor<3x2x32xf4E2M1FN>, tensor<2x2xf8E8M0FNU>, tensor<3x2xf8E8M0FNU>) -> tensor<2x3xf32>
  %m1 = bufferization.to_buffer %r1 : tensor<2x3xf32> to memref<2x3xf32>
  %u1 = memref.cast %m1 : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  return
}

// f4E2M1FN x f6E2M3FN:
// CHECK: sizes = [2, 3]
// CHECK-NEXT: {{^\[\[ *}}-5.96875,{{ *}}-22.125,{{ *}}-148.75]
// CHECK-NEXT: {{^ \[ *}}108.422,{{ *}}8.875,{{ *}}578]
// f6E3M2FN x f4E2M1FN:
// CHECK: sizes = [2, 3]
// CHECK-NEXT: {{^\[\[ *}}-772.594,{{ *}}-187.234,{{ *}}-470.375]
// CHECK-NEXT: {{^ \[ *}}-284.5,{{ *}}-159.453,{{ *}}-1838.38]

// No matrix instruction takes this form yet (issue 31): a warning says why,
// and the kernel of mcore-linalg-to-gpu computes it.
// MFMA-NOT: warning
// MFMA: v_mfma_scale_f32_16x16x128_f8f6f4
// REMARK: warning: this linalg.generic is not a matmul kernel (mcore-linalg-to-gpu runs it as loops in a GPU kernel of its own): a matmul contraction has two inputs and one output; this linalg.generic has 4 and 1
// REMARK: remark: linalg.generic runs as a GPU kernel of its own: the chip has no block-scaled matrix instruction for this MX contraction (gfx950 and gfx1250 have; docs/MatmulForms.md)
