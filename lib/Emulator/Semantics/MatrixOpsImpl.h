//===- MatrixOpsImpl.h - What the MatrixOps files share ---------*- C++ -*-===//
//
// The emulator's matrix instructions live in these files:
//
//   MatrixOpsSpecs.cpp     the intrinsic table;
//   MatrixOps.cpp          MatrixOp, and executing one instruction for a
//                          wave;
//   MatrixOpsCdna.cpp      where CDNA (gfx9) MFMA/SMFMAC operands sit;
//   MatrixOpsRdna.cpp      where RDNA3 (gfx11) WMMA and RDNA4 (gfx12)
//                          WMMA/SWMMAC operands sit;
//   MatrixOpsGfx1250.cpp   where gfx1250 WMMA/SWMMAC operands sit;
//   MatrixOpsNumerics.cpp  decoding and rounding the element formats;
//   MatrixOpsProducts.cpp  A x B + C on host vectors;
//   MatrixOpsMx.cpp        the block-scaled (MX) f8f6f4 MFMA of gfx950.
//
// This header holds what they share. It is private to lib/Emulator.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_EMULATOR_MATRIXOPSIMPL_H
#define MCORE_LIB_EMULATOR_MATRIXOPSIMPL_H

#include "mcore/Emulator/MatrixOps.h"

#include "FloatFormats.h"

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

