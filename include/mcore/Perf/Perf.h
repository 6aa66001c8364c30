//===- Perf.h - mcore's performance model ----------------------*- C++ -*-===//
//
// Predicts, from a kernel's ISA, how fast it runs: occupancy, the main loop's
// cycles per iteration for one wave, the matrix unit's busy cycles, the
// per-SIMD iteration time with the occupancy's waves, and for a problem
// M x N x K with a work-group tile the whole problem's time, TFLOP/s and
// memory roofline on named products. No AMD GPU ran anything: every figure is
// *predicted*. The model and its sources are in docs/Performance.md; the tool
// is mcore-perf.
//
// The tuner and the benchmark driver call predict() in-process:
//
//   perf::PredictOptions options;
//   options.problem = {4096, 4096, 4096};
//   options.products = {"mi300x"};
//   llvm::Expected<perf::Report> report = perf::predict(isaText, options);
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_PERF_PERF_H
#define MCORE_PERF_PERF_H

#include "mcore/Perf/Isa.h"
#include "mcore/Perf/Occupancy.h"
#include "mcore/Perf/Products.h"
#include "mcore/Perf/Timing.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
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

struct PredictOptions {
  std::optional<Chip> chip; ///< default: the assembly's .amdgcn_target
  Problem problem;          ///< needed for whole-problem figures
  Tile tile;                ///< default: M / grid.y x N / grid.x of the launch
  std::vector<std::string> products; ///< keys; empty: the chip's products
  std::string kernel;       ///< a kernel id or name; empty: every kernel
  std::optional<unsigned> ldsBytes;      ///< per work-group (dynamic LDS)
  std::optional<unsigned> workgroupSize; ///< threads
  Engine engine = Engine::Auto;          ///< Auto: the issue model
                                         ///< (getAutoEngine)
  unsigned iterations = 0;  ///< simulated loop iterations; 0: the engine's
                            ///< default (llvm-mca's 100, the issue model's 32)
  bool stockMcaWaits = false; ///< llvm-mca's own s_waitcnt behaviour, which
                              ///< also counts global loads in lgkmcnt
  bool accumulate = true;   ///< C is read as well as written
  /// The clock of the whole-GPU figures: by default the product's clock
  /// under a matrix kernel's load (getSustainedClockMHz); `peakClock` takes
  /// the product's peak clock, `clockMHz` a given one.
  bool peakClock = false;
  std::optional<double> clockMHz;
  /// Time each kernel's launch adds (us); default: the product's
  /// (ProductInfo::launchOverheadUs).
  std::optional<double> launchOverheadUs;
  int64_t batch = 1;        ///< independent matmuls of the problem's size
  /// C's element type in memory (the roofline's bytes); default: the
  /// matrix instruction's accumulator type.
  std::optional<ScalarKind> cType;
  bool sparseA = false;     ///< force the 2:4 roofline for a dense
                            ///< instruction (a decompressing fallback)
  /// K slices of a split-K matmul: each work-group multiplies K / splitK,
  /// and the partial tiles cross memory twice (docs/Performance.md,
  /// "Split-K"). 0: from the input: the launch grid's z of the matrix
  /// kernel when the input has mcore's reduction kernel
  /// (kSplitKReduceKernel); 1: none.
  int64_t splitK = 0;
};

/// The name mcore-tile-matmul gives the second kernel of a split-K matmul.
inline constexpr llvm::StringLiteral kSplitKReduceKernel = "split_k_reduce";

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

struct MatrixUse {
  std::string mnemonic;
  const IntrinsicInfo *info = nullptr; ///< nullptr: not in the catalog
  unsigned count = 0;                  ///< per iteration per wave
};

