//===- MatrixOps.h - One wave-wide matrix instruction -----------*- C++ -*-===//
//
// Executes one WMMA, SWMMAC, MFMA or SMFMAC instruction for a whole wave on
// raw per-lane register bytes. This is what the emulator runs when a kernel
// reaches a matrix intrinsic, and it is callable on its own so that tests can
// drive single instructions.
//
// Every lane's operand is laid out exactly as the LLVM vector value the
// intrinsic takes, in memory (little-endian): element e of a b-bit element
// type occupies bits [e*b, e*b+b) of the lane's bytes, so register v of the
// lane is bytes [4v, 4v+4). A wave's operand is the lanes' bytes one after
// the other (lane-major). The sparse index is each lane's 32-bit word.
//
// The layouts are derived here from the ISA-level formulas (the AMD matrix
// instruction calculator's algorithm, the RDNA3/RDNA4/CDNA3 ISA guides; for
// the B of gfx950's doubled-K SMFMAC, hipBLASLt Tensile's LocalRead) and
// never from mcore's intrinsic catalog; see docs/Emulator.md.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_EMULATOR_MATRIXOPS_H
#define MCORE_EMULATOR_MATRIXOPS_H

#include "mcore/Emulator/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir::mcore::emu {

/// Element types of matrix operands.
enum class ElemType : uint8_t {
  F16,
  BF16,
  FP8, ///< E4M3: OCP E4M3FN or E4M3FNUZ, per the target
  BF8, ///< E5M2: OCP E5M2 or E5M2FNUZ, per the target
  I8,  ///< signed, or unsigned per the instruction's signedness operand
  I4,
  F32,
  F64,
  I32,
  /// f32 registers read with the significand truncated to 10 bits (CDNA3's
  /// xf32 MFMA; MatrixOpsNumerics.cpp says how).
  XF32,
  /// The OCP MX formats below 8 bits (OCP Microscaling Formats v1.0): FP6
  /// E2M3, BF6 E3M2, FP4 E2M1; no infinity, no NaN. Elements of the
  /// f8f6f4 and f4 instructions (MatrixOpsMx.cpp).
  FP6,
  BF6,
  FP4,
};
llvm::StringRef getElemTypeName(ElemType t); ///< "f16", ...
unsigned getElemBits(ElemType t);

enum class MatrixFamily : uint8_t {
  WMMA,   ///< RDNA3 / RDNA4 dense
  SWMMAC, ///< RDNA4 sparse
  MFMA,   ///< CDNA dense
  SMFMAC, ///< CDNA3 / CDNA4 sparse
};

/// The immediate operands of a matrix instruction. Which ones an instruction
/// has is given by MatrixOp::has*(); the others must stay at their defaults.
struct MatrixImmediates {
  bool aSigned = false; ///< iu8 / iu4: the A_sign (a_neg) operand
  bool bSigned = false; ///< iu8 / iu4: the B_sign (b_neg) operand
  bool clamp = false;   ///< iu8 / iu4: saturate the i32 result
  bool opsel = false;   ///< RDNA3 16-bit accumulator: use the high halves
  unsigned cbsz = 0;    ///< MFMA: A broadcast size; SMFMAC: index-set control
  unsigned abid = 0;    ///< MFMA: A broadcast block; SMFMAC: index set
  unsigned blgp = 0;    ///< MFMA: B lane-group pattern (f64 on CDNA3+: negate)
  /// SWMMAC: the index set (the hardware's index_key). At the LLVM IR level
  /// it is always 0: LLVM 22 has no index_key operand and selects set 1 from
  /// `idx >> 16`.
  unsigned indexSet = 0;
  /// gfx1250 float WMMA/SWMMAC: the i1 A_mod / B_mod (neg) operands and the
  /// i16 C_mod (1 neg, 2 abs, 3 neg(abs)) of dense WMMA. The emulator
  /// executes them at 0 only (verify() says so otherwise); the
  /// matrix_*_reuse hints have no effect on results and are not kept.
  bool aNeg = false;
  bool bNeg = false;
  unsigned cMod = 0;
  /// The f8f6f4 forms (hasFormats(): gfx950's mfma.scale.*, gfx1250's
  /// wmma{,.scale,.scale16}.f32.16x16x128.f8f6f4): cbsz and blgp above are
  /// then A's and B's formats (0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4; LLVM's
  /// matrix_a_fmt / matrix_b_fmt on gfx1250).
  /// Block scales (hasScales()): on gfx950 the op_sel operands that pick the
  /// byte of each lane's 32-bit scale word for A and for B; on gfx1250
  /// matrix_a_scale / matrix_b_scale (MATRIX_SCALE_ROW0 / ROW1: the scales
  /// sit in lanes 0-15 or 16-31) and the scale formats matrix_*_scale_fmt
  /// (0 E8M0, 1 E5M3, 2 E4M3).
  unsigned scaleSelA = 0;
  unsigned scaleSelB = 0;
  unsigned scaleFmtA = 0;
  unsigned scaleFmtB = 0;

