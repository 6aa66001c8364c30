//===- Loops.cpp - Natural loops of a kernel's assembly -------------------===//
//
// The control-flow graph of a kernel's body (blocks start at labels and
// after branches), its dominators, and the natural loop of each back edge:
// a branch to a block that dominates it. Backward branches that are not
// loops (cold blocks placed after the code they return to) are not loops.
//
//===----------------------------------------------------------------------===//

#include "mcore/Perf/Isa.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <map>

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

bool LoopSpan::contains(unsigned line) const {
  return std::binary_search(lines.begin(), lines.end(), line);
}

namespace {
struct Block {
  unsigned begin = 0, end = 0; ///< [begin, end) into the body
  SmallVector<unsigned, 2> succs, preds;
};
} // namespace

/// The branch target of a branch instruction's operands: the last operand.
static StringRef branchTarget(const IsaLine &line) {
  StringRef ops = line.operands;
  return ops.contains(',') ? ops.rsplit(',').second.trim() : ops.trim();
}

static bool isBranch(StringRef m) {
  return m.starts_with("s_cbranch") || m == "s_branch";
}

static bool endsFlow(StringRef m) {
  return m == "s_branch" || m.starts_with("s_endpgm") || m == "s_setpc_b64";
}

std::vector<LoopSpan> mlir::mcore::perf::findLoops(const KernelIsa &kernel) {
  const std::vector<IsaLine> &body = kernel.body;
  // Basic blocks.
  std::vector<Block> blocks;
  StringMap<unsigned> blockOfLabel;
  for (unsigned i = 0; i < body.size(); ++i) {
    bool start = blocks.empty() || !body[i].label.empty() ||
                 (i > 0 && body[i - 1].isInstruction() &&
                  (isBranch(body[i - 1].mnemonic) ||
                   endsFlow(body[i - 1].mnemonic)));
    if (start) {
      if (!blocks.empty())
        blocks.back().end = i;
      blocks.push_back({i, i, {}, {}});
    }
    if (!body[i].label.empty())
      blockOfLabel[body[i].label] = blocks.size() - 1;
  }
  if (blocks.empty())
    return {};
  blocks.back().end = body.size();
  for (unsigned b = 0; b < blocks.size(); ++b) {
    Block &block = blocks[b];
    const IsaLine *last = nullptr;
    for (unsigned i = block.begin; i < block.end; ++i)
      if (body[i].isInstruction())
        last = &body[i];
    bool fallsThrough = !last || !endsFlow(last->mnemonic);
    if (last && isBranch(last->mnemonic)) {
      auto it = blockOfLabel.find(branchTarget(*last));
      if (it != blockOfLabel.end())
        block.succs.push_back(it->second);
    }
    if (fallsThrough && b + 1 < blocks.size())
      block.succs.push_back(b + 1);
  }
  for (unsigned b = 0; b < blocks.size(); ++b)
    for (unsigned s : blocks[b].succs)
      blocks[s].preds.push_back(b);

  // Dominators, iteratively over bit vectors (kernels have few blocks).
  unsigned n = blocks.size();
  std::vector<BitVector> dom(n, BitVector(n, true));
  dom[0] = BitVector(n, false);
  dom[0].set(0);
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned b = 1; b < n; ++b) {
      BitVector d(n, true);
      bool any = false;
      for (unsigned p : blocks[b].preds) {
        d &= dom[p];
        any = true;
      }
      if (!any)
        d.reset(); // unreachable
      d.set(b);
      if (d != dom[b]) {
        dom[b] = d;
        changed = true;
      }
    }
  }

  // Natural loops of back edges b -> h (h dominates b), merged per header.
  std::map<unsigned, BitVector> loopsByHeader;
  for (unsigned b = 0; b < n; ++b)
    for (unsigned h : blocks[b].succs) {
      if (!dom[b].test(h))
        continue;
      BitVector &members =
          loopsByHeader.try_emplace(h, BitVector(n, false)).first->second;
      members.set(h);
      SmallVector<unsigned> work;
      if (!members.test(b)) {
        members.set(b);
        work.push_back(b);
      }
      while (!work.empty()) {
        unsigned x = work.pop_back_val();
        for (unsigned p : blocks[x].preds)
          if (!members.test(p)) {
            members.set(p);
            work.push_back(p);
          }
      }
    }
  std::vector<LoopSpan> loops;
  for (auto &[header, members] : loopsByHeader) {
    LoopSpan loop;
    loop.header = body[blocks[header].begin].label;
    for (unsigned b : members.set_bits()) {
      ++loop.blocks;
      for (unsigned i = blocks[b].begin; i < blocks[b].end; ++i)
        loop.lines.push_back(i);
    }
    llvm::sort(loop.lines);
    loops.push_back(std::move(loop));
  }
  llvm::sort(loops, [](const LoopSpan &a, const LoopSpan &b) {
    return a.lines.front() < b.lines.front();
  });
  return loops;
}

std::optional<LoopSpan> mlir::mcore::perf::findMainLoop(const KernelIsa &kernel) {
  std::optional<LoopSpan> best;
  for (LoopSpan &loop : findLoops(kernel)) {
    bool hasMatrix = llvm::any_of(loop.lines, [&](unsigned i) {
      return isMatrixMnemonic(kernel.body[i].mnemonic);
    });
    if (!hasMatrix)
      continue;
    // The innermost: nested loops have fewer lines.
    if (!best || loop.lines.size() < best->lines.size())
      best = std::move(loop);
  }
  return best;
}
