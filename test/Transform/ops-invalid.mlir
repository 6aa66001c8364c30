// RUN: mcore-opt %s --transform-interpreter --split-input-file --verify-diagnostics

// The tiler's located errors become definite failures of the transform.
func.func @bad_tile(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %C: memref<256x256xf32>) {
  // expected-error @below {{tile 100x128 with 2x2 waves gives wave tiles of 50x64, not a multiple of wmma_f32_16x16x16_f16_w32_gfx12's 16x16}}
  linalg.matmul ins(%A, %B : memref<256x256xf16>, memref<256x256xf16>) outs(%C : memref<256x256xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.mcore.tile_matmul_to_gpu %mm {chip = "gfx1201", tile_m = 100} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

func.func @not_a_matmul(%A: memref<256x256xf32>) {
  %z = arith.constant 0.0 : f32
  // expected-note @below {{target: linalg.fill}}
  linalg.fill ins(%z : f32) outs(%A : memref<256x256xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["linalg.fill"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{expects linalg.matmul or mcore.sparse_matmul targets}}
    %k = transform.mcore.tile_matmul_to_gpu %f {chip = "gfx1201"} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// No chip given and none on the IR.
func.func @no_chip(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %C: memref<256x256xf32>) {
  // expected-error @below {{chip}}
  linalg.matmul ins(%A, %B : memref<256x256xf16>, memref<256x256xf16>) outs(%C : memref<256x256xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.mcore.tile_matmul_to_gpu %mm : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// An instruction that does not compute the tile.
func.func @select_wrong(%a: vector<32x8xf16>, %b: vector<8x32xf16>, %c: vector<32x32xf32>) -> vector<32x32xf32> {
  // expected-error @below {{intrinsic mfma_f32_16x16x16f16 (16x16x16, f16 x f16 -> f32, dense) does not compute this 32x32x8 tile of f16 x f16 -> f32}}
  %d = mcore.mma %a, %b, %c : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
  return %d : vector<32x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.mcore.select_intrinsics %f {chip = "gfx942", intrinsic = "mfma_f32_16x16x16f16"} : !transform.any_op
    transform.yield
  }
}

// -----

func.func @select_unknown(%a: vector<32x8xf16>, %b: vector<8x32xf16>, %c: vector<32x32xf32>) -> vector<32x32xf32> {
  %d = mcore.mma %a, %b, %c : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
  return %d : vector<32x32xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{unknown intrinsic 'mfma_f32_32x32x8_f17'; did you mean mfma_f32_32x32x8f16, mfma_f32_32x32x4bf16, mfma_f32_32x32x4f16?}}
    transform.mcore.select_intrinsics %f {chip = "gfx942", intrinsic = "mfma_f32_32x32x8_f17"} : !transform.any_op
    transform.yield
  }
}

// -----

// mcore.compress_2to4 on tensors: bufferize first.
func.func @lower_tensor(%a: tensor<64x128xf16>, %v0: tensor<64x64xf16>, %m0: tensor<64x4xi32>) -> (tensor<64x64xf16>, tensor<64x4xi32>) {
  // expected-error @below {{bufferize first}}
  %v, %m = mcore.compress_2to4 ins(%a : tensor<64x128xf16>) outs(%v0, %m0 : tensor<64x64xf16>, tensor<64x4xi32>) -> tensor<64x64xf16>, tensor<64x4xi32>
  return %v, %m : tensor<64x64xf16>, tensor<64x4xi32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["mcore.compress_2to4"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.mcore.lower_2to4 %c : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.apply_patterns to %root {
      // expected-error @below {{unknown chip 'gfx9999'}}
      transform.apply_patterns.mcore.tile_matmul {chip = "gfx9999"}
    } : !transform.any_op
    transform.yield
  }
}
