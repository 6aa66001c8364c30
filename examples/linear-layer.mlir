// A linear layer's forward pass, y = relu(x W + b) in f16, the example of
// docs/MatmulForms.md's "Fused epilogues": the bias per column, ReLU and the
// cast run in the matmul kernel's epilogue, on the accumulators, and only y
// is written.
#id = affine_map<(i, j) -> (i, j)>
#col = affine_map<(i, j) -> (j)>
func.func @layer(%x: tensor<256x512xf16>, %w: tensor<512x384xf16>,
                 %b: tensor<384xf32>) -> tensor<256x384xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x384xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x384xf32>) -> tensor<256x384xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<256x512xf16>, tensor<512x384xf16>)
                      outs(%f : tensor<256x384xf32>) -> tensor<256x384xf32>
  %o = tensor.empty() : tensor<256x384xf16>
  %y = linalg.generic {indexing_maps = [#id, #col, #id],
                       iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<256x384xf32>, tensor<384xf32>)
      outs(%o : tensor<256x384xf16>) {
  ^bb0(%acc: f32, %bias: f32, %out: f16):
    %s = arith.addf %acc, %bias : f32
    %r = arith.maximumf %s, %zero : f32
    %t = arith.truncf %r : f32 to f16
    linalg.yield %t : f16
  } -> tensor<256x384xf16>
  return %y : tensor<256x384xf16>
}
