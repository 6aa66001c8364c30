	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 5
	.text
	.globl	mm                              ; -- Begin function mm
	.p2align	8
	.type	mm,@function
mm:                                     ; @mm
.Lfunc_begin0:
; %bb.5:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_load_dwordx8 s[4:11], s[0:1], 0x8
	s_load_dwordx4 s[12:15], s[0:1], 0x28
	s_waitcnt lgkmcnt(0)
	s_branch .LBB0_0
.Ltmp0:
	.p2align	8
; %bb.6:
.LBB0_0:
.Ltmp1:
	s_lshl_b32 s16, s16, 7
	s_lshl_b32 s17, s17, 7
	v_and_b32_e32 v68, 31, v0
	v_and_b32_e32 v69, 0x80, v0
	v_and_b32_e32 v70, 32, v0
	s_cmp_lt_i32 s10, 1
	v_and_b32_e32 v71, 64, v0
	s_cbranch_scc1 .LBB0_3
; %bb.1:                                ; %.lr.ph
	v_lshrrev_b32_e32 v38, 5, v0
	v_or_b32_e32 v1, s17, v38
	v_or_b32_e32 v2, 0x78, v1
	v_mul_lo_u32 v36, s14, v2
	v_or_b32_e32 v2, 0x58, v1
	v_mul_lo_u32 v44, s14, v2
	v_or_b32_e32 v2, 56, v1
	v_or_b32_e32 v1, 24, v1
	v_mul_lo_u32 v60, s14, v1
	v_lshlrev_b32_e32 v1, 2, v0
	v_lshrrev_b32_e32 v4, 1, v0
	v_and_b32_e32 v3, 56, v1
	v_xor_b32_e32 v1, v1, v4
	v_lshrrev_b32_e32 v5, 4, v69
	v_and_b32_e32 v1, 56, v1
	v_mul_lo_u32 v52, s14, v2
	v_and_b32_e32 v2, 0x7f, v0
	v_xor_b32_e32 v1, v1, v5
	v_lshl_or_b32 v72, v2, 6, v1
	v_lshlrev_b32_e32 v1, 6, v0
	v_bfe_i32 v4, v0, 4, 1
	s_movk_i32 s9, 0x3c0
	v_and_b32_e32 v4, 0x408, v4
	v_mov_b32_e32 v6, 0x810
	v_cmp_eq_u32_e32 vcc, 0, v69
	v_and_or_b32 v1, v1, s9, v3
	v_xor_b32_e32 v1, v1, v4
	v_cndmask_b32_e64 v6, v6, 0, vcc
	v_lshrrev_b32_e32 v5, 2, v70
	v_xor_b32_e32 v1, v1, v6
	v_xor_b32_e32 v73, v1, v5
	v_lshlrev_b32_e32 v1, 1, v0
	v_lshrrev_b32_e32 v0, 3, v0
	v_and_b32_e32 v0, 24, v0
	v_xor_b32_e32 v74, v1, v0
	v_lshl_or_b32 v0, v68, 6, v3
	v_lshrrev_b32_e32 v28, 5, v69
	v_xor_b32_e32 v0, v0, v5
	v_add_u32_e32 v66, s17, v38
	v_mul_lo_u32 v32, s12, v28
	v_lshl_or_b32 v75, v71, 5, v0
	v_add_u32_e32 v0, 27, v28
	v_add_u32_e32 v2, s16, v2
	v_add_u32_e32 v4, 26, v28
	v_add_u32_e32 v6, 25, v28
	v_or_b32_e32 v8, 24, v28
	v_add_u32_e32 v10, 19, v28
	v_add_u32_e32 v12, 18, v28
	v_add_u32_e32 v14, 17, v28
	v_or_b32_e32 v16, 16, v28
	v_add_u32_e32 v18, 11, v28
	v_add_u32_e32 v20, 10, v28
	v_add_u32_e32 v22, 9, v28
	v_or_b32_e32 v24, 8, v28
	v_add_u32_e32 v26, 3, v28
	v_add_u32_e32 v28, 2, v28
	v_add_u32_e32 v38, 0x70, v66
	v_add_u32_e32 v40, 0x68, v66
	v_add_u32_e32 v42, 0x60, v66
	v_add_u32_e32 v46, 0x50, v66
	v_add_u32_e32 v48, 0x48, v66
	v_add_u32_e32 v50, 64, v66
	v_add_u32_e32 v54, 48, v66
	v_add_u32_e32 v56, 40, v66
	v_add_u32_e32 v58, 32, v66
	v_add_u32_e32 v62, 16, v66
	v_add_u32_e32 v64, 8, v66
	s_lshl_b32 s8, s13, 5
	s_lshl_b32 s18, s12, 5
	v_mul_lo_u32 v34, s13, v68
	v_mul_lo_u32 v0, s12, v0
	v_mul_lo_u32 v2, s11, v2
	v_mul_lo_u32 v4, s12, v4
	v_mul_lo_u32 v6, s12, v6
	v_mul_lo_u32 v8, s12, v8
	v_mul_lo_u32 v10, s12, v10
	v_mul_lo_u32 v12, s12, v12
	v_mul_lo_u32 v14, s12, v14
	v_mul_lo_u32 v16, s12, v16
	v_mul_lo_u32 v18, s12, v18
	v_mul_lo_u32 v20, s12, v20
	v_mul_lo_u32 v22, s12, v22
	v_mul_lo_u32 v24, s12, v24
	v_mul_lo_u32 v26, s12, v26
	v_mul_lo_u32 v28, s12, v28
	v_add_u32_e32 v30, s12, v32
	v_mul_lo_u32 v38, s14, v38
	v_mul_lo_u32 v40, s14, v40
	v_mul_lo_u32 v42, s14, v42
	v_mul_lo_u32 v46, s14, v46
	v_mul_lo_u32 v48, s14, v48
	v_mul_lo_u32 v50, s14, v50
	v_mul_lo_u32 v54, s14, v54
	v_mul_lo_u32 v56, s14, v56
	v_mul_lo_u32 v58, s14, v58
	v_mul_lo_u32 v62, s14, v62
	v_mul_lo_u32 v64, s14, v64
	v_mul_lo_u32 v66, s14, v66
	v_ashrrev_i32_e32 v35, 31, v34
	v_ashrrev_i32_e32 v37, 31, v36
	v_ashrrev_i32_e32 v45, 31, v44
	v_ashrrev_i32_e32 v53, 31, v52
	v_ashrrev_i32_e32 v61, 31, v60
	v_ashrrev_i32_e32 v33, 31, v32
	s_ashr_i32 s19, s18, 31
	s_ashr_i32 s9, s8, 31
	v_ashrrev_i32_e32 v1, 31, v0
	v_ashrrev_i32_e32 v3, 31, v2
	v_ashrrev_i32_e32 v5, 31, v4
	v_ashrrev_i32_e32 v7, 31, v6
	v_ashrrev_i32_e32 v9, 31, v8
	v_ashrrev_i32_e32 v11, 31, v10
	v_ashrrev_i32_e32 v13, 31, v12
	v_ashrrev_i32_e32 v15, 31, v14
	v_ashrrev_i32_e32 v17, 31, v16
	v_ashrrev_i32_e32 v19, 31, v18
	v_ashrrev_i32_e32 v21, 31, v20
	v_ashrrev_i32_e32 v23, 31, v22
	v_ashrrev_i32_e32 v25, 31, v24
	v_ashrrev_i32_e32 v27, 31, v26
	v_ashrrev_i32_e32 v29, 31, v28
	v_ashrrev_i32_e32 v31, 31, v30
	v_ashrrev_i32_e32 v39, 31, v38
	v_ashrrev_i32_e32 v41, 31, v40
	v_ashrrev_i32_e32 v43, 31, v42
	v_ashrrev_i32_e32 v47, 31, v46
	v_ashrrev_i32_e32 v49, 31, v48
	v_ashrrev_i32_e32 v51, 31, v50
	v_ashrrev_i32_e32 v55, 31, v54
	v_ashrrev_i32_e32 v57, 31, v56
	v_ashrrev_i32_e32 v59, 31, v58
	v_ashrrev_i32_e32 v63, 31, v62
	v_ashrrev_i32_e32 v65, 31, v64
	v_ashrrev_i32_e32 v67, 31, v66
	v_xor_b32_e32 v76, 16, v72
	v_xor_b32_e32 v77, 32, v72
	v_xor_b32_e32 v78, 48, v72
	v_xor_b32_e32 v79, 16, v73
	v_xor_b32_e32 v80, 32, v73
	v_xor_b32_e32 v81, 48, v73
	v_xor_b32_e32 v82, 32, v74
	v_xor_b32_e32 v83, 16, v75
	v_xor_b32_e32 v84, 32, v75
	v_xor_b32_e32 v85, 48, v75
	s_mov_b32 s13, 0
	v_lshlrev_b64 v[0:1], 1, v[0:1]
	v_lshl_add_u64 v[2:3], v[2:3], 1, s[2:3]
	s_lshl_b64 s[2:3], s[18:19], 1
	v_lshlrev_b64 v[4:5], 1, v[4:5]
	v_lshlrev_b64 v[6:7], 1, v[6:7]
	v_lshlrev_b64 v[8:9], 1, v[8:9]
	v_lshlrev_b64 v[10:11], 1, v[10:11]
	v_lshlrev_b64 v[12:13], 1, v[12:13]
	v_lshlrev_b64 v[14:15], 1, v[14:15]
	v_lshlrev_b64 v[16:17], 1, v[16:17]
	v_lshlrev_b64 v[18:19], 1, v[18:19]
	v_lshlrev_b64 v[20:21], 1, v[20:21]
	v_lshlrev_b64 v[22:23], 1, v[22:23]
	v_lshlrev_b64 v[24:25], 1, v[24:25]
	v_lshlrev_b64 v[26:27], 1, v[26:27]
	v_lshlrev_b64 v[28:29], 1, v[28:29]
	v_lshlrev_b64 v[30:31], 1, v[30:31]
	v_lshlrev_b64 v[32:33], 1, v[32:33]
	v_lshlrev_b64 v[34:35], 1, v[34:35]
	v_lshl_add_u64 v[36:37], v[36:37], 1, s[4:5]
	s_lshl_b64 s[8:9], s[8:9], 1
	v_lshl_add_u64 v[38:39], v[38:39], 1, s[4:5]
	v_lshl_add_u64 v[40:41], v[40:41], 1, s[4:5]
	v_lshl_add_u64 v[42:43], v[42:43], 1, s[4:5]
	v_lshl_add_u64 v[44:45], v[44:45], 1, s[4:5]
	v_lshl_add_u64 v[46:47], v[46:47], 1, s[4:5]
	v_lshl_add_u64 v[48:49], v[48:49], 1, s[4:5]
	v_lshl_add_u64 v[50:51], v[50:51], 1, s[4:5]
	v_lshl_add_u64 v[52:53], v[52:53], 1, s[4:5]
	v_lshl_add_u64 v[54:55], v[54:55], 1, s[4:5]
	v_lshl_add_u64 v[56:57], v[56:57], 1, s[4:5]
	v_lshl_add_u64 v[58:59], v[58:59], 1, s[4:5]
	v_lshl_add_u64 v[60:61], v[60:61], 1, s[4:5]
	v_lshl_add_u64 v[62:63], v[62:63], 1, s[4:5]
	v_lshl_add_u64 v[64:65], v[64:65], 1, s[4:5]
	v_lshl_add_u64 v[66:67], v[66:67], 1, s[4:5]
	v_accvgpr_write_b32 a15, 0
	v_accvgpr_write_b32 a14, 0
	v_accvgpr_write_b32 a13, 0
	v_accvgpr_write_b32 a12, 0
	v_accvgpr_write_b32 a11, 0
	v_accvgpr_write_b32 a10, 0
	v_accvgpr_write_b32 a9, 0
	v_accvgpr_write_b32 a8, 0
	v_accvgpr_write_b32 a7, 0
	v_accvgpr_write_b32 a6, 0
	v_accvgpr_write_b32 a5, 0
	v_accvgpr_write_b32 a4, 0
	v_accvgpr_write_b32 a3, 0
	v_accvgpr_write_b32 a2, 0
	v_accvgpr_write_b32 a1, 0
	v_accvgpr_write_b32 a0, 0
	v_accvgpr_write_b32 a31, 0
	v_accvgpr_write_b32 a30, 0
	v_accvgpr_write_b32 a29, 0
	v_accvgpr_write_b32 a28, 0
	v_accvgpr_write_b32 a27, 0
	v_accvgpr_write_b32 a26, 0
	v_accvgpr_write_b32 a25, 0
	v_accvgpr_write_b32 a24, 0
	v_accvgpr_write_b32 a23, 0
	v_accvgpr_write_b32 a22, 0
	v_accvgpr_write_b32 a21, 0
	v_accvgpr_write_b32 a20, 0
	v_accvgpr_write_b32 a19, 0
	v_accvgpr_write_b32 a18, 0
	v_accvgpr_write_b32 a17, 0
	v_accvgpr_write_b32 a16, 0
	v_accvgpr_write_b32 a47, 0
	v_accvgpr_write_b32 a46, 0
	v_accvgpr_write_b32 a45, 0
	v_accvgpr_write_b32 a44, 0
	v_accvgpr_write_b32 a43, 0
	v_accvgpr_write_b32 a42, 0
	v_accvgpr_write_b32 a41, 0
	v_accvgpr_write_b32 a40, 0
	v_accvgpr_write_b32 a39, 0
	v_accvgpr_write_b32 a38, 0
	v_accvgpr_write_b32 a37, 0
	v_accvgpr_write_b32 a36, 0
	v_accvgpr_write_b32 a35, 0
	v_accvgpr_write_b32 a34, 0
	v_accvgpr_write_b32 a33, 0
	v_accvgpr_write_b32 a32, 0
	v_accvgpr_write_b32 a63, 0
	v_accvgpr_write_b32 a62, 0
	v_accvgpr_write_b32 a61, 0
	v_accvgpr_write_b32 a60, 0
	v_accvgpr_write_b32 a59, 0
	v_accvgpr_write_b32 a58, 0
	v_accvgpr_write_b32 a57, 0
	v_accvgpr_write_b32 a56, 0
	v_accvgpr_write_b32 a55, 0
	v_accvgpr_write_b32 a54, 0
	v_accvgpr_write_b32 a53, 0
	v_accvgpr_write_b32 a52, 0
	v_accvgpr_write_b32 a51, 0
	v_accvgpr_write_b32 a50, 0
	v_accvgpr_write_b32 a49, 0
	v_accvgpr_write_b32 a48, 0
	s_mov_b32 s4, 0x5040100
	v_add_u32_e32 v76, 0, v76
	v_add_u32_e32 v77, 0, v77
	v_add_u32_e32 v78, 0, v78
	v_add_u32_e32 v79, 0, v79
	v_add_u32_e32 v80, 0, v80
	v_add_u32_e32 v81, 0, v81
	v_add_u32_e32 v82, 0, v82
	v_add_u32_e32 v83, 0, v83
	v_add_u32_e32 v84, 0, v84
	v_add_u32_e32 v85, 0, v85
