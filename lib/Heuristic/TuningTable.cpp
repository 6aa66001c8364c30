//===- TuningTable.cpp - Matmul configurations by chip, types and shape ---===//
//
// Reading, matching and writing tuning tables (TuningTable.h; the format is
// in docs/Tuning.md).
//
//===----------------------------------------------------------------------===//

#include "mcore/Heuristic/TuningTable.h"
#include "mcore/Support/JSON.h"

#include "mcore/Support/FileIO.h"
#include "mcore/Support/Nesting.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::mcore;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

bool DimRange::matches(std::optional<int64_t> size) const {
  if (isAny())
    return true;
  if (!size)
    return false; // a dynamic size matches only "any"
  return (!min || *size >= *min) && (!max || *size <= *max);
}

/// A size of `problem`, std::nullopt when dynamic.
static std::optional<int64_t> sizeOf(int64_t size) {
  if (size == MatmulProblem::kDynamic)
    return std::nullopt;
  return size;
}

bool TuningEntry::matches(const MatmulProblem &p) const {
  return chip == p.chip && (!a || *a == p.a) && (!b || *b == p.b) &&
         (!c || *c == p.c) && (!sparse || *sparse == p.sparseA) &&
         blockScaled == p.blockScaled && m.matches(sizeOf(p.m)) && n.matches(sizeOf(p.n)) &&
         k.matches(sizeOf(p.k));
}

TuningEntry TuningEntry::forProblem(const MatmulProblem &p) {
  TuningEntry entry;
  entry.chip = p.chip;
  entry.a = p.a;
  entry.b = p.b;
  entry.c = p.c;
  entry.sparse = p.sparseA;
  entry.blockScaled = p.blockScaled;
  entry.m = {sizeOf(p.m), sizeOf(p.m)};
  entry.n = {sizeOf(p.n), sizeOf(p.n)};
  entry.k = {sizeOf(p.k), sizeOf(p.k)};
  return entry;
}

