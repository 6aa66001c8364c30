// mcore-select-intrinsics, run by a downstream tool built against an
// installed mcore.
// CHECK-LABEL: func @tile
// CHECK: mcore.mma {{.*}} {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>}
func.func @tile(%a: vector<32x8xf16>, %b: vector<8x32xf16>,
                %c: vector<32x32xf32>) -> vector<32x32xf32> {
  %d = mcore.mma %a, %b, %c : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
  return %d : vector<32x32xf32>
}
