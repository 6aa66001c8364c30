// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa" | FileCheck %s --check-prefixes=CHECK,RDNA
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa" | FileCheck %s --check-prefixes=CHECK,CDNA
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=isa" 2>&1 | FileCheck %s --check-prefix=NOREMARK
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa" 2>&1 | FileCheck %s --check-prefix=NOREMARK

// The epilogues of issue 12 on a 2:4 weight on the right, y = x W^T (W is
// N x K, 2:4 along K): the kernel computes y^T = W x^T on the sparse
// instruction (SWMMAC, SMFMAC), and the element-wise consumers of y run in
// its epilogue on the tiles of y^T, their operands read through swapped
// indices (a bias along y's columns is along the rows of a y^T tile), y
// stored back untransposed once. One kernel per matmul: the host function
// launches it once and computes nothing of the epilogue itself, and no
// consumer is left to a kernel of its own (no remark). Forms: a bias per
// row then ReLU (two linalg.generic ops), a bias per column with GELU (erf)
// and the cast to f16, GELU (tanh), scales per row and per column with
// SiLU and the cast to bf16, i8 x i8 -> i32 dequantized (i32 -> f32 times
// scales per row and per column), on compressed values and metadata; and
// the sparse_tensor encoding on the linalg.matmul's B, whose weight a kernel
// of its own compresses first (the fill of y still folds into the matmul
// kernel, which writes only the f16 result). The compressed weights say
// canonical_metadata (validated when they were compressed), so no kernel
// checks their metadata first (tile-matmul-canonical-metadata.mlir).

// NOREMARK-NOT: remark
// NOREMARK-NOT: ocml

#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
#col = affine_map<(i, j) -> (j)>

// Two ops: a bias per row, then ReLU.
// CHECK-LABEL: llvm.func @bias_row_relu(
// CHECK-NOT:     {{llvm\.(fadd|fsub|fmul|fdiv|fneg|fptrunc|fpext|sitofp|intr\.maximum|intr\.exp)}}
// CHECK:         gpu.launch_func @bias_row_relu_kernel::@bias_row_relu_kernel
// CHECK-NOT:     gpu.launch_func
// CHECK:       gpu.binary @bias_row_relu_kernel
// RDNA-SAME:      v_swmmac_f32_16x16x32_f16
// RDNA-SAME:      v_maximum_f32
// RDNA-SAME:      global_store_b128
// CDNA-SAME:      v_smfmac_f32_32x32x16_f16
// CDNA-SAME:      v_max_f32
// CDNA-SAME:      global_store_dword
func.func @bias_row_relu(%x: tensor<128x256xf16>, %wv: tensor<192x128xf16>, %wm: tensor<192x8xi32>,
                         %bias: tensor<128xf32>) -> tensor<128x192xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x192xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x192xf32>) -> tensor<128x192xf32>
  %mm = mcore.sparse_matmul ins(%wv, %wm, %x : tensor<192x128xf16>, tensor<192x8xi32>, tensor<128x256xf16>)
      outs(%f : tensor<128x192xf32>) {transpose_b, transpose_c, canonical_metadata} -> tensor<128x192xf32>
  %e1 = tensor.empty() : tensor<128x192xf32>
  %b = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<128x192xf32>, tensor<128xf32>) outs(%e1 : tensor<128x192xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %0 = arith.addf %a, %s : f32
    linalg.yield %0 : f32
  } -> tensor<128x192xf32>
  %e2 = tensor.empty() : tensor<128x192xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<128x192xf32>) outs(%e2 : tensor<128x192xf32>) {
  ^bb0(%a: f32, %o: f32):
    %0 = arith.maximumf %a, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<128x192xf32>
  return %r : tensor<128x192xf32>
}

