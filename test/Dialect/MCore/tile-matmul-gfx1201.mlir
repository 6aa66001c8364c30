// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx1201 -canonicalize -cse -split-input-file | FileCheck %s

// A static f16 matmul: 2x2 waves of 32 lanes, 64x64 per wave (4x4 WMMA
// tiles), A and B double-buffered in LDS (B N-major, rows padded by 8
// halves), 128-bit global loads, the next K tile prefetched in the loop.

// CHECK-LABEL: func.func @f16
// CHECK-DAG:   %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG:   %[[C128:.+]] = arith.constant 128 : index
// CHECK:       gpu.launch blocks({{.*}}) in ({{.*}} = %[[C2]], {{.*}} = %[[C2]], {{.*}}) threads({{.*}}) in ({{.*}} = %[[C128]],
// CHECK-SAME:    workgroup(%[[LDSA:.+]] : memref<256x36xf16, #gpu.address_space<workgroup>>, %[[LDSB:.+]] : memref<256x36xf16, #gpu.address_space<workgroup>>)
// Prologue: K tile 0 into stage 0.
// CHECK:       vector.load %{{.+}} : memref<256x256xf16>, vector<8xf16>
// Each stage is a subview of its buffer (the stage's offset is added once).
// CHECK:       %[[SA0:.+]] = memref.subview %[[LDSA]][0, 0] [128, 36] [1, 1]
// CHECK:       vector.store %{{.+}}, %[[SA0]]{{.+}} : memref<128x36xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>, vector<8xf16>
// CHECK:       %[[SB0:.+]] = memref.subview %[[LDSB]][0, 0] [128, 36] [1, 1]
// CHECK:       vector.store %{{.+}}, %[[SB0]]{{.+}} : memref<128x36xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>, vector<4xf16>
// CHECK:       gpu.barrier
// Two K tiles per iteration (RDNA4, an even number of K tiles): each
// prefetch is in bounds (no clamp, no branch) and in flight during the MMAs;
// stage 0 is the prologue's subview, stage 1 a constant one.
// CHECK:       %[[RES:.+]]:16 = scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args({{.+}}) -> (vector<16x16xf32>, {{.+}}) {
// CHECK-NOT:     scf.if
// CHECK-COUNT-8: vector.load %{{.+}} : memref<256x256xf16>, vector<8xf16>
// CHECK:         rocdl.sched.barrier 0
// CHECK:         vector.transfer_read %[[SA0]][{{.+}}], %{{.+}} {in_bounds = [true, true]} : memref<128x36xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>, vector<16x16xf16>
// CHECK:         vector.transfer_read %[[SB0]][{{.+}}], %{{.+}} {in_bounds = [true, true], permutation_map = #{{.+}}} : memref<128x36xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>, vector<16x16xf16>
// CHECK-COUNT-16: mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
// CHECK:         rocdl.sched.barrier 0
// CHECK:         %[[SA1:.+]] = memref.subview %[[LDSA]][128, 0] [128, 36] [1, 1]
// CHECK:         vector.store %{{.+}}, %[[SA1]]
// CHECK:         gpu.barrier
// CHECK-COUNT-8: vector.load %{{.+}} : memref<256x256xf16>, vector<8xf16>
// CHECK:         rocdl.sched.barrier 0
// CHECK:         vector.transfer_read %[[SA1]][{{.+}}]
// CHECK-COUNT-16: mcore.mma
// CHECK:         rocdl.sched.barrier 0
// CHECK:         vector.store %{{.+}}, %[[SA0]]
// CHECK:         gpu.barrier
// CHECK:         scf.yield
// The last two K tiles: one prefetch, none after.
// CHECK-COUNT-8: vector.load %{{.+}} : memref<256x256xf16>, vector<8xf16>
// CHECK-COUNT-32: mcore.mma
// CHECK-NOT:   vector.load %{{.+}} : memref<256x256xf16>
// Epilogue: C (linalg.matmul accumulates into it) plus the product, C read
// eight tiles (64 registers) ahead of their adds and stores.
// CHECK:       %[[C00:.+]] = vector.transfer_read %{{.+}}[{{.+}}], %{{.+}} {in_bounds = [true, true]} : memref<256x256xf32>, vector<16x16xf32>
// CHECK-COUNT-7: vector.transfer_read %{{.+}} : memref<256x256xf32>, vector<16x16xf32>
// CHECK:       %[[SUM:.+]] = arith.addf %{{.+}}, %[[C00]] : vector<16x16xf32>
// CHECK:       vector.transfer_write %[[SUM]], %{{.+}} {in_bounds = [true, true]} : vector<16x16xf32>, memref<256x256xf32>
// CHECK-COUNT-7: vector.transfer_write %{{.+}} {in_bounds = [true, true]} : vector<16x16xf32>, memref<256x256xf32>
// CHECK-COUNT-8: vector.transfer_read %{{.+}} : memref<256x256xf32>, vector<16x16xf32>
// CHECK-COUNT-8: vector.transfer_write %{{.+}} {in_bounds = [true, true]} : vector<16x16xf32>, memref<256x256xf32>
// CHECK:       gpu.terminator
func.func @f16(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf16>, memref<256x256xf16>) outs(%C : memref<256x256xf32>)
  return
}

