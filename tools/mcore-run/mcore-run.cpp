//===- mcore-run.cpp - Run mcore kernels on a GPU or the emulator ---------===//
//
//   mcore-run FILE.mlir [-e main] [--entry-point-result=void|i32|f32]
//             [--chip=CHIP] [--backend=auto|hip|emu] [--shared-libs=...]
//
// runs a program: linalg-level input goes through --mcore-pipeline first
// (format=hsaco for hip, format=llvm for emu); input that already holds a
// gpu.binary and LLVM-dialect host code runs as it is. The host code is
// JIT-compiled with MLIR's ExecutionEngine and linked against one runtime
// library with the mgpu* ABI (libmcore_hip_runtime.so or
// libmcore_emu_runtime.so) and MLIR's runner utilities (printMemrefF32, ...),
// as mlir-runner would.
//
//   mcore-run --matmul=MxNxK --a-type=T --b-type=T --c-type=T [--sparse-a=2:4]
//             --chip=CHIP [--backend=...] [--seed=N] [--intrinsic=NAME]
//             [--repeat=N] [--json]
//
// generates a linalg.matmul and random operands, compiles and runs it, checks
// C against a CPU reference and prints one result line.
//
// Exit status: 0 success (PASS), 1 numeric mismatch (FAIL), 2 usage, compile
// or runtime error. The program runs in a child process, so that a fault in
// a kernel or in JIT-compiled code, or a runtime library that ends the
// process, still gives one message and status 2. See docs/Running.md.
//
//===----------------------------------------------------------------------===//

#include "mcore/InitAll.h"
#include "mcore/Pipeline/Pipeline.h"
#include "mcore/Runner/Compile.h"
#include "mcore/Runner/Matmul.h"
#include "mcore/Runner/Runner.h"
#include "mcore/Target/Catalog.h"
#include "mcore/Target/Chip.h"
#include "mcore/Target/Sparsity.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstring>
#include <mutex>
#include <set>
#include <sys/mman.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::runner;
namespace cl = llvm::cl;

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

static cl::OptionCategory runCat("Running a program (mcore-run FILE.mlir)");
static cl::OptionCategory matmulCat("Matmul mode (mcore-run --matmul=MxNxK)");
static cl::OptionCategory commonCat("Common options");

static cl::opt<std::string>
    inputFile(cl::Positional, cl::desc("<input .mlir file>"), cl::cat(runCat));
static cl::opt<std::string>
    entryPoint("e", cl::desc("The function to call (no arguments)"),
               cl::value_desc("name"), cl::init("main"), cl::cat(runCat));
static cl::alias entryPointLong("entry-point", cl::aliasopt(entryPoint),
                                cl::desc("Alias for -e"), cl::cat(runCat));
static cl::opt<std::string> entryResult(
    "entry-point-result",
    cl::desc("What the entry function returns: void, i32 or f32 (printed)"),
    cl::init("void"), cl::cat(runCat));
static cl::list<std::string> sharedLibs(
    "shared-libs", cl::desc("More libraries to link the host code against"),
    cl::CommaSeparated, cl::value_desc("lib.so,..."), cl::cat(runCat));

static cl::opt<std::string>
    chipName("chip",
             cl::desc("Target chip (gfx908, gfx90a, gfx942, gfx950, "
                      "gfx1100, gfx1101, gfx1102, gfx1200, gfx1201)"),
             cl::cat(commonCat));
static cl::opt<std::string> backendName(
    "backend",
    cl::desc("auto (HIP when an AMD GPU is present, else the emulator), hip "
             "or emu"),
    cl::init("auto"), cl::cat(commonCat));
static cl::opt<std::string> pipelineOptions(
    "pipeline-options",
    cl::desc("More --mcore-pipeline options, e.g. \"tile-m=64 stages=1\""),
    cl::cat(commonCat));
static cl::opt<bool> compileOnly(
    "compile-only",
    cl::desc("Compile, do not run (needs no GPU with --backend=hip)"),
    cl::cat(commonCat));
static cl::opt<std::string> dumpBinary(
    "dump-gpu-binary",
    cl::desc("Write the compiled gpu.binary (HSACO for hip, bitcode for emu) "
             "to this file (more binaries: FILE.1, FILE.2, ...)"),
    cl::value_desc("file"), cl::cat(commonCat));
static cl::opt<bool> printInputIR(
    "print-input-ir",
    cl::desc("Print the IR given to the pipeline (matmul mode: the generated "
             "linalg.matmul) to stdout"),
    cl::cat(commonCat));
static cl::opt<bool> printLoweredIR(
    "print-lowered-ir",
    cl::desc("Print the compiled module (host code and gpu.binary) to stdout"),
    cl::cat(commonCat));
static cl::opt<bool> inProcess(
    "in-process",
    cl::desc("Run in mcore-run's own process (for debuggers); a fault then "
             "ends mcore-run itself"),
    cl::Hidden, cl::cat(commonCat));

static cl::opt<std::string>
    matmulShape("matmul", cl::desc("Run and check one MxNxK matmul"),
                cl::value_desc("MxNxK"), cl::cat(matmulCat));
static cl::opt<std::string> aType("a-type",
                                  cl::desc("A: f16, bf16, fp8, bf8, i8, u8, "
                                           "i4, u4"),
                                  cl::init("f16"), cl::cat(matmulCat));
static cl::opt<std::string> bType("b-type", cl::desc("B (default: A's type)"),
                                  cl::cat(matmulCat));
