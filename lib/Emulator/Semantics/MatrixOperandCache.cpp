//===- MatrixOperandCache.cpp - What a meeting's instructions share -------===//
//
// The MatrixOperandCache of a meeting of a wave (its structure is in
// MatrixOpsImpl.h, where executeLanes reads it), and the 2:4 positions of a
// sparse A read from the lanes' index words: the plans of index runs and
// the ways of spreading their 2-bit fields to bytes.
//
//===----------------------------------------------------------------------===//

#include "MatrixOpsImpl.h"

#include "llvm/Support/SwapByteOrder.h"

#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::matrixops;

//===----------------------------------------------------------------------===//
// MatrixOperandCache
//===----------------------------------------------------------------------===//

MatrixOperandCache::MatrixOperandCache() : impl(std::make_unique<Impl>()) {}
MatrixOperandCache::~MatrixOperandCache() = default;
void MatrixOperandCache::clear() {
  for (Impl::Entry &e : impl->entries)
    e.op = nullptr;
  for (Impl::Result &r : impl->results)
    r.op = nullptr;
  setRow(0, -1, false, true, true, true);
}
void MatrixOperandCache::setRow(unsigned row, int cFrom, bool keepD,
                                bool writeD, bool sharesA, bool sharesB) {
  impl->row = row;
  impl->cFrom = cFrom;
  impl->keepD = keepD;
  impl->writeD = writeD || !keepD;
  impl->sharesA = sharesA;
  impl->sharesB = sharesB;
}

//===----------------------------------------------------------------------===//
// 2:4 positions
//===----------------------------------------------------------------------===//

std::vector<IndexRun>
mlir::mcore::emu::matrixops::makeIndexRuns(const std::vector<uint32_t> &plan) {
  std::vector<IndexRun> runs;
  for (size_t e = 0; e < plan.size(); ++e) {
    uint32_t word = plan[e] / 32, bit = plan[e] % 32;
    if (!runs.empty()) {
      IndexRun &r = runs.back();
      if (r.count < 8 && r.word == word && bit % 2 == 0 &&
          r.bit + 2u * r.count == bit) {
        ++r.count;
        continue;
      }
    }
    runs.push_back({uint32_t(e), uint16_t(word), uint8_t(bit), 1});
  }
  return runs;
}

#if defined(__x86_64__)
/// The runs' fields to bytes with one pdep each.
[[gnu::target("bmi2")]] static void
readPositionsPdep(const std::vector<IndexRun> &runs, const uint32_t *index,
                  uint8_t *pos) {
  for (const IndexRun &r : runs) {
    uint64_t x =
        _pdep_u64((index[r.word] >> r.bit) & 0xFFFFu, 0x0303030303030303ull);
    std::memcpy(pos + r.first, &x, 8);
  }
}
static const bool kHostHasBmi2 = __builtin_cpu_supports("bmi2");
#endif

void mlir::mcore::emu::matrixops::readPositions(
    const std::vector<uint32_t> &plan, const std::vector<IndexRun> &runs,
    const uint32_t *index, uint8_t *pos, PlanPath path) {
  if (path == PlanPath::Slots || !llvm::sys::IsLittleEndianHost) {
    for (size_t e = 0; e < plan.size(); ++e)
      pos[e] = uint8_t((index[plan[e] / 32] >> (plan[e] % 32)) & 3u);
    return;
  }
#if defined(__x86_64__)
  if (path == PlanPath::Best && kHostHasBmi2)
    return readPositionsPdep(runs, index, pos);
#endif
  for (const IndexRun &r : runs) {
    // Fields 0-7 (16 bits) to the low bits of bytes 0-7: halves to bytes
    // 0 and 4, quarters to 16-bit units, fields to bytes. The runs come in
    // element order, so the bytes past a run's fields are written again by
    // the next run (or lie past the last element).
    uint64_t x = (index[r.word] >> r.bit) & 0xFFFFu;
    x = (x | (x << 24)) & 0x000000FF000000FFull;
    x = (x | (x << 12)) & 0x000F000F000F000Full;
    x = (x | (x << 6)) & 0x0303030303030303ull;
    std::memcpy(pos + r.first, &x, 8);
  }
}
