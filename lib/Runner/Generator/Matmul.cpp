//===- Matmul.cpp - End-to-end matmul checks for mcore-run ----------------===//
//
// The CPU side of `mcore-run --matmul` besides the element types
// (MatmulTypes.cpp): the generated
// linalg.matmul, random operands, the double-precision reference and the
// per-element error bound. See include/mcore/Runner/Matmul.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/Matmul.h"
#include "mcore/Runner/MatmulEpilogue.h"

#include "mcore/Target/Sparsity.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::runner;
using llvm::APFloat;
using llvm::SmallVector;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Problems
//===----------------------------------------------------------------------===//

Fp8Format MatmulFunction::getFp8Format() const { return getChipInfo(chip).fp8; }

std::string MatmulFunction::describe() const {
  std::string batches;
  if (batch)
    batches = llvm::formatv("{0} x ", batch).str();
  return llvm::formatv(
             "{0}{1}x{2}x{3} {4} x {5} -> {6}{7}{8}{9}{10}{11}{12}{13}{14}, on {15}",
             batches, m, n, k, getElementTypeName(a), getElementTypeName(b),
             getElementTypeName(c), sparseA ? ", 2:4-sparse A" : "",
             sparseB ? ", 2:4-sparse B (N x K)" : "",
             transposeA ? ", A stored K x M" : "",
             transposeB && !sparseB && !blockScaled ? ", B stored N x K" : "",
             sharedA ? ", one A for every batch" : "",
             sharedB ? ", one B for every batch" : "",
             hasEpilogue() ? ", epilogue " + describeEpilogue(*this)
                           : std::string(),
             blockScaled ? ", E8M0 scales per 32 of K (MX), B stored N x K"
                         : "",
             getChipName(chip))
      .str();
}

llvm::Error MatmulFunction::sizeOutOfRange(llvm::StringRef what,
                                           const llvm::Twine &value) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 what + " = " + value +
                                     " is out of range (1 to 2^31 - 1)");
}

