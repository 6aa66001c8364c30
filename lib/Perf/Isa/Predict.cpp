//===- Predict.cpp - From a kernel's ISA to predicted rates ---------------===//

#include "mcore/Perf/Perf.h"

#include "mcore/Dialect/MCore/Transforms/SplitK.h"

#include "LdsAccess.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <map>

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

static Error fail(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// SGPRs the hardware allocates: the descriptor's count plus VCC, flat
/// scratch and XNACK (AMDGPUBaseInfo getNumExtraSGPRs), or the metadata's
/// sgpr_count, which includes them.
static unsigned allocatedSgprs(Chip chip, const KernelResources &r) {
  if (!r.nextFreeSgpr)
    return r.sgprCount.value_or(0);
  const ChipInfo &info = getChipInfo(chip);
  if (!info.hasMfma) // gfx10+: VCC only, and SGPRs do not limit waves
    return *r.nextFreeSgpr + (r.reserveVcc.value_or(true) ? 2 : 0);
  // gfx940 and later have architected flat scratch: 6 extra.
  bool architectedFlatScratch =
      chip == Chip::gfx942 || chip == Chip::gfx950;
  unsigned extra = 0;
  if (r.reserveVcc.value_or(true))
    extra = 2;
  if (r.reserveXnackMask.value_or(false))
    extra = 4;
  if (architectedFlatScratch || r.reserveFlatScratch.value_or(false))
    extra = 6;
  return *r.nextFreeSgpr + extra;
}

/// VGPRs per lane the hardware allocates: the descriptor's next_free_vgpr,
/// else the metadata's vgpr_count. Both are LLVM's total of VGPRs and AGPRs
/// (AMDGPUBaseInfo getTotalNumVGPRs: alignTo(VGPRs, 4) + AGPRs on gfx90a+,
/// max(VGPRs, AGPRs) on gfx908); the descriptor's may be larger.
static unsigned allocatedVgprs(const KernelResources &r,
                               std::vector<std::string> &notes) {
  if (r.nextFreeVgpr)
    return *r.nextFreeVgpr;
  if (r.vgprCount)
    notes.push_back("no kernel descriptor: VGPRs from the metadata's "
                    "vgpr_count");
  return r.vgprCount.value_or(0);
}

/// Whole-GPU figures of `k` on the products `options` names (default: its
/// chip's).
static Error addProducts(KernelPrediction &k, const PredictOptions &options) {
  std::vector<const ProductInfo *> products;
  if (options.products.empty()) {
    for (const ProductInfo *p : getProductsFor(k.chip))
      products.push_back(p);
  } else {
    for (const std::string &key : options.products) {
      const ProductInfo *p = lookupProduct(key);
      if (!p)
        return fail("unknown product '" + key + "' (known: " +
                    getProductList() + ")");
      if (p->chip != k.chip) {
        k.notes.push_back(std::string(p->name) + " is a " +
                          getChipName(p->chip).str() + ", not a " +
                          getChipName(k.chip).str() + ": skipped");
        continue;
      }
      products.push_back(p);
    }
  }
  if (products.empty())
    k.notes.push_back("no product of the table is a " +
                      getChipName(k.chip).str() +
                      " (mcore-perf --list-products): no whole-GPU figures");
  for (const ProductInfo *p : products)
    k.products.push_back(predictProduct(k, *p, options));
  return Error::success();
}

/// The tile of a problem dimension of `size` elements that `count`
/// work-groups cover: size / count when it divides; else, of the tiles t
/// with ceil(size / t) = count (a ragged last tile), the one of the most
/// trailing zero bits, the smallest of those (mcore's tiles are multiples of
/// the instruction's 16 or 32: 4096 over 19 work-groups is 224, not 216).
static int64_t tileOfGrid(int64_t size, int64_t count) {
  if (size % count == 0 || count == 1)
    return llvm::divideCeil(size, count);
  int64_t lo = llvm::divideCeil(size, count),
          hi = llvm::divideCeil(size, count - 1) - 1;
  // The smallest multiple of the largest power of two in [lo, hi].
  for (int bit = 62; bit > 0; --bit) {
    int64_t t = llvm::divideCeil(lo, int64_t(1) << bit) << bit;
    if (t <= hi)
      return t;
  }
  return lo;
}

/// The second kernel of a split-K matmul (mcore-tile-matmul's
/// split_k_reduce): one thread per element of C reads the `splitK` partial
/// tiles (f32/i32, 4 bytes) and C, and writes C. Timed as straight-line code
/// once per round of work-groups, against its bytes at peak bandwidth.
static Expected<KernelPrediction> predictReduction(const KernelIsa &kernel,
                                                   const PredictOptions &options,
                                                   KernelPrediction k) {
  std::vector<TimedInstruction> body;
  for (const IsaLine &line : kernel.body)
    if (line.isInstruction())
      body.push_back({&line, nullptr, 0});
  Engine engine = options.engine;
  if (engine == Engine::Auto)
    engine = getAutoEngine(k.chip);
  Expected<LoopTiming> timing =
      timeInstructions(k.chip, engine, body, 1, options.stockMcaWaits);
  if (!timing)
    return fail("kernel " + k.id + ": " + toString(timing.takeError()));
  k.outsideCycles = timing->cycles;
  const Problem &prob = options.problem;
  k.hasProblem = true;
  k.problem = prob;
  k.splitK = options.splitK;
  k.iterations = 0;
  double elements = double(prob.m) * double(prob.n);
  k.workgroups = kernel.grid ? (*kernel.grid)[0] * (*kernel.grid)[1] *
                                   (*kernel.grid)[2]
                             : divideCeil(prob.m * prob.n,
                                          int64_t(k.occupancyInput.workgroupSize));
  // The partial tiles, and C (read unless a fill was folded; written).
  k.bytes = elements * 4.0 * double(options.splitK) +
            elements * 4.0 * (options.accumulate ? 2 : 1);
  k.l2Bytes = k.bytes;
  k.notes.push_back(formatv("the reduction of a {0}-way split-K matmul: C "
                            "taken as 4-byte elements",
                            options.splitK));
  if (k.occupancy.workgroupsPerUnit == 0)
    return fail("kernel " + k.id + ": no work-group fits");
  if (Error e = addProducts(k, options))
    return std::move(e);
  return k;
}

/// The figures of one kernel.
static Expected<KernelPrediction> predictKernel(const KernelIsa &kernel,
                                                const PredictOptions &options) {
  KernelPrediction k;
  k.id = kernel.getId();
  std::optional<Chip> chip = options.chip ? options.chip : kernel.chip;
  if (!chip)
    return fail("kernel " + k.id + ": the assembly's target '" +
                kernel.target + "' is not a chip mcore knows (" +
                getSupportedChipList() + "); pass --chip");
  k.chip = *chip;
  const ChipInfo &chipInfo = getChipInfo(k.chip);
  k.resources = kernel.resources;
  const KernelResources &r = kernel.resources;
  if (!kernel.assemblerErrors.empty())
    k.notes.push_back(formatv(
        "LLVM's assembler for {0} rejected {1} statement(s) of the input "
        "(they are not timed); the first: {2}",
        getChipName(k.chip), kernel.assemblerErrors.size(),
        kernel.assemblerErrors.front()));

  // Occupancy.
  bool anyMatrix = llvm::any_of(kernel.body, [](const IsaLine &line) {
    return isMatrixMnemonic(line.mnemonic);
  });
  if (anyMatrix && !r.nextFreeVgpr && !r.vgprCount)
    return fail(formatv(
        "kernel {0}: no kernel descriptor with `.amdhsa_next_free_vgpr` (an "
        "`.amdhsa_kernel {1}` block) and no `.vgpr_count` in its "
        "`.amdgpu_metadata`: the VGPRs it is given, and so its occupancy, "
        "are unknown",
        k.id, kernel.name));
  OccupancyInput &in = k.occupancyInput;
  in.vgprs = allocatedVgprs(r, k.notes);
  in.sgprs = allocatedSgprs(k.chip, r);
  if (options.ldsBytes)
    in.ldsBytes = *options.ldsBytes;
  else
    in.ldsBytes = r.groupSegmentSize.value_or(r.groupSegmentFixedSize.value_or(0));
  if (!options.ldsBytes && in.ldsBytes == 0 && anyMatrix)
    k.notes.push_back("the code object declares no LDS: if the kernel "
                      "allocates LDS at launch (Triton does), pass "
                      "--lds-bytes");
  in.waveSize = r.wavefrontSize.value_or(
      r.wave32 ? (*r.wave32 ? 32 : 64) : chipInfo.waveSize);
  if (options.workgroupSize)
    in.workgroupSize = *options.workgroupSize;
  else if (kernel.block)
    in.workgroupSize = unsigned((*kernel.block)[0] * (*kernel.block)[1] *
                                (*kernel.block)[2]);
  else if (r.maxFlatWorkgroupSize)
    in.workgroupSize = *r.maxFlatWorkgroupSize;
  else {
    in.workgroupSize = 256;
    k.notes.push_back("work-group size unknown: 256 threads assumed (pass "
                      "--workgroup-size)");
  }
  in.wgpMode = r.wgpMode.value_or(true);
  k.occupancy = computeOccupancy(k.chip, in);

  // The main loop.
  k.hasMatrix = anyMatrix;
  if (!k.hasMatrix) {
    if (kernel.name == kSplitKReduceKernel && options.problem.isSet() &&
        options.splitK > 1)
      return predictReduction(kernel, options, std::move(k));
    return k;
  }
  k.loop = findMainLoop(kernel);
  if (k.loop) {
    k.loopHeader = k.loop->header;
    if (k.loop->blocks > 1)
      k.notes.push_back(formatv("the main loop has {0} basic blocks: they "
                                "are timed as if all ran on every iteration",
                                k.loop->blocks));
  } else {
    k.notes.push_back("the matrix instructions are in no loop: the whole "
                      "kernel is timed as one iteration");
  }
  // What each LDS instruction costs the CU's LDS data path, bank conflicts
  // included; a SIMD's share is that times the SIMDs sharing the LDS.
  std::vector<LdsCost> lds = computeLdsCosts(
      kernel, k.chip, in.waveSize, k.occupancy.wavesPerWorkgroup);
  double ldsSimds = getChipOccupancyInfo(k.chip).simdsPerCU;
  // Outside the loop, the way a work-group takes (findPathAroundLoop), not
  // every variant the kernel carries.
  std::optional<std::vector<unsigned>> around;
  if (k.loop) {
    around = findPathAroundLoop(kernel, *k.loop);
    if (!around)
      k.notes.push_back("no way from the kernel's entry through the main "
                        "loop to an s_endpgm: every instruction outside the "
                        "loop is timed once");
  }
  std::vector<TimedInstruction> timed(kernel.body.size());
  std::vector<TimedInstruction> body, outside;
  std::map<std::string, MatrixUse> uses;
  for (unsigned i = 0; i < kernel.body.size(); ++i) {
    const IsaLine &line = kernel.body[i];
    if (!line.isInstruction())
      continue;
    TimedInstruction inst{&line, nullptr, lds[i].clocks * ldsSimds};
    bool inLoop = !k.loop || k.loop->contains(i);
    if (lds[i].bytes > 0 && inLoop) {
      k.ldsBytes += lds[i].bytes;
      k.ldsClocks += lds[i].clocks;
      k.ldsIdealClocks += lds[i].idealClocks;
      if (!lds[i].known)
        ++k.ldsUnknown;
      else if (lds[i].clocks > lds[i].idealClocks * 1.001)
        k.notes.push_back(formatv(
            "LDS bank conflicts: line {0} `{1}` takes {2:F1} clocks of the "
            "LDS, {3:F1} without conflicts ({4:F2}-way)",
            line.lineNo, line.text(), lds[i].clocks, lds[i].idealClocks,
            lds[i].clocks / lds[i].idealClocks));
    }
    if (isMatrixMnemonic(line.mnemonic))
      inst.matrix =
          lookupMatrixInstruction(line.mnemonic, k.chip, line.operands);
    timed[i] = inst;
    if (inLoop) {
      body.push_back(inst);
      if (isMatrixMnemonic(line.mnemonic)) {
        MatrixUse &use = uses[line.mnemonic];
        use.mnemonic = line.mnemonic;
        use.info = inst.matrix;
        ++use.count;
      }
    } else if (!around) {
      outside.push_back(inst);
    }
  }
  if (around) {
    for (auto [at, i] : llvm::enumerate(*around)) {
      outside.push_back(timed[i]);
      // A block's first instruction follows its label, if it has one.
      bool startsBlock = at == 0 || (*around)[at - 1] != i - 1 ||
                         (i > 0 && !kernel.body[i - 1].label.empty());
      if (startsBlock)
        k.outsideWay.push_back(i > 0 && !kernel.body[i - 1].label.empty()
                                   ? kernel.body[i - 1].label
                                   : "line " +
                                         std::to_string(kernel.body[i].lineNo));
    }
  }
  for (const TimedInstruction &inst : outside)
    if (inst.matrix)
      k.opsOutsideLoop += inst.matrix->ops;
  double dominantCycles = 0;
  for (auto &[name, use] : uses) {
    k.matrix.push_back(use);
    if (!use.info) {
      k.notes.push_back("the catalog has no " + name + " on " +
                        getChipName(k.chip).str() +
                        ": its cycles and work are not known");
      continue;
    }
    double cycles = double(use.count) * use.info->getCycles(k.chip);
    k.opsPerWaveIteration += double(use.count) * use.info->ops;
    if (cycles > dominantCycles) {
      dominantCycles = cycles;
      k.dominant = use.info;
    }
  }

  if (k.ldsUnknown)
    k.notes.push_back(formatv(
        "{0} LDS instruction(s) of the loop have addresses the model cannot "
        "evaluate: costed without bank conflicts",
        k.ldsUnknown));
  Engine engine = options.engine;
  if (engine == Engine::Auto)
    engine = getAutoEngine(k.chip);
  unsigned iterations = !k.loop             ? 1
                        : options.iterations ? options.iterations
                        : engine == Engine::Mca ? 100
                                                : 32;
  Expected<LoopTiming> timing = timeInstructions(
      k.chip, engine, body, iterations, options.stockMcaWaits);
  if (!timing)
    return fail("kernel " + k.id + ": " + toString(timing.takeError()));
  k.timing = std::move(*timing);
  if (k.loop) {
    Expected<LoopTiming> rest = timeInstructions(k.chip, engine, outside, 1,
                                                 options.stockMcaWaits);
    if (rest)
      k.outsideCycles = rest->cycles;
    else
      k.notes.push_back("the code outside the loop could not be timed: " +
                        toString(rest.takeError()));
  }
  k.matrixCycles = k.timing.busy[unsigned(Unit::Matrix)];
  k.simdCycles = getSimdIterationCycles(k.timing, k.occupancy.wavesPerSimd,
                                        k.occupancy.wavesPerSimdPerWorkgroup);
  if (k.simdCycles > 0)
    k.simdUtilization =
        k.occupancy.wavesPerSimd * k.matrixCycles / k.simdCycles;
  if (k.timing.mcaMatrixCycles >= 0 &&
      std::abs(k.timing.mcaMatrixCycles - k.matrixCycles) > 0.5)
    k.notes.push_back(formatv(
        "llvm-mca's matrix pipe (HWXDL) is busy {0} cycles per iteration, the "
        "catalog says {1}: the model uses the catalog",
        k.timing.mcaMatrixCycles, k.matrixCycles));

  // The problem.
  const Problem &prob = options.problem;
  if (!prob.isSet())
    return k;
  if (k.occupancy.workgroupsPerUnit == 0)
    return fail("kernel " + k.id + ": no work-group fits on a " +
                (k.occupancy.cusPerUnit > 1 ? "WGP" : "CU") +
                " (LDS or registers too large)");
  k.hasProblem = true;
  k.problem = prob;
  k.tile = options.tile;
  bool tileFromGrid = !k.tile.m || !k.tile.n;
  if (tileFromGrid) {
    if (!kernel.grid)
      return fail("kernel " + k.id +
                  ": --tile=MxN is needed (the input has no constant "
                  "gpu.launch_func grid to derive it from)");
    auto [gx, gy, gz] = *kernel.grid;
    if (gz != std::max<int64_t>(1, options.splitK) || gx <= 0 || gy <= 0 ||
        gx > prob.n || gy > prob.m)
      return fail(formatv("kernel {0}: the launch grid {1}x{2}x{3} does not "
                          "fit {4}x{5}; pass --tile=MxN",
                          k.id, gx, gy, gz, prob.m, prob.n));
    // mcore-tile-matmul: grid x walks N, grid y walks M.
    k.tile.m = tileOfGrid(prob.m, gy);
    k.tile.n = tileOfGrid(prob.n, gx);
    if (prob.m % gy || prob.n % gx)
      k.notes.push_back(formatv(
          "the launch grid {0}x{1} does not divide {2}x{3}: the tile {4}x{5} "
          "is derived from it (of the tiles giving that grid, the one of the "
          "most trailing zero bits); pass --tile=MxN if it is another",
          gx, gy, prob.m, prob.n, k.tile.m, k.tile.n));
  }
  if (k.opsPerWaveIteration <= 0)
    return fail("kernel " + k.id +
                ": the loop's matrix work is unknown (instructions not in "
                "the catalog)");
  k.kStep = double(k.occupancy.wavesPerWorkgroup) * k.opsPerWaveIteration /
            (2.0 * double(k.tile.m) * double(k.tile.n));
  if (k.tile.k && std::abs(k.tile.k - k.kStep) > 1e-6 * k.kStep)
    k.notes.push_back(formatv(
        "--tile gives K step {0}, the loop's matrix work gives {1}; the model "
        "uses {1}",
        k.tile.k, k.kStep));
  if (std::abs(k.kStep - std::round(k.kStep)) > 1e-6) {
    if (tileFromGrid)
      return fail(formatv("kernel {0}: the tile {1}x{2} the launch grid gives "
                          "for {3}x{4} makes the K step {5:F2}, not an "
                          "integer: the kernel was compiled for another "
                          "shape; pass --tile=MxN",
                          k.id, k.tile.m, k.tile.n, prob.m, prob.n, k.kStep));
    k.notes.push_back(formatv("the K step derived from the loop is not an "
                              "integer ({0}): check --tile",
                              k.kStep));
  }
  // Split-K: each work-group multiplies one slice of K.
  k.splitK = std::max<int64_t>(1, options.splitK);
  double sliceK = std::ceil(double(prob.k) / double(k.splitK));
  // K tiles peeled off the loop (e.g. the last two of a loop that runs two
  // per iteration) are timed in `outside`: the loop runs the rest.
  k.peeledK = double(k.occupancy.wavesPerWorkgroup) * k.opsOutsideLoop /
              (2.0 * double(k.tile.m) * double(k.tile.n));
  k.iterations =
      k.loop ? std::max<int64_t>(
                   0, int64_t(std::ceil((sliceK - k.peeledK) / k.kStep - 1e-9)))
             : 1;
  int64_t batch = std::max<int64_t>(1, options.batch);
  k.workgroups = batch * divideCeil(prob.m, k.tile.m) *
                 divideCeil(prob.n, k.tile.n) * k.splitK;
  if (kernel.grid) {
    auto [gx, gy, gz] = *kernel.grid;
    if (gx * gy * gz != k.workgroups) {
      k.notes.push_back(formatv("the launch has {0} work-groups, the tile "
                                "gives {1}: the model uses the launch's",
                                gx * gy * gz, k.workgroups));
      k.workgroups = gx * gy * gz;
    }
  }

  // Compulsory DRAM traffic: each operand once.
  double m = double(prob.m), n = double(prob.n), kk = double(prob.k);
  k.flops = 2.0 * m * n * kk * double(batch);
  if (k.dominant) {
    double a = getElementBytes(k.dominant->a.kind), b = getElementBytes(k.dominant->b.kind),
           c = getElementBytes(options.cType.value_or(k.dominant->c.kind));
    bool sparse = k.dominant->isSparse() || options.sparseA;
    // 2:4: half the values and 4 bits of metadata per group of four
    // (docs/Sparsity.md).
    double aBytes = sparse ? m * kk / 2 * a + m * kk / 8 : m * kk * a;
    double cBytes = m * n * c * (options.accumulate ? 2 : 1);
    k.rooflineBytes = aBytes + kk * n * b + cBytes;
    // Split-K: the kernel writes every slice's partial tile (in the
    // accumulator's type) instead of C; the reduction kernel reads them.
    double written = k.splitK > 1 ? double(k.splitK) * m * n * c : cBytes;
    k.bytes = aBytes + kk * n * b + written;
    // Through L2: each work-group reads its A rows and B columns over its
    // K (no L1 or LDS sharing between work-groups).
    k.l2Bytes = getL2Bytes(double(k.workgroups), double(k.tile.m),
                           double(k.tile.n), sliceK, a, b, sparse,
                           double(batch) * written);
    // Every matrix of the batch is its own.
    k.rooflineBytes *= double(batch);
    k.bytes *= double(batch);
  }

  if (Error e = addProducts(k, options))
    return std::move(e);
  return k;
}

Expected<Report> mlir::mcore::perf::predict(StringRef isa,
                                            const PredictOptions &options) {
  Expected<std::vector<KernelIsa>> kernels = readIsa(isa, options.chip);
  if (!kernels)
    return kernels.takeError();
  Report report;
  bool matched = false;
  // Split-K: mcore's reduction kernel beside a matrix kernel launched with
  // the slices on the grid's z.
  PredictOptions resolved = options;
  if (resolved.splitK == 0) {
    resolved.splitK = 1;
    bool reduction = llvm::any_of(*kernels, [](const KernelIsa &kernel) {
      return kernel.name == kSplitKReduceKernel;
    });
    for (const KernelIsa &kernel : *kernels)
      if (reduction && kernel.grid && (*kernel.grid)[2] > 1 &&
          llvm::any_of(kernel.body, [](const IsaLine &line) {
            return isMatrixMnemonic(line.mnemonic);
          }))
        resolved.splitK = (*kernel.grid)[2];
  }
  for (const KernelIsa &kernel : *kernels) {
    if (!options.kernel.empty() && options.kernel != kernel.getId() &&
        options.kernel != kernel.name && options.kernel != "@" + kernel.object)
      continue;
    matched = true;
    Expected<KernelPrediction> k = predictKernel(kernel, resolved);
    if (!k)
      return k.takeError();
    report.kernels.push_back(std::move(*k));
  }
  // The whole problem per product: the kernels one after the other.
  double rooflineBytes = 0;
  for (const KernelPrediction &k : report.kernels)
    rooflineBytes = std::max(rooflineBytes, k.rooflineBytes);
  for (const KernelPrediction &k : report.kernels) {
    if (!k.hasProblem)
      continue;
    for (const ProductPrediction &p : k.products) {
      auto it = llvm::find_if(report.totals, [&](const TotalPrediction &t) {
        return t.product == p.product;
      });
      if (it == report.totals.end()) {
        report.totals.push_back({p.product});
        it = std::prev(report.totals.end());
      }
      ++it->kernels;
      it->seconds += p.seconds;
      it->peakClockSeconds += p.peakClockSeconds;
    }
  }
  for (TotalPrediction &t : report.totals) {
    t.rooflineSeconds =
        rooflineBytes / (t.product->memoryBandwidthGBs * 1e9);
    t.rooflineFraction = t.seconds > 0 ? t.rooflineSeconds / t.seconds : 0;
  }
  if (!matched) {
    std::string ids;
    for (const KernelIsa &kernel : *kernels)
      ids += (ids.empty() ? "" : ", ") + kernel.getId();
    return fail("no kernel '" + options.kernel + "' (the input has " + ids +
                ")");
  }
  return report;
}