namespace mlir::mcore::emu::matrixops {

enum Flags : uint16_t {
  kNone = 0,
  kSign = 1 << 0,  ///< i1 A_sign, i1 B_sign operands
  kClamp = 1 << 1, ///< i1 clamp operand
  kOpsel = 1 << 2, ///< i1 op_sel operand (16-bit accumulator)
  kTied = 1 << 3,  ///< RDNA3 _tied form
  kCbAb = 1 << 4,  ///< i32 cbsz, abid operands
  kBlgp = 1 << 5,  ///< i32 blgp operand
  /// gfx1250 (IntrinsicsAMDGPU.td's GFX1250 classes): i1 A_mod and B_mod
  /// before A and B (neg; for iu8 the kSign operands take their place).
  kNegAB = 1 << 6,
  /// gfx1250 dense float WMMA: i16 C_mod before C.
  kCMod = 1 << 7,
  /// gfx1250: i1 matrix_a_reuse, matrix_b_reuse after C or the index
  /// (before the clamp of iu8).
  kReuse = 1 << 8,
  /// Block-scaled f8f6f4 (gfx950 mfma.scale.*): i32 cbsz / blgp give the A
  /// / B formats, then i32 op_sel and i32 scale for A, then for B. The
  /// spec's A and B types are the fp8 defaults (format 0).
  kScale = 1 << 9,
  /// gfx1250 bf16f32: D is bf16 (Spec::d), C f32.
  kBf16D = 1 << 10,
  /// The result is C's registers, D in its low bits and the rest C's
  /// values (gfx1250's bf16f32 SWMMAC, whose D is tied to C).
  kDInC = 1 << 11,
  /// gfx1250 f8f6f4 WMMA: i32 matrix_a_fmt before A and matrix_b_fmt
  /// before B give the formats (kept in cbsz / blgp).
  kFmt = 1 << 12,
  /// gfx1250 wmma.scale*: after C, i32 matrix_a_scale, i32
  /// matrix_a_scale_fmt and A's scale (i32), the same for B, then the
  /// reuse hints (AMDGPUWmmaScale*IntrinsicModsC).
  kWScale = 1 << 13,
  /// With kWScale: wmma.scale16, i64 scales, one per 16 k.
  kScale16 = 1 << 14,
  /// Executed by MatrixOpsMx.cpp: the OCP MX formats (kScale, and
  /// gfx1250's f8f6f4 and f4 WMMA, scaled or not).
  kMx = 1 << 15,
};

using E = ElemType;

struct Spec {
  const char *name;
  MatrixFamily family;
  uint8_t m, n;
  uint16_t k; ///< dense K
  uint8_t blocks;
  E a, b, c;
  uint16_t flags;
  uint8_t archs;
};

/// The intrinsic table (MatrixOpsSpecs.cpp): every spec, and the one whose
/// base name `name` is (with or without an overload suffix); nullptr if
/// none.
llvm::ArrayRef<Spec> getSpecs();
const Spec *findSpec(llvm::StringRef name);

/// Where one matrix element sits: `lane`, and bit `bit` of that lane's
/// operand bytes.
struct Loc {
  uint16_t lane = 0;
  uint16_t bit = 0;
};

//===----------------------------------------------------------------------===//
// Bit access
//===----------------------------------------------------------------------===//

inline uint64_t readBits(const uint8_t *p, unsigned bit, unsigned width) {
  if (width == 4)
    return (p[bit / 8] >> (bit % 8)) & 0xFu;
  uint64_t v = 0;
  std::memcpy(&v, p + bit / 8, width / 8);
  return v;
}

inline void writeBits(uint8_t *p, unsigned bit, unsigned width, uint64_t v) {
  if (width == 4) {
    uint8_t &byte = p[bit / 8];
    unsigned sh = bit % 8;
    byte = uint8_t((byte & ~(0xFu << sh)) | ((v & 0xFu) << sh));
    return;
  }
  std::memcpy(p + bit / 8, &v, width / 8);
}

//===----------------------------------------------------------------------===//
// Element formats (MatrixOpsNumerics.cpp)
//===----------------------------------------------------------------------===//

bool isFloatType(ElemType t);
/// The value of integer element bits (i8, i4 per `isSigned`; i32).
int64_t decodeInt(ElemType t, uint64_t bits, bool isSigned);
/// Decodes `n` elements of type `t` at `locs` (lanes remapped through
/// `laneMap` when given) into doubles.
void gatherFloat(ElemType t, Fp8Format f8, const Loc *locs, size_t n,
                 const uint8_t *laneMap, const uint8_t *const *lanes,
                 double *out);
/// Rounds `n` results to type `t` and writes them at `locs`.
void scatterFloat(ElemType t, const Loc *locs, size_t n, const double *v,
                  uint8_t *const *lanes);

/// A lane-major plan of an operand's elements: for every lane and every
/// element slot of its operand (`per` slots of the type's width), the
/// element index there or -1 (`index`, [lane][slot]; a zero `per` when the
/// layout has none: 4-bit elements, or elements not on slot boundaries).
/// Reading a lane's slots in order is what makes gatherPlanned /
/// scatterPlanned faster than gatherFloat / scatterFloat.
///
/// Most layouts put a column of a matrix across consecutive lanes and the
/// rows along a lane's slots (C and D of every WMMA and MFMA, B of most):
/// a tile of 8 lanes by `tileSlots` slots where lane `lane` + i's slot
/// `slot` + j holds element `base` + j * `stride` + i. Such tiles are moved
/// by transposing them in vector registers (8 consecutive elements per
/// store) instead of slot by slot; `rest` is `index` without the tiles'
/// slots (empty when the tiles cover every element).
struct PlanTile {
  uint16_t lane, slot;
  int32_t base, stride;
};
struct LanePlan {
  std::vector<int32_t> index;
  unsigned per = 0;
  std::vector<PlanTile> tiles;
  unsigned tileSlots = 0; ///< 4 or 8 (0: no tiles)
  std::vector<int32_t> rest;
};
/// The plan of the elements at `locs` (`bits` wide) in operands of `bytes`
/// bytes per lane, for `wave` lanes.
LanePlan makeLanePlan(const std::vector<Loc> &locs, unsigned bits,
                      unsigned bytes, unsigned wave);

/// How gatherPlanned / scatterPlanned move the elements: the best the host
/// has (the tiles where it has AVX-512, F16C for f16), or slot by slot
/// (the tests compare them). readPositions also has Shifts: its runs
/// spread with shifts and masks, which Best does with BMI2's pdep where the
/// host has it.
enum class PlanPath : uint8_t { Best, Slots, Shifts };

/// Decodes the elements of `plan` (type `t`) from the lanes' operands
/// (lane l's read from lanes[laneMap[l]] when `laneMap` is given) into
/// doubles, out[element].
void gatherPlanned(ElemType t, Fp8Format f8, const LanePlan &plan,
                   unsigned wave, const uint8_t *laneMap,
                   const uint8_t *const *lanes, double *out,
                   PlanPath path = PlanPath::Best);
/// Rounds v[element] to type `t` and writes it at its slot of the lanes'
/// operands.
void scatterPlanned(ElemType t, const LanePlan &plan, unsigned wave,
                    const double *v, uint8_t *const *lanes,
                    PlanPath path = PlanPath::Best);

/// The 2:4 positions of a sparse A: a plan lists, per A element (e = i *
/// kA + kc), the word of the lanes' index words and the bit of its 2-bit
/// field, as word * 32 + bit. Most layouts put a row's fields next to each
/// other in one word: a run of up to 8 fields, field f at bit `bit` + 2f
/// of word `word`, the position of element `first` + f.
struct IndexRun {
  uint32_t first;
  uint16_t word;
  uint8_t bit, count;
};
std::vector<IndexRun> makeIndexRuns(const std::vector<uint32_t> &plan);
/// pos[e] = the field of element e, from the lanes' index words: through
/// the runs (PlanPath::Best or Shifts, 8 fields at a time; pos then needs 7
/// bytes beyond the last element) or field by field (PlanPath::Slots).
void readPositions(const std::vector<uint32_t> &plan,
                   const std::vector<IndexRun> &runs, const uint32_t *index,
                   uint8_t *pos, PlanPath path = PlanPath::Best);

/// How an instruction forms each element of D from the products along K
/// and C: where it rounds, in what order. docs/Emulator.md ("Numerics")
/// gives each family's model and its source.
enum class Accumulation : uint8_t {
  /// Exact products summed (in double), C added, one rounding to the
  /// accumulator: the model where nothing finer is known.
  RoundOnce,
  /// acc = C; acc = fma(a_k, b_k, acc) in K order, rounded to the
  /// accumulator (f32 or f64) at every step.
  FmaChain,
  /// RDNA3 16-bit accumulators: acc = C; acc = round(acc + a_k b_k +
  /// a_k+1 b_k+1) for k = 0, 2, 4, ..., each step summed exactly and rounded
  /// to nearest even in the accumulator format (the dot2 chain).
  Dot2Chain,
  /// CDNA3 f16/bf16 MFMA: groups of min(8, K) products in K order, each a
  /// fused sum with truncated alignment added to C (MMA-Sim's TR-FDPA).
  Cdna3Fused,
  /// CDNA3 xf32 MFMA: the inputs truncated to xf32 when decoded, then the
  /// fused sum of Cdna3Fused in groups of 4 (MMA-Sim's MFMASim for xf32).
  Xf32Fused,
};

/// The model of instruction `s` on `target`.
Accumulation getAccumulation(const Spec &s, const Target &target);

/// All of D for one block of a dense Cdna3Fused instruction, four columns at
/// a time with AVX2 (the same arithmetic as `accumulate`, in vector lanes):
/// A [M][K], B [K][N], C [M][N] exact values, D [M][N] out. Returns false,
/// having written nothing, where it does not apply (no AVX2 on the host, N
/// not a multiple of 4, non-finite A or B, products that may reach 2^128):
/// the caller then goes element by element.
bool cdna3FusedBlock(ElemType aType, const double *A, const double *B,
                     const double *C, unsigned M, unsigned N, unsigned K,
                     double *D);

/// The loops of MatrixOpsProducts.cpp: the best the host has, or one of
/// them (the tests compare them).
enum class VectorPath : uint8_t { Best, Avx512, Avx2, Rows };

/// D [M][N] = A [M][kA] x B + C [M][N] for one block of a RoundOnce float
/// instruction, in double: for each element the exact products along K
/// summed in K order from zero, then C added (the sum is rounded to the
/// accumulator when it is written). B has N columns and K rows, element kc
/// of row i multiplying B's row kc, or with 2:4 (`pos`, [M][kA]) row
/// 4 * (kc / 2) + pos[i][kc]. Returns false, having written nothing, when
/// `path` is not the host's or does not take this N.
bool blockTimesB(VectorPath path, double *D, const double *A, const double *Bm,
                 const double *C, const uint8_t *pos, unsigned M, unsigned N,
                 unsigned kA);
/// out[e] = in[e] rounded to f32 (to nearest even, as float(x)) and back,
/// for n elements: a D handed on as the next instruction's C, as reading
/// it back would give it. Eight at a time where the host has AVX-512.
void roundedToF32(const double *in, double *out, size_t n);
/// acc [N] = row i of A [M][kA] x B, in integers (the rows of B as above).
void rowTimesB(int64_t *acc, const int64_t *A, const int64_t *Bm,
               const uint8_t *pos, unsigned i, unsigned kA, unsigned N);

/// One element of D under model `acc` (not RoundOnce): the `n` inputs
/// a[k], b[k] along K (in K order; exact values of type `aType`/`bType`) and
/// C. Returns the result, already a value of the accumulator type `cType`.
double accumulate(Accumulation acc, ElemType aType, ElemType cType,
                  const double *a, const double *b, unsigned n, double c);

//===----------------------------------------------------------------------===//
// CDNA (MatrixOpsCdna.cpp)
//===----------------------------------------------------------------------===//

/// gfx9 BLGP: the lane B data is read from, for the lane it would normally
/// be read from.
unsigned blgpLane(unsigned lane, unsigned blgp);

} // namespace mlir::mcore::emu::matrixops

