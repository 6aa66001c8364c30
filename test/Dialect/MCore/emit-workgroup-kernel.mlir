// RUN: mcore-opt %s -split-input-file --mcore-emit-workgroup-kernel -canonicalize -cse | FileCheck %s

// mcore-emit-workgroup-kernel on hand-written work-group tiles: the kernel
// body the configuration describes, in place of the op.

// Two LDS stages, two K tiles (K = 64, tile_k = 32): the prologue copies K
// tile 0 of A (row-major) and B (transposed on its way: N-major in LDS)
// into stage 0; each iteration prefetches the next K tile (clamped: the
// last reloads the last) into registers, computes from the current stage
// (an iter_arg), stores the prefetch into the other stage (1 - stage) and
// waits; the 2x2 waves' 2x2 accumulators of 32x32 are iter_args; the
// epilogue adds C and writes it (through a buffer resource on CDNA).
// CHECK-LABEL: func.func @two_stages
// CHECK:       gpu.launch
// CHECK-SAME:    workgroup(%[[LA:.+]] : memref<256x36xf16, #gpu.address_space<workgroup>>, %[[LB:.+]] : memref<256x36xf16, #gpu.address_space<workgroup>>)
// CHECK-NOT:     mcore.workgroup_matmul
// Prologue.
// CHECK-COUNT-2: vector.load %arg0[{{.+}}] : memref<128x64xf16>, vector<8xf16>
// CHECK-COUNT-2: vector.load %arg1[{{.+}}] : memref<64x128xf16>, vector<8xf16>
// CHECK:         %[[A0:.+]] = memref.subview %[[LA]][0, 0] [128, 36] [1, 1]
// CHECK-COUNT-2: vector.store %{{.+}}, %[[A0]]{{.+}} vector<8xf16>
// CHECK:         %[[B0:.+]] = memref.subview %[[LB]][0, 0] [128, 36] [1, 1]
// CHECK-COUNT-8: vector.store %{{.+}}, %[[B0]]{{.+}} vector<2xf16>
// CHECK-NEXT:    gpu.barrier
// The pipelined loop.
// CHECK-NEXT:    %[[R:.+]]:5 = scf.for %[[K:.+]] = %c0 to %c64 step %c32 iter_args(%[[ACC0:.+]] = %[[Z:.+]], %[[ACC1:.+]] = %[[Z]], %[[ACC2:.+]] = %[[Z]], %[[ACC3:.+]] = %[[Z]], %[[STAGE:.+]] = %c0) -> (vector<32x32xf32>, vector<32x32xf32>, vector<32x32xf32>, vector<32x32xf32>, index) {
// CHECK:           %[[NEXT:.+]] = arith.addi %[[K]], %c32
// CHECK-NEXT:      %[[CLAMPED:.+]] = arith.minui %[[NEXT]], %c32
// CHECK-COUNT-2:   vector.load %arg0[{{.+}}] : memref<128x64xf16>, vector<8xf16>
// CHECK-COUNT-2:   vector.load %arg1[{{.+}}] : memref<64x128xf16>, vector<8xf16>
// CHECK-NEXT:      rocdl.sched.barrier 0
// CHECK-NEXT:      %[[ROW:.+]] = arith.muli %[[STAGE]], %c128
// CHECK-NEXT:      %[[SA:.+]] = memref.subview %[[LA]][%[[ROW]], 0] [128, 36] [1, 1]
// CHECK-NEXT:      %[[SB:.+]] = memref.subview %[[LB]][%[[ROW]], 0] [128, 36] [1, 1]
// CHECK:           %[[TA:.+]] = vector.transfer_read %[[SA]]{{.+}} vector<32x8xf16>
// CHECK:           %[[TB:.+]] = vector.transfer_read %[[SB]]{{.+}} vector<8x32xf16>
// CHECK:           mcore.mma %[[TA]], %[[TB]], %[[ACC0]] {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>} : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
// CHECK-COUNT-15:  mcore.mma
// CHECK-NEXT:      rocdl.sched.barrier 0
// CHECK-NEXT:      %[[OTHER:.+]] = arith.subi %c1, %[[STAGE]]
// CHECK-NEXT:      %[[OROW:.+]] = arith.muli %[[OTHER]], %c128
// CHECK-NEXT:      %[[OA:.+]] = memref.subview %[[LA]][%[[OROW]], 0] [128, 36] [1, 1]
// CHECK-COUNT-2:   vector.store %{{.+}}, %[[OA]]
// CHECK:           %[[OB:.+]] = memref.subview %[[LB]][%[[OROW]], 0] [128, 36] [1, 1]
// CHECK-COUNT-8:   vector.store %{{.+}}, %[[OB]]
// CHECK-NEXT:      gpu.barrier
// CHECK-NEXT:      scf.yield %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[OTHER]] : vector<32x32xf32>, vector<32x32xf32>, vector<32x32xf32>, vector<32x32xf32>, index
// CHECK-NEXT:    }
// The epilogue: C + the sums.
// CHECK-NEXT:    %[[CB:.+]] = amdgpu.fat_raw_buffer_cast %arg2
// CHECK-COUNT-4: vector.transfer_read %[[CB]]
// CHECK:         %[[S0:.+]] = arith.addf %[[R]]#0, %{{.+}} : vector<32x32xf32>
// CHECK-NEXT:    vector.transfer_write %[[S0]], %[[CB]]
// CHECK-COUNT-3: vector.transfer_write
// CHECK-NEXT:    gpu.terminator
func.func @two_stages(%A: memref<128x64xf16>, %B: memref<64x128xf16>, %C: memref<128x128xf32>) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1)
      workgroup(%lds_a : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %lds_b : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    mcore.workgroup_matmul a(%A : memref<128x64xf16>) b(%B : memref<64x128xf16>)
        c(%C : memref<128x128xf32>) at(%c0, %c0)
        lds(%lds_a, %lds_b : memref<256x36xf16, #gpu.address_space<workgroup>>,
                             memref<256x36xf16, #gpu.address_space<workgroup>>)
        attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16,
          swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32,
          waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8,
          lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>}
    gpu.terminator
  }
  return
}

