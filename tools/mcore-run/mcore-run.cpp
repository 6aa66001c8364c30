//===- mcore-run.cpp - Run mcore kernels on a GPU or the emulator ---------===//
//
//   mcore-run FILE.mlir [-e main] [--entry-point-result=void|i32|f32]
//             [--chip=CHIP] [--backend=auto|hip|emu] [--device=N]
//             [--shared-libs=...]
//
// runs a program (lib/Runner/Cli/RunFile.cpp), and
//
//   mcore-run --matmul=MxNxK --a-type=T --b-type=T --c-type=T [--sparse-a=2:4 |
//             --sparse-b=2:4] [--batch=B [--shared-a | --shared-b]]
//             [--epilogue=LIST] [--out-type=T] [--chip=CHIP] [--backend=...]
//             [--device=N] [--seed=N]
//             [--intrinsic=NAME] [--repeat=N] [--json]
//
// generates, runs and checks one matmul (lib/Runner/Cli/RunMatmul.cpp, on
// runner::MatmulKernel). This file is the driver around them, as
// mlir-runner is around JitRunner.cpp: the command line, a progress line on
// a terminal, and the supervision of the process.
//
// Exit status: 0 success (PASS), 1 numeric mismatch (FAIL), 2 usage, compile
// or runtime error. The program runs in a child process, so that a fault in
// a kernel or in JIT-compiled code, or a runtime library that ends the
// process, still gives one message and status 2. With --json every error is
// also a JSON object on stdout. A reader that closes stdout early
// (`mcore-run ... | head`) ends mcore-run quietly, by SIGPIPE as any filter.
// SIGTERM, SIGINT, SIGHUP and SIGQUIT sent to mcore-run are passed on to
// the child, and mcore-run then ends by the same signal; when mcore-run is
// killed (SIGKILL), the child gets SIGKILL too (PR_SET_PDEATHSIG). See
// docs/Running.md.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/RunFile.h"
#include "mcore/Runner/RunMatmul.h"
#include "mcore/Support/FileIO.h"
#include "mcore/Support/Nesting.h"
#include "mcore/Support/ProgressLine.h"
#include "mcore/Support/Version.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <iterator>
#include <cstring>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir;
using namespace mlir::mcore::runner;
using mlir::mcore::checkStandardOutput;
using mlir::mcore::ProgressLine;
using mlir::mcore::runWithLargeStack;
namespace cl = llvm::cl;

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

/// What the command line sets: the options both modes share, and each
/// mode's own (their RunOptions part is taken from `common`).
static RunOptions common;
static RunFileOptions fileOptions;
static RunMatmulOptions matmulOptions;

static cl::OptionCategory runCat("Running a program (mcore-run FILE.mlir)");
static cl::OptionCategory matmulCat("Matmul mode (mcore-run --matmul=MxNxK)");
static cl::OptionCategory commonCat("Common options");

static cl::opt<std::string, true> inputFile(cl::Positional,
                                            cl::location(common.inputFile),
                                            cl::desc("<input .mlir file>"),
                                            cl::cat(runCat));
static cl::opt<std::string, true>
    entryPoint("e", cl::location(fileOptions.entryPoint),
               cl::desc("The function to call (no arguments)"),
               cl::value_desc("name"), cl::init("main"), cl::cat(runCat));
static cl::alias entryPointLong("entry-point", cl::aliasopt(entryPoint),
                                cl::desc("Alias for -e"), cl::cat(runCat));
static cl::opt<std::string, true> entryResult(
    "entry-point-result", cl::location(fileOptions.entryResult),
    cl::desc("What the entry function returns: void, i32 or f32 (printed)"),
    cl::init("void"), cl::cat(runCat));
static cl::list<std::string, std::vector<std::string>>
    sharedLibs("shared-libs", cl::location(common.sharedLibs),
               cl::desc("More libraries to link the host code against"),
               cl::CommaSeparated, cl::value_desc("lib.so,..."),
               cl::cat(runCat));

