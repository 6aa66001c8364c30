// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx942 -canonicalize -cse -split-input-file | FileCheck %s

// CDNA3: 2x2 waves of 64 lanes, MFMA 32x32x8 with 2x2 tiles per wave.
// CHECK-LABEL: func.func @f16
// CHECK-DAG:   %[[C256:.+]] = arith.constant 256 : index
// CHECK:       gpu.launch blocks({{.*}}) threads({{.*}}) in ({{.*}} = %[[C256]],
// CHECK-SAME:    workgroup({{.*}} : memref<256x36xf16, #gpu.address_space<workgroup>>, {{.*}} : memref<256x36xf16, #gpu.address_space<workgroup>>)
// CHECK:       scf.for
// CHECK-COUNT-16: mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>} : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
// CHECK-NOT:   mcore.mma
// CHECK:       gpu.barrier
func.func @f16(%A: memref<512x512xf16>, %B: memref<512x512xf16>, %C: memref<512x512xf32>) {
  linalg.matmul ins(%A, %B : memref<512x512xf16>, memref<512x512xf16>) outs(%C : memref<512x512xf32>)
  return
}

// -----

// Dynamic shapes: a grid of ceil(M/128) x ceil(N/128) blocks; every K tile
// chooses between plain loads (tile inside the matrix) and masked loads;
// C is read and written with in_bounds = false, so nothing outside C is
// touched. f16 C accumulates in f32 (CDNA has no f16 accumulator).
// CHECK-DAG:   #[[CEIL:.+]] = affine_map<()[s0] -> (s0 ceildiv 128)>
// CHECK-LABEL: func.func @dynamic
// CHECK:       %[[GY:.+]] = affine.apply #[[CEIL]]()
// CHECK:       %[[GX:.+]] = affine.apply #[[CEIL]]()
// CHECK:       gpu.launch blocks({{.*}}) in ({{.*}} = %[[GX]], {{.*}} = %[[GY]],
// CHECK:       scf.if %{{.+}} -> (vector<8xf16>, vector<8xf16>) {
// CHECK:         vector.load
// CHECK:       } else {
// CHECK:         vector.create_mask
// CHECK:         vector.maskedload
// CHECK:       scf.for
// CHECK:       mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>}
// CHECK:       %[[C0:.+]] = vector.transfer_read %{{.+}}, %{{.+}} : memref<?x?xf16>, vector<32x32xf16>
// CHECK:       arith.extf %[[C0]] : vector<32x32xf16> to vector<32x32xf32>
// CHECK:       arith.truncf %{{.+}} : vector<32x32xf32> to vector<32x32xf16>
// CHECK:       vector.transfer_write %{{.+}} : vector<32x32xf16>, memref<?x?xf16>
func.func @dynamic(%A: memref<?x?xf16>, %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  linalg.matmul ins(%A, %B : memref<?x?xf16>, memref<?x?xf16>) outs(%C : memref<?x?xf16>)
  return
}

// -----

// Static but ragged: 100 x 70 x 50. K is ragged too: edge tiles are masked.
// CHECK-LABEL: func.func @ragged
// CHECK:       vector.maskedload
// CHECK:       vector.transfer_write %{{.+}} : vector<32x32xf32>, memref<100x70xf32>
func.func @ragged(%A: memref<100x50xbf16>, %B: memref<50x70xbf16>, %C: memref<100x70xf32>) {
  linalg.matmul ins(%A, %B : memref<100x50xbf16>, memref<50x70xbf16>) outs(%C : memref<100x70xf32>)
  return
}

// -----

