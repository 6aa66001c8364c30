//===- LegalizeSubByteMemory.h - Sub-byte vector memory ops -----*- C++ -*-===//
//
// For compilers that reuse the legalization without the pass
// (mcore-legalize-sub-byte-memory): LLVM-dialect vector loads and stores of
// integers narrower than a byte, rewritten to one element per byte, the
// layout memrefs give them.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_CONVERSION_LEGALIZESUBBYTEMEMORY_LEGALIZESUBBYTEMEMORY_H
#define MCORE_CONVERSION_LEGALIZESUBBYTEMEMORY_LEGALIZESUBBYTEMEMORY_H

namespace mlir {
class RewritePatternSet;

namespace mcore {

/// llvm.load / llvm.store / llvm.intr.masked.load / llvm.intr.masked.store
/// of vector<N x iW> with W < 8 -> the same op on vector<N x i8> with
/// llvm.trunc (loads) or llvm.zext (stores).
void populateLegalizeSubByteMemoryPatterns(RewritePatternSet &patterns);

} // namespace mcore
} // namespace mlir

#endif // MCORE_CONVERSION_LEGALIZESUBBYTEMEMORY_LEGALIZESUBBYTEMEMORY_H
