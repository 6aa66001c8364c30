//===- Isa.cpp - Reading AMDGPU kernel assembly ---------------------------===//

#include "mcore/Perf/Isa.h"

#include "AsmParser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <set>

using namespace llvm;
using namespace mlir::mcore;
using namespace mlir::mcore::perf;

std::string IsaLine::text() const {
  return operands.empty() ? mnemonic : mnemonic + " " + operands;
}

std::string KernelIsa::getId() const {
  return object.empty() ? name : "@" + object + "::" + name;
}

static Error errorAt(unsigned lineNo, const Twine &message) {
  return createStringError(inconvertibleErrorCode(),
                           "line " + Twine(lineNo) + ": " + message);
}

namespace {
/// One assembly text, with where it came from.
struct AsmObject {
  std::string object; ///< gpu.binary symbol, or empty
  std::string text;
};
} // namespace

/// Decodes an MLIR string attribute's body starting at text[i] (just after
/// the opening quote); i ends on the closing quote.
static std::string unescapeMlirString(StringRef text, size_t &i) {
  std::string out;
  while (i < text.size() && text[i] != '"') {
    if (text[i] == '\\' && i + 1 < text.size()) {
      char c = text[i + 1];
      if (c == '\\' || c == '"') {
        out.push_back(c);
        i += 2;
        continue;
      }
      if (c == 'n') {
        out.push_back('\n');
        i += 2;
        continue;
      }
      if (c == 't') {
        out.push_back('\t');
        i += 2;
        continue;
      }
      unsigned value;
      if (i + 2 < text.size() && !text.substr(i + 1, 2).getAsInteger(16, value)) {
        out.push_back(char(value));
        i += 3;
        continue;
      }
    }
    out.push_back(text[i++]);
  }
  return out;
}

/// The assembly of every gpu.binary object, or the whole input when it has
/// none.
static std::vector<AsmObject> extractAssembly(StringRef text) {
  std::vector<AsmObject> result;
  size_t pos = 0;
  while ((pos = text.find("gpu.binary", pos)) != StringRef::npos) {
    size_t at = text.find('@', pos);
    if (at == StringRef::npos)
      break;
    size_t nameEnd = at + 1;
    while (nameEnd < text.size() &&
           (isAlnum(text[nameEnd]) || StringRef("_.$-").contains(text[nameEnd])))
      ++nameEnd;
    std::string object = text.slice(at + 1, nameEnd).str();
    size_t next = text.find("gpu.binary", nameEnd);
    size_t asmPos = text.find("assembly = \"", nameEnd);
    if (asmPos != StringRef::npos && asmPos < next) {
      size_t i = asmPos + strlen("assembly = \"");
      result.push_back({object, unescapeMlirString(text, i)});
    }
    pos = nameEnd;
  }
  if (result.empty() && !text.contains("gpu.binary"))
    result.push_back({"", text.str()});
  return result;
}

/// gpu.launch_func sizes whose operands are constants of the enclosing
/// function: kernel symbol ("object::kernel") -> (grid, block).
static std::map<std::string, std::pair<std::array<int64_t, 3>,
                                       std::array<int64_t, 3>>>
