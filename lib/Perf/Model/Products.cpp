//===- Products.cpp - Named GPU products ----------------------------------===//

#include "mcore/Perf/Model/Products.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace mlir::mcore;
using namespace mlir::mcore::perf;

// CU counts: ROCm "AMD GPU specifications" (docs/reference/gpu-specs.rst).
// Clocks, bandwidths and f16 peaks: AMD's product pages and data sheets
// (amd.com/en/products/accelerators/instinct/mi300/mi300x.html,
// .../mi350/mi355x.html, amd.com/en/products/graphics/desktops/radeon/
// 9000-series/amd-radeon-rx-9070xt.html, .../7000-series/
// amd-radeon-rx-7900xtx.html). The f16 peaks are only a check: the model
// computes its peaks from CUs, SIMDs, the catalog's cycles and the clock, and
// unittests/Perf compares the two.
//
// L2 bandwidth (CDNA only): each XCD's L2 has 16 channels (ROCm, "AMD
// Instinct MI300 series microarchitecture": a 4 MB L2 of 16 channels per
// XCD; CDNA4 keeps the XCD's L2, Chips and Cheese, "AMD's CDNA 4
// Architecture Announcement"), each returning 128 bytes a clock (ROCm
// Compute Profiler, "L2 cache (TCC)", the speed-of-light bound of an L2
// channel); 8 XCDs.
//
// Sustained clocks. MI300X: AMD's "Measuring Max-Achievable FLOPs - Part 2"
// (ROCm blog, February 2025), the median clock of its dense GEMMs at their
// max-achievable rate: FP16 1115 MHz, BF16 1207 MHz, FP8 1230 MHz. No such
// measurement is public for MI355X: the model assumes MI300X's fraction of
// the peak clock for each type (0.531, 0.575, 0.586 of 2400 MHz). The
// Radeon products' clocks are AMD's "game frequency" (the clock AMD expects
// under a typical game's load: 2400 MHz for the RX 9070 XT, 2300 MHz for the
// RX 7900 XTX); nothing public measures them under a GEMM.
//
// Launch overhead. The measurements (hipBLASLt's tuning, docs/
// Calibration.md) include, per kernel, a time that does not grow with the
// work: RX 9070 XT's 332 measured sizes take 36 us plus a time that grows
// with the work-groups' iterations (benchmarks/calibration.py --fit, the
// least-squares constant over the corpus); MI300X's five, 11 us. The other
// products take their sibling's value (assumed).
static const ProductInfo kProducts[] = {
    {"mi300x", "MI300X", Chip::gfx942, 304, 2100, 5300, 1307.4, 8 * 16 * 128,
     "ROCm gpu-specs (304 CUs); AMD MI300X data sheet (2100 MHz peak engine "
     "clock, 5.3 TB/s HBM3, 1307.4 TFLOPS dense FP16)",
     1115, 1207, 1230,
     "measured: AMD ROCm blog \"Measuring Max-Achievable FLOPs - Part 2\" "
     "(2025), median clock of max-achievable GEMMs",
     11, "fitted: the corpus's 5 MI300X rows (benchmarks/calibration.py --fit)"},
    {"mi355x", "MI355X", Chip::gfx950, 256, 2400, 8000, 2516.6, 8 * 16 * 128,
     "ROCm gpu-specs (256 CUs); AMD MI355X product page (2400 MHz peak "
     "engine clock, 8 TB/s HBM3E, 2.5 PFLOPS dense FP16)",
     1274, 1379, 1406,
     "assumed: MI300X's measured fraction of its peak clock per type (no "
     "public measurement of MI355X under GEMM load)",
     11, "assumed: MI300X's"},
    {"rx9070xt", "RX 9070 XT", Chip::gfx1201, 64, 2970, 640, 194.6, 0,
     "ROCm gpu-specs (64 CUs); AMD RX 9070 XT product page (2970 MHz boost "
     "clock, 20 Gbps GDDR6 on 256 bits = 640 GB/s, 194.6 TFLOPS FP16 matrix)",
     2400, 2400, 2400,
     "assumed: AMD's game frequency of the RX 9070 XT (2400 MHz; no public "
     "measurement under GEMM load)",
     36, "fitted: the corpus's 332 RX 9070 XT rows "
         "(benchmarks/calibration.py --fit)"},
    {"rx7900xtx", "RX 7900 XTX", Chip::gfx1100, 96, 2500, 960, 122.8, 0,
     "ROCm gpu-specs (96 CUs); AMD RX 7900 XTX product page (2500 MHz boost "
     "clock, 20 Gbps GDDR6 on 384 bits = 960 GB/s, 122.8 TFLOPS FP16)",
     2300, 2300, 2300,
     "assumed: AMD's game frequency of the RX 7900 XTX (2300 MHz; no public "
     "measurement under GEMM load)",
     36, "assumed: the RX 9070 XT's"},
};

double mlir::mcore::perf::getSustainedClockMHz(const ProductInfo &product,
                                               ScalarKind input) {
  switch (input) {
  case ScalarKind::F16:
    return product.sustainedClockF16MHz;
  case ScalarKind::BF16:
    return product.sustainedClockBf16MHz;
  case ScalarKind::FP8:
  case ScalarKind::BF8:
  case ScalarKind::I8:
    return product.sustainedClock8BitMHz;
  default:
    return std::min({product.sustainedClockF16MHz,
                     product.sustainedClockBf16MHz,
                     product.sustainedClock8BitMHz});
  }
}

llvm::ArrayRef<ProductInfo> mlir::mcore::perf::getAllProducts() {
  return kProducts;
}

const ProductInfo *mlir::mcore::perf::lookupProduct(llvm::StringRef keyOrName) {
  for (const ProductInfo &p : kProducts)
    if (keyOrName.equals_insensitive(p.key) ||
        keyOrName.equals_insensitive(p.name))
      return &p;
  return nullptr;
}

llvm::SmallVector<const ProductInfo *>
mlir::mcore::perf::getProductsFor(Chip chip) {
  llvm::SmallVector<const ProductInfo *> result;
  for (const ProductInfo &p : kProducts)
    if (p.chip == chip)
      result.push_back(&p);
  return result;
}

std::string mlir::mcore::perf::getProductList() {
  return llvm::join(llvm::map_range(kProducts,
                                    [](const ProductInfo &p) {
                                      return llvm::StringRef(p.key);
                                    }),
                    ", ");
}
