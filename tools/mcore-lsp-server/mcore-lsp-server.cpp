//===- mcore-lsp-server.cpp - mlir-lsp-server plus mcore ------------------===//
//
// MLIR's language server (diagnostics, hover, go-to-definition, completion,
// code actions for .mlir files over LSP on stdio) that knows what mcore-opt
// knows: every upstream dialect and extension, and the mcore dialect
// (registerMCoreRequirements). Editors
// start it in place of mlir-lsp-server; docs/GettingStarted.md says how.
// A document the upstream parser would crash on gets an error diagnostic
// instead of ending the server (ParserGuardProxy.h).
//
//===----------------------------------------------------------------------===//

#include "ParserGuardProxy.h"

#include "mcore/InitAll.h"
#include "mcore/Support/Version.h"

#include "mlir/IR/DialectRegistry.h"

int main(int argc, char **argv) {
  mlir::mcore::setVersionPrinter("mcore-lsp-server");
  mlir::DialectRegistry registry;
  mlir::mcore::registerMCoreRequirements(registry);
  return mlir::mcore::runLspServerBehindParserGuard(argc, argv, registry);
}
