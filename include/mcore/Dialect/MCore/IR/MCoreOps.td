//===- MCoreOps.td - mcore operations ----------------------*- tablegen -*-===//

#ifndef MCORE_DIALECT_MCORE_IR_MCOREOPS_TD
#define MCORE_DIALECT_MCORE_IR_MCOREOPS_TD

include "mcore/Dialect/MCore/IR/MCoreBase.td"
include "mcore/Dialect/MCore/IR/MCoreAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// Element types a matrix instruction can read or accumulate into. fp8 is the
// E4M3 format (OCP f8E4M3FN or FNUZ f8E4M3FNUZ, as the chip wants), bf8 is
// E5M2 (f8E5M2 or f8E5M2FNUZ).
def MCore_MmaElementType : AnyTypeOf<[F16, BF16, F32, I8, I<4>, I32,
    F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ]>;
def MCore_MmaOperandType : VectorOfNonZeroRankOf<[MCore_MmaElementType]>;
def MCore_SparseIndexType : AnyTypeOf<[
    VectorOfRankAndType<[2], [I8]>, I16, I32]>;

def MCore_MmaIntrinsicAttr : Attr<
    CPred<"::llvm::isa<::mlir::mcore::MmaIntrinsicAttrInterface>($_self)">,
    "matrix intrinsic"> {
  let storageType = "::mlir::mcore::MmaIntrinsicAttrInterface";
  let returnType = "::mlir::mcore::MmaIntrinsicAttrInterface";
  let convertFromStorage = "$_self";
}

class MCore_MmaOpBase<string mnemonic, list<Trait> traits = []>
    : MCore_Op<mnemonic, !listconcat(traits,
                [Pure, AllTypesMatch<["c", "result"]>])> {
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

    `unsigned_a` / `unsigned_b` read 8-bit or 4-bit integer A / B as unsigned
    (they are signed by default). `clamp` saturates the integer result.

    Example:

    ```mlir
    %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>}
        : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
    ```
  }];
  let arguments = (ins
    MCore_MmaOperandType:$a,
    MCore_MmaOperandType:$b,
    MCore_MmaOperandType:$c,
    OptionalAttr<MCore_MmaIntrinsicAttr>:$intrinsic,
    UnitAttr:$unsigned_a,
    UnitAttr:$unsigned_b,
    UnitAttr:$clamp);
  let results = (outs MCore_MmaOperandType:$result);
  let assemblyFormat = [{
    $a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `into` type($c)
  }];
  let extraClassDeclaration = commonExtraClassDeclaration;
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
    takes 16 bits), packed by the intrinsic's index layout; `index_set`
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

    ```mlir
    %idx = mcore.load_sparse_index %meta[%row, %k]
        : memref<?x?xi32, #gpu.address_space<workgroup>> -> vector<16x16xi8>
    ```
  }];
  let arguments = (ins
    Arg<MemRefRankOf<[I32], [2]>, "canonical 2:4 metadata",
        [MemRead]>:$metadata,
    Index:$row,
    Index:$k);
  let results = (outs VectorOfRankAndType<[2], [I8]>:$result);
  let assemblyFormat = [{
    $metadata `[` $row `,` $k `]` attr-dict `:` type($metadata) `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // MCORE_DIALECT_MCORE_IR_MCOREOPS_TD
