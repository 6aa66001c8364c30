	.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
	.amdhsa_code_object_version 5
	.text
	.globl	mm                              ; -- Begin function mm
	.p2align	8
	.type	mm,@function
mm:                                     ; @mm
.Lfunc_begin0:
; %bb.0:
	s_clause 0x1
	s_load_b96 s[4:6], s[0:1], 0x20
	s_load_b64 s[14:15], s[0:1], 0x0
	v_dual_mov_b32 v74, v0 :: v_dual_mov_b32 v5, 0
.Ltmp0:
	s_lshl_b32 s33, ttmp9, 7
	v_mov_b32_e32 v6, 0
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_or_b32_e32 v0, s33, v74
	s_wait_kmcnt 0x0
	v_mul_lo_u32 v0, s5, v0
	s_cmp_gt_i32 s4, 0
	s_mov_b32 s8, s6
	s_cselect_b32 s3, -1, 0
	s_cmp_lt_i32 s4, 1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64_e32 v[1:2], 1, v[0:1]
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_add_co_u32 v1, vcc_lo, s14, v1
	v_add_co_ci_u32_e64 v2, null, s15, v2, vcc_lo
	s_cbranch_scc1 .LBB0_2
; %bb.1:
	global_load_u16 v6, v[1:2], off
.LBB0_2:
	v_cndmask_b32_e64 v0, 0, 1, s3
	s_and_not1_b32 vcc_lo, exec_lo, s3
	s_ashr_i32 s9, s6, 31
	s_delay_alu instid0(VALU_DEP_1)
	v_cmp_ne_u32_e64 s2, 1, v0
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_4
; %bb.3:
	s_lshl_b64 s[10:11], s[8:9], 1
	s_delay_alu instid0(SALU_CYCLE_1)
	v_add_co_u32 v3, vcc_lo, v1, s10
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s11, v2, vcc_lo
	global_load_u16 v5, v[3:4], off
.LBB0_4:
	v_dual_mov_b32 v7, 0 :: v_dual_mov_b32 v8, 0
	s_lshl_b32 s10, s6, 1
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_ashr_i32 s11, s10, 31
	s_cbranch_vccnz .LBB0_6
; %bb.5:
	s_wait_alu 0xfffe
	s_lshl_b64 s[12:13], s[10:11], 1
	s_delay_alu instid0(SALU_CYCLE_1)
	v_add_co_u32 v3, vcc_lo, v1, s12
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s13, v2, vcc_lo
	global_load_u16 v8, v[3:4], off
.LBB0_6:
	s_mul_i32 s12, s6, 3
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_ashr_i32 s13, s12, 31
	s_cbranch_vccnz .LBB0_8
; %bb.7:
	s_wait_alu 0xfffe
	s_lshl_b64 s[16:17], s[12:13], 1
	s_delay_alu instid0(SALU_CYCLE_1)
	v_add_co_u32 v3, vcc_lo, v1, s16
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s17, v2, vcc_lo
	global_load_u16 v7, v[3:4], off
.LBB0_8:
	v_dual_mov_b32 v9, 0 :: v_dual_mov_b32 v10, 0
	s_lshl_b32 s16, s6, 2
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_ashr_i32 s17, s16, 31
	s_cbranch_vccnz .LBB0_10
; %bb.9:
	s_wait_alu 0xfffe
	s_lshl_b64 s[18:19], s[16:17], 1
	s_delay_alu instid0(SALU_CYCLE_1)
	v_add_co_u32 v3, vcc_lo, v1, s18
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s19, v2, vcc_lo
	global_load_u16 v10, v[3:4], off
.LBB0_10:
	s_mul_i32 s18, s6, 5
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_ashr_i32 s19, s18, 31
	s_cbranch_vccnz .LBB0_12
; %bb.11:
	s_wait_alu 0xfffe
	s_lshl_b64 s[20:21], s[18:19], 1
	s_delay_alu instid0(SALU_CYCLE_1)
	v_add_co_u32 v3, vcc_lo, v1, s20
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s21, v2, vcc_lo
	global_load_u16 v9, v[3:4], off
.LBB0_12:
	v_dual_mov_b32 v11, 0 :: v_dual_mov_b32 v12, 0
	s_mul_i32 s20, s6, 6
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_ashr_i32 s21, s20, 31
	s_cbranch_vccnz .LBB0_14
; %bb.13:
	s_wait_alu 0xfffe
	s_lshl_b64 s[22:23], s[20:21], 1
	s_delay_alu instid0(SALU_CYCLE_1)
	v_add_co_u32 v3, vcc_lo, v1, s22
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s23, v2, vcc_lo
	global_load_u16 v12, v[3:4], off
.LBB0_14:
	s_mul_i32 s22, s6, 7
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_ashr_i32 s23, s22, 31
	s_cbranch_vccnz .LBB0_16
; %bb.15:
	s_wait_alu 0xfffe
	s_lshl_b64 s[24:25], s[22:23], 1
	s_delay_alu instid0(SALU_CYCLE_1)
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v11, v[3:4], off
.LBB0_16:
	v_dual_mov_b32 v13, 0 :: v_dual_mov_b32 v14, 0
	s_lshl_b32 s44, s6, 3
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s45, s44, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_18
; %bb.17:
	s_lshl_b64 s[24:25], s[44:45], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v14, v[3:4], off
.LBB0_18:
	s_mul_i32 s72, s6, 9
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s73, s72, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_20
; %bb.19:
	s_lshl_b64 s[24:25], s[72:73], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v13, v[3:4], off
.LBB0_20:
	v_dual_mov_b32 v15, 0 :: v_dual_mov_b32 v16, 0
	s_mul_i32 s70, s6, 10
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s71, s70, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_22
; %bb.21:
	s_lshl_b64 s[24:25], s[70:71], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v16, v[3:4], off
.LBB0_22:
	s_mul_i32 s68, s6, 11
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s69, s68, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_24
; %bb.23:
	s_lshl_b64 s[24:25], s[68:69], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v15, v[3:4], off
.LBB0_24:
	v_dual_mov_b32 v17, 0 :: v_dual_mov_b32 v18, 0
	s_mul_i32 s66, s6, 12
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s67, s66, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_26
; %bb.25:
	s_lshl_b64 s[24:25], s[66:67], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v18, v[3:4], off
.LBB0_26:
	s_mul_i32 s64, s6, 13
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s65, s64, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_28
; %bb.27:
	s_lshl_b64 s[24:25], s[64:65], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v17, v[3:4], off
.LBB0_28:
	v_dual_mov_b32 v19, 0 :: v_dual_mov_b32 v20, 0
	s_mul_i32 s62, s6, 14
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s63, s62, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_30
; %bb.29:
	s_lshl_b64 s[24:25], s[62:63], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v20, v[3:4], off
.LBB0_30:
	s_mul_i32 s60, s6, 15
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s61, s60, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_32
; %bb.31:
	s_lshl_b64 s[24:25], s[60:61], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v19, v[3:4], off
.LBB0_32:
	v_dual_mov_b32 v21, 0 :: v_dual_mov_b32 v22, 0
	s_lshl_b32 s58, s6, 4
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s59, s58, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_34
; %bb.33:
	s_lshl_b64 s[24:25], s[58:59], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v22, v[3:4], off
.LBB0_34:
	s_mul_i32 s56, s6, 17
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s57, s56, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_36
; %bb.35:
	s_lshl_b64 s[24:25], s[56:57], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v21, v[3:4], off
.LBB0_36:
	v_dual_mov_b32 v23, 0 :: v_dual_mov_b32 v24, 0
	s_mul_i32 s54, s6, 18
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s55, s54, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_38
; %bb.37:
	s_lshl_b64 s[24:25], s[54:55], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v24, v[3:4], off
.LBB0_38:
	s_mul_i32 s52, s6, 19
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s53, s52, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_40
; %bb.39:
	s_lshl_b64 s[24:25], s[52:53], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v23, v[3:4], off
.LBB0_40:
	v_dual_mov_b32 v25, 0 :: v_dual_mov_b32 v26, 0
	s_mul_i32 s50, s6, 20
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s51, s50, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_42
; %bb.41:
	s_lshl_b64 s[24:25], s[50:51], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v26, v[3:4], off
.LBB0_42:
	s_mul_i32 s48, s6, 21
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s49, s48, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_44
; %bb.43:
	s_lshl_b64 s[24:25], s[48:49], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v25, v[3:4], off
.LBB0_44:
	v_dual_mov_b32 v27, 0 :: v_dual_mov_b32 v28, 0
	s_mul_i32 s46, s6, 22
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s47, s46, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_46
; %bb.45:
	s_lshl_b64 s[24:25], s[46:47], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v28, v[3:4], off
.LBB0_46:
	s_mul_i32 s42, s6, 23
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s43, s42, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_48
; %bb.47:
	s_lshl_b64 s[24:25], s[42:43], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v27, v[3:4], off
.LBB0_48:
	v_dual_mov_b32 v29, 0 :: v_dual_mov_b32 v30, 0
	s_mul_i32 s40, s6, 24
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s41, s40, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_50
; %bb.49:
	s_lshl_b64 s[24:25], s[40:41], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v30, v[3:4], off
.LBB0_50:
	s_mul_i32 s38, s6, 25
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s39, s38, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_52
; %bb.51:
	s_lshl_b64 s[24:25], s[38:39], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v29, v[3:4], off
.LBB0_52:
	v_dual_mov_b32 v31, 0 :: v_dual_mov_b32 v32, 0
	s_mul_i32 s36, s6, 26
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s37, s36, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_54
; %bb.53:
	s_lshl_b64 s[24:25], s[36:37], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v32, v[3:4], off
.LBB0_54:
	s_mul_i32 s34, s6, 27
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s35, s34, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_56
; %bb.55:
	s_lshl_b64 s[24:25], s[34:35], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v31, v[3:4], off
.LBB0_56:
	v_dual_mov_b32 v34, 0 :: v_dual_mov_b32 v35, 0
	s_mul_i32 s30, s6, 28
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s31, s30, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_58
; %bb.57:
	s_lshl_b64 s[24:25], s[30:31], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v35, v[3:4], off
.LBB0_58:
	s_mul_i32 s28, s6, 29
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s29, s28, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_60
; %bb.59:
	s_lshl_b64 s[24:25], s[28:29], 1
	s_wait_alu 0xfffe
	v_add_co_u32 v3, vcc_lo, v1, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s25, v2, vcc_lo
	global_load_u16 v34, v[3:4], off
.LBB0_60:
	s_load_b64 s[24:25], s[0:1], 0x8
	v_dual_mov_b32 v36, 0 :: v_dual_mov_b32 v37, 0
	s_mul_i32 s74, s6, 30
	s_and_b32 vcc_lo, exec_lo, s2
	s_ashr_i32 s75, s74, 31
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_62
; %bb.61:
	s_lshl_b64 s[26:27], s[74:75], 1
	s_delay_alu instid0(SALU_CYCLE_1)
	v_add_co_u32 v3, vcc_lo, v1, s26
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v4, null, s27, v2, vcc_lo
	global_load_u16 v37, v[3:4], off
.LBB0_62:
	s_load_b64 s[76:77], s[0:1], 0x2c
	s_mul_i32 s26, s6, 31
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_ashr_i32 s27, s26, 31
	s_cbranch_vccnz .LBB0_64
; %bb.63:
	s_wait_alu 0xfffe
	s_lshl_b64 s[78:79], s[26:27], 1
	s_delay_alu instid0(SALU_CYCLE_1)
	v_add_co_u32 v0, vcc_lo, v1, s78
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v1, null, s79, v2, vcc_lo
	global_load_u16 v36, v[0:1], off
.LBB0_64:
	v_dual_mov_b32 v39, 0 :: v_dual_and_b32 v0, 31, v74
	v_lshrrev_b32_e32 v33, 5, v74
	s_lshl_b32 s3, ttmp7, 7
	v_mov_b32_e32 v38, 0
	s_wait_kmcnt 0x0
	v_mul_lo_u32 v0, s76, v0
	s_wait_alu 0xfffe
	s_and_b32 s80, s3, 0x7fff80
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_or_b32_e32 v45, s80, v33
	v_mul_lo_u32 v3, s77, v45
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64_e32 v[1:2], 1, v[0:1]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v46, vcc_lo, s24, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v47, null, s25, v2, vcc_lo
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_66
; %bb.65:
	v_ashrrev_i32_e32 v4, 31, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[39:40], 1, v[3:4]
	v_add_co_u32 v39, vcc_lo, v46, v39
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v40, null, v47, v40, vcc_lo
	global_load_u16 v39, v[39:40], off
.LBB0_66:
	s_lshl_b32 s3, s77, 2
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	v_add_nc_u32_e32 v3, s3, v3
	s_cbranch_vccnz .LBB0_68
; %bb.67:
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v4, 31, v3
	v_lshlrev_b64_e32 v[40:41], 1, v[3:4]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v40, vcc_lo, v46, v40
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v41, null, v47, v41, vcc_lo
	global_load_u16 v38, v[40:41], off
.LBB0_68:
	s_delay_alu instid0(VALU_DEP_1)
	v_dual_mov_b32 v40, 0 :: v_dual_add_nc_u32 v3, s3, v3
	v_mov_b32_e32 v41, 0
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_70
; %bb.69:
	v_ashrrev_i32_e32 v4, 31, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[41:42], 1, v[3:4]
	v_add_co_u32 v41, vcc_lo, v46, v41
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v42, null, v47, v42, vcc_lo
	global_load_u16 v41, v[41:42], off
.LBB0_70:
	v_add_nc_u32_e32 v3, s3, v3
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_72
; %bb.71:
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v4, 31, v3
	v_lshlrev_b64_e32 v[42:43], 1, v[3:4]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v42, vcc_lo, v46, v42
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v43, null, v47, v43, vcc_lo
	global_load_u16 v40, v[42:43], off
.LBB0_72:
	s_delay_alu instid0(VALU_DEP_1)
	v_dual_mov_b32 v42, 0 :: v_dual_add_nc_u32 v3, s3, v3
	v_mov_b32_e32 v44, 0
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_74
; %bb.73:
	v_ashrrev_i32_e32 v4, 31, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[43:44], 1, v[3:4]
	v_add_co_u32 v43, vcc_lo, v46, v43
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v44, null, v47, v44, vcc_lo
	global_load_u16 v44, v[43:44], off
.LBB0_74:
	v_add_nc_u32_e32 v3, s3, v3
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_76
; %bb.75:
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v4, 31, v3
	v_lshlrev_b64_e32 v[42:43], 1, v[3:4]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v42, vcc_lo, v46, v42
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v43, null, v47, v43, vcc_lo
	global_load_u16 v42, v[42:43], off