llvm::Error MatmulFunction::validate() const {
  auto fail = [](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  for (auto [what, size] :
       {std::pair("M", m), std::pair("N", n), std::pair("K", k)})
    if (size < 1 || size > std::numeric_limits<int32_t>::max())
      return sizeOutOfRange(what, llvm::Twine(size));
  if (batch < 0 || batch > std::numeric_limits<int32_t>::max())
    return fail("the batch = " + llvm::Twine(batch) +
                " is out of range (1 to 2^31 - 1, or 0 for none)");
  for (auto [what, type] : {std::pair("A", a), std::pair("B", b)})
    if (!isInputType(type))
      return fail(llvm::Twine(what) + " cannot be " + getElementTypeName(type) +
                  "; matrix inputs are " + getInputTypeList());
  if (!isAccumulatorType(c))
    return fail(llvm::Twine("C cannot be ") + getElementTypeName(c) +
                "; accumulators are " + getAccumulatorTypeList());
  if (isFloatType(a) != isFloatType(b))
    return fail(llvm::Twine("A is ") + getElementTypeName(a) + " and B is " +
                getElementTypeName(b) +
                "; both must be floating-point or both integer");
  if (isFloatType(a) && !isFloatType(c))
    return fail(llvm::Twine("floating-point inputs accumulate into f32, f16 "
                            "or bf16, not ") +
                getElementTypeName(c));
  // linalg.matmul converts each input to C's type with arith.extf or
  // truncf, neither of which turns a float into another float of the same
  // width (bf16 into f16): upstream's region builder would build an
  // arith.addf of two types, an unlocated verifier error.
  for (auto [what, type] : {std::pair("A", a), std::pair("B", b)})
    if (isFloatType(type) && isFloatType(c) && type != c &&
        getBitWidth(type) == getBitWidth(c))
      return fail(llvm::Twine(what) + " is " + getElementTypeName(type) +
                  " and C is " + getElementTypeName(c) +
                  ": linalg.matmul cannot convert between floats of the same "
                  "width; accumulate in f32 or " + getElementTypeName(type));
  if (!isFloatType(a) && c != ElementType::I32)
    return fail(llvm::Twine("integer inputs accumulate into i32, not ") +
                getElementTypeName(c));
  if (sparseA && sparseB)
    return fail("A and B cannot both be 2:4-sparse: the sparse instructions "
                "take one 2:4 operand");
  if (sparseA && transposeA)
    return fail("a 2:4-sparse A is stored M x K (the canonical format "
                "compresses along K); --transpose-a is for a dense A");
  if ((sharedA || sharedB) && !batch)
    return fail("a shared A or B needs a batch (--batch=B)");
  if (cTemporary && !hasEpilogue())
    return fail("a temporary C is the input of an epilogue; the problem has "
                "none");
  if (hasEpilogue() && c == ElementType::F64)
    return fail("an epilogue (--epilogue, --out-type) computes in f32; an f64 "
                "C has none yet");
  if (hasEpilogue() && batch)
    return fail("an epilogue (--epilogue, --out-type) follows a matmul "
                "without a batch; --batch=" +
                llvm::Twine(batch) + " has none yet");
  if (sharedA && sharedB)
    return fail("A and B cannot both be shared by the batch: every batch "
                "would compute the same C");
  if (blockScaled) {
    auto isMx = [](ElementType t) {
      return llvm::is_contained({ElementType::FP8, ElementType::BF8,
                                 ElementType::FP6, ElementType::BF6,
                                 ElementType::FP4},
                                t);
    };
    if (!isMx(a) || !isMx(b))
      return fail(llvm::Twine("block scales (--scales) are for the MX element "
                              "types fp8, bf8, fp6, bf6 and fp4; A is ") +
                  getElementTypeName(a) + " and B " + getElementTypeName(b));
    // fp8 and bf8 elements are read in the chip's encoding; a chip with
    // none has no way to hold them (LLVM has no type for them).
    auto is8Bit = [](ElementType t) {
      return t == ElementType::FP8 || t == ElementType::BF8;
    };
    if ((is8Bit(a) || is8Bit(b)) && getFp8Format() == Fp8Format::None)
      return fail("a block-scaled matmul of fp8 or bf8 needs the chip's "
                  "fp8 encoding, and " +
                  llvm::Twine(getChipName(chip)) +
                  " has none (no fp8 matrix instructions); fp6, bf6 and fp4 "
                  "run on every chip");
    if (c != ElementType::F32)
      return fail(llvm::Twine("a block-scaled matmul accumulates into f32, "
                              "not ") +
                  getElementTypeName(c));
    if (k % kMxScaleBlock)
      return fail("a block-scaled matmul needs K a multiple of 32 (one E8M0 "
                  "scale per 32 elements of K); K = " +
                  llvm::Twine(k));
    if (isSparse() || batch || hasEpilogue() || transposeA || dynamicShapes)
      return fail("a block-scaled matmul is dense, without a batch, an "
                  "epilogue, --transpose-a or --dynamic-shapes (B is stored "
                  "N x K)");
  }
  return llvm::Error::success();
}

llvm::Error runner::parseShape(StringRef text, int64_t &m, int64_t &n,
                               int64_t &k) {
  SmallVector<StringRef> parts;
  text.split(parts, 'x');
  int64_t *dims[] = {&m, &n, &k};
  bool ok = parts.size() == 3;
  for (unsigned i = 0; ok && i < 3; ++i)
    ok = !parts[i].getAsInteger(10, *dims[i]);
  if (!ok)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "--matmul='" + text + "' is not MxNxK (e.g. --matmul=256x256x256)");
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

namespace {
/// splitmix64: a small generator whose sequence is the same everywhere.
struct Random {
  uint64_t state;
  explicit Random(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, 1).
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }
  /// Uniform integer in [lo, hi].
  int64_t range(int64_t lo, int64_t hi) {
    return lo + int64_t(next() % uint64_t(hi - lo + 1));
  }
};

/// The range of a random integer element of `type`: the type's whole one.
std::pair<int64_t, int64_t> randomIntegerRange(ElementType type) {
  unsigned bits = getBitWidth(type);
  int64_t lo = isUnsignedType(type) ? 0 : -(int64_t(1) << (bits - 1));
  int64_t hi = isUnsignedType(type) ? (int64_t(1) << bits) - 1
                                    : (int64_t(1) << (bits - 1)) - 1;
  return {lo, hi};
}

/// A random float magnitude's binades: 2^-4 .. 2^0.
constexpr int kMinBinade = -4, kMaxBinade = 0;

/// A random element of `type`; `nonzero` excludes zero.
ElementBits randomElement(Random &rng, ElementType type, Fp8Format fp8,
                       bool nonzero) {
  if (isFloatType(type)) {
    // Magnitude in [1/16, 2): five binades, exact in every input type after
    // rounding, products exact in f32, far from overflow and denormals.
    double magnitude = std::ldexp(1.0 + rng.uniform(),
                                  int(rng.range(kMinBinade, kMaxBinade)));
    return encode(type, fp8, rng.next() & 1 ? -magnitude : magnitude);
  }
  auto [lo, hi] = randomIntegerRange(type);
  int64_t v;
  do {
    v = rng.range(lo, hi);
  } while (nonzero && v == 0);
  return encode(type, fp8, double(v));
}

} // namespace

