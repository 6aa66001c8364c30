//===- BufferRuntime.cpp - Raw buffer loads, stores and atomics -----------===//
//
// What the buffer instructions do at run time, for the calls
// BufferLowering.cpp puts in their place. A resource arrives as the two
// 64-bit halves of its V#:
//
//   bits  47:0    base address
//   bits  61:48   stride          (0: a raw buffer, the only kind emulated)
//   bits  63:62   swizzle bits    (gfx9: 63 swizzle enable, 62 a cache hint
//                                  on gfx940+; gfx11+: 63:62 swizzle enable)
//   bits  95:64   num_records     (bytes, for a raw buffer)
//   bits 127:96   flags           (bit 23 add_tid_enable; gfx10+: bits
//                                  29:28 OOB_SELECT)
//
// An access at byte offset `off = voffset + soffset` is range-checked as the
// hardware does it (docs/Emulator.md, "Buffer resources", has the sources):
//
//   * gfx9 (CDNA): a raw buffer is out of range where off + size >
//     num_records;
//   * gfx11, gfx12: by OOB_SELECT: 0 index >= num_records or off + size >
//     stride (every raw access, stride being 0), 1 index >= num_records and
//     2 num_records == 0 (the index of a raw access is 0), 3 off + size >
//     num_records.
//
// Loads and stores of more than 4 bytes are checked 4 bytes at a time (a
// dwordx2-x4 access is checked per component); atomics are all or nothing.
// An out-of-range load reads 0, an out-of-range store or atomic writes
// nothing (an atomic returns 0).
//
// With the bounds checker on, every piece is also checked against the
// allocation the descriptor's base address lies in, whether or not the
// hardware would mask it: a kernel that relies on num_records past its
// allocation, or on the masking of accesses outside it, is reported.
//
//===----------------------------------------------------------------------===//

#include "Semantics/FloatFormats.h"
#include "WorkGroup.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::runtime;

namespace {

struct Descriptor {
  uint64_t base;
  uint32_t stride;  ///< bits 61:48
  uint32_t swizzle; ///< bits 63:62
  uint32_t numRecords;
  uint32_t flags;

