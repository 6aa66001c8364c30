//===- TuneInternal.h - What lib/Tune's files share ------------*- C++ -*-===//
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

#include "mcore/Heuristic/Heuristic.h"
#include "mcore/Runner/MatmulKernel.h"

namespace mlir::mcore::tune::detail {

/// The heuristic (mcore/Heuristic/Heuristic.h) on `problem` as the compiler
/// reads the op it generates (runner::getCompilerProblem), with `knobs`
/// forced and no table: what mcore-configure-matmul chooses, asked without
/// generating IR.
MatmulConfigResult configure(const runner::MatmulFunction &problem,
                             const MatmulConfigFields &knobs);

} // namespace mlir::mcore::tune::detail

#endif // MCORE_LIB_TUNE_TUNEINTERNAL_H
