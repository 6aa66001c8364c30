//===- MCoreAttrs.td - mcore attributes --------------------*- tablegen -*-===//

#ifndef MCORE_DIALECT_MCORE_IR_MCOREATTRS_TD
#define MCORE_DIALECT_MCORE_IR_MCOREATTRS_TD

include "mcore/Dialect/MCore/IR/MCoreBase.td"
include "mcore/Dialect/MCore/IR/MCoreInterfaces.td"

def MCore_ChipAttr : MCore_Attr<"Chip", "chip"> {
  let summary = "A target AMD GPU";
  let description = [{
    Names a target chip of mcore's catalog (`mcore-layout --list` shows
    which instructions each has; an unknown name is an error that lists the
    supported chips). The wave size, the matrix-instruction families and the
    fp8 encoding follow from it.

    ```mlir
    #mcore.chip<gfx1201>
    ```
  }];
  let parameters = (ins "::mlir::mcore::Chip":$chip);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    const ::mlir::mcore::ChipInfo &getInfo() const {
      return ::mlir::mcore::getChipInfo(getChip());
    }
    ::llvm::StringRef getName() const { return getInfo().name; }
    unsigned getWaveSize() const { return getInfo().waveSize; }
    ::mlir::mcore::Fp8Format getFp8Format() const { return getInfo().fp8; }
    /// The chip as upstream's amdgpu dialect names it.
    ::mlir::amdgpu::Chipset getChipset() const;
  }];
}

def MCore_IntrinsicAttr : MCore_Attr<"Intrinsic", "intrinsic", [
    DeclareAttrInterfaceMethods<MCore_MmaIntrinsicAttrInterface>]> {
  let summary = "A matrix intrinsic from mcore's catalog";
  let description = [{
    Names one AMD matrix instruction by its HIP builtin name without the
    `__builtin_amdgcn_` prefix. Its shape, types, layouts and cost come from
    the catalog (`mcore-layout --list` shows them all); it implements
    `MmaIntrinsicAttrInterface` from the catalog entry.

    ```mlir
    #mcore.intrinsic<swmmac_f32_16x16x32_f16_w32>
    #mcore.intrinsic<mfma_f32_32x32x8f16>
    ```
  }];
  let parameters = (ins
    "const ::mlir::mcore::IntrinsicInfo *":$intrinsic);
  let hasCustomAssemblyFormat = 1;
}

def MCore_MatmulConfigAttr : MCore_Attr<"MatmulConfig", "matmul_config"> {
  let summary = "The kernel configuration of one matmul";
  let description = [{
    The tile configuration of a `linalg.matmul` or `mcore.sparse_matmul`, as
    data (IREE's `lowering_config` idea): the matrix instruction, the
    work-group tile, the waves, the K tile, the LDS stages and padding, the
    work-group swizzle, the K split and the loop schedule. It sits on the op as the
    attribute `mcore.matmul_config`. `mcore-configure-matmul` sets it,
    `mcore-tile-matmul` builds the kernel it describes.

    Its fields are the knobs of `include/mcore/Heuristic/MatmulConfig.def`,
    with the names of the passes' options (`_` for
    `-`): `intrinsic`, `swap_operands`, `tile_m`, `tile_n`, `tile_k`,
    `waves_m`, `waves_n`, `stages`, `lds_padding`, `lds_padding_b`,
    `group_m`, `split_k`, `sched_barriers` (see
    `mcore-configure-matmul` in Passes.md for what each means). Any of them
    may be left out: written by hand in the input IR, the fields given win
    over the passes' options and a tuning table, and
    `mcore-configure-matmul` fills in the rest. After it, every field is
    set.

    ```mlir
    linalg.matmul {mcore.matmul_config = #mcore.matmul_config<tile_m = 64, waves_m = 1>}
        ins(%a, %b : memref<256x256xf16>, memref<256x256xf16>)
        outs(%c : memref<256x256xf32>)
    #mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, tile_m = 128,
        tile_n = 128, tile_k = 32, waves_m = 2, waves_n = 2, stages = 2,
        lds_padding = 16, group_m = 8, split_k = 1, sched_barriers = true>
    ```

    The attribute checks what it can without the chip and the op: tiles
    and waves positive, tiles that split into the waves, wave tiles and
    `tile_k` multiples of the intrinsic's M, N and K, at most 1024 threads,
    `stages` 1 or 2, `lds_padding` a multiple of 4, `split_k` at least 1,
    a known intrinsic.
    `mcore-configure-matmul` and `mcore-tile-matmul` check the rest at the
    op (the chip has the intrinsic and it computes the op's types, the LDS
    fits the chip).
  }];
  let parameters = (ins AttrParameter<"::mlir::mcore::MatmulConfigFields",
      "the knobs that are set",
      "const ::mlir::mcore::MatmulConfigFields &">:$fields);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The name of the attribute on the op: "mcore.matmul_config".
    static ::llvm::StringRef getAttrName() { return "mcore.matmul_config"; }
  }];
}

#endif // MCORE_DIALECT_MCORE_IR_MCOREATTRS_TD
