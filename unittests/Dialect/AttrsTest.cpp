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

// What clients read through the interface (per-operand layouts, element
// counts and strides, LLVM operand forms, modifiers) is the catalog entry's,
// and the derived queries agree with it.
TEST_F(AttrsTest, InterfaceDescribesTheCatalogEntry) {
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    MmaIntrinsicAttrInterface iface = IntrinsicAttr::get(&context, &info);
    EXPECT_EQ(iface.getName(), info.name);
    EXPECT_EQ(iface.getFamily(), info.family);
    EXPECT_EQ(iface.getChips(), info.chips);
    EXPECT_EQ(iface.getLlvmIntrinsicName(), info.llvmName);
    EXPECT_EQ(iface.supportsUnsigned(), info.hasModifier(ModSignedness));
    EXPECT_EQ(iface.supportsClamp(), info.hasModifier(ModClamp));
    for (Chip chip : {Chip::gfx908, Chip::gfx942, Chip::gfx1100,
                      Chip::gfx1201})
      EXPECT_EQ(iface.isAvailableOn(chip), info.isAvailableOn(chip));
    for (Operand operand : {Operand::A, Operand::B, Operand::C}) {
      const FragmentInfo &frag = info.getFragment(operand);
      LaneLayout layout = iface.getLaneLayout(operand);
      for (unsigned lane = 0; lane < info.waveSize; ++lane)
        for (unsigned e = 0; e < frag.count; ++e)
          EXPECT_TRUE(layout.apply(lane, e) == frag.layout.apply(lane, e))
              << info.name << " " << getOperandName(operand).str();
      EXPECT_EQ(iface.getElementsPerLane(operand), frag.count);
      EXPECT_EQ(iface.getElementStride(operand), frag.stride);
      Type llvm = iface.getLlvmOperandType(operand);
      unsigned bits = isa<VectorType>(llvm)
                          ? cast<VectorType>(llvm).getNumElements() *
                                cast<VectorType>(llvm).getElementTypeBitWidth()
                          : llvm.getIntOrFloatBitWidth();
      EXPECT_EQ(bits, frag.llvm.getBitWidth()) << info.name;
      auto fragType =
          cast<VectorType>(iface.getFragmentType(operand, Fp8Format::OCP));
      EXPECT_EQ(fragType.getNumElements(),
                int64_t(frag.getVectorLength()));
      EXPECT_EQ(fragType.getElementType(),
                getMLIRType(&context, frag.kind, Fp8Format::OCP));
    }
    if (info.isSparse()) {
      EXPECT_EQ(iface.getNumIndexSets(), info.index.numSets);
      EXPECT_EQ(iface.getIndexSetBits(), info.index.bitsPerSet);
      EXPECT_EQ(iface.getElementsPerLane(Operand::Index),
                info.index.bitsPerSet / 2u);
      EXPECT_EQ(iface.getFragmentType(Operand::Index, Fp8Format::None),
                IntegerType::get(&context, info.index.llvm.getBitWidth()));
      EXPECT_EQ(iface.getTileType(Operand::A, Fp8Format::OCP).getShape(),
                ArrayRef<int64_t>({info.m, info.k / 2}));
    } else {
      EXPECT_EQ(iface.getNumIndexSets(), 0u);
      EXPECT_EQ(iface.getTileType(Operand::A, Fp8Format::OCP).getShape(),
                ArrayRef<int64_t>({info.m, info.k}));
    }
  }
}

TEST_F(AttrsTest, ElementTypeMappingRoundTrips) {
  for (ScalarKind kind :
       {ScalarKind::F16, ScalarKind::BF16, ScalarKind::FP8, ScalarKind::BF8,
        ScalarKind::I8, ScalarKind::I4, ScalarKind::F32, ScalarKind::I32,
        ScalarKind::F64}) {
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
  // The MX formats are MLIR's OCP types, whatever the chip's fp8 encoding;
  // they map back through getMxScalarKind only, so that a plain matmul of
  // them is refused as before.
  for (ScalarKind kind : {ScalarKind::FP6, ScalarKind::BF6, ScalarKind::FP4,
                          ScalarKind::E8M0}) {
    Type type = getMLIRType(&context, kind, Fp8Format::None);
    ASSERT_TRUE(type);
    EXPECT_EQ(getMxScalarKind(type), kind);
    EXPECT_EQ(getScalarKind(type), std::nullopt);
    EXPECT_EQ(getBitWidth(kind), type.getIntOrFloatBitWidth());
  }
  EXPECT_TRUE(isa<Float4E2M1FNType>(
      getMLIRType(&context, ScalarKind::FP4, Fp8Format::None)));
  EXPECT_EQ(getMxScalarKind(Float8E4M3FNType::get(&context)), std::nullopt);
  // xf32 is an instruction's reading of f32 data, not a type of its own.
  EXPECT_EQ(getScalarKind(getMLIRType(&context, ScalarKind::XF32,
                                      Fp8Format::None)),
            ScalarKind::F32);
  EXPECT_EQ(getScalarKind(IntegerType::get(&context, 16)), std::nullopt);
  EXPECT_EQ(getScalarKind(Float8E4M3B11FNUZType::get(&context)), std::nullopt);
}
