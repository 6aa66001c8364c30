//===- Layout.h - Per-lane register layouts of matrix operands --*- C++ -*-===//
//
// A LaneLayout maps (lane, element of the lane's fragment vector) to a 2-D
// coordinate within one operand tile. All AMD matrix-instruction layouts are
// linear over GF(2) (every tile extent is a power of two), so a layout is a
// list of basis vectors, one per bit of the element index and one per bit of
// the lane id, in the style of Triton's LinearLayout:
//
//   coord(lane, elem) = XOR of elemBases[b] for each set bit b of elem
//                     ^ XOR of laneBases[b] for each set bit b of lane
//
// A zero basis vector means that bit does not move the coordinate: the same
// element is held by several lanes (RDNA3 replicates A and B across the two
// halves of the wave).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TARGET_LAYOUT_H
#define MCORE_TARGET_LAYOUT_H

#include <cstdint>

namespace mlir::mcore {

/// A coordinate within a tile: (row, k) of A, (k, col) of B, (row, col) of C,
/// (row, compressed k) of a sparse index.
struct TileCoord {
  uint16_t d0 = 0;
  uint16_t d1 = 0;
  constexpr bool operator==(const TileCoord &o) const {
    return d0 == o.d0 && d1 == o.d1;
  }
  constexpr TileCoord operator^(const TileCoord &o) const {
    return {uint16_t(d0 ^ o.d0), uint16_t(d1 ^ o.d1)};
  }
  constexpr bool isZero() const { return d0 == 0 && d1 == 0; }
};

/// Basis helpers for writing layouts: D0(4) moves dim 0 (row or k) by 4,
/// D1(8) moves dim 1 by 8, Rep() is a replicated bit.
constexpr TileCoord D0(uint16_t v) { return {v, 0}; }
constexpr TileCoord D1(uint16_t v) { return {0, v}; }
constexpr TileCoord Rep() { return {0, 0}; }

struct LaneLayout {
  /// 128 values per lane: gfx1250's v_wmma_*_32x16x128_f4 A (32 rows of 128
  /// fp4 in 32 lanes, 16 registers).
  static constexpr unsigned kMaxElemBits = 7;
  static constexpr unsigned kMaxLaneBits = 6;

  uint8_t numElemBits = 0;
  uint8_t numLaneBits = 0;
  TileCoord elemBases[kMaxElemBits] = {};
  TileCoord laneBases[kMaxLaneBits] = {};

  constexpr unsigned getNumElems() const { return 1u << numElemBits; }
  constexpr unsigned getNumLanes() const { return 1u << numLaneBits; }

  constexpr TileCoord apply(unsigned lane, unsigned elem) const {
    TileCoord c;
    for (unsigned b = 0; b < numElemBits; ++b)
      if (elem & (1u << b))
        c = c ^ elemBases[b];
    for (unsigned b = 0; b < numLaneBits; ++b)
      if (lane & (1u << b))
        c = c ^ laneBases[b];
    return c;
  }

  /// How many (lane, elem) pairs hold each coordinate: 2^(number of zero
  /// basis vectors). 1 for every layout except RDNA3's A and B.
  constexpr unsigned getReplication() const {
    unsigned r = 1;
    for (unsigned b = 0; b < numElemBits; ++b)
      if (elemBases[b].isZero())
        r *= 2;
    for (unsigned b = 0; b < numLaneBits; ++b)
      if (laneBases[b].isZero())
        r *= 2;
    return r;
  }
};

/// Builds a layout from its element-bit and lane-bit bases.
template <unsigned NE, unsigned NL>
constexpr LaneLayout makeLayout(const TileCoord (&elem)[NE],
                                const TileCoord (&lane)[NL]) {
  static_assert(NE <= LaneLayout::kMaxElemBits, "too many element bits");
  static_assert(NL <= LaneLayout::kMaxLaneBits, "too many lane bits");
  LaneLayout l;
  l.numElemBits = NE;
  l.numLaneBits = NL;
  for (unsigned i = 0; i < NE; ++i)
    l.elemBases[i] = elem[i];
  for (unsigned i = 0; i < NL; ++i)
    l.laneBases[i] = lane[i];
  return l;
}

/// A layout of one element per lane: only lane bits.
template <unsigned NL>
constexpr LaneLayout makeLaneLayout(const TileCoord (&lane)[NL]) {
  static_assert(NL <= LaneLayout::kMaxLaneBits, "too many lane bits");
  LaneLayout l;
  l.numLaneBits = NL;
  for (unsigned i = 0; i < NL; ++i)
    l.laneBases[i] = lane[i];
  return l;
}

} // namespace mlir::mcore

#endif // MCORE_TARGET_LAYOUT_H
