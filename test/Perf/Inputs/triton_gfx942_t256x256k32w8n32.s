	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 5
	.text
	.globl	mm                              ; -- Begin function mm
	.p2align	8
	.type	mm,@function
mm:                                     ; @mm
.Lfunc_begin0:
; %bb.6:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_load_dwordx8 s[4:11], s[0:1], 0x8
	s_load_dwordx4 s[12:15], s[0:1], 0x28
	s_waitcnt lgkmcnt(0)
	s_branch .LBB0_0
.Ltmp0:
	.p2align	8
; %bb.7:
.LBB0_0:
.Ltmp1:
	s_lshl_b32 s18, s16, 8
	s_lshl_b32 s19, s17, 8
	v_and_b32_e32 v171, 31, v0
	v_and_b32_e32 v130, 0x100, v0
	v_and_b32_e32 v129, 0xc0, v0
	s_cmp_lt_i32 s10, 1
	v_and_b32_e32 v128, 32, v0
	s_cbranch_scc1 .LBB0_4
; %bb.1:                                ; %.lr.ph
	v_lshrrev_b32_e32 v22, 5, v0
	v_or_b32_e32 v1, s19, v22
	v_or_b32_e32 v4, 0xf0, v1
	v_or_b32_e32 v6, 0xd0, v1
	v_or_b32_e32 v8, 0xb0, v1
	v_or_b32_e32 v10, 0x90, v1
	v_or_b32_e32 v12, 0x70, v1
	v_or_b32_e32 v14, 0x50, v1
	v_or_b32_e32 v16, 48, v1
	v_or_b32_e32 v1, 16, v1
	v_mul_lo_u32 v18, s14, v1
	v_lshlrev_b32_e32 v1, 2, v0
	v_lshrrev_b32_e32 v26, 1, v0
	v_and_b32_e32 v25, 56, v1
	v_xor_b32_e32 v1, v1, v26
	v_lshrrev_b32_e32 v27, 5, v130
	v_and_b32_e32 v1, 56, v1
	v_and_b32_e32 v23, 0xff, v0
	v_xor_b32_e32 v1, v1, v27
	v_lshl_or_b32 v236, v23, 6, v1
	v_lshlrev_b32_e32 v1, 6, v0
	v_bfe_i32 v29, v0, 4, 1
	s_movk_i32 s9, 0x3c0
	v_and_b32_e32 v29, 0x408, v29
	v_mov_b32_e32 v31, 0x810
	v_cmp_eq_u32_e32 vcc, 0, v130
	v_and_or_b32 v1, v1, s9, v25
	v_xor_b32_e32 v1, v1, v29
	v_cndmask_b32_e64 v31, v31, 0, vcc
	v_lshrrev_b32_e32 v30, 2, v128
	v_xor_b32_e32 v1, v1, v31
	v_xor_b32_e32 v237, v1, v30
	v_lshlrev_b32_e32 v1, 1, v0
	v_lshrrev_b32_e32 v0, 3, v0
	v_and_b32_e32 v0, 56, v0
	v_lshrrev_b32_e32 v24, 6, v130
	v_xor_b32_e32 v33, v1, v0
	v_lshlrev_b32_e32 v0, 6, v171
	v_lshlrev_b32_e32 v1, 5, v129
	v_xor_b32_e32 v25, v25, v30
	v_or3_b32 v238, v0, v1, v25
	v_add_u32_e32 v0, 27, v24
	v_mul_lo_u32 v0, s12, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[0:1], 1, v[0:1]
	scratch_store_dwordx2 off, v[0:1], off  ; 8-byte Folded Spill
	v_add_u32_e32 v0, s18, v23
	v_mul_lo_u32 v0, s11, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[166:167], v[0:1], 1, s[2:3]
	v_add_u32_e32 v0, 26, v24
	v_mul_lo_u32 v0, s12, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[0:1], 1, v[0:1]
	scratch_store_dwordx2 off, v[0:1], off offset:8 ; 8-byte Folded Spill
	v_add_u32_e32 v0, 25, v24
	v_mul_lo_u32 v0, s12, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[0:1], 1, v[0:1]
	scratch_store_dwordx2 off, v[0:1], off offset:16 ; 8-byte Folded Spill
	v_or_b32_e32 v0, 24, v24
	v_mul_lo_u32 v0, s12, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[172:173], 1, v[0:1]
	v_add_u32_e32 v0, 19, v24
	v_mul_lo_u32 v0, s12, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[174:175], 1, v[0:1]
	v_add_u32_e32 v0, 18, v24
	v_mul_lo_u32 v0, s12, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[176:177], 1, v[0:1]
	v_add_u32_e32 v0, 17, v24
	v_mul_lo_u32 v0, s12, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[178:179], 1, v[0:1]
	v_or_b32_e32 v0, 16, v24
	v_mul_lo_u32 v0, s12, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[180:181], 1, v[0:1]
	v_add_u32_e32 v0, 11, v24
	v_mul_lo_u32 v0, s12, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[182:183], 1, v[0:1]
	v_add_u32_e32 v0, 10, v24
	v_mul_lo_u32 v0, s12, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[184:185], 1, v[0:1]
	v_add_u32_e32 v0, 9, v24
	v_mul_lo_u32 v0, s12, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[186:187], 1, v[0:1]
	v_or_b32_e32 v0, 8, v24
	v_mul_lo_u32 v0, s12, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[188:189], 1, v[0:1]
	v_add_u32_e32 v0, 3, v24
	v_mul_lo_u32 v0, s12, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[190:191], 1, v[0:1]
	v_add_u32_e32 v0, 2, v24
	v_mul_lo_u32 v0, s12, v0
	v_mul_lo_u32 v2, s13, v171
	v_mul_lo_u32 v20, s12, v24
	v_ashrrev_i32_e32 v1, 31, v0
	v_ashrrev_i32_e32 v3, 31, v2
	v_lshlrev_b64 v[192:193], 1, v[0:1]
	v_add_u32_e32 v0, s12, v20
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshlrev_b64 v[198:199], 1, v[2:3]
	v_add_u32_e32 v2, s19, v22
	v_lshlrev_b64 v[194:195], 1, v[0:1]
	v_add_u32_e32 v0, 0xe0, v2
	v_mul_lo_u32 v0, s14, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[202:203], v[0:1], 1, s[4:5]
	v_add_u32_e32 v0, 0xc0, v2
	v_mul_lo_u32 v0, s14, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[206:207], v[0:1], 1, s[4:5]
	v_add_u32_e32 v0, 0xa0, v2
	v_mul_lo_u32 v0, s14, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[210:211], v[0:1], 1, s[4:5]
	v_add_u32_e32 v0, 0x80, v2
	v_mul_lo_u32 v0, s14, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[214:215], v[0:1], 1, s[4:5]
	v_add_u32_e32 v0, 0x60, v2
	v_mul_lo_u32 v0, s14, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[218:219], v[0:1], 1, s[4:5]
	v_add_u32_e32 v0, 64, v2
	v_mul_lo_u32 v0, s14, v0
	v_ashrrev_i32_e32 v1, 31, v0
	v_lshl_add_u64 v[222:223], v[0:1], 1, s[4:5]
	v_add_u32_e32 v0, 32, v2
	v_mul_lo_u32 v0, s14, v0
	v_ashrrev_i32_e32 v1, 31, v0
	s_lshl_b32 s8, s13, 5
	s_lshl_b32 s16, s12, 5
	v_mul_lo_u32 v4, s14, v4
	v_mul_lo_u32 v6, s14, v6
	v_mul_lo_u32 v8, s14, v8
	v_mul_lo_u32 v10, s14, v10
	v_mul_lo_u32 v12, s14, v12
	v_mul_lo_u32 v14, s14, v14
	v_mul_lo_u32 v16, s14, v16
	v_lshl_add_u64 v[226:227], v[0:1], 1, s[4:5]
	v_mul_lo_u32 v0, s14, v2
	v_ashrrev_i32_e32 v5, 31, v4
	v_ashrrev_i32_e32 v7, 31, v6
	v_ashrrev_i32_e32 v9, 31, v8
	v_ashrrev_i32_e32 v11, 31, v10
	v_ashrrev_i32_e32 v13, 31, v12
	v_ashrrev_i32_e32 v15, 31, v14
	v_ashrrev_i32_e32 v17, 31, v16
	v_ashrrev_i32_e32 v19, 31, v18
	v_ashrrev_i32_e32 v21, 31, v20
	v_xor_b32_e32 v26, 16, v236
	v_xor_b32_e32 v27, 32, v236
	v_xor_b32_e32 v28, 48, v236
	v_xor_b32_e32 v29, 16, v237
	v_xor_b32_e32 v31, 32, v237
	v_xor_b32_e32 v32, 48, v237
	v_xor_b32_e32 v25, 16, v238
	v_xor_b32_e32 v30, 32, v238
	v_xor_b32_e32 v34, 48, v238
	s_ashr_i32 s17, s16, 31
	s_ashr_i32 s9, s8, 31
	v_ashrrev_i32_e32 v1, 31, v0
	v_mov_b32_e32 v112, 0
	s_mov_b32 s13, 0
	s_lshl_b64 s[2:3], s[16:17], 1
	v_lshlrev_b64 v[196:197], 1, v[20:21]
	v_lshl_add_u64 v[200:201], v[4:5], 1, s[4:5]
	s_lshl_b64 s[8:9], s[8:9], 1
	v_lshl_add_u64 v[204:205], v[6:7], 1, s[4:5]
	v_lshl_add_u64 v[208:209], v[8:9], 1, s[4:5]
	v_lshl_add_u64 v[212:213], v[10:11], 1, s[4:5]
	v_lshl_add_u64 v[216:217], v[12:13], 1, s[4:5]
	v_lshl_add_u64 v[220:221], v[14:15], 1, s[4:5]
	v_lshl_add_u64 v[224:225], v[16:17], 1, s[4:5]
	v_lshl_add_u64 v[228:229], v[18:19], 1, s[4:5]
	v_lshl_add_u64 v[230:231], v[0:1], 1, s[4:5]
	s_mov_b32 s4, 0x5040100
	v_add_u32_e32 v239, 0, v26
	v_add_u32_e32 v240, 0, v27
	v_add_u32_e32 v241, 0, v28
	v_add_u32_e32 v242, 0, v29
	v_add_u32_e32 v243, 0, v31
	v_add_u32_e32 v244, 0, v32
	v_add_u32_e32 v245, 0, v33
	v_add_u32_e32 v246, 0, v25
	v_add_u32_e32 v247, 0, v30
	v_add_u32_e32 v248, 0, v34
	v_mov_b32_e32 v113, v112
	v_mov_b32_e32 v114, v112
	v_mov_b32_e32 v115, v112
	v_mov_b32_e32 v116, v112
	v_mov_b32_e32 v117, v112
	v_mov_b32_e32 v118, v112
	v_mov_b32_e32 v119, v112
	v_mov_b32_e32 v120, v112
	v_mov_b32_e32 v121, v112
	v_mov_b32_e32 v122, v112
	v_mov_b32_e32 v123, v112
	v_mov_b32_e32 v124, v112
	v_mov_b32_e32 v125, v112
	v_mov_b32_e32 v126, v112
	v_mov_b32_e32 v127, v112
	v_mov_b32_e32 v96, v112
	v_mov_b32_e32 v97, v112
	v_mov_b32_e32 v98, v112
	v_mov_b32_e32 v99, v112
	v_mov_b32_e32 v100, v112
	v_mov_b32_e32 v101, v112
	v_mov_b32_e32 v102, v112
	v_mov_b32_e32 v103, v112
	v_mov_b32_e32 v104, v112
	v_mov_b32_e32 v105, v112
	v_mov_b32_e32 v106, v112
	v_mov_b32_e32 v107, v112
	v_mov_b32_e32 v108, v112
	v_mov_b32_e32 v109, v112
	v_mov_b32_e32 v110, v112
	v_mov_b32_e32 v111, v112
	v_mov_b32_e32 v80, v112
	v_mov_b32_e32 v81, v112
	v_mov_b32_e32 v82, v112
	v_mov_b32_e32 v83, v112
	v_mov_b32_e32 v84, v112
	v_mov_b32_e32 v85, v112
	v_mov_b32_e32 v86, v112
	v_mov_b32_e32 v87, v112
	v_mov_b32_e32 v88, v112
	v_mov_b32_e32 v89, v112
	v_mov_b32_e32 v90, v112
	v_mov_b32_e32 v91, v112
	v_mov_b32_e32 v92, v112
	v_mov_b32_e32 v93, v112
	v_mov_b32_e32 v94, v112
	v_mov_b32_e32 v95, v112
	v_mov_b32_e32 v64, v112
	v_mov_b32_e32 v65, v112
	v_mov_b32_e32 v66, v112
	v_mov_b32_e32 v67, v112
	v_mov_b32_e32 v68, v112
	v_mov_b32_e32 v69, v112
	v_mov_b32_e32 v70, v112
	v_mov_b32_e32 v71, v112
	v_mov_b32_e32 v72, v112
	v_mov_b32_e32 v73, v112
	v_mov_b32_e32 v74, v112
	v_mov_b32_e32 v75, v112
	v_mov_b32_e32 v76, v112
	v_mov_b32_e32 v77, v112
	v_mov_b32_e32 v78, v112
	v_mov_b32_e32 v79, v112
	v_mov_b32_e32 v48, v112
	v_mov_b32_e32 v49, v112
	v_mov_b32_e32 v50, v112
	v_mov_b32_e32 v51, v112
	v_mov_b32_e32 v52, v112
	v_mov_b32_e32 v53, v112
	v_mov_b32_e32 v54, v112
	v_mov_b32_e32 v55, v112
	v_mov_b32_e32 v56, v112
	v_mov_b32_e32 v57, v112
	v_mov_b32_e32 v58, v112
	v_mov_b32_e32 v59, v112
	v_mov_b32_e32 v60, v112
	v_mov_b32_e32 v61, v112
	v_mov_b32_e32 v62, v112
	v_mov_b32_e32 v63, v112
	v_mov_b32_e32 v32, v112
	v_mov_b32_e32 v33, v112
	v_mov_b32_e32 v34, v112
	v_mov_b32_e32 v35, v112
	v_mov_b32_e32 v36, v112
	v_mov_b32_e32 v37, v112
	v_mov_b32_e32 v38, v112
	v_mov_b32_e32 v39, v112
	v_mov_b32_e32 v40, v112
	v_mov_b32_e32 v41, v112
	v_mov_b32_e32 v42, v112
	v_mov_b32_e32 v43, v112
	v_mov_b32_e32 v44, v112
	v_mov_b32_e32 v45, v112
	v_mov_b32_e32 v46, v112
	v_mov_b32_e32 v47, v112
	v_mov_b32_e32 v16, v112
	v_mov_b32_e32 v17, v112
	v_mov_b32_e32 v18, v112
	v_mov_b32_e32 v19, v112
	v_mov_b32_e32 v20, v112
	v_mov_b32_e32 v21, v112
	v_mov_b32_e32 v22, v112
	v_mov_b32_e32 v23, v112
	v_mov_b32_e32 v24, v112
	v_mov_b32_e32 v25, v112
	v_mov_b32_e32 v26, v112
	v_mov_b32_e32 v27, v112
	v_mov_b32_e32 v28, v112
	v_mov_b32_e32 v29, v112
	v_mov_b32_e32 v30, v112
	v_mov_b32_e32 v31, v112
	v_mov_b32_e32 v0, v112
	v_mov_b32_e32 v1, v112
	v_mov_b32_e32 v2, v112
	v_mov_b32_e32 v3, v112
	v_mov_b32_e32 v4, v112
	v_mov_b32_e32 v5, v112
	v_mov_b32_e32 v6, v112
	v_mov_b32_e32 v7, v112
	v_mov_b32_e32 v8, v112
	v_mov_b32_e32 v9, v112
	v_mov_b32_e32 v10, v112
	v_mov_b32_e32 v11, v112
	v_mov_b32_e32 v12, v112
	v_mov_b32_e32 v13, v112
	v_mov_b32_e32 v14, v112
	v_mov_b32_e32 v15, v112
	scratch_store_dword off, v128, off offset:32 ; 4-byte Folded Spill
	scratch_store_dword off, v130, off offset:24 ; 4-byte Folded Spill
	scratch_store_dword off, v129, off offset:28 ; 4-byte Folded Spill