static cl::opt<std::string> cType("c-type",
                                  cl::desc("C: f32, f16, bf16, i32 (default: "
                                           "f32, or i32 for integer inputs)"),
                                  cl::cat(matmulCat));
static cl::opt<std::string> sparseA("sparse-a",
                                    cl::desc("2:4 for a 2:4-sparse A"),
                                    cl::value_desc("2:4"), cl::cat(matmulCat));
static cl::opt<std::string> sparseForm(
    "sparse-form",
    cl::desc("How sparse A reaches the kernel: compressed (values and "
             "metadata in mcore's canonical 2:4 format, compressed by "
             "mcore-run, to mcore.sparse_matmul) or encoded (a dense A with "
             "the 2:4 sparse_tensor encoding on linalg.matmul, compressed "
             "and validated by the compiled code)"),
    cl::init("compressed"), cl::cat(matmulCat));
static cl::opt<bool> dynamicShapes(
    "dynamic-shapes",
    cl::desc("Compile the kernel for memrefs of dynamic sizes (?x?), known "
             "at run time only, so that every tile may cross an edge"),
    cl::cat(matmulCat));
static cl::opt<bool> transposeA(
    "transpose-a",
    cl::desc("A is stored K x M (indexing map (m, n, k) -> (k, m)); dense A"),
    cl::cat(matmulCat));
static cl::opt<bool> transposeB(
    "transpose-b",
    cl::desc("B is stored N x K (indexing map (m, n, k) -> (n, k)); dense A"),
    cl::cat(matmulCat));
static cl::opt<uint64_t> seed("seed", cl::desc("Seed of the random operands"),
                              cl::init(1), cl::cat(matmulCat));
static cl::opt<std::string>
    intrinsicName("intrinsic",
                  cl::desc("Use this catalog intrinsic (see mcore-layout "
                           "--list)"),
                  cl::cat(matmulCat));
static cl::opt<int64_t>
    repeat("repeat",
           cl::desc("Runs; with N > 1 the time is the mean of runs 2..N (the "
                    "first is checked and warms up)"),
           cl::init(1), cl::cat(matmulCat));
static cl::opt<bool> json("json",
                          cl::desc("Print the result as one JSON object"),
                          cl::cat(matmulCat));

//===----------------------------------------------------------------------===//
// Messages and progress
//===----------------------------------------------------------------------===//

namespace {

/// Exit statuses of mcore-run.
enum Status { Success = 0, Mismatch = 1, Failure = 2 };

/// The child's exit codes for Mismatch and Failure: anything else (a runtime
/// library ending the process with status 1, say) maps to Failure.
constexpr int kChildMismatch = 101, kChildFailure = 102;

/// What the child is doing, in memory shared with the parent, so that a
/// crash can be told apart: the compiler's (a bug of mcore) or the
/// program's (its kernels or host code).
enum Phase : char { Compiling = 'c', Running = 'r' };
volatile char *phase = nullptr;

/// From here on faults are the program's: LLVM's crash handler (a stack dump
/// asking for an LLVM bug report) would only confuse.
void startRunning() {
  if (phase)
    *phase = Running;
  llvm::sys::unregisterHandlers();
}

void clearProgressLine();

Status fail(const llvm::Twine &message) {
  clearProgressLine();
  llvm::outs().flush();
  llvm::errs() << "mcore-run: error: " << message << "\n";
  return Failure;
}

Status fail(llvm::Error error) {
  return fail(llvm::toString(std::move(error)));
}

/// Shows what mcore-run is doing and for how long, on a terminal only: a
/// line on stderr, redrawn every quarter second once a step takes more than
/// a second, and erased when it ends.
class Progress {
public:
  Progress() : enabled(isatty(STDERR_FILENO)) {
    if (enabled)
      active = this;
  }
  ~Progress() {
    stop();
    if (active == this)
      active = nullptr;
  }

  /// Erases the line before someone else writes to stderr.
  void clearLine() {
    std::lock_guard<std::mutex> lock(mutex);
    if (shown)
      llvm::errs() << "\r\033[K";
    shown = false;
  }
  static Progress *active;

  void step(const std::string &what) {
    if (!enabled)
      return;
    std::lock_guard<std::mutex> lock(mutex);
    current = what;
    start = std::chrono::steady_clock::now();
    if (!thread.joinable())
      thread = std::thread([this] { loop(); });
  }

  void stop() {
    if (!enabled || !thread.joinable())
      return;
    {
      std::lock_guard<std::mutex> lock(mutex);
      done = true;
    }
    wake.notify_all();
    thread.join();
    if (shown)
      llvm::errs() << "\r\033[K";
    shown = false;
    llvm::errs().flush();
  }

private:
  void loop() {
    std::unique_lock<std::mutex> lock(mutex);
    while (!done) {
      wake.wait_for(lock, std::chrono::milliseconds(250));
      if (done)
        break;
      double s = std::chrono::duration<double>(
                     std::chrono::steady_clock::now() - start)
                     .count();
      if (s < 1)
        continue;
      llvm::errs() << llvm::formatv("\r\033[K[mcore-run] {0} ... {1:f1} s",
                                    current, s);
      llvm::errs().flush();
      shown = true;
    }
  }