findLaunchSizes(StringRef text) {
  std::map<std::string,
           std::pair<std::array<int64_t, 3>, std::array<int64_t, 3>>>
      result;
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  StringMap<int64_t> constants;
  auto parseTriple = [&](StringRef s,
                         std::array<int64_t, 3> &out) -> bool {
    // "(%2, %2, %0)"
    s = s.trim();
    if (!s.consume_front("(") || !s.consume_back(")"))
      return false;
    SmallVector<StringRef> parts;
    s.split(parts, ',');
    if (parts.size() != 3)
      return false;
    for (auto [i, part] : llvm::enumerate(parts)) {
      auto it = constants.find(part.trim());
      if (it == constants.end())
        return false;
      out[i] = it->second;
    }
    return true;
  };
  for (StringRef line : lines) {
    StringRef l = line.trim();
    if (l.contains("func @") && (l.starts_with("llvm.func") ||
                                 l.starts_with("func.func")))
      constants.clear();
    // %2 = llvm.mlir.constant(32 : index) : i64, %c1 = arith.constant 1 : index
    if (l.starts_with("%") && l.contains(" = ")) {
      auto [lhs, rhs] = l.split(" = ");
      int64_t value;
      StringRef r = rhs;
      if (r.consume_front("llvm.mlir.constant(")) {
        StringRef number = r.take_until([](char c) { return c == ' ' || c == ')'; });
        if (!number.getAsInteger(10, value))
          constants[lhs.trim()] = value;
      } else if (r.consume_front("arith.constant ")) {
        StringRef number = r.take_until([](char c) { return c == ' ' || c == ':'; });
        if (!number.getAsInteger(10, value))
          constants[lhs.trim()] = value;
      }
    }
    size_t launch = l.find("gpu.launch_func");
    if (launch == StringRef::npos)
      continue;
    StringRef rest = l.substr(launch + strlen("gpu.launch_func")).trim();
    StringRef symbol = rest.take_until([](char c) { return c == ' '; });
    symbol.consume_front("@");
    std::string key = symbol.str();
    // "@a::@b" -> "a::b"
    size_t sep = key.find("::@");
    if (sep != std::string::npos)
      key.erase(sep + 2, 1);
    size_t blocks = rest.find("blocks in ");
    size_t threads = rest.find("threads in ");
    if (blocks == StringRef::npos || threads == StringRef::npos)
      continue;
    StringRef gridText = rest.substr(blocks + strlen("blocks in "));
    gridText = gridText.take_until([](char c) { return c == ')'; });
    StringRef blockText = rest.substr(threads + strlen("threads in "));
    blockText = blockText.take_until([](char c) { return c == ')'; });
    std::array<int64_t, 3> grid, block;
    if (parseTriple(gridText.str() + ")", grid) &&
        parseTriple(blockText.str() + ")", block))
      result[key] = {grid, block};
  }
  return result;
}

/// The text with its comments blanked out, line for line: `;` and `//` to
/// the end of the line (LLVM's and Tensile's), and `/* ... */` over any
/// number of lines. Newlines stay, so line numbers do not move; a comment
/// marker inside a "string" is not one.
static std::string blankComments(StringRef text) {
  std::string out = text.str();
  bool inBlock = false, inString = false;
  for (size_t i = 0; i < out.size(); ++i) {
    char c = out[i];
    if (inBlock) {
      if (c == '*' && i + 1 < out.size() && out[i + 1] == '/') {
        out[i] = out[i + 1] = ' ';
        ++i;
        inBlock = false;
      } else if (c != '\n') {
        out[i] = ' ';
      }
      continue;
    }
    if (c == '\n') {
      inString = false;
      continue;
    }
    if (inString) {
      if (c == '\\' && i + 1 < out.size())
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"') {
      inString = true;
    } else if (c == '/' && i + 1 < out.size() && out[i + 1] == '*') {
      out[i] = out[i + 1] = ' ';
      ++i;
      inBlock = true;
    } else if (c == ';' ||
               (c == '/' && i + 1 < out.size() && out[i + 1] == '/')) {
      while (i < out.size() && out[i] != '\n')
        out[i++] = ' ';
      --i;
    }
  }
  return out;
}

static bool isLabelChar(char c) {
  return isAlnum(c) || c == '_' || c == '.' || c == '$';
}

/// "NAME:" -> NAME, else empty.
static StringRef asLabel(StringRef line) {
  if (!line.ends_with(":"))
    return {};
  StringRef name = line.drop_back();
  if (name.empty() || !llvm::all_of(name, isLabelChar))
    return {};
  return name;
}

