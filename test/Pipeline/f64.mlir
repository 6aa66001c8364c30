// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa" 2>&1 | FileCheck %s
// RUN: not mcore-opt %s --mcore-pipeline="chip=gfx90a format=isa" 2>&1 | FileCheck %s

// f64 is refused with a located error: the f64 MFMA is in the catalog and
// the emulator, but mcore.mma does not take f64 operands yet.
// CHECK: f64.mlir:[[@LINE+2]]:8: error: linalg.matmul of f64 x f64 -> f64: mcore's matmul kernels do not take f64 yet (the f64 MFMA mfma_f64_16x16x4f64 is in the catalog)
func.func @f64(%a: tensor<256x256xf64>, %b: tensor<256x256xf64>, %c: tensor<256x256xf64>) -> tensor<256x256xf64> {
  %r = linalg.matmul ins(%a, %b : tensor<256x256xf64>, tensor<256x256xf64>) outs(%c : tensor<256x256xf64>) -> tensor<256x256xf64>
  return %r : tensor<256x256xf64>
}