.LBB0_2:                                ; =>This Inner Loop Header: Depth=1
	scratch_load_dwordx2 v[128:129], off, off ; 8-byte Folded Reload
	s_nop 0
	scratch_load_dwordx2 v[130:131], off, off offset:8 ; 8-byte Folded Reload
	scratch_load_dwordx2 v[132:133], off, off offset:16 ; 8-byte Folded Reload
	v_lshl_add_u64 v[134:135], v[166:167], 0, v[172:173]
	v_lshl_add_u64 v[138:139], v[166:167], 0, v[176:177]
	v_lshl_add_u64 v[142:143], v[166:167], 0, v[180:181]
	v_lshl_add_u64 v[146:147], v[166:167], 0, v[184:185]
	v_lshl_add_u64 v[150:151], v[166:167], 0, v[188:189]
	v_lshl_add_u64 v[154:155], v[166:167], 0, v[192:193]
	v_lshl_add_u64 v[158:159], v[166:167], 0, v[196:197]
	v_lshl_add_u64 v[136:137], v[166:167], 0, v[174:175]
	v_lshl_add_u64 v[140:141], v[166:167], 0, v[178:179]
	v_lshl_add_u64 v[144:145], v[166:167], 0, v[182:183]
	v_lshl_add_u64 v[148:149], v[166:167], 0, v[186:187]
	v_lshl_add_u64 v[152:153], v[166:167], 0, v[190:191]
	v_lshl_add_u64 v[156:157], v[166:167], 0, v[194:195]
	global_load_ushort v158, v[158:159], off
	s_nop 0
	global_load_ushort v159, v[156:157], off
	s_nop 0
	global_load_ushort v154, v[154:155], off
	s_nop 0
	global_load_ushort v155, v[152:153], off
	s_nop 0
	global_load_ushort v150, v[150:151], off
	s_nop 0
	global_load_ushort v151, v[148:149], off
	s_nop 0
	global_load_ushort v146, v[146:147], off
	s_nop 0
	global_load_ushort v147, v[144:145], off
	s_nop 0
	global_load_ushort v142, v[142:143], off
	s_nop 0
	global_load_ushort v143, v[140:141], off
	s_nop 0
	global_load_ushort v138, v[138:139], off
	s_nop 0
	global_load_ushort v139, v[136:137], off
	v_lshl_add_u64 v[136:137], v[226:227], 0, v[198:199]
	v_lshl_add_u64 v[140:141], v[222:223], 0, v[198:199]
	v_lshl_add_u64 v[144:145], v[216:217], 0, v[198:199]
	v_lshl_add_u64 v[148:149], v[212:213], 0, v[198:199]
	v_lshl_add_u64 v[160:161], v[200:201], 0, v[198:199]
	v_lshl_add_u64 v[162:163], v[202:203], 0, v[198:199]
	v_lshl_add_u64 v[156:157], v[204:205], 0, v[198:199]
	v_lshl_add_u64 v[152:153], v[208:209], 0, v[198:199]
	s_add_i32 s13, s13, 32
	v_lshl_add_u64 v[200:201], v[200:201], 0, s[8:9]
	v_lshl_add_u64 v[202:203], v[202:203], 0, s[8:9]
	v_lshl_add_u64 v[204:205], v[204:205], 0, s[8:9]
	v_lshl_add_u64 v[208:209], v[208:209], 0, s[8:9]
	v_lshl_add_u64 v[212:213], v[212:213], 0, s[8:9]
	v_lshl_add_u64 v[216:217], v[216:217], 0, s[8:9]
	v_lshl_add_u64 v[222:223], v[222:223], 0, s[8:9]
	v_lshl_add_u64 v[226:227], v[226:227], 0, s[8:9]
	s_cmp_lt_i32 s13, s10
	s_waitcnt vmcnt(14)
	v_lshl_add_u64 v[128:129], v[166:167], 0, v[128:129]
	s_waitcnt vmcnt(13)
	v_lshl_add_u64 v[130:131], v[166:167], 0, v[130:131]
	s_waitcnt vmcnt(12)
	v_lshl_add_u64 v[132:133], v[166:167], 0, v[132:133]
	global_load_ushort v134, v[134:135], off
	s_nop 0
	global_load_ushort v135, v[130:131], off
	v_lshl_add_u64 v[130:131], v[230:231], 0, v[198:199]
	global_load_ushort v249, v[128:129], off
	global_load_ushort v250, v[132:133], off
	v_lshl_add_u64 v[128:129], v[228:229], 0, v[198:199]
	global_load_ushort v251, v[130:131], off
	global_load_ushort v252, v[128:129], off
	v_lshl_add_u64 v[128:129], v[224:225], 0, v[198:199]
	global_load_ushort v253, v[136:137], off
	global_load_ushort v254, v[128:129], off
	v_lshl_add_u64 v[128:129], v[220:221], 0, v[198:199]
	global_load_ushort v255, v[140:141], off
	global_load_ushort v234, v[128:129], off
	v_lshl_add_u64 v[128:129], v[218:219], 0, v[198:199]
	global_load_ushort v235, v[128:129], off
	global_load_ushort v232, v[144:145], off
	v_lshl_add_u64 v[128:129], v[214:215], 0, v[198:199]
	global_load_ushort v233, v[128:129], off
	global_load_ushort v164, v[148:149], off
	v_lshl_add_u64 v[128:129], v[210:211], 0, v[198:199]
	global_load_ushort v165, v[128:129], off
	global_load_ushort v168, v[152:153], off
	v_lshl_add_u64 v[128:129], v[206:207], 0, v[198:199]
	global_load_ushort v169, v[128:129], off
	global_load_ushort v170, v[156:157], off
	s_nop 0
	global_load_ushort v162, v[162:163], off
	s_nop 0
	global_load_ushort v160, v[160:161], off
	v_add_u32_e32 v136, 0, v236
	v_add_u32_e32 v137, 0, v237
	s_waitcnt vmcnt(28)
	v_perm_b32 v129, v155, v154, s4
	v_perm_b32 v128, v159, v158, s4
	s_waitcnt vmcnt(24)
	v_perm_b32 v131, v147, v146, s4
	v_perm_b32 v130, v151, v150, s4
	s_waitcnt vmcnt(20)
	v_perm_b32 v133, v139, v138, s4
	v_perm_b32 v132, v143, v142, s4
	v_add_u32_e32 v161, 0, v238
	s_waitcnt lgkmcnt(0)
	s_barrier
	v_lshl_add_u64 v[166:167], v[166:167], 0, s[2:3]
	v_lshl_add_u64 v[206:207], v[206:207], 0, s[8:9]
	v_lshl_add_u64 v[210:211], v[210:211], 0, s[8:9]
	v_lshl_add_u64 v[214:215], v[214:215], 0, s[8:9]
	v_lshl_add_u64 v[218:219], v[218:219], 0, s[8:9]
	v_lshl_add_u64 v[220:221], v[220:221], 0, s[8:9]
	v_lshl_add_u64 v[224:225], v[224:225], 0, s[8:9]
	v_lshl_add_u64 v[228:229], v[228:229], 0, s[8:9]
	v_lshl_add_u64 v[230:231], v[230:231], 0, s[8:9]
	s_waitcnt vmcnt(17)
	v_perm_b32 v135, v249, v135, s4
	s_waitcnt vmcnt(16)
	v_perm_b32 v134, v250, v134, s4
	ds_write_b64 v136, v[128:129]
	ds_write_b64 v239, v[130:131]
	ds_write_b64 v240, v[132:133]
	ds_write_b64 v241, v[134:135]
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read2st64_b64 v[148:151], v137 offset1:8
	ds_read2st64_b64 v[140:143], v137 offset0:16 offset1:24
	ds_read2st64_b64 v[132:135], v242 offset1:8
	ds_read2st64_b64 v[128:131], v242 offset0:16 offset1:24
	ds_read2st64_b64 v[156:159], v243 offset1:8
	ds_read2st64_b64 v[152:155], v243 offset0:16 offset1:24
	ds_read2st64_b64 v[144:147], v244 offset1:8
	ds_read2st64_b64 v[136:139], v244 offset0:16 offset1:24
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_waitcnt vmcnt(15)
	ds_write_b16 v245, v251
	s_waitcnt vmcnt(14)
	ds_write_b16 v245, v252 offset:1024
	s_waitcnt vmcnt(13)
	ds_write_b16 v245, v253 offset:2048
	s_waitcnt vmcnt(12)
	ds_write_b16 v245, v254 offset:3072
	s_waitcnt vmcnt(11)
	ds_write_b16 v245, v255 offset:4096
	s_waitcnt vmcnt(10)
	ds_write_b16 v245, v234 offset:5120
	s_waitcnt vmcnt(9)
	ds_write_b16 v245, v235 offset:6144
	s_waitcnt vmcnt(8)
	ds_write_b16 v245, v232 offset:7168
	s_waitcnt vmcnt(7)
	ds_write_b16 v245, v233 offset:8192
	s_waitcnt vmcnt(6)
	ds_write_b16 v245, v164 offset:9216
	s_waitcnt vmcnt(5)
	ds_write_b16 v245, v165 offset:10240
	s_waitcnt vmcnt(4)
	ds_write_b16 v245, v168 offset:11264
	s_waitcnt vmcnt(3)
	ds_write_b16 v245, v169 offset:12288
	s_waitcnt vmcnt(2)
	ds_write_b16 v245, v170 offset:13312
	s_waitcnt vmcnt(1)
	ds_write_b16 v245, v162 offset:14336
	s_waitcnt vmcnt(0)
	ds_write_b16 v245, v160 offset:15360
	s_waitcnt lgkmcnt(0)
	s_barrier
	ds_read2st64_b64 v[160:163], v161 offset1:16
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8_f16 v[112:127], v[160:161], v[148:149], v[112:127]
	v_mfma_f32_32x32x8_f16 v[80:95], v[160:161], v[158:159], v[80:95]
	v_mfma_f32_32x32x8_f16 v[64:79], v[162:163], v[158:159], v[64:79]
	v_mfma_f32_32x32x8_f16 v[48:63], v[160:161], v[140:141], v[48:63]
	v_mfma_f32_32x32x8_f16 v[16:31], v[160:161], v[154:155], v[16:31]
	ds_read2st64_b64 v[158:161], v246 offset1:16
	v_mfma_f32_32x32x8_f16 v[0:15], v[162:163], v[154:155], v[0:15]
	v_mfma_f32_32x32x8_f16 v[96:111], v[162:163], v[148:149], v[96:111]
	v_mfma_f32_32x32x8_f16 v[32:47], v[162:163], v[140:141], v[32:47]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8_f16 v[16:31], v[158:159], v[138:139], v[16:31]
	v_mfma_f32_32x32x8_f16 v[0:15], v[160:161], v[138:139], v[0:15]
	ds_read2st64_b64 v[138:141], v247 offset1:16
	v_mfma_f32_32x32x8_f16 v[112:127], v[158:159], v[132:133], v[112:127]
	v_mfma_f32_32x32x8_f16 v[96:111], v[160:161], v[132:133], v[96:111]
	v_mfma_f32_32x32x8_f16 v[80:95], v[158:159], v[146:147], v[80:95]
	v_mfma_f32_32x32x8_f16 v[64:79], v[160:161], v[146:147], v[64:79]
	v_mfma_f32_32x32x8_f16 v[48:63], v[158:159], v[128:129], v[48:63]
	v_mfma_f32_32x32x8_f16 v[32:47], v[160:161], v[128:129], v[32:47]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8_f16 v[112:127], v[138:139], v[156:157], v[112:127]
	v_mfma_f32_32x32x8_f16 v[96:111], v[140:141], v[156:157], v[96:111]
	v_mfma_f32_32x32x8_f16 v[80:95], v[138:139], v[150:151], v[80:95]
	v_mfma_f32_32x32x8_f16 v[64:79], v[140:141], v[150:151], v[64:79]
	v_mfma_f32_32x32x8_f16 v[48:63], v[138:139], v[152:153], v[48:63]
	v_mfma_f32_32x32x8_f16 v[32:47], v[140:141], v[152:153], v[32:47]
	v_mfma_f32_32x32x8_f16 v[16:31], v[138:139], v[142:143], v[16:31]
	v_mfma_f32_32x32x8_f16 v[0:15], v[140:141], v[142:143], v[0:15]
	ds_read2st64_b64 v[138:141], v248 offset1:16
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8_f16 v[112:127], v[138:139], v[144:145], v[112:127]
	v_mfma_f32_32x32x8_f16 v[96:111], v[140:141], v[144:145], v[96:111]
	v_mfma_f32_32x32x8_f16 v[80:95], v[138:139], v[134:135], v[80:95]
	v_mfma_f32_32x32x8_f16 v[64:79], v[140:141], v[134:135], v[64:79]
	v_mfma_f32_32x32x8_f16 v[48:63], v[138:139], v[136:137], v[48:63]
	v_mfma_f32_32x32x8_f16 v[32:47], v[140:141], v[136:137], v[32:47]
	v_mfma_f32_32x32x8_f16 v[16:31], v[138:139], v[130:131], v[16:31]
	v_mfma_f32_32x32x8_f16 v[0:15], v[140:141], v[130:131], v[0:15]
	s_cbranch_scc1 .LBB0_2
