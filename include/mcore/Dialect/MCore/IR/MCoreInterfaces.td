//===- MCoreInterfaces.td - mcore attribute interfaces -----*- tablegen -*-===//

#ifndef MCORE_DIALECT_MCORE_IR_MCOREINTERFACES_TD
#define MCORE_DIALECT_MCORE_IR_MCOREINTERFACES_TD

include "mlir/IR/OpBase.td"

def MCore_MmaIntrinsicAttrInterface
    : AttrInterface<"MmaIntrinsicAttrInterface"> {
  let cppNamespace = "::mlir::mcore";
  let description = [{
    An attribute that names one matrix instruction. Ops that compute with a
    matrix instruction (`mcore.mma`, `mcore.sparse_mma`) verify their operand
    types through it, and the lowering reads the instruction's properties from
    it. `#mcore.intrinsic<...>` implements it from mcore's catalog.
  }];

  let methods = [
    InterfaceMethod<"The instruction's catalog entry.",
      "const ::mlir::mcore::IntrinsicInfo &", "getInfo">,
    InterfaceMethod<"(M, N, K) of one instruction; K is the dense K.",
      "std::tuple<int64_t, int64_t, int64_t>", "getMNKShape", (ins), [{
        const auto &info = $_attr.getInfo();
        return {info.m, info.n, info.k};
      }]>,
    InterfaceMethod<"Whether A is 2:4-sparse (SWMMAC, SMFMAC).",
      "bool", "isSparse", (ins), [{ return $_attr.getInfo().isSparse(); }]>,
    InterfaceMethod<"Lanes that execute the instruction together.",
      "unsigned", "getWaveSize", (ins),
      [{ return $_attr.getInfo().waveSize; }]>,
    InterfaceMethod<[{
        The whole-tile vector type of an operand: A `MxK` (`Mx(K/2)` when
        sparse), B `KxN`, C `MxN`, index `Mx(K/2)xi8`. fp8 operands use the
        encoding of `fp8`.
      }],
      "::mlir::VectorType", "getTileType",
      (ins "::mlir::mcore::Operand":$operand,
           "::mlir::mcore::Fp8Format":$fp8)>,
    InterfaceMethod<[{
        One lane's fragment vector type of an operand (A, B or C), or the
        index word type.
      }],
      "::mlir::Type", "getFragmentType",
      (ins "::mlir::mcore::Operand":$operand,
           "::mlir::mcore::Fp8Format":$fp8)>,
    InterfaceMethod<[{
        Verifies the operand types of an op computing with this instruction,
        in whole-tile or distributed form. `index` is null for dense ops.
      }],
      "::llvm::LogicalResult", "verifyOperandTypes",
      (ins "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError,
           "::mlir::Type":$a, "::mlir::Type":$b, "::mlir::Type":$c,
           "::mlir::Type":$index)>,
  ];
}

#endif // MCORE_DIALECT_MCORE_IR_MCOREINTERFACES_TD
