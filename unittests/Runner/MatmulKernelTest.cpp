//===- MatmulKernelTest.cpp - Compile once, run on given operands ---------===//
//
// MatmulKernel and compileSource, the C++ API under the Python package and
// mcore-run --matmul: results against Matmul.h's reference on the emulator,
// errors as llvm::Error (never the end of the process), the encoded and
// transposed forms, the staged steps and repeated runs.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/MatmulKernel.h"
#include "mcore/Runner/Compile.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include "gtest/gtest.h"

using namespace mlir::mcore;
using namespace mlir::mcore::runner;

namespace {

std::unique_ptr<MCorePipelineOptions> defaults() {
  return llvm::cantFail(parsePipelineOptions(""));
}

BackendChoice emulator() { return llvm::cantFail(chooseBackend(Backend::Emu)); }

/// Compiles, runs on generated operands and checks against the reference.
void checkProblem(const runner::MatmulFunction &problem,
                  llvm::StringRef family) {
  std::vector<std::string> remarks;
  llvm::Expected<std::unique_ptr<MatmulKernel>> kernel =
      MatmulKernel::compile(problem, emulator(), *defaults(), &remarks);
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  EXPECT_TRUE(remarks.empty());
  EXPECT_TRUE(llvm::StringRef((*kernel)->getIntrinsic()).starts_with(family))
      << (*kernel)->getIntrinsic();
  EXPECT_EQ((*kernel)->getBackend(), Backend::Emu);

  MatmulData data = generateMatmulData(problem, 7);
  std::vector<ElementBits> c = data.c0;
  llvm::Error error =
      problem.sparseA ? (*kernel)->run(data.values, data.metadata, data.b, c)
                      : (*kernel)->run(data.a, {}, data.b, c);
  ASSERT_FALSE(bool(error)) << llvm::toString(std::move(error));
  MatmulReference reference =
      computeReference(problem, data, (*kernel)->getAccumulator());
  MatmulCheck check = checkResult(problem, reference, c);
  EXPECT_TRUE(check.pass) << check.mismatches << " mismatches, first C["
                          << check.row << "][" << check.col
                          << "] = " << check.got << ", want " << check.want;

  // Runs again on other operands: the same kernel, new numbers.
  MatmulData other = generateMatmulData(problem, 8);
  std::vector<ElementBits> c2 = other.c0;
  error = problem.sparseA
              ? (*kernel)->run(other.values, other.metadata, other.b, c2)
              : (*kernel)->run(other.a, {}, other.b, c2);
  ASSERT_FALSE(bool(error)) << llvm::toString(std::move(error));
  EXPECT_TRUE(
      checkResult(problem,
                  computeReference(problem, other, (*kernel)->getAccumulator()),
                  c2)
          .pass);
}

TEST(MatmulKernel, SparseF16OnGfx1201) {
  runner::MatmulFunction p;
  p.m = 48, p.n = 40, p.k = 96;
  p.sparseA = true;
  p.chip = Chip::gfx1201;
  checkProblem(p, "swmmac_");
}

TEST(MatmulKernel, DenseI8OnGfx942) {
  runner::MatmulFunction p;
  p.m = 33, p.n = 64, p.k = 80;
  p.a = p.b = ElementType::I8;
  p.c = ElementType::I32;
  p.chip = Chip::gfx942;
  checkProblem(p, "mfma_");
}

TEST(MatmulKernel, ErrorsAreReturned) {
  runner::MatmulFunction p;
  p.m = p.n = p.k = 16;
  p.a = p.b = ElementType::FP8;
  p.chip = Chip::gfx1100;
  llvm::Expected<std::unique_ptr<MatmulKernel>> kernel =
      MatmulKernel::compile(p, emulator(), *defaults());
  ASSERT_FALSE(bool(kernel));
  EXPECT_EQ(llvm::toString(kernel.takeError()),
            "linalg.matmul of f8E4M3FN x f8E4M3FN -> f32: gfx1100 has no fp8 "
            "matrix instructions");

  p.a = p.b = ElementType::F16;
  p.m = 0;
  kernel = MatmulKernel::compile(p, emulator(), *defaults());
  ASSERT_FALSE(bool(kernel));
  EXPECT_EQ(llvm::toString(kernel.takeError()),
            "M = 0 is out of range (1 to 2^31 - 1)");

  p.m = 16;
  kernel = MatmulKernel::compile(p, emulator(), *defaults());
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  std::vector<ElementBits> a(16 * 16), b(15 * 16), c(16 * 16);
  EXPECT_EQ(llvm::toString((*kernel)->run(a, {}, b, c)),
            "B must have 16 x 16 = 256 elements, got 240");
}

// The generated sparse_matmul says canonical_metadata (no GPU check kernel):
// run() checks compressed operands on the host, before anything runs.
TEST(MatmulKernel, NonCanonicalMetadataIsAnErrorBeforeTheRun) {
  runner::MatmulFunction p;
  p.m = 16, p.n = 16, p.k = 64;
  p.sparseA = true;
  p.chip = Chip::gfx942;
  llvm::Expected<std::unique_ptr<MatmulKernel>> kernel =
      MatmulKernel::compile(p, emulator(), *defaults());
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  MatmulData data = generateMatmulData(p, 3);
  std::vector<uint32_t> metadata = data.metadata;
  // Row 5 (two words per row for K = 64), group 9: word 1, nibble 1 names
  // positions 2 and 2.
  uint32_t &word = metadata[5 * 2 + 1];
  word = (word & ~0xF0u) | (2u | 2u << 2) << 4;
  std::vector<ElementBits> c = data.c0;
  EXPECT_EQ(llvm::toString((*kernel)->run(data.values, metadata, data.b, c)),
            "the metadata of A is not canonical 2:4: row 5, group 9 names "
            "positions 2 and 2; the first must be smaller");
  EXPECT_EQ(c, data.c0);
  // The same kernel runs the canonical metadata.
  llvm::Error error = (*kernel)->run(data.values, data.metadata, data.b, c);
  ASSERT_FALSE(bool(error)) << llvm::toString(std::move(error));
  EXPECT_TRUE(checkResult(p,
                          computeReference(p, data, (*kernel)->getAccumulator()),
                          c)
                  .pass);
}

/// Records what a kernel tells its observer.
struct RecordingObserver : RunObserver {
  std::vector<std::string> steps;
  /// The steps seen when startRunning() was called (-1: not called).
  int runningAfter = -1;
  void step(const std::string &what) override { steps.push_back(what); }
  void startRunning() override {
    EXPECT_EQ(runningAfter, -1) << "startRunning twice";
    runningAfter = int(steps.size());
  }
};

// A and B stored transposed, sizes known at run time only: what mcore-run
// --transpose-a --transpose-b --dynamic-shapes runs, through the same code.
TEST(MatmulKernel, TransposedDynamicOnGfx942) {
  runner::MatmulFunction p;
  p.m = 40, p.n = 24, p.k = 48;
  p.transposeA = p.transposeB = p.dynamicShapes = true;
  p.chip = Chip::gfx942;
  llvm::Expected<std::unique_ptr<MatmulKernel>> kernel =
      MatmulKernel::compile(p, emulator(), *defaults());
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  MatmulData data = generateMatmulData(p, 11);
  std::vector<ElementBits> c = data.c0;
  // Logical (M x K) A in place of the stored (K x M) one: wrong sizes are
  // named as stored.
  std::vector<ElementBits> b = getStoredB(p, data);
  std::vector<ElementBits> wrongA(size_t(p.m * p.k + 1));
  EXPECT_EQ(llvm::toString((*kernel)->run(wrongA, {}, b, c)),
            "A must have 48 x 40 = 1920 elements, got 1921");
  llvm::Error error = (*kernel)->run(getStoredA(p, data), {}, b, c);
  ASSERT_FALSE(bool(error)) << llvm::toString(std::move(error));
  MatmulCheck check =
      checkResult(p, computeReference(p, data, (*kernel)->getAccumulator()), c);
  EXPECT_TRUE(check.pass) << check.mismatches << " mismatches";

  // The logical operands where the stored ones belong must fail the check:
  // the kernel really reads A and B transposed.
  std::vector<ElementBits> c2 = data.c0;
  ASSERT_FALSE(bool((*kernel)->run(data.a, {}, data.b, c2)));
  EXPECT_FALSE(
      checkResult(p, computeReference(p, data, (*kernel)->getAccumulator()), c2)
          .pass);
}

// A 2:4-sparse A in the encoded form: the compiled code compresses the
// dense A itself and returns C, as mcore-run --sparse-form=encoded runs it.
// Staged: prepare, compileModule, load, then repeated runs.
TEST(MatmulKernel, EncodedSparseStagedAndRepeated) {
  runner::MatmulFunction p;
  p.m = 32, p.n = 16, p.k = 72;
  p.sparseA = true;
  p.chip = Chip::gfx1201;
  RecordingObserver observer;
  MatmulKernelOptions kernelOptions;
  kernelOptions.sparseForm = SparseForm::Encoded;
  kernelOptions.observer = &observer;
  llvm::Expected<std::unique_ptr<MatmulKernel>> prepared =
      MatmulKernel::prepare(p, emulator(), *defaults(), kernelOptions);
  ASSERT_TRUE(bool(prepared)) << llvm::toString(prepared.takeError());
  MatmulKernel &kernel = **prepared;
  EXPECT_EQ(kernel.getSparseForm(), SparseForm::Encoded);
  EXPECT_EQ(kernel.getInputIR(), buildMatmulModule(p, SparseForm::Encoded));
  EXPECT_TRUE(llvm::StringRef(kernel.getIntrinsic()).starts_with("swmmac_"));
  // Nothing compiled or loaded yet.
  ASSERT_TRUE(kernel.getModule());
  EXPECT_TRUE(observer.steps.empty());
  std::vector<ElementBits> a(size_t(p.m * p.k)), b(size_t(p.k * p.n)),
      c(size_t(p.m * p.n));
  EXPECT_EQ(llvm::toString(kernel.run(a, {}, b, c)),
            "MatmulKernel: run before load");

  ASSERT_FALSE(bool(kernel.compileModule()));
  EXPECT_FALSE(kernel.getModule().getOps<mlir::gpu::BinaryOp>().empty());
  EXPECT_GT(kernel.getCompileMilliseconds(), 0);
  ASSERT_FALSE(bool(kernel.load()));
  EXPECT_FALSE(kernel.getModule());
  EXPECT_EQ(observer.runningAfter, 3); // compiling, JIT-compiling, loading
  ASSERT_EQ(observer.steps.size(), 3u);
  EXPECT_EQ(observer.steps[0], "compiling " + p.describe());

  // The dense A, zeros included; no metadata.
  MatmulData data = generateMatmulData(p, 5);
  c = data.c0;
  EXPECT_EQ(llvm::toString(kernel.run(data.a, data.metadata, data.b, c)),
            "the metadata of A must have 32 x 0 = 0 elements, got 96");
  llvm::Expected<std::vector<double>> times =
      kernel.runRepeated(data.a, {}, data.b, c, 3);
  ASSERT_TRUE(bool(times)) << llvm::toString(times.takeError());
  ASSERT_EQ(times->size(), 3u);
  EXPECT_EQ(kernel.getLastRunMilliseconds(),
            MatmulKernel::getReportedMilliseconds(*times));
  EXPECT_EQ(observer.steps.back(), "running on emu (run 3 of 3)");
  // C is the first run's: C0 + A * B once.
  MatmulCheck check =
      checkResult(p, computeReference(p, data, kernel.getAccumulator()), c);
  EXPECT_TRUE(check.pass) << check.mismatches << " mismatches";
}

TEST(MatmulKernel, ReportedTime) {
  EXPECT_EQ(MatmulKernel::getReportedMilliseconds({}), 0);
  EXPECT_EQ(MatmulKernel::getReportedMilliseconds({7}), 7);
  // The first run warms up: the mean of the others.
  EXPECT_EQ(MatmulKernel::getReportedMilliseconds({100, 2, 4}), 3);
}

TEST(Compile, IsaAndLocatedErrors) {
  const char *source = R"mlir(
func.func @mm(%a: memref<32x32xf16>, %b: memref<32x32xf16>,
              %c: memref<32x32xf32>) {
  linalg.matmul ins(%a, %b : memref<32x32xf16>, memref<32x32xf16>)
                outs(%c : memref<32x32xf32>)
  return
}
)mlir";
  std::unique_ptr<MCorePipelineOptions> o =
      llvm::cantFail(parsePipelineOptions("chip=gfx942 format=isa"));
  llvm::Expected<CompileOutput> out =
      compileSource(source, "mm.mlir", *o, CompileStage::Binary);
  ASSERT_TRUE(bool(out)) << llvm::toString(out.takeError());
  ASSERT_EQ(out->binaries.size(), 1u);
  EXPECT_EQ(out->binaries[0].name, "mm_kernel");
  EXPECT_NE(out->binaries[0].object.find("v_mfma_f32_32x32x8_f16"),
            std::string::npos);

