//===- Tune.h - Tuning matmul kernels against the performance model -*- C++
//-*-===//
//
// mcore-tune's library. For one matmul (shape, types, 2:4 or dense A, chip)
// it enumerates the kernel configurations worth trying (the space), compiles
// candidates in-process to ISA, drops those that fail or spill, ranks the
// rest by the performance model's predicted time on a product
// (include/mcore/Perf/Perf.h), checks the winner on the emulator against the
// CPU reference, and gives a tuning-table entry that mcore-configure-matmul
// reads (TuningTable.h). docs/Tuning.md says what is
// searched, what is fixed and why, and what the check covers.
//
//   tune::TuneOptions options;            // -j, budget, product, check
//   llvm::Expected<tune::TuneResult> r = tune::tune(problem, options);
//   table.set(r->getEntry());
//
// Every figure is *predicted*: no AMD GPU ran anything.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TUNE_TUNE_H
#define MCORE_TUNE_TUNE_H

#include "mcore/Heuristic/MatmulConfig.h"
#include "mcore/Heuristic/TuningTable.h"
#include "mcore/Perf/Model/Products.h"
#include "mcore/Runner/Matmul.h"

#include "llvm/Support/Error.h"

#include <functional>
#include <string>
#include <vector>

namespace mlir::mcore::tune {

/// What one configuration of one problem gives.
struct Evaluation {
  enum class Status {
    Ok,           ///< compiled, no spills, predicted
    Invalid,      ///< the configure pass rejects it (LDS, tiles, ...)
    CompileError, ///< the pipeline failed
    Spills,       ///< compiled, but registers spill: dropped
    NoPrediction, ///< the model could not time it
  };
  Status status = Status::Invalid;
  std::string message;      ///< why not Ok
  MatmulConfigFields knobs; ///< complete once configured
  std::string description;  ///< "256x128x32 tile, 4x2 waves of 64, ..."
  // Predicted on the product (Ok, Spills):
  double tflops = 0;      ///< dense-equivalent for 2:4
  double utilization = 0; ///< of the instruction's peak
  double seconds = 0;
  unsigned wavesPerSimd = 0;
  std::string occupancyLimit; ///< "lds, vgprs"
  unsigned vgprs = 0;         ///< allocated per lane (VGPRs + AGPRs)
  unsigned ldsBytes = 0;
  unsigned spills = 0; ///< VGPRs + SGPRs spilled
  double compileSeconds = 0;

  bool ok() const { return status == Status::Ok; }
  /// "ok", "invalid", "compile error", "spills", "no prediction"
  llvm::StringRef getStatusName() const;
};

/// The product whose figures a chip is tuned and reported for: the first
/// of perf::getProductsFor(chip), or nullptr when the model knows none.
const perf::ProductInfo *getDefaultProduct(Chip chip);

/// Compiles `problem` (a 2:4 A in the canonical compressed form, as
/// mcore.sparse_matmul) with `knobs` forced (unset knobs: the heuristic's,
/// as the pipeline would choose them) to ISA, in-process and on the calling
/// thread, and predicts it on `product`. Never fails: a configuration the
/// compiler rejects is an Evaluation with that status and message.
Evaluation evaluate(const runner::MatmulFunction &problem,
                    const MatmulConfigFields &knobs,
                    const perf::ProductInfo &product);

/// The configuration space of `problem`: every combination of the searched
/// knobs (instruction, waves, wave tile, K tile, stages, loop schedule)
/// that the configure pass accepts and whose registers are not certain to
/// spill, the heuristic's own configuration first. The knobs the model
/// cannot judge (LDS padding, work-group swizzle) are the heuristic's. The
/// knobs `fixed` sets are not searched: every point has them (and the
/// first is the heuristic's choice of the others).
llvm::Expected<std::vector<MatmulConfigFields>>
enumerateSpace(const runner::MatmulFunction &problem,
               const MatmulConfigFields &fixed = {});

/// Configurations one step away from `point` in `space` along one knob.
std::vector<size_t> getNeighbors(const std::vector<MatmulConfigFields> &space,
                                 size_t point);

/// How the emulator checks a tuned configuration.
enum class CheckShape {
  None,    ///< no check
  Reduced, ///< the same knobs on a smaller problem with the same edges
  Full,    ///< the problem itself (slow for large shapes)
};

/// The smaller problem CheckShape::Reduced runs: each of M and N two tiles
/// plus the problem's remainder (so partial edge tiles stay partial), K
/// three K tiles plus its remainder (prologue, steady state, both LDS
/// stages), never more than the problem.
runner::MatmulFunction getCheckProblem(const runner::MatmulFunction &problem,
                                       const MatmulConfigFields &knobs);

/// What the emulator found.
struct CheckResult {
  runner::MatmulFunction problem; ///< what ran
  runner::MatmulCheck check;
  std::string description;             ///< the kernel's configuration
  int64_t groupsWithFewerNonzeros = 0; ///< 2:4: groups with 0 or 1 kept
};

/// Compiles `problem` with `knobs` for the emulator, runs it on random
/// operands (a 2:4 A with random patterns per group, some groups with one
/// or no non-zeros) and compares C with the CPU reference.
llvm::Expected<CheckResult>
checkOnEmulator(const runner::MatmulFunction &problem,
                const MatmulConfigFields &knobs, uint64_t seed = 1);

struct TuneProgress {
  size_t done = 0, planned = 0; ///< evaluations
  const Evaluation *last = nullptr;
  const Evaluation *best = nullptr;
};

struct TuneOptions {
  unsigned threads = 0; ///< parallel compiles; 0: the hardware threads
  /// Evaluations at most (the heuristic's included); 0: the whole space.
  /// When the space is larger, a best-first search from the heuristic's
  /// configuration spends it.
  unsigned budget = 64;
  const perf::ProductInfo *product = nullptr; ///< default: getDefaultProduct
  CheckShape check = CheckShape::Reduced;
  uint64_t seed = 1;
  /// Knobs not searched: every configuration tried has these.
  MatmulConfigFields fixed;
  /// Called after each evaluation, on one thread at a time.
  std::function<void(const TuneProgress &)> progress;
};

struct TuneResult {
  runner::MatmulFunction problem;
  const perf::ProductInfo *product = nullptr;
  size_t spaceSize = 0;
  Evaluation heuristic; ///< the configuration the pipeline chooses
  Evaluation best;      ///< the fastest that compiled without spills
  std::vector<Evaluation> evaluated; ///< in the order of the space
  std::optional<CheckResult> check;  ///< of `best`

  /// The table entry: the problem's exact key and best's knobs, with the
  /// predicted figures under "predicted".
  TuningEntry getEntry() const;
  /// best's time over the heuristic's: 1 when the heuristic is the best.
  double getSpeedup() const;
  /// Everything mcore-tune reports for the problem, as `mcore-tune --json`
  /// prints it (docs/Tuning.md): the problem, the space, the heuristic's
  /// and the best configuration with their predicted figures, the speedup,
  /// the check, and the table entry.
  llvm::json::Object toJSON() const;
};

/// An evaluation as toJSON reports it: its configuration (description and
/// knobs), status and message, and its predicted figures when it has them.
llvm::json::Object toJSON(const Evaluation &evaluation);

/// Tunes `problem`. Fails when nothing compiles, or when the check of the
/// winner on the emulator fails (the result is then not to be trusted).
llvm::Expected<TuneResult> tune(const runner::MatmulFunction &problem,
                                const TuneOptions &options);

} // namespace mlir::mcore::tune

#endif // MCORE_TUNE_TUNE_H
