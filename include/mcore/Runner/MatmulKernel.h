//===- MatmulKernel.h - Compile a matmul once, run it often ----*- C++ -*-===//
//
// A MatmulFunction compiled for a backend, with its host code JIT-compiled
// and its GPU module loaded, ready to run on operands the caller gives (as
// element bit patterns, Matmul.h). It is the one implementation of a
// generated matmul: the Python package's mcore.matmul and
// `mcore-run --matmul` (RunMatmul.h) both run it.
//
//   BackendChoice backend = cantFail(chooseBackend(Backend::Auto));
//   auto options = cantFail(parsePipelineOptions(""));
//   std::vector<std::string> remarks;
//   llvm::Expected<std::unique_ptr<MatmulKernel>> kernel =
//       MatmulKernel::compile(problem, backend, *options, &remarks);
//   if (llvm::Error e = (*kernel)->run(a, {}, b, c)) ...
//
// compile() is three steps a driver can take one at a time, to look at the
// generated IR and the compiled module in between (mcore-run's
// --print-input-ir, --compile-only, ...): prepare() generates the IR and
// asks the tiler for the configuration, compileModule() runs the pipeline,
// load() JIT-compiles the host code and loads the GPU module. A persistent
// kernel cache (the Python package's) keeps what compileModule() made as
// bytes (serializeCompiledModule) and gives it back to another process in
// its place (adoptCompiledModule), which then skips the pipeline.
//
// By default nothing here ends the process: errors of the compiler, of the
// runtime library (a module the emulator cannot load, a fault in a kernel,
// a failing HIP call) and of the operands come back as llvm::Error; errors
// the runtime library reports are captured with its
// mcore{Emu,Hip}CaptureErrors extension (include/mcore/Runtime/).
//
// The hip and emu runtime libraries export the same mgpu* functions, and the
// JIT binds host code to the first one loaded, so one process runs kernels
// on one backend: compiling for the other one afterwards is an error.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_RUNNER_MATMULKERNEL_H
#define MCORE_RUNNER_MATMULKERNEL_H

#include "mcore/Pipeline/Pipeline.h"
#include "mcore/Runner/Matmul.h"
#include "mcore/Runner/Runner.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class Diagnostic;
class PassManager;
} // namespace mlir

namespace mlir::mcore::runner {

/// `problem` as the compiler's heuristic takes it (MatmulProblem of
/// mcore/Target/MatmulProblem.h): what the configure pass reads off the op
/// buildMatmulModule generates in its compressed form, so that the runner,
/// the tuner and Python ask the heuristic without generating IR. A 2:4 B is
/// that op's swapped product (Cᵀ = W xᵀ on mcore.sparse_matmul).
mcore::MatmulProblem getCompilerProblem(const MatmulFunction &problem);

/// How a MatmulKernel is generated, compiled and run, beyond the problem and
/// the pipeline options. The defaults suit an embedder (the Python
/// package); mcore-run sets the rest.
struct MatmulKernelOptions {
  /// How a 2:4-sparse A reaches the kernel (Matmul.h). With
  /// SparseForm::Encoded the compiled code validates A, and ends the
  /// process (status 65, naming the row and group) when it is not 2:4.
  SparseForm sparseForm = SparseForm::Compressed;
  /// true: the runtime library's errors are captured and returned. false:
  /// they are left to the library, which prints them and ends the process
  /// (mcore-run, whose kernels run in a supervised child process).
  bool captureRuntimeErrors = true;
  /// Receives each diagnostic of the compiler as it comes (mcore-run prints
  /// them). Without it, errors come back as the text of the llvm::Error and
  /// warnings and remarks go to `remarks`.
  std::function<void(Diagnostic &)> diagnosticHandler;
  /// Without a diagnosticHandler: receives the compiler's warnings and
  /// remarks (a dense fallback), also when a step fails (may be null).
  std::vector<std::string> *remarks = nullptr;
  /// Called on the pass manager before the pipeline is added to it
  /// (mcore-run: MLIR's --mlir-timing, --mlir-print-ir-*, ...).
  std::function<LogicalResult(PassManager &)> configurePassManager;
  /// Told the steps of compiling, loading and running (may be null).
  RunObserver *observer = nullptr;
};

/// The operands of a fused epilogue (problem.hasEpilogue(), MatmulEpilogue.h):
/// `inputs` in the order of getEpilogueInputs (f32 values: M or N for a
/// vector, one for a scalar, M x N row-major for a matrix); `out` (M x N, bit
/// patterns of problem.getOutType()) receives OUT.
struct EpilogueOperands {
  llvm::ArrayRef<std::vector<float>> inputs;
  llvm::MutableArrayRef<ElementBits> out;
};

/// The E8M0 block scales of a block-scaled problem (problem.blockScaled,
/// Matmul.h): biased exponents, one per 32 elements of K, M x K/32 for A and
/// N x K/32 for B, row-major.
struct BlockScales {
  llvm::ArrayRef<uint8_t> a, b;
};

class MatmulKernel {
public:
  /// Compiles `problem` (a sparse A in the canonical compressed form,
  /// SparseForm::Compressed) with `options` (chip and format are taken from
  /// the problem and the backend), JIT-compiles the host code and loads the
  /// GPU module: prepare(), compileModule() and load(). Fails with the
  /// compiler's messages (e.g. the types the chip supports), one per line;
  /// warnings and remarks (a dense fallback) go to `remarks`.
  static llvm::Expected<std::unique_ptr<MatmulKernel>>
  compile(const MatmulFunction &problem, const BackendChoice &backend,
          const MCorePipelineOptions &options,
          std::vector<std::string> *remarks = nullptr);

