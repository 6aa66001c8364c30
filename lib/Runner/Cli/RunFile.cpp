//===- RunFile.cpp - mcore-run FILE.mlir ----------------------------------===//
//
// See include/mcore/Runner/RunFile.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/RunFile.h"

#include "mcore/Dialect/MCore/IR/MCoreAttrs.h"
#include "mcore/Pipeline/Pipeline.h"
#include "mcore/Runner/Compile.h"
#include "mcore/Runner/GuardedParse.h"
#include "mcore/Support/FileIO.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::runner;

/// The top-level functions a module defines, for "did you mean" messages.
static std::string listFunctions(ModuleOp module) {
  llvm::SmallVector<std::string> names;
  for (Operation &op : module.getBody()->getOperations()) {
    if (auto f = dyn_cast<func::FuncOp>(op); f && !f.isDeclaration())
      names.push_back(f.getName().str());
    if (auto f = dyn_cast<LLVM::LLVMFuncOp>(op); f && !f.isExternal())
      names.push_back(f.getName().str());
  }
  return names.empty() ? "no functions"
                       : "functions: " + llvm::join(names, ", ");
}

/// Checks that the entry function exists, takes nothing and returns what
/// --entry-point-result says.
static RunStatus checkEntry(ModuleOp module, const RunFileOptions &options,
                            RunObserver &observer) {
  const std::string &entry = options.entryPoint;
  Operation *op = SymbolTable::lookupSymbolIn(module, entry);
  TypeRange inputs, results;
  SmallVector<Type> llvmInputs, llvmResults;
  if (auto f = dyn_cast_or_null<func::FuncOp>(op); f && !f.isDeclaration()) {
    inputs = f.getFunctionType().getInputs();
    results = f.getFunctionType().getResults();
  } else if (auto f = dyn_cast_or_null<LLVM::LLVMFuncOp>(op);
             f && !f.isExternal()) {
    LLVM::LLVMFunctionType type = f.getFunctionType();
    llvmInputs.assign(type.getParams().begin(), type.getParams().end());
    if (!isa<LLVM::LLVMVoidType>(type.getReturnType()))
      llvmResults.push_back(type.getReturnType());
    inputs = llvmInputs;
    results = llvmResults;
  } else {
    return reportError(observer,
                       "'" + options.inputFile + "' has no function '" + entry +
                           "' to run (-e); it has " + listFunctions(module));
  }
  if (!inputs.empty())
    return reportError(
        observer,
        llvm::formatv("the entry function '{0}' takes {1} "
                      "argument{2}; mcore-run calls it with none",
                      entry, inputs.size(), inputs.size() == 1 ? "" : "s")
            .str());
  std::string returns = "void";
  if (results.size() > 1)
    returns = llvm::formatv("{0} values", results.size()).str();
  else if (results.size() == 1) {
    std::string s;
    llvm::raw_string_ostream os(s);
    os << results.front();
    returns = s;
  }
  if (returns != options.entryResult) {
    std::string hint = returns == "void" || returns == "i32" || returns == "f32"
                           ? " (use --entry-point-result=" + returns + ")"
                           : "; mcore-run can call functions returning "
                             "void, i32 or f32";
    return reportError(observer, "'" + entry + "' returns " + returns +
                                     ", but --entry-point-result=" +
                                     options.entryResult + hint);
  }
  return RunStatus::Success;
}

/// The chip a lowered module's gpu.binary targets, from #rocdl.target.
static std::optional<std::string> binaryChip(ModuleOp module) {
  std::optional<std::string> chip;
  module.walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjectsAttr())
      if (auto target = dyn_cast<ROCDL::ROCDLTargetAttr>(
              cast<gpu::ObjectAttr>(attr).getTarget()))
        chip = target.getChip().str();
  });
  return chip;
}

/// The chip a module names: #mcore.chip attributes, #rocdl.target of a
/// gpu.module or gpu.binary.
static std::optional<std::string> moduleChip(ModuleOp module) {
  if (std::optional<std::string> chip = binaryChip(module))
    return chip;
  std::optional<std::string> chip;
  module.walk([&](Operation *op) {
    if (auto gm = dyn_cast<gpu::GPUModuleOp>(op))
      if (ArrayAttr targets = gm.getTargetsAttr())
        for (Attribute t : targets)
          if (auto rocdl = dyn_cast<ROCDL::ROCDLTargetAttr>(t))
            chip = rocdl.getChip().str();
    if (auto attr = op->getAttrOfType<ChipAttr>("mcore.chip"))
      chip = attr.getName().str();
  });
  return chip;
}

