//===- ProgressLine.cpp - What a tool is doing, on a terminal -------------===//
//
// See include/mcore/Support/ProgressLine.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Support/ProgressLine.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <unistd.h>

using namespace mlir::mcore;

ProgressLine::ProgressLine(llvm::StringRef tool, bool enabled)
    : tool(tool.str()), enabled(enabled) {}

ProgressLine::~ProgressLine() { end(); }

bool ProgressLine::isStderrTerminal() { return isatty(STDERR_FILENO); }

void ProgressLine::begin(const std::string &what) {
  if (!enabled)
    return;
  std::lock_guard<std::mutex> lock(mutex);
  current = what;
  units.clear();
  unitsDone = unitsTotal = 0;
  start = std::chrono::steady_clock::now();
  if (!thread.joinable()) {
    done = false;
    thread = std::thread([this] { loop(); });
  }
}

void ProgressLine::setProgress(uint64_t doneUnits, uint64_t total,
                               llvm::StringRef what) {
  if (!enabled)
    return;
  std::lock_guard<std::mutex> lock(mutex);
  unitsDone = doneUnits;
  unitsTotal = total;
  if (units != what)
    units = what.str();
}

void ProgressLine::end() {
  if (!enabled || !thread.joinable())
    return;
  {
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
  }
  wake.notify_all();
  thread.join();
  std::lock_guard<std::mutex> lock(mutex);
  eraseLocked();
  llvm::errs().flush();
}

void ProgressLine::clear() {
  std::lock_guard<std::mutex> lock(mutex);
  eraseLocked();
}

void ProgressLine::eraseLocked() {
  if (shown)
    llvm::errs() << "\r\033[K";
  shown = false;
}

void ProgressLine::loop() {
  std::unique_lock<std::mutex> lock(mutex);
  while (!done) {
    wake.wait_for(lock, std::chrono::milliseconds(250));
    if (done)
      break;
    double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    if (s < 1)
      continue;
    llvm::errs() << llvm::formatv("\r\033[K[{0}] {1} ... {2:f1} s", tool,
                                  current, s);
    if (unitsTotal)
      llvm::errs() << llvm::formatv(
          ", {0}% ({1} of {2} {3})",
          unsigned(100.0 * double(unitsDone) / double(unitsTotal)), unitsDone,
          unitsTotal, units);
    llvm::errs().flush();
    shown = true;
  }
}