static cl::opt<std::string, true>
    chipName("chip", cl::location(common.chip),
             cl::desc("Target chip, e.g. gfx942 or gfx1201 (an unknown "
                      "name is an error that lists the supported chips)"),
             cl::cat(commonCat));
static cl::opt<std::string, true> backendName(
    "backend", cl::location(common.backend),
    cl::desc("auto (HIP when an AMD GPU is present, else the emulator), hip "
             "or emu"),
    cl::init("auto"), cl::cat(commonCat));
static cl::opt<int, true>
    device("device", cl::location(common.device),
           cl::desc("The HIP device to run on, in HIP's numbering (after "
                    "HIP_VISIBLE_DEVICES); its chip is the default --chip"),
           cl::value_desc("N"), cl::init(0), cl::cat(commonCat));
// The emulator reads its schedule from the environment, in this process and
// in the runtime library of a program's; a value that is not a schedule is
// its error, at the first kernel loaded.
static cl::opt<std::string> emuSchedule(
    "emu-schedule",
    cl::desc("The emulator's order of lanes: in-order (default), reverse, "
             "random or random:SEED (sets MCORE_EMU_SCHEDULE; see "
             "docs/Emulator.md, \"Schedules\")"),
    cl::value_desc("schedule"), cl::cat(commonCat),
    cl::callback([](const std::string &s) {
      setenv("MCORE_EMU_SCHEDULE", s.c_str(), /*overwrite=*/1);
    }));
static cl::opt<bool, true>
    verbose("verbose", cl::location(common.verbose),
            cl::desc("Say which backend runs, with the HIP library loaded "
                     "and the device, also when --backend names it"),
            cl::cat(commonCat));
static cl::opt<std::string, true> pipelineOptions(
    "pipeline-options", cl::location(common.pipelineOptions),
    cl::desc("More --mcore-pipeline options, e.g. \"tile-m=64 stages=1\""),
    cl::cat(commonCat));
static cl::opt<bool, true> compileOnly(
    "compile-only", cl::location(common.compileOnly),
    cl::desc("Compile, do not run (needs no GPU with --backend=hip)"),
    cl::cat(commonCat));
static cl::opt<std::string, true> dumpBinary(
    "dump-gpu-binary", cl::location(common.dumpBinary),
    cl::desc("Write the compiled gpu.binary (HSACO for hip, bitcode for emu) "
             "to this file (more binaries: FILE.1, FILE.2, ...)"),
    cl::value_desc("file"), cl::cat(commonCat));
static cl::opt<bool, true> printInputIR(
    "print-input-ir", cl::location(common.printInputIR),
    cl::desc("Print the IR given to the pipeline (matmul mode: the generated "
             "linalg.matmul) to stdout"),
    cl::cat(commonCat));
static cl::opt<bool, true> printLoweredIR(
    "print-lowered-ir", cl::location(common.printLoweredIR),
    cl::desc("Print the compiled module (host code and gpu.binary) to stdout"),
    cl::cat(commonCat));
static cl::opt<bool>
    quiet("quiet",
          cl::desc("No progress line (otherwise shown on a terminal for steps "
                   "that take more than a second)"),
          cl::cat(commonCat));
static cl::opt<bool> inProcess(
    "in-process",
    cl::desc("Run in mcore-run's own process (for debuggers); a fault then "
             "ends mcore-run itself"),
    cl::Hidden, cl::cat(commonCat));

static cl::opt<std::string, true>
    matmulShape("matmul", cl::location(matmulOptions.shape),
                cl::desc("Run and check one MxNxK matmul"),
                cl::value_desc("MxNxK"), cl::cat(matmulCat));
static cl::opt<std::string, true>
    aType("a-type", cl::location(matmulOptions.aType),
          cl::desc("A: f16, bf16, fp8, bf8, i8, u8, "
                   "i4, u4"),
          cl::init("f16"), cl::cat(matmulCat));
static cl::opt<std::string, true> bType("b-type",
                                        cl::location(matmulOptions.bType),
                                        cl::desc("B (default: A's type)"),
                                        cl::cat(matmulCat));
