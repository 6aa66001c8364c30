	.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
	.amdhsa_code_object_version 6
	.text
	.globl	matmul_kernel
	.p2align	8
	.type	matmul_kernel,@function
matmul_kernel:
	s_lshl_b32 s4, ttmp7, 5
	s_load_b64 s[2:3], s[0:1], 0x8
	s_or_b32 s6, s4, ttmp9
	s_and_b32 s4, ttmp7, 24
	s_and_b32 s5, s6, 7
	v_lshrrev_b32_e32 v132, 1, v0
	s_or_b32 s7, s4, s5
	s_load_b64 s[4:5], s[0:1], 0x40
	s_lshl_b32 s8, s7, 7
	v_dual_mov_b32 v131, 0 :: v_dual_lshlrev_b32 v130, 2, v0
	v_lshlrev_b32_e32 v1, 3, v0
	v_or_b32_e32 v2, s8, v132
	v_and_b32_e32 v135, 0x78, v0
	s_delay_alu instid0(VALU_DEP_4) | instskip(NEXT) | instid1(VALU_DEP_4)
	v_dual_mov_b32 v123, v131 :: v_dual_and_b32 v134, 28, v130
	v_dual_mov_b32 v120, v131 :: v_dual_and_b32 v133, 8, v1
	s_delay_alu instid0(VALU_DEP_4)
	v_dual_mov_b32 v122, v131 :: v_dual_lshlrev_b32 v1, 12, v2
	v_mov_b32_e32 v124, v131
	s_lshl_b32 s9, s6, 4
	s_load_b64 s[6:7], s[0:1], 0x78
	s_and_b32 s9, s9, 0xf80
	v_dual_mov_b32 v121, v131 :: v_dual_lshlrev_b32 v2, 1, v133
	s_wait_kmcnt 0x0
	v_add_co_u32 v1, s2, s2, v1
	v_dual_mov_b32 v112, v131 :: v_dual_lshlrev_b32 v5, 13, v134
	v_mov_b32_e32 v126, v131
	s_wait_alu depctr_sa_sdst(0)
	v_or_b32_e32 v4, s9, v135
	s_wait_alu depctr_va_sdst(0)
	v_add_co_ci_u32_e64 v3, null, s3, 0, s2
	v_add_co_u32 v128, vcc_lo, v1, v2
	s_delay_alu instid0(VALU_DEP_3)
	v_dual_mov_b32 v125, v131 :: v_dual_lshlrev_b32 v170, 1, v4
	v_add_co_u32 v1, s2, s4, v5
	s_wait_alu depctr_va_sdst(0)
	v_add_co_ci_u32_e64 v2, null, s5, 0, s2
	v_add_co_ci_u32_e64 v129, null, 0, v3, vcc_lo
	v_or_b32_e32 v3, s8, v0
	v_add_co_u32 v1, vcc_lo, v1, v170
	s_wait_alu depctr_va_vcc(0)
	v_add_co_ci_u32_e64 v2, null, 0, v2, vcc_lo
	s_delay_alu instid0(VALU_DEP_3)
	v_dual_mov_b32 v114, v131 :: v_dual_lshlrev_b32 v171, 9, v3
	s_clause 0x1
	global_load_b128 v[140:143], v[128:129], off
	global_load_b128 v[144:147], v[128:129], off offset:262144
	s_clause 0x1
	global_load_b128 v[148:151], v[1:2], off
	global_load_b128 v[152:155], v[1:2], off offset:8192
	global_load_b32 v7, v171, s[6:7]
	s_clause 0x1
	global_load_b128 v[156:159], v[1:2], off offset:16384
	global_load_b128 v[160:163], v[1:2], off offset:24576
	v_or_b32_e32 v6, 7, v0
	v_mul_u32_u24_e32 v139, 40, v135
	v_mul_u32_u24_e32 v164, 24, v132
	v_bfe_u32 v173, v0, 4, 1
	v_dual_mov_b32 v115, v131 :: v_dual_lshlrev_b32 v172, 1, v0
	v_mul_u32_u24_e32 v165, 40, v6
	v_or_b32_e32 v166, v139, v134
	v_add_lshl_u32 v174, v164, v133, 1
	v_lshlrev_b32_e32 v139, 3, v173
	v_dual_mov_b32 v127, v131 :: v_dual_and_b32 v136, 31, v0
	v_add_lshl_u32 v175, v165, v134, 1
	v_lshlrev_b32_e32 v176, 1, v166
	v_dual_mov_b32 v113, v131 :: v_dual_and_b32 v138, 64, v0
	v_dual_mov_b32 v116, v131 :: v_dual_and_b32 v137, 15, v0
	v_dual_mov_b32 v117, v131 :: v_dual_mov_b32 v118, v131
	v_dual_mov_b32 v119, v131 :: v_dual_mov_b32 v104, v131
	v_dual_mov_b32 v105, v131 :: v_dual_mov_b32 v106, v131
	v_dual_mov_b32 v107, v131 :: v_dual_mov_b32 v108, v131
	v_dual_mov_b32 v109, v131 :: v_dual_mov_b32 v110, v131
	v_dual_mov_b32 v111, v131 :: v_dual_mov_b32 v96, v131
	v_dual_mov_b32 v97, v131 :: v_dual_mov_b32 v98, v131
	v_dual_mov_b32 v99, v131 :: v_dual_mov_b32 v100, v131
	v_dual_mov_b32 v101, v131 :: v_dual_mov_b32 v102, v131
	v_dual_mov_b32 v103, v131 :: v_dual_mov_b32 v88, v131
	v_dual_mov_b32 v89, v131 :: v_dual_mov_b32 v90, v131
	v_dual_mov_b32 v91, v131 :: v_dual_mov_b32 v92, v131
	v_dual_mov_b32 v93, v131 :: v_dual_mov_b32 v94, v131
	v_dual_mov_b32 v95, v131 :: v_dual_mov_b32 v80, v131
	v_dual_mov_b32 v81, v131 :: v_dual_mov_b32 v82, v131
	v_dual_mov_b32 v83, v131 :: v_dual_mov_b32 v84, v131
	v_dual_mov_b32 v85, v131 :: v_dual_mov_b32 v86, v131
	v_dual_mov_b32 v87, v131 :: v_dual_mov_b32 v72, v131
	v_dual_mov_b32 v73, v131 :: v_dual_mov_b32 v74, v131
	v_dual_mov_b32 v75, v131 :: v_dual_mov_b32 v76, v131
	v_dual_mov_b32 v77, v131 :: v_dual_mov_b32 v78, v131
	v_dual_mov_b32 v79, v131 :: v_dual_mov_b32 v64, v131
	v_dual_mov_b32 v65, v131 :: v_dual_mov_b32 v66, v131
	v_dual_mov_b32 v67, v131 :: v_dual_mov_b32 v68, v131
	v_dual_mov_b32 v69, v131 :: v_dual_mov_b32 v70, v131
	v_dual_mov_b32 v71, v131 :: v_dual_mov_b32 v56, v131
	v_dual_mov_b32 v57, v131 :: v_dual_mov_b32 v58, v131
	v_dual_mov_b32 v59, v131 :: v_dual_mov_b32 v60, v131
	v_dual_mov_b32 v61, v131 :: v_dual_mov_b32 v62, v131
	v_dual_mov_b32 v63, v131 :: v_dual_mov_b32 v48, v131
	v_dual_mov_b32 v49, v131 :: v_dual_mov_b32 v50, v131
	v_dual_mov_b32 v51, v131 :: v_dual_mov_b32 v52, v131
	v_dual_mov_b32 v53, v131 :: v_dual_mov_b32 v54, v131
	v_dual_mov_b32 v55, v131 :: v_dual_mov_b32 v40, v131
	v_dual_mov_b32 v41, v131 :: v_dual_mov_b32 v42, v131
	v_dual_mov_b32 v43, v131 :: v_dual_mov_b32 v44, v131
	v_dual_mov_b32 v45, v131 :: v_dual_mov_b32 v46, v131
	v_dual_mov_b32 v47, v131 :: v_dual_mov_b32 v32, v131
	v_dual_mov_b32 v33, v131 :: v_dual_mov_b32 v34, v131
	v_dual_mov_b32 v35, v131 :: v_dual_mov_b32 v36, v131
	v_dual_mov_b32 v37, v131 :: v_dual_mov_b32 v38, v131
	v_dual_mov_b32 v39, v131 :: v_dual_mov_b32 v24, v131
	v_dual_mov_b32 v25, v131 :: v_dual_mov_b32 v26, v131
	v_dual_mov_b32 v27, v131 :: v_dual_mov_b32 v28, v131
	v_dual_mov_b32 v29, v131 :: v_dual_mov_b32 v30, v131
	v_dual_mov_b32 v31, v131 :: v_dual_mov_b32 v16, v131
	v_dual_mov_b32 v17, v131 :: v_dual_mov_b32 v18, v131
	v_dual_mov_b32 v19, v131 :: v_dual_mov_b32 v20, v131
	v_dual_mov_b32 v21, v131 :: v_dual_mov_b32 v22, v131
	v_dual_mov_b32 v23, v131 :: v_dual_mov_b32 v8, v131
	v_dual_mov_b32 v9, v131 :: v_dual_mov_b32 v10, v131
	v_dual_mov_b32 v11, v131 :: v_dual_mov_b32 v12, v131
	v_dual_mov_b32 v13, v131 :: v_dual_mov_b32 v14, v131
	v_dual_mov_b32 v15, v131 :: v_dual_mov_b32 v0, v131
	v_dual_mov_b32 v1, v131 :: v_dual_mov_b32 v2, v131
	v_dual_mov_b32 v3, v131 :: v_dual_mov_b32 v4, v131
	v_dual_mov_b32 v5, v131 :: v_dual_mov_b32 v6, v131
	s_movk_i32 s2, 0xffe0
	s_mov_b32 s3, -1
	s_wait_loadcnt 0x3
	v_perm_b32 v164, v152, v148, 0x5040100
	v_perm_b32 v166, v152, v148, 0x7060302
	v_perm_b32 v168, v153, v149, 0x5040100
	s_wait_loadcnt 0x0
	v_perm_b32 v165, v160, v156, 0x5040100
	v_perm_b32 v167, v160, v156, 0x7060302
	v_perm_b32 v169, v161, v157, 0x5040100
	v_perm_b32 v148, v153, v149, 0x7060302
	v_perm_b32 v149, v161, v157, 0x7060302
	v_perm_b32 v152, v154, v150, 0x5040100
	v_perm_b32 v153, v162, v158, 0x5040100
	v_perm_b32 v156, v154, v150, 0x7060302
	v_perm_b32 v157, v162, v158, 0x7060302
	v_perm_b32 v160, v155, v151, 0x5040100
	v_perm_b32 v161, v163, v159, 0x5040100
	v_perm_b32 v150, v155, v151, 0x7060302
	v_perm_b32 v151, v163, v159, 0x7060302
	ds_store_b128 v174, v[140:143] offset:20480
	ds_store_b32 v130, v7 offset:32768
	ds_store_2addr_b64 v176, v[164:165], v[166:167] offset1:10
	ds_store_2addr_b64 v176, v[168:169], v[148:149] offset0:20 offset1:30
	ds_store_2addr_b64 v176, v[152:153], v[156:157] offset0:40 offset1:50
	ds_store_b128 v174, v[144:147] offset:23552
	ds_store_b64 v176, v[160:161] offset:480
	ds_store_b64 v175, v[150:151]
	v_add_co_u32 v144, s6, s6, v171
	v_add_co_u32 v146, s4, s4, v170
	v_dual_mov_b32 v7, v131 :: v_dual_and_b32 v140, 64, v172
	v_or_b32_e32 v141, 0x8000, v130
	v_lshlrev_b32_e32 v142, 2, v173
	v_or_b32_e32 v143, 16, v139
	s_wait_alu depctr_va_sdst(0)
	v_add_co_ci_u32_e64 v145, null, s7, 0, s6
	v_add_co_ci_u32_e64 v147, null, s5, 0, s4
	s_mov_b64 s[4:5], 0
	s_wait_dscnt 0x0
	s_barrier_signal -1
	s_barrier_wait -1
	global_inv scope:SCOPE_SE
