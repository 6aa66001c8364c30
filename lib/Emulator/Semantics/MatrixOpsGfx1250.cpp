//===- MatrixOpsGfx1250.cpp - Where gfx1250 matrix operands sit -----------===//
//
// The register layouts of gfx1250 (LLVM's GFX12.5) WMMA and SWMMAC, wave32.
// Derived here, not from mcore's catalog, from what the public sources say
// of where matrix elements sit (docs/Emulator.md, "gfx1250"):
//
//   - the registers per lane of every operand: the vector types LLVM 22's
//     llc selects for gfx1250 (IntrinsicsAMDGPU.td, clang's
//     BuiltinsAMDGPU.def): A and B of K / 2 values per lane (dense), A of
//     K / 4 and B of K / 2 (SWMMAC), 8 values of C, 16-bit C packed;
//   - rows of A, columns of B and C: lane % 16 (IREE's gfx12Wmma16xK and
//     gfx12WmmaAcc16x16, CK ck_tile's gfx1250 amdgcn_mma_base), and the
//     lane halves split K of A and B, and rows 0-7 / 8-15 of C;
//   - within a lane, K in order: what IREE, CK and a hardware round-trip
//     probe (MISA) state, none of which can tell a permutation of K applied
//     to A and B alike. That order, and the SWMMAC index (a 2-bit field per
//     compressed A value, in A's place: the RDNA4 rule), are assumptions
//     the catalog makes as well; the tests cannot separate the two there;
//   - bf16f32 (an f32 C, a bf16 D): D is a 16-bit result, placed as every
//     16-bit gfx1250 result is (two per register, rows 0-7 / 8-15 by lane
//     half): the WMMA returns four registers (llc-22:
//     v_wmma_bf16f32_16x16x32_bf16 v[26:29], ..., v[16:23]), the SWMMAC
//     writes them into the low four of C's eight (its D is C's registers in
//     LLVM 22; rocjitsu's gfx1250 decoder: "the architectural BF16 result
//     writes only its lower four registers"), the high four keeping C.
//
//===----------------------------------------------------------------------===//

#include "MatrixOpsImpl.h"

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::matrixops;

namespace {

/// Element `k` (0 <= k < extent) of row or column `i` of an A or B operand
/// that splits `extent` values of k between the two lane halves: lane
/// 16 * (k / half) + i, bit (k % half) * bits.
Loc splitK(unsigned i, unsigned k, unsigned extent, unsigned bits) {
  unsigned half = extent / 2;
  return {uint16_t(16 * (k / half) + i), uint16_t((k % half) * bits)};
}

/// C/D: rows 0-7 in lanes 0-15, rows 8-15 in lanes 16-31, one row per
/// register (32-bit) or per half register (16-bit, low half first). The
/// 32-row f4 WMMA's rows 16-31 follow in registers 8-15, arranged alike
/// (LLVM 22: a <16 x float> C; rocjitsu's wmma_output_loc_32 for 32x16).
Loc output(unsigned i, unsigned j, unsigned bits) {
  return {uint16_t(16 * ((i % 16) / 8) + j),
          uint16_t((8 * (i / 16) + i % 8) * bits)};
}

} // namespace

void MatrixOp::Impl::buildGfx1250() {
  for (unsigned i = 0; i < M; ++i)
    for (unsigned kk = 0; kk < kA; ++kk)
      aLoc[i * kA + kk] = splitK(i, kk, kA, aBits);
  for (unsigned k = 0; k < K; ++k)
    for (unsigned j = 0; j < N; ++j)
      bLoc[k * N + j] = splitK(j, k, K, bBits);
  for (unsigned i = 0; i < M; ++i)
    for (unsigned j = 0; j < N; ++j)
      cLoc[i * N + j] = output(i, j, cBits);
  if (dBits != cBits) {
    dLoc.resize(size_t(M) * N);
    for (unsigned i = 0; i < M; ++i)
      for (unsigned j = 0; j < N; ++j)
        dLoc[i * N + j] = output(i, j, dBits);
  }
  if (!sparse)
    return;
  // One index set: two bits per compressed value of the lane, an i32 for
  // 16 values (16-bit A), an i64 for 32 (8-bit A). LLVM 22's gfx1250
  // SWMMAC intrinsics have no index_key operand.
  numSets = 1;
  setBits = 2 * (kA / 2);
  indexWords = (setBits + 31) / 32;
  idxLoc.resize(size_t(M) * kA);
  for (unsigned i = 0; i < M; ++i)
    for (unsigned kc = 0; kc < kA; ++kc) {
      Loc a = splitK(i, kc, kA, 2);
      idxLoc[i * kA + kc] = a;
    }
}
