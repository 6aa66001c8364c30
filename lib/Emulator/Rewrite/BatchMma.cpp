//===- BatchMma.cpp - Matrix instructions a lane need not wait at ---------===//
//
// A lane that reaches a matrix instruction (__mcore_emu_mma) waits there
// until the other lanes of its wave arrive: two fiber switches and the
// runtime's bookkeeping per lane and instruction, more host time than the
// instruction's arithmetic. mcore's kernels issue their matrix instructions
// in runs (a 4x4 grid of WMMAs per k-step: 16 calls in one basic block, none
// using another's result), so a lane can pass all but the last of a run
// without waiting: those calls become __mcore_emu_mma_defer, which only
// records the lane's operands, and the wave executes the recorded
// instructions, in program order, when its lanes meet at the last one.
//
// This is correct where nothing between a deferred call and the meeting
// needs what the deferred instructions produce or changes what they read:
// a run ends at any other call (barriers, cross-lane operations, back-edge
// yields, the checker's memory hooks: what may switch lanes or look at
// memory a lane's wave could write), at the block's end, at an instruction
// that uses a deferred result, and at a store into a deferred call's
// operand or result memory. The loads of deferred results that sit before
// the meeting move to just after it. A chain (one D accumulated along K,
// each call's C the D before: CDNA kernels) is made a run first, where the
// D's load feeds nothing but the store into the next call's C: that call
// then reads its C from the D itself (forwardResults; only C, so that no
// result of a run is an A or B of it: the wave decodes those once per
// meeting, MatrixOperandCache). A deferred call whose D nothing else reads
// then is __mcore_emu_mma_defer_local: the runtime need not write that D
// when its reader is in the same meeting. The sites stay as they are, so
// the order of execution, the numerics and what a fault reports are those
// of one meeting per instruction; only how often lanes switch changes.
//
//===----------------------------------------------------------------------===//

#include "Rewrite.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <cstddef>

using namespace llvm;
using mlir::mcore::emu::MmaRunEntry;

namespace {

/// The runtime's limit (Runtime/WorkGroup.h, kMaxDeferredMma).
constexpr unsigned kMaxDeferred = 32;

/// The pointer operands of __mcore_emu_mma (WaveOpLowering.cpp): A, B, C,
/// D and the scales.
constexpr unsigned kPointerArgs[] = {1, 2, 3, 5, 7};
constexpr unsigned kCArg = 3, kResultArg = 5;

struct Batcher {
  Function *meet, *defer, *deferLocal;
  FunctionCallee runFn;
  unsigned batches = 0, forwarded = 0, tabled = 0;
  /// The runs made, each its calls in order (the last the meeting).
  std::vector<SmallVector<CallInst *, kMaxDeferred + 1>> runs;

  bool isMma(const Instruction &I) const {
    auto *call = dyn_cast<CallInst>(&I);
    return call && call->getCalledFunction() == meet;
  }

