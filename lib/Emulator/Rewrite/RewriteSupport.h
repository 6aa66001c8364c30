//===- RewriteSupport.h - Shared by the pieces of the rewrite ---*- C++ -*-===//
//
// AMDGPU address spaces and the helpers that name an instruction in a
// message. Defined in Rewrite.cpp.
//
// Private to lib/Emulator.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_EMULATOR_REWRITESUPPORT_H
#define MCORE_LIB_EMULATOR_REWRITESUPPORT_H

#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir::mcore::emu::rewrite {

// AMDGPU address spaces.
enum : unsigned {
  kFlat = 0,
  kGlobal = 1,
  kRegion = 2,
  kLocal = 3,
  kConstant = 4,
  kPrivate = 5,
  kConstant32 = 6,
  kBufferFat = 7,
  kBufferRsrc = 8,
  kBufferStrided = 9,
};

/// Marks the allocas the lowering creates for the operands of emulated calls
/// (DeviceLowering::entryAlloca), which are not the kernel's private memory.
constexpr const char *kOperandSlotMetadata = "mcore.emu.operand_slot";

llvm::Error rewriteError(const llvm::Twine &msg);

/// "a.hip:3:4", or "" without debug information.
std::string locationOf(const llvm::Instruction &I);

/// "in function 'f' at a.hip:3:4" / "in function 'f'".
std::string where(const llvm::Instruction &I);

std::string typeName(llvm::Type *t);

bool isKernel(const llvm::Function &F);

/// The intrinsic base name of a call ("llvm.amdgcn.readlane"), or the
/// callee's name for an unknown llvm.* name.
std::string calleeBaseName(const llvm::Function &F);

} // namespace mlir::mcore::emu::rewrite

#endif // MCORE_LIB_EMULATOR_REWRITESUPPORT_H