/// Adds the metadata of every kernel of the YAML to out[name].
static void readMetadata(StringRef yaml, unsigned firstLine,
                         std::map<std::string, KernelResources> &out,
                         Error &err) {
  msgpack::Document doc;
  if (!doc.fromYAML(yaml)) {
    err = errorAt(firstLine, "cannot parse the amdgpu_metadata YAML");
    return;
  }
  if (doc.getRoot().getKind() != msgpack::Type::Map)
    return;
  auto &root = doc.getRoot().getMap();
  auto kernelsIt = root.find(doc.getNode("amdhsa.kernels"));
  if (kernelsIt == root.end() ||
      kernelsIt->second.getKind() != msgpack::Type::Array)
    return;
  for (msgpack::DocNode &entry : kernelsIt->second.getArray()) {
    if (entry.getKind() != msgpack::Type::Map)
      continue;
    auto &map = entry.getMap();
    auto get = [&](StringRef key) -> std::optional<unsigned> {
      auto it = map.find(doc.getNode(key));
      if (it == map.end())
        return std::nullopt;
      msgpack::DocNode &n = it->second;
      switch (n.getKind()) {
      case msgpack::Type::UInt:
        return unsigned(n.getUInt());
      case msgpack::Type::Int:
        return unsigned(n.getInt());
      case msgpack::Type::String: {
        unsigned v;
        if (!StringRef(n.getString()).trim().getAsInteger(0, v))
          return v;
        return std::nullopt;
      }
      default:
        return std::nullopt;
      }
    };
    auto nameIt = map.find(doc.getNode(".name"));
    if (nameIt == map.end() || nameIt->second.getKind() != msgpack::Type::String)
      continue;
    std::string name = nameIt->second.getString().str();
    KernelResources &r = out[name];
    r.vgprCount = get(".vgpr_count");
    r.agprCount = get(".agpr_count");
    r.sgprCount = get(".sgpr_count");
    r.vgprSpillCount = get(".vgpr_spill_count");
    r.sgprSpillCount = get(".sgpr_spill_count");
    r.groupSegmentFixedSize = get(".group_segment_fixed_size");
    r.privateSegmentFixedSize = get(".private_segment_fixed_size");
    r.wavefrontSize = get(".wavefront_size");
    r.maxFlatWorkgroupSize = get(".max_flat_workgroup_size");
  }
}

/// The bodies of the kernels of `text` as LLVM's assembler for `chip` reads
/// them (AmdgpuMC::assemble): symbols, expressions and macros resolved, each
/// instruction in LLVM's syntax. Fills `kernels` (by name, in order of
/// appearance); false when LLVM's MC layer is not available.
static bool readBodiesWithAssembler(StringRef text, Chip chip,
                                    const AsmObject &obj,
                                    const std::string &target,
                                    std::vector<KernelIsa> &kernels,
                                    std::vector<std::string> &errors) {
  Expected<std::unique_ptr<AmdgpuMC>> mc = AmdgpuMC::create(chip);
  if (!mc) {
    consumeError(mc.takeError());
    return false;
  }
  AmdgpuMC::Assembled assembled = (*mc)->assemble(text);
  errors = std::move(assembled.errors);
  StringSet<> functions;
  for (const std::string &f : assembled.functions)
    functions.insert(f);
  kernels.clear();
  KernelIsa *current = nullptr;
  for (AmdgpuMC::Statement &st : assembled.statements) {
    if (!st.label.empty()) {
      if (functions.contains(st.label)) {
        kernels.emplace_back();
        current = &kernels.back();
        current->object = obj.object;
        current->name = st.label;
        current->target = target;
        continue;
      }
      if (StringRef(st.label).starts_with(".Lfunc_end")) {
        current = nullptr;
        continue;
      }
    }
    if (!current)
      continue;
    IsaLine entry;
    entry.label = std::move(st.label);
    entry.mnemonic = std::move(st.mnemonic);
    entry.operands = std::move(st.operands);
    entry.lineNo = st.lineNo;
    current->body.push_back(std::move(entry));
  }
  return true;
}

