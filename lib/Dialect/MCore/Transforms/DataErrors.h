//===- DataErrors.h - Host code that reports bad input data -----*- C++ -*-===//
//
// Kernels that check a program's input data (mcore.compress_2to4's 2:4
// check, the canonical-metadata check of mcore.sparse_matmul) record the
// first violation in a host-shared word; host code then calls a reporter
// that prints to stderr and ends the program with exit status 65
// (EX_DATAERR; exit, not abort: no crash report from a host that installs
// signal handlers).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_DIALECT_MCORE_TRANSFORMS_DATAERRORS_H
#define MCORE_LIB_DIALECT_MCORE_TRANSFORMS_DATAERRORS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"

namespace mlir::mcore {

/// The private function `name(i64 x numArgs)` of `module` (created once)
/// that prints `format` (a dprintf format of `numArgs` %lld) to stderr,
/// held in the global `messageName`, and calls exit(65).
func::FuncOp getOrCreateDataErrorReporter(ModuleOp module, StringRef name,
                                          StringRef messageName,
                                          StringRef format, unsigned numArgs);

/// A gpu.launch of 256-thread blocks along x with one thread per item
/// `0 .. total - 1`, marked `mcore.kernel = kernel`. Leaves `b` inside its
/// body's `if (id < total)`, with `id` the thread's item; the caller saves
/// and restores the insertion point around it.
gpu::LaunchOp createItemLaunch(ImplicitLocOpBuilder &b, Value total,
                               StringRef kernel, Value &id);

} // namespace mlir::mcore

#endif // MCORE_LIB_DIALECT_MCORE_TRANSFORMS_DATAERRORS_H