  /// Validates `problem`, generates its IR (buildMatmulModule) and asks the
  /// tiler for the configuration the pipeline will choose (on the memref
  /// form, linalg.matmul or mcore.sparse_matmul): its errors say what the
  /// chip supports. `backend` must be chosen (hip or emu); a hip one needs
  /// no library until load().
  static llvm::Expected<std::unique_ptr<MatmulKernel>>
  prepare(const MatmulFunction &problem, const BackendChoice &backend,
          const MCorePipelineOptions &options,
          MatmulKernelOptions kernelOptions = {});
  /// Runs the pipeline on the generated IR (once).
  llvm::Error compileModule();
  /// The compiled module (after compileModule(), before load()) as MLIR
  /// bytecode: host code and gpu.binary, what load() needs.
  llvm::Expected<std::string> serializeCompiledModule() const;
  /// In place of compileModule(): the compiled module from `bytecode`, the
  /// serializeCompiledModule() of a kernel prepared from the same problem
  /// and options by the same build of mcore (the caller's cache key says
  /// so). Fails, leaving the kernel as prepare() left it (compileModule()
  /// can still run), when the bytes do not parse as such a module.
  llvm::Error adoptCompiledModule(llvm::StringRef bytecode);
  /// JIT-compiles the host code against the backend's runtime library and
  /// `moreLibraries`, and loads the GPU module (once, after compileModule).
  /// The generated and compiled IR are freed.
  llvm::Error load(llvm::ArrayRef<std::string> moreLibraries = {});
  ~MatmulKernel();

  const MatmulFunction &getProblem() const { return problem; }
  SparseForm getSparseForm() const { return form; }
  Backend getBackend() const { return backend.backend; }
  /// The catalog intrinsic the kernel uses, "swmmac_f32_16x16x32_f16_w32";
  /// "none" for the SIMT kernel of types no matrix instruction computes
  /// (describeConfig() is then "simt").
  const std::string &getIntrinsic() const { return intrinsic; }
  /// The instruction's accumulator type (f32 for an f16 C without an f16
  /// instruction).
  ElementType getAccumulator() const { return accumulator; }
  /// Whether a 2:4 operand is decompressed in the kernel for a dense
  /// instruction (a chip or type without a sparse one, or the form the
  /// performance model found faster).
  bool usesDenseFallback() const { return denseFallback; }
  /// Whether the kernel computes Cᵀ = Bᵀ Aᵀ of the generated op
  /// (MatmulTileConfig::swapOperands).
  bool usesSwappedOperands() const { return swapped; }
  /// Whether f32 A and B are split into bf16 pieces whose three products
  /// sum into C (f32-precision=bf16x3; the intrinsic is a bf16 one).
  bool usesBf16x3() const { return bf16x3; }
  /// "128x128x32 tile, 2x2 waves of 32, ..." (MatmulTileConfig::describe).
  const std::string &describeConfig() const { return config; }
  /// The configuration the tiler chose.
  const MatmulTileConfig &getTileConfig() const { return tileConfig; }
  /// The generated IR, until load().
  const std::string &getInputIR() const;
  /// The module: generated, then compiled; null after load().
  ModuleOp getModule() const;
  /// Wall time of compileModule(), in milliseconds.
  double getCompileMilliseconds() const { return compileMs; }