  /// A run whose operands are all slots of the function's frame (static
  /// allocas of the entry block, or null) becomes one call of
  /// __mcore_emu_mma_run with a table of its instructions (MmaRunEntry) in
  /// the frame: the entry block fills the table once, the run stores only
  /// the index words that vary, and the lane meets its wave at that call
  /// with no runtime call per instruction. The runtime then reads each
  /// lane's table (and keeps what it read, by `runId`: the table of one
  /// frame never changes). Returns false (the run stays as it is) where an
  /// operand is anything else.
  bool tableRun(ArrayRef<CallInst *> run, unsigned runId) {
    Function &F = *run.front()->getFunction();
    BasicBlock &entry = F.getEntryBlock();
    auto isSlot = [&](Value *v) {
      if (isa<ConstantPointerNull>(v))
        return true;
      auto *a = dyn_cast<AllocaInst>(v);
      return a && a->getParent() == &entry && a->isStaticAlloca();
    };
    for (CallInst *call : run)
      for (unsigned a : kPointerArgs)
        if (!isSlot(call->getArgOperand(a)))
          return false;
    // The fixed part of the table is filled after the entry block's last
    // alloca (every operand slot is one of those): before the run.
    Instruction *lastAlloca = nullptr;
    for (Instruction &I : entry)
      if (isa<AllocaInst>(I))
        lastAlloca = &I;
    if (lastAlloca && run.front()->getParent() == &entry &&
        !lastAlloca->comesBefore(run.front()))
      return false;
    LLVMContext &ctx = F.getContext();
    Type *i8 = Type::getInt8Ty(ctx), *i32 = Type::getInt32Ty(ctx),
         *i64 = Type::getInt64Ty(ctx);
    const unsigned n = run.size();
    IRBuilder<> b(&entry, entry.begin());
    AllocaInst *table = b.CreateAlloca(
        ArrayType::get(i8, uint64_t(n) * (sizeof(MmaRunEntry) + 8)), nullptr,
        "mma.run");
    table->setAlignment(Align(alignof(MmaRunEntry)));
    b.SetInsertPoint((lastAlloca ? lastAlloca : table)->getNextNode());
    auto field = [&](IRBuilder<> &at, unsigned q, size_t offset) {
      return at.CreateConstInBoundsGEP1_64(
          i8, table, uint64_t(q) * sizeof(MmaRunEntry) + offset);
    };
    bool indexVaries = false;
    for (unsigned q = 0; q < n; ++q) {
      CallInst *call = run[q];
      b.CreateStore(call->getArgOperand(0),
                    field(b, q, offsetof(MmaRunEntry, site)));
      b.CreateStore(
          ConstantInt::get(i32, call->getCalledFunction() == deferLocal),
          field(b, q, offsetof(MmaRunEntry, dLocal)));
      const std::pair<unsigned, size_t> pointers[] = {
          {1, offsetof(MmaRunEntry, a)},
          {2, offsetof(MmaRunEntry, b)},
          {3, offsetof(MmaRunEntry, c)},
          {5, offsetof(MmaRunEntry, d)},
          {7, offsetof(MmaRunEntry, scales)}};
      for (auto [arg, offset] : pointers)
        b.CreateStore(call->getArgOperand(arg), field(b, q, offset));
      // The index words: in the entry block where they are constants, else
      // where the call was.
      Value *lo = call->getArgOperand(4), *hi = call->getArgOperand(6);
      bool fixed = isa<Constant>(lo) && isa<Constant>(hi);
      IRBuilder<> at(fixed ? &*b.GetInsertPoint() : call);
      Value *index = at.CreateOr(
          at.CreateZExt(lo, i64),
          at.CreateShl(at.CreateZExt(hi, i64), ConstantInt::get(i64, 32)));
      at.CreateStore(index,
                     at.CreateConstInBoundsGEP1_64(
                         i8, table, uint64_t(n) * sizeof(MmaRunEntry) + 8 * q));
      indexVaries |= !fixed;
    }
    IRBuilder<> at(run.back());
    CallInst *meeting = at.CreateCall(
        runFn, {table, ConstantInt::get(i32, n), ConstantInt::get(i32, runId),
                ConstantInt::get(i32, indexVaries)});
    meeting->setAttributes(AttributeList::get(
        ctx, AttributeList::FunctionIndex,
        AttrBuilder(ctx, run.back()->getAttributes().getFnAttrs())));
    meeting->setDebugLoc(run.back()->getDebugLoc());
    for (CallInst *call : run)
      call->eraseFromParent();
    ++tabled;
    return true;
  }

