//===- MCoreOps.td - mcore operations ----------------------*- tablegen -*-===//

#ifndef MCORE_DIALECT_MCORE_IR_MCOREOPS_TD
#define MCORE_DIALECT_MCORE_IR_MCOREOPS_TD

include "mcore/Dialect/MCore/IR/MCoreBase.td"
include "mcore/Dialect/MCore/IR/MCoreAttrs.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/Interfaces/DestinationStyleOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/TilingInterface.td"

// Element types a matrix instruction can read or accumulate into. fp8 is the
// E4M3 format (OCP f8E4M3FN or FNUZ f8E4M3FNUZ, as the chip wants), bf8 is
// E5M2 (f8E5M2 or f8E5M2FNUZ).
def MCore_MmaElementType : AnyTypeOf<[F16, BF16, F32, F64, I8, I<4>, I32,
    F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ]>;
def MCore_MmaOperandType : FixedVectorOfNonZeroRankOf<[MCore_MmaElementType]>;
// The OCP MX formats of the block-scaled instructions (and of gfx1250's
// unscaled f8f6f4 / f4 WMMA, which mcore.mma takes).
def MCore_MxElementType : AnyTypeOf<[F8E4M3FN, F8E5M2, F6E2M3FN, F6E3M2FN,
    F4E2M1FN]>;
def MCore_MmaInputType : FixedVectorOfNonZeroRankOf<[MCore_MmaElementType,
    F6E2M3FN, F6E3M2FN, F4E2M1FN]>;
def MCore_SparseIndexType : AnyTypeOf<[
    FixedVectorOfRankAndType<[2], [I8]>, I16, I32, I64]>;

def MCore_MmaIntrinsicAttr : Attr<
    CPred<"::llvm::isa<::mlir::mcore::MmaIntrinsicAttrInterface>($_self)">,
    "matrix intrinsic"> {
  let storageType = "::mlir::mcore::MmaIntrinsicAttrInterface";
  let returnType = "::mlir::mcore::MmaIntrinsicAttrInterface";
  let convertFromStorage = "$_self";
}

class MCore_MmaOpBase<string mnemonic, list<Trait> traits = []>
    : MCore_Op<mnemonic, !listconcat(traits, [Pure])> {
  let hasVerifier = 1;
  code commonExtraClassDeclaration = [{
    /// True when operands are 2-D tiles, false when they are one lane's
    /// fragments.
    bool isWholeTile() { return ::llvm::cast<::mlir::VectorType>(
        getA().getType()).getRank() == 2; }
  }];
}

def MCore_MmaOp : MCore_MmaOpBase<"mma"> {
  let summary = "Dense matrix multiply-accumulate: D = A * B + C";
  let description = [{
    One dense matrix-core instruction (WMMA or MFMA). `A` is `MxK`, `B` is
    `KxN` and `C` and the result are `MxN`. When `intrinsic` is absent, the
    tile is only checked for consistency; `mcore-select-intrinsics` chooses
    one for a chip.

    In distributed form the operands are one lane's fragments, whose lengths
    the intrinsic's layout gives.

    FP6 and FP4 operands (`f6E2M3FN`, `f6E3M2FN`, `f4E2M1FN`) are for
    gfx1250's unscaled MX WMMA only (`wmma_f32_16x16x128_f8f6f4_*`, one
    entry per A/B format pair, and `wmma_f32_32x16x128_f4`), which lower to
    an intrinsic call with the format immediates.

    `unsigned_a` / `unsigned_b` read 8-bit or 4-bit integer A / B as unsigned
    (they are signed by default). `clamp` saturates the integer result.

    The result has C's type, except for an instruction whose D differs from
    C (gfx1250's `wmma_bf16f32_16x16x32_bf16`: an f32 C, a bf16 D), whose
    result type follows `->`:

    ```mlir
    %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<wmma_bf16f32_16x16x32_bf16>}
        : vector<16x32xbf16>, vector<32x16xbf16> into vector<16x16xf32>
          -> vector<16x16xbf16>
    ```

    Example:

    ```mlir
    %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>}
        : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
    ```
  }];
  let arguments = (ins
    MCore_MmaInputType:$a,
    MCore_MmaInputType:$b,
    MCore_MmaOperandType:$c,
    OptionalAttr<MCore_MmaIntrinsicAttr>:$intrinsic,
    UnitAttr:$unsigned_a,
    UnitAttr:$unsigned_b,
    UnitAttr:$clamp);
  let results = (outs MCore_MmaOperandType:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `into` type($c)
    `` custom<MmaResultType>(ref(type($c)), type($result))
  }];
  let extraClassDeclaration = commonExtraClassDeclaration;
}

