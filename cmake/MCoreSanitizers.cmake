# One sanitizer runtime per process. With LLVM_USE_SANITIZER naming Address,
# every mcore executable and shared library links the *shared* ASan runtime
# (-shared-libsan, found through an rpath), instead of clang's default of a
# static copy in each executable:
#   * libmcore_emu_runtime.so, libmcore_hip_runtime.so and the stand-in HIP
#     library, which mcore-run's JIT loads with dlopen, then use the runtime
#     of the process that loads them;
#   * uninstrumented hosts (upstream mlir-runner with --shared-libs, Debian's
#     python3 importing the mcore module) load the same runtime with
#     LD_PRELOAD=${MCORE_SANITIZER_RUNTIME} (lit.cfg.py and scripts/test.sh
#     --sanitize set it).
# MCORE_SANITIZER_RUNTIME is empty in other builds.
set(MCORE_SANITIZER_RUNTIME "")
if(LLVM_USE_SANITIZER MATCHES "Address")
  execute_process(
    COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libclang_rt.asan-x86_64.so
    OUTPUT_VARIABLE MCORE_SANITIZER_RUNTIME OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT IS_ABSOLUTE "${MCORE_SANITIZER_RUNTIME}" OR
     NOT EXISTS "${MCORE_SANITIZER_RUNTIME}")
    message(FATAL_ERROR "LLVM_USE_SANITIZER=${LLVM_USE_SANITIZER} needs the "
      "shared ASan runtime libclang_rt.asan-x86_64.so of "
      "${CMAKE_CXX_COMPILER} (Debian: libclang-rt-22-dev)")
  endif()
  get_filename_component(_mcore_rt_dir "${MCORE_SANITIZER_RUNTIME}" DIRECTORY)
  foreach(kind EXE SHARED MODULE)
    string(APPEND CMAKE_${kind}_LINKER_FLAGS
      " -shared-libsan -Wl,-rpath,${_mcore_rt_dir}")
  endforeach()
  message(STATUS "Sanitizers: ${LLVM_USE_SANITIZER}, runtime ${MCORE_SANITIZER_RUNTIME}")
endif()

# The options every process of a sanitizer build runs with, written once:
# compiled into each executable (SanitizerDefaults.cpp) and given to the
# uninstrumented hosts by lit and pytest (MCORE_SANITIZER_ENV).
#   allow_user_poisoning=0  Debian's libLLVM and libMLIR are not
#       instrumented, but their headers' inline allocator code (BumpPtr-
#       Allocator, used by MLIR's StorageUniquer) poisons unused slab memory
#       when compiled into mcore's instrumented code; the uninstrumented
#       library code then allocates from that memory without unpoisoning
#       it, and ASan reports its own writes as use-after-poison. Without
#       user poisoning both sides agree (mcore itself never poisons).
#   handle_segv=0 ...       a fault of a program mcore-run runs, or of a
#       kernel lane in the emulator, is reported by mcore (the emulator's
#       handlers, mcore-run's supervisor); ASan's own handler would take the
#       signal first and end the process with its report instead. Memory
#       errors in mcore's code are still ASan's to report.
#   print_stacktrace=1      UBSan reports come with a stack.
set(MCORE_SANITIZER_ENV "")
if(LLVM_USE_SANITIZER)
  set(MCORE_ASAN_OPTIONS
    "allow_user_poisoning=0:handle_segv=0:handle_sigbus=0:handle_sigfpe=0:handle_sigill=0")
  set(MCORE_UBSAN_OPTIONS "print_stacktrace=1")
  set(MCORE_SANITIZER_ENV
    "ASAN_OPTIONS=${MCORE_ASAN_OPTIONS}" "UBSAN_OPTIONS=${MCORE_UBSAN_OPTIONS}")
  add_library(mcore_sanitizer_defaults OBJECT
    ${CMAKE_CURRENT_LIST_DIR}/SanitizerDefaults.cpp)
  target_compile_definitions(mcore_sanitizer_defaults PRIVATE
    MCORE_ASAN_OPTIONS="${MCORE_ASAN_OPTIONS}"
    MCORE_UBSAN_OPTIONS="${MCORE_UBSAN_OPTIONS}")
  link_libraries(
    "$<$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>:mcore_sanitizer_defaults>")
endif()
