//===- Compile.cpp - --mcore-pipeline in-process, errors as text ----------===//
//
// See include/mcore/Runner/Compile.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Runner/Compile.h"

#include "mcore/Dialect/MCore/IR/MCoreAttrs.h"
#include "mcore/InitAll.h"
#include "mcore/Runner/GuardedParse.h"
#include "mcore/Runner/Toolkit.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace mlir;
using namespace mlir::mcore;
using namespace mlir::mcore::runner;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

void runner::registerCompilerDialects(DialectRegistry &registry) {
  registerMCoreRequirements(registry);
}

//===----------------------------------------------------------------------===//
// DiagnosticLog
//===----------------------------------------------------------------------===//

namespace {
/// SourceMgrDiagnosticHandler with its whole-diagnostic printer (notes
/// included) made public.
struct LocatedPrinter : SourceMgrDiagnosticHandler {
  using SourceMgrDiagnosticHandler::emitDiagnostic;
  using SourceMgrDiagnosticHandler::SourceMgrDiagnosticHandler;
};
} // namespace

struct DiagnosticLog::Impl {
  MLIRContext &context;
  std::string buffer;
  llvm::raw_string_ostream os{buffer};
  std::unique_ptr<LocatedPrinter> located;
  DiagnosticEngine::HandlerID id = 0;
  std::set<std::string> seen;
  explicit Impl(MLIRContext &context) : context(context) {}
};

DiagnosticLog::DiagnosticLog(MLIRContext &context, llvm::SourceMgr *sourceMgr)
    : impl(std::make_unique<Impl>(context)) {
  if (sourceMgr)
    impl->located =
        std::make_unique<LocatedPrinter>(*sourceMgr, &context, impl->os);
  // Registered last, so called first; it handles every diagnostic.
  impl->id = context.getDiagEngine().registerHandler([this](Diagnostic &diag) {
    std::string text;
    if (impl->located) {
      impl->buffer.clear();
      impl->located->emitDiagnostic(diag);
      text = llvm::StringRef(impl->buffer).rtrim().str();
    } else {
      text = diag.str();
      for (Diagnostic &note : diag.getNotes())
        text += "\nnote: " + note.str();
    }
    // The configuration query and the pipeline both remark on a dense
    // fallback; keep each message once.
    if (!impl->seen.insert(text).second)
      return success();
    if (diag.getSeverity() == DiagnosticSeverity::Error)
      errors.push_back(text);
    else if (diag.getSeverity() != DiagnosticSeverity::Note)
      warnings.push_back(text);
    return success();
  });
}

DiagnosticLog::~DiagnosticLog() {
  impl->context.getDiagEngine().eraseHandler(impl->id);
}

std::string DiagnosticLog::getErrorText(llvm::StringRef fallback) const {
  if (errors.empty())
    return fallback.str();
  return llvm::join(errors, "\n");
}

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

/// Checks the values of "key=value" items against the options' kinds, as
/// their defaults show them: llvm::cl reports a bad value on llvm::errs()
/// instead of the stream parseFromString is given.
static llvm::Error checkOptionValues(llvm::StringRef text) {
  std::vector<PipelineOptionInfo> infos = getPipelineOptionInfo();
  llvm::SmallVector<llvm::StringRef> items;
  text.split(items, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef item : items) {
    // Not a structured binding: lambdas below capture key (C++17).
    std::pair<llvm::StringRef, llvm::StringRef> kv = item.split('=');
    llvm::StringRef key = kv.first, value = kv.second;
    bool hasValue = item.contains('=');
    auto info = llvm::find_if(
        infos, [&](const PipelineOptionInfo &i) { return i.name == key; });
    if (info == infos.end())
      continue; // the option parser names unknown options
    llvm::StringRef def = info->defaultValue;
    auto fail = [&](const llvm::Twine &why) {
      return makeError("invalid --mcore-pipeline options '" + text +
                       "': " + key + " " + why);
    };
    if (def == "true" || def == "false") {
      if (hasValue && !llvm::is_contained({"true", "false", "1", "0", "TRUE",
                                           "FALSE", "True", "False"},
                                          value))
        return fail("takes true or false, got '" + value + "'");
      continue;
    }
    if (!hasValue)
      return fail("needs a value (" + key + "=...)");
    int64_t number;
    if (!def.empty() && !def.getAsInteger(10, number) &&
        value.getAsInteger(10, number))
      return fail("takes an integer, got '" + value + "'");
  }
  return llvm::Error::success();
}

llvm::Expected<std::unique_ptr<MCorePipelineOptions>>
runner::parsePipelineOptions(llvm::StringRef text) {
  if (llvm::Error e = checkOptionValues(text))
    return std::move(e);
  auto options = std::make_unique<MCorePipelineOptions>();
  std::string message;
  llvm::raw_string_ostream os(message);
  if (failed(options->parseFromString(text, os))) {
    llvm::StringRef m = llvm::StringRef(message).trim();
    // llvm::cl names its caller "<Pass-Options-Parser>: ".
    m.consume_front("<Pass-Options-Parser>: ");
    return makeError("invalid --mcore-pipeline options '" + text + "'" +
                     (m.empty() ? llvm::Twine() : ": " + m));
  }
  return options;
}