/// The chip of an `.amdgcn_target` string ("amdgcn-amd-amdhsa--gfx942:...").
static std::optional<Chip> chipOfTarget(StringRef target) {
  size_t gfx = target.find("gfx");
  if (gfx == StringRef::npos)
    return std::nullopt;
  return parseChip(
      target.substr(gfx).take_while([](char c) { return isAlnum(c); }));
}

/// The kernels of one assembly text.
static Expected<std::vector<KernelIsa>>
readAssembly(const AsmObject &obj, std::optional<Chip> chipOverride) {
  std::string clean = blankComments(obj.text);
  SmallVector<StringRef> lines, rawLines;
  StringRef(clean).split(lines, '\n');
  StringRef(obj.text).split(rawLines, '\n');

  std::string target;
  StringSet<> functions;
  for (StringRef line : lines) {
    StringRef l = line.trim();
    if (l.consume_front(".amdgcn_target")) {
      target = l.trim().trim('"').str();
    } else if (l.consume_front(".type")) {
      auto [name, kind] = l.split(',');
      if (kind.trim() == "@function")
        functions.insert(name.trim());
    }
  }

  std::vector<KernelIsa> kernels;
  // Descriptor and metadata fields of each kernel, by name.
  std::map<std::string, KernelResources> resources;
  std::set<std::string> descriptors; // kernels with an .amdhsa_kernel block
  KernelIsa *current = nullptr;
  KernelResources *descriptor = nullptr;
  bool inMetadata = false;
  std::string yaml;
  unsigned yamlLine = 0;
  for (auto [index, line] : llvm::enumerate(lines)) {
    unsigned lineNo = index + 1;
    if (inMetadata) {
      if (line.trim() == ".end_amdgpu_metadata") {
        inMetadata = false;
        Error err = Error::success();
        readMetadata(yaml, yamlLine, resources, err);
        if (err)
          return std::move(err);
        continue;
      }
      // The YAML as written: its own comments are YAML's business.
      yaml += rawLines[index].str();
      yaml += '\n';
      continue;
    }
    StringRef l = line.trim();
    if (l.empty())
      continue;
    if (l == ".amdgpu_metadata") {
      inMetadata = true;
      yaml.clear();
      yamlLine = lineNo + 1;
      continue;
    }
    if (l.consume_front(".amdhsa_kernel")) {
      descriptors.insert(l.trim().str());
      descriptor = &resources[l.trim().str()];
      continue;
    }
    if (l == ".end_amdhsa_kernel") {
      descriptor = nullptr;
      continue;
    }
    if (descriptor) {
      if (!l.consume_front(".amdhsa_"))
        continue;
      auto [key, valueText] = l.split(' ');
      static const StringSet<> read = {
          "next_free_vgpr",   "next_free_sgpr",
          "accum_offset",     "group_segment_fixed_size",
          "private_segment_fixed_size", "wavefront_size32",
          "workgroup_processor_mode",   "reserve_vcc",
          "reserve_xnack_mask",         "reserve_flat_scratch"};
      if (!read.contains(key))
        continue;
      unsigned value;
      if (valueText.trim().getAsInteger(0, value))
        return errorAt(lineNo, formatv("cannot read the kernel descriptor's "
                                       "`.amdhsa_{0}`: '{1}' is not a number",
                                       key, valueText.trim()));
      KernelResources &d = *descriptor;
      if (key == "next_free_vgpr")
        d.nextFreeVgpr = value;
      else if (key == "next_free_sgpr")
        d.nextFreeSgpr = value;
      else if (key == "accum_offset")
        d.accumOffset = value;
      else if (key == "group_segment_fixed_size")
        d.groupSegmentSize = value;
      else if (key == "private_segment_fixed_size")
        d.privateSegmentSize = value;
      else if (key == "wavefront_size32")
        d.wave32 = value != 0;
      else if (key == "workgroup_processor_mode")
        d.wgpMode = value != 0;
      else if (key == "reserve_vcc")
        d.reserveVcc = value != 0;
      else if (key == "reserve_xnack_mask")
        d.reserveXnackMask = value != 0;
      else if (key == "reserve_flat_scratch")
        d.reserveFlatScratch = value != 0;
      continue;
    }
    if (StringRef label = asLabel(l); !label.empty()) {
      if (functions.contains(label)) {
        kernels.emplace_back();
        current = &kernels.back();
        current->object = obj.object;
        current->name = label.str();
        current->target = target;
        continue;
      }
      if (label.starts_with(".Lfunc_end")) {
        current = nullptr;
        continue;
      }
      if (current) {
        IsaLine entry;
        entry.label = label.str();
        entry.lineNo = lineNo;
        current->body.push_back(std::move(entry));
      }
      continue;
    }
    if (!current || l.starts_with("."))
      continue;
    IsaLine entry;
    // Mnemonics are separated from operands by blanks or a tab.
    size_t blank = l.find_first_of(" \t");
    entry.mnemonic = (blank == StringRef::npos ? l : l.take_front(blank)).str();
    entry.operands =
        blank == StringRef::npos ? "" : l.drop_front(blank).trim().str();
    entry.lineNo = lineNo;
    current->body.push_back(std::move(entry));
  }
  if (inMetadata)
    return errorAt(yamlLine, ".amdgpu_metadata has no .end_amdgpu_metadata");

  std::optional<Chip> chip = chipOverride ? chipOverride : chipOfTarget(target);
  // With a chip, LLVM's assembler reads the bodies: what the lines above
  // read is only right for LLVM's own output (no symbols, macros or
  // expressions in operands).
  std::vector<std::string> asmErrors;
  if (chip) {
    std::vector<KernelIsa> assembled;
    if (readBodiesWithAssembler(obj.text, *chip, obj, target, assembled,
                                asmErrors))
      kernels = std::move(assembled);
  }
  for (KernelIsa &k : kernels) {
    k.chip = chip;
    k.hasDescriptor = descriptors.count(k.name) != 0;
    k.assemblerErrors = asmErrors;
    auto it = resources.find(k.name);
    if (it != resources.end())
      k.resources = it->second;
  }
  return kernels;
}

