//===- EmulatorBench.cpp - Emulated GFLOP/s of a sparse SWMMAC matmul -----===//
//
// Times test/Emulator/swmmac_perf_gfx1201.hip (clang-compiled for gfx1201,
// LDS-staged, 8 waves per work-group) through mcore's CPU emulator on
// N x N x N problems with a random 2:4-sparse A, and reports
//
//   Time               wall-clock time of one launch (the whole grid)
//   emulated_GFLOPs    2 * N^3 dense-equivalent flops per second (the
//                      convention of AMD's throughput tables for sparse
//                      instructions)
//   swmmac_per_s       SWMMAC instructions the emulator executes per second
//
// After timing, 4096 random entries of C are compared with a CPU reference;
// a mismatch fails the benchmark. Not part of CTest:
//
//   build/bin/mcore-emu-bench                      # 256^3 and 1024^3
//   MCORE_EMU_THREADS=1 build/bin/mcore-emu-bench  # one host thread
//
//===----------------------------------------------------------------------===//

#include "mcore/Emulator/Emulator.h"

#include "../test/Emulator/SparseMatmulData.h"

#include "benchmark/benchmark.h"

#include <cstring>
#include <memory>
#include <random>

namespace emu = mlir::mcore::emu;
using namespace mcore_test;

namespace {

const emu::Module *getModule(std::string &error) {
  static std::unique_ptr<emu::Module> module;
  static std::string loadError;
  static bool tried = false;
  if (!tried) {
    tried = true;
    llvm::Expected<emu::Options> options = emu::Options::fromEnvironment();
    llvm::Expected<std::unique_ptr<emu::Module>> m =
        options ? emu::Module::loadFile(std::string(MCORE_EMU_KERNEL_DIR) +
                                            "/swmmac_perf_gfx1201.bc",
                                        *options)
                : llvm::Expected<std::unique_ptr<emu::Module>>(
                      options.takeError());
    if (m)
      module = std::move(*m);
    else
      loadError = llvm::toString(m.takeError());
  }
  error = loadError;
  return module.get();
}

void BM_SwmmacF16SparseMatmul(benchmark::State &state) {
  const unsigned n = unsigned(state.range(0));
  std::string error;
  const emu::Module *module = getModule(error);
  if (!module) {
    state.SkipWithError(error.c_str());
    return;
  }
  const emu::Kernel *kernel =
      llvm::cantFail(module->getKernel("swmmac_f16_matmul_tiled"));

  std::mt19937 rng(2024);
  SparseA a = makeSparseA(n, n, rng);
  std::vector<_Float16> b = randomHalves(size_t(n) * n, rng);
  void *dA = emu::allocate(a.values.size() * 2);
  void *dMeta = emu::allocate(a.meta.size() * 4);
  void *dB = emu::allocate(b.size() * 2);
  void *dC = emu::allocate(size_t(n) * n * 4);
  std::memcpy(dA, a.values.data(), a.values.size() * 2);
  std::memcpy(dMeta, a.meta.data(), a.meta.size() * 4);
  std::memcpy(dB, b.data(), b.size() * 2);
  int dim = int(n);
  void *params[] = {&dA, &dMeta, &dB, &dC, &dim, &dim, &dim};

  for (auto _ : state) {
    state.PauseTiming();
    std::memset(dC, 0, size_t(n) * n * 4); // the kernel accumulates into C
    state.ResumeTiming();
    if (llvm::Error e = module->launch(*kernel, {n / 128, n / 128, 1},
                                       {256, 1, 1}, 0, params)) {
      state.SkipWithError(llvm::toString(std::move(e)).c_str());
      break;
    }
  }
  double flops = 2.0 * n * n * n;
  double swmmacs = double(n / 16) * (n / 16) * (n / 32);
  state.counters["emulated_GFLOPs"] = benchmark::Counter(
      flops * double(state.iterations()) / 1e9, benchmark::Counter::kIsRate);
  state.counters["swmmac_per_s"] = benchmark::Counter(
      swmmacs * double(state.iterations()), benchmark::Counter::kIsRate);

  // Spot-check the result.
  const float *c = static_cast<const float *>(dC);
  std::vector<float> noC;
  for (unsigned t = 0; t < 4096 && state.iterations(); ++t) {
    unsigned i = rng() % n, j = rng() % n;
    auto [want, mag] = referenceEntry(a, b, noC, n, i, j);
    if (std::fabs(c[size_t(i) * n + j] - want) > fp32Tolerance(mag, n / 32)) {
      state.SkipWithError(("wrong result at C[" + std::to_string(i) + "][" +
                           std::to_string(j) + "]")
                              .c_str());
      break;
    }
  }
  emu::deallocate(dA);
  emu::deallocate(dMeta);
  emu::deallocate(dB);
  emu::deallocate(dC);
}

BENCHMARK(BM_SwmmacF16SparseMatmul)
    ->Arg(256)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace

BENCHMARK_MAIN();
