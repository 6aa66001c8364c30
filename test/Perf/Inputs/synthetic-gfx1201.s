; Hand-written (not produced by a compiler): two tiny gfx1201 loops whose
; predicted timing issue-model.test computes by hand. Only the parts
; mcore-perf reads are here: the target, the kernels and their descriptors.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"
	.text
	.globl	latency
	.type	latency,@function
latency:
	s_mov_b32 s0, 0
.LBB0_1:
	global_load_b128 v[0:3], v[40:41], off
	v_wmma_f32_16x16x16_f16 v[8:15], v[16:19], v[20:23], v[8:15]
	v_add_nc_u32_e32 v30, 1, v30
	s_wait_loadcnt 0x0
	v_add_nc_u32_e32 v31, v0, v31
	s_add_co_i32 s0, s0, 1
	s_cmp_lt_u32 s0, 64
	s_cbranch_scc1 .LBB0_1
	s_endpgm
.Lfunc_end0:
	.globl	counts
	.type	counts,@function
counts:
.LBB1_1:
	global_load_b128 v[0:3], v[40:41], off
	global_load_b128 v[4:7], v[40:41], off
	s_wait_loadcnt 0x1
	v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[20:23], v[8:15]
	s_wait_loadcnt 0x0
	v_add_nc_u32_e32 v31, v4, v31
	s_cbranch_scc1 .LBB1_1
	s_endpgm
.Lfunc_end1:
	.amdhsa_kernel latency
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_next_free_vgpr 72
		.amdhsa_next_free_sgpr 1
		.amdhsa_wavefront_size32 1
		.amdhsa_workgroup_processor_mode 1
	.end_amdhsa_kernel
	.amdhsa_kernel counts
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_next_free_vgpr 300
		.amdhsa_next_free_sgpr 1
		.amdhsa_wavefront_size32 1
		.amdhsa_workgroup_processor_mode 1
	.end_amdhsa_kernel
