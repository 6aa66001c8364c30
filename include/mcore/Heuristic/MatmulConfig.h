//===- MatmulConfig.h - The knobs of a matmul kernel as data ----*- C++ -*-===//
//
// A matmul's kernel configuration (instruction, tiles, waves, LDS stages,
// ...) as data, after IREE's `lowering_config`: the knobs of MatmulConfig.def
// as optional fields. A field left unset is chosen by
// mcore-configure-matmul. #mcore.matmul_config stores one of these, and a
// tuning-table entry's "config" object is one (docs/Pipeline.md).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_HEURISTIC_MATMULCONFIG_H
#define MCORE_HEURISTIC_MATMULCONFIG_H

#include "mlir/Support/LLVM.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>

namespace mlir::mcore {

/// The knobs one op (#mcore.matmul_config) or one tuning-table entry sets.
struct MatmulConfigFields {
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)              \
  std::optional<TYPE> NAME;
#include "mcore/Heuristic/MatmulConfig.def"

  /// Whether every knob is set (what mcore-configure-matmul leaves).
  bool isComplete() const;
  /// Whether no knob is set.
  bool empty() const;
  /// Sets every knob `other` sets, keeping the others.
  void overrideWith(const MatmulConfigFields &other);
  /// The keys of the knobs that are set, "tile_m, tile_k".
  std::string describeSetKeys() const;

  bool operator==(const MatmulConfigFields &other) const;
  bool operator!=(const MatmulConfigFields &other) const {
    return !(*this == other);
  }
};

llvm::hash_code hash_value(const MatmulConfigFields &fields);

/// What a knob is, for code that treats them all alike.
struct MatmulKnobInfo {
  enum class Kind { Int, Bool, String };
  llvm::StringRef name;        ///< C++ member, "tileM"
  llvm::StringRef option;      ///< pass and pipeline option, "tile-m"
  llvm::StringRef key;         ///< attribute and JSON key, "tile_m"
  Kind kind;
  llvm::StringRef description; ///< the option's help text
};

/// Every knob, in MatmulConfig.def's order.
llvm::ArrayRef<MatmulKnobInfo> getMatmulKnobs();
/// "intrinsic, tile_m, tile_n, ..."
std::string getMatmulKnobKeyList();

template <typename T> constexpr MatmulKnobInfo::Kind getMatmulKnobKind() {
  if constexpr (std::is_same_v<T, bool>)
    return MatmulKnobInfo::Kind::Bool;
  else if constexpr (std::is_same_v<T, std::string>)
    return MatmulKnobInfo::Kind::String;
  else {
    static_assert(std::is_same_v<T, int64_t>,
                  "a knob is int64_t, bool or std::string");
    return MatmulKnobInfo::Kind::Int;
  }
}

/// Calls `fn(info, field)` for every knob of `fields` (a MatmulConfigFields,
/// const or not), `field` being its std::optional member.
template <typename Fields, typename Fn>
void forEachMatmulKnob(Fields &fields, Fn &&fn) {
  llvm::ArrayRef<MatmulKnobInfo> knobs = getMatmulKnobs();
  unsigned i = 0;
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)              \
  fn(knobs[i++], fields.NAME);
#include "mcore/Heuristic/MatmulConfig.def"
}

/// The chip-independent checks of a configuration: each knob in its range
/// (tiles and waves positive, stages 1 or 2, padding a multiple of 4 bytes,
/// group-m at least 1, a known intrinsic) and the knobs that are set
/// against each other (tiles split into the waves, wave tiles and tile-k
/// multiples of the intrinsic's M, N and K, at most 1024 threads). What
/// depends on the chip and the op (the chip has the intrinsic, LDS fits) is
/// checked by mcore-configure-matmul. Returns the first problem, or "".
std::string checkMatmulConfig(const MatmulConfigFields &fields);

/// The fields as a JSON object, by key, set knobs only.
llvm::json::Object toJSON(const MatmulConfigFields &fields);
/// Reads a JSON object of knobs (keys as in the attribute); an unknown key
/// or a value of the wrong type is an error that names it. The values are
/// not checked (checkMatmulConfig).
llvm::Error fromJSON(const llvm::json::Value &value,
                     MatmulConfigFields &fields);

} // namespace mlir::mcore

#endif // MCORE_HEURISTIC_MATMULCONFIG_H
