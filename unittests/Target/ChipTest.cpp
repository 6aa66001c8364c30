//===- ChipTest.cpp - The chip table --------------------------------------===//

#include "mcore/Target/Chip.h"

#include "gtest/gtest.h"

using namespace mlir::mcore;

TEST(ChipTest, TableIsInEnumOrderAndNamesRoundTrip) {
  ASSERT_EQ(getAllChips().size(), kNumChips);
  for (unsigned i = 0; i < kNumChips; ++i) {
    const ChipInfo &info = getAllChips()[i];
    EXPECT_EQ(unsigned(info.chip), i);
    EXPECT_EQ(parseChip(info.name), info.chip);
  }
  EXPECT_EQ(parseChip("gfx1234"), std::nullopt);
  EXPECT_EQ(parseChip(""), std::nullopt);
}

TEST(ChipTest, WaveSizeAndFamiliesFollowFromTheChip) {
  for (const ChipInfo &info : getAllChips()) {
    bool cdna = info.family == ChipFamily::CDNA1 ||
                info.family == ChipFamily::CDNA2 ||
                info.family == ChipFamily::CDNA3 ||
                info.family == ChipFamily::CDNA4;
    EXPECT_EQ(info.waveSize, cdna ? 64u : 32u) << info.name;
    EXPECT_EQ(info.hasMfma, cdna) << info.name;
    EXPECT_EQ(info.hasWmma, !cdna) << info.name;
    // SMFMAC first appeared on CDNA3; gfx908/gfx90a do not have it (LLVM 22
    // cannot select llvm.amdgcn.smfmac.* for them).
    EXPECT_EQ(info.hasSmfmac, info.family == ChipFamily::CDNA3 ||
                                  info.family == ChipFamily::CDNA4)
        << info.name;
    EXPECT_EQ(info.hasSwmmac, info.family == ChipFamily::RDNA4) << info.name;
  }
}

TEST(ChipTest, Fp8Encodings) {
  EXPECT_EQ(getChipInfo(Chip::gfx942).fp8, Fp8Format::FNUZ);
  EXPECT_EQ(getChipInfo(Chip::gfx950).fp8, Fp8Format::OCP);
  EXPECT_EQ(getChipInfo(Chip::gfx1201).fp8, Fp8Format::OCP);
  EXPECT_EQ(getChipInfo(Chip::gfx1100).fp8, Fp8Format::None);
  EXPECT_EQ(getChipInfo(Chip::gfx90a).fp8, Fp8Format::None);
}

TEST(ChipTest, ChipSetDescribe) {
  EXPECT_EQ(ChipSet({Chip::gfx942, Chip::gfx950}).describe(),
            "gfx942 or gfx950");
  EXPECT_EQ(ChipSet({Chip::gfx908, Chip::gfx90a, Chip::gfx942}).describe(),
            "gfx908, gfx90a or gfx942");
  EXPECT_EQ(ChipSet({Chip::gfx1201}).describe(), "gfx1201");
  EXPECT_EQ(ChipSet().describe(), "no chip");
}

TEST(ChipTest, SupportedListNamesEveryChip) {
  std::string list = getSupportedChipList();
  for (const ChipInfo &info : getAllChips())
    EXPECT_NE(list.find(info.name), std::string::npos) << info.name;
}

TEST(ChipTest, OccupancyFactsAgreeWithTheChipTable) {
  for (const ChipInfo &info : getAllChips()) {
    const ChipOccupancyInfo &occ = getChipOccupancyInfo(info.chip);
    bool cdna = info.hasMfma;
    // A work-group's LDS fits in one CU's.
    EXPECT_GE(occ.ldsPerCU, info.ldsBytes) << info.name;
    // The file holds the registers one wave may address (VGPRs and AGPRs on
    // gfx90a+, whose file is 512 per lane; gfx908 keeps AGPRs apart).
    unsigned addressable = occ.vgprsPerSimd == 512
                               ? info.maxVgprs + info.maxAgprs
                               : info.maxVgprs;
    EXPECT_GE(occ.vgprsPerSimd, addressable) << info.name;
    EXPECT_EQ(occ.simdsPerCU, cdna ? 4u : 2u) << info.name;
    EXPECT_EQ(occ.cusPerWgp, cdna ? 0u : 2u) << info.name;
    EXPECT_EQ(occ.sgprsLimitWaves, cdna) << info.name;
    EXPECT_EQ(occ.vgprsPerSimd % occ.vgprAllocGranule, 0u) << info.name;
  }
}
