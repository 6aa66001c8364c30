//===- mcore-perf.cpp - mcore's performance model on a kernel's ISA -------===//
//
//   mcore-opt in.mlir --mcore-pipeline="chip=gfx942 format=isa" |
//     mcore-perf --shape=4096x4096x4096 [--product=mi300x] [--json]
//   mcore-perf kernel.s --chip=gfx942 --shape=MxNxK --tile=256x256
//              [--lds-bytes=N] [--workgroup-size=N]
//   mcore-perf --list-products
//
// Every figure it prints is predicted (docs/Performance.md). The input is
// read within a size limit, and a failed write to standard output is an
// error (mcore/Support/FileIO.h).
//
//===----------------------------------------------------------------------===//

#include "mcore/Perf/Perf.h"
#include "mcore/Support/FileIO.h"
#include "mcore/Support/Version.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

namespace {

cl::OptionCategory category("mcore-perf options");

cl::opt<std::string> inputFile(cl::Positional,
                               cl::desc("<mcore-opt format=isa output or "
                                        "assembly; - for stdin>"),
                               cl::init("-"), cl::cat(category));
cl::opt<std::string> chipOpt("chip",
                             cl::desc("The chip (default: the assembly's "
                                      ".amdgcn_target)"),
                             cl::value_desc("gfx..."), cl::cat(category));
cl::opt<std::string> shapeOpt("shape",
                              cl::desc("The problem: C (MxN) += A (MxK) * B "
                                       "(KxN)"),
                              cl::value_desc("MxNxK"), cl::cat(category));
cl::opt<std::string> tileOpt(
    "tile",
    cl::desc("The work-group tile of C, and optionally its K step (default: "
             "from the gpu.launch_func grid of mcore's host code)"),
    cl::value_desc("MxN[xK]"), cl::cat(category));
cl::list<std::string> productOpt(
    "product",
    cl::desc("Products to predict (default: every product of the chip)"),
    cl::value_desc("mi300x|mi355x|rx9070xt|rx7900xtx"), cl::CommaSeparated,
    cl::cat(category));
cl::opt<std::string> kernelOpt("kernel",
                               cl::desc("Only this kernel (@object::name, "
                                        "@object or name)"),
                               cl::cat(category));
cl::opt<unsigned> ldsOpt("lds-bytes",
                         cl::desc("LDS per work-group, for kernels whose LDS "
                                  "is sized at launch (Triton)"),
                         cl::cat(category));
cl::opt<unsigned> workgroupOpt("workgroup-size",
                               cl::desc("Threads per work-group (default: the "
                                        "launch, else the metadata's "
                                        "max_flat_workgroup_size)"),
                               cl::cat(category));
cl::opt<Engine> engineOpt(
    "engine", cl::desc("How the loop is timed"), cl::init(Engine::Auto),
    cl::values(clEnumValN(Engine::Auto, "auto",
                          "the issue model, on every chip"),
               clEnumValN(Engine::Mca, "mca", "llvm-mca (LLVM's model)"),
               clEnumValN(Engine::Issue, "issue", "mcore's issue model")),
    cl::cat(category));
cl::opt<bool> stockWaitsOpt(
    "mca-stock-waitcnt",
    cl::desc("Time the loop with llvm-mca, whose waits behave as the "
             "llvm-mca tool's (LLVM's AMDGPU custom behaviour, which counts "
             "global loads in lgkmcnt too)"),
    cl::cat(category));
cl::opt<unsigned> iterationsOpt("iterations",
                                cl::desc("Loop iterations simulated (default: "
                                         "100 with llvm-mca, 32 with the issue "
                                         "model)"),
                                cl::init(0), cl::cat(category));
cl::opt<bool> accumulateOpt("accumulate",
                            cl::desc("C is read as well as written (the "
                                     "roofline's bytes)"),
                            cl::init(true), cl::cat(category));
cl::opt<int64_t> batchOpt("batch",
                          cl::desc("Independent matmuls of the shape (a "
                                   "batched GEMM's batch count)"),
                          cl::init(1), cl::cat(category));
cl::opt<std::string> cTypeOpt(
    "c-type",
    cl::desc("C's element type in memory, for the roofline (default: the "
             "matrix instruction's accumulator type)"),
    cl::value_desc("f32|f16|bf16|i32|..."), cl::cat(category));
cl::opt<std::string> clockOpt(
    "clock",
    cl::desc("The clock of the whole-GPU figures: 'load' (default: the "
             "product's clock under a matrix kernel's load, --list-products), "
             "'peak', or MHz"),
    cl::value_desc("load|peak|MHz"), cl::init("load"), cl::cat(category));
cl::opt<double> launchOpt(
    "launch-overhead",
    cl::desc("Microseconds each kernel launch adds (default: the "
             "product's, --list-products)"),
    cl::value_desc("us"), cl::cat(category));
cl::opt<bool> sparseOpt("sparse-a",
                        cl::desc("A is 2:4-compressed even though the kernel "
                                 "uses a dense instruction (roofline bytes)"),
                        cl::cat(category));
cl::opt<int64_t> splitKOpt(
    "split-k",
    cl::desc("K slices of a split-K matmul (0: the matrix kernel's grid z "
             "when the input has mcore's split_k_reduce kernel; 1: none)"),
    cl::init(0), cl::cat(category));
cl::opt<bool> jsonOpt("json", cl::desc("Print JSON"), cl::cat(category));
cl::opt<bool> traceOpt("trace",
                       cl::desc("Print the cycle one wave issues each "
                                "main-loop instruction at"),
                       cl::cat(category));
cl::opt<bool> listProducts("list-products",
                           cl::desc("List the products and exit"),
                           cl::cat(category));

int fail(const Twine &message) {
  WithColor::error(errs(), "mcore-perf") << message << "\n";
  return 1;
}

/// "4096x4096x4096" -> {4096, 4096, 4096}; `count` numbers, or `count - 1`
/// when `optionalLast`.
bool parseDims(StringRef text, unsigned count, bool optionalLast,
               SmallVectorImpl<int64_t> &out) {
  SmallVector<StringRef> parts;
  text.split(parts, 'x');
  if (parts.size() != count && !(optionalLast && parts.size() == count - 1))
    return false;
  for (StringRef p : parts) {
    int64_t v;
    if (p.trim().getAsInteger(10, v) || v <= 0)
      return false;
    out.push_back(v);
  }
  return true;
}

void printProducts() {
  outs() << "product     chip      CUs  peak clock  clock under load "
            "(f16/bf16/8-bit)  launch  memory     f16 peak (vendor)\n";
  for (const ProductInfo &p : getAllProducts())
    outs() << formatv("{0,-11} {1,-8} {2,4}  {3,5:F0} MHz   {4,4:F0} / {5,4:F0} "
                      "/ {6,4:F0} MHz        {7,3:F0} us  {8,5:F0} GB/s  "
                      "{9:F1} TFLOP/s\n",
                      p.key, getChipName(p.chip), p.computeUnits,
                      p.peakClockMHz, p.sustainedClockF16MHz,
                      p.sustainedClockBf16MHz, p.sustainedClock8BitMHz,
                      p.launchOverheadUs, p.memoryBandwidthGBs,
                      p.publishedF16TFlops);
  outs() << "\nclocks under load and launch overheads:\n";
  for (const ProductInfo &p : getAllProducts())
    outs() << formatv("  {0}: clock {1}; launch {2}\n", p.key, p.clockSource,
                      p.launchSource);
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  mlir::mcore::setVersionPrinter("mcore-perf");
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "mcore-perf: predicted occupancy, loop cycles, matrix-unit use, "
      "TFLOP/s and roofline of AMDGPU kernels from their ISA\n");
  if (listProducts) {
    printProducts();
    return finishStandardOutput("mcore-perf", 0);
  }

