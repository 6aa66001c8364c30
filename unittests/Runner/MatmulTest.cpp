//===- MatmulTest.cpp - mcore-run's matmul check, on the CPU --------------===//
//
// Encodings, the generated IR, random 2:4 operands, the reference and the
// error bound of `mcore-run --matmul`.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/Matmul.h"

#include "mcore/InitAll.h"
#include "mcore/Target/Sparsity.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <array>
#include <cmath>
#include <set>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::runner;

namespace {

/// sparse24 works on 32-bit patterns.
std::vector<uint32_t> narrow(llvm::ArrayRef<ElementBits> bits) {
  return std::vector<uint32_t>(bits.begin(), bits.end());
}

TEST(MatmulTypes, ParseAndName) {
  size_t inputs = 0, accumulators = 0;
  for (const char *name :
       {"f16", "bf16", "fp8", "bf8", "i8", "u8", "i4", "u4", "f32", "i32",
        "f64", "fp4", "fp6", "bf6"}) {
    std::optional<ElementType> t = parseElementType(name);
    ASSERT_TRUE(t) << name;
    EXPECT_EQ(getElementTypeName(*t), name);
    // The lists hold exactly the types of their kind.
    EXPECT_EQ(llvm::is_contained(getInputTypes(), *t), isInputType(*t));
    EXPECT_EQ(llvm::is_contained(getAccumulatorTypes(), *t),
              isAccumulatorType(*t));
    inputs += isInputType(*t);
    accumulators += isAccumulatorType(*t);
  }
  EXPECT_EQ(getInputTypes().size(), inputs);
  EXPECT_EQ(getAccumulatorTypes().size(), accumulators);
  EXPECT_FALSE(parseElementType("xf32"));
  EXPECT_FALSE(parseElementType("int8"));
  EXPECT_EQ(getInputTypeList(),
            "f16, bf16, fp8, bf8, i8, u8, i4, u4, f32, f64, fp4, fp6, bf6");
  EXPECT_EQ(getAccumulatorTypeList(), "f32, f16, bf16, i32, f64");
}

TEST(MatmulTypes, Fp8FollowsTheChip) {
  EXPECT_EQ(getMLIRTypeName(ElementType::FP8, Fp8Format::FNUZ), "f8E4M3FNUZ");
  EXPECT_EQ(getMLIRTypeName(ElementType::BF8, Fp8Format::FNUZ), "f8E5M2FNUZ");
  EXPECT_EQ(getMLIRTypeName(ElementType::FP8, Fp8Format::OCP), "f8E4M3FN");
  EXPECT_EQ(getMLIRTypeName(ElementType::BF8, Fp8Format::OCP), "f8E5M2");
  EXPECT_EQ(getMLIRTypeName(ElementType::U8, Fp8Format::OCP), "i8");
  MatmulFunction p;
  p.chip = Chip::gfx942;
  EXPECT_EQ(p.getFp8Format(), Fp8Format::FNUZ);
  p.chip = Chip::gfx950;
  EXPECT_EQ(p.getFp8Format(), Fp8Format::OCP);
  p.chip = Chip::gfx1201;
  EXPECT_EQ(p.getFp8Format(), Fp8Format::OCP);
}

TEST(MatmulTypes, Encodings) {
  // Bit patterns from the formats' definitions.
  EXPECT_EQ(encode(ElementType::F16, Fp8Format::OCP, 1.5), 0x3E00u);
  EXPECT_EQ(encode(ElementType::BF16, Fp8Format::OCP, 1.5), 0x3FC0u);
  EXPECT_EQ(encode(ElementType::F32, Fp8Format::OCP, 1.5), 0x3FC00000u);
  EXPECT_EQ(encode(ElementType::FP8, Fp8Format::OCP, 1.0), 0x38u);  // bias 7
  EXPECT_EQ(encode(ElementType::FP8, Fp8Format::FNUZ, 1.0), 0x40u); // bias 8
  EXPECT_EQ(encode(ElementType::BF8, Fp8Format::OCP, 1.0), 0x3Cu);  // bias 15
  EXPECT_EQ(encode(ElementType::BF8, Fp8Format::FNUZ, 1.0), 0x40u); // bias 16
  EXPECT_EQ(encode(ElementType::FP8, Fp8Format::OCP, -2.0), 0xC0u);
  EXPECT_TRUE(std::isnan(decode(ElementType::FP8, Fp8Format::FNUZ, 0x80)));
  EXPECT_EQ(decode(ElementType::FP8, Fp8Format::OCP, 0x80), 0.0); // -0
  EXPECT_EQ(decode(ElementType::FP8, Fp8Format::FNUZ, 0x40), 1.0);
  EXPECT_EQ(decode(ElementType::BF8, Fp8Format::OCP, 0x3C), 1.0);

  EXPECT_EQ(encode(ElementType::I8, Fp8Format::None, -1), 0xFFu);
  EXPECT_EQ(decode(ElementType::I8, Fp8Format::None, 0xFF), -1.0);
  EXPECT_EQ(decode(ElementType::U8, Fp8Format::None, 0xFF), 255.0);
  EXPECT_EQ(encode(ElementType::I4, Fp8Format::None, -8), 0x8u);
  EXPECT_EQ(decode(ElementType::I4, Fp8Format::None, 0xF), -1.0);
  EXPECT_EQ(decode(ElementType::U4, Fp8Format::None, 0xF), 15.0);
  EXPECT_EQ(decode(ElementType::I32, Fp8Format::None, 0xFFFFFFFE), -2.0);

  EXPECT_EQ(getUnitRoundoff(ElementType::F32, Fp8Format::OCP),
            std::ldexp(1.0, -24));
  EXPECT_EQ(getUnitRoundoff(ElementType::F16, Fp8Format::OCP),
            std::ldexp(1.0, -11));
  EXPECT_EQ(getUnitRoundoff(ElementType::BF16, Fp8Format::OCP),
            std::ldexp(1.0, -8));
  EXPECT_EQ(getUnitRoundoff(ElementType::I32, Fp8Format::OCP), 0.0);
  EXPECT_EQ(getMinNormal(ElementType::F16, Fp8Format::OCP),
            std::ldexp(1.0, -14));
}

TEST(MatmulFunction, Validation) {
  MatmulFunction p;
  p.m = p.n = p.k = 16;
  EXPECT_FALSE(llvm::errorToBool(p.validate()));
  auto message = [&]() { return llvm::toString(p.validate()); };

  // Mixed signs are a generic contraction with a cast per operand.
  p.a = ElementType::U8;
  p.b = ElementType::I8;
  p.c = ElementType::I32;
  EXPECT_FALSE(llvm::errorToBool(p.validate()));
  p.sparseA = p.sparseB = true;
  EXPECT_NE(message().find("cannot both be 2:4-sparse"), std::string::npos);
  p.sparseB = false;
  p.transposeA = true;
  EXPECT_NE(message().find("a 2:4-sparse A is stored M x K"),
            std::string::npos);
  p.sparseA = p.transposeA = false;
  p.sharedB = true;
  EXPECT_NE(message().find("needs a batch"), std::string::npos);
  p.batch = 3;
  EXPECT_FALSE(llvm::errorToBool(p.validate()));
  p.sharedA = true;
  EXPECT_NE(message().find("cannot both be shared"), std::string::npos);
  p.sharedA = p.sharedB = false;
  p.batch = -1;
  EXPECT_NE(message().find("the batch = -1 is out of range"),
            std::string::npos);
  p.batch = 0;
  p.a = ElementType::I8;
  p.c = ElementType::F32;
  EXPECT_NE(message().find("integer inputs accumulate into i32"),
            std::string::npos);
  p.a = p.b = ElementType::F16;
  p.c = ElementType::I32;
  EXPECT_NE(message().find("floating-point inputs accumulate"),
            std::string::npos);
  p.a = ElementType::F16;
  p.b = ElementType::I8;
  p.c = ElementType::F32;
  EXPECT_NE(message().find("both must be floating-point or both integer"),
            std::string::npos);
  p.b = ElementType::F16;
  p.a = ElementType::I32;
  EXPECT_NE(message().find("A cannot be i32; matrix inputs are"),
            std::string::npos);
  p.a = ElementType::F16;
  p.c = ElementType::FP8;
  EXPECT_NE(message().find("C cannot be fp8"), std::string::npos);
  p.c = ElementType::F32;
  p.k = 0;
  EXPECT_NE(message().find("K = 0 is out of range"), std::string::npos);
}

TEST(MatmulFunction, ParseShape) {
  int64_t m, n, k;
  ASSERT_FALSE(llvm::errorToBool(parseShape("17x33x50", m, n, k)));
  EXPECT_EQ(m, 17);
  EXPECT_EQ(n, 33);
  EXPECT_EQ(k, 50);
  for (const char *bad : {"17x33", "17x33x", "axbxc", "1x2x3x4", ""})
    EXPECT_TRUE(llvm::errorToBool(parseShape(bad, m, n, k))) << bad;
}

/// An M x N x K problem of the default types with a 2:4 A.
MatmulFunction makeSparseAProblem(int64_t m, int64_t n, int64_t k) {
  MatmulFunction p;
  p.m = m;
  p.n = n;
  p.k = k;
  p.sparseA = true;
  return p;
}

/// Every group of four along K of A's rows holds at most two non-zeros;
/// returns how many groups hold none, one and two.
std::array<int64_t, 3> expect2to4(const MatmulFunction &p,
                                  const MatmulData &d) {
  ScalarKind kind = getScalarKind(p.a);
  std::array<int64_t, 3> counts = {0, 0, 0};
  for (int64_t i = 0; i < p.getBatchesA() * p.m; ++i)
    for (int64_t g = 0; 4 * g < p.k; ++g) {
      int64_t cols = std::min<int64_t>(4, p.k - 4 * g), nonzeros = 0;
      for (int64_t c = 0; c < cols; ++c)
        nonzeros += !sparse24::isZero(kind, d.a[i * p.k + 4 * g + c]);
      EXPECT_LE(nonzeros, 2) << "row " << i << " group " << g;
      if (nonzeros <= 2)
        ++counts[size_t(nonzeros)];
    }
  return counts;
}

TEST(MatmulData, SparsePatternsAreRandomAndValid) {
  MatmulFunction p = makeSparseAProblem(16, 8, 64);
  MatmulData d = generateMatmulData(p, 7);
  std::array<int64_t, 3> counts = expect2to4(p, d);
  // Groups with no and with one non-zero too, two in most.
  EXPECT_GT(counts[0], 0);
  EXPECT_GT(counts[1], 0);
  EXPECT_GT(counts[2], 3 * (counts[0] + counts[1]));
  // Every pattern (1 + 4 + 6 of at most two of four).
  std::set<unsigned> patterns;
  for (int64_t i = 0; i < p.m; ++i)
    for (int64_t g = 0; g < p.k / 4; ++g) {
      unsigned mask = 0;
      for (unsigned c = 0; c < 4; ++c)
        if (!sparse24::isZero(ScalarKind::F16,
                              uint32_t(d.a[i * p.k + 4 * g + c])))
          mask |= 1u << c;
      patterns.insert(mask);
    }
  EXPECT_EQ(patterns.size(), 11u);
  // The compressed form is A.
  EXPECT_EQ(sparse24::decompress(ScalarKind::F16, narrow(d.values), d.metadata,
                                 unsigned(p.m), unsigned(p.k)),
            narrow(d.a));
}

TEST(MatmulData, NeverOneUniformPattern) {
  // Two groups in all: the generator must not give both the same pattern,
  // whatever the seed.
  MatmulFunction p;
  p.m = 1;
  p.n = 1;
  p.k = 8;
  p.sparseA = true;
  for (uint64_t seed = 0; seed < 200; ++seed) {
    MatmulData d = generateMatmulData(p, seed);
    expect2to4(p, d);
    bool same = true;
    for (unsigned c = 0; c < 4; ++c)
      same &= sparse24::isZero(ScalarKind::F16, d.a[c]) ==
              sparse24::isZero(ScalarKind::F16, d.a[4 + c]);
    EXPECT_FALSE(same) << "seed " << seed;
  }
}

TEST(MatmulData, RaggedK) {
  for (int64_t k = 1; k <= 11; ++k) {
    MatmulFunction p;
    p.m = 5;
    p.n = 3;
    p.k = k;
    p.sparseA = true;
    p.a = p.b = ElementType::I8;
    p.c = ElementType::I32;
    MatmulData d = generateMatmulData(p, uint64_t(k));
    expect2to4(p, d);
    EXPECT_EQ(d.values.size(), size_t(5 * sparse24::getCompressedCols(k)));
    EXPECT_EQ(d.metadata.size(), size_t(5 * sparse24::getMetadataWords(k)));
  }
}

TEST(MatmulData, SeedDecides) {
  MatmulFunction p;
  p.m = p.n = p.k = 8;
  MatmulData a = generateMatmulData(p, 1), b = generateMatmulData(p, 1),
             c = generateMatmulData(p, 2);
  EXPECT_EQ(a.a, b.a);
  EXPECT_EQ(a.b, b.b);
  EXPECT_EQ(a.c0, b.c0);
  EXPECT_NE(a.a, c.a);
}

TEST(MatmulData, ValuesStayInRange) {
  MatmulFunction p;
  p.m = p.n = p.k = 32;
  for (ElementType t : {ElementType::F16, ElementType::BF16, ElementType::FP8,
                        ElementType::BF8}) {
    p.a = p.b = t;
    MatmulData d = generateMatmulData(p, 3);
    for (ElementBits bits : d.a) {
      double v = std::fabs(decode(t, p.getFp8Format(), bits));
      EXPECT_GE(v, 1.0 / 16 - 1e-9);
      EXPECT_LE(v, 2.0);
    }
  }
  p.a = p.b = ElementType::U4;
  p.c = ElementType::I32;
  MatmulData d = generateMatmulData(p, 3);
  std::set<ElementBits> seen(d.a.begin(), d.a.end());
  EXPECT_EQ(seen.size(), 16u); // every u4 value, over 1024 draws
}

TEST(MatmulReference, IntegersAreExactAndWrap) {
  MatmulFunction p;
  p.m = 1;
  p.n = 1;
  p.k = 2;
  p.a = p.b = ElementType::I8;
  p.c = ElementType::I32;
  MatmulData d;
  d.a = {encode(ElementType::I8, Fp8Format::None, -128),
         encode(ElementType::I8, Fp8Format::None, 3)};
  d.b = {encode(ElementType::I8, Fp8Format::None, -128),
         encode(ElementType::I8, Fp8Format::None, -5)};
  d.c0 = {encode(ElementType::I32, Fp8Format::None, 2147483647.0)};
  MatmulReference r = computeReference(p, d, ElementType::I32);
  // 2^31 - 1 + 16384 - 15 wraps to -2^31 + 16368.
  EXPECT_EQ(r.value[0], -2147483648.0 + 16368);
  EXPECT_EQ(r.tolerance[0], 0.0);
  ElementBits good = ElementBits(int32_t(-2147483648LL + 16368));
  EXPECT_TRUE(checkResult(p, r, {good}).pass);
  MatmulCheck bad = checkResult(p, r, {good + 1});
  EXPECT_FALSE(bad.pass);
  EXPECT_EQ(bad.maxAbsError, 1.0);
}

TEST(MatmulReference, UnsignedInputs) {
  MatmulFunction p;
  p.m = p.n = 1;
  p.k = 1;
  p.a = p.b = ElementType::U8;
  p.c = ElementType::I32;
  MatmulData d;
  d.a = {0xFF};
  d.b = {0xFF};
  d.c0 = {0};
  EXPECT_EQ(computeReference(p, d, ElementType::I32).value[0], 65025.0);
  p.a = p.b = ElementType::I8;
  EXPECT_EQ(computeReference(p, d, ElementType::I32).value[0], 1.0);
}

TEST(MatmulReference, FloatBoundCatchesAMisplacedProduct) {
  MatmulFunction p;
  p.m = 32;
  p.n = 32;
  p.k = 256;
  MatmulData d = generateMatmulData(p, 11);
  MatmulReference r = computeReference(p, d, ElementType::F32);
  // The exact result, rounded to f32, passes.
  std::vector<ElementBits> exact(r.value.size());
  for (size_t i = 0; i < exact.size(); ++i)
    exact[i] = encode(ElementType::F32, Fp8Format::OCP, r.value[i]);
  MatmulCheck ok = checkResult(p, r, exact);
  EXPECT_TRUE(ok.pass);
  EXPECT_LT(ok.maxRelError, 1e-6);

  // One product counted twice instead of another: what a wrong layout does
  // to a single element. The bound (K+2) ulp * sum |a b| is far smaller.
  std::vector<ElementBits> wrong = exact;
  double a0 = decode(p.a, Fp8Format::OCP, d.a[5 * p.k + 3]);
  double b0 = decode(p.b, Fp8Format::OCP, d.b[3 * p.n + 9]);
  double a1 = decode(p.a, Fp8Format::OCP, d.a[5 * p.k + 4]);
  double b1 = decode(p.b, Fp8Format::OCP, d.b[4 * p.n + 9]);
  size_t idx = 5 * p.n + 9;
  wrong[idx] = encode(ElementType::F32, Fp8Format::OCP,
                      r.value[idx] - a1 * b1 + a0 * b0);
  ASSERT_GT(std::fabs(a1 * b1 - a0 * b0), 10 * r.tolerance[idx]);
  MatmulCheck bad = checkResult(p, r, wrong);
  EXPECT_FALSE(bad.pass);
  EXPECT_EQ(bad.mismatches, 1);
  EXPECT_EQ(bad.row, 5);
  EXPECT_EQ(bad.col, 9);
  // The bound is about (K + 2) * 2^-23 of the magnitude.
  EXPECT_NEAR(r.tolerance[idx] / r.magnitude[idx], 258 * std::ldexp(1.0, -23),
              std::ldexp(1.0, -23) * 2);

  // NaN never passes.
  std::vector<ElementBits> nan = exact;
  nan[0] = 0x7FC00000u;
  EXPECT_FALSE(checkResult(p, r, nan).pass);
}

TEST(MatmulReference, HalfAccumulatorBoundIsWider) {
  MatmulFunction p;
  p.m = p.n = 4;
  p.k = 64;
  p.c = ElementType::F16;
  MatmulData d = generateMatmulData(p, 5);
  MatmulReference wide = computeReference(p, d, ElementType::F32);
  MatmulReference narrow = computeReference(p, d, ElementType::F16);
  for (size_t i = 0; i < wide.value.size(); ++i) {
    EXPECT_EQ(wide.value[i], narrow.value[i]);
    EXPECT_GT(narrow.tolerance[i], wide.tolerance[i]);
    // C is f16: its rounding is part of both bounds.
    EXPECT_GE(wide.tolerance[i],
              std::ldexp(1.0, -10) * std::fabs(wide.value[i]));
  }
}

TEST(MatmulReference, NarrowAccumulatorsGetExactSums) {
  MatmulFunction p;
  p.m = 8;
  p.n = 8;
  p.k = 252;
  p.a = p.b = p.c = ElementType::BF16;
  ASSERT_TRUE(canUseExactSums(p, ElementType::BF16));
  MatmulData d = generateMatmulData(p, 9, ElementType::BF16);
  ASSERT_TRUE(d.exactSums);
  for (ElementBits bits : d.a)
    EXPECT_EQ(std::fabs(decode(ElementType::BF16, Fp8Format::OCP, bits)), 1.0);
  MatmulReference r = computeReference(p, d, ElementType::BF16);
  for (size_t i = 0; i < r.value.size(); ++i) {
    EXPECT_EQ(r.tolerance[i], 0.0);
    EXPECT_EQ(r.value[i], std::round(r.value[i]));
    EXPECT_LE(std::fabs(r.value[i]), 256.0);
  }
  // The exact result passes, anything else fails.
  std::vector<ElementBits> result(r.value.size());
  for (size_t i = 0; i < result.size(); ++i)
    result[i] = encode(ElementType::BF16, Fp8Format::OCP, r.value[i]);
  EXPECT_TRUE(checkResult(p, r, result).pass);
  result[7] = encode(ElementType::BF16, Fp8Format::OCP, r.value[7] + 2);
  EXPECT_FALSE(checkResult(p, r, result).pass);

  // Beyond 252 for bf16, and with an f32 accumulator, the usual operands.
  p.k = 253;
  EXPECT_FALSE(canUseExactSums(p, ElementType::BF16));
  EXPECT_FALSE(generateMatmulData(p, 9, ElementType::BF16).exactSums);
  p.k = 64;
  EXPECT_FALSE(generateMatmulData(p, 9, ElementType::F32).exactSums);
  p.a = p.b = p.c = ElementType::F16;
  p.k = 2044;
  EXPECT_TRUE(canUseExactSums(p, ElementType::F16));
  p.k = 2045;
  EXPECT_FALSE(canUseExactSums(p, ElementType::F16));
  // Sparse A: the kept elements are +-1, the others zero.
  p.k = 64;
  p.sparseA = true;
  MatmulData s = generateMatmulData(p, 3, ElementType::F16);
  ASSERT_TRUE(s.exactSums);
  expect2to4(p, s);
}

TEST(MatmulIR, GeneratedModulesParse) {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllMCoreDialects(registry);
  MLIRContext context(registry);
  MatmulFunction p;
  p.m = 17;
  p.n = 33;
  p.k = 50;
  p.chip = Chip::gfx942;
  for (auto [a, b, c] :
       {std::tuple(ElementType::F16, ElementType::F16, ElementType::F32),
        std::tuple(ElementType::FP8, ElementType::FP8, ElementType::F32),
        std::tuple(ElementType::U8, ElementType::U8, ElementType::I32),
        std::tuple(ElementType::U8, ElementType::I8, ElementType::I32)})
    for (int sparse : {0, 1, 2})                 // none, A, B
      for (int batch : {0, 1, 2})                // none, batched, shared
        for (SparseForm form : {SparseForm::Encoded, SparseForm::Compressed})
          for (bool dynamic : {false, true}) {
            p.a = a;
            p.b = b;
            p.c = c;
            p.sparseA = sparse == 1;
            p.sparseB = sparse == 2;
            p.batch = batch ? 3 : 0;
            p.sharedA = batch == 2 && sparse == 2;
            p.sharedB = batch == 2 && sparse != 2;
            p.dynamicShapes = dynamic;
            std::string text = buildMatmulModule(p, form);
            OwningOpRef<ModuleOp> module =
                parseSourceString<ModuleOp>(text, ParserConfig(&context));
            EXPECT_TRUE(module) << text;
          }
  p.batch = 0;
  p.sharedA = p.sharedB = p.dynamicShapes = p.sparseB = false;
  // Mixed signs: a generic with a cast per operand.
  p.a = ElementType::U8;
  p.b = ElementType::I8;
  std::string mixed = buildMatmulModule(p, SparseForm::Compressed);
  EXPECT_NE(mixed.find("arith.extui %x : i8 to i32"), std::string::npos);
  EXPECT_NE(mixed.find("arith.extsi %y : i8 to i32"), std::string::npos);
  // A 2:4 B: W is the op's A, x its B, C transposed.
  p.a = p.b = ElementType::F16;
  p.c = ElementType::F32;
  p.sparseB = true;
  EXPECT_NE(buildMatmulModule(p, SparseForm::Compressed)
                .find("mcore.sparse_matmul ins(%values, %metadata, %a : "
                      "memref<33x26xf16>, memref<33x2xi32>, memref<17x50xf16>) "
                      "outs(%c : memref<17x33xf32>) {transpose_b, "
                      "transpose_c, canonical_metadata}"),
            std::string::npos);
  p.sparseB = false;
  p.a = p.b = ElementType::U8;
  p.sparseA = false;
  EXPECT_NE(buildMatmulModule(p, SparseForm::Encoded).find("cast_unsigned"),
            std::string::npos);
  p.a = p.b = ElementType::FP8;
  p.c = ElementType::F32;
  EXPECT_NE(buildMatmulModule(p, SparseForm::Encoded).find("f8E4M3FNUZ"),
            std::string::npos);
}

TEST(MatmulBytes, RoundTrip) {
  std::vector<ElementBits> bits = {0x1234, 0xBEEF, 0x0001};
  std::vector<uint8_t> bytes = toBytes(ElementType::F16, bits);
  EXPECT_EQ(bytes, (std::vector<uint8_t>{0x34, 0x12, 0xEF, 0xBE, 0x01, 0x00}));
  EXPECT_EQ(fromBytes(ElementType::F16, bytes), bits);
  EXPECT_EQ(toBytes(ElementType::I4, {0xF, 0x8}).size(), 2u);
}

} // namespace

