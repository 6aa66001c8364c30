//===- Instruction.cpp - The matrix instruction of a matmul ---------------===//
//
// The heuristic's choice of instruction (HeuristicInternal.h): for a 2:4 A
// the chip's sparse instruction, else a dense one (for a 2:4 operand: the
// fallback that decompresses it in the kernel, with a remark); for
// mixed-sign 8-bit operands on a chip whose instructions read signed
// operands only, a signed instruction with the unsigned operand offset; a
// forced instruction checked against the chip and the types. Every reason
// says what the chip supports.
//
//===----------------------------------------------------------------------===//

#include "HeuristicInternal.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::heuristic;

/// Accumulator kinds to try for C's kind, best first.
static SmallVector<ScalarKind> accumulatorKinds(ScalarKind c, bool wide) {
  if (c == ScalarKind::F16 || c == ScalarKind::BF16)
    return wide ? SmallVector<ScalarKind>{ScalarKind::F32}
                : SmallVector<ScalarKind>{c, ScalarKind::F32};
  return {c};
}

/// Instructions of `chip` that compute the problem's types, best first.
/// Unsigned operands need per-operand signedness (WMMA, SWMMAC) unless
/// `signedOnly` (the operands are offset into signed range).
static SmallVector<const IntrinsicInfo *>
candidateIntrinsics(Chip chip, const MatmulProblem &p, bool sparse,
                    ArrayRef<ScalarKind> accKinds, bool signedOnly = false) {
  SmallVector<const IntrinsicInfo *> result;
  for (ScalarKind acc : accKinds)
    for (const IntrinsicInfo *info :
         selectIntrinsics(chip, {p.a, p.b, acc, sparse})) {
      if (!signedOnly && (p.unsignedA || p.unsignedB) &&
          !info->hasModifier(ModSignedness))
        continue;
      result.push_back(info);
    }
  return result;
}

/// Whether the unsigned operand of a mixed-sign 8-bit product may be offset
/// into signed range on a chip whose instructions are signed only:
/// (a' + 128) b = a' b + 128 sum_k b is exact in i32. The offset operand
/// must be dense (a compressed operand's zeros would move) and the other
/// one signed (two offsets would meet in the zero padding of edge tiles).
static bool canOffsetSign(const MatmulProblem &p, bool a) {
  if (p.unsignedA == p.unsignedB)
    return false;
  if (a)
    return p.unsignedA && p.a == ScalarKind::I8 && !p.sparseA;
  return p.unsignedB && p.b == ScalarKind::I8 && !p.sparseB;
}

/// f32-precision=tf32, or a forced xf32 intrinsic (what mcore-configure-
/// matmul stamps on the op for mcore-tile-matmul): f32 A and B are read as
/// xf32 (the instruction truncates them), so only xf32 instructions compute
/// the product.
static void applyF32Precision(MatmulProblem &p,
                              const MatmulTilingOptions &options) {
  const IntrinsicInfo *forced = options.intrinsicName.empty()
                                    ? nullptr
                                    : lookupIntrinsic(options.intrinsicName);
  bool xf32 = options.f32Precision == "tf32" ||
              (forced && forced->a.kind == ScalarKind::XF32);
  if (xf32 && p.a == ScalarKind::F32 && p.b == ScalarKind::F32)
    p.a = p.b = ScalarKind::XF32;
}