.LBB0_76:
	s_delay_alu instid0(VALU_DEP_1)
	v_dual_mov_b32 v48, 0 :: v_dual_add_nc_u32 v3, s3, v3
	v_mov_b32_e32 v43, 0
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_78
; %bb.77:
	v_ashrrev_i32_e32 v4, 31, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[48:49], 1, v[3:4]
	v_add_co_u32 v48, vcc_lo, v46, v48
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v49, null, v47, v49, vcc_lo
	global_load_u16 v48, v[48:49], off
.LBB0_78:
	v_or_b32_e32 v0, 28, v45
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_mul_lo_u32 v49, s77, v0
	v_ashrrev_i32_e32 v50, 31, v49
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[49:50], 1, v[49:50]
	v_add_co_u32 v129, vcc_lo, v46, v49
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v130, null, v47, v50, vcc_lo
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_80
; %bb.79:
	global_load_u16 v43, v[129:130], off
.LBB0_80:
	s_lshl_b32 s7, s77, 3
	v_dual_mov_b32 v49, 0 :: v_dual_mov_b32 v50, 0
	v_add_nc_u32_e32 v3, s7, v3
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_82
; %bb.81:
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v4, 31, v3
	v_lshlrev_b64_e32 v[50:51], 1, v[3:4]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v50, vcc_lo, v46, v50
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v51, null, v47, v51, vcc_lo
	global_load_u16 v50, v[50:51], off
.LBB0_82:
	s_delay_alu instid0(VALU_DEP_1)
	v_add_nc_u32_e32 v3, s3, v3
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_84
; %bb.83:
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v4, 31, v3
	v_lshlrev_b64_e32 v[51:52], 1, v[3:4]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v51, vcc_lo, v46, v51
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v52, null, v47, v52, vcc_lo
	global_load_u16 v49, v[51:52], off
.LBB0_84:
	s_delay_alu instid0(VALU_DEP_1)
	v_dual_mov_b32 v52, 0 :: v_dual_add_nc_u32 v3, s3, v3
	v_mov_b32_e32 v51, 0
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_86
; %bb.85:
	v_ashrrev_i32_e32 v4, 31, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[52:53], 1, v[3:4]
	v_add_co_u32 v52, vcc_lo, v46, v52
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v53, null, v47, v53, vcc_lo
	global_load_u16 v52, v[52:53], off
.LBB0_86:
	v_add_nc_u32_e32 v3, s3, v3
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_88
; %bb.87:
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v4, 31, v3
	v_lshlrev_b64_e32 v[53:54], 1, v[3:4]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v53, vcc_lo, v46, v53
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v54, null, v47, v54, vcc_lo
	global_load_u16 v51, v[53:54], off
.LBB0_88:
	s_delay_alu instid0(VALU_DEP_1)
	v_add_nc_u32_e32 v3, s3, v3
	v_mov_b32_e32 v53, 0
	v_mov_b32_e32 v55, 0
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_90
; %bb.89:
	v_ashrrev_i32_e32 v4, 31, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[54:55], 1, v[3:4]
	v_add_co_u32 v54, vcc_lo, v46, v54
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v55, null, v47, v55, vcc_lo
	global_load_u16 v55, v[54:55], off
.LBB0_90:
	v_add_nc_u32_e32 v3, s3, v3
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_92
; %bb.91:
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v4, 31, v3
	v_lshlrev_b64_e32 v[53:54], 1, v[3:4]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v53, vcc_lo, v46, v53
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v54, null, v47, v54, vcc_lo
	global_load_u16 v53, v[53:54], off
.LBB0_92:
	s_delay_alu instid0(VALU_DEP_1)
	v_dual_mov_b32 v54, 0 :: v_dual_add_nc_u32 v3, s3, v3
	v_mov_b32_e32 v57, 0
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_94
; %bb.93:
	v_ashrrev_i32_e32 v4, 31, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[56:57], 1, v[3:4]
	v_add_co_u32 v56, vcc_lo, v46, v56
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v57, null, v47, v57, vcc_lo
	global_load_u16 v57, v[56:57], off
.LBB0_94:
	v_or_b32_e32 v0, 60, v45
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_mul_lo_u32 v58, s77, v0
	v_ashrrev_i32_e32 v59, 31, v58
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[58:59], 1, v[58:59]
	v_add_co_u32 v131, vcc_lo, v46, v58
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v132, null, v47, v59, vcc_lo
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_96
; %bb.95:
	global_load_u16 v54, v[131:132], off
.LBB0_96:
	v_dual_mov_b32 v56, 0 :: v_dual_add_nc_u32 v3, s7, v3
	v_mov_b32_e32 v59, 0
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_98
; %bb.97:
	v_ashrrev_i32_e32 v4, 31, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[58:59], 1, v[3:4]
	v_add_co_u32 v58, vcc_lo, v46, v58
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v59, null, v47, v59, vcc_lo
	global_load_u16 v59, v[58:59], off
.LBB0_98:
	v_add_nc_u32_e32 v3, s3, v3
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_100
; %bb.99:
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v4, 31, v3
	v_lshlrev_b64_e32 v[60:61], 1, v[3:4]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v60, vcc_lo, v46, v60
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v61, null, v47, v61, vcc_lo
	global_load_u16 v56, v[60:61], off
.LBB0_100:
	s_delay_alu instid0(VALU_DEP_1)
	v_dual_mov_b32 v58, 0 :: v_dual_add_nc_u32 v3, s3, v3
	v_mov_b32_e32 v61, 0
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_102
; %bb.101:
	v_ashrrev_i32_e32 v4, 31, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[60:61], 1, v[3:4]
	v_add_co_u32 v60, vcc_lo, v46, v60
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v61, null, v47, v61, vcc_lo
	global_load_u16 v61, v[60:61], off
.LBB0_102:
	v_add_nc_u32_e32 v3, s3, v3
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_104
; %bb.103:
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v4, 31, v3
	v_lshlrev_b64_e32 v[62:63], 1, v[3:4]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v62, vcc_lo, v46, v62
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v63, null, v47, v63, vcc_lo
	global_load_u16 v58, v[62:63], off
.LBB0_104:
	s_delay_alu instid0(VALU_DEP_1)
	v_dual_mov_b32 v60, 0 :: v_dual_add_nc_u32 v3, s3, v3
	v_mov_b32_e32 v63, 0
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_106
; %bb.105:
	v_ashrrev_i32_e32 v4, 31, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[62:63], 1, v[3:4]
	v_add_co_u32 v62, vcc_lo, v46, v62
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v63, null, v47, v63, vcc_lo
	global_load_u16 v63, v[62:63], off
.LBB0_106:
	v_add_nc_u32_e32 v3, s3, v3
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_108
; %bb.107:
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v4, 31, v3
	v_lshlrev_b64_e32 v[64:65], 1, v[3:4]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v64, vcc_lo, v46, v64
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v65, null, v47, v65, vcc_lo
	global_load_u16 v60, v[64:65], off
.LBB0_108:
	s_delay_alu instid0(VALU_DEP_1)
	v_dual_mov_b32 v62, 0 :: v_dual_add_nc_u32 v3, s3, v3
	v_mov_b32_e32 v65, 0
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_110
; %bb.109:
	v_ashrrev_i32_e32 v4, 31, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[64:65], 1, v[3:4]
	v_add_co_u32 v64, vcc_lo, v46, v64
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v65, null, v47, v65, vcc_lo
	global_load_u16 v65, v[64:65], off
.LBB0_110:
	v_or_b32_e32 v0, 0x5c, v45
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_mul_lo_u32 v66, s77, v0
	v_ashrrev_i32_e32 v67, 31, v66
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[66:67], 1, v[66:67]
	v_add_co_u32 v133, vcc_lo, v46, v66
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v134, null, v47, v67, vcc_lo
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_112
; %bb.111:
	global_load_u16 v62, v[133:134], off
.LBB0_112:
	v_dual_mov_b32 v64, 0 :: v_dual_add_nc_u32 v3, s7, v3
	v_mov_b32_e32 v67, 0
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_114
; %bb.113:
	v_ashrrev_i32_e32 v4, 31, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[66:67], 1, v[3:4]
	v_add_co_u32 v66, vcc_lo, v46, v66
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v67, null, v47, v67, vcc_lo
	global_load_u16 v67, v[66:67], off
.LBB0_114:
	v_add_nc_u32_e32 v3, s3, v3
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_116
; %bb.115:
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v4, 31, v3
	v_lshlrev_b64_e32 v[68:69], 1, v[3:4]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v68, vcc_lo, v46, v68
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v69, null, v47, v69, vcc_lo
	global_load_u16 v64, v[68:69], off
.LBB0_116:
	s_delay_alu instid0(VALU_DEP_1)
	v_dual_mov_b32 v66, 0 :: v_dual_add_nc_u32 v3, s3, v3
	v_mov_b32_e32 v69, 0
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_118
; %bb.117:
	v_ashrrev_i32_e32 v4, 31, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[68:69], 1, v[3:4]
	v_add_co_u32 v68, vcc_lo, v46, v68
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v69, null, v47, v69, vcc_lo
	global_load_u16 v69, v[68:69], off
.LBB0_118:
	v_add_nc_u32_e32 v3, s3, v3
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_120
; %bb.119:
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v4, 31, v3
	v_lshlrev_b64_e32 v[70:71], 1, v[3:4]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v70, vcc_lo, v46, v70
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v71, null, v47, v71, vcc_lo
	global_load_u16 v66, v[70:71], off
.LBB0_120:
	s_delay_alu instid0(VALU_DEP_1)
	v_dual_mov_b32 v68, 0 :: v_dual_add_nc_u32 v3, s3, v3
	v_mov_b32_e32 v70, 0
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_122
; %bb.121:
	v_ashrrev_i32_e32 v4, 31, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[70:71], 1, v[3:4]
	v_add_co_u32 v70, vcc_lo, v46, v70
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v71, null, v47, v71, vcc_lo
	global_load_u16 v70, v[70:71], off
.LBB0_122:
	v_add_nc_u32_e32 v3, s3, v3
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_124
; %bb.123:
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v4, 31, v3
	v_lshlrev_b64_e32 v[71:72], 1, v[3:4]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v71, vcc_lo, v46, v71
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v72, null, v47, v72, vcc_lo
	global_load_u16 v68, v[71:72], off
.LBB0_124:
	v_dual_mov_b32 v4, 0 :: v_dual_mov_b32 v71, 0
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_126
; %bb.125:
	v_add_nc_u32_e32 v71, s3, v3
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v72, 31, v71
	v_lshlrev_b64_e32 v[71:72], 1, v[71:72]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v71, vcc_lo, v46, v71
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v72, null, v47, v72, vcc_lo
	global_load_u16 v71, v[71:72], off
.LBB0_126:
	v_or_b32_e32 v0, 0x7c, v45
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_mul_lo_u32 v72, s77, v0
	v_ashrrev_i32_e32 v73, 31, v72
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[72:73], 1, v[72:73]
	v_add_co_u32 v135, vcc_lo, v46, v72
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v136, null, v47, v73, vcc_lo
	s_and_b32 vcc_lo, exec_lo, s2
	s_wait_alu 0xfffe
	s_cbranch_vccnz .LBB0_128
; %bb.127:
	global_load_u16 v4, v[135:136], off
.LBB0_128:
	v_lshlrev_b32_e32 v0, 1, v74
	v_bfe_i32 v3, v74, 6, 1
	s_load_b64 s[2:3], s[0:1], 0x10
	v_and_b32_e32 v186, 15, v74
	v_and_b32_e32 v187, 64, v74
	v_add_nc_u32_e32 v202, 0, v0
	v_and_b32_e32 v0, 0x7e, v0
	v_and_b32_e32 v3, 0x90, v3
	s_sub_co_i32 s82, s4, 32
	s_mov_b32 s81, 0
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v6
	ds_store_b16 v202, v5 offset:256
	ds_store_b16 v202, v8 offset:512
	ds_store_b16 v202, v7 offset:768
	ds_store_b16 v202, v10 offset:1024
	ds_store_b16 v202, v9 offset:1280
	ds_store_b16 v202, v12 offset:1536
	ds_store_b16 v202, v11 offset:1792
	ds_store_b16 v202, v14 offset:2048
	ds_store_b16 v202, v13 offset:2304
	ds_store_b16 v202, v16 offset:2560
	ds_store_b16 v202, v15 offset:2816
	ds_store_b16 v202, v18 offset:3072
	ds_store_b16 v202, v17 offset:3328
	ds_store_b16 v202, v20 offset:3584
	ds_store_b16 v202, v19 offset:3840
	v_xor_b32_e32 v0, v3, v0
	v_lshlrev_b32_e32 v10, 1, v186
	v_and_b32_e32 v11, 16, v74
	v_lshrrev_b32_e32 v12, 1, v187
	v_lshlrev_b32_e32 v9, 3, v74
	v_add_nc_u32_e32 v203, 0, v0
	v_xor_b32_e32 v0, 32, v0
	v_lshlrev_b32_e32 v13, 5, v74
	s_cmp_lt_i32 s82, 1
	ds_store_b16 v202, v22 offset:4096
	ds_store_b16 v202, v21 offset:4352
	ds_store_b16 v202, v24 offset:4608
	ds_store_b16 v202, v23 offset:4864
	ds_store_b16 v202, v26 offset:5120
	ds_store_b16 v202, v25 offset:5376
	ds_store_b16 v202, v28 offset:5632
	ds_store_b16 v202, v27 offset:5888
	ds_store_b16 v202, v30 offset:6144
	ds_store_b16 v202, v29 offset:6400
	ds_store_b16 v202, v32 offset:6656
	ds_store_b16 v202, v31 offset:6912
	ds_store_b16 v202, v35 offset:7168
	ds_store_b16 v202, v34 offset:7424
	ds_store_b16 v202, v37 offset:7680
	ds_store_b16 v202, v36 offset:7936
	v_add_nc_u32_e32 v204, 0, v0
	ds_store_b16 v203, v39 offset:8192
	ds_store_b16 v203, v41 offset:8704
	ds_store_b16 v203, v44 offset:9216
	ds_store_b16 v203, v48 offset:9728
	ds_store_b16 v203, v50 offset:10240
	ds_store_b16 v203, v52 offset:10752
	ds_store_b16 v203, v55 offset:11264
	ds_store_b16 v203, v57 offset:11776
	ds_store_b16 v203, v59 offset:12288
	ds_store_b16 v203, v61 offset:12800
	ds_store_b16 v203, v63 offset:13312
	ds_store_b16 v203, v65 offset:13824
	ds_store_b16 v203, v67 offset:14336
	ds_store_b16 v203, v69 offset:14848
	ds_store_b16 v203, v70 offset:15360
	ds_store_b16 v203, v71 offset:15872
	ds_store_b16 v204, v38 offset:8448
	ds_store_b16 v204, v40 offset:8960
	ds_store_b16 v204, v42 offset:9472
	ds_store_b16 v204, v43 offset:9984
	ds_store_b16 v204, v49 offset:10496
	ds_store_b16 v204, v51 offset:11008
	ds_store_b16 v204, v53 offset:11520
	ds_store_b16 v204, v54 offset:12032
	ds_store_b16 v204, v56 offset:12544
	ds_store_b16 v204, v58 offset:13056
	ds_store_b16 v204, v60 offset:13568
	ds_store_b16 v204, v62 offset:14080
	ds_store_b16 v204, v64 offset:14592
	ds_store_b16 v204, v66 offset:15104
	ds_store_b16 v204, v68 offset:15616
	ds_store_b16 v204, v4 offset:16128
	scratch_store_b32 off, v74, off offset:96 ; 4-byte Folded Spill
	s_cbranch_scc1 .LBB0_132
