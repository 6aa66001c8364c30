// RUN: not mcore-opt %s --convert-mcore-to-amdgpu 2>&1 | FileCheck %s
// RUN: not mcore-opt %s --convert-mcore-to-amdgpu=chip=gfx9000 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// The pipeline under the old name checks its chip when it is parsed: it
// needs one, since upstream's convert-amdgpu-to-rocdl takes no attribute.
// RUN: not mcore-opt %s --convert-mcore-to-rocdl 2>&1 | FileCheck %s --check-prefix=ALIAS
// RUN: not mcore-opt %s --convert-mcore-to-rocdl=chip=gfx9000 2>&1 | FileCheck %s --check-prefix=ALIAS-UNKNOWN

func.func @f(%a: vector<4xf16>, %b: vector<4xf16>, %c: vector<16xf32>) -> vector<16xf32> {
  // CHECK: no-chip.mlir:[[@LINE+2]]:8: error: convert-mcore-to-amdgpu needs a target chip: pass chip=<name>, or set a 'mcore.chip' attribute (#mcore.chip<...>) on an enclosing op
  // UNKNOWN: no-chip.mlir:[[@LINE+1]]:8: error: convert-mcore-to-amdgpu: unknown chip 'gfx9000'; supported chips: gfx908, gfx90a, gfx942, gfx950, gfx1100, gfx1101, gfx1102, gfx1200, gfx1201
  %d = mcore.mma %a, %b, %c {intrinsic = #mcore.intrinsic<mfma_f32_32x32x8f16>}
      : vector<4xf16>, vector<4xf16> into vector<16xf32>
  return %d : vector<16xf32>
}

// ALIAS: error: convert-mcore-to-rocdl needs chip=CHIP (upstream's convert-amdgpu-to-rocdl takes its chipset only as an option); supported chips: gfx908,
// ALIAS-NOT: func.func
// ALIAS-UNKNOWN: error: convert-mcore-to-rocdl: unknown chip 'gfx9000'; supported chips: gfx908,
// ALIAS-UNKNOWN-NOT: func.func
