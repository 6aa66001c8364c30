// RUN: mcore-opt %s | FileCheck %s
// Round trip: the printed form parses back to the same IR.
// RUN: mcore-opt %s | mcore-opt | FileCheck %s
// RUN: mcore-opt %s -mlir-print-op-generic | mcore-opt | FileCheck %s

// CHECK-LABEL: func @chips
// CHECK-SAME: all = [#mcore.chip<gfx908>, #mcore.chip<gfx90a>, #mcore.chip<gfx942>, #mcore.chip<gfx950>, #mcore.chip<gfx1100>, #mcore.chip<gfx1101>, #mcore.chip<gfx1102>, #mcore.chip<gfx1200>, #mcore.chip<gfx1201>]
// CHECK-SAME: mcore.chip = #mcore.chip<gfx1201>
func.func @chips() attributes {mcore.chip = #mcore.chip<gfx1201>,
    all = [#mcore.chip<gfx908>, #mcore.chip<gfx90a>, #mcore.chip<gfx942>,
           #mcore.chip<gfx950>, #mcore.chip<gfx1100>, #mcore.chip<gfx1101>,
           #mcore.chip<gfx1102>, #mcore.chip<gfx1200>, #mcore.chip<"gfx1201">]} {
  return
}

// CHECK-LABEL: func @whole_tile_mma
// CHECK-SAME: (%[[A:[^:]+]]: vector<32x8xf16>, %[[B:[^:]+]]: vector<8x32xf16>, %[[C:[^:]+]]: vector<32x32xf32>)
func.func @whole_tile_mma(%a: vector<32x8xf16>, %b: vector<8x32xf16>,
                          %c: vector<32x32xf32>) -> vector<32x32xf32> {
  // CHECK: %[[D:.+]] = mcore.mma %[[A]], %[[B]], %[[C]] {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>} : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>}
      : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
  // CHECK: return %[[D]]
  return %d : vector<32x32xf32>
}

// An mma without an intrinsic: any consistent tile, chosen later.
// CHECK-LABEL: func @unselected_mma
func.func @unselected_mma(%a: vector<16x16xi8>, %b: vector<16x16xi8>,
                          %c: vector<16x16xi32>) -> vector<16x16xi32> {
  // CHECK: mcore.mma %{{.*}}, %{{.*}}, %{{.*}} {clamp, unsigned_a} : vector<16x16xi8>, vector<16x16xi8> into vector<16x16xi32>
  %d = mcore.mma %a, %b, %c {unsigned_a, clamp}
      : vector<16x16xi8>, vector<16x16xi8> into vector<16x16xi32>
  return %d : vector<16x16xi32>
}

// CHECK-LABEL: func @distributed_mma
func.func @distributed_mma(%a: vector<4xf16>, %b: vector<4xf16>,
                           %c: vector<4xf32>) -> vector<4xf32> {
  // CHECK: mcore.mma %{{.*}} {intrinsic = #mcore.intrinsic<mfma_f32_16x16x16f16>} : vector<4xf16>, vector<4xf16> into vector<4xf32>
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_16x16x16f16>}
      : vector<4xf16>, vector<4xf16> into vector<4xf32>
  return %d : vector<4xf32>
}

// CHECK-LABEL: func @unselected_sparse_mma
// CHECK-SAME: %[[IDX:[^:]+]]: vector<16x16xi8>
func.func @unselected_sparse_mma(%a: vector<16x16xf16>, %b: vector<32x16xf16>,
                                 %c: vector<16x16xf32>, %idx: vector<16x16xi8>)
    -> vector<16x16xf32> {
  // CHECK: mcore.sparse_mma %{{.*}}, %{{.*}}, %{{.*}}, %[[IDX]] : vector<16x16xf16>, vector<32x16xf16>, vector<16x16xi8> into vector<16x16xf32>
  %d = mcore.sparse_mma %a, %b, %c, %idx
      : vector<16x16xf16>, vector<32x16xf16>, vector<16x16xi8> into vector<16x16xf32>
  return %d : vector<16x16xf32>
}

// fp8 in either encoding, as the chip wants.
// CHECK-LABEL: func @fp8_tiles
func.func @fp8_tiles(%a: vector<16x32xf8E4M3FNUZ>, %b: vector<32x16xf8E5M2FNUZ>,
                     %c: vector<16x16xf32>, %a2: vector<16x32xf8E4M3FN>,
                     %b2: vector<32x16xf8E4M3FN>) -> (vector<16x16xf32>, vector<16x16xf32>) {
  // CHECK: mcore.mma {{.*}} : vector<16x32xf8E4M3FNUZ>, vector<32x16xf8E5M2FNUZ> into vector<16x16xf32>
  %d = mcore.mma %a, %b, %c : vector<16x32xf8E4M3FNUZ>, vector<32x16xf8E5M2FNUZ> into vector<16x16xf32>
  // CHECK: mcore.mma {{.*}} : vector<16x32xf8E4M3FN>, vector<32x16xf8E4M3FN> into vector<16x16xf32>
  %e = mcore.mma %a2, %b2, %c : vector<16x32xf8E4M3FN>, vector<32x16xf8E4M3FN> into vector<16x16xf32>
  return %d, %e : vector<16x16xf32>, vector<16x16xf32>
}

