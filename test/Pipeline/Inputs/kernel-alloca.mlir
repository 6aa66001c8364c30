// A kernel with a private array (memref.alloca): each of 4 threads fills
// p[i] = i + tid and sums it, 28 + 8 tid. test/Pipeline/verify-device-code.mlir
// and test/Integration/emulator/pipeline-alloca.mlir use it.

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %out = memref.alloc() : memref<4xf32>
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %p = memref.alloca() : memref<8xf32>
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %one = arith.constant 1 : index
    scf.for %i = %c0 to %c8 step %one {
      %ii = arith.index_cast %i : index to i32
      %ti = arith.index_cast %tx : index to i32
      %s = arith.addi %ii, %ti : i32
      %f = arith.sitofp %s : i32 to f32
      memref.store %f, %p[%i] : memref<8xf32>
    }
    %z = arith.constant 0.0 : f32
    %sum = scf.for %i = %c0 to %c8 step %one iter_args(%acc = %z) -> f32 {
      %v = memref.load %p[%i] : memref<8xf32>
      %a = arith.addf %acc, %v : f32
      scf.yield %a : f32
    }
    memref.store %sum, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
