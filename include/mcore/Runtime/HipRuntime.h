/*===- HipRuntime.h - libmcore_hip_runtime.so beyond the mgpu* ABI -*- C -*-===//
 *
 * libmcore_hip_runtime.so implements the mgpu* C functions MLIR's
 * gpu-to-llvm lowering calls (mgpuModuleLoad, mgpuLaunchKernel,
 * mgpuMemAlloc, ...) on HIP's module API. It loads HIP at run time with
 * dlopen: $MCORE_HIP_LIBRARY if set, else libamdhip64.so.7, .so.6, .so.5
 * and .so (the search path, then $ROCM_PATH/lib and /opt/rocm/lib). No
 * ROCm is needed to build it. Devices are HIP's (HIP_VISIBLE_DEVICES
 * selects and orders them); device 0 unless mcoreHipSelectDevice or
 * mgpuSetDefaultDevice chose another.
 *
 * A failing HIP call prints one line to stderr,
 *
 *   mcore-hip: error: hipMalloc(1073741824 bytes) failed with
 *   hipErrorOutOfMemory (out of memory): the GPU has too little free memory;
 *   use smaller matrices or free memory held by other processes
 *
 * and ends the process with exit status 1 (a GPU fault would end it too);
 * MCORE_HIP_ON_ERROR=continue prints and returns instead (the failed call
 * returns a null handle). Without an AMD GPU the line contains "no AMD GPU"
 * and suggests mcore's CPU emulator.
 *
 * The functions below are the extensions mcore-run uses; they are exported
 * with C linkage next to the mgpu* functions. See docs/Running.md.
 *
 *===----------------------------------------------------------------------===*/

#ifndef MCORE_RUNTIME_HIPRUNTIME_H
#define MCORE_RUNTIME_HIPRUNTIME_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Loads HIP and counts the devices, without printing anything or exiting.
 * Returns the number of usable AMD GPUs. When it returns 0, `message` holds
 * one line starting with "no AMD GPU: " that says why; otherwise it
 * describes what was found, with each device's gcnArchName and the library
 * that was loaded ("1 AMD GPU (gfx942:sramecc+:xnack-); HIP 6.2.41133 from
 * libamdhip64.so.6"). `message` may be null. */
int mcoreHipProbe(char *message, size_t size);

/** The chips of HIP's devices in HIP's order (the processor part of each
 * gcnArchName, from hipGetDevicePropertiesR0600, or hipGetDeviceProperties
 * on HIP 5), comma-separated, for example "gfx942" or "gfx1201,gfx942";
 * empty when HIP has no device. An entry is empty where HIP names no chip.
 * Returns the number of devices. */
int mcoreHipDeviceChips(char *buffer, size_t size);

/** Makes `device` (HIP's numbering) the device of every thread that has not
 * called mgpuSetDefaultDevice: mcore-run --device=N. Returns 1, or reports
 * an error (as every call does) and returns 0 when there is no such
 * device. */
int mcoreHipSelectDevice(int device);

/** While enabled, errors are recorded instead of printed, and the failing
 * call returns as with MCORE_HIP_ON_ERROR=continue (a null handle), so the
 * process goes on; for programs that must survive HIP errors (mcore's Python
 * package runs kernels inside the interpreter). */
void mcoreHipCaptureErrors(int enable);

/** The errors recorded while capturing, one line each (without the
 * "mcore-hip: error: " prefix). Returns their length in bytes; when that
 * plus a terminating NUL fits in `size`, copies them to `buffer` and forgets
 * them, else copies nothing (call again with a larger buffer). */
size_t mcoreHipTakeErrors(char *buffer, size_t size);

/** When enabled, mgpuLaunchKernel brackets every launch with HIP events,
 * waits for it and adds its device time to a total. */
void mcoreHipSetKernelTiming(int enable);

/** The device time of the launches timed since the last call, in
 * milliseconds; resets the total. */
double mcoreHipTakeKernelMilliseconds(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* MCORE_RUNTIME_HIPRUNTIME_H */