def MCore_ScaledMmaOp : MCore_Op<"scaled_mma",
    [Pure, AllTypesMatch<["c", "result"]>]> {
  let summary = "Block-scaled (MX) matrix multiply-accumulate";
  let description = [{
    One block-scaled matrix-core instruction (gfx950's
    `v_mfma_scale_f32_{16x16x128,32x32x64}_f8f6f4`, gfx1250's
    `v_wmma_scale{,16}_f32_16x16x128_f8f6f4` and
    `v_wmma_scale{,16}_f32_32x16x128_f4`):

      D = (A * 2^(scale_a - 127)) * (B * 2^(scale_b - 127)) + C

    with one E8M0 scale per 32 consecutive k of each row of A and column of
    B (16 for gfx1250's `scale16`; gfx1250 also takes OCP E4M3 scales,
    `f8E4M3FN`, whose values multiply directly). The catalog entry named by `intrinsic` names the A and B formats
    (fp8 `f8E4M3FN`, bf8 `f8E5M2`, fp6 `f6E2M3FN`, bf6 `f6E3M2FN`, fp4
    `f4E2M1FN`).

    In whole-tile form (what mcore-tile-matmul writes) `A` is `MxK`, `B`
    `KxN`, `C` and the result `MxN`, `scale_a` the `Mx(K/32)` scales of A's
    rows and `scale_b` the `(K/32)xN` scales of B's columns; mcore-distribute
    gives each lane its part.

    In per-lane form `A`, `B` and `C` are one lane's fragments, laid out by
    `intrinsic`; `scale_a` and `scale_b` are the lane's scale operands as
    bytes. gfx950: a 32-bit word as four `f8E8M0FNU`, of which
    `scale_sel_a` / `scale_sel_b` (the instruction's op_sel, 0-3) pick one;
    it lowers to `amdgpu.scaled_mfma`. gfx1250: four (`scale`) or eight
    (`scale16`) scales per lane, `f8E8M0FNU` or `f8E4M3FN`, each of its own
    k block, in the lanes `scale_sel_a` / `scale_sel_b` pick (0: lanes
    0-15, 1: lanes 16-31; the 32-row f4 A uses all 32 lanes and takes 0
    only); it lowers to `amdgpu.scaled_wmma` (`a_first_scale_lane` = 16 x
    `scale_sel_a`). Which block each lane's scale belongs to is the
    intrinsic's scale layout (IntrinsicInfo::scaleA / scaleB,
    docs/Layouts.md).

    Examples:

    ```mlir
    %d = mcore.scaled_mma %a, %b, %c, %sa, %sb
        {intrinsic = #mcore.intrinsic<mfma_scale_f32_16x16x128_f8f6f4_fp4_fp4>}
        : vector<16x128xf4E2M1FN>, vector<128x16xf4E2M1FN>,
          vector<16x4xf8E8M0FNU>, vector<4x16xf8E8M0FNU> into vector<16x16xf32>
    %e = mcore.scaled_mma %a, %b, %c, %sa, %sb
        {intrinsic = #mcore.intrinsic<mfma_scale_f32_16x16x128_f8f6f4_fp4_fp4>}
        : vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<4xf8E8M0FNU>,
          vector<4xf8E8M0FNU> into vector<4xf32>
    %f = mcore.scaled_mma %a, %b, %c, %sa, %sb
        {intrinsic = #mcore.intrinsic<wmma_scale_f32_16x16x128_f8f6f4_fp8_fp4>,
         scale_sel_a = 1 : i32}
        : vector<64xf8E4M3FN>, vector<64xf4E2M1FN>, vector<4xf8E8M0FNU>,
          vector<4xf8E4M3FN> into vector<8xf32>
    ```
  }];
  let arguments = (ins
    FixedVectorOfNonZeroRankOf<[MCore_MxElementType]>:$a,
    FixedVectorOfNonZeroRankOf<[MCore_MxElementType]>:$b,
    FixedVectorOfNonZeroRankOf<[F32]>:$c,
    FixedVectorOfNonZeroRankOf<[F8E8M0FNU, F8E4M3FN]>:$scale_a,
    FixedVectorOfNonZeroRankOf<[F8E8M0FNU, F8E4M3FN]>:$scale_b,
    MCore_MmaIntrinsicAttr:$intrinsic,
    DefaultValuedAttr<ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<3>]>,
                      "0">:$scale_sel_a,
    DefaultValuedAttr<ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<3>]>,
                      "0">:$scale_sel_b);
  let results = (outs FixedVectorOfNonZeroRankOf<[F32]>:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c `,` $scale_a `,` $scale_b attr-dict `:` type($a) `,`
    type($b) `,` type($scale_a) `,` type($scale_b) `into` type($c)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// True when operands are 2-D tiles, false when they are one lane's
    /// fragments.
    bool isWholeTile() { return ::llvm::cast<::mlir::VectorType>(
        getA().getType()).getRank() == 2; }
  }];
}

