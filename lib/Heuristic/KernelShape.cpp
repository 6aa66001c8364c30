//===- KernelShape.cpp - How a configuration's kernel moves data ----------===//
//
// The staging geometry and the metadata's LDS layout of a configuration
// (include/mcore/Heuristic/KernelShape.h): the heuristic costs them,
// mcore-tile-matmul builds them (lib/Dialect/MCore/Transforms/
// TileMatmulStaging.cpp).
//
//===----------------------------------------------------------------------===//

#include "mcore/Heuristic/KernelShape.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::mcore;

std::optional<sparse24::NativeIndexOrder>
mlir::mcore::getStagedNativeOrder(const MatmulTileConfig &cfg) {
  if (!cfg.sparseInstruction || !cfg.intrinsic)
    return std::nullopt;
  const IntrinsicInfo &intr = *cfg.intrinsic;
  std::optional<sparse24::NativeIndexOrder> order =
      sparse24::getNativeIndexOrder(intr.index.layout);
  if (order && (int64_t(order->groupsPerStep) * 4 != intr.k || cfg.tileK % 32))
    return std::nullopt;
  return order;
}

bool mlir::mcore::stagesMetadataHalves(const MatmulTileConfig &cfg) {
  // Where the per-lane shift costs the loop: SWMMAC shares the VALU with
  // it. 16-bit A only: the 8-bit kernels are bound by their byte transposes,
  // and the extra LDS costs them a wave per SIMD (4 -> 3 on gfx1201) for
  // nothing; CDNA's SMFMAC loops are bound by the LDS data path, which the
  // rotated copies only add to (predicted: gfx950 f16 2:4 82.8% -> 80.7%).
  std::optional<sparse24::NativeIndexOrder> order = getStagedNativeOrder(cfg);
  return order && sparse24::hasNativeHalves(*order) &&
         cfg.intrinsic->family == MmaFamily::SWMMAC &&
         getBitWidth(cfg.intrinsic->a.kind) == 16;
}

int64_t mlir::mcore::getLdsMetadataCols(const MatmulTileConfig &cfg) {
  return cfg.tileK / 32 * (stagesMetadataHalves(cfg) ? 2 : 1);
}

int64_t mlir::mcore::getChunkElements(int64_t bits, int64_t cols) {
  int64_t v = 128 / bits;
  while (v > 1 && cols % v)
    v /= 2;
  return v;
}

StagingGeometry mlir::mcore::getStagingGeometry(const MatmulProblem &problem,
                                                const MatmulTileConfig &cfg,
                                                bool operandB) {
  int64_t threads = cfg.getNumThreads();
  ScalarKind kind = operandB ? problem.b : problem.a;
  int64_t bits = getBitWidth(kind);
  StagingGeometry g;
  g.pack = bits < 8;
  // A 2:4 B is N x K already (compressed values N x K/2).
  bool transposed =
      operandB ? !problem.transposeB && !problem.sparseB : problem.transposeA;
  int64_t tileDim = operandB ? cfg.tileN : cfg.tileM;
  if (transposed) {
    // Stored K x tile-dim in global memory (B, or a transposed A), staged
    // tile-dim-major in LDS: each thread transposes a kPer x vec block,
    // kPer as large as the tile allows, up to one 128-bit LDS row write;
    // 128-bit global loads along the tile dimension (one i4 per byte).
    g.transpose = true;
    g.rows = cfg.tileK;
    g.cols = tileDim;
    g.vec = getChunkElements(storageBits(kind), g.cols);
    int64_t perThread = cfg.tileK * g.cols / threads;
    while (g.kPer * 2 * g.vec <= perThread && g.kPer * 2 <= cfg.tileK &&
           g.kPer * 2 * bits <= 128 && cfg.tileK % (g.kPer * 2) == 0)
      g.kPer *= 2;
    // Too few elements per thread for a block of 128-bit loads leaves
    // kPer = 1: one LDS store per element. On 16-bit, a ds_write_b16 moves
    // 128 bytes in the 2 clocks a b32 store moves 256 in; 64-bit global
    // loads buy b32 stores: halve vec, double kPer (predicted: gfx950 f16
    // 2:4, 512 x 128 x 32, LDS 70 -> 62 clocks per wave and K tile). Not on
    // 8-bit: a dword there takes kPer = 4 and 32-bit loads, which the model
    // predicts slower (i8 dense on gfx942 2081 -> 1544 TFLOP/s).
    while (bits >= 16 && g.kPer * bits < 32 && g.vec > 1 &&
           cfg.tileK % (g.kPer * 2) == 0) {
      g.vec /= 2;
      g.kPer *= 2;
    }
    // Packed LDS rows are written in whole bytes: pairs of k.
    if (g.pack)
      g.kPer = std::max<int64_t>(g.kPer, 2);
    return g;
  }
  g.rows = tileDim;
  // A: dense K columns, or compressed K / 2 (sparse instruction or
  // decompressed into a dense LDS tile). i4: 32 values, two 128-bit global
  // loads (one per byte), one 128-bit LDS store (packed).
  bool compressed = operandB ? problem.sparseB : problem.sparseA;
  g.cols = compressed ? cfg.tileK / 2 : cfg.tileK;
  g.vec = getChunkElements(bits, g.cols);
  if (operandB ? problem.sparseB : cfg.decompressA)
    // Each chunk expands to 2 * vec dense elements; keep them whole groups
    // and one metadata word: at most 16 compressed values.
    g.vec = std::min<int64_t>(g.vec, 16);
  return g;
}

std::pair<int64_t, int64_t>
mlir::mcore::getSplitKSlices(const MatmulTileConfig &cfg, int64_t k) {
  int64_t perSlice =
      llvm::alignTo(ceilDiv(k, std::max<int64_t>(1, cfg.splitK)), cfg.tileK);
  return {perSlice, ceilDiv(k, perSlice)};
}