  bool enabled;
  bool done = false, shown = false;
  std::string current;
  std::chrono::steady_clock::time_point start;
  std::mutex mutex;
  std::condition_variable wake;
  std::thread thread;
};

Progress *Progress::active = nullptr;

void clearProgressLine() {
  if (Progress::active)
    Progress::active->clearLine();
}

//===----------------------------------------------------------------------===//
// Setup
//===----------------------------------------------------------------------===//

void registerEverything(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  registerAllMCoreDialects(registry);
}

llvm::Expected<Backend> parseBackend() {
  if (backendName == "auto")
    return Backend::Auto;
  if (backendName == "hip")
    return Backend::Hip;
  if (backendName == "emu")
    return Backend::Emu;
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "--backend=" + backendName +
                                     " is not one of auto, hip, emu");
}

llvm::Expected<std::optional<Chip>> parseChipOption() {
  if (chipName.empty())
    return std::nullopt;
  std::optional<Chip> chip = parseChip(chipName);
  if (!chip)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "unknown chip '" + chipName +
            "'; supported chips: " + getSupportedChipList());
  return chip;
}

/// Resolves the backend; a runtime library given with --shared-libs decides
/// it under auto and must agree with an explicit one.
llvm::Expected<BackendChoice> selectBackend(Backend requested) {
  for (const std::string &lib : sharedLibs) {
    llvm::StringRef name = llvm::sys::path::filename(lib);
    std::optional<Backend> named;
    if (name.starts_with("libmcore_emu_runtime"))
      named = Backend::Emu;
    else if (name.starts_with("libmcore_hip_runtime"))
      named = Backend::Hip;
    if (!named)
      continue;
    if (requested != Backend::Auto && requested != *named)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "--shared-libs names " + name + ", the runtime of backend " +
              getBackendName(*named) +
              ", but --backend=" + getBackendName(requested) +
              "; mcore-run links the backend's runtime itself, drop it");
    requested = *named;
  }
  bool automatic = requested == Backend::Auto;
  llvm::Expected<BackendChoice> choice = chooseBackend(requested);
  if (choice && automatic)
    llvm::errs() << "mcore-run: backend " << getBackendName(choice->backend)
                 << " (" << choice->reason << ")\n";
  return choice;
}

/// The backend to compile for and run on. --compile-only --backend=hip
/// needs no GPU: one is only probed, for its chip, when no chip is known.
llvm::Expected<BackendChoice> backendFor(Backend wanted, bool haveChip) {
  if (!compileOnly || wanted != Backend::Hip)
    return selectBackend(wanted);
  if (!haveChip) {
    llvm::Expected<BackendChoice> probed = chooseBackend(Backend::Hip);
    if (probed)
      return probed;
    llvm::consumeError(probed.takeError());
  }
  return BackendChoice{Backend::Hip, "", "", ""};
}

/// Tells the emulator the chip: gpu-module-to-binary{format=llvm} leaves no
/// target-cpu in the bitcode, and fp8 decodes differently per chip. A chip
/// the user set in MCORE_EMU_CHIP wins.
void tellEmulatorChip(const BackendChoice &choice, llvm::StringRef chip) {
  if (choice.backend == Backend::Emu && !chip.empty())
    setenv("MCORE_EMU_CHIP", chip.str().c_str(), /*overwrite=*/0);
}

/// The libraries the host code links: the backend's runtime, MLIR's runner
/// utilities, then --shared-libs (without mcore runtimes, linked already).
llvm::Expected<llvm::SmallVector<std::string>>
linkLibraries(const BackendChoice &choice) {
  llvm::SmallVector<std::string> libs{choice.library};
  for (const std::string &lib : getRunnerUtilsLibraries())
    libs.push_back(lib);
  for (const std::string &lib : sharedLibs) {
    llvm::StringRef name = llvm::sys::path::filename(lib);
    if (name.starts_with("libmcore_emu_runtime") ||
        name.starts_with("libmcore_hip_runtime"))
      continue;
    if (!llvm::sys::fs::exists(lib))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "--shared-libs: cannot find '" + lib +
                                         "'");
    libs.push_back(lib);
  }
  return libs;
}

/// The pipeline's options: --pipeline-options, then chip, format and
/// intrinsic.
llvm::Expected<std::unique_ptr<MCorePipelineOptions>>
pipelineOptionsFor(Chip chip, Backend backend) {
  std::unique_ptr<MCorePipelineOptions> options =
      MCorePipelineOptions::createFromString(pipelineOptions);
  if (!options)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--pipeline-options='" + pipelineOptions +
                                       "' are not --mcore-pipeline options");
  options->chip = getChipName(chip).str();
  options->format = getBinaryFormat(backend).str();
  if (!intrinsicName.empty())
    options->intrinsic = intrinsicName;
  return options;
}

/// Runs --mcore-pipeline on `module`.
LogicalResult compile(ModuleOp module, const MCorePipelineOptions &options) {
  PassManager pm(module->getContext());
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  applyDefaultTimingPassManagerCLOptions(pm); // --mlir-timing
  std::string error;
  if (failed(buildMCorePipeline(pm, options, &error))) {
    fail(error);
    return failure();
  }
  return pm.run(module);
}

/// Writes every gpu.binary object to --dump-gpu-binary.
Status dumpBinaries(ModuleOp module) {
  unsigned count = 0;
  Status status = Success;
  module.walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjectsAttr()) {
      auto object = cast<gpu::ObjectAttr>(attr);
      std::string path = dumpBinary;
      if (count)
        path += "." + std::to_string(count);
      ++count;
      std::string error;
      std::unique_ptr<llvm::ToolOutputFile> out = openOutputFile(path, &error);
      if (!out) {
        status = fail(error);
        return;
      }
      out->os() << object.getObject().getValue();
      out->keep();
      llvm::errs() << "mcore-run: wrote gpu.binary @" << binary.getName()
                   << " (" << stringifyCompilationTarget(object.getFormat())
                   << ") to " << path << "\n";
    }
  });
  if (status == Success && count == 0)
    return fail("--dump-gpu-binary: the compiled module has no gpu.binary");
  return status;
}

