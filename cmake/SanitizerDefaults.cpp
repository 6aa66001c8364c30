//===- SanitizerDefaults.cpp - Sanitizer options of mcore's executables ---===//
//
// Linked into every executable of a sanitizer build
// (cmake/MCoreSanitizers.cmake): the sanitizer runtimes call these at
// start-up, so the tools and unit tests need no environment to run right.
// Uninstrumented hosts of mcore's libraries (mlir-runner, python3) get the
// same options from the environment lit and pytest give them.
//
//===----------------------------------------------------------------------===//

extern "C" {
__attribute__((visibility("default"), used)) const char *
__asan_default_options() {
  return MCORE_ASAN_OPTIONS;
}
__attribute__((visibility("default"), used)) const char *
__ubsan_default_options() {
  return MCORE_UBSAN_OPTIONS;
}
}
