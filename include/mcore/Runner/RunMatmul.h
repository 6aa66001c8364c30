//===- RunMatmul.h - mcore-run --matmul=MxNxK ------------------*- C++ -*-===//
//
// Matmul mode of mcore-run: generates C += A * B as a linalg.matmul (or
// mcore.sparse_matmul) and random operands (Matmul.h), compiles and runs it
// as a MatmulKernel (MatmulKernel.h, the implementation the Python package
// runs too), checks C against the CPU reference and prints one result line
// or JSON object. docs/Running.md describes the mode.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_RUNNER_RUNMATMUL_H
#define MCORE_RUNNER_RUNMATMUL_H

#include "mcore/Runner/Matmul.h"
#include "mcore/Runner/RunDriver.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::mcore::runner {

/// Matmul mode's options, as mcore-run's command line spells them.
struct RunMatmulOptions : RunOptions {
  std::string shape;                     ///< --matmul=MxNxK
  std::string aType = "f16";             ///< --a-type
  std::string bType;                     ///< --b-type ("": A's type)
  std::string cType;                     ///< --c-type ("": f32 or i32)
  std::string sparseA;                   ///< --sparse-a ("" or "2:4")
  std::string sparseB;                   ///< --sparse-b ("" or "2:4")
  int64_t batch = 0;                     ///< --batch (0: none)
  bool sharedA = false;                  ///< --shared-a
  bool sharedB = false;                  ///< --shared-b
  std::string sparseForm = "compressed"; ///< --sparse-form=compressed|encoded
  bool dynamicShapes = false;            ///< --dynamic-shapes
  bool transposeA = false;               ///< --transpose-a
  bool transposeB = false;               ///< --transpose-b
  std::string scales = "none";           ///< --scales=none|e8m0
  uint64_t seed = 1;                     ///< --seed
  std::string intrinsic;                 ///< --intrinsic
  int64_t repeat = 1;                    ///< --repeat
  bool json = false;                     ///< --json
  std::string epilogue;                  ///< --epilogue ("" for none)
  std::string outType;                   ///< --out-type ("" for f32)
  bool infNan = false;                   ///< --inf-nan
};

/// What a run found: what the result line and --json print, and the
/// kernel's facts (MatmulKernel's getters).
struct MatmulRunReport {
  MatmulFunction problem;
  Backend backend = Backend::Emu;
  std::string intrinsic; ///< MatmulKernel::getIntrinsic
  std::string config;    ///< MatmulKernel::describeConfig
  ElementType accumulator = ElementType::F32;
  bool denseFallback = false;
  bool swapped = false; ///< MatmulKernel::usesSwappedOperands
  bool bf16x3 = false;  ///< MatmulKernel::usesBf16x3
  double compileMs = 0;
  bool ran = false;       ///< false with --compile-only
  bool exactSums = false; ///< MatmulData::exactSums
  bool infNan = false;    ///< MatmulData::infNan
  double timeMs = 0;      ///< MatmulKernel::getReportedMilliseconds
  MatmulCheck check;
  MatmulCheck epilogueCheck; ///< OUT, with an epilogue (checkEpilogue)
};

/// Runs matmul mode. Errors are printed and give RunStatus::Failure; a
/// result that differs from the reference prints the first wrong element
/// and gives RunStatus::Mismatch. `report`, when given, receives what was
/// found so far.
RunStatus runMatmul(const RunMatmulOptions &options, RunObserver &observer,
                    MatmulRunReport *report = nullptr);

/// The result line ("chip=... intrinsic=... status=PASS") or, with `json`,
/// the JSON object of a run.
void printMatmulResult(const MatmulRunReport &report, bool json,
                       llvm::raw_ostream &os);

} // namespace mlir::mcore::runner

#endif // MCORE_RUNNER_RUNMATMUL_H