TEST(MatmulData, SparseBIsTwoFourAlongK) {
  MatmulFunction p;
  p.m = 3;
  p.n = 8;
  p.k = 37;
  p.sparseB = true;
  p.batch = 2;
  MatmulData d = generateMatmulData(p, 5);
  // W = Bᵀ of each batch (N x K) is 2:4 along K and is what `values` and
  // `metadata` hold; the kernel reads B as N x K.
  std::vector<ElementBits> w = getStoredB(p, d);
  ASSERT_EQ(w.size(), size_t(2 * p.n * p.k));
  for (int64_t b = 0; b < 2; ++b)
    for (int64_t n = 0; n < p.n; ++n)
      for (int64_t k = 0; k < p.k; ++k)
        EXPECT_EQ(w[(b * p.n + n) * p.k + k], d.b[(b * p.k + k) * p.n + n]);
  EXPECT_FALSE(sparse24::findViolation(ScalarKind::F16, narrow(w),
                                       unsigned(2 * p.n), unsigned(p.k)));
  EXPECT_EQ(sparse24::decompress(ScalarKind::F16, narrow(d.values), d.metadata,
                                 unsigned(2 * p.n), unsigned(p.k)),
            narrow(w));
}

TEST(MatmulReference, BatchesAndSharedOperands) {
  // 2 batches of 1 x 1 x 2 integers, B shared: C[b] = C0[b] + A[b] * B.
  MatmulFunction p;
  p.m = p.n = 1;
  p.k = 2;
  p.batch = 2;
  p.sharedB = true;
  p.a = ElementType::U8;
  p.b = ElementType::I8;
  p.c = ElementType::I32;
  auto u8 = [](double v) { return encode(ElementType::U8, Fp8Format::None, v); };
  auto i8 = [](double v) { return encode(ElementType::I8, Fp8Format::None, v); };
  MatmulData d;
  d.a = {u8(200), u8(1), u8(255), u8(2)};
  d.b = {i8(-128), i8(3)};
  d.c0 = {encode(ElementType::I32, Fp8Format::None, 5),
          encode(ElementType::I32, Fp8Format::None, -5)};
  MatmulReference r = computeReference(p, d, ElementType::I32);
  ASSERT_EQ(r.value.size(), 2u);
  EXPECT_EQ(r.value[0], 5 + 200 * -128 + 1 * 3);
  EXPECT_EQ(r.value[1], -5 + 255 * -128 + 2 * 3);
  std::vector<ElementBits> result = {
      encode(ElementType::I32, Fp8Format::None, r.value[0]),
      encode(ElementType::I32, Fp8Format::None, r.value[1] + 1)};
  MatmulCheck check = checkResult(p, r, result);
  EXPECT_FALSE(check.pass);
  EXPECT_EQ(check.batch, 1);
  EXPECT_EQ(check.row, 0);
}

