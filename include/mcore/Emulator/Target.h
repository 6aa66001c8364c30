//===- Target.h - The GPU the emulator imitates -----------------*- C++ -*-===//
//
// What the emulator needs to know about a chip: its generation (which decides
// the register layouts of the matrix instructions), its wave size and the fp8
// encoding of its matrix instructions, and its LDS size.
//
// The emulator keeps this small table itself instead of reading mcore's
// target library: the emulator is a second, independent derivation of the
// instruction semantics (see docs/Emulator.md, "Independence").
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_EMULATOR_TARGET_H
#define MCORE_EMULATOR_TARGET_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace mlir::mcore::emu {

/// GPU generations, as far as matrix instructions are concerned.
enum class GpuArch : uint8_t {
  CDNA1, ///< gfx908
  CDNA2, ///< gfx90a
  CDNA3, ///< gfx940, gfx941, gfx942
  CDNA4, ///< gfx950
  RDNA3, ///< gfx1100-gfx1103, gfx1150-gfx1153
  RDNA4, ///< gfx1200, gfx1201
  /// gfx1250 (LLVM's GFX12.5): wave32 only, its own WMMA/SWMMAC shapes and
  /// layouts (MatrixOpsGfx1250.cpp).
  GFX1250,
};

/// How the chip's matrix instructions decode 8-bit floats.
enum class Fp8Encoding : uint8_t {
  None, ///< no 8-bit float matrix instructions
  FNUZ, ///< E4M3FNUZ / E5M2FNUZ (gfx942)
  OCP,  ///< E4M3FN / E5M2 (gfx950, gfx12, gfx1250)
};

struct Target {
  std::string chip; ///< "gfx1201"
  GpuArch arch = GpuArch::RDNA4;
  unsigned waveSize = 32;
  Fp8Encoding fp8 = Fp8Encoding::None;
  unsigned ldsBytes = 65536; ///< LDS a work-group may allocate

  bool isCDNA() const { return arch <= GpuArch::CDNA4; }
  bool isRDNA() const { return !isCDNA(); }
};

/// The target for `chip` ("gfx942", "gfx1201", ...). `waveSize` 0 picks the
/// chip's default (64 on CDNA, 32 on RDNA); RDNA also accepts 64, CDNA only
/// 64. Fails with the list of known chips for an unknown name.
llvm::Expected<Target> getTarget(llvm::StringRef chip, unsigned waveSize = 0);

/// "gfx908, gfx90a, ..." for diagnostics.
std::string getKnownChips();

llvm::StringRef getArchName(GpuArch arch); ///< "CDNA3", ...

} // namespace mlir::mcore::emu

#endif // MCORE_EMULATOR_TARGET_H