static cl::opt<std::string, true>
    cType("c-type", cl::location(matmulOptions.cType),
          cl::desc("C: f32, f16, bf16, i32 (default: "
                   "f32, or i32 for integer inputs)"),
          cl::cat(matmulCat));
static cl::opt<std::string, true> sparseA("sparse-a",
                                          cl::location(matmulOptions.sparseA),
                                          cl::desc("2:4 for a 2:4-sparse A"),
                                          cl::value_desc("2:4"),
                                          cl::cat(matmulCat));
static cl::opt<std::string, true> sparseB(
    "sparse-b", cl::location(matmulOptions.sparseB),
    cl::desc("2:4 for a 2:4-sparse B, read as N x K (a weight W in "
             "y = x * W^T; 2:4 along K)"),
    cl::value_desc("2:4"), cl::cat(matmulCat));
static cl::opt<int64_t, true>
    batch("batch", cl::location(matmulOptions.batch),
          cl::desc("Batches: A, B and C get a leading batch dimension "
                   "(linalg.batch_matmul; the grid's z dimension)"),
          cl::value_desc("B"), cl::cat(matmulCat));
static cl::opt<bool, true> sharedA(
    "shared-a", cl::location(matmulOptions.sharedA),
    cl::desc("With --batch: one A for every batch (an indexing map without "
             "the batch dimension)"),
    cl::cat(matmulCat));
static cl::opt<bool, true> sharedB(
    "shared-b", cl::location(matmulOptions.sharedB),
    cl::desc("With --batch: one B for every batch (a weight shared by the "
             "batch)"),
    cl::cat(matmulCat));
static cl::opt<std::string, true> sparseForm(
    "sparse-form", cl::location(matmulOptions.sparseForm),
    cl::desc("How a 2:4 operand reaches the kernel: compressed (values and "
             "metadata in mcore's canonical 2:4 format, compressed by "
             "mcore-run, to mcore.sparse_matmul) or encoded (a dense tensor "
             "with the 2:4 sparse_tensor encoding on the linalg op, "
             "compressed and validated by the compiled code)"),
    cl::init("compressed"), cl::cat(matmulCat));
static cl::opt<bool, true> dynamicShapes(
    "dynamic-shapes", cl::location(matmulOptions.dynamicShapes),
    cl::desc("Compile the kernel for memrefs of dynamic sizes (?x?), known "
             "at run time only, so that every tile may cross an edge"),
    cl::cat(matmulCat));
static cl::opt<bool, true> transposeA(
    "transpose-a", cl::location(matmulOptions.transposeA),
    cl::desc("A is stored K x M (indexing map (m, n, k) -> (k, m)); not with "
             "--sparse-a"),
    cl::cat(matmulCat));
static cl::opt<bool, true> transposeB(
    "transpose-b", cl::location(matmulOptions.transposeB),
    cl::desc("B is stored N x K (indexing map (m, n, k) -> (n, k))"),
    cl::cat(matmulCat));
static cl::opt<std::string, true> scales(
    "scales", cl::location(matmulOptions.scales),
    cl::desc("Block scales of an MX matmul: e8m0 (OCP MX: a random E8M0 "
             "power of two per 32 elements of K for each row of A and column "
             "of B, stored N x K; A and B fp8, bf8, fp6, bf6 or fp4) or none"),
    cl::value_desc("none|e8m0"), cl::init("none"), cl::cat(matmulCat));
static cl::opt<uint64_t, true> seed("seed", cl::location(matmulOptions.seed),
                                    cl::desc("Seed of the random operands"),
                                    cl::init(1), cl::cat(matmulCat));
static cl::opt<std::string, true>
    intrinsicName("intrinsic", cl::location(matmulOptions.intrinsic),
                  cl::desc("Use this catalog intrinsic (see mcore-layout "
                           "--list)"),
                  cl::cat(matmulCat));
static cl::opt<int64_t, true>
    repeat("repeat", cl::location(matmulOptions.repeat),
           cl::desc("Runs, 1 to 100000; with N > 1 the time is the mean of "
                    "runs 2..N (the first is checked and warms up)"),
           cl::init(1), cl::cat(matmulCat));
