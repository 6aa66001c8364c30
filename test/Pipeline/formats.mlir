// RUN: mcore-opt %s --mcore-pipeline="chip=gfx1201 format=hsaco" | FileCheck %s --check-prefix=HSACO
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=llvm" | FileCheck %s --check-prefix=LLVM
// RUN: mcore-opt %s --mcore-pipeline="chip=gfx942 format=isa" | FileCheck %s --check-prefix=ISA

// Tensors in, bufferized by the pipeline (the result is C, updated in
// place); out comes host code in the LLVM dialect that launches the kernel
// held by a gpu.binary:
//  * hsaco: an AMDGPU code object (ELF), linked with ld.lld from the toolkit
//    directory mcore sets up beside its tools (Debian's lld-22);
//  * llvm: AMDGPU LLVM bitcode, as the emulator takes it;
//  * isa: assembly text.

// HSACO:      llvm.func @matmul(
// HSACO:        gpu.launch_func @matmul_kernel::@matmul_kernel blocks in ({{.+}}) threads in ({{.+}})
// HSACO:        llvm.return
// HSACO:      gpu.binary @matmul_kernel [#gpu.object<#rocdl.target<O = 3, chip = "gfx1201", abi = "500", flags = {no_wave64}>, bin = "\7FELF

// LLVM:       gpu.launch_func @matmul_kernel::@matmul_kernel
// LLVM:       gpu.binary @matmul_kernel [#gpu.object<#rocdl.target<O = 3, chip = "gfx942", abi = "500">, offload = "BC

// ISA:        gpu.binary @matmul_kernel [#gpu.object<#rocdl.target<O = 3, chip = "gfx942", abi = "500">, assembly = "{{.*}}v_mfma_f32_32x32x8_bf16
func.func @matmul(%a: tensor<1000x512xbf16>, %b: tensor<512x700xbf16>, %c: tensor<1000x700xf32>) -> tensor<1000x700xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<1000x512xbf16>, tensor<512x700xbf16>) outs(%c : tensor<1000x700xf32>) -> tensor<1000x700xf32>
  return %r : tensor<1000x700xf32>
}