.LBB0_2:                                ; =>This Inner Loop Header: Depth=1
	v_lshl_add_u64 v[92:93], v[2:3], 0, v[8:9]
	v_lshl_add_u64 v[94:95], v[2:3], 0, v[10:11]
	v_lshl_add_u64 v[96:97], v[2:3], 0, v[12:13]
	v_lshl_add_u64 v[98:99], v[2:3], 0, v[14:15]
	v_lshl_add_u64 v[100:101], v[2:3], 0, v[16:17]
	v_lshl_add_u64 v[102:103], v[2:3], 0, v[18:19]
	v_lshl_add_u64 v[104:105], v[2:3], 0, v[20:21]
	v_lshl_add_u64 v[106:107], v[2:3], 0, v[22:23]
	v_lshl_add_u64 v[108:109], v[2:3], 0, v[24:25]
	v_lshl_add_u64 v[110:111], v[2:3], 0, v[26:27]
	v_lshl_add_u64 v[112:113], v[2:3], 0, v[28:29]
	v_lshl_add_u64 v[114:115], v[2:3], 0, v[30:31]
	v_lshl_add_u64 v[116:117], v[2:3], 0, v[32:33]
	v_lshl_add_u64 v[118:119], v[36:37], 0, v[34:35]
	v_lshl_add_u64 v[120:121], v[38:39], 0, v[34:35]
	v_lshl_add_u64 v[122:123], v[40:41], 0, v[34:35]
	v_lshl_add_u64 v[124:125], v[42:43], 0, v[34:35]
	v_lshl_add_u64 v[126:127], v[44:45], 0, v[34:35]
	v_lshl_add_u64 v[128:129], v[46:47], 0, v[34:35]
	v_lshl_add_u64 v[86:87], v[2:3], 0, v[0:1]
	v_lshl_add_u64 v[88:89], v[2:3], 0, v[4:5]
	v_lshl_add_u64 v[90:91], v[2:3], 0, v[6:7]
	v_lshl_add_u64 v[130:131], v[48:49], 0, v[34:35]
	v_lshl_add_u64 v[132:133], v[50:51], 0, v[34:35]
	v_lshl_add_u64 v[134:135], v[52:53], 0, v[34:35]
	v_lshl_add_u64 v[136:137], v[54:55], 0, v[34:35]
	v_lshl_add_u64 v[138:139], v[56:57], 0, v[34:35]
	v_lshl_add_u64 v[140:141], v[58:59], 0, v[34:35]
	v_lshl_add_u64 v[142:143], v[60:61], 0, v[34:35]
	v_lshl_add_u64 v[144:145], v[62:63], 0, v[34:35]
	v_lshl_add_u64 v[146:147], v[64:65], 0, v[34:35]
	v_lshl_add_u64 v[148:149], v[66:67], 0, v[34:35]
	global_load_ushort v116, v[116:117], off
	s_nop 0
	global_load_ushort v114, v[114:115], off
	s_nop 0
	global_load_ushort v112, v[112:113], off
	s_nop 0
	global_load_ushort v110, v[110:111], off
	s_nop 0
	global_load_ushort v108, v[108:109], off
	s_nop 0
	global_load_ushort v106, v[106:107], off
	s_nop 0
	global_load_ushort v104, v[104:105], off
	s_nop 0
	global_load_ushort v102, v[102:103], off
	s_nop 0
	global_load_ushort v100, v[100:101], off
	s_nop 0
	global_load_ushort v98, v[98:99], off
	s_nop 0
	global_load_ushort v96, v[96:97], off
	s_nop 0
	global_load_ushort v94, v[94:95], off
	s_nop 0
	global_load_ushort v92, v[92:93], off
	s_nop 0
	global_load_ushort v93, v[88:89], off
	global_load_ushort v95, v[86:87], off
	global_load_ushort v97, v[90:91], off
	global_load_ushort v103, v[148:149], off
	global_load_ushort v105, v[144:145], off
	global_load_ushort v107, v[140:141], off
	global_load_ushort v109, v[136:137], off
	global_load_ushort v111, v[132:133], off
	global_load_ushort v113, v[128:129], off
	global_load_ushort v115, v[124:125], off
	global_load_ushort v117, v[120:121], off
	s_nop 0
	global_load_ushort v120, v[146:147], off
	global_load_ushort v121, v[142:143], off
	global_load_ushort v124, v[138:139], off
	global_load_ushort v125, v[134:135], off
	global_load_ushort v128, v[130:131], off
	s_nop 0
	global_load_ushort v126, v[126:127], off
	s_nop 0
	global_load_ushort v122, v[122:123], off
	s_nop 0
	global_load_ushort v118, v[118:119], off
	v_add_u32_e32 v150, 0, v72
	v_add_u32_e32 v151, 0, v73
	v_add_u32_e32 v152, 0, v74
	v_add_u32_e32 v153, 0, v75
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_add_i32 s13, s13, 32
	v_lshl_add_u64 v[2:3], v[2:3], 0, s[2:3]
	v_lshl_add_u64 v[36:37], v[36:37], 0, s[8:9]
	v_lshl_add_u64 v[38:39], v[38:39], 0, s[8:9]
	v_lshl_add_u64 v[40:41], v[40:41], 0, s[8:9]
	v_lshl_add_u64 v[42:43], v[42:43], 0, s[8:9]
	v_lshl_add_u64 v[44:45], v[44:45], 0, s[8:9]
	v_lshl_add_u64 v[46:47], v[46:47], 0, s[8:9]
	v_lshl_add_u64 v[48:49], v[48:49], 0, s[8:9]
	v_lshl_add_u64 v[50:51], v[50:51], 0, s[8:9]
	v_lshl_add_u64 v[52:53], v[52:53], 0, s[8:9]
	v_lshl_add_u64 v[54:55], v[54:55], 0, s[8:9]
	v_lshl_add_u64 v[56:57], v[56:57], 0, s[8:9]
	v_lshl_add_u64 v[58:59], v[58:59], 0, s[8:9]
	v_lshl_add_u64 v[60:61], v[60:61], 0, s[8:9]
	v_lshl_add_u64 v[62:63], v[62:63], 0, s[8:9]
	v_lshl_add_u64 v[64:65], v[64:65], 0, s[8:9]
	s_cmp_lt_i32 s13, s10
	v_lshl_add_u64 v[66:67], v[66:67], 0, s[8:9]
	s_waitcnt vmcnt(30)
	v_perm_b32 v86, v114, v116, s4
	s_waitcnt vmcnt(28)
	v_perm_b32 v87, v110, v112, s4
	s_waitcnt vmcnt(26)
	v_perm_b32 v88, v106, v108, s4
	s_waitcnt vmcnt(24)
	v_perm_b32 v89, v102, v104, s4
	s_waitcnt vmcnt(22)
	v_perm_b32 v90, v98, v100, s4
	s_waitcnt vmcnt(20)
	v_perm_b32 v91, v94, v96, s4
	s_waitcnt vmcnt(17)
	v_perm_b32 v93, v95, v93, s4
	s_waitcnt vmcnt(16)
	v_perm_b32 v92, v97, v92, s4
	ds_write_b64 v150, v[86:87]
	ds_write_b64 v76, v[88:89]
	ds_write_b64 v77, v[90:91]
	ds_write_b64 v78, v[92:93]
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read2st64_b64 v[86:89], v151 offset1:8
	ds_read2st64_b64 v[90:93], v79 offset1:8
	ds_read2st64_b64 v[94:97], v80 offset1:8
	ds_read2st64_b64 v[98:101], v81 offset1:8
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_waitcnt vmcnt(15)
	ds_write_b16 v152, v103
	s_waitcnt vmcnt(14)
	ds_write_b16 v152, v105 offset:1024
	s_waitcnt vmcnt(13)
	ds_write_b16 v152, v107 offset:2048
	s_waitcnt vmcnt(12)
	ds_write_b16 v152, v109 offset:3072
	s_waitcnt vmcnt(11)
	ds_write_b16 v152, v111 offset:4096
	s_waitcnt vmcnt(10)
	ds_write_b16 v152, v113 offset:5120
	s_waitcnt vmcnt(9)
	ds_write_b16 v152, v115 offset:6144
	s_waitcnt vmcnt(8)
	ds_write_b16 v152, v117 offset:7168
	s_waitcnt vmcnt(7)
	ds_write_b16 v82, v120 offset:512
	s_waitcnt vmcnt(6)
	ds_write_b16 v82, v121 offset:1536
	s_waitcnt vmcnt(5)
	ds_write_b16 v82, v124 offset:2560
	s_waitcnt vmcnt(4)
	ds_write_b16 v82, v125 offset:3584
	s_waitcnt vmcnt(3)
	ds_write_b16 v82, v128 offset:4608
	s_waitcnt vmcnt(2)
	ds_write_b16 v82, v126 offset:5632
	s_waitcnt vmcnt(1)
	ds_write_b16 v82, v122 offset:6656
	s_waitcnt vmcnt(0)
	ds_write_b16 v82, v118 offset:7680
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read2st64_b64 v[102:105], v153 offset1:8
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8_f16 a[48:63], v[102:103], v[86:87], a[48:63]
	v_mfma_f32_32x32x8_f16 a[32:47], v[104:105], v[86:87], a[32:47]
	v_mfma_f32_32x32x8_f16 a[16:31], v[102:103], v[96:97], a[16:31]
	v_mfma_f32_32x32x8_f16 a[0:15], v[104:105], v[96:97], a[0:15]
	ds_read2st64_b64 v[102:105], v83 offset1:8
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8_f16 a[48:63], v[102:103], v[90:91], a[48:63]
	v_mfma_f32_32x32x8_f16 a[16:31], v[102:103], v[100:101], a[16:31]
	v_mfma_f32_32x32x8_f16 a[0:15], v[104:105], v[100:101], a[0:15]
	ds_read2st64_b64 v[100:103], v84 offset1:8
	v_mfma_f32_32x32x8_f16 a[32:47], v[104:105], v[90:91], a[32:47]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8_f16 a[16:31], v[100:101], v[88:89], a[16:31]
	v_mfma_f32_32x32x8_f16 a[0:15], v[102:103], v[88:89], a[0:15]
	ds_read2st64_b64 v[86:89], v85 offset1:8
	v_mfma_f32_32x32x8_f16 a[48:63], v[100:101], v[94:95], a[48:63]
	v_mfma_f32_32x32x8_f16 a[32:47], v[102:103], v[94:95], a[32:47]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8_f16 a[48:63], v[86:87], v[98:99], a[48:63]
	v_mfma_f32_32x32x8_f16 a[32:47], v[88:89], v[98:99], a[32:47]
	v_mfma_f32_32x32x8_f16 a[16:31], v[86:87], v[92:93], a[16:31]
	v_mfma_f32_32x32x8_f16 a[0:15], v[88:89], v[92:93], a[0:15]
	s_cbranch_scc1 .LBB0_2
	s_branch .LBB0_4