static cl::opt<std::string, true> epilogueList(
    "epilogue", cl::location(matmulOptions.epilogue),
    cl::desc("Element-wise steps after the matmul, in order, fused into its "
             "kernel and checked: bias (= bias-col), bias-row, scale-row, "
             "scale-col, alpha, beta, relu, gelu, gelu-tanh, silu "
             "(e.g. bias,relu)"),
    cl::value_desc("LIST"), cl::cat(matmulCat));
static cl::opt<std::string, true>
    outType("out-type", cl::location(matmulOptions.outType),
            cl::desc("The epilogue's result: f32 (default), f16, bf16"),
            cl::cat(matmulCat));
static cl::opt<bool, true> infNan(
    "inf-nan", cl::location(matmulOptions.infNan),
    cl::desc("Put infinities and NaNs among the random float operands (about "
             "one per eight rows of A and columns of B); the reference "
             "follows IEEE, with a 2:4 operand's pruned positions structural "
             "zeros (docs/Sparsity.md)"),
    cl::cat(matmulCat));
static cl::opt<bool, true> json("json", cl::location(matmulOptions.json),
                                cl::desc("Print the result as one JSON object"),
                                cl::cat(matmulCat));

//===----------------------------------------------------------------------===//
// Progress and supervision
//===----------------------------------------------------------------------===//

