	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 6
	.text
	.globl	matmul_kernel
	.p2align	8
	.type	matmul_kernel,@function
matmul_kernel:
	s_lshl_b32 s6, s3, 5
	s_or_b32 s2, s6, s2
	s_and_b32 s3, s3, 24
	s_and_b32 s6, s2, 7
	s_load_dwordx2 s[4:5], s[0:1], 0x8
	s_load_dwordx2 s[8:9], s[0:1], 0x40
	s_or_b32 s3, s3, s6
	s_lshl_b32 s10, s3, 7
	v_lshrrev_b32_e32 v70, 2, v0
	v_lshlrev_b32_e32 v2, 3, v0
	v_and_b32_e32 v72, 24, v2
	v_or_b32_e32 v2, s10, v70
	v_mov_b32_e32 v69, 0
	v_lshlrev_b32_e32 v68, 13, v2
	s_waitcnt lgkmcnt(0)
	v_lshl_add_u64 v[2:3], s[4:5], 0, v[68:69]
	v_lshlrev_b32_e32 v68, 1, v72
	v_lshl_add_u64 v[74:75], v[2:3], 0, v[68:69]
	s_mov_b32 s12, 0x80000
	v_add_co_u32_e32 v2, vcc, s12, v74
	s_lshl_b32 s2, s2, 4
	v_lshrrev_b32_e32 v1, 1, v0
	v_addc_co_u32_e32 v3, vcc, 0, v75, vcc
	global_load_dwordx4 v[100:103], v[74:75], off
	global_load_dwordx4 v[104:107], v[2:3], off
	v_lshlrev_b32_e32 v2, 1, v0
	s_and_b32 s11, s2, 0xf80
	v_and_b32_e32 v76, 30, v2
	v_and_b32_e32 v78, 0x78, v1
	v_or_b32_e32 v4, s11, v78
	v_lshlrev_b32_e32 v68, 13, v76
	v_lshl_add_u64 v[2:3], s[8:9], 0, v[68:69]
	v_lshlrev_b32_e32 v68, 1, v4
	v_lshl_add_u64 v[2:3], v[2:3], 0, v[68:69]
	s_movk_i32 s13, 0x2000
	v_add_co_u32_e32 v4, vcc, s13, v2
	v_mul_u32_u24_e32 v71, 40, v78
	s_nop 0
	v_addc_co_u32_e32 v5, vcc, 0, v3, vcc
	global_load_dwordx4 v[92:95], v[2:3], off
	global_load_dwordx4 v[96:99], v[4:5], off
	v_mul_u32_u24_e32 v67, 40, v70
	v_or_b32_e32 v71, v71, v76
	s_mov_b32 s14, 0x5040100
	s_mov_b32 s15, 0x7060302
	s_movk_i32 s6, 0xffe0
	v_and_b32_e32 v66, 63, v0
	v_and_b32_e32 v82, 64, v0
	v_and_b32_e32 v80, 31, v0
	v_bfe_u32 v0, v0, 3, 3
	v_and_b32_e32 v84, 64, v1
	v_or_b32_e32 v1, 7, v1
	v_add_lshl_u32 v67, v67, v72, 1
	v_lshlrev_b32_e32 v71, 1, v71
	s_mov_b32 s3, 0
	s_mov_b64 s[4:5], 0
	s_mov_b32 s7, -1
	v_mov_b32_e32 v50, 0
	v_mov_b32_e32 v51, 0
	v_mov_b32_e32 v52, 0
	v_mov_b32_e32 v53, 0
	v_mov_b32_e32 v54, 0
	v_mov_b32_e32 v55, 0
	v_mov_b32_e32 v56, 0
	v_mov_b32_e32 v57, 0
	v_mov_b32_e32 v58, 0
	v_mov_b32_e32 v59, 0
	v_mov_b32_e32 v60, 0
	v_mov_b32_e32 v61, 0
	v_mov_b32_e32 v62, 0
	v_mov_b32_e32 v63, 0
	v_mov_b32_e32 v64, 0
	v_mov_b32_e32 v65, 0
	v_mov_b32_e32 v34, 0
	v_mov_b32_e32 v35, 0
	v_mov_b32_e32 v36, 0
	v_mov_b32_e32 v37, 0
	v_mov_b32_e32 v38, 0
	v_mov_b32_e32 v39, 0
	v_mov_b32_e32 v40, 0
	v_mov_b32_e32 v41, 0
	v_mov_b32_e32 v42, 0
	v_mov_b32_e32 v43, 0
	v_mov_b32_e32 v44, 0
	v_mov_b32_e32 v45, 0
	v_mov_b32_e32 v46, 0
	v_mov_b32_e32 v47, 0
	v_mov_b32_e32 v48, 0
	v_mov_b32_e32 v49, 0
	v_mov_b32_e32 v18, 0
	v_mov_b32_e32 v19, 0
	v_mov_b32_e32 v20, 0
	v_mov_b32_e32 v21, 0
	v_mov_b32_e32 v22, 0
	v_mov_b32_e32 v23, 0
	v_mov_b32_e32 v24, 0
	v_mov_b32_e32 v25, 0
	v_mov_b32_e32 v26, 0
	v_mov_b32_e32 v27, 0
	v_mov_b32_e32 v28, 0
	v_mov_b32_e32 v29, 0
	v_mov_b32_e32 v30, 0
	v_mov_b32_e32 v31, 0
	v_mov_b32_e32 v32, 0
	v_mov_b32_e32 v33, 0
	v_mov_b32_e32 v2, 0
	v_mov_b32_e32 v3, 0
	v_mov_b32_e32 v4, 0
	v_mov_b32_e32 v5, 0
	v_mov_b32_e32 v6, 0
	v_mov_b32_e32 v7, 0
	v_mov_b32_e32 v8, 0
	v_mov_b32_e32 v9, 0
	v_mov_b32_e32 v10, 0
	v_mov_b32_e32 v11, 0
	v_mov_b32_e32 v12, 0
	v_mov_b32_e32 v13, 0
	v_mov_b32_e32 v14, 0
	v_mov_b32_e32 v15, 0
	v_mov_b32_e32 v16, 0
	v_mov_b32_e32 v17, 0
	v_and_b32_e32 v86, 4, v0
	v_or_b32_e32 v88, 32, v66
	v_mul_u32_u24_e32 v1, 40, v1
	v_add_u32_e32 v73, 0x5000, v71
	v_lshl_add_u64 v[90:91], s[8:9], 0, v[68:69]
	s_waitcnt vmcnt(3)
	ds_write_b128 v67, v[100:103]
	s_waitcnt vmcnt(2)
	ds_write_b128 v67, v[104:107] offset:5120
	s_waitcnt vmcnt(0)
	v_perm_b32 v67, v96, v92, s14
	v_perm_b32 v68, v96, v92, s15
	v_perm_b32 v77, v97, v93, s14
	v_perm_b32 v79, v97, v93, s15
	v_mov_b64_e32 v[92:93], 0xfe0
	v_add_lshl_u32 v1, v1, v76, 1
	v_perm_b32 v81, v98, v94, s14
	v_perm_b32 v83, v98, v94, s15
	v_perm_b32 v85, v99, v95, s14
	v_perm_b32 v87, v99, v95, s15
	ds_write2_b32 v73, v67, v68 offset1:20
	ds_write2_b32 v73, v77, v79 offset0:40 offset1:60
	ds_write2_b32 v73, v81, v83 offset0:80 offset1:100
	ds_write_b32 v71, v85 offset:20960
	ds_write_b32 v1, v87 offset:20480
	s_waitcnt lgkmcnt(0)
	s_barrier
