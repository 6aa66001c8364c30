//===- Model.cpp - Whole-problem figures from a kernel's figures ----------===//
//
// The analytic model's formulas (mcore/Perf/Model/Model.h): a kernel on a
// product (rounds of work-groups, the overlap model, the clock, DRAM and L2
// traffic, the launch), and a configuration taken as matrix-bound.
//
//===----------------------------------------------------------------------===//

#include "mcore/Perf/Model/Model.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

unsigned mlir::mcore::perf::getElementBytes(ScalarKind kind) {
  return std::max(1u, unsigned(divideCeil(getBitWidth(kind), 8)));
}

double mlir::mcore::perf::getL2Bytes(double workgroups, double tileM,
                                     double tileN, double k, double aBytes,
                                     double bBytes, bool sparseA,
                                     double written) {
  double aPanel =
      sparseA ? tileM * k / 2 * aBytes + tileM * k / 8 : tileM * k * aBytes;
  return workgroups * (aPanel + k * tileN * bBytes) + written;
}

/// The clock (MHz) the whole-GPU figures of `k` on `product` take.
static double clockOf(const KernelFigures &k, const ProductInfo &product,
                      const ProductOptions &options) {
  if (options.clockMHz)
    return *options.clockMHz;
  if (options.peakClock || !k.dominant)
    return product.peakClockMHz;
  return getSustainedClockMHz(product, k.dominant->a.kind);
}

ProductPrediction
mlir::mcore::perf::predictProduct(const KernelFigures &k,
                                  const ProductInfo &product,
                                  const ProductOptions &options) {
  ProductPrediction p;
  p.product = &product;
  const Occupancy &o = k.occupancy;
  p.units = product.computeUnits / o.cusPerUnit;
  p.slots = p.units * o.workgroupsPerUnit;
  p.workgroups = k.workgroups;
  p.fullRounds = p.slots ? k.workgroups / p.slots : 0;
  p.lastRoundWorkgroups = p.slots ? k.workgroups % p.slots : 0;
  auto roundClocks = [&](unsigned wavesPerSimd) {
    double t = getSimdIterationCycles(k.timing, wavesPerSimd,
                                      o.wavesPerSimdPerWorkgroup);
    return k.outsideCycles + double(k.iterations) * t;
  };
  p.clocks = double(p.fullRounds) * roundClocks(o.wavesPerSimd);
  if (p.lastRoundWorkgroups) {
    int64_t perUnit = divideCeil(p.lastRoundWorkgroups, int64_t(p.units));
    p.lastRoundWavesPerSimd = unsigned(divideCeil(
        perUnit * o.wavesPerWorkgroup, int64_t(o.simdsPerUnit)));
    p.clocks += roundClocks(p.lastRoundWavesPerSimd);
  }
  p.clockMHz = clockOf(k, product, options);
  p.launchSeconds =
      options.launchOverheadUs.value_or(product.launchOverheadUs) * 1e-6;
  // The time at a clock: the compute time, or the DRAM or L2 traffic (L2
  // moves bytes per clock) if longer.
  auto timeAt = [&](double hz, double &compute, double &l2) {
    compute = p.clocks / hz;
    l2 = product.l2BytesPerClock > 0
             ? k.l2Bytes / (product.l2BytesPerClock * hz)
             : 0;
    return std::max({compute, k.bytes / (product.memoryBandwidthGBs * 1e9),
                     l2});
  };
  double hz = p.clockMHz * 1e6;
  p.memorySeconds = k.bytes / (product.memoryBandwidthGBs * 1e9);
  p.seconds = p.launchSeconds + timeAt(hz, p.computeSeconds, p.l2Seconds);
  p.memoryBound = p.memorySeconds > p.computeSeconds &&
                  p.memorySeconds >= p.l2Seconds;
  p.l2Bound = !p.memoryBound && p.l2Seconds > p.computeSeconds;
  p.tflops = p.seconds > 0 ? k.flops / p.seconds / 1e12 : 0;
  double peakCompute, peakL2;
  p.peakClockSeconds =
      timeAt(product.peakClockMHz * 1e6, peakCompute, peakL2);
  p.peakClockTflops =
      p.peakClockSeconds > 0 ? k.flops / p.peakClockSeconds / 1e12 : 0;
  if (k.dominant) {
    const ChipOccupancyInfo &occ = getChipOccupancyInfo(product.chip);
    double perClock = double(product.computeUnits) * occ.simdsPerCU *
                      k.dominant->getOpsPerCycle(product.chip) / 1e12;
    p.peakTflops = perClock * product.peakClockMHz * 1e6;
    p.clockPeakTflops = perClock * hz;
    p.utilization = p.clockPeakTflops > 0 ? p.tflops / p.clockPeakTflops : 0;
  }
  return p;
}

