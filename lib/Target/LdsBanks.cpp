//===- LdsBanks.cpp - LDS phases and bank conflicts -----------------------===//

#include "mcore/Target/LdsBanks.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>

using namespace mlir::mcore;

static unsigned lanesPerPhase(const ChipLdsInfo &info, unsigned bytes) {
  return std::max(1u, info.bytesPerPhase() / std::max(bytes, 4u));
}

double mlir::mcore::getLdsPassClocks(Chip chip, bool write, unsigned bytes,
                                     llvm::ArrayRef<uint32_t> addresses) {
  const ChipLdsInfo &info = getChipLdsInfo(chip);
  unsigned perPhase = lanesPerPhase(info, bytes);
  unsigned dwords = std::max(bytes, 4u) / 4;
  double clocks = 0;
  for (size_t first = 0; first < addresses.size(); first += perPhase) {
    llvm::DenseSet<uint32_t> seen;
    llvm::DenseMap<unsigned, unsigned> perBank;
    unsigned worst = 1;
    size_t end = std::min(addresses.size(), first + perPhase);
    for (size_t l = first; l < end; ++l)
      for (unsigned d = 0; d < dwords; ++d) {
        uint32_t dword = addresses[l] / 4 + d;
        if (!seen.insert(dword).second)
          continue; // lanes reading one dword share it
        worst = std::max(worst, ++perBank[dword % info.banks]);
      }
    clocks += worst;
  }
  return clocks / (write ? info.writePhasesPerClock : info.readPhasesPerClock);
}

double mlir::mcore::getLdsIdealPassClocks(Chip chip, bool write,
                                          unsigned bytes, unsigned lanes) {
  const ChipLdsInfo &info = getChipLdsInfo(chip);
  unsigned perPhase = lanesPerPhase(info, bytes);
  double phases = double((lanes + perPhase - 1) / perPhase);
  return phases / (write ? info.writePhasesPerClock : info.readPhasesPerClock);
}
