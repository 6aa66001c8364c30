//===- MatmulConfig.cpp - The knobs of a matmul kernel as data ------------===//
//
// MatmulConfigFields (include/mcore/Heuristic/MatmulConfig.h): the
// table of knobs made from MatmulConfig.def, the chip-independent checks
// and JSON. The syntax of #mcore.matmul_config, which holds them, is the
// dialect's (lib/Dialect/MCore/IR/MatmulConfigAttr.cpp).
//
//===----------------------------------------------------------------------===//

#include "mcore/Heuristic/MatmulConfig.h"

#include "mcore/Target/Catalog.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <vector>

using namespace mlir;
using namespace mlir::mcore;

ArrayRef<MatmulKnobInfo> mlir::mcore::getMatmulKnobs() {
  static const std::vector<MatmulKnobInfo> knobs = [] {
    // The keys are the options with _ for -; they live as long as the table.
    static std::vector<std::string> keys;
    std::vector<MatmulKnobInfo> result;
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)              \
  result.push_back({#NAME, OPTION, "", getMatmulKnobKind<TYPE>(), DESCRIPTION});
#include "mcore/Heuristic/MatmulConfig.def"
    keys.reserve(result.size());
    for (MatmulKnobInfo &knob : result) {
      std::string key = knob.option.str();
      llvm::replace(key, '-', '_');
      keys.push_back(std::move(key));
      knob.key = keys.back();
    }
    return result;
  }();
  return knobs;
}

std::string mlir::mcore::getMatmulKnobKeyList() {
  return llvm::join(llvm::map_range(getMatmulKnobs(),
                                    [](const MatmulKnobInfo &k) {
                                      return k.key;
                                    }),
                    ", ");
}

bool MatmulConfigFields::isComplete() const {
  bool complete = true;
  forEachMatmulKnob(*this, [&](const MatmulKnobInfo &, const auto &field) {
    complete &= field.has_value();
  });
  return complete;
}

bool MatmulConfigFields::empty() const {
  bool none = true;
  forEachMatmulKnob(*this, [&](const MatmulKnobInfo &, const auto &field) {
    none &= !field.has_value();
  });
  return none;
}

void MatmulConfigFields::overrideWith(const MatmulConfigFields &other) {
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)              \
  if (other.NAME)                                                              \
    NAME = other.NAME;
#include "mcore/Heuristic/MatmulConfig.def"
}

std::string MatmulConfigFields::describeSetKeys() const {
  std::vector<std::string> keys;
  forEachMatmulKnob(*this, [&](const MatmulKnobInfo &knob, const auto &field) {
    if (field)
      keys.push_back(knob.key.str());
  });
  return llvm::join(keys, ", ");
}

bool MatmulConfigFields::operator==(const MatmulConfigFields &other) const {
  return true
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)              \
  &&NAME == other.NAME
#include "mcore/Heuristic/MatmulConfig.def"
      ;
}

llvm::hash_code mlir::mcore::hash_value(const MatmulConfigFields &fields) {
  llvm::hash_code hash = llvm::hash_value(0);
  forEachMatmulKnob(fields, [&](const MatmulKnobInfo &, const auto &field) {
    hash = field ? llvm::hash_combine(hash, true, *field)
                 : llvm::hash_combine(hash, false);
  });
  return hash;
}

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