double runner::getRandomElementRms(ElementType type) {
  if (isFloatType(type)) {
    // (1 + u) 2^e, u uniform in [0, 1), e uniform over the binades:
    // E[(1 + u)^2] = 7/3 times the mean of 4^e.
    double mean4e = 0;
    for (int e = kMinBinade; e <= kMaxBinade; ++e)
      mean4e += std::ldexp(1.0, 2 * e);
    mean4e /= kMaxBinade - kMinBinade + 1;
    return std::sqrt(7.0 / 3.0 * mean4e);
  }
  auto [lo, hi] = randomIntegerRange(type);
  double sum = 0;
  for (int64_t v = lo; v <= hi; ++v)
    sum += double(v) * double(v);
  return std::sqrt(sum / double(hi - lo + 1));
}

bool runner::canUseExactSums(const MatmulFunction &p, ElementType acc) {
  if (!isFloatType(acc) || !isFloatType(p.c))
    return false;
  Fp8Format fp8 = p.getFp8Format();
  // Partial sums are integers of magnitude at most K + 4; they are exact
  // while that fits the significand (unit roundoff 2^-precision).
  double limit =
      std::min(1 / getUnitRoundoff(acc, fp8), 1 / getUnitRoundoff(p.c, fp8));
  return double(p.k) + 4 <= limit;
}