namespace mlir::mcore::emu {

/// The operands and results a meeting's instructions share
/// (MatrixOperandCache, MatrixOperandCache.cpp); executeLanes reads and
/// fills it.
struct MatrixOperandCache::Impl {
  struct Entry {
    const void *op = nullptr; ///< its instruction (null: unused)
    unsigned kind = 0;        ///< what it is and how it was read (aKind, bKind)
    const uint8_t *lanes[64];
    std::vector<double> values;
  };
  /// A 4x4 grid of instructions reads 4 As and 4 Bs.
  static constexpr unsigned kEntries = 8;
  Entry entries[kEntries];
  unsigned next = 0;
  /// The D each row of the meeting kept (setRow's keepD), unrounded, and
  /// its instruction (null: none kept).
  struct Result {
    const void *op = nullptr;
    std::vector<double> values;
  };
  std::vector<Result> results;
  /// The row executing now (setRow).
  unsigned row = 0;
  int cFrom = -1;
  bool keepD = false, writeD = true;
  /// Whether another row of the meeting may read this row's A / B memory
  /// (else the operand is neither looked up nor kept).
  bool sharesA = true, sharesB = true;

  template <unsigned Size>
  static Entry *find(Entry (&pool)[Size], const void *op, unsigned kind,
                     const uint8_t *const *lanes, unsigned wave) {
    for (Entry &e : pool)
      if (e.op == op && e.kind == kind && e.lanes[0] == lanes[0] &&
          std::equal(lanes, lanes + wave, e.lanes))
        return &e;
    return nullptr;
  }
  static double *claim(Entry &e, const void *op, unsigned kind,
                       const uint8_t *const *lanes, unsigned wave, size_t n) {
    e.op = op;
    e.kind = kind;
    std::copy(lanes, lanes + wave, e.lanes);
    e.values.resize(n);
    return e.values.data();
  }

