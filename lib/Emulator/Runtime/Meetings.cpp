//===- Meetings.cpp - Matrix instructions: where a wave's lanes meet ------===//
//
// A lane reaches a matrix instruction (`__mcore_emu_mma`), or passes one
// of a run without waiting (`__mcore_emu_mma_defer`, `_defer_local`), or
// meets its wave with a whole run's table (`__mcore_emu_mma_run`;
// Rewrite/BatchMma.cpp). Its operands go into its column of the wave's
// rows (MmaRow); when the whole wave has arrived, the wave executes the
// meeting's instructions in program order (executeMeeting), handing a D on
// to the later instruction that takes it as C, and decoding an A or B that
// several instructions read once (MatrixOperandCache).
//
//===----------------------------------------------------------------------===//

#include "WorkGroup.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <string>

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::runtime;
using llvm::Error;

bool WorkGroup::executeMeeting(Wave &w, const Site &s, Lane *const *active,
                               unsigned n) {
  const unsigned W = launch->waveSize;
  // The lanes may have deferred matrix instructions before this one (one
  // basic block, Rewrite/BatchMma.cpp): a fault names the first
  // instruction the wave reached.
  Lane *any = nullptr;
  for (unsigned i = 0; i < MmaRow::kLanes && !any; ++i)
    any = active[i];
  unsigned deferred = any ? any->deferredCount : 0;
  const MmaRow *rows = w.mma;
  const Site &first = !deferred  ? s
                      : any->run ? launch->image->sites[any->run[0].site]
                                 : launch->image->sites[rows[0].site];
  auto failAt = [&](const Site &at, const std::string &msg) {
    fault(any, msg + " (" + at.describe() + ")");
    return false;
  };
  if (w.count < W)
    return failAt(first,
                  llvm::formatv("a matrix instruction needs all {0} lanes "
                                "of the wave, but wave {1} of this "
                                "work-group has only {2} work-items",
                                W, w.index, w.count)
                      .str());
  if (n != W) {
    std::string missing;
    unsigned shown = 0;
    for (unsigned i = 0; i < W; ++i)
      if (!active[i] && shown++ < 8)
        missing += (missing.empty() ? "" : ", ") + std::to_string(i);
    return failAt(
        first, llvm::formatv("matrix instruction reached by only {0} of "
                             "the {1} lanes of wave {2} (lanes {3}{4} "
                             "are not there: divergent control flow or "
                             "lanes that returned early)",
                             n, W, w.index, missing, W - n > 8 ? ", ..." : "")
                   .str());
  }
  // Every lane came to this site through the same deferred instructions.
  for (unsigned i = 0; i < W; ++i)
    if (active[i]->deferredCount != deferred ||
        (active[i]->run == nullptr) != (any->run == nullptr))
      return failAt(s, "internal error: the lanes of the wave deferred "
                       "different matrix instructions");
  if (any->run)
    rows = runRows(w, active);
  // What the instructions of this meeting decode, for the later ones
  // (MatrixOperandCache; executeMma passes it where there are several).
  mmaCache.clear();
  // Chains: row q's C is the D of the latest earlier row whose D is at
  // the same place in every lane. Where both are the same instruction
  // with the same immediates, the D goes from one to the other without
  // being read back, and without being written where only that row reads
  // it (MatrixOperandCache::setRow).
  int cFrom[kMaxDeferredMma + 1];
  bool keepD[kMaxDeferredMma + 1] = {}, writeD[kMaxDeferredMma + 1];
  const auto &sites = launch->image->sites;
  for (unsigned q = 0; q <= deferred; ++q) {
    cFrom[q] = -1;
    writeD[q] = true;
    const Site &sq = sites[rows[q].site];
    if (!sq.op->chainsResult(sq.imm))
      continue;
    for (unsigned p = q; p-- > 0;) {
      if (rows[p].d[0] != rows[q].c[0])
        continue;
      const Site &sp = sites[rows[p].site];
      if (sp.op == sq.op && sp.imm == sq.imm &&
          std::equal(rows[q].c, rows[q].c + W, rows[p].d)) {
        cFrom[q] = int(p);
        keepD[p] = true;
        writeD[p] = !rows[p].dLocal;
      }
      break;
    }
  }
  // Which rows read an A or B another row reads too (lane 0's pointer:
  // the cache compares them all).
  auto shares = [&](unsigned q, auto operand) {
    for (unsigned p = 0; p <= deferred; ++p)
      if (p != q && operand(rows[p]) == operand(rows[q]))
        return true;
    return false;
  };
  for (unsigned q = 0; q <= deferred; ++q) {
    if (deferred > 0)
      mmaCache.setRow(q, cFrom[q], keepD[q], writeD[q],
                      shares(q, [](const MmaRow &r) { return r.a[0]; }),
                      shares(q, [](const MmaRow &r) { return r.b[0]; }));
    if (!executeMma(sites[rows[q].site], rows[q], active[0], deferred > 0))
      return false;
  }
  for (unsigned i = 0; i < W; ++i) {
    active[i]->deferredCount = 0;
    active[i]->run = nullptr;
  }
  return true;
}

