//===- mcore-layout.cpp - The matrix-intrinsic layout explorer ------------===//
//
//   mcore-layout --list [--chip=CHIP] [--format=text|json|markdown]
//   mcore-layout NAME [--operand=A|B|C|index|D] [--format=text|json|svg|html]
//                     [--view=registers|matrix]
//
// Everything it prints or draws comes from mcore's intrinsic catalog
// (pictures: LayoutPicture.cpp).
//
//===----------------------------------------------------------------------===//

#include "LayoutPicture.h"

#include "mcore/Support/FileIO.h"
#include "mcore/Support/Version.h"
#include "mcore/Target/Catalog.h"
#include "mcore/Target/Describe.h"
#include "mcore/Target/Packing.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <map>

using namespace llvm;
using namespace mlir::mcore;

namespace {

enum class Format { Text, Json, Markdown, Svg, Html };
enum class View { Registers, Matrix };

cl::OptionCategory category("mcore-layout options");

cl::opt<std::string> intrinsicName(cl::Positional,
                                   cl::desc("<intrinsic name>"),
                                   cl::cat(category));
cl::opt<bool> list("list", cl::desc("List the intrinsics of the catalog"),
                   cl::cat(category));
cl::opt<std::string> chipOpt("chip",
                             cl::desc("With --list: only this chip's "
                                      "intrinsics"),
                             cl::value_desc("gfx..."), cl::cat(category));
cl::opt<Format> outputFormat(
    "format", cl::desc("Output format"), cl::init(Format::Text),
    cl::values(clEnumValN(Format::Text, "text", "tables for people"),
               clEnumValN(Format::Json, "json", "JSON for programs"),
               clEnumValN(Format::Markdown, "markdown",
                          "with --list: docs/Intrinsics.md"),
               clEnumValN(Format::Svg, "svg",
                          "a picture of the layouts (see --view)"),
               clEnumValN(Format::Html, "html",
                          "the picture in a web page, cells with "
                          "tooltips")),
    cl::cat(category));
cl::opt<std::string> operandOpt("operand",
                                cl::desc("Only this operand: A, B, C, index, "
                                         "or D where it differs from C"),
                                cl::value_desc("A|B|C|index"),
                                cl::cat(category));
cl::opt<View> view("view", cl::desc("Layout view (text and pictures)"),
                   cl::init(View::Registers),
                   cl::values(clEnumValN(View::Registers, "registers",
                                         "one row per lane, one column per "
                                         "register field"),
                              clEnumValN(View::Matrix, "matrix",
                                         "the tile, each cell naming the "
                                         "lane and register bits holding it")),
                   cl::cat(category));

/// With --format=json, an error is also a JSON object on stdout:
/// {"error": "MESSAGE", "status": "error"}.
void printJsonError(const std::string &message) {
  outs() << json::Value(json::Object{{"status", "error"}, {"error", message}})
         << "\n";
}

int fail(const Twine &message) {
  WithColor::error(errs(), "mcore-layout") << message << "\n";
  if (outputFormat == Format::Json)
    printJsonError(message.str());
  return 1;
}

std::string typeName(ScalarKind kind) { return getScalarKindName(kind).str(); }
/// C's type, and D's after "->" where it differs (gfx1250's bf16f32).
std::string cdTypeName(const IntrinsicInfo &info) {
  if (!info.hasDistinctD())
    return typeName(info.c.kind);
  return typeName(info.c.kind) + "->" + typeName(info.d.kind);
}

/// "MxNxK", and " (B blocks)" for a multi-block MFMA.
std::string shapeName(const IntrinsicInfo &info) {
  std::string s = formatv("{0}x{1}x{2}", info.m, info.n, info.k).str();
  if (info.blocks > 1)
    s += formatv(" ({0} blocks)", unsigned(info.blocks)).str();
  return s;
}

std::vector<std::string> chipNames(const IntrinsicInfo &info) {
  std::vector<std::string> names;
  for (const ChipInfo &chip : getAllChips())
    if (info.isAvailableOn(chip.chip))
      names.push_back(chip.name);
  return names;
}

//===----------------------------------------------------------------------===//
// --list
//===----------------------------------------------------------------------===//

int printList(std::optional<Chip> chip) {
  std::vector<const IntrinsicInfo *> entries;
  for (const IntrinsicInfo &info : getAllIntrinsics())
    if (!chip || info.isAvailableOn(*chip))
      entries.push_back(&info);

  if (outputFormat == Format::Json) {
    json::Array array;
    for (const IntrinsicInfo *info : entries)
      array.push_back(describeIntrinsic(*info));
    outs() << formatv("{0:2}", json::Value(std::move(array))) << "\n";
    return 0;
  }
  if (outputFormat == Format::Markdown) {
    outs() << "# Matrix intrinsics\n\n"
              "<!-- Generated by `mcore-layout --list --format=markdown` "
              "from mcore's catalog (lib/Target/IntrinsicTable*.cpp); do not "
              "edit. -->\n\n"
              "Every matrix instruction mcore targets, per chip. Names are "
              "the HIP builtins without `__builtin_amdgcn_`. K is the dense "
              "K (a sparse A holds K/2 per row). A multi-block MFMA computes "
              "several independent M x N x K products at once (CDNA's 4x4 "
              "and some f32, f16, bf16 and i8 shapes); mcore's kernels use "
              "the one-block shapes. *ops* counts 2 x M x N x K (times the "
              "blocks) per instruction, *cycles* its issue cycles on the chip, from "
              "the throughput tables of AMD's HIP builtin documentation "
              "([Layouts.md](Layouts.md#where-amds-builtin-pages-are-wrong) "
              "names the pages), AMD's matrix instruction calculator and "
              "LLVM 22's scheduling model. `mcore-layout NAME` shows an "
              "instruction's register layouts.\n";
    for (const ChipInfo &c : getAllChips()) {
      if (chip && c.chip != *chip)
        continue;
      outs() << formatv("\n## {0}: {1}\n\nWave size {2}; fp8 encoding: "
                        "{3}.\n\n",
                        c.name, c.marketing, c.waveSize,
                        getFp8FormatName(c.fp8));
      outs() << "| intrinsic | family | M x N x K | A | B | C | ops | cycles "
                "| ops/cycle |\n|---|---|---|---|---|---|---|---|---|\n";
      for (const IntrinsicInfo *info : getIntrinsicsFor(c.chip))
        outs() << formatv("| `{0}` | {1} | {2} | {3} | {4} | {5} | "
                          "{6} | {7} | {8} |\n",
                          info->name, getMmaFamilyName(info->family),
                          shapeName(*info), typeName(info->a.kind),
                          typeName(info->b.kind), cdTypeName(*info), info->ops,
                          info->getCycles(c.chip),
                          unsigned(info->getOpsPerCycle(c.chip)));
    }
    return 0;
  }
  // Each entry's layout source, as a number into the list of sources that
  // follows the table (the sources are long, and shared by many entries).
  std::vector<StringRef> sources;
  auto sourceNumber = [&](const IntrinsicInfo &info) {
    auto it = llvm::find(sources, StringRef(info.layoutSource));
    if (it != sources.end())
      return unsigned(it - sources.begin()) + 1;
    sources.push_back(info.layoutSource);
    return unsigned(sources.size());
  };
  outs() << formatv("{0,-38} {1,-6} {2,-18} {3,-5} {4,-5} {5,-5} {6,-40} "
                    "{7}\n",
                    "name", "family", "MxNxK", "A", "B", "C", "chips",
                    "source");
  for (const IntrinsicInfo *info : entries)
    outs() << formatv("{0,-38} {1,-6} {2,-18} {3,-5} {4,-5} {5,-5} {6,-40} "
                      "[{7}]\n",
                      info->name, getMmaFamilyName(info->family),
                      shapeName(*info), typeName(info->a.kind),
                      typeName(info->b.kind), cdTypeName(*info),
                      join(chipNames(*info), ","), sourceNumber(*info));
  outs() << "\nLayout sources (docs/Layouts.md):\n";
  for (unsigned i = 0; i < sources.size(); ++i)
    outs() << formatv("[{0}] {1}\n", i + 1, sources[i]);
  return 0;
}

//===----------------------------------------------------------------------===//
// NAME
//===----------------------------------------------------------------------===//

std::string describeOperand(const IntrinsicInfo &info, Operand operand) {
  auto [rows, cols] = getTileShape(info, operand);
  if (operand == Operand::Index)
    return formatv("index: {0}x{1} in-group positions (2-bit fields of an "
                   "{4}, {2} set(s) of {3} bits; set 0 shown)",
                   rows, cols, unsigned(info.index.numSets),
                   unsigned(info.index.bitsPerSet), info.index.llvm.str())
        .str();
  const FragmentInfo &f = info.getFragment(operand);
  bool compressed = operand == Operand::A && info.isSparse();
  return formatv("{0}: {1}x{2}{3} {4}, {5} per lane as {6}{7}",
                 getOperandName(operand), rows, cols,
                 compressed ? " compressed" : "", typeName(f.kind), f.count,
                 f.llvm.str(),
                 f.layout.getReplication() > 1
                     ? formatv(", each element in {0} lanes",
                               f.layout.getReplication())
                           .str()
                     : std::string())
      .str();
}

void printRegisters(const IntrinsicInfo &info, Operand operand) {
  std::vector<LayoutCell> cells = getLayoutCells(info, operand);
  char name = operand == Operand::A   ? 'A'
              : operand == Operand::B ? 'B'
              : operand == Operand::C ? 'C'
              : operand == Operand::D ? 'D'
                                      : 'I';
  // Columns: the register fields of one lane, in order.
  std::vector<std::pair<unsigned, unsigned>> fields;
  std::map<std::tuple<unsigned, unsigned, unsigned>, std::string> text;
  unsigned width = 6;
  for (const LayoutCell &c : cells) {
    if (c.lane == 0)
      fields.push_back({c.vgpr, c.bitLo});
    std::string s = formatv("{0}[{1}][{2}]", name, c.d0, c.d1).str();
    width = std::max<unsigned>(width, s.size());
    text[{c.lane, c.vgpr, c.bitLo}] = s;
  }
  unsigned bits = cells.front().bits;
  outs() << formatv("{0,-6}", "lane");
  for (auto [vgpr, lo] : fields) {
    std::string head =
        operand == Operand::Index
            ? formatv("[{0}:{1}]", lo + bits - 1, lo).str()
            : formatv("v{0}[{1}:{2}]", vgpr, lo + bits - 1, lo).str();
    width = std::max<unsigned>(width, head.size());
  }
  for (auto [vgpr, lo] : fields) {
    std::string head =
        operand == Operand::Index
            ? formatv("[{0}:{1}]", lo + bits - 1, lo).str()
            : formatv("v{0}[{1}:{2}]", vgpr, lo + bits - 1, lo).str();
    outs() << " " << left_justify(head, width);
  }
  outs() << "\n";
  for (unsigned lane = 0; lane < info.waveSize; ++lane) {
    outs() << formatv("{0,-6}", lane);
    for (auto [vgpr, lo] : fields)
      outs() << " " << left_justify(text[{lane, vgpr, lo}], width);
    outs() << "\n";
  }
}

void printMatrix(const IntrinsicInfo &info, Operand operand) {
  auto [rows, cols] = getTileShape(info, operand);
  std::map<std::pair<unsigned, unsigned>, std::string> text;
  unsigned width = 4;
  for (const LayoutCell &c : getLayoutCells(info, operand)) {
    std::string &s = text[{c.d0, c.d1}];
    std::string here =
        operand == Operand::Index
            ? formatv("{0}:[{1}:{2}]", c.lane, c.bitLo + 1, c.bitLo).str()
            : formatv("{0}:v{1}[{2}]", c.lane, c.vgpr, c.bitLo).str();
    s = s.empty() ? here : s + "," + here;
    width = std::max<unsigned>(width, s.size());
  }
  auto [n0, n1] = getCoordNames(operand);
  outs() << formatv("{0}\\{1}", n0, n1);
  for (unsigned j = 0; j < cols; ++j)
    outs() << " " << left_justify(std::to_string(j), width);
  outs() << "\n";
  for (unsigned i = 0; i < rows; ++i) {
    outs() << left_justify(std::to_string(i),
                           std::strlen(n0) + std::strlen(n1) + 1);
    for (unsigned j = 0; j < cols; ++j)
      outs() << " " << left_justify(text[{i, j}], width);
    outs() << "\n";
  }
}

int printLayout(const IntrinsicInfo &info, std::optional<Operand> only) {
  std::vector<Operand> operands = {Operand::A, Operand::B, Operand::C};
  if (info.isSparse())
    operands.push_back(Operand::Index);
  if (info.hasDistinctD())
    operands.push_back(Operand::D);
  if (only)
    operands = {*only};

  if (outputFormat == Format::Json) {
    outs() << formatv("{0:2}", json::Value(describeLayout(info, only)))
           << "\n";
    return 0;
  }
  std::vector<std::string> title = {
      formatv("{0}: {1} {2}x{3}x{4}, wave{5}, {6}", info.name,
              getMmaFamilyName(info.family), info.m, info.n, info.k,
              info.waveSize, join(chipNames(info), ", "))
          .str(),
      formatv("LLVM: {0}; {1} ops", info.llvmName, info.ops).str(),
      formatv("layout: {0}", info.layoutSource).str()};
  if (outputFormat == Format::Svg || outputFormat == Format::Html) {
    std::vector<PicturePanel> panels;
    for (Operand op : operands)
      panels.push_back({op, describeOperand(info, op)});
    PictureView pictureView =
        view == View::Registers ? PictureView::Registers : PictureView::Matrix;
    if (outputFormat == Format::Svg)
      printLayoutSvg(outs(), info, title, panels, pictureView,
                     /*tooltips=*/false);
    else
      printLayoutHtml(outs(), info, title, panels, pictureView);
    return 0;
  }
  outs() << title[0] << "\n";
  for (size_t i = 1; i < title.size(); ++i)
    outs() << "  " << title[i] << "\n";
  for (Operand op : operands) {
    outs() << "\n" << describeOperand(info, op) << "\n";
    if (view == View::Registers)
      printRegisters(info, op);
    else
      printMatrix(info, op);
  }
  return 0;
}

} // namespace

