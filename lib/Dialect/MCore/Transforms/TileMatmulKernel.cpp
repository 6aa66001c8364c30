//===- TileMatmulKernel.cpp - The matmul kernel's body --------------------===//
//
// One work-group tile of C: the prologue stages K tile 0 into LDS; the
// software-pipelined K loop prefetches the next K tile into registers while
// the waves compute from the current LDS stage (or, with one stage, waits,
// refills and waits); each wave carries a register block of intrinsic-tile
// accumulators through the loop as iter_args and reads its A, B (and
// sparse index) tiles from LDS per K step; the epilogue adds C (or the
// folded fill value), applies the fused element-wise consumers
// (TileMatmulEpilogue.cpp) and writes C's tiles, masked at the matrix edge.
//
// This is the only loop mcore-tile-matmul writes by hand: the tiling
// interfaces produce no pipelined loop.
//
//===----------------------------------------------------------------------===//

#include "TileMatmulKernel.h"

#include "mlir/Dialect/AMDGPU/IR/AMDGPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

/// Whether only RDNA4 chips have `intr`.
static bool isRdna4Only(const IntrinsicInfo &intr) {
  return llvm::all_of(getAllChips(), [&](const ChipInfo &chip) {
    return !intr.isAvailableOn(chip.chip) || chip.family == ChipFamily::RDNA4;
  });
}

