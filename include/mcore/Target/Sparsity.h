//===- Sparsity.h - mcore's canonical 2:4 format ----------------*- C++ -*-===//
//
// The one definition of mcore's chip-independent 2:4 format (see
// docs/Sparsity.md). A 2:4-sparse M x K matrix A is stored as
//
//   values    M x Kc elements, Kc = 2 * ceil(K / 4): the two kept elements of
//             every group of four along K, in increasing k;
//   metadata  M x W 32-bit words, W = ceil(K / 32): group g of row i is the
//             nibble at bits [4 * (g % 8), +4) of word (i, g / 8); its bits
//             [1:0] are the in-group position (0-3) of values[i][2g], bits
//             [3:2] that of values[i][2g + 1], with [1:0] < [3:2].
//
// K need not be a multiple of 4: the last group is padded with zeros. A
// group with fewer than two non-zeros stores zero values at the lowest free
// positions. Kernels repack the nibbles into each instruction's per-lane
// index registers; the same compressed A runs on gfx1201 and gfx942.
//
// Elements are raw bit patterns of a ScalarKind (low getBitWidth bits). A
// float element is zero when it is +0 or -0.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TARGET_SPARSITY_H
#define MCORE_TARGET_SPARSITY_H

#include "mcore/Target/Layout.h"
#include "mcore/Target/ScalarKind.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace mlir::mcore::sparse24 {

/// Compressed columns of a K-wide row: 2 * ceil(K / 4).
inline unsigned getCompressedCols(unsigned k) { return 2 * ((k + 3) / 4); }
/// Metadata words of a row: ceil(K / 32).
inline unsigned getMetadataWords(unsigned k) { return (k + 31) / 32; }

/// Whether `bits` is a zero of `kind` (+0 or -0 for floats).
bool isZero(ScalarKind kind, uint32_t bits);

/// The first group (in row-major order) with more than two non-zeros.
struct Violation {
  unsigned row;
  unsigned group;    ///< columns 4 * group .. 4 * group + 3
  unsigned nonzeros; ///< 3 or 4
};
std::optional<Violation> findViolation(ScalarKind kind,
                                       llvm::ArrayRef<uint32_t> dense,
                                       unsigned rows, unsigned k);

struct Compressed {
  std::vector<uint32_t> values;   ///< rows x getCompressedCols(k)
  std::vector<uint32_t> metadata; ///< rows x getMetadataWords(k)
};

/// Compresses a row-major rows x k matrix. Fails, naming the first violating
/// row and group, when it is not 2:4 ("A is not 2:4 sparse: ...", with the
/// operand's `name`).
llvm::Expected<Compressed> compress(ScalarKind kind,
                                    llvm::ArrayRef<uint32_t> dense,
                                    unsigned rows, unsigned k,
                                    llvm::StringRef name = "A");

/// Checks metadata that did not come from compress(): every group names two
/// positions in increasing order, and the nibbles of a row's last word past
/// its last group (K not a multiple of 32) are zero. The error names the
/// first row and group that does not, or the row and its last word, and the
/// operand (`name`). (Sizes are the caller's to check.)
llvm::Error checkMetadata(llvm::ArrayRef<uint32_t> metadata, unsigned rows,
                          unsigned k, llvm::StringRef name = "A");

/// Checks compressed values and metadata that did not come from compress():
/// every group names two positions in increasing order, and no value of the
/// last group sits at a position past K. The error names the first row and
/// group that breaks this. (Sizes are the caller's to check.)
llvm::Error checkCompressed(ScalarKind kind, llvm::ArrayRef<uint32_t> values,
                            llvm::ArrayRef<uint32_t> metadata, unsigned rows,
                            unsigned k, llvm::StringRef name = "A");

/// Expands compressed values and metadata back to a rows x k matrix.
std::vector<uint32_t> decompress(ScalarKind kind,
                                 llvm::ArrayRef<uint32_t> values,
                                 llvm::ArrayRef<uint32_t> metadata,
                                 unsigned rows, unsigned k);

/// Keeps the two largest magnitudes of every group of four along k (ties:
/// the lower position) and zeroes the rest.
std::vector<uint32_t> prune(ScalarKind kind, llvm::ArrayRef<uint32_t> dense,
                            unsigned rows, unsigned k);

/// The in-group position (0-3) of compressed element `c` of row `row`.
inline unsigned getPosition(llvm::ArrayRef<uint32_t> metadata, unsigned k,
                            unsigned row, unsigned c) {
  unsigned group = c / 2;
  uint32_t word = metadata[size_t(row) * getMetadataWords(k) + group / 8];
  return (word >> (4 * (group % 8) + 2 * (c % 2))) & 3u;
}

/// The instruction-native order of metadata nibbles (docs/Sparsity.md):
/// within each K step of an instruction (its k / 4 groups of a row), the
/// nibbles are reordered so that each lane's index word is one contiguous
/// run of nibbles, in its field order: the lanes of a row, by their first
/// group, one after another. A lane then reads its index word with one
/// shift, `nibblesPerLane` nibbles from nibble `laneScale * g` of the step,
/// where g is the group of its first index field.
struct NativeIndexOrder {
  unsigned groupsPerStep = 0;  ///< k / 4 of the instruction; divides 8
  unsigned nibblesPerLane = 0; ///< groups one lane's index word covers
  unsigned laneScale = 0;
  llvm::SmallVector<unsigned, 8> groupAt; ///< native nibble -> its group
};

/// The native order for an instruction's index layout (SparseIndexInfo's
/// (lane, field) -> (row, compressed k)), or nullopt when there is none: a
/// step wider than one word, or lanes whose groups do not follow the
/// pattern above.
std::optional<NativeIndexOrder> getNativeIndexOrder(const LaneLayout &index);

/// Whether `order` gives each lane four nibbles of a step's eight, so the
/// low or the high half of the step's word (SWMMAC's): metadata staged as
/// each word followed by its 16-bit rotation (`mcore.load_sparse_index`'s
/// `halves`) then gives every lane its index in the low half of a word.
inline bool hasNativeHalves(const NativeIndexOrder &order) {
  return order.groupsPerStep == 8 && order.nibblesPerLane == 4;
}

/// A canonical metadata word in native order: each of its 8 / groupsPerStep
/// steps permuted (nibble p of a step is the canonical nibble groupAt[p]).
uint32_t toNativeWord(const NativeIndexOrder &order, uint32_t word);

} // namespace mlir::mcore::sparse24

#endif // MCORE_TARGET_SPARSITY_H