  /// A deferred call whose D nothing reads but one later matrix call of
  /// the block, as its C (a chain's link after forwardResults), becomes
  /// __mcore_emu_mma_defer_local: the runtime then hands the D to that
  /// call without writing it, when the call is in the same meeting.
  void markLocalResults(BasicBlock &bb) {
    for (Instruction &I : bb) {
      auto *call = dyn_cast<CallInst>(&I);
      if (!call || call->getCalledFunction() != defer)
        continue;
      auto *d = dyn_cast<AllocaInst>(call->getArgOperand(kResultArg));
      if (!d || llvm::count(call->args(), d) != 1)
        continue;
      CallInst *consumer = nullptr;
      bool local = true;
      for (User *u : d->users()) {
        if (u == call)
          continue;
        if (auto *ii = dyn_cast<IntrinsicInst>(u))
          if (ii->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(ii))
            continue;
        auto *other = dyn_cast<CallInst>(u);
        Function *f = other ? other->getCalledFunction() : nullptr;
        if (!other || consumer ||
            (f != meet && f != defer && f != deferLocal) ||
            other->getParent() != &bb || !call->comesBefore(other) ||
            other->getArgOperand(kCArg) != d ||
            llvm::count(other->args(), d) != 1) {
          local = false;
          break;
        }
        consumer = other;
      }
      if (local && consumer)
        call->setCalledFunction(deferLocal);
    }
  }

  /// Calls that neither switch lanes nor touch memory may sit in a run.
  static bool isHarmlessCall(const CallBase &call) {
    if (auto *ii = dyn_cast<IntrinsicInst>(&call))
      return !ii->mayReadOrWriteMemory() ||
             isa<DbgInfoIntrinsic>(ii) || ii->isAssumeLikeIntrinsic();
    return false;
  }

  /// A chain (CDNA kernels accumulate into one D along K: each
  /// instruction's C is the one before's D) is no run as it stands: the D
  /// is loaded and stored into the next call's C. Where the load and the
  /// store do nothing else, the next call reads its C from the D itself:
  /// the wave executes the two in order, so the D is there by then, and
  /// nothing else writes it in between (only its own call does, earlier in
  /// the block). Then the chain is a run.
  void forwardResults(BasicBlock &bb) {
    const DataLayout &dl = bb.getModule()->getDataLayout();
    for (auto it = bb.begin(); it != bb.end();) {
      auto *store = dyn_cast<StoreInst>(&*it++);
      if (!store || store->isVolatile())
        continue;
      auto *load = dyn_cast<LoadInst>(store->getValueOperand());
      auto *d = load ? dyn_cast<AllocaInst>(load->getPointerOperand())
                     : nullptr;
      auto *operand = dyn_cast<AllocaInst>(store->getPointerOperand());
      if (!d || !operand || load->isVolatile() || !load->hasOneUse() ||
          load->getParent() != &bb)
        continue;
      TypeSize size = dl.getTypeStoreSize(load->getType());
      if (dl.getTypeStoreSize(d->getAllocatedType()) != size ||
          dl.getTypeStoreSize(operand->getAllocatedType()) != size)
        continue;
      // The D: written by one matrix call, before the load, else only read.
      CallInst *producer = nullptr;
      bool onlyRead = true;
      for (User *u : d->users()) {
        if (isa<LoadInst>(u))
          continue;
        auto *call = dyn_cast<CallInst>(u);
        if (!call || !isMma(*call) || producer ||
            call->getArgOperand(kResultArg) != d) {
          onlyRead = false;
          break;
        }
        producer = call;
      }
      if (!onlyRead || !producer || producer->getParent() != &bb ||
          !producer->comesBefore(load))
        continue;
      // The operand: this store, then one matrix call reading it as C,
      // later in the block. (Not as A or B: the wave keeps what it decoded
      // of those for the whole meeting, MatrixOperandCache, so no result
      // of a run may be one.)
      CallInst *consumer = nullptr;
      for (User *u : operand->users()) {
        if (u == store)
          continue;
        auto *call = dyn_cast<CallInst>(u);
        if (!call || !isMma(*call) || consumer) {
          consumer = nullptr;
          break;
        }
        consumer = call;
      }
      if (!consumer || consumer->getArgOperand(kCArg) != operand ||
          consumer->getParent() != &bb || !store->comesBefore(consumer) ||
          llvm::count(consumer->args(), operand) != 1)
        continue;
      consumer->setArgOperand(kCArg, d);
      store->eraseFromParent();
      load->eraseFromParent();
      if (operand->use_empty())
        operand->eraseFromParent();
      ++forwarded;
    }
  }