.LBB0_3:
	v_accvgpr_write_b32 a48, 0
	v_accvgpr_write_b32 a49, 0
	v_accvgpr_write_b32 a50, 0
	v_accvgpr_write_b32 a51, 0
	v_accvgpr_write_b32 a52, 0
	v_accvgpr_write_b32 a53, 0
	v_accvgpr_write_b32 a54, 0
	v_accvgpr_write_b32 a55, 0
	v_accvgpr_write_b32 a56, 0
	v_accvgpr_write_b32 a57, 0
	v_accvgpr_write_b32 a58, 0
	v_accvgpr_write_b32 a59, 0
	v_accvgpr_write_b32 a60, 0
	v_accvgpr_write_b32 a61, 0
	v_accvgpr_write_b32 a62, 0
	v_accvgpr_write_b32 a63, 0
	v_accvgpr_write_b32 a32, 0
	v_accvgpr_write_b32 a33, 0
	v_accvgpr_write_b32 a34, 0
	v_accvgpr_write_b32 a35, 0
	v_accvgpr_write_b32 a36, 0
	v_accvgpr_write_b32 a37, 0
	v_accvgpr_write_b32 a38, 0
	v_accvgpr_write_b32 a39, 0
	v_accvgpr_write_b32 a40, 0
	v_accvgpr_write_b32 a41, 0
	v_accvgpr_write_b32 a42, 0
	v_accvgpr_write_b32 a43, 0
	v_accvgpr_write_b32 a44, 0
	v_accvgpr_write_b32 a45, 0
	v_accvgpr_write_b32 a46, 0
	v_accvgpr_write_b32 a47, 0
	v_accvgpr_write_b32 a16, 0
	v_accvgpr_write_b32 a17, 0
	v_accvgpr_write_b32 a18, 0
	v_accvgpr_write_b32 a19, 0
	v_accvgpr_write_b32 a20, 0
	v_accvgpr_write_b32 a21, 0
	v_accvgpr_write_b32 a22, 0
	v_accvgpr_write_b32 a23, 0
	v_accvgpr_write_b32 a24, 0
	v_accvgpr_write_b32 a25, 0
	v_accvgpr_write_b32 a26, 0
	v_accvgpr_write_b32 a27, 0
	v_accvgpr_write_b32 a28, 0
	v_accvgpr_write_b32 a29, 0
	v_accvgpr_write_b32 a30, 0
	v_accvgpr_write_b32 a31, 0
	v_accvgpr_write_b32 a0, 0
	v_accvgpr_write_b32 a1, 0
	v_accvgpr_write_b32 a2, 0
	v_accvgpr_write_b32 a3, 0
	v_accvgpr_write_b32 a4, 0
	v_accvgpr_write_b32 a5, 0
	v_accvgpr_write_b32 a6, 0
	v_accvgpr_write_b32 a7, 0
	v_accvgpr_write_b32 a8, 0
	v_accvgpr_write_b32 a9, 0
	v_accvgpr_write_b32 a10, 0
	v_accvgpr_write_b32 a11, 0
	v_accvgpr_write_b32 a12, 0
	v_accvgpr_write_b32 a13, 0
	v_accvgpr_write_b32 a14, 0
	v_accvgpr_write_b32 a15, 0
