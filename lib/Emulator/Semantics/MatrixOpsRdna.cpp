//===- MatrixOpsRdna.cpp - Where RDNA matrix operands sit -----------------===//
//
// The register layouts of RDNA3 (gfx11) WMMA and RDNA4 (gfx12) WMMA and
// SWMMAC: the algorithm of AMD's matrix instruction calculator
// (InstCalcGfx11, InstCalcGfx12), wave32 and wave64.
//
//===----------------------------------------------------------------------===//

#include "MatrixOpsImpl.h"

using namespace mlir::mcore::emu;

namespace mlir::mcore::emu::matrixops {
namespace {

/// gfx12 input register, calculator InstCalcGfx12.__get_input_reg. Returns
/// the bit offset (register * 32 + base bits) of element k; for a sparse A
/// the offset of the pair holding k's group of four.
unsigned gfx12InputBit(bool isA, unsigned k, bool sparse, unsigned bits,
                       unsigned K, unsigned wave) {
  unsigned reg = 0;
  int base = -1;
  if (sparse) {
    if (isA) {
      if (wave == 32) {
        if (bits == 16)
          reg = 2 * (k / 16) + (k / 4) % 2;
        else if (bits == 8)
          reg = (k / 8) % 2;
        else if (K == 64)
          reg = (k / 16) % 2;
      } else if (bits == 16) {
        reg = (k / 4) % 2;
      }
      // 16-bit sparse A uses the whole register for its group of four.
      if (bits != 16)
        base = int(2 * bits * ((k / 4) % (16 / bits)));
    } else {
      if (wave == 32) {
        if (bits == 16)
          reg = 4 * (k / 16) + (k / 2) % 4;
        else if (bits == 8)
          reg = (k / 4) % 4;
        else if (K == 32)
          reg = (k / 8) % 2;
        else
          reg = (k / 8) % 4;
      } else {
        if (bits == 16)
          reg = (k / 2) % 4;
        else if (bits == 8)
          reg = (k / 4) % 2;
        else if (K != 32)
          reg = (k / 8) % 2;
      }
      base = int(bits * (k % (32 / bits)));
    }
  } else {
    if (wave == 32) {
      if (bits == 16)
        reg = 2 * (k / 8) + (k / 2) % 2;
      else if (bits == 8)
        reg = (k / 4) % 2;
      else if (K == 32)
        reg = (k / 8) % 2;
    } else if (bits == 16) {
      reg = (k / 2) % 2;
    }
    base = int(bits * (k % (32 / bits)));
  }
  return reg * 32 + unsigned(base < 0 ? 0 : base);
}

/// gfx12 input lane, calculator InstCalcGfx12.__get_input_lane. `which` is
/// 'a', 'b' or 'k' (the sparse index).
unsigned gfx12InputLane(char which, unsigned i, unsigned k, bool sparse,
                        unsigned bits, unsigned K, unsigned wave) {
  if (sparse) {
    if (wave == 32) {
      if (bits == 16)
        return 16 * ((k / 8) % 2) + i;
      if (bits == 8 || K == 32)
        return 16 * (k / 16) + i;
      return 16 * (k / 32) + i;
    }
    if (bits == 16)
      return 16 * (k / 8) + i;
    if (bits == 8 || K == 32) {
      if (bits == 4 && (which == 'a' || which == 'k'))
        return 16 * (k / 16) + i;
      return 32 * ((k / 8) % 2) + 16 * (k / 16) + i;
    }
    return 32 * ((k / 16) % 2) + 16 * (k / 32) + i;
  }
  if (wave == 32) {
    if (bits == 16)
      return 16 * ((k / 4) % 2) + i;
    if (bits == 8 || K == 16)
      return 16 * (k / 8) + i;
    return 16 * (k / 16) + i;
  }
  if (bits == 16)
    return 32 * ((k / 8) % 2) + 16 * ((k / 4) % 2) + i;
  if (bits == 8)
    return 32 * ((k / 4) % 2) + 16 * ((k / 8) % 2) + i;
  if (K == 16)
    return 16 * (k / 8) + i;
  return 32 * ((k / 8) % 2) + 16 * ((k / 16) % 2) + i;
}

/// gfx12 sparse index sets, calculator get_num_compression_sets.
unsigned gfx12NumSets(unsigned bits, unsigned K, unsigned wave) {
  if (wave == 32)
    return bits == 4 && K == 64 ? 1 : 2;
  return bits == 8 || bits == 16 ? 4 : 2;
}

/// gfx12 sparse index nibble (set 0) of the group holding dense k,
/// calculator InstCalcGfx12.__get_compression_bits.
unsigned gfx12IndexBit(unsigned k, unsigned bits, unsigned K, unsigned wave) {
  if (wave == 32) {
    if (bits == 16)
      return 8 * (k / 16) + 4 * ((k / 4) % 2);
    if (bits == 8 || K == 32)
      return 4 * ((k / 4) % 4);
    return 4 * ((k / 4) % 8);
  }
  if (bits == 8 || bits == 16)
    return 4 * ((k / 4) % 2);
  return 4 * ((k / 4) % 4);
}

/// gfx12 output, calculator InstCalcGfx12.__get_output_reg_lanes.
Loc gfx12Output(unsigned i, unsigned j, unsigned bits, unsigned wave) {
  unsigned bit, lane;
  if (wave == 32) {
    bit = bits == 32 ? 32 * (i % 8) : 32 * ((i / 2) % 4) + 16 * (i % 2);
    lane = 16 * (i / 8) + j;
  } else {
    bit = bits == 32 ? 32 * (i % 4) : 32 * ((i / 2) % 2) + 16 * (i % 2);
    lane = 32 * ((i / 4) % 2) + 16 * (i / 8) + j;
  }
  return {uint16_t(lane), uint16_t(bit)};
}

/// gfx11 output, calculator InstCalcGfx11.__get_output_reg_lanes. 16-bit
/// values take one register each, in the half OPSEL picks.
Loc gfx11Output(unsigned N, unsigned i, unsigned j, unsigned bits,
                unsigned wave, bool opselHi) {
  unsigned rowsPerRegSlot = wave / 16;
  unsigned skipHalf = bits == 16 ? 2 : 1;
  unsigned regno = skipHalf * (i / rowsPerRegSlot) + (opselHi ? 1 : 0);
  unsigned rowsPerVgpr = (wave * 16) / N;
  unsigned lane = (N * (i % rowsPerVgpr) + j) % wave;
  return {uint16_t(lane), uint16_t(regno * bits)};
}

} // namespace
} // namespace mlir::mcore::emu::matrixops