namespace {

/// A 1 x 4 2:4 A (`a`) times a 4 x 2 B (`b`, row-major), compressed.
MatmulReference structuralReference(std::array<double, 4> a,
                                    std::array<double, 8> b,
                                    MatmulData &d) {
  MatmulFunction p;
  p.m = 1;
  p.n = 2;
  p.k = 4;
  p.sparseA = true;
  Fp8Format fp8 = p.getFp8Format();
  d = MatmulData();
  for (double v : a)
    d.a.push_back(encode(p.a, fp8, v));
  for (double v : b)
    d.b.push_back(encode(p.b, fp8, v));
  d.c0 = {0, 0};
  EXPECT_FALSE(bool(compressSparseRows(d, ElementType::F16, d.a, 1, 4)));
  d.infNan = true;
  return computeReference(p, d, ElementType::F32);
}

TEST(MatmulReference, PrunedPositionsAreStructuralZeros) {
  // A = [2, 3, 0, 0] keeps positions 0 and 1; B's infinity and NaN at
  // positions 2 and 3 meet pruned zeros: C is finite (numpy: NaN).
  MatmulData d;
  MatmulReference r = structuralReference(
      {2, 3, 0, 0}, {1, 4, 5, 6, INFINITY, 0, 0, NAN}, d);
  EXPECT_EQ(r.value[0], 2 + 15.0);
  EXPECT_EQ(r.value[1], 8 + 18.0);
  // A = [2, 0, 0, 0] stores a zero at position 1 (the lowest free one):
  // that zero is multiplied, and 0 x inf is NaN; position 2 is pruned.
  r = structuralReference({2, 0, 0, 0}, {1, 1, INFINITY, 1, NAN, 7, 0, 0}, d);
  EXPECT_TRUE(std::isnan(r.value[0]));
  EXPECT_EQ(r.value[1], 2.0);
}

TEST(MatmulReference, InfinitiesAndNaNsMatchThemselves) {
  MatmulFunction p;
  p.m = 1;
  p.n = 4;
  p.k = 1;
  MatmulData d;
  Fp8Format fp8 = p.getFp8Format();
  d.a = {encode(ElementType::F16, fp8, 1)};
  d.b = {encode(ElementType::F16, fp8, INFINITY),
         encode(ElementType::F16, fp8, -INFINITY),
         encode(ElementType::F16, fp8, NAN), encode(ElementType::F16, fp8, 2)};
  d.c0 = {0, 0, 0, 0};
  d.infNan = true;
  MatmulReference r = computeReference(p, d, ElementType::F32);
  auto f32 = [&](double v) { return encode(ElementType::F32, fp8, v); };
  MatmulCheck check =
      checkResult(p, r, {f32(INFINITY), f32(-INFINITY), f32(NAN), f32(2)});
  EXPECT_TRUE(check.pass);
  EXPECT_EQ(check.nonFinite, 3);
  // The wrong infinity, a number for a NaN, a NaN for a number.
  for (std::array<double, 4> wrong :
       {std::array<double, 4>{-INFINITY, -INFINITY, NAN, 2},
        std::array<double, 4>{INFINITY, -INFINITY, 0, 2},
        std::array<double, 4>{INFINITY, -INFINITY, NAN, NAN}})
    EXPECT_FALSE(checkResult(p, r,
                             {f32(wrong[0]), f32(wrong[1]), f32(wrong[2]),
                              f32(wrong[3])})
                     .pass);
}

TEST(MatmulData, InfNanOperands) {
  // --inf-nan: max(1, M/8) specials per A, max(1, N/8) per B, on stored
  // positions of a 2:4 operand; without it the operands are unchanged.
  MatmulFunction p = makeSparseAProblem(64, 32, 64);
  Fp8Format fp8 = p.getFp8Format();
  MatmulData plain = generateMatmulData(p, 3);
  MatmulData special = generateMatmulData(p, 3, ElementType::F32, true);
  EXPECT_FALSE(plain.infNan);
  EXPECT_TRUE(special.infNan);
  auto count = [&](llvm::ArrayRef<ElementBits> v) {
    return llvm::count_if(v, [&](ElementBits bits) {
      return !std::isfinite(decode(ElementType::F16, fp8, bits));
    });
  };
  EXPECT_EQ(count(plain.a) + count(plain.b), 0);
  // Draws may land twice on one element.
  EXPECT_GE(count(special.a), 6);
  EXPECT_LE(count(special.a), 8);
  EXPECT_GE(count(special.b), 3);
  EXPECT_LE(count(special.b), 4);
  // Each of A's specials is stored: it is in the compressed values.
  EXPECT_EQ(count(special.values), count(special.a));
  // Each type's own specials: fp8 E4M3 has no infinity.
  p.sparseA = false;
  p.a = p.b = ElementType::FP8;
  p.chip = Chip::gfx942;
  MatmulData fp8Data = generateMatmulData(p, 3, ElementType::F32, true);
  for (ElementBits bits : fp8Data.a)
    EXPECT_FALSE(std::isinf(decode(ElementType::FP8, Fp8Format::FNUZ, bits)));
  EXPECT_GT(llvm::count_if(fp8Data.a,
                           [](ElementBits bits) {
                             return std::isnan(decode(
                                 ElementType::FP8, Fp8Format::FNUZ, bits));
                           }),
            0);
}

} // namespace

