// A program of another project that runs an AMDGPU kernel on mcore's
// emulator library alone (MCore::MCoreEmulator, whose fibers need
// Boost.Context from the package's dependencies): out[i] = 3 * i + 1 over
// 4 work-groups of 64.
#include "mcore/Emulator/Emulator.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>

namespace emu = mlir::mcore::emu;

static const char *kKernel = R"(
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
define amdgpu_kernel void @affine(ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = mul i32 %g, 64
  %i = add i32 %base, %t
  %v3 = mul i32 %i, 3
  %v = add i32 %v3, 1
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %p
  ret void
}
attributes #0 = { "target-cpu"="gfx942" "amdgpu-flat-work-group-size"="1,256" }
)";

int main() {
  auto buffer = llvm::MemoryBuffer::getMemBuffer(kKernel, "affine.ll");
  llvm::Expected<emu::Options> options = emu::Options::fromEnvironment();
  if (!options) {
    llvm::errs() << "downstream-emu: error: "
                 << llvm::toString(options.takeError()) << "\n";
    return 1;
  }
  auto module = emu::Module::load(buffer->getMemBufferRef(), *options);
  if (!module) {
    llvm::errs() << "downstream-emu: error: "
                 << llvm::toString(module.takeError()) << "\n";
    return 1;
  }
  llvm::Expected<const emu::Kernel *> kernel = (*module)->getKernel("affine");
  if (!kernel) {
    llvm::errs() << llvm::toString(kernel.takeError()) << "\n";
    return 1;
  }
  auto *out = static_cast<uint32_t *>(emu::allocate(256 * 4, "out"));
  void *params[] = {&out};
  if (llvm::Error e =
          (*module)->launch(**kernel, {4, 1, 1}, {64, 1, 1}, 0, params)) {
    llvm::errs() << llvm::toString(std::move(e)) << "\n";
    return 1;
  }
  unsigned wrong = 0;
  for (uint32_t i = 0; i < 256; ++i)
    wrong += out[i] != 3 * i + 1;
  emu::deallocate(out);
  llvm::outs() << "emulated " << (*module)->getTarget().chip << ": "
               << (wrong ? "FAIL" : "PASS") << " (" << wrong
               << " of 256 wrong)\n";
  return wrong ? 1 : 0;
}