; %bb.129:                              ; %.lr.ph
	v_dual_mov_b32 v121, 0 :: v_dual_add_nc_u32 v0, s80, v33
	v_and_b32_e32 v3, 48, v9
	v_lshl_add_u32 v6, v11, 7, 0
	s_clause 0x3
	scratch_store_b32 off, v187, off offset:104
	scratch_store_b32 off, v9, off offset:124
	scratch_store_b32 off, v186, off offset:100
	scratch_store_b32 off, v11, off offset:112
	v_dual_mov_b32 v123, v121 :: v_dual_add_nc_u32 v4, 0x78, v0
	v_mov_b32_e32 v122, v121
	v_lshl_or_b32 v5, v186, 6, v3
	v_mov_b32_e32 v125, v121
	s_delay_alu instid0(VALU_DEP_4)
	v_mul_lo_u32 v3, s77, v4
	v_add_nc_u32_e32 v4, 0x74, v0
	v_dual_mov_b32 v124, v121 :: v_dual_add_nc_u32 v7, 0x70, v0
	v_xor_b32_e32 v8, v5, v11
	s_clause 0x1
	scratch_store_b32 off, v10, off offset:108
	scratch_store_b32 off, v12, off offset:116
	v_mul_lo_u32 v5, s77, v4
	v_add3_u32 v205, v6, v12, v10
	v_ashrrev_i32_e32 v4, 31, v3
	v_and_or_b32 v10, 0x400, v13, v8
	v_mul_lo_u32 v7, s77, v7
	scratch_store_b32 off, v13, off offset:120 ; 4-byte Folded Spill
	v_dual_mov_b32 v126, v121 :: v_dual_add_nc_u32 v9, 0x6c, v0
	v_lshlrev_b64_e32 v[3:4], 1, v[3:4]
	v_ashrrev_i32_e32 v6, 31, v5
	scratch_store_b32 off, v10, off offset:92 ; 4-byte Folded Spill
	v_xor_b32_e32 v11, 32, v10
	v_ashrrev_i32_e32 v8, 31, v7
	v_mul_lo_u32 v9, s77, v9
	v_add_co_u32 v10, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v12, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[5:6]
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v137, vcc_lo, s24, v10
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v138, null, s25, v12, vcc_lo
	v_ashrrev_i32_e32 v10, 31, v9
	s_delay_alu instid0(VALU_DEP_4)
	v_add_co_u32 v5, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v6, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[7:8]
	v_dual_mov_b32 v128, v121 :: v_dual_add_nc_u32 v7, 0x68, v0
	v_add_co_u32 v139, vcc_lo, s24, v5
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v140, null, s25, v6, vcc_lo
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v5, s77, v7
	v_add_co_u32 v6, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v7, null, v4, v2, vcc_lo
	v_dual_mov_b32 v127, v121 :: v_dual_add_nc_u32 v8, 0x64, v0
	v_lshlrev_b64_e32 v[3:4], 1, v[9:10]
	v_add_co_u32 v141, vcc_lo, s24, v6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v142, null, s25, v7, vcc_lo
	v_ashrrev_i32_e32 v6, 31, v5
	v_mul_lo_u32 v7, s77, v8
	v_add_co_u32 v8, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[5:6]
	v_dual_mov_b32 v114, v121 :: v_dual_add_nc_u32 v5, 0x60, v0
	v_add_co_u32 v143, vcc_lo, s24, v8
	v_ashrrev_i32_e32 v8, 31, v7
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v5, s77, v5
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v144, null, s25, v9, vcc_lo
	v_add_co_u32 v6, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[7:8]
	v_dual_mov_b32 v116, v121 :: v_dual_add_nc_u32 v7, 0x58, v0
	v_add_co_u32 v145, vcc_lo, s24, v6
	v_ashrrev_i32_e32 v6, 31, v5
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v7, s77, v7
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v146, null, s25, v9, vcc_lo
	v_add_co_u32 v8, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[5:6]
	v_dual_mov_b32 v118, v121 :: v_dual_add_nc_u32 v5, 0x54, v0
	v_add_co_u32 v147, vcc_lo, s24, v8
	v_ashrrev_i32_e32 v8, 31, v7
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v5, s77, v5
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v148, null, s25, v9, vcc_lo
	v_add_co_u32 v6, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[7:8]
	v_dual_mov_b32 v120, v121 :: v_dual_add_nc_u32 v7, 0x50, v0
	v_add_co_u32 v149, vcc_lo, s24, v6
	v_ashrrev_i32_e32 v6, 31, v5
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v7, s77, v7
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v150, null, s25, v9, vcc_lo
	v_add_co_u32 v8, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[5:6]
	v_dual_mov_b32 v106, v121 :: v_dual_add_nc_u32 v5, 0x4c, v0
	v_add_co_u32 v151, vcc_lo, s24, v8
	v_ashrrev_i32_e32 v8, 31, v7
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v5, s77, v5
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v152, null, s25, v9, vcc_lo
	v_add_co_u32 v6, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[7:8]
	v_dual_mov_b32 v108, v121 :: v_dual_add_nc_u32 v7, 0x48, v0
	v_add_co_u32 v153, vcc_lo, s24, v6
	v_ashrrev_i32_e32 v6, 31, v5
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v7, s77, v7
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v154, null, s25, v9, vcc_lo
	v_add_co_u32 v8, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[5:6]
	v_dual_mov_b32 v110, v121 :: v_dual_add_nc_u32 v5, 0x44, v0
	v_add_co_u32 v155, vcc_lo, s24, v8
	v_ashrrev_i32_e32 v8, 31, v7
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v5, s77, v5
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v156, null, s25, v9, vcc_lo
	v_add_co_u32 v6, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[7:8]
	v_dual_mov_b32 v112, v121 :: v_dual_add_nc_u32 v7, 64, v0
	v_add_co_u32 v157, vcc_lo, s24, v6
	v_ashrrev_i32_e32 v6, 31, v5
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v7, s77, v7
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v158, null, s25, v9, vcc_lo
	v_add_co_u32 v8, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[5:6]
	v_dual_mov_b32 v98, v121 :: v_dual_add_nc_u32 v5, 56, v0
	v_add_co_u32 v159, vcc_lo, s24, v8
	v_ashrrev_i32_e32 v8, 31, v7
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v5, s77, v5
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v160, null, s25, v9, vcc_lo
	v_add_co_u32 v6, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[7:8]
	v_dual_mov_b32 v100, v121 :: v_dual_add_nc_u32 v7, 52, v0
	v_add_co_u32 v161, vcc_lo, s24, v6
	v_ashrrev_i32_e32 v6, 31, v5
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v7, s77, v7
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v162, null, s25, v9, vcc_lo
	v_add_co_u32 v8, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[5:6]
	v_dual_mov_b32 v102, v121 :: v_dual_add_nc_u32 v5, 48, v0
	v_add_co_u32 v163, vcc_lo, s24, v8
	v_ashrrev_i32_e32 v8, 31, v7
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v5, s77, v5
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v164, null, s25, v9, vcc_lo
	v_add_co_u32 v6, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[7:8]
	v_dual_mov_b32 v104, v121 :: v_dual_add_nc_u32 v7, 44, v0
	v_add_co_u32 v165, vcc_lo, s24, v6
	v_ashrrev_i32_e32 v6, 31, v5
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v7, s77, v7
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v166, null, s25, v9, vcc_lo
	v_add_co_u32 v8, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[5:6]
	v_dual_mov_b32 v90, v121 :: v_dual_add_nc_u32 v5, 40, v0
	v_add_co_u32 v167, vcc_lo, s24, v8
	v_ashrrev_i32_e32 v8, 31, v7
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v5, s77, v5
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v168, null, s25, v9, vcc_lo
	v_add_co_u32 v6, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[7:8]
	v_dual_mov_b32 v92, v121 :: v_dual_add_nc_u32 v7, 36, v0
	v_add_co_u32 v169, vcc_lo, s24, v6
	v_ashrrev_i32_e32 v6, 31, v5
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v7, s77, v7
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v170, null, s25, v9, vcc_lo
	v_add_co_u32 v8, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[5:6]
	v_dual_mov_b32 v94, v121 :: v_dual_add_nc_u32 v5, 32, v0
	v_add_co_u32 v171, vcc_lo, s24, v8
	v_ashrrev_i32_e32 v8, 31, v7
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v5, s77, v5
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v172, null, s25, v9, vcc_lo
	v_add_co_u32 v6, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[7:8]
	v_dual_mov_b32 v96, v121 :: v_dual_add_nc_u32 v7, 24, v0
	v_add_co_u32 v173, vcc_lo, s24, v6
	v_ashrrev_i32_e32 v6, 31, v5
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v7, s77, v7
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v174, null, s25, v9, vcc_lo
	v_add_co_u32 v8, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[5:6]
	v_dual_mov_b32 v82, v121 :: v_dual_add_nc_u32 v5, 20, v0
	v_add_co_u32 v175, vcc_lo, s24, v8
	v_ashrrev_i32_e32 v8, 31, v7
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v5, s77, v5
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v176, null, s25, v9, vcc_lo
	v_add_co_u32 v6, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[7:8]
	v_dual_mov_b32 v84, v121 :: v_dual_add_nc_u32 v7, 16, v0
	v_add_co_u32 v177, vcc_lo, s24, v6
	v_ashrrev_i32_e32 v6, 31, v5
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v7, s77, v7
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v178, null, s25, v9, vcc_lo
	v_add_co_u32 v8, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[5:6]
	v_dual_mov_b32 v86, v121 :: v_dual_add_nc_u32 v5, 12, v0
	v_add_co_u32 v179, vcc_lo, s24, v8
	v_ashrrev_i32_e32 v8, 31, v7
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v5, s77, v5
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v180, null, s25, v9, vcc_lo
	v_add_co_u32 v6, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[7:8]
	v_dual_mov_b32 v88, v121 :: v_dual_add_nc_u32 v7, 8, v0
	v_add_co_u32 v181, vcc_lo, s24, v6
	v_ashrrev_i32_e32 v6, 31, v5
	s_delay_alu instid0(VALU_DEP_3)
	v_mul_lo_u32 v7, s77, v7
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v182, null, s25, v9, vcc_lo
	v_add_co_u32 v8, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[5:6]
	v_add_nc_u32_e32 v5, 4, v0
	v_add_co_u32 v183, vcc_lo, s24, v8
	v_ashrrev_i32_e32 v8, 31, v7
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v184, null, s25, v9, vcc_lo
	v_mul_lo_u32 v5, s77, v5
	v_add_co_u32 v6, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[7:8]
	s_delay_alu instid0(VALU_DEP_3)
	v_add_co_u32 v185, vcc_lo, s24, v6
	v_ashrrev_i32_e32 v6, 31, v5
	v_mul_lo_u32 v7, s77, v0
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v186, null, s25, v9, vcc_lo
	v_add_co_u32 v0, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v8, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[5:6]
	v_dual_mov_b32 v76, v121 :: v_dual_add_nc_u32 v5, s33, v74
	v_add_co_u32 v187, vcc_lo, s24, v0
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v188, null, s25, v8, vcc_lo
	v_ashrrev_i32_e32 v8, 31, v7
	v_mul_lo_u32 v5, s5, v5
	v_add_co_u32 v0, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v6, null, v4, v2, vcc_lo
	v_lshlrev_b64_e32 v[3:4], 1, v[7:8]
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v189, vcc_lo, s24, v0
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v190, null, s25, v6, vcc_lo
	v_ashrrev_i32_e32 v6, 31, v5
	s_delay_alu instid0(VALU_DEP_4)
	v_add_co_u32 v3, vcc_lo, v3, v1
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v2, null, v4, v2, vcc_lo
	s_lshl_b32 s78, s6, 5
	v_lshlrev_b64_e32 v[0:1], 1, v[5:6]
	s_wait_alu 0xfffe
	s_ashr_i32 s79, s78, 31
	v_add_co_u32 v191, vcc_lo, s24, v3
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v192, null, s25, v2, vcc_lo
	s_wait_alu 0xfffe
	s_lshl_b64 s[24:25], s[78:79], 1
	s_lshl_b32 s84, s76, 5
	s_wait_alu 0xfffe
	s_add_nc_u64 s[14:15], s[14:15], s[24:25]
	v_mov_b32_e32 v113, v121
	s_wait_alu 0xfffe
	v_add_co_u32 v193, vcc_lo, s14, v0
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v194, null, s15, v1, vcc_lo
	v_dual_mov_b32 v115, v121 :: v_dual_add_nc_u32 v0, 0, v11
	v_dual_mov_b32 v78, v121 :: v_dual_mov_b32 v117, v121
	v_dual_mov_b32 v80, v121 :: v_dual_mov_b32 v119, v121
	v_dual_mov_b32 v66, v121 :: v_dual_mov_b32 v105, v121
	v_dual_mov_b32 v68, v121 :: v_dual_mov_b32 v107, v121
	v_dual_mov_b32 v70, v121 :: v_dual_mov_b32 v109, v121
	v_dual_mov_b32 v72, v121 :: v_dual_mov_b32 v111, v121
	v_dual_mov_b32 v58, v121 :: v_dual_mov_b32 v97, v121
	v_dual_mov_b32 v60, v121 :: v_dual_mov_b32 v99, v121
	v_dual_mov_b32 v62, v121 :: v_dual_mov_b32 v101, v121
	v_dual_mov_b32 v64, v121 :: v_dual_mov_b32 v103, v121
	v_dual_mov_b32 v50, v121 :: v_dual_mov_b32 v89, v121
	v_dual_mov_b32 v52, v121 :: v_dual_mov_b32 v91, v121
	v_dual_mov_b32 v54, v121 :: v_dual_mov_b32 v93, v121
	v_dual_mov_b32 v56, v121 :: v_dual_mov_b32 v95, v121
	v_dual_mov_b32 v42, v121 :: v_dual_mov_b32 v81, v121
	v_dual_mov_b32 v44, v121 :: v_dual_mov_b32 v83, v121
	v_dual_mov_b32 v46, v121 :: v_dual_mov_b32 v85, v121
	v_dual_mov_b32 v48, v121 :: v_dual_mov_b32 v87, v121
	v_dual_mov_b32 v34, v121 :: v_dual_mov_b32 v73, v121
	v_mov_b32_e32 v36, v121
	v_dual_mov_b32 v74, v121 :: v_dual_mov_b32 v75, v121
	v_dual_mov_b32 v38, v121 :: v_dual_mov_b32 v77, v121
	v_dual_mov_b32 v40, v121 :: v_dual_mov_b32 v79, v121
	v_dual_mov_b32 v26, v121 :: v_dual_mov_b32 v65, v121
	v_dual_mov_b32 v28, v121 :: v_dual_mov_b32 v67, v121
	v_dual_mov_b32 v30, v121 :: v_dual_mov_b32 v69, v121
	v_dual_mov_b32 v32, v121 :: v_dual_mov_b32 v71, v121
	v_dual_mov_b32 v18, v121 :: v_dual_mov_b32 v57, v121
	v_dual_mov_b32 v20, v121 :: v_dual_mov_b32 v59, v121
	v_dual_mov_b32 v22, v121 :: v_dual_mov_b32 v61, v121
	v_dual_mov_b32 v24, v121 :: v_dual_mov_b32 v63, v121
	v_dual_mov_b32 v232, v121 :: v_dual_mov_b32 v49, v121
	v_dual_mov_b32 v234, v121 :: v_dual_mov_b32 v51, v121
	v_dual_mov_b32 v236, v121 :: v_dual_mov_b32 v53, v121
	v_dual_mov_b32 v238, v121 :: v_dual_mov_b32 v55, v121
	v_dual_mov_b32 v2, v121 :: v_dual_mov_b32 v41, v121
	v_dual_mov_b32 v4, v121 :: v_dual_mov_b32 v43, v121
	v_dual_mov_b32 v6, v121 :: v_dual_mov_b32 v45, v121
	v_dual_mov_b32 v8, v121 :: v_dual_mov_b32 v47, v121
	v_mov_b32_e32 v33, v121
	v_mov_b32_e32 v35, v121
	v_mov_b32_e32 v37, v121
	v_mov_b32_e32 v39, v121
	v_mov_b32_e32 v25, v121
	v_mov_b32_e32 v27, v121
	v_mov_b32_e32 v29, v121
	v_mov_b32_e32 v31, v121
	v_mov_b32_e32 v17, v121
	v_mov_b32_e32 v19, v121
	v_mov_b32_e32 v21, v121
	v_mov_b32_e32 v23, v121
	v_mov_b32_e32 v231, v121
	v_mov_b32_e32 v233, v121
	v_mov_b32_e32 v235, v121
	v_mov_b32_e32 v237, v121
	v_mov_b32_e32 v1, v121
	v_mov_b32_e32 v3, v121
	v_mov_b32_e32 v5, v121
	v_mov_b32_e32 v7, v121
	s_ashr_i32 s85, s84, 31
	s_lshl_b64 s[26:27], s[26:27], 1
	s_lshl_b64 s[6:7], s[84:85], 1
	s_lshl_b64 s[14:15], s[74:75], 1
	s_lshl_b64 s[28:29], s[28:29], 1
	s_lshl_b64 s[30:31], s[30:31], 1
	s_lshl_b64 s[34:35], s[34:35], 1
	s_lshl_b64 s[36:37], s[36:37], 1
	s_lshl_b64 s[38:39], s[38:39], 1
	s_lshl_b64 s[40:41], s[40:41], 1
	s_lshl_b64 s[42:43], s[42:43], 1
	s_lshl_b64 s[46:47], s[46:47], 1
	s_lshl_b64 s[48:49], s[48:49], 1
	s_lshl_b64 s[50:51], s[50:51], 1
	s_lshl_b64 s[52:53], s[52:53], 1
	s_lshl_b64 s[54:55], s[54:55], 1
	s_lshl_b64 s[56:57], s[56:57], 1
	s_lshl_b64 s[58:59], s[58:59], 1
	s_lshl_b64 s[60:61], s[60:61], 1
	s_lshl_b64 s[62:63], s[62:63], 1
	s_lshl_b64 s[64:65], s[64:65], 1
	s_lshl_b64 s[66:67], s[66:67], 1
	s_lshl_b64 s[68:69], s[68:69], 1
	s_lshl_b64 s[70:71], s[70:71], 1
	s_lshl_b64 s[72:73], s[72:73], 1
	s_lshl_b64 s[44:45], s[44:45], 1
	s_lshl_b64 s[22:23], s[22:23], 1
	s_lshl_b64 s[20:21], s[20:21], 1
	s_lshl_b64 s[18:19], s[18:19], 1
	s_lshl_b64 s[16:17], s[16:17], 1
	s_lshl_b64 s[12:13], s[12:13], 1
	s_lshl_b64 s[10:11], s[10:11], 1
	s_lshl_b64 s[8:9], s[8:9], 1
