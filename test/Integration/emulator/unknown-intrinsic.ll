; A kernel calling an AMDGPU intrinsic the emulator does not implement: the
; load fails and names the intrinsic, the function and the source line.
; RUN: not %mcore-emu-run %s --kernel=k 2>&1 | FileCheck %s
; CHECK: mcore-emu-run: error: cannot load the kernel module: 'llvm.amdgcn.s.sendmsg' in function 'k' at k.hip:7:3 is not supported by the emulator

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k() #0 {
  call void @llvm.amdgcn.s.sendmsg(i32 1, i32 0), !dbg !8
  ret void
}

declare void @llvm.amdgcn.s.sendmsg(i32 immarg, i32)

attributes #0 = { "target-cpu"="gfx1201" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "k.hip", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!6 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 5, type: !7, scopeLine: 5, spFlags: DISPFlagDefinition, unit: !0)
!7 = !DISubroutineType(types: !{})
!8 = !DILocation(line: 7, column: 3, scope: !6)