namespace {
/// MCorePipelineOptions with its option map readable.
struct OptionIntrospection : MCorePipelineOptions {
  llvm::DenseMap<llvm::StringRef, llvm::cl::Option *> &getMap() {
    return OptionsMap;
  }
};
} // namespace

std::vector<PipelineOptionInfo> runner::getPipelineOptionInfo() {
  OptionIntrospection options;
  // The defaults as the options print them: "{O=3 allow-dense-fallback=true
  // chip= ...}".
  std::string printed;
  llvm::raw_string_ostream os(printed);
  options.print(os);
  llvm::StringMap<std::string> defaults;
  llvm::StringRef rest = llvm::StringRef(printed).trim();
  rest.consume_front("{");
  rest.consume_back("}");
  llvm::SmallVector<llvm::StringRef> items;
  rest.split(items, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef item : items) {
    auto [key, value] = item.split('=');
    defaults[key] = value.str();
  }
  std::vector<PipelineOptionInfo> result;
  for (auto &entry : options.getMap()) {
    PipelineOptionInfo info;
    info.name = entry.first.str();
    info.description = entry.second->HelpStr.str();
    auto it = defaults.find(info.name);
    if (it != defaults.end())
      info.defaultValue = it->second;
    result.push_back(std::move(info));
  }
  llvm::sort(result,
             [](const PipelineOptionInfo &a, const PipelineOptionInfo &b) {
               return a.name < b.name;
             });
  return result;
}

std::optional<ElementType> runner::getAccumulatorElementType(ScalarKind kind) {
  switch (kind) {
  case ScalarKind::F32:
    return ElementType::F32;
  case ScalarKind::F16:
    return ElementType::F16;
  case ScalarKind::BF16:
    return ElementType::BF16;
  case ScalarKind::I32:
    return ElementType::I32;
  case ScalarKind::F64:
    return ElementType::F64;
  default:
    return std::nullopt;
  }
}

//===----------------------------------------------------------------------===//
// Compiling
//===----------------------------------------------------------------------===//

namespace {
/// Prints the module as serialization finds it: the whole pipeline runs as
/// buildMCorePipeline builds it, so that nothing here restates its stages.
struct SnapshotBeforeBinary : PassInstrumentation {
  explicit SnapshotBeforeBinary(std::string &ir) : ir(ir) {}
  void runBeforePass(Pass *pass, Operation *op) override {
    if (pass->getArgument() != "gpu-module-to-binary")
      return;
    ir.clear();
    llvm::raw_string_ostream os(ir);
    op->print(os);
  }
  std::string &ir;
};
} // namespace

llvm::Expected<CompileOutput>
runner::compileSource(llvm::StringRef source, llvm::StringRef bufferName,
                      const MCorePipelineOptions &options, CompileStage stage) {
  // As in mcore-opt, a toolkit is found where the options name none.
  MCorePipelineOptions pipeline;
  pipeline.copyOptionValuesFrom(options);
  setDefaultToolkit(pipeline);
  // The options first: a bad chip or format needs no parsing.
  std::string error;
  {
    OpPassManager check(ModuleOp::getOperationName());
    if (failed(buildMCorePipeline(check, pipeline, &error)))
      return makeError(error);
  }

  DialectRegistry registry;
  registerCompilerDialects(registry);
  MLIRContext context(registry);
  context.allowUnregisteredDialects(false);
  // LLVM runs on the calling thread, where catchFatalErrors
  // (mcore/Runner/FatalErrors.h) can catch its fatal errors.
  context.disableMultithreading();
  // Errors point at the user's source; a dump of the op would bury them.
  context.printOpOnDiagnostic(false);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, bufferName), llvm::SMLoc());
  DiagnosticLog log(context, &sourceMgr);

  // Upstream's parser crashes on a few inputs: an error, not a signal.
  if (llvm::Error crashed = checkParserSurvives(
          *sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID()), registry))
    return std::move(crashed);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return makeError(log.getErrorText("cannot parse " + bufferName.str()));

  PassManager pm(&context);
  if (failed(buildMCorePipeline(pm, pipeline, &error)))
    return makeError(error);
  CompileOutput out;
  if (stage == CompileStage::Lowered)
    pm.addInstrumentation(std::make_unique<SnapshotBeforeBinary>(out.ir));
  if (failed(pm.run(*module)))
    return makeError(
        log.getErrorText("--mcore-pipeline failed on " + bufferName.str() +
                         " without saying why; this is a bug of mcore"));

  if (stage == CompileStage::Binary) {
    llvm::raw_string_ostream os(out.ir);
    module->print(os);
  } else if (out.ir.empty()) {
    return makeError("internal error: --mcore-pipeline ran no "
                     "gpu-module-to-binary");
  }
  if (stage == CompileStage::Binary)
    module->walk([&](gpu::BinaryOp binary) {
      for (Attribute attr : binary.getObjectsAttr()) {
        auto object = cast<gpu::ObjectAttr>(attr);
        out.binaries.push_back(
            {binary.getName().str(), object.getObject().getValue().str()});
      }
    });
  out.warnings = log.warnings;
  return out;
}
