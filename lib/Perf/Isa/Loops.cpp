//===- Loops.cpp - Control flow of a kernel's assembly --------------------===//
//
// The control-flow graph of a kernel's body (blocks start at labels and
// after branches), its dominators, the natural loop of each back edge (a
// branch to a block that dominates it; backward branches that are not loops,
// cold blocks placed after the code they return to, are not loops), the main
// loop, and the way a work-group takes around it.
//
//===----------------------------------------------------------------------===//

#include "mcore/Perf/Isa.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <queue>

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

bool LoopSpan::contains(unsigned line) const {
  return std::binary_search(lines.begin(), lines.end(), line);
}

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

/// A long jump: `s_getpc_b64 s[a:b]`, an add of a label's offset into the
/// pair, `s_setpc_b64 s[a:b]` (Tensile's branches beyond s_branch's 16-bit
/// range). The label of the instructions just before the s_setpc_b64 at
/// `at` in its block [begin, at), or empty when it is not one (a return or a
/// call's computed address).
static StringRef longJumpTarget(const std::vector<IsaLine> &body,
                                unsigned begin, unsigned at,
                                const StringMap<unsigned> &blockOfLabel) {
  bool sawGetPc = false;
  StringRef target;
  for (unsigned i = at; i > begin && at - i < 8; --i) {
    const IsaLine &line = body[i - 1];
    if (!line.isInstruction())
      continue;
    if (line.mnemonic == "s_getpc_b64") {
      sawGetPc = true;
      break;
    }
    // An operand naming a label of the kernel: `s_add_i32 s30, LABEL, 4`,
    // `s_add_u32 s28, s28, LABEL-...@rel32@lo`.
    SmallVector<StringRef> operands;
    StringRef(line.operands).split(operands, ',');
    for (StringRef op : operands) {
      StringRef name = op.trim().take_while([](char c) {
        return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
      });
      if (!name.empty() && blockOfLabel.count(name))
        target = name;
    }
  }
  return sawGetPc ? target : StringRef();
}

ControlFlowGraph mlir::mcore::perf::buildControlFlowGraph(
    const KernelIsa &kernel) {
  const std::vector<IsaLine> &body = kernel.body;
  ControlFlowGraph cfg;
  std::vector<ControlFlowGraph::Block> &blocks = cfg.blocks;
  StringMap<unsigned> blockOfLabel;
  cfg.blockOfLine.resize(body.size());
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
    cfg.blockOfLine[i] = blocks.size() - 1;
    if (!body[i].label.empty())
      blockOfLabel[body[i].label] = blocks.size() - 1;
  }
  if (blocks.empty())
    return cfg;
  blocks.back().end = body.size();
  for (unsigned b = 0; b < blocks.size(); ++b) {
    ControlFlowGraph::Block &block = blocks[b];
    const IsaLine *last = nullptr;
    unsigned lastIndex = block.begin;
    for (unsigned i = block.begin; i < block.end; ++i)
      if (body[i].isInstruction()) {
        last = &body[i];
        lastIndex = i;
      }
    bool fallsThrough = !last || !endsFlow(last->mnemonic);
    if (last && isBranch(last->mnemonic)) {
      auto it = blockOfLabel.find(branchTarget(*last));
      if (it != blockOfLabel.end())
        block.succs.push_back(it->second);
    } else if (last && last->mnemonic == "s_setpc_b64") {
      StringRef target =
          longJumpTarget(body, block.begin, lastIndex, blockOfLabel);
      if (!target.empty())
        block.succs.push_back(blockOfLabel.lookup(target));
    }
    if (fallsThrough && b + 1 < blocks.size())
      block.succs.push_back(b + 1);
  }
  for (unsigned b = 0; b < blocks.size(); ++b)
    for (unsigned s : blocks[b].succs)
      blocks[s].preds.push_back(b);
  return cfg;
}

std::vector<LoopSpan> mlir::mcore::perf::findLoops(const KernelIsa &kernel) {
  const std::vector<IsaLine> &body = kernel.body;
  ControlFlowGraph cfg = buildControlFlowGraph(kernel);
  const std::vector<ControlFlowGraph::Block> &blocks = cfg.blocks;
  if (blocks.empty())
    return {};

  // Dominators, iteratively over bit vectors.
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
  std::vector<LoopSpan> loops = findLoops(kernel);
  auto matrixCount = [&](const LoopSpan &loop) {
    return llvm::count_if(loop.lines, [&](unsigned i) {
      return isMatrixMnemonic(kernel.body[i].mnemonic);
    });
  };
  // A loop that contains another loop with matrix instructions is not the
  // one doing the work (a persistent kernel's loop over tiles); of the
  // innermost matrix loops, the one with the most matrix instructions per
  // iteration is (Tensile's main loop, not its loop over K's remainder,
  // which runs one matrix step per iteration).
  std::optional<LoopSpan> best;
  long bestCount = 0;
  for (const LoopSpan &loop : loops) {
    long count = matrixCount(loop);
    if (count == 0)
      continue;
    bool containsMatrixLoop = llvm::any_of(loops, [&](const LoopSpan &inner) {
      return &inner != &loop && inner.lines.size() < loop.lines.size() &&
             loop.contains(inner.lines.front()) &&
             loop.contains(inner.lines.back()) && matrixCount(inner) > 0;
    });
    if (containsMatrixLoop)
      continue;
    if (!best || count > bestCount) {
      best = loop;
      bestCount = count;
    }
  }
  return best;
}

