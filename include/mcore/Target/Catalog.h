//===- Catalog.h - The catalog of AMD matrix intrinsics ---------*- C++ -*-===//
//
// One table of every matrix instruction mcore targets (lib/Target/Catalog.cpp)
// and the only place a register layout is written down. The verifier,
// intrinsic selection, distribution, the lowering, mcore-layout, the Python
// module and the generated docs/Intrinsics.md all read it.
//
// Names are the HIP builtin names without "__builtin_amdgcn_", for example
// wmma_f32_16x16x16_f16_w32_gfx12, swmmac_f32_16x16x32_f16_w32,
// smfmac_f32_16x16x32_f16 and mfma_f32_32x32x8f16.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TARGET_CATALOG_H
#define MCORE_TARGET_CATALOG_H

#include "mcore/Target/Chip.h"
#include "mcore/Target/Layout.h"
#include "mcore/Target/ScalarKind.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir::mcore {

enum class MmaFamily : uint8_t { WMMA, SWMMAC, MFMA, SMFMAC };
llvm::StringRef getMmaFamilyName(MmaFamily family); ///< "wmma", ...
constexpr bool isSparseFamily(MmaFamily f) {
  return f == MmaFamily::SWMMAC || f == MmaFamily::SMFMAC;
}

/// The element type of an LLVM intrinsic operand.
enum class LlvmElem : uint8_t { Half, BFloat, I16, I32, I64, Float, I8, Double };

/// An LLVM operand type: a scalar when count == 0, else <count x elem>.
struct LlvmType {
  LlvmElem elem;
  uint8_t count;
  unsigned getBitWidth() const;
  std::string str() const; ///< "<8 x half>", "i32"
};

/// The operands of an instruction, and D, its result. D is C's fragment
/// except where IntrinsicInfo::hasDistinctD says otherwise.
enum class Operand : uint8_t { A, B, C, Index, D };
/// "A", "B", "C", "index", "D".
llvm::StringRef getOperandName(Operand operand);

/// One operand's per-lane fragment.
struct FragmentInfo {
  ScalarKind kind;   ///< element kind
  uint8_t count;     ///< matrix elements per lane
  uint8_t stride;    ///< fragment-vector slots per element: 1, or 2 for
                     ///< RDNA3's 16-bit accumulator (one value per register)
  LlvmType llvm;     ///< how the intrinsic takes the fragment
  LaneLayout layout; ///< (lane, element) -> tile coordinate

  /// Length of the fragment vector: count * stride.
  unsigned getVectorLength() const { return unsigned(count) * stride; }
  /// Bits between consecutive fragment-vector slots.
  unsigned getSlotBits() const { return getBitWidth(kind); }
  /// Register and bit of logical element `e` (0 <= e < count).
  unsigned getVgpr(unsigned e) const {
    return (e * stride * getSlotBits()) / 32;
  }
  unsigned getBitLo(unsigned e) const {
    return (e * stride * getSlotBits()) % 32;
  }
};

/// The 2:4 sparsity index of SWMMAC / SMFMAC.
///
/// Each lane's index register holds 2-bit fields; field f of index set s sits
/// at bits [s * bitsPerSet + 2f, +2) and gives the position (0-3), within its
/// group of four dense k, of compressed element `ck` of row `row`, where
/// (row, ck) = layout.apply(lane, f).
struct SparseIndexInfo {
  LlvmType llvm;      ///< i32 or i16, as the intrinsic takes it
  uint8_t bitsPerSet; ///< bits of one index set
  uint8_t numSets;    ///< selectable index sets (SMFMAC abid, SWMMAC index_key)
  LaneLayout layout;  ///< (lane, field) -> (row, compressed k)
};

/// The block scales of one operand of a block-scaled (MX) instruction: one
/// scale per `blockK` consecutive k of each row of A (column of B).
///
/// Each lane's scale operand (`llvm`: an i32, or gfx1250's scale16 i64) is
/// read as bytes. The instruction's scale select (mcore.scaled_mma's
/// scale_sel_a / scale_sel_b) picks one of `numSets` sets:
///  - `laneSetStride` 0 (gfx950's op_sel): set s is the bits
///    [s * bitsPerSet, +bitsPerSet) of every lane's operand;
///  - `laneSetStride` 16 (gfx1250's matrix_a_scale / matrix_b_scale, MLIR's
///    a_first_scale_lane / b_first_scale_lane 0 or 16): set s is the whole
///    operand of lanes [16 s, 16 s + layout.getNumLanes()); the other lanes'
///    scales are not read.
/// Byte e of the selected set of lane L holds the scale of the block
/// layout.apply(L - first lane of the set, e): (row, k block) for A,
/// (k block, column) for B. The scales are E8M0 (2^(bits - 127)), or OCP
/// E4M3 where `e4m3` (gfx1250's matrix_*_scale_fmt 2).
struct ScaleInfo {
  uint8_t blockK = 0;
  uint8_t bitsPerSet = 0;
  uint8_t numSets = 0;
  uint8_t laneSetStride = 0;
  bool e4m3 = false;
  LlvmType llvm = {LlvmElem::I32, 0};
  LaneLayout layout;

