//===- RunMatmul.cpp - mcore-run --matmul=MxNxK ---------------------------===//
//
// See include/mcore/Runner/RunMatmul.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/RunMatmul.h"

#include "mcore/Runner/MatmulEpilogue.h"
#include "mcore/Runner/MatmulKernel.h"
#include "mcore/Target/Catalog.h"

#include "mlir/IR/Diagnostics.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <set>
#include <unistd.h>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::runner;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {

/// Diagnostics of matmul mode, whose IR the user did not write: the message
/// without a location, each once.
struct DiagnosticPrinter {
  explicit DiagnosticPrinter(RunObserver &observer) : observer(observer) {}

  void print(Diagnostic &diag) {
    // The configuration query and the pipeline both remark on a dense
    // fallback; say it once.
    if (!printed.insert(diag.str()).second)
      return;
    observer.clearLine();
    if (diag.getSeverity() == DiagnosticSeverity::Error) {
      ++errors;
      observer.error(diag.str());
    }
    llvm::outs().flush();
    const char *kind = "error";
    if (diag.getSeverity() == DiagnosticSeverity::Remark)
      kind = "remark";
    else if (diag.getSeverity() == DiagnosticSeverity::Warning)
      kind = "warning";
    else if (diag.getSeverity() == DiagnosticSeverity::Note)
      kind = "note";
    llvm::errs() << "mcore-run: " << kind << ": " << diag.str() << "\n";
    for (Diagnostic &note : diag.getNotes())
      llvm::errs() << "mcore-run: note: " << note.str() << "\n";
  }

  /// A failed step: said already when it printed errors.
  RunStatus fail(llvm::Error error) {
    if (!errors)
      return reportError(observer, std::move(error));
    llvm::consumeError(std::move(error));
    return RunStatus::Failure;
  }

  RunObserver &observer;
  std::set<std::string> printed;
  unsigned errors = 0;
};

} // namespace

/// The problem and the form of sparse A the options describe.
static llvm::Error parseProblem(const RunMatmulOptions &options,
                                runner::MatmulFunction &problem,
                                SparseForm &form) {
  if (llvm::Error e =
          parseShape(options.shape, problem.m, problem.n, problem.k))
    return e;
  if (!options.inputFile.empty())
    return makeError("--matmul generates its program; do not also give a "
                     "file ('" +
                     options.inputFile + "')");
  auto parseType = [](const std::string &name,
                      const char *what) -> llvm::Expected<ElementType> {
    std::optional<ElementType> t = parseElementType(name);
    if (!t)
      return makeError("unknown " + std::string(what) + " '" + name +
                       "'; inputs are " + getInputTypeList() +
                       ", accumulators " + getAccumulatorTypeList());
    return *t;
  };
  llvm::Expected<ElementType> a = parseType(options.aType, "--a-type");
  if (!a)
    return a.takeError();
  llvm::Expected<ElementType> b = parseType(
      options.bType.empty() ? options.aType : options.bType, "--b-type");
  if (!b)
    return b.takeError();
  llvm::Expected<ElementType> c = parseType(
      options.cType.empty()
          ? getElementTypeName(getDefaultAccumulatorType(*a)).str()
          : options.cType,
      "--c-type");
  if (!c)
    return c.takeError();
  problem.a = *a;
  problem.b = *b;
  problem.c = *c;
  for (auto [flag, value] : {std::pair("a", &options.sparseA),
                             std::pair("b", &options.sparseB)})
    if (!value->empty() && *value != "2:4")
      return makeError(llvm::Twine("--sparse-") + flag + "=" + *value +
                       ": mcore supports 2:4 sparsity only (--sparse-" +
                       flag + "=2:4)");
  problem.sparseA = options.sparseA == "2:4";
  problem.sparseB = options.sparseB == "2:4";
  if (options.batch < 0)
    return makeError("--batch=" + std::to_string(options.batch) +
                     " must be at least 1");
  problem.batch = options.batch;
  problem.sharedA = options.sharedA;
  problem.sharedB = options.sharedB;
  problem.dynamicShapes = options.dynamicShapes;
  problem.transposeA = options.transposeA;
  problem.transposeB = options.transposeB;
  if (options.scales != "none" && options.scales != "e8m0")
    return makeError("--scales=" + options.scales +
                     " is not one of none, e8m0");
  problem.blockScaled = options.scales == "e8m0";
  if (options.sparseForm == "encoded")
    form = SparseForm::Encoded;
  else if (options.sparseForm == "compressed")
    form = SparseForm::Compressed;
  else
    return makeError("--sparse-form=" + options.sparseForm +
                     " is not one of encoded, compressed");
  // A bound that still lets a timing settle, and keeps a typo
  // (--repeat=1000000000) from running for days.
  constexpr int64_t kMaxRepeat = 100000;
  if (options.repeat < 1 || options.repeat > kMaxRepeat)
    return makeError("--repeat=" + std::to_string(options.repeat) +
                     " is out of range (1 to " + std::to_string(kMaxRepeat) +
                     ")");
  if (llvm::Error e = parseEpilogue(options.epilogue, options.outType, problem))
    return e;
  if (options.infNan && (!isFloatType(problem.a) || !isFloatType(problem.b)))
    return makeError("--inf-nan puts infinities and NaNs in A and B, which "
                     "needs float inputs; got " +
                     getElementTypeName(problem.a) + " x " +
                     getElementTypeName(problem.b));
  // fp6, bf6 and fp4 (OCP MX) have no infinity or NaN: such an operand
  // gets none, and with two of them there is nothing to put in.
  auto isFiniteOnly = [](ElementType t) {
    return llvm::is_contained(
        {ElementType::FP6, ElementType::BF6, ElementType::FP4}, t);
  };
  if (options.infNan && isFiniteOnly(problem.a) && isFiniteOnly(problem.b))
    return makeError("--inf-nan puts infinities and NaNs in A and B, and " +
                     getElementTypeName(problem.a) + " and " +
                     getElementTypeName(problem.b) +
                     " have none (OCP's fp6, bf6 and fp4 have no infinity or "
                     "NaN)");
  if (options.infNan && problem.hasEpilogue())
    return makeError("--inf-nan checks the matmul alone: not with --epilogue "
                     "or --out-type");
  if (problem.hasEpilogue() && problem.isSparse() &&
      form == SparseForm::Encoded)
    return makeError("--epilogue follows a dense matmul or a compressed 2:4 "
                     "operand (--sparse-form=compressed), not "
                     "--sparse-form=encoded");
  return llvm::Error::success();
}

