//===- SplitK.h - The kernels of a split-K matmul ---------------*- C++ -*-===//
//
// mcore-tile-matmul splits K of a skinny or few-work-group matmul into
// slices (lib/Dialect/MCore/Transforms/TileMatmulSplitK.cpp): the matrix
// kernel's grid z walks the slices, and a second kernel of this name adds
// them. mcore-perf recognizes the pair by this name (mcore/Perf/Perf.h).
// Only a name: no MLIR here.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_DIALECT_MCORE_TRANSFORMS_SPLITK_H
#define MCORE_DIALECT_MCORE_TRANSFORMS_SPLITK_H

#include "llvm/ADT/StringRef.h"

namespace mlir::mcore {

/// The name mcore-tile-matmul gives the second kernel of a split-K matmul.
inline constexpr llvm::StringLiteral kSplitKReduceKernel = "split_k_reduce";

} // namespace mlir::mcore

#endif // MCORE_DIALECT_MCORE_TRANSFORMS_SPLITK_H