; %bb.3:                                ; %Flow
	scratch_load_dword v130, off, off offset:24 ; 4-byte Folded Reload
	scratch_load_dword v129, off, off offset:28 ; 4-byte Folded Reload
	scratch_load_dword v128, off, off offset:32 ; 4-byte Folded Reload
	s_branch .LBB0_5
.LBB0_4:
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v14, v15
	v_mov_b32_e32 v13, v15
	v_mov_b32_e32 v12, v15
	v_mov_b32_e32 v11, v15
	v_mov_b32_e32 v10, v15
	v_mov_b32_e32 v9, v15
	v_mov_b32_e32 v8, v15
	v_mov_b32_e32 v7, v15
	v_mov_b32_e32 v6, v15
	v_mov_b32_e32 v5, v15
	v_mov_b32_e32 v4, v15
	v_mov_b32_e32 v3, v15
	v_mov_b32_e32 v2, v15
	v_mov_b32_e32 v1, v15
	v_mov_b32_e32 v0, v15
	v_mov_b32_e32 v31, v15
	v_mov_b32_e32 v30, v15
	v_mov_b32_e32 v29, v15
	v_mov_b32_e32 v28, v15
	v_mov_b32_e32 v27, v15
	v_mov_b32_e32 v26, v15
	v_mov_b32_e32 v25, v15
	v_mov_b32_e32 v24, v15
	v_mov_b32_e32 v23, v15
	v_mov_b32_e32 v22, v15
	v_mov_b32_e32 v21, v15
	v_mov_b32_e32 v20, v15
	v_mov_b32_e32 v19, v15
	v_mov_b32_e32 v18, v15
	v_mov_b32_e32 v17, v15
	v_mov_b32_e32 v16, v15
	v_mov_b32_e32 v47, v15
	v_mov_b32_e32 v46, v15
	v_mov_b32_e32 v45, v15
	v_mov_b32_e32 v44, v15
	v_mov_b32_e32 v43, v15
	v_mov_b32_e32 v42, v15
	v_mov_b32_e32 v41, v15
	v_mov_b32_e32 v40, v15
	v_mov_b32_e32 v39, v15
	v_mov_b32_e32 v38, v15
	v_mov_b32_e32 v37, v15
	v_mov_b32_e32 v36, v15
	v_mov_b32_e32 v35, v15
	v_mov_b32_e32 v34, v15
	v_mov_b32_e32 v33, v15
	v_mov_b32_e32 v32, v15
	v_mov_b32_e32 v63, v15
	v_mov_b32_e32 v62, v15
	v_mov_b32_e32 v61, v15
	v_mov_b32_e32 v60, v15
	v_mov_b32_e32 v59, v15
	v_mov_b32_e32 v58, v15
	v_mov_b32_e32 v57, v15
	v_mov_b32_e32 v56, v15
	v_mov_b32_e32 v55, v15
	v_mov_b32_e32 v54, v15
	v_mov_b32_e32 v53, v15
	v_mov_b32_e32 v52, v15
	v_mov_b32_e32 v51, v15
	v_mov_b32_e32 v50, v15
	v_mov_b32_e32 v49, v15
	v_mov_b32_e32 v48, v15
	v_mov_b32_e32 v79, v15
	v_mov_b32_e32 v78, v15
	v_mov_b32_e32 v77, v15
	v_mov_b32_e32 v76, v15
	v_mov_b32_e32 v75, v15
	v_mov_b32_e32 v74, v15
	v_mov_b32_e32 v73, v15
	v_mov_b32_e32 v72, v15
	v_mov_b32_e32 v71, v15
	v_mov_b32_e32 v70, v15
	v_mov_b32_e32 v69, v15
	v_mov_b32_e32 v68, v15
	v_mov_b32_e32 v67, v15
	v_mov_b32_e32 v66, v15
	v_mov_b32_e32 v65, v15
	v_mov_b32_e32 v64, v15
	v_mov_b32_e32 v95, v15
	v_mov_b32_e32 v94, v15
	v_mov_b32_e32 v93, v15
	v_mov_b32_e32 v92, v15
	v_mov_b32_e32 v91, v15
	v_mov_b32_e32 v90, v15
	v_mov_b32_e32 v89, v15
	v_mov_b32_e32 v88, v15
	v_mov_b32_e32 v87, v15
	v_mov_b32_e32 v86, v15
	v_mov_b32_e32 v85, v15
	v_mov_b32_e32 v84, v15
	v_mov_b32_e32 v83, v15
	v_mov_b32_e32 v82, v15
	v_mov_b32_e32 v81, v15
	v_mov_b32_e32 v80, v15
	v_mov_b32_e32 v111, v15
	v_mov_b32_e32 v110, v15
	v_mov_b32_e32 v109, v15
	v_mov_b32_e32 v108, v15
	v_mov_b32_e32 v107, v15
	v_mov_b32_e32 v106, v15
	v_mov_b32_e32 v105, v15
	v_mov_b32_e32 v104, v15
	v_mov_b32_e32 v103, v15
	v_mov_b32_e32 v102, v15
	v_mov_b32_e32 v101, v15
	v_mov_b32_e32 v100, v15
	v_mov_b32_e32 v99, v15
	v_mov_b32_e32 v98, v15
	v_mov_b32_e32 v97, v15
	v_mov_b32_e32 v96, v15
	v_mov_b32_e32 v127, v15
	v_mov_b32_e32 v126, v15
	v_mov_b32_e32 v125, v15
	v_mov_b32_e32 v124, v15
	v_mov_b32_e32 v123, v15
	v_mov_b32_e32 v122, v15
	v_mov_b32_e32 v121, v15
	v_mov_b32_e32 v120, v15
	v_mov_b32_e32 v119, v15
	v_mov_b32_e32 v118, v15
	v_mov_b32_e32 v117, v15
	v_mov_b32_e32 v116, v15
	v_mov_b32_e32 v115, v15
	v_mov_b32_e32 v114, v15
	v_mov_b32_e32 v113, v15
	v_mov_b32_e32 v112, v15
