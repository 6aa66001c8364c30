// A program of another project that compiles a 2:4-sparse f16 matmul for
// gfx1201 (SWMMAC) with mcore and runs it on mcore's emulator; the runtime
// library comes from the mcore installation it was built against.
#include "mcore/Pipeline/Pipeline.h"
#include "mcore/Runner/Matmul.h"
#include "mcore/Runner/MatmulKernel.h"
#include "mcore/Runner/Runner.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::mcore;
using namespace mlir::mcore::runner;

static int fail(llvm::Error error) {
  llvm::errs() << "downstream-run: error: " << llvm::toString(std::move(error))
               << "\n";
  return 1;
}

int main() {
  // runner::MatmulFunction, the embedding API's @matmul (mcore::MatmulProblem
  // is the compiler's description, which getCompilerProblem derives).
  runner::MatmulFunction problem;
  problem.m = 96;
  problem.n = 80;
  problem.k = 160;
  problem.sparseA = true;
  problem.chip = Chip::gfx1201;
  llvm::Expected<BackendChoice> backend = chooseBackend(Backend::Emu);
  if (!backend)
    return fail(backend.takeError());
  std::unique_ptr<MCorePipelineOptions> options =
      MCorePipelineOptions::createFromString("");
  llvm::Expected<std::unique_ptr<MatmulKernel>> kernel =
      MatmulKernel::compile(problem, *backend, *options);
  if (!kernel)
    return fail(kernel.takeError());
  MatmulData data =
      generateMatmulData(problem, /*seed=*/7, (*kernel)->getAccumulator());
  std::vector<mlir::mcore::runner::ElementBits> c = data.c0;
  if (llvm::Error e = (*kernel)->run(data.values, data.metadata, data.b, c))
    return fail(std::move(e));
  MatmulCheck check = checkResult(
      problem, computeReference(problem, data, (*kernel)->getAccumulator()), c);
  llvm::outs() << llvm::formatv(
      "{0}: intrinsic={1} runtime={2} max_abs_err={3:e2} status={4}\n",
      problem.describe(), (*kernel)->getIntrinsic(), backend->library,
      check.maxAbsError, check.pass ? "PASS" : "FAIL");
  return check.pass ? 0 : 1;
}
