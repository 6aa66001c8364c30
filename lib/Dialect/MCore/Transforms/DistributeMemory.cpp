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

Value distribute::readRun(OpBuilder &b, vector::TransferReadOp read,
                          const Geometry &g, const Role &role, Value lane0,
                          Value lane1, unsigned e, unsigned len) {
  Location loc = read.getLoc();
  Type elem = read.getVectorType().getElementType();
  SmallVector<Value> idx =
      g.indicesOf(b, loc, lane0, lane1, role.layout().apply(0, e));
  auto runType = VectorType::get({int64_t(len)}, elem);
  if (g.allInBounds() && g.contig >= 0)
    return vector::LoadOp::create(b, loc, runType, g.base, idx);
  if (g.allInBounds() && len == 1) {
    Value s = memref::LoadOp::create(b, loc, g.base, idx);
    return vector::BroadcastOp::create(b, loc, runType, s);
  }
  auto [type, map] = g.narrowTransfer(b, len, elem);
  Value two = vector::TransferReadOp::create(b, loc, type, g.base, idx,
                                             read.getPadding(), map,
                                             ArrayRef<bool>(g.inBounds));
  return vector::ShapeCastOp::create(b, loc, runType, two);
}

/// ORs `v` (its low `bits` bits) into `words` at bit `at`, LLVM's packing
/// of a vector of narrow elements (a value may straddle two words).
static void orIntoWords(OpBuilder &b, Location loc, SmallVectorImpl<Value> &words,
                        Value v, unsigned at, unsigned bits) {
  Type i32 = b.getI32Type();
  auto cst = [&](int64_t c) -> Value {
    return arith::ConstantIntOp::create(b, loc, i32, c);
  };
  unsigned word = at / 32, shift = at % 32;
  words[word] = arith::OrIOp::create(
      b, loc, words[word],
      shift ? arith::ShLIOp::create(b, loc, v, cst(shift)) : v);
  if (shift + bits > 32)
    words[word + 1] = arith::OrIOp::create(
        b, loc, words[word + 1],
        arith::ShRUIOp::create(b, loc, v, cst(32 - shift)));
}

unsigned distribute::getInterleavedPosition(unsigned e) {
  unsigned j = e % 8;
  return e - j + 2 * (j % 4) + j / 4;
}

bool distribute::interleavesK(const Role &role) {
  auto attr = dyn_cast_or_null<IntrinsicAttr>(role.intrinsic);
  if (role.scales || !attr ||
      (role.operand != Operand::A && role.operand != Operand::B))
    return false;
  const IntrinsicInfo &info = *attr.getIntrinsic();
  auto fp4OrByte = [](ScalarKind k) {
    return k == ScalarKind::FP4 || k == ScalarKind::FP8 || k == ScalarKind::BF8;
  };
  if (!info.isScaled() || !fp4OrByte(info.a.kind) || !fp4OrByte(info.b.kind) ||
      (info.a.kind != ScalarKind::FP4 && info.b.kind != ScalarKind::FP4))
    return false;
  // Element bits 0-2 of both fragments step K by 1, 2 and 4 (A's K is its
  // dim 1, B's its dim 0): then the same exchange of those bits in A and B
  // pairs the same K values.
  LaneLayout a = info.a.layout, bl = info.b.layout;
  if (a.numElemBits < 3 || bl.numElemBits < 3)
    return false;
  for (unsigned i = 0; i < 3; ++i)
    if (!(a.elemBases[i] == TileCoord{0, uint16_t(1u << i)}) ||
        !(bl.elemBases[i] == TileCoord{uint16_t(1u << i), 0}))
      return false;
  return true;
}