.LBB0_5:                                ; %Flow283
	s_waitcnt vmcnt(0)
	v_lshrrev_b32_e32 v128, 3, v128
	v_lshrrev_b32_e32 v129, 1, v129
	v_or3_b32 v138, v128, v129, s19
	v_lshrrev_b32_e32 v128, 3, v130
	s_load_dword s0, s[0:1], 0x38
	v_or3_b32 v128, v128, v171, s18
	v_mul_lo_u32 v128, s15, v128
	s_lshl_b32 s1, s15, 6
	v_add_u32_e32 v130, s1, v128
	v_add_u32_e32 v132, s1, v130
	v_add_u32_e32 v134, s1, v132
	v_ashrrev_i32_e32 v131, 31, v130
	v_ashrrev_i32_e32 v133, 31, v132
	v_ashrrev_i32_e32 v129, 31, v128
	v_lshl_add_u64 v[136:137], v[130:131], 2, s[6:7]
	v_lshl_add_u64 v[130:131], v[132:133], 2, s[6:7]
	v_ashrrev_i32_e32 v135, 31, v134
	s_waitcnt lgkmcnt(0)
	v_mul_lo_u32 v132, s0, v138
	v_lshl_add_u64 v[164:165], v[128:129], 2, s[6:7]
	v_lshl_add_u64 v[128:129], v[134:135], 2, s[6:7]
	v_add_u32_e32 v134, s0, v132
	v_add_u32_e32 v138, s0, v134
	v_add_u32_e32 v140, s0, v138
	s_mul_i32 s1, s0, 5
	v_add_u32_e32 v142, s1, v140
	v_add_u32_e32 v144, s0, v142
	v_add_u32_e32 v146, s0, v144
	v_add_u32_e32 v148, s0, v146
	v_add_u32_e32 v150, s1, v148
	v_add_u32_e32 v152, s0, v150
	v_add_u32_e32 v154, s0, v152
	v_add_u32_e32 v156, s0, v154
	v_add_u32_e32 v158, s1, v156
	v_add_u32_e32 v160, s0, v158
	v_add_u32_e32 v162, s0, v160
	v_add_u32_e32 v166, s0, v162
	s_mul_i32 s2, s0, 0x65
	v_add_u32_e32 v168, s2, v166
	v_add_u32_e32 v170, s0, v168
	v_add_u32_e32 v172, s0, v170
	v_add_u32_e32 v174, s0, v172
	v_add_u32_e32 v176, s1, v174
	v_add_u32_e32 v178, s0, v176
	v_add_u32_e32 v180, s0, v178
	v_add_u32_e32 v182, s0, v180
	v_add_u32_e32 v184, s1, v182
	v_add_u32_e32 v186, s0, v184
	v_add_u32_e32 v188, s0, v186
	v_add_u32_e32 v198, s0, v188
	v_add_u32_e32 v196, s1, v198
	v_add_u32_e32 v194, s0, v196
	v_add_u32_e32 v192, s0, v194
	v_add_u32_e32 v190, s0, v192
	v_ashrrev_i32_e32 v133, 31, v132
	v_ashrrev_i32_e32 v135, 31, v134
	v_ashrrev_i32_e32 v139, 31, v138
	v_ashrrev_i32_e32 v141, 31, v140
	v_ashrrev_i32_e32 v143, 31, v142
	v_ashrrev_i32_e32 v145, 31, v144
	v_ashrrev_i32_e32 v147, 31, v146
	v_ashrrev_i32_e32 v149, 31, v148
	v_ashrrev_i32_e32 v151, 31, v150
	v_ashrrev_i32_e32 v153, 31, v152
	v_ashrrev_i32_e32 v155, 31, v154
	v_ashrrev_i32_e32 v157, 31, v156
	v_ashrrev_i32_e32 v159, 31, v158
	v_ashrrev_i32_e32 v161, 31, v160
	v_ashrrev_i32_e32 v163, 31, v162
	v_ashrrev_i32_e32 v167, 31, v166
	v_lshlrev_b64 v[132:133], 2, v[132:133]
	v_lshlrev_b64 v[134:135], 2, v[134:135]
	v_lshlrev_b64 v[138:139], 2, v[138:139]
	v_lshlrev_b64 v[140:141], 2, v[140:141]
	v_lshlrev_b64 v[142:143], 2, v[142:143]
	v_lshlrev_b64 v[144:145], 2, v[144:145]
	v_lshlrev_b64 v[146:147], 2, v[146:147]
	v_lshlrev_b64 v[148:149], 2, v[148:149]
	v_lshlrev_b64 v[150:151], 2, v[150:151]
	v_lshlrev_b64 v[152:153], 2, v[152:153]
	v_lshlrev_b64 v[154:155], 2, v[154:155]
	v_lshlrev_b64 v[156:157], 2, v[156:157]
	v_lshlrev_b64 v[158:159], 2, v[158:159]
	v_lshlrev_b64 v[160:161], 2, v[160:161]
	v_lshlrev_b64 v[162:163], 2, v[162:163]
	v_lshlrev_b64 v[166:167], 2, v[166:167]
	v_ashrrev_i32_e32 v169, 31, v168
	v_ashrrev_i32_e32 v171, 31, v170
	v_ashrrev_i32_e32 v173, 31, v172
	v_ashrrev_i32_e32 v175, 31, v174
	v_ashrrev_i32_e32 v177, 31, v176
	v_ashrrev_i32_e32 v179, 31, v178
	v_ashrrev_i32_e32 v181, 31, v180
	v_ashrrev_i32_e32 v183, 31, v182
	v_ashrrev_i32_e32 v185, 31, v184
	v_ashrrev_i32_e32 v187, 31, v186
	v_ashrrev_i32_e32 v189, 31, v188
	v_ashrrev_i32_e32 v199, 31, v198
	v_ashrrev_i32_e32 v197, 31, v196
	v_ashrrev_i32_e32 v195, 31, v194
	v_ashrrev_i32_e32 v193, 31, v192
	v_ashrrev_i32_e32 v191, 31, v190
	v_lshl_add_u64 v[200:201], v[164:165], 0, v[132:133]
	v_lshl_add_u64 v[202:203], v[164:165], 0, v[134:135]
	v_lshl_add_u64 v[204:205], v[164:165], 0, v[138:139]
	v_lshl_add_u64 v[206:207], v[164:165], 0, v[140:141]
	v_lshl_add_u64 v[208:209], v[164:165], 0, v[142:143]
	v_lshl_add_u64 v[210:211], v[164:165], 0, v[144:145]
	v_lshl_add_u64 v[212:213], v[164:165], 0, v[146:147]
	v_lshl_add_u64 v[214:215], v[164:165], 0, v[148:149]
	v_lshl_add_u64 v[216:217], v[164:165], 0, v[150:151]
	v_lshl_add_u64 v[218:219], v[164:165], 0, v[152:153]
	v_lshl_add_u64 v[220:221], v[164:165], 0, v[154:155]
	v_lshl_add_u64 v[222:223], v[164:165], 0, v[156:157]
	v_lshl_add_u64 v[224:225], v[164:165], 0, v[158:159]
	v_lshl_add_u64 v[226:227], v[164:165], 0, v[160:161]
	v_lshl_add_u64 v[228:229], v[164:165], 0, v[162:163]
	v_lshl_add_u64 v[230:231], v[164:165], 0, v[166:167]
	v_lshlrev_b64 v[168:169], 2, v[168:169]
	v_lshlrev_b64 v[170:171], 2, v[170:171]
	v_lshlrev_b64 v[172:173], 2, v[172:173]
	v_lshlrev_b64 v[174:175], 2, v[174:175]
	v_lshlrev_b64 v[176:177], 2, v[176:177]
	v_lshlrev_b64 v[178:179], 2, v[178:179]
	v_lshlrev_b64 v[180:181], 2, v[180:181]
	v_lshlrev_b64 v[182:183], 2, v[182:183]
	v_lshlrev_b64 v[184:185], 2, v[184:185]
	v_lshlrev_b64 v[186:187], 2, v[186:187]
	v_lshlrev_b64 v[188:189], 2, v[188:189]
	v_lshlrev_b64 v[198:199], 2, v[198:199]
	v_lshlrev_b64 v[196:197], 2, v[196:197]
	v_lshlrev_b64 v[194:195], 2, v[194:195]
	v_lshlrev_b64 v[192:193], 2, v[192:193]
	v_lshlrev_b64 v[190:191], 2, v[190:191]
	v_lshl_add_u64 v[232:233], v[164:165], 0, v[168:169]
	v_lshl_add_u64 v[234:235], v[164:165], 0, v[170:171]
	v_lshl_add_u64 v[236:237], v[164:165], 0, v[172:173]
	v_lshl_add_u64 v[238:239], v[164:165], 0, v[174:175]
	v_lshl_add_u64 v[240:241], v[164:165], 0, v[176:177]
	v_lshl_add_u64 v[242:243], v[164:165], 0, v[178:179]
	v_lshl_add_u64 v[244:245], v[164:165], 0, v[180:181]
	v_lshl_add_u64 v[246:247], v[164:165], 0, v[182:183]
	v_lshl_add_u64 v[248:249], v[164:165], 0, v[184:185]
	v_lshl_add_u64 v[250:251], v[164:165], 0, v[186:187]
	global_store_dword v[200:201], v112, off
	v_lshl_add_u64 v[200:201], v[164:165], 0, v[188:189]
	global_store_dword v[202:203], v113, off
	v_lshl_add_u64 v[112:113], v[164:165], 0, v[198:199]
	global_store_dword v[204:205], v114, off
	v_lshl_add_u64 v[202:203], v[164:165], 0, v[196:197]
	global_store_dword v[206:207], v115, off
	v_lshl_add_u64 v[114:115], v[164:165], 0, v[194:195]
	global_store_dword v[208:209], v116, off
	v_lshl_add_u64 v[204:205], v[164:165], 0, v[192:193]
	v_lshl_add_u64 v[164:165], v[164:165], 0, v[190:191]
	global_store_dword v[210:211], v117, off
	v_lshl_add_u64 v[116:117], v[136:137], 0, v[132:133]
	global_store_dword v[212:213], v118, off
	v_lshl_add_u64 v[206:207], v[136:137], 0, v[134:135]
	global_store_dword v[214:215], v119, off
	v_lshl_add_u64 v[118:119], v[136:137], 0, v[138:139]
	global_store_dword v[216:217], v120, off
	v_lshl_add_u64 v[208:209], v[136:137], 0, v[140:141]
	global_store_dword v[218:219], v121, off
	v_lshl_add_u64 v[120:121], v[136:137], 0, v[142:143]
	global_store_dword v[220:221], v122, off
	v_lshl_add_u64 v[210:211], v[136:137], 0, v[144:145]
	global_store_dword v[222:223], v123, off
	v_lshl_add_u64 v[122:123], v[136:137], 0, v[146:147]
	global_store_dword v[224:225], v124, off
	v_lshl_add_u64 v[212:213], v[136:137], 0, v[148:149]
	global_store_dword v[226:227], v125, off
	v_lshl_add_u64 v[124:125], v[136:137], 0, v[150:151]
	global_store_dword v[228:229], v126, off
	v_lshl_add_u64 v[214:215], v[136:137], 0, v[152:153]
	global_store_dword v[230:231], v127, off
	v_lshl_add_u64 v[126:127], v[136:137], 0, v[154:155]
	v_lshl_add_u64 v[216:217], v[136:137], 0, v[156:157]
	v_lshl_add_u64 v[218:219], v[136:137], 0, v[158:159]
	v_lshl_add_u64 v[220:221], v[136:137], 0, v[160:161]
	v_lshl_add_u64 v[222:223], v[136:137], 0, v[162:163]
	v_lshl_add_u64 v[224:225], v[136:137], 0, v[166:167]
	v_lshl_add_u64 v[226:227], v[136:137], 0, v[168:169]
	v_lshl_add_u64 v[228:229], v[136:137], 0, v[170:171]
	v_lshl_add_u64 v[230:231], v[136:137], 0, v[172:173]
	global_store_dword v[232:233], v96, off
	v_lshl_add_u64 v[232:233], v[136:137], 0, v[174:175]
	global_store_dword v[234:235], v97, off
	v_lshl_add_u64 v[96:97], v[136:137], 0, v[176:177]
	global_store_dword v[236:237], v98, off
	v_lshl_add_u64 v[234:235], v[136:137], 0, v[178:179]
	global_store_dword v[238:239], v99, off
	v_lshl_add_u64 v[98:99], v[136:137], 0, v[180:181]
	global_store_dword v[240:241], v100, off
	v_lshl_add_u64 v[236:237], v[136:137], 0, v[182:183]
	global_store_dword v[242:243], v101, off
	v_lshl_add_u64 v[100:101], v[136:137], 0, v[184:185]
	global_store_dword v[244:245], v102, off
	v_lshl_add_u64 v[238:239], v[136:137], 0, v[186:187]
	global_store_dword v[246:247], v103, off
	v_lshl_add_u64 v[102:103], v[136:137], 0, v[188:189]
	global_store_dword v[248:249], v104, off
	v_lshl_add_u64 v[240:241], v[136:137], 0, v[198:199]
	global_store_dword v[250:251], v105, off
	v_lshl_add_u64 v[104:105], v[136:137], 0, v[196:197]
	global_store_dword v[200:201], v106, off
	v_lshl_add_u64 v[200:201], v[136:137], 0, v[194:195]
	global_store_dword v[112:113], v107, off
	v_lshl_add_u64 v[106:107], v[136:137], 0, v[192:193]
	v_lshl_add_u64 v[112:113], v[136:137], 0, v[190:191]
	global_store_dword v[202:203], v108, off
	v_lshl_add_u64 v[136:137], v[130:131], 0, v[132:133]
	global_store_dword v[114:115], v109, off
	v_lshl_add_u64 v[108:109], v[130:131], 0, v[134:135]
	global_store_dword v[204:205], v110, off
	v_lshl_add_u64 v[114:115], v[130:131], 0, v[138:139]
	global_store_dword v[164:165], v111, off
	v_lshl_add_u64 v[110:111], v[130:131], 0, v[140:141]
	v_lshl_add_u64 v[164:165], v[130:131], 0, v[142:143]
	v_lshl_add_u64 v[202:203], v[130:131], 0, v[144:145]
	v_lshl_add_u64 v[204:205], v[130:131], 0, v[146:147]
	v_lshl_add_u64 v[242:243], v[130:131], 0, v[148:149]
	v_lshl_add_u64 v[244:245], v[130:131], 0, v[150:151]
	v_lshl_add_u64 v[246:247], v[130:131], 0, v[152:153]
	v_lshl_add_u64 v[248:249], v[130:131], 0, v[154:155]
	v_lshl_add_u64 v[250:251], v[130:131], 0, v[156:157]
	global_store_dword v[116:117], v80, off
	v_lshl_add_u64 v[116:117], v[130:131], 0, v[158:159]
	global_store_dword v[206:207], v81, off
	v_lshl_add_u64 v[80:81], v[130:131], 0, v[160:161]
	global_store_dword v[118:119], v82, off
	v_lshl_add_u64 v[118:119], v[130:131], 0, v[162:163]
	global_store_dword v[208:209], v83, off
	v_lshl_add_u64 v[82:83], v[130:131], 0, v[166:167]
	global_store_dword v[120:121], v84, off
	v_lshl_add_u64 v[120:121], v[130:131], 0, v[168:169]
	global_store_dword v[210:211], v85, off
	v_lshl_add_u64 v[84:85], v[130:131], 0, v[170:171]
	global_store_dword v[122:123], v86, off
	v_lshl_add_u64 v[122:123], v[130:131], 0, v[172:173]
	global_store_dword v[212:213], v87, off
	v_lshl_add_u64 v[86:87], v[130:131], 0, v[174:175]
	global_store_dword v[124:125], v88, off
	v_lshl_add_u64 v[124:125], v[130:131], 0, v[176:177]
	global_store_dword v[214:215], v89, off
	v_lshl_add_u64 v[88:89], v[130:131], 0, v[178:179]
	global_store_dword v[126:127], v90, off
	v_lshl_add_u64 v[126:127], v[130:131], 0, v[180:181]
	global_store_dword v[216:217], v91, off
	v_lshl_add_u64 v[90:91], v[130:131], 0, v[182:183]
	global_store_dword v[218:219], v92, off
	v_lshl_add_u64 v[206:207], v[130:131], 0, v[184:185]
	global_store_dword v[220:221], v93, off
	v_lshl_add_u64 v[92:93], v[130:131], 0, v[186:187]
	global_store_dword v[222:223], v94, off
	v_lshl_add_u64 v[208:209], v[130:131], 0, v[188:189]
	global_store_dword v[224:225], v95, off
	v_lshl_add_u64 v[94:95], v[130:131], 0, v[198:199]
	v_lshl_add_u64 v[210:211], v[130:131], 0, v[196:197]
	v_lshl_add_u64 v[212:213], v[130:131], 0, v[194:195]
	v_lshl_add_u64 v[214:215], v[130:131], 0, v[192:193]
	v_lshl_add_u64 v[130:131], v[130:131], 0, v[190:191]
	v_lshl_add_u64 v[132:133], v[128:129], 0, v[132:133]
	v_lshl_add_u64 v[134:135], v[128:129], 0, v[134:135]
	v_lshl_add_u64 v[138:139], v[128:129], 0, v[138:139]
	v_lshl_add_u64 v[140:141], v[128:129], 0, v[140:141]
	v_lshl_add_u64 v[142:143], v[128:129], 0, v[142:143]
	v_lshl_add_u64 v[144:145], v[128:129], 0, v[144:145]
	v_lshl_add_u64 v[146:147], v[128:129], 0, v[146:147]
	v_lshl_add_u64 v[148:149], v[128:129], 0, v[148:149]
	v_lshl_add_u64 v[150:151], v[128:129], 0, v[150:151]
	v_lshl_add_u64 v[152:153], v[128:129], 0, v[152:153]
	v_lshl_add_u64 v[154:155], v[128:129], 0, v[154:155]
	v_lshl_add_u64 v[156:157], v[128:129], 0, v[156:157]
	v_lshl_add_u64 v[158:159], v[128:129], 0, v[158:159]
	v_lshl_add_u64 v[160:161], v[128:129], 0, v[160:161]
	v_lshl_add_u64 v[162:163], v[128:129], 0, v[162:163]
	v_lshl_add_u64 v[166:167], v[128:129], 0, v[166:167]
	v_lshl_add_u64 v[168:169], v[128:129], 0, v[168:169]
	v_lshl_add_u64 v[170:171], v[128:129], 0, v[170:171]
	v_lshl_add_u64 v[172:173], v[128:129], 0, v[172:173]
	v_lshl_add_u64 v[174:175], v[128:129], 0, v[174:175]
	v_lshl_add_u64 v[176:177], v[128:129], 0, v[176:177]
	v_lshl_add_u64 v[178:179], v[128:129], 0, v[178:179]
	v_lshl_add_u64 v[180:181], v[128:129], 0, v[180:181]
	v_lshl_add_u64 v[182:183], v[128:129], 0, v[182:183]
	v_lshl_add_u64 v[184:185], v[128:129], 0, v[184:185]
	v_lshl_add_u64 v[186:187], v[128:129], 0, v[186:187]
	v_lshl_add_u64 v[188:189], v[128:129], 0, v[188:189]
	v_lshl_add_u64 v[198:199], v[128:129], 0, v[198:199]
	v_lshl_add_u64 v[196:197], v[128:129], 0, v[196:197]
	v_lshl_add_u64 v[194:195], v[128:129], 0, v[194:195]
	v_lshl_add_u64 v[192:193], v[128:129], 0, v[192:193]
	v_lshl_add_u64 v[128:129], v[128:129], 0, v[190:191]
	global_store_dword v[226:227], v64, off
	global_store_dword v[228:229], v65, off
	global_store_dword v[230:231], v66, off
	global_store_dword v[232:233], v67, off
	global_store_dword v[96:97], v68, off
	global_store_dword v[234:235], v69, off
	global_store_dword v[98:99], v70, off
	global_store_dword v[236:237], v71, off
	global_store_dword v[100:101], v72, off
	global_store_dword v[238:239], v73, off
	global_store_dword v[102:103], v74, off
	global_store_dword v[240:241], v75, off
	global_store_dword v[104:105], v76, off
	global_store_dword v[200:201], v77, off
	global_store_dword v[106:107], v78, off
	global_store_dword v[112:113], v79, off
	global_store_dword v[136:137], v48, off
	global_store_dword v[108:109], v49, off
	global_store_dword v[114:115], v50, off
	global_store_dword v[110:111], v51, off
	global_store_dword v[164:165], v52, off
	global_store_dword v[202:203], v53, off
	global_store_dword v[204:205], v54, off
	global_store_dword v[242:243], v55, off
	global_store_dword v[244:245], v56, off
	global_store_dword v[246:247], v57, off
	global_store_dword v[248:249], v58, off
	global_store_dword v[250:251], v59, off
	global_store_dword v[116:117], v60, off
	global_store_dword v[80:81], v61, off
	global_store_dword v[118:119], v62, off
	global_store_dword v[82:83], v63, off
	global_store_dword v[120:121], v32, off
	global_store_dword v[84:85], v33, off
	global_store_dword v[122:123], v34, off
	global_store_dword v[86:87], v35, off
	global_store_dword v[124:125], v36, off
	global_store_dword v[88:89], v37, off
	global_store_dword v[126:127], v38, off
	global_store_dword v[90:91], v39, off
	global_store_dword v[206:207], v40, off
	global_store_dword v[92:93], v41, off
	global_store_dword v[208:209], v42, off
	global_store_dword v[94:95], v43, off
	global_store_dword v[210:211], v44, off
	global_store_dword v[212:213], v45, off
	global_store_dword v[214:215], v46, off
	global_store_dword v[130:131], v47, off
	global_store_dword v[132:133], v16, off
	global_store_dword v[134:135], v17, off
	global_store_dword v[138:139], v18, off
	global_store_dword v[140:141], v19, off
	global_store_dword v[142:143], v20, off
	global_store_dword v[144:145], v21, off
	global_store_dword v[146:147], v22, off
	global_store_dword v[148:149], v23, off
	global_store_dword v[150:151], v24, off
	global_store_dword v[152:153], v25, off
	global_store_dword v[154:155], v26, off
	global_store_dword v[156:157], v27, off
	global_store_dword v[158:159], v28, off
	global_store_dword v[160:161], v29, off
	global_store_dword v[162:163], v30, off
	global_store_dword v[166:167], v31, off
	global_store_dword v[168:169], v0, off
	global_store_dword v[170:171], v1, off
	global_store_dword v[172:173], v2, off
	global_store_dword v[174:175], v3, off
	global_store_dword v[176:177], v4, off
	global_store_dword v[178:179], v5, off
	global_store_dword v[180:181], v6, off
	global_store_dword v[182:183], v7, off
	global_store_dword v[184:185], v8, off
	global_store_dword v[186:187], v9, off
	global_store_dword v[188:189], v10, off
	global_store_dword v[198:199], v11, off
	global_store_dword v[196:197], v12, off
	global_store_dword v[194:195], v13, off
	global_store_dword v[192:193], v14, off
	global_store_dword v[128:129], v15, off
	s_endpgm
