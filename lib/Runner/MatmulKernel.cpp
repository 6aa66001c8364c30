//===- MatmulKernel.cpp - Compile a matmul once, run it many times --------===//
//
// See include/mcore/Runner/MatmulKernel.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/MatmulKernel.h"

#include "mcore/Runner/Compile.h"
#include "mcore/Target/Sparsity.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/FormatVariadic.h"

#include <chrono>
#include <mutex>
#include <optional>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::runner;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

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
  RuntimeLibrary runtime;
  std::unique_ptr<ExecutionEngine> engine;
};

MatmulKernel::~MatmulKernel() {
  if (!impl)
    return;
  // Unloading the GPU module (the engine's global destructors) goes through
  // the runtime.
  std::lock_guard<std::mutex> lock(runtimeMutex());
  llvm::consumeError(impl->runtime.captureErrors([&] {
    impl->engine.reset();
    return llvm::Error::success();
  }));
}

llvm::Expected<std::unique_ptr<MatmulKernel>> MatmulKernel::compile(
    const MatmulProblem &problem, const BackendChoice &backend,
    const MCorePipelineOptions &options, std::vector<std::string> *remarks) {
  if (llvm::Error e = problem.validate())
    return std::move(e);
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

  // The options, with the problem's chip and the backend's format.
  llvm::Expected<std::unique_ptr<MCorePipelineOptions>> parsed =
      parsePipelineOptions("");
  if (!parsed)
    return parsed.takeError();
  MCorePipelineOptions &o = **parsed;
  o.copyOptionValuesFrom(options);
  o.chip = getChipName(problem.chip).str();
  o.format = getBinaryFormat(backend.backend).str();

  DialectRegistry registry;
  registerCompilerDialects(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  DiagnosticLog log(context);
  auto fail = [&](llvm::StringRef fallback) {
    if (remarks)
      llvm::append_range(*remarks, log.warnings);
    return makeError(log.getErrorText(fallback));
  };

  std::string text = buildMatmulModule(problem, SparseForm::Compressed);
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, ParserConfig(&context));
  if (!module)
    return fail("internal error: the generated matmul does not parse");

  // The configuration the tiler will choose (the instruction, the
  // accumulator); its errors say what the chip supports.
  Operation *matmul = nullptr;
  module->walk([&](Operation *op) {
    if (isa<linalg::MatmulOp>(op) ||
        op->getName().getStringRef() == "mcore.sparse_matmul")
      matmul = op;
  });
  FailureOr<MatmulTileConfig> config =
      getMatmulTileConfig(matmul, o.getTilingOptions(problem.chip));
  if (failed(config))
    return fail("no kernel configuration for " + problem.describe());
  std::optional<ElementType> accumulator =
      getAccumulatorElementType(config->accElementType);
  if (!accumulator)
    return fail("internal error: unexpected accumulator type");

  PassManager pm(&context);
  std::string error;
  if (failed(buildMCorePipeline(pm, o, &error)))
    return makeError(error);
  if (failed(pm.run(*module)))
    return fail("compiling " + problem.describe() + " failed");
  if (remarks)
    llvm::append_range(*remarks, log.warnings);

  auto kernel = std::unique_ptr<MatmulKernel>(new MatmulKernel());
  kernel->problem = problem;
  kernel->backend = backend;
  kernel->intrinsic = config->intrinsic->name;
  kernel->config = config->describe();
  kernel->accumulator = *accumulator;
  kernel->denseFallback = config->decompressA;

  std::unique_lock<std::mutex> lock(runtimeMutex());
  llvm::Expected<RuntimeLibrary> runtime = RuntimeLibrary::open(backend);
  if (!runtime)
    return runtime.takeError();
  if (!runtime->canCaptureErrors())
    // The error says what the library lacks.
    return runtime->captureErrors([] { return llvm::Error::success(); });
  processBackend() = backend.backend;
  llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
      createExecutionEngine(*module, {backend.library});
  if (!engine)
    return makeError("cannot JIT-compile the host code: " +
                     llvm::toString(engine.takeError()));
  kernel->impl = std::unique_ptr<Impl>(new Impl{*runtime, std::move(*engine)});
  // Loading the GPU module (global constructors) may fail in the runtime.
  // The emulator takes the chip from the kernels' target-cpu, which the
  // pipeline records; the chip set here is its fallback for bitcode without
  // one.
  runtime->setEmulatedChip(o.chip);
  llvm::Error loaded = runtime->captureErrors([&] {
    kernel->impl->engine->initialize();
    return llvm::Error::success();
  });
  lock.unlock();
  if (loaded) {
    kernel.reset(); // unloads what was loaded
    return std::move(loaded);
  }
  return kernel;
}

