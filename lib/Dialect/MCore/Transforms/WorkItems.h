//===- WorkItems.h - The work-items of a user's kernel ----------*- C++ -*-===//
//
// What mcore-linalg-to-gpu and mcore-vector-contract-to-mma ask about the
// kernel an op of a user's GPU code runs in: how many work-items run it, and
// whether a value differs from one work-item to the next. Both decide from
// it whether an op that every work-item runs means what it seems to
// (a race on a shared buffer; a contraction the wave could have computed).
//
// Private to lib/Dialect/MCore/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_DIALECT_MCORE_TRANSFORMS_WORKITEMS_H
#define MCORE_LIB_DIALECT_MCORE_TRANSFORMS_WORKITEMS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <optional>

namespace mlir::mcore {

/// The work-items of a work-group of the kernel around `op` when it is
/// known: the product of a gpu.launch's constant block sizes, or a gpu.func's
/// known_block_size; 1 for an op in no kernel; none when the sizes are known
/// only at run time.
std::optional<int64_t> countWorkItems(Operation *op);

/// Whether `v` is computed from the id of the work-item inside `launch`
/// (its thread ids, gpu.thread_id, gpu.lane_id, gpu.global_id).
bool dependsOnWorkItem(Value v, gpu::LaunchOp launch);

} // namespace mlir::mcore

#endif // MCORE_LIB_DIALECT_MCORE_TRANSFORMS_WORKITEMS_H