double elapsedMs(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - since)
      .count();
}

//===----------------------------------------------------------------------===//
// mcore-run FILE.mlir
//===----------------------------------------------------------------------===//

/// The top-level functions a module defines, for "did you mean" messages.
std::string listFunctions(ModuleOp module) {
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
Status checkEntry(ModuleOp module) {
  Operation *op = SymbolTable::lookupSymbolIn(module, entryPoint);
  std::string available = listFunctions(module);
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
    return fail("'" + inputFile + "' has no function '" + entryPoint +
                "' to run (-e); it has " + available);
  }
  if (!inputs.empty())
    return fail(llvm::formatv("the entry function '{0}' takes {1} "
                              "argument{2}; mcore-run calls it with none",
                              entryPoint.getValue(), inputs.size(),
                              inputs.size() == 1 ? "" : "s")
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
  if (returns != entryResult) {
    std::string hint = returns == "void" || returns == "i32" || returns == "f32"
                           ? " (use --entry-point-result=" + returns + ")"
                           : "; mcore-run can call functions returning "
                             "void, i32 or f32";
    return fail("'" + entryPoint + "' returns " + returns +
                ", but --entry-point-result=" + entryResult + hint);
  }
  return Success;
}

/// The chip a lowered module's gpu.binary targets, from #rocdl.target.
std::optional<std::string> binaryChip(ModuleOp module) {
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
std::optional<std::string> moduleChip(ModuleOp module) {
  if (std::optional<std::string> chip = binaryChip(module))
    return chip;
  std::optional<std::string> chip;
  module.walk([&](Operation *op) {
    if (auto gm = dyn_cast<gpu::GPUModuleOp>(op))
      if (ArrayAttr targets = gm.getTargetsAttr())
        for (Attribute t : targets)
          if (auto rocdl = dyn_cast<ROCDL::ROCDLTargetAttr>(t))
            chip = rocdl.getChip().str();
    if (Attribute attr = op->getAttr("mcore.chip")) {
      std::string s;
      llvm::raw_string_ostream os(s);
      os << attr;
      // #mcore.chip<gfx942>
      llvm::StringRef text(s);
      if (text.consume_front("#mcore.chip<") && text.consume_back(">"))
        chip = text.str();
    }
  });
  return chip;
}

/// Whether every operation outside gpu.binary is in the LLVM dialect.
bool isLoweredHost(ModuleOp module) {
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

Status runFile(Progress &progress) {
  llvm::Expected<Backend> requested = parseBackend();
  if (!requested)
    return fail(requested.takeError());
  llvm::Expected<std::optional<Chip>> chip = parseChipOption();
  if (!chip)
    return fail(chip.takeError());
  if (entryResult != "void" && entryResult != "i32" && entryResult != "f32")
    return fail("--entry-point-result=" + entryResult +
                " is not one of void, i32, f32");

  DialectRegistry registry;
  registerEverything(registry);
  MLIRContext context(registry);
  context.allowUnregisteredDialects(false);
  // Errors point at the user's source; a dump of the op being compiled
  // would bury them.
  context.printOpOnDiagnostic(false);

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(inputFile, &error);
  if (!file)
    return fail(error);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return Failure; // the parser printed where and why
  if (Status s = checkEntry(*module); s != Success)
    return s;

  // What the module holds decides the backend it can run on.
  bool hasBinary = false;
  std::optional<gpu::CompilationTarget> format;
  module->walk([&](gpu::BinaryOp binary) {
    hasBinary = true;
    for (Attribute attr : binary.getObjectsAttr())
      format = cast<gpu::ObjectAttr>(attr).getFormat();
  });
  Backend wanted = *requested;
  if (format) {
    if (*format == gpu::CompilationTarget::Assembly)
      return fail("'" + inputFile +
                  "' holds ISA text (format=isa), which "
                  "cannot run; compile with format=hsaco (GPU) or "
                  "format=llvm (emulator)");
    Backend fits = *format == gpu::CompilationTarget::Offload ? Backend::Emu
                                                              : Backend::Hip;
    if (wanted != Backend::Auto && wanted != fits)
      return fail(
          llvm::formatv("'{0}' holds {1} gpu.binary, which runs on backend "
                        "{2}, not {3}; recompile it with format={4}",
                        inputFile.getValue(),
                        fits == Backend::Emu ? "an LLVM bitcode (format=llvm)"
                                             : "an HSACO (format=hsaco)",
                        getBackendName(fits), getBackendName(wanted),
                        getBinaryFormat(wanted))
              .str());
    if (wanted == Backend::Auto && !compileOnly)
      llvm::errs() << "mcore-run: backend " << getBackendName(fits)
                   << " (the gpu.binary is "
                   << (fits == Backend::Emu ? "LLVM bitcode" : "an HSACO")
                   << ")\n";
    wanted = fits;
  }

  llvm::Expected<BackendChoice> choice =
      backendFor(wanted, chip->has_value() || moduleChip(*module));
  if (!choice)
    return fail(choice.takeError());

  if (printInputIR) {
    module->print(llvm::outs());
    llvm::outs() << "\n";
  }
  // Anything but LLVM-dialect host code (and gpu.binary) needs compiling.
  if (!isLoweredHost(*module)) {
    // Compile: the chip comes from --chip, the module, or the GPU.
    std::string chipText = *chip ? getChipName(**chip).str() : "";
    if (chipText.empty())
      chipText = moduleChip(*module).value_or("");
    if (chipText.empty() && choice->backend == Backend::Hip &&
        !choice->gpuChips.empty())
      chipText = llvm::StringRef(choice->gpuChips).split(',').first.str();
    std::optional<Chip> target = parseChip(chipText);
    if (!target)
      return fail(chipText.empty()
                      ? "'" + inputFile +
                            "' needs compiling for a chip; "
                            "pass --chip=CHIP (" +
                            getSupportedChipList() + ")"
                      : "unknown chip '" + chipText + "' in '" + inputFile +
                            "'; supported chips: " + getSupportedChipList());
    // A lowered module only needs its host code lowered: no serialization.
    llvm::Expected<std::unique_ptr<MCorePipelineOptions>> options =
        pipelineOptionsFor(*target, hasBinary ? Backend::Emu : choice->backend);
    if (!options)
      return fail(options.takeError());
    tellEmulatorChip(*choice, getChipName(*target));
    progress.step("compiling for " + getChipName(*target).str());
    if (failed(compile(*module, **options)))
      return Failure;
    progress.stop();
  }
  if (printLoweredIR) {
    module->print(llvm::outs());
    llvm::outs() << "\n";
  }
  if (!dumpBinary.empty())
    if (Status s = dumpBinaries(*module); s != Success)
      return s;
  if (compileOnly)
    return Success;
  if (std::optional<std::string> chip = binaryChip(*module))
    tellEmulatorChip(*choice, *chip);

  llvm::Expected<llvm::SmallVector<std::string>> libs = linkLibraries(*choice);
  if (!libs)
    return fail(libs.takeError());
  llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
      createExecutionEngine(*module, *libs);
  if (!engine)
    return fail("cannot JIT-compile the host code: " +
                llvm::toString(engine.takeError()));
  startRunning();
  (*engine)->initialize(); // global constructors: mgpuModuleLoad

  llvm::outs().flush();
  llvm::Error invoked = llvm::Error::success();
  if (entryResult == "void") {
    invoked = (*engine)->invokePacked(entryPoint);
  } else if (entryResult == "i32") {
    int32_t result = 0;
    void *args[] = {&result};
    invoked = (*engine)->invokePacked(entryPoint, args);
    if (!invoked)
      llvm::outs() << result << "\n";
  } else {
    float result = 0;
    void *args[] = {&result};
    invoked = (*engine)->invokePacked(entryPoint, args);
    if (!invoked)
      llvm::outs() << result << "\n";
  }
  if (invoked)
    return fail(std::move(invoked));
  return Success;
}

//===----------------------------------------------------------------------===//
// mcore-run --matmul=MxNxK
//===----------------------------------------------------------------------===//

/// Device buffers, freed through the runtime.
struct DeviceBuffers {
  const RuntimeLibrary &rt;
  SmallVector<void *> buffers;
  explicit DeviceBuffers(const RuntimeLibrary &rt) : rt(rt) {}
  ~DeviceBuffers() {
    for (void *p : buffers)
      rt.free(p);
  }
  void *upload(const std::vector<uint8_t> &bytes) {
    void *p = rt.alloc(bytes.size());
    buffers.push_back(p);
    if (p)
      rt.copy(p, bytes.data(), bytes.size());
    return p;
  }
};

/// Diagnostics of matmul mode, whose IR the user did not write: the message
/// without a location.
struct PlainDiagnostics {
  explicit PlainDiagnostics(MLIRContext &ctx)
      : handler(&ctx, [this](Diagnostic &diag) {
          // The configuration query and the pipeline both remark on a dense
          // fallback; say it once.
          if (!printed.insert(diag.str()).second)
            return success();
          if (diag.getSeverity() == DiagnosticSeverity::Error)
            ++errors;
          clearProgressLine();
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
          return success();
        }) {
    ctx.printOpOnDiagnostic(false);
  }
  std::set<std::string> printed;
  unsigned errors = 0;
  ScopedDiagnosticHandler handler;
};

Status runMatmul(Progress &progress) {
  // The problem.
  MatmulProblem problem;
  if (llvm::Error e = parseShape(matmulShape, problem.m, problem.n, problem.k))
    return fail(std::move(e));
  if (!inputFile.empty())
    return fail("--matmul generates its program; do not also give a file ('" +
                inputFile + "')");
  auto parseType = [](const std::string &name,
                      const char *what) -> llvm::Expected<ElementType> {
    std::optional<ElementType> t = parseElementType(name);
    if (!t)
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "unknown " + std::string(what) + " '" + name + "'; inputs are " +
              getInputTypeList() + ", accumulators " +
              getAccumulatorTypeList());
    return *t;
  };
  llvm::Expected<ElementType> a = parseType(aType, "--a-type");
  if (!a)
    return fail(a.takeError());
  llvm::Expected<ElementType> b = parseType(
      bType.empty() ? aType.getValue() : bType.getValue(), "--b-type");
  if (!b)
    return fail(b.takeError());
  llvm::Expected<ElementType> c = parseType(
      cType.empty() ? (isFloatType(*a) ? "f32" : "i32") : cType.getValue(),
      "--c-type");
  if (!c)
    return fail(c.takeError());
  problem.a = *a;
  problem.b = *b;
  problem.c = *c;
  if (!sparseA.empty() && sparseA != "2:4")
    return fail("--sparse-a=" + sparseA +
                ": mcore supports 2:4 sparsity "
                "only (--sparse-a=2:4)");
  problem.sparseA = sparseA == "2:4";
  problem.dynamicShapes = dynamicShapes;
  problem.transposeA = transposeA;
  problem.transposeB = transposeB;
  SparseForm form;
  if (sparseForm == "encoded")
    form = SparseForm::Encoded;
  else if (sparseForm == "compressed")
    form = SparseForm::Compressed;
  else
    return fail("--sparse-form=" + sparseForm +
                " is not one of encoded, compressed");
  if (repeat < 1)
    return fail("--repeat=" + std::to_string(repeat) + " must be at least 1");
  llvm::Expected<Backend> requested = parseBackend();
  if (!requested)
    return fail(requested.takeError());
  llvm::Expected<std::optional<Chip>> chip = parseChipOption();
  if (!chip)
    return fail(chip.takeError());
  if (!sharedLibs.empty() && compileOnly)
    return fail("--shared-libs has no effect with --compile-only");

  // The backend (a GPU decides the chip when none is given).
  llvm::Expected<BackendChoice> choice =
      backendFor(*requested, chip->has_value());
  if (!choice)
    return fail(choice.takeError());
  if (!*chip && choice->backend == Backend::Hip && !choice->gpuChips.empty())
    *chip = parseChip(llvm::StringRef(choice->gpuChips).split(',').first);
  if (!*chip)
    return fail("--matmul needs --chip=CHIP; supported chips: " +
                getSupportedChipList());
  problem.chip = **chip;
  SmallVector<StringRef> gpus;
  StringRef(choice->gpuChips).split(gpus, ',', -1, false);
  if (choice->backend == Backend::Hip && !gpus.empty() &&
      !llvm::is_contained(gpus, getChipName(problem.chip)))
    return fail("--chip=" + getChipName(problem.chip) + ", but the GPU is " +
                choice->gpuChips + "; a code object runs only on its chip");
  if (llvm::Error e = problem.validate())
    return fail(std::move(e));
  // Host memory for the operands, their copies and the reference (doubles),
  // estimated in floating point so that nothing overflows; the emulator's
  // "device" memory is host memory too.
  if (!compileOnly) {
    double mk = double(problem.m) * double(problem.k),
           kn = double(problem.k) * double(problem.n),
           mn = double(problem.m) * double(problem.n);
    double need = (mk + kn) * (4 + 8 + 2 * 1) + mn * (4 * 3 + 8 * 3 + 2 * 4);
    double have =
        double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGE_SIZE));
    if (have > 0 && need > 0.8 * have)
      return fail(llvm::formatv("--matmul={0} needs about {1:f1} GB of host "
                                "memory for operands and the reference; this "
                                "machine has {2:f1} GB",
                                matmulShape.getValue(), need / 1e9, have / 1e9)
                      .str());
  }

  // The IR, and the kernel configuration the pipeline will choose.
  DialectRegistry registry;
  registerEverything(registry);
  MLIRContext context(registry);
  PlainDiagnostics diagnostics(context);
  llvm::Expected<std::unique_ptr<MCorePipelineOptions>> options =
      pipelineOptionsFor(problem.chip, choice->backend);
  if (!options)
    return fail(options.takeError());
  const MCorePipelineOptions &o = **options;
  MatmulTilingOptions tiling = o.getTilingOptions(problem.chip);

  MatmulTileConfig config;
  {
    // The memref form of the problem, to ask the tiler what it will do.
    OwningOpRef<ModuleOp> probe = parseSourceString<ModuleOp>(
        buildMatmulModule(problem, SparseForm::Compressed),
        ParserConfig(&context));
    if (!probe)
      return fail("internal error: mcore-run generated IR that does not "
                  "parse (see above)");
    Operation *matmul = nullptr;
    probe->walk([&](Operation *op) {
      if (isa<linalg::MatmulOp>(op) ||
          op->getName().getStringRef() == "mcore.sparse_matmul")
        matmul = op;
    });
    FailureOr<MatmulTileConfig> cfg = getMatmulTileConfig(matmul, tiling);
    if (failed(cfg))
      return Failure; // the tiler said why
    config = *cfg;
  }
  std::optional<ElementType> accumulator = getAccumulatorElementType(config.accElementType);
  if (!accumulator)
    return fail("internal error: unexpected accumulator type");
  std::string intrinsic = config.intrinsic->name;

  std::string text = buildMatmulModule(problem, form);
  if (printInputIR)
    llvm::outs() << text;
  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(text, ParserConfig(&context));
  if (!module)
    return fail("internal error: mcore-run generated IR that does not parse");

  progress.step("compiling " + problem.describe());
  auto compileStart = std::chrono::steady_clock::now();
  if (failed(compile(*module, o)))
    return diagnostics.errors
               ? Failure
               : fail("compiling " + problem.describe() + " failed");
  double compileMs = elapsedMs(compileStart);
  progress.stop();
  if (printLoweredIR) {
    module->print(llvm::outs());
    llvm::outs() << "\n";
  }
  if (!dumpBinary.empty())
    if (Status s = dumpBinaries(*module); s != Success)
      return s;
  if (compileOnly) {
    llvm::errs() << llvm::formatv("mcore-run: compiled {0} with {1} ({2}) in "
                                  "{3:f0} ms\n",
                                  problem.describe(), intrinsic,
                                  config.describe(), compileMs);
    return Success;
  }

  tellEmulatorChip(*choice, getChipName(problem.chip));

  // Operands and reference.
  Progress work;
  work.step("generating operands");
  MatmulData data = generateMatmulData(problem, seed, *accumulator);
  if ((*accumulator == ElementType::F16 || *accumulator == ElementType::BF16) &&
      !data.exactSums) {
    clearProgressLine();
    llvm::errs() << llvm::formatv(
        "mcore-run: note: {0} accumulates in {1}, and K = {2} is too large "
        "for operands whose partial sums are all exact in {1}; the check "
        "can only bound the error by (K + 2) ulps of {1} times sum |A*B|, "
        "which hides small errors (--c-type=f32, or a smaller K, checks "
        "sharply)\n",
        config.intrinsic->name, getElementTypeName(*accumulator), problem.k);
  }
  llvm::Expected<llvm::SmallVector<std::string>> libs = linkLibraries(*choice);
  if (!libs)
    return fail(libs.takeError());
  llvm::Expected<RuntimeLibrary> rt = RuntimeLibrary::open(*choice);
  if (!rt)
    return fail(rt.takeError());
  work.step("JIT-compiling the host code");
  llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
      createExecutionEngine(*module, *libs);
  if (!engine)
    return fail("cannot JIT-compile the host code: " +
                llvm::toString(engine.takeError()));
  work.step("loading the kernel");
  startRunning();
  (*engine)->initialize();

  // Device memory.
  DeviceBuffers device(*rt);
  int64_t m = problem.m, n = problem.n, k = problem.k;
  std::vector<uint8_t> cBytes = toBytes(problem.c, data.c0);
  void *dC = device.upload(cBytes);
  SmallVector<MemRef2D, 4> operands;
  if (!problem.sparseA || form == SparseForm::Encoded) {
    operands.emplace_back(
        device.upload(toBytes(problem.a, getStoredA(problem, data))),
        problem.transposeA ? k : m, problem.transposeA ? m : k);
  } else {
    int64_t kc = sparse24::getCompressedCols(unsigned(k));
    int64_t words = sparse24::getMetadataWords(unsigned(k));
    operands.emplace_back(device.upload(toBytes(problem.a, data.values)), m,
                          kc);
    operands.emplace_back(
        device.upload(toBytes(ElementType::I32, data.metadata)), m, words);
  }
  operands.emplace_back(
      device.upload(toBytes(problem.b, getStoredB(problem, data))),
      problem.transposeB ? n : k, problem.transposeB ? k : n);
  operands.emplace_back(dC, m, n);
  for (void *p : device.buffers)
    if (!p)
      return fail("cannot allocate device memory for the operands");
  bool returnsC = problem.sparseA && form == SparseForm::Encoded;
  MemRef2D result(nullptr, 0, 0);

  // Runs; the first is checked.
  std::vector<double> times;
  for (int64_t run = 0; run < repeat; ++run) {
    work.step(
        llvm::formatv("running on {0}{1}", getBackendName(choice->backend),
                      repeat > 1 ? llvm::formatv(" (run {0} of {1})", run + 1,
                                                 repeat.getValue())
                                       .str()
                                 : std::string())
            .str());
    SmallVector<void *, 32> args;
    for (MemRef2D &op : operands)
      op.pack(args);
    if (returnsC)
      args.push_back(&result);
    rt->setKernelTiming(true);
    rt->takeKernelMilliseconds();
    auto start = std::chrono::steady_clock::now();
    if (llvm::Error e = (*engine)->invokePacked("matmul", args))
      return fail(std::move(e));
    double wall = elapsedMs(start);
    double kernel = rt->takeKernelMilliseconds();
    times.push_back(rt->canTimeKernels() && kernel > 0 ? kernel : wall);
    if (run == 0) {
      void *out = dC;
      if (returnsC)
        out = static_cast<char *>(result.aligned) +
              result.offset * getStorageBytes(problem.c);
      if (!out)
        return fail("the compiled matmul returned no C");
      // A returned C that is a copy stays allocated: its allocator is the
      // compiled code's business, and the process ends soon.
      rt->copy(cBytes.data(), out, cBytes.size());
    }
  }
  rt->setKernelTiming(false);
  double timeMs = times.front();
  if (times.size() > 1) {
    timeMs = 0;
    for (size_t i = 1; i < times.size(); ++i)
      timeMs += times[i];
    timeMs /= double(times.size() - 1);
  }

  work.step("checking against the CPU reference");
  MatmulReference reference = computeReference(problem, data, *accumulator);
  MatmulCheck check =
      checkResult(problem, reference, fromBytes(problem.c, cBytes));
  work.stop();

  bool hardware = choice->backend == Backend::Hip;
  // Dense-equivalent operations, as vendors count sparse throughput.
  double tflops = 2.0 * double(m) * double(n) * double(k) / (timeMs * 1e9);
  std::string status = check.pass ? "PASS" : "FAIL";
  if (json) {
    llvm::json::Object object{
        {"m", m},
        {"n", n},
        {"k", k},
        {"a_type", getElementTypeName(problem.a)},
        {"b_type", getElementTypeName(problem.b)},
        {"c_type", getElementTypeName(problem.c)},
        {"chip", getChipName(problem.chip)},
        {"intrinsic", intrinsic},
        {"backend", getBackendName(choice->backend)},
        {"sparse", problem.sparseA},
        {"dynamic_shapes", problem.dynamicShapes},
        {"transpose_a", problem.transposeA},
        {"transpose_b", problem.transposeB},
        {"dense_fallback", config.decompressA},
        {"exact_sums", data.exactSums},
        {"time_ms", timeMs},
        {"tflops", hardware ? llvm::json::Value(tflops) : nullptr},
        {"max_abs_err", check.maxAbsError},
        {"max_rel_err", check.maxRelError},
        {"status", status}};
    llvm::outs() << llvm::json::Value(std::move(object)) << "\n";
  } else {
    llvm::outs() << llvm::formatv(
        "chip={0} intrinsic={1} backend={2} shape={3}x{4}x{5} "
        "types={6}*{7}->{8} sparse={9} time_ms={10:f3}{11} max_abs_err={12:e2} "
        "max_rel_err={13:e2} status={14}\n",
        getChipName(problem.chip), config.intrinsic->name,
        getBackendName(choice->backend), m, n, k, getElementTypeName(problem.a),
        getElementTypeName(problem.b), getElementTypeName(problem.c),
        problem.sparseA ? "2:4" : "none", timeMs,
        hardware ? llvm::formatv(" tflops={0:f2}", tflops).str()
                 : std::string(),
        check.maxAbsError, check.maxRelError, status);
  }
  llvm::outs().flush();
  if (!check.pass) {
    llvm::errs() << llvm::formatv(
        "mcore-run: {0} of {1} elements of C differ; the first is "
        "C[{2}][{3}] = {4}, expected {5} (allowed error {6:e2})\n",
        check.mismatches, m * n, check.row, check.col, check.got, check.want,
        check.allowed);
    return Mismatch;
  }
  return Success;
}

