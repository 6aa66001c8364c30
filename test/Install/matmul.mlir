// A dense f16 matmul for the downstream tool's --mcore-pipeline.
func.func @matmul(%a: tensor<256x256xf16>, %b: tensor<256x256xf16>,
                  %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<256x256xf16>, tensor<256x256xf16>)
                     outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
