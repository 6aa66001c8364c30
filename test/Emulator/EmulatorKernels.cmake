# mcore_emu_hip_kernels(<target> <output dir> <name>:<chip>...)
#
# Compiles test/Emulator/<name>.hip for <chip> with clang++-22 into
# <output dir>/<name>.bc (LLVM bitcode, as the emulator loads it) and adds a
# custom target <target> that builds them all.
find_program(MCORE_HIP_CLANGXX NAMES clang++-22 clang++
  HINTS ${LLVM_TOOLS_BINARY_DIR} REQUIRED)

function(mcore_emu_hip_kernels target outdir)
  set(src ${MCORE_SOURCE_DIR}/test/Emulator)
  set(outputs)
  foreach(kernel ${ARGN})
    string(REPLACE ":" ";" parts ${kernel})
    list(GET parts 0 name)
    list(GET parts 1 chip)
    set(out ${outdir}/${name}.bc)
    add_custom_command(OUTPUT ${out}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${outdir}
      COMMAND ${MCORE_HIP_CLANGXX} -x hip --offload-arch=${chip}
        --cuda-device-only -nogpulib -nogpuinc -emit-llvm -c -O2
        -gline-tables-only -I${src} ${src}/${name}.hip -o ${out}
      DEPENDS ${src}/${name}.hip ${src}/hip_prelude.h
      COMMENT "Compiling HIP kernel ${name}.hip for ${chip}"
      VERBATIM)
    list(APPEND outputs ${out})
  endforeach()
  add_custom_target(${target} DEPENDS ${outputs})
endfunction()
