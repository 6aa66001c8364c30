//===- TileMatmul.cpp - linalg.matmul to a matrix-core GPU kernel ---------===//
//
// mcore-tile-matmul turns a linalg.matmul (or mcore.sparse_matmul) on
// memrefs into a gpu.launch whose waves compute with whole-tile mcore.mma /
// mcore.sparse_mma ops (the contract of mcore-distribute, docs/Pipeline.md):
//
//   1. work-group tiling through the TilingInterface: scf::tileUsingSCF with
//      an scf.forall over (M, N) tiles, mapped to #gpu.block<y>/<x> and
//      turned into the launch grid (dynamic sizes allowed);
//   2. inside the work-group, a software-pipelined K loop:
//        prologue   global -> registers -> LDS buffer 0, barrier
//        iteration  prefetch the next K tile into registers (128-bit loads;
//                   branch-free, the last iteration reloads the last tile)
//                   waves compute from LDS buffer `cur`
//                   registers -> LDS buffer `1 - cur`, barrier
//      A is staged M-major and B N-major (an operand stored K-major, B or
//      a K x M A, is transposed in registers) so that every fragment
//      read from LDS is contiguous along K; rows are padded against bank
//      conflicts. Edge tiles take a masked path (zero fill), chosen per
//      iteration by a uniform branch, so full tiles pay nothing;
//   3. per wave, a register block of tilesM x tilesN intrinsic tiles whose
//      accumulators are carried through the K loop as iter_args; A, B (and
//      the sparse index) are read per intrinsic tile from LDS with
//      vector.transfer_read / mcore.load_sparse_index;
//   4. the epilogue writes C tiles with vector.transfer_write (in_bounds
//      false at edges, so nothing outside C is written).
//
// The per-wave part is straight-line code over constant offsets; the only
// loop written here is the pipelined K loop, which tiling interfaces do not
// produce.
//
//===----------------------------------------------------------------------===//

#include "mcore/Dialect/MCore/IR/MCoreOps.h"
#include "mcore/Dialect/MCore/Transforms/Passes.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"
#include "mcore/Target/Sparsity.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/PatternMatch.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::mcore {
#define GEN_PASS_DEF_MCORETILEMATMULPASS
#include "mcore/Dialect/MCore/Transforms/Passes.h.inc"
} // namespace mlir::mcore

using namespace mlir;
using namespace mlir::mcore;

//===----------------------------------------------------------------------===//
// What the op computes
//===----------------------------------------------------------------------===//

namespace {

/// The operands of a matmul, read off a linalg.matmul or mcore.sparse_matmul
/// on memrefs.
struct MatmulSpec {
  Operation *op = nullptr;
  bool sparse = false;   ///< A is compressed: `a` = values, `meta` = metadata
  bool transposeA = false; ///< A is stored K x M
  bool transposeB = false; ///< B is stored N x K
  Value a, meta, b, c;
  bool unsignedA = false, unsignedB = false;
  Type aElem, bElem, cElem;
  ScalarKind ka, kb, kc;
  Fp8Format fp8A = Fp8Format::None, fp8B = Fp8Format::None;
};

} // namespace

static StringRef describeOp(const MatmulSpec &spec) {
  return spec.sparse ? "mcore.sparse_matmul" : "linalg.matmul";
}

static std::string describeTypes(const MatmulSpec &spec) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << spec.aElem << " x " << spec.bElem << " -> " << spec.cElem;
  return s;
}

static FailureOr<MatmulSpec> getMatmulSpec(Operation *op) {
  MatmulSpec spec;
  spec.op = op;
  if (auto mm = dyn_cast<linalg::MatmulOp>(op)) {
    if (!mm.hasPureBufferSemantics())
      return op->emitError("mcore-tile-matmul works on memrefs; bufferize "
                           "tensors first (the mcore pipeline does)");
    spec.a = mm.getDpsInputs()[0];
    spec.b = mm.getDpsInputs()[1];
    spec.c = mm.getDpsInits()[0];
    if (mm.hasUserDefinedMaps()) {
      MLIRContext *ctx = op->getContext();
      AffineExpr m, n, k;
      bindDims(ctx, m, n, k);
      SmallVector<AffineMap> maps = mm.getIndexingMapsArray();
      auto map = [&](ArrayRef<AffineExpr> e) {
        return AffineMap::get(3, 0, e, ctx);
      };
      if (maps.size() != 3 ||
          (maps[0] != map({m, k}) && maps[0] != map({k, m})) ||
          maps[2] != map({m, n}) ||
          (maps[1] != map({k, n}) && maps[1] != map({n, k})))
        return op->emitError("mcore-tile-matmul supports linalg.matmul with "
                             "the default indexing maps, a transposed A "
                             "((m, n, k) -> (k, m)) and/or a transposed B "
                             "((m, n, k) -> (n, k)); got other maps");
      spec.transposeA = maps[0] == map({k, m});
      spec.transposeB = maps[1] == map({n, k});
    }
    // cast_unsigned zero-extends integers; floats extend as usual.
    bool castUnsigned = mm.getCast() == linalg::TypeFn::cast_unsigned;
    spec.unsignedA = castUnsigned && isa<IntegerType>(
        cast<MemRefType>(spec.a.getType()).getElementType());
    spec.unsignedB = castUnsigned && isa<IntegerType>(
        cast<MemRefType>(spec.b.getType()).getElementType());
  } else if (auto sm = dyn_cast<SparseMatmulOp>(op)) {
    if (!isa<MemRefType>(sm.getC().getType()))
      return op->emitError("mcore-tile-matmul works on memrefs; bufferize "
                           "tensors first (the mcore pipeline does)");
    spec.sparse = true;
    spec.a = sm.getValues();
    spec.meta = sm.getMetadata();
    spec.b = sm.getB();
    spec.c = sm.getC();
    spec.unsignedA = sm.getUnsignedA();
    spec.unsignedB = sm.getUnsignedB();
  } else {
    return op->emitError("expected linalg.matmul or mcore.sparse_matmul");
  }
  for (Value v : {spec.a, spec.b, spec.c, spec.meta}) {
    if (!v)
      continue;
    auto type = cast<MemRefType>(v.getType());
    if (type.getRank() != 2)
      return op->emitError("operands must be 2-D memrefs");
    // Rows are read with vector loads: elements of a row must be adjacent.
    if (!type.isLastDimUnitStride())
      return op->emitError("mcore-tile-matmul needs operands whose rows are "
                           "contiguous (unit stride in the last dimension); "
                           "got ")
             << type;
  }
  spec.aElem = cast<MemRefType>(spec.a.getType()).getElementType();
  spec.bElem = cast<MemRefType>(spec.b.getType()).getElementType();
  spec.cElem = cast<MemRefType>(spec.c.getType()).getElementType();
  std::optional<ScalarKind> ka = getScalarKind(spec.aElem, &spec.fp8A);
  std::optional<ScalarKind> kb = getScalarKind(spec.bElem, &spec.fp8B);
  std::optional<ScalarKind> kc = getScalarKind(spec.cElem);
  if (!ka || !kb || !kc || *kc == ScalarKind::FP8 || *kc == ScalarKind::BF8 ||
      *kc == ScalarKind::I8 || *kc == ScalarKind::I4 ||
      *ka == ScalarKind::F32 || *ka == ScalarKind::I32 ||
      *kb == ScalarKind::F32 || *kb == ScalarKind::I32)
    return op->emitError()
           << describeOp(spec) << " of " << describeTypes(spec)
           << ": matrix instructions read f16, bf16, fp8, bf8, i8 or i4 A/B "
              "and accumulate into f32, f16, bf16 or i32";
  spec.ka = *ka;
  spec.kb = *kb;
  spec.kc = *kc;
  return spec;
}

//===----------------------------------------------------------------------===//
// Configuration
//===----------------------------------------------------------------------===//

std::string MatmulTileConfig::describe() const {
  return llvm::formatv("{0}x{1}x{2} tile, {3}x{4} waves of {5}, {6}x{7} x {8}"
                       "{9}, {10} stage{11}",
                       tileM, tileN, tileK, wavesM, wavesN, waveSize,
                       getTilesM(), getTilesN(), intrinsic->name,
                       decompressA ? " (A decompressed)" : "", stages,
                       stages == 1 ? "" : "s")
      .str();
}

/// 32-bit registers per lane of one fragment.
static int64_t fragmentRegs(const FragmentInfo &f) {
  return (int64_t(f.getVectorLength()) * f.getSlotBits() + 31) / 32;
}

static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

/// Bits an element takes in global memory and in the registers staging
/// loads fill: a memref of i4 holds one element per byte.
static int64_t storageBits(ScalarKind kind) {
  return std::max<int64_t>(8, getBitWidth(kind));
}

