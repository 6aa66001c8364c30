//===- Pipeline.cpp - linalg.matmul to a GPU binary -----------------------===//
//
// The stages, in order (docs/Pipeline.md shows the IR after each):
//
//   bufferization  mcore-compress-2to4, one-shot-bufferize (function
//                  boundaries, identity layouts)
//   kernels        mcore-lower-compress-2to4, (f32-precision=bf16x3:
//                  mcore-split-f32-matmul), mcore-configure-matmul,
//                  mcore-tile-matmul (fused epilogues), mcore-linalg-to-gpu,
//                  mcore-host-buffers, mcore-distribute,
//                  convert-mcore-to-amdgpu, convert-amdgpu-to-rocdl; with
//                  kernels=given (the input has its kernels: a transform
//                  script's, or a front end's vector.contract) neither
//                  mcore-configure-matmul nor mcore-tile-matmul, and
//                  mcore-select-intrinsics before mcore-distribute;
//                  mcore-vector-contract-to-mma before it in both (a
//                  contraction of the wave is marked {mcore.wave})
//   lowering       gpu-launch-sink-index-computations, gpu-kernel-outlining,
//                  rocdl-attach-target; in each gpu.module
//                  mcore-expand-math, vector/scf/affine to LLVM and
//                  convert-gpu-to-rocdl; host code:
//                  mcore-skip-empty-launches, then to LLVM and gpu-to-llvm
//                  (mgpu* runtime calls); in both,
//                  mcore-legalize-sub-byte-memory (i4 one per byte)
//   binary         mcore-device-libraries (calls of ROCm device-library
//                  functions: none linked for format=llvm, a located error
//                  when a GPU format's toolkit lacks them),
//                  mcore-private-allocas (stack allocations in address
//                  space 5), mcore-verify-device-code (what the backend
//                  would abort on is a located error), then
//                  gpu-module-to-binary (format=bin|llvm|isa) with the
//                  toolkit directory the caller names (drivers find one:
//                  mcore/Runner/Toolkit.h)
//
//===----------------------------------------------------------------------===//

#include "mcore/Pipeline/Pipeline.h"

#include "mcore/Conversion/Passes.h"
#include "mcore/Dialect/MCore/Transforms/Passes.h"
#include "mcore/Pipeline/Passes.h"

#include "mlir/Conversion/AMDGPUToROCDL/AMDGPUToROCDL.h"
#include "mlir/Conversion/ArithToAMDGPU/ArithToAMDGPU.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::mcore;

bool mlir::mcore::isRocmToolkitDir(StringRef dir) {
  SmallString<256> lld(dir);
  llvm::sys::path::append(lld, "llvm", "bin", "ld.lld");
  return !dir.empty() && llvm::sys::fs::can_execute(lld);
}

//===----------------------------------------------------------------------===//
// Stages
//===----------------------------------------------------------------------===//

