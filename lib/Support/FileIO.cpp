//===- FileIO.cpp - Reading and writing files safely ----------------------===//
//
// See include/mcore/Support/FileIO.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Support/FileIO.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <sys/stat.h>
#include <unistd.h>

using namespace mlir;
using llvm::StringRef;

namespace {
llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::string describeSize(uint64_t bytes) {
  if (bytes % (uint64_t(1) << 30) == 0)
    return llvm::formatv("{0} GiB", bytes >> 30).str();
  if (bytes % (uint64_t(1) << 20) == 0)
    return llvm::formatv("{0} MiB", bytes >> 20).str();
  return llvm::formatv("{0} bytes", bytes).str();
}

/// What a file of mode `mode` is, for "it is <kind>, not a file".
const char *describeKind(mode_t mode) {
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISSOCK(mode))
    return "a socket";
  return "not a regular file";
}

/// Closes a descriptor it opened (not standard input).
struct FdCloser {
  int fd;
  bool owned;
  ~FdCloser() {
    if (owned)
      ::close(fd);
  }
};
} // namespace

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
mcore::readFileWhole(StringRef path, StringRef what, uint64_t maxBytes) {
  auto fail = [&](const llvm::Twine &reason) {
    return makeError("cannot read " + what + " '" + path + "': " + reason);
  };
  bool isStdin = path == "-";
  std::string name = isStdin ? "<stdin>" : path.str();
  int fd = STDIN_FILENO;
  if (!isStdin) {
    do
      fd = ::open(name.c_str(), O_RDONLY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
      return fail(std::strerror(errno));
  }
  FdCloser closer{fd, !isStdin};
  struct stat st;
  if (::fstat(fd, &st) != 0)
    return fail(std::strerror(errno));
  if (S_ISREG(st.st_mode)) {
    if (uint64_t(st.st_size) > maxBytes)
      return fail("it is larger than " + describeSize(maxBytes) +
                  ", the most mcore reads");
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
        llvm::MemoryBuffer::getOpenFile(fd, name, st.st_size);
    if (!buffer)
      return fail(buffer.getError().message());
    return std::move(*buffer);
  }
  // A named path may be a pipe (`<(cmd)`); standard input a pipe, a socket,
  // a terminal or /dev/null; neither a device whose reads never end
  // (/dev/zero).
  bool readable = S_ISFIFO(st.st_mode);
  if (isStdin && !readable) {
    struct stat null;
    readable = S_ISSOCK(st.st_mode) || ::isatty(fd) ||
               (S_ISCHR(st.st_mode) && ::stat("/dev/null", &null) == 0 &&
                null.st_rdev == st.st_rdev);
  }
  if (!readable)
    return fail(llvm::Twine("it is ") + describeKind(st.st_mode) +
                ", not a file");
  llvm::SmallString<0> data;
  char chunk[1 << 16];
  while (true) {
    ssize_t got = ::read(fd, chunk, sizeof chunk);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0)
      return fail(std::strerror(errno));
    if (got == 0)
      break;
    if (data.size() + got > maxBytes)
      return fail("more than " + describeSize(maxBytes) +
                  " came through it, the most mcore reads");
    data.append(chunk, chunk + got);
  }
  return llvm::MemoryBuffer::getMemBufferCopy(data, name);
}

llvm::Error mcore::checkOutputIsNotInput(StringRef output, StringRef input,
                                         StringRef option) {
  if (output.empty() || output == "-" || input.empty())
    return llvm::Error::success();
  if (input != "-") {
    if (output == input || llvm::sys::fs::equivalent(input, output))
      return makeError(option + output + " would overwrite the input file " +
                       input);
    return llvm::Error::success();
  }
  // The file standard input reads, by device and inode (a path, a link, a
  // name given to the shell's `<`).
  struct stat in, out;
  std::string outPath = output.str();
  if (::fstat(STDIN_FILENO, &in) != 0 || ::stat(outPath.c_str(), &out) != 0)
    return llvm::Error::success();
  if (in.st_dev == out.st_dev && in.st_ino == out.st_ino)
    return makeError(option + output +
                     " would overwrite the input file: it is the file "
                     "standard input reads");
  return llvm::Error::success();
}

std::string mcore::getRegisteredStringOption(StringRef name) {
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find(name);
  if (it == options.end())
    return "";
  return static_cast<llvm::cl::opt<std::string> *>(it->second)->getValue();
}

llvm::Error mcore::checkWritten(llvm::raw_fd_ostream &os,
                                const llvm::Twine &what) {
  os.flush();
  if (!os.has_error())
    return llvm::Error::success();
  std::error_code ec = os.error();
  os.clear_error();
  return makeError("cannot write " + what + ": " + ec.message());
}

llvm::Error mcore::checkStandardOutput() {
  llvm::Error error = checkWritten(llvm::outs(), "standard output");
  std::cout.flush();
  errno = 0;
  bool failed = std::fflush(stdout) != 0;
  int code = errno;
  failed = failed || std::ferror(stdout) || std::cout.bad();
  if (error || !failed)
    return error;
  std::clearerr(stdout);
  std::cout.clear();
  return makeError(llvm::Twine("cannot write standard output: ") +
                   (code ? std::strerror(code) : "a write to it failed"));
}

int mcore::finishStandardOutput(StringRef tool, int status, int failure) {
  if (llvm::Error error = checkStandardOutput()) {
    llvm::errs() << tool << ": error: " << llvm::toString(std::move(error))
                 << "\n";
    return failure;
  }
  return status;
}
