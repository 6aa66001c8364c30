// Not valid MLIR: %b is never defined.
func.func @main() {
  %a = arith.constant 1.0 : f32
  %c = arith.addf %a, %b : f32
  return
}
