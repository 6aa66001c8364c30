//===- SparsityTest.cpp - The canonical 2:4 format ------------------------===//

#include "mcore/Target/Sparsity.h"
#include "mcore/Target/Catalog.h"

#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

#include <random>

using namespace mlir::mcore;
using namespace mlir::mcore::sparse24;

namespace {

/// A random 2:4 rows x k f16 matrix: every group gets a random pattern of
/// 0, 1 or 2 non-zeros at random positions.
std::vector<uint32_t> random24(std::mt19937 &rng, unsigned rows, unsigned k) {
  std::vector<uint32_t> a(size_t(rows) * k, 0);
  for (unsigned i = 0; i < rows; ++i)
    for (unsigned g = 0; 4 * g < k; ++g) {
      unsigned n = rng() % 3;
      for (unsigned t = 0; t < n; ++t) {
        unsigned p = rng() % 4;
        if (4 * g + p < k)
          a[size_t(i) * k + 4 * g + p] = 0x3c00 + (rng() % 0x300); // 1.0..
      }
    }
  return a;
}

TEST(SparsityTest, Sizes) {
  EXPECT_EQ(getCompressedCols(32), 16u);
  EXPECT_EQ(getCompressedCols(50), 26u);
  EXPECT_EQ(getCompressedCols(1), 2u);
  EXPECT_EQ(getMetadataWords(32), 1u);
  EXPECT_EQ(getMetadataWords(33), 2u);
  EXPECT_EQ(getMetadataWords(4096), 128u);
}

TEST(SparsityTest, CompressDecompressRoundTripsRandomPatterns) {
  std::mt19937 rng(1);
  for (unsigned k : {4u, 8u, 32u, 50u, 64u, 100u}) {
    std::vector<uint32_t> a = random24(rng, 17, k);
    llvm::Expected<Compressed> c = compress(ScalarKind::F16, a, 17, k);
    ASSERT_TRUE(bool(c)) << llvm::toString(c.takeError());
    EXPECT_EQ(c->values.size(), 17u * getCompressedCols(k));
    EXPECT_EQ(c->metadata.size(), 17u * getMetadataWords(k));
    EXPECT_EQ(decompress(ScalarKind::F16, c->values, c->metadata, 17, k), a)
        << "k = " << k;
    // Positions within a group are strictly increasing.
    for (unsigned i = 0; i < 17; ++i)
      for (unsigned c2 = 0; c2 < getCompressedCols(k); c2 += 2)
        EXPECT_LT(getPosition(c->metadata, k, i, c2),
                  getPosition(c->metadata, k, i, c2 + 1));
  }
}

TEST(SparsityTest, MetadataBitsAreTheDocumentedNibbles) {
  // Row 0: group 0 keeps positions 1 and 3, group 1 keeps 0 and 2, group 9
  // (word 1) keeps 2 and 3.
  std::vector<uint32_t> a(40, 0);
  a[1] = 0x3c00, a[3] = 0x4000;       // group 0
  a[4] = 0x4200, a[6] = 0x4400;       // group 1
  a[38] = 0x4500, a[39] = 0x4600;     // group 9
  llvm::Expected<Compressed> c = compress(ScalarKind::F16, a, 1, 40);
  ASSERT_TRUE(bool(c));
  ASSERT_EQ(c->metadata.size(), 2u);
  EXPECT_EQ(c->metadata[0] & 0xff, (1u | 3u << 2) | ((0u | 2u << 2) << 4));
  EXPECT_EQ((c->metadata[1] >> 4) & 0xf, 2u | 3u << 2);
  EXPECT_EQ(c->values[0], 0x3c00u);
  EXPECT_EQ(c->values[1], 0x4000u);
  EXPECT_EQ(c->values[2], 0x4200u);
  EXPECT_EQ(c->values[3], 0x4400u);
}

TEST(SparsityTest, ViolationNamesRowAndGroup) {
  std::mt19937 rng(3);
  std::vector<uint32_t> a = random24(rng, 8, 64);
  // Three non-zeros in row 5, group 6 (columns 24-27).
  a[5 * 64 + 24] = a[5 * 64 + 25] = a[5 * 64 + 27] = 0x3c00;
  std::optional<Violation> v = findViolation(ScalarKind::F16, a, 8, 64);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->row, 5u);
  EXPECT_EQ(v->group, 6u);
  llvm::Expected<Compressed> c = compress(ScalarKind::F16, a, 8, 64);
  ASSERT_FALSE(bool(c));
  EXPECT_EQ(llvm::toString(c.takeError()),
            "A is not 2:4 sparse: row 5, group 6 (columns 24-27) has 3 "
            "non-zeros");
}

