// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx1201 -canonicalize -cse | FileCheck %s --check-prefix=RDNA4
// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx942 -canonicalize -cse | FileCheck %s --check-prefix=CDNA3
// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx90a -canonicalize -cse 2>&1 | FileCheck %s --check-prefix=FALLBACK
// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx1100 -canonicalize -cse 2>&1 | FileCheck %s --check-prefix=RDNA3
// RUN: not mcore-opt %s --mcore-tile-matmul="chip=gfx90a allow-dense-fallback=false" 2>&1 | FileCheck %s --check-prefix=NOFALLBACK
// Sparse instructions multiply the stored values alone: no fix.
// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx942 | FileCheck %s --check-prefix=NOFIX
// RUN: mcore-opt %s --mcore-tile-matmul=chip=gfx1201 | FileCheck %s --check-prefix=NOFIX
// NOFIX-NOT: vector.multi_reduction

// 2:4-sparse A from compressed values (M x K/2) and canonical metadata
// (M x K/32 words). Values, B and metadata are staged through LDS; each wave
// reads its index tiles with mcore.load_sparse_index. On gfx1201: 128x128
// tiles, K tile 32 (one SWMMAC step; 4x4 SWMMACs per wave fit the registers
// only with one step in flight), 16 B row padding.

// The metadata is an argument: a kernel first checks it is canonical
// (TileMatmulMetadataCheck.cpp), on every chip.
// RDNA4-LABEL: func.func @sparse
// RDNA4:       memref.atomic_rmw mins
// RDNA4:       mcore.kernel = "check_metadata_2to4"
// RDNA4:       call @__mcore_2to4_noncanonical(
// RDNA4:       gpu.launch
// RDNA4-SAME:    workgroup(%[[V:.+]] : memref<256x20xf16, #gpu.address_space<workgroup>>, %[[B:.+]] : memref<256x40xf16, #gpu.address_space<workgroup>>, %[[META:.+]] : memref<256x2xi32, #gpu.address_space<workgroup>>)
// RDNA4:       %[[MW:.+]] = vector.load %{{.+}} : memref<1024x32xi32>, vector<1xi32>
// The prologue stores into stage 0: constant subviews, which the loop reads
// too (two K tiles per iteration on RDNA4, from stage 0 then stage 1).
// RDNA4:       %[[SV:.+]] = memref.subview %[[V]][0, 0] [128, 20] [1, 1]
// RDNA4:       %[[SB:.+]] = memref.subview %[[B]][0, 0] [128, 40] [1, 1]
// Metadata is staged in SWMMAC's native order (docs/Sparsity.md): bytes 1
// and 2 of each word swap (groups 0 1 4 5 2 3 6 7), one byte shuffle; each
// word is followed by its 16-bit rotation (`halves`: the lanes of the
// upper half read their index from the low half of the second word).
// RDNA4:       %[[MB:.+]] = vector.bitcast %[[MW]] : vector<1xi32> to vector<4xi8>
// RDNA4:       %[[MP:.+]] = vector.shuffle %[[MB]], %[[MB]] [0, 2, 1, 3] : vector<4xi8>, vector<4xi8>
// RDNA4:       %[[MR:.+]] = vector.shuffle %[[MP]], %[[MP]] [0, 1, 2, 3, 2, 3, 0, 1] : vector<4xi8>, vector<4xi8>
// RDNA4:       %[[MH:.+]] = vector.bitcast %[[MR]] : vector<8xi8> to vector<2xi32>
// RDNA4:       %[[SM:.+]] = memref.subview %[[META]][0, 0] [128, 2] [1, 1]
// RDNA4:       vector.store %[[MH]], %[[SM]][%{{.+}}, %c0] : memref<128x2xi32, strided<[2, 1]>, #gpu.address_space<workgroup>>, vector<2xi32>
// RDNA4:       scf.for %{{.+}} = %c0 to %c960 step %c64
// RDNA4:         vector.transfer_read %[[SV]]{{.+}} : memref<128x20xf16, strided<[20, 1]>, #gpu.address_space<workgroup>>, vector<16x16xf16>
// RDNA4:         mcore.load_sparse_index %{{.+}}[%{{.+}}, %{{.+}}] native halves : memref<128x2xi32, strided<[2, 1], offset: ?>, #gpu.address_space<workgroup>> -> vector<16x16xi8>
// RDNA4:         vector.transfer_read %[[SB]]{{.+}} permutation_map = {{.+}} : memref<128x40xf16, strided<[40, 1]>, #gpu.address_space<workgroup>>, vector<32x16xf16>
// RDNA4:         mcore.sparse_mma {{.+}} {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>} : vector<16x16xf16>, vector<32x16xf16>, vector<16x16xi8> into vector<16x16xf32>
// RDNA4:         memref.subview %[[V]][128, 0] [128, 20] [1, 1]
// RDNA4:         memref.subview %[[B]][128, 0] [128, 40] [1, 1]
// RDNA4:         memref.subview %[[META]][128, 0] [128, 2] [1, 1]
// RDNA4:         mcore.sparse_mma {{.+}} {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>}
// RDNA4:       }
// The last two K tiles after the loop.
// RDNA4:       mcore.sparse_mma {{.+}} {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>}

