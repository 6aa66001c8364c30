//===- Packing.cpp - Tiles to lane registers and back ---------------------===//

#include "mcore/Target/Packing.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cassert>

using namespace mlir::mcore;

std::pair<unsigned, unsigned>
mlir::mcore::getTileShape(const IntrinsicInfo &info, Operand operand) {
  switch (operand) {
  case Operand::A:
    return {unsigned(info.m) * info.blocks, info.getAK()};
  case Operand::B:
    return {info.k, unsigned(info.n) * info.blocks};
  case Operand::C:
  case Operand::D:
    return {unsigned(info.m) * info.blocks, info.n};
  case Operand::Index:
    return {info.m, info.k / 2};
  }
  llvm_unreachable("unknown operand");
}

unsigned mlir::mcore::getNumVgprs(const IntrinsicInfo &info, Operand operand) {
  if (operand == Operand::Index)
    return 1;
  const FragmentInfo &f = info.getFragment(operand);
  unsigned bits = f.getVectorLength() * f.getSlotBits();
  // A result wider than D (gfx1250's bf16f32 SWMMAC returns C's <8 x float>,
  // D in its low four registers) is all registers of the result.
  if (operand == Operand::D)
    bits = std::max(bits, f.llvm.getBitWidth());
  return (bits + 31) / 32;
}

static uint64_t lowMask(unsigned bits) {
  return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
}

/// The bits [bit, bit + width) of a lane's registers `regs` (the element
/// may span two or, for 64-bit ones, three words).
static uint64_t readField(const uint32_t *regs, unsigned bit, unsigned width) {
  uint64_t v = 0;
  for (unsigned done = 0; done < width;) {
    unsigned word = (bit + done) / 32, lo = (bit + done) % 32;
    unsigned take = std::min(32 - lo, width - done);
    v |= uint64_t((regs[word] >> lo) & uint32_t(lowMask(take))) << done;
    done += take;
  }
  return v;
}

static void orField(uint32_t *regs, unsigned bit, unsigned width,
                    uint64_t value) {
  for (unsigned done = 0; done < width;) {
    unsigned word = (bit + done) / 32, lo = (bit + done) % 32;
    unsigned take = std::min(32 - lo, width - done);
    regs[word] |= uint32_t((value >> done) & lowMask(take)) << lo;
    done += take;
  }
}

std::vector<uint32_t> mlir::mcore::packTile(const IntrinsicInfo &info,
                                            Operand operand,
                                            llvm::ArrayRef<uint64_t> tile) {
  const FragmentInfo &f = info.getFragment(operand);
  auto [rows, cols] = getTileShape(info, operand);
  assert(tile.size() == size_t(rows) * cols && "tile size mismatch");
  (void)rows;
  unsigned vgprs = getNumVgprs(info, operand);
  unsigned width = getBitWidth(f.kind);
  std::vector<uint32_t> regs(size_t(info.waveSize) * vgprs, 0);
  for (unsigned lane = 0; lane < info.waveSize; ++lane) {
    for (unsigned e = 0; e < f.count; ++e) {
      TileCoord c = f.layout.apply(lane, e);
      uint64_t value = tile[size_t(c.d0) * cols + c.d1] & lowMask(width);
      orField(&regs[size_t(lane) * vgprs], e * f.stride * width, width,
              value);
    }
  }
  return regs;
}

llvm::Expected<std::vector<uint64_t>>
mlir::mcore::unpackTile(const IntrinsicInfo &info, Operand operand,
                        llvm::ArrayRef<uint32_t> registers) {
  const FragmentInfo &f = info.getFragment(operand);
  auto [rows, cols] = getTileShape(info, operand);
  unsigned vgprs = getNumVgprs(info, operand);
  assert(registers.size() == size_t(info.waveSize) * vgprs &&
         "register array size mismatch");
  unsigned width = getBitWidth(f.kind);
  std::vector<uint64_t> tile(size_t(rows) * cols, 0);
  std::vector<int> firstLane(tile.size(), -1);
  for (unsigned lane = 0; lane < info.waveSize; ++lane) {
    for (unsigned e = 0; e < f.count; ++e) {
      TileCoord c = f.layout.apply(lane, e);
      size_t pos = size_t(c.d0) * cols + c.d1;
      uint64_t value = readField(&registers[size_t(lane) * vgprs],
                                 e * f.stride * width, width);
      if (firstLane[pos] >= 0 && tile[pos] != value)
        return llvm::createStringError(
            llvm::formatv("{0} operand {1}: element ({2}, {3}) differs "
                          "between lane {4} and lane {5}, which must hold "
                          "the same copy",
                          info.name, getOperandName(operand), c.d0, c.d1,
                          firstLane[pos], lane)
                .str());
      tile[pos] = value;
      if (firstLane[pos] < 0)
        firstLane[pos] = int(lane);
    }
  }
  return tile;
}