TEST(SparsityTest, CheckCompressedNamesRowAndGroup) {
  // Whatever compress() makes passes, for random patterns (groups with 0, 1
  // or 2 non-zeros) and a K that is not a multiple of 4.
  std::mt19937 rng(4);
  for (unsigned k : {32u, 50u, 64u}) {
    std::vector<uint32_t> a = random24(rng, 9, k);
    llvm::Expected<Compressed> c = compress(ScalarKind::F16, a, 9, k);
    ASSERT_TRUE(bool(c));
    EXPECT_FALSE(bool(checkCompressed(ScalarKind::F16, c->values,
                                      c->metadata, 9, k)));
    // Row 3, group 1 names positions 2 and 1.
    std::vector<uint32_t> meta = c->metadata;
    unsigned words = getMetadataWords(k);
    meta[3 * words] = (meta[3 * words] & ~0xf0u) | (2u | 1u << 2) << 4;
    EXPECT_EQ(llvm::toString(checkCompressed(ScalarKind::F16, c->values,
                                             meta, 9, k)),
              "the metadata of A is not canonical 2:4: row 3, group 1 names "
              "positions 2 and 1; the first must be smaller");
    // Equal positions are not canonical either (row 8, last group).
    meta = c->metadata;
    unsigned g = getCompressedCols(k) / 2 - 1;
    uint32_t &word = meta[8 * words + g / 8];
    word = (word & ~(0xfu << 4 * (g % 8))) | (1u | 1u << 2) << 4 * (g % 8);
    EXPECT_EQ(llvm::toString(checkCompressed(ScalarKind::F16, c->values,
                                             meta, 9, k)),
              "the metadata of A is not canonical 2:4: row 8, group " +
                  std::to_string(g) + " names positions 1 and 1; the first "
                  "must be smaller");
  }
  // K = 50: the last group covers columns 48-51; a non-zero at position 3
  // (column 51) of row 2 is past K, a zero there is not.
  std::vector<uint32_t> a(3 * 50, 0);
  llvm::Expected<Compressed> c = compress(ScalarKind::F16, a, 3, 50);
  ASSERT_TRUE(bool(c));
  unsigned kc = getCompressedCols(50), words = getMetadataWords(50);
  c->metadata[2 * words + 1] |= (1u | 3u << 2) << 4 * (12 % 8);
  EXPECT_FALSE(
      bool(checkCompressed(ScalarKind::F16, c->values, c->metadata, 3, 50)));
  c->values[2 * kc + 25] = 0x8000; // -0 is a zero
  EXPECT_FALSE(
      bool(checkCompressed(ScalarKind::F16, c->values, c->metadata, 3, 50)));
  c->values[2 * kc + 25] = 0x3c00;
  EXPECT_EQ(llvm::toString(checkCompressed(ScalarKind::F16, c->values,
                                           c->metadata, 3, 50)),
            "the compressed values of A have a non-zero at column 51 of row "
            "2, past K = 50");
}

TEST(SparsityTest, MetadataPastTheLastGroupIsZero) {
  // K = 50: 13 groups, the second word's nibbles 5-7 name none; compress
  // leaves them zero, and checkMetadata refuses anything there. K = 64
  // fills its words: nothing is past.
  std::mt19937 rng(11);
  std::vector<uint32_t> a = random24(rng, 4, 50);
  llvm::Expected<Compressed> c = compress(ScalarKind::F16, a, 4, 50);
  ASSERT_TRUE(bool(c));
  unsigned words = getMetadataWords(50);
  for (unsigned i = 0; i < 4; ++i)
    EXPECT_EQ(c->metadata[i * words + 1] >> 20, 0u);
  EXPECT_FALSE(bool(checkMetadata(c->metadata, 4, 50)));
  c->metadata[3 * words + 1] |= 0x8u << 28;
  EXPECT_EQ(llvm::toString(checkMetadata(c->metadata, 4, 50, "B")),
            llvm::formatv("the metadata of B is not canonical 2:4: row 3 has "
                          "bits set past its 13 groups (K = 50): word 1 is "
                          "{0:x8}, whose top 12 bits must be zero",
                          c->metadata[3 * words + 1])
                .str());
  std::vector<uint32_t> full = random24(rng, 2, 64);
  llvm::Expected<Compressed> f = compress(ScalarKind::F16, full, 2, 64);
  ASSERT_TRUE(bool(f));
  EXPECT_FALSE(bool(checkMetadata(f->metadata, 2, 64)));
}

