; The VGPRs one wave may address (ChipInfo::maxVgprs, the heuristic's
; register budget): 256 on RDNA, where llc-22 spills the rest; 1024 on
; gfx1250, where llc-22 keeps all 768 + 254 in registers, setting the high
; bits of the register numbers with s_set_vgpr_msb itself. A later LLVM that
; changes this must change lib/Target/Chip.cpp with it.
;
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1250 %s -o - | FileCheck --check-prefix=GFX1250 %s
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1201 %s -o - | FileCheck --check-prefix=GFX1201 %s

; GFX1250: s_set_vgpr_msb
; GFX1250: ; NumVgprs: 1022
; GFX1250: ; ScratchSize: 0
; GFX1250: ; Occupancy: 1

; GFX1201: ; NumVgprs: 25{{[0-9]}}
; GFX1201: ; ScratchSize: {{[1-9][0-9]*}}

define amdgpu_kernel void @pressure(ptr addrspace(1) %p, ptr addrspace(1) %q) #0 {
  %a = load volatile <768 x float>, ptr addrspace(1) %p
  %b = fmul <768 x float> %a, %a
  store volatile <768 x float> %b, ptr addrspace(1) %q
  store volatile <768 x float> %a, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "amdgpu-waves-per-eu"="1,1" "amdgpu-flat-work-group-size"="32,32" }
