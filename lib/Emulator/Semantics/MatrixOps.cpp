//===- MatrixOps.cpp - One wave-wide matrix instruction -------------------===//
//
// Semantics of every WMMA, SWMMAC, MFMA and SMFMAC intrinsic of LLVM 22, from
// the ISA-level description of each instruction:
//
//   D = A x B + C                          (dense; MFMA: per block)
//   D[i][j] = C[i][j] + sum over the compressed elements A[i][kc] of
//             A[i][kc] * B[4 * (kc / 2) + p(i, kc)][j]      (SWMMAC, SMFMAC)
//
// where p(i, kc) is the 2-bit field of the sparse index that names the
// position, inside its group of four dense k, of compressed element kc.
//
// Where every element sits in the lanes' registers is computed by the
// functions below, which transcribe the algorithm of AMD's matrix
// instruction calculator (ROCm/amd_matrix_instruction_calculator,
// matrix_calculator.py v1.3.1, commit e7603ec5), the tool AMD publishes to
// document these layouts:
//
//   gfx9 (CDNA)   InstCalcGfx9.__get_input_reg_lanes (A and B, blocks,
//                 sparse A with k halved), __get_output_reg_lanes (C/D,
//                 including 64-bit outputs), InstCalc._get_reg_name
//                 (sparse-index bit positions and the abid index sets),
//                 _get_cbsz_abid_transformed_block, _get_blgp_transformed_lane.
//   gfx11 (RDNA3) InstCalcGfx11.__get_input_reg_lanes (A/B replicated across
//                 lane groups), __get_output_reg_lanes (OPSEL halves).
//   gfx12 (RDNA4) InstCalcGfx12.__get_input_reg, __get_input_lane,
//                 __get_compression_bits, get_num_compression_sets,
//                 __get_output_reg_lanes (wave32 and wave64).
//
// CDNA4 (gfx950) is not in calculator 1.3.1. Its new shapes follow the same
// gfx9 algorithm, except B of the doubled-K SMFMAC, which lanes hold in two
// blocks the way hipBLASLt's Tensile reads it (tensilelite Components/
// LocalRead.py, "SMFMA layout"; gfx9DoubleKDenseInput). Its SMFMAC index
// sets are 2 * (compressed elements per lane) bits wide, which is the gfx942
// rule and what llvm-project PR #193541 states for gfx950.
//
// gfx950's block-scaled f8f6f4 MFMA (mfma.scale.*) and gfx1250's f8f6f4 and
// f4 WMMA (plain, scale, scale16) are in MatrixOpsMx.cpp.
//
// AMD's builtin pages and mcore's catalog are not read here (docs/Emulator.md,
// "Independence").
//
// This file holds MatrixOp and the execution; the intrinsic table is in
// MatrixOpsSpecs.cpp, the layouts are in MatrixOpsCdna.cpp and MatrixOpsRdna.cpp, the element
// formats in MatrixOpsNumerics.cpp (MatrixOpsImpl.h lists them).
//
//===----------------------------------------------------------------------===//

#include "MatrixOpsImpl.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <mutex>
#include <tuple>

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::matrixops;
using llvm::Error;

namespace {

Error opError(const llvm::Twine &msg) { return llvm::createStringError(msg); }

/// Matrix intrinsics of LLVM 22 the emulator does not implement, with why.
struct Unsupported {
  const char *prefix;
  const char *reason;
};
constexpr Unsupported kUnsupported[] = {
    {"llvm.amdgcn.mfma.f32.16x16x128.f8f6f4",
     "f8f6f4 MFMA (gfx950) is not emulated yet"},
    {"llvm.amdgcn.mfma.f32.32x32x64.f8f6f4",
     "f8f6f4 MFMA (gfx950) is not emulated yet"},
};

unsigned log2u(unsigned v) {
  unsigned r = 0;
  while ((1u << r) < v)
    ++r;
  return r;
}

} // namespace

//===----------------------------------------------------------------------===//
// MatrixOp::Impl
//===----------------------------------------------------------------------===//

static unsigned elemBits(ElemType t) { return getElemBits(t); }

