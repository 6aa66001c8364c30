//===- ChipTest.cpp - The chip table --------------------------------------===//

#include "mcore/Target/Chip.h"

#include "gtest/gtest.h"

#include <algorithm>

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
    EXPECT_EQ(info.hasSwmmac, info.family == ChipFamily::RDNA4 ||
                                  info.family == ChipFamily::GFX1250)
        << info.name;
  }
}

// gfx1250's facts as LLVM 22 gives them (docs/Performance.md, "gfx1250"):
// llc-22 -mcpu=gfx1250 rejects 327684 bytes of LDS ("exceeds limit
// (327680)") and reports 16, 12, 10, 8, 7, 5 and 4 waves for 64, 65, 96,
// 128, 129, 192 and 256 VGPRs, i.e. a 1024-register file in granules of 16
// and 16 wave slots.
TEST(ChipTest, Gfx1250FactsFromLlvm22) {
  const ChipInfo &info = getChipInfo(Chip::gfx1250);
  EXPECT_EQ(info.family, ChipFamily::GFX1250);
  EXPECT_EQ(getChipFamilyName(info.family), "GFX12.5");
  EXPECT_EQ(info.waveSize, 32u);
  EXPECT_EQ(info.ldsBytes, 327680u);
  EXPECT_EQ(info.fp8, Fp8Format::OCP);
  EXPECT_EQ(info.major * 100 + info.minor * 10 + info.stepping, 1250u);
  const ChipOccupancyInfo &occ = getChipOccupancyInfo(Chip::gfx1250);
  EXPECT_EQ(occ.cusPerWgp, 0u);
  EXPECT_EQ(occ.ldsAllocGranule, 2048u);
  auto waves = [&](unsigned vgprs) {
    unsigned granules = (vgprs + occ.vgprAllocGranule - 1) /
                        occ.vgprAllocGranule;
    return std::min(occ.maxWavesPerSimd,
                    occ.vgprsPerSimd / (granules * occ.vgprAllocGranule));
  };
  const unsigned llc[][2] = {{64, 16}, {65, 12}, {96, 10}, {128, 8},
                             {129, 7}, {192, 5}, {256, 4}};
  for (const auto &p : llc)
    EXPECT_EQ(waves(p[0]), p[1]) << p[0] << " VGPRs";
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
    // gfx1250 has no WGP mode (llc-22 emits no workgroup_processor_mode);
    // its unit is assumed to be four SIMD32s (docs/Performance.md).
    bool wgp = !cdna && info.family != ChipFamily::GFX1250;
    EXPECT_EQ(occ.simdsPerCU, wgp ? 2u : 4u) << info.name;
    EXPECT_EQ(occ.cusPerWgp, wgp ? 2u : 0u) << info.name;
    EXPECT_EQ(occ.sgprsLimitWaves, cdna) << info.name;
    EXPECT_EQ(occ.vgprsPerSimd % occ.vgprAllocGranule, 0u) << info.name;
  }
}