// -----

// One LDS stage on RDNA4, a dynamic K, the tile at (%i0, %j0) of a
// bigger C: the waves compute from the buffer, wait, refill it when a K
// tile is left, wait; masked loads (K is dynamic). The accumulators start
// at the fill value, not at C, and the fused op of the region (a ReLU into
// a new buffer, C a temporary) runs on each tile: only its output is
// stored.
// CHECK-LABEL: func.func @one_stage_epilogue
// CHECK-NOT:   memref.alloc() : memref<256x256xf32>
// CHECK:       %[[OUT:.+]] = memref.alloc() : memref<256x256xf32>
// CHECK-NOT:   memref.alloc
// CHECK:       gpu.launch
// CHECK-SAME:    workgroup(%[[LA:.+]] : memref<64x40xf16, #gpu.address_space<workgroup>>, %[[LB:.+]] : memref<64x40xf16, #gpu.address_space<workgroup>>)
// CHECK:         %[[OT:.+]] = memref.subview %[[OUT]]
// CHECK:         gpu.barrier
// CHECK-NEXT:    %[[R:.+]]:8 = scf.for %{{.+}} = %c0 to %{{.+}} step %c32 iter_args({{.+}}) -> (vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>, vector<16x16xf32>) {
// CHECK:           vector.transfer_read %[[LA]]
// CHECK:           vector.transfer_read %[[LB]]
// CHECK-COUNT-16:  mcore.mma {{.+}} {intrinsic = #mcore.intrinsic<wmma_f32_16x16x16_f16_w32_gfx12>}
// CHECK-NEXT:      gpu.barrier
// CHECK:           scf.if
// CHECK:             vector.store %{{.+}}, %[[LA]]
// CHECK:             vector.store %{{.+}}, %[[LB]]
// CHECK:           gpu.barrier
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NOT:     vector.transfer_read
// CHECK:         %[[Y:.+]] = arith.maximumf %[[R]]#0, %{{.+}} : vector<16x16xf32>
// CHECK-NEXT:    vector.transfer_write %[[Y]], %[[OT]]
// CHECK-COUNT-7: vector.transfer_write %{{.+}}, %[[OT]]
// CHECK-NEXT:    gpu.terminator
#id = affine_map<(i, j) -> (i, j)>
func.func @one_stage_epilogue(%A: memref<256x?xf16>, %B: memref<?x256xf16>, %i0: index, %j0: index) -> memref<256x256xf32> {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %C = memref.alloc() : memref<256x256xf32>
  %out = memref.alloc() : memref<256x256xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%lds_a : memref<64x40xf16, #gpu.address_space<workgroup>>,
                %lds_b : memref<64x40xf16, #gpu.address_space<workgroup>>) {
    %zero = arith.constant 0.0 : f32
    %ct = memref.subview %C[%i0, %j0] [64, 64] [1, 1] : memref<256x256xf32> to memref<64x64xf32, strided<[256, 1], offset: ?>>
    %ot = memref.subview %out[%i0, %j0] [64, 64] [1, 1] : memref<256x256xf32> to memref<64x64xf32, strided<[256, 1], offset: ?>>
    mcore.workgroup_matmul a(%A : memref<256x?xf16>) b(%B : memref<?x256xf16>)
        c(%C : memref<256x256xf32>) at(%i0, %j0)
        lds(%lds_a, %lds_b : memref<64x40xf16, #gpu.address_space<workgroup>>,
                             memref<64x40xf16, #gpu.address_space<workgroup>>)
        attributes {config = #mcore.matmul_config<intrinsic = wmma_f32_16x16x16_f16_w32_gfx12,
          swap_operands = never, tile_m = 64, tile_n = 64, tile_k = 32,
          waves_m = 1, waves_n = 2, stages = 1, lds_padding = 16,
          lds_padding_b = 16, group_m = 1, split_k = 1, sched_barriers = false>,
          fill = 0.0 : f32, epilogue_groups = [array<i32: 0, -1, 1>],
          epilogue_store = array<i1: false, true>} epilogue {
      linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
          ins(%ct : memref<64x64xf32, strided<[256, 1], offset: ?>>)
          outs(%ot : memref<64x64xf32, strided<[256, 1], offset: ?>>) {
      ^bb0(%x: f32, %o: f32):
        %r = arith.maximumf %x, %zero : f32
        linalg.yield %r : f32
      }
    }
    gpu.terminator
  }
  return %out : memref<256x256xf32>
}
