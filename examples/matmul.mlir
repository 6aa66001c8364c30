// A dense f16 matmul, 256x256x256, on tensors: the docs' first example of
// --mcore-pipeline (docs/Pipeline.md), and the install tests' (test/Install).
func.func @matmul(%a: tensor<256x256xf16>, %b: tensor<256x256xf16>,
                  %c: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<256x256xf16>, tensor<256x256xf16>)
                     outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}
