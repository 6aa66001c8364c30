//===- mcore-emu-run.cpp - Run one AMDGPU kernel on the CPU emulator ------===//
//
// Loads a kernel module (LLVM bitcode or IR for amdgcn-amd-amdhsa), makes
// buffers and scalars for its arguments, launches one kernel through mcore's
// CPU emulator and prints buffers afterwards. For trying kernels by hand and
// for lit tests; numeric tests with real data drive the C++ API instead.
//
//   mcore-emu-run kernel.bc --kernel=saxpy --grid=4 --block=64 \
//       --arg=buf:1024:iota-f32 --arg=buf:1024:zero --arg=f32:2.0 \
//       --print=1:f32:8
//
// Argument specs:
//   i32:<v>  i64:<v>  f32:<v>       a scalar
//   buf:<bytes>[:<fill>]            a buffer (its pointer is the argument);
//                                   fill: zero (default), iota-i32, iota-f32,
//                                   ones-f32, byte-<n>
// --print=<arg>:<type>:<count> prints <count> elements (i32, u32, f32, f16,
// hex) of buffer argument <arg> after the launch.
//
//===----------------------------------------------------------------------===//

#include "mcore/Emulator/Emulator.h"
#include "mcore/Support/ProgressLine.h"
#include "mcore/Support/FileIO.h"
#include "mcore/Support/Version.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <memory>
#include <vector>

using namespace llvm;
namespace emu = mlir::mcore::emu;

static cl::OptionCategory category("mcore-emu-run options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<module>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string> kernelName("kernel", cl::desc("Kernel to run"),
                                       cl::cat(category));
static cl::opt<std::string> chip("chip",
                                 cl::desc("Chip, when the module names none"),
                                 cl::cat(category));
static cl::opt<std::string> gridSpec("grid", cl::desc("Work-groups X[,Y[,Z]]"),
                                     cl::init("1"), cl::cat(category));
static cl::opt<std::string> blockSpec("block", cl::desc("Work-items X[,Y[,Z]]"),
                                      cl::init("1"), cl::cat(category));
static cl::opt<unsigned> dynamicLds("lds", cl::desc("Dynamic LDS bytes"),
                                    cl::init(0), cl::cat(category));
static cl::opt<bool> check("emu-check",
                           cl::desc("The checker: bounds, data races, "
                                    "uninitialized reads"),
                           cl::cat(category));
static cl::opt<bool> list("list", cl::desc("List the kernels and the chip"),
                          cl::cat(category));
static cl::opt<unsigned> threads("emu-threads",
                                 cl::desc("Host threads (0: all)"), cl::init(0),
                                 cl::cat(category));
static cl::opt<double> timeout("emu-timeout",
                               cl::desc("Seconds before a launch counts as "
                                        "hung"),
                               cl::init(0), cl::cat(category));
static cl::opt<double> stall("emu-stall-timeout",
                             cl::desc("Seconds without progress while lanes "
                                      "wait at a barrier before a launch "
                                      "counts as deadlocked"),
                             cl::init(0), cl::cat(category));
static cl::opt<double> hang("emu-hang-timeout",
                            cl::desc("Seconds in which no lane of a "
                                     "work-group reaches a barrier, a "
                                     "wave-wide instruction or the end before "
                                     "it counts as hung (an endless loop)"),
                            cl::init(0), cl::cat(category));
static cl::opt<bool>
    quiet("quiet",
          cl::desc("No progress line (otherwise shown on a terminal for "
                   "launches that take more than a second)"),
          cl::cat(category));
static cl::list<std::string> argSpecs("arg", cl::desc("Kernel argument"),
                                      cl::cat(category));
static cl::list<std::string>
    printSpecs("print", cl::desc("<arg>:<type>:<count>"), cl::cat(category));

static int fail(const Twine &msg) {
  errs() << "mcore-emu-run: error: " << msg << "\n";
  return 1;
}

static bool parseDim3(StringRef spec, emu::Dim3 &d) {
  SmallVector<StringRef, 3> parts;
  spec.split(parts, ',');
  if (parts.empty() || parts.size() > 3)
    return false;
  uint32_t v[3] = {1, 1, 1};
  for (size_t i = 0; i < parts.size(); ++i)
    if (parts[i].trim().getAsInteger(10, v[i]))
      return false;
  d = {v[0], v[1], v[2]};
  return true;
}

namespace {
struct Arg {
  std::vector<uint8_t> scalar;
  void *buffer = nullptr;
  size_t bytes = 0;
  void *value = nullptr; ///< what params[i] points to
};
} // namespace

