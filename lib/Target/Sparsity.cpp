//===- Sparsity.cpp - mcore's canonical 2:4 format ------------------------===//

#include "mcore/Target/Sparsity.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cassert>

using namespace mlir::mcore;
using namespace mlir::mcore::sparse24;

static uint32_t mask(ScalarKind kind) {
  unsigned w = getBitWidth(kind);
  return w >= 32 ? ~0u : (1u << w) - 1;
}

bool sparse24::isZero(ScalarKind kind, uint32_t bits) {
  bits &= mask(kind);
  if (isIntegerKind(kind))
    return bits == 0;
  // Floats: ignore the sign bit, so -0 is zero too.
  uint32_t sign = 1u << (getBitWidth(kind) - 1);
  return (bits & ~sign) == 0;
}

/// |value| as an unsigned key whose order is the order of magnitudes: the
/// bits without the sign for floats (monotonic for IEEE-like formats), the
/// absolute value for two's-complement integers.
static uint64_t magnitude(ScalarKind kind, uint32_t bits) {
  unsigned w = getBitWidth(kind);
  bits &= mask(kind);
  uint32_t sign = 1u << (w - 1);
  if (!isIntegerKind(kind))
    return bits & ~sign;
  int64_t v = (bits & sign) ? int64_t(bits) - (int64_t(1) << w) : bits;
  return uint64_t(v < 0 ? -v : v);
}

std::optional<Violation> sparse24::findViolation(ScalarKind kind,
                                                 llvm::ArrayRef<uint32_t> dense,
                                                 unsigned rows, unsigned k) {
  assert(dense.size() == size_t(rows) * k && "dense size mismatch");
  for (unsigned i = 0; i < rows; ++i)
    for (unsigned g = 0; 4 * g < k; ++g) {
      unsigned nz = 0;
      for (unsigned p = 0; p < 4 && 4 * g + p < k; ++p)
        nz += !isZero(kind, dense[size_t(i) * k + 4 * g + p]);
      if (nz > 2)
        return Violation{i, g, nz};
    }
  return std::nullopt;
}

llvm::Expected<Compressed> sparse24::compress(ScalarKind kind,
                                              llvm::ArrayRef<uint32_t> dense,
                                              unsigned rows, unsigned k,
                                              llvm::StringRef name) {
  if (std::optional<Violation> v = findViolation(kind, dense, rows, k))
    return llvm::createStringError(
        llvm::formatv("{5} is not 2:4 sparse: row {0}, group {1} (columns "
                      "{2}-{3}) has {4} non-zeros",
                      v->row, v->group, 4 * v->group,
                      std::min(4 * v->group + 3, k - 1), v->nonzeros, name)
            .str());
  unsigned kc = getCompressedCols(k), words = getMetadataWords(k);
  Compressed out;
  out.values.assign(size_t(rows) * kc, 0);
  out.metadata.assign(size_t(rows) * words, 0);
  for (unsigned i = 0; i < rows; ++i)
    for (unsigned g = 0; g < kc / 2; ++g) {
      unsigned pos[2], n = 0;
      for (unsigned p = 0; p < 4 && n < 2; ++p) {
        unsigned col = 4 * g + p;
        if (col < k && !isZero(kind, dense[size_t(i) * k + col]))
          pos[n++] = p;
      }
      // Fewer than two non-zeros: fill with the lowest free positions, whose
      // stored value is zero.
      for (unsigned p = 0; n < 2; ++p)
        if (n == 0 || pos[0] != p)
          pos[n++] = p;
      if (pos[0] > pos[1])
        std::swap(pos[0], pos[1]);
      for (unsigned s = 0; s < 2; ++s) {
        unsigned col = 4 * g + pos[s];
        out.values[size_t(i) * kc + 2 * g + s] =
            col < k ? dense[size_t(i) * k + col] & mask(kind) : 0;
      }
      out.metadata[size_t(i) * words + g / 8] |=
          (pos[0] | (pos[1] << 2)) << (4 * (g % 8));
    }
  return out;
}

