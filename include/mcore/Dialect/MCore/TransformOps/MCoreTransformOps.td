//===- MCoreTransformOps.td - transform.mcore.* ------------*- tablegen -*-===//
//
// The transform dialect extension of mcore: its passes' transformations,
// one payload op at a time, for transform scripts that also use upstream's
// transform.structured.*, transform.bufferization.* and apply_patterns. The
// ops are thin: each calls the function behind a pass
// (mcore/Dialect/MCore/Transforms/Transforms.h) on the targets.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TRANSFORM_OPS
#define MCORE_TRANSFORM_OPS

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

class MCoreTransformOp<string mnemonic, list<Trait> traits = []>
    : Op<Transform_Dialect, "mcore." # mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Tiling
//===----------------------------------------------------------------------===//

def MCoreTileMatmulToGpuOp : MCoreTransformOp<"tile_matmul_to_gpu",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
     TransformOpInterface, TransformEachOpTrait]> {
  let summary = "Tiles a matmul into a gpu.launch kernel with a given "
                "configuration (mcore-tile-matmul on one op)";
  let description = [{
    Replaces each target, a `linalg.matmul` or `mcore.sparse_matmul` on
    memrefs in host code, by the `gpu.launch` kernel `mcore-tile-matmul`
    builds: a grid of work-group tiles, a software-pipelined K loop that
    stages A (values and 2:4 index) and B through LDS, and whole-tile
    `mcore.mma` / `mcore.sparse_mma` ops per wave with their instruction
    selected. `chip` names the target; empty, the `mcore.chip` attribute of
    an enclosing op.

    The configuration is the pass's: any other attribute of this op is one
    of `mcore-tile-matmul`'s options by its key (the option with `_` for
    `-`), every knob and option declared in
    `include/mcore/Heuristic/MatmulConfig.def`: `intrinsic` (a
    catalog name), `swap_operands`, `tile_m`, `tile_n`, `tile_k` (the
    work-group tile), `waves_m`, `waves_n`, the LDS staging of the operands
    (`stages`: 1 one LDS buffer, 2 double buffering with prefetch;
    `lds_padding`, `lds_padding_b`: bytes per LDS row), `group_m`
    (work-group swizzle), `split_k` (K slices summed by a second kernel),
    `sched_barriers`, `allow_dense_fallback`,
    `wide_accumulator` and `tuning_file`; integers are `i64`. A knob left
    out (or at its automatic value) is chosen as `mcore-configure-matmul`
    chooses it, and a target's own `#mcore.matmul_config` wins over these,
    as over the pass's options.

    `emit_kernel = false` stops at the work-group's tile: the launch holds
    an `mcore.workgroup_matmul`, which `emit_workgroup_kernel` expands (as
    `mcore-tile-matmul emit-kernel=false` and
    `mcore-emit-workgroup-kernel`).

    #### Return modes

    Fails definitely, with the pass's located error, when a target is not a
    matmul mcore can tile, or the configuration does not fit the chip (a
    tile that is not a multiple of the instruction, LDS or registers
    exceeded, ...). An unknown option, or one of the wrong type, is a
    verifier error. Consumes the target handle; the result holds the
    `gpu.launch` ops, one per target.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                   DefaultValuedStrAttr<StrAttr, "">:$chip,
                   DefaultValuedAttr<BoolAttr, "true">:$emit_kernel);
  let results = (outs TransformHandleTypeInterface:$launch);
  let assemblyFormat =
      "$target attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def MCoreEmitWorkgroupKernelOp : MCoreTransformOp<"emit_workgroup_kernel",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
     TransformOpInterface, TransformEachOpTrait]> {
  let summary = "Writes the kernel body of each mcore.workgroup_matmul "
                "(mcore-emit-workgroup-kernel on the targets)";
  let description = [{
    Each `mcore.workgroup_matmul` among the targets or nested in them (a
    `gpu.launch`, a function, or any op holding them; what
    `mcore-tile-matmul emit-kernel=false` leaves) becomes its work-group's
    kernel body: the copies into LDS, the software-pipelined K loop, the
    waves' whole-tile `mcore.mma` / `mcore.sparse_mma` ops and the
    epilogue.

    #### Return modes

    Fails definitely, with the pass's located error, on an op it cannot
    expand (outside a launch of the configuration's threads, LDS buffers
    or an epilogue that are not the configuration's). Consumes the target
    handle (a target that is an `mcore.workgroup_matmul` is replaced) and
    returns nothing.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs);
  let assemblyFormat = "$target attr-dict `:` type($target)";
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

//===----------------------------------------------------------------------===//
// Intrinsic selection and distribution
//===----------------------------------------------------------------------===//

def MCoreSelectIntrinsicsOp : MCoreTransformOp<"select_intrinsics",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
     TransformOpInterface, TransformEachOpTrait]> {
  let summary = "Gives whole-tile mcore ops their instruction "
                "(mcore-select-intrinsics on the targets)";
  let description = [{
    Every whole-tile `mcore.mma` / `mcore.sparse_mma` in each target (the
    target itself or the ops nested in it) without an instruction gets the
    best one of `chip` for its tile and types, or `intrinsic` when given;
    one that names its instruction is checked against the chip. `chip`
    empty: the `mcore.chip` attribute of an enclosing op (a kernel that
    `tile_matmul_to_gpu` made has one).

    #### Return modes

    Fails definitely, with the pass's located error listing what the chip
    has, when no instruction fits. Only reads the target handle: the ops
    are updated in place.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                   DefaultValuedStrAttr<StrAttr, "">:$chip,
                   DefaultValuedStrAttr<StrAttr, "">:$intrinsic);
  let results = (outs);
  let assemblyFormat = "$target attr-dict `:` type($target)";
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def MCoreDistributeToLanesOp : MCoreTransformOp<"distribute_to_lanes",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
     TransformOpInterface, TransformEachOpTrait]> {
  let summary = "Rewrites whole-tile code into per-lane code "
                "(mcore-distribute on the targets)";
  let description = [{
    The whole-tile `mcore.mma` / `mcore.sparse_mma` in each target (a
    `gpu.launch`, a function, or any op holding kernels), which need their
    instruction, and the values feeding them (transfers, 2:4 index loads,
    splat constants, element-wise ops, transposes, bitcasts, `scf.for`
    iter_args) become per-lane code from the instructions' register
    layouts.

    #### Return modes

    Fails definitely, with the pass's located error, on a value it cannot
    distribute. Consumes the target handle (the ops nested in the targets
    are replaced) and returns the same targets.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat =
      "$target attr-dict `:` functional-type(operands, results)";
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

//===----------------------------------------------------------------------===//
// 2:4 sparsity
//===----------------------------------------------------------------------===//

def MCoreCompress2to4Op : MCoreTransformOp<"compress_2to4",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
     TransformOpInterface, TransformEachOpTrait]> {
  let summary = "Matmuls with a 2:4-encoded A become mcore.sparse_matmul "
                "(mcore-compress-2to4 on the targets)";
  let description = [{
    In each target (a function or a module, on tensors), every
    `linalg.matmul` whose A has the 2:4 `sparse_tensor` encoding becomes
    `mcore.sparse_matmul` on compressed operands: a constant A is
    compressed now, any other through `mcore.compress_2to4`; 2:4-encoded
    arguments and results are passed in dense form.

    #### Return modes

    Fails definitely, with the pass's located error (a constant A that is
    not 2:4 names its first violating row and group). Consumes the target
    handle and returns the same targets.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$result);
  let assemblyFormat =
      "$target attr-dict `:` functional-type(operands, results)";
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

def MCoreLower2to4Op : MCoreTransformOp<"lower_2to4",
    [FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
     TransformOpInterface, TransformEachOpTrait]> {
  let summary = "Lowers mcore.compress_2to4 to a compressing, validating "
                "kernel (mcore-lower-compress-2to4 on one op)";
  let description = [{
    Each target, a memref `mcore.compress_2to4` in host code, becomes a
    `gpu.launch` that compresses A and checks that it is 2:4, followed by
    host code that reports the first violating row and group and exits
    with status 65.

    #### Return modes

    Fails definitely, with the pass's located error, on a tensor
    `mcore.compress_2to4` (bufferize first) or one outside a module.
    Consumes the target handle; the result holds the `gpu.launch` ops.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$launch);
  let assemblyFormat =
      "$target attr-dict `:` functional-type(operands, results)";
  let extraClassDeclaration = [{
    ::mlir::DiagnosedSilenceableFailure applyToOne(
        ::mlir::transform::TransformRewriter &rewriter,
        ::mlir::Operation *target,
        ::mlir::transform::ApplyToEachResultList &results,
        ::mlir::transform::TransformState &state);
  }];
}

//===----------------------------------------------------------------------===//
// Pattern sets, for transform.apply_patterns
//===----------------------------------------------------------------------===//

def ApplyMCoreTileMatmulPatternsOp : Op<Transform_Dialect,
    "apply_patterns.mcore.tile_matmul",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let summary = "The patterns of populateMCoreTileMatmulPatterns";
  let description = [{
    The patterns of `populateMCoreTileMatmulPatterns`: every
    `linalg.matmul` / `mcore.sparse_matmul` outside GPU kernels becomes a
    `gpu.launch` kernel, with the options of `tile_matmul_to_gpu` (here
    `chip` is required; the other attributes are the options, as there). A matmul the chip cannot compute, or that the
    options do not fit, is left as it is.
  }];
  let arguments = (ins StrAttr:$chip);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def ApplyMCoreDistributePatternsOp : Op<Transform_Dialect,
    "apply_patterns.mcore.distribute",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let summary = "The pattern of populateMCoreDistributePatterns";
  let description = [{
    The pattern of `populateMCoreDistributePatterns`: each `gpu.launch` and
    function holding whole-tile mcore ops is distributed to lanes as a
    whole, or left as it is when some of it cannot be.
  }];
  let assemblyFormat = "attr-dict";
}

def ApplyMCoreVectorContractToMmaPatternsOp : Op<Transform_Dialect,
    "apply_patterns.mcore.vector_contract_to_mma",
    [DeclareOpInterfaceMethods<PatternDescriptorOpInterface>]> {
  let summary = "The patterns of populateMCoreVectorContractToMmaPatterns";
  let description = [{
    The patterns of `populateMCoreVectorContractToMmaPatterns`: a
    `vector.contract` of the wave (marked `{mcore.wave}`, which
    `transform.annotate %contract "mcore.wave"` adds) in GPU code (in a
    `gpu.launch` or a `gpu.module`, or under an `mcore.chip` attribute) that
    is exactly one instruction of the chip becomes a whole-tile `mcore.mma`
    / `mcore.sparse_mma` with the instruction set. Unmarked contractions are
    each work-item's (upstream's meaning) and stay as they are. `chip` empty: each contraction's own (the `mcore.chip`
    attribute of an enclosing op, or the `#rocdl.target` of its
    gpu.module).
  }];
  let arguments = (ins DefaultValuedStrAttr<StrAttr, "">:$chip);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

#endif // MCORE_TRANSFORM_OPS
