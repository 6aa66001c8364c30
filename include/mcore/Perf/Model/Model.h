//===- Model.h - The analytic performance model -----------------*- C++ -*-===//
//
// The performance model's formulas without any code: a kernel's occupancy
// (Occupancy.h), its loop's cycles and the overlap of waves
// (LoopTiming.h), the products it runs on (Products.h), and from these the
// whole problem's time, TFLOP/s and memory roofline on a product
// (predictProduct). predictConfig applies them to a configuration before
// any code exists, with its loop taken as matrix-bound: what the
// configuration heuristic (mcore/Heuristic) compares. The ISA predictor
// (mcore/Perf/Perf.h) measures the same figures from a kernel's assembly.
// No AMD GPU ran anything: every figure is *predicted*
// (docs/Performance.md).
//
// This library is below the dialect: it knows chips and the instruction
// catalog (lib/Target), no MLIR, no assembly and no llvm-mca.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_PERF_MODEL_MODEL_H
#define MCORE_PERF_MODEL_MODEL_H

#include "mcore/Perf/Model/LoopTiming.h"
#include "mcore/Perf/Model/Occupancy.h"
#include "mcore/Perf/Model/Products.h"
#include "mcore/Target/Catalog.h"
#include "mcore/Target/MatmulProblem.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace mlir::mcore::perf {

/// C (M x N) += A (M x K) * B (K x N).
struct Problem {
  int64_t m = 0, n = 0, k = 0;
  bool isSet() const { return m > 0 && n > 0 && k > 0; }
};

/// A work-group's tile of C, and its K step (0: derived from the loop).
struct Tile {
  int64_t m = 0, n = 0, k = 0;
};

/// Bytes one element of `kind` takes in memory (a byte for i4).
unsigned getElementBytes(ScalarKind kind);

/// How the whole-GPU figures are clocked and what a launch adds.
struct ProductOptions {
  /// The clock of the whole-GPU figures: by default the product's clock
  /// under a matrix kernel's load (getSustainedClockMHz); `peakClock` takes
  /// the product's peak clock, `clockMHz` a given one.
  bool peakClock = false;
  std::optional<double> clockMHz;
  /// Time each kernel's launch adds (us); default: the product's
  /// (ProductInfo::launchOverheadUs).
  std::optional<double> launchOverheadUs;
};

struct ProductPrediction {
  const ProductInfo *product = nullptr;
  unsigned units = 0;        ///< CUs, or WGPs in WGP mode
  unsigned slots = 0;        ///< work-groups the whole GPU holds at once
  int64_t workgroups = 0;
  int64_t fullRounds = 0;    ///< rounds with every slot busy
  int64_t lastRoundWorkgroups = 0;
  unsigned lastRoundWavesPerSimd = 0;
  double clocks = 0;         ///< predicted compute time, clock cycles
  double clockMHz = 0;       ///< the clock `clocks` run at
  double launchSeconds = 0;  ///< the launch overhead, in `seconds`
  /// launch + max(compute, memory, L2): the predicted time of the kernel.
  double computeSeconds = 0, memorySeconds = 0, seconds = 0;
  double l2Seconds = 0;      ///< L2 to CU traffic at the L2's bandwidth (0:
                             ///< not modelled for the product)
  double tflops = 0;         ///< 2MNK / seconds (dense-equivalent for 2:4)
  double peakTflops = 0;     ///< the instruction's peak on the product, at
                             ///< its peak clock (the vendor's figure)
  double clockPeakTflops = 0; ///< the instruction's peak at `clockMHz`
  double utilization = 0;    ///< tflops / clockPeakTflops
  /// The same kernel at the product's peak clock without launch overhead:
  /// what the model predicted before it was calibrated (docs/
  /// Calibration.md), an upper bound no measurement has reached.
  double peakClockSeconds = 0, peakClockTflops = 0;
  bool memoryBound = false;
  bool l2Bound = false;
};

/// A kernel's figures as the whole-problem formulas read them: measured from
/// its code by the ISA predictor (KernelPrediction, mcore/Perf/Perf.h), or
/// assumed of a configuration by predictConfig.
struct KernelFigures {
  Chip chip = Chip::gfx942;
  OccupancyInput occupancyInput;
  Occupancy occupancy;
  bool hasMatrix = false;
  const IntrinsicInfo *dominant = nullptr; ///< the busiest matrix instruction
  LoopTiming timing;          ///< the main loop, one wave
  double outsideCycles = 0;   ///< the rest of the kernel, once, one wave
  double matrixCycles = 0;    ///< matrix unit busy per wave per iteration
  double opsPerWaveIteration = 0;
  double simdCycles = 0;      ///< T(W): one iteration of each of W waves
  // The problem.
  bool hasProblem = false;
  Problem problem;
  Tile tile;
  double kStep = 0;           ///< K per iteration, from the loop's work
  int64_t iterations = 0;     ///< of the K loop per work-group
  int64_t workgroups = 0;
  double flops = 0, bytes = 0;
  double l2Bytes = 0; ///< every work-group's A and B panels, and C, through L2
  std::vector<ProductPrediction> products;
};

/// The bytes every work-group reads through L2 (no L1 or LDS sharing
/// between work-groups): its A rows and B columns over `k` (a 2:4 A: half
/// its values and 4 bits of metadata per group of four), `workgroups` times,
/// plus `written` (C, or split-K's partial tiles). The ISA predictor and
/// predictConfig both count it so.
double getL2Bytes(double workgroups, double tileM, double tileN, double k,
                  double aBytes, double bBytes, bool sparseA, double written);

/// Whole-problem figures of `kernel` on `product`: the rounds of
/// work-groups the product's units hold at the kernel's occupancy, each
/// iteration timed by the overlap model (getSimdIterationCycles), at the
/// clock `options` says, against the DRAM and L2 traffic, plus the launch.
ProductPrediction predictProduct(const KernelFigures &kernel,
                                 const ProductInfo &product,
                                 const ProductOptions &options);

/// A kernel configuration before any code exists, as the model reads it:
/// its instruction, tiles, waves and resources (the heuristic's estimates).
struct ConfigShape {
  const IntrinsicInfo *intrinsic = nullptr; ///< the main loop's instruction
  Tile tile;                      ///< the work-group tile; k: K per iteration
  unsigned wavesPerWorkgroup = 4;
  unsigned vgprs = 0;             ///< per lane (the heuristic's estimate)
  unsigned ldsBytes = 0;          ///< per work-group
};

/// predict()'s whole-problem formulas on a configuration of `problem`
/// (static sizes; its chip, batch, shared operands and the operand stored
/// compressed, 2:4 values and metadata, whatever instruction reads it),
/// with the main loop taken as matrix-bound: each wave's iteration keeps
/// the matrix unit busy for its instructions' catalog cycles and nothing
/// else limits it (an optimistic bound; the ISA is needed for the rest).
/// Occupancy comes from the estimated VGPRs and the LDS, the DRAM bytes are
/// each operand once, the L2 bytes every work-group's panels (getL2Bytes). Products: those of the chip (none for gfx908, gfx90a,
/// gfx1100-1102, gfx1200: then only `simdCycles`, `iterations` and
/// `workgroups` are set). The heuristic compares the two forms of a 2:4
/// matmul with it (docs/Performance.md).
KernelFigures predictConfig(const MatmulProblem &problem,
                            const ConfigShape &config);

} // namespace mlir::mcore::perf

#endif // MCORE_PERF_MODEL_MODEL_H