.LBB0_4:                                ; %Flow203
	s_load_dword s0, s[0:1], 0x38
	v_lshrrev_b32_e32 v0, 3, v70
	v_lshrrev_b32_e32 v1, 1, v71
	v_or3_b32 v4, v0, v1, s17
	v_lshrrev_b32_e32 v0, 2, v69
	s_waitcnt lgkmcnt(0)
	v_mul_lo_u32 v4, s0, v4
	v_add_u32_e32 v6, s0, v4
	v_add_u32_e32 v8, s0, v6
	v_add_u32_e32 v10, s0, v8
	s_mul_i32 s1, s0, 5
	v_add_u32_e32 v12, s1, v10
	v_add_u32_e32 v14, s0, v12
	v_add_u32_e32 v16, s0, v14
	v_add_u32_e32 v18, s0, v16
	v_add_u32_e32 v20, s1, v18
	v_add_u32_e32 v22, s0, v20
	v_add_u32_e32 v24, s0, v22
	v_add_u32_e32 v26, s0, v24
	v_add_u32_e32 v28, s1, v26
	v_add_u32_e32 v30, s0, v28
	v_add_u32_e32 v32, s0, v30
	v_add_u32_e32 v34, s0, v32
	v_mad_u64_u32 v[36:37], s[2:3], s0, 37, v[34:35]
	v_add_u32_e32 v38, s0, v36
	v_add_u32_e32 v40, s0, v38
	v_add_u32_e32 v42, s0, v40
	v_add_u32_e32 v44, s1, v42
	v_add_u32_e32 v46, s0, v44
	v_add_u32_e32 v48, s0, v46
	v_add_u32_e32 v50, s0, v48
	v_add_u32_e32 v52, s1, v50
	v_add_u32_e32 v54, s0, v52
	v_add_u32_e32 v56, s0, v54
	v_add_u32_e32 v58, s0, v56
	v_add_u32_e32 v60, s1, v58
	v_or3_b32 v0, v0, v68, s16
	v_add_u32_e32 v62, s0, v60
	v_mul_lo_u32 v0, s15, v0
	v_add_u32_e32 v64, s0, v62
	v_lshl_add_u32 v2, s15, 6, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_add_u32_e32 v66, s0, v64
	v_ashrrev_i32_e32 v5, 31, v4
	v_lshl_add_u64 v[0:1], v[0:1], 2, s[6:7]
	v_ashrrev_i32_e32 v3, 31, v2
	v_lshlrev_b64 v[4:5], 2, v[4:5]
	v_ashrrev_i32_e32 v7, 31, v6
	v_ashrrev_i32_e32 v9, 31, v8
	v_ashrrev_i32_e32 v11, 31, v10
	v_ashrrev_i32_e32 v13, 31, v12
	v_ashrrev_i32_e32 v15, 31, v14
	v_ashrrev_i32_e32 v17, 31, v16
	v_ashrrev_i32_e32 v19, 31, v18
	v_ashrrev_i32_e32 v21, 31, v20
	v_ashrrev_i32_e32 v23, 31, v22
	v_ashrrev_i32_e32 v25, 31, v24
	v_ashrrev_i32_e32 v27, 31, v26
	v_ashrrev_i32_e32 v29, 31, v28
	v_ashrrev_i32_e32 v31, 31, v30
	v_ashrrev_i32_e32 v33, 31, v32
	v_ashrrev_i32_e32 v35, 31, v34
	v_ashrrev_i32_e32 v37, 31, v36
	v_ashrrev_i32_e32 v39, 31, v38
	v_ashrrev_i32_e32 v41, 31, v40
	v_ashrrev_i32_e32 v43, 31, v42
	v_ashrrev_i32_e32 v45, 31, v44
	v_ashrrev_i32_e32 v47, 31, v46
	v_ashrrev_i32_e32 v49, 31, v48
	v_ashrrev_i32_e32 v51, 31, v50
	v_ashrrev_i32_e32 v53, 31, v52
	v_ashrrev_i32_e32 v55, 31, v54
	v_ashrrev_i32_e32 v57, 31, v56
	v_ashrrev_i32_e32 v59, 31, v58
	v_ashrrev_i32_e32 v61, 31, v60
	v_ashrrev_i32_e32 v63, 31, v62
	v_ashrrev_i32_e32 v65, 31, v64
	v_ashrrev_i32_e32 v67, 31, v66
	v_lshl_add_u64 v[2:3], v[2:3], 2, s[6:7]
	v_lshl_add_u64 v[68:69], v[0:1], 0, v[4:5]
	v_lshlrev_b64 v[6:7], 2, v[6:7]
	v_lshlrev_b64 v[8:9], 2, v[8:9]
	v_lshlrev_b64 v[10:11], 2, v[10:11]
	v_lshlrev_b64 v[12:13], 2, v[12:13]
	v_lshlrev_b64 v[14:15], 2, v[14:15]
	v_lshlrev_b64 v[16:17], 2, v[16:17]
	v_lshlrev_b64 v[18:19], 2, v[18:19]
	v_lshlrev_b64 v[20:21], 2, v[20:21]
	v_lshlrev_b64 v[22:23], 2, v[22:23]
	v_lshlrev_b64 v[24:25], 2, v[24:25]
	v_lshlrev_b64 v[26:27], 2, v[26:27]
	v_lshlrev_b64 v[28:29], 2, v[28:29]
	v_lshlrev_b64 v[30:31], 2, v[30:31]
	v_lshlrev_b64 v[32:33], 2, v[32:33]
	v_lshlrev_b64 v[34:35], 2, v[34:35]
	v_lshlrev_b64 v[36:37], 2, v[36:37]
	v_lshlrev_b64 v[38:39], 2, v[38:39]
	v_lshlrev_b64 v[40:41], 2, v[40:41]
	v_lshlrev_b64 v[42:43], 2, v[42:43]
	v_lshlrev_b64 v[44:45], 2, v[44:45]
	v_lshlrev_b64 v[46:47], 2, v[46:47]
	v_lshlrev_b64 v[48:49], 2, v[48:49]
	v_lshlrev_b64 v[50:51], 2, v[50:51]
	v_lshlrev_b64 v[52:53], 2, v[52:53]
	v_lshlrev_b64 v[54:55], 2, v[54:55]
	v_lshlrev_b64 v[56:57], 2, v[56:57]
	v_lshlrev_b64 v[58:59], 2, v[58:59]
	v_lshlrev_b64 v[60:61], 2, v[60:61]
	v_lshlrev_b64 v[62:63], 2, v[62:63]
	v_lshlrev_b64 v[64:65], 2, v[64:65]
	v_lshlrev_b64 v[66:67], 2, v[66:67]
	v_lshl_add_u64 v[70:71], v[0:1], 0, v[6:7]
	v_lshl_add_u64 v[72:73], v[0:1], 0, v[8:9]
	v_lshl_add_u64 v[74:75], v[0:1], 0, v[10:11]
	v_lshl_add_u64 v[76:77], v[0:1], 0, v[12:13]
	v_lshl_add_u64 v[78:79], v[0:1], 0, v[14:15]
	v_lshl_add_u64 v[80:81], v[0:1], 0, v[16:17]
	v_lshl_add_u64 v[82:83], v[0:1], 0, v[18:19]
	v_lshl_add_u64 v[84:85], v[0:1], 0, v[20:21]
	v_lshl_add_u64 v[86:87], v[0:1], 0, v[22:23]
	v_lshl_add_u64 v[88:89], v[0:1], 0, v[24:25]
	v_lshl_add_u64 v[90:91], v[0:1], 0, v[26:27]
	v_lshl_add_u64 v[92:93], v[0:1], 0, v[28:29]
	v_lshl_add_u64 v[94:95], v[0:1], 0, v[30:31]
	v_lshl_add_u64 v[96:97], v[0:1], 0, v[32:33]
	v_lshl_add_u64 v[98:99], v[0:1], 0, v[34:35]
	v_lshl_add_u64 v[100:101], v[0:1], 0, v[36:37]
	v_lshl_add_u64 v[102:103], v[0:1], 0, v[38:39]
	v_lshl_add_u64 v[104:105], v[0:1], 0, v[40:41]
	v_lshl_add_u64 v[106:107], v[0:1], 0, v[42:43]
	v_lshl_add_u64 v[108:109], v[0:1], 0, v[44:45]
	v_lshl_add_u64 v[110:111], v[0:1], 0, v[46:47]
	v_lshl_add_u64 v[112:113], v[0:1], 0, v[48:49]
	v_lshl_add_u64 v[114:115], v[0:1], 0, v[50:51]
	v_lshl_add_u64 v[116:117], v[0:1], 0, v[52:53]
	v_lshl_add_u64 v[118:119], v[0:1], 0, v[54:55]
	v_lshl_add_u64 v[120:121], v[0:1], 0, v[56:57]
	v_lshl_add_u64 v[122:123], v[0:1], 0, v[58:59]
	v_lshl_add_u64 v[124:125], v[0:1], 0, v[60:61]
	v_lshl_add_u64 v[126:127], v[0:1], 0, v[62:63]
	v_lshl_add_u64 v[128:129], v[0:1], 0, v[64:65]
	v_lshl_add_u64 v[0:1], v[0:1], 0, v[66:67]
	v_lshl_add_u64 v[4:5], v[2:3], 0, v[4:5]
	v_lshl_add_u64 v[6:7], v[2:3], 0, v[6:7]
	v_lshl_add_u64 v[8:9], v[2:3], 0, v[8:9]
	v_lshl_add_u64 v[10:11], v[2:3], 0, v[10:11]
	v_lshl_add_u64 v[12:13], v[2:3], 0, v[12:13]
	v_lshl_add_u64 v[14:15], v[2:3], 0, v[14:15]
	v_lshl_add_u64 v[16:17], v[2:3], 0, v[16:17]
	v_lshl_add_u64 v[18:19], v[2:3], 0, v[18:19]
	v_lshl_add_u64 v[20:21], v[2:3], 0, v[20:21]
	v_lshl_add_u64 v[22:23], v[2:3], 0, v[22:23]
	v_lshl_add_u64 v[24:25], v[2:3], 0, v[24:25]
	v_lshl_add_u64 v[26:27], v[2:3], 0, v[26:27]
	v_lshl_add_u64 v[28:29], v[2:3], 0, v[28:29]
	v_lshl_add_u64 v[30:31], v[2:3], 0, v[30:31]
	v_lshl_add_u64 v[32:33], v[2:3], 0, v[32:33]
	v_lshl_add_u64 v[34:35], v[2:3], 0, v[34:35]
	v_lshl_add_u64 v[36:37], v[2:3], 0, v[36:37]
	v_lshl_add_u64 v[38:39], v[2:3], 0, v[38:39]
	v_lshl_add_u64 v[40:41], v[2:3], 0, v[40:41]
	v_lshl_add_u64 v[42:43], v[2:3], 0, v[42:43]
	v_lshl_add_u64 v[44:45], v[2:3], 0, v[44:45]
	v_lshl_add_u64 v[46:47], v[2:3], 0, v[46:47]
	v_lshl_add_u64 v[48:49], v[2:3], 0, v[48:49]
	v_lshl_add_u64 v[50:51], v[2:3], 0, v[50:51]
	v_lshl_add_u64 v[52:53], v[2:3], 0, v[52:53]
	v_lshl_add_u64 v[54:55], v[2:3], 0, v[54:55]
	v_lshl_add_u64 v[56:57], v[2:3], 0, v[56:57]
	v_lshl_add_u64 v[58:59], v[2:3], 0, v[58:59]
	v_lshl_add_u64 v[60:61], v[2:3], 0, v[60:61]
	v_lshl_add_u64 v[62:63], v[2:3], 0, v[62:63]
	v_lshl_add_u64 v[64:65], v[2:3], 0, v[64:65]
	v_lshl_add_u64 v[2:3], v[2:3], 0, v[66:67]
	global_store_dword v[68:69], a48, off
	global_store_dword v[70:71], a49, off
	global_store_dword v[72:73], a50, off
	global_store_dword v[74:75], a51, off
	global_store_dword v[76:77], a52, off
	global_store_dword v[78:79], a53, off
	global_store_dword v[80:81], a54, off
	global_store_dword v[82:83], a55, off
	global_store_dword v[84:85], a56, off
	global_store_dword v[86:87], a57, off
	global_store_dword v[88:89], a58, off
	global_store_dword v[90:91], a59, off
	global_store_dword v[92:93], a60, off
	global_store_dword v[94:95], a61, off
	global_store_dword v[96:97], a62, off
	global_store_dword v[98:99], a63, off
	global_store_dword v[100:101], a32, off
	global_store_dword v[102:103], a33, off
	global_store_dword v[104:105], a34, off
	global_store_dword v[106:107], a35, off
	global_store_dword v[108:109], a36, off
	global_store_dword v[110:111], a37, off
	global_store_dword v[112:113], a38, off
	global_store_dword v[114:115], a39, off
	global_store_dword v[116:117], a40, off
	global_store_dword v[118:119], a41, off
	global_store_dword v[120:121], a42, off
	global_store_dword v[122:123], a43, off
	global_store_dword v[124:125], a44, off
	global_store_dword v[126:127], a45, off
	global_store_dword v[128:129], a46, off
	global_store_dword v[0:1], a47, off
	global_store_dword v[4:5], a16, off
	global_store_dword v[6:7], a17, off
	global_store_dword v[8:9], a18, off
	global_store_dword v[10:11], a19, off
	global_store_dword v[12:13], a20, off
	global_store_dword v[14:15], a21, off
	global_store_dword v[16:17], a22, off
	global_store_dword v[18:19], a23, off
	global_store_dword v[20:21], a24, off
	global_store_dword v[22:23], a25, off
	global_store_dword v[24:25], a26, off
	global_store_dword v[26:27], a27, off
	global_store_dword v[28:29], a28, off
	global_store_dword v[30:31], a29, off
	global_store_dword v[32:33], a30, off
	global_store_dword v[34:35], a31, off
	global_store_dword v[36:37], a0, off
	global_store_dword v[38:39], a1, off
	global_store_dword v[40:41], a2, off
	global_store_dword v[42:43], a3, off
	global_store_dword v[44:45], a4, off
	global_store_dword v[46:47], a5, off
	global_store_dword v[48:49], a6, off
	global_store_dword v[50:51], a7, off
	global_store_dword v[52:53], a8, off
	global_store_dword v[54:55], a9, off
	global_store_dword v[56:57], a10, off
	global_store_dword v[58:59], a11, off
	global_store_dword v[60:61], a12, off
	global_store_dword v[62:63], a13, off
	global_store_dword v[64:65], a14, off
	global_store_dword v[2:3], a15, off
	s_endpgm
