//===- Target.cpp - The GPU the emulator imitates -------------------------===//

#include "mcore/Emulator/Target.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir::mcore::emu;

namespace {
struct ChipRow {
  const char *name;
  GpuArch arch;
  Fp8Encoding fp8;
  unsigned ldsBytes;
};

// LDS sizes: 64 KiB per work-group on every chip here except gfx950, which
// has 160 KiB (AMDGPU backend, FeatureAddressableLocalMemorySize163840).
// fp8 encodings: gfx940-942 use the FNUZ variants, gfx950 and gfx12 the OCP
// ones (MLIR Chipset::hasOcpFp8); the others have no fp8 matrix instructions.
constexpr ChipRow kChips[] = {
    {"gfx908", GpuArch::CDNA1, Fp8Encoding::None, 65536},
    {"gfx90a", GpuArch::CDNA2, Fp8Encoding::None, 65536},
    {"gfx940", GpuArch::CDNA3, Fp8Encoding::FNUZ, 65536},
    {"gfx941", GpuArch::CDNA3, Fp8Encoding::FNUZ, 65536},
    {"gfx942", GpuArch::CDNA3, Fp8Encoding::FNUZ, 65536},
    {"gfx950", GpuArch::CDNA4, Fp8Encoding::OCP, 163840},
    {"gfx1100", GpuArch::RDNA3, Fp8Encoding::None, 65536},
    {"gfx1101", GpuArch::RDNA3, Fp8Encoding::None, 65536},
    {"gfx1102", GpuArch::RDNA3, Fp8Encoding::None, 65536},
    {"gfx1103", GpuArch::RDNA3, Fp8Encoding::None, 65536},
    {"gfx1150", GpuArch::RDNA3, Fp8Encoding::None, 65536},
    {"gfx1151", GpuArch::RDNA3, Fp8Encoding::None, 65536},
    {"gfx1152", GpuArch::RDNA3, Fp8Encoding::None, 65536},
    {"gfx1153", GpuArch::RDNA3, Fp8Encoding::None, 65536},
    {"gfx1200", GpuArch::RDNA4, Fp8Encoding::OCP, 65536},
    {"gfx1201", GpuArch::RDNA4, Fp8Encoding::OCP, 65536},
    // gfx1250: 320 KiB of LDS (llc-22 -mcpu=gfx1250 rejects 327684 bytes,
    // "exceeds limit (327680)"); OCP fp8 like the rest of gfx12.
    {"gfx1250", GpuArch::GFX1250, Fp8Encoding::OCP, 327680},
};
} // namespace

std::string mlir::mcore::emu::getKnownChips() {
  std::string s;
  for (const ChipRow &row : kChips) {
    if (!s.empty())
      s += ", ";
    s += row.name;
  }
  return s;
}

llvm::StringRef mlir::mcore::emu::getArchName(GpuArch arch) {
  switch (arch) {
  case GpuArch::CDNA1:
    return "CDNA1";
  case GpuArch::CDNA2:
    return "CDNA2";
  case GpuArch::CDNA3:
    return "CDNA3";
  case GpuArch::CDNA4:
    return "CDNA4";
  case GpuArch::RDNA3:
    return "RDNA3";
  case GpuArch::RDNA4:
    return "RDNA4";
  case GpuArch::GFX1250:
    return "GFX12.5";
  }
  return "unknown";
}

llvm::Expected<Target> mlir::mcore::emu::getTarget(llvm::StringRef chip,
                                                   unsigned waveSize) {
  const ChipRow *row = llvm::find_if(
      kChips, [&](const ChipRow &r) { return chip == r.name; });
  if (row == std::end(kChips))
    return llvm::createStringError("unknown chip '" + chip.str() +
                                   "'; the emulator knows " + getKnownChips());
  Target t;
  t.chip = row->name;
  t.arch = row->arch;
  t.fp8 = row->fp8;
  t.ldsBytes = row->ldsBytes;
  unsigned dflt = t.isCDNA() ? 64 : 32;
  t.waveSize = waveSize ? waveSize : dflt;
  if (t.waveSize != 32 && t.waveSize != 64)
    return llvm::createStringError("wave size " + std::to_string(waveSize) +
                                   " is neither 32 nor 64");
  if (t.arch == GpuArch::GFX1250 && t.waveSize != 32)
    return llvm::createStringError(chip.str() + " only runs wave32");
  if (t.isCDNA() && t.waveSize != 64)
    return llvm::createStringError(chip.str() + " (" +
                                   getArchName(t.arch).str() +
                                   ") only runs wave64");
  return t;
}