def MCore_SparseMmaOp : MCore_MmaOpBase<"sparse_mma"> {
  let summary = "2:4-sparse matrix multiply-accumulate: D = expand(A) * B + C";
  let description = [{
    One sparse matrix-core instruction (SWMMAC or SMFMAC). `A` holds the
    compressed values of a 2:4-sparse `MxK` matrix: `Mx(K/2)`, two values of
    every group of four along K. In whole-tile form `index` is `Mx(K/2)xi8`:
    element (i, c) is the position (0-3), within its group of four, of
    compressed element c of row i. Within a group the two positions are
    strictly increasing.

    In distributed form `A`, `B` and `C` are one lane's fragments and
    `index` is the lane's index word (`i32`, or `i16` where the instruction
    takes 16 bits, or `i64` for gfx1250's 8-bit SWMMAC), packed by the intrinsic's index layout; `index_set`
    selects which set of index bits the instruction reads (SMFMAC `abid`,
    SWMMAC `index_key`).

    Example:

    ```mlir
    %d = mcore.sparse_mma %a, %b, %c, %idx
        {intrinsic = #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>}
        : vector<16x16xf16>, vector<32x16xf16>, vector<16x16xi8>
          into vector<16x16xf32>
    ```
  }];
  let arguments = (ins
    MCore_MmaOperandType:$a,
    MCore_MmaOperandType:$b,
    MCore_MmaOperandType:$c,
    MCore_SparseIndexType:$index,
    OptionalAttr<MCore_MmaIntrinsicAttr>:$intrinsic,
    DefaultValuedAttr<ConfinedAttr<I32Attr, [IntNonNegative]>, "0">:$index_set,
    UnitAttr:$unsigned_a,
    UnitAttr:$unsigned_b,
    UnitAttr:$clamp);
  let results = (outs MCore_MmaOperandType:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c `,` $index attr-dict `:` type($a) `,` type($b) `,`
    type($index) `into` type($c)
    `` custom<MmaResultType>(ref(type($c)), type($result))
  }];
  let extraClassDeclaration = commonExtraClassDeclaration;
}