  /// Scales one set holds per lane.
  unsigned getScalesPerLane() const { return layout.getNumElems(); }
  /// Bytes of a lane's scale operand (the per-lane mcore.scaled_mma's
  /// vector<Nxf8E8M0FNU>).
  unsigned getOperandBytes() const { return llvm.getBitWidth() / 8; }
  /// The first lane and first bit of set `set`.
  unsigned getSetLane(unsigned set) const { return set * laneSetStride; }
  unsigned getSetBit(unsigned set) const {
    return laneSetStride ? 0 : set * bitsPerSet;
  }
};

/// Instruction operands beyond A, B, C and the index.
enum ModifierFlags : uint16_t {
  ModNone = 0,
  ModSignedness = 1 << 0, ///< a_neg/b_neg select signed/unsigned iu8/iu4 (WMMA)
  ModClamp = 1 << 1,      ///< clamp saturates the integer result (WMMA)
  ModCbszAbid = 1 << 2,   ///< cbsz/abid (MFMA broadcast, SMFMAC index set)
  ModBlgp = 1 << 3,       ///< blgp lane permutation of B (MFMA)
  ModIndexKey = 1 << 4,   ///< index_key selects the SWMMAC index half
  ModOpsel = 1 << 5,      ///< opsel: RDNA3 16-bit accumulator half
  /// gfx1250's operand form (IntrinsicsAMDGPU.td, the GFX1250 WMMA and
  /// SWMMAC classes): i1 A/B modifiers before A and B where the class has
  /// them (neg for floats, signedness for iu8), an i16 C modifier before C
  /// for dense WMMA, i1 matrix_a_reuse / matrix_b_reuse after C (or after
  /// the index), and for iu8 a final i1 clamp. No index_key operand.
  ModGfx1250 = 1 << 6,
  /// Block-scaled f8f6f4 (gfx950's mfma.scale.*): the immediates cbsz and
  /// blgp give A's and B's formats (0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4,
  /// getMxFormatCode), then an i32 op_sel and an i32 scale for A and for B
  /// (IntrinsicsAMDGPU.td, AMDGPUMfmaScaleIntrinsic). One LLVM intrinsic
  /// has a catalog entry per format pair. Also gfx1250's wmma.scale.* /
  /// wmma.scale16.* (AMDGPUWmmaScale{,F4}IntrinsicModsC): after C, for A
  /// and then B, an i32 matrix_*_scale (the lane half of the scales), an
  /// i32 matrix_*_scale_fmt (0 E8M0, 2 E4M3) and the scale (i32, i64 for
  /// scale16), then the two reuse hints. IntrinsicInfo::scaleA / scaleB
  /// say where the scales are.
  ModScale = 1 << 7,
  /// gfx1250's f8f6f4 WMMA (wmma.f32.16x16x128.f8f6f4 and its scale /
  /// scale16 forms): i32 immediates matrix_a_fmt before A and matrix_b_fmt
  /// before B give the formats (coded as cbsz / blgp, getMxFormatCode); one
  /// LLVM intrinsic has a catalog entry per format pair. The f4 forms
  /// (32x16x128) are fp4 x fp4 and have no format operands.
  ModMatrixFmt = 1 << 8,
};

/// The format code of an f8f6f4 operand (cbsz for A, blgp for B, and
/// gfx1250's matrix_a_fmt / matrix_b_fmt): 0 fp8, 1 bf8, 2 fp6, 3 bf6,
/// 4 fp4; -1 for other kinds.
int getMxFormatCode(ScalarKind kind);

/// Issue cycles of one instruction on a set of chips. The same instruction can
/// run at different rates on different generations (dense MFMA on CDNA2 vs
/// CDNA3).
struct CycleCount {
  ChipSet chips;
  uint16_t cycles = 0;
};
constexpr unsigned kMaxCycleCounts = 3;

