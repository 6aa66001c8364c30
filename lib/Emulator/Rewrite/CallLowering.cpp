//===- CallLowering.cpp - Calls of the AMDGPU module, by table ------------===//
//
// The lookup of a call's rule (see CallLowering.h), and the rules that need
// no lanes but the caller's: scheduling hints and waits, work-item and
// work-group ids, launch data, barriers, traps, and the ockl work-item
// functions MLIR emits for gpu.block_dim and gpu.grid_dim.
//
//===----------------------------------------------------------------------===//

#include "CallLowering.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstring>
#include <vector>

using namespace llvm;
using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::rewrite;

CallLowering::CallLowering(DeviceLowering &lowering, CallBase &call,
                           StringRef name)
    : lowering(lowering), call(call), name(name),
      op(name.starts_with("llvm.amdgcn.")
             ? name.drop_front(strlen("llvm.amdgcn."))
             : name),
      b(&call) {}

CallInst *CallLowering::callRuntime(StringRef fn, Type *ret,
                                    ArrayRef<Value *> args, bool readNone) {
  SmallVector<Type *> tys;
  for (Value *a : args)
    tys.push_back(a->getType());
  return b.CreateCall(lowering.runtime(fn, ret, tys, false, readNone), args);
}

Error CallLowering::unsupported(StringRef why) const {
  return rewriteError("'" + name + "' " + where(call) +
                      " is not supported by the emulator" +
                      (why.empty() ? "" : ": " + why));
}

Error CallLowering::notDefined() const {
  return rewriteError("'" + name + "' is called " + where(call) +
                      " but not defined in the module; the emulator runs the "
                      "module's own code only (ROCm device libraries such as "
                      "ocml are not available; of ockl it provides the "
                      "work-item and printf functions)");
}

