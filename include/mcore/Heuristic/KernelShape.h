//===- KernelShape.h - How a configuration's kernel moves data --*- C++ -*-===//
//
// What follows from a configuration about the kernel the tiler builds: how
// a staged operand's K tile is copied to LDS, the LDS columns and order of
// 2:4 metadata, the K slices of a split. The heuristic costs these (LDS
// padding, LDS bytes, registers) and mcore-tile-matmul builds them: one
// source for both, without IR.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_HEURISTIC_KERNELSHAPE_H
#define MCORE_HEURISTIC_KERNELSHAPE_H

#include "mcore/Heuristic/Heuristic.h"
#include "mcore/Target/Sparsity.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <utility>

namespace mlir::mcore {

inline int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// Bits an element takes in global memory and in the registers staging
/// loads fill: a memref of i4 holds one element per byte.
inline int64_t storageBits(ScalarKind kind) {
  return std::max<int64_t>(8, getBitWidth(kind));
}

/// Elements of a staging copy's chunk of `bits`-bit elements: 128 bits
/// where a tile's `cols` allow.
int64_t getChunkElements(int64_t bits, int64_t cols);

/// How a staged operand's K tile is copied (one source for the copy and for
/// the choice of LDS padding): `rows x cols` elements of a row-major global
/// tile in chunks of `vec` elements; transposed operands (stored K-major:
/// B, or a K x M A) are copied as kPer x vec blocks into tile-dim-major LDS
/// rows.
struct StagingGeometry {
  int64_t rows = 0, cols = 0, vec = 1, kPer = 1;
  bool transpose = false;
  bool pack = false; ///< sub-byte (i4) values, two per byte in LDS
};
StagingGeometry getStagingGeometry(const MatmulProblem &problem,
                                   const MatmulTileConfig &cfg,
                                   bool operandB);

/// The instruction-native order the kernel stages 2:4 metadata in (K tiles
/// and instruction steps of whole metadata words), or nullopt: canonical
/// words.
std::optional<sparse24::NativeIndexOrder>
getStagedNativeOrder(const MatmulTileConfig &cfg);

/// Whether the kernel stages each native metadata word followed by its
/// 16-bit rotation (`mcore.load_sparse_index`'s `halves`): SWMMAC on 16-bit
/// operands, whose lanes then read their index without a shift.
bool stagesMetadataHalves(const MatmulTileConfig &cfg);

/// Metadata words per LDS row: the K tile's, twice over with halves.
int64_t getLdsMetadataCols(const MatmulTileConfig &cfg);

/// K per slice of a split-K kernel (a multiple of cfg.tileK) and the
/// number of slices that covers `k`.
std::pair<int64_t, int64_t> getSplitKSlices(const MatmulTileConfig &cfg,
                                            int64_t k);

} // namespace mlir::mcore

#endif // MCORE_HEURISTIC_KERNELSHAPE_H