struct IntrinsicInfo {
  const char *name;      ///< builtin name without "__builtin_amdgcn_"
  const char *llvmName;  ///< "llvm.amdgcn.swmmac.f32.16x16x32.f16"
  MmaFamily family;
  ChipSet chips;         ///< chips LLVM 22 selects it for
  uint8_t waveSize;
  uint16_t m, n, k;      ///< k is the dense K
  /// Independent products one instruction computes (CDNA's 4x4 and some
  /// 16x16 and 32x32 shapes have 2-16). Block b multiplies rows
  /// [b m, (b + 1) m) of A by columns [b n, (b + 1) n) of B into rows
  /// [b m, (b + 1) m) of C: the layouts place the blocks side by side in
  /// this stacked (blocks m) x k, k x (blocks n), (blocks m) x n form.
  uint8_t blocks;
  FragmentInfo a, b, c;
  SparseIndexInfo index; ///< valid when isSparse()
  ScaleInfo scaleA, scaleB; ///< valid when isScaled()
  uint16_t modifiers;    ///< ModifierFlags
  unsigned ops;          ///< 2 * M * N * K * blocks (dense K) per instruction
  CycleCount cycles[kMaxCycleCounts]; ///< first entry whose chips match wins
  const char *costSource;   ///< where ops/cycles come from
  const char *layoutSource; ///< where the layouts come from
  /// The result D where its kind, fragment or packing differs from C's
  /// (gfx1250's bf16f32 WMMA/SWMMAC: an f32 C, a bf16 D); count 0, the
  /// default, means D is C's fragment.
  FragmentInfo d{};

  bool isSparse() const { return isSparseFamily(family); }
  bool isScaled() const { return hasModifier(ModScale); }
  /// Whether A's and B's formats are immediates of the instruction (cbsz /
  /// blgp of gfx950's mfma.scale, matrix_a_fmt / matrix_b_fmt of gfx1250's
  /// f8f6f4 WMMA), coded by getMxFormatCode.
  bool hasFormatOperands() const {
    return hasModifier(ModMatrixFmt) ||
           (isScaled() && family == MmaFamily::MFMA);
  }
  /// gfx1250's unscaled f8f6f4 / f4 WMMA: OCP MX formats without scales
  /// (FP6/FP4 operands, or the format immediates). mcore.mma takes them;
  /// selection never picks them (MLIR 22's amdgpu.wmma takes no FP6/FP4,
  /// and their fp8 / bf8 pairs are wmma_f32_16x16x128_{fp8,bf8}_*'s
  /// products).
  bool isUnscaledMx() const {
    return !isScaled() &&
           (hasModifier(ModMatrixFmt) || isSubByteFloatKind(a.kind) ||
            isSubByteFloatKind(b.kind));
  }
  bool hasModifier(ModifierFlags f) const { return modifiers & f; }
  bool isAvailableOn(Chip chip) const { return chips.contains(chip); }
  /// K extent of A's tile: k, or k / 2 when A is compressed.
  unsigned getAK() const { return isSparse() ? k / 2 : k; }
  /// Whether D differs from C (the field `d`).
  bool hasDistinctD() const { return d.count != 0; }
  /// The fragment of A, B, C or D (C's unless hasDistinctD).
  const FragmentInfo &getFragment(Operand operand) const;
  /// Issue cycles on `chip` (which must have the intrinsic).
  unsigned getCycles(Chip chip) const;
  /// Ops per cycle on `chip`, the figure selection maximizes.
  double getOpsPerCycle(Chip chip) const {
    return double(ops) / getCycles(chip);
  }
};

/// Every intrinsic, in the catalog's order.
llvm::ArrayRef<IntrinsicInfo> getAllIntrinsics();
/// Looks an intrinsic up by name; nullptr if unknown.
const IntrinsicInfo *lookupIntrinsic(llvm::StringRef name);
/// Up to `max` catalog names closest to `name` (edit distance), for "did you
/// mean" diagnostics.
std::vector<llvm::StringRef> suggestIntrinsics(llvm::StringRef name,
                                               unsigned max = 3);
/// The intrinsics a chip has, in catalog order.
llvm::SmallVector<const IntrinsicInfo *> getIntrinsicsFor(Chip chip);

/// What a matmul tile needs from an instruction.
struct MmaRequest {
  ScalarKind a, b, c;
  bool sparse = false;
  /// Block scales (MX): only block-scaled instructions match a scaled
  /// request, and only a scaled request matches them.
  bool scaled = false;
};

/// Candidates for `request` on `chip`, best first: highest ops per cycle, then
/// the larger tile, then catalog order. Empty when the chip has none.
/// Multi-block instructions are never candidates (they compute independent
/// small products, not one tile), and block-scaled ones only for a scaled
/// request.
llvm::SmallVector<const IntrinsicInfo *> selectIntrinsics(Chip chip,
                                                          MmaRequest request);

/// The (A, B, C) kind combinations a chip supports, as "f16 x f16 -> f32"
/// strings, for diagnostics that list what a chip does support (unscaled
/// instructions: a plain matmul is what the diagnostics are about).
std::vector<std::string> describeSupportedTypes(Chip chip, bool sparse);

} // namespace mlir::mcore

#endif // MCORE_TARGET_CATALOG_H
