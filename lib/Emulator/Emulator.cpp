//===- Emulator.cpp - Loading modules, launching kernels ------------------===//

#include "mcore/Emulator/Emulator.h"

#include "Rewrite/Rewrite.h"
#include "Runtime/Runtime.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

#include <cmath>
#include <cstdlib>
#include <mutex>

using namespace mlir::mcore::emu;
using llvm::Error;
using llvm::Expected;

namespace {

Error loadError(const llvm::Twine &msg) {
  return llvm::createStringError("cannot load the kernel module: " + msg);
}

std::string envString(const char *name) {
  const char *v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

} // namespace

/// A number of seconds, > 0.
static Error parseSeconds(const char *name, llvm::StringRef text,
                          double &out) {
  double v;
  if (text.trim().getAsDouble(v) || !(v > 0) || !std::isfinite(v))
    return llvm::createStringError(
        llvm::formatv("{0}={1} is not a number of seconds greater than 0",
                      name, text)
            .str());
  out = v;
  return Error::success();
}

/// An unsigned integer from `min` to `max`.
static Error parseUnsigned(const char *name, llvm::StringRef text,
                           unsigned min, unsigned max, llvm::StringRef what,
                           unsigned &out) {
  unsigned v;
  if (text.trim().getAsInteger(10, v) || v < min || v > max)
    return llvm::createStringError(
        llvm::formatv("{0}={1} is not {2}", name, text, what).str());
  out = v;
  return Error::success();
}

Expected<Options> Options::fromEnvironment() {
  Options o;
  o.chip = envString("MCORE_EMU_CHIP");
  std::string check = envString("MCORE_EMU_CHECK");
  o.boundsCheck = !check.empty() && check != "0";
  if (std::string t = envString("MCORE_EMU_THREADS"); !t.empty())
    if (Error e = parseUnsigned("MCORE_EMU_THREADS", t, 0, 4096,
                                "a number of threads from 0 (one per core) "
                                "to 4096",
                                o.threads))
      return std::move(e);
  for (auto [name, seconds] :
       {std::pair<const char *, double *>{"MCORE_EMU_TIMEOUT",
                                          &o.timeoutSeconds},
        {"MCORE_EMU_STALL_TIMEOUT", &o.stallSeconds},
        {"MCORE_EMU_HANG_TIMEOUT", &o.hangSeconds}})
    if (std::string t = envString(name); !t.empty())
      if (Error e = parseSeconds(name, t, *seconds))
        return std::move(e);
  if (std::string t = envString("MCORE_EMU_POISON"); !t.empty())
    o.poison = t != "0";
  if (std::string t = envString("MCORE_EMU_SCHEDULE"); !t.empty())
    if (Error e = o.parseSchedule(t, "MCORE_EMU_SCHEDULE"))
      return std::move(e);
  if (std::string t = envString("MCORE_EMU_CATCH_FAULTS"); !t.empty())
    o.catchFaults = t != "0";
  if (std::string t = envString("MCORE_EMU_STACK_KB"); !t.empty())
    if (Error e = parseUnsigned("MCORE_EMU_STACK_KB", t, 16, 1u << 20,
                                "a stack size in KiB from 16 to 1048576",
                                o.stackKiB))
      return std::move(e);
  return o;
}

Error Options::parseSchedule(llvm::StringRef text, llvm::StringRef what) {
  llvm::StringRef name = text.trim(), seedText;
  std::tie(name, seedText) = name.split(':');
  uint64_t seed = 1;
  bool ok = true;
  if (name == "in-order" && seedText.empty())
    schedule = Schedule::InOrder;
  else if (name == "reverse" && seedText.empty())
    schedule = Schedule::Reverse;
  else if (name == "random")
    ok = seedText.empty() || !seedText.getAsInteger(10, seed);
  else
    ok = false;
  if (!ok)
    return llvm::createStringError(
        llvm::formatv("{0}={1} is not a schedule: in-order, reverse, random "
                      "or random:SEED (SEED a number)",
                      what, text)
            .str());
  if (name == "random") {
    schedule = Schedule::Random;
    scheduleSeed = seed;
  }
  return Error::success();
}

struct Module::Impl {
  Options options;
  Image image;
  std::unique_ptr<llvm::orc::LLJIT> jit;
  std::vector<std::unique_ptr<Kernel>> kernels;
  std::vector<const void *> registeredGlobals;
};

Module::Module(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}

Module::~Module() {
  for (const void *g : impl->registeredGlobals)
    MemoryMap::get().remove(g);
}

llvm::StringRef Kernel::getName() const { return info.name; }
unsigned Kernel::getNumArgs() const { return unsigned(info.args.size()); }
unsigned Kernel::getStaticLdsBytes() const { return info.staticLdsBytes; }
unsigned Kernel::getMaxWorkGroupSize() const {
  return info.maxFlatWorkGroupSize;
}

const Target &Module::getTarget() const { return impl->image.target; }
llvm::StringRef Module::getTargetSource() const {
  return impl->image.targetSource;
}
const Options &Module::getOptions() const { return impl->options; }

std::vector<std::string> Module::getKernelNames() const {
  std::vector<std::string> names;
  for (const auto &k : impl->kernels)
    names.push_back(k->info.name);
  return names;
}

Expected<const Kernel *> Module::getKernel(llvm::StringRef name) const {
  for (const auto &k : impl->kernels)
    if (k->info.name == name)
      return k.get();
  std::string names;
  for (const auto &k : impl->kernels)
    names += (names.empty() ? "" : ", ") + k->info.name;
  return llvm::createStringError("the module has no kernel '" + name +
                                 "'; its kernels: " +
                                 (names.empty() ? "(none)" : names));
}

Error Module::launch(const Kernel &kernel, Dim3 grid, Dim3 block,
                     unsigned dynamicLdsBytes, void **params) const {
  LaunchRequest req{&kernel, &impl->image, &impl->options, grid, block,
                    dynamicLdsBytes};
  req.params = params;
  return runLaunch(req);
}

Error Module::launchWithKernarg(const Kernel &kernel, Dim3 grid, Dim3 block,
                                unsigned dynamicLdsBytes, const void *kernarg,
                                size_t kernargBytes) const {
  LaunchRequest req{&kernel, &impl->image, &impl->options, grid, block,
                    dynamicLdsBytes};
  req.kernarg = kernarg;
  req.kernargBytes = kernargBytes;
  return runLaunch(req);
}

/// Light clean-up of the rewritten module: the input is optimized already;
/// this folds the operand spills of emulated calls and the rebasing
/// arithmetic.
static void optimizeHostModule(llvm::Module &m) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb;
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::FunctionPassManager fpm;
  fpm.addPass(llvm::SROAPass(llvm::SROAOptions::ModifyCFG));
  fpm.addPass(llvm::EarlyCSEPass());
  fpm.addPass(llvm::InstCombinePass());
  fpm.addPass(llvm::SimplifyCFGPass());
  llvm::ModulePassManager mpm;
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
  mpm.run(m, mam);
}