/// The backend, and the chip (a GPU decides it when none is given).
static llvm::Expected<BackendChoice>
chooseBackendAndChip(const RunMatmulOptions &options,
                     runner::MatmulFunction &problem, RunObserver &observer) {
  llvm::Expected<Backend> requested = parseBackendOption(options.backend);
  if (!requested)
    return requested.takeError();
  llvm::Expected<std::optional<Chip>> chip = parseChipOption(options.chip);
  if (!chip)
    return chip.takeError();
  if (!options.sharedLibs.empty() && options.compileOnly)
    return makeError("--shared-libs has no effect with --compile-only");
  llvm::Expected<BackendChoice> choice =
      chooseRunBackend(options, *requested, chip->has_value(), observer);
  if (!choice)
    return choice.takeError();
  std::string gpu = choice->getDeviceChip();
  if (!*chip && !gpu.empty())
    *chip = parseChip(gpu);
  if (!*chip)
    return makeError("--matmul needs --chip=CHIP; supported chips: " +
                     getSupportedChipList());
  problem.chip = **chip;
  // The code object runs on the chosen device only, whatever the others are.
  if (!gpu.empty() && gpu != getChipName(problem.chip))
    return makeError("--chip=" + getChipName(problem.chip) +
                     ", but HIP device " + std::to_string(choice->device) +
                     " is " + gpu + "; a code object runs only on its chip" +
                     " (--device=N picks another GPU)");
  return choice;
}

/// Host memory for the operands, their copies and the reference (doubles),
/// estimated in floating point so that nothing overflows; the emulator's
/// "device" memory is host memory too.
static llvm::Error checkHostMemory(const RunMatmulOptions &options,
                                   const runner::MatmulFunction &problem) {
  double mk = double(problem.getBatchesA()) * double(problem.m) *
              double(problem.k),
         kn = double(problem.getBatchesB()) * double(problem.k) *
              double(problem.n),
         mn = double(problem.getBatches()) * double(problem.m) *
              double(problem.n);
  double need = (mk + kn) * (4 + 8 + 2 * 1) + mn * (4 * 3 + 8 * 3 + 2 * 4);
  double have =
      double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGE_SIZE));
  if (have > 0 && need > 0.8 * have)
    return makeError(llvm::formatv("--matmul={0} needs about {1:f1} GB of host "
                                   "memory for operands and the reference; "
                                   "this machine has {2:f1} GB",
                                   options.shape, need / 1e9, have / 1e9)
                         .str());
  return llvm::Error::success();
}