Expected<std::vector<KernelIsa>>
mlir::mcore::perf::readIsa(StringRef text, std::optional<Chip> chip) {
  std::vector<AsmObject> objects = extractAssembly(text);
  if (objects.empty())
    return createStringError(inconvertibleErrorCode(),
                             "the input has gpu.binary ops but no "
                             "`assembly = \"...\"` object (compile with "
                             "format=isa)");
  auto launches = findLaunchSizes(text);
  std::vector<KernelIsa> all;
  for (const AsmObject &obj : objects) {
    Expected<std::vector<KernelIsa>> kernels = readAssembly(obj, chip);
    if (!kernels)
      return kernels.takeError();
    for (KernelIsa &k : *kernels) {
      auto it = launches.find(k.object + "::" + k.name);
      if (it != launches.end()) {
        k.grid = it->second.first;
        k.block = it->second.second;
      }
      all.push_back(std::move(k));
    }
  }
  if (all.empty())
    return createStringError(inconvertibleErrorCode(),
                             "no kernel found (no `.type NAME,@function` "
                             "symbol with a body)");
  return all;
}

bool mlir::mcore::perf::isMatrixMnemonic(StringRef m) {
  return m.starts_with("v_mfma") || m.starts_with("v_smfmac") ||
         m.starts_with("v_wmma") || m.starts_with("v_swmmac");
}

/// Lower-case letters and digits only: "mfmaf3232x32x8f16".
static std::string squash(StringRef s) {
  std::string out;
  for (char c : s)
    if (isAlnum(c))
      out.push_back(toLower(c));
  return out;
}

