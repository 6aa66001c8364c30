//===- MatrixOpsCdna.cpp - Where CDNA matrix operands sit -----------------===//
//
// The register layouts of CDNA (gfx9) MFMA and SMFMAC: the algorithm of AMD's
// matrix instruction calculator (InstCalcGfx9), extended to CDNA4 (gfx950)
// as MatrixOps.cpp describes, and the B of gfx950's doubled-K SMFMAC as
// hipBLASLt's Tensile reads it.
//
//===----------------------------------------------------------------------===//

#include "MatrixOpsImpl.h"

using namespace mlir::mcore::emu;

namespace mlir::mcore::emu::matrixops {
namespace {

/// gfx9 (CDNA) input layout, calculator InstCalcGfx9.__get_input_reg_lanes:
/// element (block b, row-or-column i, k) of an operand whose K extent is `K`
/// (compressed K for sparse A) with `B` blocks of `M` rows.
Loc gfx9Input(unsigned M, unsigned K, unsigned B, unsigned i, unsigned k,
              unsigned b, unsigned bits) {
  unsigned epc = K / (64 / (M * B)); // K values per lane
  unsigned slot = k % epc;
  unsigned lane = b * M + (k / epc) * M * B + i;
  return {uint16_t(lane), uint16_t(slot * bits)};
}

/// The dense operand (B) of a sparse MFMA whose lanes hold more than 16 bytes
/// of it: gfx950's doubled-K SMFMAC. hipBLASLt's Tensile
/// (tensilelite/Tensile/Components/LocalRead.py, "caculate SMFMA layout")
/// reads it, for a sparse kernel with MIInputPerThread * bytes > 16 ("double
/// K"), as blocksPerTGroup = 2 blocks per thread group on the dense track
/// ("gfx950 sparse track only has one block for each thread group": A and
/// its index keep gfx9Input's single block). elementsPerBlock =
/// MIInputPerThread / 2; the thread groups are the wave's 64 / N groups of N
/// lanes; and block b starts b * blockStride further along K, blockStride =
/// elementsPerBlock * threadGroups. Within a block the thread groups follow
/// each other, elementsPerBlock apart (the only arrangement in which the
/// blocks of all groups cover K once with that stride).
Loc gfx9DoubleKDenseInput(unsigned N, unsigned K, unsigned j, unsigned k,
                          unsigned bits) {
  unsigned threadGroups = 64 / N;
  unsigned inputPerThread = K / threadGroups;
  unsigned elementsPerBlock = inputPerThread / 2;
  unsigned blockStride = elementsPerBlock * threadGroups;
  unsigned block = k / blockStride, inBlock = k % blockStride;
  unsigned group = inBlock / elementsPerBlock;
  unsigned slot = block * elementsPerBlock + inBlock % elementsPerBlock;
  return {uint16_t(group * N + j), uint16_t(slot * bits)};
}

/// Whether a gfx9 sparse instruction's dense operand is read in two blocks
/// per thread group (Tensile's "double K" test, see gfx9DoubleKDenseInput).
bool isGfx9DoubleKSparse(bool sparse, unsigned N, unsigned K, unsigned bBits) {
  unsigned inputPerThread = K * N / 64;
  return sparse && inputPerThread * bBits / 8 > 16;
}

/// gfx9 output layout, calculator InstCalcGfx9.__get_output_reg_lanes.
Loc gfx9Output(unsigned M, unsigned N, unsigned i, unsigned j, unsigned b,
               unsigned bits) {
  unsigned multirowsPerRegister = 64 / N;
  unsigned multirowHeight = bits == 64 ? 1 : 4;
  unsigned blocksPerRegister =
      (64 + (N * M) / multirowHeight - 1) / ((N * M) / multirowHeight);
  unsigned reg = b * ((M * N) / 64);
  reg += (i / (multirowHeight * multirowsPerRegister)) * multirowHeight;
  reg += i % multirowHeight;
  unsigned lane = (b % blocksPerRegister) * N;
  lane += ((i / multirowHeight) % multirowsPerRegister) * blocksPerRegister * N;
  lane += j;
  return {uint16_t(lane), uint16_t(reg * bits)};
}

} // namespace

/// gfx9 BLGP, calculator InstCalc._get_blgp_transformed_lane: the lane B data
/// is read from, for the lane it would normally be read from.
unsigned blgpLane(unsigned lane, unsigned blgp) {
  switch (blgp) {
  case 1: // broadcast the first 32 lanes
    return lane % 32;
  case 2: // broadcast the second 32 lanes
    return lane < 32 ? lane + 32 : lane;
  case 3: // rotate down by 16
    return (lane + 16) % 64;
  case 4: // broadcast lanes 0-15
    return lane % 16;
  case 5: // broadcast lanes 16-31
    if (lane < 16)
      return lane + 16;
    if (lane >= 48)
      return lane - 32;
    if (lane >= 32)
      return lane - 16;
    return lane;
  case 6: // broadcast lanes 32-47
    if (lane >= 48)
      return lane - 16;
    if (lane < 16)
      return lane + 32;
    if (lane < 32)
      return lane + 16;
    return lane;
  case 7: // broadcast lanes 48-63
    return lane + (3 - lane / 16) * 16;
  default:
    return lane;
  }
}

} // namespace mlir::mcore::emu::matrixops

using namespace mlir::mcore::emu::matrixops;

void MatrixOp::Impl::buildCdna() {
  for (unsigned b = 0; b < B; ++b)
    for (unsigned i = 0; i < M; ++i)
      for (unsigned kk = 0; kk < kA; ++kk)
        aLoc[(b * M + i) * kA + kk] = gfx9Input(M, kA, B, i, kk, b, aBits);
  bool doubleK = isGfx9DoubleKSparse(sparse, N, K, bBits);
  for (unsigned b = 0; b < B; ++b)
    for (unsigned k = 0; k < K; ++k)
      for (unsigned j = 0; j < N; ++j)
        bLoc[(b * K + k) * N + j] =
            doubleK ? gfx9DoubleKDenseInput(N, K, j, k, bBits)
                    : gfx9Input(N, K, B, j, k, b, bBits);
  for (unsigned b = 0; b < B; ++b)
    for (unsigned i = 0; i < M; ++i)
      for (unsigned j = 0; j < N; ++j)
        cLoc[(b * M + i) * N + j] = gfx9Output(M, N, i, j, b, cBits);
  if (sparse) {
    // Calculator _get_reg_name: compressed slot s of a lane has its 2-bit
    // field at bits [2s + 1 : 2s] (the nibble floor(s/2)*4 holds the two
    // slots of one group); with cbsz == 0, abid moves to set abid, sets
    // being 2 bits per compressed slot of the lane.
    unsigned epcA = kA * M / 64;
    setBits = 2 * epcA;
    numSets = 32 / setBits;
    idxLoc.resize(size_t(M) * kA);
    for (unsigned i = 0; i < M; ++i)
      for (unsigned kc = 0; kc < kA; ++kc) {
        Loc a = gfx9Input(M, kA, 1, i, kc, 0, aBits);
        idxLoc[i * kA + kc] = {a.lane, uint16_t(2 * (kc % epcA))};
      }
  }
}