using namespace mlir::mcore::emu::matrixops;

void MatrixOp::Impl::buildRdna3() {
  // Calculator InstCalcGfx11: lane i (row of A, column of B) holds element
  // k of every k; lanes i + 16 (and i + 32, i + 48 in wave64) hold copies.
  unsigned copies = wave / 16;
  aCopies.assign(aLoc.size(), {});
  bCopies.assign(bLoc.size(), {});
  for (unsigned i = 0; i < M; ++i)
    for (unsigned k = 0; k < K; ++k) {
      aLoc[i * kA + k] = {uint16_t(i), uint16_t(k * aBits)};
      for (unsigned c = 1; c < copies; ++c)
        aCopies[i * kA + k].push_back(
            {uint16_t(i + 16 * c), uint16_t(k * aBits)});
    }
  for (unsigned k = 0; k < K; ++k)
    for (unsigned j = 0; j < N; ++j) {
      bLoc[k * N + j] = {uint16_t(j), uint16_t(k * bBits)};
      for (unsigned c = 1; c < copies; ++c)
        bCopies[k * N + j].push_back(
            {uint16_t(j + 16 * c), uint16_t(k * bBits)});
    }
  // OPSEL[2] (the op_sel operand) only exists for 16-bit accumulators.
  if (spec->flags & kOpsel)
    cLocHi.resize(cLoc.size());
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j) {
      cLoc[i * N + j] = gfx11Output(N, i, j, cBits, wave, false);
      if (!cLocHi.empty())
        cLocHi[i * N + j] = gfx11Output(N, i, j, cBits, wave, true);
    }
}

void MatrixOp::Impl::buildRdna4() {
  for (unsigned i = 0; i < M; ++i)
    for (unsigned kk = 0; kk < kA; ++kk) {
      Loc l;
      if (!sparse) {
        l.lane = uint16_t(gfx12InputLane('a', i, kk, false, aBits, K, wave));
        l.bit = uint16_t(gfx12InputBit(true, kk, false, aBits, K, wave));
      } else {
        // The two compressed values of dense group g sit in the pair the
        // calculator returns for dense k = 4g, in order.
        unsigned g = kk / 2, half = kk % 2;
        l.lane = uint16_t(gfx12InputLane('a', i, 4 * g, true, aBits, K, wave));
        l.bit = uint16_t(gfx12InputBit(true, 4 * g, true, aBits, K, wave) +
                         half * aBits);
      }
      aLoc[i * kA + kk] = l;
    }
  for (unsigned k = 0; k < K; ++k)
    for (unsigned j = 0; j < N; ++j)
      bLoc[k * N + j] = {
          uint16_t(gfx12InputLane('b', j, k, sparse, bBits, K, wave)),
          uint16_t(gfx12InputBit(false, k, sparse, bBits, K, wave))};
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j)
      cLoc[i * N + j] = gfx12Output(i, j, cBits, wave);
  if (sparse) {
    numSets = gfx12NumSets(aBits, K, wave);
    setBits = 32 / numSets;
    idxLoc.resize(size_t(M) * kA);
    for (unsigned i = 0; i < M; ++i)
      for (unsigned kc = 0; kc < kA; ++kc) {
        unsigned g = kc / 2;
        idxLoc[i * kA + kc] = {
            uint16_t(gfx12InputLane('k', i, 4 * g, true, aBits, K, wave)),
            uint16_t(gfx12IndexBit(4 * g, aBits, K, wave) + 2 * (kc % 2))};
      }
  }
}
