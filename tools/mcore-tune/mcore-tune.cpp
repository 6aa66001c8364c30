//===- mcore-tune.cpp - Tune matmul kernels against the performance model -===//
//
//   mcore-tune --chip=gfx942 --shape=4096x4096x4096 [--a-type=f16]
//              [--sparse-a=2:4] [--scales=e8m0] [-j N] [--budget=N]
//              [-o table.json] [--json]
//
// For each chip and shape: enumerate the kernel configurations, compile and
// predict them in parallel, check the fastest on the emulator, print what
// was found and write (or update) a tuning table for
// --mcore-pipeline="tuning-file=...". Every figure is predicted
// (docs/Tuning.md). --json prints the results as one JSON object instead.
//
//===----------------------------------------------------------------------===//

#include "mcore/Support/FileIO.h"
#include "mcore/Support/JSON.h"
#include "mcore/Support/Version.h"
#include "mcore/Tune/Tune.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::tune;

namespace {

cl::OptionCategory category("mcore-tune options");

cl::list<std::string> chipOpt("chip", cl::desc("Chips to tune for"),
                              cl::value_desc("gfx942,gfx950,..."),
                              cl::CommaSeparated, cl::OneOrMore,
                              cl::cat(category));
cl::list<std::string> shapeOpt("shape",
                               cl::desc("Problems C (MxN) += A (MxK) * B "
                                        "(KxN)"),
                               cl::value_desc("MxNxK,..."), cl::CommaSeparated,
                               cl::OneOrMore, cl::cat(category));
cl::opt<std::string> aTypeOpt("a-type",
                              cl::desc("A's element type (f16, bf16, fp8, "
                                       "bf8, i8, i4, f32, f64; fp6, bf6 "
                                       "and fp4 with --scales=e8m0)"),
                              cl::init("f16"), cl::cat(category));
cl::opt<std::string> bTypeOpt("b-type", cl::desc("B's (default: A's)"),
                              cl::cat(category));
cl::opt<std::string> cTypeOpt("c-type",
                              cl::desc("C's (default: f32, or i32 for "
                                       "integers)"),
                              cl::cat(category));
cl::opt<std::string> sparseOpt("sparse-a", cl::desc("2:4 for a 2:4-sparse A"),
                               cl::value_desc("2:4"), cl::cat(category));
cl::opt<std::string> scalesOpt("scales",
                               cl::desc("e8m0: a block-scaled (OCP MX) "
                                        "matmul, one E8M0 scale per 32 of K "
                                        "(docs/MatmulForms.md); none: "
                                        "without scales"),
                               cl::value_desc("none|e8m0"), cl::init("none"),
                               cl::cat(category));
cl::opt<std::string> productOpt("product",
                                cl::desc("The product to rank on (default: "
                                         "the first of the chip)"),
                                cl::value_desc("mi300x|mi355x|rx9070xt|"
                                               "rx7900xtx"),
                                cl::cat(category));
cl::opt<unsigned> threadsOpt("j",
                             cl::desc("Parallel compiles (default: the "
                                      "hardware threads)"),
                             cl::init(0), cl::Prefix, cl::cat(category));
cl::opt<unsigned> budgetOpt("budget",
                            cl::desc("Configurations evaluated per problem "
                                     "at most (0: the whole space)"),
                            cl::init(64), cl::cat(category));
cl::opt<CheckShape> checkOpt(
    "check", cl::desc("How the winner is checked on the emulator"),
    cl::init(CheckShape::Reduced),
    cl::values(clEnumValN(CheckShape::Reduced, "reduced",
                          "its knobs on a smaller problem with the same "
                          "edges (default)"),
               clEnumValN(CheckShape::Full, "full", "the problem itself"),
               clEnumValN(CheckShape::None, "none", "no check")),
    cl::cat(category));
cl::list<std::string>
    fixOpt("fix",
           cl::desc("Knobs not searched, as the tuning table's config keys "
                    "(tile_m=64,stages=2,intrinsic=...)"),
           cl::value_desc("key=value,..."), cl::CommaSeparated,
           cl::cat(category));
cl::opt<uint64_t> seedOpt("seed", cl::desc("Seed of the check's operands"),
                          cl::init(1), cl::cat(category));
cl::opt<std::string> outputOpt("o",
                               cl::desc("Tuning table to write; an existing "
                                        "one is updated (its entries for the "
                                        "tuned problems replaced)"),
                               cl::value_desc("table.json"), cl::cat(category));
cl::opt<bool> quietOpt("quiet", cl::desc("No progress on stderr"),
                       cl::cat(category));
cl::opt<bool> jsonOpt("json",
                      cl::desc("The results as one JSON object on stdout "
                               "instead of the report"),
                      cl::cat(category));

/// Every figure is predicted: the report's first line, and --json's "note".
constexpr const char *kPredictedNote =
    "every figure is PREDICTED by mcore's performance model "
    "(docs/Performance.md); nothing ran on a GPU";

int fail(const Twine &message) {
  WithColor::error(errs(), "mcore-tune") << message << "\n";
  // With --json, stdout says so too (as mcore-run --json does).
  if (jsonOpt)
    outs() << formatJSON(json::Object{{"error", message.str()},
                                      {"status", "error"}})
           << "\n";
  return 1;
}

/// --fix's key=value pairs as a tuning table's "config" object, read by the
/// same code (so the keys and their checks are the table's).
Expected<mlir::mcore::MatmulConfigFields> parseFixed() {
  json::Object object;
  for (StringRef item : fixOpt) {
    auto [key, value] = item.split('=');
    if (key.empty() || !item.contains('='))
      return createStringError(inconvertibleErrorCode(),
                               "--fix: expected key=value, got '" + item + "'");
    int64_t number;
    if (value == "true" || value == "false")
      object[key] = value == "true";
    else if (!value.getAsInteger(10, number))
      object[key] = number;
    else
      object[key] = value;
  }
  mlir::mcore::MatmulConfigFields fields;
  if (Error e = mlir::mcore::fromJSON(json::Value(std::move(object)), fields))
    return createStringError(inconvertibleErrorCode(),
                             "--fix: " + toString(std::move(e)));
  // A fixed knob has a value, as in a table: stages=0 (automatic) fixes
  // nothing.
  std::string problem = mlir::mcore::checkMatmulConfig(fields);
  if (!problem.empty())
    return createStringError(inconvertibleErrorCode(), "--fix: " + problem);
  return fields;
}

std::string describeKnobs(const Evaluation &e) {
  return e.description.empty() ? std::string("?") : e.description;
}

} // namespace

