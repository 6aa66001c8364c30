	.amdgcn_target "amdgcn-amd-amdhsa--gfx908"
	.amdhsa_code_object_version 6
	.text
	.globl	matmul_kernel
	.p2align	8
	.type	matmul_kernel,@function
matmul_kernel:
	s_load_dwordx2 s[0:1], s[4:5], 0x8
	s_load_dwordx2 s[2:3], s[4:5], 0x40
	s_lshl_b32 s6, s6, 7
	v_lshrrev_b32_e32 v5, 2, v0
	v_lshlrev_b32_e32 v1, 3, v0
	v_and_b32_e32 v6, 24, v1
	v_or_b32_e32 v1, s6, v5
	v_lshlrev_b32_e32 v1, 9, v1
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v2, s1
	v_add_co_u32_e32 v1, vcc, s0, v1
	v_addc_co_u32_e32 v2, vcc, 0, v2, vcc
	v_lshlrev_b32_e32 v3, 1, v6
	v_add_co_u32_e32 v1, vcc, v1, v3
	v_addc_co_u32_e32 v2, vcc, 0, v2, vcc
	s_mov_b32 s8, 0x8000
	v_lshlrev_b32_e32 v7, 1, v0
	v_lshrrev_b32_e32 v12, 1, v0
	v_add_co_u32_e32 v3, vcc, s8, v1
	v_and_b32_e32 v7, 30, v7
	s_lshl_b32 s7, s7, 7
	v_addc_co_u32_e32 v4, vcc, 0, v2, vcc
	v_and_b32_e32 v8, 0x78, v12
	v_lshlrev_b32_e32 v10, 9, v7
	v_or_b32_e32 v9, s7, v8
	v_mov_b32_e32 v15, s3
	v_add_co_u32_e32 v10, vcc, s2, v10
	v_addc_co_u32_e32 v11, vcc, 0, v15, vcc
	v_lshlrev_b32_e32 v14, 1, v9
	v_add_co_u32_e32 v9, vcc, v10, v14
	v_addc_co_u32_e32 v10, vcc, 0, v11, vcc
	global_load_dwordx4 v[17:20], v[1:2], off
	global_load_dwordx4 v[21:24], v[9:10], off
	global_load_dwordx4 v[25:28], v[9:10], off offset:512
	global_load_dwordx4 v[29:32], v[3:4], off
	v_mul_u32_u24_e32 v35, 40, v8
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
	s_movk_i32 s0, 0xffe0
	v_mov_b32_e32 v3, 0xe0
	v_and_b32_e32 v16, 63, v0
	v_and_b32_e32 v10, 64, v0
	v_and_b32_e32 v9, 31, v0
	v_bfe_u32 v0, v0, 3, 3
	v_mul_u32_u24_e32 v33, 40, v5
	v_or_b32_e32 v34, 7, v12
	v_or_b32_e32 v35, v35, v7
	v_add_co_u32_e32 v14, vcc, s2, v14
	s_mov_b32 s9, 0x5040100
	s_mov_b32 s10, 0x7060302
	s_mov_b32 s1, -1
	v_mov_b32_e32 v4, 0
	v_and_b32_e32 v11, 64, v12
	v_and_b32_e32 v12, 4, v0
	v_or_b32_e32 v13, 32, v16
	v_add_lshl_u32 v33, v33, v6, 1
	v_mul_u32_u24_e32 v34, 40, v34
	v_lshlrev_b32_e32 v35, 1, v35
	v_addc_co_u32_e32 v15, vcc, 0, v15, vcc
	s_mov_b64 s[2:3], 0
	v_add_lshl_u32 v34, v34, v7, 1
	v_add_u32_e32 v36, 0x5000, v35
	s_waitcnt vmcnt(3)
	ds_write_b128 v33, v[17:20]
	s_waitcnt vmcnt(1)
	v_perm_b32 v17, v25, v21, s9
	v_perm_b32 v18, v25, v21, s10
	v_perm_b32 v19, v26, v22, s9
	v_perm_b32 v20, v26, v22, s10
	v_perm_b32 v21, v27, v23, s9
	v_perm_b32 v22, v27, v23, s10
	v_perm_b32 v23, v28, v24, s9
	v_perm_b32 v24, v28, v24, s10
	s_waitcnt vmcnt(0)
	ds_write_b128 v33, v[29:32] offset:5120
	ds_write2_b32 v36, v17, v18 offset1:20
	ds_write2_b32 v36, v19, v20 offset0:40 offset1:60
	ds_write2_b32 v36, v21, v22 offset0:80 offset1:100
	ds_write_b32 v35, v23 offset:20960
	ds_write_b32 v34, v24 offset:20480
	s_waitcnt lgkmcnt(0)
	s_barrier
