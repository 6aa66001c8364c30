//===- MatmulKernelTest.cpp - Compile once, run on given operands ---------===//
//
// MatmulKernel and compileSource, the C++ API under the Python package:
// results against Matmul.h's reference on the emulator, errors as
// llvm::Error (never the end of the process).
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/MatmulKernel.h"
#include "mcore/Runner/Compile.h"

#include "gtest/gtest.h"

using namespace mlir::mcore;
using namespace mlir::mcore::runner;

namespace {

std::unique_ptr<MCorePipelineOptions> defaults() {
  return llvm::cantFail(parsePipelineOptions(""));
}

BackendChoice emulator() { return llvm::cantFail(chooseBackend(Backend::Emu)); }

/// Compiles, runs on generated operands and checks against the reference.
void checkProblem(const MatmulProblem &problem, llvm::StringRef family) {
  std::vector<std::string> remarks;
  llvm::Expected<std::unique_ptr<MatmulKernel>> kernel =
      MatmulKernel::compile(problem, emulator(), *defaults(), &remarks);
  ASSERT_TRUE(bool(kernel)) << llvm::toString(kernel.takeError());
  EXPECT_TRUE(remarks.empty());
  EXPECT_TRUE(llvm::StringRef((*kernel)->getIntrinsic()).starts_with(family))
      << (*kernel)->getIntrinsic();
  EXPECT_EQ((*kernel)->getBackend(), Backend::Emu);

  MatmulData data = generateMatmulData(problem, 7);
  std::vector<uint32_t> c = data.c0;
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
  std::vector<uint32_t> c2 = other.c0;
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
  MatmulProblem p;
  p.m = 48, p.n = 40, p.k = 96;
  p.sparseA = true;
  p.chip = Chip::gfx1201;
  checkProblem(p, "swmmac_");
}

TEST(MatmulKernel, DenseI8OnGfx942) {
  MatmulProblem p;
  p.m = 33, p.n = 64, p.k = 80;
  p.a = p.b = ElementType::I8;
  p.c = ElementType::I32;
  p.chip = Chip::gfx942;
  checkProblem(p, "mfma_");
}

TEST(MatmulKernel, ErrorsAreReturned) {
  MatmulProblem p;
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
  std::vector<uint32_t> a(16 * 16), b(15 * 16), c(16 * 16);
  EXPECT_EQ(llvm::toString((*kernel)->run(a, {}, b, c)),
            "B must have 16 x 16 = 256 elements, got 240");
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

  // f32 inputs: no matrix instruction reads them.
  std::string bad = source;
  for (size_t at; (at = bad.find("xf16")) != std::string::npos;)
    bad.replace(at, 4, "xf32");
  out = compileSource(bad, "mm.mlir", *o, CompileStage::Binary);
  ASSERT_FALSE(bool(out));
  EXPECT_TRUE(llvm::StringRef(llvm::toString(out.takeError()))
                  .starts_with("mm.mlir:4:3: error: linalg.matmul of f32 x "
                               "f32 -> f32: matrix instructions read"));

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
