//===- BatchMmaTest.cpp - Matrix instructions a lane need not wait at -----===//
//
// batchMatrixInstructions (lib/Emulator/Rewrite/BatchMma.cpp) on host IR of
// the form the rewrite makes: which calls of a run are deferred, where the
// loads of deferred results go, and where a run must end (a use of a result,
// another call, a store into an operand, the end of the block).
//
//===----------------------------------------------------------------------===//

#include "Rewrite/Rewrite.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstddef>
#include <map>
#include <string>

using namespace llvm;

namespace {

/// The declarations and four matrix calls' operand memory; `body` is the
/// entry block's code after them.
std::string module(const std::string &body) {
  std::string s = R"(
declare void @__mcore_emu_mma(i32, ptr, ptr, ptr, i32, ptr, i32, ptr)
declare void @__mcore_emu_barrier(i32)
define void @k(ptr %lds, <8 x float> %c, i32 %word) {
entry:
)";
  for (unsigned i = 0; i < 4; ++i)
    for (const char *o : {"a", "b", "c", "d"})
      s += "  %" + std::string(o) + std::to_string(i) +
           " = alloca <8 x float>\n";
  return s + body + "  ret void\n}\n";
}

/// "store c into c<i>; call mma i" with i's operands.
std::string mma(unsigned i, const std::string &cValue = "%c") {
  std::string n = std::to_string(i);
  return "  store <8 x float> " + cValue + ", ptr %c" + n + "\n" +
         "  call void @__mcore_emu_mma(i32 " + n + ", ptr %a" + n +
         ", ptr %b" + n + ", ptr %c" + n + ", i32 0, ptr %d" + n +
         ", i32 0, ptr null)\n";
}

std::string load(unsigned i) {
  std::string n = std::to_string(i);
  return "  %r" + n + " = load <8 x float>, ptr %d" + n + "\n";
}

struct Batched {
  LLVMContext ctx;
  std::unique_ptr<Module> m;
  /// The code of the entry block after the allocas, but its terminator:
  /// "store c0; defer 0; load r0; ...".
  std::string order;

  explicit Batched(const std::string &body, bool tables = false) {
    SMDiagnostic err;
    m = parseAssemblyString(module(body), err, ctx);
    if (!m) {
      std::string s;
      raw_string_ostream os(s);
      err.print("BatchMmaTest", os);
      ADD_FAILURE() << s;
      return;
    }
    mlir::mcore::emu::batchMatrixInstructions(*m, tables);
    std::string v;
    raw_string_ostream os(v);
    EXPECT_FALSE(verifyModule(*m, &os)) << v;
    for (Instruction &I : m->getFunction("k")->getEntryBlock()) {
      if (isa<AllocaInst>(I) || I.isTerminator())
        continue;
      if (!order.empty())
        order += "; ";
      if (auto *call = dyn_cast<CallInst>(&I)) {
        StringRef callee = call->getCalledFunction()->getName();
        std::string what = callee == "__mcore_emu_mma"         ? "mma"
                           : callee == "__mcore_emu_mma_defer" ? "defer"
                           : callee == "__mcore_emu_mma_defer_local"
                               ? "local"
                               : callee.str();
        if (what == "mma" || what == "defer" || what == "local")
          what += " " + std::to_string(cast<ConstantInt>(call->getArgOperand(0))
                                           ->getZExtValue());
        order += what;
      } else if (auto *st = dyn_cast<StoreInst>(&I)) {
        order += "store " + st->getPointerOperand()->getName().str();
      } else {
        order += I.getOpcodeName() + std::string(" ") + I.getName().str();
      }
    }
  }
};

} // namespace

TEST(BatchMma, IndependentRunMeetsOnceAtItsLast) {
  Batched b(mma(0) + load(0) + mma(1) + load(1) + mma(2) + load(2) +
            "  store <8 x float> %r0, ptr %lds\n");
  EXPECT_EQ(b.order, "store c0; defer 0; store c1; defer 1; store c2; mma 2; "
                     "load r0; load r1; load r2; store lds");
}

TEST(BatchMma, AChainReadsEachCFromTheDBefore) {
  // Each instruction's C is the one before's D, which nothing else uses:
  // the calls read C from that D, and the chain is a run.
  Batched b(mma(0) + load(0) + mma(1, "%r0") + load(1) + mma(2, "%r1") +
            load(2));
  // 0's and 1's D are read by nothing but the next call: "local".
  EXPECT_EQ(b.order, "store c0; local 0; local 1; mma 2; load r2");
  const BasicBlock &entry = b.m->getFunction("k")->getEntryBlock();
  std::string cArgs;
  for (const Instruction &I : entry)
    if (auto *call = dyn_cast<CallInst>(&I))
      cArgs += call->getArgOperand(3)->getName().str() + " ";
  EXPECT_EQ(cArgs, "c0 d0 d1 ");
}