  void runOnBlock(BasicBlock &bb) {
    forwardResults(bb);
    // The run: its calls, the memory they read or write, and their results
    // (the loads of their D).
    SmallVector<CallInst *, kMaxDeferred + 1> run;
    SmallPtrSet<const Value *, 32> objects, results;
    SmallVector<Instruction *, 32> early; ///< result loads before the last call
    auto close = [&] {
      if (run.size() > 1) {
        CallInst *last = run.back();
        for (unsigned i = 0; i + 1 < run.size(); ++i)
          run[i]->setCalledFunction(defer);
        // Loads of deferred results before the meeting move after it, in
        // their order.
        Instruction *at = last;
        for (Instruction *load : early)
          if (load->comesBefore(last)) {
            load->moveAfter(at);
            at = load;
          }
        ++batches;
        runs.push_back(run);
      }
      run.clear();
      objects.clear();
      results.clear();
      early.clear();
    };
    // The last call of a run becomes a deferred one when another follows,
    // so its memory and results are tracked too.
    auto add = [&](CallInst *call) {
      for (unsigned a : kPointerArgs)
        if (a < call->arg_size())
          objects.insert(getUnderlyingObject(call->getArgOperand(a)));
    };
    for (auto it = bb.begin(); it != bb.end();) {
      Instruction &I = *it++;
      if (isMma(I)) {
        auto *call = cast<CallInst>(&I);
        if (run.size() == kMaxDeferred + 1)
          close();
        run.push_back(call);
        add(call);
        continue;
      }
      if (run.empty())
        continue;
      bool usesResult = llvm::any_of(I.operands(), [&](const Use &u) {
        return results.contains(u.get());
      });
      if (auto *load = dyn_cast<LoadInst>(&I)) {
        const Value *obj = getUnderlyingObject(load->getPointerOperand());
        if (!usesResult && objects.contains(obj)) {
          // A call's D (its A, B and C are read only by the call).
          results.insert(load);
          early.push_back(load);
          continue;
        }
      }
      bool stop = usesResult || I.isTerminator() ||
                  (isa<CallBase>(I) && !isHarmlessCall(cast<CallBase>(I)));
      if (!stop && I.mayWriteToMemory()) {
        auto *store = dyn_cast<StoreInst>(&I);
        stop = !store || objects.contains(getUnderlyingObject(
                             store->getPointerOperand()));
      }
      if (stop) {
        // `I` comes after the run's last call: what it needs is there
        // once the loads have moved.
        close();
      }
    }
    close();
  }
};

} // namespace

void mlir::mcore::emu::batchMatrixInstructions(Module &host, bool tables) {
  Function *meet = host.getFunction("__mcore_emu_mma");
  if (!meet)
    return;
  Function *defer = cast<Function>(
      host.getOrInsertFunction("__mcore_emu_mma_defer", meet->getFunctionType())
          .getCallee());
  Function *deferLocal =
      cast<Function>(host.getOrInsertFunction("__mcore_emu_mma_defer_local",
                                              meet->getFunctionType())
                         .getCallee());
  LLVMContext &ctx = host.getContext();
  Type *ptr = PointerType::getUnqual(ctx), *i32 = Type::getInt32Ty(ctx);
  FunctionCallee runFn = host.getOrInsertFunction(
      "__mcore_emu_mma_run", Type::getVoidTy(ctx), ptr, i32, i32, i32);
  Batcher b{meet, defer, deferLocal, runFn, 0, 0, 0, {}};
  for (Function &F : host)
    for (BasicBlock &bb : F) {
      b.runOnBlock(bb);
      b.markLocalResults(bb);
    }
  for (unsigned r = 0; tables && r < b.runs.size(); ++r)
    b.tableRun(b.runs[r], r);
}
