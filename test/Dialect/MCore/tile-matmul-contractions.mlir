// RUN: mcore-opt %s --mcore-tile-matmul="chip=gfx1201 tile-m=64 tile-n=64" -canonicalize -cse -split-input-file | FileCheck %s --check-prefix=RDNA4
// RUN: mcore-opt %s --mcore-tile-matmul="chip=gfx942 tile-m=64 tile-n=64" -canonicalize -cse -split-input-file | FileCheck %s --check-prefix=CDNA3
// RUN: mcore-opt %s --mcore-tile-matmul="chip=gfx942 tile-m=64 tile-n=64 swap-operands=always" -canonicalize -cse -split-input-file 2> %t.err | FileCheck %s --check-prefix=SWAP
// RUN: FileCheck %s --check-prefix=SWAP-REMARK < %t.err

// Contractions other than linalg.matmul: a batch on the grid's z dimension
// (one matrix of each operand per work-group, a rank-reducing subview; a
// shared B is used as it is), mixed signs, a 2:4 weight on the right.

// RDNA4-LABEL: func.func @batch_shared_b
// RDNA4:       gpu.launch blocks(%{{.+}}, %{{.+}}, %[[Z:.+]]) in (%{{.+}} = %c2, %{{.+}} = %c1, %{{.+}} = %c3)
// RDNA4-DAG:   memref.subview %arg0[%[[Z]], 0, 0] [1, 64, 96] [1, 1, 1] : memref<3x64x96xf16> to memref<64x96xf16, strided<[96, 1], offset: ?>>
// RDNA4-DAG:   %[[C:.+]] = memref.subview %arg2[%[[Z]], 0, 0] [1, 64, 80] [1, 1, 1] : memref<3x64x80xf32> to memref<64x80xf32, strided<[80, 1], offset: ?>>
// RDNA4:       vector.load %arg1
// RDNA4:       mcore.mma
// RDNA4:       vector.transfer_write %{{.+}}, %[[C]]
func.func @batch_shared_b(%A: memref<3x64x96xf16>, %B: memref<96x80xf16>, %C: memref<3x64x80xf32>) {
  linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (k, n)>, affine_map<(b, m, n, k) -> (b, m, n)>]
    ins(%A, %B : memref<3x64x96xf16>, memref<96x80xf16>) outs(%C : memref<3x64x80xf32>)
  return
}

// -----

// u8 activations times i8 weights, one cast per input. RDNA: the WMMA's
// per-operand sign bits. CDNA (signed i8 only): A is staged as a - 128 and
// the epilogue adds 128 * (B's column sums), from a kernel of its own,
// through a view of the sums with a zero row stride.

// RDNA4-LABEL: func.func @u8_times_i8
// RDNA4:       mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_i32_16x16x16_iu8_w32_gfx12>, unsigned_a} : vector<16x16xi8>, vector<16x16xi8> into vector<16x16xi32>

// CDNA3-LABEL: func.func @u8_times_i8
// CDNA3:       %[[SUMS:.+]] = memref.alloc() : memref<1x80xi32>
// CDNA3:       gpu.launch
// CDNA3:         scf.for {{.+}} iter_args
// CDNA3:           memref.load %arg1[%{{.+}}, %{{.+}}] : memref<96x80xi8>
// CDNA3:           arith.extsi
// CDNA3:         arith.muli %{{.+}}, %c128_i32 : i32
// CDNA3:         memref.store {{.+}}, %[[SUMS]]
// CDNA3:       } {mcore.kernel = "sign_offset_sums"}
// CDNA3:       gpu.launch
// CDNA3:         arith.xori %{{.+}}, %cst{{.*}} : vector<16xi8>
// CDNA3:         mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<mfma_i32_32x32x16_i8>} :
// CDNA3:         %[[VIEW:.+]] = memref.reinterpret_cast %[[SUMS]] to offset: [0], sizes: [64, 80], strides: [0, 1] : memref<1x80xi32> to memref<64x80xi32, strided<[0, 1]>>
// CDNA3:         vector.transfer_read %[[VIEW]]
// CDNA3:         arith.addi
func.func @u8_times_i8(%A: memref<64x96xi8>, %B: memref<96x80xi8>, %C: memref<64x80xi32>) {
  linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%A, %B : memref<64x96xi8>, memref<96x80xi8>) outs(%C : memref<64x80xi32>) {
  ^bb0(%x: i8, %y: i8, %z: i32):
    %xe = arith.extui %x : i8 to i32
    %ye = arith.extsi %y : i8 to i32
    %p = arith.muli %xe, %ye : i32
    %s = arith.addi %z, %p : i32
    linalg.yield %s : i32
  }
  return
}

// -----

// y = x * W^T with W 2:4 along K, as mcore-compress-2to4 writes it: the
// sparse instruction on W, x staged N-major as it is stored, C (y) read and
// written transposed. swap-operands=always: the other form, W decompressed
// while staged as the B of a dense instruction, C as it is.

// CDNA3-LABEL: func.func @weight_on_the_right
// CDNA3:       gpu.launch blocks({{.+}}) in (%{{.+}} = %c1, %{{.+}} = %c2, %{{.+}} = %c1)
// CDNA3:       mcore.sparse_mma {{.+}} {intrinsic = #mcore.intrinsic<smfmac_f32_32x32x16_f16>}
// CDNA3:       vector.transfer_read %arg3[%[[N:.+]], %[[M:.+]]], %{{.+}} {in_bounds = [false, true], permutation_map = #{{.+}}} : memref<64x80xf32>, vector<32x32xf32>
// CDNA3:       vector.transfer_write %{{.+}}, %arg3[%[[N]], %[[M]]] {in_bounds = [false, true], permutation_map = #{{.+}}} : vector<32x32xf32>, memref<64x80xf32>

// SWAP-REMARK: remark: 2:4-sparse B (the weight): swap-operands=always puts it on the side of the instruction that reads dense operands; decompressing B in the kernel and using mfma_f32_32x32x8f16
// SWAP-LABEL:  func.func @weight_on_the_right
// SWAP:        gpu.launch blocks({{.+}}) in (%{{.+}} = %c2, %{{.+}} = %c1, %{{.+}} = %c1)
// SWAP:        memref.load %arg1
// SWAP-NOT:    mcore.sparse_mma
// SWAP:        mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>}
// SWAP:        vector.transfer_write %{{.+}}, %arg3[%{{.+}}, %{{.+}}] {in_bounds = [true, false]} : vector<32x32xf32>, memref<64x80xf32>
func.func @weight_on_the_right(%wv: memref<80x48xf16>, %wm: memref<80x3xi32>, %x: memref<64x96xf16>, %y: memref<64x80xf32>) {
  mcore.sparse_matmul ins(%wv, %wm, %x : memref<80x48xf16>, memref<80x3xi32>, memref<64x96xf16>) outs(%y : memref<64x80xf32>) {transpose_b, transpose_c}
  return
}
