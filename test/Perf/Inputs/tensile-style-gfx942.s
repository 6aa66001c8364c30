/******************************************/
/* Hand-written for test/Perf/tensile-style.test: the constructs of      */
/* Tensile's (hipBLASLt's) generated kernels that mcore-perf must read.  */
/******************************************/
.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
.text
.protected tensile_like
.globl tensile_like
.p2align 8
.type tensile_like,@function
.section .rodata,#alloc
.p2align 6
.amdhsa_kernel tensile_like
  .amdhsa_user_sgpr_kernarg_segment_ptr 1
  .amdhsa_next_free_vgpr 128 // vgprs
  .amdhsa_next_free_sgpr 64 // sgprs
  .amdhsa_group_segment_fixed_size 16384 // lds bytes
  .amdhsa_accum_offset 128 // accvgpr offset
  .amdhsa_system_sgpr_workgroup_id_x 1
.end_amdhsa_kernel
.text
/* Num VGPR   =128 */
.set vgprValuC, 0
.set vgprValuA, 32
.set vgprValuB, 40
.set vgprG2L, 48
.set vgprLocalAddr, 60
.set vgprGlobalOffset, 61
.set sgprLoopCounter, 20
.set sgprSrd, 24
/* a macro, as Tensile defines V_MAGIC_DIV and GLOBAL_OFFSET */
.macro ADVANCE_LDS vAddr:req, amount:req
  v_xor_b32 v[\vAddr], \amount, v[\vAddr] // swap the LDS buffer
.endm
tensile_like:
label_ASM_Start:  /// Main body of the asm kernel
s_mov_b32 s[sgprLoopCounter], 16            // loop counter
s_cmp_eq_u32 s[sgprLoopCounter], 0          // skip everything?
s_cbranch_scc0 label_NoBranch_0              // Only branch on scc1
s_getpc_b64 s[28:29]                         // addr of next instr
s_add_i32 s30, label_KernelEnd, 0x4          // target branch offset
s_add_u32 s28, s28, s30                      // add target branch offset
s_addc_u32 s29, s29, 0                       // add high and carry
s_setpc_b64 s[28:29]                         // branch to label_KernelEnd
label_NoBranch_0:
v_mov_b32 v[vgprLocalAddr], 0                /* LDS address */
/* the main loop: 4 MFMAs per iteration */
label_LoopBeginL:
buffer_load_dwordx4 v[vgprG2L+0:vgprG2L+3], v[vgprGlobalOffset], s[sgprSrd:sgprSrd+3], 0 offen offset:0 // load A
buffer_load_short_d16 v[vgprG2L+4], v[vgprGlobalOffset], s[sgprSrd:sgprSrd+3], 0 offen offset:16 // a d16 load
ds_read_b64 v[vgprValuA+0:vgprValuA+1], v[vgprLocalAddr] offset:0
ds_read_b64 v[vgprValuB+0:vgprValuB+1], v[vgprLocalAddr] offset:512
s_waitcnt lgkmcnt(0)
v_mfma_f32_32x32x8_f16 v[vgprValuC+0:vgprValuC+15], v[vgprValuA+0:vgprValuA+1], v[vgprValuB+0:vgprValuB+1], v[vgprValuC+0:vgprValuC+15]
v_mfma_f32_32x32x8_f16 v[vgprValuC+16:vgprValuC+31], v[vgprValuA+0:vgprValuA+1], v[vgprValuB+0:vgprValuB+1], v[vgprValuC+16:vgprValuC+31]
v_mfma_f32_32x32x8_f16 v[vgprValuC+0:vgprValuC+15], v[vgprValuA+0:vgprValuA+1], v[vgprValuB+0:vgprValuB+1], v[vgprValuC+0:vgprValuC+15]
v_mfma_f32_32x32x8_f16 v[vgprValuC+16:vgprValuC+31], v[vgprValuA+0:vgprValuA+1], v[vgprValuB+0:vgprValuB+1], v[vgprValuC+16:vgprValuC+31]
s_waitcnt vmcnt(0)
ds_write_b128 v[vgprLocalAddr], v[vgprG2L+0:vgprG2L+3] offset:1024
ADVANCE_LDS vgprLocalAddr, 0x2000
s_sub_u32 s[sgprLoopCounter], s[sgprLoopCounter], 1 // dec counter
s_cmp_eq_i32 s[sgprLoopCounter], 0x0       // counter==0 ?
s_cbranch_scc0 label_LoopBeginL            // restart LoopL
label_LoopEndL:
/* the tail loop over K's remainder: one MFMA per iteration, fewer lines */
s_cmp_eq_u32 s21, 0                        // no remainder?
s_cbranch_scc1 label_SkipTailLoopL
label_TailLoopBeginL:
v_mfma_f32_32x32x8_f16 v[vgprValuC+0:vgprValuC+15], v[vgprValuA+0:vgprValuA+1], v[vgprValuB+0:vgprValuB+1], v[vgprValuC+0:vgprValuC+15]
s_sub_u32 s21, s21, 1
s_cmp_eq_i32 s21, 0x0
s_cbranch_scc0 label_TailLoopBeginL
label_SkipTailLoopL:
/* two epilogues: edge tiles (long) and whole tiles (short) */
s_cmp_eq_u32 s22, 0                        // edges?
s_cbranch_scc1 label_GW_B0_E0
label_GW_B0_E1:
v_cmp_lt_u32 vcc, v1, s23
v_cndmask_b32 v2, -1, v2, vcc
v_cmp_lt_u32 vcc, v3, s23
v_cndmask_b32 v4, -1, v4, vcc
v_cmp_lt_u32 vcc, v5, s23
v_cndmask_b32 v6, -1, v6, vcc
v_cmp_lt_u32 vcc, v7, s23
v_cndmask_b32 v8, -1, v8, vcc
v_cmp_lt_u32 vcc, v9, s23
v_cndmask_b32 v10, -1, v10, vcc
v_cmp_lt_u32 vcc, v11, s23
v_cndmask_b32 v12, -1, v12, vcc
buffer_store_dword v[vgprValuC+0], v2, s[sgprSrd:sgprSrd+3], 0 offen
buffer_store_dword v[vgprValuC+1], v4, s[sgprSrd:sgprSrd+3], 0 offen
buffer_store_dword v[vgprValuC+2], v6, s[sgprSrd:sgprSrd+3], 0 offen
buffer_store_dword v[vgprValuC+3], v8, s[sgprSrd:sgprSrd+3], 0 offen
s_branch label_GW_End
label_GW_B0_E0:
buffer_store_dwordx4 v[vgprValuC+0:vgprValuC+3], v2, s[sgprSrd:sgprSrd+3], 0 offen
label_GW_End:
label_KernelEnd:
s_endpgm                                   // Kernel End
