//===- PrintfRuntime.cpp - Device printf messages, formatted on the host --===//
//
// A lane's message is a list of parts (PrintfLowering.cpp says where they
// come from): the format string first, then the arguments, each a string or
// a 64-bit word. When the lanes of a wave meet at the call that sends their
// messages, each is formatted as C's printf would format it and the wave's
// messages go to stdout together, in lane order.
//
// Argument words are read as the conversion says: d, i, u, o, x, X, c as
// integers of the length modifier's size (none: 32 bits), f, F, e, E, g, G,
// a, A as doubles, p as an address; s takes a string part, or a word that is
// the address of a NUL-terminated string. `*` widths and precisions take a
// word. A conversion without an argument prints nothing.
//
//===----------------------------------------------------------------------===//

#include "WorkGroup.h"

#include <cstdio>
#include <cstring>
#include <mutex>

using namespace mlir::mcore::emu;
using namespace mlir::mcore::emu::runtime;

namespace {

/// The handle __ockl_printf_begin returns and the appends pass on (any
/// non-zero value; the message lives with the lane).
constexpr uint64_t kMessageHandle = 2;

std::string cString(const char *p, size_t max) {
  if (!p)
    return "(null)";
  size_t n = 0;
  while (n < max && p[n])
    ++n;
  return std::string(p, n);
}

/// The arguments of a message, in order.
class Arguments {
public:
  explicit Arguments(const std::vector<PrintfPart> &parts) : parts(parts) {}
  const PrintfPart *next() { return at < parts.size() ? &parts[at++] : nullptr; }
  /// The next argument as a word (a string argument counts as 0).
  bool nextWord(uint64_t &w) {
    const PrintfPart *p = next();
    if (!p)
      return false;
    w = p->isString ? 0 : p->word;
    return true;
  }
  void skipTo(size_t i) { at = i; }

private:
  const std::vector<PrintfPart> &parts;
  size_t at = 0;
};

template <typename... T> std::string format(const std::string &spec, T... v) {
  int n = std::snprintf(nullptr, 0, spec.c_str(), v...);
  if (n <= 0)
    return "";
  std::string s(size_t(n) + 1, '\0');
  std::snprintf(s.data(), s.size(), spec.c_str(), v...);
  s.resize(size_t(n));
  return s;
}

/// Formats a message: parts[0] is the format.
std::string formatMessage(const std::vector<PrintfPart> &parts) {
  if (parts.empty() || !parts[0].isString)
    return "";
  const std::string &f = parts[0].text;
  Arguments args(parts);
  args.skipTo(1);
  std::string out;
  for (size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') {
      out += f[i];
      continue;
    }
    size_t start = i++;
    if (i < f.size() && f[i] == '%') {
      out += '%';
      continue;
    }
    std::string spec = "%";
    while (i < f.size() && std::strchr("-+ #0'", f[i]))
      spec += f[i++];
    auto number = [&]() {
      if (i < f.size() && f[i] == '*') {
        ++i;
        uint64_t w = 0;
        args.nextWord(w);
        spec += std::to_string(int32_t(w));
        return;
      }
      while (i < f.size() && f[i] >= '0' && f[i] <= '9')
        spec += f[i++];
    };
    number();
    if (i < f.size() && f[i] == '.') {
      spec += f[i++];
      number();
    }
    std::string length;
    while (i < f.size() && std::strchr("hljztLq", f[i]))
      length += f[i++];
    if (i >= f.size()) {
      out += f.substr(start);
      break;
    }
    char conv = f[i];
    unsigned bits = 32;
    if (length == "hh")
      bits = 8;
    else if (length == "h")
      bits = 16;
    else if (!length.empty())
      bits = 64;
    uint64_t w = 0;
    switch (conv) {
    case 'd':
    case 'i': {
      if (!args.nextWord(w))
        break;
      int64_t v = bits == 8    ? int64_t(int8_t(w))
                  : bits == 16 ? int64_t(int16_t(w))
                  : bits == 32 ? int64_t(int32_t(w))
                               : int64_t(w);
      out += format(spec + "lld", (long long)v);
      break;
    }
    case 'u':
    case 'o':
    case 'x':
    case 'X': {
      if (!args.nextWord(w))
        break;
      uint64_t v = bits == 64 ? w : w & ((uint64_t(1) << bits) - 1);
      out += format(spec + "ll" + conv, (unsigned long long)v);
      break;
    }
    case 'c':
      if (args.nextWord(w))
        out += format(spec + "c", int(uint8_t(w)));
      break;
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A': {
      if (!args.nextWord(w))
        break;
      double d;
      std::memcpy(&d, &w, 8);
      out += format(spec + conv, d);
      break;
    }
    case 'p':
      if (args.nextWord(w))
        out += format(spec + "p", reinterpret_cast<void *>(uintptr_t(w)));
      break;
    case 's': {
      const PrintfPart *p = args.next();
      if (!p)
        break;
      std::string text =
          p->isString ? p->text
                      : cString(reinterpret_cast<const char *>(
                                    uintptr_t(p->word)),
                                size_t(1) << 20);
      out += format(spec + "s", text.c_str());
      break;
    }
    case 'n':
      args.next();
      break;
    default:
      out += f.substr(start, i + 1 - start);
      break;
    }
  }
  return out;
}