/// A `rows` x `k` matrix whose every group of four along K keeps at most
/// two non-zeros, at random positions: two in most groups, one or none in
/// about one group of sixteen each. Never the same pattern in every full group
/// when there are two or more: a uniform pattern cannot reveal a wrong index
/// layout (docs/Sparsity.md).
static std::vector<ElementBits>
randomSparseMatrix(size_t rows, size_t k,
                   llvm::function_ref<ElementBits()> nonzero, Random &rng) {
  size_t groups = (k + 3) / 4, fullGroups = k / 4;
  std::vector<unsigned> mask(rows * groups, 0);
  for (size_t i = 0; i < rows; ++i)
    for (size_t g = 0; g < groups; ++g) {
      unsigned cols = unsigned(std::min<size_t>(4, k - 4 * g));
      int64_t draw = rng.range(0, 15);
      unsigned count = draw == 0 ? 0 : draw == 1 ? 1 : std::min(2u, cols);
      unsigned m = 0;
      while (unsigned(llvm::popcount(m)) < count)
        m |= 1u << rng.range(0, cols - 1);
      mask[i * groups + g] = m;
    }
  if (rows * fullGroups >= 2) {
    bool uniform = true;
    for (size_t i = 0; i < rows && uniform; ++i)
      for (size_t g = 0; g < fullGroups && uniform; ++g)
        uniform = mask[i * groups + g] == mask[0];
    if (uniform) {
      // Another pair: positions 0 and 1 unless that is the pattern.
      unsigned &last = mask[(rows - 1) * groups + fullGroups - 1];
      last = last == 0x3 ? 0xc : 0x3;
    }
  }
  std::vector<ElementBits> dense(rows * k, 0);
  for (size_t i = 0; i < rows; ++i)
    for (size_t g = 0; g < groups; ++g)
      for (unsigned p = 0; p < 4; ++p)
        if (mask[i * groups + g] & (1u << p))
          dense[i * k + 4 * g + p] = nonzero();
  return dense;
}

static std::vector<ElementBits> transposeMatrix(llvm::ArrayRef<ElementBits> v,
                                             int64_t rows, int64_t cols);

/// Each of `batches` rows x cols matrices of `v` transposed.
static std::vector<ElementBits> transposeBatches(llvm::ArrayRef<ElementBits> v,
                                              int64_t batches, int64_t rows,
                                              int64_t cols) {
  std::vector<ElementBits> t;
  t.reserve(v.size());
  size_t size = size_t(rows * cols);
  for (int64_t i = 0; i < batches; ++i) {
    std::vector<ElementBits> one =
        transposeMatrix(v.slice(size_t(i) * size, size), rows, cols);
    t.insert(t.end(), one.begin(), one.end());
  }
  return t;
}

/// The positions a 2:4 operand stores, from its canonical metadata: one
/// byte per element of its `rows` x `k` rows, 1 where stored. The others
/// are structural zeros.
static std::vector<uint8_t> getStoredPositions(llvm::ArrayRef<uint32_t> meta,
                                               size_t rows, size_t k) {
  size_t groups = (k + 3) / 4, words = (k + 31) / 32;
  std::vector<uint8_t> stored(rows * k, 0);
  for (size_t r = 0; r < rows; ++r)
    for (size_t g = 0; g < groups; ++g) {
      uint32_t nibble = meta[r * words + g / 8] >> (4 * (g % 8));
      for (unsigned s = 0; s < 2; ++s) {
        size_t col = 4 * g + ((nibble >> (2 * s)) & 3);
        if (col < k)
          stored[r * k + col] = 1;
      }
    }
  return stored;
}

/// Puts `perMatrix` infinities or NaNs (what `type` has of +inf, -inf,
/// NaN; none for fp6, bf6 and fp4) at random non-zero elements of each of
/// `matrices` rows x cols matrices of `v`: a 2:4 operand's zeros are its
/// pruned positions.
static void sprinkleNonFinite(std::vector<ElementBits> &v, size_t matrices,
                              size_t rows, size_t cols, size_t perMatrix,
                              ElementType type, Fp8Format fp8, Random &rng) {
  const llvm::fltSemantics &sem = getFloatSemantics(type, fp8);
  llvm::SmallVector<ElementBits, 3> specials;
  if (APFloat::semanticsHasInf(sem))
    for (bool negative : {false, true})
      specials.push_back(ElementBits(
          APFloat::getInf(sem, negative).bitcastToAPInt().getZExtValue()));
  if (APFloat::semanticsHasNaN(sem))
    specials.push_back(
        ElementBits(APFloat::getQNaN(sem).bitcastToAPInt().getZExtValue()));
  if (specials.empty())
    return; // fp6, bf6 and fp4 have neither
  size_t size = rows * cols;
  for (size_t mat = 0; mat < matrices && size; ++mat)
    for (size_t t = 0; t < perMatrix; ++t)
      for (int tries = 0; tries < 64; ++tries) {
        size_t at = mat * size + size_t(rng.range(0, int64_t(size) - 1));
        if (decode(type, fp8, v[at]) != 0) {
          v[at] = specials[size_t(rng.range(0, int64_t(specials.size()) - 1))];
          break;
        }
      }
}