  Descriptor(uint64_t lo, uint64_t hi)
      : base(lo & ((uint64_t(1) << 48) - 1)), stride((lo >> 48) & 0x3FFF),
        swizzle(uint32_t(lo >> 62)), numRecords(uint32_t(hi)),
        flags(uint32_t(hi >> 32)) {}
  unsigned oobSelect() const { return (flags >> 28) & 3; }
};

std::string hex(uint64_t v) { return llvm::formatv("{0:x}", v).str(); }

const char *accessName(const Site &s) {
  if (BufferAtomicOp(s.imm1) == BufferAtomicOp::None)
    return s.isStore ? "store" : "load";
  return "atomic";
}

/// The descriptor features the emulator does not model stop the launch:
/// records the fault and returns false (the caller abandons the lane once
/// this frame's strings are gone; see runtime::abandon).
bool checkModelled(Lane &l, const Descriptor &d, const Site &s,
                   const Target &t) {
  if (d.stride == 0 && !(t.isCDNA() ? (d.swizzle & 2) : d.swizzle) &&
      !(d.flags & (1u << 23)))
    return true;
  std::string why;
  if (d.stride != 0)
    why = llvm::formatv("its stride is {0}", d.stride).str();
  else if (t.isCDNA() ? (d.swizzle & 2) : d.swizzle)
    why = "it enables swizzling";
  else if (d.flags & (1u << 23))
    why = "it enables add_tid";
  if (why.empty())
    return true;
  l.wg->fault(&l, llvm::formatv("buffer {0} through a descriptor the "
                                "emulator does not model: {1} (raw buffers "
                                "with stride 0, no swizzling and no add_tid "
                                "are emulated) ({2})",
                                accessName(s), why, s.describe())
                      .str());
  return false;
}

/// memcpy with the sizes buffer accesses have inlined (a call of the
/// library's for 4 or 16 bytes costs more than the copy).
inline void copyBytes(void *dst, const void *src, unsigned n) {
  switch (n) {
  case 4:
    return (void)std::memcpy(dst, src, 4);
  case 8:
    return (void)std::memcpy(dst, src, 8);
  case 16:
    return (void)std::memcpy(dst, src, 16);
  default:
    return (void)std::memcpy(dst, src, n);
  }
}

/// Whether the piece [off, off + size) is out of range (see the top of the
/// file).
bool outOfRange(const Descriptor &d, const Target &t, uint64_t off,
                uint64_t size) {
  uint64_t nr = d.numRecords;
  if (t.isCDNA())
    return off + size > nr;
  switch (d.oobSelect()) {
  case 0:
    return nr == 0 || off + size > d.stride;
  case 1:
  case 2:
    return nr == 0;
  default:
    return off + size > nr;
  }
}

/// "num_records 64" or "OOB_SELECT 2" for messages.
std::string rangeRule(const Descriptor &d, const Target &t) {
  if (t.isCDNA() || d.oobSelect() == 3)
    return llvm::formatv("num_records {0}", d.numRecords).str();
  return llvm::formatv("OOB_SELECT {0}, num_records {1}", d.oobSelect(),
                       d.numRecords)
      .str();
}

/// Bounds checker: the piece at `addr` must lie inside the memory the
/// descriptor's base lies in (an allocation, registered memory, a module
/// global, the work-group's LDS or the lane's stack). Else records the fault
/// and returns false, as checkModelled.
bool checkPiece(Lane &l, const Descriptor &d, const Target &t, uint64_t off,
                uint64_t size, bool masked, const Site &s) {
  uintptr_t addr = uintptr_t(d.base + off);
  uintptr_t lo = 0, hi = 0;
  std::string what;
  uintptr_t stackLow = reinterpret_cast<uintptr_t>(l.stackLow);
  uintptr_t stackHigh = reinterpret_cast<uintptr_t>(l.stackHigh);
  uintptr_t lds = reinterpret_cast<uintptr_t>(l.wg->lds);
  uint64_t ldsBytes = l.wg->launch->ldsBytes;
  if (d.base >= stackLow && d.base < stackHigh) {
    lo = stackLow, hi = stackHigh, what = "the lane's private memory";
  } else if (d.base >= lds && d.base < lds + ldsBytes) {
    lo = lds, hi = lds + ldsBytes, what = "the work-group's LDS";
  } else if (std::optional<MemoryMap::Region> r =
                 MemoryMap::get().find(uintptr_t(d.base))) {
    lo = r->base, hi = r->base + r->bytes;
    what = llvm::formatv("the {0}-byte {1} at {2}", r->bytes, r->what,
                         hex(r->base))
               .str();
  } else {
    l.wg->fault(&l, llvm::formatv("out-of-bounds buffer {0} of {1} bytes at "
                                  "{2} (buffer offset {3}): the descriptor's "
                                  "base address {4} is not inside any memory "
                                  "the emulator knows ({5})",
                                  accessName(s), size, hex(addr), off,
                                  hex(d.base), s.describe())
                        .str());
    return false;
  }
  if (addr >= lo && addr + size <= hi)
    return true;
  std::string hw =
      masked ? "the hardware masks it (" + rangeRule(d, t) +
                   (s.isStore ? "): the store would be dropped"
                              : "): the load would read 0")
             : "the hardware does not mask it (" + rangeRule(d, t) + ")";
  l.wg->fault(&l, llvm::formatv("out-of-bounds buffer {0} of {1} bytes at "
                                "{2}: buffer offset {3} is outside {4}, the "
                                "memory the descriptor's base address lies "
                                "in; {5} ({6})",
                                accessName(s), size, hex(addr), off, what, hw,
                                s.describe())
                      .str());
  return false;
}

struct Access {
  Lane &lane;
  const Site &site;
  const Target &target;
  Descriptor desc;
  uint64_t offset;
  bool check;

  uint32_t siteId;

  Access(uint64_t lo, uint64_t hi, uint32_t voffset, uint32_t soffset,
         uint32_t siteId)
      : lane(*tlsLane), site(lane.wg->launch->image->sites[siteId]),
        target(*lane.wg->launch->target), desc(lo, hi),
        offset(uint64_t(voffset) + soffset),
        check(lane.wg->launch->boundsCheck), siteId(siteId) {
    if (!checkModelled(lane, desc, site, target))
      abandon(lane);
    // The schedules that switch lanes at memory accesses switch here too.
    if (lane.wg->launch->yieldAtMemory)
      suspend(lane);
  }