/// LDS bytes and register estimate of a configuration. LDS holds i4 packed,
/// two per byte.
static void computeCosts(MatmulTileConfig &cfg, const MatmulSpec &spec) {
  const IntrinsicInfo &intr = *cfg.intrinsic;
  int64_t bitsA = getBitWidth(spec.ka), bitsB = getBitWidth(spec.kb);
  // A in LDS: dense K columns, or compressed K / 2 for sparse instructions.
  int64_t ldsColsA = cfg.sparseInstruction ? cfg.tileK / 2 : cfg.tileK;
  int64_t padA = cfg.ldsPadBytes * 8 / bitsA, padB = cfg.ldsPadBytes * 8 / bitsB;
  int64_t a = cfg.tileM * (ldsColsA + padA) * bitsA / 8;
  int64_t b = cfg.tileN * (cfg.tileK + padB) * bitsB / 8;
  int64_t meta = cfg.sparseInstruction ? cfg.tileM * (cfg.tileK / 32) * 4 : 0;
  cfg.ldsBytes = cfg.stages * (a + b + meta);

  int64_t threads = cfg.getNumThreads();
  int64_t acc = cfg.getTilesM() * cfg.getTilesN() * fragmentRegs(intr.c);
  // The backend issues all LDS reads of a K tile before its first MMA, so
  // the fragments of every K step are live at once.
  int64_t kSteps = std::max<int64_t>(1, cfg.tileK / intr.k);
  int64_t frags = kSteps * (cfg.getTilesM() * (fragmentRegs(intr.a) +
                                               (intr.isSparse() ? 1 : 0)) +
                            cfg.getTilesN() * fragmentRegs(intr.b));
  // Global bits staged per thread (compressed A when decompressing).
  int64_t globalColsA = spec.sparse ? cfg.tileK / 2 : cfg.tileK;
  int64_t staged = ceilDiv(cfg.tileM * globalColsA * storageBits(spec.ka) +
                               cfg.tileN * cfg.tileK * storageBits(spec.kb) +
                               (spec.sparse ? cfg.tileM * cfg.tileK : 0),
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
static SmallVector<const IntrinsicInfo *>
candidateIntrinsics(Chip chip, const MatmulSpec &spec, bool sparse,
                    ArrayRef<ScalarKind> accKinds) {
  SmallVector<const IntrinsicInfo *> result;
  for (ScalarKind acc : accKinds)
    for (const IntrinsicInfo *info :
         selectIntrinsics(chip, {spec.ka, spec.kb, acc, sparse})) {
      if ((spec.unsignedA || spec.unsignedB) &&
          !info->hasModifier(ModSignedness))
        continue;
      result.push_back(info);
    }
  return result;
}

FailureOr<MatmulTileConfig>
mlir::mcore::getMatmulTileConfig(Operation *op,
                                 const MatmulTilingOptions &options) {
  FailureOr<MatmulSpec> maybeSpec = getMatmulSpec(op);
  if (failed(maybeSpec))
    return failure();
  const MatmulSpec &spec = *maybeSpec;
  const ChipInfo &chip = getChipInfo(options.chip);
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

  MatmulTileConfig cfg;
  cfg.waveSize = chip.waveSize;
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
         << (spec.unsignedA || spec.unsignedB ? " (unsigned)" : "")
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

  const IntrinsicInfo *forced = nullptr;
  if (!options.intrinsic.empty()) {
    forced = lookupIntrinsic(options.intrinsic);
    if (!forced) {
      InFlightDiagnostic diag = op->emitError()
                                << "unknown intrinsic '" << options.intrinsic
                                << "'";
      std::vector<StringRef> near = suggestIntrinsics(options.intrinsic);
      if (!near.empty())
        diag << "; did you mean " << llvm::join(near, ", ") << "?";
      return diag;
    }
    if (!forced->isAvailableOn(chip.chip))
      return op->emitError() << forced->name << " needs "
                             << forced->chips.describe() << "; the target is "
                             << chip.name;
  }

  bool sparseInstr = false;
  const IntrinsicInfo *chosen = nullptr;
  if (spec.sparse) {
    SmallVector<const IntrinsicInfo *> sparseCands =
        candidateIntrinsics(chip.chip, spec, /*sparse=*/true, accKinds);
    if (forced && forced->isSparse()) {
      if (!llvm::is_contained(sparseCands, forced))
        return op->emitError()
               << forced->name << " does not compute " << describeTypes(spec);
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
  if (!chosen) {
    SmallVector<const IntrinsicInfo *> denseCands =
        candidateIntrinsics(chip.chip, spec, /*sparse=*/false, accKinds);
    if (forced) {
      if (forced->isSparse())
        return op->emitError() << forced->name
                               << " is a sparse instruction; A is dense";
      if (!llvm::is_contained(denseCands, forced))
        return op->emitError()
               << forced->name << " does not compute " << describeTypes(spec);
      chosen = forced;
    } else if (!denseCands.empty()) {
      chosen = denseCands.front();
    } else {
      return noInstruction(/*sparse=*/false);
    }
    if (cfg.decompressA)
      op->emitRemark() << "2:4-sparse A: " << chip.name << " has no sparse "
                       << "matrix instruction for " << describeTypes(spec)
                       << "; decompressing A in the kernel and using "
                       << chosen->name;
  }
  cfg.intrinsic = chosen;
  cfg.sparseInstruction = sparseInstr;
  cfg.accElementType = getMLIRType(ctx, chosen->c.kind, chip.fp8);
  const IntrinsicInfo &intr = *chosen;

  // Tiles.
  cfg.stages = options.stages;
  if (cfg.stages != 1 && cfg.stages != 2)
    return op->emitError("stages must be 1 (one LDS buffer) or 2 (double "
                         "buffering), got ")
           << cfg.stages;
  if (options.ldsPadBytes < -1)
    return op->emitError("lds-padding must be -1 (automatic: 16 bytes) or a "
                         "number of bytes, got ")
           << options.ldsPadBytes;
  cfg.ldsPadBytes = options.ldsPadBytes < 0 ? 16 : options.ldsPadBytes;
  cfg.schedBarriers = options.schedBarriers;
  cfg.groupM = options.groupM;
  if (cfg.groupM < 1)
    return op->emitError("group-m must be at least 1, got ") << cfg.groupM;
  int64_t bitsA = getBitWidth(spec.ka);
  if ((cfg.ldsPadBytes * 8) % bitsA != 0 ||
      (cfg.ldsPadBytes * 8) % getBitWidth(spec.kb) != 0 ||
      cfg.ldsPadBytes % 4 != 0)
    return op->emitError("lds-padding must be a multiple of 4 bytes, got ")
           << cfg.ldsPadBytes;
  cfg.wavesM = options.wavesM ? options.wavesM : 2;
  cfg.wavesN = options.wavesN ? options.wavesN : 2;
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
  if (spec.sparse)
    defaultK = std::max<int64_t>(defaultK, 32);
  // Wave tile: the largest register block within the VGPR budget.
  // 256 architectural VGPRs per lane, less a margin for addresses.
  constexpr int64_t kVgprBudget = 256;
  SmallVector<std::pair<int64_t, int64_t>> waveTiles;
  if (options.tileM || options.tileN) {
    int64_t tm = options.tileM ? options.tileM : cfg.wavesM * 64;
    int64_t tn = options.tileN ? options.tileN : cfg.wavesN * 64;
    if (tm % cfg.wavesM || tn % cfg.wavesN)
      return op->emitError() << "tile " << tm << "x" << tn
                             << " does not split into " << cfg.wavesM << "x"
                             << cfg.wavesN << " waves";
    waveTiles.push_back({tm / cfg.wavesM, tn / cfg.wavesN});
  } else {
    for (auto t : {std::pair<int64_t, int64_t>{64, 64}, {64, 32}, {32, 64},
                   {32, 32}, {32, 16}, {16, 32}, {16, 16}})
      if (t.first % intr.m == 0 && t.second % intr.n == 0)
        waveTiles.push_back(t);
    if (waveTiles.empty())
      waveTiles.push_back({intr.m, intr.n});
  }
  // The largest register block that fits, with the default K tile or, if
  // the fragments of its K steps do not fit, a shorter one (down to 32
  // bytes of A per row).
  int64_t minK = std::max<int64_t>({intr.k, 256 / bitsA, spec.sparse ? 32 : 0});
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
         cfg.tileK / 2 >= intr.k && (!spec.sparse || cfg.tileK / 2 >= 32)) {
    cfg.tileK /= 2;
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
  if (spec.sparse && cfg.tileK % 32)
    return op->emitError() << "tile-k " << cfg.tileK
                           << " must be a multiple of 32 for 2:4-sparse A "
                              "(whole metadata words)";
  if (cfg.ldsBytes > chip.ldsBytes)
    return op->emitError() << cfg.describe() << " needs " << cfg.ldsBytes
                           << " B of LDS; " << chip.name << " has "
                           << chip.ldsBytes;
  return cfg;
}

//===----------------------------------------------------------------------===//
// Work-group tiling: TilingInterface -> scf.forall -> gpu.launch
//===----------------------------------------------------------------------===//

/// Maps the (M, N) scf.forall produced by tiling to a gpu.launch with
/// `threads` threads per block. The trip counts may be dynamic. With
/// `groupM` > 1 the work-groups are swizzled for L2 reuse: the hardware
/// dispatches them in linear order (block.x fastest), and consecutive ones
/// walk a column of `groupM` tiles of M before moving along N, so a group
/// shares its B tiles and its A rows while they are in the cache.
static gpu::LaunchOp forallToLaunch(RewriterBase &rewriter,
                                    scf::ForallOp forall, int64_t threads,
                                    TypeRange workgroupBuffers,
                                    int64_t groupM) {
  Location loc = forall.getLoc();
  rewriter.setInsertionPoint(forall);
  AffineExpr lb, ub;
  bindSymbols(rewriter.getContext(), lb, ub);
  // Tiling with constant tile sizes gives constant steps.
  SmallVector<int64_t> steps =
      llvm::map_to_vector(forall.getMixedStep(), [](OpFoldResult s) {
        return *getConstantIntValue(s);
      });
  SmallVector<Value> counts;
  for (auto [l, u, s] : llvm::zip(forall.getMixedLowerBound(),
                                  forall.getMixedUpperBound(), steps))
    counts.push_back(affine::makeComposedAffineApply(
        rewriter, loc, (ub - lb).ceilDiv(s), {l, u}));
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  Value numThreads = arith::ConstantIndexOp::create(rewriter, loc, threads);
  auto launch = gpu::LaunchOp::create(
      rewriter, loc, /*gridX=*/counts[1], /*gridY=*/counts[0], one,
      numThreads, one, one, /*dynamicSharedMemorySize=*/nullptr,
      /*asyncTokenType=*/nullptr, /*asyncDependencies=*/{},
      workgroupBuffers);
  Block *body = &launch.getBody().front();
  rewriter.setInsertionPointToStart(body);
  gpu::KernelDim3 blockIds = launch.getBlockIds();
  // The grid's extents as computed on the host (constants when static, else
  // kernel arguments): gpu.grid_dim would lower to a call into ROCm's device
  // library (__ockl_get_num_groups), which the pipeline does not link.
  Value gridX = counts[1], gridY = counts[0];
  // The tile indices (M, N) of this work-group.
  Value tileM = blockIds.y, tileN = blockIds.x;
  std::optional<int64_t> staticTilesM = getConstantIntValue(counts[0]);
  if (groupM > 1 && (!staticTilesM || *staticTilesM > 1)) {
    ImplicitLocOpBuilder b(loc, rewriter);
    Value gm = arith::ConstantIndexOp::create(b, groupM);
    Value linear = arith::AddIOp::create(
        b, arith::MulIOp::create(b, blockIds.y, gridX), blockIds.x);
    Value perGroup = arith::MulIOp::create(b, gm, gridX);
    Value group = arith::DivUIOp::create(b, linear, perGroup);
    Value firstM = arith::MulIOp::create(b, group, gm);
    Value sizeM = arith::MinUIOp::create(
        b, arith::SubIOp::create(b, gridY, firstM), gm);
    Value inGroup = arith::RemUIOp::create(b, linear, perGroup);
    tileM = arith::AddIOp::create(b, firstM,
                                  arith::RemUIOp::create(b, inGroup, sizeM));
    tileN = arith::DivUIOp::create(b, inGroup, sizeM);
  }
  SmallVector<Value> ivs;
  for (auto [dim, id] : llvm::enumerate(std::array<Value, 2>{tileM, tileN})) {
    OpFoldResult l = forall.getMixedLowerBound()[dim];
    ivs.push_back(affine::makeComposedAffineApply(
        rewriter, loc, lb + ub * steps[dim], {l, id}));
  }
  Block *forallBody = forall.getBody();
  rewriter.eraseOp(forallBody->getTerminator());
  rewriter.inlineBlockBefore(forallBody, body, body->end(), ivs);
  rewriter.setInsertionPointToEnd(body);
  gpu::TerminatorOp::create(rewriter, loc);
  rewriter.eraseOp(forall);
  return launch;
}

/// The base memref and offsets of a subview with unit strides, or (v, 0, 0).
static std::pair<Value, SmallVector<OpFoldResult>> getBase(Value v,
                                                           OpBuilder &b) {
  if (auto sv = v.getDefiningOp<memref::SubViewOp>())
    if (sv.hasUnitStride())
      return {sv.getSource(), sv.getMixedOffsets()};
  return {v, {b.getIndexAttr(0), b.getIndexAttr(0)}};
}

//===----------------------------------------------------------------------===//
// The kernel body
//===----------------------------------------------------------------------===//

namespace {

/// One staged operand: a tile of `rows x cols` elements of a row-major global
/// matrix, copied into an LDS buffer with `ldsRowsPerStage` rows per stage.
/// Each thread moves `vec`-element chunks (128 bits where the tile allows).
struct StagedOperand {
  Value global;          ///< rank-2 memref
  Value lds;             ///< rank-2 workgroup memref, stages * ldsRows rows
  int64_t rows, cols, vec;
  int64_t ldsRows;       ///< rows per stage in LDS
  Value rowBound, colBound; ///< global extents
  bool transpose = false;   ///< LDS holds the tile transposed (B: N-major)
  int64_t kPer = 1;         ///< transpose: k rows per thread block
  bool decompress = false;  ///< compressed values expanded into dense LDS
  Value meta;               ///< decompress: the global metadata
  Value metaCols;           ///< decompress: metadata words per row
  bool staticFull = false;  ///< tiles never cross the matrix edge
  /// Sub-byte (i4) elements: one per byte in global memory and in the
  /// staging registers (vector<vec x i4> loads), two per byte in LDS (an i8
  /// buffer; element 2j in the low nibble of byte j, columns halved).
  bool pack = false;
};

class KernelEmitter {
public:
  KernelEmitter(ImplicitLocOpBuilder &b, const MatmulSpec &spec,
                const MatmulTileConfig &cfg, const IntrinsicInfo &intr)
      : b(b), spec(spec), cfg(cfg), intr(intr) {}

  LogicalResult emit(gpu::LaunchOp launch, Value i0, Value j0,
                     std::optional<Attribute> fillValue);

private:
  Value idx(int64_t v) { return arith::ConstantIndexOp::create(b, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, x, y); }
  Value add(Value x, int64_t y) { return y ? add(x, idx(y)) : x; }
  Value mul(Value x, int64_t y) {
    return y == 1 ? x : arith::MulIOp::create(b, x, idx(y)).getResult();
  }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, p, x, y);
  }
  Value land(Value x, Value y) { return arith::AndIOp::create(b, x, y); }
  Value dim(Value memref, int64_t d) {
    auto type = cast<MemRefType>(memref.getType());
    if (!type.isDynamicDim(d))
      return idx(type.getDimSize(d));
    return memref::DimOp::create(b, memref, d);
  }
  Value zeroVector(VectorType type) {
    return arith::ConstantOp::create(b, type, b.getZeroAttr(type));
  }

  // Staging, thread level.
  int64_t chunksPerThread(const StagedOperand &s) const;
  /// (k, n) of transposed-copy chunk `chunk`: kPer rows of K, vec of N.
  /// With `packedK`, k counts LDS bytes of a packed operand (k / 2).
  std::pair<Value, Value> transposedChunk(const StagedOperand &s, Value chunk,
                                          bool packedK = false);
  SmallVector<Value> loadTile(const StagedOperand &s, Value r0, Value c0,
                              Value fullCond);
  SmallVector<Value> loadChunks(const StagedOperand &s, Value r0, Value c0,
                                bool masked);
  void storeTile(const StagedOperand &s, ArrayRef<Value> regs, Value stage);
  Value maskedLoad(Value mem, Value row, Value col, int64_t vec, Type elem,
                   Value rowBound, Value colBound);
  SmallVector<Type> regTypes(const StagedOperand &s) const;
  Value zeroOf(Type t);
  scf::IfOp buildIf(TypeRange types, Value cond,
                    llvm::function_ref<SmallVector<Value>()> thenFn,
                    llvm::function_ref<SmallVector<Value>()> elseFn = {});
  SmallVector<Value> expand2to4(Value values, Value nibbles, int64_t vec);
  /// The registers a chunk of a packed (i4) operand is staged in (see
  /// regTypes) from its vector<vec x i4> loads.
  SmallVector<Value> packLoaded(const StagedOperand &s, ArrayRef<Value> loads);
  /// vector<n x i4> -> vector<n x i8>, each byte the element's four bits.
  Value widenNibbles(Value v);
  /// vector<n x i8> of four-bit values -> vector<n/2 x i8>, byte j holding
  /// element 2j in its low and element 2j + 1 in its high nibble.
  Value packNibbles(Value z);
  /// Two vector<n x i8> of four-bit values -> vector<n x i8>, lo | hi << 4.
  Value combineNibbles(Value lo, Value hi);
  /// R vector<n x i8> rows -> n vector<R x i8> columns (R = 2 or a
  /// multiple of 4, n a multiple of 4), on 32-bit words.
  SmallVector<Value> transposeBytes(ArrayRef<Value> rows);

  // Compute, wave level.
  SmallVector<Value> computeStage(Value stage, ValueRange acc);

  ImplicitLocOpBuilder &b;
  const MatmulSpec &spec;
  const MatmulTileConfig &cfg;
  const IntrinsicInfo &intr;

  Value tid, waveM, waveN;
  Value M, N, K;
  StagedOperand opA, opB, opMeta;
  bool hasMeta = false;
};

} // namespace

std::pair<Value, Value> KernelEmitter::transposedChunk(const StagedOperand &s,
                                                       Value chunk,
                                                       bool packedK) {
  // Consecutive chunks go down K first (k block fastest, then the n group):
  // the lanes that store one LDS row each in the same instruction then
  // spread over K blocks of few rows, not over rows vec apart, whose
  // addresses differ by a multiple of the bank count (with vec = 8 and
  // 80-byte rows every row hit the same banks). A wave's global loads cover
  // the same lines either way.
  int64_t kBlocks = s.rows / s.kPer;
  Value k = mul(arith::RemUIOp::create(b, chunk, idx(kBlocks)),
                packedK ? s.kPer / 2 : s.kPer);
  Value n = mul(arith::DivUIOp::create(b, chunk, idx(kBlocks)), s.vec);
  return {k, n};
}

int64_t KernelEmitter::chunksPerThread(const StagedOperand &s) const {
  int64_t chunks = s.transpose ? (s.rows / s.kPer) * (s.cols / s.vec)
                               : s.rows * (s.cols / s.vec);
  return ceilDiv(chunks, cfg.getNumThreads());
}

Value KernelEmitter::maskedLoad(Value mem, Value row, Value col, int64_t vec,
                                Type elem, Value rowBound, Value colBound) {
  // Lanes of the chunk inside the matrix: all of them when the row is in
  // bounds and the chunk ends before colBound, none when the row is out.
  Value zero = idx(0);
  Value left = arith::SubIOp::create(b, colBound, col);
  left = arith::MaxSIOp::create(b, zero,
                                arith::MinSIOp::create(b, left, idx(vec)));
  Value rowOk = cmp(arith::CmpIPredicate::slt, row, rowBound);
  Value count = arith::SelectOp::create(b, rowOk, left, zero);
  auto type = VectorType::get({vec}, elem);
  Value mask = vector::CreateMaskOp::create(
      b, VectorType::get({vec}, b.getI1Type()), ValueRange{count});
  // Nothing is read when the count is 0; keep the address at the matrix
  // origin then.
  Value any = cmp(arith::CmpIPredicate::sgt, count, zero);
  Value safeRow = arith::SelectOp::create(b, any, row, zero);
  Value safeCol = arith::SelectOp::create(b, any, col, zero);
  return vector::MaskedLoadOp::create(b, type, mem,
                                      ValueRange{safeRow, safeCol}, mask,
                                      zeroVector(type));
}

SmallVector<Type> KernelEmitter::regTypes(const StagedOperand &s) const {
  Type elem = cast<MemRefType>(s.global.getType()).getElementType();
  SmallVector<Type> chunk;
  if (!s.pack)
    chunk.append(s.transpose ? s.kPer : 1, VectorType::get({s.vec}, elem));
  else if (s.decompress) // widened, expanded when stored
    chunk.push_back(VectorType::get({s.vec}, b.getI8Type()));
  else if (s.transpose) // pairs of K rows, one byte per n
    chunk.append(s.kPer / 2, VectorType::get({s.vec}, b.getI8Type()));
  else // two values per byte
    chunk.push_back(VectorType::get({s.vec / 2}, b.getI8Type()));
  if (s.decompress)
    chunk.push_back(b.getI32Type());
  SmallVector<Type> types;
  for (int64_t t = 0; t < chunksPerThread(s); ++t)
    llvm::append_range(types, chunk);
  return types;
}

Value KernelEmitter::zeroOf(Type t) {
  if (auto v = dyn_cast<VectorType>(t))
    return zeroVector(v);
  return arith::ConstantOp::create(b, t, b.getZeroAttr(t));
}

scf::IfOp KernelEmitter::buildIf(
    TypeRange types, Value cond,
    llvm::function_ref<SmallVector<Value>()> thenFn,
    llvm::function_ref<SmallVector<Value>()> elseFn) {
  auto ifOp = scf::IfOp::create(b, types, cond, /*withElseRegion=*/!!elseFn);
  OpBuilder::InsertionGuard g(b);
  auto fill = [&](Region &region,
                  llvm::function_ref<SmallVector<Value>()> fn) {
    Block &block = region.front();
    if (block.mightHaveTerminator())
      b.setInsertionPoint(block.getTerminator());
    else
      b.setInsertionPointToEnd(&block);
    SmallVector<Value> values = fn();
    if (!types.empty())
      scf::YieldOp::create(b, values);
  };
  fill(ifOp.getThenRegion(), thenFn);
  if (elseFn)
    fill(ifOp.getElseRegion(), elseFn);
  return ifOp;
}

SmallVector<Value> KernelEmitter::loadChunks(const StagedOperand &s, Value r0,
                                             Value c0, bool masked) {
  Type elem = cast<MemRefType>(s.global.getType()).getElementType();
  auto vecType = VectorType::get({s.vec}, elem);
  int64_t threads = cfg.getNumThreads();
  SmallVector<Value> regs;
  int64_t perThread = chunksPerThread(s);
  int64_t chunksPerRow = s.cols / s.vec;
  int64_t totalChunks = s.transpose ? (s.rows / s.kPer) * chunksPerRow
                                    : s.rows * chunksPerRow;
  for (int64_t t = 0; t < perThread; ++t) {
    Value chunk = add(tid, t * threads);
    Value row, col;
    if (s.transpose) {
      // Chunk = kPer consecutive rows (k) of one vec-wide column group (n).
      std::tie(row, col) = transposedChunk(s, chunk);
    } else {
      row = arith::DivUIOp::create(b, chunk, idx(chunksPerRow));
      col = mul(arith::RemUIOp::create(b, chunk, idx(chunksPerRow)), s.vec);
    }
    Value gRow = add(r0, row), gCol = add(c0, col);
    int64_t numLoads = s.transpose ? s.kPer : 1;
    // Threads past the last chunk (tile not a multiple of the block) read
    // nothing.
    bool guard = (t + 1) * threads > totalChunks;
    auto emitLoads = [&](SmallVectorImpl<Value> &out) {
      SmallVector<Value> loaded;
      for (int64_t r = 0; r < numLoads; ++r) {
        Value rr = add(gRow, r);
        if (masked)
          loaded.push_back(maskedLoad(s.global, rr, gCol, s.vec, elem,
                                      s.rowBound, s.colBound));
        else
          loaded.push_back(vector::LoadOp::create(b, vecType, s.global,
                                                  ValueRange{rr, gCol}));
      }
      // Sub-byte values are packed (or, to be expanded, widened to bytes)
      // as soon as they are loaded: the registers that hold them until the
      // LDS store are halved, and no vector of i4 crosses a branch or the
      // loop (LLVM would hold one i4 per 16 bits there).
      if (s.pack)
        loaded = packLoaded(s, loaded);
      llvm::append_range(out, loaded);
      if (s.decompress) {
        // The metadata word holding this chunk's groups: compressed column
        // gCol is dense group gCol / 2, word group / 8.
        Value group = arith::DivUIOp::create(b, gCol, idx(2));
        Value word = arith::DivUIOp::create(b, group, idx(8));
        Value bits;
        if (masked) {
          Value ok = land(cmp(arith::CmpIPredicate::slt, gRow, s.rowBound),
                          cmp(arith::CmpIPredicate::slt, word, s.metaCols));
          bits = buildIf(
                     TypeRange{b.getI32Type()}, ok,
                     [&] {
                       return SmallVector<Value>{memref::LoadOp::create(
                           b, s.meta, ValueRange{gRow, word})};
                     },
                     [&] {
                       return SmallVector<Value>{zeroOf(b.getI32Type())};
                     })
                     .getResult(0);
        } else {
          bits = memref::LoadOp::create(b, s.meta, ValueRange{gRow, word});
        }
        // Shift the chunk's nibbles to the bottom.
        Value shift = arith::IndexCastOp::create(
            b, b.getI32Type(),
            mul(arith::RemUIOp::create(b, group, idx(8)), 4));
        out.push_back(arith::ShRUIOp::create(b, bits, shift));
      }
    };
    if (!guard) {
      emitLoads(regs);
      continue;
    }
    SmallVector<Type> all = regTypes(s);
    SmallVector<Type> types(ArrayRef<Type>(all).take_front(all.size() /
                                                           perThread));
    Value inRange = cmp(arith::CmpIPredicate::ult, chunk, idx(totalChunks));
    auto ifOp = buildIf(
        types, inRange,
        [&] {
          SmallVector<Value> out;
          emitLoads(out);
          return out;
        },
        [&] {
          return llvm::map_to_vector(types,
                                     [&](Type t) { return zeroOf(t); });
        });
    llvm::append_range(regs, ifOp.getResults());
  }
  return regs;
}

SmallVector<Value> KernelEmitter::loadTile(const StagedOperand &s, Value r0,
                                           Value c0, Value fullCond) {
  if (s.staticFull || !fullCond)
    return loadChunks(s, r0, c0, /*masked=*/false);
  // A uniform branch: full tiles take plain 128-bit loads, edge tiles the
  // masked path.
  auto ifOp = buildIf(
      regTypes(s), fullCond,
      [&] { return loadChunks(s, r0, c0, /*masked=*/false); },
      [&] { return loadChunks(s, r0, c0, /*masked=*/true); });
  return SmallVector<Value>(ifOp.getResults());
}

SmallVector<Value> KernelEmitter::expand2to4(Value values, Value nibbles,
                                             int64_t vec) {
  // `values` holds vec / 2 groups (two kept values each); nibble g of
  // `nibbles` gives their positions. Dense element 4g + p is the value whose
  // position is p, or zero.
  auto type = cast<VectorType>(values.getType());
  Type elem = type.getElementType();
  Value zero = arith::ConstantOp::create(b, elem, b.getZeroAttr(elem));
  Value three = arith::ConstantIntOp::create(b, 3, 32);
  SmallVector<Value> dense;
  for (int64_t g = 0; g < vec / 2; ++g) {
    Value p0 = arith::AndIOp::create(
        b, arith::ShRUIOp::create(
               b, nibbles, arith::ConstantIntOp::create(b, 4 * g, 32)),
        three);
    Value p1 = arith::AndIOp::create(
        b, arith::ShRUIOp::create(
               b, nibbles, arith::ConstantIntOp::create(b, 4 * g + 2, 32)),
        three);
    Value v0 = vector::ExtractOp::create(b, values, 2 * g);
    Value v1 = vector::ExtractOp::create(b, values, 2 * g + 1);
    for (int64_t p = 0; p < 4; ++p) {
      Value pc = arith::ConstantIntOp::create(b, p, 32);
      Value is0 = cmp(arith::CmpIPredicate::eq, p0, pc);
      Value is1 = cmp(arith::CmpIPredicate::eq, p1, pc);
      Value v = arith::SelectOp::create(
          b, is0, v0, arith::SelectOp::create(b, is1, v1, zero));
      dense.push_back(v);
    }
  }
  // Two 128-bit halves.
  SmallVector<Value> halves;
  auto half = VectorType::get({vec}, elem);
  halves.push_back(vector::FromElementsOp::create(
      b, half, ArrayRef<Value>(dense).take_front(vec)));
  halves.push_back(vector::FromElementsOp::create(
      b, half, ArrayRef<Value>(dense).drop_front(vec)));
  return halves;
}

SmallVector<Value> KernelEmitter::packLoaded(const StagedOperand &s,
                                            ArrayRef<Value> loads) {
  SmallVector<Value> wide =
      llvm::map_to_vector(loads, [&](Value v) { return widenNibbles(v); });
  if (s.decompress)
    return wide;
  if (!s.transpose)
    return {packNibbles(wide[0])};
  SmallVector<Value> pairs;
  for (size_t r = 0; r < wide.size(); r += 2)
    pairs.push_back(combineNibbles(wide[r], wide[r + 1]));
  return pairs;
}

Value KernelEmitter::widenNibbles(Value v) {
  auto type = cast<VectorType>(v.getType());
  return arith::ExtUIOp::create(b, type.clone(b.getI8Type()), v);
}

Value KernelEmitter::packNibbles(Value z) {
  auto type = cast<VectorType>(z.getType());
  int64_t n = type.getNumElements();
  Type i8 = b.getI8Type(), i32 = b.getI32Type();
  if (n == 2) {
    Value lo = vector::ExtractOp::create(b, z, 0);
    Value hi = vector::ExtractOp::create(b, z, 1);
    Value byte = arith::OrIOp::create(
        b, lo,
        arith::ShLIOp::create(b, hi, arith::ConstantIntOp::create(b, i8, 4)));
    return vector::BroadcastOp::create(b, VectorType::get({1}, i8), byte);
  }
  assert(n % 4 == 0 && "packs whole 32-bit words");
  // On 32-bit words (four values, one per byte), w | w >> 4 holds values
  // 0 | 1 << 4 in byte 0 and 2 | 3 << 4 in byte 2: the even bytes are the
  // packed ones. (Less than one VALU operation per value; LLVM selects
  // v_perm_b32 for the byte shuffle.)
  auto words = VectorType::get({n / 4}, i32);
  Value w = vector::BitCastOp::create(b, words, z);
  Value four = arith::ConstantOp::create(
      b, words, DenseElementsAttr::get(words, b.getI32IntegerAttr(4)));
  Value x = arith::OrIOp::create(b, w, arith::ShRUIOp::create(b, w, four));
  Value bytes = vector::BitCastOp::create(b, type, x);
  SmallVector<int64_t> even;
  for (int64_t i = 0; i < n / 2; ++i)
    even.push_back(2 * i);
  return vector::ShuffleOp::create(b, bytes, bytes, even);
}

Value KernelEmitter::combineNibbles(Value lo, Value hi) {
  auto type = cast<VectorType>(lo.getType());
  int64_t n = type.getNumElements();
  // On 32-bit words where the vector allows: no carry crosses a byte, as
  // every byte holds a four-bit value.
  auto opType = n % 4 == 0 ? VectorType::get({n / 4}, b.getI32Type()) : type;
  auto cast = [&](Value v) -> Value {
    return opType == type ? v : vector::BitCastOp::create(b, opType, v);
  };
  Value four = arith::ConstantOp::create(
      b, opType,
      DenseElementsAttr::get(
          opType, b.getIntegerAttr(opType.getElementType(), 4)));
  Value r = arith::OrIOp::create(
      b, cast(lo), arith::ShLIOp::create(b, cast(hi), four));
  return opType == type ? r : vector::BitCastOp::create(b, type, r);
}

SmallVector<Value> KernelEmitter::transposeBytes(ArrayRef<Value> rows) {
  int64_t len = rows.size();
  int64_t n = cast<VectorType>(rows[0].getType()).getNumElements();
  Type i32 = b.getI32Type();
  auto words = VectorType::get({n / 4}, i32);
  auto splat = [&](uint32_t v) -> Value {
    return arith::ConstantOp::create(
        b, words, DenseElementsAttr::get(words, b.getI32IntegerAttr(v)));
  };
  auto andi = [&](Value x, uint32_t m) -> Value {
    return arith::AndIOp::create(b, x, splat(m));
  };
  auto shl = [&](Value x, uint32_t s) -> Value {
    return arith::ShLIOp::create(b, x, splat(s));
  };
  auto shr = [&](Value x, uint32_t s) -> Value {
    return arith::ShRUIOp::create(b, x, splat(s));
  };
  auto orr = [&](Value x, Value y) -> Value {
    return arith::OrIOp::create(b, x, y);
  };
  SmallVector<Value> w = llvm::map_to_vector(rows, [&](Value r) -> Value {
    return vector::BitCastOp::create(b, words, r);
  });
  // Pairs of rows (x, y): word e of lo holds bytes (x0, y0, x2, y2) and of
  // hi (x1, y1, x3, y3) of word e of x and y. The AMDGPU backend turns
  // these masks and shifts into v_perm_b32.
  auto interleave = [&](Value x, Value y) -> std::pair<Value, Value> {
    Value lo = orr(andi(x, 0x00ff00ff), shl(andi(y, 0x00ff00ff), 8));
    Value hi = orr(andi(shr(x, 8), 0x00ff00ff), andi(y, 0xff00ff00));
    return {lo, hi};
  };
  // colWords[c][g]: the 32-bit word of column c from rows 4g .. 4g + 3 (or
  // the 16 bits from rows 0, 1 when len == 2), as vectors over the words of
  // the rows.
  SmallVector<SmallVector<Value>> colWords(4);
  if (len == 2) {
    auto [lo, hi] = interleave(w[0], w[1]);
    colWords[0].push_back(lo);
    colWords[1].push_back(hi);
    colWords[2].push_back(shr(lo, 16));
    colWords[3].push_back(shr(hi, 16));
  } else {
    for (int64_t g = 0; g < len / 4; ++g) {
      auto [t0, t1] = interleave(w[4 * g], w[4 * g + 1]);
      auto [t2, t3] = interleave(w[4 * g + 2], w[4 * g + 3]);
      colWords[0].push_back(orr(andi(t0, 0xffff), shl(t2, 16)));
      colWords[1].push_back(orr(andi(t1, 0xffff), shl(t3, 16)));
      colWords[2].push_back(orr(shr(t0, 16), andi(t2, 0xffff0000)));
      colWords[3].push_back(orr(shr(t1, 16), andi(t3, 0xffff0000)));
    }
  }
  // Column 4 e + c is word e of colWords[c].
  auto columnType = VectorType::get({len}, b.getI8Type());
  SmallVector<Value> columns;
  for (int64_t col = 0; col < n; ++col) {
    int64_t e = col / 4, c = col % 4;
    SmallVector<Value> parts;
    for (Value v : colWords[c])
      parts.push_back(vector::ExtractOp::create(b, v, e));
    if (len == 2) {
      Value half = arith::TruncIOp::create(b, b.getI16Type(), parts[0]);
      columns.push_back(vector::BitCastOp::create(
          b, columnType,
          vector::BroadcastOp::create(
              b, VectorType::get({1}, b.getI16Type()), half)));
      continue;
    }
    Value packed = vector::FromElementsOp::create(
        b, VectorType::get({int64_t(parts.size())}, i32), parts);
    columns.push_back(vector::BitCastOp::create(b, columnType, packed));
  }
  return columns;
}

void KernelEmitter::storeTile(const StagedOperand &s, ArrayRef<Value> regs,
                              Value stage) {
  int64_t threads = cfg.getNumThreads();
  Value ldsRow0 = mul(stage, s.ldsRows);
  int64_t perThread = chunksPerThread(s);
  int64_t chunksPerRow = s.cols / s.vec;
  int64_t totalChunks = s.transpose ? (s.rows / s.kPer) * chunksPerRow
                                    : s.rows * chunksPerRow;
  int64_t regsPerChunk = regTypes(s).size() / perThread;
  for (int64_t t = 0; t < perThread; ++t) {
    ArrayRef<Value> chunkRegs = regs.slice(t * regsPerChunk, regsPerChunk);
    Value chunk = add(tid, t * threads);
    auto emitStores = [&]() {
      if (s.transpose) {
        // kPer rows of vec elements -> vec LDS rows (n) of kPer elements
        // (packed: kPer / 2 bytes, from the pairs of rows packLoaded made).
        auto [k, n] = transposedChunk(s, chunk, s.pack);
        SmallVector<Value> rows(chunkRegs);
        int64_t len = rows.size();
        auto elem = cast<VectorType>(rows[0].getType()).getElementType();
        auto rowType = VectorType::get({len}, elem);
        if (s.pack && s.vec % 4 == 0 && (len == 2 || len % 4 == 0)) {
          SmallVector<Value> columns = transposeBytes(rows);
          for (int64_t e = 0; e < s.vec; ++e)
            vector::StoreOp::create(b, columns[e], s.lds,
                                    ValueRange{add(add(ldsRow0, n), e), k});
          return;
        }
        for (int64_t e = 0; e < s.vec; ++e) {
          SmallVector<Value> column;
          for (int64_t r = 0; r < len; ++r)
            column.push_back(vector::ExtractOp::create(b, rows[r], e));
          Value v = len == 1
                        ? vector::BroadcastOp::create(b, rowType, column[0])
                              .getResult()
                        : vector::FromElementsOp::create(b, rowType, column)
                              .getResult();
          vector::StoreOp::create(b, v, s.lds,
                                  ValueRange{add(add(ldsRow0, n), e), k});
        }
        return;
      }
      Value row = arith::DivUIOp::create(b, chunk, idx(chunksPerRow));
      Value chunkCol = arith::RemUIOp::create(b, chunk, idx(chunksPerRow));
      Value ldsRow = add(ldsRow0, row);
      if (s.decompress) {
        // Packed: the chunk's 2 vec dense values are vec bytes.
        SmallVector<Value> halves =
            expand2to4(chunkRegs[0], chunkRegs[1], s.vec);
        int64_t half = s.pack ? s.vec / 2 : s.vec;
        Value denseCol = mul(chunkCol, 2 * half);
        for (auto [i, h] : llvm::enumerate(halves))
          vector::StoreOp::create(
              b, s.pack ? packNibbles(h) : h, s.lds,
              ValueRange{ldsRow, add(denseCol, int64_t(i) * half)});
        return;
      }
      if (s.pack) {
        vector::StoreOp::create(b, chunkRegs[0], s.lds,
                                ValueRange{ldsRow, mul(chunkCol, s.vec / 2)});
        return;
      }
      vector::StoreOp::create(b, chunkRegs[0], s.lds,
                              ValueRange{ldsRow, mul(chunkCol, s.vec)});
    };
    if ((t + 1) * threads > totalChunks) {
      Value inRange = cmp(arith::CmpIPredicate::ult, chunk, idx(totalChunks));
      buildIf(TypeRange{}, inRange, [&] {
        emitStores();
        return SmallVector<Value>{};
      });
      continue;
    }
    emitStores();
  }
}

SmallVector<Value> KernelEmitter::computeStage(Value stage, ValueRange acc) {
  MLIRContext *ctx = b.getContext();
  int64_t tilesM = cfg.getTilesM(), tilesN = cfg.getTilesN();
  int64_t aCols = intr.getAK();
  Type aElem = spec.aElem, bElem = spec.bElem;
  auto aType = VectorType::get({intr.m, aCols}, aElem);
  auto bType = VectorType::get({intr.k, intr.n}, bElem);
  auto idxType = VectorType::get({intr.m, intr.k / 2}, b.getI8Type());
  AffineMap transposed = AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, ctx);
  auto padOf = [&](Value lds) -> Value {
    Type elem = cast<MemRefType>(lds.getType()).getElementType();
    return arith::ConstantOp::create(b, elem, b.getZeroAttr(elem));
  };
  Value padA = padOf(opA.lds), padB = padOf(opB.lds);
  SmallVector<bool> inBounds = {true, true};
  // Packed (i4) tiles are read as bytes and reinterpreted: A's m x aCols / 2
  // bytes; B's n x k / 2 bytes of its N-major buffer, then transposed.
  auto readA = [&](Value row, int64_t col) -> Value {
    if (!opA.pack)
      return vector::TransferReadOp::create(
          b, aType, opA.lds, ValueRange{row, idx(col)}, padA, inBounds);
    auto bytes = VectorType::get({intr.m, aCols / 2}, b.getI8Type());
    Value raw = vector::TransferReadOp::create(
        b, bytes, opA.lds, ValueRange{row, idx(col / 2)}, padA, inBounds);
    return vector::BitCastOp::create(b, aType, raw);
  };
  auto readB = [&](Value row, int64_t col) -> Value {
    if (!opB.pack)
      return vector::TransferReadOp::create(b, bType, opB.lds,
                                            ValueRange{row, idx(col)}, padB,
                                            transposed, inBounds);
    auto bytes = VectorType::get({intr.n, intr.k / 2}, b.getI8Type());
    Value raw = vector::TransferReadOp::create(
        b, bytes, opB.lds, ValueRange{row, idx(col / 2)}, padB, inBounds);
    Value nk = vector::BitCastOp::create(
        b, VectorType::get({intr.n, intr.k}, bElem), raw);
    return vector::TransposeOp::create(b, nk, ArrayRef<int64_t>{1, 0});
  };

  Value aRow0 = add(mul(stage, opA.ldsRows), mul(waveM, cfg.getWaveTileM()));
  Value bRow0 = add(mul(stage, opB.ldsRows), mul(waveN, cfg.getWaveTileN()));
  Value mRow0;
  if (hasMeta)
    mRow0 = add(mul(stage, opMeta.ldsRows), mul(waveM, cfg.getWaveTileM()));

  IntrinsicAttr intrAttr = IntrinsicAttr::get(ctx, &intr);
  UnitAttr unsignedA = spec.unsignedA ? b.getUnitAttr() : nullptr;
  UnitAttr unsignedB = spec.unsignedB ? b.getUnitAttr() : nullptr;
  SmallVector<Value> result(acc.begin(), acc.end());
  for (int64_t kk = 0; kk < cfg.tileK / intr.k; ++kk) {
    SmallVector<Value> aTiles, idxTiles, bTiles;
    for (int64_t i = 0; i < tilesM; ++i) {
      Value row = add(aRow0, i * intr.m);
      aTiles.push_back(readA(row, kk * aCols));
      if (hasMeta)
        idxTiles.push_back(LoadSparseIndexOp::create(
            b, idxType, opMeta.lds, add(mRow0, i * intr.m),
            idx(kk * intr.k)));
    }
    for (int64_t j = 0; j < tilesN; ++j)
      bTiles.push_back(readB(add(bRow0, j * intr.n), kk * intr.k));
    for (int64_t i = 0; i < tilesM; ++i)
      for (int64_t j = 0; j < tilesN; ++j) {
        Value &c = result[i * tilesN + j];
        if (hasMeta)
          c = SparseMmaOp::create(b, c.getType(), aTiles[i], bTiles[j], c,
                                  idxTiles[i], intrAttr,
                                  b.getI32IntegerAttr(0), unsignedA,
                                  unsignedB, nullptr);
        else
          c = MmaOp::create(b, c.getType(), aTiles[i], bTiles[j], c,
                            intrAttr, unsignedA, unsignedB, nullptr);
      }
  }
  return result;
}

LogicalResult KernelEmitter::emit(gpu::LaunchOp launch, Value i0, Value j0,
                                  std::optional<Attribute> fillValue) {
  Value a = spec.a, bMat = spec.b, c = spec.c;
  int64_t bitsA = getBitWidth(spec.ka), bitsB = getBitWidth(spec.kb);
  int64_t threads = cfg.getNumThreads();

  tid = launch.getThreadIds().x;
  Value wave = arith::DivUIOp::create(b, tid, idx(cfg.waveSize));
  waveM = arith::DivUIOp::create(b, wave, idx(cfg.wavesN));
  waveN = arith::RemUIOp::create(b, wave, idx(cfg.wavesN));

  M = dim(c, 0);
  N = dim(c, 1);
  K = spec.transposeB ? dim(bMat, 1) : dim(bMat, 0);
  auto staticDim = [](Value v, int64_t d) {
    return cast<MemRefType>(v.getType()).getDimSize(d);
  };
  int64_t sM = staticDim(c, 0), sN = staticDim(c, 1),
          sK = staticDim(bMat, spec.transposeB ? 1 : 0);
  bool mFull = !ShapedType::isDynamic(sM) && sM % cfg.tileM == 0;
  bool nFull = !ShapedType::isDynamic(sN) && sN % cfg.tileN == 0;
  bool kFull = !ShapedType::isDynamic(sK) && sK % cfg.tileK == 0;

  ValueRange buffers = launch.getWorkgroupAttributions();
  // Staged operands: chunks of 128 bits where the tile allows.
  auto vecFor = [](int64_t bits, int64_t cols) {
    int64_t v = 128 / bits;
    while (v > 1 && cols % v)
      v /= 2;
    return v;
  };

  // An operand stored K x tile-dim in global memory (B, or a transposed A),
  // staged tile-dim-major (transposed) in LDS.
  auto stageTransposed = [&](StagedOperand &s, int64_t cols,
                             ScalarKind kind, Value colBound) {
    int64_t bits = getBitWidth(kind);
    s.transpose = true;
    s.rows = cfg.tileK;
    s.cols = cols;
    // 128-bit global loads along the tile dimension (one i4 per byte).
    s.vec = vecFor(storageBits(kind), s.cols);
    // Each thread transposes a kPer x vec block: kPer as large as the tile
    // allows, up to one 128-bit LDS row write.
    int64_t perThread = cfg.tileK * cols / threads;
    int64_t kPer = 1;
    while (kPer * 2 * s.vec <= perThread && kPer * 2 <= cfg.tileK &&
           kPer * 2 * bits <= 128 && cfg.tileK % (kPer * 2) == 0)
      kPer *= 2;
    // Packed LDS rows are written in whole bytes: pairs of k.
    if (s.pack)
      kPer = std::max<int64_t>(kPer, 2);
    s.kPer = kPer;
    s.rowBound = K;
    s.colBound = colBound;
  };

  // A: dense rows x K, compressed values rows x K/2 (sparse instruction or
  // decompressed into a dense LDS tile); a transposed A (K x M, dense
  // only) is staged like B.
  opA.global = a;
  opA.lds = buffers[0];
  opA.ldsRows = cfg.tileM;
  opA.pack = bitsA < 8;
  if (spec.transposeA) {
    stageTransposed(opA, cfg.tileM, spec.ka, M);
  } else {
    opA.rows = cfg.tileM;
    opA.cols = spec.sparse ? cfg.tileK / 2 : cfg.tileK;
    // i4: 32 values, two 128-bit global loads (one per byte), one 128-bit
    // LDS store (packed).
    opA.vec = vecFor(bitsA, opA.cols);
    if (cfg.decompressA)
      // Each chunk expands to 2 * vec dense elements; keep them whole
      // groups and one metadata word: at most 16 compressed values.
      opA.vec = std::min<int64_t>(opA.vec, 16);
    opA.rowBound = M;
    opA.colBound = dim(a, 1);
  }
  opA.staticFull = mFull && kFull &&
                   (!spec.sparse || (!ShapedType::isDynamic(sK) &&
                                     sK % 4 == 0));
  opA.decompress = cfg.decompressA;
  if (cfg.decompressA) {
    opA.meta = spec.meta;
    opA.metaCols = dim(spec.meta, 1);
  }

  // B: K x N in global, staged N-major (transposed) in LDS.
  opB.global = bMat;
  opB.lds = buffers[1];
  opB.ldsRows = cfg.tileN;
  opB.pack = bitsB < 8;
  if (spec.transposeB) {
    // Already N x K: a plain row-major copy.
    opB.rows = cfg.tileN;
    opB.cols = cfg.tileK;
    opB.vec = vecFor(bitsB, opB.cols);
    opB.rowBound = N;
    opB.colBound = K;
  } else {
    stageTransposed(opB, cfg.tileN, spec.kb, N);
  }
  opB.staticFull = nFull && kFull;

  hasMeta = cfg.sparseInstruction;
  if (hasMeta) {
    opMeta.global = spec.meta;
    opMeta.lds = buffers[2];
    opMeta.rows = cfg.tileM;
    opMeta.ldsRows = cfg.tileM;
    opMeta.cols = cfg.tileK / 32;
    opMeta.vec = vecFor(32, opMeta.cols);
    // Narrower loads rather than idle threads: a guard on the thread id is
    // a branch the backend cannot prove wave-uniform.
    while (opMeta.vec > 1 &&
           opMeta.rows * (opMeta.cols / opMeta.vec) < threads)
      opMeta.vec /= 2;
    opMeta.rowBound = M;
    opMeta.colBound = dim(spec.meta, 1);
    opMeta.staticFull = mFull && kFull;
  }

  // Uniform "this tile is inside the matrix" conditions.
  auto fullCond = [&](Value k) -> std::pair<Value, Value> {
    Value kIn = cmp(arith::CmpIPredicate::sle, add(k, cfg.tileK), K);
    Value mIn = cmp(arith::CmpIPredicate::sle, add(i0, cfg.tileM), M);
    Value nIn = cmp(arith::CmpIPredicate::sle, add(j0, cfg.tileN), N);
    if (spec.sparse) {
      // K not a multiple of 4 pads the last group of values.
      Value k4 = cmp(arith::CmpIPredicate::eq,
                     arith::RemUIOp::create(b, K, idx(4)), idx(0));
      kIn = land(kIn, k4);
    }
    return {land(mIn, kIn), land(nIn, kIn)};
  };

  auto loadAll = [&](Value k) {
    auto [aFull, bFull] = fullCond(k);
    SmallVector<Value> regs;
    Value kA = spec.sparse ? arith::DivUIOp::create(b, k, idx(2)).getResult()
                           : k;
    if (spec.transposeA)
      llvm::append_range(regs, loadTile(opA, k, i0, aFull));
    else
      llvm::append_range(regs, loadTile(opA, i0, kA, aFull));
    if (spec.transposeB)
      llvm::append_range(regs, loadTile(opB, j0, k, bFull));
    else
      llvm::append_range(regs, loadTile(opB, k, j0, bFull));
    if (hasMeta) {
      Value w = arith::DivUIOp::create(b, k, idx(32));
      llvm::append_range(regs, loadTile(opMeta, i0, w, aFull));
    }
    return regs;
  };
  int64_t numRegsA = 0, numRegsB = 0;
  auto storeAll = [&](ArrayRef<Value> regs, Value stage) {
    storeTile(opA, regs.take_front(numRegsA), stage);
    storeTile(opB, regs.slice(numRegsA, numRegsB), stage);
    if (hasMeta)
      storeTile(opMeta, regs.drop_front(numRegsA + numRegsB), stage);
  };

  // Accumulators: C's tiles (linalg.matmul accumulates) or the fill value.
  int64_t tilesM = cfg.getTilesM(), tilesN = cfg.getTilesN();
  auto cTileType = VectorType::get({intr.m, intr.n}, spec.cElem);
  auto accType = VectorType::get({intr.m, intr.n}, cfg.accElementType);
  SmallVector<bool> cInBounds = {mFull, nFull};
  Value cRow0 = add(i0, mul(waveM, cfg.getWaveTileM()));
  Value cCol0 = add(j0, mul(waveN, cfg.getWaveTileN()));
  auto convert = [&](Value v, VectorType to) -> Value {
    if (v.getType() == to)
      return v;
    Type from = cast<VectorType>(v.getType()).getElementType();
    if (isa<FloatType>(from))
      return from.getIntOrFloatBitWidth() < to.getElementTypeBitWidth()
                 ? arith::ExtFOp::create(b, to, v).getResult()
                 : arith::TruncFOp::create(b, to, v).getResult();
    return from.getIntOrFloatBitWidth() < to.getElementTypeBitWidth()
               ? arith::ExtSIOp::create(b, to, v).getResult()
               : arith::TruncIOp::create(b, to, v).getResult();
  };
  // The accumulators start at zero; C (linalg.matmul accumulates into it)
  // or the folded fill value is added in the epilogue. Reading C there, not
  // before the loop, keeps its addresses out of the registers during the
  // loop.
  SmallVector<Value> acc(tilesM * tilesN, zeroVector(accType));
  // Prologue: the first K tile into stage 0.
  Value zero = idx(0);
  numRegsA = regTypes(opA).size();
  numRegsB = regTypes(opB).size();
  storeAll(loadAll(zero), zero);
  gpu::BarrierOp::create(b);

  // The pipelined K loop.
  SmallVector<Value> iterArgs(acc);
  iterArgs.push_back(zero); // stage holding the current K tile
  auto loop = scf::ForOp::create(b, zero, K, idx(cfg.tileK), iterArgs);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(loop.getBody());
    Value k = loop.getInductionVar();
    ValueRange loopAcc = loop.getRegionIterArgs().drop_back();
    Value stage = loop.getRegionIterArgs().back();
    Value nextK = add(k, cfg.tileK);
    Value nextStage = stage;
    SmallVector<Value> newAcc;
    if (cfg.stages == 2) {
      // Prefetch the next K tile into registers; its loads are in flight
      // while the waves compute. Branch-free: the last iteration reloads
      // the last tile (clamped) into the buffer nobody reads any more.
      Value lastK = mul(arith::DivUIOp::create(
                            b, arith::SubIOp::create(b, K, idx(1)),
                            idx(cfg.tileK)),
                        cfg.tileK);
      Value clampedK = arith::MinUIOp::create(b, nextK, lastK);
      SmallVector<Value> next = loadAll(clampedK);
      // Keep the backend's scheduler from sinking the prefetch into the
      // MMAs or hoisting the LDS stores (and so the waits for the global
      // loads) above them: the loads get the whole compute phase.
      if (cfg.schedBarriers)
        ROCDL::SchedBarrier::create(b, 0);
      newAcc = computeStage(stage, loopAcc);
      nextStage = arith::SubIOp::create(b, idx(1), stage);
      if (cfg.schedBarriers)
        ROCDL::SchedBarrier::create(b, 0);
      storeAll(next, nextStage);
      gpu::BarrierOp::create(b);
    } else {
      // One buffer: wait until every wave has read it, refill, wait again.
      newAcc = computeStage(stage, loopAcc);
      gpu::BarrierOp::create(b);
      Value hasNext = cmp(arith::CmpIPredicate::slt, nextK, K);
      buildIf(TypeRange{}, hasNext, [&] {
        storeAll(loadAll(nextK), stage);
        return SmallVector<Value>{};
      });
      gpu::BarrierOp::create(b);
    }
    newAcc.push_back(nextStage);
    scf::YieldOp::create(b, newAcc);
  }

  // Epilogue: C + A * B back to memory; nothing outside C is written.
  Value cPad = arith::ConstantOp::create(b, spec.cElem,
                                         b.getZeroAttr(spec.cElem));
  bool isFloat = isa<FloatType>(cfg.accElementType);
  std::optional<Value> fillAcc;
  auto isZero = [](Attribute a) {
    if (auto f = dyn_cast<FloatAttr>(a))
      return f.getValue().isZero();
    if (auto i = dyn_cast<IntegerAttr>(a))
      return i.getValue().isZero();
    return false;
  };
  if (fillValue && !isZero(*fillValue)) {
    auto splat = DenseElementsAttr::get(cTileType,
                                        ArrayRef<Attribute>(*fillValue));
    fillAcc = convert(arith::ConstantOp::create(b, cTileType, splat), accType);
  }
  for (int64_t i = 0; i < tilesM; ++i)
    for (int64_t j = 0; j < tilesN; ++j) {
      SmallVector<Value> at = {add(cRow0, i * intr.m),
                               add(cCol0, j * intr.n)};
      Value sum = loop.getResult(i * tilesN + j);
      Value init;
      if (!fillValue)
        init = convert(vector::TransferReadOp::create(b, cTileType, c, at,
                                                      cPad, cInBounds),
                       accType);
      else if (fillAcc)
        init = *fillAcc;
      if (init)
        sum = isFloat ? arith::AddFOp::create(b, sum, init).getResult()
                      : arith::AddIOp::create(b, sum, init).getResult();
      vector::TransferWriteOp::create(b, convert(sum, cTileType), c, at,
                                      cInBounds);
    }
  return success();
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

/// A linalg.fill of `c` right before `op` (nothing between them touches
/// memory): its value becomes the accumulators' start and the fill goes.
static linalg::FillOp findFoldableFill(Operation *op, Value c) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (auto fill = dyn_cast<linalg::FillOp>(prev)) {
      if (fill.hasPureBufferSemantics() && fill.getDpsInits()[0] == c &&
          matchPattern(fill.getInputs()[0], m_Constant()))
        return fill;
      return nullptr;
    }
    if (!isMemoryEffectFree(prev))
      return nullptr;
  }
  return nullptr;
}