/// LLVM's IR and bitcode readers "upgrade" debug information while they
/// parse: a module that carries debug metadata of the current version is
/// verified there, and an invalid one ends the process (report_fatal_error,
/// "Broken module found") before Module::load could report it. Every module
/// MLIR translates carries that version. The upgrade is turned off
/// (-disable-auto-upgrade-debug-info, a process-wide LLVM option that only
/// this upgrade reads), and Module::load does its work itself: debug
/// information of another version is stripped, invalid IR is an error, and
/// broken debug information is stripped after the verifier.
static void disableDebugInfoUpgrade() {
  auto &options =
      llvm::cl::getRegisteredOptions();
  auto it = options.find("disable-auto-upgrade-debug-info");
  if (it != options.end() && it->second->getNumOccurrences() == 0)
    it->second->addOccurrence(0, it->first, "true");
}

Expected<std::unique_ptr<Module>> Module::load(llvm::MemoryBufferRef buffer,
                                               const Options &options) {
  static std::once_flag initOnce;
  std::call_once(initOnce, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    disableDebugInfoUpgrade();
  });

  auto ctx = std::make_unique<llvm::LLVMContext>();
  std::unique_ptr<llvm::Module> gpu;
  llvm::StringRef bytes = buffer.getBuffer();
  if (bytes.starts_with("\x7F" "ELF"))
    return loadError(
        "it is an ELF code object (HSACO, for an AMD GPU), and the emulator "
        "runs LLVM IR or bitcode of the kernels: compile them with "
        "format=llvm (--mcore-pipeline=\"chip=... format=llvm\", "
        "gpu-module-to-binary{format=llvm}, or mcore-run --backend=emu, which "
        "does so itself)");
  bool isBitcode = bytes.size() >= 4 &&
                   (bytes.starts_with("BC\xC0\xDE") ||
                    bytes.starts_with(llvm::StringRef("\xDE\xC0\x17\x0B", 4)));
  if (isBitcode) {
    Expected<std::unique_ptr<llvm::Module>> m =
        llvm::parseBitcodeFile(buffer, *ctx);
    if (!m)
      return loadError("invalid LLVM bitcode: " + toString(m.takeError()));
    gpu = std::move(*m);
  } else {
    llvm::SMDiagnostic diag;
    gpu = llvm::parseIR(buffer, diag, *ctx);
    if (!gpu) {
      std::string msg;
      llvm::raw_string_ostream os(msg);
      diag.print("kernel", os, false);
      return loadError("it is neither LLVM bitcode nor valid LLVM IR: " +
                       llvm::StringRef(msg).trim());
    }
  }
  if (Error e = gpu->materializeAll())
    return loadError(toString(std::move(e)));
  // What the readers' debug-information upgrade would have done: debug
  // information of another version is dropped.
  if (llvm::getDebugMetadataVersionFromModule(*gpu) !=
      llvm::DEBUG_METADATA_VERSION)
    llvm::StripDebugInfo(*gpu);
  // The rewrite assumes valid IR: invalid input is an error here, not a
  // crash later. Broken debug information is dropped, as LLVM's tools do.
  {
    std::string msg;
    llvm::raw_string_ostream os(msg);
    bool brokenDebugInfo = false;
    if (llvm::verifyModule(*gpu, &os, &brokenDebugInfo))
      return loadError("the module is not valid LLVM IR: " +
                       llvm::StringRef(msg).trim());
    if (brokenDebugInfo)
      llvm::StripDebugInfo(*gpu);
  }

  auto impl = std::make_unique<Impl>();
  impl->options = options;
  Expected<Target> target =
      detectTarget(*gpu, options.chip, impl->image.targetSource);
  if (!target)
    return loadError(toString(target.takeError()));

  Expected<llvm::orc::JITTargetMachineBuilder> jtmb =
      llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!jtmb)
    return loadError("no host target: " + toString(jtmb.takeError()));
  jtmb->setCodeGenOptLevel(llvm::CodeGenOptLevel::Default);
  // A lane that reaches `unreachable` executes a trap instruction, which the
  // runtime reports as a fault of that lane, instead of running on into
  // whatever code follows.
  jtmb->getOptions().TrapUnreachable = true;
  Expected<llvm::DataLayout> hostLayout = jtmb->getDefaultDataLayoutForTarget();
  if (!hostLayout)
    return loadError(toString(hostLayout.takeError()));

  RewriteOptions ropts;
  // The checker and the schedules that switch lanes at memory accesses
  // both need a call before every access.
  ropts.memoryHooks =
      options.boundsCheck || options.schedule != Schedule::InOrder;
  ropts.checkPrivate = options.boundsCheck;
  ropts.poisonPrivate = options.poison;
  ropts.poisonByte = kPoisonByte;
  Expected<std::unique_ptr<llvm::Module>> host =
      rewriteForHost(*gpu, *target, *hostLayout,
                     jtmb->getTargetTriple().str(), ropts, impl->image);
  if (!host)
    return loadError(toString(host.takeError()));
  gpu.reset();
  optimizeHostModule(**host);
  batchMatrixInstructions(**host);

  auto jit = llvm::orc::LLJITBuilder()
                 .setJITTargetMachineBuilder(std::move(*jtmb))
                 .create();
  if (!jit)
    return loadError("cannot create the JIT: " + toString(jit.takeError()));
  llvm::orc::JITDylib &jd = (*jit)->getMainJITDylib();
  llvm::orc::SymbolMap symbols;
  for (const RuntimeSymbol &s : getRuntimeSymbols())
    symbols[(*jit)->mangleAndIntern(s.name)] = {
        llvm::orc::ExecutorAddr::fromPtr(s.address),
        llvm::JITSymbolFlags::Exported | llvm::JITSymbolFlags::Callable};
  if (Error e = jd.define(llvm::orc::absoluteSymbols(std::move(symbols))))
    return loadError(toString(std::move(e)));
  // libm and libc for what the host code calls (sinf, memcpy, ...).
  auto gen = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!gen)
    return loadError(toString(gen.takeError()));
  jd.addGenerator(std::move(*gen));
  if (Error e = (*jit)->addIRModule(
          llvm::orc::ThreadSafeModule(std::move(*host), std::move(ctx))))
    return loadError("the JIT rejected the host module: " +
                     toString(std::move(e)));
  impl->jit = std::move(*jit);

  // Compile everything now, so that launches do not.
  auto moduleImpl = impl.get();
  auto module = std::make_unique<Module>(std::move(impl));
  for (KernelInfo &k : moduleImpl->image.kernels) {
    Expected<llvm::orc::ExecutorAddr> addr =
        moduleImpl->jit->lookup(k.entryName);
    if (!addr)
      return loadError("cannot compile kernel '" + k.name +
                       "': " + toString(addr.takeError()));
    moduleImpl->kernels.push_back(std::make_unique<Kernel>(
        *module, k, addr->toPtr<void (*)(void **)>()));
  }
  // The module's globals are memory kernels may access.
  for (const Image::Global &g : moduleImpl->image.globals) {
    Expected<llvm::orc::ExecutorAddr> addr = moduleImpl->jit->lookup(g.name);
    if (!addr) {
      consumeError(addr.takeError()); // optimized away
      continue;
    }
    const void *p = addr->toPtr<const void *>();
    MemoryMap::get().add(p, g.bytes, "module global '" + g.name + "'");
    moduleImpl->registeredGlobals.push_back(p);
  }
  return std::move(module);
}

