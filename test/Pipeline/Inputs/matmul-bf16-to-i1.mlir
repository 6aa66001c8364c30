// A linalg.matmul of bf16 into i1 (found by scripts/fuzz.sh): it runs as a
// kernel of its own, whose conversion of the bf16 product to i1 LLVM 22's
// AMDGPU backend cannot select.
func.func @ragged(%A: memref<100x50xbf16>, %B: memref<50x70xbf16>, %C: memref<100x70xi1>) {
  linalg.matmul ins(%A, %B : memref<100x50xbf16>, memref<50x70xbf16>) outs(%C : memref<100x70xi1>)
  return
}