llvm::Error runner::compressSparseRows(MatmulData &data, ElementType type,
                                       llvm::ArrayRef<ElementBits> dense,
                                       unsigned rows, unsigned k) {
  // sparse24 works on 32-bit patterns: no 2:4 instruction reads wider ones.
  std::vector<uint32_t> narrow(dense.begin(), dense.end());
  llvm::Expected<sparse24::Compressed> compressed =
      sparse24::compress(getScalarKind(type), narrow, rows, k);
  if (!compressed)
    return compressed.takeError();
  data.values.assign(compressed->values.begin(), compressed->values.end());
  data.metadata = std::move(compressed->metadata);
  return llvm::Error::success();
}

MatmulData runner::generateMatmulData(const MatmulFunction &p, uint64_t seed,
                                      ElementType accumulator, bool infNan) {
  Fp8Format fp8 = p.getFp8Format();
  Random rng(seed);
  MatmulData d;
  d.infNan = infNan;
  // About one per eight rows of A and columns of B (specials replace the
  // random draws only with infNan: other seeds' operands stay as they were).
  auto sprinkle = [&](std::vector<ElementBits> &v, size_t matrices, size_t rows,
                      size_t cols, size_t lines, ElementType type) {
    if (infNan)
      sprinkleNonFinite(v, matrices, rows, cols,
                        std::max<size_t>(1, lines / 8), type, fp8, rng);
  };
  d.exactSums =
      (accumulator == ElementType::F16 || accumulator == ElementType::BF16) &&
      canUseExactSums(p, accumulator);
  auto element = [&](ElementType type, bool nonzero) {
    if (d.exactSums && isFloatType(type))
      return encode(type, fp8, rng.next() & 1 ? -1.0 : 1.0);
    // fp6, bf6 and fp4 have no infinity or NaN: every bit pattern, the
    // subnormals and the largest values included, is as likely.
    if (llvm::is_contained({ElementType::FP6, ElementType::BF6,
                            ElementType::FP4},
                           type)) {
      ElementBits bits;
      do {
        bits = ElementBits(rng.next() & ((1u << getBitWidth(type)) - 1));
      } while (nonzero && decode(type, fp8, bits) == 0);
      return bits;
    }
    return randomElement(rng, type, fp8, nonzero);
  };
  size_t m = size_t(p.m), n = size_t(p.n), k = size_t(p.k);
  size_t batchesA = size_t(p.getBatchesA()), batchesB = size_t(p.getBatchesB()),
         batches = size_t(p.getBatches());
  // The 2:4 operand row by row along K: A's rows, or Bᵀ's (W, N x K).
  std::vector<ElementBits> sparseRows;
  if (p.sparseA) {
    sparseRows = randomSparseMatrix(
        batchesA * m, k, [&] { return element(p.a, true); }, rng);
    sprinkle(sparseRows, batchesA, m, k, m, p.a);
    d.a = sparseRows;
  } else {
    d.a.resize(batchesA * m * k);
    for (ElementBits &x : d.a)
      x = element(p.a, false);
    sprinkle(d.a, batchesA, m, k, m, p.a);
  }
  if (p.sparseB) {
    sparseRows = randomSparseMatrix(
        batchesB * n, k, [&] { return element(p.b, true); }, rng);
    sprinkle(sparseRows, batchesB, n, k, n, p.b);
    d.b = transposeBatches(sparseRows, int64_t(batchesB), int64_t(n),
                           int64_t(k));
  } else {
    d.b.resize(batchesB * k * n);
    for (ElementBits &x : d.b)
      x = element(p.b, false);
    sprinkle(d.b, batchesB, k, n, n, p.b);
  }
  if (p.isSparse()) {
    size_t rows = p.sparseA ? batchesA * m : batchesB * n;
    ElementType type = p.sparseA ? p.a : p.b;
    if (llvm::Error error =
            compressSparseRows(d, type, sparseRows, unsigned(rows), unsigned(k)))
      llvm::report_fatal_error(llvm::Twine("mcore-run generated an operand "
                                           "that is not 2:4: ") +
                               llvm::toString(std::move(error)));
  }
  if (p.blockScaled) {
    // Scales from 2^-6 to 2^6 (E8M0 121 to 133): products of different
    // blocks differ in size, so C's sums round.
    auto scales = [&](std::vector<uint8_t> &v, size_t rows) {
      v.resize(rows * size_t(p.getScaleBlocks()));
      for (uint8_t &e : v)
        e = uint8_t(127 + rng.range(-6, 6));
    };
    scales(d.scalesA, m);
    scales(d.scalesB, n);
  }
  d.c0.resize(batches * m * n);
  for (ElementBits &x : d.c0) {
    if (d.exactSums)
      x = encode(p.c, fp8, double(rng.range(-4, 4)));
    else if (isFloatType(p.c))
      x = randomElement(rng, p.c, fp8, false);
    else
      x = encode(p.c, fp8, double(rng.range(-1000, 1000)));
  }
  return d;
}