  /// Calls `f(pieceOffset, pieceBytes, inRange)` for each piece the
  /// hardware range-checks on its own: 4 bytes at a time for accesses
  /// wider than 4 bytes, else the whole access. The checker sees the
  /// pieces that access memory.
  template <typename F> void forEachPiece(unsigned bytes, bool isStore, F f) {
    unsigned piece = bytes > 4 ? 4 : bytes;
    for (unsigned at = 0; at < bytes; at += piece) {
      unsigned n = std::min(piece, bytes - at);
      bool masked = outOfRange(desc, target, offset + at, n);
      if (check && (!checkPiece(lane, desc, target, offset + at, n, masked,
                                site) ||
                    (!masked && !checkAccess(lane, address(at), n, siteId,
                                             isStore, /*isAtomic=*/false))))
        abandon(lane);
      f(at, n, !masked);
    }
  }
  uint8_t *address(uint64_t at) const {
    return reinterpret_cast<uint8_t *>(uintptr_t(desc.base + offset + at));
  }
};

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

double toDouble(uint64_t bits, BufferValueKind k) {
  if (k == BufferValueKind::F32)
    return bitsFloat(uint32_t(bits));
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

uint64_t fromDouble(double v, BufferValueKind k) {
  if (k == BufferValueKind::F32)
    return floatBits(float(v));
  uint64_t u;
  std::memcpy(&u, &v, 8);
  return u;
}

/// Two packed 16-bit floats added lane by lane, each sum rounded to
/// nearest even (the sum of two f16/bf16 values is exact in double).
uint32_t addPacked(uint32_t a, uint32_t b, BufferValueKind k) {
  uint32_t r = 0;
  for (unsigned h = 0; h < 2; ++h) {
    uint16_t x = uint16_t(a >> (16 * h)), y = uint16_t(b >> (16 * h));
    double s = k == BufferValueKind::F16x2
                   ? double(decodeF16(x)) + double(decodeF16(y))
                   : double(decodeBF16(x)) + double(decodeBF16(y));
    uint16_t e = k == BufferValueKind::F16x2 ? encodeF16(s) : encodeBF16(s);
    r |= uint32_t(e) << (16 * h);
  }
  return r;
}

/// The new value of an atomic read-modify-write.
template <typename U>
U combine(BufferAtomicOp op, BufferValueKind kind, U old, U v, U cmp) {
  using S = std::make_signed_t<U>;
  switch (op) {
  case BufferAtomicOp::Swap:
    return v;
  case BufferAtomicOp::CmpSwap:
    return old == cmp ? v : old;
  case BufferAtomicOp::Add:
    return old + v;
  case BufferAtomicOp::Sub:
    return old - v;
  case BufferAtomicOp::SMin:
    return U(std::min(S(old), S(v)));
  case BufferAtomicOp::UMin:
    return std::min(old, v);
  case BufferAtomicOp::SMax:
    return U(std::max(S(old), S(v)));
  case BufferAtomicOp::UMax:
    return std::max(old, v);
  case BufferAtomicOp::And:
    return old & v;
  case BufferAtomicOp::Or:
    return old | v;
  case BufferAtomicOp::Xor:
    return old ^ v;
  // BUFFER_ATOMIC_INC / DEC (the ISA's pseudocode): wrap at the operand.
  case BufferAtomicOp::Inc:
    return old >= v ? U(0) : U(old + 1);
  case BufferAtomicOp::Dec:
    return (old == 0 || old > v) ? v : U(old - 1);
  // gfx12 BUFFER_ATOMIC_COND_SUB_U32 and SUB_CLAMP_U32.
  case BufferAtomicOp::CondSubU32:
    return old >= v ? U(old - v) : old;
  case BufferAtomicOp::SubClampU32:
    return old >= v ? U(old - v) : U(0);
  case BufferAtomicOp::FAdd:
    if (kind == BufferValueKind::F16x2 || kind == BufferValueKind::BF16x2)
      return U(addPacked(uint32_t(old), uint32_t(v), kind));
    return U(fromDouble(toDouble(old, kind) + toDouble(v, kind), kind));
  case BufferAtomicOp::FMin:
  case BufferAtomicOp::FMax: {
    // IEEE minNum / maxNum: a NaN operand gives the other one.
    double a = toDouble(old, kind), b = toDouble(v, kind);
    double r = op == BufferAtomicOp::FMin ? std::fmin(a, b) : std::fmax(a, b);
    return U(fromDouble(r, kind));
  }
  case BufferAtomicOp::None:
  case BufferAtomicOp::Load:
    break;
  }
  return old;
}

template <typename U>
U rmw(U *p, BufferAtomicOp op, BufferValueKind kind, U v, U cmp) {
  // Host atomics on the kernel's memory (the __atomic builtins work on
  // plain objects; C++17 has no atomic_ref).
  if (op == BufferAtomicOp::Load)
    return __atomic_load_n(p, __ATOMIC_SEQ_CST);
  U old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(p, &old, combine(op, kind, old, v, cmp),
                                      /*weak=*/true, __ATOMIC_SEQ_CST,
                                      __ATOMIC_RELAXED))
    ;
  return old;
}

} // namespace