/// Generates and compiles the problem as a MatmulKernel, printing the
/// generated IR when asked.
static llvm::Expected<std::unique_ptr<MatmulKernel>>
compileKernel(const RunMatmulOptions &options,
              const runner::MatmulFunction &problem, SparseForm form,
              const BackendChoice &choice, DiagnosticPrinter &diagnostics) {
  llvm::Expected<std::unique_ptr<MCorePipelineOptions>> pipeline =
      getPipelineOptions(options, problem.chip, choice.backend,
                         options.intrinsic);
  if (!pipeline)
    return pipeline.takeError();
  MatmulKernelOptions kernelOptions;
  kernelOptions.sparseForm = form;
  // A runtime error ends the child process mcore-run runs in, with the
  // runtime's own message; with --json it is an error of the run instead, so
  // that it reaches the JSON object.
  kernelOptions.captureRuntimeErrors = options.json;
  kernelOptions.diagnosticHandler = [&diagnostics](Diagnostic &diag) {
    diagnostics.print(diag);
  };
  kernelOptions.configurePassManager = options.configurePassManager;
  kernelOptions.observer = &diagnostics.observer;
  llvm::Expected<std::unique_ptr<MatmulKernel>> kernel =
      MatmulKernel::prepare(problem, choice, **pipeline, kernelOptions);
  if (!kernel)
    return kernel.takeError();
  if (options.printInputIR)
    llvm::outs() << (*kernel)->getInputIR();
  if (llvm::Error e = (*kernel)->compileModule())
    return std::move(e);
  return kernel;
}