void mlir::mcore::buildMCoreBufferizationPipeline(OpPassManager &pm) {
  pm.addPass(createMCoreCompress2to4Pass());
  pm.addPass(createCanonicalizerPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // Its constants' names and places, from the input alone (LLVM 22 orders
  // them differently from run to run).
  pm.addPass(createMCoreStableConstantGlobalsPass());
  // No ownership-based deallocation: it would copy a returned C (an
  // argument updated in place) on the host. mcore-host-buffers frees the
  // temporaries once the kernels exist.
  pm.addPass(createCanonicalizerPass());
}

void mlir::mcore::buildMCoreKernelPipeline(OpPassManager &pm, Chip chip,
                                           const MatmulTilingOptions &t,
                                           bool tileMatmuls) {
  std::string chipName = getChipName(chip).str();
  pm.addPass(createMCoreLowerCompress2to4Pass());
  // f32-precision=bf16x3: f32 matmuls become bf16 ones before anything
  // chooses their configuration.
  if (t.f32Precision == "bf16x3")
    pm.addPass(createMCoreSplitF32MatmulPass());
  // The configuration is chosen with the options, then obeyed.
  MCoreConfigureMatmulPassOptions configure;
  copyMatmulOptions(configure, t);
  configure.chip = chipName;
  if (tileMatmuls)
    pm.addPass(createMCoreConfigureMatmulPass(configure));
  MCoreTileMatmulPassOptions tile;
  tile.chip = chipName;
  if (tileMatmuls)
    pm.addPass(createMCoreTileMatmulPass(tile));
  // Linalg ops no matmul kernel took (with a remark each).
  pm.addPass(createMCoreLinalgToGpuPass());
  pm.addPass(createMCoreHostBuffersPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // The input's own kernels (a front end's gpu.launch): contractions marked
  // {mcore.wave} become whole-tile mcore ops, the others are each
  // work-item's, with either value of `kernels` (one meaning per program).
  MCoreVectorContractToMmaPassOptions contracts;
  contracts.chip = chipName;
  pm.addPass(createMCoreVectorContractToMmaPass(contracts));
  if (!tileMatmuls) {
    // Every mcore op of the given kernels gets (or is checked for) its
    // instruction.
    MCoreSelectIntrinsicsPassOptions select;
    select.chip = chipName;
    pm.addPass(createMCoreSelectIntrinsicsPass(select));
  }
  pm.addPass(createMCoreDistributePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  ConvertMCoreToAMDGPUPassOptions toAMDGPU;
  toAMDGPU.chip = chipName;
  pm.addPass(createConvertMCoreToAMDGPUPass(toAMDGPU));
  // FP4, FP6 and E8M0 (MX formats, and arith.scaling_extf) as integer and
  // f32 ops: LLVM has no type for them.
  pm.addPass(createMCoreExpandNarrowFloatsPass());
  // fp8 and bf8 arithmetic in kernels (the dense fallback of a 2:4 fp8
  // operand widens its stored values) through the chip's conversion
  // instructions: LLVM has no fp8 type.
  ArithToAMDGPUConversionPassOptions fp8Arith;
  fp8Arith.chipset = chipName;
  pm.addPass(createArithToAMDGPUConversionPass(fp8Arith));
  ConvertAMDGPUToROCDLPassOptions toROCDL;
  toROCDL.chipset = chipName;
  pm.addPass(createConvertAMDGPUToROCDLPass(toROCDL));
}

StringRef mlir::mcore::getDefaultCodeObjectAbi(Chip chip) {
  // v6 loads from ROCm 6.3 on only (llvm-project #130963); v5 on every ROCm
  // that supports one of mcore's chips (gfx950's first, 7.0, loads both).
  (void)chip;
  return "500";
}

void mlir::mcore::buildMCoreLoweringPipeline(OpPassManager &pm, Chip chip,
                                             unsigned optLevel,
                                             StringRef abi) {
  const ChipInfo &info = getChipInfo(chip);
  // (Linalg ops left in host code became kernels in mcore-linalg-to-gpu;
  // none runs on the host.)
  // Outline each gpu.launch into a gpu.module for the chip. Constants and
  // index arithmetic move into the kernel instead of becoming arguments.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  GpuROCDLAttachTargetOptions target;
  target.chip = info.name;
  target.optLevel = optLevel;
  target.wave64Flag = info.waveSize == 64;
  target.abiVersion = abi.str();
  pm.addPass(createGpuROCDLAttachTarget(target));

  // Device code.
  OpPassManager &gpu = pm.nest<gpu::GPUModuleOp>();
  // erf, tanh, ... (fused epilogues) without ROCm's device library.
  gpu.addPass(createMCoreExpandMathPass());
  gpu.addPass(createLowerAffinePass());
  gpu.addPass(createConvertVectorToSCFPass());
  gpu.addPass(createSCFToControlFlowPass());
  gpu.addPass(memref::createExpandStridedMetadataPass());
  gpu.addPass(createLowerAffinePass());
  ConvertGpuOpsToROCDLOpsOptions rocdl;
  rocdl.chipset = info.name;
  rocdl.runtime = gpu::amd::Runtime::HIP;
  gpu.addPass(createConvertGpuOpsToROCDLOps(rocdl));
  // Vector ops convert-gpu-to-rocdl leaves (strided slices, shape casts) on
  // types that are LLVM types by now.
  gpu.addPass(createConvertVectorToLLVMPass());
  // memref<...xi4> is one element per byte; LLVM's <N x i4> is bit-packed.
  gpu.addPass(createLegalizeSubByteMemoryPass());
  gpu.addPass(createCanonicalizerPass());
  gpu.addPass(createCSEPass());
  gpu.addPass(createReconcileUnrealizedCastsPass());
  gpu.addPass(createMCoreVerifyMatrixIntrinsicsPass());
  MCoreStampTargetCpuPassOptions stamp;
  stamp.chip = info.name;
  gpu.addPass(createMCoreStampTargetCpuPass(stamp));

  // Host code.
  pm.addPass(createMCoreAsyncGpuMemoryOpsPass());
  // A matmul with M or N 0 at run time: no launch of its empty grid.
  pm.addPass(createMCoreSkipEmptyLaunchesPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createLegalizeSubByteMemoryPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

MatmulTilingOptions MCorePipelineOptions::getTilingOptions(Chip chip) const {
  MatmulTilingOptions tiling;
  copyMatmulOptions(tiling, *this);
  tiling.chip = chip;
  return tiling;
}

LogicalResult mlir::mcore::buildMCorePipeline(OpPassManager &pm,
                                              const MCorePipelineOptions &o,
                                              std::string *error) {
  auto fail = [&](std::string message) {
    if (error)
      *error = message;
    return failure();
  };
  if (o.chip.empty())
    return fail("mcore-pipeline needs chip=CHIP; supported chips: " +
                getSupportedChipList());
  std::optional<Chip> chip = parseChip(o.chip);
  if (!chip)
    return fail("mcore-pipeline: unknown chip '" + o.chip +
                "'; supported chips: " + getSupportedChipList());
  std::string format;
  if (o.linksCodeObjects())
    format = "bin";
  else if (o.format == "llvm" || o.format == "isa")
    format = o.format;
  else
    return fail("mcore-pipeline: unknown format '" + o.format +
                "'; use hsaco, llvm or isa");
  std::string abi = o.abi.empty() ? getDefaultCodeObjectAbi(*chip).str()
                                  : o.abi.getValue();
  if (abi != "400" && abi != "500" && abi != "600")
    return fail("mcore-pipeline: abi=" + abi +
                " is not a code object version; use 400, 500 or 600 (v4, "
                "v5, v6)");
  bool haveToolkit = isRocmToolkitDir(o.toolkit);
  if (o.linksCodeObjects() && !haveToolkit)
    return fail(
        o.toolkit.empty()
            ? std::string("mcore-pipeline: format=hsaco links with ld.lld, "
                          "and no toolkit directory with llvm/bin/ld.lld was "
                          "found; install lld-22 and rebuild mcore, or pass "
                          "toolkit=DIR (DIR/llvm/bin/ld.lld)")
            : "mcore-pipeline: toolkit=" + o.toolkit +
                  " has no executable llvm/bin/ld.lld");

  if (o.kernels != "tile" && o.kernels != "given")
    return fail("mcore-pipeline: unknown kernels '" + o.kernels +
                "'; use tile (mcore-tile-matmul makes them) or given (the "
                "input has them)");

  // Before anything spends time on them: host vectors too large to lower.
  pm.addPass(createMCoreVerifyHostVectorsPass());
  buildMCoreBufferizationPipeline(pm);
  buildMCoreKernelPipeline(pm, *chip, o.getTilingOptions(*chip),
                           /*tileMatmuls=*/o.kernels == "tile");
  buildMCoreLoweringPipeline(pm, *chip, o.optLevel, abi);
  // Device-library calls (gpu.printf, some work-item queries): none linked
  // for the emulator; for the GPU, a located error when the toolkit lacks
  // them.
  MCoreDeviceLibrariesPassOptions libraries;
  libraries.format = format == "bin" ? "hsaco" : format;
  libraries.toolkit = haveToolkit ? o.toolkit.getValue() : std::string();
  OpPassManager &device = pm.nest<gpu::GPUModuleOp>();
  device.addPass(createMCoreDeviceLibrariesPass(libraries));
  // Stack allocations in AMDGPU's private address space: a kernel's
  // memref.alloca, convert-vector-to-scf's buffers, the size arrays of
  // memref.dim (which the host's finalize-memref-to-llvm lowers in device
  // code too), whatever made them. Then device code the backend would abort
  // on is a located error.
  device.addPass(createMCorePrivateAllocasPass());
  device.addPass(createMCoreVerifyDeviceCodePass());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = format;
  // Formats that link nothing ignore a toolkit that is not one.
  binary.toolkitPath = haveToolkit ? o.toolkit.getValue() : std::string();
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  return success();
}

std::string MCorePipelineOptions::getRepeatedOption() const {
  std::string first;
  for (const auto &[name, option] : OptionsMap)
    if (option->getNumOccurrences() > 1 && (first.empty() || name < first))
      first = name.str();
  return first;
}

void mlir::mcore::registerMCorePipeline(
    std::function<void(MCorePipelineOptions &)> setDefaults) {
  registerPassPipeline(
      "mcore-pipeline",
      "linalg.matmul (tensors or memrefs, dense or 2:4-sparse A) to a "
      "gpu.binary for an AMD chip (format=hsaco|llvm|isa) plus host code in "
      "the LLVM dialect",
      // The options are checked here, as the pipeline is parsed: a bad one
      // is an error before anything runs.
      [setDefaults](OpPassManager &pm, StringRef text,
                    function_ref<LogicalResult(const Twine &)> errorHandler) {
        MCorePipelineOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        std::string repeated = options.getRepeatedOption();
        if (!repeated.empty())
          return errorHandler("mcore-pipeline: " + repeated +
                              "= is given more than once; give each option "
                              "once");
        if (setDefaults)
          setDefaults(options);
        std::string error;
        if (failed(buildMCorePipeline(pm, options, &error)))
          return errorHandler(error);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optionHandler) {
        optionHandler(MCorePipelineOptions());
      });
}
