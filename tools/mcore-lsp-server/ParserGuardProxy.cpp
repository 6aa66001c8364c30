//===- ParserGuardProxy.cpp - The LSP server behind the parser-crash guard -===//
//
// ParserGuardProxy.h says what the proxy does. Three threads: the editor's
// input (to the server, through the guard), upstream's server, and the
// server's output (to the editor, with the guard's diagnostics added).
//
//===----------------------------------------------------------------------===//

#include "ParserGuardProxy.h"
#include "Hover.h"

#include "mcore/Runner/GuardedParse.h"
#include "mcore/Support/Nesting.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/ToolUtilities.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/LSP/Protocol.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "llvm/Support/raw_ostream.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

using namespace mlir;
using namespace mlir::mcore;
using llvm::StringRef;
namespace runner = mlir::mcore::runner;

namespace {
//===----------------------------------------------------------------------===//
// Framing
//===----------------------------------------------------------------------===//

/// Buffered reading of a file descriptor that gives up when `stopFd` (when
/// not -1) becomes readable: the editor's input must not keep the process
/// alive once the server has ended.
class FdReader {
public:
  FdReader(int fd, int stopFd) : fd(fd), stopFd(stopFd) {}

  /// One line with its newline (the last one may have none); false at the
  /// end of input.
  bool readLine(std::string &line) {
    line.clear();
    while (true) {
      size_t newline = buffer.find('\n', pos);
      if (newline != std::string::npos) {
        line.append(buffer, pos, newline + 1 - pos);
        pos = newline + 1;
        return true;
      }
      line.append(buffer, pos, std::string::npos);
      pos = buffer.size();
      if (!fill())
        return !line.empty();
    }
  }

  /// Exactly `size` bytes; false when the input ends first.
  bool read(size_t size, std::string &out) {
    out.clear();
    while (out.size() < size) {
      if (pos == buffer.size() && !fill())
        return false;
      size_t take = std::min(size - out.size(), buffer.size() - pos);
      out.append(buffer, pos, take);
      pos += take;
    }
    return true;
  }

private:
  bool fill() {
    buffer.clear();
    pos = 0;
    while (true) {
      pollfd fds[2] = {{fd, POLLIN, 0}, {stopFd, POLLIN, 0}};
      if (poll(fds, stopFd < 0 ? 1 : 2, -1) < 0) {
        if (errno == EINTR)
          continue;
        return false;
      }
      if (stopFd >= 0 && fds[1].revents)
        return false;
      if (!fds[0].revents)
        continue;
      char chunk[65536];
      ssize_t got = ::read(fd, chunk, sizeof chunk);
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0)
        return false;
      buffer.assign(chunk, got);
      return true;
    }
  }

  int fd, stopFd;
  std::string buffer;
  size_t pos = 0;
};

/// The headers of a Content-Length frame, from `line` (its first) on, then
/// its body.
bool readFrame(FdReader &in, std::string line, std::string &body) {
  std::optional<size_t> length;
  while (!StringRef(line).trim().empty()) {
    auto [name, value] = StringRef(line).split(':');
    size_t parsed;
    if (name.trim().equals_insensitive("content-length") &&
        !value.trim().getAsInteger(10, parsed))
      length = parsed;
    if (!in.readLine(line))
      return false;
  }
  return length && in.read(*length, body);
}

/// Skips blank lines; false at the end of input.
bool readFirstLine(FdReader &in, std::string &line) {
  do {
    if (!in.readLine(line))
      return false;
  } while (StringRef(line).trim().empty());
  return true;
}

/// A message of the editor as JSONTransport reads it: framed by headers, or
/// (-lit-test, -input-style=delimited) lines up to a "// -----" line, other
/// lines starting with "//" skipped.
struct EditorMessage {
  std::string json;
  bool delimited = false;
};

bool readEditorMessage(FdReader &in, EditorMessage &message) {
  std::string line;
  if (!readFirstLine(in, line))
    return false;
  message.json.clear();
  message.delimited =
      !StringRef(line).trim().starts_with_insensitive("content-length");
  if (!message.delimited)
    return readFrame(in, line, message.json);
  do {
    StringRef trimmed = StringRef(line).trim();
    if (trimmed == kDefaultSplitMarker)
      break;
    if (!trimmed.starts_with("//"))
      message.json += line;
  } while (in.readLine(line));
  return true;
}