// CHECK-LABEL: func @expand_2to4
func.func @expand_2to4(%v: vector<16x16xf16>, %i: vector<16x16xi8>) -> vector<16x32xf16> {
  // CHECK: mcore.expand_2to4 %{{.*}}, %{{.*}} : vector<16x16xf16>, vector<16x16xi8> -> vector<16x32xf16>
  %a = mcore.expand_2to4 %v, %i : vector<16x16xf16>, vector<16x16xi8> -> vector<16x32xf16>
  return %a : vector<16x32xf16>
}

// CHECK-LABEL: func @load_sparse_index
func.func @load_sparse_index(%meta: memref<?x?xi32>, %r: index, %k: index) -> vector<16x16xi8> {
  // CHECK: mcore.load_sparse_index %{{.*}}[%{{.*}}, %{{.*}}] : memref<?x?xi32> -> vector<16x16xi8>
  %idx = mcore.load_sparse_index %meta[%r, %k] : memref<?x?xi32> -> vector<16x16xi8>
  return %idx : vector<16x16xi8>
}

// CHECK-LABEL: func @load_sparse_index_native_halves
func.func @load_sparse_index_native_halves(%meta: memref<?x?xi32>, %r: index, %k: index) -> vector<16x16xi8> {
  // CHECK: mcore.load_sparse_index %{{.*}}[%{{.*}}, %{{.*}}] native halves : memref<?x?xi32> -> vector<16x16xi8>
  %idx = mcore.load_sparse_index %meta[%r, %k] native halves : memref<?x?xi32> -> vector<16x16xi8>
  return %idx : vector<16x16xi8>
}

// Every catalog family in distributed form.
// CHECK-LABEL: func @distributed_families
func.func @distributed_families(%a8: vector<8xf16>, %b16: vector<16xf16>, %c8: vector<8xf32>, %i: i32,
                                %a4: vector<4xf16>, %b8: vector<8xf16>, %c4: vector<4xf32>,
                                %ai: vector<8xi8>, %ci: vector<8xi32>, %a16: vector<16xf16>,
                                %c16h: vector<16xf16>) {
  // CHECK: mcore.sparse_mma {{.*}} {index_set = 1 : i32, intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>}
  %0 = mcore.sparse_mma %a8, %b16, %c8, %i {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>, index_set = 1 : i32}
      : vector<8xf16>, vector<16xf16>, i32 into vector<8xf32>
  // CHECK: mcore.sparse_mma {{.*}}smfmac_f32_16x16x32_f16
  %1 = mcore.sparse_mma %a4, %b8, %c4, %i {intrinsic = #mcore.intrinsic<smfmac_f32_16x16x32_f16>, index_set = 3 : i32}
      : vector<4xf16>, vector<8xf16>, i32 into vector<4xf32>
  // CHECK: mcore.mma {{.*}} {clamp, intrinsic = #mcore.intrinsic<wmma_i32_16x16x16_iu8_w32_gfx12>, unsigned_a, unsigned_b}
  %2 = mcore.mma %ai, %ai, %ci {intrinsic = #mcore.intrinsic<wmma_i32_16x16x16_iu8_w32_gfx12>, unsigned_a, unsigned_b, clamp}
      : vector<8xi8>, vector<8xi8> into vector<8xi32>
  // RDNA3's 16-bit accumulator: one value per register, 16 slots.
  // CHECK: mcore.mma {{.*}}wmma_f16_16x16x16_f16_w32>
  %3 = mcore.mma %a16, %a16, %c16h {intrinsic = #mcore.intrinsic<wmma_f16_16x16x16_f16_w32>}
      : vector<16xf16>, vector<16xf16> into vector<16xf16>
  return
}

// gfx1250's bf16f32: an f32 C, a bf16 D after `->`, whole tile and per lane.
// CHECK-LABEL: func @bf16f32
func.func @bf16f32(%a: vector<16x32xbf16>, %b: vector<32x16xbf16>, %c: vector<16x16xf32>,
                   %af: vector<16xbf16>, %bf: vector<32xbf16>, %cf: vector<8xf32>, %i: i32)
    -> (vector<16x16xbf16>, vector<8xbf16>) {
  // CHECK: mcore.mma {{.*}}wmma_bf16f32_16x16x32_bf16>} : vector<16x32xbf16>, vector<32x16xbf16> into vector<16x16xf32> -> vector<16x16xbf16>
  %0 = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_bf16f32_16x16x32_bf16>}
      : vector<16x32xbf16>, vector<32x16xbf16> into vector<16x16xf32> -> vector<16x16xbf16>
  // CHECK: mcore.sparse_mma {{.*}}swmmac_bf16f32_16x16x64_bf16>} : vector<16xbf16>, vector<32xbf16>, i32 into vector<8xf32> -> vector<8xbf16>
  %1 = mcore.sparse_mma %af, %bf, %cf, %i {intrinsic = #mcore.intrinsic<swmmac_bf16f32_16x16x64_bf16>}
      : vector<16xbf16>, vector<32xbf16>, i32 into vector<8xf32> -> vector<8xbf16>
  return %0, %1 : vector<16x16xbf16>, vector<8xbf16>
}