// CDNA3-LABEL: func.func @sparse
// CDNA3:       mcore.load_sparse_index {{.+}} native : {{.+}} -> vector<32x8xi8>
// CDNA3:       mcore.sparse_mma {{.+}} {intrinsic = #mcore.intrinsic<smfmac_f32_32x32x16_f16>} : vector<32x8xf16>, vector<16x32xf16>, vector<32x8xi8> into vector<32x32xf32>

// Chips without sparse instructions decompress A while staging it (the
// metadata word is read with each chunk of values) and use dense MMAs.
// FALLBACK:    remark: 2:4-sparse A: gfx90a has no sparse matrix instruction for f16 x f16 -> f32; decompressing A in the kernel and using mfma_f32_32x32x8f16
// FALLBACK-LABEL: func.func @sparse
// FALLBACK:    mcore.kernel = "check_metadata_2to4"
// FALLBACK:    gpu.launch
// FALLBACK-SAME: workgroup(%[[A:.+]] : memref<256x36xf16, #gpu.address_space<workgroup>>, %{{.+}} : memref<256x36xf16, #gpu.address_space<workgroup>>)
// FALLBACK:    memref.load %{{.+}} : memref<1024x32xi32>
// FALLBACK:    arith.shrui
// FALLBACK:    %[[SA0:.+]] = memref.subview %[[A]][0, 0] [128, 36] [1, 1]
// FALLBACK:    arith.select
// FALLBACK:    vector.store %{{.+}}, %[[SA0]]{{.+}} : memref<128x36xf16, strided<[36, 1]>, #gpu.address_space<workgroup>>, vector<8xf16>
// FALLBACK:    mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>}
// FALLBACK-NOT: sparse_mma
// The decompressed A's pruned zeros multiply nothing
// (TileMatmulStructuralZeros.cpp): per accumulator tile, the elements that
// are not finite (x - x unordered), a vote, and a loop over K's groups that
// runs only when one is, recomputing from the stored values and the
// metadata.
// FALLBACK:    %[[D:.+]] = arith.subf %[[SUM:.+]], %[[SUM]] : vector<32x32xf32>
// FALLBACK:    %[[BAD:.+]] = arith.cmpf uno, %[[D]], %[[D]] : vector<32x32xf32>
// FALLBACK:    %[[ANY:.+]] = vector.multi_reduction <or>, %[[BAD]], %{{.+}} [0, 1] : vector<32x32xi1> to i1
// FALLBACK:    %[[TRIP:.+]] = arith.select %[[ANY]], %{{.+}}, %{{.+}} : index
// FALLBACK:    %[[FIX:.+]] = scf.for %{{.+}} = %{{.+}} to %[[TRIP]] step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (vector<32x32xf32>)
// FALLBACK:      vector.transfer_read %arg1[{{.+}}], %{{.+}} {in_bounds = [true, true], permutation_map = #{{.+}}} : memref<1024x32xi32>, vector<32x32xi32>
// FALLBACK:      vector.transfer_read %arg0[{{.+}}], %{{.+}} {in_bounds = [true, true], permutation_map = #{{.+}}} : memref<1024x512xf16>, vector<32x32xf16>
// FALLBACK-COUNT-4: vector.transfer_read %arg2[{{.+}}], %{{.+}} {in_bounds = [true, true], permutation_map = #{{.+}}} : memref<1024x1024xf16>, vector<32x32xf16>
// FALLBACK:    arith.select %[[BAD]], %[[FIX]], %[[SUM]] : vector<32x32xi1>, vector<32x32xf32>

// RDNA3:       remark: 2:4-sparse A: gfx1100 has no sparse matrix instruction
// RDNA3:       mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32>}

// NOFALLBACK:  error: 2:4-sparse f16 x f16 -> f32 has no sparse matrix instruction on gfx90a and the dense fallback is disabled (allow-dense-fallback=false); gfx90a has no sparse matrix instructions
func.func @sparse(%V: memref<1024x512xf16>, %Meta: memref<1024x32xi32>, %B: memref<1024x1024xf16>, %C: memref<1024x1024xf32>) {
  mcore.sparse_matmul ins(%V, %Meta, %B : memref<1024x512xf16>, memref<1024x32xi32>, memref<1024x1024xf16>) outs(%C : memref<1024x1024xf32>)
  return
}