/// A message of the server (always framed by headers).
bool readServerMessage(FdReader &in, std::string &body) {
  std::string line;
  return readFirstLine(in, line) && readFrame(in, line, body);
}

//===----------------------------------------------------------------------===//
// The guard
//===----------------------------------------------------------------------===//

/// An open document: the editor's text of its latest version, and an error
/// per chunk the server must not parse (the parser crashes on it, or it
/// nests deeper than the parser's stack allows) for each version whose
/// diagnostics the server has not published yet (the editor's input runs
/// ahead of the server's output).
struct Document {
  std::string text;
  int64_t version = 0;
  /// The server's copy of the latest version is `text` (no chunk blanked).
  bool serverHasText = true;
  std::map<int64_t, std::vector<llvm::lsp::Diagnostic>> crashes;
};

class Guard {
public:
  explicit Guard(const DialectRegistry &registry) : registry(registry) {}

  /// What the server gets for the editor's message `json`; nothing for a
  /// message that nests too deeply to be parsed (said on stderr, as the
  /// server says of JSON it cannot parse).
  std::optional<std::string> fromEditor(std::string json);
  /// What the editor gets for the server's message `body`.
  std::string fromServer(std::string body);

private:
  /// The server's publishDiagnostics with the crashes of that version.
  std::string addCrashDiagnostics(std::string body);
  /// The server's reply to a textDocument/hover with mcore's documentation
  /// (Hover.h).
  std::string addHoverDocs(std::string body);

  /// Checks each chunk of the latest version of `doc` (`doc.crashes` and
  /// `doc.serverHasText` of that version); returns the text the server gets.
  std::string check(StringRef uri, Document &doc);
  bool crashes(StringRef uri, StringRef text) {
    // As upstream's server parses: unregistered dialects allowed.
    return runner::findParserCrash(llvm::MemoryBufferRef(text, uri), registry,
                                   /*allowUnregisteredDialects=*/true)
        .has_value();
  }
  llvm::lsp::Range locate(StringRef uri, StringRef chunk);

  const DialectRegistry &registry;
  std::mutex mutex;
  std::map<std::string, Document, std::less<>> documents;
  /// Where each textDocument/hover the server has not answered points, by
  /// the request's id (as JSON text).
  struct HoverAt {
    std::string uri;
    int64_t line, character;
  };
  std::map<std::string, HoverAt> hovers;
};

/// Where the parser crashes in `chunk` (which it crashes on): the shortest
/// prefix of whole lines it crashes on ends with the crashing op, whose name
/// is the last linalg.batch_matmul or linalg.batch_reduce_matmul of that
/// prefix (the ops of the upstream defect), else that prefix's last line. (A
/// shorter prefix ends in the middle of an op: a parse error, no crash.)
llvm::lsp::Range Guard::locate(StringRef uri, StringRef chunk) {
  llvm::SmallVector<size_t> lineEnds;
  for (size_t i = 0; i < chunk.size(); ++i)
    if (chunk[i] == '\n')
      lineEnds.push_back(i + 1);
  if (lineEnds.empty() || lineEnds.back() != chunk.size())
    lineEnds.push_back(chunk.size());
  size_t lo = 0, hi = lineEnds.size() - 1;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (crashes(uri, chunk.take_front(lineEnds[mid])))
      hi = mid;
    else
      lo = mid + 1;
  }
  StringRef prefix = chunk.take_front(lineEnds[lo]);
  size_t at = StringRef::npos;
  StringRef op;
  for (StringRef name : {"linalg.batch_matmul", "linalg.batch_reduce_matmul"}) {
    size_t found = prefix.rfind(name);
    if (found != StringRef::npos && (at == StringRef::npos || found > at)) {
      at = found;
      op = name;
    }
  }
  if (at == StringRef::npos)
    return llvm::lsp::Range(llvm::lsp::Position(lo, 0));
  StringRef before = prefix.take_front(at);
  int line = before.count('\n');
  int character = at - (before.rfind('\n') + 1); // npos + 1 == 0
  return llvm::lsp::Range(llvm::lsp::Position(line, character),
                          llvm::lsp::Position(line, character + op.size()));
}

