//===- DistributeLayout.h - Layouts of whole-tile values ------*- C++ -*-===//
//
// What mcore-distribute (Distribute.cpp) knows of a whole-tile value: the
// operand of an intrinsic whose lane layout it takes (Role), possibly
// transposed or packed, and the checks the distribution relies on.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_DIALECT_MCORE_TRANSFORMS_DISTRIBUTELAYOUT_H
#define MCORE_LIB_DIALECT_MCORE_TRANSFORMS_DISTRIBUTELAYOUT_H

#include "mcore/Dialect/MCore/IR/MCoreOps.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/OpDefinition.h"

#include "llvm/Support/MathExtras.h"

#include <string>

namespace mlir::mcore::distribute {

/// The layout of a whole-tile value: one operand of one intrinsic, or, for
/// the source of a vector.transpose / vector.bitcast that produces such an
/// operand, that operand's tile transposed and/or with `pack` consecutive
/// elements (along the tile's second dimension) per element: the bytes of
/// packed i4 tiles. With `scales`, the value is the block-scale tile of
/// operand A or B of a block-scaled instruction (mcore.scaled_mma): one
/// scale per lane, laid out by the catalog's ScaleInfo.
struct Role {
  MmaIntrinsicAttrInterface intrinsic;
  Operand operand = Operand::A;
  bool transposed = false;
  unsigned pack = 1;
  bool scales = false;
  bool operator==(const Role &o) const {
    return intrinsic == o.intrinsic && operand == o.operand &&
           transposed == o.transposed && pack == o.pack &&
           scales == o.scales;
  }
  bool operator!=(const Role &o) const { return !(*this == o); }
  const ScaleInfo &scaleInfo() const {
    const IntrinsicInfo &info = *cast<IntrinsicAttr>(intrinsic).getIntrinsic();
    return operand == Operand::A ? info.scaleA : info.scaleB;
  }
  LaneLayout baseLayout() const {
    return scales ? scaleInfo().layout : intrinsic.getLaneLayout(operand);
  }
  /// The layout of this tile: the operand's, with the coordinates swapped
  /// when transposed, and the low element bit folded into one element per
  /// `pack` when packed (see packable()).
  LaneLayout layout() const {
    LaneLayout l = baseLayout();
    auto swap = [](TileCoord &c) { c = {c.d1, c.d0}; };
    if (transposed) {
      for (unsigned b = 0; b < l.numElemBits; ++b)
        swap(l.elemBases[b]);
      for (unsigned b = 0; b < l.numLaneBits; ++b)
        swap(l.laneBases[b]);
    }
    unsigned drop = llvm::Log2_32(pack);
    if (!drop)
      return l;
    for (unsigned b = drop; b < l.numElemBits; ++b)
      l.elemBases[b - drop] = {l.elemBases[b].d0,
                               uint16_t(l.elemBases[b].d1 / pack)};
    l.numElemBits -= drop;
    for (unsigned b = 0; b < l.numLaneBits; ++b)
      l.laneBases[b].d1 /= pack;
    return l;
  }
  /// Whether `pack` consecutive fragment elements always form one element
  /// of the packed tile: the low element bits step the (possibly
  /// transposed) second coordinate by 1, 2, ..., and no other basis moves
  /// it by less than `pack`.
  bool packable() const {
    if (pack == 1)
      return true;
    if (!llvm::isPowerOf2_32(pack) || stride() != 1)
      return false;
    Role plain = *this;
    plain.pack = 1;
    LaneLayout l = plain.layout();
    unsigned drop = llvm::Log2_32(pack);
    if (l.numElemBits < drop)
      return false;
    for (unsigned b = 0; b < l.numElemBits; ++b)
      if (b < drop ? !(l.elemBases[b] == D1(uint16_t(1u << b)))
                   : l.elemBases[b].d1 % pack != 0)
        return false;
    for (unsigned b = 0; b < l.numLaneBits; ++b)
      if (l.laneBases[b].d1 % pack != 0)
        return false;
    return true;
  }
  /// Elements of the layout a lane holds (index: 2-bit fields of set 0).
  unsigned numElems() const {
    if (scales)
      return 1u << scaleInfo().layout.numElemBits;
    unsigned n = intrinsic.getElementsPerLane(operand);
    return operand == Operand::Index ? n : n / pack;
  }
  unsigned stride() const {
    return scales ? 1 : intrinsic.getElementStride(operand);
  }
  std::string describe() const {
    std::string s = ((scales ? "the scales of " : "") +
                     getOperandName(operand) + " of " + intrinsic.getName())
                        .str();
    if (transposed)
      s += ", transposed";
    if (pack > 1)
      s += ", " + std::to_string(pack) + " elements per element";
    return s;
  }
};

inline bool isWholeTile(Value v) {
  auto type = dyn_cast<VectorType>(v.getType());
  return type && type.getRank() == 2;
}

inline bool isElementwise(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() && op->getNumRegions() == 0 &&
         op->getNumResults() == 1;
}

/// Checks that a layout's bases are distinct powers of two per coordinate,
/// so that coord(lane, e) = coord(0, e) + coord(lane, 0), which the
/// generated address arithmetic relies on. True for every catalog layout.
inline bool isSeparable(const LaneLayout &l) {
  uint32_t seen[2] = {0, 0};
  auto add = [&](TileCoord c) {
    for (unsigned d = 0; d < 2; ++d) {
      uint32_t v = d == 0 ? c.d0 : c.d1;
      if (!v)
        continue;
      if (!llvm::isPowerOf2_32(v) || (seen[d] & v))
        return false;
      seen[d] |= v;
    }
    return true;
  };
  for (unsigned b = 0; b < l.numElemBits; ++b)
    if (!add(l.elemBases[b]))
      return false;
  for (unsigned b = 0; b < l.numLaneBits; ++b)
    if (!add(l.laneBases[b]))
      return false;
  return true;
}

} // namespace mlir::mcore::distribute

#endif // MCORE_LIB_DIALECT_MCORE_TRANSFORMS_DISTRIBUTELAYOUT_H
