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
