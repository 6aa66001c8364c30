// A 4096 x 4096 x 4096 f16 matmul whose A is 2:4-sparse, written with the
// sparse_tensor encoding MLIR's sparsifier uses for NVIDIA 2:4. mcore's
// pipeline compresses A and lowers the matmul to SWMMAC on gfx1201 or
// SMFMAC on gfx942 (scripts/demo.sh step 3, docs/Pipeline.md).
#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>
func.func @matmul(%a: tensor<4096x4096xf16, #S24>, %b: tensor<4096x4096xf16>,
                  %c: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4096x4096xf16, #S24>, tensor<4096x4096xf16>)
                     outs(%c : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}
