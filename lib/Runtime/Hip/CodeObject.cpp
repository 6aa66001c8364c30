//===- CodeObject.cpp - What an AMDGPU code object needs to load ----------===//

#include "CodeObject.h"

#include "HipApi.h"
#include "HipLoader.h"

#include <cstdint>
#include <cstring>

using namespace mlir::mcore;

namespace {

/// The chips mcore compiles for, by EF_AMDGPU_MACH (llvm/BinaryFormat/ELF.h),
/// with the oldest ROCm that supports each where it is known (sources in
/// docs/Running.md, "Code object versions").
struct Chip {
  unsigned mach;
  const char *name;
  hip::RocmVersion minimumRocm;
};
constexpr Chip kChips[] = {
    {0x030, "gfx908", 0},   {0x03f, "gfx90a", 0},   {0x04c, "gfx942", 507},
    {0x04f, "gfx950", 700}, {0x041, "gfx1100", 0},  {0x046, "gfx1101", 0},
    {0x047, "gfx1102", 0},  {0x048, "gfx1200", 602}, {0x04e, "gfx1201", 602},
};

} // namespace

hip::CodeObjectInfo hip::readCodeObject(const void *data, size_t size) {
  CodeObjectInfo info;
  const auto *p = static_cast<const unsigned char *>(data);
  if (!p || size < 0x40 || std::memcmp(p, "\x7f" "ELF", 4) != 0 ||
      p[4] != 2 /*ELFCLASS64*/ || p[5] != 1 /*ELFDATA2LSB*/)
    return info;
  uint16_t machine = uint16_t(p[0x12] | (p[0x13] << 8));
  if (machine != 224 /*EM_AMDGPU*/)
    return info;
  info.isAmdgpuElf = true;
  // e_ident[EI_OSABI] ELFOSABI_AMDGPU_HSA: EI_ABIVERSION 2, 3, 4 are code
  // object versions 4, 5, 6 (ELFABIVERSION_AMDGPU_HSA_V4..V6).
  if (p[7] == 64 /*ELFOSABI_AMDGPU_HSA*/ && p[8] >= 2)
    info.version = p[8] + 2;
  uint32_t flags;
  std::memcpy(&flags, p + 0x30, 4);
  unsigned mach = flags & 0xff; // EF_AMDGPU_MACH
  for (const Chip &chip : kChips)
    if (chip.mach == mach) {
      info.chip = chip.name;
      info.knownChip = true;
      return info;
    }
  info.chip = format("an AMDGPU chip with EF_AMDGPU_MACH 0x%x", mach);
  return info;
}

std::string hip::formatRocm(RocmVersion v) {
  return format("%d.%d", v / 100, v % 100);
}

hip::RocmVersion hip::minimumRocmForCodeObject(int version) {
  // v5: Debian 12's ROCm 5.2.3 loads it (the oldest ROCm checked).
  // v6: ROCm 6.3 (llvm-project #130963, ROCR-Runtime #321).
  if (version >= 6)
    return 603;
  if (version == 5)
    return 502;
  return 0;
}

hip::RocmVersion hip::minimumRocmForChip(const std::string &chip) {
  for (const Chip &c : kChips)
    if (chip == c.name)
      return c.minimumRocm;
  return 0;
}

std::string hip::processorOf(const std::string &gcnArchName) {
  return gcnArchName.substr(0, gcnArchName.find(':'));
}

std::string hip::explainLoadFailure(const CodeObjectInfo &info, int hipVersion,
                                    const std::string &library,
                                    const std::string &deviceChip,
                                    int device) {
  if (!info.isAmdgpuElf)
    return "the GPU module is not an AMDGPU code object (HSACO); compile "
           "with format=hsaco";
  RocmVersion rocm = versionMajor(hipVersion) * 100 + versionMinor(hipVersion);
  std::string thisHip = format("this is HIP %d.%d.%d (%s)",
                               versionMajor(hipVersion),
                               versionMinor(hipVersion),
                               versionPatch(hipVersion), library.c_str());
  if (RocmVersion needed = minimumRocmForCodeObject(info.version);
      hipVersion > 0 && rocm < needed) {
    // The newest version this ROCm loads.
    int older = info.version - 1;
    while (older > 4 && rocm < minimumRocmForCodeObject(older))
      --older;
    return format("code object v%d needs ROCm >= %s; %s; rebuild with the "
                  "pipeline option abi=%d00 (code object v%d)",
                  info.version, formatRocm(needed).c_str(), thisHip.c_str(),
                  older, older);
  }
  if (RocmVersion needed = minimumRocmForChip(info.chip);
      hipVersion > 0 && rocm < needed)
    return format("%s needs ROCm >= %s; %s", info.chip.c_str(),
                  formatRocm(needed).c_str(), thisHip.c_str());
  if (!deviceChip.empty() && info.knownChip && info.chip != deviceChip)
    return format("the code object is for %s and the GPU (HIP device %d) is "
                  "%s; compile for the GPU's chip (mcore-run --chip=%s, or "
                  "the pipeline's chip=)",
                  info.chip.c_str(), device, deviceChip.c_str(),
                  deviceChip.c_str());
  return "";
}
