//===- ConfigureMatmulHeuristic.cpp - Choosing a matmul's knobs -----------===//
//
// The heuristic of mcore-configure-matmul, getMatmulTileConfig: from a
// MatmulSpec, the chip and the knobs already forced (MatmulTilingOptions:
// the op's #mcore.matmul_config, the options, a tuning-table entry), the
// matrix instruction (sparse, dense, or the dense fallback that decompresses
// a 2:4 A), the work-group and wave tiles within the VGPR budget, the K tile
// within the chip's LDS, and the checks of everything forced. The result is
// a MatmulTileConfig (Transforms.h); nothing here builds IR.
//
//===----------------------------------------------------------------------===//

#include "TileMatmul.h"

#include "mcore/Target/Catalog.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

std::string MatmulTileConfig::describe() const {
  return llvm::formatv("{0}x{1}x{2} tile, {3}x{4} waves of {5}, {6}x{7} x {8}"
                       "{9}, {10} stage{11}{12}{13}{14}{15}",
                       tileM, tileN, tileK, wavesM, wavesN, waveSize,
                       getTilesM(), getTilesN(), intrinsic->name,
                       decompressA   ? " (A decompressed)"
                       : decompressB ? " (B decompressed)"
                                     : "",
                       stages, stages == 1 ? "" : "s",
                       isSwapped() ? ", operands swapped (C^T = B^T A^T)" : "",
                       signOffsetA   ? ", A offset by -128"
                       : signOffsetB ? ", B offset by -128"
                                     : "",
                       splitK > 1 ? llvm::formatv(", K split {0} ways",
                                                  splitK)
                                        .str()
                                  : std::string(),
                       schedBarriers ? "" : ", no scheduling barriers")
      .str();
}

/// 32-bit registers per lane of one fragment.
static int64_t fragmentRegs(const FragmentInfo &f) {
  return (int64_t(f.getVectorLength()) * f.getSlotBits() + 31) / 32;
}

/// LDS bytes and register estimate of a configuration. LDS holds i4 packed,
/// two per byte.
static void computeCosts(MatmulTileConfig &cfg, const MatmulSpec &spec) {
  const IntrinsicInfo &intr = *cfg.intrinsic;
  int64_t bitsA = getBitWidth(spec.ka), bitsB = getBitWidth(spec.kb);
  // A in LDS: dense K columns, or compressed K / 2 for sparse instructions.
  int64_t ldsColsA = cfg.sparseInstruction ? cfg.tileK / 2 : cfg.tileK;
  int64_t padA = cfg.ldsPadBytes * 8 / bitsA,
          padB = cfg.ldsPadBytesB * 8 / bitsB;
  int64_t a = cfg.tileM * (ldsColsA + padA) * bitsA / 8;
  int64_t b = cfg.tileN * (cfg.tileK + padB) * bitsB / 8;
  int64_t meta =
      cfg.sparseInstruction ? cfg.tileM * getLdsMetadataCols(cfg) * 4 : 0;
  cfg.ldsBytes = cfg.stages * (a + b + meta);

  int64_t threads = cfg.getNumThreads();
  int64_t acc = cfg.getTilesM() * cfg.getTilesN() * fragmentRegs(intr.c);
  // The backend issues all LDS reads of a K tile before its first MMA, so
  // the fragments of every K step are live at once.
  int64_t kSteps = std::max<int64_t>(1, cfg.tileK / intr.k);
  int64_t frags = kSteps * (cfg.getTilesM() * (fragmentRegs(intr.a) +
                                               (intr.isSparse() ? 1 : 0)) +
                            cfg.getTilesN() * fragmentRegs(intr.b));
  // Global bits staged per thread (compressed A or B when decompressing).
  int64_t globalColsA = spec.sparse ? cfg.tileK / 2 : cfg.tileK;
  int64_t globalColsB = spec.sparseB ? cfg.tileK / 2 : cfg.tileK;
  int64_t staged = ceilDiv(cfg.tileM * globalColsA * storageBits(spec.ka) +
                               cfg.tileN * globalColsB * storageBits(spec.kb) +
                               (spec.sparse ? cfg.tileM * cfg.tileK : 0) +
                               (spec.sparseB ? cfg.tileN * cfg.tileK : 0),
                           32 * threads);
  cfg.estimatedVgprs = acc + frags + staged + 32;
}

/// Accumulator kinds to try for C's kind, best first.
static SmallVector<ScalarKind> accumulatorKinds(ScalarKind c, bool wide) {
  if (c == ScalarKind::F16 || c == ScalarKind::BF16)
    return wide ? SmallVector<ScalarKind>{ScalarKind::F32}
                : SmallVector<ScalarKind>{c, ScalarKind::F32};
  return {c};
}