//===----------------------------------------------------------------------===//
// Reference and check
//===----------------------------------------------------------------------===//

/// The part of a reference's bound that is C's own rounding: u_c |value|
/// plus a flushed denormal (computeReference's last two terms).
static double getRoundingToC(const MatmulFunction &p, double value) {
  Fp8Format fp8 = p.getFp8Format();
  return 2 * getUnitRoundoff(p.c, fp8) * std::fabs(value) +
         getMinNormal(p.c, fp8);
}

ProductError ProductError::xf32() {
  double e = std::ldexp(1.0, -10);
  return {2 * e + e * e, 1, 1};
}

ProductError ProductError::bf16x3() {
  // Round to nearest bf16 (8 significant bits): x0 = x (1 + d0), |d0| <= u,
  // so |x0| <= (1 + u)|x| and r1 = x - x0 (exact in f32) has |r1| <= u|x|;
  // x1 = bf16(r1), |x1| <= u (1 + u)|x|, and r2 = r1 - x1 has
  // |r2| <= u |r1| <= u^2 |x|. With a = a0 + a1 + ra, b likewise,
  //   a b - (a0 b0 + a0 b1 + a1 b0) = a0 rb + a1 b1 + a1 rb + ra b,
  // at most u^2 ((1 + u) + (1 + u)^2 + u (1 + u) + 1) = u^2 (3 + 4u + 2u^2)
  // times |a b| (Henry, Tang, Heinecke, ARITH 2019, section III: the terms
  // bf16x3 drops). Each product of pieces is exact in f32 (8 + 8 bits).
  double u = std::ldexp(1.0, -8);
  return {u * u * (3 + 4 * u + 2 * u * u), 3, (1 + u) * (1 + u) * (1 + 2 * u)};
}