TEST(BatchMma, ADReadOutsideTheChainIsNotLocal) {
  // 1's D goes on to 2 and is also loaded after the run: 1 stays a plain
  // deferred call, whose D the runtime writes; 0's D only goes to 1.
  Batched b(mma(0) + load(0) + mma(1, "%r0") + load(1) + mma(2, "%r1") +
            "  %x = load <8 x float>, ptr %d1\n"
            "  store <8 x float> %x, ptr %lds\n");
  EXPECT_EQ(b.order, "store c0; local 0; defer 1; mma 2; load x; store lds");
}

TEST(BatchMma, AChainWhoseDIsUsedElsewhereIsNotBatched) {
  // 0's D also goes to LDS: the load stays, and 1 needs it.
  Batched b(mma(0) + load(0) + "  store <8 x float> %r0, ptr %lds\n" +
            mma(1, "%r0") + load(1) + mma(2, "%r1"));
  EXPECT_EQ(b.order, "store c0; mma 0; load r0; store lds; store c1; local 1; "
                     "mma 2");
}

TEST(BatchMma, ARunEndsWhereAResultIsUsed) {
  // 0 and 1 are independent; 2 takes 0's D through an fadd.
  Batched b(mma(0) + load(0) + mma(1) + load(1) +
            "  %s = fadd <8 x float> %r0, %c\n" + mma(2, "%s") + mma(3));
  EXPECT_EQ(b.order, "store c0; defer 0; store c1; mma 1; load r0; load r1; "
                     "fadd s; store c2; defer 2; store c3; mma 3");
}

TEST(BatchMma, OtherCallsEndARun) {
  Batched b(mma(0) + mma(1) + "  call void @__mcore_emu_barrier(i32 9)\n" +
            mma(2) + mma(3));
  EXPECT_EQ(b.order, "store c0; defer 0; store c1; mma 1; __mcore_emu_barrier; "
                     "store c2; defer 2; store c3; mma 3");
}

TEST(BatchMma, AStoreIntoADeferredOperandEndsARun) {
  // Memory the lanes share does not end a run; an operand of a call
  // deferred so far does (the wave reads it when the lanes meet).
  Batched b(mma(0) + "  store <8 x float> %c, ptr %lds\n" + mma(1) +
            "  store <8 x float> %c, ptr %a0\n" + mma(2));
  EXPECT_EQ(b.order, "store c0; defer 0; store lds; store c1; mma 1; "
                     "store a0; store c2; mma 2");
}

TEST(BatchMma, ARunMeetsBeforeTheBlockEnds) {
  Batched b(mma(0) + mma(1) + load(0) + "  br label %next\nnext:\n" + mma(2) +
            load(2));
  // The entry block's run; the next block's lone call stays a meeting.
  EXPECT_EQ(b.order, "store c0; defer 0; store c1; mma 1; load r0");
  const BasicBlock &next = b.m->getFunction("k")->back();
  auto *call = cast<CallInst>(&*std::next(next.begin()));
  EXPECT_EQ(call->getCalledFunction()->getName(), "__mcore_emu_mma");
}

TEST(BatchMma, AResultIsForwardedIntoCOnly) {
  // 0's D goes to 1's A: 1 reads it from its own slot, after the meeting
  // of 0 (the wave keeps a meeting's decoded A and B, which no result of
  // the meeting may overwrite).
  Batched b(mma(0) + load(0) + "  store <8 x float> %r0, ptr %a1\n" + mma(1) +
            load(1) + mma(2, "%r1"));
  EXPECT_EQ(b.order, "store c0; mma 0; load r0; store a1; store c1; local 1; "
                     "mma 2");
}

namespace {

/// What the stores into the run table of the one __mcore_emu_mma_run call
/// of `k` put where (offset in the table: the value's name, or its
/// constant), the call's operands (n, run id, index varies) and whether
/// any other matrix call is left.
struct Table {
  std::map<uint64_t, std::string> at;
  unsigned n = 0, runId = 0, indexVaries = 0, runCalls = 0, otherCalls = 0;

