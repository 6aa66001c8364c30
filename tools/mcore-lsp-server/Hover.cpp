//===- Hover.cpp - mcore's documentation in LSP hovers --------------------===//
//
// Hover.h says what a hover gets. The op and attribute texts are ODS's
// (HoverDocs.inc); the facts of an intrinsic or a chip are the catalog's
// (mcore/Target), as mcore-layout --list prints them.
//
//===----------------------------------------------------------------------===//

#include "Hover.h"

#include "mcore/Target/Catalog.h"
#include "mcore/Target/Chip.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir::mcore;
using llvm::StringRef;

namespace {
struct HoverDoc {
  const char *name; ///< "mcore.mma", "#mcore.intrinsic", "transform.mcore...."
  const char *kind; ///< "op" or "attribute"
  const char *summary;
  const char *description;
};

const HoverDoc kDocs[] = {
#include "HoverDocs.inc"
};

/// mcore's discardable attributes: names in an op's attribute dictionary,
/// not ODS attribute definitions.
const HoverDoc kDiscardable[] = {
    {"mcore.chip", "discardable attribute",
     "The target chip of the code under it",
     "An `#mcore.chip<...>` on an op (a function, a module): mcore's passes "
     "take the chip of an op from the nearest enclosing one when their "
     "`chip=` option is empty, else from the `#rocdl.target` of its "
     "`gpu.module`."},
    {"mcore.matmul_config", "discardable attribute",
     "The configuration chosen for one matmul",
     "A `#mcore.matmul_config` on a `linalg.matmul` or "
     "`mcore.sparse_matmul`: `mcore-configure-matmul` chooses it, "
     "`mcore-tile-matmul` obeys it."},
    {"mcore.wave", "discardable attribute",
     "This vector.contract is the wave's",
     "A unit attribute of `vector.contract` in a kernel: the wave computes it "
     "once, with a matrix instruction; its operands are whole tiles the wave "
     "holds together, the same in every lane. `mcore-vector-contract-to-mma` "
     "makes `mcore.mma` / `mcore.sparse_mma` of it (docs/OwnKernels.md)."},
    {"mcore.work_item", "discardable attribute",
     "This vector.contract is each work-item's",
     "A unit attribute of `vector.contract` in a kernel: each work-item "
     "computes it on its own values (upstream's meaning, which an unmarked "
     "contraction has too), as outer products and FMAs; no warning that the "
     "wave could compute it (docs/OwnKernels.md)."},
    {"mcore.not_fused", "discardable attribute",
     "Why an op was not fused into a matmul kernel's epilogue",
     "A string `mcore-tile-matmul` leaves on an element-wise consumer it did "
     "not fuse; `mcore-linalg-to-gpu`'s remark repeats it."},
};

const HoverDoc *lookupDoc(StringRef name) {
  for (const HoverDoc &doc : kDocs)
    if (name == doc.name)
      return &doc;
  for (const HoverDoc &doc : kDiscardable)
    if (name == doc.name)
      return &doc;
  return nullptr;
}

bool isNameChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
}

/// The facts of catalog intrinsic `name`.
std::string describeIntrinsic(StringRef name) {
  std::string s;
  llvm::raw_string_ostream os(s);
  const IntrinsicInfo *info = lookupIntrinsic(name);
  if (!info) {
    os << "`" << name << "` is not in mcore's catalog";
    std::vector<StringRef> close = suggestIntrinsics(name);
    if (!close.empty())
      os << " (did you mean `" << llvm::join(close, "`, `") << "`?)";
    os << ".";
    return s;
  }
  os << "**`" << info->name << "`**: " << getMmaFamilyName(info->family)
     << ", `" << info->llvmName << "`\n\n";
  os << "- M x N x K: " << info->m << "x" << info->n << "x" << info->k;
  if (info->isSparse())
    os << " (dense K; the 2:4 A holds " << info->getAK() << " per row)";
  os << "\n";
  os << "- types: A " << getScalarKindName(info->a.kind) << ", B "
     << getScalarKindName(info->b.kind) << ", C and D "
     << getScalarKindName(info->c.kind) << "\n";
  os << "- wave size: " << unsigned(info->waveSize) << "\n";
  os << "- chips:";
  bool first = true;
  for (const ChipInfo &chip : getAllChips()) {
    if (!info->isAvailableOn(chip.chip))
      continue;
    os << (first ? " " : ", ") << chip.name << " ("
       << info->getCycles(chip.chip) << " cycles)";
    first = false;
  }
  os << "\n";
  return s;
}

/// The facts of chip `name`.
std::string describeChip(StringRef name) {
  std::string s;
  llvm::raw_string_ostream os(s);
  std::optional<Chip> chip = parseChip(name);
  if (!chip) {
    os << "`" << name << "` is not a chip mcore knows ("
       << getSupportedChipList() << ").";
    return s;
  }
  const ChipInfo &info = getChipInfo(*chip);
  os << "**`" << info.name << "`**: " << info.marketing << ", wave size "
     << info.waveSize << "\n\n- matrix instructions:";
  llvm::SmallVector<StringRef> families;
  if (info.hasMfma)
    families.push_back("MFMA");
  if (info.hasSmfmac)
    families.push_back("SMFMAC (2:4)");
  if (info.hasWmma)
    families.push_back("WMMA");
  if (info.hasSwmmac)
    families.push_back("SWMMAC (2:4)");
  os << " " << llvm::join(families, ", ") << " ("
     << getIntrinsicsFor(*chip).size() << " in the catalog)\n";
  os << "- LDS per work-group: " << info.ldsBytes / 1024 << " KiB\n";
  return s;
}