/// Whether every operation outside gpu.binary is in the LLVM dialect.
static bool isLoweredHost(ModuleOp module) {
  bool lowered = true;
  for (Operation &op : module.getBody()->getOperations()) {
    if (isa<gpu::BinaryOp>(op))
      continue;
    op.walk([&](Operation *inner) {
      if (!isa<LLVM::LLVMDialect>(inner->getDialect()) &&
          !isa<gpu::LaunchFuncOp>(inner))
        lowered = false;
    });
  }
  return lowered;
}

/// The backend the module's gpu.binary runs on (none without a binary
/// object); an error for ISA text or a binary backend `wanted` cannot run.
static llvm::Expected<std::optional<Backend>>
binaryBackend(ModuleOp module, const RunFileOptions &options, Backend wanted) {
  std::optional<gpu::CompilationTarget> format;
  module->walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjectsAttr())
      format = cast<gpu::ObjectAttr>(attr).getFormat();
  });
  if (!format)
    return std::nullopt;
  auto error = [](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  if (*format == gpu::CompilationTarget::Assembly)
    return error("'" + options.inputFile +
                 "' holds ISA text (format=isa), which "
                 "cannot run; compile with format=hsaco (GPU) or "
                 "format=llvm (emulator)");
  Backend fits =
      *format == gpu::CompilationTarget::Offload ? Backend::Emu : Backend::Hip;
  if (wanted != Backend::Auto && wanted != fits)
    return error(
        llvm::formatv("'{0}' holds {1} gpu.binary, which runs on backend "
                      "{2}, not {3}; recompile it with format={4}",
                      options.inputFile,
                      fits == Backend::Emu ? "an LLVM bitcode (format=llvm)"
                                           : "an HSACO (format=hsaco)",
                      getBackendName(fits), getBackendName(wanted),
                      getBinaryFormat(wanted))
            .str());
  if (wanted == Backend::Auto && !options.compileOnly)
    llvm::errs() << "mcore-run: backend " << getBackendName(fits)
                 << " (the gpu.binary is "
                 << (fits == Backend::Emu ? "LLVM bitcode" : "an HSACO")
                 << ")\n";
  return fits;
}

/// Compiles what is not lowered yet: the chip comes from --chip, the
/// module, or the GPU.
static RunStatus compileModule(ModuleOp module, const RunFileOptions &options,
                               std::optional<Chip> chip,
                               const BackendChoice &choice, bool hasBinary,
                               RunObserver &observer) {
  std::string chipText = chip ? getChipName(*chip).str() : "";
  if (chipText.empty())
    chipText = moduleChip(module).value_or("");
  if (chipText.empty())
    chipText = choice.getDeviceChip();
  std::optional<Chip> target = parseChip(chipText);
  if (!target)
    return reportError(
        observer, chipText.empty()
                      ? "'" + options.inputFile +
                            "' needs compiling for a chip; "
                            "pass --chip=CHIP (" +
                            getSupportedChipList() + ")"
                      : "unknown chip '" + chipText + "' in '" +
                            options.inputFile +
                            "'; supported chips: " + getSupportedChipList());
  // A lowered module only needs its host code lowered: no serialization.
  llvm::Expected<std::unique_ptr<MCorePipelineOptions>> pipeline =
      getPipelineOptions(options, *target,
                         hasBinary ? Backend::Emu : choice.backend);
  if (!pipeline)
    return reportError(observer, pipeline.takeError());
  tellEmulatorChip(choice, getChipName(*target));
  observer.step("compiling for " + getChipName(*target).str());
  std::string error;
  if (failed(runMCorePipeline(module, **pipeline, options.configurePassManager,
                              error)))
    return error.empty() ? RunStatus::Failure : reportError(observer, error);
  observer.stopSteps();
  return RunStatus::Success;
}

/// Calls the entry function and prints its result of type T.
template <typename T>
static llvm::Error callAndPrint(ExecutionEngine &engine,
                                llvm::StringRef entry) {
  T result = 0;
  void *args[] = {&result};
  if (llvm::Error e = engine.invokePacked(entry, args))
    return e;
  llvm::outs() << result << "\n";
  return llvm::Error::success();
}

/// Calls the entry function and prints its result.
static llvm::Error callEntry(ExecutionEngine &engine,
                             const RunFileOptions &options) {
  if (options.entryResult == "i32")
    return callAndPrint<int32_t>(engine, options.entryPoint);
  if (options.entryResult == "f32")
    return callAndPrint<float>(engine, options.entryPoint);
  return engine.invokePacked(options.entryPoint);
}

