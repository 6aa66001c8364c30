//===- Search.cpp - Spending the budget on the space ----------------------===//
//
// tune::tune: the whole space when the budget allows, else a best-first
// search from the heuristic's configuration: the unexpanded configuration
// with the best predicted time has its neighbours (one knob one step away)
// evaluated, in parallel, until the budget is spent or no configuration is
// left to expand. The fastest configuration that compiled without spills
// wins (the heuristic's on a tie); it is then checked on the emulator.
//
//===----------------------------------------------------------------------===//

#include "TuneInternal.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <mutex>
#include <set>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tune;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

double TuneResult::getSpeedup() const {
  if (!heuristic.ok() || !best.ok() || best.seconds <= 0)
    return 1;
  return heuristic.seconds / best.seconds;
}

TuningEntry TuneResult::getEntry() const {
  TuningEntry entry =
      TuningEntry::forProblem(runner::getCompilerProblem(problem));
  entry.config = best.knobs;
  llvm::json::Object predicted{
      {"product", product->key},
      {"tflops", std::round(best.tflops * 10) / 10},
      {"utilization", std::round(best.utilization * 1000) / 1000},
      {"waves_per_simd", best.wavesPerSimd},
      {"heuristic_tflops", std::round(heuristic.tflops * 10) / 10},
      {"evaluated", int64_t(evaluated.size())},
      {"space", int64_t(spaceSize)}};
  if (check)
    predicted["checked"] =
        llvm::formatv("{0}x{1}x{2} on the emulator", check->problem.m,
                      check->problem.n, check->problem.k)
            .str();
  entry.extra["predicted"] = std::move(predicted);
  return entry;
}

llvm::json::Object tune::toJSON(const Evaluation &e) {
  llvm::json::Object object{{"configuration", e.description},
                            {"knobs", mcore::toJSON(e.knobs)},
                            {"status", e.getStatusName()}};
  if (!e.message.empty())
    object["message"] = e.message;
  if (e.ok() || e.status == Evaluation::Status::Spills) {
    object["tflops"] = e.tflops;
    object["utilization"] = e.utilization;
    object["seconds"] = e.seconds;
    object["waves_per_simd"] = e.wavesPerSimd;
    object["occupancy_limit"] = e.occupancyLimit;
    object["vgprs"] = e.vgprs;
    object["lds_bytes"] = e.ldsBytes;
    object["spills"] = e.spills;
  }
  return object;
}

llvm::json::Object TuneResult::toJSON() const {
  auto count = [&](auto predicate) {
    return int64_t(llvm::count_if(evaluated, predicate));
  };
  llvm::json::Object object{
      {"problem", problem.describe()},
      {"chip", getChipName(problem.chip)},
      {"m", problem.m},
      {"n", problem.n},
      {"k", problem.k},
      {"sparse_a", problem.sparseA},
      {"product", product->key},
      {"space", int64_t(spaceSize)},
      {"evaluated", int64_t(evaluated.size())},
      {"predicted", count([](const Evaluation &e) { return e.ok(); })},
      {"not_predicted", count([](const Evaluation &e) {
         return e.status == Evaluation::Status::NoPrediction;
       })},
      {"heuristic", tune::toJSON(heuristic)},
      {"best", tune::toJSON(best)},
      {"speedup", getSpeedup()},
      {"entry", getEntry().toJSON()}};
  if (check)
    object["check"] = llvm::json::Object{
        {"problem", check->problem.describe()},
        {"configuration", check->description},
        {"max_abs_error", check->check.maxAbsError},
        {"status", check->check.pass ? "PASS" : "FAIL"},
        {"groups_with_fewer_nonzeros", check->groupsWithFewerNonzeros}};
  return object;
}

/// Whether `a` is predicted faster than `b` (ties keep `b`).
static bool isFaster(const Evaluation &a, const Evaluation &b) {
  if (!a.ok())
    return false;
  if (!b.ok())
    return true;
  return a.seconds < b.seconds * (1 - 1e-9);
}