/// The text of line `line` of `text`.
StringRef getLine(StringRef text, int line) {
  for (int i = 0; i < line; ++i) {
    size_t newline = text.find('\n');
    if (newline == StringRef::npos)
      return "";
    text = text.drop_front(newline + 1);
  }
  return text.take_until([](char c) { return c == '\n'; });
}

/// The #mcore.NAME<...> attribute of `line` around `character`: its name,
/// its first parameter and its columns.
struct AttrAt {
  std::string name, parameter;
  size_t begin, end;
};
std::optional<AttrAt> findAttribute(StringRef line, size_t character) {
  for (size_t at = line.find("#mcore."); at != StringRef::npos;
       at = line.find("#mcore.", at + 1)) {
    size_t end = at + 1;
    while (end < line.size() && isNameChar(line[end]))
      ++end;
    StringRef name = line.slice(at, end);
    StringRef parameter;
    if (end < line.size() && line[end] == '<') {
      int depth = 0;
      size_t close = end;
      for (; close < line.size(); ++close) {
        if (line[close] == '<')
          ++depth;
        else if (line[close] == '>' && --depth == 0)
          break;
      }
      parameter = line.slice(end + 1, close)
                      .take_until([](char c) { return c == ',' || c == '>'; })
                      .trim();
      end = std::min(close + 1, line.size());
    }
    if (character >= at && character < end)
      return AttrAt{name.str(), parameter.str(), at, end};
  }
  return std::nullopt;
}

llvm::json::Value makeRange(int line, size_t begin, size_t end) {
  auto position = [&](size_t character) {
    return llvm::json::Object{{"line", line},
                              {"character", int64_t(character)}};
  };
  return llvm::json::Object{{"start", position(begin)}, {"end", position(end)}};
}
} // namespace

std::string mlir::mcore::hover::describeName(StringRef name,
                                             StringRef parameter) {
  const HoverDoc *doc = lookupDoc(name);
  if (!doc)
    return "";
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "**`" << doc->name << "`** (mcore " << doc->kind
     << "): " << doc->summary << "\n\n"
     << doc->description << "\n";
  if (!parameter.empty() && name == "#mcore.intrinsic")
    os << "\n---\n\n" << describeIntrinsic(parameter);
  else if (!parameter.empty() && name == "#mcore.chip")
    os << "\n---\n\n" << describeChip(parameter);
  return s;
}

std::optional<llvm::json::Value>
mlir::mcore::hover::addMCoreDocs(StringRef text, int line, int character,
                                 const llvm::json::Value &result) {
  if (line < 0 || character < 0)
    return std::nullopt;
  StringRef lineText = getLine(text, line);
  std::string markdown;
  std::optional<llvm::json::Value> range;
  if (std::optional<AttrAt> attr = findAttribute(lineText, character)) {
    markdown = describeName(attr->name, attr->parameter);
    range = makeRange(line, attr->begin, attr->end);
  } else if (size_t(character) < lineText.size() &&
             isNameChar(lineText[character])) {
    size_t begin = character, end = character;
    while (begin > 0 && isNameChar(lineText[begin - 1]))
      --begin;
    while (end < lineText.size() && isNameChar(lineText[end]))
      ++end;
    StringRef name = lineText.slice(begin, end).trim('.');
    markdown = describeName(name);
    // The instruction of an mcore.mma / mcore.sparse_mma: upstream's hover
    // shows the op's generic form, with its attributes.
    const llvm::json::Object *object = result.getAsObject();
    const llvm::json::Object *contents =
        object ? object->getObject("contents") : nullptr;
    std::optional<StringRef> value =
        contents ? contents->getString("value") : std::nullopt;
    constexpr StringRef kIntrinsic = "#mcore.intrinsic<";
    if (!markdown.empty() && value && value->contains(kIntrinsic)) {
      StringRef rest =
          value->drop_front(value->find(kIntrinsic) + kIntrinsic.size());
      markdown += "\n---\n\n" + describeIntrinsic(rest.take_while(isNameChar));
    }
    range = makeRange(line, begin, end);
  }
  if (markdown.empty())
    return std::nullopt;

  // Upstream's hover first, then mcore's.
  if (const llvm::json::Object *object = result.getAsObject()) {
    llvm::json::Object merged = *object;
    llvm::json::Object *contents = merged.getObject("contents");
    std::optional<StringRef> value =
        contents ? contents->getString("value") : std::nullopt;
    if (value) {
      (*contents)["value"] = value->str() + "\n---\n\n" + markdown;
      return llvm::json::Value(std::move(merged));
    }
  }
  return llvm::json::Value(
      llvm::json::Object{{"contents", llvm::json::Object{{"kind", "markdown"},
                                                         {"value", markdown}}},
                         {"range", std::move(*range)}});
}
