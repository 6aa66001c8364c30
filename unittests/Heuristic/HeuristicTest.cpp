//===- HeuristicTest.cpp - The configuration heuristic without IR ---------===//
//
// The heuristic (include/mcore/Heuristic) asked as mcore-tune and mcore-run
// ask it: a MatmulProblem built by hand, no MLIR context (this test links
// MCoreHeuristic alone, with no MLIR library to make one). A table of
// problems with the configuration or the reason the configure pass turns
// into a diagnostic (the figures are those test/Dialect/MCore's lit tests
// check at the op, which say why), then properties over every chip.
//
//===----------------------------------------------------------------------===//

#include "mcore/Heuristic/Heuristic.h"

#include "llvm/Support/FormatVariadic.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::mcore;

namespace {

MatmulProblem makeProblem(Chip chip, int64_t m, int64_t n, int64_t k,
                          ScalarKind ab = ScalarKind::F16,
                          ScalarKind c = ScalarKind::F32) {
  MatmulProblem p;
  p.chip = chip;
  p.name = "linalg.matmul";
  p.m = m;
  p.n = n;
  p.k = k;
  p.a = p.b = ab;
  p.c = c;
  p.fp8A = p.fp8B = (ab == ScalarKind::FP8 || ab == ScalarKind::BF8)
                        ? getChipInfo(chip).fp8
                        : Fp8Format::None;
  return p;
}

/// The block-scaled (MX) contraction of A (`a`) and B (`b`) with E8M0
/// scales per 32 of K, as mcore-configure-matmul reads it
/// (tile-matmul-scaled.mlir).
MatmulProblem scaled(Chip chip, int64_t m, int64_t n, int64_t k, ScalarKind a,
                     ScalarKind b) {
  MatmulProblem p = makeProblem(chip, m, n, k);
  p.name = "linalg.generic";
  p.a = a;
  p.b = b;
  p.fp8A = isFp8Kind(a) ? Fp8Format::OCP : Fp8Format::None;
  p.fp8B = isFp8Kind(b) ? Fp8Format::OCP : Fp8Format::None;
  p.transposeB = true;
  p.blockScaled = true;
  return p;
}

MatmulProblem sparse(MatmulProblem p) {
  p.name = "mcore.sparse_matmul";
  p.sparseA = true;
  return p;
}

/// One row of the table: a problem, the knobs forced, and the expected
/// configuration (`knobs`, as #mcore.matmul_config prints them) or the
/// reason there is none; a remark the configuration comes with.
struct Case {
  const char *name;
  MatmulProblem problem;
  std::function<void(MatmulTilingOptions &)> force;
  const char *knobs;  ///< "" when a reason is expected
  const char *reason; ///< "" when a configuration is expected
  const char *remark = "";
};

/// "intrinsic tile_m x tile_n x tile_k waves_m x waves_n stages split_k
/// swap" of a configuration.
std::string summarize(const MatmulTileConfig &cfg) {
  return llvm::formatv("{0} {1}x{2}x{3} {4}x{5} stages={6} split_k={7} {8}",
                       cfg.intrinsicName, cfg.tileM, cfg.tileN, cfg.tileK,
                       cfg.wavesM, cfg.wavesN, cfg.stages, cfg.splitK,
                       cfg.swapOperands)
      .str();
}

const Case kCases[] = {
    // configure-matmul.mlir @heuristic: CDNA's large tile at 4096^3,
    // 224x256 on 2x4 waves so that its 304 work-groups fill gfx942's 304
    // CUs.
    {"gfx942 f16 4096^3", makeProblem(Chip::gfx942, 4096, 4096, 4096), nullptr,
     "mfma_f32_16x16x16f16 224x256x16 2x4 stages=2 split_k=1 never", ""},
    // The same with tile-m=256 stages=1 forced (the OPTS run): a forced
    // tile turns the large tile off.
    {"gfx942 f16 4096^3, tile-m=256 stages=1",
     makeProblem(Chip::gfx942, 4096, 4096, 4096),
     [](MatmulTilingOptions &o) {
       o.tileM = 256;
       o.stages = 1;
     },
     "mfma_f32_32x32x8f16 256x128x32 2x2 stages=1 split_k=1 never", ""},
    // @sparse: the 16x16x32 SMFMAC on a 2:4 A, the same 224x256 fill.
    {"gfx942 f16 2:4 A 4096^3",
     sparse(makeProblem(Chip::gfx942, 4096, 4096, 4096)), nullptr,
     "smfmac_f32_16x16x32_f16 224x256x32 2x4 stages=2 split_k=1 never", ""},
    // tile-matmul-split-k.mlir @decode: a tile one MFMA high and K split
    // 8 ways (32 x 8 = 256 work-groups, one round of 304 CUs).
    {"gfx942 f16 decode 1x4096x4096", makeProblem(Chip::gfx942, 1, 4096, 4096),
     nullptr, "mfma_f32_32x32x8f16 32x128x64 1x4 stages=2 split_k=8 never", ""},
    // configure-matmul-invalid.mlir @lds: the LDS a K tile of 512 needs.
    {"gfx942 tile-k=512", makeProblem(Chip::gfx942, 4096, 4096, 4096),
     [](MatmulTilingOptions &o) { o.tileK = 512; }, "",
     "128x64x512 tile, 4x2 waves of 64, 1x1 x mfma_f32_32x32x8f16, 2 stages "
     "needs 396288 B of LDS; gfx942 has 65536"},
    // @other_chip: an instruction of another chip.
    {"gfx942 with a gfx12 WMMA", makeProblem(Chip::gfx942, 256, 256, 256),
     [](MatmulTilingOptions &o) {
       o.intrinsicName = "wmma_f32_16x16x16_f16_w32_gfx12";
       o.tileM = 64;
     },
     "",
     "wmma_f32_16x16x16_f16_w32_gfx12 needs gfx1200 or gfx1201; the target "
     "is gfx942"},
    // @other_types and @sparse_instruction_for_dense_a.
    {"gfx942 bf16 instruction on f16", makeProblem(Chip::gfx942, 256, 256, 256),
     [](MatmulTilingOptions &o) {
       o.intrinsicName = "mfma_f32_32x32x8bf16_1k";
     },
     "", "mfma_f32_32x32x8bf16_1k does not compute f16 x f16 -> f32"},
    {"gfx942 sparse instruction on dense A",
     makeProblem(Chip::gfx942, 256, 256, 256),
     [](MatmulTilingOptions &o) {
       o.intrinsicName = "smfmac_f32_32x32x16_f16";
     },
     "", "smfmac_f32_32x32x16_f16 is a sparse instruction; A is dense"},
    // @wave_tile: the default 2x2 waves and the 32x32 instruction do not
    // fit a 96-row tile.
    {"gfx942 tile-m=96", makeProblem(Chip::gfx942, 256, 256, 256),
     [](MatmulTilingOptions &o) { o.tileM = 96; }, "",
     "tile 96x128 with 2x2 waves gives wave tiles of 48x64, not a multiple "
     "of mfma_f32_32x32x8f16's 32x32"},
    // tile-matmul-sparse.mlir, FALLBACK and NOFALLBACK: a chip without
    // sparse instructions decompresses A, and says so; unless the fallback
    // is disabled.
    {"gfx90a 2:4 A: dense fallback",
     sparse(makeProblem(Chip::gfx90a, 256, 256, 256)), nullptr,
     "mfma_f32_32x32x8f16", "",
     "2:4-sparse A: gfx90a has no sparse matrix instruction for f16 x f16 -> "
     "f32; decompressing A in the kernel and using mfma_f32_32x32x8f16"},
    {"gfx90a 2:4 A: no fallback",
     sparse(makeProblem(Chip::gfx90a, 256, 256, 256)),
     [](MatmulTilingOptions &o) { o.allowDenseFallback = false; }, "",
     "2:4-sparse f16 x f16 -> f32 has no sparse matrix instruction on gfx90a "
     "and the dense fallback is disabled (allow-dense-fallback=false); "
     "gfx90a has no sparse matrix instructions"},
    // Pipeline/f32.mlir: f32 on CDNA's f32 MFMA; xf32 only with
    // f32-precision=tf32, and only where the chip has it; the reasons are
    // said of the f32 the operands hold.
    {"gfx942 f32", makeProblem(Chip::gfx942, 256, 256, 256, ScalarKind::F32),
     nullptr, "mfma_f32_32x32x2f32", ""},
    {"gfx942 f32, f32-precision=tf32",
     makeProblem(Chip::gfx942, 256, 256, 256, ScalarKind::F32),
     [](MatmulTilingOptions &o) { o.f32Precision = "tf32"; },
     "mfma_f32_32x32x4_xf32", ""},
    {"gfx90a f32, f32-precision=tf32",
     makeProblem(Chip::gfx90a, 256, 256, 256, ScalarKind::F32),
     [](MatmulTilingOptions &o) { o.f32Precision = "tf32"; }, "",
     "linalg.matmul of f32 x f32 -> f32: f32-precision=tf32 needs an xf32 "
     "matrix instruction, and gfx90a has none; gfx90a supports f16 x f16 -> "
     "f32, bf16 x bf16 -> f32, i8 x i8 -> i32, f32 x f32 -> f32, f64 x f64 "
     "-> f64"},
    // f32-precision=bf16x3 is mcore-split-f32-matmul's, before the
    // heuristic: an f32 matmul that reaches it is an ieee one.
    {"gfx942 f32, f32-precision=bf16x3",
     makeProblem(Chip::gfx942, 256, 256, 256, ScalarKind::F32),
     [](MatmulTilingOptions &o) { o.f32Precision = "bf16x3"; },
     "mfma_f32_32x32x2f32", ""},
    {"gfx942 f32-precision=fast",
     makeProblem(Chip::gfx942, 256, 256, 256, ScalarKind::F32),
     [](MatmulTilingOptions &o) { o.f32Precision = "fast"; }, "",
     "f32-precision must be ieee, tf32 or bf16x3, got 'fast'"},
    // configure-matmul-invalid.mlir @multi_block: a forced multi-block
    // instruction is refused saying why.
    {"gfx942 f32 with a 16-block MFMA",
     makeProblem(Chip::gfx942, 256, 256, 256, ScalarKind::F32),
     [](MatmulTilingOptions &o) { o.intrinsicName = "mfma_f32_4x4x1f32"; }, "",
     "mfma_f32_4x4x1f32 does not compute f32 x f32 -> f32: it computes 16 "
     "independent 4x4 blocks, and mcore's kernels tile with single-block "
     "instructions"},
    {"gfx1201 f32", makeProblem(Chip::gfx1201, 256, 256, 256, ScalarKind::F32),
     nullptr, "",
     "linalg.matmul of f32 x f32 -> f32: no matrix instruction of gfx1201 "
     "computes it; gfx1201 supports f16 x f16 -> f32, bf16 x bf16 -> f32, "
     "f16 x f16 -> f16, bf16 x bf16 -> bf16, i8 x i8 -> i32, i4 x i4 -> i32, "
     "fp8 x fp8 -> f32, fp8 x bf8 -> f32, bf8 x fp8 -> f32, bf8 x bf8 -> "
     "f32"},
    // Block-scaled (MX) contractions (tile-matmul-scaled.mlir, mx.test):
    // gfx950's 16x16x128 scaled MFMA, 2x2 waves of 4x4 tiles, operands from
    // global memory (1 stage); a side statically at most 64 keeps 2 tiles
    // per wave; where K's last step pads less with 64 than with 128, the
    // analytic model takes the 32x32x64 (K = 288: 320 read, not 384).
    {"gfx950 MX fp8 4096^3",
     scaled(Chip::gfx950, 4096, 4096, 4096, ScalarKind::FP8, ScalarKind::FP8),
     nullptr,
     "mfma_scale_f32_16x16x128_f8f6f4_fp8_fp8 128x256x128 2x4 stages=1 "
     "split_k=1 never",
     ""},
    {"gfx950 MX fp4 x fp6 64x256x256",
     scaled(Chip::gfx950, 64, 256, 256, ScalarKind::FP4, ScalarKind::FP6),
     nullptr,
     "mfma_scale_f32_16x16x128_f8f6f4_fp4_fp6 64x128x128 2x2 stages=1 "
     "split_k=1 never",
     ""},
    {"gfx950 MX fp4 x bf6 K 288",
     scaled(Chip::gfx950, 96, 80, 288, ScalarKind::FP4, ScalarKind::BF6),
     nullptr,
     "mfma_scale_f32_32x32x64_f8f6f4_fp4_bf6 128x128x64 2x2 stages=1 "
     "split_k=1 never",
     ""},
    {"gfx950 MX fp8, tile-k=256 waves-n=4",
     scaled(Chip::gfx950, 4096, 4096, 4096, ScalarKind::FP8, ScalarKind::FP8),
     [](MatmulTilingOptions &o) {
       o.tileK = 256;
       o.wavesN = 4;
     },
     "mfma_scale_f32_16x16x128_f8f6f4_fp8_fp8 128x256x256 2x4 stages=1 "
     "split_k=1 never",
     ""},
    {"gfx950 MX fp8, stages=2",
     scaled(Chip::gfx950, 4096, 4096, 4096, ScalarKind::FP8, ScalarKind::FP8),
     [](MatmulTilingOptions &o) { o.stages = 2; }, "",
     "stages = 2: the block-scaled kernel reads A, B and the scales from "
     "global memory into registers, without LDS (stages must be 0 or 1)"},
    {"gfx950 MX fp8, split-k=4",
     scaled(Chip::gfx950, 4096, 4096, 4096, ScalarKind::FP8, ScalarKind::FP8),
     [](MatmulTilingOptions &o) { o.splitK = 4; }, "",
     "split-k = 4: the block-scaled kernel does not split K (split-k must be "
     "0 or 1)"},
    {"gfx950 MX fp8, tile-k=192",
     scaled(Chip::gfx950, 4096, 4096, 4096, ScalarKind::FP8, ScalarKind::FP8),
     [](MatmulTilingOptions &o) {
       o.intrinsicName = "mfma_scale_f32_16x16x128_f8f6f4_fp8_fp8";
       o.tileK = 192;
     },
     "",
     "tile-k 192 must be a multiple of "
     "mfma_scale_f32_16x16x128_f8f6f4_fp8_fp8's K = 128"},
    {"gfx950 MX fp8 with an unscaled fp8 MFMA",
     scaled(Chip::gfx950, 4096, 4096, 4096, ScalarKind::FP8, ScalarKind::FP8),
     [](MatmulTilingOptions &o) {
       o.intrinsicName = "mfma_f32_32x32x16_fp8_fp8";
     },
     "",
     "intrinsic 'mfma_f32_32x32x16_fp8_fp8' does not compute f8E4M3FN x "
     "f8E4M3FN -> f32 (E8M0 block scales) on gfx950; its block-scaled "
     "instructions for these formats are "
     "mfma_scale_f32_16x16x128_f8f6f4_fp8_fp8, "
     "mfma_scale_f32_32x32x64_f8f6f4_fp8_fp8"},
    // gfx1250's block-scaled WMMA (wave32): fragments of 16x128 take twice
    // gfx950's registers, and a gfx1250 wave addresses 1024 VGPRs, so waves
    // of 4x4 tiles fit (getScaledVgprBudget; 2x2 with 256); fp4 x fp4 has the
    // 32x16x128 f4 beside the 16x16x128 f8f6f4 at one rate, and
    // the analytic model predicts the f4's configuration faster. A scale16
    // form (a scale per 16 of K) is not an OCP MX instruction.
    {"gfx1250 MX fp8 4096^3",
     scaled(Chip::gfx1250, 4096, 4096, 4096, ScalarKind::FP8, ScalarKind::FP8),
     nullptr,
     "wmma_scale_f32_16x16x128_f8f6f4_fp8_fp8 128x256x128 2x4 stages=1 "
     "split_k=1 never",
     ""},
    {"gfx1250 MX fp4 4096^3",
     scaled(Chip::gfx1250, 4096, 4096, 4096, ScalarKind::FP4, ScalarKind::FP4),
     nullptr,
     "wmma_scale_f32_32x16x128_f4 256x128x128 2x2 stages=1 split_k=1 never",
     ""},
    {"gfx1250 MX fp8 with the scale16 WMMA",
     scaled(Chip::gfx1250, 256, 256, 256, ScalarKind::FP8, ScalarKind::FP8),
     [](MatmulTilingOptions &o) {
       o.intrinsicName = "wmma_scale16_f32_16x16x128_f8f6f4_fp8_fp8";
     },
     "",
     "intrinsic 'wmma_scale16_f32_16x16x128_f8f6f4_fp8_fp8' does not compute "
     "f8E4M3FN x f8E4M3FN -> f32 (E8M0 block scales) on gfx1250; its "
     "block-scaled instructions for these formats are "
     "wmma_scale_f32_16x16x128_f8f6f4_fp8_fp8"},
    {"gfx942 MX fp4",
     scaled(Chip::gfx942, 256, 256, 256, ScalarKind::FP4, ScalarKind::FP4),
     nullptr, "",
     "linalg.generic of f4E2M1FN x f4E2M1FN -> f32 (E8M0 block scales): "
     "gfx942 has no block-scaled matrix instruction for these formats"},
};

TEST(Heuristic, Table) {
  for (const Case &c : kCases) {
    SCOPED_TRACE(c.name);
    MatmulTilingOptions options;
    options.chip = c.problem.chip;
    if (c.force)
      c.force(options);
    MatmulConfigResult r = chooseMatmulConfig(c.problem, options);
    if (*c.reason) {
      EXPECT_FALSE(r.config) << summarize(*r.config);
      EXPECT_EQ(r.reason, c.reason);
    } else {
      ASSERT_TRUE(r.config) << r.reason;
      EXPECT_EQ(r.reason, "");
      // A prefix: the rows that only name the instruction.
      EXPECT_EQ(summarize(*r.config).rfind(c.knobs, 0), 0u)
          << summarize(*r.config);
    }
    if (*c.remark) {
      ASSERT_EQ(r.remarks.size(), 1u);
      EXPECT_EQ(r.remarks[0], c.remark);
    } else if (r.config) {
      EXPECT_TRUE(r.remarks.empty());
    }
  }
}

// The dense fallback's configuration decompresses A; the sparse one reads
// it as it is.
TEST(Heuristic, FallbackDecompresses) {
  MatmulTilingOptions options;
  options.chip = Chip::gfx90a;
  MatmulConfigResult r = chooseMatmulConfig(
      sparse(makeProblem(Chip::gfx90a, 256, 256, 256)), options);
  ASSERT_TRUE(r.config) << r.reason;
  EXPECT_TRUE(r.config->decompressA);
  EXPECT_FALSE(r.config->sparseInstruction);
  options.chip = Chip::gfx942;
  r = chooseMatmulConfig(sparse(makeProblem(Chip::gfx942, 256, 256, 256)),
                         options);
  ASSERT_TRUE(r.config) << r.reason;
  EXPECT_FALSE(r.config->decompressA);
  EXPECT_TRUE(r.config->sparseInstruction);
}

// Knob by knob (configure-matmul.mlir @by_hand, configure-matmul-tuning):
// the op's knobs win over the options', the options' over the table's,
// the table's over the heuristic's; the origin names who set what.
TEST(Heuristic, KnobByKnob) {
  MatmulProblem p = makeProblem(Chip::gfx942, 4096, 4096, 4096);
  llvm::Expected<TuningTable> table = TuningTable::parse(
      R"({"mcore_tuning_table": 1, "entries": [
          {"chip": "gfx942", "a": "f16", "m": 4096,
           "config": {"tile_m": 128, "tile_n": 128, "stages": 1}}]})",
      "t.json");
  ASSERT_TRUE(bool(table)) << llvm::toString(table.takeError());
  MatmulTilingOptions options;
  options.chip = Chip::gfx942;
  options.stages = 2; // the options' stages beat the table's
  MatmulConfigFields onOp;
  onOp.tileM = 64; // the op's tile_m beats the table's
  onOp.wavesM = 1;
  MatmulConfigResult r = configureMatmul(p, options, onOp, &*table);
  ASSERT_TRUE(r.config) << r.reason;
  EXPECT_EQ(r.config->tileM, 64);
  EXPECT_EQ(r.config->tileN, 128); // the table's
  EXPECT_EQ(r.config->stages, 2);
  EXPECT_EQ(r.config->wavesM, 1);
  EXPECT_EQ(r.origin, "#mcore.matmul_config on the op sets tile_m, waves_m; "
                      "entry 0 of tuning file 't.json' sets tile_n");

  // A problem the entry does not match takes the heuristic's.
  MatmulTilingOptions plain;
  plain.chip = Chip::gfx942;
  MatmulConfigResult other = configureMatmul(
      makeProblem(Chip::gfx942, 2048, 4096, 4096), plain, {}, &*table);
  ASSERT_TRUE(other.config) << other.reason;
  EXPECT_EQ(other.origin, "");
  EXPECT_EQ(other.config->getKnobs(),
            chooseMatmulConfig(makeProblem(Chip::gfx942, 2048, 4096, 4096),
                               plain)
                .config->getKnobs());
}

