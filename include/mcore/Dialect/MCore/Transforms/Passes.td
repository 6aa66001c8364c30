//===- Passes.td - mcore transformation passes -------------*- tablegen -*-===//

#ifndef MCORE_DIALECT_MCORE_TRANSFORMS_PASSES_TD
#define MCORE_DIALECT_MCORE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"
// MCoreMatmulConfigOptions, made from MatmulConfig.def by the build.
include "mcore/Dialect/MCore/Transforms/MatmulConfigOptions.td"

def MCoreSelectIntrinsicsPass : Pass<"mcore-select-intrinsics"> {
  let summary = "Choose the matrix intrinsic of every mcore.mma / sparse_mma";
  let description = [{
    Gives every `mcore.mma` and `mcore.sparse_mma` that has no `intrinsic`
    one from the catalog: the instruction of the target chip whose tile shape
    and element types match the op, preferring the highest throughput
    (ops per cycle on that chip). Ops that already name an intrinsic are
    checked: the chip must have it, and fp8 operands must use the chip's
    encoding (FNUZ on gfx942, OCP on gfx950 and gfx12).

    The chip comes from `chip=`, else from the closest `mcore.chip` attribute
    or `#rocdl.target` of an enclosing `gpu.module`.

    `intrinsic=NAME` forces one intrinsic for every op without one; it must
    fit the op and the chip.

    Example: on gfx942, a 32x8 f16 by 8x32 f16 into f32 tile gets
    `#mcore.intrinsic<mfma_f32_32x32x8f16>`.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Target chip, e.g. gfx942 or gfx1201 (an unknown name is an error that lists the supported chips)">,
    Option<"intrinsic", "intrinsic", "std::string", /*default=*/"\"\"",
           "Use this intrinsic instead of choosing one">,
  ];
  let dependentDialects = ["::mlir::mcore::MCoreDialect"];
}

def MCoreDistributePass : Pass<"mcore-distribute"> {
  let summary = "Distribute whole-tile mcore ops to per-lane fragments";
  let description = [{
    Rewrites whole-tile `mcore.mma` / `mcore.sparse_mma` /
    `mcore.scaled_mma` (rank-2 operands, one matrix-instruction tile
    executed by a whole wave) and the values feeding them into per-lane
    code, using the intrinsic's layouts from mcore's catalog: every lane
    loads, keeps and stores only the elements of each tile it holds. The
    block-scale tiles of `mcore.scaled_mma` follow the intrinsic's scale
    layout (one scale per lane, placed in every byte of the lane's scale
    word). Elements narrower than a byte (FP4, FP6: a byte each in memory,
    bit-packed in a vector) are read one at a time.

    Whole-tile values may come from `vector.transfer_read` (A, B and C tiles
    of 2-D memrefs, identity or transposed maps; one vector load per run of
    elements contiguous in memory, bounds checks kept where the transfer is
    not in bounds), `mcore.load_sparse_index` (per-lane loads of canonical
    metadata and nibble shuffles into the lane's index word), splat
    `arith.constant`s, element-wise ops and `scf.for` iter_args, and go to
    `vector.transfer_write` (per-lane stores, masked at the edges of the
    matrix). A value used with two different layouts is an error.

    The lane is `gpu.lane_id`; the ops must run in wave-uniform control
    flow with wave-uniform indices, as `mcore-tile-matmul` writes them. Every
    whole-tile op needs its `intrinsic` (`mcore-select-intrinsics`).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect", "::mlir::ROCDL::ROCDLDialect"];
}

def MCoreVectorContractToMmaPass : Pass<"mcore-vector-contract-to-mma"> {
  let summary = "Turn vector.contract tile products into whole-tile "
                "mcore.mma / mcore.sparse_mma";
  let description = [{
    The entry for front ends that tile to vectors: a `vector.contract` of
    the wave that is a product of 2-D tiles, `D = A * B + C` (two parallel
    dimensions and one reduction, `add`), whose shape and element types a
    catalog instruction of the chip computes becomes a whole-tile
    `mcore.mma` with that instruction (`intrinsic`), the input of
    `mcore-distribute`. The best instruction by throughput wins, as in
    `mcore-select-intrinsics`.

    **Who computes a contraction.** Upstream defines `vector.contract` per
    work-item: in a kernel, every work-item computes the whole product on
    its own values. A contraction is the wave's (its operands whole tiles
    the wave holds together, the same values in every lane, computed once
    by one matrix instruction) only when marked so: `{mcore.wave}` in its
    attribute dictionary. `{mcore.work_item}` says upstream's meaning
    explicitly. An unmarked contraction is each work-item's in the pipeline,
    with `kernels=tile` and `kernels=given` alike: one meaning per program.
    It is lowered here to outer products and FMAs (upstream's patterns), and
    where the wave could have computed it instead (a kernel of more than one
    work-item, a tile an instruction of the chip computes or divides) a
    warning says so and how to choose: the two readings give the same result
    only if every lane has the same operands and uses the result as if it
    were computed once, which is not checked. `unmarked=wave` reads unmarked
    contractions as the wave's instead (this pass run on its own over
    kernels whose contractions are all whole tiles).

    * Operands may be indexed in either orientation (`(k, m)` A, `(n, k)`
      B, `(n, m)` C): they go through `vector.transpose`, which
      `mcore-distribute` folds into the lanes' loads.
    * Inputs extended from narrower types (`arith.extf`, `arith.extsi`,
      `arith.extui` of the operands, as linalg's vectorizer writes them) are
      read as the narrow type; `extui` makes the operand unsigned
      (`unsigned_a` / `unsigned_b`, where the instruction has the
      signedness modifier). Integer contractions without an extension are
      signed, as `vector.contract` defines them.
    * A 2:4-sparse A is written `mcore.expand_2to4 %values, %index` (the
      compressed tile and its whole-tile index, as `mcore.load_sparse_index`
      reads canonical metadata): such a contraction becomes
      `mcore.sparse_mma` on `%values` and `%index` (SWMMAC, SMFMAC), and the
      expansion goes away. Its A must be indexed `(m, k)`.
    * With `unroll` (the default), a contraction larger than one
      instruction, whose M, N and K are multiples of an instruction's, is
      first split into instruction tiles with upstream's vector unrolling:
      the transfers, element-wise ops and transposes it reads and writes are
      split with it, slices of `mcore.expand_2to4` and
      `mcore.load_sparse_index` become smaller ones, and an `scf.for`
      accumulator that the loop reads only in tiles becomes one `iter_arg`
      per tile. A vector whose tiles cannot be split this way (a function
      argument, an op upstream does not unroll) is left sliced, which
      `mcore-distribute` then reports. A contraction that would split into
      more than 4096 instructions is an error: one wave computes all of
      it, its tiles could not live in registers, and the split alone would
      take minutes; tile it into smaller contractions first.

    A contraction marked `{mcore.wave}` that fits no instruction is an
    error that says why; with `unmarked=wave`, an unmarked one is a warning
    and each work-item computes it; an `mcore.expand_2to4` that is left is
    an error, since nothing else lowers it. The chip comes from `chip=`, else from each contraction's enclosing
    `mcore.chip` attribute or `#rocdl.target` of its `gpu.module`. Only
    GPU code is considered: contractions in a `gpu.launch` or a
    `gpu.module`, or under an `mcore.chip` attribute; host code has no lanes
    to distribute to.

    ```mlir
    %d = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                           affine_map<(m, n, k) -> (k, n)>,
                                           affine_map<(m, n, k) -> (m, n)>],
                          iterator_types = ["parallel", "parallel", "reduction"],
                          kind = #vector.kind<add>, mcore.wave} %a, %b, %c
        : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
    // with chip=gfx942 becomes
    %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>}
        : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
    ```

    `populateMCoreVectorContractToMmaPatterns` (the conversion of exact
    tiles) and `unrollVectorContractsToIntrinsics` (the split) are in
    `include/mcore/Dialect/MCore/Transforms/Transforms.h`.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "Target chip, e.g. gfx942 or gfx1201 (an unknown name is an error "
           "that lists the supported chips); default: each contraction's own">,
    Option<"unroll", "unroll", "bool", /*default=*/"true",
           "Split contractions larger than one instruction into "
           "instruction tiles first">,
    Option<"unmarked", "unmarked", "std::string", /*default=*/"\"work-item\"",
           "Who computes a vector.contract marked neither {mcore.wave} nor "
           "{mcore.work_item}: work-item (upstream's meaning, the "
           "pipeline's) or wave">,
  ];
  let dependentDialects = [
    "::mlir::mcore::MCoreDialect", "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"];
}

def MCoreConfigureMatmulPass : Pass<"mcore-configure-matmul"> {
  let summary = "Choose the kernel configuration of every matmul "
                "(#mcore.matmul_config)";
  let description = [{
    Sets the attribute `mcore.matmul_config` (a `#mcore.matmul_config`,
    see the dialect's attributes) on every `linalg.matmul` and
    `mcore.sparse_matmul` on memrefs outside GPU kernels: the matrix
    instruction, the work-group tile, the waves, the K tile, the LDS stages
    and padding, the work-group swizzle and the loop schedule of the kernel
    `mcore-tile-matmul` will build. This is IREE's `lowering_config` idea:
    the configuration is data on the op, chosen here and obeyed there.

    A dense matmul whose types no matrix instruction of the chip computes
    gets `mcore.simt = "<reason>"` instead, with the reason as a remark:
    `mcore-tile-matmul` builds the SIMT kernel for it (docs/Types.md).
    With `strict=true` it is an error naming what the chip's instructions
    compute.

    Each knob comes from the first of:

    1. the op's own `#mcore.matmul_config`, written in the input IR (a
       partial one is completed, never overridden);
    2. this pass's option of the same name, when it is not at its
       automatic value (`0`, `-1`, empty, or `true` for `sched-barriers`);
    3. the entry of the tuning table `tuning-file=` that matches the op
       (chip, element types, 2:4 sparsity, M, N and K; the format is in
       docs/Tuning.md; `mcore-tune` writes such tables);
    4. the heuristic: the best instruction of the chip for the types (sparse
       for 2:4 A where the chip has one, else the decompressing dense
       fallback, with a remark); 2x2 waves; the largest wave tile from 64x64
       down to one instruction whose estimated registers (accumulators, the
       fragments of every K step of a K tile, the staged prefetch) fit in
       256 VGPRs, with a shorter K tile tried before a smaller wave tile;
       tile-k 64 bytes of A per row (128 for sparse instructions), shrunk
       until the LDS fits the chip; 2 stages; the LDS row padding of A and
       of B with the fewest bank conflicts by the LDS bank model; group-m
       8; scheduling barriers.

    Everything is then checked against the op and the chip, with located
    errors: the intrinsic exists on the chip and computes the op's types,
    tiles split into the waves and into the instruction, `tile-k` is a
    multiple of the instruction's K (and of 32 for 2:4 A), at most 1024
    threads, the LDS fits the chip. An error caused by a knob of the
    attribute or of the table has a note saying which knobs came from where.

    ```mlir
    linalg.matmul ins(%a, %b : memref<4096x4096xf16>, memref<4096x4096xf16>)
                  outs(%c : memref<4096x4096xf32>)
    // with chip=gfx942 becomes
    linalg.matmul {mcore.matmul_config = #mcore.matmul_config<
        intrinsic = mfma_f32_32x32x8f16, swap_operands = never,
        tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2,
        stages = 2, lds_padding = 16, lds_padding_b = 16, group_m = 8,
        sched_barriers = true>}
        ins(%a, %b : memref<4096x4096xf16>, memref<4096x4096xf16>)
        outs(%c : memref<4096x4096xf32>)
    ```

    The options are declared once, in
    `include/mcore/Heuristic/MatmulConfig.def`, with the attribute's
    fields, `mcore-tile-matmul`'s and `--mcore-pipeline`'s options and the
    tuning table's keys.
  }];
  let options = MCoreMatmulConfigOptions;
  let dependentDialects = ["::mlir::mcore::MCoreDialect"];
}

def MCoreTileMatmulPass : Pass<"mcore-tile-matmul"> {
  let summary = "Tile linalg.matmul / mcore.sparse_matmul into a matrix-core "
                "GPU kernel";
  let description = [{
    Turns every `linalg.matmul` and `mcore.sparse_matmul` on memrefs (outside
    GPU kernels) into a `gpu.launch` whose waves compute with whole-tile
    `mcore.mma` / `mcore.sparse_mma` ops, the input of `mcore-distribute`:

    * work-group tiles come from the TilingInterface (`scf.forall` over
      `tile-m x tile-n` tiles of C, mapped to the launch grid; sizes may be
      dynamic);
    * work-groups are dispatched in groups of `group-m` tiles of M (a
      swizzle for L2 reuse of A and B tiles);
    * each work-group has `waves-m x waves-n` waves; each wave owns a
      register block of intrinsic tiles whose accumulators live in registers
      across the K loop;
    * A and B are staged through LDS with 128-bit global loads (B stored
      N-major so fragment reads are contiguous along K); with `stages=2`
      the LDS is double buffered and the next K tile is prefetched into
      registers while the waves compute (`rocdl.sched.barrier`s keep the
      backend from moving the prefetch into, or the LDS stores above, the
      MMAs);
    * M, N and K need not be multiples of the tiles: edge tiles load with
      masks (zero fill) and store only inside C;
    * A may be stored K x M and B N x K (indexing maps `(m, n, k) -> (k, m)`
      and `(n, k)`): an operand stored K-major is transposed in registers
      on its way to LDS, so the waves read the same LDS tiles either way;
    * i4 is one value per byte in global memory, packed two per byte in LDS;
    * other contractions (`linalg.batch_matmul`, ...) are left alone, with a
      warning;
    * element-wise linalg ops that consume C (a bias, scales, an
      activation, the cast to the output type) run in the kernel's
      epilogue, on the accumulators in registers: they are tiled into the
      work-group loop through the TilingInterface, their operands read
      through their indexing maps (broadcast along rows or columns, or
      scalars), and a buffer is stored only if something after the kernel
      reads it (C, when only they read it, is never written). Each op must
      follow the matmul with nothing touching memory in between, have one
      output, only parallel loops over C's two dimensions, a body of
      element-wise `arith`/`math` ops, and read C (and what an earlier fused
      op wrote) element by element. An op that cannot be fused gets
      `mcore.not_fused = "<reason>"`, which `mcore-linalg-to-gpu` reports.

    The kernel is the one the op's `#mcore.matmul_config` (attribute
    `mcore.matmul_config`) describes. An op without one, or with some of its
    knobs left out, is configured first exactly as `mcore-configure-matmul`
    does with the same options (which this pass shares with it): the
    pipeline runs `mcore-configure-matmul` with its options, then this pass
    with only `chip`. The options below therefore fill in only what the
    attribute leaves out.

    The instruction comes from the catalog: the best one of the chip for the
    element types (`intrinsic=` forces one). A dense matmul whose types no
    instruction of the chip computes (f32 on RDNA, f64 on RDNA and gfx908,
    i16, f16 x bf16, ...; A, B and C floats of 16 to 64 bits or integers of
    8 to 64 bits) becomes the SIMT kernel instead, with a remark: work-groups
    of 16x16 work-items, one element of C each, A and B tiles of 16x16
    staged through LDS, the op's body (FMA for floats) along K in order
    (docs/Types.md). `strict=true`, a forced intrinsic or an
    `f32-precision` other than `ieee` makes it an error that lists what the
    chip supports, as is any other unsupported combination. C of f16/bf16 accumulates in
    an f16/bf16 instruction when the chip has one, else (or with
    `wide-accumulator`) in f32. Integer A/B are signed unless the matmul has
    `cast = #linalg.type_fn<cast_unsigned>`.

    A block-scaled (OCP MX) contraction in the form of IREE's scaled
    contractions (`arith.scaling_extf` of A and B with E8M0 scales per 32
    of K; docs/MatmulForms.md) becomes, on a chip with a block-scaled
    instruction for its formats (gfx950's MFMA, gfx1250's WMMA with a
    scale per 32 of K), a kernel of whole-tile
    `mcore.scaled_mma` ops: 2x2 waves, each 4x4 tiles of the instruction
    (2 along a side statically at most 64; fewer where the registers
    would not fit),
    operands and scales read from global memory per K step. On other chips
    it stays, with a warning, for `mcore-linalg-to-gpu`.

    2:4-sparse A (`mcore.sparse_matmul`) uses SWMMAC / SMFMAC with the
    metadata staged in LDS and read by `mcore.load_sparse_index`. On a chip
    without a sparse instruction for the types (gfx908, gfx90a, gfx11) the
    kernel decompresses A while staging it and uses a dense instruction,
    with a remark; `allow-dense-fallback=false` makes that an error.

    Automatic knobs (`mcore-configure-matmul` says how they are chosen):
    2x2 waves; the largest wave tile (64x64 down to one instruction) whose
    estimated registers fit; tile-k 64 bytes of A per row (128 for sparse
    instructions), shrunk until LDS fits; 2 stages, per operand the LDS row
    padding with the fewest bank conflicts, group-m 8, scheduling barriers;
    for a 2:4 operand, the faster of its two forms (`swap-operands`).

    The pass works in two halves with IR between them: the work-group grid
    (the tiling, the launch, the fused epilogue's tiles, split-K's
    workspace, the sign correction and the metadata check) leaves in each
    launch an `mcore.workgroup_matmul`, the tile of C the work-group
    computes; the kernel body (the copies into LDS, the pipelined K loop,
    the MMAs, the epilogue) replaces it as `mcore-emit-workgroup-kernel`
    does. `emit-kernel=false` stops after the first half. The block-scaled
    and SIMT kernels are built whole either way.
  }];
  let options = !listconcat(MCoreMatmulConfigOptions, [
    Option<"emitKernel", "emit-kernel", "bool", /*default=*/"true",
           "Write each matrix-instruction kernel's body (false: stop at the "
           "mcore.workgroup_matmul of the work-group's tile, which "
           "mcore-emit-workgroup-kernel expands)">]);
  let dependentDialects = [
    "::mlir::mcore::MCoreDialect", "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect", "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect", "::mlir::ROCDL::ROCDLDialect",
    "::mlir::scf::SCFDialect", "::mlir::vector::VectorDialect",
    "::mlir::amdgpu::AMDGPUDialect"];
}

def MCoreEmitWorkgroupKernelPass : Pass<"mcore-emit-workgroup-kernel"> {
  let summary = "Write the kernel body of each mcore.workgroup_matmul: LDS "
                "staging, the pipelined K loop, the MMAs, the epilogue";
  let description = [{
    The second half of `mcore-tile-matmul`: every `mcore.workgroup_matmul`
    (what `mcore-tile-matmul emit-kernel=false` leaves in each launch)
    becomes the body of its work-group, as its complete
    `#mcore.matmul_config` describes:

    * the prologue copies the first K tile of A, B (and the 2:4 metadata)
      into LDS stage 0 (128-bit global loads into registers, masked at the
      matrix edges, transposed, packed (i4) or decompressed (2:4 on a dense
      instruction) on their way, the sign bit of an offset operand
      flipped), then a barrier;
    * the software-pipelined K loop: with `stages = 2` each iteration loads
      the next K tile into registers while the waves compute from the
      current LDS stage, then stores it into the other stage (a static, even
      number of at least six K tiles runs two per iteration, one from each
      stage, and the last two after the loop; otherwise the stage is an
      iter_arg); with `stages = 1` the waves compute, wait, refill the one
      buffer and wait. `rocdl.sched.barrier`s (`sched_barriers`) fence the
      prefetch from the MMAs;
    * each wave's register block of accumulators is carried through the
      loop as iter_args and updated by whole-tile `mcore.mma` /
      `mcore.sparse_mma` ops on tiles read from LDS (`mcore.load_sparse_index`
      for the metadata);
    * the epilogue adds C (or the op's `fill`) and the sign correction,
      runs the fused ops of the op's region on each accumulator tile and
      stores C and the buffers still read after the kernel.

    An op outside a `gpu.launch`, in a launch whose block is not the
    configuration's threads, whose LDS buffers are not the configuration's
    or whose epilogue holds an op the epilogue cannot run is a located
    error. `transform.mcore.emit_workgroup_kernel` does the same to the ops
    under a handle.
  }];
  let dependentDialects = [
    "::mlir::mcore::MCoreDialect", "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect", "::mlir::memref::MemRefDialect",
    "::mlir::ROCDL::ROCDLDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect", "::mlir::amdgpu::AMDGPUDialect"];
}

def MCoreSplitF32MatmulPass : Pass<"mcore-split-f32-matmul"> {
  let summary = "f32 matmuls as three bf16 matmuls into f32 (f32-precision="
                "bf16x3)";
  let description = [{
    f32 accuracy, nearly, from 16-bit matrix instructions on chips without
    f32 ones (RDNA3, RDNA4): every f32 x f32 -> f32 contraction that
    `mcore-tile-matmul` takes (on memrefs, outside GPU kernels) becomes

    * two element-wise `linalg.generic` ops that split A and B into bf16
      pieces, `x0 = bf16(x)` and `x1 = bf16(x - x0)` (round to nearest
      even; `x - x0` is exact in f32), in new buffers of their shapes;
    * three bf16 x bf16 -> f32 contractions into the same C, the small
      terms first: `C += A1 B0`, `C += A0 B1`, `C += A0 B0`
      (Henry, Tang and Heinecke's bf16x3, ARITH 2019).

    The contractions keep the op's indexing maps and iterators (transposed,
    batched and shared operands, dynamic shapes), and `mcore-tile-matmul`
    makes each a kernel of bf16 matrix instructions; the splits run as
    kernels of their own (`mcore-linalg-to-gpu`, with a remark). The
    dropped terms (A1 B1 and the third pieces) make the error of each
    product up to about 3 * 2^-16 of |a b|, not f32's 2^-24: docs/Pipeline.md
    ("f32 from bf16 pieces") derives the bound and gives what was measured.
    The pipeline runs this pass with `f32-precision=bf16x3` only; it is
    never on by default.

    ```mlir
    linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>)
                  outs(%c : memref<?x?xf32>)
    // becomes
    %a0 = memref.alloc(...) : memref<?x?xbf16>   // and %a1, %b0, %b1
    linalg.generic ... ins(%a) outs(%a0, %a1)  // x0 = bf16(x), x1 = bf16(x - x0)
    linalg.generic ... ins(%a1, %b0) outs(%c)  // C += A1 B0 (extf, mulf, addf)
    linalg.generic ... ins(%a0, %b1) outs(%c)  // C += A0 B1
    linalg.generic ... ins(%a0, %b0) outs(%c)  // C += A0 B0
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect"];
}

def MCoreLinalgToGpuPass : Pass<"mcore-linalg-to-gpu"> {
  let summary = "Run the linalg ops no matmul kernel took as GPU kernels of "
                "their own, with a remark saying why";
  let description = [{
    After `mcore-tile-matmul`, linalg ops may remain in host code: element-
    wise ops that could not be fused into a matmul's epilogue, a fill that
    did not fold, reductions, other contractions. Each becomes a GPU kernel
    (no op of a program runs on the host unnoticed), and a remark says why
    it is not part of a matmul kernel (the `mcore.not_fused` reason
    `mcore-tile-matmul` left, or that no matmul consumes or produces it):

    * the op becomes loops (upstream `linalgOpToParallelLoops`: an
      `scf.parallel` over its leading parallel dimensions, `scf.for` for the
      rest);
    * the `scf.parallel` is tiled by 256 along its last dimension (4 x 64
      along its last two), the tiles mapped to work-groups and the elements
      of a tile to threads, the last dimension on x (so that neighbouring
      threads touch neighbouring elements);
    * upstream's `convert-parallel-loops-to-gpu` patterns make the
      `gpu.launch`.

    An op whose outermost loop is a reduction (or that has no loop) runs in
    a kernel of one thread, with a remark that says so.

    A linalg op inside a user's `gpu.launch` body (on memrefs) means what
    any op of a kernel body means: each work-item runs it. It becomes loops
    there (upstream `linalgOpToLoops`), not a kernel of its own and not
    matrix instructions: a work-item's share is its own, such as a row of C
    through a `memref.subview` indexed by the thread id, or a
    `memref.alloca`. When the work-items would all write the same elements
    (an output that is neither a view indexed by the work-item's id nor the
    work-item's `memref.alloca`, in a kernel of more than one work-item,
    outside an `scf.if` on the work-item's id), a warning says that this is
    a race, and that a `linalg.matmul` outside the `gpu.launch` becomes
    mcore's kernel of work-groups, waves and matrix instructions. A linalg op
    on tensors in a kernel body is an error.

    ```mlir
    linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%x : memref<?x?xf32>) outs(%y : memref<?x?xf32>) { ... }
    // remark: linalg.generic runs as a GPU kernel of its own: ...
    // becomes
    gpu.launch blocks(...) in (%gx = ceil(N / 64), %gy = ceil(M / 4), ...)
               threads(...) in (%tx = 64, %ty = 4, ...) { ... }
    ```
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect", "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect", "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect"];
}

def MCoreCompress2to4Pass : Pass<"mcore-compress-2to4", "::mlir::ModuleOp"> {
  let summary = "Turn linalg.matmul with a 2:4-encoded A into "
                "mcore.sparse_matmul on compressed operands";
  let description = [{
    Rewrites every `linalg.matmul` (on tensors) whose A has the 2:4
    sparse_tensor encoding

    ```mlir
    #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense,
                                                j mod 4 : structured[2, 4])}>
    ```

    into `mcore.sparse_matmul` on A's canonical compressed form (values and
    metadata, `docs/Sparsity.md`):

    * a constant A (also through `sparse_tensor.convert`) is compressed at
      compile time; a constant that is not 2:4 is an error at the matmul
      naming the first violating row and group;
    * any other A is compressed at run time by `mcore.compress_2to4`
      (lowered by `mcore-lower-compress-2to4`, which validates and exits
      with the first violating row and group).

    The encoding is taken as a promise about A's values: mcore keeps such a
    tensor dense until it is compressed, so 2:4-encoded function arguments
    and results become dense tensors of the same shape (callers pass the
    dense M x K matrix) and conversions between the dense and the 2:4 type
    disappear. Other sparse encodings, and sparse B or C, are errors.
    `cast = #linalg.type_fn<cast_unsigned>` becomes `unsigned_a` /
    `unsigned_b`.
  }];
  let dependentDialects = [
    "::mlir::mcore::MCoreDialect", "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect", "::mlir::tensor::TensorDialect"];
}

def MCoreLowerCompress2to4Pass
    : Pass<"mcore-lower-compress-2to4", "::mlir::ModuleOp"> {
  let summary = "Lower mcore.compress_2to4 on memrefs to a validating GPU "
                "kernel";
  let description = [{
    Replaces every memref `mcore.compress_2to4` (in host code) by:

    * a `gpu.launch` with one thread per metadata word (eight groups of
      four of one row): it writes the canonical values and metadata and, for
      a group with more than two non-zeros, records
      `(row * groups + group) * 8 + nonzeros` with an atomic minimum in a
      host-shared word (`gpu.alloc host_shared`);
    * host code that reads the word after the (synchronous) launch and, if
      a violation was recorded, calls `__mcore_2to4_violation`, which prints

      ```
      mcore: A is not 2:4 sparse: row 5, group 6 (columns 24-27) has 3 non-zeros
      ```

      to stderr (`dprintf(2, ...)`) and ends the program with `exit(65)`
      (`EX_DATAERR`). The first violation in row-major order is reported,
      as `sparse24::compress` does.

    Float elements are zero when only their sign bit may be set (+0 and -0),
    integers when they are 0, matching `sparse24::isZero`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect", "::mlir::func::FuncDialect",
    "::mlir::gpu::GPUDialect", "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect", "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect"];
}

def MCoreHostBuffersPass : Pass<"mcore-host-buffers", "::mlir::ModuleOp"> {
  let summary = "Make host buffers that GPU kernels use GPU-accessible, and "
                "free temporaries";
  let description = [{
    Runs on host code after the kernels exist (`gpu.launch`). Bufferization
    allocates tensor temporaries with `memref.alloc` (malloc) and reads
    constants from host globals, neither of which a kernel on a real GPU can
    reach:

    * an allocation a kernel uses that does not leave its block becomes
      `gpu.alloc host_shared` (`mgpuMemAlloc`) and is freed with an
      asynchronous `gpu.dealloc` at the end of the block;
    * one that leaves its block (returned, stored, passed to a call) stays
      malloc'd and is registered with `gpu.host_register`. HIP may
      map registered memory at another device address, so it is allocated
      as bytes and viewed as its type (`memref.view`) twice: at its host
      address for the host code, and for the `gpu.launch` bodies at the
      device address `mcoreMemGetDeviceMemRef1dInt8` gives (mcore's runtime
      libraries export it; views made on the host are made again from the
      device view). A buffer with a layout or a sub-byte element type is
      registered and used at its host address. Returned or stored, its
      caller frees it; only passed to calls, with no alias (views, and the
      memref results of those calls, which may return it) leaving the
      block, it is unregistered (`gpu.host_unregister`) and freed before the
      block's terminator: a callee does not free its arguments;
    * an allocation no kernel uses that is only passed to calls in the
      same way is freed with `memref.dealloc` there too;
    * a constant global a kernel reads is copied into a host-shared
      temporary;
    * other allocations that do not leave their block are freed with
      `memref.dealloc`.

    Function arguments belong to the caller, which must pass GPU-accessible
    memory (mcore-run allocates with `mgpuMemAlloc`).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect"];
}

#endif // MCORE_DIALECT_MCORE_TRANSFORMS_PASSES_TD
