//===- MatmulKernel.cpp - Compile a matmul once, run it many times --------===//
//
// See include/mcore/Runner/MatmulKernel.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/MatmulKernel.h"

#include "mcore/Dialect/MCore/IR/MCoreOps.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"
#include "mcore/Runner/Compile.h"
#include "mcore/Runner/MatmulEpilogue.h"
#include "mcore/Runner/Toolkit.h"
#include "mcore/Target/Sparsity.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FormatVariadic.h"

#include <chrono>
#include <cstring>
#include <mutex>
#include <optional>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::runner;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static double elapsedMs(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - since)
      .count();
}

namespace {
/// An argument of the generated function after C: an epilogue's scalar, a
/// vector (a 1-D memref's expanded descriptor: allocated and aligned
/// pointer, offset, size, stride) or a matrix (MemRefArg).
struct EpilogueArgument {
  explicit EpilogueArgument(float scalar) : scalar(scalar) {}
  EpilogueArgument(void *data, int64_t size)
      : isVector(true), allocated(data), aligned(data), size(size) {}
  explicit EpilogueArgument(MemRefArg matrix) : matrix(matrix) {}
  void pack(llvm::SmallVectorImpl<void *> &args) {
    if (matrix)
      return matrix->pack(args);
    if (!isVector)
      return args.push_back(&scalar);
    args.append({&allocated, &aligned, &offset, &size, &stride});
  }

  float scalar = 0;
  bool isVector = false;
  void *allocated = nullptr, *aligned = nullptr;
  int64_t offset = 0, size = 0, stride = 1;
  std::optional<MemRefArg> matrix;
};
} // namespace

namespace {

/// Everything that touches a runtime library's state (module loads, runs,
/// unloads, the captured errors) takes this lock.
std::mutex &runtimeMutex() {
  static auto *m = new std::mutex();
  return *m;
}

/// The backend whose runtime library serves this process (see the header).
std::optional<Backend> &processBackend() {
  static std::optional<Backend> backend;
  return backend;
}

} // namespace

struct MatmulKernel::Impl {
  MatmulKernelOptions options;
  size_t remarksGiven = 0;
  std::unique_ptr<MCorePipelineOptions> pipeline;
  // The context outlives what refers to it (declared first, destroyed last).
  std::unique_ptr<MLIRContext> context;
  std::unique_ptr<DiagnosticLog> log; ///< without a diagnosticHandler
  std::string inputIR;
  OwningOpRef<ModuleOp> module;
  bool compiled = false;
  std::optional<RuntimeLibrary> runtime;
  std::unique_ptr<ExecutionEngine> engine;

  /// The compiler's errors as text (or `fallback`); warnings and remarks
  /// to `remarks`.
  llvm::Error fail(const llvm::Twine &fallback) {
    giveRemarks();
    return makeError(log ? log->getErrorText(fallback.str()) : fallback.str());
  }
  void giveRemarks() {
    if (!log || !options.remarks)
      return;
    for (; remarksGiven < log->warnings.size(); ++remarksGiven)
      options.remarks->push_back(log->warnings[remarksGiven]);
  }
  void step(const std::string &what) const {
    if (options.observer)
      options.observer->step(what);
  }
};

MatmulKernel::MatmulKernel() : impl(std::make_unique<Impl>()) {}

MatmulKernel::~MatmulKernel() {
  if (!impl->engine)
    return;
  // Unloading the GPU module (the engine's global destructors) goes through
  // the runtime.
  std::lock_guard<std::mutex> lock(runtimeMutex());
  llvm::consumeError(guarded([&] {
    impl->engine.reset();
    return llvm::Error::success();
  }));
}

llvm::Error MatmulKernel::guarded(llvm::function_ref<llvm::Error()> fn) const {
  if (impl->options.captureRuntimeErrors && impl->runtime)
    return impl->runtime->captureErrors(fn);
  return fn();
}

const std::string &MatmulKernel::getInputIR() const { return impl->inputIR; }

ModuleOp MatmulKernel::getModule() const {
  return impl->module ? *impl->module : ModuleOp();
}

//===----------------------------------------------------------------------===//
// Compiling and loading
//===----------------------------------------------------------------------===//