// A bias per column, GELU (erf form), the cast to f16.
// CHECK-LABEL: llvm.func @bias_col_gelu_erf(
// CHECK-NOT:     {{llvm\.(fadd|fsub|fmul|fdiv|fneg|fptrunc|fpext|sitofp|intr\.maximum|intr\.exp)}}
// CHECK:         gpu.launch_func @bias_col_gelu_erf_kernel::@bias_col_gelu_erf_kernel
// CHECK-NOT:     gpu.launch_func
// CHECK:       gpu.binary @bias_col_gelu_erf_kernel
// RDNA-SAME:      v_swmmac_f32_16x16x32_f16
// RDNA-NOT:       global_store_b32
// RDNA-SAME:      v_fma_f32
// RDNA-SAME:      {{v_cvt_f16_f32|v_fma_mix(lo|hi)_f16}}
// RDNA-SAME:      global_store_b128
// RDNA-NOT:       global_store_b32
// CDNA-SAME:      v_smfmac_f32_32x32x16_f16
// CDNA-NOT:       {{global_store_dword(x4)? }}
// CDNA-SAME:      v_fma_f32
// CDNA-SAME:      v_cvt_f16_f32
// CDNA-SAME:      global_store_dwordx2
// CDNA-NOT:       {{global_store_dword(x4)? }}
// CHECK-SAME:     .amdhsa_kernel
func.func @bias_col_gelu_erf(%x: tensor<128x256xf16>, %wv: tensor<192x128xf16>, %wm: tensor<192x8xi32>,
                             %bias: tensor<192xf32>) -> tensor<128x192xf16> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %rsqrt2 = arith.constant 0.70710678 : f32
  %e = tensor.empty() : tensor<128x192xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x192xf32>) -> tensor<128x192xf32>
  %mm = mcore.sparse_matmul ins(%wv, %wm, %x : tensor<192x128xf16>, tensor<192x8xi32>, tensor<128x256xf16>)
      outs(%f : tensor<128x192xf32>) {transpose_b, transpose_c, canonical_metadata} -> tensor<128x192xf32>
  %o = tensor.empty() : tensor<128x192xf16>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<128x192xf32>, tensor<192xf32>) outs(%o : tensor<128x192xf16>) {
  ^bb0(%a: f32, %b: f32, %out: f16):
    %y = arith.addf %a, %b : f32
    %s = arith.mulf %y, %rsqrt2 : f32
    %e0 = math.erf %s : f32
    %e1 = arith.addf %e0, %one : f32
    %h = arith.mulf %y, %half : f32
    %g = arith.mulf %h, %e1 : f32
    %t = arith.truncf %g : f32 to f16
    linalg.yield %t : f16
  } -> tensor<128x192xf16>
  return %r : tensor<128x192xf16>
}

// GELU (tanh form).
// CHECK-LABEL: llvm.func @gelu_tanh(
// CHECK-NOT:     {{llvm\.(fadd|fsub|fmul|fdiv|fneg|fptrunc|fpext|sitofp|intr\.maximum|intr\.exp)}}
// CHECK:         gpu.launch_func @gelu_tanh_kernel::@gelu_tanh_kernel
// CHECK-NOT:     gpu.launch_func
// CHECK:       gpu.binary @gelu_tanh_kernel
// RDNA-SAME:      v_swmmac_f32_16x16x32_f16
// RDNA-SAME:      v_rcp_f32
// RDNA-SAME:      global_store_b128
// CDNA-SAME:      v_smfmac_f32_32x32x16_f16
// CDNA-SAME:      v_rcp_f32
// CDNA-SAME:      global_store_dword
func.func @gelu_tanh(%x: tensor<128x256xf16>, %wv: tensor<192x128xf16>, %wm: tensor<192x8xi32>) -> tensor<128x192xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %k0 = arith.constant 0.79788456 : f32
  %k1 = arith.constant 0.044715 : f32
  %e = tensor.empty() : tensor<128x192xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x192xf32>) -> tensor<128x192xf32>
  %mm = mcore.sparse_matmul ins(%wv, %wm, %x : tensor<192x128xf16>, tensor<192x8xi32>, tensor<128x256xf16>)
      outs(%f : tensor<128x192xf32>) {transpose_b, transpose_c, canonical_metadata} -> tensor<128x192xf32>
  %o = tensor.empty() : tensor<128x192xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<128x192xf32>) outs(%o : tensor<128x192xf32>) {
  ^bb0(%a: f32, %out: f32):
    %a2 = arith.mulf %a, %a : f32
    %a3 = arith.mulf %a2, %a : f32
    %c = arith.mulf %a3, %k1 : f32
    %i = arith.addf %a, %c : f32
    %s = arith.mulf %i, %k0 : f32
    %t = math.tanh %s : f32
    %t1 = arith.addf %t, %one : f32
    %h = arith.mulf %a, %half : f32
    %g = arith.mulf %h, %t1 : f32
    linalg.yield %g : f32
  } -> tensor<128x192xf32>
  return %r : tensor<128x192xf32>
}