const MmaRow *WorkGroup::runRows(Wave &w, Lane *const *active) {
  const unsigned W = launch->waveSize;
  const Lane &l0 = *active[0];
  const unsigned n = l0.deferredCount + 1;
  MmaRow *rows = w.mma;
  Wave::RunCache *cache = nullptr;
  if (l0.runId < kCachedRuns) {
    cache = &w.runCache[l0.runId];
    rows = w.mma + size_t(l0.runId + 1) * (kMaxDeferredMma + 1);
  }
  bool kept = cache && cache->valid;
  for (unsigned i = 0; i < W && kept; ++i)
    kept = cache->tables[i] == active[i]->run;
  if (!kept) {
    for (unsigned i = 0; i < W; ++i) {
      const MmaRunEntry *table = active[i]->run;
      const uint64_t *index = getRunIndexWords(table, n);
      for (unsigned q = 0; q < n; ++q) {
        const MmaRunEntry &e = table[q];
        rows[q].set(i, e.site, e.a, e.b, e.c, uint32_t(index[q]), e.d,
                    uint32_t(index[q] >> 32), e.scales, e.dLocal != 0);
      }
    }
    if (cache) {
      for (unsigned i = 0; i < W; ++i)
        cache->tables[i] = active[i]->run;
      cache->valid = true;
    }
  } else if (l0.runIndexVaries) {
    for (unsigned i = 0; i < W; ++i) {
      const uint64_t *index = getRunIndexWords(active[i]->run, n);
      for (unsigned q = 0; q < n; ++q)
        rows[q].idx[i] = index[q];
    }
  }
  return rows;
}

