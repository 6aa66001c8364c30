//===- Pipeline.h - linalg.matmul to a GPU binary ---------------*- C++ -*-===//
//
// --mcore-pipeline: from linalg.matmul (tensors or memrefs, dense or 2:4
// sparse A) to a gpu.binary (HSACO, AMDGPU LLVM bitcode or ISA text) plus
// host code in the LLVM dialect that mcore-run or mlir-runner executes.
// docs/Pipeline.md walks one matmul through every stage. The pipeline takes
// the ROCm toolkit directory (ld.lld, for HSACO) as an option; finding one is
// the drivers' work (mcore/Runner/Toolkit.h).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_PIPELINE_PIPELINE_H
#define MCORE_PIPELINE_PIPELINE_H

#include "mcore/Dialect/MCore/Transforms/Transforms.h"

#include "mlir/Pass/PassOptions.h"

#include <functional>
#include <string>

namespace mlir {
class OpPassManager;
namespace mcore {

struct MCorePipelineOptions : PassPipelineOptions<MCorePipelineOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("Target chip, e.g. gfx942 or gfx1201 (an "
                                          "unknown name is an error that "
                                          "lists the supported chips)")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What the gpu.binary holds: hsaco (a code object, "
                     "needs ld.lld), llvm (AMDGPU LLVM bitcode, for the "
                     "emulator) or isa (assembly text)"),
      llvm::cl::init("hsaco")};
  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("Directory with llvm/bin/ld.lld for format=hsaco "
                     "(default in mcore's tools and in programs that use "
                     "runner::setDefaultToolkit: $MCORE_ROCM_TOOLKIT, the "
                     "toolkit directory mcore installs beside its tools or "
                     "in the installation the program was built against, "
                     "$ROCM_PATH, /opt/rocm)")};
  Option<unsigned> optLevel{*this, "O",
                            llvm::cl::desc("LLVM optimization level of the "
                                           "kernel"),
                            llvm::cl::init(3)};
  Option<std::string> abi{
      *this, "abi",
      llvm::cl::desc("Code object version of format=hsaco: 400, 500 or 600 "
                     "(v4, v5, v6; ROCm loads v5 from 5.2 and v6 only from "
                     "6.3). Default: the version that loads on the oldest "
                     "ROCm the chip runs on, 500 for every chip mcore "
                     "knows (LLVM's own default is 600)")};
  Option<std::string> kernels{
      *this, "kernels",
      llvm::cl::desc("Where the kernels come from: tile (mcore-tile-matmul "
                     "makes them from linalg.matmul) or given (the input "
                     "has them already, from a transform script or a front "
                     "end: vector.contract marked {mcore.wave} or mcore "
                     "ops in gpu.launch; nothing is tiled)"),
      llvm::cl::init("tile")};
  // The kernel knobs and the options of their choice, as
  // mcore-configure-matmul has them: one per line of MatmulConfig.def.
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)              \
  Option<TYPE> NAME{*this, OPTION, llvm::cl::desc(DESCRIPTION),                \
                    llvm::cl::init(TYPE(AUTO))};
#define MCORE_MATMUL_POLICY(NAME, OPTION, TYPE, DEFAULT, DESCRIPTION)         \
  Option<TYPE> NAME{*this, OPTION, llvm::cl::desc(DESCRIPTION),                \
                    llvm::cl::init(TYPE(DEFAULT))};
#include "mcore/Heuristic/MatmulConfig.def"

  /// Whether `format` is a code object (hsaco), which gpu-module-to-binary
  /// links with the toolkit's ld.lld.
  bool linksCodeObjects() const { return format == "hsaco" || format == "bin"; }

  /// mcore-configure-matmul's options for `chip`, as the pipeline passes
  /// them (configureMatmul with these, and the table of tuningFile, tells
  /// what the pipeline will choose).
  MatmulTilingOptions getTilingOptions(Chip chip) const;

  /// The name of an option parseFromString (or createFromString) met more
  /// than once ("chip=gfx942 chip=gfx1201", where the last would win
  /// silently), the first in alphabetical order; "" when none was.
  std::string getRepeatedOption() const;
};

/// Adds the whole pipeline to `pm` (a pass manager on builtin.module).
/// Fails, with a message in `error` and nothing added, on a bad chip or
/// format, or for format=hsaco without a toolkit directory (options.toolkit,
/// used as given: see isRocmToolkitDir).
LogicalResult buildMCorePipeline(OpPassManager &pm,
                                 const MCorePipelineOptions &options,
                                 std::string *error = nullptr);

/// The stages of the pipeline, for compilers that want only some of them.
/// Tensors to memrefs: 2:4 encodings to compressed operands, One-Shot
/// Bufferize (function boundaries included).
void buildMCoreBufferizationPipeline(OpPassManager &pm);
/// Memrefs to gpu.launch kernels with per-lane ROCDL matrix instructions;
/// host buffers the kernels use made GPU-accessible, temporaries freed.
/// With `tileMatmuls` false (kernels=given) nothing is tiled: the kernels
/// are the input's, whole-tile or per-lane mcore ops or vector.contract
/// (mcore-select-intrinsics runs before mcore-distribute), and `tiling` is
/// not used. mcore-vector-contract-to-mma runs with either: a
/// vector.contract marked {mcore.wave} is the wave's, any other each
/// work-item's.
void buildMCoreKernelPipeline(OpPassManager &pm, Chip chip,
                              const MatmulTilingOptions &tiling,
                              bool tileMatmuls = true);
/// Kernels outlined into a gpu.module for `chip` (code object version
/// `abi`, "500" for v5), lowered to the LLVM dialect with ROCDL, host code
/// to the LLVM dialect with mgpu* calls.
void buildMCoreLoweringPipeline(OpPassManager &pm, Chip chip,
                                unsigned optLevel, StringRef abi);

/// The code object version (abi=) a chip's code gets by default: the one
/// that loads on the oldest ROCm that supports the chip (docs/Running.md,
/// "Code object versions and ROCm").
StringRef getDefaultCodeObjectAbi(Chip chip);

/// Whether gpu-module-to-binary can link HSACO with toolkit directory `dir`:
/// it has an executable llvm/bin/ld.lld.
bool isRocmToolkitDir(StringRef dir);

/// Registers --mcore-pipeline, which checks its options when it is parsed.
/// `setDefaults`, when given, completes the parsed options first (mcore-opt
/// passes runner::setDefaultToolkit, which finds a toolkit directory).
void registerMCorePipeline(
    std::function<void(MCorePipelineOptions &)> setDefaults = {});

} // namespace mcore
} // namespace mlir

#endif // MCORE_PIPELINE_PIPELINE_H