RunStatus runner::runMatmul(const RunMatmulOptions &options,
                            RunObserver &observer, MatmulRunReport *report) {
  MatmulRunReport local;
  MatmulRunReport &r = report ? *report : local;
  runner::MatmulFunction &problem = r.problem;
  SparseForm form = SparseForm::Compressed;
  if (llvm::Error e = parseProblem(options, problem, form))
    return reportError(observer, std::move(e));
  llvm::Expected<BackendChoice> choice =
      chooseBackendAndChip(options, problem, observer);
  if (!choice)
    return reportError(observer, choice.takeError());
  r.backend = choice->backend;
  if (llvm::Error e = problem.validate())
    return reportError(observer, std::move(e));
  if (!options.compileOnly)
    if (llvm::Error e = checkHostMemory(options, problem))
      return reportError(observer, std::move(e));

  DiagnosticPrinter diagnostics(observer);
  llvm::Expected<std::unique_ptr<MatmulKernel>> compiled =
      compileKernel(options, problem, form, *choice, diagnostics);
  if (!compiled)
    return diagnostics.fail(compiled.takeError());
  MatmulKernel &kernel = **compiled;
  if (options.printLoweredIR)
    printModule(kernel.getModule());
  if (!options.dumpBinary.empty())
    if (RunStatus s = dumpBinaries(kernel.getModule(), options, observer);
        s != RunStatus::Success)
      return s;
  r.intrinsic = kernel.getIntrinsic();
  r.config = kernel.describeConfig();
  r.accumulator = kernel.getAccumulator();
  r.denseFallback = kernel.usesDenseFallback();
  r.bf16x3 = kernel.usesBf16x3();
  r.swapped = kernel.usesSwappedOperands();
  r.compileMs = kernel.getCompileMilliseconds();
  if (options.compileOnly) {
    llvm::errs() << llvm::formatv("mcore-run: compiled {0} with {1} ({2}) in "
                                  "{3:f0} ms\n",
                                  problem.describe(), r.intrinsic, r.config,
                                  r.compileMs);
    return RunStatus::Success;
  }

  tellEmulatorChip(*choice, getChipName(problem.chip));
  observer.step("generating operands");
  MatmulData data = generateMatmulData(problem, options.seed, r.accumulator,
                                       options.infNan);
  r.exactSums = data.exactSums;
  r.infNan = data.infNan;
  if ((r.accumulator == ElementType::F16 ||
       r.accumulator == ElementType::BF16) &&
      !data.exactSums) {
    observer.clearLine();
    llvm::errs() << llvm::formatv(
        "mcore-run: note: {0} accumulates in {1}, and K = {2} is too large "
        "for operands whose partial sums are all exact in {1}; the check "
        "can only bound the error by (K + 2) ulps of {1} times sum |A*B|, "
        "which hides small errors (--c-type=f32, or a smaller K, checks "
        "sharply)\n",
        r.intrinsic, getElementTypeName(r.accumulator), problem.k);
  }
  llvm::Expected<llvm::SmallVector<std::string>> libs =
      getLinkedLibraries(options);
  if (!libs)
    return reportError(observer, libs.takeError());
  if (llvm::Error e = kernel.load(*libs))
    return reportError(observer, std::move(e));

  // Runs; the first is checked.
  bool compressed = problem.isSparse() && form == SparseForm::Compressed;
  std::vector<ElementBits> c = data.c0;
  std::vector<std::vector<float>> epilogueInputs;
  std::vector<ElementBits> out;
  EpilogueOperands epilogue;
  if (problem.hasEpilogue()) {
    epilogueInputs = generateEpilogueInputs(problem, options.seed);
    out.assign(size_t(problem.m * problem.n), 0);
    epilogue = {epilogueInputs, out};
  }
  BlockScales scales{data.scalesA, data.scalesB};
  llvm::Expected<std::vector<double>> times = kernel.runRepeated(
      compressed && problem.sparseA ? data.values : getStoredA(problem, data),
      compressed ? llvm::ArrayRef<uint32_t>(data.metadata)
                 : llvm::ArrayRef<uint32_t>(),
      compressed && problem.sparseB ? data.values : getStoredB(problem, data),
      c, options.repeat, problem.hasEpilogue() ? &epilogue : nullptr,
      problem.blockScaled ? &scales : nullptr);
  if (!times)
    return reportError(observer, times.takeError());
  r.timeMs = MatmulKernel::getReportedMilliseconds(*times);
  r.ran = true;

  observer.step("checking against the CPU reference");
  // xf32 instructions (f32-precision=tf32) read A and B truncated to 10
  // fraction bits; f32-precision=bf16x3 sums three products of bf16 pieces
  // (ProductError).
  const IntrinsicInfo *info = lookupIntrinsic(r.intrinsic);
  ProductError products;
  if (info && info->a.kind == ScalarKind::XF32)
    products = ProductError::xf32();
  else if (kernel.usesBf16x3())
    products = ProductError::bf16x3();
  MatmulReference reference =
      computeReference(problem, data, r.accumulator, products);
  r.check = checkResult(problem, reference, c);
  // OUT against the epilogue applied to C as the kernel wrote it.
  if (problem.hasEpilogue())
    r.epilogueCheck = checkEpilogue(problem, c, epilogueInputs, out);
  observer.stopSteps();

  printMatmulResult(r, options.json, llvm::outs());
  llvm::outs().flush();
  if (!r.check.pass) {
    const MatmulCheck &check = r.check;
    std::string batch = problem.isBatched()
                            ? llvm::formatv("[{0}]", check.batch).str()
                            : std::string();
    llvm::errs() << llvm::formatv(
        "mcore-run: {0} of {1} elements of C differ; the first is "
        "C{2}[{3}][{4}] = {5}, expected {6} (allowed error {7:e2})\n",
        check.mismatches, problem.getBatches() * problem.m * problem.n, batch,
        check.row, check.col, check.got, check.want, check.allowed);
    return RunStatus::Mismatch;
  }
  if (!r.epilogueCheck.pass) {
    const MatmulCheck &check = r.epilogueCheck;
    llvm::errs() << llvm::formatv(
        "mcore-run: {0} of {1} elements of the epilogue's result differ; the "
        "first is OUT[{2}][{3}] = {4:e8}, expected {5:e8} (allowed error "
        "{6:e2})\n",
        check.mismatches, problem.m * problem.n, check.row, check.col,
        check.got, check.want, check.allowed);
    return RunStatus::Mismatch;
  }
  return RunStatus::Success;
}