std::string Guard::check(StringRef uri, Document &doc) {
  std::vector<llvm::lsp::Diagnostic> crashes;
  llvm::SmallVector<StringRef, 8> chunks;
  // As upstream's server splits (MLIRTextFile).
  StringRef(doc.text).split(chunks, kDefaultSplitMarker);
  std::string serverText;
  int lineOffset = 0;
  for (auto [index, chunk] : llvm::enumerate(chunks)) {
    if (index)
      serverText += kDefaultSplitMarker;
    int lines = chunk.count('\n');
    llvm::lsp::Diagnostic diagnostic;
    // Too deep for the parser's stack (it would end the server on the
    // crash guard's parse already), else a crash of the parser.
    if (std::optional<DeepNesting> deep = findDeepNesting(chunk)) {
      auto [line, column] = getLineAndColumn(chunk, deep->offset);
      diagnostic.range = llvm::lsp::Range(
          llvm::lsp::Position(line - 1, column - 1),
          llvm::lsp::Position(line - 1, column));
      diagnostic.message = deep->describe();
    } else if (std::optional<runner::ParserCrash> crash =
                   runner::findParserCrash(llvm::MemoryBufferRef(chunk, uri),
                                           registry,
                                           /*allowUnregisteredDialects=*/true)) {
      diagnostic.range = locate(uri, chunk);
      diagnostic.message = runner::describeParserCrash(*crash);
    } else {
      serverText += chunk;
      lineOffset += lines;
      continue;
    }
    serverText.append(lines, '\n');
    diagnostic.range.start.line += lineOffset;
    diagnostic.range.end.line += lineOffset;
    diagnostic.severity = llvm::lsp::DiagnosticSeverity::Error;
    diagnostic.source = "mcore-lsp-server";
    diagnostic.category = "Parse Error";
    crashes.push_back(std::move(diagnostic));
    lineOffset += lines;
  }
  doc.serverHasText = crashes.empty();
  if (crashes.empty())
    doc.crashes.erase(doc.version);
  else
    doc.crashes[doc.version] = std::move(crashes);
  return serverText;
}

std::optional<std::string> Guard::fromEditor(std::string json) {
  // LLVM's JSON parser (the server's too) recurses per level.
  if (std::optional<DeepNesting> deep = findDeepNesting(json)) {
    llvm::errs() << "mcore-lsp-server: error: dropped a message of the "
                    "editor: its JSON has "
                 << deep->describe() << "\n";
    return std::nullopt;
  }
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(json);
  if (!value) {
    llvm::consumeError(value.takeError());
    return json; // The server reports it.
  }
  llvm::json::Object *message = value->getAsObject();
  llvm::json::Object *params = message ? message->getObject("params") : nullptr;
  llvm::json::Object *item = params ? params->getObject("textDocument") : nullptr;
  std::optional<StringRef> method =
      message ? message->getString("method") : std::nullopt;
  std::optional<StringRef> uri = item ? item->getString("uri") : std::nullopt;
  if (!method || !uri)
    return json;

  std::lock_guard<std::mutex> lock(mutex);
  if (*method == "textDocument/hover") {
    const llvm::json::Value *id = message->get("id");
    llvm::json::Object *position = params->getObject("position");
    if (id && position)
      hovers[llvm::formatv("{0}", *id).str()] = {
          uri->str(), position->getInteger("line").value_or(-1),
          position->getInteger("character").value_or(-1)};
    return json;
  }
  if (*method == "textDocument/didClose") {
    documents.erase(uri->str());
    return json;
  }
  if (*method == "textDocument/didOpen") {
    std::optional<StringRef> text = item->getString("text");
    if (!text)
      return json;
    Document &doc = documents[uri->str()];
    doc = Document();
    doc.text = text->str();
    doc.version = item->getInteger("version").value_or(0);
    std::string serverText = check(*uri, doc);
    if (doc.serverHasText)
      return json;
    (*item)["text"] = std::move(serverText);
    return llvm::formatv("{0}", *value).str();
  }
  if (*method != "textDocument/didChange")
    return json;
  auto it = documents.find(*uri);
  const llvm::json::Value *changes = params->get("contentChanges");
  if (it == documents.end() || !changes)
    return json;
  Document &doc = it->second;
  std::vector<llvm::lsp::TextDocumentContentChangeEvent> events;
  llvm::json::Path::Root root;
  if (!llvm::json::fromJSON(*changes, events, root) ||
      failed(llvm::lsp::TextDocumentContentChangeEvent::applyTo(events, doc.text))) {
    // The server refuses the change too; the document is no longer known
    // here, and reaches the server unchecked from now on.
    documents.erase(it);
    return json;
  }
  bool serverHadText = doc.serverHasText;
  doc.version = item->getInteger("version").value_or(doc.version + 1);
  std::string serverText = check(*uri, doc);
  if (serverHadText && doc.serverHasText)
    return json;
  // The server's text differs from the editor's before or after the
  // change: the server gets the whole text.
  llvm::json::Object whole;
  whole["text"] = std::move(serverText);
  llvm::json::Array wholeChanges;
  wholeChanges.push_back(std::move(whole));
  (*params)["contentChanges"] = std::move(wholeChanges);
  return llvm::formatv("{0}", *value).str();
}

