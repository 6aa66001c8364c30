//===- Counters.cpp - Memory counters and the waits on them ---------------===//

#include "Counters.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

CounterRules mlir::mcore::perf::getCounterRules(Chip chip) {
  return {getChipInfo(chip).hasMfma};
}

CounterSet mlir::mcore::perf::getRaisedCounters(StringRef m, StringRef ops) {
  // Cache invalidations and write-backs wait on nothing here.
  if (m.contains("_inv") || m.contains("_wb"))
    return 0;
  bool load = m.contains("load") || m.contains("read") ||
              (m.contains("atomic") && (ops.contains("glc") ||
                                        ops.contains("sc0") ||
                                        ops.contains("th:TH_ATOMIC_RETURN")));
  Counter vm = load ? VmLoad : VmStore;
  // global_load_lds_*: a VMEM load that writes LDS raises both
  // (FLATInstructions.td, FLAT_Global_Load_LDS_Pseudo).
  if (m.starts_with("global_load_lds"))
    return CounterSet(counterBit(VmLoad) | counterBit(Lds));
  // FLATInstructions.td: "FLAT instruction[s] are executed as both an LDS
  // and a Buffer instruction", LGKM_CNT = !not(!or(is_flat_global,
  // is_flat_scratch)): global_* and scratch_* use VM_CNT only.
  if (m.starts_with("global_") || m.starts_with("buffer_") ||
      m.starts_with("scratch_"))
    return counterBit(vm);
  if (m.starts_with("flat_"))
    return CounterSet(counterBit(vm) | counterBit(Lds));
  if (m.starts_with("ds_"))
    return counterBit(Lds);
  if (m.starts_with("s_load") || m.starts_with("s_buffer_load") ||
      m.starts_with("s_memtime") || m.starts_with("s_sendmsg"))
    return counterBit(Smem);
  return 0;
}

static unsigned parseNumber(StringRef s) {
  unsigned v = 0;
  s.trim().getAsInteger(0, v);
  return v;
}

bool mlir::mcore::perf::decodeWait(StringRef m, StringRef ops,
                                   const CounterRules &rules,
                                   std::vector<Wait> &out) {
  CounterSet vm = rules.storesInVmcnt
                      ? CounterSet(counterBit(VmLoad) | counterBit(VmStore))
                      : counterBit(VmLoad);
  CounterSet lgkm = CounterSet(counterBit(Lds) | counterBit(Smem));
  if (m == "s_waitcnt") {
    // "vmcnt(3) lgkmcnt(0)", "vmcnt(0) & lgkmcnt(0)", "lgkmcnt(1)", or an
    // immediate ("0": every counter).
    bool named = false;
    SmallVector<StringRef> parts;
    ops.split(parts, ' ', -1, false);
    for (StringRef part : parts) {
      for (StringRef piece : llvm::split(part, '&')) {
        auto [name, rest] = piece.trim().split('(');
        unsigned n = parseNumber(rest.rtrim(')'));
        if (name == "vmcnt")
          out.push_back({vm, n}), named = true;
        else if (name == "lgkmcnt")
          out.push_back({lgkm, n}), named = true;
        else if (name == "vscnt")
          out.push_back({counterBit(VmStore), n}), named = true;
        else if (name == "expcnt")
          named = true;
      }
    }
    if (!named && !ops.trim().empty() && parseNumber(ops) == 0)
      out.push_back({CounterSet(vm | lgkm | counterBit(VmStore)), 0});
    return true;
  }
  // "s_waitcnt_vscnt null, 0x0", "s_wait_loadcnt 0x2"
  StringRef imm = ops.contains(',') ? ops.rsplit(',').second : ops;
  unsigned n = parseNumber(imm);
  if (m == "s_waitcnt_vscnt" || m == "s_wait_storecnt")
    return out.push_back({counterBit(VmStore), n}), true;
  if (m == "s_waitcnt_vmcnt" || m == "s_wait_loadcnt")
    return out.push_back({vm, n}), true;
  if (m == "s_waitcnt_lgkmcnt")
    return out.push_back({lgkm, n}), true;
  if (m == "s_wait_dscnt")
    return out.push_back({counterBit(Lds), n}), true;
  if (m == "s_wait_kmcnt")
    return out.push_back({counterBit(Smem), n}), true;
  if (m == "s_wait_loadcnt_dscnt") {
    out.push_back({counterBit(VmLoad), (n >> 8) & 0x3f});
    out.push_back({counterBit(Lds), n & 0x3f});
    return true;
  }
  if (m == "s_wait_storecnt_dscnt") {
    out.push_back({counterBit(VmStore), (n >> 8) & 0x3f});
    out.push_back({counterBit(Lds), n & 0x3f});
    return true;
  }
  // Counters no matmul instruction raises.
  return m == "s_wait_expcnt" || m == "s_wait_samplecnt" ||
         m == "s_wait_bvhcnt" || m == "s_waitcnt_expcnt";
}