  PredictOptions options;
  if (!chipOpt.empty()) {
    options.chip = parseChip(chipOpt);
    if (!options.chip)
      return fail("unknown chip '" + chipOpt + "' (known: " +
                  getSupportedChipList() + ")");
  }
  if (!shapeOpt.empty()) {
    SmallVector<int64_t> dims;
    if (!parseDims(shapeOpt, 3, false, dims))
      return fail("--shape takes MxNxK with positive integers, not '" +
                  shapeOpt + "'");
    options.problem = {dims[0], dims[1], dims[2]};
  }
  if (!tileOpt.empty()) {
    SmallVector<int64_t> dims;
    if (!parseDims(tileOpt, 3, true, dims))
      return fail("--tile takes MxN or MxNxK with positive integers, not '" +
                  tileOpt + "'");
    options.tile = {dims[0], dims[1], dims.size() > 2 ? dims[2] : 0};
    if (!options.problem.isSet())
      return fail("--tile needs --shape");
  }
  for (const std::string &p : productOpt) {
    if (!lookupProduct(p))
      return fail("unknown product '" + p + "' (known: " + getProductList() +
                  ")");
    options.products.push_back(p);
  }
  options.kernel = kernelOpt;
  if (ldsOpt.getNumOccurrences())
    options.ldsBytes = ldsOpt;
  if (workgroupOpt.getNumOccurrences()) {
    if (workgroupOpt == 0)
      return fail("--workgroup-size must be positive");
    options.workgroupSize = workgroupOpt;
  }
  options.engine = engineOpt;
  options.iterations = iterationsOpt;
  options.stockMcaWaits = stockWaitsOpt;
  // LLVM's s_waitcnt behaviour is llvm-mca's: it asks for that engine.
  if (stockWaitsOpt) {
    if (options.engine == Engine::Issue)
      return fail("--mca-stock-waitcnt is llvm-mca's behaviour; it does "
                  "not go with --engine=issue");
    options.engine = Engine::Mca;
  }
  options.accumulate = accumulateOpt;
  options.sparseA = sparseOpt;
  if (clockOpt == "peak") {
    options.peakClock = true;
  } else if (clockOpt != "load") {
    double mhz;
    if (StringRef(clockOpt).getAsDouble(mhz) || !(mhz > 0))
      return fail("--clock takes load, peak or a clock in MHz, not '" +
                  clockOpt + "'");
    options.clockMHz = mhz;
  }
  if (launchOpt.getNumOccurrences()) {
    if (!(launchOpt >= 0))
      return fail("--launch-overhead must be 0 or more microseconds");
    options.launchOverheadUs = launchOpt;
  }
  if (batchOpt < 1)
    return fail("--batch must be 1 or more, got " + Twine(batchOpt));
  options.batch = batchOpt;
  if (!cTypeOpt.empty()) {
    options.cType = parseScalarKind(cTypeOpt);
    if (!options.cType)
      return fail("unknown --c-type '" + cTypeOpt +
                  "' (f32, f16, bf16, i32, i8, fp8, bf8, ...)");
  }
  if (splitKOpt < 0)
    return fail("--split-k must be 0 or more, got " + Twine(splitKOpt));
  options.splitK = splitKOpt;

  // A regular file or a pipe of at most 1 GiB: not /dev/zero.
  Expected<std::unique_ptr<MemoryBuffer>> input =
      readFileWhole(inputFile, "input file", kMaxInputFileBytes);
  if (!input)
    return fail(toString(input.takeError()));
  Expected<Report> report = predict((*input)->getBuffer(), options);
  if (!report)
    return fail((inputFile == "-" ? std::string("<stdin>") : inputFile) +
                ": " + toString(report.takeError()));
  if (jsonOpt)
    outs() << formatv("{0:2}", toJSON(*report)) << "\n";
  else
    printReport(*report, outs(), traceOpt);
  return finishStandardOutput("mcore-perf", 0);
}
