//===- TuneInternal.h - What lib/Tune's files share --------------*- C++
//-*-===//
//
// lib/Tune, by job:
//   Evaluate.cpp  one configuration: compile to ISA, predict
//   Space.cpp     the configurations worth trying, and their neighbours
//   Search.cpp    the search: the budget, the threads, the progress
//   Check.cpp     the winner on the emulator against the CPU reference
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_TUNE_TUNEINTERNAL_H
#define MCORE_LIB_TUNE_TUNEINTERNAL_H

#include "mcore/Tune/Tune.h"

#include "mcore/Dialect/MCore/Transforms/Transforms.h"
#include "mcore/Runner/Compile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <memory>

namespace mlir::mcore::tune::detail {

/// The only linalg.matmul or mcore.sparse_matmul of `module`, or null.
Operation *findMatmul(ModuleOp module);

/// A problem's generated IR (2:4 A compressed) in a context of its own,
/// without threads, with its diagnostics kept as text.
struct ParsedProblem {
  explicit ParsedProblem(const runner::MatmulProblem &problem);
  ~ParsedProblem();

  /// configureMatmul with `knobs` forced (no table, no remarks).
  FailureOr<MatmulTileConfig> configure(const MatmulConfigFields &knobs,
                                        Chip chip);

  std::unique_ptr<MLIRContext> context;
  std::unique_ptr<runner::DiagnosticLog> log;
  OwningOpRef<ModuleOp> module;
  Operation *matmul = nullptr; ///< null when the IR did not parse
};

} // namespace mlir::mcore::tune::detail

#endif // MCORE_LIB_TUNE_TUNEINTERNAL_H