/// Compressed values and metadata of a rows x k matrix have their sizes.
static void assertSizes(llvm::ArrayRef<uint32_t> values,
                        llvm::ArrayRef<uint32_t> metadata, unsigned rows,
                        unsigned k) {
  assert(values.size() == size_t(rows) * getCompressedCols(k) &&
         "values size mismatch");
  assert(metadata.size() == size_t(rows) * getMetadataWords(k) &&
         "metadata size mismatch");
  (void)values, (void)metadata, (void)rows, (void)k;
}

llvm::Error sparse24::checkMetadata(llvm::ArrayRef<uint32_t> metadata,
                                    unsigned rows, unsigned k,
                                    llvm::StringRef name) {
  assert(metadata.size() == size_t(rows) * getMetadataWords(k) &&
         "metadata size mismatch");
  unsigned kc = getCompressedCols(k), groups = kc / 2;
  unsigned words = getMetadataWords(k);
  for (unsigned i = 0; i < rows; ++i) {
    for (unsigned g = 0; g < groups; ++g) {
      unsigned first = getPosition(metadata, k, i, 2 * g);
      unsigned second = getPosition(metadata, k, i, 2 * g + 1);
      if (first >= second)
        return llvm::createStringError(
            llvm::formatv("the metadata of {4} is not canonical 2:4: row "
                          "{0}, group {1} names positions {2} and {3}; the "
                          "first must be smaller",
                          i, g, first, second, name)
                .str());
    }
    // The nibbles of the last word past the last group name no group.
    if (!words)
      continue;
    unsigned used = groups - 8 * (words - 1);
    uint32_t last = metadata[size_t(i) * words + words - 1];
    if (used < 8 && (last >> (4 * used)) != 0)
      return llvm::createStringError(
          llvm::formatv("the metadata of {0} is not canonical 2:4: row {1} "
                        "has bits set past its {2} groups (K = {3}): word "
                        "{4} is {5:x8}, whose top {6} bits must be zero",
                        name, i, groups, k, words - 1, last, 32 - 4 * used)
              .str());
  }
  return llvm::Error::success();
}

llvm::Error sparse24::checkCompressed(ScalarKind kind,
                                      llvm::ArrayRef<uint32_t> values,
                                      llvm::ArrayRef<uint32_t> metadata,
                                      unsigned rows, unsigned k,
                                      llvm::StringRef name) {
  unsigned kc = getCompressedCols(k);
  assertSizes(values, metadata, rows, k);
  if (llvm::Error e = checkMetadata(metadata, rows, k, name))
    return e;
  // The last group of a K that is not a multiple of 4 holds zeros past K.
  if (k % 4)
    for (unsigned i = 0; i < rows; ++i)
      for (unsigned c = kc - 2; c < kc; ++c) {
        unsigned col = 4 * (c / 2) + getPosition(metadata, k, i, c);
        if (col >= k && !isZero(kind, values[size_t(i) * kc + c]))
          return llvm::createStringError(
              llvm::formatv("the compressed values of {3} have a non-zero "
                            "at column {0} of row {1}, past K = {2}",
                            col, i, k, name)
                  .str());
      }
  return llvm::Error::success();
}

std::vector<uint32_t> sparse24::decompress(ScalarKind kind,
                                           llvm::ArrayRef<uint32_t> values,
                                           llvm::ArrayRef<uint32_t> metadata,
                                           unsigned rows, unsigned k) {
  unsigned kc = getCompressedCols(k);
  assertSizes(values, metadata, rows, k);
  std::vector<uint32_t> dense(size_t(rows) * k, 0);
  for (unsigned i = 0; i < rows; ++i)
    for (unsigned c = 0; c < kc; ++c) {
      uint32_t v = values[size_t(i) * kc + c] & mask(kind);
      unsigned col = 4 * (c / 2) + getPosition(metadata, k, i, c);
      if (col < k && !isZero(kind, v))
        dense[size_t(i) * k + col] = v;
    }
  return dense;
}

