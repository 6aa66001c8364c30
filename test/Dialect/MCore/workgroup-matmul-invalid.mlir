// RUN: mcore-opt %s -split-input-file -verify-diagnostics --mcore-emit-workgroup-kernel

// mcore.workgroup_matmul's verifier, then mcore-emit-workgroup-kernel's
// checks against the enclosing launch and the configuration: located
// errors, no kernel.

// The verifier: a configuration without every knob.
func.func @incomplete(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op config must set every knob (as mcore-configure-matmul leaves it), it sets intrinsic, tile_m}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, tile_m = 128>}
    gpu.terminator
  }
  return
}

// -----

// A sparse instruction stages the metadata too: three LDS buffers.
func.func @lds_count(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op expects 3 LDS buffers (A, B and the metadata) for smfmac_f32_32x32x16_f16, got 2}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = smfmac_f32_32x32x16_f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 64, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>}
    gpu.terminator
  }
  return
}

// -----

// sparse_b names B's metadata, which is missing.
func.func @sparse_b_no_meta(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op sparse_b needs B's metadata (meta)}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>, sparse_b}
    gpu.terminator
  }
  return
}

// -----

// A sign offset without the correction the epilogue adds.
func.func @offset_no_correction(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op a sign offset needs its sign_correction}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>, sign_offset_a, unsigned_a}
    gpu.terminator
  }
  return
}

// -----

// batch is the correction's row.
func.func @batch_no_correction(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op batch (the sign correction's row) without sign_correction}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) batch(%c0) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>}
    gpu.terminator
  }
  return
}

// -----

// The fill value is of C's element type.
func.func @fill_type(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op fill must be of C's element type 'f32', got 'f16'}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>, fill = 0.0 : f16}
    gpu.terminator
  }
  return
}

// -----

// One epilogue_groups entry per op of the region.
func.func @groups_count(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op expects one epilogue_groups entry per op of the epilogue (0), got 1}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>, epilogue_groups = [array<i32: 0, 1>], epilogue_store = array<i1: true, true>}
    gpu.terminator
  }
  return
}

// -----

// An operand names a buffer that does not exist yet.
func.func @group_range(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>, %o: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op epilogue_groups entry #0 names buffer 2; there are 1 so far}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>, epilogue_groups = [array<i32: 2, -1, 1>], epilogue_store = array<i1: true, true>} epilogue {
      linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%c : memref<128x128xf32>) outs(%o : memref<128x128xf32>) {
      ^bb0(%x: f32, %y: f32):
        linalg.yield %x : f32
      }
    }
    gpu.terminator
  }
  return
}

// -----

// An entry names each operand and the output.
func.func @group_size(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>, %o: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op epilogue_groups entry #0 must name the buffer of each of the op's 2 operands and of its output, got 2 values}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>, epilogue_groups = [array<i32: 0, 1>], epilogue_store = array<i1: true, true>} epilogue {
      linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%c : memref<128x128xf32>) outs(%o : memref<128x128xf32>) {
      ^bb0(%x: f32, %y: f32):
        linalg.yield %x : f32
      }
    }
    gpu.terminator
  }
  return
}

// -----

// One store flag per buffer.
func.func @store_count(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>, %o: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op expects epilogue_store with one flag per buffer (2), got 1}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>, epilogue_groups = [array<i32: 0, -1, 1>], epilogue_store = array<i1: true>} epilogue {
      linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%c : memref<128x128xf32>) outs(%o : memref<128x128xf32>) {
      ^bb0(%x: f32, %y: f32):
        linalg.yield %x : f32
      }
    }
    gpu.terminator
  }
  return
}

// -----

// M (A's rows) is C's rows.
func.func @m_mismatch(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op M is 64 in A but 128 in C}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>, transpose_a}
    gpu.terminator
  }
  return
}

// -----

// The instruction's A is f16: 16 bits, not 8.
func.func @a_width(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>, %a8: memref<128x64xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op mfma_f32_32x32x8f16 reads A of f16, not i8}}
    mcore.workgroup_matmul a(%a8 : memref<128x64xi8>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>}
    gpu.terminator
  }
  return
}

// -----

// The instruction accumulates floats; C holds integers.
func.func @c_kind(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>, %ci: memref<128x128xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op mfma_f32_32x32x8f16 accumulates in 'f32', which C's elements ('i32') are not}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%ci : memref<128x128xi32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>}
    gpu.terminator
  }
  return
}

// -----

// mcore-emit-workgroup-kernel: the op must be inside a launch.
func.func @outside_launch(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>, %l0: memref<256x36xf16, #gpu.address_space<workgroup>>, %l1: memref<256x36xf16, #gpu.address_space<workgroup>>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'mcore.workgroup_matmul' op must be inside a gpu.launch, whose threads compute the tile}}
  mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>}
  return
}

// -----

// The launch's block is the configuration's 256 threads.
func.func @threads(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op the configuration's work-group is 256 x 1 x 1 threads; the enclosing gpu.launch must have that block size}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>}
    gpu.terminator
  }
  return
}

// -----

// The LDS buffers are the configuration's (padding 8: rows of 36 halves).
func.func @lds_types(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x32xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{'mcore.workgroup_matmul' op the LDS buffers of the configuration are 'memref<256x36xf16, #gpu.address_space<workgroup>>', 'memref<256x36xf16, #gpu.address_space<workgroup>>'}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x32xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>}
    gpu.terminator
  }
  return
}

// -----

// The epilogue runs element-wise linalg ops only.
func.func @epilogue_op(%a: memref<128x64xf16>, %b: memref<64x128xf16>, %c: memref<128x128xf32>, %o: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cT = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %cT, %sy = %c1, %sz = %c1)
      workgroup(%l0 : memref<256x36xf16, #gpu.address_space<workgroup>>,
                %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+2 {{'memref.copy' op is not an element-wise linalg op on memrefs over the tile's two dimensions with one output, which the epilogue of mcore.workgroup_matmul takes}}
    mcore.workgroup_matmul a(%a : memref<128x64xf16>) b(%b : memref<64x128xf16>) c(%c : memref<128x128xf32>) at(%c0, %c0) lds(%l0, %l1 : memref<256x36xf16, #gpu.address_space<workgroup>>, memref<256x36xf16, #gpu.address_space<workgroup>>) attributes {config = #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, swap_operands = never, tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 1, split_k = 1, sched_barriers = true>, epilogue_groups = [array<i32: 0, -1, 1>], epilogue_store = array<i1: true, true>} epilogue {
      memref.copy %c, %o : memref<128x128xf32> to memref<128x128xf32>
    }
    gpu.terminator
  }
  return
}