Status run() {
  Progress progress;
  if (!matmulShape.empty())
    return runMatmul(progress);
  if (inputFile.empty())
    return fail("give an input file (mcore-run FILE.mlir) or a matmul "
                "(mcore-run --matmul=MxNxK ...); see --help");
  return runFile(progress);
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  // --help shows mcore-run's options; MLIR's and LLVM's (--mlir-timing,
  // --mlir-print-ir-after-all, ...) still work and --help-hidden lists them.
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *option = entry.second;
    bool shown =
        llvm::is_contained({"help", "help-list", "version"}, option->ArgStr) ||
        llvm::any_of(option->Categories, [](cl::OptionCategory *c) {
          return c == &runCat || c == &matmulCat || c == &commonCat;
        });
    if (!shown && option->getOptionHiddenFlag() == cl::NotHidden)
      option->setHiddenFlag(cl::Hidden);
  }
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "mcore-run: run mcore-compiled kernels on an AMD GPU (HIP) or on "
          "mcore's CPU emulator\n\n"
          "  mcore-run FILE.mlir [-e main] [--entry-point-result=void|i32|f32]"
          "\n            [--chip=CHIP] [--backend=auto|hip|emu] "
          "[--shared-libs=...]\n"
          "  mcore-run --matmul=MxNxK --a-type=T [--b-type=T] [--c-type=T] "
          "[--sparse-a=2:4]\n            --chip=CHIP [--backend=...] "
          "[--seed=N] [--intrinsic=NAME] [--repeat=N] [--json]\n"
          "            [--sparse-form=compressed|encoded] [--dynamic-shapes] "
          "[--transpose-a] [--transpose-b]\n\n"
          "Exit status: 0 success, 1 numeric mismatch, 2 usage, compile or "
          "runtime error.\n",
          &llvm::errs()))
    return Failure;

  if (inProcess)
    return run();

  // Run in a child: faults and runtime libraries that end the process
  // become one message and status 2.
  llvm::outs().flush();
  std::fflush(stdout);
  std::fflush(stderr);
  void *shared = mmap(nullptr, 1, PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared != MAP_FAILED) {
    phase = static_cast<volatile char *>(shared);
    *phase = Compiling;
  }
  pid_t child = fork();
  if (child < 0)
    return run();
  if (child == 0) {
    Status status = run();
    llvm::outs().flush();
    llvm::errs().flush();
    std::fflush(stdout);
    std::fflush(stderr);
    _exit(status == Success    ? 0
          : status == Mismatch ? kChildMismatch
                               : kChildFailure);
  }
  int wstatus = 0;
  while (waitpid(child, &wstatus, 0) < 0) {
    if (errno != EINTR) {
      llvm::errs() << "mcore-run: error: lost the child process: "
                   << std::strerror(errno) << "\n";
      return Failure;
    }
  }
  if (WIFEXITED(wstatus)) {
    int code = WEXITSTATUS(wstatus);
    return code == 0 ? Success : code == kChildMismatch ? Mismatch : Failure;
  }
  if (WIFSIGNALED(wstatus)) {
    int sig = WTERMSIG(wstatus);
    if (phase && *phase == Compiling)
      llvm::errs() << "mcore-run: error: mcore-run crashed while compiling ("
                   << strsignal(sig) << ", signal " << sig
                   << "); this is a bug of mcore: please report it with the "
                      "input and the command\n";
    else if (sig != SIGABRT) // abort() comes with a message of its own
      llvm::errs() << "mcore-run: error: the program crashed ("
                   << strsignal(sig) << ", signal " << sig
                   << "): a bad memory access in its host code or a "
                      "kernel; on the emulator, MCORE_EMU_CHECK=1 finds a "
                      "kernel's\n";
  }
  return Failure;
}