Value distribute::readSubByte(OpBuilder &b, vector::TransferReadOp read,
                              const Geometry &g, const Role &role,
                              Value lane0, Value lane1, VectorType fragType) {
  Location loc = read.getLoc();
  Type elem = read.getVectorType().getElementType();
  unsigned w = elem.getIntOrFloatBitWidth(), n = role.numElems();
  assert(role.stride() == 1 && (n * w) % 32 == 0 &&
         "sub-byte fragments are whole 32-bit words");
  Type i8 = b.getI8Type(), i32 = b.getI32Type(), iw = b.getIntegerType(w);
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIntOp::create(b, loc, i32, v);
  };
  SmallVector<Value> words(n * w / 32, cst(0));
  // FP4 beside FP4 or an 8-bit format (interleavesK): element 8g + 4h + j
  // (j < 4) at position 8g + 2j + h, so that eight bytes pack with one
  // shift-or.
  bool interleave = w == 4 && interleavesK(role);
  auto position = [&](unsigned e) -> unsigned {
    return interleave ? getInterleavedPosition(e) : e;
  };
  // A tile that may cross an edge is read element by element: a masked
  // transfer of a sub-byte vector is lowered through a bit-packed
  // temporary that disagrees with the byte per element of memory.
  for (auto [e0, len] :
       elementRuns(role, g.allInBounds() ? g.contig : -1)) {
    Value run = readRun(b, read, g, role, lane0, lane1, e0, len);
    auto asInts = [&](Type t) {
      return arith::ExtUIOp::create(
          b, loc, VectorType::get({int64_t(len)}, t),
          arith::BitcastOp::create(b, loc,
                                   VectorType::get({int64_t(len)}, iw), run));
    };
    if (len % 4 || (interleave && (len % 8 || e0 % 8))) {
      Value bits = asInts(i32);
      for (unsigned i = 0; i < len; ++i)
        orIntoWords(
            b, loc, words,
            vector::ExtractOp::create(b, loc, bits, ArrayRef<int64_t>{i}),
            position(e0 + i) * w, w);
      continue;
    }
    // The run's bytes (each element's w bits, the rest of its byte
    // cleared) as 32-bit words.
    Value dwords = vector::BitCastOp::create(
        b, loc, VectorType::get({int64_t(len / 4)}, i32), asInts(i8));
    auto dword = [&](unsigned d) -> Value {
      return vector::ExtractOp::create(b, loc, dwords, ArrayRef<int64_t>{d});
    };
    auto shr = [&](Value v, int64_t by) -> Value {
      return arith::ShRUIOp::create(b, loc, v, cst(by));
    };
    auto shl = [&](Value v, int64_t by) -> Value {
      return arith::ShLIOp::create(b, loc, v, cst(by));
    };
    auto mask = [&](Value v, int64_t m) -> Value {
      return arith::AndIOp::create(b, loc, v, cst(m));
    };
    auto orOf = [&](Value x, Value y) -> Value {
      return arith::OrIOp::create(b, loc, x, y);
    };
    if (interleave) {
      // Byte j of lo | hi << 4 holds element j (low nibble) and element
      // j + 4 (high): one v_lshl_or_b32 per eight elements.
      for (unsigned d = 0; d < len / 4; d += 2)
        orIntoWords(b, loc, words, orOf(dword(d), shl(dword(d + 1), 4)),
                    (e0 + 4 * d) * w, 32);
      continue;
    }
    if (w == 4 && len % 8 == 0) {
      // FP4, eight at a time: t = x | x >> 4 holds elements 0-1 in byte 0
      // and 2-3 in byte 2; bytes 0 and 2 of two such words are the eight
      // elements' 32 bits (a byte permutation: v_perm_b32).
      for (unsigned d = 0; d < len / 4; d += 2) {
        Value lo = dword(d), hi = dword(d + 1);
        Value tl = orOf(lo, shr(lo, 4)), th = orOf(hi, shr(hi, 4));
        Value word = orOf(orOf(mask(tl, 0xFF), mask(shr(tl, 8), 0xFF00)),
                          orOf(mask(shl(th, 16), 0xFF0000),
                               mask(shl(th, 8), int64_t(0xFF000000u))));
        orIntoWords(b, loc, words, word, (e0 + 4 * d) * w, 32);
      }
      continue;
    }
    // Four at a time, in two steps (FP6: 6 operations for 24 bits): the
    // elements of each half-word together (byte 1 down by 8 - w bits),
    // then the two halves (the high one down by 16 - 2w).
    int64_t field = (1 << w) - 1;
    for (unsigned d = 0; d < len / 4; ++d) {
      Value x = dword(d);
      int64_t lowOfHalves = field | field << 16;
      Value pairs = orOf(mask(x, lowOfHalves),
                         mask(shr(x, 8 - w), lowOfHalves << w));
      int64_t pair = (1 << (2 * w)) - 1;
      Value compact = orOf(mask(pairs, pair),
                           mask(shr(pairs, 16 - 2 * w), pair << (2 * w)));
      orIntoWords(b, loc, words, compact, (e0 + 4 * d) * w, 4 * w);
    }
  }
  Value packed = vector::FromElementsOp::create(
      b, loc, VectorType::get({int64_t(words.size())}, i32), words);
  return vector::BitCastOp::create(b, loc, fragType, packed);
}