bool TuningEntry::sameMatch(const TuningEntry &o) const {
  auto same = [](const DimRange &x, const DimRange &y) {
    return x.min == y.min && x.max == y.max;
  };
  return chip == o.chip && a == o.a && b == o.b && c == o.c &&
         sparse == o.sparse && blockScaled == o.blockScaled && same(m, o.m) && same(n, o.n) && same(k, o.k);
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

static llvm::Error readDim(const llvm::json::Value &value, DimRange &range) {
  if (std::optional<int64_t> exact = value.getAsInteger()) {
    range = {exact, exact};
    return llvm::Error::success();
  }
  const llvm::json::Object *object = value.getAsObject();
  if (!object)
    return makeError("expected a size or {\"min\": ..., \"max\": ...}");
  for (const auto &[key, item] : *object) {
    std::optional<int64_t> bound = item.getAsInteger();
    if (!bound)
      return makeError("'" + StringRef(key) + "' must be an integer");
    if (key == "min")
      range.min = bound;
    else if (key == "max")
      range.max = bound;
    else
      return makeError("unknown key '" + StringRef(key) +
                       "'; a range has min and max");
  }
  if (range.min && range.max && *range.min > *range.max)
    return makeError("min is greater than max");
  return llvm::Error::success();
}

static llvm::Error readEntry(const llvm::json::Value &value,
                             TuningEntry &entry) {
  const llvm::json::Object *object = value.getAsObject();
  if (!object)
    return makeError("an entry must be an object");
  bool haveChip = false, haveConfig = false;
  for (const auto &[keyString, item] : *object) {
    StringRef key = keyString;
    auto in = [&](llvm::Error e) -> llvm::Error {
      if (!e)
        return e;
      return makeError("\"" + key + "\": " + llvm::toString(std::move(e)));
    };
    if (key == "chip") {
      std::optional<StringRef> name = item.getAsString();
      std::optional<Chip> chip = name ? parseChip(*name) : std::nullopt;
      if (!chip)
        return in(makeError("expected a chip name (" +
                            getSupportedChipList() + ")"));
      entry.chip = *chip;
      haveChip = true;
    } else if (key == "a" || key == "b" || key == "c") {
      std::optional<StringRef> name = item.getAsString();
      std::optional<ScalarKind> kind =
          name ? parseScalarKind(*name) : std::nullopt;
      if (!kind)
        return in(makeError("expected an element kind (f16, bf16, fp8, bf8, "
                            "i8, i4, f32, i32)"));
      (key == "a" ? entry.a : key == "b" ? entry.b : entry.c) = *kind;
    } else if (key == "sparse") {
      std::optional<bool> sparse = item.getAsBoolean();
      if (!sparse)
        return in(makeError("expected true or false"));
      entry.sparse = *sparse;
    } else if (key == "scales") {
      std::optional<StringRef> scales = item.getAsString();
      if (!scales || (*scales != "e8m0" && *scales != "none"))
        return in(makeError("expected \"e8m0\" (block-scaled, OCP MX) or "
                            "\"none\""));
      entry.blockScaled = *scales == "e8m0";
    } else if (key == "m" || key == "n" || key == "k") {
      if (llvm::Error e = readDim(item, key == "m"   ? entry.m
                                        : key == "n" ? entry.n
                                                     : entry.k))
        return in(std::move(e));
    } else if (key == "config") {
      if (llvm::Error e = fromJSON(item, entry.config))
        return in(std::move(e));
      std::string problem = checkMatmulConfig(entry.config);
      if (!problem.empty())
        return in(makeError(problem));
      haveConfig = true;
    } else if (key == "predicted" || key == "note") {
      entry.extra[key.str()] = item; // owned: the parsed text goes
    } else {
      return makeError("unknown key '" + key +
                       "'; an entry has chip, a, b, c, sparse, scales, m, n, "
                       "k, config, predicted and note");
    }
  }
  if (!haveChip)
    return makeError("an entry needs \"chip\"");
  if (!haveConfig)
    return makeError("an entry needs \"config\"");
  return llvm::Error::success();
}

llvm::Expected<TuningTable> TuningTable::parse(StringRef text,
                                               StringRef name) {
  auto fail = [&](const llvm::Twine &message) {
    return makeError("tuning file '" + name + "': " + message);
  };
  // LLVM's JSON parser recurses per level of nesting.
  if (std::optional<DeepNesting> deep = findDeepNesting(text)) {
    auto [line, column] = getLineAndColumn(text, deep->offset);
    return fail(llvm::formatv("line {0}, column {1}: {2}", line, column,
                              deep->describe())
                    .str());
  }
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(text);
  if (!value)
    return fail(llvm::toString(value.takeError()));
  const llvm::json::Object *object = value->getAsObject();
  if (!object)
    return fail("expected an object {\"mcore_tuning_table\": 1, "
                "\"entries\": [...]}");
  TuningTable table;
  table.name = name.str();
  std::optional<int64_t> version;
  const llvm::json::Array *entries = nullptr;
  for (const auto &[key, item] : *object) {
    if (key == "mcore_tuning_table")
      version = item.getAsInteger();
    else if (key == "entries")
      entries = item.getAsArray();
    else if (key != "note")
      return fail("unknown key '" + StringRef(key) +
                  "'; a table has mcore_tuning_table, entries and note");
  }
  if (version != 1)
    return fail("expected \"mcore_tuning_table\": 1 (the format's version)");
  if (!entries)
    return fail("expected \"entries\": [...]");
  for (auto [i, item] : llvm::enumerate(*entries)) {
    TuningEntry entry;
    if (llvm::Error e = readEntry(item, entry))
      return fail("entry " + llvm::Twine(i) + ": " +
                  llvm::toString(std::move(e)));
    table.entries.push_back(std::move(entry));
  }
  return table;
}

llvm::Expected<TuningTable> TuningTable::load(StringRef path) {
  // A regular file or a pipe, of at most 64 MiB: not /dev/zero.
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      readFileWhole(path, "tuning file", kMaxTableFileBytes);
  if (!buffer)
    return buffer.takeError();
  return parse((*buffer)->getBuffer(), path);
}

//===----------------------------------------------------------------------===//
// Matching and writing
//===----------------------------------------------------------------------===//

const TuningEntry *TuningTable::lookup(const MatmulProblem &problem) const {
  for (const TuningEntry &entry : entries)
    if (entry.matches(problem))
      return &entry;
  return nullptr;
}

void TuningTable::set(TuningEntry entry) {
  for (TuningEntry &old : entries)
    if (old.sameMatch(entry)) {
      old = std::move(entry);
      return;
    }
  entries.push_back(std::move(entry));
}

std::string TuningTable::describe(const TuningEntry &entry) const {
  size_t index = &entry - entries.data();
  return llvm::formatv("entry {0} of tuning file '{1}'", index, name).str();
}

static llvm::json::Value dimToJSON(const DimRange &range) {
  if (range.min && range.min == range.max)
    return *range.min;
  llvm::json::Object object;
  if (range.min)
    object["min"] = *range.min;
  if (range.max)
    object["max"] = *range.max;
  return object;
}

llvm::json::Object TuningEntry::toJSON() const {
  const TuningEntry &entry = *this;
  llvm::json::Object object;
  object["chip"] = getChipName(entry.chip);
  if (entry.a)
    object["a"] = getScalarKindName(*entry.a);
  if (entry.b)
    object["b"] = getScalarKindName(*entry.b);
  if (entry.c)
    object["c"] = getScalarKindName(*entry.c);
  if (entry.sparse)
    object["sparse"] = *entry.sparse;
  if (entry.blockScaled)
    object["scales"] = "e8m0";
  for (auto [key, range] :
       {std::pair("m", &entry.m), {"n", &entry.n}, {"k", &entry.k}})
    if (!range->isAny())
      object[key] = dimToJSON(*range);
  object["config"] = mcore::toJSON(entry.config);
  for (const auto &[key, value] : entry.extra)
    object[key] = value;
  return object;
}

llvm::json::Value TuningTable::toJSON() const {
  llvm::json::Array array;
  for (const TuningEntry &entry : entries)
    array.push_back(entry.toJSON());
  return llvm::json::Object{{"mcore_tuning_table", 1},
                            {"entries", std::move(array)}};
}

std::string TuningTable::print() const {
  // One entry per line: diffs of a table show which entries changed. Numbers
  // as a person writes them (mcore/Support/JSON.h).
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "{\"mcore_tuning_table\": 1, \"entries\": [";
  for (auto [i, entry] : llvm::enumerate(entries))
    os << (i ? ",\n  " : "\n  ")
       << formatJSON(llvm::json::Value(entry.toJSON()));
  os << "\n]}\n";
  return text;
}

llvm::Error TuningTable::save(StringRef path) const {
  return llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
    os << print();
    return llvm::Error::success();
  });
}