// -----

// f16 C accumulates in the f16 WMMA on gfx12; a zero fill of C folds away
// (no read of C, no fill left).
// CHECK-LABEL: func.func @f16_acc_fill
// CHECK-NOT:   linalg.fill
// CHECK:       %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : vector<16x16xf16>
// CHECK:       gpu.launch
// CHECK-NOT:   vector.transfer_read %{{.+}} : memref<128x128xf16>, vector<16x16xf16>
// CHECK:       %[[R:.+]]:{{[0-9]+}} = scf.for {{.+}} iter_args(%{{.+}} = %[[ZERO]]
// CHECK:       mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_f16_16x16x16_f16_w32_gfx12>} : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf16>
// CHECK-NOT:   vector.transfer_read %{{.+}} : memref<128x128xf16>, vector<16x16xf16>
// CHECK:       vector.transfer_write %[[R]]#0, %{{.+}} : vector<16x16xf16>, memref<128x128xf16>
func.func @f16_acc_fill(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf16>) {
  %zero = arith.constant 0.0 : f16
  linalg.fill ins(%zero : f16) outs(%C : memref<128x128xf16>)
  linalg.matmul ins(%A, %B : memref<128x64xf16>, memref<64x128xf16>) outs(%C : memref<128x128xf16>)
  return
}

// -----

// A non-zero fill is added in the epilogue instead of reading C.
// CHECK-LABEL: func.func @fill_one
// CHECK-DAG:   %[[ONE:.+]] = arith.constant dense<1.000000e+00> : vector<16x16xf32>
// CHECK:       scf.for
// CHECK-NOT:   vector.transfer_read %{{.+}} : memref<128x128xf32>
// CHECK:       arith.addf %{{.+}}, %[[ONE]] : vector<16x16xf32>
func.func @fill_one(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) {
  %one = arith.constant 1.0 : f32
  linalg.fill ins(%one : f32) outs(%C : memref<128x128xf32>)
  linalg.matmul ins(%A, %B : memref<128x64xf16>, memref<64x128xf16>) outs(%C : memref<128x128xf32>)
  return
}

// -----

// wide-accumulator keeps f32 accumulators for f16 C: extend on entry,
// truncate before the store.
// RUN: mcore-opt %s --mcore-tile-matmul="chip=gfx1201 wide-accumulator" -split-input-file | FileCheck %s --check-prefix=WIDE
// WIDE-LABEL: func.func @f16_wide
// WIDE:       mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>}
// WIDE:       arith.extf %{{.+}} : vector<16x16xf16> to vector<16x16xf32>
// WIDE:       arith.addf
// WIDE:       arith.truncf %{{.+}} : vector<16x16xf32> to vector<16x16xf16>
func.func @f16_wide(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf16>) {
  linalg.matmul ins(%A, %B : memref<128x64xf16>, memref<64x128xf16>) outs(%C : memref<128x128xf16>)
  return
}