.LBB0_1:
	s_add_u32 s8, s6, 64
	s_addc_u32 s9, s7, 0
	v_cmp_lt_u64_e32 vcc, s[8:9], v[92:93]
	s_and_b64 s[16:17], vcc, exec
	s_cselect_b32 s5, s8, 0xfe0
	s_lshl_b32 s2, s5, 1
	v_lshl_add_u64 v[94:95], v[74:75], 0, s[2:3]
	v_or_b32_e32 v1, s5, v76
	v_add_co_u32_e32 v96, vcc, s12, v94
	v_lshlrev_b32_e32 v68, 13, v1
	s_nop 0
	v_addc_co_u32_e32 v97, vcc, 0, v95, vcc
	v_lshl_add_u64 v[102:103], v[90:91], 0, v[68:69]
	v_add_co_u32_e32 v104, vcc, s13, v102
	global_load_dwordx4 v[118:121], v[94:95], off
	global_load_dwordx4 v[122:125], v[96:97], off
	v_addc_co_u32_e32 v105, vcc, 0, v103, vcc
	global_load_dwordx4 v[94:97], v[102:103], off
	global_load_dwordx4 v[98:101], v[104:105], off
	s_lshl_b32 s2, s4, 7
	v_or_b32_e32 v1, s2, v84
	v_or_b32_e32 v68, v1, v80
	v_or_b32_e32 v1, v1, v88
	v_mul_lo_u32 v1, v1, 40
	v_or_b32_e32 v67, s2, v82
	v_mul_lo_u32 v68, v68, 40
	v_or_b32_e32 v1, v1, v86
	v_or_b32_e32 v71, v67, v80
	v_or_b32_e32 v67, v67, v88
	v_or_b32_e32 v68, v68, v86
	v_lshlrev_b32_e32 v1, 1, v1
	v_mul_lo_u32 v71, v71, 40
	v_mul_lo_u32 v67, v67, 40
	v_lshlrev_b32_e32 v68, 1, v68
	ds_read2_b64 v[114:117], v1 offset1:2
	v_or_b32_e32 v71, v71, v86
	v_or_b32_e32 v67, v67, v86
	ds_read2_b64 v[102:105], v68 offset1:2
	v_lshlrev_b32_e32 v71, 1, v71
	v_lshlrev_b32_e32 v67, 1, v67
	v_add_u32_e32 v71, 0x5000, v71
	v_add_u32_e32 v67, 0x5000, v67
	ds_read2_b64 v[106:109], v71 offset1:2
	ds_read2_b64 v[110:113], v67 offset1:2
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_32x32x8_f16 v[18:33], v[114:115], v[106:107], v[18:33]
	s_xor_b32 s4, s4, 1
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8_f16 v[2:17], v[114:115], v[110:111], v[2:17]
	v_mfma_f32_32x32x8_f16 v[50:65], v[102:103], v[106:107], v[50:65]
	v_mfma_f32_32x32x8_f16 v[34:49], v[102:103], v[110:111], v[34:49]
	v_mfma_f32_32x32x8_f16 v[18:33], v[116:117], v[108:109], v[18:33]
	v_mfma_f32_32x32x8_f16 v[2:17], v[116:117], v[112:113], v[2:17]
	ds_read2_b64 v[114:117], v1 offset0:4 offset1:6
	v_mfma_f32_32x32x8_f16 v[50:65], v[104:105], v[108:109], v[50:65]
	v_mfma_f32_32x32x8_f16 v[34:49], v[104:105], v[112:113], v[34:49]
	ds_read2_b64 v[102:105], v68 offset0:4 offset1:6
	ds_read2_b64 v[106:109], v71 offset0:4 offset1:6
	ds_read2_b64 v[110:113], v67 offset0:4 offset1:6
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_32x32x8_f16 v[50:65], v[102:103], v[106:107], v[50:65]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8_f16 v[34:49], v[102:103], v[110:111], v[34:49]
	v_mfma_f32_32x32x8_f16 v[18:33], v[114:115], v[106:107], v[18:33]
	v_mfma_f32_32x32x8_f16 v[2:17], v[114:115], v[110:111], v[2:17]
	v_mfma_f32_32x32x8_f16 v[50:65], v[104:105], v[108:109], v[50:65]
	v_mfma_f32_32x32x8_f16 v[34:49], v[104:105], v[112:113], v[34:49]
	v_mfma_f32_32x32x8_f16 v[18:33], v[116:117], v[108:109], v[18:33]
	v_mfma_f32_32x32x8_f16 v[2:17], v[116:117], v[112:113], v[2:17]
	s_lshl_b32 s2, s4, 7
	v_or_b32_e32 v67, s2, v78
	v_or_b32_e32 v1, s2, v70
	v_mul_lo_u32 v67, v67, 40
	v_mul_lo_u32 v1, v1, 40
	v_or_b32_e32 v67, v67, v76
	v_add_lshl_u32 v1, v1, v72, 1
	v_lshlrev_b32_e32 v67, 1, v67
	s_waitcnt vmcnt(3)
	ds_write_b128 v1, v[118:121]
	s_waitcnt vmcnt(2)
	ds_write_b128 v1, v[122:125] offset:5120
	s_waitcnt vmcnt(0)
	v_perm_b32 v1, v98, v94, s14
	v_perm_b32 v68, v98, v94, s15
	v_add_u32_e32 v67, 0x5000, v67
	s_add_u32 s6, s6, 32
	ds_write2_b32 v67, v1, v68 offset1:20
	v_perm_b32 v1, v99, v95, s14
	v_perm_b32 v68, v99, v95, s15
	s_addc_u32 s7, s7, 0
	ds_write2_b32 v67, v1, v68 offset0:40 offset1:60
	v_perm_b32 v1, v100, v96, s14
	v_perm_b32 v68, v100, v96, s15
	v_cmp_lt_u64_e32 vcc, s[6:7], v[92:93]
	ds_write2_b32 v67, v1, v68 offset0:80 offset1:100
	v_perm_b32 v1, v101, v97, s14
	v_perm_b32 v68, v101, v97, s15
	ds_write2_b32 v67, v1, v68 offset0:120 offset1:140
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_vccnz .LBB0_1
	s_load_dwordx2 s[0:1], s[0:1], 0x78
	v_or_b32_e32 v1, s10, v84
	v_or_b32_e32 v67, s11, v82
	v_or_b32_e32 v68, v86, v1
	v_or_b32_e32 v69, v80, v67
	v_lshlrev_b32_e32 v78, 14, v68
	v_mov_b32_e32 v79, 0
	s_waitcnt lgkmcnt(0)
	v_lshl_add_u64 v[80:81], s[0:1], 0, v[78:79]
	v_lshlrev_b32_e32 v78, 2, v69
	v_lshl_add_u64 v[68:69], v[80:81], 0, v[78:79]
	v_add_co_u32_e32 v82, vcc, 0x4000, v68
	v_or_b32_e32 v0, v0, v1
	s_nop 0
	v_addc_co_u32_e32 v83, vcc, 0, v69, vcc
	v_add_co_u32_e32 v84, vcc, 0x8000, v68
	v_lshlrev_b32_e32 v76, 14, v0
	s_nop 0
	v_addc_co_u32_e32 v85, vcc, 0, v69, vcc
	v_or_b32_e32 v0, 0xc000, v76
	v_mov_b32_e32 v1, v79
	v_lshl_add_u64 v[86:87], s[0:1], 0, v[0:1]
	v_add_co_u32_e32 v0, vcc, 0x20000, v68
	v_or_b32_e32 v72, 0x2c000, v76
	s_nop 0
	v_addc_co_u32_e32 v1, vcc, 0, v69, vcc
	v_add_co_u32_e32 v88, vcc, 0x24000, v68
	v_mov_b32_e32 v73, v79
	s_nop 0
	v_addc_co_u32_e32 v89, vcc, 0, v69, vcc
	v_add_co_u32_e32 v90, vcc, 0x28000, v68
	v_or_b32_e32 v74, 0x4c000, v76
	s_nop 0
	v_addc_co_u32_e32 v91, vcc, 0, v69, vcc
	v_add_co_u32_e32 v94, vcc, 0x40000, v68
	v_mov_b32_e32 v75, v79
	s_nop 0
	v_addc_co_u32_e32 v95, vcc, 0, v69, vcc
	v_add_co_u32_e32 v96, vcc, 0x44000, v68
	v_or_b32_e32 v76, 0x6c000, v76
	s_nop 0
	v_addc_co_u32_e32 v97, vcc, 0, v69, vcc
	v_add_co_u32_e32 v98, vcc, 0x48000, v68
	v_mov_b32_e32 v77, v79
	s_nop 0
	v_addc_co_u32_e32 v99, vcc, 0, v69, vcc
	v_add_co_u32_e32 v102, vcc, 0x60000, v68
	v_lshl_add_u64 v[92:93], s[0:1], 0, v[72:73]
	s_nop 0
	v_addc_co_u32_e32 v103, vcc, 0, v69, vcc
	v_add_co_u32_e32 v104, vcc, 0x64000, v68
	v_lshl_add_u64 v[100:101], s[0:1], 0, v[74:75]
	s_nop 0
	v_addc_co_u32_e32 v105, vcc, 0, v69, vcc
	v_add_co_u32_e32 v106, vcc, 0x68000, v68
	v_lshl_add_u64 v[108:109], s[0:1], 0, v[76:77]
	v_lshl_add_u64 v[70:71], v[86:87], 0, v[78:79]
	v_lshl_add_u64 v[72:73], v[92:93], 0, v[78:79]
	v_lshl_add_u64 v[74:75], v[100:101], 0, v[78:79]
	v_addc_co_u32_e32 v107, vcc, 0, v69, vcc
	v_lshl_add_u64 v[76:77], v[108:109], 0, v[78:79]
	global_load_dword v110, v[94:95], off
	global_load_dword v111, v[96:97], off
	global_load_dword v112, v[98:99], off
	global_load_dword v113, v[74:75], off
	global_load_dword v114, v[102:103], off
	global_load_dword v115, v[104:105], off
	global_load_dword v116, v[106:107], off
	global_load_dword v117, v[76:77], off
	global_load_dword v118, v[84:85], off
	global_load_dword v120, v[0:1], off
	global_load_dword v121, v[88:89], off
	global_load_dword v119, v[70:71], off
	global_load_dword v122, v[90:91], off
	global_load_dword v123, v[72:73], off
	global_load_dword v124, v[68:69], off
	global_load_dword v125, v[82:83], off
	s_movk_i32 s0, 0x4000
	s_mov_b32 s1, 0x8000
	s_mov_b32 s2, 0x20000
	s_mov_b32 s3, 0x24000
	s_mov_b32 s4, 0x28000
	s_mov_b32 s5, 0x40000
	s_mov_b32 s6, 0x44000
	s_mov_b32 s7, 0x48000
	s_mov_b32 s8, 0x60000
	s_mov_b32 s9, 0x64000
	s_mov_b32 s10, 0x68000
	s_mov_b32 s11, 0xe8000
	s_waitcnt vmcnt(14)
	v_pk_add_f32 v[58:59], v[58:59], v[110:111]
	s_waitcnt vmcnt(12)
	v_pk_add_f32 v[60:61], v[60:61], v[112:113]
	s_waitcnt vmcnt(10)
	v_pk_add_f32 v[62:63], v[62:63], v[114:115]
	s_waitcnt vmcnt(8)
	v_pk_add_f32 v[64:65], v[64:65], v[116:117]
	s_waitcnt vmcnt(5)
	v_pk_add_f32 v[54:55], v[54:55], v[120:121]
	s_waitcnt vmcnt(4)
	v_pk_add_f32 v[52:53], v[52:53], v[118:119]
	s_waitcnt vmcnt(2)
	v_pk_add_f32 v[56:57], v[56:57], v[122:123]
	s_waitcnt vmcnt(0)
	v_pk_add_f32 v[50:51], v[50:51], v[124:125]
	global_store_dword v[68:69], v50, off
	global_store_dword v[82:83], v51, off
	global_store_dword v[84:85], v52, off
	global_store_dword v[70:71], v53, off
	global_store_dword v[0:1], v54, off
	global_store_dword v[88:89], v55, off
	global_store_dword v[90:91], v56, off
	global_store_dword v[72:73], v57, off
	global_store_dword v[94:95], v58, off
	global_store_dword v[96:97], v59, off
	global_store_dword v[98:99], v60, off
	global_store_dword v[74:75], v61, off
	global_store_dword v[102:103], v62, off
	global_store_dword v[104:105], v63, off
	global_store_dword v[106:107], v64, off
	global_store_dword v[76:77], v65, off
	v_or_b32_e32 v0, v67, v66
	v_mov_b32_e32 v1, 0x80
	v_lshl_or_b32 v78, v0, 2, v1
	v_lshl_add_u64 v[0:1], v[80:81], 0, v[78:79]
	v_add_co_u32_e32 v58, vcc, s0, v0
	v_lshl_add_u64 v[56:57], v[86:87], 0, v[78:79]
	s_nop 0
	v_addc_co_u32_e32 v59, vcc, 0, v1, vcc
	v_add_co_u32_e32 v60, vcc, s1, v0
	v_lshl_add_u64 v[54:55], v[92:93], 0, v[78:79]
	s_nop 0
	v_addc_co_u32_e32 v61, vcc, 0, v1, vcc
	v_add_co_u32_e32 v62, vcc, s2, v0
	v_lshl_add_u64 v[52:53], v[100:101], 0, v[78:79]
	s_nop 0
	v_addc_co_u32_e32 v63, vcc, 0, v1, vcc
	v_add_co_u32_e32 v64, vcc, s3, v0
	v_lshl_add_u64 v[50:51], v[108:109], 0, v[78:79]
	s_nop 0
	v_addc_co_u32_e32 v65, vcc, 0, v1, vcc
	v_add_co_u32_e32 v66, vcc, s4, v0
	s_mov_b32 s0, 0x80000
	s_nop 0
	v_addc_co_u32_e32 v67, vcc, 0, v1, vcc
	v_add_co_u32_e32 v80, vcc, s5, v0
	s_mov_b32 s1, 0x84000
	s_nop 0
	v_addc_co_u32_e32 v81, vcc, 0, v1, vcc
	v_add_co_u32_e32 v82, vcc, s6, v0
	s_mov_b32 s2, 0x88000
	s_nop 0
	v_addc_co_u32_e32 v83, vcc, 0, v1, vcc
	v_add_co_u32_e32 v84, vcc, s7, v0
	s_mov_b32 s3, 0xa0000
	s_nop 0
	v_addc_co_u32_e32 v85, vcc, 0, v1, vcc
	v_add_co_u32_e32 v86, vcc, s8, v0
	s_mov_b32 s4, 0xa4000
	s_nop 0
	v_addc_co_u32_e32 v87, vcc, 0, v1, vcc
	v_add_co_u32_e32 v88, vcc, s9, v0
	s_mov_b32 s5, 0xa8000
	s_nop 0
	v_addc_co_u32_e32 v89, vcc, 0, v1, vcc
	v_add_co_u32_e32 v90, vcc, s10, v0
	s_mov_b32 s6, 0xc0000
	s_nop 0
	v_addc_co_u32_e32 v91, vcc, 0, v1, vcc
	global_load_dword v78, v[80:81], off
	global_load_dword v79, v[82:83], off
	global_load_dword v92, v[84:85], off
	global_load_dword v93, v[52:53], off
	global_load_dword v94, v[86:87], off
	global_load_dword v95, v[88:89], off
	global_load_dword v96, v[90:91], off
	global_load_dword v97, v[50:51], off
	global_load_dword v98, v[60:61], off
	global_load_dword v100, v[62:63], off
	global_load_dword v101, v[64:65], off
	global_load_dword v99, v[56:57], off
	global_load_dword v102, v[66:67], off
	global_load_dword v103, v[54:55], off
	global_load_dword v104, v[0:1], off
	global_load_dword v105, v[58:59], off
	s_mov_b32 s7, 0xc4000
	s_mov_b32 s8, 0xc8000
	s_mov_b32 s9, 0xe0000
	s_mov_b32 s10, 0xe4000
	s_waitcnt vmcnt(14)
	v_pk_add_f32 v[42:43], v[42:43], v[78:79]
	s_waitcnt vmcnt(12)
	v_pk_add_f32 v[44:45], v[44:45], v[92:93]
	s_waitcnt vmcnt(10)
	v_pk_add_f32 v[46:47], v[46:47], v[94:95]
	s_waitcnt vmcnt(8)
	v_pk_add_f32 v[48:49], v[48:49], v[96:97]
	s_waitcnt vmcnt(5)
	v_pk_add_f32 v[38:39], v[38:39], v[100:101]
	s_waitcnt vmcnt(4)
	v_pk_add_f32 v[36:37], v[36:37], v[98:99]
	s_waitcnt vmcnt(2)
	v_pk_add_f32 v[40:41], v[40:41], v[102:103]
	s_waitcnt vmcnt(0)
	v_pk_add_f32 v[34:35], v[34:35], v[104:105]
	global_store_dword v[0:1], v34, off
	global_store_dword v[58:59], v35, off
	global_store_dword v[60:61], v36, off
	global_store_dword v[56:57], v37, off
	global_store_dword v[62:63], v38, off
	global_store_dword v[64:65], v39, off
	global_store_dword v[66:67], v40, off
	global_store_dword v[54:55], v41, off
	global_store_dword v[80:81], v42, off
	global_store_dword v[82:83], v43, off
	global_store_dword v[84:85], v44, off
	global_store_dword v[52:53], v45, off
	global_store_dword v[86:87], v46, off
	global_store_dword v[88:89], v47, off
	global_store_dword v[90:91], v48, off
	global_store_dword v[50:51], v49, off
	v_add_co_u32_e32 v34, vcc, s0, v68
	s_nop 1
	v_addc_co_u32_e32 v35, vcc, 0, v69, vcc
	v_add_co_u32_e32 v36, vcc, s1, v68
	s_nop 1
	v_addc_co_u32_e32 v37, vcc, 0, v69, vcc
	v_add_co_u32_e32 v38, vcc, s2, v68
	s_nop 1
	v_addc_co_u32_e32 v39, vcc, 0, v69, vcc
	v_add_co_u32_e32 v40, vcc, s0, v70
	s_nop 1
	v_addc_co_u32_e32 v41, vcc, 0, v71, vcc
	v_add_co_u32_e32 v42, vcc, s3, v68
	s_nop 1
	v_addc_co_u32_e32 v43, vcc, 0, v69, vcc
	v_add_co_u32_e32 v44, vcc, s4, v68
	s_nop 1
	v_addc_co_u32_e32 v45, vcc, 0, v69, vcc
	v_add_co_u32_e32 v46, vcc, s5, v68
	s_nop 1
	v_addc_co_u32_e32 v47, vcc, 0, v69, vcc
	v_add_co_u32_e32 v48, vcc, s0, v72
	s_nop 1
	v_addc_co_u32_e32 v49, vcc, 0, v73, vcc
	v_add_co_u32_e32 v58, vcc, s6, v68
	s_nop 1
	v_addc_co_u32_e32 v59, vcc, 0, v69, vcc
	v_add_co_u32_e32 v60, vcc, s7, v68
	s_nop 1
	v_addc_co_u32_e32 v61, vcc, 0, v69, vcc
	v_add_co_u32_e32 v62, vcc, s8, v68
	s_nop 1
	v_addc_co_u32_e32 v63, vcc, 0, v69, vcc
	v_add_co_u32_e32 v64, vcc, s0, v74
	s_nop 1
	v_addc_co_u32_e32 v65, vcc, 0, v75, vcc
	v_add_co_u32_e32 v66, vcc, s9, v68
	s_nop 1
	v_addc_co_u32_e32 v67, vcc, 0, v69, vcc
	v_add_co_u32_e32 v70, vcc, s10, v68
	s_nop 1
	v_addc_co_u32_e32 v71, vcc, 0, v69, vcc
	v_add_co_u32_e32 v68, vcc, s11, v68
	s_nop 1
	v_addc_co_u32_e32 v69, vcc, 0, v69, vcc
	v_add_co_u32_e32 v72, vcc, s0, v76
	s_nop 1
	v_addc_co_u32_e32 v73, vcc, 0, v77, vcc
	global_load_dword v74, v[58:59], off
	global_load_dword v75, v[60:61], off
	global_load_dword v76, v[62:63], off
	global_load_dword v77, v[64:65], off
	global_load_dword v78, v[66:67], off
	global_load_dword v79, v[70:71], off
	global_load_dword v80, v[68:69], off
	global_load_dword v81, v[72:73], off
	global_load_dword v82, v[38:39], off
	global_load_dword v83, v[40:41], off
	global_load_dword v84, v[42:43], off
	global_load_dword v86, v[46:47], off
	global_load_dword v87, v[48:49], off
	global_load_dword v85, v[44:45], off
	global_load_dword v88, v[34:35], off
	global_load_dword v89, v[36:37], off
	s_waitcnt vmcnt(14)
	v_pk_add_f32 v[26:27], v[26:27], v[74:75]
	s_waitcnt vmcnt(12)
	v_pk_add_f32 v[28:29], v[28:29], v[76:77]
	s_waitcnt vmcnt(10)
	v_pk_add_f32 v[30:31], v[30:31], v[78:79]
	s_waitcnt vmcnt(8)
	v_pk_add_f32 v[32:33], v[32:33], v[80:81]
	s_waitcnt vmcnt(6)
	v_pk_add_f32 v[20:21], v[20:21], v[82:83]
	s_waitcnt vmcnt(3)
	v_pk_add_f32 v[24:25], v[24:25], v[86:87]
	s_waitcnt vmcnt(2)
	v_pk_add_f32 v[22:23], v[22:23], v[84:85]
	s_waitcnt vmcnt(0)
	v_pk_add_f32 v[18:19], v[18:19], v[88:89]
	global_store_dword v[34:35], v18, off
	global_store_dword v[36:37], v19, off
	global_store_dword v[38:39], v20, off
	global_store_dword v[40:41], v21, off
	global_store_dword v[42:43], v22, off
	global_store_dword v[44:45], v23, off
	global_store_dword v[46:47], v24, off
	global_store_dword v[48:49], v25, off
	global_store_dword v[58:59], v26, off
	global_store_dword v[60:61], v27, off
	global_store_dword v[62:63], v28, off
	global_store_dword v[64:65], v29, off
	global_store_dword v[66:67], v30, off
	global_store_dword v[70:71], v31, off
	global_store_dword v[68:69], v32, off
	global_store_dword v[72:73], v33, off
	v_add_co_u32_e32 v18, vcc, s0, v0
	s_nop 1
	v_addc_co_u32_e32 v19, vcc, 0, v1, vcc
	v_add_co_u32_e32 v20, vcc, s1, v0
	s_nop 1
	v_addc_co_u32_e32 v21, vcc, 0, v1, vcc
	v_add_co_u32_e32 v22, vcc, s2, v0
	s_nop 1
	v_addc_co_u32_e32 v23, vcc, 0, v1, vcc
	v_add_co_u32_e32 v24, vcc, s0, v56
	s_nop 1
	v_addc_co_u32_e32 v25, vcc, 0, v57, vcc
	v_add_co_u32_e32 v26, vcc, s3, v0
	s_nop 1
	v_addc_co_u32_e32 v27, vcc, 0, v1, vcc
	v_add_co_u32_e32 v28, vcc, s4, v0
	s_nop 1
	v_addc_co_u32_e32 v29, vcc, 0, v1, vcc
	v_add_co_u32_e32 v30, vcc, s5, v0
	s_nop 1
	v_addc_co_u32_e32 v31, vcc, 0, v1, vcc
	v_add_co_u32_e32 v32, vcc, s0, v54
	s_nop 1
	v_addc_co_u32_e32 v33, vcc, 0, v55, vcc
	v_add_co_u32_e32 v34, vcc, s6, v0
	s_nop 1
	v_addc_co_u32_e32 v35, vcc, 0, v1, vcc
	v_add_co_u32_e32 v36, vcc, s7, v0
	s_nop 1
	v_addc_co_u32_e32 v37, vcc, 0, v1, vcc
	v_add_co_u32_e32 v38, vcc, s8, v0
	s_nop 1
	v_addc_co_u32_e32 v39, vcc, 0, v1, vcc
	v_add_co_u32_e32 v40, vcc, s0, v52
	s_nop 1
	v_addc_co_u32_e32 v41, vcc, 0, v53, vcc
	v_add_co_u32_e32 v42, vcc, s9, v0
	s_nop 1
	v_addc_co_u32_e32 v43, vcc, 0, v1, vcc
	v_add_co_u32_e32 v44, vcc, s10, v0
	s_nop 1
	v_addc_co_u32_e32 v45, vcc, 0, v1, vcc
	v_add_co_u32_e32 v0, vcc, s11, v0
	s_nop 1
	v_addc_co_u32_e32 v1, vcc, 0, v1, vcc
	v_add_co_u32_e32 v46, vcc, s0, v50
	s_nop 1
	v_addc_co_u32_e32 v47, vcc, 0, v51, vcc
	global_load_dword v48, v[34:35], off
	global_load_dword v49, v[36:37], off
	global_load_dword v50, v[38:39], off
	global_load_dword v51, v[40:41], off
	global_load_dword v52, v[42:43], off
	global_load_dword v53, v[44:45], off
	global_load_dword v54, v[0:1], off
	global_load_dword v55, v[46:47], off
	global_load_dword v56, v[22:23], off
	global_load_dword v57, v[24:25], off
	global_load_dword v58, v[26:27], off
	global_load_dword v60, v[30:31], off
	global_load_dword v61, v[32:33], off
	global_load_dword v59, v[28:29], off
	global_load_dword v62, v[18:19], off
	global_load_dword v63, v[20:21], off
	s_waitcnt vmcnt(14)
	v_pk_add_f32 v[10:11], v[10:11], v[48:49]
	s_waitcnt vmcnt(12)
	v_pk_add_f32 v[12:13], v[12:13], v[50:51]
	s_waitcnt vmcnt(10)
	v_pk_add_f32 v[14:15], v[14:15], v[52:53]
	s_waitcnt vmcnt(8)
	v_pk_add_f32 v[16:17], v[16:17], v[54:55]
	s_waitcnt vmcnt(6)
	v_pk_add_f32 v[4:5], v[4:5], v[56:57]
	s_waitcnt vmcnt(3)
	v_pk_add_f32 v[8:9], v[8:9], v[60:61]
	s_waitcnt vmcnt(2)
	v_pk_add_f32 v[6:7], v[6:7], v[58:59]
	s_waitcnt vmcnt(0)
	v_pk_add_f32 v[2:3], v[2:3], v[62:63]
	global_store_dword v[18:19], v2, off
	global_store_dword v[20:21], v3, off
	global_store_dword v[22:23], v4, off
	global_store_dword v[24:25], v5, off
	global_store_dword v[26:27], v6, off
	global_store_dword v[28:29], v7, off
	global_store_dword v[30:31], v8, off
	global_store_dword v[32:33], v9, off
	global_store_dword v[34:35], v10, off
	global_store_dword v[36:37], v11, off
	global_store_dword v[38:39], v12, off
	global_store_dword v[40:41], v13, off
	global_store_dword v[42:43], v14, off
	global_store_dword v[44:45], v15, off
	global_store_dword v[0:1], v16, off
	global_store_dword v[46:47], v17, off
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel matmul_kernel
		.amdhsa_group_segment_fixed_size 40960
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 168
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 257
		.amdhsa_next_free_sgpr 96
		.amdhsa_accum_offset 128
		.amdhsa_reserve_vcc 1
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
	.size	matmul_kernel, .Lfunc_end0-matmul_kernel

	.set matmul_kernel.num_vgpr, 126
	.set matmul_kernel.num_agpr, 0
	.set matmul_kernel.numbered_sgpr, 18
	.set matmul_kernel.num_named_barrier, 0
	.set matmul_kernel.private_seg_size, 0
	.set matmul_kernel.uses_vcc, 1
	.set matmul_kernel.uses_flat_scratch, 0
	.set matmul_kernel.has_dyn_sized_stack, 0
	.set matmul_kernel.has_recursion, 0
	.set matmul_kernel.has_indirect_call, 0
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
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
  - .agpr_count:     0
    .args:
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
    .group_segment_fixed_size: 40960
    .kernarg_segment_align: 8
    .kernarg_segment_size: 168
    .max_flat_workgroup_size: 256
    .name:           matmul_kernel
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 256
      - 1
      - 1
    .sgpr_count:     24
    .sgpr_spill_count: 0
    .symbol:         matmul_kernel.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     126
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
