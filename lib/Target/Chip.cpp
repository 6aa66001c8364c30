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
    // gfx1250 (docs/Performance.md, "gfx1250"): wave32 only (llc-22 emits
    // .amdhsa_wavefront_size32 and no WGP mode); LDS 327680 bytes per
    // work-group (llc-22: "local memory (327684) exceeds limit (327680)";
    // AMDGPUBaseInfo getAddressableLocalMemorySize); OCP fp8 (MLIR's
    // Chipset::hasOcpFp8 for gfx12+); 1024 VGPRs per wave: llc-22 allocates
    // up to 1024 to one wave (amdgpu-waves-per-eu 1) without spilling,
    // setting the registers' high bits with S_SET_VGPR_MSB itself
    // (test/Target/gfx1250-vgprs.ll).
    {Chip::gfx1250, "gfx1250", ChipFamily::GFX1250, "GFX12.5 (gfx1250)",
     32, false, false, true, true, Fp8Format::OCP, 327680, 1024, 0, 12, 5, 0},
};
static_assert(std::size(kChips) == kNumChips, "one table row per Chip");

// Occupancy facts, in `Chip` order. Sources:
// - LLVM AMDGPU (lib/Target/AMDGPU/Utils/AMDGPUBaseInfo.cpp, IsaInfo):
//   getTotalNumVGPRs (512 with gfx90a instructions, 256 before; wave32 RDNA
//   1536 with 1.5x VGPRs, 1024 without), getVGPRAllocGranule (8 on gfx90a+;
//   24 wave32 with 1.5x VGPRs; 16 wave32 gfx10.3+; 4 wave64 gfx9),
//   getMaxWavesPerEU (8 on gfx90a+, 10 on gfx9, 16 on gfx10.3+),
//   getEUsPerCU and getLocalMemorySize (4 SIMDs and twice the LDS in WGP
//   mode), getMaxWorkGroupsPerCU (16 barriers, 32 per WGP in WGP mode),
//   getOccupancyWithNumSGPRs (SGPRs limit waves on gfx9 only).
// - ROCm "AMD GPU specifications" (docs/reference/gpu-specs.rst): LDS 64 KiB
//   per CU on MI300X, 160 KiB on MI355X, 128 KiB per WGP on RX 7900 XTX and
//   RX 9070 XT; VGPR file 512 KiB per CU on CDNA3/CDNA4 (4 SIMDs x 512 regs x
//   64 lanes x 4 B), 768 KiB per WGP on gfx1100/gfx1201 (4 x 1536 x 32 x 4 B),
//   512 KiB on gfx1102 (1024 registers).
// - AMDGPUUsage, COMPUTE_PGM_RSRC2.LDS_SIZE: LDS is allocated in 128-dword
//   (512 B) blocks, 320-dword (1280 B) blocks on gfx950.
static const ChipOccupancyInfo kOccupancy[] = {
    // simds wgp lds     granule vgprs granule waves barriers sgpr-limit
    {4, 0, 65536, 512, 256, 4, 10, 16, true},     // gfx908 (+256 AGPRs apart)
    {4, 0, 65536, 512, 512, 8, 8, 16, true},      // gfx90a
    {4, 0, 65536, 512, 512, 8, 8, 16, true},      // gfx942
    {4, 0, 163840, 1280, 512, 8, 8, 16, true},    // gfx950
    {2, 2, 65536, 512, 1536, 24, 16, 16, false},  // gfx1100
    {2, 2, 65536, 512, 1536, 24, 16, 16, false},  // gfx1101
    {2, 2, 65536, 512, 1024, 16, 16, 16, false},  // gfx1102
    {2, 2, 65536, 512, 1536, 24, 16, 16, false},  // gfx1200
    {2, 2, 65536, 512, 1536, 24, 16, 16, false},  // gfx1201
    // gfx1250: 1024 VGPRs per SIMD in granules of 16 and 16 waves per SIMD
    // are what llc-22 -mcpu=gfx1250 reports as occupancy (64 VGPRs: 16
    // waves, 65: 12, 96: 10, 128: 8, 129: 7, 192: 5, 256: 4); LDS allocated
    // in 2048-byte blocks (AMDGPUUsage, COMPUTE_PGM_RSRC2.LDS_SIZE for
    // GFX125*, llvm-project #167614); no WGP mode. Four SIMD32 per CU and
    // 16 barriers are assumptions (no public source gives them).
    {4, 0, 327680, 2048, 1024, 16, 16, 16, false}, // gfx1250
};
static_assert(std::size(kOccupancy) == kNumChips, "one row per Chip");

const ChipOccupancyInfo &mlir::mcore::getChipOccupancyInfo(Chip chip) {
  return kOccupancy[unsigned(chip)];
}

// LDS data path, in `Chip` order. Sources:
// - AMD, "Understanding AMD GPU LDS and Bank Conflicts" (Composable Kernel
//   documentation, conceptual/ck_tile/hardware/lds_bank_conflicts): 32
//   banks of 4 bytes; a wave's access is served in phases (ds_write_b128:
//   8 phases of 8 consecutive lanes, 128 bytes each); lanes of one phase
//   that reach one bank at different addresses are serialized.
// - AMD CDNA 4 architecture white paper (as reported by Chips and Cheese,
//   "AMD's CDNA 4 Architecture Announcement", 2025): the LDS of a CDNA4 CU
//   grows to 160 KiB and its read bandwidth doubles to 256 bytes per clock.
//   Writes keep 128 bytes per clock (the model's assumption).
// - AMD "RDNA Architecture" white paper: a WGP's 128 KiB LDS is two halves of
//   32 banks, one per CU; RDNA3 and RDNA4 keep it.
static const ChipLdsInfo kLds[] = {
    // banks bytes read-phases write-phases (per clock)
    {32, 4, 1, 1}, // gfx908
    {32, 4, 1, 1}, // gfx90a
    {32, 4, 1, 1}, // gfx942
    {32, 4, 2, 1}, // gfx950
    {32, 4, 1, 1}, // gfx1100
    {32, 4, 1, 1}, // gfx1101
    {32, 4, 1, 1}, // gfx1102
    {32, 4, 1, 1}, // gfx1200
    {32, 4, 1, 1}, // gfx1201
    {32, 4, 1, 1}, // gfx1250: RDNA4's, an assumption (no public source)
};
static_assert(std::size(kLds) == kNumChips, "one row per Chip");

const ChipLdsInfo &mlir::mcore::getChipLdsInfo(Chip chip) {
  return kLds[unsigned(chip)];
}

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
  case ChipFamily::GFX1250:
    return "GFX12.5";
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
