// One matrix-instruction tile of a matmul, as mcore-tile-matmul writes it:
// whole-tile vectors, no intrinsic chosen yet.
func.func @tile(%a: vector<32x8xf16>, %b: vector<8x32xf16>,
                %c: vector<32x32xf32>) -> vector<32x32xf32> {
  %d = mcore.mma %a, %b, %c : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
  return %d : vector<32x32xf32>
}
