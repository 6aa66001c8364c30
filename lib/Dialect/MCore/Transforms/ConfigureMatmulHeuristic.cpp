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

void tilematmul::computeCosts(MatmulTileConfig &cfg, const MatmulSpec &spec) {
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

/// The register estimate's budget (computeCosts): 256 architectural VGPRs
/// per lane, less a margin for addresses.
static constexpr int64_t kVgprBudget = 256;

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

/// f32-precision=tf32, or a forced xf32 intrinsic (what mcore-configure-
/// matmul stamps on the op for mcore-tile-matmul): f32 A and B are read as
/// xf32 (the instruction truncates them), so only xf32 instructions compute
/// the product.
static void applyF32Precision(MatmulSpec &spec,
                              const MatmulTilingOptions &options) {
  const IntrinsicInfo *forced = options.intrinsicName.empty()
                                    ? nullptr
                                    : lookupIntrinsic(options.intrinsicName);
  bool xf32 = options.f32Precision == "tf32" ||
              (forced && forced->a.kind == ScalarKind::XF32);
  if (xf32 && spec.ka == ScalarKind::F32 && spec.kb == ScalarKind::F32)
    spec.ka = spec.kb = ScalarKind::XF32;
}

/// The instruction: sparse for compressed A when the chip has one,
/// otherwise dense (for sparse A: the fallback that decompresses it). Sets
/// cfg.intrinsic, sparseInstruction, decompressA and accElementType.
static LogicalResult chooseInstruction(Operation *op,
                                       const MatmulSpec &given,
                                       const ChipInfo &chip,
                                       const MatmulTilingOptions &options,
                                       bool remarks, MatmulTileConfig &cfg) {
  MLIRContext *ctx = op->getContext();
  if (options.f32Precision != "ieee" && options.f32Precision != "tf32")
    return op->emitError() << "f32-precision must be ieee or tf32, got '"
                           << options.f32Precision << "'";
  MatmulSpec spec = given;
  applyF32Precision(spec, options);
  if (spec.ka == ScalarKind::XF32 &&
      selectIntrinsics(chip.chip, {ScalarKind::XF32, ScalarKind::XF32,
                                   ScalarKind::F32})
          .empty())
    return op->emitError()
           << describeOp(spec) << " of " << describeTypes(spec)
           << ": f32-precision=tf32 needs an xf32 matrix instruction, and "
           << chip.name << " has none; " << chip.name << " supports "
           << llvm::join(describeSupportedTypes(chip.chip, false), ", ");
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
    if (forced->blocks > 1) {
      diag << ": it computes " << forced->blocks << " independent "
           << forced->m << "x" << forced->n
           << " blocks, and mcore's kernels tile with single-block "
              "instructions";
      return diag;
    }
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
    return op->emitError("stages must be 0 (automatic), 1 (one LDS buffer) "
                         "or 2 (double buffering), got ")
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
  std::optional<std::pair<int64_t, int64_t>> fewTilesCdna;
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
    // RDNA3: a static problem of at least kMinFillMacs multiply-adds whose
    // default tiles give fewer than kRdnaFillWorkgroupsPerCU work-groups per
    // CU takes the largest wave tile, down to 32 x 32, that gives that many,
    // or the smallest. A four-wave work-group puts one wave on each SIMD of
    // its WGP, so a WGP of fewer than four runs its WMMA loops at fewer than
    // four waves per SIMD, bound by their latency (gfx1100 f16, predicted:
    // 128x4096x4096 on 96 CUs, 32 work-groups of 128 x 128 68.6, 64 of 128 x
    // 64 78.1, 128 of 64 x 64 101.4 TFLOP/s, the tuner's best 102.4;
    // 128x14336x4096 112 of 128 x 128 at K 16 91.9, 224 of 128 x 64 106.8,
    // the tuner's 108.4). Smaller wave tiles lose more to their LDS reads
    // than they gain (the 2:4 A expanded for WMMA: 64 x 32 66.3, 64 x 64
    // 80.5). RDNA4 only fills its WGPs with one work-group each: its
    // M = 128 rows are bound by B's bandwidth whatever the tile (gfx1201 f16
    // 128x4096x4096 70.8 TFLOP/s with 128 x 128, 64 x 64 or 64 x 32, the
    // tuner's best). CDNA halves its tiles and splits K instead (below).
    const ChipOccupancyInfo &occ = getChipOccupancyInfo(chip.chip);
    if (!chip.hasMfma && occ.cusPerWgp && staticSizes && !large &&
        !rdnaShape && !options.wavesM && !options.wavesN) {
      int64_t batch = (*staticSizes)[0], m = (*staticSizes)[1],
              n = (*staticSizes)[2], k = (*staticSizes)[3];
      int64_t wanted =
          m * n * k < kMinFillMacs ? 0
          : chip.family == ChipFamily::RDNA3
              ? kRdnaFillWorkgroupsPerCU * computeUnitsOf(chip.chip)
              : computeUnitsOf(chip.chip) / occ.cusPerWgp;
      auto workgroups = [&](std::pair<int64_t, int64_t> t) {
        return countWorkgroups(batch, m, n, t.first * cfg.wavesM,
                               t.second * cfg.wavesN);
      };
      auto smallest = [](std::pair<int64_t, int64_t> t) {
        return t.first <= 32 && t.second <= 32;
      };
      while (waveTiles.size() > 1 && !smallest(waveTiles.front()) &&
             workgroups(waveTiles.front()) < wanted)
        waveTiles.erase(waveTiles.begin());
    }
    // CDNA: the halved tile of a problem with few work-groups
    // (ConfigureMatmulShapes.cpp); K is split for the CUs still idle.
    if (!large && !rdnaShape)
      if (std::optional<std::pair<int64_t, int64_t>> t =
              chooseFewTilesCdnaWaveTile(spec, chip, options, cfg,
                                         staticSizes, waveTiles.front())) {
        fewTilesCdna = t;
        waveTiles.insert(waveTiles.begin(), *t);
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
    // An RDNA wave shape's K tile is the tuner's, compiled without spills
    // where the estimate (which counts every K step's fragments live)
    // exceeds the budget (gfx1100 i8 2:4 128x256x64).
    bool shapeK = rdnaShape && rdnaShape->tileK && !options.tileK &&
                  wm == rdnaShape->waveM && wn == rdnaShape->waveN;
    while (!options.tileK && !shapeK && cfg.estimatedVgprs > kVgprBudget &&
           cfg.tileK / 2 >= minK && (cfg.tileK / 2) % intr.k == 0) {
      cfg.tileK /= 2;
      computeCosts(cfg, spec);
    }
    if (cfg.estimatedVgprs <= kVgprBudget || shapeK)
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

  if (fewTilesCdna && !options.tileK && cfg.stages == 2 &&
      *fewTilesCdna == std::pair(cfg.getWaveTileM(), cfg.getWaveTileN()))
    lengthenFewTilesK(cfg, spec, chip, options, (*staticSizes)[3],
                      kVgprBudget);

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
  applyF32Precision(*spec, options);
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
  if (failed(chooseTiles(spec.op, spec, chip, tiling, cfg)))
    return failure();
  // Skinny kernels (latency-bound): the longest K tile, as for CDNA's few
  // work-groups (ConfigureMatmulShapes.cpp).
  std::optional<std::array<int64_t, 4>> sizes = getStaticSizes(spec);
  if (skinny && sizes && !options.tileK && !options.tileM &&
      !options.tileN && !options.wavesM && !options.wavesN && cfg.stages == 2)
    lengthenFewTilesK(cfg, spec, chip, tiling, (*sizes)[3], kVgprBudget);
  if (failed(chooseSplitK(spec, tiling, skinny, cfg)))
    return failure();
  return cfg;
}
