//===- DeviceLibraries.cpp - Calls of ROCm device-library functions -------===//
//
// See MCoreDeviceLibrariesPass in include/mcore/Pipeline/Passes.td.
//
//===----------------------------------------------------------------------===//

#include "mcore/Pipeline/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Target/LLVM/ROCDL/Utils.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCOREDEVICELIBRARIESPASS
#include "mcore/Pipeline/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;

namespace {

/// The device library that defines `name`, or "" for other functions: the
/// names gpu-module-to-binary's scan looks for (ROCDL's
/// SerializeGPUModuleBase::handleModulePreLink).
StringRef libraryOf(StringRef name) {
  if (name.starts_with("__ockl_"))
    return "ockl.bc";
  if (name.starts_with("__ocml_"))
    return "ocml.bc";
  if (name == "printf")
    return "opencl.bc";
  return "";
}

/// What a call of `name` came from, for messages.
std::string originOf(StringRef name) {
  if (name.starts_with("__ockl_printf") || name == "printf")
    return "device printf (gpu.printf)";
  if (name.starts_with("__ockl_get_"))
    return "a work-item query (gpu.block_dim, gpu.grid_dim, ...)";
  return "'" + name.str() + "'";
}

struct DeviceLibrariesPass
    : mcore::impl::MCoreDeviceLibrariesPassBase<DeviceLibrariesPass> {
  using Base::Base;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    bool forEmulator = format == "llvm";
    std::string dir = toolkit;
    if (dir.empty())
      dir = ROCDL::getROCMPath().str();
    SmallString<256> bitcode(dir);
    llvm::sys::path::append(bitcode, "amdgcn", "bitcode");
    for (LLVM::LLVMFuncOp func : module.getOps<LLVM::LLVMFuncOp>()) {
      StringRef library = libraryOf(func.getName());
      if (!func.isExternal() || library.empty())
        continue;
      if (forEmulator) {
        func.setLinkage(LLVM::Linkage::ExternWeak);
        continue;
      }
      SmallString<256> file(bitcode);
      llvm::sys::path::append(file, library);
      if (llvm::sys::fs::is_regular_file(file))
        continue;
      // Report at the first call: where the gpu.printf or gpu.block_dim was.
      Location loc = func.getLoc();
      std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(func, module);
      if (uses && !uses->empty())
        loc = uses->begin()->getUser()->getLoc();
      emitError(loc) << originOf(func.getName()) << " calls '"
                     << func.getName() << "', which format=" << format
                     << " links from ROCm's device library " << library
                     << ", and " << file << " does not exist ("
                     << (toolkit.empty() ? "no toolkit= given; MLIR's ROCm path"
                                         : "toolkit=" + toolkit)
                     << "); install ROCm's device libraries there, or compile "
                        "with format=llvm to run it on mcore's CPU emulator, "
                        "which needs none";
      return signalPassFailure();
    }
  }
};

} // namespace