MatmulReference runner::computeReference(const MatmulFunction &p,
                                         const MatmulData &d,
                                         ElementType accumulator,
                                         const ProductError &products) {
  Fp8Format fp8 = p.getFp8Format();
  size_t m = size_t(p.m), n = size_t(p.n), k = size_t(p.k);
  size_t batches = size_t(p.getBatches());
  std::vector<double> a(d.a.size()), b(d.b.size());
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = decode(p.a, fp8, d.a[i]);
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = decode(p.b, fp8, d.b[i]);
  if (p.blockScaled) {
    // Each element times its block's scale 2^(e - 127), exactly.
    size_t blocks = size_t(p.getScaleBlocks());
    for (size_t i = 0; i < size_t(p.m); ++i)
      for (size_t kk = 0; kk < size_t(p.k); ++kk)
        a[i * p.k + kk] = std::ldexp(
            a[i * p.k + kk], int(d.scalesA[i * blocks + kk / kMxScaleBlock]) - 127);
    for (size_t kk = 0; kk < size_t(p.k); ++kk)
      for (size_t j = 0; j < size_t(p.n); ++j)
        b[kk * p.n + j] = std::ldexp(
            b[kk * p.n + j], int(d.scalesB[j * blocks + kk / kMxScaleBlock]) - 127);
  }

  MatmulReference r;
  r.value.assign(batches * m * n, 0);
  r.tolerance.assign(batches * m * n, 0);
  r.magnitude.assign(batches * m * n, 0);
  bool isInt = !isFloatType(p.c);
  // One unit in the last place per operation (2u), so that truncating
  // hardware passes as well as rounding hardware.
  double uAcc = 2 * getUnitRoundoff(accumulator, fp8);
  double steps = double(products.terms * k + 2);
  // A 2:4 operand's pruned positions multiply nothing (an infinity of the
  // other operand there reaches no element of C); its stored values do,
  // zeros included. Without infinities and NaNs every zero is skipped, as
  // 0 x x adds nothing.
  std::vector<uint8_t> storedA, storedB;
  if (p.sparseA)
    storedA = getStoredPositions(d.metadata, size_t(p.getBatchesA()) * m, k);
  if (p.sparseB)
    storedB = getStoredPositions(d.metadata, size_t(p.getBatchesB()) * n, k);
  double uIn = products.relative;
  double uSum = steps * uAcc * products.growth;
  // Rows of every batch in parallel: large problems take O(M N K) here too.
  auto rows = [&](size_t begin, size_t end) {
    std::vector<double> sum(n), mag(n);
    std::vector<int64_t> isum(n);
    for (size_t i = begin; i < end; ++i) {
      size_t batch = i / m;
      size_t rowA = (p.sharedA ? 0 : batch) * m + i % m;
      const double *arow = &a[rowA * k];
      const double *bmat = &b[(p.sharedB ? 0 : batch) * k * n];
      // Bᵀ's rows (N x K) of this batch, for a 2:4 B.
      const uint8_t *bStored =
          p.sparseB ? &storedB[(p.sharedB ? 0 : batch) * n * k] : nullptr;
      for (size_t j = 0; j < n; ++j) {
        double c0 = decode(p.c, fp8, d.c0[i * n + j]);
        sum[j] = c0;
        mag[j] = std::fabs(c0);
        isum[j] = int64_t(c0);
      }
      for (size_t kk = 0; kk < k; ++kk) {
        double aik = arow[kk];
        if ((aik == 0 && !d.infNan) ||
            (p.sparseA && !storedA[rowA * k + kk]))
          continue;
        const double *brow = &bmat[kk * n];
        if (isInt) {
          auto ai = int64_t(aik);
          for (size_t j = 0; j < n; ++j)
            isum[j] += ai * int64_t(brow[j]);
        } else {
          for (size_t j = 0; j < n; ++j) {
            if (bStored && !bStored[j * k + kk])
              continue;
            double prod = aik * brow[j]; // exact: both have <= 24 bits
            sum[j] += prod;
            mag[j] += std::fabs(prod);
          }
        }
      }
      for (size_t j = 0; j < n; ++j) {
        size_t idx = i * n + j;
        if (isInt) {
          // Two's complement wrap-around, as the hardware accumulates.
          r.value[idx] = double(int32_t(uint32_t(uint64_t(isum[j]))));
          r.magnitude[idx] = std::fabs(r.value[idx]);
          continue;
        }
        r.value[idx] = sum[j];
        r.magnitude[idx] = mag[j];
        // Exact sums leave nothing to round.
        r.tolerance[idx] =
            d.exactSums ? 0 : (uSum + uIn) * mag[j] + getRoundingToC(p, sum[j]);
      }
    }
  };
  size_t allRows = batches * m;
  size_t threads = std::min<size_t>(
      std::max(1u, std::thread::hardware_concurrency()),
      std::max<size_t>(1, allRows * n * k / (size_t(1) << 22)));
  threads = std::min(threads, allRows);
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t)
    pool.emplace_back(rows, allRows * t / threads,
                      allRows * (t + 1) / threads);
  rows(0, allRows / threads);
  for (std::thread &t : pool)
    t.join();
  return r;
}

