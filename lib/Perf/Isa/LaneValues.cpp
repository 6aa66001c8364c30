//===- LaneValues.cpp - A kernel's integer code, lane by lane -------------===//
//
// Evaluates the integer VALU and SALU instructions of a kernel for the
// lanes of one wave, to learn the addresses of its LDS accesses
// (LdsAccess.h). Only what address arithmetic uses is understood (moves,
// adds, shifts, logic, 24- and 32-bit multiplies, bit-field extracts,
// mbcnt); every other instruction makes the registers it writes unknown,
// and so does anything that reads an unknown value. The code runs once in
// layout order with every lane active; branches are not followed.
//
//===----------------------------------------------------------------------===//

#include "LdsAccess.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <map>

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

namespace {

enum class File : uint8_t { V, S, A, Special, Imm, None };

/// One operand: a register range or an immediate.
struct RegOperand {
  File file = File::None;
  unsigned first = 0, count = 0; ///< register range
  std::string special;           ///< "vcc", "exec", "m0", "scc", ...
  std::optional<uint64_t> imm;
};

/// A value of one 32-bit register: unknown, or one value per lane.
using Lanes = std::optional<std::vector<uint32_t>>;

RegOperand parseOperand(StringRef text) {
  RegOperand op;
  text = text.trim();
  auto range = [&](File file, StringRef rest) {
    op.file = file;
    unsigned a = 0, b = 0;
    if (rest.consume_front("[")) {
      auto [lo, hi] = rest.rtrim(']').split(':');
      if (lo.getAsInteger(10, a) || hi.getAsInteger(10, b) || b < a) {
        op.file = File::None;
        return;
      }
      op.first = a;
      op.count = b - a + 1;
      return;
    }
    if (rest.getAsInteger(10, a)) {
      op.file = File::None;
      return;
    }
    op.first = a;
    op.count = 1;
  };
  if (text.size() > 1 && (text[0] == 'v' || text[0] == 's' || text[0] == 'a') &&
      (isDigit(text[1]) || text[1] == '[')) {
    range(text[0] == 'v' ? File::V : text[0] == 's' ? File::S : File::A,
          text.drop_front());
    return op;
  }
  if (text == "vcc" || text == "vcc_lo" || text == "vcc_hi" ||
      text == "exec" || text == "exec_lo" || text == "exec_hi" ||
      text == "m0" || text == "scc" || text == "null" || text == "off") {
    op.file = File::Special;
    op.special = text.str();
    return op;
  }
  int64_t value;
  if (!text.getAsInteger(0, value)) {
    op.file = File::Imm;
    op.imm = uint64_t(value);
    return op;
  }
  uint64_t uvalue;
  if (!text.getAsInteger(0, uvalue)) {
    op.file = File::Imm;
    op.imm = uvalue;
    return op;
  }
  op.file = File::None; // a float constant, a symbol, ...
  return op;
}

/// Operands split at top-level commas; the modifiers that follow the last
/// one ("offset:16", "offset0:4 offset1:6", "op_sel:[0,1]") go apart.
void splitOperands(StringRef text, SmallVectorImpl<RegOperand> &ops,
                   SmallVectorImpl<StringRef> &modifiers) {
  SmallVector<StringRef> pieces;
  unsigned depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '[')
      ++depth;
    else if (c == ']' && depth)
      --depth;
    else if (c == ',' && !depth) {
      pieces.push_back(text.slice(start, i));
      start = i + 1;
    }
  }
  pieces.push_back(text.drop_front(start));
  for (auto [i, piece] : llvm::enumerate(pieces)) {
    SmallVector<StringRef> words;
    piece.trim().split(words, ' ', -1, false);
    if (words.empty())
      continue;
    // Only the last piece carries modifiers; a piece that starts with one
    // ("op_sel:[0,1]") is a modifier too.
    unsigned w = 0;
    if (!words[0].contains(':') || words[0].starts_with("v[") ||
        words[0].starts_with("s[") || words[0].starts_with("a[")) {
      ops.push_back(parseOperand(words[0]));
      w = 1;
    }
    for (; w < words.size(); ++w)
      modifiers.push_back(words[w]);
    (void)i;
  }
}

