//===- MCoreModule.cpp - The _mcore extension module ----------------------===//
//
// The C++ side of the Python package: the canonical 2:4 format on raw
// element bits, element encodings, the --mcore-pipeline in-process
// (mcore/Runner/Compile.h) and matmuls compiled once and run many times
// (mcore/Runner/MatmulKernel.h); the catalog classes (CatalogBindings.cpp)
// and the typed pipeline options (PipelineOptions.cpp) are bound here too.
// The Python side (python/mcore/__init__.py) turns numpy arrays into bits
// and back and checks what users pass.
//
// Compiling and running release the GIL. Nothing here ends the process:
// errors of the compiler and of the runtime libraries are raised as
// mcore.Error, and so are LLVM's fatal errors (catchFatalErrors,
// mcore/Runner/FatalErrors.h).
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "mcore/Runner/Compile.h"
#include "mcore/Runner/FatalErrors.h"
#include "mcore/Runner/Matmul.h"
#include "mcore/Runner/MatmulEpilogue.h"
#include "mcore/Runner/MatmulKernel.h"
#include "mcore/Runner/Runner.h"
#include "mcore/Support/Nesting.h"
#include "mcore/Support/Version.h"
#include "mcore/Target/Sparsity.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <optional>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

using namespace mlir::mcore;
using namespace mcore_python;

py::object &mcore_python::errorType() {
  static py::object type;
  return type;
}

void mcore_python::raise(const std::string &message) {
  PyErr_SetString(errorType().ptr(), message.c_str());
  throw py::error_already_set();
}

Chip mcore_python::chipOf(const std::string &name) {
  std::optional<Chip> chip = parseChip(name);
  if (!chip)
    raise("unknown chip '" + name +
          "'; supported chips: " + getSupportedChipList());
  return *chip;
}

namespace {

ScalarKind kindOf(const std::string &name) {
  std::optional<ScalarKind> kind = parseScalarKind(name);
  if (!kind)
    raise("unknown element kind '" + name + "'");
  return *kind;
}

using Bits = py::array_t<uint32_t, py::array::c_style | py::array::forcecast>;

llvm::ArrayRef<uint32_t> view(const Bits &a) {
  return {a.data(), size_t(a.size())};
}

/// E8M0 block scales (biased exponents, a byte each; BlockScales).
using Scales = py::array_t<uint8_t, py::array::c_style | py::array::forcecast>;

/// Element bit patterns of matmul operands: uint64, since f64 elements are
/// 64 bits (runner::ElementBits).
using Bits64 = py::array_t<uint64_t, py::array::c_style | py::array::forcecast>;

Bits toArray(const std::vector<uint32_t> &v, size_t rows, size_t cols) {
  Bits out({rows, cols});
  std::copy(v.begin(), v.end(), out.mutable_data());
  return out;
}

//===----------------------------------------------------------------------===//
// Element types and matmuls
//===----------------------------------------------------------------------===//

using namespace mlir::mcore::runner;

void check(llvm::Error error) {
  if (error)
    raise(llvm::toString(std::move(error)));
}

template <typename T> T check(llvm::Expected<T> value) {
  if (!value)
    raise(llvm::toString(value.takeError()));
  return std::move(*value);
}

ElementType elementTypeOf(const std::string &name) {
  std::optional<ElementType> type = parseElementType(name);
  if (!type)
    raise("unknown element type '" + name + "'; inputs are " +
          getInputTypeList() + ", accumulators " + getAccumulatorTypeList());
  return *type;
}

/// A, B and C as the runner takes them (ElementBits), and back.
std::vector<ElementBits> widen(const Bits64 &a) {
  return std::vector<ElementBits>(a.data(), a.data() + a.size());
}

using Doubles = py::array_t<double, py::array::c_style | py::array::forcecast>;

/// The largest finite value of a float type (by its bit patterns).
double largestFinite(ElementType type, Fp8Format fp8) {
  if (type == ElementType::F32)
    return std::numeric_limits<float>::max();
  if (type == ElementType::F64)
    return std::numeric_limits<double>::max();
  double largest = 0;
  for (uint32_t bits = 0; bits < (1u << getBitWidth(type)); ++bits) {
    double v = decode(type, fp8, bits);
    if (std::isfinite(v))
      largest = std::max(largest, v);
  }
  return largest;
}

/// "A[3, 5]" for flat element `i` of an array of `shape`.
std::string elementName(const std::string &what,
                        const std::vector<ssize_t> &shape, size_t i) {
  std::vector<std::string> index(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    size_t extent = size_t(std::max<ssize_t>(shape[d], 1));
    index[d] = std::to_string(i % extent);
    i /= extent;
  }
  return what + "[" + llvm::join(index, ", ") + "]";
}

/// The shortest text that reads back as `value` ("448", "0.1", "1e+06").
std::string shortest(double value) {
  char buffer[64];
  std::to_chars_result r =
      std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, r.ptr);
}

