//===- TileMatmulStaging.cpp - Global -> registers -> LDS ----------------===//
//
// How A, B and the sparse metadata reach LDS: the buffers' shapes (one set
// of rows per stage, rows padded against bank conflicts), which thread
// copies which chunk, 128-bit loads where the tile allows, masked loads
// (zero fill) for edge tiles behind one uniform branch, operands stored
// K-major (B, or a K x M A) transposed in registers so that LDS holds them
// K-contiguous, and a 2:4 A expanded to dense for the dense fallback.
//
//===----------------------------------------------------------------------===//

#include "TileMatmulStaging.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

SmallVector<Type> tilematmul::getLdsBufferTypes(MLIRContext *ctx,
                                                const MatmulOperands &spec,
                                                const MatmulTileConfig &cfg) {
  auto lds = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  int64_t colsA = cfg.sparseInstruction ? cfg.tileK / 2 : cfg.tileK;
  auto ldsBuffer = [&](int64_t rows, int64_t cols, Type elem, int64_t pad) {
    int64_t bits = elem.getIntOrFloatBitWidth();
    if (bits < 8)
      return MemRefType::get({rows, cols * bits / 8 + pad},
                             IntegerType::get(ctx, 8),
                             MemRefLayoutAttrInterface(), lds);
    return MemRefType::get({rows, cols + pad * 8 / bits}, elem,
                           MemRefLayoutAttrInterface(), lds);
  };
  SmallVector<Type> buffers = {
      ldsBuffer(cfg.stages * cfg.tileM, colsA, spec.aElem, cfg.ldsPadBytes),
      ldsBuffer(cfg.stages * cfg.tileN, cfg.tileK, spec.bElem,
                cfg.ldsPadBytesB)};
  if (cfg.sparseInstruction)
    buffers.push_back(
        MemRefType::get({cfg.stages * cfg.tileM, getLdsMetadataCols(cfg)},
                        IntegerType::get(ctx, 32),
                        MemRefLayoutAttrInterface(), lds));
  return buffers;
}

StagingPlan tilematmul::planStaging(ImplicitLocOpBuilder &b,
                                    const MatmulOperands &spec,
                                    const MatmulTileConfig &cfg,
                                    ValueRange buffers, Value M, Value N,
                                    Value K, bool mFull, bool nFull, bool kFull,
                                    int64_t sK) {
  StagingPlan plan;
  StagedOperand &opA = plan.a, &opB = plan.b, &opMeta = plan.meta;
  EmitterBase ops(b);
  auto dim = [&](Value memref, int64_t d) { return ops.dim(memref, d); };
  Value a = spec.a, bMat = spec.b;
  int64_t threads = cfg.getNumThreads();
  // The shape of each operand's copy (getStagingGeometry); the bounds are
  // the global matrix's: K x tile-dim for a transposed operand.
  auto applyGeometry = [&](StagedOperand &s, bool operandB, Value tileBound,
                           Value kBound) {
    StagingGeometry g = getStagingGeometry(spec.problem, cfg, operandB);
    s.rows = g.rows;
    s.cols = g.cols;
    s.vec = g.vec;
    s.kPer = g.kPer;
    s.transpose = g.transpose;
    s.pack = g.pack;
    s.rowBound = g.transpose ? K : tileBound;
    s.colBound = g.transpose ? tileBound : kBound;
  };

  // A: M x K (or compressed values M x K/2); a transposed A (K x M, dense
  // only) is staged like B.
  opA.global = a;
  opA.lds = buffers[0];
  opA.ldsRows = cfg.tileM;
  applyGeometry(opA, /*operandB=*/false, M, dim(a, 1));
  bool kFullA = kFull && (!spec.problem.sparseA ||
                          (!ShapedType::isDynamic(sK) && sK % 4 == 0));
  opA.staticFull = mFull && kFullA;
  opA.colsFull = opA.transpose ? mFull : kFullA;
  opA.decompress = cfg.decompressA;
  if (cfg.decompressA) {
    opA.meta = spec.meta;
    opA.metaCols = dim(spec.meta, 1);
  }

  // B: K x N in global, staged N-major (transposed) in LDS, or already
  // N x K (transposeB): a plain row-major copy.
  opB.global = bMat;
  opB.lds = buffers[1];
  opB.ldsRows = cfg.tileN;
  applyGeometry(opB, /*operandB=*/true, N,
                spec.problem.sparseB ? dim(bMat, 1) : K);
  bool kFullB = kFull && (!spec.problem.sparseB ||
                          (!ShapedType::isDynamic(sK) && sK % 4 == 0));
  opB.staticFull = nFull && kFullB;
  opB.colsFull = opB.transpose ? nFull : kFullB;
  if (spec.problem.sparseB) {
    // Compressed values N x K/2, expanded to dense N-major LDS rows as a
    // compressed A is for the dense fallback.
    opB.decompress = true;
    opB.meta = spec.meta;
    opB.metaCols = dim(spec.meta, 1);
  }

  plan.hasMeta = cfg.sparseInstruction;
  if (plan.hasMeta) {
    // K tiles and the metadata words staged hold whole instruction steps.
    plan.nativeMeta = getStagedNativeOrder(cfg);
    if (stagesMetadataHalves(cfg))
      opMeta.ldsColScale = 2;
    opMeta.global = spec.meta;
    opMeta.lds = buffers[2];
    opMeta.rows = cfg.tileM;
    opMeta.ldsRows = cfg.tileM;
    opMeta.cols = cfg.tileK / 32;
    opMeta.vec = getChunkElements(32, opMeta.cols);
    // Narrower loads rather than idle threads: a guard on the thread id is
    // a branch the backend cannot prove wave-uniform.
    while (opMeta.vec > 1 &&
           opMeta.rows * (opMeta.cols / opMeta.vec) < threads)
      opMeta.vec /= 2;
    opMeta.rowBound = M;
    opMeta.colBound = dim(spec.meta, 1);
    opMeta.staticFull = mFull && kFull;
    opMeta.colsFull = kFull;
  }

  // Operands whose tiles cross only the M or N edge read clamped chunks
  // instead of masked ones (StagedOperand::clampTile). Transposed, the tile
  // dimension is the columns: whole chunks of vec, so the matrix's columns
  // must be a static multiple of vec.
  auto clamp = [&](StagedOperand &s, bool kFullOperand) {
    if (s.staticFull || !kFullOperand)
      return;
    if (s.transpose) {
      int64_t cols = cast<MemRefType>(s.global.getType()).getDimSize(1);
      if (ShapedType::isDynamic(cols) || cols % s.vec)
        return;
    }
    s.clampTile = true;
  };
  clamp(opA, kFullA);
  clamp(opB, kFullB);
  if (plan.hasMeta)
    clamp(opMeta, kFull);
  return plan;
}

