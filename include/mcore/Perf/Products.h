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
};

llvm::ArrayRef<ProductInfo> getAllProducts();
/// By key or name, case-insensitively; nullptr if unknown.
const ProductInfo *lookupProduct(llvm::StringRef keyOrName);
/// The products built on `chip`, in table order.
llvm::SmallVector<const ProductInfo *> getProductsFor(Chip chip);
/// "mi300x, mi355x, rx9070xt, rx7900xtx"
std::string getProductList();

} // namespace mlir::mcore::perf

#endif // MCORE_PERF_PRODUCTS_H