RunStatus runner::runFile(const RunFileOptions &options,
                          RunObserver &observer) {
  llvm::Expected<Backend> requested = parseBackendOption(options.backend);
  if (!requested)
    return reportError(observer, requested.takeError());
  llvm::Expected<std::optional<Chip>> chip = parseChipOption(options.chip);
  if (!chip)
    return reportError(observer, chip.takeError());
  if (!llvm::is_contained({"void", "i32", "f32"}, options.entryResult))
    return reportError(observer, "--entry-point-result=" + options.entryResult +
                                     " is not one of void, i32, f32");

  DialectRegistry registry;
  registerCompilerDialects(registry);
  MLIRContext context(registry);
  context.allowUnregisteredDialects(false);
  // Errors point at the user's source; a dump of the op being compiled
  // would bury them.
  context.printOpOnDiagnostic(false);

  // A crash reproducer MLIR writes when a pass fails must not replace the
  // input (--dump-gpu-binary is checked as it is written).
  if (llvm::Error e = checkOutputIsNotInput(
          getRegisteredStringOption("mlir-pass-pipeline-crash-reproducer"),
          options.inputFile, "--mlir-pass-pipeline-crash-reproducer="))
    return reportError(observer, std::move(e));
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> file =
      readFileWhole(options.inputFile, "input file", kMaxInputFileBytes);
  if (!file)
    return reportError(observer, file.takeError());
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  // Upstream's parser crashes on a few inputs: an error, not a signal.
  if (llvm::Error crashed = checkParserSurvives(
          *sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID()), registry))
    return reportError(observer, std::move(crashed));
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return RunStatus::Failure; // the parser printed where and why
  if (RunStatus s = checkEntry(*module, options, observer);
      s != RunStatus::Success)
    return s;

  // What the module holds decides the backend it can run on.
  llvm::Expected<std::optional<Backend>> fits =
      binaryBackend(*module, options, *requested);
  if (!fits)
    return reportError(observer, fits.takeError());
  bool hasBinary = false;
  module->walk([&](gpu::BinaryOp) { hasBinary = true; });
  llvm::Expected<BackendChoice> choice =
      chooseRunBackend(options, fits->value_or(*requested),
                       chip->has_value() || moduleChip(*module), observer);
  if (!choice)
    return reportError(observer, choice.takeError());

  // Options of a compilation that does not happen are ignored, not silently.
  std::optional<std::string> builtFor = binaryChip(*module);
  if (builtFor && *chip && getChipName(**chip) != *builtFor)
    reportWarning(observer, "--chip=" + options.chip +
                                " is ignored: the gpu.binary in '" +
                                options.inputFile + "' is compiled for " +
                                *builtFor);
  if (isLoweredHost(*module) && !options.pipelineOptions.empty())
    reportWarning(observer, "--pipeline-options=\"" + options.pipelineOptions +
                                "\" is ignored: '" + options.inputFile +
                                "' is already lowered (host code in the LLVM "
                                "dialect, kernels in gpu.binary)");

  if (options.printInputIR)
    printModule(*module);
  // Anything but LLVM-dialect host code (and gpu.binary) needs compiling.
  if (!isLoweredHost(*module))
    if (RunStatus s = compileModule(*module, options, *chip, *choice, hasBinary,
                                    observer);
        s != RunStatus::Success)
      return s;
  if (options.printLoweredIR)
    printModule(*module);
  if (!options.dumpBinary.empty())
    if (RunStatus s = dumpBinaries(*module, options, observer);
        s != RunStatus::Success)
      return s;
  if (options.compileOnly)
    return RunStatus::Success;
  if (std::optional<std::string> chip = binaryChip(*module))
    tellEmulatorChip(*choice, *chip);

  llvm::Expected<llvm::SmallVector<std::string>> libs =
      getLinkedLibraries(options);
  if (!libs)
    return reportError(observer, libs.takeError());
  libs->insert(libs->begin(), choice->library);
  // Opening the runtime (the same copy the JIT links) selects the HIP
  // device before any code of the program runs.
  if (choice->backend == Backend::Hip)
    if (llvm::Expected<RuntimeLibrary> runtime = RuntimeLibrary::open(*choice);
        !runtime)
      return reportError(observer, runtime.takeError());
  llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
      createExecutionEngine(*module, *libs);
  if (!engine)
    return reportError(observer, "cannot JIT-compile the host code: " +
                                     llvm::toString(engine.takeError()));
  // The emulator says how far its launches are (a percentage on mcore-run's
  // progress line).
  std::optional<RuntimeLibrary> runtime;
  if (llvm::Expected<RuntimeLibrary> opened = RuntimeLibrary::open(*choice))
    runtime = *opened;
  else
    return reportError(observer, opened.takeError());
  runtime->setProgressObserver(&observer);
  llvm::scope_exit forget([&] { runtime->setProgressObserver(nullptr); });
  observer.startRunning();
  (*engine)->initialize(); // global constructors: mgpuModuleLoad

  llvm::outs().flush();
  observer.step("running @" + options.entryPoint + " on " +
                getBackendName(choice->backend).str());
  llvm::Error invoked = callEntry(**engine, options);
  observer.stopSteps();
  if (invoked)
    return reportError(observer, std::move(invoked));
  return RunStatus::Success;
}