static int run(int argc, char **argv) {
  InitLLVM init(argc, argv);
  mlir::mcore::setVersionPrinter("mcore-emu-run");
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(argc, argv,
                              "Run an AMDGPU kernel on mcore's CPU emulator\n");
  llvm::Expected<emu::Options> environment = emu::Options::fromEnvironment();
  if (!environment)
    return fail(toString(environment.takeError()));
  emu::Options options = std::move(*environment);
  if (!chip.empty())
    options.chip = chip;
  if (check)
    options.boundsCheck = true;
  if (threads)
    options.threads = threads;
  if (timeout > 0)
    options.timeoutSeconds = timeout;
  if (stall > 0)
    options.stallSeconds = stall;
  if (hang > 0)
    options.hangSeconds = hang;
  // How far the launch is, on a terminal.
  mlir::mcore::ProgressLine line(
      "mcore-emu-run",
      !quiet && mlir::mcore::ProgressLine::isStderrTerminal());
  options.progress = [&line](StringRef kernel, uint64_t done, uint64_t total) {
    line.setProgress(done, total, ("work-groups of " + kernel).str());
  };

  // A file (or a pipe, or "-") within the size limit: not /dev/zero.
  Expected<std::unique_ptr<MemoryBuffer>> file = mlir::mcore::readFileWhole(
      inputFile, "kernel module", mlir::mcore::kMaxInputFileBytes);
  if (!file)
    return fail(toString(file.takeError()));
  Expected<std::unique_ptr<emu::Module>> module =
      emu::Module::load((*file)->getMemBufferRef(), options);
  if (!module)
    return fail(toString(module.takeError()));
  if (list) {
    outs() << "chip: " << (*module)->getTarget().chip << " (wave"
           << (*module)->getTarget().waveSize << "), from "
           << (*module)->getTargetSource() << "\n";
    for (const std::string &k : (*module)->getKernelNames())
      outs() << "kernel: " << k << "\n";
    if (kernelName.empty())
      return 0;
  }
  if (kernelName.empty())
    return fail("no --kernel given");
  Expected<const emu::Kernel *> kernel = (*module)->getKernel(kernelName);
  if (!kernel)
    return fail(toString(kernel.takeError()));

  emu::Dim3 grid, block;
  if (!parseDim3(gridSpec, grid))
    return fail("invalid --grid '" + gridSpec + "'");
  if (!parseDim3(blockSpec, block))
    return fail("invalid --block '" + blockSpec + "'");

  std::vector<Arg> args(argSpecs.size());
  for (size_t i = 0; i < argSpecs.size(); ++i) {
    StringRef spec = argSpecs[i];
    auto [kind, rest] = spec.split(':');
    Arg &a = args[i];
    if (kind == "i32" || kind == "i64" || kind == "f32") {
      if (kind == "f32") {
        double d;
        if (rest.getAsDouble(d))
          return fail("invalid --arg '" + spec + "'");
        float f = float(d);
        a.scalar.resize(4);
        std::memcpy(a.scalar.data(), &f, 4);
      } else {
        int64_t v;
        if (rest.getAsInteger(0, v))
          return fail("invalid --arg '" + spec + "'");
        a.scalar.resize(kind == "i32" ? 4 : 8);
        std::memcpy(a.scalar.data(), &v, a.scalar.size());
      }
      a.value = a.scalar.data();
      continue;
    }
    if (kind != "buf")
      return fail("invalid --arg '" + spec + "' (i32:, i64:, f32: or buf:)");
    auto [sizeStr, fill] = rest.split(':');
    if (sizeStr.getAsInteger(0, a.bytes))
      return fail("invalid buffer size in --arg '" + spec + "'");
    a.buffer = emu::allocate(a.bytes, "buffer argument " + std::to_string(i));
    if (!a.buffer)
      return fail("out of memory");
    if (fill == "iota-i32" || fill == "iota-f32" || fill == "ones-f32") {
      for (size_t e = 0; e < a.bytes / 4; ++e) {
        uint32_t bits;
        if (fill == "iota-i32")
          bits = uint32_t(e);
        else {
          float f = fill == "ones-f32" ? 1.0f : float(e);
          std::memcpy(&bits, &f, 4);
        }
        std::memcpy(static_cast<uint8_t *>(a.buffer) + 4 * e, &bits, 4);
      }
    } else if (fill.starts_with("byte-")) {
      unsigned v;
      if (fill.drop_front(5).getAsInteger(0, v))
        return fail("invalid fill '" + fill + "'");
      std::memset(a.buffer, int(v), a.bytes);
    } else if (!fill.empty() && fill != "zero") {
      return fail("unknown fill '" + fill + "'");
    }
    a.value = &a.buffer;
  }
  if (args.size() != (*kernel)->getNumArgs())
    return fail(formatv("kernel '{0}' takes {1} arguments; {2} given",
                        kernelName, (*kernel)->getNumArgs(), args.size()));
  std::vector<void *> params;
  for (Arg &a : args)
    params.push_back(a.value);

  line.begin("running " + kernelName);
  Error launched =
      (*module)->launch(**kernel, grid, block, dynamicLds, params.data());
  line.end();
  if (launched)
    return fail(toString(std::move(launched)));

  for (StringRef spec : printSpecs) {
    SmallVector<StringRef, 3> parts;
    spec.split(parts, ':');
    unsigned index = 0, count = 0;
    if (parts.size() != 3 || parts[0].getAsInteger(10, index) ||
        parts[2].getAsInteger(10, count) || index >= args.size() ||
        !args[index].buffer)
      return fail("invalid --print '" + spec + "'");
    StringRef type = parts[1];
    unsigned elemBytes = type == "f16" ? 2 : 4;
    if (size_t(count) * elemBytes > args[index].bytes)
      return fail("--print '" + spec + "' reads past the buffer");
    const uint8_t *p = static_cast<const uint8_t *>(args[index].buffer);
    outs() << "arg" << index << ":";
    for (unsigned e = 0; e < count; ++e) {
      uint32_t bits = 0;
      std::memcpy(&bits, p + size_t(e) * elemBytes, elemBytes);
      if (type == "i32")
        outs() << " " << int32_t(bits);
      else if (type == "u32")
        outs() << " " << bits;
      else if (type == "hex")
        outs() << " " << format_hex(bits, 10);
      else if (type == "f32") {
        float f;
        std::memcpy(&f, &bits, 4);
        outs() << " " << formatv("{0}", f);
      } else if (type == "f16") {
        outs() << " " << format_hex(bits, 6);
      } else {
        return fail("unknown print type '" + type + "'");
      }
    }
    outs() << "\n";
  }
  for (Arg &a : args)
    emu::deallocate(a.buffer);
  return 0;
}

int main(int argc, char **argv) {
  // A full disk or a closed stdout is an error, not a success with lost
  // output (mcore/Support/FileIO.h).
  return mlir::mcore::finishStandardOutput("mcore-emu-run", run(argc, argv));
}