.LBB0_130:                              ; =>This Inner Loop Header: Depth=1
	s_delay_alu instid0(SALU_CYCLE_1)
	v_add_co_u32 v9, vcc_lo, v193, s8
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s9, v194, vcc_lo
	s_add_co_i32 s81, s81, 32
	s_wait_alu 0xfffe
	s_cmp_lt_i32 s81, s82
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off          ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s10
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s11, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:4 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s12
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s13, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:8 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s16
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s17, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:12 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s18
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s19, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:16 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s20
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s21, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:20 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s22
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s23, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:24 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s44
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s45, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:28 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s72
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s73, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:32 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s70
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s71, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:36 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s68
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s69, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:40 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s66
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s67, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:44 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s64
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s65, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:48 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s62
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s63, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:52 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s60
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s61, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:56 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s58
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s59, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:60 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s56
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s57, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:64 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s54
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s55, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:68 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s52
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s53, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:72 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s50
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s51, v194, vcc_lo
	global_load_u16 v200, v[9:10], off
	v_add_co_u32 v9, vcc_lo, v193, s48
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s49, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:76 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s46
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s47, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:80 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s42
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s43, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:84 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s40
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s41, v194, vcc_lo
	global_load_u16 v16, v[9:10], off
	v_add_co_u32 v9, vcc_lo, v193, s38
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s39, v194, vcc_lo
	global_load_u16 v199, v[9:10], off
	v_add_co_u32 v9, vcc_lo, v193, s36
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s37, v194, vcc_lo
	global_load_u16 v201, v[9:10], off
	v_add_co_u32 v9, vcc_lo, v193, s34
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s35, v194, vcc_lo
	global_load_u16 v9, v[9:10], off
	s_wait_loadcnt 0x0
	scratch_store_b32 off, v9, off offset:88 ; 4-byte Folded Spill
	v_add_co_u32 v9, vcc_lo, v193, s30
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s31, v194, vcc_lo
	global_load_u16 v13, v[9:10], off
	v_add_co_u32 v9, vcc_lo, v193, s28
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s29, v194, vcc_lo
	global_load_u16 v14, v[9:10], off
	v_add_co_u32 v9, vcc_lo, v193, s14
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s15, v194, vcc_lo
	global_load_u16 v15, v[9:10], off
	v_add_co_u32 v9, vcc_lo, v193, s26
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, s27, v194, vcc_lo
	s_clause 0x1
	global_load_u16 v206, v[9:10], off
	global_load_u16 v239, v[193:194], off
	s_wait_storecnt 0x0
	s_wait_loadcnt_dscnt 0x0
	s_barrier_signal -1
	s_barrier_wait -1
	global_inv scope:SCOPE_SE
	ds_load_u16 v242, v205 offset:1216
	ds_load_u16 v241, v205 offset:704
	ds_load_u16 v246, v205 offset:1024
	ds_load_u16 v245, v205 offset:512
	ds_load_u16 v247, v205 offset:1536
	ds_load_u16 v250, v205 offset:1152
	ds_load_u16 v251, v205 offset:1664
	ds_load_u16 v244, v205
	ds_load_u16 v253, v205 offset:576
	ds_load_u16 v252, v205 offset:64
	ds_load_u16 v248, v205 offset:128
	ds_load_u16 v249, v205 offset:640
	s_wait_dscnt 0xa
	ds_load_u16_d16_hi v241, v205 offset:960
	ds_load_u16 v240, v205 offset:192
	s_wait_dscnt 0xa
	ds_load_u16_d16_hi v245, v205 offset:768
	ds_load_u16_d16_hi v246, v205 offset:1280
	s_wait_dscnt 0xa
	ds_load_u16_d16_hi v250, v205 offset:1408
	ds_load_u16 v254, v205 offset:1088
	ds_load_u16_d16_hi v247, v205 offset:1792
	s_wait_dscnt 0xc
	ds_load_u16_d16_hi v251, v205 offset:1920
	ds_load_u16 v198, v205 offset:5760
	ds_load_u16 v195, v205 offset:4224
	ds_load_u16 v9, v205 offset:4096
	ds_load_u16 v243, v205 offset:1728
	s_wait_dscnt 0x10
	ds_load_u16_d16_hi v244, v205 offset:256
	s_wait_dscnt 0xf
	ds_load_u16_d16_hi v252, v205 offset:320
	s_wait_dscnt 0xf
	ds_load_u16_d16_hi v248, v205 offset:384
	s_wait_dscnt 0xd
	ds_load_u16_d16_hi v240, v205 offset:448
	ds_load_u16_d16_hi v253, v205 offset:832
	ds_load_u16_d16_hi v249, v205 offset:896
	scratch_load_b32 v10, off, off offset:92 ; 4-byte Folded Reload
	v_add_co_u32 v191, vcc_lo, v191, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v192, null, s7, v192, vcc_lo
	v_add_co_u32 v189, vcc_lo, v189, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v190, null, s7, v190, vcc_lo
	v_add_co_u32 v187, vcc_lo, v187, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v188, null, s7, v188, vcc_lo
	v_add_co_u32 v185, vcc_lo, v185, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v186, null, s7, v186, vcc_lo
	v_add_co_u32 v183, vcc_lo, v183, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v184, null, s7, v184, vcc_lo
	v_add_co_u32 v181, vcc_lo, v181, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v182, null, s7, v182, vcc_lo
	v_add_co_u32 v179, vcc_lo, v179, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v180, null, s7, v180, vcc_lo
	v_add_co_u32 v129, vcc_lo, v129, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v130, null, s7, v130, vcc_lo
	v_add_co_u32 v177, vcc_lo, v177, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v178, null, s7, v178, vcc_lo
	v_add_co_u32 v175, vcc_lo, v175, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v176, null, s7, v176, vcc_lo
	v_add_co_u32 v173, vcc_lo, v173, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v174, null, s7, v174, vcc_lo
	v_add_co_u32 v171, vcc_lo, v171, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v172, null, s7, v172, vcc_lo
	v_add_co_u32 v169, vcc_lo, v169, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v170, null, s7, v170, vcc_lo
	v_add_co_u32 v167, vcc_lo, v167, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v168, null, s7, v168, vcc_lo
	v_add_co_u32 v165, vcc_lo, v165, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v166, null, s7, v166, vcc_lo
	v_add_co_u32 v131, vcc_lo, v131, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v132, null, s7, v132, vcc_lo
	v_add_co_u32 v163, vcc_lo, v163, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v164, null, s7, v164, vcc_lo
	v_add_co_u32 v161, vcc_lo, v161, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v162, null, s7, v162, vcc_lo
	v_add_co_u32 v159, vcc_lo, v159, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v160, null, s7, v160, vcc_lo
	v_add_co_u32 v157, vcc_lo, v157, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v158, null, s7, v158, vcc_lo
	v_add_co_u32 v155, vcc_lo, v155, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v156, null, s7, v156, vcc_lo
	v_add_co_u32 v153, vcc_lo, v153, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v154, null, s7, v154, vcc_lo
	v_add_co_u32 v151, vcc_lo, v151, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v152, null, s7, v152, vcc_lo
	v_add_co_u32 v133, vcc_lo, v133, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v134, null, s7, v134, vcc_lo
	v_add_co_u32 v149, vcc_lo, v149, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v150, null, s7, v150, vcc_lo
	v_add_co_u32 v147, vcc_lo, v147, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v148, null, s7, v148, vcc_lo
	v_add_co_u32 v145, vcc_lo, v145, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v146, null, s7, v146, vcc_lo
	v_add_co_u32 v143, vcc_lo, v143, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v144, null, s7, v144, vcc_lo
	v_add_co_u32 v141, vcc_lo, v141, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v142, null, s7, v142, vcc_lo
	v_add_co_u32 v139, vcc_lo, v139, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v140, null, s7, v140, vcc_lo
	v_add_co_u32 v137, vcc_lo, v137, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v138, null, s7, v138, vcc_lo
	v_add_co_u32 v135, vcc_lo, v135, s6
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v136, null, s7, v136, vcc_lo
	v_add_co_u32 v193, vcc_lo, v193, s24
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v194, null, s25, v194, vcc_lo
	s_wait_loadcnt 0x0
	v_add_nc_u32_e32 v10, 0, v10
	ds_load_b128 v[207:210], v10 offset:10240
	ds_load_b128 v[211:214], v10 offset:12288
	ds_load_b128 v[215:218], v10 offset:14336
	ds_load_b128 v[219:222], v0 offset:8192
	s_wait_dscnt 0xd
	ds_load_u16_d16_hi v198, v205 offset:6016
	ds_load_u16 v226, v205 offset:5824
	s_wait_dscnt 0x0
	ds_load_u16_d16_hi v226, v205 offset:6080
	ds_load_b128 v[227:230], v10 offset:8192
	ds_load_u16 v255, v205 offset:1600
	ds_load_u16 v196, v205 offset:4736
	ds_load_u16_d16_hi v254, v205 offset:1344
	ds_load_u16_d16_hi v242, v205 offset:1472
	v_wmma_f32_16x16x16_f16 v[113:120], v[207:210], v[244:247], v[113:120]
	v_wmma_f32_16x16x16_f16 v[105:112], v[211:214], v[244:247], v[105:112]
	v_wmma_f32_16x16x16_f16 v[97:104], v[215:218], v[244:247], v[97:104]
	v_wmma_f32_16x16x16_f16 v[49:56], v[207:210], v[248:251], v[49:56]
	v_wmma_f32_16x16x16_f16 v[41:48], v[211:214], v[248:251], v[41:48]
	v_wmma_f32_16x16x16_f16 v[33:40], v[215:218], v[248:251], v[33:40]
	s_wait_dscnt 0x4
	v_wmma_f32_16x16x16_f16 v[121:128], v[227:230], v[244:247], v[121:128]
	s_wait_dscnt 0x3
	ds_load_u16_d16_hi v255, v205 offset:1856
	ds_load_u16_d16_hi v243, v205 offset:1984
	ds_load_u16_d16_hi v195, v205 offset:4480
	ds_load_u16 v223, v205 offset:4288
	ds_load_u16 v244, v205 offset:4160
	ds_load_u16 v197, v205 offset:5248
	ds_load_u16 v12, v205 offset:5632
	ds_load_u16 v10, v205 offset:4608
	ds_load_u16 v11, v205 offset:5120
	ds_load_u16_d16_hi v9, v205 offset:4352
	v_wmma_f32_16x16x16_f16 v[57:64], v[227:230], v[248:251], v[57:64]
	s_wait_dscnt 0x9
	v_wmma_f32_16x16x16_f16 v[81:88], v[207:210], v[252:255], v[81:88]
	v_wmma_f32_16x16x16_f16 v[73:80], v[211:214], v[252:255], v[73:80]
	v_wmma_f32_16x16x16_f16 v[65:72], v[215:218], v[252:255], v[65:72]
	s_wait_dscnt 0x8
	v_wmma_f32_16x16x16_f16 v[17:24], v[207:210], v[240:243], v[17:24]
	v_wmma_f32_16x16x16_f16 v[231:238], v[211:214], v[240:243], v[231:238]
	v_wmma_f32_16x16x16_f16 v[1:8], v[215:218], v[240:243], v[1:8]
	s_wait_dscnt 0x4
	ds_load_u16_d16_hi v197, v205 offset:5504
	s_wait_dscnt 0x4
	ds_load_u16_d16_hi v12, v205 offset:5888
	s_wait_dscnt 0x4
	ds_load_u16_d16_hi v10, v205 offset:4864
	ds_load_u16_d16_hi v196, v205 offset:4992
	ds_load_u16 v224, v205 offset:4800
	s_wait_dscnt 0x6
	ds_load_u16_d16_hi v11, v205 offset:5376
	ds_load_u16 v225, v205 offset:5312
	ds_load_b128 v[207:210], v0 offset:10240
	ds_load_b128 v[211:214], v0 offset:12288
	ds_load_b128 v[215:218], v0 offset:14336
	ds_load_u16 v245, v205 offset:4672
	ds_load_u16 v246, v205 offset:5184
	ds_load_u16 v247, v205 offset:5696
	ds_load_u16_d16_hi v244, v205 offset:4416
	ds_load_u16_d16_hi v223, v205 offset:4544
	s_wait_dscnt 0x4
	ds_load_u16_d16_hi v245, v205 offset:4928
	ds_load_u16_d16_hi v224, v205 offset:5056
	s_wait_dscnt 0x5
	ds_load_u16_d16_hi v246, v205 offset:5440
	ds_load_u16_d16_hi v225, v205 offset:5568
	s_wait_dscnt 0x6
	ds_load_u16_d16_hi v247, v205 offset:5952
	v_wmma_f32_16x16x16_f16 v[89:96], v[227:230], v[252:255], v[89:96]
	v_wmma_f32_16x16x16_f16 v[25:32], v[227:230], v[240:243], v[25:32]
	v_wmma_f32_16x16x16_f16 v[113:120], v[207:210], v[9:12], v[113:120]
	v_wmma_f32_16x16x16_f16 v[105:112], v[211:214], v[9:12], v[105:112]
	v_wmma_f32_16x16x16_f16 v[97:104], v[215:218], v[9:12], v[97:104]
	v_wmma_f32_16x16x16_f16 v[121:128], v[219:222], v[9:12], v[121:128]
	v_wmma_f32_16x16x16_f16 v[57:64], v[219:222], v[195:198], v[57:64]
	v_wmma_f32_16x16x16_f16 v[49:56], v[207:210], v[195:198], v[49:56]
	v_wmma_f32_16x16x16_f16 v[41:48], v[211:214], v[195:198], v[41:48]
	v_wmma_f32_16x16x16_f16 v[33:40], v[215:218], v[195:198], v[33:40]
	s_wait_dscnt 0x1
	v_wmma_f32_16x16x16_f16 v[25:32], v[219:222], v[223:226], v[25:32]
	s_wait_dscnt 0x0
	v_wmma_f32_16x16x16_f16 v[89:96], v[219:222], v[244:247], v[89:96]
	v_wmma_f32_16x16x16_f16 v[81:88], v[207:210], v[244:247], v[81:88]
	v_wmma_f32_16x16x16_f16 v[73:80], v[211:214], v[244:247], v[73:80]
	v_wmma_f32_16x16x16_f16 v[65:72], v[215:218], v[244:247], v[65:72]
	v_wmma_f32_16x16x16_f16 v[17:24], v[207:210], v[223:226], v[17:24]
	v_wmma_f32_16x16x16_f16 v[231:238], v[211:214], v[223:226], v[231:238]
	v_wmma_f32_16x16x16_f16 v[1:8], v[215:218], v[223:226], v[1:8]
	global_load_u16 v9, v[191:192], off
	global_load_u16 v10, v[187:188], off
	global_load_u16 v11, v[183:184], off
	global_load_u16 v12, v[179:180], off
	global_load_u16 v195, v[177:178], off
	global_load_u16 v196, v[173:174], off
	global_load_u16 v197, v[169:170], off
	global_load_u16 v198, v[165:166], off
	global_load_u16 v207, v[163:164], off
	global_load_u16 v208, v[159:160], off
	global_load_u16 v209, v[155:156], off
	global_load_u16 v210, v[151:152], off
	global_load_u16 v211, v[149:150], off
	global_load_u16 v212, v[145:146], off
	global_load_u16 v213, v[141:142], off
	global_load_u16 v214, v[137:138], off
	global_load_u16 v215, v[189:190], off
	global_load_u16 v216, v[185:186], off
	global_load_u16 v217, v[181:182], off
	global_load_u16 v218, v[129:130], off
	global_load_u16 v219, v[175:176], off
	global_load_u16 v220, v[171:172], off
	global_load_u16 v221, v[167:168], off
	global_load_u16 v222, v[131:132], off
	global_load_u16 v223, v[161:162], off
	global_load_u16 v224, v[157:158], off
	global_load_u16 v225, v[153:154], off
	global_load_u16 v226, v[133:134], off
	global_load_u16 v227, v[147:148], off
	global_load_u16 v228, v[143:144], off
	global_load_u16 v229, v[139:140], off
	global_load_u16 v230, v[135:136], off
	s_wait_loadcnt 0x0
	s_barrier_signal -1
	s_barrier_wait -1
	global_inv scope:SCOPE_SE
	ds_store_b16 v202, v239
	scratch_load_b32 v239, off, off th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:256
	scratch_load_b32 v239, off, off offset:4 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:512
	scratch_load_b32 v239, off, off offset:8 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:768
	scratch_load_b32 v239, off, off offset:12 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:1024
	scratch_load_b32 v239, off, off offset:16 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:1280
	scratch_load_b32 v239, off, off offset:20 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:1536
	scratch_load_b32 v239, off, off offset:24 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:1792
	scratch_load_b32 v239, off, off offset:28 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:2048
	scratch_load_b32 v239, off, off offset:32 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:2304
	scratch_load_b32 v239, off, off offset:36 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:2560
	scratch_load_b32 v239, off, off offset:40 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:2816
	scratch_load_b32 v239, off, off offset:44 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:3072
	scratch_load_b32 v239, off, off offset:48 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:3328
	scratch_load_b32 v239, off, off offset:52 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:3584
	scratch_load_b32 v239, off, off offset:56 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:3840
	scratch_load_b32 v239, off, off offset:60 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:4096
	scratch_load_b32 v239, off, off offset:64 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:4352
	scratch_load_b32 v239, off, off offset:68 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:4608
	scratch_load_b32 v239, off, off offset:72 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v239 offset:4864
	ds_store_b16 v202, v200 offset:5120
	scratch_load_b32 v200, off, off offset:76 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v200 offset:5376
	scratch_load_b32 v200, off, off offset:80 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v200 offset:5632
	scratch_load_b32 v200, off, off offset:84 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v200 offset:5888
	ds_store_b16 v202, v16 offset:6144
	ds_store_b16 v202, v199 offset:6400
	ds_store_b16 v202, v201 offset:6656
	scratch_load_b32 v16, off, off offset:88 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_wait_loadcnt 0x0
	ds_store_b16 v202, v16 offset:6912
	ds_store_b16 v202, v13 offset:7168
	ds_store_b16 v202, v14 offset:7424
	ds_store_b16 v202, v15 offset:7680
	ds_store_b16 v202, v206 offset:7936
	ds_store_b16 v203, v9 offset:8192
	ds_store_b16 v203, v10 offset:8704
	ds_store_b16 v203, v11 offset:9216
	ds_store_b16 v203, v12 offset:9728
	ds_store_b16 v203, v195 offset:10240
	ds_store_b16 v203, v196 offset:10752
	ds_store_b16 v203, v197 offset:11264
	ds_store_b16 v203, v198 offset:11776
	ds_store_b16 v203, v207 offset:12288
	ds_store_b16 v203, v208 offset:12800
	ds_store_b16 v203, v209 offset:13312
	ds_store_b16 v203, v210 offset:13824
	ds_store_b16 v203, v211 offset:14336
	ds_store_b16 v203, v212 offset:14848
	ds_store_b16 v203, v213 offset:15360
	ds_store_b16 v203, v214 offset:15872
	ds_store_b16 v204, v215 offset:8448
	ds_store_b16 v204, v216 offset:8960
	ds_store_b16 v204, v217 offset:9472
	ds_store_b16 v204, v218 offset:9984
	ds_store_b16 v204, v219 offset:10496
	ds_store_b16 v204, v220 offset:11008
	ds_store_b16 v204, v221 offset:11520
	ds_store_b16 v204, v222 offset:12032
	ds_store_b16 v204, v223 offset:12544
	ds_store_b16 v204, v224 offset:13056
	ds_store_b16 v204, v225 offset:13568
	ds_store_b16 v204, v226 offset:14080
	ds_store_b16 v204, v227 offset:14592
	ds_store_b16 v204, v228 offset:15104
	ds_store_b16 v204, v229 offset:15616
	ds_store_b16 v204, v230 offset:16128
	s_cbranch_scc1 .LBB0_130