void runner::printMatmulResult(const MatmulRunReport &r, bool json,
                               llvm::raw_ostream &os) {
  const runner::MatmulFunction &p = r.problem;
  bool hardware = r.backend == Backend::Hip;
  // Dense-equivalent operations, as vendors count sparse throughput.
  double tflops = 2.0 * double(p.getBatches()) * double(p.m) * double(p.n) *
                  double(p.k) / (r.timeMs * 1e9);
  std::string status = r.check.pass && r.epilogueCheck.pass ? "PASS" : "FAIL";
  std::string epilogue = describeEpilogue(p);
  if (json) {
    llvm::json::Object object{
        {"m", p.m},
        {"n", p.n},
        {"k", p.k},
        {"a_type", getElementTypeName(p.a)},
        {"b_type", getElementTypeName(p.b)},
        {"c_type", getElementTypeName(p.c)},
        {"chip", getChipName(p.chip)},
        {"intrinsic", r.intrinsic},
        {"backend", getBackendName(r.backend)},
        {"sparse", p.sparseA},
        {"sparse_b", p.sparseB},
        {"batch", p.batch},
        {"shared_a", p.sharedA},
        {"shared_b", p.sharedB},
        {"mixed_sign", isUnsignedType(p.a) != isUnsignedType(p.b)},
        {"swapped", r.swapped},
        {"dynamic_shapes", p.dynamicShapes},
        {"transpose_a", p.transposeA},
        {"transpose_b", p.transposeB},
        {"dense_fallback", r.denseFallback},
        {"bf16x3", r.bf16x3},
        {"scales", p.blockScaled ? "e8m0" : "none"},
        {"exact_sums", r.exactSums},
        {"inf_nan", r.infNan},
        {"nonfinite", r.check.nonFinite},
        {"time_ms", r.timeMs},
        {"tflops", hardware ? llvm::json::Value(tflops) : nullptr},
        {"max_abs_err", r.check.maxAbsError},
        {"max_rel_err", r.check.maxRelError},
        {"status", status}};
    if (p.hasEpilogue()) {
      object["epilogue"] = epilogue;
      object["epilogue_max_abs_err"] = r.epilogueCheck.maxAbsError;
      object["epilogue_max_rel_err"] = r.epilogueCheck.maxRelError;
      object["epilogue_nonfinite"] = r.epilogueCheck.nonFinite;
    }
    os << llvm::json::Value(std::move(object)) << "\n";
    return;
  }
  os << llvm::formatv(
      "chip={0} intrinsic={1} backend={2} shape={3}x{4}x{5}{16} "
      "types={6}*{7}->{8}{18} sparse={9} time_ms={10:f3}{11} max_abs_err={12:e2} "
      "max_rel_err={13:e2}{17}{14} status={15}\n",
      getChipName(p.chip), r.intrinsic, getBackendName(r.backend), p.m, p.n,
      p.k, getElementTypeName(p.a), getElementTypeName(p.b),
      getElementTypeName(p.c),
      p.sparseA   ? "2:4"
      : p.sparseB ? "2:4-b"
                  : "none",
      r.timeMs,
      hardware ? llvm::formatv(" tflops={0:f2}", tflops).str() : std::string(),
      r.check.maxAbsError, r.check.maxRelError,
      p.hasEpilogue()
          ? llvm::formatv(" epilogue={0} epilogue_max_abs_err={1:e2} "
                          "epilogue_max_rel_err={2:e2}{3}",
                          llvm::join(llvm::split(epilogue, ' '), ""),
                          r.epilogueCheck.maxAbsError,
                          r.epilogueCheck.maxRelError,
                          r.epilogueCheck.nonFinite
                              ? llvm::formatv(" epilogue_nonfinite={0}",
                                              r.epilogueCheck.nonFinite)
                                    .str()
                              : std::string())
                .str()
          : std::string(),
      status,
      p.isBatched() ? llvm::formatv(" batch={0}", p.batch).str()
                    : std::string(),
      // Elements of C that are infinities or NaNs (--inf-nan's operands,
      // or an overflow), as the reference has them.
      (r.infNan ? std::string(" inf_nan=1") : std::string()) +
          (r.check.nonFinite
               ? llvm::formatv(" nonfinite={0}", r.check.nonFinite).str()
               : std::string()),
      // f32 from bf16 pieces: the intrinsic is the bf16 one.
      std::string(r.bf16x3 ? " f32_precision=bf16x3" : "") +
          (p.blockScaled ? " scales=e8m0" : ""));
}
