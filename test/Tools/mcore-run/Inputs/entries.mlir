// Entry functions of every kind, for mcore-run's entry checks.
func.func @takes_args(%a: i32) -> i32 {
  return %a : i32
}
func.func @returns_i32() -> i32 {
  %c = arith.constant 42 : i32
  return %c : i32
}
func.func @returns_two() -> (i32, i32) {
  %c = arith.constant 42 : i32
  return %c, %c : i32, i32
}
func.func private @external()