TEST(SparsityTest, NegativeZeroIsZero) {
  std::vector<uint32_t> a = {0x8000, 0x3c00, 0x8000, 0x4000};
  EXPECT_FALSE(findViolation(ScalarKind::F16, a, 1, 4));
  EXPECT_TRUE(isZero(ScalarKind::BF16, 0x8000));
  EXPECT_FALSE(isZero(ScalarKind::I8, 0x80));
}

TEST(SparsityTest, PruneKeepsTheTwoLargestMagnitudes) {
  // f16: 1.0, -3.0, 2.0, 0.5 -> keep -3.0 and 2.0.
  std::vector<uint32_t> a = {0x3c00, 0xc200, 0x4000, 0x3800};
  EXPECT_EQ(prune(ScalarKind::F16, a, 1, 4),
            (std::vector<uint32_t>{0, 0xc200, 0x4000, 0}));
  // i8: 5, -7, 1, 7 -> keep -7 and 7 (magnitudes, not values).
  std::vector<uint32_t> b = {5, 0xf9, 1, 7};
  EXPECT_EQ(prune(ScalarKind::I8, b, 1, 4),
            (std::vector<uint32_t>{0, 0xf9, 0, 7}));
  // Pruned output is always 2:4.
  std::mt19937 rng(9);
  std::vector<uint32_t> dense(16 * 52);
  for (uint32_t &v : dense)
    v = rng() & 0xffff;
  EXPECT_FALSE(findViolation(ScalarKind::BF16,
                             prune(ScalarKind::BF16, dense, 16, 52), 16, 52));
}

} // namespace

// The instruction-native order: for every sparse instruction of the
// catalog, a lane's index word read from a native word with one shift holds,
// nibble by nibble, the canonical nibbles of its own groups (the index
// layout's fields, in order), for random canonical words.
TEST(SparsityTest, NativeOrderGivesEachLaneItsOwnGroups) {
  std::mt19937 rng(11);
  unsigned withOrder = 0;
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    if (!info.isSparse())
      continue;
    std::optional<NativeIndexOrder> order =
        getNativeIndexOrder(info.index.layout);
    if (!order)
      continue;
    ++withOrder;
    EXPECT_EQ(order->groupsPerStep * 4, info.k) << info.name;
    const LaneLayout &l = info.index.layout;
    for (int trial = 0; trial < 20; ++trial) {
      uint32_t canonical = rng();
      uint32_t native = toNativeWord(*order, canonical);
      for (unsigned step = 0; step < 8 / order->groupsPerStep; ++step) {
        unsigned g0 = step * order->groupsPerStep;
        for (unsigned lane = 0; lane < l.getNumLanes(); ++lane) {
          unsigned first = l.apply(lane, 0).d1 / 2;
          uint32_t word =
              native >> (4 * (g0 + order->laneScale * first));
          for (unsigned n = 0; n < order->nibblesPerLane; ++n) {
            unsigned group = g0 + l.apply(lane, 2 * n).d1 / 2;
            EXPECT_EQ((word >> (4 * n)) & 0xf, (canonical >> (4 * group)) & 0xf)
                << info.name << " lane " << lane << " nibble " << n;
          }
        }
      }
    }
  }
  // SWMMAC (gfx12) and SMFMAC (gfx942, gfx950) with K steps of one word.
  EXPECT_GE(withOrder, 10u);
}

// gfx1201's SWMMAC 16x16x32 f16: lanes 0-15 hold groups 0, 1, 4, 5 of the
// step, lanes 16-31 groups 2, 3, 6, 7 (a byte permutation).
TEST(SparsityTest, NativeOrderOfSwmmacF16) {
  const IntrinsicInfo *info = nullptr;
  for (const IntrinsicInfo &i : getAllIntrinsics())
    if (llvm::StringRef(i.name) == "swmmac_f32_16x16x32_f16_w32")
      info = &i;
  ASSERT_TRUE(info);
  std::optional<NativeIndexOrder> order =
      getNativeIndexOrder(info->index.layout);
  ASSERT_TRUE(order);
  EXPECT_EQ(order->groupAt, (llvm::SmallVector<unsigned, 8>{0, 1, 4, 5, 2, 3, 6, 7}));
  EXPECT_EQ(order->nibblesPerLane, 4u);
  EXPECT_EQ(order->laneScale, 2u);
  EXPECT_EQ(toNativeWord(*order, 0x76543210u), 0x76325410u);
}