llvm::Expected<std::unique_ptr<MatmulKernel>> MatmulKernel::compile(
    const runner::MatmulFunction &problem, const BackendChoice &backend,
    const MCorePipelineOptions &options, std::vector<std::string> *remarks) {
  MatmulKernelOptions kernelOptions;
  kernelOptions.remarks = remarks;
  llvm::Expected<std::unique_ptr<MatmulKernel>> kernel =
      prepare(problem, backend, options, kernelOptions);
  if (!kernel)
    return kernel.takeError();
  if (llvm::Error e = (*kernel)->compileModule())
    return std::move(e);
  if (llvm::Error e = (*kernel)->load())
    return std::move(e);
  return kernel;
}

mcore::MatmulProblem
runner::getCompilerProblem(const runner::MatmulFunction &problem) {
  const runner::MatmulFunction &q = problem;
  mcore::MatmulProblem p;
  p.chip = q.chip;
  if (q.isSparse())
    p.name = "mcore.sparse_matmul";
  else if (isGenericContraction(q))
    p.name = "linalg.generic";
  else
    p.name = q.isBatched() ? "linalg.batch_matmul" : "linalg.matmul";
  auto size = [&](int64_t v) {
    return q.dynamicShapes ? mcore::MatmulProblem::kDynamic : v;
  };
  p.m = size(q.m);
  p.n = size(q.n);
  p.k = size(q.k);
  if (q.isBatched())
    p.batch = size(q.batch);
  p.sharedA = q.sharedA;
  p.sharedB = q.sharedB;
  // fp8 and bf8 are in the chip's encoding, OCP's on a chip without fp8
  // instructions (getMLIRTypeName).
  Fp8Format fp8 =
      q.getFp8Format() == Fp8Format::FNUZ ? Fp8Format::FNUZ : Fp8Format::OCP;
  auto fp8Of = [&](ElementType type) {
    ScalarKind kind = getScalarKind(type);
    return kind == ScalarKind::FP8 || kind == ScalarKind::BF8
               ? fp8
               : Fp8Format::None;
  };
  p.a = getScalarKind(q.a);
  p.b = getScalarKind(q.b);
  p.c = getScalarKind(q.c);
  p.unsignedA = isUnsignedType(q.a);
  p.unsignedB = isUnsignedType(q.b);
  p.fp8A = fp8Of(q.a);
  p.fp8B = fp8Of(q.b);
  p.sparseA = q.sparseA;
  p.sparseB = q.sparseB;
  p.transposeA = q.transposeA;
  p.transposeB = q.isStoredNK();
  p.blockScaled = q.blockScaled;
  // The op of a 2:4 B computes Cᵀ = W xᵀ: W is its compressed A.
  return q.sparseB ? p.swapped() : p;
}