/// Every chip, input type, dense and 2:4 A, on shapes that take each path
/// of the heuristic (square, few work-groups, skinny, odd, small, dynamic).
std::vector<MatmulProblem> sweep() {
  std::vector<MatmulProblem> problems;
  const int64_t d = MatmulProblem::kDynamic;
  const int64_t shapes[][3] = {
      {4096, 4096, 4096}, {128, 4096, 4096}, {1, 4096, 4096}, {4096, 16, 4096},
      {1000, 999, 1003},  {64, 64, 64},      {d, d, d}};
  const ScalarKind types[] = {ScalarKind::F16, ScalarKind::BF16,
                              ScalarKind::FP8, ScalarKind::I8, ScalarKind::I4};
  for (const ChipInfo &info : getAllChips())
    for (ScalarKind t : types)
      for (const auto &s : shapes)
        for (bool isSparse : {false, true}) {
          ScalarKind c = t == ScalarKind::I8 || t == ScalarKind::I4
                             ? ScalarKind::I32
                             : ScalarKind::F32;
          MatmulProblem p = makeProblem(info.chip, s[0], s[1], s[2], t, c);
          problems.push_back(isSparse ? sparse(p) : p);
        }
  return problems;
}

// What the tiler relies on, for every configuration the heuristic gives:
// the tile splits into waves of whole instructions, the work-group fits the
// chip's LDS and 1024 threads, the instruction is the chip's and computes
// the problem's types. And the configuration is a fixed point: forcing all
// its knobs gives it back (the tuner and mcore-configure-matmul rely on
// it: a complete #mcore.matmul_config is kept as it is).
TEST(Heuristic, ConfigurationsHold) {
  int configured = 0, refused = 0;
  for (const MatmulProblem &p : sweep()) {
    SCOPED_TRACE(llvm::formatv("{0} {1} {2}x{3}x{4}{5}", getChipName(p.chip),
                               p.describeTypes(), p.m, p.n, p.k,
                               p.sparseA ? " 2:4 A" : "")
                     .str());
    MatmulTilingOptions options;
    options.chip = p.chip;
    MatmulConfigResult r = chooseMatmulConfig(p, options);
    if (!r.config) {
      ++refused;
      // A reason is one sentence that names the chip or the types.
      EXPECT_FALSE(r.reason.empty());
      EXPECT_EQ(r.reason.find('\n'), std::string::npos) << r.reason;
      continue;
    }
    ++configured;
    const MatmulTileConfig &cfg = *r.config;
    const ChipInfo &chip = getChipInfo(p.chip);
    ASSERT_NE(cfg.intrinsic, nullptr);
    EXPECT_EQ(cfg.intrinsic->name, cfg.intrinsicName);
    EXPECT_TRUE(cfg.intrinsic->isAvailableOn(p.chip)) << cfg.intrinsic->name;
    EXPECT_EQ(cfg.tileM % (cfg.wavesM * cfg.intrinsic->m), 0) << summarize(cfg);
    EXPECT_EQ(cfg.tileN % (cfg.wavesN * cfg.intrinsic->n), 0) << summarize(cfg);
    EXPECT_EQ(cfg.tileK % cfg.intrinsic->k, 0) << summarize(cfg);
    EXPECT_LE(cfg.ldsBytes, int64_t(chip.ldsBytes)) << summarize(cfg);
    EXPECT_LE(cfg.getNumThreads(), 1024) << summarize(cfg);
    EXPECT_GE(cfg.splitK, 1);
    // A 2:4 A is read by a sparse instruction, or decompressed.
    if (p.sparseA && !cfg.isSwapped())
      EXPECT_NE(cfg.sparseInstruction, cfg.decompressA) << summarize(cfg);

    MatmulTilingOptions all;
    all.chip = p.chip;
    all.force(cfg.getKnobs());
    MatmulConfigResult again = chooseMatmulConfig(p, all);
    ASSERT_TRUE(again.config) << again.reason;
    EXPECT_EQ(again.config->getKnobs(), cfg.getKnobs()) << summarize(cfg);
  }
  // Most of the sweep compiles; a chip without fp8 or i4 instructions
  // refuses those (and says why, above).
  EXPECT_GT(configured, 3 * refused);
}

