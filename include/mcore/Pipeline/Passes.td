//===- Passes.td - passes of mcore's pipeline --------------*- tablegen -*-===//
//
// Passes --mcore-pipeline runs besides the dialect's and the conversions:
// what the host and device LLVM lowering needs around upstream's passes.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_PIPELINE_PASSES_TD
#define MCORE_PIPELINE_PASSES_TD

include "mlir/Pass/PassBase.td"

def MCoreAsyncGpuMemoryOpsPass
    : Pass<"mcore-async-gpu-memory-ops", "::mlir::ModuleOp"> {
  let summary = "Make synchronous gpu.alloc / memcpy / memset / dealloc of "
                "host code asynchronous";
  let description = [{
    `gpu-to-llvm` lowers `gpu.alloc` (but `host_shared`), `gpu.memcpy`,
    `gpu.memset` and `gpu.dealloc` in their async forms only. Each
    synchronous one in host code (outside `gpu.module`s) becomes
    `%t = gpu.wait async`, the op made async on `%t`, and a `gpu.wait` on its
    token: the same order and the same blocking as written, one stream per
    op.

    ```mlir
    gpu.dealloc %m : memref<64xf16>
    // becomes
    %0 = gpu.wait async
    %1 = gpu.dealloc async [%0] %m : memref<64xf16>
    gpu.wait [%1]
    ```

    (Upstream `gpu-async-region` would thread tokens through whole
    functions, launches included, which the rest of mcore's host lowering
    does not take.) Ops that are already async, or have async dependencies,
    are left alone.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def MCoreStampTargetCpuPass
    : Pass<"mcore-stamp-target-cpu", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Record the chip on every LLVM function of a device module "
                "as its \"target-cpu\"";
  let description = [{
    Sets `target_cpu` on every `llvm.func` of a `gpu.module` that has none.
    `gpu-module-to-binary` does not, so `format=llvm` bitcode would not say
    which chip it was compiled for; mcore's emulator reads the function's
    "target-cpu" to pick the wave size and the fp8 encoding.

    The chip is `chip=`, else the chip of the module's one `#rocdl.target`.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "The target-cpu to record (default: the chip of the module's "
           "#rocdl.target)">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def MCoreDeviceLibrariesPass
    : Pass<"mcore-device-libraries", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Prepare a device module's calls of ROCm device-library "
                "functions for gpu-module-to-binary";
  let description = [{
    Lowered device code calls functions of ROCm's device libraries:
    `__ockl_printf_*` for `gpu.printf` (HIP runtime), `__ockl_get_local_size`
    and friends for `gpu.block_dim` and `gpu.grid_dim`, `__ocml_*` for some
    math. `gpu-module-to-binary` links `ockl.bc` / `ocml.bc` from
    `<toolkit>/amdgcn/bitcode` into any module that declares them, and fails
    without them.

    * `format=llvm` (mcore's CPU emulator) needs no device library: the
      emulator defines the ockl work-item and printf functions itself, and
      names any other function it does not provide when it loads the module.
      Every such declaration becomes `extern_weak`, which the serializer's
      scan for device-library functions skips (it looks at external
      declarations), so nothing is linked and no ROCm installation is
      needed.
    * `format=hsaco` and `format=isa` compile for the GPU and need the real
      libraries: a call of a device-library function when
      `<toolkit>/amdgcn/bitcode` (for `isa` without a toolkit, the ROCm path
      MLIR uses) lacks the library is an error at the call (the `gpu.printf`,
      `gpu.block_dim`, ... it came from), naming the function and the file.

    ```mlir
    llvm.func @__ockl_printf_begin(i64) -> i64
    // format=llvm: becomes
    llvm.func extern_weak @__ockl_printf_begin(i64) -> i64
    ```
  }];
  let options = [
    Option<"format", "format", "std::string", /*default=*/"\"llvm\"",
           "The format gpu-module-to-binary produces: hsaco (or bin), llvm "
           "or isa">,
    Option<"toolkit", "toolkit", "std::string", /*default=*/"\"\"",
           "The toolkit directory gpu-module-to-binary is given">,
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def MCoreExpandMathPass : Pass<"mcore-expand-math"> {
  let summary = "Compute the math of GPU code that would call ROCm's "
                "device library (erf, tanh, ...) with arith ops";
  let description = [{
    `convert-gpu-to-rocdl` lowers `math.erf`, `math.tanh` and most other
    transcendental `math` ops to calls of ROCm's `ocml` library, which
    `gpu-module-to-binary` must then link (and which mcore's emulator does not
    provide). Fused epilogues use some of them (GELU: `erf` or `tanh`). This
    pass, run on device code before that lowering, computes them without a
    library, the same on every backend:

    * `math.erf`, `math.erfc` and `math.tanh`: MLIR's polynomial
      approximations (`populateMathPolynomialApproximationPatterns`), on f32
      (f16 and bf16 operands are extended to f32 and the result truncated);
      measured on the host over [-6, 6], erf is within 1.6 and tanh within
      1.9 units of 2^-23 of the exact value;
    * `math.sinh`, `math.cosh`, `math.tan`, `math.asinh`, `math.acosh`,
      `math.atanh`: MLIR's expansions into `exp`, `log` and `sqrt`
      (`populateExpansionPatterns`).

    `math.exp`, `math.log`, `math.sqrt` and `math.absf` need nothing: they
    become LLVM intrinsics the AMDGPU backend (and the emulator) computes.
    Other `math` ops stay `ocml` calls.

    ```mlir
    %y = math.tanh %x : vector<8xf32>
    // becomes a clamp and a rational polynomial in %x (arith ops only)
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

def MCoreExpandNarrowFloatsPass : Pass<"mcore-expand-narrow-floats"> {
  let summary = "Compute with the MX element formats (FP4, FP6, E8M0 "
                "scales) using integer and f32 arith ops";
  let description = [{
    LLVM has no type for the OCP microscaling (MX) formats: `f4E2M1FN`
    (FP4), `f6E2M3FN` (FP6), `f6E3M2FN` (BF6) and the block scale
    `f8E8M0FNU` (E8M0, 2^(bits - 127), 0xFF a NaN); MLIR's LLVM lowering
    stores them as integers of their width (one element per byte in
    memory, as `i4`), and an `arith.extf` or `arith.scaling_extf` of them
    stopped the pipeline with "uses type 'f4E2M1FN', which has no LLVM IR
    equivalent". This pass, run on the whole module before the
    chip-specific `convert-arith-to-amdgpu`, rewrites those ops:

    * `arith.scaling_extf` and `arith.scaling_truncf` into an extension
      (truncation) and a multiplication by the scale
      (`arith::populateExpandScalingExtTruncPatterns`);
    * `arith.extf` / `arith.truncf` of FP4 and E8M0: MLIR's expansions
      (`populateExpandF4E2M1Patterns`, `populateExpandF8E8M0Patterns`);
    * `arith.extf` of FP6 and BF6 (MLIR 22 has no expansion): the sign,
      exponent and mantissa fields placed into an f32 (both formats are
      "FN": no infinity, no NaN; an exponent field of 0 is subnormal).

    A truncation *to* FP6 or BF6 remains unsupported and is reported at the
    op. fp8 and bf8 are left to `convert-arith-to-amdgpu` (the chip's
    conversion instructions).

    ```mlir
    %y = arith.scaling_extf %x, %s : f4E2M1FN, f8E8M0FNU to f32
    // becomes integer ops on the bits of %x and %s and one arith.mulf
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def MCorePrivateAllocasPass
    : Pass<"mcore-private-allocas", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Put a device module's stack allocations in AMDGPU's private "
                "address space";
  let description = [{
    The AMDGPU backend allocates a kernel's stack (private, scratch) memory
    in address space 5 only; an `alloca` in any other address space is
    invalid IR that LLVM's instruction selection aborts on (`Cannot select:
    FrameIndex`) and its verifier rejects. MLIR's lowerings make allocas in
    the default address space 0: `memref.alloca` in a kernel, the temporary
    buffers of `convert-vector-to-scf`, and others, which LLVM's SROA
    usually removes again at `O` > 0 but never at `O=0`.

    Every `llvm.alloca` in address space 0 of the module becomes an
    allocation in address space 5 cast to a generic pointer, as clang emits
    private variables:

    ```mlir
    %p = llvm.alloca %n x f32 : (i64) -> !llvm.ptr
    // becomes
    %0 = llvm.alloca %n x f32 : (i64) -> !llvm.ptr<5>
    %p = llvm.addrspacecast %0 : !llvm.ptr<5> to !llvm.ptr
    ```

    Allocas in other address spaces are left for
    `mcore-verify-device-code` to report.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def MCoreVerifyDeviceCodePass
    : Pass<"mcore-verify-device-code", "::mlir::gpu::GPUModuleOp"> {
  let summary = "Reject device code the AMDGPU backend would abort on, with "
                "a located error";
  let description = [{
    Runs on a lowered device module right before `gpu-module-to-binary`, so
    that input the AMDGPU backend cannot compile is an error at the op it
    came from rather than an LLVM fatal error (or, for `format=llvm`,
    invalid bitcode the emulator would reject later):

    * an `llvm.alloca` outside address space 5 (private): a kernel's stack
      holds private memory only; workgroup memory (address space 3) comes
      from a workgroup attribution of `gpu.launch` / `gpu.func` or a global
      in address space 3, global memory from the host;
    * arithmetic, comparisons, conversions and math intrinsics on floats
      wider than 64 bits (`f80`, `f128`, `ppc_fp128`, and vectors of them):
      the AMDGPU backend has none and no library to call, and ends with
      "unsupported library call operation". Moving such values (load,
      store, bitcast, select, aggregates, calls) and `fneg` / `fabs` /
      `copysign` are fine;
    * `llvm.fptosi` / `llvm.fptoui` from `bf16` to `i1` (or vectors of
      them), which LLVM 22's AMDGPU backend cannot select on any chip;
    * an operation at the top level of the module that is not a function,
      a global or other symbol (a `gpu.barrier` beside the functions), and
      an operation using a type with no LLVM IR equivalent (an `llvm.alloca`
      of `f4E2M1FN`): the translation to LLVM IR crashes on both;
    * then the module is translated to LLVM IR as the serializer will and
      checked by LLVM's verifier; a function it rejects is an error at that
      `llvm.func`, quoting the verifier.

    (The matrix instructions of the module are checked against the chip by
    `mcore-verify-matrix-intrinsics`.)
  }];
}

def MCoreVerifyHostVectorsPass
    : Pass<"mcore-verify-host-vectors", "::mlir::ModuleOp"> {
  let summary = "Reject host code on vectors too large to compile in "
                "reasonable time, with a located error";
  let description = [{
    Runs first in `--mcore-pipeline`. An op of host code (outside
    `gpu.module`, `gpu.func` and `gpu.launch` bodies) with a result, or an
    operand that is a block argument, of a vector type of more than
    `max-elements` elements is an error at that op, naming the type and the
    limit (the ops that only pass such a result on are not errors again). Upstream's host
    lowering (`convert-vector-to-llvm` and the passes around it) unrolls an
    n-D vector into its rows and a `vector.contract` into outer products, so
    its compile time grows with the elements (with M·N·K for a
    contraction): `vector<1000x1000xi32>` would not finish. The default
    limit, 16384 elements (a 128x128 tile), keeps the largest contraction it
    allows at 128x128x128, a few seconds. Host data that large belongs in a
    memref (docs/Pipeline.md, "Host vectors"). Device code is not checked
    here: a kernel's vectors live in registers and are bounded by the
    kernel's tile.
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", "16384",
           "The most elements a vector of host code may have">,
  ];
}

def MCoreSkipEmptyLaunchesPass
    : Pass<"mcore-skip-empty-launches", "::mlir::ModuleOp"> {
  let summary = "Launch no kernel whose grid or work-group is empty";
  let description = [{
    A `gpu.launch_func` with zero work-groups (or work-items) in some
    dimension does nothing, but HIP and mcore's emulator refuse to launch
    it. In host code (outside `gpu.module`s), every launch whose sizes are
    not all constants of at least 1 runs only when none of them is 0; one
    with a constant 0 is erased. A matmul whose M or N is 0 at run time, or
    the compression of an empty 2:4 A, then does nothing and succeeds.

    ```mlir
    gpu.launch_func @k::@k blocks in (%gx, %c1, %c1) threads in (%c256, %c1, %c1)
    // becomes
    %ne = arith.cmpi ne, %gx, %c0 : index
    scf.if %ne {
      gpu.launch_func @k::@k blocks in (%gx, %c1, %c1) threads in (%c256, %c1, %c1)
    }
    ```

    An async launch yields `gpu.wait async` on its dependencies when it is
    skipped, so its token stays valid.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect"];
}

def MCoreStableConstantGlobalsPass
    : Pass<"mcore-stable-constant-globals", "::mlir::ModuleOp"> {
  let summary = "Name and order the constant globals of bufferization by "
                "their first use";
  let description = [{
    `one-shot-bufferize{bufferize-function-boundaries}` of LLVM 22 turns each
    `arith.constant` tensor into a private `memref.global "__constant_..."`,
    visiting functions in an order that changes from run to run (it iterates
    a pointer-keyed map; llvm-project pull request #184722, after LLVM 22,
    fixes it): two constants of one type get their names (`@__constant_2x8xf16`,
    `@__constant_2x8xf16_0`) and places in either order, and the same input
    compiles to different IR. This pass renames every private constant
    `memref.global` named `__constant_...` in the order of its first
    `memref.get_global` in the module (the first one takes the plain name,
    the next `_0`, `_1`, ..., as the symbol table names them) and moves them
    to the top of the module in that order, so the output depends on the
    input alone. Other symbols are left alone; a name another symbol holds
    is not taken.
  }];
}

#endif // MCORE_PIPELINE_PASSES_TD