/// x rounded to nearest even bf16 (finite, normal x).
static float roundToBf16(float x) {
  return float(decode(ElementType::BF16, Fp8Format::None,
                      encode(ElementType::BF16, Fp8Format::None, x)));
}

// ProductError::bf16x3's derivation on random f32 pairs over many binades:
// a b - (a0 b0 + a0 b1 + a1 b0) stays within `relative` |a b| and the three
// terms within `growth` |a b|, and the bound is tight (the worst pair comes
// within a factor of 2.5 of it): dropping a term breaks the first, a loose
// derivation the last.
TEST(ProductError, Bf16x3BoundHoldsAndIsTight) {
  ProductError e = ProductError::bf16x3();
  EXPECT_EQ(e.terms, 3u);
  uint64_t state = 7;
  auto next = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return state >> 11;
  };
  auto randomF32 = [&] {
    double m = 1 + double(next() & ((1ull << 52) - 1)) * 0x1.0p-52;
    return float(std::ldexp(next() & 1 ? -m : m, int(next() % 40) - 20));
  };
  double worst = 0;
  for (int i = 0; i < 200000; ++i) {
    float a = randomF32(), b = randomF32();
    float a0 = roundToBf16(a), b0 = roundToBf16(b);
    float a1 = roundToBf16(a - a0), b1 = roundToBf16(b - b0);
    double ab = double(a) * double(b);
    double kept = double(a0) * b0 + double(a0) * b1 + double(a1) * b0;
    double terms = std::fabs(double(a0) * b0) + std::fabs(double(a0) * b1) +
                   std::fabs(double(a1) * b0);
    ASSERT_LE(std::fabs(ab - kept), e.relative * std::fabs(ab))
        << a << " " << b;
    ASSERT_LE(terms, e.growth * std::fabs(ab)) << a << " " << b;
    worst =
        std::max(worst, std::fabs(ab - kept) / (e.relative * std::fabs(ab)));
  }
  EXPECT_GT(worst, 0.4); // 0.49 with this seed
}
