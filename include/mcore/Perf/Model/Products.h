//===- Products.h - Named GPU products the performance model knows -*- C++ -*-===//
//
// A chip (lib/Target/Chip.cpp) is an instruction set and a compute-unit
// design; a product is a chip with a number of CUs, a clock and a memory
// system. The performance model predicts whole-problem rates for products.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_PERF_PRODUCTS_H
#define MCORE_PERF_PRODUCTS_H

#include "mcore/Target/Chip.h"
#include "mcore/Target/ScalarKind.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace mlir::mcore::perf {

struct ProductInfo {
  const char *key;           ///< "mi300x", what --product= takes
  const char *name;          ///< "MI300X"
  Chip chip;
  unsigned computeUnits;     ///< CUs (an RDNA WGP is two)
  double peakClockMHz;       ///< peak engine (boost) clock
  double memoryBandwidthGBs; ///< peak DRAM bandwidth, 10^9 bytes per second
  double publishedF16TFlops; ///< the vendor's dense f16 matrix peak, a check
  /// L2 to CU bytes per clock of the whole GPU; 0 when not modelled.
  double l2BytesPerClock;
  const char *source;        ///< where the figures come from
  /// The engine clock under a matrix kernel's load (MHz), by the matrix
  /// instruction's input: f16, bf16, and 8-bit (fp8, bf8, i8). A GEMM runs
  /// far below the peak clock: power, not the clock's limit, bounds it
  /// (AMD measures MI300X at 1115-1230 MHz under GEMM load).
  double sustainedClockF16MHz, sustainedClockBf16MHz, sustainedClock8BitMHz;
  const char *clockSource;   ///< measured, or why it is assumed
  /// Time each kernel launch adds to the kernel's own work in the
  /// measurements the model is checked against (dispatch, start-up and
  /// end of a kernel, and the benchmark's own cost per launch), us.
  double launchOverheadUs;
  const char *launchSource;  ///< fitted, or why it is assumed
};

/// The clock the model assumes for a matrix instruction reading `input` on
/// `product` (sustainedClock*MHz; other inputs, such as f32 or 4-bit, take
/// the lowest of the three).
double getSustainedClockMHz(const ProductInfo &product, ScalarKind input);

llvm::ArrayRef<ProductInfo> getAllProducts();
/// By key or name, case-insensitively; nullptr if unknown.
const ProductInfo *lookupProduct(llvm::StringRef keyOrName);
/// The products built on `chip`, in table order.
llvm::SmallVector<const ProductInfo *> getProductsFor(Chip chip);
/// "mi300x, mi355x, rx9070xt, rx7900xtx"
std::string getProductList();

} // namespace mlir::mcore::perf

#endif // MCORE_PERF_PRODUCTS_H
