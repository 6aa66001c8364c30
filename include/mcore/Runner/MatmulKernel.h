//===- MatmulKernel.h - Compile a matmul once, run it often ----*- C++ -*-===//
//
// A MatmulProblem compiled for a backend, with its host code JIT-compiled
// and its GPU module loaded, ready to run on operands the caller gives (as
// element bit patterns, Matmul.h): what the Python package's mcore.matmul
// runs, and what any program that embeds mcore can reuse.
//
//   BackendChoice backend = cantFail(chooseBackend(Backend::Auto));
//   auto options = cantFail(parsePipelineOptions(""));
//   std::vector<std::string> remarks;
//   llvm::Expected<std::unique_ptr<MatmulKernel>> kernel =
//       MatmulKernel::compile(problem, backend, *options, &remarks);
//   if (llvm::Error e = (*kernel)->run(a, {}, b, c)) ...
//
// Unlike mcore-run, nothing here ends the process: errors of the compiler,
// of the runtime library (a module the emulator cannot load, a fault in a
// kernel, a failing HIP call) and of the operands come back as llvm::Error.
// Errors the runtime library reports are captured with its
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

#include <memory>
#include <string>
#include <vector>

namespace mlir::mcore::runner {

class MatmulKernel {
public:
  /// Compiles `problem` (a sparse A in the canonical compressed form,
  /// SparseForm::Compressed) with `options` (chip and format are taken from
  /// the problem and the backend), JIT-compiles the host code and loads the
  /// GPU module. Fails with the compiler's messages (e.g. the types the chip
  /// supports), one per line; warnings and remarks (a dense fallback) go to
  /// `remarks`.
  static llvm::Expected<std::unique_ptr<MatmulKernel>>
  compile(const MatmulProblem &problem, const BackendChoice &backend,
          const MCorePipelineOptions &options,
          std::vector<std::string> *remarks = nullptr);
  ~MatmulKernel();

  const MatmulProblem &getProblem() const { return problem; }
  Backend getBackend() const { return backend.backend; }
  /// The catalog intrinsic the kernel uses, "swmmac_f32_16x16x32_f16_w32".
  const std::string &getIntrinsic() const { return intrinsic; }
  /// The instruction's accumulator type (f32 for an f16 C without an f16
  /// instruction).
  ElementType getAccumulator() const { return accumulator; }
  /// Whether a sparse A is decompressed in the kernel for a dense
  /// instruction (a chip or type without a sparse one).
  bool usesDenseFallback() const { return denseFallback; }
  /// "128x128x32 tile, 2x2 waves of 32, ..." (MatmulTileConfig::describe).
  const std::string &describeConfig() const { return config; }

  /// Runs C += A * B. Operands are element bit patterns, row-major: `a` is
  /// M x K (dense A) or the compressed values M x 2*ceil(K/4) (sparse A, with
  /// `metadata` M x ceil(K/32) words of the canonical format); `b` is K x N;
  /// `c` (M x N) holds the initial C and receives the result. Sizes are
  /// checked. Not reentrant: run one kernel at a time per process.
  llvm::Error run(llvm::ArrayRef<uint32_t> a, llvm::ArrayRef<uint32_t> metadata,
                  llvm::ArrayRef<uint32_t> b,
                  llvm::MutableArrayRef<uint32_t> c) const;
  /// Wall time of the last run()'s call into the compiled code (device
  /// time of its kernels on HIP), in milliseconds.
  double getLastRunMilliseconds() const { return lastRunMs; }

  struct Impl;

private:
  MatmulKernel() = default;
  MatmulProblem problem;
  BackendChoice backend;
  std::string intrinsic, config;
  ElementType accumulator = ElementType::F32;
  bool denseFallback = false;
  mutable double lastRunMs = 0;
  std::unique_ptr<Impl> impl;
};

} // namespace mlir::mcore::runner

#endif // MCORE_RUNNER_MATMULKERNEL_H