// A problem and its swap are the same product: swapping twice is the
// identity, and the swap trades the operands' roles.
TEST(Heuristic, ProblemSwap) {
  MatmulProblem p = sparse(makeProblem(Chip::gfx1201, 128, 256, 512));
  p.batch = 3;
  p.sharedB = true;
  p.transposeB = true;
  p.unsignedA = true;
  p.a = ScalarKind::I8;
  p.b = ScalarKind::I4;
  MatmulProblem s = p.swapped();
  EXPECT_EQ(s.m, 256);
  EXPECT_EQ(s.n, 128);
  EXPECT_TRUE(s.sparseB && !s.sparseA);
  EXPECT_TRUE(s.sharedA && !s.sharedB);
  EXPECT_EQ(s.a, ScalarKind::I4);
  EXPECT_TRUE(s.unsignedB && !s.unsignedA);
  EXPECT_FALSE(s.transposeA); // Bᵀ of a B stored N x K is stored N x K
  EXPECT_TRUE(s.transposeB);
  EXPECT_TRUE(s.transposeC);
  EXPECT_EQ(s.swapped(), p);
  EXPECT_NE(s, p);
  EXPECT_EQ(p.describeTypes(), "u8 x i4 -> f32");
}

} // namespace

// bf16x3 changes results (Pipeline.md, "f32 from bf16 pieces"): the default
// is ieee, for the pipeline as for the passes.
TEST(Heuristic, F32PrecisionDefaultsToIeee) {
  EXPECT_EQ(MatmulTilingOptions().f32Precision, "ieee");
}