std::mutex &outputMutex() {
  static std::mutex m;
  return m;
}

} // namespace

llvm::Error runtime::executePrintf(const Site &s, llvm::ArrayRef<Lane *> active) {
  auto piece = PrintfPiece(s.imm0);
  std::string text;
  for (Lane *l : active) {
    if (!l)
      continue;
    const auto *in = static_cast<const uint64_t *>(l->in0);
    switch (piece) {
    case PrintfPiece::String: {
      PrintfPart p;
      p.isString = true;
      p.text = cString(reinterpret_cast<const char *>(uintptr_t(in[0])),
                       size_t(in[1]));
      l->printf.push_back(std::move(p));
      break;
    }
    case PrintfPiece::Whole: {
      l->printf.clear();
      PrintfPart f;
      f.isString = true;
      uint64_t fmt;
      std::memcpy(&fmt, l->in1, 8);
      f.text = cString(reinterpret_cast<const char *>(uintptr_t(fmt)),
                       size_t(1) << 20);
      l->printf.push_back(std::move(f));
      [[fallthrough]];
    }
    case PrintfPiece::Words: {
      uint64_t n = std::min<uint64_t>(in[0], s.valueBytes / 8 - 1);
      for (uint64_t i = 0; i < n; ++i) {
        PrintfPart p;
        p.word = in[1 + i];
        l->printf.push_back(p);
      }
      break;
    }
    }
    size_t before = text.size();
    if (l->a0 != 0) {
      text += formatMessage(l->printf);
      l->printf.clear();
    }
    if (piece == PrintfPiece::Whole) {
      int32_t r = int32_t(text.size() - before);
      std::memcpy(l->out, &r, 4);
    } else {
      std::memcpy(l->out, &kMessageHandle, 8);
    }
  }
  if (!text.empty()) {
    std::lock_guard<std::mutex> lock(outputMutex());
    std::fwrite(text.data(), 1, text.size(), stdout);
    std::fflush(stdout);
  }
  return llvm::Error::success();
}

extern "C" {

static uint64_t emuPrintfBegin() {
  tlsLane->printf.clear();
  return kMessageHandle;
}

} // extern "C"

llvm::ArrayRef<RuntimeSymbol> runtime::getPrintfSymbols() {
  static const RuntimeSymbol symbols[] = {
      {"__mcore_emu_printf_begin", reinterpret_cast<void *>(&emuPrintfBegin)},
  };
  return symbols;
}
