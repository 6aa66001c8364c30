// y = x W for one row of x (LLM decode): test/Perf/split-k.test.
func.func @matmul(%A: memref<1x4096xf16>, %B: memref<4096x4096xf16>, %C: memref<1x4096xf32>) {
  linalg.matmul ins(%A, %B : memref<1x4096xf16>, memref<4096x4096xf16>) outs(%C : memref<1x4096xf32>)
  return
}