static int run(int argc, char **argv) {
  InitLLVM init(argc, argv);
  mlir::mcore::setVersionPrinter("mcore-tune");
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "mcore-tune: tunes mcore's matmul kernels against the performance "
      "model (every figure is predicted; docs/Performance.md)\n");

  // The problems.
  std::optional<runner::ElementType> a = runner::parseElementType(aTypeOpt);
  std::optional<runner::ElementType> b =
      runner::parseElementType(bTypeOpt.empty() ? aTypeOpt : bTypeOpt);
  if (!a || !b || !runner::isInputType(*a) || !runner::isInputType(*b))
    return fail("--a-type/--b-type: expected one of " +
                runner::getInputTypeList());
  std::optional<runner::ElementType> c =
      cTypeOpt.empty() ? runner::getDefaultAccumulatorType(*a)
                       : runner::parseElementType(cTypeOpt);
  if (!c || !runner::isAccumulatorType(*c))
    return fail("--c-type: expected one of " +
                runner::getAccumulatorTypeList());
  if (!sparseOpt.empty() && sparseOpt != "2:4")
    return fail("--sparse-a takes 2:4, got '" + sparseOpt + "'");
  if (scalesOpt != "none" && scalesOpt != "e8m0")
    return fail("--scales takes none or e8m0, got '" + scalesOpt + "'");
  std::vector<runner::MatmulFunction> problems;
  for (const std::string &chipName : chipOpt) {
    std::optional<Chip> chip = parseChip(chipName);
    if (!chip)
      return fail("unknown chip '" + chipName +
                  "'; supported chips: " + getSupportedChipList());
    for (const std::string &shape : shapeOpt) {
      runner::MatmulFunction p;
      if (Error e = runner::parseShape(shape, p.m, p.n, p.k))
        return fail("--shape: " + toString(std::move(e)));
      p.a = *a;
      p.b = *b;
      p.c = *c;
      p.sparseA = !sparseOpt.empty();
      p.blockScaled = scalesOpt == "e8m0";
      p.chip = *chip;
      if (Error e = p.validate())
        return fail(toString(std::move(e)));
      problems.push_back(p);
    }
  }
  Expected<mlir::mcore::MatmulConfigFields> fixed = parseFixed();
  if (!fixed)
    return fail(toString(fixed.takeError()));
  const perf::ProductInfo *product = nullptr;
  if (!productOpt.empty()) {
    product = perf::lookupProduct(productOpt);
    if (!product)
      return fail("unknown product '" + productOpt +
                  "'; products: " + perf::getProductList());
  }
  std::optional<TuningTable> table;
  if (!outputOpt.empty()) {
    if (sys::fs::exists(outputOpt)) {
      Expected<TuningTable> loaded = TuningTable::load(outputOpt);
      if (!loaded)
        return fail(toString(loaded.takeError()));
      table = std::move(*loaded);
    } else {
      table.emplace();
    }
  }

  bool tty = sys::Process::StandardErrIsDisplayed();
  // The report, or with --json the results for one JSON object.
  raw_ostream &report = jsonOpt ? nulls() : outs();
  json::Array results;
  report << "mcore-tune: " << kPredictedNote << "\n";
  report.flush();
  int status = 0;
  for (const runner::MatmulFunction &problem : problems) {
    TuneOptions options;
    options.threads = threadsOpt;
    options.budget = budgetOpt;
    options.product = product;
    options.check = checkOpt;
    options.seed = seedOpt;
    options.fixed = *fixed;
    std::string name = problem.describe();
    if (!quietOpt)
      options.progress = [&](const TuneProgress &p) {
        std::string line = formatv(
            "[{0,3}/{1}] {2}: {3}: {4}; best {5:f1} TFLOP/s (predicted)",
            p.done, p.planned, name, describeKnobs(*p.last),
            p.last->ok() ? formatv("{0:f1} TFLOP/s", p.last->tflops).str()
                         : p.last->getStatusName().str(),
            p.best && p.best->ok() ? p.best->tflops : 0.0);
        if (tty)
          errs() << "\r" << line << "\x1b[K";
        else
          errs() << line << "\n";
      };
    Expected<TuneResult> result = tune::tune(problem, options);
    if (tty && !quietOpt)
      errs() << "\r\x1b[K";
    if (!result) {
      std::string message = toString(result.takeError());
      WithColor::error(errs(), "mcore-tune") << name << ": " << message << "\n";
      results.push_back(json::Object{{"problem", name}, {"error", message}});
      status = 1;
      continue;
    }
    results.push_back(result->toJSON());
    const Evaluation &best = result->best, &heuristic = result->heuristic;
    size_t ok = llvm::count_if(result->evaluated,
                               [](const Evaluation &e) { return e.ok(); });
    size_t untimed = llvm::count_if(result->evaluated, [](const Evaluation &e) {
      return e.status == Evaluation::Status::NoPrediction;
    });
    report << formatv("{0}\n  space {1} configurations, {2} evaluated ({3} "
                      "compiled without spills and predicted{4}), ranked on "
                      "{5}\n",
                      name, result->spaceSize, result->evaluated.size(), ok,
                      untimed ? formatv(", {0} not predicted", untimed).str()
                              : std::string(),
                      result->product->name);
    auto line = [&](StringRef what, const Evaluation &e) {
      if (!e.ok()) {
        report << formatv("  {0}: {1}: {2}{3}\n", what, describeKnobs(e),
                          e.getStatusName(),
                          e.message.empty() ? "" : " (" + e.message + ")");
        return;
      }
      report << formatv("  {0}: {1}: {2:f1} TFLOP/s, {3:f1}% of peak, {4} "
                        "wave(s) per SIMD ({5}), {6} VGPRs, {7} B LDS "
                        "(predicted)\n",
                        what, describeKnobs(e), e.tflops, 100 * e.utilization,
                        e.wavesPerSimd, e.occupancyLimit, e.vgprs, e.ldsBytes);
    };
    line("heuristic", heuristic);
    line("best     ", best);
    report << formatv("  best / heuristic: {0:f3} (predicted)\n",
                      result->getSpeedup());
    if (result->check)
      report << formatv(
          "  checked on the emulator: {0}, {1}: max |error| "
          "{2:e}, PASS{3}\n",
          result->check->problem.describe(), result->check->description,
          result->check->check.maxAbsError,
          problem.sparseA ? formatv(" ({0} groups with 0 or 1 non-zeros)",
                                    result->check->groupsWithFewerNonzeros)
                                .str()
                          : std::string());
    if (table)
      table->set(result->getEntry());
    report.flush(); // each problem's result as soon as it is known
  }
  if (table) {
    if (Error e = table->save(outputOpt))
      return fail("cannot write '" + outputOpt +
                  "': " + toString(std::move(e)));
    report << "mcore-tune: wrote " << table->getEntries().size()
           << " entries to " << outputOpt << "\n";
  }
  if (jsonOpt) {
    json::Object object{{"note", kPredictedNote},
                        {"results", std::move(results)},
                        {"status", status ? "error" : "ok"}};
    if (table)
      object["table"] = outputOpt;
    outs() << formatJSON(std::move(object), 2) << "\n";
  }
  return status;
}

int main(int argc, char **argv) {
  // A full disk or a closed stdout is an error, not a success with lost
  // output (mcore/Support/FileIO.h).
  return mlir::mcore::finishStandardOutput("mcore-tune", run(argc, argv));
}
