//===- MatmulProblem.h - One matmul, without MLIR ---------------*- C++ -*-===//
//
// The one description of a matmul mcore compiles: its sizes, element kinds,
// storage (transposes, a batch and which operands it shares), which operand
// is 2:4-sparse, its fused epilogue in brief, and the chip. The configure
// pass reads it off an op once (getMatmulOperands,
// mcore/Dialect/MCore/Transforms/Transforms.h); the configuration heuristic
// (mcore/Heuristic), the tuning tables, the performance model's
// configuration figures (perf::predictConfig), the tuner, mcore-run and
// Python take it as it is, with no IR. After IREE's GPUMatmulShapeType:
// a shape in, a schedule out (docs/Architecture.md).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TARGET_MATMULPROBLEM_H
#define MCORE_TARGET_MATMULPROBLEM_H

#include "mcore/Target/Chip.h"
#include "mcore/Target/ScalarKind.h"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace mlir::mcore {

/// The elements of the epilogue fused into the matmul's kernel, as far as
/// the kernel's configuration could care: how many element-wise ops, and
/// whether C itself is still stored.
struct MatmulEpilogueSummary {
  unsigned ops = 0;    ///< element-wise ops fused after the matmul
  bool storesC = true; ///< false: C is a temporary only the epilogue reads
  bool empty() const { return ops == 0; }
  bool operator==(const MatmulEpilogueSummary &o) const {
    return ops == o.ops && storesC == o.storesC;
  }
};

/// C (M x N) += A (M x K) * B (K x N), per batch, as the op computes it
/// (the operand an op names first is A).
struct MatmulProblem {
  /// A size known at run time only (the value of MLIR's
  /// ShapedType::kDynamic).
  static constexpr int64_t kDynamic = std::numeric_limits<int64_t>::min();

  Chip chip = Chip::gfx1201;
  /// What messages call the matmul: the op's name ("linalg.matmul",
  /// "mcore.sparse_matmul", ...).
  std::string name = "matmul";
  /// M, N and K, each kDynamic when dynamic. K is the dense operand's.
  int64_t m = 0, n = 0, k = 0;
  /// The batch's size (kDynamic when dynamic); none for a matmul of
  /// matrices.
  std::optional<int64_t> batch;
  /// A batched problem's A (B) is one matrix every batch shares.
  bool sharedA = false, sharedB = false;
  /// Element kinds. An integer A or B is zero-extended when unsigned (u8 x
  /// i8); an fp8 or bf8 one has the encoding of its type, which may not be
  /// the chip's (the heuristic says so).
  ScalarKind a = ScalarKind::F16, b = ScalarKind::F16, c = ScalarKind::F32;
  bool unsignedA = false, unsignedB = false;
  Fp8Format fp8A = Fp8Format::None, fp8B = Fp8Format::None;
  /// The operand stored compressed (2:4 values and metadata). A is; a 2:4
  /// B (stored N x K) arises only as the swapped form of a 2:4 A.
  bool sparseA = false, sparseB = false;
  /// A stored K x M, B stored N x K, C stored N x M.
  bool transposeA = false, transposeB = false, transposeC = false;
  /// Block-scaled (OCP MX; docs/MatmulForms.md, "Block-scaled (MX)
  /// matmuls"): A and B are fp8, bf8, fp6, bf6 or fp4, and every 32
  /// consecutive elements along K of a row of A and of a column of B share
  /// one E8M0 scale; C is f32. A is stored M x K and B N x K (transposeB),
  /// each with its blocks of K contiguous.
  bool blockScaled = false;
  MatmulEpilogueSummary epilogue;

  bool isBatched() const { return batch.has_value(); }
  bool isCompressed() const { return sparseA || sparseB; }
  /// The batch (1 without one), M, N and K, each kDynamic when dynamic.
  std::array<int64_t, 4> getSizes() const {
    return {batch.value_or(1), m, n, k};
  }
  /// getSizes() when all are static.
  std::optional<std::array<int64_t, 4>> getStaticSizes() const;
  /// The same product as Cᵀ (N x M) += Bᵀ (N x K) * Aᵀ (K x M): A and B
  /// trade places (a compressed A becomes a compressed B), every transpose
  /// flips, M and N trade.
  MatmulProblem swapped() const;
  /// "f16 x f16 -> f32", "u8 x i8 -> i32", "f8E4M3FNUZ x f16 -> f32": the
  /// element types as MLIR spells them, u for unsigned integers; a
  /// block-scaled problem's end in " (E8M0 block scales)".
  std::string describeTypes() const;

  bool operator==(const MatmulProblem &other) const;
  bool operator!=(const MatmulProblem &other) const {
    return !(*this == other);
  }
};

/// An element kind as MLIR spells its type: "f16", "i8", "f8E4M3FNUZ" (fp8
/// and bf8 in `fp8`'s encoding; "fp8" / "bf8" without one).
std::string getMLIRTypeName(ScalarKind kind, Fp8Format fp8);

} // namespace mlir::mcore

#endif // MCORE_TARGET_MATMULPROBLEM_H
