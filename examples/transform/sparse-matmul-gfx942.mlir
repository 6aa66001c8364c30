// A transform script that builds the kernels --mcore-pipeline builds for
// examples/sparse-matmul.mlir on gfx942, step by step, with the kernel's
// configuration written out (docs/Transform.md):
//
//   mcore-opt examples/sparse-matmul.mlir \
//     --transform-preload-library=transform-library-paths=THIS_FILE \
//     --transform-interpreter \
//     --mcore-pipeline="chip=gfx942 format=isa kernels=given"
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %module: !transform.any_op {transform.consumed}) {
    // 2:4 A: linalg.matmul becomes mcore.sparse_matmul on compressed A.
    %funcs = transform.structured.match ops{["func.func"]} in %module
        : (!transform.any_op) -> !transform.any_op
    %compressed = transform.mcore.compress_2to4 %funcs
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %compressed {
      transform.apply_patterns.canonicalization
    } : !transform.any_op

    // Upstream's One-Shot Bufferize, as --mcore-pipeline runs it.
    %bufferized = transform.bufferization.one_shot_bufferize
        layout{IdentityLayoutMap} %module
        {bufferize_function_boundaries = true}
        : (!transform.any_op) -> !transform.any_op
    transform.apply_patterns to %bufferized {
      transform.apply_patterns.canonicalization
    } : !transform.any_op

    // The kernel that compresses and validates A at run time.
    %compress = transform.structured.match ops{["mcore.compress_2to4"]}
        in %bufferized : (!transform.any_op) -> !transform.any_op
    %compress_kernel = transform.mcore.lower_2to4 %compress
        : (!transform.any_op) -> !transform.any_op

    // The matmul kernel: 224x256 work-group tiles of 2x4 waves of 112x64
    // (CDNA's 2:4 tile fitted to gfx942's 304 CUs: 304 work-groups,
    // docs/Pipeline.md), K tiles of 32 double-buffered in LDS (55 KiB, one
    // work-group of eight waves per CU), the 16x16x32 SMFMAC that divides
    // 112 rows.
    %matmul = transform.structured.match ops{["mcore.sparse_matmul"]}
        in %bufferized : (!transform.any_op) -> !transform.any_op
    %kernel = transform.mcore.tile_matmul_to_gpu %matmul {
        chip = "gfx942", tile_m = 224, tile_n = 256, tile_k = 32,
        waves_m = 2, waves_n = 4, stages = 2, lds_padding = 8,
        intrinsic = "smfmac_f32_16x16x32_f16"}
        : (!transform.any_op) -> !transform.any_op
    transform.mcore.select_intrinsics %kernel : !transform.any_op
    %distributed = transform.mcore.distribute_to_lanes %kernel
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