  /// The kinds: A read under cbsz / abid (which block of A each block
  /// reads), B under blgp (which lane's B each lane reads).
  static unsigned aKind(unsigned cbsz, unsigned abid) {
    return 1u << 16 | cbsz << 8 | abid;
  }
  static unsigned bKind(unsigned blgp) { return 2u << 16 | blgp; }

  /// The decoded values of (op, kind) at `lanes` and true; else an entry
  /// claimed for them, to decode into, and false.
  std::pair<double *, bool> lookup(const void *op, unsigned kind,
                                   const uint8_t *const *lanes, unsigned wave,
                                   size_t n) {
    if (Entry *e = find(entries, op, kind, lanes, wave))
      return {e->values.data(), true};
    Entry &e = entries[next];
    next = (next + 1) % kEntries;
    return {claim(e, op, kind, lanes, wave, n), false};
  }
  /// The D row cFrom kept, when op kept it (its values unrounded), or null.
  const std::vector<double> *keptC(const void *op) const {
    if (cFrom < 0 || size_t(cFrom) >= results.size() || results[cFrom].op != op)
      return nullptr;
    return &results[cFrom].values;
  }
  /// Keeps `acc` (swapped in: no copy) as this row's D.
  void keep(const void *op, std::vector<double> &acc) {
    if (results.size() <= row)
      results.resize(row + 1);
    results[row].op = op;
    results[row].values.swap(acc);
  }
};

struct MatrixOp::Impl {
  const matrixops::Spec *spec;
  Target target;
  unsigned wave;
  unsigned M, N, K, B;
  unsigned kA; ///< A's K extent: K, or K / 2 when sparse
  bool sparse;
  unsigned aBits, bBits, cBits, dBits;
  unsigned aBytes = 0, bBytes = 0, cBytes = 0, dBytes = 0;
  /// The result's element type (C's, or bf16 with kBf16D).
  ElemType dType = ElemType::F32;
  Fp8Format aFp8 = Fp8Format::E4M3FN, bFp8 = Fp8Format::E4M3FN;
  unsigned numSets = 0;
  unsigned setBits = 0;    ///< width of one index set
  unsigned indexWords = 1; ///< 32-bit words of a lane's index

