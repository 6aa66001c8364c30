// RUN: mcore-opt %s --split-input-file --mcore-tile-matmul=chip=gfx1201 -canonicalize -cse | FileCheck %s --check-prefixes=CHECK,GFX12
// RUN: mcore-opt %s --split-input-file --mcore-tile-matmul=chip=gfx1100 -canonicalize -cse | FileCheck %s --check-prefixes=CHECK,GFX11

// i4 operands: memref<...xi4> holds one value per byte (MLIR's layout), so
// staging loads read bytes (vector<Nxi4>, legalized to byte loads by
// mcore-legalize-sub-byte-memory); LDS holds the values packed two per byte
// in i8 buffers (half the LDS and LDS traffic), packed in registers when
// the prefetched tile is stored. The waves read packed bytes and bitcast
// them to i4 tiles; B's N-major bytes are bitcast along K and transposed.

// gfx1201: 16x16x32 iu4, K tile 64 (32 bytes + 16 bytes of padding per LDS
// row). gfx1100: 16x16x16 iu4, K tile 128 (A and B replicated across lane
// halves leave room for one instruction K step per fragment only).
// CHECK-LABEL: func.func @i4
// GFX12:       gpu.launch {{.+}} workgroup(%[[LDSA:.+]] : memref<256x48xi8, #gpu.address_space<workgroup>>, %[[LDSB:.+]] : memref<256x48xi8, #gpu.address_space<workgroup>>)
// GFX11:       gpu.launch {{.+}} workgroup(%[[LDSA:.+]] : memref<{{[0-9]+}}x{{[0-9]+}}xi8, #gpu.address_space<workgroup>>, %[[LDSB:.+]] : memref<{{[0-9]+}}x{{[0-9]+}}xi8, #gpu.address_space<workgroup>>)
// Sub-byte values are packed as soon as they are loaded (no vector of i4
// crosses a branch or the loop). A: 32 values per chunk (32 bytes of global
// memory), packed into 16 bytes on 32-bit words: w | w >> 4, then the even
// bytes.
// CHECK:       %[[AV:.+]] = vector.load %{{.+}} : memref<256x256xi4>, vector<32xi4>
// CHECK:       %[[AZ:.+]] = arith.extui %[[AV]] : vector<32xi4> to vector<32xi8>
// CHECK:       %[[AW:.+]] = vector.bitcast %[[AZ]] : vector<32xi8> to vector<8xi32>
// CHECK:       %[[AS:.+]] = arith.shrui %[[AW]], %{{.+}} : vector<8xi32>
// CHECK:       %[[AO:.+]] = arith.ori %[[AW]], %[[AS]] : vector<8xi32>
// CHECK:       %[[AB:.+]] = vector.bitcast %[[AO]] : vector<8xi32> to vector<32xi8>
// CHECK:       %[[AP:.+]] = vector.shuffle %[[AB]], %[[AB]] [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30] : vector<32xi8>, vector<32xi8>
// B (K x N): rows of 16 N values; pairs of K rows become bytes (lo | hi << 4),
// transposed into 2-byte N-major LDS rows when stored.
// CHECK:       vector.load %{{.+}} : memref<256x256xi4>, vector<16xi4>
// CHECK:       %[[B0:.+]] = arith.extui %{{.+}} : vector<16xi4> to vector<16xi8>
// CHECK:       %[[B1:.+]] = arith.extui %{{.+}} : vector<16xi4> to vector<16xi8>
// CHECK:       %[[W0:.+]] = vector.bitcast %[[B0]] : vector<16xi8> to vector<4xi32>
// CHECK:       %[[W1:.+]] = vector.bitcast %[[B1]] : vector<16xi8> to vector<4xi32>
// CHECK:       %[[HI:.+]] = arith.shli %[[W1]], %{{.+}} : vector<4xi32>
// CHECK:       arith.ori %[[W0]], %[[HI]] : vector<4xi32>
// CHECK:       %[[SA0:.+]] = memref.subview %[[LDSA]][0, 0]
// CHECK:       vector.store %[[AP]], %[[SA0]][{{.+}}] : memref<{{.+}}xi8, strided<{{.+}}>, #gpu.address_space<workgroup>>, vector<16xi8>
// CHECK:       %[[SB0:.+]] = memref.subview %[[LDSB]][0, 0]
// CHECK-COUNT-16: vector.store %{{.+}}, %[[SB0]][{{.+}}] : memref<{{.+}}xi8, strided<{{.+}}>, #gpu.address_space<workgroup>>, vector<2xi8>
// CHECK:       gpu.barrier
// CHECK:       scf.for
// CHECK:         vector.load %{{.+}} : memref<256x256xi4>, vector<32xi4>
// CHECK:         rocdl.sched.barrier 0
// CHECK:         %[[SA:.+]] = memref.subview %[[LDSA]][%[[STAGE:.+]], 0]
// CHECK:         %[[SB:.+]] = memref.subview %[[LDSB]][%[[STAGE]], 0]
// GFX12:         %[[RA:.+]] = vector.transfer_read %[[SA]][%{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, true]} : memref<128x48xi8, strided<[48, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<16x16xi8>
// GFX12:         %[[TA:.+]] = vector.bitcast %[[RA]] : vector<16x16xi8> to vector<16x32xi4>
// GFX11:         %[[RA:.+]] = vector.transfer_read %[[SA]][%{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, true]} : memref<{{.+}}xi8, strided<{{.+}}, offset: ?>, #gpu.address_space<workgroup>>, vector<16x8xi8>
// GFX11:         %[[TA:.+]] = vector.bitcast %[[RA]] : vector<16x8xi8> to vector<16x16xi4>
// GFX12:         %[[RB:.+]] = vector.transfer_read %[[SB]][%{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, true]} : memref<128x48xi8, strided<[48, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<16x16xi8>
// GFX12:         %[[NK:.+]] = vector.bitcast %[[RB]] : vector<16x16xi8> to vector<16x32xi4>
// GFX12:         %[[TB:.+]] = vector.transpose %[[NK]], [1, 0] : vector<16x32xi4> to vector<32x16xi4>
// GFX12:         mcore.mma %[[TA]], %[[TB]], %{{.+}} {intrinsic = #mcore.intrinsic<wmma_i32_16x16x32_iu4_w32_gfx12>} : vector<16x32xi4>, vector<32x16xi4> into vector<16x16xi32>
// GFX11:         %[[RB:.+]] = vector.transfer_read %[[SB]][%{{.+}}, %{{.+}}], %{{.+}} {in_bounds = [true, true]} : memref<{{.+}}xi8, strided<{{.+}}, offset: ?>, #gpu.address_space<workgroup>>, vector<16x8xi8>
// GFX11:         %[[NK:.+]] = vector.bitcast %[[RB]] : vector<16x8xi8> to vector<16x16xi4>
// GFX11:         %[[TB:.+]] = vector.transpose %[[NK]], [1, 0] : vector<16x16xi4> to vector<16x16xi4>
// GFX11:         mcore.mma %[[TA]], %[[TB]], %{{.+}} {intrinsic = #mcore.intrinsic<wmma_i32_16x16x16_iu4_w32>} : vector<16x16xi4>, vector<16x16xi4> into vector<16x16xi32>
func.func @i4(%A: memref<256x256xi4>, %B: memref<256x256xi4>, %C: memref<256x256xi32>) {
  linalg.matmul ins(%A, %B : memref<256x256xi4>, memref<256x256xi4>) outs(%C : memref<256x256xi32>)
  return
}