/// The register files of one wave.
class Wave {
public:
  Wave(unsigned waveSize, unsigned wave) : lanes(waveSize) {
    vgprs.assign(512, std::nullopt);
    sgprs.assign(128, std::nullopt);
    std::vector<uint32_t> tid(lanes);
    for (unsigned l = 0; l < lanes; ++l)
      tid[l] = wave * lanes + l;
    // v0 holds the work-item id (x; y and z are 0 in mcore's 1-D
    // work-groups, which is also what gfx90a+'s packed ids hold then).
    vgprs[0] = tid;
    specials["exec"] = specials["exec_lo"] = std::nullopt;
  }

  /// The lanes of 32-bit part `part` of an operand.
  Lanes read(const RegOperand &op, unsigned part = 0) const {
    switch (op.file) {
    case File::V:
      if (part >= op.count || op.first + part >= vgprs.size())
        return std::nullopt;
      return vgprs[op.first + part];
    case File::S: {
      if (part >= op.count || op.first + part >= sgprs.size())
        return std::nullopt;
      std::optional<uint32_t> s = sgprs[op.first + part];
      if (!s)
        return std::nullopt;
      return std::vector<uint32_t>(lanes, *s);
    }
    case File::Imm:
      if (part > 1)
        return std::nullopt;
      return std::vector<uint32_t>(
          lanes, uint32_t(part ? *op.imm >> 32
                               : *op.imm & 0xffffffffu));
    case File::Special: {
      auto it = specials.find(op.special + (part ? "#1" : ""));
      if (it == specials.end() || !it->second)
        return std::nullopt;
      return std::vector<uint32_t>(lanes, *it->second);
    }
    default:
      return std::nullopt;
    }
  }

  std::optional<uint32_t> readScalar(const RegOperand &op,
                                     unsigned part = 0) const {
    Lanes l = read(op, part);
    if (!l)
      return std::nullopt;
    for (uint32_t v : *l)
      if (v != (*l)[0])
        return std::nullopt;
    return (*l)[0];
  }

  void write(const RegOperand &op, unsigned part, Lanes value) {
    switch (op.file) {
    case File::V:
      if (op.first + part < vgprs.size())
        vgprs[op.first + part] = std::move(value);
      return;
    case File::S: {
      if (op.first + part >= sgprs.size())
        return;
      std::optional<uint32_t> s;
      if (value && llvm::all_equal(*value))
        s = (*value)[0];
      sgprs[op.first + part] = s;
      return;
    }
    case File::Special: {
      std::optional<uint32_t> s;
      if (value && llvm::all_equal(*value))
        s = (*value)[0];
      specials[op.special + (part ? "#1" : "")] = s;
      return;
    }
    default:
      return;
    }
  }

  void clobber(const RegOperand &op) {
    unsigned n = op.file == File::Special ? 2 : op.count;
    for (unsigned p = 0; p < n; ++p)
      write(op, p, std::nullopt);
  }
  void clobberSpecial(StringRef name) {
    specials[name.str()] = std::nullopt;
    specials[name.str() + "#1"] = std::nullopt;
  }

  unsigned lanes;

private:
  std::vector<Lanes> vgprs;
  std::vector<std::optional<uint32_t>> sgprs;
  std::map<std::string, std::optional<uint32_t>> specials;
};

using Fn3 = std::function<uint32_t(uint32_t, uint32_t, uint32_t, unsigned)>;

/// Lane-wise a op b op c; unknown when an input is.
Lanes apply(const Wave &w, ArrayRef<Lanes> in, const Fn3 &fn) {
  for (const Lanes &l : in)
    if (!l)
      return std::nullopt;
  std::vector<uint32_t> out(w.lanes);
  for (unsigned l = 0; l < w.lanes; ++l)
    out[l] = fn(in.size() > 0 ? (*in[0])[l] : 0,
                in.size() > 1 ? (*in[1])[l] : 0,
                in.size() > 2 ? (*in[2])[l] : 0, l);
  return out;
}

uint32_t mask(unsigned bits) {
  return bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
}

/// The base name of a mnemonic: without the _e32/_e64/_dpp/_sdwa encoding.
StringRef baseName(StringRef m) {
  for (StringRef suffix : {"_e32", "_e64", "_dpp", "_sdwa", "_e64_dpp"})
    if (m.consume_back(suffix))
      break;
  return m;
}

