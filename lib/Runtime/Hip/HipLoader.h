//===- HipLoader.h - Finding and loading libamdhip64 --------------*- C++ -*-===//
//
// libmcore_hip_runtime.so loads HIP with dlopen on first use: $MCORE_HIP_LIBRARY
// if set, else libamdhip64.so.7, .so.6, .so.5 and .so, each in the library
// search path, then $ROCM_PATH/lib and /opt/rocm/lib. It then initializes HIP and
// counts its devices, which HIP_VISIBLE_DEVICES (and ROCR_VISIBLE_DEVICES)
// select and order. Internal to lib/Runtime/Hip.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_RUNTIME_HIP_HIPLOADER_H
#define MCORE_LIB_RUNTIME_HIP_HIPLOADER_H

#include "HipApi.h"

#include <string>
#include <vector>

namespace mlir::mcore::hip {

struct Hip {
#define MCORE_HIP_DECLARE(name, ret, params) ret(*name) params = nullptr;
  MCORE_HIP_FUNCTIONS(MCORE_HIP_DECLARE)
  MCORE_HIP_OPTIONAL_FUNCTIONS(MCORE_HIP_DECLARE)
#undef MCORE_HIP_DECLARE

  void *handle = nullptr;
  std::string path;    ///< the library that was loaded
  std::string failure; ///< why HIP cannot be used; empty when it can
  bool noGpu = false;  ///< the failure means there is no usable AMD GPU
  int devices = 0;
  int runtimeVersion = 0; ///< hipRuntimeGetVersion
  /// gcnArchName of each device, in HIP's order ("" where HIP gives none).
  std::vector<std::string> archNames;

  /// hipGetErrorName, or mcore's name for the codes it knows.
  const char *errorName(Error e) const;
  /// hipGetErrorString where it says more than the name (HIP 5 returns the
  /// name from both); else null.
  const char *errorDescription(Error e) const;
};

/// HIP, loaded on first use; never destroyed.
Hip &state();

/// Why the kernel driver cannot give HIP a device, as far as /dev/kfd tells.
std::string driverAdvice();

/// printf into a std::string (messages are short).
std::string format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

} // namespace mlir::mcore::hip

#endif // MCORE_LIB_RUNTIME_HIP_HIPLOADER_H
