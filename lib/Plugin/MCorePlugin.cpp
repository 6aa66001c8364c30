//===- MCorePlugin.cpp - mcore as a plugin of upstream mlir-opt -----------===//
//
// MCorePlugin.so is a dialect plugin and a pass plugin of MLIR 22's tools
// (mlir/Tools/Plugins/DialectPlugin.h, PassPlugin.h): a team with its own
// mlir-opt-22 (or an mlir-opt-like tool built on MlirOptMain) loads mcore
// with
//
//   mlir-opt-22 --load-dialect-plugin=<prefix>/lib/MCorePlugin.so \
//     --load-pass-plugin=<prefix>/lib/MCorePlugin.so \
//     --pass-pipeline="builtin.module(mcore-pipeline{chip=gfx942 format=isa})"
//
// The dialect half adds what registerMCoreRequirements adds to a context
// (the mcore dialect, its bufferization models, the transform.mcore.*
// extension, and the upstream extensions and LLVM IR translations the
// pipeline needs, which mlir-opt mostly has already: adding them again is a
// no-op). The pass half registers every mcore pass and pipeline; they are
// named in --pass-pipeline, not as flags of their own, because mlir-opt
// builds its pass flags before it loads plugins (docs/GettingStarted.md).
//
// The plugin links mcore's static libraries and MLIR's shared libMLIR.so,
// which mlir-opt-22 shares: one pass registry, one set of dialects. Only
// the two entry points are exported (MCorePlugin.map). format=hsaco finds
// ld.lld in the installation the plugin belongs to (<prefix>/lib/mcore/
// rocm-toolkit beside <prefix>/lib/MCorePlugin.so), as mcore's own tools do.
//
//===----------------------------------------------------------------------===//

#include "mcore/InitAll.h"
#include "mcore/Runner/Toolkit.h"
#include "mcore/Support/InstallPrefix.h"
#include "mcore/Support/Version.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include <dlfcn.h>

using namespace mlir;

/// The installation this plugin is part of: <prefix>/lib/MCorePlugin.so
/// (the build tree has the same layout). mcore's tools find their
/// toolkit beside the executable; the executable here is not mcore's.
static void setInstallPrefixFromPlugin() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&setInstallPrefixFromPlugin), &info) ||
      !info.dli_fname)
    return;
  llvm::SmallString<256> path(info.dli_fname);
  llvm::sys::path::remove_filename(path); // <prefix>/lib
  llvm::sys::path::remove_filename(path); // <prefix>
  mcore::setInstallPrefix(path);
}

static void registerDialects(DialectRegistry *registry) {
  mcore::registerMCoreRequirements(*registry);
}

static void registerPasses() {
  setInstallPrefixFromPlugin();
  mcore::registerAllMCorePasses(mcore::runner::setDefaultToolkit);
}

/// The version both halves report: mcore's, then the LLVM it was built
/// against ("0.1.0 (LLVM 22.1.8)").
static const char *getPluginVersion() {
  static const std::string version = (mcore::getMCoreVersion() + " (LLVM " +
                                      mcore::getLLVMVersion() + ")")
                                         .str();
  return version.c_str();
}

extern "C" LLVM_ATTRIBUTE_WEAK DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "MCore", getPluginVersion(),
          registerDialects};
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "MCore", getPluginVersion(),
          registerPasses};
}