/// The 32-bit lane-wise function of a VALU or SALU mnemonic of three
/// sources at most; nullptr when not understood.
const Fn3 *getFunction(StringRef m) {
  static const std::map<std::string, Fn3, std::less<>> table = {
      {"mov_b32", [](uint32_t a, uint32_t, uint32_t, unsigned) { return a; }},
      {"movk_i32",
       [](uint32_t a, uint32_t, uint32_t, unsigned) {
         return uint32_t(int32_t(int16_t(a & 0xffff)));
       }},
      {"add_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a + b; }},
      {"add_i32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a + b; }},
      {"add_nc_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a + b; }},
      {"add_co_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a + b; }},
      {"add_co_i32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a + b; }},
      {"sub_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a - b; }},
      {"sub_i32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a - b; }},
      {"sub_nc_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a - b; }},
      {"sub_co_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a - b; }},
      {"subrev_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return b - a; }},
      {"subrev_nc_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return b - a; }},
      {"subrev_co_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return b - a; }},
      {"and_b32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a & b; }},
      {"or_b32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a | b; }},
      {"xor_b32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a ^ b; }},
      {"andn2_b32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a & ~b; }},
      {"and_not1_b32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a & ~b; }},
      {"not_b32", [](uint32_t a, uint32_t, uint32_t, unsigned) { return ~a; }},
      {"min_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return std::min(a, b); }},
      {"max_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return std::max(a, b); }},
      // VALU shifts take the shift amount first ("rev").
      {"lshlrev_b32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return b << (a & 31); }},
      {"lshrrev_b32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return b >> (a & 31); }},
      {"ashrrev_i32",
       [](uint32_t a, uint32_t b, uint32_t, unsigned) {
         return uint32_t(int32_t(b) >> (a & 31));
       }},
      // SALU shifts take it second.
      {"lshl_b32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a << (b & 31); }},
      {"lshr_b32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a >> (b & 31); }},
      {"ashr_i32",
       [](uint32_t a, uint32_t b, uint32_t, unsigned) {
         return uint32_t(int32_t(a) >> (b & 31));
       }},
      {"lshl1_add_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return (a << 1) + b; }},
      {"lshl2_add_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return (a << 2) + b; }},
      {"lshl3_add_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return (a << 3) + b; }},
      {"lshl4_add_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return (a << 4) + b; }},
      {"lshl_add_u32", [](uint32_t a, uint32_t b, uint32_t c, unsigned) { return (a << (b & 31)) + c; }},
      {"add_lshl_u32", [](uint32_t a, uint32_t b, uint32_t c, unsigned) { return (a + b) << (c & 31); }},
      {"lshl_or_b32", [](uint32_t a, uint32_t b, uint32_t c, unsigned) { return (a << (b & 31)) | c; }},
      {"and_or_b32", [](uint32_t a, uint32_t b, uint32_t c, unsigned) { return (a & b) | c; }},
      {"or3_b32", [](uint32_t a, uint32_t b, uint32_t c, unsigned) { return a | b | c; }},
      {"xor3_b32", [](uint32_t a, uint32_t b, uint32_t c, unsigned) { return a ^ b ^ c; }},
      {"add3_u32", [](uint32_t a, uint32_t b, uint32_t c, unsigned) { return a + b + c; }},
      {"xad_u32", [](uint32_t a, uint32_t b, uint32_t c, unsigned) { return (a ^ b) + c; }},
      {"mul_u32_u24",
       [](uint32_t a, uint32_t b, uint32_t, unsigned) {
         return (a & 0xffffff) * (b & 0xffffff);
       }},
      {"mad_u32_u24",
       [](uint32_t a, uint32_t b, uint32_t c, unsigned) {
         return (a & 0xffffff) * (b & 0xffffff) + c;
       }},
      {"mul_lo_u32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a * b; }},
      {"mul_i32", [](uint32_t a, uint32_t b, uint32_t, unsigned) { return a * b; }},
      {"bfe_u32",
       [](uint32_t a, uint32_t b, uint32_t c, unsigned) {
         return (a >> (b & 31)) & mask(c & 31);
       }},
      {"bfe_i32",
       [](uint32_t a, uint32_t b, uint32_t c, unsigned) {
         unsigned width = c & 31, offset = b & 31;
         if (!width)
           return 0u;
         uint32_t field = (a >> offset) & mask(width);
         return uint32_t(llvm::SignExtend32(field, width));
       }},
      {"bfi_b32", [](uint32_t a, uint32_t b, uint32_t c, unsigned) { return (a & b) | (~a & c); }},
      // v_mbcnt_lo: the lanes below this one among the mask's low 32, plus
      // src1; v_mbcnt_hi: among the high 32.
      {"mbcnt_lo_u32_b32",
       [](uint32_t a, uint32_t b, uint32_t, unsigned lane) {
         uint32_t below = lane >= 32 ? 0xffffffffu : mask(lane);
         return uint32_t(llvm::popcount(a & below)) + b;
       }},
      {"mbcnt_hi_u32_b32",
       [](uint32_t a, uint32_t b, uint32_t, unsigned lane) {
         uint32_t below = lane < 32 ? 0 : mask(lane - 32);
         return uint32_t(llvm::popcount(a & below)) + b;
       }},
  };
  auto it = table.find(m);
  return it == table.end() ? nullptr : &it->second;
}

/// Whether a modifier changes what an instruction computes (DPP, SDWA,
/// op_sel, clamp, ...); LDS offsets and cache bits do not.
bool isHarmless(StringRef modifier) {
  return modifier.starts_with("offset") || modifier == "gds" ||
         modifier == "off" || modifier.starts_with("sc") ||
         modifier == "nt" || modifier == "glc" || modifier == "slc" ||
         modifier == "dlc" || modifier.starts_with("th:") ||
         modifier.starts_with("scope:");
}

bool writesNothing(StringRef m) {
  return m.starts_with("s_waitcnt") || m.starts_with("s_wait_") ||
         m.starts_with("s_barrier") || m.starts_with("s_cbranch") ||
         m == "s_branch" || m == "s_endpgm" || m == "s_nop" ||
         m.starts_with("s_sched") || m == "s_setprio" ||
         m.starts_with("s_delay") || m == "s_clause" ||
         m.starts_with("s_set_inst") || m.starts_with("s_sleep") ||
         m.starts_with("s_dcache") || m.starts_with("s_icache") ||
         m == "s_sendmsg" || m.starts_with("buffer_wbl2") ||
         m.starts_with("buffer_inv") || m.starts_with("global_inv") ||
         m.starts_with("global_wb");
}

bool isStore(StringRef m) {
  return (m.starts_with("ds_write") || m.starts_with("ds_store") ||
          m.starts_with("global_store") || m.starts_with("buffer_store") ||
          m.starts_with("scratch_store") || m.starts_with("flat_store") ||
          m.starts_with("global_load_lds") ||
          (m.starts_with("buffer_load") && m.contains("lds"))) &&
         !m.contains("rtn");
}

/// One instruction, `m` with `operands`: reads `in`, writes `w` (the same
/// wave but for the second half of a VOPD pair, which reads the registers
/// as they were before the pair).
void execute(Wave &w, const Wave &in, StringRef m, StringRef operands) {
  if (writesNothing(m) || isStore(m))
    return;
  SmallVector<RegOperand> ops;
  SmallVector<StringRef> modifiers;
  splitOperands(operands, ops, modifiers);
  if (ops.empty())
    return;
  bool salu = m.starts_with("s_");
  bool valu = m.starts_with("v_");
  // v_cmp_<op>_{u32,i32}: a lane mask in VCC (e32) or an SGPR pair (e64),
  // bit l for lane l.
  if (m.starts_with("v_cmp_") && !m.starts_with("v_cmpx") &&
      ops.size() == 3 && llvm::all_of(modifiers, isHarmless)) {
    StringRef name = baseName(m).drop_front(strlen("v_cmp_"));
    auto [op, type] = name.split('_');
    bool isSigned = type == "i32";
    Lanes a = in.read(ops[1]), b = in.read(ops[2]);
    std::optional<uint64_t> bits;
    if (a && b && (type == "u32" || isSigned)) {
      bits = 0;
      for (unsigned l = 0; l < w.lanes; ++l) {
        uint32_t x = (*a)[l], y = (*b)[l];
        int64_t sx = isSigned ? int64_t(int32_t(x)) : int64_t(x);
        int64_t sy = isSigned ? int64_t(int32_t(y)) : int64_t(y);
        bool r = op == "eq"   ? sx == sy
                 : op == "ne" || op == "lg" ? sx != sy
                 : op == "lt" ? sx < sy
                 : op == "le" ? sx <= sy
                 : op == "gt" ? sx > sy
                 : op == "ge" ? sx >= sy
                              : false;
        if (op != "eq" && op != "ne" && op != "lg" && op != "lt" &&
            op != "le" && op != "gt" && op != "ge") {
          bits.reset();
          break;
        }
        if (r)
          *bits |= uint64_t(1) << l;
      }
    }
    RegOperand dst = ops[0];
    auto value = [&](unsigned part) -> Lanes {
      if (!bits)
        return std::nullopt;
      return std::vector<uint32_t>(w.lanes,
                                   uint32_t(part ? *bits >> 32 : *bits));
    };
    w.write(dst, 0, value(0));
    w.write(dst, 1, value(1));
    return;
  }
  // v_cndmask_b32 d, a, b, mask: lane l takes b where bit l of the mask is
  // set.
  if (baseName(m) == "v_cndmask_b32" && ops.size() >= 3 &&
      llvm::all_of(modifiers, isHarmless)) {
    RegOperand maskOp;
    maskOp.file = File::Special;
    maskOp.special = "vcc";
    if (ops.size() == 4)
      maskOp = ops[3];
    Lanes a = in.read(ops[1]), b = in.read(ops[2]);
    Lanes lo = in.read(maskOp, 0), hi = in.read(maskOp, 1);
    if (w.lanes <= 32 && !hi && lo)
      hi = std::vector<uint32_t>(w.lanes, 0);
    Lanes out;
    if (a && b && lo && hi) {
      out = std::vector<uint32_t>(w.lanes);
      for (unsigned l = 0; l < w.lanes; ++l) {
        uint32_t word = l < 32 ? (*lo)[l] : (*hi)[l];
        (*out)[l] = (word >> (l % 32)) & 1 ? (*b)[l] : (*a)[l];
      }
    }
    w.write(ops[0], 0, out);
    return;
  }
  // Other comparisons write only flags.
  if (m.starts_with("v_cmp") || m.starts_with("s_cmp") ||
      m.starts_with("s_bitcmp")) {
    w.clobberSpecial("vcc");
    w.clobberSpecial("scc");
    if (m.starts_with("v_cmpx"))
      w.clobberSpecial("exec");
    if (ops[0].file == File::S)
      w.clobber(ops[0]);
    return;
  }
  if (salu)
    w.clobberSpecial("scc");
  if (m.contains("_co_") || m.contains("addc") || m.contains("subb"))
    w.clobberSpecial("vcc");

  bool understood = (salu || valu) && llvm::all_of(modifiers, isHarmless);
  StringRef name = baseName(m).drop_front(2);
  RegOperand dst = ops[0];
  SmallVector<RegOperand> srcs(ops.begin() + 1, ops.end());
  // VOP3b carry-out: v_add_co_u32 v1, vcc, v2, v3 / v1, s[2:3], v2, v3.
  if (valu && m.contains("_co_") && !srcs.empty() &&
      (srcs[0].file == File::S || srcs[0].file == File::Special) &&
      srcs.size() == 3) {
    w.clobber(srcs[0]);
    srcs.erase(srcs.begin());
  }

  if (understood) {
    // 64-bit forms the address code uses.
    if (name == "mov_b64" && srcs.size() == 1) {
      w.write(dst, 0, in.read(srcs[0], 0));
      w.write(dst, 1, in.read(srcs[0], 1));
      return;
    }
    if (name == "readfirstlane_b32" && srcs.size() == 1) {
      Lanes v = in.read(srcs[0]);
      w.write(dst, 0, v ? Lanes(std::vector<uint32_t>(w.lanes, (*v)[0]))
                        : std::nullopt);
      return;
    }
    if (name == "bfe_u32" && salu && srcs.size() == 2) {
      // s_bfe_u32: offset in src1[4:0], width in src1[22:16].
      Lanes a = in.read(srcs[0]), b = in.read(srcs[1]);
      w.write(dst, 0, apply(in, {a, b}, [](uint32_t x, uint32_t f, uint32_t,
                                          unsigned) {
                return (x >> (f & 31)) & mask((f >> 16) & 0x7f);
              }));
      return;
    }
    if (name == "cselect_b32" && srcs.size() == 2) {
      w.write(dst, 0, std::nullopt); // SCC is not tracked
      return;
    }
    if (const Fn3 *fn = getFunction(name)) {
      if (dst.count <= 1 && srcs.size() >= 1 && srcs.size() <= 3 &&
          llvm::all_of(srcs, [](const RegOperand &o) { return o.count <= 1; })) {
        SmallVector<Lanes> values;
        for (const RegOperand &s : srcs)
          values.push_back(in.read(s));
        w.write(dst, 0, apply(in, values, *fn));
        return;
      }
    }
  }
  // Not understood: whatever it writes is unknown.
  w.clobber(dst);
  if (m.starts_with("v_readlane") || m.starts_with("v_readfirstlane"))
    return;
}

/// One line: a VOPD pair (gfx11+: "v_dual_mov_b32 v1, 0 :: v_dual_and_b32
/// v2, 7, v0") runs as two instructions that both read the old registers.
void execute(Wave &w, const IsaLine &line) {
  StringRef m = line.mnemonic;
  if (!m.starts_with("v_dual_")) {
    execute(w, w, m, line.operands);
    return;
  }
  auto [x, y] = StringRef(line.operands).split("::");
  y = y.trim();
  auto [yMnemonic, yOperands] = y.split(' ');
  std::string xName = "v_" + m.drop_front(strlen("v_dual_")).str();
  std::string yName =
      "v_" + yMnemonic.drop_front(std::min<size_t>(yMnemonic.size(),
                                                   strlen("v_dual_")))
                 .str();
  Wave before = w;
  execute(w, before, xName, x);
  execute(w, before, yName, yOperands);
}

} // namespace

std::vector<std::optional<std::vector<std::vector<uint32_t>>>>
mlir::mcore::perf::evaluateLdsAddresses(const KernelIsa &kernel,
                                        unsigned waveSize, unsigned wave) {
  std::vector<std::optional<std::vector<std::vector<uint32_t>>>> result(
      kernel.body.size());
  Wave w(waveSize, wave);
  for (auto [i, line] : llvm::enumerate(kernel.body)) {
    if (!line.isInstruction())
      continue;
    if (std::optional<LdsShape> shape = getLdsShape(line.mnemonic);
        shape && !shape->laneContiguous) {
      SmallVector<RegOperand> ops;
      SmallVector<StringRef> modifiers;
      splitOperands(line.operands, ops, modifiers);
      // Loads: vdst, vaddr; stores: vaddr, data...; ds_bpermute: vdst,
      // vaddr, data.
      bool hasDst = !shape->write;
      unsigned addrIndex = hasDst ? 1 : 0;
      Lanes addr = ops.size() > addrIndex ? w.read(ops[addrIndex])
                                          : Lanes(std::nullopt);
      if (addr) {
        int64_t offset = 0, offset0 = 0, offset1 = 0;
        for (StringRef mod : modifiers) {
          auto [key, value] = mod.split(':');
          int64_t v = 0;
          if (value.getAsInteger(0, v))
            continue;
          if (key == "offset")
            offset = v;
          else if (key == "offset0")
            offset0 = v;
          else if (key == "offset1")
            offset1 = v;
        }
        std::vector<std::vector<uint32_t>> slots;
        for (unsigned s = 0; s < shape->addresses; ++s) {
          int64_t off = shape->addresses == 1
                            ? offset
                            : (s ? offset1 : offset0) * shape->offsetScale;
          std::vector<uint32_t> lanes(*addr);
          for (uint32_t &a : lanes)
            a = uint32_t(int64_t(a) + off);
          slots.push_back(std::move(lanes));
        }
        result[i] = std::move(slots);
      }
    }
    execute(w, line);
  }
  return result;
}
