//===- VectorContract.h - vector.contract read as a matrix tile -*- C++ -*-===//
//
// Shared by mcore-vector-contract-to-mma's conversion
// (VectorContractToMma.cpp) and its unrolling to instruction tiles
// (VectorContractUnroll.cpp): a vector.contract read as one tile product
// D = A * B + C, and the catalog intrinsic that computes it.
//
// Private to lib/Dialect/MCore/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_DIALECT_MCORE_TRANSFORMS_VECTORCONTRACT_H
#define MCORE_LIB_DIALECT_MCORE_TRANSFORMS_VECTORCONTRACT_H

#include "mcore/Dialect/MCore/IR/MCoreOps.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <string>

namespace mlir::mcore::vectorcontract {

/// A vector.contract read as D = A * B + C on 2-D tiles: one reduction
/// dimension K, rows M from the lhs and columns N from the rhs, each operand
/// possibly stored transposed, and inputs possibly extended
/// (arith.extf / extsi / extui) from narrower types.
struct ContractTile {
  vector::ContractionOp op;
  /// The lhs and rhs before their extension, in the orientation the contract
  /// indexes them (see transposeA / transposeB).
  Value a, b;
  /// A 2:4-sparse A: the lhs (before its extension) is
  /// `mcore.expand_2to4 values, index`.
  Value values, index;
  bool transposeA = false; ///< the lhs is indexed (k, m)
  bool transposeB = false; ///< the rhs is indexed (n, k)
  bool transposeC = false; ///< the accumulator is indexed (n, m)
  bool unsignedA = false, unsignedB = false; ///< extended with arith.extui
  int64_t m = 0, n = 0, k = 0;               ///< tile sizes; k is the dense K
  unsigned dimM = 0, dimN = 0, dimK = 0;     ///< the contract's iteration dims
  MmaRequest request;
  Fp8Format fp8 = Fp8Format::None; ///< encoding of fp8/bf8 A and B

  bool isSparse() const { return bool(values); }
  /// "16x16x32 f16 x f16 -> f32 (2:4 A)", for diagnostics.
  std::string describe() const;
};

/// Reads `op`; fails with the reason in `why` for a contraction that is not
/// one tile product of matrix-instruction types.
FailureOr<ContractTile> matchContractTile(vector::ContractionOp op,
                                          std::string &why);

/// The best catalog intrinsic of `chip` (highest throughput first) for
/// `tile`: with `exact`, one whose A, B, C (and index) tile types are the
/// tile's; else one whose M, N and K divide the tile's. Null with the reason
/// in `why` (what the chip supports) when there is none.
MmaIntrinsicAttrInterface pickIntrinsic(const ContractTile &tile, Chip chip,
                                        bool exact, std::string &why);

/// Whether `op` is GPU code: in a gpu.launch or a gpu.module, or under an
/// mcore.chip attribute. Contractions elsewhere are host code, which has no
/// lanes to distribute to, and are left alone.
bool isGpuCode(Operation *op);

/// The chip a contraction in GPU code targets: `option`, else lookupChip
/// (the mcore.chip attribute or the #rocdl.target of its gpu.module); none
/// for host code.
std::optional<Chip> getTargetChip(Operation *op, std::optional<Chip> option);

} // namespace mlir::mcore::vectorcontract

#endif // MCORE_LIB_DIALECT_MCORE_TRANSFORMS_VECTORCONTRACT_H
