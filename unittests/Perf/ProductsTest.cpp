//===- ProductsTest.cpp - Named products against their vendors' peaks -----===//

#include "mcore/Perf/Model/Products.h"

#include "mcore/Target/Catalog.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace mlir::mcore;
using namespace mlir::mcore::perf;

// The model's peak of a product is CUs x SIMDs per CU x the catalog's ops
// per cycle of its best dense f16 instruction x the peak clock. AMD publishes
// the dense f16 peak of each product separately: the two must agree, which
// checks the CU count, the clock, the SIMDs per CU and the catalog's cycles
// against each other.
TEST(ProductsTest, PeaksMatchThePublishedF16Peaks) {
  ASSERT_FALSE(getAllProducts().empty());
  for (const ProductInfo &p : getAllProducts()) {
    auto candidates = selectIntrinsics(
        p.chip, MmaRequest{ScalarKind::F16, ScalarKind::F16, ScalarKind::F32});
    ASSERT_FALSE(candidates.empty()) << p.name;
    double peak = double(p.computeUnits) *
                  getChipOccupancyInfo(p.chip).simdsPerCU *
                  candidates.front()->getOpsPerCycle(p.chip) *
                  p.peakClockMHz * 1e6 / 1e12;
    EXPECT_NEAR(peak, p.publishedF16TFlops, 0.005 * p.publishedF16TFlops)
        << p.name << " (" << candidates.front()->name << ")";
  }
}

TEST(ProductsTest, Lookup) {
  EXPECT_EQ(lookupProduct("mi300x")->chip, Chip::gfx942);
  EXPECT_EQ(lookupProduct("MI355X")->chip, Chip::gfx950);
  EXPECT_EQ(lookupProduct("RX 9070 XT")->chip, Chip::gfx1201);
  EXPECT_EQ(lookupProduct("rx7900xtx")->chip, Chip::gfx1100);
  EXPECT_EQ(lookupProduct("h100"), nullptr);
  EXPECT_EQ(getProductsFor(Chip::gfx942).size(), 1u);
  EXPECT_TRUE(getProductsFor(Chip::gfx908).empty());
  EXPECT_EQ(getProductList(), "mi300x, mi355x, rx9070xt, rx7900xtx");
}
