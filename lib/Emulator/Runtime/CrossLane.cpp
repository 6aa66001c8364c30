//===- CrossLane.cpp - Cross-lane operations of a wave --------------------===//
//
// readfirstlane, readlane, writelane, ballot, ds.bpermute / ds.permute,
// ds.swizzle, DPP, DPP8, permlane16 / permlanex16 / permlane64 and
// wave.reduce, executed over the lanes of a wave that met at the site (what
// EXEC would hold). An inactive source lane reads 0.
//
//===----------------------------------------------------------------------===//

#include "WorkGroup.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cstring>
#include <vector>

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::runtime;
using llvm::Error;

/// The source lane of a DPP control, or -1 for an invalid source.
static int dppSource(uint32_t ctrl, int i, int wave) {
  int row = i & ~15;
  if (ctrl <= 0xFF) // quad_perm
    return (i & ~3) | int((ctrl >> (2 * (i & 3))) & 3);
  if (ctrl >= 0x101 && ctrl <= 0x10F) { // row_shl
    int s = i + int(ctrl & 15);
    return (s & ~15) == row ? s : -1;
  }
  if (ctrl >= 0x111 && ctrl <= 0x11F) { // row_shr
    int s = i - int(ctrl & 15);
    return s >= row ? s : -1;
  }
  if (ctrl >= 0x121 && ctrl <= 0x12F) // row_ror
    return row | ((i - int(ctrl & 15)) & 15);
  switch (ctrl) {
  case 0x130: // wave_shl1
    return i + 1 < wave ? i + 1 : -1;
  case 0x134: // wave_rol1
    return (i + 1) % wave;
  case 0x138: // wave_shr1
    return i - 1;
  case 0x13C: // wave_ror1
    return (i + wave - 1) % wave;
  case 0x140: // row_mirror
    return row | (15 - (i & 15));
  case 0x141: // row_half_mirror
    return (i & ~7) | (7 - (i & 7));
  case 0x142: // row_bcast15
    return i >= 16 ? row - 1 : -1;
  case 0x143: // row_bcast31
    return i >= 32 ? ((i & ~31) - 1) : -1;
  default:
    break;
  }
  if (ctrl >= 0x150 && ctrl <= 0x15F) // row_share
    return row | int(ctrl & 15);
  if (ctrl >= 0x160 && ctrl <= 0x16F) // row_xmask
    return row | ((i & 15) ^ int(ctrl & 15));
  return -2; // unknown control
}

