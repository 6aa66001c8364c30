// 2:4 metadata a program supplies at run time (not a constant, not written
// by mcore.compress_2to4) whose group names one position twice: the sparse
// instructions (SWMMAC on gfx1201, SMFMAC on gfx942) would add both values
// onto one element of B, the dense fallback (gfx1100, gfx90a) would
// decompress and keep one. mcore-tile-matmul checks such metadata in a
// kernel before the matmul: every chip gives the same error and exit
// status 65, and canonical metadata runs as before.
//
// RUN: for chip in gfx1201 gfx942 gfx1100 gfx90a; do \
// RUN:   mcore-opt %s --mcore-pipeline="chip=$chip format=llvm" 2>/dev/null \
// RUN:   | env MCORE_EMU_CHECK=1 sh %mcore_src_root/test/Integration/expect-exit.sh 65 %no-leak-check %mlir-runner --entry-point-result=void \
// RUN:       --shared-libs=%emu-runtime,%mlir_lib_dir/libmlir_runner_utils.so,%mlir_lib_dir/libmlir_c_runner_utils.so \
// RUN:   2>&1 | FileCheck %s || exit 1; done
// The check is a kernel of its own, before the matmul's.
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=llvm" | FileCheck %s --check-prefix=IR

// Canonical metadata (positions 0 and 1 in every group): each C element is
// 16 kept values of 0.5 times 0.25.
// CHECK: sizes = [16, 16]
// CHECK-NEXT: {{\[\[}}2,{{ +}}2,
// CHECK-NOT: sizes
// CHECK: mcore: the metadata of A is not canonical 2:4: row 3, group 1 names positions 2 and 2; the first must be smaller
// CHECK-NOT: sizes

// IR-DAG: gpu.binary @mm_kernel
// IR-DAG: gpu.binary @mm_kernel_0
// IR-DAG: llvm.call @__mcore_2to4_noncanonical(
// IR-DAG: llvm.call @exit

func.func private @printMemrefF32(memref<*xf32>)

func.func @mm(%v: tensor<16x16xf16>, %m: tensor<16x1xi32>, %b: tensor<32x16xf16>, %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %r = mcore.sparse_matmul ins(%v, %m, %b : tensor<16x16xf16>, tensor<16x1xi32>, tensor<32x16xf16>) outs(%c : tensor<16x16xf32>) -> tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

func.func @main() {
  %v = arith.constant dense<0.5> : tensor<16x16xf16>
  %b = arith.constant dense<0.25> : tensor<32x16xf16>
  %c = arith.constant dense<0.0> : tensor<16x16xf32>
  %ok = arith.constant dense<[[1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612]]> : tensor<16x1xi32>
  %r = call @mm(%v, %ok, %b, %c) : (tensor<16x16xf16>, tensor<16x1xi32>, tensor<32x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %rm = bufferization.to_buffer %r : tensor<16x16xf32> to memref<16x16xf32>
  %ru = memref.cast %rm : memref<16x16xf32> to memref<*xf32>
  call @printMemrefF32(%ru) : (memref<*xf32>) -> ()
  %bad = arith.constant dense<[[1145324612], [1145324612], [1145324612], [1145324708], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612], [1145324612]]> : tensor<16x1xi32>
  %s = call @mm(%v, %bad, %b, %c) : (tensor<16x16xf16>, tensor<16x1xi32>, tensor<32x16xf16>, tensor<16x16xf32>) -> tensor<16x16xf32>
  %sm = bufferization.to_buffer %s : tensor<16x16xf32> to memref<16x16xf32>
  %su = memref.cast %sm : memref<16x16xf32> to memref<*xf32>
  call @printMemrefF32(%su) : (memref<*xf32>) -> ()
  return
}
