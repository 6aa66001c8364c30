//===- MatrixOpsSpecs.cpp - The emulator's table of matrix intrinsics -----===//
//
// Every matrix intrinsic of LLVM 22 the emulator executes: its shape, block
// count, element types, modifier operands and the architectures that have
// it. What the names mean is in MatrixOps.cpp (execution) and
// MatrixOpsCdna.cpp / MatrixOpsRdna.cpp (layouts). Written from the
// intrinsic definitions (IntrinsicsAMDGPU.td) and AMD's ISA guides, not
// from mcore's catalog.
//
//===----------------------------------------------------------------------===//

#include "MatrixOpsImpl.h"

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::matrixops;

namespace {

//===----------------------------------------------------------------------===//
// The intrinsic table
//===----------------------------------------------------------------------===//

enum ArchBits : uint8_t {
  C1 = 1 << unsigned(GpuArch::CDNA1),
  C2 = 1 << unsigned(GpuArch::CDNA2),
  C3 = 1 << unsigned(GpuArch::CDNA3),
  C4 = 1 << unsigned(GpuArch::CDNA4),
  R3 = 1 << unsigned(GpuArch::RDNA3),
  R4 = 1 << unsigned(GpuArch::RDNA4),
  G125 = 1 << unsigned(GpuArch::GFX1250),
  CDNA = C1 | C2 | C3 | C4,
  CDNA234 = C2 | C3 | C4,
  CDNA34 = C3 | C4,
};

constexpr uint16_t kMfma = kCbAb | kBlgp;
constexpr uint16_t kIU = kSign | kClamp;
// gfx1250's operand classes (IntrinsicsAMDGPU.td): ModsAllReuse,
// ModsC, ModsABClamp; SWMMAC ABIdx, IdxReuse, ABIdxClamp.
constexpr uint16_t kAllReuse = kNegAB | kCMod | kReuse;
constexpr uint16_t kCReuse = kCMod | kReuse;
constexpr uint16_t kIUReuse = kSign | kClamp | kReuse;
constexpr uint16_t kABReuse = kNegAB | kReuse;
using F = MatrixFamily;

constexpr Spec kSpecs[] = {
    // WMMA: RDNA3 (gfx11) and RDNA4 (gfx12) share the names; the operand
    // vectors and the layouts differ.
    {"llvm.amdgcn.wmma.f32.16x16x16.f16", F::WMMA, 16, 16, 16, 1, E::F16, E::F16, E::F32, kNone, R3 | R4},
    {"llvm.amdgcn.wmma.f32.16x16x16.bf16", F::WMMA, 16, 16, 16, 1, E::BF16, E::BF16, E::F32, kNone, R3 | R4},
    {"llvm.amdgcn.wmma.f16.16x16x16.f16", F::WMMA, 16, 16, 16, 1, E::F16, E::F16, E::F16, kOpsel, R3 | R4},
    {"llvm.amdgcn.wmma.bf16.16x16x16.bf16", F::WMMA, 16, 16, 16, 1, E::BF16, E::BF16, E::BF16, kOpsel, R3 | R4},
    {"llvm.amdgcn.wmma.f16.16x16x16.f16.tied", F::WMMA, 16, 16, 16, 1, E::F16, E::F16, E::F16, kOpsel | kTied, R3},
    {"llvm.amdgcn.wmma.bf16.16x16x16.bf16.tied", F::WMMA, 16, 16, 16, 1, E::BF16, E::BF16, E::BF16, kOpsel | kTied, R3},
    {"llvm.amdgcn.wmma.i32.16x16x16.iu8", F::WMMA, 16, 16, 16, 1, E::I8, E::I8, E::I32, kIU, R3 | R4},
    {"llvm.amdgcn.wmma.i32.16x16x16.iu4", F::WMMA, 16, 16, 16, 1, E::I4, E::I4, E::I32, kIU, R3 | R4},
    {"llvm.amdgcn.wmma.i32.16x16x32.iu4", F::WMMA, 16, 16, 32, 1, E::I4, E::I4, E::I32, kIU, R4},
    {"llvm.amdgcn.wmma.f32.16x16x16.fp8.fp8", F::WMMA, 16, 16, 16, 1, E::FP8, E::FP8, E::F32, kNone, R4},
    {"llvm.amdgcn.wmma.f32.16x16x16.fp8.bf8", F::WMMA, 16, 16, 16, 1, E::FP8, E::BF8, E::F32, kNone, R4},
    {"llvm.amdgcn.wmma.f32.16x16x16.bf8.fp8", F::WMMA, 16, 16, 16, 1, E::BF8, E::FP8, E::F32, kNone, R4},
    {"llvm.amdgcn.wmma.f32.16x16x16.bf8.bf8", F::WMMA, 16, 16, 16, 1, E::BF8, E::BF8, E::F32, kNone, R4},

    // SWMMAC (RDNA4). K is the dense K.
    {"llvm.amdgcn.swmmac.f32.16x16x32.f16", F::SWMMAC, 16, 16, 32, 1, E::F16, E::F16, E::F32, kNone, R4},
    {"llvm.amdgcn.swmmac.f32.16x16x32.bf16", F::SWMMAC, 16, 16, 32, 1, E::BF16, E::BF16, E::F32, kNone, R4},
    {"llvm.amdgcn.swmmac.f16.16x16x32.f16", F::SWMMAC, 16, 16, 32, 1, E::F16, E::F16, E::F16, kNone, R4},
    {"llvm.amdgcn.swmmac.bf16.16x16x32.bf16", F::SWMMAC, 16, 16, 32, 1, E::BF16, E::BF16, E::BF16, kNone, R4},
    {"llvm.amdgcn.swmmac.i32.16x16x32.iu8", F::SWMMAC, 16, 16, 32, 1, E::I8, E::I8, E::I32, kIU, R4},
    {"llvm.amdgcn.swmmac.i32.16x16x32.iu4", F::SWMMAC, 16, 16, 32, 1, E::I4, E::I4, E::I32, kIU, R4},
    {"llvm.amdgcn.swmmac.i32.16x16x64.iu4", F::SWMMAC, 16, 16, 64, 1, E::I4, E::I4, E::I32, kIU, R4},
    {"llvm.amdgcn.swmmac.f32.16x16x32.fp8.fp8", F::SWMMAC, 16, 16, 32, 1, E::FP8, E::FP8, E::F32, kNone, R4},
    {"llvm.amdgcn.swmmac.f32.16x16x32.fp8.bf8", F::SWMMAC, 16, 16, 32, 1, E::FP8, E::BF8, E::F32, kNone, R4},
    {"llvm.amdgcn.swmmac.f32.16x16x32.bf8.fp8", F::SWMMAC, 16, 16, 32, 1, E::BF8, E::FP8, E::F32, kNone, R4},
    {"llvm.amdgcn.swmmac.f32.16x16x32.bf8.bf8", F::SWMMAC, 16, 16, 32, 1, E::BF8, E::BF8, E::F32, kNone, R4},

    // gfx1250 WMMA (AMDGPUWMMAIntrinsicsGFX1250). The f8f6f4 and f4 forms,
    // scaled or not, are at the end (MatrixOpsMx.cpp). bf16f32:
    // an f32 C and a bf16 D (AMDGPUWmmaIntrinsicModsAllDiff), the c column
    // being C's type and kBf16D giving D's.
    {"llvm.amdgcn.wmma.f32.16x16x4.f32", F::WMMA, 16, 16, 4, 1, E::F32, E::F32, E::F32, kAllReuse, G125},
    {"llvm.amdgcn.wmma.f32.16x16x32.f16", F::WMMA, 16, 16, 32, 1, E::F16, E::F16, E::F32, kAllReuse, G125},
    {"llvm.amdgcn.wmma.f32.16x16x32.bf16", F::WMMA, 16, 16, 32, 1, E::BF16, E::BF16, E::F32, kAllReuse, G125},
    {"llvm.amdgcn.wmma.f16.16x16x32.f16", F::WMMA, 16, 16, 32, 1, E::F16, E::F16, E::F16, kAllReuse, G125},
    {"llvm.amdgcn.wmma.bf16.16x16x32.bf16", F::WMMA, 16, 16, 32, 1, E::BF16, E::BF16, E::BF16, kAllReuse, G125},
    {"llvm.amdgcn.wmma.bf16f32.16x16x32.bf16", F::WMMA, 16, 16, 32, 1, E::BF16, E::BF16, E::F32, kAllReuse | kBf16D, G125},
    {"llvm.amdgcn.wmma.f32.16x16x64.fp8.fp8", F::WMMA, 16, 16, 64, 1, E::FP8, E::FP8, E::F32, kCReuse, G125},
    {"llvm.amdgcn.wmma.f32.16x16x64.fp8.bf8", F::WMMA, 16, 16, 64, 1, E::FP8, E::BF8, E::F32, kCReuse, G125},
    {"llvm.amdgcn.wmma.f32.16x16x64.bf8.fp8", F::WMMA, 16, 16, 64, 1, E::BF8, E::FP8, E::F32, kCReuse, G125},
    {"llvm.amdgcn.wmma.f32.16x16x64.bf8.bf8", F::WMMA, 16, 16, 64, 1, E::BF8, E::BF8, E::F32, kCReuse, G125},
    {"llvm.amdgcn.wmma.f32.16x16x128.fp8.fp8", F::WMMA, 16, 16, 128, 1, E::FP8, E::FP8, E::F32, kCReuse, G125},
    {"llvm.amdgcn.wmma.f32.16x16x128.fp8.bf8", F::WMMA, 16, 16, 128, 1, E::FP8, E::BF8, E::F32, kCReuse, G125},
    {"llvm.amdgcn.wmma.f32.16x16x128.bf8.fp8", F::WMMA, 16, 16, 128, 1, E::BF8, E::FP8, E::F32, kCReuse, G125},
    {"llvm.amdgcn.wmma.f32.16x16x128.bf8.bf8", F::WMMA, 16, 16, 128, 1, E::BF8, E::BF8, E::F32, kCReuse, G125},
    {"llvm.amdgcn.wmma.f16.16x16x64.fp8.fp8", F::WMMA, 16, 16, 64, 1, E::FP8, E::FP8, E::F16, kCReuse, G125},
    {"llvm.amdgcn.wmma.f16.16x16x64.fp8.bf8", F::WMMA, 16, 16, 64, 1, E::FP8, E::BF8, E::F16, kCReuse, G125},
    {"llvm.amdgcn.wmma.f16.16x16x64.bf8.fp8", F::WMMA, 16, 16, 64, 1, E::BF8, E::FP8, E::F16, kCReuse, G125},
    {"llvm.amdgcn.wmma.f16.16x16x64.bf8.bf8", F::WMMA, 16, 16, 64, 1, E::BF8, E::BF8, E::F16, kCReuse, G125},
    {"llvm.amdgcn.wmma.f16.16x16x128.fp8.fp8", F::WMMA, 16, 16, 128, 1, E::FP8, E::FP8, E::F16, kCReuse, G125},
    {"llvm.amdgcn.wmma.f16.16x16x128.fp8.bf8", F::WMMA, 16, 16, 128, 1, E::FP8, E::BF8, E::F16, kCReuse, G125},
    {"llvm.amdgcn.wmma.f16.16x16x128.bf8.fp8", F::WMMA, 16, 16, 128, 1, E::BF8, E::FP8, E::F16, kCReuse, G125},
    {"llvm.amdgcn.wmma.f16.16x16x128.bf8.bf8", F::WMMA, 16, 16, 128, 1, E::BF8, E::BF8, E::F16, kCReuse, G125},
    {"llvm.amdgcn.wmma.i32.16x16x64.iu8", F::WMMA, 16, 16, 64, 1, E::I8, E::I8, E::I32, kIUReuse, G125},

    // gfx1250 SWMMAC (AMDGPUSWMMACIntrinsicsGFX1250). K is the dense K.
    {"llvm.amdgcn.swmmac.f32.16x16x64.f16", F::SWMMAC, 16, 16, 64, 1, E::F16, E::F16, E::F32, kABReuse, G125},
    {"llvm.amdgcn.swmmac.f32.16x16x64.bf16", F::SWMMAC, 16, 16, 64, 1, E::BF16, E::BF16, E::F32, kABReuse, G125},
    {"llvm.amdgcn.swmmac.f16.16x16x64.f16", F::SWMMAC, 16, 16, 64, 1, E::F16, E::F16, E::F16, kABReuse, G125},
    {"llvm.amdgcn.swmmac.bf16.16x16x64.bf16", F::SWMMAC, 16, 16, 64, 1, E::BF16, E::BF16, E::BF16, kABReuse, G125},
    // D tied to C (AMDGPUSWmmacIntrinsicABIdx: one type for C and D, which
    // llc-22 selects as <8 x float> only): kDInC.
    {"llvm.amdgcn.swmmac.bf16f32.16x16x64.bf16", F::SWMMAC, 16, 16, 64, 1, E::BF16, E::BF16, E::F32, kABReuse | kBf16D | kDInC, G125},
    {"llvm.amdgcn.swmmac.f32.16x16x128.fp8.fp8", F::SWMMAC, 16, 16, 128, 1, E::FP8, E::FP8, E::F32, kReuse, G125},
    {"llvm.amdgcn.swmmac.f32.16x16x128.fp8.bf8", F::SWMMAC, 16, 16, 128, 1, E::FP8, E::BF8, E::F32, kReuse, G125},
    {"llvm.amdgcn.swmmac.f32.16x16x128.bf8.fp8", F::SWMMAC, 16, 16, 128, 1, E::BF8, E::FP8, E::F32, kReuse, G125},
    {"llvm.amdgcn.swmmac.f32.16x16x128.bf8.bf8", F::SWMMAC, 16, 16, 128, 1, E::BF8, E::BF8, E::F32, kReuse, G125},
    {"llvm.amdgcn.swmmac.f16.16x16x128.fp8.fp8", F::SWMMAC, 16, 16, 128, 1, E::FP8, E::FP8, E::F16, kReuse, G125},
    {"llvm.amdgcn.swmmac.f16.16x16x128.fp8.bf8", F::SWMMAC, 16, 16, 128, 1, E::FP8, E::BF8, E::F16, kReuse, G125},
    {"llvm.amdgcn.swmmac.f16.16x16x128.bf8.fp8", F::SWMMAC, 16, 16, 128, 1, E::BF8, E::FP8, E::F16, kReuse, G125},
    {"llvm.amdgcn.swmmac.f16.16x16x128.bf8.bf8", F::SWMMAC, 16, 16, 128, 1, E::BF8, E::BF8, E::F16, kReuse, G125},
    {"llvm.amdgcn.swmmac.i32.16x16x128.iu8", F::SWMMAC, 16, 16, 128, 1, E::I8, E::I8, E::I32, kIUReuse, G125},

    // gfx950's block-scaled f8f6f4 MFMA (AMDGPUMfmaScaleIntrinsic): the A /
    // B formats are the cbsz / blgp immediates, fp8 (format 0) here.
    {"llvm.amdgcn.mfma.scale.f32.16x16x128.f8f6f4", F::MFMA, 16, 16, 128, 1, E::FP8, E::FP8, E::F32, kScale | kMx, C4},
    {"llvm.amdgcn.mfma.scale.f32.32x32x64.f8f6f4", F::MFMA, 32, 32, 64, 1, E::FP8, E::FP8, E::F32, kScale | kMx, C4},

    // gfx1250's f8f6f4 and f4 WMMA, plain and block-scaled
    // (AMDGPUWmmaIntrinsicModsC_MatrixFMT, AMDGPUWmmaIntrinsicF4ModsC,
    // AMDGPUWmmaScale{,F4}IntrinsicModsC): the f8f6f4 formats are
    // immediates, fp8 (format 0) here.
    {"llvm.amdgcn.wmma.f32.16x16x128.f8f6f4", F::WMMA, 16, 16, 128, 1, E::FP8, E::FP8, E::F32, kCMod | kFmt | kMx, G125},
    {"llvm.amdgcn.wmma.scale.f32.16x16x128.f8f6f4", F::WMMA, 16, 16, 128, 1, E::FP8, E::FP8, E::F32, kCMod | kFmt | kWScale | kReuse | kMx, G125},
    {"llvm.amdgcn.wmma.scale16.f32.16x16x128.f8f6f4", F::WMMA, 16, 16, 128, 1, E::FP8, E::FP8, E::F32, kCMod | kFmt | kWScale | kScale16 | kReuse | kMx, G125},
    {"llvm.amdgcn.wmma.f32.32x16x128.f4", F::WMMA, 32, 16, 128, 1, E::FP4, E::FP4, E::F32, kCMod | kMx, G125},
    {"llvm.amdgcn.wmma.scale.f32.32x16x128.f4", F::WMMA, 32, 16, 128, 1, E::FP4, E::FP4, E::F32, kCMod | kWScale | kReuse | kMx, G125},
    {"llvm.amdgcn.wmma.scale16.f32.32x16x128.f4", F::WMMA, 32, 16, 128, 1, E::FP4, E::FP4, E::F32, kCMod | kWScale | kScale16 | kReuse | kMx, G125},

    // MFMA, CDNA1 and later (multi-block shapes included).
    {"llvm.amdgcn.mfma.f32.32x32x1f32", F::MFMA, 32, 32, 1, 2, E::F32, E::F32, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.16x16x1f32", F::MFMA, 16, 16, 1, 4, E::F32, E::F32, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.4x4x1f32", F::MFMA, 4, 4, 1, 16, E::F32, E::F32, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.32x32x2f32", F::MFMA, 32, 32, 2, 1, E::F32, E::F32, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.16x16x4f32", F::MFMA, 16, 16, 4, 1, E::F32, E::F32, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.32x32x4f16", F::MFMA, 32, 32, 4, 2, E::F16, E::F16, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.16x16x4f16", F::MFMA, 16, 16, 4, 4, E::F16, E::F16, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.4x4x4f16", F::MFMA, 4, 4, 4, 16, E::F16, E::F16, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.32x32x8f16", F::MFMA, 32, 32, 8, 1, E::F16, E::F16, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.f32.16x16x16f16", F::MFMA, 16, 16, 16, 1, E::F16, E::F16, E::F32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.i32.32x32x4i8", F::MFMA, 32, 32, 4, 2, E::I8, E::I8, E::I32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.i32.16x16x4i8", F::MFMA, 16, 16, 4, 4, E::I8, E::I8, E::I32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.i32.4x4x4i8", F::MFMA, 4, 4, 4, 16, E::I8, E::I8, E::I32, kMfma, CDNA},
    {"llvm.amdgcn.mfma.i32.32x32x8i8", F::MFMA, 32, 32, 8, 1, E::I8, E::I8, E::I32, kMfma, C1 | C2},
    {"llvm.amdgcn.mfma.i32.16x16x16i8", F::MFMA, 16, 16, 16, 1, E::I8, E::I8, E::I32, kMfma, C1 | C2},
    {"llvm.amdgcn.mfma.f32.32x32x2bf16", F::MFMA, 32, 32, 2, 2, E::BF16, E::BF16, E::F32, kMfma, C1 | C2},
    {"llvm.amdgcn.mfma.f32.16x16x2bf16", F::MFMA, 16, 16, 2, 4, E::BF16, E::BF16, E::F32, kMfma, C1 | C2},
    {"llvm.amdgcn.mfma.f32.4x4x2bf16", F::MFMA, 4, 4, 2, 16, E::BF16, E::BF16, E::F32, kMfma, C1 | C2},
    {"llvm.amdgcn.mfma.f32.32x32x4bf16", F::MFMA, 32, 32, 4, 1, E::BF16, E::BF16, E::F32, kMfma, C1 | C2},
    {"llvm.amdgcn.mfma.f32.16x16x8bf16", F::MFMA, 16, 16, 8, 1, E::BF16, E::BF16, E::F32, kMfma, C1 | C2},
    // CDNA2 and later.
    {"llvm.amdgcn.mfma.f32.32x32x4bf16.1k", F::MFMA, 32, 32, 4, 2, E::BF16, E::BF16, E::F32, kMfma, CDNA234},
    {"llvm.amdgcn.mfma.f32.16x16x4bf16.1k", F::MFMA, 16, 16, 4, 4, E::BF16, E::BF16, E::F32, kMfma, CDNA234},
    {"llvm.amdgcn.mfma.f32.4x4x4bf16.1k", F::MFMA, 4, 4, 4, 16, E::BF16, E::BF16, E::F32, kMfma, CDNA234},
    {"llvm.amdgcn.mfma.f32.32x32x8bf16.1k", F::MFMA, 32, 32, 8, 1, E::BF16, E::BF16, E::F32, kMfma, CDNA234},
    {"llvm.amdgcn.mfma.f32.16x16x16bf16.1k", F::MFMA, 16, 16, 16, 1, E::BF16, E::BF16, E::F32, kMfma, CDNA234},
    {"llvm.amdgcn.mfma.f64.16x16x4f64", F::MFMA, 16, 16, 4, 1, E::F64, E::F64, E::F64, kMfma, CDNA234},
    {"llvm.amdgcn.mfma.f64.4x4x4f64", F::MFMA, 4, 4, 4, 4, E::F64, E::F64, E::F64, kMfma, CDNA234},
    // CDNA3 only: f32 registers read as xf32.
    {"llvm.amdgcn.mfma.f32.16x16x8.xf32", F::MFMA, 16, 16, 8, 1, E::XF32, E::XF32, E::F32, kMfma, C3},
    {"llvm.amdgcn.mfma.f32.32x32x4.xf32", F::MFMA, 32, 32, 4, 1, E::XF32, E::XF32, E::F32, kMfma, C3},
    // CDNA3 and later.
    {"llvm.amdgcn.mfma.i32.16x16x32.i8", F::MFMA, 16, 16, 32, 1, E::I8, E::I8, E::I32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.i32.32x32x16.i8", F::MFMA, 32, 32, 16, 1, E::I8, E::I8, E::I32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.16x16x32.fp8.fp8", F::MFMA, 16, 16, 32, 1, E::FP8, E::FP8, E::F32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.16x16x32.fp8.bf8", F::MFMA, 16, 16, 32, 1, E::FP8, E::BF8, E::F32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.16x16x32.bf8.fp8", F::MFMA, 16, 16, 32, 1, E::BF8, E::FP8, E::F32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.16x16x32.bf8.bf8", F::MFMA, 16, 16, 32, 1, E::BF8, E::BF8, E::F32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.32x32x16.fp8.fp8", F::MFMA, 32, 32, 16, 1, E::FP8, E::FP8, E::F32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.32x32x16.fp8.bf8", F::MFMA, 32, 32, 16, 1, E::FP8, E::BF8, E::F32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.32x32x16.bf8.fp8", F::MFMA, 32, 32, 16, 1, E::BF8, E::FP8, E::F32, kMfma, CDNA34},
    {"llvm.amdgcn.mfma.f32.32x32x16.bf8.bf8", F::MFMA, 32, 32, 16, 1, E::BF8, E::BF8, E::F32, kMfma, CDNA34},
    // CDNA4 (gfx950) only.
    {"llvm.amdgcn.mfma.f32.16x16x32.f16", F::MFMA, 16, 16, 32, 1, E::F16, E::F16, E::F32, kMfma, C4},
    {"llvm.amdgcn.mfma.f32.32x32x16.f16", F::MFMA, 32, 32, 16, 1, E::F16, E::F16, E::F32, kMfma, C4},
    {"llvm.amdgcn.mfma.f32.16x16x32.bf16", F::MFMA, 16, 16, 32, 1, E::BF16, E::BF16, E::F32, kMfma, C4},
    {"llvm.amdgcn.mfma.f32.32x32x16.bf16", F::MFMA, 32, 32, 16, 1, E::BF16, E::BF16, E::F32, kMfma, C4},
    {"llvm.amdgcn.mfma.i32.16x16x64.i8", F::MFMA, 16, 16, 64, 1, E::I8, E::I8, E::I32, kMfma, C4},
    {"llvm.amdgcn.mfma.i32.32x32x32.i8", F::MFMA, 32, 32, 32, 1, E::I8, E::I8, E::I32, kMfma, C4},

    // SMFMAC, CDNA3 and CDNA4. K is the dense K.
    {"llvm.amdgcn.smfmac.f32.16x16x32.f16", F::SMFMAC, 16, 16, 32, 1, E::F16, E::F16, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.32x32x16.f16", F::SMFMAC, 32, 32, 16, 1, E::F16, E::F16, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.16x16x32.bf16", F::SMFMAC, 16, 16, 32, 1, E::BF16, E::BF16, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.32x32x16.bf16", F::SMFMAC, 32, 32, 16, 1, E::BF16, E::BF16, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.i32.16x16x64.i8", F::SMFMAC, 16, 16, 64, 1, E::I8, E::I8, E::I32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.i32.32x32x32.i8", F::SMFMAC, 32, 32, 32, 1, E::I8, E::I8, E::I32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.16x16x64.fp8.fp8", F::SMFMAC, 16, 16, 64, 1, E::FP8, E::FP8, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.16x16x64.fp8.bf8", F::SMFMAC, 16, 16, 64, 1, E::FP8, E::BF8, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.16x16x64.bf8.fp8", F::SMFMAC, 16, 16, 64, 1, E::BF8, E::FP8, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.16x16x64.bf8.bf8", F::SMFMAC, 16, 16, 64, 1, E::BF8, E::BF8, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.32x32x32.fp8.fp8", F::SMFMAC, 32, 32, 32, 1, E::FP8, E::FP8, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.32x32x32.fp8.bf8", F::SMFMAC, 32, 32, 32, 1, E::FP8, E::BF8, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.32x32x32.bf8.fp8", F::SMFMAC, 32, 32, 32, 1, E::BF8, E::FP8, E::F32, kCbAb, CDNA34},
    {"llvm.amdgcn.smfmac.f32.32x32x32.bf8.bf8", F::SMFMAC, 32, 32, 32, 1, E::BF8, E::BF8, E::F32, kCbAb, CDNA34},
    // CDNA4 (gfx950) only: twice the K.
    {"llvm.amdgcn.smfmac.f32.16x16x64.f16", F::SMFMAC, 16, 16, 64, 1, E::F16, E::F16, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.32x32x32.f16", F::SMFMAC, 32, 32, 32, 1, E::F16, E::F16, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.16x16x64.bf16", F::SMFMAC, 16, 16, 64, 1, E::BF16, E::BF16, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.32x32x32.bf16", F::SMFMAC, 32, 32, 32, 1, E::BF16, E::BF16, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.i32.16x16x128.i8", F::SMFMAC, 16, 16, 128, 1, E::I8, E::I8, E::I32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.i32.32x32x64.i8", F::SMFMAC, 32, 32, 64, 1, E::I8, E::I8, E::I32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.16x16x128.fp8.fp8", F::SMFMAC, 16, 16, 128, 1, E::FP8, E::FP8, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.16x16x128.fp8.bf8", F::SMFMAC, 16, 16, 128, 1, E::FP8, E::BF8, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.16x16x128.bf8.fp8", F::SMFMAC, 16, 16, 128, 1, E::BF8, E::FP8, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.16x16x128.bf8.bf8", F::SMFMAC, 16, 16, 128, 1, E::BF8, E::BF8, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.32x32x64.fp8.fp8", F::SMFMAC, 32, 32, 64, 1, E::FP8, E::FP8, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.32x32x64.fp8.bf8", F::SMFMAC, 32, 32, 64, 1, E::FP8, E::BF8, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.32x32x64.bf8.fp8", F::SMFMAC, 32, 32, 64, 1, E::BF8, E::FP8, E::F32, kCbAb, C4},
    {"llvm.amdgcn.smfmac.f32.32x32x64.bf8.bf8", F::SMFMAC, 32, 32, 64, 1, E::BF8, E::BF8, E::F32, kCbAb, C4},
};

} // namespace

/// Strips the overload suffix of a mangled intrinsic name by matching the
/// longest known base name that is a prefix followed by '.' or the end.

const Spec *matrixops::findSpec(llvm::StringRef name) {
  const Spec *best = nullptr;
  for (const Spec &s : kSpecs) {
    llvm::StringRef base(s.name);
    if (!name.starts_with(base))
      continue;
    if (name.size() != base.size() && name[base.size()] != '.')
      continue;
    if (!best || base.size() > llvm::StringRef(best->name).size())
      best = &s;
  }
  return best;
}

llvm::ArrayRef<Spec> matrixops::getSpecs() { return kSpecs; }
