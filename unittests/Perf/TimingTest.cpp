//===- TimingTest.cpp - The overlap model ---------------------------------===//

#include "mcore/Perf/Timing.h"

#include "gtest/gtest.h"

using namespace mlir::mcore;
using namespace mlir::mcore::perf;

namespace {

UnitCycles busy(double matrix, double valu) {
  UnitCycles b{};
  b[unsigned(Unit::Matrix)] = matrix;
  b[unsigned(Unit::VALU)] = valu;
  return b;
}

TEST(TimingTest, WavesFillTheMatrixUnitUntilItIsBusy) {
  LoopTiming t;
  t.cycles = 1000;
  t.busy = busy(512, 200);
  t.segments = {{1000, t.busy}};
  // T(W) = max(1000, W * 512).
  EXPECT_DOUBLE_EQ(getSimdIterationCycles(t, 1, 1), 1000);
  EXPECT_DOUBLE_EQ(getSimdIterationCycles(t, 2, 1), 1024);
  EXPECT_DOUBLE_EQ(getSimdIterationCycles(t, 4, 1), 2048);
  // The busiest unit need not be the matrix unit.
  t.busy = busy(100, 400);
  t.segments = {{1000, t.busy}};
  EXPECT_DOUBLE_EQ(getSimdIterationCycles(t, 3, 1), 1200);
}

TEST(TimingTest, WavesOfOneWorkgroupMeetAtBarriers) {
  LoopTiming t;
  t.cycles = 1000;
  t.busy = busy(512, 100);
  t.segments = {{300, busy(0, 100)}, {700, busy(512, 0)}};
  // Two waves of one work-group per SIMD: each segment takes
  // max(t_s, 2 * busiest): max(300, 200) + max(700, 1024) = 1324.
  EXPECT_DOUBLE_EQ(getSimdIterationCycles(t, 2, 2), 1324);
  // The same two waves from two work-groups do not meet: max(1000, 1024).
  EXPECT_DOUBLE_EQ(getSimdIterationCycles(t, 2, 1), 1024);
  // Four waves, two work-groups of two: max(1324, 4 * 512).
  EXPECT_DOUBLE_EQ(getSimdIterationCycles(t, 4, 2), 2048);
  // More waves per work-group than per SIMD is clamped.
  EXPECT_DOUBLE_EQ(getSimdIterationCycles(t, 1, 2), 1000);
}

} // namespace