.LBB0_1:
	s_wait_alu depctr_sa_sdst(0)
	s_add_nc_u64 s[6:7], s[2:3], 64
	s_wait_alu depctr_sa_sdst(0)
	v_cmp_gt_u64_e64 s5, 0xfe0, s[6:7]
	s_and_b32 s5, s5, exec_lo
	s_cselect_b32 s5, s6, 0xfe0
	s_cselect_b32 s6, s7, 0
	s_wait_alu depctr_sa_sdst(0)
	v_or_b32_e32 v130, s5, v134
	v_add_co_u32 v148, vcc_lo, v128, s5
	s_wait_alu depctr_va_vcc(0)
	v_add_co_ci_u32_e64 v149, null, s6, v129, vcc_lo
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_1) | instid1(VALU_DEP_1)
	v_lshlrev_b32_e32 v130, 13, v130
	s_lshr_b32 s5, s5, 3
	v_add_co_u32 v150, vcc_lo, v146, v130
	s_wait_alu depctr_va_vcc(0)
	v_add_co_ci_u32_e64 v151, null, 0, v147, vcc_lo
	s_wait_alu depctr_sa_sdst(0)
	v_add_co_u32 v152, vcc_lo, v144, s5
	s_wait_alu depctr_va_vcc(0)
	v_add_co_ci_u32_e64 v153, null, 0, v145, vcc_lo
	s_clause 0x1
	global_load_b128 v[180:183], v[148:149], off
	global_load_b128 v[184:187], v[148:149], off offset:262144
	s_clause 0x3
	global_load_b128 v[188:191], v[150:151], off
	global_load_b128 v[192:195], v[150:151], off offset:8192
	global_load_b128 v[196:199], v[150:151], off offset:16384
	global_load_b128 v[200:203], v[150:151], off offset:24576
	global_load_b32 v223, v[152:153], off
	s_lshl_b32 s5, s4, 7
	s_xor_b32 s4, s4, 1
	s_wait_alu depctr_sa_sdst(0)
	v_or_b32_e32 v130, s5, v138
	v_or_b32_e32 v148, s5, v140
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_2) | instid1(VALU_DEP_4)
	v_or_b32_e32 v149, v130, v137
	v_or_b32_e32 v130, v130, v136
	v_mov_b32_e32 v174, v131
	v_or_b32_e32 v150, v148, v137
	v_or_b32_e32 v148, v148, v136
	v_mul_lo_u32 v151, v149, 24
	v_lshlrev_b32_e32 v149, 2, v149
	v_or_b32_e32 v152, 16, v130
	v_or_b32_e32 v130, 48, v130
	v_or_b32_e32 v153, 16, v148
	v_or_b32_e32 v148, 48, v148
	v_add_nc_u32_e32 v149, 0x8000, v149
	v_mul_lo_u32 v154, v152, 24
	v_lshlrev_b32_e32 v175, 2, v152
	v_mul_lo_u32 v152, v130, 24
	v_lshlrev_b32_e32 v224, 2, v130
	ds_load_2addr_b32 v[172:173], v149 offset1:32
	v_mul_lo_u32 v130, v153, 40
	v_mul_lo_u32 v156, v148, 40
	v_or_b32_e32 v148, v151, v142
	v_or_b32_e32 v158, v154, v142
	v_mul_lo_u32 v150, v150, 40
	v_or_b32_e32 v159, v152, v142
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_2) | instid1(VALU_DEP_4)
	v_lshlrev_b32_e32 v157, 1, v148
	v_add_lshl_u32 v130, v130, v139, 1
	v_lshlrev_b32_e32 v177, 1, v158
	v_lshlrev_b32_e32 v178, 1, v159
	v_add_lshl_u32 v168, v156, v139, 1
	v_add_nc_u32_e32 v176, 0x5000, v157
	ds_load_b128 v[156:159], v130
	ds_load_b128 v[160:163], v130 offset:32
	ds_load_b128 v[164:167], v168
	ds_load_b128 v[168:171], v168 offset:32
	v_add_nc_u32_e32 v130, 0x5000, v177
	v_add_nc_u32_e32 v177, 0x5000, v178
	ds_load_2addr_b64 v[204:207], v176 offset1:2
	ds_load_2addr_b64 v[208:211], v176 offset0:192 offset1:194
	ds_load_2addr_b64 v[212:215], v130 offset1:2
	ds_load_2addr_b64 v[216:219], v177 offset1:2
	s_wait_dscnt 0x8
	v_mov_b32_e32 v130, v172
	v_add_lshl_u32 v225, v150, v139, 1
	v_lshrrev_b64 v[176:177], v139, v[173:174]
	v_lshrrev_b64 v[177:178], v143, v[173:174]
	ds_load_b128 v[148:151], v225 offset:2560
	ds_load_b128 v[152:155], v225 offset:2592
	v_lshrrev_b64 v[178:179], v139, v[130:131]
	v_lshrrev_b64 v[220:221], v143, v[130:131]
	ds_load_b32 v130, v175 offset:32768
	ds_load_b128 v[172:175], v225
	v_lshlrev_b32_e32 v177, 8, v177
	v_lshlrev_b32_e32 v179, 8, v220
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_2)
	v_perm_b32 v226, v177, v176, 0xc0c0500
	v_perm_b32 v227, v179, v178, 0xc0c0500
	s_wait_dscnt 0x6
	s_delay_alu instid0(VALU_DEP_2)
	v_swmmac_f32_16x16x32_f16 v[48:55], v[208:211], v[156:163], v226
	v_swmmac_f32_16x16x32_f16 v[32:39], v[208:211], v[164:171], v226
	ds_load_b128 v[176:179], v225 offset:32
	v_swmmac_f32_16x16x32_f16 v[112:119], v[204:207], v[156:163], v227
	v_swmmac_f32_16x16x32_f16 v[96:103], v[204:207], v[164:171], v227
	s_wait_dscnt 0x3
	v_swmmac_f32_16x16x32_f16 v[40:47], v[208:211], v[148:155], v226
	v_swmmac_f32_16x16x32_f16 v[104:111], v[204:207], v[148:155], v227
	s_wait_dscnt 0x2
	v_lshrrev_b64 v[220:221], v139, v[130:131]
	v_lshrrev_b64 v[221:222], v143, v[130:131]
	ds_load_b32 v130, v224 offset:32768
	v_lshlrev_b32_e32 v221, 8, v221
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_3) | instid1(VALU_DEP_3)
	v_perm_b32 v224, v221, v220, 0xc0c0500
	s_wait_dscnt 0x1
	v_swmmac_f32_16x16x32_f16 v[120:127], v[204:207], v[172:179], v227
	v_swmmac_f32_16x16x32_f16 v[56:63], v[208:211], v[172:179], v226
	v_swmmac_f32_16x16x32_f16 v[80:87], v[212:215], v[156:163], v224
	v_swmmac_f32_16x16x32_f16 v[72:79], v[212:215], v[148:155], v224
	v_swmmac_f32_16x16x32_f16 v[64:71], v[212:215], v[164:171], v224
	v_swmmac_f32_16x16x32_f16 v[88:95], v[212:215], v[172:179], v224
	s_wait_dscnt 0x0
	v_lshrrev_b64 v[220:221], v143, v[130:131]
	v_lshrrev_b64 v[221:222], v139, v[130:131]
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1)
	v_lshlrev_b32_e32 v130, 8, v220
	v_perm_b32 v130, v130, v221, 0xc0c0500
	s_delay_alu instid0(VALU_DEP_1)
	v_swmmac_f32_16x16x32_f16 v[24:31], v[216:219], v[172:179], v130
	v_swmmac_f32_16x16x32_f16 v[16:23], v[216:219], v[156:163], v130
	v_swmmac_f32_16x16x32_f16 v[8:15], v[216:219], v[148:155], v130
	v_swmmac_f32_16x16x32_f16 v[0:7], v[216:219], v[164:171], v130
	s_lshl_b32 s5, s4, 7
	s_wait_loadcnt 0x3
	v_perm_b32 v148, v192, v188, 0x5040100
	s_wait_alu depctr_sa_sdst(0)
	v_or_b32_e32 v130, s5, v132
	v_or_b32_e32 v151, s5, v135
	s_wait_loadcnt 0x1
	v_perm_b32 v149, v200, v196, 0x5040100
	v_perm_b32 v150, v192, v188, 0x7060302
	v_perm_b32 v152, v193, v189, 0x5040100
	v_mul_lo_u32 v130, v130, 24
	v_mul_lo_u32 v157, v151, 40
	v_perm_b32 v151, v200, v196, 0x7060302
	v_perm_b32 v153, v201, v197, 0x5040100
	v_perm_b32 v154, v193, v189, 0x7060302
	v_perm_b32 v155, v201, v197, 0x7060302
	v_perm_b32 v156, v194, v190, 0x5040100
	v_perm_b32 v158, v194, v190, 0x7060302
	v_add_lshl_u32 v130, v130, v133, 1
	v_or_b32_e32 v159, v157, v134
	v_perm_b32 v157, v202, v198, 0x5040100
	v_perm_b32 v160, v195, v191, 0x5040100
	v_perm_b32 v161, v203, v199, 0x5040100
	ds_store_b128 v130, v[180:183] offset:20480
	ds_store_b128 v130, v[184:187] offset:23552
	v_lshlrev_b32_e32 v130, 1, v159
	v_perm_b32 v159, v202, v198, 0x7060302
	v_perm_b32 v162, v195, v191, 0x7060302
	v_perm_b32 v163, v203, v199, 0x7060302
	v_lshl_add_u32 v164, s4, 9, v141
	ds_store_2addr_b64 v130, v[148:149], v[150:151] offset1:10
	ds_store_2addr_b64 v130, v[152:153], v[154:155] offset0:20 offset1:30
	ds_store_2addr_b64 v130, v[156:157], v[158:159] offset0:40 offset1:50
	ds_store_2addr_b64 v130, v[160:161], v[162:163] offset0:60 offset1:70
	s_wait_loadcnt 0x0
	ds_store_b32 v164, v223
	s_wait_dscnt 0x0
	s_barrier_signal -1
	s_add_nc_u64 s[2:3], s[2:3], 32
	s_wait_alu depctr_sa_sdst(0)
	v_cmp_gt_u64_e64 s5, 0xfe0, s[2:3]
	s_and_b32 vcc_lo, exec_lo, s5
	s_barrier_wait -1
	global_inv scope:SCOPE_SE
	s_wait_alu depctr_sa_sdst(0)
	s_cbranch_vccnz .LBB0_1
	s_load_b64 s[0:1], s[0:1], 0xb0
	v_or_b32_e32 v128, s8, v138
	v_lshrrev_b32_e32 v129, 1, v136
	v_or_b32_e32 v132, s9, v140
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_or_b32_e32 v130, v129, v128
	v_and_or_b32 v128, v129, 8, v128
	v_or_b32_e32 v129, v137, v132
	v_or_b32_e32 v132, v132, v136
	s_delay_alu instid0(VALU_DEP_4) | instskip(NEXT) | instid1(VALU_DEP_4)
	v_lshl_or_b32 v130, v130, 14, 0x1c000
	v_lshlrev_b32_e32 v128, 14, v128
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_1) | instid1(VALU_DEP_3)
	v_lshlrev_b32_e32 v131, 2, v129
	s_wait_kmcnt 0x0
	v_add_co_u32 v137, s2, s0, v130
	s_wait_alu depctr_va_sdst(0)
	v_add_co_ci_u32_e64 v138, null, s1, 0, s2
	v_add_co_u32 v139, s0, s0, v128
	s_wait_alu depctr_va_sdst(0)
	v_add_co_ci_u32_e64 v140, null, s1, 0, s0
	v_add_co_u32 v128, vcc_lo, v137, v131
	s_wait_alu depctr_va_vcc(0)
	v_add_co_ci_u32_e64 v129, null, 0, v138, vcc_lo
	v_add_co_u32 v130, vcc_lo, v139, v131
	s_wait_alu depctr_va_vcc(0)
	v_add_co_ci_u32_e64 v131, null, 0, v140, vcc_lo
	s_clause 0x7
	global_load_b32 v141, v[128:129], off
	global_load_b32 v142, v[130:131], off offset:98304
	global_load_b32 v143, v[130:131], off offset:81920
	global_load_b32 v144, v[130:131], off
	global_load_b32 v145, v[130:131], off offset:16384
	global_load_b32 v146, v[130:131], off offset:32768
	global_load_b32 v147, v[130:131], off offset:49152
	global_load_b32 v148, v[130:131], off offset:65536
	s_wait_loadcnt 0x7
	v_dual_add_f32 v127, v127, v141 :: v_dual_lshlrev_b32 v136, 2, v132
	s_wait_loadcnt 0x5
	v_dual_add_f32 v126, v126, v142 :: v_dual_add_f32 v125, v125, v143
	s_delay_alu instid0(VALU_DEP_2)
	v_or_b32_e32 v134, 64, v136
	s_wait_loadcnt 0x3
	v_dual_add_f32 v120, v120, v144 :: v_dual_add_f32 v121, v121, v145
	s_wait_loadcnt 0x1
	v_dual_add_f32 v122, v122, v146 :: v_dual_add_f32 v123, v123, v147
	v_add_co_u32 v132, vcc_lo, v139, v134
	s_wait_alu depctr_va_vcc(0)
	v_add_co_ci_u32_e64 v133, null, 0, v140, vcc_lo
	v_add_co_u32 v134, vcc_lo, v137, v134
	s_wait_alu depctr_va_vcc(0)
	v_add_co_ci_u32_e64 v135, null, 0, v138, vcc_lo
	s_wait_loadcnt 0x0
	v_add_f32_e32 v124, v124, v148
	s_clause 0x7
	global_store_b32 v[130:131], v120, off
	global_store_b32 v[130:131], v121, off offset:16384
	global_store_b32 v[130:131], v122, off offset:32768
	global_store_b32 v[130:131], v123, off offset:49152
	global_store_b32 v[130:131], v124, off offset:65536
	global_store_b32 v[130:131], v125, off offset:81920
	global_store_b32 v[130:131], v126, off offset:98304
	global_store_b32 v[128:129], v127, off
	s_clause 0x7
	global_load_b32 v120, v[134:135], off
	global_load_b32 v121, v[132:133], off offset:98304
	global_load_b32 v122, v[132:133], off offset:81920
	global_load_b32 v123, v[132:133], off
	global_load_b32 v124, v[132:133], off offset:16384
	global_load_b32 v125, v[132:133], off offset:32768
	global_load_b32 v126, v[132:133], off offset:49152
	global_load_b32 v127, v[132:133], off offset:65536
	s_wait_loadcnt 0x6
	v_dual_add_f32 v119, v119, v120 :: v_dual_add_f32 v118, v118, v121
	s_wait_loadcnt 0x4
	v_dual_add_f32 v117, v117, v122 :: v_dual_add_f32 v112, v112, v123
	s_wait_loadcnt 0x2
	v_dual_add_f32 v113, v113, v124 :: v_dual_add_f32 v114, v114, v125
	s_wait_loadcnt 0x0
	v_dual_add_f32 v115, v115, v126 :: v_dual_add_f32 v116, v116, v127
	s_clause 0x7
	global_store_b32 v[132:133], v112, off
	global_store_b32 v[132:133], v113, off offset:16384
	global_store_b32 v[132:133], v114, off offset:32768
	global_store_b32 v[132:133], v115, off offset:49152
	global_store_b32 v[132:133], v116, off offset:65536
	global_store_b32 v[132:133], v117, off offset:81920
	global_store_b32 v[132:133], v118, off offset:98304
	global_store_b32 v[134:135], v119, off
	s_clause 0x7
	global_load_b32 v116, v[128:129], off offset:128
	global_load_b32 v117, v[130:131], off offset:98432
	global_load_b32 v118, v[130:131], off offset:82048
	global_load_b32 v119, v[130:131], off offset:128
	global_load_b32 v120, v[130:131], off offset:16512
	global_load_b32 v121, v[130:131], off offset:32896
	global_load_b32 v122, v[130:131], off offset:49280
	global_load_b32 v123, v[130:131], off offset:65664
	v_or_b32_e32 v114, 0xc0, v136
	s_delay_alu instid0(VALU_DEP_1)
	v_add_co_u32 v112, vcc_lo, v139, v114
	s_wait_alu depctr_va_vcc(0)
	v_add_co_ci_u32_e64 v113, null, 0, v140, vcc_lo
	v_add_co_u32 v114, vcc_lo, v137, v114
	s_wait_alu depctr_va_vcc(0)
	v_add_co_ci_u32_e64 v115, null, 0, v138, vcc_lo
	s_wait_loadcnt 0x6
	v_dual_add_f32 v111, v111, v116 :: v_dual_add_f32 v110, v110, v117
	s_wait_loadcnt 0x4
	v_dual_add_f32 v109, v109, v118 :: v_dual_add_f32 v104, v104, v119
	s_wait_loadcnt 0x2
	v_dual_add_f32 v105, v105, v120 :: v_dual_add_f32 v106, v106, v121
	s_wait_loadcnt 0x0
	v_dual_add_f32 v107, v107, v122 :: v_dual_add_f32 v108, v108, v123
	s_clause 0x7
	global_store_b32 v[130:131], v104, off offset:128
	global_store_b32 v[130:131], v105, off offset:16512
	global_store_b32 v[130:131], v106, off offset:32896
	global_store_b32 v[130:131], v107, off offset:49280
	global_store_b32 v[130:131], v108, off offset:65664
	global_store_b32 v[130:131], v109, off offset:82048
	global_store_b32 v[130:131], v110, off offset:98432
	global_store_b32 v[128:129], v111, off offset:128
	s_clause 0x7
	global_load_b32 v104, v[114:115], off
	global_load_b32 v105, v[112:113], off offset:98304
	global_load_b32 v106, v[112:113], off offset:81920
	global_load_b32 v107, v[112:113], off
	global_load_b32 v108, v[112:113], off offset:16384
	global_load_b32 v109, v[112:113], off offset:32768
	global_load_b32 v110, v[112:113], off offset:49152
	global_load_b32 v111, v[112:113], off offset:65536
	s_wait_loadcnt 0x6
	v_dual_add_f32 v103, v103, v104 :: v_dual_add_f32 v102, v102, v105
	s_wait_loadcnt 0x4
	v_dual_add_f32 v101, v101, v106 :: v_dual_add_f32 v96, v96, v107
	s_wait_loadcnt 0x2
	v_dual_add_f32 v97, v97, v108 :: v_dual_add_f32 v98, v98, v109
	s_wait_loadcnt 0x0
	v_dual_add_f32 v99, v99, v110 :: v_dual_add_f32 v100, v100, v111
	s_clause 0x7
	global_store_b32 v[112:113], v96, off
	global_store_b32 v[112:113], v97, off offset:16384
	global_store_b32 v[112:113], v98, off offset:32768
	global_store_b32 v[112:113], v99, off offset:49152
	global_store_b32 v[112:113], v100, off offset:65536
	global_store_b32 v[112:113], v101, off offset:81920
	global_store_b32 v[112:113], v102, off offset:98304
	global_store_b32 v[114:115], v103, off
	s_clause 0x7
	global_load_b32 v96, v[128:129], off offset:262144
	global_load_b32 v97, v[130:131], off offset:360448
	global_load_b32 v98, v[130:131], off offset:344064
	global_load_b32 v99, v[130:131], off offset:262144
	global_load_b32 v100, v[130:131], off offset:278528
	global_load_b32 v101, v[130:131], off offset:294912
	global_load_b32 v102, v[130:131], off offset:311296
	global_load_b32 v103, v[130:131], off offset:327680
	s_wait_loadcnt 0x6
	v_dual_add_f32 v95, v95, v96 :: v_dual_add_f32 v94, v94, v97
	s_wait_loadcnt 0x4
	v_dual_add_f32 v93, v93, v98 :: v_dual_add_f32 v88, v88, v99
	s_wait_loadcnt 0x2
	v_dual_add_f32 v89, v89, v100 :: v_dual_add_f32 v90, v90, v101
	s_wait_loadcnt 0x0
	v_dual_add_f32 v91, v91, v102 :: v_dual_add_f32 v92, v92, v103
	s_clause 0x7
	global_store_b32 v[130:131], v88, off offset:262144
	global_store_b32 v[130:131], v89, off offset:278528
	global_store_b32 v[130:131], v90, off offset:294912
	global_store_b32 v[130:131], v91, off offset:311296
	global_store_b32 v[130:131], v92, off offset:327680
	global_store_b32 v[130:131], v93, off offset:344064
	global_store_b32 v[130:131], v94, off offset:360448
	global_store_b32 v[128:129], v95, off offset:262144
	s_clause 0x7
	global_load_b32 v88, v[134:135], off offset:262144
	global_load_b32 v89, v[132:133], off offset:360448
	global_load_b32 v90, v[132:133], off offset:344064
	global_load_b32 v91, v[132:133], off offset:262144
	global_load_b32 v92, v[132:133], off offset:278528
	global_load_b32 v93, v[132:133], off offset:294912
	global_load_b32 v94, v[132:133], off offset:311296
	global_load_b32 v95, v[132:133], off offset:327680
	s_wait_loadcnt 0x6
	v_dual_add_f32 v87, v87, v88 :: v_dual_add_f32 v86, v86, v89
	s_wait_loadcnt 0x4
	v_dual_add_f32 v85, v85, v90 :: v_dual_add_f32 v80, v80, v91
	s_wait_loadcnt 0x2
	v_dual_add_f32 v81, v81, v92 :: v_dual_add_f32 v82, v82, v93
	s_wait_loadcnt 0x0
	v_dual_add_f32 v83, v83, v94 :: v_dual_add_f32 v84, v84, v95
	s_clause 0x7
	global_store_b32 v[132:133], v80, off offset:262144
	global_store_b32 v[132:133], v81, off offset:278528
	global_store_b32 v[132:133], v82, off offset:294912
	global_store_b32 v[132:133], v83, off offset:311296
	global_store_b32 v[132:133], v84, off offset:327680
	global_store_b32 v[132:133], v85, off offset:344064
	global_store_b32 v[132:133], v86, off offset:360448
	global_store_b32 v[134:135], v87, off offset:262144
	s_clause 0x7
	global_load_b32 v80, v[128:129], off offset:262272
	global_load_b32 v81, v[130:131], off offset:360576
	global_load_b32 v82, v[130:131], off offset:344192
	global_load_b32 v83, v[130:131], off offset:262272
	global_load_b32 v84, v[130:131], off offset:278656
	global_load_b32 v85, v[130:131], off offset:295040
	global_load_b32 v86, v[130:131], off offset:311424
	global_load_b32 v87, v[130:131], off offset:327808
	s_wait_loadcnt 0x6
	v_dual_add_f32 v79, v79, v80 :: v_dual_add_f32 v78, v78, v81
	s_wait_loadcnt 0x4
	v_dual_add_f32 v77, v77, v82 :: v_dual_add_f32 v72, v72, v83
	s_wait_loadcnt 0x2
	v_dual_add_f32 v73, v73, v84 :: v_dual_add_f32 v74, v74, v85
	s_wait_loadcnt 0x0
	v_dual_add_f32 v75, v75, v86 :: v_dual_add_f32 v76, v76, v87
	s_clause 0x7
	global_store_b32 v[130:131], v72, off offset:262272
	global_store_b32 v[130:131], v73, off offset:278656
	global_store_b32 v[130:131], v74, off offset:295040
	global_store_b32 v[130:131], v75, off offset:311424
	global_store_b32 v[130:131], v76, off offset:327808
	global_store_b32 v[130:131], v77, off offset:344192
	global_store_b32 v[130:131], v78, off offset:360576
	global_store_b32 v[128:129], v79, off offset:262272
	s_clause 0x7
	global_load_b32 v72, v[114:115], off offset:262144
	global_load_b32 v73, v[112:113], off offset:360448
	global_load_b32 v74, v[112:113], off offset:344064
	global_load_b32 v75, v[112:113], off offset:262144
	global_load_b32 v76, v[112:113], off offset:278528
	global_load_b32 v77, v[112:113], off offset:294912
	global_load_b32 v78, v[112:113], off offset:311296
	global_load_b32 v79, v[112:113], off offset:327680
	s_wait_loadcnt 0x6
	v_dual_add_f32 v71, v71, v72 :: v_dual_add_f32 v70, v70, v73
	s_wait_loadcnt 0x4
	v_dual_add_f32 v69, v69, v74 :: v_dual_add_f32 v64, v64, v75
	s_wait_loadcnt 0x2
	v_dual_add_f32 v65, v65, v76 :: v_dual_add_f32 v66, v66, v77
	s_wait_loadcnt 0x0
	v_dual_add_f32 v67, v67, v78 :: v_dual_add_f32 v68, v68, v79
	s_clause 0x7
	global_store_b32 v[112:113], v64, off offset:262144
	global_store_b32 v[112:113], v65, off offset:278528
	global_store_b32 v[112:113], v66, off offset:294912
	global_store_b32 v[112:113], v67, off offset:311296
	global_store_b32 v[112:113], v68, off offset:327680
	global_store_b32 v[112:113], v69, off offset:344064
	global_store_b32 v[112:113], v70, off offset:360448
	global_store_b32 v[114:115], v71, off offset:262144
	s_clause 0x7
	global_load_b32 v64, v[128:129], off offset:524288
	global_load_b32 v65, v[130:131], off offset:622592
	global_load_b32 v66, v[130:131], off offset:606208
	global_load_b32 v67, v[130:131], off offset:524288
	global_load_b32 v68, v[130:131], off offset:540672
	global_load_b32 v69, v[130:131], off offset:557056
	global_load_b32 v70, v[130:131], off offset:573440
	global_load_b32 v71, v[130:131], off offset:589824
	s_wait_loadcnt 0x6
	v_dual_add_f32 v63, v63, v64 :: v_dual_add_f32 v62, v62, v65
	s_wait_loadcnt 0x4
	v_dual_add_f32 v61, v61, v66 :: v_dual_add_f32 v56, v56, v67
	s_wait_loadcnt 0x2
	v_dual_add_f32 v57, v57, v68 :: v_dual_add_f32 v58, v58, v69
	s_wait_loadcnt 0x0
	v_dual_add_f32 v59, v59, v70 :: v_dual_add_f32 v60, v60, v71
	s_clause 0x7
	global_store_b32 v[130:131], v56, off offset:524288
	global_store_b32 v[130:131], v57, off offset:540672
	global_store_b32 v[130:131], v58, off offset:557056
	global_store_b32 v[130:131], v59, off offset:573440
	global_store_b32 v[130:131], v60, off offset:589824
	global_store_b32 v[130:131], v61, off offset:606208
	global_store_b32 v[130:131], v62, off offset:622592
	global_store_b32 v[128:129], v63, off offset:524288
	s_clause 0x7
	global_load_b32 v56, v[134:135], off offset:524288
	global_load_b32 v57, v[132:133], off offset:622592
	global_load_b32 v58, v[132:133], off offset:606208
	global_load_b32 v59, v[132:133], off offset:524288
	global_load_b32 v60, v[132:133], off offset:540672
	global_load_b32 v61, v[132:133], off offset:557056
	global_load_b32 v62, v[132:133], off offset:573440
	global_load_b32 v63, v[132:133], off offset:589824
	s_wait_loadcnt 0x6
	v_dual_add_f32 v55, v55, v56 :: v_dual_add_f32 v54, v54, v57
	s_wait_loadcnt 0x4
	v_dual_add_f32 v53, v53, v58 :: v_dual_add_f32 v48, v48, v59
	s_wait_loadcnt 0x2
	v_dual_add_f32 v49, v49, v60 :: v_dual_add_f32 v50, v50, v61
	s_wait_loadcnt 0x0
	v_dual_add_f32 v51, v51, v62 :: v_dual_add_f32 v52, v52, v63
	s_clause 0x7
	global_store_b32 v[132:133], v48, off offset:524288
	global_store_b32 v[132:133], v49, off offset:540672
	global_store_b32 v[132:133], v50, off offset:557056
	global_store_b32 v[132:133], v51, off offset:573440
	global_store_b32 v[132:133], v52, off offset:589824
	global_store_b32 v[132:133], v53, off offset:606208
	global_store_b32 v[132:133], v54, off offset:622592
	global_store_b32 v[134:135], v55, off offset:524288
	s_clause 0x7
	global_load_b32 v48, v[128:129], off offset:524416
	global_load_b32 v49, v[130:131], off offset:622720
	global_load_b32 v50, v[130:131], off offset:606336
	global_load_b32 v51, v[130:131], off offset:524416
	global_load_b32 v52, v[130:131], off offset:540800
	global_load_b32 v53, v[130:131], off offset:557184
	global_load_b32 v54, v[130:131], off offset:573568
	global_load_b32 v55, v[130:131], off offset:589952
	s_wait_loadcnt 0x6
	v_dual_add_f32 v47, v47, v48 :: v_dual_add_f32 v46, v46, v49
	s_wait_loadcnt 0x4
	v_dual_add_f32 v45, v45, v50 :: v_dual_add_f32 v40, v40, v51
	s_wait_loadcnt 0x2
	v_dual_add_f32 v41, v41, v52 :: v_dual_add_f32 v42, v42, v53
	s_wait_loadcnt 0x0
	v_dual_add_f32 v43, v43, v54 :: v_dual_add_f32 v44, v44, v55
	s_clause 0x7
	global_store_b32 v[130:131], v40, off offset:524416
	global_store_b32 v[130:131], v41, off offset:540800
	global_store_b32 v[130:131], v42, off offset:557184
	global_store_b32 v[130:131], v43, off offset:573568
	global_store_b32 v[130:131], v44, off offset:589952
	global_store_b32 v[130:131], v45, off offset:606336
	global_store_b32 v[130:131], v46, off offset:622720
	global_store_b32 v[128:129], v47, off offset:524416
	s_clause 0x7
	global_load_b32 v40, v[114:115], off offset:524288
	global_load_b32 v41, v[112:113], off offset:622592
	global_load_b32 v42, v[112:113], off offset:606208
	global_load_b32 v43, v[112:113], off offset:524288
	global_load_b32 v44, v[112:113], off offset:540672
	global_load_b32 v45, v[112:113], off offset:557056
	global_load_b32 v46, v[112:113], off offset:573440
	global_load_b32 v47, v[112:113], off offset:589824
	s_wait_loadcnt 0x6
	v_dual_add_f32 v39, v39, v40 :: v_dual_add_f32 v38, v38, v41
	s_wait_loadcnt 0x4
	v_dual_add_f32 v37, v37, v42 :: v_dual_add_f32 v32, v32, v43
	s_wait_loadcnt 0x2
	v_dual_add_f32 v33, v33, v44 :: v_dual_add_f32 v34, v34, v45
	s_wait_loadcnt 0x0
	v_dual_add_f32 v35, v35, v46 :: v_dual_add_f32 v36, v36, v47
	s_clause 0x7
	global_store_b32 v[112:113], v32, off offset:524288
	global_store_b32 v[112:113], v33, off offset:540672
	global_store_b32 v[112:113], v34, off offset:557056
	global_store_b32 v[112:113], v35, off offset:573440
	global_store_b32 v[112:113], v36, off offset:589824
	global_store_b32 v[112:113], v37, off offset:606208
	global_store_b32 v[112:113], v38, off offset:622592
	global_store_b32 v[114:115], v39, off offset:524288
	s_clause 0x7
	global_load_b32 v32, v[128:129], off offset:786432
	global_load_b32 v33, v[130:131], off offset:884736
	global_load_b32 v34, v[130:131], off offset:868352
	global_load_b32 v35, v[130:131], off offset:786432
	global_load_b32 v36, v[130:131], off offset:802816
	global_load_b32 v37, v[130:131], off offset:819200
	global_load_b32 v38, v[130:131], off offset:835584
	global_load_b32 v39, v[130:131], off offset:851968
	s_wait_loadcnt 0x6
	v_dual_add_f32 v31, v31, v32 :: v_dual_add_f32 v30, v30, v33
	s_wait_loadcnt 0x4
	v_dual_add_f32 v29, v29, v34 :: v_dual_add_f32 v24, v24, v35
	s_wait_loadcnt 0x2
	v_dual_add_f32 v25, v25, v36 :: v_dual_add_f32 v26, v26, v37
	s_wait_loadcnt 0x0
	v_dual_add_f32 v27, v27, v38 :: v_dual_add_f32 v28, v28, v39
	s_clause 0x7
	global_store_b32 v[130:131], v24, off offset:786432
	global_store_b32 v[130:131], v25, off offset:802816
	global_store_b32 v[130:131], v26, off offset:819200
	global_store_b32 v[130:131], v27, off offset:835584
	global_store_b32 v[130:131], v28, off offset:851968
	global_store_b32 v[130:131], v29, off offset:868352
	global_store_b32 v[130:131], v30, off offset:884736
	global_store_b32 v[128:129], v31, off offset:786432
	s_clause 0x7
	global_load_b32 v24, v[134:135], off offset:786432
	global_load_b32 v25, v[132:133], off offset:884736
	global_load_b32 v26, v[132:133], off offset:868352
	global_load_b32 v27, v[132:133], off offset:786432
	global_load_b32 v28, v[132:133], off offset:802816
	global_load_b32 v29, v[132:133], off offset:819200
	global_load_b32 v30, v[132:133], off offset:835584
	global_load_b32 v31, v[132:133], off offset:851968
	s_wait_loadcnt 0x6
	v_dual_add_f32 v23, v23, v24 :: v_dual_add_f32 v22, v22, v25
	s_wait_loadcnt 0x4
	v_dual_add_f32 v21, v21, v26 :: v_dual_add_f32 v16, v16, v27
	s_wait_loadcnt 0x2
	v_dual_add_f32 v17, v17, v28 :: v_dual_add_f32 v18, v18, v29
	s_wait_loadcnt 0x0
	v_dual_add_f32 v19, v19, v30 :: v_dual_add_f32 v20, v20, v31
	s_clause 0x7
	global_store_b32 v[132:133], v16, off offset:786432
	global_store_b32 v[132:133], v17, off offset:802816
	global_store_b32 v[132:133], v18, off offset:819200
	global_store_b32 v[132:133], v19, off offset:835584
	global_store_b32 v[132:133], v20, off offset:851968
	global_store_b32 v[132:133], v21, off offset:868352
	global_store_b32 v[132:133], v22, off offset:884736
	global_store_b32 v[134:135], v23, off offset:786432
	s_clause 0x7
	global_load_b32 v16, v[128:129], off offset:786560
	global_load_b32 v17, v[130:131], off offset:884864
	global_load_b32 v18, v[130:131], off offset:868480
	global_load_b32 v19, v[130:131], off offset:786560
	global_load_b32 v20, v[130:131], off offset:802944
	global_load_b32 v21, v[130:131], off offset:819328
	global_load_b32 v22, v[130:131], off offset:835712
	global_load_b32 v23, v[130:131], off offset:852096
	s_wait_loadcnt 0x6
	v_dual_add_f32 v15, v15, v16 :: v_dual_add_f32 v14, v14, v17
	s_wait_loadcnt 0x4
	v_dual_add_f32 v13, v13, v18 :: v_dual_add_f32 v8, v8, v19
	s_wait_loadcnt 0x2
	v_dual_add_f32 v9, v9, v20 :: v_dual_add_f32 v10, v10, v21
	s_wait_loadcnt 0x0
	v_dual_add_f32 v11, v11, v22 :: v_dual_add_f32 v12, v12, v23
	s_clause 0x7
	global_store_b32 v[130:131], v8, off offset:786560
	global_store_b32 v[130:131], v9, off offset:802944
	global_store_b32 v[130:131], v10, off offset:819328
	global_store_b32 v[130:131], v11, off offset:835712
	global_store_b32 v[130:131], v12, off offset:852096
	global_store_b32 v[130:131], v13, off offset:868480
	global_store_b32 v[130:131], v14, off offset:884864
	global_store_b32 v[128:129], v15, off offset:786560
	s_clause 0x7
	global_load_b32 v8, v[114:115], off offset:786432
	global_load_b32 v9, v[112:113], off offset:884736
	global_load_b32 v10, v[112:113], off offset:868352
	global_load_b32 v11, v[112:113], off offset:786432
	global_load_b32 v12, v[112:113], off offset:802816
	global_load_b32 v13, v[112:113], off offset:819200
	global_load_b32 v14, v[112:113], off offset:835584
	global_load_b32 v15, v[112:113], off offset:851968
	s_wait_loadcnt 0x6
	v_dual_add_f32 v7, v7, v8 :: v_dual_add_f32 v6, v6, v9
	s_wait_loadcnt 0x4
	v_dual_add_f32 v5, v5, v10 :: v_dual_add_f32 v0, v0, v11
	s_wait_loadcnt 0x2
	v_dual_add_f32 v1, v1, v12 :: v_dual_add_f32 v2, v2, v13
	s_wait_loadcnt 0x0
	v_dual_add_f32 v3, v3, v14 :: v_dual_add_f32 v4, v4, v15
	s_clause 0x7
	global_store_b32 v[112:113], v0, off offset:786432
	global_store_b32 v[112:113], v1, off offset:802816
	global_store_b32 v[112:113], v2, off offset:819200
	global_store_b32 v[112:113], v3, off offset:835584
	global_store_b32 v[112:113], v4, off offset:851968
	global_store_b32 v[112:113], v5, off offset:868352
	global_store_b32 v[112:113], v6, off offset:884736
	global_store_b32 v[114:115], v7, off offset:786432
	s_nop 0
	s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel matmul_kernel
		.amdhsa_group_segment_fixed_size 33792
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 224
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_wavefront_size32 1
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 241
		.amdhsa_next_free_sgpr 10
		.amdhsa_reserve_vcc 1
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_fp16_overflow 0
		.amdhsa_workgroup_processor_mode 1
		.amdhsa_memory_ordered 1
		.amdhsa_forward_progress 1
		.amdhsa_inst_pref_size 53
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
	.size	matmul_kernel, .Lfunc_end0-matmul_kernel

	.set matmul_kernel.num_vgpr, 228
	.set matmul_kernel.num_agpr, 0
	.set matmul_kernel.numbered_sgpr, 10
	.set matmul_kernel.num_named_barrier, 0
	.set matmul_kernel.private_seg_size, 0
	.set matmul_kernel.uses_vcc, 1
	.set matmul_kernel.uses_flat_scratch, 0
	.set matmul_kernel.has_dyn_sized_stack, 0
	.set matmul_kernel.has_recursion, 0
	.set matmul_kernel.has_indirect_call, 0
	.p2alignl 7, 3214868480
	.fill 96, 4, 3214868480
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.text
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  generic
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  generic
        .offset:         8
        .size:           8
        .value_kind:     global_buffer
      - .offset:         16
        .size:           8
        .value_kind:     by_value
      - .offset:         24
        .size:           8
        .value_kind:     by_value
      - .offset:         32
        .size:           8
        .value_kind:     by_value
      - .offset:         40
        .size:           8
        .value_kind:     by_value
      - .offset:         48
        .size:           8
        .value_kind:     by_value
      - .address_space:  generic
        .offset:         56
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  generic
        .offset:         64
        .size:           8
        .value_kind:     global_buffer
      - .offset:         72
        .size:           8
        .value_kind:     by_value
      - .offset:         80
        .size:           8
        .value_kind:     by_value
      - .offset:         88
        .size:           8
        .value_kind:     by_value
      - .offset:         96
        .size:           8
        .value_kind:     by_value
      - .offset:         104
        .size:           8
        .value_kind:     by_value
      - .address_space:  generic
        .offset:         112
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  generic
        .offset:         120
        .size:           8
        .value_kind:     global_buffer
      - .offset:         128
        .size:           8
        .value_kind:     by_value
      - .offset:         136
        .size:           8
        .value_kind:     by_value
      - .offset:         144
        .size:           8
        .value_kind:     by_value
      - .offset:         152
        .size:           8
        .value_kind:     by_value
      - .offset:         160
        .size:           8
        .value_kind:     by_value
      - .address_space:  generic
        .offset:         168
        .size:           8
        .value_kind:     global_buffer
      - .address_space:  generic
        .offset:         176
        .size:           8
        .value_kind:     global_buffer
      - .offset:         184
        .size:           8
        .value_kind:     by_value
      - .offset:         192
        .size:           8
        .value_kind:     by_value
      - .offset:         200
        .size:           8
        .value_kind:     by_value
      - .offset:         208
        .size:           8
        .value_kind:     by_value
      - .offset:         216
        .size:           8
        .value_kind:     by_value
    .group_segment_fixed_size: 33792
    .kernarg_segment_align: 8
    .kernarg_segment_size: 224
    .max_flat_workgroup_size: 128
    .name:           matmul_kernel
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 128
      - 1
      - 1
    .sgpr_count:     12
    .sgpr_spill_count: 0
    .symbol:         matmul_kernel.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     228
    .vgpr_spill_count: 0
    .wavefront_size: 32
    .workgroup_processor_mode: 1
amdhsa.target:   amdgcn-amd-amdhsa--gfx1201
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