// Scales per row and per column, SiLU, the cast to bf16.
// CHECK-LABEL: llvm.func @scales_silu(
// CHECK-NOT:     {{llvm\.(fadd|fsub|fmul|fdiv|fneg|fptrunc|fpext|sitofp|intr\.maximum|intr\.exp)}}
// CHECK:         gpu.launch_func @scales_silu_kernel::@scales_silu_kernel
// CHECK-NOT:     gpu.launch_func
// CHECK:       gpu.binary @scales_silu_kernel
// RDNA-SAME:      v_swmmac_f32_16x16x32_f16
// RDNA-SAME:      v_exp_f32
// RDNA-SAME:      v_rcp_f32
// RDNA-SAME:      global_store_b128
// CDNA-SAME:      v_smfmac_f32_32x32x16_f16
// CDNA-SAME:      v_exp_f32
// CDNA-SAME:      v_rcp_f32
// CDNA-SAME:      global_store_dwordx2
func.func @scales_silu(%x: tensor<128x256xf16>, %wv: tensor<192x128xf16>, %wm: tensor<192x8xi32>,
                       %sr: tensor<128xf32>, %sc: tensor<192xf32>) -> tensor<128x192xbf16> {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<128x192xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x192xf32>) -> tensor<128x192xf32>
  %mm = mcore.sparse_matmul ins(%wv, %wm, %x : tensor<192x128xf16>, tensor<192x8xi32>, tensor<128x256xf16>)
      outs(%f : tensor<128x192xf32>) {transpose_b, transpose_c, canonical_metadata} -> tensor<128x192xf32>
  %o = tensor.empty() : tensor<128x192xbf16>
  %r = linalg.generic {indexing_maps = [#id, #row, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %sr, %sc : tensor<128x192xf32>, tensor<128xf32>, tensor<192xf32>) outs(%o : tensor<128x192xbf16>) {
  ^bb0(%a: f32, %r0: f32, %c0: f32, %out: bf16):
    %y0 = arith.mulf %a, %r0 : f32
    %y = arith.mulf %y0, %c0 : f32
    %n = arith.negf %y : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %s = arith.divf %y, %d : f32
    %t = arith.truncf %s : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<128x192xbf16>
  return %r : tensor<128x192xbf16>
}

// i8 x i8 -> i32, dequantized: i32 -> f32 times scales per row and per
// column.
// CHECK-LABEL: llvm.func @dequant(
// CHECK-NOT:     {{llvm\.(fadd|fsub|fmul|fdiv|fneg|fptrunc|fpext|sitofp|intr\.maximum|intr\.exp)}}
// CHECK:         gpu.launch_func @dequant_kernel::@dequant_kernel
// CHECK-NOT:     gpu.launch_func
// CHECK:       gpu.binary @dequant_kernel
// RDNA-SAME:      v_swmmac_i32_16x16x32_iu8
// RDNA-SAME:      v_cvt_f32_i32
// RDNA-SAME:      v_mul_f32
// RDNA-SAME:      global_store_b128
// CDNA-SAME:      v_smfmac_i32_32x32x32_i8
// CDNA-SAME:      v_cvt_f32_i32
// CDNA-SAME:      v_{{(pk_)?}}mul_f32
// CDNA-SAME:      global_store_dword
func.func @dequant(%x: tensor<128x256xi8>, %wv: tensor<192x128xi8>, %wm: tensor<192x8xi32>,
                   %sr: tensor<128xf32>, %sc: tensor<192xf32>) -> tensor<128x192xf32> {
  %zero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<128x192xi32>
  %f = linalg.fill ins(%zero : i32) outs(%e : tensor<128x192xi32>) -> tensor<128x192xi32>
  %mm = mcore.sparse_matmul ins(%wv, %wm, %x : tensor<192x128xi8>, tensor<192x8xi32>, tensor<128x256xi8>)
      outs(%f : tensor<128x192xi32>) {transpose_b, transpose_c, canonical_metadata} -> tensor<128x192xi32>
  %o = tensor.empty() : tensor<128x192xf32>
  %r = linalg.generic {indexing_maps = [#id, #row, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %sr, %sc : tensor<128x192xi32>, tensor<128xf32>, tensor<192xf32>) outs(%o : tensor<128x192xf32>) {
  ^bb0(%a: i32, %r0: f32, %c0: f32, %out: f32):
    %fa = arith.sitofp %a : i32 to f32
    %y0 = arith.mulf %fa, %r0 : f32
    %y = arith.mulf %y0, %c0 : f32
    linalg.yield %y : f32
  } -> tensor<128x192xf32>
  return %r : tensor<128x192xf32>
}

// The weight as a linalg.matmul's B with the 2:4 encoding: a kernel
// compresses it, then the matmul kernel, with the fill of y folded in and
// the bias, ReLU and cast in its epilogue, writes only f16.
#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>
// CHECK-LABEL: llvm.func @encoded(
// CHECK-NOT:     {{llvm\.(fadd|fsub|fmul|fdiv|fneg|fptrunc|fpext|sitofp|intr\.maximum|intr\.exp)}}
// CHECK:         gpu.launch_func @encoded_kernel::@encoded_kernel
// CHECK-NOT:     {{llvm\.(fadd|fsub|fmul|fdiv|fneg|fptrunc|fpext|sitofp|intr\.maximum|intr\.exp)}}
// CHECK:         gpu.launch_func @encoded_kernel_0::@encoded_kernel
// CHECK-NOT:     gpu.launch_func
// CHECK:       gpu.binary @encoded_kernel
// CHECK-NOT:      {{v_swmmac|v_smfmac}}
// CHECK:       gpu.binary @encoded_kernel_0
// RDNA-SAME:      v_swmmac_f32_16x16x32_f16
// RDNA-NOT:       global_store_b32
// RDNA-SAME:      v_maximum_f32
// RDNA-SAME:      v_cvt_f16_f32
// RDNA-SAME:      global_store_b128
// RDNA-NOT:       global_store_b32
// CDNA-SAME:      v_smfmac_f32_32x32x16_f16
// CDNA-NOT:       {{global_store_dword(x4)? }}
// CDNA-SAME:      v_max_f32
// CDNA-SAME:      v_cvt_f16_f32
// CDNA-SAME:      global_store_dwordx2
// CDNA-NOT:       {{global_store_dword(x4)? }}
// CHECK-SAME:     .amdhsa_kernel
func.func @encoded(%x: tensor<128x256xf16>, %w: tensor<192x256xf16, #S24>,
                   %bias: tensor<192xf32>) -> tensor<128x192xf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<128x192xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<128x192xf32>) -> tensor<128x192xf32>
  %mm = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                       affine_map<(m, n, k) -> (n, k)>,
                                       affine_map<(m, n, k) -> (m, n)>]
      ins(%x, %w : tensor<128x256xf16>, tensor<192x256xf16, #S24>)
      outs(%f : tensor<128x192xf32>) -> tensor<128x192xf32>
  %o = tensor.empty() : tensor<128x192xf16>
  %r = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<128x192xf32>, tensor<192xf32>) outs(%o : tensor<128x192xf16>) {
  ^bb0(%a: f32, %b: f32, %out: f16):
    %s = arith.addf %a, %b : f32
    %m = arith.maximumf %s, %zero : f32
    %t = arith.truncf %m : f32 to f16
    linalg.yield %t : f16
  } -> tensor<128x192xf16>
  return %r : tensor<128x192xf16>
}