// -----

// Unsigned i8 (cast_unsigned): the iu8 WMMA with both signedness flags; K
// tile 64 (64 bytes of A per row), 128-bit loads of 16 bytes.
// CHECK-LABEL: func.func @u8
// CHECK:       vector.load %{{.+}} : memref<256x256xi8>, vector<16xi8>
// CHECK:       mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_i32_16x16x16_iu8_w32_gfx12>, unsigned_a, unsigned_b} : vector<16x16xi8>, vector<16x16xi8> into vector<16x16xi32>
func.func @u8(%A: memref<256x256xi8>, %B: memref<256x256xi8>, %C: memref<256x256xi32>) {
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%A, %B : memref<256x256xi8>, memref<256x256xi8>) outs(%C : memref<256x256xi32>)
  return
}

// -----

// OCP fp8 on gfx12.
// CHECK-LABEL: func.func @fp8
// CHECK:       mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_fp8_bf8_w32_gfx12>} : vector<16x16xf8E4M3FN>, vector<16x16xf8E5M2> into vector<16x16xf32>
func.func @fp8(%A: memref<128x128xf8E4M3FN>, %B: memref<128x128xf8E5M2>, %C: memref<128x128xf32>) {
  linalg.matmul ins(%A, %B : memref<128x128xf8E4M3FN>, memref<128x128xf8E5M2>) outs(%C : memref<128x128xf32>)
  return
}

// -----

// B given N x K (transposed indexing map): staged into LDS with plain
// row-major 128-bit copies, read with the transposed map.
// CHECK-LABEL: func.func @transposed_b
// CHECK:       gpu.launch
// CHECK:       %[[B:.+]] = vector.load %{{.+}} : memref<128x256xbf16>, vector<8xbf16>
// CHECK:       vector.store %[[B]], %{{.+}} : memref<128x36xbf16, strided<[36, 1]>, #gpu.address_space<workgroup>>, vector<8xbf16>
// CHECK:       mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_bf16_w32_gfx12>}
func.func @transposed_b(%A: memref<128x256xbf16>, %B: memref<128x256xbf16>, %C: memref<128x128xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<128x256xbf16>, memref<128x256xbf16>) outs(%C : memref<128x128xf32>)
  return
}

// -----

// A given K x M (transposed indexing map): staged like B, 128-bit loads
// along M from kPer = 4 rows of K, transposed in registers into M-major LDS
// rows of 4 K values; the waves read A's LDS tile as for a plain A.
// CHECK-LABEL: func.func @transposed_a
// CHECK:       gpu.launch {{.+}} workgroup(%[[LDSA:.+]] : memref<256x36xbf16, #gpu.address_space<workgroup>>, %[[LDSB:.+]] : memref<256x36xbf16, #gpu.address_space<workgroup>>)
// CHECK-COUNT-4: vector.load %{{.+}} : memref<256x128xbf16>, vector<8xbf16>
// CHECK:       %[[SA0:.+]] = memref.subview %[[LDSA]][0, 0] [128, 36] [1, 1]
// CHECK-COUNT-8: vector.store %{{.+}}, %[[SA0]][{{.+}}] : memref<128x36xbf16, strided<[36, 1]>, #gpu.address_space<workgroup>>, vector<4xbf16>
// CHECK:       scf.for
// CHECK:         vector.transfer_read %[[SA0]]{{.+}} : memref<128x36xbf16, strided<[36, 1]>, #gpu.address_space<workgroup>>, vector<16x16xbf16>
// CHECK:         mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_bf16_w32_gfx12>}
func.func @transposed_a(%A: memref<256x128xbf16>, %B: memref<256x128xbf16>, %C: memref<128x128xf32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %B : memref<256x128xbf16>, memref<256x128xbf16>) outs(%C : memref<128x128xf32>)
  return
}
