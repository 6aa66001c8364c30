//===- MCoreInterfaces.td - mcore attribute interfaces -----*- tablegen -*-===//

#ifndef MCORE_DIALECT_MCORE_IR_MCOREINTERFACES_TD
#define MCORE_DIALECT_MCORE_IR_MCOREINTERFACES_TD

include "mlir/IR/OpBase.td"

def MCore_MmaIntrinsicAttrInterface
    : AttrInterface<"MmaIntrinsicAttrInterface"> {
  let cppNamespace = "::mlir::mcore";
  let description = [{
    An attribute that names one matrix instruction and describes it: its
    shape, the element type, per-lane fragment and register layout of each
    operand, the LLVM intrinsic with the types it takes each operand in, and
    its modifiers (in the spirit of IREE's inner-tile interface). Ops that
    compute with a matrix instruction (`mcore.mma`, `mcore.sparse_mma`)
    verify their operand types through it; distribution reads the layouts
    and the lowering the LLVM forms.

    The operands are `Operand::A`, `B`, `C` (also the result) and `Index`
    (the 2:4 index of a sparse instruction). fp8 and bf8 elements take the
    encoding the caller passes (`Fp8Format`), since one instruction reads
    whichever encoding its chip uses.

    `#mcore.intrinsic<...>` implements it from mcore's catalog. The
    derived queries (tile and fragment types, the operand verifier, the chip
    check) are written once, on the interface, in terms of these methods.
  }];

  let methods = [
    InterfaceMethod<"The instruction's name, as diagnostics show it.",
      "::llvm::StringRef", "getName">,
    InterfaceMethod<"Its family (WMMA, SWMMAC, MFMA or SMFMAC).",
      "::mlir::mcore::MmaFamily", "getFamily">,
    InterfaceMethod<"(M, N, K) of one instruction; K is the dense K.",
      "std::tuple<int64_t, int64_t, int64_t>", "getMNKShape">,
    InterfaceMethod<"Lanes that execute the instruction together.",
      "unsigned", "getWaveSize">,
    InterfaceMethod<"The chips that have the instruction.",
      "::mlir::mcore::ChipSet", "getChips">,
    InterfaceMethod<[{
        The element type of operand A, B or C; fp8 and bf8 in the encoding
        `fp8` (null for those with `Fp8Format::None`).
      }],
      "::mlir::Type", "getElementType",
      (ins "::mlir::mcore::Operand":$operand,
           "::mlir::mcore::Fp8Format":$fp8)>,
    InterfaceMethod<[{
        The register layout of an operand: (lane, element of the lane's
        fragment) to the (row, column) of A, (k, column) of B, (row, column)
        of C, or (row, compressed k) of the index, whose elements are the
        2-bit fields of index set 0.
      }],
      "::mlir::mcore::LaneLayout", "getLaneLayout",
      (ins "::mlir::mcore::Operand":$operand)>,
    InterfaceMethod<[{
        Matrix elements one lane holds of an operand (for the index: the
        2-bit fields of one index set).
      }],
      "unsigned", "getElementsPerLane",
      (ins "::mlir::mcore::Operand":$operand)>,
    InterfaceMethod<[{
        Fragment-vector slots per element of an operand: 1, or 2 where each
        value has a 32-bit register of its own and the fragment vector keeps
        the unused half (RDNA3's 16-bit accumulator). 1 for the index.
      }],
      "unsigned", "getElementStride",
      (ins "::mlir::mcore::Operand":$operand)>,
    InterfaceMethod<"The LLVM intrinsic the instruction is called as "
                    "(\"llvm.amdgcn.swmmac.f32.16x16x32.f16\").",
      "::llvm::StringRef", "getLlvmIntrinsicName">,
    InterfaceMethod<[{
        The type the LLVM intrinsic takes an operand in (C: also returns):
        `vector<8xf16>`, bf16 as `vector<Nxi16>`, 8- and 4-bit values packed
        into `i32`, `i64` or `vector<Nxi32>`, the index as `i32` or `i16`.
      }],
      "::mlir::Type", "getLlvmOperandType",
      (ins "::mlir::mcore::Operand":$operand)>,
    InterfaceMethod<"Whether integer A and B can be read as unsigned "
                    "(the signedness modifier of iu8 / iu4 WMMA and SWMMAC).",
      "bool", "supportsUnsigned">,
    InterfaceMethod<"Whether the integer result can be clamped (saturated).",
      "bool", "supportsClamp">,
    InterfaceMethod<[{
        Index sets a sparse instruction can select (SMFMAC's abid, SWMMAC's
        index_key); 0 for dense ones.
      }],
      "unsigned", "getNumIndexSets">,
    InterfaceMethod<"Bits of the index word one index set takes.",
      "unsigned", "getIndexSetBits">,
  ];

  let extraClassDeclaration = [{
    /// Whether A is 2:4-sparse (SWMMAC, SMFMAC).
    bool isSparse() const;
    /// Whether `chip` has the instruction.
    bool isAvailableOn(::mlir::mcore::Chip chip) const {
      return getChips().contains(chip);
    }
    /// The whole-tile vector type of an operand: A `MxK` (`Mx(K/2)` when
    /// sparse), B `KxN`, C `MxN`, index `Mx(K/2)xi8`; fp8 in `fp8`.
    ::mlir::VectorType getTileType(::mlir::mcore::Operand operand,
                                   ::mlir::mcore::Fp8Format fp8) const;
    /// One lane's fragment type of an operand: a vector of
    /// getElementsPerLane * getElementStride elements (A, B, C), or the
    /// index word (the LLVM operand type of the index).
    ::mlir::Type getFragmentType(::mlir::mcore::Operand operand,
                                 ::mlir::mcore::Fp8Format fp8) const;
    /// Verifies the operand and result types of an op computing with this
    /// instruction, in whole-tile or distributed form. `index` is null for
    /// dense ops; `result` is D (C's type unless the instruction's D
    /// differs from C).
    ::llvm::LogicalResult verifyOperandTypes(
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError,
        ::mlir::Type a, ::mlir::Type b, ::mlir::Type c, ::mlir::Type index,
        ::mlir::Type result) const;
    /// Fails with "NAME needs CHIPS; the target is CHIP" when `chip` lacks
    /// the instruction.
    ::llvm::LogicalResult verifyChip(
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError,
        ::mlir::mcore::Chip chip) const;
  }];
}

#endif // MCORE_DIALECT_MCORE_IR_MCOREINTERFACES_TD
