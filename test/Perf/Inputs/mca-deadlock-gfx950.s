# Hand-reduced (delta debugging) from the K loop of mcore's 4096^3 i8
# matmul on gfx950: llvm-mca-22 -mcpu=gfx950 never finishes on the loop body
# (the six instructions after .LBB0_1), though each runs alone.
	.amdgcn_target "amdgcn-amd-amdhsa--gfx950"
	.text
	.globl k
	.type k,@function
k:
.LBB0_1:
	ds_read_b128 v[116:119], v102 offset:32
	ds_read_b128 v[120:123], v75 offset:20480
	ds_read_b128 v[124:127], v77 offset:20480
	v_or_b32_e32 v66, v66, v88
	v_mad_u64_u32 v[102:103], s[6:7], v66, s12, v[84:85]
	v_mfma_i32_32x32x32_i8 v[50:65], v[116:119], v[112:115], v[50:65]
	s_cbranch_scc1 .LBB0_1
	s_endpgm
.Lfunc_end0:
	.amdhsa_kernel k
		.amdhsa_next_free_vgpr 128
		.amdhsa_next_free_sgpr 16
		.amdhsa_accum_offset 128
	.end_amdhsa_kernel
