//===- LdsPadding.cpp - LDS row padding against bank conflicts ------------===//
//
// The LDS tiles of A and B are row-major with K contiguous, their rows
// padded. The padding decides which banks the lanes of a wave reach: the
// staging stores (KernelShape.cpp, built by lib/Dialect/MCore/Transforms:
// chunks of a row, or the columns of a transposed kPer x vec block) and the
// fragment reads (the intrinsic's lane layout, runs along K). For each operand
// this chooses, among small paddings, the one whose accesses of one K tile cost
// least: clocks of the LDS, by the phase model of mcore/Target/LdsBanks.h (the
// performance model's, docs/Performance.md), in the spirit of IREE's
// GPUReduceBankConflicts. A padding that misaligns rows for the widest
// accesses is a candidate too: its accesses are costed split into the
// narrower pieces the alignment allows, and each LDS instruction adds
// kIssueClocks to the cost (on a tie, fewer instructions win).
//
//===----------------------------------------------------------------------===//

#include "HeuristicInternal.h"

#include "mcore/Target/LdsBanks.h"

#include <numeric>
#include <optional>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::heuristic;

namespace {

/// Clocks of the LDS data path and LDS instructions issued.
struct LdsCost {
  double clocks = 0;
  int64_t instructions = 0;
};

/// One wave's accesses of one operand's LDS tile, as per-lane byte offsets
/// from a row of `stride` bytes.
struct AccessCost {
  Chip chip;
  int64_t stride;
  /// Instructions issued by the calls of clocks() so far.
  int64_t instructions = 0;

  /// Clocks of an access of `bytes` per lane at these addresses, split into
  /// the widest accesses the addresses' alignment allows (at most 16 bytes:
  /// ds_read_b128), one pass per piece.
  double clocks(bool write, int64_t bytes,
                const std::vector<uint32_t> &addresses) {
    int64_t align = stride;
    for (uint32_t a : addresses)
      align = std::gcd<int64_t>(align, a);
    int64_t width = 16;
    while (width > 4 && (width > bytes || (align % width && align)))
      width /= 2;
    double total = 0;
    for (int64_t off = 0; off < bytes; off += width) {
      std::vector<uint32_t> piece(addresses);
      for (uint32_t &a : piece)
        a += uint32_t(off);
      total += getLdsPassClocks(chip, write, unsigned(width), piece);
      ++instructions;
    }
    return total;
  }
};

} // namespace

