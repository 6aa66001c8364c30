//===- LlvmIntrinsicsTest.cpp - The catalog against LLVM 22's intrinsics --===//
//
// Every CDNA matrix intrinsic LLVM 22 defines (llvm.amdgcn.mfma.* and
// llvm.amdgcn.smfmac.*, from LLVM's own intrinsic table, the one llc and
// mlir-translate use) must be in mcore's catalog, so that a gap fails here.
// Which chips select each one is checked with llc itself, pair by pair, by
// test/Conversion/MCoreToAMDGPU/all-pairs.test.
//
//===----------------------------------------------------------------------===//

#include "mcore/Target/Catalog.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Intrinsics.h"

#include "gtest/gtest.h"

#include <set>
#include <string>

using namespace mlir::mcore;

namespace {

/// LLVM 22's names of every intrinsic starting with `prefix`.
std::set<std::string> llvmIntrinsics(llvm::StringRef prefix) {
  std::set<std::string> names;
  for (unsigned id = 1; id < llvm::Intrinsic::num_intrinsics; ++id) {
    llvm::StringRef name = llvm::Intrinsic::getBaseName(id);
    if (name.starts_with(prefix))
      names.insert(name.str());
  }
  return names;
}

/// Not in the catalog yet: gfx950's block-scaled MX MFMA (FP8, FP6, FP4
/// operands with E8M0 scales; issue 31). Listed so that the test names the
/// gap, and fails once they are added without removing them here.
const std::set<std::string> kNotYetInCatalog = {
    "llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4",
    "llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4",
};

std::set<std::string> catalogNames() {
  std::set<std::string> names;
  for (const IntrinsicInfo &info : getAllIntrinsics())
    names.insert(info.llvmName);
  return names;
}

TEST(LlvmIntrinsics, EveryCdnaMatrixIntrinsicIsInTheCatalog) {
  std::set<std::string> ours = catalogNames();
  std::set<std::string> llvm = llvmIntrinsics("llvm.amdgcn.mfma.");
  std::set<std::string> sparse = llvmIntrinsics("llvm.amdgcn.smfmac.");
  llvm.insert(sparse.begin(), sparse.end());
  // LLVM 22.1.8 has 75 (47 MFMA, 28 SMFMAC); a smaller count means the
  // enumeration above is broken, not that LLVM lost some.
  EXPECT_GE(llvm.size(), 75u);
  unsigned missing = 0;
  for (const std::string &name : llvm) {
    if (kNotYetInCatalog.count(name)) {
      EXPECT_EQ(ours.count(name), 0u)
          << name << " is in the catalog now: remove it from kNotYetInCatalog";
      continue;
    }
    if (!ours.count(name)) {
      ++missing;
      ADD_FAILURE() << name << " (LLVM 22) is not in mcore's catalog";
    }
  }
  EXPECT_EQ(missing, 0u);
  for (const std::string &name : kNotYetInCatalog)
    EXPECT_EQ(llvm.count(name), 1u) << name << " is not an LLVM 22 intrinsic";
}

TEST(LlvmIntrinsics, EveryCatalogEntryIsAnLlvmIntrinsic) {
  std::set<std::string> llvm = llvmIntrinsics("llvm.amdgcn.");
  for (const IntrinsicInfo &info : getAllIntrinsics())
    EXPECT_EQ(llvm.count(info.llvmName), 1u)
        << info.name << ": " << info.llvmName << " is not an LLVM 22 intrinsic";
}

} // namespace
