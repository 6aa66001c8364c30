//===- TuningTableTest.cpp - Tuning tables and matmul configs as data -----===//

#include "mcore/Dialect/MCore/IR/MCoreAttrs.h"
#include "mcore/Dialect/MCore/IR/MCoreDialect.h"
#include "mcore/Dialect/MCore/Transforms/Transforms.h"
#include "mcore/Heuristic/TuningTable.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/AsmParser/AsmParser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::mcore;

namespace {

MatmulConfigFields someKnobs() {
  MatmulConfigFields f;
  f.intrinsicName = "mfma_f32_32x32x8f16";
  f.tileM = 256;
  f.wavesM = 4;
  f.schedBarriers = false;
  return f;
}

TEST(MatmulConfig, KnobsComeFromTheDeclaration) {
  // One knob per line of MatmulConfig.def, its key the option with _.
  ArrayRef<MatmulKnobInfo> knobs = getMatmulKnobs();
  ASSERT_EQ(knobs.size(), 13u);
  EXPECT_EQ(knobs[2].name, "tileM");
  EXPECT_EQ(knobs[2].option, "tile-m");
  EXPECT_EQ(knobs[2].key, "tile_m");
  EXPECT_EQ(knobs[1].key, "swap_operands");
  EXPECT_EQ(knobs[8].key, "lds_padding");
  EXPECT_EQ(knobs[9].key, "lds_padding_b");
  EXPECT_EQ(knobs[11].key, "split_k");
  EXPECT_EQ(knobs[11].kind, MatmulKnobInfo::Kind::Int);
  EXPECT_EQ(knobs[12].key, "sched_barriers");
  EXPECT_EQ(knobs[12].kind, MatmulKnobInfo::Kind::Bool);
  EXPECT_EQ(knobs[0].kind, MatmulKnobInfo::Kind::String);
  EXPECT_EQ(knobs[1].kind, MatmulKnobInfo::Kind::String);
}

TEST(MatmulConfig, JsonRoundTrip) {
  MatmulConfigFields f = someKnobs();
  llvm::json::Value json = toJSON(f);
  MatmulConfigFields back;
  ASSERT_FALSE(bool(fromJSON(json, back)));
  EXPECT_EQ(back, f);
  EXPECT_EQ(back.describeSetKeys(), "intrinsic, tile_m, waves_m, "
                                    "sched_barriers");
  EXPECT_FALSE(back.isComplete());
}

TEST(MatmulConfig, OptionsForceWhatIsNotAutomatic) {
  MatmulTilingOptions options;
  EXPECT_TRUE(options.getForcedKnobs().empty());
  options.tileK = 64;
  options.schedBarriers = false;
  MatmulConfigFields forced = options.getForcedKnobs();
  EXPECT_EQ(forced.describeSetKeys(), "tile_k, sched_barriers");
  options.force(someKnobs());
  EXPECT_EQ(options.tileM, 256);
  EXPECT_EQ(options.tileK, 64);
  EXPECT_EQ(options.intrinsicName, "mfma_f32_32x32x8f16");
}

TEST(MatmulConfig, AttributePrintsAndParses) {
  MLIRContext context;
  context.loadDialect<MCoreDialect>();
  auto attr = MatmulConfigAttr::get(&context, someKnobs());
  std::string text;
  llvm::raw_string_ostream os(text);
  Attribute(attr).print(os);
  EXPECT_EQ(text, "#mcore.matmul_config<intrinsic = mfma_f32_32x32x8f16, "
                  "tile_m = 256, waves_m = 4, sched_barriers = false>");
  EXPECT_EQ(parseAttribute(text, &context), attr);
}

MatmulProblem problem4096(bool sparse) {
  MatmulProblem problem;
  problem.chip = Chip::gfx942;
  problem.sparseA = sparse;
  problem.m = problem.n = problem.k = 4096;
  return problem;
}

TEST(TuningTable, FirstMatchWins) {
  llvm::Expected<TuningTable> table = TuningTable::parse(
      R"({"mcore_tuning_table": 1, "entries": [
        {"chip": "gfx942", "sparse": true, "config": {"stages": 1}},
        {"chip": "gfx942", "m": {"min": 1024}, "config": {"tile_m": 256}},
        {"chip": "gfx942", "config": {"tile_m": 64}}]})",
      "t.json");
  ASSERT_TRUE(bool(table)) << llvm::toString(table.takeError());
  const TuningEntry *sparse = table->lookup(problem4096(true));
  ASSERT_TRUE(sparse);
  EXPECT_EQ(sparse->config.stages, 1);
  const TuningEntry *dense = table->lookup(problem4096(false));
  ASSERT_TRUE(dense);
  EXPECT_EQ(dense->config.tileM, 256);
  EXPECT_EQ(table->describe(*dense), "entry 1 of tuning file 't.json'");
  MatmulProblem small = problem4096(false);
  small.m = 16;
  EXPECT_EQ(table->lookup(small)->config.tileM, 64);
  MatmulProblem dynamic = problem4096(false);
  dynamic.m = MatmulProblem::kDynamic;
  EXPECT_EQ(table->lookup(dynamic)->config.tileM, 64);
  MatmulProblem other = problem4096(false);
  other.chip = Chip::gfx950;
  EXPECT_EQ(table->lookup(other), nullptr);
}

TEST(TuningTable, SetReplacesTheSameMatchAndPrintsBack) {
  TuningTable table;
  TuningEntry entry = TuningEntry::forProblem(problem4096(false));
  entry.config.tileM = 128;
  table.set(entry);
  entry.config.tileM = 256;
  entry.extra["predicted"] = llvm::json::Object{{"tflops", 700.5}};
  table.set(entry);
  table.set(TuningEntry::forProblem(problem4096(true)));
  ASSERT_EQ(table.getEntries().size(), 2u);
  EXPECT_EQ(table.getEntries()[0].config.tileM, 256);
  std::string text = table.print();
  llvm::Expected<TuningTable> back = TuningTable::parse(text, "x");
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  // The table owns what it read: the text may go.
  std::fill(text.begin(), text.end(), ' ');
  EXPECT_EQ(back->print(), table.print());
  EXPECT_TRUE(back->getEntries()[0].sameMatch(entry));
  EXPECT_EQ(back->lookup(problem4096(false))->config.tileM, 256);
}

} // namespace
