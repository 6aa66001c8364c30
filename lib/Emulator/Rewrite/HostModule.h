//===- HostModule.h - The lowered module moved to the host ------*- C++ -*-===//
//
// The second step of the rewrite (Rewrite.cpp), after DeviceLowering.h.
//
// Private to lib/Emulator.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_EMULATOR_HOSTMODULE_H
#define MCORE_LIB_EMULATOR_HOSTMODULE_H

#include "Image.h"
#include "Rewrite.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Module.h"

namespace mlir::mcore::emu::rewrite {

/// Clones every function and global of `src`, which DeviceLowering has
/// lowered, into the empty host module `dst` with every pointer type in
/// address space 0 (inside vectors, arrays, structs and function types
/// too), re-declares overloaded intrinsics for the flattened types, and
/// drops the AMDGPU calling convention and attributes. Adds a host entry
/// per kernel that reads the arguments from the `void **params` array of
/// mgpuLaunchKernel, a yield on every loop back-edge (so that spinning lanes
/// let others run), with `options.memoryHooks` a call to __mcore_emu_check
/// before every global, constant, LDS and flat access, and with
/// `options.poisonPrivate` a fill of `options.poisonByte` after every alloca of the
/// kernel (not the emulator's operand slots). `siteValueTypes` are the AMDGPU
/// types of the cross-lane sites' values, sized here in the host layout.
llvm::Error
buildHostModule(llvm::Module &src, llvm::Module &dst, Image &image,
                const llvm::DenseMap<unsigned, llvm::Type *> &siteValueTypes,
                const RewriteOptions &options);

} // namespace mlir::mcore::emu::rewrite

#endif // MCORE_LIB_EMULATOR_HOSTMODULE_H