  bool operator==(const MatrixImmediates &o) const {
    return aSigned == o.aSigned && bSigned == o.bSigned && clamp == o.clamp &&
           opsel == o.opsel && cbsz == o.cbsz && abid == o.abid &&
           blgp == o.blgp && indexSet == o.indexSet && aNeg == o.aNeg &&
           bNeg == o.bNeg && cMod == o.cMod && scaleSelA == o.scaleSelA &&
           scaleSelB == o.scaleSelB && scaleFmtA == o.scaleFmtA &&
           scaleFmtB == o.scaleFmtB;
  }
  bool operator!=(const MatrixImmediates &o) const { return !(*this == o); }
};

/// The per-lane block-scale words of A and B of a block-scaled instruction
/// (getScaleWords() words per lane each: 1, or 2 for gfx1250's scale16;
/// empty for other instructions).
struct MatrixScales {
  llvm::ArrayRef<uint32_t> a, b;
};

/// The A and B operands a wave's matrix instructions decoded, for later
/// instructions that read the same memory: executeLanes looks an operand up
/// by its instruction, how it reads it (cbsz / abid for A, blgp for B) and
/// the lanes' pointers. Only valid while that memory
/// does not change: the runtime keeps one per meeting of a wave (the
/// instructions deferred before it and the one the lanes meet at,
/// Rewrite/BatchMma.cpp) and clears it at the next. While the lanes wait,
/// only the instructions' results are written, and those never overlap an A
/// or B of the meeting (the rewrite gives each result a slot of its own and
/// forwards results into C only). The rewrite gives the calls that read one
/// A or B value one slot (WaveOpLowering.cpp), so the lanes pass equal
/// pointers for them.
///
/// It also carries chains from row to row of a meeting (CDNA kernels
/// accumulate along K, each instruction's C the D of one before; RDNA
/// kernels with two k-steps in a block do the same 16 instructions apart):
/// before each instruction the runtime says which row of the meeting it is,
/// which earlier row's D is its C, whether its D is to be kept for a later
/// row, and whether the D must also be written to the lanes (setRow). Only
/// instructions with the same op and immediates that chainsResult() chain:
/// the kept D is the unrounded sum, and a later row takes it rounded to f32
/// as reading the D back would; when nothing but that row reads the D
/// (the rewrite says so, `__mcore_emu_mma_defer_local`), it is not written.
class MatrixOperandCache {
public:
  MatrixOperandCache();
  ~MatrixOperandCache();
  /// Forgets everything (a new meeting) and sets row 0 with no chain.
  void clear();
  /// The next instruction executed is row `row` of the meeting; its C is
  /// the D row `cFrom` kept (-1: C is read from the lanes); `keepD`: keep
  /// its D for a later row; `writeD`: write that D to the lanes as well
  /// (a D not kept is always written); `sharesA` / `sharesB`: another row
  /// of the meeting may read the same A / B memory (else it is decoded for
  /// this row alone, not looked up or kept).
  void setRow(unsigned row, int cFrom, bool keepD, bool writeD,
              bool sharesA = true, bool sharesB = true);
  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// One matrix intrinsic as it executes on one target.
class MatrixOp {
public:
  /// Looks up `intrinsic`, the LLVM intrinsic name with or without its
  /// overload suffix ("llvm.amdgcn.swmmac.f32.16x16x32.f16" or
  /// "llvm.amdgcn.swmmac.f32.16x16x32.f16.v8f32.v8f16.v16f16.i32"), as it
  /// executes on `target`. Fails, naming the intrinsic and the target, when
  /// it is unknown or the target does not have it. The result lives as long
  /// as the process.
  static llvm::Expected<const MatrixOp *> get(llvm::StringRef intrinsic,
                                              const Target &target);

