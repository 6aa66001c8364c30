//===- TuningTable.h - Matmul configurations by problem ---------*- C++ -*-===//
//
// A tuning table gives kernel knobs (MatmulConfigFields) for the matmuls
// (MatmulProblem) it matches by chip, element types, sparsity and shape.
// mcore-tune writes one; mcore-configure-matmul{tuning-file=...} reads one.
// The format (JSON) is in docs/Tuning.md:
//
//   {"mcore_tuning_table": 1,
//    "entries": [
//      {"chip": "gfx942", "a": "f16", "b": "f16", "c": "f32",
//       "sparse": false, "m": 4096, "n": {"min": 1024}, "k": 4096,
//       "config": {"tile_m": 256, "tile_n": 128, "waves_m": 2, ...},
//       "predicted": {...}}]}
//
// An entry matches when every key it gives matches (a dimension is a number
// or a {"min", "max"} range; a key left out matches anything); the first
// entry that matches wins.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_HEURISTIC_TUNINGTABLE_H
#define MCORE_HEURISTIC_TUNINGTABLE_H

#include "mcore/Heuristic/MatmulConfig.h"
#include "mcore/Target/Chip.h"
#include "mcore/Target/MatmulProblem.h"
#include "mcore/Target/ScalarKind.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::mcore {

/// A range of a dimension, both ends included.
struct DimRange {
  std::optional<int64_t> min, max;
  bool matches(std::optional<int64_t> size) const;
  bool isAny() const { return !min && !max; }
};

struct TuningEntry {
  Chip chip = Chip::gfx1201;
  std::optional<ScalarKind> a, b, c;
  std::optional<bool> sparse;
  /// The entry is for block-scaled (MX) problems ("scales": "e8m0"); an
  /// entry without "scales" matches only matmuls without scales, whose
  /// kernels have other knobs.
  bool blockScaled = false;
  DimRange m, n, k;
  MatmulConfigFields config;
  /// What the entry says beyond the match and the config ("predicted",
  /// "note"): kept as it is, not read by the compiler.
  llvm::json::Object extra;

  /// Whether the entry matches `problem`: its chip, the kinds of A, B and
  /// C, whether A is 2:4 (sparseA), whether it is block-scaled, and its M,
  /// N and K (a dynamic one only
  /// matches a range left out).
  bool matches(const MatmulProblem &problem) const;
  /// The entry that matches exactly `problem`'s chip, kinds, sparsity and
  /// sizes (every dimension exact).
  static TuningEntry forProblem(const MatmulProblem &problem);
  /// Whether the two entries match the same matmuls.
  bool sameMatch(const TuningEntry &other) const;
  /// The entry as a table holds it.
  llvm::json::Object toJSON() const;
};

class TuningTable {
public:
  /// Reads a table; errors name the file and the entry. The file must be a
  /// regular file or a pipe of at most kMaxTableFileBytes
  /// (mcore/Support/FileIO.h), its JSON nest no deeper than kMaxNesting.
  static llvm::Expected<TuningTable> load(llvm::StringRef path);
  static llvm::Expected<TuningTable> parse(llvm::StringRef text,
                                           llvm::StringRef name);

  /// The first entry that matches `problem`, or nullptr.
  const TuningEntry *lookup(const MatmulProblem &problem) const;
  /// Replaces the entry that matches the same matmuls as `entry`, or
  /// appends it.
  void set(TuningEntry entry);

  llvm::json::Value toJSON() const;
  /// The table as JSON text, one entry per line.
  std::string print() const;
  /// Writes print() to `path` (atomically: a temporary file renamed).
  llvm::Error save(llvm::StringRef path) const;

  /// The file the table came from ("" when built in memory).
  const std::string &getName() const { return name; }
  const std::vector<TuningEntry> &getEntries() const { return entries; }
  /// "entry 3 of tuning file x.json" for `entry`, one of getEntries().
  std::string describe(const TuningEntry &entry) const;

private:
  std::string name;
  std::vector<TuningEntry> entries;
};

} // namespace mlir::mcore

#endif // MCORE_HEURISTIC_TUNINGTABLE_H
