//===- ErrorReporter.h - How mcore's runtime libraries report errors -----===//
//
// libmcore_emu_runtime.so and libmcore_hip_runtime.so report errors alike:
// one line "PREFIX: error: MESSAGE" on stderr (after flushing stdout), then
// the process ends with status 1, unless the environment variable named at
// construction is "continue". Embedders (the Python package, through
// runner::RuntimeLibrary::captureErrors) capture them instead: while
// capturing, messages are recorded, one per line, for take().
//
// Internal to lib/Runtime; each library has one instance (see errors() in
// each), never destroyed, so reports during exit still work.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_LIB_RUNTIME_ERRORREPORTER_H
#define MCORE_LIB_RUNTIME_ERRORREPORTER_H

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

namespace mlir::mcore::runtime {

class ErrorReporter {
public:
  ErrorReporter(const char *prefix, const char *onErrorVariable)
      : prefix(prefix), onErrorVariable(onErrorVariable) {}

  /// Records `message` while capturing; else prints it and, unless the
  /// environment says continue, ends the process.
  void report(const std::string &message) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (capturing) {
        captured += message;
        captured += '\n';
        return;
      }
    }
    std::fflush(stdout);
    std::fprintf(stderr, "%s: error: %s\n", prefix, message.c_str());
    std::fflush(stderr);
    if (!continueOnError())
      std::_Exit(1);
  }

  bool continueOnError() const {
    const char *mode = std::getenv(onErrorVariable);
    return mode && std::strcmp(mode, "continue") == 0;
  }

  void setCapturing(bool enable) {
    std::lock_guard<std::mutex> lock(mutex);
    capturing = enable;
  }

  /// The C ABI of mcore{Emu,Hip}TakeErrors: returns the length of the
  /// recorded text; when it fits in `buffer` (with its NUL), copies it there
  /// and clears the record.
  size_t take(char *buffer, size_t size) {
    std::lock_guard<std::mutex> lock(mutex);
    size_t length = captured.size();
    if (buffer && length < size) {
      std::memcpy(buffer, captured.data(), length);
      buffer[length] = '\0';
      captured.clear();
    }
    return length;
  }

private:
  const char *prefix;
  const char *onErrorVariable;
  std::mutex mutex;
  bool capturing = false;
  std::string captured;
};

} // namespace mlir::mcore::runtime

#endif // MCORE_LIB_RUNTIME_ERRORREPORTER_H