Expected<std::unique_ptr<Module>> Module::loadFile(llvm::StringRef path,
                                                   const Options &options) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buf =
      llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return loadError("cannot read '" + path + "': " + buf.getError().message());
  return load((*buf)->getMemBufferRef(), options);
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

void *mlir::mcore::emu::allocate(size_t bytes, llvm::StringRef what,
                                 Fill fill) {
  size_t rounded = (std::max<size_t>(bytes, 1) + 255) / 256 * 256;
  void *p = std::aligned_alloc(256, rounded);
  if (!p)
    return nullptr;
  bool poisoned = fill == Fill::Poisoned;
  std::memset(p, poisoned ? kPoisonByte : 0, rounded);
  MemoryMap::get().add(p, bytes, what.str(), /*trackInitialized=*/poisoned);
  return p;
}

void mlir::mcore::emu::markInitialized(const void *ptr, size_t bytes) {
  MemoryMap::get().markInitialized(reinterpret_cast<uintptr_t>(ptr), bytes);
}

void mlir::mcore::emu::deallocate(void *ptr) {
  if (!ptr)
    return;
  MemoryMap::get().remove(ptr);
  std::free(ptr);
}

void mlir::mcore::emu::registerMemory(const void *ptr, size_t bytes,
                                      llvm::StringRef what) {
  MemoryMap::get().add(ptr, bytes, what.str());
}

void mlir::mcore::emu::unregisterMemory(const void *ptr) {
  MemoryMap::get().remove(ptr);
}