; %bb.131:                              ; %Flow
	s_clause 0x6
	scratch_load_b32 v186, off, off offset:100
	scratch_load_b32 v187, off, off offset:104
	scratch_load_b32 v10, off, off offset:108
	scratch_load_b32 v11, off, off offset:112
	scratch_load_b32 v12, off, off offset:116
	scratch_load_b32 v13, off, off offset:120
	scratch_load_b32 v9, off, off offset:124
	s_branch .LBB0_133
.LBB0_132:
	v_mov_b32_e32 v8, 0
	s_delay_alu instid0(VALU_DEP_1)
	v_dual_mov_b32 v7, v8 :: v_dual_mov_b32 v6, v8
	v_dual_mov_b32 v5, v8 :: v_dual_mov_b32 v4, v8
	v_dual_mov_b32 v3, v8 :: v_dual_mov_b32 v2, v8
	v_dual_mov_b32 v1, v8 :: v_dual_mov_b32 v238, v8
	v_dual_mov_b32 v237, v8 :: v_dual_mov_b32 v236, v8
	v_dual_mov_b32 v235, v8 :: v_dual_mov_b32 v234, v8
	v_dual_mov_b32 v233, v8 :: v_dual_mov_b32 v232, v8
	v_dual_mov_b32 v231, v8 :: v_dual_mov_b32 v24, v8
	v_dual_mov_b32 v23, v8 :: v_dual_mov_b32 v22, v8
	v_dual_mov_b32 v21, v8 :: v_dual_mov_b32 v20, v8
	v_dual_mov_b32 v19, v8 :: v_dual_mov_b32 v18, v8
	v_dual_mov_b32 v17, v8 :: v_dual_mov_b32 v32, v8
	v_dual_mov_b32 v31, v8 :: v_dual_mov_b32 v30, v8
	v_dual_mov_b32 v29, v8 :: v_dual_mov_b32 v28, v8
	v_dual_mov_b32 v27, v8 :: v_dual_mov_b32 v26, v8
	v_dual_mov_b32 v25, v8 :: v_dual_mov_b32 v40, v8
	v_dual_mov_b32 v39, v8 :: v_dual_mov_b32 v38, v8
	v_dual_mov_b32 v37, v8 :: v_dual_mov_b32 v36, v8
	v_dual_mov_b32 v35, v8 :: v_dual_mov_b32 v34, v8
	v_dual_mov_b32 v33, v8 :: v_dual_mov_b32 v48, v8
	v_dual_mov_b32 v47, v8 :: v_dual_mov_b32 v46, v8
	v_dual_mov_b32 v45, v8 :: v_dual_mov_b32 v44, v8
	v_dual_mov_b32 v43, v8 :: v_dual_mov_b32 v42, v8
	v_dual_mov_b32 v41, v8 :: v_dual_mov_b32 v56, v8
	v_dual_mov_b32 v55, v8 :: v_dual_mov_b32 v54, v8
	v_dual_mov_b32 v53, v8 :: v_dual_mov_b32 v52, v8
	v_dual_mov_b32 v51, v8 :: v_dual_mov_b32 v50, v8
	v_dual_mov_b32 v49, v8 :: v_dual_mov_b32 v64, v8
	v_dual_mov_b32 v63, v8 :: v_dual_mov_b32 v62, v8
	v_dual_mov_b32 v61, v8 :: v_dual_mov_b32 v60, v8
	v_dual_mov_b32 v59, v8 :: v_dual_mov_b32 v58, v8
	v_dual_mov_b32 v57, v8 :: v_dual_mov_b32 v72, v8
	v_dual_mov_b32 v71, v8 :: v_dual_mov_b32 v70, v8
	v_dual_mov_b32 v69, v8 :: v_dual_mov_b32 v68, v8
	v_dual_mov_b32 v67, v8 :: v_dual_mov_b32 v66, v8
	v_dual_mov_b32 v65, v8 :: v_dual_mov_b32 v80, v8
	v_dual_mov_b32 v79, v8 :: v_dual_mov_b32 v78, v8
	v_dual_mov_b32 v77, v8 :: v_dual_mov_b32 v76, v8
	v_dual_mov_b32 v75, v8 :: v_dual_mov_b32 v74, v8
	v_dual_mov_b32 v73, v8 :: v_dual_mov_b32 v88, v8
	v_dual_mov_b32 v87, v8 :: v_dual_mov_b32 v86, v8
	v_dual_mov_b32 v85, v8 :: v_dual_mov_b32 v84, v8
	v_dual_mov_b32 v83, v8 :: v_dual_mov_b32 v82, v8
	v_dual_mov_b32 v81, v8 :: v_dual_mov_b32 v96, v8
	v_dual_mov_b32 v95, v8 :: v_dual_mov_b32 v94, v8
	v_dual_mov_b32 v93, v8 :: v_dual_mov_b32 v92, v8
	v_dual_mov_b32 v91, v8 :: v_dual_mov_b32 v90, v8
	v_dual_mov_b32 v89, v8 :: v_dual_mov_b32 v104, v8
	v_dual_mov_b32 v103, v8 :: v_dual_mov_b32 v102, v8
	v_dual_mov_b32 v101, v8 :: v_dual_mov_b32 v100, v8
	v_dual_mov_b32 v99, v8 :: v_dual_mov_b32 v98, v8
	v_dual_mov_b32 v97, v8 :: v_dual_mov_b32 v112, v8
	v_dual_mov_b32 v111, v8 :: v_dual_mov_b32 v110, v8
	v_dual_mov_b32 v109, v8 :: v_dual_mov_b32 v108, v8
	v_dual_mov_b32 v107, v8 :: v_dual_mov_b32 v106, v8
	v_dual_mov_b32 v105, v8 :: v_dual_mov_b32 v120, v8
	v_dual_mov_b32 v119, v8 :: v_dual_mov_b32 v118, v8
	v_dual_mov_b32 v117, v8 :: v_dual_mov_b32 v116, v8
	v_dual_mov_b32 v115, v8 :: v_dual_mov_b32 v114, v8
	v_dual_mov_b32 v113, v8 :: v_dual_mov_b32 v128, v8
	v_dual_mov_b32 v127, v8 :: v_dual_mov_b32 v126, v8
	v_dual_mov_b32 v125, v8 :: v_dual_mov_b32 v124, v8
	v_dual_mov_b32 v123, v8 :: v_dual_mov_b32 v122, v8
	v_mov_b32_e32 v121, v8
