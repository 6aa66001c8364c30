//===- ProgressLine.h - What a tool is doing, on a terminal -----*- C++ -*-===//
//
// mcore-run's and mcore-emu-run's progress line on stderr:
//
//   [mcore-run] running on emu ... 12.3 s, 45% (1234 of 2744 work-groups of
//   matmul_kernel)
//
// drawn once a step has taken a second and redrawn every quarter second,
// erased when the step ends or before other output. Nothing is drawn when
// stderr is not a terminal or the tool runs with --quiet.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_SUPPORT_PROGRESSLINE_H
#define MCORE_SUPPORT_PROGRESSLINE_H

#include "llvm/ADT/StringRef.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace mlir::mcore {

class ProgressLine {
public:
  /// `tool` names the line ("[mcore-run] ..."); with `enabled` false
  /// nothing is drawn.
  ProgressLine(llvm::StringRef tool, bool enabled);
  ~ProgressLine();
  ProgressLine(const ProgressLine &) = delete;
  ProgressLine &operator=(const ProgressLine &) = delete;

  /// Whether stderr is a terminal (the line is for people).
  static bool isStderrTerminal();
  bool isEnabled() const { return enabled; }

  /// A step begins ("compiling for gfx1201"); how far it is is unknown
  /// until setProgress.
  void begin(const std::string &what);
  /// How far the step is: `done` of `total` `units` ("work-groups of
  /// matmul_kernel"). Thread-safe and cheap: the emulator's threads call it.
  void setProgress(uint64_t done, uint64_t total, llvm::StringRef units);
  /// The steps are over: stops drawing and erases the line.
  void end();
  /// Erases the line, before something else writes to stderr or stdout.
  void clear();

private:
  void loop();
  void eraseLocked();

  std::string tool;
  bool enabled;
  bool done = false, shown = false;
  std::string current, units;
  uint64_t unitsDone = 0, unitsTotal = 0;
  std::chrono::steady_clock::time_point start;
  std::mutex mutex;
  std::condition_variable wake;
  std::thread thread;
};

} // namespace mlir::mcore

#endif // MCORE_SUPPORT_PROGRESSLINE_H