struct KernelPrediction {
  std::string id;
  Chip chip = Chip::gfx942;
  KernelResources resources;
  OccupancyInput occupancyInput;
  Occupancy occupancy;
  // The main loop (the innermost loop with matrix instructions).
  bool hasMatrix = false;
  std::optional<LoopSpan> loop; ///< nullopt: straight-line matrix code
  std::string loopHeader;
  std::vector<MatrixUse> matrix;
  const IntrinsicInfo *dominant = nullptr; ///< the busiest matrix instruction
  LoopTiming timing;
  double outsideCycles = 0;   ///< the rest of the kernel, once, one wave
  /// The labels (or "line N") of the blocks timed outside the loop, in the
  /// order a work-group runs them (findPathAroundLoop).
  std::vector<std::string> outsideWay;
  double matrixCycles = 0;    ///< matrix unit busy per wave per iteration
  double opsPerWaveIteration = 0;
  /// Matrix work outside the loop (K tiles peeled off it), one wave: its
  /// time is in outsideCycles, so it is not counted as iterations again.
  double opsOutsideLoop = 0;
  double simdCycles = 0;      ///< T(W): one iteration of each of W waves
  double simdUtilization = 0; ///< W * matrixCycles / T(W)
  // The loop's LDS traffic, one wave, one iteration.
  double ldsBytes = 0;
  double ldsClocks = 0;       ///< of the CU's LDS data path, conflicts in
  double ldsIdealClocks = 0;  ///< without bank conflicts
  unsigned ldsUnknown = 0;    ///< instructions whose addresses are unknown
  // The problem.
  bool hasProblem = false;
  Problem problem;
  Tile tile;
  double kStep = 0;           ///< K per iteration, from the loop's work
  int64_t iterations = 0;     ///< of the K loop per work-group
  double peeledK = 0;         ///< K multiplied outside the loop
  int64_t workgroups = 0;
  int64_t splitK = 1;         ///< K slices (the reduction kernel: summed)
  double flops = 0, bytes = 0;
  /// The problem's compulsory DRAM bytes (A, B and C once, C twice when
  /// accumulated): the memory roofline, without a split's workspace.
  double rooflineBytes = 0;
  double l2Bytes = 0; ///< every work-group's A and B panels, and C, through L2
  std::vector<ProductPrediction> products;
  std::vector<std::string> notes;
};

/// The whole problem on one product: every kernel with problem figures
/// (a split-K matmul's two kernels) one after the other.
struct TotalPrediction {
  const ProductInfo *product = nullptr;
  unsigned kernels = 0;
  double seconds = 0;         ///< the kernels' predicted times, summed
  double peakClockSeconds = 0; ///< the same at the peak clock, no launches
  double rooflineSeconds = 0; ///< compulsory bytes / peak bandwidth
  /// rooflineSeconds / seconds: the predicted fraction of the memory
  /// roofline.
  double rooflineFraction = 0;
};

struct Report {
  std::vector<KernelPrediction> kernels;
  std::vector<TotalPrediction> totals; ///< with a problem
};

/// Predicts every kernel of `isa` (mcore-opt format=isa output or assembly).
llvm::Expected<Report> predict(llvm::StringRef isa,
                               const PredictOptions &options);

/// A kernel configuration before any code exists: what the tiler knows.
struct ConfigInput {
  Chip chip = Chip::gfx942;
  const IntrinsicInfo *intrinsic = nullptr; ///< the main loop's instruction
  Problem problem;                ///< M, N, K of one batch
  int64_t batch = 1;              ///< work-groups repeat per batch
  Tile tile;                      ///< the work-group tile; k: K per iteration
  unsigned wavesPerWorkgroup = 4;
  unsigned vgprs = 0;             ///< per lane (the tiler's estimate)
  unsigned ldsBytes = 0;          ///< per work-group
  /// The operand stored compressed (2:4 values and metadata) in memory,
  /// whatever instruction reads it.
  bool sparseA = false, sparseB = false;
  bool sharedA = false, sharedB = false; ///< one matrix for every batch
};

/// predict()'s whole-problem formulas on a configuration, with the main
/// loop taken as matrix-bound: each wave's iteration keeps the matrix unit
/// busy for its instructions' catalog cycles and nothing else limits it
/// (an optimistic bound; the ISA is needed for the rest). Occupancy comes
/// from the estimated VGPRs and the LDS, the bytes are each operand once.
/// Products: those of the chip (none for gfx908, gfx90a, gfx1100-1102,
/// gfx1200: then only `simdCycles`, `iterations` and `workgroups` are
/// set). The tiler compares the two forms of a 2:4 matmul with it
/// (docs/Performance.md).
KernelPrediction predictConfig(const ConfigInput &input);

/// Text for people; every figure is labelled predicted. With `trace`, each
/// main-loop instruction with the cycle one wave issues it at.
void printReport(const Report &report, llvm::raw_ostream &os,
                 bool trace = false);
/// JSON for the tuner and the benchmark driver.
llvm::json::Value toJSON(const Report &report);

} // namespace mlir::mcore::perf

#endif // MCORE_PERF_PERF_H
