//===- DistributeMemory.cpp - Per-lane memory accesses of tiles -----------===//
//
// See DistributeMemory.h.
//
//===----------------------------------------------------------------------===//

#include "DistributeMemory.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::distribute;

static bool innermostIsContiguous(MemRefType type) {
  if (type.getLayout().isIdentity())
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(type.getStridesAndOffset(strides, offset)) &&
         !strides.empty() && strides.back() == 1;
}

template <typename TransferOp>
static FailureOr<Geometry> geometryOfTransfer(TransferOp op) {
  if (op.getMask())
    return op.emitError("mcore-distribute does not handle masked "
                        "transfers of whole tiles");
  auto memType = dyn_cast<MemRefType>(op.getBase().getType());
  if (!memType)
    return op.emitError("mcore-distribute moves whole tiles from and to "
                        "memrefs only");
  AffineMap map = op.getPermutationMap();
  unsigned rank = memType.getRank();
  // Each tile coordinate selects a memref dimension, or (reads only)
  // broadcasts one element.
  constexpr bool isRead = std::is_same_v<TransferOp, vector::TransferReadOp>;
  unsigned dims[2];
  bool ok = map.getNumResults() == 2;
  for (unsigned d = 0; ok && d < 2; ++d) {
    AffineExpr e = map.getResult(d);
    if (auto dimExpr = dyn_cast<AffineDimExpr>(e))
      dims[d] = dimExpr.getPosition();
    else if (isRead && isa<AffineConstantExpr>(e) &&
             cast<AffineConstantExpr>(e).getValue() == 0)
      dims[d] = Geometry::kBroadcast;
    else
      ok = false;
  }
  if (!ok)
    return op.emitError("mcore-distribute handles permutation maps that "
                        "select two memref dimensions")
           << (isRead ? " (or broadcast along one or both)" : "")
           << ", got " << AffineMapAttr::get(map);
  Geometry g{op.getBase(),
             op.getIndices(),
             rank,
             {dims[0], dims[1]},
             -1,
             {op.isDimInBounds(0) || dims[0] == Geometry::kBroadcast,
              op.isDimInBounds(1) || dims[1] == Geometry::kBroadcast}};
  if (rank > 0 && innermostIsContiguous(memType))
    g.contig = g.dim[1] == rank - 1 ? 1 : g.dim[0] == rank - 1 ? 0 : -1;
  return g;
}

FailureOr<Geometry> distribute::geometryOf(vector::TransferReadOp op) {
  return geometryOfTransfer(op);
}

FailureOr<Geometry> distribute::geometryOf(vector::TransferWriteOp op) {
  return geometryOfTransfer(op);
}

std::pair<Value, Value> distribute::laneCoords(OpBuilder &b, Location loc,
                                               Value lane,
                                               const LaneLayout &l) {
  Value coords[2];
  for (unsigned d = 0; d < 2; ++d) {
    Value sum = arith::ConstantIndexOp::create(b, loc, 0);
    unsigned bit = 0;
    while (bit < l.numLaneBits) {
      auto comp = [&](unsigned b) -> uint32_t {
        TileCoord c = l.laneBases[b];
        return d == 0 ? c.d0 : c.d1;
      };
      uint32_t base = comp(bit);
      if (!base) {
        ++bit;
        continue;
      }
      unsigned run = 1;
      while (bit + run < l.numLaneBits && comp(bit + run) == base << run)
        ++run;
      Value v = lane;
      if (bit)
        v = arith::ShRUIOp::create(b, loc, v,
                                   arith::ConstantIndexOp::create(b, loc, bit));
      v = arith::AndIOp::create(
          b, loc, v, arith::ConstantIndexOp::create(b, loc, (1 << run) - 1));
      if (base != 1)
        v = arith::MulIOp::create(b, loc, v,
                                  arith::ConstantIndexOp::create(b, loc, base));
      sum = arith::AddIOp::create(b, loc, sum, v);
      bit += run;
    }
    coords[d] = sum;
  }
  return {coords[0], coords[1]};
}

SmallVector<std::pair<unsigned, unsigned>>
distribute::elementRuns(const Role &role, int contig) {
  const LaneLayout &l = role.layout();
  SmallVector<std::pair<unsigned, unsigned>> runs;
  unsigned n = role.numElems();
  for (unsigned e = 0; e < n;) {
    unsigned len = 1;
    if (contig >= 0) {
      TileCoord first = l.apply(0, e);
      while (e + len < n) {
        TileCoord next = l.apply(0, e + len);
        bool ok = contig == 0 ? (next.d1 == first.d1 &&
                                 next.d0 == first.d0 + len)
                              : (next.d0 == first.d0 &&
                                 next.d1 == first.d1 + len);
        if (!ok)
          break;
        ++len;
      }
    }
    runs.push_back({e, len});
    e += len;
  }
  return runs;
}

Value distribute::readSubByte(OpBuilder &b, vector::TransferReadOp read,
                              const Geometry &g, const Role &role,
                              Value lane0, Value lane1, VectorType fragType) {
  Location loc = read.getLoc();
  Type elem = read.getVectorType().getElementType();
  unsigned w = elem.getIntOrFloatBitWidth(), n = role.numElems();
  assert(role.stride() == 1 && (n * w) % 32 == 0 &&
         "sub-byte fragments are whole 32-bit words");
  Type i32 = b.getI32Type(), iw = b.getIntegerType(w);
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, i32, v);
  };
  SmallVector<Value> words(n * w / 32, cst(0));
  for (unsigned e = 0; e < n; ++e) {
    SmallVector<Value> idx =
        g.indicesOf(b, loc, lane0, lane1, role.layout().apply(0, e));
    Value v;
    if (g.allInBounds()) {
      v = memref::LoadOp::create(b, loc, g.base, idx);
    } else {
      auto [type, map] = g.narrowTransfer(b, 1, elem);
      Value one = vector::TransferReadOp::create(
          b, loc, type, g.base, idx, read.getPadding(), map,
          ArrayRef<bool>(g.inBounds));
      v = vector::ExtractOp::create(b, loc, one, ArrayRef<int64_t>{0, 0});
    }
    Value bits = arith::ExtUIOp::create(
        b, loc, i32, arith::BitcastOp::create(b, loc, iw, v));
    unsigned word = e * w / 32, shift = e * w % 32;
    words[word] = arith::OrIOp::create(
        b, loc, words[word],
        shift ? arith::ShLIOp::create(b, loc, bits, cst(shift)) : bits);
    if (shift + w > 32)
      words[word + 1] = arith::OrIOp::create(
          b, loc, words[word + 1],
          arith::ShRUIOp::create(b, loc, bits, cst(32 - shift)));
  }
  Value packed = vector::FromElementsOp::create(
      b, loc, VectorType::get({int64_t(words.size())}, i32), words);
  return vector::BitCastOp::create(b, loc, fragType, packed);
}
