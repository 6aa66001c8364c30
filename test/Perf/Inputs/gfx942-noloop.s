	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 6
	.text
	.globl	matmul_kernel
	.p2align	8
	.type	matmul_kernel,@function
matmul_kernel:
	s_load_dwordx2 s[4:5], s[0:1], 0x8
	s_load_dwordx2 s[6:7], s[0:1], 0x40
	s_load_dwordx2 s[2:3], s[0:1], 0x78
	v_lshrrev_b32_e32 v1, 2, v0
	v_lshlrev_b32_e32 v2, 3, v0
	v_and_b32_e32 v16, 24, v2
	v_lshlrev_b32_e32 v64, 6, v1
	v_mov_b32_e32 v65, 0
	s_waitcnt lgkmcnt(0)
	v_lshl_add_u64 v[2:3], s[4:5], 0, v[64:65]
	v_lshlrev_b32_e32 v64, 1, v16
	v_lshl_add_u64 v[10:11], v[2:3], 0, v[64:65]
	v_lshlrev_b32_e32 v2, 1, v0
	v_lshrrev_b32_e32 v90, 1, v0
	v_and_b32_e32 v91, 30, v2
	v_and_b32_e32 v17, 0x78, v90
	v_lshlrev_b32_e32 v64, 8, v91
	s_movk_i32 s4, 0x1000
	v_lshl_add_u64 v[2:3], s[6:7], 0, v[64:65]
	v_lshlrev_b32_e32 v64, 1, v17
	v_add_co_u32_e32 v12, vcc, s4, v10
	v_lshl_add_u64 v[14:15], v[2:3], 0, v[64:65]
	s_nop 0
	v_addc_co_u32_e32 v13, vcc, 0, v11, vcc
	global_load_dwordx4 v[20:23], v[10:11], off
	global_load_dwordx4 v[24:27], v[12:13], off
	global_load_dwordx4 v[2:5], v[14:15], off
	global_load_dwordx4 v[6:9], v[14:15], off offset:256
	v_mul_u32_u24_e32 v1, 40, v1
	v_add_lshl_u32 v64, v1, v16, 1
	v_mul_u32_u24_e32 v1, 40, v17
	v_or_b32_e32 v1, v1, v91
	s_mov_b32 s1, 0x5040100
	s_mov_b32 s5, 0x7060302
	v_or_b32_e32 v18, 7, v90
	v_lshlrev_b32_e32 v92, 1, v1
	v_mul_u32_u24_e32 v16, 40, v18
	v_add_u32_e32 v1, 0x5000, v92
	v_add_lshl_u32 v16, v16, v91, 1
	v_and_b32_e32 v93, 64, v90
	s_movk_i32 s0, 0x5000
	s_waitcnt vmcnt(3)
	ds_write_b128 v64, v[20:23]
	s_waitcnt vmcnt(2)
	ds_write_b128 v64, v[24:27] offset:5120
	s_waitcnt vmcnt(0)
	v_perm_b32 v17, v6, v2, s1
	v_perm_b32 v2, v6, v2, s5
	v_perm_b32 v6, v7, v3, s1
	v_perm_b32 v3, v7, v3, s5
	v_perm_b32 v7, v8, v4, s1
	v_perm_b32 v4, v8, v4, s5
	v_perm_b32 v8, v9, v5, s1
	v_perm_b32 v5, v9, v5, s5
	ds_write2_b32 v1, v17, v2 offset1:20
	ds_write2_b32 v1, v6, v3 offset0:40 offset1:60
	ds_write2_b32 v1, v7, v4 offset0:80 offset1:100
	ds_write_b32 v92, v8 offset:20960
	ds_write_b32 v16, v5 offset:20480
	v_and_b32_e32 v1, 63, v0
	v_and_b32_e32 v2, 64, v0
	s_waitcnt lgkmcnt(0)
	s_barrier
	global_load_dwordx4 v[102:105], v[10:11], off
	global_load_dwordx4 v[106:109], v[12:13], off
	global_load_dwordx4 v[66:69], v[14:15], off
	global_load_dwordx4 v[70:73], v[14:15], off offset:256
	v_and_b32_e32 v3, 31, v0
	v_bfe_u32 v94, v0, 3, 3
	v_or_b32_e32 v0, v3, v93
	v_and_b32_e32 v95, 4, v94
	v_mul_u32_u24_e32 v0, 40, v0
	v_or_b32_e32 v0, v0, v95
	v_or_b32_e32 v97, v3, v2
	v_lshlrev_b32_e32 v96, 1, v0
	v_mul_u32_u24_e32 v0, 40, v97
	v_or_b32_e32 v0, v0, v95
	v_lshlrev_b32_e32 v0, 1, v0
	v_or3_b32 v110, v2, v1, 32
	v_add_u32_e32 v98, 0x5000, v0
	v_mul_u32_u24_e32 v0, 40, v110
	v_or_b32_e32 v0, v0, v95
	v_lshlrev_b32_e32 v0, 1, v0
	v_add_u32_e32 v99, 0x5000, v0
	v_or3_b32 v0, v93, v1, 32
	v_mul_u32_u24_e32 v0, 40, v0
	v_or_b32_e32 v0, v0, v95
	v_lshlrev_b32_e32 v100, 1, v0
	ds_read2_b64 v[86:89], v100 offset1:2
	ds_read2_b64 v[74:77], v96 offset1:2
	ds_read2_b64 v[78:81], v98 offset1:2
	ds_read2_b64 v[82:85], v99 offset1:2
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_32x32x8_f16 v[16:31], v[86:87], v[78:79], 0
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8_f16 v[0:15], v[86:87], v[82:83], 0
	v_mfma_f32_32x32x8_f16 v[48:63], v[74:75], v[78:79], 0
	v_mfma_f32_32x32x8_f16 v[32:47], v[74:75], v[82:83], 0
	v_mfma_f32_32x32x8_f16 v[16:31], v[88:89], v[80:81], v[16:31]
	v_mfma_f32_32x32x8_f16 v[0:15], v[88:89], v[84:85], v[0:15]
	ds_read2_b64 v[86:89], v100 offset0:4 offset1:6
	v_mfma_f32_32x32x8_f16 v[48:63], v[76:77], v[80:81], v[48:63]
	v_mfma_f32_32x32x8_f16 v[32:47], v[76:77], v[84:85], v[32:47]
	ds_read2_b64 v[74:77], v96 offset0:4 offset1:6
	ds_read2_b64 v[78:81], v98 offset0:4 offset1:6
	ds_read2_b64 v[82:85], v99 offset0:4 offset1:6
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_32x32x8_f16 v[48:63], v[74:75], v[78:79], v[48:63]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8_f16 v[32:47], v[74:75], v[82:83], v[32:47]
	v_mfma_f32_32x32x8_f16 v[16:31], v[86:87], v[78:79], v[16:31]
	v_mfma_f32_32x32x8_f16 v[0:15], v[86:87], v[82:83], v[0:15]
	v_mfma_f32_32x32x8_f16 v[48:63], v[76:77], v[80:81], v[48:63]
	v_mfma_f32_32x32x8_f16 v[32:47], v[76:77], v[84:85], v[32:47]
	v_mfma_f32_32x32x8_f16 v[16:31], v[88:89], v[80:81], v[16:31]
	v_mfma_f32_32x32x8_f16 v[0:15], v[88:89], v[84:85], v[0:15]
	s_waitcnt vmcnt(3)
	ds_write_b128 v64, v[102:105] offset:10240
	s_waitcnt vmcnt(2)
	ds_write_b128 v64, v[106:109] offset:15360
	s_waitcnt vmcnt(0)
	v_perm_b32 v64, v70, v66, s1
	v_perm_b32 v66, v70, v66, s5
	v_add_u32_e32 v70, 0x7800, v92
	ds_write2_b32 v70, v64, v66 offset1:20
	v_perm_b32 v64, v71, v67, s1
	v_perm_b32 v66, v71, v67, s5
	ds_write2_b32 v70, v64, v66 offset0:40 offset1:60
	v_perm_b32 v64, v72, v68, s1
	v_perm_b32 v66, v72, v68, s5
	ds_write2_b32 v70, v64, v66 offset0:80 offset1:100
	v_or_b32_e32 v66, 0x87, v90
	v_perm_b32 v64, v73, v69, s1
	v_mul_u32_u24_e32 v66, 40, v66
	ds_write_b32 v92, v64 offset:31200
	v_perm_b32 v64, v73, v69, s5
	v_add_lshl_u32 v66, v66, v91, 1
	ds_write_b32 v66, v64 offset:20480
	v_or_b32_e32 v64, v95, v93
	v_lshlrev_b32_e32 v64, 9, v64
	v_lshl_add_u64 v[70:71], s[2:3], 0, v[64:65]
	v_lshlrev_b32_e32 v64, 2, v97
	v_lshl_add_u64 v[68:69], v[70:71], 0, v[64:65]
	v_add_co_u32_e32 v76, vcc, s4, v68
	v_or_b32_e32 v66, v94, v93
	s_nop 0
	v_addc_co_u32_e32 v77, vcc, 0, v69, vcc
	s_movk_i32 s5, 0x2000
	v_lshlrev_b32_e32 v90, 9, v66
	v_add_co_u32_e32 v78, vcc, s5, v68
	v_or_b32_e32 v66, 0x600, v90
	v_mov_b32_e32 v67, v65
	v_addc_co_u32_e32 v79, vcc, 0, v69, vcc
	s_movk_i32 s6, 0x3000
	v_lshl_add_u64 v[72:73], s[2:3], 0, v[66:67]
	v_or_b32_e32 v66, 0x1600, v90
	v_add_co_u32_e32 v88, vcc, s6, v68
	v_lshl_add_u64 v[80:81], s[2:3], 0, v[66:67]
	v_or_b32_e32 v66, 0x2600, v90
	v_addc_co_u32_e32 v89, vcc, 0, v69, vcc
	s_movk_i32 s1, 0x4000
	v_or_b32_e32 v90, 0x3600, v90
	v_mov_b32_e32 v91, v65
	v_lshl_add_u64 v[84:85], s[2:3], 0, v[66:67]
	v_add_co_u32_e32 v66, vcc, s1, v68
	v_lshl_add_u64 v[90:91], s[2:3], 0, v[90:91]
	s_waitcnt lgkmcnt(0)
	s_barrier
	v_lshl_add_u64 v[74:75], v[72:73], 0, v[64:65]
	v_lshl_add_u64 v[82:83], v[80:81], 0, v[64:65]
	v_lshl_add_u64 v[86:87], v[84:85], 0, v[64:65]
	v_addc_co_u32_e32 v67, vcc, 0, v69, vcc
	v_lshl_add_u64 v[92:93], v[90:91], 0, v[64:65]
	global_load_dword v94, v[78:79], off offset:-4096
	global_load_dword v96, v[78:79], off
	global_load_dword v97, v[78:79], off offset:512
	global_load_dword v98, v[78:79], off offset:1024
	global_load_dword v100, v[66:67], off offset:-4096
	global_load_dword v101, v[88:89], off offset:512
	global_load_dword v102, v[88:89], off offset:1024
	global_load_dword v103, v[92:93], off
	global_load_dword v104, v[68:69], off offset:1024
	global_load_dword v105, v[74:75], off
	global_load_dword v95, v[76:77], off offset:512
	global_load_dword v106, v[76:77], off offset:1024
	global_load_dword v99, v[86:87], off
	global_load_dword v107, v[82:83], off
	global_load_dword v108, v[68:69], off
	global_load_dword v109, v[68:69], off offset:512
	v_lshlrev_b32_e32 v64, 2, v110
	s_movk_i32 s2, 0x6000
	s_movk_i32 s3, 0x7000
	s_waitcnt vmcnt(13)
	v_pk_add_f32 v[56:57], v[56:57], v[96:97]
	s_waitcnt vmcnt(10)
	v_pk_add_f32 v[60:61], v[60:61], v[100:101]
	s_waitcnt vmcnt(8)
	v_pk_add_f32 v[62:63], v[62:63], v[102:103]
	s_waitcnt vmcnt(6)
	v_pk_add_f32 v[50:51], v[50:51], v[104:105]
	s_waitcnt vmcnt(5)
	v_pk_add_f32 v[52:53], v[52:53], v[94:95]
	s_waitcnt vmcnt(3)
	v_pk_add_f32 v[58:59], v[58:59], v[98:99]
	s_waitcnt vmcnt(2)
	v_pk_add_f32 v[54:55], v[54:55], v[106:107]
	s_waitcnt vmcnt(0)
	v_pk_add_f32 v[48:49], v[48:49], v[108:109]
	global_store_dword v[68:69], v48, off
	global_store_dword v[68:69], v49, off offset:512
	global_store_dword v[68:69], v50, off offset:1024
	global_store_dword v[74:75], v51, off
	global_store_dword v[78:79], v52, off offset:-4096
	global_store_dword v[76:77], v53, off offset:512
	global_store_dword v[76:77], v54, off offset:1024
	global_store_dword v[82:83], v55, off
	global_store_dword v[78:79], v56, off
	global_store_dword v[78:79], v57, off offset:512
	global_store_dword v[78:79], v58, off offset:1024
	global_store_dword v[86:87], v59, off
	global_store_dword v[66:67], v60, off offset:-4096
	global_store_dword v[88:89], v61, off offset:512
	global_store_dword v[88:89], v62, off offset:1024
	global_store_dword v[92:93], v63, off
	v_lshl_add_u64 v[50:51], v[70:71], 0, v[64:65]
	v_add_co_u32_e32 v54, vcc, s4, v50
	v_lshl_add_u64 v[52:53], v[72:73], 0, v[64:65]
	s_nop 0
	v_addc_co_u32_e32 v55, vcc, 0, v51, vcc
	v_add_co_u32_e32 v56, vcc, s5, v50
	v_lshl_add_u64 v[58:59], v[80:81], 0, v[64:65]
	s_nop 0
	v_addc_co_u32_e32 v57, vcc, 0, v51, vcc
	v_add_co_u32_e32 v62, vcc, s6, v50
	v_lshl_add_u64 v[60:61], v[84:85], 0, v[64:65]
	s_nop 0
	v_addc_co_u32_e32 v63, vcc, 0, v51, vcc
	v_add_co_u32_e32 v48, vcc, s1, v50
	v_lshl_add_u64 v[64:65], v[90:91], 0, v[64:65]
	s_nop 0
	v_addc_co_u32_e32 v49, vcc, 0, v51, vcc
	global_load_dword v70, v[56:57], off offset:-4096
	global_load_dword v72, v[56:57], off
	global_load_dword v73, v[56:57], off offset:512
	global_load_dword v76, v[56:57], off offset:1024
	global_load_dword v78, v[48:49], off offset:-4096
	global_load_dword v79, v[62:63], off offset:512
	global_load_dword v80, v[62:63], off offset:1024
	global_load_dword v81, v[64:65], off
	global_load_dword v84, v[50:51], off offset:1024
	global_load_dword v85, v[52:53], off
	global_load_dword v71, v[54:55], off offset:512
	global_load_dword v88, v[54:55], off offset:1024
	global_load_dword v77, v[60:61], off
	global_load_dword v89, v[58:59], off
	global_load_dword v90, v[50:51], off
	global_load_dword v91, v[50:51], off offset:512
	s_waitcnt vmcnt(13)
	v_pk_add_f32 v[40:41], v[40:41], v[72:73]
	s_waitcnt vmcnt(10)
	v_pk_add_f32 v[44:45], v[44:45], v[78:79]
	s_waitcnt vmcnt(8)
	v_pk_add_f32 v[46:47], v[46:47], v[80:81]
	s_waitcnt vmcnt(6)
	v_pk_add_f32 v[34:35], v[34:35], v[84:85]
	s_waitcnt vmcnt(5)
	v_pk_add_f32 v[36:37], v[36:37], v[70:71]
	s_waitcnt vmcnt(3)
	v_pk_add_f32 v[42:43], v[42:43], v[76:77]
	s_waitcnt vmcnt(2)
	v_pk_add_f32 v[38:39], v[38:39], v[88:89]
	s_waitcnt vmcnt(0)
	v_pk_add_f32 v[32:33], v[32:33], v[90:91]
	global_store_dword v[50:51], v32, off
	global_store_dword v[50:51], v33, off offset:512
	global_store_dword v[50:51], v34, off offset:1024
	global_store_dword v[52:53], v35, off
	global_store_dword v[56:57], v36, off offset:-4096
	global_store_dword v[54:55], v37, off offset:512
	global_store_dword v[54:55], v38, off offset:1024
	global_store_dword v[58:59], v39, off
	global_store_dword v[56:57], v40, off
	global_store_dword v[56:57], v41, off offset:512
	global_store_dword v[56:57], v42, off offset:1024
	global_store_dword v[60:61], v43, off
	global_store_dword v[48:49], v44, off offset:-4096
	global_store_dword v[62:63], v45, off offset:512
	global_store_dword v[62:63], v46, off offset:1024
	global_store_dword v[64:65], v47, off
	v_add_co_u32_e32 v32, vcc, s1, v74
	s_nop 1
	v_addc_co_u32_e32 v33, vcc, 0, v75, vcc
	v_add_co_u32_e32 v34, vcc, s0, v68
	s_nop 1
	v_addc_co_u32_e32 v35, vcc, 0, v69, vcc
	v_add_co_u32_e32 v36, vcc, s2, v68
	s_nop 1
	v_addc_co_u32_e32 v37, vcc, 0, v69, vcc
	v_add_co_u32_e32 v38, vcc, s1, v82
	s_nop 1
	v_addc_co_u32_e32 v39, vcc, 0, v83, vcc
	v_add_co_u32_e32 v40, vcc, s1, v86
	s_nop 1
	v_addc_co_u32_e32 v41, vcc, 0, v87, vcc
	v_add_co_u32_e32 v42, vcc, s3, v68
	s_nop 1
	v_addc_co_u32_e32 v43, vcc, 0, v69, vcc
	v_add_co_u32_e32 v44, vcc, s1, v92
	s_nop 1
	v_addc_co_u32_e32 v45, vcc, 0, v93, vcc
	global_load_dword v47, v[66:67], off offset:512
	global_load_dword v54, v[66:67], off offset:1024
	global_load_dword v56, v[36:37], off offset:-4096
	global_load_dword v62, v[36:37], off
	global_load_dword v63, v[36:37], off offset:512
	global_load_dword v68, v[36:37], off offset:1024
	global_load_dword v71, v[44:45], off
	global_load_dword v72, v[42:43], off
	global_load_dword v73, v[42:43], off offset:512
	global_load_dword v69, v[40:41], off
	global_load_dword v57, v[34:35], off offset:512
	global_load_dword v70, v[42:43], off offset:1024
	global_load_dword v74, v[34:35], off offset:1024
	global_load_dword v75, v[38:39], off
	global_load_dword v55, v[32:33], off
	global_load_dword v46, v[66:67], off
	v_add_co_u32_e32 v52, vcc, s1, v52
	s_waitcnt vmcnt(11)
	v_pk_add_f32 v[24:25], v[24:25], v[62:63]
	v_addc_co_u32_e32 v53, vcc, 0, v53, vcc
	v_add_co_u32_e32 v76, vcc, s0, v50
	s_waitcnt vmcnt(7)
	v_pk_add_f32 v[28:29], v[28:29], v[72:73]
	v_addc_co_u32_e32 v77, vcc, 0, v51, vcc
	v_add_co_u32_e32 v78, vcc, s2, v50
	s_waitcnt vmcnt(5)
	v_pk_add_f32 v[20:21], v[20:21], v[56:57]
	v_addc_co_u32_e32 v79, vcc, 0, v51, vcc
	s_waitcnt vmcnt(0)
	v_pk_add_f32 v[16:17], v[16:17], v[46:47]
	v_pk_add_f32 v[30:31], v[30:31], v[70:71]
	v_pk_add_f32 v[26:27], v[26:27], v[68:69]
	v_pk_add_f32 v[22:23], v[22:23], v[74:75]
	v_pk_add_f32 v[18:19], v[18:19], v[54:55]
	global_store_dword v[66:67], v16, off
	global_store_dword v[66:67], v17, off offset:512
	global_store_dword v[66:67], v18, off offset:1024
	global_store_dword v[32:33], v19, off
	global_store_dword v[36:37], v20, off offset:-4096
	global_store_dword v[34:35], v21, off offset:512
	global_store_dword v[34:35], v22, off offset:1024
	global_store_dword v[38:39], v23, off
	global_store_dword v[36:37], v24, off
	global_store_dword v[36:37], v25, off offset:512
	global_store_dword v[36:37], v26, off offset:1024
	global_store_dword v[40:41], v27, off
	global_store_dword v[42:43], v28, off
	global_store_dword v[42:43], v29, off offset:512
	global_store_dword v[42:43], v30, off offset:1024
	global_store_dword v[44:45], v31, off
	v_add_co_u32_e32 v16, vcc, s1, v58
	s_nop 1
	v_addc_co_u32_e32 v17, vcc, 0, v59, vcc
	v_add_co_u32_e32 v18, vcc, s1, v60
	s_nop 1
	v_addc_co_u32_e32 v19, vcc, 0, v61, vcc
	v_add_co_u32_e32 v20, vcc, s3, v50
	s_nop 1
	v_addc_co_u32_e32 v21, vcc, 0, v51, vcc
	v_add_co_u32_e32 v22, vcc, s1, v64
	s_nop 1
	v_addc_co_u32_e32 v23, vcc, 0, v65, vcc
	global_load_dword v25, v[48:49], off offset:512
	global_load_dword v26, v[48:49], off offset:1024
	global_load_dword v28, v[78:79], off offset:-4096
	global_load_dword v30, v[78:79], off
	global_load_dword v31, v[78:79], off offset:512
	global_load_dword v32, v[78:79], off offset:1024
	global_load_dword v35, v[22:23], off
	global_load_dword v36, v[20:21], off
	global_load_dword v37, v[20:21], off offset:512
	global_load_dword v33, v[18:19], off
	global_load_dword v29, v[76:77], off offset:512
	global_load_dword v34, v[20:21], off offset:1024
	global_load_dword v38, v[76:77], off offset:1024
	global_load_dword v39, v[16:17], off
	global_load_dword v27, v[52:53], off
	global_load_dword v24, v[48:49], off
	s_waitcnt vmcnt(11)
	v_pk_add_f32 v[8:9], v[8:9], v[30:31]
	s_waitcnt vmcnt(7)
	v_pk_add_f32 v[12:13], v[12:13], v[36:37]
	s_waitcnt vmcnt(6)
	v_pk_add_f32 v[10:11], v[10:11], v[32:33]
	s_waitcnt vmcnt(5)
	v_pk_add_f32 v[4:5], v[4:5], v[28:29]
	s_waitcnt vmcnt(4)
	v_pk_add_f32 v[14:15], v[14:15], v[34:35]
	s_waitcnt vmcnt(2)
	v_pk_add_f32 v[6:7], v[6:7], v[38:39]
	s_waitcnt vmcnt(1)
	v_pk_add_f32 v[2:3], v[2:3], v[26:27]
	s_waitcnt vmcnt(0)
	v_pk_add_f32 v[0:1], v[0:1], v[24:25]
	global_store_dword v[48:49], v0, off
	global_store_dword v[48:49], v1, off offset:512
	global_store_dword v[48:49], v2, off offset:1024
	global_store_dword v[52:53], v3, off
	global_store_dword v[78:79], v4, off offset:-4096
	global_store_dword v[76:77], v5, off offset:512
	global_store_dword v[76:77], v6, off offset:1024
	global_store_dword v[16:17], v7, off
	global_store_dword v[78:79], v8, off
	global_store_dword v[78:79], v9, off offset:512
	global_store_dword v[78:79], v10, off offset:1024
	global_store_dword v[18:19], v11, off
	global_store_dword v[20:21], v12, off
	global_store_dword v[20:21], v13, off offset:512
	global_store_dword v[20:21], v14, off offset:1024
	global_store_dword v[22:23], v15, off
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
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 257
		.amdhsa_next_free_sgpr 96
		.amdhsa_accum_offset 112
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

	.set matmul_kernel.num_vgpr, 111
	.set matmul_kernel.num_agpr, 0
	.set matmul_kernel.numbered_sgpr, 8
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
    .sgpr_count:     14
    .sgpr_spill_count: 0
    .symbol:         matmul_kernel.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     111
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