.Ltmp2:
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel mm
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 80
		.amdhsa_user_sgpr_count 16
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 14
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 220
		.amdhsa_next_free_sgpr 20
		.amdhsa_accum_offset 156
		.amdhsa_reserve_vcc 1
		.amdhsa_reserve_xnack_mask 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
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
	.set mm.num_vgpr, 154
	.set mm.num_agpr, 64
	.set mm.numbered_sgpr, 20
	.set mm.num_named_barrier, 0
	.set mm.private_seg_size, 0
	.set mm.uses_vcc, 1
	.set mm.uses_flat_scratch, 0
	.set mm.has_dyn_sized_stack, 0
	.set mm.has_recursion, 0
	.set mm.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 5360
; TotalNumSgprs: 26
; NumVgprs: 154
; NumAgprs: 64
; TotalNumVgprs: 220
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 3
; VGPRBlocks: 27
; NumSGPRsForWavesPerEU: 26
; NumVGPRsForWavesPerEU: 220
; AccumOffset: 156
; Occupancy: 2
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 16
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 38
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.text
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     64
    .args:
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
    .max_flat_workgroup_size: 256
    .name:           mm
    .private_segment_fixed_size: 0
    .sgpr_count:     26
    .sgpr_spill_count: 0
    .symbol:         mm.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     220
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
