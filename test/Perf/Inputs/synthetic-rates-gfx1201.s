; Hand-written (not produced by a compiler): a gfx1201 loop of VALU
; instructions of several issue rates, for issue-model.test.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
	.text
	.globl	rates
	.type	rates,@function
rates:
.LBB0_1:
	v_mul_lo_u32 v1, v2, v3
	v_lshlrev_b64 v[4:5], 1, v[6:7]
	v_add_nc_u32_e32 v8, v9, v10
	v_add_nc_u32_e32 v11, v12, v13
	v_wmma_f32_16x16x16_f16 v[16:23], v[24:27], v[28:31], v[16:23]
	s_cbranch_scc1 .LBB0_1
	s_endpgm
.Lfunc_end0:
	.amdhsa_kernel rates
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_next_free_vgpr 32
		.amdhsa_next_free_sgpr 1
		.amdhsa_wavefront_size32 1
		.amdhsa_workgroup_processor_mode 1
	.end_amdhsa_kernel