  /// Locations without modifiers: A [b][i][kk], B [b][k][j], C [b][i][j].
  std::vector<matrixops::Loc> aLoc, bLoc, cLoc;
  /// D [b][i][j], where it differs from cLoc (kBf16D; else empty and D is
  /// written at cLoc).
  std::vector<matrixops::Loc> dLoc;
  /// RDNA3 opsel-high C/D locations.
  std::vector<matrixops::Loc> cLocHi;
  /// RDNA3: the further copies of each A and B element.
  std::vector<std::vector<matrixops::Loc>> aCopies, bCopies;
  /// Sparse: lane and bit (set 0) of the 2-bit index field of A [i][kc].
  std::vector<matrixops::Loc> idxLoc;
  /// The same per index set, as the word of the lanes' index words (lane
  /// * indexWords + bit / 32) times 32 plus the bit in it.
  std::vector<std::vector<uint32_t>> idxPlan;
  std::vector<std::vector<matrixops::IndexRun>> idxRuns; ///< of idxPlan
  /// Whether D's elements cover every bit of the result (else D starts as
  /// a copy of C: RDNA3's 16-bit accumulator uses half of each register,
  /// gfx1250's bf16f32 SWMMAC the low half of C's registers).
  bool dCoversAll = true;
  /// Where D's elements are rounded (MatrixOpsNumerics.cpp).
  matrixops::Accumulation accumulation = matrixops::Accumulation::RoundOnce;
  /// Lane-major plans of aLoc, bLoc, cLoc, cLocHi and dLoc
  /// (gatherPlanned, scatterPlanned).
  using Plan = matrixops::LanePlan;
  Plan aPlan, bPlan, cPlan, cPlanHi, dPlan;

  /// gfx940+ f64 MFMA: its blgp operand is NEG (bit 0: A, 1: B, 2: C).
  bool negatesF64() const {
    return spec->family == MatrixFamily::MFMA && spec->a == ElemType::F64 &&
           (target.arch == GpuArch::CDNA3 || target.arch == GpuArch::CDNA4);
  }

  void build();
  /// The layouts of each architecture (build() sizes the location vectors
  /// and computes the operand sizes from them).
  void buildCdna();  ///< MatrixOpsCdna.cpp
  void buildRdna3(); ///< MatrixOpsRdna.cpp
  void buildRdna4(); ///< MatrixOpsRdna.cpp
  void buildGfx1250(); ///< MatrixOpsGfx1250.cpp

  /// The MX instructions (kMx, MatrixOpsMx.cpp): the element type of
  /// format code `fmt` (0-4), A's (B's) format under `imm`, where an
  /// element of A / B of that format sits, the checks, and the execution.
  static ElemType mxType(unsigned fmt);
  unsigned mxFormat(bool isB, const MatrixImmediates &imm) const;
  matrixops::Loc mxLocate(bool isB, unsigned row, unsigned k,
                          unsigned fmt) const;
  llvm::Error verifyMx(const MatrixImmediates &imm) const;
  llvm::Error verifyMxWmma(const MatrixImmediates &imm) const; ///< gfx1250
  llvm::Error executeMx(const MatrixImmediates &imm, const uint8_t *const *a,
                        const uint8_t *const *b, const uint8_t *const *c,
                        const uint32_t *scaleA, const uint32_t *scaleB,
                        uint8_t *const *d) const;
};

} // namespace mlir::mcore::emu

#endif // MCORE_LIB_EMULATOR_MATRIXOPSIMPL_H
