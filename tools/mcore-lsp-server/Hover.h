//===- Hover.h - mcore's documentation in LSP hovers -------------*- C++
//-*-===//
//
// What mcore-lsp-server adds to upstream's textDocument/hover: upstream's
// server shows an op's name and generic form, and nothing for attributes.
// Over an mcore op (or a transform.mcore.* op) the hover gets the op's
// summary and description from ODS (HoverDocs.inc, gen-hover-docs.py), and
// for mcore.mma / mcore.sparse_mma the instruction its #mcore.intrinsic
// names: shape, element types, wave size and chips, from mcore's catalog.
// Over an #mcore.intrinsic, #mcore.chip or #mcore.matmul_config attribute,
// or the name of a discardable mcore attribute (mcore.chip, mcore.wave,
// mcore.work_item, ...), the hover is that attribute's documentation, with
// the catalog's facts for the intrinsic or chip it names.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_TOOLS_MCORE_LSP_SERVER_HOVER_H
#define MCORE_TOOLS_MCORE_LSP_SERVER_HOVER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>

namespace mlir::mcore::hover {

/// The hover for `line`, character `character` (UTF-16 code units, which
/// are bytes for the ASCII an mcore name is made of) of a document, given
/// the result upstream's server gave for it (null when it has none): the
/// result with mcore's documentation added, or none when there is nothing
/// of mcore there.
std::optional<llvm::json::Value> addMCoreDocs(llvm::StringRef text, int line,
                                              int character,
                                              const llvm::json::Value &result);

/// The markdown mcore shows for the name `name` (an op name such as
/// "mcore.mma", an attribute such as "#mcore.intrinsic" with `parameter`
/// its first parameter, or a discardable attribute name such as
/// "mcore.wave"); empty for a name mcore does not document.
std::string describeName(llvm::StringRef name, llvm::StringRef parameter = "");

} // namespace mlir::mcore::hover

#endif // MCORE_TOOLS_MCORE_LSP_SERVER_HOVER_H
