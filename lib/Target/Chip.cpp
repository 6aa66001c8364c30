//===- Chip.cpp - The table of chips --------------------------------------===//

#include "mcore/Target/Chip.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cassert>

using namespace mlir::mcore;

// Sources: LLVM AMDGPUUsage "Processors" table (wave size, LDS), the CDNA3 and
// CDNA4 ISA guides (LDS 64 KiB / 160 KiB, unified VGPR+AGPR file), the RDNA3
// and RDNA4 ISA guides. fp8 encodings follow MLIR's amdgpu::hasOcpFp8.
static const ChipInfo kChips[] = {
    // chip           name       family             marketing
    //   wave mfma  smfmac wmma   swmmac fp8               lds      vgpr agpr ver
    {Chip::gfx908, "gfx908", ChipFamily::CDNA1, "CDNA1 (Instinct MI100)",
     64, true, false, false, false, Fp8Format::None, 65536, 256, 256, 9, 0, 8},
    {Chip::gfx90a, "gfx90a", ChipFamily::CDNA2, "CDNA2 (Instinct MI200)",
     64, true, false, false, false, Fp8Format::None, 65536, 256, 256, 9, 0, 10},
    {Chip::gfx942, "gfx942", ChipFamily::CDNA3, "CDNA3 (Instinct MI300)",
     64, true, true, false, false, Fp8Format::FNUZ, 65536, 256, 256, 9, 4, 2},
    {Chip::gfx950, "gfx950", ChipFamily::CDNA4, "CDNA4 (Instinct MI350)",
     64, true, true, false, false, Fp8Format::OCP, 163840, 256, 256, 9, 5, 0},
    {Chip::gfx1100, "gfx1100", ChipFamily::RDNA3, "RDNA3 (Radeon RX 7900)",
     32, false, false, true, false, Fp8Format::None, 65536, 256, 0, 11, 0, 0},
    {Chip::gfx1101, "gfx1101", ChipFamily::RDNA3, "RDNA3 (Radeon RX 7800/7700)",
     32, false, false, true, false, Fp8Format::None, 65536, 256, 0, 11, 0, 1},
    {Chip::gfx1102, "gfx1102", ChipFamily::RDNA3, "RDNA3 (Radeon RX 7600)",
     32, false, false, true, false, Fp8Format::None, 65536, 256, 0, 11, 0, 2},
    {Chip::gfx1200, "gfx1200", ChipFamily::RDNA4, "RDNA4 (Radeon RX 9060)",
     32, false, false, true, true, Fp8Format::OCP, 65536, 256, 0, 12, 0, 0},
    {Chip::gfx1201, "gfx1201", ChipFamily::RDNA4, "RDNA4 (Radeon RX 9070)",
     32, false, false, true, true, Fp8Format::OCP, 65536, 256, 0, 12, 0, 1},
};
static_assert(std::size(kChips) == kNumChips, "one table row per Chip");

llvm::ArrayRef<ChipInfo> mlir::mcore::getAllChips() { return kChips; }

const ChipInfo &mlir::mcore::getChipInfo(Chip chip) {
  const ChipInfo &info = kChips[unsigned(chip)];
  assert(info.chip == chip && "chip table out of order");
  return info;
}

llvm::StringRef mlir::mcore::getChipName(Chip chip) { return getChipInfo(chip).name; }

llvm::StringRef mlir::mcore::getChipFamilyName(ChipFamily family) {
  switch (family) {
  case ChipFamily::CDNA1:
    return "CDNA1";
  case ChipFamily::CDNA2:
    return "CDNA2";
  case ChipFamily::CDNA3:
    return "CDNA3";
  case ChipFamily::CDNA4:
    return "CDNA4";
  case ChipFamily::RDNA3:
    return "RDNA3";
  case ChipFamily::RDNA4:
    return "RDNA4";
  }
  llvm_unreachable("unknown chip family");
}

llvm::StringRef mlir::mcore::getFp8FormatName(Fp8Format format) {
  switch (format) {
  case Fp8Format::None:
    return "none";
  case Fp8Format::FNUZ:
    return "fnuz";
  case Fp8Format::OCP:
    return "ocp";
  }
  llvm_unreachable("unknown fp8 format");
}

std::optional<Chip> mlir::mcore::parseChip(llvm::StringRef name) {
  for (const ChipInfo &info : kChips)
    if (name == info.name)
      return info.chip;
  return std::nullopt;
}

std::string mlir::mcore::getSupportedChipList() {
  return llvm::join(llvm::map_range(kChips,
                                    [](const ChipInfo &c) {
                                      return llvm::StringRef(c.name);
                                    }),
                    ", ");
}

std::string ChipSet::describe() const {
  llvm::SmallVector<llvm::StringRef> names;
  for (const ChipInfo &info : kChips)
    if (contains(info.chip))
      names.push_back(info.name);
  if (names.empty())
    return "no chip";
  if (names.size() == 1)
    return names.front().str();
  std::string head =
      llvm::join(llvm::ArrayRef(names).drop_back(), ", ");
  return head + " or " + names.back().str();
}
