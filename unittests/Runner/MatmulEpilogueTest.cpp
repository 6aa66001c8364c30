//===- MatmulEpilogueTest.cpp - mcore-run --epilogue, on the CPU ----------===//
//
// The step list, the generated linalg.generic and the check of OUT
// (MatmulEpilogue.h): an f32 computation as the device does it passes, a
// step applied to the wrong element or a perturbed result fails.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/MatmulEpilogue.h"

#include "mcore/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::runner;

namespace {

MatmulFunction makeProblem(llvm::StringRef list, llvm::StringRef out,
                           ElementType c = ElementType::F32) {
  MatmulFunction p;
  p.m = 13;
  p.n = 21;
  p.k = 40;
  p.c = c;
  if (c == ElementType::I32)
    p.a = p.b = ElementType::I8;
  llvm::Error e = parseEpilogue(list, out, p);
  EXPECT_FALSE(e) << llvm::toString(std::move(e));
  return p;
}

TEST(MatmulEpilogue, Parse) {
  MatmulFunction p = makeProblem("bias, scale-row,gelu-tanh", "bf16");
  ASSERT_EQ(p.epilogue.size(), 3u);
  EXPECT_EQ(p.epilogue[0], EpilogueStep::BiasCol);
  EXPECT_EQ(p.epilogue[1], EpilogueStep::ScaleRow);
  EXPECT_EQ(p.epilogue[2], EpilogueStep::GeluTanh);
  EXPECT_EQ(p.getOutType(), ElementType::BF16);
  EXPECT_EQ(describeEpilogue(p), "bias-col,scale-row,gelu-tanh -> bf16");
  EXPECT_FALSE(makeProblem("", "").hasEpilogue());
  EXPECT_TRUE(makeProblem("", "f32").hasEpilogue());

  MatmulFunction q;
  std::string unknown = llvm::toString(parseEpilogue("relu,tanh", "", q));
  EXPECT_NE(unknown.find("unknown step 'tanh'"), std::string::npos) << unknown;
  std::string badOut = llvm::toString(parseEpilogue("relu", "i32", q));
  EXPECT_NE(badOut.find("f32, f16 or bf16"), std::string::npos) << badOut;
}

TEST(MatmulEpilogue, GeneratedModulesParse) {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllMCoreDialects(registry);
  MLIRContext context(registry);
  for (ElementType c : {ElementType::F32, ElementType::F16, ElementType::I32})
    for (bool dynamic : {false, true}) {
      MatmulFunction p = makeProblem("bias-row,bias-col,scale-row,scale-col,"
                                     "alpha,beta,relu,gelu,gelu-tanh,silu",
                                     "f16", c);
      p.dynamicShapes = dynamic;
      std::string text = buildMatmulModule(p, SparseForm::Compressed);
      OwningOpRef<ModuleOp> module =
          parseSourceString<ModuleOp>(text, ParserConfig(&context));
      ASSERT_TRUE(module) << text;
      EXPECT_TRUE(succeeded(verify(*module))) << text;
      EXPECT_NE(text.find("linalg.generic"), std::string::npos);
      EXPECT_NE(text.find("math.erf"), std::string::npos);
    }
}

TEST(MatmulEpilogue, TemporaryC) {
  // C only the epilogue reads (mcore.linear): the matmul accumulates into a
  // zero-filled buffer of the function's own, freed after the epilogue; the
  // C argument is not touched. Dense, with a 2:4 weight on the right, and
  // with dynamic shapes.
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllMCoreDialects(registry);
  MLIRContext context(registry);
  for (bool sparseB : {false, true})
    for (bool dynamic : {false, true}) {
      MatmulFunction p = makeProblem("scale-col,bias-col,silu", "f16");
      p.sparseB = sparseB;
      p.transposeB = !sparseB;
      p.dynamicShapes = dynamic;
      p.cTemporary = true;
      EXPECT_FALSE(llvm::errorToBool(p.validate()));
      std::string text = buildMatmulModule(p, SparseForm::Compressed);
      OwningOpRef<ModuleOp> module =
          parseSourceString<ModuleOp>(text, ParserConfig(&context));
      ASSERT_TRUE(module) << text;
      EXPECT_TRUE(succeeded(verify(*module))) << text;
      EXPECT_NE(text.find("linalg.fill ins(%acc_zero"), std::string::npos)
          << text;
      EXPECT_NE(text.find("outs(%acc :"), std::string::npos) << text;
      EXPECT_NE(text.find("ins(%acc, "), std::string::npos) << text;
      EXPECT_NE(text.find("memref.dealloc %acc"), std::string::npos) << text;
      EXPECT_EQ(text.find("outs(%c :"), std::string::npos) << text;
    }
  // Without an epilogue there is nothing to read a temporary C.
  MatmulFunction none = makeProblem("", "");
  none.cTemporary = true;
  EXPECT_TRUE(llvm::errorToBool(none.validate()));
}

/// OUT as the device computes it: each step in f32.
std::vector<ElementBits> computeOnDevice(const MatmulFunction &p,
                                         llvm::ArrayRef<ElementBits> c,
                                         llvm::ArrayRef<std::vector<float>> in,
                                         bool biasPerRow = false) {
  std::vector<EpilogueInputShape> shapes = getEpilogueInputs(p);
  Fp8Format fp8 = p.getFp8Format();
  std::vector<ElementBits> out(c.size());
  for (int64_t i = 0; i < p.m; ++i)
    for (int64_t j = 0; j < p.n; ++j) {
      size_t idx = size_t(i * p.n + j), n = 0;
      auto at = [&](size_t k) {
        EpilogueInputShape s = shapes[k];
        if (s == EpilogueInputShape::Matrix)
          return in[k][idx];
        if (s == EpilogueInputShape::Scalar)
          return in[k][0];
        bool row = s == EpilogueInputShape::Rows;
        if (biasPerRow && k == 0)
          row = !row; // the bug the check must catch
        return in[k][size_t(row ? i : j)];
      };
      float y = float(decode(p.c, fp8, c[idx]));
      for (EpilogueStep step : p.epilogue) {
        switch (step) {
        case EpilogueStep::BiasRow:
        case EpilogueStep::BiasCol:
          y = y + at(n++);
          break;
        case EpilogueStep::ScaleRow:
        case EpilogueStep::ScaleCol:
        case EpilogueStep::Alpha:
          y = y * at(n++);
          break;
        case EpilogueStep::Beta: {
          float t = at(n) * at(n + 1);
          n += 2;
          y = y + t;
          break;
        }
        case EpilogueStep::Relu:
          y = std::max(y, 0.0f);
          break;
        case EpilogueStep::Gelu:
          y = (y * 0.5f) * (std::erf(y * float(M_SQRT1_2)) + 1.0f);
          break;
        case EpilogueStep::GeluTanh: {
          float s = (y + y * y * y * 0.044715f) * 0.7978845608f;
          y = (y * 0.5f) * (std::tanh(s) + 1.0f);
          break;
        }
        case EpilogueStep::Silu:
          y = y / (std::exp(-y) + 1.0f);
          break;
        }
      }
      out[idx] = encode(p.getOutType(), fp8, double(y));
    }
  return out;
}

std::vector<ElementBits> randomC(const MatmulFunction &p, double scale) {
  std::vector<ElementBits> c(size_t(p.m * p.n));
  for (size_t i = 0; i < c.size(); ++i) {
    double v = std::sin(double(i) * 0.37) * scale;
    c[i] = encode(p.c, p.getFp8Format(),
                  p.c == ElementType::I32 ? std::round(v) : v);
  }
  return c;
}

TEST(MatmulEpilogue, DeviceArithmeticPasses) {
  for (const char *list :
       {"bias,relu", "bias-row,gelu", "scale-row,scale-col,gelu-tanh",
        "alpha,beta,silu", "bias,silu,alpha"})
    for (const char *out : {"f32", "f16", "bf16"}) {
      MatmulFunction p = makeProblem(list, out);
      std::vector<ElementBits> c = randomC(p, 6);
      auto inputs = generateEpilogueInputs(p, 7);
      MatmulCheck check =
          checkEpilogue(p, c, inputs, computeOnDevice(p, c, inputs));
      EXPECT_TRUE(check.pass)
          << list << " -> " << out << ": OUT[" << check.row << "][" << check.col
          << "] = " << check.got << ", want " << check.want << " +- "
          << check.allowed;
    }
  // i32 C (dequantization), large values converted with rounding.
  MatmulFunction q = makeProblem("scale-col,bias", "f32", ElementType::I32);
  std::vector<ElementBits> c = randomC(q, 3e7);
  auto inputs = generateEpilogueInputs(q, 7);
  EXPECT_TRUE(checkEpilogue(q, c, inputs, computeOnDevice(q, c, inputs)).pass);
}

TEST(MatmulEpilogue, WrongResultsFail) {
  MatmulFunction p = makeProblem("bias,gelu", "f32");
  std::vector<ElementBits> c = randomC(p, 6);
  auto inputs = generateEpilogueInputs(p, 7);
  // The bias read per row instead of per column.
  MatmulCheck swapped = checkEpilogue(
      p, c, inputs, computeOnDevice(p, c, inputs, /*biasPerRow=*/true));
  EXPECT_FALSE(swapped.pass);
  EXPECT_GT(swapped.mismatches, p.m * p.n / 2);
  // A relative error of 2^-16 in every element.
  std::vector<ElementBits> out = computeOnDevice(p, c, inputs);
  for (ElementBits &bits : out)
    bits = encode(ElementType::F32, p.getFp8Format(),
                  decode(ElementType::F32, p.getFp8Format(), bits) *
                      (1 + 0x1.0p-16));
  EXPECT_FALSE(checkEpilogue(p, c, inputs, out).pass);
}

TEST(MatmulEpilogue, OverflowToInfinity) {
  // i32 C beyond f16's range: the device's infinity is the rounded value.
  MatmulFunction p = makeProblem("", "f16", ElementType::I32);
  std::vector<ElementBits> c = randomC(p, 2e5);
  std::vector<ElementBits> out = computeOnDevice(p, c, {});
  MatmulCheck check = checkEpilogue(p, c, {}, out);
  EXPECT_TRUE(check.pass);
  // An infinity where the value is finite fails.
  Fp8Format fp8 = p.getFp8Format();
  size_t finite = 0;
  while (std::isinf(decode(ElementType::F16, fp8, out[finite])))
    ++finite;
  out[finite] = encode(ElementType::F16, fp8, INFINITY);
  EXPECT_FALSE(checkEpilogue(p, c, {}, out).pass);
}

} // namespace

