//===- PipelineOptions.cpp - --mcore-pipeline options as typed attributes -===//
//
// The Python class PipelineOptions holds an MCorePipelineOptions. It has
// one attribute per option, named with _ for - (tile_m, allow_dense_fallback),
// whose Python type (int, bool, str) comes from the option's C++ type: the
// options are found in the struct's option map and recognized by their
// class, so an option added to MCorePipelineOptions appears here by
// itself, and one of a type Python does not bind fails the import. Values
// are assigned to the options, never printed and parsed as text.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <type_traits>

using namespace mcore_python;

namespace {

template <typename T> using Option = mlir::detail::PassOptions::Option<T>;

/// Calls `fn` with `option` as its typed class; false when Python does not
/// bind the option's type.
template <typename Fn> bool visitOption(llvm::cl::Option *option, Fn &&fn) {
  if (auto *o = dynamic_cast<Option<bool> *>(option))
    return fn(*o), true;
  if (auto *o = dynamic_cast<Option<std::string> *>(option))
    return fn(*o), true;
  if (auto *o = dynamic_cast<Option<int> *>(option))
    return fn(*o), true;
  if (auto *o = dynamic_cast<Option<unsigned> *>(option))
    return fn(*o), true;
  if (auto *o = dynamic_cast<Option<long> *>(option))
    return fn(*o), true;
  if (auto *o = dynamic_cast<Option<unsigned long> *>(option))
    return fn(*o), true;
  return false;
}

template <typename T> using ValueOf = std::decay_t<decltype(
    std::declval<Option<T> &>().getValue())>;

/// The Python type of a C++ option type.
template <typename T> py::object pythonType() {
  PyTypeObject *type = &PyLong_Type;
  if constexpr (std::is_same_v<T, bool>)
    type = &PyBool_Type;
  else if constexpr (std::is_same_v<T, std::string>)
    type = &PyUnicode_Type;
  return py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject *>(type));
}

/// `value` as the option's C++ type; raises mcore.Error naming the option
/// (its Python `name`) when it is not of the option's type or range.
template <typename T> T fromPython(py::handle value, const std::string &name) {
  auto fail = [&](const std::string &what) {
    raise("pipeline option " + name + " takes " + what + ", got " +
          py::repr(value).cast<std::string>());
  };
  if constexpr (std::is_same_v<T, bool>) {
    if (!py::isinstance<py::bool_>(value))
      fail("True or False");
    return value.cast<bool>();
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!py::isinstance<py::str>(value))
      fail("a string");
    return value.cast<std::string>();
  } else {
    static_assert(std::is_integral_v<T>, "an integer option");
    if (py::isinstance<py::bool_>(value) || !py::isinstance<py::int_>(value))
      fail("an integer");
    py::int_ lo(std::numeric_limits<T>::min());
    py::int_ hi(std::numeric_limits<T>::max());
    if (value < lo || value > hi)
      fail("an integer from " + py::str(lo).cast<std::string>() + " to " +
           py::str(hi).cast<std::string>());
    return value.cast<T>();
  }
}

/// One option as Python sees it.
struct OptionBinding {
  std::string option;      ///< "tile-m"
  std::string name;        ///< "tile_m"
  std::string description; ///< its help text
  py::object type;         ///< int, bool or str
  py::object defaultValue; ///< of that type
};

/// Every option of MCorePipelineOptions, by option name.
std::vector<OptionBinding> getOptionBindings() {
  PipelineOptions defaults;
  std::vector<OptionBinding> bindings;
  for (auto &[option, clOption] : defaults.getOptionMap()) {
    OptionBinding binding;
    binding.option = option.str();
    binding.name = binding.option;
    std::replace(binding.name.begin(), binding.name.end(), '-', '_');
    binding.description = clOption->HelpStr.str();
    bool known = visitOption(clOption, [&](auto &typed) {
      using T = std::decay_t<decltype(typed.getValue())>;
      binding.type = pythonType<T>();
      binding.defaultValue = py::cast(T(typed.getValue()));
    });
    if (!known)
      throw std::runtime_error(
          "internal error: --mcore-pipeline option '" + binding.option +
          "' has a C++ type the Python module does not bind "
          "(python/src/PipelineOptions.cpp)");
    bindings.push_back(std::move(binding));
  }
  llvm::sort(bindings, [](const OptionBinding &a, const OptionBinding &b) {
    return a.option < b.option;
  });
  return bindings;
}

llvm::cl::Option *lookup(PipelineOptions &options, const std::string &option) {
  llvm::cl::Option *o = options.getOptionMap().lookup(option);
  if (!o)
    raise("internal error: no --mcore-pipeline option '" + option + "'");
  return o;
}

} // namespace

void mcore_python::bindPipelineOptions(py::module_ &m) {
  auto cls = py::class_<PipelineOptions>(
      m, "PipelineOptions",
      "The options of --mcore-pipeline, one typed attribute per option (_ "
      "for -), starting at their defaults.");
  cls.def(py::init<>());
  cls.def("__repr__", [](const PipelineOptions &o) {
    std::string text;
    llvm::raw_string_ostream os(text);
    o.print(os);
    return "<mcore.PipelineOptions " + text + ">";
  });

  // Attribute names must outlive the module.
  static std::deque<std::string> names;
  std::vector<OptionBinding> bindings = getOptionBindings();
  for (const OptionBinding &b : bindings) {
    names.push_back(b.name);
    std::string option = b.option, name = b.name;
    auto get = [option](PipelineOptions &self) {
      py::object result;
      visitOption(lookup(self, option), [&](auto &typed) {
        using T = std::decay_t<decltype(typed.getValue())>;
        result = py::cast(T(typed.getValue()));
      });
      return result;
    };
    auto set = [option, name](PipelineOptions &self, py::handle value) {
      visitOption(lookup(self, option), [&](auto &typed) {
        using T = std::decay_t<decltype(typed.getValue())>;
        typed = fromPython<T>(value, name);
      });
    };
    cls.def_property(names.back().c_str(), get, set,
                     b.description.c_str());
  }

  m.def("pipeline_options", [bindings] {
    py::list result;
    for (const OptionBinding &b : bindings)
      result.append(py::make_tuple(b.name, b.option, b.description, b.type,
                                   b.defaultValue));
    return result;
  });
}
