//===- TileMatmulPacking.h - A staged chunk's registers ---------*- C++ -*-===//
//
// ChunkPacker rearranges the registers of a staged chunk between its global
// loads and its LDS stores (TileMatmulPacking.cpp): sub-byte (i4) values
// packed two per byte, a 2:4 chunk expanded to dense, metadata words put in
// an instruction's native order, bytes transposed. It knows nothing of the
// kernel but the builder. Private to lib/Dialect/MCore/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULPACKING_H
#define MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULPACKING_H

#include "TileMatmulEmitterBase.h"

#include "mcore/Target/Sparsity.h"

namespace mlir::mcore::tilematmul {

class ChunkPacker : EmitterBase {
public:
  explicit ChunkPacker(ImplicitLocOpBuilder &b) : EmitterBase(b) {}

  /// The registers a chunk of a packed (i4) operand is staged in
  /// (OperandStager::regTypes) from its vector<vec x i4> loads: widened to
  /// bytes when it is to be expanded (`decompress`), pairs of K rows
  /// combined when it is stored `transpose`d, else two values per byte.
  SmallVector<Value> packLoaded(ArrayRef<Value> loads, bool decompress,
                                bool transpose);
  /// vector<n x i4> -> vector<n x i8>, each byte the element's four bits.
  Value widenNibbles(Value v);
  /// vector<n x i8> of four-bit values -> vector<n/2 x i8>, byte j holding
  /// element 2j in its low and element 2j + 1 in its high nibble.
  Value packNibbles(Value z);
  /// Two vector<n x i8> of four-bit values -> vector<n x i8>, lo | hi << 4.
  Value combineNibbles(Value lo, Value hi);
  /// vector<n x i32> of canonical metadata words -> the same words in
  /// `order` (sparse24::toNativeWord): one shift and mask per distinct
  /// nibble distance.
  Value permuteMetadata(Value words, const sparse24::NativeIndexOrder &order);
  /// vector<n x i32> words -> vector<2n x i32>: each word, then the word
  /// rotated by 16 bits (`halves` metadata).
  Value withRotatedHalves(Value words);
  /// R vector<n x i8> rows -> n vector<R x i8> columns (R = 2 or a
  /// multiple of 4, n a multiple of 4), on 32-bit words.
  SmallVector<Value> transposeBytes(ArrayRef<Value> rows);
  /// A 2:4 chunk's vec / 2 groups (`values`, two kept values each, whose
  /// positions are nibble g of `nibbles`) as its 2 vec dense elements: two
  /// vector<vec> halves.
  SmallVector<Value> expand2to4(Value values, Value nibbles, int64_t vec);
};

} // namespace mlir::mcore::tilematmul

#endif // MCORE_LIB_DIALECT_MCORE_TRANSFORMS_TILEMATMULPACKING_H
