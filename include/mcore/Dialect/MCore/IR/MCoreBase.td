//===- MCoreBase.td - The mcore dialect --------------------*- tablegen -*-===//

#ifndef MCORE_DIALECT_MCORE_IR_MCOREBASE_TD
#define MCORE_DIALECT_MCORE_IR_MCOREBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def MCore_Dialect : Dialect {
  let name = "mcore";
  let cppNamespace = "::mlir::mcore";
  let summary = "AMD GPU matrix-core operations: WMMA, SWMMAC, MFMA, SMFMAC";
  let description = [{
    The `mcore` dialect models one AMD matrix-core instruction at a time:
    dense `mcore.mma` and 2:4-sparse `mcore.sparse_mma`. The instruction is
    named by an `#mcore.intrinsic<...>` attribute whose properties (shape,
    element types, per-lane register layouts, sparse index layout, cost) come
    from mcore's intrinsic catalog. A target chip is named by
    `#mcore.chip<...>`; its wave size and instruction families follow from it.

    The ops exist in two forms:

    * **whole-tile**: operands are the 2-D tiles of the instruction
      (A `MxK`, B `KxN`, C `MxN`; sparse A `Mx(K/2)` with an index tile), as
      written by `mcore-tile-matmul`;
    * **distributed**: operands are one lane's 1-D fragments, as produced by
      `mcore-distribute` and consumed by `convert-mcore-to-amdgpu`.

    Two unit attributes of `vector.contract` say who computes it in a
    kernel: `mcore.wave`, the wave, once, with a matrix instruction (its
    operands whole tiles the wave holds together, the same in every lane;
    `mcore-vector-contract-to-mma` makes `mcore.mma` / `mcore.sparse_mma` of
    it), and `mcore.work_item`, each work-item on its own values (upstream's
    meaning, which an unmarked contraction has too; docs/OwnKernels.md).
  }];
  let useDefaultAttributePrinterParser = 1;
  // mcore.matmul_config must hold a #mcore.matmul_config; mcore.wave and
  // mcore.work_item are unit attributes of vector.contract.
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Adds the attributes; defined beside their storage in MCoreAttrs.cpp.
    void registerAttributes();

    /// On a vector.contract in GPU code: the contraction is the wave's. Its
    /// operands are whole tiles the wave holds together (the same values
    /// in every lane), and the wave computes it once, with a matrix
    /// instruction (mcore-vector-contract-to-mma).
    static constexpr ::llvm::StringLiteral getWaveAttrName() {
      return "mcore.wave";
    }
    /// On a vector.contract: each work-item computes the contraction on its
    /// own values, as upstream defines vector.contract (the meaning of an
    /// unmarked one, said explicitly).
    static constexpr ::llvm::StringLiteral getWorkItemAttrName() {
      return "mcore.work_item";
    }
  }];
  let dependentDialects = ["::mlir::vector::VectorDialect"];
}

class MCore_Op<string mnemonic, list<Trait> traits = []>
    : Op<MCore_Dialect, mnemonic, traits>;

class MCore_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<MCore_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // MCORE_DIALECT_MCORE_IR_MCOREBASE_TD