void MatrixOp::Impl::build() {
  M = spec->m;
  N = spec->n;
  K = spec->k;
  B = spec->blocks;
  sparse = spec->family == MatrixFamily::SWMMAC ||
           spec->family == MatrixFamily::SMFMAC;
  kA = sparse ? K / 2 : K;
  aBits = elemBits(spec->a);
  bBits = elemBits(spec->b);
  cBits = elemBits(spec->c);
  dType = (spec->flags & kBf16D) ? ElemType::BF16 : spec->c;
  dBits = elemBits(dType);
  bool fnuz = target.fp8 == Fp8Encoding::FNUZ;
  auto f8 = [&](ElemType t) {
    if (t == ElemType::BF8)
      return fnuz ? Fp8Format::E5M2FNUZ : Fp8Format::E5M2;
    return fnuz ? Fp8Format::E4M3FNUZ : Fp8Format::E4M3FN;
  };
  aFp8 = f8(spec->a);
  bFp8 = f8(spec->b);
  accumulation = getAccumulation(*spec, target);

  aLoc.resize(size_t(B) * M * kA);
  bLoc.resize(size_t(B) * K * N);
  cLoc.resize(size_t(B) * M * N);

  switch (target.arch) {
  case GpuArch::CDNA1:
  case GpuArch::CDNA2:
  case GpuArch::CDNA3:
  case GpuArch::CDNA4:
    buildCdna();
    break;
  case GpuArch::RDNA3:
    buildRdna3();
    break;
  case GpuArch::RDNA4:
    buildRdna4();
    break;
  case GpuArch::GFX1250:
    buildGfx1250();
    break;
  }

  // The MX instructions: A and B where their default formats sit
  // (MatrixOpsMx.cpp; the imm-taking accessors give the others).
  if (spec->flags & kMx) {
    MatrixImmediates imm;
    for (unsigned i = 0; i < M; ++i)
      for (unsigned k = 0; k < K; ++k)
        aLoc[size_t(i) * K + k] = mxLocate(false, i, k, mxFormat(false, imm));
    for (unsigned k = 0; k < K; ++k)
      for (unsigned j = 0; j < N; ++j)
        bLoc[size_t(k) * N + j] = mxLocate(true, j, k, mxFormat(true, imm));
  }

  // Operand sizes: the extent of the layout, in whole 32-bit registers
  // (one 64-bit value at least).
  auto bytesOf = [](const std::vector<Loc> &locs, unsigned bits) {
    unsigned maxBit = 0;
    for (const Loc &l : locs)
      maxBit = std::max(maxBit, unsigned(l.bit) + bits);
    return ((maxBit + 31) / 32) * 4;
  };
  aBytes = bytesOf(aLoc, aBits);
  bBytes = bytesOf(bLoc, bBits);
  cBytes = std::max(bytesOf(cLoc, cBits),
                    cLocHi.empty() ? 0u : bytesOf(cLocHi, cBits));
  aPlan = makeLanePlan(aLoc, aBits, aBytes, wave);
  bPlan = makeLanePlan(bLoc, bBits, bBytes, wave);
  cPlan = makeLanePlan(cLoc, cBits, cBytes, wave);
  cPlanHi = makeLanePlan(cLocHi, cBits, cBytes, wave);
  // D: at C's places, or (gfx1250's bf16f32) where the layout put it, in
  // a result of its own size or (kDInC) in C's registers.
  if (dLoc.empty()) {
    dBytes = cBytes;
    dPlan = cPlan;
  } else {
    dBytes = (spec->flags & kDInC) ? cBytes : bytesOf(dLoc, dBits);
    dPlan = makeLanePlan(dLoc, dBits, dBytes, wave);
  }
  // D's elements cover all of the result when there is one per dBits bits
  // of every lane (the locations are distinct by construction).
  size_t dCount = dLoc.empty() ? cLoc.size() : dLoc.size();
  dCoversAll = cLocHi.empty() && dCount * dBits == size_t(wave) * dBytes * 8;
  idxPlan.assign(sparse ? numSets : 0, {});
  for (unsigned set = 0; set < idxPlan.size(); ++set)
    for (const Loc &l : idxLoc) {
      unsigned bit = l.bit + set * setBits;
      idxPlan[set].push_back((l.lane * indexWords + bit / 32) * 32 + bit % 32);
    }
  for (const std::vector<uint32_t> &plan : idxPlan)
    idxRuns.push_back(makeIndexRuns(plan));
}

//===----------------------------------------------------------------------===//
// MatrixOp
//===----------------------------------------------------------------------===//