.LBB0_1:
	s_add_u32 s12, s0, 64
	s_addc_u32 s13, s1, 0
	v_cmp_lt_u64_e32 vcc, s[12:13], v[3:4]
	s_and_b64 s[14:15], vcc, exec
	s_cselect_b32 s3, s12, 0xe0
	s_lshl_b32 s11, s3, 1
	v_add_co_u32_e32 v25, vcc, s11, v1
	v_addc_co_u32_e32 v26, vcc, 0, v2, vcc
	v_add_co_u32_e32 v27, vcc, s8, v25
	v_addc_co_u32_e32 v28, vcc, 0, v26, vcc
	global_load_dwordx4 v[17:20], v[25:26], off
	global_load_dwordx4 v[21:24], v[27:28], off
	v_or_b32_e32 v25, s3, v7
	v_lshlrev_b32_e32 v25, 9, v25
	v_add_co_u32_e32 v33, vcc, v14, v25
	v_addc_co_u32_e32 v34, vcc, 0, v15, vcc
	global_load_dwordx4 v[25:28], v[33:34], off
	global_load_dwordx4 v[29:32], v[33:34], off offset:512
	s_lshl_b32 s3, s2, 7
	v_or_b32_e32 v41, s3, v11
	v_or_b32_e32 v42, s3, v10
	v_or_b32_e32 v33, v41, v9
	v_or_b32_e32 v34, v42, v9
	v_mul_lo_u32 v33, v33, 40
	v_mul_lo_u32 v34, v34, 40
	v_or_b32_e32 v45, v41, v13
	v_or_b32_e32 v41, v42, v13
	v_mul_lo_u32 v41, v41, 40
	v_or_b32_e32 v33, v33, v12
	v_or_b32_e32 v34, v34, v12
	v_lshlrev_b32_e32 v49, 1, v33
	v_lshlrev_b32_e32 v37, 1, v34
	ds_read2_b64 v[33:36], v49 offset1:2
	v_or_b32_e32 v41, v41, v12
	v_lshlrev_b32_e32 v41, 1, v41
	v_add_u32_e32 v50, 0x5000, v37
	v_add_u32_e32 v51, 0x5000, v41
	ds_read2_b64 v[37:40], v50 offset1:2
	ds_read2_b64 v[41:44], v51 offset1:2
	s_waitcnt lgkmcnt(1)
	v_mfma_f32_32x32x8f16 a[48:63], v[33:34], v[37:38], a[48:63]
	s_xor_b32 s2, s2, 1
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8f16 a[32:47], v[33:34], v[41:42], a[32:47]
	v_mul_lo_u32 v33, v45, 40
	v_or_b32_e32 v33, v33, v12
	v_lshlrev_b32_e32 v52, 1, v33
	ds_read2_b64 v[45:48], v52 offset1:2
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8f16 a[16:31], v[45:46], v[37:38], a[16:31]
	v_mfma_f32_32x32x8f16 a[0:15], v[45:46], v[41:42], a[0:15]
	v_mfma_f32_32x32x8f16 a[48:63], v[35:36], v[39:40], a[48:63]
	v_mfma_f32_32x32x8f16 a[32:47], v[35:36], v[43:44], a[32:47]
	v_mfma_f32_32x32x8f16 a[16:31], v[47:48], v[39:40], a[16:31]
	ds_read2_b64 v[33:36], v49 offset0:4 offset1:6
	ds_read2_b64 v[37:40], v50 offset0:4 offset1:6
	v_mfma_f32_32x32x8f16 a[0:15], v[47:48], v[43:44], a[0:15]
	ds_read2_b64 v[45:48], v52 offset0:4 offset1:6
	ds_read2_b64 v[41:44], v51 offset0:4 offset1:6
	s_waitcnt lgkmcnt(2)
	v_mfma_f32_32x32x8f16 a[48:63], v[33:34], v[37:38], a[48:63]
	s_waitcnt lgkmcnt(0)
	v_mfma_f32_32x32x8f16 a[32:47], v[33:34], v[41:42], a[32:47]
	v_mfma_f32_32x32x8f16 a[16:31], v[45:46], v[37:38], a[16:31]
	v_mfma_f32_32x32x8f16 a[0:15], v[45:46], v[41:42], a[0:15]
	v_mfma_f32_32x32x8f16 a[48:63], v[35:36], v[39:40], a[48:63]
	v_mfma_f32_32x32x8f16 a[32:47], v[35:36], v[43:44], a[32:47]
	v_mfma_f32_32x32x8f16 a[16:31], v[47:48], v[39:40], a[16:31]
	v_mfma_f32_32x32x8f16 a[0:15], v[47:48], v[43:44], a[0:15]
	s_lshl_b32 s3, s2, 7
	v_or_b32_e32 v33, s3, v5
	v_mul_lo_u32 v33, v33, 40
	v_or_b32_e32 v34, s3, v8
	v_mul_lo_u32 v34, v34, 40
	s_add_u32 s0, s0, 32
	v_add_lshl_u32 v33, v33, v6, 1
	s_waitcnt vmcnt(3)
	ds_write_b128 v33, v[17:20]
	s_waitcnt vmcnt(2)
	ds_write_b128 v33, v[21:24] offset:5120
	v_or_b32_e32 v18, v34, v7
	v_lshlrev_b32_e32 v18, 1, v18
	s_waitcnt vmcnt(0)
	v_perm_b32 v17, v29, v25, s9
	v_perm_b32 v19, v29, v25, s10
	v_add_u32_e32 v18, 0x5000, v18
	s_addc_u32 s1, s1, 0
	ds_write2_b32 v18, v17, v19 offset1:20
	v_perm_b32 v17, v30, v26, s9
	v_perm_b32 v19, v30, v26, s10
	v_cmp_lt_u64_e32 vcc, s[0:1], v[3:4]
	ds_write2_b32 v18, v17, v19 offset0:40 offset1:60
	v_perm_b32 v17, v31, v27, s9
	v_perm_b32 v19, v31, v27, s10
	ds_write2_b32 v18, v17, v19 offset0:80 offset1:100
	v_perm_b32 v17, v32, v28, s9
	v_perm_b32 v19, v32, v28, s10
	ds_write2_b32 v18, v17, v19 offset0:120 offset1:140
	s_waitcnt lgkmcnt(0)
	s_barrier
	s_cbranch_vccnz .LBB0_1
	s_load_dwordx2 s[0:1], s[4:5], 0x78
	v_or_b32_e32 v1, s6, v11
	v_or_b32_e32 v2, v12, v1
	v_or_b32_e32 v33, s7, v10
	v_lshlrev_b32_e32 v2, 10, v2
	v_or_b32_e32 v3, v9, v33
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v4, s1
	v_add_co_u32_e32 v34, vcc, s0, v2
	v_addc_co_u32_e32 v35, vcc, 0, v4, vcc
	v_lshlrev_b32_e32 v2, 2, v3
	v_or_b32_e32 v0, v0, v1
	v_add_co_u32_e32 v17, vcc, v34, v2
	v_lshlrev_b32_e32 v0, 10, v0
	v_addc_co_u32_e32 v18, vcc, 0, v35, vcc
	v_or_b32_e32 v1, 0xc00, v0
	v_add_co_u32_e32 v36, vcc, s0, v1
	v_addc_co_u32_e32 v37, vcc, 0, v4, vcc
	v_add_co_u32_e32 v19, vcc, v36, v2
	v_addc_co_u32_e32 v20, vcc, 0, v37, vcc
	s_movk_i32 s1, 0x2000
	v_add_co_u32_e32 v21, vcc, s1, v17
	v_addc_co_u32_e32 v22, vcc, 0, v18, vcc
	v_or_b32_e32 v1, 0x2c00, v0
	v_add_co_u32_e32 v41, vcc, s0, v1
	v_addc_co_u32_e32 v42, vcc, 0, v4, vcc
	s_movk_i32 s2, 0x4000
	v_add_co_u32_e32 v23, vcc, s2, v17
	v_addc_co_u32_e32 v24, vcc, 0, v18, vcc
	v_or_b32_e32 v1, 0x4c00, v0
	v_add_co_u32_e32 v43, vcc, s0, v1
	v_addc_co_u32_e32 v44, vcc, 0, v4, vcc
	v_add_co_u32_e32 v25, vcc, v43, v2
	v_addc_co_u32_e32 v26, vcc, 0, v44, vcc
	s_movk_i32 s3, 0x6000
	v_add_co_u32_e32 v27, vcc, s3, v17
	v_addc_co_u32_e32 v28, vcc, 0, v18, vcc
	v_or_b32_e32 v0, 0x6c00, v0
	v_add_co_u32_e32 v45, vcc, s0, v0
	v_addc_co_u32_e32 v46, vcc, 0, v4, vcc
	v_add_co_u32_e32 v29, vcc, v45, v2
	v_addc_co_u32_e32 v30, vcc, 0, v46, vcc
	v_add_co_u32_e32 v31, vcc, v41, v2
	v_addc_co_u32_e32 v32, vcc, 0, v42, vcc
	global_load_dword v55, v[31:32], off
	global_load_dword v56, v[19:20], off
	global_load_dword v57, v[17:18], off offset:2048
	global_load_dword v58, v[17:18], off offset:1024
	global_load_dword v59, v[17:18], off
	global_load_dword v38, v[21:22], off
	global_load_dword v39, v[21:22], off offset:1024
	global_load_dword v40, v[21:22], off offset:2048
	global_load_dword v47, v[27:28], off
	global_load_dword v48, v[27:28], off offset:2048
	global_load_dword v49, v[27:28], off offset:1024
	global_load_dword v50, v[23:24], off
	global_load_dword v51, v[23:24], off offset:2048
	global_load_dword v52, v[23:24], off offset:1024
	global_load_dword v53, v[25:26], off
	global_load_dword v54, v[29:30], off
	v_accvgpr_read_b32 v0, a48
	v_accvgpr_read_b32 v1, a49
	v_accvgpr_read_b32 v2, a50
	v_accvgpr_read_b32 v3, a51
	v_accvgpr_read_b32 v4, a52
	v_accvgpr_read_b32 v5, a53
	v_accvgpr_read_b32 v6, a54
	v_accvgpr_read_b32 v7, a55
	v_accvgpr_read_b32 v8, a56
	v_accvgpr_read_b32 v9, a57
	v_accvgpr_read_b32 v10, a58
	v_accvgpr_read_b32 v11, a59
	v_accvgpr_read_b32 v12, a60
	v_accvgpr_read_b32 v13, a61
	v_accvgpr_read_b32 v14, a62
	v_accvgpr_read_b32 v15, a63
	s_mov_b32 s0, 0x8000
	s_waitcnt vmcnt(7)
	v_add_f32_e32 v12, v12, v47
	s_waitcnt vmcnt(6)
	v_add_f32_e32 v14, v14, v48
	s_waitcnt vmcnt(5)
	v_add_f32_e32 v13, v13, v49
	s_waitcnt vmcnt(4)
	v_add_f32_e32 v8, v8, v50
	v_add_f32_e32 v1, v1, v58
	v_add_f32_e32 v0, v0, v59
	s_waitcnt vmcnt(3)
	v_add_f32_e32 v10, v10, v51
	s_waitcnt vmcnt(2)
	v_add_f32_e32 v9, v9, v52
	v_add_f32_e32 v6, v6, v40
	v_add_f32_e32 v5, v5, v39
	v_add_f32_e32 v4, v4, v38
	s_waitcnt vmcnt(0)
	v_add_f32_e32 v15, v15, v54
	v_add_f32_e32 v11, v11, v53
	v_add_f32_e32 v7, v7, v55
	v_add_f32_e32 v3, v3, v56
	v_add_f32_e32 v2, v2, v57
	global_store_dword v[17:18], v0, off
	global_store_dword v[17:18], v1, off offset:1024
	global_store_dword v[17:18], v2, off offset:2048
	global_store_dword v[19:20], v3, off
	global_store_dword v[21:22], v4, off
	global_store_dword v[21:22], v5, off offset:1024
	global_store_dword v[21:22], v6, off offset:2048
	global_store_dword v[31:32], v7, off
	global_store_dword v[23:24], v8, off
	global_store_dword v[23:24], v9, off offset:1024
	global_store_dword v[23:24], v10, off offset:2048
	global_store_dword v[25:26], v11, off
	global_store_dword v[27:28], v12, off
	global_store_dword v[27:28], v13, off offset:1024
	global_store_dword v[27:28], v14, off offset:2048
	global_store_dword v[29:30], v15, off
	v_or_b32_e32 v0, v33, v16
	v_mov_b32_e32 v1, 0x80
	v_lshl_or_b32 v0, v0, 2, v1
	v_add_co_u32_e32 v21, vcc, v34, v0
	v_addc_co_u32_e32 v22, vcc, 0, v35, vcc
	v_add_co_u32_e32 v23, vcc, v36, v0
	v_addc_co_u32_e32 v24, vcc, 0, v37, vcc
	v_add_co_u32_e32 v27, vcc, s1, v21
	v_addc_co_u32_e32 v28, vcc, 0, v22, vcc
	v_add_co_u32_e32 v33, vcc, s2, v21
	v_addc_co_u32_e32 v34, vcc, 0, v22, vcc
	v_add_co_u32_e32 v35, vcc, v43, v0
	v_addc_co_u32_e32 v36, vcc, 0, v44, vcc
	v_add_co_u32_e32 v37, vcc, s3, v21
	v_addc_co_u32_e32 v38, vcc, 0, v22, vcc
	v_add_co_u32_e32 v39, vcc, v45, v0
	v_addc_co_u32_e32 v40, vcc, 0, v46, vcc
	v_add_co_u32_e32 v41, vcc, v41, v0
	v_addc_co_u32_e32 v42, vcc, 0, v42, vcc
	global_load_dword v53, v[41:42], off
	global_load_dword v54, v[23:24], off
	global_load_dword v55, v[21:22], off offset:2048
	global_load_dword v56, v[21:22], off offset:1024
	global_load_dword v57, v[21:22], off
	global_load_dword v16, v[27:28], off
	global_load_dword v47, v[27:28], off offset:1024
	global_load_dword v48, v[27:28], off offset:2048
	global_load_dword v43, v[37:38], off
	global_load_dword v44, v[37:38], off offset:2048
	global_load_dword v45, v[37:38], off offset:1024
	global_load_dword v46, v[33:34], off
	global_load_dword v49, v[33:34], off offset:2048
	global_load_dword v50, v[33:34], off offset:1024
	global_load_dword v51, v[35:36], off
	global_load_dword v52, v[39:40], off
	v_accvgpr_read_b32 v0, a32
	v_accvgpr_read_b32 v1, a33
	v_accvgpr_read_b32 v2, a34
	v_accvgpr_read_b32 v3, a35
	v_accvgpr_read_b32 v4, a36
	v_accvgpr_read_b32 v5, a37
	v_accvgpr_read_b32 v6, a38
	v_accvgpr_read_b32 v7, a39
	v_accvgpr_read_b32 v8, a40
	v_accvgpr_read_b32 v9, a41
	v_accvgpr_read_b32 v10, a42
	v_accvgpr_read_b32 v11, a43
	v_accvgpr_read_b32 v12, a44
	v_accvgpr_read_b32 v13, a45
	v_accvgpr_read_b32 v14, a46
	v_accvgpr_read_b32 v15, a47
	s_mov_b32 s2, 0xc000
	s_mov_b32 s3, 0xe000
	s_mov_b32 s1, 0xa000
	s_waitcnt vmcnt(7)
	v_add_f32_e32 v12, v12, v43
	s_waitcnt vmcnt(6)
	v_add_f32_e32 v14, v14, v44
	s_waitcnt vmcnt(5)
	v_add_f32_e32 v13, v13, v45
	s_waitcnt vmcnt(4)
	v_add_f32_e32 v8, v8, v46
	s_waitcnt vmcnt(3)
	v_add_f32_e32 v10, v10, v49
	v_add_f32_e32 v0, v0, v57
	s_waitcnt vmcnt(2)
	v_add_f32_e32 v9, v9, v50
	v_add_f32_e32 v6, v6, v48
	v_add_f32_e32 v5, v5, v47
	v_add_f32_e32 v4, v4, v16
	s_waitcnt vmcnt(0)
	v_add_f32_e32 v15, v15, v52
	v_add_f32_e32 v11, v11, v51
	v_add_f32_e32 v7, v7, v53
	v_add_f32_e32 v3, v3, v54
	v_add_f32_e32 v2, v2, v55
	v_add_f32_e32 v1, v1, v56
	global_store_dword v[21:22], v0, off
	global_store_dword v[21:22], v1, off offset:1024
	global_store_dword v[21:22], v2, off offset:2048
	global_store_dword v[23:24], v3, off
	global_store_dword v[27:28], v4, off
	global_store_dword v[27:28], v5, off offset:1024
	global_store_dword v[27:28], v6, off offset:2048
	global_store_dword v[41:42], v7, off
	global_store_dword v[33:34], v8, off
	global_store_dword v[33:34], v9, off offset:1024
	global_store_dword v[33:34], v10, off offset:2048
	global_store_dword v[35:36], v11, off
	global_store_dword v[37:38], v12, off
	global_store_dword v[37:38], v13, off offset:1024
	global_store_dword v[37:38], v14, off offset:2048
	global_store_dword v[39:40], v15, off
	v_add_co_u32_e32 v27, vcc, s0, v17
	v_addc_co_u32_e32 v28, vcc, 0, v18, vcc
	v_add_co_u32_e32 v19, vcc, s0, v19
	v_addc_co_u32_e32 v20, vcc, 0, v20, vcc
	v_add_co_u32_e32 v33, vcc, s2, v17
	v_addc_co_u32_e32 v34, vcc, 0, v18, vcc
	v_add_co_u32_e32 v25, vcc, s0, v25
	v_addc_co_u32_e32 v26, vcc, 0, v26, vcc
	v_add_co_u32_e32 v37, vcc, s3, v17
	v_addc_co_u32_e32 v38, vcc, 0, v18, vcc
	v_add_co_u32_e32 v29, vcc, s0, v29
	v_addc_co_u32_e32 v30, vcc, 0, v30, vcc
	v_add_co_u32_e32 v16, vcc, s1, v17
	v_addc_co_u32_e32 v17, vcc, 0, v18, vcc
	v_add_co_u32_e32 v31, vcc, s0, v31
	v_addc_co_u32_e32 v32, vcc, 0, v32, vcc
	global_load_dword v18, v[31:32], off
	global_load_dword v51, v[16:17], off offset:2048
	global_load_dword v52, v[16:17], off offset:1024
	global_load_dword v53, v[16:17], off
	global_load_dword v54, v[19:20], off
	global_load_dword v55, v[27:28], off offset:2048
	global_load_dword v56, v[27:28], off offset:1024
	global_load_dword v57, v[27:28], off
	global_load_dword v43, v[33:34], off
	global_load_dword v44, v[33:34], off offset:1024
	global_load_dword v45, v[33:34], off offset:2048
	global_load_dword v46, v[25:26], off
	global_load_dword v47, v[37:38], off
	global_load_dword v48, v[37:38], off offset:1024
	global_load_dword v49, v[37:38], off offset:2048
	global_load_dword v50, v[29:30], off
	v_accvgpr_read_b32 v0, a16
	v_accvgpr_read_b32 v1, a17
	v_accvgpr_read_b32 v2, a18
	v_accvgpr_read_b32 v3, a19
	v_accvgpr_read_b32 v4, a20
	v_accvgpr_read_b32 v5, a21
	v_accvgpr_read_b32 v6, a22
	v_accvgpr_read_b32 v7, a23
	v_accvgpr_read_b32 v8, a24
	v_accvgpr_read_b32 v9, a25
	v_accvgpr_read_b32 v10, a26
	v_accvgpr_read_b32 v11, a27
	v_accvgpr_read_b32 v12, a28
	v_accvgpr_read_b32 v13, a29
	v_accvgpr_read_b32 v14, a30
	v_accvgpr_read_b32 v15, a31
	s_waitcnt vmcnt(15)
	v_add_f32_e32 v7, v7, v18
	s_waitcnt vmcnt(7)
	v_add_f32_e32 v8, v8, v43
	s_waitcnt vmcnt(6)
	v_add_f32_e32 v9, v9, v44
	s_waitcnt vmcnt(5)
	v_add_f32_e32 v10, v10, v45
	s_waitcnt vmcnt(4)
	v_add_f32_e32 v11, v11, v46
	s_waitcnt vmcnt(3)
	v_add_f32_e32 v12, v12, v47
	s_waitcnt vmcnt(2)
	v_add_f32_e32 v13, v13, v48
	v_add_f32_e32 v0, v0, v57
	s_waitcnt vmcnt(0)
	v_add_f32_e32 v15, v15, v50
	v_add_f32_e32 v14, v14, v49
	v_add_f32_e32 v6, v6, v51
	v_add_f32_e32 v5, v5, v52
	v_add_f32_e32 v4, v4, v53
	v_add_f32_e32 v3, v3, v54
	v_add_f32_e32 v2, v2, v55
	v_add_f32_e32 v1, v1, v56
	global_store_dword v[27:28], v0, off
	global_store_dword v[27:28], v1, off offset:1024
	global_store_dword v[27:28], v2, off offset:2048
	global_store_dword v[19:20], v3, off
	global_store_dword v[16:17], v4, off
	global_store_dword v[16:17], v5, off offset:1024
	global_store_dword v[16:17], v6, off offset:2048
	global_store_dword v[31:32], v7, off
	global_store_dword v[33:34], v8, off
	global_store_dword v[33:34], v9, off offset:1024
	global_store_dword v[33:34], v10, off offset:2048
	global_store_dword v[25:26], v11, off
	global_store_dword v[37:38], v12, off
	global_store_dword v[37:38], v13, off offset:1024
	global_store_dword v[37:38], v14, off offset:2048
	global_store_dword v[29:30], v15, off
	v_add_co_u32_e32 v16, vcc, s0, v21
	v_addc_co_u32_e32 v17, vcc, 0, v22, vcc
	v_add_co_u32_e32 v18, vcc, s0, v23
	v_addc_co_u32_e32 v19, vcc, 0, v24, vcc
	v_add_co_u32_e32 v23, vcc, s2, v21
	v_addc_co_u32_e32 v24, vcc, 0, v22, vcc
	v_add_co_u32_e32 v25, vcc, s0, v35
	v_addc_co_u32_e32 v26, vcc, 0, v36, vcc
	v_add_co_u32_e32 v27, vcc, s3, v21
	v_addc_co_u32_e32 v28, vcc, 0, v22, vcc
	v_add_co_u32_e32 v29, vcc, s0, v39
	v_addc_co_u32_e32 v30, vcc, 0, v40, vcc
	v_add_co_u32_e32 v20, vcc, s1, v21
	v_addc_co_u32_e32 v21, vcc, 0, v22, vcc
	v_add_co_u32_e32 v31, vcc, s0, v41
	v_addc_co_u32_e32 v32, vcc, 0, v42, vcc
	global_load_dword v22, v[31:32], off
	global_load_dword v41, v[20:21], off offset:2048
	global_load_dword v42, v[20:21], off offset:1024
	global_load_dword v43, v[20:21], off
	global_load_dword v44, v[18:19], off
	global_load_dword v45, v[16:17], off offset:2048
	global_load_dword v46, v[16:17], off offset:1024
	global_load_dword v47, v[16:17], off
	global_load_dword v33, v[23:24], off
	global_load_dword v34, v[23:24], off offset:1024
	global_load_dword v35, v[23:24], off offset:2048
	global_load_dword v36, v[25:26], off
	global_load_dword v37, v[27:28], off
	global_load_dword v38, v[27:28], off offset:1024
	global_load_dword v39, v[27:28], off offset:2048
	global_load_dword v40, v[29:30], off
	v_accvgpr_read_b32 v0, a0
	v_accvgpr_read_b32 v1, a1
	v_accvgpr_read_b32 v2, a2
	v_accvgpr_read_b32 v3, a3
	v_accvgpr_read_b32 v4, a4
	v_accvgpr_read_b32 v5, a5
	v_accvgpr_read_b32 v6, a6
	v_accvgpr_read_b32 v7, a7
	v_accvgpr_read_b32 v8, a8
	v_accvgpr_read_b32 v9, a9
	v_accvgpr_read_b32 v10, a10
	v_accvgpr_read_b32 v11, a11
	v_accvgpr_read_b32 v12, a12
	v_accvgpr_read_b32 v13, a13
	v_accvgpr_read_b32 v14, a14
	v_accvgpr_read_b32 v15, a15
	s_waitcnt vmcnt(15)
	v_add_f32_e32 v7, v7, v22
	s_waitcnt vmcnt(7)
	v_add_f32_e32 v8, v8, v33
	s_waitcnt vmcnt(6)
	v_add_f32_e32 v9, v9, v34
	s_waitcnt vmcnt(5)
	v_add_f32_e32 v10, v10, v35
	s_waitcnt vmcnt(4)
	v_add_f32_e32 v11, v11, v36
	s_waitcnt vmcnt(3)
	v_add_f32_e32 v12, v12, v37
	s_waitcnt vmcnt(2)
	v_add_f32_e32 v13, v13, v38
	v_add_f32_e32 v0, v0, v47
	s_waitcnt vmcnt(0)
	v_add_f32_e32 v15, v15, v40
	v_add_f32_e32 v14, v14, v39
	v_add_f32_e32 v6, v6, v41
	v_add_f32_e32 v5, v5, v42
	v_add_f32_e32 v4, v4, v43
	v_add_f32_e32 v3, v3, v44
	v_add_f32_e32 v2, v2, v45
	v_add_f32_e32 v1, v1, v46
	global_store_dword v[16:17], v0, off
	global_store_dword v[16:17], v1, off offset:1024
	global_store_dword v[16:17], v2, off offset:2048
	global_store_dword v[18:19], v3, off
	global_store_dword v[20:21], v4, off
	global_store_dword v[20:21], v5, off offset:1024
	global_store_dword v[20:21], v6, off offset:2048
	global_store_dword v[31:32], v7, off
	global_store_dword v[23:24], v8, off
	global_store_dword v[23:24], v9, off offset:1024
	global_store_dword v[23:24], v10, off offset:2048
	global_store_dword v[25:26], v11, off
	global_store_dword v[27:28], v12, off
	global_store_dword v[27:28], v13, off offset:1024
	global_store_dword v[27:28], v14, off offset:2048
	global_store_dword v[29:30], v15, off
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel matmul_kernel
		.amdhsa_group_segment_fixed_size 40960
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 168
		.amdhsa_user_sgpr_count 6
		.amdhsa_user_sgpr_private_segment_buffer 1
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_flat_scratch_init 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_system_sgpr_private_segment_wavefront_offset 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 129
		.amdhsa_next_free_sgpr 98
		.amdhsa_reserve_vcc 1
		.amdhsa_reserve_flat_scratch 0
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
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

	.set matmul_kernel.num_vgpr, 60
	.set matmul_kernel.num_agpr, 64
	.set matmul_kernel.numbered_sgpr, 16
	.set matmul_kernel.num_named_barrier, 0
	.set matmul_kernel.private_seg_size, 0
	.set matmul_kernel.uses_vcc, 1
	.set matmul_kernel.uses_flat_scratch, 0
	.set matmul_kernel.has_dyn_sized_stack, 0
	.set matmul_kernel.has_recursion, 0
	.set matmul_kernel.has_indirect_call, 0
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
  - .agpr_count:     64
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
    .sgpr_count:     20
    .sgpr_spill_count: 0
    .symbol:         matmul_kernel.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     64
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx908
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
