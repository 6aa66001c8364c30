//===- CompilerProblemTest.cpp - The runner's problem as the compiler's ---===//
//
// runner::getCompilerProblem gives mcore-tune, mcore-run and Python the
// heuristic's MatmulProblem without generating IR. It must be what the
// configure pass reads off the op buildMatmulModule generates
// (getMatmulProblem): otherwise the tuner would tune, and a table entry
// match, another problem than the one compiled. Both are compared here on
// every chip, the input types, dense, 2:4 A and 2:4 B, transposes, shared
// batches, mixed signs and dynamic sizes.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/Compile.h"
#include "mcore/Runner/MatmulKernel.h"

#include "mcore/Dialect/MCore/IR/MCoreOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::mcore;

namespace {

/// "gfx942 linalg.matmul 2x64x48x96 f16 x f16 -> f32 sparse A, T A B C,
/// shared A B" of a compiler problem, for failure messages.
std::string show(const MatmulProblem &p) {
  auto size = [](int64_t v) {
    return v == MatmulProblem::kDynamic ? std::string("?") : std::to_string(v);
  };
  return llvm::formatv(
             "{0} {1} {2}{3}x{4}x{5} {6}{7}{8}, T {9}{10}{11}, shared "
             "{12}{13}",
             getChipName(p.chip), p.name,
             p.batch ? size(*p.batch) + "x" : std::string(), size(p.m),
             size(p.n), size(p.k), p.describeTypes(),
             p.sparseA ? " sparse A" : "", p.sparseB ? " sparse B" : "",
             p.transposeA ? "A" : "-", p.transposeB ? "B" : "-",
             p.transposeC ? "C" : "-", p.sharedA ? "A" : "-",
             p.sharedB ? "B" : "-")
      .str();
}

TEST(CompilerProblem, IsWhatTheConfigurePassReads) {
  MLIRContext context(MLIRContext::Threading::DISABLED);
  DialectRegistry registry;
  runner::registerCompilerDialects(registry);
  context.appendDialectRegistry(registry);
  context.printOpOnDiagnostic(false);
  runner::DiagnosticLog log(context);

  using runner::ElementType;
  const std::pair<ElementType, ElementType> types[] = {
      {ElementType::F16, ElementType::F32},
      {ElementType::BF16, ElementType::BF16},
      {ElementType::FP8, ElementType::F32},
      {ElementType::I8, ElementType::I32},
      {ElementType::U8, ElementType::I32},
      {ElementType::I4, ElementType::I32}};
  int compared = 0;
  for (const ChipInfo &chip : getAllChips())
    for (auto [in, acc] : types)
      for (int sparsity = 0; sparsity < 3; ++sparsity)
        for (int form = 0; form < 6; ++form) {
          runner::MatmulFunction p;
          p.chip = chip.chip;
          p.m = 64;
          p.n = 48;
          p.k = 96;
          p.a = p.b = in;
          p.c = acc;
          p.sparseA = sparsity == 1;
          p.sparseB = sparsity == 2;
          switch (form) {
          case 1: // transposed operands
            p.transposeA = !p.sparseA;
            p.transposeB = true;
            break;
          case 2: // a batch sharing B
            p.batch = 3;
            p.sharedB = true;
            break;
          case 3: // a batch sharing a transposed A
            p.batch = 2;
            p.sharedA = true;
            p.transposeA = !p.sparseA;
            break;
          case 4: // mixed signs (a linalg.generic)
            if (in == ElementType::I8)
              p.b = ElementType::U8;
            break;
          case 5:
            p.dynamicShapes = true;
            break;
          }
          if (llvm::Error e = p.validate()) {
            llvm::consumeError(std::move(e));
            continue;
          }
          SCOPED_TRACE(p.describe());
          OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
              runner::buildMatmulModule(p, runner::SparseForm::Compressed),
              ParserConfig(&context));
          ASSERT_TRUE(module) << log.getErrorText("does not parse");
          Operation *matmul = nullptr;
          module->walk([&](Operation *op) {
            if (isa<linalg::MatmulOp, linalg::BatchMatmulOp, linalg::GenericOp,
                    SparseMatmulOp>(op))
              matmul = op;
          });
          ASSERT_TRUE(matmul);
          FailureOr<MatmulProblem> read = getMatmulProblem(matmul, p.chip);
          if (failed(read)) {
            // The op is one the tiler refuses (fp8 on a chip without it):
            // the heuristic refuses the problem too.
            MatmulTilingOptions options;
            options.chip = p.chip;
            EXPECT_FALSE(
                chooseMatmulConfig(runner::getCompilerProblem(p), options));
            log.errors.clear();
            continue;
          }
          EXPECT_EQ(show(runner::getCompilerProblem(p)), show(*read));
          EXPECT_TRUE(runner::getCompilerProblem(p) == *read);
          ++compared;
        }
  // Every chip's dense, 2:4 A and 2:4 B problems, in every form.
  EXPECT_GT(compared, 300);
}

} // namespace
