//===- MatrixOpsNumerics.cpp - Element formats of matrix operands ---------===//
//
// Decoding the input element formats of the matrix instructions to doubles
// (exactly) and integers, and rounding results to the accumulator format.
//
//===----------------------------------------------------------------------===//

#include "MatrixOpsImpl.h"

namespace mlir::mcore::emu::matrixops {

bool isFloatType(ElemType t) {
  return t != ElemType::I8 && t != ElemType::I4 && t != ElemType::I32;
}

int64_t decodeInt(ElemType t, uint64_t bits, bool isSigned) {
  switch (t) {
  case ElemType::I8:
    return isSigned ? int64_t(int8_t(uint8_t(bits))) : int64_t(uint8_t(bits));
  case ElemType::I4: {
    int64_t v = int64_t(bits & 0xF);
    return isSigned && v >= 8 ? v - 16 : v;
  }
  case ElemType::I32:
    return int64_t(int32_t(uint32_t(bits)));
  default:
    return 0;
  }
}
/// Decodes `n` elements of type `t` at `locs` (lanes remapped through
/// `laneMap` when given) into doubles.
void gatherFloat(ElemType t, Fp8Format f8, const Loc *locs, size_t n,
                 const uint8_t *laneMap, const uint8_t *const *lanes,
                 double *out) {
  auto lanePtr = [&](const Loc &l) {
    return lanes[laneMap ? laneMap[l.lane] : l.lane] + l.bit / 8;
  };
  switch (t) {
  case ElemType::F16: {
    const float *table = getF16Table();
    for (size_t e = 0; e < n; ++e) {
      uint16_t v;
      std::memcpy(&v, lanePtr(locs[e]), 2);
      out[e] = table[v];
    }
    return;
  }
  case ElemType::BF16:
    for (size_t e = 0; e < n; ++e) {
      uint16_t v;
      std::memcpy(&v, lanePtr(locs[e]), 2);
      out[e] = decodeBF16(v);
    }
    return;
  case ElemType::FP8:
  case ElemType::BF8: {
    const float *table = getFp8Table(f8);
    for (size_t e = 0; e < n; ++e)
      out[e] = table[*lanePtr(locs[e])];
    return;
  }
  case ElemType::F32:
    for (size_t e = 0; e < n; ++e) {
      float v;
      std::memcpy(&v, lanePtr(locs[e]), 4);
      out[e] = v;
    }
    return;
  case ElemType::F64:
    for (size_t e = 0; e < n; ++e)
      std::memcpy(&out[e], lanePtr(locs[e]), 8);
    return;
  default:
    return;
  }
}

/// Rounds `n` results to type `t` and writes them at `locs`.
void scatterFloat(ElemType t, const Loc *locs, size_t n, const double *v,
                  uint8_t *const *lanes) {
  for (size_t e = 0; e < n; ++e) {
    uint8_t *p = lanes[locs[e].lane] + locs[e].bit / 8;
    switch (t) {
    case ElemType::F32: {
      float f = float(v[e]);
      std::memcpy(p, &f, 4);
      break;
    }
    case ElemType::F16: {
      uint16_t h = encodeF16(v[e]);
      std::memcpy(p, &h, 2);
      break;
    }
    case ElemType::BF16: {
      uint16_t h = encodeBF16(v[e]);
      std::memcpy(p, &h, 2);
      break;
    }
    case ElemType::F64:
      std::memcpy(p, &v[e], 8);
      break;
    default:
      break;
    }
  }
}

} // namespace mlir::mcore::emu::matrixops