SmallVector<Value> KernelEmitter::computeStage(Value stage, ValueRange acc) {
  const StagedOperand &opA = staging.a, &opB = staging.b,
                      &opMeta = staging.meta;
  bool hasMeta = staging.hasMeta;
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
  Value ldsA = stager->stageView(opA, stage),
        ldsB = stager->stageView(opB, stage);
  Value ldsMeta = hasMeta ? stager->stageView(opMeta, stage) : Value();
  SmallVector<bool> inBounds = {true, true};
  // Packed (i4) tiles are read as bytes and reinterpreted: A's m x aCols / 2
  // bytes; B's n x k / 2 bytes of its N-major buffer, then transposed.
  auto readA = [&](Value row, int64_t col) -> Value {
    if (!opA.pack)
      return vector::TransferReadOp::create(
          b, aType, ldsA, ValueRange{row, idx(col)}, padA, inBounds);
    auto bytes = VectorType::get({intr.m, aCols / 2}, b.getI8Type());
    Value raw = vector::TransferReadOp::create(
        b, bytes, ldsA, ValueRange{row, idx(col / 2)}, padA, inBounds);
    return vector::BitCastOp::create(b, aType, raw);
  };
  auto readB = [&](Value row, int64_t col) -> Value {
    if (!opB.pack)
      return vector::TransferReadOp::create(b, bType, ldsB,
                                            ValueRange{row, idx(col)}, padB,
                                            transposed, inBounds);
    auto bytes = VectorType::get({intr.n, intr.k / 2}, b.getI8Type());
    Value raw = vector::TransferReadOp::create(
        b, bytes, ldsB, ValueRange{row, idx(col / 2)}, padB, inBounds);
    Value nk = vector::BitCastOp::create(
        b, VectorType::get({intr.n, intr.k}, bElem), raw);
    return vector::TransposeOp::create(b, nk, ArrayRef<int64_t>{1, 0});
  };

  // Rows within the stage (stageView), or of the whole buffer.
  auto rowOf = [&](const StagedOperand &s, Value view, Value wave,
                   int64_t waveRows) {
    Value row = mul(wave, waveRows);
    return view == s.lds ? add(mul(stage, s.ldsRows), row) : row;
  };
  Value aRow0 = rowOf(opA, ldsA, waveM, cfg.getWaveTileM());
  Value bRow0 = rowOf(opB, ldsB, waveN, cfg.getWaveTileN());
  Value mRow0 =
      hasMeta ? rowOf(opMeta, ldsMeta, waveM, cfg.getWaveTileM()) : Value();

  IntrinsicAttr intrAttr = IntrinsicAttr::get(ctx, &intr);
  // An operand offset into signed range is signed in LDS.
  UnitAttr unsignedA =
      spec.problem.unsignedA && !cfg.signOffsetA ? b.getUnitAttr() : nullptr;
  UnitAttr unsignedB =
      spec.problem.unsignedB && !cfg.signOffsetB ? b.getUnitAttr() : nullptr;
  SmallVector<Value> result(acc.begin(), acc.end());
  for (int64_t kk = 0; kk < cfg.tileK / intr.k; ++kk) {
    SmallVector<Value> aTiles, idxTiles, bTiles;
    for (int64_t i = 0; i < tilesM; ++i) {
      Value row = add(aRow0, i * intr.m);
      aTiles.push_back(readA(row, kk * aCols));
      if (hasMeta)
        idxTiles.push_back(LoadSparseIndexOp::create(
            b, idxType, ldsMeta, add(mRow0, i * intr.m), idx(kk * intr.k),
            staging.nativeMeta ? b.getUnitAttr() : nullptr,
            opMeta.ldsColScale == 2 ? b.getUnitAttr() : nullptr));
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

LogicalResult KernelEmitter::emit(Value threadId, ValueRange lds, Value i0,
                                  Value j0, std::optional<Attribute> fillValue,
                                  const Epilogue &epilogue) {
  Value bMat = spec.b, c = spec.c;

  tid = threadId;
  Value wave = arith::DivUIOp::create(b, tid, idx(cfg.waveSize));
  waveM = arith::DivUIOp::create(b, wave, idx(cfg.wavesN));
  waveN = arith::RemUIOp::create(b, wave, idx(cfg.wavesN));

  // C is stored N x M when transposed; K comes from the dense operand (B,
  // or A when B is compressed).
  int64_t dimM = spec.problem.transposeC ? 1 : 0, dimN = 1 - dimM;
  Value kMat = spec.problem.sparseB ? spec.a : bMat;
  int64_t dimK = spec.problem.sparseB ? (spec.problem.transposeA ? 0 : 1)
                                      : (spec.problem.transposeB ? 1 : 0);
  M = dim(c, dimM);
  N = dim(c, dimN);
  K = dim(kMat, dimK);
  auto staticDim = [](Value v, int64_t d) {
    return cast<MemRefType>(v.getType()).getDimSize(d);
  };
  int64_t sM = staticDim(c, dimM), sN = staticDim(c, dimN),
          sK = staticDim(kMat, dimK);
  bool mFull = !ShapedType::isDynamic(sM) && sM % cfg.tileM == 0;
  bool nFull = !ShapedType::isDynamic(sN) && sN % cfg.tileN == 0;
  bool kFull = !ShapedType::isDynamic(sK) && sK % cfg.tileK == 0;

  staging = planStaging(b, spec, cfg, lds, M, N, K, mFull, nFull, kFull, sK);
  stager.emplace(b, cfg.getNumThreads(), tid, staging.usesStageViews());
  const StagedOperand &opA = staging.a, &opB = staging.b,
                      &opMeta = staging.meta;

  // Uniform "this tile is inside the matrix" conditions.
  auto fullCond = [&](Value k) -> std::pair<Value, Value> {
    Value kIn = cmp(arith::CmpIPredicate::sle, add(k, cfg.tileK), K);
    Value mIn = cmp(arith::CmpIPredicate::sle, add(i0, cfg.tileM), M);
    Value nIn = cmp(arith::CmpIPredicate::sle, add(j0, cfg.tileN), N);
    if (spec.problem.isCompressed()) {
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
    // Compressed values: K / 2 columns.
    Value kHalf;
    if (spec.problem.isCompressed())
      kHalf = arith::DivUIOp::create(b, k, idx(2));
    if (spec.problem.transposeA)
      llvm::append_range(regs, stager->loadTile(opA, k, i0, aFull));
    else
      llvm::append_range(
          regs,
          stager->loadTile(opA, i0, spec.problem.sparseA ? kHalf : k, aFull));
    if (spec.problem.sparseB)
      llvm::append_range(regs, stager->loadTile(opB, j0, kHalf, bFull));
    else if (spec.problem.transposeB)
      llvm::append_range(regs, stager->loadTile(opB, j0, k, bFull));
    else
      llvm::append_range(regs, stager->loadTile(opB, k, j0, bFull));
    if (staging.hasMeta) {
      Value w = arith::DivUIOp::create(b, k, idx(32));
      llvm::append_range(regs, stager->loadTile(opMeta, i0, w, aFull));
    }
    return regs;
  };
  int64_t numRegsA = 0, numRegsB = 0;
  auto storeAll = [&](ArrayRef<Value> regs, Value stage) {
    SmallVector<Value> regsA(regs.take_front(numRegsA)),
        regsB(regs.slice(numRegsA, numRegsB));
    regsA = signs.toSigned(/*operandB=*/false, regsA);
    regsB = signs.toSigned(/*operandB=*/true, regsB);
    stager->storeTile(opA, regsA, stage);
    stager->storeTile(opB, regsB, stage);
    if (staging.hasMeta) {
      SmallVector<Value> regsMeta(regs.drop_front(numRegsA + numRegsB));
      if (staging.nativeMeta)
        for (Value &w : regsMeta) {
          w = packer.permuteMetadata(w, *staging.nativeMeta);
          if (opMeta.ldsColScale == 2)
            w = packer.withRotatedHalves(w);
        }
      stager->storeTile(opMeta, regsMeta, stage);
    }
  };

  // Accumulators: C's tiles (linalg.matmul accumulates) or the fill value.
  int64_t tilesM = cfg.getTilesM(), tilesN = cfg.getTilesN();
  auto cTileType = VectorType::get({intr.m, intr.n}, spec.cElem);
  auto accType = VectorType::get({intr.m, intr.n},
                                 getAccumulatorType(b.getContext(), cfg));
  // C's rows past M in whole instruction tiles (a static M that is a
  // multiple of the instruction's M, N whole): each tile of C is inside or
  // outside M, so it is read in bounds (at a clamped row) and stored under
  // one branch, with no per-element checks.
  bool mWholeTiles = !mFull && nFull && !ShapedType::isDynamic(sM) &&
                     sM % intr.m == 0 && cfg.tileM % intr.m == 0;
  SmallVector<bool> cInBounds = {mFull || mWholeTiles, nFull};
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
  numRegsA = stager->regTypes(opA).size();
  numRegsB = stager->regTypes(opB).size();
  storeAll(loadAll(zero), zero);
  gpu::BarrierOp::create(b);

  // The pipelined K loop.
  //
  // With a static, even number of K tiles, one iteration runs two of them,
  // one from each LDS stage, and the last two run after the loop. This
  // keeps two kinds of instructions out of the loop: the stage is a
  // constant in each half, so every LDS address is a loop-invariant
  // register plus an immediate offset (with a loop-carried stage the
  // gfx1201 2:4 loop added it to 13 addresses per K tile); and every
  // prefetch is inside K, so no clamp (a 64-bit minimum) and no address
  // recomputed from it: each global address is the previous one plus a
  // constant. On RDNA every VALU instruction takes the SIMD from the
  // matrix unit; on CDNA a wave's iteration is a chain of issue slots and
  // waits that a shorter body shortens (predicted: gfx950 f16 2:4 one
  // wave 576 -> 464 cycles per K tile, 80.6% -> 91.2% of peak). At least
  // six K tiles: a loop of two iterations or more.
  // Not with 64 matrix instructions per wave and K tile (8-bit dense
  // 128 x 128 x 64): the backend's schedule of that longer body needs a
  // register more than the file has (test/Pipeline/all-chips.test).
  int64_t mmasPerTile = cfg.getTilesM() * cfg.getTilesN() *
                        std::max<int64_t>(1, cfg.tileK / intr.k);
  bool twoTiles = cfg.stages == 2 && kFull &&
                  mmasPerTile <= 32 && sK / cfg.tileK >= 6 &&
                  (sK / cfg.tileK) % 2 == 0;
  // Prefetch `next` into registers; its loads are in flight while the waves
  // compute from `stage`, then it is stored into the other stage.
  auto pipelinedStep = [&](Value stage, ValueRange accIn,
                           ArrayRef<Value> next) {
    // Keep the backend's scheduler from sinking the prefetch into the MMAs
    // or hoisting the LDS stores (and so the waits for the global loads)
    // above them: the loads get the whole compute phase.
    if (cfg.schedBarriers)
      ROCDL::SchedBarrier::create(b, 0);
    SmallVector<Value> out = computeStage(stage, accIn);
    if (cfg.schedBarriers)
      ROCDL::SchedBarrier::create(b, 0);
    storeAll(next, arith::SubIOp::create(b, idx(1), stage));
    gpu::BarrierOp::create(b);
    return out;
  };
  // Tiles k and k + 1 (in stages 0 and 1), prefetching k + 1 and k + 2;
  // the last pair has no k + 2.
  auto twoTileStep = [&](Value k, ValueRange accIn, bool last) {
    SmallVector<Value> out =
        pipelinedStep(zero, accIn, loadAll(add(k, cfg.tileK)));
    if (last) {
      // The epilogue's loads of C wait for the MMAs: they are its
      // registers' second user.
      out = computeStage(idx(1), out);
      if (cfg.schedBarriers)
        ROCDL::SchedBarrier::create(b, 0);
      return out;
    }
    return pipelinedStep(idx(1), out, loadAll(add(k, 2 * cfg.tileK)));
  };
  SmallVector<Value> iterArgs(acc);
  if (!twoTiles)
    iterArgs.push_back(zero); // stage holding the current K tile
  auto loop =
      twoTiles ? scf::ForOp::create(b, zero, idx(sK - 2 * cfg.tileK),
                                    idx(2 * cfg.tileK), iterArgs)
               : scf::ForOp::create(b, zero, K, idx(cfg.tileK), iterArgs);
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(loop.getBody());
    Value k = loop.getInductionVar();
    Value nextK = add(k, cfg.tileK);
    SmallVector<Value> newAcc;
    if (twoTiles) {
      newAcc = twoTileStep(k, loop.getRegionIterArgs(), /*last=*/false);
    } else if (cfg.stages == 2) {
      // Branch-free: the last iteration reloads the last tile (clamped)
      // into the buffer nobody reads any more.
      ValueRange loopAcc = loop.getRegionIterArgs().drop_back();
      Value stage = loop.getRegionIterArgs().back();
      Value lastK = mul(arith::DivUIOp::create(
                            b, arith::SubIOp::create(b, K, idx(1)),
                            idx(cfg.tileK)),
                        cfg.tileK);
      Value clampedK = arith::MinUIOp::create(b, nextK, lastK);
      newAcc = pipelinedStep(stage, loopAcc, loadAll(clampedK));
      newAcc.push_back(arith::SubIOp::create(b, idx(1), stage));
    } else {
      // One buffer: wait until every wave has read it, refill, wait again.
      ValueRange loopAcc = loop.getRegionIterArgs().drop_back();
      Value stage = loop.getRegionIterArgs().back();
      newAcc = computeStage(stage, loopAcc);
      gpu::BarrierOp::create(b);
      Value hasNext = cmp(arith::CmpIPredicate::slt, nextK, K);
      buildIf(TypeRange{}, hasNext, [&] {
        storeAll(loadAll(nextK), stage);
        return SmallVector<Value>{};
      });
      gpu::BarrierOp::create(b);
      newAcc.push_back(stage);
    }
    scf::YieldOp::create(b, newAcc);
  }
  SmallVector<Value> sums =
      twoTiles ? twoTileStep(idx(sK - 2 * cfg.tileK), loop.getResults(),
                             /*last=*/true)
               : SmallVector<Value>(loop.getResults().drop_back());

  // Epilogue: C + A * B back to memory; nothing outside C is written.
  Value cPad = arith::ConstantOp::create(b, spec.cElem,
                                         b.getZeroAttr(spec.cElem));
  bool isFloat = isa<FloatType>(getAccumulatorType(b.getContext(), cfg));
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
  // The wave's first element in the work-group tile, for the epilogue.
  Value tileRow0 = mul(waveM, cfg.getWaveTileM());
  Value tileCol0 = mul(waveN, cfg.getWaveTileN());
  EpilogueEmitter fused(b, epilogue);
  // C stored N x M is read and written through the transposed map.
  MLIRContext *ctx = b.getContext();
  AffineMap cMap =
      spec.problem.transposeC
          ? AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, ctx)
          : AffineMap::getMultiDimIdentityMap(2, ctx);
  auto cIndices = [&](Value row, Value col) {
    return spec.problem.transposeC ? SmallVector<Value>{col, row}
                                   : SmallVector<Value>{row, col};
  };
  std::pair<Value, AffineMap> corr;
  if (signs.hasCorrection())
    corr = signs.correctionView(M, N);
  Value corrPad = arith::ConstantOp::create(
      b, getAccumulatorType(b.getContext(), cfg),
      b.getZeroAttr(getAccumulatorType(b.getContext(), cfg)));
  auto addAcc = [&](Value x, Value y) -> Value {
    return isFloat ? arith::AddFOp::create(b, x, y).getResult()
                   : arith::AddIOp::create(b, x, y).getResult();
  };
  // C's tiles are read a batch at a time, ahead of the batch's adds and
  // stores, so that the batch's loads are in flight together: one memory
  // latency per batch, not per tile (a wave's 16 tiles of 128 x 128 on
  // gfx1201: 2 latencies, not 16; the model's "outside the loop" 5920 ->
  // 1744 cycles). On RDNA4 and CDNA a batch is up to 64 registers of C:
  // the loop's staging registers are free by then. gfx11's kernels (A and
  // B replicated in the lanes) end the loop at 256 VGPRs and spill with
  // even 32 more: one tile.
  //
  // On CDNA, C (static, every tile whole, under 2 GiB) is read and written
  // through a buffer resource (amdgpu.fat_raw_buffer_cast): a lane's 32x32
  // accumulator holds single elements of rows apart, each its own access,
  // and a 64-bit global address per element costs two VALU instructions
  // and a hazard wait where a buffer offset costs one 32-bit add (gfx950
  // f16 2:4 at 4096^3: outside the loop 7364 -> 6128 cycles one tile at a
  // time, and the registers the batches need).
  int64_t numTiles = tilesM * tilesN;
  int64_t batch = 1;
  bool cdna = intr.family == MmaFamily::MFMA || intr.family == MmaFamily::SMFMAC;
  if (isRdna4Only(intr) || cdna) {
    int64_t tileRegs = std::max<int64_t>(
        1, intr.m * intr.n * spec.cElem.getIntOrFloatBitWidth() /
               (32 * cfg.waveSize));
    batch = std::clamp<int64_t>(64 / tileRegs, 1, numTiles);
  }
  auto cType = cast<MemRefType>(c.getType());
  if (cdna && (mFull || mWholeTiles) && nFull && cType.hasStaticShape() &&
      cType.getNumElements() * cType.getElementTypeBitWidth() / 8 <
          (int64_t(1) << 31))
    c = amdgpu::FatRawBufferCastOp::create(b, c, Value(), Value(),
                                           b.getBoolAttr(false),
                                           b.getUnitAttr());
  SmallVector<Value> inits(numTiles);
  auto rowOf = [&](int64_t t) { return add(cRow0, t / tilesN * intr.m); };
  auto colOf = [&](int64_t t) { return add(cCol0, t % tilesN * intr.n); };
  for (int64_t t = 0; t < numTiles; ++t) {
    if (t % batch == 0 && !fillValue)
      for (int64_t u = t; u < std::min(numTiles, t + batch); ++u) {
        Value row = rowOf(u);
        if (mWholeTiles) // a tile past M reads the last one (unused)
          row = arith::MinSIOp::create(b, row, idx(sM - intr.m));
        inits[u] = vector::TransferReadOp::create(
            b, cTileType, c, cIndices(row, colOf(u)), cPad, cMap,
            cInBounds);
      }
    std::optional<OpBuilder::InsertionGuard> inTile;
    if (mWholeTiles) {
      inTile.emplace(b);
      scf::IfOp inM = buildIf(
          TypeRange{}, cmp(arith::CmpIPredicate::slt, rowOf(t), M),
          [&] { return SmallVector<Value>{}; });
      b.setInsertionPoint(inM.thenBlock()->getTerminator());
    }
    int64_t i = t / tilesN, j = t % tilesN;
    Value row = rowOf(t), col = colOf(t);
    SmallVector<Value> at = cIndices(row, col);
    Value sum = sums[t];
    // A decompressed 2:4 operand's pruned zeros multiply nothing.
    if (decompressesFloats())
      sum = fixPrunedProducts(sum, row, col, cInBounds);
    Value init;
    if (!fillValue)
      init = convert(inits[t], accType);
    else if (fillAcc)
      init = *fillAcc;
    if (init)
      sum = addAcc(sum, init);
    if (signs.hasCorrection()) {
      // Rows of the view are C's rows (A offset: per column) or its
      // columns (B offset: per row).
      SmallVector<Value> corrAt = cfg.signOffsetA
                                      ? SmallVector<Value>{row, col}
                                      : SmallVector<Value>{col, row};
      sum = addAcc(sum, vector::TransferReadOp::create(
                            b, accType, corr.first, corrAt, corrPad,
                            corr.second, cInBounds));
    }
    // C's value in C's type: what the fused ops read (a tile of Cᵀ with a
    // transposed C, which they read through swapped indices), stored once,
    // through cMap, unless C is a temporary only they read.
    Value cTile = convert(sum, cTileType);
    if (!epilogue.empty())
      cTile = fused.emitTile(cTile, add(tileRow0, i * intr.m),
                             add(tileCol0, j * intr.n), cInBounds);
    if (epilogue.storesC())
      vector::TransferWriteOp::create(b, cTile, c, at, cMap, cInBounds);
  }

  return success();
}
