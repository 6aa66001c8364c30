//===- Perf.h - mcore's ISA predictor --------------------------*- C++ -*-===//
//
// The performance model's ISA predictor: predicts, from a kernel's ISA, how
// fast it runs: occupancy, the main loop's
// cycles per iteration for one wave, the matrix unit's busy cycles, the
// per-SIMD iteration time with the occupancy's waves, and for a problem
// M x N x K with a work-group tile the whole problem's time, TFLOP/s and
// memory roofline on named products. No AMD GPU ran anything: every figure is
// *predicted*. The model and its sources are in docs/Performance.md; the tool
// is mcore-perf.
//
// It reads assembly (LLVM's AMDGPU assembler), times loops with llvm-mca or
// mcore's issue model, and applies the analytic model's formulas
// (mcore/Perf/Model/Model.h, library MCorePerfModel) to what it measured.
// It is a library of the tools (mcore-perf, mcore-tune, the benchmarks):
// the compiler links only the analytic model.
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
#include "mcore/Perf/Model/Model.h"
#include "mcore/Perf/Timing.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::mcore::perf {

struct PredictOptions : ProductOptions {
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
  // ProductOptions: the clock and the launch overhead.
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
  /// (kSplitKReduceKernel, mcore/Dialect/MCore/Transforms/SplitK.h); 1:
  /// none.
  int64_t splitK = 0;
};

struct MatrixUse {
  std::string mnemonic;
  const IntrinsicInfo *info = nullptr; ///< nullptr: not in the catalog
  unsigned count = 0;                  ///< per iteration per wave
};

/// One kernel of the input: the figures of the analytic model
/// (KernelFigures, mcore/Perf/Model/Model.h: chip, occupancy, the main
/// loop's timing, the problem, the products) as measured from its code, and
/// what the code showed.
struct KernelPrediction : KernelFigures {
  std::string id;
  KernelResources resources;
  // The main loop (the innermost loop with matrix instructions).
  std::optional<LoopSpan> loop; ///< nullopt: straight-line matrix code
  std::string loopHeader;
  std::vector<MatrixUse> matrix;
  /// The labels (or "line N") of the blocks timed outside the loop, in the
  /// order a work-group runs them (findPathAroundLoop).
  std::vector<std::string> outsideWay;
  /// Matrix work outside the loop (K tiles peeled off it), one wave: its
  /// time is in outsideCycles, so it is not counted as iterations again.
  double opsOutsideLoop = 0;
  double simdUtilization = 0; ///< W * matrixCycles / T(W)
  // The loop's LDS traffic, one wave, one iteration.
  double ldsBytes = 0;
  double ldsClocks = 0;       ///< of the CU's LDS data path, conflicts in
  double ldsIdealClocks = 0;  ///< without bank conflicts
  unsigned ldsUnknown = 0;    ///< instructions whose addresses are unknown
  // The problem.
  double peeledK = 0;         ///< K multiplied outside the loop
  int64_t splitK = 1;         ///< K slices (the reduction kernel: summed)
  /// The problem's compulsory DRAM bytes (A, B and C once, C twice when
  /// accumulated): the memory roofline, without a split's workspace.
  double rooflineBytes = 0;
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

/// Text for people; every figure is labelled predicted. With `trace`, each
/// main-loop instruction with the cycle one wave issues it at.
void printReport(const Report &report, llvm::raw_ostream &os,
                 bool trace = false);
/// JSON for the tuner and the benchmark driver.
llvm::json::Value toJSON(const Report &report);

} // namespace mlir::mcore::perf

#endif // MCORE_PERF_PERF_H