namespace {

/// The child's exit codes for Mismatch and Failure: anything else (a runtime
/// library ending the process with status 1, say) maps to Failure.
constexpr int kChildMismatch = 101, kChildFailure = 102;
/// What LLVM's SIGPIPE handler exits with (EX_IOERR).
constexpr int kExitIOError = 74;

/// What the child is doing, in memory shared with the parent, so that a
/// crash can be told apart: the compiler's (a bug of mcore) or the
/// program's (its kernels or host code).
enum Phase : char { Compiling = 'c', Running = 'r' };
volatile char *phase = nullptr;

/// The child, once forked (0 before, and in the child itself).
volatile sig_atomic_t childPid = 0;
/// A termination signal the parent received and passed on to the child.
volatile sig_atomic_t forwardedSignal = 0;
/// What ends mcore-run from outside: Popen.terminate(), a CI timeout,
/// Ctrl-C, a closed terminal.
constexpr int kForwardedSignals[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT};

/// The parent passes a termination signal on to the child, then dies of it
/// too when the child has ended (main). Before the fork, and in a child that
/// has not yet reset it, the signal does what it would have done.
void forwardSignal(int sig) {
  if (childPid > 0) {
    forwardedSignal = sig;
    kill(pid_t(childPid), sig);
    return;
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

/// Ends the parent by the signal it passed on, as if it had not caught it.
[[noreturn]] void dieOf(int sig) {
  signal(sig, SIG_DFL);
  raise(sig);
  _exit(128 + sig);
}

/// Shows what mcore-run is doing, for how long and, on the emulator, how
/// far (ProgressLine: on a terminal, unless --quiet). Tells the parent when
/// the program starts running.
class Progress : public RunObserver {
public:
  Progress()
      : line("mcore-run", !quiet && ProgressLine::isStderrTerminal()) {}
  ~Progress() override { stopSteps(); }

  /// The errors reported so far, for --json.
  std::vector<std::string> errors;
  void error(const std::string &message) override {
    errors.push_back(message);
  }

  void clearLine() override { line.clear(); }
  void step(const std::string &what) override { line.begin(what); }
  void stopSteps() override { line.end(); }
  void progress(llvm::StringRef kernel, uint64_t done,
                uint64_t total) override {
    line.setProgress(done, total, ("work-groups of " + kernel).str());
  }

  /// From here on faults are the program's: LLVM's crash handler (a stack
  /// dump asking for an LLVM bug report) would only confuse.
  void startRunning() override {
    if (phase)
      *phase = Running;
    llvm::sys::unregisterHandlers();
  }

private:
  ProgressLine line;
};

/// With --json, an error is a JSON object on stdout too:
/// {"status": "error", "error": "MESSAGE"}.
void printJsonError(const std::string &message) {
  llvm::outs() << llvm::json::Value(llvm::json::Object{
                      {"status", "error"}, {"error", message}})
               << "\n";
  llvm::outs().flush();
}

RunStatus runAndReport(Progress &progress);

RunStatus run() {
  Progress progress;
  // Parsing, compiling and the host code recurse with the input's nesting:
  // on a stack of known size (mcore/Support/Nesting.h).
  RunStatus status = RunStatus::Failure;
  runWithLargeStack([&] { status = runAndReport(progress); });
  // What the program and mcore-run printed, including --json's result,
  // reached stdout, or the run failed.
  if (llvm::Error e = checkStandardOutput())
    status = reportError(progress, std::move(e));
  if (status == RunStatus::Failure && matmulOptions.json) {
    printJsonError(progress.errors.empty()
                       ? std::string("mcore-run failed")
                       : llvm::join(progress.errors, "\n"));
    // Said on stderr already when stdout is what failed.
    llvm::consumeError(checkStandardOutput());
  }
  return status;
}

RunStatus runAndReport(Progress &progress) {
  // MLIR's --mlir-timing, --mlir-print-ir-after-all, ...
  common.configurePassManager = [](PassManager &pm) {
    if (failed(applyPassManagerCLOptions(pm)))
      return failure();
    applyDefaultTimingPassManagerCLOptions(pm);
    return success();
  };
  if (!matmulOptions.shape.empty()) {
    static_cast<RunOptions &>(matmulOptions) = common;
    return runMatmul(matmulOptions, progress);
  }
  if (common.inputFile.empty())
    return reportError(progress,
                       "give an input file (mcore-run FILE.mlir) or a matmul "
                       "(mcore-run --matmul=MxNxK ...); see --help");
  static_cast<RunOptions &>(fileOptions) = common;
  return runFile(fileOptions, progress);
}

int exitCode(RunStatus status) { return static_cast<int>(status); }

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  mlir::mcore::setVersionPrinter("mcore-run");
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
  bool jsonRequested = llvm::any_of(
      llvm::ArrayRef<char *>(argv, argc).drop_front(), [](const char *arg) {
        return llvm::StringRef(arg) == "--json" ||
               llvm::StringRef(arg) == "-json";
      });
  std::string usageErrors;
  llvm::raw_string_ostream usageStream(usageErrors);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "mcore-run: run mcore-compiled kernels on an AMD GPU (HIP) or on "
          "mcore's CPU emulator\n\n"
          "  mcore-run FILE.mlir [-e main] [--entry-point-result=void|i32|f32]"
          "\n            [--chip=CHIP] [--backend=auto|hip|emu] [--device=N] "
          "[--shared-libs=...]\n"
          "  mcore-run --matmul=MxNxK --a-type=T [--b-type=T] [--c-type=T] "
          "[--sparse-a=2:4 | --sparse-b=2:4]\n            [--chip=CHIP] "
          "[--backend=...] [--device=N] [--seed=N] [--intrinsic=NAME] "
          "[--repeat=N] [--json]\n"
          "            [--sparse-form=compressed|encoded] [--dynamic-shapes] "
          "[--transpose-a] [--transpose-b]\n"
          "            [--batch=B [--shared-a | --shared-b]]\n\n"
          "Exit status: 0 success, 1 numeric mismatch, 2 usage, compile or "
          "runtime error.\n",
          &usageStream)) {
    llvm::errs() << usageErrors;
    if (jsonRequested)
      printJsonError(llvm::StringRef(usageErrors).trim().str());
    return exitCode(RunStatus::Failure);
  }

