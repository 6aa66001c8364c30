//===- AttrsTest.cpp - mcore attributes through the C++ API ---------------===//

#include "mcore/Dialect/MCore/IR/MCoreOps.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::mcore;

namespace {
class AttrsTest : public ::testing::Test {
protected:
  AttrsTest() { context.loadDialect<MCoreDialect>(); }
  MLIRContext context;
};
} // namespace

TEST_F(AttrsTest, ChipAttrDerivesWaveSizeAndChipset) {
  auto chip = ChipAttr::get(&context, Chip::gfx1201);
  EXPECT_EQ(chip.getWaveSize(), 32u);
  EXPECT_EQ(chip.getFp8Format(), Fp8Format::OCP);
  amdgpu::Chipset cs = chip.getChipset();
  EXPECT_EQ(cs, amdgpu::Chipset(12, 0, 1));
  auto cdna = ChipAttr::get(&context, Chip::gfx90a);
  EXPECT_EQ(cdna.getWaveSize(), 64u);
  EXPECT_EQ(cdna.getChipset(), amdgpu::Chipset(9, 0, 0xa));
}

TEST_F(AttrsTest, ChipAttrParsesAndRejectsUnknownChips) {
  Attribute parsed = parseAttribute("#mcore.chip<gfx942>", &context);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(cast<ChipAttr>(parsed).getChip(), Chip::gfx942);

  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_FALSE(parseAttribute("#mcore.chip<gfx1234>", &context));
  EXPECT_NE(message.find("unknown chip 'gfx1234'"), std::string::npos);
  EXPECT_NE(message.find(getSupportedChipList()), std::string::npos);
}

TEST_F(AttrsTest, IntrinsicAttrImplementsTheInterface) {
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    auto attr = IntrinsicAttr::get(&context, &info);
    auto iface = dyn_cast<MmaIntrinsicAttrInterface>(attr);
    ASSERT_TRUE(iface) << info.name;
    auto [m, n, k] = iface.getMNKShape();
    EXPECT_EQ(m, info.m);
    EXPECT_EQ(n, info.n);
    EXPECT_EQ(k, info.k);
    EXPECT_EQ(iface.isSparse(), info.isSparse());
    EXPECT_EQ(iface.getWaveSize(), info.waveSize);
    // Round trip through the textual form.
    std::string text;
    llvm::raw_string_ostream os(text);
    Attribute(attr).print(os);
    EXPECT_EQ(parseAttribute(text, &context), attr) << text;
  }
}

TEST_F(AttrsTest, ElementTypeMappingRoundTrips) {
  for (ScalarKind kind :
       {ScalarKind::F16, ScalarKind::BF16, ScalarKind::FP8, ScalarKind::BF8,
        ScalarKind::I8, ScalarKind::I4, ScalarKind::F32, ScalarKind::I32}) {
    for (Fp8Format fmt : {Fp8Format::OCP, Fp8Format::FNUZ}) {
      Type type = getMLIRType(&context, kind, fmt);
      ASSERT_TRUE(type);
      Fp8Format back = Fp8Format::None;
      EXPECT_EQ(getScalarKind(type, &back), kind);
      if (isFp8Kind(kind))
        EXPECT_EQ(back, fmt);
    }
  }
  EXPECT_FALSE(getMLIRType(&context, ScalarKind::FP8, Fp8Format::None));
  EXPECT_EQ(getScalarKind(Float64Type::get(&context)), std::nullopt);
}
