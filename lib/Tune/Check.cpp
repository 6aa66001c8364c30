//===- Check.cpp - The tuned configuration on the emulator ----------------===//
//
// A configuration the model ranks first is only worth writing down if the
// kernel it makes computes the right C. tune::checkOnEmulator compiles the
// problem with the configuration's knobs for mcore's CPU emulator (a
// runner::MatmulKernel), runs it on random operands and compares C with the
// double-precision CPU reference of Matmul.h. For a 2:4 A some groups keep
// only one or no non-zero, besides the random pair of the others; a
// block-scaled problem gets random scales.
//
//===----------------------------------------------------------------------===//

#include "TuneInternal.h"

#include "mcore/Runner/Compile.h"
#include "mcore/Runner/MatmulKernel.h"
#include "mcore/Target/Sparsity.h"

#include <random>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tune;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

runner::MatmulFunction tune::getCheckProblem(const runner::MatmulFunction &p,
                                             const MatmulConfigFields &knobs) {
  runner::MatmulFunction small = p;
  auto shrink = [](int64_t size, int64_t tile, int64_t tiles) {
    if (tile <= 0)
      return size;
    return std::min(size, tiles * tile + size % tile);
  };
  small.m = shrink(p.m, knobs.tileM.value_or(0), 2);
  small.n = shrink(p.n, knobs.tileN.value_or(0), 2);
  small.k = shrink(p.k, knobs.tileK.value_or(0), 3);
  return small;
}

/// Zeroes, in some groups of four of a 2:4 A, one or both of the kept
/// values: about one group in four keeps one, one in eight none.
static int64_t thinOut(const runner::MatmulFunction &p, runner::MatmulData &d,
                       uint64_t seed) {
  std::mt19937_64 rng(seed ^ 0x9e3779b97f4a7c15ull);
  int64_t thinned = 0;
  int64_t groups = (p.k + 3) / 4;
  for (int64_t i = 0; i < p.m; ++i)
    for (int64_t g = 0; g < groups; ++g) {
      unsigned roll = rng() % 8;
      if (roll > 2)
        continue;
      unsigned toZero = roll == 0 ? 2 : 1;
      for (int64_t j = 4 * g; j < std::min(p.k, 4 * g + 4) && toZero; ++j) {
        runner::ElementBits &x = d.a[i * p.k + j];
        if (x) {
          x = 0;
          --toZero;
        }
      }
      ++thinned;
    }
  return thinned;
}

llvm::Expected<CheckResult>
tune::checkOnEmulator(const runner::MatmulFunction &problem,
                      const MatmulConfigFields &knobs, uint64_t seed) {
  llvm::Expected<runner::BackendChoice> backend =
      runner::chooseBackend(runner::Backend::Emu);
  if (!backend)
    return backend.takeError();
  llvm::Expected<std::unique_ptr<MCorePipelineOptions>> options =
      runner::parsePipelineOptions("");
  if (!options)
    return options.takeError();
  MatmulTilingOptions forced;
  forced.force(knobs);
  copyMatmulOptions(**options, forced);
  std::vector<std::string> remarks;
  llvm::Expected<std::unique_ptr<runner::MatmulKernel>> kernel =
      runner::MatmulKernel::compile(problem, *backend, **options, &remarks);
  if (!kernel)
    return makeError("checking " + problem.describe() +
                     " on the emulator: " + llvm::toString(kernel.takeError()));

  CheckResult result;
  result.problem = problem;
  result.description = (*kernel)->describeConfig();
  runner::ElementType acc = (*kernel)->getAccumulator();
  runner::MatmulData data = runner::generateMatmulData(problem, seed, acc);
  if (problem.sparseA) {
    result.groupsWithFewerNonzeros = thinOut(problem, data, seed);
    if (llvm::Error error = runner::compressSparseRows(
            data, problem.a, data.a, unsigned(problem.m), unsigned(problem.k)))
      return error;
  }
  runner::MatmulReference reference =
      runner::computeReference(problem, data, acc);
  std::vector<runner::ElementBits> c = data.c0;
  // A block-scaled problem's random E8M0 scales (generateMatmulData).
  runner::BlockScales scales{data.scalesA, data.scalesB};
  llvm::Error ran =
      problem.sparseA
          ? (*kernel)->run(data.values, data.metadata,
                           runner::getStoredB(problem, data), c)
          : (*kernel)->run(runner::getStoredA(problem, data), {},
                           runner::getStoredB(problem, data), c,
                           /*epilogue=*/nullptr,
                           problem.blockScaled ? &scales : nullptr);
  if (ran)
    return makeError("running " + problem.describe() +
                     " on the emulator: " + llvm::toString(std::move(ran)));
  result.check = runner::checkResult(problem, reference, c);
  return result;
}
