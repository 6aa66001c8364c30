# add_mcore_library(name
#   SOURCES...
#   [DEPENDS tablegen targets...]
#   [LINK_LIBS mcore libraries...]
#   [MLIR_LIBS upstream MLIR libraries...])
#
# Builds a static, position-independent library that is installed and exported
# in the MCoreTargets export set (see cmake/MCoreConfig.cmake.in). Upstream
# MLIR/LLVM dependencies are linked through the shared libMLIR.so/libLLVM.so
# (mlir_target_link_libraries honours MLIR_LINK_MLIR_DYLIB); MLIR_LIBS names
# the static components so the dependency stays documented and works without
# the dylib too.
function(add_mcore_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;LINK_LIBS;MLIR_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES} ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${MCORE_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${MCORE_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  # Users of mcore's headers need LLVM's and MLIR's too.
  target_include_directories(${name} SYSTEM PUBLIC
    ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS})
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PUBLIC ${ARG_MLIR_LIBS})
  endif()
  # LLVMSupport and friends come from libLLVM.so.
  target_link_libraries(${name} PUBLIC LLVM)
  install(TARGETS ${name} EXPORT MCoreTargets
    ARCHIVE DESTINATION lib
    LIBRARY DESTINATION lib)
  set_property(GLOBAL APPEND PROPERTY MCORE_ALL_LIBS ${name})
endfunction()

# add_mcore_tool(name SOURCES... LINK_LIBS...)
function(add_mcore_tool name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LINK_LIBS;MLIR_LIBS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES} ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY ${MCORE_TOOLS_DIR})
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS} LLVM)
  if(ARG_MLIR_LIBS)
    mlir_target_link_libraries(${name} PRIVATE ${ARG_MLIR_LIBS})
  endif()
  install(TARGETS ${name} EXPORT MCoreTargets RUNTIME DESTINATION bin)
endfunction()