FailureOr<gpu::LaunchOp>
mlir::mcore::tileMatmulToGpu(RewriterBase &rewriter, Operation *op,
                             const MatmulTilingOptions &options) {
  if (op->getParentOfType<gpu::LaunchOp>() ||
      op->getParentOfType<gpu::GPUModuleOp>())
    return op->emitError("mcore-tile-matmul expects host code; the op is "
                         "already inside a GPU kernel");
  FailureOr<MatmulSpec> maybeSpec = getMatmulSpec(op);
  if (failed(maybeSpec))
    return failure();
  FailureOr<MatmulTileConfig> maybeCfg = getMatmulTileConfig(op, options);
  if (failed(maybeCfg))
    return failure();
  const MatmulSpec &spec = *maybeSpec;
  const MatmulTileConfig &cfg = *maybeCfg;
  const IntrinsicInfo &intr = *cfg.intrinsic;
  MLIRContext *ctx = op->getContext();
  Location loc = op->getLoc();

  // Fold a preceding fill of C into the accumulators.
  std::optional<Attribute> fillValue;
  if (linalg::FillOp fill = findFoldableFill(op, spec.c)) {
    Attribute value;
    matchPattern(fill.getInputs()[0], m_Constant(&value));
    auto typed = dyn_cast<TypedAttr>(value);
    if (typed && typed.getType() == spec.cElem) {
      fillValue = value;
      rewriter.eraseOp(fill);
    }
  }

  // LDS buffers: A row-major, B N-major, sparse metadata; one set of rows
  // per stage, rows padded against bank conflicts.
  // i4 is packed two per byte in an i8 buffer.
  auto lds = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  int64_t colsA = cfg.sparseInstruction ? cfg.tileK / 2 : cfg.tileK;
  auto ldsBuffer = [&](int64_t rows, int64_t cols, Type elem) {
    int64_t bits = elem.getIntOrFloatBitWidth();
    if (bits < 8)
      return MemRefType::get({rows, cols * bits / 8 + cfg.ldsPadBytes},
                             rewriter.getI8Type(),
                             MemRefLayoutAttrInterface(), lds);
    return MemRefType::get({rows, cols + cfg.ldsPadBytes * 8 / bits}, elem,
                           MemRefLayoutAttrInterface(), lds);
  };
  SmallVector<Type> buffers = {
      ldsBuffer(cfg.stages * cfg.tileM, colsA, spec.aElem),
      ldsBuffer(cfg.stages * cfg.tileN, cfg.tileK, spec.bElem)};
  if (cfg.sparseInstruction)
    buffers.push_back(MemRefType::get({cfg.stages * cfg.tileM, cfg.tileK / 32},
                                      rewriter.getI32Type(),
                                      MemRefLayoutAttrInterface(), lds));

  // 1. Work-group tiles through the TilingInterface.
  scf::SCFTilingOptions tiling;
  tiling.setTileSizes({rewriter.getIndexAttr(cfg.tileM),
                       rewriter.getIndexAttr(cfg.tileN),
                       rewriter.getIndexAttr(0)});
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  tiling.setMapping(
      {gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimY),
       gpu::GPUBlockMappingAttr::get(ctx, gpu::MappingId::DimX)});
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, cast<TilingInterface>(op), tiling);
  if (failed(tiled) || tiled->loops.size() != 1 ||
      !isa<scf::ForallOp>(tiled->loops.front()))
    return op->emitError("work-group tiling through the TilingInterface "
                         "failed");
  Operation *tiledOp = tiled->tiledOps.front();
  rewriter.eraseOp(op);

  // 2. The forall becomes the launch grid.
  gpu::LaunchOp launch =
      forallToLaunch(rewriter, cast<scf::ForallOp>(tiled->loops.front()),
                     cfg.getNumThreads(), buffers, cfg.groupM);
  launch->setAttr("mcore.chip", ChipAttr::get(ctx, options.chip));

  // 3. The tile's kernel body, in place of the tiled op. The tile's origin
  // is the offset of its C subview.
  ImplicitLocOpBuilder b(loc, rewriter);
  b.setInsertionPoint(tiledOp);
  Value tileC = spec.sparse ? cast<SparseMatmulOp>(tiledOp).getC()
                            : cast<linalg::MatmulOp>(tiledOp).getDpsInits()[0];
  SmallVector<OpFoldResult> cOffsets = getBase(tileC, b).second;
  Value i0 = getValueOrCreateConstantIndexOp(b, loc, cOffsets[0]);
  Value j0 = getValueOrCreateConstantIndexOp(b, loc, cOffsets[1]);
  KernelEmitter emitter(b, spec, cfg, intr);
  if (failed(emitter.emit(launch, i0, j0, fillValue)))
    return failure();
  SmallVector<Value> operands(tiledOp->getOperands());
  rewriter.eraseOp(tiledOp);
  for (Value v : operands)
    if (Operation *def = v.getDefiningOp())
      if (isa<memref::SubViewOp>(def) && def->use_empty())
        rewriter.eraseOp(def);
  return launch;
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {

struct TileMatmulPass
    : mcore::impl::MCoreTileMatmulPassBase<TileMatmulPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<Chip> target =
        resolveChip(getOperation(), chip.getValue(), getArgument());
    if (failed(target))
      return signalPassFailure();
    MatmulTilingOptions options;
    options.chip = *target;
    options.tileM = tileM;
    options.tileN = tileN;
    options.tileK = tileK;
    options.wavesM = wavesM;
    options.wavesN = wavesN;
    options.stages = stages;
    options.ldsPadBytes = ldsPadding;
    options.intrinsic = intrinsic;
    options.allowDenseFallback = allowDenseFallback;
    options.wideAccumulator = wideAccumulator;
    options.schedBarriers = schedBarriers;
    options.groupM = groupM;

    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (op->getParentOfType<gpu::LaunchOp>())
        return;
      if (isa<linalg::MatmulOp, SparseMatmulOp>(op)) {
        ops.push_back(op);
        return;
      }
      // Other contractions (batch_matmul, matvec, a generic) stay as they
      // are: say so rather than let them become host loops unnoticed.
      auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
      if (linalgOp && linalg::isaContractionOpInterface(linalgOp))
        op->emitWarning()
            << "mcore-tile-matmul only lowers linalg.matmul (and "
               "mcore.sparse_matmul) to matrix instructions; this "
            << op->getName() << " is left as it is";
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : ops)
      if (failed(tileMatmulToGpu(rewriter, op, options)))
        return signalPassFailure();
  }
};

} // namespace
