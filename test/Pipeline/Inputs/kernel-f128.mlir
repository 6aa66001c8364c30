// f128 arithmetic in a kernel (test/Pipeline/verify-device-code.mlir).
func.func @main(%out: memref<4xf128>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = memref.load %out[%tx] : memref<4xf128>
    %w = arith.divf %v, %v : f128
    memref.store %w, %out[%tx] : memref<4xf128>
    gpu.terminator
  }
  return
}
