# -*- Python -*-
# lit configuration for mcore.
#
# Features:
#   asan        a sanitizer build (cmake -DLLVM_USE_SANITIZER=...)
#   emulator    mcore's CPU wave emulator is built (numeric integration tests)
#   rsvg-convert  librsvg's SVG renderer is installed (test/Docs)
#   hip-device  an AMD GPU is usable through HIP (set MCORE_HIP_DEVICE=1 or
#               have /dev/kfd and a HIP runtime); never on this project's CI
#   libamdhip64 a real HIP runtime library is installed (%libamdhip64), with
#               or without a GPU; CI installs Debian's
# Substitutions:
#   %mcore-opt, %mcore-layout, %mcore-run, %mcore-perf, %mcore-lsp-server,
#   %mcore-emu-run, %mcore-tune   the built tools (also by their plain names)
#   %mcore_version, %llvm_version   what --version prints
#   %chip       the chip integration tests target (MCORE_TEST_CHIP, default
#               gfx1201)
#   %llc, %llvm-mca, %llvm-nm, %mlir-translate, %FileCheck   LLVM 22's tools
#   %mlir-opt   upstream's mlir-opt of LLVM 22 (test/Plugin loads mcore into it)
#   %mcore-plugin  build/lib/MCorePlugin.so, mcore as an mlir-opt plugin
#   %isa-report  build/bin/mcore-isa-report (scripts/isa-report.py with the
#               versions filled in): kernels, registers, spills, loops
#   %preload-sanitizer  nothing, or in a sanitizer build (feature asan)
#               `env LD_PRELOAD=<ASan runtime>` for uninstrumented hosts of
#               mcore's libraries

