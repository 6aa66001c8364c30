//===- TileMatmulPacking.cpp - A staged chunk's registers -----------------===//
//
// ChunkPacker (TileMatmulPacking.h). i4 elements are one per byte in global
// memory and two per byte in LDS.
// They are packed as soon as they are loaded, on 32-bit words where the
// vector allows, so that no vector of i4 crosses a branch or the K loop and
// the staging registers are halved; operands stored K-major are transposed
// as bytes (v_perm_b32 after the backend). Metadata words are permuted
// into the instruction's native order once, when they are staged, and a
// 2:4 operand for a dense instruction is expanded as it is stored.
//
//===----------------------------------------------------------------------===//

#include "TileMatmulPacking.h"

#include <map>

#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::tilematmul;

SmallVector<Value> ChunkPacker::packLoaded(ArrayRef<Value> loads,
                                           bool decompress, bool transpose) {
  SmallVector<Value> wide =
      llvm::map_to_vector(loads, [&](Value v) { return widenNibbles(v); });
  if (decompress)
    return wide;
  if (!transpose)
    return {packNibbles(wide[0])};
  SmallVector<Value> pairs;
  for (size_t r = 0; r < wide.size(); r += 2)
    pairs.push_back(combineNibbles(wide[r], wide[r + 1]));
  return pairs;
}

Value ChunkPacker::widenNibbles(Value v) {
  auto type = cast<VectorType>(v.getType());
  return arith::ExtUIOp::create(b, type.clone(b.getI8Type()), v);
}

Value ChunkPacker::packNibbles(Value z) {
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

Value ChunkPacker::combineNibbles(Value lo, Value hi) {
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

SmallVector<Value> ChunkPacker::transposeBytes(ArrayRef<Value> rows) {
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

Value ChunkPacker::withRotatedHalves(Value words) {
  auto type = cast<VectorType>(words.getType());
  int64_t n = type.getDimSize(0);
  SmallVector<int64_t> source;
  for (int64_t w = 0; w < n; ++w)
    for (int64_t byte : {0, 1, 2, 3, 2, 3, 0, 1})
      source.push_back(4 * w + byte);
  Value raw = vector::BitCastOp::create(
      b, VectorType::get({4 * n}, b.getI8Type()), words);
  Value both = vector::ShuffleOp::create(b, raw, raw, source);
  return vector::BitCastOp::create(
      b, VectorType::get({2 * n}, type.getElementType()), both);
}

Value ChunkPacker::permuteMetadata(Value words,
                                   const sparse24::NativeIndexOrder &order) {
  // Destination nibbles by how far their source nibble is (in nibbles; > 0:
  // the source is higher).
  std::map<int, uint32_t> masks;
  unsigned g = order.groupsPerStep;
  for (unsigned step = 0; step < 8 / g; ++step)
    for (unsigned p = 0; p < g; ++p)
      masks[int(order.groupAt[p]) - int(p)] |= 0xfu << (4 * (step * g + p));
  Type type = words.getType();
  // Whole bytes moving by whole bytes (SWMMAC's order: bytes 1 and 2 swap):
  // one byte shuffle of each word, a single v_perm_b32 on gfx12 where the
  // shifts and masks below took two VALU instructions.
  auto vector = dyn_cast<VectorType>(type);
  bool bytewise = vector && vector.getRank() == 1 &&
                  llvm::all_of(masks, [](auto &entry) {
                    auto [distance, mask] = entry;
                    if (distance % 2)
                      return false;
                    for (unsigned byte = 0; byte < 4; ++byte) {
                      uint32_t bits = (mask >> (8 * byte)) & 0xffu;
                      if (bits != 0 && bits != 0xffu)
                        return false;
                    }
                    return true;
                  });
  if (bytewise) {
    int64_t n = vector.getDimSize(0);
    SmallVector<int64_t> source(4 * n);
    for (int64_t w = 0; w < n; ++w)
      for (unsigned byte = 0; byte < 4; ++byte)
        for (auto [distance, mask] : masks)
          if ((mask >> (8 * byte)) & 0xffu)
            source[4 * w + byte] = 4 * w + byte + distance / 2;
    auto bytes = VectorType::get({4 * n}, b.getI8Type());
    Value raw = vector::BitCastOp::create(b, bytes, words);
    Value moved = vector::ShuffleOp::create(b, raw, raw, source);
    return vector::BitCastOp::create(b, type, moved);
  }
  auto splat = [&](int64_t v) -> Value {
    TypedAttr value = b.getI32IntegerAttr(v);
    if (auto vector = dyn_cast<VectorType>(type))
      value = DenseElementsAttr::get(vector, value);
    return arith::ConstantOp::create(b, type, value);
  };
  Value out;
  for (auto [distance, mask] : masks) {
    Value moved = words;
    if (distance > 0)
      moved = arith::ShRUIOp::create(b, words, splat(4 * distance));
    else if (distance < 0)
      moved = arith::ShLIOp::create(b, words, splat(-4 * distance));
    Value part = arith::AndIOp::create(b, moved, splat(int32_t(mask)));
    out = out ? arith::OrIOp::create(b, out, part).getResult() : part;
  }
  return out;
}

SmallVector<Value> ChunkPacker::expand2to4(Value values, Value nibbles,
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