/// The value of the modifier `name:N` in an instruction's operands, or 0.
static int getModifier(StringRef operands, StringRef name) {
  SmallVector<StringRef> words;
  operands.split(words, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef w : words) {
    int v;
    if (w.consume_front(name) && w.consume_front(":") && !w.getAsInteger(10, v))
      return v;
  }
  return 0;
}

/// The format code of gfx1250's matrix_a_fmt / matrix_b_fmt field, as llc
/// prints it (matrix_b_fmt:MATRIX_FMT_FP6; absent for fp8, code 0).
static int getMatrixFormat(StringRef operands, StringRef name) {
  SmallVector<StringRef> words;
  operands.split(words, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef w : words)
    if (w.consume_front(name) && w.consume_front(":MATRIX_FMT_"))
      return llvm::StringSwitch<int>(w)
          .Case("FP8", 0)
          .Case("BF8", 1)
          .Case("FP6", 2)
          .Case("BF6", 3)
          .Case("FP4", 4)
          .Default(-1);
  return 0;
}

const IntrinsicInfo *mlir::mcore::perf::lookupMatrixInstruction(StringRef mnemonic,
                                                                Chip chip,
                                                                StringRef operands) {
  StringRef m = mnemonic;
  m.consume_front("v_");
  m.consume_back("_e64");
  // gfx940 spells a multi-block instruction with its block count
  // (v_mfma_f32_32x32x1_2b_f32 for mfma.f32.32x32x1f32); the intrinsic
  // names do not.
  SmallVector<StringRef> parts;
  m.split(parts, '_');
  std::string joined;
  for (StringRef part : parts) {
    if (part.size() >= 2 && part.back() == 'b' &&
        llvm::all_of(part.drop_back(), isDigit))
      continue;
    joined += part;
  }
  std::string key = squash(joined);
  // gfx950's v_mfma_scale_*_f8f6f4 is one mnemonic for 25 catalog entries:
  // its cbsz / blgp fields give the formats (getMxFormatCode); gfx1250's
  // v_wmma{,_scale,_scale16}_f32_16x16x128_f8f6f4 likewise, with its
  // matrix_a_fmt / matrix_b_fmt fields.
  auto isFormatPair = [&](const IntrinsicInfo &info) {
    if (!info.hasFormatOperands())
      return true;
    if (info.hasModifier(ModMatrixFmt))
      return getMxFormatCode(info.a.kind) ==
                 getMatrixFormat(operands, "matrix_a_fmt") &&
             getMxFormatCode(info.b.kind) ==
                 getMatrixFormat(operands, "matrix_b_fmt");
    return getMxFormatCode(info.a.kind) == getModifier(operands, "cbsz") &&
           getMxFormatCode(info.b.kind) == getModifier(operands, "blgp");
  };
  // An exact match first: gfx90a has both mfma.f32.32x32x4bf16 and
  // mfma.f32.32x32x4bf16.1k, spelled v_mfma_f32_32x32x4bf16 and
  // v_mfma_f32_32x32x4bf16_1k.
  auto find = [&](bool dropped1k) -> const IntrinsicInfo * {
    for (const IntrinsicInfo &info : getAllIntrinsics()) {
      if (!info.isAvailableOn(chip) || !isFormatPair(info))
        continue;
      StringRef name = info.llvmName;
      name.consume_front("llvm.amdgcn.");
      std::string candidate = squash(name);
      // gfx940 renamed v_mfma_*_bf16_1k to v_mfma_*_bf16.
      if (!dropped1k ? candidate == key
                     : StringRef(candidate).ends_with("1k") &&
                           StringRef(candidate).drop_back(2) == key)
        return &info;
    }
    return nullptr;
  };
  if (const IntrinsicInfo *info = find(/*dropped1k=*/false))
    return info;
  return find(/*dropped1k=*/true);
}