std::string Guard::fromServer(std::string body) {
  if (StringRef(body).contains("textDocument/publishDiagnostics"))
    return addCrashDiagnostics(std::move(body));
  return addHoverDocs(std::move(body));
}

std::string Guard::addHoverDocs(std::string body) {
  std::lock_guard<std::mutex> lock(mutex);
  if (hovers.empty() || !StringRef(body).contains("\"id\""))
    return body;
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(body);
  if (!value) {
    llvm::consumeError(value.takeError());
    return body;
  }
  llvm::json::Object *message = value->getAsObject();
  const llvm::json::Value *id = message ? message->get("id") : nullptr;
  if (!id || message->get("method"))
    return body;
  auto hover = hovers.find(llvm::formatv("{0}", *id).str());
  if (hover == hovers.end())
    return body;
  HoverAt at = std::move(hover->second);
  hovers.erase(hover);
  auto doc = documents.find(at.uri);
  const llvm::json::Value *result = message->get("result");
  if (doc == documents.end() || !result)
    return body;
  std::optional<llvm::json::Value> withDocs =
      mcore::hover::addMCoreDocs(doc->second.text, at.line, at.character, *result);
  if (!withDocs)
    return body;
  (*message)["result"] = std::move(*withDocs);
  bool pretty = StringRef(body).ends_with("\n");
  return llvm::formatv(pretty ? "{0:2}\n" : "{0}", *value).str();
}

std::string Guard::addCrashDiagnostics(std::string body) {
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(body);
  if (!value) {
    llvm::consumeError(value.takeError());
    return body;
  }
  llvm::json::Object *message = value->getAsObject();
  llvm::json::Object *params = message ? message->getObject("params") : nullptr;
  if (!params || message->getString("method") !=
                     StringRef("textDocument/publishDiagnostics"))
    return body;
  std::optional<StringRef> uri = params->getString("uri");
  llvm::json::Array *diagnostics = params->getArray("diagnostics");
  if (!uri || !diagnostics)
    return body;

  std::lock_guard<std::mutex> lock(mutex);
  auto it = documents.find(*uri);
  if (it == documents.end())
    return body;
  Document &doc = it->second;
  int64_t version = params->getInteger("version").value_or(doc.version);
  auto crashes = doc.crashes.find(version);
  if (crashes == doc.crashes.end()) {
    doc.crashes.erase(doc.crashes.begin(), doc.crashes.upper_bound(version));
    return body;
  }
  for (const llvm::lsp::Diagnostic &crash : crashes->second)
    diagnostics->push_back(llvm::lsp::toJSON(crash));
  doc.crashes.erase(doc.crashes.begin(), doc.crashes.upper_bound(version));
  // As the server writes (JSONTransport): pretty-printed with a newline
  // after, or compact.
  bool pretty = StringRef(body).ends_with("\n");
  return llvm::formatv(pretty ? "{0:2}\n" : "{0}", *value).str();
}