Error runtime::executeCrossLane(const Site &s, llvm::ArrayRef<Lane *> active) {
  const unsigned W = unsigned(active.size());
  auto fail = [](const std::string &msg) {
    return llvm::createStringError(msg);
  };
  Lane *lead = nullptr;
  for (unsigned i = 0; i < W && !lead; ++i)
    lead = active[i];
  const unsigned vb = s.valueBytes;

  switch (s.kind) {
  case SiteKind::ReadFirstLane:
    for (Lane *l : active)
      if (l)
        std::memmove(l->out, lead->in0, vb);
    break;
  case SiteKind::ReadLane: {
    unsigned src = lead->a0 & (W - 1);
    if (!active[src])
      return fail(llvm::formatv("readlane reads lane {0}, which is not active "
                                "here (the emulator only knows the values of "
                                "the lanes at this instruction)",
                                src)
                      .str());
    std::vector<uint8_t> v(static_cast<const uint8_t *>(active[src]->in0),
                           static_cast<const uint8_t *>(active[src]->in0) + vb);
    for (Lane *l : active)
      if (l)
        std::memcpy(l->out, v.data(), vb);
    break;
  }
  case SiteKind::WriteLane: {
    unsigned dst = lead->a0 & (W - 1);
    std::vector<uint8_t> v(static_cast<const uint8_t *>(lead->in0),
                           static_cast<const uint8_t *>(lead->in0) + vb);
    for (Lane *l : active)
      if (l)
        std::memmove(l->out, l->laneInWave == dst ? v.data() : l->in1, vb);
    break;
  }
  case SiteKind::Ballot: {
    uint64_t mask = 0;
    for (unsigned i = 0; i < W; ++i)
      if (active[i] && active[i]->a0)
        mask |= uint64_t(1) << i;
    for (Lane *l : active)
      if (l)
        std::memcpy(l->out, &mask, std::min<unsigned>(vb, 8));
    break;
  }
  case SiteKind::Bpermute:
  case SiteKind::Permute:
  case SiteKind::Swizzle:
  case SiteKind::Dpp:
  case SiteKind::Dpp8:
  case SiteKind::Permlane16:
  case SiteKind::PermlaneX16:
  case SiteKind::Permlane64: {
    // Every result computed before any is written: outputs may alias inputs
    // of other lanes only through the lanes' own stacks, never, but keep the
    // two phases apart anyway.
    std::vector<uint8_t> results(size_t(W) * vb, 0);
    std::vector<bool> written(W, false);
    auto src = [&](unsigned lane) -> const uint8_t * {
      return static_cast<const uint8_t *>(active[lane]->in0);
    };
    for (unsigned i = 0; i < W; ++i) {
      Lane *l = active[i];
      if (!l)
        continue;
      uint8_t *r = &results[size_t(i) * vb];
      auto fromLane = [&](int from) {
        if (from >= 0 && unsigned(from) < W && active[from]) {
          std::memcpy(r, src(unsigned(from)), vb);
          return true;
        }
        return false;
      };
      switch (s.kind) {
      case SiteKind::Bpermute:
        fromLane(int((l->a0 >> 2) & (W - 1)));
        break;
      case SiteKind::Permute: {
        unsigned dst = (l->a0 >> 2) & (W - 1);
        if (active[dst]) {
          std::memcpy(&results[size_t(dst) * vb], l->in0, vb);
          written[dst] = true;
        }
        break;
      }
      case SiteKind::Swizzle: {
        uint32_t p = s.imm0;
        int from;
        if (p & 0x8000) // quad permute
          from = int((i & ~3u) | ((p >> (2 * (i & 3))) & 3));
        else { // bit masks within groups of 32
          uint32_t andM = p & 0x1F, orM = (p >> 5) & 0x1F,
                   xorM = (p >> 10) & 0x1F;
          from = int(((((i & 0x1F) & andM) | orM) ^ xorM) | (i & 0x20));
        }
        fromLane(from);
        break;
      }
      case SiteKind::Dpp: {
        uint32_t rowMask = s.imm1, bankMask = s.imm2;
        bool boundCtrl = s.imm3;
        const void *old = l->in1;
        bool enabled =
            ((rowMask >> (i / 16)) & 1) && ((bankMask >> ((i % 16) / 4)) & 1);
        int from = dppSource(s.imm0, int(i), int(W));
        if (from == -2)
          return fail(
              llvm::formatv("DPP control {0:x} is not emulated", s.imm0).str());
        if (!enabled || !fromLane(from)) {
          if (enabled && boundCtrl)
            std::memset(r, 0, vb);
          else if (old)
            std::memcpy(r, old, vb);
          else
            std::memset(r, 0, vb);
        }
        break;
      }
      case SiteKind::Dpp8: {
        int from = int((i & ~7u) | ((s.imm0 >> (3 * (i & 7))) & 7));
        fromLane(from);
        break;
      }
      case SiteKind::Permlane16:
      case SiteKind::PermlaneX16: {
        uint64_t sel = (uint64_t(lead->a1) << 32) | lead->a0;
        unsigned nib = unsigned((sel >> (4 * (i & 15))) & 15);
        unsigned row = i & ~15u;
        if (s.kind == SiteKind::PermlaneX16)
          row ^= 16;
        if (!fromLane(int(row | nib))) {
          if (s.imm1) // bound_ctrl
            std::memset(r, 0, vb);
          else
            std::memcpy(r, l->in1, vb);
        }
        break;
      }
      case SiteKind::Permlane64:
        fromLane(int(i ^ 32));
        break;
      default:
        break;
      }
    }
    for (unsigned i = 0; i < W; ++i)
      if (active[i])
        std::memcpy(active[i]->out, &results[size_t(i) * vb], vb);
    break;
  }
  case SiteKind::WaveReduce: {
    auto value = [&](Lane *l) {
      uint64_t v = 0;
      std::memcpy(&v, l->in0, std::min<unsigned>(vb, 8));
      return v;
    };
    unsigned bits = vb * 8;
    auto sext = [&](uint64_t v) {
      return bits >= 64 ? int64_t(v) : int64_t(v << (64 - bits)) >> (64 - bits);
    };
    auto op = WaveReduceOp(s.imm0);
    uint64_t acc = 0;
    bool first = true;
    for (Lane *l : active) {
      if (!l)
        continue;
      uint64_t v = value(l);
      if (first) {
        acc = op == WaveReduceOp::Sub ? uint64_t(0) - v : v;
        first = false;
        continue;
      }
      switch (op) {
      case WaveReduceOp::UMin:
        acc = std::min(acc, v);
        break;
      case WaveReduceOp::UMax:
        acc = std::max(acc, v);
        break;
      case WaveReduceOp::Min:
        acc = sext(acc) < sext(v) ? acc : v;
        break;
      case WaveReduceOp::Max:
        acc = sext(acc) > sext(v) ? acc : v;
        break;
      case WaveReduceOp::Add:
        acc += v;
        break;
      case WaveReduceOp::Sub:
        acc -= v;
        break;
      case WaveReduceOp::And:
        acc &= v;
        break;
      case WaveReduceOp::Or:
        acc |= v;
        break;
      case WaveReduceOp::Xor:
        acc ^= v;
        break;
      }
    }
    for (Lane *l : active)
      if (l)
        std::memcpy(l->out, &acc, std::min<unsigned>(vb, 8));
    break;
  }
  case SiteKind::Printf:
    return executePrintf(s, active);
  default:
    return fail("internal error: not a wave-wide operation");
  }
  return Error::success();
}