  /// Whether `intrinsic` (a base name) is a matrix intrinsic the emulator
  /// knows on some target.
  static bool isKnownIntrinsic(llvm::StringRef intrinsic);
  /// Every matrix intrinsic base name the emulator knows.
  static std::vector<std::string> getKnownIntrinsics();

  llvm::StringRef getName() const; ///< base intrinsic name
  const Target &getTarget() const;
  MatrixFamily getFamily() const;
  bool isSparse() const;
  unsigned getM() const;
  unsigned getN() const;
  unsigned getK() const; ///< the dense K
  unsigned getBlocks() const;
  ElemType getAType() const;
  ElemType getBType() const;
  ElemType getCType() const;
  /// The result D's element type: C's, except for gfx1250's bf16f32 forms
  /// (an f32 C, a bf16 D).
  ElemType getDType() const;
  /// Bytes of each lane's operand.
  unsigned getABytes() const;
  unsigned getBBytes() const;
  unsigned getCBytes() const;
  /// Bytes of each lane's result: C's, except for gfx1250's bf16f32 WMMA
  /// (16: eight packed bf16); the bf16f32 SWMMAC returns C's 32 bytes, D
  /// in the low 16 and the rest of C unchanged.
  unsigned getDBytes() const;
  /// The `_tied` RDNA3 form (other halves of the accumulator preserved).
  bool isTied() const;

  bool hasSignedness() const; ///< aSigned / bSigned
  bool hasClamp() const;
  bool hasOpsel() const;
  bool hasCbszAbid() const;
  bool hasBlgp() const;
  unsigned getNumIndexSets() const; ///< SWMMAC / SMFMAC index sets
  /// 32-bit words of each lane's sparse index: 1, or 2 for gfx1250's
  /// 8-bit SWMMAC (an i64 index).
  unsigned getIndexWords() const;
  bool hasNegAB() const;  ///< gfx1250: i1 A_mod, B_mod before A and B
  bool hasCMod() const;   ///< gfx1250 dense float WMMA: i16 C_mod before C
  bool hasReuse() const;  ///< gfx1250: i1 matrix_a_reuse, matrix_b_reuse
  /// Block-scaled (MX): gfx950's mfma.scale (formats in cbsz / blgp, then
  /// op_sel and a scale word for A and for B: IntrinsicsAMDGPU.td,
  /// AMDGPUMfmaScaleIntrinsic) and gfx1250's wmma.scale / wmma.scale16
  /// (AMDGPUWmmaScale*IntrinsicModsC).
  bool hasScales() const;
  /// Whether this instruction under `imm` can hand its D to a later one as
  /// C through a MatrixOperandCache: a float instruction writing its D in
  /// f32 at C's places, all of it (not the MX, f64-negating, RDNA3 opsel
  /// or bf16-D forms).
  bool chainsResult(const MatrixImmediates &imm) const;
  /// Whether the A and B formats are immediates (cbsz / blgp): gfx950's
  /// mfma.scale and gfx1250's f8f6f4 WMMA.
  bool hasFormats() const;
  /// 32-bit words per lane of each scale operand: 1, 2 for gfx1250's
  /// scale16 (an i64), 0 without scales.
  unsigned getScaleWords() const;
  /// A's and B's element types and bytes per lane under `imm`: the formats
  /// cbsz / blgp select where they are immediates, else getAType(),
  /// getABytes() (B likewise).
  ElemType getAType(const MatrixImmediates &imm) const;
  ElemType getBType(const MatrixImmediates &imm) const;
  unsigned getABytes(const MatrixImmediates &imm) const;
  unsigned getBBytes(const MatrixImmediates &imm) const;