std::pair<Value, Value> OperandStager::transposedChunk(const StagedOperand &s,
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

Value OperandStager::wrappedChunk(int64_t t, int64_t totalChunks) {
  Value chunk = add(tid, t * numThreads);
  if ((t + 1) * numThreads <= totalChunks)
    return chunk;
  // Threads past the last chunk (a tile that is not a multiple of the
  // block) copy chunk c mod totalChunks again: the same values to the same
  // LDS place as the thread that owns it, in another store instruction. A
  // guard would be a branch on the thread id around the loads and the
  // stores, which the backend cannot prove uniform: exec-mask blocks in the
  // loop, and values live across them (gfx942's f16 2:4 224x256 tile, 224
  // rows of 2 chunks for 512 threads: 253 spilled registers with the
  // guard, none without). The index is loop-invariant.
  return arith::RemUIOp::create(b, chunk, idx(totalChunks));
}

int64_t OperandStager::chunksPerThread(const StagedOperand &s) const {
  int64_t chunks = s.transpose ? (s.rows / s.kPer) * (s.cols / s.vec)
                               : s.rows * (s.cols / s.vec);
  return ceilDiv(chunks, numThreads);
}

Value OperandStager::maskedLoad(Value mem, Value row, Value col, int64_t vec,
                                Type elem, Value rowBound, Value colBound,
                                bool colsFull) {
  if (colsFull) {
    // Only the row can be out: one full load under a branch (a skinny
    // matmul's A rows past M), not the per-element loads the backend makes
    // of a dynamic mask.
    auto type = VectorType::get({vec}, elem);
    Value rowOk = cmp(arith::CmpIPredicate::slt, row, rowBound);
    return buildIf(
               type, rowOk,
               [&] {
                 return SmallVector<Value>{vector::LoadOp::create(
                     b, type, mem, ValueRange{row, col})};
               },
               [&] { return SmallVector<Value>{zeroVector(type)}; })
        .getResult(0);
  }
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

SmallVector<Type> OperandStager::regTypes(const StagedOperand &s) const {
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

SmallVector<Value> OperandStager::loadChunks(const StagedOperand &s, Value r0,
                                             Value c0, bool masked) {
  Type elem = cast<MemRefType>(s.global.getType()).getElementType();
  auto vecType = VectorType::get({s.vec}, elem);
  SmallVector<Value> regs;
  int64_t perThread = chunksPerThread(s);
  int64_t chunksPerRow = s.cols / s.vec;
  int64_t totalChunks = s.transpose ? (s.rows / s.kPer) * chunksPerRow
                                    : s.rows * chunksPerRow;
  for (int64_t t = 0; t < perThread; ++t) {
    Value chunk = wrappedChunk(t, totalChunks);
    Value row, col;
    if (s.transpose) {
      // Chunk = kPer consecutive rows (k) of one vec-wide column group (n).
      std::tie(row, col) = transposedChunk(s, chunk);
    } else {
      row = arith::DivUIOp::create(b, chunk, idx(chunksPerRow));
      col = mul(arith::RemUIOp::create(b, chunk, idx(chunksPerRow)), s.vec);
    }
    Value gRow = add(r0, row), gCol = add(c0, col);
    if (s.clampTile && !masked) {
      if (s.transpose)
        gCol = arith::MinSIOp::create(
            b, gCol, arith::SubIOp::create(b, s.colBound, idx(s.vec)));
      else
        gRow = arith::MinSIOp::create(
            b, gRow, arith::SubIOp::create(b, s.rowBound, idx(1)));
    }
    int64_t numLoads = s.transpose ? s.kPer : 1;
    auto emitLoads = [&](SmallVectorImpl<Value> &out) {
      SmallVector<Value> loaded;
      for (int64_t r = 0; r < numLoads; ++r) {
        Value rr = add(gRow, r);
        if (masked)
          loaded.push_back(maskedLoad(s.global, rr, gCol, s.vec, elem,
                                      s.rowBound, s.colBound, s.colsFull));
        else
          loaded.push_back(vector::LoadOp::create(b, vecType, s.global,
                                                  ValueRange{rr, gCol}));
      }
      // Sub-byte values are packed (or, to be expanded, widened to bytes)
      // as soon as they are loaded: the registers that hold them until the
      // LDS store are halved, and no vector of i4 crosses a branch or the
      // loop (LLVM would hold one i4 per 16 bits there).
      if (s.pack)
        loaded = packer.packLoaded(loaded, s.decompress, s.transpose);
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
    emitLoads(regs);
  }
  return regs;
}

SmallVector<Value> OperandStager::loadTile(const StagedOperand &s, Value r0,
                                           Value c0, Value fullCond) {
  if (s.staticFull || s.clampTile || !fullCond)
    return loadChunks(s, r0, c0, /*masked=*/false);
  // A uniform branch: full tiles take plain 128-bit loads, edge tiles the
  // masked path.
  auto ifOp = buildIf(
      regTypes(s), fullCond,
      [&] { return loadChunks(s, r0, c0, /*masked=*/false); },
      [&] { return loadChunks(s, r0, c0, /*masked=*/true); });
  return SmallVector<Value>(ifOp.getResults());
}

Value OperandStager::stageView(const StagedOperand &s, Value stage) {
  if (!stageViews)
    return s.lds;
  auto type = cast<MemRefType>(s.lds.getType());
  SmallVector<OpFoldResult> offsets = {OpFoldResult(mul(stage, s.ldsRows)),
                                       b.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(s.ldsRows),
                                     b.getIndexAttr(type.getDimSize(1))};
  SmallVector<OpFoldResult> strides = {b.getIndexAttr(1), b.getIndexAttr(1)};
  return memref::SubViewOp::create(b, s.lds, offsets, sizes, strides);
}

void OperandStager::storeTile(const StagedOperand &s, ArrayRef<Value> regs,
                              Value stage) {
  Value lds = stageView(s, stage);
  Value ldsRow0 = lds == s.lds ? mul(stage, s.ldsRows) : idx(0);
  int64_t perThread = chunksPerThread(s);
  int64_t chunksPerRow = s.cols / s.vec;
  int64_t totalChunks = s.transpose ? (s.rows / s.kPer) * chunksPerRow
                                    : s.rows * chunksPerRow;
  int64_t regsPerChunk = regTypes(s).size() / perThread;
  for (int64_t t = 0; t < perThread; ++t) {
    ArrayRef<Value> chunkRegs = regs.slice(t * regsPerChunk, regsPerChunk);
    Value chunk = wrappedChunk(t, totalChunks);
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
          SmallVector<Value> columns = packer.transposeBytes(rows);
          for (int64_t e = 0; e < s.vec; ++e)
            vector::StoreOp::create(b, columns[e], lds,
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
          vector::StoreOp::create(b, v, lds,
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
            packer.expand2to4(chunkRegs[0], chunkRegs[1], s.vec);
        int64_t half = s.pack ? s.vec / 2 : s.vec;
        Value denseCol = mul(chunkCol, 2 * half);
        for (auto [i, h] : llvm::enumerate(halves))
          vector::StoreOp::create(
              b, s.pack ? packer.packNibbles(h) : h, lds,
              ValueRange{ldsRow, add(denseCol, int64_t(i) * half)});
        return;
      }
      if (s.pack) {
        vector::StoreOp::create(b, chunkRegs[0], lds,
                                ValueRange{ldsRow, mul(chunkCol, s.vec / 2)});
        return;
      }
      vector::StoreOp::create(
          b, chunkRegs[0], lds,
          ValueRange{ldsRow, mul(chunkCol, s.vec * s.ldsColScale)});
    };
    emitStores();
  }
}
