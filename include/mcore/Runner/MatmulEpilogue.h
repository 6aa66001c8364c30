//===- MatmulEpilogue.h - Fused epilogues of mcore-run --matmul -*- C++ -*-===//
//
// `mcore-run --matmul=MxNxK --epilogue=LIST --out-type=T`: after C += A * B,
// OUT = epilogue(C) as one linalg.generic consuming the matmul, which the
// pipeline fuses into the matmul's kernel (mcore-tile-matmul). This file
// parses the list, generates the op and its operands (bias and scale
// vectors, alpha, beta and D), and checks OUT against the epilogue computed
// in double precision on C as the kernel wrote it (C itself is checked
// against the matmul's reference, Matmul.h). docs/Running.md describes the
// steps and the error bound.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_RUNNER_MATMULEPILOGUE_H
#define MCORE_RUNNER_MATMULEPILOGUE_H

#include "mcore/Runner/Matmul.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace mlir::mcore::runner {

/// "bias-row", "gelu-tanh", ... as --epilogue spells them.
llvm::StringRef getEpilogueStepName(EpilogueStep step);
/// Every step name, "bias (= bias-col), bias-row, ...", for messages.
std::string getEpilogueStepList();

/// Sets problem.epilogue and problem.out from --epilogue (a comma-separated
/// list, applied in order; "" for none) and --out-type ("" for f32).
llvm::Error parseEpilogue(llvm::StringRef list, llvm::StringRef outType,
                          MatmulFunction &problem);
/// "bias-col,relu -> f16", or "" without an epilogue.
std::string describeEpilogue(const MatmulFunction &problem);

/// What an epilogue operand is: a vector of M (one value per row), of N
/// (per column), a scalar, or an M x N matrix.
enum class EpilogueInputShape { Rows, Cols, Scalar, Matrix };
/// The operands of problem.epilogue besides C, in the order the generated
/// function takes them (after C; OUT comes last): one per bias or scale
/// step, alpha's scalar, beta's scalar and then D.
std::vector<EpilogueInputShape>
getEpilogueInputs(const MatmulFunction &problem);
/// Elements of one operand.
int64_t getEpilogueInputSize(const MatmulFunction &problem,
                             EpilogueInputShape shape);

/// The generated function's arguments after C (", %e0: memref<Nxf32>, ...,
/// %out: memref<MxNxf16>"), and the linalg.generic computing OUT from the
/// memref `cType` ("128x64xf32") `cName` (%c, or the temporary of
/// buildTemporaryC).
std::string buildEpilogueArguments(const MatmulFunction &problem);
std::string buildEpilogueOp(const MatmulFunction &problem,
                            llvm::StringRef cType, llvm::StringRef cName);
/// With problem.cTemporary: the ops allocating %acc, a memref `cType` of
/// %c's sizes, and filling it with zero (which folds into the matmul
/// kernel); after the epilogue, `memref.dealloc %acc`.
std::string buildTemporaryC(const MatmulFunction &problem,
                            llvm::StringRef cType);

/// Random epilogue operands (f32 values, one vector per getEpilogueInputs
/// entry): biases and D of both signs with magnitudes in [1/16, 2), scales
/// positive in [1/16, 2) times a power of two that keeps most of OUT within
/// its type's range (C's typical magnitude times the scales at most 1/256
/// of the largest finite value), alpha and beta of both signs in [1/2, 2).
std::vector<std::vector<float>>
generateEpilogueInputs(const MatmulFunction &problem, uint64_t seed);

/// Checks OUT (bit patterns of problem.getOutType()) against the epilogue
/// applied in double precision to `c`, C as the kernel wrote it. The bound
/// per element follows the error of each f32 step through the later ones
/// (docs/Running.md), plus the rounding to the out type; the reference is
/// compared as the out type holds it, overflow to infinity included
/// (getErrorAgainstReference), and a mismatch reports it so.
MatmulCheck checkEpilogue(const MatmulFunction &problem,
                          llvm::ArrayRef<ElementBits> c,
                          llvm::ArrayRef<std::vector<float>> inputs,
                          llvm::ArrayRef<ElementBits> out);

} // namespace mlir::mcore::runner

#endif // MCORE_RUNNER_MATMULEPILOGUE_H
