//===- FileIOTest.cpp - mcore/Support/FileIO.h ----------------------------===//

#include "mcore/Support/FileIO.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <fcntl.h>
#include <unistd.h>

using namespace mlir::mcore;

namespace {

std::string errorOf(llvm::Error error) {
  return error ? llvm::toString(std::move(error)) : "";
}

/// A temporary file holding `text`, removed at the end.
struct TempFile {
  llvm::SmallString<128> path;
  explicit TempFile(llvm::StringRef text) {
    int fd;
    EXPECT_FALSE(
        llvm::sys::fs::createTemporaryFile("mcore-fileio", "txt", fd, path));
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << text;
  }
  ~TempFile() { llvm::sys::fs::remove(path); }
};

TEST(FileIO, ReadsAFileWithinTheLimit) {
  TempFile file("0123456789");
  auto buffer = readFileWhole(file.path, "table", 10);
  ASSERT_TRUE(bool(buffer)) << llvm::toString(buffer.takeError());
  EXPECT_EQ((*buffer)->getBuffer(), "0123456789");
  EXPECT_EQ(errorOf(readFileWhole(file.path, "table", 9).takeError()),
            "cannot read table '" + file.path.str().str() +
                "': it is larger than 9 bytes, the most mcore reads");
}

TEST(FileIO, RefusesWhatIsNotAFile) {
  EXPECT_EQ(errorOf(readFileWhole("/dev/zero", "input file", 1 << 20)
                        .takeError()),
            "cannot read input file '/dev/zero': it is a character device, "
            "not a file");
  EXPECT_EQ(errorOf(readFileWhole("/", "input file", 1 << 20).takeError()),
            "cannot read input file '/': it is a directory, not a file");
  EXPECT_EQ(errorOf(readFileWhole("/nonexistent/x", "input file", 1 << 20)
                        .takeError()),
            "cannot read input file '/nonexistent/x': No such file or "
            "directory");
}

TEST(FileIO, APipeIsReadUpToTheLimit) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  std::string path = "/dev/fd/" + std::to_string(fds[0]);
  ASSERT_EQ(write(fds[1], "abcdef", 6), 6);
  close(fds[1]);
  EXPECT_EQ(errorOf(readFileWhole(path, "table", 5).takeError()),
            "cannot read table '" + path +
                "': more than 5 bytes came through it, the most mcore reads");
  close(fds[0]);
}

TEST(FileIO, OutputIsNotTheInput) {
  TempFile in("x");
  std::string dir = llvm::sys::path::parent_path(in.path).str();
  EXPECT_EQ(errorOf(checkOutputIsNotInput(in.path, in.path, "-o ")),
            "-o " + in.path.str().str() + " would overwrite the input file " +
                in.path.str().str());
  // Another spelling of the same file.
  std::string other = dir + "/./" + llvm::sys::path::filename(in.path).str();
  EXPECT_NE(errorOf(checkOutputIsNotInput(other, in.path, "-o ")), "");
  EXPECT_EQ(errorOf(checkOutputIsNotInput("-", in.path, "-o ")), "");
  EXPECT_EQ(errorOf(checkOutputIsNotInput(dir + "/other", in.path, "-o ")),
            "");
  // Standard input reads the file: by device and inode.
  int saved = dup(STDIN_FILENO);
  int fd = open(in.path.c_str(), O_RDONLY);
  ASSERT_GE(fd, 0);
  dup2(fd, STDIN_FILENO);
  std::string stdinError =
      errorOf(checkOutputIsNotInput(in.path, "-", "--dump-gpu-binary="));
  std::string otherError =
      errorOf(checkOutputIsNotInput(dir + "/other", "-", "-o "));
  dup2(saved, STDIN_FILENO);
  close(fd);
  close(saved);
  EXPECT_EQ(stdinError, "--dump-gpu-binary=" + in.path.str().str() +
                            " would overwrite the input file: it is the file "
                            "standard input reads");
  EXPECT_EQ(otherError, "");
}

TEST(FileIO, WriteErrorsAreFound) {
  std::error_code ec;
  llvm::raw_fd_ostream full("/dev/full", ec);
  ASSERT_FALSE(ec);
  full << "lost";
  EXPECT_EQ(errorOf(checkWritten(full, "'/dev/full'")),
            "cannot write '/dev/full': No space left on device");
  // Cleared: the stream's destructor does not end the process.
  EXPECT_FALSE(full.has_error());
}

} // namespace