.LBB0_133:                              ; %Flow489
	s_load_b64 s[0:1], s[0:1], 0x34
	s_add_co_i32 s4, s4, 31
	s_wait_storecnt 0x0
	s_wait_loadcnt_dscnt 0x0
	s_wait_alu 0xfffe
	s_cmp_lt_i32 s4, 32
	s_barrier_signal -1
	s_barrier_wait -1
	global_inv scope:SCOPE_SE
	s_cbranch_scc1 .LBB0_135
; %bb.134:
	v_and_b32_e32 v0, 48, v9
	v_lshl_add_u32 v9, v11, 7, 0
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_2)
	v_lshl_or_b32 v0, v186, 6, v0
	v_add3_u32 v185, v9, v12, v10
	s_delay_alu instid0(VALU_DEP_2)
	v_xor_b32_e32 v0, v0, v11
	ds_load_u16 v12, v185 offset:1664
	ds_load_u16 v11, v185 offset:1152
	v_and_or_b32 v0, 0x400, v13, v0
	ds_load_u16 v15, v185 offset:1024
	ds_load_u16 v10, v185 offset:640
	ds_load_u16 v129, v185 offset:192
	ds_load_u16 v14, v185 offset:512
	ds_load_u16 v9, v185 offset:128
	ds_load_u16 v133, v185 offset:64
	ds_load_u16 v13, v185
	ds_load_u16 v140, v185 offset:5632
	v_xad_u32 v16, v0, 32, 0
	v_add_nc_u32_e32 v0, 0, v0
	ds_load_b128 v[141:144], v16 offset:14336
	ds_load_b128 v[145:148], v16 offset:12288
	ds_load_u16 v139, v185 offset:5120
	ds_load_b128 v[149:152], v16 offset:10240
	ds_load_b128 v[153:156], v16 offset:8192
	ds_load_b128 v[157:160], v0 offset:14336
	ds_load_b128 v[161:164], v0 offset:12288
	ds_load_u16 v16, v185 offset:1536
	ds_load_u16 v138, v185 offset:4608
	s_wait_dscnt 0x11
	ds_load_u16_d16_hi v11, v185 offset:1408
	ds_load_u16 v131, v185 offset:1216
	s_wait_dscnt 0x12
	ds_load_u16_d16_hi v15, v185 offset:1280
	ds_load_u16 v135, v185 offset:1088
	ds_load_u16 v137, v185 offset:4096
	ds_load_u16 v130, v185 offset:704
	s_wait_dscnt 0x13
	ds_load_u16_d16_hi v14, v185 offset:768
	ds_load_u16 v134, v185 offset:576
	ds_load_u16 v168, v185 offset:5824
	s_wait_dscnt 0x12
	ds_load_u16_d16_hi v140, v185 offset:5888
	ds_load_u16 v172, v185 offset:5696
	ds_load_u16 v176, v185 offset:5760
	ds_load_u16 v167, v185 offset:5312
	s_wait_dscnt 0x13
	ds_load_u16_d16_hi v139, v185 offset:5376
	ds_load_u16 v171, v185 offset:5184
	ds_load_u16 v173, v185 offset:4224
	ds_load_u16_d16_hi v12, v185 offset:1920
	ds_load_u16 v132, v185 offset:1728
	s_wait_dscnt 0x13
	ds_load_u16_d16_hi v16, v185 offset:1792
	ds_load_u16 v136, v185 offset:1600
	ds_load_u16 v175, v185 offset:5248
	ds_load_u16 v166, v185 offset:4800
	s_wait_dscnt 0x16
	ds_load_u16_d16_hi v138, v185 offset:4864
	ds_load_u16 v170, v185 offset:4672
	ds_load_u16 v174, v185 offset:4736
	ds_load_u16 v165, v185 offset:4288
	s_wait_dscnt 0x15
	ds_load_u16_d16_hi v137, v185 offset:4352
	ds_load_u16 v169, v185 offset:4160
	ds_load_b128 v[177:180], v0 offset:10240
	ds_load_b128 v[181:184], v0 offset:8192
	ds_load_u16_d16_hi v129, v185 offset:448
	ds_load_u16_d16_hi v10, v185 offset:896
	ds_load_u16_d16_hi v9, v185 offset:384
	ds_load_u16_d16_hi v133, v185 offset:320
	ds_load_u16_d16_hi v13, v185 offset:256
	ds_load_u16_d16_hi v131, v185 offset:1472
	ds_load_u16_d16_hi v135, v185 offset:1344
	s_wait_dscnt 0x1f
	ds_load_u16_d16_hi v130, v185 offset:960
	s_wait_dscnt 0x1e
	ds_load_u16_d16_hi v134, v185 offset:832
	s_wait_dscnt 0x1c
	ds_load_u16_d16_hi v172, v185 offset:5952
	s_wait_dscnt 0x19
	ds_load_u16_d16_hi v171, v185 offset:5440
	s_wait_dscnt 0x15
	ds_load_u16_d16_hi v136, v185 offset:1856
	s_wait_dscnt 0x15
	ds_load_u16_d16_hi v175, v185 offset:5504
	s_wait_dscnt 0x15
	ds_load_u16_d16_hi v166, v185 offset:5056
	s_wait_dscnt 0x14
	ds_load_u16_d16_hi v170, v185 offset:4928
	s_wait_dscnt 0x14
	ds_load_u16_d16_hi v174, v185 offset:4992
	s_wait_dscnt 0x14
	ds_load_u16_d16_hi v165, v185 offset:4544
	s_wait_dscnt 0x13
	ds_load_u16_d16_hi v169, v185 offset:4416
	ds_load_u16_d16_hi v173, v185 offset:4480
	ds_load_u16_d16_hi v132, v185 offset:1984
	ds_load_u16_d16_hi v167, v185 offset:5568
	ds_load_u16_d16_hi v176, v185 offset:6016
	ds_load_u16_d16_hi v168, v185 offset:6080
	s_wait_dscnt 0x14
	v_wmma_f32_16x16x16_f16 v[57:64], v[181:184], v[9:12], v[57:64]
	v_wmma_f32_16x16x16_f16 v[49:56], v[177:180], v[9:12], v[49:56]
	s_wait_dscnt 0x12
	v_wmma_f32_16x16x16_f16 v[121:128], v[181:184], v[13:16], v[121:128]
	v_wmma_f32_16x16x16_f16 v[113:120], v[177:180], v[13:16], v[113:120]
	v_wmma_f32_16x16x16_f16 v[105:112], v[161:164], v[13:16], v[105:112]
	v_wmma_f32_16x16x16_f16 v[97:104], v[157:160], v[13:16], v[97:104]
	s_wait_dscnt 0xb
	v_wmma_f32_16x16x16_f16 v[89:96], v[181:184], v[133:136], v[89:96]
	v_wmma_f32_16x16x16_f16 v[81:88], v[177:180], v[133:136], v[81:88]
	v_wmma_f32_16x16x16_f16 v[73:80], v[161:164], v[133:136], v[73:80]
	v_wmma_f32_16x16x16_f16 v[65:72], v[157:160], v[133:136], v[65:72]
	v_wmma_f32_16x16x16_f16 v[41:48], v[161:164], v[9:12], v[41:48]
	v_wmma_f32_16x16x16_f16 v[33:40], v[157:160], v[9:12], v[33:40]
	s_wait_dscnt 0x3
	v_wmma_f32_16x16x16_f16 v[25:32], v[181:184], v[129:132], v[25:32]
	v_wmma_f32_16x16x16_f16 v[17:24], v[177:180], v[129:132], v[17:24]
	v_wmma_f32_16x16x16_f16 v[231:238], v[161:164], v[129:132], v[231:238]
	v_wmma_f32_16x16x16_f16 v[1:8], v[157:160], v[129:132], v[1:8]
	v_wmma_f32_16x16x16_f16 v[121:128], v[153:156], v[137:140], v[121:128]
	v_wmma_f32_16x16x16_f16 v[113:120], v[149:152], v[137:140], v[113:120]
	v_wmma_f32_16x16x16_f16 v[105:112], v[145:148], v[137:140], v[105:112]
	v_wmma_f32_16x16x16_f16 v[97:104], v[141:144], v[137:140], v[97:104]
	v_wmma_f32_16x16x16_f16 v[89:96], v[153:156], v[169:172], v[89:96]
	v_wmma_f32_16x16x16_f16 v[81:88], v[149:152], v[169:172], v[81:88]
	v_wmma_f32_16x16x16_f16 v[73:80], v[145:148], v[169:172], v[73:80]
	v_wmma_f32_16x16x16_f16 v[65:72], v[141:144], v[169:172], v[65:72]
	s_wait_dscnt 0x1
	v_wmma_f32_16x16x16_f16 v[57:64], v[153:156], v[173:176], v[57:64]
	v_wmma_f32_16x16x16_f16 v[49:56], v[149:152], v[173:176], v[49:56]
	v_wmma_f32_16x16x16_f16 v[41:48], v[145:148], v[173:176], v[41:48]
	v_wmma_f32_16x16x16_f16 v[33:40], v[141:144], v[173:176], v[33:40]
	s_wait_dscnt 0x0
	v_wmma_f32_16x16x16_f16 v[25:32], v[153:156], v[165:168], v[25:32]
	v_wmma_f32_16x16x16_f16 v[17:24], v[149:152], v[165:168], v[17:24]
	v_wmma_f32_16x16x16_f16 v[231:238], v[145:148], v[165:168], v[231:238]
	v_wmma_f32_16x16x16_f16 v[1:8], v[141:144], v[165:168], v[1:8]