/// Clocks of one K tile's stores and fragment reads of one operand with LDS
/// rows of `stride` bytes, for wave 0 (every wave's pattern is the same up
/// to a shift of all its addresses), times the waves.
static LdsCost tileCost(const MatmulProblem &problem,
                        const MatmulTileConfig &cfg, Chip chip, bool operandB,
                        int64_t stride) {
  const IntrinsicInfo &intr = *cfg.intrinsic;
  StagingGeometry g = getStagingGeometry(problem, cfg, operandB);
  int64_t bytes =
      std::max<int64_t>(1, getBitWidth(operandB ? problem.b : problem.a) / 8);
  int64_t threads = cfg.getNumThreads(), lanes = cfg.waveSize;
  int64_t waves = threads / lanes;
  AccessCost cost{chip, stride};
  double total = 0;

  // Staging stores.
  int64_t chunksPerRow = g.cols / g.vec;
  int64_t totalChunks =
      g.transpose ? (g.rows / g.kPer) * chunksPerRow : g.rows * chunksPerRow;
  int64_t rounds = ceilDiv(totalChunks, threads);
  for (int64_t t = 0; t < rounds; ++t) {
    auto chunkOf = [&](int64_t lane) {
      int64_t c = lane + t * threads;
      return c < totalChunks ? c : c % totalChunks;
    };
    if (!g.transpose) {
      std::vector<uint32_t> addresses;
      for (int64_t l = 0; l < lanes; ++l) {
        int64_t c = chunkOf(l);
        addresses.push_back(uint32_t((c / chunksPerRow) * stride +
                                     (c % chunksPerRow) * g.vec * bytes));
      }
      total += cost.clocks(/*write=*/true, g.vec * bytes, addresses);
      continue;
    }
    // A kPer x vec block: vec stores of kPer elements, one per LDS row.
    int64_t kBlocks = g.rows / g.kPer;
    for (int64_t e = 0; e < g.vec; ++e) {
      std::vector<uint32_t> addresses;
      for (int64_t l = 0; l < lanes; ++l) {
        int64_t c = chunkOf(l);
        int64_t k = (c % kBlocks) * g.kPer, n = (c / kBlocks) * g.vec;
        addresses.push_back(uint32_t((n + e) * stride + k * bytes));
      }
      total += cost.clocks(/*write=*/true, g.kPer * bytes, addresses);
    }
  }
  total *= waves;
  int64_t storeInstructions = cost.instructions;

  // Fragment reads: runs of the lane layout along K, per K step and tile.
  const LaneLayout &layout = operandB ? intr.b.layout : intr.a.layout;
  unsigned elems = (operandB ? intr.b : intr.a).count;
  auto at = [&](unsigned lane, unsigned e) -> std::pair<int64_t, int64_t> {
    TileCoord c = layout.apply(lane, e);
    // A: (row, k); B: (k, n), held n-major in LDS.
    return operandB ? std::pair<int64_t, int64_t>{c.d1, c.d0}
                    : std::pair<int64_t, int64_t>{c.d0, c.d1};
  };
  double perStep = 0;
  for (unsigned e = 0; e < elems;) {
    unsigned len = 1;
    auto [r0, k0] = at(0, e);
    while (e + len < elems) {
      auto [r, k] = at(0, e + len);
      if (r != r0 || k != k0 + int64_t(len))
        break;
      ++len;
    }
    std::vector<uint32_t> addresses;
    for (int64_t l = 0; l < lanes; ++l) {
      auto [r, k] = at(unsigned(l), e);
      addresses.push_back(uint32_t(r * stride + k * bytes));
    }
    perStep += cost.clocks(/*write=*/false, len * bytes, addresses);
    e += len;
  }
  int64_t tiles = operandB ? cfg.getTilesN() : cfg.getTilesM();
  int64_t readsPerStep = cost.instructions - storeInstructions;
  int64_t steps = tiles * (cfg.tileK / intr.k);
  total += perStep * steps * waves;
  return {total, (storeInstructions + readsPerStep * steps) * waves};
}

/// What one more LDS instruction of a wave costs beside its data-path
/// clocks, in those clocks: issue slots of the wave, which a loop bound by
/// its VALU or matrix instructions pays. Calibrated against mcore-perf
/// (docs/Performance.md) at 4096^3 f16: on gfx1100 dense the B paddings
/// of 4, 8 and 16 bytes cost 160, 192 and 256 clocks in 160, 96 and 64
/// instructions and the model ranks them 16 < 8 < 4; on gfx942 2:4 A's 8
/// bytes (256 clocks, 48 instructions) beat 16 (384, 40) by 19% of peak.
static constexpr double kIssueClocks = 2;

void heuristic::chooseLdsPadding(MatmulTileConfig &cfg,
                                 const MatmulProblem &problem, Chip chip) {
  for (bool operandB : {false, true}) {
    int64_t bits = getBitWidth(operandB ? problem.b : problem.a);
    int64_t &pad = operandB ? cfg.ldsPadBytesB : cfg.ldsPadBytes;
    // Sub-byte tiles are packed two per byte: keep the default.
    if (bits < 8) {
      pad = 16;
      continue;
    }
    int64_t cols =
        (!operandB && cfg.sparseInstruction) ? cfg.tileK / 2 : cfg.tileK;
    int64_t rowBytes = cols * bits / 8;
    std::optional<LdsCost> best;
    auto cost = [](const LdsCost &c) {
      return c.clocks + kIssueClocks * double(c.instructions);
    };
    for (int64_t candidate = 0; candidate <= 32; candidate += 4) {
      if ((candidate * 8) % bits)
        continue;
      LdsCost c = tileCost(problem, cfg, chip, operandB, rowBytes + candidate);
      // A wider padding must be strictly better: a lower cost, or the same
      // in fewer instructions.
      if (!best || cost(c) < cost(*best) ||
          (cost(c) == cost(*best) && c.instructions < best->instructions)) {
        best = c;
        pad = candidate;
      }
    }
  }
}
