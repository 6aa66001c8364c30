//===- Report.cpp - Printing predictions as text and JSON -----------------===//

#include "mcore/Perf/Perf.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

static std::string limit(unsigned n) {
  return n == kUnlimited ? "-" : std::to_string(n);
}

static std::string optional(const std::optional<unsigned> &v) {
  return v ? std::to_string(*v) : "?";
}

/// "1 wave", "3 waves".
static std::string plural(uint64_t n, StringRef what) {
  return std::to_string(n) + " " + what.str() + (n == 1 ? "" : "s");
}

static std::string unitList(const UnitCycles &busy) {
  std::string s;
  for (unsigned u = 0; u < kNumUnits; ++u) {
    if (busy[u] <= 0)
      continue;
    if (!s.empty())
      s += ", ";
    s += formatv("{0} {1}", getUnitName(Unit(u)), busy[u]).str();
  }
  return s.empty() ? "none" : s;
}

void mlir::mcore::perf::printReport(const Report &report, raw_ostream &os,
                                    bool trace) {
  os << "mcore-perf: every figure below is PREDICTED by mcore's performance "
        "model (docs/Performance.md); nothing was measured on a GPU\n";
  for (const KernelPrediction &k : report.kernels) {
    const KernelResources &r = k.resources;
    const Occupancy &o = k.occupancy;
    const OccupancyInput &in = k.occupancyInput;
    const char *unit = o.cusPerUnit > 1 ? "WGP" : "CU";
    os << "\nkernel " << k.id << " (" << getChipName(k.chip) << ", wave"
       << in.waveSize << ")\n";
    os << formatv("  registers: vgpr_count {0}, agpr_count {1}, "
                  "next_free_vgpr {2}, accum_offset {3}: {4} VGPRs allocated "
                  "per lane; {5} SGPRs; spills: vgpr {6}, sgpr {7}; scratch "
                  "{8} B\n",
                  optional(r.vgprCount), optional(r.agprCount),
                  optional(r.nextFreeVgpr), optional(r.accumOffset),
                  o.vgprsAllocated, in.sgprs, optional(r.vgprSpillCount),
                  optional(r.sgprSpillCount),
                  r.privateSegmentFixedSize.value_or(
                      r.privateSegmentSize.value_or(0)));
    os << formatv("  work-group: {0} threads = {1}; LDS {2} B ({3} "
                  "allocated)\n",
                  in.workgroupSize, plural(o.wavesPerWorkgroup, "wave"),
                  in.ldsBytes, o.ldsAllocated);
    os << formatv("  occupancy (predicted): {0} per SIMD, {1} per {2}; "
                  "work-groups per {2} allowed by vgprs {3}, sgprs {4}, lds "
                  "{5}, wave slots {6}, barriers {7}; limited by {8}\n",
                  plural(o.wavesPerSimd, "wave"),
                  plural(o.workgroupsPerUnit, "work-group"), unit,
                  limit(o.byVgprs),
                  limit(o.bySgprs), limit(o.byLds), limit(o.byWaveSlots),
                  limit(o.byBarriers), join(o.limiters, ", "));
    if (!k.hasMatrix) {
      os << "  no matrix instructions: occupancy only\n";
    } else {
      std::string uses;
      for (const MatrixUse &u : k.matrix)
        uses += formatv("{0}{1} x{2} ({3} cycles each)",
                        uses.empty() ? "" : ", ", u.mnemonic, u.count,
                        u.info ? std::to_string(u.info->getCycles(k.chip))
                               : std::string("?"))
                    .str();
      if (k.loop)
        os << formatv("  main loop {0} ({1} instructions): {2}\n",
                      k.loopHeader, k.timing.instructions, uses);
      else
        os << formatv("  no loop: the whole kernel ({0} instructions) once: "
                      "{1}\n",
                      k.timing.instructions, uses);
      const LoopTiming &t = k.timing;
      os << formatv("    one wave (predicted, {0}): {1:F1} cycles/iteration; "
                    "busy per iteration: {2}\n",
                    getEngineName(t.engine), t.cycles, unitList(t.busy));
      if (t.mcaMatrixCycles >= 0)
        os << formatv("    llvm-mca matrix pipe (HWXDL): {0:F0} cycles; "
                      "catalog: {1:F0}\n",
                      t.mcaMatrixCycles, k.matrixCycles);
      if (k.ldsBytes > 0)
        os << formatv("    LDS (one wave, one iteration): {0:F0} bytes, {1:F1} "
                      "clocks of the CU's LDS data path ({2:F1} without bank "
                      "conflicts)\n",
                      k.ldsBytes, k.ldsClocks, k.ldsIdealClocks);
      if (t.segments.size() > 1) {
        os << "    between barriers (one wave):";
        for (const Segment &s : t.segments)
          os << formatv(" {0:F0}", s.cycles);
        os << " cycles\n";
      }
      os << formatv("    outside the loop (one wave, once): {0:F0} cycles\n",
                    k.outsideCycles);
      os << formatv("  per SIMD with {0} (predicted): {1:F1} cycles per "
                    "iteration of each wave; matrix unit busy {2:F1}% of the "
                    "instruction's peak\n",
                    plural(o.wavesPerSimd, "wave"), k.simdCycles,
                    100 * k.simdUtilization);
      for (const std::string &note : t.notes)
        os << "    note: " << note << "\n";
      if (trace) {
        os << "    issue cycle of each instruction, one wave (predicted):\n";
        for (auto [line, cycle] : t.trace)
          os << formatv("    {0,8:F0}  {1}\n", cycle, line);
        if (!k.outsideWay.empty())
          os << "    the way around the loop (the blocks timed outside it): "
             << llvm::join(k.outsideWay, " ") << "\n";
      }
    }
    if (k.hasProblem) {
      os << formatv("  problem {0}x{1}x{2}: tile {3}x{4}, K step {5:F0}, {6}, "
                    "{7}; {8:E3} flop, {9:E3} bytes at least (each operand "
                    "once)\n",
                    k.problem.m, k.problem.n, k.problem.k, k.tile.m, k.tile.n,
                    k.kStep, plural(k.iterations, "iteration"),
                    plural(k.workgroups, "work-group"), k.flops, k.bytes);
      if (k.peeledK > 0 && k.loop)
        os << formatv("  K {0:F0} of each work-group's is multiplied outside "
                      "the loop (peeled): in the time outside it, not in the "
                      "iterations\n",
                      k.peeledK);
      if (k.splitK > 1)
        os << formatv("  split-K: K in {0} slices, the partial tiles in "
                      "memory (the bytes above count them)\n",
                      k.splitK);
      for (const ProductPrediction &p : k.products) {
        os << formatv("  {0} ({1} CUs at {2:F0} MHz (peak {3:F0}), {4:F0} "
                      "GB/s), predicted: {5:F1} TFLOP/s = {6:F1}% of the "
                      "instruction's peak at that clock ({7:F1}; {8:F1} at "
                      "the peak clock); {9}\n",
                      p.product->name, p.product->computeUnits, p.clockMHz,
                      p.product->peakClockMHz, p.product->memoryBandwidthGBs,
                      p.tflops, 100 * p.utilization, p.clockPeakTflops,
                      p.peakTflops,
                      p.memoryBound ? "memory-bound"
                      : p.l2Bound   ? "L2-bound"
                                    : "compute-bound");
        os << formatv("    {0} on {1} slots ({2} {3}s x {4}): {5}",
                      plural(p.workgroups, "work-group"), p.slots, p.units,
                      unit, k.occupancy.workgroupsPerUnit,
                      plural(p.fullRounds, "full round"));
        if (p.lastRoundWorkgroups)
          os << formatv(" + a last round of {0} ({1} per SIMD)",
                        p.lastRoundWorkgroups,
                        plural(p.lastRoundWavesPerSimd, "wave"));
        os << formatv("; compute {0:F4} ms, memory {1:F4} ms",
                      1e3 * p.computeSeconds, 1e3 * p.memorySeconds);
        if (p.product->l2BytesPerClock > 0)
          os << formatv(", L2 {0:F4} ms", 1e3 * p.l2Seconds);
        os << formatv(", launch {0:F1} us\n", 1e6 * p.launchSeconds);
        os << formatv("    at the peak clock, without launch overhead: "
                      "{0:F1} TFLOP/s, {1:F4} ms\n",
                      p.peakClockTflops, 1e3 * p.peakClockSeconds);
      }
    }
    for (const std::string &note : k.notes)
      os << "  note: " << note << "\n";
  }
  for (const TotalPrediction &t : report.totals)
    os << formatv("whole problem on {0} ({1}), predicted: {2:F4} ms "
                  "({6:F4} ms at the peak clock without launch overhead); "
                  "the memory roofline (each operand once at {3:F0} GB/s) "
                  "is {4:F4} ms, {5:F1}% of the predicted time\n",
                  t.product->name, plural(t.kernels, "kernel"),
                  1e3 * t.seconds, t.product->memoryBandwidthGBs,
                  1e3 * t.rooflineSeconds, 100 * t.rooflineFraction,
                  1e3 * t.peakClockSeconds);
}