  /// Where an element sits without modifiers (cbsz, abid, blgp, op_sel and
  /// index sets 0): lane, and first bit within the lane's operand bytes. For
  /// A the column is k (the compressed k when sparse); for the index it is
  /// the compressed k whose 2-bit field is meant. RDNA3's replicated A and B
  /// elements are reported at their copy in lanes 0-15. For tests and
  /// tools; the runtime does not need it.
  enum class Operand { A, B, C, Index, D };
  struct Location {
    unsigned lane;
    unsigned bit;
  };
  Location locate(Operand operand, unsigned block, unsigned row,
                  unsigned col) const;
  /// The same under `imm`: for an f8f6f4 or f4 instruction A and B sit at
  /// the widths of their formats (6-bit ones may straddle two registers);
  /// otherwise as locate() above.
  Location locate(Operand operand, unsigned block, unsigned row, unsigned col,
                  const MatrixImmediates &imm) const;

  /// Checks that `imm` is valid for this instruction: operands it does not
  /// have are at their defaults, and cbsz/abid/blgp/indexSet are in range.
  llvm::Error verify(const MatrixImmediates &imm) const;

  /// Executes for one wave. `a`, `b`, `c` and `d` are waveSize * get?Bytes()
  /// bytes, lane-major; `index` has waveSize words (sparse ops; empty
  /// otherwise; getIndexWords() words per lane for gfx1250's 64-bit index).
  /// Fails on invalid immediates, wrong sizes, or (RDNA3) when the
  /// replicated copies of an A or B element in different lanes disagree.
  /// Block-scaled instructions take `scales` (waveSize words each), and A
  /// and B of getABytes(imm) / getBBytes(imm) per lane.
  llvm::Error execute(const MatrixImmediates &imm, llvm::ArrayRef<uint8_t> a,
                      llvm::ArrayRef<uint8_t> b, llvm::ArrayRef<uint8_t> c,
                      llvm::ArrayRef<uint32_t> index,
                      llvm::MutableArrayRef<uint8_t> d,
                      const MatrixScales &scales = {}) const;

  /// The same with one pointer per lane to each operand (how the runtime
  /// calls it: every lane's operands live on that lane's stack). `d` may
  /// alias `c`. `imm` must have passed verify().
  /// `scaleA`, `scaleB`: one word per lane (block-scaled instructions).
  /// With `cache`, A and B decoded by an earlier instruction from the same
  /// lanes' memory are taken from it (see MatrixOperandCache).
  llvm::Error executeLanes(const MatrixImmediates &imm,
                           const uint8_t *const *a, const uint8_t *const *b,
                           const uint8_t *const *c, const uint32_t *index,
                           uint8_t *const *d, const uint32_t *scaleA = nullptr,
                           const uint32_t *scaleB = nullptr,
                           MatrixOperandCache *cache = nullptr) const;

  struct Impl;
  explicit MatrixOp(std::unique_ptr<Impl> impl);
  ~MatrixOp();

private:
  std::unique_ptr<Impl> impl;
};

/// Executes one matrix intrinsic for a wave: MatrixOp::get + verify +
/// execute. This is the single-instruction entry point for tests.
llvm::Error executeMatrixIntrinsic(llvm::StringRef intrinsic,
                                   const Target &target,
                                   const MatrixImmediates &imm,
                                   llvm::ArrayRef<uint8_t> a,
                                   llvm::ArrayRef<uint8_t> b,
                                   llvm::ArrayRef<uint8_t> c,
                                   llvm::ArrayRef<uint32_t> index,
                                   llvm::MutableArrayRef<uint8_t> d,
                                   const MatrixScales &scales = {});

} // namespace mlir::mcore::emu

#endif // MCORE_EMULATOR_MATRIXOPS_H