  /// Runs C += A * B. Operands are element bit patterns, row-major, batch
  /// by batch (a shared operand once), as the kernel reads them: `a` is
  /// M x K (K x M with problem.transposeA), or for a 2:4 A in
  /// SparseForm::Compressed its values M x 2*ceil(K/4) with `metadata`
  /// M x ceil(K/32) words of the canonical format; `b` is K x N (N x K with
  /// problem.transposeB or a 2:4 B), or for a 2:4 B in
  /// SparseForm::Compressed its values N x 2*ceil(K/4) with `metadata`
  /// N x ceil(K/32); `c` (M x N per batch) holds the initial C and receives
  /// the result. A problem with an epilogue needs `epilogue` (and C is
  /// still written); a block-scaled one needs `scales` (its B is N x K).
  /// Sizes are checked. Not reentrant: run one kernel at a time per
  /// process.
  llvm::Error run(llvm::ArrayRef<ElementBits> a, llvm::ArrayRef<uint32_t> metadata,
                  llvm::ArrayRef<ElementBits> b, llvm::MutableArrayRef<ElementBits> c,
                  const EpilogueOperands *epilogue = nullptr,
                  const BlockScales *scales = nullptr) const;
  /// As run(), `repeat` times on the same device buffers (a benchmark
  /// loop): `c` receives the result of the first run; later runs go on
  /// accumulating into the device's C (`epilogue->out` receives the first
  /// run's OUT). Returns the time of each run: device
  /// time of its kernels where the backend measures it (hip), else wall
  /// time of the call into the compiled code, in milliseconds.
  llvm::Expected<std::vector<double>>
  runRepeated(llvm::ArrayRef<ElementBits> a, llvm::ArrayRef<uint32_t> metadata,
              llvm::ArrayRef<ElementBits> b, llvm::MutableArrayRef<ElementBits> c,
              int64_t repeat, const EpilogueOperands *epilogue = nullptr,
              const BlockScales *scales = nullptr) const;
  /// The time runRepeated's runs stand for: the first run's, or with more
  /// runs the mean of runs 2..N (the first warms up).
  static double getReportedMilliseconds(llvm::ArrayRef<double> times);
  /// getReportedMilliseconds of the last run() or runRepeated().
  double getLastRunMilliseconds() const { return lastRunMs; }

  struct Impl;

private:
  MatmulKernel();
  llvm::Error checkOperands(size_t a, size_t metadata, size_t b, size_t c,
                            const EpilogueOperands *epilogue,
                            const BlockScales *scales) const;
  /// Runs `fn` with the runtime's errors captured, or as it is.
  llvm::Error guarded(llvm::function_ref<llvm::Error()> fn) const;

  MatmulFunction problem;
  SparseForm form = SparseForm::Compressed;
  BackendChoice backend;
  std::string intrinsic, config;
  MatmulTileConfig tileConfig;
  ElementType accumulator = ElementType::F32;
  bool denseFallback = false, swapped = false, bf16x3 = false;
  double compileMs = 0;
  mutable double lastRunMs = 0;
  std::unique_ptr<Impl> impl;
};

} // namespace mlir::mcore::runner

#endif // MCORE_RUNNER_MATMULKERNEL_H