llvm::Expected<std::unique_ptr<MatmulKernel>> MatmulKernel::prepare(
    const runner::MatmulFunction &problem, const BackendChoice &backend,
    const MCorePipelineOptions &options, MatmulKernelOptions kernelOptions) {
  if (llvm::Error e = problem.validate())
    return std::move(e);
  if (problem.hasEpilogue() && problem.isSparse() &&
      kernelOptions.sparseForm == SparseForm::Encoded)
    return makeError("an epilogue follows a dense matmul or a compressed 2:4 "
                     "operand (--sparse-form=compressed), not an encoded one");
  if (backend.backend == Backend::Auto)
    return makeError("MatmulKernel::compile needs a chosen backend (hip or "
                     "emu), not auto; see chooseBackend");
  {
    std::lock_guard<std::mutex> lock(runtimeMutex());
    std::optional<Backend> &current = processBackend();
    if (current && *current != backend.backend)
      return makeError(
          "this process already runs kernels on backend " +
          getBackendName(*current) +
          "; the hip and emu runtimes export the "
          "same mgpu* functions, so one process can use only one of them "
          "(backend " +
          getBackendName(backend.backend) + " was asked for)");
  }

  auto kernel = std::unique_ptr<MatmulKernel>(new MatmulKernel());
  kernel->problem = problem;
  kernel->form =
      problem.isSparse() ? kernelOptions.sparseForm : SparseForm::Compressed;
  kernel->backend = backend;
  Impl &impl = *kernel->impl;
  impl.options = std::move(kernelOptions);

  // The options, with the problem's chip and the backend's format.
  llvm::Expected<std::unique_ptr<MCorePipelineOptions>> parsed =
      parsePipelineOptions("");
  if (!parsed)
    return parsed.takeError();
  impl.pipeline = std::move(*parsed);
  MCorePipelineOptions &o = *impl.pipeline;
  o.copyOptionValuesFrom(options);
  o.chip = getChipName(problem.chip).str();
  o.format = getBinaryFormat(backend.backend).str();
  setDefaultToolkit(o);

  DialectRegistry registry;
  registerCompilerDialects(registry);
  impl.context = std::make_unique<MLIRContext>(registry);
  impl.context->printOpOnDiagnostic(false);
  // LLVM runs on the calling thread, where catchFatalErrors
  // (mcore/Runner/FatalErrors.h) can catch its fatal errors.
  impl.context->disableMultithreading();
  if (impl.options.diagnosticHandler)
    impl.context->getDiagEngine().registerHandler(
        [handler = impl.options.diagnosticHandler](Diagnostic &diag) {
          handler(diag);
          return success();
        });
  else
    impl.log = std::make_unique<DiagnosticLog>(*impl.context);

  auto parse = [&](SparseForm form) {
    return parseSourceString<ModuleOp>(buildMatmulModule(problem, form),
                                       ParserConfig(impl.context.get()));
  };
  // The configuration the tiler will choose (the instruction, the
  // accumulator), asked of the memref form: a 2:4-encoded A is a tensor.
  OwningOpRef<ModuleOp> memrefForm = parse(SparseForm::Compressed);
  if (!memrefForm)
    return impl.fail("internal error: the generated matmul does not parse");
  // f32-precision=bf16x3: the contractions the tiler configures are the
  // bf16 ones mcore-split-f32-matmul makes (the pipeline's run of it finds
  // nothing left to split).
  if (o.f32Precision == "bf16x3") {
    if (failed(splitF32Matmuls(*memrefForm)))
      return impl.fail("internal error: splitting the f32 matmul failed");
    kernel->bf16x3 = problem.a == ElementType::F32 &&
                     problem.b == ElementType::F32 &&
                     problem.c == ElementType::F32;
  }
  Operation *matmul = nullptr;
  // The first one that reduces: not a fill (of a temporary C) nor the
  // element-wise splits of bf16x3; an epilogue's linalg.generic follows the
  // matmul.
  memrefForm->walk([&](Operation *op) {
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!isa<SparseMatmulOp>(op) &&
        (!linalgOp || linalgOp.getNumReductionLoops() == 0))
      return WalkResult::advance();
    matmul = op;
    return WalkResult::interrupt();
  });
  if (!matmul)
    return impl.fail("internal error: the generated IR has no matmul");
  std::optional<TuningTable> table;
  if (!o.tuningFile.empty()) {
    llvm::Expected<TuningTable> loaded = TuningTable::load(o.tuningFile);
    if (!loaded)
      return loaded.takeError();
    table = std::move(*loaded);
  }
  MatmulTilingOptions tiling = o.getTilingOptions(problem.chip);
  if (problem.blockScaled &&
      getMatmulIntrinsicCandidates(getCompilerProblem(problem), tiling)
          .empty()) {
    // No block-scaled instruction for the formats: loops in a kernel of
    // its own (mcore-linalg-to-gpu), accumulating in f32
    // (docs/MatmulForms.md).
    kernel->intrinsic = "none";
    kernel->config = "loops";
    kernel->accumulator = ElementType::F32;
  } else if (std::optional<std::string> simt =
                 problem.blockScaled ? std::nullopt
                                     : getSimtMatmulReason(matmul, tiling)) {
    // No matrix instruction: the SIMT kernel accumulates in C's type.
    kernel->intrinsic = "none";
    kernel->config = "simt";
    kernel->accumulator = problem.c;
  } else {
    FailureOr<MatmulTileConfig> config =
        configureMatmul(matmul, tiling, table ? &*table : nullptr);
    if (failed(config))
      return impl.fail("no kernel configuration for " + problem.describe());
    std::optional<ElementType> accumulator =
        getAccumulatorElementType(config->getAccumulatorKind());
    if (!accumulator)
      return impl.fail("internal error: unexpected accumulator type");
    kernel->intrinsic = config->intrinsic->name;
    kernel->config = config->describe();
    kernel->tileConfig = *config;
    kernel->accumulator = *accumulator;
    kernel->denseFallback = config->decompressA || config->decompressB;
    kernel->swapped = config->isSwapped();
  }

  impl.inputIR = buildMatmulModule(problem, kernel->form);
  if (kernel->form == SparseForm::Compressed)
    impl.module = std::move(memrefForm);
  else
    impl.module = parse(kernel->form);
  if (!impl.module)
    return impl.fail("internal error: the generated matmul does not parse");
  impl.giveRemarks();
  return kernel;
}

