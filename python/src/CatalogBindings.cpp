//===- CatalogBindings.cpp - The catalog as Python classes ----------------===//
//
// Chips and intrinsics are the catalog's own entries (lib/Target), exposed
// read-only by reference; layouts are computed with getLayoutCells, as
// mcore-layout does. The attributes of intrinsics and layouts are named as
// the keys of mcore-layout's JSON (Describe.h), which
// test/python/test_catalog.py checks one by one.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "mcore/Target/Catalog.h"
#include "mcore/Target/Describe.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <pybind11/stl.h>

#include <cstring>
#include <map>
#include <optional>
#include <vector>

using namespace mlir::mcore;
using namespace mcore_python;

namespace {

/// An llvm::json value (describeScales and the like) as Python objects.
py::object toPython(const llvm::json::Value &v) {
  if (const llvm::json::Object *o = v.getAsObject()) {
    py::dict d;
    for (const auto &[key, value] : *o)
      d[py::str(key.str())] = toPython(value);
    return std::move(d);
  }
  if (const llvm::json::Array *a = v.getAsArray()) {
    py::list l;
    for (const llvm::json::Value &e : *a)
      l.append(toPython(e));
    return std::move(l);
  }
  if (std::optional<int64_t> i = v.getAsInteger())
    return py::int_(*i);
  if (std::optional<bool> b = v.getAsBoolean())
    return py::bool_(*b);
  if (std::optional<llvm::StringRef> str = v.getAsString())
    return py::str(str->str());
  return py::none();
}


/// One (lane, register position) of a layout, with its operand, which names
/// its coordinates.
struct PyLayoutCell {
  LayoutCell cell;
  Operand operand;

  /// The coordinate called `name` ("row", "k" or "col"); None when the
  /// operand has no such coordinate.
  py::object getCoord(const char *name) const {
    auto [d0, d1] = getCoordNames(operand);
    if (!std::strcmp(d0, name))
      return py::int_(cell.d0);
    if (!std::strcmp(d1, name))
      return py::int_(cell.d1);
    return py::none();
  }
};

std::vector<PyLayoutCell> getCells(const IntrinsicInfo &info, Operand operand) {
  std::vector<PyLayoutCell> cells;
  for (const LayoutCell &c : getLayoutCells(info, operand))
    cells.push_back({c, operand});
  return cells;
}

/// The register layouts of one intrinsic.
struct PyLayout {
  const IntrinsicInfo *info;
};

const IntrinsicInfo &intrinsicOf(const std::string &name) {
  const IntrinsicInfo *info = lookupIntrinsic(name);
  if (!info) {
    std::string message = "unknown intrinsic '" + name + "'";
    std::vector<llvm::StringRef> near = suggestIntrinsics(name);
    if (!near.empty())
      message += "; did you mean " + llvm::join(near, ", ") + "?";
    raise(message);
  }
  return *info;
}

std::string str(llvm::StringRef s) { return s.str(); }

} // namespace

