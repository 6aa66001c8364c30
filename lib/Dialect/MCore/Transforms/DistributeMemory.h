//===- DistributeMemory.h - Per-lane memory accesses of tiles --*- C++ -*-===//
//
// How mcore-distribute (Distribute.cpp) reads and writes a whole tile's
// elements lane by lane: where they are in memory (Geometry), which of a
// lane's fragment elements are contiguous (elementRuns), the lane's own
// tile coordinates (laneCoords), and the reads of elements narrower than a
// byte (readSubByte).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_DIALECT_MCORE_TRANSFORMS_DISTRIBUTEMEMORY_H
#define MCORE_LIB_DIALECT_MCORE_TRANSFORMS_DISTRIBUTEMEMORY_H

#include "DistributeLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::mcore::distribute {

/// Where a whole-tile transfer's elements are in memory.
struct Geometry {
  Value base;
  ValueRange indices;
  unsigned rank;
  /// The memref dimension of tile coordinate 0 and 1, or kBroadcast: the
  /// tile repeats one element along that coordinate (reads only).
  unsigned dim[2];
  int contig;      ///< the tile coordinate along the memref's innermost,
                   ///< unit-stride dimension, or -1
  bool inBounds[2];

  static constexpr unsigned kBroadcast = ~0u;
  bool allInBounds() const { return inBounds[0] && inBounds[1]; }

  /// Memory indices of the element at tile coordinate lane + c.
  SmallVector<Value> indicesOf(OpBuilder &b, Location loc, Value lane0,
                               Value lane1, TileCoord c) const {
    SmallVector<Value> idx(indices);
    Value lane[2] = {lane0, lane1};
    int64_t off[2] = {c.d0, c.d1};
    for (unsigned d = 0; d < 2; ++d)
      if (dim[d] != kBroadcast)
        idx[dim[d]] = arith::AddIOp::create(
            b, loc, idx[dim[d]],
            arith::AddIOp::create(
                b, loc, lane[d],
                arith::ConstantIndexOp::create(b, loc, off[d])));
    return idx;
  }

  /// For runs that are not a plain vector load or store: the 2-D
  /// transfer of shape 1 x len (or len x 1) and its map, which keep the
  /// original bounds checks on both coordinates.
  std::pair<VectorType, AffineMap> narrowTransfer(OpBuilder &b,
                                                  unsigned len,
                                                  Type elem) const {
    SmallVector<int64_t> shape = {1, 1};
    shape[contig < 0 ? 1 : contig] = len;
    SmallVector<AffineExpr> results;
    for (unsigned d = 0; d < 2; ++d)
      results.push_back(dim[d] == kBroadcast
                            ? b.getAffineConstantExpr(0)
                            : b.getAffineDimExpr(dim[d]));
    auto map = AffineMap::get(rank, 0, results, b.getContext());
    return {VectorType::get(shape, elem), map};
  }
};

/// Where the tile a whole-tile transfer moves is in memory; an error at
/// the op for transfers mcore-distribute does not handle.
FailureOr<Geometry> geometryOf(vector::TransferReadOp op);
FailureOr<Geometry> geometryOf(vector::TransferWriteOp op);

/// coord(lane, 0) of a layout as two index values: for each run of lane
/// bits whose bases double along one coordinate,
/// ((lane >> first) & (2^run - 1)) * base.
std::pair<Value, Value> laneCoords(OpBuilder &b, Location loc, Value lane,
                                   const LaneLayout &l);

/// Runs of fragment elements that are consecutive along tile coordinate
/// `contig` (0 or 1), or single elements when contig < 0.
SmallVector<std::pair<unsigned, unsigned>> elementRuns(const Role &role,
                                                       int contig);

/// The `len` fragment elements from `e` of the lane at (`lane0`, `lane1`)
/// of `read`'s tile, one of elementRuns' runs, as a vector<len x elem>: one
/// vector load where the run is contiguous and in bounds, else a transfer
/// that keeps `read`'s bounds checks and padding.
Value readRun(OpBuilder &b, vector::TransferReadOp read, const Geometry &g,
              const Role &role, Value lane0, Value lane1, unsigned e,
              unsigned len);

/// Whether `role`'s fragment holds K interleaved in groups of eight:
/// element 8g + 4h + j (j < 4) at position 8g + 2j + h
/// (getInterleavedPosition), so that eight FP4 elements, a byte each in
/// memory, pack with one shift-or. The A and B of a block-scaled instruction
/// of FP4 x FP4, or of FP4 and an 8-bit format (whose bytes are permuted to
/// match), whose fragments step K by 1, 2 and 4 in their element bits 0-2:
/// both are permuted alike, so each position still pairs one K of A with the
/// same K of B, and the sum over K (within one 32-element scale block) is
/// the same.
bool interleavesK(const Role &role);
/// The position of fragment element `e` under interleavesK.
unsigned getInterleavedPosition(unsigned e);

/// Elements narrower than a byte (the MX formats FP4 and FP6) take a byte
/// each in memory, while a vector of them is bit-packed: each run of
/// contiguous elements is read as one vector (readRun; a byte per element;
/// element by element where the tile may cross an edge), and each element is
/// placed into 32-bit words (fragment element e at bits [e * w, +w), as LLVM
/// packs a vector of w-bit elements), which are then the fragment (of type
/// `fragType`); in interleavesK's order where it applies.
Value readSubByte(OpBuilder &b, vector::TransferReadOp read,
                  const Geometry &g, const Role &role, Value lane0,
                  Value lane1, VectorType fragType);

} // namespace mlir::mcore::distribute

#endif // MCORE_LIB_DIALECT_MCORE_TRANSFORMS_DISTRIBUTEMEMORY_H
