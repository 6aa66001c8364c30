//===- Chip.h - AMD GPU chips mcore targets ---------------------*- C++ -*-===//
//
// The one table of chips mcore knows. Everything chip-dependent (wave size,
// which matrix-instruction families exist, the fp8 encoding, LDS and register
// budgets) is derived from it; nothing else in mcore compares chip names.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TARGET_CHIP_H
#define MCORE_TARGET_CHIP_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::mcore {

/// Every chip mcore targets. The order is the order of the table in Chip.cpp
/// and of every list shown to users.
enum class Chip : uint8_t {
  gfx908,
  gfx90a,
  gfx942,
  gfx950,
  gfx1100,
  gfx1101,
  gfx1102,
  gfx1200,
  gfx1201,
  gfx1250,
};
constexpr unsigned kNumChips = 10;

/// GFX1250 is LLVM's GFX12.5 ("GFX125*" in AMDGPUUsage): wave32 WMMA and
/// SWMMAC like RDNA4, with its own instructions and no WGP mode.
enum class ChipFamily : uint8_t {
  CDNA1,
  CDNA2,
  CDNA3,
  CDNA4,
  RDNA3,
  RDNA4,
  GFX1250,
};

/// The 8-bit float encoding a chip's matrix instructions use.
enum class Fp8Format : uint8_t {
  None, ///< no fp8 matrix instructions
  FNUZ, ///< f8E4M3FNUZ / f8E5M2FNUZ (gfx942)
  OCP,  ///< f8E4M3FN / f8E5M2 (gfx950, gfx12, gfx1250)
};

/// A set of chips, one bit per `Chip`.
class ChipSet {
public:
  constexpr ChipSet() = default;
  constexpr ChipSet(std::initializer_list<Chip> chips) {
    for (Chip c : chips)
      bits |= bit(c);
  }
  static constexpr ChipSet fromBits(uint32_t b) {
    ChipSet s;
    s.bits = b;
    return s;
  }
  constexpr bool contains(Chip c) const { return bits & bit(c); }
  constexpr bool empty() const { return bits == 0; }
  constexpr uint32_t getBits() const { return bits; }
  constexpr ChipSet operator|(ChipSet o) const { return fromBits(bits | o.bits); }
  constexpr ChipSet operator&(ChipSet o) const { return fromBits(bits & o.bits); }
  constexpr bool operator==(ChipSet o) const { return bits == o.bits; }
  /// "gfx942 or gfx950", "gfx1200 or gfx1201", "gfx908, gfx90a or gfx942".
  std::string describe() const;

private:
  static constexpr uint32_t bit(Chip c) { return 1u << unsigned(c); }
  uint32_t bits = 0;
};

/// What mcore knows about one chip.
struct ChipInfo {
  Chip chip;
  const char *name;          ///< "gfx1201"
  ChipFamily family;
  const char *marketing;     ///< "RDNA4 (Radeon RX 9070)"
  unsigned waveSize;         ///< 64 on CDNA, 32 on RDNA
  bool hasMfma;              ///< dense MFMA
  bool hasSmfmac;            ///< sparse 2:4 MFMA
  bool hasWmma;              ///< dense WMMA
  bool hasSwmmac;            ///< sparse 2:4 WMMA
  Fp8Format fp8;             ///< fp8 encoding of the matrix instructions
  unsigned ldsBytes;         ///< LDS per work-group
  unsigned maxVgprs;         ///< architectural VGPRs per lane for one wave
  unsigned maxAgprs;         ///< accumulation VGPRs per lane (0 on RDNA)
  unsigned major, minor, stepping; ///< as mlir::amdgpu::Chipset

  bool hasSparse() const { return hasSmfmac || hasSwmmac; }
};

/// How the waves of one chip share its compute units: the facts occupancy is
/// computed from (lib/Perf, docs/Performance.md). Per CU unless said
/// otherwise; on RDNA a work-group runs on a WGP (two CUs) in WGP mode, the
/// LLVM default, or on one CU in CU mode.
struct ChipOccupancyInfo {
  unsigned simdsPerCU;       ///< 4 on CDNA (SIMD16 x 4), 2 on RDNA (SIMD32 x 2)
  unsigned cusPerWgp;        ///< 2 on RDNA (the WGP), 0 when there is no WGP
  unsigned ldsPerCU;         ///< LDS bytes the work-groups of one CU share
  unsigned ldsAllocGranule;  ///< bytes an LDS allocation is rounded up to
  unsigned vgprsPerSimd;     ///< registers per lane of one SIMD's VGPR file;
                             ///< VGPRs + AGPRs on gfx90a/gfx942/gfx950
  unsigned vgprAllocGranule; ///< registers a wave's VGPR count is rounded to
  unsigned maxWavesPerSimd;  ///< wave slots per SIMD
  unsigned maxBarriers;      ///< work-groups of several waves per CU (hardware
                             ///< barriers); a WGP has cusPerWgp times as many
  bool sgprsLimitWaves;      ///< gfx9: SGPRs per SIMD limit the waves
};

/// The LDS data path of one CU: the bank structure and how many bytes a
/// clock it moves (docs/Performance.md, "LDS bandwidth and bank conflicts").
/// A wave's LDS access is served in phases of `banks * bankBytes` bytes; a
/// phase takes one clock per access to its busiest bank. On RDNA each CU of
/// a WGP has its own half of the LDS.
struct ChipLdsInfo {
  unsigned banks;            ///< 32
  unsigned bankBytes;        ///< 4
  unsigned readPhasesPerClock;  ///< 1; 2 on gfx950 (reads at 256 B/clk)
  unsigned writePhasesPerClock; ///< 1
  unsigned bytesPerPhase() const { return banks * bankBytes; }
};

/// All chips, in `Chip` order.
llvm::ArrayRef<ChipInfo> getAllChips();
const ChipInfo &getChipInfo(Chip chip);
llvm::StringRef getChipName(Chip chip);
const ChipOccupancyInfo &getChipOccupancyInfo(Chip chip);
const ChipLdsInfo &getChipLdsInfo(Chip chip);
llvm::StringRef getChipFamilyName(ChipFamily family);
llvm::StringRef getFp8FormatName(Fp8Format format);

/// Parses "gfx1201"; std::nullopt for an unknown name.
std::optional<Chip> parseChip(llvm::StringRef name);
/// "gfx908, gfx90a, gfx942, gfx950, gfx1100, ..., gfx1201, gfx1250"
std::string getSupportedChipList();

} // namespace mlir::mcore

#endif // MCORE_TARGET_CHIP_H
