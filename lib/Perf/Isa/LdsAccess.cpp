//===- LdsAccess.cpp - What LDS instructions cost the LDS data path -------===//
//
// The phase model (docs/Performance.md, "LDS bandwidth and bank conflicts",
// mcore/Target/LdsBanks.h) per address of each instruction: ds_read2 /
// ds_write2 take one pass over the lanes per address.
//
//===----------------------------------------------------------------------===//

#include "LdsAccess.h"

#include "mcore/Target/LdsBanks.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

std::optional<LdsShape> mlir::mcore::perf::getLdsShape(StringRef m) {
  LdsShape shape;
  if (m.starts_with("global_load_lds") ||
      (m.starts_with("buffer_load") && m.ends_with("lds"))) {
    // VMEM loads that write LDS: lane i's data lands at M0 + i * size.
    shape.write = true;
    shape.laneContiguous = true;
    shape.bytes = m.ends_with("dwordx4") || m.contains("b128")   ? 16
                  : m.ends_with("dwordx3") || m.contains("b96") ? 12
                  : m.ends_with("dwordx2") || m.contains("b64") ? 8
                                                                : 4;
    return shape;
  }
  if (!m.consume_front("ds_"))
    return std::nullopt;
  if (m.starts_with("bpermute") || m.starts_with("permute") ||
      m.starts_with("swizzle")) {
    shape.banked = false;
    return shape;
  }
  if (m.starts_with("nop") || m.starts_with("gws") || m.contains("barrier"))
    return std::nullopt;
  bool read = m.consume_front("read") || m.consume_front("load");
  bool write = !read && (m.consume_front("write") || m.consume_front("store"));
  shape.write = !read; // atomics and writes
  bool stride64 = false;
  if (read || write) {
    if (m.consume_front("2st64") || m.consume_front("_2addr_stride64")) {
      shape.addresses = 2;
      stride64 = true;
    } else if (m.consume_front("2") || m.consume_front("_2addr")) {
      shape.addresses = 2;
    }
  }
  // The access size: the first _bN, _uN or _iN.
  unsigned bits = 32;
  SmallVector<StringRef> parts;
  m.split(parts, '_', -1, false);
  for (StringRef part : parts) {
    if (part.size() < 2 || !StringRef("bui").contains(part[0]))
      continue;
    unsigned n;
    if (!part.drop_front().getAsInteger(10, n) && n >= 8 && n <= 128) {
      bits = n;
      break;
    }
  }
  shape.bytes = std::max(4u, bits / 8);
  shape.offsetScale = bits / 8 * (stride64 ? 64 : 1);
  return shape;
}

double mlir::mcore::perf::getLdsClocks(
    Chip chip, const LdsShape &shape,
    const std::vector<std::vector<uint32_t>> &addresses) {
  // Each address of a two-address instruction is its own pass over the
  // lanes (ds_read2st64's two addresses 64 dwords apart always share a
  // bank: served together, the instruction could never be conflict-free).
  double clocks = 0;
  for (const std::vector<uint32_t> &slot : addresses)
    clocks += getLdsPassClocks(chip, shape.write, shape.bytes, slot);
  return clocks;
}

/// Clocks without conflicts.
static double idealClocks(Chip chip, const LdsShape &shape, unsigned lanes) {
  return shape.addresses *
         getLdsIdealPassClocks(chip, shape.write, shape.bytes, lanes);
}

std::vector<LdsCost>
mlir::mcore::perf::computeLdsCosts(const KernelIsa &kernel, Chip chip,
                                   unsigned waveSize, unsigned waves) {
  std::vector<LdsCost> costs(kernel.body.size());
  waves = std::max(waves, 1u);
  std::vector<std::vector<std::optional<std::vector<std::vector<uint32_t>>>>>
      perWave;
  bool anyLds = false;
  for (const IsaLine &line : kernel.body)
    anyLds |= line.isInstruction() && getLdsShape(line.mnemonic).has_value();
  if (!anyLds)
    return costs;
  for (unsigned w = 0; w < waves; ++w)
    perWave.push_back(evaluateLdsAddresses(kernel, waveSize, w));
  for (auto [i, line] : llvm::enumerate(kernel.body)) {
    if (!line.isInstruction())
      continue;
    std::optional<LdsShape> shape = getLdsShape(line.mnemonic);
    if (!shape)
      continue;
    LdsCost &cost = costs[i];
    cost.bytes = double(waveSize) * shape->addresses * shape->bytes;
    cost.idealClocks = idealClocks(chip, *shape, waveSize);
    if (!shape->banked || shape->laneContiguous) {
      cost.clocks = cost.idealClocks;
      cost.known = true;
      continue;
    }
    double sum = 0;
    unsigned known = 0;
    for (unsigned w = 0; w < waves; ++w)
      if (const auto &addresses = perWave[w][i]) {
        sum += getLdsClocks(chip, *shape, *addresses);
        ++known;
      }
    cost.known = known == waves;
    cost.clocks = cost.known ? sum / waves : cost.idealClocks;
  }
  return costs;
}