.LBB0_135:                              ; %._crit_edge._crit_edge
	v_lshrrev_b32_e32 v0, 2, v187
	s_wait_kmcnt 0x0
	s_mul_i32 s4, s1, 25
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_or3_b32 v0, v0, v186, s33
	v_mul_lo_u32 v131, s0, v0
	scratch_load_b32 v0, off, off offset:96 th:TH_LOAD_LU ; 4-byte Folded Reload
	s_lshl_b32 s0, s0, 5
	v_ashrrev_i32_e32 v132, 31, v131
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[9:10], 2, v[131:132]
	v_add_co_u32 v148, vcc_lo, s2, v9
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_2) | instid1(VALU_DEP_1)
	v_add_co_ci_u32_e64 v149, null, s3, v10, vcc_lo
	s_wait_loadcnt 0x0
	v_lshrrev_b32_e32 v0, 1, v0
	v_and_or_b32 v0, v0, 24, s80
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_mul_lo_u32 v132, s1, v0
	v_ashrrev_i32_e32 v133, 31, v132
	v_add_nc_u32_e32 v9, s1, v132
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_2)
	v_lshlrev_b64_e32 v[129:130], 2, v[132:133]
	v_ashrrev_i32_e32 v10, 31, v9
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v133, vcc_lo, v148, v129
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v134, null, v149, v130, vcc_lo
	global_store_b32 v[133:134], v121, off
	v_lshlrev_b64_e32 v[132:133], 2, v[9:10]
	v_add_nc_u32_e32 v9, s1, v9
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v10, vcc_lo, v148, v132
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v11, null, v149, v133, vcc_lo
	global_store_b32 v[10:11], v122, off
	v_ashrrev_i32_e32 v10, 31, v9
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_lshlrev_b64_e32 v[121:122], 2, v[9:10]
	v_add_nc_u32_e32 v9, s1, v9
	v_add_co_u32 v10, vcc_lo, v148, v121
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_2) | instid1(VALU_DEP_1)
	v_add_co_ci_u32_e64 v11, null, v149, v122, vcc_lo
	global_store_b32 v[10:11], v123, off
	v_ashrrev_i32_e32 v10, 31, v9
	v_lshlrev_b64_e32 v[134:135], 2, v[9:10]
	v_add_nc_u32_e32 v9, s1, v9
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v10, vcc_lo, v148, v134
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v11, null, v149, v135, vcc_lo
	global_store_b32 v[10:11], v124, off
	v_ashrrev_i32_e32 v10, 31, v9
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_lshlrev_b64_e32 v[123:124], 2, v[9:10]
	v_add_nc_u32_e32 v9, s1, v9
	v_add_co_u32 v10, vcc_lo, v148, v123
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_2) | instid1(VALU_DEP_1)
	v_add_co_ci_u32_e64 v11, null, v149, v124, vcc_lo
	global_store_b32 v[10:11], v125, off
	v_ashrrev_i32_e32 v10, 31, v9
	v_lshlrev_b64_e32 v[136:137], 2, v[9:10]
	v_add_nc_u32_e32 v9, s1, v9
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v10, vcc_lo, v148, v136
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v11, null, v149, v137, vcc_lo
	global_store_b32 v[10:11], v126, off
	v_ashrrev_i32_e32 v10, 31, v9
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_lshlrev_b64_e32 v[125:126], 2, v[9:10]
	v_add_nc_u32_e32 v9, s1, v9
	v_add_co_u32 v10, vcc_lo, v148, v125
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_2) | instid1(VALU_DEP_1)
	v_add_co_ci_u32_e64 v11, null, v149, v126, vcc_lo
	global_store_b32 v[10:11], v127, off
	v_ashrrev_i32_e32 v10, 31, v9
	v_lshlrev_b64_e32 v[138:139], 2, v[9:10]
	s_wait_alu 0xfffe
	v_add_nc_u32_e32 v9, s4, v9
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v10, vcc_lo, v148, v138
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v11, null, v149, v139, vcc_lo
	global_store_b32 v[10:11], v128, off
	v_ashrrev_i32_e32 v10, 31, v9
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_lshlrev_b64_e32 v[127:128], 2, v[9:10]
	v_add_nc_u32_e32 v9, s1, v9
	v_add_co_u32 v10, vcc_lo, v148, v127
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_2) | instid1(VALU_DEP_1)
	v_add_co_ci_u32_e64 v11, null, v149, v128, vcc_lo
	global_store_b32 v[10:11], v113, off
	v_ashrrev_i32_e32 v10, 31, v9
	v_lshlrev_b64_e32 v[140:141], 2, v[9:10]
	v_add_nc_u32_e32 v9, s1, v9
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v10, vcc_lo, v148, v140
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v11, null, v149, v141, vcc_lo
	global_store_b32 v[10:11], v114, off
	v_ashrrev_i32_e32 v10, 31, v9
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_lshlrev_b64_e32 v[113:114], 2, v[9:10]
	v_add_nc_u32_e32 v9, s1, v9
	v_add_co_u32 v10, vcc_lo, v148, v113
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_2) | instid1(VALU_DEP_1)
	v_add_co_ci_u32_e64 v11, null, v149, v114, vcc_lo
	global_store_b32 v[10:11], v115, off
	v_ashrrev_i32_e32 v10, 31, v9
	v_lshlrev_b64_e32 v[142:143], 2, v[9:10]
	v_add_nc_u32_e32 v9, s1, v9
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v10, vcc_lo, v148, v142
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v11, null, v149, v143, vcc_lo
	global_store_b32 v[10:11], v116, off
	v_ashrrev_i32_e32 v10, 31, v9
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_lshlrev_b64_e32 v[115:116], 2, v[9:10]
	v_add_nc_u32_e32 v9, s1, v9
	v_add_co_u32 v10, vcc_lo, v148, v115
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_2) | instid1(VALU_DEP_1)
	v_add_co_ci_u32_e64 v11, null, v149, v116, vcc_lo
	global_store_b32 v[10:11], v117, off
	v_ashrrev_i32_e32 v10, 31, v9
	v_lshlrev_b64_e32 v[144:145], 2, v[9:10]
	v_add_nc_u32_e32 v9, s1, v9
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v10, vcc_lo, v148, v144
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v11, null, v149, v145, vcc_lo
	global_store_b32 v[10:11], v118, off
	v_ashrrev_i32_e32 v10, 31, v9
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_lshlrev_b64_e32 v[117:118], 2, v[9:10]
	v_add_nc_u32_e32 v9, s1, v9
	v_add_co_u32 v10, vcc_lo, v148, v117
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_2) | instid1(VALU_DEP_1)
	v_add_co_ci_u32_e64 v11, null, v149, v118, vcc_lo
	global_store_b32 v[10:11], v119, off
	v_ashrrev_i32_e32 v10, 31, v9
	v_lshlrev_b64_e32 v[146:147], 2, v[9:10]
	v_add_nc_u32_e32 v9, s4, v9
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v10, vcc_lo, v148, v146
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v11, null, v149, v147, vcc_lo
	global_store_b32 v[10:11], v120, off
	v_ashrrev_i32_e32 v10, 31, v9
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_lshlrev_b64_e32 v[119:120], 2, v[9:10]
	v_add_nc_u32_e32 v9, s1, v9
	v_add_co_u32 v10, vcc_lo, v148, v119
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_2) | instid1(VALU_DEP_1)
	v_add_co_ci_u32_e64 v11, null, v149, v120, vcc_lo
	global_store_b32 v[10:11], v105, off
	v_ashrrev_i32_e32 v10, 31, v9
	v_lshlrev_b64_e32 v[10:11], 2, v[9:10]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v12, vcc_lo, v148, v10
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v13, null, v149, v11, vcc_lo
	global_store_b32 v[12:13], v106, off
	v_add_nc_u32_e32 v12, s1, v9
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v13, 31, v12
	v_lshlrev_b64_e32 v[13:14], 2, v[12:13]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v15, vcc_lo, v148, v13
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v16, null, v149, v14, vcc_lo
	global_store_b32 v[15:16], v107, off
	v_add_nc_u32_e32 v15, s1, v12
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v16, 31, v15
	v_lshlrev_b64_e32 v[105:106], 2, v[15:16]
	v_add_nc_u32_e32 v15, s1, v15
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v150, vcc_lo, v148, v105
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v151, null, v149, v106, vcc_lo
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_3) | instid1(VALU_DEP_2)
	v_ashrrev_i32_e32 v16, 31, v15
	global_store_b32 v[150:151], v108, off
	v_lshlrev_b64_e32 v[107:108], 2, v[15:16]
	v_add_nc_u32_e32 v15, s1, v15
	v_add_co_u32 v150, vcc_lo, v148, v107
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_add_co_ci_u32_e64 v151, null, v149, v108, vcc_lo
	v_ashrrev_i32_e32 v16, 31, v15
	global_store_b32 v[150:151], v109, off
	v_lshlrev_b64_e32 v[150:151], 2, v[15:16]
	v_add_nc_u32_e32 v15, s1, v15
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v152, vcc_lo, v148, v150
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v153, null, v149, v151, vcc_lo
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_3) | instid1(VALU_DEP_2)
	v_ashrrev_i32_e32 v16, 31, v15
	global_store_b32 v[152:153], v110, off
	v_lshlrev_b64_e32 v[109:110], 2, v[15:16]
	v_add_nc_u32_e32 v15, s1, v15
	v_add_co_u32 v152, vcc_lo, v148, v109
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_add_co_ci_u32_e64 v153, null, v149, v110, vcc_lo
	v_ashrrev_i32_e32 v16, 31, v15
	global_store_b32 v[152:153], v111, off
	v_lshlrev_b64_e32 v[152:153], 2, v[15:16]
	v_add_nc_u32_e32 v15, s4, v15
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v154, vcc_lo, v148, v152
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v155, null, v149, v153, vcc_lo
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_3) | instid1(VALU_DEP_2)
	v_ashrrev_i32_e32 v16, 31, v15
	global_store_b32 v[154:155], v112, off
	v_lshlrev_b64_e32 v[111:112], 2, v[15:16]
	v_add_nc_u32_e32 v15, s1, v15
	v_add_co_u32 v154, vcc_lo, v148, v111
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_add_co_ci_u32_e64 v155, null, v149, v112, vcc_lo
	v_ashrrev_i32_e32 v16, 31, v15
	global_store_b32 v[154:155], v97, off
	v_lshlrev_b64_e32 v[154:155], 2, v[15:16]
	v_add_nc_u32_e32 v15, s1, v15
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v156, vcc_lo, v148, v154
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v157, null, v149, v155, vcc_lo
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_3) | instid1(VALU_DEP_2)
	v_ashrrev_i32_e32 v16, 31, v15
	global_store_b32 v[156:157], v98, off
	v_lshlrev_b64_e32 v[97:98], 2, v[15:16]
	v_add_nc_u32_e32 v15, s1, v15
	v_add_co_u32 v156, vcc_lo, v148, v97
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_add_co_ci_u32_e64 v157, null, v149, v98, vcc_lo
	v_ashrrev_i32_e32 v16, 31, v15
	global_store_b32 v[156:157], v99, off
	v_lshlrev_b64_e32 v[156:157], 2, v[15:16]
	v_add_nc_u32_e32 v15, s1, v15
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v158, vcc_lo, v148, v156
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v159, null, v149, v157, vcc_lo
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_3) | instid1(VALU_DEP_2)
	v_ashrrev_i32_e32 v16, 31, v15
	global_store_b32 v[158:159], v100, off
	v_lshlrev_b64_e32 v[99:100], 2, v[15:16]
	v_add_nc_u32_e32 v15, s1, v15
	v_add_co_u32 v158, vcc_lo, v148, v99
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_3) | instskip(NEXT) | instid1(VALU_DEP_3)
	v_add_co_ci_u32_e64 v159, null, v149, v100, vcc_lo
	v_ashrrev_i32_e32 v16, 31, v15
	global_store_b32 v[158:159], v101, off
	v_lshlrev_b64_e32 v[158:159], 2, v[15:16]
	v_add_nc_u32_e32 v15, s1, v15
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_add_co_u32 v160, vcc_lo, v148, v158
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v161, null, v149, v159, vcc_lo
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_3) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v16, 31, v15
	global_store_b32 v[160:161], v102, off
	v_lshlrev_b64_e32 v[101:102], 2, v[15:16]
	v_add_nc_u32_e32 v15, s1, v15
	v_ashrrev_i32_e32 v16, 31, v15
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_4)
	v_add_co_u32 v160, vcc_lo, v148, v101
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v161, null, v149, v102, vcc_lo
	s_delay_alu instid0(VALU_DEP_3)
	v_lshlrev_b64_e32 v[15:16], 2, v[15:16]
	global_store_b32 v[160:161], v103, off
	v_add_nc_u32_e32 v103, s0, v131
	v_add_co_u32 v148, vcc_lo, v148, v15
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v149, null, v149, v16, vcc_lo
	global_store_b32 v[148:149], v104, off
	v_ashrrev_i32_e32 v104, 31, v103
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b64_e32 v[148:149], 2, v[103:104]
	v_add_co_u32 v0, vcc_lo, s2, v148
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_2)
	v_add_co_ci_u32_e64 v9, null, s3, v149, vcc_lo
	v_add_co_u32 v148, vcc_lo, v0, v129
	s_wait_alu 0xfffd
	s_delay_alu instid0(VALU_DEP_2)
	v_add_co_ci_u32_e64 v149, null, v9, v130, vcc_lo
	global_store_b32 v[148:149], v89, off
	v_add_co_u32 v148, vcc_lo, v0, v132
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v149, null, v9, v133, vcc_lo
	v_add_co_u32 v89, vcc_lo, v0, v121
	global_store_b32 v[148:149], v90, off
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v90, null, v9, v122, vcc_lo
	global_store_b32 v[89:90], v91, off
	v_add_co_u32 v89, vcc_lo, v0, v134
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v90, null, v9, v135, vcc_lo
	global_store_b32 v[89:90], v92, off
	v_add_co_u32 v89, vcc_lo, v0, v123
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v90, null, v9, v124, vcc_lo
	global_store_b32 v[89:90], v93, off
	v_add_co_u32 v89, vcc_lo, v0, v136
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v90, null, v9, v137, vcc_lo
	global_store_b32 v[89:90], v94, off
	v_add_co_u32 v89, vcc_lo, v0, v125
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v90, null, v9, v126, vcc_lo
	global_store_b32 v[89:90], v95, off
	v_add_co_u32 v89, vcc_lo, v0, v138
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v90, null, v9, v139, vcc_lo
	global_store_b32 v[89:90], v96, off
	v_add_co_u32 v89, vcc_lo, v0, v127
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v90, null, v9, v128, vcc_lo
	global_store_b32 v[89:90], v81, off
	v_add_co_u32 v89, vcc_lo, v0, v140
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v90, null, v9, v141, vcc_lo
	v_add_co_u32 v81, vcc_lo, v0, v113
	global_store_b32 v[89:90], v82, off
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v82, null, v9, v114, vcc_lo
	global_store_b32 v[81:82], v83, off
	v_add_co_u32 v81, vcc_lo, v0, v142
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v82, null, v9, v143, vcc_lo
	global_store_b32 v[81:82], v84, off
	v_add_co_u32 v81, vcc_lo, v0, v115
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v82, null, v9, v116, vcc_lo
	global_store_b32 v[81:82], v85, off
	v_add_co_u32 v81, vcc_lo, v0, v144
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v82, null, v9, v145, vcc_lo
	global_store_b32 v[81:82], v86, off
	v_add_co_u32 v81, vcc_lo, v0, v117
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v82, null, v9, v118, vcc_lo
	global_store_b32 v[81:82], v87, off
	v_add_co_u32 v81, vcc_lo, v0, v146
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v82, null, v9, v147, vcc_lo
	global_store_b32 v[81:82], v88, off
	v_add_co_u32 v81, vcc_lo, v0, v119
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v82, null, v9, v120, vcc_lo
	global_store_b32 v[81:82], v73, off
	v_add_co_u32 v81, vcc_lo, v0, v10
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v82, null, v9, v11, vcc_lo
	v_add_co_u32 v73, vcc_lo, v0, v13
	global_store_b32 v[81:82], v74, off
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v74, null, v9, v14, vcc_lo
	global_store_b32 v[73:74], v75, off
	v_add_co_u32 v73, vcc_lo, v0, v105
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v74, null, v9, v106, vcc_lo
	global_store_b32 v[73:74], v76, off
	v_add_co_u32 v73, vcc_lo, v0, v107
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v74, null, v9, v108, vcc_lo
	global_store_b32 v[73:74], v77, off
	v_add_co_u32 v73, vcc_lo, v0, v150
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v74, null, v9, v151, vcc_lo
	global_store_b32 v[73:74], v78, off
	v_add_co_u32 v73, vcc_lo, v0, v109
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v74, null, v9, v110, vcc_lo
	global_store_b32 v[73:74], v79, off
	v_add_co_u32 v73, vcc_lo, v0, v152
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v74, null, v9, v153, vcc_lo
	global_store_b32 v[73:74], v80, off
	v_add_co_u32 v73, vcc_lo, v0, v111
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v74, null, v9, v112, vcc_lo
	global_store_b32 v[73:74], v65, off
	v_add_co_u32 v73, vcc_lo, v0, v154
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v74, null, v9, v155, vcc_lo
	v_add_co_u32 v65, vcc_lo, v0, v97
	global_store_b32 v[73:74], v66, off
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v66, null, v9, v98, vcc_lo
	global_store_b32 v[65:66], v67, off
	v_add_co_u32 v65, vcc_lo, v0, v156
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v66, null, v9, v157, vcc_lo
	global_store_b32 v[65:66], v68, off
	v_add_co_u32 v65, vcc_lo, v0, v99
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v66, null, v9, v100, vcc_lo
	global_store_b32 v[65:66], v69, off
	v_add_co_u32 v65, vcc_lo, v0, v158
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v66, null, v9, v159, vcc_lo
	global_store_b32 v[65:66], v70, off
	v_add_co_u32 v65, vcc_lo, v0, v101
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v66, null, v9, v102, vcc_lo
	global_store_b32 v[65:66], v71, off
	v_add_co_u32 v65, vcc_lo, v0, v15
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v66, null, v9, v16, vcc_lo
	global_store_b32 v[65:66], v72, off
	v_add_nc_u32_e32 v65, s0, v103
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v66, 31, v65
	v_lshlrev_b64_e32 v[66:67], 2, v[65:66]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v0, vcc_lo, s2, v66
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v9, null, s3, v67, vcc_lo
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v66, vcc_lo, v0, v129
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v67, null, v9, v130, vcc_lo
	global_store_b32 v[66:67], v57, off
	v_add_co_u32 v66, vcc_lo, v0, v132
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v67, null, v9, v133, vcc_lo
	v_add_co_u32 v57, vcc_lo, v0, v121
	global_store_b32 v[66:67], v58, off
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v58, null, v9, v122, vcc_lo
	global_store_b32 v[57:58], v59, off
	v_add_co_u32 v57, vcc_lo, v0, v134
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v58, null, v9, v135, vcc_lo
	global_store_b32 v[57:58], v60, off
	v_add_co_u32 v57, vcc_lo, v0, v123
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v58, null, v9, v124, vcc_lo
	global_store_b32 v[57:58], v61, off
	v_add_co_u32 v57, vcc_lo, v0, v136
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v58, null, v9, v137, vcc_lo
	global_store_b32 v[57:58], v62, off
	v_add_co_u32 v57, vcc_lo, v0, v125
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v58, null, v9, v126, vcc_lo
	global_store_b32 v[57:58], v63, off
	v_add_co_u32 v57, vcc_lo, v0, v138
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v58, null, v9, v139, vcc_lo
	global_store_b32 v[57:58], v64, off
	v_add_co_u32 v57, vcc_lo, v0, v127
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v58, null, v9, v128, vcc_lo
	global_store_b32 v[57:58], v49, off
	v_add_co_u32 v57, vcc_lo, v0, v140
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v58, null, v9, v141, vcc_lo
	v_add_co_u32 v49, vcc_lo, v0, v113
	global_store_b32 v[57:58], v50, off
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v50, null, v9, v114, vcc_lo
	global_store_b32 v[49:50], v51, off
	v_add_co_u32 v49, vcc_lo, v0, v142
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v50, null, v9, v143, vcc_lo
	global_store_b32 v[49:50], v52, off
	v_add_co_u32 v49, vcc_lo, v0, v115
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v50, null, v9, v116, vcc_lo
	global_store_b32 v[49:50], v53, off
	v_add_co_u32 v49, vcc_lo, v0, v144
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v50, null, v9, v145, vcc_lo
	global_store_b32 v[49:50], v54, off
	v_add_co_u32 v49, vcc_lo, v0, v117
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v50, null, v9, v118, vcc_lo
	global_store_b32 v[49:50], v55, off
	v_add_co_u32 v49, vcc_lo, v0, v146
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v50, null, v9, v147, vcc_lo
	global_store_b32 v[49:50], v56, off
	v_add_co_u32 v49, vcc_lo, v0, v119
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v50, null, v9, v120, vcc_lo
	global_store_b32 v[49:50], v41, off
	v_add_co_u32 v49, vcc_lo, v0, v10
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v50, null, v9, v11, vcc_lo
	v_add_co_u32 v41, vcc_lo, v0, v13
	global_store_b32 v[49:50], v42, off
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v42, null, v9, v14, vcc_lo
	global_store_b32 v[41:42], v43, off
	v_add_co_u32 v41, vcc_lo, v0, v105
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v42, null, v9, v106, vcc_lo
	global_store_b32 v[41:42], v44, off
	v_add_co_u32 v41, vcc_lo, v0, v107
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v42, null, v9, v108, vcc_lo
	global_store_b32 v[41:42], v45, off
	v_add_co_u32 v41, vcc_lo, v0, v150
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v42, null, v9, v151, vcc_lo
	global_store_b32 v[41:42], v46, off
	v_add_co_u32 v41, vcc_lo, v0, v109
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v42, null, v9, v110, vcc_lo
	global_store_b32 v[41:42], v47, off
	v_add_co_u32 v41, vcc_lo, v0, v152
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v42, null, v9, v153, vcc_lo
	global_store_b32 v[41:42], v48, off
	v_add_co_u32 v41, vcc_lo, v0, v111
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v42, null, v9, v112, vcc_lo
	global_store_b32 v[41:42], v33, off
	v_add_co_u32 v41, vcc_lo, v0, v154
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v42, null, v9, v155, vcc_lo
	v_add_co_u32 v33, vcc_lo, v0, v97
	global_store_b32 v[41:42], v34, off
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v34, null, v9, v98, vcc_lo
	global_store_b32 v[33:34], v35, off
	v_add_co_u32 v33, vcc_lo, v0, v156
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v34, null, v9, v157, vcc_lo
	global_store_b32 v[33:34], v36, off
	v_add_co_u32 v33, vcc_lo, v0, v99
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v34, null, v9, v100, vcc_lo
	global_store_b32 v[33:34], v37, off
	v_add_co_u32 v33, vcc_lo, v0, v158
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v34, null, v9, v159, vcc_lo
	global_store_b32 v[33:34], v38, off
	v_add_co_u32 v33, vcc_lo, v0, v101
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v34, null, v9, v102, vcc_lo
	global_store_b32 v[33:34], v39, off
	v_add_co_u32 v33, vcc_lo, v0, v15
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v34, null, v9, v16, vcc_lo
	global_store_b32 v[33:34], v40, off
	v_add_nc_u32_e32 v33, s0, v65
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_ashrrev_i32_e32 v34, 31, v33
	v_lshlrev_b64_e32 v[33:34], 2, v[33:34]
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v0, vcc_lo, s2, v33
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v49, null, s3, v34, vcc_lo
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2)
	v_add_co_u32 v33, vcc_lo, v0, v129
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v34, null, v49, v130, vcc_lo
	v_add_co_u32 v35, vcc_lo, v0, v132
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v36, null, v49, v133, vcc_lo
	v_add_co_u32 v37, vcc_lo, v0, v121
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v38, null, v49, v122, vcc_lo
	v_add_co_u32 v39, vcc_lo, v0, v134
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v40, null, v49, v135, vcc_lo
	v_add_co_u32 v41, vcc_lo, v0, v123
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v42, null, v49, v124, vcc_lo
	v_add_co_u32 v43, vcc_lo, v0, v136
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v44, null, v49, v137, vcc_lo
	v_add_co_u32 v45, vcc_lo, v0, v125
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v46, null, v49, v126, vcc_lo
	v_add_co_u32 v47, vcc_lo, v0, v138
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v48, null, v49, v139, vcc_lo
	s_clause 0x7
	global_store_b32 v[33:34], v25, off
	global_store_b32 v[35:36], v26, off
	global_store_b32 v[37:38], v27, off
	global_store_b32 v[39:40], v28, off
	global_store_b32 v[41:42], v29, off
	global_store_b32 v[43:44], v30, off
	global_store_b32 v[45:46], v31, off
	global_store_b32 v[47:48], v32, off
	v_add_co_u32 v25, vcc_lo, v0, v127
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v26, null, v49, v128, vcc_lo
	v_add_co_u32 v27, vcc_lo, v0, v140
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v28, null, v49, v141, vcc_lo
	v_add_co_u32 v29, vcc_lo, v0, v113
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v30, null, v49, v114, vcc_lo
	v_add_co_u32 v31, vcc_lo, v0, v142
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v32, null, v49, v143, vcc_lo
	v_add_co_u32 v33, vcc_lo, v0, v115
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v34, null, v49, v116, vcc_lo
	v_add_co_u32 v35, vcc_lo, v0, v144
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v36, null, v49, v145, vcc_lo
	v_add_co_u32 v37, vcc_lo, v0, v117
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v38, null, v49, v118, vcc_lo
	v_add_co_u32 v39, vcc_lo, v0, v146
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v40, null, v49, v147, vcc_lo
	s_clause 0x7
	global_store_b32 v[25:26], v17, off
	global_store_b32 v[27:28], v18, off
	global_store_b32 v[29:30], v19, off
	global_store_b32 v[31:32], v20, off
	global_store_b32 v[33:34], v21, off
	global_store_b32 v[35:36], v22, off
	global_store_b32 v[37:38], v23, off
	global_store_b32 v[39:40], v24, off
	v_add_co_u32 v17, vcc_lo, v0, v119
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v18, null, v49, v120, vcc_lo
	v_add_co_u32 v9, vcc_lo, v0, v10
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v10, null, v49, v11, vcc_lo
	v_add_co_u32 v11, vcc_lo, v0, v13
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v12, null, v49, v14, vcc_lo
	v_add_co_u32 v13, vcc_lo, v0, v105
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v14, null, v49, v106, vcc_lo
	v_add_co_u32 v19, vcc_lo, v0, v107
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v20, null, v49, v108, vcc_lo
	v_add_co_u32 v21, vcc_lo, v0, v150
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v22, null, v49, v151, vcc_lo
	v_add_co_u32 v23, vcc_lo, v0, v109
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v24, null, v49, v110, vcc_lo
	v_add_co_u32 v25, vcc_lo, v0, v152
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v26, null, v49, v153, vcc_lo
	v_add_co_u32 v27, vcc_lo, v0, v111
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v28, null, v49, v112, vcc_lo
	v_add_co_u32 v29, vcc_lo, v0, v154
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v30, null, v49, v155, vcc_lo
	v_add_co_u32 v31, vcc_lo, v0, v97
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v32, null, v49, v98, vcc_lo
	v_add_co_u32 v33, vcc_lo, v0, v156
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v34, null, v49, v157, vcc_lo
	v_add_co_u32 v35, vcc_lo, v0, v99
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v36, null, v49, v100, vcc_lo
	v_add_co_u32 v37, vcc_lo, v0, v158
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v38, null, v49, v159, vcc_lo
	v_add_co_u32 v39, vcc_lo, v0, v101
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v40, null, v49, v102, vcc_lo
	v_add_co_u32 v15, vcc_lo, v0, v15
	s_wait_alu 0xfffd
	v_add_co_ci_u32_e64 v16, null, v49, v16, vcc_lo
	s_clause 0xf
	global_store_b32 v[17:18], v231, off
	global_store_b32 v[9:10], v232, off
	global_store_b32 v[11:12], v233, off
	global_store_b32 v[13:14], v234, off
	global_store_b32 v[19:20], v235, off
	global_store_b32 v[21:22], v236, off
	global_store_b32 v[23:24], v237, off
	global_store_b32 v[25:26], v238, off
	global_store_b32 v[27:28], v1, off
	global_store_b32 v[29:30], v2, off
	global_store_b32 v[31:32], v3, off
	global_store_b32 v[33:34], v4, off
	global_store_b32 v[35:36], v5, off
	global_store_b32 v[37:38], v6, off
	global_store_b32 v[39:40], v7, off
	global_store_b32 v[15:16], v8, off
	s_nop 0
	s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
	s_endpgm