MatmulCheck runner::checkResult(const MatmulFunction &p,
                                const MatmulReference &r,
                                llvm::ArrayRef<ElementBits> result) {
  Fp8Format fp8 = p.getFp8Format();
  MatmulCheck check;
  for (size_t idx = 0; idx < result.size(); ++idx) {
    double got = decode(p.c, fp8, result[idx]);
    double want = r.value[idx];
    // The bound of the sum before its rounding to C's type.
    double computed = std::max(
        0.0, r.tolerance[idx] - (isFloatType(p.c) ? getRoundingToC(p, want)
                                                  : 0.0));
    double err = getErrorAgainstReference(got, want, computed, p.c, fp8);
    if (!std::isfinite(decode(p.c, fp8, encode(p.c, fp8, want))))
      ++check.nonFinite;
    check.maxAbsError = std::max(check.maxAbsError, err);
    if (want != 0 && std::fabs(want) >= r.magnitude[idx] / 1024)
      check.maxRelError = std::max(check.maxRelError, err / std::fabs(want));
    if (isMismatch(err, r.tolerance[idx])) {
      if (check.mismatches++ == 0) {
        size_t matrix = size_t(p.m * p.n);
        check.batch = int64_t(idx / matrix);
        check.row = int64_t(idx % matrix / size_t(p.n));
        check.col = int64_t(idx % size_t(p.n));
        check.got = got;
        check.want = want;
        check.allowed = r.tolerance[idx];
      }
    }
  }
  check.pass = check.mismatches == 0;
  return check;
}

static std::vector<ElementBits> transposeMatrix(llvm::ArrayRef<ElementBits> v,
                                             int64_t rows, int64_t cols) {
  std::vector<ElementBits> t(v.size());
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      t[c * rows + r] = v[r * cols + c];
  return t;
}

std::vector<ElementBits> runner::getStoredA(const MatmulFunction &p,
                                            const MatmulData &data) {
  return p.transposeA ? transposeBatches(data.a, p.getBatchesA(), p.m, p.k)
                      : data.a;
}

std::vector<ElementBits> runner::getStoredB(const MatmulFunction &p,
                                            const MatmulData &data) {
  return p.isStoredNK() ? transposeBatches(data.b, p.getBatchesB(), p.k, p.n)
                        : data.b;
}

std::vector<uint8_t> runner::toBytes(ElementType type,
                                     llvm::ArrayRef<ElementBits> bits) {
  unsigned bytes = getStorageBytes(type);
  std::vector<uint8_t> out(bits.size() * bytes);
  for (size_t i = 0; i < bits.size(); ++i)
    for (unsigned b = 0; b < bytes; ++b)
      out[i * bytes + b] = uint8_t(bits[i] >> (8 * b));
  return out;
}

std::vector<ElementBits> runner::fromBytes(ElementType type,
                                        llvm::ArrayRef<uint8_t> bytes) {
  unsigned size = getStorageBytes(type);
  std::vector<ElementBits> out(bytes.size() / size);
  for (size_t i = 0; i < out.size(); ++i) {
    ElementBits v = 0;
    for (unsigned b = 0; b < size; ++b)
      v |= ElementBits(bytes[i * size + b]) << (8 * b);
    out[i] = v;
  }
  return out;
}