MatrixOp::MatrixOp(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
MatrixOp::~MatrixOp() = default;

llvm::StringRef mlir::mcore::emu::getElemTypeName(ElemType t) {
  switch (t) {
  case ElemType::F16:
    return "f16";
  case ElemType::BF16:
    return "bf16";
  case ElemType::FP8:
    return "fp8";
  case ElemType::BF8:
    return "bf8";
  case ElemType::I8:
    return "i8";
  case ElemType::I4:
    return "i4";
  case ElemType::F32:
    return "f32";
  case ElemType::F64:
    return "f64";
  case ElemType::I32:
    return "i32";
  case ElemType::XF32:
    return "xf32";
  case ElemType::FP6:
    return "fp6";
  case ElemType::BF6:
    return "bf6";
  case ElemType::FP4:
    return "fp4";
  }
  return "?";
}

unsigned mlir::mcore::emu::getElemBits(ElemType t) {
  switch (t) {
  case ElemType::F16:
  case ElemType::BF16:
    return 16;
  case ElemType::FP8:
  case ElemType::BF8:
  case ElemType::I8:
    return 8;
  case ElemType::FP6:
  case ElemType::BF6:
    return 6;
  case ElemType::I4:
  case ElemType::FP4:
    return 4;
  case ElemType::F32:
  case ElemType::I32:
  case ElemType::XF32:
    return 32;
  case ElemType::F64:
    return 64;
  }
  return 0;
}

bool MatrixOp::isKnownIntrinsic(llvm::StringRef intrinsic) {
  const Spec *s = findSpec(intrinsic);
  return s && intrinsic == s->name;
}

std::vector<std::string> MatrixOp::getKnownIntrinsics() {
  std::vector<std::string> names;
  for (const Spec &s : getSpecs())
    names.push_back(s.name);
  return names;
}

llvm::Expected<const MatrixOp *> MatrixOp::get(llvm::StringRef intrinsic,
                                               const Target &target) {
  const Spec *spec = findSpec(intrinsic);
  if (!spec) {
    for (const Unsupported &u : kUnsupported)
      if (intrinsic.starts_with(u.prefix))
        return opError("matrix intrinsic '" + intrinsic +
                       "' is not emulated: " + u.reason);
    return opError("'" + intrinsic +
                   "' is not a matrix intrinsic the emulator knows");
  }
  if (!(spec->archs & (1u << unsigned(target.arch)))) {
    std::string on;
    for (unsigned a = 0; a <= unsigned(GpuArch::GFX1250); ++a)
      if (spec->archs & (1u << a)) {
        if (!on.empty())
          on += ", ";
        on += getArchName(GpuArch(a)).str();
      }
    return opError("'" + llvm::StringRef(spec->name) + "' does not exist on " +
                   target.chip + " (" + getArchName(target.arch) +
                   "); it is a " + on + " instruction");
  }
  if (target.isCDNA() && target.waveSize != 64)
    return opError("CDNA matrix instructions need wave64");

  using Key = std::tuple<const Spec *, unsigned, unsigned, unsigned>;
  static std::mutex mutex;
  static auto *cache = new std::map<Key, std::unique_ptr<MatrixOp>>();
  Key key{spec, unsigned(target.arch), target.waveSize, unsigned(target.fp8)};
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cache->find(key);
  if (it != cache->end())
    return it->second.get();
  auto impl = std::make_unique<Impl>();
  impl->spec = spec;
  impl->target = target;
  impl->wave = target.waveSize;
  impl->build();
  auto op = std::make_unique<MatrixOp>(std::move(impl));
  const MatrixOp *result = op.get();
  cache->emplace(key, std::move(op));
  return result;
}

llvm::StringRef MatrixOp::getName() const { return impl->spec->name; }
const Target &MatrixOp::getTarget() const { return impl->target; }
MatrixFamily MatrixOp::getFamily() const { return impl->spec->family; }
bool MatrixOp::isSparse() const { return impl->sparse; }
unsigned MatrixOp::getM() const { return impl->M; }
unsigned MatrixOp::getN() const { return impl->N; }
unsigned MatrixOp::getK() const { return impl->K; }
unsigned MatrixOp::getBlocks() const { return impl->B; }
ElemType MatrixOp::getAType() const { return impl->spec->a; }
ElemType MatrixOp::getBType() const { return impl->spec->b; }
ElemType MatrixOp::getCType() const { return impl->spec->c; }
ElemType MatrixOp::getDType() const { return impl->dType; }
unsigned MatrixOp::getABytes() const { return impl->aBytes; }
unsigned MatrixOp::getBBytes() const { return impl->bBytes; }
unsigned MatrixOp::getCBytes() const { return impl->cBytes; }
unsigned MatrixOp::getDBytes() const { return impl->dBytes; }
bool MatrixOp::isTied() const { return impl->spec->flags & kTied; }
bool MatrixOp::hasSignedness() const { return impl->spec->flags & kSign; }
bool MatrixOp::hasClamp() const { return impl->spec->flags & kClamp; }
bool MatrixOp::hasOpsel() const { return impl->spec->flags & kOpsel; }
bool MatrixOp::hasCbszAbid() const { return impl->spec->flags & kCbAb; }
bool MatrixOp::hasBlgp() const { return impl->spec->flags & kBlgp; }
unsigned MatrixOp::getNumIndexSets() const { return impl->numSets; }
unsigned MatrixOp::getIndexWords() const { return impl->indexWords; }
bool MatrixOp::hasNegAB() const { return impl->spec->flags & kNegAB; }
bool MatrixOp::hasCMod() const { return impl->spec->flags & kCMod; }
bool MatrixOp::hasReuse() const { return impl->spec->flags & kReuse; }
bool MatrixOp::chainsResult(const MatrixImmediates &imm) const {
  const Impl &I = *impl;
  const Spec &s = *I.spec;
  bool useHi = (s.flags & kOpsel) && imm.opsel && !I.cLocHi.empty();
  return !(s.flags & kMx) && isFloatType(s.a) && !I.negatesF64() && !useHi &&
         I.dLoc.empty() && I.dCoversAll && s.c == ElemType::F32;
}
bool MatrixOp::hasScales() const {
  return impl->spec->flags & (kScale | kWScale);
}
bool MatrixOp::hasFormats() const {
  return impl->spec->flags & (kScale | kFmt);
}
unsigned MatrixOp::getScaleWords() const {
  if (!hasScales())
    return 0;
  return (impl->spec->flags & kScale16) ? 2 : 1;
}
ElemType MatrixOp::getAType(const MatrixImmediates &imm) const {
  return hasFormats() ? Impl::mxType(imm.cbsz) : getAType();
}
ElemType MatrixOp::getBType(const MatrixImmediates &imm) const {
  return hasFormats() ? Impl::mxType(imm.blgp) : getBType();
}
// An MX operand is M (N) x K values of its format spread evenly over the
// wave (MatrixOpsMx.cpp).
unsigned MatrixOp::getABytes(const MatrixImmediates &imm) const {
  const Impl &I = *impl;
  if (!(I.spec->flags & kMx))
    return getABytes();
  return I.M * I.K * getElemBits(getAType(imm)) / (8 * I.wave);
}
unsigned MatrixOp::getBBytes(const MatrixImmediates &imm) const {
  const Impl &I = *impl;
  if (!(I.spec->flags & kMx))
    return getBBytes();
  return I.N * I.K * getElemBits(getBType(imm)) / (8 * I.wave);
}

MatrixOp::Location MatrixOp::locate(Operand operand, unsigned block,
                                    unsigned row, unsigned col) const {
  const Impl &I = *impl;
  Loc l;
  switch (operand) {
  case Operand::A:
    l = I.aLoc[(size_t(block) * I.M + row) * I.kA + col];
    break;
  case Operand::B:
    l = I.bLoc[(size_t(block) * I.K + row) * I.N + col];
    break;
  case Operand::C:
    l = I.cLoc[(size_t(block) * I.M + row) * I.N + col];
    break;
  case Operand::D:
    l = (I.dLoc.empty() ? I.cLoc
                        : I.dLoc)[(size_t(block) * I.M + row) * I.N + col];
    break;
  case Operand::Index:
    l = I.idxLoc[size_t(row) * I.kA + col];
    break;
  }
  return {l.lane, l.bit};
}

MatrixOp::Location MatrixOp::locate(Operand operand, unsigned block,
                                    unsigned row, unsigned col,
                                    const MatrixImmediates &imm) const {
  if (!(impl->spec->flags & kMx) ||
      (operand != Operand::A && operand != Operand::B))
    return locate(operand, block, row, col);
  Loc l = operand == Operand::A
              ? impl->mxLocate(false, row, col, impl->mxFormat(false, imm))
              : impl->mxLocate(true, col, row, impl->mxFormat(true, imm));
  return {l.lane, l.bit};
}

Error MatrixOp::verify(const MatrixImmediates &imm) const {
  const Spec &s = *impl->spec;
  llvm::StringRef name = s.name;
  if (s.flags & kMx)
    return impl->verifyMx(imm);
  if (imm.scaleSelA || imm.scaleSelB || imm.scaleFmtA || imm.scaleFmtB)
    return opError(name + " has no block scales");
  if ((imm.aSigned || imm.bSigned) && !hasSignedness())
    return opError(name + " has no signedness operands");
  if (imm.clamp && !hasClamp())
    return opError(name + " has no clamp operand");
  if (imm.opsel) {
    if (!hasOpsel())
      return opError(name + " has no op_sel operand");
    if (impl->target.arch == GpuArch::RDNA4)
      return opError(name + ": op_sel must be 0 on " + impl->target.chip +
                     " (RDNA4 packs 16-bit results; llc rejects op_sel=1)");
  }
  if ((imm.cbsz || imm.abid) && !hasCbszAbid())
    return opError(name + " has no cbsz/abid operands");
  if (imm.blgp && !hasBlgp())
    return opError(name + " has no blgp operand");
  if ((imm.aNeg || imm.bNeg) && !hasNegAB())
    return opError(name + " has no A_mod/B_mod operands");
  if (imm.cMod && !hasCMod())
    return opError(name + " has no C_mod operand");
  if (imm.aNeg || imm.bNeg || imm.cMod)
    return opError(llvm::formatv(
        "{0}: A_mod {1}, B_mod {2}, C_mod {3}: the emulator executes the "
        "gfx1250 input modifiers at 0 only",
        name, unsigned(imm.aNeg), unsigned(imm.bNeg), imm.cMod));
  if (imm.indexSet && s.family != MatrixFamily::SWMMAC)
    return opError(name + " has no index_key");
  if (s.family == MatrixFamily::MFMA) {
    if (imm.cbsz > 7 || imm.abid > 15 || imm.blgp > 7)
      return opError(llvm::formatv(
          "{0}: cbsz {1}, abid {2}, blgp {3} out of range (cbsz and blgp "
          "are 3-bit, abid 4-bit)",
          name, imm.cbsz, imm.abid, imm.blgp));
    if (imm.cbsz > log2u(impl->B))
      return opError(llvm::formatv(
          "{0}: cbsz {1} broadcasts over 2^{1} blocks but the instruction "
          "has {2} block(s)",
          name, imm.cbsz, impl->B));
    if (imm.abid >= (1u << imm.cbsz))
      return opError(llvm::formatv(
          "{0}: abid {1} must be below 2^cbsz = {2}", name, imm.abid,
          1u << imm.cbsz));
  }
  if (s.family == MatrixFamily::SMFMAC) {
    if (imm.cbsz > 7 || imm.abid > 15)
      return opError(llvm::formatv("{0}: cbsz {1} or abid {2} out of range",
                                   name, imm.cbsz, imm.abid));
    if (imm.cbsz == 0 && imm.abid >= impl->numSets)
      return opError(llvm::formatv(
          "{0}: abid {1} selects an index set, but {2} has {3} set(s) of {4} "
          "bits",
          name, imm.abid, impl->target.chip, impl->numSets, impl->setBits));
  }
  if (s.family == MatrixFamily::SWMMAC && imm.indexSet >= impl->numSets)
    return opError(llvm::formatv(
        "{0}: index set {1} out of range; the instruction has {2} set(s) of "
        "{3} bits",
        name, imm.indexSet, impl->numSets, impl->setBits));
  return Error::success();
}

Error MatrixOp::execute(const MatrixImmediates &imm, llvm::ArrayRef<uint8_t> a,
                        llvm::ArrayRef<uint8_t> b, llvm::ArrayRef<uint8_t> c,
                        llvm::ArrayRef<uint32_t> index,
                        llvm::MutableArrayRef<uint8_t> d,
                        const MatrixScales &scales) const {
  unsigned w = impl->wave;
  auto check = [&](llvm::StringRef what, size_t got, size_t want) -> Error {
    if (got == want)
      return Error::success();
    return opError(llvm::formatv("{0}: operand {1} has {2} bytes; a wave{3} "
                                 "instruction needs {4}",
                                 getName(), what, got, w, want));
  };
  if (Error e = verify(imm))
    return e;
  if (Error e = check("A", a.size(), size_t(w) * getABytes(imm)))
    return e;
  if (Error e = check("B", b.size(), size_t(w) * getBBytes(imm)))
    return e;
  if (Error e = check("A scale", scales.a.size() * 4,
                      size_t(w) * 4 * getScaleWords()))
    return e;
  if (Error e = check("B scale", scales.b.size() * 4,
                      size_t(w) * 4 * getScaleWords()))
    return e;
  if (Error e = check("C", c.size(), size_t(w) * impl->cBytes))
    return e;
  if (Error e = check("D", d.size(), size_t(w) * impl->dBytes))
    return e;
  if (Error e = check("index", index.size() * 4,
                      impl->sparse ? w * 4 * impl->indexWords : 0))
    return e;
  std::vector<const uint8_t *> pa(w), pb(w), pc(w);
  std::vector<uint8_t *> pd(w);
  for (unsigned l = 0; l < w; ++l) {
    pa[l] = a.data() + size_t(l) * getABytes(imm);
    pb[l] = b.data() + size_t(l) * getBBytes(imm);
    pc[l] = c.data() + size_t(l) * impl->cBytes;
    pd[l] = d.data() + size_t(l) * impl->dBytes;
  }
  return executeLanes(imm, pa.data(), pb.data(), pc.data(),
                      impl->sparse ? index.data() : nullptr, pd.data(),
                      scales.a.data(), scales.b.data());
}

namespace {
/// Per-thread scratch, reused across instructions.
struct Scratch {
  std::vector<double> af, bf, cf;
  std::vector<int64_t> ai, bi, ci;
  std::vector<uint8_t> pos;
  std::vector<double> accF;
  std::vector<int64_t> accI;
  std::vector<double> colA, colB; ///< one element's inputs along K
};
thread_local Scratch scratch;

} // namespace

Error MatrixOp::executeLanes(const MatrixImmediates &imm,
                             const uint8_t *const *a, const uint8_t *const *b,
                             const uint8_t *const *c, const uint32_t *index,
                             uint8_t *const *d, const uint32_t *scaleA,
                             const uint32_t *scaleB,
                             MatrixOperandCache *cache) const {
  const Impl &I = *impl;
  const Spec &s = *I.spec;
  if (s.flags & kMx)
    return I.executeMx(imm, a, b, c, scaleA, scaleB, d);
  const unsigned M = I.M, N = I.N, K = I.K, B = I.B, kA = I.kA;
  Scratch &S = scratch;

  // RDNA3: every copy of a replicated element must agree.
  auto checkCopies = [&](const char *name, const uint8_t *const *regs,
                         const std::vector<std::vector<Loc>> &copies,
                         const std::vector<Loc> &locs, unsigned bits,
                         unsigned cols) -> Error {
    for (unsigned e = 0; e < copies.size(); ++e)
      for (const Loc &cp : copies[e]) {
        const Loc &p = locs[e];
        if (readBits(regs[p.lane], p.bit, bits) !=
            readBits(regs[cp.lane], cp.bit, bits))
          return opError(llvm::formatv(
              "{0} on {1}: lanes {2} and {3} hold different copies of "
              "{4}[{5}][{6}] (RDNA3 replicates A and B across lane groups; "
              "unequal copies are undefined)",
              getName(), I.target.chip, p.lane, cp.lane, name, e / cols,
              e % cols));
      }
    return Error::success();
  };
  if (Error e = checkCopies("A", a, I.aCopies, I.aLoc, I.aBits, kA))
    return e;
  if (Error e = checkCopies("B", b, I.bCopies, I.bLoc, I.bBits, N))
    return e;

  bool isMfma = s.family == MatrixFamily::MFMA;
  bool f64Neg = I.negatesF64();
  unsigned blgp = (isMfma && !f64Neg) ? imm.blgp : 0;
  unsigned cbsz = isMfma ? imm.cbsz : 0;
  unsigned abid = isMfma ? imm.abid : 0;
  // Calculator _get_cbsz_abid_transformed_block: block b of A is read from
  // block floor(b / 2^cbsz) * 2^cbsz + abid.
  auto aBlock = [&](unsigned blk) {
    return ((blk >> cbsz) << cbsz) + abid;
  };
  bool aSigned = (s.flags & kSign) ? imm.aSigned : true;
  bool bSigned = (s.flags & kSign) ? imm.bSigned : true;
  bool useHi = (s.flags & kOpsel) && imm.opsel && !I.cLocHi.empty();
  const std::vector<Loc> &cLoc = useHi ? I.cLocHi : I.cLoc;

  // The sparse positions.
  if (I.sparse) {
    unsigned set = 0;
    if (s.family == MatrixFamily::SWMMAC)
      set = imm.indexSet;
    else if (imm.cbsz == 0)
      set = imm.abid;
    if (set >= I.idxPlan.size())
      return opError(llvm::formatv("{0}: index set {1} of {2}", getName(), set,
                                   I.idxPlan.size()));
    S.pos.resize(size_t(M) * kA + 7);
    readPositions(I.idxPlan[set], I.idxRuns[set], index, S.pos.data());
  }

  // Start D as a copy of C, so that bits no element covers (the other
  // halves of RDNA3's 16-bit accumulator, the high registers of gfx1250's
  // bf16f32 SWMMAC) keep C's value (nothing to copy where d is c).
  if (!I.dCoversAll)
    for (unsigned l = 0; l < I.wave; ++l)
      if (d[l] != c[l])
        std::memmove(d[l], c[l], I.dBytes);

  // Where B is read from, per lane (BLGP; null: every lane its own).
  uint8_t bLaneMap[64];
  const uint8_t *bLane = nullptr;
  if (blgp) {
    for (unsigned l = 0; l < I.wave; ++l)
      bLaneMap[l] = uint8_t(blgpLane(l, blgp));
    bLane = bLaneMap;
  }

  bool floatPath = isFloatType(s.a);
  if (floatPath) {
    S.af.resize(size_t(B) * M * kA);
    S.bf.resize(size_t(B) * K * N);
    S.cf.resize(size_t(B) * M * N);
    double *af = S.af.data(), *bf = S.bf.data();
    // A and B as an earlier instruction of the meeting decoded them, where
    // one did (not where f64 MFMA negates them below).
    bool aCached = false, bCached = false;
    if (cache && !f64Neg && cache->impl->sharesA)
      std::tie(af, aCached) = cache->impl->lookup(
          &I, MatrixOperandCache::Impl::aKind(cbsz, abid), a, I.wave,
          S.af.size());
    if (cache && !f64Neg && cache->impl->sharesB)
      std::tie(bf, bCached) = cache->impl->lookup(
          &I, MatrixOperandCache::Impl::bKind(blgp), b, I.wave, S.bf.size());
    // Lane by lane where the layouts allow (every block of A read from its
    // own place: no cbsz broadcast), else element by element.
    if (!aCached && I.aPlan.per && cbsz == 0 && abid == 0)
      gatherPlanned(s.a, I.aFp8, I.aPlan, I.wave, nullptr, a, af);
    else if (!aCached)
      for (unsigned blk = 0; blk < B; ++blk) {
        unsigned src = aBlock(blk);
        gatherFloat(s.a, I.aFp8, &I.aLoc[size_t(src) * M * kA], M * kA,
                    nullptr, a, &af[size_t(blk) * M * kA]);
      }
    if (!bCached && I.bPlan.per)
      gatherPlanned(s.b, I.bFp8, I.bPlan, I.wave, bLane, b, bf);
    else if (!bCached)
      gatherFloat(s.b, I.bFp8, I.bLoc.data(), S.bf.size(), bLane, b, bf);
    // C: in a chain (this instruction's C the D an earlier row of the
    // meeting kept, MatrixOperandCache::setRow) the values that D was
    // rounded to, exact in double as the f32 decoded would be.
    bool chain = cache && chainsResult(imm);
    const MatrixOp::Impl::Plan &cPlan = useHi ? I.cPlanHi : I.cPlan;
    const std::vector<double> *kept = chain ? cache->impl->keptC(&I) : nullptr;
    if (kept && kept->size() == S.cf.size())
      roundedToF32(kept->data(), S.cf.data(), S.cf.size());
    else if (cPlan.per)
      gatherPlanned(s.c, Fp8Format::E4M3FN, cPlan, I.wave, nullptr, c,
                    S.cf.data());
    else
      gatherFloat(s.c, Fp8Format::E4M3FN, cLoc.data(), S.cf.size(), nullptr,
                  c, S.cf.data());
    if (f64Neg) {
      // gfx940+ f64 MFMA: blgp is NEG (bit 0: A, bit 1: B, bit 2: C).
      if (imm.blgp & 1)
        for (double &v : S.af)
          v = -v;
      if (imm.blgp & 2)
        for (double &v : S.bf)
          v = -v;
      if (imm.blgp & 4)
        for (double &v : S.cf)
          v = -v;
    }
    // D, all blocks, written to the lanes at the end.
    S.accF.resize(size_t(B) * M * N);
    bool ordered = I.accumulation != Accumulation::RoundOnce;
    if (ordered) {
      S.colA.resize(kA);
      S.colB.resize(kA);
    }
    for (unsigned blk = 0; blk < B; ++blk) {
      const double *A = &af[size_t(blk) * M * kA];
      const double *Bm = &bf[size_t(blk) * K * N];
      if (I.accumulation == Accumulation::Cdna3Fused && !I.sparse &&
          cdna3FusedBlock(s.a, A, Bm, &S.cf[size_t(blk) * M * N], M, N, K,
                          &S.accF[size_t(blk) * M * N]))
        continue;
      if (!ordered) {
        // Products of the narrow input formats are exact in double; the
        // sum is rounded once more when it is written.
        blockTimesB(VectorPath::Best, &S.accF[size_t(blk) * M * N], A, Bm,
                    &S.cf[size_t(blk) * M * N],
                    I.sparse ? S.pos.data() : nullptr, M, N, kA);
        continue;
      }
      // Element by element, the products in K order (MatrixOpsNumerics
      // rounds where the model says).
      for (unsigned i = 0; i < M; ++i) {
        double *acc = &S.accF[(size_t(blk) * M + i) * N];
        const double *cRow = &S.cf[(size_t(blk) * M + i) * N];
        const uint8_t *p = I.sparse ? &S.pos[size_t(i) * kA] : nullptr;
        for (unsigned j = 0; j < N; ++j) {
          for (unsigned kk = 0; kk < kA; ++kk) {
            unsigned krow = p ? 4 * (kk / 2) + p[kk] : kk;
            S.colA[kk] = A[i * kA + kk];
            S.colB[kk] = Bm[size_t(krow) * N + j];
          }
          acc[j] = accumulate(I.accumulation, s.a, s.c, S.colA.data(),
                              S.colB.data(), kA, cRow[j]);
        }
      }
    }
    // D: at C's places in C's type, or (gfx1250's bf16f32) bf16 at its own
    // places; either way the sum is rounded once, here.
    const MatrixOp::Impl::Plan &dPlan = I.dLoc.empty() ? cPlan : I.dPlan;
    const std::vector<Loc> &dLoc = I.dLoc.empty() ? cLoc : I.dLoc;
    // A D a later row takes as its C: kept, and where nothing else reads
    // it (setRow's writeD false), not written.
    bool keep = chain && cache->impl->keepD;
    if (!keep || cache->impl->writeD) {
      if (dPlan.per)
        scatterPlanned(I.dType, dPlan, I.wave, S.accF.data(), d);
      else
        scatterFloat(I.dType, dLoc.data(), S.accF.size(), S.accF.data(), d);
    }
    if (keep)
      cache->impl->keep(&I, S.accF);
    return Error::success();
  }

  // Integer path.
  S.ai.resize(size_t(B) * M * kA);
  S.bi.resize(size_t(B) * K * N);
  for (unsigned blk = 0; blk < B; ++blk) {
    unsigned src = aBlock(blk);
    for (unsigned e = 0; e < M * kA; ++e) {
      const Loc &l = I.aLoc[size_t(src) * M * kA + e];
      S.ai[size_t(blk) * M * kA + e] =
          decodeInt(s.a, readBits(a[l.lane], l.bit, I.aBits), aSigned);
    }
  }
  for (size_t e = 0; e < S.bi.size(); ++e) {
    const Loc &l = I.bLoc[e];
    S.bi[e] = decodeInt(
        s.b, readBits(b[bLane ? bLane[l.lane] : l.lane], l.bit, I.bBits),
        bSigned);
  }
  S.accI.resize(N);
  for (unsigned blk = 0; blk < B; ++blk) {
    const int64_t *A = &S.ai[size_t(blk) * M * kA];
    const int64_t *Bm = &S.bi[size_t(blk) * K * N];
    for (unsigned i = 0; i < M; ++i) {
      int64_t *acc = S.accI.data();
      rowTimesB(acc, A, Bm, I.sparse ? S.pos.data() : nullptr, i, kA, N);
      for (unsigned j = 0; j < N; ++j) {
        const Loc &l = cLoc[(size_t(blk) * M + i) * N + j];
        int64_t cv = decodeInt(ElemType::I32, readBits(c[l.lane], l.bit, 32),
                               true);
        int64_t v = acc[j] + cv;
        uint32_t out;
        if (imm.clamp)
          out = uint32_t(int32_t(std::clamp<int64_t>(v, INT32_MIN, INT32_MAX)));
        else
          out = uint32_t(uint64_t(v)); // wraps modulo 2^32
        writeBits(d[l.lane], l.bit, 32, out);
      }
    }
  }
  return Error::success();
}

Error mlir::mcore::emu::executeMatrixIntrinsic(
    llvm::StringRef intrinsic, const Target &target,
    const MatrixImmediates &imm, llvm::ArrayRef<uint8_t> a,
    llvm::ArrayRef<uint8_t> b, llvm::ArrayRef<uint8_t> c,
    llvm::ArrayRef<uint32_t> index, llvm::MutableArrayRef<uint8_t> d,
    const MatrixScales &scales) {
  llvm::Expected<const MatrixOp *> op = MatrixOp::get(intrinsic, target);
  if (!op)
    return op.takeError();
  return (*op)->execute(imm, a, b, c, index, d, scales);
}