llvm::Error MatmulKernel::compileModule() {
  if (!impl->module || impl->compiled)
    return makeError("MatmulKernel::compileModule: compiled already");
  impl->step("compiling " + problem.describe());
  auto start = std::chrono::steady_clock::now();
  std::string error;
  if (failed(runMCorePipeline(*impl->module, *impl->pipeline,
                              impl->options.configurePassManager, error))) {
    if (!error.empty()) {
      impl->giveRemarks();
      return makeError(error);
    }
    return impl->fail("compiling " + problem.describe() + " failed");
  }
  compileMs = elapsedMs(start);
  impl->compiled = true;
  if (impl->options.observer)
    impl->options.observer->stopSteps();
  impl->giveRemarks();
  return llvm::Error::success();
}

llvm::Expected<std::string> MatmulKernel::serializeCompiledModule() const {
  if (!impl->compiled || !impl->module)
    return makeError("MatmulKernel::serializeCompiledModule: needs a "
                     "compiled module, before load()");
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  if (failed(writeBytecodeToFile(*impl->module, os)))
    return makeError("cannot write the compiled module as bytecode");
  return bytes;
}

llvm::Error MatmulKernel::adoptCompiledModule(llvm::StringRef bytecode) {
  if (!impl->module || impl->compiled)
    return makeError("MatmulKernel::adoptCompiledModule: needs a prepared, "
                     "not yet compiled kernel");
  // Errors of a damaged module are this function's, not the compiler's.
  ScopedDiagnosticHandler quiet(impl->context.get(),
                                [](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      bytecode, ParserConfig(impl->context.get()));
  // What compileModule() leaves: host code around one gpu.binary at least,
  // nothing of the generated linalg left.
  if (!module || module->getOps<gpu::BinaryOp>().empty() ||
      !module->getOps<gpu::GPUModuleOp>().empty())
    return makeError("the cached module is not a compiled matmul module");
  impl->module = std::move(module);
  impl->compiled = true;
  return llvm::Error::success();
}

llvm::Error MatmulKernel::load(llvm::ArrayRef<std::string> moreLibraries) {
  if (!impl->compiled || impl->engine)
    return makeError(
        "MatmulKernel::load: needs a compiled module, loaded once");
  std::unique_lock<std::mutex> lock(runtimeMutex());
  llvm::Expected<RuntimeLibrary> runtime = RuntimeLibrary::open(backend);
  if (!runtime)
    return runtime.takeError();
  if (impl->options.captureRuntimeErrors && !runtime->canCaptureErrors())
    // The error says what the library lacks.
    return runtime->captureErrors([] { return llvm::Error::success(); });
  impl->runtime = *runtime;
  processBackend() = backend.backend;

  impl->step("JIT-compiling the host code");
  llvm::SmallVector<std::string> libs{backend.library};
  libs.append(moreLibraries.begin(), moreLibraries.end());
  llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
      createExecutionEngine(*impl->module, libs);
  if (!engine)
    return makeError("cannot JIT-compile the host code: " +
                     llvm::toString(engine.takeError()));
  impl->engine = std::move(*engine);
  // The host code is LLVM IR of its own now.
  impl->module = nullptr;
  impl->inputIR.clear();

  // Loading the GPU module (global constructors) may fail in the runtime.
  // The emulator takes the chip from the kernels' target-cpu, which the
  // pipeline records; the chip set here is its fallback for bitcode without
  // one.
  impl->runtime->setEmulatedChip(impl->pipeline->chip);
  impl->step("loading the kernel");
  if (impl->options.observer)
    impl->options.observer->startRunning();
  llvm::Error loaded = guarded([&] {
    impl->engine->initialize();
    return llvm::Error::success();
  });
  if (loaded)
    // Unloads what was loaded.
    llvm::consumeError(guarded([&] {
      impl->engine.reset();
      return llvm::Error::success();
    }));
  return loaded;
}

//===----------------------------------------------------------------------===//
// Running
//===----------------------------------------------------------------------===//

/// The shapes of the function's memref arguments, in order (the returned
/// C of an encoded 2:4 operand has C's shape).
static llvm::SmallVector<llvm::SmallVector<int64_t, 3>, 4>
argumentShapes(const runner::MatmulFunction &p, SparseForm form) {
  auto shape = [&](bool batched, int64_t rows, int64_t cols) {
    llvm::SmallVector<int64_t, 3> s;
    if (batched)
      s.push_back(p.batch);
    s.append({rows, cols});
    return s;
  };
  bool hasBatchA = p.isBatched() && !p.sharedA,
       hasBatchB = p.isBatched() && !p.sharedB;
  int64_t kc = sparse24::getCompressedCols(unsigned(p.k)),
          words = sparse24::getMetadataWords(unsigned(p.k));
  auto a = shape(hasBatchA, p.transposeA ? p.k : p.m,
                 p.transposeA ? p.m : p.k);
  auto b = shape(hasBatchB, p.isStoredNK() ? p.n : p.k,
                 p.isStoredNK() ? p.k : p.n);
  auto c = shape(p.isBatched(), p.m, p.n);
  if (p.blockScaled) {
    // M x K/32 x 32 and N x K/32 x 32 (buildMatmulModule), their scales.
    int64_t blocks = p.getScaleBlocks();
    return {{p.m, blocks, kMxScaleBlock},
            {p.n, blocks, kMxScaleBlock},
            {p.m, blocks},
            {p.n, blocks},
            c};
  }
  if (!p.isSparse() || form == SparseForm::Encoded)
    return {a, b, c};
  if (p.sparseA)
    return {shape(hasBatchA, p.m, kc), shape(hasBatchA, p.m, words), b, c};
  return {a, shape(hasBatchB, p.n, kc), shape(hasBatchB, p.n, words), c};
}

llvm::Error
MatmulKernel::checkOperands(size_t a, size_t metadata, size_t b, size_t c,
                            const EpilogueOperands *epilogue,
                            const BlockScales *scales) const {
  const runner::MatmulFunction &p = problem;
  bool compressed = p.isSparse() && form == SparseForm::Compressed;
  auto shapes = argumentShapes(p, form);
  auto check = [](const std::string &what, size_t got,
                  llvm::ArrayRef<int64_t> shape) -> llvm::Error {
    size_t want = 1;
    for (int64_t d : shape)
      want *= size_t(d);
    if (got == want)
      return llvm::Error::success();
    return makeError(llvm::formatv("{0} must have {1} = {2} elements, got {3}",
                                   what,
                                   llvm::join(llvm::map_range(
                                                  shape,
                                                  [](int64_t d) {
                                                    return std::to_string(d);
                                                  }),
                                              " x "),
                                   want, got)
                         .str());
  };
  // Shapes of (A or its values, metadata, B or its values, C).
  // No metadata unless compressed: rows x 0.
  llvm::SmallVector<int64_t, 3> none = {p.sparseB ? p.n : p.m, 0};
  llvm::ArrayRef<int64_t> sa = shapes[0], sm = none, sb = shapes[1],
                          sc = shapes.back();
  if (compressed) {
    sm = shapes[p.sparseA ? 1 : 2];
    sb = shapes[p.sparseA ? 2 : 1];
  }
  std::string aName = compressed && p.sparseA ? "the compressed values of A"
                                              : "A";
  std::string bName = compressed && p.sparseB ? "the compressed values of B"
                                              : "B";
  if (llvm::Error e = check(aName, a, sa))
    return e;
  if (llvm::Error e = check(p.sparseA ? "the metadata of A"
                                      : "the metadata of B",
                            metadata, sm))
    return e;
  if (llvm::Error e = check(bName, b, sb))
    return e;
  if (llvm::Error e = check("C", c, sc))
    return e;
  if (p.blockScaled != (scales != nullptr))
    return makeError(p.blockScaled
                         ? "the problem is block-scaled; give its scales"
                         : "the problem has no block scales; do not give "
                           "scales");
  if (scales) {
    if (llvm::Error e = check("the scales of A", scales->a.size(), shapes[2]))
      return e;
    if (llvm::Error e = check("the scales of B", scales->b.size(), shapes[3]))
      return e;
  }
  if (!p.hasEpilogue())
    return epilogue ? makeError("the problem has no epilogue; do not give "
                                "epilogue operands")
                    : llvm::Error::success();
  if (!epilogue)
    return makeError("the problem has an epilogue; give its operands");
  std::vector<EpilogueInputShape> inputShapes = getEpilogueInputs(p);
  if (epilogue->inputs.size() != inputShapes.size())
    return makeError(llvm::formatv("the epilogue takes {0} operands, got {1}",
                                   inputShapes.size(), epilogue->inputs.size())
                         .str());
  for (auto [i, shape] : llvm::enumerate(inputShapes))
    if (llvm::Error e =
            check("epilogue operand #" + std::to_string(i),
                  epilogue->inputs[i].size(),
                  {getEpilogueInputSize(p, shape), int64_t(1)}))
      return e;
  return check("OUT", epilogue->out.size(), {p.m, p.n});
}

double MatmulKernel::getReportedMilliseconds(llvm::ArrayRef<double> times) {
  if (times.size() < 2)
    return times.empty() ? 0 : times.front();
  double sum = 0;
  for (double t : times.drop_front())
    sum += t;
  return sum / double(times.size() - 1);
}

llvm::Error MatmulKernel::run(llvm::ArrayRef<ElementBits> a,
                              llvm::ArrayRef<uint32_t> metadata,
                              llvm::ArrayRef<ElementBits> b,
                              llvm::MutableArrayRef<ElementBits> c,
                              const EpilogueOperands *epilogue,
                              const BlockScales *scales) const {
  return runRepeated(a, metadata, b, c, 1, epilogue, scales).takeError();
}

llvm::Expected<std::vector<double>> MatmulKernel::runRepeated(
    llvm::ArrayRef<ElementBits> a, llvm::ArrayRef<uint32_t> metadata,
    llvm::ArrayRef<ElementBits> b, llvm::MutableArrayRef<ElementBits> c,
    int64_t repeat, const EpilogueOperands *epilogue,
    const BlockScales *scales) const {
  if (!impl->engine)
    return makeError("MatmulKernel: run before load");
  if (repeat < 1)
    return makeError("MatmulKernel: repeat = " + llvm::Twine(repeat) +
                     " must be at least 1");
  if (llvm::Error e = checkOperands(a.size(), metadata.size(), b.size(),
                                    c.size(), epilogue, scales))
    return std::move(e);
  const runner::MatmulFunction &p = problem;
  bool compressed = p.isSparse() && form == SparseForm::Compressed;
  // The generated op says its metadata is canonical (canonical_metadata,
  // so the kernel has no GPU check): compressed operands are checked here,
  // on the host, before anything runs.
  if (compressed) {
    llvm::ArrayRef<ElementBits> wide = p.sparseA ? a : b;
    // sparse24 works on 32-bit patterns: no 2:4 instruction reads wider ones.
    std::vector<uint32_t> values(wide.begin(), wide.end());
    int64_t rows = p.sparseA ? p.getBatchesA() * p.m : p.getBatchesB() * p.n;
    if (llvm::Error e = sparse24::checkCompressed(
            getScalarKind(p.sparseA ? p.a : p.b), values, metadata,
            unsigned(rows), unsigned(p.k), p.sparseA ? "A" : "B"))
      return std::move(e);
  }
  // An encoded 2:4 operand is compressed by the compiled code, which
  // returns C.
  bool returnsC = p.isSparse() && form == SparseForm::Encoded;
  auto shapes = argumentShapes(p, form);

  std::lock_guard<std::mutex> lock(runtimeMutex());
  const RuntimeLibrary &rt = *impl->runtime;
  // The emulator tells the observer how far each run is.
  rt.setProgressObserver(impl->options.observer);
  llvm::scope_exit forget([&] { rt.setProgressObserver(nullptr); });
  llvm::SmallVector<void *, 4> buffers;
  std::vector<uint8_t> cBytes = toBytes(p.c, c), outBytes;
  std::vector<ElementBits> metadataBits(metadata.begin(), metadata.end());
  std::vector<double> times;
  llvm::Error result = guarded([&]() -> llvm::Error {
    auto upload = [&](const std::vector<uint8_t> &bytes) {
      void *ptr = rt.alloc(bytes.size());
      buffers.push_back(ptr);
      if (ptr)
        rt.copy(ptr, bytes.data(), bytes.size());
      return ptr;
    };
    void *dC = upload(cBytes);
    // The arguments in the function's order: the metadata after the
    // compressed operand's values.
    llvm::SmallVector<void *, 4> data;
    data.push_back(upload(toBytes(p.a, a)));
    if (compressed && p.sparseA)
      data.push_back(upload(toBytes(ElementType::I32, metadataBits)));
    data.push_back(upload(toBytes(p.b, b)));
    if (compressed && p.sparseB)
      data.push_back(upload(toBytes(ElementType::I32, metadataBits)));
    if (scales) {
      data.push_back(
          upload(std::vector<uint8_t>(scales->a.begin(), scales->a.end())));
      data.push_back(
          upload(std::vector<uint8_t>(scales->b.begin(), scales->b.end())));
    }
    data.push_back(dC);
    llvm::SmallVector<MemRefArg, 4> operands;
    for (auto [ptr, shape] : llvm::zip_equal(data, shapes))
      operands.emplace_back(ptr, shape);
    // The epilogue's operands and OUT follow C: vectors as 1-D memrefs,
    // scalars as f32 values, matrices as 2-D memrefs.
    std::vector<EpilogueArgument> epilogueArgs;
    void *dOut = nullptr;
    if (epilogue) {
      std::vector<EpilogueInputShape> inputShapes = getEpilogueInputs(p);
      for (auto [shape, values] : llvm::zip(inputShapes, epilogue->inputs)) {
        if (shape == EpilogueInputShape::Scalar) {
          epilogueArgs.emplace_back(values[0]);
          continue;
        }
        std::vector<uint8_t> bytes(values.size() * sizeof(float));
        std::memcpy(bytes.data(), values.data(), bytes.size());
        void *ptr = upload(bytes);
        if (shape == EpilogueInputShape::Matrix)
          epilogueArgs.emplace_back(MemRefArg(ptr, {p.m, p.n}));
        else
          epilogueArgs.emplace_back(ptr, int64_t(values.size()));
      }
      dOut = upload(std::vector<uint8_t>(size_t(p.m * p.n) *
                                         getStorageBytes(p.getOutType())));
      epilogueArgs.emplace_back(MemRefArg(dOut, {p.m, p.n}));
    }
    if (llvm::is_contained(buffers, nullptr))
      return makeError("cannot allocate device memory for the operands");
    MemRefArg resultC(nullptr, shapes.back());
    for (int64_t run = 0; run < repeat; ++run) {
      impl->step(
          llvm::formatv(
              "running on {0}{1}", getBackendName(getBackend()),
              repeat > 1
                  ? llvm::formatv(" (run {0} of {1})", run + 1, repeat).str()
                  : std::string())
              .str());
      llvm::SmallVector<void *, 32> args;
      for (MemRefArg &op : operands)
        op.pack(args);
      for (EpilogueArgument &arg : epilogueArgs)
        arg.pack(args);
      if (returnsC)
        args.push_back(&resultC);
      rt.setKernelTiming(true);
      rt.takeKernelMilliseconds();
      auto start = std::chrono::steady_clock::now();
      if (llvm::Error e = impl->engine->invokePacked("matmul", args)) {
        rt.setKernelTiming(false);
        return e;
      }
      double wall = elapsedMs(start);
      double device = rt.takeKernelMilliseconds();
      times.push_back(rt.canTimeKernels() && device > 0 ? device : wall);
      if (run > 0)
        continue;
      void *out = dC;
      if (returnsC)
        out = static_cast<char *>(resultC.aligned) +
              resultC.offset * getStorageBytes(p.c);
      if (!out)
        return makeError("the compiled matmul returned no C");
      // A returned C that is a copy stays allocated: its allocator is the
      // compiled code's business.
      rt.copy(cBytes.data(), out, cBytes.size());
      if (epilogue) {
        outBytes.resize(epilogue->out.size() * getStorageBytes(p.getOutType()));
        rt.copy(outBytes.data(), dOut, outBytes.size());
      }
    }
    rt.setKernelTiming(false);
    return llvm::Error::success();
  });
  llvm::consumeError(guarded([&] {
    for (void *ptr : buffers)
      if (ptr)
        rt.free(ptr);
    return llvm::Error::success();
  }));
  if (result)
    return std::move(result);
  std::vector<ElementBits> bits = fromBytes(p.c, cBytes);
  std::copy(bits.begin(), bits.end(), c.begin());
  if (epilogue) {
    std::vector<ElementBits> outBits = fromBytes(p.getOutType(), outBytes);
    std::copy(outBits.begin(), outBits.end(), epilogue->out.begin());
  }
  lastRunMs = getReportedMilliseconds(times);
  return times;
}