// Static, ragged in M and N only (K whole): a chunk past M reads A's last
// row and one past N B's last 8 columns (clamped, loop-invariant indices);
// what they bring only reaches C's elements past the edge, which are not
// stored. No masked load and no branch.
// CHECK-LABEL: func.func @ragged_mn
// CHECK-NOT:   scf.if
// CHECK-NOT:   vector.maskedload
// CHECK:       %[[ROW:.+]] = arith.minsi %{{.+}}, %c199 : index
// CHECK-NEXT:  vector.load %arg0[%[[ROW]], %{{.+}}] : memref<200x256xf16>, vector<8xf16>
// CHECK-NOT:   scf.if
// CHECK-NOT:   vector.maskedload
// CHECK:       %[[COL:.+]] = arith.minsi %{{.+}}, %c224 : index
// CHECK-NEXT:  vector.load %arg1[%{{.+}}, %[[COL]]] : memref<256x232xf16>, vector<8xf16>
// CHECK-NOT:   scf.if
// CHECK-NOT:   vector.maskedload
// CHECK:       scf.for
// CHECK-NOT:   scf.if
// CHECK-NOT:   vector.maskedload
// CHECK:       vector.load %arg0[%[[ROW]], %{{.+}}] : memref<200x256xf16>, vector<8xf16>
// CHECK-NOT:   scf.if
// CHECK-NOT:   vector.maskedload
// CHECK:       vector.transfer_write %{{.+}} : vector<32x32xf32>, memref<200x232xf32>
func.func @ragged_mn(%A: memref<200x256xf16>, %B: memref<256x232xf16>, %C: memref<200x232xf32>) {
  linalg.matmul ins(%A, %B : memref<200x256xf16>, memref<256x232xf16>) outs(%C : memref<200x232xf32>)
  return
}

// -----

// M ragged in whole 32-row tiles of the instruction (480 = 3 x 128 + 96), N
// whole: C goes through the fat buffer; each 32x32 tile of C is read at a
// row clamped into M (448 = 480 - 32) and stored, in bounds, under one
// branch on its row.
// CHECK-LABEL: func.func @ragged_m_whole_tiles
// CHECK:       %[[CB:.+]] = amdgpu.fat_raw_buffer_cast %arg2
// CHECK:       %[[R:.+]] = arith.minsi %[[ROW:.+]], %c448 : index
// CHECK:       vector.transfer_read %[[CB]][%[[R]], %{{.+}}], %{{.+}} {in_bounds = [true, true]}
// CHECK:       %[[IN:.+]] = arith.cmpi slt, %[[ROW]], %c480 : index
// CHECK-NEXT:  scf.if %[[IN]] {
// CHECK:         vector.transfer_write %{{.+}}, %[[CB]][%[[ROW]], %{{.+}}] {in_bounds = [true, true]} : vector<32x32xf32>
func.func @ragged_m_whole_tiles(%A: memref<480x256xf16>, %B: memref<256x512xf16>, %C: memref<480x512xf32>) {
  linalg.matmul ins(%A, %B : memref<480x256xf16>, memref<256x512xf16>) outs(%C : memref<480x512xf32>)
  return
}

// -----

// FNUZ fp8 on gfx942; signed i8 uses the gfx942 16x16x32 / 32x32x16 i8.
// CHECK-LABEL: func.func @fp8
// CHECK:       mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<mfma_f32_32x32x16_fp8_fp8>} : vector<32x16xf8E4M3FNUZ>, vector<16x32xf8E4M3FNUZ> into vector<32x32xf32>
func.func @fp8(%A: memref<256x256xf8E4M3FNUZ>, %B: memref<256x256xf8E4M3FNUZ>, %C: memref<256x256xf32>) {
  linalg.matmul ins(%A, %B : memref<256x256xf8E4M3FNUZ>, memref<256x256xf8E4M3FNUZ>) outs(%C : memref<256x256xf32>)
  return
}

// CHECK-LABEL: func.func @i8
// CHECK:       mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<mfma_i32_32x32x16_i8>} : vector<32x16xi8>, vector<16x32xi8> into vector<32x32xi32>
func.func @i8(%A: memref<256x256xi8>, %B: memref<256x256xi8>, %C: memref<256x256xi32>) {
  linalg.matmul ins(%A, %B : memref<256x256xi8>, memref<256x256xi8>) outs(%C : memref<256x256xi32>)
  return
}

// -----

// cast_unsigned on floats is an ordinary extension: no signedness flags.
// CHECK-LABEL: func.func @unsigned_cast_on_floats
// CHECK:       mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>} : vector<32x8xf16>
func.func @unsigned_cast_on_floats(%A: memref<256x256xf16>, %B: memref<256x256xf16>, %C: memref<256x256xf32>) {
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%A, %B : memref<256x256xf16>, memref<256x256xf16>) outs(%C : memref<256x256xf32>)
  return
}