std::string mlir::mcore::checkMatmulConfig(const MatmulConfigFields &f) {
  auto say = [](const llvm::Twine &text) { return text.str(); };
  const IntrinsicInfo *intr = nullptr;
  if (f.intrinsicName) {
    intr = lookupIntrinsic(*f.intrinsicName);
    if (!intr) {
      std::string message = "unknown intrinsic '" + *f.intrinsicName + "'";
      std::vector<StringRef> near = suggestIntrinsics(*f.intrinsicName);
      if (!near.empty())
        message += "; did you mean " + llvm::join(near, ", ") + "?";
      return message;
    }
  }
  for (auto [value, key] :
       {std::pair(f.tileM, "tile_m"), std::pair(f.tileN, "tile_n"),
        std::pair(f.tileK, "tile_k"), std::pair(f.wavesM, "waves_m"),
        std::pair(f.wavesN, "waves_n")})
    if (value && *value <= 0)
      return say(llvm::Twine(key) + " must be positive, got " +
                 llvm::Twine(*value));
  if (f.stages && *f.stages != 1 && *f.stages != 2)
    return say("stages must be 1 (one LDS buffer) or 2 (double buffering), "
               "got " +
               llvm::Twine(*f.stages));
  if (f.ldsPadBytes && (*f.ldsPadBytes < 0 || *f.ldsPadBytes % 4))
    return say("lds_padding must be a non-negative multiple of 4 bytes, got " +
               llvm::Twine(*f.ldsPadBytes));
  if (f.groupM && *f.groupM < 1)
    return say("group_m must be at least 1, got " + llvm::Twine(*f.groupM));
  if (f.splitK && *f.splitK < 1)
    return say("split_k must be at least 1 (1: K is not split), got " +
               llvm::Twine(*f.splitK));
  // Tiles against waves.
  for (auto [tile, waves, dim] : {std::tuple(f.tileM, f.wavesM, "m"),
                                  std::tuple(f.tileN, f.wavesN, "n")})
    if (tile && waves && *tile % *waves)
      return say(llvm::formatv("tile_{0} {1} does not split into {2} waves "
                               "(waves_{0})",
                               dim, *tile, *waves)
                     .str());
  if (!intr)
    return "";
  // Against the instruction.
  for (auto [tile, waves, size, dim] :
       {std::tuple(f.tileM, f.wavesM, intr->m, "m"),
        std::tuple(f.tileN, f.wavesN, intr->n, "n")}) {
    if (!tile || !waves)
      continue;
    int64_t waveTile = *tile / *waves;
    if (waveTile % size)
      return say(llvm::formatv("tile_{0} {1} with {2} waves gives wave tiles "
                               "of {3}, not a multiple of {4}'s {0} = {5}",
                               dim, *tile, *waves, waveTile, intr->name, size)
                     .str());
  }
  if (f.tileK && *f.tileK % intr->k)
    return say(llvm::formatv("tile_k {0} is not a multiple of {1}'s K = {2}",
                             *f.tileK, intr->name, intr->k)
                   .str());
  if (f.tileK && intr->isSparse() && *f.tileK % 32)
    return say(llvm::formatv("tile_k {0} must be a multiple of 32 for {1} "
                             "(whole metadata words)",
                             *f.tileK, intr->name)
                   .str());
  if (f.wavesM && f.wavesN && *f.wavesM * *f.wavesN * intr->waveSize > 1024)
    return say(llvm::formatv("{0} x {1} waves of {2} lanes are more than 1024 "
                             "threads",
                             *f.wavesM, *f.wavesN, unsigned(intr->waveSize))
                   .str());
  return "";
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

llvm::json::Object mlir::mcore::toJSON(const MatmulConfigFields &fields) {
  llvm::json::Object object;
  forEachMatmulKnob(fields, [&](const MatmulKnobInfo &knob, const auto &field) {
    if (field)
      object[knob.key] = *field;
  });
  return object;
}

llvm::Error mlir::mcore::fromJSON(const llvm::json::Value &value,
                                  MatmulConfigFields &fields) {
  auto fail = [](const llvm::Twine &message) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
  };
  const llvm::json::Object *object = value.getAsObject();
  if (!object)
    return fail("expected an object of knobs (" + getMatmulKnobKeyList() +
                ")");
  fields = MatmulConfigFields();
  for (const auto &entry : *object) {
    StringRef key = entry.first;
    if (!llvm::is_contained(llvm::map_range(getMatmulKnobs(),
                                            [](const MatmulKnobInfo &k) {
                                              return k.key;
                                            }),
                            key))
      return fail("unknown knob '" + key + "'; the knobs are " +
                  getMatmulKnobKeyList());
  }
  std::string error;
  forEachMatmulKnob(fields, [&](const MatmulKnobInfo &knob, auto &field) {
    const llvm::json::Value *item = object->get(knob.key);
    if (!item || !error.empty())
      return;
    using T = typename std::decay_t<decltype(field)>::value_type;
    if constexpr (std::is_same_v<T, bool>) {
      if (std::optional<bool> b = item->getAsBoolean())
        field = *b;
      else
        error = knob.key.str() + ": expected true or false";
    } else if constexpr (std::is_same_v<T, std::string>) {
      if (std::optional<StringRef> s = item->getAsString())
        field = s->str();
      else
        error = knob.key.str() + ": expected a string";
    } else {
      if (std::optional<int64_t> i = item->getAsInteger())
        field = *i;
      else
        error = knob.key.str() + ": expected an integer";
    }
  });
  if (!error.empty())
    return fail(error);
  return llvm::Error::success();
}
