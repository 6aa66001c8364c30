//===- Products.cpp - Named GPU products ----------------------------------===//

#include "mcore/Perf/Products.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

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
static const ProductInfo kProducts[] = {
    {"mi300x", "MI300X", Chip::gfx942, 304, 2100, 5300, 1307.4, 8 * 16 * 128,
     "ROCm gpu-specs (304 CUs); AMD MI300X data sheet (2100 MHz peak engine "
     "clock, 5.3 TB/s HBM3, 1307.4 TFLOPS dense FP16)"},
    {"mi355x", "MI355X", Chip::gfx950, 256, 2400, 8000, 2516.6, 8 * 16 * 128,
     "ROCm gpu-specs (256 CUs); AMD MI355X product page (2400 MHz peak "
     "engine clock, 8 TB/s HBM3E, 2.5 PFLOPS dense FP16)"},
    {"rx9070xt", "RX 9070 XT", Chip::gfx1201, 64, 2970, 640, 194.6, 0,
     "ROCm gpu-specs (64 CUs); AMD RX 9070 XT product page (2970 MHz boost "
     "clock, 20 Gbps GDDR6 on 256 bits = 640 GB/s, 194.6 TFLOPS FP16 matrix)"},
    {"rx7900xtx", "RX 7900 XTX", Chip::gfx1100, 96, 2500, 960, 122.8, 0,
     "ROCm gpu-specs (96 CUs); AMD RX 7900 XTX product page (2500 MHz boost "
     "clock, 20 Gbps GDDR6 on 384 bits = 960 GB/s, 122.8 TFLOPS FP16)"},
};

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