/// Rounds float values to nearest even into `type`; a finite value that
/// would become infinite or NaN is an error naming it.
Bits64 encodeFloats(const std::string &typeName, const std::string &chipName,
                    const Doubles &values, const std::string &what) {
  ElementType type = elementTypeOf(typeName);
  if (!isFloatType(type))
    raise("internal error: encode_floats of the integer type " + typeName);
  Fp8Format fp8 = getChipInfo(chipOf(chipName)).fp8;
  std::vector<ssize_t> shape(values.shape(), values.shape() + values.ndim());
  Bits64 out(shape);
  const double *in = values.data();
  uint64_t *bits = out.mutable_data();
  std::optional<double> largest;
  for (size_t i = 0, e = size_t(values.size()); i < e; ++i) {
    bits[i] = encode(type, fp8, in[i]);
    if (std::isfinite(in[i]) && !std::isfinite(decode(type, fp8, bits[i]))) {
      if (!largest)
        largest = largestFinite(type, fp8);
      raise(llvm::formatv("{0} = {1} is out of range for {2}{3} (largest "
                          "finite value {4})",
                          elementName(what, shape, i), shortest(in[i]),
                          typeName,
                          type == ElementType::FP8 || type == ElementType::BF8
                              ? " on " + chipName
                              : std::string(),
                          shortest(*largest))
                .str());
    }
  }
  return out;
}

py::array_t<double> decodeBits(const std::string &typeName,
                               const std::string &chipName,
                               const Bits64 &bits) {
  ElementType type = elementTypeOf(typeName);
  Fp8Format fp8 = getChipInfo(chipOf(chipName)).fp8;
  std::vector<ssize_t> shape(bits.shape(), bits.shape() + bits.ndim());
  py::array_t<double> out(shape);
  double *o = out.mutable_data();
  const uint64_t *in = bits.data();
  for (size_t i = 0, e = size_t(bits.size()); i < e; ++i)
    o[i] = decode(type, fp8, in[i]);
  return out;
}

/// A compiled matmul, as the Python class _mcore.MatmulKernel.
struct PyKernel {
  std::unique_ptr<MatmulKernel> kernel;
};

llvm::ArrayRef<uint32_t> viewOrEmpty(const std::optional<Bits> &a) {
  return a ? view(*a) : llvm::ArrayRef<uint32_t>();
}

} // namespace

