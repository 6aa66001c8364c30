//===- CodeObject.h - What an AMDGPU code object needs to load ----*- C++ -*-===//
//
// libmcore_hip_runtime.so reads the ELF header of a code object before it
// hands it to HIP, to say why HIP refused it: the chip (e_flags), the code
// object version (the AMDHSA ELF ABI version), and the ROCm each of them
// needs, compared with the HIP runtime that was loaded. docs/Running.md has
// the same table for users.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_RUNTIME_HIP_CODEOBJECT_H
#define MCORE_LIB_RUNTIME_HIP_CODEOBJECT_H

#include <cstddef>
#include <string>

namespace mlir::mcore::hip {

struct CodeObjectInfo {
  bool isAmdgpuElf = false; ///< an ELF64 object for EM_AMDGPU
  std::string chip;         ///< "gfx942", or a description of an unknown mach
  bool knownChip = false;   ///< `chip` is a processor name
  int version = 0;          ///< code object version (4, 5, 6), 0 if unknown
};

/// Reads the ELF header of `data` (which may be any bytes).
CodeObjectInfo readCodeObject(const void *data, size_t size);

/// A ROCm release as major * 100 + minor (ROCm 6.3 is 603); HIP carries
/// the ROCm version it ships with (hipRuntimeGetVersion).
using RocmVersion = int;
std::string formatRocm(RocmVersion v);

/// The oldest ROCm whose loader accepts code object version `version`; 0 if
/// any does (v4 and older).
RocmVersion minimumRocmForCodeObject(int version);
/// The oldest ROCm that supports `chip` (its processor part); 0 when mcore
/// knows of none beyond the code object version's.
RocmVersion minimumRocmForChip(const std::string &chip);

/// "gfx942" from "gfx942:sramecc+:xnack-" (hipDeviceProp_t::gcnArchName).
std::string processorOf(const std::string &gcnArchName);

/// Why HIP (version `hipVersion`, from hipRuntimeGetVersion, at `library`)
/// may have refused the code object `info` on a GPU whose chip is
/// `deviceChip` (processor part; empty if unknown): the first of a wrong
/// format, a code object version or chip this ROCm is too old for, or a chip
/// that is not the GPU's. Empty when none of these applies.
std::string explainLoadFailure(const CodeObjectInfo &info, int hipVersion,
                               const std::string &library,
                               const std::string &deviceChip, int device);

} // namespace mlir::mcore::hip

#endif // MCORE_LIB_RUNTIME_HIP_CODEOBJECT_H