static int run(int argc, char **argv) {
  InitLLVM init(argc, argv);
  setVersionPrinter("mcore-layout");
  // LLVM's own options (linked in through libLLVM.so) are not this tool's.
  cl::HideUnrelatedOptions(category);
  bool jsonRequested = llvm::any_of(
      ArrayRef<char *>(argv, argc).drop_front(), [](const char *arg) {
        return StringRef(arg) == "--format=json" ||
               StringRef(arg) == "-format=json";
      });
  std::string usageErrors;
  raw_string_ostream usageStream(usageErrors);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "mcore-layout: the register layouts of AMD matrix intrinsics\n\n"
          "  mcore-layout --list [--chip=CHIP] [--format=text|json|markdown]\n"
          "  mcore-layout NAME [--operand=A|B|C|index|D] "
          "[--format=text|json|svg|html] [--view=registers|matrix]\n",
          &usageStream)) {
    errs() << usageErrors;
    if (jsonRequested)
      printJsonError(StringRef(usageErrors).trim().str());
    return 1;
  }

  std::optional<Chip> chip;
  if (!chipOpt.empty()) {
    chip = parseChip(chipOpt);
    if (!chip)
      return fail("unknown chip '" + chipOpt +
                  "'; supported chips: " + getSupportedChipList());
  }
  if (list) {
    if (!intrinsicName.empty())
      return fail("--list takes no intrinsic name");
    if (outputFormat == Format::Svg || outputFormat == Format::Html)
      return fail("--format=svg and html draw one intrinsic's layouts; "
                  "--list prints text, json or markdown");
    return printList(chip);
  }
  if (intrinsicName.empty())
    return fail("name an intrinsic, or use --list (see --help)");
  if (outputFormat == Format::Markdown)
    return fail("--format=markdown goes with --list");

  const IntrinsicInfo *info = lookupIntrinsic(intrinsicName);
  if (!info) {
    std::string message = "unknown intrinsic '" + intrinsicName + "'";
    std::vector<StringRef> near = suggestIntrinsics(intrinsicName);
    if (!near.empty())
      message += "; did you mean " + join(near, ", ") + "?";
    else
      message += "; mcore-layout --list shows them all";
    return fail(message);
  }
  std::optional<Operand> only;
  if (!operandOpt.empty()) {
    for (Operand op :
         {Operand::A, Operand::B, Operand::C, Operand::Index, Operand::D})
      if (StringRef(operandOpt).equals_insensitive(getOperandName(op)))
        only = op;
    if (!only)
      return fail("unknown operand '" + operandOpt +
                  "'; use A, B, C, index or D");
    if (*only == Operand::Index && !info->isSparse())
      return fail(Twine(info->name) + " is dense: it has no sparse index");
    if (*only == Operand::D && !info->hasDistinctD())
      return fail(Twine(info->name) + " writes D in C's layout and type; "
                                      "use --operand=C");
  }
  if (chip && !info->isAvailableOn(*chip))
    return fail(Twine(info->name) + " needs " + info->chips.describe() +
                "; --chip is " + getChipName(*chip));
  return printLayout(*info, only);
}

int main(int argc, char **argv) {
  // A full disk or a closed stdout is an error, not a success with lost
  // output (mcore/Support/FileIO.h).
  return mlir::mcore::finishStandardOutput("mcore-layout", run(argc, argv));
}