//===----------------------------------------------------------------------===//
// The threads
//===----------------------------------------------------------------------===//

int runServer(int argc, char **argv, DialectRegistry &registry) {
  return failed(MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
}

/// -help, --version and the like print and exit the process from the
/// server's thread; they need no guard.
bool printsAndExits(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    StringRef name = StringRef(argv[i]).ltrim('-').split('=').first;
    if (name.starts_with("help") || name == "version" ||
        name.starts_with("print-"))
      return true;
  }
  return false;
}

void writeFrame(llvm::raw_ostream &out, StringRef body) {
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
}
} // namespace

int mcore::runLspServerBehindParserGuard(int argc, char **argv,
                                     DialectRegistry &registry) {
  if (printsAndExits(argc, argv))
    return runServer(argc, argv, registry);

  int editorIn = dup(STDIN_FILENO), editorOut = dup(STDOUT_FILENO);
  int toServer[2], fromServer[2], stop[2];
  if (editorIn < 0 || editorOut < 0 || pipe(toServer) || pipe(fromServer) ||
      pipe(stop) || dup2(toServer[0], STDIN_FILENO) < 0 ||
      dup2(fromServer[1], STDOUT_FILENO) < 0) {
    llvm::errs() << "mcore-lsp-server: error: cannot connect the server: "
                 << std::strerror(errno) << "\n";
    return 1;
  }
  // The server reads stdin and writes stdout: now the pipes.
  close(toServer[0]);
  close(fromServer[1]);
  // A server that ended before the editor (a bad option) must not end the
  // process with SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  Guard guard(registry);

  std::thread input([&guard, editorIn, toServerFd = toServer[1],
                     stopFd = stop[0]] {
    FdReader in(editorIn, stopFd);
    llvm::raw_fd_ostream out(toServerFd, /*shouldClose=*/true);
    EditorMessage message;
    while (readEditorMessage(in, message) && !out.has_error()) {
      if (StringRef(message.json).trim().empty())
        continue;
      std::optional<std::string> forwarded =
          guard.fromEditor(std::move(message.json));
      if (!forwarded)
        continue;
      if (message.delimited) {
        out << *forwarded << "\n" << kDefaultSplitMarker << "\n";
        out.flush();
      } else {
        writeFrame(out, *forwarded);
      }
    }
    out.clear_error();
    // Closing the pipe ends the server's input.
  });
  // The first failed write to the editor (a full disk behind stdout): the
  // server's output is still read to its end, so that the server never
  // blocks on a full pipe, and the process fails with a message.
  std::error_code editorWriteError;
  std::thread output([&guard, &editorWriteError, fromServerFd = fromServer[0],
                      editorOut] {
    FdReader in(fromServerFd, -1);
    llvm::raw_fd_ostream out(editorOut, /*shouldClose=*/false);
    std::string body;
    while (readServerMessage(in, body)) {
      writeFrame(out, guard.fromServer(std::move(body)));
      if (out.has_error() && !editorWriteError)
        editorWriteError = out.error();
    }
    out.clear_error();
    close(fromServerFd);
  });

  // The server parses each version of each document: on a stack of known
  // size (documents deeper than its limit never reach it).
  int status = 1;
  runWithLargeStack([&] { status = runServer(argc, argv, registry); });
  llvm::outs().flush();
  // The editor's stdout back on 1, which closes the pipe's last writer: the
  // output thread sees the end of the server's output.
  dup2(editorOut, STDOUT_FILENO);
  output.join();
  // The editor may not close its end: stop reading it.
  (void)!write(stop[1], "x", 1);
  input.join();
  close(editorIn);
  close(editorOut);
  close(stop[0]);
  close(stop[1]);
  if (editorWriteError) {
    llvm::errs() << "mcore-lsp-server: error: cannot write standard output: "
                 << editorWriteError.message() << "\n";
    return 1;
  }
  return status;
}
