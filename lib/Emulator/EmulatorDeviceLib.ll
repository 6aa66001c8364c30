; The device libraries of the emulator's toolkit directory
; (lib/mcore/emulator-toolkit/amdgcn/bitcode/{ockl,ocml,hip,opencl}.bc).
;
; MLIR's ROCDL serializer (gpu-module-to-binary) links ROCm's device
; libraries into any module that calls __ockl_* or __ocml_* functions or
; printf, and fails when <toolkit>/amdgcn/bitcode does not hold them. The
; emulator defines the ockl functions it supports itself (the work-item and
; printf functions; lib/Emulator/CallLowering.cpp, PrintfLowering.cpp), so
; for format=llvm these libraries are empty: linking them defines nothing,
; the calls stay calls, and the emulator lowers them, or names the function
; it does not provide when the module is loaded. They must never be used
; for code objects that run on a GPU.
target triple = "amdgcn-amd-amdhsa"
