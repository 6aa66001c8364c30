//===- MCoreAttrs.td - mcore attributes --------------------*- tablegen -*-===//

#ifndef MCORE_DIALECT_MCORE_IR_MCOREATTRS_TD
#define MCORE_DIALECT_MCORE_IR_MCOREATTRS_TD

include "mcore/Dialect/MCore/IR/MCoreBase.td"
include "mcore/Dialect/MCore/IR/MCoreInterfaces.td"

def MCore_ChipAttr : MCore_Attr<"Chip", "chip"> {
  let summary = "A target AMD GPU";
  let description = [{
    Names a target chip: one of gfx908, gfx90a, gfx942, gfx950, gfx1100,
    gfx1101, gfx1102, gfx1200, gfx1201. The wave size, the matrix-instruction
    families and the fp8 encoding follow from it.

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

#endif // MCORE_DIALECT_MCORE_IR_MCOREATTRS_TD