KernelFigures mlir::mcore::perf::predictConfig(const MatmulProblem &problem,
                                               const ConfigShape &in) {
  KernelFigures k;
  k.chip = problem.chip;
  const IntrinsicInfo &intr = *in.intrinsic;
  const ChipInfo &chipInfo = getChipInfo(problem.chip);
  OccupancyInput &occ = k.occupancyInput;
  occ.vgprs = in.vgprs;
  occ.ldsBytes = in.ldsBytes;
  occ.waveSize = chipInfo.waveSize;
  occ.workgroupSize = in.wavesPerWorkgroup * chipInfo.waveSize;
  k.occupancy = computeOccupancy(problem.chip, occ);
  k.hasMatrix = true;
  k.dominant = &intr;
  // One wave's share of the tile's instructions per K step.
  double instructions = double(in.tile.m / intr.m) * double(in.tile.n / intr.n) *
                        double(in.tile.k / intr.k) /
                        double(in.wavesPerWorkgroup);
  k.matrixCycles = instructions * intr.getCycles(problem.chip);
  k.opsPerWaveIteration = instructions * intr.ops;
  k.timing.cycles = k.matrixCycles;
  k.timing.busy[unsigned(Unit::Matrix)] = k.matrixCycles;
  k.simdCycles = getSimdIterationCycles(k.timing, k.occupancy.wavesPerSimd,
                                        k.occupancy.wavesPerSimdPerWorkgroup);
  std::array<int64_t, 4> sizes = problem.getSizes();
  int64_t batches = sizes[0];
  k.hasProblem = true;
  k.problem = {sizes[1], sizes[2], sizes[3]};
  k.tile = in.tile;
  k.kStep = double(in.tile.k);
  k.iterations = divideCeil(k.problem.k, in.tile.k);
  k.workgroups = batches * divideCeil(k.problem.m, in.tile.m) *
                 divideCeil(k.problem.n, in.tile.n);
  double m = double(k.problem.m), n = double(k.problem.n),
         kk = double(k.problem.k), batch = double(batches);
  k.flops = 2.0 * m * n * kk * batch;
  double a = getElementBytes(intr.a.kind), b = getElementBytes(intr.b.kind),
         c = getElementBytes(intr.c.kind);
  // 2:4: half the values and 4 bits of metadata per group of four.
  auto operand = [&](double rows, double elem, bool sparse, bool shared) {
    double bytes = sparse ? rows * kk / 2 * elem + rows * kk / 8
                          : rows * kk * elem;
    return bytes * (shared ? 1 : batch);
  };
  k.bytes = operand(m, a, problem.sparseA, problem.sharedA) +
            operand(n, b, problem.sparseB, problem.sharedB) +
            batch * m * n * c * 2;
  // A compressed B is the swapped form's A (the panel of N x K).
  k.l2Bytes = problem.sparseB
                  ? getL2Bytes(double(k.workgroups), double(in.tile.n),
                               double(in.tile.m), kk, b, a, true,
                               batch * m * n * c * 2)
                  : getL2Bytes(double(k.workgroups), double(in.tile.m),
                               double(in.tile.n), kk, a, b, problem.sparseA,
                               batch * m * n * c * 2);
  if (k.occupancy.workgroupsPerUnit == 0)
    return k;
  ProductOptions options;
  for (const ProductInfo *p : getProductsFor(problem.chip))
    k.products.push_back(predictProduct(k, *p, options));
  return k;
}