PYBIND11_MODULE(_mcore, m) {
  m.doc() = "mcore's C++ library: the intrinsic catalog and the canonical "
            "2:4 format";
  errorType() = py::reinterpret_steal<py::object>(PyErr_NewExceptionWithDoc(
      "mcore.Error", "An error reported by mcore (also a ValueError).",
      PyExc_ValueError, nullptr));
  m.attr("Error") = errorType();
  // The CMake project's version, as the tools' --version says it.
  m.attr("__version__") = getMCoreVersion().str();
  // LLVM's, a part of the persistent kernel cache's key.
  m.def("llvm_version", [] { return getLLVMVersion().str(); });

  bindCatalog(m);
  bindPipelineOptions(m);

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
  m.def(
      "compress",
      [](const std::string &kind, const Bits &dense, unsigned rows,
         unsigned k, const std::string &name) {
    llvm::Expected<sparse24::Compressed> c =
        sparse24::compress(kindOf(kind), view(dense), rows, k, name);
    if (!c)
      raise(llvm::toString(c.takeError()));
    return py::make_tuple(
        toArray(c->values, rows, sparse24::getCompressedCols(k)),
        toArray(c->metadata, rows, sparse24::getMetadataWords(k)));
      },
      py::arg("kind"), py::arg("dense"), py::arg("rows"), py::arg("k"),
      py::arg("name") = "A");
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
    check(sparse24::checkCompressed(kindOf(kind), view(values),
                                    view(metadata), rows, k));
    return toArray(sparse24::decompress(kindOf(kind), view(values),
                                        view(metadata), rows, k),
                   rows, k);
  });
  m.def("prune", [](const std::string &kind, const Bits &dense, unsigned rows,
                    unsigned k) {
    return toArray(sparse24::prune(kindOf(kind), view(dense), rows, k), rows,
                   k);
  });

  //===--------------------------------------------------------------------===//
  // Element types
  //===--------------------------------------------------------------------===//

  auto names = [](llvm::ArrayRef<ElementType> types) {
    std::vector<std::string> result;
    for (ElementType t : types)
      result.push_back(getElementTypeName(t).str());
    return result;
  };
  m.def("input_types", [names] { return names(getInputTypes()); });
  m.def("accumulator_types",
        [names] { return names(getAccumulatorTypes()); });
  m.def("type_info", [](const std::string &name) {
    ElementType t = elementTypeOf(name);
    return py::dict(
        py::arg("bits") = getBitWidth(t), py::arg("float") = isFloatType(t),
        py::arg("unsigned") = isUnsignedType(t),
        py::arg("input") = isInputType(t),
        py::arg("accumulator") = isAccumulatorType(t),
        py::arg("kind") = getScalarKindName(getScalarKind(t)).str());
  });
  m.def("chip_fp8", [](const std::string &chip) {
    return getFp8FormatName(getChipInfo(chipOf(chip)).fp8).str();
  });
  m.def("encode_floats", &encodeFloats);
  m.def("decode", &decodeBits);

  //===--------------------------------------------------------------------===//
  // Compiling
  //===--------------------------------------------------------------------===//

  m.def("set_runtime_directory",
        [](const std::string &dir) { setRuntimeDirectory(dir); });
  m.def("compile", [](const std::string &source,
                      const PipelineOptions &options, bool lowered) {
    // On a stack of known size, whatever the calling thread's: the parse
    // and the passes recurse with the source's nesting (Nesting.h). Fatal
    // errors are caught on that thread.
    std::optional<llvm::Expected<CompileOutput>> out;
    {
      py::gil_scoped_release release;
      runWithLargeStack([&] {
        out.emplace(catchFatalErrors<CompileOutput>([&] {
          return compileSource(source, "input.mlir", options,
                               lowered ? CompileStage::Lowered
                                       : CompileStage::Binary);
        }));
      });
    }
    CompileOutput result = check(std::move(*out));
    py::list binaries;
    for (CompiledBinary &b : result.binaries)
      binaries.append(py::make_tuple(b.name, py::bytes(b.object)));
    return py::make_tuple(result.ir, binaries, result.warnings);
  });

  //===--------------------------------------------------------------------===//
  // Matmuls
  //===--------------------------------------------------------------------===//

  // The types of a problem, checked as for a kernel (an empty product
  // compiles none).
  m.def("check_matmul_types",
        [](const std::string &a, const std::string &b, const std::string &c,
           bool sparse, const std::string &chip) {
          runner::MatmulFunction problem;
          problem.m = problem.n = problem.k = 1;
          problem.a = elementTypeOf(a);
          problem.b = elementTypeOf(b);
          problem.c = elementTypeOf(c);
          problem.sparseA = sparse;
          problem.chip = chipOf(chip);
          check(problem.validate());
        });

  m.def("choose_backend", [](const std::string &name) {
    Backend requested;
    if (name == "auto")
      requested = Backend::Auto;
    else if (name == "hip")
      requested = Backend::Hip;
    else if (name == "emu")
      requested = Backend::Emu;
    else
      raise("backend='" + name + "' is not one of auto, hip, emu");
    BackendChoice choice = check(chooseBackend(requested));
    return py::make_tuple(getBackendName(choice.backend).str(), choice.library,
                          choice.reason, choice.gpuChips);
  });

  py::class_<PyKernel>(m, "MatmulKernel")
      .def_property_readonly(
          "intrinsic",
          [](const PyKernel &k) { return k.kernel->getIntrinsic(); })
      .def_property_readonly(
          "accumulator",
          [](const PyKernel &k) {
            return getElementTypeName(k.kernel->getAccumulator()).str();
          })
      .def_property_readonly(
          "dense_fallback",
          [](const PyKernel &k) { return k.kernel->usesDenseFallback(); })
      .def_property_readonly(
          "config",
          [](const PyKernel &k) {
            const MatmulTileConfig &c = k.kernel->getTileConfig();
            py::dict config;
            if (!c.intrinsic) {
              // The SIMT kernel of types no matrix instruction computes, or
              // the loops of a block-scaled matmul on a chip without
              // block-scaled instructions: none of the matrix kernels'
              // knobs.
              config["intrinsic"] = k.kernel->getIntrinsic();
              config["description"] = k.kernel->describeConfig();
              return config;
            }
            // Every knob of #mcore.matmul_config (MatmulConfig.def), named
            // as the --mcore-pipeline option that sets it: they compile
            // the same kernel again.
            auto key = [](llvm::StringRef option) {
              return py::str(option.str()).attr("replace")("-", "_");
            };
#define MCORE_MATMUL_KNOB(NAME, OPTION, TYPE, AUTO, DESCRIPTION)             \
  config[key(OPTION)] = c.NAME;
#include "mcore/Heuristic/MatmulConfig.def"
            config["intrinsic"] = std::string(c.intrinsic->name);
            // What follows from them.
            config["wave_size"] = c.waveSize;
            config["tiles_m"] = c.getTilesM();
            config["tiles_n"] = c.getTilesN();
            config["lds_bytes"] = c.ldsBytes;
            config["sparse_instruction"] = c.sparseInstruction;
            config["decompress_a"] = c.decompressA;
            config["description"] = k.kernel->describeConfig();
            return config;
          })
      .def_property_readonly(
          "swapped",
          [](const PyKernel &k) { return k.kernel->usesSwappedOperands(); })
      .def_property_readonly(
          "backend",
          [](const PyKernel &k) {
            return getBackendName(k.kernel->getBackend()).str();
          })
      .def_property_readonly(
          "description",
          [](const PyKernel &k) { return k.kernel->getProblem().describe(); })
      .def_property_readonly(
          "last_run_ms",
          [](const PyKernel &k) { return k.kernel->getLastRunMilliseconds(); })
      .def("run", [](const PyKernel &k, const Bits64 &a,
                     const std::optional<Bits> &metadata, const Bits64 &b,
                     const Bits64 &c,
                     const std::vector<std::vector<float>> &epilogueInputs,
                     const std::optional<Scales> &scalesA,
                     const std::optional<Scales> &scalesB) {
        std::vector<ElementBits> wideA = widen(a), wideB = widen(b),
                                 wideC = widen(c), wideOut;
        // Compressed operands are checked by MatmulKernel::run.
        const runner::MatmulFunction &p = k.kernel->getProblem();
        // A fused epilogue: its operands (f32, in getEpilogueInputs' order)
        // and OUT (M x N bit patterns of the out type), returned after C.
        std::optional<Bits64> epilogueOut;
        EpilogueOperands operands;
        if (p.hasEpilogue()) {
          epilogueOut.emplace(std::vector<ssize_t>{ssize_t(p.m), ssize_t(p.n)});
          operands.inputs = epilogueInputs;
          wideOut.resize(size_t(epilogueOut->size()));
          operands.out = wideOut;
        }
        // A block-scaled problem's E8M0 scales (M x K/32 and N x K/32;
        // MatmulKernel::run checks their sizes, and that both or neither
        // are given as the problem is).
        if (scalesA.has_value() != scalesB.has_value())
          raise("give the scales of both A and B, or of neither");
        std::optional<BlockScales> scales;
        if (scalesA)
          scales = BlockScales{{scalesA->data(), size_t(scalesA->size())},
                               {scalesB->data(), size_t(scalesB->size())}};
        llvm::Error error = [&] {
          py::gil_scoped_release release;
          return catchFatalErrors([&] {
            return k.kernel->run(wideA, viewOrEmpty(metadata), wideB, wideC,
                                 p.hasEpilogue() ? &operands : nullptr,
                                 scales ? &*scales : nullptr);
          });
        }();
        check(std::move(error));
        Bits64 result(std::vector<ssize_t>(c.shape(), c.shape() + c.ndim()));
        std::copy(wideC.begin(), wideC.end(), result.mutable_data());
        if (epilogueOut)
          std::copy(wideOut.begin(), wideOut.end(),
                    epilogueOut->mutable_data());
        return py::make_tuple(result, epilogueOut);
      },
      py::arg("a"), py::arg("metadata"), py::arg("b"), py::arg("c"),
      py::arg("epilogue_inputs") = std::vector<std::vector<float>>(),
      py::arg("scales_a") = py::none(), py::arg("scales_b") = py::none());

  // The problem as keyword arguments: sizes, types, the 2:4 operand, the
  // batch, how A and B are stored and block scales
  // (include/mcore/Runner/Matmul.h).
  m.def("compile_matmul",
        [](const py::int_ &mArg, const py::int_ &nArg, const py::int_ &kArg,
           const std::string &a, const std::string &b, const std::string &c,
           bool sparseA, bool sparseB, int64_t batch, bool sharedA,
           bool sharedB, bool transposeB, const std::string &chip,
           const std::string &backend, const PipelineOptions &options,
           const std::string &epilogue, const std::string &outType,
           bool cTemporary, bool blockScaled,
           const std::optional<py::bytes> &compiledArg, bool serialize) {
          // Python integers of any size: one too large for int64_t is out
          // of range as any other (not a TypeError of the binding).
          auto size = [](const char *what, const py::int_ &value) {
            int overflow = 0;
            long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
            if (overflow)
              check(runner::MatmulFunction::sizeOutOfRange(
                  what, std::string(py::str(value))));
            return int64_t(v);
          };
          runner::MatmulFunction problem;
          problem.m = size("M", mArg);
          problem.n = size("N", nArg);
          problem.k = size("K", kArg);
          problem.a = elementTypeOf(a);
          problem.b = elementTypeOf(b);
          problem.c = elementTypeOf(c);
          problem.sparseA = sparseA;
          problem.sparseB = sparseB;
          problem.batch = batch;
          problem.sharedA = sharedA;
          problem.sharedB = sharedB;
          problem.transposeB = transposeB;
          problem.chip = chipOf(chip);
          // A fused epilogue, as mcore-run's --epilogue and --out-type
          // spell it.
          check(parseEpilogue(epilogue, outType, problem));
          problem.cTemporary = cTemporary;
          // E8M0 scales per 32 of K (mcore-run --scales=e8m0).
          problem.blockScaled = blockScaled;
          Backend requested = backend == "hip" ? Backend::Hip : Backend::Emu;
          if (backend != "hip" && backend != "emu")
            raise("internal error: compile_matmul needs a chosen backend");
          // A compiled module from the persistent cache (mcore._diskcache)
          // skips the pipeline; `serialize` returns the one compiled here
          // for the cache.
          std::optional<std::string> compiled;
          if (compiledArg)
            compiled = std::string(*compiledArg);
          std::vector<std::string> remarks;
          std::optional<std::string> serialized;
          bool adopted = false;
          llvm::Expected<std::unique_ptr<MatmulKernel>> kernel = [&] {
            py::gil_scoped_release release;
            using Result = std::unique_ptr<MatmulKernel>;
            return catchFatalErrors<Result>([&]() -> llvm::Expected<Result> {
              llvm::Expected<BackendChoice> choice = chooseBackend(requested);
              if (!choice)
                return choice.takeError();
              MatmulKernelOptions kernelOptions;
              kernelOptions.remarks = &remarks;
              llvm::Expected<Result> kernel = MatmulKernel::prepare(
                  problem, *choice, options, kernelOptions);
              if (!kernel)
                return kernel.takeError();
              if (compiled) {
                llvm::Error e = (*kernel)->adoptCompiledModule(*compiled);
                adopted = !e;
                llvm::consumeError(std::move(e)); // compiled again below
              }
              if (!adopted) {
                if (llvm::Error e = (*kernel)->compileModule())
                  return std::move(e);
                if (serialize) {
                  llvm::Expected<std::string> bytes =
                      (*kernel)->serializeCompiledModule();
                  if (!bytes)
                    return bytes.takeError();
                  serialized = std::move(*bytes);
                }
              }
              if (llvm::Error e = (*kernel)->load())
                return std::move(e);
              return kernel;
            });
          }();
          PyKernel result{check(std::move(kernel))};
          py::object bytes = serialized
                                 ? py::object(py::bytes(*serialized))
                                 : py::object(py::none());
          return py::make_tuple(std::move(result), remarks, bytes, adopted);
        },
        py::arg("m"), py::arg("n"), py::arg("k"), py::arg("a_type"),
        py::arg("b_type"), py::arg("c_type"), py::arg("sparse_a"),
        py::arg("sparse_b"), py::arg("batch"), py::arg("shared_a"),
        py::arg("shared_b"), py::arg("transpose_b"), py::arg("chip"),
        py::arg("backend"), py::arg("options"), py::arg("epilogue") = "",
        py::arg("out_type") = "", py::arg("c_temporary") = false,
        py::arg("block_scaled") = false, py::arg("compiled") = py::none(),
        py::arg("serialize") = false);
}