llvm::Error MatmulKernel::run(llvm::ArrayRef<uint32_t> a,
                              llvm::ArrayRef<uint32_t> metadata,
                              llvm::ArrayRef<uint32_t> b,
                              llvm::MutableArrayRef<uint32_t> c) const {
  const MatmulProblem &p = problem;
  size_t m = size_t(p.m), n = size_t(p.n), k = size_t(p.k);
  size_t aCols = p.sparseA ? sparse24::getCompressedCols(unsigned(k)) : k;
  size_t words = p.sparseA ? sparse24::getMetadataWords(unsigned(k)) : 0;
  auto check = [](const char *what, size_t got, size_t rows,
                  size_t cols) -> llvm::Error {
    if (got == rows * cols)
      return llvm::Error::success();
    return makeError(llvm::formatv("{0} must have {1} x {2} = {3} elements, "
                                   "got {4}",
                                   what, rows, cols, rows * cols, got)
                         .str());
  };
  if (llvm::Error e = check(p.sparseA ? "the compressed values of A" : "A",
                            a.size(), m, aCols))
    return e;
  if (llvm::Error e = check("the metadata of A", metadata.size(), m, words))
    return e;
  if (llvm::Error e = check("B", b.size(), k, n))
    return e;
  if (llvm::Error e = check("C", c.size(), m, n))
    return e;

  std::lock_guard<std::mutex> lock(runtimeMutex());
  const RuntimeLibrary &rt = impl->runtime;
  llvm::SmallVector<void *, 4> buffers;
  std::vector<uint8_t> cBytes = toBytes(p.c, c);
  llvm::Error result = impl->runtime.captureErrors([&]() -> llvm::Error {
    auto upload = [&](const std::vector<uint8_t> &bytes) {
      void *ptr = rt.alloc(bytes.size());
      buffers.push_back(ptr);
      if (ptr)
        rt.copy(ptr, bytes.data(), bytes.size());
      return ptr;
    };
    llvm::SmallVector<MemRef2D, 4> operands;
    operands.emplace_back(upload(toBytes(p.a, a)), int64_t(m), int64_t(aCols));
    if (p.sparseA)
      operands.emplace_back(upload(toBytes(ElementType::I32, metadata)),
                            int64_t(m), int64_t(words));
    operands.emplace_back(upload(toBytes(p.b, b)), int64_t(k), int64_t(n));
    void *dC = upload(cBytes);
    operands.emplace_back(dC, int64_t(m), int64_t(n));
    if (llvm::is_contained(buffers, nullptr))
      return makeError("cannot allocate device memory for the operands");
    llvm::SmallVector<void *, 32> args;
    for (MemRef2D &op : operands)
      op.pack(args);
    rt.setKernelTiming(true);
    rt.takeKernelMilliseconds();
    auto start = std::chrono::steady_clock::now();
    llvm::Error invoked = impl->engine->invokePacked("matmul", args);
    rt.setKernelTiming(false);
    if (invoked)
      return invoked;
    double wall = std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - start)
                      .count();
    double device = rt.takeKernelMilliseconds();
    lastRunMs = rt.canTimeKernels() && device > 0 ? device : wall;
    rt.copy(cBytes.data(), dC, cBytes.size());
    return llvm::Error::success();
  });
  llvm::consumeError(impl->runtime.captureErrors([&] {
    for (void *ptr : buffers)
      if (ptr)
        rt.free(ptr);
    return llvm::Error::success();
  }));
  if (result)
    return result;
  std::vector<uint32_t> bits = fromBytes(p.c, cBytes);
  std::copy(bits.begin(), bits.end(), c.begin());
  return llvm::Error::success();
}