// -----

// u4 (cast_unsigned) marks both operands unsigned. Tiles that cross the
// matrix edge load with masks, one value per byte as everywhere else (one
// K tile: no loop is left).
// CHECK-LABEL: func.func @u4_edges
// CHECK:       vector.maskedload %{{.+}} : memref<100x50xi4>, vector<32xi1>, vector<32xi4> into vector<32xi4>
// CHECK:       vector.maskedload %{{.+}} : memref<50x70xi4>, vector<16xi1>, vector<16xi4> into vector<16xi4>
// GFX12:         mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_i32_16x16x32_iu4_w32_gfx12>, unsigned_a, unsigned_b}
// GFX11:         mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_i32_16x16x16_iu4_w32>, unsigned_a, unsigned_b}
func.func @u4_edges(%A: memref<100x50xi4>, %B: memref<50x70xi4>, %C: memref<100x70xi32>) {
  linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%A, %B : memref<100x50xi4>, memref<50x70xi4>) outs(%C : memref<100x70xi32>)
  return
}

// -----

// A transposed B (N x K) is already N-major: rows are packed like A's.
// CHECK-LABEL: func.func @i4_transposed_b
// CHECK:       vector.load %{{.+}} : memref<128x512xi4>, vector<32xi4>
// CHECK:       %[[Z:.+]] = arith.extui %{{.+}} : vector<32xi4> to vector<32xi8>
// CHECK:       vector.bitcast %[[Z]] : vector<32xi8> to vector<8xi32>
// CHECK:       vector.shuffle
// CHECK:       vector.store %{{.+}} : memref<{{.+}}xi8, strided<{{.+}}>, #gpu.address_space<workgroup>>, vector<16xi8>
// CHECK-NOT:   vector<2xi8>
// CHECK:       scf.for
// CHECK:         vector.transpose %{{.+}}, [1, 0]
// CHECK:         mcore.mma
func.func @i4_transposed_b(%A: memref<128x512xi4>, %Bt: memref<128x512xi4>, %C: memref<128x128xi32>) {
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                 affine_map<(m, n, k) -> (n, k)>,
                                 affine_map<(m, n, k) -> (m, n)>]
      ins(%A, %Bt : memref<128x512xi4>, memref<128x512xi4>) outs(%C : memref<128x128xi32>)
  return
}

