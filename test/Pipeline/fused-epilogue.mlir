// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa" | FileCheck %s

// The layer of issue 12 on RDNA4: a 256x384 matmul, a bias per column, ReLU
// and the cast to f16 are one kernel. The host function launches it once
// and computes nothing itself; the kernel's WMMAs are followed by the
// epilogue's max and f16 conversion, and it stores only f16 (C, an f32
// temporary, is never written).

// CHECK-LABEL: llvm.func @layer(
// CHECK-NOT:     llvm.fptrunc
// CHECK-NOT:     llvm.intr.maximum
// CHECK:         gpu.launch_func @layer_kernel::@layer_kernel
// CHECK-NOT:     gpu.launch_func
// CHECK-NOT:     llvm.fptrunc
// CHECK:         llvm.return
// CHECK:       gpu.binary @layer_kernel
// CHECK-SAME:    v_wmma_f32_16x16x16_f16
// CHECK-NOT:     global_store_b32
// CHECK-SAME:    v_add_f32
// CHECK-SAME:    v_maximum_f32
// CHECK-SAME:    v_cvt_f16_f32
// CHECK-SAME:    global_store_b16
// CHECK-NOT:     global_store_b32
// CHECK-SAME:    .amdhsa_kernel layer_kernel
// CHECK-NOT:   .amdhsa_kernel

#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @layer(%x: tensor<256x512xf16>, %w: tensor<512x384xf16>,
                 %bias: tensor<384xf32>) -> tensor<256x384xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x384xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x384xf32>) -> tensor<256x384xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<256x512xf16>, tensor<512x384xf16>)
                      outs(%f : tensor<256x384xf32>) -> tensor<256x384xf32>
  %o = tensor.empty() : tensor<256x384xf16>
  %r = linalg.generic {indexing_maps = [#id, #col, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<256x384xf32>, tensor<384xf32>)
      outs(%o : tensor<256x384xf16>) {
  ^bb0(%a: f32, %b: f32, %out: f16):
    %s = arith.addf %a, %b : f32
    %m = arith.maximumf %s, %zero : f32
    %t = arith.truncf %m : f32 to f16
    linalg.yield %t : f16
  } -> tensor<256x384xf16>
  return %r : tensor<256x384xf16>
}
