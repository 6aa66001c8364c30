// A kernel that never ends: each lane counts in a loop with no exit (no
// barrier, no wave-wide instruction), storing as it goes.
func.func @main() {
  %out = gpu.alloc host_shared () : memref<64xi32>
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %true = arith.constant true
    %r = scf.while (%i = %zero) : (i32) -> i32 {
      scf.condition(%true) %i : i32
    } do {
    ^bb0(%j: i32):
      %n = arith.addi %j, %one : i32
      memref.store %n, %out[%tx] : memref<64xi32>
      scf.yield %n : i32
    }
    gpu.terminator
  }
  return
}