void mcore_python::bindCatalog(py::module_ &m) {
  constexpr auto ref = py::return_value_policy::reference;

  py::class_<ChipInfo>(m, "Chip", "A chip mcore targets (read-only).")
      .def_property_readonly("name", [](const ChipInfo &c) { return c.name; })
      .def_property_readonly(
          "family",
          [](const ChipInfo &c) { return str(getChipFamilyName(c.family)); })
      .def_property_readonly("product",
                             [](const ChipInfo &c) { return c.marketing; })
      .def_readonly("wave_size", &ChipInfo::waveSize)
      .def_property_readonly(
          "fp8", [](const ChipInfo &c) { return str(getFp8FormatName(c.fp8)); })
      .def_readonly("mfma", &ChipInfo::hasMfma)
      .def_readonly("smfmac", &ChipInfo::hasSmfmac)
      .def_readonly("wmma", &ChipInfo::hasWmma)
      .def_readonly("swmmac", &ChipInfo::hasSwmmac)
      .def_readonly("lds_bytes", &ChipInfo::ldsBytes)
      .def_readonly("vgprs", &ChipInfo::maxVgprs)
      .def_readonly("agprs", &ChipInfo::maxAgprs)
      .def("__repr__", [](const ChipInfo &c) {
        return "<mcore.Chip " + std::string(c.name) + ">";
      });

  py::class_<FragmentInfo>(m, "Fragment",
                           "One operand's per-lane fragment of an intrinsic.")
      .def_property_readonly(
          "kind",
          [](const FragmentInfo &f) { return str(getScalarKindName(f.kind)); })
      .def_readonly("count", &FragmentInfo::count)
      .def_readonly("stride", &FragmentInfo::stride)
      .def_property_readonly("length", &FragmentInfo::getVectorLength)
      .def_property_readonly(
          "llvm_type", [](const FragmentInfo &f) { return f.llvm.str(); })
      .def("__repr__", [](const FragmentInfo &f) {
        return "<mcore.Fragment " + std::to_string(f.count) + " x " +
               str(getScalarKindName(f.kind)) + " as " + f.llvm.str() + ">";
      });

  py::class_<SparseIndexInfo>(m, "SparseIndex",
                              "The 2:4 index operand of SWMMAC and SMFMAC.")
      .def_property_readonly(
          "llvm_type", [](const SparseIndexInfo &i) { return i.llvm.str(); })
      .def_readonly("bits_per_set", &SparseIndexInfo::bitsPerSet)
      .def_readonly("sets", &SparseIndexInfo::numSets);

  py::class_<IntrinsicInfo>(m, "Intrinsic",
                            "One matrix instruction of the catalog.")
      .def_property_readonly("name",
                             [](const IntrinsicInfo &i) { return i.name; })
      .def_property_readonly(
          "family",
          [](const IntrinsicInfo &i) { return str(getMmaFamilyName(i.family)); })
      .def_property_readonly("chips",
                             [](const IntrinsicInfo &i) {
                               std::vector<std::string> chips;
                               for (const ChipInfo &c : getAllChips())
                                 if (i.isAvailableOn(c.chip))
                                   chips.push_back(c.name);
                               return chips;
                             })
      .def_readonly("wave_size", &IntrinsicInfo::waveSize)
      .def_readonly("m", &IntrinsicInfo::m)
      .def_readonly("n", &IntrinsicInfo::n)
      .def_readonly("k", &IntrinsicInfo::k)
      .def_readonly("blocks", &IntrinsicInfo::blocks)
      .def_property_readonly(
          "a_type",
          [](const IntrinsicInfo &i) { return str(getScalarKindName(i.a.kind)); })
      .def_property_readonly(
          "b_type",
          [](const IntrinsicInfo &i) { return str(getScalarKindName(i.b.kind)); })
      .def_property_readonly(
          "c_type",
          [](const IntrinsicInfo &i) { return str(getScalarKindName(i.c.kind)); })
      .def_property_readonly("sparse", &IntrinsicInfo::isSparse)
      .def_property_readonly(
          "a", [](const IntrinsicInfo &i) { return &i.a; }, ref)
      .def_property_readonly(
          "b", [](const IntrinsicInfo &i) { return &i.b; }, ref)
      .def_property_readonly(
          "c", [](const IntrinsicInfo &i) { return &i.c; }, ref)
      // D: C's, except for gfx1250's bf16f32 (an f32 C, a bf16 D).
      .def_property_readonly("d_type",
                             [](const IntrinsicInfo &i) {
                               return str(getScalarKindName(
                                   i.getFragment(Operand::D).kind));
                             })
      .def_property_readonly(
          "d", [](const IntrinsicInfo &i) { return &i.getFragment(Operand::D); },
          ref)
      .def_property_readonly(
          "index",
          [](const IntrinsicInfo &i) {
            return i.isSparse() ? &i.index : nullptr;
          },
          ref)
      .def_property_readonly("llvm_intrinsic",
                             [](const IntrinsicInfo &i) { return i.llvmName; })
      .def_property_readonly("index_type",
                             [](const IntrinsicInfo &i) -> py::object {
                               if (!i.isSparse())
                                 return py::none();
                               return py::str(i.index.llvm.str());
                             })
      .def_property_readonly(
          "scales",
          [](const IntrinsicInfo &i) -> py::object {
            // Block-scaled (MX) entries, as mcore-layout's JSON "scales".
            if (!i.isScaled())
              return py::none();
            return toPython(llvm::json::Value(describeScales(i)));
          })
      .def_property_readonly(
          "formats",
          [](const IntrinsicInfo &i) -> py::object {
            // gfx1250's unscaled f8f6f4 WMMA, as mcore-layout's "formats".
            llvm::json::Object o = describeIntrinsic(i);
            const llvm::json::Value *f = o.get("formats");
            return f ? toPython(*f) : py::none();
          })
      .def_readonly("ops", &IntrinsicInfo::ops)
      .def_property_readonly("cycles",
                             [](const IntrinsicInfo &i) {
                               std::map<std::string, unsigned> cycles;
                               for (const ChipInfo &c : getAllChips())
                                 if (i.isAvailableOn(c.chip))
                                   cycles[c.name] = i.getCycles(c.chip);
                               return cycles;
                             })
      .def_property_readonly(
          "cost_source", [](const IntrinsicInfo &i) { return i.costSource; })
      .def_property_readonly(
          "layout_source",
          [](const IntrinsicInfo &i) { return i.layoutSource; })
      .def("__repr__", [](const IntrinsicInfo &i) {
        return "<mcore.Intrinsic " + std::string(i.name) + ">";
      });

  py::class_<PyLayoutCell>(
      m, "LayoutCell",
      "One (lane, register position) of a layout and the tile coordinate it "
      "holds: (row, k) for A and the index, (k, col) for B, (row, col) for C; "
      "the other coordinate is None.")
      .def_property_readonly("lane",
                             [](const PyLayoutCell &c) { return c.cell.lane; })
      .def_property_readonly(
          "element", [](const PyLayoutCell &c) { return c.cell.element; })
      .def_property_readonly("vgpr",
                             [](const PyLayoutCell &c) { return c.cell.vgpr; })
      .def_property_readonly("bit_lo",
                             [](const PyLayoutCell &c) { return c.cell.bitLo; })
      .def_property_readonly("bits",
                             [](const PyLayoutCell &c) { return c.cell.bits; })
      .def_property_readonly(
          "row", [](const PyLayoutCell &c) { return c.getCoord("row"); })
      .def_property_readonly(
          "k", [](const PyLayoutCell &c) { return c.getCoord("k"); })
      .def_property_readonly(
          "col", [](const PyLayoutCell &c) { return c.getCoord("col"); })
      .def("__repr__", [](const PyLayoutCell &c) {
        auto [d0, d1] = getCoordNames(c.operand);
        return llvm::formatv("LayoutCell(lane={0}, element={1}, vgpr={2}, "
                             "bit_lo={3}, bits={4}, {5}={6}, {7}={8})",
                             c.cell.lane, c.cell.element, c.cell.vgpr,
                             c.cell.bitLo, c.cell.bits, d0, c.cell.d0, d1,
                             c.cell.d1)
            .str();
      });

  py::class_<PyLayout>(m, "Layout", "The register layouts of one intrinsic.")
      .def_property_readonly("name",
                             [](const PyLayout &l) { return l.info->name; })
      .def_property_readonly(
          "wave_size", [](const PyLayout &l) { return l.info->waveSize; })
      .def_property_readonly("m", [](const PyLayout &l) { return l.info->m; })
      .def_property_readonly("n", [](const PyLayout &l) { return l.info->n; })
      .def_property_readonly("k", [](const PyLayout &l) { return l.info->k; })
      .def_property_readonly(
          "a", [](const PyLayout &l) { return getCells(*l.info, Operand::A); })
      .def_property_readonly(
          "b", [](const PyLayout &l) { return getCells(*l.info, Operand::B); })
      .def_property_readonly(
          "c", [](const PyLayout &l) { return getCells(*l.info, Operand::C); })
      .def_property_readonly(
          "d",
          [](const PyLayout &l) -> std::optional<std::vector<PyLayoutCell>> {
            if (!l.info->hasDistinctD())
              return std::nullopt;
            return getCells(*l.info, Operand::D);
          })
      .def_property_readonly(
          "index",
          [](const PyLayout &l) -> std::optional<std::vector<PyLayoutCell>> {
            if (!l.info->isSparse())
              return std::nullopt;
            return getCells(*l.info, Operand::Index);
          })
      .def("__repr__", [](const PyLayout &l) {
        return "<mcore.Layout of " + std::string(l.info->name) + ">";
      });

  m.def(
      "chips",
      [] {
        std::vector<const ChipInfo *> chips;
        for (const ChipInfo &c : getAllChips())
          chips.push_back(&c);
        return chips;
      },
      ref);
  m.def(
      "intrinsics",
      [](std::optional<std::string> chip) {
        std::optional<Chip> c;
        if (chip)
          c = chipOf(*chip);
        std::vector<const IntrinsicInfo *> result;
        for (const IntrinsicInfo &info : getAllIntrinsics())
          if (!c || info.isAvailableOn(*c))
            result.push_back(&info);
        return result;
      },
      py::arg("chip") = py::none(), ref);
  m.def("layout",
        [](const std::string &name) { return PyLayout{&intrinsicOf(name)}; });
}
