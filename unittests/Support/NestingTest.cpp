//===- NestingTest.cpp - mcore/Support/Nesting.h --------------------------===//

#include "mcore/Support/Nesting.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir::mcore;

namespace {

std::string repeat(const std::string &s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i)
    out += s;
  return out;
}

/// The offset findDeepNesting reports, or -1 when the text is shallow.
long deepAt(const std::string &text, unsigned limit) {
  std::optional<DeepNesting> deep = findDeepNesting(text, limit);
  return deep ? long(deep->offset) : -1;
}

TEST(Nesting, BracketsOfEveryKind) {
  EXPECT_EQ(deepAt("[[[]]]", 3), -1);
  EXPECT_EQ(deepAt("[[[[]]]]", 3), 3);
  EXPECT_EQ(deepAt("({<[x]>})", 4), -1);
  EXPECT_EQ(deepAt("({<[(x)]>})", 4), 4);
  // Siblings do not add up.
  EXPECT_EQ(deepAt(repeat("[[]]", 100), 2), -1);
}

TEST(Nesting, AffineChainsCount) {
  // d0 + d0 + ... : the parser recurses once per operator.
  std::string chain = "affine_map<(d0) -> (d0" + repeat(" + d0", 10) + ")>";
  EXPECT_EQ(deepAt(chain, 12), -1);
  EXPECT_NE(deepAt(chain, 11), -1);
  EXPECT_NE(deepAt("(" + repeat("- ", 20) + "d0)", 10), -1);
  EXPECT_NE(deepAt("(d0" + repeat(" floordiv 2", 20) + ")", 10), -1);
  // A chain ends at a token no affine expression holds: many negative
  // constants of a body, or elements of a list, are no chain.
  EXPECT_EQ(deepAt(repeat("%c = arith.constant -1 : i32\n", 50), 3), -1);
  EXPECT_EQ(deepAt("dense<[" + repeat("-1.5e-3, ", 50) + "-1]>", 3), -1);
  EXPECT_EQ(deepAt("{\"a\": [" + repeat("-1, ", 50) + "-2]}", 3), -1);
}

TEST(Nesting, WhatIsNeitherBracketNorOperator) {
  // Arrows, comparisons, strings, comments and SSA names with '-'.
  EXPECT_EQ(deepAt(repeat("(i32) -> i32\n", 100), 1), -1);
  EXPECT_EQ(deepAt("(" + repeat("d0 >= 0, d0 <= 1, ", 20) + "d0 >= 0)", 1),
            -1);
  EXPECT_EQ(deepAt("\"" + repeat("[", 100) + "\\\"\"", 1), -1);
  EXPECT_EQ(deepAt("// " + repeat("[", 100) + "\nx", 1), -1);
  EXPECT_EQ(deepAt("[%a-b-c-d-e-f]", 1), -1);
  EXPECT_EQ(deepAt("#map-1-2-3 = 0x0f-1", 1), -1);
}

TEST(Nesting, UnmatchedClosersDoNotHideDepth) {
  // Closers never take the depth below zero.
  EXPECT_EQ(deepAt(repeat("]", 100) + repeat("[", 4), 3), 103);
}

TEST(Nesting, BytecodeIsNotScanned) {
  EXPECT_EQ(deepAt(std::string("ML\xEFR") + repeat("[", 100), 3), -1);
}

TEST(Nesting, LocatedError) {
  std::string text = "a\nbc " + repeat("[", 5);
  std::optional<DeepNesting> deep = findDeepNesting(text, 3);
  ASSERT_TRUE(deep);
  EXPECT_EQ(getLineAndColumn(text, deep->offset),
            std::make_pair(2u, 7u));
  llvm::Error error =
      checkNesting(llvm::MemoryBufferRef(text, "in.mlir"), 3);
  EXPECT_EQ(llvm::toString(std::move(error)),
            "in.mlir:2:7: " + deep->describe());
  EXPECT_FALSE(checkNesting(llvm::MemoryBufferRef(text, "in.mlir"), 5));
}

/// Recurses `levels` deep with about 1 KiB per level.
unsigned recurse(unsigned levels) {
  volatile unsigned char frame[1024];
  frame[0] = static_cast<unsigned char>(levels);
  return levels ? recurse(levels - 1) + frame[0] % 2 : 0;
}

TEST(Nesting, LargeStackHoldsWhatASmallOneCannot) {
  // 32 MiB of frames: more than the 8 MiB of a default thread.
  unsigned out = 0;
  runWithLargeStack([&] { out = recurse(32 * 1024); });
  EXPECT_EQ(out, 16u * 1024);
  // Nested calls run in place.
  runWithLargeStack([&] { runWithLargeStack([&] { out = recurse(10); }); });
  EXPECT_EQ(out, 5u);
}

} // namespace