//===----------------------------------------------------------------------===//
// The functions the host module calls
//===----------------------------------------------------------------------===//

extern "C" {

static void emuBufferLoad(uint64_t lo, uint64_t hi, uint32_t voffset,
                          uint32_t soffset, void *dst, uint32_t site) {
  Access a(lo, hi, voffset, soffset, site);
  uint8_t *out = static_cast<uint8_t *>(dst);
  // All in range (then so is every piece) and no checker: one copy.
  if (!a.check && !outOfRange(a.desc, a.target, a.offset, a.site.imm0)) {
    copyBytes(out, a.address(0), a.site.imm0);
    return;
  }
  a.forEachPiece(a.site.imm0, /*isStore=*/false,
                 [&](unsigned at, unsigned n, bool inRange) {
    if (inRange)
      std::memcpy(out + at, a.address(at), n);
    else
      std::memset(out + at, 0, n);
  });
}

static void emuBufferStore(uint64_t lo, uint64_t hi, uint32_t voffset,
                           uint32_t soffset, const void *src, uint32_t site) {
  Access a(lo, hi, voffset, soffset, site);
  const uint8_t *in = static_cast<const uint8_t *>(src);
  if (!a.check && !outOfRange(a.desc, a.target, a.offset, a.site.imm0)) {
    copyBytes(a.address(0), in, a.site.imm0);
    return;
  }
  a.forEachPiece(a.site.imm0, /*isStore=*/true,
                 [&](unsigned at, unsigned n, bool inRange) {
    if (inRange)
      std::memcpy(a.address(at), in + at, n);
  });
}

static uint64_t emuBufferAtomic(uint64_t lo, uint64_t hi, uint32_t voffset,
                                uint32_t soffset, uint64_t value, uint64_t cmp,
                                uint32_t site) {
  Access a(lo, hi, voffset, soffset, site);
  unsigned bytes = a.site.imm0;
  bool masked = outOfRange(a.desc, a.target, a.offset, bytes);
  if (a.check &&
      !checkPiece(a.lane, a.desc, a.target, a.offset, bytes, masked, a.site))
    abandon(a.lane);
  if (masked)
    return 0;
  uint8_t *p = a.address(0);
  if (a.check && !checkAccess(a.lane, p, bytes, a.siteId, /*isStore=*/true,
                              /*isAtomic=*/true))
    abandon(a.lane);
  if (reinterpret_cast<uintptr_t>(p) % bytes != 0) {
    // The message's temporaries die at the end of this statement.
    a.lane.wg->fault(&a.lane, llvm::formatv("buffer atomic of {0} bytes at "
                                            "{1} (buffer offset {2}) is not "
                                            "aligned to its size ({3})",
                                            bytes, hex(uint64_t(uintptr_t(p))),
                                            a.offset, a.site.describe())
                                  .str());
    abandon(a.lane);
  }
  auto op = BufferAtomicOp(a.site.imm1);
  auto kind = BufferValueKind(a.site.imm2);
  if (bytes == 4)
    return rmw<uint32_t>(reinterpret_cast<uint32_t *>(p), op, kind,
                         uint32_t(value), uint32_t(cmp));
  return rmw<uint64_t>(reinterpret_cast<uint64_t *>(p), op, kind, value, cmp);
}

} // extern "C"

llvm::ArrayRef<RuntimeSymbol> runtime::getBufferSymbols() {
  static const RuntimeSymbol symbols[] = {
      {"__mcore_emu_buffer_load", reinterpret_cast<void *>(&emuBufferLoad)},
      {"__mcore_emu_buffer_store", reinterpret_cast<void *>(&emuBufferStore)},
      {"__mcore_emu_buffer_atomic",
       reinterpret_cast<void *>(&emuBufferAtomic)},
  };
  return symbols;
}
