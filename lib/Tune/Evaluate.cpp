//===- Evaluate.cpp - One configuration: compile, then predict ------------===//
//
// tune::evaluate: the heuristic completes and checks the candidate's knobs
// (on the problem, without IR); the problem's IR (runner::buildMatmulModule)
// with its matmul marked with the complete #mcore.matmul_config goes through
// the whole pipeline to ISA in one MLIR context of its own (so candidates
// compile in parallel), then perf::predict on the ISA.
//
//===----------------------------------------------------------------------===//

#include "TuneInternal.h"

#include "mcore/Dialect/MCore/IR/MCoreDialect.h"
#include "mcore/Dialect/MCore/IR/MCoreOps.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"
#include "mcore/Perf/Perf.h"
#include "mcore/Pipeline/Pipeline.h"
#include "mcore/Runner/Compile.h"
#include "mcore/Runner/Runner.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <chrono>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tune;

StringRef Evaluation::getStatusName() const {
  switch (status) {
  case Status::Ok:
    return "ok";
  case Status::Invalid:
    return "invalid";
  case Status::CompileError:
    return "compile error";
  case Status::Spills:
    return "spills";
  case Status::NoPrediction:
    return "no prediction";
  }
  llvm_unreachable("unknown status");
}

const perf::ProductInfo *tune::getDefaultProduct(Chip chip) {
  SmallVector<const perf::ProductInfo *> products = perf::getProductsFor(chip);
  return products.empty() ? nullptr : products.front();
}

MatmulConfigResult
tune::detail::configure(const runner::MatmulFunction &problem,
                        const MatmulConfigFields &knobs) {
  MatmulTilingOptions options;
  options.chip = problem.chip;
  options.force(knobs);
  return configureMatmul(runner::getCompilerProblem(problem), options);
}

/// The only linalg.matmul or mcore.sparse_matmul of `module` (for a
/// block-scaled problem: its scaled contraction, the linalg.generic that
/// reduces), or null.
static Operation *findMatmul(ModuleOp module, bool blockScaled) {
  Operation *matmul = nullptr;
  module->walk([&](Operation *op) {
    auto generic = dyn_cast<linalg::GenericOp>(op);
    if (blockScaled ? generic && generic.getNumReductionLoops() > 0
                    : isa<linalg::MatmulOp, SparseMatmulOp>(op))
      matmul = op;
  });
  return matmul;
}

Evaluation tune::evaluate(const runner::MatmulFunction &problem,
                          const MatmulConfigFields &knobs,
                          const perf::ProductInfo &product) {
  auto start = std::chrono::steady_clock::now();
  Evaluation e;
  e.knobs = knobs;
  auto finish = [&](Evaluation::Status status, const std::string &message) {
    e.status = status;
    e.message = message;
    e.compileSeconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    return e;
  };

  // The heuristic checks the knobs and chooses the rest, without IR.
  MatmulConfigResult configured = detail::configure(problem, knobs);
  if (!configured)
    return finish(Evaluation::Status::Invalid,
                  configured.reason.empty() ? "the configuration is invalid"
                                            : configured.reason);
  const MatmulTileConfig *cfg = &*configured.config;
  e.knobs = cfg->getKnobs();
  e.description = cfg->describe();

  // The problem's IR (2:4 A compressed) in a context of its own, without
  // threads, with its diagnostics kept as text.
  MLIRContext context(MLIRContext::Threading::DISABLED);
  DialectRegistry registry;
  runner::registerCompilerDialects(registry);
  context.appendDialectRegistry(registry);
  // The module may not mention mcore, whose attribute goes on the matmul.
  context.getOrLoadDialect<MCoreDialect>();
  context.printOpOnDiagnostic(false);
  runner::DiagnosticLog log(context);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      runner::buildMatmulModule(problem, runner::SparseForm::Compressed),
      ParserConfig(&context));
  Operation *matmul =
      module ? findMatmul(*module, problem.blockScaled) : nullptr;
  if (!matmul)
    return finish(Evaluation::Status::CompileError,
                  "internal error: the generated matmul does not parse");
  // The complete configuration goes on the op: mcore-configure-matmul keeps
  // it, mcore-tile-matmul obeys it.
  matmul->setAttr(MatmulConfigAttr::getAttrName(),
                  MatmulConfigAttr::get(&context, e.knobs));

  MCorePipelineOptions options;
  options.chip = getChipName(problem.chip).str();
  options.format = "isa";
  std::string error;
  if (failed(runner::runMCorePipeline(*module, options, {}, error)))
    return finish(Evaluation::Status::CompileError,
                  error.empty() ? log.getErrorText("the pipeline failed")
                                : error);
  std::string isa;
  module->walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjectsAttr())
      isa += cast<gpu::ObjectAttr>(attr).getObject().getValue().str();
  });
  if (isa.empty())
    return finish(Evaluation::Status::CompileError, "no kernel was compiled");

  perf::PredictOptions predict;
  predict.chip = problem.chip;
  predict.problem = {problem.m, problem.n, problem.k};
  predict.tile = {cfg->tileM, cfg->tileN, 0};
  predict.products = {product.key};
  predict.sparseA = problem.sparseA && cfg->decompressA;
  // A split-K matmul is two kernels: the matrix kernel on its K slice and
  // the reduction; the whole problem's time is both (the report's total).
  predict.splitK = std::max<int64_t>(1, cfg->splitK);
  llvm::Expected<perf::Report> report = perf::predict(isa, predict);
  if (!report)
    return finish(Evaluation::Status::NoPrediction,
                  llvm::toString(report.takeError()));
  const perf::KernelPrediction *matrix = nullptr;
  for (const perf::KernelPrediction &kernel : report->kernels) {
    if (!kernel.hasMatrix)
      continue;
    if (matrix)
      return finish(Evaluation::Status::NoPrediction,
                    "expected one matrix kernel, got more");
    matrix = &kernel;
  }
  if (!matrix || matrix->products.empty() || report->totals.empty() ||
      report->totals[0].seconds <= 0)
    return finish(Evaluation::Status::NoPrediction,
                  "expected one matrix kernel with a prediction, got " +
                      std::to_string(report->kernels.size()) + " kernels");
  const perf::KernelPrediction &k = *matrix;
  const perf::ProductPrediction &p = k.products[0];
  e.seconds = report->totals[0].seconds;
  e.tflops = k.flops / e.seconds / 1e12;
  e.utilization =
      p.clockPeakTflops > 0 ? e.tflops / p.clockPeakTflops : 0;
  e.wavesPerSimd = k.occupancy.wavesPerSimd;
  e.occupancyLimit = llvm::join(k.occupancy.limiters, ", ");
  e.vgprs = k.occupancyInput.vgprs;
  e.ldsBytes = k.occupancyInput.ldsBytes;
  bool scratch = false;
  for (const perf::KernelPrediction &kernel : report->kernels) {
    e.spills += kernel.resources.vgprSpillCount.value_or(0) +
                kernel.resources.sgprSpillCount.value_or(0);
    scratch |= kernel.resources.privateSegmentFixedSize.value_or(0) != 0;
  }
  if (scratch && !e.spills)
    return finish(Evaluation::Status::Spills, "a kernel uses scratch");
  if (e.spills)
    return finish(Evaluation::Status::Spills,
                  std::to_string(e.spills) + " registers spilled");
  return finish(Evaluation::Status::Ok, "");
}
