/*===- EmuRuntime.h - libmcore_emu_runtime.so beyond mgpu* --------*- C -*-===//
 *
 * libmcore_emu_runtime.so implements the mgpu* C functions MLIR's
 * gpu-to-llvm lowering calls on mcore's CPU wave emulator (see
 * docs/Emulator.md). An error (a module the emulator cannot run, a fault or
 * hang in a kernel, an allocation that fails) prints one line to stderr,
 *
 *   mcore-emu: error: mgpuMemAlloc: out of memory allocating 4294967296 bytes
 *
 * and ends the process with exit status 1, as a GPU fault would;
 * MCORE_EMU_ON_ERROR=continue prints and returns instead.
 *
 * The functions below are for programs that embed the runtime and must
 * survive its errors (mcore's Python package runs kernels inside the
 * interpreter). They are exported with C linkage next to the mgpu* ones.
 *
 *===----------------------------------------------------------------------===*/

#ifndef MCORE_RUNTIME_EMURUNTIME_H
#define MCORE_RUNTIME_EMURUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The chip to emulate for modules loaded from now on whose code names none
 * (no "target-cpu" on the kernels; mcore's pipeline records one, other
 * producers may not); it takes the place of MCORE_EMU_CHIP, which the
 * runtime reads only once. Null or "" goes back to MCORE_EMU_CHIP. */
void mcoreEmuSetChip(const char *chip);

/** While enabled, errors are recorded instead of printed, and the failing
 * call returns as with MCORE_EMU_ON_ERROR=continue (a module that failed to
 * load is a null handle, a failed launch leaves memory as the kernel left
 * it), so the process goes on; mcoreEmuTakeErrors hands them over. */
void mcoreEmuCaptureErrors(int enable);

/** The errors recorded while capturing, one line each (without the
 * "mcore-emu: error: " prefix). Returns their length in bytes; when that
 * plus a terminating NUL fits in `size`, copies them to `buffer` and forgets
 * them, else copies nothing (call again with a larger buffer). */
size_t mcoreEmuTakeErrors(char *buffer, size_t size);

/** Tells `fn` how far each launch is, after each work-group that finishes:
 * the kernel's name, the work-groups done and their number (mcore-run draws
 * a percentage). It is called from the emulator's threads, possibly at once,
 * so it must be cheap and thread-safe. A null `fn` stops it. */
typedef void (*McoreEmuProgressFn)(void *user, const char *kernel,
                                   uint64_t done, uint64_t total);
void mcoreEmuSetProgress(McoreEmuProgressFn fn, void *user);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* MCORE_RUNTIME_EMURUNTIME_H */