/// Instructions of `chip` that compute the spec's types, best first.
/// Unsigned operands need per-operand signedness (WMMA, SWMMAC) unless
/// `signedOnly` (the operands are offset into signed range).
static SmallVector<const IntrinsicInfo *>
candidateIntrinsics(Chip chip, const MatmulSpec &spec, bool sparse,
                    ArrayRef<ScalarKind> accKinds, bool signedOnly = false) {
  SmallVector<const IntrinsicInfo *> result;
  for (ScalarKind acc : accKinds)
    for (const IntrinsicInfo *info :
         selectIntrinsics(chip, {spec.ka, spec.kb, acc, sparse})) {
      if (!signedOnly && (spec.unsignedA || spec.unsignedB) &&
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
static bool canOffsetSign(const MatmulSpec &spec, bool a) {
  if (spec.unsignedA == spec.unsignedB)
    return false;
  if (a)
    return spec.unsignedA && spec.ka == ScalarKind::I8 && !spec.sparse;
  return spec.unsignedB && spec.kb == ScalarKind::I8 && !spec.sparseB;
}

/// The instruction: sparse for compressed A when the chip has one,
/// otherwise dense (for sparse A: the fallback that decompresses it). Sets
/// cfg.intrinsic, sparseInstruction, decompressA and accElementType.
static LogicalResult chooseInstruction(Operation *op, const MatmulSpec &spec,
                                       const ChipInfo &chip,
                                       const MatmulTilingOptions &options,
                                       bool remarks, MatmulTileConfig &cfg) {
  MLIRContext *ctx = op->getContext();
  for (auto [kind, fmt, elem] :
       {std::tuple(spec.ka, spec.fp8A, spec.aElem),
        std::tuple(spec.kb, spec.fp8B, spec.bElem)}) {
    if (!isFp8Kind(kind) || fmt == chip.fp8)
      continue;
    InFlightDiagnostic diag = op->emitError();
    diag << describeOp(spec) << " of " << describeTypes(spec) << ": ";
    if (chip.fp8 == Fp8Format::None)
      diag << chip.name << " has no fp8 matrix instructions";
    else
      diag << chip.name << " uses "
           << (chip.fp8 == Fp8Format::FNUZ ? "FNUZ" : "OCP") << " fp8 ("
           << getMLIRType(ctx, kind, chip.fp8) << "), got " << elem;
    return diag;
  }

  SmallVector<ScalarKind> accKinds =
      accumulatorKinds(spec.kc, options.wideAccumulator);

  // Pick the instruction: sparse for compressed A when the chip has one,
  // otherwise dense (for sparse A: the decompressing fallback).
  auto listSupported = [&](InFlightDiagnostic &diag, bool sparse) {
    std::vector<std::string> types = describeSupportedTypes(chip.chip, sparse);
    if (types.empty())
      diag << "; " << chip.name << " has no " << (sparse ? "sparse " : "")
           << "matrix instructions";
    else
      diag << "; " << chip.name << " supports " << llvm::join(types, ", ");
  };
  auto noInstruction = [&](bool sparse) {
    InFlightDiagnostic diag = op->emitError();
    diag << describeOp(spec) << " of " << describeTypes(spec)
         << ": no " << (sparse ? "sparse " : "") << "matrix instruction of "
         << chip.name << " computes it";
    MatmulSpec asSigned = spec;
    asSigned.unsignedA = asSigned.unsignedB = false;
    if ((spec.unsignedA || spec.unsignedB) &&
        !candidateIntrinsics(chip.chip, asSigned, sparse, accKinds).empty())
      diag << " (its integer instructions read signed operands only)";
    listSupported(diag, sparse);
    return diag;
  };

  // A forced instruction that does not compute the matmul: why, when it
  // is only wide-accumulator's f32 accumulator that rules it out.
  auto notComputed = [&](const IntrinsicInfo *forced, bool sparse) {
    InFlightDiagnostic diag = op->emitError();
    diag << forced->name << " does not compute " << describeTypes(spec);
    if (options.wideAccumulator &&
        llvm::is_contained(
            candidateIntrinsics(chip.chip, spec, sparse,
                                accumulatorKinds(spec.kc, false)),
            forced))
      diag << " with wide-accumulator=true: it accumulates in "
           << getScalarKindName(forced->c.kind) << ", not f32";
    return diag;
  };

  const IntrinsicInfo *forced = nullptr;
  if (!options.intrinsicName.empty()) {
    forced = lookupIntrinsic(options.intrinsicName);
    if (!forced) {
      InFlightDiagnostic diag = op->emitError()
                                << "unknown intrinsic '"
                                << options.intrinsicName << "'";
      std::vector<StringRef> near = suggestIntrinsics(options.intrinsicName);
      if (!near.empty())
        diag << "; did you mean " << llvm::join(near, ", ") << "?";
      return diag;
    }
    if (!forced->isAvailableOn(chip.chip))
      return op->emitError() << forced->name << " needs "
                             << forced->chips.describe() << "; the target is "
                             << chip.name;
  }

  // The chip's instructions for the types; with none, for mixed-sign 8-bit
  // operands, its signed-only ones: the unsigned operand is offset and the
  // epilogue corrects it.
  auto candidates = [&](bool sparse) {
    SmallVector<const IntrinsicInfo *> cands =
        candidateIntrinsics(chip.chip, spec, sparse, accKinds);
    if (cands.empty() &&
        (canOffsetSign(spec, true) || canOffsetSign(spec, false))) {
      cands = candidateIntrinsics(chip.chip, spec, sparse, accKinds,
                                  /*signedOnly=*/true);
      if (!cands.empty()) {
        cfg.signOffsetA = canOffsetSign(spec, true);
        cfg.signOffsetB = canOffsetSign(spec, false);
      }
    }
    return cands;
  };

  bool sparseInstr = false;
  const IntrinsicInfo *chosen = nullptr;
  if (spec.sparse) {
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
        InFlightDiagnostic diag = op->emitError();
        diag << "2:4-sparse " << describeTypes(spec) << " has no sparse "
             << "matrix instruction on " << chip.name
             << " and the dense fallback is disabled (allow-dense-fallback="
                "false)";
        listSupported(diag, /*sparse=*/true);
        return diag;
      }
      cfg.decompressA = true;
    }
  }
  if (spec.sparseB) {
    // A compressed B is only ever expanded: the sparse instructions take
    // the 2:4 operand on the left (the op swapped is that form).
    if (!options.allowDenseFallback) {
      InFlightDiagnostic diag = op->emitError();
      diag << "2:4-sparse B of " << describeTypes(spec)
           << " would be decompressed for a dense instruction, and the dense "
              "fallback is disabled (allow-dense-fallback=false)";
      return diag;
    }
    cfg.decompressB = true;
  }
  if (!chosen) {
    SmallVector<const IntrinsicInfo *> denseCands = candidates(false);
    if (forced) {
      if (forced->isSparse())
        return op->emitError() << forced->name
                               << " is a sparse instruction; A is dense";
      if (!llvm::is_contained(denseCands, forced))
        return notComputed(forced, /*sparse=*/false);
      chosen = forced;
    } else if (!denseCands.empty()) {
      chosen = denseCands.front();
    } else {
      return noInstruction(/*sparse=*/false);
    }
    if ((cfg.decompressA || cfg.decompressB) && remarks) {
      // Said of the op's own operands (its A is the compressed one).
      MatmulSpec opSpec = spec.isSwapped ? spec.swapped() : spec;
      // An op with a transposed C holds a weight on the right (y = x Wᵀ as
      // Cᵀ = W xᵀ): said as the user wrote it, W as B.
      bool weight = opSpec.transposeC;
      MatmulSpec userSpec = weight ? opSpec.swapped() : opSpec;
      InFlightDiagnostic remark = op->emitRemark();
      remark << (weight ? "2:4-sparse B (the weight): " : "2:4-sparse A: ");
      if (spec.denseByModel)
        remark << "the performance model predicts the dense form faster "
                  "than the sparse instruction";
      else if (options.swapOperands == "always" &&
               !candidateIntrinsics(chip.chip, opSpec, /*sparse=*/true,
                                    accKinds, /*signedOnly=*/true)
                    .empty())
        remark << "swap-operands=always puts it on the side of the "
                  "instruction that reads dense operands";
      else
        remark << chip.name << " has no sparse matrix instruction for "
               << describeTypes(userSpec);
      remark << "; decompressing " << (weight ? "B" : "A")
             << " in the kernel and using " << chosen->name;
    }
  }
  cfg.intrinsic = chosen;
  cfg.intrinsicName = chosen->name;
  cfg.sparseInstruction = sparseInstr;
  cfg.accElementType = getMLIRType(ctx, chosen->c.kind, chip.fp8);
  return success();
}

namespace {
/// A default work-group of CDNA's unified register file: waves and the wave
/// tile.
struct LargeCdnaTile {
  int64_t wavesM, wavesN, waveM, waveN;
  /// LDS stages the tile needs (0: those already chosen).
  int64_t stages = 0;
  /// The instruction the wave tile needs (nullptr: the one chosen).
  const IntrinsicInfo *intrinsic = nullptr;
  int64_t tileM() const { return wavesM * waveM; }
  int64_t tileN() const { return wavesN * waveN; }
};
} // namespace

/// A CDNA tile whose work-groups leave CUs idle in their last round (one
/// round of 256 x 256, or of two 256 x 128 per CU, is 256 or 512 on
/// gfx942's 304 CUs: a ceiling of 84% of peak, as for every power-of-two
/// tile) gives way to an eight-wave tile of tile-M x 256, one per CU, on
/// 2 x 4 waves of (tile-M / 2) x 64: the tile-M, a multiple of 32, whose
/// rounds take the least time (rounds x work-groups per CU x tile area),
/// if that is at least 5% less. The wave tile may need the chip's 16-row
/// instruction of the same types and rate (112 rows: 16 x 16 x 16 f16, or
/// 16 x 16 x 32 for 2:4). The tile must keep two LDS stages of its own K
/// tile, with the paddings it will get, and the register estimate, so not
/// when the user set the instruction, the stages or the K tile (one stage
/// of 224 x 256 for 2:4 on gfx942 is predicted 68.0% of peak, two 92.9%).
/// The edge tiles of M read clamped rows (StagedOperand::clampTile) and
/// store whole tiles of C under one branch, so they cost little. gfx942 at
/// 4096^3: 304 work-groups of 224 x 256, f16 dense predicted 83.4% ->
/// 94.6% of peak, 2:4 81.6% -> 92.9%.
static LargeCdnaTile fitComputeUnits(const LargeCdnaTile &large, int64_t perCU,
                                     const MatmulSpec &spec,
                                     const ChipInfo &chip,
                                     const MatmulTilingOptions &options,
                                     const MatmulTileConfig &cfg,
                                     int64_t batch, int64_t m, int64_t n) {
  constexpr int64_t kWavesM = 2, kWavesN = 4, kTileN = 256;
  if (!options.intrinsicName.empty() || options.stages || options.tileK ||
      n < kTileN)
    return large;
  const IntrinsicInfo &intr = *cfg.intrinsic;
  int64_t cus = computeUnitsOf(chip.chip);
  auto time = [&](int64_t tileM, int64_t tileN, int64_t per) {
    int64_t workgroups = std::max<int64_t>(1, batch) * ceilDiv(m, tileM) *
                         ceilDiv(n, tileN);
    return ceilDiv(workgroups, cus * per) * per * tileM * tileN;
  };
  int64_t ownTime = time(large.tileM(), large.tileN(), perCU);
  int64_t bestTime = ownTime;
  LargeCdnaTile best = large;
  SmallVector<const IntrinsicInfo *> same = selectIntrinsics(
      chip.chip, {intr.a.kind, intr.b.kind, intr.c.kind, intr.isSparse()});
  for (int64_t tileM = 256; tileM >= 128; tileM -= 32) {
    int64_t t = time(tileM, kTileN, 1);
    if (20 * t > 19 * ownTime || t >= bestTime || m < tileM)
      continue;
    int64_t waveM = tileM / kWavesM, waveN = kTileN / kWavesN;
    // The best instruction of the same types, rate and modifiers whose
    // tile divides the wave tile.
    const IntrinsicInfo *fit = nullptr;
    for (const IntrinsicInfo *c : same)
      if (c->modifiers == intr.modifiers &&
          c->getOpsPerCycle(chip.chip) >= intr.getOpsPerCycle(chip.chip) &&
          waveM % c->m == 0 && waveN % c->n == 0) {
        fit = c;
        break;
      }
    if (!fit)
      continue;
    MatmulTileConfig probe = cfg;
    probe.intrinsic = fit;
    probe.wavesM = kWavesM;
    probe.wavesN = kWavesN;
    probe.tileM = tileM;
    probe.tileN = kTileN;
    probe.tileK = std::max<int64_t>(fit->k, spec.isCompressed() ? 32 : 0);
    probe.stages = 2;
    // The paddings the tile will get, as chooseTiles sets them (16 bytes
    // each: gfx942's 8-bit 2:4 224 x 256 x 64 would need 66048 B; with A's
    // 8 and B's 16 it has 62464).
    probe.ldsPadBytes = options.ldsPadBytes;
    if (options.ldsPadBytes < 0)
      chooseLdsPadding(probe, spec, chip.chip);
    if (options.ldsPadBytesB >= 0)
      probe.ldsPadBytesB = options.ldsPadBytesB;
    else if (options.ldsPadBytes >= 0)
      probe.ldsPadBytesB = options.ldsPadBytes;
    computeCosts(probe, spec);
    if (probe.ldsBytes > chip.ldsBytes || probe.estimatedVgprs > 256)
      continue;
    best = {kWavesM, kWavesN, waveM, waveN, probe.stages,
            fit == &intr ? nullptr : fit};
    bestTime = t;
  }
  return best;
}

/// The larger default tile of a CDNA chip whose VGPRs and AGPRs form one
/// 512-register file per lane (gfx90a, gfx942, gfx950), where two waves of
/// up to 256 registers share a SIMD:
/// - dense: 256 x 256 of 4 x 2 waves of 64 x 128. The eight waves put two
///   on each SIMD from one work-group, so one wave's MFMAs run while the
///   other loads (the model, docs/Performance.md: gfx942 f16 at 4096^3,
///   the loop's matrix unit 66% busy with one wave per SIMD, 100% with two);
/// - 2:4 (sparse instruction): 512 x 128 of 4 x 2 waves of 128 x 64 where
///   its two LDS stages fit (gfx950), else 256 x 128 of 2 x 2 waves of
///   128 x 64 (gfx942). A is compressed, so a taller wave tile reads fewer
///   LDS bytes per MMA: the loop is bound by the CU's LDS data path (gfx950
///   f16 at 4096^3: 472 LDS clocks per 256 matrix clocks with 64 x 64, 280
///   with 128 x 64 in eight waves).
/// Only when the user set no tiles or waves and the static problem fills
/// the chip's CUs at least 3/4 (work-groups over rounds of `per CU` each,
/// times the tiles' share of useful elements): fewer, larger work-groups
/// leave CUs idle on smaller problems. A work-group of eight waves brings
/// two waves per SIMD on its own (per CU = 1); one of four needs a second
/// beside it on the CU (per CU = 2), or it gives way to the next candidate
/// (one 2:4 work-group of 256x128 per CU would run one wave per SIMD).
/// Where two LDS stages of a four-wave tile fit only once per CU but one
/// stage fits twice (gfx942's f16 2:4), the tile takes one stage, unless
/// the user set the stages.
static std::optional<LargeCdnaTile>
chooseLargeCdnaTile(const MatmulSpec &spec, const ChipInfo &chip,
                    const MatmulTilingOptions &options,
                    const MatmulTileConfig &cfg) {
  const ChipOccupancyInfo &occupancy = getChipOccupancyInfo(chip.chip);
  if (!chip.hasMfma || occupancy.vgprsPerSimd < 512 || options.tileM ||
      options.tileN || options.wavesM || options.wavesN || cfg.decompressA ||
      cfg.decompressB)
    return std::nullopt;
  std::optional<std::array<int64_t, 4>> sizes = getStaticSizes(spec);
  if (!sizes)
    return std::nullopt;
  int64_t batch = (*sizes)[0], m = (*sizes)[1], n = (*sizes)[2];
  const IntrinsicInfo &intr = *cfg.intrinsic;
  // Largest first; the eight-wave 256 x 128 (and, dense, 128 x 256) of 64 x
  // 64 wave tiles for problems with too few of the larger work-groups (the
  // tuner's choice for the LLM table's M = 2048 rows; predicted: gfx942
  // dense 2048x4096x4096 59.5% -> 83.3% of peak, gfx950 2:4
  // 4096x2048x4096 52.9% -> 72.7% with the longer K tile below).
  SmallVector<LargeCdnaTile> candidates =
      cfg.sparseInstruction
          ? SmallVector<LargeCdnaTile>{{4, 2, 128, 64},
                                       {2, 2, 128, 64},
                                       {4, 2, 64, 64}}
          : SmallVector<LargeCdnaTile>{
                {4, 2, 64, 128}, {4, 2, 64, 64}, {2, 4, 64, 64}};
  for (const LargeCdnaTile &large : candidates) {
    if (large.waveM % intr.m || large.waveN % intr.n || m < large.tileM() ||
        n < large.tileN())
      continue;
    // The LDS of the large tile with the shortest K tile it may get.
    MatmulTileConfig probe = cfg;
    probe.wavesM = large.wavesM;
    probe.wavesN = large.wavesN;
    probe.tileM = large.tileM();
    probe.tileN = large.tileN();
    probe.tileK = std::max<int64_t>(intr.k, spec.isCompressed() ? 32 : 0);
    probe.stages = cfg.stages;
    probe.ldsPadBytes = probe.ldsPadBytesB = 16;
    computeCosts(probe, spec);
    if (probe.ldsBytes > chip.ldsBytes)
      continue;
    int64_t tilesM = ceilDiv(m, large.tileM()),
            tilesN = ceilDiv(n, large.tileN());
    int64_t workgroups = std::max<int64_t>(1, batch) * tilesM * tilesN;
    double useful = double(m) * double(n) /
                    double(tilesM * large.tileM() * tilesN * large.tileN());
    // Whether the work-groups fill the CUs at `perCU` each.
    auto fills = [&](int64_t perCU) {
      int64_t slots = computeUnitsOf(chip.chip) * perCU;
      double fill =
          double(workgroups) / double(ceilDiv(workgroups, slots) * slots);
      return fill * useful >= 0.75;
    };
    bool fourWaves =
        large.wavesM * large.wavesN < 2 * int64_t(occupancy.simdsPerCU);
    auto fit = [&](const LargeCdnaTile &tile, int64_t perCU) {
      return fitComputeUnits(tile, perCU, spec, chip, options, cfg, batch, m,
                             n);
    };
    if (fourWaves && 2 * probe.ldsBytes <= occupancy.ldsPerCU) {
      if (fills(2))
        return fit(large, 2);
      continue;
    }
    if (fourWaves && !options.stages && fills(2)) {
      // Two stages fit once per CU (one wave per SIMD), one stage twice:
      // one stage (gfx942's f16 2:4 at 4096^3: 46 KiB with two stages, 23
      // KiB with one; predicted 47.1% -> 60.7% of peak).
      MatmulTileConfig one = probe;
      one.stages = 1;
      computeCosts(one, spec);
      if (2 * one.ldsBytes <= occupancy.ldsPerCU) {
        LargeCdnaTile chosen = large;
        chosen.stages = 1;
        return fit(chosen, 2);
      }
    }
    // A four-wave work-group alone on a CU runs one wave per SIMD: the next
    // candidate, of eight waves, instead (gfx942 2:4 4096x2048x4096 with
    // 256 work-groups of 256x128: 2x2 waves 59.0%, 4x2 waves of 64x64
    // 74.7% of peak predicted; 14336x2048x4096 68.9% -> 87.2%).
    if (fourWaves)
      continue;
    if (fills(1))
      return fit(large, 1);
  }
  return std::nullopt;
}

namespace {
/// Waves and wave tile an RDNA kernel of some kind takes by default, and
/// its K tile (0: the default one).
struct RdnaWaveShape {
  int64_t wavesM, wavesN, waveM, waveN, tileK = 0;
};
} // namespace

/// The RDNA kernels whose default 2 x 2 waves the tuner beat by more than
/// 5%, for static problems with no tiles or waves forced:
/// - RDNA4, 8-bit dense, at least 256 x 64: 2 x 2 waves of 64 x 64 issue 64
///   WMMAs per wave and K tile of 64, too many for the loop of two K tiles
///   per iteration (TileMatmulKernel.cpp), and their byte transposes bind
///   the VALU. 4 x 2 waves of 64 x 32 issue 32, and eight waves hide each
///   other's transposes (gfx1201 i8 at 4096^3 72.6% -> 97.0% of peak);
/// - RDNA4, 8-bit 2:4 (SWMMAC), at least 128 x 128: 2 x 2 waves of 64 x 64
///   at K 64 take 264 VGPRs and 32 KiB, four waves per SIMD, 60% busy; 4 x
///   2 waves of 32 x 64 at K 32 take 144 VGPRs, ten waves, 74% busy, which
///   reaches the memory roofline (gfx1201 i8 and fp8 2:4 at 4096^3 60.3% ->
///   70.0%; the tuner's 128 x 64 on 4 x 1 waves gives the same). Not for
///   16-bit operands (f16 2:4 92.0% -> 83.9% with such tiles);
/// - RDNA3, a 16-bit 2:4 A expanded for WMMA (no sparse instruction), at
///   least 128 x 128, no K tile forced: 2 x 4 waves of 64 x 32 at K 32,
///   eight waves that hide each other's expansion (gfx1100 f16 2:4
///   4096x2048x4096 73.6% -> 83.2%; at 4096^3 swap-operands=auto then takes
///   the swapped form, B expanded: 75.2% -> 81.4%).
static std::optional<RdnaWaveShape>
chooseRdnaWaveShape(const MatmulSpec &spec, const ChipInfo &chip,
                    const MatmulTilingOptions &options,
                    const MatmulTileConfig &cfg,
                    std::optional<std::array<int64_t, 4>> staticSizes) {
  if (options.tileM || options.tileN || options.wavesM || options.wavesN ||
      !staticSizes)
    return std::nullopt;
  const IntrinsicInfo &intr = *cfg.intrinsic;
  int64_t m = (*staticSizes)[1], n = (*staticSizes)[2];
  int64_t bitsA = getBitWidth(spec.ka), bitsB = getBitWidth(spec.kb);
  bool sparse = cfg.sparseInstruction;
  if (chip.family == ChipFamily::RDNA4 && !cfg.decompressA && bitsA == 8 &&
      bitsB == 8) {
    if (!sparse && m >= 256 && n >= 64 && 32 % intr.n == 0)
      return RdnaWaveShape{4, 2, 64, 32};
    if (sparse && m >= 128 && n >= 128 && 32 % intr.m == 0 &&
        64 % intr.n == 0 && intr.k <= 32)
      return RdnaWaveShape{4, 2, 32, 64, 32};
  }
  if (chip.family == ChipFamily::RDNA3 && cfg.decompressA && !sparse &&
      bitsA == 16 && !options.tileK && m >= 128 && n >= 128 &&
      64 % intr.m == 0 && 32 % intr.n == 0 && 32 % intr.k == 0)
    return RdnaWaveShape{2, 4, 64, 32, 32};
  return std::nullopt;
}

/// The tiles: stages and LDS padding as asked; waves (default 2 x 2); the
/// largest wave tile whose registers fit, with the longest K tile that
/// fits the VGPR budget and the chip's LDS (or the tiles the user forced,
/// checked). Sets everything but the instruction fields, which it reads.
static LogicalResult chooseTiles(Operation *op, const MatmulSpec &spec,
                                 const ChipInfo &chip,
                                 const MatmulTilingOptions &options,
                                 MatmulTileConfig &cfg) {
  bool sparseInstr = cfg.sparseInstruction;
  cfg.stages = options.stages ? options.stages : 2;
  if (cfg.stages != 1 && cfg.stages != 2)
    return op->emitError("stages must be 1 (one LDS buffer) or 2 (double "
                         "buffering), got ")
           << cfg.stages;
  if (options.ldsPadBytes < -1)
    return op->emitError("lds-padding must be -1 (automatic: the padding "
                         "with the fewest LDS bank conflicts) or a number of "
                         "bytes, got ")
           << options.ldsPadBytes;
  if (options.ldsPadBytesB < -1)
    return op->emitError("lds-padding-b must be -1 (automatic: as "
                         "lds-padding) or a number of bytes, got ")
           << options.ldsPadBytesB;
  // The automatic padding is chosen once the tiles are (16 bytes until
  // then, for the LDS estimate). B's is A's unless set.
  cfg.ldsPadBytes = options.ldsPadBytes < 0 ? 16 : options.ldsPadBytes;
  cfg.ldsPadBytesB =
      options.ldsPadBytesB < 0 ? cfg.ldsPadBytes : options.ldsPadBytesB;
  cfg.schedBarriers = options.schedBarriers;
  cfg.groupM = options.groupM ? options.groupM : 8;
  if (cfg.groupM < 1)
    return op->emitError("group-m must be at least 1, got ") << cfg.groupM;
  int64_t bitsA = getBitWidth(spec.ka);
  if ((cfg.ldsPadBytes * 8) % bitsA != 0 ||
      (cfg.ldsPadBytes * 8) % getBitWidth(spec.kb) != 0 ||
      cfg.ldsPadBytes % 4 != 0)
    return op->emitError("lds-padding must be a multiple of 4 bytes, got ")
           << cfg.ldsPadBytes;
  if ((cfg.ldsPadBytesB * 8) % getBitWidth(spec.kb) != 0 ||
      cfg.ldsPadBytesB % 4 != 0)
    return op->emitError("lds-padding-b must be a multiple of 4 bytes, got ")
           << cfg.ldsPadBytesB;
  std::optional<LargeCdnaTile> large =
      chooseLargeCdnaTile(spec, chip, options, cfg);
  if (large && large->stages)
    cfg.stages = large->stages;
  if (large && large->intrinsic) {
    cfg.intrinsic = large->intrinsic;
    cfg.intrinsicName = large->intrinsic->name;
  }
  const IntrinsicInfo &intr = *cfg.intrinsic;
  cfg.wavesM = options.wavesM ? options.wavesM : large ? large->wavesM : 2;
  cfg.wavesN = options.wavesN ? options.wavesN : large ? large->wavesN : 2;
  if (cfg.wavesM <= 0 || cfg.wavesN <= 0 ||
      cfg.getNumThreads() > 1024)
    return op->emitError() << "waves-m x waves-n x wave size must be at most "
                              "1024 threads, got "
                           << cfg.wavesM << " x " << cfg.wavesN << " x "
                           << cfg.waveSize;
  // K tile: 64 bytes of A per row (128 with a sparse instruction, which
  // reads half of them), at least one instruction, whole metadata words.
  int64_t defaultK = (sparseInstr ? 1024 : 512) / bitsA;
  defaultK = std::max<int64_t>(defaultK, intr.k);
  if (spec.isCompressed())
    defaultK = std::max<int64_t>(defaultK, 32);
  // Wave tile: the largest register block within the VGPR budget.
  // 256 architectural VGPRs per lane, less a margin for addresses.
  constexpr int64_t kVgprBudget = 256;
  // A tile past any chip's registers and LDS; the cost model below walks
  // its rows (a tile-n of 2^31 ran for minutes).
  constexpr int64_t kMaxTile = 8192;
  for (auto [name, size] : {std::pair<StringRef, int64_t>{"tile-m", options.tileM},
                            {"tile-n", options.tileN},
                            {"tile-k", options.tileK}})
    if (size < 0 || size > kMaxTile)
      return op->emitError() << name << " = " << size
                             << " is out of range (0 for automatic, at most "
                             << kMaxTile << ")";
  std::optional<std::array<int64_t, 4>> staticSizes = getStaticSizes(spec);
  std::optional<RdnaWaveShape> rdnaShape =
      chooseRdnaWaveShape(spec, chip, options, cfg, staticSizes);
  SmallVector<std::pair<int64_t, int64_t>> waveTiles;
  if (rdnaShape) {
    cfg.wavesM = rdnaShape->wavesM;
    cfg.wavesN = rdnaShape->wavesN;
    waveTiles.push_back({rdnaShape->waveM, rdnaShape->waveN});
    if (rdnaShape->tileK)
      defaultK = rdnaShape->tileK;
  }
  if (options.tileM || options.tileN) {
    int64_t tm = options.tileM ? options.tileM : cfg.wavesM * 64;
    int64_t tn = options.tileN ? options.tileN : cfg.wavesN * 64;
    if (tm % cfg.wavesM || tn % cfg.wavesN)
      return op->emitError() << "tile " << tm << "x" << tn
                             << " does not split into " << cfg.wavesM << "x"
                             << cfg.wavesN << " waves";
    waveTiles.push_back({tm / cfg.wavesM, tn / cfg.wavesN});
  } else {
    if (large)
      waveTiles.push_back({large->waveM, large->waveN});
    for (auto t : {std::pair<int64_t, int64_t>{64, 64}, {64, 32}, {32, 64},
                   {32, 32}, {32, 16}, {16, 32}, {16, 16}})
      if (t.first % intr.m == 0 && t.second % intr.n == 0)
        waveTiles.push_back(t);
    if (waveTiles.empty())
      waveTiles.push_back({intr.m, intr.n});
    // RDNA (a work-group per WGP at least): a static problem of at least
    // kMinFillMacs multiply-adds whose default tiles leave WGPs idle takes
    // the largest wave tile that
    // gives every WGP one (gfx1100 f16 128x4096x4096: 32 tiles of 128x128
    // on 48 WGPs, 64 of 128x64; predicted 62.6 -> 55.0 us; the tuner finds
    // 42 us with 64x64x64). CDNA splits K instead (TileMatmulSplitK.cpp).
    const ChipOccupancyInfo &occ = getChipOccupancyInfo(chip.chip);
    if (!chip.hasMfma && occ.cusPerWgp && staticSizes && !large &&
        !rdnaShape && !options.wavesM && !options.wavesN) {
      int64_t batch = (*staticSizes)[0], m = (*staticSizes)[1],
              n = (*staticSizes)[2], k = (*staticSizes)[3];
      int64_t units = m * n * k >= kMinFillMacs
                          ? computeUnitsOf(chip.chip) / occ.cusPerWgp
                          : 0;
      auto workgroups = [&](std::pair<int64_t, int64_t> t) {
        return std::max<int64_t>(1, batch) *
               ceilDiv(m, t.first * cfg.wavesM) *
               ceilDiv(n, t.second * cfg.wavesN);
      };
      while (waveTiles.size() > 1 && workgroups(waveTiles.front()) < units)
        waveTiles.erase(waveTiles.begin());
    }
  }
  // The largest register block that fits, with the default K tile or, if
  // the fragments of its K steps do not fit, a shorter one (down to 32
  // bytes of A per row).
  int64_t minK = std::max<int64_t>({intr.k, 256 / bitsA, spec.isCompressed() ? 32 : 0});
  for (auto [wm, wn] : waveTiles) {
    cfg.tileM = wm * cfg.wavesM;
    cfg.tileN = wn * cfg.wavesN;
    cfg.tileK = options.tileK ? options.tileK : defaultK;
    computeCosts(cfg, spec);
    while (!options.tileK && cfg.estimatedVgprs > kVgprBudget &&
           cfg.tileK / 2 >= minK && (cfg.tileK / 2) % intr.k == 0) {
      cfg.tileK /= 2;
      computeCosts(cfg, spec);
    }
    if (cfg.estimatedVgprs <= kVgprBudget)
      break;
  }
  // Shrink the default K tile until LDS fits.
  while (!options.tileK && cfg.ldsBytes > chip.ldsBytes &&
         cfg.tileK / 2 >= intr.k && (!spec.isCompressed() || cfg.tileK / 2 >= 32)) {
    cfg.tileK /= 2;
    computeCosts(cfg, spec);
  }

  // CDNA's eight-wave tiles (one work-group per CU): the longest K tile
  // whose two stages fit the chip's LDS, for at least six K tiles. Fewer
  // iterations, barriers and loop overheads per MFMA: on gfx950's 160 KiB,
  // f16 dense 256 x 256 takes K 64 (98.0% -> 98.5% of peak at 4096^3),
  // 256 x 128 takes K 64 (2048x4096x4096: 86.5% -> 97.6%) and 2:4's 256 x
  // 128 takes K 128 (4096x2048x4096 60.8% -> 72.7%). On gfx942's 64 KiB
  // none grows.
  if (large && !options.tileK && cfg.stages == 2 &&
      cfg.wavesM * cfg.wavesN >=
          2 * int64_t(getChipOccupancyInfo(chip.chip).simdsPerCU)) {
    while (true) {
      MatmulTileConfig longer = cfg;
      longer.tileK *= 2;
      computeCosts(longer, spec);
      if (longer.ldsBytes > chip.ldsBytes ||
          longer.estimatedVgprs > kVgprBudget || !staticSizes ||
          6 * longer.tileK > (*staticSizes)[3])
        break;
      cfg = longer;
    }
  }

  if (options.ldsPadBytes < 0 && cfg.tileK > 0 &&
      cfg.getWaveTileM() % intr.m == 0 && cfg.getWaveTileN() % intr.n == 0 &&
      cfg.tileK % intr.k == 0) {
    chooseLdsPadding(cfg, spec, chip.chip);
    if (options.ldsPadBytesB >= 0)
      cfg.ldsPadBytesB = options.ldsPadBytesB;
    computeCosts(cfg, spec);
  }

  if (cfg.getWaveTileM() % intr.m || cfg.getWaveTileN() % intr.n ||
      cfg.getWaveTileM() <= 0 || cfg.getWaveTileN() <= 0)
    return op->emitError() << "tile " << cfg.tileM << "x" << cfg.tileN
                           << " with " << cfg.wavesM << "x" << cfg.wavesN
                           << " waves gives wave tiles of "
                           << cfg.getWaveTileM() << "x" << cfg.getWaveTileN()
                           << ", not a multiple of " << intr.name << "'s "
                           << intr.m << "x" << intr.n;
  if (cfg.tileK <= 0 || cfg.tileK % intr.k)
    return op->emitError() << "tile-k " << cfg.tileK
                           << " must be a multiple of " << intr.name
                           << "'s K = " << intr.k;
  if (spec.isCompressed() && cfg.tileK % 32)
    return op->emitError() << "tile-k " << cfg.tileK
                           << " must be a multiple of 32 for a 2:4-sparse "
                              "operand (whole metadata words)";
  if (cfg.ldsBytes > chip.ldsBytes)
    return op->emitError() << cfg.describe() << " needs " << cfg.ldsBytes
                           << " B of LDS; " << chip.name << " has "
                           << chip.ldsBytes;
  return success();
}

FailureOr<SmallVector<const IntrinsicInfo *>>
mlir::mcore::getMatmulIntrinsicCandidates(Operation *op,
                                          const MatmulTilingOptions &options) {
  FailureOr<MatmulSpec> opSpec = getMatmulSpec(op);
  if (failed(opSpec))
    return failure();
  // The product computed: the op's, or its swap.
  std::optional<MatmulSpec> spec =
      options.swapOperands == "always" ? opSpec->swapped() : *opSpec;
  SmallVector<ScalarKind> accKinds =
      accumulatorKinds(spec->kc, options.wideAccumulator);
  // As chooseInstruction: mixed signs fall back to signed-only instructions.
  bool offsetSign = canOffsetSign(*spec, true) || canOffsetSign(*spec, false);
  auto candidates = [&](bool sparse) {
    SmallVector<const IntrinsicInfo *> found =
        candidateIntrinsics(options.chip, *spec, sparse, accKinds);
    if (found.empty() && offsetSign)
      found = candidateIntrinsics(options.chip, *spec, sparse, accKinds,
                                  /*signedOnly=*/true);
    return found;
  };
  if (spec->sparse) {
    SmallVector<const IntrinsicInfo *> sparse = candidates(/*sparse=*/true);
    if (!sparse.empty())
      return sparse;
  }
  return candidates(/*sparse=*/false);
}

FailureOr<MatmulTileConfig>
tilematmul::configureSpec(const MatmulSpec &spec,
                          const MatmulTilingOptions &options, bool remarks) {
  const ChipInfo &chip = getChipInfo(options.chip);
  MatmulTileConfig cfg;
  cfg.waveSize = chip.waveSize;
  cfg.swapOperands = spec.isSwapped ? "always" : "never";
  if (failed(chooseInstruction(spec.op, spec, chip, options, remarks, cfg)))
    return failure();
  // A skinny matmul gets a one-instruction-high tile unless the tiles are
  // forced (TileMatmulSplitK.cpp).
  MatmulTilingOptions tiling = options;
  bool skinny = applySkinnyTiles(spec, cfg, tiling);
  if (failed(chooseTiles(spec.op, spec, chip, tiling, cfg)) ||
      failed(chooseSplitK(spec, tiling, skinny, cfg)))
    return failure();
  return cfg;
}