import os
import shutil

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "MCORE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".ll", ".hip"]
config.excludes = ["CMakeLists.txt", "README.md", "lit.cfg.py",
                   "lit.site.cfg.py", "Inputs", "Install", "python"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.mcore_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%shlibext", ".so"))
config.substitutions.append(("%python", config.python_executable))
# Kernel summaries (registers, spills, LDS, instructions per loop) of a
# --mcore-pipeline format=isa output.
config.substitutions.append(
    ("%isa-report", config.python_executable + " " +
     os.path.join(config.mcore_tools_dir, "mcore-isa-report")))
config.substitutions.append(("%llvm_tools_dir", config.llvm_tools_dir))
config.substitutions.append(("%mcore_src_root", config.mcore_src_root))
config.substitutions.append(("%mcore_obj_root", config.mcore_obj_root))
config.substitutions.append(
    ("%mcore-plugin", os.path.join(config.mcore_lib_dir, "MCorePlugin.so")))
# mcore's version (the CMake project's) and LLVM's, as --version prints them.
config.substitutions.append(("%mcore_version", config.mcore_version))
config.substitutions.append(("%llvm_version", config.llvm_version))

# A sanitizer build: every process gets the build's sanitizer options (the
# tools have them compiled in; uninstrumented hosts such as mlir-runner do
# not), and %preload-sanitizer runs an uninstrumented host that loads mcore's
# instrumented libraries with the build's ASan runtime preloaded.
preload = ""
if config.mcore_sanitizer_runtime:
    config.available_features.add("asan")
    for assignment in config.mcore_sanitizer_env.split(";"):
        name, value = assignment.split("=", 1)
        config.environment[name] = value
    preload = "env LD_PRELOAD=" + config.mcore_sanitizer_runtime
config.mcore_sanitizer_preload = preload
config.substitutions.append(("%preload-sanitizer", preload))
# %no-leak-check: a host that a program ends with exit() from inside its
# run (mcore's data-error reporters, exit status 65) leaves mlir-runner's
# execution engine alive; LeakSanitizer would report it and change the
# exit status. Empty outside sanitizer builds.
no_leak_check = ""
if config.mcore_sanitizer_runtime:
    no_leak_check = ("env ASAN_OPTIONS=" +
                     config.environment.get("ASAN_OPTIONS", "") +
                     ":detect_leaks=0")
config.substitutions.append(("%no-leak-check", no_leak_check))

# MCORE_TEST_EMU_SCHEDULE=reverse (or random:SEED) runs every emulator test
# under that schedule, MCORE_TEST_EMU_CHECK=1 with the checker
# (docs/EmulatorChecks.md, "Schedules"); tests that set MCORE_EMU_* themselves
# keep their values.
for test_name, name in (("MCORE_TEST_EMU_SCHEDULE", "MCORE_EMU_SCHEDULE"),
                        ("MCORE_TEST_EMU_CHECK", "MCORE_EMU_CHECK")):
    if os.environ.get(test_name):
        config.environment[name] = os.environ[test_name]

chip = os.environ.get("MCORE_TEST_CHIP", "gfx1201")
config.substitutions.append(("%chip", chip))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.mcore_tools_dir, config.llvm_tools_dir]
tools = [
    ToolSubst("%mcore-opt", command=os.path.join(config.mcore_tools_dir, "mcore-opt"), unresolved="ignore"),
    ToolSubst("%mcore-layout", command=os.path.join(config.mcore_tools_dir, "mcore-layout"), unresolved="ignore"),
    ToolSubst("%mcore-run", command=os.path.join(config.mcore_tools_dir, "mcore-run"), unresolved="ignore"),
    ToolSubst("%mcore-perf", command=os.path.join(config.mcore_tools_dir, "mcore-perf"), unresolved="ignore"),
    ToolSubst("%mcore-lsp-server", command=os.path.join(config.mcore_tools_dir, "mcore-lsp-server"), unresolved="ignore"),
    ToolSubst("%mcore-emu-run", command=os.path.join(config.mcore_tools_dir, "mcore-emu-run"), unresolved="ignore"),
    ToolSubst("%mcore-tune", command=os.path.join(config.mcore_tools_dir, "mcore-tune"), unresolved="ignore"),
    ToolSubst("mcore-opt", unresolved="ignore"),
    ToolSubst("mcore-layout", unresolved="ignore"),
    ToolSubst("mcore-run", unresolved="ignore"),
    ToolSubst("mcore-perf", unresolved="ignore"),
    ToolSubst("mcore-lsp-server", unresolved="ignore"),
    ToolSubst("mcore-emu-run", unresolved="ignore"),
    ToolSubst("mcore-tune", unresolved="ignore"),
    ToolSubst("mcore-isa-report", unresolved="ignore"),
    ToolSubst("not", command=os.path.join(config.llvm_tools_dir, "not")),
    ToolSubst("count", command=os.path.join(config.llvm_tools_dir, "count")),
    ToolSubst("%llc", command=os.path.join(config.llvm_tools_dir, "llc")),
    ToolSubst("%llvm-mca", command=os.path.join(config.llvm_tools_dir, "llvm-mca")),
    ToolSubst("%mlir-translate", command=os.path.join(config.llvm_tools_dir, "mlir-translate")),
    ToolSubst("%mlir-opt", command=os.path.join(config.llvm_tools_dir, "mlir-opt")),
    ToolSubst("%llvm-readelf", command=os.path.join(config.llvm_tools_dir, "llvm-readelf")),
    ToolSubst("%llvm-dis", command=os.path.join(config.llvm_tools_dir, "llvm-dis")),
    ToolSubst("%llvm-objdump", command=os.path.join(config.llvm_tools_dir, "llvm-objdump")),
    ToolSubst("%llvm-nm", command=os.path.join(config.llvm_tools_dir, "llvm-nm")),
]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# rsvg-convert renders the layout pictures of docs/ (test/Docs).
if shutil.which("rsvg-convert"):
    config.available_features.add("rsvg-convert")

# The emulator is a library of the build; it is available when built.
if os.path.exists(os.path.join(config.mcore_lib_dir, "libmcore_emu_runtime.so")):
    config.available_features.add("emulator")


def hip_device_present():
    if os.environ.get("MCORE_HIP_DEVICE") == "1":
        return True
    return os.path.exists("/dev/kfd") and any(
        os.path.exists(os.path.join(d, "libamdhip64.so"))
        for d in ["/opt/rocm/lib", "/usr/lib/x86_64-linux-gnu"])


if hip_device_present():
    config.available_features.add("hip-device")


# A real HIP runtime library (Debian's libamdhip64-5, which CI installs, or
# ROCm's), for the tests of its behaviour without a GPU: %libamdhip64.
def real_hip_library():
    for d in ["/opt/rocm/lib", "/usr/lib/x86_64-linux-gnu"]:
        for name in ["libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5"]:
            if os.path.exists(os.path.join(d, name)):
                return os.path.join(d, name)
    return None


if real_hip_library():
    config.available_features.add("libamdhip64")
    config.substitutions.append(("%libamdhip64", real_hip_library()))
