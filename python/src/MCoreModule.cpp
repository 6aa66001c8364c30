//===- MCoreModule.cpp - The _mcore extension module ----------------------===//
//
// The C++ side of the Python package: catalog queries (as the same JSON the
// tools print) and the canonical 2:4 format on raw element bits. The Python
// side (python/mcore/__init__.py) turns numpy arrays into bits and back.
//
//===----------------------------------------------------------------------===//

#include "mcore/Target/Catalog.h"
#include "mcore/Target/Describe.h"
#include "mcore/Target/Sparsity.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

namespace py = pybind11;
using namespace mlir::mcore;

namespace {

/// mcore's error type in Python: mcore.Error (a ValueError).
py::object &errorType() {
  static py::object type;
  return type;
}

[[noreturn]] void raise(const std::string &message) {
  PyErr_SetString(errorType().ptr(), message.c_str());
  throw py::error_already_set();
}

std::string toJson(llvm::json::Value value) {
  return llvm::formatv("{0}", value).str();
}

ScalarKind kindOf(const std::string &name) {
  std::optional<ScalarKind> kind = parseScalarKind(name);
  if (!kind)
    raise("unknown element kind '" + name + "'");
  return *kind;
}

Chip chipOf(const std::string &name) {
  std::optional<Chip> chip = parseChip(name);
  if (!chip)
    raise("unknown chip '" + name +
          "'; supported chips: " + getSupportedChipList());
  return *chip;
}

using Bits = py::array_t<uint32_t, py::array::c_style | py::array::forcecast>;

llvm::ArrayRef<uint32_t> view(const Bits &a) {
  return {a.data(), size_t(a.size())};
}

Bits toArray(const std::vector<uint32_t> &v, size_t rows, size_t cols) {
  Bits out({rows, cols});
  std::copy(v.begin(), v.end(), out.mutable_data());
  return out;
}

} // namespace

PYBIND11_MODULE(_mcore, m) {
  m.doc() = "mcore's C++ library: the intrinsic catalog and the canonical "
            "2:4 format";
  errorType() = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
      "mcore.Error", "An error reported by mcore (also a ValueError).",
      PyExc_ValueError, nullptr));
  m.attr("Error") = errorType();

  m.def("chips_json", []() {
    llvm::json::Array array;
    for (const ChipInfo &chip : getAllChips())
      array.push_back(describeChip(chip));
    return toJson(std::move(array));
  });
  m.def("intrinsics_json", [](std::optional<std::string> chip) {
    std::optional<Chip> c;
    if (chip)
      c = chipOf(*chip);
    llvm::json::Array array;
    for (const IntrinsicInfo &info : getAllIntrinsics())
      if (!c || info.isAvailableOn(*c))
        array.push_back(describeIntrinsic(info));
    return toJson(std::move(array));
  });
  m.def("layout_json", [](const std::string &name) {
    const IntrinsicInfo *info = lookupIntrinsic(name);
    if (!info) {
      std::string message = "unknown intrinsic '" + name + "'";
      std::vector<llvm::StringRef> near = suggestIntrinsics(name);
      if (!near.empty())
        message += "; did you mean " + llvm::join(near, ", ") + "?";
      raise(message);
    }
    return toJson(describeLayout(*info));
  });

  m.def("find_violation",
        [](const std::string &kind, const Bits &dense, unsigned rows,
           unsigned k) -> std::optional<std::tuple<unsigned, unsigned,
                                                   unsigned>> {
          std::optional<sparse24::Violation> v =
              sparse24::findViolation(kindOf(kind), view(dense), rows, k);
          if (!v)
            return std::nullopt;
          return std::make_tuple(v->row, v->group, v->nonzeros);
        });
  m.def("compress", [](const std::string &kind, const Bits &dense,
                       unsigned rows, unsigned k) {
    llvm::Expected<sparse24::Compressed> c =
        sparse24::compress(kindOf(kind), view(dense), rows, k);
    if (!c)
      raise(llvm::toString(c.takeError()));
    return py::make_tuple(
        toArray(c->values, rows, sparse24::getCompressedCols(k)),
        toArray(c->metadata, rows, sparse24::getMetadataWords(k)));
  });
  m.def("decompress", [](const std::string &kind, const Bits &values,
                         const Bits &metadata, unsigned rows, unsigned k) {
    if (size_t(values.size()) != size_t(rows) * sparse24::getCompressedCols(k))
      raise(llvm::formatv("values must be {0} x {1} for K = {2}, got {3} "
                          "elements",
                          rows, sparse24::getCompressedCols(k), k,
                          values.size())
                .str());
    if (size_t(metadata.size()) !=
        size_t(rows) * sparse24::getMetadataWords(k))
      raise(llvm::formatv("metadata must be {0} x {1} 32-bit words for K = "
                          "{2}, got {3}",
                          rows, sparse24::getMetadataWords(k), k,
                          metadata.size())
                .str());
    return toArray(sparse24::decompress(kindOf(kind), view(values),
                                        view(metadata), rows, k),
                   rows, k);
  });
  m.def("prune", [](const std::string &kind, const Bits &dense, unsigned rows,
                    unsigned k) {
    return toArray(sparse24::prune(kindOf(kind), view(dense), rows, k), rows,
                   k);
  });
}