  explicit Table(const Module &m) {
    const Function &k = *m.getFunction("k");
    const DataLayout &dl = m.getDataLayout();
    const Value *table = nullptr;
    for (const Instruction &I : instructions(k))
      if (auto *call = dyn_cast<CallInst>(&I)) {
        StringRef callee = call->getCalledFunction()->getName();
        if (callee == "__mcore_emu_mma_run") {
          ++runCalls;
          table = call->getArgOperand(0);
          n = cast<ConstantInt>(call->getArgOperand(1))->getZExtValue();
          runId = cast<ConstantInt>(call->getArgOperand(2))->getZExtValue();
          indexVaries =
              cast<ConstantInt>(call->getArgOperand(3))->getZExtValue();
        } else if (callee.starts_with("__mcore_emu_mma")) {
          ++otherCalls;
        }
      }
    for (const Instruction &I : instructions(k)) {
      auto *st = dyn_cast<StoreInst>(&I);
      if (!st || !table)
        continue;
      APInt offset(64, 0);
      const Value *base =
          st->getPointerOperand()->stripAndAccumulateConstantOffsets(
              dl, offset, /*AllowNonInbounds=*/true);
      if (base != table)
        continue;
      const Value *v = st->getValueOperand();
      std::string s = v->getName().str();
      if (auto *c = dyn_cast<ConstantInt>(v))
        s = std::to_string(c->getZExtValue());
      else if (isa<ConstantPointerNull>(v))
        s = "null";
      else if (s.empty())
        s = "(computed)";
      at[offset.getZExtValue()] = s;
    }
  }
  /// Entry q's fields: "site local a b c d scales".
  std::string entry(unsigned q) const {
    using E = mlir::mcore::emu::MmaRunEntry;
    std::string s;
    for (size_t f : {offsetof(E, site), offsetof(E, dLocal), offsetof(E, a),
                     offsetof(E, b), offsetof(E, c), offsetof(E, d),
                     offsetof(E, scales)}) {
      auto it = at.find(q * sizeof(E) + f);
      s += (s.empty() ? "" : " ") + (it == at.end() ? "?" : it->second);
    }
    return s;
  }
  std::string index(unsigned q) const {
    auto it = at.find(n * sizeof(mlir::mcore::emu::MmaRunEntry) + 8 * q);
    return it == at.end() ? "?" : it->second;
  }
};

} // namespace

TEST(BatchMma, ARunOfFrameSlotsIsOneCallWithATable) {
  // The chain of AChainReadsEachCFromTheDBefore: one call, and a table of
  // three entries filled in the entry block.
  Batched b(mma(0) + load(0) + mma(1, "%r0") + load(1) + mma(2, "%r1") +
                load(2),
            /*tables=*/true);
  Table t(*b.m);
  EXPECT_EQ(t.runCalls, 1u);
  EXPECT_EQ(t.otherCalls, 0u);
  EXPECT_EQ(t.n, 3u);
  EXPECT_EQ(t.runId, 0u);
  EXPECT_EQ(t.indexVaries, 0u);
  EXPECT_EQ(t.entry(0), "0 1 a0 b0 c0 d0 null");
  EXPECT_EQ(t.entry(1), "1 1 a1 b1 d0 d1 null");
  EXPECT_EQ(t.entry(2), "2 0 a2 b2 d1 d2 null");
  EXPECT_EQ(t.index(0), "0");
  EXPECT_EQ(t.index(2), "0");
  // The result is loaded after the run's one call.
  EXPECT_NE(b.order.find("__mcore_emu_mma_run; load r2"), std::string::npos)
      << b.order;
}

TEST(BatchMma, AnOperandOutsideTheFrameKeepsTheDeferredCalls) {
  // 1's A is LDS memory, not a slot of the frame: no table.
  std::string body = mma(0) +
                     "  call void @__mcore_emu_mma(i32 1, ptr %lds, ptr %b1, "
                     "ptr %c1, i32 0, ptr %d1, i32 0, ptr null)\n";
  Batched b(body, /*tables=*/true);
  Table t(*b.m);
  EXPECT_EQ(t.runCalls, 0u);
  EXPECT_EQ(b.order, "store c0; defer 0; mma 1");
}

TEST(BatchMma, IndexWordsThatVaryAreStoredInTheRun) {
  // gfx1250's two index words: one value per call, stored where the call
  // was; the run says its index words vary.
  std::string body;
  for (unsigned i = 0; i < 2; ++i) {
    std::string n = std::to_string(i);
    body += "  %i" + n + " = add i32 %word, " + n + "\n" +
            "  call void @__mcore_emu_mma(i32 " + n + ", ptr %a" + n +
            ", ptr %b" + n + ", ptr %c" + n + ", i32 %i" + n + ", ptr %d" + n +
            ", i32 7, ptr null)\n";
  }
  Batched b(body, /*tables=*/true);
  Table t(*b.m);
  EXPECT_EQ(t.runCalls, 1u);
  EXPECT_EQ(t.indexVaries, 1u);
  EXPECT_EQ(t.index(0), "(computed)");
  EXPECT_EQ(t.index(1), "(computed)");
  EXPECT_EQ(t.entry(1), "1 0 a1 b1 c1 d1 null");
}