.Ltmp1:
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel mm
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 132
		.amdhsa_kernarg_size 80
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_wavefront_size32 1
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 256
		.amdhsa_next_free_sgpr 86
		.amdhsa_reserve_vcc 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_fp16_overflow 0
		.amdhsa_workgroup_processor_mode 1
		.amdhsa_memory_ordered 1
		.amdhsa_forward_progress 1
		.amdhsa_inst_pref_size 147
		.amdhsa_round_robin_scheduling 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	mm, .Lfunc_end0-mm
                                        ; -- End function
	.set mm.num_vgpr, 256
	.set mm.num_agpr, 0
	.set mm.numbered_sgpr, 86
	.set mm.num_named_barrier, 0
	.set mm.private_seg_size, 132
	.set mm.uses_vcc, 1
	.set mm.uses_flat_scratch, 1
	.set mm.has_dyn_sized_stack, 0
	.set mm.has_recursion, 0
	.set mm.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 18792
; TotalNumSgprs: 88
; NumVgprs: 256
; ScratchSize: 132
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 0
; VGPRBlocks: 31
; NumSGPRsForWavesPerEU: 88
; NumVGPRsForWavesPerEU: 256
; Occupancy: 5
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 2
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
	.text
	.p2alignl 7, 3214868480
	.fill 96, 4, 3214868480
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.text
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         16
        .size:           8
        .value_kind:     global_buffer
      - .offset:         24
        .size:           4
        .value_kind:     by_value
      - .offset:         28
        .size:           4
        .value_kind:     by_value
      - .offset:         32
        .size:           4
        .value_kind:     by_value
      - .offset:         36
        .size:           4
        .value_kind:     by_value
      - .offset:         40
        .size:           4
        .value_kind:     by_value
      - .offset:         44
        .size:           4
        .value_kind:     by_value
      - .offset:         48
        .size:           4
        .value_kind:     by_value
      - .offset:         52
        .size:           4
        .value_kind:     by_value
      - .offset:         56
        .size:           4
        .value_kind:     by_value
      - .address_space:  global
        .offset:         64
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  global
        .offset:         72
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 80
    .max_flat_workgroup_size: 128
    .name:           mm
    .private_segment_fixed_size: 132
    .sgpr_count:     88
    .sgpr_spill_count: 0
    .symbol:         mm.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     256
    .vgpr_spill_count: 32
    .wavefront_size: 32
    .workgroup_processor_mode: 1
amdhsa.target:   amdgcn-amd-amdhsa--gfx1201
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
