//===- OccupancyTest.cpp - Waves per SIMD from a kernel's resources -------===//
//
// Each expectation is worked out by hand from the formulas of
// docs/Performance.md ("Occupancy"); where LLVM printed its own figure for a
// kernel ("; Occupancy: N" in llc's or Triton's assembly), the test says so.
//
//===----------------------------------------------------------------------===//

#include "mcore/Perf/Model/Occupancy.h"

#include "gtest/gtest.h"

using namespace mlir::mcore;
using namespace mlir::mcore::perf;

namespace {

OccupancyInput input(unsigned vgprs, unsigned lds, unsigned threads,
                     unsigned waveSize, unsigned sgprs = 24) {
  OccupancyInput in;
  in.vgprs = vgprs;
  in.sgprs = sgprs;
  in.ldsBytes = lds;
  in.workgroupSize = threads;
  in.waveSize = waveSize;
  return in;
}

TEST(OccupancyTest, Gfx942UnifiedRegisterFile) {
  // 126 VGPRs round to 128 (granule 8): 512 / 128 = 4 waves per SIMD; a
  // 256-thread work-group is one wave per SIMD, so 4 work-groups by VGPRs;
  // no LDS: 4 work-groups, 4 waves per SIMD.
  Occupancy o = computeOccupancy(Chip::gfx942, input(126, 0, 256, 64));
  EXPECT_EQ(o.vgprsAllocated, 128u);
  EXPECT_EQ(o.vgprWavesPerSimd, 4u);
  EXPECT_EQ(o.byVgprs, 4u);
  EXPECT_EQ(o.wavesPerSimd, 4u);
  EXPECT_EQ(o.limiters, std::vector<std::string>{"vgprs"});

  // LLVM 22's descriptor for mcore's gfx942 kernels says 257 (it keeps the
  // whole file when LDS allows one work-group anyway): 264 > 256, 1 wave.
  EXPECT_EQ(computeOccupancy(Chip::gfx942, input(257, 0, 256, 64))
                .vgprWavesPerSimd,
            1u);

  // VGPRs + AGPRs: Triton's t128x128k32w4 for gfx942 has 154 VGPRs and 64
  // AGPRs, accum_offset 156: 220 round to 224, 512 / 224 = 2 ("; Occupancy:
  // 2" in its assembly).
  EXPECT_EQ(computeOccupancy(Chip::gfx942, input(220, 0, 256, 64))
                .vgprWavesPerSimd,
            2u);
  // Triton's default config: 256 + 72 = 328, 512 / 328 = 1 ("; Occupancy:
  // 1").
  EXPECT_EQ(computeOccupancy(Chip::gfx942, input(328, 0, 256, 64))
                .vgprWavesPerSimd,
            1u);
  // Few registers: capped by the 8 wave slots of gfx90a+.
  EXPECT_EQ(computeOccupancy(Chip::gfx942, input(8, 0, 256, 64))
                .vgprWavesPerSimd,
            8u);
}

TEST(OccupancyTest, LdsPerCU) {
  // 40 KiB of LDS: one work-group in gfx942's 64 KiB, four in gfx950's
  // 160 KiB.
  EXPECT_EQ(computeOccupancy(Chip::gfx942, input(64, 40960, 256, 64)).byLds,
            1u);
  EXPECT_EQ(computeOccupancy(Chip::gfx950, input(64, 40960, 256, 64)).byLds,
            4u);
  // gfx950 allocates LDS in 1280-byte blocks: 59392 B is 46.4 blocks, 47
  // allocated = 60160 B; 163840 / 60160 = 2.
  Occupancy o = computeOccupancy(Chip::gfx950, input(64, 59392, 256, 64));
  EXPECT_EQ(o.ldsAllocated, 60160u);
  EXPECT_EQ(o.byLds, 2u);
  // gfx942 in 512-byte blocks: 33000 B -> 33280 B; 65536 / 33280 = 1.
  o = computeOccupancy(Chip::gfx942, input(64, 33000, 256, 64));
  EXPECT_EQ(o.ldsAllocated, 33280u);
  EXPECT_EQ(o.byLds, 1u);
  EXPECT_EQ(o.limiters, std::vector<std::string>{"lds"});
  EXPECT_EQ(o.wavesPerSimd, 1u);
}

TEST(OccupancyTest, RdnaWorkgroupProcessor) {
  // gfx1201, WGP mode: 4 SIMD32s and 128 KiB of LDS per WGP. mcore's 2:4
  // kernel: 33792 B of LDS -> 3 work-groups; 4 waves of 32 per work-group,
  // one per SIMD: 3 waves per SIMD. 241 VGPRs round to 264 (granule 24):
  // 1536 / 264 = 5 waves.
  Occupancy o = computeOccupancy(Chip::gfx1201, input(241, 33792, 128, 32));
  EXPECT_EQ(o.cusPerUnit, 2u);
  EXPECT_EQ(o.simdsPerUnit, 4u);
  EXPECT_EQ(o.vgprsAllocated, 264u);
  EXPECT_EQ(o.vgprWavesPerSimd, 5u);
  EXPECT_EQ(o.byLds, 3u);
  EXPECT_EQ(o.byBarriers, 32u);
  EXPECT_EQ(o.workgroupsPerUnit, 3u);
  EXPECT_EQ(o.wavesPerSimd, 3u);
  // Triton's gfx1201 kernels: 256 VGPRs -> 264 -> 5 ("; Occupancy: 5").
  EXPECT_EQ(computeOccupancy(Chip::gfx1201, input(256, 0, 128, 32))
                .vgprWavesPerSimd,
            5u);

  // CU mode: 2 SIMDs and 64 KiB; one such work-group fits, with 2 waves per
  // SIMD.
  OccupancyInput cu = input(241, 33792, 128, 32);
  cu.wgpMode = false;
  o = computeOccupancy(Chip::gfx1201, cu);
  EXPECT_EQ(o.cusPerUnit, 1u);
  EXPECT_EQ(o.byLds, 1u);
  EXPECT_EQ(o.wavesPerSimd, 2u);

  // gfx1102 has 1024 VGPRs per SIMD in granules of 16: 241 -> 256 -> 4.
  EXPECT_EQ(computeOccupancy(Chip::gfx1102, input(241, 0, 128, 32))
                .vgprWavesPerSimd,
            4u);
}

TEST(OccupancyTest, WaveSlotsAndBarriers) {
  // One-wave work-groups use no barrier: gfx942 holds 8 x 4 = 32 of them.
  Occupancy o = computeOccupancy(Chip::gfx942, input(8, 0, 64, 64));
  EXPECT_EQ(o.byBarriers, kUnlimited);
  EXPECT_EQ(o.byWaveSlots, 32u);
  EXPECT_EQ(o.workgroupsPerUnit, 32u);
  EXPECT_EQ(o.wavesPerSimd, 8u);
  // Two-wave work-groups: 16 barriers per CU allow 16 of them (32 waves).
  o = computeOccupancy(Chip::gfx942, input(8, 0, 128, 64));
  EXPECT_EQ(o.byBarriers, 16u);
  EXPECT_EQ(o.workgroupsPerUnit, 16u);
  EXPECT_EQ(o.wavesPerSimd, 8u);
  // 8 waves of 64 (512 threads): 2 per SIMD per work-group.
  o = computeOccupancy(Chip::gfx942, input(256, 32768, 512, 64));
  EXPECT_EQ(o.wavesPerSimdPerWorkgroup, 2u);
  EXPECT_EQ(o.byVgprs, 1u); // 2 waves per SIMD by VGPRs
  EXPECT_EQ(o.wavesPerSimd, 2u);
}

TEST(OccupancyTest, SgprsOnGfx9Only) {
  // LLVM's getOccupancyWithNumSGPRs for gfx8/gfx9.
  EXPECT_EQ(getWavesWithSgprs(80), 10u);
  EXPECT_EQ(getWavesWithSgprs(88), 9u);
  EXPECT_EQ(getWavesWithSgprs(100), 8u);
  EXPECT_EQ(getWavesWithSgprs(102), 7u);
  // 102 SGPRs: 7 waves per SIMD on gfx942, 7 work-groups of one wave per
  // SIMD; on gfx1201 SGPRs do not limit.
  Occupancy o = computeOccupancy(Chip::gfx942, input(8, 0, 256, 64, 102));
  EXPECT_EQ(o.sgprWavesPerSimd, 7u);
  EXPECT_EQ(o.bySgprs, 7u);
  EXPECT_EQ(o.wavesPerSimd, 7u);
  o = computeOccupancy(Chip::gfx1201, input(8, 0, 128, 32, 102));
  EXPECT_EQ(o.bySgprs, kUnlimited);
}

TEST(OccupancyTest, Gfx908SeparateFiles) {
  // gfx908: 256 VGPRs and 256 AGPRs apart, granule 4, 10 wave slots; the
  // descriptor counts max(VGPRs, AGPRs). 64 -> 256 / 64 = 4.
  EXPECT_EQ(computeOccupancy(Chip::gfx908, input(64, 0, 256, 64))
                .vgprWavesPerSimd,
            4u);
  EXPECT_EQ(computeOccupancy(Chip::gfx908, input(20, 0, 256, 64))
                .vgprWavesPerSimd,
            10u);
}

TEST(OccupancyTest, TooLargeToRun) {
  // More LDS than the CU has: nothing runs.
  Occupancy o = computeOccupancy(Chip::gfx942, input(64, 70000, 256, 64));
  EXPECT_EQ(o.byLds, 0u);
  EXPECT_EQ(o.workgroupsPerUnit, 0u);
  EXPECT_EQ(o.wavesPerSimd, 0u);
}

} // namespace
