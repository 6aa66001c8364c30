// RUN: mcore-opt %s --transform-interpreter --split-input-file -verify-diagnostics | FileCheck %s

// tile_matmul_to_gpu with emit_kernel = false stops at the work-group's
// tile; emit_workgroup_kernel on the launch writes its body.
// CHECK-LABEL: func.func @halves
// CHECK:       gpu.launch
// CHECK-NOT:   mcore.workgroup_matmul
// CHECK:       gpu.barrier
// CHECK:       scf.for
// CHECK-COUNT-32: mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>}
// CHECK:       gpu.terminator
func.func @halves(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf16>, memref<256x256xf16>) outs(%C : memref<256x256xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.mcore.tile_matmul_to_gpu %mm {chip = "gfx1201", tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, emit_kernel = false} : (!transform.any_op) -> !transform.any_op
    %tile = transform.structured.match ops{["mcore.workgroup_matmul"]} in %k : (!transform.any_op) -> !transform.any_op
    transform.mcore.emit_workgroup_kernel %tile : !transform.any_op
    transform.yield
  }
}

// -----

// Only the first half: the launch holds the tile.
// CHECK-LABEL: func.func @first_half
// CHECK:       gpu.launch
// CHECK:         mcore.workgroup_matmul a(%arg0 : memref<256x256xf16>) b(%arg1 : memref<256x256xf16>) c(%arg2 : memref<256x256xf32>)
// CHECK-SAME:      intrinsic = wmma_f32_16x16x16_f16_w32_gfx12
// CHECK-NOT:   mcore.mma
func.func @first_half(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf16>, memref<256x256xf16>) outs(%C : memref<256x256xf32>)
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %k = transform.mcore.tile_matmul_to_gpu %mm {chip = "gfx1201", emit_kernel = false} : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}

// -----

// An mcore.workgroup_matmul outside a launch: the pass's located error.
func.func @outside(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>,
                   %l0: memref<256x36xf16, #gpu.address_space<workgroup>>,
                   %l1: memref<256x36xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'mcore.workgroup_matmul' op must be inside a gpu.launch, whose threads compute the tile}}
  mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>}
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.mcore.emit_workgroup_kernel %f : !transform.any_op
    transform.yield
  }
}
