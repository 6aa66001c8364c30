//===- Evaluate.cpp - One configuration: compile, then predict ------------===//
//
// tune::evaluate: the problem's IR (runner::buildMatmulModule), its matmul
// configured with the candidate's knobs and marked with the complete
// #mcore.matmul_config, the whole pipeline to ISA in one MLIR context of its
// own (so candidates compile in parallel), then perf::predict on the ISA.
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

MatmulKey tune::getMatmulKey(const runner::MatmulProblem &problem) {
  MatmulKey key;
  key.chip = problem.chip;
  key.a = runner::getScalarKind(problem.a);
  key.b = runner::getScalarKind(problem.b);
  key.c = runner::getScalarKind(problem.c);
  key.sparse = problem.sparseA;
  if (!problem.dynamicShapes) {
    key.m = problem.m;
    key.n = problem.n;
    key.k = problem.k;
  }
  return key;
}

Operation *tune::detail::findMatmul(ModuleOp module) {
  Operation *matmul = nullptr;
  module->walk([&](Operation *op) {
    if (isa<linalg::MatmulOp, SparseMatmulOp>(op))
      matmul = op;
  });
  return matmul;
}

tune::detail::ParsedProblem::ParsedProblem(const runner::MatmulProblem &problem)
    : context(std::make_unique<MLIRContext>(MLIRContext::Threading::DISABLED)) {
  DialectRegistry registry;
  runner::registerCompilerDialects(registry);
  context->appendDialectRegistry(registry);
  // The module may not mention mcore, whose attribute goes on the matmul.
  context->getOrLoadDialect<MCoreDialect>();
  context->printOpOnDiagnostic(false);
  log = std::make_unique<runner::DiagnosticLog>(*context);
  module = parseSourceString<ModuleOp>(
      runner::buildMatmulModule(problem, runner::SparseForm::Compressed),
      ParserConfig(context.get()));
  if (module)
    matmul = findMatmul(*module);
}

tune::detail::ParsedProblem::~ParsedProblem() = default;

FailureOr<MatmulTileConfig>
tune::detail::ParsedProblem::configure(const MatmulConfigFields &knobs,
                                       Chip chip) {
  MatmulTilingOptions options;
  options.chip = chip;
  options.force(knobs);
  log->errors.clear();
  return configureMatmul(matmul, options, /*table=*/nullptr,
                         /*remarks=*/false);
}

Evaluation tune::evaluate(const runner::MatmulProblem &problem,
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

  detail::ParsedProblem parsed(problem);
  if (!parsed.matmul)
    return finish(Evaluation::Status::CompileError,
                  "internal error: the generated matmul does not parse");
  FailureOr<MatmulTileConfig> cfg = parsed.configure(knobs, problem.chip);
  if (failed(cfg))
    return finish(Evaluation::Status::Invalid,
                  parsed.log->getErrorText("the configuration is invalid"));
  e.knobs = cfg->getKnobs();
  e.description = cfg->describe();
  // The complete configuration goes on the op: mcore-configure-matmul keeps
  // it, mcore-tile-matmul obeys it.
  parsed.matmul->setAttr(MatmulConfigAttr::getAttrName(),
                         MatmulConfigAttr::get(parsed.context.get(), e.knobs));

  MCorePipelineOptions options;
  options.chip = getChipName(problem.chip).str();
  options.format = "isa";
  std::string error;
  if (failed(runner::runMCorePipeline(*parsed.module, options, {}, error)))
    return finish(Evaluation::Status::CompileError,
                  error.empty() ? parsed.log->getErrorText("the pipeline "
                                                           "failed")
                                : error);
  std::string isa;
  parsed.module->walk([&](gpu::BinaryOp binary) {
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
