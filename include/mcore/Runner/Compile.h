//===- Compile.h - --mcore-pipeline in-process, errors as text --*- C++ -*-===//
//
// For programs that embed mcore's compiler rather than run mcore-opt (the
// Python package, scripts, other compilers): parse MLIR text, run the
// --mcore-pipeline stages on it and hand back the GPU binaries or the IR,
// with every diagnostic as text instead of printed.
//
//   std::unique_ptr<MCorePipelineOptions> options =
//       cantFail(parsePipelineOptions("chip=gfx1201 format=isa tile-m=64"));
//   llvm::Expected<CompileOutput> out =
//       compileSource(text, "input.mlir", *options, CompileStage::Binary);
//   if (!out) ... llvm::toString(out.takeError()) is what mcore-opt prints
//   else for (const CompiledBinary &b : out->binaries) b.object ...
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_RUNNER_COMPILE_H
#define MCORE_RUNNER_COMPILE_H

#include "mcore/Pipeline/Pipeline.h"
#include "mcore/Runner/Matmul.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class MLIRContext;
class SourceMgrDiagnosticHandler;
namespace mcore::runner {

/// Everything mcore's compiler and runner parse and translate: every
/// upstream dialect, extension and LLVM IR translation, and mcore's dialect
/// (registerMCoreRequirements of mcore/InitAll.h).
void registerCompilerDialects(DialectRegistry &registry);

/// Takes over a context's diagnostics and keeps them as text. With a
/// SourceMgr, messages are located as mcore-opt prints them
/// ("input.mlir:3:5: error: ..." plus the source line); without one (IR the
/// user did not write), they are the bare message, as mcore-run prints them.
/// Notes follow their diagnostic on lines of their own. A message already
/// recorded is not recorded again.
class DiagnosticLog {
public:
  explicit DiagnosticLog(MLIRContext &context,
                         llvm::SourceMgr *sourceMgr = nullptr);
  ~DiagnosticLog();

  std::vector<std::string> errors;
  std::vector<std::string> warnings; ///< warnings and remarks
  /// The errors, one per line; `fallback` when there are none.
  std::string getErrorText(llvm::StringRef fallback) const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// Parses --mcore-pipeline options ("chip=gfx942 format=isa tile-m=64"; the
/// empty string gives the defaults). The error is the option parser's.
llvm::Expected<std::unique_ptr<MCorePipelineOptions>>
parsePipelineOptions(llvm::StringRef text);

/// One option of --mcore-pipeline.
struct PipelineOptionInfo {
  std::string name;         ///< "tile-m"
  std::string description;  ///< its help text
  std::string defaultValue; ///< as the option prints it ("0", "true", "")
};
/// Every option of --mcore-pipeline, in alphabetical order.
std::vector<PipelineOptionInfo> getPipelineOptionInfo();

/// The runner's element type of an accumulator kind
/// (MatmulTileConfig::getAccumulatorKind: f32, f16, bf16 or i32), or none.
std::optional<ElementType> getAccumulatorElementType(ScalarKind kind);

/// Where compileSource stops.
enum class CompileStage {
  /// Before serialization: host code in the LLVM dialect, each kernel in a
  /// gpu.module in the LLVM and ROCDL dialects (the module as
  /// gpu-module-to-binary finds it; the pipeline still runs to the end, so
  /// options.format must be valid).
  Lowered,
  /// The whole pipeline: host code plus gpu.binary ops holding
  /// options.format (hsaco, llvm bitcode or isa text).
  Binary,
};

/// One gpu.binary of a compiled module.
struct CompiledBinary {
  std::string name;   ///< the gpu.binary's symbol, "main_kernel"
  std::string object; ///< its bytes (HSACO, LLVM bitcode or ISA text)
};

struct CompileOutput {
  std::string ir;                       ///< the module, printed
  std::vector<CompiledBinary> binaries; ///< empty for CompileStage::Lowered
  std::vector<std::string> warnings;    ///< warnings and remarks
};

/// Parses `source` (named `bufferName` in messages) and runs the pipeline
/// `options` describe up to `stage`. Fails with the located messages
/// mcore-opt would print, one per line.
llvm::Expected<CompileOutput> compileSource(llvm::StringRef source,
                                            llvm::StringRef bufferName,
                                            const MCorePipelineOptions &options,
                                            CompileStage stage);

} // namespace mcore::runner
} // namespace mlir

#endif // MCORE_RUNNER_COMPILE_H