.Ltmp2:
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel mm
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 40
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
		.amdhsa_enable_private_segment 1
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 256
		.amdhsa_next_free_sgpr 20
		.amdhsa_accum_offset 256
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
	.set mm.num_vgpr, 256
	.set mm.num_agpr, 0
	.set mm.numbered_sgpr, 20
	.set mm.num_named_barrier, 0
	.set mm.private_seg_size, 40
	.set mm.uses_vcc, 1
	.set mm.uses_flat_scratch, 0
	.set mm.has_dyn_sized_stack, 0
	.set mm.has_recursion, 0
	.set mm.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 6684
; TotalNumSgprs: 26
; NumVgprs: 256
; NumAgprs: 0
; TotalNumVgprs: 256
; ScratchSize: 40
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 3
; VGPRBlocks: 31
; NumSGPRsForWavesPerEU: 26
; NumVGPRsForWavesPerEU: 256
; AccumOffset: 256
; Occupancy: 2
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 1
; COMPUTE_PGM_RSRC2:USER_SGPR: 16
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 0
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 0
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 63
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
  - .agpr_count:     0
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
    .max_flat_workgroup_size: 512
    .name:           mm
    .private_segment_fixed_size: 40
    .sgpr_count:     26
    .sgpr_spill_count: 0
    .symbol:         mm.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     256
    .vgpr_spill_count: 9
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