std::vector<uint32_t> mlir::mcore::packIndex(const IntrinsicInfo &info,
                                             llvm::ArrayRef<uint8_t> positions,
                                             unsigned set) {
  assert(info.isSparse() && "dense intrinsics have no index");
  const SparseIndexInfo &idx = info.index;
  assert(set < idx.numSets && "index set out of range");
  unsigned cols = info.k / 2;
  assert(positions.size() == size_t(info.m) * cols && "index tile mismatch");
  unsigned perLane = idx.llvm.getBitWidth() > 32 ? 2 : 1;
  std::vector<uint32_t> words(size_t(info.waveSize) * perLane, 0);
  unsigned fields = idx.bitsPerSet / 2;
  for (unsigned lane = 0; lane < info.waveSize; ++lane)
    for (unsigned fld = 0; fld < fields; ++fld) {
      TileCoord c = idx.layout.apply(lane, fld);
      uint32_t p = positions[size_t(c.d0) * cols + c.d1] & 3u;
      unsigned bit = set * idx.bitsPerSet + 2 * fld;
      words[lane * perLane + bit / 32] |= p << (bit % 32);
    }
  return words;
}

std::vector<uint8_t> mlir::mcore::unpackIndex(const IntrinsicInfo &info,
                                              llvm::ArrayRef<uint32_t> words,
                                              unsigned set) {
  assert(info.isSparse() && "dense intrinsics have no index");
  const SparseIndexInfo &idx = info.index;
  unsigned cols = info.k / 2;
  std::vector<uint8_t> positions(size_t(info.m) * cols, 0);
  unsigned perLane = idx.llvm.getBitWidth() > 32 ? 2 : 1;
  unsigned fields = idx.bitsPerSet / 2;
  for (unsigned lane = 0; lane < info.waveSize; ++lane)
    for (unsigned fld = 0; fld < fields; ++fld) {
      TileCoord c = idx.layout.apply(lane, fld);
      unsigned bit = set * idx.bitsPerSet + 2 * fld;
      positions[size_t(c.d0) * cols + c.d1] =
          uint8_t((words[lane * perLane + bit / 32] >> (bit % 32)) & 3u);
    }
  return positions;
}


std::pair<unsigned, unsigned>
mlir::mcore::getScaleShape(const IntrinsicInfo &info, Operand operand) {
  assert(info.isScaled() && "the intrinsic has no block scales");
  if (operand == Operand::A)
    return {info.m, info.k / info.scaleA.blockK};
  assert(operand == Operand::B && "only A and B have block scales");
  return {info.k / info.scaleB.blockK, info.n};
}

std::vector<uint32_t> mlir::mcore::packScales(const IntrinsicInfo &info,
                                              Operand operand,
                                              llvm::ArrayRef<uint8_t> scales,
                                              unsigned set) {
  const ScaleInfo &si = operand == Operand::A ? info.scaleA : info.scaleB;
  auto [rows, cols] = getScaleShape(info, operand);
  assert(scales.size() == size_t(rows) * cols && "scale tile size mismatch");
  assert(set < si.numSets && "scale set out of range");
  (void)rows;
  unsigned perLane = si.getOperandBytes() / 4;
  std::vector<uint32_t> words(size_t(info.waveSize) * perLane, 0);
  // The set's lanes (all, or gfx1250's lane half) and its first bit.
  unsigned first = si.getSetLane(set);
  unsigned last = std::min<unsigned>(
      info.waveSize,
      first + (si.laneSetStride ? si.layout.getNumLanes() : info.waveSize));
  for (unsigned lane = first; lane < last; ++lane)
    for (unsigned e = 0; e < si.getScalesPerLane(); ++e) {
      TileCoord c = si.layout.apply(lane - first, e);
      unsigned bit = si.getSetBit(set) + 8 * e;
      words[size_t(lane) * perLane + bit / 32] |=
          uint32_t(scales[size_t(c.d0) * cols + c.d1]) << (bit % 32);
    }
  return words;
}