std::vector<uint32_t> sparse24::prune(ScalarKind kind,
                                      llvm::ArrayRef<uint32_t> dense,
                                      unsigned rows, unsigned k) {
  std::vector<uint32_t> out(dense.begin(), dense.end());
  for (unsigned i = 0; i < rows; ++i)
    for (unsigned g = 0; 4 * g < k; ++g) {
      unsigned n = std::min(4u, k - 4 * g);
      // Indices of the two largest magnitudes; ties keep the lower position.
      unsigned keep[2] = {4, 4};
      for (unsigned p = 0; p < n; ++p) {
        uint64_t m = magnitude(kind, dense[size_t(i) * k + 4 * g + p]);
        auto mag = [&](unsigned q) {
          return q == 4 ? 0 : magnitude(kind, dense[size_t(i) * k + 4 * g + q]);
        };
        if (keep[0] == 4 || m > mag(keep[0])) {
          keep[1] = keep[0];
          keep[0] = p;
        } else if (keep[1] == 4 || m > mag(keep[1])) {
          keep[1] = p;
        }
      }
      for (unsigned p = 0; p < n; ++p)
        if (p != keep[0] && p != keep[1])
          out[size_t(i) * k + 4 * g + p] = 0;
    }
  return out;
}

std::optional<NativeIndexOrder>
sparse24::getNativeIndexOrder(const LaneLayout &index) {
  unsigned fields = index.getNumElems(), lanes = index.getNumLanes();
  if (fields % 2 || index.getReplication() != 1)
    return std::nullopt;
  NativeIndexOrder order;
  order.nibblesPerLane = fields / 2;
  // Each lane: its row and the groups of its nibbles, in field order.
  struct Lane {
    unsigned row;
    llvm::SmallVector<unsigned, 8> groups;
  };
  std::vector<Lane> byLane(lanes);
  unsigned maxCol = 0;
  for (unsigned l = 0; l < lanes; ++l) {
    Lane &lane = byLane[l];
    lane.row = index.apply(l, 0).d0;
    for (unsigned n = 0; n < order.nibblesPerLane; ++n) {
      TileCoord lo = index.apply(l, 2 * n), hi = index.apply(l, 2 * n + 1);
      if (lo.d0 != lane.row || hi.d0 != lane.row || lo.d1 % 2 ||
          hi.d1 != lo.d1 + 1)
        return std::nullopt;
      lane.groups.push_back(lo.d1 / 2);
      maxCol = std::max<unsigned>(maxCol, hi.d1);
    }
  }
  order.groupsPerStep = (maxCol + 1) / 2;
  if (order.groupsPerStep > 8 || 8 % order.groupsPerStep)
    return std::nullopt;
  // A row's lanes, by their first group, one after another; every row the
  // same.
  std::optional<llvm::SmallVector<unsigned, 8>> common;
  for (unsigned l = 0; l < lanes; ++l) {
    llvm::SmallVector<const Lane *, 4> row;
    for (const Lane &other : byLane)
      if (other.row == byLane[l].row)
        row.push_back(&other);
    llvm::sort(row, [](const Lane *x, const Lane *y) {
      return x->groups[0] < y->groups[0];
    });
    llvm::SmallVector<unsigned, 8> at;
    for (const Lane *lane : row)
      at.append(lane->groups.begin(), lane->groups.end());
    if (common && *common != at)
      return std::nullopt;
    common = at;
  }
  order.groupAt = *common;
  // A permutation of the step's groups.
  llvm::SmallVector<unsigned, 8> nativeOf(order.groupsPerStep, ~0u);
  if (order.groupAt.size() != order.groupsPerStep)
    return std::nullopt;
  for (unsigned p = 0; p < order.groupAt.size(); ++p) {
    unsigned g = order.groupAt[p];
    if (g >= order.groupsPerStep || nativeOf[g] != ~0u)
      return std::nullopt;
    nativeOf[g] = p;
  }
  // A lane's first nibble sits at laneScale * (its first group).
  bool scaled = false;
  for (const Lane &lane : byLane) {
    unsigned g = lane.groups[0], p = nativeOf[g];
    if (g == 0) {
      if (p != 0)
        return std::nullopt;
      continue;
    }
    if (p % g || (scaled && p / g != order.laneScale))
      return std::nullopt;
    order.laneScale = p / g;
    scaled = true;
  }
  return order;
}

uint32_t sparse24::toNativeWord(const NativeIndexOrder &order,
                                uint32_t word) {
  uint32_t out = 0;
  unsigned g = order.groupsPerStep;
  for (unsigned step = 0; step < 8 / g; ++step)
    for (unsigned p = 0; p < g; ++p)
      out |= ((word >> (4 * (step * g + order.groupAt[p]))) & 0xfu)
             << (4 * (step * g + p));
  return out;
}
