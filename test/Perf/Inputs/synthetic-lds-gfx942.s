; Hand-written (not produced by a compiler): one gfx942 loop of LDS accesses
; whose addresses are computed from the work-item id in v0, and VALU
; instructions of several issue rates. lds-banks.test works out by hand what
; each costs.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.text
	.globl	banks
	.type	banks,@function
banks:
	s_load_dword s0, s[0:1], 0x0
	v_lshlrev_b32_e32 v1, 4, v0
	v_lshlrev_b32_e32 v2, 8, v0
	v_mul_u32_u24_e32 v3, 0x50, v0
	v_mov_b32_e32 v4, 0
	v_lshl_add_u32 v5, v0, 3, 64
	v_and_b32_e32 v6, 15, v0
	v_lshlrev_b32_e32 v6, 7, v6
	s_waitcnt lgkmcnt(0)
	v_add_u32_e32 v7, s0, v0
	v_bfe_u32 v8, v0, 2, 1
	v_cmp_eq_u32_e32 vcc, 0, v8
	v_cndmask_b32_e32 v9, v2, v1, vcc
.LBB0_1:
	ds_read_b128 v[10:13], v1
	ds_read_b128 v[14:17], v2
	ds_read_b128 v[18:21], v3
	ds_read_b128 v[22:25], v4
	ds_read2st64_b64 v[26:29], v5 offset1:1
	ds_write_b32 v6, v30
	ds_read_b32 v31, v7
	ds_read_b128 v[32:35], v9
	s_waitcnt lgkmcnt(0)
	v_exp_f32_e32 v36, v36
	v_mul_lo_u32 v37, v37, v38
	v_add_u32_e32 v39, v39, v40
	v_mfma_f32_32x32x8_f16 v[40:55], v[10:11], v[12:13], v[40:55]
	s_add_u32 s2, s2, 1
	s_cmp_lt_u32 s2, 64
	s_cbranch_scc1 .LBB0_1
	s_endpgm
.Lfunc_end0:
	.amdhsa_kernel banks
		.amdhsa_group_segment_fixed_size 65536
		.amdhsa_next_free_vgpr 64
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 64
	.end_amdhsa_kernel