def MCore_LoadSparseIndexOp : MCore_Op<"load_sparse_index"> {
  let summary = "Read a whole-tile sparse index from canonical 2:4 metadata";
  let description = [{
    Reads the in-group positions of an `R x C` tile of compressed A elements
    from metadata in mcore's canonical 2:4 format (`docs/Sparsity.md`): a
    2-D memref of 32-bit words, eight 4-bit groups per word along K.
    `%row` is the first row of the tile and `%k` the first dense column (a
    multiple of 4); the tile covers dense columns `%k .. %k + 2 * C - 1`,
    i.e. compressed columns `%k / 2 .. %k / 2 + C - 1`.

    Element `(r, c)` of the result is the position (0-3) of compressed
    element `%k / 2 + c` of row `%row + r`. Rows or words past the end of
    the memref read as positions 0 and 1 (whose values are zero padding).

    `mcore-distribute` turns it into per-lane loads of metadata words and
    nibble shuffles into each lane's index register.

    With `native`, the metadata is in the instruction-native order of the
    index layout of the `mcore.sparse_mma` that uses the result
    (`sparse24::getNativeIndexOrder`, `docs/Sparsity.md`): the groups of
    each instruction K step permuted so that each lane's index word is one
    run of nibbles, read with one shift. `%k` must then be a multiple of
    the instruction's K. `mcore-tile-matmul` stages metadata in LDS so.

    With `halves` (only with `native`, for an order of four nibbles per
    lane in two lane halves, `sparse24::hasNativeHalves`: SWMMAC's), each
    native word `w` of a row is stored as two words, `w` and then `w`
    rotated by 16 bits, so a row holds twice the words: a lane whose nibbles
    are the upper half of `w` reads them as the low half of the second, and
    no lane shifts its word.

    ```mlir
    %idx = mcore.load_sparse_index %meta[%row, %k]
        : memref<?x?xi32, #gpu.address_space<workgroup>> -> vector<16x16xi8>
    ```
  }];
  let arguments = (ins
    Arg<MemRefRankOf<[I32], [2]>, "canonical 2:4 metadata",
        [MemRead]>:$metadata,
    Index:$row,
    Index:$k,
    UnitAttr:$native,
    UnitAttr:$halves);
  let results = (outs VectorOfRankAndType<[2], [I8]>:$result);
  let assemblyFormat = [{
    $metadata `[` $row `,` $k `]` (`native` $native^)? (`halves` $halves^)? attr-dict `:` type($metadata) `->` type($result)
  }];
  let hasVerifier = 1;
}

def MCore_Expand2to4Op : MCore_Op<"expand_2to4", [Pure]> {
  let summary = "The dense tile a compressed 2:4 tile and its index stand for";
  let description = [{
    The vector-level form of a 2:4-sparse operand: `values` (`R x C`) holds
    two values of every group of four of an `R x 2C` tile, and `index`
    (`R x C` of i8, the whole-tile index of `mcore.sparse_mma`, as
    `mcore.load_sparse_index` reads it) the position (0-3) of each within
    its group. The result is the dense tile: element `(r, 4g + p)` is
    `values(r, 2g + j)` where `index(r, 2g + j) = p` (j = 0 or 1), else 0.
    Within a group the two positions must be different (canonical metadata
    has them in increasing order).

    It is how a front end that computes with `vector.contract` says that A
    is 2:4-sparse: `mcore-vector-contract-to-mma` turns a contraction whose
    A is an `mcore.expand_2to4` into `mcore.sparse_mma` on `values` and
    `index` (SWMMAC, SMFMAC), and the expansion never happens. It has no
    other lowering: one left over is an error of that pass.

    ```mlir
    %a = mcore.expand_2to4 %values, %index
        : vector<16x16xf16>, vector<16x16xi8> -> vector<16x32xf16>
    %d = vector.contract {indexing_maps = [#mk, #kn, #mn],
                          iterator_types = ["parallel", "parallel", "reduction"],
                          kind = #vector.kind<add>} %a, %b, %c
        : vector<16x32xf16>, vector<32x16xf16> into vector<16x16xf32>
    ```
  }];
  let arguments = (ins
    VectorOfRankAndType<[2], [MCore_MmaElementType]>:$values,
    VectorOfRankAndType<[2], [I8]>:$index);
  let results = (outs VectorOfRankAndType<[2], [MCore_MmaElementType]>:$result);
  let assemblyFormat = [{
    $values `,` $index attr-dict `:` type($values) `,` type($index) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Matrix-level 2:4 operations (compressed operands in the canonical format)
//===----------------------------------------------------------------------===//

def MCore_Matrix : AnyTypeOf<[TensorRankOf<[AnyType], [2]>,
                              MemRefRankOf<[AnyType], [2]>],
                             "2-D tensor or memref">;
def MCore_MetadataMatrix : AnyTypeOf<[TensorRankOf<[I32], [2]>,
                                      MemRefRankOf<[I32], [2]>],
                                     "2-D tensor or memref of i32 words">;

def MCore_BatchMatrix : AnyTypeOf<[TensorRankOf<[AnyType], [2, 3]>,
                                   MemRefRankOf<[AnyType], [2, 3]>],
                                  "2-D or 3-D (batched) tensor or memref">;
def MCore_BatchMetadataMatrix
    : AnyTypeOf<[TensorRankOf<[I32], [2, 3]>, MemRefRankOf<[I32], [2, 3]>],
                "2-D or 3-D (batched) tensor or memref of i32 words">;

def MCore_SparseMatmulOp : MCore_Op<"sparse_matmul", [
    DestinationStyleOpInterface,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<TilingInterface, [
      "getIterationDomain", "getLoopIteratorTypes",
      "getTiledImplementation", "getResultTilePosition"]>]> {
  let summary = "Matrix multiply with a 2:4-sparse A in compressed form";
  let description = [{
    `C += expand(values, metadata) * B`, where `values` (`M x Kc`) and
    `metadata` (`M x W` 32-bit words) are a 2:4-sparse `M x K` matrix A in
    mcore's canonical format (`docs/Sparsity.md`): `Kc = 2 * ceil(K / 4)`,
    `W = ceil(K / 32)`. `B` is `K x N` (the dense K comes from B) and `C`
    is `M x N`. Elements are converted to C's type before they are
    multiplied, as in `linalg.matmul`; integer A / B are sign-extended unless
    `unsigned_a` / `unsigned_b` is set.

    * `transpose_b`: B is stored `N x K` (linalg's indexing map
      `(m, n, k) -> (n, k)`);
    * `transpose_c`: C is stored `N x M`. With both, the op computes
      `Cᵀ += W · xᵀ` for a 2:4 weight `W` (`N x K`, the op's A) and
      activations `x` (`M x K`, the op's B): `y = x · Wᵀ` with `y` stored
      `M x N` as usual. `mcore-compress-2to4` writes a `linalg.matmul` whose
      B (stored `N x K`) has the 2:4 encoding this way;
    * batched: C is 3-D (`batch x ...`, the batch first); each other operand
      is 3-D with the same batch, or 2-D and shared by every batch (values
      and metadata together). The batch is a parallel loop of the op.
    * `canonical_metadata`: the producer guarantees that `metadata` is
      canonical (each group names two positions in increasing order). Without
      it, `mcore-tile-matmul` checks metadata the program supplies at run
      time (neither a constant nor `mcore.compress_2to4`'s output) with a
      kernel of its own before the matmul (`docs/Sparsity.md`, Validation).
      Set it only where the metadata was validated another way: mcore's
      runner and Python API set it for the kernels they generate, whose
      metadata they generate or check on the host. Non-canonical metadata
      under it gives chip-dependent numbers.

    The op is destination-passing: on tensors it returns the updated C, on
    memrefs it updates C in place. It implements `TilingInterface` over
    the iteration space `(M, N, K)`, or `(batch, M, N, K)` (K tiles must
    start at multiples of 32, whole metadata words), and is bufferizable.
    `mcore-compress-2to4` produces it from a contraction (`linalg.matmul`,
    `linalg.batch_matmul`, a `linalg.generic`) whose A or B has the 2:4
    sparse_tensor encoding; `mcore-tile-matmul` turns it into a GPU kernel.

    ```mlir
    %d = mcore.sparse_matmul ins(%values, %meta, %b
        : tensor<128x128xf16>, tensor<128x8xi32>, tensor<256x64xf16>)
        outs(%c : tensor<128x64xf32>) -> tensor<128x64xf32>
    mcore.sparse_matmul ins(%v, %m, %b
        : memref<?x?xf16>, memref<?x?xi32>, memref<?x?xf16>)
        outs(%c : memref<?x?xf32>)
    // y (64 x 128) += x (64 x 256) * W^T, W 128 x 256 2:4 along K.
    mcore.sparse_matmul ins(%wv, %wm, %x
        : memref<128x128xf16>, memref<128x8xi32>, memref<64x256xf16>)
        outs(%y : memref<64x128xf32>) {transpose_b, transpose_c}
    ```
  }];
  let arguments = (ins
    MCore_BatchMatrix:$values,
    MCore_BatchMetadataMatrix:$metadata,
    MCore_BatchMatrix:$b,
    MCore_BatchMatrix:$c,
    UnitAttr:$unsigned_a,
    UnitAttr:$unsigned_b,
    UnitAttr:$transpose_b,
    UnitAttr:$transpose_c,
    UnitAttr:$canonical_metadata);
  let results = (outs Variadic<TensorRankOf<[AnyType], [2, 3]>>:$result);
  let assemblyFormat = [{
    `ins` `(` $values `,` $metadata `,` $b `:` type($values) `,`
    type($metadata) `,` type($b) `)` `outs` `(` $c `:` type($c) `)`
    attr-dict (`->` type($result)^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    MutableOperandRange getDpsInitsMutable() { return getCMutable(); }
    /// Whether C (and so the op) has a batch dimension.
    bool isBatched() {
      return ::llvm::cast<::mlir::ShapedType>(getC().getType()).getRank() == 3;
    }
  }];
}

def MCore_Compress2to4Op : MCore_Op<"compress_2to4", [
    DestinationStyleOpInterface,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Compress a 2:4-sparse matrix into values and metadata";
  let description = [{
    Writes the canonical 2:4 form (`docs/Sparsity.md`) of the `M x K`
    matrix `dense`: `values` (`M x Kc`, `Kc = 2 * ceil(K / 4)`) and
    `metadata` (`M x W` 32-bit words, `W = ceil(K / 32)`). A batch of
    matrices (3-D, the batch first; the three operands of one rank) is
    compressed matrix by matrix.

    The input must be 2:4 sparse along K. `mcore-lower-compress-2to4`
    turns the op into a GPU kernel that compresses and validates at run
    time; if a group of four holds more than two non-zeros, the host code
    prints the first violating row and group and exits (status 65) instead of
    computing a wrong product (rows of a batch count on from the previous
    matrix's). `operand` names the matrix in that message ("A" or "B").
    (Constants never reach this op: `mcore-compress-2to4` compresses them at
    compile time.)

    ```mlir
    %v, %m = mcore.compress_2to4 ins(%a : tensor<?x?xf16>)
        outs(%v0, %m0 : tensor<?x?xf16>, tensor<?x?xi32>)
        -> tensor<?x?xf16>, tensor<?x?xi32>
    ```
  }];
  let arguments = (ins
    MCore_BatchMatrix:$dense,
    MCore_BatchMatrix:$values,
    MCore_BatchMetadataMatrix:$metadata,
    DefaultValuedStrAttr<StrAttr, "A">:$operand);
  let results = (outs Variadic<TensorRankOf<[AnyType], [2, 3]>>:$result);
  let assemblyFormat = [{
    `ins` `(` $dense `:` type($dense) `)` `outs` `(` $values `,` $metadata
    `:` type($values) `,` type($metadata) `)` attr-dict
    (`->` type($result)^)?
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    MutableOperandRange getDpsInitsMutable() {
      return MutableOperandRange(getOperation(), /*start=*/1, /*length=*/2);
    }
  }];
}

//===----------------------------------------------------------------------===//
// One work-group's tile of a matmul kernel
//===----------------------------------------------------------------------===//

def MCore_WorkgroupMatmulOp : MCore_Op<"workgroup_matmul", [
    AttrSizedOperandSegments, NoTerminator, SingleBlock]> {
  let summary = "The tile of C one work-group of a matmul kernel computes";
  let description = [{
    The boundary between the two halves of `mcore-tile-matmul`: inside a
    `gpu.launch` whose grid is the matmul's work-group tiles, the work-group
    computes the `tile_m x tile_n` tile of C whose first element is
    (`i0`, `j0`), `C += A * B` over the whole K, as the complete
    `#mcore.matmul_config` `config` describes (the instruction, the tiles,
    the waves, the K tile, the LDS stages and padding, the scheduling
    barriers). `mcore-tile-matmul emit-kernel=false` stops here;
    `mcore-emit-workgroup-kernel` (and
    `transform.mcore.emit_workgroup_kernel`) writes the kernel body in its
    place: the copies into LDS, the software-pipelined K loop, the waves'
    whole-tile `mcore.mma` / `mcore.sparse_mma` ops and the epilogue.

    Operands: the work-group's matrices (a batched matmul's matrices of this
    work-group's batch; a split-K kernel's K slice, C being its slice of
    the workspace): `a` (the values of a 2:4 A), `b`, `c`, and `meta`, the
    2:4 metadata (of A, or of B with `sparse_b`); the LDS buffers the
    configuration stages through (`lds`, the launch's workgroup
    attributions: A's and B's, and the metadata's on a sparse instruction);
    with a mixed-sign 8-bit matmul on signed-only instructions
    (`sign_offset_a`: A is offset by -128, `sign_offset_b`: B), the
    correction the epilogue adds (`sign_correction`, one row of i32 per
    batch of the summed operand) and, when it has a row per batch, this
    work-group's (`batch`).

    The form of the product: `transpose_a` (A stored K x M), `transpose_b`
    (B stored N x K), `transpose_c` (C stored N x M), `unsigned_a`,
    `unsigned_b` (integers zero-extended), `sparse_b` (`meta` is B's; else
    a `meta` is A's). `fill`: the accumulators start at this value, not at
    C (a folded `linalg.fill`, or a split-K slice's zero).

    The region `epilogue` holds the tiles of the element-wise linalg ops
    fused into the epilogue, in program order, on subviews of this
    work-group's tile; they run on each accumulator tile in registers.
    `epilogue_groups` has one array per op: for each operand, the buffer
    the epilogue holds in registers that it is (0: C, then the outputs of
    the ops, numbered as they first appear; -1: an operand read from
    memory), then the buffer its output is. `epilogue_store` says per
    buffer whether the kernel stores it (false: a temporary nothing after
    the kernel reads).

    ```mlir
    mcore.workgroup_matmul a(%a : memref<256x256xf16>)
        b(%b : memref<256x256xf16>) c(%c : memref<256x256xf32>) at(%i0, %j0)
        lds(%lds_a, %lds_b : memref<256x36xf16, #gpu.address_space<workgroup>>,
                             memref<256x36xf16, #gpu.address_space<workgroup>>)
        attributes {config = #mcore.matmul_config<
          intrinsic = mfma_f32_32x32x8f16, swap_operands = never,
          tile_m = 128, tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2,
          stages = 2, lds_padding = 8, lds_padding_b = 8, group_m = 8,
          split_k = 1, sched_barriers = true>}
    ```

    The verifier checks the operands' shapes and types and that the
    attributes agree with each other (a complete configuration, a sign
    offset with its correction, one `epilogue_groups` entry per fused op
    that numbers the buffers as they appear); `mcore-emit-workgroup-kernel`
    checks the rest against the enclosing launch and the configuration
    (the LDS buffers' types, the threads).
  }];
  let arguments = (ins
    MemRefRankOf<[AnyType], [2]>:$a,
    MemRefRankOf<[AnyType], [2]>:$b,
    MemRefRankOf<[AnyType], [2]>:$c,
    Optional<MemRefRankOf<[I32], [2]>>:$meta,
    Index:$i0,
    Index:$j0,
    Variadic<MemRefRankOf<[AnyType], [2]>>:$lds,
    Optional<MemRefRankOf<[I32], [2]>>:$sign_correction,
    Optional<Index>:$batch,
    MCore_MatmulConfigAttr:$config,
    UnitAttr:$transpose_a,
    UnitAttr:$transpose_b,
    UnitAttr:$transpose_c,
    UnitAttr:$unsigned_a,
    UnitAttr:$unsigned_b,
    UnitAttr:$sparse_b,
    UnitAttr:$sign_offset_a,
    UnitAttr:$sign_offset_b,
    OptionalAttr<TypedAttrInterface>:$fill,
    OptionalAttr<TypedArrayAttrBase<DenseI32ArrayAttr,
        "array of i32 arrays">>:$epilogue_groups,
    OptionalAttr<DenseBoolArrayAttr>:$epilogue_store);
  let regions = (region MaxSizedRegion<1>:$epilogue);
  let assemblyFormat = [{
    `a` `(` $a `:` type($a) `)` `b` `(` $b `:` type($b) `)`
    `c` `(` $c `:` type($c) `)` (`meta` `(` $meta^ `:` type($meta) `)`)?
    `at` `(` $i0 `,` $j0 `)` `lds` `(` $lds `:` type($lds) `)`
    (`sign_correction` `(` $sign_correction^ `:` type($sign_correction)
     `)`)? (`batch` `(` $batch^ `)`)?
    attr-dict-with-keyword (`epilogue` $epilogue^)?
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

#endif // MCORE_DIALECT_MCORE_IR_MCOREOPS_TD