namespace {

TEST(MatmulEpilogue, OverflowAtTheEdgeOfTheRange) {
  // OUT in f16 from an i32 C near its largest finite value (65504; from
  // 65520 up f16 rounds to infinity): 65529 is an infinity in f16, and the
  // kernel's infinity is right (the check once wanted the finite 65529 and
  // failed it); 65519 and 65500 round to 65504.
  MatmulFunction p = makeProblem("", "f16", ElementType::I32);
  p.m = 1;
  p.n = 5;
  Fp8Format fp8 = p.getFp8Format();
  std::vector<ElementBits> c;
  for (double v : {65529.0, -65529.0, 65519.0, 65500.0, 70000.0})
    c.push_back(encode(ElementType::I32, fp8, v));
  std::vector<ElementBits> out = computeOnDevice(p, c, {});
  EXPECT_TRUE(std::isinf(decode(ElementType::F16, fp8, out[0])));
  MatmulCheck check = checkEpilogue(p, c, {}, out);
  EXPECT_TRUE(check.pass) << "OUT[0][" << check.col << "] = " << check.got
                          << ", want " << check.want;
  EXPECT_EQ(check.nonFinite, 3);
  // An infinity where even the bound's side stays finite is wrong, and a
  // wrong result reports the reference as f16 holds it.
  out[3] = encode(ElementType::F16, fp8, INFINITY);
  out[0] = encode(ElementType::F16, fp8, 65504);
  check = checkEpilogue(p, c, {}, out);
  EXPECT_EQ(check.mismatches, 1);
  EXPECT_EQ(check.col, 3);
  EXPECT_EQ(check.want, 65504.0);
}

TEST(MatmulEpilogue, ScalesKeepOutInRange) {
  // i8 x i8 at K = 128 makes C about 6e4: each of two scales shrinks by
  // 2^-5 for f16, not for f32; f16 inputs need no shrinking.
  MatmulFunction p =
      makeProblem("scale-row,scale-col", "f16", ElementType::I32);
  p.k = 128;
  auto largest = [](const std::vector<float> &v) {
    return *std::max_element(v.begin(), v.end());
  };
  for (const auto &scale : generateEpilogueInputs(p, 10))
    EXPECT_LT(largest(scale), 2 * 0x1.0p-5);
  MatmulFunction wide =
      makeProblem("scale-row,scale-col", "f32", ElementType::I32);
  wide.k = 128;
  float most = 0;
  for (const auto &scale : generateEpilogueInputs(wide, 10))
    most = std::max(most, largest(scale));
  EXPECT_GT(most, 1.0f);
  MatmulFunction half = makeProblem("scale-row,scale-col", "f16");
  half.k = 128;
  most = 0;
  for (const auto &scale : generateEpilogueInputs(half, 10))
    most = std::max(most, largest(scale));
  EXPECT_GT(most, 1.0f);
}

} // namespace