namespace {

//===----------------------------------------------------------------------===//
// Rules
//===----------------------------------------------------------------------===//

Expected<Value *> lowerToNothing(CallLowering &) { return nullptr; }

/// A call of runtime function `fn` with the id of a new site of `kind`.
Expected<Value *> lowerToSiteCall(CallLowering &c, SiteKind kind,
                                  StringRef fn) {
  DeviceLowering &L = c.lowering;
  unsigned id = L.addSite(L.makeSite(kind, c.call));
  c.b.CreateCall(L.runtime(fn, c.b.getVoidTy(), {L.i32()}, true),
                 {c.b.getInt32(id)});
  return nullptr;
}

Expected<Value *> lowerBarrier(CallLowering &c) {
  return lowerToSiteCall(c, SiteKind::Barrier, "__mcore_emu_barrier");
}

Expected<Value *> lowerTrap(CallLowering &c) {
  return lowerToSiteCall(c, SiteKind::Trap, "__mcore_emu_trap");
}

Expected<Value *> lowerSleep(CallLowering &c) {
  c.b.CreateCall(
      c.lowering.runtime("__mcore_emu_backedge", c.b.getVoidTy(), {}), {});
  return nullptr;
}

Expected<Value *> lowerCycleCounter(CallLowering &c) {
  Function *f = Intrinsic::getOrInsertDeclaration(&c.lowering.getModule(),
                                                  Intrinsic::readcyclecounter);
  return c.b.CreateCall(f, {});
}

/// The dimension a name ends in: x, y or z.
unsigned dimOf(StringRef name) { return unsigned(name.back() - 'x'); }

Expected<Value *> lowerWorkitemId(CallLowering &c) {
  return c.callRuntime("__mcore_emu_workitem_id", c.lowering.i32(),
                       {c.b.getInt32(dimOf(c.op))});
}

Expected<Value *> lowerWorkgroupId(CallLowering &c) {
  return c.callRuntime("__mcore_emu_workgroup_id", c.lowering.i32(),
                       {c.b.getInt32(dimOf(c.op))});
}

Expected<Value *> lowerImplicitArgPtr(CallLowering &c) {
  return c.callRuntime("__mcore_emu_implicitarg_ptr", c.type(), {});
}

Expected<Value *> lowerDispatchPtr(CallLowering &c) {
  return c.callRuntime("__mcore_emu_dispatch_ptr", c.type(), {});
}

Expected<Value *> lowerKernargPtr(CallLowering &c) {
  return c.callRuntime("__mcore_emu_kernarg_ptr", c.type(), {});
}

Expected<Value *> lowerDispatchId(CallLowering &c) {
  return c.callRuntime("__mcore_emu_dispatch_id", c.lowering.i64(), {});
}

Expected<Value *> lowerWavefrontSize(CallLowering &c) {
  return c.b.getInt32(c.lowering.getTarget().waveSize);
}

Expected<Value *> lowerMbcnt(CallLowering &c) {
  return c.callRuntime("__mcore_emu_mbcnt", c.lowering.i32(),
                       {c.arg(0), c.arg(1), c.b.getInt32(c.op == "mbcnt.hi")});
}

Expected<Value *> lowerIsSharedOrPrivate(CallLowering &c) {
  Value *r = c.callRuntime(
      c.op == "is.shared" ? "__mcore_emu_is_shared" : "__mcore_emu_is_private",
      c.lowering.i32(), {c.lowering.flat(c.b, c.arg(0))}, false);
  return c.b.CreateICmpNE(r, c.b.getInt32(0));
}

Expected<Value *> lowerGroupStaticSize(CallLowering &c) {
  std::optional<unsigned> bytes =
      c.lowering.getStaticLdsBytes(*c.call.getFunction());
  if (!bytes)
    return c.unsupported("only in a kernel");
  return c.b.getInt32(*bytes);
}

Expected<Value *> lowerToTrue(CallLowering &c) { return c.b.getTrue(); }

/// Whole-wave and whole-quad modes: with the emulator's active set they are
/// the identity (see docs/Emulator.md).
Expected<Value *> lowerToOperand(CallLowering &c) { return c.arg(0); }

/// Whether the call has the signature of the ockl work-item functions: an
/// integer result and `operands` operands (the dimension, or none). Other
/// signatures are not functions the emulator provides.
bool isOcklCall(const CallLowering &c, unsigned operands) {
  return c.type()->isIntegerTy() && c.call.arg_size() == operands;
}

/// Runtime queries of the dimension operand of an ockl work-item function,
/// widened to the call's type.
class OcklQuery {
public:
  explicit OcklQuery(CallLowering &c)
      : c(c), dim(c.b.CreateZExtOrTrunc(c.arg(0), c.b.getInt32Ty())) {}
  Value *operator()(StringRef fn) {
    return c.b.CreateZExt(c.callRuntime(fn, c.lowering.i32(), {dim}), c.type());
  }

private:
  CallLowering &c;
  Value *dim;
};

/// `fn(dimension)`.
Expected<Value *> lowerOckl(CallLowering &c, StringRef fn) {
  if (!isOcklCall(c, 1))
    return c.notDefined();
  return OcklQuery(c)(fn);
}

Expected<Value *> lowerOcklLocalId(CallLowering &c) {
  return lowerOckl(c, "__mcore_emu_workitem_id");
}

Expected<Value *> lowerOcklGroupId(CallLowering &c) {
  return lowerOckl(c, "__mcore_emu_workgroup_id");
}

Expected<Value *> lowerOcklLocalSize(CallLowering &c) {
  return lowerOckl(c, "__mcore_emu_local_size");
}

Expected<Value *> lowerOcklNumGroups(CallLowering &c) {
  return lowerOckl(c, "__mcore_emu_num_groups");
}

Expected<Value *> lowerOcklGlobalSize(CallLowering &c) {
  if (!isOcklCall(c, 1))
    return c.notDefined();
  OcklQuery q(c);
  return c.b.CreateMul(q("__mcore_emu_local_size"),
                       q("__mcore_emu_num_groups"));
}

Expected<Value *> lowerOcklGlobalId(CallLowering &c) {
  if (!isOcklCall(c, 1))
    return c.notDefined();
  OcklQuery q(c);
  return c.b.CreateAdd(
      c.b.CreateMul(q("__mcore_emu_workgroup_id"), q("__mcore_emu_local_size")),
      q("__mcore_emu_workitem_id"));
}

Expected<Value *> lowerOcklGlobalOffset(CallLowering &c) {
  if (!isOcklCall(c, 1))
    return c.notDefined();
  return ConstantInt::get(c.type(), 0);
}

Expected<Value *> lowerOcklWorkDim(CallLowering &c) {
  if (!isOcklCall(c, 0))
    return c.notDefined();
  return c.b.CreateZExt(
      c.callRuntime("__mcore_emu_work_dim", c.lowering.i32(), {}), c.type());
}

const CallRule kRules[] = {
    // Scheduling hints, waits and cache maintenance: no-ops on the host.
    {"llvm.amdgcn.s.waitcnt", lowerToNothing},
    {"llvm.amdgcn.s.wait.loadcnt", lowerToNothing},
    {"llvm.amdgcn.s.wait.storecnt", lowerToNothing},
    {"llvm.amdgcn.s.wait.dscnt", lowerToNothing},
    {"llvm.amdgcn.s.wait.kmcnt", lowerToNothing},
    {"llvm.amdgcn.s.wait.expcnt", lowerToNothing},
    {"llvm.amdgcn.s.wait.samplecnt", lowerToNothing},
    {"llvm.amdgcn.s.wait.bvhcnt", lowerToNothing},
    {"llvm.amdgcn.s.wait.loadcnt.dscnt", lowerToNothing},
    {"llvm.amdgcn.s.wait.storecnt.dscnt", lowerToNothing},
    {"llvm.amdgcn.s.wait.event.export.ready", lowerToNothing},
    {"llvm.amdgcn.s.setprio", lowerToNothing},
    {"llvm.amdgcn.s.nop", lowerToNothing},
    {"llvm.amdgcn.sched.barrier", lowerToNothing},
    {"llvm.amdgcn.sched.group.barrier", lowerToNothing},
    {"llvm.amdgcn.iglp.opt", lowerToNothing},
    {"llvm.amdgcn.s.dcache.inv", lowerToNothing},
    {"llvm.amdgcn.s.dcache.wb", lowerToNothing},
    {"llvm.amdgcn.s.dcache.inv.vol", lowerToNothing},
    {"llvm.amdgcn.s.dcache.wb.vol", lowerToNothing},
    {"llvm.amdgcn.buffer.wbinvl1", lowerToNothing},
    {"llvm.amdgcn.buffer.wbinvl1.sc", lowerToNothing},
    {"llvm.amdgcn.buffer.wbinvl1.vol", lowerToNothing},
    {"llvm.amdgcn.s.incperflevel", lowerToNothing},
    {"llvm.amdgcn.s.decperflevel", lowerToNothing},
    {"llvm.amdgcn.s.ttracedata", lowerToNothing},
    {"llvm.amdgcn.s.ttracedata.imm", lowerToNothing},
    // gfx12 splits s_barrier into signal + wait; the wait is the barrier.
    {"llvm.amdgcn.s.barrier.signal", lowerToNothing},
    {"llvm.amdgcn.s.barrier", lowerBarrier},
    {"llvm.amdgcn.s.barrier.wait", lowerBarrier},
    {"llvm.amdgcn.s.sleep", lowerSleep},
    {"llvm.trap", lowerTrap},
    {"llvm.debugtrap", lowerTrap},
    {"llvm.ubsantrap", lowerTrap},
    {"llvm.amdgcn.s.memtime", lowerCycleCounter},
    {"llvm.amdgcn.s.memrealtime", lowerCycleCounter},
    {"llvm.readsteadycounter", lowerCycleCounter},
    // Work-item and work-group ids, dimensions and dispatch data.
    {"llvm.amdgcn.workitem.id.x", lowerWorkitemId},
    {"llvm.amdgcn.workitem.id.y", lowerWorkitemId},
    {"llvm.amdgcn.workitem.id.z", lowerWorkitemId},
    {"llvm.amdgcn.workgroup.id.x", lowerWorkgroupId},
    {"llvm.amdgcn.workgroup.id.y", lowerWorkgroupId},
    {"llvm.amdgcn.workgroup.id.z", lowerWorkgroupId},
    {"llvm.amdgcn.implicitarg.ptr", lowerImplicitArgPtr},
    {"llvm.amdgcn.dispatch.ptr", lowerDispatchPtr},
    {"llvm.amdgcn.kernarg.segment.ptr", lowerKernargPtr},
    {"llvm.amdgcn.dispatch.id", lowerDispatchId},
    {"llvm.amdgcn.wavefrontsize", lowerWavefrontSize},
    {"llvm.amdgcn.mbcnt.lo", lowerMbcnt},
    {"llvm.amdgcn.mbcnt.hi", lowerMbcnt},
    {"llvm.amdgcn.is.shared", lowerIsSharedOrPrivate},
    {"llvm.amdgcn.is.private", lowerIsSharedOrPrivate},
    {"llvm.amdgcn.groupstaticsize", lowerGroupStaticSize},
    {"llvm.amdgcn.live.mask", lowerToTrue},
    {"llvm.amdgcn.ps.live", lowerToTrue},
    {"llvm.amdgcn.wwm", lowerToOperand},
    {"llvm.amdgcn.strict.wwm", lowerToOperand},
    {"llvm.amdgcn.wqm", lowerToOperand},
    {"llvm.amdgcn.strict.wqm", lowerToOperand},
    {"llvm.amdgcn.softwqm", lowerToOperand},
    {"llvm.amdgcn.set.inactive", lowerToOperand},
    {"llvm.amdgcn.set.inactive.chain.arg", lowerToOperand},
    // The ockl work-item functions.
    {"__ockl_get_local_id", lowerOcklLocalId},
    {"__ockl_get_group_id", lowerOcklGroupId},
    {"__ockl_get_local_size", lowerOcklLocalSize},
    {"__ockl_get_enqueued_local_size", lowerOcklLocalSize},
    {"__ockl_get_num_groups", lowerOcklNumGroups},
    {"__ockl_get_global_size", lowerOcklGlobalSize},
    {"__ockl_get_global_id", lowerOcklGlobalId},
    {"__ockl_get_global_offset", lowerOcklGlobalOffset},
    {"__ockl_get_work_dim", lowerOcklWorkDim},
};

/// Every table's rules, by callee name.
class RuleIndex {
public:
  RuleIndex() {
    for (ArrayRef<CallRule> rules :
         {ArrayRef<CallRule>(kRules), getWaveOpRules(), getMathRules(),
          getBufferRules(), getPrintfRules()})
      for (const CallRule &r : rules) {
        if (r.match == CallRule::Prefix) {
          prefixes.push_back(&r);
          continue;
        }
        // Checked in every build: a second row would be silently dead.
        if (!exact.try_emplace(r.name, r.lower).second)
          report_fatal_error(Twine("emulator: two call-lowering rules for '") +
                             r.name + "'");
      }
  }
  CallHandler find(StringRef name) const {
    auto it = exact.find(name);
    if (it != exact.end())
      return it->second;
    for (const CallRule *r : prefixes)
      if (name.starts_with(r->name))
        return r->lower;
    return nullptr;
  }

private:
  StringMap<CallHandler> exact;
  std::vector<const CallRule *> prefixes;
};

} // namespace