static json::Value optionalJson(const std::optional<unsigned> &v) {
  return v ? json::Value(int64_t(*v)) : json::Value(nullptr);
}

static json::Value limitJson(unsigned v) {
  return v == kUnlimited ? json::Value(nullptr) : json::Value(int64_t(v));
}

static json::Object unitsJson(const UnitCycles &busy) {
  json::Object o;
  for (unsigned u = 0; u < kNumUnits; ++u)
    o[getUnitName(Unit(u))] = busy[u];
  return o;
}

json::Value mlir::mcore::perf::toJSON(const Report &report) {
  json::Array kernels;
  for (const KernelPrediction &k : report.kernels) {
    const KernelResources &r = k.resources;
    const Occupancy &o = k.occupancy;
    json::Object kernel{
        {"id", k.id},
        {"chip", getChipName(k.chip)},
        {"wave_size", k.occupancyInput.waveSize},
        {"resources",
         json::Object{{"vgpr_count", optionalJson(r.vgprCount)},
                      {"agpr_count", optionalJson(r.agprCount)},
                      {"next_free_vgpr", optionalJson(r.nextFreeVgpr)},
                      {"vgprs_allocated", o.vgprsAllocated},
                      {"sgprs", k.occupancyInput.sgprs},
                      {"vgpr_spill_count", optionalJson(r.vgprSpillCount)},
                      {"sgpr_spill_count", optionalJson(r.sgprSpillCount)},
                      {"lds_bytes", k.occupancyInput.ldsBytes},
                      {"lds_allocated", o.ldsAllocated},
                      {"workgroup_size", k.occupancyInput.workgroupSize},
                      {"waves_per_workgroup", o.wavesPerWorkgroup}}},
        {"occupancy",
         json::Object{{"waves_per_simd", o.wavesPerSimd},
                      {"workgroups_per_unit", o.workgroupsPerUnit},
                      {"unit", o.cusPerUnit > 1 ? "WGP" : "CU"},
                      {"by_vgprs", limitJson(o.byVgprs)},
                      {"by_sgprs", limitJson(o.bySgprs)},
                      {"by_lds", limitJson(o.byLds)},
                      {"by_wave_slots", limitJson(o.byWaveSlots)},
                      {"by_barriers", limitJson(o.byBarriers)},
                      {"limited_by", json::Array(o.limiters)}}},
        {"predicted", true}};
    if (k.hasMatrix) {
      json::Array matrix;
      for (const MatrixUse &u : k.matrix)
        matrix.push_back(json::Object{
            {"mnemonic", u.mnemonic},
            {"intrinsic", u.info ? json::Value(u.info->name)
                                 : json::Value(nullptr)},
            {"count", u.count},
            {"cycles", u.info ? json::Value(u.info->getCycles(k.chip))
                              : json::Value(nullptr)}});
      json::Array segments;
      for (const Segment &s : k.timing.segments)
        segments.push_back(
            json::Object{{"cycles", s.cycles}, {"busy", unitsJson(s.busy)}});
      kernel["loop"] = json::Object{
          {"header", k.loop ? json::Value(k.loopHeader) : json::Value(nullptr)},
          {"instructions", k.timing.instructions},
          {"matrix", std::move(matrix)},
          {"engine", getEngineName(k.timing.engine)},
          {"wave_cycles_per_iteration", k.timing.cycles},
          {"busy", unitsJson(k.timing.busy)},
          {"matrix_cycles", k.matrixCycles},
          {"mca_matrix_cycles", k.timing.mcaMatrixCycles >= 0
                                    ? json::Value(k.timing.mcaMatrixCycles)
                                    : json::Value(nullptr)},
          {"segments", std::move(segments)},
          {"lds_bytes", k.ldsBytes},
          {"lds_clocks", k.ldsClocks},
          {"lds_ideal_clocks", k.ldsIdealClocks},
          {"lds_unknown", k.ldsUnknown},
          {"outside_cycles", k.outsideCycles},
          {"simd_cycles_per_iteration", k.simdCycles},
          {"simd_utilization", k.simdUtilization},
          {"notes", json::Array(k.timing.notes)}};
    }
    if (k.hasProblem) {
      json::Array products;
      for (const ProductPrediction &p : k.products)
        products.push_back(json::Object{
            {"product", p.product->name},
            {"key", p.product->key},
            {"units", p.units},
            {"slots", p.slots},
            {"workgroups", p.workgroups},
            {"full_rounds", p.fullRounds},
            {"last_round_workgroups", p.lastRoundWorkgroups},
            {"last_round_waves_per_simd", p.lastRoundWavesPerSimd},
            {"clocks", p.clocks},
            {"compute_seconds", p.computeSeconds},
            {"memory_seconds", p.memorySeconds},
            {"l2_seconds", p.l2Seconds},
            {"seconds", p.seconds},
            {"tflops", p.tflops},
            {"clock_mhz", p.clockMHz},
            {"launch_seconds", p.launchSeconds},
            {"peak_tflops", p.peakTflops},
            {"clock_peak_tflops", p.clockPeakTflops},
            {"utilization", p.utilization},
            {"peak_clock_seconds", p.peakClockSeconds},
            {"peak_clock_tflops", p.peakClockTflops},
            {"bound", p.memoryBound ? "memory"
                      : p.l2Bound   ? "l2"
                                    : "compute"}});
      kernel["problem"] = json::Object{
          {"m", k.problem.m},
          {"n", k.problem.n},
          {"k", k.problem.k},
          {"tile", json::Array{k.tile.m, k.tile.n}},
          {"k_step", k.kStep},
          {"iterations", k.iterations},
          {"peeled_k", k.peeledK},
          {"workgroups", k.workgroups},
          {"flops", k.flops},
          {"bytes", k.bytes},
          {"roofline_bytes", k.rooflineBytes},
          {"split_k", k.splitK},
          {"l2_bytes", k.l2Bytes},
          {"products", std::move(products)}};
    }
    kernel["notes"] = json::Array(k.notes);
    kernels.push_back(std::move(kernel));
  }
  json::Array totals;
  for (const TotalPrediction &t : report.totals)
    totals.push_back(json::Object{{"product", t.product->name},
                                  {"key", t.product->key},
                                  {"kernels", int64_t(t.kernels)},
                                  {"seconds", t.seconds},
                                  {"peak_clock_seconds", t.peakClockSeconds},
                                  {"roofline_seconds", t.rooflineSeconds},
                                  {"roofline_fraction", t.rooflineFraction}});
  return json::Object{
      {"predicted", true},
      {"model", "mcore performance model, docs/Performance.md"},
      {"kernels", std::move(kernels)},
      {"totals", std::move(totals)}};
}
