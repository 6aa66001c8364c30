//===- IsaTest.cpp - Reading kernels, loops and matrix instructions -------===//

#include "mcore/Perf/Isa.h"

#include "llvm/ADT/StringExtras.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cstring>
#include <regex>

using namespace mlir::mcore;
using namespace mlir::mcore::perf;

namespace {

// The ISA mnemonic of a catalog entry is "v_" + its builtin name without the
// _w32 / _gfx12 / _1k suffixes, modulo underscores (all-pairs.test checks
// this against llc's output for every legal pair). lookupMatrixInstruction
// derives the entry from the LLVM intrinsic name instead; the two
// derivations must agree for every entry on every chip that has it.
TEST(IsaTest, EveryCatalogInstructionIsFoundFromItsMnemonic) {
  unsigned checked = 0;
  for (const IntrinsicInfo &info : getAllIntrinsics()) {
    for (const ChipInfo &chip : getAllChips()) {
      if (!info.isAvailableOn(chip.chip))
        continue;
      // gfx90a keeps the _1k of its second bf16 family (it also has the
      // first: v_mfma_f32_32x32x4bf16 and v_mfma_f32_32x32x4bf16_1k).
      bool keeps1k = chip.chip == Chip::gfx908 || chip.chip == Chip::gfx90a;
      std::string mnemonic = std::regex_replace(
          std::string("v_") + info.name,
          std::regex(keeps1k ? "_(w32|gfx12)(?=_|$)"
                             : "_(1k|w32|gfx12)(?=_|$)"),
          "");
      // gfx950's block-scaled MFMA is one mnemonic for its 25 format pairs;
      // its cbsz / blgp fields, as llc prints them, name the formats
      // (without them, fp8 x fp8).
      if (info.hasModifier(ModMatrixFmt)) {
        // gfx1250's f8f6f4 WMMA, scaled or not, likewise: its
        // matrix_a_fmt / matrix_b_fmt fields (absent for fp8).
        mnemonic = "v_" + llvm::StringRef(info.llvmName)
                              .drop_front(strlen("llvm.amdgcn."))
                              .str();
        std::replace(mnemonic.begin(), mnemonic.end(), '.', '_');
        static const char *const kFmt[] = {"FP8", "BF8", "FP6", "BF6", "FP4"};
        std::string operands = "v[0:7], v[8:23], v[24:39], v[0:7]";
        if (int a = getMxFormatCode(info.a.kind))
          operands += std::string(" matrix_a_fmt:MATRIX_FMT_") + kFmt[a];
        if (int b = getMxFormatCode(info.b.kind))
          operands += std::string(" matrix_b_fmt:MATRIX_FMT_") + kFmt[b];
        EXPECT_EQ(lookupMatrixInstruction(mnemonic, chip.chip, operands),
                  &info)
            << mnemonic << " " << operands;
        EXPECT_EQ(info.getCycles(chip.chip), 8u) << info.name;
        ++checked;
        continue;
      }
      if (info.isScaled() && info.family == MmaFamily::MFMA) {
        mnemonic = "v_" + llvm::StringRef(info.llvmName)
                              .drop_front(strlen("llvm.amdgcn."))
                              .str();
        std::replace(mnemonic.begin(), mnemonic.end(), '.', '_');
        std::string operands =
            "v[0:3], v[4:11], v[12:19], v[0:3], v20, v21 op_sel_hi:[0,0,0]";
        if (int a = getMxFormatCode(info.a.kind))
          operands += " cbsz:" + std::to_string(a);
        if (int b = getMxFormatCode(info.b.kind))
          operands += " blgp:" + std::to_string(b);
        EXPECT_EQ(lookupMatrixInstruction(mnemonic, chip.chip, operands),
                  &info)
            << mnemonic << " " << operands;
        const IntrinsicInfo *plain =
            lookupMatrixInstruction(mnemonic, chip.chip);
        ASSERT_NE(plain, nullptr) << mnemonic;
        EXPECT_EQ(plain->a.kind, ScalarKind::FP8);
        EXPECT_EQ(plain->b.kind, ScalarKind::FP8);
        ++checked;
        continue;
      }
      EXPECT_EQ(lookupMatrixInstruction(mnemonic, chip.chip), &info)
          << mnemonic << " on " << chip.name;
      ++checked;
    }
  }
  EXPECT_GT(checked, 100u);
}

TEST(IsaTest, RealSpellings) {
  // As LLVM 22 prints them.
  EXPECT_STREQ(lookupMatrixInstruction("v_mfma_f32_32x32x8_f16", Chip::gfx942)
                   ->name,
               "mfma_f32_32x32x8f16");
  EXPECT_STREQ(lookupMatrixInstruction("v_mfma_f32_32x32x8f16", Chip::gfx908)
                   ->name,
               "mfma_f32_32x32x8f16");
  EXPECT_STREQ(lookupMatrixInstruction("v_mfma_f32_32x32x8_bf16", Chip::gfx942)
                   ->name,
               "mfma_f32_32x32x8bf16_1k");
  EXPECT_STREQ(
      lookupMatrixInstruction("v_smfmac_f32_32x32x16_f16", Chip::gfx942)->name,
      "smfmac_f32_32x32x16_f16");
  EXPECT_STREQ(
      lookupMatrixInstruction("v_wmma_f32_16x16x16_f16", Chip::gfx1100)->name,
      "wmma_f32_16x16x16_f16_w32");
  EXPECT_STREQ(
      lookupMatrixInstruction("v_wmma_f32_16x16x16_f16", Chip::gfx1201)->name,
      "wmma_f32_16x16x16_f16_w32_gfx12");
  EXPECT_STREQ(
      lookupMatrixInstruction("v_swmmac_f32_16x16x32_f16", Chip::gfx1201)
          ->name,
      "swmmac_f32_16x16x32_f16_w32");
  // Multi-block instructions: gfx940 names the block count, gfx90a keeps
  // the _1k and has the older bf16 instruction of the same shape.
  EXPECT_STREQ(
      lookupMatrixInstruction("v_mfma_f32_32x32x4_2b_bf16", Chip::gfx942)
          ->name,
      "mfma_f32_32x32x4bf16_1k");
  EXPECT_STREQ(
      lookupMatrixInstruction("v_mfma_f32_32x32x1_2b_f32", Chip::gfx942)->name,
      "mfma_f32_32x32x1f32");
  EXPECT_STREQ(
      lookupMatrixInstruction("v_mfma_f32_32x32x4bf16_1k", Chip::gfx90a)->name,
      "mfma_f32_32x32x4bf16_1k");
  EXPECT_STREQ(
      lookupMatrixInstruction("v_mfma_f32_32x32x4bf16", Chip::gfx90a)->name,
      "mfma_f32_32x32x4bf16");
  EXPECT_STREQ(lookupMatrixInstruction("v_mfma_f64_16x16x4_f64", Chip::gfx942)
                   ->name,
               "mfma_f64_16x16x4f64");
  // Not on that chip, or not in the catalog.
  EXPECT_EQ(lookupMatrixInstruction("v_swmmac_f32_16x16x32_f16", Chip::gfx1100),
            nullptr);
  EXPECT_EQ(lookupMatrixInstruction("v_mfma_f64_16x16x4_f64", Chip::gfx908),
            nullptr);
  EXPECT_TRUE(isMatrixMnemonic("v_mfma_f64_16x16x4_f64"));
  EXPECT_FALSE(isMatrixMnemonic("v_fma_f32"));
}

/// A kernel with the given body lines (labels end in ':').
KernelIsa kernelOf(std::initializer_list<const char *> lines) {
  KernelIsa k;
  k.name = "k";
  for (const char *text : lines) {
    IsaLine line;
    llvm::StringRef s(text);
    if (s.ends_with(":")) {
      line.label = s.drop_back().str();
    } else {
      auto [m, ops] = s.split(' ');
      line.mnemonic = m.str();
      line.operands = ops.str();
    }
    k.body.push_back(line);
  }
  return k;
}

TEST(IsaTest, LoopsAreBackEdgesToDominatingHeaders) {
  // .LBB0_3 jumps back to .LBB0_1 without being dominated by it (a cold
  // block placed after the code it returns to): no loop. .LBB0_2 is a loop
  // nested in the loop of .LBB0_1.
  KernelIsa k = kernelOf({
      "s_cbranch_scc1 .LBB0_3",      // 0
      ".LBB0_1:",                    // 1
      "v_mfma_f32_32x32x8_f16 x",    // 2
      ".LBB0_2:",                    // 3
      "v_wmma_f32_16x16x16_f16 x",   // 4
      "s_cbranch_scc0 .LBB0_2",      // 5
      "s_cbranch_vccnz .LBB0_1",     // 6
      "s_branch .LBB0_4",            // 7
      ".LBB0_3:",                    // 8
      "v_mov_b32 v0, 0",             // 9
      "s_branch .LBB0_1",            // 10
      ".LBB0_4:",                    // 11
      "s_endpgm",                    // 12
  });
  std::vector<LoopSpan> loops = findLoops(k);
  ASSERT_EQ(loops.size(), 2u);
  EXPECT_EQ(loops[0].header, ".LBB0_1");
  EXPECT_EQ(loops[0].lines, (std::vector<unsigned>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(loops[1].header, ".LBB0_2");
  EXPECT_EQ(loops[1].lines, (std::vector<unsigned>{3, 4, 5}));
  // The innermost loop with a matrix instruction.
  std::optional<LoopSpan> main = findMainLoop(k);
  ASSERT_TRUE(main);
  EXPECT_EQ(main->header, ".LBB0_2");
  EXPECT_EQ(main->blocks, 1u);
}

TEST(IsaTest, MainLoopAndTheWayAroundIt) {
  // Tensile's layout: a long jump (s_getpc_b64, a label's offset added,
  // s_setpc_b64) past the loops for an empty problem, the main loop (two
  // matrix instructions), a remainder loop (one, fewer lines), and two
  // epilogues, of which the whole tile's is the shorter.
  KernelIsa k = kernelOf({
      "s_cbranch_scc0 .Lgo",              // 0
      "s_getpc_b64 s[28:29]",             // 1
      "s_add_i32 s30, .Lend, 4",          // 2
      "s_add_u32 s28, s28, s30",          // 3
      "s_setpc_b64 s[28:29]",             // 4
      ".Lgo:",                            // 5
      "v_mov_b32 v0, 0",                  // 6
      ".Lmain:",                          // 7
      "v_mfma_f32_32x32x8_f16 x",         // 8
      "v_mfma_f32_32x32x8_f16 x",         // 9
      "s_cbranch_scc0 .Lmain",            // 10
      "s_cbranch_scc1 .Lepilogue",        // 11
      ".Ltail:",                          // 12
      "v_mfma_f32_32x32x8_f16 x",         // 13
      "s_cbranch_scc0 .Ltail",            // 14
      ".Lepilogue:",                      // 15
      "s_cbranch_scc1 .Lwhole",           // 16
      "v_cndmask_b32 v1, v1, v2",         // 17
      "v_cndmask_b32 v3, v3, v4",         // 18
      "buffer_store_dword v1, v5, s[0:3], 0 offen", // 19
      "s_branch .Lend",                   // 20
      ".Lwhole:",                         // 21
      "buffer_store_dwordx4 v[0:3], v5, s[0:3], 0 offen", // 22
      ".Lend:",                           // 23
      "s_endpgm",                         // 24
  });
  ControlFlowGraph cfg = buildControlFlowGraph(k);
  // The s_setpc_b64 block branches to .Lend.
  unsigned jump = cfg.blockOfLine[4], end = cfg.blockOfLine[24];
  EXPECT_EQ(cfg.blocks[jump].succs, (llvm::SmallVector<unsigned, 2>{end}));
  std::optional<LoopSpan> main = findMainLoop(k);
  ASSERT_TRUE(main);
  EXPECT_EQ(main->header, ".Lmain");
  std::optional<std::vector<unsigned>> way = findPathAroundLoop(k, *main);
  ASSERT_TRUE(way);
  // In: the entry's branch, .Lgo; out: the remainder loop skipped, the
  // whole tile's store, the end. Not the long jump's empty-problem way,
  // which writes nothing.
  EXPECT_EQ(*way, (std::vector<unsigned>{0, 6, 11, 16, 22, 24}));
}

TEST(IsaTest, ReadsMlirObjectsDescriptorsMetadataAndLaunches) {
  // An mcore-opt format=isa output, cut down: the host launch with constant
  // sizes and one object whose escaped assembly has a kernel.
  const char *text = R"(module attributes {gpu.container_module} {
  llvm.func @matmul() {
    %0 = llvm.mlir.constant(1 : index) : i64
    %1 = llvm.mlir.constant(256 : index) : i64
    %2 = llvm.mlir.constant(32 : index) : i64
    gpu.launch_func  @obj::@kern blocks in (%2, %0, %0) threads in (%1, %0, %0) : i64
    llvm.return
  }
  gpu.binary @obj  [#gpu.object<#rocdl.target<chip = "gfx942">, assembly = "\09.amdgcn_target \22amdgcn-amd-amdhsa--gfx942\22\0A\09.type\09kern,@function\0Akern:\0A.LBB0_1:\0A\09v_mfma_f32_32x32x8_f16 v[0:15], v[16:17], v[18:19], v[0:15] ; comment\0A\09s_cbranch_scc1 .LBB0_1\0A\09s_endpgm\0A.Lfunc_end0:\0A\09.amdhsa_kernel kern\0A\09\09.amdhsa_next_free_vgpr 20\0A\09\09.amdhsa_accum_offset 20\0A\09.end_amdhsa_kernel\0A\09.amdgpu_metadata\0A---\0Aamdhsa.kernels:\0A  - .agpr_count:     0\0A    .name:           kern\0A    .vgpr_count:     20\0A    .max_flat_workgroup_size: 256\0A...\0A\09.end_amdgpu_metadata\0A">]
})";
  llvm::Expected<std::vector<KernelIsa>> kernels = readIsa(text);
  ASSERT_TRUE(bool(kernels)) << llvm::toString(kernels.takeError());
  ASSERT_EQ(kernels->size(), 1u);
  const KernelIsa &k = kernels->front();
  EXPECT_EQ(k.getId(), "@obj::kern");
  EXPECT_EQ(k.chip, Chip::gfx942);
  EXPECT_EQ(k.resources.nextFreeVgpr, 20u);
  EXPECT_EQ(k.resources.accumOffset, 20u);
  EXPECT_EQ(k.resources.vgprCount, 20u);
  EXPECT_EQ(k.resources.agprCount, 0u);
  EXPECT_EQ(k.resources.maxFlatWorkgroupSize, 256u);
  ASSERT_TRUE(k.grid && k.block);
  EXPECT_EQ(*k.grid, (std::array<int64_t, 3>{32, 1, 1}));
  EXPECT_EQ(*k.block, (std::array<int64_t, 3>{256, 1, 1}));
  ASSERT_EQ(k.body.size(), 4u);
  EXPECT_EQ(k.body[0].label, ".LBB0_1");
  EXPECT_EQ(k.body[1].mnemonic, "v_mfma_f32_32x32x8_f16");
  EXPECT_EQ(k.body[1].operands, "v[0:15], v[16:17], v[18:19], v[0:15]");
  std::optional<LoopSpan> loop = findMainLoop(k);
  ASSERT_TRUE(loop);
  EXPECT_EQ(loop->header, ".LBB0_1");
  EXPECT_EQ(loop->lines, (std::vector<unsigned>{0, 1, 2}));
}

TEST(IsaTest, Errors) {
  llvm::Expected<std::vector<KernelIsa>> none = readIsa("\t.text\n");
  ASSERT_FALSE(bool(none));
  EXPECT_NE(llvm::toString(none.takeError()).find("no kernel found"),
            std::string::npos);
  llvm::Expected<std::vector<KernelIsa>> binary =
      readIsa("gpu.binary @a [#gpu.object<#rocdl.target, bin = \"\">]");
  ASSERT_FALSE(bool(binary));
  EXPECT_NE(llvm::toString(binary.takeError()).find("format=isa"),
            std::string::npos);
}

} // namespace