llvm::Expected<TuneResult> tune::tune(const runner::MatmulFunction &problem,
                                      const TuneOptions &options) {
  TuneResult result;
  result.problem = problem;
  result.product =
      options.product ? options.product : getDefaultProduct(problem.chip);
  if (!result.product)
    return makeError("the performance model knows no product built on " +
                     getChipName(problem.chip) +
                     " (products: " + perf::getProductList() + ")");
  if (result.product->chip != problem.chip)
    return makeError(llvm::Twine(result.product->name) + " is a " +
                     getChipName(result.product->chip) + ", not a " +
                     getChipName(problem.chip));
  llvm::Expected<std::vector<MatmulConfigFields>> space =
      enumerateSpace(problem, options.fixed);
  if (!space)
    return space.takeError();
  result.spaceSize = space->size();

  size_t budget = options.budget
                      ? std::min<size_t>(options.budget, space->size())
                      : space->size();
  std::vector<std::optional<Evaluation>> done(space->size());
  std::mutex mutex;
  TuneProgress progress;
  progress.planned = budget;
  const Evaluation *best = nullptr;

  unsigned threads = options.threads
                         ? options.threads
                         : llvm::hardware_concurrency().compute_thread_count();
  llvm::DefaultThreadPool pool(llvm::hardware_concurrency(threads));
  auto evaluateAll = [&](ArrayRef<size_t> points) {
    for (size_t i : points)
      pool.async([&, i] {
        Evaluation e = evaluate(problem, (*space)[i], *result.product);
        std::lock_guard<std::mutex> lock(mutex);
        done[i] = std::move(e);
        if (!best || isFaster(*done[i], *best))
          best = &*done[i];
        ++progress.done;
        progress.last = &*done[i];
        progress.best = best;
        if (options.progress)
          options.progress(progress);
      });
    pool.wait();
  };

  size_t used = 0;
  auto take = [&](std::vector<size_t> points) {
    if (points.size() > budget - used)
      points.resize(budget - used);
    used += points.size();
    evaluateAll(points);
  };
  if (budget == space->size()) {
    std::vector<size_t> all(space->size());
    for (size_t i = 0; i < all.size(); ++i)
      all[i] = i;
    take(all);
  } else {
    take({0});
    std::set<size_t> expanded;
    while (used < budget) {
      // The best configuration whose neighbours were not tried yet.
      std::optional<size_t> from;
      for (size_t i = 0; i < done.size(); ++i)
        if (done[i] && done[i]->ok() && !expanded.count(i) &&
            (!from || isFaster(*done[i], *done[*from])))
          from = i;
      std::vector<size_t> next;
      if (from) {
        expanded.insert(*from);
        for (size_t n : getNeighbors(*space, *from))
          if (!done[n] && !llvm::is_contained(next, n))
            next.push_back(n);
      } else {
        // Nothing left to expand: the rest of the space in order.
        for (size_t i = 0; i < done.size() && next.size() < threads; ++i)
          if (!done[i])
            next.push_back(i);
        if (next.empty())
          break;
      }
      take(next);
    }
  }

  // The winner, independently of the order the threads finished in: the
  // fastest, the first in the space on a tie (the heuristic's is first).
  best = nullptr;
  for (const std::optional<Evaluation> &e : done)
    if (e) {
      result.evaluated.push_back(*e);
      if (!best || isFaster(*e, *best))
        best = &*e;
    }
  result.heuristic = *done[0];
  if (!best || !best->ok()) {
    std::string why = done[0]->message;
    return makeError("no configuration of " + problem.describe() +
                     " compiled without spills and was predicted (" +
                     llvm::Twine(used) +
                     " tried; the heuristic's: " + done[0]->getStatusName() +
                     (why.empty() ? "" : ": " + why) + ")");
  }
  result.best = *best;

  if (options.check != CheckShape::None) {
    runner::MatmulFunction checked =
        options.check == CheckShape::Full
            ? problem
            : getCheckProblem(problem, best->knobs);
    llvm::Expected<CheckResult> check =
        checkOnEmulator(checked, best->knobs, options.seed);
    if (!check)
      return check.takeError();
    if (!check->check.pass)
      return makeError(llvm::formatv(
          "the winner of {0} ({1}) gives a wrong result on the emulator for "
          "{2}: C[{3}, {4}] = {5}, expected {6} (allowed error {7})",
          problem.describe(), best->description, checked.describe(),
          check->check.row, check->check.col, check->check.got,
          check->check.want, check->check.allowed));
    result.check = std::move(*check);
  }
  return result;
}