/// Instructions that write C (or a partial tile of it) to memory.
static bool writesMemory(StringRef m) {
  bool vmem = m.starts_with("global_") || m.starts_with("buffer_") ||
              m.starts_with("flat_");
  return vmem && (m.contains("store") || m.contains("atomic"));
}

std::optional<std::vector<unsigned>>
mlir::mcore::perf::findPathAroundLoop(const KernelIsa &kernel,
                                      const LoopSpan &loop) {
  const std::vector<IsaLine> &body = kernel.body;
  ControlFlowGraph cfg = buildControlFlowGraph(kernel);
  const std::vector<ControlFlowGraph::Block> &blocks = cfg.blocks;
  unsigned n = blocks.size();
  if (n == 0 || loop.lines.empty())
    return std::nullopt;
  BitVector inLoop(n, false);
  for (unsigned i : loop.lines)
    inLoop.set(cfg.blockOfLine[i]);
  unsigned header = cfg.blockOfLine[loop.lines.front()];
  auto instructions = [&](unsigned b) {
    return unsigned(llvm::count_if(
        llvm::seq(blocks[b].begin, blocks[b].end),
        [&](unsigned i) { return body[i].isInstruction(); }));
  };
  auto blockWrites = [&](unsigned b) {
    return llvm::any_of(llvm::seq(blocks[b].begin, blocks[b].end),
                        [&](unsigned i) {
                          return writesMemory(body[i].mnemonic);
                        });
  };
  auto endsKernel = [&](unsigned b) {
    for (unsigned i = blocks[b].end; i > blocks[b].begin; --i)
      if (body[i - 1].isInstruction())
        return StringRef(body[i - 1].mnemonic).starts_with("s_endpgm");
    return false;
  };

  // Shortest ways by instruction count over states (block, has written):
  // Dijkstra from `sources` (with their own instructions counted) to a block
  // accepted by `done`. Returns the blocks of the way, in order.
  struct State {
    unsigned cost, block;
    bool wrote;
    bool operator>(const State &o) const { return cost > o.cost; }
  };
  auto shortest = [&](ArrayRef<unsigned> sources, bool needWrite,
                      function_ref<bool(unsigned)> isTarget,
                      function_ref<bool(unsigned)> mayEnter)
      -> std::optional<std::vector<unsigned>> {
    std::vector<unsigned> dist(2 * n, ~0u), prev(2 * n, ~0u);
    std::priority_queue<State, std::vector<State>, std::greater<State>> queue;
    for (unsigned s : sources) {
      bool w = blockWrites(s);
      unsigned id = 2 * s + w;
      if (instructions(s) < dist[id]) {
        dist[id] = instructions(s);
        queue.push({dist[id], s, w});
      }
    }
    while (!queue.empty()) {
      State st = queue.top();
      queue.pop();
      unsigned id = 2 * st.block + st.wrote;
      if (st.cost != dist[id])
        continue;
      if (isTarget(st.block) && (st.wrote || !needWrite)) {
        std::vector<unsigned> way;
        for (unsigned at = id; at != ~0u; at = prev[at])
          way.push_back(at / 2);
        std::reverse(way.begin(), way.end());
        return way;
      }
      for (unsigned s : blocks[st.block].succs) {
        if (!mayEnter(s))
          continue;
        bool w = st.wrote || blockWrites(s);
        unsigned sid = 2 * s + w;
        unsigned cost = st.cost + instructions(s);
        if (cost < dist[sid]) {
          dist[sid] = cost;
          prev[sid] = id;
          queue.push({cost, s, w});
        }
      }
    }
    return std::nullopt;
  };

  // Into the loop: from the entry to a block outside the loop that branches
  // or falls into its header.
  std::vector<unsigned> way;
  if (!inLoop.test(0)) {
    auto into = shortest(
        {0}, false,
        [&](unsigned b) { return llvm::is_contained(blocks[b].succs, header); },
        [&](unsigned b) { return !inLoop.test(b); });
    if (!into)
      return std::nullopt;
    way = *into;
  }
  // Out of it: from a block the loop exits to, to an s_endpgm, writing
  // memory on the way (the store of C; a way that only ends early, for an
  // empty problem, is not the one a problem takes). The way may not enter
  // the main loop again.
  std::vector<unsigned> exits;
  for (unsigned b = 0; b < n; ++b)
    if (inLoop.test(b))
      for (unsigned s : blocks[b].succs)
        if (!inLoop.test(s) && !llvm::is_contained(exits, s))
          exits.push_back(s);
  auto notLoop = [&](unsigned b) { return !inLoop.test(b); };
  std::optional<std::vector<unsigned>> out =
      shortest(exits, true, endsKernel, notLoop);
  if (!out)
    out = shortest(exits, false, endsKernel, notLoop);
  if (!out)
    return std::nullopt;
  way.insert(way.end(), out->begin(), out->end());

  std::vector<unsigned> lines;
  for (unsigned b : way)
    for (unsigned i = blocks[b].begin; i < blocks[b].end; ++i)
      if (body[i].isInstruction())
        lines.push_back(i);
  return lines;
}
