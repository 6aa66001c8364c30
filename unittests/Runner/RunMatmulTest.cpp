//===- RunMatmulTest.cpp - mcore-run --matmul as a library call -----------===//
//
// runMatmul is what `mcore-run --matmul` runs (tools/mcore-run only parses
// the command line into RunMatmulOptions). It compiles and runs the problem
// as a MatmulKernel, so what it reports about the kernel is what
// MatmulKernel::compile says of the same problem: the two share one code
// path, on the emulator here.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/RunMatmul.h"

#include "mcore/Runner/Compile.h"
#include "mcore/Runner/MatmulKernel.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace mlir::mcore;
using namespace mlir::mcore::runner;

namespace {

/// Records the steps and when the program starts running.
struct RecordingObserver : RunObserver {
  std::vector<std::string> steps;
  int runningAfter = -1, started = 0;
  void step(const std::string &what) override { steps.push_back(what); }
  void startRunning() override {
    ++started;
    runningAfter = int(steps.size());
  }
};

constexpr const char *kTiles = "tile-m=64 tile-n=64";

RunMatmulOptions options(const char *shape, const char *chip,
                         const char *aType) {
  RunMatmulOptions o;
  o.shape = shape;
  o.chip = chip;
  o.aType = aType;
  o.backend = "emu";
  o.pipelineOptions = kTiles;
  o.seed = 3;
  return o;
}

/// Runs `o` through runMatmul, and the same problem through
/// MatmulKernel::compile; both must say the same of the kernel.
void checkSharesTheKernel(const RunMatmulOptions &o) {
  RecordingObserver observer;
  MatmulRunReport report;
  ASSERT_EQ(runMatmul(o, observer, &report), RunStatus::Success);
  ASSERT_TRUE(report.ran);
  EXPECT_TRUE(report.check.pass) << report.check.mismatches << " mismatches";
  EXPECT_EQ(report.backend, Backend::Emu);
  EXPECT_EQ(observer.started, 1);

  std::unique_ptr<MCorePipelineOptions> pipeline =
      llvm::cantFail(parsePipelineOptions(kTiles));
  llvm::Expected<std::unique_ptr<MatmulKernel>> kernel = MatmulKernel::compile(
      report.problem, llvm::cantFail(chooseBackend(Backend::Emu)), *pipeline);
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  EXPECT_EQ(report.intrinsic, (*kernel)->getIntrinsic());
  EXPECT_EQ(report.config, (*kernel)->describeConfig());
  EXPECT_EQ(report.accumulator, (*kernel)->getAccumulator());
  EXPECT_EQ(report.denseFallback, (*kernel)->usesDenseFallback());
  EXPECT_EQ(report.exactSums, generateMatmulData(report.problem, o.seed,
                                                 (*kernel)->getAccumulator())
                                  .exactSums);

  // What mcore-run prints is the report.
  std::string line, json;
  llvm::raw_string_ostream lineOs(line), jsonOs(json);
  printMatmulResult(report, /*json=*/false, lineOs);
  printMatmulResult(report, /*json=*/true, jsonOs);
  EXPECT_NE(line.find(" intrinsic=" + (*kernel)->getIntrinsic() + " "),
            std::string::npos)
      << line;
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(json);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  const llvm::json::Object *object = parsed->getAsObject();
  ASSERT_TRUE(object);
  EXPECT_EQ(object->getString("intrinsic"), (*kernel)->getIntrinsic());
  EXPECT_EQ(object->getBoolean("dense_fallback"),
            (*kernel)->usesDenseFallback());
  EXPECT_EQ(object->getString("status"), "PASS");
}

TEST(RunMatmul, SparseCompressedSharesTheKernel) {
  RunMatmulOptions o = options("48x40x96", "gfx1201", "f16");
  o.sparseA = "2:4";
  checkSharesTheKernel(o);
}

TEST(RunMatmul, EncodedDenseFallbackSharesTheKernel) {
  RunMatmulOptions o = options("64x48x64", "gfx90a", "f16");
  o.sparseA = "2:4";
  o.sparseForm = "encoded";
  checkSharesTheKernel(o);
}

TEST(RunMatmul, TransposedDynamicSharesTheKernel) {
  RunMatmulOptions o = options("40x24x48", "gfx942", "bf16");
  o.transposeA = o.transposeB = o.dynamicShapes = true;
  checkSharesTheKernel(o);
}

TEST(RunMatmul, HalfAccumulatorSharesTheKernel) {
  RunMatmulOptions o = options("32x32x64", "gfx1100", "f16");
  o.cType = "f16";
  o.repeat = 2;
  checkSharesTheKernel(o);
}

TEST(RunMatmul, StepsAndCompileOnly) {
  RunMatmulOptions o = options("32x32x32", "gfx942", "i8");
  o.repeat = 2;
  RecordingObserver observer;
  MatmulRunReport report;
  ASSERT_EQ(runMatmul(o, observer, &report), RunStatus::Success);
  std::vector<std::string> want = {"compiling " + report.problem.describe(),
                                   "generating operands",
                                   "JIT-compiling the host code",
                                   "loading the kernel",
                                   "running on emu (run 1 of 2)",
                                   "running on emu (run 2 of 2)",
                                   "checking against the CPU reference"};
  EXPECT_EQ(observer.steps, want);
  // The program's code runs once its GPU module loads.
  EXPECT_EQ(observer.runningAfter, 4);

  o.compileOnly = true;
  RecordingObserver compileOnly;
  MatmulRunReport compiled;
  ASSERT_EQ(runMatmul(o, compileOnly, &compiled), RunStatus::Success);
  EXPECT_FALSE(compiled.ran);
  EXPECT_EQ(compiled.intrinsic, report.intrinsic);
  EXPECT_GT(compiled.compileMs, 0);
  EXPECT_EQ(compileOnly.started, 0);
}

TEST(RunMatmul, UsageErrors) {
  RecordingObserver observer;
  RunMatmulOptions o = options("64x64", "gfx942", "f16");
  EXPECT_EQ(runMatmul(o, observer), RunStatus::Failure);
  o = options("64x64x64", "gfx942", "f16");
  o.repeat = 0;
  EXPECT_EQ(runMatmul(o, observer), RunStatus::Failure);
  o = options("64x64x64", "gfx1100", "fp8");
  EXPECT_EQ(runMatmul(o, observer), RunStatus::Failure);
  EXPECT_EQ(observer.started, 0);
}

} // namespace