//===----------------------------------------------------------------------===//
// Lookup
//===----------------------------------------------------------------------===//

Error DeviceLowering::rewriteCalls(Function &F) {
  SmallVector<CallBase *> calls;
  for (Instruction &I : instructions(F))
    if (auto *call = dyn_cast<CallBase>(&I))
      calls.push_back(call);
  for (CallBase *call : calls) {
    if (call->isInlineAsm())
      return rewriteError("inline assembly " + where(*call) +
                          " cannot be emulated");
    if (isa<InvokeInst>(call) || isa<CallBrInst>(call))
      return rewriteError("invoke/callbr " + where(*call) +
                          " is not supported by the emulator");
    if (Error e = rewriteCall(*call))
      return e;
  }
  return Error::success();
}

Error DeviceLowering::rewriteCall(CallBase &call) {
  Function *callee = call.getCalledFunction();
  if (!callee || !callee->isDeclaration())
    return Error::success(); // indirect or defined: cloned as is
  std::string base = calleeBaseName(*callee);
  StringRef name = base;
  static const RuleIndex rules;
  CallLowering c(*this, call, name);
  if (CallHandler lower = rules.find(name)) {
    Expected<Value *> r = lower(c);
    if (!r)
      return r.takeError();
    if (*r && (*r)->getType() != call.getType())
      return rewriteError("internal: emulation of '" + name +
                          "' produced type " + typeName((*r)->getType()) +
                          " for " + typeName(call.getType()));
    if (*r)
      call.replaceAllUsesWith(*r);
    else if (!call.use_empty())
      return rewriteError("internal: emulation of '" + name +
                          "' gave no value for the call's result");
    call.eraseFromParent();
    return Error::success();
  }

  // What no rule lowers.
  if (name.starts_with("llvm.amdgcn.")) {
    if (c.op.contains("buffer"))
      return c.unsupported("of the buffer instructions the emulator has raw "
                           "loads, stores and atomics");
    return c.unsupported("this intrinsic is not emulated");
  }
  if (callee->isIntrinsic()) {
    if (name.starts_with("llvm.r600.") || name.starts_with("llvm.amdgcn"))
      return c.unsupported("");
    return Error::success(); // target-independent: re-declared on the host
  }
  if (name.starts_with("__mcore_emu_"))
    return Error::success(); // inserted by this rewrite
  return c.notDefined();
}