// -----

// 2:4-sparse A: compressed i4 values packed in LDS like dense A. gfx1201
// uses SWMMAC 16x16x64 (a compressed A tile of 16 x 32 values, 16 bytes per
// row); gfx1100 expands the values into a dense packed LDS tile (a nibble
// pair of zeros and kept values per byte) and uses its dense WMMA.
// CHECK-LABEL: func.func @sparse_i4
// GFX12:       mcore.sparse_mma {{.+}} {intrinsic = #mcore.intrinsic<swmmac_i32_16x16x64_iu4_w32>} : vector<16x32xi4>, vector<64x16xi4>, vector<16x32xi8> into vector<16x16xi32>
// GFX11:       vector.store %{{.+}} : memref<{{.+}}xi8, strided<{{.+}}>, #gpu.address_space<workgroup>>, vector<8xi8>
// GFX11:       vector.store %{{.+}} : memref<{{.+}}xi8, strided<{{.+}}>, #gpu.address_space<workgroup>>, vector<8xi8>
// GFX11:       mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_i32_16x16x16_iu4_w32>}
func.func @sparse_i4(%V: memref<128x128xi4>, %M: memref<128x8xi32>, %B: memref<256x128xi4>, %C: memref<128x128xi32>) {
  mcore.sparse_matmul ins(%V, %M, %B : memref<128x128xi4>, memref<128x8xi32>, memref<256x128xi4>) outs(%C : memref<128x128xi32>)
  return
}

// -----

// Dynamic shapes: full tiles and edge tiles load in the two arms of a branch;
// what the arms yield is already packed bytes, never a vector of i4 (which
// LLVM would hold at 16 bits per value across the branch and the loop).
// CHECK-LABEL: func.func @i4_dynamic
// CHECK-NOT:   -> (vector<{{[0-9]+}}xi4>
// CHECK:       scf.if %{{.+}} -> (vector<16xi8>, vector<16xi8>)
// CHECK-NOT:   -> (vector<{{[0-9]+}}xi4>
// CHECK:       scf.for
// CHECK-NOT:   -> (vector<{{[0-9]+}}xi4>
// CHECK:       return
func.func @i4_dynamic(%A: memref<?x?xi4>, %B: memref<?x?xi4>, %C: memref<?x?xi32>) {
  linalg.matmul ins(%A, %B : memref<?x?xi4>, memref<?x?xi4>) outs(%C : memref<?x?xi32>)
  return
}
