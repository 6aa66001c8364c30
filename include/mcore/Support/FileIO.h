//===- FileIO.h - Reading and writing files safely ---------------*- C++ -*-===//
//
// What every mcore tool does with the files it is given, written once:
//
//  * readFileWhole reads a file mcore needs whole (an MLIR input, LLVM
//    bitcode, a tuning table), refusing what is not a file (a directory,
//    /dev/zero, a socket) and anything longer than a limit, so that a wrong
//    path cannot make a tool read until the machine runs out of memory.
//    Standard input ("-") and pipes (`<(cmd)`) are read up to the limit.
//  * checkOutputIsNotInput refuses an output file that is the input file:
//    the same path, a link to it, or the file standard input reads
//    (`mcore-opt - -o in.mlir < in.mlir`), by device and inode. A tool that
//    opens its output first (and deletes it on failure, as ToolOutputFile
//    does) would lose the input.
//  * checkWritten and finishStandardOutput find write errors (a full disk,
//    /dev/full) that buffered streams report late or never: a tool says so
//    in one line and fails, instead of succeeding with lost output or ending
//    with LLVM's raw "IO failure on output stream".
//
// LLVM Support only, as the rest of MCoreSupport.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_SUPPORT_FILEIO_H
#define MCORE_SUPPORT_FILEIO_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <string>

namespace llvm {
class raw_fd_ostream;
} // namespace llvm

namespace mlir::mcore {

/// The largest MLIR (text or bytecode) or LLVM bitcode file mcore reads.
constexpr uint64_t kMaxInputFileBytes = uint64_t(1) << 30;
/// The largest JSON table (a tuning table) mcore reads.
constexpr uint64_t kMaxTableFileBytes = uint64_t(64) << 20;

/// Reads `path` whole; "-" is standard input (named "<stdin>", as MLIR's
/// openInputFile names it). A named path must be a regular file or a pipe;
/// standard input may also be a socket, a terminal or /dev/null. At most
/// `maxBytes` are read. Errors: "cannot read <what> '<path>':
/// <reason>", e.g. "cannot read tuning file '/dev/zero': it is a character
/// device, not a file".
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readFileWhole(llvm::StringRef path, llvm::StringRef what, uint64_t maxBytes);

/// An error "<option><output> would overwrite the input file <input>" when
/// `output` is the file `input` names, or (input "-") the file standard
/// input reads. `option` is spelled as the user wrote it ("-o ",
/// "--dump-gpu-binary="). An empty output, or "-" (standard output), is
/// never the input.
llvm::Error checkOutputIsNotInput(llvm::StringRef output, llvm::StringRef input,
                                  llvm::StringRef option);

/// The value of a string option registered with LLVM's command line (MLIR's
/// --mlir-pass-pipeline-crash-reproducer and the like, files a tool writes
/// on its own), or "" when no such option is registered.
std::string getRegisteredStringOption(llvm::StringRef name);

/// Flushes `os`; an error "cannot write <what>: <reason>" if a write to it
/// failed. The stream's error is cleared (its destructor would otherwise end
/// the process with LLVM's "IO failure on output stream").
llvm::Error checkWritten(llvm::raw_fd_ostream &os, const llvm::Twine &what);

/// Flushes standard output as each of its writers sees it (llvm::outs(), C's
/// stdout, std::cout: a program run by mcore-run prints through the last
/// two); an error "cannot write standard output: <reason>" if a write failed.
llvm::Error checkStandardOutput();

/// What a tool's main returns: `status` when standard output was written,
/// else `failure` after "<tool>: error: cannot write standard output:
/// <reason>" on stderr.
int finishStandardOutput(llvm::StringRef tool, int status, int failure = 1);

} // namespace mlir::mcore

#endif // MCORE_SUPPORT_FILEIO_H
