//===- Rewrite.h - AMDGPU kernel IR to host IR ------------------*- C++ -*-===//
//
// Turns the LLVM IR of an amdgcn-amd-amdhsa module into a host module the
// emulator's runtime can JIT and run one lane per fiber. See Rewrite.cpp.
//
// Private to lib/Emulator.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_EMULATOR_REWRITE_H
#define MCORE_LIB_EMULATOR_REWRITE_H

#include "Image.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace mlir::mcore::emu {

/// Decides the chip a module runs on: the "target-cpu" (and
/// "+wavefrontsize64") of its kernels; else `fallbackChip`; else the chip
/// its matrix intrinsics imply (they differ in operand types between RDNA3
/// and RDNA4, and some exist on one CDNA generation only); else gfx1201.
/// Fails when the module names conflicting chips, or when the choice
/// matters and cannot be made (fp8 MFMA without a chip: gfx942 and gfx950
/// decode fp8 differently). `source` says how the chip was decided.
llvm::Expected<Target> detectTarget(llvm::Module &module,
                                    llvm::StringRef fallbackChip,
                                    std::string &source);

struct RewriteOptions {
  /// Call __mcore_emu_check before every global, LDS and flat access (the
  /// checker; schedules that switch lanes there).
  bool memoryHooks = false;
  /// Call __mcore_emu_check_private before every access to private memory
  /// (allocas) and __mcore_emu_private_alloca where each is created: the
  /// checker's reads of private memory never written.
  bool checkPrivate = false;
  /// Fill every alloca of the kernel with `poisonByte` where it is created.
  bool poisonPrivate = false;
  uint8_t poisonByte = 0;
};

/// Rewrites `module` (which is modified and then no longer needed) into a
/// new host module in the same LLVMContext, with `hostLayout` and
/// `hostTriple`, and fills `image`. Fails with a message naming the
/// function and the construct for anything the emulator does not support.
llvm::Expected<std::unique_ptr<llvm::Module>>
rewriteForHost(llvm::Module &module, const Target &target,
               const llvm::DataLayout &hostLayout,
               llvm::StringRef hostTriple, const RewriteOptions &options,
               Image &image);

/// Lets a lane pass the matrix instructions of a run in one basic block
/// without meeting its wave at each: all but the last call the runtime's
/// __mcore_emu_mma_defer, and the wave executes them when its lanes meet at
/// the last (BatchMma.cpp). Where every operand of the run is a slot of the
/// function's frame, the run is one call instead,
/// `__mcore_emu_mma_run(ptr table, i32 n, i32 runId, i32 indexVaries)`,
/// with a table of MmaRunEntry in the frame (unless `tables` is false: the
/// tests of the runs themselves). For the optimized host module.
void batchMatrixInstructions(llvm::Module &host, bool tables = true);

/// One instruction of a run table (`__mcore_emu_mma_run`): its site, whether
/// its D is read by nothing but a later call of the block as C (as
/// `__mcore_emu_mma_defer_local`) and its operands. A table of n entries is
/// followed by the n instructions' index words (uint64_t: idx | idxHi <<
/// 32), together, so that the wave reads them from a few cache lines of
/// each lane. The function's entry block fills the entries, once per call
/// of the function, and the index words that are constants; the run
/// stores the others.
struct MmaRunEntry {
  uint32_t site;
  uint32_t dLocal;
  const void *a, *b, *c;
  void *d;
  const void *scales;
};
/// The index words of run table `table` of `n` entries.
inline const uint64_t *getRunIndexWords(const MmaRunEntry *table, unsigned n) {
  return reinterpret_cast<const uint64_t *>(table + n);
}

/// Names of the runtime functions the host module calls, with their
/// addresses (defined in Runtime.cpp).
struct RuntimeSymbol {
  const char *name;
  void *address;
};
llvm::ArrayRef<RuntimeSymbol> getRuntimeSymbols();

} // namespace mlir::mcore::emu

#endif // MCORE_LIB_EMULATOR_REWRITE_H
