//===- Bindings.h - Shared declarations of the _mcore module ----*- C++ -*-===//
//
// The extension module is split by job: MCoreModule.cpp defines the module
// (2:4 format, element types, compiling, matmuls), CatalogBindings.cpp the
// catalog classes, PipelineOptions.cpp the typed --mcore-pipeline options.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_PYTHON_SRC_BINDINGS_H
#define MCORE_PYTHON_SRC_BINDINGS_H

#include "mcore/Pipeline/Pipeline.h"
#include "mcore/Target/Chip.h"

#include <pybind11/pybind11.h>

#include <string>

namespace mcore_python {

namespace py = pybind11;

/// mcore's error type in Python: mcore.Error (a ValueError).
py::object &errorType();
/// Raises mcore.Error.
[[noreturn]] void raise(const std::string &message);

/// The chip called `name`; else raises the tools' "unknown chip" error.
mlir::mcore::Chip chipOf(const std::string &name);

/// Chip, Intrinsic, Fragment, SparseIndex, Layout, LayoutCell and the
/// functions chips(), intrinsics(chip) and layout(name).
void bindCatalog(py::module_ &m);

/// MCorePipelineOptions with its option map readable: the object behind
/// the Python class PipelineOptions.
struct PipelineOptions : mlir::mcore::MCorePipelineOptions {
  llvm::DenseMap<llvm::StringRef, llvm::cl::Option *> &getOptionMap() {
    return OptionsMap;
  }
};

/// The class PipelineOptions, one typed attribute per --mcore-pipeline
/// option, and pipeline_options(), their names, types and defaults.
void bindPipelineOptions(py::module_ &m);

} // namespace mcore_python

#endif // MCORE_PYTHON_SRC_BINDINGS_H