std::string heuristic::chooseInstruction(const Form &form, const ChipInfo &chip,
                                         const MatmulTilingOptions &options,
                                         MatmulTileConfig &cfg,
                                         std::vector<std::string> &remarks) {
  std::string reason;
  llvm::raw_string_ostream os(reason);
  // bf16x3 is mcore-split-f32-matmul's, before any configuration: the f32
  // matmuls it leaves (none in the pipeline) are ieee ones.
  if (options.f32Precision != "ieee" && options.f32Precision != "tf32" &&
      options.f32Precision != "bf16x3") {
    os << "f32-precision must be ieee, tf32 or bf16x3, got '"
       << options.f32Precision << "'";
    return reason;
  }
  // The types the instruction reads (describeTypes names xf32 as the f32
  // the operands hold).
  MatmulProblem p = form.problem;
  applyF32Precision(p, options);
  if (p.a == ScalarKind::XF32 &&
      selectIntrinsics(chip.chip,
                       {ScalarKind::XF32, ScalarKind::XF32, ScalarKind::F32})
          .empty()) {
    os << p.name << " of " << p.describeTypes()
       << ": f32-precision=tf32 needs an xf32 matrix instruction, and "
       << chip.name << " has none; " << chip.name << " supports "
       << llvm::join(describeSupportedTypes(chip.chip, false), ", ");
    return reason;
  }
  for (auto [kind, fmt] : {std::pair(p.a, p.fp8A), std::pair(p.b, p.fp8B)}) {
    if (!isFp8Kind(kind) || fmt == chip.fp8)
      continue;
    os << p.name << " of " << p.describeTypes() << ": ";
    if (chip.fp8 == Fp8Format::None)
      os << chip.name << " has no fp8 matrix instructions";
    else
      os << chip.name << " uses "
         << (chip.fp8 == Fp8Format::FNUZ ? "FNUZ" : "OCP") << " fp8 ('"
         << getMLIRTypeName(kind, chip.fp8) << "'), got '"
         << getMLIRTypeName(kind, fmt) << "'";
    return reason;
  }

  SmallVector<ScalarKind> accKinds =
      accumulatorKinds(p.c, options.wideAccumulator);

  // Pick the instruction: sparse for compressed A when the chip has one,
  // otherwise dense (for sparse A: the decompressing fallback).
  auto listSupported = [&](bool sparse) {
    std::vector<std::string> types = describeSupportedTypes(chip.chip, sparse);
    if (types.empty())
      os << "; " << chip.name << " has no " << (sparse ? "sparse " : "")
         << "matrix instructions";
    else
      os << "; " << chip.name << " supports " << llvm::join(types, ", ");
  };
  auto noInstruction = [&](bool sparse) {
    os << p.name << " of " << p.describeTypes() << ": no "
       << (sparse ? "sparse " : "") << "matrix instruction of " << chip.name
       << " computes it";
    MatmulProblem asSigned = p;
    asSigned.unsignedA = asSigned.unsignedB = false;
    if ((p.unsignedA || p.unsignedB) &&
        !candidateIntrinsics(chip.chip, asSigned, sparse, accKinds).empty())
      os << " (its integer instructions read signed operands only)";
    listSupported(sparse);
    // Dense operands of these types would get the SIMT kernel (mcore's
    // getSimtMatmulReason); a compressed one does not.
    if (p.isCompressed())
      os << "; the SIMT kernel for types without a matrix instruction takes "
            "dense operands only";
    return reason;
  };

  // A forced instruction that does not compute the matmul: why, when it
  // is only wide-accumulator's f32 accumulator that rules it out.
  auto notComputed = [&](const IntrinsicInfo *forced, bool sparse) {
    os << forced->name << " does not compute " << p.describeTypes();
    if (forced->isScaled()) {
      os << ": it is block-scaled (MX, E8M0 scales per 32 k), and a "
            "linalg.matmul has no scales";
      return reason;
    }
    if (forced->blocks > 1) {
      os << ": it computes " << unsigned(forced->blocks) << " independent "
         << forced->m << "x" << forced->n
         << " blocks, and mcore's kernels tile with single-block "
            "instructions";
      return reason;
    }
    if (options.wideAccumulator &&
        llvm::is_contained(candidateIntrinsics(chip.chip, p, sparse,
                                               accumulatorKinds(p.c, false)),
                           forced))
      os << " with wide-accumulator=true: it accumulates in "
         << getScalarKindName(forced->c.kind) << ", not f32";
    return reason;
  };

  const IntrinsicInfo *forced = nullptr;
  if (!options.intrinsicName.empty()) {
    forced = lookupIntrinsic(options.intrinsicName);
    if (!forced) {
      os << "unknown intrinsic '" << options.intrinsicName << "'";
      std::vector<StringRef> near = suggestIntrinsics(options.intrinsicName);
      if (!near.empty())
        os << "; did you mean " << llvm::join(near, ", ") << "?";
      return reason;
    }
    if (!forced->isAvailableOn(chip.chip)) {
      os << forced->name << " needs " << forced->chips.describe()
         << "; the target is " << chip.name;
      return reason;
    }
  }

  // The chip's instructions for the types; with none, for mixed-sign 8-bit
  // operands, its signed-only ones: the unsigned operand is offset and the
  // epilogue corrects it.
  auto candidates = [&](bool sparse) {
    SmallVector<const IntrinsicInfo *> cands =
        candidateIntrinsics(chip.chip, p, sparse, accKinds);
    if (cands.empty() && (canOffsetSign(p, true) || canOffsetSign(p, false))) {
      cands = candidateIntrinsics(chip.chip, p, sparse, accKinds,
                                  /*signedOnly=*/true);
      if (!cands.empty()) {
        cfg.signOffsetA = canOffsetSign(p, true);
        cfg.signOffsetB = canOffsetSign(p, false);
      }
    }
    return cands;
  };

  bool sparseInstr = false;
  const IntrinsicInfo *chosen = nullptr;
  if (p.sparseA) {
    SmallVector<const IntrinsicInfo *> sparseCands = candidates(true);
    if (forced && forced->isSparse()) {
      if (!llvm::is_contained(sparseCands, forced))
        return notComputed(forced, /*sparse=*/true);
      chosen = forced;
      sparseInstr = true;
    } else if (!forced && !sparseCands.empty()) {
      chosen = sparseCands.front();
      sparseInstr = true;
    } else {
      // Dense fallback: decompress A in the kernel.
      if (!options.allowDenseFallback) {
        os << "2:4-sparse " << p.describeTypes() << " has no sparse "
           << "matrix instruction on " << chip.name
           << " and the dense fallback is disabled (allow-dense-fallback="
              "false)";
        listSupported(/*sparse=*/true);
        return reason;
      }
      cfg.decompressA = true;
    }
  }
  if (p.sparseB) {
    // A compressed B is only ever expanded: the sparse instructions take
    // the 2:4 operand on the left (the op swapped is that form).
    if (!options.allowDenseFallback) {
      os << "2:4-sparse B of " << p.describeTypes()
         << " would be decompressed for a dense instruction, and the dense "
            "fallback is disabled (allow-dense-fallback=false)";
      return reason;
    }
    cfg.decompressB = true;
  }
  if (!chosen) {
    SmallVector<const IntrinsicInfo *> denseCands = candidates(false);
    if (forced) {
      if (forced->isSparse()) {
        os << forced->name << " is a sparse instruction; A is dense";
        return reason;
      }
      if (!llvm::is_contained(denseCands, forced))
        return notComputed(forced, /*sparse=*/false);
      chosen = forced;
    } else if (!denseCands.empty()) {
      chosen = denseCands.front();
    } else {
      return noInstruction(/*sparse=*/false);
    }
    if (cfg.decompressA || cfg.decompressB) {
      // Said of the op's own operands (its A is the compressed one).
      MatmulProblem opProblem = form.swapped ? p.swapped() : p;
      // An op with a transposed C holds a weight on the right (y = x Wᵀ as
      // Cᵀ = W xᵀ): said as the user wrote it, W as B.
      bool weight = opProblem.transposeC;
      MatmulProblem userProblem = weight ? opProblem.swapped() : opProblem;
      std::string remark;
      llvm::raw_string_ostream rs(remark);
      rs << (weight ? "2:4-sparse B (the weight): " : "2:4-sparse A: ");
      if (form.denseByModel)
        rs << "the performance model predicts the dense form faster "
              "than the sparse instruction";
      else if (options.swapOperands == "always" &&
               !candidateIntrinsics(chip.chip, opProblem, /*sparse=*/true,
                                    accKinds, /*signedOnly=*/true)
                    .empty())
        rs << "swap-operands=always puts it on the side of the "
              "instruction that reads dense operands";
      else
        rs << chip.name << " has no sparse matrix instruction for "
           << userProblem.describeTypes();
      rs << "; decompressing " << (weight ? "B" : "A")
         << " in the kernel and using " << chosen->name;
      remarks.push_back(remark);
    }
  }
  cfg.intrinsic = chosen;
  cfg.intrinsicName = chosen->name;
  cfg.sparseInstruction = sparseInstr;
  return "";
}

SmallVector<const IntrinsicInfo *>
mlir::mcore::getMatmulIntrinsicCandidates(const MatmulProblem &problem,
                                          const MatmulTilingOptions &options) {
  if (problem.blockScaled)
    return getScaledCandidates(problem);
  // The product computed: the problem's, or its swap.
  MatmulProblem p =
      options.swapOperands == "always" ? problem.swapped() : problem;
  applyF32Precision(p, options);
  SmallVector<ScalarKind> accKinds =
      accumulatorKinds(p.c, options.wideAccumulator);
  // As chooseInstruction: mixed signs fall back to signed-only instructions.
  bool offsetSign = canOffsetSign(p, true) || canOffsetSign(p, false);
  auto candidates = [&](bool sparse) {
    SmallVector<const IntrinsicInfo *> found =
        candidateIntrinsics(options.chip, p, sparse, accKinds);
    if (found.empty() && offsetSign)
      found = candidateIntrinsics(options.chip, p, sparse, accKinds,
                                  /*signedOnly=*/true);
    return found;
  };
  if (p.sparseA) {
    SmallVector<const IntrinsicInfo *> sparse = candidates(/*sparse=*/true);
    if (!sparse.empty())
      return sparse;
  }
  return candidates(/*sparse=*/false);
}
