// RUN: mcore-opt %s --mcore-configure-matmul="chip=gfx1100 intrinsic=wmma_bf16_16x16x16_bf16_w32 wide-accumulator=true" -verify-diagnostics
// RUN: mcore-opt %s --mcore-configure-matmul="chip=gfx1100 intrinsic=wmma_bf16_16x16x16_bf16_w32" | FileCheck %s

// A forced instruction with a bf16 accumulator and wide-accumulator=true
// (f32 accumulation): the error says which of the two rules it out (a
// case of scripts/fuzz.sh's matmul fuzzer, which took the old message,
// "does not compute bf16 x bf16 -> bf16", for a rejection of valid input).
// Without wide-accumulator the instruction is taken.
// CHECK: intrinsic = wmma_bf16_16x16x16_bf16_w32
func.func @bf16(%A: memref<64x64xbf16>, %B: memref<64x64xbf16>, %C: memref<64x64xbf16>) {
  // expected-error @+1 {{wmma_bf16_16x16x16_bf16_w32 does not compute bf16 x bf16 -> bf16 with wide-accumulator=true: it accumulates in bf16, not f32}}
  linalg.matmul ins(%A, %B : memref<64x64xbf16>, memref<64x64xbf16>) outs(%C : memref<64x64xbf16>)
  return
}