  if (inProcess)
    return exitCode(run());

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
  // A signal that ends mcore-run ends the child too: it would otherwise
  // run on (a hung kernel for MCORE_EMU_TIMEOUT).
  struct sigaction forward = {};
  forward.sa_handler = forwardSignal;
  sigemptyset(&forward.sa_mask);
  struct sigaction previous[std::size(kForwardedSignals)];
  sigset_t blocked, unblocked;
  sigemptyset(&blocked);
  for (int sig : kForwardedSignals)
    sigaddset(&blocked, sig);
  // Held back until the parent knows the child's pid.
  sigprocmask(SIG_BLOCK, &blocked, &unblocked);
  for (size_t i = 0; i < std::size(kForwardedSignals); ++i)
    sigaction(kForwardedSignals[i], &forward, &previous[i]);
  auto restore = [&] {
    for (size_t i = 0; i < std::size(kForwardedSignals); ++i)
      sigaction(kForwardedSignals[i], &previous[i], nullptr);
    sigprocmask(SIG_SETMASK, &unblocked, nullptr);
  };
  pid_t parent = getpid();
  pid_t child = fork();
  if (child < 0) {
    restore();
    return exitCode(run());
  }
  if (child == 0) {
    // SIGKILL of mcore-run cannot be passed on: the kernel ends the child
    // when the parent dies (Linux). A parent that died before this call
    // has already left the child to another (getppid changed).
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
      _exit(kChildFailure);
    restore();
    RunStatus status = run();
    llvm::outs().flush();
    llvm::errs().flush();
    std::fflush(stdout);
    std::fflush(stderr);
    _exit(status == RunStatus::Success    ? 0
          : status == RunStatus::Mismatch ? kChildMismatch
                                          : kChildFailure);
  }
  childPid = child;
  sigprocmask(SIG_SETMASK, &unblocked, nullptr);
  // The child reports a stdout it could not write; the parent's own --json
  // error then fails quietly (not with LLVM's "IO failure on output stream"
  // when the process ends).
  llvm::scope_exit quietStdout(
      [] { llvm::consumeError(checkStandardOutput()); });
  int wstatus = 0;
  while (waitpid(child, &wstatus, 0) < 0) {
    if (errno != EINTR) {
      llvm::errs() << "mcore-run: error: lost the child process: "
                   << std::strerror(errno) << "\n";
      return exitCode(RunStatus::Failure);
    }
  }
  childPid = 0;
  if (forwardedSignal)
    dieOf(forwardedSignal);
  // stdout was closed under the child (SIGPIPE, or LLVM's handler of it,
  // which exits with EX_IOERR): end as quietly, as a filter does.
  if ((WIFSIGNALED(wstatus) && WTERMSIG(wstatus) == SIGPIPE) ||
      (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == kExitIOError)) {
    std::signal(SIGPIPE, SIG_DFL);
    std::raise(SIGPIPE);
    return exitCode(RunStatus::Failure);
  }
  if (WIFEXITED(wstatus)) {
    int code = WEXITSTATUS(wstatus);
    if (code == 0 || code == kChildMismatch || code == kChildFailure)
      return exitCode(code == 0                ? RunStatus::Success
                      : code == kChildMismatch ? RunStatus::Mismatch
                                               : RunStatus::Failure);
    // A runtime library ended the process, with its own message.
    if (json)
      printJsonError("the program ended with exit status " +
                     std::to_string(code) + " (see its message on stderr)");
    return exitCode(RunStatus::Failure);
  }
  std::string message;
  if (WIFSIGNALED(wstatus)) {
    int sig = WTERMSIG(wstatus);
    if (phase && *phase == Compiling)
      message = llvm::formatv("mcore-run crashed while compiling ({0}, "
                              "signal {1}); this is a bug of mcore: please "
                              "report it with the input and the command",
                              strsignal(sig), sig);
    else
      message = llvm::formatv("the program crashed ({0}, signal {1}): a bad "
                              "memory access in its host code or a kernel; "
                              "on the emulator, MCORE_EMU_CHECK=1 finds a "
                              "kernel's out-of-bounds accesses",
                              strsignal(sig), sig);
    // abort() comes with a message of its own.
    if (sig != SIGABRT || (phase && *phase == Compiling))
      llvm::errs() << "mcore-run: error: " << message << "\n";
  }
  if (json)
    printJsonError(message.empty() ? "mcore-run's child process ended "
                                     "abnormally"
                                   : message);
  return exitCode(RunStatus::Failure);
}
