//===- ParserGuardProxy.h - The LSP server behind the parser-crash guard --===//
//
// Upstream MLIR 22's parser crashes (a signal) on some documents
// (mcore/Runner/GuardedParse.h); upstream's language server parses every
// version of every open document, so one such document would end the
// editor's server. runLspServerBehindParserGuard runs upstream's server
// (MlirLspServerMain) on a thread of its own, talking to it through pipes,
// and stands between it and the editor:
//   * it keeps the text of each open document (textDocument/didOpen,
//     didChange with its incremental edits, didClose) and parses each chunk
//     (split at "// -----", as the server splits) once under the crash guard
//     before the server sees that version;
//   * a chunk the parser crashes on reaches the server blanked (its lines
//     kept, empty), so the server's line numbers stay the editor's; while a
//     document has such a chunk the server gets each version whole;
//   * the server's textDocument/publishDiagnostics for that version gets one
//     more error per crashing chunk: describeParserCrash's message, at the
//     linalg.batch_matmul or linalg.batch_reduce_matmul the parser crashed
//     on (found by parsing ever longer prefixes of the chunk), or at the
//     chunk's first line;
//   * a chunk that nests deeper than the parser's stack allows
//     (mcore/Support/Nesting.h) is not parsed at all: it is blanked the
//     same way, with an error where it goes past the limit; an editor's
//     message whose JSON nests that deep is dropped (with a line on
//     stderr), as LLVM's JSON parser would overflow its stack on it. The
//     server runs on a stack of known size (runWithLargeStack).
// It also adds mcore's documentation to the server's hovers (Hover.h): it
// notes where each textDocument/hover points and amends the reply.
// Everything else (requests, replies, other notifications, both framings:
// Content-Length headers, and -lit-test's "// -----" delimited input) passes
// through unchanged.
//
// Costs: each version of a document is parsed once more, and a crash leaks
// the throwaway context of that parse (GuardedParse.h says why), about
// log2(lines of the chunk) of them per crashing version while it is located.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TOOLS_MCORE_LSP_SERVER_PARSERGUARDPROXY_H
#define MCORE_TOOLS_MCORE_LSP_SERVER_PARSERGUARDPROXY_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::mcore {

/// Runs MlirLspServerMain(argc, argv, registry) behind the guard on this
/// process's stdin and stdout; returns its exit status. Options that print
/// and exit (-help, --version, ...) run the server directly.
int runLspServerBehindParserGuard(int argc, char **argv,
                                  DialectRegistry &registry);

} // namespace mlir::mcore

#endif // MCORE_TOOLS_MCORE_LSP_SERVER_PARSERGUARDPROXY_H
