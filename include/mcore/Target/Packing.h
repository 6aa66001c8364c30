//===- Packing.h - Tiles to lane registers and back -------------*- C++ -*-===//
//
// Moves one operand tile between a row-major array of element bit patterns
// and the 32-bit registers of every lane, using the catalog's layouts. It is
// how host code, tests and tools place data for an instruction; the MLIR
// lowering generates the same placement as IR.
//
// Register arrays are lane-major: word [lane * vgprs + v] is register v of
// lane `lane`, where vgprs = getNumVgprs(info, operand). Element values are
// raw bit patterns in the low getBitWidth(kind) bits (an f16 as its 16 bits,
// an i4 as its low nibble, an f64 as its 64 bits, in two registers).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TARGET_PACKING_H
#define MCORE_TARGET_PACKING_H

#include "mcore/Target/Catalog.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace mlir::mcore {

/// Rows and columns of an operand's tile: A M x K (M x K/2 when sparse),
/// B K x N, C M x N, index M x K/2; with several blocks, the stacked form
/// (IntrinsicInfo::blocks): A (blocks M) x K, B K x (blocks N), C
/// (blocks M) x N.
std::pair<unsigned, unsigned> getTileShape(const IntrinsicInfo &info,
                                           Operand operand);
/// 32-bit registers per lane of an operand (1 for the index).
unsigned getNumVgprs(const IntrinsicInfo &info, Operand operand);

/// Packs a row-major A, B or C tile into lane registers. Replicated elements
/// (RDNA3 A and B) are written to every lane that holds them; bits no element
/// occupies are zero.
std::vector<uint32_t> packTile(const IntrinsicInfo &info, Operand operand,
                               llvm::ArrayRef<uint64_t> tile);

/// Unpacks lane registers into a row-major A, B or C tile. Fails when the
/// copies of a replicated element disagree.
llvm::Expected<std::vector<uint64_t>>
unpackTile(const IntrinsicInfo &info, Operand operand,
           llvm::ArrayRef<uint32_t> registers);

/// Packs the sparse index of a sparse intrinsic: `positions` is the M x K/2
/// row-major tile of in-group positions (0-3) of the compressed elements of
/// A; they go into index set `set` of each lane's word (other bits zero).
/// A lane whose index is 64 bits (gfx1250's 8-bit SWMMAC) has two words,
/// low first.
std::vector<uint32_t> packIndex(const IntrinsicInfo &info,
                                llvm::ArrayRef<uint8_t> positions,
                                unsigned set = 0);

/// Reads index set `set` back into an M x K/2 tile of positions.
std::vector<uint8_t> unpackIndex(const IntrinsicInfo &info,
                                 llvm::ArrayRef<uint32_t> words,
                                 unsigned set = 0);

/// Rows and columns of the block-scale tile of a block-scaled intrinsic
/// (IntrinsicInfo::isScaled()): A's M x (K / blockK), B's (K / blockK) x N.
std::pair<unsigned, unsigned> getScaleShape(const IntrinsicInfo &info,
                                            Operand operand);
/// Packs a row-major tile of scale bytes (getScaleShape) into each lane's
/// scale operand (ScaleInfo::llvm: one 32-bit word per lane, two for an
/// i64, lane-major), in set `set` (the scale select the instruction is
/// given: gfx950's op_sel byte, gfx1250's lane half); every other byte is
/// zero.
std::vector<uint32_t> packScales(const IntrinsicInfo &info, Operand operand,
                                 llvm::ArrayRef<uint8_t> scales,
                                 unsigned set = 0);

} // namespace mlir::mcore

#endif // MCORE_TARGET_PACKING_H
