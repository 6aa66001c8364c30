//===- Launch.cpp - A kernel launch, set up as the HSA ABI says -----------===//
//
// Checks a launch against the kernel and the chip (work-group size, LDS,
// arguments), builds the kernarg segment (explicit arguments at their HSA
// offsets, then the code-object-v5 hidden arguments) and the HSA dispatch
// packet, and runs the work-groups (Runtime.cpp).
//
//===----------------------------------------------------------------------===//

#include "Runtime.h"
#include "WorkGroup.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <atomic>
#include <cstring>

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::runtime;
using llvm::Error;

static std::atomic<uint64_t> nextDispatchId{1};

Error mlir::mcore::emu::runLaunch(const LaunchRequest &req) {
  const KernelInfo &k = req.kernel->info;
  const Target &target = req.image->target;
  const Dim3 &g = req.grid, &b = req.block;
  auto launchError = [&](const llvm::Twine &msg) {
    return llvm::createStringError("cannot launch kernel '" + k.name +
                                   "' with grid " + formatDim3(g.x, g.y, g.z) +
                                   " and block " + formatDim3(b.x, b.y, b.z) +
                                   ": " + msg);
  };
  if (!g.x || !g.y || !g.z)
    return launchError("the grid has no work-groups");
  if (!b.x || !b.y || !b.z)
    return launchError("the work-group has no work-items");
  uint64_t lanes = uint64_t(b.x) * b.y * b.z;
  if (b.x > 1024 || b.y > 1024 || b.z > 1024 || lanes > 1024)
    return launchError("a work-group has at most 1024 work-items (and at "
                       "most 1024 in each dimension)");
  if (lanes > k.maxFlatWorkGroupSize)
    return launchError(llvm::formatv("the kernel was compiled for work-groups "
                                     "of at most {0} work-items "
                                     "(amdgpu-flat-work-group-size)",
                                     k.maxFlatWorkGroupSize)
                           .str());
  const uint32_t *req3 = k.requiredWorkGroupSize;
  if (req3[0] && (req3[0] != b.x || req3[1] != b.y || req3[2] != b.z))
    return launchError("the kernel requires work-groups of " +
                       formatDim3(req3[0], req3[1], req3[2]) +
                       " (reqd_work_group_size)");
  for (auto [n, s] : {std::pair{g.x, b.x}, {g.y, b.y}, {g.z, b.z}})
    if (uint64_t(n) * s > 0xFFFFFFFFull)
      return launchError("the grid has more than 2^32 - 1 work-items in one "
                         "dimension");
  uint64_t ldsBytes = uint64_t(k.staticLdsBytes) + req.dynamicLdsBytes;
  if (req.dynamicLdsBytes && !k.dynamicLdsAlign)
    ; // dynamic LDS the kernel never uses is allowed, and allocated
  if (ldsBytes > target.ldsBytes)
    return launchError(llvm::formatv("it needs {0} bytes of LDS ({1} static + "
                                     "{2} dynamic); {3} has {4} per "
                                     "work-group",
                                     ldsBytes, k.staticLdsBytes,
                                     req.dynamicLdsBytes, target.chip,
                                     target.ldsBytes)
                           .str());
  if (req.params == nullptr && req.kernarg == nullptr && !k.args.empty())
    return launchError("no kernel arguments were given");

  LaunchState launch;
  launch.req = &req;
  launch.kernel = &k;
  launch.image = req.image;
  launch.target = &req.image->target;
  launch.entry = req.kernel->entry;
  launch.waveSize = target.waveSize;
  launch.ldsBytes = unsigned(ldsBytes);
  launch.groups = uint64_t(g.x) * g.y * g.z;
  launch.dispatchId = nextDispatchId++;
  launch.workDim = b.z > 1 || g.z > 1 ? 3 : b.y > 1 || g.y > 1 ? 2 : 1;
  launch.stackBytes = size_t(req.options->stackKiB) * 1024;
  launch.boundsCheck = req.options->boundsCheck;
  launch.poison = req.options->poison;
  launch.schedule = req.options->schedule;
  launch.scheduleSeed = req.options->scheduleSeed;
  launch.yieldAtMemory = launch.schedule != Schedule::InOrder;
  if (launch.boundsCheck)
    launch.globalShadow = makeGlobalShadow();
  launch.deadline =
      std::chrono::steady_clock::now() +
      std::chrono::microseconds(int64_t(req.options->timeoutSeconds * 1e6));

  // The kernarg segment: explicit arguments at their HSA offsets, then the
  // hidden arguments (code object v5 layout).
  size_t kernargBytes = size_t(k.implicitArgOffset) + 256;
  launch.kernargStorage.assign((kernargBytes + 7) / 8, 0);
  launch.kernarg = reinterpret_cast<uint8_t *>(launch.kernargStorage.data());
  std::vector<void *> params;
  if (req.params) {
    for (size_t i = 0; i < k.args.size(); ++i) {
      const KernelArg &a = k.args[i];
      if (!req.params[i])
        return launchError("argument " + std::to_string(i) + " is null");
      std::memcpy(launch.kernarg + a.kernargOffset, req.params[i],
                  std::min(a.kernargBytes, a.hostBytes));
    }
    launch.params = req.params;
  } else if (req.kernarg) {
    if (req.kernargBytes < k.explicitKernargBytes)
      return launchError(llvm::formatv("the kernarg segment has {0} bytes; the "
                                       "arguments need {1}",
                                       req.kernargBytes, k.explicitKernargBytes)
                             .str());
    std::memcpy(launch.kernarg, req.kernarg, k.explicitKernargBytes);
    for (const KernelArg &a : k.args) {
      if (a.hostBytes > a.kernargBytes && !a.byRef)
        return launchError("argument of type " + a.type +
                           " has a different size in the kernarg segment");
      params.push_back(launch.kernarg + a.kernargOffset);
    }
    launch.params = params.data();
  }
  uint8_t *ia = launch.kernarg + k.implicitArgOffset;
  launch.implicitArgs = ia;
  auto put32 = [](uint8_t *p, uint32_t v) { std::memcpy(p, &v, 4); };
  auto put16 = [](uint8_t *p, uint16_t v) { std::memcpy(p, &v, 2); };
  auto put64 = [](uint8_t *p, uint64_t v) { std::memcpy(p, &v, 8); };
  put32(ia + 0, g.x);
  put32(ia + 4, g.y);
  put32(ia + 8, g.z);
  put16(ia + 12, uint16_t(b.x));
  put16(ia + 14, uint16_t(b.y));
  put16(ia + 16, uint16_t(b.z));
  // Remainders (18, 20, 22) stay 0: grids are whole work-groups.
  put16(ia + 64, uint16_t(launch.workDim));
  put32(ia + 120, req.dynamicLdsBytes);
  // The HSA dispatch packet.
  uint8_t *pk = launch.packet;
  put16(pk + 2, uint16_t(launch.workDim));
  put16(pk + 4, uint16_t(b.x));
  put16(pk + 6, uint16_t(b.y));
  put16(pk + 8, uint16_t(b.z));
  put32(pk + 12, g.x * b.x);
  put32(pk + 16, g.y * b.y);
  put32(pk + 20, g.z * b.z);
  put32(pk + 28, unsigned(ldsBytes));
  put64(pk + 40, reinterpret_cast<uint64_t>(launch.kernarg));

  MemoryMap &map = MemoryMap::get();
  if (launch.boundsCheck) {
    map.add(launch.kernarg, kernargBytes,
            "kernarg segment of '" + k.name + "'");
    map.add(launch.packet, sizeof(launch.packet), "dispatch packet");
  }

  runWorkGroups(launch);
  if (launch.boundsCheck) {
    map.remove(launch.kernarg);
    map.remove(launch.packet);
  }
  if (launch.failed)
    return llvm::createStringError(launch.error);
  return Error::success();
}
