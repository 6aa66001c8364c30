//===- Passes.h - mcore conversion passes -----------------------*- C++ -*-===//

#ifndef MCORE_CONVERSION_PASSES_H
#define MCORE_CONVERSION_PASSES_H

#include "mcore/Conversion/LegalizeSubByteMemory/LegalizeSubByteMemory.h"
#include "mcore/Conversion/MCoreToAMDGPU/MCoreToAMDGPU.h"
#include "mcore/Conversion/VerifyMatrixIntrinsics/VerifyMatrixIntrinsics.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::mcore {

#define GEN_PASS_DECL
#include "mcore/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "mcore/Conversion/Passes.h.inc"

} // namespace mlir::mcore

#endif // MCORE_CONVERSION_PASSES_H