bool WorkGroup::executeMma(const Site &s, const MmaRow &row, Lane *lane,
                           bool several) {
  const unsigned W = launch->waveSize;
  // Each lane's index: one word, or two (gfx1250's 64-bit index, the
  // pairs of row.idx); a block-scaled instruction's scale words, A's then
  // B's, one or two each (WaveOpLowering.cpp).
  uint32_t idx[128];
  uint32_t scaleA[128], scaleB[128];
  bool scaled = s.op->hasScales();
  if (s.op->isSparse()) {
    unsigned words = s.op->getIndexWords();
    for (unsigned i = 0; i < W; ++i) {
      idx[i * words] = uint32_t(row.idx[i]);
      if (words == 2)
        idx[i * words + 1] = uint32_t(row.idx[i] >> 32);
    }
  }
  if (scaled) {
    unsigned scaleWords = s.op->getScaleWords();
    for (unsigned i = 0; i < W; ++i) {
      const auto *sw = static_cast<const uint32_t *>(row.scales[i]);
      for (unsigned w = 0; w < scaleWords; ++w) {
        scaleA[i * scaleWords + w] = sw[w];
        scaleB[i * scaleWords + w] = sw[scaleWords + w];
      }
    }
  }
  if (Error e = s.op->executeLanes(
          s.imm, row.a, row.b, row.c, idx, row.d, scaled ? scaleA : nullptr,
          scaled ? scaleB : nullptr, several ? &mmaCache : nullptr)) {
    fault(lane, llvm::toString(std::move(e)) + " (" + s.describe() + ")");
    return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// The functions the host module calls
//===----------------------------------------------------------------------===//

extern "C" {

/// Records the lane's operands of matrix instruction `site` in the next row
/// of its wave's MmaRows.
static inline void recordMma(Lane &l, uint32_t site, const void *a,
                             const void *b, const void *c, uint32_t idx,
                             void *d, uint32_t idxHi, const void *scales,
                             bool dLocal = false) {
  l.wave->mma[l.deferredCount].set(l.laneInWave, site, a, b, c, idx, d, idxHi,
                                   scales, dLocal);
}

static void emuMma(uint32_t site, const void *a, const void *b, const void *c,
                   uint32_t idx, void *d, uint32_t idxHi, const void *scales) {
  recordMma(*tlsLane, site, a, b, c, idx, d, idxHi, scales);
  arrive(site, a, b, c, d, idx, idxHi, scales);
}

/// A matrix instruction the lane need not wait at: the next instructions
/// up to the one it meets its wave at do not need its result
/// (Rewrite/BatchMma.cpp). The wave executes it when the lanes meet.
static void deferMma(uint32_t site, const void *a, const void *b, const void *c,
                     uint32_t idx, void *d, uint32_t idxHi, const void *scales,
                     bool dLocal) {
  Lane &l = *tlsLane;
  if (l.deferredCount == kMaxDeferredMma) {
    l.wg->fault(&l, "internal error: more than " +
                        std::to_string(kMaxDeferredMma) +
                        " deferred matrix instructions");
    abandon(l);
  }
  recordMma(l, site, a, b, c, idx, d, idxHi, scales, dLocal);
  ++l.deferredCount;
}
static void emuMmaDefer(uint32_t site, const void *a, const void *b,
                        const void *c, uint32_t idx, void *d, uint32_t idxHi,
                        const void *scales) {
  deferMma(site, a, b, c, idx, d, idxHi, scales, false);
}
/// The same, where nothing but one later matrix instruction of the block,
/// as its C, reads the D (Rewrite/BatchMma.cpp).
static void emuMmaDeferLocal(uint32_t site, const void *a, const void *b,
                             const void *c, uint32_t idx, void *d,
                             uint32_t idxHi, const void *scales) {
  deferMma(site, a, b, c, idx, d, idxHi, scales, true);
}

/// A run of matrix instructions with their operands in the lane's frame
/// (Rewrite/BatchMma.cpp): the lane meets its wave at the last, and the
/// wave reads the others' operands from the lanes' tables.
static void emuMmaRun(const MmaRunEntry *table, uint32_t n, uint32_t runId,
                      uint32_t indexVaries) {
  Lane &l = *tlsLane;
  if (n == 0 || n > kMaxDeferredMma + 1 || l.deferredCount != 0) {
    l.wg->fault(&l, "internal error: a run of " + std::to_string(n) +
                        " matrix instructions after " +
                        std::to_string(l.deferredCount) + " deferred ones");
    abandon(l);
  }
  l.deferredCount = n - 1;
  l.run = table;
  l.runId = runId;
  l.runIndexVaries = indexVaries != 0;
  arrive(table[n - 1].site, nullptr, nullptr, nullptr, nullptr, 0, 0);
}

} // extern "C"

llvm::ArrayRef<RuntimeSymbol> runtime::getMatrixSymbols() {
  static const RuntimeSymbol symbols[] = {
      {"__mcore_emu_mma", reinterpret_cast<void *>(&emuMma)},
      {"__mcore_emu_mma_defer", reinterpret_cast<void *>(&emuMmaDefer)},
      {"__mcore_emu_mma_defer_local",
       reinterpret_cast<void *>(&emuMmaDeferLocal)},
      {"__mcore_emu_mma_run", reinterpret_cast<void *>(&emuMmaRun)},
  };
  return symbols;
}
