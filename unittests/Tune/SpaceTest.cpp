//===- SpaceTest.cpp - The tuner's space, neighbours and check shape ------===//

#include "mcore/Target/Catalog.h"
#include "mcore/Tune/Tune.h"

#include "gtest/gtest.h"

#include <set>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tune;

namespace {

runner::MatmulFunction problem(Chip chip, int64_t m, int64_t n, int64_t k,
                               bool sparse = false) {
  runner::MatmulFunction p;
  p.chip = chip;
  p.m = m;
  p.n = n;
  p.k = k;
  p.a = p.b = runner::ElementType::F16;
  p.c = runner::ElementType::F32;
  p.sparseA = sparse;
  return p;
}

TEST(TuneSpace, HeuristicFirstFixedKnobsEverywhereNoDuplicates) {
  MatmulConfigFields fixed;
  fixed.wavesM = 1;
  fixed.stages = 2;
  llvm::Expected<std::vector<MatmulConfigFields>> space =
      enumerateSpace(problem(Chip::gfx1201, 64, 64, 128), fixed);
  ASSERT_TRUE(bool(space)) << llvm::toString(space.takeError());
  ASSERT_GT(space->size(), 4u);
  std::set<std::string> seen;
  for (const MatmulConfigFields &f : *space) {
    EXPECT_TRUE(f.isComplete());
    EXPECT_EQ(*f.wavesM, 1);
    EXPECT_EQ(*f.stages, 2);
    EXPECT_EQ(*f.tileM % *f.wavesM, 0);
    EXPECT_TRUE(
        seen.insert(llvm::formatv("{0}", llvm::json::Value(toJSON(f))).str())
            .second)
        << "a point twice";
  }
  // Both schedules and several K tiles and wave counts along N are searched.
  std::set<int64_t> tileK, wavesN;
  std::set<bool> sched;
  for (const MatmulConfigFields &f : *space) {
    tileK.insert(*f.tileK);
    wavesN.insert(*f.wavesN);
    sched.insert(*f.schedBarriers);
  }
  EXPECT_GT(tileK.size(), 1u);
  EXPECT_GT(wavesN.size(), 1u);
  EXPECT_EQ(sched.size(), 2u);
}

// A block-scaled (MX) problem's space: its kernel's own knobs only
// (lib/Heuristic/Scaled.cpp): block-scaled instructions, one stage, no
// padding or K split, several K tiles and wave tiles.
TEST(TuneSpace, BlockScaledSearchesItsKernelsKnobs) {
  runner::MatmulFunction p = problem(Chip::gfx950, 512, 512, 1024);
  p.a = runner::ElementType::FP4;
  p.b = runner::ElementType::FP8;
  p.blockScaled = true;
  llvm::Expected<std::vector<MatmulConfigFields>> space = enumerateSpace(p);
  ASSERT_TRUE(bool(space)) << llvm::toString(space.takeError());
  ASSERT_GT(space->size(), 4u);
  std::set<int64_t> tileK, tileM;
  std::set<std::string> intrinsics;
  for (const MatmulConfigFields &f : *space) {
    EXPECT_TRUE(f.isComplete());
    const IntrinsicInfo *info = lookupIntrinsic(*f.intrinsicName);
    ASSERT_TRUE(info);
    EXPECT_TRUE(info->isScaled()) << *f.intrinsicName;
    EXPECT_EQ(*f.stages, 1);
    EXPECT_EQ(*f.splitK, 1);
    EXPECT_EQ(*f.ldsPadBytes, 0);
    EXPECT_TRUE(*f.schedBarriers);
    EXPECT_EQ(*f.tileK % info->k, 0);
    tileK.insert(*f.tileK);
    tileM.insert(*f.tileM);
    intrinsics.insert(*f.intrinsicName);
  }
  EXPECT_GT(tileK.size(), 1u);
  EXPECT_GT(tileM.size(), 1u);
  // gfx950's 16x16x128 and 32x32x64 for fp4 x fp8.
  EXPECT_EQ(intrinsics.size(), 2u);
}

TEST(TuneSpace, FixedValueTheConfigurePassRejectsIsAnError) {
  MatmulConfigFields fixed;
  fixed.tileM = 24; // not a multiple of any instruction's M
  llvm::Expected<std::vector<MatmulConfigFields>> space =
      enumerateSpace(problem(Chip::gfx942, 64, 64, 64), fixed);
  ASSERT_FALSE(bool(space));
  EXPECT_NE(llvm::toString(space.takeError()).find("tile 24x"),
            std::string::npos);
}

TEST(TuneSpace, NeighboursDifferInOneKnob) {
  llvm::Expected<std::vector<MatmulConfigFields>> space =
      enumerateSpace(problem(Chip::gfx942, 256, 256, 256));
  ASSERT_TRUE(bool(space)) << llvm::toString(space.takeError());
  std::vector<size_t> next = getNeighbors(*space, 0);
  ASSERT_FALSE(next.empty());
  for (size_t i : next) {
    ASSERT_LT(i, space->size());
    ASSERT_NE(i, 0u);
    const MatmulConfigFields &a = (*space)[0], &b = (*space)[i];
    int differ = (*a.intrinsicName != *b.intrinsicName) +
                 (*a.wavesM != *b.wavesM) + (*a.wavesN != *b.wavesN) +
                 (*a.tileM / *a.wavesM != *b.tileM / *b.wavesM) +
                 (*a.tileN / *a.wavesN != *b.tileN / *b.wavesN) +
                 (*a.tileK != *b.tileK) + (*a.stages != *b.stages) +
                 (*a.schedBarriers != *b.schedBarriers);
    EXPECT_EQ(differ, 1) << i;
  }
}

TEST(TuneCheck, ReducedProblemKeepsTheEdges) {
  MatmulConfigFields knobs;
  knobs.tileM = 128;
  knobs.tileN = 64;
  knobs.tileK = 32;
  runner::MatmulFunction p = problem(Chip::gfx942, 4096 + 17, 4096, 4096 + 8);
  runner::MatmulFunction small = getCheckProblem(p, knobs);
  EXPECT_EQ(small.m, 2 * 128 + 17);
  EXPECT_EQ(small.n, 2 * 64);
  EXPECT_EQ(small.k, 3 * 32 + 8);
  // Never more than the problem.
  runner::MatmulFunction tiny = problem(Chip::gfx942, 100, 32, 64);
  runner::MatmulFunction same = getCheckProblem(tiny, knobs);
  EXPECT_EQ(same.m, 100);
  EXPECT_EQ(same.n, 32);
  EXPECT_EQ(same.k, 64);
}

} // namespace
