// The chip can come from an mcore.chip attribute instead of the option.
// RUN: mcore-opt %s --convert-mcore-to-amdgpu | FileCheck %s --check-prefix=AMDGPU
// RUN: mcore-opt %s --convert-mcore-to-amdgpu --convert-amdgpu-to-rocdl=chipset=gfx942 | FileCheck %s

module attributes {mcore.chip = #mcore.chip<gfx942>} {
  // CHECK-LABEL: func @f
  // AMDGPU-LABEL: func @f
  func.func @f(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<16xf32>) -> vector<16xf32> {
    // AMDGPU: amdgpu.mfma 32x32x8
    // CHECK: rocdl.mfma.f32.32x32x8f16
    %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>}
        : vector<4xf16>, vector<4xf16> into vector<16xf32>
    return %d : vector<16xf32>
  }
}