  out = compileSource(source, "mm.mlir", *o, CompileStage::Lowered);
  ASSERT_TRUE(bool(out)) << llvm::toString(out.takeError());
  EXPECT_TRUE(out->binaries.empty());
  EXPECT_NE(out->ir.find("gpu.module @mm_kernel"), std::string::npos);

  // i16 inputs: no matrix instruction reads them. The SIMT kernel computes
  // them (integer multiply-adds, no MFMA); with strict, an error names what
  // gfx942's instructions read.
  std::string bad = source;
  for (size_t at; (at = bad.find("xf16")) != std::string::npos;)
    bad.replace(at, 4, "xi16");
  out = compileSource(bad, "mm.mlir", *o, CompileStage::Binary);
  ASSERT_TRUE(bool(out)) << llvm::toString(out.takeError());
  ASSERT_EQ(out->binaries.size(), 1u);
  EXPECT_EQ(out->binaries[0].object.find("v_mfma"), std::string::npos);
  EXPECT_NE(out->binaries[0].object.find("s_barrier"), std::string::npos);
  o->strict = true;
  out = compileSource(bad, "mm.mlir", *o, CompileStage::Binary);
  o->strict = false;
  ASSERT_FALSE(bool(out));
  EXPECT_TRUE(llvm::StringRef(llvm::toString(out.takeError()))
                  .starts_with("mm.mlir:4:3: error: linalg.matmul of i16 x "
                               "i16 -> f32: no matrix instruction of gfx942 "
                               "reads these types; gfx942 supports f16 x f16 "
                               "-> f32, "));

  // Option errors come back as text, none is printed.
  EXPECT_EQ(llvm::toString(parsePipelineOptions("tile-m=x").takeError()),
            "invalid --mcore-pipeline options 'tile-m=x': tile-m takes an "
            "integer, got 'x'");
  EXPECT_EQ(llvm::toString(parsePipelineOptions("stages").takeError()),
            "invalid --mcore-pipeline options 'stages': stages needs a value "
            "(stages=...)");
  EXPECT_EQ(llvm::toString(
                parsePipelineOptions("wide-accumulator=maybe").takeError()),
            "invalid --mcore-pipeline options 'wide-accumulator=maybe': "
            "wide-accumulator takes true or false, got 'maybe'");
  EXPECT_EQ(llvm::toString(parsePipelineOptions("tilem=3").takeError()),
            "invalid --mcore-pipeline options 'tilem=3': no such option tilem");
  EXPECT_EQ((*parsePipelineOptions("tile-m=64 stages=1"))->tileM, 64);
}

} // namespace
